//! Dong Wo's play: the laps and the muzi drops, the look-ahead that decides whether a move can
//! still end, captures and tianzi, the end of a round.

use super::*;
use crate::code::Code;
use crate::rules::general;

/// Laps followed without cycle detection before a run of laps is suspected of never ending.
const PLAIN_LAPS: u64 = 64;

/// The nodes a search has met: most searches meet a handful, which a short list holds more
/// cheaply than a hash set; the rare large one moves to a set.
#[derive(Clone, Debug, Default)]
struct Visited {
    few: Vec<(Snap, bool, Goal)>,
    many: std::collections::HashSet<(Snap, bool, Goal)>,
}

impl Visited {
    /// Whether `node` is new (and now met).
    fn insert(&mut self, node: (Snap, bool, Goal)) -> bool {
        if !self.many.is_empty() {
            return self.many.insert(node);
        }
        if self.few.contains(&node) {
            return false;
        }
        self.few.push(node);
        if self.few.len() > 64 {
            self.many.extend(self.few.drain(..));
        }
        true
    }

    fn clear(&mut self) {
        self.few.clear();
        self.many.clear();
    }
}

/// The work lists of [`DongWo::leads_to_end`], kept from one search to the next: a search past
/// its first node, which most moves that reach a muzi lap make, then allocates nothing. No
/// search runs inside another.
#[derive(Clone, Debug, Default)]
pub(super) struct Search {
    stack: Vec<(Snap, bool, Goal)>,
    visited: Visited,
}

/// A drop the look-ahead plays ([`DongWo::after_drop`]), as exact bits: the node's board and
/// next hole, the drop's offset, and the turn's mover, direction and whether the lap is the
/// move's first (all that the muzi lap and the run after it depend on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DropKey(u64, u64, u32);

impl DropKey {
    fn new(node: &Snap, k: usize, t: &InMove, first: bool) -> DropKey {
        let b = &node.board;
        let mut low = [0u8; 8];
        low.copy_from_slice(&b.holes[..8]);
        let muzi = |m: Option<u8>| u64::from(m.map_or(u8::MAX, |at| at));
        let high = u64::from(b.holes[8])
            | u64::from(b.holes[9]) << 8
            | muzi(b.muzi[0]) << 16
            | muzi(b.muzi[1]) << 24
            | u64::from(b.owned) << 32
            | u64::from(b.banked[0]) << 48
            | u64::from(b.banked[1]) << 56;
        // A lap has at most 41 pieces: the offset is a byte.
        let rest = u32::from(node.next)
            | (k as u32 & 0xff) << 8
            | u32::from(t.mover == Side::B) << 16
            | u32::from(t.ccw) << 17
            | u32::from(first) << 18;
        DropKey(u64::from_le_bytes(low), high, rest)
    }

    fn slot(self) -> usize {
        let mixed = (self.0 ^ self.1.rotate_left(29) ^ u64::from(self.2).rotate_left(47))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (64 - DropMemo::BITS)) as usize
    }
}

/// What a drop played by the look-ahead came to: whether a meeting captured on the way, where
/// the move went, and the laps that took (taken from the search's meter).
#[derive(Clone, Copy, Debug)]
struct DropSeen {
    key: DropKey,
    met: bool,
    onward: Onward,
    laps: u64,
}

/// The drops the look-ahead played lately, by [`DropKey`], one per slot (a newer one takes the
/// slot of an older one). A move's searches go over the same drops again: the search of each
/// muzi lap of the move meets those of the previous one, and "has the next player a move?"
/// plays the moves the record then writes. Where a drop leads does not depend on the search:
/// a run of laps decided within a budget is decided alike within any larger one, taking the
/// same laps, so a drop seen before is taken from here when the meter still holds its laps.
#[derive(Clone, Debug, Default)]
pub(super) struct DropMemo {
    slots: Vec<Option<DropSeen>>,
}

impl DropMemo {
    const BITS: u32 = 8;

    fn get(&self, key: DropKey) -> Option<&DropSeen> {
        self.slots
            .get(key.slot())
            .and_then(Option::as_ref)
            .filter(|seen| seen.key == key)
    }

    fn put(&mut self, seen: DropSeen) {
        if self.slots.is_empty() {
            self.slots = vec![None; 1 << Self::BITS];
        }
        self.slots[seen.key.slot()] = Some(seen);
    }
}

impl DongWo {
    /// Dong Wo's rules on `board` under `settings`: refused on any board but 2x5, the one
    /// the game is played on.
    pub fn new(board: BoardSize, settings: &Settings) -> Result<DongWo, Diagnostic> {
        if board.rows != 2 || board.columns != 5 {
            return Err(Diagnostic::new(
                BOARD,
                format!("Dong Wo is played on 2x5, not {board}"),
            ));
        }
        let config = Config::new(settings);
        Ok(DongWo {
            config,
            muzi_count: match config.round_end_muzi {
                RoundEndMuzi::One => 1,
                RoundEndMuzi::Five => MUZI_POINTS,
            },
            max_laps: settings.max_laps(),
        })
    }

    /// One lap without a muzi from `s.next`; `s.next` becomes the hole after its last stone.
    /// `hook` sees the board after the pick-up and after every piece (owner actions).
    #[inline]
    fn plain_lap<S: EventSink, H: PieceHook>(
        &self,
        s: &mut Snap,
        ccw: bool,
        lap: u32,
        sink: &mut S,
        hook: &mut H,
    ) -> Result<usize, Diagnostic> {
        self.plain_lap_on(&mut s.board, &mut s.next, ccw, (lap, sink), hook)
    }

    /// [`DongWo::plain_lap`] on a board and its next hole kept apart (a move's, in its state).
    fn plain_lap_on<S: EventSink, H: PieceHook>(
        &self,
        board: &mut Board,
        next: &mut u8,
        ccw: bool,
        (lap, sink): (u32, &mut S),
        hook: &mut H,
    ) -> Result<usize, Diagnostic> {
        let from = *next as usize;
        let n = board.holes[from] as usize;
        sink.event(Event::PickUp {
            hole: ring_hole(from),
            pile: board.pile(from),
            lap,
        });
        board.holes[from] = 0;
        hook.after(self, board, false, sink)?;
        let mut at = from;
        for _ in 0..n {
            at = next_hole(at, ccw);
            self.sow_stone(board, at, sink);
            hook.after(self, board, true, sink)?;
        }
        *next = next_hole(at, ccw) as u8;
        Ok(at)
    }

    /// Follow laps without a muzi from `s` (whose next hole is occupied) until the move ends,
    /// a muzi lap comes, or the laps are found to cycle, within `budget` laps. `s` is left
    /// after the run (unchanged for an endless or undecided one); returns the run's end and
    /// its laps (`mu + lambda` for an endless one, `budget` for an undecided one).
    pub(super) fn run(&self, s: &mut Snap, ccw: bool, budget: u64) -> (RunEnd, u64) {
        if s.board.muzi_at(s.next as usize).is_some() {
            return (RunEnd::Muzi, 0);
        }
        // Most runs end within a few laps: follow them plainly first. Only a long one goes to
        // the cycle detection, from the start again, so that where it repeats counts from there.
        let mut plain = *s;
        for laps in 1..=PLAIN_LAPS.min(budget) {
            let _ = self.plain_lap(&mut plain, ccw, 0, &mut (), &mut ());
            let next = plain.next as usize;
            if plain.board.is_empty(next) || plain.board.muzi_at(next).is_some() {
                let end = if plain.board.is_empty(next) {
                    RunEnd::Ends
                } else {
                    RunEnd::Muzi
                };
                *s = plain;
                return (end, laps);
            }
        }
        let walk = cycle::run(s, budget, |s| {
            let _ = self.plain_lap(s, ccw, 0, &mut (), &mut ());
            let next = s.next as usize;
            !s.board.is_empty(next) && s.board.muzi_at(next).is_none()
        });
        match walk {
            Walk::Ends { laps } => {
                let end = if s.board.is_empty(s.next as usize) {
                    RunEnd::Ends
                } else {
                    RunEnd::Muzi
                };
                (end, laps)
            }
            Walk::Endless { mu, lambda } => (RunEnd::Endless { mu, lambda }, mu + lambda),
            Walk::Undecided => (RunEnd::Undecided, budget),
        }
    }

    /// Where the move goes from `s` (the board, and the hole the next lap takes), following
    /// at most the laps `meter` has left.
    pub(super) fn onward(&self, mut s: Snap, ccw: bool, meter: &mut Meter) -> Onward {
        if !s.board.is_empty(s.next as usize) {
            let (end, laps) = self.run(&mut s, ccw, meter.left);
            meter.left -= laps.min(meter.left);
            match end {
                RunEnd::Ends => {}
                RunEnd::Muzi => return Onward::Node(s),
                RunEnd::Endless { .. } => return Onward::Endless,
                RunEnd::Undecided => {
                    meter.left = 0;
                    return Onward::Undecided;
                }
            }
        }
        // The chain takes something exactly when the hole after the empty one is occupied.
        Onward::Ends {
            captures: !s.board.is_empty(step(s.next as usize, ccw, 1)),
        }
    }

    /// One small stone sown into ring hole `at`; under `dong-wo.owned.sown=winnings` a stone
    /// sown into a won or bought hole goes on to its owner's winnings.
    #[inline]
    fn sow_stone<S: EventSink>(&self, board: &mut Board, at: usize, sink: &mut S) {
        sink.event(Event::Sow {
            hole: ring_hole(at),
        });
        // Before a round is won no hole is owned, and the stone goes into its hole behind a
        // branch then always predicted. Without it, when no event is kept, both arms below
        // increment a byte, and LLVM merges them into one increment at an address the owned
        // bits pick (a cmov), which each stone of a lap waits for. It does so since `&DongWo`
        // holds no `Cell` (#32), which lets it read the option once before the lap: Dong Wo
        // perft(2) took 8 % longer (docs/performance.md).
        if board.owned == 0 {
            board.holes[at] += 1;
            return;
        }
        match board.owner(at) {
            Some(owner) if self.config.owned_sown == OwnedSown::Winnings => {
                board.banked[owner.index()] += 1;
                sink.event(Event::Bank {
                    hole: ring_hole(at),
                    pile: Pile {
                        seeds: 1,
                        muzi: Muzi::NONE,
                    },
                    to: owner,
                    rule: OwnedSown::CODE,
                });
            }
            _ => board.holes[at] += 1,
        }
    }

    /// The lap positions where the muzi of the lap starting at `t.next` may drop, as offsets
    /// (0 = the first hole after the one taken). Empty when no drop is legal.
    ///
    /// Asked for every drop written, implied and looked ahead at, so read from the board as
    /// bits: the hole `d` holes on (1 to 10) takes the lap's pieces `d - 1`, `d + 9`, ...
    pub(super) fn drop_offsets(&self, board: &Board, t: &InMove) -> Offsets {
        const EVERY_TENTH: u64 = 1 | 1 << 10 | 1 << 20 | 1 << 30 | 1 << 40 | 1 << 50 | 1 << 60;
        let from = t.next as usize;
        let Some(m) = board.muzi_at(from) else {
            return Offsets(0);
        };
        // At most 41 pieces (the small stones and the muzi).
        let pieces = board.holes[from] as usize + 1;
        let lap = (1u64 << pieces) - 1;
        let visits = |at: usize| {
            let d = if t.ccw { at + N - from } else { from + N - at };
            let d = if d > N { d - N } else { d };
            EVERY_TENTH << (d - 1) & lap
        };
        let mut offsets = lap;
        // dong-wo.muzi.other-hole: not into the other muzi's hole, except as a singleton in a
        // later lap.
        if let Some(other) = board.muzi[m.other().index()].filter(|&o| usize::from(o) < N) {
            if !(pieces == 1 && t.lap > 0) {
                offsets &= !visits(usize::from(other));
            }
        }
        // dong-wo.owned.muzi: the mover drops a muzi into a hole he owns only when nothing
        // else is left, in a later lap.
        let own = holes_of(board.owned & row_mask(t.mover.other()))
            .fold(0, |own, at| own | visits(at))
            & offsets;
        if own != 0 {
            if offsets == own {
                if t.lap == 0 {
                    offsets = 0;
                }
            } else {
                offsets &= !own;
            }
        }
        Offsets(offsets)
    }

    /// The offset in the lap of `pieces` starting at `t.next` where `drop` puts the muzi, if
    /// it is one of the lap's holes: piece `k` lands `k + 1` holes on, so the hole `d` holes
    /// on (1 to 10) takes pieces `d - 1`, `d - 1 + 10`, ..., its visits 1, 2, ...
    pub(super) fn offset_of(&self, t: &InMove, pieces: usize, drop: MuziDrop) -> Option<usize> {
        let at = ring_index(drop.hole)?;
        let from = t.next as usize;
        let d = match if t.ccw { at + N - from } else { from + N - at } % N {
            0 => N,
            d => d,
        };
        let visit = (drop.visit as usize).checked_sub(1)?;
        let k = visit.checked_mul(N)?.checked_add(d - 1)?;
        (k < pieces).then_some(k)
    }

    pub(super) fn drop_at(&self, t: &InMove, k: usize) -> MuziDrop {
        MuziDrop {
            hole: ring_hole(step(t.next as usize, t.ccw, k + 1)),
            visit: (k / N) as u32 + 1,
            takes: None,
        }
    }

    /// The drop of the muzi lap starting at `t.next` when it is forced, which a record may
    /// leave out: the lap's only legal drop, unless the mover chooses what a meeting there
    /// captures.
    pub(super) fn forced_drop(&self, board: &Board, t: &InMove) -> Option<DongWoDecision> {
        let offsets = self.drop_offsets(board, t);
        if offsets.0.count_ones() != 1 {
            return None;
        }
        // As `drops_at` lists them: one drop, or one for each muzi the mover may capture.
        let k = offsets.0.trailing_zeros() as usize;
        let chooses = self.config.meeting == MuziMeeting::MoverChooses && Self::meets(board, t, k);
        (!chooses).then(|| DongWoDecision::Drop {
            drop: self.drop_at(t, k),
        })
    }

    /// Whether the muzi lap ahead has one legal drop, and it meets the other muzi: then under
    /// `mover-chooses` only the choice of what it captures is left.
    pub(super) fn meeting_choice_ahead(&self, board: &Board, t: &InMove) -> bool {
        let offsets = self.drop_offsets(board, t);
        offsets.0.count_ones() == 1 && Self::meets(board, t, offsets.0.trailing_zeros() as usize)
    }

    /// Whether the muzi of the lap starting at `t.next`, dropped at offset `k`, meets the other
    /// muzi there (`dong-wo.muzi.meeting`): a capture.
    pub(super) fn meets(board: &Board, t: &InMove, k: usize) -> bool {
        let from = t.next as usize;
        let at = step(from, t.ccw, k + 1);
        board.muzi_at(from).is_some_and(|m| {
            board.muzi[m.other().index()] == Some(at as u8) && board.owner(at).is_none()
        })
    }

    /// The drops at offset `k` as decisions: one, or under `dong-wo.muzi.meeting=mover-chooses`
    /// at a meeting one for each muzi the mover may capture.
    pub(super) fn drops_at(
        &self,
        board: &Board,
        t: &InMove,
        k: usize,
        out: &mut Vec<DongWoDecision>,
    ) {
        let drop = self.drop_at(t, k);
        if self.config.meeting == MuziMeeting::MoverChooses && Self::meets(board, t, k) {
            out.extend([Side::A, Side::B].map(|side| DongWoDecision::Drop {
                drop: MuziDrop {
                    takes: Some(side),
                    ..drop
                },
            }));
        } else {
            out.push(DongWoDecision::Drop { drop });
        }
    }

    /// The muzi a meeting at offset `k` captures, as the rules and `takes` (the record's
    /// choice) say; refused when the record names another than the option gives, or names
    /// none where the mover chooses, or names one without a meeting.
    fn meeting_taken(
        &self,
        board: &Board,
        t: &InMove,
        k: usize,
        takes: Option<Side>,
    ) -> Result<Option<Side>, Diagnostic> {
        let i = step(t.next as usize, t.ccw, k + 1);
        let at = ring_hole(i);
        if !Self::meets(board, t, k) {
            return match takes {
                None => Ok(None),
                Some(side) => Err(Diagnostic::new(
                    MuziMeeting::CODE,
                    format!("`xm{side}` names the muzi a meeting captures, and the muzi dropped into {at} meets no other muzi there"),
                )),
            };
        }
        let resident = board.muzi_at(i).expect("the other muzi is there");
        let given = match self.config.meeting {
            MuziMeeting::Resident => resident,
            MuziMeeting::Opponents => t.mover.other(),
            MuziMeeting::MoverChooses => {
                return takes.map(Some).ok_or_else(|| {
                    Diagnostic::new(
                        MuziMeeting::CODE,
                        format!("the muzi meets the other in {at}, and the mover chooses which of the two he captures: write @{at}xmA or @{at}xmB"),
                    )
                })
            }
        };
        match takes {
            Some(side) if side != given => Err(Diagnostic::new(
                MuziMeeting::CODE,
                format!(
                    "the meeting in {at} captures m{given}, not m{side}, under {}={}: write @{at} or @{at}xm{given}",
                    MuziMeeting::CODE,
                    self.config.meeting.value()
                ),
            )),
            _ => Ok(Some(given)),
        }
    }

    /// Play the muzi lap from `t.next` with the muzi at offset `k`; `t.next` becomes the hole
    /// after its last piece. Returns the muzi a meeting captured, if any (already off the
    /// board; the caller puts it in the mover's winnings): `takes`, checked by the caller
    /// against the option, or when none is given (in look-ahead) the opponent's. Which one
    /// leaves the board does not change the rest of the move: one muzi is left, in that hole,
    /// and no second meeting can follow.
    fn muzi_lap<S: EventSink, H: PieceHook>(
        &self,
        board: &mut Board,
        t: &mut InMove,
        (k, takes): (usize, Option<Side>),
        sink: &mut S,
        hook: &mut H,
    ) -> Result<Option<Side>, Diagnostic> {
        let from = t.next as usize;
        let m = board.muzi_at(from).expect("a muzi lap");
        let pieces = board.holes[from] as usize + 1;
        t.lap += 1;
        sink.event(Event::PickUp {
            hole: ring_hole(from),
            pile: board.pile(from),
            lap: t.lap,
        });
        board.holes[from] = 0;
        board.muzi[m.index()] = None;
        hook.after(self, board, false, sink)?;
        let mut captured = None;
        let mut at = from;
        for j in 0..pieces {
            at = next_hole(at, t.ccw);
            if j == k && board.owner(at).is_some() {
                let owner = board.owner(at).expect("owned");
                board.muzi[m.index()] = Some(BANKED + owner.index() as u8);
                sink.event(Event::SowMuzi {
                    hole: ring_hole(at),
                    muzi: m,
                });
                sink.event(Event::Bank {
                    hole: ring_hole(at),
                    pile: Pile {
                        seeds: 0,
                        muzi: Muzi::of(m),
                    },
                    to: owner,
                    rule: OWNED_MUZI,
                });
            } else if j == k {
                let resident = board.muzi_at(at);
                board.muzi[m.index()] = Some(at as u8);
                sink.event(Event::SowMuzi {
                    hole: ring_hole(at),
                    muzi: m,
                });
                if let Some(resident) = resident {
                    let taken = match (self.config.meeting, takes) {
                        (MuziMeeting::Resident, _) => resident,
                        (_, Some(side)) => side,
                        (MuziMeeting::Opponents | MuziMeeting::MoverChooses, None) => {
                            t.mover.other()
                        }
                    };
                    board.muzi[taken.index()] = None;
                    board.muzi[taken.other().index()] = Some(at as u8);
                    sink.event(Event::Capture {
                        hole: ring_hole(at),
                        pile: Pile {
                            seeds: 0,
                            muzi: Muzi::of(taken),
                        },
                        by: t.mover,
                        rule: MuziMeeting::CODE,
                    });
                    captured = Some(taken);
                }
            } else {
                self.sow_stone(board, at, sink);
            }
            hook.after(self, board, true, sink)?;
        }
        t.next = next_hole(at, t.ccw) as u8;
        Ok(captured)
    }

    /// A copy of the turn `t` at `node`, without its record of states, for look-ahead.
    fn probe(t: &InMove, node: &Snap, first: bool) -> InMove {
        InMove {
            mover: t.mover,
            ccw: t.ccw,
            lap: if first { 0 } else { t.lap.max(1) },
            next: node.next,
            stop: None,
            park: None,
            sown: 0,
            acted: false,
        }
    }

    /// Whether the muzi lap from `t.next` ends the move wherever its muzi drops, seen from the
    /// board without playing it: a lap of at most nine pieces leaves the hole after its last
    /// piece as it was (or, with nine, that is the emptied start), and a drop only decides
    /// which of the lap's own holes gets the muzi.
    pub(super) fn muzi_lap_ends(board: &Board, t: &InMove) -> bool {
        let from = t.next as usize;
        Self::lap_ends(board, from, board.holes[from] as usize + 1, t.ccw)
    }

    /// Whether a lap of `pieces` from ring hole `from` leaves the hole after its last piece
    /// empty, seen from the board: below ten pieces that hole is not one the lap sows, and
    /// with nine it is the emptied start.
    fn lap_ends(board: &Board, from: usize, pieces: usize, ccw: bool) -> bool {
        let after = step(from, ccw, pieces + 1);
        pieces < N && (after == from || board.is_empty(after))
    }

    /// The muzi lap of `node` played with its muzi at offset `k` (`t` is the turn there):
    /// whether a meeting captured a muzi on the way, and where the move goes next.
    pub(super) fn after_drop(
        &self,
        node: &Snap,
        t: &InMove,
        k: usize,
        meter: &mut Meter,
        drops: &mut DropMemo,
    ) -> (bool, Onward) {
        if !meter.take_lap() {
            return (false, Onward::Undecided);
        }
        let first = t.lap == 0;
        let key = DropKey::new(node, k, t, first);
        if let Some(seen) = drops.get(key) {
            if meter.left >= seen.laps {
                meter.left -= seen.laps;
                return (seen.met, seen.onward);
            }
        }
        let mut board = node.board;
        let mut t = Self::probe(t, node, first);
        let met = matches!(
            self.muzi_lap(&mut board, &mut t, (k, None), &mut (), &mut ()),
            Ok(Some(_))
        );
        let left = meter.left;
        let onward = self.onward(
            Snap {
                board,
                next: t.next,
            },
            t.ccw,
            meter,
        );
        // An undecided run depends on the budget it had: it is not kept.
        if onward != Onward::Undecided {
            drops.put(DropSeen {
                key,
                met,
                onward,
                laps: left - meter.left,
            });
        }
        (met, onward)
    }

    /// Whether, going on as `onward` says, some choice of drops ends the move meeting `goal`
    /// (an end at all, or an end with a capture on the way), never passing through a state of
    /// `avoid`. `first` when `onward` is a node before the move's first lap.
    ///
    /// The laps between two muzi laps are forced, so the move's muzi-lap states (nodes) and its
    /// drops (edges) form a finite graph, and this is a depth-first search of it. Coming back
    /// to a node is a loop, not the end of the search: a different drop there may still end
    /// the move (a 168-lap move found by a second review does just that).
    ///
    /// The search follows at most the laps `meter` holds, in all: past them, a way on not
    /// followed to its end makes the answer [`Reach::Undecided`] unless an end is found.
    pub(super) fn leads_to_end(
        &self,
        onward: Onward,
        t: &InMove,
        (first, goal): (bool, Goal),
        avoid: &[Snap],
        meter: &mut Meter,
        scratch: &mut DongWoScratch,
    ) -> Reach {
        let start = match onward {
            Onward::Ends { captures } => return Reach::from(goal == Goal::Finish || captures),
            Onward::Endless => return Reach::No,
            Onward::Undecided => return Reach::Undecided,
            Onward::Node(node) if avoid.contains(&node) => return Reach::No,
            Onward::Node(node) => node,
        };
        let mut undecided = false;
        // Most searches end at the first node: one of its drops ends the move at once.
        let probe = Self::probe(t, &start, first);
        let offsets = self.drop_offsets(&start.board, &probe);
        if goal == Goal::Finish && !offsets.is_empty() && Self::muzi_lap_ends(&start.board, &probe)
        {
            return if meter.left > 0 {
                Reach::Yes
            } else {
                Reach::Undecided
            };
        }
        for k in offsets.iter() {
            match self.after_drop(&start, &probe, k, meter, &mut scratch.drops) {
                (met, Onward::Ends { captures }) if goal == Goal::Finish || captures || met => {
                    return Reach::Yes
                }
                (_, Onward::Undecided) => undecided = true,
                _ => {}
            }
        }
        let Search { stack, visited } = &mut scratch.search;
        stack.clear();
        visited.clear();
        stack.push((start, first, goal));
        while let Some((node, first, goal)) = stack.pop() {
            if !visited.insert((node, first, goal)) {
                continue;
            }
            let probe = Self::probe(t, &node, first);
            for k in self.drop_offsets(&node.board, &probe).iter() {
                let (met, onward) = self.after_drop(&node, &probe, k, meter, &mut scratch.drops);
                let goal = match goal {
                    // A meeting is a capture; under `stop` (and `stop-any-lap`) even a move
                    // that then never ends keeps it.
                    Goal::Capture if met && self.config.endless != EndlessMove::Illegal => {
                        return Reach::Yes
                    }
                    Goal::Capture if met => Goal::Finish,
                    goal => goal,
                };
                match onward {
                    Onward::Ends { captures } if goal == Goal::Finish || captures => {
                        return Reach::Yes
                    }
                    Onward::Node(next) if !avoid.contains(&next) => stack.push((next, false, goal)),
                    Onward::Undecided => undecided = true,
                    _ => {}
                }
            }
        }
        if undecided {
            Reach::Undecided
        } else {
            Reach::No
        }
    }

    /// Why `side` may not start a move from ring hole `index` that way, without words: move
    /// lists ask this for every hole after every move.
    fn start_refusal(&self, board: &Board, side: Side, index: usize, ccw: bool) -> Option<Refusal> {
        if board.sector(side) >> index & 1 == 0 {
            return Some(Refusal::NotSector);
        }
        if board.is_empty(index) {
            return Some(Refusal::Empty);
        }
        if let Some(m) = board.muzi_at(index) {
            let next = step(index, ccw, 1);
            if board.holes[index] == 0 && board.muzi[m.other().index()] == Some(next as u8) {
                return Some(Refusal::Singleton);
            }
            if board.owned != 0
                && self
                    .drop_offsets(board, &self.start_turn(side, index, ccw))
                    .is_empty()
            {
                return Some(Refusal::OwnedMuzi);
            }
        }
        None
    }

    /// `start_refusal`, and under `dong-wo.endless=illegal` a move no choice of drops ends.
    pub(super) fn sow_refusal(
        &self,
        board: &Board,
        side: Side,
        index: usize,
        ccw: bool,
        scratch: &mut DongWoScratch,
    ) -> Option<Refusal> {
        if let Some(refusal) = self.start_refusal(board, side, index, ccw) {
            return Some(refusal);
        }
        if self.config.endless != EndlessMove::Illegal {
            return None;
        }
        match self.move_can_end(board, side, index, ccw, Goal::Finish, scratch) {
            Reach::Yes => None,
            Reach::No => Some(Refusal::Endless),
            Reach::Undecided => Some(Refusal::Undecided),
        }
    }

    /// Whether the move of `side` from ring hole `index` that way, whose start is allowed, can
    /// end meeting `goal` by some choice of drops, looking ahead at most the lap budget.
    fn move_can_end(
        &self,
        board: &Board,
        side: Side,
        index: usize,
        ccw: bool,
        goal: Goal,
        scratch: &mut DongWoScratch,
    ) -> Reach {
        if let Some(captures) = self.first_lap_ends(board, index, ccw) {
            return Reach::from(goal == Goal::Finish || captures);
        }
        let t = self.start_turn(side, index, ccw);
        let mut meter = Meter {
            left: self.max_laps,
        };
        let onward = self.onward(
            Snap {
                board: *board,
                next: t.next,
            },
            ccw,
            &mut meter,
        );
        let first = board.muzi_at(index).is_some();
        self.leads_to_end(onward, &t, (first, goal), &[], &mut meter, scratch)
    }

    /// The refusal of `what` (a move, a drop) whose way on was not decided within the budget.
    fn undecided_move(&self, what: impl fmt::Display, lap: u32) -> Diagnostic {
        undecided(
            what,
            format_args!(
                "from lap {lap} on, its relay neither ended nor came back to a state it was in, or the look-ahead for a drop that ends it found none, within {} laps",
                self.max_laps
            ),
            self.max_laps,
        )
    }

    /// Whether a move from ring hole `index` ends with its first lap, seen from the board
    /// without playing it: `Some(captures)` if so. Most moves do, and every move list and
    /// every "has he a move" asks this, so it is answered in a few steps when it can be:
    /// a lap of at most nine stones without a muzi leaves the hole after its last stone as it
    /// was (or, with nine, that is the emptied start). `None` when the lap must be played.
    pub(super) fn first_lap_ends(&self, board: &Board, index: usize, ccw: bool) -> Option<bool> {
        let n = board.holes[index] as usize;
        if n == 0 || board.muzi_at(index).is_some() || !Self::lap_ends(board, index, n, ccw) {
            return None;
        }
        // The chain's first hole: untouched by the lap below nine stones, except the emptied
        // start after eight; after nine, the first hole sown, which keeps its stone unless
        // the stone goes on to the hole's owner.
        let first = step(index, ccw, n + 2);
        let captures = match n {
            8 => false,
            9 => {
                !(board.is_empty(first)
                    && self.config.owned_sown == OwnedSown::Winnings
                    && board.owner(first).is_some())
            }
            _ => !board.is_empty(first),
        };
        Some(captures)
    }

    /// A refusal in words.
    pub(super) fn refusal_violation(
        &self,
        board: &Board,
        side: Side,
        hole: Hole,
        ccw: bool,
        refusal: Refusal,
    ) -> Diagnostic {
        let (rule, message) = match refusal {
            Refusal::NotSector => {
                let why = match ring_index(hole).and_then(|i| board.owner(i)) {
                    Some(owner) => format!("{hole} is won or bought by {owner}"),
                    None if hole.side == side => format!("{hole} is not in play"),
                    None => format!("{hole} is in {}'s row and {side} does not own it", hole.side),
                };
                (SECTOR, format!("{why}: {side} moves from his own row's holes and the holes he owns in the other row"))
            }
            Refusal::Empty => (SOW_START, format!("{hole} is empty")),
            Refusal::Singleton => {
                let index = ring_index(hole).expect("a ring hole");
                let m = board.muzi_at(index).expect("a muzi");
                (
                    MUZI_SINGLETON,
                    format!(
                        "{hole} holds {m}'s muzi alone and the next hole that way, {}, holds the other muzi: a muzi singleton may not be played toward it in the first lap",
                        ring_hole(step(index, ccw, 1))
                    ),
                )
            }
            Refusal::OwnedMuzi => (
                OWNED_MUZI,
                format!("the first lap from {hole} could drop the muzi only into a hole {side} owns, which he may not do"),
            ),
            Refusal::Endless => (
                EndlessMove::CODE,
                format!("{hole}{} never ends: whatever the muzi drops, the relay keeps coming back to states it was in and would go round forever; such a move is not allowed", if ccw { '>' } else { '<' }),
            ),
            Refusal::Undecided => {
                return self.undecided_move(
                    format_args!("whether {hole}{} can end", if ccw { '>' } else { '<' }),
                    0,
                )
            }
        };
        Diagnostic::new(rule, message)
    }

    /// Where `side` may start a move from `hole`: its ring index, or why not.
    fn check_start(
        &self,
        board: &Board,
        side: Side,
        hole: Hole,
        ccw: bool,
    ) -> Result<usize, Diagnostic> {
        let index = ring_index(hole)
            .ok_or_else(|| self.refusal_violation(board, side, hole, ccw, Refusal::NotSector))?;
        match self.start_refusal(board, side, index, ccw) {
            None => Ok(index),
            Some(refusal) => Err(self.refusal_violation(board, side, hole, ccw, refusal)),
        }
    }

    pub(super) fn start_turn(&self, side: Side, index: usize, ccw: bool) -> InMove {
        InMove {
            mover: side,
            ccw,
            lap: 0,
            next: index as u8,
            stop: None,
            park: None,
            sown: 0,
            acted: false,
        }
    }

    /// Whether `side` has a legal move: [`Reach::Undecided`] when he has none decided but a
    /// move whose end was not decided within the lap budget, which may be legal.
    pub(super) fn has_move(&self, board: &Board, side: Side, scratch: &mut DongWoScratch) -> Reach {
        self.has_move_in(board, side, board.occupied(), scratch)
    }

    /// [`DongWo::has_move`], the board's occupied holes given (`Board::occupied`): the end of
    /// a move asks it for one or both players and the round-end test, from one look at the
    /// board.
    ///
    /// Its glance inline (asked after every move and owner action, and it nearly always
    /// answers there), the moves played ahead out of line.
    #[inline]
    fn has_move_in(
        &self,
        board: &Board,
        side: Side,
        occupied: u16,
        scratch: &mut DongWoScratch,
    ) -> Reach {
        let candidates = board.sector(side) & occupied;
        // A hole without a muzi may always start a move, and most positions have one whose
        // first lap ends it, which is seen without playing it: only the rest are played ahead.
        let plain = candidates & !board.muzi_mask();
        if plain != 0
            && (self.config.endless != EndlessMove::Illegal
                || Self::some_first_lap_ends(board, plain, occupied))
        {
            return Reach::Yes;
        }
        self.has_move_ahead(board, side, candidates, plain, scratch)
    }

    /// [`DongWo::has_move_in`] past its glance: the moves of `candidates` (`plain` first) played
    /// ahead.
    #[inline(never)]
    fn has_move_ahead(
        &self,
        board: &Board,
        side: Side,
        candidates: u16,
        plain: u16,
        scratch: &mut DongWoScratch,
    ) -> Reach {
        let mut undecided = false;
        // The plain holes first: their look-ahead follows a run of laps, a muzi hole's searches
        // the drops (the answer does not depend on the order).
        for i in holes_of(plain).chain(holes_of(candidates & !plain)) {
            for ccw in [true, false] {
                match self.sow_refusal(board, side, i, ccw, scratch) {
                    None => return Reach::Yes,
                    Some(Refusal::Undecided) => undecided = true,
                    Some(_) => {}
                }
            }
        }
        if undecided {
            Reach::Undecided
        } else {
            Reach::No
        }
    }

    /// Whether a move from some hole of `plain` (occupied, without a muzi) ends with its first
    /// lap, either way: [`DongWo::first_lap_ends`] without the capture, asked after every move
    /// (has the next player a move?), so answered from the board's occupied holes as bits.
    fn some_first_lap_ends(board: &Board, plain: u16, occupied: u16) -> bool {
        holes_of(plain).any(|i| {
            // Nine stones end at the emptied start; fewer leave the hole after the last one
            // as it was; ten or more may sow it.
            let n = board.holes[i] as usize;
            n == 9
                || n < 9
                    && (occupied >> step(i, true, n + 1) & 1 == 0
                        || occupied >> step(i, false, n + 1) & 1 == 0)
        })
    }

    /// Whether some legal move of either player, each as if he were to move, captures.
    pub(super) fn capture_possible(&self, board: &Board, scratch: &mut DongWoScratch) -> Reach {
        let mut undecided = false;
        for side in [Side::A, Side::B] {
            for i in holes_of(board.sector(side)) {
                for ccw in [true, false] {
                    // A move that can end with a capture can end: the endless test is implied.
                    if self.start_refusal(board, side, i, ccw).is_none() {
                        match self.move_can_end(board, side, i, ccw, Goal::Capture, scratch) {
                            Reach::Yes => return Reach::Yes,
                            Reach::Undecided => undecided = true,
                            Reach::No => {}
                        }
                    }
                }
            }
        }
        if undecided {
            Reach::Undecided
        } else {
            Reach::No
        }
    }

    /// Whether no capture is possible any more, for the round-end test; refused under
    /// `mgn.limit.laps` when some move's capture was not decided within the budget.
    fn no_capture_possible(
        &self,
        board: &Board,
        scratch: &mut DongWoScratch,
    ) -> Result<bool, Diagnostic> {
        match self.capture_possible(board, scratch) {
            Reach::Yes => Ok(false),
            Reach::No => Ok(true),
            Reach::Undecided => Err(undecided(
                "the round-end test after this move (can a capture still be made?)",
                format_args!(
                    "no move of either player was found to capture, and the look-ahead of some move did not end within {} laps",
                    self.max_laps
                ),
                self.max_laps,
            )),
        }
    }

    /// The round-end test: `Some(winner)` when the round is over.
    #[cfg(test)]
    pub(super) fn round_end(
        &self,
        board: &Board,
    ) -> Result<Option<(Option<Side>, Code)>, Diagnostic> {
        self.round_end_in(board, board.occupied(), &mut Default::default())
    }

    /// The round-end test, the board's occupied holes given (`Board::occupied`).
    fn round_end_in(
        &self,
        board: &Board,
        occupied: u16,
        scratch: &mut DongWoScratch,
    ) -> Result<Option<(Option<Side>, Code)>, Diagnostic> {
        // Every wording ends a round only when each player has at most one piece left in the
        // holes the test counts: two occupied holes rule that out at a glance, after nearly
        // every move.
        let counted = |side| self.round_end_holes(board, side);
        if [Side::A, Side::B]
            .into_iter()
            .any(|side| (counted(side) & occupied).count_ones() > 1)
        {
            return Ok(None);
        }
        let a = board.count_in(counted(Side::A), self.muzi_count);
        let b = board.count_in(counted(Side::B), self.muzi_count);
        let winner = match (a, b) {
            (1, 0) => Some(Side::A),
            (0, 1) => Some(Side::B),
            _ => None,
        };
        Ok(match self.config.round_end {
            RoundEnd::Catalan => match (a, b) {
                (0, 0) => Some((None, RoundEnd::CODE)),
                (1, 0) | (0, 1) => Some((winner, RoundEnd::CODE)),
                (1, 1) if self.no_capture_possible(board, scratch)? => {
                    Some((None, ROUND_END_CAPTURE_TEST))
                }
                _ => None,
            },
            RoundEnd::MancalaWorld
                if a < 2 && b < 2 && self.no_capture_possible(board, scratch)? =>
            {
                Some((winner, RoundEnd::CODE))
            }
            RoundEnd::MancalaWorld => None,
        })
    }

    /// The holes where the round-end test counts `side`'s stones (`dong-wo.round-end.holes`).
    #[inline]
    fn round_end_holes(&self, board: &Board, side: Side) -> u16 {
        match self.config.round_end_holes {
            RoundEndHoles::Regular => board.regular(side),
            RoundEndHoles::Sector => board.sector(side),
        }
    }

    /// The holes tianzi finds empty and fills for `side` (`dong-wo.tianzi.holes`).
    #[inline]
    fn tianzi_holes(&self, board: &Board, side: Side) -> u16 {
        match self.config.tianzi_holes {
            TianziHoles::Regular => board.regular(side),
            TianziHoles::Sector => board.sector(side),
        }
    }

    /// Tianzi for `side`, whose tianzi holes are all empty, if it applies: one stone from
    /// his winnings into each of them, borrowing from the opponent when short.
    fn tianzi<S: EventSink>(
        &self,
        state: &mut DongWoState,
        side: Side,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let board = &state.board;
        let holes = self.tianzi_holes(board, side);
        debug_assert_eq!(holes & board.occupied(), 0, "tianzi is for empty holes");
        let counted = match self.config.tianzi_count {
            TianziCount::Regular => board.regular(side.other()),
            TianziCount::Sector => board.sector(side.other()),
        };
        if board.count_in(counted, MUZI_POINTS) < 2 {
            return Ok(());
        }
        let need = holes.count_ones();
        let own = state.winnings[side.index()].seeds.min(need);
        let borrow = (need - own).min(state.winnings[side.other().index()].seeds);
        let regular = board.regular(side);
        Self::lend(state, side, borrow, TIANZI_BORROW, sink)?;
        // His regular holes come first, in the order of their numbers, so that a short fill
        // leaves the holes he owns, not his row, empty.
        let order = holes_of(holes & regular).chain(holes_of(holes & !regular));
        for i in order.take((own + borrow) as usize) {
            state.winnings[side.index()].seeds -= 1;
            state.board.holes[i] += 1;
            // A refill comes from the hole's row's player: a hole he owns in the other row
            // (`dong-wo.tianzi.holes=sector`) says whose stone it is.
            sink.event(if regular >> i & 1 == 1 {
                Event::Refill {
                    hole: ring_hole(i),
                    seeds: 1,
                }
            } else {
                Event::Place {
                    hole: ring_hole(i),
                    pile: Pile {
                        seeds: 1,
                        muzi: Muzi::NONE,
                    },
                    from: side,
                    rule: TianziHoles::CODE,
                }
            });
        }
        Ok(())
    }

    /// What went to the owners of won or bought holes during the move goes into their
    /// winnings.
    fn settle(state: &mut DongWoState) {
        let board = &mut state.board;
        for side in [Side::A, Side::B] {
            state.winnings[side.index()].seeds += board.banked[side.index()] as u32;
            board.banked[side.index()] = 0;
            if let Some(at) = board.muzi[side.index()].filter(|&at| at >= BANKED) {
                let owner = if at == BANKED { Side::A } else { Side::B };
                set_muzi(&mut state.winnings[owner.index()], side);
                board.muzi[side.index()] = None;
            }
        }
    }

    /// Everything after a move: tianzi, the round-end test, the next player. Refused only
    /// when a stone lent would take a debt past `u32::MAX`; the caller then undoes the move.
    fn end_of_move<S: EventSink>(
        &self,
        state: &mut DongWoState,
        mover: Side,
        sink: &mut S,
        scratch: &mut DongWoScratch,
    ) -> Result<(), Diagnostic> {
        Self::settle(state);
        state.turn = None;
        // Tianzi needs a player's tianzi holes all empty, which one's tianzi does not change
        // for the other (the two players' holes are apart): one look at the board tells which
        // of them to try.
        let mut occupied = state.board.occupied();
        let empty_rows = [mover.other(), mover]
            .map(|side| self.tianzi_holes(&state.board, side) & occupied == 0);
        for (side, empty) in [mover.other(), mover].into_iter().zip(empty_rows) {
            if empty {
                self.tianzi(state, side, sink)?;
            }
        }
        if empty_rows.contains(&true) {
            occupied = state.board.occupied();
        }
        state.to_move = mover.other();
        // Between rounds the side to move is never stuck: the next round's board is new.
        state.stuck = false;
        // A player whose moves were not decided within the lap budget is not stuck: a pass
        // written for him is refused under `mgn.limit.laps`.
        let board = &state.board;
        let ended = self.round_end_in(board, occupied, scratch)?.or_else(|| {
            state.stuck = self.has_move_in(board, state.to_move, occupied, scratch) == Reach::No;
            (state.stuck && self.has_move_in(board, mover, occupied, scratch) == Reach::No)
                .then_some((None, TURN))
        });
        sink.event(Event::TurnEnd {
            next: state.to_move,
        });
        if let Some((winner, rule)) = ended {
            sink.event(Event::RoundEnd {
                round: state.round,
                winner,
                rule,
            });
            if self.config.game_length == GameLength::OneRound {
                state.over = Some(winner);
                sink.event(Event::GameEnd {
                    winner,
                    rule: GameLength::CODE,
                });
                return Ok(());
            }
            self.gather(state, sink);
            // The side to move shown between rounds is the next round's first player.
            state.to_move = state.first.other();
            state.between = Some(Between {
                winner,
                begun: false,
                filled: 0,
                fill_made: false,
                just_won: None,
            });
            if let Some(winner) = winner {
                let holes: Vec<usize> = self.winnable(&state.board, winner).collect();
                match holes[..] {
                    // The loser has no hole left to give but his muzi's: nothing changes hands.
                    [] => state.between.as_mut().expect("just set").winner = None,
                    // No choice: the winner takes it now (and may end the game with it).
                    [only] => self.take_hole(state, winner, only, sink)?,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// dong-wo.round.gather: at the end of a round the pieces left in regular holes go to
    /// their row's player (a muzi home to its owner, unless dong-wo.round.muzi-left says
    /// otherwise: `muzi_gathered_to`); owned holes keep theirs, unless
    /// dong-wo.round.owned-holes=gather (`gathered_by`).
    fn gather<S: EventSink>(&self, state: &mut DongWoState, sink: &mut S) {
        for side in [Side::A, Side::B] {
            for i in holes_of(self.gathered_by(&state.board, side)) {
                let pile = state.board.pile(i);
                if pile.seeds == 0 && pile.muzi == Muzi::NONE {
                    continue;
                }
                let rule = Self::gather_rule(&state.board, i);
                state.board.clear(i);
                state.winnings[side.index()].seeds += pile.seeds;
                if pile.seeds > 0 {
                    sink.event(Event::Gather {
                        hole: ring_hole(i),
                        seeds: pile.seeds,
                        by: side,
                        rule,
                    });
                }
                for m in [Side::A, Side::B] {
                    if pile.muzi.has(m) {
                        let (to, rule) = self.muzi_gathered_to(m, side, rule);
                        set_muzi(&mut state.winnings[to.index()], m);
                        sink.event(Event::Bank {
                            hole: ring_hole(i),
                            pile: Pile {
                                seeds: 0,
                                muzi: Muzi::of(m),
                            },
                            to,
                            rule,
                        });
                    }
                }
            }
        }
    }

    /// The holes of the loser's row the round's `winner` may take: regular, not the muzi's
    /// end hole.
    pub(super) fn winnable(&self, board: &Board, winner: Side) -> impl Iterator<Item = usize> {
        let end = self.end_hole(winner.other());
        holes_of(board.regular(winner.other())).filter(move |&i| i != end)
    }

    /// The end hole where `side`'s muzi starts each round.
    pub(super) fn end_hole(&self, side: Side) -> usize {
        match (side, self.config.muzi_end) {
            (Side::A, StartMuziEnd::Left) => 9,
            (Side::B, StartMuziEnd::Left) => 0,
            (Side::A, StartMuziEnd::Right) => 5,
            (Side::B, StartMuziEnd::Right) => 4,
        }
    }

    /// The move ended with `t.next` empty: the capture chain, then the end of the move.
    fn finish<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: &InMove,
        sink: &mut S,
        scratch: &mut DongWoScratch,
    ) -> Result<(), Diagnostic> {
        if let Some((step, action)) = state.pending.first() {
            return Err(Diagnostic::new(
                OWNED,
                format!(
                    "~{step}{}{}: the move sows {} pieces, and the action comes after its end",
                    action.kind.sigil(),
                    action.hole,
                    t.sown
                ),
            ));
        }
        // The capture chain: the hole after the empty one, and on while each captured hole is
        // followed by an empty hole and then an occupied one.
        let mut empty = t.next as usize;
        for n in 0.. {
            let c = step(empty, t.ccw, 1);
            if state.board.is_empty(c) {
                break;
            }
            let pile = state.board.pile(c);
            state.board.clear(c);
            let w = &mut state.winnings[t.mover.index()];
            w.seeds += pile.seeds;
            w.muzi.a |= pile.muzi.a;
            w.muzi.b |= pile.muzi.b;
            sink.event(Event::Capture {
                hole: ring_hole(c),
                pile,
                by: t.mover,
                rule: if n == 0 { CAPTURE } else { CAPTURE_CHAIN },
            });
            empty = step(c, t.ccw, 1);
            if !state.board.is_empty(empty) {
                break;
            }
        }
        self.end_of_move(state, t.mover, sink, scratch)
    }

    /// Go on with the turn `t` from the board of `state` after a lap (or at the start): the
    /// runs of laps without a muzi, up to the move's end, a muzi lap, or an endless stop.
    /// `last_lap` is the lap just played, whose end this reports.
    ///
    /// Under `dong-wo.endless=illegal` a move (or a drop) is refused when no choice of drops
    /// ends it. Nothing has checked that beforehand: the laps are played as they are checked,
    /// and `never_ends` is the refusal if the relay goes round for good or reaches a muzi lap
    /// from which no drop ends the move. The caller undoes the laps then. `what` is the
    /// decision played (the move, or the drop), for a refusal under `mgn.limit.laps`.
    fn proceed<S: EventSink>(
        &self,
        state: &mut DongWoState,
        mut t: InMove,
        mut last_lap: Option<usize>,
        (what, never_ends): (DongWoDecision, impl Fn() -> Diagnostic),
        sink: &mut S,
        // The room, and whether the move is looked ahead: one argument, the two go together.
        (scratch, lookahead): (&mut DongWoScratch, Lookahead),
    ) -> Result<(), Diagnostic> {
        self.play_laps_at_once(state, &mut t, &mut last_lap, (what, &never_ends), sink)?;
        if state.board.is_empty(t.next as usize) {
            if let Some(last) = last_lap {
                lap_end(sink, t.lap, last, LAP_END);
            }
            return self.finish(state, &t, sink, scratch);
        }
        let mut snap = Snap {
            board: state.board,
            next: t.next,
        };
        let left = self.max_laps.saturating_sub(u64::from(t.lap));
        let (end, laps) = self.run(&mut snap, t.ccw, left);
        if end == RunEnd::Undecided {
            return Err(self.undecided_in(what, t.lap));
        }
        let run = RunAhead {
            snap,
            end,
            laps,
            // What the look-aheads below may follow: the move's laps left after the run.
            meter: Meter { left: left - laps },
        };
        self.check_run_can_end(state, &t, &run, (what, &never_ends), (scratch, lookahead))?;
        if self.park_if_dead(state, &mut t, &run, last_lap, what, scratch)? {
            return Ok(());
        }
        let stops = self.stops_for_good(state, &t, &run, what, scratch)?;
        self.play_run(state, &mut t, &run, (last_lap, stops), sink)?;
        if end == RunEnd::Ends {
            return self.finish(state, &t, sink, scratch);
        }
        if stops {
            // Only reached under dong-wo.endless=stop: under `illegal` every drop played
            // could still end the move.
            t.stop = Some(t.lap);
        } else if !state.seen.contains(&run.snap) {
            state.seen.push(run.snap);
        }
        Self::settle(state);
        state.turn = Some(t);
        Ok(())
    }

    /// The refusal of `what` (a move, or a drop) not decided within the lap budget from lap
    /// `lap` on.
    #[cold]
    fn undecided_in(&self, what: DongWoDecision, lap: u32) -> Diagnostic {
        let what = match what {
            DongWoDecision::Drop { .. } => format!("the move after {what}"),
            _ => what.to_string(),
        };
        self.undecided_move(what, lap)
    }

    /// The laps [`DongWo::proceed`] plays at once with their events: while owner actions
    /// wait for their piece (they apply within the lap), and under `illegal`, where a run that
    /// goes on long is tested for a cycle once. Otherwise (under `stop`, or after owner
    /// actions) a run may never end, and is first followed with the detection, which also
    /// says where it stops.
    #[inline]
    fn play_laps_at_once<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: &mut InMove,
        last_lap: &mut Option<usize>,
        (what, never_ends): (DongWoDecision, &impl Fn() -> Diagnostic),
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let mut laps_unchecked = 0;
        // Where this run of plain laps starts: a run tested for a cycle is followed from there,
        // so that the budget counts the move's laps exactly.
        let run_start = (
            Snap {
                board: state.board,
                next: t.next,
            },
            t.lap,
        );
        // The laps are played on the state's board in place: a copy of it read back whole
        // just after a lap wrote its holes byte by byte waits for those writes, which the CPU
        // cannot forward from its store buffer to a wider read (a stall a move, or a lap).
        loop {
            let anchored = !state.pending.is_empty();
            if !anchored && (self.config.endless != EndlessMove::Illegal || t.acted) {
                return Ok(());
            }
            let next = t.next as usize;
            if state.board.is_empty(next) || state.board.muzi_at(next).is_some() {
                return Ok(());
            }
            if u64::from(t.lap) >= self.max_laps {
                // Owner actions waiting for a piece the budget's laps do not reach.
                return Err(self.undecided_in(what, t.lap));
            }
            if !anchored {
                laps_unchecked += 1;
                if laps_unchecked == PLAIN_LAPS {
                    let (mut ahead, from) = run_start;
                    let budget = self.max_laps - u64::from(from);
                    match self.run(&mut ahead, t.ccw, budget).0 {
                        RunEnd::Endless { .. } => return Err(never_ends()),
                        RunEnd::Undecided => return Err(self.undecided_in(what, from)),
                        RunEnd::Ends | RunEnd::Muzi => {}
                    }
                }
            }
            if let Some(last) = *last_lap {
                lap_end(sink, t.lap, last, LAP_RELAY);
            }
            t.lap += 1;
            let (board, next) = (&mut state.board, &mut t.next);
            let last = if anchored {
                let mut anchors = Anchors {
                    pending: &mut state.pending,
                    winnings: &mut state.winnings,
                    sown: &mut t.sown,
                };
                self.plain_lap_on(board, next, t.ccw, (t.lap, sink), &mut anchors)?
            } else {
                self.plain_lap_on(board, next, t.ccw, (t.lap, sink), &mut ())?
            };
            *last_lap = Some(last);
        }
    }

    /// Whether the move `t` can still end, some choice of drops ending it, from the run
    /// ahead of it.
    #[inline]
    fn run_can_end(&self, run: &RunAhead, t: &InMove, scratch: &mut DongWoScratch) -> Reach {
        let mut meter = run.meter;
        self.leads_to_end(
            Onward::Node(run.snap),
            t,
            (false, Goal::Finish),
            &[],
            &mut meter,
            scratch,
        )
    }

    /// The refusal of `what` when the look-ahead from the end of the run ahead of the move
    /// `t` is not decided within the lap budget.
    #[cold]
    fn undecided_after_run(&self, what: DongWoDecision, t: &InMove, run: &RunAhead) -> Diagnostic {
        self.undecided_in(what, t.lap + run.laps as u32)
    }

    /// Under `dong-wo.endless=illegal`, the refusal of a move that no choice of drops ends
    /// from the run ahead of it.
    #[inline]
    fn check_run_can_end(
        &self,
        state: &DongWoState,
        t: &InMove,
        run: &RunAhead,
        (what, never_ends): (DongWoDecision, &impl Fn() -> Diagnostic),
        (scratch, lookahead): (&mut DongWoScratch, Lookahead),
    ) -> Result<(), Diagnostic> {
        if self.config.endless != EndlessMove::Illegal {
            return Ok(());
        }
        if !t.acted && run.end == RunEnd::Muzi && lookahead == Lookahead::Ahead {
            match self.run_can_end(run, t, scratch) {
                Reach::Yes => {}
                Reach::No => return Err(never_ends()),
                Reach::Undecided => return Err(self.undecided_after_run(what, t, run)),
            }
        }
        if t.acted && state.pending.is_empty() {
            // Owner actions changed the move's course, which the look-ahead of its start and
            // of its drops did not foresee: whether it can still end is judged now.
            let dead = match run.end {
                RunEnd::Endless { .. } => true,
                RunEnd::Muzi => match self.run_can_end(run, t, scratch) {
                    Reach::Yes => false,
                    Reach::No => true,
                    Reach::Undecided => return Err(self.undecided_after_run(what, t, run)),
                },
                RunEnd::Ends | RunEnd::Undecided => false,
            };
            if dead {
                return Err(Diagnostic::new(
                    EndlessMove::CODE,
                    format!("after lap {} the move never ends, whatever the muzi drops; such a move is not allowed", t.lap),
                ));
            }
        }
        Ok(())
    }

    /// Under `stop-any-lap`, a move that can no longer end whatever the drops waits here,
    /// its laps ahead not played: the mover may stop after any of them, up to where `stop`
    /// stops (the end of a cycle, or a muzi-lap state met before), or drop at a muzi lap
    /// not met before. Owner actions written in the move come first. Whether it was parked.
    #[inline]
    fn park_if_dead(
        &self,
        state: &mut DongWoState,
        t: &mut InMove,
        run: &RunAhead,
        last_lap: Option<usize>,
        what: DongWoDecision,
        scratch: &mut DongWoScratch,
    ) -> Result<bool, Diagnostic> {
        let any_lap = matches!(
            self.config.endless,
            EndlessMove::StopAnyLap | EndlessMove::StopAnyLapFirstDrops
        );
        if !any_lap || !state.pending.is_empty() {
            return Ok(false);
        }
        let dead = match run.end {
            RunEnd::Endless { .. } => true,
            RunEnd::Muzi if self.config.endless == EndlessMove::StopAnyLapFirstDrops => {
                let mut meter = run.meter;
                match self.first_drops_loop(run.snap, t, &state.seen, &mut meter, scratch) {
                    Reach::Yes => true,
                    Reach::No => false,
                    Reach::Undecided => return Err(self.undecided_after_run(what, t, run)),
                }
            }
            RunEnd::Muzi => match self.run_can_end(run, t, scratch) {
                Reach::Yes => false,
                Reach::No => true,
                Reach::Undecided => return Err(self.undecided_after_run(what, t, run)),
            },
            RunEnd::Ends | RunEnd::Undecided => false,
        };
        if !dead {
            return Ok(false);
        }
        let ahead = match run.end {
            // Laps are within the budget, a u32.
            RunEnd::Endless { mu, lambda } => Ahead::Cycle {
                mu: mu as u32,
                lambda: lambda as u32,
            },
            _ => Ahead::Node {
                node: run.snap,
                banked: state.board.banked,
                drops: !state.seen.contains(&run.snap),
            },
        };
        t.park = Some(Park {
            first: t.lap.max(1),
            last: t.lap + run.laps as u32,
            last_hole: last_lap.map(|hole| hole as u8),
            ahead,
        });
        Self::settle(state);
        state.turn = Some(*t);
        Ok(true)
    }

    /// Under `stop`, a move that comes back to a muzi-lap state from which no choice of
    /// drops ends it has gone round for good: the mover stops there. Whether it does.
    #[inline]
    fn stops_for_good(
        &self,
        state: &DongWoState,
        t: &InMove,
        run: &RunAhead,
        what: DongWoDecision,
        scratch: &mut DongWoScratch,
    ) -> Result<bool, Diagnostic> {
        Ok(match run.end {
            RunEnd::Ends | RunEnd::Undecided => false,
            RunEnd::Endless { .. } => true,
            RunEnd::Muzi if self.config.endless != EndlessMove::Stop => false,
            RunEnd::Muzi if state.seen.contains(&run.snap) => {
                match self.run_can_end(run, t, scratch) {
                    Reach::Yes => false,
                    Reach::No => true,
                    Reach::Undecided => return Err(self.undecided_after_run(what, t, run)),
                }
            }
            RunEnd::Muzi => false,
        })
    }

    /// Play the run ahead of the move `t` onto the state's board, with the end of the lap
    /// before it (`last_lap`) and the events of its own laps when they are read, and the
    /// cycle of a run that never ends. `stops`: the move stops after the run.
    #[inline]
    fn play_run<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: &mut InMove,
        run: &RunAhead,
        (last_lap, stops): (Option<usize>, bool),
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let (end, laps) = (run.end, run.laps);
        let final_rule = match end {
            RunEnd::Ends => LAP_END,
            _ if stops => EndlessMove::CODE,
            _ => LAP_RELAY,
        };
        if let Some(last) = last_lap {
            let rule = if laps == 0 { final_rule } else { LAP_RELAY };
            lap_end(sink, t.lap, last, rule);
        }
        let run_from = t.lap;
        if sink.keeps_events() {
            // Play the run again, with its events.
            let mut s = Snap {
                board: state.board,
                next: t.next,
            };
            for n in 0..laps {
                t.lap += 1;
                let last = self.plain_lap(&mut s, t.ccw, t.lap, sink, &mut ())?;
                let rule = if n + 1 == laps { final_rule } else { LAP_RELAY };
                lap_end(sink, t.lap, last, rule);
            }
            state.board = s.board;
            t.next = s.next;
        } else {
            // Nothing reads the laps: the run's end is known, and an endless run stops where
            // it was after its first mu laps.
            let mut s = run.snap;
            if let RunEnd::Endless { mu, .. } = end {
                for _ in 0..mu {
                    self.plain_lap(&mut s, t.ccw, 0, sink, &mut ())?;
                }
            }
            t.lap += laps as u32;
            state.board = s.board;
            t.next = s.next;
        }
        if let RunEnd::Endless { mu, lambda } = end {
            // Laps are within the budget, a u32.
            sink.event(Event::Cycle {
                mu: run_from + mu as u32,
                lambda: lambda as u32,
                times: 1,
                stop: t.lap,
                rule: EndlessMove::CODE,
            });
        }
        Ok(())
    }

    /// The decisions of a turn under way: its stop, or the drops listed at a muzi lap (see
    /// [`DongWo::drops_listed`]); a parked move's stops, each lap a decision, then the drops of
    /// the muzi lap ahead if it may go on.
    pub(super) fn decisions_in_turn(
        &self,
        state: &DongWoState,
        t: &InMove,
        out: &mut Vec<DongWoDecision>,
        scratch: &mut DongWoScratch,
    ) {
        if let Some(lap) = t.stop {
            out.push(DongWoDecision::Stop { lap });
            return;
        }
        if let Some(park) = t.park {
            out.extend((park.first..=park.last).map(|lap| DongWoDecision::Stop { lap }));
            if let Some((board, t, node)) = Self::at_node(&state.board, t, &park) {
                self.drops_listed(
                    &board,
                    &t,
                    &[&state.seen[..], &[node]].concat(),
                    out,
                    scratch,
                );
            }
            return;
        }
        self.drops_listed(&state.board, t, &state.seen, out, scratch);
    }

    /// The muzi lap ahead of a parked move whose mover may drop there: the board and the turn
    /// there, as if the laps up to it were played, and the state there, which the move's
    /// `seen` list gains when it goes on.
    pub(super) fn at_node(board: &Board, t: &InMove, park: &Park) -> Option<(Board, InMove, Snap)> {
        let Ahead::Node {
            node,
            banked,
            drops: true,
        } = park.ahead
        else {
            return None;
        };
        let mut at = node.board;
        for (now, before) in at.banked.iter_mut().zip(banked) {
            *now -= before;
        }
        debug_assert_eq!(board.banked, [0, 0], "a parked move's board is settled");
        let mut t = *t;
        t.lap = park.last;
        t.next = node.next;
        t.park = None;
        Some((at, t, node))
    }

    /// The drops listed at a muzi lap: under `illegal` those after which the move can still
    /// end; under `stop` and `stop-any-lap` every legal drop. Either way a drop that only
    /// loops back to a state this move was in and could leave another way is left out, so
    /// that perft and random play count each move once (a loop is legal in a record, just
    /// never needed). So is a drop to a new state from which the move can end only by coming
    /// back to a state it was in, and can reach no stop either (see [`DongWo::reaches_stop`]):
    /// every way on from there is a loop, and the listing there would be empty.
    ///
    /// A state reached through a loop written in a record may still have every drop loop
    /// back: then the drops that loop back to a state the move can leave are listed, so that
    /// a turn under way always lists a continuation.
    pub(super) fn drops_listed(
        &self,
        board: &Board,
        t: &InMove,
        seen: &[Snap],
        out: &mut Vec<DongWoDecision>,
        scratch: &mut DongWoScratch,
    ) {
        let node = Snap {
            board: *board,
            next: t.next,
        };
        let stops = self.config.endless != EndlessMove::Illegal;
        // A drop whose way on is not decided within the lap budget is listed: it may be legal,
        // and `apply` refuses it under `mgn.limit.laps`.
        let left = self.max_laps.saturating_sub(u64::from(t.lap));
        let listed_before = out.len();
        for k in self.drop_offsets(board, t).iter() {
            let mut meter = Meter { left };
            let (_, onward) = self.after_drop(&node, t, k, &mut meter, &mut scratch.drops);
            let listed = match onward {
                Onward::Ends { .. } | Onward::Undecided => true,
                // Every drop leads to an end or a stop: back at a state the move was in, it
                // stops there; at a new one, either some drop ends the move, or none does and
                // the first drops' way on loops, so that the mover may stop.
                _ if self.config.endless == EndlessMove::StopAnyLapFirstDrops => true,
                Onward::Endless => stops,
                Onward::Node(next) if seen.contains(&next) => {
                    stops
                        && self.leads_to_end(
                            onward,
                            t,
                            (false, Goal::Finish),
                            &[],
                            &mut meter,
                            scratch,
                        ) != Reach::Yes
                }
                Onward::Node(_) => {
                    match self.leads_to_end(
                        onward,
                        t,
                        (false, Goal::Finish),
                        seen,
                        &mut meter,
                        scratch,
                    ) {
                        Reach::Yes | Reach::Undecided => true,
                        // The move can end only through a state it was in (a loop), or not at
                        // all: under `stop` and `stop-any-lap` the drop leads on if the mover
                        // can come to his stop without looping.
                        Reach::No => {
                            stops
                                && self.reaches_stop(onward, t, seen, &mut meter, scratch)
                                    != Reach::No
                        }
                    }
                }
            };
            if listed {
                self.drops_at(board, t, k, out);
            }
        }
        if out.len() > listed_before {
            return;
        }
        // Every drop loops back (only after a loop written in a record): the loops the move
        // can leave.
        for k in self.drop_offsets(board, t).iter() {
            let mut meter = Meter { left };
            let (_, onward) = self.after_drop(&node, t, k, &mut meter, &mut scratch.drops);
            if self.leads_to_end(onward, t, (false, Goal::Finish), &[], &mut meter, scratch)
                != Reach::No
            {
                self.drops_at(board, t, k, out);
            }
        }
    }

    /// Under `stop-any-lap-first-drops`: whether the move from muzi-lap state `node`, each
    /// muzi dropped at the first piece of its lap where it may drop, comes back to a state it
    /// was in (`seen`, or one of this continuation): `Yes` when it does, or runs round a cycle
    /// of plain laps; `No` when it ends (or no drop is open, which that reading cannot follow).
    /// Each state leads to one next, so the walk meets a state again within as many steps as
    /// the move has states, and the meter bounds it.
    fn first_drops_loop(
        &self,
        node: Snap,
        t: &InMove,
        seen: &[Snap],
        meter: &mut Meter,
        scratch: &mut DongWoScratch,
    ) -> Reach {
        let mut path: Vec<Snap> = Vec::new();
        let mut node = node;
        loop {
            if seen.contains(&node) || path.contains(&node) {
                return Reach::Yes;
            }
            path.push(node);
            let probe = Self::probe(t, &node, false);
            let Some(k) = self.drop_offsets(&node.board, &probe).iter().next() else {
                return Reach::No;
            };
            match self
                .after_drop(&node, &probe, k, meter, &mut scratch.drops)
                .1
            {
                Onward::Ends { .. } => return Reach::No,
                Onward::Endless => return Reach::Yes,
                Onward::Undecided => return Reach::Undecided,
                Onward::Node(next) => node = next,
            }
        }
    }

    /// Under `stop` and `stop-any-lap`: whether, going on as `onward` says, some choice of
    /// drops brings the move to where the mover stops, never passing through a state of
    /// `avoid` from which the move can still end: a run of laps that never ends, or a state
    /// from which no choice of drops ends the move (a new one, or one of `avoid`, where
    /// `stop` stops). An end of the move found on the way counts too.
    fn reaches_stop(
        &self,
        onward: Onward,
        t: &InMove,
        avoid: &[Snap],
        meter: &mut Meter,
        scratch: &mut DongWoScratch,
    ) -> Reach {
        let start = match onward {
            Onward::Ends { .. } | Onward::Endless => return Reach::Yes,
            Onward::Undecided => return Reach::Undecided,
            Onward::Node(node) => node,
        };
        let mut undecided = false;
        let mut stack = vec![start];
        let mut visited = Visited::default();
        while let Some(node) = stack.pop() {
            if !visited.insert((node, false, Goal::Finish)) {
                continue;
            }
            match self.leads_to_end(
                Onward::Node(node),
                t,
                (false, Goal::Finish),
                &[],
                meter,
                scratch,
            ) {
                Reach::No => return Reach::Yes,
                Reach::Undecided => undecided = true,
                Reach::Yes => {}
            }
            if avoid.contains(&node) {
                // A state the move was in and can leave: a loop, not followed.
                continue;
            }
            let probe = Self::probe(t, &node, false);
            for k in self.drop_offsets(&node.board, &probe).iter() {
                match self
                    .after_drop(&node, &probe, k, meter, &mut scratch.drops)
                    .1
                {
                    Onward::Ends { .. } | Onward::Endless => return Reach::Yes,
                    Onward::Node(next) => stack.push(next),
                    Onward::Undecided => undecided = true,
                }
            }
        }
        if undecided {
            Reach::Undecided
        } else {
            Reach::No
        }
    }

    /// `apply_on_copy` on a copy of `state`, which replaces it unless the decision is refused.
    /// Out of line: a few decisions a round take this way, and a move played in place does
    /// not set up room for the copy.
    #[inline(never)]
    pub(super) fn apply_on_clone<S: EventSink>(
        &self,
        state: &mut DongWoState,
        decision: &DongWoDecision,
        sink: &mut S,
        scratch: &mut DongWoScratch,
        lookahead: Lookahead,
    ) -> Result<(), Diagnostic> {
        let mut next = state.clone();
        // The lists' room goes with the copy, which the state becomes: dropped with the state
        // replaced, it was allocated again by the round's next turn (its contents are alike).
        std::mem::swap(&mut next.seen, &mut state.seen);
        std::mem::swap(&mut next.pending, &mut state.pending);
        // The events go straight to the sink, and are withdrawn if the decision is refused: a
        // move's events may be many (a stopped endless move).
        let mark = sink.mark();
        let played = self.apply_on_copy(&mut next, decision, sink, scratch, lookahead);
        if played.is_err() {
            sink.withdraw(mark);
            return played;
        }
        *state = next;
        Ok(())
    }

    /// A transaction, an owner action between moves, or the first move after a round's
    /// transactions, played on `next`, a copy of the state that the caller keeps only if it
    /// is not refused.
    pub(super) fn apply_on_copy<S: EventSink>(
        &self,
        next: &mut DongWoState,
        decision: &DongWoDecision,
        sink: &mut S,
        scratch: &mut DongWoScratch,
        lookahead: Lookahead,
    ) -> Result<(), Diagnostic> {
        // The events go straight to the sink: the caller withdraws them if this is refused.
        match decision {
            DongWoDecision::Deal { deal } => self.transact(next, deal, sink)?,
            DongWoDecision::Act { action, .. } => {
                self.act_between_moves(next, action, sink, scratch)?
            }
            _ => {
                if let Some(Between { begun: false, .. }) = next.between {
                    return Err(Diagnostic::new(
                        general::ROUND_MARKER,
                        format!(
                            "round {} is over: `round {}` starts the next",
                            next.round,
                            next.round + 1
                        ),
                    ));
                }
                self.close_between(next, sink)?;
                if next.over.is_none() {
                    self.play(next, decision, sink, scratch, lookahead)?;
                }
            }
        }
        Ok(())
    }

    /// An owner action between moves. It changes nothing when it is refused (the action is
    /// checked before a stone moves), so it needs no copy of the state.
    pub(super) fn act_between_moves<S: EventSink>(
        &self,
        state: &mut DongWoState,
        action: &HoleAction,
        sink: &mut S,
        scratch: &mut DongWoScratch,
    ) -> Result<(), Diagnostic> {
        if state.turn.is_some() {
            return Err(Diagnostic::new(
                OWNED,
                "an owner action in the middle of a move is written in the move, after the piece it follows (`~12^A4`)",
            ));
        }
        self.act(state, action, sink)?;
        state.stuck = self.has_move(&state.board, state.to_move, scratch) == Reach::No;
        Ok(())
    }

    /// One decision of a turn (or an owner action queued for the move to come).
    pub(super) fn play<S: EventSink>(
        &self,
        state: &mut DongWoState,
        decision: &DongWoDecision,
        sink: &mut S,
        scratch: &mut DongWoScratch,
        lookahead: Lookahead,
    ) -> Result<(), Diagnostic> {
        // The turn is read in place: only the arm that plays it copies it.
        match (*decision, state.turn.as_ref()) {
            (DongWoDecision::Sow { hole, direction }, None) => {
                self.sow(state, (hole, direction), sink, (scratch, lookahead))
            }
            (decision, Some(&t)) if t.park.is_some() => {
                self.play_parked(state, t, decision, sink, (scratch, lookahead))
            }
            (DongWoDecision::Drop { drop }, Some(&t)) if t.stop.is_none() => {
                self.drop_muzi(state, t, drop, sink, (scratch, lookahead))
            }
            (DongWoDecision::Stop { lap }, Some(&t)) => match t.stop {
                Some(stop) if stop == lap => self.played_or_undone(state, sink, scratch, |state, sink, scratch| {
                    self.end_of_move(state, t.mover, sink, scratch)
                }),
                Some(stop) => Err(Diagnostic::new(
                    EndlessMove::CODE,
                    format!("the move comes back to a state it was in after lap {stop}: it stops there, /{stop}, not after lap {lap}"),
                )),
                None => Err(Diagnostic::new(
                    EndlessMove::CODE,
                    format!("/{lap} stops only a move that never ends, and this one goes on with a muzi drop"),
                )),
            },
            (DongWoDecision::Pass, None) => self.pass(state, sink, scratch),
            (DongWoDecision::Stop { lap }, None) => Err(Diagnostic::new(
                EndlessMove::CODE,
                format!("/{lap} stops only a move that never ends"),
            )),
            (_, Some(&t)) if t.stop.is_some() => Err(Diagnostic::new(
                EndlessMove::CODE,
                format!(
                    "the move never ends: the mover stops after lap {}, written /{}",
                    t.stop.unwrap_or(0),
                    t.stop.unwrap_or(0)
                ),
            )),
            (_, Some(&t)) => Err(Diagnostic::new(
                MUZI_DROP,
                format!(
                    "lap {} carries a muzi: the move goes on with where it drops (@hole)",
                    t.lap + 1
                ),
            )),
            (DongWoDecision::Act { action, step: Some(step) }, None) => {
                if state.pending.last().is_some_and(|&(last, _)| last > step) {
                    return Err(Diagnostic::new(
                        OWNED,
                        format!("~{step}{}{}: the owner actions of a move are written in the order of their pieces", action.kind.sigil(), action.hole),
                    ));
                }
                state.pending.push((step, action));
                Ok(())
            }
            (DongWoDecision::Act { .. }, _) => Err(Diagnostic::new(
                OWNED,
                "an owner action in the middle of a move is written in the move, after the piece it follows (`~12^A4`)",
            )),
            (DongWoDecision::Deal { .. }, _) => Err(Diagnostic::new(
                BETWEEN,
                "a transaction comes between rounds, not within a move",
            )),
            (DongWoDecision::Drop { .. }, None) => Err(Diagnostic::new(
                MUZI_DROP,
                "no lap of this move is waiting for a muzi drop",
            )),
        }
    }

    /// A decision while the move `t` is parked (under `stop-any-lap`): a lap it stops after,
    /// or the drop of the muzi lap ahead, which takes it out of the park.
    #[inline]
    fn play_parked<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: InMove,
        decision: DongWoDecision,
        sink: &mut S,
        (scratch, lookahead): (&mut DongWoScratch, Lookahead),
    ) -> Result<(), Diagnostic> {
        let park = t.park.expect("parked");
        match decision {
            DongWoDecision::Stop { lap } => {
                if lap < park.first || lap > park.last {
                    return Err(self.parked_refusal(&park, format_args!("lap {lap}")));
                }
                self.played_or_undone(state, sink, scratch, |state, sink, scratch| {
                    self.stop_parked(state, &t, &park, lap, sink, scratch)?;
                    self.end_of_move(state, t.mover, sink, scratch)
                })
            }
            DongWoDecision::Drop { drop } => {
                if Self::at_node(&state.board, &t, &park).is_none() {
                    let what = DongWoDecision::Drop { drop };
                    return Err(self.parked_refusal(&park, format_args!("{what}")));
                }
                self.played_or_undone(state, sink, scratch, |state, sink, scratch| {
                    let t = self.leave_park(state, t, &park, sink)?;
                    state.turn = Some(t);
                    self.play(
                        state,
                        &DongWoDecision::Drop { drop },
                        sink,
                        scratch,
                        lookahead,
                    )
                })
            }
            other => Err(self.parked_refusal(&park, format_args!("{other}"))),
        }
    }

    /// The sowing that starts a move from `hole`: its first lap waits for a muzi drop when
    /// it takes a muzi, and is played on otherwise.
    #[inline]
    fn sow<S: EventSink>(
        &self,
        state: &mut DongWoState,
        (hole, direction): (Hole, Direction),
        sink: &mut S,
        (scratch, lookahead): (&mut DongWoScratch, Lookahead),
    ) -> Result<(), Diagnostic> {
        let ccw = direction == Direction::CounterClockwise;
        let side = state.to_move;
        let index = self.check_start(&state.board, side, hole, ccw)?;
        // Owner actions inside the move change its course: whether it ends is judged
        // as it is played (in `proceed`).
        let t = InMove {
            acted: !state.pending.is_empty(),
            ..self.start_turn(side, index, ccw)
        };
        let board = state.board;
        let never_ends = move || self.refusal_violation(&board, side, hole, ccw, Refusal::Endless);
        if state.board.muzi_at(index).is_some() {
            if self.config.endless == EndlessMove::Illegal
                && !t.acted
                && lookahead == Lookahead::Ahead
            {
                match self.move_can_end(&state.board, side, index, ccw, Goal::Finish, scratch) {
                    Reach::Yes => {}
                    Reach::No => return Err(never_ends()),
                    Reach::Undecided => {
                        let what = DongWoDecision::Sow { hole, direction };
                        return Err(self.undecided_move(format_args!("{what}"), 0));
                    }
                }
            }
            // The first lap's state is not kept: a later lap back at it allows more
            // drops (a singleton meeting), so it is another node.
            state.turn = Some(t);
            return Ok(());
        }
        self.played_or_undone(state, sink, scratch, |state, sink, scratch| {
            let what = DongWoDecision::Sow { hole, direction };
            self.proceed(
                state,
                t,
                None,
                (what, never_ends),
                sink,
                (scratch, lookahead),
            )
        })
    }

    /// The muzi drop `drop` of the move `t` at its muzi lap, and the move on from there.
    #[inline]
    fn drop_muzi<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: InMove,
        drop: MuziDrop,
        sink: &mut S,
        (scratch, lookahead): (&mut DongWoScratch, Lookahead),
    ) -> Result<(), Diagnostic> {
        let k = self.drop_offset(state, &t, drop)?;
        let takes = self.meeting_taken(&state.board, &t, k, drop.takes)?;
        let never_ends = || {
            Diagnostic::new(
                EndlessMove::CODE,
                format!("after {} the move never ends: whatever the muzi drops from there, the relay keeps coming back to states it was in; such a move is not allowed", DongWoDecision::Drop { drop }),
            )
        };
        // A move without owner actions is checked as it is played (in `proceed`).
        if self.config.endless == EndlessMove::Illegal && t.acted && state.pending.is_empty() {
            let node = Snap {
                board: state.board,
                next: t.next,
            };
            let mut meter = Meter {
                left: self.max_laps - u64::from(t.lap),
            };
            let (_, onward) = self.after_drop(&node, &t, k, &mut meter, &mut scratch.drops);
            match self.leads_to_end(onward, &t, (false, Goal::Finish), &[], &mut meter, scratch) {
                Reach::Yes => {}
                Reach::No => return Err(never_ends()),
                Reach::Undecided => {
                    let what = DongWoDecision::Drop { drop };
                    return Err(self.undecided_move(format_args!("{what}"), t.lap));
                }
            }
        }
        self.played_or_undone(state, sink, scratch, |state, sink, scratch| {
            let what = DongWoDecision::Drop { drop };
            self.drop_and_proceed(
                state,
                t,
                (k, takes),
                (what, never_ends),
                sink,
                (scratch, lookahead),
            )
        })
    }

    /// Where the muzi lap of the move `t` drops its muzi for `drop`: the offset of a hole
    /// of the lap a muzi may drop into.
    #[inline]
    fn drop_offset(
        &self,
        state: &DongWoState,
        t: &InMove,
        drop: MuziDrop,
    ) -> Result<usize, Diagnostic> {
        let from = t.next as usize;
        let pieces = state.board.holes[from] as usize + 1;
        let lap = t.lap + 1;
        if u64::from(lap) > self.max_laps {
            let what = DongWoDecision::Drop { drop };
            return Err(self.undecided_move(format_args!("the move at {what}"), t.lap));
        }
        let k = self.offset_of(t, pieces, drop).ok_or_else(|| {
            Diagnostic::new(
                MUZI_DROP,
                format!(
                    "lap {lap} takes {} from {} and sows {} to {}: {drop_text} is not one of its holes",
                    pieces,
                    ring_hole(from),
                    ring_hole(step(from, t.ccw, 1)),
                    ring_hole(step(from, t.ccw, pieces)),
                    drop_text = DongWoDecision::Drop { drop },
                ),
            )
        })?;
        if !self.drop_offsets(&state.board, t).contains(k) {
            let at = step(from, t.ccw, k + 1);
            return Err(if state.board.owner(at) == Some(t.mover) {
                Diagnostic::new(
                    OWNED_MUZI,
                    format!(
                        "{} is {}'s own won or bought hole: he drops a muzi there only when no other drop is left, in a later lap",
                        drop.hole, t.mover
                    ),
                )
            } else {
                Diagnostic::new(
                    MUZI_OTHER_HOLE,
                    format!(
                        "{} holds the other muzi: a muzi drops there only as a singleton in a later lap",
                        drop.hole
                    ),
                )
            });
        }
        Ok(k)
    }

    /// A pass, open only to a player with no move.
    #[inline]
    fn pass<S: EventSink>(
        &self,
        state: &mut DongWoState,
        sink: &mut S,
        scratch: &mut DongWoScratch,
    ) -> Result<(), Diagnostic> {
        if !state.pending.is_empty() {
            return Err(Diagnostic::new(
                OWNED,
                "owner actions written for a move wait for its pieces: a pass sows none",
            ));
        }
        match self.has_move(&state.board, state.to_move, scratch) {
            Reach::No => {}
            Reach::Yes => {
                return Err(Diagnostic::new(
                    TURN,
                    format!("{} has a move and may not pass", state.to_move),
                ))
            }
            Reach::Undecided => {
                return Err(undecided(
                    format_args!("whether {} has a legal move", state.to_move),
                    format_args!(
                        "none of his moves was found to end, and the look-ahead of some did not end within {} laps",
                        self.max_laps
                    ),
                    self.max_laps,
                ))
            }
        }
        sink.event(Event::Pass {
            side: state.to_move,
            rule: TURN,
        });
        state.to_move = state.to_move.other();
        state.stuck = self.has_move(&state.board, state.to_move, scratch) == Reach::No;
        sink.event(Event::TurnEnd {
            next: state.to_move,
        });
        Ok(())
    }

    /// The refusal of `what` (a lap to stop after, a drop, another decision) while a parked
    /// move waits: the laps it may stop after, as one range, and the drop it may go on with.
    fn parked_refusal(&self, park: &Park, what: fmt::Arguments) -> Diagnostic {
        let on = match park.ahead {
            Ahead::Node { drops: true, .. } => format!(
                ", or go on with the muzi drop of lap {} (@hole)",
                park.last + 1
            ),
            _ => String::new(),
        };
        // Under `stop-any-lap-first-drops` other drops may still end the move: the test that
        // parked it is the first drops' way on.
        let why = if self.config.endless == EndlessMove::StopAnyLapFirstDrops {
            "with the first muzi drop at each lap the move comes back to a state it was in"
        } else {
            "the move can no longer end, whatever the muzi drops"
        };
        Diagnostic::new(
            EndlessMove::CODE,
            format!(
                "{why}: it can be stopped after lap {} to {}, written /{} to /{}{on}; not {what}",
                park.first, park.last, park.first, park.last
            ),
        )
    }

    /// A parked move goes on to the muzi lap ahead: the laps up to it played, with their
    /// events when the sink keeps them. Returns the turn there.
    fn leave_park<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: InMove,
        park: &Park,
        sink: &mut S,
    ) -> Result<InMove, Diagnostic> {
        let (board, at_node, node) =
            Self::at_node(&state.board, &t, park).expect("a muzi lap ahead");
        if sink.keeps_events() {
            if let Some(hole) = park.last_hole {
                sink.event(Event::LapEnd {
                    hole: ring_hole(hole as usize),
                    lap: t.lap,
                    rule: LAP_RELAY,
                });
            }
            let mut s = Snap {
                board: state.board,
                next: t.next,
            };
            for lap in t.lap + 1..=park.last {
                let last = self.plain_lap(&mut s, t.ccw, lap, sink, &mut ())?;
                sink.event(Event::LapEnd {
                    hole: ring_hole(last),
                    lap,
                    rule: LAP_RELAY,
                });
            }
            debug_assert_eq!((s.board, s.next), (board, at_node.next));
        }
        state.board = board;
        state.seen.push(node);
        Ok(at_node)
    }

    /// A parked move stopped after lap `lap` (within its range): the laps up to it played,
    /// with their events when the sink keeps them, the last one's end reported as the stop,
    /// and the cycle when it is the lap where the state first repeats.
    fn stop_parked<S: EventSink>(
        &self,
        state: &mut DongWoState,
        t: &InMove,
        park: &Park,
        lap: u32,
        sink: &mut S,
        scratch: &mut DongWoScratch,
    ) -> Result<(), Diagnostic> {
        let laps = lap - t.lap;
        if sink.keeps_events() {
            if let Some(hole) = park.last_hole {
                sink.event(Event::LapEnd {
                    hole: ring_hole(hole as usize),
                    lap: t.lap,
                    rule: if laps == 0 {
                        EndlessMove::CODE
                    } else {
                        LAP_RELAY
                    },
                });
            }
            let mut s = Snap {
                board: state.board,
                next: t.next,
            };
            for at in t.lap + 1..=lap {
                let last = self.plain_lap(&mut s, t.ccw, at, sink, &mut ())?;
                sink.event(Event::LapEnd {
                    hole: ring_hole(last),
                    lap: at,
                    rule: if at == lap {
                        EndlessMove::CODE
                    } else {
                        LAP_RELAY
                    },
                });
            }
            state.board = s.board;
        } else {
            // Past mu laps of a cycle, the state after mu + lambda is the state after mu.
            let played = match park.ahead {
                Ahead::Cycle { mu, lambda } if laps > mu => mu + (laps - mu) % lambda,
                _ => laps,
            };
            let from = Snap {
                board: state.board,
                next: t.next,
            };
            state.board = self
                .snap_after(from, t.ccw, played, &mut scratch.stop_memo)
                .board;
        }
        if let Ahead::Cycle { mu, lambda } = park.ahead {
            if laps == mu + lambda {
                sink.event(Event::Cycle {
                    mu: t.lap + mu,
                    lambda,
                    times: 1,
                    stop: lap,
                    rule: EndlessMove::CODE,
                });
            }
        }
        Ok(())
    }

    /// The state after `laps` laps without a muzi from `from`, played on from the last one
    /// asked for when that is the same run and not past them ([`StopMemo`]).
    fn snap_after(&self, from: Snap, ccw: bool, laps: u32, memo: &mut Option<StopMemo>) -> Snap {
        let (mut at, done) = match &*memo {
            Some(m) if m.from == from && m.ccw == ccw && m.laps <= laps => (m.at, m.laps),
            _ => (from, 0),
        };
        for _ in done..laps {
            // No hook: nothing to refuse.
            let _ = self.plain_lap(&mut at, ccw, 0, &mut (), &mut ());
        }
        *memo = Some(StopMemo {
            from,
            ccw,
            laps,
            at,
        });
        at
    }

    /// The muzi lap of the turn `t` with its muzi at offset `k` (a meeting there capturing
    /// `takes`), then on (`proceed`).
    fn drop_and_proceed<S: EventSink>(
        &self,
        state: &mut DongWoState,
        mut t: InMove,
        drop: (usize, Option<Side>),
        refusals: (DongWoDecision, impl Fn() -> Diagnostic),
        sink: &mut S,
        // The room, and whether the move is looked ahead: one argument, the two go together.
        (scratch, lookahead): (&mut DongWoScratch, Lookahead),
    ) -> Result<(), Diagnostic> {
        let from = t.next as usize;
        let pieces = state.board.holes[from] as usize + 1;
        let mut board = state.board;
        let met = if state.pending.is_empty() {
            self.muzi_lap(&mut board, &mut t, drop, sink, &mut ())?
        } else {
            let mut sown = t.sown;
            let mut anchors = Anchors {
                pending: &mut state.pending,
                winnings: &mut state.winnings,
                sown: &mut sown,
            };
            let met = self.muzi_lap(&mut board, &mut t, drop, sink, &mut anchors)?;
            t.sown = sown;
            met
        };
        if let Some(taken) = met {
            set_muzi(&mut state.winnings[t.mover.index()], taken);
        }
        state.board = board;
        let last = step(from, t.ccw, pieces);
        self.proceed(state, t, Some(last), refusals, sink, (scratch, lookahead))
    }

    /// `play_on(state, sink)`, which plays as it checks: if it is refused half-way, what a
    /// move changes (the board, the winnings, the turn and its `seen` list, the owner actions
    /// written in it as they apply, and from the end of the move on the debts, the side to
    /// move and the round's end) is put back and its events withdrawn, so that a refused
    /// decision changes nothing.
    fn played_or_undone<S: EventSink>(
        &self,
        state: &mut DongWoState,
        sink: &mut S,
        scratch: &mut DongWoScratch,
        play_on: impl FnOnce(&mut DongWoState, &mut S, &mut DongWoScratch) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        // A move is played in a round of a game not over (transactions close `between`
        // first): those two are put back to none.
        debug_assert!(state.over.is_none() && state.between.is_none());
        let (board, winnings, turn) = (state.board, state.winnings, state.turn.take());
        let (debts, to_move, stuck) = (state.debts, state.to_move, state.stuck);
        // The turn's `seen` list only grows while it is played: cut back, it is as it was.
        let seen = state.seen.len();
        // The owner actions written in the move leave their list as they apply: a copy, in a
        // list that keeps its room (taken out, for a decision played within this one).
        let mut pending = Vec::new();
        if !state.pending.is_empty() {
            pending = std::mem::take(&mut scratch.pending_kept);
            pending.clone_from(&state.pending);
        }
        let mark = sink.mark();
        let played = play_on(state, sink, scratch);
        if played.is_err() && !pending.is_empty() {
            std::mem::swap(&mut state.pending, &mut pending);
        }
        if pending.capacity() > 0 {
            scratch.pending_kept = pending;
        }
        if played.is_ok() {
            if state.turn.is_none() {
                // The turn is over: its states are forgotten, the list's room kept.
                state.seen.clear();
            }
        } else {
            state.board = board;
            state.winnings = winnings;
            state.turn = turn;
            state.seen.truncate(seen);
            state.debts = debts;
            state.to_move = to_move;
            state.stuck = stuck;
            state.over = None;
            state.between = None;
            sink.withdraw(mark);
        }
        played
    }
}

/// The run of laps without a muzi ahead of a move under way, followed without playing it.
#[derive(Clone, Copy)]
struct RunAhead {
    /// Where the run leaves the move.
    snap: Snap,
    end: RunEnd,
    laps: u64,
    /// What the look-aheads from the run's end may follow: the move's laps left after it.
    meter: Meter,
}

/// The end of lap `lap` of a move, in ring hole `last`, by `rule`.
#[inline]
fn lap_end<S: EventSink>(sink: &mut S, lap: u32, last: usize, rule: Code) {
    sink.event(Event::LapEnd {
        hole: ring_hole(last),
        lap,
        rule,
    })
}
