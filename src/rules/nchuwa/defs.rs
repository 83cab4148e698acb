//! Nchuwa's declarations: its boards, rules, options and presets, each rule and option with the
//! seed sentence it rests on (docs/rules/nchuwa.md), and the options decoded for one record.

use crate::notation::{BoardSize, GameKind};
use crate::rules::options::{rule_option, rule_table, RuleOption};
use crate::rules::{Drawing, GameDef, MoveForm, OptionDef, PositionForm, PresetDef, Settings};

pub(super) const fn board(columns: u32) -> BoardSize {
    BoardSize { rows: 4, columns }
}

/// Nchuwa's declarations: its boards, rules, options and presets, as `mgn rules` lists
/// them and as a record's header is checked against them.
pub static DEF: GameDef = GameDef {
    kind: GameKind::Nchuwa,
    boards: &[board(6), board(9), board(12), board(15)],
    default_board: board(6),
    rules: RULES,
    options: OPTIONS,
    presets: PRESETS,
    muzi_points: 0,
    drawing: Drawing::FourRows,
};

rule_table! {
    pub static RULES;
    BOARD = "nchuwa.board" {
        summary: "a 4xN board, N = 6, 9, 12 or 15; each player owns the two rows on his side: the outer row (holes 1..N) and the inner row (N+1..2N)",
        source: "«El joc Nchuwa és jugat pels (ba)tonga de Malawi en taulers de 4×6 ,4×9, 4×12 i 4×15.» «Les dues files de sota pertanyen al jugador B. Les files numerades en cada costat del tauler del 7 al 12 s’anomenen files internes. [...] Les files numerades en cada costat del tauler de l’1 al 6 s’anomenen files externes.»",
    }
    START = "nchuwa.start" {
        summary: "2 seeds in every hole (8N in all), no winnings",
        source: "«disposició inicial: 2 llavors en cada forat.» «en un tauler de 4×6 calen 48 llavors (24 per jugador)»",
    }
    FIRST = "nchuwa.first" {
        summary: "the First tag says who makes the opening first (B when it is absent, as on the page)",
        source: "«Abans de sembrar els jugadors per torns realitzen un tipus d’obertura del joc.» «El jugador B agafa [...]»",
    }
    OPENING_GAMBIT = "nchuwa.opening.gambit" {
        summary: "the gambit: each player in turn takes the 2 seeds of hole N+1 and sows them into the next two holes, then does the same from the next hole that still holds 2, round his two rows; every third hole (1, 4, 7, ...) ends empty and the others hold 3. It involves no choice: mgn's start position is the position after both gambits",
        source: "«El jugador B agafa el contingut del forat de l’extrem dret de la seva fila interna (7) i sembra aquestes llavors en direcció anti-horària, acabant en el forat de l’extrem esquerre de la fila interna pròpia (12). Aleshores agafa el contingut del forat següent (1) de l’extrem esquerre en la fila externa i sembra aquestes llavors. I continua d’aquesta manera fins completar el circuit de les seves pròpies files, acabant en el forat de l’extrem dret de la fila externa (6). L’adversari (jugador A) fa el mateix.» Sanderson 1913: \"puts one in the second hole and one in the third. He then takes up the two in the next hole and puts one in each of the next two holes, and so on\"",
    }
    OPENING_TRANSFER = "nchuwa.opening.transfer" {
        summary: "then each player in turn, first player first, moves two seeds from an inner hole of his holding two or more to an empty outer hole of his (written `B8:B2`); no other move is allowed until both have done so",
        source: "«Després el jugador B transfereix dues llavors des de qualsevol dels propis forats ocupats de la fila interna a un forat buit de la pròpia fila externa» «Aleshores l’adversari (jugador A) fa la mateixa operació, completant l’obertura del joc (no cal copiar el moviment efectuat pel primer jugador).»",
    }
    OPENING_CAPTURE = "nchuwa.opening.capture" {
        summary: "the transfer captures the opponent's holes opposite the hole the two seeds came from: the facing inner hole and the outer hole behind it, each if occupied",
        source: "«i captura el contingut dels forats ocupats oposats al forat d’on aquest jugador ha transferit les dues llavors en qüestió.» Sanderson 1913: \"He then takes from his opponent the contents of the two holes opposite to that from which he moved the two men\"",
    }
    OPENING_EXTRA = "nchuwa.opening.extra" {
        summary: "and it captures one more occupied hole of the opponent, of the player's choice, in either row (written `*A5`; two under nchuwa.opening.removals=two, `*A5*A7`); this one is not optional",
        source: "«A més a més, aquest jugador també captura el contingut de qualsevol altre forat del costat de l’adversari.» Sanderson 1913: \"and also the contents of any one other hole (back or front rows)\"",
    }
    SOW_START = "nchuwa.sow.start" {
        summary: "a move starts from a hole of the mover's two rows holding two or more seeds; its seeds are sown one by one counter-clockwise round his own two rows, from the next hole",
        source: "«direcció sembra: anti-horària.» «Cada jugador per torns comença un moviment agafant el contingut de qualsevol forat de les dues files pròpies que continguin dues o més llavors. Les llavors es col·loquen una a una en els forats següents.»",
    }
    LAP_RELAY = "nchuwa.lap.relay" {
        summary: "a lap whose last seed falls in an occupied hole: that hole's seeds are taken up and sown on from the next hole, in a new lap",
        source: "«sembra: volta múltiple (o encadenada).» «Si l’última llavor d’una volta cau en un forat que contingui alguna llavor en qualsevol de les dues files pròpies, el jugador continua sembrant. El jugador agafa aquestes llavors i les mou una a una des del forat següent i una nova volta comença i sembra les llavors fins que la darrera llavor d’una volta cau en un forat buit.»",
    }
    LAP_OUTER_EMPTY = "nchuwa.lap.outer-empty" {
        summary: "a lap whose last seed falls in an empty outer hole: no capture, the turn ends",
        source: "«Quan la darrera llavor cau en forat buit de la fila externa pròpia, no hi ha captura i es passa el torn a l’altre jugador.»",
    }
    LAP_INNER_EMPTY = "nchuwa.lap.inner-empty" {
        summary: "a lap whose last seed falls in an empty inner hole facing an empty inner hole of the opponent: no capture, the turn ends",
        source: "«es mira si l’altre jugador té llavors al mateix forat de la seva fila interna. En cas afirmatiu, es cullen aquestes llavors.» (otherwise nothing is taken, and the sowing has ended: «fins que la darrera llavor d’una volta cau en un forat buit»)",
    }
    CAPTURE_INNER = "nchuwa.capture.inner" {
        summary: "a lap whose last seed falls in an empty inner hole facing an occupied inner hole of the opponent: those seeds are captured (inner hole B(N+k) faces A(2N+1-k)); the turn ends",
        source: "«collita: només en territori de l’adversari. Quan la darrera llavor d’una volta cau en un forat buit de la fila interna, es mira si l’altre jugador té llavors al mateix forat de la seva fila interna. En cas afirmatiu, es cullen aquestes llavors.»",
    }
    CAPTURE_BEHIND = "nchuwa.capture.behind" {
        summary: "after an inner capture, the opponent's outer hole behind it is captured too if occupied (behind A(2N+1-k) stands A(k))",
        source: "«Si hi ha hagut captura a la fila interna de l’adversari i al forat del darrera (a la fila externa de l’adversari) també hi ha llavors, també es cullen.»",
    }
    CAPTURE_EXTRA = "nchuwa.capture.extra" {
        summary: "every capture gives the right to capture one more occupied hole of the opponent, in either row, of the mover's choice (written `B9*A5`)",
        source: "«Cada vegada que un jugador fa una captura també té dret de capturar el contingut de qualsevol forat de l’adversari (en la fila externa o interna). Les captures es retiren del tauler.»",
    }
    SOW_SINGLETON = "nchuwa.sow.singleton" {
        summary: "a player whose holes all hold one seed or none moves a single seed into the next hole, which must be empty (the option of the same code can let single seeds move freely)",
        source: "«Quan un jugador es queda només amb forats que tenen una o cap llavor, només les podrà desplaçar a forats buits (no podrà acumular 2 llavors en un sol forat).» Sanderson (Angoni game): single men move \"only to an adjacent empty hole and when no holes contain more than one man\"",
    }
    GAME_END = "nchuwa.game.end" {
        summary: "the game ends when a player has no seeds left on the board; he has lost",
        source: "«objectiu del joc: capturar totes les llavors de l’adversari.» «el joc acaba…: quan un jugador es queda sense cap llavor.»",
    }
}

rule_option! {
    pub enum CaptureExtraDecline = "nchuwa.capture.extra-decline" {
        summary: "whether the mover may decline the extra capture after a capture in play (the opening's extra capture is never optional)",
        source: "«també té dret de capturar el contingut de qualsevol forat de l’adversari»",
        Allowed = "allowed": "he may: a capturing move written without `*` declines it («té dret», a right)",
        Forbidden = "forbidden": "he must take one more occupied hole when the opponent has one",
    }
}

rule_option! {
    pub enum CaptureExtraWhen = "nchuwa.capture.extra-when" {
        summary: "which captures in play give the extra capture",
        source: "«Cada vegada que un jugador fa una captura també té dret de capturar» / Sanderson 1913 (Angoni game, p. 733): with the back hole empty, the front hole \"and one other only\" may be taken / Ludii's Nchuwa.lud (not a seed): its play phase captures the two opposite holes and nothing else",
        EveryCapture = "every-capture": "every capture («Cada vegada que un jugador fa una captura»)",
        BackEmpty = "back-empty": "only a capture whose outer hole behind was empty, so that a capture takes two holes at most (a reading of Sanderson's Angoni game: with the back hole empty, the front hole \"and one other only\" may be taken)",
        Never = "never": "no capture in play gives one: the capture takes the facing inner hole and the outer hole behind it, nothing more (Ludii's Nchuwa.lud, whose rules code has no extra capture in play although its description says \"The player may also capture the contents of any other hole\"; not a seed)",
    }
}

rule_option! {
    pub enum OpeningCapture = "nchuwa.opening.capture" {
        summary: "which of the opponent's holes opposite the transfer's source the transfer captures",
        source: "«captura el contingut dels forats ocupats oposats al forat d’on aquest jugador ha transferit les dues llavors» / Sanderson (Angoni game): \"No men can be taken unless a hole in the front row is first attacked\" / Ludii's Nchuwa.lud (not a seed)",
        Occupied = "occupied": "both: each of the two opposite holes is taken if occupied («els forats ocupats oposats»; Sanderson: \"the contents of the two holes opposite\")",
        FrontFirst = "front-first": "as in play, the back hole only when the facing inner hole was taken (Sanderson's \"No men can be taken unless a hole in the front row is first attacked\" applied to the opening)",
        Neither = "none": "neither: the transfer captures nothing facing it, and the opening takes only its free removals (Ludii's Nchuwa.lud, not a seed: its phase Opening3 moves the two seeds and captures nothing)",
    }
}

rule_option! {
    pub enum OpeningRemovals = "nchuwa.opening.removals" {
        summary: "how many further holes the opening transfer captures besides the opposite ones",
        source: "«A més a més, aquest jugador també captura el contingut de qualsevol altre forat del costat de l’adversari.» / Ludii's Nchuwa.lud (not a seed): two removals from the opponent's holes after the transfer",
        One = "one": "one («qualsevol altre forat»; Sanderson: \"any one other hole\")",
        Two = "two": "two: after the transfer the player removes the contents of any one of the opponent's holes, twice (Ludii's Nchuwa.lud, not a seed: its phases Opening4 and Opening5); two distinct occupied holes, written `*A5*A7` in either order; when the opponent has fewer occupied holes, all of them",
    }
}

rule_option! {
    pub enum OpeningOrder = "nchuwa.opening.order" {
        summary: "in which order the opening's transfers and removals are played, and so how a record writes them",
        source: "«Després el jugador B transfereix dues llavors [...] Aleshores l’adversari (jugador A) fa la mateixa operació» / Ludii's Nchuwa.lud (not a seed): its phases Opening3, Opening4 and Opening5 each pass the turn to the other player after one step",
        ByPlayer = "by-player": "each player makes his transfer and all it captures in one turn, the first player first: one ply each, `B8:B2*A5` («Aleshores l’adversari [...] fa la mateixa operació»)",
        Interleaved = "interleaved": "every step is a ply of its own, turn about: the first player's transfer, the second's, then the removals alternating between them, first player first (each player's two under nchuwa.opening.removals=two); a transfer is written `B8:B2` and a removal `*A5` (Ludii's Nchuwa.lud, not a seed: a removal may take a hole the opponent's transfer has just filled)",
    }
}

rule_option! {
    pub enum SowSingleton = "nchuwa.sow.singleton" {
        summary: "when and where a hole holding a single seed may be moved",
        source: "«Quan un jugador es queda només amb forats que tenen una o cap llavor, només les podrà desplaçar a forats buits (no podrà acumular 2 llavors en un sol forat).» / Ludii's Nchuwa.lud (not a seed)",
        EmptyOnly = "empty-only": "only when all the mover's holes hold one seed or none, and only into an empty next hole («només les podrà desplaçar a forats buits»)",
        Free = "free": "like any other hole, at any time: its seed is sown into the next hole, and relays if that hole was occupied (Ludii's Nchuwa.lud, not a seed: a move starts from any occupied hole; its description: \"Single counters may be moved\")",
    }
}

rule_option! {
    pub enum SowOrigin = "nchuwa.sow.origin" {
        summary: "whether a lap of 2N or more seeds drops a seed in the hole it was taken from (the seed is silent)",
        source: "silent: «Les llavors es col·loquen una a una en els forats següents.»",
        Sow = "sow": "the emptied hole is sown like any other",
        Skip = "skip": "the emptied hole is skipped",
    }
}

rule_option! {
    pub enum Endless = "nchuwa.endless" {
        summary: "what happens to a move whose relay sowing never ends (mgn detects a repeated in-move state exactly, with no lap limit short of the lap budget of mgn.limit.laps)",
        source: "silent: «el jugador continua sembrant [...] fins que la darrera llavor d’una volta cau en un forat buit» (RULES-READING: Sowings that never end)",
        Illegal = "illegal": "such a move may not be played",
        Stop = "stop": "the mover sows until the in-move state repeats, then stops after that lap or any later lap of one more round of the cycle; the move is written with the lap, `B9/17`, and captures nothing",
        StopAnyLap = "stop-any-lap": "the mover of a move that never ends may stop after any lap of it, from lap 1 through the last lap `stop` allows (one more round of the cycle after the in-move state first repeats: later laps only repeat those states); the move is written with the lap, `B9/5`, and captures nothing (another implementation's reading)",
        Draw = "draw": "such a move may be played, and the game ends with it at once, drawn: the mover would sow on for ever, as Ludii's Nchuwa.lud sows it until its move limit ends the game, which Ludii scores as a draw (Ludii 1.3.12; not a seed); the move is written whole, `B4`, captures nothing, and leaves the board its relay comes back to, the board after lap mu + lambda where the in-move state first repeats (the board before the move when the relay comes back to its start, as every such move found does)",
    }
}

rule_option! {
    pub enum NoMove = "nchuwa.no-move" {
        summary: "what a player with seeds but no legal move does (all his holes hold one seed; or every move he has never ends, under nchuwa.endless=illegal)",
        source: "silent: «el joc acaba…: quan un jugador es queda sense cap llavor.»",
        Pass = "pass": "he passes; when neither player can move the game is drawn",
        Loses = "loses": "he has lost",
    }
}

/// Nchuwa's options, the points its sources leave open, in the order `mgn rules` lists them.
pub static OPTIONS: &[OptionDef] = &[
    CaptureExtraDecline::DEF,
    CaptureExtraWhen::DEF,
    OpeningCapture::DEF,
    OpeningRemovals::DEF,
    OpeningOrder::DEF,
    SowSingleton::DEF,
    SowOrigin::DEF,
    Endless::DEF,
    NoMove::DEF,
];

/// Nchuwa's presets: the option values of one source or one variant, named for a `Preset`
/// tag.
pub static PRESETS: &[PresetDef] = &[
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
        summary: "the rules code of Ludii's Nchuwa.lud (Ludeme/Ludii, ruleset \"Atonga (Described)\", after Sanderson 1913: 734-735; not a seed): the transfer captures nothing facing it and is followed by two free removals, the opening's steps played turn about in Ludii's order (B's transfer, A's, then the removals B, A, B, A), a capture in play takes the two opposite holes and nothing more, single seeds move freely, and a move whose relay never ends is played and draws the game, as Ludii's move limit ends it",
        settings: &[
            ("nchuwa.opening.capture", "none"),
            ("nchuwa.opening.removals", "two"),
            ("nchuwa.opening.order", "interleaved"),
            ("nchuwa.capture.extra-when", "never"),
            ("nchuwa.sow.singleton", "free"),
            ("nchuwa.endless", "draw"),
        ],
    },
];

/// The parts of a written move Nchuwa uses; every other part is refused as for every game.
pub static MOVE_FORM: MoveForm = MoveForm {
    game: "Nchuwa",
    shape: "a hole (`B9`), or the opening transfer `from:to`, with the holes taken by choice (`*A5`), or an opening removal `*A5` alone under nchuwa.opening.order=interleaved; every sowing is counter-clockwise",
    transfer: true,
    extra_captures: true,
    removal: true,
    stopped: true,
    ..MoveForm::ONE_HOLE
};

/// What an Nchuwa position may hold: 8*N seeds on a 4xN board, each player's outer and inner
/// row written as one row of 2*N holes, no markers; a hole is a byte, bounded by the game's
/// seeds.
pub static POSITION_FORM: PositionForm = PositionForm {
    game: "Nchuwa",
    stones: "seeds",
    muzi: false,
    owned_holes: false,
    out_of_play: false,
    debts: false,
    hole_bound: true,
    row_words: "{side} has {holes} holes; on this board each player has {row} ({side}1..{side}{row}: outer row, then inner row)",
    marker_hint: "",
    total_words: "the position holds {total} seeds; a {board} Nchuwa game has {expected}",
};

/// The record's rule options, decoded once when the rules are made.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// `nchuwa.capture.extra-decline`: whether the mover may decline the extra capture in play.
    pub extra_decline: CaptureExtraDecline,
    /// `nchuwa.capture.extra-when`: which captures in play give the extra capture.
    pub extra_when: CaptureExtraWhen,
    /// `nchuwa.opening.capture`: which holes opposite the transfer's source the transfer captures.
    pub opening_capture: OpeningCapture,
    /// `nchuwa.opening.removals`: how many further holes the opening transfer captures.
    pub removals: OpeningRemovals,
    /// `nchuwa.opening.order`: the order of the opening's transfers and removals.
    pub order: OpeningOrder,
    /// `nchuwa.sow.singleton`: when and where a hole holding a single seed may be moved.
    pub singleton: SowSingleton,
    /// `nchuwa.sow.origin`: whether a lap of 2N or more seeds sows the hole it left.
    pub origin: SowOrigin,
    /// `nchuwa.endless`: what happens to a move whose relay sowing never ends.
    pub endless: Endless,
    /// `nchuwa.no-move`: what a player with seeds but no legal move does.
    pub no_move: NoMove,
}

impl Config {
    /// Every option's value in `settings`, which must be Nchuwa's.
    pub fn new(settings: &Settings) -> Config {
        Config {
            extra_decline: settings.value(),
            extra_when: settings.value(),
            opening_capture: settings.value(),
            removals: settings.value(),
            order: settings.value(),
            singleton: settings.value(),
            origin: settings.value(),
            endless: settings.value(),
            no_move: settings.value(),
        }
    }
}
