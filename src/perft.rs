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
//! - [`perft_layers`]: ply by ply forward, each distinct state after a ply but the last (and
//!   within a turn) kept once with the number of sequences that reach it; the last ply's ends
//!   are counted, not kept.
//!
//! [`split`] cuts the count into independent subtrees, so that a caller can count them on
//! several threads (the command line does; the library starts none).
//!
//! Every sum and product of a count is checked: a count past `u64::MAX` is refused under
//! `mgn.limit.count` ([`add`], [`times`]), never wrapped round to a smaller number that would
//! look like a count.

use crate::rules::general;
use crate::rules::{Phase, Rules, RulesExt};
use crate::Diagnostic;
use indexmap::map::Entry as Seen;
use indexmap::IndexMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

/// The deepest count asked for (`mgn perft`, the protocol's `perft` and `divide`): far past
/// any count that could finish (Dakon's start has millions of nodes at depth 8), and shallow
/// enough that the recursion cannot overflow the stack, as a depth of a million would.
pub const MAX_DEPTH: u32 = 64;

fn too_large() -> Diagnostic {
    Diagnostic::new(
        general::LIMIT_COUNT,
        format!(
            "the count is past {} (2^64 - 1), the most 64 bits hold",
            u64::MAX
        ),
    )
}

/// `a + b`, or the refusal of a count past 64 bits (`mgn.limit.count`).
pub fn add(a: u64, b: u64) -> Result<u64, Diagnostic> {
    a.checked_add(b).ok_or_else(too_large)
}

/// `a × b`, or the refusal of a count past 64 bits (`mgn.limit.count`).
pub fn times(a: u64, b: u64) -> Result<u64, Diagnostic> {
    a.checked_mul(b).ok_or_else(too_large)
}

/// The sum of `counts`, or the refusal of a count past 64 bits (`mgn.limit.count`).
pub fn sum(counts: impl IntoIterator<Item = u64>) -> Result<u64, Diagnostic> {
    counts.into_iter().try_fold(0, add)
}

/// The count of decision sequences of exactly `depth` plies from `state`. The rules list a
/// move not decided within the lap budget (it may be legal): such a move, met on the way,
/// makes the count unknown, and is the error (`mgn.limit.laps`); so does a count past 64 bits
/// (`mgn.limit.count`).
pub fn perft<R: RulesExt>(rules: &R, state: &R::State, depth: u32) -> Result<u64, Diagnostic> {
    perft_in(rules, state, depth, &mut R::Scratch::default())
}

/// [`perft`] in the rules' room `scratch`, kept through the count.
fn perft_in<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
    scratch: &mut R::Scratch,
) -> Result<u64, Diagnostic> {
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
            perft_in(rules, &next, depth, scratch)
        }
        Phase::ToMove(_) | Phase::Continue { .. } | Phase::MustPass { .. } => {
            if depth == 1 {
                if let Some(turns) = rules.whole_turns(state, scratch) {
                    return Ok(turns);
                }
            }
            let mut decisions = Vec::new();
            rules.decisions(state, scratch, &mut decisions);
            decisions.iter().try_fold(0, |count, decision| {
                add(
                    count,
                    after_decision(rules, state, decision, depth, scratch)?,
                )
            })
        }
    }
}

/// The count below one decision: the same turn goes on, or the next ply starts.
fn after_decision<R: RulesExt>(
    rules: &R,
    state: &R::State,
    decision: &R::Decision,
    depth: u32,
    scratch: &mut R::Scratch,
) -> Result<u64, Diagnostic> {
    let (next, depth) = play(rules, state, decision, depth, scratch)?;
    perft_in(rules, &next, depth, scratch)
}

/// The state after `decision` and the plies then left: the same turn goes on, or the next
/// ply starts.
fn play<R: Rules>(
    rules: &R,
    state: &R::State,
    decision: &R::Decision,
    depth: u32,
    scratch: &mut R::Scratch,
) -> Result<(R::State, u32), Diagnostic> {
    let mut next = state.clone();
    if let Err(violation) = rules.apply(&mut next, decision, scratch, &mut ()) {
        assert_eq!(
            violation.rule, general::LIMIT_LAPS,
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

/// The count below each first decision of `state`, in the order the rules list them. Their
/// total is a count too: one past 64 bits is refused (`mgn.limit.count`), as [`perft`]'s.
pub fn divide<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
) -> Result<Vec<(String, u64)>, Diagnostic> {
    divide_watched(rules, state, depth, |_, _| {})
}

/// [`divide`], telling `done(counted, of)` after each first decision is counted: how far a long
/// count has come, for a progress bar.
pub fn divide_watched<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
    mut done: impl FnMut(usize, usize),
) -> Result<Vec<(String, u64)>, Diagnostic> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let scratch = &mut R::Scratch::default();
    let mut decisions = Vec::new();
    rules.decisions(state, scratch, &mut decisions);
    let of = decisions.len();
    let parts = decisions
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let count = after_decision(rules, state, d, depth, scratch)?;
            done(k + 1, of);
            Ok((d.to_string(), count))
        })
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    sum(parts.iter().map(|(_, n)| *n))?;
    Ok(parts)
}

/// How much a bounded count may do ([`divide_within`]): a number of nodes, and a time.
#[derive(Clone, Copy, Debug)]
pub struct Bound {
    /// The most decisions played (each a node of the tree below the root, leaves included):
    /// the work a plain engine does to answer the same count, whatever shortcuts mgn takes.
    pub nodes: u64,
    /// A time past which the count gives up.
    pub deadline: Option<std::time::Instant>,
}

/// Why a bounded count gave up, or could not count.
#[derive(Clone, Debug)]
pub enum Unbounded {
    /// More decisions than [`Bound::nodes`].
    Nodes,
    /// Past [`Bound::deadline`].
    Time,
    /// As [`divide`] refuses: a move not decided within the lap budget, a count past 64 bits.
    Refused(Diagnostic),
}

/// [`divide`] within a [`Bound`], walking every decision (no `whole_turns` shortcut, so that
/// the nodes are those any implementation walks); with the parts, the nodes it walked.
pub fn divide_within<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
    bound: Bound,
) -> Result<(Vec<(String, u64)>, u64), Unbounded> {
    let mut walk = Walk { bound, nodes: 0 };
    if depth == 0 {
        return Ok((Vec::new(), 0));
    }
    let scratch = &mut R::Scratch::default();
    let mut decisions = Vec::new();
    rules.decisions(state, scratch, &mut decisions);
    let mut parts = Vec::with_capacity(decisions.len());
    for decision in &decisions {
        let count = walk.below(rules, state, decision, depth, scratch)?;
        parts.push((decision.to_string(), count));
    }
    sum(parts.iter().map(|(_, n)| *n)).map_err(Unbounded::Refused)?;
    Ok((parts, walk.nodes))
}

struct Walk {
    bound: Bound,
    nodes: u64,
}

impl Walk {
    fn below<R: Rules>(
        &mut self,
        rules: &R,
        state: &R::State,
        decision: &R::Decision,
        depth: u32,
        scratch: &mut R::Scratch,
    ) -> Result<u64, Unbounded> {
        self.nodes += 1;
        if self.nodes > self.bound.nodes {
            return Err(Unbounded::Nodes);
        }
        // The clock is read once every 4096 nodes: reading it costs more than a node.
        if self.nodes.is_multiple_of(4096) {
            if let Some(deadline) = self.bound.deadline {
                if std::time::Instant::now() >= deadline {
                    return Err(Unbounded::Time);
                }
            }
        }
        let (next, depth) =
            play(rules, state, decision, depth, scratch).map_err(Unbounded::Refused)?;
        self.count(rules, &next, depth, scratch)
    }

    fn count<R: Rules>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        scratch: &mut R::Scratch,
    ) -> Result<u64, Unbounded> {
        if depth == 0 {
            return Ok(1);
        }
        if let Some(next) = begun(rules, state) {
            return self.count(rules, &next, depth, scratch);
        }
        if let Phase::Over { .. } = rules.phase(state) {
            return Ok(0);
        }
        let mut decisions = Vec::new();
        rules.decisions(state, scratch, &mut decisions);
        let mut count = 0u64;
        for decision in &decisions {
            let below = self.below(rules, state, decision, depth, scratch)?;
            count = add(count, below).map_err(Unbounded::Refused)?;
        }
        Ok(count)
    }
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
    /// The fewest plies left looked up, and the smallest count kept.
    min_depth: u32,
    min_count: u64,
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
            min_depth: MIN_TABLE_DEPTH,
            min_count: MIN_TABLE_COUNT,
        }
    }

    /// The table looking counts up from `min_depth` plies left (1 at least) and keeping those
    /// of `min_count` sequences or more, instead of [`MIN_TABLE_DEPTH`] and
    /// [`MIN_TABLE_COUNT`], which skip the counts cheaper to make again than to keep. With
    /// `keeping(1, 0)` every count goes through the table: the tests use it so that the
    /// table is used at every node of a small count.
    pub fn keeping(mut self, min_depth: u32, min_count: u64) -> Table<S> {
        self.min_depth = min_depth.max(1);
        self.min_count = min_count;
        self
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

/// The fewest plies left for which [`perft_with`] looks a count up, unless the table says
/// otherwise ([`Table::keeping`]). With one ply left, the rules count the turn themselves
/// where they can ([`RulesExt::whole_turns`]: Nchuwa, Mraw imrujen, a Dakon turn's tree of
/// sowings), and the table is not asked; elsewhere (Dong Wo) the states within a move repeat,
/// reached by different muzi drops, and the table halves the count's time (Dong Wo perft(3):
/// 1.3 s of CPU against 2.3 s when the last ply was never looked up).
pub const MIN_TABLE_DEPTH: u32 = 1;

/// The smallest count [`perft_with`] keeps in its table, unless the table says otherwise: a
/// smaller one costs less to count again than to copy in (Mraw imrujen's states carry their
/// history). 200 measured best of 0, 10, 50, 200 and 1,000 over the four games.
pub const MIN_TABLE_COUNT: u64 = 200;

/// [`perft`], each count below a state and a number of plies left looked up in `table`
/// before it is counted, and kept there after.
pub fn perft_with<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
    table: &mut Table<R::State>,
) -> Result<u64, Diagnostic> {
    perft_with_in(rules, state, depth, table, &mut R::Scratch::default())
}

/// [`perft_with`] in the rules' room `scratch`, kept through the count.
fn perft_with_in<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
    table: &mut Table<R::State>,
    scratch: &mut R::Scratch,
) -> Result<u64, Diagnostic> {
    if depth == 0 {
        return Ok(1);
    }
    if let Some(next) = begun(rules, state) {
        return perft_with_in(rules, &next, depth, table, scratch);
    }
    if let Phase::Over { .. } = rules.phase(state) {
        return Ok(0);
    }
    if depth == 1 {
        if let Some(turns) = rules.whole_turns(state, scratch) {
            return Ok(turns);
        }
    }
    if depth < table.min_depth {
        return perft_in(rules, state, depth, scratch);
    }
    let hash = hash_of(state, depth);
    if let Some(count) = table.get(hash, state, depth) {
        return Ok(count);
    }
    let mut decisions = Vec::new();
    rules.decisions(state, scratch, &mut decisions);
    let mut count = 0;
    for decision in &decisions {
        let (next, left) = play(rules, state, decision, depth, scratch)?;
        count = add(count, perft_with_in(rules, &next, left, table, scratch)?)?;
    }
    // A small count costs less to count again than to keep (a state is copied into the
    // table, Mraw imrujen's with its history).
    if count >= table.min_count {
        table.put(hash, state, depth, count);
    }
    Ok(count)
}

/// [`divide`] with a transposition table.
pub fn divide_with<R: RulesExt>(
    rules: &R,
    state: &R::State,
    depth: u32,
    table: &mut Table<R::State>,
) -> Result<Vec<(String, u64)>, Diagnostic> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let scratch = &mut R::Scratch::default();
    let mut decisions = Vec::new();
    rules.decisions(state, scratch, &mut decisions);
    let parts = decisions
        .iter()
        .map(|d| {
            let (next, left) = play(rules, state, d, depth, scratch)?;
            Ok((
                d.to_string(),
                perft_with_in(rules, &next, left, table, scratch)?,
            ))
        })
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    sum(parts.iter().map(|(_, n)| *n))?;
    Ok(parts)
}

/// States with the number of sequences that reach them, each state once, in the order first
/// reached (so that a count that depends on the order, an error's, is the same every run),
/// and what the first sequence to reach it left (`X`: for [`split`], its line). Each state is
/// kept once, beside its place in the index: a layer of the forward count holds tens of
/// millions of them.
struct Tally<K, X = ()> {
    items: IndexMap<K, (X, u64), Build>,
}

impl<K: Eq + Hash, X> Tally<K, X> {
    fn new() -> Tally<K, X> {
        Tally {
            items: IndexMap::default(),
        }
    }

    /// `paths` more sequences reach `key`; `first` is kept if they are the first.
    fn add(&mut self, key: K, first: X, paths: u64) -> Result<(), Diagnostic> {
        match self.items.entry(key) {
            Seen::Occupied(mut seen) => {
                let count = &mut seen.get_mut().1;
                *count = add(*count, paths)?;
            }
            Seen::Vacant(new) => {
                new.insert((first, paths));
            }
        }
        Ok(())
    }

    fn len(&self) -> usize {
        self.items.len()
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The states in the order first reached. Each state's own memory (a Dong Wo state's lists)
    /// is freed once it is handed on; the map's room, when the last is.
    fn into_items(self) -> impl Iterator<Item = (K, X, u64)> {
        self.items
            .into_iter()
            .map(|(key, (first, paths))| (key, first, paths))
    }
}

/// The count ply by ply forward: the distinct states after each ply, each with the number of
/// sequences that reach it, the states within a turn (a Dakon turn after a lap in the store)
/// merged the same way. No sequence is followed alone, and nothing is shared with the depth
/// first counts but the rules: the second method of docs/perft.md.
///
/// The last ply's ends are counted, not kept, and each state before it finishes its turns on
/// its own: memory holds the states after `depth - 1` plies and the states within one turn,
/// not the far more numerous states after `depth` plies.
pub fn perft_layers<R: Rules>(rules: &R, state: &R::State, depth: u32) -> Result<u64, Diagnostic> {
    if depth == 0 {
        return Ok(1);
    }
    let scratch = &mut R::Scratch::default();
    let mut layer = Tally::new();
    layer.add(state.clone(), (), 1)?;
    for _ in 1..depth {
        let mut after = Tally::new();
        finish_ply(rules, layer, scratch, |next, paths| {
            after.add(next, (), paths)
        })?;
        layer = after;
    }
    let mut count = 0;
    for (state, (), paths) in layer.into_items() {
        let mut ways = 0;
        let mut start = Tally::new();
        start.add(state, (), 1)?;
        finish_ply(rules, start, scratch, |_, paths| {
            ways = add(ways, paths)?;
            Ok(())
        })?;
        count = add(count, times(paths, ways)?)?;
    }
    Ok(count)
}

/// Plays the ply from each of `open`'s states, reached by its number of sequences, to its
/// end: the states of the turns still open are merged at each decision, and each state that
/// ends the ply is handed to `ended` with the sequences that reach it. A game over before the
/// ply ends no sequence.
fn finish_ply<R: Rules>(
    rules: &R,
    mut open: Tally<R::State>,
    scratch: &mut R::Scratch,
    mut ended: impl FnMut(R::State, u64) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    let mut decisions = Vec::new();
    while !open.is_empty() {
        let mut within = Tally::new();
        for (state, (), paths) in open.into_items() {
            let state = begun(rules, &state).unwrap_or(state);
            if let Phase::Over { .. } = rules.phase(&state) {
                continue;
            }
            decisions.clear();
            rules.decisions(&state, scratch, &mut decisions);
            for decision in &decisions {
                let (next, left) = play(rules, &state, decision, 1, scratch)?;
                if left == 1 {
                    within.add(next, (), paths)?;
                } else {
                    ended(next, paths)?;
                }
            }
        }
        open = within;
    }
    Ok(())
}

/// A part of a count: the sequences that begin with first decision `first` (or any, when the
/// split was not by first decision) and reach `state` with `depth` plies left, `paths` of
/// them. The count is the sum over the parts of `paths` times the count below the part
/// ([`count_part`]).
///
/// `line` is the first of these sequences, each decision its place in the rules' list: from
/// the split's root, [`reach`] plays it to `state` again. So parts can be handed to threads
/// that each configure their own rules as `Part<()>`, without their states, whose type is
/// the rules' own.
#[derive(Clone, Debug)]
pub struct Part<S> {
    /// The first decision of the part's sequences, its place in the root's list.
    pub first: usize,
    /// The state the part's sequences reach.
    pub state: S,
    /// Plies left below `state`.
    pub depth: u32,
    /// How many sequences reach `state`.
    pub paths: u64,
    /// The first sequence reaching `state`, each decision its index in the rules' list.
    pub line: Vec<u32>,
}

impl<S> Part<S> {
    /// The part without its state, which [`reach`] finds again from its line.
    pub fn without_state(self) -> Part<()> {
        Part {
            first: self.first,
            state: (),
            depth: self.depth,
            paths: self.paths,
            line: self.line,
        }
    }
}

/// The state `line` (a [`Part`]'s) leads to from `root`: each of its decisions is the one at
/// that place in the rules' list, and a round that is over is begun before a decision.
pub fn reach<R: Rules>(rules: &R, root: &R::State, line: &[u32]) -> Result<R::State, Diagnostic> {
    let scratch = &mut R::Scratch::default();
    let mut state = root.clone();
    let mut decisions = Vec::new();
    for &i in line {
        state = begun(rules, &state).unwrap_or(state);
        decisions.clear();
        rules.decisions(&state, scratch, &mut decisions);
        let decision = decisions
            .get(i as usize)
            .expect("a part's line lists decisions open from the root it was split from");
        (state, _) = play(rules, &state, decision, 1, scratch)?;
    }
    Ok(state)
}

/// The sequences of `part`: its `paths` times the count below `state`, the part's state (with
/// `table`, if any). A count past 64 bits is refused (`mgn.limit.count`).
pub fn count_part<R: RulesExt, S>(
    rules: &R,
    part: &Part<S>,
    state: &R::State,
    table: Option<&mut Table<R::State>>,
) -> Result<u64, Diagnostic> {
    let below = match table {
        Some(table) => perft_with(rules, state, part.depth, table)?,
        None => perft(rules, state, part.depth)?,
    };
    times(part.paths, below)
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
    let scratch = &mut R::Scratch::default();
    let mut parts: Tally<_, Vec<u32>> = Tally::new();
    parts.add((usize::MAX, state.clone(), depth), Vec::new(), 1)?;
    loop {
        if parts.len() >= at_least {
            break;
        }
        let mut deeper = Tally::new();
        let mut expanded = false;
        for ((first, state, depth), line, paths) in parts.into_items() {
            let state = begun(rules, &state).unwrap_or(state);
            if depth == 0 {
                deeper.add((first, state, depth), line, paths)?;
                continue;
            }
            if let Phase::Over { .. } = rules.phase(&state) {
                continue;
            }
            expanded = true;
            let mut decisions = Vec::new();
            rules.decisions(&state, scratch, &mut decisions);
            for (i, decision) in decisions.iter().enumerate() {
                let (next, left) = play(rules, &state, decision, depth, scratch)?;
                let first = match first {
                    usize::MAX if by_first => i,
                    usize::MAX => 0,
                    first => first,
                };
                let mut longer = line.clone();
                longer.push(i as u32);
                deeper.add((first, next, left), longer, paths)?;
            }
        }
        parts = deeper;
        if !expanded {
            break;
        }
    }
    Ok(parts
        .into_items()
        .map(|((first, state, depth), line, paths)| Part {
            // The root itself, when `depth` is 0.
            first: if first == usize::MAX { 0 } else { first },
            state,
            depth,
            paths,
            line,
        })
        .collect())
}

/// A made-up game whose counts pass 64 bits in a few steps, for the tests of
/// `mgn.limit.count` (here and in the protocol's).
#[cfg(test)]
pub(crate) mod doubling {
    use crate::notation::Side;
    use crate::rules::{Phase, Rules, RulesExt};
    use crate::Diagnostic;

    /// A game made for the arithmetic: its first turn is one decision of two, every later turn
    /// `steps` decisions of two in a row (a turn of 2^steps forms, which `whole_turns` counts
    /// without listing them), and every decision leads to the same state. So perft(2) is
    /// 2 × 2^steps, reached in a few steps by every method: 2^63 when `steps` is 62, one past
    /// what 64 bits hold when it is 63.
    pub(crate) struct Doubling {
        pub steps: u32,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub(crate) struct Step {
        pub ply: u32,
        pub step: u32,
    }

    #[derive(Clone, PartialEq, Eq, Debug)]
    pub(crate) struct Bit(bool);

    impl std::fmt::Display for Bit {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(if self.0 { "1" } else { "0" })
        }
    }

    impl Doubling {
        fn steps_of(&self, ply: u32) -> u32 {
            if ply == 0 {
                1
            } else {
                self.steps
            }
        }
    }

    /// Only what a count asks of the rules is answered: nothing is read or written.
    impl Rules for Doubling {
        type State = Step;
        type Decision = Bit;
        type Scratch = ();
        fn def(&self) -> &'static crate::rules::GameDef {
            &crate::rules::dakon::DEF
        }
        fn start(&self, _: Side) -> Step {
            Step { ply: 0, step: 0 }
        }
        fn state_from_position(&self, _: &crate::notation::Position) -> Result<Step, Diagnostic> {
            unreachable!("a count reads no position")
        }
        fn row_states<'a>(
            &'a self,
            _: &'a Step,
            _: Side,
        ) -> impl ExactSizeIterator<Item = crate::notation::HoleState> + 'a {
            std::iter::empty()
        }
        fn position_head(&self, _: &Step) -> crate::rules::PositionHead {
            unreachable!("a count writes no position")
        }
        fn phase(&self, state: &Step) -> Phase {
            match state.step {
                0 => Phase::ToMove(Side::B),
                _ => Phase::Continue {
                    side: Side::B,
                    rule: crate::rules::nchuwa::LAP_RELAY,
                },
            }
        }
        fn round(&self, _: &Step) -> u32 {
            1
        }
        fn decisions(&self, _: &Step, _: &mut (), out: &mut Vec<Bit>) {
            out.clear();
            out.extend([Bit(false), Bit(true)]);
        }
        fn apply<S: crate::rules::EventSink>(
            &self,
            state: &mut Step,
            _: &Bit,
            _: &mut (),
            _: &mut S,
        ) -> Result<(), Diagnostic> {
            state.step += 1;
            if state.step == self.steps_of(state.ply) {
                *state = Step {
                    ply: state.ply + 1,
                    step: 0,
                };
            }
            Ok(())
        }
        fn decisions_from_move_into(
            &self,
            _: &crate::notation::Move,
            _: &mut Vec<(Bit, crate::rules::MovePart)>,
        ) -> Result<(), Diagnostic> {
            unreachable!("a count reads no move")
        }
        fn begin_round<S: crate::rules::EventSink>(
            &self,
            _: &mut Step,
            _: &mut S,
        ) -> Result<(), Diagnostic> {
            unreachable!("the game has one round")
        }
        fn pass_decision(&self) -> Option<Bit> {
            None
        }
        fn move_from_decisions(&self, _: &[Bit]) -> crate::notation::Element {
            unreachable!("a count writes no move")
        }
    }

    impl RulesExt for Doubling {
        fn whole_turns(&self, state: &Step, _: &mut ()) -> Option<u64> {
            Some(1 << (self.steps_of(state.ply) - state.step))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::doubling::{Doubling, Step};
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

    /// mgn.limit.count: the largest count that fits is given by every method.
    #[test]
    fn a_count_that_fits_in_64_bits_is_given() {
        let game = Doubling { steps: 62 };
        let start = game.start(Side::B);
        let fits = 1u64 << 63;
        assert_eq!(perft(&game, &start, 2), Ok(fits));
        let mut table = Table::with_bytes(1 << 16);
        assert_eq!(perft_with(&game, &start, 2, &mut table), Ok(fits));
        assert_eq!(perft_layers(&game, &start, 2), Ok(fits));
        let halves = vec![("0".to_string(), fits / 2), ("1".to_string(), fits / 2)];
        assert_eq!(divide(&game, &start, 2), Ok(halves));
        let parts = split(&game, &start, 2, 40, false).unwrap();
        assert_eq!(parts.len(), 1, "every sequence reaches the same state");
        assert_eq!(parts[0].paths, fits);
    }

    /// mgn.limit.count: a count past 64 bits is refused by every method, never wrapped.
    #[test]
    fn a_count_past_64_bits_is_refused() {
        let game = Doubling { steps: 63 };
        let start = game.start(Side::B);
        let refused = |counted: Result<u64, Diagnostic>| {
            assert_eq!(counted.map_err(|e| e.rule), Err(general::LIMIT_COUNT));
        };
        refused(perft(&game, &start, 2));
        refused(perft_with(
            &game,
            &start,
            2,
            &mut Table::with_bytes(1 << 16),
        ));
        refused(perft_layers(&game, &start, 2));
        // Each first decision's count fits (2^63); their total does not.
        refused(divide(&game, &start, 2).map(|parts| parts[0].1));
        refused(split(&game, &start, 2, 40, false).map(|parts| parts[0].paths));
    }

    /// mgn.limit.count: a part's count is its multiplicity times the count below it, and a
    /// product past 64 bits is refused (the threads of `mgn perft` count parts this way).
    #[test]
    fn a_part_past_64_bits_is_refused() {
        let game = Doubling { steps: 62 };
        let start = game.start(Side::B);
        // The second ply, below which 2^62 sequences finish it, with a multiplicity injected
        // (the split itself gives 2, for the first ply's two decisions).
        let part = Part {
            first: 0,
            state: (),
            depth: 1,
            paths: 2,
            line: vec![0],
        };
        let state = reach(&game, &start, &part.line).unwrap();
        assert_eq!(state, Step { ply: 1, step: 0 });
        let below = 1u64 << 62;
        for table in [None, Some(&mut Table::with_bytes(1 << 16))] {
            let fits = Part {
                paths: 3,
                ..part.clone()
            };
            assert_eq!(count_part(&game, &fits, &state, table), Ok(3 * below));
        }
        for table in [None, Some(&mut Table::with_bytes(1 << 16))] {
            let many = Part {
                paths: 4,
                ..part.clone()
            };
            let refused = count_part(&game, &many, &state, table);
            assert_eq!(refused.map_err(|e| e.rule), Err(general::LIMIT_COUNT));
        }
    }

    /// The arithmetic of counts: exact up to u64::MAX, refused one past it.
    #[test]
    fn count_arithmetic_is_checked() {
        assert_eq!(add(u64::MAX - 1, 1), Ok(u64::MAX));
        assert_eq!(
            add(u64::MAX, 1).map_err(|e| e.rule),
            Err(general::LIMIT_COUNT)
        );
        assert_eq!(times(1 << 32, (1 << 32) - 1), Ok(u64::MAX - (1 << 32) + 1));
        assert_eq!(
            times(1 << 32, 1 << 32).map_err(|e| e.rule),
            Err(general::LIMIT_COUNT)
        );
        assert_eq!(sum([u64::MAX / 2, u64::MAX / 2, 1]), Ok(u64::MAX));
        assert_eq!(
            sum([u64::MAX / 2, u64::MAX / 2, 2]).map_err(|e| e.rule),
            Err(general::LIMIT_COUNT)
        );
    }

    /// A part's line leads back to its state, for every part of a real count: the threads
    /// count the states their lines reach.
    #[test]
    fn a_part_is_reached_by_its_line() {
        let d = dakon(5);
        let start = d.start(Side::B);
        for by_first in [false, true] {
            let parts = split(&d, &start, 3, 200, by_first).unwrap();
            assert!(parts.len() >= 200);
            for part in &parts {
                assert_eq!(reach(&d, &start, &part.line).as_ref(), Ok(&part.state));
            }
        }
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
    /// A bounded count gives divide's parts, and gives up past its nodes, never a part.
    #[test]
    fn a_bounded_divide_is_divide_or_nothing() {
        let d = dakon(5);
        let start = d.start(Side::B);
        let free = Bound {
            nodes: u64::MAX,
            deadline: None,
        };
        let (parts, nodes) = divide_within(&d, &start, 2, free).unwrap();
        assert_eq!(parts, divide(&d, &start, 2).unwrap());
        // Every sequence ends in a decision of its own, and the first ply's are more.
        assert!(nodes > 65_293, "{nodes}");
        let exact = Bound { nodes, ..free };
        assert_eq!(divide_within(&d, &start, 2, exact).unwrap().1, nodes);
        let short = Bound {
            nodes: nodes - 1,
            ..free
        };
        assert!(matches!(
            divide_within(&d, &start, 2, short),
            Err(Unbounded::Nodes)
        ));
        let past = Bound {
            deadline: Some(std::time::Instant::now()),
            ..free
        };
        assert!(matches!(
            divide_within(&d, &start, 2, past),
            Err(Unbounded::Time)
        ));
        assert_eq!(
            divide_within(&d, &start, 0, short).unwrap(),
            (Vec::new(), 0)
        );
    }

    /// Dakon 2x7's first ply is 48 billion sequences: a bounded count gives up within its
    /// nodes, the work it does bounded by them.
    #[test]
    fn a_bounded_divide_gives_up_on_dakon_2x7() {
        let d = dakon(7);
        let bound = Bound {
            nodes: 100_000,
            deadline: None,
        };
        assert!(matches!(
            divide_within(&d, &d.start(Side::B), 1, bound),
            Err(Unbounded::Nodes)
        ));
    }
}
