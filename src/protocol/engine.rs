//! An engine as a child process, spoken to through its standard input and output, every answer
//! awaited at most a timeout, and the process stopped and waited for on every path (drop
//! included), so that none is left behind.

use super::{Answer, Request, LINE_LIMIT, VERSION};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The most of the engine's standard error kept (its end): enough for a panic or a traceback.
const STDERR_KEPT: usize = 16 * 1024;

/// What the reader thread passes on: a line, or why the output stopped being lines.
enum Received {
    Line(String),
    Overlong,
    NotUtf8(String),
}

/// How the engine misbehaved: a comparison with it cannot go on (`mgn referee`'s exit status 2).
#[derive(Debug)]
pub enum Misbehaviour {
    /// The command could not be started.
    Start {
        /// The command line as given, joined with spaces, for the report.
        command: String,
        /// Why the system could not start it (not found, not executable, ...).
        error: io::Error,
    },
    /// The engine closed its output or exited before answering `request`.
    Exited {
        /// The request left unanswered, as written to the engine.
        request: String,
        /// How it exited; `None` when it closed its output but was still running a second
        /// later, and was then killed.
        status: Option<ExitStatus>,
    },
    /// The engine did not answer `request` within the timeout, and was stopped.
    TimedOut {
        /// The request left unanswered, as written to the engine.
        request: String,
        /// The timeout it was given, in seconds (`--timeout`, or `--start-timeout` at start-up).
        secs: f64,
        /// The request was one of the start-up's (the handshake or `game`), which is given its
        /// own allowance: an engine such as Ludii takes seconds to start and load a game.
        start_up: bool,
        /// How long mgn took to make the same count, when the request was one.
        mgn_secs: Option<f64>,
    },
    /// A line that is not an answer of the protocol, or not one to the request.
    Garbage {
        /// The request the line answered, as written to the engine.
        request: String,
        /// The line as the engine wrote it (lossily decoded when it is not UTF-8).
        line: String,
        /// Why it is no answer to the request, in words.
        why: String,
    },
    /// A line longer than LINE_LIMIT (or one that never ends).
    Overlong {
        /// The request the line answered, as written to the engine.
        request: String,
    },
    /// The handshake named a protocol version this referee does not speak.
    Version {
        /// The engine's answer to the handshake, as it wrote it.
        line: String,
    },
    /// The engine refused the rules (`error unsupported`, or another error to `game`).
    Refused {
        /// The `game` request it refused, as written to the engine.
        request: String,
        /// Its `error` answer, whose text often says what it does not implement.
        answer: String,
    },
}

impl fmt::Display for Misbehaviour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Misbehaviour::Start { command, error } => {
                write!(f, "the engine `{command}` could not be started: {error}")
            }
            Misbehaviour::Exited { request, status } => {
                write!(f, "the engine exited before answering `{request}`")?;
                match status {
                    Some(status) => write!(f, " ({status})"),
                    None => write!(f, " (it closed its standard output)"),
                }
            }
            Misbehaviour::TimedOut {
                request,
                secs,
                start_up,
                mgn_secs,
            } => {
                let option = if *start_up {
                    "--start-timeout"
                } else {
                    "--timeout"
                };
                write!(
                    f,
                    "the engine did not answer `{request}` within {secs} s ({option})"
                )?;
                if let Some(mine) = mgn_secs {
                    write!(f, ", a count mgn made in {mine:.2} s")?;
                }
                write!(f, ": it was stopped")
            }
            Misbehaviour::Garbage { request, line, why } => write!(
                f,
                "the engine broke the protocol: to `{request}` it answered `{line}`, which is not an answer to it ({why})"
            ),
            Misbehaviour::Overlong { request } => write!(
                f,
                "the engine broke the protocol: to `{request}` it answered a line longer than {LINE_LIMIT} bytes, which is no answer of the protocol"
            ),
            Misbehaviour::Version { line } => write!(
                f,
                "the engine speaks another protocol: it answered `{line}` to the handshake, and this referee speaks mgn-protocol {VERSION}"
            ),
            Misbehaviour::Refused { request, answer } => write!(
                f,
                "the engine refused the rules: to `{request}` it answered `{answer}`; its rules cannot be compared with mgn's"
            ),
        }
    }
}

impl Misbehaviour {
    /// A word for the kind of misbehaviour, as a JSON report names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Misbehaviour::Start { .. } => "start",
            Misbehaviour::Exited { .. } => "exited",
            Misbehaviour::TimedOut { .. } => "timeout",
            Misbehaviour::Garbage { .. } | Misbehaviour::Overlong { .. } => "protocol",
            Misbehaviour::Version { .. } => "version",
            Misbehaviour::Refused { .. } => "refused",
        }
    }
}

/// An engine started as a child process, asked one request at a time.
pub struct EngineProcess {
    process: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Received>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_reader: Option<thread::JoinHandle<()>>,
    timeout: Duration,
    requests: u64,
    stopped: bool,
}

impl EngineProcess {
    /// Start `command` (a program and its arguments), each answer to be awaited at most
    /// `timeout`.
    pub fn start(command: &[String], timeout: Duration) -> Result<EngineProcess, Misbehaviour> {
        let Some((program, args)) = command.split_first() else {
            return Err(Misbehaviour::Start {
                command: String::new(),
                error: io::Error::new(io::ErrorKind::InvalidInput, "no program named"),
            });
        };
        let mut command_line = Command::new(program);
        command_line
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A process group of its own, so that a stopped engine's children (a shell script's
        // commands, a Python engine's workers) are stopped with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command_line, 0);
        let mut process = command_line.spawn().map_err(|error| Misbehaviour::Start {
            command: command.join(" "),
            error,
        })?;
        let stdout = process.stdout.take().expect("piped");
        let stderr = process.stderr.take().expect("piped");
        // Lines are read on their own thread so that an answer is awaited with a timeout; the
        // channel closes when the engine's output does. No line is read past LINE_LIMIT; after
        // an overlong line the thread stops reading, and the engine is stopped.
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                line.clear();
                let limit = LINE_LIMIT as u64 + 1;
                match (&mut reader).take(limit).read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if line.last() != Some(&b'\n') && line.len() > LINE_LIMIT {
                    let _ = sender.send(Received::Overlong);
                    break;
                }
                while matches!(line.last(), Some(b'\n' | b'\r')) {
                    line.pop();
                }
                let read = match String::from_utf8(line.clone()) {
                    Ok(text) => Received::Line(text),
                    Err(_) => Received::NotUtf8(String::from_utf8_lossy(&line).into_owned()),
                };
                if sender.send(read).is_err() {
                    break;
                }
            }
        });
        let kept = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&kept);
        let stderr_reader = thread::spawn(move || {
            let mut stderr = stderr;
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut kept = sink.lock().unwrap_or_else(|e| e.into_inner());
                kept.extend_from_slice(&chunk[..n]);
                if kept.len() > 2 * STDERR_KEPT {
                    let cut = kept.len() - STDERR_KEPT;
                    kept.drain(..cut);
                }
            }
        });
        Ok(EngineProcess {
            stdin: process.stdin.take(),
            process,
            lines,
            stderr: kept,
            stderr_reader: Some(stderr_reader),
            timeout,
            requests: 0,
            stopped: false,
        })
    }

    /// The requests sent so far.
    pub fn requests(&self) -> u64 {
        self.requests
    }

    /// Send `request` and read its answer: a line of the protocol that answers it (an
    /// `error` answers anything).
    pub fn ask(&mut self, request: &Request) -> Result<Answer, Misbehaviour> {
        self.awaited(request, self.timeout, false)
    }

    /// [`EngineProcess::ask`] a request of the start-up (the handshake, `game`), awaited at
    /// most `timeout` instead of the timeout of every other answer.
    pub fn ask_at_start(
        &mut self,
        request: &Request,
        timeout: Duration,
    ) -> Result<Answer, Misbehaviour> {
        self.awaited(request, timeout, true)
    }

    fn awaited(
        &mut self,
        request: &Request,
        timeout: Duration,
        start_up: bool,
    ) -> Result<Answer, Misbehaviour> {
        let text = request.to_string();
        self.requests += 1;
        let sent = match &mut self.stdin {
            Some(stdin) => writeln!(stdin, "{text}").and_then(|()| stdin.flush()),
            None => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
        };
        if sent.is_err() {
            return Err(self.exited(text));
        }
        let line = match self.lines.recv_timeout(timeout) {
            Ok(Received::Line(line)) => line,
            Ok(Received::Overlong) => {
                self.kill();
                return Err(Misbehaviour::Overlong { request: text });
            }
            Ok(Received::NotUtf8(line)) => {
                return Err(Misbehaviour::Garbage {
                    request: text,
                    line,
                    why: "it is not UTF-8".to_string(),
                })
            }
            Err(RecvTimeoutError::Timeout) => {
                // A hung engine is not asked to quit: it would not read it.
                self.kill();
                return Err(Misbehaviour::TimedOut {
                    request: text,
                    secs: timeout.as_secs_f64(),
                    start_up,
                    mgn_secs: None,
                });
            }
            Err(RecvTimeoutError::Disconnected) => return Err(self.exited(text)),
        };
        let answer = Answer::parse(&line).map_err(|why| Misbehaviour::Garbage {
            request: text.clone(),
            line: line.clone(),
            why,
        })?;
        if !answer.answers(request) {
            return Err(Misbehaviour::Garbage {
                request: text,
                line,
                why: "an answer to another request".to_string(),
            });
        }
        Ok(answer)
    }

    /// The engine went away: its exit status, once it has exited (it is stopped otherwise).
    fn exited(&mut self, request: String) -> Misbehaviour {
        let deadline = Instant::now() + Duration::from_secs(1);
        let status = loop {
            match self.process.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        self.stop();
        Misbehaviour::Exited { request, status }
    }

    /// Ask the engine to quit, give it a second, then kill it; wait for it either way.
    pub fn stop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
            // Dropped: the engine's input ends, which also asks it to exit.
        }
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            match self.process.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => {
                    self.kill_all();
                    break;
                }
            }
        }
    }

    /// Kill the engine and wait for it.
    fn kill(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        self.stdin = None;
        self.kill_all();
    }

    /// Kill the engine's process group, then the engine, and wait for it. The group is killed
    /// before the engine is waited for: until then its id cannot have been reused.
    fn kill_all(&mut self) {
        #[cfg(unix)]
        if let Ok(group) = i32::try_from(self.process.id()) {
            // SAFETY: kill has no memory effects; the group is the engine's own (process_group
            // at spawn), and the engine is not yet waited for.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
        let _ = self.process.kill();
        let _ = self.process.wait();
    }

    /// What the engine wrote on its standard error (its end, when it wrote much), once it is
    /// stopped. A process of its own that kept the pipe open is not waited for.
    pub fn stderr(&mut self) -> String {
        self.stop();
        if let Some(reader) = self.stderr_reader.take() {
            let deadline = Instant::now() + Duration::from_millis(500);
            while !reader.is_finished() && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(10));
            }
        }
        let kept = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        let from = kept.len().saturating_sub(STDERR_KEPT);
        String::from_utf8_lossy(&kept[from..]).into_owned()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.stop();
    }
}
