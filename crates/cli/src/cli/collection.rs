//! Reading a collection's games without replaying them, as `mgn select` and `mgn stats
//! --no-replay` do: each game element by element, what no one looks at stepped over unbuilt.

use mgn::notation::{position_len, Element, GameReader};

/// The plies and `round N` markers of a move text, counted as it is read.
#[derive(Clone, Copy, Default)]
pub struct MoveCounts {
    pub plies: u64,
    pub round_marks: u64,
}

impl MoveCounts {
    pub fn see(&mut self, element: &Element) {
        match element {
            Element::Move(_) | Element::Pass(_) => self.plies += 1,
            Element::Round(_) => self.round_marks += 1,
            _ => {}
        }
    }
}

/// Reads the rest of `reader`'s move text to its result or to its syntax error (left in the
/// reader for `Games::finish` to give), counting into `counts`. Every element is read, so
/// that a game that does not read is known; but checkpoints, passes and moves of the common shape
/// are only checked, not built, unless `each` wants every element (`select --dedupe` hashes the
/// moves): making and dropping them was most of the time of a file of moves alone.
pub fn read_rest(
    reader: &mut GameReader<'_>,
    counts: &mut MoveCounts,
    mut each: Option<&mut dyn FnMut(&Element)>,
) {
    loop {
        if reader.skip_checkpoint(position_len) {
            continue;
        }
        if each.is_none() && reader.skip_ply() {
            counts.plies += 1;
            continue;
        }
        match reader.next() {
            Some(Ok(element)) => {
                counts.see(&element);
                if let Some(each) = &mut each {
                    each(&element);
                }
            }
            _ => break,
        }
    }
}
