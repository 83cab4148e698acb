//! The MGN reader, written with nom (see `docs/notation.md`, "Grammar").
//!
//! The move text is read by a loop that looks at the first byte of each element and hands over
//! to one small nom parser for that kind of element. No element backtracks into another, and
//! nothing recurses on the input, so a long or hostile file never grows the stack. Once the
//! first byte has chosen an element's kind, every later failure inside it is a
//! `nom::Err::Failure` that says, for a person, what was expected there; `nom::Err::Error` only
//! means "not this alternative" and never leaves an element.
//!
//! Every parser works on a subslice of the whole text, so a node's byte offset is the distance
//! from the start of the text to the start of the subslice it was read from. A tag's span is
//! that of its value, between the quotes; a comment's includes its `{}` or `;`; a checkpoint's
//! includes its brackets.
//!
//! Where the spec leaves room, the reader decides:
//! - `sp` in the grammar is one space or tab (tabs count as spaces);
//! - a tag value stays on its line (a tag is "on its own line"), so an unclosed quote is
//!   reported at the end of that line rather than swallowing the file;
//! - comments before the first game are its `before`; comments between tags are the header's;
//!   comments after the last tag are the first elements of the move text; comments after a
//!   result are that game's `after` up to the first blank line, and the next game's `before`
//!   after it (at the end of the file, all the last game's `after`);
//! - a brace comment's text is everything between the braces, verbatim; a line comment's is
//!   everything after `;` up to the line end, without a `\r`;
//! - every token (move, number, claim, checkpoint, keyword, result) must be followed by a blank,
//!   a comment or the end of the text; comments need nothing after them.

use std::borrow::Cow;
use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::char;
use nom::combinator::{opt, value};
use nom::error::{ErrorKind, ParseError};
use nom::multi::separated_list1;
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use super::ast::*;
use super::write::settle_comment_places;

/// A syntax error: where, what was expected, what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset into the text that was parsed.
    pub offset: usize,
    /// What the grammar allows at `offset`, in words.
    pub expected: String,
    /// What the text holds there, quoted.
    pub found: String,
}

impl SyntaxError {
    /// `expected X, found Y`: what is wrong, without where (a report says where in its own
    /// way, as `file:line:column`).
    pub fn message(&self) -> String {
        format!("expected {}, found {}", self.expected, self.found)
    }
}

impl fmt::Display for SyntaxError {
    /// `at byte 123: expected X, found Y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "at byte {}: expected {}, found {}",
            self.offset, self.expected, self.found
        )
    }
}

impl std::error::Error for SyntaxError {}

/// Every game of a file, in order; a broken game is an error and the reading goes on at the
/// next `[Game` line.
pub fn parse_games(text: &str) -> Vec<Result<Game, SyntaxError>> {
    games(text).collect()
}

/// The games of a file one at a time, as [`parse_games`] reads them: a checker that drops each
/// game when done holds one game's syntax tree, however large the file. The text is read a
/// part at a time, as a file read from a stream is ([`super::parts()`]): both give the same.
pub fn games(text: &str) -> Games<'_> {
    let start = text.len() - text.strip_prefix('\u{feff}').unwrap_or(text).len();
    let mut games = games_in_part("", Vec::new(), true);
    games.whole = text;
    games.enter_part(start);
    games
}

/// The games of a part of a file: a file read game by game is cut just before each line that
/// starts with `[Game` (a game never spans such a line, docs/notation.md), and each part is
/// read alone. `before` holds the comments the part before left for this part's first game
/// ([`Games::pending`]); `last` says whether the part ends where the file does. Spans are
/// offsets into `text`.
pub fn games_in_part(text: &str, before: Vec<Spanned<Comment>>, last: bool) -> Games<'_> {
    Games {
        whole: text,
        next_part: None,
        reader: Reader {
            text,
            base: 0,
            last,
        },
        rest: Some(text.strip_prefix('\u{feff}').unwrap_or(text)),
        elements: Vec::new(),
        before,
        kind: None,
    }
}

/// The iterator of [`games`]; [`Games::next_game`] reads a game element by element instead.
pub struct Games<'a> {
    /// The text the parts are cut from.
    whole: &'a str,
    /// Where the part after the current one starts in `whole`.
    next_part: Option<usize>,
    /// The reader of the current part.
    reader: Reader<'a>,
    /// The part's text not read yet; `None` once it is read, or while a game is read.
    rest: Option<&'a str>,
    /// The move text of every game is read into this one buffer, then moved into a vector of
    /// its exact size: no vector of elements grows by copying itself over and over.
    elements: Vec<Element>,
    /// The comments read for the next game's `before`: a game is yielded when its result is
    /// read, and the comments after it are only known to be the next game's once a blank line
    /// and then more than comments are seen.
    before: Vec<Spanned<Comment>>,
    /// The game the last record read or tried names in its `Game` tag, if it names one.
    kind: Option<GameKind>,
}

/// One game read element by element: its header at once, its move text as it is pulled, so
/// that a game of millions of moves is replayed or written without holding its syntax tree.
/// It yields the elements in order and ends at the result ([`GameReader::outcome`]), or at the
/// first syntax error (yielded as the last item). Hand it back to [`Games::finish`].
pub struct GameReader<'a> {
    reader: Reader<'a>,
    /// The game's tag section.
    pub header: Header,
    /// The comments before its `Game` tag.
    pub before: Vec<Spanned<Comment>>,
    start: &'a str,
    /// The comments after the last tag: the move text's first elements.
    opening: std::vec::IntoIter<Spanned<Comment>>,
    rest: &'a str,
    cursor: Cursor,
    state: ReadState,
}

/// Where a move text stands: the plies move numbers are checked against, and the holes the next
/// checkpoint likely has.
#[derive(Default)]
struct Cursor {
    /// Plies since the start of the round.
    plies: usize,
    holes_hint: usize,
    /// Whether the game keeps debts, which its checkpoints may write (Dong Wo).
    debts: bool,
    /// Whether a checkpoint [`GameReader::skip_checkpoint_into`] stepped over was not plain: a
    /// game's checkpoints that hold a muzi or an owner hold one in most (Dong Wo's two muzi
    /// are always on the board or in a store), so its later ones are read at once, where the
    /// look for a plain one was a fortieth of converting them.
    not_plain: bool,
}

impl Cursor {
    fn of(header: &Header) -> Cursor {
        Cursor {
            debts: header.game.value == GameKind::DongWo,
            ..Cursor::default()
        }
    }
}

/// What the move text holds next.
enum Next {
    Element(Element),
    End(Spanned<Outcome>),
}

enum ReadState {
    Reading,
    Ended(Spanned<Outcome>),
    /// This syntax error ended the game.
    Failed(SyntaxError),
}

impl<'a> GameReader<'a> {
    /// The result that closed the move text, once every element was read.
    pub fn outcome(&self) -> Option<Spanned<Outcome>> {
        match &self.state {
            ReadState::Ended(outcome) => Some(outcome.clone()),
            _ => None,
        }
    }

    /// Where the game's `Game` tag starts, as the offsets of its spans count (the start of
    /// [`Game::span`]).
    pub fn start(&self) -> usize {
        self.reader.offset(self.start)
    }

    /// The text of the game at `span`, one of the spans of its elements.
    pub fn text_at(&self, span: Span) -> Option<&'a str> {
        let base = self.reader.base;
        self.reader
            .text
            .get(span.start.checked_sub(base)?..span.end.checked_sub(base)?)
    }

    /// Steps over the next element if it is a checkpoint whose text between its brackets is
    /// the text `written` accepts, and says whether it did. `written` is given the text after
    /// the `[` and says how long the accepted text it starts with is (as
    /// [`written_position_len`](crate::notation::written_position_len) does). The replay passes
    /// it the position it reached: a checkpoint written as mgn writes that position claims
    /// exactly it, and reads (the writer's text reads back as what it wrote), so it is not read
    /// at all. Reading checkpoints was a fifth of checking a record that has one after every
    /// move. Anything else (another element, a checkpoint written otherwise, one not followed
    /// by a space or comment) is left for [`Iterator::next`] to read.
    #[inline]
    pub fn skip_checkpoint(&mut self, written: impl FnOnce(&'a str) -> Option<usize>) -> bool {
        if !matches!(self.state, ReadState::Reading) || !self.opening.as_slice().is_empty() {
            return false;
        }
        // Blanks before an element are stepped over as `next` would.
        self.rest = skip_space(self.rest);
        let Some(body) = self.rest.strip_prefix('[') else {
            return false;
        };
        let Some(len) = written(body) else {
            return false;
        };
        let Some(after) = body.get(len..).and_then(|after| after.strip_prefix(']')) else {
            return false;
        };
        if !at_boundary(after) {
            return false;
        }
        self.rest = after;
        true
    }

    /// Steps over the next element if it is a checkpoint written exactly as mgn writes the
    /// position it reads as ([`canonical_position_len`]), and gives its text between the
    /// brackets: a writer of the canonical form (`mgn convert --to mgn`) copies it rather than
    /// making the position and writing it again, which was most of its time on a record with a
    /// checkpoint after every move. Anything else is left for [`Iterator::next`].
    #[inline]
    pub fn skip_canonical_checkpoint(&mut self) -> Option<CanonicalCheckpoint<'a>> {
        let start = skip_space(self.rest);
        if !self.skip_checkpoint(canonical_position_len) {
            return None;
        }
        // `rest` now starts after the `]`.
        let consumed = start.len() - self.rest.len();
        start.get(1..consumed - 1).map(CanonicalCheckpoint)
    }

    /// Steps over the next element if it is a checkpoint of the common shape (what the fast
    /// reader reads: any position MGN writes), and says how. A checkpoint written exactly as mgn
    /// writes it ([`canonical_position_len`]) whose holes and stores are numbers alone, or holes
    /// out of play (no muzi, no owner, no debts: most of Nchuwa's, Mraw imrujen's and Dakon's)
    /// is given by its fields as written ([`SkippedCheckpoint::Plain`]),
    /// and `position` is left as it was; any other is read into `position`, whose rows keep
    /// their room ([`SkippedCheckpoint::Read`]). A writer that turns each checkpoint into another
    /// text (`mgn convert --to json`) reads them so without making a vector for each and an
    /// element to hold it, and writes the numbers of a plain one as they stand, where reading
    /// them into holes and writing them back was two fifths of its time. The look for a plain
    /// one gives up at the first byte that is not of one, early in most of those that are not,
    /// and once a game's checkpoint was not plain its later ones are all read into `position`
    /// (a plain one too: its holes write as its fields would). Anything else is left for [`Iterator::next`] (`None`), and `position` is then unspecified.
    #[inline]
    pub fn skip_checkpoint_into(
        &mut self,
        position: &mut Position,
    ) -> Option<SkippedCheckpoint<'a>> {
        let mut plain = None;
        let mut scanned = None;
        let holes = &mut position.holes;
        let look_for_plain = !self.cursor.not_plain;
        let stepped = self.skip_checkpoint(|body| {
            if look_for_plain {
                if let Some((len, fields)) = plain_position(body) {
                    plain = Some(fields);
                    return Some(len);
                }
            }
            let mut len = None;
            holes.refill(|holes| {
                let read = scan_position(body.as_bytes(), |hole| holes.push(hole))?;
                len = Some(read.len);
                let a_holes = read.a_holes;
                scanned = Some(read);
                Some(a_holes)
            });
            len
        });
        if !stepped {
            return None;
        }
        if let Some(plain) = plain {
            return Some(SkippedCheckpoint::Plain(plain));
        }
        self.cursor.not_plain = true;
        let read = scanned?;
        position.stores = read.stores;
        position.to_move = read.to_move;
        position.round = read.round;
        position.debts = read.debts;
        Some(SkippedCheckpoint::Read)
    }

    /// Steps over the next ply if it is `pass` or a move of the common shape (sowings from
    /// holes, each with its direction or none, joined by `-`: `B4`, `B4-B2-B1`, `A3>`), with
    /// the move numbers before it, and says whether it did. The ply is checked as
    /// [`Iterator::next`] checks it (its number against the ply, the blank or comment after it)
    /// and counted, but not built: a reader that only counts plies (`mgn select` by tags, `mgn
    /// stats --no-replay`) spent most of its time making and dropping moves. Anything else
    /// (another element, a move with captures, actions, transfers, muzi drops or a lap, a
    /// wrong move number) is left for [`Iterator::next`] to read or report.
    #[inline]
    pub fn skip_ply(&mut self) -> bool {
        if !matches!(self.state, ReadState::Reading) || !self.opening.as_slice().is_empty() {
            return false;
        }
        let mut i = skip_space(self.rest);
        loop {
            // Move numbers are passed over as `next_in_movetext` passes them; each one stepped
            // over is one `next` would have stepped over too.
            self.rest = i;
            match i.as_bytes().first() {
                Some(b'0'..=b'9') if result_prefix(i).is_none() => {
                    match self.reader.move_number(i, self.cursor.plies) {
                        Ok(rest) if at_boundary(rest) => i = skip_space(rest),
                        _ => return false,
                    }
                }
                Some(b'A' | b'B' | b'p') => {
                    let len = if i.starts_with("pass") {
                        4
                    } else {
                        match move_len(i) {
                            Some(len) => len,
                            None => return false,
                        }
                    };
                    let after = &i[len..];
                    if !at_boundary(after) {
                        return false;
                    }
                    self.cursor.plies += 1;
                    self.rest = after;
                    return true;
                }
                _ => return false,
            }
        }
    }

    /// A new reader of the same game, from its first element: to replay it again.
    pub fn again(&self) -> GameReader<'a> {
        let (rest, (header, opening)) = match self.reader.header(self.start) {
            Ok(read) => read,
            Err(_) => unreachable!("a game's tag section read once reads again"),
        };
        GameReader {
            reader: self.reader,
            cursor: Cursor::of(&header),
            header,
            before: Vec::new(),
            start: self.start,
            opening: opening.into_iter(),
            rest,
            state: ReadState::Reading,
        }
    }
}

impl Iterator for GameReader<'_> {
    type Item = Result<Element, SyntaxError>;

    fn next(&mut self) -> Option<Self::Item> {
        if !matches!(self.state, ReadState::Reading) {
            return None;
        }
        if let Some(comment) = self.opening.next() {
            return Some(Ok(Element::Comment(comment)));
        }
        let read = self
            .reader
            .next_in_movetext(self.rest, &mut self.cursor)
            .and_then(|(rest, next)| {
                if let Next::End(outcome) = &next {
                    self.reader.check_result_tag(&self.header, outcome)?;
                }
                Ok((rest, next))
            });
        match read {
            Ok((rest, Next::Element(element))) => {
                self.rest = rest;
                Some(Ok(element))
            }
            Ok((rest, Next::End(outcome))) => {
                self.rest = rest;
                self.state = ReadState::Ended(outcome);
                None
            }
            Err(e) => {
                let error = self.reader.error(e, "end of file");
                self.state = ReadState::Failed(error.clone());
                Some(Err(error))
            }
        }
    }
}

impl<'a> Games<'a> {
    /// Goes on with the part of `whole` that starts at `start`.
    fn enter_part(&mut self, start: usize) {
        let end = next_game_line(self.whole, start + 1).unwrap_or(self.whole.len());
        self.next_part = (end < self.whole.len()).then_some(end);
        let text = &self.whole[start..end];
        self.reader = Reader {
            text,
            base: start,
            last: self.next_part.is_none(),
        };
        self.rest = Some(text);
    }

    /// The game the last record read names in its `Game` tag, if it names one: also for a
    /// record whose tag section does not read after its `Game` tag, for reports that say which
    /// game a syntax error is in.
    pub fn game_kind(&self) -> Option<GameKind> {
        self.kind
    }

    /// The next record: a reader of its elements, or the syntax error its tag section holds.
    /// A reader must be handed back to [`Games::finish`] before the next record is read.
    pub fn next_game(&mut self) -> Option<Result<GameReader<'a>, SyntaxError>> {
        loop {
            if let Some(read) = self.next_game_in_part() {
                return Some(read);
            }
            // A game being read has taken `rest` too; it is not over until it is finished.
            let start = self.next_part?;
            self.enter_part(start);
        }
    }

    fn next_game_in_part(&mut self) -> Option<Result<GameReader<'a>, SyntaxError>> {
        let i = self.rest.take()?;
        let reader = self.reader;
        let attempt = reader.comments_before(i, &mut self.before).and_then(|j| {
            if j.is_empty() {
                Ok(None)
            } else {
                reader.header(j).map(|(rest, read)| Some((j, rest, read)))
            }
        });
        self.kind = match &attempt {
            Ok(Some((_, _, (header, _)))) => Some(header.game.value),
            Ok(None) => None,
            // A tag section that breaks after its `Game` tag still says which game it is.
            Err(_) => reader
                .comments_before(i, &mut Vec::new())
                .ok()
                .and_then(|j| reader.tag(j).ok())
                .filter(|(_, t)| t.name == "Game")
                .and_then(|(_, t)| GameKind::from_name(&t.value)),
        };
        match attempt {
            Ok(None) => None,
            Ok(Some((start, rest, (header, opening)))) => Some(Ok(GameReader {
                reader,
                cursor: Cursor::of(&header),
                header,
                before: std::mem::take(&mut self.before),
                start,
                opening: opening.into_iter(),
                rest,
                state: ReadState::Reading,
            })),
            Err(e) => {
                let error = reader.error(e, "end of file");
                self.resume_after(i, error.offset);
                Some(Err(error))
            }
        }
    }

    /// Ends the game `game` read: it is read to its end if it was not, and the reading goes on
    /// after it. Gives the comments after its result, or the syntax error that ended it.
    pub fn finish(
        &mut self,
        mut game: GameReader<'a>,
    ) -> Result<Vec<Spanned<Comment>>, SyntaxError> {
        // What is left is only checked: checkpoints and plies of the common shape are stepped
        // over rather than built and dropped (`mgn convert` to standard output reads every
        // game through once before it writes any).
        loop {
            if game.skip_checkpoint(position_len) || game.skip_ply() {
                continue;
            }
            if game.next().is_none() {
                break;
            }
        }
        match game.state {
            ReadState::Ended(_) => {
                let mut after = Vec::new();
                let rest = self
                    .reader
                    .comments_after(game.rest, &mut after, &mut self.before);
                self.rest = Some(rest);
                Ok(after)
            }
            ReadState::Failed(error) => {
                self.resume_after(game.start, error.offset);
                Err(error)
            }
            ReadState::Reading => unreachable!("a game reader read to its end is not reading"),
        }
    }

    /// After a broken record that began at `began`, with its error at `offset`: the reading
    /// goes on at the next `[Game` line, strictly after where the record began, so that an
    /// error at the very start of a `[Game` line cannot make the reader try it forever.
    fn resume_after(&mut self, began: &'a str, offset: usize) {
        // A broken record takes the comments read for it along.
        self.before.clear();
        let text = self.reader.text;
        let from = offset.max(self.reader.offset(began) + 1) - self.reader.base;
        self.rest = next_game_line(text, from).map(|start| &text[start..]);
    }

    /// The comments read after the last game of a part that is not the file's last: they
    /// belong to the next part's first game.
    pub fn pending(self) -> Vec<Spanned<Comment>> {
        self.before
    }
}

impl Iterator for Games<'_> {
    type Item = Result<Game, SyntaxError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut reader = match self.next_game()? {
            Ok(reader) => reader,
            Err(error) => return Some(Err(error)),
        };
        let mut elements = std::mem::take(&mut self.elements);
        elements.clear();
        for element in reader.by_ref() {
            match element {
                Ok(element) => elements.push(element),
                Err(_) => break,
            }
        }
        let mut moves = Vec::with_capacity(elements.len());
        moves.append(&mut elements);
        self.elements = elements;
        let outcome = reader.outcome();
        let header = std::mem::replace(&mut reader.header, Header::new(GameKind::Dakon));
        let before = std::mem::take(&mut reader.before);
        let start = reader.start;
        match (self.finish(reader), outcome) {
            (Ok(after), Some(outcome)) => {
                let end = outcome.span.end;
                Some(Ok(Game {
                    before,
                    header,
                    moves,
                    outcome,
                    after,
                    span: Span::new(self.reader.offset(start), end),
                }))
            }
            (Err(error), _) => Some(Err(error)),
            (Ok(_), None) => unreachable!("a game that ended well has its result"),
        }
    }
}

/// The text of a checkpoint (between its brackets) written exactly as [`write_position`] writes
/// the position it reads as: only [`GameReader::skip_canonical_checkpoint`] makes one, after
/// [`canonical_position_len`] checked it, so that a writer copies it as it stands (one line of
/// ASCII, numbers without leading zeros) without checking it again.
///
/// [`write_position`]: super::write_position
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanonicalCheckpoint<'a>(&'a str);

impl<'a> CanonicalCheckpoint<'a> {
    /// The text, without the brackets.
    pub fn as_str(self) -> &'a str {
        self.0
    }
}

/// How [`GameReader::skip_checkpoint_into`] stepped over a checkpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkippedCheckpoint<'a> {
    /// Numbers alone, written as mgn writes them: given by its fields as written.
    Plain(PlainCheckpoint<'a>),
    /// Any other of the common shape: read into the position given.
    Read,
}

/// A checkpoint of numbers alone (and holes out of play), written as mgn writes it
/// ([`GameReader::skip_checkpoint_into`]): its fields as they stand in the record. Every number
/// is in its canonical decimal form (one to nine digits, no leading zero), the form JSON and
/// YAML write it in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainCheckpoint<'a> {
    rows: [&'a str; 2],
    stores: [&'a str; 2],
    to_move: Side,
    round: &'a str,
}

impl<'a> PlainCheckpoint<'a> {
    /// `side`'s row, from hole 1: its holes' seeds, or `x` for a hole out of play, joined by `,`
    /// (`6,0,12`, `x,x,5,5`).
    pub fn row(&self, side: Side) -> &'a str {
        self.rows[side.index()]
    }

    /// A's and B's stores, each its seeds.
    pub fn stores(&self) -> [&'a str; 2] {
        self.stores
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The round, as written.
    pub fn round(&self) -> &'a str {
        self.round
    }
}

/// Where each field of a position string that reads lies in it, as byte ranges of the string:
/// what a report points at when one field of a checkpoint is wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionFields {
    /// Each row whole (`6,0,0,6,6`), A's then B's.
    pub rows: [std::ops::Range<usize>; 2],
    /// Each hole of each row, A's then B's.
    pub holes: [Vec<std::ops::Range<usize>>; 2],
    /// A's and B's stores or winnings, each as written.
    pub stores: [std::ops::Range<usize>; 2],
    /// The side to move, as written.
    pub to_move: std::ops::Range<usize>,
    /// The round, as written.
    pub round: std::ops::Range<usize>,
    /// A's and B's debts, when the string writes them.
    pub debts: Option<[std::ops::Range<usize>; 2]>,
}

/// The fields of the position string `text` (without brackets), found by its separators alone:
/// for a position that reads, they are its fields. `None` if it is not of that shape.
pub fn position_fields(text: &str) -> Option<PositionFields> {
    let mut fields = text.split(' ').scan(0, |at, field| {
        let range = *at..*at + field.len();
        *at += field.len() + 1;
        Some(range)
    });
    let holes = fields.next()?;
    let halves = |range: std::ops::Range<usize>| {
        let slash = text[range.clone()].find('/')? + range.start;
        Some([range.start..slash, slash + 1..range.end])
    };
    let rows = halves(holes)?;
    let split_row = |row: &std::ops::Range<usize>| {
        let mut at = row.start;
        text[row.clone()]
            .split(',')
            .map(|hole| {
                let range = at..at + hole.len();
                at += hole.len() + 1;
                range
            })
            .collect::<Vec<_>>()
    };
    let holes = [split_row(&rows[0]), split_row(&rows[1])];
    let stores = halves(fields.next()?)?;
    let to_move = fields.next()?;
    let round = fields.next()?;
    let debts = match fields.next() {
        Some(debts) => Some(halves(debts)?),
        None => None,
    };
    Some(PositionFields {
        rows,
        holes,
        stores,
        to_move,
        round,
        debts,
    })
}

/// A position string on its own (as in a `Start` tag).
pub fn parse_position(text: &str) -> Result<Position, SyntaxError> {
    let reader = Reader::whole(text);
    let read = position(text, 0, true).and_then(|(rest, p)| {
        if rest.is_empty() {
            Ok(p)
        } else {
            fail(rest, "the end of the position")
        }
    });
    read.map_err(|e| reader.error(e, "the end of the position"))
}

/// The first line start at or after `from` whose line begins a game.
fn next_game_line(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut line = if from == 0 || bytes.get(from - 1) == Some(&b'\n') {
        from
    } else {
        from + bytes.get(from..)?.iter().position(|&b| b == b'\n')? + 1
    };
    while line < bytes.len() {
        let rest = &bytes[line..];
        if rest.starts_with(b"[Game ") || rest.starts_with(b"[Game\t") {
            return Some(line);
        }
        line += rest.iter().position(|&b| b == b'\n')? + 1;
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Errors inside the parsers.

/// A parser's failure: the rest of the input where it failed, and what was wanted there.
/// `found` is left to describe the input at `at`, except where that would mislead (an unclosed
/// comment is reported at its `{`, but what was found is the end of the file).
#[derive(Debug)]
struct Fail<'a> {
    at: &'a str,
    expected: Cow<'static, str>,
    found: Option<Cow<'static, str>>,
}

impl<'a> ParseError<&'a str> for Fail<'a> {
    fn from_error_kind(at: &'a str, _: ErrorKind) -> Self {
        // Only reaches a user if some parser forgot its `expect`; still better than a panic.
        Fail {
            at,
            expected: Cow::Borrowed("valid MGN"),
            found: None,
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, the one that got further says more.
    fn or(self, other: Self) -> Self {
        if other.at.len() < self.at.len() {
            other
        } else {
            self
        }
    }
}

type PResult<'a, T> = IResult<&'a str, T, Fail<'a>>;
type Failure<'a> = nom::Err<Fail<'a>>;

fn failure<'a>(
    at: &'a str,
    expected: impl Into<Cow<'static, str>>,
    found: Option<Cow<'static, str>>,
) -> Failure<'a> {
    nom::Err::Failure(Fail {
        at,
        expected: expected.into(),
        found,
    })
}

fn fail<'a, T>(at: &'a str, expected: impl Into<Cow<'static, str>>) -> Result<T, Failure<'a>> {
    Err(failure(at, expected, None))
}

/// Commits to `p`: if it does not match at all, that is a failure described as `what`, at the
/// place `p` started.
fn expect<'a, O>(
    what: &'static str,
    mut p: impl Parser<&'a str, Output = O, Error = Fail<'a>>,
) -> impl FnMut(&'a str) -> PResult<'a, O> {
    move |i| match p.parse(i) {
        Err(nom::Err::Error(_)) => fail(i, what),
        other => other,
    }
}

/// What a person sees at `at`: the token there, shortened, or the kind of blank.
fn describe(at: &str, end: &str) -> String {
    match at.chars().next() {
        None => end.to_owned(),
        Some('\n' | '\r') => "end of line".to_owned(),
        Some(' ') => "a space".to_owned(),
        Some('\t') => "a tab".to_owned(),
        Some(_) => {
            let token = at.split([' ', '\t', '\r', '\n']).next().unwrap_or_default();
            format!("`{}`", shorten(token))
        }
    }
}

fn shorten(token: &str) -> Cow<'_, str> {
    const MAX: usize = 20;
    match token.char_indices().nth(MAX) {
        Some((cut, _)) => Cow::Owned(format!("{}…", &token[..cut])),
        None => Cow::Borrowed(token),
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens that carry no span of their own.
//
// The tokens of positions and moves make up most of a record (a checkpoint after every move is
// common), so they are read byte by byte rather than with combinators: they are small and
// regular, and this is where the reading time goes. They fail as nom parsers do, with
// `nom::Err::Error` for "not this token" and `nom::Err::Failure` only when committed.

const RESULT: &str = "a result (1-0, 0-1, 1/2-1/2 or *)";

/// "Not this token", at `at`: what it should have been is said by whoever expected it.
fn mismatch<T>(at: &str) -> PResult<'_, T> {
    Err(nom::Err::Error(Fail::from_error_kind(at, ErrorKind::Char)))
}

/// `i` without its first byte, if that is `b`; else a failure that expected `what`.
fn byte<'a>(i: &'a str, b: u8, what: &'static str) -> Result<&'a str, Failure<'a>> {
    match i.as_bytes().first() {
        Some(&c) if c == b => Ok(&i[1..]),
        _ => fail(i, what),
    }
}

fn number(i: &str) -> PResult<'_, u32> {
    let mut n: u64 = 0;
    let mut digits = 0;
    for &b in i.as_bytes() {
        if !b.is_ascii_digit() {
            break;
        }
        n = n * 10 + u64::from(b - b'0');
        if n > u64::from(u32::MAX) {
            return fail(i, "a number of at most 4294967295");
        }
        digits += 1;
    }
    if digits == 0 {
        return mismatch(i);
    }
    Ok((&i[digits..], n as u32))
}

fn side(i: &str) -> PResult<'_, Side> {
    match i.as_bytes().first() {
        Some(b'A') => Ok((&i[1..], Side::A)),
        Some(b'B') => Ok((&i[1..], Side::B)),
        _ => mismatch(i),
    }
}

fn hole(i: &str) -> PResult<'_, Hole> {
    let (rest, s) = side(i)?;
    let (rest, n) = number(rest)?;
    Ok((rest, Hole::new(s, n)))
}

/// A single space or tab, as between the fields of a position or after `round`.
fn sp(i: &str) -> PResult<'_, char> {
    match i.as_bytes().first() {
        Some(b' ') => Ok((&i[1..], ' ')),
        Some(b'\t') => Ok((&i[1..], '\t')),
        _ => mismatch(i),
    }
}

#[inline]
fn skip_space(i: &str) -> &str {
    // Nearly always one blank or none: a plain loop, which the iterator's count was not
    // compiled to (a sixth of reading a file of moves alone).
    let b = i.as_bytes();
    let mut blanks = 0;
    while blanks < b.len() && matches!(b[blanks], b' ' | b'\t' | b'\r' | b'\n') {
        blanks += 1;
    }
    &i[blanks..]
}

/// Tokens must not run together: `B4x` is not a move followed by something.
fn boundary<'a>(i: &'a str, after: &'static str) -> Result<(), Failure<'a>> {
    if at_boundary(i) {
        return Ok(());
    }
    fail(i, after)
}

/// Whether `i` starts where a token may end: at a blank, a comment or the end.
#[inline]
fn at_boundary(i: &str) -> bool {
    matches!(
        i.as_bytes().first(),
        None | Some(b' ' | b'\t' | b'\r' | b'\n' | b'{' | b';')
    )
}

/// `mAmB`, `mA` or `mB`, if `i` starts with one.
fn muzi(i: &str) -> Option<(&str, Muzi)> {
    if !i.starts_with('m') {
        None
    } else if let Some(rest) = i.strip_prefix("mAmB") {
        Some((rest, Muzi { a: true, b: true }))
    } else if let Some(rest) = i.strip_prefix("mA") {
        Some((rest, Muzi::of(Side::A)))
    } else {
        Some((i.strip_prefix("mB")?, Muzi::of(Side::B)))
    }
}

/// Seeds, muzi, or seeds then muzi: `5`, `mA`, `3mAmB`.
fn pile(i: &str) -> PResult<'_, Pile> {
    let (rest, seeds) = match number(i) {
        Ok((rest, n)) => (rest, Some(n)),
        Err(nom::Err::Error(_)) => (i, None),
        Err(e) => return Err(e),
    };
    match (seeds, muzi(rest)) {
        (None, None) => mismatch(i),
        (seeds, Some((rest, muzi))) => Ok((
            rest,
            Pile {
                seeds: seeds.unwrap_or(0),
                muzi,
            },
        )),
        (Some(seeds), None) => Ok((
            rest,
            Pile {
                seeds,
                muzi: Muzi::NONE,
            },
        )),
    }
}

fn hole_state(i: &str) -> PResult<'_, HoleState> {
    if let Some(rest) = i.strip_prefix('x') {
        let out = HoleState {
            out_of_play: true,
            ..HoleState::default()
        };
        return Ok((rest, out));
    }
    let (i, pile) = pile(i)?;
    let (i, owner) = match i.strip_prefix('@') {
        Some(after) => match side(after) {
            Ok((rest, owner)) => (rest, Some(owner)),
            Err(_) => return fail(after, "the hole's owner after `@`, A or B"),
        },
        None => (i, None),
    };
    let out = HoleState {
        pile,
        owner,
        out_of_play: false,
    };
    Ok((i, out))
}

/// One player's holes, `5,0@B,mA,x`: at least one, separated by `,`, added to `row`.
fn holes<'a>(i: &'a str, row: &mut Vec<HoleState>) -> PResult<'a, ()> {
    let mut i = i;
    loop {
        let (rest, h) = match hole_state(i) {
            Err(nom::Err::Error(_)) => return fail(i, "a hole's contents such as 5, 0@B, mA or x"),
            read => read?,
        };
        row.push(h);
        match rest.strip_prefix(',') {
            Some(next) => i = next,
            None => return Ok((rest, ())),
        }
    }
}

/// A pile where one is expected: anything else fails as `what`.
fn expect_pile<'a>(i: &'a str, what: &'static str) -> PResult<'a, Pile> {
    match pile(i) {
        Err(nom::Err::Error(_)) => fail(i, what),
        read => read,
    }
}

/// A hole where one is expected: anything else fails as `what`.
fn expect_hole<'a>(i: &'a str, what: &'static str) -> PResult<'a, Hole> {
    match hole(i) {
        Err(nom::Err::Error(_)) => fail(i, what),
        read => read,
    }
}

/// A space or tab where one is expected.
fn expect_sp<'a>(i: &'a str, what: &'static str) -> Result<&'a str, Failure<'a>> {
    match i.as_bytes().first() {
        Some(b' ' | b'\t') => Ok(&i[1..]),
        _ => fail(i, what),
    }
}

/// A position. `holes_hint` is how many holes it likely has (those of the game's last
/// checkpoint; 0 if unknown), so that its vector is allocated once. `debts` says whether the
/// game keeps debts (Dong Wo), so that what follows the round is read as debts, and said to be
/// wrong as debts; in another game only whole debts (` 4/0`) are read, for the rules to refuse,
/// and anything else ends the position where the caller says what it expected (a `]`).
fn position(i: &str, holes_hint: usize, debts: bool) -> PResult<'_, Position> {
    match position_fast(i, holes_hint) {
        Some(read) => Ok(read),
        None => position_careful(i, debts),
    }
}

/// A position of the common shape, read in one pass of its bytes: what [`position_careful`]
/// would read from `i`, or `None`, and then `position_careful` reads it and, if it must, says
/// what is wrong. It is here for speed alone (checkpoints are most of a record's text, and
/// reading them through the careful path's parsers was half of reading a record), so it gives
/// up on anything unusual: a number of ten digits or more, or any byte where the careful path
/// would not go on. Nothing here reports an error.
fn position_fast(i: &str, holes_hint: usize) -> Option<(&str, Position)> {
    let mut holes = Vec::with_capacity(holes_hint);
    let read = scan_position(i.as_bytes(), |hole| holes.push(hole))?;
    // A wrong hint leaves room to spare: give it back (it changes nothing when right).
    holes.shrink_to_fit();
    let p = Position {
        holes: Rows::from_parts(holes, read.a_holes),
        stores: read.stores,
        to_move: read.to_move,
        round: read.round,
        debts: read.debts,
    };
    Some((&i[read.len..], p))
}

/// What [`scan_position`] read besides the holes it handed over.
struct Scanned {
    /// The bytes of the position.
    len: usize,
    /// A's holes, the first of those handed over.
    a_holes: usize,
    stores: [Pile; 2],
    to_move: Side,
    round: u32,
    debts: [u32; 2],
}

/// The position of the common shape that `b` starts with, as [`position_fast`] reads it, each
/// hole handed to `hole` in order (A's row, then B's): a reader that only needs to know that a
/// checkpoint reads ([`position_len`]) makes no vector of them.
#[inline(always)]
fn scan_position(b: &[u8], mut hole: impl FnMut(HoleState)) -> Option<Scanned> {
    let mut k = 0;
    let mut count = 0;
    // A's row up to its `/`, then B's up to a space or tab.
    let a_holes = loop {
        count += short_holes(b, &mut k, &mut hole);
        hole(fast_hole(b, &mut k)?);
        count += 1;
        match at(b, k) {
            b',' => k += 1,
            b'/' => break count,
            _ => return None,
        }
    };
    k += 1;
    loop {
        short_holes(b, &mut k, &mut hole);
        hole(fast_hole(b, &mut k)?);
        match at(b, k) {
            b',' => k += 1,
            b' ' | b'\t' => break,
            _ => return None,
        }
    }
    k += 1;
    let store_a = fast_pile(b, &mut k)?;
    fast_byte(b, &mut k, |c| c == b'/')?;
    let store_b = fast_pile(b, &mut k)?;
    fast_byte(b, &mut k, |c| matches!(c, b' ' | b'\t'))?;
    let to_move = match at(b, k) {
        b'A' => Side::A,
        b'B' => Side::B,
        _ => return None,
    };
    k += 1;
    fast_byte(b, &mut k, |c| matches!(c, b' ' | b'\t'))?;
    let round = fast_number(b, &mut k)?;
    let mut debts = [0, 0];
    if matches!(at(b, k), b' ' | b'\t') && at(b, k + 1).is_ascii_digit() {
        k += 1;
        debts[0] = fast_number(b, &mut k)?;
        fast_byte(b, &mut k, |c| c == b'/')?;
        debts[1] = fast_number(b, &mut k)?;
    }
    Some(Scanned {
        len: k,
        a_holes,
        stores: [store_a, store_b],
        to_move,
        round,
        debts,
    })
}

/// The length of the position `text` starts with, when it is of the common shape the reader
/// reads in one pass (as a checkpoint's text after its `[`); `None` when it is not, which says
/// nothing of whether it reads. Given to [`GameReader::skip_checkpoint`], it steps over the
/// checkpoints that read without making their positions: a reader that does not replay the
/// game (`mgn select` by tags) still learns that every checkpoint reads, and reading positions
/// into vectors was a third of its time.
pub fn position_len(text: &str) -> Option<usize> {
    scan_position(text.as_bytes(), |_| ()).map(|read| read.len)
}

/// The length of the position `text` starts with when it is written exactly as
/// [`write_position`](crate::notation::write_position) writes the position it reads as: of the
/// common shape [`position_len`] accepts, and canonical in every field (numbers without leading
/// zeros, no `0` before a muzi, single spaces, debts only when not both zero). `None` when it
/// is not, which says nothing of whether it reads.
///
/// One pass over the bytes that checks the written form as it goes, making no hole and writing
/// nothing to compare with: it stops where [`scan_position`] stops, on the same bytes, and it
/// was the conversion's hottest loop when each field read was compared with the writer's text
/// of it (about 2,400 instructions a checkpoint).
pub fn canonical_position_len(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut k = 0;
    // A's row up to its `/`, then B's up to a single space (the writer's separator).
    loop {
        canonical_hole(b, &mut k)?;
        match at(b, k) {
            b',' => k += 1,
            b'/' => break,
            _ => return None,
        }
    }
    k += 1;
    loop {
        canonical_hole(b, &mut k)?;
        match at(b, k) {
            b',' => k += 1,
            b' ' => break,
            _ => return None,
        }
    }
    k += 1;
    canonical_pile(b, &mut k)?;
    fast_byte(b, &mut k, |c| c == b'/')?;
    canonical_pile(b, &mut k)?;
    fast_byte(b, &mut k, |c| c == b' ')?;
    fast_byte(b, &mut k, |c| matches!(c, b'A' | b'B'))?;
    fast_byte(b, &mut k, |c| c == b' ')?;
    canonical_number(b, &mut k)?;
    // Where the reader reads debts (a blank, then a digit), they must be the writer's: after a
    // space, and not both zero (which it does not write).
    match (at(b, k), at(b, k + 1).is_ascii_digit()) {
        (b' ', true) => {
            k += 1;
            let first_zero = canonical_number(b, &mut k)?;
            fast_byte(b, &mut k, |c| c == b'/')?;
            let second_zero = canonical_number(b, &mut k)?;
            if first_zero && second_zero {
                return None;
            }
        }
        (b'\t', true) => return None,
        _ => {}
    }
    Some(k)
}

/// The plain checkpoint `text` starts with ([`SkippedCheckpoint::Plain`]) and its
/// length: what [`canonical_position_len`] accepts, to the same length, when every hole is a
/// number or `x` (out of play), every store a number, and there are no debts; `None` otherwise,
/// which says nothing of whether it reads.
fn plain_position(text: &str) -> Option<(usize, PlainCheckpoint<'_>)> {
    let b = text.as_bytes();
    let mut k = 0;
    let number = |k: &mut usize| -> Option<&str> {
        let start = *k;
        canonical_number(b, k)?;
        Some(&text[start..*k])
    };
    // A's row up to its `/`, then B's up to the single space.
    let rows = [
        plain_row(text, &mut k, b'/')?,
        plain_row(text, &mut k, b' ')?,
    ];
    let store_a = number(&mut k)?;
    fast_byte(b, &mut k, |c| c == b'/')?;
    let store_b = number(&mut k)?;
    fast_byte(b, &mut k, |c| c == b' ')?;
    let to_move = match at(b, k) {
        b'A' => Side::A,
        b'B' => Side::B,
        _ => return None,
    };
    k += 1;
    fast_byte(b, &mut k, |c| c == b' ')?;
    let round = number(&mut k)?;
    // Where the reader reads debts (a blank, then a digit), the checkpoint is not plain.
    if matches!(at(b, k), b' ' | b'\t') && at(b, k + 1).is_ascii_digit() {
        return None;
    }
    let plain = PlainCheckpoint {
        rows,
        stores: [store_a, store_b],
        to_move,
        round,
    };
    Some((k, plain))
}

/// For [`plain_position`]: a row of numbers or `x` joined by commas at `text[*k]`, up to `end`
/// (stepped over), as the writer writes it.
#[inline(always)]
fn plain_row<'a>(text: &'a str, k: &mut usize, end: u8) -> Option<&'a str> {
    let b = text.as_bytes();
    let start = *k;
    loop {
        // Most holes are one digit and a comma.
        while at(b, *k).is_ascii_digit() && at(b, *k + 1) == b',' {
            *k += 2;
        }
        // A hole out of play (Dakon's, from its second round on), or a number.
        if at(b, *k) == b'x' {
            *k += 1;
        } else {
            canonical_number(b, k)?;
        }
        match at(b, *k) {
            b',' => *k += 1,
            byte if byte == end => {
                let row = &text[start..*k];
                *k += 1;
                return Some(row);
            }
            _ => return None,
        }
    }
}

/// For [`canonical_position_len`]: a number at `b[*k]` as the writer writes it (one to nine
/// digits, no leading zero), stepped over; whether it is 0.
#[inline(always)]
fn canonical_number(b: &[u8], k: &mut usize) -> Option<bool> {
    let start = *k;
    while at(b, *k).is_ascii_digit() {
        *k += 1;
    }
    let len = *k - start;
    // Ten digits or more are the careful reader's; `05` reads as 5, written `5`.
    if len == 0 || len > 9 || (len > 1 && b[start] == b'0') {
        return None;
    }
    Some(len == 1 && b[start] == b'0')
}

/// For [`canonical_position_len`]: a pile (`5`, `mA`, `3mAmB`) at `b[*k]` as the writer writes
/// it, stepped over: its seeds unless it has a muzi and no seeds, then `mA`, `mB` or `mAmB`.
#[inline(always)]
fn canonical_pile(b: &[u8], k: &mut usize) -> Option<()> {
    let seeds = if at(b, *k).is_ascii_digit() {
        Some(canonical_number(b, k)?)
    } else {
        None
    };
    if at(b, *k) != b'm' {
        // A pile without a muzi is written with its seeds, even 0.
        return seeds.map(|_| ());
    }
    // As `fast_pile` reads a muzi.
    let len = match (at(b, *k + 1), at(b, *k + 2), at(b, *k + 3)) {
        (b'A', b'm', b'B') => 4,
        (b'A' | b'B', _, _) => 2,
        _ => return None,
    };
    *k += len;
    // With a muzi, no seeds are written as none rather than `0`.
    (seeds != Some(true)).then_some(())
}

/// For [`canonical_position_len`]: a hole of a row (`5`, `0@B`, `mA`, `x`) at `b[*k]` as the
/// writer writes it, stepped over.
#[inline(always)]
fn canonical_hole(b: &[u8], k: &mut usize) -> Option<()> {
    // Most holes are one digit followed by a comma.
    if at(b, *k).is_ascii_digit() && at(b, *k + 1) == b',' {
        *k += 1;
        return Some(());
    }
    if at(b, *k) == b'x' {
        *k += 1;
        return Some(());
    }
    canonical_pile(b, k)?;
    if at(b, *k) == b'@' {
        if !matches!(at(b, *k + 1), b'A' | b'B') {
            return None;
        }
        *k += 2;
    }
    Some(())
}

/// The length of the move `text` starts with, when it is of the shape [`GameReader::skip_ply`]
/// steps over: holes with at most nine digits (always a `u32`), each followed by its direction
/// or none, joined by `-`. `None` says nothing of whether it reads. What follows is not looked
/// at: a move followed by a blank, a comment or the end is one that [`Reader::move_`] reads to
/// the same length.
fn move_len(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut k = 0;
    loop {
        if !matches!(b.get(k), Some(b'A' | b'B')) {
            return None;
        }
        k += 1;
        let digits = b[k..].iter().take_while(|d| d.is_ascii_digit()).count();
        if !(1..=9).contains(&digits) {
            return None;
        }
        k += digits;
        if matches!(b.get(k), Some(b'<' | b'>')) {
            k += 1;
        }
        if b.get(k) != Some(&b'-') {
            return Some(k);
        }
        k += 1;
    }
}

/// For [`position_fast`]: `b[k]`, or 0 past the end (a byte that it never accepts).
#[inline(always)]
fn at(b: &[u8], k: usize) -> u8 {
    b.get(k).copied().unwrap_or(0)
}

/// For [`position_fast`]: steps over `b[*k]` if it is what `wanted` says.
#[inline(always)]
fn fast_byte(b: &[u8], k: &mut usize, wanted: impl Fn(u8) -> bool) -> Option<()> {
    let ok = wanted(at(b, *k));
    *k += usize::from(ok);
    ok.then_some(())
}

/// For [`position_fast`]: the digits at `b[*k]`, stepped over, as a number; no digits read as 0.
/// More than nine digits, which might overflow, are left to the careful path and its checks.
#[inline(always)]
fn fast_digits(b: &[u8], k: &mut usize) -> Option<u32> {
    let start = *k;
    let mut n: u32 = 0;
    loop {
        let d = at(b, *k).wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        n = n.wrapping_mul(10).wrapping_add(u32::from(d));
        *k += 1;
    }
    (*k - start <= 9).then_some(n)
}

/// For [`position_fast`]: a number at `b[*k]`, stepped over.
#[inline(always)]
fn fast_number(b: &[u8], k: &mut usize) -> Option<u32> {
    let start = *k;
    let n = fast_digits(b, k)?;
    (*k > start).then_some(n)
}

/// For [`position_fast`]: a pile (`5`, `mA`, `3mAmB`) at `b[*k]`, stepped over.
#[inline(always)]
fn fast_pile(b: &[u8], k: &mut usize) -> Option<Pile> {
    let start = *k;
    let seeds = fast_digits(b, k)?;
    let muzi = if at(b, *k) != b'm' {
        if *k == start {
            return None;
        }
        Muzi::NONE
    } else {
        let (muzi, len) = match (at(b, *k + 1), at(b, *k + 2), at(b, *k + 3)) {
            (b'A', b'm', b'B') => (Muzi { a: true, b: true }, 4),
            (b'A', _, _) => (Muzi::of(Side::A), 2),
            (b'B', _, _) => (Muzi::of(Side::B), 2),
            _ => return None,
        };
        *k += len;
        muzi
    };
    Some(Pile { seeds, muzi })
}

/// For [`scan_position`]: the holes of one or two digits followed by a comma at `b[*k]` (most
/// holes of most positions: Dakon's often have two), each handed to `hole` and stepped over with
/// its comma; how many. In a loop of their own they take a third of the instructions
/// [`fast_hole`]'s tests of every shape did.
#[inline(always)]
fn short_holes(b: &[u8], k: &mut usize, hole: &mut impl FnMut(HoleState)) -> usize {
    let mut count = 0;
    loop {
        // `at` gives 0 past the end, which is no digit and no comma.
        let first = at(b, *k).wrapping_sub(b'0');
        if first > 9 {
            return count;
        }
        let next = at(b, *k + 1);
        let (seeds, len) = if next == b',' {
            (first, 2)
        } else {
            let second = next.wrapping_sub(b'0');
            if second > 9 || at(b, *k + 2) != b',' {
                return count;
            }
            (first * 10 + second, 3)
        };
        hole(HoleState {
            pile: Pile {
                seeds: u32::from(seeds),
                muzi: Muzi::NONE,
            },
            owner: None,
            out_of_play: false,
        });
        *k += len;
        count += 1;
    }
}

/// For [`position_fast`]: a hole of a row (`5`, `0@B`, `mA`, `x`) at `b[*k]`, stepped over.
#[inline(always)]
fn fast_hole(b: &[u8], k: &mut usize) -> Option<HoleState> {
    // Most holes are one digit followed by a comma.
    let d = at(b, *k).wrapping_sub(b'0');
    if d <= 9 && at(b, *k + 1) == b',' {
        *k += 1;
        let pile = Pile {
            seeds: u32::from(d),
            muzi: Muzi::NONE,
        };
        return Some(HoleState {
            pile,
            ..HoleState::default()
        });
    }
    if at(b, *k) == b'x' {
        *k += 1;
        let out = HoleState {
            out_of_play: true,
            ..HoleState::default()
        };
        return Some(out);
    }
    let pile = fast_pile(b, k)?;
    let owner = if at(b, *k) == b'@' {
        let owner = match at(b, *k + 1) {
            b'A' => Side::A,
            b'B' => Side::B,
            _ => return None,
        };
        *k += 2;
        Some(owner)
    } else {
        None
    };
    let hole = HoleState {
        pile,
        owner,
        out_of_play: false,
    };
    Some(hole)
}

/// The general reader of a position, which says what is wrong with a malformed one.
fn position_careful(i: &str, debts: bool) -> PResult<'_, Position> {
    let mut both = Vec::new();
    let (i, ()) = holes(i, &mut both)?;
    let a = both.len();
    let i = byte(i, b'/', "`,` or `/` after a hole of A")?;
    let (i, ()) = holes(i, &mut both)?;
    let i = expect_sp(i, "`,` or a space after a hole of B")?;
    let (i, store_a) = expect_pile(i, "A's store such as 0 or 9mB")?;
    let i = byte(i, b'/', "`/` between the stores")?;
    let (i, store_b) = expect_pile(i, "B's store such as 0 or 9mA")?;
    let i = expect_sp(i, "a space before the side to move")?;
    let (i, to_move) = expect("the side to move, A or B", side)(i)?;
    let i = expect_sp(i, "a space before the round")?;
    let (i, round) = expect("the round number", number)(i)?;
    let whole_debts = || {
        let digits = |b: &[u8]| b.iter().take_while(|b| b.is_ascii_digit()).count();
        let b = &i.as_bytes()[1..];
        let a = digits(b);
        b.get(a) == Some(&b'/') && digits(&b[a + 1..]) > 0
    };
    let debts_ahead = i.len() > 1
        && sp(i).is_ok()
        && i.as_bytes()[1].is_ascii_digit()
        && (debts || whole_debts());
    let (i, debts) = if debts_ahead {
        let (i, debt_a) = number(&i[1..])?;
        let i = byte(i, b'/', "`/` between the debts")?;
        let (i, debt_b) = expect("B's debt", number)(i)?;
        (i, [debt_a, debt_b])
    } else {
        (i, [0, 0])
    };
    let p = Position {
        holes: Rows::from_parts(both, a),
        stores: [store_a, store_b],
        to_move,
        round,
        debts,
    };
    Ok((i, p))
}

fn hole_action(i: &str) -> PResult<'_, HoleAction> {
    (
        alt((
            value(ActionKind::TakeTwo, tag("^^")),
            value(ActionKind::Lift, tag("^")),
            value(ActionKind::Put, tag("+")),
        )),
        expect("a hole such as A4", hole),
    )
        .map(|(kind, hole)| HoleAction { kind, hole })
        .parse(i)
}

fn captures(i: &str) -> PResult<'_, CaptureClaim> {
    let holes_list = delimited(
        char('('),
        separated_list1(char(','), expect("a hole such as A2", hole)),
        expect("`,` or `)` in the list of holes", char(')')),
    );
    preceded(
        char('x'),
        (
            expect("the points captured, such as x7", number),
            opt(holes_list),
        ),
    )
    .map(|(count, holes)| CaptureClaim {
        count,
        holes: holes.unwrap_or_default(),
    })
    .parse(i)
}

fn score(i: &str) -> PResult<'_, [Pile; 2]> {
    preceded(
        char('='),
        (
            expect("A's store such as 0 or 9mB", pile),
            expect("`/` between the stores", char('/')),
            expect("B's store such as 0 or 9mA", pile),
        ),
    )
    .map(|(a, _, b)| [a, b])
    .parse(i)
}

/// The transaction named `kind`, read from just after its `:`.
fn transaction<'a>(kind: &str, i: &'a str) -> PResult<'a, Transaction> {
    let a_hole = || expect("a hole such as B3", hole);
    let a_side = || expect("a side, A or B", side);
    let stones = || {
        preceded(
            expect("`:` then a number of stones", char(':')),
            expect("a number of stones", number),
        )
    };
    match kind {
        "win" => a_hole().map(|hole| Transaction::Win { hole }).parse(i),
        "muzi" => a_side().map(|side| Transaction::Muzi { side }).parse(i),
        "fill" => expect(
            "a side or a hole, such as A or A2",
            alt((hole.map(FillTarget::Hole), side.map(FillTarget::Side))),
        )
        .map(|target| Transaction::Fill { target })
        .parse(i),
        "borrow" => (a_side(), stones())
            .map(|(side, stones)| Transaction::Borrow { side, stones })
            .parse(i),
        "repay" => (a_side(), stones())
            .map(|(side, stones)| Transaction::Repay { side, stones })
            .parse(i),
        "buy" => (
            a_hole(),
            opt(preceded(
                char('='),
                expect("a number of stones after `=`", number),
            )),
        )
            .map(|(hole, stones)| Transaction::Buy { hole, stones })
            .parse(i),
        "rebuy" => a_hole().map(|hole| Transaction::Rebuy { hole }).parse(i),
        _ => (
            a_hole(),
            preceded(expect("`:` then the second hole", char(':')), a_hole()),
        )
            .map(|(first, second)| Transaction::Swap { first, second })
            .parse(i),
    }
}

const TRANSACTIONS: [&str; 8] = [
    "win", "muzi", "fill", "borrow", "repay", "buy", "rebuy", "swap",
];

/// The result token `i` starts with, and its length.
fn result_prefix(i: &str) -> Option<(Outcome, usize)> {
    if !i.starts_with(['*', '0', '1']) {
        return None;
    }
    ["1/2-1/2", "1-0", "0-1", "*"]
        .into_iter()
        .find(|t| i.starts_with(t))
        .and_then(|t| Some((Outcome::from_token(t)?, t.len())))
}

/// The name of the tag `i` starts with, if it starts with one rather than a checkpoint. A name
/// followed by a blank is always a tag; otherwise `[x` and `[m` begin positions (`[x,5,...]`,
/// `[mA,...]`), and any other letter can only be a mistyped tag.
fn tag_ahead(i: &str) -> Option<&str> {
    let rest = i.strip_prefix('[')?;
    // Most `[` begin checkpoints, with a digit: no tag name, and no error built to say so.
    if !rest.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let (_, name) = tag_name(rest).ok()?;
    let blank_follows = sp(&rest[name.len()..]).is_ok();
    (blank_follows || !name.starts_with(['x', 'm'])).then_some(name)
}

fn tag_name(i: &str) -> PResult<'_, &str> {
    if !i.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
        return mismatch(i);
    }
    let len = 1 + i[1..]
        .bytes()
        .take_while(|&b| b.is_ascii_alphanumeric() || b == b'_')
        .count();
    Ok((&i[len..], &i[..len]))
}

/// The body of a tag value after its opening quote: the raw text and its unescaped value. A
/// value ends at its line's end, so `\n` and `\r` are how it holds one: then every string,
/// whatever a YAML or JSON document holds, has a tag value that reads back as itself.
fn string_body(i: &str) -> PResult<'_, (&str, Cow<'_, str>)> {
    let bytes = i.as_bytes();
    let mut k = 0;
    let mut escaped = false;
    loop {
        match bytes.get(k) {
            None | Some(b'\n' | b'\r') => return fail(&i[k..], "`\"` closing the tag value"),
            Some(b'"') => break,
            Some(b'\\') => match bytes.get(k + 1) {
                Some(b'"' | b'\\' | b'n' | b'r') => {
                    escaped = true;
                    k += 2;
                }
                _ => {
                    let expected =
                        "`\\\"`, `\\\\`, `\\n` or `\\r` (a backslash escapes only these)";
                    return fail(&i[k..], expected);
                }
            },
            Some(_) => k += 1,
        }
    }
    let raw = &i[..k];
    let value = if escaped {
        let mut s = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            s.push(if c == '\\' {
                match chars.next() {
                    Some('n') => '\n',
                    Some('r') => '\r',
                    next => next.unwrap_or(c),
                }
            } else {
                c
            });
        }
        Cow::Owned(s)
    } else {
        Cow::Borrowed(raw)
    };
    Ok((&i[k + 1..], (raw, value)))
}

// ---------------------------------------------------------------------------------------------
// Games: everything that records where it was read.

/// The reader of one part of a file: the text from a line that starts with `[Game` up to the
/// next one (docs/notation.md, "Files").
#[derive(Clone, Copy)]
struct Reader<'a> {
    text: &'a str,
    /// Where `text` starts in the text offsets are counted in.
    base: usize,
    /// Whether the text ends where the file does, rather than before the next game's `[Game`
    /// line.
    last: bool,
}

/// One `[Name "value"]` as read, before it is given a meaning.
struct RawTag<'a> {
    name: &'a str,
    /// The value as written between the quotes, escapes included.
    raw: &'a str,
    value: Cow<'a, str>,
    value_span: Span,
}

/// A tag that may be given once, into its slot: a second one is refused at its name.
fn once<'a, T>(
    slot: &mut Option<Spanned<T>>,
    t: &RawTag<'a>,
    name_at: &'a str,
    value: T,
) -> Result<(), Failure<'a>> {
    if slot.is_some() {
        let expected = format!("at most one `{}` tag", t.name);
        return Err(failure(name_at, expected, Some("a second one".into())));
    }
    *slot = Some(Spanned::new(value, t.value_span));
    Ok(())
}

impl<'a> Reader<'a> {
    /// A part of `text` reaching to its end.
    fn whole(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            base: 0,
            last: true,
        }
    }

    fn offset(&self, at: &str) -> usize {
        self.base
            + (at.as_ptr() as usize)
                .saturating_sub(self.text.as_ptr() as usize)
                .min(self.text.len())
    }

    fn span(&self, from: &str, to: &str) -> Span {
        Span::new(self.offset(from), self.offset(to))
    }

    fn spanned<O>(
        &self,
        mut p: impl Parser<&'a str, Output = O, Error = Fail<'a>>,
    ) -> impl FnMut(&'a str) -> PResult<'a, Spanned<O>> {
        let reader = *self;
        move |i| {
            let (rest, v) = p.parse(i)?;
            Ok((rest, Spanned::new(v, reader.span(i, rest))))
        }
    }

    fn error(&self, e: Failure<'a>, end: &str) -> SyntaxError {
        // A part that is not the file's last ends where the next game starts.
        let end = if self.last {
            end
        } else {
            "the next game's `[Game` line"
        };
        let f = match e {
            nom::Err::Error(f) | nom::Err::Failure(f) => f,
            nom::Err::Incomplete(_) => Fail {
                at: &self.text[self.text.len()..],
                expected: Cow::Borrowed("more text"),
                found: None,
            },
        };
        // What is missing at the end of a part is shown where the game's text ends, on its
        // last line, rather than on the next game's.
        let at = if f.at.is_empty() && !self.last {
            &self.text[self.text.trim_end().len()..]
        } else {
            f.at
        };
        SyntaxError {
            offset: self.offset(at),
            expected: f.expected.into_owned(),
            found: f.found.map_or_else(|| describe(f.at, end), Cow::into_owned),
        }
    }

    /// Blanks and comments before a game, the comments added to `before`.
    fn comments_before(
        &self,
        mut i: &'a str,
        before: &mut Vec<Spanned<Comment>>,
    ) -> Result<&'a str, Failure<'a>> {
        loop {
            i = skip_space(i);
            if !i.starts_with(['{', ';']) {
                return Ok(i);
            }
            let (rest, c) = self.comment(i)?;
            before.push(c);
            i = rest;
        }
    }

    /// Blanks and comments after a game's result: those before the first blank line go to
    /// `after`, the others to `next`, the next game's, unless the text ends with them, when
    /// no game follows to take them and they all go to `after`. Stops at the first thing
    /// that is neither, or at a comment that is never closed: reading the next record
    /// reports it.
    fn comments_after(
        &self,
        mut i: &'a str,
        after: &mut Vec<Spanned<Comment>>,
        next: &mut Vec<Spanned<Comment>>,
    ) -> &'a str {
        let mut past_blank_line = false;
        loop {
            let j = skip_space(i);
            // Between two things, a second line end means the line before it held only blanks.
            let blanks = &i[..i.len() - j.len()];
            past_blank_line |= blanks.bytes().filter(|&b| b == b'\n').nth(1).is_some();
            let read = if j.starts_with(['{', ';']) {
                self.comment(j).ok()
            } else {
                None
            };
            let Some((rest, c)) = read else {
                if j.is_empty() && self.last {
                    after.append(next);
                }
                return j;
            };
            if past_blank_line {
                next.push(c);
            } else {
                after.push(c);
            }
            i = rest;
        }
    }

    /// A game's tag section, from its `[Game` tag, and the comments after its last tag, which
    /// open its move text.
    fn header(&self, i: &'a str) -> PResult<'a, (Header, Vec<Spanned<Comment>>)> {
        match i.strip_prefix('[').map(tag_name) {
            Some(Ok((_, "Game"))) => {}
            Some(Ok(_)) => return fail(&i[1..], "the `Game` tag, which comes first in a game"),
            _ => return fail(i, "a game, starting with its `[Game \"...\"]` tag"),
        }
        let (mut i, first) = self.tag(i)?;
        let Some(kind) = GameKind::from_name(&first.value) else {
            let meant = crate::suggest::did_you_mean(&first.value, GameKind::NAMES);
            let found = format!("\"{}\"{meant}", shorten(first.raw));
            return Err(failure(
                first.raw,
                "a game name: dakon, mraw-imrujen, nchuwa or dong-wo",
                Some(Cow::Owned(found)),
            ));
        };
        let mut header = Header::new(kind);
        header.game.span = first.value_span;

        // Comments followed by a tag are the header's; those after the last tag open the move
        // text.
        let mut comments = Vec::new();
        // The tag the comments read since it followed: its name, and an option's code.
        let mut last_tag: (&str, &str) = (HeaderComment::AFTER_GAME, "");
        loop {
            let j = skip_space(i);
            if tag_ahead(j).is_some() {
                for c in comments.drain(..) {
                    let Spanned { value, span } = c;
                    let after = match last_tag {
                        (name, "") => name.to_string(),
                        (name, code) => format!("{name} {code}"),
                    };
                    header
                        .comments
                        .push(Spanned::new(HeaderComment::new(value, after), span));
                }
                let (rest, t) = self.tag(j)?;
                last_tag = match t.name {
                    "Option" => ("Option", t.raw.split('=').next().unwrap_or("")),
                    name => (name, ""),
                };
                self.add_tag(&mut header, t, &j[1..])?;
                i = rest;
            } else if j.starts_with(['{', ';']) {
                let (rest, c) = self.comment(j)?;
                comments.push(c);
                i = rest;
            } else {
                // At the places MGN writes them at, so that a header reads back as itself.
                settle_comment_places(&mut header);
                return Ok((j, (header, comments)));
            }
        }
    }

    /// The result closes the move text: it must be the one the `Result` tag says.
    fn check_result_tag(
        &self,
        header: &Header,
        outcome: &Spanned<Outcome>,
    ) -> Result<(), Failure<'a>> {
        if let Some(said) = &header.result {
            if said.value != outcome.value {
                let at = &self.text[outcome.span.start - self.base..];
                let expected = format!("`{}` as the `Result` tag says", said.value.token());
                return fail(at, expected);
            }
        }
        Ok(())
    }

    /// `[Name "value"]`, from its `[`.
    fn tag(&self, i: &'a str) -> PResult<'a, RawTag<'a>> {
        let (i, _) = char('[').parse(i)?;
        let (i, name) = expect("a tag name such as Event", tag_name)(i)?;
        let (i, _) = expect("a space, then the tag value in quotes", sp)(i)?;
        let (i, _) = expect("`\"` opening the tag value", char('"'))(i)?;
        let (rest, (raw, value)) = string_body(i)?;
        let (rest, _) = expect("`]` closing the tag", char(']'))(rest)?;
        let value_span = self.span(raw, &i[raw.len()..]);
        let t = RawTag {
            name,
            raw,
            value,
            value_span,
        };
        Ok((rest, t))
    }

    /// A value that is not what its tag wants: pointed at, and shown whole.
    fn bad_value(&self, t: &RawTag<'a>, expected: &'static str) -> Failure<'a> {
        let found = format!("\"{}\"", shorten(t.raw));
        failure(t.raw, expected, Some(Cow::Owned(found)))
    }

    fn add_tag(&self, h: &mut Header, t: RawTag<'a>, name_at: &'a str) -> Result<(), Failure<'a>> {
        let text = || t.value.clone().into_owned();
        match t.name {
            "Game" => {
                let expected = "a result ending this game before the next `Game` tag";
                Err(failure(
                    name_at,
                    expected,
                    Some("another `Game` tag".into()),
                ))
            }
            "Board" => self.board_tag(h, &t, name_at),
            "Preset" => once(&mut h.preset, &t, name_at, text()),
            "Option" => self.option_tag(h, &t),
            "PlayerA" => once(&mut h.player_a, &t, name_at, text()),
            "PlayerB" => once(&mut h.player_b, &t, name_at, text()),
            "Event" => once(&mut h.event, &t, name_at, text()),
            "Site" => once(&mut h.site, &t, name_at, text()),
            "Date" => once(&mut h.date, &t, name_at, text()),
            "Source" => once(&mut h.source, &t, name_at, text()),
            "First" => match t.raw {
                "A" => once(&mut h.first, &t, name_at, Side::A),
                "B" => once(&mut h.first, &t, name_at, Side::B),
                _ => Err(self.bad_value(&t, "the first player, A or B")),
            },
            "Result" => match Outcome::from_token(t.raw) {
                Some(outcome) => once(&mut h.result, &t, name_at, outcome),
                None => Err(self.bad_value(&t, RESULT)),
            },
            "Termination" => once(&mut h.termination, &t, name_at, text()),
            "Start" => self.start_tag(h, &t, name_at),
            _ => {
                let tag = Tag {
                    name: t.name.to_owned(),
                    value: text(),
                };
                // From the name, which a warning about a misspelt tag points at, to the value.
                let span = Span::new(self.offset(name_at), t.value_span.end);
                h.other.push(Spanned::new(tag, span));
                Ok(())
            }
        }
    }

    /// `Board`: the board's size, `2x5`.
    fn board_tag(
        &self,
        h: &mut Header,
        t: &RawTag<'a>,
        name_at: &'a str,
    ) -> Result<(), Failure<'a>> {
        let size = (number, char('x'), number).parse(t.raw);
        match size {
            Ok(("", (rows, _, columns))) => {
                once(&mut h.board, t, name_at, BoardSize { rows, columns })
            }
            _ => Err(self.bad_value(t, "a board size such as 2x5")),
        }
    }

    /// `Option`: one rule option, `code=value`, at most one a code.
    fn option_tag(&self, h: &mut Header, t: &RawTag<'a>) -> Result<(), Failure<'a>> {
        let (code, value) = match t.value.split_once('=') {
            Some((c, v)) if !c.is_empty() && !v.is_empty() => (c, v),
            _ => {
                let expected = "an option such as dakon.next-round.first=last-mover";
                return Err(self.bad_value(t, expected));
            }
        };
        if h.options.iter().any(|o| o.value.code == code) {
            let expected = format!("at most one `Option` for `{code}`");
            return Err(failure(t.raw, expected, Some("a second one".into())));
        }
        let setting = RuleSetting {
            code: code.to_owned(),
            value: value.to_owned(),
        };
        h.options.push(Spanned::new(setting, t.value_span));
        Ok(())
    }

    /// `Start`: the position the game starts from.
    fn start_tag(
        &self,
        h: &mut Header,
        t: &RawTag<'a>,
        name_at: &'a str,
    ) -> Result<(), Failure<'a>> {
        // Read from the raw text so that errors point into the string; a position
        // holds no character that would need an escape.
        let debts = h.game.value == GameKind::DongWo;
        let read = position(t.raw, 0, debts).and_then(|(rest, p)| {
            if rest.is_empty() {
                Ok(p)
            } else {
                fail(rest, "the end of the position (the closing `\"`)")
            }
        });
        let p = read.map_err(|e| {
            e.map(|mut f| {
                if f.at.is_empty() && f.found.is_none() {
                    f.found = Some("the end of the tag value".into());
                }
                f
            })
        })?;
        once(&mut h.start, t, name_at, p)
    }

    /// `{...}` or `; ...`, from its first character.
    fn comment(&self, i: &'a str) -> PResult<'a, Spanned<Comment>> {
        let (text, style, rest) = if let Some(body) = i.strip_prefix('{') {
            // A line that starts with `[Game` starts a game, even after a `{`: so a file splits
            // into its games at such lines without reading them (docs/notation.md, "Files").
            let closing = body.find('}');
            let game_line = next_game_line(&body[..closing.unwrap_or(body.len())], 1);
            let (Some(end), None) = (closing, game_line) else {
                let found = if game_line.is_some() || !self.last {
                    "the next game's `[Game` line"
                } else {
                    "end of file"
                };
                return Err(failure(i, "`}` closing this comment", Some(found.into())));
            };
            (&body[..end], CommentStyle::Brace, &body[end + 1..])
        } else {
            let body = &i[1..];
            let line = &body[..body.find('\n').unwrap_or(body.len())];
            let text = line.strip_suffix('\r').unwrap_or(line);
            (text, CommentStyle::Line, &body[text.len()..])
        };
        let comment = Comment {
            text: text.to_owned(),
            style,
        };
        Ok((rest, Spanned::new(comment, self.span(i, rest))))
    }

    /// The next element of the move text from `i`, or the result that ends it. Move numbers
    /// are checked against `cursor` and passed over: they are not elements.
    fn next_in_movetext(&self, mut i: &'a str, cursor: &mut Cursor) -> PResult<'a, Next> {
        loop {
            i = skip_space(i);
            let Some(&first) = i.as_bytes().first() else {
                return fail(i, RESULT);
            };
            // `*A5` is a move that only takes a hole (Nchuwa's opening removal under
            // `nchuwa.opening.order=interleaved`); the result `*` is followed by a blank.
            let removal = first == b'*' && matches!(i.as_bytes().get(1), Some(b'A' | b'B'));
            if removal {
                cursor.plies += 1;
                let (rest, m) = self.spanned(|j| self.move_(j))(i)?;
                boundary(rest, "a space or a comment after the move")?;
                return Ok((rest, Next::Element(Element::Move(m))));
            }
            if let Some((outcome, len)) = result_prefix(i) {
                let rest = &i[len..];
                boundary(rest, "a space or a comment after the result")?;
                let outcome = Spanned::new(outcome, self.span(i, rest));
                return Ok((rest, Next::End(outcome)));
            }
            let (rest, element) = match first {
                b'{' | b';' => {
                    let (rest, c) = self.comment(i)?;
                    return Ok((rest, Next::Element(Element::Comment(c))));
                }
                b'0'..=b'9' => {
                    let rest = self.move_number(i, cursor.plies)?;
                    boundary(rest, "a space or a comment after the move number")?;
                    i = rest;
                    continue;
                }
                b'A' | b'B' => {
                    cursor.plies += 1;
                    let (rest, m) = self.spanned(|j| self.move_(j))(i)?;
                    (rest, Element::Move(m))
                }
                b'^' | b'+' => {
                    let (rest, a) = self.spanned(hole_action)(i)?;
                    (rest, Element::Action(a))
                }
                b'x' => {
                    let (rest, c) = self.spanned(captures)(i)?;
                    (rest, Element::Captures(c))
                }
                b'=' => {
                    let (rest, s) = self.spanned(score)(i)?;
                    (rest, Element::Score(s))
                }
                b'[' => self.checkpoint(i, cursor)?,
                b'a'..=b'z' => self.word_element(i, cursor)?,
                _ => return fail(i, ELEMENT),
            };
            boundary(rest, after_element(&element))?;
            return Ok((rest, Next::Element(element)));
        }
    }

    /// A checkpoint, `[...]`, from its `[`; a tag there is out of place.
    #[inline]
    fn checkpoint(&self, i: &'a str, cursor: &mut Cursor) -> PResult<'a, Element> {
        if let Some(name) = tag_ahead(i) {
            let expected = if name == "Game" {
                "a result (1-0, 0-1, 1/2-1/2 or *) before the next game"
            } else {
                "a checkpoint; tags go before the move text"
            };
            return fail(i, expected);
        }
        let (rest, p) = position(&i[1..], cursor.holes_hint, cursor.debts)?;
        let rest = byte(rest, b']', "`]` closing the checkpoint")?;
        cursor.holes_hint = p.holes.row(Side::A).len() + p.holes.row(Side::B).len();
        Ok((
            rest,
            Element::Checkpoint(Spanned::new(p, self.span(i, rest))),
        ))
    }

    /// An element named by a word: `pass`, `round N`, or a transaction.
    #[inline]
    fn word_element(&self, i: &'a str, cursor: &mut Cursor) -> PResult<'a, Element> {
        let len = i.bytes().take_while(u8::is_ascii_lowercase).count();
        let (word, after) = i.split_at(len);
        Ok(match word {
            "pass" => {
                cursor.plies += 1;
                (after, Element::Pass(Spanned::new((), self.span(i, after))))
            }
            "round" => {
                cursor.plies = 0;
                let (rest, n) = preceded(
                    expect("a space, then the round number", sp),
                    expect("the round number", number),
                )
                .parse(after)?;
                (rest, Element::Round(Spanned::new(n, self.span(i, rest))))
            }
            _ if TRANSACTIONS.contains(&word) => {
                let (rest, _) = expect("`:` after the transaction's name", char(':'))(after)?;
                let (rest, t) = transaction(word, rest)?;
                (
                    rest,
                    Element::Transaction(Spanned::new(t, self.span(i, rest))),
                )
            }
            _ => return fail(i, ELEMENT),
        })
    }

    /// `N.` or `N...`, checked against the ply it stands before.
    fn move_number(&self, i: &'a str, plies: usize) -> Result<&'a str, Failure<'a>> {
        let (rest, n) = number(i)?;
        let rest = byte(rest, b'.', "`.` or `...` after the move number")?;
        let (rest, more) = match rest.strip_prefix("..") {
            Some(rest) => (rest, true),
            None => (rest, false),
        };
        let turn = plies / 2 + 1;
        let second = plies % 2 == 1;
        if n as usize != turn || more != second {
            let dots = if second { "..." } else { "." };
            return fail(
                i,
                format!("`{turn}{dots}` as the move number here, or none"),
            );
        }
        Ok(rest)
    }

    /// `B4`, `B4-B2`, `B3>@A2'~12^A4/17`, ..., and `*A5`, a move with no sowing that only
    /// takes a hole.
    fn move_(&self, i: &'a str) -> PResult<'a, Move> {
        let mut sowings = OneInline::new();
        let mut i = i;
        if !i.starts_with('*') {
            let (rest, first) = self.sowing(i)?;
            sowings.push(first);
            i = rest;
        }
        while let Some(rest) = i.strip_prefix('-') {
            let (rest, s) = self.sowing(rest)?;
            sowings.push(s);
            i = rest;
        }
        let mut extra_captures = Few::new();
        while let Some(after) = i.strip_prefix('*') {
            let (rest, h) = expect_hole(after, "the hole captured after `*`, such as A5")?;
            extra_captures.push(Spanned::new(h, self.span(after, rest)));
            i = rest;
        }
        let mut actions = Few::new();
        while i.starts_with('~') {
            let anchored = preceded(
                char('~'),
                (
                    expect("the step after `~`, such as ~12", number),
                    expect("an owner action such as ^A4", hole_action),
                ),
            )
            .map(|(step, action)| AnchoredAction { step, action });
            let (rest, a) = self.spanned(anchored)(i)?;
            actions.push(a);
            i = rest;
        }
        let (i, stopped_after_lap) = match i.strip_prefix('/') {
            Some(after) => {
                let (rest, lap) = expect("the lap after `/`, such as /17", number)(after)?;
                (rest, Some(lap))
            }
            None => (i, None),
        };
        let m = Move {
            sowings,
            extra_captures,
            actions,
            stopped_after_lap,
        };
        Ok((i, m))
    }

    fn sowing(&self, i: &'a str) -> PResult<'a, Sowing> {
        let (rest, from) = expect_hole(i, "a hole such as B4")?;
        let from = Spanned::new(from, self.span(i, rest));
        let i = rest;
        let (i, direction) = match i.as_bytes().first() {
            Some(b'>') => (&i[1..], Some(Direction::CounterClockwise)),
            Some(b'<') => (&i[1..], Some(Direction::Clockwise)),
            _ => (i, None),
        };
        let (mut i, transfer_to) = match i.strip_prefix(':') {
            Some(after) => {
                let (rest, to) = expect_hole(after, "the hole after `:`, such as B2")?;
                (
                    rest,
                    Some(Box::new(Spanned::new(to, self.span(after, rest)))),
                )
            }
            None => (i, None),
        };
        let mut muzi_drops = Few::new();
        while let Some(after) = i.strip_prefix('@') {
            let (rest, hole) = expect_hole(after, "the hole where the muzi drops, such as A2")?;
            let primes = rest.bytes().take_while(|&b| b == b'\'').count();
            let rest = &rest[primes..];
            // `xmA`: the muzi a meeting in that hole captures.
            let (rest, takes) = match rest.strip_prefix("xm") {
                Some(side) => match side.as_bytes().first() {
                    Some(b'A') => (&side[1..], Some(Side::A)),
                    Some(b'B') => (&side[1..], Some(Side::B)),
                    _ => {
                        return fail(
                            side,
                            "the muzi the meeting captures, `mA` or `mB`, as in `@A2xmB`",
                        )
                    }
                },
                None => (rest, None),
            };
            let drop = MuziDrop {
                hole,
                visit: u32::try_from(primes).unwrap_or(u32::MAX).saturating_add(1),
                takes,
            };
            muzi_drops.push(Spanned::new(drop, self.span(i, rest)));
            i = rest;
        }
        let s = Sowing {
            hole: from,
            direction,
            transfer_to,
            muzi_drops,
        };
        Ok((i, s))
    }
}

const ELEMENT: &str = "a move such as B4, a move number, a claim, a comment or a result";

fn after_element(e: &Element) -> &'static str {
    match e {
        Element::Move(_) => "a space or a comment after the move",
        Element::Pass(_) => "a space or a comment after `pass`",
        Element::Action(_) => "a space or a comment after the owner action",
        Element::Captures(_) => "a space or a comment after the capture claim",
        Element::Score(_) => "a space or a comment after the score claim",
        Element::Checkpoint(_) => "a space or a comment after the checkpoint",
        Element::Round(_) => "a space or a comment after the round marker",
        Element::Transaction(_) => "a space or a comment after the transaction",
        Element::Comment(_) => "a space",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_position_written_as_mgn_writes_it_is_canonical() {
        for canonical in [
            "0,6,6/6,6,0 0/8 A 1",
            "12,0,x/1mA,3@B,mAmB 10/2mB B 3 4/0",
            "3,3,0,2,1,0,0,0,1,1,0,2/1,0,1,2,5,1,0,4,1,0,1,0 8/11 B 1",
        ] {
            let text = format!("{canonical}] 2. B4");
            assert_eq!(
                canonical_position_len(&text),
                Some(canonical.len()),
                "{canonical}"
            );
            let (_, read) = position(canonical, 0, true).unwrap();
            assert_eq!(crate::notation::write_position(&read), canonical);
        }
        for other in [
            "06,6,6/6,6,0 0/8 A 1",
            "0,6,6/6,6,0\t0/8 A 1",
            "0,6,6/6,6,0 0/8 A  1",
            "0mA,6,6/6,6,0 0/8 A 1",
            "0,6,6/6,6,0 0/8 A 1 0/0",
            "0,6,6/6,6,0 0/8",
        ] {
            assert_eq!(canonical_position_len(other), None, "{other}");
        }
    }

    /// What `canonical_position_len` was defined as before its single pass: the length the
    /// fast reader reads, if the writer's text of what it read is exactly those bytes.
    pub(crate) fn canonical_by_writing(text: &str) -> Option<usize> {
        let (rest, read) = position_fast(text, 0)?;
        let len = text.len() - rest.len();
        (crate::notation::write_position(&read) == text[..len]).then_some(len)
    }

    /// The single pass agrees with reading and writing again on every checkpoint of the
    /// records, and on each of them changed by a byte (replaced, removed or doubled) wherever
    /// it can be.
    /// The single pass agrees with reading and writing again on random positions of every
    /// field's kind (muzi, owners, out-of-play holes, debts, numbers up to and past `u32::MAX`),
    /// written as mgn writes them and then changed in ways a person or another program writes
    /// them: a leading zero, `0` before a muzi, muzi the other way round, a tab or two spaces,
    /// debts of `0/0`, a number of ten digits.
    #[test]
    fn canonical_scan_agrees_with_writing_on_random_positions() {
        use crate::generate::Rng;
        use crate::notation::{write_position, HoleState, Muzi, Pile, Rows};
        fn number(rng: &mut Rng) -> u32 {
            match rng.below(40) {
                0 => u32::MAX - rng.below(3) as u32,
                1 => 999_999_999 + rng.below(3) as u32,
                2..=5 => rng.below(1000) as u32,
                _ => rng.below(12) as u32,
            }
        }
        fn pile(rng: &mut Rng) -> Pile {
            let muzi = rng.below(3) == 0;
            Pile {
                seeds: number(rng),
                muzi: Muzi {
                    a: muzi && rng.below(2) == 0,
                    b: muzi && rng.below(2) == 0,
                },
            }
        }
        const CHANGES: &[(&str, &str)] = &[
            (",", ",0"),
            ("/", "/0"),
            (" ", "\t"),
            (" ", "  "),
            ("mAmB", "mBmA"),
            ("mA", "0mA"),
            ("mB", "0mB"),
            (",", ",mA"),
            ("x", "0x"),
            ("x", "x@A"),
            ("@", "0@"),
            (" A ", " A  "),
            (" B ", " B\t"),
            ("4294967295", "4294967296"),
            ("1", "01"),
            ("9", "99999999999"),
        ];
        let mut rng = Rng::new(36);
        let (mut canonical, mut checked) = (0, 0);
        for _ in 0..5_000 {
            let per_row = 1 + rng.below(6);
            let holes = (0..2 * per_row)
                .map(|_| {
                    let out = rng.below(6) == 0;
                    HoleState {
                        pile: if out { Pile::default() } else { pile(&mut rng) },
                        owner: (!out && rng.below(4) == 0).then(|| {
                            if rng.below(2) == 0 {
                                Side::A
                            } else {
                                Side::B
                            }
                        }),
                        out_of_play: out,
                    }
                })
                .collect();
            let p = Position {
                holes: Rows::from_parts(holes, per_row),
                stores: [pile(&mut rng), pile(&mut rng)],
                to_move: if rng.below(2) == 0 { Side::A } else { Side::B },
                round: number(&mut rng),
                debts: if rng.below(2) == 0 {
                    [0, 0]
                } else {
                    [number(&mut rng), number(&mut rng)]
                },
            };
            let written = write_position(&p);
            let mut texts = vec![written.clone()];
            if p.debts == [0, 0] {
                texts.push(format!("{written} 0/0"));
            }
            for _ in 0..3 {
                let (from, to) = CHANGES[rng.below(CHANGES.len())];
                let places: Vec<usize> = written.match_indices(from).map(|(k, _)| k).collect();
                if places.is_empty() {
                    continue;
                }
                let k = places[rng.below(places.len())];
                texts.push(format!(
                    "{}{to}{}",
                    &written[..k],
                    &written[k + from.len()..]
                ));
            }
            for text in texts {
                for tail in ["]", " ]", "\t]", "] 2. B4", "", "x]"] {
                    let text = format!("{text}{tail}");
                    let len = canonical_position_len(&text);
                    assert_eq!(len, canonical_by_writing(&text), "on {text:?}");
                    checked += 1;
                    canonical += usize::from(len.is_some());
                }
            }
        }
        assert!(
            canonical > 2_000 && checked > canonical,
            "{canonical} of {checked}"
        );
    }

    /// The plain scan (`SkippedCheckpoint::Plain`) accepts a position exactly when the
    /// canonical scan does, to the same length, and the position read has numbers alone and no
    /// debts; its fields are then the numbers read, as the writer writes them.
    fn plain_agrees(text: &str) {
        let canonical = canonical_position_len(text);
        let read = position_fast(text, 0);
        let plain_read = read.as_ref().is_some_and(|(_, p)| {
            p.holes.iter().flatten().all(|h| {
                h.pile.muzi.is_empty() && h.owner.is_none() && !(h.out_of_play && h.pile.seeds > 0)
            }) && p.stores.iter().all(|s| s.muzi.is_empty())
                && p.debts == [0, 0]
        });
        let Some((len, plain)) = plain_position(text) else {
            assert!(
                canonical.is_none() || !plain_read,
                "a plain canonical position not taken as one: {text:?}"
            );
            return;
        };
        assert_eq!(canonical, Some(len), "on {text:?}");
        let (rest, p) = read.expect("a plain position reads");
        assert_eq!(text.len() - rest.len(), len, "on {text:?}");
        assert!(plain_read, "on {text:?}");
        for side in [Side::A, Side::B] {
            let numbers: Vec<String> = p
                .holes
                .row(side)
                .iter()
                .map(|h| match h.out_of_play {
                    true => "x".to_string(),
                    false => h.pile.seeds.to_string(),
                })
                .collect();
            assert_eq!(plain.row(side), numbers.join(","), "on {text:?}");
        }
        let stores = p.stores.map(|s| s.seeds.to_string());
        assert_eq!(plain.stores(), [&*stores[0], &*stores[1]], "on {text:?}");
        assert_eq!(plain.to_move(), p.to_move, "on {text:?}");
        assert_eq!(plain.round(), p.round.to_string(), "on {text:?}");
    }

    #[test]
    fn canonical_scan_agrees_with_writing_what_was_read() {
        const BYTES: &[u8] = b"0159 \t,/mABx@]";
        let mut checked = 0;
        for game in std::fs::read_dir("records").unwrap() {
            for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
                let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
                for (at, _) in text.match_indices('[') {
                    let Some(end) = text[at..].find(']') else {
                        continue;
                    };
                    let checkpoint = &text.as_bytes()[at + 1..at + end + 1];
                    let mut variants = vec![checkpoint.to_vec()];
                    for k in 0..checkpoint.len() {
                        for &b in BYTES {
                            let mut v = checkpoint.to_vec();
                            v[k] = b;
                            variants.push(v);
                        }
                        let mut v = checkpoint.to_vec();
                        v.remove(k);
                        variants.push(v);
                        let mut v = checkpoint.to_vec();
                        v.insert(k, checkpoint[k]);
                        variants.push(v);
                    }
                    for v in variants {
                        let Ok(v) = std::str::from_utf8(&v) else {
                            continue;
                        };
                        checked += 1;
                        assert_eq!(
                            canonical_position_len(v),
                            canonical_by_writing(v),
                            "on {v:?}"
                        );
                        plain_agrees(v);
                    }
                }
            }
        }
        assert!(checked > 10_000, "only {checked} texts checked");
    }

    #[test]
    fn next_game_line_only_takes_line_starts() {
        let text = "x [Game \"a\"]\n[Game\t\"b\"]\n [Game \"c\"]\n[Game \"d\"]";
        assert_eq!(next_game_line(text, 0), Some(13));
        assert_eq!(next_game_line(text, 13), Some(13));
        assert_eq!(next_game_line(text, 14), Some(36));
        assert_eq!(next_game_line(text, 37), None);
        assert_eq!(next_game_line(text, 999), None);
    }

    #[test]
    fn found_describes_blanks_and_shortens_tokens() {
        assert_eq!(describe("", "end of file"), "end of file");
        assert_eq!(describe("\r\n", ""), "end of line");
        assert_eq!(describe(" x", ""), "a space");
        assert_eq!(describe("\tx", ""), "a tab");
        assert_eq!(describe("B4x y", ""), "`B4x`");
        assert_eq!(
            describe("ééééééééééééééééééééé", ""),
            "`éééééééééééééééééééé…`"
        );
    }

    /// What `read` gave, in a form to compare: the offset of the rest and the position, or the
    /// error as a person sees it.
    fn outcome(text: &str, read: PResult<'_, Position>) -> Result<(usize, Position), SyntaxError> {
        let reader = Reader::whole(text);
        read.map(|(rest, p)| (reader.offset(rest), p))
            .map_err(|e| reader.error(e, "end"))
    }

    /// The fast reader of positions reads what the careful one reads, or leaves it to it.
    fn fast_and_careful_agree(text: &str) {
        plain_agrees(text);
        for debts in [true, false] {
            let careful = outcome(text, position_careful(text, debts));
            for hint in [0, 1, 10, 24] {
                if let Some(read) = position_fast(text, hint) {
                    let fast = outcome(text, Ok(read));
                    assert_eq!(fast, careful, "fast and careful disagree on {text:?}");
                }
                // The length alone is the fast reader's, made without the position.
                assert_eq!(
                    position_len(text),
                    position_fast(text, hint).map(|(rest, _)| text.len() - rest.len()),
                    "position_len and the fast reader disagree on {text:?}"
                );
                assert_eq!(
                    outcome(text, position(text, hint, debts)),
                    careful,
                    "position and the careful reader disagree on {text:?}"
                );
            }
        }
    }

    /// Every text of up to five bytes of the move alphabet: each that `move_len` measures and
    /// that a blank follows, the careful reader reads to the same length; and each plain move
    /// the careful reader reads, `move_len` measures.
    #[test]
    fn move_len_measures_what_the_move_reader_reads() {
        const ALPHABET: &[u8] = b"AB019-<>:@*~/x '";
        let mut text = Vec::new();
        let mut measured = 0;
        for len in 1..=5u32 {
            for mut n in 0..ALPHABET.len().pow(len) {
                text.clear();
                for _ in 0..len {
                    text.push(ALPHABET[n % ALPHABET.len()]);
                    n /= ALPHABET.len();
                }
                text.push(b' ');
                let text = std::str::from_utf8(&text).unwrap();
                let reader = Reader::whole(text);
                let careful = reader
                    .move_(text)
                    .ok()
                    .filter(|(rest, _)| at_boundary(rest))
                    .map(|(rest, m)| (text.len() - rest.len(), m));
                let fast = move_len(text).filter(|&len| at_boundary(&text[len..]));
                if let Some(len) = fast {
                    measured += 1;
                    assert_eq!(careful.as_ref().map(|c| c.0), Some(len), "on {text:?}");
                }
                if let Some((len, m)) = careful {
                    let plain = m.extra_captures.is_empty()
                        && m.actions.is_empty()
                        && m.stopped_after_lap.is_none()
                        && m.sowings
                            .iter()
                            .all(|s| s.transfer_to.is_none() && s.muzi_drops.is_empty());
                    if plain && !text.starts_with('*') {
                        assert_eq!(fast, Some(len), "a plain move not measured: {text:?}");
                    }
                }
            }
        }
        assert!(measured > 1000, "only {measured} moves measured");
    }

    /// Reading a game with `skip_ply` and `skip_checkpoint` wherever they step over something
    /// ends as reading it element by element does: the same plies, the same result, the same
    /// syntax error at the same place.
    #[test]
    fn skipping_plies_reads_as_reading_them() {
        let head = "[Game \"dakon\"]\n\n";
        let move_texts = [
            "1. B4 A3 2. B2-B1 A1> {c} 3. pass A5 *",
            "B4 A3 B2 pass round 2 1. A1 B1 1-0",
            "1. B4 2. A3 *",
            "1. B4 1... A3 2. B2x *",
            "1. B4 A3-B2- *",
            "1. B4 A3 B5:B2 *A5 *",
            "1. B4 A3 passed *",
            "1. B4;c\n A3{c}B2 0-1",
            "1. B4 [4,4/4,4 0/0 A 1] A3 1/2-1/2",
            "1. B4 A3",
            "1. B4 A99999999999 *",
            "1. B4 A0 1/2-1/2",
            "1. B4 1-0x",
        ];
        for move_text in move_texts {
            let text = format!("{head}{move_text}\n");
            let read = |skip: bool| {
                let mut games = games(&text);
                let mut reader = games.next_game().unwrap().unwrap();
                let (mut plies, mut error) = (0, None);
                loop {
                    if skip && reader.skip_checkpoint(position_len) {
                        continue;
                    }
                    if skip && reader.skip_ply() {
                        plies += 1;
                        continue;
                    }
                    match reader.next() {
                        Some(Ok(Element::Move(_) | Element::Pass(_))) => plies += 1,
                        Some(Ok(_)) => {}
                        Some(Err(e)) => error = Some(e),
                        None => break,
                    }
                }
                let outcome = reader.outcome();
                (plies, outcome, error, games.finish(reader).err())
            };
            assert_eq!(read(true), read(false), "on {move_text:?}");
        }
    }

    /// A checkpoint the caller accepts is stepped over, and the reader goes on after it as if it
    /// had read it; one that is not followed by a blank or a comment is left to `next`, which
    /// says what is wrong with it.
    #[test]
    fn skip_checkpoint_steps_over_only_an_accepted_whole_checkpoint() {
        let text = "[Game \"dakon\"]\n\n1. B4 [4,4/4,4 0/0 A 1] {c} [4,4/4,4 0/0 A 1]x *\n";
        let mut games = games(text);
        let mut reader = games.next_game().unwrap().unwrap();
        let expected = |body: &str| body.starts_with("4,4/4,4 0/0 A 1").then_some(15);
        assert!(!reader.skip_checkpoint(expected), "a move is next");
        assert!(matches!(reader.next(), Some(Ok(Element::Move(_)))));
        assert!(!reader.skip_checkpoint(|_| None), "not accepted");
        assert!(
            !reader.skip_checkpoint(|_| Some(14)),
            "not the whole checkpoint"
        );
        assert!(reader.skip_checkpoint(expected));
        assert!(matches!(reader.next(), Some(Ok(Element::Comment(_)))));
        assert!(!reader.skip_checkpoint(expected), "followed by `x`");
        let error = reader.next().unwrap().unwrap_err();
        assert_eq!(
            error.expected, "a space or a comment after the checkpoint",
            "{error:?}"
        );
        assert!(!reader.skip_checkpoint(expected), "the reader stopped");
    }

    #[test]
    fn the_fast_position_reader_takes_the_common_shapes() {
        for text in [
            "6,0,0,5mA,0/1mB,0@A,6,6,6 6/4 B 2 8/0]",
            "0,6,6,6,6/6,6,6,0,6 0/1 A 1",
            "1@B,0,3,x,mAmB/mB,2,0,0,0 14/9mA A 3 4/0",
            "x,x,12,0/0,0,0,0 25/23 B 1 {",
            "3mAmB@B,mB@A,0/7\t0mA/0mB\tA\t999999999\t0/123456789 x",
            "0/0 0/0 B 1",
        ] {
            assert!(position_fast(text, 0).is_some(), "{text:?} not read fast");
            fast_and_careful_agree(text);
        }
    }

    /// Holes of one or two digits before a comma, read in a loop of their own: every edge of
    /// that loop (leading zeros, a short hole before `/`, a space or the end, three digits, a
    /// byte that is not ASCII after the digits, rows all of two digits) reads as the careful
    /// reader reads it, or is left to it.
    #[test]
    fn short_holes_read_as_the_careful_reader_reads_them() {
        let read_fast = [
            ("05,5/5 0/0 A 1", vec![5, 5, 5]),
            ("00,0/0 0/0 A 1", vec![0, 0, 0]),
            ("00,00,09/00,10 0/0 A 1", vec![0, 0, 9, 0, 10]),
            (
                "12,34,56,78/90,11,22,99 0/0 A 1",
                vec![12, 34, 56, 78, 90, 11, 22, 99],
            ),
            (
                "99,9,10,1/1,10,9,99 0/0 B 2",
                vec![99, 9, 10, 1, 1, 10, 9, 99],
            ),
            ("12,34/56 0/0 A 1", vec![12, 34, 56]),
            ("123,4/5 0/0 A 1", vec![123, 4, 5]),
            ("1234,12/12,1234 0/0 A 1", vec![1234, 12, 12, 1234]),
            (
                "12,3mA,45@B,x,67/89,x,10mAmB,11 0/0 A 1",
                vec![12, 3, 45, 0, 67, 89, 0, 10, 11],
            ),
            ("012,12/12,012 0/0 A 1", vec![12, 12, 12, 12]),
            (
                "999999999,99/99,999999999 0/0 A 1",
                vec![999_999_999, 99, 99, 999_999_999],
            ),
        ];
        for (text, seeds) in read_fast {
            let (rest, p) = position_fast(text, 0).unwrap_or_else(|| panic!("{text:?}"));
            assert_eq!(rest, "", "{text:?}");
            let read: Vec<u32> = p.holes.iter().flatten().map(|h| h.pile.seeds).collect();
            assert_eq!(read, seeds, "{text:?}");
            fast_and_careful_agree(text);
        }
        for text in [
            "12,",
            "12,3",
            "12,34",
            "12,34,",
            "1,12,/5 0/0 A 1",
            "12,/5 0/0 A 1",
            "5/12, 0/0 A 1",
            "5/12,	0/0 A 1",
            "12,é/5 0/0 A 1",
            "1é,5/5 0/0 A 1",
            "12é,5/5 0/0 A 1",
            "12,,5/5 0/0 A 1",
            "12 ,5/5 0/0 A 1",
            "1 2,5/5 0/0 A 1",
            "12,5/12, 0/0 A 1",
            "12,5/5,12,/ 0/0 A 1",
            "4294967295,12/12 0/0 A 1",
            "4294967296,12/12 0/0 A 1",
            "12,4294967296/12 0/0 A 1",
            "12,0000000012/12 0/0 A 1",
            "12,x12/5 0/0 A 1",
            "12,m/5 0/0 A 1",
            "12,@A/5 0/0 A 1",
            "12@A,12/5 0/0 A 1",
            "12mA,12/5 0/0 A 1",
            "5/5 12,0/0 A 1",
            "5/5 0/0 A 12,",
            "5/5 0/0 A 1 12,12",
        ] {
            fast_and_careful_agree(text);
        }
    }

    /// A checkpoint of short holes stepped over by a reader that makes its position
    /// ([`GameReader::skip_checkpoint_into`]) or only measures it ([`position_len`], as `mgn
    /// select` and `mgn stats --no-replay` do) is the checkpoint `next` reads, and the reader
    /// goes on from the same place; what neither steps over, `next` reads or refuses alone.
    #[test]
    fn checkpoints_of_short_holes_are_stepped_over_as_next_reads_them() {
        let bodies = [
            "05,5/5 0/0 A 1",
            "00,00,09/00,10 0/0 A 1",
            "12,34,56,78/90,11,22,99 0/0 A 1",
            "123,4/5 0/0 A 1",
            "12,3mA,45@B,x,67/89,x,10mAmB,11 0/0 A 1",
            "999999999,99/99,999999999 0/0 A 1 12/0",
            "12,/5 0/0 A 1",
            "5/12, 0/0 A 1",
            "12,é/5 0/0 A 1",
            "12,4294967296/12 0/0 A 1",
            "12,0000000012/12 0/0 A 1",
            "5/5 0/0 A 12,",
        ];
        // The first six are of the common shape, which both step over; the rest are not.
        for (i, body) in bodies.into_iter().enumerate() {
            let text = format!("[Game \"dakon\"]\n\n1. B4 [{body}] {{c}} *\n");
            let read = |skip: &dyn Fn(&mut GameReader<'_>) -> Option<Option<Position>>| {
                let mut games = games(&text);
                let mut reader = games.next_game().unwrap().unwrap();
                assert!(matches!(reader.next(), Some(Ok(Element::Move(_)))));
                let skipped = skip(&mut reader);
                let rest: Vec<_> = reader.by_ref().collect();
                (skipped, rest)
            };
            let (_, by_next) = read(&|_| None);
            let checkpoint = match by_next.first() {
                Some(Ok(Element::Checkpoint(p))) => Some(p.value.clone()),
                _ => None,
            };
            let (into, after_into) = read(&|reader| {
                let mut position = Position {
                    holes: Rows::new(),
                    stores: Default::default(),
                    to_move: Side::B,
                    round: 7,
                    debts: [3, 4],
                };
                match reader.skip_checkpoint_into(&mut position) {
                    Some(SkippedCheckpoint::Read) => Some(Some(position)),
                    Some(SkippedCheckpoint::Plain(plain)) => Some(Some(plain_read_back(&plain))),
                    None => None,
                }
            });
            let (measured, after_len) =
                read(&|reader| reader.skip_checkpoint(position_len).then_some(None));
            for (how, skipped, after) in [
                ("skip_checkpoint_into", into.is_some(), &after_into),
                ("position_len", measured.is_some(), &after_len),
            ] {
                assert_eq!(skipped, i < 6, "{how} on {body:?}");
                if skipped {
                    assert!(
                        checkpoint.is_some(),
                        "{how} stepped over {body:?}, which next refuses"
                    );
                    assert_eq!(after[..], by_next[1..], "{how} on {body:?}");
                } else {
                    assert_eq!(after, &by_next, "{how} on {body:?}");
                }
            }
            if let Some(Some(position)) = into {
                assert_eq!(Some(position), checkpoint, "{body:?}");
            }
        }
    }

    /// A plain checkpoint's fields, written back as a position and read.
    fn plain_read_back(plain: &PlainCheckpoint<'_>) -> Position {
        let [store_a, store_b] = plain.stores();
        let text = format!(
            "{}/{} {store_a}/{store_b} {} {}",
            plain.row(Side::A),
            plain.row(Side::B),
            plain.to_move(),
            plain.round()
        );
        parse_position(&text).unwrap()
    }

    /// Once a game's checkpoint was not plain, [`GameReader::skip_checkpoint_into`] reads its
    /// later ones into the position, plain ones too, and each is the position `next` reads;
    /// another game starts again with the look for a plain one.
    #[test]
    fn checkpoints_after_one_not_plain_are_read_into_the_position() {
        let game = "[Game \"dong-wo\"]\n\n1. A1> [1,2/3,4 0/0 B 1] 1... B1> [1,2mA/3,4 0/mB A 1] \
                    2. A2> [5,6/7,8 0/0 B 1] 2... B2> [9,1/2,3 4/5 A 1] *\n";
        let text = format!("{game}\n{game}");
        let mut games = games(&text);
        for _ in 0..2 {
            let mut reader = games.next_game().unwrap().unwrap();
            let expected: Vec<Position> = reader
                .again()
                .filter_map(|element| match element.unwrap() {
                    Element::Checkpoint(p) => Some(p.value),
                    _ => None,
                })
                .collect();
            let mut how = Vec::new();
            let mut position = Position::empty();
            for expected in &expected {
                assert!(matches!(reader.next(), Some(Ok(Element::Move(_)))));
                match reader.skip_checkpoint_into(&mut position) {
                    Some(SkippedCheckpoint::Plain(plain)) => {
                        assert_eq!(&plain_read_back(&plain), expected);
                        how.push("plain");
                    }
                    Some(SkippedCheckpoint::Read) => {
                        assert_eq!(&position, expected);
                        how.push("read");
                    }
                    None => panic!("a checkpoint of the common shape not stepped over"),
                }
            }
            assert_eq!(how, ["plain", "read", "read", "read"]);
            assert!(reader.next().is_none());
            games.finish(reader).unwrap();
        }
    }

    #[test]
    fn the_fast_position_reader_leaves_the_unusual_to_the_careful_one() {
        for text in [
            "",
            "/",
            "5",
            "5,",
            "5/",
            "5/5",
            "5/5 ",
            "5/5 0",
            "5/5 0/",
            "5/5 0/0",
            "5/5 0/0 ",
            "5/5 0/0 A",
            "5/5 0/0 A ",
            "5/5 0/0 C 1",
            "5/5 0/0 A 1 ",
            "5/5 0/0 A 1 2",
            "5/5 0/0 A 1 2/",
            "5/5 0/0 A 1 2/x",
            "5/5 0/0 A 1  2/3",
            "5/5 0/0 A 1 x",
            "5/5 0/0 A 1\t\t",
            "4294967295/5 0/0 A 1",
            "4294967296/5 0/0 A 1",
            "5/4294967296 0/0 A 1",
            "5/5 4294967296/0 A 1",
            "5/5 0/4294967296 A 1",
            "5/5 0/0 A 4294967296",
            "5/5 0/0 A 1 4294967296/0",
            "5/5 0/0 A 1 0/4294967296",
            "5/5 0/0 A 1 0/4294967295",
            "0000000005/5 0/0 A 1",
            "99999999999999999999/5 0/0 A 1",
            "5,/5 0/0 A 1",
            ",5/5 0/0 A 1",
            "5//5 0/0 A 1",
            "5/5/5 0/0 A 1",
            "5 5/5 0/0 A 1",
            "5/5,0/0 A 1",
            "5/5  0/0 A 1",
            "5/5 0 0 A 1",
            "5/5 0/0  A 1",
            "5/5 0/0 A  1",
            "5x/5 0/0 A 1",
            "5@/5 0/0 A 1",
            "5@C/5 0/0 A 1",
            "5@A@B/5 0/0 A 1",
            "x@A/5 0/0 A 1",
            "xx/5 0/0 A 1",
            "x5/5 0/0 A 1",
            "m/5 0/0 A 1",
            "mC/5 0/0 A 1",
            "mAm/5 0/0 A 1",
            "mAmA/5 0/0 A 1",
            "mBmA/5 0/0 A 1",
            "mAmBmA/5 0/0 A 1",
            "mA5/5 0/0 A 1",
            "5mA@B/5mB@A mAmB/mA A 1",
            "5/5 mC/0 A 1",
            "5/5 0mA@A/0 A 1",
            "5/5 x/0 A 1",
            "5/5 0/x A 1",
            "5/5 0/0mBmA A 1",
            "5/5 0/0 a 1",
            "5/5 0/0 AB 1",
            "5/5\r0/0 A 1",
            "5/5\n0/0 A 1",
            "5/5 0/0 A\n1",
            "é/5 0/0 A 1",
            "5/5 0/0 A 1é",
            "5/5 0/0 A 1 é",
        ] {
            fast_and_careful_agree(text);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_fast_and_careful_position_readers_agree(
            text in concat!(
                "(x|[0-9]{1,2}|[0-9]?(mA|mB|mAmB|mBmA|m|mC)?(@[AB]|@|@C)?|4294967(29[56]|300)",
                "|[0-9]{8,11})([,/ \t]|, |//)?",
                "((x|[0-9]{1,2}|[0-9]?(mA|mB|mAmB|m)?(@[AB]|@)?|[0-9]{9,10})[,/ \t]?){0,12}",
                "[0-9]{0,10}(mA|mB|mAmB|mBmA|m)?(/|//| )?[0-9]{0,10}(mA|mB|m)?[ \t,]?[ABa]?",
                "[ \t/]?[0-9]{0,11}([ \t]{1,2}[0-9]{0,11}/?[0-9]{0,11})?[\\] x\t]?",
            )
        ) {
            fast_and_careful_agree(&text);
        }
    }

    #[test]
    fn numbers_stop_at_u32() {
        assert_eq!(number("4294967295 ").ok().map(|(_, n)| n), Some(u32::MAX));
        assert!(matches!(number("4294967296"), Err(nom::Err::Failure(_))));
        assert!(matches!(number("x"), Err(nom::Err::Error(_))));
    }
}
