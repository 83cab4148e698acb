//! `mgn convert`: MGN, YAML and JSON into one another.
//!
//! An MGN input is read a part at a time ([`mgn::notation::parts`]) and each game is written
//! an element at a time as it is read: a file of any size, and a game of millions of moves, are
//! converted with memory for a part of the input. A converter never drops a record silently:
//! a game that does not read stops the conversion and nothing is written, unless `--skip-bad`
//! asks for the others. To standard output, where nothing can be taken back, the input is read
//! twice: once to know that every game reads, once to write them (standard input is kept in a
//! temporary file for that).

use super::args::{ConvertArgs, Format};
use super::input::{self, InputError, Origin};
use super::output;
use super::render::Paint;
use super::report::{self, Source};
use super::Status;
use mgn::check::no_game;
use mgn::document::{self, DocumentWriter, GameVisitor, ReadError};
use mgn::notation::{
    games_in_part, parts, write_head, Comment, Element, GameReader, Header, MovetextWriter,
    Outcome, Part, SkippedCheckpoint, Spanned,
};
use std::fs::File;
use std::io::{self, BufRead, Read, Seek, Write};
use std::time::Instant;

/// How much of an input is looked at to guess its format.
const SNIFF_BYTES: u64 = 64 * 1024;

/// Why a conversion wrote nothing, or not everything.
enum Stop {
    /// Games that do not read (already shown), and no `--skip-bad`.
    Unreadable,
    /// The input could not be read.
    Read(io::Error),
    /// The output could not be written.
    Write(io::Error),
    /// The temporary file that holds what goes to standard output until every game reads
    /// could not be made or written: standard output was not written to.
    Temporary(io::Error),
}

/// What a conversion that went through did.
struct Converted {
    games: usize,
    /// Games that did not read and were left out (`--skip-bad`), by number.
    left_out: Vec<usize>,
}

pub fn run(args: &ConvertArgs) -> Status {
    let started = Instant::now();
    let origin = Origin::from_arg(&args.input);
    let name = origin.name();
    let input = match input::open(&origin) {
        Ok(input) => input,
        Err(error) => {
            output::say(&report::input_error(&error));
            return Status::Error;
        }
    };
    let (prefix, input) = match peek(input) {
        Ok(peeked) => peeked,
        Err(error) => {
            output::say(&report::input_error(&InputError::Io {
                name: name.clone(),
                error,
            }));
            return Status::Error;
        }
    };
    if is_blank(&prefix, &name) {
        return Status::Failed;
    }
    let from = input_format(args, &origin, &name, &prefix);
    if from != args.to {
        if let Err(status) = output::refuse_an_input(args.output.as_deref(), &[&args.input]) {
            return status;
        }
    }
    // What the text looks like, whatever --from or the extension say: an MGN file read as YAML
    // is refused in YAML's words, which a hint then explains.
    let looks_like = Format::sniff(&String::from_utf8_lossy(&prefix));
    let input = io::Cursor::new(prefix).chain(input);

    let converted = match (from, args.to) {
        (Format::Movelog, _) => {
            output::say(&format!(
                "{name}: a move log is read by mgn import --from movelog (convert writes one, with --to movelog)"
            ));
            return Status::Error;
        }
        (_, Format::Movelog) => to_movelog(args, &name, from, input),
        (Format::Mgn, _) => convert_mgn(args, &name, input),
        (Format::Yaml | Format::Json, _) => convert_document(args, &name, from, looks_like, input),
    };
    outcome(args, name, converted, started)
}

/// Whether the input is empty or blank, said as nothing to convert.
fn is_blank(prefix: &[u8], name: &str) -> bool {
    // Nothing to convert is a bad input, said as such rather than as whatever the reader of
    // the format would make of no text (`EOF while parsing a value`).
    let blank = |b: &u8| b.is_ascii_whitespace();
    let text = prefix.strip_prefix(b"\xef\xbb\xbf").unwrap_or(prefix);
    if (prefix.len() as u64) >= SNIFF_BYTES || !text.iter().all(blank) {
        return false;
    }
    let what = if text.is_empty() { "empty" } else { "blank" };
    output::say(&format!(
        "{}: the input is {what}: nothing to convert (an MGN file holds at least one game, \
         a YAML or JSON document a map of `mgn` and `games`)",
        crate::cli::source::displayable_name(name)
    ));
    true
}

/// The format the input is read in: --from, else its extension's, else what its start looks
/// like.
fn input_format(args: &ConvertArgs, origin: &Origin, name: &str, prefix: &[u8]) -> Format {
    args
        .from
        .or_else(|| match origin {
            Origin::File(path) => Format::from_extension(path),
            Origin::Stdin => None,
        })
        .unwrap_or_else(|| {
            let guess = Format::sniff(&String::from_utf8_lossy(prefix));
            tracing::info!(file = %crate::cli::source::displayable_name(name), format = guess.name(), "input format guessed");
            guess
        })
}

/// What a conversion did, said: the games written and those left out, or why it stopped.
fn outcome(
    args: &ConvertArgs,
    name: String,
    converted: Result<Converted, Stop>,
    started: Instant,
) -> Status {
    match converted {
        Ok(converted) => {
            tracing::info!(
                file = %crate::cli::source::displayable_name(&name),
                games = converted.games,
                to = args.to.name(),
                elapsed = ?started.elapsed(),
                "converted"
            );
            if converted.left_out.is_empty() {
                return Status::Success;
            }
            output::say(&format!(
                "{name}: left out {}, which did not read; the other {} written",
                report::game_numbers(&converted.left_out),
                match converted.games {
                    1 => "game is".to_string(),
                    n => format!("{n} games are"),
                }
            ));
            Status::Failed
        }
        Err(Stop::Unreadable) => Status::Failed,
        Err(Stop::Read(error)) => {
            output::say(&report::input_error(&InputError::Io { name, error }));
            Status::Error
        }
        Err(Stop::Temporary(error)) => {
            output::say(&format!(
                "cannot write the temporary file that holds the games until every one reads \
                 (in TMPDIR): {error}; nothing was written"
            ));
            Status::Error
        }
        Err(Stop::Write(error)) => {
            match &args.output {
                Some(path) if path.as_os_str() != "-" => output::say(&format!(
                    "cannot write {}: {error}; it was left as it was",
                    path.display()
                )),
                _ => output::say(&format!("cannot write to standard output: {error}")),
            }
            Status::Error
        }
    }
}

/// Every game of the input as a move log (`--to movelog`), each written from its replay
/// ([`mgn::export::movelog::write_game`]). The input is read whole: a move log is written
/// from replayed games. A game that does not read or does not replay is named on standard
/// error; without --skip-bad nothing is then written.
fn to_movelog(
    args: &ConvertArgs,
    name: &str,
    from: Format,
    mut input: impl BufRead,
) -> Result<Converted, Stop> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(Stop::Read)?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(error.as_bytes()).into_owned();
            output::show_rendered(&report::not_utf8_at(
                &Source::whole(name, &lossy),
                at,
                error.as_bytes()[at],
                Paint::Stderr,
            ));
            return Err(Stop::Unreadable);
        }
    };
    let source = Source::whole(name, &text);
    let games: Vec<Option<mgn::Game>> = match from {
        Format::Json | Format::Yaml => {
            let read = if from == Format::Json {
                document::from_json(&text)
            } else {
                document::from_yaml(&text)
            };
            match read {
                Ok(games) => games.into_iter().map(Some).collect(),
                Err(error) => {
                    output::say(&report::document_error(name, from.name(), &error));
                    return Err(Stop::Unreadable);
                }
            }
        }
        _ => mgn::parse_games(&text)
            .into_iter()
            .map(|game| {
                game.map_err(|error| {
                    output::show_rendered(&report::syntax_error(&source, &error, Paint::Stderr))
                })
                .ok()
            })
            .collect(),
    };
    if games.is_empty() {
        output::show_rendered(&report::syntax_error(
            &source,
            &no_game(&text),
            Paint::Stderr,
        ));
        return Err(Stop::Unreadable);
    }
    let mut log = String::new();
    let mut converted = Converted {
        games: 0,
        left_out: Vec::new(),
    };
    for (k, game) in games.iter().enumerate() {
        let written = game.as_ref().map(mgn::export::movelog::write_game);
        match written {
            Some(Ok(lines)) => {
                log.push_str(&lines);
                converted.games += 1;
            }
            Some(Err(error)) => {
                output::say(&format!(
                    "{name}: game {}: not written as a move log: {}",
                    k + 1,
                    error.message
                ));
                converted.left_out.push(k + 1);
            }
            None => converted.left_out.push(k + 1),
        }
    }
    if converted.games == 0 || (!args.skip_bad && !converted.left_out.is_empty()) {
        output::say(&format!(
            "{name}: {} could not be written: nothing was written{}",
            report::game_numbers(&converted.left_out),
            if converted.games > 0 {
                " (write the others with --skip-bad)"
            } else {
                ""
            }
        ));
        return Err(Stop::Unreadable);
    }
    to_output(args, |out| {
        out.write_all(log.as_bytes()).map_err(Stop::Write)?;
        Ok(converted)
    })
}

/// The first bytes of an input, to guess its format, and the input from where they end.
fn peek<R: Read>(mut input: R) -> io::Result<(Vec<u8>, R)> {
    let mut prefix = Vec::new();
    input.by_ref().take(SNIFF_BYTES).read_to_end(&mut prefix)?;
    Ok((prefix, input))
}

/// Runs `write` on the output: a file replaced only when everything was written, or standard
/// output.
fn to_output(
    args: &ConvertArgs,
    write: impl FnOnce(&mut dyn Write) -> Result<Converted, Stop>,
) -> Result<Converted, Stop> {
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            let mut outcome = None;
            let written = output::write_file(path, |file| {
                let result = write(file);
                let failed = result.is_err();
                outcome = Some(result);
                if failed {
                    // Whatever stopped the conversion, the file is left as it was.
                    Err(io::Error::other("conversion stopped"))
                } else {
                    Ok(())
                }
            });
            match (outcome, written) {
                (Some(Err(stop)), _) => Err(stop),
                (_, Err(error)) => Err(Stop::Write(error)),
                (Some(Ok(converted)), Ok(())) => Ok(converted),
                (None, Ok(())) => unreachable!("the conversion ran"),
            }
        }
        _ => {
            let mut out = output::stdout();
            let converted = write(&mut out)?;
            out.flush().map_err(Stop::Write)?;
            Ok(converted)
        }
    }
}

fn convert_mgn(args: &ConvertArgs, name: &str, input: impl BufRead) -> Result<Converted, Stop> {
    let to_stdout = !matches!(&args.output, Some(path) if path.as_os_str() != "-");
    if !to_stdout || args.skip_bad {
        return to_output(args, |out| convert_parts(name, input, args, out, false));
    }
    // Nothing written to standard output can be taken back: every game must be known to read
    // before the first is written.
    if matches!(args.to, Format::Json | Format::Yaml) {
        // A document is several times its input (eighteen times for Dong Wo's JSON): the input
        // is kept and read twice, once to know that every game reads and once to write, where
        // copying the document out of a temporary file cost more (1.3 GB written and read back
        // for 70 MB of Dong Wo).
        let kept = keep_input(input)?;
        convert_parts(name, from_start(&kept)?, args, &mut io::sink(), true)?;
        let again = from_start(&kept)?;
        return to_output(args, |out| convert_parts(name, again, args, out, false));
    }
    // MGN is about its input's size: converted once into a temporary file, which is copied out
    // once every game read (reading the input twice, once to know that and once to convert,
    // took a third more than converting to a file).
    let mut kept = temporary_file()?;
    let converted = {
        let mut buffered = io::BufWriter::with_capacity(1 << 20, &mut kept);
        let converted = match convert_parts(name, input, args, &mut buffered, false) {
            // What failed to be written is the temporary file, not standard output.
            Err(Stop::Write(error)) => return Err(Stop::Temporary(error)),
            other => other?,
        };
        buffered.flush().map_err(Stop::Temporary)?;
        converted
    };
    kept.rewind().map_err(Stop::Temporary)?;
    let mut converted_text = io::BufReader::with_capacity(1 << 20, kept);
    to_output(args, |out| {
        io::copy(&mut converted_text, out).map_err(Stop::Write)?;
        Ok(converted)
    })
}

/// A temporary file, which holds what goes to standard output until every game is known to
/// read. Its errors are [`Stop::Temporary`], said of neither the input nor standard output.
fn temporary_file() -> Result<File, Stop> {
    tempfile::tempfile().map_err(Stop::Temporary)
}

/// The input kept in a temporary file, to be read twice ([`from_start`]).
fn keep_input(mut input: impl BufRead) -> Result<File, Stop> {
    let mut kept = temporary_file()?;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(Stop::Read(error)),
        };
        if chunk.is_empty() {
            break;
        }
        let len = chunk.len();
        kept.write_all(chunk).map_err(Stop::Temporary)?;
        input.consume(len);
    }
    Ok(kept)
}

/// A reader of the kept input from its start (readers of it share one offset: one at a time).
fn from_start(kept: &File) -> Result<io::BufReader<File>, Stop> {
    let mut file = kept.try_clone().map_err(Stop::Temporary)?;
    file.rewind().map_err(Stop::Temporary)?;
    Ok(io::BufReader::with_capacity(1 << 20, file))
}

/// Where converted games go.
enum Target<'w> {
    Mgn(&'w mut dyn Write),
    Document(DocumentWriter<&'w mut dyn Write>),
}

impl<'w> Target<'w> {
    fn new(to: Format, out: &'w mut dyn Write) -> Result<Target<'w>, Stop> {
        Ok(match to {
            Format::Mgn | Format::Movelog => Target::Mgn(out),
            Format::Json => Target::Document(
                DocumentWriter::new(out, document::Format::Json).map_err(Stop::Write)?,
            ),
            Format::Yaml => Target::Document(
                DocumentWriter::new(out, document::Format::Yaml).map_err(Stop::Write)?,
            ),
        })
    }
}

/// The conversion refused, with why said, when its `records` held no game (the last part is
/// shown), none was written, or games were left out without --skip-bad.
fn refuse_incomplete(
    name: &str,
    args: &ConvertArgs,
    records: usize,
    last_part: Option<Part>,
    converted: &Converted,
) -> Result<(), Stop> {
    if records == 0 {
        output::show_rendered(&report::no_game_in(name, last_part.as_ref()));
        return Err(Stop::Unreadable);
    }
    if converted.games == 0 && args.skip_bad {
        // --skip-bad with nothing left to write: writing an empty output over a file would
        // lose the only copy of its records. (Without it, a game that does not read is named
        // below.)
        output::say(&format!("{name}: no game reads: nothing was written"));
        return Err(Stop::Unreadable);
    }
    if !args.skip_bad && !converted.left_out.is_empty() {
        let unreadable = &converted.left_out;
        output::say(&format!(
            "{name}: {} did not read: nothing was written (fix {}, or convert the others with --skip-bad)",
            report::game_numbers(unreadable),
            if unreadable.len() == 1 { "it" } else { "them" }
        ));
        return Err(Stop::Unreadable);
    }
    Ok(())
}

/// Reads the games of an MGN input a part at a time and writes each as it is read; with
/// `only_read`, writes nothing and says only which games do not read.
fn convert_parts(
    name: &str,
    input: impl BufRead,
    args: &ConvertArgs,
    out: &mut dyn Write,
    only_read: bool,
) -> Result<Converted, Stop> {
    let mut target = Target::new(args.to, out)?;
    let mut converted = Converted {
        games: 0,
        left_out: Vec::new(),
    };
    let mut records = 0;
    // Once a game does not read (without --skip-bad), nothing more is written; the rest is
    // still read, to name every game that does not.
    let mut writing = !only_read;
    let mut pending = Vec::new();
    let mut last_part: Option<Part> = None;
    for part in parts(input) {
        let part = part.map_err(Stop::Read)?;
        let text = match report::part_text(name, &part) {
            Ok(text) => text,
            Err(error) => {
                records += 1;
                output::show_rendered(&error);
                converted.left_out.push(records);
                pending.clear();
                continue;
            }
        };
        let source = Source::of_part(name, text, &part);
        let mut games = games_in_part(text, std::mem::take(&mut pending), part.last);
        while let Some(next) = games.next_game() {
            records += 1;
            let reader = match next {
                Ok(reader) => reader,
                Err(error) => {
                    output::show_rendered(&report::syntax_error(&source, &error, Paint::Stderr));
                    converted.left_out.push(records);
                    continue;
                }
            };
            // With --skip-bad a game is read through before it is written: a game left out
            // leaves nothing of itself in the output.
            if args.skip_bad {
                if let Some(error) = reader.again().find_map(Result::err) {
                    output::show_rendered(&report::syntax_error(&source, &error, Paint::Stderr));
                    converted.left_out.push(records);
                    let _ = games.finish(reader);
                    continue;
                }
            }
            let written = if writing {
                write_game(&mut target, reader, &mut games, converted.games == 0)
            } else {
                games.finish(reader).map(drop).map_err(GameStop::Syntax)
            };
            match written {
                Ok(()) => {
                    if writing {
                        converted.games += 1;
                    }
                }
                Err(GameStop::Syntax(error)) => {
                    output::show_rendered(&report::syntax_error(&source, &error, Paint::Stderr));
                    converted.left_out.push(records);
                    writing = false;
                }
                Err(GameStop::Write(error)) => return Err(Stop::Write(error)),
            }
        }
        pending = games.pending();
        if records == 0 {
            last_part = Some(part.clone());
        }
    }
    refuse_incomplete(name, args, records, last_part, &converted)?;
    if let Target::Document(writer) = target {
        writer.finish().map_err(Stop::Write)?;
    }
    Ok(converted)
}

/// Why one game was not written whole.
enum GameStop {
    Syntax(mgn::notation::SyntaxError),
    Write(io::Error),
}

/// Writes one game as its reader reads it, and finishes it.
fn write_game<'a>(
    target: &mut Target<'_>,
    reader: GameReader<'a>,
    games: &mut mgn::notation::Games<'a>,
    first: bool,
) -> Result<(), GameStop> {
    match target {
        Target::Mgn(out) => {
            let mut reader = reader;
            let mut text = String::with_capacity(4096);
            if !first {
                text.push('\n');
            }
            write_head(&mut text, &reader.before, &reader.header);
            let mut movetext = MovetextWriter::new();
            loop {
                // A checkpoint already in the canonical form is copied, not read and written.
                if let Some(position) = reader.skip_canonical_checkpoint() {
                    movetext.written_checkpoint(&mut text, position);
                } else {
                    match reader.next() {
                        Some(element) => {
                            movetext.element(&mut text, &element.map_err(GameStop::Syntax)?)
                        }
                        None => break,
                    }
                }
                if text.len() >= 1 << 16 {
                    out.write_all(text.as_bytes()).map_err(GameStop::Write)?;
                    text.clear();
                }
            }
            let outcome = reader.outcome();
            let after = games.finish(reader).map_err(GameStop::Syntax)?;
            let outcome = outcome.expect("a game read to its end has its result");
            movetext.end(&mut text, outcome.value, &after);
            out.write_all(text.as_bytes()).map_err(GameStop::Write)
        }
        Target::Document(writer) => {
            let mut reader = reader;
            writer
                .start_game(&reader.before, &reader.header)
                .map_err(GameStop::Write)?;
            let mut checkpoint = mgn::notation::Position::empty();
            loop {
                // A checkpoint of numbers alone is written from its text, any other of the
                // common shape from the one position kept, the rest from its element.
                match reader.skip_checkpoint_into(&mut checkpoint) {
                    Some(SkippedCheckpoint::Plain(plain)) => writer.plain_checkpoint(&plain),
                    Some(SkippedCheckpoint::Read) => writer.checkpoint(&checkpoint),
                    None => match reader.next() {
                        Some(element) => writer.element(&element.map_err(GameStop::Syntax)?),
                        None => break,
                    },
                }
                .map_err(GameStop::Write)?;
            }
            let outcome = reader.outcome();
            let after = games.finish(reader).map_err(GameStop::Syntax)?;
            let outcome = outcome.expect("a game read to its end has its result");
            writer.end_game(&outcome, &after).map_err(GameStop::Write)
        }
    }
}

/// A YAML or JSON document, read a game at a time and each game written an element at a time,
/// as it is read: a game of millions of moves is converted with memory for one element. A
/// document that cannot be read to its end is refused whole: to a file nothing is written, and
/// to standard output the document is read once through before anything is written.
fn convert_document(
    args: &ConvertArgs,
    name: &str,
    from: Format,
    looks_like: Format,
    input: impl BufRead,
) -> Result<Converted, Stop> {
    let format = match from {
        Format::Json => document::Format::Json,
        _ => document::Format::Yaml,
    };
    let read = |input: &mut dyn BufRead, out: &mut dyn Write, to: Option<Format>| {
        let mut writer = Writer::new(out, to).map_err(Stop::Write)?;
        let games = document::read_games_by_element(input, format, &mut writer);
        let games = match games {
            Ok(0) => {
                output::say(&format!(
                    "{name}: the document holds no game: nothing to convert"
                ));
                return Err(Stop::Unreadable);
            }
            Ok(games) => games,
            Err(ReadError::Document(error)) => {
                output::say(&report::document_error(name, from.name(), &error));
                if looks_like == Format::Mgn {
                    output::say(&format!(
                        "{name} looks like MGN (it has a `[Game` tag): convert it with --from \
                         mgn, or without --from when its name ends in .mgn"
                    ));
                }
                return Err(Stop::Unreadable);
            }
            Err(ReadError::Io(error)) => return Err(Stop::Read(error)),
            Err(ReadError::Stopped(error)) => return Err(Stop::Write(error)),
        };
        writer.finish().map_err(Stop::Write)?;
        Ok(Converted {
            games,
            left_out: Vec::new(),
        })
    };
    let to_stdout = !matches!(&args.output, Some(path) if path.as_os_str() != "-");
    if !to_stdout {
        let mut input = input;
        return to_output(args, |out| read(&mut input, out, Some(args.to)));
    }
    let kept = keep_input(input)?;
    read(&mut from_start(&kept)?, &mut io::sink(), None)?;
    let mut again = from_start(&kept)?;
    to_output(args, |out| read(&mut again, out, Some(args.to)))
}

/// Where the games of a document go, an element at a time; `Nothing` when it is only read
/// through.
enum Writer<'w> {
    Nothing,
    Mgn {
        out: &'w mut dyn Write,
        games: usize,
        /// The text of the game being written not yet written out, a buffer's worth at most.
        text: String,
        movetext: MovetextWriter,
    },
    Document(DocumentWriter<&'w mut dyn Write>),
}

/// MGN text is written out once this much of it is waiting.
const MGN_BUFFER: usize = 1 << 16;

impl<'w> Writer<'w> {
    fn new(out: &'w mut dyn Write, to: Option<Format>) -> io::Result<Writer<'w>> {
        Ok(match to {
            None => Writer::Nothing,
            Some(Format::Mgn | Format::Movelog) => Writer::Mgn {
                out,
                games: 0,
                text: String::with_capacity(MGN_BUFFER + 4096),
                movetext: MovetextWriter::new(),
            },
            Some(Format::Json) => {
                Writer::Document(DocumentWriter::new(out, document::Format::Json)?)
            }
            Some(Format::Yaml) => {
                Writer::Document(DocumentWriter::new(out, document::Format::Yaml)?)
            }
        })
    }

    fn finish(self) -> io::Result<()> {
        if let Writer::Document(writer) = self {
            writer.finish()?;
        }
        Ok(())
    }
}

impl GameVisitor for Writer<'_> {
    type Error = io::Error;

    fn start(&mut self, _: usize, before: Vec<Spanned<Comment>>, header: Header) -> io::Result<()> {
        match self {
            Writer::Nothing => Ok(()),
            Writer::Mgn {
                games,
                text,
                movetext,
                ..
            } => {
                // Games separated by one blank line, as `write_games` writes them.
                if *games > 0 {
                    text.push('\n');
                }
                *games += 1;
                write_head(text, &before, &header);
                *movetext = MovetextWriter::new();
                Ok(())
            }
            Writer::Document(writer) => writer.start_game(&before, &header),
        }
    }

    fn element(&mut self, element: Element) -> io::Result<()> {
        match self {
            Writer::Nothing => Ok(()),
            Writer::Mgn {
                out,
                text,
                movetext,
                ..
            } => {
                movetext.element(text, &element);
                if text.len() >= MGN_BUFFER {
                    out.write_all(text.as_bytes())?;
                    text.clear();
                }
                Ok(())
            }
            Writer::Document(writer) => writer.element(&element),
        }
    }

    fn end(&mut self, outcome: Spanned<Outcome>, after: Vec<Spanned<Comment>>) -> io::Result<()> {
        match self {
            Writer::Nothing => Ok(()),
            Writer::Mgn {
                out,
                text,
                movetext,
                ..
            } => {
                movetext.end(text, outcome.value, &after);
                out.write_all(text.as_bytes())?;
                text.clear();
                Ok(())
            }
            Writer::Document(writer) => writer.end_game(&outcome, &after),
        }
    }
}
