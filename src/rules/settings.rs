//! Option values resolved for one record, and the lap budget it is replayed under.

use super::{game_def, GameDef, DEFAULT_MAX_LAPS, MAX_MAX_LAPS};
use crate::notation::Spanned;
use crate::rules::general;
use crate::Diagnostic;

/// Option values resolved for one record: defaults, then the preset, then `Option` tags.
#[derive(Clone, Debug)]
pub struct Settings {
    def: &'static GameDef,
    values: Vec<&'static str>,
    /// The lap budget of one move ([`DEFAULT_MAX_LAPS`]): a limit of mgn's, not a rule.
    max_laps: u64,
}

impl Settings {
    /// Every option of the game at its default, under the default lap budget: a record that
    /// names no preset and no option.
    pub fn defaults(def: &'static GameDef) -> Settings {
        Settings {
            def,
            values: def.options.iter().map(|o| o.default_value()).collect(),
            max_laps: DEFAULT_MAX_LAPS,
        }
    }

    /// The most laps one move may take before it is decided (`mgn.limit.laps`).
    pub fn max_laps(&self) -> u64 {
        self.max_laps
    }

    /// Set the lap budget, kept within 1 ..= [`MAX_MAX_LAPS`].
    pub fn set_max_laps(&mut self, max_laps: u64) {
        self.max_laps = max_laps.clamp(1, MAX_MAX_LAPS);
    }

    /// The game these settings are for.
    pub fn def(&self) -> &'static GameDef {
        self.def
    }

    /// Resolve a record's `Preset` and `Option` tags.
    pub fn resolve(
        def: &'static GameDef,
        preset: Option<&Spanned<String>>,
        options: &[Spanned<crate::notation::RuleSetting>],
    ) -> Result<Settings, Diagnostic> {
        let mut settings = Settings::defaults(def);
        if let Some(preset) = preset {
            let found = def.preset(&preset.value).ok_or_else(|| {
                Diagnostic::new(
                    general::HEADER_PRESET,
                    format!(
                        "{} has no preset `{}`{}; its presets: {}",
                        def.kind,
                        preset.value,
                        crate::suggest::did_you_mean(
                            &preset.value,
                            def.presets.iter().map(|p| p.name)
                        ),
                        def.presets
                            .iter()
                            .map(|p| p.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
                .at_span(preset.span.start, preset.span.end)
            })?;
            for (code, value) in found.settings {
                settings
                    .set(code, value)
                    .expect("presets name their own game's options");
            }
        }
        for option in options {
            settings
                .set(&option.value.code, &option.value.value)
                .map_err(|message| {
                    Diagnostic::new(general::HEADER_OPTION, message)
                        .at_span(option.span.start, option.span.end)
                })?;
        }
        Ok(settings)
    }

    /// Set one option; the message says what the game allows when it does not fit.
    pub fn set(&mut self, code: &str, value: &str) -> Result<(), String> {
        let Some(index) = self.def.options.iter().position(|o| o.code == code) else {
            // A code of the right game is meant before one of another game.
            let meant = crate::suggest::nearest(code, self.def.options.iter().map(|o| o.code))
                .or_else(|| {
                    let others = crate::notation::GameKind::ALL.into_iter();
                    let codes = others.flat_map(|kind| game_def(kind).options.iter());
                    crate::suggest::nearest(code, codes.map(|o| o.code))
                });
            let meant = match meant {
                Some(name) if name == code => format!(
                    " (`{name}` is an option of {})",
                    name.split('.').next().unwrap_or_default()
                ),
                Some(name) if !name.starts_with(self.def.kind.name()) => format!(
                    " (did you mean `{name}`, an option of {}?)",
                    name.split('.').next().unwrap_or_default()
                ),
                Some(name) => format!(" (did you mean `{name}`?)"),
                None => String::new(),
            };
            return Err(format!(
                "{} has no rule option `{code}`{meant}; its options: {}",
                self.def.kind,
                self.def
                    .options
                    .iter()
                    .map(|o| o.code)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        };
        let option = &self.def.options[index];
        let Some((known, _)) = option.values.iter().find(|(v, _)| *v == value) else {
            return Err(format!(
                "option `{code}` cannot be `{value}`{}; its values: {}",
                crate::suggest::did_you_mean(value, option.values.iter().map(|(v, _)| *v)),
                option
                    .values
                    .iter()
                    .map(|(v, _)| *v)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        };
        self.values[index] = known;
        Ok(())
    }

    /// The value of the option written `code`, as a record writes it; [`Settings::value`]
    /// gives it as the option's type.
    ///
    /// Panics if the game has no option `code`: the codes the rules ask for are their own.
    pub fn get(&self, code: &str) -> &'static str {
        let index = self
            .def
            .options
            .iter()
            .position(|o| o.code == code)
            .unwrap_or_else(|| panic!("{code} is not an option of {}", self.def.kind));
        self.values[index]
    }

    /// The options whose value differs from the default, as `code=value`.
    pub fn non_default(&self) -> Vec<String> {
        self.def
            .options
            .iter()
            .zip(&self.values)
            .filter(|(o, v)| o.default_value() != **v)
            .map(|(o, v)| format!("{}={}", o.code, v))
            .collect()
    }
}
