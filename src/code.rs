//! Rule codes as a type: a [`Code`] can only come from a declaration (a game's tables, its
//! option types, the general rules), so a code the engine raises is declared by construction,
//! and it carries the words and seed sentence `mgn rules` and the reports quote.
//!
//! This module knows neither the rules nor the diagnostics, so that both can name codes.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// A rule of a game: what it says, and the seed sentence it rests on.
#[derive(Clone, Copy, Debug)]
pub struct RuleDef {
    /// The rule's code, `game.topic.rule` (`dakon.capture.opposite`).
    pub code: &'static str,
    /// What the rule says, in one sentence of mgn's words.
    pub summary: &'static str,
    /// The seed file and the sentence quoted from it.
    pub source: &'static str,
}

/// A point the sources leave open, decided by a named option.
#[derive(Debug)]
pub struct OptionDef {
    /// The option's code, as an `Option` tag names it (`dakon.sow.origin`).
    pub code: &'static str,
    /// The point the option decides, in one sentence.
    pub summary: &'static str,
    /// Allowed values with what each means; the first is the default.
    pub values: &'static [(&'static str, &'static str)],
    /// The seed file and the sentence that leaves the point open.
    pub source: &'static str,
}

impl OptionDef {
    /// The value a record has when neither its preset nor an `Option` tag sets one.
    pub fn default_value(&self) -> &'static str {
        self.values[0].0
    }
}

/// The code of a declared rule or option (`dakon.sow.start`), which verdicts, events and
/// `mgn rules` name. Written, serialized and compared as its text: the same declaration may
/// sit at several addresses (constants are inlined), so its address says nothing.
#[derive(Clone, Copy)]
pub struct Code(Declared);

#[derive(Clone, Copy)]
enum Declared {
    Rule(&'static RuleDef),
    Option(&'static OptionDef),
}

impl Code {
    /// The code of a declared rule: made by the declaration tables only.
    pub(crate) const fn of_rule(def: &'static RuleDef) -> Code {
        Code(Declared::Rule(def))
    }

    /// The code of a declared option: made by the option declarations only.
    pub(crate) const fn of_option(def: &'static OptionDef) -> Code {
        Code(Declared::Option(def))
    }

    /// The code as records, reports and traces write it.
    pub const fn as_str(self) -> &'static str {
        match self.0 {
            Declared::Rule(def) => def.code,
            Declared::Option(def) => def.code,
        }
    }

    /// What the rule or option says (its summary in `mgn rules`).
    pub const fn words(self) -> &'static str {
        match self.0 {
            Declared::Rule(def) => def.summary,
            Declared::Option(def) => def.summary,
        }
    }

    /// The seed file and the sentence the rule or option rests on.
    pub const fn source(self) -> &'static str {
        match self.0 {
            Declared::Rule(def) => def.source,
            Declared::Option(def) => def.source,
        }
    }

    /// The option it is the code of, with its values; `None` for a rule.
    pub const fn option(self) -> Option<&'static OptionDef> {
        match self.0 {
            Declared::Rule(_) => None,
            Declared::Option(def) => Some(def),
        }
    }
}

impl PartialEq for Code {
    fn eq(&self, other: &Code) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Code {}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Code> for str {
    fn eq(&self, other: &Code) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<String> for Code {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Code> for String {
    fn eq(&self, other: &Code) -> bool {
        self == other.as_str()
    }
}

impl Hash for Code {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for Code {
    fn partial_cmp(&self, other: &Code) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Code {
    fn cmp(&self, other: &Code) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// As the text it was before it was a type, so that debug output is unchanged.
impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static RULE: RuleDef = RuleDef {
        code: "mgn.test.rule",
        summary: "a rule",
        source: "here",
    };
    static OPTION: OptionDef = OptionDef {
        code: "mgn.test.option",
        summary: "an option",
        values: &[("on", "it is"), ("off", "it is not")],
        source: "there",
    };

    #[test]
    fn a_code_is_its_declaration_and_compares_by_text() {
        let rule = Code::of_rule(&RULE);
        const ELSEWHERE: RuleDef = RuleDef {
            code: "mgn.test.rule",
            summary: "a rule",
            source: "here",
        };
        let copy = Code::of_rule(&ELSEWHERE);
        assert_eq!(rule, copy);
        assert_eq!(rule, "mgn.test.rule");
        assert_eq!("mgn.test.rule", rule);
        assert_eq!((rule.words(), rule.source()), ("a rule", "here"));
        assert!(rule.option().is_none());
        let option = Code::of_option(&OPTION);
        assert_ne!(rule, option);
        assert_eq!(option.option().map(|o| o.default_value()), Some("on"));
        assert_eq!(
            format!("{option} {option:?}"),
            "mgn.test.option \"mgn.test.option\""
        );
        assert_eq!(
            serde_json::to_string(&option).unwrap(),
            "\"mgn.test.option\""
        );
    }

    #[test]
    fn a_code_is_as_small_as_the_text_it_replaces() {
        assert!(std::mem::size_of::<Code>() <= std::mem::size_of::<&str>());
    }
}
