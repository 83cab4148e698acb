//! `mgn generate`: random complete legal games, written as MGN.

use super::args::GenerateArgs;
use super::output::{print, say};
use super::Status;
use mgn::generate::{random_game, GenerateOptions, Rng};
use mgn::notation::{write_game, BoardSize, GameKind, Header, RuleSetting, Side, Span, Spanned};
use mgn::rules::{with_rules, Rules, WithRules};

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

/// The header a command line names: game, board, preset and options.
pub fn header_from_args(
    game: &str,
    board: Option<&str>,
    preset: Option<&str>,
    option: &[String],
) -> Result<Header, String> {
    let kind = GameKind::from_name(game).ok_or_else(|| {
        format!("unknown game `{game}`: the games are dakon, mraw-imrujen, nchuwa and dong-wo")
    })?;
    let mut header = Header::new(kind);
    if let Some(board) = board {
        header.board = Some(spanned(board.parse::<BoardSize>()?));
    }
    header.preset = preset.map(|p| spanned(p.to_string()));
    for setting in option {
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

pub fn run(args: &GenerateArgs) -> Status {
    let header = match header_from_args(
        &args.game,
        args.board.as_deref(),
        args.preset.as_deref(),
        &args.option,
    ) {
        Ok(header) => header,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let kind = header.game.value;
    let options = GenerateOptions {
        checkpoints: args.checkpoints,
        max_plies: args.max_plies,
    };
    let mut rng = Rng::new(args.seed);
    let mut games = Vec::with_capacity(args.games);
    for number in 1..=args.games {
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
        match with_rules(&game_header, work) {
            None => {
                say(&format!("mgn does not implement {kind}'s rules yet"));
                return Status::Error;
            }
            Some(Err(error)) => {
                say(&format!("{} ({})", error.message, error.code));
                return Status::Error;
            }
            Some(Ok(game)) => games.push(write_game(&game)),
        }
    }
    print(games.join("\n").trim_end());
    Status::Success
}
