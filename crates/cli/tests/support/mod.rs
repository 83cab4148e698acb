//! What the command-line tests share: running the `mgn` binary as a user would, reading what it
//! said, and scratch folders.
#![allow(dead_code)]

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository's top folder, where records/ and fixtures/ are (this crate is crates/cli).
pub fn repo() -> &'static Path {
    static REPO: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    REPO.get_or_init(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .canonicalize()
            .expect("the repository's top folder")
    })
}

/// The `mgn` binary, run from the repository root, with no `RUST_LOG` from the caller.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mgn"));
    command
        .args(args)
        .current_dir(repo())
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command`, feeding `stdin` from a thread so that a large input cannot deadlock against
/// a full standard output.
pub fn finish(mut command: Command, stdin: Option<&[u8]>) -> Output {
    if stdin.is_some() {
        command.stdin(Stdio::piped());
    }
    let mut child = command.spawn().expect("the mgn binary runs");
    if let Some(input) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        let input = input.to_vec();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
    }
    child.wait_with_output().unwrap()
}

/// Limits the size of the files `command`'s process may write to `bytes` (setrlimit
/// RLIMIT_FSIZE, as `ulimit -f` does), with SIGXFSZ ignored, so that a write past the limit fails
/// with EFBIG, as on a full disk, rather than kill the process.
#[cfg(unix)]
pub fn limit_file_size(command: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure calls only setrlimit and signal, which are
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
}

pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    finish(command(args), stdin)
}

pub fn mgn(args: &[&str]) -> Output {
    run(args, None)
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Standard output then standard error, whatever their bytes.
pub fn shown(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

pub fn code(output: &Output) -> i32 {
    output.status.code().expect("mgn exits with a status")
}

/// The last line of standard output: the report's count.
pub fn summary(output: &Output) -> String {
    stdout(output)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

/// A fresh scratch folder for one test, under `group`.
pub fn scratch(group: &str, test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(test);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn path_str(path: &Path) -> &str {
    path.to_str().expect("scratch paths are UTF-8")
}

/// A browser to render SVG and HTML with: MGN_CHROMIUM, else chromium on the PATH. The tests
/// that need one print that they skipped, and pass, when there is none.
pub fn chromium() -> Option<String> {
    let candidates = std::env::var("MGN_CHROMIUM")
        .ok()
        .into_iter()
        .chain(["chromium", "chromium-browser", "google-chrome"].map(String::from));
    for candidate in candidates {
        let runs = std::process::Command::new(&candidate)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if runs {
            return Some(candidate);
        }
    }
    None
}

/// The browser run headless, without network or a profile of its own beyond `profile`.
pub fn headless(browser: &str, profile: &Path) -> std::process::Command {
    let mut command = std::process::Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    command
}

/// An image as 8-bit RGBA pixels, with its width and height.
pub fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    buffer.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer
            .chunks(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    (info.width, info.height, rgba)
}
