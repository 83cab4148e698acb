//! The published counts of docs/perft.md that run in a moment: the engine must keep giving them.

use mgn::notation::{BoardSize, GameKind, Header, Side, Span, Spanned};
use mgn::perft::{count_part, divide, perft, perft_layers, perft_with, reach, split, Part, Table};
use mgn::rules::{game_def, with_rules, RulesExt, WithRules};

struct Perft(u32);

impl WithRules for Perft {
    type Output = u64;
    fn run<R: RulesExt>(self, rules: &R) -> u64 {
        perft(rules, &rules.start(Side::B), self.0).expect("decided within the lap budget")
    }
}

fn count(game: GameKind, board: Option<(u32, u32)>, preset: Option<&str>, depth: u32) -> u64 {
    let mut header = Header::new(game);
    header.board =
        board.map(|(rows, columns)| Spanned::new(BoardSize { rows, columns }, Span::default()));
    header.preset = preset.map(|p| Spanned::new(p.to_string(), Span::default()));
    with_rules(&header, Perft(depth)).unwrap()
}

#[test]
fn dakon_counts() {
    assert_eq!(count(GameKind::Dakon, None, None, 1), 1_373);
    assert_eq!(count(GameKind::Dakon, None, None, 3), 937_259);
    assert_eq!(
        count(GameKind::Dakon, None, Some("catalan-clockwise"), 3),
        937_259
    );
    assert_eq!(
        count(GameKind::Dakon, None, Some("catalan-neighbours"), 3),
        209_420
    );
}

#[test]
fn mraw_imrujen_counts() {
    assert_eq!(count(GameKind::MrawImrujen, None, None, 8), 120_174);
    assert_eq!(
        count(GameKind::MrawImrujen, None, Some("catalan-always-feed"), 10),
        36_945
    );
    // Round 1 ends at 0-0 by repetition from depth 6 on: one-round ends the game there, the
    // default plays round 2 (mraw-imrujen.game.end).
    assert_eq!(
        count(GameKind::MrawImrujen, None, Some("one-round"), 7),
        30_374
    );
    assert_eq!(count(GameKind::MrawImrujen, None, None, 7), 30_379);
}

#[test]
fn nchuwa_counts() {
    assert_eq!(count(GameKind::Nchuwa, Some((4, 6)), None, 3), 67_170);
    assert_eq!(count(GameKind::Nchuwa, Some((4, 9)), None, 2), 49_347);
    assert_eq!(count(GameKind::Nchuwa, Some((4, 15)), None, 1), 925);
    assert_eq!(
        count(GameKind::Nchuwa, Some((4, 6)), Some("sanderson"), 4),
        456_688
    );
    // The opening step by step (nchuwa.opening.order=interleaved): 8 transfers each, then
    // removals of 9, 9, 8 and 8 occupied holes, then B's first moves (docs/perft.md).
    assert_eq!(
        count(GameKind::Nchuwa, Some((4, 6)), Some("ludii"), 7),
        2_322_432
    );
}

#[test]
fn dong_wo_counts() {
    assert_eq!(
        count(GameKind::DongWo, None, Some("mancala-world"), 1),
        2_204
    );
    // dong-wo.muzi.meeting=mover-chooses: each of the first ply's three meetings is two
    // decisions (docs/perft.md).
    assert_eq!(count(GameKind::DongWo, None, Some("catalan"), 1), 2_207);
}

/// Counts every way at every depth up to `depth`: depth first without a table, with a table
/// large enough to keep everything and with one of a few buckets (entries replaced all the
/// time), ply by ply forward, and cut into parts (merged, and each part's state reached again
/// by its line, as the command line's threads count them) with and without a divide. The
/// table and the parts never change a count.
///
/// The tables keep every count (`keeping(1, 0)`), not only those the command line keeps (200
/// sequences or more, which these small counts hardly have), so that every node is looked up
/// and every count below it stored, but where the rules count the last ply themselves
/// (`RulesExt::whole_turns`). Gives the counts, and the
/// large table's lookups and finds while the parts of a divide cut once below the root were
/// counted: the count before stored their counts.
struct EveryWay(u32);

impl WithRules for EveryWay {
    type Output = (Vec<u64>, (u64, u64));
    fn run<R: RulesExt>(self, rules: &R) -> Self::Output {
        let start = rules.start(Side::B);
        let mut large = Table::with_bytes(64 << 20).keeping(1, 0);
        let mut by_parts_lookups = (0, 0);
        let counts = (1..=self.0)
            .map(|depth| {
                let plain = perft(rules, &start, depth).expect("decided");
                let mut tiny = Table::with_bytes(1 << 10).keeping(1, 0);
                assert_eq!(perft_with(rules, &start, depth, &mut large), Ok(plain));
                // The root's count is kept, and found again whole: one lookup, found; unless
                // the rules count the last ply themselves, which the table is not asked.
                let (lookups, found) = large.lookups();
                assert_eq!(perft_with(rules, &start, depth, &mut large), Ok(plain));
                let asked = u64::from(
                    depth > 1 || rules.whole_turns(&start, &mut Default::default()).is_none(),
                );
                assert_eq!(
                    large.lookups(),
                    (lookups + asked, found + asked),
                    "the root is kept"
                );
                assert_eq!(perft_with(rules, &start, depth, &mut tiny), Ok(plain));
                assert_eq!(perft_layers(rules, &start, depth), Ok(plain), "layers");
                let of_part = |p: &Part<R::State>, table: &mut Table<R::State>| {
                    let state = reach(rules, &start, &p.line).expect("decided");
                    assert_eq!(state, p.state, "a part's line leads to its state");
                    count_part(rules, p, &state, Some(table)).expect("decided")
                };
                let parts = split(rules, &start, depth, 40, false).expect("decided");
                let by_parts: u64 = parts.iter().map(|p| of_part(p, &mut tiny)).sum();
                assert_eq!(by_parts, plain, "parts");
                let divided = divide(rules, &start, depth).expect("decided");
                let divided: Vec<u64> = divided.iter().map(|(_, n)| *n).collect();
                let mut by_first = vec![0; divided.len()];
                for p in split(rules, &start, depth, 40, true).expect("decided") {
                    by_first[p.first] += of_part(&p, &mut tiny);
                }
                assert_eq!(by_first, divided, "divide by parts");
                // Cut once below the root, the parts are counts the large table kept.
                let mut by_first = vec![0; divided.len()];
                let (lookups, found) = large.lookups();
                for p in split(rules, &start, depth, divided.len(), true).expect("decided") {
                    by_first[p.first] += of_part(&p, &mut large);
                }
                by_parts_lookups.0 += large.lookups().0 - lookups;
                by_parts_lookups.1 += large.lookups().1 - found;
                assert_eq!(by_first, divided, "divide by parts, from the table");
                plain
            })
            .collect();
        (counts, by_parts_lookups)
    }
}

/// The transposition table (and the parts, and the forward count) never change a count: every
/// game, every preset, the depths that count in a moment.
#[test]
fn a_table_never_changes_a_count() {
    for kind in GameKind::ALL {
        let def = game_def(kind);
        let depth = match kind {
            GameKind::Dakon => 2,
            GameKind::MrawImrujen => 6,
            GameKind::Nchuwa => 3,
            GameKind::DongWo => 2,
        };
        let presets = std::iter::once(None).chain(def.presets.iter().map(|p| Some(p.name)));
        for preset in presets {
            let mut header = Header::new(kind);
            header.preset = preset.map(|p| Spanned::new(p.to_string(), Span::default()));
            let (counts, (lookups, found)) = with_rules(&header, EveryWay(depth)).unwrap();
            assert!(
                counts.iter().all(|&n| n > 0),
                "{kind} {preset:?}: {counts:?}"
            );
            // The table was used below the root, and what it found was right (the divides
            // by parts equal the divides).
            assert!(found > 0, "{kind} {preset:?}: {found} of {lookups} found");
        }
    }
}
