//! Mraw imrujen's declarations: its board, rules, options and presets, each rule and option with
//! the seed sentence it rests on (docs/rules/mraw-imrujen.md), and the options decoded for one
//! record.

use crate::notation::{BoardSize, GameKind};
use crate::rules::options::{rule_option, rule_table, RuleOption};
use crate::rules::{Drawing, GameDef, MoveForm, OptionDef, PositionForm, PresetDef, Settings};

/// The only board: 2x5.
pub const BOARD_SIZE: BoardSize = BoardSize {
    rows: 2,
    columns: 5,
};

/// Mraw imrujen's declarations: its boards, rules, options and presets, as `mgn rules` lists
/// them and as a record's header is checked against them.
pub static DEF: GameDef = GameDef {
    kind: GameKind::MrawImrujen,
    boards: &[BOARD_SIZE],
    default_board: BOARD_SIZE,
    rules: RULES,
    options: OPTIONS,
    presets: PRESETS,
    muzi_points: 0,
    drawing: Drawing::TwoRows,
};

rule_table! {
    pub static RULES;
    BOARD = "mraw-imrujen.board" {
        summary: "a 2x5 board: row A (top) is A's, row B (bottom) is B's; no stores, captured seeds are the captor's winnings",
        source: "«tauler: 2×5, dues files de cinc forats.» «La fila superior pertany al jugador A. La fila de sota pertany al jugador B.»",
    }
    START = "mraw-imrujen.start" {
        summary: "the first round starts with 4 seeds in every hole, 40 in all; the number of seeds never changes, except that mraw-imrujen.round.leftover=out-of-game (after a tied round, mraw-imrujen.round.tie-leftover=out-of-game) takes the leftover out of the game between rounds",
        source: "«núm. peces: 40 (20 per jugador).» «disposició inicial: 4 llavors en cada forat en la primera ronda.»",
    }
    FIRST = "mraw-imrujen.first" {
        summary: "the seed does not say who moves first: the First tag says who (B when it is absent)",
        source: "silent",
    }
    SOW_START = "mraw-imrujen.sow.start" {
        summary: "a move takes every seed of one hole of the mover's own row",
        source: "«Les llavors es col·loquen una a una, començant en el mateix forat des d’on s’han agafat.» «La fila de sota pertany al jugador B.»",
    }
    SOW_SINGLE = "mraw-imrujen.sow.single" {
        summary: "no move from a hole holding a single seed",
        source: "«No es pot començar a sembrar des d’un forat que contingui una sola llavor.»",
    }
    SOW_LAP = "mraw-imrujen.sow.lap" {
        summary: "a single lap: the seeds are sown one by one, the first back into the emptied hole; the turn ends with the lap",
        source: "«sembra: volta simple. Les llavors es col·loquen una a una, començant en el mateix forat des d’on s’han agafat.»",
    }
    FEED = "mraw-imrujen.feed" {
        summary: "when the feeding obligation applies (mraw-imrujen.feed.reach), a move must sow at least one seed into the opponent's row",
        source: "«Els jugadors han “d’alimentar l’oponent”, quan aquest jugador no pot jugar. És a dir, els jugadors no poden jugar un forat que no conté suficients llavors al seu interior per arribar a territori de l’adversari.»",
    }
    CAPTURE_START = "mraw-imrujen.capture.start" {
        summary: "the capture starts in the mover's own row: the last seed's hole, if it is his and holds 2 or 4 counting that seed, goes to his winnings; a last seed in the opponent's row captures nothing",
        source: "«collita: s’inicia en el territori propi.» «El jugador captura el contingut d’un forat propi si hi ha 2 o 4 llavors, comptant la darrera llavor que acaba de deixar.» «Les llavors capturades es retiren del tauler.»",
    }
    CAPTURE_CHAIN = "mraw-imrujen.capture.chain" {
        summary: "then the preceding hole (against the mover's sowing direction), if it holds 2 or 4, and so on, crossing the row boundary as far as mraw-imrujen.capture.reach allows",
        source: "«Es poden fer captures encadenades i es pot creuar el límit de la fila pròpia.» «Si el forat precedent també conté 2 o 4 llavors, aquestes també es capturen, i així successivament creuant, fins i tot, el límit de la fila.»",
    }
    ROUND_END = "mraw-imrujen.round.end" {
        summary: "the round ends when the player to move cannot play: no hole of his with two seeds or more (or no legal move left)",
        source: "«el joc acaba…: quan un jugador en el seu torn no pot jugar cap forat perquè no té llavors o contenen sols una llavor. El joc es juga a diverses rondes.»",
    }
    ROUND_SHARE = "mraw-imrujen.round.share" {
        summary: "between rounds the player who captured more keeps his seeds; the rest (the other's captures and the seeds left on the board) is shared out equally over the ten holes, an even number in each",
        source: "«El jugador que ha guanyat més llavors, se les queda. Les restants (les que ha capturat el jugador que n’ha capturat menys, més les que resten al tauler) es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un. La segona ronda es juga amb aquest nombre de llavors.»",
    }
    GAME_WINNER = "mraw-imrujen.game.winner" {
        summary: "when the game ends, the player with more seeds in his winnings wins; equal winnings draw",
        source: "«objectiu: capturar més llavors que l’adversari.» «Els jugadors compten les llavors que han capturat al llarg de la partida.»",
    }
}

rule_option! {
    pub enum SowDirection = "mraw-imrujen.sow.direction" {
        summary: "which player sows which way: for the whole game (the first two values, mirror images of each other), or by who starts the round",
        source: "«direcció sembra: alternativament en direcció horària/anti-horària. Un jugador sembra en direcció horària i l’altre en direcció anti-horària.»",
        BCounterClockwise = "b-counter-clockwise": "B sows counter-clockwise (B1 toward B5, then A1), A clockwise (A5 toward A1, then B5), for the whole game",
        ACounterClockwise = "a-counter-clockwise": "A sows counter-clockwise (A1 toward A5, then B1), B clockwise (B5 toward B1, then A5), for the whole game",
        FirstPlayerClockwise = "first-player-clockwise": "in each round, the player who moves first in it sows clockwise and the other counter-clockwise: the ways change when the first player does",
    }
}

rule_option! {
    pub enum FeedReach = "mraw-imrujen.feed.reach" {
        summary: "when a move must reach the opponent's row",
        source: "«Els jugadors han “d’alimentar l’oponent”, quan aquest jugador no pot jugar. És a dir, els jugadors no poden jugar un forat que no conté suficients llavors al seu interior per arribar a territori de l’adversari.»",
        OpponentCannotPlay = "opponent-cannot-play": "only when the opponent cannot play (he has no hole with two seeds or more)",
        Always = "always": "every move (the «És a dir» sentence read on its own)",
    }
}

rule_option! {
    pub enum FeedImpossible = "mraw-imrujen.feed.impossible" {
        summary: "what happens when the feeding obligation applies and no legal move reaches the opponent's row (none holds enough seeds, or mraw-imrujen.capture.no-empty forbids those that do)",
        source: "silent: «els jugadors no poden jugar un forat que no conté suficients llavors» / «quan un jugador en el seu torn no pot jugar cap forat» / «Un jugador no pot fer un moviment que provoqui una captura que deixi a l’adversari sense llavors en el seus forats.»",
        RoundEnds = "round-ends": "no hole may be played, so the player cannot play and the round ends",
        AnyMove = "any-move": "the obligation lapses: any move is allowed",
        AnyMoveIfNoneReaches = "any-move-if-none-reaches": "the obligation lapses only when no hole holds enough seeds to reach; when some do but the capture rule forbids them all, the player cannot play and the round ends",
    }
}

rule_option! {
    pub enum CaptureReach = "mraw-imrujen.capture.reach" {
        summary: "how far back a capture chain may run (going on round into the mover's row again would take the opponent's whole row, which mraw-imrujen.capture.no-empty always forbids)",
        source: "«es pot creuar el límit de la fila pròpia» «i així successivament creuant, fins i tot, el límit de la fila.»",
        CrossOnce = "cross-once": "through the mover's row and across its boundary into the opponent's row, stopping at the end of that row",
        OwnRow = "own-row": "only within the mover's own row",
    }
}

rule_option! {
    pub enum CaptureNoEmpty = "mraw-imrujen.capture.no-empty" {
        summary: "how a capture that would take the opponent's last seeds is forbidden",
        source: "«Un jugador no pot fer un moviment que provoqui una captura que deixi a l’adversari sense llavors en el seus forats.»",
        Illegal = "illegal": "the move is not allowed",
        NoCapture = "no-capture": "the move is allowed but captures nothing",
        ChainStops = "chain-stops": "the chain stops before the hole whose capture would leave the opponent's row empty",
    }
}

rule_option! {
    pub enum RoundKeep = "mraw-imrujen.round.keep" {
        summary: "what the players compare at the end of a round, and what the one who captured more keeps",
        source: "«Els jugadors compten les llavors que han capturat al llarg de la partida. El jugador que ha guanyat més llavors, se les queda.»",
        RoundCaptures = "round-captures": "the seeds each captured in this round; the one with more keeps them for good, the other's go back",
        AllWinnings = "all-winnings": "everything each holds; the one with more keeps it all, the other's whole winnings go back",
    }
}

rule_option! {
    pub enum RoundTie = "mraw-imrujen.round.tie" {
        summary: "what is kept when both compared counts are equal",
        source: "silent: «El jugador que ha guanyat més llavors, se les queda.»",
        NobodyKeeps = "nobody-keeps": "neither player keeps what was compared: it is all shared out",
        BothKeep = "both-keep": "each keeps what was compared; only the seeds on the board are shared out",
    }
}

rule_option! {
    pub enum RoundLeftover = "mraw-imrujen.round.leftover" {
        summary: "where the seeds the even split cannot place go (fewer than 20)",
        source: "silent: «es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un. La segona ronda es juga amb aquest nombre de llavors.»",
        Fewer = "fewer": "to the player who captured fewer; after a tied round, the player who could not play",
        More = "more": "to the player who captured more; after a tied round, the player who made the last move",
        OutOfGame = "out-of-game": "to nobody, after any round, tied or not: they leave the game, and the positions after hold fewer than 40 seeds",
    }
}

rule_option! {
    pub enum TieLeftover = "mraw-imrujen.round.tie-leftover" {
        summary: "where the leftover of a tied round goes (under mraw-imrujen.round.tie=both-keep, or in a later round, where what earlier rounds kept is not shared out)",
        source: "silent: «El jugador que ha guanyat més llavors, se les queda. Les restants (les que ha capturat el jugador que n’ha capturat menys, més les que resten al tauler) es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un.»",
        TieBreak = "tie-break": "as mraw-imrujen.round.leftover says, after every round: after a tie, fewer gives it to the player who could not play, more to the one who made the last move",
        OutOfGame = "out-of-game": "to nobody after a tied round: it leaves the game; after a decided round, as mraw-imrujen.round.leftover says",
    }
}

rule_option! {
    pub enum NextRoundFirst = "mraw-imrujen.next-round.first" {
        summary: "who moves first in a later round",
        source: "silent; the site's Dong Wo page: «En les rondes posteriors alternen l’ordre per començar el primer torn de la partida.»",
        Alternate = "alternate": "the player who did not move first in the round before",
        RoundWinner = "round-winner": "the player who captured more in the round before (after a tied round, as alternate)",
        RoundLoser = "round-loser": "the player who captured fewer in the round before (after a tied round, as alternate)",
    }
}

rule_option! {
    pub enum GameEnd = "mraw-imrujen.game.end" {
        summary: "when the game ends",
        source: "«El joc es juga a diverses rondes.» «es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un.»",
        CannotShare = "cannot-share": "after a round whose seeds to share out cannot put two in every hole (fewer than 20)",
        AfterRound1 = "after-round-1": "after round 1 (or earlier, as cannot-share)",
        AfterRound2 = "after-round-2": "after round 2 (or earlier, as cannot-share)",
        AfterRound3 = "after-round-3": "after round 3 (or earlier, as cannot-share)",
    }
}

rule_option! {
    pub enum Repetition = "mraw-imrujen.repetition" {
        summary: "what happens when a position (board, winnings, player to move) comes back in a round",
        source: "silent: «el joc acaba…: quan un jugador en el seu torn no pot jugar cap forat»",
        EndsRound = "ends-round": "its third occurrence in the round ends the round, as if the player to move could not play",
        Allowed = "allowed": "nothing: play goes on (a game may then never end)",
    }
}

/// Mraw imrujen's options, the points its sources leave open, in the order `mgn rules` lists them.
pub static OPTIONS: &[OptionDef] = &[
    SowDirection::DEF,
    FeedReach::DEF,
    FeedImpossible::DEF,
    CaptureReach::DEF,
    CaptureNoEmpty::DEF,
    RoundKeep::DEF,
    RoundTie::DEF,
    RoundLeftover::DEF,
    TieLeftover::DEF,
    NextRoundFirst::DEF,
    GameEnd::DEF,
    Repetition::DEF,
];

/// Mraw imrujen's presets: the option values of one source or one variant, named for a `Preset`
/// tag.
pub static PRESETS: &[PresetDef] = &[
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

/// The parts of a written move Mraw imrujen uses; every other part is refused as for every game.
pub static MOVE_FORM: MoveForm = MoveForm {
    game: "Mraw imrujen",
    shape: "one hole: a single lap, in the direction the option mraw-imrujen.sow.direction gives the player",
    ..MoveForm::ONE_HOLE
};

/// What a Mraw imrujen position may hold: 40 seeds in two rows of 5 and the winnings, no
/// markers.
pub static POSITION_FORM: PositionForm = PositionForm {
    total_words: "the position holds {total} seeds; a Mraw imrujen game has {expected}",
    ..FORM
};

/// The same under `mraw-imrujen.round.leftover=out-of-game`, where the seeds the even split
/// cannot place leave the game between rounds: a later round's position holds at most 40, and
/// the words say so.
pub static POSITION_FORM_OUT_OF_GAME: PositionForm = PositionForm {
    total_words: "the position holds {total} seeds; a Mraw imrujen game has {expected} in round 1, and at most {expected} in a later round under mraw-imrujen.round.leftover=out-of-game",
    ..FORM
};

/// The same under `mraw-imrujen.round.tie-leftover=out-of-game`, where a tied round's leftover
/// leaves the game: the words name the option that allows fewer than 40.
pub static POSITION_FORM_TIE_OUT_OF_GAME: PositionForm = PositionForm {
    total_words: "the position holds {total} seeds; a Mraw imrujen game has {expected} in round 1, and at most {expected} in a later round under mraw-imrujen.round.tie-leftover=out-of-game",
    ..FORM
};

const FORM: PositionForm = PositionForm {
    game: "Mraw imrujen",
    stones: "seeds",
    muzi: false,
    owned_holes: false,
    out_of_play: false,
    debts: false,
    hole_bound: false,
    row_words: "row {side} has {holes} holes; a Mraw imrujen board has {row}",
    marker_hint: "",
    total_words: "",
};

/// The record's rule options, decoded once when the rules are made.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// `mraw-imrujen.sow.direction`: which player sows which way.
    pub direction: SowDirection,
    /// `mraw-imrujen.feed.reach`: when a move must reach the opponent's row.
    pub feed_reach: FeedReach,
    /// `mraw-imrujen.feed.impossible`: what a mover does who must feed the opponent and cannot.
    pub feed_impossible: FeedImpossible,
    /// `mraw-imrujen.capture.reach`: how far back a capture chain may run.
    pub capture_reach: CaptureReach,
    /// `mraw-imrujen.capture.no-empty`: how a capture of the opponent's last seeds is forbidden.
    pub no_empty: CaptureNoEmpty,
    /// `mraw-imrujen.round.keep`: what is compared when a round ends, and what the winner keeps.
    pub keep: RoundKeep,
    /// `mraw-imrujen.round.tie`: what is kept when both compared counts are equal.
    pub tie: RoundTie,
    /// `mraw-imrujen.round.leftover`: where the seeds the even split cannot place go.
    pub leftover: RoundLeftover,
    /// `mraw-imrujen.round.tie-leftover`: where the leftover of a tied round goes.
    pub tie_leftover: TieLeftover,
    /// `mraw-imrujen.next-round.first`: who moves first in a later round.
    pub next_first: NextRoundFirst,
    /// `mraw-imrujen.game.end`: when the game ends.
    pub game_end: GameEnd,
    /// `mraw-imrujen.repetition`: what happens when a position comes back in a round.
    pub repetition: Repetition,
}

impl Config {
    /// Every option's value in `settings`, which must be Mraw imrujen's.
    pub fn new(settings: &Settings) -> Config {
        Config {
            direction: settings.value(),
            feed_reach: settings.value(),
            feed_impossible: settings.value(),
            capture_reach: settings.value(),
            no_empty: settings.value(),
            keep: settings.value(),
            tie: settings.value(),
            leftover: settings.value(),
            tie_leftover: settings.value(),
            next_first: settings.value(),
            game_end: settings.value(),
            repetition: settings.value(),
        }
    }
}
