//! Nchuwa (Malawi), from seed `001_f19c85123d035a9a.txt` (Catalan), with Sanderson 1913 where
//! `shared/RULES-READING.md` quotes him. See `docs/rules/nchuwa.md`.
//!
//! Each player sows only round his own two rows: a ring of 2N holes numbered in sowing order
//! (outer row 1..N, inner row N+1..2N). Seeds never cross to the other side; captured seeds
//! leave the board for the captor's winnings. The opening gambit has no decision and is part of
//! the start position; the opening transfers and every later move are one decision each, the
//! extra captures and a stopped lap included, as MGN writes them in one token (`B8:B2*A5`,
//! `B8:B2*A5*A7`, `B9*A5`, `B9/17`).

use super::cycle::{self, Walk};
use super::{
    check_move_form, pile, undecided, Event, EventSink, GameDef, MoveForm, MovePart, OptionDef,
    Phase, PositionHead, PresetDef, RuleDef, Rules, Settings, Violation,
};
use crate::notation::{
    BoardSize, Element, Few, GameKind, Hole, HoleState, Move, Position, Side, Sowing, Spanned,
};
use std::fmt;

const fn board(columns: u32) -> BoardSize {
    BoardSize { rows: 4, columns }
}

static MOVE_FORM: MoveForm = MoveForm {
    game: "Nchuwa",
    shape: "a hole (`B9`), or the opening transfer `from:to`, with the holes taken by choice (`*A5`); every sowing is counter-clockwise",
    chained: false,
    direction: false,
    transfer: true,
    muzi_drops: false,
    extra_captures: true,
    owner_actions: false,
    stopped: true,
};

pub static DEF: GameDef = GameDef {
    kind: GameKind::Nchuwa,
    boards: &[board(6), board(9), board(12), board(15)],
    default_board: board(6),
    rules: RULES,
    options: OPTIONS,
    presets: PRESETS,
};

static RULES: &[RuleDef] = &[
    RuleDef {
        code: "nchuwa.board",
        summary: "a 4xN board, N = 6, 9, 12 or 15; each player owns the two rows on his side: the outer row (holes 1..N) and the inner row (N+1..2N)",
        source: "«El joc Nchuwa és jugat pels (ba)tonga de Malawi en taulers de 4×6 ,4×9, 4×12 i 4×15.» «Les dues files de sota pertanyen al jugador B. Les files numerades en cada costat del tauler del 7 al 12 s’anomenen files internes. [...] Les files numerades en cada costat del tauler de l’1 al 6 s’anomenen files externes.»",
    },
    RuleDef {
        code: "nchuwa.start",
        summary: "2 seeds in every hole (8N in all), no winnings",
        source: "«disposició inicial: 2 llavors en cada forat.» «en un tauler de 4×6 calen 48 llavors (24 per jugador)»",
    },
    RuleDef {
        code: "nchuwa.first",
        summary: "the First tag says who makes the opening first (B when it is absent, as on the page)",
        source: "«Abans de sembrar els jugadors per torns realitzen un tipus d’obertura del joc.» «El jugador B agafa [...]»",
    },
    RuleDef {
        code: "nchuwa.opening.gambit",
        summary: "the gambit: each player in turn takes the 2 seeds of hole N+1 and sows them into the next two holes, then does the same from the next hole that still holds 2, round his two rows; every third hole (1, 4, 7, ...) ends empty and the others hold 3. It involves no choice: mgn's start position is the position after both gambits",
        source: "«El jugador B agafa el contingut del forat de l’extrem dret de la seva fila interna (7) i sembra aquestes llavors en direcció anti-horària, acabant en el forat de l’extrem esquerre de la fila interna pròpia (12). Aleshores agafa el contingut del forat següent (1) de l’extrem esquerre en la fila externa i sembra aquestes llavors. I continua d’aquesta manera fins completar el circuit de les seves pròpies files, acabant en el forat de l’extrem dret de la fila externa (6). L’adversari (jugador A) fa el mateix.» Sanderson 1913: \"puts one in the second hole and one in the third. He then takes up the two in the next hole and puts one in each of the next two holes, and so on\"",
    },
    RuleDef {
        code: "nchuwa.opening.transfer",
        summary: "then each player in turn, first player first, moves two seeds from an inner hole of his holding two or more to an empty outer hole of his (written `B8:B2`); no other move is allowed until both have done so",
        source: "«Després el jugador B transfereix dues llavors des de qualsevol dels propis forats ocupats de la fila interna a un forat buit de la pròpia fila externa» «Aleshores l’adversari (jugador A) fa la mateixa operació, completant l’obertura del joc (no cal copiar el moviment efectuat pel primer jugador).»",
    },
    RuleDef {
        code: "nchuwa.opening.capture",
        summary: "the transfer captures the opponent's holes opposite the hole the two seeds came from: the facing inner hole and the outer hole behind it, each if occupied",
        source: "«i captura el contingut dels forats ocupats oposats al forat d’on aquest jugador ha transferit les dues llavors en qüestió.» Sanderson 1913: \"He then takes from his opponent the contents of the two holes opposite to that from which he moved the two men\"",
    },
    RuleDef {
        code: "nchuwa.opening.extra",
        summary: "and it captures one more occupied hole of the opponent, of the player's choice, in either row (written `*A5`; two under nchuwa.opening.removals=two, `*A5*A7`); this one is not optional",
        source: "«A més a més, aquest jugador també captura el contingut de qualsevol altre forat del costat de l’adversari.» Sanderson 1913: \"and also the contents of any one other hole (back or front rows)\"",
    },
    RuleDef {
        code: "nchuwa.sow.start",
        summary: "a move starts from a hole of the mover's two rows holding two or more seeds; its seeds are sown one by one counter-clockwise round his own two rows, from the next hole",
        source: "«direcció sembra: anti-horària.» «Cada jugador per torns comença un moviment agafant el contingut de qualsevol forat de les dues files pròpies que continguin dues o més llavors. Les llavors es col·loquen una a una en els forats següents.»",
    },
    RuleDef {
        code: "nchuwa.lap.relay",
        summary: "a lap whose last seed falls in an occupied hole: that hole's seeds are taken up and sown on from the next hole, in a new lap",
        source: "«sembra: volta múltiple (o encadenada).» «Si l’última llavor d’una volta cau en un forat que contingui alguna llavor en qualsevol de les dues files pròpies, el jugador continua sembrant. El jugador agafa aquestes llavors i les mou una a una des del forat següent i una nova volta comença i sembra les llavors fins que la darrera llavor d’una volta cau en un forat buit.»",
    },
    RuleDef {
        code: "nchuwa.lap.outer-empty",
        summary: "a lap whose last seed falls in an empty outer hole: no capture, the turn ends",
        source: "«Quan la darrera llavor cau en forat buit de la fila externa pròpia, no hi ha captura i es passa el torn a l’altre jugador.»",
    },
    RuleDef {
        code: "nchuwa.lap.inner-empty",
        summary: "a lap whose last seed falls in an empty inner hole facing an empty inner hole of the opponent: no capture, the turn ends",
        source: "«es mira si l’altre jugador té llavors al mateix forat de la seva fila interna. En cas afirmatiu, es cullen aquestes llavors.» (otherwise nothing is taken, and the sowing has ended: «fins que la darrera llavor d’una volta cau en un forat buit»)",
    },
    RuleDef {
        code: "nchuwa.capture.inner",
        summary: "a lap whose last seed falls in an empty inner hole facing an occupied inner hole of the opponent: those seeds are captured (inner hole B(N+k) faces A(2N+1-k)); the turn ends",
        source: "«collita: només en territori de l’adversari. Quan la darrera llavor d’una volta cau en un forat buit de la fila interna, es mira si l’altre jugador té llavors al mateix forat de la seva fila interna. En cas afirmatiu, es cullen aquestes llavors.»",
    },
    RuleDef {
        code: "nchuwa.capture.behind",
        summary: "after an inner capture, the opponent's outer hole behind it is captured too if occupied (behind A(2N+1-k) stands A(k))",
        source: "«Si hi ha hagut captura a la fila interna de l’adversari i al forat del darrera (a la fila externa de l’adversari) també hi ha llavors, també es cullen.»",
    },
    RuleDef {
        code: "nchuwa.capture.extra",
        summary: "every capture gives the right to capture one more occupied hole of the opponent, in either row, of the mover's choice (written `B9*A5`)",
        source: "«Cada vegada que un jugador fa una captura també té dret de capturar el contingut de qualsevol forat de l’adversari (en la fila externa o interna). Les captures es retiren del tauler.»",
    },
    RuleDef {
        code: "nchuwa.sow.singleton",
        summary: "a player whose holes all hold one seed or none moves a single seed into the next hole, which must be empty (the option of the same code can let single seeds move freely)",
        source: "«Quan un jugador es queda només amb forats que tenen una o cap llavor, només les podrà desplaçar a forats buits (no podrà acumular 2 llavors en un sol forat).» Sanderson (Angoni game): single men move \"only to an adjacent empty hole and when no holes contain more than one man\"",
    },
    RuleDef {
        code: "nchuwa.game.end",
        summary: "the game ends when a player has no seeds left on the board; he has lost",
        source: "«objectiu del joc: capturar totes les llavors de l’adversari.» «el joc acaba…: quan un jugador es queda sense cap llavor.»",
    },
];

static OPTIONS: &[OptionDef] = &[
    OptionDef {
        code: "nchuwa.capture.extra-decline",
        summary: "whether the mover may decline the extra capture after a capture in play (the opening's extra capture is never optional)",
        values: &[
            ("allowed", "he may: a capturing move written without `*` declines it («té dret», a right)"),
            ("forbidden", "he must take one more occupied hole when the opponent has one"),
        ],
        source: "«també té dret de capturar el contingut de qualsevol forat de l’adversari»",
    },
    OptionDef {
        code: "nchuwa.capture.extra-when",
        summary: "which captures in play give the extra capture",
        values: &[
            ("every-capture", "every capture («Cada vegada que un jugador fa una captura»)"),
            ("back-empty", "only a capture whose outer hole behind was empty, so that a capture takes two holes at most (a reading of Sanderson's Angoni game: with the back hole empty, the front hole \"and one other only\" may be taken)"),
            ("never", "no capture in play gives one: the capture takes the facing inner hole and the outer hole behind it, nothing more (Ludii's Nchuwa.lud, whose rules code has no extra capture in play although its description says \"The player may also capture the contents of any other hole\"; not a seed)"),
        ],
        source: "«Cada vegada que un jugador fa una captura també té dret de capturar» / Sanderson 1913 (Angoni game, p. 733): with the back hole empty, the front hole \"and one other only\" may be taken / Ludii's Nchuwa.lud (not a seed): its play phase captures the two opposite holes and nothing else",
    },
    OptionDef {
        code: "nchuwa.opening.capture",
        summary: "which of the opponent's holes opposite the transfer's source the transfer captures",
        values: &[
            ("occupied", "both: each of the two opposite holes is taken if occupied («els forats ocupats oposats»; Sanderson: \"the contents of the two holes opposite\")"),
            ("front-first", "as in play, the back hole only when the facing inner hole was taken (Sanderson's \"No men can be taken unless a hole in the front row is first attacked\" applied to the opening)"),
            ("none", "neither: the transfer captures nothing facing it, and the opening takes only its free removals (Ludii's Nchuwa.lud, not a seed: its phase Opening3 moves the two seeds and captures nothing)"),
        ],
        source: "«captura el contingut dels forats ocupats oposats al forat d’on aquest jugador ha transferit les dues llavors» / Sanderson (Angoni game): \"No men can be taken unless a hole in the front row is first attacked\" / Ludii's Nchuwa.lud (not a seed)",
    },
    OptionDef {
        code: "nchuwa.opening.removals",
        summary: "how many further holes the opening transfer captures besides the opposite ones",
        values: &[
            ("one", "one («qualsevol altre forat»; Sanderson: \"any one other hole\")"),
            ("two", "two: after the transfer the player removes the contents of any one of the opponent's holes, twice (Ludii's Nchuwa.lud, not a seed: its phases Opening4 and Opening5); two distinct occupied holes, written `*A5*A7` in either order; when the opponent has fewer occupied holes, all of them"),
        ],
        source: "«A més a més, aquest jugador també captura el contingut de qualsevol altre forat del costat de l’adversari.» / Ludii's Nchuwa.lud (not a seed): two removals from the opponent's holes after the transfer",
    },
    OptionDef {
        code: "nchuwa.sow.singleton",
        summary: "when and where a hole holding a single seed may be moved",
        values: &[
            ("empty-only", "only when all the mover's holes hold one seed or none, and only into an empty next hole («només les podrà desplaçar a forats buits»)"),
            ("free", "like any other hole, at any time: its seed is sown into the next hole, and relays if that hole was occupied (Ludii's Nchuwa.lud, not a seed: a move starts from any occupied hole; its description: \"Single counters may be moved\")"),
        ],
        source: "«Quan un jugador es queda només amb forats que tenen una o cap llavor, només les podrà desplaçar a forats buits (no podrà acumular 2 llavors en un sol forat).» / Ludii's Nchuwa.lud (not a seed)",
    },
    OptionDef {
        code: "nchuwa.sow.origin",
        summary: "whether a lap of 2N or more seeds drops a seed in the hole it was taken from (the seed is silent)",
        values: &[
            ("sow", "the emptied hole is sown like any other"),
            ("skip", "the emptied hole is skipped"),
        ],
        source: "silent: «Les llavors es col·loquen una a una en els forats següents.»",
    },
    OptionDef {
        code: "nchuwa.endless",
        summary: "what happens to a move whose relay sowing never ends (mgn detects a repeated in-move state exactly, with no lap limit short of the lap budget of mgn.limit.laps)",
        values: &[
            ("illegal", "such a move may not be played"),
            ("stop", "the mover sows until the in-move state repeats, then stops after that lap or any later lap of one more round of the cycle; the move is written with the lap, `B9/17`, and captures nothing"),
        ],
        source: "silent: «el jugador continua sembrant [...] fins que la darrera llavor d’una volta cau en un forat buit» (RULES-READING: Sowings that never end)",
    },
    OptionDef {
        code: "nchuwa.no-move",
        summary: "what a player with seeds but no legal move does (all his holes hold one seed; or every move he has never ends, under nchuwa.endless=illegal)",
        values: &[
            ("pass", "he passes; when neither player can move the game is drawn"),
            ("loses", "he has lost"),
        ],
        source: "silent: «el joc acaba…: quan un jugador es queda sense cap llavor.»",
    },
];

static PRESETS: &[PresetDef] = &[
    PresetDef {
        name: "catalan",
        summary: "the rules of the Catalan page, every open point at its default",
        settings: &[],
    },
    PresetDef {
        name: "sanderson",
        summary: "Sanderson 1913 as RULES-READING quotes him: the game \"proceeds exactly as in the Angoni game\", whose capture takes the front hole and one other only when the back hole is empty",
        settings: &[("nchuwa.capture.extra-when", "back-empty")],
    },
    PresetDef {
        name: "ludii",
        summary: "the rules code of Ludii's Nchuwa.lud (Ludeme/Ludii, ruleset \"Atonga (Described)\", after Sanderson 1913: 734-735; not a seed): the transfer captures nothing facing it and is followed by two free removals, a capture in play takes the two opposite holes and nothing more, and single seeds move freely",
        settings: &[
            ("nchuwa.opening.capture", "none"),
            ("nchuwa.opening.removals", "two"),
            ("nchuwa.capture.extra-when", "never"),
            ("nchuwa.sow.singleton", "free"),
        ],
    },
];

/// Laps a walk follows before it looks for a cycle (see [`Nchuwa::walk`]).
const PLAIN_LAPS: u64 = 64;

/// The largest ring: 2 x 15 holes.
const MAX_RING: usize = 30;
type Ring = [u8; MAX_RING];

/// Nchuwa's rules for one board and one set of options.
#[derive(Clone, Debug)]
pub struct Nchuwa {
    /// Holes a row.
    n: usize,
    extra_declinable: bool,
    extra_when: ExtraWhen,
    opening_capture: OpeningCapture,
    /// Holes the opening transfer takes by choice (`nchuwa.opening.removals`): 1 or 2.
    removals: usize,
    free_singletons: bool,
    skip_origin: bool,
    endless_stop: bool,
    no_move_loses: bool,
    /// The lap budget of one move (`mgn.limit.laps`).
    max_laps: u64,
    /// Behind a pointer: a cell in the rules themselves would let the compiler assume nothing
    /// of them across a call (1 to 2% more instructions in every replay).
    memo: Box<MemoCell>,
}

/// The remembered move, if any, and a key of it that every walk compares with its own, so that
/// the walks of other moves look no further.
#[derive(Clone, Debug, Default)]
struct MemoCell {
    key: std::cell::Cell<Option<u64>>,
    memo: std::cell::RefCell<Option<Memo>>,
}

/// A key of a move from `start` with the mover's `ring`: its start and its first holes.
#[inline(always)]
fn memo_key(ring: &Ring, start: usize) -> u64 {
    let mut first = [0u8; 8];
    first.copy_from_slice(&ring[..8]);
    u64::from_le_bytes(first) ^ (start as u64) << 56
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NchuwaState {
    /// Seeds per hole of each side (index `Side::index`), hole k at k-1.
    rings: [Ring; 2],
    /// Seeds each side has captured.
    won: [u32; 2],
    to_move: Side,
    /// Opening transfers still to be made (2 at the start, 0 in play).
    opening: u8,
    /// The player to move has seeds but no legal move, and passes (`nchuwa.no-move=pass`).
    must_pass: bool,
    /// Some(winner) once the game is over.
    result: Option<Option<Side>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExtraWhen {
    EveryCapture,
    BackEmpty,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OpeningCapture {
    Occupied,
    FrontFirst,
    None,
}

/// The opponent's holes a turn takes by the mover's choice, in the order written (`*A5*A7`):
/// none, one, or the opening's two removals (`nchuwa.opening.removals=two`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extras([Option<Hole>; 2]);

impl Extras {
    pub const NONE: Extras = Extras([None, None]);

    pub fn one(hole: Hole) -> Extras {
        Extras([Some(hole), None])
    }

    /// The holes written, or None when there are more than two.
    pub fn from_holes(holes: &[Hole]) -> Option<Extras> {
        match *holes {
            [] => Some(Extras::NONE),
            [a] => Some(Extras([Some(a), None])),
            [a, b] => Some(Extras([Some(a), Some(b)])),
            _ => None,
        }
    }

    pub fn len(&self) -> usize {
        self.0.iter().flatten().count()
    }

    pub fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }

    pub fn iter(&self) -> impl Iterator<Item = Hole> + '_ {
        self.0.iter().flatten().copied()
    }
}

impl fmt::Display for Extras {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|hole| write!(f, "*{hole}"))
    }
}

/// A decision in Nchuwa: one whole turn, as MGN writes it in one token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NchuwaDecision {
    Pass,
    /// The opening transfer `from:to*extra`, or `from:to*extra*extra` with two removals.
    Transfer {
        from: Hole,
        to: Hole,
        extras: Extras,
    },
    /// A move from `hole`, with the extra capture it takes, or the lap it stops after.
    Sow {
        hole: Hole,
        extras: Extras,
        stop: Option<u32>,
    },
}

impl fmt::Display for NchuwaDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NchuwaDecision::Pass => f.write_str("pass"),
            NchuwaDecision::Transfer { from, to, extras } => write!(f, "{from}:{to}{extras}"),
            NchuwaDecision::Sow { hole, extras, stop } => {
                write!(f, "{hole}{extras}")?;
                match stop {
                    Some(lap) => write!(f, "/{lap}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The state of a move between laps: the mover's ring, and the hole the next lap starts from.
/// Two moments of a move with equal in-move states go on identically, forever.
#[derive(Clone, Debug, PartialEq, Eq)]
struct InMove {
    ring: Ring,
    at: u8,
}

/// The last long move whose walk did not end (it never ends, or was not decided), and how far
/// its stops were played: listing the stops of one endless move and playing them one after
/// the other (perft, random play) follows its walk once and a lap a stop, where each stop
/// followed the whole walk again (a cycle of a million laps took 10^12 laps to count).
#[derive(Clone, Debug)]
struct Memo {
    /// The move: the mover's ring before it, and the hole it starts from.
    from: InMove,
    walk: Walk,
    /// The state after lap `lap` of the move, played without events.
    lap: u64,
    state: InMove,
}

/// What a move from one hole does, worked out before anything is changed.
#[derive(Clone, Debug)]
struct SowPlan {
    walk: Walk,
    /// The mover's ring after a move that ends.
    ring_after: Ring,
    /// Opponent's holes (ring indices) taken by the capture: the facing inner hole, the outer
    /// hole behind.
    front: Option<usize>,
    back: Option<usize>,
    /// The opponent's ring after that capture.
    opponent_after: Ring,
    /// An extra capture is open (there was a capture that gives one, and the opponent has
    /// seeds left).
    extra_open: bool,
}

impl Nchuwa {
    pub fn new(board: BoardSize, settings: &Settings) -> Result<Nchuwa, Violation> {
        if !DEF.boards.contains(&board) {
            return Err(Violation::new(
                "nchuwa.board",
                format!("Nchuwa is played on 4x6, 4x9, 4x12 and 4x15 boards, not {board}"),
            ));
        }
        Ok(Nchuwa {
            n: board.columns as usize,
            extra_declinable: settings.get("nchuwa.capture.extra-decline") == "allowed",
            extra_when: match settings.get("nchuwa.capture.extra-when") {
                "back-empty" => ExtraWhen::BackEmpty,
                "never" => ExtraWhen::Never,
                _ => ExtraWhen::EveryCapture,
            },
            opening_capture: match settings.get("nchuwa.opening.capture") {
                "front-first" => OpeningCapture::FrontFirst,
                "none" => OpeningCapture::None,
                _ => OpeningCapture::Occupied,
            },
            removals: if settings.get("nchuwa.opening.removals") == "two" {
                2
            } else {
                1
            },
            free_singletons: settings.get("nchuwa.sow.singleton") == "free",
            skip_origin: settings.get("nchuwa.sow.origin") == "skip",
            endless_stop: settings.get("nchuwa.endless") == "stop",
            no_move_loses: settings.get("nchuwa.no-move") == "loses",
            max_laps: settings.max_laps(),
            memo: Default::default(),
        })
    }

    fn ring_len(&self) -> usize {
        2 * self.n
    }

    fn total_seeds(&self) -> u32 {
        8 * self.n as u32
    }

    fn hole(&self, side: Side, index: usize) -> Hole {
        Hole::new(side, index as u32 + 1)
    }

    /// The ring index of `hole` if it is one of `side`'s holes.
    fn index(&self, side: Side, hole: Hole) -> Option<usize> {
        let number = hole.number as usize;
        (hole.side == side && (1..=self.ring_len()).contains(&number)).then(|| number - 1)
    }

    fn is_inner(&self, index: usize) -> bool {
        index >= self.n
    }

    /// The opponent's inner hole facing inner hole `index`: B(N+k) faces A(2N+1-k).
    fn facing(&self, index: usize) -> usize {
        3 * self.n - 1 - index
    }

    /// The opponent's outer hole behind the one facing inner hole `index`: A(k) for B(N+k).
    fn behind(&self, index: usize) -> usize {
        index - self.n
    }

    fn next(&self, index: usize) -> usize {
        if index + 1 == self.ring_len() {
            0
        } else {
            index + 1
        }
    }

    fn seeds(&self, ring: &Ring) -> u32 {
        ring[..self.ring_len()].iter().map(|&s| s as u32).sum()
    }

    /// Every hole N+1+3j round the ring empty, the others 3: each player's gambit.
    fn gambit_ring(&self) -> Ring {
        let mut ring = [0; MAX_RING];
        for (i, seeds) in ring.iter_mut().take(self.ring_len()).enumerate() {
            *seeds = if i % 3 == 0 { 0 } else { 3 };
        }
        ring
    }

    /// One lap from `from`: every seed taken up and sown on; returns the hole of the last seed.
    fn lap<S: EventSink>(
        &self,
        side: Side,
        ring: &mut Ring,
        from: usize,
        lap: u32,
        sink: &mut S,
    ) -> usize {
        let mut seeds = std::mem::take(&mut ring[from]);
        sink.event(Event::PickUp {
            hole: self.hole(side, from),
            pile: pile(seeds as u32),
            lap,
        });
        let mut at = from;
        while seeds > 0 {
            at = self.next(at);
            if at == from && self.skip_origin {
                sink.event(Event::Skip {
                    hole: self.hole(side, at),
                    rule: "nchuwa.sow.origin",
                });
                continue;
            }
            ring[at] += 1;
            seeds -= 1;
            sink.event(Event::Sow {
                hole: self.hole(side, at),
            });
        }
        at
    }

    /// Follow the move from `start` to its end, or find that it never ends. On an end, `ring`
    /// is left as the move leaves it, and the hole of the last seed is returned with the walk.
    fn walk(&self, ring: &mut Ring, start: usize, recall: bool) -> (Walk, usize) {
        // Nearly every move ends within a few laps; the cycle search's copies and comparisons
        // would cost more than the laps. A walk is deterministic, so starting it over under
        // the search when it runs long gives the same answer.
        // Once a move did not end, the next walk may well be its own again (its next stop).
        if recall && self.memo.key.get() == Some(memo_key(ring, start)) {
            if let Some(walk) = self.remembered(ring, start) {
                return (walk, start);
            }
        }
        let mut plain = *ring;
        let mut at = start;
        for laps in 1..=PLAIN_LAPS.min(self.max_laps) {
            at = self.lap(Side::B, &mut plain, at, 0, &mut ());
            if plain[at] <= 1 {
                *ring = plain;
                return (Walk::Ends { laps }, at);
            }
        }
        let mut state = InMove {
            ring: *ring,
            at: start as u8,
        };
        let walk = cycle::run(&mut state, self.max_laps, |s| {
            let at = self.lap(Side::B, &mut s.ring, s.at as usize, 0, &mut ());
            s.at = at as u8;
            s.ring[at] > 1
        });
        if let Walk::Endless { .. } | Walk::Undecided = walk {
            // The state is as it was: the move's start.
            self.remember(&state, walk);
        }
        *ring = state.ring;
        (walk, state.at as usize)
    }

    /// The walk of the move from `start` if it is the one remembered.
    #[cold]
    #[inline(never)]
    fn remembered(&self, ring: &Ring, start: usize) -> Option<Walk> {
        let memo = self.memo.memo.borrow();
        let memo = memo.as_ref()?;
        (memo.from.at as usize == start && memo.from.ring == *ring).then_some(memo.walk)
    }

    /// Remember a move from `from` whose walk did not end.
    #[cold]
    #[inline(never)]
    fn remember(&self, from: &InMove, walk: Walk) {
        self.memo
            .key
            .set(Some(memo_key(&from.ring, from.at as usize)));
        *self.memo.memo.borrow_mut() = Some(Memo {
            from: from.clone(),
            walk,
            lap: 0,
            state: from.clone(),
        });
    }

    /// The mover's ring after the first `laps` laps of the move from `start` (a move that
    /// never ends: every lap relays), played without events, from the last state reached in
    /// it when that is not past them.
    fn ring_after(&self, ring: &Ring, start: usize, laps: u64) -> Ring {
        let from = InMove {
            ring: *ring,
            at: start as u8,
        };
        let mut memo = self.memo.memo.borrow_mut();
        let memo = memo.as_mut().filter(|m| m.from == from);
        let (mut state, done) = match &memo {
            Some(m) if m.lap <= laps => (m.state.clone(), m.lap),
            _ => (from, 0),
        };
        for _ in done..laps {
            state.at = self.lap(Side::B, &mut state.ring, state.at as usize, 0, &mut ()) as u8;
        }
        if let Some(m) = memo {
            m.lap = laps;
            m.state = state.clone();
        }
        state.ring
    }

    /// The inner capture a last seed in `last` makes against `opponent`: (front, back).
    fn capture_holes(&self, last: usize, opponent: &Ring) -> (Option<usize>, Option<usize>) {
        if !self.is_inner(last) {
            return (None, None);
        }
        let front = self.facing(last);
        if opponent[front] == 0 {
            return (None, None);
        }
        let back = self.behind(last);
        (Some(front), (opponent[back] > 0).then_some(back))
    }

    /// Whether `side` has only holes of one seed or none.
    fn singletons_only(&self, ring: &Ring) -> bool {
        ring[..self.ring_len()].iter().all(|&s| s <= 1)
    }

    /// Whether a move may start from ring index `index`: [`Nchuwa::check_start`]'s test, without
    /// the words, for the decision lists that ask it of every hole. `singletons_only` is
    /// [`Nchuwa::singletons_only`] of `ring`, worked out once for all its holes.
    fn may_start(&self, ring: &Ring, index: usize, singletons_only: bool) -> bool {
        match ring[index] {
            0 => false,
            1 => self.free_singletons || (singletons_only && ring[self.next(index)] == 0),
            _ => true,
        }
    }

    /// Why a move may not start from ring index `index` of `side`, if it may not.
    fn check_start(&self, state: &NchuwaState, side: Side, hole: Hole) -> Result<usize, Violation> {
        let Some(index) = self.index(side, hole) else {
            return Err(Violation::new(
                "nchuwa.sow.start",
                format!(
                    "{hole} is not a hole of {side}'s two rows ({side}1..{side}{})",
                    self.ring_len()
                ),
            ));
        };
        let ring = &state.rings[side.index()];
        match ring[index] {
            0 => Err(Violation::new(
                "nchuwa.sow.start",
                format!("{hole} is empty"),
            )),
            1 if self.free_singletons => Ok(index),
            1 if !self.singletons_only(ring) => Err(Violation::new(
                "nchuwa.sow.start",
                format!(
                    "{hole} holds one seed: a move starts from a hole of two or more while {side} has one"
                ),
            )),
            1 if ring[self.next(index)] > 0 => Err(Violation::new(
                "nchuwa.sow.singleton",
                format!(
                    "{hole} holds a single seed and the next hole, {}, is occupied: a single seed moves only into an empty hole",
                    self.hole(side, self.next(index))
                ),
            )),
            _ => Ok(index),
        }
    }

    /// Work out a move from a legal start, changing nothing.
    /// `recall`: the move may be the one remembered ([`Memo`]); a move being played may be, a
    /// move being listed is walked afresh (and remembered if it does not end).
    fn plan_sow(&self, state: &NchuwaState, side: Side, index: usize, recall: bool) -> SowPlan {
        let mut ring = state.rings[side.index()];
        let mut opponent_after = state.rings[side.other().index()];
        let (walk, last) = self.walk(&mut ring, index, recall);
        let (front, back) = match walk {
            Walk::Ends { .. } => self.capture_holes(last, &opponent_after),
            Walk::Endless { .. } | Walk::Undecided => (None, None),
        };
        for taken in [front, back].into_iter().flatten() {
            opponent_after[taken] = 0;
        }
        let gives_extra = front.is_some()
            && match self.extra_when {
                ExtraWhen::EveryCapture => true,
                ExtraWhen::BackEmpty => back.is_none(),
                ExtraWhen::Never => false,
            };
        SowPlan {
            walk,
            ring_after: ring,
            front,
            back,
            extra_open: gives_extra && self.seeds(&opponent_after) > 0,
            opponent_after,
        }
    }

    /// The laps a stopped endless move may stop after: from the lap where the in-move state
    /// first repeats, through one more round of the cycle.
    fn stop_laps(walk: Walk) -> std::ops::RangeInclusive<u64> {
        match walk {
            Walk::Endless { mu, lambda } => (mu + lambda)..=(mu + 2 * lambda - 1),
            #[allow(clippy::reversed_empty_ranges)]
            Walk::Ends { .. } | Walk::Undecided => 1..=0,
        }
    }

    /// Whether `side` has a legal move in play: `Some(true)` if so, `Some(false)` if not, and
    /// `None` when he has none but a move not decided within the lap budget, which may be one.
    fn has_move(&self, state: &NchuwaState, side: Side) -> Option<bool> {
        let ring = &state.rings[side.index()];
        if !self.free_singletons && self.singletons_only(ring) {
            return Some((0..self.ring_len()).any(|i| ring[i] == 1 && ring[self.next(i)] == 0));
        }
        let least = if self.free_singletons { 1 } else { 2 };
        if self.endless_stop {
            return Some(ring[..self.ring_len()].iter().any(|&s| s >= least));
        }
        let mut undecided = false;
        for i in 0..self.ring_len() {
            if ring[i] >= least {
                let mut copy = *ring;
                match self.walk(&mut copy, i, false).0 {
                    Walk::Ends { .. } => return Some(true),
                    Walk::Undecided => undecided = true,
                    Walk::Endless { .. } => {}
                }
            }
        }
        (!undecided).then_some(false)
    }

    /// The refusal of a move from `hole` not decided within the lap budget.
    fn undecided_move(&self, hole: Hole) -> Violation {
        undecided(
            hole,
            format_args!(
                "its relay neither ended nor came back to a state it was in by lap {}",
                self.max_laps
            ),
            self.max_laps,
        )
    }

    /// Check the extra holes a turn names against the holes they may take: `limit` holes at
    /// most (`too_many` gives the rule for more), each an occupied hole of the opponent's, no
    /// hole twice. `closed` gives the rule and the reason when no extra capture is open;
    /// `required` the rule that asks for as many as the opponent has, up to `limit`.
    fn check_extras(
        &self,
        mover: Side,
        extras: Extras,
        (limit, too_many): (usize, &'static str),
        closed: Option<(&'static str, &str)>,
        required: Option<&'static str>,
        opponent_after: &Ring,
    ) -> Result<[Option<usize>; 2], Violation> {
        let opponent = mover.other();
        let mut taken = [None; 2];
        if let Some((rule, why)) = closed {
            return match extras.iter().next() {
                None => Ok(taken),
                Some(hole) => Err(Violation::new(
                    rule,
                    format!("no extra capture here: {why}, so *{hole} cannot be taken"),
                )
                .at(MovePart::ExtraCapture(0))),
            };
        }
        if let Some(hole) = extras.iter().nth(limit) {
            let allowed = match limit {
                1 => "one hole",
                _ => "two holes",
            };
            return Err(Violation::new(
                too_many,
                format!("{mover} takes {allowed} of {opponent}'s by choice here, so *{hole} cannot be taken too"),
            )
            .at(MovePart::ExtraCapture(limit)));
        }
        for (i, hole) in extras.iter().enumerate() {
            let Some(index) = self.index(opponent, hole) else {
                return Err(Violation::new(
                    "nchuwa.capture.extra",
                    format!(
                        "{hole} is not a hole of {opponent}'s ({opponent}1..{opponent}{}): the extra capture takes an opponent's hole",
                        self.ring_len()
                    ),
                )
                .at(MovePart::ExtraCapture(i)));
            };
            if opponent_after[index] == 0 {
                return Err(Violation::new(
                    "nchuwa.capture.extra",
                    format!("{hole} is empty by then: the extra capture takes an occupied hole"),
                )
                .at(MovePart::ExtraCapture(i)));
            }
            if taken[..i].contains(&Some(index)) {
                return Err(Violation::new(
                    "nchuwa.capture.extra",
                    format!("{hole} is named twice: the removals take two different holes"),
                )
                .at(MovePart::ExtraCapture(i)));
            }
            taken[i] = Some(index);
        }
        let occupied = (0..self.ring_len())
            .filter(|&i| opponent_after[i] > 0)
            .count();
        let wanted = limit.min(occupied);
        let written = extras.len();
        match required {
            Some(rule) if written < wanted => {
                let examples: String = (0..self.ring_len())
                    .filter(|&i| opponent_after[i] > 0 && !taken.contains(&Some(i)))
                    .take(wanted - written)
                    .map(|i| format!("*{}", self.hole(opponent, i)))
                    .collect();
                let what = match (wanted, written) {
                    (1, _) => "one more hole of",
                    (_, 0) => "two holes of",
                    _ => "a second hole of",
                };
                Err(Violation::new(
                    rule,
                    format!(
                        "{mover} takes {what} {opponent}'s here, and must name {} with `*`, such as {examples}",
                        if wanted - written > 1 { "them" } else { "it" }
                    ),
                )
                .at(MovePart::ExtraCapture(written)))
            }
            _ => Ok(taken),
        }
    }

    /// The opponent's holes the opening transfer from inner ring index `from_index` captures
    /// before its removals.
    fn transfer_captures(&self, from_index: usize, opponent: &Ring) -> [Option<usize>; 2] {
        let front = self.facing(from_index);
        let back = self.behind(from_index);
        let take_front = opponent[front] > 0;
        let take_back = opponent[back] > 0
            && match self.opening_capture {
                OpeningCapture::Occupied => true,
                OpeningCapture::FrontFirst => take_front,
                OpeningCapture::None => false,
            };
        let take_front = take_front && self.opening_capture != OpeningCapture::None;
        [take_front.then_some(front), take_back.then_some(back)]
    }

    fn capture<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        by: Side,
        index: usize,
        rule: &'static str,
        sink: &mut S,
    ) {
        let victim = by.other();
        let seeds = std::mem::take(&mut state.rings[victim.index()][index]);
        state.won[by.index()] += seeds as u32;
        sink.event(Event::Capture {
            hole: self.hole(victim, index),
            pile: pile(seeds as u32),
            by,
            rule,
        });
    }

    /// After `state.to_move`'s turn: end the game, or hand the turn over.
    fn finish_turn<S: EventSink>(&self, state: &mut NchuwaState, sink: &mut S) {
        let mover = state.to_move;
        let next = mover.other();
        state.to_move = next;
        state.must_pass = false;
        if self.seeds(&state.rings[next.index()]) == 0 {
            state.result = Some(Some(mover));
            sink.event(Event::GameEnd {
                winner: Some(mover),
                rule: "nchuwa.game.end",
            });
            return;
        }
        sink.event(Event::TurnEnd { next });
        self.settle_no_move(state, sink, false);
    }

    /// The player to move has seeds but maybe no legal move: he passes or loses; after a pass
    /// (`after_pass`), neither player can move and the game is drawn.
    fn settle_no_move<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        sink: &mut S,
        after_pass: bool,
    ) {
        let side = state.to_move;
        // A move not decided within the budget may be legal: the player is not said to have
        // none (he is refused a pass instead, under `mgn.limit.laps`).
        if state.opening > 0 || self.has_move(state, side) != Some(false) {
            return;
        }
        if self.no_move_loses {
            state.result = Some(Some(side.other()));
            sink.event(Event::GameEnd {
                winner: Some(side.other()),
                rule: "nchuwa.no-move",
            });
        } else if after_pass {
            state.result = Some(None);
            sink.event(Event::GameEnd {
                winner: None,
                rule: "nchuwa.no-move",
            });
        } else {
            state.must_pass = true;
        }
    }

    fn apply_transfer<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        (from, to, extras): (Hole, Hole, Extras),
        sink: &mut S,
    ) -> Result<(), Violation> {
        let ring = &state.rings[mover.index()];
        let from_index = match self.index(mover, from) {
            Some(i) if self.is_inner(i) => i,
            _ => {
                return Err(Violation::new(
                    "nchuwa.opening.transfer",
                    format!(
                        "{from} is not an inner hole of {mover}'s ({mover}{}..{mover}{}): the two seeds come from the inner row",
                        self.n + 1,
                        self.ring_len()
                    ),
                ))
            }
        };
        if ring[from_index] < 2 {
            return Err(Violation::new(
                "nchuwa.opening.transfer",
                if ring[from_index] == 0 {
                    format!(
                        "{from} is empty: two seeds are transferred from an occupied inner hole"
                    )
                } else {
                    format!("{from} holds one seed: two seeds are transferred")
                },
            ));
        }
        let to_index = match self.index(mover, to) {
            Some(i) if !self.is_inner(i) => i,
            _ => {
                return Err(Violation::new(
                    "nchuwa.opening.transfer",
                    format!(
                        "{to} is not an outer hole of {mover}'s ({mover}1..{mover}{}): the two seeds go to the outer row",
                        self.n
                    ),
                ))
            }
        };
        if ring[to_index] > 0 {
            return Err(Violation::new(
                "nchuwa.opening.transfer",
                format!("{to} is not empty: the two seeds go to an empty outer hole"),
            ));
        }
        let opponent = &state.rings[mover.other().index()];
        let opposite = self.transfer_captures(from_index, opponent);
        let mut opponent_after = *opponent;
        for index in opposite.into_iter().flatten() {
            opponent_after[index] = 0;
        }
        let closed = (self.seeds(&opponent_after) == 0)
            .then_some(("nchuwa.opening.extra", "the opponent has no seeds left"));
        let removals = self.check_extras(
            mover,
            extras,
            (self.removals, "nchuwa.opening.removals"),
            closed,
            Some("nchuwa.opening.extra"),
            &opponent_after,
        )?;
        // Everything checked: play it.
        state.rings[mover.index()][from_index] -= 2;
        state.rings[mover.index()][to_index] += 2;
        sink.event(Event::Shift {
            from,
            to,
            seeds: 2,
            rule: "nchuwa.opening.transfer",
        });
        for index in opposite.into_iter().flatten() {
            self.capture(state, mover, index, "nchuwa.opening.capture", sink);
        }
        for index in removals.into_iter().flatten() {
            self.capture(state, mover, index, "nchuwa.opening.extra", sink);
        }
        state.opening -= 1;
        self.finish_turn(state, sink);
        Ok(())
    }

    fn apply_sow<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        (hole, extras, stop): (Hole, Extras, Option<u32>),
        sink: &mut S,
    ) -> Result<(), Violation> {
        let index = self.check_start(state, mover, hole)?;
        let plan = self.plan_sow(state, mover, index, true);
        let mut extra = None;
        let laps = match (plan.walk, stop) {
            (Walk::Undecided, _) => return Err(self.undecided_move(hole)),
            (Walk::Endless { mu, lambda }, _) if !self.endless_stop => {
                return Err(Violation::new(
                    "nchuwa.endless",
                    format!(
                        "{hole} never ends: after lap {} the sowing is back where it was after lap {mu} and repeats every {lambda} lap{}; such a move is not allowed",
                        mu + lambda,
                        if lambda == 1 { "" } else { "s" }
                    ),
                ))
            }
            (Walk::Endless { mu, lambda }, None) => {
                let laps = Self::stop_laps(plan.walk);
                return Err(Violation::new(
                    "nchuwa.endless",
                    format!(
                        "{hole} never ends (after lap {} it is back where it was after lap {mu}, and repeats every {lambda}): write the lap the mover stops after, /{} to /{}",
                        mu + lambda,
                        laps.start(),
                        laps.end()
                    ),
                ));
            }
            (Walk::Endless { .. }, Some(lap)) => {
                let laps = Self::stop_laps(plan.walk);
                if !laps.contains(&(lap as u64)) {
                    return Err(Violation::new(
                        "nchuwa.endless",
                        format!(
                            "{hole} can be stopped after lap {} to {}, from the lap where its state first repeats through one more round of the cycle, not after lap {lap}",
                            laps.start(),
                            laps.end()
                        ),
                    ));
                }
                if !extras.is_empty() {
                    return Err(Violation::new(
                        "nchuwa.capture.extra",
                        "a stopped move captures nothing, so it has no extra capture",
                    )
                    .at(MovePart::ExtraCapture(0)));
                }
                Some(lap as u64)
            }
            (Walk::Ends { laps }, Some(lap)) => {
                return Err(Violation::new(
                    "nchuwa.endless",
                    format!(
                        "{hole} ends by itself after {laps} lap{}: /{lap} stops only a move that never ends",
                        if laps == 1 { "" } else { "s" }
                    ),
                ))
            }
            (Walk::Ends { .. }, None) => {
                let closed = if plan.extra_open {
                    None
                } else if plan.front.is_none() {
                    Some(("nchuwa.capture.extra", "the move captured nothing"))
                } else if self.extra_when == ExtraWhen::Never {
                    Some((
                        "nchuwa.capture.extra-when",
                        "a capture in play takes the two opposite holes and nothing more (nchuwa.capture.extra-when=never)",
                    ))
                } else if self.extra_when == ExtraWhen::BackEmpty && plan.back.is_some() {
                    Some((
                        "nchuwa.capture.extra-when",
                        "the capture took the hole behind, and only a capture whose hole behind was empty gives one more",
                    ))
                } else {
                    Some(("nchuwa.capture.extra", "the opponent has no seeds left"))
                };
                let required =
                    (!self.extra_declinable).then_some("nchuwa.capture.extra-decline");
                extra = self.check_extras(
                    mover,
                    extras,
                    (1, "nchuwa.capture.extra"),
                    closed,
                    required,
                    &plan.opponent_after,
                )?[0];
                None
            }
        };
        // Everything checked: play it, lap by lap, or straight to where it ends when no one
        // reads the laps.
        let mut ring = state.rings[mover.index()];
        match (plan.walk, laps) {
            (Walk::Ends { .. }, _) if !sink.keeps_events() => ring = plan.ring_after,
            (Walk::Endless { mu, lambda }, Some(stop)) if !sink.keeps_events() => {
                // The state after lap `stop` is the state after lap mu + (stop - mu) % lambda.
                ring = self.ring_after(&ring, index, mu + (stop - mu) % lambda);
            }
            _ => self.play_laps(&mut ring, mover, index, (plan.walk, laps, plan.front), sink),
        }
        state.rings[mover.index()] = ring;
        if let Some(front) = plan.front {
            self.capture(state, mover, front, "nchuwa.capture.inner", sink);
            if let Some(back) = plan.back {
                self.capture(state, mover, back, "nchuwa.capture.behind", sink);
            }
            if let Some(index) = extra {
                self.capture(state, mover, index, "nchuwa.capture.extra", sink);
            }
        }
        self.finish_turn(state, sink);
        Ok(())
    }

    /// Play a move's laps from ring index `index` with their events, up to its end or the lap
    /// `stop` it is stopped after; a stopped move reports its cycle after lap mu + lambda.
    fn play_laps<S: EventSink>(
        &self,
        ring: &mut Ring,
        mover: Side,
        index: usize,
        (walk, stop, front): (Walk, Option<u64>, Option<usize>),
        sink: &mut S,
    ) {
        let laps = stop;
        let mut at = index;
        let mut lap: u32 = 1;
        loop {
            let last = self.lap(mover, ring, at, lap, sink);
            let relay = ring[last] > 1;
            let rule = if relay && laps == Some(lap as u64) {
                "nchuwa.endless"
            } else if relay {
                "nchuwa.lap.relay"
            } else if !self.is_inner(last) {
                "nchuwa.lap.outer-empty"
            } else if front.is_some() {
                "nchuwa.capture.inner"
            } else {
                "nchuwa.lap.inner-empty"
            };
            sink.event(Event::LapEnd {
                hole: self.hole(mover, last),
                lap,
                rule,
            });
            if let (Walk::Endless { mu, lambda }, Some(stop)) = (walk, laps) {
                if u64::from(lap) == mu + lambda {
                    // Laps, mu, lambda and the stop are within the budget, a u32.
                    sink.event(Event::Cycle {
                        mu: mu as u32,
                        lambda: lambda as u32,
                        times: ((stop - mu) / lambda) as u32,
                        stop: stop as u32,
                        rule: "nchuwa.endless",
                    });
                }
            }
            if !relay || rule == "nchuwa.endless" {
                break;
            }
            at = last;
            lap += 1;
        }
    }

    /// The legal moves of `side` in play, each with its extra capture or stopping lap.
    fn play_decisions(&self, state: &NchuwaState, side: Side, out: &mut Vec<NchuwaDecision>) {
        self.each_move(state, side, false, |hole, plan| {
            self.push_moves(side, hole, plan, out)
        });
    }

    /// Every hole `side` may start a move from in play, with the plan of its move (`recall`:
    /// [`Nchuwa::plan_sow`]'s).
    fn each_move(
        &self,
        state: &NchuwaState,
        side: Side,
        recall: bool,
        mut f: impl FnMut(Hole, &SowPlan),
    ) {
        let ring = &state.rings[side.index()];
        let singletons_only = self.singletons_only(ring);
        for index in 0..self.ring_len() {
            if self.may_start(ring, index, singletons_only) {
                f(
                    self.hole(side, index),
                    &self.plan_sow(state, side, index, recall),
                );
            }
        }
    }

    /// The legal moves from `hole`, planned as `plan`.
    fn push_moves(&self, side: Side, hole: Hole, plan: &SowPlan, out: &mut Vec<NchuwaDecision>) {
        {
            match plan.walk {
                // Not decided within the budget: listed, so that no one takes it for refused;
                // `apply` refuses it under `mgn.limit.laps` (perft and generate say so).
                Walk::Undecided => out.push(NchuwaDecision::Sow {
                    hole,
                    extras: Extras::NONE,
                    stop: None,
                }),
                Walk::Endless { .. } => {
                    if self.endless_stop {
                        for lap in Self::stop_laps(plan.walk) {
                            let Ok(lap) = u32::try_from(lap) else { break };
                            out.push(NchuwaDecision::Sow {
                                hole,
                                extras: Extras::NONE,
                                stop: Some(lap),
                            });
                        }
                    }
                }
                Walk::Ends { .. } => {
                    if !plan.extra_open || self.extra_declinable {
                        out.push(NchuwaDecision::Sow {
                            hole,
                            extras: Extras::NONE,
                            stop: None,
                        });
                    }
                    if plan.extra_open {
                        self.push_extras(side, &plan.opponent_after, 1, out, |extras| {
                            NchuwaDecision::Sow {
                                hole,
                                extras,
                                stop: None,
                            }
                        });
                    }
                }
            }
        }
    }

    /// Every choice of `limit` distinct occupied holes in `opponent_after` (all of them when
    /// there are fewer), each set once, in hole order; nothing when the opponent has no seeds.
    fn push_extras(
        &self,
        side: Side,
        opponent_after: &Ring,
        limit: usize,
        out: &mut Vec<NchuwaDecision>,
        make: impl Fn(Extras) -> NchuwaDecision,
    ) {
        // No list of the occupied holes is built: these choices are listed after nearly every
        // capture of a playout.
        let ring = &opponent_after[..self.ring_len()];
        let occupied = || {
            ring.iter()
                .enumerate()
                .filter(|(_, &seeds)| seeds > 0)
                .map(|(i, _)| self.hole(side.other(), i))
        };
        let count = ring.iter().filter(|&&seeds| seeds > 0).count();
        if limit < 2 || count < 2 {
            match count {
                0 => out.push(make(Extras::NONE)),
                _ => out.extend(occupied().map(|hole| make(Extras::one(hole)))),
            }
            return;
        }
        for (i, first) in occupied().enumerate() {
            for second in occupied().skip(i + 1) {
                out.push(make(Extras([Some(first), Some(second)])));
            }
        }
    }

    /// The opening transfers open to `side`.
    fn transfer_decisions(&self, state: &NchuwaState, side: Side, out: &mut Vec<NchuwaDecision>) {
        let ring = &state.rings[side.index()];
        let opponent = &state.rings[side.other().index()];
        for from_index in self.n..self.ring_len() {
            if ring[from_index] < 2 {
                continue;
            }
            let mut opponent_after = *opponent;
            for index in self
                .transfer_captures(from_index, opponent)
                .into_iter()
                .flatten()
            {
                opponent_after[index] = 0;
            }
            for to_index in (0..self.n).filter(|&i| ring[i] == 0) {
                let from = self.hole(side, from_index);
                let to = self.hole(side, to_index);
                self.push_extras(side, &opponent_after, self.removals, out, |extras| {
                    NchuwaDecision::Transfer { from, to, extras }
                });
            }
        }
    }
}

impl Rules for Nchuwa {
    type State = NchuwaState;
    type Decision = NchuwaDecision;

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> NchuwaState {
        let gambit = self.gambit_ring();
        NchuwaState {
            rings: [gambit, gambit],
            won: [0, 0],
            to_move: first,
            opening: 2,
            must_pass: false,
            result: None,
        }
    }

    fn state_from_position(&self, position: &Position) -> Result<NchuwaState, Violation> {
        let shape = |message: String| Violation::new("mgn.position.shape", message);
        let mut state = self.start(position.to_move);
        for side in [Side::A, Side::B] {
            let holes = &position.holes[side.index()];
            if holes.len() != self.ring_len() {
                return Err(shape(format!(
                    "{side} has {} holes; on this board each player has {} ({side}1..{side}{}: outer row, then inner row)",
                    holes.len(),
                    self.ring_len(),
                    self.ring_len()
                )));
            }
            for (i, hole) in holes.iter().enumerate() {
                if !hole.pile.muzi.is_empty() || hole.owner.is_some() || hole.out_of_play {
                    return Err(shape(format!(
                        "{side}{}: Nchuwa has no muzi, no owned holes and no holes out of play",
                        i + 1
                    )));
                }
                if hole.pile.seeds > self.total_seeds() {
                    return Err(shape(format!(
                        "{side}{} holds {} seeds; the game has {}",
                        i + 1,
                        hole.pile.seeds,
                        self.total_seeds()
                    )));
                }
                state.rings[side.index()][i] = hole.pile.seeds as u8;
            }
            let store = position.stores[side.index()];
            if !store.muzi.is_empty() {
                return Err(shape("Nchuwa has no muzi".to_string()));
            }
            state.won[side.index()] = store.seeds;
        }
        if position.debts != [0, 0] {
            return Err(shape("Nchuwa has no debts".to_string()));
        }
        let total: u64 = [Side::A, Side::B]
            .iter()
            .map(|&s| self.seeds(&state.rings[s.index()]) as u64 + state.won[s.index()] as u64)
            .sum();
        if total != self.total_seeds() as u64 {
            return Err(shape(format!(
                "the position holds {total} seeds; a 4x{} Nchuwa game has {}",
                self.n,
                self.total_seeds()
            )));
        }
        // Only the position after both gambits, with nothing captured, is in the opening.
        let gambit = self.gambit_ring();
        state.opening = if state.rings == [gambit, gambit] && state.won == [0, 0] {
            2
        } else {
            0
        };
        let empty = [Side::A, Side::B].map(|s| self.seeds(&state.rings[s.index()]) == 0);
        match empty {
            [true, true] => state.result = Some(None),
            [true, false] => state.result = Some(Some(Side::B)),
            [false, true] => state.result = Some(Some(Side::A)),
            [false, false] => self.settle_no_move(&mut state, &mut (), false),
        }
        Ok(state)
    }

    fn row_states<'a>(
        &'a self,
        state: &'a NchuwaState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        state.rings[side.index()][..self.ring_len()]
            .iter()
            .map(|&seeds| HoleState {
                pile: pile(seeds as u32),
                owner: None,
                out_of_play: false,
            })
    }

    fn position_head(&self, state: &NchuwaState) -> PositionHead {
        PositionHead {
            stores: [pile(state.won[0]), pile(state.won[1])],
            to_move: state.to_move,
            round: 1,
            debts: [0, 0],
        }
    }

    fn phase(&self, state: &NchuwaState) -> Phase {
        match state.result {
            Some(winner) => Phase::Over { winner },
            None if state.must_pass => Phase::MustPass {
                side: state.to_move,
                rule: "nchuwa.no-move",
            },
            None => Phase::ToMove(state.to_move),
        }
    }

    fn round(&self, _: &NchuwaState) -> u32 {
        1
    }

    fn decisions(&self, state: &NchuwaState, out: &mut Vec<NchuwaDecision>) {
        out.clear();
        match self.phase(state) {
            Phase::Over { .. } | Phase::RoundOver { .. } => {}
            Phase::MustPass { .. } => out.push(NchuwaDecision::Pass),
            Phase::ToMove(side) | Phase::Continue { side, .. } => {
                if state.opening > 0 {
                    self.transfer_decisions(state, side, out);
                } else {
                    self.play_decisions(state, side, out);
                }
            }
        }
    }

    fn alternatives(&self, state: &NchuwaState) -> Vec<String> {
        let side = match self.phase(state) {
            Phase::ToMove(side) | Phase::Continue { side, .. } if state.opening == 0 => side,
            _ => {
                let mut decisions = Vec::new();
                self.decisions(state, &mut decisions);
                return decisions.iter().map(|d| d.to_string()).collect();
            }
        };
        let mut out = Vec::new();
        let mut moves = Vec::new();
        // Listed after a refusal, which may be of the long move just walked: recalled.
        self.each_move(state, side, true, |hole, plan| match plan.walk {
            // One entry for every lap the move may stop after, however many.
            Walk::Endless { .. } if self.endless_stop => {
                let laps = Self::stop_laps(plan.walk);
                let (first, last) = (*laps.start(), (*laps.end()).min(u64::from(u32::MAX)));
                out.push(if first == last {
                    format!("{hole}/{first}")
                } else {
                    format!("{hole}/{first} to /{last}")
                });
            }
            Walk::Undecided => out.push(format!(
                "{hole} (not decided within {} laps)",
                self.max_laps
            )),
            _ => {
                moves.clear();
                self.push_moves(side, hole, plan, &mut moves);
                out.extend(moves.iter().map(|d| d.to_string()));
            }
        });
        out
    }

    fn apply<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        decision: &NchuwaDecision,
        sink: &mut S,
    ) -> Result<(), Violation> {
        let mover = match (self.phase(state), decision) {
            (Phase::Over { .. }, _) => {
                return Err(Violation::new("mgn.game.over", "the game is already over"))
            }
            (Phase::RoundOver { .. }, _) => {
                return Err(Violation::new(
                    "mgn.round.marker",
                    "Nchuwa is played in one round",
                ))
            }
            (Phase::MustPass { side, .. }, NchuwaDecision::Pass) => {
                sink.event(Event::Pass {
                    side,
                    rule: "nchuwa.no-move",
                });
                state.must_pass = false;
                state.to_move = side.other();
                sink.event(Event::TurnEnd { next: side.other() });
                self.settle_no_move(state, sink, true);
                return Ok(());
            }
            (Phase::MustPass { side, .. }, _) => {
                return Err(Violation::new(
                    "nchuwa.no-move",
                    format!("{side} has no legal move and must pass"),
                ))
            }
            (Phase::ToMove(side) | Phase::Continue { side, .. }, NchuwaDecision::Pass) => {
                if state.opening == 0 && self.has_move(state, side).is_none() {
                    return Err(undecided(
                        format_args!("whether {side} has a legal move"),
                        format_args!(
                            "every move he has that ends or stops is one whose relay went on past lap {} without ending or coming back to a state it was in",
                            self.max_laps
                        ),
                        self.max_laps,
                    ));
                }
                return Err(Violation::new(
                    if state.opening > 0 {
                        "nchuwa.opening.transfer"
                    } else {
                        "nchuwa.no-move"
                    },
                    format!("{side} has a legal move and cannot pass"),
                ));
            }
            (Phase::ToMove(side) | Phase::Continue { side, .. }, _) => side,
        };
        match *decision {
            NchuwaDecision::Transfer { from, to, extras } if state.opening > 0 => {
                self.apply_transfer(state, mover, (from, to, extras), sink)
            }
            NchuwaDecision::Transfer { .. } => Err(Violation::new(
                "nchuwa.opening.transfer",
                "the opening is over: a transfer `from:to` is made only once by each player, before any other move",
            )),
            NchuwaDecision::Sow { .. } if state.opening > 0 => Err(Violation::new(
                "nchuwa.opening.transfer",
                format!(
                    "{mover} makes his opening transfer first: two seeds from an inner hole to an empty outer hole, written from:to*hole, such as {mover}{}:{mover}1*{}{}",
                    self.n + 2,
                    mover.other(),
                    self.ring_len()
                ),
            )),
            NchuwaDecision::Sow { hole, extras, stop } => {
                self.apply_sow(state, mover, (hole, extras, stop), sink)
            }
            NchuwaDecision::Pass => unreachable!("passes are handled above"),
        }
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(NchuwaDecision, MovePart)>,
    ) -> Result<(), Violation> {
        check_move_form(written, &MOVE_FORM)?;
        let sowing = &written.sowings[0];
        let extras = match &written.extra_captures[..] {
            [] => Some(Extras::NONE),
            [a] => Some(Extras::one(a.value)),
            [a, b] => Some(Extras([Some(a.value), Some(b.value)])),
            _ => None,
        };
        let Some(extras) = extras else {
            let (rule, limit) = match sowing.transfer_to {
                Some(_) => ("nchuwa.opening.removals", self.removals),
                None => ("nchuwa.capture.extra", 1),
            };
            return Err(Violation::new(
                rule,
                format!(
                    "{} holes named with `*`: a Nchuwa turn takes {} by choice here",
                    written.extra_captures.len(),
                    if limit == 1 { "one hole" } else { "two holes" }
                ),
            )
            .at(MovePart::ExtraCapture(limit)));
        };
        let decision = match &sowing.transfer_to {
            Some(to) => {
                if written.stopped_after_lap.is_some() {
                    return Err(Violation::new(
                        "mgn.move.form",
                        "an opening transfer is not sown, so it cannot be stopped after a lap",
                    ));
                }
                NchuwaDecision::Transfer {
                    from: sowing.hole.value,
                    to: to.value,
                    extras,
                }
            }
            None => NchuwaDecision::Sow {
                hole: sowing.hole.value,
                extras,
                stop: written.stopped_after_lap,
            },
        };
        out.clear();
        out.push((decision, MovePart::Sowing(0)));
        Ok(())
    }

    fn begin_round<S: EventSink>(&self, _: &mut NchuwaState, _: &mut S) -> Result<(), Violation> {
        Err(Violation::new(
            "mgn.round.marker",
            "Nchuwa is played in one round",
        ))
    }

    fn pass_decision(&self) -> Option<NchuwaDecision> {
        Some(NchuwaDecision::Pass)
    }

    fn move_from_decisions(&self, turn: &[NchuwaDecision]) -> Element {
        let spanned = |hole: Hole| Spanned::new(hole, Default::default());
        let (hole, to, extras, stop) = match turn.first() {
            None | Some(NchuwaDecision::Pass) => {
                return Element::Pass(Spanned::new((), Default::default()))
            }
            Some(&NchuwaDecision::Transfer { from, to, extras }) => (from, Some(to), extras, None),
            Some(&NchuwaDecision::Sow { hole, extras, stop }) => (hole, None, extras, stop),
        };
        Element::Move(Spanned::new(
            Move {
                sowings: Sowing {
                    hole: spanned(hole),
                    direction: None,
                    transfer_to: to.map(|to| Box::new(spanned(to))),
                    muzi_drops: Few::new(),
                }
                .into(),
                extra_captures: extras.iter().map(spanned).collect(),
                actions: Few::new(),
                stopped_after_lap: stop,
            },
            Default::default(),
        ))
    }
}

#[cfg(test)]
mod tests;
