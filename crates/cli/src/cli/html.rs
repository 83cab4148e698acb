//! A page to step through a game: `mgn show --format html` (one game) and `mgn check --format
//! html` (every failing game of a run, as a CI artefact).
//!
//! The page stands alone: its style and script are inline and it loads nothing. Each step of a
//! game (the start, each ply, round start, owner action or transaction) is the SVG board
//! `mgn show --format svg` draws for it, kept in a JSON array inside the page; the script puts
//! one at a time on the page. One SVG a step costs some kilobytes a step (the style sheet every
//! board repeats is taken out and given once), far less than drawing the boards in the page's
//! script would cost to keep in step with the SVG module; a game of more than [`MAX_STEPS`]
//! steps keeps that many, said on the page. A lap within a ply is shown by hiding the other
//! laps' arrows of the step's board: the position drawn is the one after the ply, as no
//! position is replayed between laps.
//!
//! Everything from the record (tags, move text, comments) is escaped for HTML, and the JSON is
//! written so that no `<` appears in it: a comment holding `</script>` cannot end the script.

use super::output;
use super::render::Paint;
use super::report::{self, Source};
use super::show::{diff_boards, layout_of};
use mgn::check::RecordResult;
use mgn::notation::parse_games;
use mgn::notation::{Element, Game, Position, Side};
use mgn::picture::{board_svg, boards_svg, Board, Layout, Marks};
use mgn::replay::{replay_game, PlyRecord, ReplayOptions, StepLabel};
use mgn::rules::{general, AnyRules};
use mgn::Diagnostic;
use std::fmt::Write;
use std::io;
use std::path::PathBuf;

/// The steps of one game the page keeps, at most: about 5 kB each.
pub const MAX_STEPS: usize = 1000;
/// The boards of one game the page keeps, at most, in bytes: a ply of a long relay draws an
/// arrow for each seed sown.
pub const GAME_BYTES: usize = 8 << 20;

/// Text made safe for HTML's text and attribute values: the SVG board's escaping, which HTML
/// reads the same (`&apos;` included).
pub use mgn::picture::escape;

/// JSON that can stand inside a `<script>` element: `<`, `>` and `&` written as escapes, which
/// JSON reads as the same characters, so that no `</script>` or `<!--` can appear in it.
fn script_json(value: &serde_json::Value) -> String {
    let json = value.to_string();
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The style sheet of an SVG board, which every board repeats: taken out of each step's image
/// and given once in the page.
fn split_style(svg: &str) -> (String, Option<String>) {
    let (Some(start), Some(end)) = (svg.find("<style>"), svg.find("</style>")) else {
        return (svg.to_string(), None);
    };
    if end < start {
        return (svg.to_string(), None);
    }
    let style = svg[start + "<style>".len()..end].to_string();
    let rest = format!("{}{}", &svg[..start], &svg[end + "</style>".len()..]);
    (rest, Some(style))
}

/// One game on the page: everything the page says of it, as HTML, and the SVG style sheet its
/// boards use.
pub struct Section {
    pub html: String,
    pub style: Option<String>,
    /// The game's departures, as the page words them: none when it passes.
    pub failures: Vec<String>,
    /// The plies replayed.
    pub plies: usize,
}

/// What is known of a game that is put on the page.
pub struct Record<'a> {
    /// The text the game was read from and its file's name.
    pub source: &'a Source<'a>,
    /// Its number in its file, from 1.
    pub number: usize,
    /// The game, its spans into `source.text`.
    pub game: &'a Game,
    /// The reports of its departures, as `mgn check` words them (plain text); when empty, the
    /// page words the replay's own.
    pub reports: Vec<String>,
    /// The step the page opens at, when not the failure's or the start (`--ply N`).
    pub ply: Option<usize>,
    pub max_laps: u64,
}

/// Where each element of the move text stands among the replay's steps: the step an element
/// that makes one opened (None when the replay stopped before it), and the step a claim or
/// comment belongs to.
fn steps_of_elements(moves: &[Element], plies: &[PlyRecord]) -> Vec<Option<usize>> {
    let mut next = 0;
    let mut current = Some(0);
    let mut stepped = Vec::with_capacity(moves.len());
    for element in moves {
        let opens = match element {
            Element::Move(_) | Element::Pass(_) => Some(true),
            Element::Round(_) | Element::Action(_) | Element::Transaction(_) => Some(false),
            _ => None,
        };
        let Some(is_ply) = opens else {
            stepped.push(current);
            continue;
        };
        // A round start or an action the replay made without an element of its own is passed.
        while let Some(record) = plies.get(next) {
            let record_is_ply = matches!(record.label, StepLabel::Ply { .. });
            if record_is_ply == is_ply || record_is_ply {
                break;
            }
            next += 1;
        }
        let matched = plies
            .get(next)
            .is_some_and(|r| matches!(r.label, StepLabel::Ply { .. }) == is_ply);
        current = if matched {
            next += 1;
            Some(next)
        } else {
            None
        };
        stepped.push(current);
    }
    stepped
}

fn element_class(element: &Element) -> &'static str {
    match element {
        Element::Move(_) | Element::Pass(_) | Element::Action(_) => "step",
        Element::Round(_) | Element::Transaction(_) => "step",
        Element::Comment(_) => "comment",
        _ => "claim",
    }
}

/// The words of a step as the board's caption says them.
fn step_words(step: Option<&PlyRecord>) -> String {
    match step.map(|s| &s.label) {
        None => "start position".to_string(),
        Some(StepLabel::Ply { ply, side, written }) => format!("ply {ply}, {side}: {written}"),
        Some(StepLabel::Round { round }) => format!("round {round} begins"),
        Some(StepLabel::Step { written }) => written.clone(),
    }
}

fn board(game: &Game, layout: Layout, step: Option<&PlyRecord>, position: Position) -> Board {
    let marks = step
        .map(|s| Marks::from_events(&layout, &s.events))
        .unwrap_or_default();
    Board {
        kind: game.header.game.value,
        layout,
        position,
        marks,
        caption: step_words(step),
    }
}

/// The steps `0..steps` from `from` (the last step when past it) outward, nearest first, the
/// earlier of two as near first: every prefix of it is one run of steps around `from`.
fn outward(from: usize, steps: usize) -> impl Iterator<Item = usize> {
    let from = from.min(steps.saturating_sub(1));
    let mut order: Vec<usize> = (0..steps).collect();
    order.sort_by_key(|&step| (step.abs_diff(from), step > from));
    order.into_iter()
}

/// A game as a section of the page: its tags, its board at each step with a slider, its move
/// text with the current step marked and each step's claims and comments, and its failure
/// opened with the claimed and replayed boards side by side.
pub fn game_section(record: &Record, id: usize) -> Section {
    game_section_within(record, id, MAX_STEPS, GAME_BYTES)
}

/// [`game_section`], keeping at most `max_steps` steps and about `max_bytes` of boards.
fn game_section_within(record: &Record, id: usize, max_steps: usize, max_bytes: usize) -> Section {
    let Record {
        source,
        number,
        game,
        ..
    } = *record;
    let text = source.text;
    let kind = game.header.game.value;
    let replayed = replay_game(game, ReplayOptions::plies().max_laps(record.max_laps));
    let mut out = String::new();
    let players = match (&game.header.player_a, &game.header.player_b) {
        (None, None) => String::new(),
        (a, b) => format!(
            ", {} (A) against {} (B)",
            a.as_ref().map_or("?", |a| a.value.as_str()),
            b.as_ref().map_or("?", |b| b.value.as_str())
        ),
    };
    let verdict = if replayed.failure.is_some() || !record.reports.is_empty() {
        "fails"
    } else {
        "passes"
    };
    let _ = writeln!(
        out,
        "<section class=\"game\" id=\"game-{id}\" data-game=\"{id}\">\n<h2>{}: game {number} ({kind}{}) <span class=\"verdict {verdict}\">{verdict}</span></h2>",
        escape(source.name),
        escape(&players)
    );
    let tags = tag_lines(game);
    if !tags.is_empty() {
        let _ = writeln!(out, "<p class=\"tags\">{}</p>", escape(&tags.join(" · ")));
    }

    let failure = replayed.failure.as_ref();
    let stepped = steps_of_elements(&game.moves, &replayed.plies);
    let failing_step = failure.map(|f| failing_step(f, &game.moves, &stepped, &replayed.plies));
    let layout = match (
        AnyRules::from_header(&game.header, record.max_laps),
        replayed.start.as_ref(),
    ) {
        (Ok(rules), Some(start)) => Some(layout_of(&rules, start.holes.row(Side::A).len())),
        _ => None,
    };

    let mut style = None;
    let steps = 1 + replayed.plies.len();
    let mut notes: Vec<Vec<String>> = vec![Vec::new(); steps];
    for (element, step) in game.moves.iter().zip(&stepped) {
        if let (Some(step), "claim" | "comment") = (step, element_class(element)) {
            let written = text
                .get(element.span().start..element.span().end)
                .unwrap_or_default();
            if let Some(list) = notes.get_mut(*step) {
                list.push(written.to_string());
            }
        }
    }
    // The step the page opens at: `--ply N`'s, else the failure's, else the start.
    let wanted = match record.ply {
        Some(ply) => replayed
            .plies
            .iter()
            .position(|p| matches!(p.label, StepLabel::Ply { ply: n, .. } if n == ply))
            .map_or_else(
                || if ply == 0 { 0 } else { steps.saturating_sub(1) },
                |i| i + 1,
            ),
        None => failing_step.unwrap_or(0),
    };
    let mut json_steps = Vec::new();
    let (mut first, mut end) = (0, 0);
    if let (Some(layout), Some(start)) = (layout, replayed.start.clone()) {
        // The steps kept are those nearest the one the page opens at, taken outward from it
        // in turn, so that they are one run of steps around it: a game's first steps, the
        // steps that lead to its failure, or those around `--ply N`.
        let mut bytes = 0;
        for index in outward(wanted, steps) {
            if json_steps.len() >= max_steps || bytes >= max_bytes {
                break;
            }
            let step = index.checked_sub(1).and_then(|i| replayed.plies.get(i));
            let position = step.map_or_else(|| start.clone(), |s| s.after.clone());
            let drawn = board(game, layout, step, position);
            let (svg, sheet) = split_style(&board_svg(&drawn));
            style = style.or(sheet);
            let svg_len = svg.len();
            let ply = match step.map(|s| &s.label) {
                Some(StepLabel::Ply { ply, .. }) => Some(*ply),
                _ => None,
            };
            json_steps.push((
                index,
                serde_json::json!({
                    "step": index,
                    "ply": ply,
                    "words": step_words(step),
                    "laps": drawn.marks.laps.len(),
                    "notes": notes.get(index).cloned().unwrap_or_default(),
                    "svg": svg,
                }),
            ));
            bytes += svg_len;
        }
        json_steps.sort_by_key(|(index, _)| *index);
        if let (Some((low, _)), Some((high, _))) = (json_steps.first(), json_steps.last()) {
            (first, end) = (*low, high + 1);
        }
    }
    let json_steps: Vec<serde_json::Value> = json_steps.into_iter().map(|(_, v)| v).collect();
    let opening = wanted.clamp(first, end.max(first + 1) - 1);

    if json_steps.is_empty() {
        out.push_str(
            "<p class=\"note\">No board: the game has no start position to replay from.</p>\n",
        );
    } else {
        let last = first + json_steps.len() - 1;
        let _ = writeln!(
            out,
            "<div class=\"viewer\">\n<div class=\"left\">\n<div class=\"board\" aria-live=\"polite\"></div>\n<div class=\"controls\"><button type=\"button\" class=\"prev\" title=\"previous step (←)\">◀</button><input type=\"range\" class=\"slider\" min=\"{first}\" max=\"{last}\" value=\"{opening}\" aria-label=\"step\"><button type=\"button\" class=\"next\" title=\"next step (→)\">▶</button> <span class=\"where\"></span></div>\n<div class=\"laps\"><button type=\"button\" class=\"lap-prev\" title=\"previous lap (↑)\">lap −</button><button type=\"button\" class=\"lap-next\" title=\"next lap (↓)\">lap +</button> <span class=\"lap\"></span></div>\n<div class=\"notes\"></div>\n</div>"
        );
        if first > 0 || end < steps {
            let _ = writeln!(
                out,
                "<p class=\"note\">The game has {steps} steps; the page keeps {} of them, steps {first} to {last} (at most {max_steps} steps or about {} MB of boards a game).</p>",
                end - first,
                max_bytes >> 20
            );
        }
    }
    out.push_str("<div class=\"moves\">");
    move_text(&mut out, game, text, &stepped, first..end);
    out.push_str("</div>\n");
    if !json_steps.is_empty() {
        out.push_str("</div>\n");
    }

    let reports: Vec<String> = if !record.reports.is_empty() {
        record.reports.clone()
    } else {
        replayed
            .failures()
            .map(|f| report::problem(source, kind, f, Paint::Plain))
            .collect()
    };
    if !reports.is_empty() {
        let at = failing_step.map_or(String::new(), |s| format!(" data-step=\"{s}\""));
        let _ = writeln!(
            out,
            "<details class=\"failure\" open{at}>\n<summary>Why the game fails{}</summary>",
            failing_step.map_or(String::new(), |s| format!(" (step {s})"))
        );
        for shown in &reports {
            let _ = writeln!(out, "<pre>{}</pre>", escape(shown));
        }
        if let (Some(failure), Some(layout)) = (failure, layout) {
            if let Some(pair) = claimed_and_replayed(game, layout, failure, &replayed) {
                let (svg, sheet) = split_style(&pair);
                style = style.or(sheet);
                let _ = writeln!(
                    out,
                    "<p>The checkpoint as claimed, beside the position replayed (as <code>mgn show --diff</code> draws them):</p>\n<div class=\"diff\">{svg}</div>"
                );
            }
        }
        out.push_str("</details>\n");
    }
    let _ = writeln!(
        out,
        "<script type=\"application/json\" class=\"steps\">{}</script>\n</section>",
        script_json(&serde_json::Value::Array(json_steps))
    );
    let plies = replayed
        .plies
        .iter()
        .filter(|p| matches!(p.label, StepLabel::Ply { .. }))
        .count();
    Section {
        html: out,
        style,
        failures: reports,
        plies,
    }
}

/// A game that could not be read: its report alone.
pub fn unread_section(name: &str, number: usize, reports: &[String], id: usize) -> Section {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<section class=\"game\" id=\"game-{id}\" data-game=\"{id}\">\n<h2>{}: game {number} <span class=\"verdict fails\">fails</span></h2>\n<details class=\"failure\" open>\n<summary>Why the game fails (it does not read, so there is no board)</summary>",
        escape(name)
    );
    for shown in reports {
        let _ = writeln!(out, "<pre>{}</pre>", escape(shown));
    }
    out.push_str("</details>\n</section>\n");
    Section {
        html: out,
        style: None,
        failures: reports.to_vec(),
        plies: 0,
    }
}

fn tag_lines(game: &Game) -> Vec<String> {
    let header = &game.header;
    let mut tags = Vec::new();
    let mut tag = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            tags.push(format!("{name} {value}"));
        }
    };
    tag("Board", header.board.as_ref().map(|b| b.value.to_string()));
    tag("Preset", header.preset.as_ref().map(|p| p.value.clone()));
    tag("Event", header.event.as_ref().map(|e| e.value.clone()));
    tag("Site", header.site.as_ref().map(|s| s.value.clone()));
    tag("Date", header.date.as_ref().map(|d| d.value.clone()));
    tags
}

/// The step the page opens a failing game at: the one of the element the failure points into,
/// else the last one replayed (the position an illegal move was played from).
fn failing_step(
    failure: &Diagnostic,
    moves: &[Element],
    stepped: &[Option<usize>],
    plies: &[PlyRecord],
) -> usize {
    let last = plies.len();
    let Some(offset) = failure.offset() else {
        return last;
    };
    moves
        .iter()
        .zip(stepped)
        .find(|(element, _)| {
            let span = element.span();
            (span.start..span.end.max(span.start + 1)).contains(&offset)
        })
        .and_then(|(_, step)| *step)
        .unwrap_or(last)
}

/// The false checkpoint as claimed beside the position replayed, the holes that differ marked,
/// as `mgn show --diff` draws them; None when the failure is no false checkpoint.
fn claimed_and_replayed(
    game: &Game,
    layout: Layout,
    failure: &Diagnostic,
    replayed: &mgn::replay::Replayed,
) -> Option<String> {
    if failure.rule != general::CLAIM_CHECKPOINT {
        return None;
    }
    let offset = failure.offset()?;
    let claim = game.moves.iter().find_map(|element| match element {
        Element::Checkpoint(claim) if (claim.span.start..claim.span.end).contains(&offset) => {
            Some(claim)
        }
        _ => None,
    })?;
    let last = replayed.plies.last();
    let position = last.map_or_else(|| replayed.start.clone(), |s| Some(s.after.clone()))?;
    let kind = game.header.game.value;
    let boards = diff_boards(
        kind,
        layout,
        claim.value.clone(),
        last,
        position,
        &|words| words,
    );
    let refs: Vec<&Board> = boards.iter().collect();
    Some(boards_svg(&refs))
}

/// The move text as written, each element that makes a step a link to its board, claims and
/// comments set apart.
fn move_text(
    out: &mut String,
    game: &Game,
    text: &str,
    stepped: &[Option<usize>],
    shown: std::ops::Range<usize>,
) {
    let Some(first) = game.moves.first() else {
        out.push_str("<p class=\"note\">The game has no moves.</p>");
        return;
    };
    // From the start of the line the move text starts on, so that its move number shows.
    let first_at = first.span().start.min(text.len());
    let mut at = text[..first_at].rfind('\n').map_or(0, |n| n + 1);
    if !text.is_char_boundary(at) {
        at = first_at;
    }
    out.push_str("<pre class=\"text\">");
    for (element, step) in game.moves.iter().zip(stepped) {
        let span = element.span();
        let (Some(gap), Some(written)) = (text.get(at..span.start), text.get(span.start..span.end))
        else {
            continue;
        };
        out.push_str(&escape(gap));
        let class = element_class(element);
        match (class, step) {
            ("step", Some(step)) if shown.contains(step) => {
                let _ = write!(
                    out,
                    "<a class=\"step\" href=\"#\" data-step=\"{step}\">{}</a>",
                    escape(written)
                );
            }
            ("step", _) => {
                let _ = write!(
                    out,
                    "<span class=\"step unshown\">{}</span>",
                    escape(written)
                );
            }
            (class, _) => {
                let _ = write!(out, "<span class=\"{class}\">{}</span>", escape(written));
            }
        }
        at = span.end;
    }
    let outcome = game.outcome.span;
    if let Some(rest) = text.get(at..outcome.end.max(at)) {
        out.push_str(&escape(rest));
    }
    out.push_str("</pre>");
}

const PAGE_STYLE: &str = "
body{font:15px 'DejaVu Sans',Verdana,sans-serif;color:#222;background:#fafafa;margin:16px}
h1{font-size:20px;margin:0 0 8px}
h2{font-size:17px;margin:0 0 4px}
section.game{background:#fff;border:1px solid #ccc;border-radius:6px;padding:12px;margin:0 0 16px}
section.game.active{border-color:#1f4e8c}
.verdict{font-size:13px;padding:1px 6px;border-radius:4px;color:#fff}
.verdict.fails{background:#c0392b}
.verdict.passes{background:#1b8a2f}
.tags{color:#555;margin:0 0 8px}
.viewer{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}
.board svg{max-width:100%;height:auto}
.controls,.laps{margin:4px 0;display:flex;gap:6px;align-items:center}
.slider{width:260px}
.moves{flex:1;min-width:240px;max-width:520px}
pre{white-space:pre-wrap;margin:0}
pre.text{font:14px/1.6 'DejaVu Sans Mono',monospace;max-height:420px;overflow:auto;border:1px solid #ddd;padding:6px}
a.step{color:#1f4e8c;text-decoration:none;border-radius:3px;padding:0 1px}
a.step.current{background:#f2a900;color:#000;font-weight:bold}
.step.unshown{color:#999}
.claim{color:#7b2ea0}
.comment{color:#2e6b2e;font-style:italic}
.notes{font-size:14px;max-width:560px}
.notes ul{margin:4px 0;padding-left:18px}
.note{color:#555;font-size:13px}
details.failure{margin-top:10px;border-left:4px solid #c0392b;padding:4px 8px;background:#fff5f4}
details.failure pre{font:13px 'DejaVu Sans Mono',monospace;margin:6px 0}
.diff svg{max-width:100%;height:auto}
";

const PAGE_SCRIPT: &str = r#"
(function () {
  'use strict';
  var games = [];
  var active = null;
  function fragment() {
    var wanted = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var kv = pair.split('=');
      if (kv.length === 2) wanted[kv[0]] = parseInt(kv[1], 10);
    });
    return wanted;
  }
  function setUp(section) {
    var data = section.querySelector('script.steps');
    var steps = data ? JSON.parse(data.textContent) : [];
    var slider = section.querySelector('.slider');
    if (!steps.length || !slider) return null;
    var game = {
      section: section, steps: steps, slider: slider,
      first: steps[0].step, lap: 0,
      board: section.querySelector('.board'),
      where: section.querySelector('.where'),
      lapWords: section.querySelector('.lap'),
      notes: section.querySelector('.notes'),
      links: section.querySelectorAll('a.step')
    };
    game.step = parseInt(slider.value, 10);
    slider.addEventListener('input', function () { show(game, parseInt(slider.value, 10), 0); });
    section.querySelector('.prev').addEventListener('click', function () { show(game, game.step - 1, 0); });
    section.querySelector('.next').addEventListener('click', function () { show(game, game.step + 1, 0); });
    section.querySelector('.lap-prev').addEventListener('click', function () { show(game, game.step, game.lap - 1); });
    section.querySelector('.lap-next').addEventListener('click', function () { show(game, game.step, game.lap + 1); });
    Array.prototype.forEach.call(game.links, function (link) {
      link.addEventListener('click', function (event) {
        event.preventDefault();
        show(game, parseInt(link.getAttribute('data-step'), 10), 0);
      });
    });
    section.addEventListener('mousedown', function () { activate(game); });
    return game;
  }
  function activate(game) {
    if (active) active.section.classList.remove('active');
    active = game;
    game.section.classList.add('active');
  }
  function show(game, step, lap) {
    var last = game.first + game.steps.length - 1;
    step = Math.max(game.first, Math.min(last, step));
    var shown = game.steps[step - game.first];
    lap = Math.max(0, Math.min(shown.laps, lap));
    if (step !== game.step || !game.board.firstChild) game.board.innerHTML = shown.svg;
    game.step = step;
    game.lap = lap;
    game.slider.value = String(step);
    game.section.setAttribute('data-step', String(step));
    game.section.setAttribute('data-lap', String(lap));
    Array.prototype.forEach.call(game.board.querySelectorAll('[data-lap]'), function (path) {
      var number = parseInt(path.getAttribute('data-lap'), 10);
      path.style.display = lap === 0 || number === lap ? '' : 'none';
    });
    game.where.textContent = 'step ' + step + ' of ' + last + ': ' + shown.words;
    game.lapWords.textContent = shown.laps === 0 ? 'no laps' :
      (lap === 0 ? 'all ' + shown.laps + ' laps' : 'lap ' + lap + ' of ' + shown.laps);
    game.notes.textContent = '';
    if (shown.notes.length) {
      var list = document.createElement('ul');
      shown.notes.forEach(function (note) {
        var item = document.createElement('li');
        item.textContent = note;
        list.appendChild(item);
      });
      game.notes.appendChild(list);
    }
    Array.prototype.forEach.call(game.links, function (link) {
      var current = parseInt(link.getAttribute('data-step'), 10) === step;
      link.classList.toggle('current', current);
      if (current && link.scrollIntoView && game.section === (active && active.section)) {
        var box = link.parentNode;
        if (box && box.scrollHeight > box.clientHeight) {
          box.scrollTop = link.offsetTop - box.offsetTop - box.clientHeight / 2;
        }
      }
    });
  }
  function stepOf(game, wanted) {
    if (wanted.step !== undefined) return wanted.step;
    if (wanted.ply !== undefined) {
      if (wanted.ply === 0) return game.first;
      for (var i = 0; i < game.steps.length; i++) {
        if (game.steps[i].ply === wanted.ply) return game.steps[i].step;
      }
    }
    return null;
  }
  function start() {
    Array.prototype.forEach.call(document.querySelectorAll('section.game'), function (section) {
      var game = setUp(section);
      if (game) games.push(game);
    });
    if (!games.length) return;
    var wanted = fragment();
    var chosen = games[0];
    if (wanted.game !== undefined) {
      games.forEach(function (game) {
        if (game.section.getAttribute('data-game') === String(wanted.game)) chosen = game;
      });
    }
    games.forEach(function (game) {
      var step = game === chosen ? stepOf(game, wanted) : null;
      show(game, step === null ? game.step : step, game === chosen && wanted.lap ? wanted.lap : 0);
    });
    activate(chosen);
    document.addEventListener('keydown', function (event) {
      if (!active || event.altKey || event.ctrlKey || event.metaKey) return;
      var moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      var move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      if (move[0]) show(active, active.step + move[0], 0);
      else show(active, active.step, active.lap + move[1]);
    });
  }
  start();
})();
"#;

/// The page: `title`, then `notes` (what was left out), then the games' sections.
pub fn page(title: &str, notes: &[String], sections: &[Section]) -> String {
    let style = sections
        .iter()
        .find_map(|s| s.style.as_deref())
        .unwrap_or("");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{PAGE_STYLE}{}</style>\n</head>\n<body>\n<h1>{}</h1>\n<p class=\"note\">Step with the slider, ← and → (a ply at a time), ↑ and ↓ (a lap at a time within a ply); click a move to see its board.</p>",
        escape(title),
        style.replace("</", "<\\/"),
        escape(title)
    );
    for note in notes {
        let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(note));
    }
    for section in sections {
        out.push_str(&section.html);
    }
    let _ = writeln!(out, "<script>{PAGE_SCRIPT}</script>\n</body>\n</html>");
    out
}

/// Failing games given a section of the check page, at most: past them, or past
/// [`PAGE_BYTES`], a failing game is listed by its place and first line only.
pub const MAX_GAMES: usize = 100;
/// The page's sections, at most, in bytes, so that a run of thousands of failures gives a page
/// a browser opens.
pub const PAGE_BYTES: usize = 20 << 20;
/// Failing games listed beyond the sections, at most; the others are counted.
pub const MAX_LISTED: usize = 1000;

/// The page of `mgn check --format html`: a section for each failing game, up to the bounds.
pub struct FailingPage {
    output: Option<PathBuf>,
    max_laps: u64,
    sections: Vec<Section>,
    bytes: usize,
    /// Failing games past the bounds: the first line of their report.
    listed: Vec<String>,
    /// Failing games past the list too.
    unlisted: usize,
}

impl FailingPage {
    /// A page to be written to `output` (standard output when None), its games replayed under
    /// `max_laps`.
    pub fn new(output: Option<PathBuf>, max_laps: u64) -> FailingPage {
        FailingPage {
            output,
            max_laps,
            sections: Vec::new(),
            bytes: 0,
            listed: Vec::new(),
            unlisted: 0,
        }
    }

    fn has_room(&mut self, reports: &[String]) -> bool {
        if self.sections.len() < MAX_GAMES && self.bytes < PAGE_BYTES {
            return true;
        }
        if self.listed.len() < MAX_LISTED {
            let first = reports
                .first()
                .and_then(|r| r.lines().next())
                .unwrap_or_default();
            self.listed.push(first.to_string());
        } else {
            self.unlisted += 1;
        }
        false
    }

    fn push(&mut self, section: Section) {
        self.bytes += section.html.len();
        self.sections.push(section);
    }

    /// A failing record of `source`, the `index`th of its file, `reports` its departures as the
    /// text report words them.
    pub fn add(
        &mut self,
        source: &Source,
        index: usize,
        result: &RecordResult,
        reports: &[String],
    ) {
        if !self.has_room(reports) {
            return;
        }
        let id = self.sections.len() + 1;
        let name = source.imported_from.map_or(source.name, |from| from.name);
        let RecordResult::Checked { verdict, .. } = result else {
            self.push(unread_section(name, index, reports, id));
            return;
        };
        // The game of the part the first departure points into.
        let at = verdict.problems().first().and_then(Diagnostic::offset);
        let games = parse_games(source.text);
        let game = games
            .iter()
            .filter_map(|g| g.as_ref().ok())
            .find(|g| {
                at.is_some_and(|at| (g.span.start..g.span.end.max(g.span.start + 1)).contains(&at))
            })
            .or(match games.as_slice() {
                [Ok(game)] => Some(game),
                _ => None,
            });
        let Some(game) = game else {
            self.push(unread_section(name, index, reports, id));
            return;
        };
        let record = Record {
            source,
            number: index,
            game,
            reports: reports.to_vec(),
            ply: None,
            max_laps: self.max_laps,
        };
        self.push(game_section(&record, id));
    }

    /// A record that could not be read or imported.
    pub fn add_unread(&mut self, name: &str, index: usize, reports: &[String]) {
        if self.has_room(reports) {
            let id = self.sections.len() + 1;
            self.push(unread_section(name, index, reports, id));
        }
    }

    /// Writes the page, `count` the run's `N passed, N failed`, to its file or to `out`;
    /// `complete` says whether the run read every input, without which no page may say that no
    /// game fails.
    pub fn finish(self, out: &mut dyn io::Write, count: &str, complete: bool) -> io::Result<()> {
        let mut notes = vec![format!("mgn check: {count}.")];
        if !complete {
            notes.push(
                "The run did not read every input or stopped early: see its standard error."
                    .to_string(),
            );
        } else if self.sections.is_empty() {
            notes.push("No game fails.".to_string());
        }
        let past = self.listed.len() + self.unlisted;
        if past > 0 {
            notes.push(format!(
                "The page shows the first {} failing games (at most {MAX_GAMES}, or about {} MB of page); {past} more fail: mgn show FILE --game N --format html draws any of them.",
                self.sections.len(),
                PAGE_BYTES >> 20
            ));
        }
        let mut page = page("mgn check: the failing games", &notes, &self.sections);
        if past > 0 {
            let mut list =
                String::from("<section class=\"more\"><h2>More failing games</h2>\n<ul>\n");
            for line in &self.listed {
                let _ = writeln!(list, "<li><code>{}</code></li>", escape(line));
            }
            if self.unlisted > 0 {
                let _ = writeln!(list, "<li>and {} more</li>", self.unlisted);
            }
            list.push_str("</ul></section>\n");
            if let Some(at) = page.rfind("<script>") {
                page.insert_str(at, &list);
            }
        }
        match &self.output {
            Some(path) => output::write_file(path, |file| file.write_all(page.as_bytes())),
            None => out.write_all(page.as_bytes()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_never_holds_an_angle_bracket() {
        let value = serde_json::json!(["</script><!-- & \u{2028}"]);
        let written = script_json(&value);
        assert!(!written.contains('<') && !written.contains('>'));
        let read: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(read, value);
    }

    #[test]
    fn escape_covers_markup_and_quotes() {
        assert_eq!(
            escape("<b a=\"1\">'&'</b>"),
            "&lt;b a=&quot;1&quot;&gt;&apos;&amp;&apos;&lt;/b&gt;"
        );
    }

    /// The section of the `number`th game of `text`, kept to `max_steps` steps.
    fn section_of(text: &str, number: usize, max_steps: usize) -> Section {
        section_at(text, number, max_steps, None)
    }

    /// [`section_of`], opened at ply `ply` (`--ply`).
    fn section_at(text: &str, number: usize, max_steps: usize, ply: Option<usize>) -> Section {
        let source = Source::whole("game.mgn", text);
        let games = parse_games(text);
        let game = games[number - 1].as_ref().unwrap();
        let record = Record {
            source: &source,
            number,
            game,
            reports: Vec::new(),
            ply,
            max_laps: mgn::rules::DEFAULT_MAX_LAPS,
        };
        game_section_within(&record, 1, max_steps, GAME_BYTES)
    }

    const LONG: &str = include_str!("../../../../records/dakon/notation-example.mgn");
    const ONE_BAD: &str = include_str!("../../tests/data/html/one-bad.mgn");

    #[test]
    fn a_long_game_keeps_its_first_steps_and_says_so() {
        let section = section_of(LONG, 1, 10);
        assert!(section
            .html
            .contains("the page keeps 10 of them, steps 0 to 9"));
        assert!(section.html.contains("min=\"0\" max=\"9\""));
        assert_eq!(section.html.matches("\"step\":").count(), 10);
        // The moves past the steps kept are in the move text, without a board to show.
        assert!(section.html.contains("<span class=\"step unshown\">"));
    }

    #[test]
    fn steps_are_taken_outward_nearest_first_the_earlier_side_first() {
        let order = |from, steps| outward(from, steps).collect::<Vec<_>>();
        assert_eq!(order(3, 6), [3, 2, 4, 1, 5, 0]);
        assert_eq!(order(0, 4), [0, 1, 2, 3]);
        assert_eq!(order(1, 5), [1, 0, 2, 3, 4]);
        // Past the last step: from the last step back.
        assert_eq!(order(9, 3), [2, 1, 0]);
        assert!(order(0, 0).is_empty());
    }

    #[test]
    fn a_long_game_opened_past_the_steps_kept_keeps_the_steps_around_that_ply() {
        // --ply 20 of a game cut to 6 steps: the page opens at ply 20 itself (step 21: round
        // 2's start is a step), among the steps around it, not at the last of the game's
        // first steps.
        let section = section_at(LONG, 1, 6, Some(20));
        assert!(
            section.html.contains("min=\"18\" max=\"23\" value=\"21\""),
            "{}",
            section.html
        );
        assert!(section.html.contains("\"ply\":20"));
        assert_eq!(section.html.matches("\"step\":").count(), 6);
    }

    #[test]
    fn a_failing_game_keeps_the_steps_that_lead_to_its_failure() {
        let section = section_of(ONE_BAD, 2, 1);
        assert!(section.html.contains("steps 1 to 1"));
        assert!(section.html.contains("\"step\":1"));
        assert!(!section.html.contains("\"step\":0"));
        assert!(!section.failures.is_empty());
    }

    #[test]
    fn the_style_sheet_is_taken_out_once() {
        let (rest, style) = split_style("<svg><style>.a{}</style><g/></svg>");
        assert_eq!(rest, "<svg><g/></svg>");
        assert_eq!(style.as_deref(), Some(".a{}"));
    }
}
