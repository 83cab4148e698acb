//! Dakon's declarations: its boards, rules, options and presets, each rule and option with the
//! seed sentence it rests on (docs/rules/dakon.md), and the options decoded for one record.

use crate::notation::{BoardSize, GameKind};
use crate::rules::options::{rule_option, rule_table, RuleOption};
use crate::rules::{Drawing, GameDef, MoveForm, OptionDef, PositionForm, PresetDef, Settings};

/// Dakon's declarations: its boards, rules, options and presets, as `mgn rules` lists
/// them and as a record's header is checked against them.
pub static DEF: GameDef = GameDef {
    kind: GameKind::Dakon,
    boards: &[
        BoardSize {
            rows: 2,
            columns: 5,
        },
        BoardSize {
            rows: 2,
            columns: 6,
        },
        BoardSize {
            rows: 2,
            columns: 7,
        },
        BoardSize {
            rows: 2,
            columns: 8,
        },
        BoardSize {
            rows: 2,
            columns: 9,
        },
        BoardSize {
            rows: 2,
            columns: 10,
        },
    ],
    default_board: BoardSize {
        rows: 2,
        columns: 5,
    },
    rules: RULES,
    options: OPTIONS,
    presets: PRESETS,
    muzi_points: 0,
    drawing: Drawing::TwoRows,
};

rule_table! {
    pub static RULES;
    BOARD = "dakon.board" {
        summary: "a 2xN board, N from 5 to 10, with a store at each end",
        source: "«És jugat a Java en taulers de fusta de 2×5, 2×6, 2×7, 2×8, 2×9 i 2×10 amb un forat magatzem a cada extrem del tauler.»",
    }
    START = "dakon.start" {
        summary: "N seeds in every hole, stores empty",
        source: "«El dakon és jugat amb el mateix nombre de llavors a cada forat al inici del joc com forats hi hagi en cada fila del tauler.» «Els forats magatzem es deixen buits al començament del joc.»",
    }
    FIRST = "dakon.first" {
        summary: "the first player is chosen by lot or by agreement: the First tag says who (B when it is absent)",
        source: "«El jugador que juga primer és escollit a l’atzar o de mutu acord.»",
    }
    SOW_START = "dakon.sow.start" {
        summary: "a sowing starts from a hole of the mover's own row that holds seeds",
        source: "«La sembra consisteix en agafar les llavors d’un forat de la fila pròpia i repartir-les una a una en forats adjacents consecutius.»",
    }
    SOW_OWN_STORE = "dakon.sow.own-store" {
        summary: "the sowing drops seeds into the mover's own store",
        source: "«El jugador que juga primer sembra les llavors una a una, incloent el propi forat magatzem»",
    }
    SOW_SKIP_OPPONENT_STORE = "dakon.sow.skip-opponent-store" {
        summary: "the sowing skips the opponent's store",
        source: "«continueu sembrant [...] però salteu el forat magatzem de l’adversari (6A)»",
    }
    SOW_SKIP_OUT_OF_PLAY = "dakon.sow.skip-out-of-play" {
        summary: "the sowing skips holes out of play",
        source: "«excepte que ambdós jugadors salten els forats anul·lats al començament de la partida»",
    }
    LAP_STORE = "dakon.lap.store" {
        summary: "a lap ending in the own store: the mover sows again, from any hole of his row with seeds (if he has none, the turn ends)",
        source: "«Si la última llavor cau dins del propi magatzem, el jugador que està sembrant comença un altre moviment des de qualsevol forat que contingui llavors del seu costat del tauler.»",
    }
    LAP_RELAY = "dakon.lap.relay" {
        summary: "a lap ending in an occupied hole, in either row: its seeds are taken up and sown on",
        source: "«El joc dakon es juga amb sembra encadenada.» «Arribeu fins al forat 3A que ara conté 6 llavors. El vostre torn no acaba.»",
    }
    CAPTURE_OPPOSITE = "dakon.capture.opposite" {
        summary: "a lap ending in an empty hole of the own row whose opposite hole holds seeds: those seeds and the last seed go to the own store; the turn ends",
        source: "«Si la darrera llavor d’una volta acaba en un forat buit en el propi costat del tauler i el forat oposat de l’adversari conté llavors, el jugador que està sembrant captura aquestes llavors i també la llavor que ha deixat en el forat buit y les col·loca totes en el seu propi magatzem. El torn acaba.»",
    }
    LAP_OWN_EMPTY = "dakon.lap.own-empty" {
        summary: "a lap ending in an empty hole of the own row with the opposite hole empty: the turn ends without capture",
        source: "«Si la última llavor cau en un forat buit en la pròpia fila i en el forat oposat al costat de l’adversari també està buit, acaba el torn sense captures.»",
    }
    LAP_OPPONENT_EMPTY = "dakon.lap.opponent-empty" {
        summary: "a lap ending in an empty hole of the opponent's row: the turn ends",
        source: "«Si la darrera llavor cau dins d’un forat buit al costat de l’adversari, el torn acaba i ara és el torn de l’altre jugador.»",
    }
    PASS = "dakon.pass" {
        summary: "a player with no seeds in his row passes, and only then",
        source: "«Si és el torn de joc d’un jugador i no té llavors en el seu costat del tauler per jugar, aquest jugador passa, és a dir, perd el torn. L’adversari juga de nou.»",
    }
    ROUND_WINNER = "dakon.round.winner" {
        summary: "the round goes to the player with more seeds in his store; equal stores draw the round",
        source: "«L’objectiu de cada ronda és dipositar tantes llavors com es pugui en el magatzem propi.»",
    }
    ROUND_REFILL = "dakon.round.refill" {
        summary: "between rounds each player fills his holes with N seeds each from his store, starting next to his store; what is left stays in the store",
        source: "«omplirà tants forats en la pròpia fila com li sigui possible amb 5 llavors en cada un, començant des de l’extrem dret del tauler. El jugador que tenia major nombre de llavors en la ronda anterior deixarà les llavors sobrants en el propi magatzem»",
    }
    ROUND_OUT_OF_PLAY = "dakon.round.out-of-play" {
        summary: "holes that cannot be filled are out of play for both players",
        source: "«els forats que no s’han pogut omplir queden anul·lats i no son usats per cap dels jugadors.»",
    }
    GAME_END = "dakon.game.end" {
        summary: "the game ends after a round in which a player gathered fewer than N seeds, too few to fill a hole (the seed's 5 is N on its 2x5 board)",
        source: "«El joc continua fins que un jugador capturar menys de 5 llavors en una ronda i per tant és incapaç d’omplir cap forat.»",
    }
}

rule_option! {
    pub enum SowDirection = "dakon.sow.direction" {
        summary: "which way seeds are sown, and so where the stores are",
        source: "«La direcció de la sembra en aquest joc és la contrària a la de les agulles del rellotge» / «El Dakon també es juga, a vegades, en la direcció horària i, aleshores, cada jugador té el seu forat magatzem a mà esquerra.»",
        CounterClockwise = "counter-clockwise": "counter-clockwise, each store at its owner's right",
        Clockwise = "clockwise": "clockwise, each store at its owner's left (a documented variant)",
    }
}

rule_option! {
    pub enum CaptureOpponentSide = "dakon.capture.opponent-side" {
        summary: "what a lap ending in an empty hole of the opponent's row captures",
        source: "«Normalment, en aquesta situació el torn del jugador que està sembrant acaba sense captures, però en aquesta variant succeeix que el torn vostre acaba però podeu capturar les llavors dels forats dret i esquerre del forat buit de l’adversari on heu caigut.»",
        None = "none": "nothing: the turn ends",
        Neighbours = "neighbours": "the seeds of the holes right and left of it in that row (never a store; the seed's «podeu capturar» is taken as always done), a documented variant",
    }
}

rule_option! {
    pub enum SowOrigin = "dakon.sow.origin" {
        summary: "whether a lap of more seeds than the circuit drops a seed in the hole it was taken from (the seed is silent)",
        source: "silent: «les llavors es comencen a dipositar en el forat següent al forat del que s’han agafat»",
        Sow = "sow": "the emptied hole is sown like any other",
        Skip = "skip": "the emptied hole is skipped",
    }
}

rule_option! {
    pub enum RoundEnd = "dakon.round.end" {
        summary: "when a round ends",
        source: "«La primera ronda acaba quan totes les llavors estan col·locades en els forats magatzem de cada jugador.» / «Els jugadors juguen torns consecutius fins que un jugador es queda sense llavors per jugar.»",
        AllInStores = "all-in-stores": "when every seed is in a store; a player with no seeds passes meanwhile",
        CannotMove = "cannot-move": "when the player to move has no seeds; the seeds left in each row go to that row's owner (the seed does not say)",
    }
}

rule_option! {
    pub enum NextRoundFirst = "dakon.next-round.first" {
        summary: "who moves first in the next round (the seed has two contradicting sentences)",
        source: "«El jugador que ha guanyat la darrera ronda, comença el primer en la següent.» / «El jugador que va fer el darrer moviment en la partida anterior, serà el primer en sembrar en aquest nova ronda.»",
        RoundWinner = "round-winner": "the winner of the round; after a drawn round, the player who made the last move",
        LastMover = "last-mover": "the player who made the last move of the round",
    }
}

rule_option! {
    pub enum OutOfPlayReturn = "dakon.out-of-play.return" {
        summary: "whether a hole out of play can come back in a later round",
        source: "«aconseguiu deixar els forats 1A i 2A anul·lats per ambdós jugadors des d’ara en les successives rondes.»",
        Never = "never": "out of play for the rest of the game",
        Refill = "refill": "filled again in a later round when its owner has the seeds",
    }
}

rule_option! {
    pub enum RefillStart = "dakon.refill.start" {
        summary: "where refilling starts when the stores are on the left (the clockwise variant); counter-clockwise both values start next to the store",
        source: "«començant des de l’extrem dret del tauler» / «cada jugador té el seu forat magatzem a mà esquerra»",
        StoreSide = "store-side": "next to the store, as counter-clockwise: hole 1 first when sowing clockwise",
        RightEnd = "right-end": "at each player's right end, as the page words it: hole N first in both directions",
    }
}

rule_option! {
    pub enum GameWinner = "dakon.game.winner" {
        summary: "who wins the game",
        source: "«El jugador que guanya més rondes guanya el joc.» / «fins que un dels jugadors es quedi sense llavors»",
        MostRounds = "most-rounds": "the player who won more rounds; equal counts draw",
        Survivor = "survivor": "the player who can still fill a hole",
    }
}

/// Dakon's options, the points its sources leave open, in the order `mgn rules` lists them.
pub static OPTIONS: &[OptionDef] = &[
    SowDirection::DEF,
    CaptureOpponentSide::DEF,
    SowOrigin::DEF,
    RoundEnd::DEF,
    NextRoundFirst::DEF,
    OutOfPlayReturn::DEF,
    RefillStart::DEF,
    GameWinner::DEF,
];

/// Dakon's presets: the option values of one source or one variant, named for a `Preset`
/// tag.
pub static PRESETS: &[PresetDef] = &[
    PresetDef {
        name: "catalan",
        summary: "the rules of the Catalan page, every open point at its default",
        settings: &[],
    },
    PresetDef {
        name: "catalan-clockwise",
        summary: "the page's first variant: clockwise sowing, stores on the left",
        settings: &[("dakon.sow.direction", "clockwise")],
    },
    PresetDef {
        name: "catalan-neighbours",
        summary: "the page's second variant: a lap ending in an empty opponent's hole captures the holes beside it",
        settings: &[("dakon.capture.opponent-side", "neighbours")],
    },
];

/// The parts of a written move Dakon uses; every other part is refused as for every game.
pub static MOVE_FORM: MoveForm = MoveForm {
    game: "Dakon",
    shape: "a hole, or holes chained with `-` when a lap ends in the mover's store",
    chained: true,
    ..MoveForm::ONE_HOLE
};

/// What a Dakon position may hold: holes out of play (a hole that could not be refilled), and
/// nothing else but seeds, 2*N*N of them on a 2xN board.
pub static POSITION_FORM: PositionForm = PositionForm {
    game: "Dakon",
    stones: "seeds",
    muzi: false,
    owned_holes: false,
    out_of_play: true,
    debts: false,
    hole_bound: false,
    row_words: "row {side} has {holes} holes; this board has {row}",
    marker_hint: "",
    total_words: "the position holds {total} seeds; a {board} Dakon game has {expected}",
};

/// The record's rule options, decoded once when the rules are made.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// `dakon.sow.direction`: which way seeds are sown, and so where the stores are.
    pub direction: SowDirection,
    /// `dakon.capture.opponent-side`: what a lap ending in the opponent's empty hole captures.
    pub opponent_side: CaptureOpponentSide,
    /// `dakon.sow.origin`: whether a lap of more seeds than the circuit sows the hole it left.
    pub origin: SowOrigin,
    /// `dakon.round.end`: when a round ends.
    pub round_end: RoundEnd,
    /// `dakon.next-round.first`: who moves first in the next round.
    pub next_first: NextRoundFirst,
    /// `dakon.out-of-play.return`: whether a hole out of play can come back in a later round.
    pub out_of_play: OutOfPlayReturn,
    /// `dakon.refill.start`: where refilling starts when the stores are on the left.
    pub refill_start: RefillStart,
    /// `dakon.game.winner`: who wins the game.
    pub winner: GameWinner,
}

impl Config {
    /// Every option's value in `settings`, which must be Dakon's.
    pub fn new(settings: &Settings) -> Config {
        Config {
            direction: settings.value(),
            opponent_side: settings.value(),
            origin: settings.value(),
            round_end: settings.value(),
            next_first: settings.value(),
            out_of_play: settings.value(),
            refill_start: settings.value(),
            winner: settings.value(),
        }
    }
}
