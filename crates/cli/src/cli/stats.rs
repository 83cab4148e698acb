//! `mgn stats`: what a collection holds, as text, one JSON object (`mgn-stats/1`,
//! docs/ci.md) or a page of SVG charts.
//!
//! By default every game is replayed: the results, the first player's wins and the rule codes
//! counted are the replay's, so a false `Result` claim is not taken for true, and a game that
//! fails check is counted as failing rather than by its claims. `--no-replay` reads the tags
//! and move text alone (the results as claimed), the fast path for a large archive. Plies and
//! rounds are counted from the move text in both: a failing game's too.
//!
//! The inputs are read a part at a time ([`mgn::notation::parts`]), the parts of a batch
//! summarised on every core and merged in file order; what is kept of the games is counts (a
//! histogram is bounded: [`Histogram`]), so memory does not grow with the collection, but for
//! the list of failing games, which keeps the first [`LISTED_FAILURES`].

use super::args::{StatsArgs, StatsFormat};
use super::collection::{self, MoveCounts};
use super::input::{self, InputError};
use super::output;
use super::render::Paint;
use super::report::{self, Source};
use super::source::{displayable, displayable_name};
use super::split::tag_value;
use super::Status;
use mgn::notation::{games_in_part, parts, Element, GameReader, Header, Outcome, Part, Side, Span};
use mgn::replay::{replay_moves, MoveText, ReplayOptions, StepCounts};
use mgn::rules::general;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

/// Values of the `--by` tag summarised each on its own, at most: the first met, in file order.
pub const MAX_GROUPS: usize = 1000;

/// Games that fail listed, at most; the count of them is always whole.
pub const LISTED_FAILURES: usize = 1000;

/// Parts summarised together, at most this much text, so that memory holds a batch whatever the
/// size of the input. As check's batches: small enough that a part is still in the cache when it
/// is summarised (16 MiB batches read 181 to 192 MB/s on one core, these 207 to 221:
/// docs/performance.md, "Stats and split").
const BATCH_BYTES: usize = 256 << 10;
const BATCH_PARTS: usize = 4096;

/// Distinct values a histogram keeps, at most: past them, values are counted in buckets of 2,
/// 4, 8... values, and the median is the start of its bucket.
const HISTOGRAM_BUCKETS: usize = 4096;

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

pub fn run(args: &StatsArgs) -> Status {
    let read = input::files_read(&args.paths);
    let inputs: Vec<&Path> = read.iter().map(|p| p.as_path()).collect();
    if let Err(status) = output::refuse_an_input(args.output.as_deref(), &inputs) {
        return status;
    }
    let options = Options {
        replay: !args.no_replay,
        max_laps: args.max_laps,
        by: args.by.clone(),
    };
    let mut stats = Stats::default();
    let mut status = Status::Success;
    let mut names = Vec::new();
    for origin in input::expand(&args.paths) {
        let read = origin.and_then(|origin| Ok((origin.name(), input::open(&origin)?)));
        let (name, reader) = match read {
            Ok(read) => read,
            Err(error) => {
                output::say(&report::input_error(&error));
                status = Status::Error;
                continue;
            }
        };
        names.push(name.clone());
        let file = names.len() - 1;
        let mut batch: Vec<Part> = Vec::new();
        let mut bytes = 0;
        let mut records = 0;
        let mut last_part = None;
        // A file read part way: whether it held a game is not known.
        let mut cut_short = false;
        let summarise = |batch: &mut Vec<Part>, stats: &mut Stats| {
            let done: Vec<(Stats, Vec<String>)> = batch
                .par_iter()
                .map(|part| part_stats(&name, file, part, &options))
                .collect();
            for (part_stats, rendered) in done {
                for text in rendered {
                    output::show_rendered(&text);
                }
                stats.merge(part_stats);
            }
            batch.clear();
        };
        for part in parts(reader) {
            match part {
                Ok(part) => {
                    bytes += part.bytes.len();
                    batch.push(part);
                    if bytes >= BATCH_BYTES || batch.len() >= BATCH_PARTS {
                        last_part = batch.last().cloned();
                        let before = stats.total.records();
                        summarise(&mut batch, &mut stats);
                        records += stats.total.records() - before;
                        bytes = 0;
                    }
                }
                Err(error) => {
                    output::say(&report::input_error(&InputError::Io {
                        name: name.clone(),
                        error,
                    }));
                    status = Status::Error;
                    cut_short = true;
                    break;
                }
            }
        }
        last_part = batch.last().cloned().or(last_part);
        let before = stats.total.records();
        summarise(&mut batch, &mut stats);
        records += stats.total.records() - before;
        stats.files += 1;
        if records == 0 && !cut_short {
            // As mgn check: a file that holds no game is one bad record, at its end.
            output::show_rendered(&report::no_game_in(&name, last_part.as_ref()));
            stats.total.unreadable += 1;
            stats.note_failure(Failure {
                file,
                line: last_part.as_ref().map_or(1, |p| p.line),
                column: 1,
                ply: None,
                rule: None,
                message: "the file holds no game".to_string(),
            });
        }
    }
    if stats.total.unreadable > 0 || stats.total.failed > 0 {
        status = status.max(Status::Failed);
    }
    let written = match args.format {
        StatsFormat::Text => text_report(&stats, &names, &options),
        StatsFormat::Json => {
            let mut json = serde_json::to_string(&json_report(&stats, &names, &options))
                .expect("a JSON value serializes");
            json.push('\n');
            json
        }
        StatsFormat::Svg => svg_report(&stats, &options),
    };
    // `-o -` is standard output, as for every command.
    match args.output.as_ref().filter(|path| path.as_os_str() != "-") {
        Some(path) => match output::write_file(path, |out| out.write_all(written.as_bytes())) {
            Ok(()) => status,
            Err(error) => {
                output::say(&format!("cannot write {}: {error}", path.display()));
                Status::Error
            }
        },
        None => {
            let mut out = output::stdout();
            let result = out.write_all(written.as_bytes());
            output::finish(&mut out, result, status)
        }
    }
}

struct Options {
    replay: bool,
    max_laps: u64,
    by: Option<String>,
}

/// Everything counted over the inputs.
#[derive(Default)]
struct Stats {
    files: usize,
    total: Summary,
    /// With `--by`: a summary for each value of the tag; `None` for games without it.
    groups: BTreeMap<Option<String>, Summary>,
    /// With `--by`: the games of the values that came after the first [`MAX_GROUPS`], together,
    /// so that a tag of a value for each game (an `Event` per generated game) does not hold a
    /// summary for each game.
    other_values: Summary,
    /// The first games that fail, in file order.
    failures: Vec<Failure>,
}

impl Stats {
    fn merge(&mut self, other: Stats) {
        self.total.merge(&other.total);
        for (value, summary) in other.groups {
            let room = value.is_none() || self.groups.len() < MAX_GROUPS;
            if room || self.groups.contains_key(&value) {
                self.groups.entry(value).or_default().merge(&summary);
            } else {
                self.other_values.merge(&summary);
            }
        }
        self.other_values.merge(&other.other_values);
        for failure in other.failures {
            self.note_failure(failure);
        }
    }

    fn note_failure(&mut self, failure: Failure) {
        if self.failures.len() < LISTED_FAILURES {
            self.failures.push(failure);
        }
    }
}

/// A game that fails check or does not read, placed as `mgn check` places it.
struct Failure {
    file: usize,
    line: usize,
    column: usize,
    ply: Option<usize>,
    /// The rule code of a game that fails check; `None` for a record that does not read.
    rule: Option<String>,
    message: String,
}

/// The counts of a set of games.
#[derive(Default, Clone)]
struct Summary {
    /// Records that read.
    games: u64,
    /// Records that do not read (a syntax error, bytes that are not UTF-8, a file without a game).
    unreadable: u64,
    /// Records that read and fail check (replayed only).
    failed: u64,
    by_game: BTreeMap<String, u64>,
    by_preset: BTreeMap<String, u64>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, and (replayed) `fails check`.
    results: BTreeMap<&'static str, u64>,
    /// Of the games decided (a win or a draw): the first player's wins, and the draws.
    decided: u64,
    first_wins: u64,
    draws: u64,
    plies: Histogram,
    rounds: Histogram,
    /// For each rule code: the times it fired and the games it fired in.
    rules: BTreeMap<&'static str, (u64, u64)>,
}

/// The result key of a game that fails check: its result is not known.
const FAILS_CHECK: &str = "fails check";

/// The results in the order they are shown, each with its count (0 too): a replayed collection
/// also says how many games fail check.
fn results(summary: &Summary, options: &Options) -> Vec<(&'static str, u64)> {
    let mut keys = vec!["1-0", "0-1", "1/2-1/2", "*"];
    if options.replay {
        keys.push(FAILS_CHECK);
    }
    keys.into_iter()
        .map(|key| (key, summary.results.get(key).copied().unwrap_or(0)))
        .collect()
}

impl Summary {
    fn records(&self) -> u64 {
        self.games + self.unreadable
    }

    fn merge(&mut self, other: &Summary) {
        self.games += other.games;
        self.unreadable += other.unreadable;
        self.failed += other.failed;
        add_all(&mut self.by_game, &other.by_game);
        add_all(&mut self.by_preset, &other.by_preset);
        add_all(&mut self.results, &other.results);
        self.decided += other.decided;
        self.first_wins += other.first_wins;
        self.draws += other.draws;
        self.plies.merge(&other.plies);
        self.rounds.merge(&other.rounds);
        for (code, (fired, games)) in &other.rules {
            let entry = self.rules.entry(code).or_default();
            entry.0 += fired;
            entry.1 += games;
        }
    }

    fn add(&mut self, game: &GameStats) {
        self.games += 1;
        count_key(&mut self.by_game, &game.kind);
        count_key(&mut self.by_preset, &game.preset);
        let result = match game.result {
            None => {
                self.failed += 1;
                FAILS_CHECK
            }
            Some(outcome) => outcome.token(),
        };
        *self.results.entry(result).or_default() += 1;
        match game.result {
            Some(Outcome::Draw) => {
                self.decided += 1;
                self.draws += 1;
            }
            Some(outcome @ (Outcome::AWins | Outcome::BWins)) => {
                self.decided += 1;
                if outcome.winner() == Some(game.first) {
                    self.first_wins += 1;
                }
            }
            _ => {}
        }
        self.plies.add(game.plies);
        self.rounds.add(game.rounds);
        for &(code, fired) in &game.rules {
            let entry = self.rules.entry(code).or_default();
            entry.0 += fired;
            entry.1 += 1;
        }
    }

    /// The first player's share of the decided games and its 95 % Wilson score interval.
    fn first_player_rate(&self) -> Option<(f64, f64, f64)> {
        (self.decided > 0).then(|| {
            let (rate, low, high) = wilson(self.first_wins, self.decided);
            (rate, low, high)
        })
    }
}

/// Counts one more of `key`, whose copy is only made the first time: most games share their
/// game and preset with a game before them, and a copy for each was a tenth of `--no-replay`.
fn count_key(into: &mut BTreeMap<String, u64>, key: &str) {
    match into.get_mut(key) {
        Some(count) => *count += 1,
        None => {
            into.insert(key.to_string(), 1);
        }
    }
}

fn add_all<K: Ord + Clone>(into: &mut BTreeMap<K, u64>, from: &BTreeMap<K, u64>) {
    for (key, n) in from {
        *into.entry(key.clone()).or_default() += n;
    }
}

/// The share `k / n` and its 95 % Wilson score interval, which stays within 0 to 1 and is
/// right for small samples and shares near 0 or 1, where the normal approximation is not.
pub fn wilson(k: u64, n: u64) -> (f64, f64, f64) {
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// Counts of values, kept per value up to [`HISTOGRAM_BUCKETS`] distinct ones and in buckets of
/// a power of two values past them: bounded memory whatever the number of games, exact for the
/// collections mgn usually sees. The minimum and the maximum are always exact.
#[derive(Clone, Debug, Default)]
pub struct Histogram {
    /// Values a bucket holds (1 until there are too many distinct values); 0 while empty.
    width: u64,
    /// The count of each bucket, by the first value it holds.
    counts: BTreeMap<u64, u64>,
    n: u64,
    min: u64,
    max: u64,
}

impl Histogram {
    pub fn add(&mut self, value: u64) {
        self.add_count(value, 1);
    }

    fn add_count(&mut self, value: u64, count: u64) {
        if self.n == 0 {
            self.min = value;
            self.max = value;
        }
        self.width = self.width.max(1);
        self.n += count;
        self.min = self.min.min(value);
        self.max = self.max.max(value);
        *self
            .counts
            .entry(value / self.width * self.width)
            .or_default() += count;
        while self.counts.len() > HISTOGRAM_BUCKETS {
            self.widen(self.width * 2);
        }
    }

    fn widen(&mut self, width: u64) {
        let counts = std::mem::take(&mut self.counts);
        self.width = width;
        for (start, count) in counts {
            *self.counts.entry(start / width * width).or_default() += count;
        }
    }

    pub fn merge(&mut self, other: &Histogram) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = other.clone();
            return;
        }
        if other.width > self.width {
            self.widen(other.width);
        }
        let (min, max) = (self.min.min(other.min), self.max.max(other.max));
        for (&start, &count) in &other.counts {
            self.add_count(start, count);
        }
        self.min = min;
        self.max = max;
    }

    /// The lower median: the value of the middle game, or of the lower of the two middle
    /// ones. Exact while the width is 1, else the first value of its bucket.
    pub fn median(&self) -> Option<u64> {
        let middle = self.n.checked_sub(1)? / 2;
        let mut seen = 0;
        for (&start, &count) in &self.counts {
            seen += count;
            if seen > middle {
                return Some(start.max(self.min));
            }
        }
        None
    }

    /// The counts in at most `bars` buckets of equal width, for a chart: (first value, last
    /// value, count), from the minimum to the maximum.
    pub fn bars(&self, bars: u64) -> Vec<(u64, u64, u64)> {
        if self.n == 0 {
            return Vec::new();
        }
        let span = self.max - self.min + 1;
        let width = span.div_ceil(bars).max(self.width).max(1);
        let first = self.min;
        let mut out: Vec<(u64, u64, u64)> = Vec::new();
        let mut start = first;
        while start <= self.max {
            out.push((start, start + width - 1, 0));
            start += width;
        }
        for (&value, &count) in &self.counts {
            let at = ((value.max(first) - first) / width) as usize;
            let last = out.len() - 1;
            out[at.min(last)].2 += count;
        }
        out
    }
}

/// What one game gave.
struct GameStats {
    kind: String,
    /// `GAME/PRESET`, or `GAME/(none)` without a `Preset` tag.
    preset: String,
    /// The replayed outcome (the claimed one with --no-replay); `None` when it fails check.
    result: Option<Outcome>,
    first: Side,
    plies: u64,
    rounds: u64,
    rules: Vec<(&'static str, u64)>,
}

/// A game's move text as the replay pulls it, counting its plies and rounds as they go by; the
/// rest, after a failure, is counted by [`Counting::rest`].
struct Counting<'r, 'a> {
    reader: &'r mut GameReader<'a>,
    plies: u64,
    round_marks: u64,
}

impl Counting<'_, '_> {
    fn count(&mut self, element: &Element) {
        match element {
            Element::Move(_) | Element::Pass(_) => self.plies += 1,
            Element::Round(_) => self.round_marks += 1,
            _ => {}
        }
    }

    /// Reads the move text to its end, counting; no one looks at the moves or checkpoints
    /// left, so they are stepped over unbuilt.
    fn rest(&mut self) {
        let mut counts = MoveCounts::default();
        collection::read_rest(self.reader, &mut counts, None);
        self.plies += counts.plies;
        self.round_marks += counts.round_marks;
    }
}

impl<'g> MoveText<'g> for Counting<'_, '_> {
    fn next_element(&mut self) -> Option<Cow<'g, Element>> {
        let element = MoveText::next_element(self.reader)?;
        self.count(&element);
        Some(element)
    }

    fn outcome(&self) -> Option<mgn::notation::Spanned<Outcome>> {
        self.reader.outcome()
    }

    fn text_at(&self, span: Span) -> Option<&str> {
        self.reader.text_at(span)
    }

    fn skip_checkpoint(&mut self, written: impl FnOnce(&str) -> Option<usize>) -> bool {
        self.reader.skip_checkpoint(written)
    }
}

/// The summary of one part, and what is said on standard error of its records that do not
/// read.
fn part_stats(name: &str, file: usize, part: &Part, options: &Options) -> (Stats, Vec<String>) {
    let mut stats = Stats::default();
    let mut rendered = Vec::new();
    let text = match report::part_text(name, part) {
        Ok(text) => text,
        Err(error) => {
            stats.total.unreadable += 1;
            // Placed and worded as `mgn check` places a record that is not UTF-8: at its first
            // bad byte, under mgn.syntax.
            let (line, column, rule, message) = match (part.too_long(), part.text()) {
                (Some(error), _) => (part.line, 1, None, error.message()),
                (None, Err(utf8)) => {
                    let lossy = String::from_utf8_lossy(&part.bytes);
                    let at = utf8.valid_up_to();
                    let (line, column) = Source::of_part(name, &lossy, part).line_col(at);
                    let message = format!(
                        "not valid UTF-8: byte 0x{:02x} at byte offset {}",
                        part.bytes[at],
                        part.offset + at as u64
                    );
                    (line, column, Some(general::SYNTAX.to_string()), message)
                }
                (None, Ok(_)) => (part.line, 1, None, "the record does not read".to_string()),
            };
            stats.note_failure(Failure {
                file,
                line,
                column,
                ply: None,
                rule,
                message,
            });
            rendered.push(error);
            return (stats, rendered);
        }
    };
    let source = Source::of_part(name, text, part);
    let mut games = games_in_part(text, Vec::new(), part.last);
    while let Some(next) = games.next_game() {
        let mut reader = match next {
            Ok(reader) => reader,
            Err(error) => {
                unreadable(&mut stats, &mut rendered, &source, file, &error, None);
                continue;
            }
        };
        let header = reader.header.clone();
        let group = options.by.as_ref().map(|tag| tag_value(&header, tag));
        let (game, failure) = game_stats(&header, &mut reader, options);
        if let Err(error) = games.finish(reader) {
            unreadable(&mut stats, &mut rendered, &source, file, &error, group);
            continue;
        }
        if let Some(failure) = failure {
            let (line, column) = source.line_col(failure.offset().unwrap_or(0));
            stats.note_failure(Failure {
                file,
                line,
                column,
                ply: failure.ply,
                rule: Some(failure.rule.to_string()),
                message: failure.message,
            });
        }
        stats.total.add(&game);
        if let Some(group) = group {
            stats.groups.entry(group).or_default().add(&game);
        }
    }
    (stats, rendered)
}

/// A record that does not read: said on standard error as `mgn check` says it, and counted (in
/// the group of its tag, when its tags read).
fn unreadable(
    stats: &mut Stats,
    rendered: &mut Vec<String>,
    source: &Source,
    file: usize,
    error: &mgn::notation::SyntaxError,
    group: Option<Option<String>>,
) {
    rendered.push(report::syntax_error(source, error, Paint::Stderr));
    let (line, column) = source.line_col(error.offset);
    stats.total.unreadable += 1;
    if let Some(group) = group {
        stats.groups.entry(group).or_default().unreadable += 1;
    }
    stats.note_failure(Failure {
        file,
        line,
        column,
        ply: None,
        rule: None,
        message: error.message(),
    });
}

/// One game's counts: replayed, or from its text alone. The diagnostic is why it fails check.
fn game_stats(
    header: &Header,
    reader: &mut GameReader<'_>,
    options: &Options,
) -> (GameStats, Option<mgn::Diagnostic>) {
    let declared_first = header
        .start
        .as_ref()
        .map(|s| s.value.to_move)
        .or(header.first.as_ref().map(|f| f.value))
        .unwrap_or(Side::B);
    let mut game = GameStats {
        kind: header.game.value.to_string(),
        preset: format!(
            "{}/{}",
            header.game.value,
            header
                .preset
                .as_ref()
                .map_or("(none)", |p| p.value.as_str())
        ),
        result: None,
        first: declared_first,
        plies: 0,
        rounds: 0,
        rules: Vec::new(),
    };
    let mut counting = Counting {
        reader,
        plies: 0,
        round_marks: 0,
    };
    let mut failure = None;
    if options.replay {
        let mut rules: Vec<(&'static str, u64)> = Vec::new();
        // Counted over the whole step, however long, not from its events kept; the counts
        // alone, without each step's events and position, which cost more than the step.
        let mut on_counts = |step: StepCounts<'_>| {
            for (code, times) in step.rules.iter() {
                let code = code.as_str();
                match rules.iter_mut().find(|(c, _)| *c == code) {
                    Some((_, n)) => *n += times,
                    None => rules.push((code, times)),
                }
            }
        };
        let replay = ReplayOptions::verdict()
            .max_laps(options.max_laps)
            .on_counts(&mut on_counts);
        let replayed = replay_moves(header, &mut counting, replay);
        game.first = replayed
            .start
            .as_ref()
            .map_or(declared_first, |p| p.to_move);
        game.rules = rules;
        match replayed.failure {
            Some(diagnostic) => failure = Some(diagnostic),
            None => {
                game.result = Some(match replayed.winner {
                    Some(Some(Side::A)) => Outcome::AWins,
                    Some(Some(Side::B)) => Outcome::BWins,
                    Some(None) => Outcome::Draw,
                    None => Outcome::Unknown,
                })
            }
        }
    }
    counting.rest();
    game.plies = counting.plies;
    game.rounds = counting.round_marks + 1;
    if !options.replay {
        game.result = counting
            .reader
            .outcome()
            .map(|o| o.value)
            .or(header.result.as_ref().map(|r| r.value));
    }
    (game, failure)
}

/// `30 (dakon 8, nchuwa 22)`.
fn counts<K: std::fmt::Display>(map: &BTreeMap<K, u64>) -> String {
    map.iter()
        .map(|(key, n)| format!("{key} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn percent(share: f64) -> String {
    format!("{:.1} %", share * 100.0)
}

fn text_report(stats: &Stats, names: &[String], options: &Options) -> String {
    let mut out = String::new();
    let how = if options.replay {
        "every game replayed: results, wins and rule codes are the replay's"
    } else {
        "--no-replay: results as the records claim them, no rule codes, no check"
    };
    let _ = writeln!(
        out,
        "{} file{}, {how}",
        stats.files,
        if stats.files == 1 { "" } else { "s" }
    );
    text_summary(&mut out, &stats.total, options);
    if let Some(tag) = &options.by {
        for (value, summary) in &stats.groups {
            let _ = writeln!(out);
            match value {
                Some(value) => {
                    let _ = writeln!(out, "== {tag} \"{}\"", value.escape_debug());
                }
                None => {
                    let _ = writeln!(out, "== no {tag} tag");
                }
            }
            text_summary(&mut out, summary, options);
        }
        if stats.other_values.records() > 0 {
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "== the other values of {tag}, after the first {MAX_GROUPS}, together"
            );
            text_summary(&mut out, &stats.other_values, options);
        }
    }
    let _ = writeln!(out);
    let failing = stats.total.failed + stats.total.unreadable;
    if failing == 0 {
        let _ = writeln!(
            out,
            "{}",
            if options.replay {
                "every game reads and passes check"
            } else {
                "every game reads (not checked: --no-replay)"
            }
        );
    } else {
        let what = match (options.replay, failing == 1) {
            (true, true) => "game fails check or does not read",
            (true, false) => "games fail check or do not read",
            (false, true) => "game does not read",
            (false, false) => "games do not read",
        };
        let _ = writeln!(out, "{failing} {what}:");
        for failure in &stats.failures {
            let ply = failure
                .ply
                .map(|p| format!("ply {p}: "))
                .unwrap_or_default();
            let rule = failure
                .rule
                .as_ref()
                .map(|r| format!(" [{r}]"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {}:{}:{}: {ply}{}{rule}",
                displayable_name(&names[failure.file]),
                failure.line,
                failure.column,
                displayable(&failure.message)
            );
        }
        if failing > stats.failures.len() as u64 {
            let _ = writeln!(out, "  and {} more", failing - stats.failures.len() as u64);
        }
    }
    out
}

fn text_summary(out: &mut String, summary: &Summary, options: &Options) {
    let line = |out: &mut String, label: &str, text: String| {
        let _ = writeln!(out, "{label:<13}{text}");
    };
    line(
        out,
        "games",
        format!(
            "{} read, {} do not read{}",
            summary.games,
            summary.unreadable,
            if options.replay {
                format!(", {} fail check", summary.failed)
            } else {
                String::new()
            }
        ),
    );
    if summary.games == 0 {
        return;
    }
    line(out, "by game", counts(&summary.by_game));
    line(out, "by preset", counts(&summary.by_preset));
    let shown: Vec<String> = results(summary, options)
        .iter()
        .map(|(key, n)| format!("{key} {n}"))
        .collect();
    line(out, "results", shown.join(", "));
    line(
        out,
        "first player",
        match summary.first_player_rate() {
            Some((rate, low, high)) => format!(
                "won {} of {} decided games ({} draws): {}, 95 % Wilson interval {} to {}",
                summary.first_wins,
                summary.decided,
                summary.draws,
                percent(rate),
                percent(low),
                percent(high)
            ),
            None => "no decided game".to_string(),
        },
    );
    for (label, histogram) in [("plies", &summary.plies), ("rounds", &summary.rounds)] {
        line(
            out,
            label,
            format!(
                "min {}, median {}{}, max {}",
                histogram.min,
                histogram.median().unwrap_or(0),
                if histogram.width > 1 {
                    " (approximate)"
                } else {
                    ""
                },
                histogram.max
            ),
        );
        if histogram.max > histogram.min {
            let bars = histogram.bars(10);
            let most = bars.iter().map(|b| b.2).max().unwrap_or(1).max(1);
            let label_width = bars
                .iter()
                .map(|(a, b, _)| range_label(*a, *b).len())
                .max()
                .unwrap_or(0);
            for (first, last, count) in bars {
                let bar = "#".repeat(((count * 40).div_ceil(most)) as usize);
                let row = format!(
                    "  {:>label_width$} {count:>7} {bar}",
                    range_label(first, last)
                );
                let _ = writeln!(out, "{}", row.trim_end());
            }
        }
    }
    if options.replay {
        if summary.rules.is_empty() {
            line(out, "rule codes", "none fired".to_string());
        } else {
            line(out, "rule codes", "times fired, in games".to_string());
            let width = summary.rules.keys().map(|c| c.len()).max().unwrap_or(0);
            for (code, (fired, games)) in &summary.rules {
                let _ = writeln!(out, "  {code:<width$} {fired:>9} {games:>7}");
            }
        }
    }
}

fn range_label(first: u64, last: u64) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

fn json_histogram(histogram: &Histogram) -> Value {
    json!({
        "min": histogram.min,
        "median": histogram.median(),
        "max": histogram.max,
        "bucket_width": histogram.width.max(1),
        "counts": histogram.counts.iter().map(|(v, n)| json!([v, n])).collect::<Vec<_>>(),
    })
}

fn json_summary(summary: &Summary, options: &Options) -> Value {
    let first_player = match summary.first_player_rate() {
        Some((rate, low, high)) => json!({
            "decided": summary.decided, "wins": summary.first_wins, "draws": summary.draws,
            "rate": rate, "interval_95": [low, high], "interval_method": "wilson",
        }),
        None => json!({
            "decided": 0, "wins": 0, "draws": 0,
            "rate": null, "interval_95": null, "interval_method": "wilson",
        }),
    };
    let rules: serde_json::Map<String, Value> = summary
        .rules
        .iter()
        .map(|(code, (fired, games))| (code.to_string(), json!({"fired": fired, "games": games})))
        .collect();
    json!({
        "games": summary.games,
        "unreadable": summary.unreadable,
        "failed_check": if options.replay { json!(summary.failed) } else { Value::Null },
        "by_game": summary.by_game,
        "by_preset": summary.by_preset,
        "results": results(summary, options)
            .into_iter()
            .map(|(key, n)| (key.to_string(), json!(n)))
            .collect::<serde_json::Map<String, Value>>(),
        "first_player": first_player,
        "plies": json_histogram(&summary.plies),
        "rounds": json_histogram(&summary.rounds),
        "rules": if options.replay { Value::Object(rules) } else { Value::Null },
    })
}

fn json_report(stats: &Stats, names: &[String], options: &Options) -> Value {
    let groups: Vec<Value> = stats
        .groups
        .iter()
        .map(|(value, summary)| json!({"value": value, "stats": json_summary(summary, options)}))
        .collect();
    let failures: Vec<Value> = stats
        .failures
        .iter()
        .map(|f| {
            json!({
                "file": names[f.file], "line": f.line, "column": f.column,
                "ply": f.ply, "rule": f.rule, "message": f.message,
            })
        })
        .collect();
    json!({
        "schema": "mgn-stats/1",
        "replayed": options.replay,
        "files": stats.files,
        "by": options.by,
        "total": json_summary(&stats.total, options),
        "groups": if options.by.is_some() { json!(groups) } else { Value::Null },
        "other_values": if stats.other_values.records() > 0 {
            json_summary(&stats.other_values, options)
        } else {
            Value::Null
        },
        "failures": failures,
        "failures_not_listed": (stats.total.failed + stats.total.unreadable)
            .saturating_sub(stats.failures.len() as u64),
    })
}

/// The page's width, and what a character of the labels takes at most (13 px sans-serif).
const PAGE: f64 = 760.0;
const CHAR: f64 = 7.6;
const LABEL_CHARS: usize = 40;

/// A horizontal bar chart: a title, then a bar for each (label, count), at `y`; gives the
/// height it took.
fn bar_chart(out: &mut String, y: f64, title: &str, rows: &[(String, u64)], colour: &str) -> f64 {
    let _ = writeln!(
        out,
        r#"<text x="20" y="{:.0}" class="title">{}</text>"#,
        y + 18.0,
        mgn::picture::escape(title)
    );
    if rows.is_empty() {
        let _ = writeln!(out, r#"<text x="20" y="{:.0}">none</text>"#, y + 42.0);
        return 60.0;
    }
    let labels: Vec<String> = rows
        .iter()
        .map(|(label, _)| {
            if label.chars().count() > LABEL_CHARS {
                let cut: String = label.chars().take(LABEL_CHARS - 1).collect();
                format!("{cut}…")
            } else {
                label.clone()
            }
        })
        .collect();
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64 * CHAR;
    let x0 = 20.0 + label_width + 10.0;
    let count_room = 70.0;
    let room = PAGE - x0 - count_room - 20.0;
    let most = rows.iter().map(|r| r.1).max().unwrap_or(1).max(1) as f64;
    let mut row_y = y + 32.0;
    for ((_, count), label) in rows.iter().zip(&labels) {
        let width = *count as f64 / most * room;
        let _ = writeln!(
            out,
            r#"<text x="{:.0}" y="{:.0}" text-anchor="end">{}</text><rect x="{x0:.0}" y="{:.0}" width="{width:.1}" height="16" fill="{colour}"/><text x="{:.1}" y="{:.0}">{count}</text>"#,
            x0 - 8.0,
            row_y + 13.0,
            mgn::picture::escape(label),
            row_y + 1.0,
            x0 + width + 6.0,
            row_y + 13.0,
        );
        row_y += 22.0;
    }
    row_y - y + 16.0
}

/// A histogram as vertical bars with its value ranges below them; gives the height it took.
fn histogram_chart(
    out: &mut String,
    y: f64,
    title: &str,
    histogram: &Histogram,
    colour: &str,
) -> f64 {
    let _ = writeln!(
        out,
        r#"<text x="20" y="{:.0}" class="title">{}</text>"#,
        y + 18.0,
        mgn::picture::escape(title)
    );
    // As many bars as their ranges have room for below them, at 11 px.
    let mut bars = histogram.bars(12);
    for fewer in [10, 8, 6, 4] {
        let widest = bars
            .iter()
            .map(|(a, b, _)| range_label(*a, *b).len())
            .max()
            .unwrap_or(0) as f64;
        if widest * 6.8 + 6.0 <= (PAGE - 80.0) / bars.len() as f64 {
            break;
        }
        bars = histogram.bars(fewer);
    }
    if bars.is_empty() {
        let _ = writeln!(out, r#"<text x="20" y="{:.0}">none</text>"#, y + 42.0);
        return 60.0;
    }
    let (x0, height) = (60.0, 150.0);
    let slot = (PAGE - x0 - 20.0) / bars.len() as f64;
    let most = bars.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64;
    let base = y + 40.0 + height;
    let _ = writeln!(
        out,
        r##"<line x1="{x0}" y1="{base:.0}" x2="{:.0}" y2="{base:.0}" stroke="#444"/>"##,
        PAGE - 20.0
    );
    for (k, (first, last, count)) in bars.iter().enumerate() {
        let bar = *count as f64 / most * height;
        let x = x0 + k as f64 * slot;
        let _ = writeln!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{bar:.1}" fill="{colour}"/><text x="{:.1}" y="{:.1}" text-anchor="middle">{count}</text><text x="{:.1}" y="{:.0}" text-anchor="middle" class="small">{}</text>"#,
            x + 3.0,
            base - bar,
            slot - 6.0,
            x + slot / 2.0,
            base - bar - 5.0,
            x + slot / 2.0,
            base + 16.0,
            mgn::picture::escape(&range_label(*first, *last)),
        );
    }
    height + 80.0
}

fn svg_report(stats: &Stats, options: &Options) -> String {
    let total = &stats.total;
    let mut body = String::new();
    let mut y = 20.0;
    let heading = format!(
        "{} games in {} file{}{}",
        total.games,
        stats.files,
        if stats.files == 1 { "" } else { "s" },
        if options.replay {
            format!(
                ", {} fail check, {} do not read",
                total.failed, total.unreadable
            )
        } else {
            format!(", {} do not read (not replayed)", total.unreadable)
        }
    );
    let _ = writeln!(
        body,
        r#"<text x="20" y="{:.0}" class="heading">{}</text>"#,
        y + 16.0,
        mgn::picture::escape(&heading)
    );
    y += 30.0;
    if let Some((rate, low, high)) = total.first_player_rate() {
        let _ = writeln!(
            body,
            r#"<text x="20" y="{:.0}">The first player won {} of {} decided games: {} (95 % Wilson interval {} to {})</text>"#,
            y + 14.0,
            total.first_wins,
            total.decided,
            percent(rate),
            percent(low),
            percent(high)
        );
        y += 24.0;
    }
    y += bar_chart(
        &mut body,
        y,
        if options.replay {
            "Results (replayed)"
        } else {
            "Results (as claimed)"
        },
        &results(total, options)
            .into_iter()
            .map(|(key, n)| (key.to_string(), n))
            .collect::<Vec<_>>(),
        "#4e79a7",
    );
    let games: Vec<(String, u64)> = total.by_game.iter().map(|(k, n)| (k.clone(), *n)).collect();
    y += bar_chart(&mut body, y, "Games", &games, "#59a14f");
    if let Some(tag) = &options.by {
        let mut groups: Vec<(String, u64)> = stats
            .groups
            .iter()
            .map(|(value, s)| {
                (
                    value.clone().unwrap_or_else(|| format!("(no {tag} tag)")),
                    s.games,
                )
            })
            .collect();
        if stats.other_values.games > 0 {
            groups.push((
                format!("(values past the first {MAX_GROUPS})"),
                stats.other_values.games,
            ));
        }
        groups.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let shown = groups.len().min(15);
        let title = if groups.len() > shown {
            format!("Games by {tag} (the {shown} largest of {})", groups.len())
        } else {
            format!("Games by {tag}")
        };
        groups.truncate(shown);
        y += bar_chart(&mut body, y, &title, &groups, "#76b7b2");
    }
    y += histogram_chart(&mut body, y, "Plies per game", &total.plies, "#f28e2b");
    if options.replay {
        let mut rules: Vec<(String, u64)> = total
            .rules
            .iter()
            .map(|(code, (fired, _))| (code.to_string(), *fired))
            .collect();
        rules.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let shown = rules.len().min(20);
        let title = if rules.len() > shown {
            format!(
                "Rule codes, times fired (the {shown} most of {})",
                rules.len()
            )
        } else {
            "Rule codes, times fired".to_string()
        };
        rules.truncate(shown);
        y += bar_chart(&mut body, y, &title, &rules, "#e15759");
    }
    let height = y + 10.0;
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE:.0}" height="{height:.0}" viewBox="0 0 {PAGE:.0} {height:.0}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="13">
<style>.title {{ font-size: 15px; font-weight: bold; }} .heading {{ font-size: 17px; font-weight: bold; }} .small {{ font-size: 11px; }}</style>
<rect width="100%" height="100%" fill="#ffffff"/>
{body}</svg>
"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_stays_within_zero_and_one() {
        let (p, low, high) = wilson(0, 10);
        assert_eq!(p, 0.0);
        assert_eq!(low, 0.0);
        assert!((high - 0.2775).abs() < 1e-3, "{high}");
        let (p, low, high) = wilson(50, 100);
        assert_eq!(p, 0.5);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
    }

    #[test]
    fn a_histogram_is_exact_until_it_must_bucket() {
        let mut h = Histogram::default();
        for v in [5, 1, 3, 3, 9] {
            h.add(v);
        }
        assert_eq!((h.min, h.median(), h.max), (1, Some(3), 9));
        let mut big = Histogram::default();
        for v in 0..(HISTOGRAM_BUCKETS as u64 * 3) {
            big.add(v);
        }
        assert!(big.counts.len() <= HISTOGRAM_BUCKETS);
        assert_eq!(big.width, 4);
        assert_eq!(big.max, HISTOGRAM_BUCKETS as u64 * 3 - 1);
        let mut merged = h.clone();
        merged.merge(&big);
        assert_eq!(merged.n, h.n + big.n);
        assert_eq!(merged.counts.values().sum::<u64>(), merged.n);
    }

    #[test]
    fn bars_cover_the_values_from_min_to_max() {
        let mut h = Histogram::default();
        for v in 10..=55 {
            h.add(v);
        }
        let bars = h.bars(10);
        assert!(bars.len() <= 11);
        assert_eq!(bars.iter().map(|b| b.2).sum::<u64>(), 46);
        assert!(bars[0].0 <= 10 && bars.last().unwrap().1 >= 55);
    }
}
