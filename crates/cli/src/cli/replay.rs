//! `mgn replay`: the step-by-step trace of each game of a file, with the board after each move
//! (the diagram of `mgn show`, the step's holes marked, coloured on a terminal) and, at the end,
//! the last position as a `Start` tag to paste into a record; or, with `--format yaml|json`, the
//! complete event stream for other programs.
//!
//! The file is read a part at a time and each step is written as it is played: memory holds
//! one part of the file and one step, whatever the size of the file or of a game.

use super::args::{ReplayArgs, TraceFormat};
use super::input::{self, InputError, Origin};
use super::output::{self, say, show_rendered};
use super::render::Paint;
use super::report::{self, Source};
use super::Status;
use mgn::check::header_warnings;
use mgn::document::{Indented, ItemLines};
use mgn::notation::{
    games_in_part, parts, write_position, GameKind, GameReader, Games, Part, Position,
};
use mgn::picture::{board_text_in, Board, Ink, Layout, Marks};
use mgn::replay::{draw, event_trace, ply_trace, replay_moves, Progress, ReplayOptions};
use mgn::rules::{AnyRules, Drawing, Rules, Stores};
use serde::Serialize;
use std::io::{self, Write};

pub fn run(args: &ReplayArgs) -> Status {
    let origin = Origin::from_arg(&args.file);
    let name = origin.name();
    let input = match input::open(&origin) {
        Ok(input) => input,
        Err(error) => {
            say(&report::input_error(&error));
            return Status::Error;
        }
    };
    let mut out = output::stdout();
    let mut replayer = Replayer {
        args,
        name: &name,
        view: View {
            format: args.format,
            trace: args.trace,
            games: 0,
            kind: GameKind::Dakon,
            board: None,
            last: None,
            steps: None,
            ink: if args.format == TraceFormat::Text && Paint::Stdout.on() {
                Ink::Colour
            } else {
                Ink::Plain
            },
        },
        status: Status::Success,
        records: 0,
    };
    let mut last_part: Option<Part> = None;
    let written = (|| -> io::Result<()> {
        replayer.view.open(&mut out, &name)?;
        for part in parts(input) {
            // A reader that has gone (`| head`) wants no more.
            if out.is_closed() {
                break;
            }
            let part = match part {
                Ok(part) => part,
                Err(error) => {
                    say(&report::input_error(&InputError::Io {
                        name: name.clone(),
                        error,
                    }));
                    replayer.status = Status::Error;
                    break;
                }
            };
            replayer.part(&mut out, &part)?;
            if replayer.records == 0 {
                last_part = Some(part.clone());
            }
        }
        replayer.view.close(&mut out)
    })();
    let Replayer {
        mut status,
        records,
        ..
    } = replayer;
    if records == 0 && status != Status::Error {
        show_rendered(&report::no_game_in(&name, last_part.as_ref()));
        status = status.max(Status::Failed);
    }
    if let Some(wanted) = args.game {
        if wanted.get() > records && status != Status::Error && !out.is_closed() {
            let plural = if records == 1 { "" } else { "s" };
            say(&format!(
                "{name} holds {records} game{plural}: there is no game {wanted} to replay"
            ));
            status = Status::Error;
        }
    }
    output::finish(&mut out, written, status)
}

/// The games of a file replayed one by one, those the command line asks for written.
struct Replayer<'a> {
    args: &'a ReplayArgs,
    name: &'a str,
    view: View,
    status: Status,
    /// The records read so far, games and parts that are no text alike: `--game` counts them.
    records: usize,
}

impl Replayer<'_> {
    /// Whether the command line asks for the record just counted.
    fn wanted(&self) -> bool {
        self.args
            .game
            .is_none_or(|wanted| wanted.get() == self.records)
    }

    fn failed(&mut self) {
        self.status = self.status.max(Status::Failed);
    }

    /// The games of one part of the file.
    fn part(&mut self, out: &mut impl Write, part: &Part) -> io::Result<()> {
        let text = match report::part_text(self.name, part) {
            Ok(text) => text,
            // A part too long or not UTF-8 is a bad record, as for mgn check.
            Err(error) => {
                self.records += 1;
                if self.wanted() {
                    show_rendered(&error);
                    self.failed();
                }
                return Ok(());
            }
        };
        let source = Source::of_part(self.name, text, part);
        let mut games = games_in_part(text, Vec::new(), part.last);
        while let Some(next) = games.next_game() {
            self.records += 1;
            let wanted = self.wanted();
            match next {
                Ok(reader) if wanted => self.game(out, &source, &mut games, reader)?,
                Ok(reader) => {
                    let _ = games.finish(reader);
                }
                Err(error) => {
                    if wanted {
                        show_rendered(&report::syntax_error(&source, &error, Paint::Stderr));
                        self.failed();
                    }
                }
            }
        }
        Ok(())
    }

    /// One game asked for, its steps written as they are played.
    fn game<'t>(
        &mut self,
        out: &mut impl Write,
        source: &Source,
        games: &mut Games<'t>,
        mut reader: GameReader<'t>,
    ) -> io::Result<()> {
        // A game that does not read is not replayed: its error is all there is to say.
        if let Some(error) = reader.again().find_map(Result::err) {
            show_rendered(&report::syntax_error(source, &error, Paint::Stderr));
            self.failed();
            let _ = games.finish(reader);
            return Ok(());
        }
        let header = reader.header.clone();
        for warning in header_warnings(&header) {
            show_rendered(&report::warning(
                source,
                header.game.value,
                &warning,
                Paint::Stderr,
            ));
        }
        self.view.begin_game(out, self.records, header.game.value)?;
        // The board's shape under the game's rules; a header the rules refuse is reported by
        // the replay, which then draws no board.
        self.view.board = AnyRules::from_header(&header, self.args.max_laps)
            .ok()
            .map(|rules| (rules.def().drawing, rules.stores()));
        let mut step_written = Ok(());
        let view = &mut self.view;
        let mut on_step = |progress: Progress| {
            if step_written.is_ok() {
                step_written = view.progress(out, &progress);
            }
        };
        let options = ReplayOptions::verdict()
            .max_laps(self.args.max_laps)
            .on_step(&mut on_step);
        let replayed = replay_moves(&header, &mut reader, options);
        let _ = games.finish(reader);
        step_written?;
        let failure = replayed
            .failure
            .as_ref()
            .map(|f| report::problem(source, header.game.value, f, self.view.paint()));
        if failure.is_some() {
            self.failed();
        }
        let result = replayed.winner;
        self.view.end_game(out, result, failure.as_deref())
    }
}

/// How the trace is written, as it is played: text for people, or the `mgn-trace/1` document
/// (docs/ci.md) in YAML or JSON, written a step at a time in the layout a whole document would
/// have.
struct View {
    format: TraceFormat,
    trace: bool,
    /// Games written so far.
    games: usize,
    kind: GameKind,
    /// How the current game's board is drawn, if its rules could be set up.
    board: Option<(Drawing, Stores)>,
    /// The last position of the current game replayed.
    last: Option<Position>,
    /// The steps of the current game written so far, once its start is known.
    steps: Option<usize>,
    /// Colours of the diagrams: on a terminal only.
    ink: Ink,
}

impl View {
    fn open(&mut self, out: &mut impl Write, file: &str) -> io::Result<()> {
        match self.format {
            TraceFormat::Text => Ok(()),
            TraceFormat::Json => {
                write!(out, "{{\n  \"schema\": \"mgn-trace/1\",\n  \"file\": ")?;
                serde_json::to_writer(&mut *out, file).map_err(io::Error::other)?;
                write!(out, ",\n  \"games\": [")
            }
            TraceFormat::Yaml => {
                let head = Head {
                    schema: "mgn-trace/1",
                    file,
                };
                serde_yaml::to_writer(&mut *out, &head).map_err(io::Error::other)
            }
        }
    }

    fn begin_game(
        &mut self,
        out: &mut impl Write,
        number: usize,
        kind: GameKind,
    ) -> io::Result<()> {
        self.kind = kind;
        self.last = None;
        let first = self.games == 0;
        self.games += 1;
        match self.format {
            TraceFormat::Text => writeln!(out, "game {number} ({kind})"),
            TraceFormat::Json => {
                out.write_all(if first { b"\n    {" } else { b",\n    {" })?;
                write!(
                    out,
                    "\n      \"game\": {number},\n      \"game_kind\": \"{}\"",
                    kind.name()
                )
            }
            TraceFormat::Yaml => {
                if first {
                    out.write_all(b"games:\n")?;
                }
                write!(out, "- game: {number}\n  game_kind: {}\n", kind.name())
            }
        }
    }

    fn progress(&mut self, out: &mut impl Write, progress: &Progress) -> io::Result<()> {
        if self.format == TraceFormat::Text {
            self.last = Some(match progress {
                Progress::Start(start) => start.clone(),
                Progress::Step(step) => step.after.clone(),
            });
        }
        match (self.format, progress) {
            (TraceFormat::Text, Progress::Start(start)) => {
                writeln!(out, "{}", self.draw(start, &[], "start position"))
            }
            (TraceFormat::Text, Progress::Step(step)) => {
                let heading = step.heading();
                if self.trace {
                    writeln!(out, "{}", event_trace(&heading, &step.events))?;
                } else {
                    writeln!(out, "{}", ply_trace(&heading, &step.events))?;
                }
                let caption = format!("after {heading}");
                writeln!(out, "{}", self.draw(&step.after, &step.events, &caption))
            }
            (TraceFormat::Json, Progress::Start(start)) => {
                write!(out, ",\n      \"start\": ")?;
                serde_json::to_writer(&mut *out, &write_position(start))
                    .map_err(io::Error::other)?;
                write!(out, ",\n      \"steps\": [")?;
                self.steps = Some(0);
                Ok(())
            }
            (TraceFormat::Json, Progress::Step(step)) => {
                out.write_all(if self.steps == Some(0) {
                    b"\n        "
                } else {
                    b",\n        "
                })?;
                self.steps = self.steps.map(|n| n + 1);
                let mut json = serde_json::Serializer::with_formatter(&mut *out, Indented::at(4));
                step.serialize(&mut json).map_err(io::Error::other)
            }
            (TraceFormat::Yaml, Progress::Start(start)) => {
                writeln!(out, "  start: {}", write_position(start))?;
                self.steps = Some(0);
                Ok(())
            }
            (TraceFormat::Yaml, Progress::Step(step)) => {
                if self.steps == Some(0) {
                    out.write_all(b"  steps:\n")?;
                }
                self.steps = self.steps.map(|n| n + 1);
                let mut yaml = serde_yaml::Serializer::new(ItemLines::new(&mut *out, 1));
                step.serialize(&mut yaml).map_err(io::Error::other)?;
                yaml.into_inner().map_err(io::Error::other)?;
                Ok(())
            }
        }
    }

    fn end_game(
        &mut self,
        out: &mut impl Write,
        result: Option<Option<mgn::notation::Side>>,
        failure: Option<&str>,
    ) -> io::Result<()> {
        let result = result.map(|w| match w {
            Some(side) => side.name(),
            None => "draw",
        });
        match self.format {
            TraceFormat::Text => {
                match (failure, result) {
                    (Some(failure), _) => writeln!(out, "{failure}")?,
                    (None, Some("draw")) => writeln!(out, "game over: a draw")?,
                    (None, Some(side)) => writeln!(out, "game over: {side} wins")?,
                    (None, None) => {}
                }
                if let Some(last) = self.last.take() {
                    let which = if failure.is_some() {
                        "last position replayed"
                    } else {
                        "final position"
                    };
                    writeln!(
                        out,
                        "{which} in checkpoint form, to paste into a record: [Start \"{}\"]",
                        write_position(&last)
                    )?;
                }
                Ok(())
            }
            TraceFormat::Json => {
                match self.steps.take() {
                    Some(0) => write!(out, "]")?,
                    Some(_) => write!(out, "\n      ]")?,
                    None => write!(out, ",\n      \"steps\": []")?,
                }
                if let Some(result) = result {
                    write!(out, ",\n      \"result\": \"{result}\"")?;
                }
                if let Some(failure) = failure {
                    write!(out, ",\n      \"failure\": ")?;
                    serde_json::to_writer(&mut *out, failure).map_err(io::Error::other)?;
                }
                write!(out, "\n    }}")
            }
            TraceFormat::Yaml => {
                if self.steps.take().is_none_or(|steps| steps == 0) {
                    out.write_all(b"  steps: []\n")?;
                }
                if result.is_none() && failure.is_none() {
                    return Ok(());
                }
                let tail = Tail { result, failure };
                let mut yaml = serde_yaml::Serializer::new(ItemLines::continued(&mut *out, 0));
                tail.serialize(&mut yaml).map_err(io::Error::other)?;
                yaml.into_inner().map_err(io::Error::other)?;
                Ok(())
            }
        }
    }

    fn close(&mut self, out: &mut impl Write) -> io::Result<()> {
        match self.format {
            TraceFormat::Text => Ok(()),
            TraceFormat::Json if self.games == 0 => out.write_all(b"]\n}\n"),
            TraceFormat::Json => out.write_all(b"\n  ]\n}\n"),
            TraceFormat::Yaml if self.games == 0 => out.write_all(b"games: []\n"),
            TraceFormat::Yaml => Ok(()),
        }
    }

    /// How a failure is rendered in the trace: for a terminal in text, plain for programs.
    fn paint(&self) -> Paint {
        match self.format {
            TraceFormat::Text => Paint::Stdout,
            TraceFormat::Yaml | TraceFormat::Json => Paint::Plain,
        }
    }

    /// The board of `position` as `mgn show` draws it, the step's `events` marked and each
    /// store named by its owner; as the game's definitions draw it when its rules could not be
    /// set up.
    fn draw(&self, position: &Position, events: &[mgn::rules::Event], caption: &str) -> String {
        let Some((drawing, stores)) = self.board else {
            return draw(mgn::rules::game_def(self.kind).drawing, position);
        };
        let row = position.holes.row(mgn::notation::Side::A).len();
        let layout = Layout::new(drawing, row, stores);
        let board = Board {
            kind: self.kind,
            marks: Marks::from_events(&layout, events),
            layout,
            position: position.clone(),
            caption: caption.to_string(),
        };
        board_text_in(&board, self.ink)
    }
}

#[derive(Serialize)]
struct Head<'a> {
    schema: &'static str,
    file: &'a str,
}

/// What closes a game's trace, once it is over.
#[derive(Serialize)]
struct Tail<'a> {
    /// The game's winner (`A`, `B`) or `draw`, once it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    /// The first departure from the rules, rendered as `mgn check` shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<&'a str>,
}
