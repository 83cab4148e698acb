//! Mraw imrujen (northern Morocco), from seed `004_dcb8c259b7477a90.txt` (Catalan). See
//! `docs/rules/mraw-imrujen.md`.
//!
//! The board is a ring of ten holes in counter-clockwise order, `B1..B5` then `A1..A5` (slots
//! 0..9). One player sows counter-clockwise (toward higher slots), the other clockwise; the
//! option `mraw-imrujen.sow.direction` says who does which. A move is one lap whose first seed
//! goes back into the hole it was taken from; a capture starts at the last seed's hole in the
//! mover's own row and runs back against his sowing direction. Captured seeds go to the mover's
//! winnings (the position's stores field). Between rounds the seeds not kept are shared out over
//! the ten holes; every seed stays on the board or in someone's winnings, 40 in all.

use super::{
    check_move_form, pile, Event, EventSink, GameDef, MoveForm, MovePart, OptionDef, Phase,
    PositionHead, PresetDef, RuleDef, Rules, Settings, Violation,
};
use crate::notation::{
    BoardSize, Element, Few, GameKind, Hole, HoleState, Move, Position, Side, Sowing, Spanned,
};
use std::fmt;

const BOARD: BoardSize = BoardSize {
    rows: 2,
    columns: 5,
};

pub static DEF: GameDef = GameDef {
    kind: GameKind::MrawImrujen,
    boards: &[BOARD],
    default_board: BOARD,
    rules: RULES,
    options: OPTIONS,
    presets: PRESETS,
};

static RULES: &[RuleDef] = &[
    RuleDef {
        code: "mraw-imrujen.board",
        summary: "a 2x5 board: row A (top) is A's, row B (bottom) is B's; no stores, captured seeds are the captor's winnings",
        source: "«tauler: 2×5, dues files de cinc forats.» «La fila superior pertany al jugador A. La fila de sota pertany al jugador B.»",
    },
    RuleDef {
        code: "mraw-imrujen.start",
        summary: "the first round starts with 4 seeds in every hole, 40 in all; the number of seeds never changes",
        source: "«núm. peces: 40 (20 per jugador).» «disposició inicial: 4 llavors en cada forat en la primera ronda.»",
    },
    RuleDef {
        code: "mraw-imrujen.first",
        summary: "the seed does not say who moves first: the First tag says who (B when it is absent)",
        source: "silent",
    },
    RuleDef {
        code: "mraw-imrujen.sow.start",
        summary: "a move takes every seed of one hole of the mover's own row",
        source: "«Les llavors es col·loquen una a una, començant en el mateix forat des d’on s’han agafat.» «La fila de sota pertany al jugador B.»",
    },
    RuleDef {
        code: "mraw-imrujen.sow.single",
        summary: "no move from a hole holding a single seed",
        source: "«No es pot començar a sembrar des d’un forat que contingui una sola llavor.»",
    },
    RuleDef {
        code: "mraw-imrujen.sow.lap",
        summary: "a single lap: the seeds are sown one by one, the first back into the emptied hole; the turn ends with the lap",
        source: "«sembra: volta simple. Les llavors es col·loquen una a una, començant en el mateix forat des d’on s’han agafat.»",
    },
    RuleDef {
        code: "mraw-imrujen.feed",
        summary: "when the feeding obligation applies (mraw-imrujen.feed.reach), a move must sow at least one seed into the opponent's row",
        source: "«Els jugadors han “d’alimentar l’oponent”, quan aquest jugador no pot jugar. És a dir, els jugadors no poden jugar un forat que no conté suficients llavors al seu interior per arribar a territori de l’adversari.»",
    },
    RuleDef {
        code: "mraw-imrujen.capture.start",
        summary: "the capture starts in the mover's own row: the last seed's hole, if it is his and holds 2 or 4 counting that seed, goes to his winnings; a last seed in the opponent's row captures nothing",
        source: "«collita: s’inicia en el territori propi.» «El jugador captura el contingut d’un forat propi si hi ha 2 o 4 llavors, comptant la darrera llavor que acaba de deixar.» «Les llavors capturades es retiren del tauler.»",
    },
    RuleDef {
        code: "mraw-imrujen.capture.chain",
        summary: "then the preceding hole (against the mover's sowing direction), if it holds 2 or 4, and so on, crossing the row boundary as far as mraw-imrujen.capture.reach allows",
        source: "«Es poden fer captures encadenades i es pot creuar el límit de la fila pròpia.» «Si el forat precedent també conté 2 o 4 llavors, aquestes també es capturen, i així successivament creuant, fins i tot, el límit de la fila.»",
    },
    RuleDef {
        code: "mraw-imrujen.round.end",
        summary: "the round ends when the player to move cannot play: no hole of his with two seeds or more (or no legal move left)",
        source: "«el joc acaba…: quan un jugador en el seu torn no pot jugar cap forat perquè no té llavors o contenen sols una llavor. El joc es juga a diverses rondes.»",
    },
    RuleDef {
        code: "mraw-imrujen.round.share",
        summary: "between rounds the player who captured more keeps his seeds; the rest (the other's captures and the seeds left on the board) is shared out equally over the ten holes, an even number in each",
        source: "«El jugador que ha guanyat més llavors, se les queda. Les restants (les que ha capturat el jugador que n’ha capturat menys, més les que resten al tauler) es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un. La segona ronda es juga amb aquest nombre de llavors.»",
    },
    RuleDef {
        code: "mraw-imrujen.game.winner",
        summary: "when the game ends, the player with more seeds in his winnings wins; equal winnings draw",
        source: "«objectiu: capturar més llavors que l’adversari.» «Els jugadors compten les llavors que han capturat al llarg de la partida.»",
    },
];

static OPTIONS: &[OptionDef] = &[
    OptionDef {
        code: "mraw-imrujen.sow.direction",
        summary: "which player sows which way, for the whole game (the two values are mirror images of each other)",
        values: &[
            ("b-counter-clockwise", "B sows counter-clockwise (B1 toward B5, then A1), A clockwise (A5 toward A1, then B5)"),
            ("a-counter-clockwise", "A sows counter-clockwise (A1 toward A5, then B1), B clockwise (B5 toward B1, then A5)"),
        ],
        source: "«direcció sembra: alternativament en direcció horària/anti-horària. Un jugador sembra en direcció horària i l’altre en direcció anti-horària.»",
    },
    OptionDef {
        code: "mraw-imrujen.feed.reach",
        summary: "when a move must reach the opponent's row",
        values: &[
            ("opponent-cannot-play", "only when the opponent cannot play (he has no hole with two seeds or more)"),
            ("always", "every move (the «És a dir» sentence read on its own)"),
        ],
        source: "«Els jugadors han “d’alimentar l’oponent”, quan aquest jugador no pot jugar. És a dir, els jugadors no poden jugar un forat que no conté suficients llavors al seu interior per arribar a territori de l’adversari.»",
    },
    OptionDef {
        code: "mraw-imrujen.feed.impossible",
        summary: "what happens when the feeding obligation applies and no legal move reaches the opponent's row",
        values: &[
            ("round-ends", "no hole may be played, so the player cannot play and the round ends"),
            ("any-move", "the obligation lapses: any move is allowed"),
        ],
        source: "silent: «els jugadors no poden jugar un forat que no conté suficients llavors» / «quan un jugador en el seu torn no pot jugar cap forat»",
    },
    OptionDef {
        code: "mraw-imrujen.capture.reach",
        summary: "how far back a capture chain may run (going on round into the mover's row again would take the opponent's whole row, which mraw-imrujen.capture.no-empty always forbids)",
        values: &[
            ("cross-once", "through the mover's row and across its boundary into the opponent's row, stopping at the end of that row"),
            ("own-row", "only within the mover's own row"),
        ],
        source: "«es pot creuar el límit de la fila pròpia» «i així successivament creuant, fins i tot, el límit de la fila.»",
    },
    OptionDef {
        code: "mraw-imrujen.capture.no-empty",
        summary: "how a capture that would take the opponent's last seeds is forbidden",
        values: &[
            ("illegal", "the move is not allowed"),
            ("no-capture", "the move is allowed but captures nothing"),
            ("chain-stops", "the chain stops before the hole whose capture would leave the opponent's row empty"),
        ],
        source: "«Un jugador no pot fer un moviment que provoqui una captura que deixi a l’adversari sense llavors en el seus forats.»",
    },
    OptionDef {
        code: "mraw-imrujen.round.keep",
        summary: "what the players compare at the end of a round, and what the one who captured more keeps",
        values: &[
            ("round-captures", "the seeds each captured in this round; the one with more keeps them for good, the other's go back"),
            ("all-winnings", "everything each holds; the one with more keeps it all, the other's whole winnings go back"),
        ],
        source: "«Els jugadors compten les llavors que han capturat al llarg de la partida. El jugador que ha guanyat més llavors, se les queda.»",
    },
    OptionDef {
        code: "mraw-imrujen.round.tie",
        summary: "what is kept when both compared counts are equal",
        values: &[
            ("nobody-keeps", "neither player keeps what was compared: it is all shared out"),
            ("both-keep", "each keeps what was compared; only the seeds on the board are shared out"),
        ],
        source: "silent: «El jugador que ha guanyat més llavors, se les queda.»",
    },
    OptionDef {
        code: "mraw-imrujen.round.leftover",
        summary: "who gets the seeds the even split cannot place (fewer than 20)",
        values: &[
            ("fewer", "the player who captured fewer; after a tied round, the player who could not play"),
            ("more", "the player who captured more; after a tied round, the player who made the last move"),
        ],
        source: "silent: «es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un.»",
    },
    OptionDef {
        code: "mraw-imrujen.next-round.first",
        summary: "who moves first in a later round",
        values: &[
            ("alternate", "the player who did not move first in the round before"),
            ("round-winner", "the player who captured more in the round before (after a tied round, as alternate)"),
            ("round-loser", "the player who captured fewer in the round before (after a tied round, as alternate)"),
        ],
        source: "silent; the site's Dong Wo page: «En les rondes posteriors alternen l’ordre per començar el primer torn de la partida.»",
    },
    OptionDef {
        code: "mraw-imrujen.game.end",
        summary: "when the game ends",
        values: &[
            ("cannot-share", "after a round whose seeds to share out cannot put two in every hole (fewer than 20), or after which nobody holds more than when it began (the next round would begin as this one did)"),
            ("after-round-1", "after round 1 (or earlier, as cannot-share)"),
            ("after-round-2", "after round 2 (or earlier, as cannot-share)"),
            ("after-round-3", "after round 3 (or earlier, as cannot-share)"),
        ],
        source: "«El joc es juga a diverses rondes.» «es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un.»",
    },
    OptionDef {
        code: "mraw-imrujen.repetition",
        summary: "what happens when a position (board, winnings, player to move) comes back in a round",
        values: &[
            ("ends-round", "its third occurrence in the round ends the round, as if the player to move could not play"),
            ("allowed", "nothing: play goes on (a game may then never end)"),
        ],
        source: "silent: «el joc acaba…: quan un jugador en el seu torn no pot jugar cap forat»",
    },
];

static PRESETS: &[PresetDef] = &[
    PresetDef {
        name: "catalan",
        summary: "the rules of the Catalan page, every open point at its default",
        settings: &[],
    },
    PresetDef {
        name: "catalan-always-feed",
        summary: "the page's «És a dir» sentence read on its own: every move must reach the opponent's row",
        settings: &[("mraw-imrujen.feed.reach", "always")],
    },
    PresetDef {
        name: "one-round",
        summary: "a single round, won by the player with more seeds",
        settings: &[("mraw-imrujen.game.end", "after-round-1")],
    },
];

static MOVE_FORM: MoveForm = MoveForm {
    game: "Mraw imrujen",
    shape: "one hole: a single lap, in the direction the option mraw-imrujen.sow.direction gives the player",
    chained: false,
    direction: false,
    transfer: false,
    muzi_drops: false,
    extra_captures: false,
    owner_actions: false,
    stopped: false,
};

const HOLES: usize = 10;
const ROW: usize = 5;
const SEEDS: u32 = 40;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NoEmpty {
    Illegal,
    NoCapture,
    ChainStops,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NextFirst {
    Alternate,
    RoundWinner,
    RoundLoser,
}

/// Mraw imrujen's rules for one set of options.
#[derive(Clone, Debug)]
pub struct MrawImrujen {
    /// Each side's step round the ring (by `Side::index`): 1 counter-clockwise, 9 clockwise.
    step: [usize; 2],
    feed_always: bool,
    feed_impossible_any_move: bool,
    /// How many times a capture chain may cross a row boundary.
    max_crossings: u32,
    no_empty: NoEmpty,
    keep_all_winnings: bool,
    tie_both_keep: bool,
    leftover_to_fewer: bool,
    next_first: NextFirst,
    round_limit: Option<u32>,
    repetition_ends_round: bool,
}

/// Where the game stands besides the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Stage {
    Playing,
    /// The round is over; `stuck` was to move and could not play.
    RoundOver {
        stuck: Side,
    },
    Over(Option<Side>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MrawState {
    /// Seeds per slot: `B1..B5`, `A1..A5`.
    board: [u32; HOLES],
    /// Each player's captured seeds (by `Side::index`), the position's stores field.
    winnings: [u32; 2],
    /// The part of the winnings kept from earlier rounds (under `round-captures`, what is
    /// compared at a round's end is the rest).
    banked: [u32; 2],
    to_move: Side,
    round: u32,
    /// Who moved first in this round.
    round_first: Side,
    stage: Stage,
    /// The positions (board, player to move) since the round's last capture, for
    /// `mraw-imrujen.repetition=ends-round`; empty under `allowed`.
    history: Vec<([u8; HOLES], Side)>,
    /// While the stage is `Playing`: the moves open to `to_move`, as `legal` gives them. The
    /// end of a turn works them out to see whether the round is over; the decision list and
    /// the check of the next move read them here rather than sowing every hole again.
    moves: Slots,
}

/// A decision in Mraw imrujen: the hole to sow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MrawMove(pub Hole);

impl fmt::Display for MrawMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of slots, in slot order. The legal moves are worked out several times a ply (listed,
/// checked, and to see whether the next player is stuck), so they live in a word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Slots(u16);

impl Slots {
    fn insert(&mut self, slot: usize) {
        self.0 |= 1 << slot;
    }

    fn contains(self, slot: usize) -> bool {
        self.0 & (1 << slot) != 0
    }

    fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..HOLES).filter(move |&slot| self.contains(slot))
    }
}

/// The holes a capture takes, in chain order: at most the whole ring, so kept inline.
#[derive(Clone, Copy)]
struct Chain {
    slots: [u8; HOLES],
    len: usize,
}

impl Chain {
    const EMPTY: Chain = Chain {
        slots: [0; HOLES],
        len: 0,
    };

    fn push(&mut self, slot: usize) {
        self.slots[self.len] = slot as u8;
        self.len += 1;
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots[..self.len].iter().map(|&slot| slot as usize)
    }
}

/// What one move does, worked out before it is played.
struct Outcome {
    /// The board after the sowing, before any capture.
    sown: [u32; HOLES],
    last: usize,
    /// The holes captured, in chain order.
    chain: Chain,
    /// Whether some seed fell in the opponent's row.
    feeds: bool,
    /// Whether the whole chain would take the opponent's last seeds.
    empties_opponent: bool,
    /// The rule the lap's end falls under.
    lap_rule: &'static str,
}

/// The seeds to share out between rounds, and where they go.
struct SharePlan {
    winner: Option<Side>,
    per_hole: u32,
    /// Each player's winnings once the next round is laid out.
    target: [u32; 2],
}

impl MrawImrujen {
    pub fn new(board: BoardSize, settings: &Settings) -> Result<MrawImrujen, Violation> {
        if board != BOARD {
            return Err(Violation::new(
                "mraw-imrujen.board",
                format!("Mraw imrujen is played on a 2x5 board, not {board}"),
            ));
        }
        let b_ccw = settings.get("mraw-imrujen.sow.direction") == "b-counter-clockwise";
        let (a_step, b_step) = if b_ccw { (9, 1) } else { (1, 9) };
        Ok(MrawImrujen {
            step: [a_step, b_step],
            feed_always: settings.get("mraw-imrujen.feed.reach") == "always",
            feed_impossible_any_move: settings.get("mraw-imrujen.feed.impossible") == "any-move",
            max_crossings: match settings.get("mraw-imrujen.capture.reach") {
                "own-row" => 0,
                _ => 1,
            },
            no_empty: match settings.get("mraw-imrujen.capture.no-empty") {
                "illegal" => NoEmpty::Illegal,
                "no-capture" => NoEmpty::NoCapture,
                _ => NoEmpty::ChainStops,
            },
            keep_all_winnings: settings.get("mraw-imrujen.round.keep") == "all-winnings",
            tie_both_keep: settings.get("mraw-imrujen.round.tie") == "both-keep",
            leftover_to_fewer: settings.get("mraw-imrujen.round.leftover") == "fewer",
            next_first: match settings.get("mraw-imrujen.next-round.first") {
                "alternate" => NextFirst::Alternate,
                "round-winner" => NextFirst::RoundWinner,
                _ => NextFirst::RoundLoser,
            },
            round_limit: match settings.get("mraw-imrujen.game.end") {
                "after-round-1" => Some(1),
                "after-round-2" => Some(2),
                "after-round-3" => Some(3),
                _ => None,
            },
            repetition_ends_round: settings.get("mraw-imrujen.repetition") == "ends-round",
        })
    }

    /// The slot of hole `number` (1..=5) of `side`.
    fn slot(side: Side, number: usize) -> usize {
        match side {
            Side::B => number - 1,
            Side::A => ROW + number - 1,
        }
    }

    fn hole(slot: usize) -> Hole {
        if slot < ROW {
            Hole::new(Side::B, slot as u32 + 1)
        } else {
            Hole::new(Side::A, (slot - ROW) as u32 + 1)
        }
    }

    fn owner(slot: usize) -> Side {
        if slot < ROW {
            Side::B
        } else {
            Side::A
        }
    }

    fn row(side: Side) -> std::ops::Range<usize> {
        let first = Self::slot(side, 1);
        first..first + ROW
    }

    // A subtraction rather than `%`: these run for every seed of every move tried.
    fn next(&self, mover: Side, slot: usize) -> usize {
        let next = slot + self.step[mover.index()];
        if next >= HOLES {
            next - HOLES
        } else {
            next
        }
    }

    fn prev(&self, mover: Side, slot: usize) -> usize {
        let prev = slot + HOLES - self.step[mover.index()];
        if prev >= HOLES {
            prev - HOLES
        } else {
            prev
        }
    }

    fn row_seeds(board: &[u32; HOLES], side: Side) -> u32 {
        Self::row(side).map(|s| board[s]).sum()
    }

    /// A player can play at all: a hole of his with two seeds or more.
    fn has_playable_hole(board: &[u32; HOLES], side: Side) -> bool {
        Self::row(side).any(|s| board[s] >= 2)
    }

    /// Sow `from` for `mover` on `board` and work out the capture, without playing it.
    fn simulate(&self, board: &[u32; HOLES], mover: Side, from: usize) -> Outcome {
        let mut sown = *board;
        let seeds = std::mem::take(&mut sown[from]);
        let mut at = from;
        let mut feeds = false;
        for i in 0..seeds {
            if i > 0 {
                at = self.next(mover, at);
            }
            sown[at] += 1;
            feeds |= Self::owner(at) != mover;
        }
        let last = at;
        let mut chain = Chain::EMPTY;
        if Self::owner(last) == mover && matches!(sown[last], 2 | 4) {
            chain.push(last);
            let mut crossings = 0;
            loop {
                let before = self.prev(mover, at);
                if before == last {
                    break;
                }
                if Self::owner(before) != Self::owner(at) {
                    crossings += 1;
                    if crossings > self.max_crossings {
                        break;
                    }
                }
                if !matches!(sown[before], 2 | 4) {
                    break;
                }
                chain.push(before);
                at = before;
            }
        }
        let opponent = mover.other();
        // Counted only for a capture: most moves tried capture nothing.
        let opponent_seeds = if chain.is_empty() {
            0
        } else {
            Self::row_seeds(&sown, opponent)
        };
        let mut taken = 0;
        let mut stop_at = None;
        for (i, slot) in chain.iter().enumerate() {
            if Self::owner(slot) == opponent {
                taken += sown[slot];
                if taken == opponent_seeds && stop_at.is_none() {
                    stop_at = Some(i);
                }
            }
        }
        let empties_opponent = opponent_seeds > 0 && stop_at.is_some();
        let mut lap_rule = if chain.is_empty() {
            "mraw-imrujen.sow.lap"
        } else {
            "mraw-imrujen.capture.start"
        };
        if empties_opponent {
            match self.no_empty {
                NoEmpty::Illegal => {}
                NoEmpty::NoCapture => {
                    chain.clear();
                    lap_rule = "mraw-imrujen.capture.no-empty";
                }
                NoEmpty::ChainStops => chain.truncate(stop_at.unwrap_or(chain.len())),
            }
        }
        Outcome {
            sown,
            last,
            chain,
            feeds,
            empties_opponent,
            lap_rule,
        }
    }

    /// The holes `side` may play, in hole order; when there are none, the rule that says so.
    fn legal(&self, board: &[u32; HOLES], side: Side) -> Result<Slots, &'static str> {
        let mut candidates = false;
        let mut allowed = Slots::default();
        let mut feeding = Slots::default();
        for slot in Self::row(side).filter(|&s| board[s] >= 2) {
            candidates = true;
            let outcome = self.simulate(board, side, slot);
            if self.no_empty == NoEmpty::Illegal && outcome.empties_opponent {
                continue;
            }
            allowed.insert(slot);
            if outcome.feeds {
                feeding.insert(slot);
            }
        }
        if !candidates {
            return Err("mraw-imrujen.round.end");
        }
        if allowed.is_empty() {
            return Err("mraw-imrujen.capture.no-empty");
        }
        if self.feeding_applies(board, side) {
            if !feeding.is_empty() {
                return Ok(feeding);
            }
            if !self.feed_impossible_any_move {
                return Err("mraw-imrujen.feed.impossible");
            }
        }
        Ok(allowed)
    }

    fn feeding_applies(&self, board: &[u32; HOLES], mover: Side) -> bool {
        self.feed_always || !Self::has_playable_hole(board, mover.other())
    }

    /// Why `mover` may not play `hole`, or its slot.
    fn check_move(&self, state: &MrawState, mover: Side, hole: Hole) -> Result<usize, Violation> {
        let number = hole.number as usize;
        if hole.side != mover || !(1..=ROW).contains(&number) {
            return Err(Violation::new(
                "mraw-imrujen.sow.start",
                format!("{hole} is not a hole of {mover}'s row ({mover}1..{mover}5)"),
            ));
        }
        let slot = Self::slot(mover, number);
        match state.board[slot] {
            0 => {
                return Err(Violation::new(
                    "mraw-imrujen.sow.start",
                    format!("{hole} is empty"),
                ))
            }
            1 => {
                return Err(Violation::new(
                    "mraw-imrujen.sow.single",
                    format!("{hole} holds a single seed"),
                ))
            }
            _ => {}
        }
        debug_assert_eq!(self.legal(&state.board, mover), Ok(state.moves));
        let legal = state.moves;
        if legal.contains(slot) {
            return Ok(slot);
        }
        let names = |slots: &mut dyn Iterator<Item = usize>| {
            slots
                .map(|s| Self::hole(s).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let outcome = self.simulate(&state.board, mover, slot);
        if self.no_empty == NoEmpty::Illegal && outcome.empties_opponent {
            return Err(Violation::new(
                "mraw-imrujen.capture.no-empty",
                format!(
                    "{hole} would capture {}, leaving {} no seeds in his row",
                    names(&mut outcome.chain.iter()),
                    mover.other()
                ),
            ));
        }
        let why = if self.feed_always {
            "every move must reach the opponent's row".to_string()
        } else {
            format!("{} cannot play, so {mover} must feed him", mover.other())
        };
        Err(Violation::new(
            "mraw-imrujen.feed",
            format!(
                "{hole} does not reach {}'s row: {why}; moves that do: {}",
                mover.other(),
                names(&mut legal.iter())
            ),
        ))
    }

    /// The counts compared at a round's end, by `Side::index`.
    fn compared(&self, state: &MrawState) -> [u32; 2] {
        if self.keep_all_winnings {
            state.winnings
        } else {
            [
                state.winnings[0] - state.banked[0],
                state.winnings[1] - state.banked[1],
            ]
        }
    }

    fn more(counts: [u32; 2]) -> Option<Side> {
        match counts[0].cmp(&counts[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// What the end of the round in `state` keeps and shares out; `stuck` could not play.
    fn share_plan(&self, state: &MrawState, stuck: Side) -> SharePlan {
        let winner = Self::more(self.compared(state));
        let base = if self.keep_all_winnings {
            [0, 0]
        } else {
            state.banked
        };
        let kept: [u32; 2] = std::array::from_fn(|i| {
            let side = Side::from_index(i);
            let keeps = match winner {
                Some(w) => w == side,
                None => self.tie_both_keep,
            };
            if keeps {
                state.winnings[i]
            } else {
                base[i]
            }
        });
        let pot = SEEDS - kept[0] - kept[1];
        let per_hole = 2 * (pot / 20);
        let leftover = pot - HOLES as u32 * per_hole;
        let leftover_to = match (winner, self.leftover_to_fewer) {
            (Some(w), true) => w.other(),
            (Some(w), false) => w,
            (None, true) => stuck,
            (None, false) => stuck.other(),
        };
        let mut target = kept;
        target[leftover_to.index()] += leftover;
        SharePlan {
            winner,
            per_hole,
            target,
        }
    }

    fn history_key(state: &MrawState) -> ([u8; HOLES], Side) {
        (state.board.map(|s| s as u8), state.to_move)
    }

    /// Start the repetition record of a round (or of a position loaded from a record).
    fn reset_history(&self, state: &mut MrawState) {
        state.history.clear();
        if self.repetition_ends_round {
            state.history.push(Self::history_key(state));
        }
    }

    /// After a move: hand the turn over, or end the round.
    fn finish_turn<S: EventSink>(&self, state: &mut MrawState, captured: bool, sink: &mut S) {
        let next = state.to_move.other();
        state.to_move = next;
        match self.legal(&state.board, next) {
            Ok(moves) => state.moves = moves,
            Err(rule) => {
                self.end_round(state, next, rule, sink);
                return;
            }
        }
        if self.repetition_ends_round {
            if captured {
                // Winnings only grow within a round: nothing before a capture comes back.
                state.history.clear();
            }
            let key = Self::history_key(state);
            state.history.push(key);
            if state.history.iter().filter(|k| **k == key).count() >= 3 {
                self.end_round(state, next, "mraw-imrujen.repetition", sink);
                return;
            }
        }
        sink.event(Event::TurnEnd { next });
    }

    /// The round is over with `stuck` to move: say who won it, and end the game or wait for
    /// the next round's marker.
    fn end_round<S: EventSink>(
        &self,
        state: &mut MrawState,
        stuck: Side,
        rule: &'static str,
        sink: &mut S,
    ) {
        let plan = self.share_plan(state, stuck);
        sink.event(Event::RoundEnd {
            round: state.round,
            winner: plan.winner,
            rule,
        });
        let limit_reached = self.round_limit.is_some_and(|limit| state.round >= limit);
        // Nobody keeps a seed more than he held when the round began: the next round would
        // begin as this one did, and the game would only repeat itself.
        let nothing_kept = plan.target == state.banked;
        if plan.per_hole < 2 || limit_reached || nothing_kept {
            let winner = Self::more(state.winnings);
            state.stage = Stage::Over(winner);
            sink.event(Event::GameEnd {
                winner,
                rule: "mraw-imrujen.game.end",
            });
            return;
        }
        state.stage = Stage::RoundOver { stuck };
        let alternate = state.round_first.other();
        state.to_move = match self.next_first {
            NextFirst::Alternate => alternate,
            NextFirst::RoundWinner => plan.winner.unwrap_or(alternate),
            NextFirst::RoundLoser => plan.winner.map_or(alternate, Side::other),
        };
    }
}

impl Rules for MrawImrujen {
    type State = MrawState;
    type Decision = MrawMove;

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> MrawState {
        let mut state = MrawState {
            board: [4; HOLES],
            winnings: [0, 0],
            banked: [0, 0],
            to_move: first,
            round: 1,
            round_first: first,
            stage: Stage::Playing,
            // Room for a round's usual run of moves without a capture, so that a game's
            // first stretch does not grow the record step by step.
            history: Vec::with_capacity(if self.repetition_ends_round { 64 } else { 0 }),
            moves: Slots::default(),
        };
        state.moves = self
            .legal(&state.board, first)
            .expect("every hole holds 4 at the start");
        self.reset_history(&mut state);
        state
    }

    fn state_from_position(&self, position: &Position) -> Result<MrawState, Violation> {
        let shape = |message: String| Violation::new("mgn.position.shape", message);
        let mut state = self.start(position.to_move);
        state.round = position.round.max(1);
        for side in [Side::A, Side::B] {
            let holes = &position.holes[side.index()];
            if holes.len() != ROW {
                return Err(shape(format!(
                    "row {side} has {} holes; a Mraw imrujen board has {ROW}",
                    holes.len()
                )));
            }
            for (i, hole) in holes.iter().enumerate() {
                if !hole.pile.muzi.is_empty() || hole.owner.is_some() || hole.out_of_play {
                    return Err(shape(format!(
                        "{side}{}: Mraw imrujen has no muzi, no owned holes and no holes out of play",
                        i + 1
                    )));
                }
                state.board[Self::slot(side, i + 1)] = hole.pile.seeds;
            }
            let winnings = position.stores[side.index()];
            if !winnings.muzi.is_empty() {
                return Err(shape("Mraw imrujen has no muzi".to_string()));
            }
            state.winnings[side.index()] = winnings.seeds;
        }
        if position.debts != [0, 0] {
            return Err(shape("Mraw imrujen has no debts".to_string()));
        }
        let total: u64 = state
            .board
            .iter()
            .chain(&state.winnings)
            .map(|&s| s as u64)
            .sum();
        if total != SEEDS as u64 {
            return Err(shape(format!(
                "the position holds {total} seeds; a Mraw imrujen game has {SEEDS}"
            )));
        }
        // In round 1 nothing was kept before; in a later round the position is taken at the
        // round's start, so the winnings are what the players kept.
        if state.round > 1 {
            state.banked = state.winnings;
        }
        match self.legal(&state.board, state.to_move) {
            Ok(moves) => state.moves = moves,
            Err(rule) => {
                return Err(Violation::new(
                    rule,
                    format!(
                        "{} is to move and cannot play: the round would already be over",
                        state.to_move
                    ),
                ))
            }
        }
        self.reset_history(&mut state);
        Ok(state)
    }

    fn row_states<'a>(
        &'a self,
        state: &'a MrawState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        Self::row(side).map(move |slot| HoleState {
            pile: pile(state.board[slot]),
            owner: None,
            out_of_play: false,
        })
    }

    fn position_head(&self, state: &MrawState) -> PositionHead {
        PositionHead {
            stores: [pile(state.winnings[0]), pile(state.winnings[1])],
            to_move: state.to_move,
            round: state.round,
            debts: [0, 0],
        }
    }

    fn phase(&self, state: &MrawState) -> Phase {
        match state.stage {
            Stage::Over(winner) => Phase::Over { winner },
            Stage::RoundOver { .. } => Phase::RoundOver { round: state.round },
            Stage::Playing => Phase::ToMove(state.to_move),
        }
    }

    fn round(&self, state: &MrawState) -> u32 {
        state.round
    }

    fn decisions(&self, state: &MrawState, out: &mut Vec<MrawMove>) {
        out.clear();
        if state.stage != Stage::Playing {
            return;
        }
        debug_assert_eq!(self.legal(&state.board, state.to_move), Ok(state.moves));
        out.extend(state.moves.iter().map(|s| MrawMove(Self::hole(s))));
    }

    fn apply<S: EventSink>(
        &self,
        state: &mut MrawState,
        decision: &MrawMove,
        sink: &mut S,
    ) -> Result<(), Violation> {
        match state.stage {
            Stage::Over(_) => {
                return Err(Violation::new("mgn.game.over", "the game is already over"))
            }
            Stage::RoundOver { .. } => {
                return Err(Violation::new(
                    "mgn.round.marker",
                    format!(
                        "round {} is over: round {} starts with its marker",
                        state.round,
                        state.round + 1
                    ),
                ))
            }
            Stage::Playing => {}
        }
        let mover = state.to_move;
        let from = self.check_move(state, mover, decision.0)?;
        let outcome = self.simulate(&state.board, mover, from);
        let seeds = state.board[from];
        sink.event(Event::PickUp {
            hole: Self::hole(from),
            pile: pile(seeds),
            lap: 1,
        });
        let mut at = from;
        for i in 0..seeds {
            if i > 0 {
                at = self.next(mover, at);
            }
            sink.event(Event::Sow {
                hole: Self::hole(at),
            });
        }
        state.board = outcome.sown;
        sink.event(Event::LapEnd {
            hole: Self::hole(outcome.last),
            lap: 1,
            rule: outcome.lap_rule,
        });
        for (i, slot) in outcome.chain.iter().enumerate() {
            let taken = std::mem::take(&mut state.board[slot]);
            state.winnings[mover.index()] += taken;
            sink.event(Event::Capture {
                hole: Self::hole(slot),
                pile: pile(taken),
                by: mover,
                rule: if i == 0 {
                    "mraw-imrujen.capture.start"
                } else {
                    "mraw-imrujen.capture.chain"
                },
            });
        }
        self.finish_turn(state, !outcome.chain.is_empty(), sink);
        Ok(())
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(MrawMove, MovePart)>,
    ) -> Result<(), Violation> {
        check_move_form(written, &MOVE_FORM)?;
        let sowing = &written.sowings[0];
        out.clear();
        out.push((MrawMove(sowing.hole.value), MovePart::Sowing(0)));
        Ok(())
    }

    fn begin_round<S: EventSink>(
        &self,
        state: &mut MrawState,
        sink: &mut S,
    ) -> Result<(), Violation> {
        let Stage::RoundOver { stuck } = state.stage else {
            return Err(Violation::new(
                "mgn.round.marker",
                format!("round {} is not over", state.round),
            ));
        };
        let plan = self.share_plan(state, stuck);
        // The seeds on the board are gathered, each row into its owner's pile; then the piles
        // are evened out so that each holds what its owner keeps plus what his row takes.
        for slot in 0..HOLES {
            let seeds = std::mem::take(&mut state.board[slot]);
            if seeds > 0 {
                let by = Self::owner(slot);
                state.winnings[by.index()] += seeds;
                sink.event(Event::Gather {
                    hole: Self::hole(slot),
                    seeds,
                    by,
                    rule: "mraw-imrujen.round.share",
                });
            }
        }
        let row_takes = ROW as u32 * plan.per_hole;
        let need = [plan.target[0] + row_takes, plan.target[1] + row_takes];
        for from in [Side::A, Side::B] {
            let (i, j) = (from.index(), from.other().index());
            if state.winnings[i] > need[i] {
                let seeds = state.winnings[i] - need[i];
                state.winnings[i] -= seeds;
                state.winnings[j] += seeds;
                sink.event(Event::Transfer {
                    from,
                    to: from.other(),
                    seeds,
                    rule: "mraw-imrujen.round.share",
                });
            }
        }
        for slot in 0..HOLES {
            state.winnings[Self::owner(slot).index()] -= plan.per_hole;
            state.board[slot] = plan.per_hole;
            sink.event(Event::Refill {
                hole: Self::hole(slot),
                seeds: plan.per_hole,
            });
        }
        debug_assert_eq!(state.winnings, plan.target);
        state.banked = state.winnings;
        state.round += 1;
        state.round_first = state.to_move;
        state.stage = Stage::Playing;
        self.reset_history(state);
        sink.event(Event::RoundStart {
            round: state.round,
            first: state.to_move,
        });
        // Every hole holds 2 or 4 and no first move can capture, so the first player can
        // always play; this keeps the rule whole all the same.
        match self.legal(&state.board, state.to_move) {
            Ok(moves) => state.moves = moves,
            Err(rule) => {
                let stuck = state.to_move;
                self.end_round(state, stuck, rule, sink);
            }
        }
        Ok(())
    }

    fn pass_decision(&self) -> Option<MrawMove> {
        None
    }

    fn move_from_decisions(&self, turn: &[MrawMove]) -> Element {
        let sowings = turn
            .iter()
            .map(|m| Sowing {
                hole: Spanned::new(m.0, Default::default()),
                direction: None,
                transfer_to: None,
                muzi_drops: Few::new(),
            })
            .collect();
        Element::Move(Spanned::new(
            Move {
                sowings,
                extra_captures: Few::new(),
                actions: Few::new(),
                stopped_after_lap: None,
            },
            Default::default(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_game, GenerateOptions, Rng};
    use crate::notation::{parse_position, Header};

    fn rules(options: &[(&str, &str)]) -> MrawImrujen {
        let mut settings = Settings::defaults(&DEF);
        for (code, value) in options {
            settings.set(code, value).unwrap();
        }
        MrawImrujen::new(BOARD, &settings).unwrap()
    }

    fn at(d: &MrawImrujen, text: &str) -> MrawState {
        d.state_from_position(&parse_position(text).unwrap())
            .unwrap()
    }

    fn play(d: &MrawImrujen, state: &mut MrawState, hole: &str) -> Vec<Event> {
        let mut events = Vec::new();
        d.apply(state, &MrawMove(hole_named(hole)), &mut events)
            .unwrap_or_else(|v| panic!("{hole}: {v}"));
        events
    }

    fn refused(d: &MrawImrujen, state: &MrawState, hole: &str) -> &'static str {
        let mut after = state.clone();
        let violation = d
            .apply(&mut after, &MrawMove(hole_named(hole)), &mut ())
            .unwrap_err();
        assert_eq!(&after, state, "a refused move changes nothing");
        violation.rule
    }

    fn hole_named(name: &str) -> Hole {
        let side = if name.starts_with('A') {
            Side::A
        } else {
            Side::B
        };
        Hole::new(side, name[1..].parse().unwrap())
    }

    fn shown(d: &MrawImrujen, state: &MrawState) -> String {
        crate::notation::write_position(&d.position(state))
    }

    fn legal(d: &MrawImrujen, state: &MrawState) -> Vec<String> {
        let mut out = Vec::new();
        d.decisions(state, &mut out);
        out.iter().map(|m| m.to_string()).collect()
    }

    fn captures(events: &[Event]) -> Vec<(String, u32, &'static str)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Capture {
                    hole, pile, rule, ..
                } => Some((hole.to_string(), pile.seeds, *rule)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn mraw_imrujen_start_puts_4_seeds_in_every_hole() {
        let d = rules(&[]);
        let state = d.start(Side::B);
        assert_eq!(shown(&d, &state), "4,4,4,4,4/4,4,4,4,4 0/0 B 1");
        assert_eq!(legal(&d, &state), ["B1", "B2", "B3", "B4", "B5"]);
    }

    /// «començant en el mateix forat des d’on s’han agafat»
    #[test]
    fn mraw_imrujen_sow_lap_puts_the_first_seed_back_into_the_emptied_hole() {
        let d = rules(&[]);
        let mut state = d.start(Side::B);
        let events = play(&d, &mut state, "B4");
        assert_eq!(shown(&d, &state), "5,5,4,4,4/4,4,4,1,5 0/0 A 1");
        assert!(events.contains(&Event::LapEnd {
            hole: hole_named("A2"),
            lap: 1,
            rule: "mraw-imrujen.sow.lap"
        }));
        // A sows clockwise under the default: A5 toward A1, then B5.
        play(&d, &mut state, "A2");
        assert_eq!(shown(&d, &state), "6,1,4,4,4/4,4,5,2,6 0/0 B 1");
    }

    #[test]
    fn mraw_imrujen_sow_direction_a_counter_clockwise_swaps_the_ways() {
        let d = rules(&[("mraw-imrujen.sow.direction", "a-counter-clockwise")]);
        let mut state = d.start(Side::B);
        play(&d, &mut state, "B2");
        assert_eq!(shown(&d, &state), "4,4,4,5,5/5,1,4,4,4 0/0 A 1");
        play(&d, &mut state, "A1");
        assert_eq!(shown(&d, &state), "1,5,5,6,5/5,1,4,4,4 0/0 B 1");
    }

    #[test]
    fn mraw_imrujen_sow_start_and_sow_single_refuse_what_cannot_be_played() {
        let d = rules(&[]);
        let state = at(&d, "4,4,4,4,4/1,0,4,4,11 0/0 B 1");
        assert_eq!(refused(&d, &state, "A1"), "mraw-imrujen.sow.start");
        assert_eq!(refused(&d, &state, "B6"), "mraw-imrujen.sow.start");
        assert_eq!(refused(&d, &state, "B2"), "mraw-imrujen.sow.start");
        assert_eq!(refused(&d, &state, "B1"), "mraw-imrujen.sow.single");
    }

    /// «El jugador captura el contingut d’un forat propi si hi ha 2 o 4 llavors» and «Si el
    /// forat precedent també conté 2 o 4 llavors [...] creuant, fins i tot, el límit de la fila»
    #[test]
    fn mraw_imrujen_capture_chain_runs_back_across_the_row_boundary() {
        let d = rules(&[]);
        // B4's 8 seeds: B4 B5 A1 A2 A3 A4 A5 B1; B1 2, A5 2, A4 4, A3 1 stops the chain.
        let mut state = at(&d, "2,2,0,3,1/1,2,2,8,2 10/7 B 1");
        let events = play(&d, &mut state, "B4");
        assert_eq!(
            captures(&events),
            [
                ("B1".to_string(), 2, "mraw-imrujen.capture.start"),
                ("A5".to_string(), 2, "mraw-imrujen.capture.chain"),
                ("A4".to_string(), 4, "mraw-imrujen.capture.chain"),
            ]
        );
        assert_eq!(shown(&d, &state), "3,3,1,0,0/0,2,2,1,3 10/15 A 1");
        let own_row = rules(&[("mraw-imrujen.capture.reach", "own-row")]);
        let mut state = at(&own_row, "2,2,0,3,1/1,2,2,8,2 10/7 B 1");
        let events = play(&own_row, &mut state, "B4");
        assert_eq!(captures(&events).len(), 1, "the chain stops at B's row");
    }

    /// «collita: s’inicia en el territori propi»
    #[test]
    fn mraw_imrujen_capture_start_takes_nothing_in_the_opponents_row_or_without_2_or_4() {
        let d = rules(&[]);
        // B5's 2 seeds end in A1, which then holds 2: not B's, so nothing is taken.
        let mut state = at(&d, "1,2,2,2,2/2,2,2,2,2 10/11 B 1");
        assert!(captures(&play(&d, &mut state, "B5")).is_empty());
        assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,1 10/11 A 1");
        // B1's 3 seeds end in B3, which then holds 3.
        let mut state = at(&d, "2,2,2,2,2/3,2,2,2,2 9/10 B 1");
        assert!(captures(&play(&d, &mut state, "B1")).is_empty());
        // B1's 3 seeds end in B3, which then holds 4; B2 then holds 3 and stops the chain.
        let mut state = at(&d, "2,2,2,2,2/3,2,3,2,2 8/10 B 1");
        assert_eq!(
            captures(&play(&d, &mut state, "B1")),
            [("B3".to_string(), 4, "mraw-imrujen.capture.start")]
        );
    }

    /// «Un jugador no pot fer un moviment que provoqui una captura que deixi a l’adversari sense
    /// llavors en el seus forats.»: the three readings.
    #[test]
    fn mraw_imrujen_capture_no_empty_readings() {
        // B5's 7 seeds: B5 A1 A2 A3 A4 A5 B1 -> A 4,2,2,2,2 and B1 2: the chain would take
        // B1 and every seed of A's row.
        let start = "3,1,1,1,1/1,2,2,2,7 10/9 B 1";
        let d = rules(&[]);
        let state = at(&d, start);
        assert_eq!(refused(&d, &state, "B5"), "mraw-imrujen.capture.no-empty");
        assert_eq!(legal(&d, &state), ["B2", "B3", "B4"]);

        let d = rules(&[("mraw-imrujen.capture.no-empty", "no-capture")]);
        let mut state = at(&d, start);
        let events = play(&d, &mut state, "B5");
        assert!(captures(&events).is_empty());
        assert!(events.iter().any(|e| matches!(
            e,
            Event::LapEnd {
                rule: "mraw-imrujen.capture.no-empty",
                ..
            }
        )));
        assert_eq!(shown(&d, &state), "4,2,2,2,2/2,2,2,2,1 10/9 A 1");

        let d = rules(&[("mraw-imrujen.capture.no-empty", "chain-stops")]);
        let mut state = at(&d, start);
        let taken: Vec<String> = captures(&play(&d, &mut state, "B5"))
            .into_iter()
            .map(|c| c.0)
            .collect();
        assert_eq!(taken, ["B1", "A5", "A4", "A3", "A2"]);
        assert_eq!(shown(&d, &state), "4,0,0,0,0/0,2,2,2,1 10/19 A 1");
    }

    /// «Els jugadors han “d’alimentar l’oponent”, quan aquest jugador no pot jugar.»
    #[test]
    fn mraw_imrujen_feed_when_the_opponent_cannot_play() {
        let d = rules(&[]);
        // A has only singletons: B must reach A's row, and only B5 does.
        let state = at(&d, "1,0,1,0,1/2,3,0,0,2 15/15 B 1");
        assert_eq!(legal(&d, &state), ["B5"]);
        assert_eq!(refused(&d, &state, "B1"), "mraw-imrujen.feed");
        // A can play: no obligation under the default reach, one under `always`.
        let state = at(&d, "2,0,1,0,0/2,3,0,0,2 15/15 B 1");
        assert_eq!(legal(&d, &state), ["B1", "B2", "B5"]);
        let always = rules(&[("mraw-imrujen.feed.reach", "always")]);
        let state = at(&always, "2,0,1,0,0/2,3,0,0,2 15/15 B 1");
        assert_eq!(legal(&always, &state), ["B5"]);
        assert_eq!(refused(&always, &state, "B2"), "mraw-imrujen.feed");
    }

    #[test]
    fn mraw_imrujen_feed_impossible_ends_the_round_or_lapses() {
        // A1's 2 seeds: A1, B5. A is left with singletons and B's B1 and B2 cannot reach A.
        let start = "2,0,1,0,1/2,3,0,0,0 16/15 A 1";
        let d = rules(&[]);
        let mut state = at(&d, start);
        let events = play(&d, &mut state, "A1");
        assert!(events.contains(&Event::RoundEnd {
            round: 1,
            winner: Some(Side::A),
            rule: "mraw-imrujen.feed.impossible"
        }));
        assert_eq!(d.phase(&state), Phase::RoundOver { round: 1 });
        let any = rules(&[("mraw-imrujen.feed.impossible", "any-move")]);
        let mut state = at(&any, start);
        play(&any, &mut state, "A1");
        assert_eq!(legal(&any, &state), ["B1", "B2"]);
    }

    /// «El jugador que ha guanyat més llavors, se les queda. Les restants [...] es reparteixen
    /// equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un.»
    #[test]
    fn mraw_imrujen_round_share_keeps_the_larger_captures_and_shares_the_rest_evenly() {
        let start = "2,0,1,0,1/2,3,0,0,0 16/15 A 1";
        let cases: &[(&[(&str, &str)], &str)] = &[
            // A keeps 16; 24 are shared: 2 a hole, 4 left over to B (who captured fewer).
            (&[], "2,2,2,2,2/2,2,2,2,2 16/4 B 2"),
            (
                &[("mraw-imrujen.round.leftover", "more")],
                "2,2,2,2,2/2,2,2,2,2 20/0 B 2",
            ),
            (
                &[("mraw-imrujen.next-round.first", "round-winner")],
                "2,2,2,2,2/2,2,2,2,2 16/4 A 2",
            ),
            (
                &[("mraw-imrujen.next-round.first", "round-loser")],
                "2,2,2,2,2/2,2,2,2,2 16/4 B 2",
            ),
        ];
        for (options, after) in cases {
            let d = rules(options);
            let mut state = at(&d, start);
            play(&d, &mut state, "A1");
            let mut events = Vec::new();
            d.begin_round(&mut state, &mut events).unwrap();
            assert_eq!(shown(&d, &state), *after, "{options:?}");
            assert!(events.iter().any(|e| matches!(e, Event::Transfer { .. })));
        }
        let d = rules(&[("mraw-imrujen.game.end", "after-round-1")]);
        let mut state = at(&d, start);
        play(&d, &mut state, "A1");
        assert_eq!(
            d.phase(&state),
            Phase::Over {
                winner: Some(Side::A)
            }
        );
    }

    #[test]
    fn mraw_imrujen_round_keep_and_tie_in_a_later_round() {
        // Round 2: A kept 16 and B 3 before, and each has captured 4 since. A1's 2 seeds
        // (A1, B5) leave A with singletons, and none of B's holes reaches A's row.
        let start = "2,0,1,0,1/2,3,3,1,0 20/7 A 2";
        let after_a1 = |options: &[(&str, &str)]| {
            let d = rules(options);
            let mut state = at(&d, start);
            state.banked = [16, 3];
            let events = play(&d, &mut state, "A1");
            assert!(events.iter().any(|e| matches!(
                e,
                Event::RoundEnd {
                    round: 2,
                    rule: "mraw-imrujen.feed.impossible",
                    ..
                }
            )));
            (d, state)
        };
        // A tie in round captures: nobody keeps them; 21 are shared, 2 a hole, and the one
        // left over goes to B, who could not play; B starts (alternate).
        let (d, mut state) = after_a1(&[]);
        d.begin_round(&mut state, &mut ()).unwrap();
        assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,2 16/4 B 3");
        // Both keep: only the 13 on the board are left: the game is over, A holds more.
        let (d, state) = after_a1(&[("mraw-imrujen.round.tie", "both-keep")]);
        assert_eq!(
            d.phase(&state),
            Phase::Over {
                winner: Some(Side::A)
            }
        );
        // All winnings compared: A's 20 against B's 7; B's 7 go back with the board's 13.
        let (d, mut state) = after_a1(&[("mraw-imrujen.round.keep", "all-winnings")]);
        d.begin_round(&mut state, &mut ()).unwrap();
        assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,2 20/0 B 3");
    }

    #[test]
    fn mraw_imrujen_game_end_when_the_rest_cannot_put_two_in_every_hole() {
        let d = rules(&[]);
        // B5/A1 forced: A 10, B 21 captured in round 1; B keeps 21, 19 cannot be shared.
        let mut state = at(&d, "1,1,0,1,1/1,1,1,0,2 10/21 B 1");
        play(&d, &mut state, "B5");
        play(&d, &mut state, "A1");
        play(&d, &mut state, "B5");
        let events = play(&d, &mut state, "A1");
        assert!(events.contains(&Event::GameEnd {
            winner: Some(Side::B),
            rule: "mraw-imrujen.game.end"
        }));
    }

    #[test]
    fn mraw_imrujen_game_end_when_a_round_keeps_nothing_new() {
        // Round 2 began with A holding 16 and B 4; each captures 3 (a tie), so nobody keeps
        // them and round 3 would begin as round 2 did: the game is over, A holds more.
        let d = rules(&[]);
        let mut state = at(&d, "2,0,1,0,1/2,3,3,2,0 19/7 A 2");
        state.banked = [16, 4];
        let events = play(&d, &mut state, "A1");
        assert!(events.contains(&Event::GameEnd {
            winner: Some(Side::A),
            rule: "mraw-imrujen.game.end"
        }));
    }

    #[test]
    fn mraw_imrujen_repetition_ends_the_round_at_the_third_occurrence() {
        let start = "1,1,0,1,1/1,1,1,1,2 10/20 B 1";
        let d = rules(&[]);
        let mut state = at(&d, start);
        for hole in ["B5", "A1", "B5"] {
            play(&d, &mut state, hole);
            assert_eq!(d.phase(&state), Phase::ToMove(state.to_move));
        }
        let events = play(&d, &mut state, "A1");
        assert!(events.contains(&Event::RoundEnd {
            round: 1,
            winner: Some(Side::B),
            rule: "mraw-imrujen.repetition"
        }));
        let allowed = rules(&[("mraw-imrujen.repetition", "allowed")]);
        let mut state = at(&allowed, start);
        for _ in 0..50 {
            play(&allowed, &mut state, "B5");
            play(&allowed, &mut state, "A1");
        }
        assert_eq!(allowed.phase(&state), Phase::ToMove(Side::B));
    }

    #[test]
    fn mraw_imrujen_start_positions_are_checked() {
        let d = rules(&[]);
        let refuse = |text: &str| {
            d.state_from_position(&parse_position(text).unwrap())
                .unwrap_err()
                .rule
        };
        assert_eq!(refuse("4,4,4,4/4,4,4,4,4 4/0 B 1"), "mgn.position.shape");
        assert_eq!(refuse("4,4,4,4,4/4,4,4,4,4 1/0 B 1"), "mgn.position.shape");
        assert_eq!(refuse("4,4,4,4,mA/4,4,4,4,4 4/0 B 1"), "mgn.position.shape");
        assert_eq!(refuse("4,4,4,4,x/4,4,4,4,4 4/0 B 1"), "mgn.position.shape");
        assert_eq!(
            refuse("4,4,4,4,4@B/4,4,4,4,4 0/0 B 1"),
            "mgn.position.shape"
        );
        assert_eq!(
            refuse("4,4,4,4,4/4,4,4,4,4 0/0 B 1 1/0"),
            "mgn.position.shape"
        );
        assert_eq!(
            refuse("4,4,4,4,4/1,1,1,0,0 17/0 B 1"),
            "mraw-imrujen.round.end"
        );
    }

    #[test]
    fn mraw_imrujen_moves_are_a_hole_alone() {
        let d = rules(&[]);
        let text = "[Game \"mraw-imrujen\"]\n\n1. B4> *\n\n[Game \"mraw-imrujen\"]\n\n1. B4-B2 *\n\n[Game \"mraw-imrujen\"]\n\n1. B4 *\n";
        let games: Vec<_> = crate::notation::parse_games(text)
            .into_iter()
            .map(|g| g.unwrap())
            .collect();
        let first_move = |g: &crate::notation::Game| match &g.moves[0] {
            Element::Move(m) => m.value.clone(),
            other => panic!("{other:?}"),
        };
        for game in &games[..2] {
            let err = d.decisions_from_move(&first_move(game)).unwrap_err();
            assert_eq!(err.rule, "mgn.move.form");
        }
        assert_eq!(
            d.decisions_from_move(&first_move(&games[2])).unwrap(),
            [(MrawMove(hole_named("B4")), MovePart::Sowing(0))]
        );
        assert_eq!(d.pass_decision(), None);
    }

    /// Seeds by place, rebuilt from the events alone (a pick-up goes to the hand).
    #[derive(Debug, PartialEq)]
    struct Ledger {
        holes: [i64; HOLES],
        winnings: [i64; 2],
        hand: i64,
    }

    impl Ledger {
        fn of(state: &MrawState) -> Ledger {
            Ledger {
                holes: state.board.map(|s| s as i64),
                winnings: state.winnings.map(|s| s as i64),
                hand: 0,
            }
        }

        fn total(&self) -> i64 {
            self.holes.iter().sum::<i64>() + self.winnings.iter().sum::<i64>() + self.hand
        }
    }

    impl EventSink for Ledger {
        fn event(&mut self, event: Event) {
            let slot = |h: Hole| MrawImrujen::slot(h.side, h.number as usize);
            match event {
                Event::PickUp { hole, pile, .. } => {
                    assert_eq!(self.holes[slot(hole)], pile.seeds as i64);
                    self.holes[slot(hole)] = 0;
                    self.hand += pile.seeds as i64;
                }
                Event::Sow { hole } => {
                    self.hand -= 1;
                    self.holes[slot(hole)] += 1;
                }
                Event::Capture { hole, pile, by, .. } => {
                    self.holes[slot(hole)] -= pile.seeds as i64;
                    self.winnings[by.index()] += pile.seeds as i64;
                }
                Event::Gather {
                    hole, seeds, by, ..
                } => {
                    self.holes[slot(hole)] -= seeds as i64;
                    self.winnings[by.index()] += seeds as i64;
                }
                Event::Transfer {
                    from, to, seeds, ..
                } => {
                    self.winnings[from.index()] -= seeds as i64;
                    self.winnings[to.index()] += seeds as i64;
                }
                Event::Refill { hole, seeds } => {
                    self.winnings[hole.side.index()] -= seeds as i64;
                    self.holes[slot(hole)] += seeds as i64;
                }
                _ => {}
            }
            assert!(self.hand >= 0 && self.holes.iter().chain(&self.winnings).all(|&s| s >= 0));
            assert_eq!(self.total(), SEEDS as i64, "seeds conserved at {event:?}");
        }
        fn mark(&mut self) -> usize {
            0
        }
        fn withdraw(&mut self, _: usize) {
            panic!("Mraw imrujen plays each decision once, having checked it: none is withdrawn");
        }
    }

    fn variants() -> Vec<MrawImrujen> {
        let mut all = vec![rules(&[])];
        for option in OPTIONS {
            for (value, _) in &option.values[1..] {
                all.push(rules(&[(option.code, value)]));
            }
        }
        all
    }

    /// Random games under every option value: 40 seeds at every event of every decision, the
    /// events rebuild each position, and the written game replays and passes.
    #[test]
    fn random_games_conserve_40_seeds_and_replay() {
        let mut rounds_seen = 0;
        for (v, d) in variants().iter().enumerate() {
            for seed in 0..12u64 {
                let mut rng = Rng::new(seed * 97 + v as u64);
                let first = if seed % 2 == 0 { Side::A } else { Side::B };
                let mut state = d.start(first);
                let mut decisions = Vec::new();
                for _ in 0..2000 {
                    let mut ledger = Ledger::of(&state);
                    match d.phase(&state) {
                        Phase::Over { .. } => break,
                        Phase::RoundOver { .. } => {
                            d.begin_round(&mut state, &mut ledger).unwrap();
                            rounds_seen += 1;
                        }
                        _ => {
                            d.decisions(&state, &mut decisions);
                            assert!(!decisions.is_empty(), "{state:?}");
                            let m = decisions[rng.below(decisions.len())];
                            d.apply(&mut state, &m, &mut ledger).unwrap();
                        }
                    }
                    assert_eq!(ledger, Ledger::of(&state));
                }
            }
        }
        assert!(rounds_seen > 50, "only {rounds_seen} later rounds");
        // The generator's records replay under the same settings.
        for seed in 0..40 {
            let mut header = Header::new(GameKind::MrawImrujen);
            let d = rules(&[]);
            header.first = Some(Spanned::new(Side::B, Default::default()));
            let game = random_game(
                &d,
                header,
                d.start(Side::B),
                &mut Rng::new(seed),
                GenerateOptions {
                    checkpoints: true,
                    max_plies: 5000,
                },
            );
            let replayed = crate::replay::replay_game(&game, false);
            assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
        }
    }

    /// The two values of `mraw-imrujen.sow.direction` are mirror images: a game under one,
    /// with every hole k renamed 6-k, is a game under the other.
    #[test]
    fn mraw_imrujen_sow_direction_values_mirror_each_other() {
        let d = rules(&[]);
        let m = rules(&[("mraw-imrujen.sow.direction", "a-counter-clockwise")]);
        let mirror = |h: Hole| Hole::new(h.side, 6 - h.number);
        let flip = |p: Position| {
            let mut p = p;
            for row in p.holes.iter_mut() {
                row.reverse();
            }
            p
        };
        for seed in 0..30 {
            let mut rng = Rng::new(seed);
            let mut s = d.start(Side::B);
            let mut t = m.start(Side::B);
            let mut decisions = Vec::new();
            loop {
                assert_eq!(flip(d.position(&s)), m.position(&t));
                match d.phase(&s) {
                    Phase::Over { winner } => {
                        assert_eq!(m.phase(&t), Phase::Over { winner });
                        break;
                    }
                    Phase::RoundOver { .. } => {
                        d.begin_round(&mut s, &mut ()).unwrap();
                        m.begin_round(&mut t, &mut ()).unwrap();
                    }
                    _ => {
                        d.decisions(&s, &mut decisions);
                        let mv = decisions[rng.below(decisions.len())];
                        d.apply(&mut s, &mv, &mut ()).unwrap();
                        m.apply(&mut t, &MrawMove(mirror(mv.0)), &mut ()).unwrap();
                    }
                }
            }
        }
    }
}
