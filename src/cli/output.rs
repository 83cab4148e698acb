//! Writing to standard output and standard error.
//!
//! A command's output is a result: when it cannot be written (a full disk, `> /dev/full`), the
//! command says so and exits 2, so that a caller never takes a truncated report or record for a
//! whole one. A closed pipe is different: `mgn ... | head` means the reader has had enough, so
//! later writes are dropped quietly, and a command that only produces output stops.
//!
//! Text for people never carries a record's control characters to the terminal raw: see
//! [`mgn::source::displayable`].

use super::Status;
use mgn::source::displayable;
use std::fs;
use std::io::{self, BufWriter, ErrorKind, IsTerminal, Write};
use std::path::Path;

/// A writer that swallows a broken pipe and passes every other error on.
pub struct PipeSafe<W: Write> {
    inner: W,
    closed: bool,
}

impl<W: Write> PipeSafe<W> {
    pub fn new(inner: W) -> PipeSafe<W> {
        PipeSafe {
            inner,
            closed: false,
        }
    }

    /// Whether the reader has gone: what is written now is dropped.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    fn absorb(&mut self, result: io::Result<()>) -> io::Result<()> {
        match result {
            Err(error) if error.kind() == ErrorKind::BrokenPipe => {
                tracing::debug!("standard output closed by its reader; dropping further output");
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

impl<W: Write> Write for PipeSafe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        let result = self.inner.write_all(buf);
        self.absorb(result).map(|()| buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.inner.flush();
        self.absorb(result)
    }
}

/// A command's standard output.
pub type Stdout = PipeSafe<BufWriter<io::StdoutLock<'static>>>;

/// Standard output, buffered when a program reads it; on a terminal each write goes out at
/// once, so that a person sees a long run's lines as they come.
pub fn stdout() -> Stdout {
    let capacity = if io::stdout().is_terminal() {
        0
    } else {
        64 * 1024
    };
    PipeSafe::new(BufWriter::with_capacity(capacity, io::stdout().lock()))
}

/// The status a command ends with once its output is flushed: `status` when everything was
/// written (or the reader went away), else an I/O error, said on standard error.
pub fn finish(out: &mut impl Write, written: io::Result<()>, status: Status) -> Status {
    match written.and_then(|()| out.flush()) {
        Ok(()) => status,
        Err(error) => {
            say(&format!("cannot write to standard output: {error}"));
            Status::Error
        }
    }
}

/// Writes a file whole or not at all: `write` fills a temporary file beside it, which replaces
/// the file only once everything was written and flushed to the disk. On any error the file is
/// as it was (a record converted over itself, a full disk) and the temporary file is gone. The
/// file keeps its permissions; a link to a file stays a link, and the file it names is written.
pub fn write_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let folder = match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let existing = fs::metadata(&target).ok().map(|meta| meta.permissions());
    let mut builder = tempfile::Builder::new();
    builder.prefix(".mgn-").suffix(".tmp");
    #[cfg(unix)]
    if existing.is_none() {
        // What a new file gets anywhere else: read and write for all, less the umask.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let temporary = builder.tempfile_in(folder)?;
    if let Some(permissions) = existing {
        fs::set_permissions(temporary.path(), permissions)?;
    }
    let mut file = BufWriter::new(temporary);
    write(&mut file)?;
    let temporary = file.into_inner().map_err(io::IntoInnerError::into_error)?;
    temporary.as_file().sync_all()?;
    temporary.persist(&target).map_err(|error| error.error)?;
    Ok(())
}

/// A message for the user on standard error, each line prefixed `mgn: `. Failing to write it
/// (standard error closed) is no reason to stop or panic.
pub fn say(message: &str) {
    let mut stderr = io::stderr().lock();
    for line in message.lines() {
        let _ = writeln!(stderr, "mgn: {}", displayable(line));
    }
}

/// Text for the user on standard error as it is (rendered diagnostics carry their own
/// `file:line:column`).
pub fn show(text: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", displayable(text));
}

#[cfg(test)]
mod tests {
    use super::*;

    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(ErrorKind::BrokenPipe.into())
        }
    }

    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(ErrorKind::StorageFull, "disk full"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_broken_pipe_is_not_an_error() {
        let mut out = PipeSafe::new(ClosedPipe);
        writeln!(out, "one").unwrap();
        writeln!(out, "two").unwrap();
        out.flush().unwrap();
        assert!(out.is_closed());
    }

    #[test]
    fn other_errors_pass() {
        let mut out = PipeSafe::new(Full);
        assert!(writeln!(out, "one").is_err());
        assert_eq!(finish(&mut out, Ok(()), Status::Success), Status::Success);
        let failed = writeln!(out, "two");
        assert_eq!(finish(&mut out, failed, Status::Success), Status::Error);
    }
}
