//! The command line's grammar and help texts (clap derive).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

/// A lap budget: 1 to 4294967295 (laps are numbered in `u32`, as MGN writes `/L`).
pub fn lap_budget(text: &str) -> Result<u64, String> {
    let n: u64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    if n == 0 || n > mgn::rules::MAX_MAX_LAPS {
        return Err(format!(
            "it must be 1 to {} (a move of no lap is never decided)",
            mgn::rules::MAX_MAX_LAPS
        ));
    }
    Ok(n)
}

/// What is said of a game name that is none of the four, with the one most likely meant.
pub fn unknown_game(name: &str) -> String {
    format!(
        "unknown game `{name}`{}: the games are dakon, mraw-imrujen, nchuwa and dong-wo",
        mgn::did_you_mean(name, mgn::notation::GameKind::NAMES)
    )
}

/// The help of `--max-laps`, the same for every command that plays moves.
pub const MAX_LAPS_HELP: &str = "The most laps one move may take before it is decided: a move that has neither ended nor come back to an in-move state it was in by then (an endless Nchuwa or Dong Wo relay with a longer cycle) fails under mgn.limit.laps, never passes. At the default a move is decided in about a second";

/// A count that must be at least 1: 0 would ask a command to do nothing and succeed.
fn at_least_one(text: &str) -> Result<NonZeroUsize, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    NonZeroUsize::new(n).ok_or_else(|| "it must be at least 1 (0 would do nothing)".to_string())
}

/// The threads `--jobs` asks for (every core when it is not given), at most one for each
/// core: more threads work no faster, and each holds its own rules, tables and buffers
/// (`mgn perft --jobs 100000` held gigabytes; `mgn generate --jobs 1000000` spent half a
/// minute starting threads).
pub fn threads(jobs: Option<NonZeroUsize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    jobs.map_or(cores, |n| n.get().min(cores))
}

const EXAMPLES: &str = "\
Examples:
  mgn check records/                     check every *.mgn file under records/
  mgn check game.mgn more.mgn            check two files
  cat game.mgn | mgn check -             check standard input
  mgn convert --to yaml game.mgn         print the games of game.mgn as YAML
  mgn convert --to mgn -o out.mgn g.json turn a JSON document back into MGN
  mgn replay records/dakon/seed-worked-example.mgn   step-by-step trace of each game
  mgn rules dakon                        Dakon's rules, options, presets and their codes
  mgn import --from ludii trial.txt      another program's games as MGN: ludii (Ludii trials),
                                         mancala-games (MancalaGames logs), movelog (JSON Lines)
  mgn check --from movelog games.jsonl   import and check in one step
  mgn show --ply 3 -o board.svg game.mgn the board after ply 3, as an SVG image
  mgn stats records/                     what a collection holds: results, plies, rule codes
  mgn split --per 100 -o parts/ big.mgn  a collection into files of 100 games
  mgn -v check records/                  also log files read and timings (-vv: more)

Exit status: 0 when every record is good, 1 when some record is bad, 2 for a usage or I/O error.
Logging goes to standard error; -v, -vv or RUST_LOG (e.g. RUST_LOG=mgn=debug) choose how much.";

const CHECK_EXAMPLES: &str = "\
Examples:
  mgn check records/                     every *.mgn file under records/, in sorted order
  mgn check records/dakon/a.mgn b.mgn    two files (named files are read whatever their extension)
  mgn check - < game.mgn                 standard input
  mgn check --format json out/ > v.jsonl one JSON object per game (schema: docs/ci.md)
  mgn check --format junit out/ > r.xml  JUnit XML for CI test reports
  mgn check --format github out/         GitHub Actions annotations on the files of a pull request:
                                           ::error file=out/g.mgn,line=14,col=22,title=RULE::message
  mgn check --format sarif out/ > mgn.sarif
                                         a SARIF 2.1.0 log for code scanning (github/codeql-action/upload-sarif)
  mgn check --all-claims game.mgn        every false claim of each game, not only the first, and
                                           how many each game had
  mgn check --max-failures 1 -q out/     stop at the first bad record, one line for it
  mgn check --format html -o report.html out/
                                         a page to step through each failing game, for CI to keep

Each record that is not good is reported as
  file:line:column: expected ..., found ...
followed by the line with the span underlined and labelled, then the rule and notes (coloured
on a terminal: --color, NO_COLOR); the report ends with the line
  N passed, N failed

Exit status: 0 when every record is good; 1 when some record is bad (a game whose text is not
valid UTF-8 counts as one bad record, reported at its first invalid byte); 2 when a path cannot be read
or a folder holds no *.mgn file (the other paths are still checked).

Every game that reads is replayed under its rules (header tags Preset and Option choose them).
A move the rules forbid is reported at its file:line:column with the code and words of the rule
and the legal alternatives; a claim (checkpoint, capture, score, result) that differs from the
replay gets the step trace of its move and a diff of the claimed position against the replayed
one.";

const REPLAY_EXAMPLES: &str = "\
Examples:
  mgn replay records/dakon/seed-worked-example.mgn
  mgn replay --game 2 games.mgn                     only the second game of the file
  mgn replay --trace --format json game.mgn         every step event, for another program

For each ply: each lap (the hole it starts from, the seeds, where each falls, where it ends and
the code of the rule that decided), each capture and its rule, then the board. A departure from
the rules is reported as mgn check reports it, and the exit status is 1.";

const GENERATE_EXAMPLES: &str = "\
Examples:
  mgn generate --game dakon --board 2x7 --games 3 --seed 42
  mgn generate --game dakon --preset catalan-clockwise --checkpoints --seed 7 > games.mgn
  mgn generate --game dakon --option dakon.round.end=cannot-move --games 100 | mgn check -

Every generated game is legal: mgn check accepts it, a cut one too (an unfinished record, result
*). Random Dakon games and Mraw imrujen's under catalan-always-feed rarely end by themselves: most
are cut at --max-plies, and standard error says how many.";

const PERFT_EXAMPLES: &str = "\
Examples:
  mgn perft --game dakon --depth 2
  mgn perft --game dakon --board 2x6 --depth 1 --divide
  mgn perft --game dakon --depth 3 --all

A ply is a whole turn. Every choice a player makes counts: in Dakon each further sowing after
a lap ends in the store is a choice, so one ply can be many sequences. The start of a round is
not a ply; a game that ends before D plies counts nothing. See docs/perft.md.";

const SUITE_EXAMPLES: &str = "\
Examples:
  mgn suite fixtures/                 run mgn's own conformance cases
  mgn suite my-cases/ --bless         write the verdicts mgn gives now into the .verdict files

A case is a file case.mgn beside case.verdict, which holds one line per game, in order:
  game 1: passed
  game 2: failed dakon.pass at 7:10
  game 3: syntax error at 12:4
Lines starting with # are comments. A case passes when its verdicts are exactly these; the
report shows a diff for each case that does not, and ends with N passed, N failed.";

const ENGINE_EXAMPLES: &str = "\
Examples:
  printf 'mgn\\ngame dakon\\nmoves\\nplay B4\\n' | mgn engine
  mgn engine --override dakon.capture.opponent-side=neighbours    another reading of the rules

One request a line on standard input, one answer a line on standard output (docs/protocol.md):
  mgn                      -> ready mgn-protocol 1 mgn 0.1.0
  game dakon board 2x5     -> ok
  position startpos B      -> position 5,5,5,5,5/5,5,5,5,5 0/0 B 1
  moves                    -> moves B1 B2 B3 B4 B5
  play B4                  -> played turn-over x7(A2,B4) 6,0,0,6,6/6,6,6,0,6 0/8 A 1
  divide 1                 -> divide 3 A1 1 A4 1 A5 1
  quit";

const REFEREE_EXAMPLES: &str = "\
Examples:
  mgn referee --game dakon -- ./my-engine
  mgn referee --game dakon --depth 3 --games 100 --seed 7 -- python3 engine.py
  mgn referee --game nchuwa --preset sanderson --format json --record diff.mgn -- ./engine
  mgn referee --game nchuwa --preset ludii --first A -- ./ludii-adapter   A always moves first
  mgn referee --game dakon --start \"x,5,5,5,5/5,5,5,5,5 0/5 B 2\" -- ./engine   from round 2

Compares perft divides to --depth (left out: the deepest whose tree mgn walks within
--perft-budget nodes), then --games random games decision by decision, from the start or from
--start. Every random game also re-sets both sides with `position` at the position it reached
(about one turn start and round's end in --reset-every, and its end): the engine must then
take the position as a record's Start tag takes it (docs/protocol.md, \"What a position does
not say\"). At the first difference it shows the position, the decision, both answers, mgn's
trace and the rule, and the shortest record that reproduces it (--record writes it). A count
mgn itself does not make within --timeout is not asked of the engine. The start-up (up to the
answer to `game`) is awaited --start-timeout instead.

Exit status: 0 when every answer agreed, 1 on a difference, 2 when the engine misbehaved
(could not start, exited, timed out, broke the protocol, refused the rules) or for a usage error.";

const RULES_EXAMPLES: &str = "\
Examples:
  mgn rules            every game
  mgn rules dakon      one game

Every rule and option has a stable code (such as dakon.capture.opposite): verdicts name it.
A record picks a preset with [Preset \"name\"] and sets an option with [Option \"code=value\"].";

const IMPORT_EXAMPLES: &str = "\
Examples:
  mgn import --from movelog games.jsonl            MGN on standard output
  mgn import --from mancala-games -o game.mgn log_20250101_120000.txt
  mgn import --from ludii RandomTrial_0.txt | mgn check -
  mgn check --from ludii RandomTrial_0.txt         import and check in one step

Formats (docs/import.md):
  ludii          Ludii's trial files (saveTrialToTextFile): its Nchuwa
  mancala-games  the game logs MancalaGames' GUI saves: its Dakon
  movelog        mgn's plain move log: JSON Lines, one object per turn (docs/movelog.schema.json)

Each game keeps the source's verdict (winner, end reason) and an Importer tag naming the file
and line it came from; every capture, score and position the source gives becomes a claim
(a checkpoint after every turn where the source gives the board), so that mgn check tests it.
Anything the importer does not understand is an error at the source's file:line:column; a bad
game does not stop the others, which are still written (the exit status is then 1).";

const CONVERT_EXAMPLES: &str = "\
Examples:
  mgn convert --to yaml records/nchuwa/annotated-4x6.mgn
  mgn convert --to json -o games.json games.mgn
  mgn convert --to mgn games.yaml                canonical MGN from a YAML document
  mgn convert --to mgn games.mgn                 rewrite MGN in its canonical form
  cat games.json | mgn convert --from json --to mgn -

The input format comes from --from, else from the extension (.mgn, .yaml, .yml, .json), else
from the content. YAML and JSON hold one document for the whole file:
  { \"mgn\": 2, \"games\": [ game, ... ] }
where \"mgn\" is the format version (1 still reads), each game's moves one item per ply; YAML
and JSON have the same structure (schema: docs/mgn-document.schema.json). Converting MGN to
YAML or JSON and back gives the canonical MGN text.

When some games of an MGN input do not read, each error is reported on standard error, nothing
is written, and the exit status is 1; --skip-bad writes the other games (exit status still 1).
With -o, the output file is replaced only once the whole output is written: on any error it is
left as it was. An -o file that is the input is rewritten only in its own format (--to mgn over
an MGN file); to another format it is refused (exit 2).";

/// `mgn --version`: the package version, then the git revision and the kind of build.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("MGN_BUILD_INFO"), ")");

/// Headless record tool and replay validator for Dakon, Mraw imrujen, Nchuwa and Dong Wo
/// records in MGN (Mancala Game Notation).

#[derive(Debug, Parser)]
#[command(name = "mgn", version = VERSION, after_help = EXAMPLES)]
pub struct Cli {
    /// More log output on standard error: -v for progress, -vv for details (RUST_LOG, when set,
    /// takes precedence)
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,

    /// Colour in reports: auto colours a terminal unless NO_COLOR is set
    #[arg(
        long,
        value_enum,
        default_value = "auto",
        value_name = "WHEN",
        global = true
    )]
    pub color: super::render::ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read every game of the given files and folders and report the bad ones
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Convert records between MGN, YAML and JSON
    #[command(after_help = CONVERT_EXAMPLES)]
    Convert(ConvertArgs),
    /// Fill in the claims that follow from a record's moves, and correct the false ones,
    /// keeping the moves, comments, tags and layout as written
    #[command(after_help = ANNOTATE_EXAMPLES)]
    Annotate(AnnotateArgs),
    /// Replay the games of a file step by step, drawing the board after each move
    #[command(after_help = REPLAY_EXAMPLES)]
    Replay(ReplayArgs),
    /// Draw a record's position, or a position string, as a terminal diagram or an SVG image
    #[command(after_help = SHOW_EXAMPLES)]
    Show(ShowArgs),
    /// Write random legal games as MGN, each played to its end or cut at --max-plies (every
    /// decision drawn among the legal ones)
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Write the games of a collection into a folder: N games to a file, or a file for each
    /// value of a tag, each game exactly as it was written
    #[command(after_help = SPLIT_EXAMPLES)]
    Split(SplitArgs),
    /// Summarise a collection: games by game, preset and result, plies and rounds, the first
    /// player's wins, the rule codes that fired, the games that fail
    #[command(after_help = STATS_EXAMPLES)]
    Stats(StatsArgs),
    /// Count the legal decision sequences of D plies from the start position (perft)
    #[command(after_help = PERFT_EXAMPLES)]
    Perft(PerftArgs),
    /// Run conformance suites: each case.mgn must get the verdicts written in case.verdict
    #[command(after_help = SUITE_EXAMPLES)]
    Suite(SuiteArgs),
    /// Import other programs' games (Ludii trials, MancalaGames logs, mgn's move log) as MGN
    #[command(after_help = IMPORT_EXAMPLES)]
    Import(ImportArgs),
    /// Answer the engine protocol on standard input and output with mgn's rules (docs/protocol.md)
    #[command(after_help = ENGINE_EXAMPLES)]
    Engine(EngineArgs),
    /// Compare another implementation's answers with mgn's rules, live (docs/protocol.md)
    #[command(after_help = REFEREE_EXAMPLES)]
    Referee(RefereeArgs),
    /// Show each game's rules, rule options, defaults and presets, with their codes and sources
    #[command(after_help = RULES_EXAMPLES)]
    Rules(RulesArgs),
    /// Write a shell completion script to standard output
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Write the manual page of mgn (roff) to standard output, or a page for each command into a folder
    #[command(after_help = MAN_EXAMPLES)]
    Man(ManArgs),
    /// Write the games that match every filter, each exactly as written; with no filter, merge
    /// the inputs in order
    #[command(after_help = SELECT_EXAMPLES)]
    Select(SelectArgs),
}

const SPLIT_EXAMPLES: &str = "\
Examples:
  mgn split --per 100 -o parts/ games.mgn          parts/0001.mgn holds games 1-100, 0002.mgn the next
  mgn split --by-tag Event -o events/ games.mgn    one file for each Event, named by its value
  mgn split --by-tag PlayerA -o by-player/ records/ every *.mgn file under records/
  mgn generate --games 50 | mgn split --per 10 -o out/ -

Files are numbered from 0001 (four digits, more past 9999). With --by-tag, a file is named by
the tag's value made safe: letters, digits, -, _ and . are kept and anything else becomes _;
tag- goes before a name that would start with . or _, and a value that gives no character is
named tag. Two values that give the same name (also in another case) get -2, -3... after it;
games without the tag go to _untagged.mgn. Each game is written exactly as it was, with its
comments, games separated by a blank line.

A file already there is never replaced without --force (mgn stops at it, exit 2); an input is
never replaced, and no file is deleted: a note names the records in the folder that this split
did not write. A write that fails (a full disk) stops the split, exit 2, and leaves each file
ending after a whole game. A game that does not read is reported as mgn check reports it and not written;
the others still are (exit 1).

Exit status: 0 when every game was written; 1 when some game did not read; 2 for a usage or
I/O error.";

const STATS_EXAMPLES: &str = "\
Examples:
  mgn stats records/                         a summary of every *.mgn file under records/
  mgn stats --by Preset records/dakon/       the same for each value of the Preset tag
  mgn stats --format json games.mgn          one JSON object (schema mgn-stats/1, docs/ci.md)
  mgn stats --format svg -o stats.svg games/ a page of charts for a report
  mgn stats --no-replay big.mgn              tags and move text only: the fast path

By default every game is replayed, as mgn check replays it: the results, the first player's wins
and the rule codes are the replay's (a false Result claim is not counted), and a game that fails
check is counted under results as \"fails check\" and listed with its file:line:column.
--no-replay reads the tags and move text alone: results as claimed, no rule codes, no check.
Plies (moves and passes) and rounds are counted from the move text in both.

The first player's share of the decided games (wins and draws; unfinished and failing games
left out) comes with a 95 % Wilson score interval. A rule code is counted each time an event of
the replay names it (a capture, a lap's end, a round's end...), and in how many games it fired;
every event counts, those of a very long ply too. Histograms count each value up to 4096
distinct values, then in wider buckets (the median is then approximate, and said so).
--by summarises the first 1000 values of the tag met each on its own, the games of any further
values together.

Exit status: 0 when every game reads (and, replayed, passes check); 1 when some game does not
read or fails check (the report is still whole); 2 for a usage or I/O error.";

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  mkdir -p ~/.local/share/bash-completion/completions
  mgn completions bash > ~/.local/share/bash-completion/completions/mgn
  mkdir -p ~/.zfunc && mgn completions zsh > ~/.zfunc/_mgn    (with fpath+=~/.zfunc before compinit)
  mkdir -p ~/.config/fish/completions && mgn completions fish > ~/.config/fish/completions/mgn.fish";

const MAN_EXAMPLES: &str = "\
Examples:
  mgn man | man -l -                             read the page of mgn at once
  mkdir -p ~/.local/share/man/man1 && mgn man > ~/.local/share/man/man1/mgn.1 && man mgn
  mgn man --dir ~/.local/share/man/man1          a page for mgn and one for each command
                                                 (the folder is made): man mgn-check";

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write mgn.1 and a page for each command (mgn-check.1, ...) into this folder, made if
    /// missing, instead of mgn's page alone to standard output
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct EngineArgs {
    /// Play under this rule option whatever a game request names (as code=value, repeatable):
    /// an engine with another reading of the rules, to referee two readings against each other
    #[arg(long = "override", value_name = "CODE=VALUE")]
    pub r#override: Vec<String>,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,

    /// A deliberate departure, for testing clients: reverse-moves lists decisions in reverse
    /// order; no-perft answers perft and divide with `error unsupported perft`; no-actions
    /// answers actions with `error unsupported actions`; no-free-steps refuses the steps perft
    /// does not count (owner actions, free transactions) with `error illegal`, as protocol 1
    /// first did
    #[arg(long, value_enum, hide = true)]
    pub mutate: Vec<Mutation>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mutation {
    ReverseMoves,
    NoPerft,
    NoActions,
    NoFreeSteps,
}

#[derive(Debug, Args)]
pub struct RefereeArgs {
    #[command(flatten)]
    pub rules: GameArgs,

    /// Compare perft divides to this depth from the start (0: no perft); left out, the
    /// deepest whose tree mgn walks within --perft-budget nodes
    #[arg(long, value_name = "D", value_parser = perft_depth)]
    pub depth: Option<u32>,

    /// The most nodes (decisions played) of the perft tree the referee asks the engine to
    /// count: it chooses the depth by it when --depth is left out
    #[arg(long, default_value_t = mgn::protocol::DEFAULT_PERFT_BUDGET, value_name = "NODES", value_parser = budget_at_least_one)]
    pub perft_budget: u64,

    /// Random games to compare, decision by decision
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub games: usize,

    /// The random seed of the games: the same seed gives the same games
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,

    /// Stop a random game that has not ended after this many plies (at least 1: a game of
    /// no plies compares nothing) [default: 300; dong-wo 3000, whole games]
    #[arg(long, value_name = "N", value_parser = plies_at_least_one)]
    pub max_plies: Option<usize>,

    /// The player who moves first in the perft tree and in every random game, for an engine
    /// whose first player is fixed (left out: perft starts with B, and each game draws its
    /// first player)
    #[arg(long, value_enum, ignore_case = true, value_name = "SIDE")]
    pub first: Option<FirstSide>,

    /// Start the perft and every random game at this position (as a Start tag writes it)
    /// instead of the start: both sides take it as a record's Start tag takes it
    #[arg(long, value_name = "POSITION", conflicts_with = "first", value_parser = start_position)]
    pub start: Option<mgn::notation::Position>,

    /// Re-set both sides with `position` at the position a random game has reached, at one
    /// turn start and one round's end in N on average and at every game's end, seeded (0:
    /// never)
    #[arg(long, default_value_t = mgn::protocol::DEFAULT_RESET_EVERY, value_name = "N")]
    pub reset_every: u32,
    /// Play none of the steps perft does not count (Dong Wo's owner actions, the free
    /// transactions) and never ask `actions`: for an engine that implements only the decisions
    /// `moves` lists
    #[arg(long)]
    pub no_free_steps: bool,

    /// Seconds to wait for each answer of the engine before it counts as hung
    #[arg(long, default_value_t = 10.0, value_name = "SECS", value_parser = positive_seconds)]
    pub timeout: f64,

    /// Seconds to wait for the engine to start: its answers to the handshake and to `game`
    /// (an engine such as Ludii takes seconds to start and load a game)
    #[arg(long, default_value_t = 30.0, value_name = "SECS", value_parser = positive_seconds)]
    pub start_timeout: f64,

    /// Write the shortest record that reproduces the first difference to this file
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,

    /// text for people; json (one object, schema mgn-referee/1) for CI
    #[arg(long, value_enum, default_value = "text", value_name = "FORMAT")]
    pub format: RefereeFormat,

    /// The engine's command and its arguments, after --
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// A player, as `--first` names him.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FirstSide {
    #[value(name = "A")]
    A,
    #[value(name = "B")]
    B,
}

impl From<FirstSide> for mgn::notation::Side {
    fn from(side: FirstSide) -> Self {
        match side {
            FirstSide::A => mgn::notation::Side::A,
            FirstSide::B => mgn::notation::Side::B,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RefereeFormat {
    Text,
    Json,
}

/// A position as a `Start` tag writes it (the rules' refusals come later, from the rules).
fn start_position(text: &str) -> Result<mgn::notation::Position, String> {
    mgn::notation::parse_position(text).map_err(|error| error.to_string())
}

fn budget_at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("the budget is at least 1 node (--depth 0 asks for no perft)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a whole number")),
    }
}

/// A count of plies, at least 1.
fn plies_at_least_one(text: &str) -> Result<usize, String> {
    at_least_one(text).map(NonZeroUsize::get)
}

/// A perft depth, for mgn perft and the referee (at most mgn::perft::MAX_DEPTH).
fn perft_depth(text: &str) -> Result<u32, String> {
    let depth: u64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number"))?;
    match u32::try_from(depth) {
        Ok(depth) if depth <= mgn::perft::MAX_DEPTH => Ok(depth),
        _ => Err(format!(
            "the depth is at most {}: no perft count that deep could finish",
            mgn::perft::MAX_DEPTH
        )),
    }
}

/// A time in seconds, more than 0.
fn positive_seconds(text: &str) -> Result<f64, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(secs > 0.0 && secs <= 86_400.0 * 365.0) {
        return Err("it must be more than 0 (and at most a year)".to_string());
    }
    Ok(secs)
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The file to replay, or - for standard input
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Only this game of the file (counted from 1)
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub game: Option<NonZeroUsize>,

    /// Every step event (each seed picked up and sown, each skip, lap end, capture, refill),
    /// not a summary per lap; yaml and json always hold every event
    #[arg(long)]
    pub trace: bool,

    /// text for people; yaml or json (schema mgn-trace/1, docs/ci.md) for other programs
    #[arg(long, value_enum, default_value = "text", value_name = "FORMAT")]
    pub format: TraceFormat,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    Text,
    Yaml,
    Json,
}

/// The rules a command plays under: the game, its board, preset and options.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// dakon, mraw-imrujen, nchuwa or dong-wo
    #[arg(long, value_name = "GAME")]
    pub game: String,

    /// A preset of the game's rules (mgn rules GAME lists them)
    #[arg(long, value_name = "PRESET")]
    pub preset: Option<String>,

    /// A rule option over the preset, as code=value; repeatable
    #[arg(long, value_name = "CODE=VALUE")]
    pub option: Vec<String>,

    /// Board size, such as 2x7; the game's usual board when left out
    #[arg(long, value_name = "SIZE")]
    pub board: Option<String>,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

/// generate's ply cap: a cut Dakon game is about 14 KB of MGN (90 KB with checkpoints), and a
/// cap of 100000 let Dakon games run to 800 KB, a quarter of them ending against a tenth within
/// 2000 plies (docs/performance.md, "Random games that end").
pub const DEFAULT_GENERATE_PLIES: usize = 2000;

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub rules: GameArgs,

    /// How many games
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub games: usize,

    /// The random seed: the same seed gives the same games
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,

    /// Write a checkpoint after every move
    #[arg(long)]
    pub checkpoints: bool,

    /// Cut a game that has not ended after this many plies (result *)
    ///
    /// A cut game's result is *, its Termination tag names the cap, and standard error counts
    /// the games cut. Random Dakon games rarely end by themselves (about 1 in 9 within 2000
    /// plies, 1 in 4 within 100000; catalan-neighbours 7 in 10 within 2000), nor do Mraw
    /// imrujen's under catalan-always-feed (1 in 25): their games end after a round that leaves
    /// too few seeds to lay out the next round, and random players' rounds rarely do. Nearly
    /// every game of the other games and presets ends within a few hundred plies
    /// (docs/performance.md)
    #[arg(long, default_value_t = DEFAULT_GENERATE_PLIES, value_name = "N")]
    pub max_plies: usize,

    /// Threads that make games, at most one for each core [default: every core]; the output is the same for any N
    #[arg(long, short = 'j', value_name = "N", value_parser = at_least_one)]
    pub jobs: Option<NonZeroUsize>,
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub rules: GameArgs,

    /// Plies to count (at most 64)
    #[arg(long, value_name = "D", value_parser = perft_depth)]
    pub depth: u32,

    /// Every depth from 1 to D
    #[arg(long)]
    pub all: bool,

    /// The count below each first decision
    #[arg(long)]
    pub divide: bool,

    /// Who moves first: A or B
    #[arg(long, default_value = "B", value_parser = ["A", "B"])]
    pub first: String,

    /// Threads that count, at most one for each core [default: every core]
    #[arg(long, short = 'j', value_name = "N", value_parser = at_least_one)]
    pub jobs: Option<NonZeroUsize>,

    /// Memory of the transposition table, in MiB, shared out among the threads; 0 follows every sequence without one
    #[arg(long, value_name = "MIB", default_value_t = 64)]
    pub hash: usize,

    /// Count ply by ply forward instead, each distinct state of a ply once with the number of sequences that reach it (one thread, memory grows with the states): a second method, to check a count
    #[arg(long, conflicts_with = "divide")]
    pub layers: bool,
}

#[derive(Debug, Args)]
pub struct SuiteArgs {
    /// Folders of cases, searched recursively for *.mgn
    #[arg(required = true, value_name = "FOLDER")]
    pub folders: Vec<PathBuf>,

    /// Rewrite the verdict files to the verdicts mgn gives now (comment lines are kept)
    #[arg(long)]
    pub bless: bool,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("grouping").required(true).args(["per", "by_tag"]))]
pub struct SplitArgs {
    /// Files, folders (searched recursively for *.mgn) or - for standard input
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// N games to a file: 0001.mgn, 0002.mgn, ...
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub per: Option<NonZeroUsize>,

    /// A file for each value of this tag (Event, PlayerA, Preset, Result, a tag of your own...)
    #[arg(long, value_name = "NAME")]
    pub by_tag: Option<String>,

    /// The folder to write the files in (made if missing)
    #[arg(short, long, value_name = "DIR", required = true)]
    pub output: PathBuf,

    /// Replace files already in the folder
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Files, folders (searched recursively for *.mgn) or - for standard input
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// text for people, json (one object, schema mgn-stats/1) or svg (a page of charts)
    #[arg(long, value_enum, default_value = "text", value_name = "FORMAT")]
    pub format: StatsFormat,

    /// The same summary for each value of this tag as well (Event, Preset, PlayerA...)
    #[arg(long, value_name = "TAG")]
    pub by: Option<String>,

    /// Read the tags and move text only, without replaying: results as claimed, no rule
    /// codes, no check; several times faster
    #[arg(long)]
    pub no_replay: bool,

    /// Write to this file instead of standard output (replaced only once it is all written)
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    Text,
    Json,
    Svg,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// dakon, mraw-imrujen, nchuwa or dong-wo (all of them when left out), or the code of one
    /// rule or option to explain it (dong-wo.tianzi, dakon.next-round.first, mgn.claim.captures)
    #[arg(value_name = "GAME|CODE")]
    pub game: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files, folders (searched recursively for *.mgn) or - for standard input
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Report format: text for people, json (one object per game per line), junit (XML),
    /// github (Actions annotations), sarif (SARIF 2.1.0, for code scanning) or html (a page to
    /// step through each failing game)
    #[arg(long, value_enum, default_value = "text", value_name = "FORMAT")]
    pub format: super::report::ReportFormat,

    /// With --format html: write the page to this file instead of standard output
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Go on past a false claim (checkpoint, capture, score, result) and report every false
    /// claim of each game, with how many it had; an illegal move still ends its game's replay
    #[arg(long)]
    pub all_claims: bool,

    /// Stop after this many bad records (at least 1)
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub max_failures: Option<NonZeroUsize>,

    /// Text format: one line per bad record (per false claim with --all-claims; no trace, diff
    /// or alternatives), then the count
    #[arg(short, long)]
    pub quiet: bool,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,

    /// The files are another program's games: import them (as mgn import does) and check what
    /// they give; import errors are reported at the source's file:line:column
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<SourceFormat>,
}

const ANNOTATE_EXAMPLES: &str = "\
Examples:
  mgn annotate game.mgn                       correct the false claims, add none (to standard output)
  mgn annotate --captures --scores game.mgn   a capture claim and a score after each move
  mgn annotate --checkpoints round -o out.mgn game.mgn
                                              a checkpoint at each round's end and start
  mgn annotate --checkpoints every --in-place records/
                                              rewrite each file of records/ in place

Each game is replayed under its rules. A claim written that is true keeps its bytes; a false one
is replaced, and reported on standard error as
  file:line:column: claim X corrected to Y (rule mgn.claim....)
New claims go after the step they speak of, in the form mgn convert writes them. A move that
captured nothing gets no capture claim. With any of --captures, --scores and --checkpoints the
result `*` of a game the rules ended is filled in (its Result tag too, when it has one); a false
result is always corrected. Every annotated game is checked again before it is written.

A game that does not read, or does not replay (an illegal move), is reported as mgn check
reports it and written as it was; with --in-place its file keeps it as written. --in-place writes
each file whole or not at all (a temporary file in the same folder, renamed over it, with its
permissions kept), and does not rewrite a file none of whose games changed.

Exit status: 0 when every game was annotated; 1 when some game does not read or does not replay;
2 when a path cannot be read or an output cannot be written.";

#[derive(Debug, Args)]
pub struct AnnotateArgs {
    /// Files, folders (searched recursively for *.mgn) or - for standard input
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Add a capture claim after each move that captured
    #[arg(long)]
    pub captures: bool,

    /// Add a score claim after each move
    #[arg(long)]
    pub scores: bool,

    /// Add checkpoints: after every step, at each round's end and start, or at the record's end
    #[arg(long, value_enum, value_name = "WHERE")]
    pub checkpoints: Option<CheckpointsAt>,

    /// Write to this file instead of standard output (replaced only once it is all written);
    /// several inputs are written one after another
    #[arg(short, long, value_name = "OUT", conflicts_with = "in_place")]
    pub output: Option<PathBuf>,

    /// Rewrite each input file in place, atomically; a file none of whose games changed is left alone
    #[arg(long)]
    pub in_place: bool,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

/// Where `mgn annotate --checkpoints` puts checkpoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckpointsAt {
    /// After every step: each ply, round marker, owner action and transaction
    Every,
    /// At each round's end and at the next round's start, and after the record's last ply
    Round,
    /// After the record's last step
    End,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The format of the files
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: SourceFormat,

    /// The files to import, or - for standard input
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Write to this file instead of standard output (replaced only once it is all written)
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// Other programs' formats, which mgn imports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SourceFormat {
    /// Ludii's trial files (its Nchuwa)
    Ludii,
    /// MancalaGames' saved game logs (its Dakon)
    MancalaGames,
    /// mgn's plain move log, JSON Lines (docs/import.md)
    Movelog,
}

impl SourceFormat {
    pub fn format(self) -> mgn::import::Format {
        match self {
            SourceFormat::Ludii => mgn::import::Format::Ludii,
            SourceFormat::MancalaGames => mgn::import::Format::MancalaGames,
            SourceFormat::Movelog => mgn::import::Format::MoveLog,
        }
    }
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Output format
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Format,

    /// Input format, when the file's extension does not tell (as for standard input)
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<Format>,

    /// Write to this file instead of standard output
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// The input file, or - for standard input
    #[arg(value_name = "FILE")]
    pub input: PathBuf,

    /// Write the games that read and leave out those that do not (named on standard error;
    /// the exit status is still 1). Without it, a game that does not read stops the conversion
    /// and nothing is written.
    #[arg(long)]
    pub skip_bad: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Mgn,
    Yaml,
    Json,
    /// mgn's plain move log (JSON Lines, docs/import.md), with the position the replay gives
    /// after every turn; output only (read one with mgn import --from movelog)
    Movelog,
}

impl Format {
    pub fn from_extension(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "mgn" => Some(Format::Mgn),
            "yaml" | "yml" => Some(Format::Yaml),
            "json" => Some(Format::Json),
            _ => None,
        }
    }

    /// A guess from the text itself, for standard input and unknown extensions. JSON is tried
    /// first because it is also YAML; MGN is recognised by its `Game` tag; anything else is
    /// taken for YAML, whose reader then says what is wrong with it.
    /// `text` may be the start of a longer input: JSON cut short is still JSON.
    pub fn sniff(text: &str) -> Format {
        let text = text.trim_start_matches('\u{feff}');
        let trimmed = text.trim_start();
        if trimmed.is_empty() {
            return Format::Mgn;
        }
        match serde_json::from_str::<serde::de::IgnoredAny>(text) {
            Ok(_) => return Format::Json,
            Err(error) if error.is_eof() => return Format::Json,
            Err(_) => {}
        }
        if trimmed.starts_with("mgn:") || trimmed.starts_with("---") {
            Format::Yaml
        } else if text.contains("[Game") {
            Format::Mgn
        } else {
            Format::Yaml
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Mgn => "mgn",
            Format::Yaml => "yaml",
            Format::Json => "json",
            Format::Movelog => "movelog",
        }
    }
}

const SHOW_EXAMPLES: &str = "\
Examples:
  mgn show records/dakon/seed-worked-example.mgn           the last position of the first game
  mgn show --ply 1 game.mgn                                after ply 1, its sowing marked
  mgn show --ply 5 --before --game 2 games.mgn             before ply 5 of the second game
  mgn show --ply 12 -o board.svg game.mgn                  as an SVG image (from the extension)
  mgn show --format svg --ply 12 game.mgn > board.svg
  mgn show --diff bad.mgn                                  a false checkpoint beside the replay
  mgn show -o game.html game.mgn                           a page to step through the game
  mgn show --ply 1 --laps -o move.svg game.mgn             each lap of ply 1 numbered
  mgn show --flip --theme dark --size 600 -o board.svg game.mgn
  mgn show --game dakon --position '6,0,0,6,6/6,6,6,0,6 0/8 A 1'
  mgn show --game nchuwa --board 4x9 --position '...'      a position string, as in a Start tag

The diagram marks the last step's holes: ^ where it started, ' sown into, * captured,
+ filled without sowing, ! differs from the other board; the SVG image rings them in colour,
draws each lap as arrows and names every mark it draws in a legend under the board. Exit status: 0 when the picture was written; 1 when the record breaks
a rule (the picture is still written if the position was reached before it); 2 for a usage or
I/O error, a ply or game the file does not have, --diff on a record without a false
checkpoint, or an -o file that is the record itself.";

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The record, or - for standard input (not with --position)
    #[arg(
        value_name = "FILE",
        required_unless_present = "position",
        conflicts_with = "position"
    )]
    pub file: Option<PathBuf>,

    /// Which game of FILE, counted from 1 (the first when left out); with --position, the
    /// game whose board it is: dakon, mraw-imrujen, nchuwa or dong-wo
    #[arg(long, value_name = "N|GAME")]
    pub game: Option<String>,

    /// The position after ply N (0: the start), its last step marked; the game's last position
    /// when left out
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,

    /// With --ply N: the position ply N is played from (after any round start or owner action
    /// before it), the step before it marked
    #[arg(long, requires = "ply")]
    pub before: bool,

    /// The record's first false checkpoint: the claimed position beside the replayed one, the
    /// holes that differ marked
    #[arg(long, conflicts_with_all = ["ply", "position"])]
    pub diff: bool,

    /// A position string, as in a Start tag, instead of a record (needs --game GAME)
    #[arg(
        long,
        value_name = "POSITION",
        requires = "game",
        allow_hyphen_values = true
    )]
    pub position: Option<String>,

    /// With --position: the board, such as 2x7 (else read from the length of the rows)
    #[arg(long, value_name = "SIZE", requires = "position")]
    pub board: Option<String>,

    /// With --position: a preset of the game's rules (Dakon's catalan-clockwise puts the
    /// stores at the other ends)
    #[arg(long, value_name = "PRESET", requires = "position")]
    pub preset: Option<String>,

    /// With --position: a rule option, as code=value; repeatable
    #[arg(long, value_name = "CODE=VALUE", requires = "position")]
    pub option: Vec<String>,

    /// text (a diagram of characters), svg, or html (a page to step through the game); svg or
    /// html when -o names a .svg or .html file, else text
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<ShowFormat>,

    /// In the SVG image, each lap of the last step in its own colour and numbered, the legend
    /// listing each lap (from, to, pieces sown) and each capture with the lap it followed
    #[arg(long)]
    pub laps: bool,

    /// In the SVG image, the board turned half round: A's row at the bottom, seen from A's side
    #[arg(long)]
    pub flip: bool,

    /// The SVG image's width in pixels (100 to 10000), its height in proportion; its natural
    /// size (about 80 pixels a hole) when left out
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(100..=10000))]
    pub size: Option<u32>,

    /// The SVG image's colours: light (the default) or dark
    #[arg(long, value_enum, value_name = "THEME")]
    pub theme: Option<ShowTheme>,

    /// Write to this file instead of standard output
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    Text,
    Svg,
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowTheme {
    Light,
    Dark,
}

const SELECT_EXAMPLES: &str = "\
Examples:
  mgn select --game dakon --result 1-0 records/       Dakon games player A won
  mgn select --tag 'Event=Open*' --tag PlayerA=Ali games.mgn
  mgn select --plies 10..40 --rounds 2.. games.mgn    10 to 40 plies, at least 2 rounds
  mgn select --verdict fail games.mgn -o bad.mgn      the games mgn check fails
  mgn select --rule dong-wo.tianzi.borrow records/    games in which a rule fired
  mgn select --position '0,1,0,0,0/0,6,1,0,0 24/18' g.mgn   games that reach a position
  mgn select --number 3..7 games.mgn                  the input's games 3 to 7
  mgn select --dedupe a.mgn b.mgn -o all.mgn          merge, one game per distinct move text
  mgn select --count --game nchuwa records/           how many Nchuwa games

Each game is written as it was read: the comments before it, the game, the comments after it,
in input order; games that did not follow each other get a blank line between them. Ranges
include both ends; either may be left open (..40, 10..). Plies are moves and passes; rounds are
the first and one more for each `round N` marker. --number counts every record of the whole
input from 1, those that do not read too. --tag compares known tags as MGN writes them (Option
as code=value, Start as a position string); a tag written several times matches when one of
its values does. --position compares the side to move, the round and the debts only when
written; the start position counts. --verdict, --position and --rule replay the game (at
check's speed), the other filters only read it. --rule sees every event of every ply, those of
a very long relay too. --dedupe keeps a 128-bit hash for each distinct game (its game, rules, start and
moves, comments and claims aside): memory grows by about 32 bytes a distinct game.

Exit status: 0 when every record read, whether or not any matched; 1 when some record does not
read (reported on standard error as mgn check reports it, never selected; the other games are
still selected and written); 2 when a path cannot be read or the output cannot be written (-o
is then left as it was; it is never one of the inputs).";

#[derive(Debug, Args)]
pub struct SelectArgs {
    /// Records: files, folders of *.mgn files, or - for standard input, read in order
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,

    /// Write to this file instead of standard output (replaced only once it is all written)
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Print only how many games match
    #[arg(long)]
    pub count: bool,

    /// Games of this game: dakon, mraw-imrujen, nchuwa or dong-wo
    #[arg(long, value_name = "G", value_parser = super::select::game_name)]
    pub game: Option<mgn::notation::GameKind>,

    /// Games with this tag, whose value matches (* stands for any characters, ? for one);
    /// repeatable, every one must match
    #[arg(long = "tag", value_name = "NAME=VALUE", value_parser = super::select::tag_filter)]
    pub tags: Vec<super::select::TagFilter>,

    /// Games that end with this result: 1-0, 0-1, 1/2-1/2 or *
    #[arg(long, value_name = "RESULT", value_parser = super::select::result_token, allow_hyphen_values = true)]
    pub result: Option<mgn::notation::Outcome>,

    /// Games of MIN to MAX plies (moves and passes): MIN..MAX, MIN.., ..MAX or N
    #[arg(long, value_name = "MIN..MAX", value_parser = super::select::count_range)]
    pub plies: Option<super::select::CountRange>,

    /// Games of MIN to MAX rounds: MIN..MAX, MIN.., ..MAX or N
    #[arg(long, value_name = "MIN..MAX", value_parser = super::select::count_range)]
    pub rounds: Option<super::select::CountRange>,

    /// Games that pass or fail mgn check (replays each game)
    #[arg(long, value_enum, value_name = "VERDICT")]
    pub verdict: Option<VerdictFilter>,

    /// Games that reach this position, written as in a checkpoint (side to move, round and
    /// debts compared only when written; replays each game)
    #[arg(long, value_name = "POS", value_parser = super::select::position_filter, allow_hyphen_values = true)]
    pub position: Option<super::select::PositionFilter>,

    /// Games in which the rule (or option) of this code decided a step, as mgn rules lists
    /// the codes; repeatable, every one must fire (replays each game)
    #[arg(long = "rule", value_name = "CODE", value_parser = super::select::rule_code)]
    pub rules: Vec<mgn::Code>,

    /// The Nth game of the whole input, from 1, or games N..M (either end may be left open)
    #[arg(long, value_name = "N|N..M", value_parser = super::select::game_numbers)]
    pub number: Option<super::select::CountRange>,

    /// One game per distinct move text (comments and claims aside): the first that matches is
    /// kept
    #[arg(long)]
    pub dedupe: bool,

    #[arg(long, value_name = "N", default_value_t = mgn::rules::DEFAULT_MAX_LAPS, value_parser = lap_budget, help = MAX_LAPS_HELP)]
    pub max_laps: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum VerdictFilter {
    /// Games mgn check passes
    Pass,
    /// Games that read but mgn check fails
    Fail,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// --jobs is capped at the cores, for every command that starts threads.
    #[test]
    fn jobs_are_at_most_the_cores() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(threads(None), cores);
        assert_eq!(threads(NonZeroUsize::new(1)), 1);
        assert_eq!(threads(NonZeroUsize::new(100_000)), cores);
        assert_eq!(threads(NonZeroUsize::new(usize::MAX)), cores);
    }

    #[test]
    fn formats_come_from_extensions() {
        assert_eq!(
            Format::from_extension(Path::new("a.yml")),
            Some(Format::Yaml)
        );
        assert_eq!(
            Format::from_extension(Path::new("a.JSON")),
            Some(Format::Json)
        );
        assert_eq!(
            Format::from_extension(Path::new("a.mgn")),
            Some(Format::Mgn)
        );
        assert_eq!(Format::from_extension(Path::new("-")), None);
    }

    #[test]
    fn sniffing_tells_the_three_apart() {
        assert_eq!(Format::sniff("{\"mgn\": 1, \"games\": []}"), Format::Json);
        assert_eq!(Format::sniff("mgn: 1\ngames: []\n"), Format::Yaml);
        assert_eq!(Format::sniff("[Game \"dakon\"]\n\n1. B4 *\n"), Format::Mgn);
        // A brace comment before the first game is not JSON.
        assert_eq!(
            Format::sniff("{a comment}\n[Game \"dakon\"]\n\n*\n"),
            Format::Mgn
        );
        assert_eq!(
            Format::sniff("\u{feff}; notes\n[Game \"nchuwa\"]\n*\n"),
            Format::Mgn
        );
        // The first bytes of a long document.
        assert_eq!(
            Format::sniff("{\"mgn\": 1, \"games\": [{\"hea"),
            Format::Json
        );
        assert_eq!(Format::sniff("{a long comment, cut"), Format::Yaml);
        assert_eq!(
            Format::sniff("{a long comment\n[Game \"dakon\"]\n"),
            Format::Mgn
        );
        assert_eq!(Format::sniff(""), Format::Mgn);
    }
}
