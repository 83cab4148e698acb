//! `mgn split`: the games of a collection written into a folder, N to a file or one file for
//! each value of a tag, each game exactly as it was written.
//!
//! The inputs are read a part at a time ([`mgn::notation::parts`]), so memory holds one part
//! whatever the size of a file. A game's text is cut from its part: from its first comment
//! before the `Game` tag to its last comment after the result, so its bytes, comments and
//! spacing are kept. Comments that stand before a game's `Game` tag but at the end of the part
//! before it (a file cut before each `[Game` line) are carried over to it.
//!
//! Output files are opened with `create_new`, so that a file already there is never replaced
//! without `--force`, even one that appears while mgn runs. `convert -o`'s `write_file` writes
//! a whole file at once (a temporary file renamed); a split writes many files a game at a time,
//! so it writes into them directly, and only a bounded number are open at a time. Each file's
//! buffer holds whole games only, and a write that fails (a full disk) is cut back to the games
//! before it: a file of the split never ends inside a game.

use super::args::SplitArgs;
use super::input::{self, InputError};
use super::output;
use super::render::Paint;
use super::report::{self, Source};
use super::Status;
use mgn::notation::{games_in_part, parts, Game, Header};
use std::collections::{HashMap, HashSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The file of the games that lack the tag `--by-tag` names. A tag value is never given this
/// name: it starts with `_`, which [`safe_name`] never leaves at the start of a name.
pub const UNTAGGED: &str = "_untagged";

/// Files open at a time, at most: a split by a tag of thousands of values closes the file used
/// least recently and opens it again, to append, when its next game comes.
const OPEN_FILES: usize = 64;

/// The longest name made from a tag value, in bytes, before its `.mgn` (and a number that tells
/// two values apart): far below the 255 bytes most file systems allow.
const NAME_BYTES: usize = 80;

/// How games are shared out among the files.
enum Grouping {
    /// `0001.mgn` holds the first N games, `0002.mgn` the next N, and so on.
    Per(usize),
    /// One file for each value of the tag.
    ByTag(String),
}

pub fn run(args: &SplitArgs) -> Status {
    let grouping = match (&args.per, &args.by_tag) {
        (Some(n), None) => Grouping::Per(n.get()),
        (None, Some(tag)) => Grouping::ByTag(tag.clone()),
        _ => unreachable!("clap requires exactly one of --per and --by-tag"),
    };
    if let Err(error) = fs::create_dir_all(&args.output) {
        output::say(&format!(
            "cannot make the folder {}: {error}",
            args.output.display()
        ));
        return Status::Error;
    }
    // The files a folder stands for are inputs too: the output folder may be one of them.
    let read = input::files_read(&args.paths);
    let inputs: Vec<&Path> = read.iter().map(PathBuf::as_path).collect();
    let mut files = Files::new(&args.output, args.force, inputs);
    let mut split = Split {
        grouping,
        games: 0,
        names: HashMap::new(),
        taken: HashSet::from([UNTAGGED.to_ascii_lowercase()]),
        status: Status::Success,
    };
    for origin in input::expand(&args.paths) {
        let read = origin.and_then(|origin| {
            let reader = input::open(&origin)?;
            Ok((origin.name(), reader))
        });
        let (name, reader) = match read {
            Ok(read) => read,
            Err(error) => {
                output::say(&report::input_error(&error));
                split.status = split.status.max(Status::Error);
                continue;
            }
        };
        if let Err(stop) = split.file(&name, reader, &mut files) {
            output::say(&stop);
            split.status = Status::Error;
            break;
        }
    }
    if let Err(error) = files.close_all() {
        output::say(&error);
        split.status = Status::Error;
    }
    let written = files.written.len();
    tracing::info!(games = split.games, files = written, "split done");
    if let Some(note) = files.others_in_folder() {
        output::say(&note);
    }
    split.status
}

struct Split {
    grouping: Grouping,
    /// Games written so far, in every file.
    games: usize,
    /// The file name given to each tag value.
    names: HashMap<String, String>,
    /// The names given, in lower case: two values that differ only in case must not share a
    /// file on a file system that ignores case.
    taken: HashSet<String>,
    status: Status,
}

impl Split {
    /// Splits one input. `Err` when an output cannot be written, which stops the run.
    fn file(
        &mut self,
        name: &str,
        reader: Box<dyn io::BufRead + Send>,
        files: &mut Files,
    ) -> Result<(), String> {
        // The comments at the end of a part that stand before the next part's first game.
        let mut carried = String::new();
        let mut games_in_file = 0;
        let mut last_part = None;
        for part in parts(reader) {
            let part = match part {
                Ok(part) => part,
                Err(error) => {
                    let error = InputError::Io {
                        name: name.to_string(),
                        error,
                    };
                    output::say(&report::input_error(&error));
                    self.status = self.status.max(Status::Error);
                    return Ok(());
                }
            };
            let text = match report::part_text(name, &part) {
                Ok(text) => text,
                Err(rendered) => {
                    output::show_rendered(&rendered);
                    self.status = self.status.max(Status::Failed);
                    carried.clear();
                    games_in_file += 1;
                    continue;
                }
            };
            let mut games = games_in_part(text, Vec::new(), part.last);
            for game in games.by_ref() {
                games_in_file += 1;
                match game {
                    Ok(game) => {
                        let own = game_text(text, &game);
                        let carried = std::mem::take(&mut carried);
                        self.write(&game.header, &[&carried, own], files)?;
                    }
                    Err(error) => {
                        let source = Source::of_part(name, text, &part);
                        output::show_rendered(&report::syntax_error(
                            &source,
                            &error,
                            Paint::Stderr,
                        ));
                        self.status = self.status.max(Status::Failed);
                        // The comments before a broken game go with it.
                        carried.clear();
                    }
                }
            }
            if let Some(first) = games.pending().first() {
                carried.push_str(&text[first.span.start..]);
            }
            last_part = Some(part);
        }
        if games_in_file == 0 {
            output::show_rendered(&report::no_game_in(name, last_part.as_ref()));
            self.status = self.status.max(Status::Failed);
        }
        Ok(())
    }

    /// Writes one game, whose text is `pieces` one after the other, to the file it belongs in.
    fn write(&mut self, header: &Header, pieces: &[&str], files: &mut Files) -> Result<(), String> {
        let name = match &self.grouping {
            Grouping::Per(n) => format!("{:04}", self.games / n + 1),
            Grouping::ByTag(tag) => match tag_value(header, tag) {
                None => UNTAGGED.to_string(),
                Some(value) => self.name_for(value),
            },
        };
        self.games += 1;
        files.append(&format!("{name}.mgn"), pieces)
    }

    /// The file name of a tag value: the same for the same value, never one another value has.
    fn name_for(&mut self, value: String) -> String {
        if let Some(name) = self.names.get(&value) {
            return name.clone();
        }
        let safe = safe_name(&value);
        let mut name = safe.clone();
        let mut n = 1;
        while !self.taken.insert(name.to_ascii_lowercase()) {
            n += 1;
            name = format!("{safe}-{n}");
        }
        self.names.insert(value, name.clone());
        name
    }
}

/// A game's text in the part it was read from: from the first comment before its `Game` tag
/// that this part holds to the last comment after its result.
fn game_text<'t>(text: &'t str, game: &Game) -> &'t str {
    let start = game
        .before
        .first()
        .map_or(game.span.start, |c| c.span.start.min(game.span.start));
    let end = game
        .after
        .last()
        .map_or(game.span.end, |c| c.span.end.max(game.span.end));
    &text[start..end]
}

/// The value of the tag `name` as the record writes it, if the game has that tag. An `Option`
/// tag may be written several times: its settings are joined by commas, in order.
pub fn tag_value(header: &Header, name: &str) -> Option<String> {
    let text =
        |value: &Option<mgn::notation::Spanned<String>>| value.as_ref().map(|v| v.value.clone());
    match name {
        "Game" => Some(header.game.value.to_string()),
        "Board" => header.board.as_ref().map(|b| b.value.to_string()),
        "Preset" => text(&header.preset),
        "Option" => (!header.options.is_empty()).then(|| {
            header
                .options
                .iter()
                .map(|o| format!("{}={}", o.value.code, o.value.value))
                .collect::<Vec<_>>()
                .join(",")
        }),
        "PlayerA" => text(&header.player_a),
        "PlayerB" => text(&header.player_b),
        "Event" => text(&header.event),
        "Site" => text(&header.site),
        "Date" => text(&header.date),
        "Source" => text(&header.source),
        "First" => header.first.as_ref().map(|s| s.value.to_string()),
        "Result" => header.result.as_ref().map(|r| r.value.token().to_string()),
        "Termination" => text(&header.termination),
        "Start" => header
            .start
            .as_ref()
            .map(|p| mgn::notation::write_position(&p.value)),
        _ => header
            .other
            .iter()
            .find(|t| t.value.name == name)
            .map(|t| t.value.value.clone()),
    }
}

/// A file name made from a tag value that can only name a file in the output folder: letters,
/// digits, `-`, `_` and `.` are kept, anything else (`/`, `\`, a blank, a control character,
/// any other character) becomes `_`; a name is never empty (`tag`) and never starts with `.` or
/// `_` (`tag-` is put before it: no `..`, no hidden file, never [`UNTAGGED`]); it is at most
/// [`NAME_BYTES`] long, before that prefix.
pub fn safe_name(value: &str) -> String {
    let mut name: String = value
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    name.truncate(NAME_BYTES);
    if name.is_empty() {
        "tag".to_string()
    } else if name.starts_with(['.', '_']) {
        format!("tag-{name}")
    } else {
        name
    }
}

/// What an open file's buffer may hold before it is written: a few games, so that a split does
/// not make a system call for each.
const BUFFER_BYTES: usize = 64 * 1024;

/// An open file of the split, and the whole games waiting to be written to it.
struct Out {
    file: fs::File,
    /// Whole games, not yet written.
    pending: Vec<u8>,
    pending_games: usize,
    /// Bytes and games in the file.
    written_bytes: u64,
    written_games: usize,
}

impl Out {
    fn new(file: fs::File, written_bytes: u64, written_games: usize) -> Out {
        Out {
            file,
            pending: Vec::new(),
            pending_games: 0,
            written_bytes,
            written_games,
        }
    }

    /// Writes the games waiting. When the write fails, the file is cut back to the games it
    /// held before, so that it never ends inside a game.
    fn flush(&mut self, path: &Path) -> Result<(), String> {
        if self.pending.is_empty() {
            return Ok(());
        }
        if let Err(error) = self.file.write_all(&self.pending) {
            let cut = self.file.set_len(self.written_bytes);
            let kept = match cut {
                Ok(()) => format!(
                    "the {} games written before it are kept, whole; the {} after them are not \
                     written",
                    self.written_games, self.pending_games
                ),
                Err(cut) => format!(
                    "it may end inside a game: cutting it back to its {} whole games failed too \
                     ({cut})",
                    self.written_games
                ),
            };
            self.pending.clear();
            self.pending_games = 0;
            return Err(format!(
                "cannot write {}: {error}; {kept} (stopped: the split is not whole)",
                path.display()
            ));
        }
        self.written_bytes += self.pending.len() as u64;
        self.written_games += self.pending_games;
        self.pending.clear();
        self.pending_games = 0;
        Ok(())
    }
}

/// The output files: those open, and every one written in this run.
struct Files<'i> {
    folder: PathBuf,
    force: bool,
    inputs: Vec<&'i Path>,
    open: HashMap<String, (Out, u64)>,
    /// Every file written in this run, and how many games it holds.
    written: HashMap<String, usize>,
    /// Counts uses, to close the file used least recently.
    clock: u64,
}

impl<'i> Files<'i> {
    fn new(folder: &Path, force: bool, inputs: Vec<&'i Path>) -> Files<'i> {
        Files {
            folder: folder.to_path_buf(),
            force,
            inputs,
            open: HashMap::new(),
            written: HashMap::new(),
            clock: 0,
        }
    }

    /// Appends a game to the file `name`, a blank line before it when the file holds a game
    /// already (the comments before a game would otherwise read as the last game's).
    fn append(&mut self, name: &str, pieces: &[&str]) -> Result<(), String> {
        let path = self.folder.join(name);
        self.clock += 1;
        if !self.open.contains_key(name) {
            if self.open.len() >= OPEN_FILES {
                self.close_oldest()?;
            }
            let out = self.open_file(name, &path)?;
            self.open.insert(name.to_string(), (out, self.clock));
        }
        let games = self.written.entry(name.to_string()).or_insert(0);
        let (out, used) = self.open.get_mut(name).expect("opened above");
        *used = self.clock;
        if *games > 0 {
            out.pending.push(b'\n');
        }
        for piece in pieces {
            out.pending.extend_from_slice(piece.as_bytes());
        }
        out.pending.push(b'\n');
        out.pending_games += 1;
        *games += 1;
        if out.pending.len() >= BUFFER_BYTES {
            out.flush(&path)?;
        }
        Ok(())
    }

    /// Opens a file of the split: new the first time (an existing one only with --force,
    /// never an input), to append to afterwards.
    fn open_file(&self, name: &str, path: &Path) -> Result<Out, String> {
        let shown = path.display();
        if let Some(&games) = self.written.get(name) {
            let file = fs::OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(|error| format!("cannot open {shown} again: {error}"))?;
            let bytes = file
                .metadata()
                .map_err(|error| format!("cannot open {shown} again: {error}"))?
                .len();
            return Ok(Out::new(file, bytes, games));
        }
        if self.force && output::refuse_an_input(Some(path), &self.inputs).is_err() {
            return Err(format!("stopped: {shown} is an input"));
        }
        let mut options = fs::OpenOptions::new();
        options.write(true);
        if self.force {
            options.create(true).truncate(true);
        } else {
            options.create_new(true);
        }
        let file = options.open(path).map_err(|error| {
            if error.kind() == io::ErrorKind::AlreadyExists {
                format!(
                    "{shown} exists already: mgn split never replaces a file without --force \
                     (stopped; the files written before it are kept)"
                )
            } else {
                format!("cannot write {shown}: {error}")
            }
        })?;
        Ok(Out::new(file, 0, 0))
    }

    fn close_oldest(&mut self) -> Result<(), String> {
        let oldest = self
            .open
            .iter()
            .min_by_key(|(_, (_, used))| *used)
            .map(|(name, _)| name.clone());
        if let Some(name) = oldest {
            let (out, _) = self.open.remove(&name).expect("found above");
            self.close(&name, out)?;
        }
        Ok(())
    }

    /// Writes what a file's buffer holds and closes it. Not synced to the disk, unlike `convert
    /// -o`'s file, whose sync comes before the rename that replaces the old one: a split
    /// replaces nothing in place, and a split by a tag of thousands of values would wait for the
    /// disk thousands of times.
    fn close(&self, name: &str, mut out: Out) -> Result<(), String> {
        out.flush(&self.folder.join(name))
    }

    /// A note naming the records in the folder that this split did not write (an earlier
    /// split's, left there by `--force`, which replaces files but deletes none), inputs aside:
    /// read with this split's files, they would count games twice.
    fn others_in_folder(&self) -> Option<String> {
        const SHOWN: usize = 5;
        let entries = fs::read_dir(&self.folder).ok()?;
        let mut others: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|entry| entry.file_name().into_string().ok())
            .filter(|name| name.ends_with(".mgn") && !self.written.contains_key(name))
            .filter(|name| {
                output::refuse_an_input(Some(&self.folder.join(name)), &self.inputs).is_ok()
            })
            .collect();
        if others.is_empty() {
            return None;
        }
        others.sort();
        let more = others.len().saturating_sub(SHOWN);
        others.truncate(SHOWN);
        let mut names = others.join(", ");
        if more > 0 {
            names.push_str(&format!(" and {more} more"));
        }
        Some(format!(
            "note: {} also holds records not written by this split ({names}): delete them if an \
             earlier split left them, or they will be read with its files",
            self.folder.display()
        ))
    }

    fn close_all(&mut self) -> Result<(), String> {
        let mut first_error = Ok(());
        for (name, (out, _)) in std::mem::take(&mut self.open) {
            if let Err(error) = self.close(&name, out) {
                first_error = first_error.and(Err(error));
            }
        }
        first_error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hostile_tag_value_names_a_file_in_the_folder() {
        assert_eq!(safe_name("../../x"), "tag-.._.._x");
        assert_eq!(safe_name(".."), "tag-..");
        assert_eq!(safe_name(""), "tag");
        assert_eq!(safe_name("a/b\\c"), "a_b_c");
        assert_eq!(safe_name("line\nbreak\u{7}"), "line_break_");
        assert_eq!(safe_name("_untagged"), "tag-_untagged");
        assert_eq!(safe_name("Ren Tanaka"), "Ren_Tanaka");
        assert_eq!(safe_name(&"x".repeat(300)).len(), NAME_BYTES);
        assert_eq!(safe_name("Kühn"), "K_hn");
    }

    #[test]
    fn two_values_of_one_safe_name_get_two_files() {
        let mut split = Split {
            grouping: Grouping::ByTag("Event".into()),
            games: 0,
            names: HashMap::new(),
            taken: HashSet::from([UNTAGGED.to_string()]),
            status: Status::Success,
        };
        assert_eq!(split.name_for("a/b".into()), "a_b");
        assert_eq!(split.name_for("a b".into()), "a_b-2");
        assert_eq!(split.name_for("A_B".into()), "A_B-3");
        assert_eq!(split.name_for("a/b".into()), "a_b");
    }
}
