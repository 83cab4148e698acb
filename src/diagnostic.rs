//! One problem with a record, from the rule that finds it to the report that shows it.
//!
//! The rules raise a [`Diagnostic`] about the move being played, pointing at a part of it
//! ([`Location::Move`]); a header that names a preset, an option or a board the game lacks
//! gets one at its tag. The replay places each in the text the game was read from
//! ([`Location::Offset`]) and adds what it knows besides: the ply, the decisions that were
//! legal, the step trace, the diff of a checkpoint. The checker's verdict holds it, and the
//! command line shows it.

use crate::code::Code;
use std::fmt;

/// Which part of a written move a [`Diagnostic`] of the rules is about, so the replay can point
/// at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MovePart {
    /// The move as a whole.
    Whole,
    /// The n-th sowing of a chained move (0-based).
    Sowing(usize),
    /// The n-th extra capture (`*hole`) of the move (0-based).
    ExtraCapture(usize),
    /// The n-th muzi drop (`@hole`) of the move's first sowing (0-based).
    MuziDrop(usize),
    /// The n-th owner action (`~12^A4`) of the move (0-based).
    Action(usize),
}

/// Why a record departs from the rules, and where: the rule that decided, in its code, and
/// what it says about the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The code of the rule that decided (`dakon.sow.start`).
    pub rule: Code,
    /// What the rule says of this record, in words: the first line of a report.
    pub message: String,
    /// Where it points: a part of the move while the rules have it, a byte offset once the
    /// replay has placed it.
    pub location: Location,
    /// The ply it concerns (1-based, counted over the whole game), if any.
    pub ply: Option<usize>,
    /// The decisions that were legal where an illegal one was written.
    pub alternatives: Vec<String>,
    /// The step trace of the ply concerned, when a claim or a turn boundary is wrong.
    pub trace: Option<String>,
    /// A unified diff of the claimed position against the replayed one.
    pub diff: Option<String>,
    /// What a report underlines, when the replay says more than a point: kept apart, and only
    /// when there is some, so that the `Err` of the rules' results stays small.
    marks: Option<Box<Marks>>,
}

/// The places a [`Diagnostic`] underlines, beyond its offset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Marks {
    end: Option<usize>,
    label: Option<String>,
    labels: Vec<Label>,
}

/// A place of the text that bears on a [`Diagnostic`], with what to say under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Byte offsets of the text the game was read from: where the place starts...
    pub start: usize,
    /// ... and where it ends (exclusive).
    pub end: usize,
    /// What to say under it.
    pub message: String,
}

/// Where a [`Diagnostic`] points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Location {
    /// A part of the move being played: what the rules know.
    Move(MovePart),
    /// A byte offset in the text the game was read from.
    Offset(usize),
}

impl Default for Location {
    fn default() -> Location {
        Location::Move(MovePart::Whole)
    }
}

impl Diagnostic {
    /// A departure from `rule`, about the whole move being played.
    pub fn new(rule: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            rule,
            message: message.into(),
            location: Location::default(),
            ply: None,
            alternatives: Vec::new(),
            trace: None,
            diff: None,
            marks: None,
        }
    }

    fn marks(&mut self) -> &mut Marks {
        self.marks.get_or_insert_with(Box::default)
    }

    /// Where the text it points at ends, once placed: the whole move, tag value or field, for a
    /// report to underline. `None` for a point.
    pub fn end(&self) -> Option<usize> {
        self.marks.as_ref().and_then(|m| m.end)
    }

    /// What to write under the text it points at, shorter than the message: `B5: claimed 7,
    /// replayed 6`.
    pub fn label(&self) -> Option<&str> {
        self.marks.as_ref().and_then(|m| m.label.as_deref())
    }

    /// Other places of the text that bear on it, each with its words (the other holes of a
    /// checkpoint that differ).
    pub fn labels(&self) -> &[Label] {
        self.marks.as_ref().map_or(&[], |m| &m.labels)
    }

    /// With another place that bears on it.
    pub fn with_label(mut self, label: Label) -> Diagnostic {
        self.marks().labels.push(label);
        self
    }

    /// About `part` of the move being played.
    pub fn at(mut self, part: MovePart) -> Diagnostic {
        self.location = Location::Move(part);
        self
    }

    /// Placed at byte `offset` of the text the game was read from.
    pub fn at_offset(mut self, offset: usize) -> Diagnostic {
        self.location = Location::Offset(offset);
        self
    }

    /// Placed at the text from byte `start` to byte `end` of the text the game was read from.
    pub fn at_span(mut self, start: usize, end: usize) -> Diagnostic {
        self.location = Location::Offset(start);
        self.marks().end = Some(end);
        self
    }

    /// With `label` under the text it points at.
    pub fn labelled(mut self, label: impl Into<String>) -> Diagnostic {
        self.marks().label = Some(label.into());
        self
    }

    /// About ply `ply` (1-based, over the whole game).
    pub fn in_ply(mut self, ply: usize) -> Diagnostic {
        self.ply = Some(ply);
        self
    }

    /// With the decisions that were legal where an illegal one was written.
    pub fn with_alternatives(mut self, alternatives: Vec<String>) -> Diagnostic {
        self.alternatives = alternatives;
        self
    }

    /// The byte offset it is placed at, once it is. The replay places every diagnostic it
    /// gives.
    pub fn offset(&self) -> Option<usize> {
        match self.location {
            Location::Offset(offset) => Some(offset),
            Location::Move(_) => None,
        }
    }

    /// The part of the move it is about, while it is not placed in a text.
    pub fn part(&self) -> Option<MovePart> {
        match self.location {
            Location::Move(part) => Some(part),
            Location::Offset(_) => None,
        }
    }

    /// What its rule says: the words its code was declared with.
    pub fn rule_words(&self) -> &'static str {
        self.rule.words()
    }
}

impl fmt::Display for Location {
    /// `byte 123`, `sowing 2 of the move`, `the move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, n) = match *self {
            Location::Offset(offset) => return write!(f, "byte {offset}"),
            Location::Move(MovePart::Whole) => return f.write_str("the move"),
            Location::Move(MovePart::Sowing(i)) => ("sowing", i),
            Location::Move(MovePart::ExtraCapture(i)) => ("extra capture", i),
            Location::Move(MovePart::MuziDrop(i)) => ("muzi drop", i),
            Location::Move(MovePart::Action(i)) => ("owner action", i),
        };
        write!(f, "{what} {} of the move", n + 1)
    }
}

impl fmt::Display for Diagnostic {
    /// `at byte 123, ply 7: B4 is empty [dakon.sow.start]`; without a place (the whole move, as
    /// the rules raise it) or a ply, `B4 is empty [dakon.sow.start]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let placed = self.location != Location::Move(MovePart::Whole);
        if placed {
            write!(f, "at {}", self.location)?;
        }
        if let Some(ply) = self.ply {
            if placed {
                f.write_str(", ")?;
            }
            write!(f, "ply {ply}")?;
        }
        if placed || self.ply.is_some() {
            f.write_str(": ")?;
        }
        write!(f, "{} [{}]", self.message, self.rule)
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::RuleDef;
    use std::error::Error;

    // Codes of the tests' own making: a diagnostic is tested without the rules.
    const SOW_START: Code = Code::of_rule(&RuleDef {
        code: "test.sow.start",
        summary: "a sowing starts from an occupied hole",
        source: "here",
    });
    const RESULT: Code = Code::of_rule(&RuleDef {
        code: "test.result",
        summary: "the result must be the one the rules give",
        source: "there",
    });

    #[test]
    fn display_says_where_when_it_knows() {
        let raised = Diagnostic::new(SOW_START, "B4 is empty");
        assert_eq!(raised.to_string(), "B4 is empty [test.sow.start]");
        assert_eq!(
            raised.clone().at(MovePart::Sowing(1)).to_string(),
            "at sowing 2 of the move: B4 is empty [test.sow.start]"
        );
        let placed = raised.at_offset(123);
        assert_eq!(
            placed.to_string(),
            "at byte 123: B4 is empty [test.sow.start]"
        );
        assert_eq!(
            placed.in_ply(7).to_string(),
            "at byte 123, ply 7: B4 is empty [test.sow.start]"
        );
        assert_eq!(
            Diagnostic::new(RESULT, "the game is not over")
                .in_ply(3)
                .to_string(),
            "ply 3: the game is not over [test.result]"
        );
    }

    #[test]
    fn it_is_an_error() {
        let boxed: Box<dyn Error> = Box::new(Diagnostic::new(SOW_START, "A cannot pass"));
        assert_eq!(boxed.to_string(), "A cannot pass [test.sow.start]");
        assert!(boxed.source().is_none());
        fn error<E: Error + Send + Sync + 'static>() {}
        error::<Diagnostic>();
        error::<crate::notation::SyntaxError>();
        #[cfg(feature = "document")]
        error::<crate::document::DocumentError>();
        let syntax: Box<dyn Error> = Box::new(crate::notation::SyntaxError {
            offset: 12,
            expected: "a number".to_string(),
            found: "\"(\"".to_string(),
        });
        assert_eq!(
            syntax.to_string(),
            "at byte 12: expected a number, found \"(\""
        );
    }

    #[test]
    fn rule_words_are_the_codes() {
        let d = Diagnostic::new(RESULT, "differs");
        assert_eq!(d.rule_words(), "the result must be the one the rules give");
    }
}
