//! Random legal games: every decision drawn among the legal ones, for records, tests,
//! benchmarks and `mgn generate`. The same seed gives the same games.

use crate::notation::{Comment, CommentStyle, Element, Game, Header, Outcome, Span, Spanned};
use crate::rules::general;
use crate::rules::{EventSink, Phase, RulesExt};
use crate::Diagnostic;

/// SplitMix64: small, fast, and the same on every platform, so a seed names a game forever.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator seeded `seed`: the same seed draws the same numbers.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The generator of game `number` of a run seeded `seed`. Each game's draws depend on the
    /// seed and its number alone, not on the games before it, so the games of a run can be
    /// made in any order on any number of threads and come out the same; and one game of a
    /// run can be made again without the others. (The streams of two games of a run are
    /// SplitMix64's sequence from two starts that differ by the numbers' difference: they do
    /// not meet within 2^60 draws.)
    pub fn for_game(seed: u64, number: u64) -> Rng {
        Rng(Rng::new(seed).next_u64().wrapping_add(number))
    }

    /// The next number drawn.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// What to write into a generated record.
#[derive(Clone, Copy, Debug)]
pub struct GenerateOptions {
    /// A checkpoint after every ply.
    pub checkpoints: bool,
    /// Cut a game that has not ended after this many plies (its result is then `*`, its
    /// `Termination` [`cap_termination`]).
    pub max_plies: usize,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            checkpoints: false,
            max_plies: 100_000,
        }
    }
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// Play one whole turn, each decision drawn among the legal ones; `turn` gets the decisions.
/// The rules list a move not decided within the lap budget (it may be legal): drawn, it is
/// put aside and another drawn; when every decision left is such a move, the turn cannot be
/// played and the error says why (`mgn.limit.laps`), the state then being half-way.
///
/// The decisions come as runs ([`RulesExt::decision_runs`]): the stops of a move that never ends
/// are one entry with their count, and each decision is as likely as in a list of them all
/// (the same draw picks the same decision).
fn random_turn<R: RulesExt, S: EventSink>(
    rules: &R,
    state: &mut R::State,
    scratch: &mut R::Scratch,
    rng: &mut Rng,
    (decisions, counts): (&mut Vec<R::Decision>, &mut Vec<u64>),
    turn: &mut Vec<R::Decision>,
    sink: &mut S,
) -> Result<(), Diagnostic> {
    loop {
        rules.decision_runs(state, scratch, decisions, counts);
        let mut runs = Runs { counts, total: 0 };
        runs.total = runs.sum(decisions.len());
        if runs.total == 0 {
            // A turn under way always has a continuation; should the rules list none, the
            // game stops here rather than draw from an empty list.
            return Err(Diagnostic::new(
                general::GENERATE_STUCK,
                "the rules list no decision for the turn under way",
            ));
        }
        loop {
            let drawn = rng.below(runs.total as usize) as u64;
            let (i, within) = runs.find(drawn);
            let decision = rules.decision_in_run(&decisions[i], within);
            match rules.apply(state, &decision, scratch, sink) {
                Ok(()) => {
                    turn.push(decision);
                    break;
                }
                Err(violation) => {
                    assert_eq!(
                        violation.rule, general::LIMIT_LAPS,
                        "a listed decision is legal, or not decided within the lap budget: {decision}"
                    );
                    runs.put_aside(rules, decisions, i);
                    if decisions.is_empty() {
                        return Err(violation);
                    }
                }
            }
        }
        if !matches!(rules.phase(state), Phase::Continue { .. }) {
            return Ok(());
        }
    }
}

/// The counts of the runs of decisions drawn from (empty: every entry is one decision).
struct Runs<'a> {
    counts: &'a mut Vec<u64>,
    /// Decisions in all.
    total: u64,
}

impl Runs<'_> {
    fn sum(&self, entries: usize) -> u64 {
        if self.counts.is_empty() {
            entries as u64
        } else {
            self.counts.iter().sum()
        }
    }

    /// The entry of decision `drawn` in the list of them all, and its place in its run.
    fn find(&self, drawn: u64) -> (usize, u64) {
        if self.counts.is_empty() {
            return (drawn as usize, 0);
        }
        let mut before = 0;
        for (i, &count) in self.counts.iter().enumerate() {
            if drawn < before + count {
                return (i, drawn - before);
            }
            before += count;
        }
        unreachable!("a draw below the total")
    }

    /// Put entry `i` aside (a move not decided within the lap budget, a run of one), as a
    /// list of them all would: the last decision takes its place.
    fn put_aside<R: RulesExt>(&mut self, rules: &R, decisions: &mut Vec<R::Decision>, i: usize) {
        if self.counts.is_empty() {
            decisions.swap_remove(i);
            self.total -= 1;
            return;
        }
        let last = decisions.len() - 1;
        let last_count = self.counts[last];
        if self.counts[i] == 1 && i != last && last_count > 1 {
            // The last stop of the last run takes the place of the one put aside.
            self.counts[last] -= 1;
            decisions[i] = rules.decision_in_run(&decisions[last], last_count - 1);
            self.total -= 1;
        } else {
            // A run of several is put aside whole: its decisions share one move, and so its
            // lap budget.
            self.total -= self.counts[i];
            decisions.swap_remove(i);
            self.counts.swap_remove(i);
        }
    }
}

/// Play a random game from `state` to its end (or `max_plies`), writing nothing: the playout
/// of benchmarks and searches. Returns the plies played; `sink` sees every step.
pub fn playout<R: RulesExt, S: EventSink>(
    rules: &R,
    mut state: R::State,
    rng: &mut Rng,
    max_plies: usize,
    sink: &mut S,
) -> usize {
    let mut scratch = R::Scratch::default();
    // Room for a typical turn from the start: growing these was a tenth of a short playout.
    let mut decisions = Vec::with_capacity(64);
    let mut counts = Vec::new();
    let mut turn = Vec::with_capacity(8);
    let mut plies = 0;
    while plies < max_plies {
        match rules.phase(&state) {
            Phase::Over { .. } => break,
            Phase::RoundOver { .. } => rules
                .begin_round(&mut state, sink)
                .expect("a round that is over can begin the next"),
            _ => {
                turn.clear();
                let runs = (&mut decisions, &mut counts);
                let played =
                    random_turn(rules, &mut state, &mut scratch, rng, runs, &mut turn, sink);
                if played.is_err() {
                    break;
                }
                plies += 1;
            }
        }
    }
    plies
}

/// The `Termination` tag of a game the cap of `max_plies` cut: it names the cap, so that a
/// reader tells a game cut short from one that ended, and the cap from the game's own length.
pub fn cap_termination(max_plies: usize) -> String {
    format!("unfinished: cut by the generator at its cap of {max_plies} plies")
}

/// Play one random game from `state` and write it as a record under `header`. A game that has
/// not ended after `options.max_plies` plies is cut there: its result `*`, its `Termination`
/// [`cap_termination`].
pub fn random_game<R: RulesExt>(
    rules: &R,
    header: Header,
    mut state: R::State,
    rng: &mut Rng,
    options: GenerateOptions,
) -> Game {
    let mut scratch = R::Scratch::default();
    // Room for a short game and a typical turn: growing these was a twentieth of a game.
    let mut moves = Vec::with_capacity(128);
    let mut decisions = Vec::with_capacity(64);
    let mut counts = Vec::new();
    let mut turn = Vec::with_capacity(8);
    let mut plies = 0;
    let outcome = loop {
        if let Phase::Over { winner } = rules.phase(&state) {
            break match winner {
                Some(crate::notation::Side::A) => Outcome::AWins,
                Some(crate::notation::Side::B) => Outcome::BWins,
                None => Outcome::Draw,
            };
        }
        if plies == options.max_plies {
            moves.push(Element::Comment(spanned(Comment {
                text: format!("stopped by the generator after {plies} plies"),
                style: CommentStyle::Brace,
            })));
            break Outcome::Unknown;
        }
        turn.clear();
        // The record is written from the decisions: no event is kept (a sink that keeps none
        // lets the rules skip the laps that would only report them).
        if let Err(undecided) = random_turn(
            rules,
            &mut state,
            &mut scratch,
            rng,
            (&mut decisions, &mut counts),
            &mut turn,
            &mut (),
        ) {
            // The record ends before the turn no move of which could be decided.
            moves.push(Element::Comment(spanned(Comment {
                text: format!(
                    "stopped by the generator after {plies} plies: {} ({})",
                    undecided.message, undecided.rule
                ),
                style: CommentStyle::Brace,
            })));
            break Outcome::Unknown;
        }
        plies += 1;
        moves.push(rules.move_from_decisions(&turn));
        if options.checkpoints {
            moves.push(Element::Checkpoint(spanned(rules.position(&state))));
        }
        if let Phase::RoundOver { round } = rules.phase(&state) {
            rules
                .begin_round(&mut state, &mut ())
                .expect("a round that is over can begin the next");
            moves.push(Element::Round(spanned(round + 1)));
            if options.checkpoints {
                moves.push(Element::Checkpoint(spanned(rules.position(&state))));
            }
        }
    };
    let mut header = header;
    header.result = Some(spanned(outcome));
    if outcome == Outcome::Unknown {
        let termination = if plies == options.max_plies {
            cap_termination(plies)
        } else {
            "unfinished".to_string()
        };
        header.termination = Some(spanned(termination));
    }
    Game::new(header, moves, outcome)
}
