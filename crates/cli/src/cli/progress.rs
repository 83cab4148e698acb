//! The look of every progress bar of long work whose total is known (files or bytes checked,
//! games generated or refereed, perft's parts): the bar, how far it is, the time spent and an
//! estimate of the time left, so that a person can tell whether to wait or come back later.

use indicatif::ProgressStyle;

/// A bar whose count reads `counts` (an indicatif template such as `{pos}/{len} games`),
/// followed by the time spent, the time left (indicatif's `{eta}`, from the rate so far) and the
/// message, if the work sets one.
pub fn style(counts: &str) -> ProgressStyle {
    ProgressStyle::with_template(&format!(
        "{{bar:40}} {counts}, {{elapsed}} spent, about {{eta}} left {{msg}}"
    ))
    .expect("a valid template")
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::{ProgressBar, ProgressDrawTarget, TermLike};
    use std::io;
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps all it is given to write.
    #[derive(Debug, Default, Clone)]
    struct Screen(Arc<Mutex<String>>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            120
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_bar_with_a_known_total_shows_the_time_spent_and_left() {
        let screen = Screen::default();
        let bar = ProgressBar::with_draw_target(
            Some(10),
            ProgressDrawTarget::term_like(Box::new(screen.clone())),
        )
        .with_style(style("{pos}/{len} games"));
        bar.inc(3);
        bar.force_draw();
        let line = screen.0.lock().unwrap().clone();
        assert!(line.contains(" 3/10 games, "), "{line:?}");
        assert!(line.contains("s spent, about "), "{line:?}");
        assert!(line.contains("s left"), "{line:?}");
    }
}
