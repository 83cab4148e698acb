//! Writing to standard output and standard error without panicking.
//!
//! `println!` panics when the reader of a pipe has gone (`mgn convert ... | head`). The output
//! here treats a closed pipe as the reader saying "enough": later writes are dropped and the
//! command finishes with the status its records deserve.

use std::io::{self, ErrorKind, Write};

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

/// A message for the user on standard error, each line prefixed `mgn: `. Failing to write it
/// (standard error closed) is no reason to stop or panic.
pub fn say(message: &str) {
    let mut stderr = io::stderr().lock();
    for line in message.lines() {
        let _ = writeln!(stderr, "mgn: {line}");
    }
}

/// A command's own output (a replay, the rules) on standard output, one line ending added; a
/// reader that has gone away ends nothing but the output.
pub fn print(text: &str) {
    let mut out = PipeSafe::new(io::stdout().lock());
    let _ = writeln!(out, "{text}");
}

/// Text for the user on standard error as it is (rendered diagnostics carry their own
/// `file:line:column`).
pub fn show(text: &str) {
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
        assert!(out.closed);
    }

    #[test]
    fn other_errors_pass() {
        let mut out = PipeSafe::new(Full);
        assert!(writeln!(out, "one").is_err());
    }
}
