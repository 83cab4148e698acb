//! `mgn man`: the manual pages, from the same definitions as `--help`.
//!
//! clap_mangen renders the name, synopsis, description and options; the text after the options
//! (each command's examples, its exit status) is written here, because clap_mangen fills it as
//! running text, which joins the aligned lines of an example into one garbled paragraph. Here
//! its indented lines stay as written (no-fill) and its prose is filled to the reader's width.
//! `mgn man` alone writes the page of `mgn`, which names each command; `--dir` writes a page for
//! each command beside it (`mgn-check.1`, ...), and the page of `mgn` then refers to them.

use super::args::{Cli, ManArgs};
use super::output::{self, say};
use super::Status;
use clap::CommandFactory;
use std::io::{self, Write};
use std::path::Path;

pub fn run(args: &ManArgs) -> Status {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    match &args.dir {
        None => {
            let mut out = output::stdout();
            let page = page(&command, "mgn", Pages::One);
            let written = out.write_all(&page);
            output::finish(&mut out, written, Status::Success)
        }
        Some(dir) => match write_pages(&command, dir) {
            Ok(count) => {
                say(&format!(
                    "wrote {count} manual pages into {} (man -M or MANPATH finds them under a man1 folder)",
                    dir.display()
                ));
                Status::Success
            }
            Err(error) => {
                say(&format!(
                    "cannot write the manual pages into {}: {error}",
                    dir.display()
                ));
                Status::Error
            }
        },
    }
}

/// Whether the page of `mgn` stands alone or beside a page for each command.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pages {
    One,
    Each,
}

/// Writes `mgn.1` and `mgn-COMMAND.1` for each command into `dir`, made if missing.
fn write_pages(command: &clap::Command, dir: &Path) -> io::Result<usize> {
    std::fs::create_dir_all(dir)?;
    let mut count = 0;
    // The safe writer: a page is replaced only once written whole, and a failed write leaves
    // no temporary file behind.
    let mut write = |name: &str, page: Vec<u8>| -> io::Result<()> {
        output::write_file(&dir.join(format!("{name}.1")), |out| out.write_all(&page))?;
        count += 1;
        Ok(())
    };
    write("mgn", page(command, "mgn", Pages::Each))?;
    for sub in visible_subcommands(command) {
        let name = format!("mgn-{}", sub.get_name());
        let sub = sub
            .clone()
            .display_name(&name)
            .bin_name(format!("mgn {}", sub.get_name()));
        write(&name, page(&sub, &name, Pages::Each))?;
    }
    Ok(count)
}

fn visible_subcommands(command: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    command.get_subcommands().filter(|sub| !sub.is_hide_set())
}

/// One page in roff: clap_mangen's sections, then the commands, the text after the options, and
/// where to read more.
fn page(command: &clap::Command, name: &str, pages: Pages) -> Vec<u8> {
    let man = clap_mangen::Man::new(command.clone()).title(name);
    let mut page = Vec::new();
    let rendered = (|| -> io::Result<()> {
        man.render_title(&mut page)?;
        man.render_name_section(&mut page)?;
        man.render_synopsis_section(&mut page)?;
        man.render_description_section(&mut page)?;
        man.render_options_section(&mut page)?;
        Ok(())
    })();
    rendered.expect("writing to a vector does not fail");
    let mut text = String::new();
    if command.has_subcommands() {
        text.push_str(".SH COMMANDS\n");
        for sub in visible_subcommands(command) {
            let title = match pages {
                Pages::Each => format!("\\fBmgn\\-{}\\fR(1)", escape(sub.get_name())),
                Pages::One => format!("\\fBmgn {}\\fR", escape(sub.get_name())),
            };
            text.push_str(&format!(".TP\n{title}\n"));
            if let Some(about) = sub.get_about() {
                text.push_str(&escape_line(&about.to_string()));
                text.push('\n');
            }
        }
        if pages == Pages::One {
            text.push_str(
                ".PP\n`mgn COMMAND \\-\\-help' describes each command; \
                 `mgn man \\-\\-dir DIR' writes a page for each.\n",
            );
        }
    }
    if let Some(after) = command.get_after_long_help().or(command.get_after_help()) {
        text.push_str(&after_options(&after.to_string()));
    }
    text.push_str(".SH SEE ALSO\n");
    if name == "mgn" {
        text.push_str("The README and docs/ of mgn's source: docs/notation.md (MGN), docs/rules/ (each game's rules and options), docs/ci.md (report formats).\n");
    } else {
        text.push_str("\\fBmgn\\fR(1)\n");
    }
    page.extend_from_slice(text.as_bytes());
    page
}

/// The text after the options: a line `Examples:` heads a section EXAMPLES; indented lines
/// (commands and what they print) are kept as written; other lines are prose, filled.
fn after_options(text: &str) -> String {
    let mut roff = String::new();
    let mut section = false;
    let mut verbatim = false;
    for line in text.lines() {
        let indented = line.starts_with(' ');
        if line.trim().is_empty() {
            if verbatim {
                roff.push_str(".fi\n");
                verbatim = false;
            }
            roff.push_str(".PP\n");
            continue;
        }
        if !indented && line.ends_with(':') && !line.contains(' ') {
            if verbatim {
                roff.push_str(".fi\n");
                verbatim = false;
            }
            roff.push_str(&format!(
                ".SH {}\n",
                line.trim_end_matches(':').to_uppercase()
            ));
            section = true;
            continue;
        }
        if !section {
            roff.push_str(".SH NOTES\n");
            section = true;
        }
        if indented && !verbatim {
            roff.push_str(".nf\n");
            verbatim = true;
        } else if !indented && verbatim {
            roff.push_str(".fi\n");
            verbatim = false;
        }
        roff.push_str(&escape_line(line));
        roff.push('\n');
    }
    if verbatim {
        roff.push_str(".fi\n");
    }
    roff
}

/// Text for roff: backslashes and hyphens escaped, and a line that would start with a control
/// character made plain text.
fn escape_line(line: &str) -> String {
    let escaped = escape(line);
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_keep_their_lines_and_prose_is_filled() {
        let roff = after_options(
            "Examples:\n  mgn check a.mgn     one file\n  mgn check -        standard input\n\nExit status: 0 when\nall is good.",
        );
        assert_eq!(
            roff,
            ".SH EXAMPLES\n.nf\n  mgn check a.mgn     one file\n  mgn check \\-        standard input\n.fi\n.PP\nExit status: 0 when\nall is good.\n"
        );
    }

    #[test]
    fn a_line_that_looks_like_a_request_is_text() {
        assert_eq!(escape_line(".mgn files"), "\\&.mgn files");
        assert_eq!(escape_line("'quoted'"), "\\&'quoted'");
        assert_eq!(escape_line("a\\b"), "a\\eb");
    }
}
