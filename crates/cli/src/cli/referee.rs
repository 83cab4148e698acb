//! `mgn referee`: start another implementation as an engine (docs/protocol.md), ask it what mgn's
//! rules are asked, and report the first answer that differs, with the shortest record that
//! reproduces it.
//!
//! The comparison is the library's [`Referee`], beside the [`mgn::protocol::Session`] that
//! `mgn engine` serves; this is its progress bar, its report and its exit status.

use super::args::{RefereeArgs, RefereeFormat};
use super::generate::run_rules;
use super::output::{self, say};
use super::progress;
use super::Status;
use indicatif::ProgressBar;
use mgn::notation::Position;
use mgn::protocol::{
    Found, GameSpec, Misbehaviour, PerftSummary, Referee, RefereeOptions, RefereeProgress,
    Refereed, Verdict,
};
use mgn::rules::{RulesExt, WithRules};
use std::io::{IsTerminal, Write};
use std::time::Duration;

/// The rules' refusal of a --start position, as a record's Start tag gets it.
struct StartRefused<'a>(&'a Position);

impl WithRules for StartRefused<'_> {
    type Output = Option<String>;
    fn run<R: RulesExt>(self, rules: &R) -> Option<String> {
        let refused = rules.state_from_position(self.0).err()?;
        Some(format!("{} ({})", refused.message, refused.rule))
    }
}

/// The progress of a comparison on a bar, for a person watching.
struct Bar(ProgressBar);

impl RefereeProgress for Bar {
    fn comparing(&mut self, what: &str) {
        self.0.set_message(what.to_string());
    }
    fn game_agreed(&mut self) {
        self.0.inc(1);
    }
    fn compared(&mut self) {
        self.0.finish_and_clear();
    }
}

pub fn run(args: &RefereeArgs) -> Status {
    if args.depth == Some(0) && args.games == 0 {
        // Agreement on nothing is not an agreement.
        say("nothing to compare: --depth 0 and --games 0 ask for no perft and no game");
        return Status::Error;
    }
    let header = match args.rules.header() {
        Ok(header) => header,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let spec = GameSpec {
        game: header.game.value,
        board: header.board.as_ref().map(|b| b.value),
        preset: header.preset.as_ref().map(|p| p.value.clone()),
        options: header
            .options
            .iter()
            .map(|o| (o.value.code.clone(), o.value.value.clone()))
            .collect(),
    };
    if let Some(start) = &args.start {
        match run_rules(&header, args.rules.max_laps, StartRefused(start)) {
            Ok(None) => {}
            Ok(Some(why)) => {
                // Compared, the two refusals would agree, and nothing would start there.
                say(&format!(
                    "--start {}: the rules refuse it as a Start tag: {why}",
                    mgn::notation::write_position(start)
                ));
                return Status::Error;
            }
            Err(message) => {
                say(&message);
                return Status::Error;
            }
        }
    }
    let options = RefereeOptions {
        timeout: Duration::from_secs_f64(args.timeout),
        start_timeout: Duration::from_secs_f64(args.start_timeout),
        depth: args.depth,
        perft_budget: args.perft_budget,
        games: args.games,
        seed: args.seed,
        max_plies: args
            .max_plies
            .unwrap_or_else(|| mgn::protocol::default_max_plies(spec.game)),
        first: args.first.map(Into::into),
        start: args.start.clone(),
        reset_every: args.reset_every,
        free_steps: !args.no_free_steps,
    };
    // A bar only for a person watching: indicatif draws nothing off a terminal anyway.
    let bar = if std::io::stderr().is_terminal() && args.format == RefereeFormat::Text {
        ProgressBar::new(args.games as u64).with_style(progress::style("{pos}/{len} games"))
    } else {
        ProgressBar::hidden()
    };
    let mut progress = Bar(bar);
    let work = Referee {
        spec: &spec,
        command: &args.command,
        options: &options,
        progress: &mut progress,
    };
    let refereed = run_rules(&header, args.rules.max_laps, work);
    // Cleared whether or not the comparison began: a bar dropped unfinished is drawn.
    progress.0.finish_and_clear();
    let outcome = match refereed {
        Ok(outcome) => outcome,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let compared_perft = outcome.compared_perft();
    let status = match outcome.verdict {
        // An exit 0 says the rules were compared: a skipped perft and no game compared none.
        Verdict::Agreed if !compared_perft && outcome.games == 0 => Status::Error,
        Verdict::Agreed => Status::Success,
        Verdict::Differ(_) => Status::Failed,
        Verdict::EngineFailed(_) => Status::Error,
    };
    if let (Verdict::Differ(found), Some(path)) = (&outcome.verdict, &args.record) {
        let written = output::write_file(path, |out| out.write_all(found.record.as_bytes()));
        if let Err(error) = written {
            say(&format!(
                "cannot write the record to {}: {error}",
                path.display()
            ));
            report(args, &spec, &outcome, false);
            return Status::Error;
        }
    }
    let mut out = output::stdout();
    let written = match args.format {
        RefereeFormat::Text => write!(out, "{}", text_report(args, &spec, &outcome, true)),
        RefereeFormat::Json => writeln!(out, "{}", json_report(args, &spec, &outcome)),
    };
    output::finish(&mut out, written, status)
}

/// The report on standard error, when standard output is not where it can go;
/// `record_written` says whether --record was written.
fn report(args: &RefereeArgs, spec: &GameSpec, outcome: &Refereed, record_written: bool) {
    eprint!("{}", text_report(args, spec, outcome, record_written));
}

fn rules_words(spec: &GameSpec) -> String {
    let mut words = spec.game.to_string();
    if let Some(board) = spec.board {
        words.push_str(&format!(" {board}"));
    }
    if let Some(preset) = &spec.preset {
        words.push_str(&format!(", preset {preset}"));
    }
    for (code, value) in &spec.options {
        words.push_str(&format!(", {code}={value}"));
    }
    words
}

fn text_report(
    args: &RefereeArgs,
    spec: &GameSpec,
    outcome: &Refereed,
    record_written: bool,
) -> String {
    let mut out = String::new();
    let engine = if outcome.engine.is_empty() {
        String::new()
    } else {
        format!(" ({})", outcome.engine)
    };
    let from = match &args.start {
        Some(start) => format!(" from {}", mgn::notation::write_position(start)),
        None => String::new(),
    };
    out.push_str(&format!(
        "mgn referee: {}{from} against `{}`{engine}\n",
        rules_words(spec),
        args.command.join(" ")
    ));
    if let Some(perft) = &outcome.perft {
        perft_words(perft, &mut out);
    }
    if outcome.games > 0 || matches!(outcome.verdict, Verdict::Agreed) {
        out.push_str(&format!(
            "random games: {} of {} agreed (seed {}), {} plies, {} decisions, {} positions set again, {} ended\n",
            outcome.games, args.games, args.seed, outcome.plies, outcome.decisions, outcome.resets, outcome.ended
        ));
        // What the games did not reach is said, not left to be assumed compared.
        if outcome.games > 0 && outcome.ended == 0 {
            out.push_str(&format!(
                "note: no game reached its end within --max-plies {}: no game's result was compared, nor what a position forgets of the rounds won (raise --max-plies)\n",
                args.max_plies.unwrap_or_else(|| mgn::protocol::default_max_plies(spec.game))
            ));
        }
        if !outcome.actions_compared {
            out.push_str(
                "note: the engine declines `actions`: its lists of owner actions and free transactions were not compared (the steps themselves were played)\n",
            );
        }
    }
    let compared_perft = outcome.compared_perft();
    match &outcome.verdict {
        Verdict::Agreed if !compared_perft && outcome.games == 0 => out.push_str(
            "nothing compared: the perft was not compared and no random game was asked for (--games 0)\n",
        ),
        Verdict::Agreed => out.push_str(&format!(
            "agreed: every answer of {} requests was mgn's\n",
            outcome.requests
        )),
        Verdict::EngineFailed(failed) => {
            out.push_str(&format!("engine failed: {failed}\n"));
            if let Misbehaviour::Start { .. } = failed {
                // Nothing ran: there is no standard error to show.
            } else if outcome.stderr.trim().is_empty() {
                out.push_str("its standard error was empty\n");
            } else {
                out.push_str("its standard error:\n");
                for line in outcome.stderr.lines() {
                    out.push_str(&format!("  | {}\n", crate::cli::source::displayable(line)));
                }
            }
        }
        Verdict::Differ(found) => difference_words(args, found, record_written, &mut out),
    }
    out
}

/// The perft's line of the report.
fn perft_words(perft: &PerftSummary, out: &mut String) {
    let how = match perft.method {
        "divide" => "perft divide",
        "moves-play" => "perft through moves and play (the engine has no perft)",
        _ => "perft",
    };
    match (&perft.count, &perft.note) {
        (_, Some(note)) => out.push_str(&format!("{how} {}: {note}\n", perft.depth)),
        // A summary is only kept of a perft that was carried to its end.
        (Some(count), None) => {
            out.push_str(&format!("{how} {}: agreed, {count} sequences", perft.depth));
            match (perft.budget, perft.nodes) {
                (Some(budget), Some(nodes)) => {
                    out.push_str(&format!(
                        " (depth chosen by the budget of {budget} nodes: {nodes} walked"
                    ));
                    if let Some(deeper) = &perft.deeper {
                        out.push_str(&format!("; {deeper}"));
                    }
                    out.push(')');
                }
                (Some(budget), None) => {
                    out.push_str(&format!(
                        " (depth chosen by the budget of {budget} requests"
                    ));
                    if let Some(deeper) = &perft.deeper {
                        out.push_str(&format!("; {deeper}"));
                    }
                    out.push(')');
                }
                (None, Some(nodes)) => out.push_str(&format!(" ({nodes} nodes walked)")),
                _ => {}
            }
            out.push('\n');
        }
        (None, None) => {}
    }
}

/// What mgn check says of the record of a difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RecordChecked {
    Passes,
    /// It fails at the ply that shows the difference (or after it).
    FailsAtTheDifference,
    /// It fails before the difference, or does not read.
    FailsBefore,
}

/// What mgn check says of the record of `found`: checked, not assumed.
fn record_checked(found: &Found, max_laps: u64) -> RecordChecked {
    let mut options = mgn::CheckOptions::default();
    options.max_laps = max_laps;
    let results = mgn::check_text(&found.record, &options);
    if !results.is_empty() && results.iter().all(|result| result.passed()) {
        return RecordChecked::Passes;
    }
    let first_problem = match results.as_slice() {
        [mgn::RecordResult::Checked { verdict, .. }] => verdict.problems().first(),
        _ => None,
    };
    match (
        first_problem.and_then(|p| p.offset()),
        found.record_difference_at,
    ) {
        (Some(at), Some(difference)) if at >= difference => RecordChecked::FailsAtTheDifference,
        _ => RecordChecked::FailsBefore,
    }
}

/// The line (from 1) of the record of `found` where the ply that shows the difference is.
fn record_difference_line(found: &Found) -> Option<usize> {
    let at = found.record_difference_at?;
    Some(found.record.get(..at)?.matches('\n').count() + 1)
}

/// The difference found, as the report shows it, and its record.
fn difference_words(args: &RefereeArgs, found: &Found, record_written: bool, out: &mut String) {
    out.push_str(&format!("DIFFERENCE during {}\n", found.during));
    out.push_str(&format!("  line:     {}\n", found.line));
    let turn = if found.mid_turn {
        " (a turn under way)"
    } else {
        ""
    };
    out.push_str(&format!("  position: {}{turn}\n", found.position));
    for line in found.drawing.lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out.push_str(&format!("  request:  {}\n", found.request));
    out.push_str(&format!("  mgn:      {}\n", found.mgn));
    out.push_str(&format!(
        "  engine:   {}\n",
        crate::cli::source::displayable(&found.engine)
    ));
    if !found.mgn_only.is_empty() {
        out.push_str(&format!(
            "  only mgn lists:        {}\n",
            found.mgn_only.join(" ")
        ));
    }
    if !found.engine_only.is_empty() {
        out.push_str(&format!(
            "  only the engine lists: {}\n",
            found.engine_only.join(" ")
        ));
    }
    if !found.engine_twice.is_empty() {
        out.push_str(&format!(
            "  the engine lists twice: {}\n",
            found.engine_twice.join(" ")
        ));
    }
    if let Some(note) = &found.note {
        out.push_str(&format!("  note: {note}\n"));
    }
    if let Some(refusal) = &found.refusal {
        out.push_str(&format!("  {refusal}\n"));
    }
    let mut rules = found.rules.iter();
    if found.decisive {
        if let Some((code, words)) = rules.next() {
            out.push_str(&format!("  decided by: {code}: {words}\n"));
        }
    }
    let others: Vec<_> = rules.collect();
    if !others.is_empty() {
        out.push_str("  rules on the way:\n");
        for (code, words) in others {
            out.push_str(&format!("    {code}: {words}\n"));
        }
    }
    if let Some(trace) = &found.trace {
        for line in trace.lines() {
            out.push_str(&format!("  {line}\n"));
        }
    }
    let start = if found.record_from_start {
        "from the start"
    } else {
        "from a Start position"
    };
    let written = match &args.record {
        Some(path) if record_written => format!(", written to {}", path.display()),
        Some(path) => format!(", not written to {}", path.display()),
        None => String::new(),
    };
    // What the report says of the record is what mgn check says of it, checked here.
    let check = match (found.record_refused, record_checked(found, args.rules.max_laps)) {
        (true, RecordChecked::FailsAtTheDifference) => "mgn check fails it at the engine's decision, with mgn's rule",
        (false, RecordChecked::Passes) => "mgn check passes it under mgn's rules",
        (true, RecordChecked::Passes) => "mgn check passes it, though it plays the engine's decision: a defect of mgn's referee, please report it",
        (true, RecordChecked::FailsBefore) => "mgn check fails it before the engine's decision: a defect of mgn's referee, please report it",
        (false, _) => "mgn check does not pass it, though it plays mgn's decisions: a defect of mgn's referee, please report it",
    };
    out.push_str(&format!(
        "  record ({} plies {start}{written}; {check}):\n",
        found.record_plies
    ));
    for line in found.record.lines() {
        out.push_str(&format!("    {line}\n"));
    }
}

fn json_report(args: &RefereeArgs, spec: &GameSpec, outcome: &Refereed) -> String {
    use serde_json::{json, Value};
    let compared_perft = outcome.compared_perft();
    let mut report = json!({
        "schema": "mgn-referee/1",
        "verdict": match outcome.verdict {
            Verdict::Agreed if !compared_perft && outcome.games == 0 => "nothing-compared",
            Verdict::Agreed => "agreed",
            Verdict::Differ(_) => "differ",
            Verdict::EngineFailed(_) => "engine-failed",
        },
        "game": spec.game.to_string(),
        "rules": rules_words(spec),
        "command": args.command,
        "engine": outcome.engine,
        "games": {"requested": args.games, "played": outcome.games, "plies": outcome.plies,
                  "decisions": outcome.decisions, "seed": args.seed,
                  "resets": outcome.resets, "reset_every": args.reset_every,
                  "ended": outcome.ended, "actions_compared": outcome.actions_compared},
        "start": args.start.as_ref().map(mgn::notation::write_position),
        "requests": outcome.requests,
        // Null when no perft was compared (--depth 0); a reader finds the key either way.
        "perft": null,
    });
    if let Some(perft) = &outcome.perft {
        report["perft"] = json!({"depth": perft.depth, "method": perft.method,
                                  "count": perft.count, "note": perft.note,
                                  "budget": perft.budget, "nodes": perft.nodes,
                                  "deeper": perft.deeper});
    }
    match &outcome.verdict {
        Verdict::Agreed => {}
        Verdict::EngineFailed(failed) => {
            report["error"] = json!({"kind": failed.kind(), "message": failed.to_string()});
            report["stderr"] = Value::String(outcome.stderr.clone());
        }
        Verdict::Differ(found) => {
            report["difference"] = json!({
                "during": found.during,
                "line": found.line,
                "position": found.position,
                "mid_turn": found.mid_turn,
                "request": found.request,
                "mgn": found.mgn,
                "engine": found.engine,
                "mgn_only": found.mgn_only,
                "engine_only": found.engine_only,
                "engine_twice": found.engine_twice,
                "note": found.note,
                "refusal": found.refusal,
                "decided_by": found.decisive.then(|| found.rules[0].0),
                "rules": found.rules.iter().map(|(c, w)| json!({"code": c, "summary": w})).collect::<Vec<_>>(),
                "trace": found.trace,
                "record": found.record,
                "record_plies": found.record_plies,
                "record_passes_mgn_check": record_checked(found, args.rules.max_laps) == RecordChecked::Passes,
                "record_difference_line": record_difference_line(found),
            });
        }
    }
    report.to_string()
}
