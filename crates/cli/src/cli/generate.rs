//! `mgn generate`: random legal games, each to its end or cut at the ply cap, written as MGN.
//!
//! Game `n` of a run is drawn from its own generator, [`Rng::for_game`] of the seed and `n`, so
//! the games can be made on any number of threads and the output is the same: worker threads
//! claim runs of games in order, write each run's text, and the main thread writes the runs in
//! the order they were claimed. A window bounds the runs claimed and not yet written, and a run
//! holds about [`RUN_BYTES`] of text (one game at least): a run that grows past it is handed
//! over in pieces, and one that is not the next to be written then waits for its turn. So
//! memory stays small whatever `--games` says and however long the games run, and a reader
//! that hangs up (`| head`) ends the run.

use super::args::{threads, GameArgs, GenerateArgs};
use super::output::{self, say};
use super::progress;
use super::Status;
use indicatif::{ProgressBar, ProgressDrawTarget};
use mgn::generate::{cap_termination, random_game, GenerateOptions, Rng};
use mgn::notation::{push_game, BoardSize, GameKind, Header, RuleSetting, Side, Span, Spanned};
use mgn::rules::{AnyRules, RulesExt, WithRules};
use std::collections::{BTreeMap, VecDeque};
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
    done: mpsc::Sender<Piece>,
}

/// Games made, in order: the whole of a run, or a part of it (`last` says whether it ends the
/// run).
struct Piece {
    run: u64,
    games: u64,
    /// Of those games, the ones the ply cap cut.
    cut: u64,
    text: String,
    last: bool,
}

impl WithRules for Games<'_> {
    type Output = ();
    fn run<R: RulesExt>(self, rules: &R) {
        let mut header = self.header.clone();
        header.source = Some(spanned("random legal play by mgn generate".to_string()));
        let cut_mark = cap_termination(self.options.max_plies);
        while let Some(run) = self.claims.claim() {
            let mut text = String::with_capacity(RUN_BYTES as usize + (RUN_BYTES as usize >> 2));
            let (mut games, mut cut, mut run_bytes) = (0, 0, 0);
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
                games += 1;
                if game
                    .header
                    .termination
                    .as_ref()
                    .is_some_and(|t| t.value == cut_mark)
                {
                    cut += 1;
                }
                if text.len() as u64 >= RUN_BYTES && number + 1 < run.games.end {
                    // A run sized after short games can meet long ones: what is made goes to
                    // the writer, and a run that is not next waits, so that the text held
                    // stays about a run's for each run in the window.
                    run_bytes += text.len();
                    let piece = Piece {
                        run: run.index,
                        games: std::mem::take(&mut games),
                        cut: std::mem::take(&mut cut),
                        text: std::mem::take(&mut text),
                        last: false,
                    };
                    if self.done.send(piece).is_err() || !self.claims.wait_turn(run.index) {
                        return;
                    }
                }
            }
            run_bytes += text.len();
            self.claims.made(run.games.end - run.games.start, run_bytes);
            let piece = Piece {
                run: run.index,
                games,
                cut,
                text,
                last: true,
            };
            if self.done.send(piece).is_err() {
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

    /// Waits until run `index` is the next to be written; false when the writer has stopped.
    fn wait_turn(&self, index: u64) -> bool {
        let mut state = self.state.lock().expect("the claims are never poisoned");
        while !state.stopped && state.written < index {
            state = self
                .changed
                .wait(state)
                .expect("the claims are never poisoned");
        }
        !state.stopped
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

/// The rules `header` names under a lap budget of `max_laps`, or why they cannot be had.
pub fn configure(header: &Header, max_laps: u64) -> Result<AnyRules, String> {
    AnyRules::from_header(header, max_laps)
        .map_err(|error| format!("{} ({})", error.message, error.rule))
}

/// Run `work` with the game's own rules type under the rules `header` names and a lap budget
/// of `max_laps`, or say why they cannot be had.
pub fn run_rules<W: WithRules>(
    header: &Header,
    max_laps: u64,
    work: W,
) -> Result<W::Output, String> {
    configure(header, max_laps).map(|rules| rules.run(work))
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
    if let Err(message) = configure(&header, args.rules.max_laps) {
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
    bar.set_style(progress::style("{pos}/{len} games"));
    let mut cut = 0;
    let mut closed = false;
    let written = std::thread::scope(|scope| -> std::io::Result<()> {
        let (done, arrived) = mpsc::channel::<Piece>();
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
        // Pieces come as they are made; they are written in the order their runs were
        // claimed, each run's in the order made.
        let mut waiting: BTreeMap<u64, VecDeque<Piece>> = BTreeMap::new();
        let mut next = 0;
        for piece in arrived {
            waiting.entry(piece.run).or_default().push_back(piece);
            while let Some(piece) = waiting.get_mut(&next).and_then(VecDeque::pop_front) {
                bar.suspend(|| out.write_all(piece.text.as_bytes()))?;
                bar.inc(piece.games);
                cut += piece.cut;
                if out.is_closed() {
                    closed = true;
                    return Ok(());
                }
                if piece.last {
                    waiting.remove(&next);
                    next += 1;
                    claims.written(next);
                }
            }
        }
        Ok(())
    });
    bar.finish_and_clear();
    // Said of the games written, when the reader took them all: a cut game is legal but no
    // whole game, and random Dakon games mostly run to the cap (docs/performance.md).
    if cut > 0 && !closed && written.is_ok() {
        say(&format!(
            "{cut} of {} games did not end within {} plies and were cut there (result *, \
             Termination \"{}\"); --max-plies sets the cap",
            args.games,
            args.max_plies,
            cap_termination(args.max_plies)
        ));
    }
    output::finish(&mut out, written, Status::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text held for a run the writer cannot take yet is one piece, not the run: a run
    /// sized after a short game can meet long ones, and once held whole, a window of such runs
    /// for each thread was what made `generate` grow to 183 MB. Seed 1's game 1 is 13 KB and
    /// games 2 to 6 about 150 KB each (Dakon, cap 20,000), so run 1 is sized to five games,
    /// 750 KB. The writer here never writes run 0, as a reader that stopped reading: the worker
    /// hands over run 1's first game and waits, whatever the machine's speed.
    #[test]
    fn a_run_that_is_not_next_holds_one_piece() {
        let header = Header::new(GameKind::Dakon);
        let claims = Claims::new(8, 1);
        let (done, arrived) = mpsc::channel::<Piece>();
        let options = GenerateOptions {
            checkpoints: false,
            max_plies: 20_000,
        };
        std::thread::scope(|scope| {
            let games = Games {
                header: &header,
                seed: 1,
                options,
                claims: &claims,
                done,
            };
            let header = &header;
            scope.spawn(move || {
                run_rules(header, mgn::rules::DEFAULT_MAX_LAPS, games).expect("Dakon's rules")
            });
            // A failed assertion stops the worker too, rather than leave it waiting for ever.
            let _release = Release(&claims);
            let first = arrived.recv().expect("run 0");
            assert_eq!((first.run, first.games, first.last), (0, 1, true));
            assert!(first.text.len() < 20_000, "game 1 is short");
            let second = arrived.recv().expect("run 1's first piece");
            assert_eq!(second.run, 1);
            assert!(
                !second.last && second.games == 1,
                "run 1 came whole: {} games, {} bytes",
                second.games,
                second.text.len()
            );
            assert!(second.text.len() as u64 >= RUN_BYTES);
            claims.stop();
            // Waiting for its turn, the worker ends when stopped: nothing more of run 1.
            assert!(arrived.recv().is_err(), "more of run 1 came");
        });
    }
}
