//! `mgn select`: the games of the inputs that match every filter, each written exactly as it was
//! read; with no filter, the inputs merged in order.
//!
//! Inputs are read a part at a time ([`mgn::notation::parts`]), as `mgn check` reads them, so
//! memory holds one part (and, with `--dedupe`, a hash for each distinct game) whatever the size
//! of the input. Every game is read whole, so that one that does not read is reported and never
//! written; a game is replayed only when a filter asks about its play.

use super::args::{SelectArgs, VerdictFilter};
use super::collection::{self, MoveCounts};
use super::input::{self, InputError, Origin};
use super::output;
use super::render::Paint;
use super::report::{self, Source};
use super::Status;
use mgn::notation::{
    games_in_part, parts, write_position, Element, GameKind, GameReader, Games, Header, Outcome,
    Part, Position, Span, Spanned, SyntaxError, TAG_NAMES,
};
use mgn::replay::{replay_moves, MoveText, Progress, ReplayOptions};
use mgn::Code;
use std::borrow::Cow;
use std::collections::HashSet;
use std::hash::{BuildHasher, DefaultHasher, Hash, Hasher, RandomState};
use std::io::{self, Write};
use std::path::Path;

/// An inclusive range of counts, either end of which may be left open (`10..`, `..40`), or a
/// single count (`7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountRange {
    pub min: Option<u64>,
    pub max: Option<u64>,
}

impl CountRange {
    pub fn contains(self, n: u64) -> bool {
        self.min.is_none_or(|min| n >= min) && self.max.is_none_or(|max| n <= max)
    }
}

/// `MIN..MAX`, `MIN..`, `..MAX` or `N`, for `--plies`, `--rounds` and `--number`.
pub fn count_range(text: &str) -> Result<CountRange, String> {
    let count = |end: &str, which: &str| -> Result<Option<u64>, String> {
        if end.is_empty() {
            return Ok(None);
        }
        end.parse().map(Some).map_err(|_| {
            format!("`{text}`: {which} `{end}` is not a whole number (write MIN..MAX, MIN.., ..MAX or N)")
        })
    };
    let range = match text.split_once("..") {
        None => {
            let n = count(text, "the count")?;
            CountRange { min: n, max: n }
        }
        Some((min, max)) => CountRange {
            min: count(min, "the start")?,
            max: count(max, "the end")?,
        },
    };
    match range {
        CountRange {
            min: None,
            max: None,
        } => Err(format!(
            "`{text}` gives neither end: write MIN..MAX, MIN.., ..MAX or N"
        )),
        CountRange {
            min: Some(min),
            max: Some(max),
        } if min > max => Err(format!(
            "`{text}` starts above its end: no game would match (both ends are included)"
        )),
        range => Ok(range),
    }
}

/// `--number`: as [`count_range`], counted from 1.
pub fn game_numbers(text: &str) -> Result<CountRange, String> {
    let range = count_range(text)?;
    if range.min == Some(0) || range.max == Some(0) {
        return Err(format!(
            "`{text}`: games are numbered from 1, the input's first game being game 1"
        ));
    }
    Ok(range)
}

/// `--game`: one of the four games, by any name [`GameKind::from_name`] takes.
pub fn game_name(text: &str) -> Result<GameKind, String> {
    GameKind::from_name(text).ok_or_else(|| super::args::unknown_game(text))
}

/// `--result`: a result token.
pub fn result_token(text: &str) -> Result<Outcome, String> {
    Outcome::from_token(text)
        .ok_or_else(|| format!("`{text}` is not a result: write 1-0, 0-1, 1/2-1/2 or *"))
}

/// `--rule`: a rule or option code some game declares.
pub fn rule_code(text: &str) -> Result<Code, String> {
    Code::find(text).ok_or_else(|| {
        let codes = mgn::rules::GENERAL_RULES.iter().map(|r| r.code).chain(
            GameKind::ALL.into_iter().flat_map(|kind| {
                let def = mgn::game_def(kind);
                def.rules
                    .iter()
                    .map(|r| r.code)
                    .chain(def.options.iter().map(|o| o.code))
            }),
        );
        format!(
            "unknown rule or option `{text}`{}: `mgn rules GAME` lists the codes",
            mgn::did_you_mean(text, codes)
        )
    })
}

/// `--tag NAME=VALUE`: a tag whose value matches a pattern, `*` standing for any run of
/// characters and `?` for one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagFilter {
    pub name: String,
    pub pattern: String,
}

pub fn tag_filter(text: &str) -> Result<TagFilter, String> {
    match text.split_once('=') {
        Some((name, pattern)) if !name.is_empty() => Ok(TagFilter {
            name: name.to_string(),
            pattern: pattern.to_string(),
        }),
        _ => Err(format!(
            "`{text}` is not NAME=VALUE (such as Event=Open* or PlayerA=Ali)"
        )),
    }
}

impl TagFilter {
    /// Whether the header has the tag with a value that matches: a tag written several times
    /// (`Option`) matches when one of its values does. Known tags are compared as MGN writes
    /// them (`Option` as `code=value`, `Start` as a position string).
    fn matches(&self, header: &Header) -> bool {
        let fits = |value: &str| glob_matches(&self.pattern, value);
        let text = |tag: &Option<mgn::notation::Spanned<String>>| {
            tag.as_ref().is_some_and(|tag| fits(&tag.value))
        };
        match self.name.as_str() {
            "Game" => fits(header.game.value.name()),
            "Board" => header
                .board
                .as_ref()
                .is_some_and(|board| fits(&board.value.to_string())),
            "Preset" => text(&header.preset),
            "Option" => header
                .options
                .iter()
                .any(|option| fits(&format!("{}={}", option.value.code, option.value.value))),
            "PlayerA" => text(&header.player_a),
            "PlayerB" => text(&header.player_b),
            "Event" => text(&header.event),
            "Site" => text(&header.site),
            "Date" => text(&header.date),
            "Source" => text(&header.source),
            "First" => header.first.as_ref().is_some_and(|f| fits(f.value.name())),
            "Result" => header
                .result
                .as_ref()
                .is_some_and(|r| fits(r.value.token())),
            "Termination" => text(&header.termination),
            "Start" => header
                .start
                .as_ref()
                .is_some_and(|start| fits(&write_position(&start.value))),
            name => header
                .other
                .iter()
                .any(|tag| tag.value.name == name && fits(&tag.value.value)),
        }
    }
}

/// Whether `text` matches `pattern`, whose `*` stands for any run of characters (none too) and
/// `?` for one character. Two wildcards are all a tag value needs; a glob crate would bring
/// path rules (`/`, `**`, classes) that mean nothing in a player's name.
fn glob_matches(pattern: &str, text: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    let (mut p, mut t) = (0, 0);
    // The last `*` seen, and the text position it was last tried to match up to.
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                // The `*` takes one more character, and the rest is tried again after it.
                Some((star_at, matched_to)) => {
                    p = star_at + 1;
                    t = matched_to + 1;
                    star = Some((star_at, matched_to + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

/// `--position`: a position written as in a checkpoint, with or without its brackets. The side
/// to move, the round and the debts are compared only when written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionFilter {
    pub position: Position,
    pub to_move: bool,
    pub round: bool,
    pub debts: bool,
}

pub fn position_filter(text: &str) -> Result<PositionFilter, String> {
    let written = text.trim();
    let written = written
        .strip_prefix('[')
        .and_then(|w| w.strip_suffix(']'))
        .unwrap_or(written)
        .trim();
    let fields = written.split_whitespace().count();
    // What is left out matches anything: filled in only so that the position reads.
    let filled = match fields {
        2 => format!("{written} A 1"),
        3 => format!("{written} 1"),
        _ => written.to_string(),
    };
    let position = mgn::notation::parse_position(&filled).map_err(|error| {
        format!(
            "`{text}` is not a position as a checkpoint writes it (holes/holes stores/stores [side [round [debts]]], such as 0,1,0,0,0/0,6,1,0,0 24/18 A): {error}"
        )
    })?;
    Ok(PositionFilter {
        position,
        to_move: fields >= 3,
        round: fields >= 4,
        debts: fields >= 5,
    })
}

impl PositionFilter {
    fn matches(&self, reached: &Position) -> bool {
        let wanted = &self.position;
        wanted.holes == reached.holes
            && wanted.stores == reached.stores
            && (!self.to_move || wanted.to_move == reached.to_move)
            && (!self.round || wanted.round == reached.round)
            && (!self.debts || wanted.debts == reached.debts)
    }
}

pub fn run(args: &SelectArgs) -> Status {
    let origins = input::expand(&args.files);
    // A folder's files are inputs too: `-o records/all.mgn` over `records/` must not replace
    // a file it reads.
    let read = input::files_read(&args.files);
    let inputs: Vec<&Path> = read.iter().map(|path| path.as_path()).collect();
    if let Err(status) = output::refuse_an_input(args.output.as_deref(), &inputs) {
        return status;
    }
    for tag in &args.tags {
        let meant = mgn::did_you_mean(&tag.name, TAG_NAMES);
        if !TAG_NAMES.contains(&tag.name.as_str()) && !meant.is_empty() {
            output::say(&format!(
                "warning: --tag {}: no MGN tag is named `{}`{meant}; only games with a tag of that very name can match",
                tag.name, tag.name
            ));
        }
    }
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            let mut status = Status::Success;
            let written = output::write_file(path, |out| {
                let (selected, written) = select(args, origins, out);
                status = selected;
                written
            });
            match written {
                Ok(()) => status,
                Err(error) => {
                    output::say(&format!(
                        "cannot write {}: {error}; it was left as it was",
                        path.display()
                    ));
                    Status::Error
                }
            }
        }
        _ => {
            let mut out = output::stdout();
            let (status, written) = select(args, origins, &mut out);
            output::finish(&mut out, written, status)
        }
    }
}

/// Selects from every input into `out`: the status the games give, and whether `out` was
/// written.
fn select(
    args: &SelectArgs,
    origins: Vec<Result<Origin, InputError>>,
    out: &mut dyn Write,
) -> (Status, io::Result<()>) {
    let mut selection = Selection {
        args,
        out,
        status: Status::Success,
        records: 0,
        unread: 0,
        matched: 0,
        seen: HashSet::new(),
        hashers: (RandomState::new(), RandomState::new()),
        last_end: None,
        newlines_at_end: 0,
        crlf: false,
    };
    let written = (|| {
        for (file, origin) in origins.into_iter().enumerate() {
            let opened = origin.and_then(|origin| Ok((origin.name(), input::open(&origin)?)));
            match opened {
                Ok((name, reader)) => selection.file(file, &name, reader)?,
                Err(error) => {
                    output::say(&report::input_error(&error));
                    selection.status = Status::Error;
                }
            }
        }
        if args.count {
            writeln!(selection.out, "{}", selection.matched)?;
        }
        Ok(())
    })();
    if selection.unread > 0 {
        let records = if selection.unread == 1 {
            "record does"
        } else {
            "records do"
        };
        output::say(&format!(
            "{} {records} not read and {} not selected",
            selection.unread,
            if selection.unread == 1 { "was" } else { "were" }
        ));
    }
    (selection.status, written)
}

struct Selection<'a> {
    args: &'a SelectArgs,
    out: &'a mut dyn Write,
    status: Status,
    /// Records of the whole input so far, read or not: what `--number` counts.
    records: u64,
    /// Records that did not read.
    unread: u64,
    matched: u64,
    /// `--dedupe`: the hash of each distinct game kept.
    seen: HashSet<u128>,
    hashers: (RandomState, RandomState),
    /// The input and the byte where what was last written ends in it: a game that starts there
    /// follows it with the same blanks between them.
    last_end: Option<(usize, u64)>,
    /// Line ends in the blanks at the end of what was written.
    newlines_at_end: usize,
    /// The last line end written was `\r\n`: a blank line added between games is written so.
    crlf: bool,
}

/// What the filters of the move text ask of it, gathered as it is read.
struct Tally {
    plies: u64,
    /// The first, and one more for each `round N` marker.
    rounds: u64,
    /// `--dedupe`: the game's hash so far.
    hash: Option<(DefaultHasher, DefaultHasher)>,
}

impl Tally {
    fn see(&mut self, element: &Element) {
        match element {
            Element::Move(_) | Element::Pass(_) => self.plies += 1,
            Element::Round(_) => self.rounds += 1,
            _ => {}
        }
        if let Some(hash) = &mut self.hash {
            hash_decision(element, hash);
        }
    }
}

/// A game's move text as the replay pulls it, each element also seen by the tally.
struct Tallied<'r, 't> {
    reader: &'r mut GameReader<'t>,
    tally: &'r mut Tally,
}

impl<'g> MoveText<'g> for Tallied<'_, '_> {
    fn next_element(&mut self) -> Option<Cow<'g, Element>> {
        let element = self.reader.next()?.ok()?;
        self.tally.see(&element);
        Some(Cow::Owned(element))
    }

    fn outcome(&self) -> Option<Spanned<Outcome>> {
        self.reader.outcome()
    }

    fn text_at(&self, span: Span) -> Option<&str> {
        self.reader.text_at(span)
    }

    fn skip_checkpoint(&mut self, written: impl FnOnce(&str) -> Option<usize>) -> bool {
        self.reader.skip_checkpoint(written)
    }
}

/// Feeds the `--dedupe` hash with a decision of the move text; comments and claims are left
/// out.
fn hash_decision(element: &Element, hash: &mut (DefaultHasher, DefaultHasher)) {
    let decision = match element {
        Element::Move(m) => format!("m{}", mgn::notation::write_move(&m.value)),
        Element::Pass(_) => "pass".to_string(),
        Element::Round(round) => format!("round {}", round.value),
        Element::Action(action) => format!("a{:?}", action.value),
        Element::Transaction(transaction) => format!("t{:?}", transaction.value),
        Element::Captures(_) | Element::Score(_) | Element::Checkpoint(_) | Element::Comment(_) => {
            return
        }
    };
    decision.hash(&mut hash.0);
    decision.hash(&mut hash.1);
}

/// Where a game stands in its part: from its first comment before it (or its `Game` tag) to
/// the end of its last comment after it (or its result).
#[derive(Clone, Copy)]
struct Placed {
    start: usize,
    end: usize,
}

/// The comments a part leaves for the first game of the next part, with the rest of the part
/// after them: where they start in the file, and their bytes.
type Carried = (u64, Vec<u8>);

impl Selection<'_> {
    fn bad_record(&mut self) {
        self.unread += 1;
        self.status = self.status.max(Status::Failed);
    }

    /// Reads one input a part at a time, selecting from its games.
    fn file(&mut self, file: usize, name: &str, reader: impl io::Read) -> io::Result<()> {
        let mut carried: Option<Carried> = None;
        let mut records = 0;
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
                    self.status = Status::Error;
                    return Ok(());
                }
            };
            let text = match report::part_text(name, &part) {
                Ok(text) => text,
                Err(shown) => {
                    output::show_rendered(&shown);
                    self.records += 1;
                    records += 1;
                    self.bad_record();
                    carried = None;
                    continue;
                }
            };
            let mut games = games_in_part(text, Vec::new(), part.last);
            let mut first = true;
            while let Some(next) = games.next_game() {
                records += 1;
                self.records += 1;
                // The comments the part before left belong to this part's first record.
                let before = if first { carried.take() } else { None };
                first = false;
                let read = next.and_then(|reader| self.read_game(&mut games, reader));
                match read {
                    Ok(Some(game)) => {
                        self.matched += 1;
                        if !self.args.count {
                            self.write(file, &part, text, game, before)?;
                        }
                    }
                    Ok(None) => {}
                    Err(error) => {
                        let source = Source::of_part(name, text, &part);
                        output::show_rendered(&report::syntax_error(
                            &source,
                            &error,
                            Paint::Stderr,
                        ));
                        self.bad_record();
                    }
                }
            }
            carried = games.pending().first().map(|comment| {
                let start = comment.span.start;
                (part.offset + start as u64, part.bytes[start..].to_vec())
            });
            last_part = Some(part);
        }
        // As `mgn check` has it, a file without a game is one bad record.
        if records == 0 {
            output::show_rendered(&report::no_game_in(name, last_part.as_ref()));
            self.bad_record();
        }
        Ok(())
    }

    /// Reads the game `reader` reads to its end, and says where it stands in the part when it
    /// passes every filter: those of its header first, then those of its move text, the
    /// replay only when a filter asks about play, and `--dedupe` last, so that the game kept
    /// is the first that matches the rest. The record's syntax error, if it does not read.
    fn read_game<'t>(
        &mut self,
        games: &mut Games<'t>,
        mut reader: GameReader<'t>,
    ) -> Result<Option<Placed>, SyntaxError> {
        let args = self.args;
        let number = self.records;
        let header = &reader.header;
        let header_matches = args.number.is_none_or(|range| range.contains(number))
            && args.game.is_none_or(|kind| header.game.value == kind)
            && args.tags.iter().all(|tag| tag.matches(header));
        let hash = (header_matches && args.dedupe).then(|| self.header_hash(header));
        let mut tally = Tally {
            plies: 0,
            rounds: 1,
            hash,
        };
        // The replay reads the move text itself when no filter of the move text could spare
        // it (one reading, as check's); else it comes after them, from the text again.
        let (mut played, mut replay) = (None, None);
        if header_matches && self.replays() {
            if args.plies.is_none() && args.rounds.is_none() {
                let header = reader.header.clone();
                let mut moves = Tallied {
                    reader: &mut reader,
                    tally: &mut tally,
                };
                played = Some(self.play_matches(&header, &mut moves));
            } else {
                replay = Some(reader.again());
            }
        }
        // What the replay left (all, without one): no filter here looks at checkpoints, and
        // only `--dedupe` at the moves themselves.
        let mut counts = MoveCounts::default();
        let mut hash = tally
            .hash
            .as_mut()
            .map(|hash| move |element: &Element| hash_decision(element, hash));
        collection::read_rest(
            &mut reader,
            &mut counts,
            hash.as_mut().map(|hash| hash as &mut dyn FnMut(&Element)),
        );
        tally.plies += counts.plies;
        tally.rounds += counts.round_marks;
        let outcome = reader.outcome();
        let start = reader
            .before
            .first()
            .map_or(reader.start(), |c| c.span.start);
        let after = games.finish(reader)?;
        let Some(outcome) = outcome else {
            unreachable!("a game read to its end without a syntax error has its result")
        };
        let matches = header_matches
            && args.result.is_none_or(|result| outcome.value == result)
            && args.plies.is_none_or(|range| range.contains(tally.plies))
            && args.rounds.is_none_or(|range| range.contains(tally.rounds))
            && played.unwrap_or(true)
            && replay.as_mut().is_none_or(|replay| {
                let header = replay.header.clone();
                self.play_matches(&header, replay)
            })
            && tally.hash.is_none_or(|(a, b)| {
                let key = (u128::from(a.finish()) << 64) | u128::from(b.finish());
                self.seen.insert(key)
            });
        let end = after.last().map_or(outcome.span.end, |c| c.span.end);
        Ok(matches.then_some(Placed { start, end }))
    }

    /// Whether a filter asks about the game's play.
    fn replays(&self) -> bool {
        let args = self.args;
        args.verdict.is_some() || args.position.is_some() || !args.rules.is_empty()
    }

    /// The filters that replay the game: `--verdict`, `--position`, `--rule`.
    fn play_matches<'g>(&self, header: &Header, game: &mut impl MoveText<'g>) -> bool {
        let args = self.args;
        let options = ReplayOptions::verdict().max_laps(args.max_laps);
        let mut reached = args.position.is_none();
        let mut fired = vec![false; args.rules.len()];
        let replayed = if args.position.is_none() && args.rules.is_empty() {
            replay_moves(header, game, options)
        } else {
            let mut watch = |progress: Progress| {
                let position = match &progress {
                    Progress::Start(position) => position,
                    Progress::Step(step) => {
                        // Counted over the whole step, however long, not from its events kept.
                        for (wanted, fired) in args.rules.iter().zip(fired.iter_mut()) {
                            *fired |= step.rules.fired(*wanted);
                        }
                        &step.after
                    }
                };
                if let Some(filter) = &args.position {
                    reached = reached || filter.matches(position);
                }
            };
            replay_moves(header, game, options.on_step(&mut watch))
        };
        let passed = replayed.failure.is_none();
        let verdict = match args.verdict {
            None => true,
            Some(VerdictFilter::Pass) => passed,
            Some(VerdictFilter::Fail) => !passed,
        };
        verdict && reached && fired.iter().all(|&fired| fired)
    }

    /// The start of what makes two games the same for `--dedupe`: the game, and the rules and
    /// start its moves are played under; the moves follow, as written, without comments or
    /// claims. Two hashes of 64 bits with different keys, so that two different games of any
    /// collection share both by chance practically never.
    fn header_hash(&self, header: &Header) -> (DefaultHasher, DefaultHasher) {
        let mut hashers = (self.hashers.0.build_hasher(), self.hashers.1.build_hasher());
        let mut feed = |text: &str| {
            text.hash(&mut hashers.0);
            text.hash(&mut hashers.1);
        };
        feed(header.game.value.name());
        feed(
            &header
                .board
                .as_ref()
                .map(|b| b.value.to_string())
                .unwrap_or_default(),
        );
        feed(header.preset.as_ref().map_or("", |p| &p.value));
        for option in &header.options {
            feed(&option.value.code);
            feed(&option.value.value);
        }
        feed(header.first.as_ref().map_or("", |f| f.value.name()));
        if let Some(start) = &header.start {
            feed(&write_position(&start.value));
        }
        hashers
    }

    /// Writes `game` as it was written: the comments before it (`before`, when the part before
    /// left them), the game, the comments after it and the blanks that follow. Between games
    /// that did not follow each other in the input, a blank line, so that each one's comments
    /// stay its own.
    fn write(
        &mut self,
        file: usize,
        part: &Part,
        text: &str,
        game: Placed,
        before: Option<Carried>,
    ) -> io::Result<()> {
        let bytes = text.as_bytes();
        let start = match &before {
            // The part starts with the game's `[Game` line, right after what was carried.
            Some(_) => 0,
            None => game.start,
        };
        let end = game.end;
        let blanks = bytes[end..]
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .count();
        let starts_at = before
            .as_ref()
            .map_or(part.offset + start as u64, |(at, _)| *at);
        let follows = self.last_end == Some((file, starts_at));
        if self.last_end.is_some() && !follows {
            let line_end: &[u8] = if self.crlf { b"\r\n" } else { b"\n" };
            for _ in self.newlines_at_end..2 {
                self.out.write_all(line_end)?;
            }
        }
        if let Some((_, carried)) = &before {
            self.out.write_all(carried)?;
        }
        self.out.write_all(&bytes[start..end + blanks])?;
        self.newlines_at_end = memchr_count(&bytes[end..end + blanks]);
        let written = &bytes[start..end + blanks];
        if let Some(last) = written.iter().rposition(|&b| b == b'\n') {
            self.crlf = last > 0 && written[last - 1] == b'\r';
        }
        self.last_end = Some((file, part.offset + (end + blanks) as u64));
        Ok(())
    }
}

fn memchr_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_may_leave_an_end_open() {
        let range = |min, max| CountRange { min, max };
        assert_eq!(count_range("3..7"), Ok(range(Some(3), Some(7))));
        assert_eq!(count_range("..40"), Ok(range(None, Some(40))));
        assert_eq!(count_range("10.."), Ok(range(Some(10), None)));
        assert_eq!(count_range("5"), Ok(range(Some(5), Some(5))));
        assert!(count_range("..").is_err());
        assert!(count_range("7..3").unwrap_err().contains("starts above"));
        assert!(count_range("a..3")
            .unwrap_err()
            .contains("not a whole number"));
        assert!(count_range("3-7").is_err());
        assert!(game_numbers("0..4").is_err());
        assert!(range(Some(3), Some(7)).contains(7));
        assert!(!range(Some(3), None).contains(2));
    }

    #[test]
    fn globs_take_any_run_or_one_character() {
        assert!(glob_matches("Open*", "Open 2026"));
        assert!(glob_matches("*2026", "Open 2026"));
        assert!(glob_matches("O?en*6", "Open 2026"));
        assert!(glob_matches("*", ""));
        assert!(glob_matches("a*b*c", "aXbYbZc"));
        assert!(!glob_matches("Open", "Open 2026"));
        assert!(!glob_matches("?", ""));
        assert!(!glob_matches("a*b", "aXbY"));
        assert!(glob_matches("é?", "éa"));
    }

    #[test]
    fn a_position_leaves_out_what_it_does_not_write() {
        let filter = position_filter("[0,1,0,0,0/0,6,1,0,0 24/18]").unwrap();
        assert!(!filter.to_move && !filter.round);
        let filter = position_filter("0,1,0,0,0/0,6,1,0,0 24/18 A 1").unwrap();
        assert!(filter.to_move && filter.round && !filter.debts);
        assert!(position_filter("0,1,0 x").is_err());
    }
}
