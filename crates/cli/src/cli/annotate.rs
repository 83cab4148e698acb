//! `mgn annotate`: each game written back with the claims its replay gives filled in and its
//! false claims corrected ([`mgn::annotate`]), everything else kept byte for byte.
//!
//! Inputs are read a part at a time ([`mgn::notation::parts`]), each part annotated and written
//! before the next is read, so memory holds one part whatever the size of a file. A record that
//! does not read or does not replay is reported as `mgn check` reports it and written as it was.

use super::args::{AnnotateArgs, CheckpointsAt};
use super::input::{self, Origin};
use super::output;
use super::render::Paint;
use super::report::{self, Source};
use super::Status;
use mgn::annotate::{annotate_part, AnnotateOptions, Checkpoints, GameAnnotation};
use mgn::notation::{parts, Part};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub fn run(args: &AnnotateArgs) -> Status {
    let mut options = AnnotateOptions::default();
    options.captures = args.captures;
    options.scores = args.scores;
    options.checkpoints = args.checkpoints.map(|at| match at {
        CheckpointsAt::Every => Checkpoints::Every,
        CheckpointsAt::Round => Checkpoints::Round,
        CheckpointsAt::End => Checkpoints::End,
    });
    options.max_laps = args.max_laps;
    if args.in_place && args.paths.iter().any(|p| p.as_os_str() == "-") {
        output::say(
            "--in-place rewrites files: standard input has none (write to standard output, or -o OUT)",
        );
        return Status::Error;
    }
    let origins = input::expand(&args.paths);
    let mut status = Status::Success;
    let mut files = Vec::new();
    for origin in origins {
        match origin {
            Ok(origin) => files.push(origin),
            Err(error) => {
                output::say(&report::input_error(&error));
                status = Status::Error;
            }
        }
    }
    if args.in_place {
        for origin in &files {
            if let Origin::File(path) = origin {
                // A pipe, FIFO or device cannot be rewritten in place: writing it would wait
                // for a reader, or feed the text back to where it is read from.
                if !std::fs::metadata(path).is_ok_and(|meta| meta.is_file()) {
                    output::say(&format!(
                        "--in-place rewrites regular files: {} is not one (use -o)",
                        crate::cli::source::displayable_name(&origin.name())
                    ));
                    status = Status::Error;
                    continue;
                }
                status = status.max(in_place(path, &origin.name(), &options));
            }
        }
        return status;
    }
    // Every file a folder stood for is an input too: -o must be none of them.
    let read = input::files_read(&args.paths);
    let inputs: Vec<&Path> = read.iter().map(PathBuf::as_path).collect();
    if let Err(refused) = output::refuse_an_input(args.output.as_deref(), &inputs) {
        return refused;
    }
    let writing_a_file = matches!(&args.output, Some(path) if path.as_os_str() != "-");
    let mut annotate_all = |out: &mut dyn Write| -> io::Result<()> {
        for origin in &files {
            let file = annotate_file(origin, &options, out)?;
            status = status.max(file.status);
            // -o OUT is replaced only by the whole output: a file left in part keeps OUT as
            // it was.
            if writing_a_file && !file.whole {
                return Err(io::Error::other(format!(
                    "{} could not be copied whole",
                    origin.name()
                )));
            }
        }
        Ok(())
    };
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            match output::write_file(path, &mut annotate_all) {
                Ok(()) => status,
                Err(error) => {
                    output::say(&format!(
                        "cannot write {}: {error} (nothing was written)",
                        crate::cli::source::displayable_name(&path.display().to_string())
                    ));
                    Status::Error
                }
            }
        }
        _ => {
            let mut out = output::stdout();
            let written = annotate_all(&mut out.stopping());
            output::finish(&mut out, written, status)
        }
    }
}

/// What annotating one file did.
struct FileDone {
    status: Status,
    /// Some game's text changed.
    changed: bool,
    /// The output holds the whole file, as written or annotated: false when a part could not
    /// be read or was too long to hold, so that the file must not be replaced by it.
    whole: bool,
}

/// Annotates the file of `origin` into `out`, reporting on standard error. An error is one of
/// writing `out`; what cannot be read is reported and in the status.
fn annotate_file(
    origin: &Origin,
    options: &AnnotateOptions,
    out: &mut dyn Write,
) -> io::Result<FileDone> {
    let name = origin.name();
    let mut done = FileDone {
        status: Status::Success,
        changed: false,
        whole: true,
    };
    let reader = match input::open(origin) {
        Ok(reader) => reader,
        Err(error) => {
            output::say(&report::input_error(&error));
            done.status = Status::Error;
            done.whole = false;
            return Ok(done);
        }
    };
    let mut games = 0;
    let mut last_part: Option<Part> = None;
    for part in parts(reader) {
        let part = match part {
            Ok(part) => part,
            Err(error) => {
                output::say(&report::input_error(&input::InputError::Io {
                    name: name.clone(),
                    error,
                }));
                done.status = Status::Error;
                done.whole = false;
                return Ok(done);
            }
        };
        let text = match report::part_text(&name, &part) {
            Ok(text) => text,
            Err(shown) => {
                // One bad record: shown, and copied as it was when it is held whole.
                output::show_rendered(&shown);
                done.status = done.status.max(Status::Failed);
                games += 1;
                if part.cut.is_some() {
                    output::say(&format!(
                        "{}: a part too long to hold is left out of the output",
                        crate::cli::source::displayable_name(&name)
                    ));
                    // A game lost from the output is no game copied as it was: exit 2.
                    done.status = Status::Error;
                    done.whole = false;
                } else {
                    out.write_all(&part.bytes)?;
                }
                last_part = Some(part);
                continue;
            }
        };
        let annotated = annotate_part(text, part.last, options);
        let source = Source::of_part(&name, text, &part);
        for game in &annotated.games {
            games += 1;
            done.changed |= game.changed();
            done.status = done.status.max(say_what_became(&source, games, game));
        }
        out.write_all(annotated.text.as_bytes())?;
        last_part = Some(part);
    }
    if games == 0 {
        output::show_rendered(&report::no_game_in(&name, last_part.as_ref()));
        done.status = done.status.max(Status::Failed);
    }
    Ok(done)
}

/// Reports on standard error what became of one game (its `number` in the file), and gives the
/// status it leaves.
fn say_what_became(source: &Source, number: usize, game: &GameAnnotation) -> Status {
    let name = crate::cli::source::displayable_name(source.name);
    match game {
        GameAnnotation::Syntax { error, .. } => {
            output::show_rendered(&report::syntax_error(source, error, Paint::Stderr));
            output::say(&format!(
                "{name}: game {number} does not read: written as it was"
            ));
            Status::Failed
        }
        GameAnnotation::DoesNotReplay { kind, failure }
        | GameAnnotation::NotVerified { kind, failure } => {
            output::show_rendered(&report::problem(source, *kind, failure, Paint::Stderr));
            output::say(&format!(
                "{name}: game {number} is not annotated: written as it was"
            ));
            Status::Failed
        }
        GameAnnotation::Annotated { corrections, .. } => {
            for correction in corrections {
                let (line, column) = source.line_col(correction.span.start);
                output::show(&format!(
                    "{name}:{line}:{column}: claim {} corrected to {} (rule {})",
                    correction.written, correction.corrected, correction.rule
                ));
            }
            Status::Success
        }
    }
}

/// Why a file is not rewritten in place: none of its games changed, or part of it could not be
/// read or held. The temporary file is then dropped and the file stays as it was.
#[derive(Debug)]
struct KeepAsWritten;

impl std::fmt::Display for KeepAsWritten {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the file is kept as it was")
    }
}

impl std::error::Error for KeepAsWritten {}

/// Annotates one file over itself: written whole to a temporary file beside it and renamed
/// over it, only when some game changed and the whole file was read.
fn in_place(path: &Path, name: &str, options: &AnnotateOptions) -> Status {
    let mut done = None;
    let written = output::write_file(path, |out| {
        let file = annotate_file(&Origin::File(path.to_path_buf()), options, out)?;
        let keep = !file.changed || !file.whole;
        done = Some(file);
        if keep {
            Err(io::Error::other(KeepAsWritten))
        } else {
            Ok(())
        }
    });
    let kept = |error: &io::Error| {
        error
            .get_ref()
            .is_some_and(|inner| inner.is::<KeepAsWritten>())
    };
    match (written, done) {
        (Ok(()), Some(file)) => file.status,
        (Err(error), Some(file)) if kept(&error) => {
            if !file.whole {
                output::say(&format!(
                    "{}: not rewritten: part of it could not be read or held",
                    crate::cli::source::displayable_name(name)
                ));
            }
            file.status
        }
        (Err(error), _) => {
            output::say(&format!(
                "cannot write {}: {error} (the file is as it was)",
                crate::cli::source::displayable_name(name)
            ));
            Status::Error
        }
        (Ok(()), None) => unreachable!("the file was annotated"),
    }
}
