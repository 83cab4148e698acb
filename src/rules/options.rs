//! Rule options as types: each option is declared once, as an enum whose variants are its values,
//! with its code, its words and the seed sentence it rests on. The game's table of options
//! (`mgn rules`, header checks) is built from these declarations, and the rules read a value as
//! its enum ([`Settings::value`]), decoded once when the rules are made: a value cannot be
//! misspelt in the code, and a `match` on it names every value.

use super::{OptionDef, Settings};

/// An option whose values are the variants of `Self`, in the order of [`RuleOption::DEF`]'s
/// values (the first is the default).
pub trait RuleOption: Copy + 'static {
    /// The option's code, words, values and seed sentence, as `mgn rules` lists them.
    const DEF: OptionDef;
    /// Every value, in the order of `DEF.values`.
    const ALL: &'static [Self];
}

/// Declares a rule option as an enum. The first value is the default.
///
/// ```text
/// rule_option! {
///     /// Which way seeds are sown.
///     pub enum SowDirection = "dakon.sow.direction" {
///         summary: "which way seeds are sown, and so where the stores are",
///         source: "«...»",
///         CounterClockwise = "counter-clockwise": "counter-clockwise, ...",
///         Clockwise = "clockwise": "clockwise, ...",
///     }
/// }
/// ```
macro_rules! rule_option {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident = $code:literal {
            summary: $summary:expr,
            source: $source:expr,
            $( $(#[$vmeta:meta])* $variant:ident = $value:literal : $words:expr ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[doc = concat!("Option `", $code, "`: ", $summary, ".")]
        #[doc = ""]
        #[doc = concat!("Source: ", $source)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        $vis enum $name {
            $( $(#[$vmeta])* #[doc = concat!("`", $value, "`: ", $words, ".")] $variant ),+
        }

        impl $crate::rules::options::RuleOption for $name {
            const DEF: $crate::rules::OptionDef = $crate::rules::OptionDef {
                code: $code,
                summary: $summary,
                values: &[ $( ($value, $words) ),+ ],
                source: $source,
            };
            const ALL: &'static [Self] = &[ $( $name::$variant ),+ ];
        }

        impl $name {
            /// The option's code, which events and refusals decided by it name.
            pub const CODE: $crate::code::Code = $crate::code::Code::of_option(
                &<$name as $crate::rules::options::RuleOption>::DEF,
            );

            /// The value as a record writes it (`Option "code=value"`).
            pub fn value(self) -> &'static str {
                match self {
                    $( $name::$variant => $value ),+
                }
            }
        }
    };
}
pub(crate) use rule_option;

/// Declares a game's rules: one [`Code`](crate::code::Code) constant per rule, and the table
/// `mgn rules` lists.
///
/// ```text
/// rule_table! {
///     pub static RULES;
///     /// Dakon's boards.
///     BOARD = "dakon.board" {
///         summary: "a 2xN board, N from 5 to 10, with a store at each end",
///         source: "«...»",
///     }
/// }
/// ```
macro_rules! rule_table {
    (
        $vis:vis static $table:ident;
        $( $(#[$meta:meta])* $name:ident = $code:literal {
            summary: $summary:expr,
            source: $source:expr $(,)?
        } )+
    ) => {
        $(
            $(#[$meta])*
            #[doc = concat!("Rule `", $code, "`: ", $summary, ".")]
            #[doc = ""]
            #[doc = concat!("Source: ", $source)]
            $vis const $name: $crate::code::Code = $crate::code::Code::of_rule(
                &$crate::code::RuleDef { code: $code, summary: $summary, source: $source },
            );
        )+

        /// Every rule declared here, in the order `mgn rules` lists them.
        $vis static $table: &[$crate::code::RuleDef] = &[
            $( $crate::code::RuleDef { code: $code, summary: $summary, source: $source } ),+
        ];
    };
}
pub(crate) use rule_table;

impl Settings {
    /// The value of option `T` for these settings.
    ///
    /// Panics if `T` is not an option of the settings' game: the game's table is built from its
    /// option types, and every game's test decodes its configuration under every preset.
    pub fn value<T: RuleOption>(&self) -> T {
        let value = self.get(T::DEF.code);
        let index = T::DEF
            .values
            .iter()
            .position(|(known, _)| *known == value)
            .expect("a setting holds one of its option's values");
        T::ALL[index]
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::GameKind;
    use crate::rules::game_def;

    /// Every game's table lists options whose values are all distinct and that are declared
    /// once: a typed option is found by its code.
    #[test]
    fn every_option_code_and_value_is_declared_once() {
        for kind in GameKind::ALL {
            let def = game_def(kind);
            for (i, option) in def.options.iter().enumerate() {
                assert!(
                    def.options[..i].iter().all(|o| o.code != option.code),
                    "{} twice",
                    option.code
                );
                for (j, (value, _)) in option.values.iter().enumerate() {
                    assert!(
                        option.values[..j].iter().all(|(v, _)| v != value),
                        "{}={value} twice",
                        option.code
                    );
                }
            }
        }
    }
}
