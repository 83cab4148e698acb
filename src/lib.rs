//! mgn: a game-record tool and replay validator for four mancala games (Dakon, Mraw imrujen,
//! Nchuwa and Dong Wo), around MGN, the Mancala Game Notation (`docs/notation.md`).
//!
//! The library is laid out in layers that can each be read alone:
//!
//! - [`notation`]: MGN's syntax only. A reader that knows no rules ([`parse_games`], or
//!   [`notation::games`] an element at a time), the syntax tree ([`Game`]) and the writer.
//! - [`rules`]: the four games behind one interface, the [`Rules`] trait, each in its folder
//!   (`src/rules/<game>/`) with its declarations: every rule and option has a code
//!   (`dakon.capture.opposite`) and the seed sentence it rests on.
//! - [`replay`] and [`check`]: a record's moves played under its rules, and its claims
//!   (captures, scores, checkpoints, result) compared with what the rules give.
//! - [`perft`] and [`generate`]: exact move counts, and random games, from any position.
//!
//! Those are the core. The layers beyond it are Cargo features, all on by default, that a
//! program may go without (`default-features = false`):
//!
//! - `document` (feature `document`): YAML and JSON, read and written a game at a time.
//! - `import` (feature `import`): other programs' records (Ludii, MancalaGames, the plain move
//!   log) read into MGN.
//! - `picture` (feature `picture`): a position drawn as an SVG image or a terminal diagram.
//! - `protocol` (feature `protocol`): the engine protocol (`docs/protocol.md`), answered with
//!   mgn's rules.
//! - `suite` (feature `suite`): conformance suites, folders of records beside their verdicts.
//!
//! The `mgn` command (`crates/cli`) is a thin layer over these; depending on this library
//! compiles none of its crates.
//!
//! # Check a record
//!
//! ```
//! use mgn::check::{check_text, CheckOptions, RecordResult, Verdict};
//!
//! // B sows B4; the record claims 8 seeds captured, the rules give 7, from A2 and B4.
//! let record = "[Game \"dakon\"]\n\n1. B4 x8 *\n";
//! let results = check_text(record, &CheckOptions::default());
//! let RecordResult::Checked { verdict: Verdict::Failed(problems), .. } = &results[0] else {
//!     panic!("the claim is false");
//! };
//! assert_eq!(problems[0].rule, "mgn.claim.captures");
//! assert_eq!(problems[0].message, "the record claims x8 but the move captured x7(A2,B4)");
//!
//! let results = check_text("[Game \"dakon\"]\n\n1. B4 x7(A2,B4) *\n", &CheckOptions::default());
//! assert!(matches!(&results[0], RecordResult::Checked { verdict, .. } if verdict.passed()));
//! ```
//!
//! # Replay a game and read its events
//!
//! ```
//! use mgn::replay::{replay_game, ReplayOptions};
//! use mgn::rules::Event;
//!
//! let game = mgn::parse_games("[Game \"dakon\"]\n\n1. B4 *\n").remove(0).unwrap();
//! let replayed = replay_game(&game, ReplayOptions::plies());
//! assert!(replayed.failure.is_none());
//! let first = &replayed.plies[0].events[0];
//! assert!(matches!(first, Event::PickUp { lap: 1, .. }), "{first:?}");
//! ```
//!
//! # Generate a random game and write it as MGN
//!
//! ```
//! use mgn::generate::{random_game, GenerateOptions, Rng};
//! use mgn::notation::{write_games, GameKind, Header, Side};
//! use mgn::rules::{AnyRules, Rules, DEFAULT_MAX_LAPS};
//!
//! let header = Header::new(GameKind::Nchuwa);
//! let rules = AnyRules::from_header(&header, DEFAULT_MAX_LAPS).unwrap();
//! let start = rules.start(Side::B);
//! let game = random_game(&rules, header, start, &mut Rng::new(1), GenerateOptions::default());
//! let text = write_games(std::slice::from_ref(&game));
//! // What was generated reads back and passes.
//! let results = mgn::check::check_text(&text, &Default::default());
//! assert!(matches!(&results[0], mgn::check::RecordResult::Checked { verdict, .. } if verdict.passed()));
//! ```
//!
//! # Watch the rules play: an event sink
//!
//! The rules report every step of a move (a pick-up, each seed sown, a lap's end, a capture) to
//! an [`EventSink`]. One that counts captured seeds over random games:
//!
//! ```
//! use mgn::generate::{playout, Rng};
//! use mgn::notation::{GameKind, Header, Side};
//! use mgn::rules::{AnyRules, Event, EventSink, Rules, DEFAULT_MAX_LAPS};
//!
//! #[derive(Default)]
//! struct Captured {
//!     seeds: u64,
//!     /// Marks taken, with the count at each: a decision the rules refuse is withdrawn.
//!     marks: Vec<u64>,
//! }
//!
//! impl EventSink for Captured {
//!     fn event(&mut self, event: Event) {
//!         if let Event::Capture { pile, .. } = event {
//!             self.seeds += pile.seeds as u64;
//!         }
//!     }
//!     fn mark(&mut self) -> usize {
//!         self.marks.push(self.seeds);
//!         self.marks.len() - 1
//!     }
//!     fn withdraw(&mut self, mark: usize) {
//!         self.seeds = self.marks[mark];
//!         self.marks.truncate(mark);
//!     }
//! }
//!
//! let rules = AnyRules::from_header(&Header::new(GameKind::MrawImrujen), DEFAULT_MAX_LAPS);
//! let rules = rules.unwrap();
//! let mut sink = Captured::default();
//! let mut rng = Rng::new(2026);
//! for _ in 0..10 {
//!     playout(&rules, rules.start(Side::B), &mut rng, 500, &mut sink);
//! }
//! assert!(sink.seeds > 0);
//! ```
//!
//! [`rules::AnyRules`] serves any game through one type, matching on the game at each call.
//! Work that plays millions of decisions runs each game's own rules type instead, compiled for
//! it, through [`with_rules`] and a [`WithRules`] visitor:
//!
//! ```
//! # use mgn::generate::{playout, Rng};
//! # use mgn::notation::{GameKind, Header, Side};
//! use mgn::rules::{with_rules, RulesExt, WithRules};
//!
//! struct Playouts(usize);
//!
//! impl WithRules for Playouts {
//!     type Output = usize;
//!     fn run<R: RulesExt>(self, rules: &R) -> usize {
//!         let mut rng = Rng::new(2026);
//!         let plies = (0..self.0).map(|_| {
//!             playout(rules, rules.start(Side::B), &mut rng, 500, &mut ())
//!         });
//!         plies.sum()
//!     }
//! }
//!
//! assert!(with_rules(&Header::new(GameKind::MrawImrujen), Playouts(1000)).unwrap() > 0);
//! ```

#![warn(missing_docs)]

pub mod annotate;
pub mod check;
pub mod code;
mod diagnostic;
#[cfg(feature = "document")]
pub mod document;
#[cfg(feature = "import")]
pub mod export;
pub mod generate;
#[cfg(feature = "import")]
pub mod import;
pub mod notation;
pub mod perft;
#[cfg(feature = "picture")]
pub mod picture;
#[cfg(feature = "protocol")]
pub mod protocol;
pub mod replay;
pub mod rules;
mod suggest;
#[cfg(feature = "suite")]
pub mod suite;
#[cfg(feature = "suite")]
mod walk;

pub use check::{check_text, CheckOptions, RecordResult, Verdict};
pub use code::Code;
pub use diagnostic::{Diagnostic, Label, Location};
pub use notation::{parse_games, write_games, Game, GameKind, Header, SyntaxError};
pub use rules::{game_def, with_rules, Event, EventSink, GameDef, Rules, RulesExt, WithRules};
/// ` (did you mean `name`?)`, the hint mgn's messages give for a misspelt game, preset, option
/// or tag, for a program that names them in messages of its own.
pub use suggest::did_you_mean;
