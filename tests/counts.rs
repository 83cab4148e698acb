//! No count can wrap (docs/robustness.md, "Arithmetic"): records whose counts are drawn from the
//! edges of `u32` (0, 1, 2^31, u32::MAX and their neighbours) never panic `check_text` (this is
//! a debug build: an overflow panics), and never pass a position whose true total, summed
//! without wrapping, is not the game's. Dong Wo's debts, which no total bounds, are followed
//! through its transactions and compared with the events that change them.

use mgn::check::{check_text, CheckOptions, RecordResult, Verdict};
use mgn::notation::{parse_games, parse_position, Position, Side};
use mgn::replay::{replay_game, ReplayOptions};
use mgn::rules::Event;
use proptest::prelude::*;

/// A count from the edges of `u32`, or one of the small counts real positions hold.
fn edge_count() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => 0u32..=12,
        1 => Just(u32::MAX),
        1 => Just(u32::MAX - 1),
        1 => Just(1 << 31),
        1 => Just((1 << 31) - 1),
        1 => (u32::MAX - 60)..=u32::MAX,
        1 => ((1u32 << 31) - 30)..=((1 << 31) + 30),
        1 => any::<u32>(),
    ]
}

/// A game as the property test needs it: its tags, its usual start, and its seeds.
struct Kind {
    tags: &'static str,
    /// Each row's holes at the start, in numbering order (A's row, then B's).
    start: [&'static [u32]; 2],
    seeds: u64,
    /// Dong Wo: A's muzi in A5, B's in B1, as in its usual start.
    muzi: bool,
}

const KINDS: [Kind; 4] = [
    Kind {
        tags: "[Game \"dakon\"]",
        start: [&[5; 5], &[5; 5]],
        seeds: 50,
        muzi: false,
    },
    Kind {
        tags: "[Game \"mraw-imrujen\"]",
        start: [&[4; 5], &[4; 5]],
        seeds: 40,
        muzi: false,
    },
    Kind {
        tags: "[Game \"nchuwa\"]\n[Board \"4x6\"]",
        start: [
            &[0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3],
            &[0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3],
        ],
        seeds: 48,
        muzi: false,
    },
    Kind {
        tags: "[Game \"dong-wo\"]",
        start: [&[5, 5, 5, 5, 0], &[0, 5, 5, 5, 5]],
        seeds: 40,
        muzi: true,
    },
];

/// Changes to a game's usual start: counts put at edge values, and perhaps one count set so
/// that the total, summed in `u32` with wrapping, is the game's although the true total is not.
#[derive(Clone, Debug)]
struct Edits {
    set: Vec<(usize, u32)>,
    wrap_into: Option<usize>,
    round: u32,
    debts: [u32; 2],
    a_to_move: bool,
}

fn edits() -> impl Strategy<Value = Edits> {
    (
        prop::collection::vec((0usize..64, edge_count()), 0..4),
        prop::option::of(0usize..64),
        prop_oneof![4 => Just(1u32), 1 => edge_count()],
        prop_oneof![3 => Just([0u32, 0]), 1 => [edge_count(), edge_count()]],
        any::<bool>(),
    )
        .prop_map(|(set, wrap_into, round, debts, a_to_move)| Edits {
            set,
            wrap_into,
            round,
            debts,
            a_to_move,
        })
}

/// The position text of `kind`'s usual start with `edits` made.
fn position(kind: &Kind, edits: &Edits) -> String {
    // Fields in order: A's holes, B's holes, A's store, B's store.
    let mut fields: Vec<u32> = kind.start[0]
        .iter()
        .chain(kind.start[1])
        .copied()
        .chain([0, 0])
        .collect();
    let n = fields.len();
    for &(at, value) in &edits.set {
        fields[at % n] = value;
    }
    if let Some(at) = edits.wrap_into {
        let others = fields
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != at % n)
            .fold(0u32, |sum, (_, &s)| sum.wrapping_add(s));
        fields[at % n] = (kind.seeds as u32).wrapping_sub(others);
    }
    let row = kind.start[0].len();
    let hole = |side: usize, i: usize| {
        let seeds = fields[side * row + i];
        let muzi = match (kind.muzi, side, i) {
            (true, 0, 4) => "mA",
            (true, 1, 0) => "mB",
            _ => "",
        };
        match (seeds, muzi) {
            (0, "") => "0".to_string(),
            (0, muzi) => muzi.to_string(),
            (seeds, muzi) => format!("{seeds}{muzi}"),
        }
    };
    let rows = [0, 1].map(|side| {
        (0..row)
            .map(|i| hole(side, i))
            .collect::<Vec<_>>()
            .join(",")
    });
    let mut text = format!(
        "{}/{} {}/{} {} {}",
        rows[0],
        rows[1],
        fields[2 * row],
        fields[2 * row + 1],
        if edits.a_to_move { "A" } else { "B" },
        edits.round
    );
    if edits.debts != [0, 0] {
        text.push_str(&format!(" {}/{}", edits.debts[0], edits.debts[1]));
    }
    text
}

/// Every small seed or stone of a position, summed without wrapping.
fn true_total(position: &Position) -> u64 {
    [Side::A, Side::B]
        .into_iter()
        .flat_map(|side| position.holes.row(side).iter().map(|h| h.pile.seeds))
        .chain(position.stores.iter().map(|p| p.seeds))
        .map(u64::from)
        .sum()
}

/// The verdict of the one game of `text`; a panic fails the property with its input shrunk.
fn verdict(text: &str) -> Option<Verdict> {
    let mut results = check_text(text, &CheckOptions::default());
    assert_eq!(results.len(), 1, "{text}");
    match results.pop() {
        Some(RecordResult::Checked { verdict, .. }) => Some(verdict),
        _ => None,
    }
}

/// Dong Wo between two rounds, where debts arise: a preset, the holes of a position (2 small
/// stones: the other 38 are in the winnings) and the plies that end its round.
const BETWEEN: [(&str, &str, &str); 3] = [
    // A wins round 1 and takes B3; round 2 begins (borrow.mgn, repay.mgn).
    ("catalan", "0,0,1,0,0/1,0,0,0,0", "1. B1< round 2 win:B3"),
    // B wins round 3 holding A2 to A4; round 4 begins (buy.mgn).
    ("catalan", "1,0@B,0@B,0@B,0/0,1,0,0,0", "1. B2< round 4"),
    // The first under mancala-world, where a purchase is paid from the winnings, debts or not.
    (
        "mancala-world",
        "0,0,1,0,0/1,0,0,0,0",
        "1. B1< round 2 win:B3",
    ),
];

/// A Dong Wo transaction with a count from the edges (or none).
fn transaction() -> impl Strategy<Value = String> {
    let side = prop_oneof![Just('A'), Just('B')];
    let hole = (prop_oneof![Just('A'), Just('B')], 1u32..=5).prop_map(|(s, n)| format!("{s}{n}"));
    prop_oneof![
        (side.clone(), edge_count()).prop_map(|(s, n)| format!("borrow:{s}:{n}")),
        (side.clone(), edge_count()).prop_map(|(s, n)| format!("repay:{s}:{n}")),
        (hole.clone(), edge_count()).prop_map(|(h, n)| format!("buy:{h}={n}")),
        hole.clone().prop_map(|h| format!("buy:{h}")),
        hole.clone().prop_map(|h| format!("rebuy:{h}")),
        side.clone().prop_map(|s| format!("fill:{s}")),
        side.prop_map(|s| format!("muzi:{s}")),
        hole.prop_map(|h| format!("fill:{h}")),
    ]
}

/// `side` owes `stones` more, what the other owes him set off first: the rule of
/// `dong-wo.borrow`, without a width to wrap.
fn owe(debts: &mut [u64; 2], side: Side, stones: u64) {
    let off = stones.min(debts[side.other().index()]);
    debts[side.other().index()] -= off;
    debts[side.index()] += stones - off;
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// mgn.position.shape: a Start position passes only if its true total is the game's, and
    /// a checkpoint before the first ply only if its true total is too; nothing panics.
    #[test]
    fn a_position_passes_only_with_the_games_true_total(
        kind in 0usize..4,
        start in edits(),
        checkpoint in prop::option::of(edits()),
    ) {
        let kind = &KINDS[kind];
        let start_text = position(kind, &start);
        let mut record = format!("{}\n[Start \"{start_text}\"]\n\n", kind.tags);
        let checkpoint_text = checkpoint.map(|edits| {
            // The Start's own round, debts and side, so that some checkpoints hold.
            position(kind, &Edits { round: start.round, debts: start.debts, a_to_move: start.a_to_move, ..edits })
        });
        if let Some(text) = &checkpoint_text {
            record.push_str(&format!("[{text}] "));
        }
        record.push_str("*\n");
        let verdict = verdict(&record);
        if verdict == Some(Verdict::Passed) {
            for text in std::iter::once(&start_text).chain(&checkpoint_text) {
                let position = parse_position(text).expect("written to be read");
                prop_assert_eq!(true_total(&position), kind.seeds, "passed: {}", record);
            }
        }
    }

    /// dong-wo.borrow, dong-wo.repay, dong-wo.muzi.buy-back, dong-wo.buy: with debts and
    /// transactions' stones from the edges of `u32`, every step the replay makes keeps the 40
    /// small stones, and its debts are the ones its events give, counted without a width to
    /// wrap; nothing panics.
    #[test]
    fn debts_and_transactions_never_wrap(
        scenario in 0usize..BETWEEN.len(),
        a_winnings in 0u32..=38,
        muzi_lost in any::<bool>(),
        debts in [edge_count(), edge_count()],
        deals in prop::collection::vec(transaction(), 0..5),
    ) {
        let (preset, holes, plies) = BETWEEN[scenario];
        // B holds A's muzi when A lost it: A buys it back for 5, owing what he lacks.
        let (a_muzi, b_muzi) = if muzi_lost { ("", "mAmB") } else { ("mA", "mB") };
        let round = if scenario == 1 { 3 } else { 1 };
        let record = format!(
            "[Game \"dong-wo\"]\n[Preset \"{preset}\"]\n[Start \"{holes} {a_winnings}{a_muzi}/{}{b_muzi} B {round} {}/{}\"]\n\n{plies} {} *\n",
            38 - a_winnings,
            debts[0],
            debts[1],
            deals.join(" "),
        );
        let game = parse_games(&record).pop().expect("one game").expect("it reads");
        let replayed = replay_game(&game, ReplayOptions::plies());
        let mut model = debts.map(u64::from);
        let mut paid = [0u64; 2];
        for step in &replayed.plies {
            for event in &step.events {
                match *event {
                    Event::Transfer { from, to, seeds, rule } => match rule.as_str() {
                        "dong-wo.borrow" | "dong-wo.tianzi.borrow" => owe(&mut model, to, seeds.into()),
                        "dong-wo.repay" => model[from.index()] -= u64::from(seeds),
                        "dong-wo.muzi.buy-back" => paid[from.index()] = seeds.into(),
                        _ => {}
                    },
                    Event::MuziSale { to, .. } => {
                        owe(&mut model, to, 5 - paid[to.index()]);
                        paid[to.index()] = 0;
                    }
                    _ => {}
                }
            }
            prop_assert_eq!(true_total(&step.after), 40, "{}: {}", step.heading(), record);
            prop_assert_eq!(step.after.debts.map(u64::from), model, "{}: {}", step.heading(), record);
        }
    }
}
