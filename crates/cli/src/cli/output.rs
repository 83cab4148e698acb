//! Writing to standard output and standard error.
//!
//! A command's output is a result: when it cannot be written (a full disk, `> /dev/full`), the
//! command says so and exits 2, so that a caller never takes a truncated report or record for a
//! whole one. A closed pipe is different: `mgn ... | head` means the reader has had enough, so
//! later writes are dropped quietly, and a command that only produces output stops.
//!
//! Text for people never carries a record's control characters to the terminal raw: see
//! [`crate::cli::source::displayable`].

use super::Status;
use crate::cli::source::{displayable, displayable_lines, displayable_name};
use std::fs;
use std::io::{self, BufWriter, ErrorKind, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

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

    /// The same writer for a producer that knows nothing of it but `Write`: once the reader
    /// has gone, each write fails with `BrokenPipe`, so that the producer stops (`?`) rather
    /// than work for nobody. [`finish`] takes that error as the end it is, not a failure.
    pub fn stopping(&mut self) -> Stopping<'_, W> {
        Stopping(self)
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

/// See [`PipeSafe::stopping`].
pub struct Stopping<'p, W: Write>(&'p mut PipeSafe<W>);

impl<W: Write> Write for Stopping<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.0.write(buf)?;
        if self.0.closed {
            return Err(ErrorKind::BrokenPipe.into());
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()?;
        if self.0.closed {
            return Err(ErrorKind::BrokenPipe.into());
        }
        Ok(())
    }
}

/// A command's standard output.
pub type Stdout = PipeSafe<BufWriter<Opened<io::StdoutLock<'static>>>>;

/// Whether standard output was closed when mgn started (`mgn show ... >&-`). Rust's runtime
/// opens /dev/null in its place before `main`, so that every write would "succeed" and a
/// command that wrote nothing would exit 0; it is looked at before that, as the program is
/// loaded. Not a reader that went away (a broken pipe), which [`PipeSafe`] keeps quiet.
static CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn see_whether_stdout_is_closed() {
    // SAFETY: F_GETFD only reads the flags of a descriptor number, open or not.
    let closed = unsafe { libc::fcntl(1, libc::F_GETFD) } == -1;
    CLOSED_AT_START.store(closed, Ordering::Relaxed);
}

/// Run as the program is loaded, before Rust's runtime replaces a closed standard output.
#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd",
    target_os = "dragonfly",
    target_os = "illumos",
    target_os = "solaris"
))]
#[used]
#[link_section = ".init_array"]
static SEE_WHETHER_STDOUT_IS_CLOSED: extern "C" fn() = see_whether_stdout_is_closed;

#[cfg(target_vendor = "apple")]
#[used]
#[link_section = "__DATA,__mod_init_func"]
static SEE_WHETHER_STDOUT_IS_CLOSED: extern "C" fn() = see_whether_stdout_is_closed;

/// Standard output as mgn was given it: when it was closed (`>&-`), every write fails with
/// an error that says so, as a full disk's does, so that the command exits 2.
pub struct Opened<W: Write> {
    inner: W,
    closed: bool,
}

impl<W: Write> Opened<W> {
    fn new(inner: W) -> Opened<W> {
        Opened {
            inner,
            closed: CLOSED_AT_START.load(Ordering::Relaxed),
        }
    }
}

fn closed_error() -> io::Error {
    io::Error::other(
        "standard output was closed when mgn started (>&-): send it to a file, or to /dev/null to drop it",
    )
}

impl<W: Write> Write for Opened<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed && !buf.is_empty() {
            return Err(closed_error());
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Standard output unbuffered, for a command that flushes each answer itself (`mgn engine`):
/// a closed one refused as by [`stdout`].
pub fn stdout_unbuffered() -> Opened<io::StdoutLock<'static>> {
    Opened::new(io::stdout().lock())
}

/// Standard output, buffered when a program reads it; on a terminal each write goes out at
/// once, so that a person sees a long run's lines as they come.
pub fn stdout() -> Stdout {
    let capacity = if io::stdout().is_terminal() {
        0
    } else {
        64 * 1024
    };
    PipeSafe::new(BufWriter::with_capacity(capacity, stdout_unbuffered()))
}

/// The status a command ends with once its output is flushed: `status` when everything was
/// written (or the reader went away), else an I/O error, said on standard error.
pub fn finish(out: &mut impl Write, written: io::Result<()>, status: Status) -> Status {
    match written.and_then(|()| out.flush()) {
        Ok(()) => status,
        // The reader went away: what was left to write is nobody's (see `PipeSafe::stopping`).
        Err(error) if error.kind() == ErrorKind::BrokenPipe => status,
        Err(error) => {
            say(&format!("cannot write to standard output: {error}"));
            Status::Error
        }
    }
}

/// Writes a file whole or not at all: `write` fills a temporary file beside it, which replaces
/// the file only once everything was written and flushed to the disk. On any error the file is
/// as it was (a record converted over itself, a full disk) and the temporary file is gone, on
/// Ctrl-C too. The file keeps its permissions, its owner where mgn may keep it, and its other
/// names (hard links); a link stays a link, and the file it names is written, even one that
/// does not exist yet. A file mgn may not write is refused as a direct write would be. What is
/// not a regular file (`/dev/null`, a FIFO, `/dev/stdout`) is written as it is: there is no
/// file to keep.
pub fn write_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(ErrorKind::IsADirectory, "it is a folder")),
        Ok(meta) if !meta.is_file() => {
            let mut out = BufWriter::new(fs::OpenOptions::new().write(true).open(path)?);
            write(&mut out)?;
            out.flush()
        }
        Ok(meta) => replace(&fs::canonicalize(path)?, Some(meta), write),
        Err(error) if error.kind() == ErrorKind::NotFound => {
            replace(&link_target(path)?, None, write)
        }
        Err(error) => Err(error),
    }
}

/// Refuses an output file (`-o`) that is one of the command's inputs, under any of its names
/// (`./F`, a link, a hard link; `-` as standard input redirected from it): writing it would
/// replace the record or source it was made from with something else (a diagram, a
/// conversion), and a command that replaced its own input would still exit 0. A same-format
/// `convert` does not ask: it rewrites a record in place, whole or not at all. Said on standard
/// error; exit 2.
pub fn refuse_an_input(output: Option<&Path>, inputs: &[&Path]) -> Result<(), Status> {
    let Some(output) = output.filter(|path| path.as_os_str() != "-") else {
        return Ok(());
    };
    // Only a regular file is replaced (see write_file); a device or FIFO is written through.
    let Ok(written) = fs::metadata(output) else {
        return Ok(());
    };
    if !written.is_file() {
        return Ok(());
    }
    for input in inputs {
        let read = if input.as_os_str() == "-" {
            stdin_metadata()
        } else {
            fs::metadata(input).ok()
        };
        let same = match read {
            Some(read) => same_file(&written, output, &read, input),
            None => false,
        };
        if same {
            let name = |path: &Path| displayable_name(&path.display().to_string()).into_owned();
            let input = if input.as_os_str() == "-" {
                "standard input".to_string()
            } else {
                name(input)
            };
            say(&format!(
                "cannot write {}: it is also the input ({input}), which it would replace; \
                 name another file with -o (nothing was written)",
                name(output)
            ));
            return Err(Status::Error);
        }
    }
    Ok(())
}

#[cfg(unix)]
fn stdin_metadata() -> Option<fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    fs::File::from(fd).metadata().ok()
}

#[cfg(not(unix))]
fn stdin_metadata() -> Option<fs::Metadata> {
    None
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, _: &Path, b: &fs::Metadata, _: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &fs::Metadata, a: &Path, _: &fs::Metadata, b: &Path) -> bool {
    // No file identity in std here: the paths with every link followed.
    matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

/// The path a link leads to, followed to its end even when nothing is there yet.
fn link_target(path: &Path) -> io::Result<std::path::PathBuf> {
    let mut path = path.to_path_buf();
    // As many links as the system follows before it gives up on a loop.
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = fs::read_link(&path)?;
                path = match path.parent() {
                    Some(folder) if to.is_relative() => folder.join(to),
                    _ => to,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of links"))
}

/// The temporary file of a conversion under way, removed if the user stops mgn (Ctrl-C).
static TEMPORARY: std::sync::Mutex<Option<std::path::PathBuf>> = std::sync::Mutex::new(None);

fn remember_temporary(path: Option<std::path::PathBuf>) {
    static HANDLER: std::sync::Once = std::sync::Once::new();
    HANDLER.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if let Ok(mut temporary) = TEMPORARY.lock() {
                if let Some(path) = temporary.take() {
                    let _ = fs::remove_file(path);
                }
            }
            std::process::exit(130);
        });
    });
    if let Ok(mut temporary) = TEMPORARY.lock() {
        *temporary = path;
    }
}

fn replace(
    target: &Path,
    existing: Option<fs::Metadata>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    if existing.is_some() {
        // Refused as writing the file directly would be: a read-only file stays as it is.
        fs::OpenOptions::new().write(true).open(target)?;
    }
    let folder = match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".mgn-").suffix(".tmp");
    #[cfg(unix)]
    if existing.is_none() {
        // What a new file gets anywhere else: read and write for all, less the umask.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let temporary = builder.tempfile_in(folder).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!(
                "{error} (mgn writes a temporary file in {} and renames it)",
                folder.display()
            ),
        )
    })?;
    remember_temporary(Some(temporary.path().to_path_buf()));
    let written = (|| {
        if let Some(meta) = &existing {
            fs::set_permissions(temporary.path(), meta.permissions())?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                // Only root may give a file away; others keep the file as theirs, as any
                // program that rewrites a file does.
                let _ = std::os::unix::fs::fchown(
                    temporary.as_file(),
                    Some(meta.uid()),
                    Some(meta.gid()),
                );
            }
        }
        // A document's chunk at a time: a document is several times its input, and 8 KiB
        // writes made one system call for each few items; a buffer of the chunk's size passes
        // each chunk on without copying it.
        let mut file = BufWriter::with_capacity(mgn::document::CHUNK, temporary.as_file());
        write(&mut file)?;
        file.flush()?;
        drop(file);
        temporary.as_file().sync_all()
    })();
    let result = written.and_then(|()| match &existing {
        // A file of several names keeps them all only if it is written where it is: the
        // whole output is ready, so only the copy itself can be cut short.
        #[cfg(unix)]
        Some(meta) if std::os::unix::fs::MetadataExt::nlink(meta) > 1 => {
            let mut from = fs::File::open(temporary.path())?;
            let mut to = fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(target)?;
            io::copy(&mut from, &mut to)?;
            to.sync_all()
        }
        _ => temporary
            .persist(target)
            .map(drop)
            .map_err(|error| error.error),
    });
    remember_temporary(None);
    result
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
    let _ = writeln!(io::stderr().lock(), "{}", displayable_lines(text));
}

/// A diagnostic rendered for standard error ([`super::render`]), which escaped what the record
/// holds itself and may hold the colours it chose.
pub fn show_rendered(text: &str) {
    let _ = writeln!(io::stderr().lock(), "{text}");
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
