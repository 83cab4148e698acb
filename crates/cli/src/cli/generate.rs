//! `mgn generate`: random complete legal games, written as MGN.

use super::args::{GameArgs, GenerateArgs};
use super::output::{self, say};
use super::Status;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mgn::generate::{random_game, GenerateOptions, Rng};
use mgn::notation::{write_game, BoardSize, GameKind, Header, RuleSetting, Side, Span, Spanned};
use mgn::rules::{with_rules_within, Rules, WithRules};
use std::io::Write;

struct Generate<'a> {
    header: &'a Header,
    rng: &'a mut Rng,
    options: GenerateOptions,
}

impl WithRules for Generate<'_> {
    type Output = mgn::notation::Game;
    fn run<R: Rules>(self, rules: &R) -> mgn::notation::Game {
        let first = self.header.first.as_ref().map_or(Side::B, |f| f.value);
        random_game(
            rules,
            self.header.clone(),
            rules.start(first),
            self.rng,
            self.options,
        )
    }
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

impl GameArgs {
    /// The header these arguments name: game, board, preset and options.
    pub fn header(&self) -> Result<Header, String> {
        let kind =
            GameKind::from_name(&self.game).ok_or_else(|| super::args::unknown_game(&self.game))?;
        let mut header = Header::new(kind);
        if let Some(board) = &self.board {
            header.board = Some(spanned(board.parse::<BoardSize>()?));
        }
        header.preset = self.preset.clone().map(spanned);
        for setting in &self.option {
            let (code, value) = setting.split_once('=').ok_or_else(|| {
                format!("`{setting}` is not an option setting such as dakon.sow.origin=skip")
            })?;
            header.options.push(spanned(RuleSetting {
                code: code.to_string(),
                value: value.to_string(),
            }));
        }
        Ok(header)
    }
}

/// Run `work` under the rules `header` names and a lap budget of `max_laps`, or say why
/// they cannot be had.
pub fn run_rules<W: WithRules>(
    header: &Header,
    max_laps: u64,
    work: W,
) -> Result<W::Output, String> {
    with_rules_within(header, max_laps, work)
        .map_err(|error| format!("{} ({})", error.message, error.rule))
}

pub fn run(args: &GenerateArgs) -> Status {
    let header = match args.rules.header() {
        Ok(header) => header,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let options = GenerateOptions {
        checkpoints: args.checkpoints,
        max_plies: args.max_plies,
    };
    let mut rng = Rng::new(args.seed);
    let mut out = output::stdout();
    // Each game is written as soon as it is made: memory holds one game whatever --games says,
    // and a reader that hangs up (`| head`) ends the run.
    let mut written = Ok(());
    // On a terminal only (indicatif draws nothing on a pipe): a long run says how far it is.
    let bar = ProgressBar::with_draw_target(Some(args.games as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {elapsed}")
            .expect("a valid template"),
    );
    for number in 1..=args.games {
        if out.is_closed() {
            break;
        }
        let mut game_header = header.clone();
        game_header.first = Some(spanned(if rng.below(2) == 0 { Side::A } else { Side::B }));
        game_header.event = Some(spanned(format!(
            "mgn generate --seed {}, game {number}",
            args.seed
        )));
        game_header.source = Some(spanned("random legal play by mgn generate".to_string()));
        let work = Generate {
            header: &game_header,
            rng: &mut rng,
            options,
        };
        let game = match run_rules(&game_header, args.rules.max_laps, work) {
            Ok(game) => game,
            Err(message) => {
                say(&message);
                return Status::Error;
            }
        };
        let separator = if number > 1 { "\n" } else { "" };
        written = bar.suspend(|| write!(out, "{separator}{}", write_game(&game)));
        if written.is_err() {
            break;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    output::finish(&mut out, written, Status::Success)
}
