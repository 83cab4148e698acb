//! Large YAML and JSON documents, written and read a game at a time, to measure that reading
//! one holds one game in memory (docs/performance.md, "Reading documents"):
//!
//! ```text
//! cargo build --release --example documents
//! target/release/mgn generate --game nchuwa --games 20000 --checkpoints > big.mgn
//! target/release/examples/documents write yaml < big.mgn > big.yaml
//! /usr/bin/time -v target/release/examples/documents count yaml big.yaml
//! target/release/examples/documents mgn yaml big.yaml | cmp - big.mgn
//! ```
//!
//! `write FORMAT` reads MGN on standard input and writes its games as one document, each game
//! converted by `mgn::document::to_yaml` or `to_json` alone as it is read; `count FORMAT FILE`
//! reads a document with `mgn::document::read_games` and says how many games it holds, how many
//! bytes, and at what speed; `mgn FORMAT FILE` does the same and writes each game as MGN as it
//! is read, so that the round trip can be compared with the MGN it started from.

use mgn::document::{read_games, to_json, to_yaml, Format, ReadError};
use mgn::notation::{games_in_part, parts, write_game, Game};
use std::io::{self, BufReader, BufWriter, Write};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let format = |name: &str| match name {
        "yaml" => Format::Yaml,
        "json" => Format::Json,
        _ => usage(),
    };
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["write", name] => write(format(name)),
        ["count", name, path] => read(format(name), path, false),
        ["mgn", name, path] => read(format(name), path, true),
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: documents write yaml|json < games.mgn > document\n       \
         documents count yaml|json FILE\n       documents mgn yaml|json FILE > games.mgn"
    );
    std::process::exit(2)
}

/// One game's part of a whole document's text: its item of the `games` sequence.
fn item(game: &Game, format: Format) -> String {
    let one = std::slice::from_ref(game);
    match format {
        // `mgn: 1\ngames:\n- ...`: the lines after `games:` are the item.
        Format::Yaml => {
            let text = to_yaml(one);
            let at = text.find("games:\n").expect("a document has its games") + "games:\n".len();
            text[at..].to_owned()
        }
        // `{\n  "mgn": 1,\n  "games": [\n    {...}\n  ]\n}\n`: the object inside the brackets.
        Format::Json => {
            let text = to_json(one);
            let start = text.find("[\n").expect("a document has its games") + 2;
            let end = text.rfind("\n  ]").expect("a document has its games");
            text[start..end].to_owned()
        }
    }
}

fn write(format: Format) {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let result = (|| -> io::Result<usize> {
        match format {
            Format::Yaml => out.write_all(b"mgn: 1\ngames:\n")?,
            Format::Json => out.write_all(b"{\n  \"mgn\": 1,\n  \"games\": [\n")?,
        }
        let mut written = 0;
        let mut pending = Vec::new();
        for part in parts(BufReader::new(stdin)) {
            let part = part?;
            let text = part.text().map_err(io::Error::other)?;
            let mut games = games_in_part(text, std::mem::take(&mut pending), part.last);
            for game in games.by_ref() {
                let game = game.map_err(|e| io::Error::other(e.to_string()))?;
                if format == Format::Json && written > 0 {
                    out.write_all(b",\n")?;
                }
                out.write_all(item(&game, format).as_bytes())?;
                written += 1;
            }
            pending = games.pending();
        }
        if format == Format::Json {
            out.write_all(b"\n  ]\n}\n")?;
        }
        out.flush()?;
        Ok(written)
    })();
    match result {
        Ok(n) => eprintln!("{n} games written"),
        Err(error) => {
            eprintln!("documents: {error}");
            std::process::exit(1);
        }
    }
}

/// Reads the document at `path` a game at a time; with `mgn`, writes each game as MGN to
/// standard output as it is read. The figures go to standard error.
fn read(format: Format, path: &str, mgn: bool) {
    let started = Instant::now();
    let file = std::fs::File::open(path).unwrap_or_else(|e| {
        eprintln!("documents: cannot open {path}: {e}");
        std::process::exit(2)
    });
    let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut elements = 0usize;
    let read = read_games(BufReader::new(file), format, |k, game| {
        elements += game.moves.len();
        if mgn {
            if k > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(write_game(&game).as_bytes())?;
        }
        Ok::<(), io::Error>(())
    });
    let flushed = out.flush();
    let seconds = started.elapsed().as_secs_f64();
    match read {
        Ok(games) => eprintln!(
            "{games} games ({elements} move-text elements), {bytes} bytes, {seconds:.2} s, {:.1} MB/s",
            bytes as f64 / 1e6 / seconds
        ),
        Err(ReadError::Document(error)) => {
            eprintln!("{path}:{error}");
            std::process::exit(1);
        }
        Err(error) => {
            eprintln!("{path}: {error}");
            std::process::exit(2);
        }
    }
    if let Err(error) = flushed {
        eprintln!("documents: {error}");
        std::process::exit(2);
    }
}
