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

use super::args::{ShowArgs, ShowFormat, ShowTheme};
use super::html;
use super::input::{self, InputError, Origin};
use super::output::{self, say, show_rendered as show};
use super::render::Paint;
use super::report::{self, Source};
use super::Status;
use mgn::notation::{
    games_in_part, parse_position, parts, BoardSize, Element, GameKind, GameReader, Games, Header,
    Outcome, Part, Position, RuleSetting, Side, Span, Spanned, SyntaxError,
};
use mgn::picture::{boards_svg_with, boards_text_in, Board, Ink, Layout, Marks, SvgOptions, Theme};
use mgn::replay::{replay_moves, MoveText, PlyRecord, Progress, ReplayOptions, StepLabel};
use mgn::rules::general;
use mgn::rules::{AnyRules, Rules, RulesExt};
use mgn::Diagnostic;
use std::borrow::Cow;
use std::io::Write;
use std::num::NonZeroUsize;
use std::path::Path;

pub fn run(args: &ShowArgs) -> Status {
    let inputs: Vec<&Path> = args.file.as_deref().into_iter().collect();
    if let Err(status) = output::refuse_an_input(args.output.as_deref(), &inputs) {
        return status;
    }
    let format = args
        .format
        .unwrap_or_else(|| format_of(args.output.as_deref()));
    if format != ShowFormat::Svg {
        if let Some(option) = svg_only_option(args) {
            say(&format!(
                "{option} draws the SVG image: add --format svg, or -o FILE.svg"
            ));
            return Status::Error;
        }
    }
    if format == ShowFormat::Html {
        return html_page(args);
    }
    let (boards, status, players) = match &args.position {
        Some(position) => match position_board(args, position) {
            Ok(board) => (vec![board], Status::Success, Players::default()),
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
    let refs: Vec<&Board> = boards.iter().collect();
    let picture = match format {
        ShowFormat::Svg => boards_svg_with(&refs, &svg_options(args, players)),
        // Coloured for a terminal only, never in a file.
        ShowFormat::Text | ShowFormat::Html if args.output.is_none() && Paint::Stdout.on() => {
            boards_text_in(&refs, Ink::Colour)
        }
        ShowFormat::Text | ShowFormat::Html => boards_text_in(&refs, Ink::Plain),
    };
    write_out(args, &picture, status)
}

/// The format -o's extension names (`.svg`, `.html`), else text.
fn format_of(output: Option<&Path>) -> ShowFormat {
    let extension = output
        .and_then(Path::extension)
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match extension.as_deref() {
        Some("svg") => ShowFormat::Svg,
        Some("html" | "htm") => ShowFormat::Html,
        _ => ShowFormat::Text,
    }
}

/// --format html: a page to step through the game, opened at --ply N, or at the failure of a
/// game that fails, or at the start.
fn html_page(args: &ShowArgs) -> Status {
    if args.position.is_some() {
        say("--format html steps through a record's game: --position has no game to step through");
        return Status::Error;
    }
    // The page opens at --ply N, or at a failing game's failure, which it shows with the
    // claimed and replayed boards: --diff and --before have nothing more to ask of it, and an
    // option that changed nothing must not pass silently.
    if args.diff || args.before {
        let option = if args.diff { "--diff" } else { "--before" };
        say(&format!(
            "{option} chooses the one board of the text and SVG formats: the html page opens at --ply N, or at a failing game's failure with its claimed and replayed boards"
        ));
        return Status::Error;
    }
    let Ok(number) = wanted_game(args) else {
        return Status::Error;
    };
    let file = args.file.as_deref().unwrap_or(Path::new("-"));
    let origin = Origin::from_arg(file);
    let name = origin.name();
    let input = match input::open(&origin) {
        Ok(input) => input,
        Err(error) => {
            say(&report::input_error(&error));
            return Status::Error;
        }
    };
    let mut records = 0;
    for part in parts(input) {
        let part = match part {
            Ok(part) => part,
            Err(error) => {
                say(&report::input_error(&InputError::Io {
                    name: name.clone(),
                    error,
                }));
                return Status::Error;
            }
        };
        let text = match report::part_text(&name, &part) {
            Ok(text) => text,
            Err(error) => {
                records += 1;
                if records == number {
                    show(&error);
                    return Status::Failed;
                }
                continue;
            }
        };
        let games = mgn::notation::parse_games(text);
        if records + games.len() < number {
            records += games.len();
            continue;
        }
        let source = Source::of_part(&name, text, &part);
        let game = match &games[number - records - 1] {
            Ok(game) => game,
            Err(error) => {
                show(&report::syntax_error(&source, error, Paint::Stderr));
                return Status::Failed;
            }
        };
        let record = html::Record {
            source: &source,
            number,
            game,
            reports: Vec::new(),
            ply: args.ply,
            max_laps: args.max_laps,
        };
        let section = html::game_section(&record, 1);
        // As with the other formats, the failure is said on standard error too.
        for failure in &section.failures {
            show(failure);
        }
        let status = if section.failures.is_empty() {
            Status::Success
        } else {
            Status::Failed
        };
        if let Some(ply) = args.ply.filter(|&n| n > section.plies) {
            let plies = match section.plies {
                1 => "1 ply".to_string(),
                n => format!("{n} plies"),
            };
            let why = if status == Status::Failed {
                format!("the replay stopped after {plies}, at the failure above")
            } else {
                format!("the game has {plies}")
            };
            say(&format!(
                "{name}: game {number} has no ply {ply} to show: {why}"
            ));
            return if status == Status::Failed {
                Status::Failed
            } else {
                Status::Error
            };
        }
        let title = format!("{name}: game {number}");
        let page = html::page(&title, &[], &[section]);
        return write_out(args, &page, status);
    }
    let plural = if records == 1 { "" } else { "s" };
    say(&format!(
        "{name} holds {records} game{plural}: there is no game {number} to show"
    ));
    Status::Error
}

/// The picture or page, to -o's file or standard output.
fn write_out(args: &ShowArgs, picture: &str, status: Status) -> Status {
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

/// The players' names a record's tags give, A's and B's.
type Players = [Option<String>; 2];

/// The first option given that only the SVG image draws.
fn svg_only_option(args: &ShowArgs) -> Option<&'static str> {
    [
        (args.laps, "--laps"),
        (args.flip, "--flip"),
        (args.size.is_some(), "--size"),
        (args.theme.is_some(), "--theme"),
    ]
    .into_iter()
    .find_map(|(given, name)| given.then_some(name))
}

fn svg_options(args: &ShowArgs, players: Players) -> SvgOptions {
    SvgOptions {
        laps: args.laps,
        flip: args.flip,
        width: args.size,
        theme: match args.theme {
            Some(ShowTheme::Dark) => Theme::Dark,
            Some(ShowTheme::Light) | None => Theme::Light,
        },
        players,
    }
}

/// The layout of the board of `rules`, for positions of `row` holes a row.
pub(super) fn layout_of(rules: &AnyRules, row: usize) -> Layout {
    Layout::new(rules.def().drawing, row, rules.stores())
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
    let refused = |error: Diagnostic| format!("{} ({})", error.message, error.rule);
    let rules = AnyRules::from_header(&header, args.max_laps).map_err(refused)?;
    let state = rules
        .state_from_position(&position)
        .map_err(|error| format!("--position `{text}`: {}", refused(error)))?;
    let layout = layout_of(&rules, position.holes.row(Side::A).len());
    let position = rules.position(&state);
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

/// The boards of a record's position, the status (1 when the record breaks a rule) and the
/// players' names.
fn record_boards(args: &ShowArgs, file: &Path) -> Result<(Vec<Board>, Status, Players), Status> {
    let wanted_game = wanted_game(args)?;
    let wanted = wanted(args)?;
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
            if records == wanted_game {
                let pictured = Pictured {
                    name: &name,
                    source: &source,
                    game: wanted_game,
                };
                return pictured.boards(args, &mut games, next, wanted);
            }
            if let Ok(reader) = next {
                let _ = games.finish(reader);
            }
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

/// The number of the game --game asks for in a file, from 1.
fn wanted_game(args: &ShowArgs) -> Result<usize, Status> {
    let Some(text) = &args.game else {
        return Ok(1);
    };
    match text.parse::<usize>().ok().and_then(NonZeroUsize::new) {
        Some(n) => Ok(n.get()),
        None => {
            let hint = if GameKind::from_name(text).is_some() {
                " (a game's name goes with --position)"
            } else {
                ""
            };
            say(&format!(
                "--game `{text}`: with a file, --game is the number of a game in it, from 1{hint}"
            ));
            Err(Status::Error)
        }
    }
}

/// The position --ply, --before and --diff ask for.
fn wanted(args: &ShowArgs) -> Result<Wanted, Status> {
    match (args.diff, args.ply, args.before) {
        (true, _, _) => Ok(Wanted::Diff),
        (false, Some(n), false) => Ok(Wanted::After(n)),
        (false, Some(0), true) => {
            say("--ply 0 --before: there is no position before the start; --ply 0 shows the start");
            Err(Status::Error)
        }
        (false, Some(n), true) => Ok(Wanted::Before(n)),
        (false, None, _) => Ok(Wanted::Last),
    }
}

/// The game of a record that is shown, as its messages name it.
struct Pictured<'a> {
    /// The file's name.
    name: &'a str,
    source: &'a Source<'a>,
    /// Its number in the file, from 1.
    game: usize,
}

impl Pictured<'_> {
    /// The boards of this game, `next` as the file's reading gave it: read to its end,
    /// replayed as far as `wanted` needs.
    fn boards<'t>(
        &self,
        args: &ShowArgs,
        games: &mut Games<'t>,
        next: Result<GameReader<'t>, SyntaxError>,
        wanted: Wanted,
    ) -> Result<(Vec<Board>, Status, Players), Status> {
        let reader = next.map_err(|error| self.syntax_error(&error))?;
        if let Some(error) = reader.again().find_map(Result::err) {
            return Err(self.syntax_error(&error));
        }
        let header = reader.header.clone();
        let mut watched = Watched {
            inner: reader,
            checkpoint: None,
        };
        let result = show_game(args, &header, &mut watched, wanted);
        let _ = games.finish(watched.inner);
        let players = [&header.player_a, &header.player_b].map(|name| {
            name.as_ref()
                .map(|n| n.value.clone())
                .filter(|n| !n.trim().is_empty())
        });
        let (boards, status) = self.finish_game(&header, wanted, result, watched.checkpoint)?;
        Ok((boards, status, players))
    }

    fn syntax_error(&self, error: &SyntaxError) -> Status {
        show(&report::syntax_error(self.source, error, Paint::Stderr));
        Status::Failed
    }
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
    let options = ReplayOptions::verdict()
        .max_laps(args.max_laps)
        .on_step(&mut on_step);
    let replayed = replay_moves(header, moves, options);
    let Some(last) = last else {
        // No start position: the header names rules the game lacks, or the start is refused.
        return Err(replayed.failure.unwrap_or_else(|| {
            Diagnostic::new(general::SYNTAX, "the game has no start position")
        }));
    };
    let row = last.position.holes.row(Side::A).len();
    let layout = layout_of(&AnyRules::from_header(header, args.max_laps)?, row);
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

impl Pictured<'_> {
    /// The boards the replay gave, or what stops them being drawn said.
    fn finish_game(
        &self,
        header: &Header,
        wanted: Wanted,
        played: Result<Played, Diagnostic>,
        checkpoint: Option<Spanned<Position>>,
    ) -> Result<(Vec<Board>, Status), Status> {
        let kind = header.game.value;
        let played = played.map_err(|failure| {
            show(&report::problem(self.source, kind, &failure, Paint::Stderr));
            Status::Failed
        })?;
        let board_name = header
            .board
            .as_ref()
            .map_or(mgn::game_def(kind).default_board, |b| b.value);
        let drawn = Drawn {
            kind,
            caption: |words: String| format!("{board_name}, game {}: {words}", self.game),
        };
        match wanted {
            Wanted::Diff => self.diff_boards(&drawn, played, checkpoint),
            Wanted::Last => {
                self.report_failure(kind, &played);
                let words = step_caption(played.last.step.as_ref());
                let words = if played.failure.is_some() {
                    format!("{words} (the replay stopped here)")
                } else {
                    words
                };
                let status = status_of(&played);
                Ok((vec![drawn.board(played.layout, played.last, words)], status))
            }
            Wanted::After(n) | Wanted::Before(n) => self.ply_boards(&drawn, played, wanted, n),
        }
    }

    fn report_failure(&self, kind: GameKind, played: &Played) {
        if let Some(failure) = &played.failure {
            show(&report::problem(self.source, kind, failure, Paint::Stderr));
        }
    }

    /// --diff: the false checkpoint as claimed beside the position replayed.
    fn diff_boards<F: Fn(String) -> String>(
        &self,
        drawn: &Drawn<F>,
        played: Played,
        checkpoint: Option<Spanned<Position>>,
    ) -> Result<(Vec<Board>, Status), Status> {
        let (name, game) = (self.name, self.game);
        let failure = played.failure.as_ref();
        let is_checkpoint = failure.is_some_and(|f| f.rule == general::CLAIM_CHECKPOINT);
        // The failure is placed at the checkpoint's first differing field, inside it.
        let claim = checkpoint.filter(|c| {
            failure
                .and_then(Diagnostic::offset)
                .is_some_and(|at| (c.span.start..c.span.end).contains(&at))
        });
        let (true, Some(claim)) = (is_checkpoint, claim) else {
            if failure.is_some() {
                self.report_failure(drawn.kind, &played);
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
        self.report_failure(drawn.kind, &played);
        let status = status_of(&played);
        let replayed = played.last;
        let boards = diff_boards(
            drawn.kind,
            played.layout,
            claim.value,
            replayed.step.as_ref(),
            replayed.position,
            &drawn.caption,
        );
        Ok((boards, status))
    }

    /// --ply N, with --before or without.
    fn ply_boards<F: Fn(String) -> String>(
        &self,
        drawn: &Drawn<F>,
        played: Played,
        wanted: Wanted,
        n: usize,
    ) -> Result<(Vec<Board>, Status), Status> {
        self.report_failure(drawn.kind, &played);
        let failed = played.failure.is_some();
        let status = status_of(&played);
        // A ply the rules refuse is still played from a position: the last one replayed.
        let refused_next = matches!(wanted, Wanted::Before(n) if failed && played.plies + 1 == n);
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
                "{}: game {} has no ply {n} to show: {why}",
                self.name, self.game
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
        Ok((vec![drawn.board(played.layout, shown, words)], status))
    }
}

/// A false checkpoint `claim` beside the position replayed, `position` after `step`: the
/// holes and stores that differ marked on both, each captioned by `caption` (`mgn show --diff`,
/// and the failing game of an HTML page).
pub(super) fn diff_boards(
    kind: GameKind,
    layout: Layout,
    claim: Position,
    step: Option<&PlyRecord>,
    position: Position,
    caption: &dyn Fn(String) -> String,
) -> Vec<Board> {
    let differs = Marks::differences(&layout, &claim, &position);
    let at = step_caption(step);
    let claimed = Board {
        kind,
        layout,
        position: claim,
        marks: differs.clone(),
        caption: caption(format!("claimed, {at}")),
    };
    let shown = Shown {
        step: step.cloned(),
        position,
    };
    let mut replayed = board_of(kind, layout, shown, caption(format!("replayed, {at}")));
    replayed.marks.differs = differs.differs;
    vec![claimed, replayed]
}

/// 1 when the replay stopped at a broken rule: the picture is still drawn.
fn status_of(played: &Played) -> Status {
    if played.failure.is_some() {
        Status::Failed
    } else {
        Status::Success
    }
}

/// How a board of the game is drawn: its kind, and its caption's beginning.
struct Drawn<F> {
    kind: GameKind,
    caption: F,
}

impl<F: Fn(String) -> String> Drawn<F> {
    fn board(&self, layout: Layout, shown: Shown, words: String) -> Board {
        board_of(self.kind, layout, shown, (self.caption)(words))
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
        let layout = layout_of(&AnyRules::from_header(&header, 10).unwrap(), 5);
        assert_eq!(layout.stores, Stores::Ends { a_left: false });
    }
}
