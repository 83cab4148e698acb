//! Dakon (Java), from seed `002_9ebc8f70892c264a.txt` (Catalan). See `docs/rules/dakon.md`.
//!
//! The board is a ring of slots in sowing order: both rows and both stores. Slots are numbered
//! the same whatever the direction (`B1..BN`, B's store, `A1..AN`, A's store); the direction only
//! changes which slot follows which.

use super::{
    check_move_form, pile, undecided, Event, EventSink, GameDef, MoveForm, MovePart, OptionDef,
    Phase, PositionHead, PresetDef, RuleDef, Rules, Settings, Violation,
};
use crate::notation::{
    BoardSize, Element, Few, GameKind, Hole, HoleState, Move, Position, Side, Sowing, Spanned,
};
use std::fmt;

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
};

static RULES: &[RuleDef] = &[
    RuleDef {
        code: "dakon.board",
        summary: "a 2xN board, N from 5 to 10, with a store at each end",
        source: "«És jugat a Java en taulers de fusta de 2×5, 2×6, 2×7, 2×8, 2×9 i 2×10 amb un forat magatzem a cada extrem del tauler.»",
    },
    RuleDef {
        code: "dakon.start",
        summary: "N seeds in every hole, stores empty",
        source: "«El dakon és jugat amb el mateix nombre de llavors a cada forat al inici del joc com forats hi hagi en cada fila del tauler.» «Els forats magatzem es deixen buits al començament del joc.»",
    },
    RuleDef {
        code: "dakon.first",
        summary: "the first player is chosen by lot or by agreement: the First tag says who (B when it is absent)",
        source: "«El jugador que juga primer és escollit a l’atzar o de mutu acord.»",
    },
    RuleDef {
        code: "dakon.sow.start",
        summary: "a sowing starts from a hole of the mover's own row that holds seeds",
        source: "«La sembra consisteix en agafar les llavors d’un forat de la fila pròpia i repartir-les una a una en forats adjacents consecutius.»",
    },
    RuleDef {
        code: "dakon.sow.own-store",
        summary: "the sowing drops seeds into the mover's own store",
        source: "«El jugador que juga primer sembra les llavors una a una, incloent el propi forat magatzem»",
    },
    RuleDef {
        code: "dakon.sow.skip-opponent-store",
        summary: "the sowing skips the opponent's store",
        source: "«continueu sembrant [...] però salteu el forat magatzem de l’adversari (6A)»",
    },
    RuleDef {
        code: "dakon.sow.skip-out-of-play",
        summary: "the sowing skips holes out of play",
        source: "«excepte que ambdós jugadors salten els forats anul·lats al començament de la partida»",
    },
    RuleDef {
        code: "dakon.lap.store",
        summary: "a lap ending in the own store: the mover sows again, from any hole of his row with seeds (if he has none, the turn ends)",
        source: "«Si la última llavor cau dins del propi magatzem, el jugador que està sembrant comença un altre moviment des de qualsevol forat que contingui llavors del seu costat del tauler.»",
    },
    RuleDef {
        code: "dakon.lap.relay",
        summary: "a lap ending in an occupied hole, in either row: its seeds are taken up and sown on",
        source: "«El joc dakon es juga amb sembra encadenada.» «Arribeu fins al forat 3A que ara conté 6 llavors. El vostre torn no acaba.»",
    },
    RuleDef {
        code: "dakon.capture.opposite",
        summary: "a lap ending in an empty hole of the own row whose opposite hole holds seeds: those seeds and the last seed go to the own store; the turn ends",
        source: "«Si la darrera llavor d’una volta acaba en un forat buit en el propi costat del tauler i el forat oposat de l’adversari conté llavors, el jugador que està sembrant captura aquestes llavors i també la llavor que ha deixat en el forat buit y les col·loca totes en el seu propi magatzem. El torn acaba.»",
    },
    RuleDef {
        code: "dakon.lap.own-empty",
        summary: "a lap ending in an empty hole of the own row with the opposite hole empty: the turn ends without capture",
        source: "«Si la última llavor cau en un forat buit en la pròpia fila i en el forat oposat al costat de l’adversari també està buit, acaba el torn sense captures.»",
    },
    RuleDef {
        code: "dakon.lap.opponent-empty",
        summary: "a lap ending in an empty hole of the opponent's row: the turn ends",
        source: "«Si la darrera llavor cau dins d’un forat buit al costat de l’adversari, el torn acaba i ara és el torn de l’altre jugador.»",
    },
    RuleDef {
        code: "dakon.pass",
        summary: "a player with no seeds in his row passes, and only then",
        source: "«Si és el torn de joc d’un jugador i no té llavors en el seu costat del tauler per jugar, aquest jugador passa, és a dir, perd el torn. L’adversari juga de nou.»",
    },
    RuleDef {
        code: "dakon.round.winner",
        summary: "the round goes to the player with more seeds in his store; equal stores draw the round",
        source: "«L’objectiu de cada ronda és dipositar tantes llavors com es pugui en el magatzem propi.»",
    },
    RuleDef {
        code: "dakon.round.refill",
        summary: "between rounds each player fills his holes with N seeds each from his store, starting next to his store; what is left stays in the store",
        source: "«omplirà tants forats en la pròpia fila com li sigui possible amb 5 llavors en cada un, començant des de l’extrem dret del tauler. El jugador que tenia major nombre de llavors en la ronda anterior deixarà les llavors sobrants en el propi magatzem»",
    },
    RuleDef {
        code: "dakon.round.out-of-play",
        summary: "holes that cannot be filled are out of play for both players",
        source: "«els forats que no s’han pogut omplir queden anul·lats i no son usats per cap dels jugadors.»",
    },
    RuleDef {
        code: "dakon.game.end",
        summary: "the game ends after a round in which a player gathered fewer than N seeds, too few to fill a hole (the seed's 5 is N on its 2x5 board)",
        source: "«El joc continua fins que un jugador capturar menys de 5 llavors en una ronda i per tant és incapaç d’omplir cap forat.»",
    },
];

static OPTIONS: &[OptionDef] = &[
    OptionDef {
        code: "dakon.sow.direction",
        summary: "which way seeds are sown, and so where the stores are",
        values: &[
            ("counter-clockwise", "counter-clockwise, each store at its owner's right"),
            ("clockwise", "clockwise, each store at its owner's left (a documented variant)"),
        ],
        source: "«La direcció de la sembra en aquest joc és la contrària a la de les agulles del rellotge» / «El Dakon també es juga, a vegades, en la direcció horària i, aleshores, cada jugador té el seu forat magatzem a mà esquerra.»",
    },
    OptionDef {
        code: "dakon.capture.opponent-side",
        summary: "what a lap ending in an empty hole of the opponent's row captures",
        values: &[
            ("none", "nothing: the turn ends"),
            ("neighbours", "the seeds of the holes right and left of it in that row (never a store; the seed's «podeu capturar» is taken as always done), a documented variant"),
        ],
        source: "«Normalment, en aquesta situació el torn del jugador que està sembrant acaba sense captures, però en aquesta variant succeeix que el torn vostre acaba però podeu capturar les llavors dels forats dret i esquerre del forat buit de l’adversari on heu caigut.»",
    },
    OptionDef {
        code: "dakon.sow.origin",
        summary: "whether a lap of more seeds than the circuit drops a seed in the hole it was taken from (the seed is silent)",
        values: &[
            ("sow", "the emptied hole is sown like any other"),
            ("skip", "the emptied hole is skipped"),
        ],
        source: "silent: «les llavors es comencen a dipositar en el forat següent al forat del que s’han agafat»",
    },
    OptionDef {
        code: "dakon.round.end",
        summary: "when a round ends",
        values: &[
            ("all-in-stores", "when every seed is in a store; a player with no seeds passes meanwhile"),
            ("cannot-move", "when the player to move has no seeds; the seeds left in each row go to that row's owner (the seed does not say)"),
        ],
        source: "«La primera ronda acaba quan totes les llavors estan col·locades en els forats magatzem de cada jugador.» / «Els jugadors juguen torns consecutius fins que un jugador es queda sense llavors per jugar.»",
    },
    OptionDef {
        code: "dakon.next-round.first",
        summary: "who moves first in the next round (the seed has two contradicting sentences)",
        values: &[
            ("round-winner", "the winner of the round; after a drawn round, the player who made the last move"),
            ("last-mover", "the player who made the last move of the round"),
        ],
        source: "«El jugador que ha guanyat la darrera ronda, comença el primer en la següent.» / «El jugador que va fer el darrer moviment en la partida anterior, serà el primer en sembrar en aquest nova ronda.»",
    },
    OptionDef {
        code: "dakon.out-of-play.return",
        summary: "whether a hole out of play can come back in a later round",
        values: &[
            ("never", "out of play for the rest of the game"),
            ("refill", "filled again in a later round when its owner has the seeds"),
        ],
        source: "«aconseguiu deixar els forats 1A i 2A anul·lats per ambdós jugadors des d’ara en les successives rondes.»",
    },
    OptionDef {
        code: "dakon.refill.start",
        summary: "where refilling starts when the stores are on the left (the clockwise variant); counter-clockwise both values start next to the store",
        values: &[
            ("store-side", "next to the store, as counter-clockwise: hole 1 first when sowing clockwise"),
            ("right-end", "at each player's right end, as the page words it: hole N first in both directions"),
        ],
        source: "«començant des de l’extrem dret del tauler» / «cada jugador té el seu forat magatzem a mà esquerra»",
    },
    OptionDef {
        code: "dakon.game.winner",
        summary: "who wins the game",
        values: &[
            ("most-rounds", "the player who won more rounds; equal counts draw"),
            ("survivor", "the player who can still fill a hole"),
        ],
        source: "«El jugador que guanya més rondes guanya el joc.» / «fins que un dels jugadors es quedi sense llavors»",
    },
];

static PRESETS: &[PresetDef] = &[
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

static MOVE_FORM: MoveForm = MoveForm {
    game: "Dakon",
    shape: "a hole, or holes chained with `-` when a lap ends in the mover's store",
    chained: true,
    direction: false,
    transfer: false,
    muzi_drops: false,
    extra_captures: false,
    owner_actions: false,
    stopped: false,
};

/// The largest board: 2x10 plus two stores.
const MAX_SLOTS: usize = 22;

/// Dakon's rules for one board and one set of options.
#[derive(Clone, Debug)]
pub struct Dakon {
    /// Holes a row.
    n: usize,
    /// The slot that follows each slot in the sowing direction.
    next: [u8; MAX_SLOTS],
    neighbour_capture: bool,
    sow_into_origin: bool,
    round_ends_when_mover_empty: bool,
    first_is_round_winner: bool,
    out_of_play_permanent: bool,
    winner_by_rounds: bool,
    /// Refilling starts next to the store: hole N when sowing counter-clockwise, hole 1 when
    /// clockwise.
    refill_order: Vec<usize>,
    /// The lap budget of one sowing (`mgn.limit.laps`).
    max_laps: u64,
    /// The budget is below what a sowing may take on this board ([`Dakon::lap_bound`]).
    budget_binds: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DakonState {
    /// Seeds per slot: `B1..BN`, B's store, `A1..AN`, A's store.
    slots: [u32; MAX_SLOTS],
    /// Bit i set: slot i is out of play.
    out_of_play: u32,
    to_move: Side,
    round: u32,
    rounds_won: [u32; 2],
    /// Who made the last sowing of the round (passes do not count).
    last_mover: Option<Side>,
    /// Some(winner) once the game is over.
    result: Option<Option<Side>>,
    /// The mover's last lap ended in his store: he sows again in the same turn.
    sows_again: bool,
    /// The round is over and the next has not begun: `begin_round` refills the holes.
    round_over: bool,
}

/// A decision in Dakon: the hole to sow from (first or further sowing of a turn), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DakonDecision {
    Pass,
    Sow(Hole),
}

impl fmt::Display for DakonDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DakonDecision::Pass => f.write_str("pass"),
            DakonDecision::Sow(hole) => write!(f, "{hole}"),
        }
    }
}

/// How a sowing ended.
enum SowingEnd {
    InOwnStore,
    TurnOver,
}

impl Dakon {
    pub fn new(board: BoardSize, settings: &Settings) -> Result<Dakon, Violation> {
        if !DEF.boards.contains(&board) {
            return Err(Violation::new(
                "dakon.board",
                format!("Dakon is played on 2x5 to 2x10 boards, not {board}"),
            ));
        }
        let n = board.columns as usize;
        let clockwise = settings.get("dakon.sow.direction") == "clockwise";
        let mut order: Vec<usize> = Vec::with_capacity(2 * n + 2);
        if clockwise {
            order.extend((0..n).rev());
            order.push(n);
            order.extend((n + 1..=2 * n).rev());
            order.push(2 * n + 1);
        } else {
            order.extend(0..2 * n + 2);
        }
        let mut next = [0u8; MAX_SLOTS];
        for (i, &slot) in order.iter().enumerate() {
            next[slot] = order[(i + 1) % order.len()] as u8;
        }
        Ok(Dakon {
            n,
            next,
            neighbour_capture: settings.get("dakon.capture.opponent-side") == "neighbours",
            sow_into_origin: settings.get("dakon.sow.origin") == "sow",
            round_ends_when_mover_empty: settings.get("dakon.round.end") == "cannot-move",
            first_is_round_winner: settings.get("dakon.next-round.first") == "round-winner",
            out_of_play_permanent: settings.get("dakon.out-of-play.return") == "never",
            winner_by_rounds: settings.get("dakon.game.winner") == "most-rounds",
            refill_order: if clockwise && settings.get("dakon.refill.start") == "store-side" {
                (1..=n).collect()
            } else {
                (1..=n).rev().collect()
            },
            max_laps: settings.max_laps(),
            budget_binds: false,
        })
        .map(|mut dakon| {
            dakon.budget_binds = dakon.max_laps < dakon.lap_bound();
            dakon
        })
    }

    /// More laps than any sowing on this board can take: every time round the circuit (the
    /// mover's row and store, the opponent's row, the opponent's store skipped) drops a seed
    /// in the mover's store or ends the sowing there, and each lap sows a seed at least, so a
    /// sowing of S seeds on the board takes at most (2N + 2) (S + 1) laps, S <= 2 N^2.
    fn lap_bound(&self) -> u64 {
        let n = self.n as u64;
        (2 * n + 2) * (2 * n * n + 1)
    }

    fn store(&self, side: Side) -> usize {
        match side {
            Side::B => self.n,
            Side::A => 2 * self.n + 1,
        }
    }

    /// The slot of hole `number` (1..=N, or N+1 for the store) of `side`.
    fn slot(&self, side: Side, number: usize) -> usize {
        match side {
            Side::B => number - 1,
            Side::A => self.n + number,
        }
    }

    fn hole(&self, slot: usize) -> Hole {
        if slot <= self.n {
            Hole::new(Side::B, slot as u32 + 1)
        } else {
            Hole::new(Side::A, (slot - self.n) as u32)
        }
    }

    fn owner(&self, slot: usize) -> Side {
        if slot <= self.n {
            Side::B
        } else {
            Side::A
        }
    }

    fn row_slots(&self, side: Side) -> std::ops::Range<usize> {
        let first = self.slot(side, 1);
        first..first + self.n
    }

    fn opposite(&self, slot: usize) -> usize {
        let hole = self.hole(slot);
        self.slot(hole.side.other(), self.n + 1 - hole.number as usize)
    }

    fn row_seeds(&self, state: &DakonState, side: Side) -> u32 {
        self.row_slots(side).map(|s| state.slots[s]).sum()
    }

    fn total_seeds(&self) -> u32 {
        2 * (self.n * self.n) as u32
    }

    /// One sowing from `start`, with its relays, up to the end of the turn or the own store,
    /// and its laps. Inlined into `apply`, the hot path of Dakon's replay.
    #[inline(always)]
    fn sow<S: EventSink>(
        &self,
        state: &mut DakonState,
        start: usize,
        sink: &mut S,
    ) -> (SowingEnd, u32) {
        let mover = state.to_move;
        let own_store = self.store(mover);
        let opponent_store = self.store(mover.other());
        let mut origin = start;
        let mut lap = 1;
        loop {
            let mut seeds = std::mem::take(&mut state.slots[origin]);
            sink.event(Event::PickUp {
                hole: self.hole(origin),
                pile: pile(seeds),
                lap,
            });
            let mut at = origin;
            while seeds > 0 {
                at = self.next[at] as usize;
                let skip_rule = if at == opponent_store {
                    Some("dakon.sow.skip-opponent-store")
                } else if state.out_of_play & (1 << at) != 0 {
                    Some("dakon.sow.skip-out-of-play")
                } else if at == origin && !self.sow_into_origin {
                    Some("dakon.sow.origin")
                } else {
                    None
                };
                if let Some(rule) = skip_rule {
                    sink.event(Event::Skip {
                        hole: self.hole(at),
                        rule,
                    });
                    continue;
                }
                state.slots[at] += 1;
                seeds -= 1;
                sink.event(Event::Sow {
                    hole: self.hole(at),
                });
            }
            let hole = self.hole(at);
            if at == own_store {
                sink.event(Event::LapEnd {
                    hole,
                    lap,
                    rule: "dakon.lap.store",
                });
                return (SowingEnd::InOwnStore, lap);
            }
            if state.slots[at] > 1 {
                sink.event(Event::LapEnd {
                    hole,
                    lap,
                    rule: "dakon.lap.relay",
                });
                origin = at;
                lap += 1;
                continue;
            }
            if self.owner(at) == mover {
                let opposite = self.opposite(at);
                if state.slots[opposite] > 0 {
                    sink.event(Event::LapEnd {
                        hole,
                        lap,
                        rule: "dakon.capture.opposite",
                    });
                    self.capture(state, opposite, mover, "dakon.capture.opposite", sink);
                    self.capture(state, at, mover, "dakon.capture.opposite", sink);
                } else {
                    sink.event(Event::LapEnd {
                        hole,
                        lap,
                        rule: "dakon.lap.own-empty",
                    });
                }
            } else {
                sink.event(Event::LapEnd {
                    hole,
                    lap,
                    rule: "dakon.lap.opponent-empty",
                });
                if self.neighbour_capture {
                    let number = hole.number as usize;
                    for beside in [number - 1, number + 1] {
                        if (1..=self.n).contains(&beside) {
                            let slot = self.slot(hole.side, beside);
                            if state.slots[slot] > 0 {
                                self.capture(
                                    state,
                                    slot,
                                    mover,
                                    "dakon.capture.opponent-side",
                                    sink,
                                );
                            }
                        }
                    }
                }
            }
            return (SowingEnd::TurnOver, lap);
        }
    }

    /// Under a budget below what a sowing may take on this board: the sowing's laps counted
    /// first, and refused past the budget.
    #[cold]
    #[inline(never)]
    fn within_budget(&self, state: &DakonState, slot: usize, hole: Hole) -> Result<(), Violation> {
        let (_, laps) = self.sow(&mut state.clone(), slot, &mut ());
        if u64::from(laps) > self.max_laps {
            return Err(undecided(
                hole,
                format_args!("its sowing goes on past lap {}", self.max_laps),
                self.max_laps,
            ));
        }
        Ok(())
    }

    fn capture<S: EventSink>(
        &self,
        state: &mut DakonState,
        slot: usize,
        by: Side,
        rule: &'static str,
        sink: &mut S,
    ) {
        let seeds = std::mem::take(&mut state.slots[slot]);
        state.slots[self.store(by)] += seeds;
        sink.event(Event::Capture {
            hole: self.hole(slot),
            pile: pile(seeds),
            by,
            rule,
        });
    }

    /// Why `hole` cannot start a sowing of `mover`, if it cannot.
    fn check_start(&self, state: &DakonState, mover: Side, hole: Hole) -> Result<usize, Violation> {
        let number = hole.number as usize;
        if hole.side != mover || !(1..=self.n).contains(&number) {
            return Err(Violation::new(
                "dakon.sow.start",
                format!(
                    "{hole} is not a hole of {mover}'s row ({mover}1..{mover}{})",
                    self.n
                ),
            ));
        }
        let slot = self.slot(mover, number);
        if state.out_of_play & (1 << slot) != 0 {
            return Err(Violation::new(
                "dakon.round.out-of-play",
                format!("{hole} is out of play"),
            ));
        }
        if state.slots[slot] == 0 {
            return Err(Violation::new(
                "dakon.sow.start",
                format!("{hole} is empty"),
            ));
        }
        Ok(slot)
    }

    /// After a turn: end the round (and maybe the game), or hand the turn over.
    fn finish_turn<S: EventSink>(&self, state: &mut DakonState, sink: &mut S) {
        let next = state.to_move.other();
        let round_over = if self.round_ends_when_mover_empty {
            self.row_seeds(state, next) == 0
        } else {
            self.row_seeds(state, Side::A) + self.row_seeds(state, Side::B) == 0
        };
        if !round_over {
            state.to_move = next;
            sink.event(Event::TurnEnd { next });
            return;
        }
        // Under "cannot-move" seeds may still lie in the other row: they are its owner's.
        for side in [Side::A, Side::B] {
            for slot in self.row_slots(side) {
                let seeds = std::mem::take(&mut state.slots[slot]);
                if seeds > 0 {
                    state.slots[self.store(side)] += seeds;
                    sink.event(Event::Gather {
                        hole: self.hole(slot),
                        seeds,
                        by: side,
                        rule: "dakon.round.end",
                    });
                }
            }
        }
        let stores = [
            state.slots[self.store(Side::A)],
            state.slots[self.store(Side::B)],
        ];
        let winner = match stores[0].cmp(&stores[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        };
        if let Some(w) = winner {
            state.rounds_won[w.index()] += 1;
        }
        sink.event(Event::RoundEnd {
            round: state.round,
            winner,
            rule: "dakon.round.winner",
        });
        let threshold = self.n as u32;
        if stores.iter().any(|&s| s < threshold) {
            let game_winner = if self.winner_by_rounds {
                match state.rounds_won[0].cmp(&state.rounds_won[1]) {
                    std::cmp::Ordering::Greater => Some(Side::A),
                    std::cmp::Ordering::Less => Some(Side::B),
                    std::cmp::Ordering::Equal => None,
                }
            } else if stores[0] >= threshold {
                Some(Side::A)
            } else if stores[1] >= threshold {
                Some(Side::B)
            } else {
                None
            };
            state.result = Some(game_winner);
            state.to_move = next;
            sink.event(Event::GameEnd {
                winner: game_winner,
                rule: if self.winner_by_rounds {
                    "dakon.game.winner"
                } else {
                    "dakon.game.end"
                },
            });
            return;
        }
        // The position between rounds already names who starts the next one.
        let last_mover = state.last_mover.unwrap_or(next);
        state.to_move = match winner {
            Some(w) if self.first_is_round_winner => w,
            _ => last_mover,
        };
        state.round_over = true;
    }

    fn refill<S: EventSink>(&self, state: &mut DakonState, sink: &mut S) {
        let per_hole = self.n as u32;
        for side in [Side::A, Side::B] {
            let store = self.store(side);
            for &number in &self.refill_order {
                let slot = self.slot(side, number);
                let was_out = state.out_of_play & (1 << slot) != 0;
                if was_out && self.out_of_play_permanent {
                    continue;
                }
                if state.slots[store] >= per_hole {
                    state.slots[store] -= per_hole;
                    state.slots[slot] = per_hole;
                    state.out_of_play &= !(1 << slot);
                    sink.event(Event::Refill {
                        hole: self.hole(slot),
                        seeds: per_hole,
                    });
                } else {
                    state.out_of_play |= 1 << slot;
                    if !was_out {
                        sink.event(Event::OutOfPlay {
                            hole: self.hole(slot),
                            rule: "dakon.round.out-of-play",
                        });
                    }
                }
            }
        }
    }
}

impl Rules for Dakon {
    type State = DakonState;
    type Decision = DakonDecision;

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> DakonState {
        let mut slots = [0; MAX_SLOTS];
        for side in [Side::A, Side::B] {
            for slot in self.row_slots(side) {
                slots[slot] = self.n as u32;
            }
        }
        DakonState {
            slots,
            out_of_play: 0,
            to_move: first,
            round: 1,
            rounds_won: [0, 0],
            last_mover: None,
            result: None,
            sows_again: false,
            round_over: false,
        }
    }

    fn state_from_position(&self, position: &Position) -> Result<DakonState, Violation> {
        let shape = |message: String| Violation::new("mgn.position.shape", message);
        let mut state = self.start(position.to_move);
        state.round = position.round.max(1);
        for side in [Side::A, Side::B] {
            let holes = &position.holes[side.index()];
            if holes.len() != self.n {
                return Err(shape(format!(
                    "row {side} has {} holes; this board has {}",
                    holes.len(),
                    self.n
                )));
            }
            for (i, hole) in holes.iter().enumerate() {
                let slot = self.slot(side, i + 1);
                if !hole.pile.muzi.is_empty() || hole.owner.is_some() {
                    return Err(shape(format!(
                        "{side}{}: Dakon has no muzi and no owned holes",
                        i + 1
                    )));
                }
                if hole.out_of_play && hole.pile.seeds > 0 {
                    return Err(shape(format!(
                        "{side}{}: a hole out of play holds no seeds",
                        i + 1
                    )));
                }
                state.slots[slot] = hole.pile.seeds;
                if hole.out_of_play {
                    state.out_of_play |= 1 << slot;
                }
            }
            let store = position.stores[side.index()];
            if !store.muzi.is_empty() {
                return Err(shape("Dakon has no muzi".to_string()));
            }
            state.slots[self.store(side)] = store.seeds;
        }
        if position.debts != [0, 0] {
            return Err(shape("Dakon has no debts".to_string()));
        }
        let total: u64 = state.slots.iter().map(|&s| s as u64).sum();
        if total != self.total_seeds() as u64 {
            return Err(shape(format!(
                "the position holds {total} seeds; a 2x{} Dakon game has {}",
                self.n,
                self.total_seeds()
            )));
        }
        // Every seed in the stores: a position between rounds, which `round N` continues (the
        // side to move is the next round's first player).
        state.round_over = self.row_seeds(&state, Side::A) + self.row_seeds(&state, Side::B) == 0;
        Ok(state)
    }

    fn row_states<'a>(
        &'a self,
        state: &'a DakonState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        let (slots, out_of_play) = (state.slots, state.out_of_play);
        self.row_slots(side).map(move |slot| HoleState {
            pile: pile(slots[slot]),
            owner: None,
            out_of_play: out_of_play & (1 << slot) != 0,
        })
    }

    fn position_head(&self, state: &DakonState) -> PositionHead {
        PositionHead {
            stores: [
                pile(state.slots[self.store(Side::A)]),
                pile(state.slots[self.store(Side::B)]),
            ],
            to_move: state.to_move,
            round: state.round,
            debts: [0, 0],
        }
    }

    fn phase(&self, state: &DakonState) -> Phase {
        match state.result {
            Some(winner) => Phase::Over { winner },
            None if state.round_over => Phase::RoundOver { round: state.round },
            None if state.sows_again => Phase::Continue {
                side: state.to_move,
                rule: "dakon.lap.store",
            },
            None if self.row_seeds(state, state.to_move) == 0 => Phase::MustPass {
                side: state.to_move,
                rule: "dakon.pass",
            },
            None => Phase::ToMove(state.to_move),
        }
    }

    fn round(&self, state: &DakonState) -> u32 {
        state.round
    }

    fn decisions(&self, state: &DakonState, out: &mut Vec<DakonDecision>) {
        out.clear();
        match self.phase(state) {
            Phase::Over { .. } | Phase::RoundOver { .. } => {}
            Phase::MustPass { .. } => out.push(DakonDecision::Pass),
            Phase::ToMove(side) | Phase::Continue { side, .. } => out.extend(
                self.row_slots(side)
                    .filter(|&slot| state.slots[slot] > 0)
                    .map(|slot| DakonDecision::Sow(self.hole(slot))),
            ),
        }
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(DakonDecision, MovePart)>,
    ) -> Result<(), Violation> {
        check_move_form(written, &MOVE_FORM)?;
        out.clear();
        out.extend(
            written
                .sowings
                .iter()
                .enumerate()
                .map(|(i, s)| (DakonDecision::Sow(s.hole.value), MovePart::Sowing(i))),
        );
        Ok(())
    }

    fn begin_round<S: EventSink>(
        &self,
        state: &mut DakonState,
        sink: &mut S,
    ) -> Result<(), Violation> {
        if !state.round_over {
            return Err(Violation::new(
                "mgn.round.marker",
                format!("round {} is not over", state.round),
            ));
        }
        self.refill(state, sink);
        state.round += 1;
        state.round_over = false;
        state.last_mover = None;
        sink.event(Event::RoundStart {
            round: state.round,
            first: state.to_move,
        });
        Ok(())
    }

    fn pass_decision(&self) -> Option<DakonDecision> {
        Some(DakonDecision::Pass)
    }

    fn move_from_decisions(&self, turn: &[DakonDecision]) -> Element {
        if turn == [DakonDecision::Pass] {
            return Element::Pass(Spanned::new((), Default::default()));
        }
        let sowings = turn
            .iter()
            .filter_map(|d| match d {
                DakonDecision::Sow(hole) => Some(Sowing {
                    hole: Spanned::new(*hole, Default::default()),
                    direction: None,
                    transfer_to: None,
                    muzi_drops: Few::new(),
                }),
                DakonDecision::Pass => None,
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

    fn apply<S: EventSink>(
        &self,
        state: &mut DakonState,
        decision: &DakonDecision,
        sink: &mut S,
    ) -> Result<(), Violation> {
        let mover = match (self.phase(state), decision) {
            (Phase::Over { .. }, _) => {
                return Err(Violation::new("mgn.game.over", "the game is already over"))
            }
            (Phase::RoundOver { round }, _) => {
                return Err(Violation::new(
                    "mgn.round.marker",
                    format!(
                        "round {round} is over: round {} starts with its marker",
                        round + 1
                    ),
                ))
            }
            (Phase::MustPass { side, .. }, DakonDecision::Pass) => {
                sink.event(Event::Pass {
                    side,
                    rule: "dakon.pass",
                });
                self.finish_turn(state, sink);
                return Ok(());
            }
            (Phase::MustPass { side, .. }, DakonDecision::Sow(_)) => {
                return Err(Violation::new(
                    "dakon.pass",
                    format!("{side} has no seeds in his row and must pass"),
                ))
            }
            (Phase::Continue { side, .. }, DakonDecision::Pass) => {
                return Err(Violation::new(
                    "dakon.lap.store",
                    format!("{side}'s last lap ended in his store: he sows again and cannot pass"),
                ))
            }
            (Phase::ToMove(side), DakonDecision::Pass) => {
                let with_seeds: Vec<String> = self
                    .row_slots(side)
                    .filter(|&s| state.slots[s] > 0)
                    .map(|s| self.hole(s).to_string())
                    .collect();
                return Err(Violation::new(
                    "dakon.pass",
                    format!(
                        "{side} cannot pass: he has seeds in {}",
                        with_seeds.join(", ")
                    ),
                ));
            }
            (Phase::ToMove(side) | Phase::Continue { side, .. }, DakonDecision::Sow(_)) => side,
        };
        let DakonDecision::Sow(hole) = *decision else {
            unreachable!("passes are handled above")
        };
        let slot = self.check_start(state, mover, hole)?;
        if self.budget_binds {
            self.within_budget(state, slot, hole)?;
        }
        match self.sow(state, slot, sink).0 {
            SowingEnd::InOwnStore if self.row_seeds(state, mover) > 0 => {
                state.sows_again = true;
            }
            _ => {
                state.sows_again = false;
                state.last_mover = Some(mover);
                self.finish_turn(state, sink);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dakon(n: u32) -> Dakon {
        Dakon::new(
            BoardSize {
                rows: 2,
                columns: n,
            },
            &Settings::defaults(&DEF),
        )
        .unwrap()
    }

    fn sow(side: Side, number: u32) -> DakonDecision {
        DakonDecision::Sow(Hole::new(side, number))
    }

    fn holes(state: &DakonState, d: &Dakon, side: Side) -> Vec<u32> {
        d.row_slots(side).map(|s| state.slots[s]).collect()
    }

    /// No sowing takes more laps than `lap_bound` says (random positions of every board, all
    /// seeds in the holes, every option that changes the circuit), so a budget at or above it
    /// never binds Dakon; below it, a sowing past the budget is refused and changes nothing.
    #[test]
    fn a_sowing_never_takes_more_laps_than_the_board_allows() {
        let mut rng = crate::generate::Rng::new(5);
        let mut longest = 0;
        for n in 5..=10u32 {
            for origin in ["sow", "skip"] {
                let mut settings = Settings::defaults(&DEF);
                settings.set("dakon.sow.origin", origin).unwrap();
                let board = BoardSize {
                    rows: 2,
                    columns: n,
                };
                let d = Dakon::new(board, &settings).unwrap();
                for _ in 0..2000 {
                    let mut state = d.start(Side::B);
                    let total = d.total_seeds();
                    for side in [Side::A, Side::B] {
                        for s in d.row_slots(side) {
                            state.slots[s] = 0;
                        }
                    }
                    state.slots[d.store(Side::A)] = 0;
                    state.slots[d.store(Side::B)] = 0;
                    let slots: Vec<usize> =
                        d.row_slots(Side::A).chain(d.row_slots(Side::B)).collect();
                    for _ in 0..total {
                        state.slots[slots[rng.below(slots.len())]] += 1;
                    }
                    for slot in d.row_slots(Side::B) {
                        if state.slots[slot] == 0 {
                            continue;
                        }
                        let (_, laps) = d.sow(&mut state.clone(), slot, &mut ());
                        assert!(u64::from(laps) <= d.lap_bound(), "{laps} laps on 2x{n}");
                        longest = longest.max(laps);
                    }
                }
            }
        }
        assert!(longest > 10, "{longest}");
        // Under a budget of one lap, the worked example's B4 (two laps) is not decided.
        let mut settings = Settings::defaults(&DEF);
        settings.set_max_laps(1);
        let d = Dakon::new(
            BoardSize {
                rows: 2,
                columns: 5,
            },
            &settings,
        )
        .unwrap();
        let mut state = d.start(Side::B);
        let before = state.clone();
        let err = d.apply(&mut state, &sow(Side::B, 4), &mut ()).unwrap_err();
        assert_eq!(err.rule, "mgn.limit.laps");
        assert_eq!(state, before);
    }

    /// The seed's worked example: «Suposeu que sou el jugador B i decidiu moure des del forat
    /// 4B» ... «guardeu aquestes 7 llavors en el vostre magatzem (6B) [...] Ara teniu 8 llavors
    /// emmagatzemades».
    #[test]
    fn seed_example_b4_relays_from_a3_and_captures_a2() {
        let d = dakon(5);
        let mut state = d.start(Side::B);
        let mut events = Vec::new();
        d.apply(&mut state, &sow(Side::B, 4), &mut events).unwrap();
        assert!(events.contains(&Event::PickUp {
            hole: Hole::new(Side::A, 3),
            pile: pile(6),
            lap: 2
        }));
        assert!(events.contains(&Event::Capture {
            hole: Hole::new(Side::A, 2),
            pile: pile(6),
            by: Side::B,
            rule: "dakon.capture.opposite"
        }));
        assert_eq!(state.slots[d.store(Side::B)], 8);
        assert_eq!(holes(&state, &d, Side::B), vec![6, 6, 6, 0, 6]);
        assert_eq!(holes(&state, &d, Side::A), vec![6, 0, 0, 6, 6]);
        assert_eq!(d.phase(&state), Phase::ToMove(Side::A));
    }

    #[test]
    fn dakon_sow_skip_opponent_store_is_never_sown() {
        let d = dakon(5);
        let mut state = d.start(Side::B);
        let mut events = Vec::new();
        d.apply(&mut state, &sow(Side::B, 4), &mut events).unwrap();
        assert!(events.contains(&Event::Skip {
            hole: Hole::new(Side::A, 6),
            rule: "dakon.sow.skip-opponent-store"
        }));
        assert_eq!(state.slots[d.store(Side::A)], 0);
    }

    #[test]
    fn dakon_lap_store_gives_the_mover_another_sowing() {
        let d = dakon(5);
        let mut state = d.start(Side::B);
        // B1 holds 5: B2..B5 and the store; the lap ends in B's store.
        d.apply(&mut state, &sow(Side::B, 1), &mut ()).unwrap();
        assert_eq!(
            d.phase(&state),
            Phase::Continue {
                side: Side::B,
                rule: "dakon.lap.store"
            }
        );
        let err = d
            .apply(&mut state, &DakonDecision::Pass, &mut ())
            .unwrap_err();
        assert_eq!(err.rule, "dakon.lap.store");
        // B4 (6 seeds now) relays from A4 and the turn ends in A's row: A moves next.
        d.apply(&mut state, &sow(Side::B, 4), &mut ()).unwrap();
        assert_eq!(d.phase(&state), Phase::ToMove(Side::A));
    }

    #[test]
    fn dakon_sow_start_only_from_own_nonempty_holes() {
        let d = dakon(5);
        let mut state = d.start(Side::B);
        for (decision, rule) in [
            (sow(Side::A, 3), "dakon.sow.start"),
            (sow(Side::B, 6), "dakon.sow.start"),
            (sow(Side::B, 0), "dakon.sow.start"),
            (DakonDecision::Pass, "dakon.pass"),
        ] {
            let before = state.clone();
            let err = d.apply(&mut state, &decision, &mut ()).unwrap_err();
            assert_eq!(err.rule, rule, "{decision}");
            assert_eq!(state, before, "a refused decision changes nothing");
        }
    }

    #[test]
    fn every_decision_of_the_first_turns_conserves_seeds() {
        for n in 5..=10 {
            let d = dakon(n);
            let mut frontier = vec![d.start(Side::B)];
            let mut decisions = Vec::new();
            for _ in 0..3 {
                let mut next = Vec::new();
                for state in &frontier {
                    d.decisions(state, &mut decisions);
                    for decision in decisions.clone() {
                        let mut after = state.clone();
                        d.apply(&mut after, &decision, &mut ()).unwrap();
                        assert_eq!(after.slots.iter().sum::<u32>(), d.total_seeds());
                        next.push(after);
                    }
                }
                next.truncate(200);
                frontier = next;
            }
        }
    }
}
