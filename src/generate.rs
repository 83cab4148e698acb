//! Random legal games: every decision drawn among the legal ones, for records, tests,
//! benchmarks and `mgn generate`. The same seed gives the same games.

use crate::notation::{Comment, CommentStyle, Element, Game, Header, Outcome, Span, Spanned};
use crate::rules::{Event, EventSink, Phase, Rules};
use crate::Diagnostic;

/// SplitMix64: small, fast, and the same on every platform, so a seed names a game forever.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

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
    /// Stop a game that has not ended after this many plies (its result is then `*`).
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
fn random_turn<R: Rules, S: EventSink>(
    rules: &R,
    state: &mut R::State,
    rng: &mut Rng,
    decisions: &mut Vec<R::Decision>,
    turn: &mut Vec<R::Decision>,
    sink: &mut S,
) -> Result<(), Diagnostic> {
    loop {
        rules.random_decisions(state, decisions);
        loop {
            let i = rng.below(decisions.len());
            let decision = decisions[i].clone();
            match rules.apply(state, &decision, sink) {
                Ok(()) => {
                    turn.push(decision);
                    break;
                }
                Err(violation) => {
                    assert_eq!(
                        violation.rule, "mgn.limit.laps",
                        "a listed decision is legal, or not decided within the lap budget: {decision}"
                    );
                    decisions.swap_remove(i);
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

/// Play a random game from `state` to its end (or `max_plies`), writing nothing: the playout
/// of benchmarks and searches. Returns the plies played; `sink` sees every step.
pub fn playout<R: Rules, S: EventSink>(
    rules: &R,
    mut state: R::State,
    rng: &mut Rng,
    max_plies: usize,
    sink: &mut S,
) -> usize {
    // Room for a typical turn from the start: growing these was a tenth of a short playout.
    let mut decisions = Vec::with_capacity(64);
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
                if random_turn(rules, &mut state, rng, &mut decisions, &mut turn, sink).is_err() {
                    break;
                }
                plies += 1;
            }
        }
    }
    plies
}

/// Play one random game from `state` and write it as a record under `header`.
pub fn random_game<R: Rules>(
    rules: &R,
    header: Header,
    mut state: R::State,
    rng: &mut Rng,
    options: GenerateOptions,
) -> Game {
    let mut moves = Vec::new();
    let mut decisions = Vec::new();
    let mut turn = Vec::new();
    let mut events: Vec<Event> = Vec::new();
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
        events.clear();
        if let Err(undecided) = random_turn(
            rules,
            &mut state,
            rng,
            &mut decisions,
            &mut turn,
            &mut events,
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
                .begin_round(&mut state, &mut events)
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
        header.termination = Some(spanned("unfinished".to_string()));
    }
    Game {
        before: Vec::new(),
        header,
        moves,
        outcome: spanned(outcome),
        after: Vec::new(),
        span: Span::default(),
    }
}
