//! A checkpoint written into a document straight from its MGN text, without reading it into a
//! position: in a record with a checkpoint after every ply, making each position (its rows of
//! holes in a vector) and dropping it was a quarter of a conversion to JSON or YAML, and the
//! text of a plain position is nearly the document's already (`0,3,12` is `[0, 3, 12]`).
//!
//! The value is written as soon as the checkpoint is read, into a buffer the item takes it from
//! when it is complete: it does not depend on the item (a checkpoint's value always stands at the
//! same depth). The text is in the canonical form ([`CanonicalCheckpoint`]: numbers as MGN writes them, one
//! space between fields), so it is copied without being checked again. Only a plain position is
//! written here: holes of seeds alone and stores without muzi; for any other these give up,
//! `out` as it was, and the caller reads the position and writes it as before.

use super::json_items::{end_object, key, line, quoted};
use crate::notation::CanonicalCheckpoint;

/// What follows a plain position's rows (`STORE/STORE SIDE ROUND[ DEBT/DEBT]`), each as written.
struct Head<'t> {
    stores: [&'t [u8]; 2],
    to_move: u8,
    round: &'t [u8],
    /// Written only when not both zero.
    debts: Option<[&'t [u8]; 2]>,
}

/// The fields after the rows, when the stores are plain numbers.
fn head(b: &[u8]) -> Option<Head<'_>> {
    let (stores, rest) = field(b);
    let (to_move, rest) = field(rest);
    let (round, debts) = field(rest);
    let stores = halves(stores);
    if !stores.iter().all(|s| s.iter().all(u8::is_ascii_digit)) {
        return None;
    }
    Some(Head {
        stores,
        to_move: *to_move.first()?,
        round,
        debts: (!debts.is_empty()).then(|| halves(debts)),
    })
}

/// The field `b` starts with, up to its space, and what follows the space.
fn field(b: &[u8]) -> (&[u8], &[u8]) {
    match b.iter().position(|&c| c == b' ') {
        Some(space) => (&b[..space], &b[space + 1..]),
        None => (b, &[]),
    }
}

/// A field of two halves (`0/9`), split at its slash.
fn halves(field: &[u8]) -> [&[u8]; 2] {
    match field.iter().position(|&c| c == b'/') {
        Some(slash) => [&field[..slash], &field[slash + 1..]],
        None => [field, &[]],
    }
}

/// Both rows of a plain position, split at their slash: `b` up to its first space, when it holds
/// only digits, commas and the slash (a muzi's `m`, an owner's `@`, `x` are all above `9`).
fn plain_rows(b: &[u8]) -> Option<([&[u8]; 2], usize)> {
    let len = memchr::memchr(b' ', b)?;
    let rows = &b[..len];
    // The largest byte, in one pass the compiler makes wide.
    if rows.iter().fold(0, |largest, &c| largest.max(c)) > b'9' {
        return None;
    }
    let slash = memchr::memchr(b'/', rows)?;
    Some(([&rows[..slash], &rows[slash + 1..]], len + 1))
}

/// The longest row written on the stack, in bytes of MGN.
const LONGEST_ROW: usize = 240;

/// A row of plain numbers (`0,12,3`) as both documents write its array (`[0, 12, 3]`). Made on
/// the stack and appended at once, a comma stepping over the space after it (already there):
/// a push for each byte, or a check of each, took two to three times as many instructions.
fn row(out: &mut Vec<u8>, row: &[u8]) {
    if row.len() > LONGEST_ROW {
        out.push(b'[');
        for &c in row {
            out.push(c);
            if c == b',' {
                out.push(b' ');
            }
        }
        out.push(b']');
        return;
    }
    const ROOM: usize = 512;
    let mut room = [b' '; ROOM];
    room[0] = b'[';
    let mut len = 1;
    for &c in row {
        // Never past the room (at most 1 + 2 * LONGEST_ROW): the mask only spares a check.
        room[len % ROOM] = c;
        len += 1 + usize::from(c == b',');
    }
    room[len % ROOM] = b']';
    out.extend_from_slice(&room[..len + 1]);
}

/// `[a, b]` of two plain numbers.
fn pair(out: &mut Vec<u8>, pair: [&[u8]; 2]) {
    out.push(b'[');
    out.extend_from_slice(pair[0]);
    out.extend_from_slice(b", ");
    out.extend_from_slice(pair[1]);
    out.push(b']');
}

/// The punctuation and keys of a checkpoint's JSON value `level` levels in, made once: written
/// a key and an indentation at a time, they were half of writing a checkpoint.
pub(super) struct JsonLayout {
    /// Up to A's row: `{`, the key `holes` and the first row's line.
    open: Vec<u8>,
    /// Between the rows.
    between_rows: Vec<u8>,
    /// After B's row, up to the stores.
    stores: Vec<u8>,
    /// After the stores, up to the side to move, its quote included.
    to_move: Vec<u8>,
    /// After the side to move, up to the round.
    round: Vec<u8>,
    /// After the round, up to the debts.
    debts: Vec<u8>,
    /// After the last field.
    close: Vec<u8>,
}

impl JsonLayout {
    /// The layout of a checkpoint's value `level` levels in, as the JSON writer lays out a
    /// position.
    pub(super) fn at(level: usize) -> JsonLayout {
        let piece = |write: &dyn Fn(&mut Vec<u8>)| {
            let mut bytes = Vec::new();
            write(&mut bytes);
            bytes
        };
        JsonLayout {
            open: piece(&|out| {
                out.push(b'{');
                key(out, level, true, quoted!("holes"));
                out.push(b'[');
                line(out, level + 2, false);
            }),
            between_rows: piece(&|out| {
                line(out, level + 2, true);
            }),
            stores: piece(&|out| {
                line(out, level + 1, false);
                out.push(b']');
                key(out, level, false, quoted!("stores"));
            }),
            to_move: piece(&|out| {
                key(out, level, false, quoted!("to_move"));
                out.push(b'"');
            }),
            round: piece(&|out| {
                out.push(b'"');
                key(out, level, false, quoted!("round"));
            }),
            debts: piece(&|out| key(out, level, false, quoted!("debts"))),
            close: piece(&|out| end_object(out, level, true)),
        }
    }
}

/// The checkpoint `text` as the JSON writer writes the position it reads as, laid out by
/// `layout`, or false (`out` as it was) when it is not a plain position.
pub(super) fn json(out: &mut Vec<u8>, text: CanonicalCheckpoint, layout: &JsonLayout) -> bool {
    let b = text.as_str().as_bytes();
    let Some((rows, rows_len)) = plain_rows(b) else {
        return false;
    };
    let Some(head) = head(&b[rows_len..]) else {
        return false;
    };
    out.extend_from_slice(&layout.open);
    row(out, rows[0]);
    out.extend_from_slice(&layout.between_rows);
    row(out, rows[1]);
    out.extend_from_slice(&layout.stores);
    pair(out, head.stores);
    out.extend_from_slice(&layout.to_move);
    out.push(head.to_move);
    out.extend_from_slice(&layout.round);
    out.extend_from_slice(head.round);
    if let Some(debts) = head.debts {
        out.extend_from_slice(&layout.debts);
        pair(out, debts);
    }
    out.extend_from_slice(&layout.close);
    true
}

/// The checkpoint `text` as the YAML writer writes the position it reads as, in flow style, or
/// false (`out` as it was) when it is not a plain position.
pub(super) fn yaml(out: &mut Vec<u8>, text: CanonicalCheckpoint) -> bool {
    let b = text.as_str().as_bytes();
    let Some((rows, rows_len)) = plain_rows(b) else {
        return false;
    };
    let Some(head) = head(&b[rows_len..]) else {
        return false;
    };
    out.extend_from_slice(b"{holes: [");
    row(out, rows[0]);
    out.extend_from_slice(b", ");
    row(out, rows[1]);
    out.extend_from_slice(b"], stores: ");
    pair(out, head.stores);
    out.extend_from_slice(b", to_move: ");
    out.push(head.to_move);
    out.extend_from_slice(b", round: ");
    out.extend_from_slice(head.round);
    if let Some(debts) = head.debts {
        out.extend_from_slice(b", debts: ");
        pair(out, debts);
    }
    out.push(b'}');
    true
}

#[cfg(test)]
mod tests {
    use super::super::{DocumentWriter, Format};
    use crate::generate::Rng;
    use crate::notation::{games, write_position, HoleState, Muzi, Pile, Position, Rows, Side};

    /// `text` (MGN games) written as a document through a reader's elements alone, and through
    /// the reader's canonical checkpoints handed over as text: both documents, and how many
    /// checkpoints went as text.
    fn both_ways(text: &str, format: Format) -> (String, String, usize) {
        let write = |as_text: bool| {
            let mut writer = DocumentWriter::new(Vec::new(), format).unwrap();
            let mut games = games(text);
            let mut handed = 0;
            while let Some(reader) = games.next_game() {
                let mut reader = reader.unwrap();
                writer.start_game(&reader.before, &reader.header).unwrap();
                loop {
                    if as_text {
                        if let Some(checkpoint) = reader.skip_canonical_checkpoint() {
                            writer.checkpoint_text(checkpoint).unwrap();
                            handed += 1;
                            continue;
                        }
                    }
                    match reader.next() {
                        Some(element) => writer.owned_element(element.unwrap()).unwrap(),
                        None => break,
                    }
                }
                let outcome = reader.outcome().unwrap();
                let after = games.finish(reader).unwrap();
                writer.end_game(&outcome, &after).unwrap();
            }
            let out = writer.finish().unwrap();
            (String::from_utf8(out).unwrap(), handed)
        };
        let (read, _) = write(false);
        let (copied, handed) = write(true);
        (read, copied, handed)
    }

    fn pile(seeds: u32) -> Pile {
        Pile {
            seeds,
            muzi: Muzi::default(),
        }
    }

    /// Random positions of every shape (plain ones most often; muzi, owners, holes out of play,
    /// debts, numbers of one to nine digits, rows past the longest written on the stack), each
    /// in a game of its own, after a move and alone, with a comment after it.
    fn records(rng: &mut Rng) -> String {
        let mut text = String::new();
        for game in 0..300 {
            let plain = game % 3 > 0;
            let number = |rng: &mut Rng| match rng.below(8) {
                0 => 999_999_999,
                1 => rng.below(1_000_000) as u32,
                2 => rng.below(100) as u32,
                _ => rng.below(10) as u32,
            };
            let per_row = match rng.below(10) {
                0 => 150 + rng.below(100),
                _ => 1 + rng.below(16),
            };
            let mut holes = Vec::new();
            for _ in 0..2 * per_row {
                let mut hole = HoleState {
                    pile: pile(number(rng)),
                    ..HoleState::default()
                };
                if !plain {
                    match rng.below(6) {
                        0 => hole.pile.muzi = Muzi::of(Side::A),
                        1 => hole.owner = Some(Side::B),
                        2 => {
                            hole = HoleState {
                                out_of_play: true,
                                ..HoleState::default()
                            }
                        }
                        _ => {}
                    }
                }
                holes.push(hole);
            }
            let mut stores = [pile(number(rng)), pile(number(rng))];
            if !plain && rng.below(2) == 0 {
                stores[1].muzi = Muzi { a: true, b: true };
            }
            let position = Position {
                holes: Rows::from_parts(holes, per_row),
                stores,
                to_move: if rng.below(2) == 0 { Side::A } else { Side::B },
                round: 1 + number(rng),
                debts: match rng.below(4) {
                    0 => [number(rng), 1 + number(rng)],
                    _ => [0, 0],
                },
            };
            let written = write_position(&position);
            text.push_str(&format!(
                "[Game \"dong-wo\"]\n\n1. A1 [{written}] {{after}} [{written}] *\n\n"
            ));
        }
        text
    }

    /// A checkpoint handed over as its canonical text is written
    /// as the position it reads as, byte for byte, in both formats, on positions of every shape
    /// and on the records of records/.
    #[test]
    fn a_checkpoint_written_from_its_text_is_the_one_written_from_its_position() {
        let mut rng = Rng::new(38);
        let mut inputs = vec![records(&mut rng)];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
        for game in std::fs::read_dir(root).unwrap() {
            for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
                let path = file.unwrap().path();
                if path.extension().is_some_and(|e| e == "mgn") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    if crate::notation::parse_games(&text)
                        .iter()
                        .all(Result::is_ok)
                    {
                        inputs.push(text);
                    }
                }
            }
        }
        for format in [Format::Json, Format::Yaml] {
            let mut handed = 0;
            for input in &inputs {
                let (read, copied, n) = both_ways(input, format);
                assert_eq!(copied, read, "{format:?}");
                handed += n;
            }
            // Every checkpoint of the random records is canonical: all went as text.
            assert!(handed >= 600, "{format:?}: {handed} handed over as text");
        }
    }
}
