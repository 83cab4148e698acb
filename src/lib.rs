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
//! - [`document`]: YAML and JSON, read and written a game at a time.
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
//! use mgn::rules::Event;
//!
//! let game = mgn::parse_games("[Game \"dakon\"]\n\n1. B4 *\n").remove(0).unwrap();
//! let replayed = mgn::replay::replay_game(&game, true);
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
//! use mgn::rules::{with_rules, RulesExt, WithRules};
//!
//! struct OneGame;
//!
//! impl WithRules for OneGame {
//!     type Output = mgn::Game;
//!     fn run<R: RulesExt>(self, rules: &R) -> mgn::Game {
//!         let header = Header::new(GameKind::Nchuwa);
//!         let start = rules.start(Side::B);
//!         random_game(rules, header, start, &mut Rng::new(1), GenerateOptions::default())
//!     }
//! }
//!
//! let game = with_rules(&Header::new(GameKind::Nchuwa), OneGame).unwrap();
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
//! use mgn::rules::{with_rules, Event, EventSink, RulesExt, WithRules};
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
//! struct Play;
//!
//! impl WithRules for Play {
//!     type Output = u64;
//!     fn run<R: RulesExt>(self, rules: &R) -> u64 {
//!         let mut sink = Captured::default();
//!         let mut rng = Rng::new(2026);
//!         for _ in 0..10 {
//!             playout(rules, rules.start(Side::B), &mut rng, 500, &mut sink);
//!         }
//!         sink.seeds
//!     }
//! }
//!
//! let seeds = with_rules(&Header::new(GameKind::MrawImrujen), Play).unwrap();
//! assert!(seeds > 0);
//! ```

pub mod check;
mod diagnostic;
pub mod document;
pub mod generate;
pub mod import;
pub mod notation;
pub mod perft;
pub mod picture;
pub mod protocol;
pub mod replay;
pub mod rules;
pub mod source;
pub mod suggest;
pub mod suite;
pub mod walk;

pub use check::{check_text, CheckOptions, RecordResult, Verdict};
pub use diagnostic::{Diagnostic, Label, Location};
pub use notation::{parse_games, write_games, Game, GameKind, Header, SyntaxError};
pub use rules::{game_def, with_rules, Event, EventSink, GameDef, Rules, WithRules};
