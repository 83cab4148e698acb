//! `mgn show`: a picture of one position, as a diagram for the terminal or an SVG image.
//!
//! The position is a position string (`--position`, as in a `Start` tag), or one of a record's
//! replayed: after ply N (`--ply N`), before it (`--before`), or at the end when no ply is
//! named. The last step's start, laps and captures are marked, read from the replay's events.
//! `--diff` shows a record's first false checkpoint: the claimed position beside the replayed
//! one, the holes that differ marked on both.
//!
//! The file is read a part at a time, as `mgn replay` reads it; the games before the one shown
//! are read but not replayed.

use super::args::{lap_budget, MAX_LAPS_HELP};
use super::input::{self, InputError, Origin};
use super::output::{self, say, show_rendered as show};
use super::render::Paint;
use super::report::{self, Source};
use super::Status;
use clap::{Args, ValueEnum};
use mgn::notation::{
    games_in_part, parse_position, parts, BoardSize, Element, GameKind, Header, Outcome, Part,
    Position, RuleSetting, Side, Span, Spanned,
};
use mgn::picture::{svg, text, Board, Layout, Marks};
use mgn::replay::{replay_moves, MoveText, PlyRecord, Progress, ReplayOptions, StepLabel};
use mgn::rules::{with_rules_within, Rules, RulesExt, WithRules};
use mgn::Diagnostic;
use std::borrow::Cow;
use std::io::Write;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

pub const SHOW_EXAMPLES: &str = "\
Examples:
  mgn show records/dakon/seed-worked-example.mgn           the last position of the first game
  mgn show --ply 1 game.mgn                                after ply 1, its sowing marked
  mgn show --ply 5 --before --game 2 games.mgn             before ply 5 of the second game
  mgn show --ply 12 -o board.svg game.mgn                  as an SVG image (from the extension)
  mgn show --format svg --ply 12 game.mgn > board.svg
  mgn show --diff bad.mgn                                  a false checkpoint beside the replay
  mgn show --game dakon --position '6,0,0,6,6/6,6,6,0,6 0/8 A 1'
  mgn show --game nchuwa --board 4x9 --position '...'      a position string, as in a Start tag

The diagram marks the last step's holes: ^ where it started, ' sown into, * captured,
+ filled without sowing, ! differs from the other board; the SVG image rings them in colour and
draws each lap as arrows. Exit status: 0 when the picture was written; 1 when the record breaks
a rule (the picture is still written if the position was reached before it); 2 for a usage or
I/O error, a ply or game the file does not have, --diff on a record without a false
checkpoint, or an -o file that is the record itself.";

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The record, or - for standard input (not with --position)
    #[arg(
        value_name = "FILE",
        required_unless_present = "position",
        conflicts_with = "position"
    )]
    pub file: Option<PathBuf>,

    /// Which game of FILE, counted from 1 (the first when left out); with --position, the
    /// game whose board it is: dakon, mraw-imrujen, nchuwa or dong-wo
    #[arg(long, value_name = "N|GAME")]
    pub game: Option<String>,

    /// The position after ply N (0: the start), its last step marked; the game's last position
    /// when left out
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,

    /// With --ply N: the position ply N is played from (after any round start or owner action
    /// before it), the step before it marked
    #[arg(long, requires = "ply")]
    pub before: bool,

    /// The record's first false checkpoint: the claimed position beside the replayed one, the
    /// holes that differ marked
    #[arg(long, conflicts_with_all = ["ply", "position"])]
    pub diff: bool,

    /// A position string, as in a Start tag, instead of a record (needs --game GAME)
    #[arg(
        long,
        value_name = "POSITION",
        requires = "game",
        allow_hyphen_values = true
    )]
    pub position: Option<String>,

    /// With --position: the board, such as 2x7 (else read from the length of the rows)
    #[arg(long, value_name = "SIZE", requires = "position")]
    pub board: Option<String>,

    /// With --position: a preset of the game's rules (Dakon's catalan-clockwise puts the
    /// stores at the other ends)
    #[arg(long, value_name = "PRESET", requires = "position")]
    pub preset: Option<String>,

    /// With --position: a rule option, as code=value; repeatable
    #[arg(long, value_name = "CODE=VALUE", requires = "position")]
    pub option: Vec<String>,

    /// text (a diagram of characters) or svg; svg when -o names a .svg file, else text
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<ShowFormat>,

    /// Write to this file instead of standard output
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    Text,
    Svg,
}

pub fn run(args: &ShowArgs) -> Status {
    let inputs: Vec<&Path> = args.file.as_deref().into_iter().collect();
    if let Err(status) = output::refuse_an_input(args.output.as_deref(), &inputs) {
        return status;
    }
    let (boards, status) = match &args.position {
        Some(position) => match position_board(args, position) {
            Ok(board) => (vec![board], Status::Success),
            Err(message) => {
                say(&message);
                return Status::Error;
            }
        },
        None => {
            let file = args.file.as_deref().unwrap_or(Path::new("-"));
            match record_boards(args, file) {
                Ok(shown) => shown,
                Err(status) => return status,
            }
        }
    };
    let format = args.format.unwrap_or_else(|| match &args.output {
        Some(path)
            if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("svg")) =>
        {
            ShowFormat::Svg
        }
        _ => ShowFormat::Text,
    });
    let refs: Vec<&Board> = boards.iter().collect();
    let picture = match format {
        ShowFormat::Svg => svg::boards_svg(&refs),
        ShowFormat::Text => text::boards_text(&refs),
    };
    match &args.output {
        Some(path) => match output::write_file(path, |out| out.write_all(picture.as_bytes())) {
            Ok(()) => status,
            Err(error) => {
                say(&format!("cannot write {}: {error}", path.display()));
                Status::Error
            }
        },
        None => {
            let mut out = output::stdout();
            let written = out.write_all(picture.as_bytes());
            output::finish(&mut out, written, status)
        }
    }
}

/// The layout of the board `header` names, for positions of `row` holes a row.
struct LayoutOf {
    row: usize,
}

impl WithRules for LayoutOf {
    type Output = Layout;
    fn run<R: Rules>(self, rules: &R) -> Layout {
        Layout::new(rules.def().drawing, self.row, rules.stores())
    }
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// A position string, read and checked under the rules `--game`, `--board`, `--preset` and
/// `--option` name.
fn position_board(args: &ShowArgs, text: &str) -> Result<Board, String> {
    let name = args.game.as_deref().unwrap_or_default();
    let kind = GameKind::from_name(name).ok_or_else(|| {
        format!(
            "--game `{name}` with --position names the game: dakon, mraw-imrujen, nchuwa or dong-wo"
        )
    })?;
    let position = parse_position(text)
        .map_err(|error| format!("--position `{text}`: {}", error.message()))?;
    let def = mgn::game_def(kind);
    let mut header = Header::new(kind);
    // Rows of different lengths are refused by the rules, naming the row that does not fit.
    let row = position.holes.iter().map(<[_]>::len).max().unwrap_or(0);
    let board = match &args.board {
        Some(board) => board.parse::<BoardSize>()?,
        // The board the rows fit: Nchuwa folds a row of the notation into two.
        None => match def.drawing {
            mgn::rules::Drawing::TwoRows => BoardSize {
                rows: 2,
                columns: row as u32,
            },
            mgn::rules::Drawing::FourRows => BoardSize {
                rows: 4,
                columns: (row / 2) as u32,
            },
        },
    };
    header.board = Some(spanned(board));
    header.preset = args.preset.clone().map(spanned);
    for setting in &args.option {
        let (code, value) = setting.split_once('=').ok_or_else(|| {
            format!("`{setting}` is not an option setting such as dakon.sow.direction=clockwise")
        })?;
        header.options.push(spanned(RuleSetting {
            code: code.to_string(),
            value: value.to_string(),
        }));
    }
    struct Check {
        position: Position,
    }
    impl WithRules for Check {
        type Output = Result<(Position, Layout), Diagnostic>;
        fn run<R: RulesExt>(self, rules: &R) -> Self::Output {
            let state = rules.state_from_position(&self.position)?;
            let row = self.position.holes.row(Side::A).len();
            let layout = Layout::new(rules.def().drawing, row, rules.stores());
            Ok((rules.position(&state), layout))
        }
    }
    let refused = |error: Diagnostic| format!("{} ({})", error.message, error.rule);
    let (position, layout) = with_rules_within(&header, args.max_laps, Check { position })
        .map_err(refused)?
        .map_err(|error| format!("--position `{text}`: {}", refused(error)))?;
    Ok(Board {
        kind,
        layout,
        caption: format!("{board}: {}", mgn::notation::write_position(&position)),
        position,
        marks: Marks::default(),
    })
}

/// What to show of a record.
#[derive(Clone, Copy, Debug)]
enum Wanted {
    /// After the step of this ply (0: the start).
    After(usize),
    /// Before this ply: after the last step before it.
    Before(usize),
    /// The last position replayed.
    Last,
    /// The first false checkpoint.
    Diff,
}

/// The move text of a game as the replay pulls it, remembering the last checkpoint it gave, so
/// that a false one can be drawn as claimed.
struct Watched<T> {
    inner: T,
    checkpoint: Option<Spanned<Position>>,
}

impl<'g, T: MoveText<'g>> MoveText<'g> for Watched<T> {
    fn next_element(&mut self) -> Option<Cow<'g, Element>> {
        let element = self.inner.next_element()?;
        if let Element::Checkpoint(claim) = &*element {
            self.checkpoint = Some(claim.clone());
        }
        Some(element)
    }

    fn outcome(&self) -> Option<Spanned<Outcome>> {
        self.inner.outcome()
    }
}

/// The step shown, as the replay gave it: its label, events and position after it.
struct Shown {
    step: Option<PlyRecord>,
    position: Position,
}

fn step_caption(step: Option<&PlyRecord>) -> String {
    match step.map(|s| &s.label) {
        None => "start position".to_string(),
        Some(StepLabel::Ply { ply, side, written }) => {
            format!("after ply {ply}, {side}: {written}")
        }
        Some(StepLabel::Round { round }) => format!("round {round} begins"),
        Some(StepLabel::Step { written }) => format!("after {written}"),
    }
}

/// The boards of a record's position, and the status: 1 when the record breaks a rule.
fn record_boards(args: &ShowArgs, file: &Path) -> Result<(Vec<Board>, Status), Status> {
    let wanted_game = match &args.game {
        None => 1,
        Some(text) => match text.parse::<usize>().ok().and_then(NonZeroUsize::new) {
            Some(n) => n.get(),
            None => {
                let hint = if GameKind::from_name(text).is_some() {
                    " (a game's name goes with --position)"
                } else {
                    ""
                };
                say(&format!(
                    "--game `{text}`: with a file, --game is the number of a game in it, from 1{hint}"
                ));
                return Err(Status::Error);
            }
        },
    };
    let wanted = match (args.diff, args.ply, args.before) {
        (true, _, _) => Wanted::Diff,
        (false, Some(n), false) => Wanted::After(n),
        (false, Some(0), true) => {
            say("--ply 0 --before: there is no position before the start; --ply 0 shows the start");
            return Err(Status::Error);
        }
        (false, Some(n), true) => Wanted::Before(n),
        (false, None, _) => Wanted::Last,
    };
    let origin = Origin::from_arg(file);
    let name = origin.name();
    let input = input::open(&origin).map_err(|error| {
        say(&report::input_error(&error));
        Status::Error
    })?;
    let mut records = 0;
    let mut last_part: Option<Part> = None;
    for part in parts(input) {
        let part = part.map_err(|error| {
            say(&report::input_error(&InputError::Io {
                name: name.clone(),
                error,
            }));
            Status::Error
        })?;
        // A part too long or not UTF-8 is one bad record; it is only reported if it is the
        // game asked for.
        let text = match report::part_text(&name, &part) {
            Ok(text) => text,
            Err(error) => {
                records += 1;
                if records == wanted_game {
                    show(&error);
                    return Err(Status::Failed);
                }
                continue;
            }
        };
        let source = Source::of_part(&name, text, &part);
        let mut games = games_in_part(text, Vec::new(), part.last);
        while let Some(next) = games.next_game() {
            records += 1;
            if records != wanted_game {
                if let Ok(reader) = next {
                    let _ = games.finish(reader);
                }
                continue;
            }
            let reader = match next {
                Ok(reader) => reader,
                Err(error) => {
                    show(&report::syntax_error(&source, &error, Paint::Stderr));
                    return Err(Status::Failed);
                }
            };
            if let Some(error) = reader.again().find_map(Result::err) {
                show(&report::syntax_error(&source, &error, Paint::Stderr));
                return Err(Status::Failed);
            }
            let header = reader.header.clone();
            let mut watched = Watched {
                inner: reader,
                checkpoint: None,
            };
            let result = show_game(args, &header, &mut watched, wanted);
            let _ = games.finish(watched.inner);
            return finish_game(
                &name,
                &source,
                &header,
                wanted_game,
                wanted,
                result,
                watched.checkpoint,
            );
        }
        if records == 0 {
            last_part = Some(part.clone());
        }
    }
    if records == 0 {
        show(&report::no_game_in(&name, last_part.as_ref()));
        return Err(Status::Failed);
    }
    let plural = if records == 1 { "" } else { "s" };
    say(&format!(
        "{name} holds {records} game{plural}: there is no game {wanted_game} to show"
    ));
    Err(Status::Error)
}

/// What replaying the game gave: the step asked for (if reached), the last one, and the
/// failure.
struct Played {
    shown: Option<Shown>,
    last: Shown,
    plies: usize,
    failure: Option<Diagnostic>,
    layout: Layout,
}

fn show_game<'g, T: MoveText<'g>>(
    args: &ShowArgs,
    header: &Header,
    moves: &mut T,
    wanted: Wanted,
) -> Result<Played, Diagnostic> {
    let mut shown: Option<Shown> = None;
    let mut last: Option<Shown> = None;
    let mut plies = 0;
    let mut on_step = |progress: Progress| {
        let (step, position) = match progress {
            Progress::Start(position) => (None, position),
            Progress::Step(step) => {
                let position = step.after.clone();
                (Some(step), position)
            }
        };
        let ply = match step.as_ref().map(|s| &s.label) {
            Some(StepLabel::Ply { ply, .. }) => Some(*ply),
            _ => None,
        };
        if let Some(ply) = ply {
            plies = ply;
            if let (Wanted::Before(n), None) = (wanted, &shown) {
                if ply == n {
                    shown = last.take();
                }
            }
        }
        let here = Shown { step, position };
        match wanted {
            Wanted::After(0) if here.step.is_none() => {
                shown = Some(Shown {
                    step: None,
                    position: here.position.clone(),
                })
            }
            Wanted::After(n) if ply == Some(n) => {
                shown = Some(Shown {
                    step: here.step.clone(),
                    position: here.position.clone(),
                })
            }
            _ => {}
        }
        last = Some(here);
    };
    let options = ReplayOptions {
        events: true,
        on_step: Some(&mut on_step),
        max_laps: args.max_laps,
    };
    let replayed = replay_moves(header, moves, options);
    let Some(last) = last else {
        // No start position: the header names rules the game lacks, or the start is refused.
        return Err(replayed
            .failure
            .unwrap_or_else(|| Diagnostic::new("mgn.syntax", "the game has no start position")));
    };
    let row = last.position.holes.row(Side::A).len();
    let layout = with_rules_within(header, args.max_laps, LayoutOf { row })?;
    Ok(Played {
        shown,
        last,
        plies,
        failure: replayed.failure,
        layout,
    })
}

fn board_of(kind: GameKind, layout: Layout, shown: Shown, caption: String) -> Board {
    let marks = shown
        .step
        .as_ref()
        .map(|s| Marks::from_events(&layout, &s.events))
        .unwrap_or_default();
    Board {
        kind,
        layout,
        position: shown.position,
        marks,
        caption,
    }
}

#[allow(clippy::too_many_arguments)]
fn finish_game(
    name: &str,
    source: &Source,
    header: &Header,
    game: usize,
    wanted: Wanted,
    played: Result<Played, Diagnostic>,
    checkpoint: Option<Spanned<Position>>,
) -> Result<(Vec<Board>, Status), Status> {
    let kind = header.game.value;
    let played = played.map_err(|failure| {
        show(&report::problem(source, kind, &failure, Paint::Stderr));
        Status::Failed
    })?;
    let failed = played.failure.is_some();
    let report_failure = || {
        if let Some(failure) = &played.failure {
            show(&report::problem(source, kind, failure, Paint::Stderr));
        }
    };
    let status = if failed {
        Status::Failed
    } else {
        Status::Success
    };
    let layout = played.layout;
    let board_name = header
        .board
        .as_ref()
        .map_or(mgn::game_def(kind).default_board, |b| b.value);
    let caption = |words: String| format!("{board_name}, game {game}: {words}");
    match wanted {
        Wanted::Diff => {
            let failure = played.failure.as_ref();
            let is_checkpoint = failure.is_some_and(|f| f.rule == "mgn.claim.checkpoint");
            // The failure is placed at the checkpoint's first differing field, inside it.
            let claim = checkpoint.filter(|c| {
                failure
                    .and_then(Diagnostic::offset)
                    .is_some_and(|at| (c.span.start..c.span.end).contains(&at))
            });
            let (true, Some(claim)) = (is_checkpoint, claim) else {
                if failed {
                    report_failure();
                    say(&format!(
                        "{name}: game {game} breaks a rule before any false checkpoint: there is no checkpoint to compare"
                    ));
                    return Err(Status::Failed);
                }
                say(&format!(
                    "{name}: game {game} has no false checkpoint: every checkpoint equals the replayed position"
                ));
                return Err(Status::Error);
            };
            report_failure();
            let replayed = played.last;
            let differs = Marks::differences(&layout, &claim.value, &replayed.position);
            let at = step_caption(replayed.step.as_ref());
            let claimed = Board {
                kind,
                layout,
                position: claim.value,
                marks: differs.clone(),
                caption: caption(format!("claimed, {at}")),
            };
            let mut replayed = board_of(kind, layout, replayed, caption(format!("replayed, {at}")));
            replayed.marks.differs = differs.differs;
            Ok((vec![claimed, replayed], status))
        }
        Wanted::Last => {
            report_failure();
            let words = step_caption(played.last.step.as_ref());
            let words = if failed {
                format!("{words} (the replay stopped here)")
            } else {
                words
            };
            Ok((
                vec![board_of(kind, layout, played.last, caption(words))],
                status,
            ))
        }
        Wanted::After(n) | Wanted::Before(n) => {
            report_failure();
            // A ply the rules refuse is still played from a position: the last one replayed.
            let refused_next =
                matches!(wanted, Wanted::Before(n) if failed && played.plies + 1 == n);
            let shown = match played.shown {
                None if refused_next => Some(played.last),
                shown => shown,
            };
            let Some(shown) = shown else {
                let plies = match played.plies {
                    1 => "1 ply".to_string(),
                    n => format!("{n} plies"),
                };
                let why = if failed {
                    format!("the replay stopped after {plies}, at the failure above")
                } else {
                    format!("the game has {plies}")
                };
                say(&format!(
                    "{name}: game {game} has no ply {n} to show: {why}"
                ));
                return Err(if failed {
                    Status::Failed
                } else {
                    Status::Error
                });
            };
            let words = step_caption(shown.step.as_ref());
            let words = match wanted {
                Wanted::Before(n) => format!("before ply {n} ({words})"),
                _ => words,
            };
            Ok((vec![board_of(kind, layout, shown, caption(words))], status))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mgn::rules::Stores;

    #[test]
    fn stores_layout_is_read_from_the_rules() {
        let mut header = Header::new(GameKind::Dakon);
        header.preset = Some(spanned("catalan-clockwise".to_string()));
        let layout = with_rules_within(&header, 10, LayoutOf { row: 5 }).unwrap();
        assert_eq!(layout.stores, Stores::Ends { a_left: false });
    }
}
