//! Refereeing an engine: mgn's [`Session`] and another implementation, started as an
//! [`EngineProcess`], are asked the same requests (docs/protocol.md), and the first answer that
//! differs is reported with the shortest record that reproduces it.
//!
//! [`Referee`] does the whole comparison (a perft divide, then random games) and returns a
//! [`Refereed`]: what was compared, and the [`Verdict`]. `mgn referee` is this and its report.

mod shrink;

use super::engine::{EngineProcess, Misbehaviour};
use super::{Answer, ErrorKind, GameSpec, Request, Session, Setup, Status as Played, VERSION};
use crate::generate::Rng;
use crate::notation::{GameKind, Position, Side};
use crate::perft::{divide_within, Bound, Unbounded, MAX_DEPTH};
use crate::rules::{Phase, RulesExt, WithRules};
use std::time::{Duration, Instant};

/// The referee's perft budget: a plain engine walks 200,000 nodes in about 2 s in Python
/// (examples/engine.py walks about 100,000 a second), far within the default timeout, and
/// it reaches depth 2 on Dakon 2x5, where the referee compared before it had a budget.
pub const DEFAULT_PERFT_BUDGET: u64 = 200_000;

/// The ply cap of a random game when none is named: random Dakon games seldom end (a cut
/// game still compares 300 plies, several rounds), nor do Mraw imrujen's under some presets.
pub const DEFAULT_MAX_PLIES: usize = 300;

/// The ply cap of a random game of `game` when none is named: [`DEFAULT_MAX_PLIES`], but for
/// Dong Wo, whose random games end (a player is left a single hole) after many rounds and their
/// transactions: 3000 plies, so that whole games are compared. Measured over 140 random games
/// of each preset (`mgn referee --max-plies 100000`, seeds 1 to 140): every game ended,
/// `mancala-world`'s within 700 plies and `catalan`'s within 1400, where 300 cut a seventh and
/// nearly half of them before their end.
pub fn default_max_plies(game: GameKind) -> usize {
    match game {
        GameKind::DongWo => 3000,
        _ => DEFAULT_MAX_PLIES,
    }
}
/// One random game's turn start (or round's end) in this many, on average, re-sets both sides
/// at the position reached: a request a reset, and a 300-ply game gets some thirty, enough to
/// meet every assumption of a position (rounds won, the round's first player and last mover,
/// Mraw imrujen's captures of the round, the Nchuwa opening) many times in ten games.
pub const DEFAULT_RESET_EVERY: u32 = 10;

/// What a referee compares, and how long it waits. The notes of a report name these by
/// `mgn referee`'s options (`--timeout`, `--perft-budget`).
#[derive(Clone, Debug)]
pub struct RefereeOptions {
    /// How long each answer of the engine is awaited before it counts as hung.
    pub timeout: Duration,
    /// How long the answers of the start-up (to the handshake and to `game`) are awaited: an
    /// engine may take far longer to start and load its game than to answer a request.
    pub start_timeout: Duration,
    /// Compare perft divides to this depth from the start (0: no perft); `None`, the deepest
    /// whose tree mgn walks within `perft_budget` nodes.
    pub depth: Option<u32>,
    /// The most nodes (decisions played) of the perft tree the engine is asked to count: the
    /// depth is chosen by it when `depth` is `None`.
    pub perft_budget: u64,
    /// Random games to compare, decision by decision.
    pub games: usize,
    /// The random seed of the games: the same seed gives the same games.
    pub seed: u64,
    /// A random game that has not ended after this many plies stops there (every decision
    /// that ends a turn is a ply: a Dong Wo transaction too, as perft counts it).
    pub max_plies: usize,
    /// The player who moves first in the perft tree and in every random game: for an engine
    /// whose first player is fixed (Ludii's). `None`: perft starts with B, as a record's game
    /// does when no `First` tag says otherwise, and each random game draws its first player.
    pub first: Option<Side>,
    /// Where the perft and every random game start instead of the rules' start: a position,
    /// which both sides take as a record's `Start` tag takes it (docs/protocol.md, "What a
    /// position does not say").
    pub start: Option<Position>,
    /// Re-set both sides, with `position`, at the position a random game has reached: at one
    /// turn start in this many on average, at one round's end in this many, and at the game's
    /// end; 0 never. Drawn from a generator of their own, seeded from `seed`.
    pub reset_every: u32,
    /// Compare `actions` and play, now and then, the steps perft does not count in the random
    /// games (docs/protocol.md): false for an engine that implements only `moves`' decisions.
    pub free_steps: bool,
}

impl Default for RefereeOptions {
    /// `mgn referee`'s defaults.
    fn default() -> RefereeOptions {
        RefereeOptions {
            timeout: Duration::from_secs(10),
            start_timeout: Duration::from_secs(30),
            depth: None,
            perft_budget: DEFAULT_PERFT_BUDGET,
            games: 10,
            seed: 1,
            max_plies: DEFAULT_MAX_PLIES,
            first: None,
            start: None,
            reset_every: DEFAULT_RESET_EVERY,
            free_steps: true,
        }
    }
}

/// Told how a comparison goes, for a person watching a long one; `()` is told nothing.
pub trait RefereeProgress {
    /// What is being compared now: `perft divide`, `perft divide 3`, `game 2`.
    fn comparing(&mut self, _what: &str) {}
    /// One more random game agreed.
    fn game_agreed(&mut self) {}
    /// The comparison is over: what is left is to shrink the difference found, if any, to a
    /// record.
    fn compared(&mut self) {}
}

impl RefereeProgress for () {}

/// One step along a line of play from its root.
#[derive(Clone, Debug)]
enum Step<D> {
    Decision(D),
    /// Decisions played by one request: owner actions, then the first decision of the move
    /// they are written in (`play A4>~2^A2`).
    Decisions(Vec<D>),
    NextRound,
}

/// A line of play: where it starts, and the steps from there.
#[derive(Clone, Debug)]
struct Line<D> {
    root: Setup,
    steps: Vec<Step<D>>,
}

impl<D: std::fmt::Display> Line<D> {
    /// The line in words: its root and steps, the middle of a long line left out (the record
    /// holds it whole).
    fn words(&self) -> String {
        const HEAD: usize = 8;
        const TAIL: usize = 16;
        let mut out = Request::Position(self.root.clone()).to_string();
        if self.steps.is_empty() {
            return out;
        }
        out.push_str(&format!(", then {} steps:", self.steps.len()));
        let long = self.steps.len() > HEAD + TAIL + 1;
        for (i, step) in self.steps.iter().enumerate() {
            if long && i == HEAD {
                out.push_str(&format!(" ... ({} more)", self.steps.len() - HEAD - TAIL));
            }
            if long && (HEAD..self.steps.len() - TAIL).contains(&i) {
                continue;
            }
            match step {
                Step::Decision(d) => out.push_str(&format!(" {d}")),
                Step::Decisions(ds) => {
                    out.push(' ');
                    // The move's decision first, then its actions, as the request writes it.
                    if let Some((first, actions)) = ds.split_last() {
                        out.push_str(&first.to_string());
                        actions.iter().for_each(|d| out.push_str(&d.to_string()));
                    }
                }
                Step::NextRound => out.push_str(" next-round"),
            }
        }
        out
    }
}

/// Two answers to one request that differ, at the end of a line of play.
struct Difference<D> {
    /// What was being compared.
    during: String,
    line: Line<D>,
    request: Request,
    mgn: Answer,
    engine: Answer,
    /// What the answers alone do not say (a count that disagrees with the engine's own play).
    note: Option<String>,
}

/// Why a comparison stopped before its end.
enum Stop<D> {
    Differ(Box<Difference<D>>),
    Engine(Misbehaviour),
}

impl<D> From<Misbehaviour> for Stop<D> {
    fn from(misbehaviour: Misbehaviour) -> Stop<D> {
        Stop::Engine(misbehaviour)
    }
}

/// The first difference, in words as a report shows it, with the record that reproduces it.
#[derive(Clone, Debug)]
pub struct Found {
    /// What was being compared: `perft divide 2`, `random game 3 of seed 1`.
    pub during: String,
    /// The line of play to the difference, from its root (the middle of a long one left out).
    pub line: String,
    /// The position at the end of the line, in MGN.
    pub position: String,
    /// The position drawn, a line of text a row.
    pub drawing: String,
    /// The line ends in a turn under way.
    pub mid_turn: bool,
    /// The request whose answers differ.
    pub request: String,
    /// mgn's answer.
    pub mgn: String,
    /// The engine's answer.
    pub engine: String,
    /// The decisions only mgn lists, when the request was `moves`.
    pub mgn_only: Vec<String>,
    /// The decisions only the engine lists, when the request was `moves`.
    pub engine_only: Vec<String>,
    /// The decisions the engine lists more than once (mgn lists them once), when the request
    /// was `moves`.
    pub engine_twice: Vec<String>,
    /// What the answers alone do not say (a count that disagrees with the engine's own play).
    pub note: Option<String>,
    /// mgn's refusal of a decision the engine lists.
    pub refusal: Option<String>,
    /// The events of mgn's play of the decision in question.
    pub trace: Option<String>,
    /// The rules the decision went through, each a code and its summary, the one that decides
    /// the difference first.
    pub rules: Vec<(&'static str, &'static str)>,
    /// The first of `rules` decides the difference.
    pub decisive: bool,
    /// An MGN record that reproduces the difference.
    pub record: String,
    /// The plies of the record.
    pub record_plies: usize,
    /// The byte offset in `record` of the ply that shows the difference (the move of the
    /// decision in question, the round marker, the checkpoint); `None` when the record only
    /// leads to the position of the difference.
    pub record_difference_at: Option<usize>,
    /// The record starts at the start of the game, not at a `Start` position.
    pub record_from_start: bool,
    /// The record plays a decision only the engine lists: mgn check fails it there.
    pub record_refused: bool,
}

/// How a comparison ended.
#[derive(Debug)]
pub enum Verdict {
    /// Every answer compared agreed.
    Agreed,
    /// An answer differed.
    Differ(Box<Found>),
    /// The engine could not be compared to the end.
    EngineFailed(Misbehaviour),
}

/// The perft compared, or why none was.
#[derive(Clone, Debug)]
pub struct PerftSummary {
    /// The depth compared (or that would have been).
    pub depth: u32,
    /// `divide` (the engine counted), `moves-play` (the engine has no perft: the tree was
    /// walked through `moves` and `play`) or `skipped`.
    pub method: &'static str,
    /// The sequences counted, when the perft was carried to its end.
    pub count: Option<u64>,
    /// Why the perft was not compared.
    pub note: Option<String>,
    /// The budget the depth was chosen by (None: the depth was named).
    pub budget: Option<u64>,
    /// The nodes mgn walked for the count compared.
    pub nodes: Option<u64>,
    /// Why no deeper count was asked, when the budget chose the depth.
    pub deeper: Option<String>,
}

/// What a referee compared, and its verdict.
#[derive(Debug)]
pub struct Refereed {
    /// The engine's name, from its handshake.
    pub engine: String,
    /// The perft, unless depth 0 asked for none (or the engine failed before it).
    pub perft: Option<PerftSummary>,
    /// The random games that agreed to their end.
    pub games: usize,
    /// Their plies.
    pub plies: usize,
    /// Their decisions.
    pub decisions: usize,
    /// The times both sides were asked to set the position a random game had reached (and
    /// answered alike: set it, or both refused it).
    pub resets: usize,
    /// The random games that reached their end (not cut by `max_plies`): only there are a
    /// game's result, and what a position forgets of the rounds won, compared.
    pub ended: usize,
    /// Whether the engine answered `actions`; false when it declined it (`error unsupported`
    /// or `error request`), so that the lists of steps perft does not count were not compared.
    pub actions_compared: bool,
    /// The requests sent to the engine.
    pub requests: u64,
    /// How the comparison ended.
    pub verdict: Verdict,
    /// The end of what the engine wrote on its standard error.
    pub stderr: String,
}

impl Refereed {
    /// A perft was compared to its end.
    pub fn compared_perft(&self) -> bool {
        matches!(&self.perft, Some(p) if p.count.is_some())
    }
}

/// A comparison of mgn's rules, under which it runs ([`WithRules`]), with the engine that
/// `command` starts, playing the game `spec` names.
///
/// Refereeing the Python helper of examples/ (examples/engine.py's Dakon as an engine):
///
/// ```
/// use mgn::protocol::{GameSpec, Referee, RefereeOptions, Verdict};
/// use mgn::rules::with_rules;
/// use mgn::notation::GameKind;
///
/// if std::process::Command::new("python3").arg("--version").output().is_err() {
///     eprintln!("skipped: python3 is not installed, so no engine is refereed");
///     return;
/// }
/// let helper = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/mgn_protocol.py");
/// let command = ["python3".to_string(), helper.to_string()];
/// let spec = GameSpec {
///     game: GameKind::Dakon,
///     board: None,
///     preset: None,
///     options: Vec::new(),
/// };
/// let options = RefereeOptions {
///     depth: Some(1),
///     games: 2,
///     max_plies: 40,
///     ..RefereeOptions::default()
/// };
/// let referee = Referee {
///     spec: &spec,
///     command: &command,
///     options: &options,
///     progress: &mut (),
/// };
/// let refereed = with_rules(&spec.header(), referee).unwrap();
/// assert!(matches!(refereed.verdict, Verdict::Agreed), "{}", refereed.stderr);
/// assert_eq!(refereed.games, 2);
/// // A ply of Dakon is a turn: its laps that end in the player's store are decisions too.
/// assert_eq!(refereed.perft.unwrap().count, Some(1373));
/// ```
pub struct Referee<'a> {
    /// The game as the engine is told it (`game ...`).
    pub spec: &'a GameSpec,
    /// The engine's program and its arguments.
    pub command: &'a [String],
    /// What is compared, and how long an answer is awaited.
    pub options: &'a RefereeOptions,
    /// Told how the comparison goes (`&mut ()`: nothing is).
    pub progress: &'a mut dyn RefereeProgress,
}

impl WithRules for Referee<'_> {
    type Output = Refereed;
    fn run<R: RulesExt>(self, rules: &R) -> Refereed {
        let mut refereed = Refereed {
            engine: String::new(),
            perft: None,
            games: 0,
            plies: 0,
            decisions: 0,
            resets: 0,
            ended: 0,
            actions_compared: true,
            requests: 0,
            verdict: Verdict::Agreed,
            stderr: String::new(),
        };
        let engine = match EngineProcess::start(self.command, self.options.timeout) {
            Ok(engine) => engine,
            Err(failed) => {
                refereed.verdict = Verdict::EngineFailed(failed);
                return refereed;
            }
        };
        let mut referee = Comparing {
            mgn: Session::new(rules),
            engine,
            spec: self.spec,
            options: self.options,
            progress: self.progress,
            games: 0,
            plies: 0,
            decisions: 0,
            resets: 0,
            ended: 0,
            engine_lists_actions: true,
        };
        let compared = referee.compare_all(&mut refereed);
        referee.progress.compared();
        refereed.verdict = match compared {
            Ok(()) => Verdict::Agreed,
            Err(Stop::Engine(failed)) => Verdict::EngineFailed(failed),
            Err(Stop::Differ(difference)) => {
                // A line from a position (--start, or a game re-set there) is written from it.
                let from_a_position = matches!(difference.line.root, Setup::Position(_));
                let mut found = referee.analyse(*difference);
                found.record_from_start &= !from_a_position;
                Verdict::Differ(Box::new(found))
            }
        };
        refereed.games = referee.games;
        refereed.plies = referee.plies;
        refereed.decisions = referee.decisions;
        refereed.resets = referee.resets;
        refereed.ended = referee.ended;
        refereed.actions_compared = referee.engine_lists_actions;
        refereed.requests = referee.engine.requests();
        refereed.stderr = referee.engine.stderr();
        refereed
    }
}

/// mgn's session and the engine, asked the same requests.
struct Comparing<'r, 'a, R: RulesExt> {
    mgn: Session<'r, R>,
    engine: EngineProcess,
    spec: &'a GameSpec,
    options: &'a RefereeOptions,
    progress: &'a mut dyn RefereeProgress,
    games: usize,
    plies: usize,
    decisions: usize,
    resets: usize,
    /// The random games that reached their end.
    ended: usize,
    /// The engine answers `actions`: it has not declined it (`error unsupported`).
    engine_lists_actions: bool,
}

type Compared<D> = Result<(), Stop<D>>;

impl<R: RulesExt> Comparing<'_, '_, R> {
    fn compare_all(&mut self, refereed: &mut Refereed) -> Compared<R::Decision> {
        let hello = Request::Hello;
        match self
            .engine
            .ask_at_start(&hello, self.options.start_timeout)?
        {
            Answer::Ready { version, name } if version == VERSION => {
                refereed.engine = name;
            }
            other => {
                return Err(Stop::Engine(Misbehaviour::Version {
                    line: other.to_string(),
                }))
            }
        }
        // The board is always named, the default one too: an engine need not know mgn's
        // default boards to be refereed on them.
        let mut named = self.spec.clone();
        named
            .board
            .get_or_insert(self.mgn.rules().def().default_board);
        let game = Request::Game(named);
        match self
            .engine
            .ask_at_start(&game, self.options.start_timeout)?
        {
            Answer::Ok => {}
            refused => {
                return Err(Stop::Engine(Misbehaviour::Refused {
                    request: game.to_string(),
                    answer: refused.to_string(),
                }))
            }
        }
        if self.options.depth != Some(0) {
            self.progress.comparing("perft divide");
            refereed.perft = Some(self.perft()?);
        }
        let mut rng = Rng::new(self.options.seed);
        let mut resets = Resets::new(self.options);
        for number in 1..=self.options.games {
            self.progress.comparing(&format!("game {number}"));
            self.game(number, &mut rng, &mut resets)?;
            self.games += 1;
            self.progress.game_agreed();
        }
        Ok(())
    }

    /// Ask the engine `request` and compare its answer with mgn's, `mine`.
    fn check(
        &mut self,
        during: &str,
        line: &Line<R::Decision>,
        request: Request,
        mine: Answer,
    ) -> Result<Answer, Stop<R::Decision>> {
        let theirs = self.engine.ask(&request)?;
        if mine.agrees(&theirs) {
            return Ok(mine);
        }
        Err(Stop::Differ(Box::new(Difference {
            during: during.to_string(),
            line: line.clone(),
            request,
            mgn: mine,
            engine: theirs,
            note: None,
        })))
    }

    /// Play `decision` on both sides and compare; the line gains it.
    fn play(
        &mut self,
        during: &str,
        line: &mut Line<R::Decision>,
        decision: &R::Decision,
    ) -> Result<Answer, Stop<R::Decision>> {
        let mine = self.mgn.play(decision);
        let answer = self.check(during, line, Request::Play(decision.to_string()), mine)?;
        line.steps.push(Step::Decision(decision.clone()));
        self.decisions += 1;
        Ok(answer)
    }

    /// Play the decisions of one request on both sides and compare; the line gains them.
    fn play_step(
        &mut self,
        during: &str,
        line: &mut Line<R::Decision>,
        step: &[R::Decision],
    ) -> Result<Answer, Stop<R::Decision>> {
        if let [decision] = step {
            return self.play(during, line, decision);
        }
        let text = self.mgn.step_text(step);
        let mine = self.mgn.play_step(step);
        let answer = self.check(during, line, Request::Play(text), mine)?;
        line.steps.push(Step::Decisions(step.to_vec()));
        self.decisions += 1;
        Ok(answer)
    }

    /// At a turn's start, the steps perft does not count that mgn's random play draws here
    /// (docs/protocol.md, "Steps perft does not count"): `actions` compared when the engine
    /// answers it, and now and then one of them drawn and played, an owner action inside the
    /// move to come with a move it fits. None drawn where mgn has none, so that the random
    /// games of the other games draw what they drew before.
    fn uncounted(
        &mut self,
        during: &str,
        line: &Line<R::Decision>,
        rng: &mut Rng,
    ) -> Result<Option<Vec<R::Decision>>, Stop<R::Decision>> {
        if !self.options.free_steps {
            return Ok(None);
        }
        let rules = self.mgn.rules();
        let state = self.mgn.state();
        let scratch = &mut R::Scratch::default();
        let mut counted = Vec::new();
        rules.decisions(state, scratch, &mut counted);
        let mut drawn = Vec::new();
        rules.random_decisions(state, scratch, &mut drawn);
        drawn.retain(|d| !counted.contains(d));
        if drawn.is_empty() {
            return Ok(None);
        }
        if self.engine_lists_actions {
            let mine = self.mgn.actions();
            match self.engine.ask(&Request::Actions)? {
                Answer::Error {
                    kind: ErrorKind::Unsupported | ErrorKind::Request,
                    ..
                } => self.engine_lists_actions = false,
                theirs if mine.agrees(&theirs) => {}
                theirs => {
                    return Err(self.differ(during, line, Request::Actions, mine, theirs, None))
                }
            }
        }
        if rng.below(4) != 0 {
            return Ok(None);
        }
        let first = drawn.swap_remove(rng.below(drawn.len()));
        let mut after = state.clone();
        if rules.apply(&mut after, &first, scratch, &mut ()).is_err() {
            return Ok(None);
        }
        if !matches!(rules.phase(&after), Phase::Continue { .. }) {
            return Ok(Some(vec![first]));
        }
        // An owner action for the move to come waits for it: a move it fits follows.
        let mut moves = Vec::new();
        rules.decisions(&after, scratch, &mut moves);
        let mut fitting = Vec::new();
        rules.random_decisions(&after, scratch, &mut fitting);
        fitting.retain(|d| {
            moves.contains(d) && rules.apply(&mut after.clone(), d, scratch, &mut ()).is_ok()
        });
        if fitting.is_empty() {
            return Ok(None);
        }
        let then = fitting.swap_remove(rng.below(fitting.len()));
        Ok(Some(vec![first, then]))
    }

    fn next_round(&mut self, during: &str, line: &mut Line<R::Decision>) -> Compared<R::Decision> {
        let mine = self.mgn.next_round();
        self.check(during, line, Request::NextRound, mine)?;
        line.steps.push(Step::NextRound);
        Ok(())
    }

    fn moves(&mut self, during: &str, line: &Line<R::Decision>) -> Compared<R::Decision> {
        let mine = self.mgn.moves();
        self.check(during, line, Request::Moves, mine).map(|_| ())
    }

    /// Whether the position mgn stands at says what a client may set (docs/protocol.md, "What
    /// a position does not say"): in Dong Wo only a turn start in a round under way, where mgn
    /// set at the position lists what it lists here. Its round's end, the transactions before
    /// a round's first move and the game's end are not said by a position (the fill and the
    /// buy-back still due are not written), and are not re-set.
    fn position_holds_the_state(&self) -> bool {
        let rules = self.mgn.rules();
        if rules.def().kind != GameKind::DongWo {
            return true;
        }
        let here = self.mgn.state();
        if !matches!(rules.phase(here), Phase::ToMove(_) | Phase::MustPass { .. }) {
            return false;
        }
        let Ok(set) = rules.state_from_position(&rules.position(here)) else {
            return false;
        };
        let open = |state: &R::State| {
            let mut out = Vec::new();
            rules.decisions(state, &mut R::Scratch::default(), &mut out);
            out
        };
        open(&set) == open(here)
    }

    /// Re-set both sides at the position mgn has reached, as a client that knows nothing of the
    /// game before it sets it: mgn takes it as a record's `Start` tag takes it, and so must the
    /// engine (docs/protocol.md, "What a position does not say"); the line starts there. A
    /// position mgn refuses (a Mraw imrujen round's end) must be refused by the engine too, and
    /// leaves both where they were.
    fn reset(&mut self, during: &str, line: &mut Line<R::Decision>) -> Compared<R::Decision> {
        let here = Setup::Position(self.mgn.rules().position(self.mgn.state()));
        let mine = self.mgn.setup(&here);
        let set = matches!(mine, Answer::Position(_));
        self.check(during, line, Request::Position(here.clone()), mine)?;
        self.resets += 1;
        if set {
            *line = Line {
                root: here,
                steps: Vec::new(),
            };
        }
        Ok(())
    }

    /// Where a random game stands between turns, re-set both sides when `resets` draws it (at
    /// a turn start or a round's end), or always at the game's end, where what is open is
    /// compared then (nothing, when mgn takes the position as a finished game). True when the
    /// game ended: it stops there, also where its final position, set, is one to play on
    /// from (a Mraw imrujen round ended by a repetition, which the position does not count).
    fn maybe_reset(
        &mut self,
        during: &str,
        line: &mut Line<R::Decision>,
        resets: &mut Resets,
    ) -> Result<bool, Stop<R::Decision>> {
        let at_the_end = match self.mgn.rules().phase(self.mgn.state()) {
            Phase::Over { .. } if resets.at_the_end() => true,
            Phase::ToMove(_) | Phase::MustPass { .. } | Phase::RoundOver { .. }
                if resets.draw() =>
            {
                false
            }
            _ => return Ok(false),
        };
        if self.position_holds_the_state() {
            self.reset(during, line)?;
        }
        if at_the_end {
            self.moves(during, line)?;
        }
        Ok(at_the_end)
    }

    /// Put both sides at the end of `line`, comparing every answer on the way.
    fn goto(&mut self, during: &str, line: &Line<R::Decision>) -> Compared<R::Decision> {
        let mut walked = Line {
            root: line.root.clone(),
            steps: Vec::new(),
        };
        let setup = Request::Position(line.root.clone());
        let mine = self.mgn.setup(&line.root);
        self.check(during, &walked, setup, mine)?;
        for step in &line.steps {
            match step {
                Step::Decision(d) => {
                    self.play(during, &mut walked, d)?;
                }
                Step::Decisions(ds) => {
                    self.play_step(during, &mut walked, ds)?;
                }
                Step::NextRound => self.next_round(during, &mut walked)?,
            }
        }
        Ok(())
    }

    /// Perft divide from the start, B to move unless the first player is fixed, to the depth asked or to the deepest depth
    /// whose tree mgn walks within the budget; walk down to the first difference. The engine is
    /// only asked a count mgn made within the timeout: a count mgn could not make in the time
    /// given is no evidence against an engine that cannot either.
    fn perft(&mut self) -> Result<PerftSummary, Stop<R::Decision>> {
        let options = self.options;
        let mut line = Line {
            root: self.root(options.first.unwrap_or(Side::B)),
            steps: Vec::new(),
        };
        self.goto("perft divide", &line)?;
        // From a position between rounds (--start), the tree starts at the next round's
        // start, which is no ply: counts are not asked between rounds.
        if let Phase::RoundOver { .. } = self.mgn.rules().phase(self.mgn.state()) {
            self.next_round("perft divide", &mut line)?;
        }
        let rules = self.mgn.rules();
        let root = self.mgn.state().clone();
        let counting = Instant::now();
        let counted = match options.depth {
            Some(depth) => divide_to(rules, &root, depth, options),
            None => deepest_divide(rules, &root, options),
        };
        let MgnDivide {
            depth,
            parts,
            nodes,
            deeper,
        } = match counted {
            Ok(counted) => counted,
            Err(skipped) => return Ok(skipped),
        };
        let budget = options.depth.is_none().then_some(options.perft_budget);
        let during = format!("perft divide {depth}");
        self.progress.comparing(&during);
        let request = Request::Divide(depth);
        let total = crate::perft::sum(parts.iter().map(|(_, n)| *n))
            .expect("mgn's bounded divide adds up within 64 bits");
        let mine = Answer::Divide(parts);
        // mgn's time for the count asked (the shallower ones it tried included, an upper bound).
        let took = counting.elapsed().as_secs_f64();
        let theirs = self.engine.ask(&request).map_err(|failed| match failed {
            Misbehaviour::TimedOut {
                request,
                secs,
                start_up,
                ..
            } => Misbehaviour::TimedOut {
                request,
                secs,
                start_up,
                mgn_secs: Some(took),
            },
            other => other,
        })?;
        if let Answer::Error {
            kind: ErrorKind::Unsupported,
            ..
        } = theirs
        {
            return self.perft_through_moves(&mut line, &root, depth, budget, deeper, nodes);
        }
        if !mine.agrees(&theirs) {
            self.walk(&during, line, depth, mine, theirs, options.timeout)?;
        }
        Ok(PerftSummary {
            depth,
            method: "divide",
            count: Some(total),
            note: None,
            budget,
            nodes: Some(nodes),
            deeper,
        })
    }

    /// The perft of an engine that does not count (`error unsupported` to `divide`): the tree
    /// to `depth` walked through `moves` and `play` from `root`, the end of `line`, where mgn
    /// counted `nodes` for a divide and found `deeper` one too costly.
    fn perft_through_moves(
        &mut self,
        line: &mut Line<R::Decision>,
        root: &R::State,
        depth: u32,
        budget: Option<u64>,
        deeper: Option<String>,
        nodes: u64,
    ) -> Result<PerftSummary, Stop<R::Decision>> {
        let rules = self.mgn.rules();
        // Without the engine's count every node is a few requests, and every sibling a
        // walk back from the root: a chosen depth is chosen again by the requests it takes.
        let (depth, deeper) = match budget {
            None => (depth, deeper),
            Some(budget) => {
                let within = |d: u32| tree_requests(rules, root, d, 0, &mut { budget });
                match (1..=depth).rev().find(|&d| within(d).is_ok()) {
                    Some(d) if d == depth => (d, deeper),
                    Some(d) => (
                        d,
                        Some(format!(
                            "through moves and play, depth {} takes more than {budget} requests",
                            d + 1
                        )),
                    ),
                    None => {
                        let note = format!(
                            "not compared: the engine has no perft, and through moves and play depth 1 takes more than {budget} requests (--perft-budget {budget})"
                        );
                        return Ok(skipped(1, Some(budget), note));
                    }
                }
            }
        };
        let during = format!("perft {depth} through moves and play (the engine has no perft)");
        let mut count = 0;
        self.tree(&during, line, depth, &mut count)?;
        Ok(PerftSummary {
            depth,
            method: "moves-play",
            count: Some(count),
            note: None,
            budget,
            // The budget counted requests here, not the nodes of a divide.
            nodes: budget.is_none().then_some(nodes),
            deeper,
        })
    }

    /// Both sides stand at the end of `line`, where their divides to `depth` differ: follow
    /// the first decision whose counts differ down to the answer that differs.
    fn walk(
        &mut self,
        during: &str,
        mut line: Line<R::Decision>,
        mut depth: u32,
        mut mine: Answer,
        mut theirs: Answer,
        timeout: Duration,
    ) -> Compared<R::Decision> {
        loop {
            let (Answer::Divide(m), Answer::Divide(t)) = (&mine, &theirs) else {
                // An error where mgn counts: the answers differ at this node.
                return Err(self.differ(during, &line, Request::Divide(depth), mine, theirs, None));
            };
            let mut names_m: Vec<&String> = m.iter().map(|(d, _)| d).collect();
            let mut names_t: Vec<&String> = t.iter().map(|(d, _)| d).collect();
            names_m.sort();
            names_t.sort();
            if names_m != names_t {
                self.moves(during, &line)?;
                let note = "the engine's divide lists other decisions than its moves".to_string();
                return Err(self.differ(
                    during,
                    &line,
                    Request::Divide(depth),
                    mine,
                    theirs,
                    Some(note),
                ));
            }
            let differing = m
                .iter()
                .find(|(d, n)| t.iter().any(|(e, k)| e == d && k != n))
                .map(|(d, _)| d.clone())
                .expect("divides that disagree over the same decisions differ in a count");
            let decision = match self.mgn.find(&differing) {
                Ok(decision) => decision,
                Err(_) => unreachable!("mgn's divide lists open decisions"),
            };
            let parent = line.clone();
            let parent_request = Request::Divide(depth);
            let played = self.play(during, &mut line, &decision)?;
            let status = match played {
                Answer::Played { status, .. } => status,
                _ => unreachable!("a decision mgn lists is played"),
            };
            if status == Played::RoundOver {
                self.next_round(during, &mut line)?;
            }
            let next = if status == Played::Continue {
                depth
            } else {
                depth - 1
            };
            let inconsistent = |why: &str| {
                format!(
                    "the engine counts {} below {differing} and mgn {}, but both play {differing} alike{why}: the engine's count disagrees with its own play",
                    count_of(t, &differing),
                    count_of(m, &differing),
                )
            };
            if next == 0 {
                let note = inconsistent(", and it ends the ply");
                return Err(self.differ(during, &parent, parent_request, mine, theirs, Some(note)));
            }
            let request = Request::Divide(next);
            // A count below the root's is smaller than it, which mgn made in time; still, the
            // engine is not asked one mgn could not make in the time given.
            let bound = Bound {
                nodes: u64::MAX,
                deadline: Some(Instant::now() + timeout),
            };
            let below_mine = match divide_within(self.mgn.rules(), self.mgn.state(), next, bound) {
                Ok((parts, _)) => Answer::Divide(parts),
                // mgn's own refusal, as an error answer to compare.
                Err(Unbounded::Refused(_)) => self.mgn.answer(&request),
                Err(Unbounded::Time | Unbounded::Nodes) => {
                    let note = format!(
                        "the counts below {differing} differ; mgn did not count divide {next} below it within --timeout, so the walk stops here"
                    );
                    return Err(self.differ(
                        during,
                        &parent,
                        parent_request,
                        mine,
                        theirs,
                        Some(note),
                    ));
                }
            };
            let below_theirs = self.engine.ask(&request)?;
            if below_mine.agrees(&below_theirs) {
                let note = inconsistent(&format!(" and their divides {next} below it agree"));
                return Err(self.differ(during, &parent, parent_request, mine, theirs, Some(note)));
            }
            depth = next;
            mine = below_mine;
            theirs = below_theirs;
        }
    }

    fn differ(
        &self,
        during: &str,
        line: &Line<R::Decision>,
        request: Request,
        mgn: Answer,
        engine: Answer,
        note: Option<String>,
    ) -> Stop<R::Decision> {
        Stop::Differ(Box::new(Difference {
            during: during.to_string(),
            line: line.clone(),
            request,
            mgn,
            engine,
            note,
        }))
    }

    /// Perft through `moves` and `play` for an engine that does not count: every node's move
    /// list and every decision's answer compared, to `depth` plies. Both sides stand at the
    /// end of `line`.
    fn tree(
        &mut self,
        during: &str,
        line: &mut Line<R::Decision>,
        depth: u32,
        count: &mut u64,
    ) -> Compared<R::Decision> {
        if depth == 0 {
            *count += 1;
            return Ok(());
        }
        if let Phase::RoundOver { .. } = self.mgn.rules().phase(self.mgn.state()) {
            // A round's start is not a ply.
            self.next_round(during, line)?;
            self.tree(during, line, depth, count)?;
            line.steps.pop();
            return Ok(());
        }
        self.moves(during, line)?;
        let open = self.mgn.decisions().unwrap_or_default();
        let mut here = true;
        for decision in &open {
            if !here {
                self.goto(during, line)?;
            }
            if let Answer::Error { .. } = self.mgn.try_play(decision) {
                // Not decided within mgn's lap budget: not compared.
                here = true;
                continue;
            }
            let status = match self.play(during, line, decision)? {
                Answer::Played { status, .. } => status,
                _ => unreachable!("a decision mgn plays is played"),
            };
            here = false;
            let next = if status == Played::Continue {
                depth
            } else {
                depth - 1
            };
            self.tree(during, line, next, count)?;
            line.steps.pop();
        }
        Ok(())
    }

    /// Where a perft or a random game starts: the position `--start` names, else the rules'
    /// start with `first` to move.
    fn root(&self, first: Side) -> Setup {
        match &self.options.start {
            Some(position) => Setup::Position(position.clone()),
            None => Setup::Start(first),
        }
    }

    /// One random game, compared at every decision.
    fn game(&mut self, number: usize, rng: &mut Rng, resets: &mut Resets) -> Compared<R::Decision> {
        let during = format!("random game {number} of seed {}", self.options.seed);
        // Drawn even when fixed, so that the games of a seed draw the same decisions either way.
        let drawn = if rng.below(2) == 0 { Side::A } else { Side::B };
        let first = self.options.first.unwrap_or(drawn);
        let mut line = Line {
            root: self.root(first),
            steps: Vec::new(),
        };
        self.goto(&during, &line)?;
        let mut plies = 0;
        loop {
            if self.maybe_reset(&during, &mut line, resets)? {
                self.ended += 1;
                break;
            }
            match self.mgn.rules().phase(self.mgn.state()) {
                // The engine must agree that nothing is open: an engine that plays on after
                // the end (a game it does not end, a finished `--start`) differs here.
                Phase::Over { .. } => {
                    self.moves(&during, &line)?;
                    self.ended += 1;
                    break;
                }
                Phase::RoundOver { .. } => {
                    self.next_round(&during, &mut line)?;
                    continue;
                }
                _ => {}
            }
            if plies >= self.options.max_plies {
                break;
            }
            self.moves(&during, &line)?;
            if let Phase::ToMove(_) | Phase::MustPass { .. } =
                self.mgn.rules().phase(self.mgn.state())
            {
                if let Some(step) = self.uncounted(&during, &line, rng)? {
                    let moved = step.len() > 1;
                    let played = self.play_step(&during, &mut line, &step)?;
                    // An owner action or a transaction perft does not count is no ply; a move
                    // with actions inside is.
                    if let Answer::Played { status, .. } = played {
                        if moved && status != Played::Continue {
                            plies += 1;
                            self.plies += 1;
                        }
                    }
                    continue;
                }
            }
            let mut open = self.mgn.decisions().unwrap_or_default();
            let decision = loop {
                if open.is_empty() {
                    // Nothing mgn can decide within its lap budget: the game stops here.
                    return Ok(());
                }
                let drawn = open.swap_remove(rng.below(open.len()));
                if !matches!(self.mgn.try_play(&drawn), Answer::Error { .. }) {
                    break drawn;
                }
            };
            if let Answer::Played { status, .. } = self.play(&during, &mut line, &decision)? {
                if status != Played::Continue {
                    plies += 1;
                    self.plies += 1;
                }
            }
        }
        Ok(())
    }
}

/// When a random game re-sets both sides at the position it reached: a generator of its own,
/// so that the games of a seed draw the same decisions with resets or without, as long as a
/// reset leaves play as it was.
struct Resets {
    rng: Rng,
    every: u32,
}

impl Resets {
    fn new(options: &RefereeOptions) -> Resets {
        Resets {
            // Another stream than the games' own, from the same seed.
            rng: Rng::new(options.seed ^ 0x5245_5345_5453),
            every: options.reset_every,
        }
    }

    /// Whether to re-set here, at a turn start or a round's end.
    fn draw(&mut self) -> bool {
        self.every > 0 && self.rng.below(self.every as usize) == 0
    }

    /// Whether to re-set at a game's end: always, when resets are asked for at all.
    fn at_the_end(&self) -> bool {
        self.every > 0
    }
}

/// The requests [`Comparing::tree`] sends to walk `depth` plies from `state`, the end of a line
/// of `steps` steps, charged to `budget`: Err once it is spent. Mirrors `tree` request for
/// request (a `moves` a node, a `play` a decision, a walk back from the root before every
/// decision but the first of a node, a `next-round` a round's start).
fn tree_requests<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
    steps: u64,
    budget: &mut u64,
) -> Result<(), ()> {
    fn charge(budget: &mut u64, n: u64) -> Result<(), ()> {
        *budget = budget.checked_sub(n).ok_or(())?;
        Ok(())
    }
    if depth == 0 {
        return Ok(());
    }
    if let Phase::RoundOver { .. } = rules.phase(state) {
        charge(budget, 1)?;
        let mut next = state.clone();
        if rules.begin_round(&mut next, &mut ()).is_err() {
            return Ok(());
        }
        return tree_requests(rules, &next, depth, steps + 1, budget);
    }
    charge(budget, 1)?;
    let mut open = Vec::new();
    // A count within a budget of requests: a fresh scratch a node costs nothing to speak of.
    let scratch = &mut R::Scratch::default();
    rules.decisions(state, scratch, &mut open);
    let mut here = true;
    for decision in &open {
        if !here {
            // `position`, then every step of the line again.
            charge(budget, 1 + steps)?;
        }
        let mut next = state.clone();
        if rules.apply(&mut next, decision, scratch, &mut ()).is_err() {
            here = true;
            continue;
        }
        charge(budget, 1)?;
        here = false;
        let left = match rules.phase(&next) {
            Phase::Continue { .. } => depth,
            _ => depth - 1,
        };
        tree_requests(rules, &next, left, steps + 1, budget)?;
    }
    Ok(())
}

/// mgn's own divide from the start, to compare with the engine's.
struct MgnDivide {
    depth: u32,
    parts: Vec<(String, u64)>,
    /// The nodes walked.
    nodes: u64,
    /// Why no deeper divide is compared, when the budget chose the depth.
    deeper: Option<String>,
}

/// mgn's divide from `root` to `depth`, within the timeout; Err: the perft is not compared.
fn divide_to<R: RulesExt>(
    rules: &R,
    root: &R::State,
    depth: u32,
    options: &RefereeOptions,
) -> Result<MgnDivide, PerftSummary> {
    match count_within(rules, root, depth, u64::MAX, options.timeout) {
        Ok((parts, nodes)) => Ok(MgnDivide {
            depth,
            parts,
            nodes,
            deeper: None,
        }),
        Err(Unbounded::Time) => {
            let note = format!(
                "not compared: mgn itself did not count divide {depth} within --timeout ({} s), so the engine is not asked it",
                options.timeout.as_secs_f64()
            );
            Err(skipped(depth, None, note))
        }
        Err(Unbounded::Nodes) => unreachable!("no count walks u64::MAX nodes"),
        Err(Unbounded::Refused(why)) => {
            let note = format!("mgn cannot count it: {} ({})", why.message, why.rule);
            Err(skipped(depth, None, note))
        }
    }
}

/// mgn's divide from `root` at the deepest depth whose tree it walks within the budget and
/// the timeout; Err: the perft is not compared.
fn deepest_divide<R: RulesExt>(
    rules: &R,
    root: &R::State,
    options: &RefereeOptions,
) -> Result<MgnDivide, PerftSummary> {
    let budget = options.perft_budget;
    let mut best: Option<MgnDivide> = None;
    let mut deeper = None;
    for depth in 1..=MAX_DEPTH {
        match count_within(rules, root, depth, budget, options.timeout) {
            Ok((parts, nodes)) => {
                // A tree that stopped growing has ended every game: this count and every
                // deeper one are nothing, and the one before is kept.
                if matches!(&best, Some(before) if before.nodes == nodes) {
                    deeper = Some(format!("every game ends before ply {depth}"));
                    break;
                }
                best = Some(MgnDivide {
                    depth,
                    parts,
                    nodes,
                    deeper: None,
                });
                // A root where the game is over: divide 1 counts nothing, and so does every
                // deeper one.
                if nodes == 0 {
                    deeper = Some(
                        "the game is over at the start: every game ends before ply 1".to_string(),
                    );
                    break;
                }
            }
            Err(Unbounded::Nodes) => {
                deeper = Some(format!("divide {depth} walks more than {budget} nodes"));
                break;
            }
            Err(Unbounded::Time) => {
                deeper = Some(format!(
                    "mgn did not count divide {depth} within --timeout ({} s)",
                    options.timeout.as_secs_f64()
                ));
                break;
            }
            Err(Unbounded::Refused(why)) => {
                if best.is_none() {
                    let note = format!("mgn cannot count it: {} ({})", why.message, why.rule);
                    return Err(skipped(depth, Some(budget), note));
                }
                deeper = Some(format!(
                    "mgn cannot count divide {depth}: {} ({})",
                    why.message, why.rule
                ));
                break;
            }
        }
    }
    match best {
        Some(best) => Ok(MgnDivide { deeper, ..best }),
        None => {
            let why = deeper.unwrap_or_default();
            let note = format!(
                "not compared: {why} (--perft-budget {budget}), so no depth is within the budget"
            );
            Err(skipped(1, Some(budget), note))
        }
    }
}

/// mgn's divide from `state` to `depth`, walking at most `nodes` nodes within `timeout`.
fn count_within<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
    nodes: u64,
    timeout: Duration,
) -> Result<(Vec<(String, u64)>, u64), Unbounded> {
    let bound = Bound {
        nodes,
        deadline: Some(Instant::now() + timeout),
    };
    divide_within(rules, state, depth, bound)
}

/// A perft not compared, and why.
fn skipped(depth: u32, budget: Option<u64>, note: String) -> PerftSummary {
    PerftSummary {
        depth,
        method: "skipped",
        count: None,
        note: Some(note),
        budget,
        nodes: None,
        deeper: None,
    }
}

fn count_of(parts: &[(String, u64)], decision: &str) -> u64 {
    parts
        .iter()
        .find(|(d, _)| d == decision)
        .map_or(0, |(_, n)| *n)
}
