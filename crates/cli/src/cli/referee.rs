//! `mgn referee`: start another implementation as an engine (docs/protocol.md), ask it what mgn's
//! rules are asked, and report the first answer that differs, with the shortest record that
//! reproduces it.
//!
//! mgn's side of every exchange is a [`Session`] of the library, the one `mgn engine` serves:
//! both sides answer the same requests, and [`Answer::agrees`] compares them.

mod child;

use super::args::{RefereeArgs, RefereeFormat};
use super::generate::run_rules;
use super::output::{self, say};
use super::Status;
use child::{Child, Misbehaviour};
use indicatif::{ProgressBar, ProgressStyle};
use mgn::generate::Rng;
use mgn::notation::{
    parse_games, write_game, write_move, CaptureClaim, Comment, CommentStyle, Element, Game,
    Outcome, Side, Span, Spanned,
};
use mgn::perft::{divide_within, Bound, Unbounded, MAX_DEPTH};
use mgn::protocol::{Answer, ErrorKind, GameSpec, Request, Session, Setup, Status as Played};
use mgn::replay::{draw, ply_trace};
use mgn::rules::{Event, Phase, Rules, RulesExt, WithRules};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// One step along a line of play from its root.
#[derive(Clone, Debug)]
enum Step<D> {
    Decision(D),
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

/// A difference as the report shows it.
struct Found {
    during: String,
    line: String,
    position: String,
    drawing: String,
    mid_turn: bool,
    request: String,
    mgn: String,
    engine: String,
    mgn_only: Vec<String>,
    engine_only: Vec<String>,
    note: Option<String>,
    /// mgn's refusal of a decision the engine lists.
    refusal: Option<String>,
    trace: Option<String>,
    /// The rules the decision went through, the one that decides the difference first.
    rules: Vec<(&'static str, &'static str)>,
    decisive: bool,
    record: String,
    record_plies: usize,
    record_from_start: bool,
    /// The record plays a decision only the engine lists: mgn check fails it there.
    record_refused: bool,
}

enum Verdict {
    Agreed,
    Differ(Box<Found>),
    EngineFailed(Misbehaviour),
}

struct PerftSummary {
    depth: u32,
    method: &'static str,
    count: Option<u64>,
    note: Option<String>,
    /// The node budget the depth was chosen by (None: --depth named it).
    budget: Option<u64>,
    /// The nodes mgn walked for the count compared.
    nodes: Option<u64>,
    /// Why no deeper count was asked, when the budget chose the depth.
    deeper: Option<String>,
}

struct Run {
    engine: String,
    perft: Option<PerftSummary>,
    games: usize,
    plies: usize,
    decisions: usize,
    requests: u64,
    verdict: Verdict,
    stderr: String,
}

pub fn run(args: &RefereeArgs) -> Status {
    if args.depth == Some(0) && args.games == 0 {
        // Agreement on nothing is not an agreement.
        say("nothing to compare: --depth 0 and --games 0 ask for no perft and no game");
        return Status::Error;
    }
    let header = match args.rules.header() {
        Ok(header) => header,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let spec = GameSpec {
        game: header.game.value,
        board: header.board.as_ref().map(|b| b.value),
        preset: header.preset.as_ref().map(|p| p.value.clone()),
        options: header
            .options
            .iter()
            .map(|o| (o.value.code.clone(), o.value.value.clone()))
            .collect(),
    };
    let work = Referee { args, spec: &spec };
    let outcome = match run_rules(&header, args.rules.max_laps, work) {
        Ok(outcome) => outcome,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let compared_perft = matches!(&outcome.perft, Some(p) if p.count.is_some());
    let status = match outcome.verdict {
        // An exit 0 says the rules were compared: a skipped perft and no game compared none.
        Verdict::Agreed if !compared_perft && outcome.games == 0 => Status::Error,
        Verdict::Agreed => Status::Success,
        Verdict::Differ(_) => Status::Failed,
        Verdict::EngineFailed(_) => Status::Error,
    };
    if let (Verdict::Differ(found), Some(path)) = (&outcome.verdict, &args.record) {
        let written = output::write_file(path, |out| out.write_all(found.record.as_bytes()));
        if let Err(error) = written {
            say(&format!(
                "cannot write the record to {}: {error}",
                path.display()
            ));
            report(args, &spec, &outcome);
            return Status::Error;
        }
    }
    let mut out = output::stdout();
    let written = match args.format {
        RefereeFormat::Text => write!(out, "{}", text_report(args, &spec, &outcome)),
        RefereeFormat::Json => writeln!(out, "{}", json_report(args, &spec, &outcome)),
    };
    output::finish(&mut out, written, status)
}

/// The report on standard error, when standard output is not where it can go.
fn report(args: &RefereeArgs, spec: &GameSpec, outcome: &Run) {
    eprint!("{}", text_report(args, spec, outcome));
}

struct Referee<'a> {
    args: &'a RefereeArgs,
    spec: &'a GameSpec,
}

impl WithRules for Referee<'_> {
    type Output = Run;
    fn run<R: RulesExt>(self, rules: &R) -> Run {
        let args = self.args;
        let mut outcome = Run {
            engine: String::new(),
            perft: None,
            games: 0,
            plies: 0,
            decisions: 0,
            requests: 0,
            verdict: Verdict::Agreed,
            stderr: String::new(),
        };
        let timeout = Duration::from_secs_f64(args.timeout);
        let child = match Child::start(&args.command, timeout) {
            Ok(child) => child,
            Err(failed) => {
                outcome.verdict = Verdict::EngineFailed(failed);
                return outcome;
            }
        };
        // A bar only for a person watching: indicatif draws nothing off a terminal anyway.
        let bar = if std::io::stderr().is_terminal() && args.format == RefereeFormat::Text {
            ProgressBar::new(args.games as u64).with_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} games {msg}")
                    .expect("a valid template"),
            )
        } else {
            ProgressBar::hidden()
        };
        let mut referee = Comparing {
            mgn: Session::new(rules),
            child,
            spec: self.spec,
            bar,
            games: 0,
            plies: 0,
            decisions: 0,
        };
        let compared = referee.compare_all(args, &mut outcome);
        referee.bar.finish_and_clear();
        outcome.verdict = match compared {
            Ok(()) => Verdict::Agreed,
            Err(Stop::Engine(failed)) => Verdict::EngineFailed(failed),
            Err(Stop::Differ(difference)) => {
                Verdict::Differ(Box::new(referee.analyse(*difference)))
            }
        };
        outcome.games = referee.games;
        outcome.plies = referee.plies;
        outcome.decisions = referee.decisions;
        outcome.requests = referee.child.requests;
        outcome.stderr = referee.child.stderr();
        outcome
    }
}

/// mgn's session and the engine, asked the same requests.
struct Comparing<'r, 'a, R: Rules> {
    mgn: Session<'r, R>,
    child: Child,
    spec: &'a GameSpec,
    bar: ProgressBar,
    games: usize,
    plies: usize,
    decisions: usize,
}

type Compared<D> = Result<(), Stop<D>>;

impl<R: RulesExt> Comparing<'_, '_, R> {
    fn compare_all(&mut self, args: &RefereeArgs, outcome: &mut Run) -> Compared<R::Decision> {
        let hello = Request::Hello;
        match self.child.ask(&hello)? {
            Answer::Ready { version, name } if version == mgn::protocol::VERSION => {
                outcome.engine = name;
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
        match self.child.ask(&game)? {
            Answer::Ok => {}
            refused => {
                return Err(Stop::Engine(Misbehaviour::Refused {
                    request: game.to_string(),
                    answer: refused.to_string(),
                }))
            }
        }
        if args.depth != Some(0) {
            self.bar.set_message("perft divide".to_string());
            outcome.perft = Some(self.perft(args)?);
        }
        let mut rng = Rng::new(args.seed);
        for number in 1..=args.games {
            self.bar.set_message(format!("game {number}"));
            self.game(number, args, &mut rng)?;
            self.games += 1;
            self.bar.inc(1);
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
        let theirs = self.child.ask(&request)?;
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
                Step::NextRound => self.next_round(during, &mut walked)?,
            }
        }
        Ok(())
    }

    /// Perft divide from the start, B to move, to --depth or to the deepest depth whose tree
    /// mgn walks within --perft-budget nodes; walk down to the first difference. The engine is
    /// only asked a count mgn made within --timeout: a count mgn could not make in the time
    /// given is no evidence against an engine that cannot either.
    fn perft(&mut self, args: &RefereeArgs) -> Result<PerftSummary, Stop<R::Decision>> {
        let timeout = Duration::from_secs_f64(args.timeout);
        let mut line = Line {
            root: Setup::Start(Side::B),
            steps: Vec::new(),
        };
        self.goto("perft divide", &line)?;
        let rules = self.mgn.rules();
        let root = self.mgn.state().clone();
        let count = |depth: u32, nodes: u64| {
            let bound = Bound {
                nodes,
                deadline: Some(Instant::now() + timeout),
            };
            divide_within(rules, &root, depth, bound)
        };
        let skipped = |depth: u32, budget: Option<u64>, note: String| PerftSummary {
            depth,
            method: "skipped",
            count: None,
            note: Some(note),
            budget,
            nodes: None,
            deeper: None,
        };
        let late = |depth: u32| {
            format!(
                "not compared: mgn itself did not count divide {depth} within --timeout ({} s), so the engine is not asked it",
                args.timeout
            )
        };
        let counting = Instant::now();
        let (depth, parts, nodes, deeper) = match args.depth {
            Some(depth) => match count(depth, u64::MAX) {
                Ok((parts, nodes)) => (depth, parts, nodes, None),
                Err(Unbounded::Time) => return Ok(skipped(depth, None, late(depth))),
                Err(Unbounded::Nodes) => unreachable!("no count walks u64::MAX nodes"),
                Err(Unbounded::Refused(why)) => {
                    let note = format!("mgn cannot count it: {} ({})", why.message, why.rule);
                    return Ok(skipped(depth, None, note));
                }
            },
            None => {
                let budget = args.perft_budget;
                let mut best = None;
                let mut deeper = None;
                for depth in 1..=MAX_DEPTH {
                    match count(depth, budget) {
                        Ok((parts, nodes)) => {
                            // A tree that stopped growing has ended every game: this count
                            // and every deeper one are nothing, and the one before is kept.
                            if matches!(&best, Some((_, _, before)) if *before == nodes) {
                                deeper = Some(format!("every game ends before ply {depth}"));
                                break;
                            }
                            best = Some((depth, parts, nodes));
                        }
                        Err(Unbounded::Nodes) => {
                            deeper = Some(format!("divide {depth} walks more than {budget} nodes"));
                            break;
                        }
                        Err(Unbounded::Time) => {
                            deeper = Some(format!(
                                "mgn did not count divide {depth} within --timeout ({} s)",
                                args.timeout
                            ));
                            break;
                        }
                        Err(Unbounded::Refused(why)) => {
                            if best.is_none() {
                                let note =
                                    format!("mgn cannot count it: {} ({})", why.message, why.rule);
                                return Ok(skipped(depth, Some(budget), note));
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
                    Some((depth, parts, nodes)) => (depth, parts, nodes, deeper),
                    None => {
                        let why = deeper.unwrap_or_default();
                        let note = format!(
                            "not compared: {why} (--perft-budget {budget}), so no depth is within the budget"
                        );
                        return Ok(skipped(1, Some(budget), note));
                    }
                }
            }
        };
        let budget = args.depth.is_none().then_some(args.perft_budget);
        let during = format!("perft divide {depth}");
        self.bar.set_message(during.clone());
        let request = Request::Divide(depth);
        let total = mgn::perft::sum(parts.iter().map(|(_, n)| *n))
            .expect("mgn's bounded divide adds up within 64 bits");
        let mine = Answer::Divide(parts);
        // mgn's time for the count asked (the shallower ones it tried included, an upper bound).
        let took = counting.elapsed().as_secs_f64();
        let theirs = self.child.ask(&request).map_err(|failed| match failed {
            Misbehaviour::TimedOut { request, secs, .. } => Misbehaviour::TimedOut {
                request,
                secs,
                mgn_secs: Some(took),
            },
            other => other,
        })?;
        if let Answer::Error {
            kind: ErrorKind::Unsupported,
            ..
        } = theirs
        {
            // Without the engine's count every node is a few requests, and every sibling a
            // walk back from the root: a chosen depth is chosen again by the requests it takes.
            let (depth, deeper) = match budget {
                None => (depth, deeper),
                Some(budget) => {
                    let within = |d: u32| tree_requests(rules, &root, d, 0, &mut { budget });
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
            self.tree(&during, &mut line, depth, &mut count)?;
            return Ok(PerftSummary {
                depth,
                method: "moves-play",
                count: Some(count),
                note: None,
                budget,
                // The budget counted requests here, not the nodes of a divide.
                nodes: budget.is_none().then_some(nodes),
                deeper,
            });
        }
        if !mine.agrees(&theirs) {
            self.walk(&during, line, depth, mine, theirs, timeout)?;
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
            let below_theirs = self.child.ask(&request)?;
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

    /// One random game, compared at every decision.
    fn game(&mut self, number: usize, args: &RefereeArgs, rng: &mut Rng) -> Compared<R::Decision> {
        let during = format!("random game {number} of seed {}", args.seed);
        let first = if rng.below(2) == 0 { Side::A } else { Side::B };
        let mut line = Line {
            root: Setup::Start(first),
            steps: Vec::new(),
        };
        self.goto(&during, &line)?;
        let mut plies = 0;
        loop {
            match self.mgn.rules().phase(self.mgn.state()) {
                Phase::Over { .. } => break,
                Phase::RoundOver { .. } => {
                    self.next_round(&during, &mut line)?;
                    continue;
                }
                _ => {}
            }
            if plies >= args.max_plies {
                break;
            }
            self.moves(&during, &line)?;
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

    /// mgn's session at the end of `line`, from its root.
    fn replayed(&self, line: &Line<R::Decision>, upto: usize) -> Session<'_, R> {
        let mut session = Session::new(self.mgn.rules());
        session.setup(&line.root);
        for step in &line.steps[..upto] {
            match step {
                Step::Decision(d) => {
                    session.play(d);
                }
                Step::NextRound => {
                    session.next_round();
                }
            }
        }
        session
    }

    /// Which of `candidates`, the decisions mgn lists alone at the end of `line`, leads where
    /// none of `theirs`, the decisions the engine lists alone, leads when the engine plays it:
    /// the record then shows what the engine cannot reach. `None` when every candidate leads
    /// somewhere the engine also goes, or the engine misbehaves.
    fn witness(
        &mut self,
        line: &Line<R::Decision>,
        candidates: &[String],
        theirs: &[String],
    ) -> Option<usize> {
        let mut reached = Vec::new();
        for text in theirs {
            // The line agreed up to here: walking it again only sets the engine there.
            self.goto("choosing the record's decision", line).ok()?;
            reached.push(self.child.ask(&Request::Play(text.clone())).ok()?);
        }
        candidates.iter().position(|text| {
            let mut mine = self.replayed(line, line.steps.len());
            match mine.find(text) {
                Ok(decision) => {
                    let played = mine.play(&decision);
                    !reached.iter().any(|theirs| played.agrees(theirs))
                }
                Err(_) => false,
            }
        })
    }

    /// What the report shows of a difference, and the record that reproduces it.
    fn analyse(&mut self, difference: Difference<R::Decision>) -> Found {
        let rules = self.mgn.rules();
        let def = rules.def();
        let (mut mgn_only, mut engine_only) = (Vec::new(), Vec::new());
        if let (Answer::Moves(m), Answer::Moves(e)) = (&difference.mgn, &difference.engine) {
            mgn_only = m.iter().filter(|d| !e.contains(d)).cloned().collect();
            engine_only = e.iter().filter(|d| !m.contains(d)).cloned().collect();
            // A decision listed twice.
            for d in e {
                if e.iter().filter(|x| *x == d).count() > 1 && !engine_only.contains(d) {
                    engine_only.push(d.clone());
                }
            }
        }
        // Of the decisions mgn lists alone, the record plays one that leads where none of the
        // engine's own decisions leads: a Dong Wo meeting's `@B1xmA` may be where the engine's
        // `@B1` goes (it reads `dong-wo.muzi.meeting=opponents`), and would not tell the
        // readings apart; `@B1xmB` does.
        if difference.request == Request::Moves && mgn_only.len() > 1 {
            if let Some(i) = self.witness(&difference.line, &mgn_only, &engine_only) {
                mgn_only.swap(0, i);
            }
        }
        let at = self.replayed(&difference.line, difference.line.steps.len());
        let position = rules.position(at.state());
        let mid_turn = matches!(rules.phase(at.state()), Phase::Continue { .. });
        // The decision the trace is of: the one played, or the first mgn lists alone.
        let traced = match &difference.request {
            Request::Play(text) => Some(text.clone()),
            Request::Moves => mgn_only.first().cloned(),
            _ => None,
        };
        let mut trace = None;
        let mut rule_codes = Vec::new();
        // The rule that decides the difference: where the turn goes on or must pass, that
        // rule; for a decision played, the rule that ended its last lap, or the round's or
        // game's end when the two disagree on where play stands.
        let mut decisive = match rules.phase(at.state()) {
            Phase::Continue { rule, .. } | Phase::MustPass { rule, .. }
                if difference.request == Request::Moves =>
            {
                Some(rule)
            }
            _ => None,
        };
        if let Some(text) = &traced {
            let mut probe = self.replayed(&difference.line, difference.line.steps.len());
            if let Ok(decision) = probe.find(text) {
                probe.play(&decision);
                let events = probe.log().events();
                trace = Some(ply_trace(&format!("mgn plays {text}:"), &events));
                rule_codes = rules_of(&events);
                let ends = events.iter().rev().find_map(|e| match *e {
                    Event::GameEnd { rule, .. } | Event::RoundEnd { rule, .. } => Some(rule),
                    _ => None,
                });
                // Where play stands after the decision is the end's to say when either side
                // ends the round or the game there.
                let ending = |a: &Answer| {
                    matches!(
                        a,
                        Answer::Played {
                            status: Played::RoundOver | Played::GameOver(_),
                            ..
                        }
                    )
                };
                let at_an_end = ending(&difference.mgn) || ending(&difference.engine);
                if matches!(difference.request, Request::Play(_)) {
                    decisive = match ends {
                        Some(rule) if at_an_end => Some(rule),
                        _ => probe.log().last_lap_rule(),
                    };
                }
            }
        } else if difference.request == Request::NextRound {
            let mut probe = self.replayed(&difference.line, difference.line.steps.len());
            probe.next_round();
            let events = probe.log().events();
            trace = Some(ply_trace("mgn starts the next round:", &events));
            rule_codes = rules_of(&events);
        }
        let refusal = match (&difference.request, engine_only.first()) {
            (Request::Moves, Some(extra)) => Some(
                at.refusal(extra)
                    .map(|why| format!("mgn refuses {extra}: {why}"))
                    .unwrap_or_else(|| format!("mgn lists no decision {extra} here")),
            ),
            _ => None,
        };
        if let Some(refused) = &refusal {
            if let Some(code) = refused
                .rsplit_once('(')
                .and_then(|(_, c)| c.strip_suffix(')'))
            {
                if let Some(known) = def
                    .rules
                    .iter()
                    .map(|r| r.code)
                    .chain(def.options.iter().map(|o| o.code))
                    .chain(mgn::rules::GENERAL_RULES.iter().map(|r| r.code))
                    .find(|k| *k == code)
                {
                    decisive = decisive.or(Some(known));
                    rule_codes.push(known);
                }
            }
        }
        if let Some(code) = decisive {
            rule_codes.retain(|c| *c != code);
            rule_codes.insert(0, code);
        }
        let (record, record_plies, from) = self.shrink(&difference, &mgn_only, &engine_only);
        let refused = record_refused(&difference.request, &mgn_only, &engine_only);
        Found {
            during: difference.during.clone(),
            line: difference.line.words(),
            position: mgn::notation::write_position(&position),
            drawing: draw(def.drawing, &position),
            mid_turn,
            request: difference.request.to_string(),
            mgn: difference.mgn.to_string(),
            engine: difference.engine.to_string(),
            mgn_only,
            engine_only,
            note: difference.note.clone(),
            refusal,
            trace,
            decisive: decisive.is_some(),
            rules: rule_codes
                .into_iter()
                .map(|code| (code, def.describe(code)))
                .collect(),
            record,
            record_plies,
            record_from_start: from == 0,
            record_refused: refused,
        }
    }

    /// The indices of `line`'s steps where a turn starts, from which a record may start at a
    /// `Start` position: the latest first, the root last.
    fn turn_starts(&self, line: &Line<R::Decision>) -> Vec<usize> {
        let rules = self.mgn.rules();
        let mut session = Session::new(rules);
        session.setup(&line.root);
        let mut starts = vec![0];
        for (i, step) in line.steps.iter().enumerate() {
            match step {
                Step::Decision(d) => {
                    session.play(d);
                }
                Step::NextRound => {
                    session.next_round();
                }
            }
            if matches!(
                rules.phase(session.state()),
                Phase::ToMove(_) | Phase::MustPass { .. }
            ) {
                starts.push(i + 1);
            }
        }
        starts.reverse();
        starts
    }

    /// The record from the latest turn start that still shows the difference (in mgn's
    /// replay and in the engine's answers), else from the root; with its plies and start.
    fn shrink(
        &mut self,
        difference: &Difference<R::Decision>,
        mgn_only: &[String],
        engine_only: &[String],
    ) -> (String, usize, usize) {
        // A few tries bound the time: each replays the rest of the line in the engine.
        for from in self.turn_starts(&difference.line).into_iter().take(12) {
            if from == 0 || self.reproduces(difference, from) {
                let (record, plies) = self.record(difference, from, mgn_only, engine_only);
                return (record, plies, from);
            }
        }
        let (record, plies) = self.record(difference, 0, mgn_only, engine_only);
        (record, plies, 0)
    }

    /// mgn's session at step `from` of `line` as a record sees it: replayed from the root,
    /// or (from > 0) set at the position reached there, as a `Start` tag sets it, forgetting
    /// what a position does not hold. None when the rules refuse that position.
    fn session_from(&self, line: &Line<R::Decision>, from: usize) -> Option<Session<'_, R>> {
        let at = self.replayed(line, from);
        if from == 0 {
            return Some(at);
        }
        let rules = self.mgn.rules();
        let state = rules
            .state_from_position(&rules.position(at.state()))
            .ok()?;
        let mut session = Session::new(rules);
        session.set_state(state);
        Some(session)
    }

    /// Whether a record from the position at step `from` shows the same difference: from it,
    /// mgn's rules give the answers they gave along the line and at the request, and the
    /// engine, set there, answers as mgn along the line, and otherwise at the request.
    fn reproduces(&mut self, difference: &Difference<R::Decision>, from: usize) -> bool {
        let line = &difference.line;
        let Some(mut session) = self.session_from(line, from) else {
            return false;
        };
        let start = self.mgn.rules().position(session.state());
        let mut original = self.replayed(line, from);
        let mut answers = Vec::new();
        for step in &line.steps[from..] {
            let (request, answer, before) = match step {
                Step::Decision(d) => (
                    Request::Play(d.to_string()),
                    session.play(d),
                    original.play(d),
                ),
                Step::NextRound => (
                    Request::NextRound,
                    session.next_round(),
                    original.next_round(),
                ),
            };
            if !before.agrees(&answer) {
                return false;
            }
            answers.push((request, answer));
        }
        let again = match &difference.request {
            Request::Play(text) => match session.find(text) {
                Ok(decision) => session.play(&decision),
                Err(refused) => refused,
            },
            request => session.answer(request),
        };
        if !again.agrees(&difference.mgn) {
            return false;
        }
        let setup = Request::Position(Setup::Position(start.clone()));
        if !matches!(self.child.ask(&setup), Ok(Answer::Position(set)) if set == start) {
            return false;
        }
        for (request, mine) in answers {
            match self.child.ask(&request) {
                Ok(theirs) if mine.agrees(&theirs) => {}
                _ => return false,
            }
        }
        matches!(self.child.ask(&difference.request), Ok(theirs) if !difference.mgn.agrees(&theirs))
    }

    /// The record of `line` from step `from` (a `Start` position unless 0), then the turn of
    /// the difference as mgn plays it with its claims; its plies.
    fn record(
        &self,
        difference: &Difference<R::Decision>,
        from: usize,
        mgn_only: &[String],
        engine_only: &[String],
    ) -> (String, usize) {
        let rules = self.mgn.rules();
        let line = &difference.line;
        let Some(mut session) = self.session_from(line, from) else {
            return self.record(difference, 0, mgn_only, engine_only);
        };
        let mut header = self.spec.header();
        let spanned = |text: &str| Some(Spanned::new(text.to_string(), Span::default()));
        header.event = spanned("mgn referee: the first difference");
        header.source = spanned(&format!("mgn referee, {}", difference.during));
        if from > 0 {
            let start = rules.position(session.state());
            header.first = Some(Spanned::new(start.to_move, Span::default()));
            header.start = Some(Spanned::new(start, Span::default()));
        } else if let Setup::Start(side) = line.root {
            header.first = Some(Spanned::new(side, Span::default()));
        }
        let mut moves = vec![comment(&format!(
            "mgn referee: at the end of this record, to `{}` mgn answers `{}` and the engine `{}`",
            difference.request, difference.mgn, difference.engine
        ))];
        let mut turn: Vec<R::Decision> = Vec::new();
        let push_turn = |moves: &mut Vec<Element>, turn: &mut Vec<R::Decision>| {
            if !turn.is_empty() {
                moves.push(rules.move_from_decisions(turn));
                turn.clear();
            }
        };
        for step in &line.steps[from..] {
            match step {
                Step::Decision(d) => {
                    session.play(d);
                    turn.push(d.clone());
                    if !matches!(rules.phase(session.state()), Phase::Continue { .. }) {
                        push_turn(&mut moves, &mut turn);
                    }
                }
                Step::NextRound => {
                    let round = rules.round(session.state());
                    session.next_round();
                    moves.push(Element::Round(Spanned::new(round + 1, Span::default())));
                }
            }
        }
        let turn_began = turn.is_empty();
        let played = match &difference.request {
            Request::Play(text) => Some(text.clone()),
            Request::Moves => mgn_only.first().cloned(),
            _ => None,
        };
        match (&difference.request, played) {
            (_, Some(text)) => {
                if let Ok(decision) = session.find(&text) {
                    let answer = session.play(&decision);
                    turn.push(decision);
                    self.finish_turn(&mut session, &mut turn);
                    push_turn(&mut moves, &mut turn);
                    if turn_began {
                        if let Answer::Played { captured, .. } = &answer {
                            moves.push(Element::Captures(Spanned::new(
                                CaptureClaim {
                                    count: captured.points as u32,
                                    holes: captured.holes.clone(),
                                },
                                Span::default(),
                            )));
                        }
                    }
                    moves.push(checkpoint(rules.position(session.state())));
                    // A difference in where play stands shows in what comes next: mgn's next
                    // ply, which the engine's reading refuses.
                    let status_differs = match (&difference.mgn, &difference.engine) {
                        (Answer::Played { status: a, .. }, Answer::Played { status: b, .. }) => {
                            a != b
                        }
                        _ => false,
                    };
                    if status_differs {
                        if let Phase::RoundOver { round } = rules.phase(session.state()) {
                            session.next_round();
                            moves.push(Element::Round(Spanned::new(round + 1, Span::default())));
                        }
                        if !matches!(rules.phase(session.state()), Phase::Over { .. }) {
                            self.finish_turn(&mut session, &mut turn);
                            push_turn(&mut moves, &mut turn);
                        }
                    }
                }
            }
            (Request::Moves, None) => {
                if let Some(extra) = engine_only.first() {
                    // The engine's decision, written into the turn: mgn's check refuses it.
                    let before = if turn.is_empty() {
                        String::new()
                    } else {
                        match rules.move_from_decisions(&turn) {
                            Element::Move(m) => write_move(&m.value),
                            _ => String::new(),
                        }
                    };
                    let chained = !before.is_empty() && extra.starts_with(['A', 'B']);
                    let text = format!("{before}{}{extra}", if chained { "-" } else { "" });
                    let record = format!("[Game \"{}\"]\n\n{text} *\n", rules.def().kind);
                    let element = parse_games(&record)
                        .into_iter()
                        .next()
                        .and_then(|g| g.ok())
                        .and_then(|g| g.moves.into_iter().find(|e| matches!(e, Element::Move(_))));
                    turn.clear();
                    match element {
                        Some(m) => moves.push(m),
                        None => moves.push(comment(&format!("the engine lists {extra} here"))),
                    }
                }
            }
            (Request::NextRound, _) => {
                let round = rules.round(session.state());
                session.next_round();
                moves.push(Element::Round(Spanned::new(round + 1, Span::default())));
                moves.push(checkpoint(rules.position(session.state())));
            }
            (Request::Position(_), _) => moves.push(checkpoint(rules.position(session.state()))),
            _ => push_turn(&mut moves, &mut turn),
        }
        if !turn.is_empty() {
            // A turn left open: the record stops unfinished.
            push_turn(&mut moves, &mut turn);
        }
        let outcome = match rules.phase(session.state()) {
            Phase::Over { winner } => match winner {
                Some(Side::A) => Outcome::AWins,
                Some(Side::B) => Outcome::BWins,
                None => Outcome::Draw,
            },
            _ => Outcome::Unknown,
        };
        header.result = Some(Spanned::new(outcome, Span::default()));
        if outcome == Outcome::Unknown {
            header.termination = spanned("unfinished");
        }
        let plies = moves
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Element::Move(_) | Element::Pass(_) | Element::Transaction(_)
                )
            })
            .count();
        (write_game(&Game::new(header, moves, outcome)), plies)
    }

    /// Play the rest of a turn under way with mgn's first decision that can be played.
    fn finish_turn(&self, session: &mut Session<'_, R>, turn: &mut Vec<R::Decision>) {
        let rules = session.rules();
        // Bounded: a turn is finite, and a listing that never ends one is a defect of the rules.
        for _ in 0..100_000 {
            let phase = rules.phase(session.state());
            let open_turn = matches!(phase, Phase::Continue { .. });
            let new_turn =
                turn.is_empty() && matches!(phase, Phase::ToMove(_) | Phase::MustPass { .. });
            if !open_turn && !new_turn {
                return;
            }
            let open = session.decisions().unwrap_or_default();
            let Some(decision) = open
                .into_iter()
                .find(|d| matches!(session.try_play(d), Answer::Played { .. }))
            else {
                return;
            };
            session.play(&decision);
            turn.push(decision);
        }
    }
}

/// The requests [`Comparing::tree`] sends to walk `depth` plies from `state`, the end of a line
/// of `steps` steps, charged to `budget`: Err once it is spent. Mirrors `tree` request for
/// request (a `moves` a node, a `play` a decision, a walk back from the root before every
/// decision but the first of a node, a `next-round` a round's start).
fn tree_requests<R: Rules>(
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
    // A count within a budget of requests: a fresh scratch a node costs nothing to speak of.
    let scratch = &mut R::Scratch::default();
    let mut open = Vec::new();
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

/// Whether the record of a difference plays the engine's decision rather than mgn's.
fn record_refused(request: &Request, mgn_only: &[String], engine_only: &[String]) -> bool {
    *request == Request::Moves && mgn_only.is_empty() && !engine_only.is_empty()
}

fn comment(text: &str) -> Element {
    Element::Comment(Spanned::new(
        Comment {
            text: text.to_string(),
            style: CommentStyle::Brace,
        },
        Span::default(),
    ))
}

fn checkpoint(position: mgn::notation::Position) -> Element {
    Element::Checkpoint(Spanned::new(position, Span::default()))
}

fn count_of(parts: &[(String, u64)], decision: &str) -> u64 {
    parts
        .iter()
        .find(|(d, _)| d == decision)
        .map_or(0, |(_, n)| *n)
}

/// The codes of the rules that decided the steps of `events`, each once, in order.
fn rules_of(events: &[Event]) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = Vec::new();
    for event in events {
        let code = match *event {
            Event::Shift { rule, .. }
            | Event::Skip { rule, .. }
            | Event::LapEnd { rule, .. }
            | Event::Capture { rule, .. }
            | Event::Bank { rule, .. }
            | Event::Pass { rule, .. }
            | Event::RoundEnd { rule, .. }
            | Event::Transfer { rule, .. }
            | Event::Remove { rule, .. }
            | Event::OutOfPlay { rule, .. }
            | Event::Gather { rule, .. }
            | Event::Place { rule, .. }
            | Event::Owner { rule, .. }
            | Event::MuziSale { rule, .. }
            | Event::GameEnd { rule, .. }
            | Event::Cycle { rule, .. } => rule,
            _ => continue,
        };
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    codes
}

fn rules_words(spec: &GameSpec) -> String {
    let mut words = spec.game.to_string();
    if let Some(board) = spec.board {
        words.push_str(&format!(" {board}"));
    }
    if let Some(preset) = &spec.preset {
        words.push_str(&format!(", preset {preset}"));
    }
    for (code, value) in &spec.options {
        words.push_str(&format!(", {code}={value}"));
    }
    words
}

fn text_report(args: &RefereeArgs, spec: &GameSpec, outcome: &Run) -> String {
    let mut out = String::new();
    let engine = if outcome.engine.is_empty() {
        String::new()
    } else {
        format!(" ({})", outcome.engine)
    };
    out.push_str(&format!(
        "mgn referee: {} against `{}`{engine}\n",
        rules_words(spec),
        args.command.join(" ")
    ));
    if let Some(perft) = &outcome.perft {
        let how = match perft.method {
            "divide" => "perft divide",
            "moves-play" => "perft through moves and play (the engine has no perft)",
            _ => "perft",
        };
        match (&perft.count, &perft.note) {
            (_, Some(note)) => out.push_str(&format!("{how} {}: {note}\n", perft.depth)),
            // A summary is only kept of a perft that was carried to its end.
            (Some(count), None) => {
                out.push_str(&format!("{how} {}: agreed, {count} sequences", perft.depth));
                match (perft.budget, perft.nodes) {
                    (Some(budget), Some(nodes)) => {
                        out.push_str(&format!(
                            " (depth chosen by the budget of {budget} nodes: {nodes} walked"
                        ));
                        if let Some(deeper) = &perft.deeper {
                            out.push_str(&format!("; {deeper}"));
                        }
                        out.push(')');
                    }
                    (Some(budget), None) => {
                        out.push_str(&format!(
                            " (depth chosen by the budget of {budget} requests"
                        ));
                        if let Some(deeper) = &perft.deeper {
                            out.push_str(&format!("; {deeper}"));
                        }
                        out.push(')');
                    }
                    (None, Some(nodes)) => out.push_str(&format!(" ({nodes} nodes walked)")),
                    _ => {}
                }
                out.push('\n');
            }
            (None, None) => {}
        }
    }
    if outcome.games > 0 || matches!(outcome.verdict, Verdict::Agreed) {
        out.push_str(&format!(
            "random games: {} of {} agreed (seed {}), {} plies, {} decisions\n",
            outcome.games, args.games, args.seed, outcome.plies, outcome.decisions
        ));
    }
    let compared_perft = matches!(&outcome.perft, Some(p) if p.count.is_some());
    match &outcome.verdict {
        Verdict::Agreed if !compared_perft && outcome.games == 0 => out.push_str(
            "nothing compared: the perft was not compared and no random game was asked for (--games 0)\n",
        ),
        Verdict::Agreed => out.push_str(&format!(
            "agreed: every answer of {} requests was mgn's\n",
            outcome.requests
        )),
        Verdict::EngineFailed(failed) => {
            out.push_str(&format!("engine failed: {failed}\n"));
            if let Misbehaviour::Start { .. } = failed {
                // Nothing ran: there is no standard error to show.
            } else if outcome.stderr.trim().is_empty() {
                out.push_str("its standard error was empty\n");
            } else {
                out.push_str("its standard error:\n");
                for line in outcome.stderr.lines() {
                    out.push_str(&format!("  | {}\n", mgn::source::displayable(line)));
                }
            }
        }
        Verdict::Differ(found) => {
            out.push_str(&format!("DIFFERENCE during {}\n", found.during));
            out.push_str(&format!("  line:     {}\n", found.line));
            let turn = if found.mid_turn {
                " (a turn under way)"
            } else {
                ""
            };
            out.push_str(&format!("  position: {}{turn}\n", found.position));
            for line in found.drawing.lines() {
                out.push_str(&format!("    {line}\n"));
            }
            out.push_str(&format!("  request:  {}\n", found.request));
            out.push_str(&format!("  mgn:      {}\n", found.mgn));
            out.push_str(&format!(
                "  engine:   {}\n",
                mgn::source::displayable(&found.engine)
            ));
            if !found.mgn_only.is_empty() {
                out.push_str(&format!(
                    "  only mgn lists:        {}\n",
                    found.mgn_only.join(" ")
                ));
            }
            if !found.engine_only.is_empty() {
                out.push_str(&format!(
                    "  only the engine lists: {}\n",
                    found.engine_only.join(" ")
                ));
            }
            if let Some(note) = &found.note {
                out.push_str(&format!("  note: {note}\n"));
            }
            if let Some(refusal) = &found.refusal {
                out.push_str(&format!("  {refusal}\n"));
            }
            let mut rules = found.rules.iter();
            if found.decisive {
                if let Some((code, words)) = rules.next() {
                    out.push_str(&format!("  decided by: {code}: {words}\n"));
                }
            }
            let others: Vec<_> = rules.collect();
            if !others.is_empty() {
                out.push_str("  rules on the way:\n");
                for (code, words) in others {
                    out.push_str(&format!("    {code}: {words}\n"));
                }
            }
            if let Some(trace) = &found.trace {
                for line in trace.lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            }
            let start = if found.record_from_start {
                "from the start"
            } else {
                "from a Start position"
            };
            let written = match &args.record {
                Some(path) => format!(", written to {}", path.display()),
                None => String::new(),
            };
            let check = if found.record_refused {
                "mgn check fails it at the engine's decision, with mgn's rule"
            } else {
                "mgn check passes it under mgn's rules"
            };
            out.push_str(&format!(
                "  record ({} plies {start}{written}; {check}):\n",
                found.record_plies
            ));
            for line in found.record.lines() {
                out.push_str(&format!("    {line}\n"));
            }
        }
    }
    out
}

fn json_report(args: &RefereeArgs, spec: &GameSpec, outcome: &Run) -> String {
    use serde_json::{json, Value};
    let compared_perft = matches!(&outcome.perft, Some(p) if p.count.is_some());
    let mut report = json!({
        "schema": "mgn-referee/1",
        "verdict": match outcome.verdict {
            Verdict::Agreed if !compared_perft && outcome.games == 0 => "nothing-compared",
            Verdict::Agreed => "agreed",
            Verdict::Differ(_) => "differ",
            Verdict::EngineFailed(_) => "engine-failed",
        },
        "game": spec.game.to_string(),
        "rules": rules_words(spec),
        "command": args.command,
        "engine": outcome.engine,
        "games": {"requested": args.games, "played": outcome.games, "plies": outcome.plies,
                  "decisions": outcome.decisions, "seed": args.seed},
        "requests": outcome.requests,
    });
    if let Some(perft) = &outcome.perft {
        report["perft"] = json!({"depth": perft.depth, "method": perft.method,
                                  "count": perft.count, "note": perft.note,
                                  "budget": perft.budget, "nodes": perft.nodes,
                                  "deeper": perft.deeper});
    }
    match &outcome.verdict {
        Verdict::Agreed => {}
        Verdict::EngineFailed(failed) => {
            report["error"] = json!({"kind": failed.kind(), "message": failed.to_string()});
            report["stderr"] = Value::String(outcome.stderr.clone());
        }
        Verdict::Differ(found) => {
            report["difference"] = json!({
                "during": found.during,
                "line": found.line,
                "position": found.position,
                "mid_turn": found.mid_turn,
                "request": found.request,
                "mgn": found.mgn,
                "engine": found.engine,
                "mgn_only": found.mgn_only,
                "engine_only": found.engine_only,
                "note": found.note,
                "refusal": found.refusal,
                "decided_by": found.decisive.then(|| found.rules[0].0),
                "rules": found.rules.iter().map(|(c, w)| json!({"code": c, "summary": w})).collect::<Vec<_>>(),
                "trace": found.trace,
                "record": found.record,
                "record_plies": found.record_plies,
                "record_passes_mgn_check": !found.record_refused,
            });
        }
    }
    report.to_string()
}
