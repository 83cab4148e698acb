//! Perft: the number of distinct legal decision sequences of exactly D plies from a position,
//! where every choice a player makes counts (a hole, a direction, a muzi drop, an extra
//! capture, a further sowing). A ply is a whole turn; the start of a round, which no one
//! decides, is not a ply. A game that ends before D plies contributes nothing. See
//! docs/perft.md for the convention and the published counts.
//!
//! Three ways to count, which must agree:
//! - [`perft`]: depth first, every sequence followed;
//! - [`perft_with`]: depth first with a transposition [`Table`], the count below a state and a
//!   number of plies left counted once. A state is the rules' whole state ([`Rules::State`]:
//!   position, side to move, round, and within a turn the turn so far, such as a Dakon turn
//!   after a lap that ended in the store), whose continuations do not depend on how it was
//!   reached; the table compares states whole, never only their hashes;
//! - [`perft_layers`]: ply by ply forward, each distinct state of a ply (and within a turn)
//!   kept once with the number of sequences that reach it.
//!
//! [`split`] cuts the count into independent subtrees, so that a caller can count them on
//! several threads (the command line does; the library starts none).

use crate::rules::{Phase, Rules};
use crate::Diagnostic;
use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

/// The deepest count asked for (`mgn perft`, the protocol's `perft` and `divide`): far past
/// any count that could finish (Dakon's start has millions of nodes at depth 8), and shallow
/// enough that the recursion cannot overflow the stack, as a depth of a million would.
pub const MAX_DEPTH: u32 = 64;

/// The count of decision sequences of exactly `depth` plies from `state`. The rules list a
/// move not decided within the lap budget (it may be legal): such a move, met on the way,
/// makes the count unknown, and is the error (`mgn.limit.laps`).
pub fn perft<R: Rules>(rules: &R, state: &R::State, depth: u32) -> Result<u64, Diagnostic> {
    if depth == 0 {
        return Ok(1);
    }
    match rules.phase(state) {
        Phase::Over { .. } => Ok(0),
        Phase::RoundOver { .. } => {
            let mut next = state.clone();
            rules
                .begin_round(&mut next, &mut ())
                .expect("a round that is over can begin the next");
            perft(rules, &next, depth)
        }
        Phase::ToMove(_) | Phase::Continue { .. } | Phase::MustPass { .. } => {
            if depth == 1 {
                if let Some(turns) = rules.whole_turns(state) {
                    return Ok(turns);
                }
            }
            let mut decisions = Vec::new();
            rules.decisions(state, &mut decisions);
            decisions
                .iter()
                .map(|decision| after_decision(rules, state, decision, depth))
                .sum()
        }
    }
}

/// The count below one decision: the same turn goes on, or the next ply starts.
fn after_decision<R: Rules>(
    rules: &R,
    state: &R::State,
    decision: &R::Decision,
    depth: u32,
) -> Result<u64, Diagnostic> {
    let (next, depth) = play(rules, state, decision, depth)?;
    perft(rules, &next, depth)
}

/// The state after `decision` and the plies then left: the same turn goes on, or the next
/// ply starts.
fn play<R: Rules>(
    rules: &R,
    state: &R::State,
    decision: &R::Decision,
    depth: u32,
) -> Result<(R::State, u32), Diagnostic> {
    let mut next = state.clone();
    if let Err(violation) = rules.apply(&mut next, decision, &mut ()) {
        assert_eq!(
            violation.rule, "mgn.limit.laps",
            "a listed decision is legal, or not decided within the lap budget: {decision} {violation}"
        );
        return Err(violation);
    }
    let left = match rules.phase(&next) {
        Phase::Continue { .. } => depth,
        _ => depth - 1,
    };
    Ok((next, left))
}

/// `state` with its round begun if the last one is over: the start of a round is no one's
/// decision, and no ply.
fn begun<R: Rules>(rules: &R, state: &R::State) -> Option<R::State> {
    match rules.phase(state) {
        Phase::RoundOver { .. } => {
            let mut next = state.clone();
            rules
                .begin_round(&mut next, &mut ())
                .expect("a round that is over can begin the next");
            Some(next)
        }
        _ => None,
    }
}

/// The count below each first decision of `state`, in the order the rules list them.
pub fn divide<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
) -> Result<Vec<(String, u64)>, Diagnostic> {
    divide_watched(rules, state, depth, |_, _| {})
}

/// [`divide`], telling `done(counted, of)` after each first decision is counted: how far a long
/// count has come, for a progress bar.
pub fn divide_watched<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
    mut done: impl FnMut(usize, usize),
) -> Result<Vec<(String, u64)>, Diagnostic> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let mut decisions = Vec::new();
    rules.decisions(state, &mut decisions);
    let of = decisions.len();
    decisions
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let count = after_decision(rules, state, d, depth)?;
            done(k + 1, of);
            Ok((d.to_string(), count))
        })
        .collect()
}

/// FxHash's step (rustc's hasher): states are hashed at every node of a count, and SipHash,
/// the standard one, would cost more than most of them.
#[derive(Default, Clone, Copy)]
pub struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        for &byte in chunks.remainder() {
            self.add(u64::from(byte));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

impl StateHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Build = BuildHasherDefault<StateHasher>;

fn hash_of<S: Hash>(state: &S, depth: u32) -> u64 {
    let mut hasher = Build::default().build_hasher();
    state.hash(&mut hasher);
    depth.hash(&mut hasher);
    // The low bits pick the bucket: fold the high ones, which the multiply mixes best, in.
    let h = hasher.finish();
    h ^ (h >> 29) ^ (h >> 47)
}

/// A transposition table: the count below a state with a number of plies left, for the
/// states already counted. Its memory is fixed when it is made; a full bucket keeps the entry
/// with the most plies left and the one stored last. Entries are compared whole (state and
/// plies), so a hash collision costs a recount, never a wrong count.
pub struct Table<S> {
    buckets: Vec<[Option<Entry<S>>; 2]>,
    mask: u64,
    lookups: u64,
    found: u64,
}

struct Entry<S> {
    state: S,
    depth: u32,
    count: u64,
}

impl<S: Clone + Eq + Hash> Table<S> {
    /// A table of about `bytes` (a power of two of buckets, one at least).
    pub fn with_bytes(bytes: usize) -> Table<S> {
        let bucket = std::mem::size_of::<[Option<Entry<S>>; 2]>().max(1);
        let wanted = (bytes / bucket).max(1);
        // The largest power of two not over the budget.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut table = Vec::with_capacity(buckets);
        table.resize_with(buckets, || [None, None]);
        Table {
            buckets: table,
            mask: buckets as u64 - 1,
            lookups: 0,
            found: 0,
        }
    }

    /// Counts looked up so far, and how many of them were found.
    pub fn lookups(&self) -> (u64, u64) {
        (self.lookups, self.found)
    }

    fn get(&mut self, hash: u64, state: &S, depth: u32) -> Option<u64> {
        self.lookups += 1;
        let found = self.buckets[(hash & self.mask) as usize]
            .iter()
            .flatten()
            .find(|e| e.depth == depth && e.state == *state)
            .map(|e| e.count);
        self.found += u64::from(found.is_some());
        found
    }

    fn put(&mut self, hash: u64, state: &S, depth: u32, count: u64) {
        let [deep, last] = &mut self.buckets[(hash & self.mask) as usize];
        let entry = Entry {
            state: state.clone(),
            depth,
            count,
        };
        match deep {
            Some(kept) if kept.depth > depth => *last = Some(entry),
            _ => *last = deep.replace(entry),
        }
    }
}

/// The fewest plies left for which [`perft_with`] looks a count up: with one ply left, the
/// states counted are nearly all different (a Dakon turn's states after a lap in the store
/// repeat about once in a hundred), and a count costs less than looking it up.
pub const MIN_TABLE_DEPTH: u32 = 2;

/// The smallest count [`perft_with`] keeps in its table.
pub const MIN_TABLE_COUNT: u64 = 1_000;

/// [`perft`], each count below a state and a number of plies left looked up in `table`
/// before it is counted, and kept there after.
pub fn perft_with<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
    table: &mut Table<R::State>,
) -> Result<u64, Diagnostic> {
    if depth == 0 {
        return Ok(1);
    }
    if let Some(next) = begun(rules, state) {
        return perft_with(rules, &next, depth, table);
    }
    if let Phase::Over { .. } = rules.phase(state) {
        return Ok(0);
    }
    if depth < MIN_TABLE_DEPTH {
        return perft(rules, state, depth);
    }
    let hash = hash_of(state, depth);
    if let Some(count) = table.get(hash, state, depth) {
        return Ok(count);
    }
    let mut decisions = Vec::new();
    rules.decisions(state, &mut decisions);
    let mut count = 0;
    for decision in &decisions {
        let (next, left) = play(rules, state, decision, depth)?;
        count += perft_with(rules, &next, left, table)?;
    }
    // A small count costs less to count again than to keep (a state is copied into the
    // table, Mraw imrujen's with its history).
    if count >= MIN_TABLE_COUNT {
        table.put(hash, state, depth, count);
    }
    Ok(count)
}

/// [`divide`] with a transposition table.
pub fn divide_with<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
    table: &mut Table<R::State>,
) -> Result<Vec<(String, u64)>, Diagnostic> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let mut decisions = Vec::new();
    rules.decisions(state, &mut decisions);
    decisions
        .iter()
        .map(|d| {
            let (next, left) = play(rules, state, d, depth)?;
            Ok((d.to_string(), perft_with(rules, &next, left, table)?))
        })
        .collect()
}

/// States with the number of sequences that reach them, each state once, in the order first
/// reached (so that a count that depends on the order, an error's, is the same every run).
struct Tally<K> {
    index: HashMap<K, usize, Build>,
    items: Vec<(K, u64)>,
}

impl<K: Clone + Eq + Hash> Tally<K> {
    fn new() -> Tally<K> {
        Tally {
            index: HashMap::default(),
            items: Vec::new(),
        }
    }

    fn add(&mut self, key: K, paths: u64) {
        match self.index.get(&key) {
            Some(&i) => self.items[i].1 += paths,
            None => {
                self.index.insert(key.clone(), self.items.len());
                self.items.push((key, paths));
            }
        }
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    fn into_items(self) -> Vec<(K, u64)> {
        self.items
    }
}

/// The count ply by ply forward: the distinct states after each ply, each with the number of
/// sequences that reach it, the states within a turn (a Dakon turn after a lap in the store)
/// merged the same way. No sequence is followed alone, and nothing is shared with the depth
/// first counts but the rules: the second method of docs/perft.md.
pub fn perft_layers<R: Rules>(rules: &R, state: &R::State, depth: u32) -> Result<u64, Diagnostic> {
    let mut layer = Tally::new();
    layer.add(state.clone(), 1);
    for _ in 0..depth {
        let mut after = Tally::new();
        // The states of the ply's turns still open, merged at each decision.
        let mut open = layer.into_items();
        while !open.is_empty() {
            let mut within = Tally::new();
            for (state, paths) in open {
                let state = begun(rules, &state).unwrap_or(state);
                if let Phase::Over { .. } = rules.phase(&state) {
                    // A game over before the last ply: no sequence of `depth` plies.
                    continue;
                }
                let mut decisions = Vec::new();
                rules.decisions(&state, &mut decisions);
                for decision in &decisions {
                    let (next, left) = play(rules, &state, decision, 1)?;
                    if left == 1 {
                        within.add(next, paths);
                    } else {
                        after.add(next, paths);
                    }
                }
            }
            open = within.into_items();
        }
        layer = after;
    }
    Ok(layer.into_items().iter().map(|(_, paths)| paths).sum())
}

/// A part of a count: the sequences that begin with first decision `first` (or any, when the
/// split was not by first decision) and reach `state` with `depth` plies left, `paths` of
/// them. The count is the sum over the parts of `paths` times the count below the part.
#[derive(Clone, Debug)]
pub struct Part<S> {
    pub first: usize,
    pub state: S,
    pub depth: u32,
    pub paths: u64,
}

/// The count from `state` cut into `at_least` parts or more (fewer only when the tree has no
/// more below `depth`), a decision at a time breadth first, equal parts merged. With
/// `by_first`, parts below different first decisions are kept apart (for a divide), and
/// `first` is the decision's place in the rules' list; otherwise it is 0. The parts come in
/// the same order every run.
pub fn split<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
    at_least: usize,
    by_first: bool,
) -> Result<Vec<Part<R::State>>, Diagnostic> {
    let mut parts = Tally::new();
    parts.add((usize::MAX, state.clone(), depth), 1);
    loop {
        if parts.len() >= at_least {
            break;
        }
        let mut deeper = Tally::new();
        let mut expanded = false;
        for ((first, state, depth), paths) in parts.into_items() {
            let state = begun(rules, &state).unwrap_or(state);
            if depth == 0 {
                deeper.add((first, state, depth), paths);
                continue;
            }
            if let Phase::Over { .. } = rules.phase(&state) {
                continue;
            }
            expanded = true;
            let mut decisions = Vec::new();
            rules.decisions(&state, &mut decisions);
            for (i, decision) in decisions.iter().enumerate() {
                let (next, left) = play(rules, &state, decision, depth)?;
                let first = match first {
                    usize::MAX if by_first => i,
                    usize::MAX => 0,
                    first => first,
                };
                deeper.add((first, next, left), paths);
            }
        }
        parts = deeper;
        if !expanded {
            break;
        }
    }
    Ok(parts
        .into_items()
        .into_iter()
        .map(|((first, state, depth), paths)| Part {
            // The root itself, when `depth` is 0.
            first: if first == usize::MAX { 0 } else { first },
            state,
            depth,
            paths,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{BoardSize, Side};
    use crate::rules::dakon::{Dakon, DEF};
    use crate::rules::Settings;

    fn dakon(columns: u32) -> Dakon {
        Dakon::new(BoardSize { rows: 2, columns }, &Settings::defaults(&DEF)).unwrap()
    }

    /// Every complete first turn on 2x5, chained sowings included: the same count as the
    /// engine's first version gave by listing whole turns one by one.
    #[test]
    fn dakon_2x5_first_turns() {
        let d = dakon(5);
        assert_eq!(perft(&d, &d.start(Side::B), 1), Ok(1373));
    }

    #[test]
    fn divide_sums_to_perft() {
        let d = dakon(5);
        let start = d.start(Side::B);
        let parts = divide(&d, &start, 2).unwrap();
        assert_eq!(parts.len(), 5);
        assert_eq!(
            Ok(parts.iter().map(|(_, n)| n).sum::<u64>()),
            perft(&d, &start, 2)
        );
    }
}
