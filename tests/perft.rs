//! The published counts of docs/perft.md that run in a moment: the engine must keep giving them.

use mgn::notation::{BoardSize, GameKind, Header, Side, Span, Spanned};
use mgn::perft::{divide, perft, perft_layers, perft_with, split, Table};
use mgn::rules::{game_def, with_rules, Rules, WithRules};

struct Perft(u32);

impl WithRules for Perft {
    type Output = u64;
    fn run<R: Rules>(self, rules: &R) -> u64 {
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
/// time), ply by ply forward, and cut into parts (merged, as the command line's threads count
/// them) with and without a divide. The table and the parts never change a count.
struct EveryWay(u32);

impl WithRules for EveryWay {
    type Output = Vec<u64>;
    fn run<R: Rules>(self, rules: &R) -> Vec<u64> {
        let start = rules.start(Side::B);
        let mut large = Table::with_bytes(64 << 20);
        (1..=self.0)
            .map(|depth| {
                let plain = perft(rules, &start, depth).expect("decided");
                let mut tiny = Table::with_bytes(1 << 10);
                assert_eq!(perft_with(rules, &start, depth, &mut large), Ok(plain));
                assert_eq!(perft_with(rules, &start, depth, &mut tiny), Ok(plain));
                assert_eq!(perft_layers(rules, &start, depth), Ok(plain), "layers");
                let parts = split(rules, &start, depth, 40, false).expect("decided");
                let by_parts: u64 = parts
                    .iter()
                    .map(|p| p.paths * perft_with(rules, &p.state, p.depth, &mut tiny).unwrap())
                    .sum();
                assert_eq!(by_parts, plain, "parts");
                let divided = divide(rules, &start, depth).expect("decided");
                let mut by_first = vec![0; divided.len()];
                for p in split(rules, &start, depth, 40, true).expect("decided") {
                    by_first[p.first] +=
                        p.paths * perft_with(rules, &p.state, p.depth, &mut large).unwrap();
                }
                let divided: Vec<u64> = divided.iter().map(|(_, n)| *n).collect();
                assert_eq!(by_first, divided, "divide by parts");
                plain
            })
            .collect()
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
            GameKind::Nchuwa => 2,
            GameKind::DongWo => 2,
        };
        let presets = std::iter::once(None).chain(def.presets.iter().map(|p| Some(p.name)));
        for preset in presets {
            let mut header = Header::new(kind);
            header.preset = preset.map(|p| Spanned::new(p.to_string(), Span::default()));
            let counts = with_rules(&header, EveryWay(depth)).unwrap();
            assert!(
                counts.iter().all(|&n| n > 0),
                "{kind} {preset:?}: {counts:?}"
            );
        }
    }
}
