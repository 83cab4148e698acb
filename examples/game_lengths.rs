//! How long random games run: the plies `mgn generate` plays before each game ends by itself,
//! for each game and preset, the games being those `mgn generate --seed S` writes (game n drawn
//! from the seed and n, the first player drawn first). docs/performance.md ("Random games that
//! end") gives the figures and the default ply cap they chose.
//!
//! `cargo run --release --example game_lengths [GAMES] [SEED] [MAX_PLIES]`
//! (default 1000 games, seed 1, 100000 plies: generate's cap before it was lowered).

use mgn::generate::{random_game, GenerateOptions, Rng};
use mgn::notation::{Element, GameKind, Header, Outcome, Side, Span, Spanned};
use mgn::rules::{with_rules, RulesExt, WithRules};

struct Lengths {
    games: u64,
    seed: u64,
    max_plies: usize,
    header: Header,
}

impl WithRules for Lengths {
    /// Each game's plies, and whether it ended by itself.
    type Output = Vec<(usize, bool)>;
    fn run<R: RulesExt>(self, rules: &R) -> Vec<(usize, bool)> {
        let options = GenerateOptions {
            checkpoints: false,
            max_plies: self.max_plies,
        };
        (1..=self.games)
            .map(|number| {
                let mut rng = Rng::for_game(self.seed, number);
                let first = if rng.below(2) == 0 { Side::A } else { Side::B };
                let game = random_game(
                    rules,
                    self.header.clone(),
                    rules.start(first),
                    &mut rng,
                    options,
                );
                let plies = game
                    .moves
                    .iter()
                    .filter(|e| matches!(e, Element::Move(_) | Element::Pass(_)))
                    .count();
                (plies, game.outcome.value != Outcome::Unknown)
            })
            .collect()
    }
}

fn main() {
    let arg = |k: usize, default: u64| {
        std::env::args()
            .nth(k)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (games, seed, max_plies) = (arg(1, 1000), arg(2, 1), arg(3, 100_000) as usize);
    let caps = [300, 500, 1000, 2000, 5000, 10_000, 100_000];
    print!(
        "{:<28} {:>6} {:>7} {:>7} {:>7}",
        "game, preset", "games", "median", "p90", "p99"
    );
    for cap in caps {
        print!(" {:>7}", format!("<={cap}"));
    }
    println!("   (plies of the games that end; then the share that end within each cap)");
    for (kind, presets) in [
        (
            GameKind::Dakon,
            &["catalan", "catalan-clockwise", "catalan-neighbours"][..],
        ),
        (
            GameKind::MrawImrujen,
            &["catalan", "catalan-always-feed", "one-round"][..],
        ),
        (GameKind::Nchuwa, &["catalan", "sanderson", "ludii"][..]),
        (GameKind::DongWo, &["mancala-world", "catalan"][..]),
    ] {
        for preset in presets {
            let mut header = Header::new(kind);
            header.preset = Some(Spanned::new(preset.to_string(), Span::default()));
            let lengths = with_rules(
                &header.clone(),
                Lengths {
                    games,
                    seed,
                    max_plies,
                    header,
                },
            )
            .expect("the presets exist");
            let mut ended: Vec<usize> = lengths
                .iter()
                .filter(|(_, ended)| *ended)
                .map(|(plies, _)| *plies)
                .collect();
            ended.sort_unstable();
            let at = |q: f64| {
                ended
                    .get(((ended.len() as f64 * q) as usize).min(ended.len().saturating_sub(1)))
                    .map_or("-".to_string(), usize::to_string)
            };
            print!(
                "{:<28} {:>6} {:>7} {:>7} {:>7}",
                format!("{}, {preset}", kind.name()),
                games,
                at(0.5),
                at(0.9),
                at(0.99)
            );
            for cap in caps {
                let within = ended.iter().filter(|&&p| p <= cap).count();
                print!(" {:>6.1}%", 100.0 * within as f64 / games as f64);
            }
            println!();
        }
    }
}
