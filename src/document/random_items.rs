//! Random elements of every kind and every shape a document gives them, built by hand with what
//! records and generated games seldom hold: numbers at their largest, muzi in piles and holes,
//! owned and out-of-play holes, rows of any length, debts, sowings with a direction, a transfer
//! or muzi drops (at later visits, taking a muzi), moves with owner actions or a stopped lap,
//! every transaction, `;` comments, and texts with quotes, escapes, line breaks and other
//! scripts. The tests of the direct writers (json_items.rs, flow.rs) cut them into items of
//! `moves` and compare each with what serde's path writes.

use crate::generate::Rng;
use crate::notation::{
    ActionKind, AnchoredAction, CaptureClaim, Comment, CommentStyle, Direction, Element, Few,
    FillTarget, Hole, HoleAction, HoleState, Move, Muzi, MuziDrop, Pile, Position, Rows, Side,
    Sowing, Span, Spanned, Transaction,
};

/// `count` random elements; about one in three a decision (a move, a pass or an owner
/// action), so that most items are plies with claims and comments after them.
pub(super) fn elements(rng: &mut Rng, count: usize) -> Vec<Element> {
    (0..count).map(|k| element(rng, k % 3 == 0)).collect()
}

fn number(rng: &mut Rng) -> u32 {
    match rng.below(6) {
        0 => u32::MAX,
        1 => u32::MAX - rng.below(1000) as u32,
        2 => rng.next_u64() as u32,
        3 => rng.below(1000) as u32,
        _ => rng.below(12) as u32,
    }
}

fn side(rng: &mut Rng) -> Side {
    if rng.below(2) == 0 {
        Side::A
    } else {
        Side::B
    }
}

fn hole(rng: &mut Rng) -> Hole {
    Hole::new(side(rng), number(rng))
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::new(0, 0))
}

fn muzi(rng: &mut Rng) -> Muzi {
    // Never empty: a pile or a hole with muzi.
    match rng.below(3) {
        0 => Muzi::of(Side::A),
        1 => Muzi::of(Side::B),
        _ => Muzi { a: true, b: true },
    }
}

fn pile(rng: &mut Rng) -> Pile {
    Pile {
        seeds: number(rng),
        muzi: if rng.below(3) == 0 {
            muzi(rng)
        } else {
            Muzi::NONE
        },
    }
}

fn hole_state(rng: &mut Rng) -> HoleState {
    let out_of_play = rng.below(5) == 0;
    HoleState {
        pile: Pile {
            // An empty hole out of play is `x`; one that holds seeds a map.
            seeds: if out_of_play && rng.below(2) == 0 {
                0
            } else {
                number(rng)
            },
            ..pile(rng)
        },
        owner: (rng.below(4) == 0).then(|| side(rng)),
        out_of_play,
    }
}

fn text(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "a", "B4", "A", "\"", "'", "\\", "\n", "\r", "\t", "\u{0}", "\u{1f}", "\u{7f}", "é",
        "\u{2028}", "\u{85}", "棋", "😀", " ", ":", "#", "- ", "{", "}", "[", "null", "true",
        "0x1", ".inf", "~", "&a", "*b", "!t", "%", "@", "`", "|", ">", "?", "x", "line", "12",
    ];
    (0..rng.below(5))
        .map(|_| PIECES[rng.below(PIECES.len())])
        .collect()
}

fn muzi_drop(rng: &mut Rng) -> MuziDrop {
    MuziDrop {
        hole: hole(rng),
        visit: match rng.below(4) {
            0 => 2,
            1 => number(rng),
            _ => 1,
        },
        takes: (rng.below(3) == 0).then(|| side(rng)),
    }
}

fn sowing(rng: &mut Rng) -> Sowing {
    Sowing {
        hole: spanned(hole(rng)),
        direction: match rng.below(4) {
            0 => Some(Direction::Clockwise),
            1 => Some(Direction::CounterClockwise),
            _ => None,
        },
        transfer_to: (rng.below(4) == 0).then(|| Box::new(spanned(hole(rng)))),
        muzi_drops: (0..rng.below(3) * rng.below(2))
            .map(|_| spanned(muzi_drop(rng)))
            .collect(),
    }
}

fn hole_action(rng: &mut Rng) -> HoleAction {
    HoleAction {
        kind: [ActionKind::Lift, ActionKind::Put, ActionKind::TakeTwo][rng.below(3)],
        hole: hole(rng),
    }
}

fn moved(rng: &mut Rng) -> Move {
    // Now and then no sowing at all, which a document writes as `[]`.
    let sowings = if rng.below(20) == 0 {
        0
    } else {
        1 + rng.below(3)
    };
    Move {
        sowings: (0..sowings).map(|_| sowing(rng)).collect(),
        extra_captures: (0..rng.below(3) * rng.below(2))
            .map(|_| spanned(hole(rng)))
            .collect(),
        actions: (0..rng.below(3) * rng.below(2))
            .map(|_| {
                spanned(AnchoredAction {
                    step: number(rng),
                    action: hole_action(rng),
                })
            })
            .collect::<Few<_>>(),
        stopped_after_lap: (rng.below(4) == 0).then(|| number(rng)),
    }
}

fn position(rng: &mut Rng) -> Position {
    // Rows of any length, each side's own, an empty one now and then.
    let a = rng.below(8);
    let b = rng.below(8);
    let holes = (0..a + b).map(|_| hole_state(rng)).collect();
    Position {
        holes: Rows::from_parts(holes, a),
        stores: [pile(rng), pile(rng)],
        to_move: side(rng),
        round: number(rng),
        debts: match rng.below(3) {
            0 => [number(rng), number(rng)],
            1 => [0, number(rng)],
            _ => [0, 0],
        },
    }
}

fn transaction(rng: &mut Rng) -> Transaction {
    match rng.below(8) {
        0 => Transaction::Win { hole: hole(rng) },
        1 => Transaction::Muzi { side: side(rng) },
        2 => Transaction::Buy {
            hole: hole(rng),
            stones: (rng.below(2) == 0).then(|| number(rng)),
        },
        3 => Transaction::Rebuy { hole: hole(rng) },
        4 => Transaction::Swap {
            first: hole(rng),
            second: hole(rng),
        },
        5 => Transaction::Borrow {
            side: side(rng),
            stones: number(rng),
        },
        6 => Transaction::Fill {
            target: if rng.below(2) == 0 {
                FillTarget::Side(side(rng))
            } else {
                FillTarget::Hole(hole(rng))
            },
        },
        _ => Transaction::Repay {
            side: side(rng),
            stones: number(rng),
        },
    }
}

fn element(rng: &mut Rng, first: bool) -> Element {
    let kind = if first { rng.below(3) } else { rng.below(9) };
    match kind {
        0 => Element::Move(spanned(moved(rng))),
        1 => Element::Pass(spanned(())),
        2 => Element::Action(spanned(hole_action(rng))),
        3 => Element::Captures(spanned(CaptureClaim {
            count: number(rng),
            holes: (0..rng.below(3)).map(|_| hole(rng)).collect(),
        })),
        4 => Element::Score(spanned([pile(rng), pile(rng)])),
        5 => Element::Checkpoint(spanned(position(rng))),
        6 => Element::Round(spanned(number(rng))),
        7 => Element::Transaction(spanned(transaction(rng))),
        _ => Element::Comment(spanned(Comment {
            text: text(rng),
            style: if rng.below(4) == 0 {
                CommentStyle::Line
            } else {
                CommentStyle::Brace
            },
        })),
    }
}
