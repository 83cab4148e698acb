//! The name a user most likely meant, for the "did you mean" of a message: a game, a preset, an
//! option code or value, a tag.
//!
//! A name is suggested when it is within rustc's reach of the word written: at most a third of
//! the word's length (at least one) of edits, where swapping two neighbours is one edit
//! (`Frist` → `First`) and case does not count. Beyond that a suggestion is more often wrong
//! than right, and the message lists every valid name anyway.

/// The name of `names` nearest to `word`, if one is near enough to be what was meant. Of two
/// as near, the first.
pub fn nearest<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let written = word.trim().to_lowercase();
    let reach = written.chars().count().max(3) / 3;
    names
        .into_iter()
        .map(|name| {
            let distance = strsim::damerau_levenshtein(&written, &name.to_lowercase());
            (distance, name)
        })
        .filter(|&(distance, _)| distance <= reach)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

/// ` (did you mean `name`?)` for the nearest of `names`, or nothing.
pub fn did_you_mean<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    match nearest(word, names) {
        Some(name) => format!(" (did you mean `{name}`?)"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: [&str; 4] = ["dakon", "mraw-imrujen", "nchuwa", "dong-wo"];

    #[test]
    fn a_slip_of_the_keyboard_finds_its_name() {
        assert_eq!(nearest("dakn", GAMES), Some("dakon"));
        assert_eq!(nearest("nchwua", GAMES), Some("nchuwa"));
        assert_eq!(nearest("dongwo", GAMES), Some("dong-wo"));
        assert_eq!(nearest("Frist", ["Game", "First", "Site"]), Some("First"));
        assert_eq!(nearest("RESULT", ["Result", "Start"]), Some("Result"));
    }

    #[test]
    fn a_different_word_finds_none() {
        assert_eq!(nearest("chess", GAMES), None);
        assert_eq!(nearest("Time", ["Site", "Date"]), None);
        assert_eq!(nearest("Round", ["Board", "Result"]), None);
        assert_eq!(did_you_mean("ECO", ["Event", "Site"]), "");
    }

    #[test]
    fn the_hint_reads_as_a_question() {
        assert_eq!(
            did_you_mean("catalen", ["catalan", "catalan-clockwise"]),
            " (did you mean `catalan`?)"
        );
    }
}
