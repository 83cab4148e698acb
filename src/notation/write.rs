//! The MGN writer: the canonical form of `docs/notation.md` ("Canonical form"). Whatever it
//! writes, the reader reads back as the same tree, and writing that again gives the same text.

use std::fmt::Write as _;

use super::ast::*;

/// Move text lines stop at this column where the tokens allow it.
const WIDTH: usize = 80;

/// One game: the comments before it, each on its own line; its tags, the header's comments
/// on lines of their own after the `Game` tag; a blank line; its move text, its result and the
/// comments after it; a final line end.
pub fn write_game(game: &Game) -> String {
    let mut out = String::with_capacity(256 + 8 * game.moves.len());
    push_game(&mut out, game);
    out
}

/// [`write_game`], appended to `out`: a writer of many games (`mgn generate`) fills one buffer.
pub fn push_game(out: &mut String, game: &Game) {
    write_head(out, &game.before, &game.header);
    let mut movetext = MovetextWriter::new();
    for element in &game.moves {
        movetext.element(out, element);
    }
    movetext.end(out, game.outcome.value, &game.after);
}

/// What comes before a game's move text: the comments before it, each on its own line; its
/// tags, the header's comments on lines of their own after the `Game` tag; a blank line.
pub fn write_head(out: &mut String, before: &[Spanned<Comment>], header: &Header) {
    for c in before {
        push_comment(out, &c.value);
        out.push('\n');
    }
    write_header(out, header);
    out.push('\n');
}

/// Games separated by one blank line.
pub fn write_games(games: &[Game]) -> String {
    let mut out = String::new();
    for (k, game) in games.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        push_game(&mut out, game);
    }
    out
}

/// A number in decimal, without the formatting machinery (the writer's numbers are move
/// numbers, hole numbers and seeds: most of what it writes).
#[inline]
pub(crate) fn push_number(out: &mut String, n: u64) {
    // Most are below 100: a byte or two pushed, without the loop's divisions.
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    if n < 100 {
        out.push(char::from(b'0' + (n / 10) as u8));
        out.push(char::from(b'0' + (n % 10) as u8));
        return;
    }
    match u32::try_from(n) {
        Ok(n) => {
            let (digits, first) = decimal(n);
            for &digit in &digits[first..] {
                out.push(char::from(digit));
            }
        }
        // A count past `u32` (a turn on a 64-bit machine) is no number a record holds.
        Err(_) => {
            let _ = std::fmt::Write::write_fmt(out, format_args!("{n}"));
        }
    }
}

/// `n` in decimal appended to `out`, as [`PositionText::number`] writes it: from the table
/// below 256, by [`decimal`] above (the document's JSON writer writes its numbers with it).
///
/// The table's path is inlined where it is called, the other not: a call for every number,
/// for the sake of the few past 255, was a twentieth of the JSON writer's time.
#[cfg(feature = "document")]
#[inline(always)]
pub(crate) fn extend_number(out: &mut Vec<u8>, n: u32) {
    match u8::try_from(n) {
        Ok(n) => {
            // All four bytes, cut to the number's length: a copy of a length known here, where
            // one of the number's own length was a call to `memcpy`.
            let (digits, len) = DECIMAL[usize::from(n)];
            let end = out.len() + len;
            out.extend_from_slice(&digits.to_le_bytes());
            out.truncate(end);
        }
        Err(_) => extend_large_number(out, n),
    }
}

/// `n` in decimal written into `buf` from `at`, where there is room for the 10 digits of the
/// largest: returns where it ends. For a writer that puts many numbers into a buffer of its
/// own before copying them out at once (the JSON writer's rows of holes).
#[cfg(feature = "document")]
#[inline(always)]
pub(crate) fn put_number(buf: &mut [u8], at: usize, n: u32) -> usize {
    match u8::try_from(n) {
        Ok(n) => {
            let (digits, len) = DECIMAL[usize::from(n)];
            buf[at..at + 4].copy_from_slice(&digits.to_le_bytes());
            at + len
        }
        Err(_) => put_large_number(buf, at, n),
    }
}

#[cfg(feature = "document")]
#[inline(never)]
fn put_large_number(buf: &mut [u8], at: usize, n: u32) -> usize {
    let (digits, first) = decimal(n);
    let end = at + digits.len() - first;
    buf[at..end].copy_from_slice(&digits[first..]);
    end
}

#[cfg(feature = "document")]
#[inline(never)]
fn extend_large_number(out: &mut Vec<u8>, n: u32) {
    let (digits, first) = decimal(n);
    out.extend_from_slice(&digits[first..]);
}

fn push_hole(out: &mut String, hole: Hole) {
    out.push(match hole.side {
        Side::A => 'A',
        Side::B => 'B',
    });
    push_number(out, u64::from(hole.number));
}

/// One move as it stands in move text (`B4-B2`, `B3>@A2`).
pub fn write_move(m: &Move) -> String {
    let mut out = String::new();
    push_move(&mut out, m);
    out
}

/// A position as a checkpoint or a `Start` tag writes it, without the brackets.
pub fn write_position(position: &Position) -> String {
    let mut out = String::new();
    push_position(&mut out, position);
    out
}

fn write_header(out: &mut String, h: &Header) {
    if h.comments.is_empty() {
        for_each_tag(h, |name, value, _| push_tag(out, name, value));
        return;
    }
    // Each comment right after the tag it followed, and one whose tag the header does not hold
    // (a header a program built) after the `Game` tag, so that none is lost. A comment is read
    // back as the header's only when a tag follows it, so those of the tag written last go
    // right before it, still beside it. (A header of the `Game` tag alone keeps them after it:
    // they are read as the move text's first comments, where a document reader puts them.)
    let mut tags: Vec<(String, String, String)> = Vec::new();
    for_each_tag(h, |name, value, (tag, code)| {
        let place = if code.is_empty() {
            tag.to_string()
        } else {
            format!("{tag} {code}")
        };
        tags.push((name.to_string(), value.to_string(), place));
    });
    let last = tags.len() - 1;
    let comments_after = |out: &mut String, place: &str| {
        for c in &h.comments {
            let c = &c.value;
            if c.after == place || (place == HeaderComment::AFTER_GAME && !tag_present(h, &c.after))
            {
                push_comment(out, &c.comment());
                out.push('\n');
            }
        }
    };
    for (k, (name, value, place)) in tags.iter().enumerate() {
        if k == last && k > 0 {
            comments_after(out, place);
        }
        push_tag(out, name, value);
        if k < last || k == 0 {
            comments_after(out, place);
        }
    }
}

/// Every tag of `h` in MGN's order: its name, its value, and the place a comment after it
/// names (the tag's name, and an option's code).
fn for_each_tag(h: &Header, mut tag: impl FnMut(&str, &str, (&str, &str))) {
    fn text_tag(
        tag: &mut impl FnMut(&str, &str, (&str, &str)),
        name: &str,
        v: &Option<Spanned<String>>,
    ) {
        if let Some(v) = v {
            tag(name, &v.value, (name, ""));
        }
    }
    tag("Game", h.game.value.name(), ("Game", ""));
    if let Some(b) = &h.board {
        tag("Board", &b.value.to_string(), ("Board", ""));
    }
    text_tag(&mut tag, "Preset", &h.preset);
    for o in &h.options {
        let value = format!("{}={}", o.value.code, o.value.value);
        tag("Option", &value, ("Option", &o.value.code));
    }
    text_tag(&mut tag, "PlayerA", &h.player_a);
    text_tag(&mut tag, "PlayerB", &h.player_b);
    text_tag(&mut tag, "Event", &h.event);
    text_tag(&mut tag, "Site", &h.site);
    text_tag(&mut tag, "Date", &h.date);
    text_tag(&mut tag, "Source", &h.source);
    if let Some(first) = &h.first {
        tag("First", &first.value.to_string(), ("First", ""));
    }
    if let Some(result) = &h.result {
        tag("Result", result.value.token(), ("Result", ""));
    }
    text_tag(&mut tag, "Termination", &h.termination);
    if let Some(start) = &h.start {
        tag("Start", &write_position(&start.value), ("Start", ""));
    }
    for t in &h.other {
        tag(&t.value.name, &t.value.value, (&t.value.name, ""));
    }
}

/// Each comment of `h` given the place MGN writes it at, and in the order it writes them, so
/// that the header reads back as itself: one whose tag the header does not hold follows the `Game` tag, and one that follows
/// the tag written last (which a reader would take for the move text's) the tag before it, right
/// before the tag it followed. A header of the `Game` tag alone is left as it is.
pub fn settle_comment_places(h: &mut Header) {
    if h.comments.is_empty() {
        return;
    }
    let mut places: Vec<String> = Vec::new();
    for_each_tag(h, |_, _, (tag, code)| {
        places.push(if code.is_empty() {
            tag.to_string()
        } else {
            format!("{tag} {code}")
        })
    });
    let [.., before_last, last] = places.as_slice() else {
        return;
    };
    let (before_last, last) = (before_last.clone(), last.clone());
    let present: Vec<bool> = h
        .comments
        .iter()
        .map(|c| tag_present(h, &c.value.after))
        .collect();
    for (c, present) in h.comments.iter_mut().zip(present) {
        if !present {
            c.value.after = HeaderComment::AFTER_GAME.to_string();
        } else if c.value.after == last {
            c.value.after = before_last.clone();
        }
    }
    // In the order written: by their tag's place, those of one tag in the order read.
    h.comments
        .sort_by_key(|c| places.iter().position(|p| *p == c.value.after).unwrap_or(0));
}

/// Whether the header holds the tag a comment's `after` names.
fn tag_present(h: &Header, after: &str) -> bool {
    let (name, code) = after.split_once(' ').unwrap_or((after, ""));
    let text = |v: &Option<Spanned<String>>| v.is_some() && code.is_empty();
    match name {
        "Game" => code.is_empty(),
        "Board" => h.board.is_some() && code.is_empty(),
        "Preset" => text(&h.preset),
        "Option" => h.options.iter().any(|o| o.value.code == code),
        "PlayerA" => text(&h.player_a),
        "PlayerB" => text(&h.player_b),
        "Event" => text(&h.event),
        "Site" => text(&h.site),
        "Date" => text(&h.date),
        "Source" => text(&h.source),
        "First" => h.first.is_some() && code.is_empty(),
        "Result" => h.result.is_some() && code.is_empty(),
        "Termination" => text(&h.termination),
        "Start" => h.start.is_some() && code.is_empty(),
        _ => code.is_empty() && h.other.iter().any(|t| t.value.name == name),
    }
}

/// One tag on its line, its value escaped as the reader reads it back (`\"`, `\\`, `\n`, `\r`).
pub fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            // The reader ends a tag value at the line's end.
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// A game's move text written an element at a time, as a game is read (a game of millions of
/// moves is converted without its syntax tree): move numbers where the canonical form has them,
/// lines of at most 80 columns (the canonical form's width) broken only between tokens.
pub struct MovetextWriter {
    column: usize,
    /// Plies since the start of the round, and whether the element just written was the first
    /// ply of a turn (then the second ply needs no number of its own).
    plies: usize,
    after_first_ply: bool,
    unit: String,
}

impl Default for MovetextWriter {
    fn default() -> Self {
        MovetextWriter::new()
    }
}

impl MovetextWriter {
    /// A writer at the start of the move text.
    pub fn new() -> MovetextWriter {
        MovetextWriter {
            column: 0,
            plies: 0,
            after_first_ply: false,
            unit: String::new(),
        }
    }

    /// The next element, appended to `out`.
    pub fn element(&mut self, out: &mut String, element: &Element) {
        let mut unit = std::mem::take(&mut self.unit);
        unit.clear();
        let is_ply = matches!(element, Element::Move(_) | Element::Pass(_));
        if is_ply {
            let turn = self.plies / 2 + 1;
            if self.plies.is_multiple_of(2) {
                push_number(&mut unit, turn as u64);
                unit.push_str(". ");
            } else if !self.after_first_ply {
                push_number(&mut unit, turn as u64);
                unit.push_str("... ");
            }
            self.after_first_ply = self.plies.is_multiple_of(2);
            self.plies += 1;
        } else {
            self.after_first_ply = false;
        }
        match element {
            Element::Move(m) => push_move(&mut unit, &m.value),
            Element::Pass(_) => unit.push_str("pass"),
            Element::Action(a) => push_action(&mut unit, &a.value),
            Element::Captures(c) => {
                let _ = write!(unit, "x{}", c.value.count);
                if !c.value.holes.is_empty() {
                    unit.push('(');
                    for (k, h) in c.value.holes.iter().enumerate() {
                        if k > 0 {
                            unit.push(',');
                        }
                        let _ = write!(unit, "{h}");
                    }
                    unit.push(')');
                }
            }
            Element::Score(s) => {
                unit.push('=');
                push_pile(&mut unit, &s.value[0]);
                unit.push('/');
                push_pile(&mut unit, &s.value[1]);
            }
            Element::Checkpoint(p) => {
                unit.push('[');
                push_position(&mut unit, &p.value);
                unit.push(']');
            }
            Element::Round(n) => {
                self.plies = 0;
                self.end_line(out);
                let _ = write!(unit, "round {}", n.value);
            }
            Element::Transaction(t) => push_transaction(&mut unit, &t.value),
            Element::Comment(c) => push_comment(&mut unit, &c.value),
        }
        match element {
            Element::Comment(c) => {
                self.token(out, &unit);
                if c.value.style == CommentStyle::Line {
                    self.end_line(out);
                }
            }
            _ => self.made_token(out, &unit),
        }
        self.unit = unit;
    }

    /// A checkpoint whose position's text is already as [`write_position`] writes it (one the
    /// reader stepped over with
    /// [`GameReader::skip_canonical_checkpoint`](super::GameReader::skip_canonical_checkpoint)),
    /// appended to `out` as [`MovetextWriter::element`] writes the checkpoint.
    pub fn written_checkpoint(&mut self, out: &mut String, position: super::CanonicalCheckpoint) {
        self.after_first_ply = false;
        let mut unit = std::mem::take(&mut self.unit);
        unit.clear();
        unit.push('[');
        unit.push_str(position.as_str());
        unit.push(']');
        self.made_token(out, &unit);
        self.unit = unit;
    }

    /// The result, the comments after it and the last line end.
    pub fn end(&mut self, out: &mut String, outcome: Outcome, after: &[Spanned<Comment>]) {
        self.token(out, outcome.token());
        // With no blank line among them, all of them are read back as this game's.
        let mut unit = std::mem::take(&mut self.unit);
        for c in after {
            unit.clear();
            push_comment(&mut unit, &c.value);
            self.token(out, &unit);
            if c.value.style == CommentStyle::Line {
                self.end_line(out);
            }
        }
        self.unit = unit;
        self.end_line(out);
    }

    fn token(&mut self, out: &mut String, token: &str) {
        let width = if token.is_ascii() {
            token.len()
        } else {
            token.chars().count()
        };
        if self.column > 0 {
            if self.column + 1 + width > WIDTH {
                self.end_line(out);
            } else {
                out.push(' ');
                self.column += 1;
            }
        }
        out.push_str(token);
        // A brace comment may hold line ends; the column is then that of its last line.
        // Tokens are short: a plain search beats a vectorised one.
        self.column = match token.bytes().rposition(|b| b == b'\n') {
            Some(k) => token[k + 1..].chars().count(),
            None => self.column + width,
        };
    }

    /// A token the writer made itself (anything but a comment): ASCII on one line, so its
    /// width is its length and it ends no line, without looking at its bytes for it.
    fn made_token(&mut self, out: &mut String, token: &str) {
        debug_assert!(token.is_ascii() && !token.contains('\n'));
        if self.column > 0 {
            if self.column + 1 + token.len() > WIDTH {
                self.end_line(out);
            } else {
                out.push(' ');
                self.column += 1;
            }
        }
        out.push_str(token);
        self.column += token.len();
    }

    fn end_line(&mut self, out: &mut String) {
        if self.column > 0 {
            out.push('\n');
            self.column = 0;
        }
    }
}

fn push_comment(out: &mut String, c: &Comment) {
    match c.style {
        CommentStyle::Brace => {
            out.push('{');
            out.push_str(&c.text);
            out.push('}');
        }
        CommentStyle::Line => {
            out.push(';');
            out.push_str(&c.text);
        }
    }
}

fn push_move(out: &mut String, m: &Move) {
    for (k, s) in m.sowings.iter().enumerate() {
        if k > 0 {
            out.push('-');
        }
        push_hole(out, s.hole.value);
        if let Some(d) = s.direction {
            out.push(d.symbol());
        }
        if let Some(to) = &s.transfer_to {
            out.push(':');
            push_hole(out, to.value);
        }
        for d in &s.muzi_drops {
            out.push('@');
            push_hole(out, d.value.hole);
            for _ in 1..d.value.visit {
                out.push('\'');
            }
            if let Some(side) = d.value.takes {
                out.push_str(match side {
                    Side::A => "xmA",
                    Side::B => "xmB",
                });
            }
        }
    }
    for h in &m.extra_captures {
        out.push('*');
        push_hole(out, h.value);
    }
    for a in &m.actions {
        let _ = write!(out, "~{}", a.value.step);
        push_action(out, &a.value.action);
    }
    if let Some(lap) = m.stopped_after_lap {
        let _ = write!(out, "/{lap}");
    }
}

/// Appends an owner action as MGN writes it (`^A4`).
pub fn push_action(out: &mut String, a: &HoleAction) {
    let _ = write!(out, "{}{}", a.kind.sigil(), a.hole);
}

/// Appends a transaction as MGN writes it (`buy:B2=3`).
pub fn push_transaction(out: &mut String, t: &Transaction) {
    let _ = match t {
        Transaction::Win { hole } => write!(out, "win:{hole}"),
        Transaction::Muzi { side } => write!(out, "muzi:{side}"),
        Transaction::Fill {
            target: FillTarget::Side(side),
        } => write!(out, "fill:{side}"),
        Transaction::Fill {
            target: FillTarget::Hole(hole),
        } => write!(out, "fill:{hole}"),
        Transaction::Borrow { side, stones } => write!(out, "borrow:{side}:{stones}"),
        Transaction::Repay { side, stones } => write!(out, "repay:{side}:{stones}"),
        Transaction::Buy { hole, stones: None } => write!(out, "buy:{hole}"),
        Transaction::Buy {
            hole,
            stones: Some(n),
        } => write!(out, "buy:{hole}={n}"),
        Transaction::Rebuy { hole } => write!(out, "rebuy:{hole}"),
        Transaction::Swap { first, second } => write!(out, "swap:{first}:{second}"),
    };
}

/// Seeds then muzi; a pile of muzi alone leaves out its `0`.
fn push_pile(out: &mut String, p: &Pile) {
    if p.seeds > 0 || p.muzi.is_empty() {
        push_number(out, u64::from(p.seeds));
    }
    if p.muzi.a {
        out.push_str("mA");
    }
    if p.muzi.b {
        out.push_str("mB");
    }
}

/// A hole of a position as a position string writes it: `6`, `mA`, `1@B`, `x`.
pub fn write_hole(hole: &HoleState) -> String {
    let mut out = String::new();
    push_hole_state(&mut out, hole);
    out
}

/// A pile (a store, winnings) as a position string writes it: `8`, `9mA`.
pub fn write_pile(pile: &Pile) -> String {
    let mut out = String::new();
    push_pile(&mut out, pile);
    out
}

fn push_hole_state(out: &mut String, h: &HoleState) {
    if h.out_of_play {
        out.push('x');
        return;
    }
    push_pile(out, &h.pile);
    if let Some(owner) = h.owner {
        out.push('@');
        out.push_str(match owner {
            Side::A => "A",
            Side::B => "B",
        });
    }
}

fn push_position(out: &mut String, p: &Position) {
    // Built on the stack and appended at once: pushed a byte at a time onto the string, a
    // checkpoint's text was a third of writing a record with one after every move.
    let mut text = PositionText::default();
    for (side, holes) in p.holes.iter().enumerate() {
        if side > 0 {
            text.byte(b'/');
        }
        for (k, h) in holes.iter().enumerate() {
            if k > 0 {
                text.byte(b',');
            }
            text.hole(h);
        }
    }
    text.head(&p.stores, p.to_move, p.round, p.debts);
    match text.as_str() {
        Some(written) => out.push_str(written),
        None => push_long_position(out, p),
    }
}

/// [`push_position`] of a position too long for a [`PositionText`]'s room.
#[cold]
fn push_long_position(out: &mut String, p: &Position) {
    for (side, holes) in p.holes.iter().enumerate() {
        if side > 0 {
            out.push('/');
        }
        for (k, h) in holes.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            push_hole_state(out, h);
        }
    }
    out.push(' ');
    push_pile(out, &p.stores[0]);
    out.push('/');
    push_pile(out, &p.stores[1]);
    out.push_str(match p.to_move {
        Side::A => " A ",
        Side::B => " B ",
    });
    push_number(out, u64::from(p.round));
    if p.debts != [0, 0] {
        let _ = write!(out, " {}/{}", p.debts[0], p.debts[1]);
    }
}

/// How long the text [`write_position`] writes for a position with these rows and head is, if
/// `text` starts with it, worked out by comparing as it goes rather than by writing it: the
/// replay steps over a checkpoint written exactly as mgn writes the position it reached without
/// reading it ([`GameReader::skip_checkpoint`](super::GameReader::skip_checkpoint)). `None` when
/// `text` does not start with it, or when the position is one that text would not read back as
/// (an out-of-play hole holding anything, an empty row): such a checkpoint is read and compared.
pub fn written_position_len<I: Iterator<Item = HoleState>>(
    text: &str,
    rows: [I; 2],
    stores: &[Pile; 2],
    to_move: Side,
    round: u32,
    debts: [u32; 2],
) -> Option<usize> {
    let mut expect = Expect {
        text: text.as_bytes(),
        at: 0,
    };
    for (side, mut holes) in rows.into_iter().enumerate() {
        if side > 0 {
            expect.byte(b'/')?;
        }
        expect.hole(&holes.next()?)?;
        for hole in holes {
            expect.byte(b',')?;
            expect.hole(&hole)?;
        }
    }
    // The head as `PositionText::head` writes it, here compared as it goes: building it on
    // the stack first (132 bytes cleared) made Dakon's check 3 % slower.
    expect.head(stores, to_move, round, debts)?;
    Some(expect.at)
}

/// A position's text as [`write_position`] writes it, built on the stack, for a game that
/// writes its rows itself (from its own board, faster than as [`HoleState`]s) and then
/// compares the whole text with a checkpoint's at once ([`PositionText::len_in`]): building
/// bytes is cheaper than comparing each as it is made. Written past its room, it only says it
/// is not in the text (the checkpoint is then read and compared).
pub struct PositionText {
    /// Written at the length or, past its 128 bytes of room, at 128, and four bytes more for a
    /// word written there: in the array by construction, without a bounds check, and what
    /// was written in the room is never written over. A position of ten holes takes 30 to 50
    /// bytes.
    bytes: [u8; 132],
    len: usize,
}

impl Default for PositionText {
    fn default() -> Self {
        PositionText {
            bytes: [0; 132],
            len: 0,
        }
    }
}

impl PositionText {
    /// Appends one byte.
    #[inline(always)]
    pub fn byte(&mut self, b: u8) {
        self.bytes[self.len.min(128)] = b;
        self.len += 1;
    }

    /// Appends two bytes.
    #[inline(always)]
    pub fn two(&mut self, first: u8, second: u8) {
        let at = self.len.min(128);
        self.bytes[at..at + 2].copy_from_slice(&[first, second]);
        self.len += 2;
    }

    /// `n` in decimal, then `then` (a count and the comma after it, say): the bytes from a
    /// table, written as one word whatever their length, the length then added.
    #[inline(always)]
    pub fn count_then(&mut self, n: u8, then: u8) {
        let (digits, len) = DECIMAL[usize::from(n)];
        let word = digits | u32::from(then) << (8 * len);
        let at = self.len.min(128);
        self.bytes[at..at + 4].copy_from_slice(&word.to_le_bytes());
        self.len += len + 1;
    }

    /// Appends `n` in decimal.
    #[inline(always)]
    pub fn number(&mut self, n: u32) {
        match u8::try_from(n) {
            Ok(n) => {
                let (digits, len) = DECIMAL[usize::from(n)];
                let at = self.len.min(128);
                self.bytes[at..at + 4].copy_from_slice(&digits.to_le_bytes());
                self.len += len;
            }
            Err(_) => self.long_number(n),
        }
    }

    #[inline(never)]
    fn long_number(&mut self, n: u32) {
        let (digits, first) = decimal(n);
        for &d in &digits[first..] {
            self.byte(d);
        }
    }

    /// As `push_pile`.
    #[inline(always)]
    pub fn pile(&mut self, p: &Pile) {
        if p.seeds > 0 || p.muzi.is_empty() {
            self.number(p.seeds);
        }
        if p.muzi.a {
            self.two(b'm', b'A');
        }
        if p.muzi.b {
            self.two(b'm', b'B');
        }
    }

    /// What `push_position` writes after the rows: stores, side to move, round, debts.
    #[inline(always)]
    pub fn head(&mut self, stores: &[Pile; 2], to_move: Side, round: u32, debts: [u32; 2]) {
        self.byte(b' ');
        self.pile(&stores[0]);
        self.byte(b'/');
        self.pile(&stores[1]);
        self.byte(b' ');
        self.byte(match to_move {
            Side::A => b'A',
            Side::B => b'B',
        });
        self.byte(b' ');
        self.number(round);
        if debts != [0, 0] {
            self.byte(b' ');
            self.number(debts[0]);
            self.byte(b'/');
            self.number(debts[1]);
        }
    }

    /// As `push_hole_state`.
    #[inline(always)]
    pub fn hole(&mut self, h: &HoleState) {
        if h.out_of_play {
            self.byte(b'x');
            return;
        }
        self.pile(&h.pile);
        match h.owner {
            None => {}
            Some(Side::A) => self.two(b'@', b'A'),
            Some(Side::B) => self.two(b'@', b'B'),
        }
    }

    /// The text written, unless it outgrew its room.
    #[inline(always)]
    pub fn as_str(&self) -> Option<&str> {
        if self.len > 128 {
            return None;
        }
        // Every byte written is ASCII: this does not fail.
        std::str::from_utf8(&self.bytes[..self.len]).ok()
    }

    /// Takes back the last byte written (a separator the next field did not need).
    #[inline(always)]
    pub fn take_back(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// Writes `b` over the last byte written.
    #[inline(always)]
    pub fn replace_last(&mut self, b: u8) {
        self.bytes[self.len.wrapping_sub(1).min(128)] = b;
    }

    /// The text's length, if `text` starts with it (as [`written_position_len`]). None when it
    /// outgrew its room: it is then not known.
    #[inline(always)]
    pub fn len_in(&self, text: &str) -> Option<usize> {
        // Past its room, the bytes were written over each other.
        if self.len > 128 {
            return None;
        }
        (text.as_bytes().get(..self.len)? == &self.bytes[..self.len]).then_some(self.len)
    }
}

/// `n`'s decimal digits, at the end of the array: they start at the index given ("0" for 0).
fn decimal(mut n: u32) -> ([u8; 10], usize) {
    let mut digits = [b'0'; 10];
    let mut first = digits.len() - 1;
    while n > 0 {
        digits[first] = b'0' + (n % 10) as u8;
        n /= 10;
        if n > 0 {
            first -= 1;
        }
    }
    (digits, first)
}

/// Each byte's decimal digits as a little-endian word, and how many there are.
const DECIMAL: [(u32, usize); 256] = {
    let mut table = [(0, 0); 256];
    let mut n = 0;
    while n < 256 {
        let (d0, d1, d2) = (
            (b'0' + (n / 100) as u8) as u32,
            (b'0' + (n / 10 % 10) as u8) as u32,
            (b'0' + (n % 10) as u8) as u32,
        );
        table[n] = match n {
            0..=9 => (d2, 1),
            10..=99 => (d1 | d2 << 8, 2),
            _ => (d0 | d1 << 8 | d2 << 16, 3),
        };
        n += 1;
    }
    table
};

/// For [`written_position_len`]: the text compared so far, each step what `push_position`
/// would write there, stepped over if it is.
struct Expect<'t> {
    text: &'t [u8],
    at: usize,
}

// Inlined: these run for every field of every checkpoint of a record.
impl Expect<'_> {
    #[inline(always)]
    fn byte(&mut self, b: u8) -> Option<()> {
        (self.text.get(self.at) == Some(&b)).then(|| self.at += 1)
    }

    #[inline(always)]
    fn two(&mut self, first: u8, second: u8) -> Option<()> {
        self.byte(first)?;
        self.byte(second)
    }

    #[inline(always)]
    fn number(&mut self, n: u32) -> Option<()> {
        if n < 10 {
            return self.byte(b'0' + n as u8);
        }
        if n < 100 {
            return self.two(b'0' + (n / 10) as u8, b'0' + (n % 10) as u8);
        }
        // Out of line, and given the place rather than `self`, which then stays in registers.
        self.at = long_number(self.text, self.at, n)?;
        Some(())
    }

    /// As `push_pile`.
    #[inline(always)]
    fn pile(&mut self, p: &Pile) -> Option<()> {
        if p.seeds > 0 || p.muzi.is_empty() {
            self.number(p.seeds)?;
        }
        if p.muzi.a {
            self.two(b'm', b'A')?;
        }
        if p.muzi.b {
            self.two(b'm', b'B')?;
        }
        Some(())
    }

    /// What `push_position` writes after the rows: stores, side to move, round, debts.
    #[inline(always)]
    fn head(
        &mut self,
        stores: &[Pile; 2],
        to_move: Side,
        round: u32,
        debts: [u32; 2],
    ) -> Option<()> {
        self.byte(b' ')?;
        self.pile(&stores[0])?;
        self.byte(b'/')?;
        self.pile(&stores[1])?;
        self.byte(b' ')?;
        self.byte(match to_move {
            Side::A => b'A',
            Side::B => b'B',
        })?;
        self.byte(b' ')?;
        self.number(round)?;
        if debts != [0, 0] {
            self.byte(b' ')?;
            self.number(debts[0])?;
            self.byte(b'/')?;
            self.number(debts[1])?;
        }
        Some(())
    }

    /// As `push_hole_state`.
    #[inline(always)]
    fn hole(&mut self, h: &HoleState) -> Option<()> {
        // Most holes hold seeds alone.
        let seeds = HoleState {
            pile: Pile {
                seeds: h.pile.seeds,
                muzi: Muzi::NONE,
            },
            ..HoleState::default()
        };
        if *h == seeds {
            return self.number(h.pile.seeds);
        }
        let h = *h;
        // Dakon's later rounds put holes out of play.
        if h == OUT_OF_PLAY {
            return self.byte(b'x');
        }
        // Out of line, as `long_number`.
        self.at = unusual_hole(self.text, self.at, h)?;
        Some(())
    }
}

/// A hole out of play as `x` reads back: empty, owned by nobody.
const OUT_OF_PLAY: HoleState = HoleState {
    pile: Pile {
        seeds: 0,
        muzi: Muzi::NONE,
    },
    owner: None,
    out_of_play: true,
};

/// For [`Expect::hole`]: the end of a hole with a muzi or an owner, if `text` has it at `at`.
/// A hole out of play that holds anything is written `x`, which does not read back as it.
#[inline(never)]
fn unusual_hole(text: &[u8], at: usize, h: HoleState) -> Option<usize> {
    let mut expect = Expect { text, at };
    if h.out_of_play {
        return None;
    }
    expect.pile(&h.pile)?;
    match h.owner {
        None => {}
        Some(Side::A) => expect.two(b'@', b'A')?,
        Some(Side::B) => expect.two(b'@', b'B')?,
    }
    Some(expect.at)
}

/// For [`Expect::number`]: the end of `n`, of three digits or more, if `text` has it at `at`.
#[inline(never)]
fn long_number(text: &[u8], at: usize, n: u32) -> Option<usize> {
    let (digits, first) = decimal(n);
    let digits = &digits[first..];
    let end = at + digits.len();
    // Compared byte by byte: a call to `memcmp` costs more than these few digits.
    let written = text.get(at..end)?;
    written
        .iter()
        .zip(digits)
        .all(|(a, b)| a == b)
        .then_some(end)
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn decimal_digits_are_the_numbers_own() {
        for n in [
            0,
            9,
            10,
            99,
            100,
            255,
            256,
            1_000_000,
            u32::MAX - 1,
            u32::MAX,
        ] {
            let (digits, first) = decimal(n);
            assert_eq!(&digits[first..], n.to_string().as_bytes(), "{n}");
        }
    }
}
