//! `mgn generate`: random complete legal games, written as MGN.
//!
//! Game `n` of a run is drawn from its own generator, [`Rng::for_game`] of the seed and `n`, so
//! the games can be made on any number of threads and the output is the same: worker threads
//! claim runs of games in order, write each run's text, and the main thread writes the runs in
//! the order they were claimed. A window bounds the runs made and not yet written, and a run
//! holds about [`RUN_BYTES`] of text (one game at least), so memory stays small whatever
//! `--games` says, and a reader that hangs up (`| head`) ends the run.

use super::args::{threads, GameArgs, GenerateArgs};
use super::output::{self, say};
use super::Status;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mgn::generate::{random_game, GenerateOptions, Rng};
use mgn::notation::{push_game, BoardSize, GameKind, Header, RuleSetting, Side, Span, Spanned};
use mgn::rules::{with_rules_within, Rules, WithRules};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

/// The text a run of games aims at: large enough that claiming and writing a run costs
/// nothing beside making it, small enough that the window holds little.
const RUN_BYTES: u64 = 64 << 10;
/// Runs made and not yet written, at most, for each thread: enough that no thread waits for
/// the writer behind a long game of another.
const RUNS_AHEAD: u64 = 4;

/// What a worker needs to make game `number` of the run.
struct Games<'a> {
    header: &'a Header,
    seed: u64,
    options: GenerateOptions,
    claims: &'a Claims,
    done: mpsc::Sender<(u64, u64, String)>,
}

impl WithRules for Games<'_> {
    type Output = ();
    fn run<R: Rules>(self, rules: &R) {
        let mut header = self.header.clone();
        header.source = Some(spanned("random legal play by mgn generate".to_string()));
        while let Some(run) = self.claims.claim() {
            let mut text = String::with_capacity(RUN_BYTES as usize + (RUN_BYTES as usize >> 2));
            for number in run.games.clone() {
                if number > 1 {
                    text.push('\n');
                }
                let mut rng = Rng::for_game(self.seed, number);
                let first = if rng.below(2) == 0 { Side::A } else { Side::B };
                header.first = Some(spanned(first));
                header.event = Some(spanned(format!(
                    "mgn generate --seed {}, game {number}",
                    self.seed
                )));
                let game = random_game(
                    rules,
                    header.clone(),
                    rules.start(first),
                    &mut rng,
                    self.options,
                );
                push_game(&mut text, &game);
            }
            let games = run.games.end - run.games.start;
            self.claims.made(games, text.len());
            if self.done.send((run.index, games, text)).is_err() {
                return;
            }
        }
    }
}

/// The runs of games claimed so far and written so far.
struct Claims {
    state: Mutex<Claimed>,
    changed: Condvar,
    /// The last game of the command.
    last: u64,
    /// Runs claimed and not yet written, at most.
    ahead: u64,
    /// Games a run holds: about [`RUN_BYTES`] of the games made so far.
    run_games: AtomicU64,
}

struct Claimed {
    /// The next game to claim (the first is game 1).
    next_game: u64,
    /// Runs claimed, and runs written.
    claimed: u64,
    written: u64,
    stopped: bool,
}

/// A run of games: the `index`-th claimed, games `games`.
struct Run {
    index: u64,
    games: std::ops::Range<u64>,
}

impl Claims {
    fn new(games: u64, threads: u64) -> Claims {
        Claims {
            state: Mutex::new(Claimed {
                next_game: 1,
                claimed: 0,
                written: 0,
                stopped: false,
            }),
            changed: Condvar::new(),
            last: games,
            ahead: RUNS_AHEAD * threads,
            run_games: AtomicU64::new(1),
        }
    }

    /// The next run of games, when there is room in the window for it; None when every game
    /// has been claimed or the writer has stopped.
    fn claim(&self) -> Option<Run> {
        let mut state = self.state.lock().expect("the claims are never poisoned");
        while !state.stopped && state.claimed >= state.written + self.ahead {
            state = self
                .changed
                .wait(state)
                .expect("the claims are never poisoned");
        }
        if state.stopped || state.next_game > self.last {
            return None;
        }
        let first = state.next_game;
        let count = self.run_games.load(Ordering::Relaxed);
        // `last` may be u64::MAX: the end of the range is one past the last game at most.
        let end = first.saturating_add(count).min(self.last.saturating_add(1));
        let end = if end == first { first + 1 } else { end };
        state.next_game = end;
        let index = state.claimed;
        state.claimed += 1;
        Some(Run {
            index,
            games: first..end,
        })
    }

    /// A run of `games` games made, `bytes` of text: the next runs are sized after it.
    fn made(&self, games: u64, bytes: usize) {
        let per_game = (bytes as u64 / games).max(1);
        self.run_games
            .store((RUN_BYTES / per_game).clamp(1, 1024), Ordering::Relaxed);
    }

    fn written(&self, runs: u64) {
        let mut state = self.state.lock().expect("the claims are never poisoned");
        state.written = runs;
        self.changed.notify_all();
    }

    fn stop(&self) {
        self.state
            .lock()
            .expect("the claims are never poisoned")
            .stopped = true;
        self.changed.notify_all();
    }
}

/// Stops the claims when dropped: whatever ends the writing, the workers end.
struct Release<'c>(&'c Claims);

impl Drop for Release<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Configures nothing more than the rules: whether the header names rules at all.
pub struct Configure;

impl WithRules for Configure {
    type Output = ();
    fn run<R: Rules>(self, _: &R) {}
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

impl GameArgs {
    /// The header these arguments name: game, board, preset and options.
    pub fn header(&self) -> Result<Header, String> {
        let kind =
            GameKind::from_name(&self.game).ok_or_else(|| super::args::unknown_game(&self.game))?;
        let mut header = Header::new(kind);
        if let Some(board) = &self.board {
            header.board = Some(spanned(board.parse::<BoardSize>()?));
        }
        header.preset = self.preset.clone().map(spanned);
        for setting in &self.option {
            let (code, value) = setting.split_once('=').ok_or_else(|| {
                format!("`{setting}` is not an option setting such as dakon.sow.origin=skip")
            })?;
            header.options.push(spanned(RuleSetting {
                code: code.to_string(),
                value: value.to_string(),
            }));
        }
        Ok(header)
    }
}

/// Run `work` under the rules `header` names and a lap budget of `max_laps`, or say why
/// they cannot be had.
pub fn run_rules<W: WithRules>(
    header: &Header,
    max_laps: u64,
    work: W,
) -> Result<W::Output, String> {
    with_rules_within(header, max_laps, work)
        .map_err(|error| format!("{} ({})", error.message, error.rule))
}

pub fn run(args: &GenerateArgs) -> Status {
    let header = match args.rules.header() {
        Ok(header) => header,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    // Said once, before any thread starts: each worker configures the same rules again.
    if let Err(message) = run_rules(&header, args.rules.max_laps, Configure) {
        say(&message);
        return Status::Error;
    }
    let options = GenerateOptions {
        checkpoints: args.checkpoints,
        max_plies: args.max_plies,
    };
    let threads = threads(args.jobs);
    tracing::info!(threads, "making games");
    let claims = Claims::new(args.games as u64, threads as u64);
    let mut out = output::stdout();
    // On a terminal only (indicatif draws nothing on a pipe): a long run says how far it is.
    let bar = ProgressBar::with_draw_target(Some(args.games as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed}")
            .expect("a valid template"),
    );
    let written = std::thread::scope(|scope| -> std::io::Result<()> {
        let (done, arrived) = mpsc::channel::<(u64, u64, String)>();
        let (header, claims) = (&header, &claims);
        for _ in 0..threads {
            let games = Games {
                header,
                seed: args.seed,
                options,
                claims,
                done: done.clone(),
            };
            let max_laps = args.rules.max_laps;
            scope.spawn(move || {
                run_rules(header, max_laps, games)
                    .expect("the rules were configured before the threads started")
            });
        }
        drop(done);
        let _release = Release(claims);
        // Runs come as they are made; they are written in the order they were claimed.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (index, games, text) in arrived {
            waiting.insert(index, (games, text));
            while let Some((games, text)) = waiting.remove(&next) {
                next += 1;
                bar.suspend(|| out.write_all(text.as_bytes()))?;
                bar.inc(games);
                if out.is_closed() {
                    return Ok(());
                }
                claims.written(next);
            }
        }
        Ok(())
    });
    bar.finish_and_clear();
    output::finish(&mut out, written, Status::Success)
}
