//! Compact containers for the syntax tree. A record holds a move and, in generated records, a
//! checkpoint every few dozen bytes of text, so what nearly every node has is kept inline and
//! what nearly no node has costs one pointer: allocation was over a quarter of reading a
//! record. Each serializes exactly as the `Vec` (or array of `Vec`s) it replaces, so YAML
//! and JSON documents do not change.

use super::ast::{HoleState, Side};
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Deref, DerefMut, Index, IndexMut};

/// A list that is nearly always empty (a sowing's muzi drops, a move's extra captures and
/// owner actions): one pointer, and no allocation while empty. Reads as a slice.
#[derive(Clone, PartialEq, Eq, Hash)]
// The box is the point: one word in every node instead of a `Vec`'s three, for a list that is
// allocated in few of them. Never `Some` of an empty vector.
#[allow(clippy::box_collection)]
pub struct Few<T>(Option<Box<Vec<T>>>);

impl<T> Few<T> {
    /// An empty list.
    pub const fn new() -> Few<T> {
        Few(None)
    }

    /// Adds `value` at the end.
    pub fn push(&mut self, value: T) {
        self.0.get_or_insert_with(Box::default).push(value)
    }

    /// Whether the list holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T> Default for Few<T> {
    fn default() -> Few<T> {
        Few(None)
    }
}

impl<T> Deref for Few<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match &self.0 {
            Some(items) => items,
            None => &[],
        }
    }
}

impl<T> DerefMut for Few<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.0 {
            Some(items) => items,
            None => &mut [],
        }
    }
}

/// An empty vector stays unallocated, so that equal lists have equal representations.
impl<T> From<Vec<T>> for Few<T> {
    fn from(items: Vec<T>) -> Few<T> {
        Few((!items.is_empty()).then(|| Box::new(items)))
    }
}

impl<T> FromIterator<T> for Few<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Few<T> {
        // Nearly every list is empty: found so at its first item, without a vector.
        let mut items = items.into_iter();
        let Some(first) = items.next() else {
            return Few(None);
        };
        let mut all = Vec::with_capacity(items.size_hint().0.saturating_add(1));
        all.push(first);
        all.extend(items);
        Few(Some(Box::new(all)))
    }
}

impl<'a, T> IntoIterator for &'a Few<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: fmt::Debug> fmt::Debug for Few<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for Few<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Few<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Few<T>, D::Error> {
        Vec::deserialize(deserializer).map(Few::from)
    }
}

/// A list that nearly always holds exactly one item (a move's sowings): a single item is kept
/// inline, and only a longer list is allocated. Reads as a slice.
#[derive(Clone)]
pub struct OneInline<T>(Repr<T>);

#[derive(Clone)]
enum Repr<T> {
    One(T),
    /// Never of length one.
    Heap(Vec<T>),
}

impl<T> OneInline<T> {
    /// An empty list.
    pub const fn new() -> OneInline<T> {
        OneInline(Repr::Heap(Vec::new()))
    }

    /// Adds `value` at the end.
    pub fn push(&mut self, value: T) {
        match &mut self.0 {
            Repr::Heap(items) if items.is_empty() => self.0 = Repr::One(value),
            Repr::Heap(items) => items.push(value),
            Repr::One(_) => {
                let Repr::One(first) = std::mem::replace(&mut self.0, Repr::Heap(Vec::new()))
                else {
                    unreachable!()
                };
                let mut items = Vec::with_capacity(4);
                items.push(first);
                items.push(value);
                self.0 = Repr::Heap(items);
            }
        }
    }
}

impl<T> Default for OneInline<T> {
    fn default() -> OneInline<T> {
        OneInline::new()
    }
}

impl<T> From<T> for OneInline<T> {
    fn from(only: T) -> OneInline<T> {
        OneInline(Repr::One(only))
    }
}

impl<T> From<Vec<T>> for OneInline<T> {
    fn from(mut items: Vec<T>) -> OneInline<T> {
        match items.len() {
            1 => OneInline(Repr::One(items.pop().unwrap())),
            _ => OneInline(Repr::Heap(items)),
        }
    }
}

impl<T> FromIterator<T> for OneInline<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> OneInline<T> {
        let mut list = OneInline::new();
        for item in items {
            list.push(item);
        }
        list
    }
}

impl<T> Deref for OneInline<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match &self.0 {
            Repr::One(only) => std::slice::from_ref(only),
            Repr::Heap(items) => items,
        }
    }
}

impl<T> DerefMut for OneInline<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.0 {
            Repr::One(only) => std::slice::from_mut(only),
            Repr::Heap(items) => items,
        }
    }
}

impl<'a, T> IntoIterator for &'a OneInline<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: PartialEq> PartialEq for OneInline<T> {
    fn eq(&self, other: &OneInline<T>) -> bool {
        **self == **other
    }
}
impl<T: Eq> Eq for OneInline<T> {}

impl<T: fmt::Debug> fmt::Debug for OneInline<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for OneInline<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneInline<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<OneInline<T>, D::Error> {
        Vec::deserialize(deserializer).map(OneInline::from)
    }
}

/// Both players' holes of a position, in one allocation: A's row, then B's. Indexed like the
/// pair of rows it stands for (`rows[0]` is A's, `rows[1]` B's) and serialized as that pair.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Rows {
    holes: Vec<HoleState>,
    /// How many of `holes` are A's.
    a: usize,
}

impl Rows {
    /// Two empty rows.
    pub const fn new() -> Rows {
        Rows {
            holes: Vec::new(),
            a: 0,
        }
    }

    /// Room for two rows of `per_row` holes.
    pub fn with_capacity(per_row: usize) -> Rows {
        Rows {
            holes: Vec::with_capacity(2 * per_row),
            a: 0,
        }
    }

    /// Rows from both rows' holes in a row, the first `a` of them A's.
    pub fn from_parts(holes: Vec<HoleState>, a: usize) -> Rows {
        assert!(
            a <= holes.len(),
            "A's row of {a} holes out of {}",
            holes.len()
        );
        Rows { holes, a }
    }

    /// Both rows made again, in their room: `fill` pushes A's holes then B's and says how many
    /// are A's (`None`: not filled, the rows left empty).
    pub(crate) fn refill(&mut self, fill: impl FnOnce(&mut Vec<HoleState>) -> Option<usize>) {
        self.clear();
        match fill(&mut self.holes) {
            Some(a) if a <= self.holes.len() => self.a = a,
            _ => self.clear(),
        }
    }

    /// Empties both rows, keeping their room.
    pub fn clear(&mut self) {
        self.holes.clear();
        self.a = 0;
    }

    /// Adds a hole at the end of `side`'s row. Filling A's row first moves nothing.
    pub fn push(&mut self, side: Side, hole: HoleState) {
        match side {
            Side::A => {
                self.holes.insert(self.a, hole);
                self.a += 1;
            }
            Side::B => self.holes.push(hole),
        }
    }

    /// Adds `holes` at the end of `side`'s row.
    pub fn extend(&mut self, side: Side, holes: impl IntoIterator<Item = HoleState>) {
        match side {
            Side::A if self.a == self.holes.len() => {
                self.holes.extend(holes);
                self.a = self.holes.len();
            }
            Side::A => holes.into_iter().for_each(|h| self.push(side, h)),
            Side::B => self.holes.extend(holes),
        }
    }

    /// `side`'s holes, from hole 1.
    pub fn row(&self, side: Side) -> &[HoleState] {
        &self[side.index()]
    }

    /// A's row, then B's.
    pub fn iter(&self) -> impl Iterator<Item = &[HoleState]> {
        let (a, b) = self.holes.split_at(self.a);
        [a, b].into_iter()
    }

    /// A's row, then B's.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut [HoleState]> {
        let (a, b) = self.holes.split_at_mut(self.a);
        [a, b].into_iter()
    }
}

impl From<[Vec<HoleState>; 2]> for Rows {
    fn from([mut a, b]: [Vec<HoleState>; 2]) -> Rows {
        let split = a.len();
        a.extend(b);
        Rows { holes: a, a: split }
    }
}

impl Index<usize> for Rows {
    type Output = [HoleState];
    fn index(&self, side: usize) -> &[HoleState] {
        match side {
            0 => &self.holes[..self.a],
            1 => &self.holes[self.a..],
            _ => panic!("row {side} of a position: there are two"),
        }
    }
}

impl IndexMut<usize> for Rows {
    fn index_mut(&mut self, side: usize) -> &mut [HoleState] {
        match side {
            0 => &mut self.holes[..self.a],
            1 => &mut self.holes[self.a..],
            _ => panic!("row {side} of a position: there are two"),
        }
    }
}

impl fmt::Debug for Rows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// As the pair of rows `[Vec<HoleState>; 2]` serialized: a tuple of two sequences.
impl Serialize for Rows {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut pair = serializer.serialize_tuple(2)?;
        pair.serialize_element(&self[0])?;
        pair.serialize_element(&self[1])?;
        pair.end()
    }
}

impl<'de> Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rows, D::Error> {
        <[Vec<HoleState>; 2]>::deserialize(deserializer).map(Rows::from)
    }
}
