//! Writers of other programs' formats, from MGN games: the way back from [`crate::import`].

pub mod movelog;
