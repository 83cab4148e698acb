//! The MGN reader and writer against `docs/notation.md`: one test per rule of the grammar, one
//! per kind of syntax error, recovery, the canonical form, and property tests for
//! `parse(write(g)) == g` and for never panicking.

use mgn::notation::*;
use proptest::prelude::*;

fn sp<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// The one game of `text`, which must read without error.
fn game(text: &str) -> Game {
    let mut games = parse_games(text);
    assert_eq!(games.len(), 1, "{games:?}");
    match games.remove(0) {
        Ok(g) => g,
        Err(e) => panic!("{}", headline(&e, "t.mgn", text)),
    }
}

/// The game of a `dakon` record with this move text.
fn moves(movetext: &str) -> Vec<Element> {
    game(&format!("[Game \"dakon\"]\n\n{movetext}")).moves
}

/// `file:line:col: expected X, found Y`, the headline of a report of a syntax error.
fn headline(e: &SyntaxError, file: &str, text: &str) -> String {
    let (line, column) = LineIndex::new(text).line_col(e.offset);
    format!("{file}:{line}:{column}: {}", e.message())
}

/// The first error of `text`, as `line:col: expected X, found Y`.
fn error(text: &str) -> String {
    let e = parse_games(text)
        .into_iter()
        .find_map(Result::err)
        .unwrap_or_else(|| panic!("no error in {text:?}"));
    headline(&e, "t.mgn", text)
        .trim_start_matches("t.mgn:")
        .to_owned()
}

fn h(side: Side, number: u32) -> Hole {
    Hole::new(side, number)
}

fn only_move(elements: &[Element]) -> &Move {
    match elements {
        [Element::Move(m)] => &m.value,
        other => panic!("not one move: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Files

#[test]
fn file_holds_several_games() {
    let text = "[Game \"dakon\"]\n\nB4 *\n\n[Game \"nchuwa\"]\n\nB9 1-0\n";
    let games: Vec<_> = parse_games(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].header.game.value, GameKind::Dakon);
    assert_eq!(games[1].header.game.value, GameKind::Nchuwa);
    assert_eq!(games[1].outcome.value, Outcome::AWins);
}

#[test]
fn file_empty_or_only_comments_holds_no_game() {
    assert!(parse_games("").is_empty());
    assert!(parse_games("\u{feff} \n\t{a comment}\n; another\n").is_empty());
}

#[test]
fn file_bom_crlf_and_tabs_are_accepted() {
    let text =
        "\u{feff}[Game\t\"dakon\"]\r\n[Board \"2x5\"]\r\n\r\n1.\tB4 ; note\r\n1... A1\t*\r\n";
    let g = game(text);
    assert_eq!(g.header.board.unwrap().value.to_string(), "2x5");
    assert_eq!(
        g.moves[1],
        Element::Comment(sp(Comment {
            text: " note".into(),
            style: CommentStyle::Line
        }))
    );
    assert_eq!(g.moves.len(), 3);
}

fn brace(text: &str) -> Spanned<Comment> {
    sp(Comment {
        text: text.into(),
        style: CommentStyle::Brace,
    })
}

fn line(text: &str) -> Spanned<Comment> {
    sp(Comment {
        text: text.into(),
        style: CommentStyle::Line,
    })
}

/// Every game of `text`, which must all read without error.
fn all_games(text: &str) -> Vec<Game> {
    parse_games(text)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{}", headline(&e, "t.mgn", text))))
        .collect()
}

#[test]
fn file_a_game_line_starts_a_game_even_inside_a_comment() {
    // A line that starts with `[Game` starts a game: the comment before it is unclosed there,
    // and the game on that line reads, as it does when the file is read game by game.
    let text = "[Game \"dakon\"]\n\n1. B4 {a comment\n[Game \"dakon\"]\n\n1. B4 } *\n";
    let read = parse_games(text);
    assert_eq!(read.len(), 2);
    assert_eq!(
        error(text),
        "3:7: expected `}` closing this comment, found the next game's `[Game` line"
    );
    assert!(
        read[1].is_err(),
        "the `}}` of the second game closes nothing"
    );
    let text = "[Game \"dakon\"]\n\n1. B4 {a comment\n[Game \"dakon\"]\n\n1. B4 *\n";
    let read = parse_games(text);
    assert_eq!(read.len(), 2);
    assert_eq!(read[1].as_ref().unwrap().moves.len(), 1);
    // Not at a line start, `[Game` is comment text.
    let text = "[Game \"dakon\"]\n\n1. B4 {see\n [Game \"dakon\"]} *\n";
    assert_eq!(game(text).moves.len(), 2);
}

#[test]
fn file_comments_before_the_first_game_belong_to_it() {
    let games = all_games("\u{feff}; file\n\n{first}\n\n[Game \"dakon\"]\nB4 *");
    assert_eq!(games[0].before, [line(" file"), brace("first")]);
    assert_eq!(games[0].moves.len(), 1);
}

#[test]
fn file_comments_after_a_result_belong_to_its_game_up_to_a_blank_line() {
    let text = "[Game \"dakon\"]\nB4 * {a} ; b\r\n{c\n\nstill c}\n \t\r\n{d}\n; e\n\n\
                [Game \"dakon\"]\nB1 *";
    let games = all_games(text);
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].after,
        [brace("a"), line(" b"), brace("c\n\nstill c")]
    );
    assert!(games[0].before.is_empty());
    assert_eq!(games[1].before, [brace("d"), line(" e")]);
    assert!(games[1].after.is_empty());
    assert!(games.iter().all(|g| g.moves.len() == 1));
}

#[test]
fn file_comments_between_games_without_a_blank_line_are_the_first_games() {
    let text = "{before}\n[Game \"dakon\"]\nB4 * {after}\n; more\n[Game \"dakon\"]\nB1 *";
    let games = all_games(text);
    assert_eq!(games[0].before, [brace("before")]);
    assert_eq!(games[0].after, [brace("after"), line(" more")]);
    assert!(games[1].before.is_empty());
}

#[test]
fn file_comments_at_the_end_all_belong_to_the_last_game() {
    let games = all_games("[Game \"dakon\"]\n*\n\n[Game \"dakon\"]\n* {a}\n\n\n; b\n\n{c}\n\n");
    assert!(games[0].after.is_empty());
    assert!(games[1].before.is_empty());
    assert_eq!(games[1].after, [brace("a"), line(" b"), brace("c")]);
}

#[test]
fn file_comments_before_a_broken_game_are_lost_with_it() {
    let text = "[Game \"dakon\"]\n* {a}\n\n{b}\n[Game \"chess\"]\n*\n{c}\n\n\
                [Game \"dakon\"]\nB1 *";
    let games = parse_games(text);
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games[0].as_ref().unwrap().after, [brace("a")]);
    assert!(games[1].is_err());
    let last = games[2].as_ref().unwrap();
    assert!(last.before.is_empty() && last.after.is_empty());
}

#[test]
fn file_an_unclosed_comment_after_a_game_is_the_next_records_error() {
    let text = "[Game \"dakon\"]\nB4 * {a}\n\n{b} {oops\n";
    let games = parse_games(text);
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0].as_ref().unwrap().after, [brace("a")]);
    assert_eq!(
        error(text),
        "4:5: expected `}` closing this comment, found end of file"
    );
    let text = "[Game \"dakon\"]\nB4 * {a} {oops\n[Game \"dakon\"]\nB1 *\n";
    let games = parse_games(text);
    let shape: Vec<bool> = games.iter().map(Result::is_ok).collect();
    assert_eq!(shape, [true, false, true]);
    assert_eq!(games[0].as_ref().unwrap().after, [brace("a")]);
    assert_eq!(
        error(text),
        "2:10: expected `}` closing this comment, found the next game's `[Game` line"
    );
}

// ---------------------------------------------------------------------------------------------
// Tags

#[test]
fn tag_known_tags_are_typed() {
    let text = r#"[Game "dong-wo"]
[Board "2x5"]
[Preset "kenya"]
[Option "dong-wo.capture=all"]
[Option "dong-wo.sow=ccw"]
[PlayerA "Ann"]
[PlayerB "Bo"]
[Event "Cup"]
[Site "Here"]
[Date "2024.??.01"]
[Source "book"]
[First "A"]
[Result "1/2-1/2"]
[Termination "normal"]
[Start "5,5,5,5,mA/mB,5,5,5,5 0/0 A 1"]

1/2-1/2"#;
    let hd = game(text).header;
    assert_eq!(hd.game.value, GameKind::DongWo);
    assert_eq!(
        hd.board.unwrap().value,
        BoardSize {
            rows: 2,
            columns: 5
        }
    );
    assert_eq!(hd.preset.unwrap().value, "kenya");
    let options: Vec<_> = hd.options.iter().map(|o| o.value.clone()).collect();
    assert_eq!(
        options,
        [
            RuleSetting {
                code: "dong-wo.capture".into(),
                value: "all".into()
            },
            RuleSetting {
                code: "dong-wo.sow".into(),
                value: "ccw".into()
            }
        ]
    );
    assert_eq!(hd.player_a.unwrap().value, "Ann");
    assert_eq!(hd.player_b.unwrap().value, "Bo");
    assert_eq!(hd.event.unwrap().value, "Cup");
    assert_eq!(hd.site.unwrap().value, "Here");
    assert_eq!(hd.date.unwrap().value, "2024.??.01");
    assert_eq!(hd.source.unwrap().value, "book");
    assert_eq!(hd.first.unwrap().value, Side::A);
    assert_eq!(hd.result.unwrap().value, Outcome::Draw);
    assert_eq!(hd.termination.unwrap().value, "normal");
    let start = hd.start.unwrap().value;
    assert_eq!(start.holes[0][4].pile.muzi, Muzi::of(Side::A));
    assert_eq!(start.holes[1][0].pile.muzi, Muzi::of(Side::B));
}

#[test]
fn tag_other_tags_are_kept_in_order() {
    let hd = game("[Game \"dakon\"]\n[Zeta \"1\"]\n[Alpha_2 \"2\"]\n[Zeta \"3\"]\n*").header;
    let other: Vec<_> = hd
        .other
        .iter()
        .map(|t| (t.value.name.as_str(), t.value.value.as_str()))
        .collect();
    assert_eq!(other, [("Zeta", "1"), ("Alpha_2", "2"), ("Zeta", "3")]);
}

#[test]
fn tag_string_escapes_quote_and_backslash() {
    let hd = game(r#"[Game "dakon"] [Event "a \"b\" c\\d"] *"#).header;
    assert_eq!(hd.event.unwrap().value, r#"a "b" c\d"#);
}

#[test]
fn tag_string_escapes_line_ends() {
    let hd = game(r#"[Game "dakon"] [Event "a\nb\rc\r\n"] *"#).header;
    assert_eq!(hd.event.unwrap().value, "a\nb\rc\r\n");
}

#[test]
fn canonical_tag_values_escape_line_ends_quotes_and_backslashes() {
    let mut g = game("[Game \"dakon\"]\n*");
    g.header.event = Some(sp("\"]\n\n1. B4 x7 *\r\n\\".to_owned()));
    let text = write_game(&g);
    assert_eq!(
        text,
        "[Game \"dakon\"]\n[Event \"\\\"]\\n\\n1. B4 x7 *\\r\\n\\\\\"]\n\n*\n"
    );
    assert_eq!(parse_games(&text), vec![Ok(g)]);
}

#[test]
fn tag_span_is_the_value_between_the_quotes() {
    let text = "[Game \"dakon\"]\n[Event \"Cup\"]\n*";
    let hd = game(text).header;
    assert_eq!(hd.game.span, Span::new(7, 12));
    assert_eq!((hd.game.span.start, hd.game.span.end), (7, 12));
    let event = hd.event.unwrap().span;
    assert_eq!(&text[event.start..event.end], "Cup");
}

#[test]
fn tag_comment_after_the_tags_opens_the_move_text() {
    let m = moves("{intro} B4 *");
    assert!(matches!(&m[0], Element::Comment(c) if c.value.text == "intro"));
    let g = game("[Game \"dakon\"] [Event \"e\"] {opens} *");
    assert_eq!(g.moves, [Element::Comment(brace("opens"))]);
    assert!(g.header.comments.is_empty());
}

#[test]
fn tag_comments_between_tags_belong_to_the_header() {
    let g = game("[Game \"dakon\"] {one} ; two\n[Event \"e\"]\n{three}\n[Board \"2x5\"] {opens} *");
    let between = |c: Spanned<Comment>, after: &str| HeaderComment::new(c.value, after);
    // {three} followed Event, which MGN writes last: it stands right before it, after Board.
    let comments: Vec<HeaderComment> = g.header.comments.iter().map(|c| c.value.clone()).collect();
    assert_eq!(
        comments,
        [
            between(brace("one"), "Game"),
            between(line(" two"), "Game"),
            between(brace("three"), "Board")
        ]
    );
    assert_eq!(g.moves, [Element::Comment(brace("opens"))]);
}

/// A comment between tags stays beside the tag it followed when the tags are written in MGN's
/// order (the README's "among its tags"); `convert` once gathered them all after `Game`.
#[test]
fn tag_comments_stay_beside_the_tag_they_followed() {
    let text = "[Game \"dakon\"]\n[Event \"Cup\"]\n{the final}\n[Option \"dakon.sow.origin=skip\"]\n{as in Java}\n[Site \"Solo\"]\n[Board \"2x5\"]\n{a small board}\n[Date \"2026\"]\n\n1. B4 *\n";
    let g = game(text);
    let written = write_game(&g);
    assert_eq!(
        written,
        "[Game \"dakon\"]\n[Board \"2x5\"]\n{a small board}\n[Option \"dakon.sow.origin=skip\"]\n{as in Java}\n[Event \"Cup\"]\n{the final}\n[Site \"Solo\"]\n[Date \"2026\"]\n\n1. B4 *\n"
    );
    // The canonical text reads back as the same game, and writes as itself.
    let back = game(&written);
    assert_eq!(back.header.comments.len(), 3);
    assert_eq!(write_game(&back), written);
    // A comment whose tag the header does not hold (a header a program built) is kept, after
    // the `Game` tag.
    let mut built = g.clone();
    built.header.site = None;
    built.header.comments[0].value.after = "Site".to_string();
    assert!(write_game(&built).starts_with("[Game \"dakon\"]\n{a small board}\n"));
}

// ---------------------------------------------------------------------------------------------
// Positions

#[test]
fn position_counts_stores_side_and_round() {
    let p = parse_position("0,6,6,6,6/6,6,6,0,6 0/1 A 1").unwrap();
    assert_eq!(p.holes[0].len(), 5);
    assert_eq!(p.holes[0][0].pile.seeds, 0);
    assert_eq!(p.holes[1][3].pile.seeds, 0);
    assert_eq!(p.stores[1].seeds, 1);
    assert_eq!(p.to_move, Side::A);
    assert_eq!(p.round, 1);
    assert_eq!(p.debts, [0, 0]);
}

#[test]
fn position_muzi_owners_out_of_play_and_debts() {
    let p = parse_position("1@B,0,3,x,mAmB/mB,2,0,0,0 14/9mA A 3 4/0").unwrap();
    assert_eq!(p.holes[0][0].owner, Some(Side::B));
    assert_eq!(p.holes[0][0].pile.seeds, 1);
    assert!(p.holes[0][3].out_of_play);
    assert_eq!(p.holes[0][4].pile.muzi, Muzi { a: true, b: true });
    assert_eq!(p.holes[1][0].pile.seeds, 0);
    assert_eq!(p.stores[1].muzi, Muzi::of(Side::A));
    assert_eq!(p.stores[1].seeds, 9);
    assert_eq!(p.debts, [4, 0]);
    assert_eq!(p.round, 3);
}

#[test]
fn position_canonical_form_omits_zero_before_muzi_and_zero_debts() {
    let p = parse_position("0mA,5@A,x/0mB,0,0 0/0mAmB B 2 0/0").unwrap();
    assert_eq!(write_position(&p), "mA,5@A,x/mB,0,0 0/mAmB B 2");
    let p = parse_position("5/5 0/0 B 1 0/3").unwrap();
    assert_eq!(write_position(&p), "5/5 0/0 B 1 0/3");
}

#[test]
fn position_errors_point_at_the_field() {
    let e = parse_position("5,5/5,5 0/0 C 1").unwrap_err();
    assert_eq!(
        (e.offset, e.expected.as_str()),
        (12, "the side to move, A or B")
    );
    assert_eq!(e.found, "`C`");
    let e = parse_position("5,5/5,5 0/0 A").unwrap_err();
    assert_eq!(e.expected, "a space before the round");
    assert_eq!(e.found, "the end of the position");
    let e = parse_position("5,5/5,5 0/0 A 1 ").unwrap_err();
    assert_eq!(e.expected, "the end of the position");
    assert_eq!(parse_position("5,,5/5 0/0 A 1").unwrap_err().offset, 2);
}

#[test]
fn position_in_start_tag_reports_inside_the_string() {
    let text = "[Game \"dakon\"]\n[Start \"5,5/5,5 0/0 B one\"]\n*";
    assert_eq!(error(text), "2:23: expected the round number, found `one`");
    let text = "[Game \"dakon\"]\n[Start \"5,5/5,5 0/0 B\"]\n*";
    assert_eq!(
        error(text),
        "2:22: expected a space before the round, found the end of the tag value"
    );
}

// ---------------------------------------------------------------------------------------------
// Moves

#[test]
fn move_single_hole_with_its_span() {
    let text = "[Game \"dakon\"]\n1. B4 *";
    let g = game(text);
    let m = only_move(&g.moves);
    assert_eq!(m.sowings[0].hole.value, h(Side::B, 4));
    let span = m.sowings[0].hole.span;
    assert_eq!((span.start, span.end), (18, 20));
    let Element::Move(whole) = &g.moves[0] else {
        unreachable!()
    };
    assert_eq!((whole.span.start, whole.span.end), (18, 20));
    assert_eq!((g.outcome.span.start, g.outcome.span.end), (21, 22));
    assert_eq!((g.span.start, g.span.end), (0, 22));
}

#[test]
fn move_chained_sowings() {
    let m = moves("B4-B2-B1 *");
    let holes: Vec<_> = only_move(&m).sowings.iter().map(|s| s.hole.value).collect();
    assert_eq!(holes, [h(Side::B, 4), h(Side::B, 2), h(Side::B, 1)]);
}

#[test]
fn muzi_drop_names_the_muzi_a_meeting_captures() {
    // dong-wo.muzi.meeting: `xmA` / `xmB` after a drop (docs/notation.md, Moves).
    let m = moves("B3>@A2'xmB@B4xmA A1< *");
    let drops: Vec<_> = only_move(&m[..1]).sowings[0]
        .muzi_drops
        .iter()
        .map(|d| (d.value.hole, d.value.visit, d.value.takes))
        .collect();
    assert_eq!(
        drops,
        [
            (h(Side::A, 2), 2, Some(Side::B)),
            (h(Side::B, 4), 1, Some(Side::A))
        ]
    );
    assert_eq!(
        error("[Game \"dong-wo\"]\n\n1. B3>@A2xmC *"),
        "3:12: expected the muzi the meeting captures, `mA` or `mB`, as in `@A2xmB`, found `C`"
    );
}

#[test]
fn move_direction_muzi_drops_and_second_visits() {
    let m = moves("B3>@A2'@B4 A1< *");
    let Element::Move(first) = &m[0] else {
        unreachable!()
    };
    let s = &first.value.sowings[0];
    assert_eq!(s.direction, Some(Direction::CounterClockwise));
    let drops: Vec<_> = s.muzi_drops.iter().map(|d| d.value).collect();
    assert_eq!(
        drops,
        [
            MuziDrop {
                hole: h(Side::A, 2),
                visit: 2,
                takes: None,
            },
            MuziDrop {
                hole: h(Side::B, 4),
                visit: 1,
                takes: None,
            }
        ]
    );
    let Element::Move(second) = &m[1] else {
        unreachable!()
    };
    assert_eq!(
        second.value.sowings[0].direction,
        Some(Direction::Clockwise)
    );
}

#[test]
fn move_transfer_and_extra_capture() {
    let m = moves("B8:B2*A5 *");
    let m = only_move(&m);
    assert_eq!(
        m.sowings[0].transfer_to.as_ref().unwrap().value,
        h(Side::B, 2)
    );
    let extras: Vec<Hole> = m.extra_captures.iter().map(|e| e.value).collect();
    assert_eq!(extras, vec![h(Side::A, 5)]);
}

#[test]
fn move_several_extra_captures_in_order() {
    let m = moves("B8:B2*A7*A5 *");
    let m = only_move(&m);
    let extras: Vec<Hole> = m.extra_captures.iter().map(|e| e.value).collect();
    assert_eq!(extras, vec![h(Side::A, 7), h(Side::A, 5)]);
    // Each hole has its own span, after its `*`.
    let (first, second) = (m.extra_captures[0].span, m.extra_captures[1].span);
    assert_eq!(
        (second.start - first.start, first.end - first.start),
        (3, 2)
    );
    let m = moves("B9*A5*A7*A11/3 *");
    let m = only_move(&m);
    assert_eq!(m.extra_captures.len(), 3);
    assert_eq!(m.stopped_after_lap, Some(3));
    assert!(
        error("[Game \"nchuwa\"]\n\n1. B8:B2*A5* *").contains("the hole captured after `*`"),
        "{}",
        error("[Game \"nchuwa\"]\n\n1. B8:B2*A5* *")
    );
}

#[test]
fn move_anchored_actions_and_stopped_lap() {
    let m = moves("B3>~0+A4~12^^A4/17 *");
    let m = only_move(&m);
    let actions: Vec<_> = m.actions.iter().map(|a| a.value).collect();
    assert_eq!(
        actions,
        [
            AnchoredAction {
                step: 0,
                action: HoleAction {
                    kind: ActionKind::Put,
                    hole: h(Side::A, 4)
                }
            },
            AnchoredAction {
                step: 12,
                action: HoleAction {
                    kind: ActionKind::TakeTwo,
                    hole: h(Side::A, 4)
                }
            }
        ]
    );
    assert_eq!(m.stopped_after_lap, Some(17));
}

#[test]
fn pass_and_owner_actions() {
    let m = moves("pass ^A4 +B2 ^^A1 *");
    assert!(matches!(m[0], Element::Pass(_)));
    let kinds: Vec<_> = m[1..]
        .iter()
        .map(|e| match e {
            Element::Action(a) => a.value.kind,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        kinds,
        [ActionKind::Lift, ActionKind::Put, ActionKind::TakeTwo]
    );
}

#[test]
fn claims_captures_and_score() {
    let m = moves("B4 x7(A2,B4) x0 =0/8 =mA/9mB *");
    assert_eq!(
        m[1],
        Element::Captures(sp(CaptureClaim {
            count: 7,
            holes: vec![h(Side::A, 2), h(Side::B, 4)]
        }))
    );
    assert_eq!(
        m[2],
        Element::Captures(sp(CaptureClaim {
            count: 0,
            holes: vec![]
        }))
    );
    let Element::Score(s) = &m[4] else {
        unreachable!()
    };
    assert_eq!(s.value[0].muzi, Muzi::of(Side::A));
    assert_eq!((s.value[1].seeds, s.value[1].muzi), (9, Muzi::of(Side::B)));
}

#[test]
fn checkpoint_with_its_span() {
    let text = "[Game \"dakon\"]\nB4 [0,6/6,0 0/1 A 1] *";
    let g = game(text);
    let Element::Checkpoint(c) = &g.moves[1] else {
        panic!("{:?}", g.moves)
    };
    assert_eq!(&text[c.span.start..c.span.end], "[0,6/6,0 0/1 A 1]");
    assert_eq!(
        c.value.stores,
        [
            Pile::default(),
            Pile {
                seeds: 1,
                ..Pile::default()
            }
        ]
    );
    // A checkpoint may open the move text, even starting with `x` or `m`.
    let m = moves("[x,mA/mB,5 0/0 A 2] *");
    assert!(matches!(m[0], Element::Checkpoint(_)));
}

#[test]
fn round_markers_and_transactions() {
    let m = moves(
        "round 2 win:B3 muzi:A fill:A fill:A2 borrow:A:3 repay:B:2 buy:B2 buy:B2=3 \
         rebuy:A3 swap:A2:B4 *",
    );
    assert!(matches!(m[0], Element::Round(ref n) if n.value == 2));
    let ts: Vec<_> = m[1..]
        .iter()
        .map(|e| match e {
            Element::Transaction(t) => t.value,
            other => panic!("{other:?}"),
        })
        .collect();
    use Transaction::*;
    assert_eq!(
        ts,
        [
            Win {
                hole: h(Side::B, 3)
            },
            Muzi { side: Side::A },
            Fill {
                target: FillTarget::Side(Side::A)
            },
            Fill {
                target: FillTarget::Hole(h(Side::A, 2))
            },
            Borrow {
                side: Side::A,
                stones: 3
            },
            Repay {
                side: Side::B,
                stones: 2
            },
            Buy {
                hole: h(Side::B, 2),
                stones: None
            },
            Buy {
                hole: h(Side::B, 2),
                stones: Some(3)
            },
            Rebuy {
                hole: h(Side::A, 3)
            },
            Swap {
                first: h(Side::A, 2),
                second: h(Side::B, 4)
            },
        ]
    );
}

#[test]
fn comments_keep_their_text_verbatim() {
    let m = moves("{ two  spaces }B4{}; line end \r\n;\n*");
    let texts: Vec<_> = m
        .iter()
        .filter_map(|e| match e {
            Element::Comment(c) => Some((c.value.text.as_str(), c.value.style)),
            _ => None,
        })
        .collect();
    assert_eq!(
        texts,
        [
            (" two  spaces ", CommentStyle::Brace),
            ("", CommentStyle::Brace),
            (" line end ", CommentStyle::Line),
            ("", CommentStyle::Line),
        ]
    );
}

#[test]
fn comment_braces_do_not_nest() {
    let m = moves("{a {b} B4 *");
    assert!(matches!(&m[0], Element::Comment(c) if c.value.text == "a {b"));
    assert!(matches!(m[1], Element::Move(_)));
}

#[test]
fn results_all_four() {
    for (token, outcome) in [
        ("1-0", Outcome::AWins),
        ("0-1", Outcome::BWins),
        ("1/2-1/2", Outcome::Draw),
        ("*", Outcome::Unknown),
    ] {
        let g = game(&format!(
            "[Game \"dakon\"]\n[Result \"{token}\"]\nB4 {token}"
        ));
        assert_eq!(g.outcome.value, outcome);
    }
}

#[test]
fn move_numbers_count_plies_from_each_round() {
    let m = moves("1. B4 1... A1 2. pass {c} 2... A2 3. B1 round 2 1. A3 1... B2 *");
    let plies = m
        .iter()
        .filter(|e| matches!(e, Element::Move(_) | Element::Pass(_)))
        .count();
    assert_eq!(plies, 7);
    // Numbers are optional, and actions, claims and checkpoints are not plies.
    moves("B4 x1 =0/1 ^A4 [5/5 0/1 A 1] 1... A1 B2 2... A2 *");
}

// ---------------------------------------------------------------------------------------------
// Syntax errors: message, line and column

#[test]
fn error_missing_result_at_end_of_file() {
    assert_eq!(
        error("[Game \"dakon\"]\n1. B4"),
        "2:6: expected a result (1-0, 0-1, 1/2-1/2 or *), found end of file"
    );
}

#[test]
fn error_missing_result_before_next_game() {
    assert_eq!(
        error("[Game \"dakon\"]\nB4\n[Game \"dakon\"]\n*"),
        "2:3: expected a result (1-0, 0-1, 1/2-1/2 or *), found the next game's `[Game` line"
    );
    // Not at a line start, `[Game` is read where it stands.
    assert_eq!(
        error("[Game \"dakon\"]\nB4 [Game \"dakon\"]\n*"),
        "2:4: expected a result (1-0, 0-1, 1/2-1/2 or *) before the next game, found `[Game`"
    );
}

#[test]
fn error_token_runs_into_the_next() {
    assert_eq!(
        error("[Game \"dakon\"]\n1. B4x *"),
        "2:6: expected a space or a comment after the move, found `x`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\n1.B4 *"),
        "2:3: expected a space or a comment after the move number, found `B4`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\nB4 1-0x"),
        "2:7: expected a space or a comment after the result, found `x`"
    );
}

#[test]
fn error_hole_expected() {
    assert_eq!(
        error("[Game \"dakon\"]\nB4-Bx *"),
        "2:4: expected a hole such as B4, found `Bx`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\nB4 ^C4 *"),
        "2:5: expected a hole such as A4, found `C4`"
    );
}

#[test]
fn error_unknown_element() {
    assert_eq!(
        error("[Game \"dakon\"]\nB4 e4 *"),
        "2:4: expected a move such as B4, a move number, a claim, a comment or a result, found `e4`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\nB4 ~~ *"),
        "2:4: expected a move such as B4, a move number, a claim, a comment or a result, found `~~`"
    );
}

#[test]
fn error_number_beyond_u32() {
    assert_eq!(
        error("[Game \"dakon\"]\nB4294967296 *"),
        "2:2: expected a number of at most 4294967295, found `4294967296`"
    );
    moves("B4294967295 *");
}

#[test]
fn error_found_token_is_shortened() {
    assert_eq!(
        error("[Game \"dakon\"]\nabcdefghijklmnopqrstuvwxyz *"),
        "2:1: expected a move such as B4, a move number, a claim, a comment or a result, \
         found `abcdefghijklmnopqrst…`"
    );
}

#[test]
fn error_unclosed_checkpoint() {
    assert_eq!(
        error("[Game \"dakon\"]\nB4 [5/5 0/0 A 1 *"),
        "2:16: expected `]` closing the checkpoint, found a space"
    );
}

#[test]
fn error_unclosed_comment_points_at_its_brace() {
    assert_eq!(
        error("[Game \"dakon\"]\nB4 {{{{ *"),
        "2:4: expected `}` closing this comment, found end of file"
    );
}

#[test]
fn error_game_name_unknown() {
    assert_eq!(
        error("[Game \"chess\"]\n*"),
        "1:8: expected a game name: dakon, mraw-imrujen, nchuwa or dong-wo, found \"chess\""
    );
}

#[test]
fn game_names_as_people_write_them() {
    for (written, kind) in [
        ("Dong Wo", GameKind::DongWo),
        ("DAKON", GameKind::Dakon),
        ("Mraw imrujen", GameKind::MrawImrujen),
        ("mraw_imrujen", GameKind::MrawImrujen),
    ] {
        assert_eq!(GameKind::from_name(written), Some(kind), "{written}");
    }
    assert_eq!(GameKind::from_name("Dong-Wo-2"), None);
}

#[test]
fn error_game_tag_must_come_first() {
    assert_eq!(
        error("[Board \"2x5\"]\n[Game \"dakon\"]\n*"),
        "1:2: expected the `Game` tag, which comes first in a game, found `Board`"
    );
}

#[test]
fn error_text_before_the_first_game() {
    assert_eq!(
        error("hello\n[Game \"dakon\"]\n*"),
        "1:1: expected a game, starting with its `[Game \"...\"]` tag, found `hello`"
    );
}

#[test]
fn error_malformed_tags() {
    assert_eq!(
        error("[Game \"dakon\"]\n[Board 2x5]\n*"),
        "2:8: expected `\"` opening the tag value, found `2x5]`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\n[Event \"abc]\n*"),
        "2:13: expected `\"` closing the tag value, found end of line"
    );
    assert_eq!(
        error("[Game \"dakon\"]\n[Event \"a\\t\"]\n*"),
        "2:10: expected `\\\"`, `\\\\`, `\\n` or `\\r` (a backslash escapes only these), found `\\t\"]`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\n[Event \"a\" x]\n*"),
        "2:11: expected `]` closing the tag, found a space"
    );
}

#[test]
fn error_tag_values() {
    let cases = [
        (
            "[Board \"2-5\"]",
            "2:9: expected a board size such as 2x5, found \"2-5\"",
        ),
        (
            "[First \"C\"]",
            "2:9: expected the first player, A or B, found \"C\"",
        ),
        (
            "[Result \"2-0\"]",
            "2:10: expected a result (1-0, 0-1, 1/2-1/2 or *), found \"2-0\"",
        ),
        (
            "[Option \"novalue\"]",
            "2:10: expected an option such as dakon.next-round.first=last-mover, found \"novalue\"",
        ),
    ];
    for (tag, want) in cases {
        assert_eq!(error(&format!("[Game \"dakon\"]\n{tag}\n*")), want);
    }
}

#[test]
fn error_duplicate_known_tag() {
    assert_eq!(
        error("[Game \"dakon\"]\n[Event \"a\"]\n[Event \"b\"]\n*"),
        "3:2: expected at most one `Event` tag, found a second one"
    );
    assert_eq!(
        error("[Game \"dakon\"]\n [Game \"dakon\"]\n*"),
        "2:3: expected a result ending this game before the next `Game` tag, found another `Game` tag"
    );
    // At a line start, `[Game` starts the next game.
    assert_eq!(
        error("[Game \"dakon\"]\n[Game \"dakon\"]\n*"),
        "1:15: expected a result (1-0, 0-1, 1/2-1/2 or *), found the next game's `[Game` line"
    );
}

#[test]
fn error_duplicate_option_code() {
    assert_eq!(
        error("[Game \"dakon\"]\n[Option \"a.b=1\"]\n[Option \"a.c=1\"]\n[Option \"a.b=2\"]\n*"),
        "4:10: expected at most one `Option` for `a.b`, found a second one"
    );
}

#[test]
fn error_result_tag_disagrees_with_terminator() {
    assert_eq!(
        error("[Game \"dakon\"]\n[Result \"1-0\"]\nB4 0-1"),
        "3:4: expected `1-0` as the `Result` tag says, found `0-1`"
    );
}

#[test]
fn error_move_number_disagrees_with_ply() {
    assert_eq!(
        error("[Game \"dakon\"]\n1. B4 2. A1 *"),
        "2:7: expected `1...` as the move number here, or none, found `2.`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\n1. B4 A1 round 2 2. B1 *"),
        "2:18: expected `1.` as the move number here, or none, found `2.`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\n1... B4 *"),
        "2:1: expected `1.` as the move number here, or none, found `1...`"
    );
}

#[test]
fn error_tag_in_move_text() {
    assert_eq!(
        error("[Game \"dakon\"]\nB4\n[Event \"x\"] *"),
        "3:1: expected a checkpoint; tags go before the move text, found `[Event`"
    );
}

#[test]
fn error_transactions() {
    assert_eq!(
        error("[Game \"dakon\"]\nwin B3 *"),
        "2:4: expected `:` after the transaction's name, found a space"
    );
    assert_eq!(
        error("[Game \"dakon\"]\nborrow:A3 *"),
        "2:9: expected `:` then a number of stones, found `3`"
    );
    assert_eq!(
        error("[Game \"dakon\"]\nround two *"),
        "2:7: expected the round number, found `two`"
    );
}

// ---------------------------------------------------------------------------------------------
// Recovery

#[test]
fn recovery_resumes_at_the_next_game_line() {
    let text = "[Game \"dakon\"]\n1. B4 *\n\n[Game \"dakon\"]\n1. B4 A1x\n[Event \"lost\"]\n\n\
                [Game \"nchuwa\"]\n1. B9 1-0\n";
    let games = parse_games(text);
    assert_eq!(games.len(), 3, "{games:?}");
    assert!(games[0].is_ok());
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(
        headline(e, "t", text),
        "t:5:9: expected a space or a comment after the move, found `x`"
    );
    assert_eq!(
        games[2].as_ref().unwrap().header.game.value,
        GameKind::Nchuwa
    );
}

#[test]
fn recovery_after_text_before_the_first_game_and_between_games() {
    let text = "junk\n[Game \"dakon\"]\n*\nmore junk [Game \"dakon\"]\n[Game \"dakon\"]\nB1 *";
    let games = parse_games(text);
    let shape: Vec<bool> = games.iter().map(Result::is_ok).collect();
    assert_eq!(shape, [false, true, false, true]);
    assert_eq!(games[2].as_ref().unwrap_err().offset, 22);
}

#[test]
fn recovery_after_an_unclosed_comment_keeps_later_games() {
    let text = "[Game \"dakon\"]\nB4 { oops\n[Game \"dakon\"]\nB1 *\n";
    let shape: Vec<bool> = parse_games(text).iter().map(Result::is_ok).collect();
    assert_eq!(shape, [false, true]);
}

// ---------------------------------------------------------------------------------------------
// Hostile input

#[test]
fn hostile_input_neither_panics_nor_overflows_the_stack() {
    let big = 200_000;
    for text in [
        "{".repeat(big),
        "[".repeat(big),
        format!("[Game \"dakon\"]\n{}", "{".repeat(big)),
        format!("[Game \"dakon\"]\n{}", "[".repeat(big)),
        format!("[Game \"dakon\"]\n{}*", "B1-".repeat(big)),
        format!("[Game \"dakon\"]\nB1{}*", "@A1".repeat(big)),
        format!("[Game \"dakon\"]\nB1@A1{} *", "'".repeat(big)),
        format!("[Game \"dakon\"]\n{}", "9".repeat(big)),
        "[Game \"".to_owned(),
        "[Game".to_owned(),
        "[".to_owned(),
        "\u{feff}".to_owned(),
        "[Game \"dakon\"]\n[Start \"\"]".to_owned(),
    ] {
        for g in parse_games(&text) {
            if let Err(e) = g {
                LineIndex::new(&text).line_col(e.offset);
            }
        }
    }
    let long_game = format!("[Game \"dakon\"]\n{}*", "B1 A1 ".repeat(big));
    assert_eq!(game(&long_game).moves.len(), 2 * big);
}

// ---------------------------------------------------------------------------------------------
// Canonical form

#[test]
fn canonical_tags_in_table_order_then_others() {
    let text =
        "[Game \"dakon\"]\n[Zed \"z\"]\n[Result \"*\"]\n[Event \"e\\\"\"]\n[Board \"2x7\"]\n*";
    assert_eq!(
        write_game(&game(text)),
        "[Game \"dakon\"]\n[Board \"2x7\"]\n[Event \"e\\\"\"]\n[Result \"*\"]\n[Zed \"z\"]\n\n*\n"
    );
}

#[test]
fn canonical_move_numbers() {
    let g = game("[Game \"dakon\"]\nB4 x7(A2,B4) =0/8 A1 B1 A2 {c} B2 ^A4 A3 round 2 A4 B3 *");
    let text = write_game(&g);
    assert_eq!(
        text,
        "[Game \"dakon\"]\n\n1. B4 x7(A2,B4) =0/8 1... A1 2. B1 A2 {c} 3. B2 ^A4 3... A3\n\
         round 2 1. A4 B3 *\n"
    );
}

#[test]
fn canonical_line_comment_ends_the_line() {
    let g = game("[Game \"dakon\"]\nB4 ; why\nA1 *");
    assert_eq!(
        write_game(&g),
        "[Game \"dakon\"]\n\n1. B4 ; why\n1... A1 *\n"
    );
}

#[test]
fn canonical_wraps_at_80_columns() {
    let body: String = (0..40).map(|_| "B10 A10 ").collect();
    let g = game(&format!("[Game \"dakon\"]\n{body}*"));
    let text = write_game(&g);
    let mut lines = text.lines().skip(2);
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert!(lines.next().unwrap().len() > 70);
    // A move number stays on the line of its move.
    assert!(text.lines().all(|l| !l.ends_with('.')));
    assert_eq!(parse_games(&text), vec![Ok(g)]);
}

#[test]
fn canonical_games_separated_by_one_blank_line() {
    let games: Vec<Game> = parse_games("[Game \"dakon\"] B4 * [Game \"nchuwa\"] 1-0")
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        write_games(&games),
        "[Game \"dakon\"]\n\n1. B4 *\n\n[Game \"nchuwa\"]\n\n1-0\n"
    );
}

#[test]
fn canonical_comments_stand_in_their_four_places() {
    let text = "; file\n{first}\n[Game \"dakon\"] {h1}\n[Board \"2x5\"]\n; h2\n[Event \"e\"]\n\
                {m} B4 * {a1} ; a2\n{a3}\n\n{b}\n[Game \"nchuwa\"]\n*\n; end\n\n{end2}\n";
    let games = all_games(text);
    let written = write_games(&games);
    assert_eq!(
        written,
        "; file\n{first}\n[Game \"dakon\"]\n{h1}\n[Board \"2x5\"]\n; h2\n[Event \"e\"]\n\n\
         {m} 1. B4 * {a1} ; a2\n{a3}\n\n{b}\n[Game \"nchuwa\"]\n\n* ; end\n{end2}\n"
    );
    assert_eq!(all_games(&written), games);
    assert_eq!(write_games(&all_games(&written)), written);
}

#[test]
fn canonical_comments_after_a_long_result_line_wrap_and_stay_the_games() {
    let long = "x".repeat(90);
    let text = format!("[Game \"dakon\"]\nB4 * {{{long}}} {{short}}\n\n[Game \"dakon\"]\n*");
    let games = all_games(&text);
    let written = write_games(&games);
    assert!(
        written.contains(&format!("1. B4 *\n{{{long}}}\n{{short}}\n\n")),
        "{written}"
    );
    assert_eq!(all_games(&written), games);
}

#[test]
fn canonical_every_construct_round_trips() {
    let text = "[Game \"dong-wo\"]\n[Start \"1@B,0,3,0,0/mB,2,0,0,0 14/9mA A 3 4/0\"]\n\n\
                {x} B3>@A2'@B4~12^A4/17 x7(A2,B4) =0/mA [x,mA/5,0 0/0 B 1] pass ^^A1 +A2 ; l\n\
                round 2 win:B3 muzi:A fill:A fill:A2 borrow:A:3 repay:B:2 buy:B2 buy:B2=3 \
                rebuy:A3 swap:A2:B4 B8:B2-B1*A5 1/2-1/2";
    let g = game(text);
    let written = write_game(&g);
    assert_eq!(parse_games(&written), vec![Ok(g)]);
    assert_eq!(write_game(&game(&written)), written);
}

/// `PositionText` writes every count a byte holds as `write_position` does, each followed by
/// what comes next, and numbers past a byte by its long path.
#[test]
fn position_text_writes_every_count_in_decimal() {
    for n in 0..=300u32 {
        let mut out = PositionText::default();
        match u8::try_from(n) {
            Ok(small) => out.count_then(small, b','),
            Err(_) => {
                out.number(n);
                out.byte(b',');
            }
        }
        out.number(n);
        let expected = format!("{n},{n}");
        assert_eq!(out.len_in(&expected), Some(expected.len()), "{n}");
        assert_eq!(out.len_in(&format!("{n},{}", n + 1)), None, "{n}");
    }
}

/// `PositionText` past its room finds nothing, not even where what it wrote over its last
/// bytes happens to be the text: 65 `1`s written as counts, 130 bytes.
#[test]
fn position_text_longer_than_its_room_is_not_found() {
    let mut out = PositionText::default();
    for _ in 0..65 {
        out.count_then(1, b'1');
    }
    let ones = "1".repeat(130);
    assert_eq!(out.len_in(&ones), None);
    let mut out = PositionText::default();
    for _ in 0..64 {
        out.count_then(1, b'1');
    }
    assert_eq!(out.len_in(&ones), Some(128));
}

// ---------------------------------------------------------------------------------------------
// Properties

fn arb_side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::A), Just(Side::B)]
}

fn arb_number() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..20, 1 => any::<u32>()]
}

fn arb_hole() -> impl Strategy<Value = Hole> {
    (arb_side(), arb_number()).prop_map(|(s, n)| Hole::new(s, n))
}

fn arb_pile() -> impl Strategy<Value = Pile> {
    (arb_number(), any::<bool>(), any::<bool>()).prop_map(|(seeds, a, b)| Pile {
        seeds,
        muzi: Muzi { a, b },
    })
}

fn arb_hole_state() -> impl Strategy<Value = HoleState> {
    prop_oneof![
        1 => Just(HoleState {
            out_of_play: true,
            ..HoleState::default()
        }),
        4 => (arb_pile(), proptest::option::of(arb_side())).prop_map(|(pile, owner)| HoleState {
            pile,
            owner,
            out_of_play: false
        }),
    ]
}

fn arb_position() -> impl Strategy<Value = Position> {
    let holes = || proptest::collection::vec(arb_hole_state(), 1..7);
    (
        holes(),
        holes(),
        arb_pile(),
        arb_pile(),
        arb_side(),
        arb_number(),
        prop_oneof![
            Just([0, 0]),
            (arb_number(), arb_number()).prop_map(|(a, b)| [a, b])
        ],
    )
        .prop_map(|(a, b, sa, sb, to_move, round, debts)| Position {
            holes: [a, b].into(),
            stores: [sa, sb],
            to_move,
            round,
            debts,
        })
}

fn arb_action() -> impl Strategy<Value = HoleAction> {
    (
        prop_oneof![
            Just(ActionKind::Lift),
            Just(ActionKind::Put),
            Just(ActionKind::TakeTwo)
        ],
        arb_hole(),
    )
        .prop_map(|(kind, hole)| HoleAction { kind, hole })
}

fn arb_sowing() -> impl Strategy<Value = Sowing> {
    (
        arb_hole(),
        proptest::option::of(prop_oneof![
            Just(Direction::Clockwise),
            Just(Direction::CounterClockwise)
        ]),
        proptest::option::of(arb_hole()),
        proptest::collection::vec(
            (arb_hole(), 1u32..4, proptest::option::of(arb_side())),
            0..3,
        ),
    )
        .prop_map(|(hole, direction, to, drops)| Sowing {
            hole: sp(hole),
            direction,
            transfer_to: to.map(|to| Box::new(sp(to))),
            muzi_drops: drops
                .into_iter()
                .map(|(hole, visit, takes)| sp(MuziDrop { hole, visit, takes }))
                .collect(),
        })
}

fn arb_move() -> impl Strategy<Value = Move> {
    (
        proptest::collection::vec(arb_sowing(), 1..4),
        proptest::collection::vec(arb_hole(), 0..4),
        proptest::collection::vec((arb_number(), arb_action()), 0..3),
        proptest::option::of(arb_number()),
    )
        .prop_map(|(sowings, extras, actions, stopped)| Move {
            sowings: sowings.into(),
            extra_captures: extras.into_iter().map(sp).collect(),
            actions: actions
                .into_iter()
                .map(|(step, action)| sp(AnchoredAction { step, action }))
                .collect(),
            stopped_after_lap: stopped,
        })
}

fn arb_transaction() -> impl Strategy<Value = Transaction> {
    use Transaction::*;
    prop_oneof![
        arb_hole().prop_map(|hole| Win { hole }),
        arb_side().prop_map(|side| Muzi { side }),
        (arb_hole(), proptest::option::of(arb_number()))
            .prop_map(|(hole, stones)| Buy { hole, stones }),
        arb_hole().prop_map(|hole| Rebuy { hole }),
        (arb_hole(), arb_hole()).prop_map(|(first, second)| Swap { first, second }),
        (arb_side(), arb_number()).prop_map(|(side, stones)| Borrow { side, stones }),
        (arb_side(), arb_number()).prop_map(|(side, stones)| Repay { side, stones }),
        arb_side().prop_map(|s| Fill {
            target: FillTarget::Side(s)
        }),
        arb_hole().prop_map(|h| Fill {
            target: FillTarget::Hole(h)
        }),
    ]
}

fn arb_element() -> impl Strategy<Value = Element> {
    prop_oneof![
        8 => arb_move().prop_map(|m| Element::Move(sp(m))),
        1 => Just(Element::Pass(sp(()))),
        1 => arb_action().prop_map(|a| Element::Action(sp(a))),
        1 => (arb_number(), proptest::collection::vec(arb_hole(), 0..4))
            .prop_map(|(count, holes)| Element::Captures(sp(CaptureClaim { count, holes }))),
        1 => (arb_pile(), arb_pile()).prop_map(|(a, b)| Element::Score(sp([a, b]))),
        1 => arb_position().prop_map(|p| Element::Checkpoint(sp(p))),
        1 => arb_number().prop_map(|n| Element::Round(sp(n))),
        1 => arb_transaction().prop_map(|t| Element::Transaction(sp(t))),
        1 => "[^}]{0,30}".prop_map(|text| Element::Comment(sp(Comment {
            text,
            style: CommentStyle::Brace
        }))),
        1 => "[^\r\n]{0,30}".prop_map(|text| Element::Comment(sp(Comment {
            text,
            style: CommentStyle::Line
        }))),
    ]
}

/// Tag values: any text, quotes, backslashes and line ends included.
fn arb_text() -> impl Strategy<Value = String> {
    "(?s).{0,20}"
}

fn arb_header() -> impl Strategy<Value = Header> {
    let text = || proptest::option::of(arb_text().prop_map(sp));
    let known = [
        "Game",
        "Board",
        "Preset",
        "Option",
        "PlayerA",
        "PlayerB",
        "Event",
        "Site",
        "Date",
        "Source",
        "First",
        "Result",
        "Termination",
        "Start",
    ];
    (
        (
            prop_oneof![
                Just(GameKind::Dakon),
                Just(GameKind::MrawImrujen),
                Just(GameKind::Nchuwa),
                Just(GameKind::DongWo)
            ],
            proptest::option::of((arb_number(), arb_number())),
            text(),
            proptest::collection::vec(("[^=]{1,10}", "(?s).{1,10}"), 0..4),
            text(),
            text(),
            text(),
        ),
        (
            text(),
            text(),
            text(),
            proptest::option::of(arb_side()),
            any::<bool>(),
            text(),
            proptest::option::of(arb_position()),
            proptest::collection::vec(
                (
                    "[A-Za-z][A-Za-z0-9_]{0,8}"
                        .prop_filter("not a known tag", move |n| !known.contains(&n.as_str())),
                    arb_text(),
                ),
                0..3,
            ),
        ),
    )
        .prop_map(
            |(
                (kind, board, preset, options, player_a, player_b, event),
                (site, date, source, first, has_result, termination, start, other),
            )| {
                let mut h = Header::new(kind);
                h.board = board.map(|(rows, columns)| sp(BoardSize { rows, columns }));
                h.preset = preset;
                for (code, value) in options {
                    if !h.options.iter().any(|o| o.value.code == code) {
                        h.options.push(sp(RuleSetting { code, value }));
                    }
                }
                h.player_a = player_a;
                h.player_b = player_b;
                h.event = event;
                h.site = site;
                h.date = date;
                h.source = source;
                h.first = first.map(sp);
                // Filled in from the outcome, with which it must agree.
                h.result = has_result.then(|| sp(Outcome::Unknown));
                h.termination = termination;
                h.start = start.map(sp);
                h.other = other
                    .into_iter()
                    .map(|(name, value)| sp(Tag { name, value }))
                    .collect();
                h
            },
        )
}

fn arb_game() -> impl Strategy<Value = Game> {
    (
        arb_header(),
        proptest::collection::vec(arb_element(), 0..25),
        prop_oneof![
            Just(Outcome::AWins),
            Just(Outcome::BWins),
            Just(Outcome::Draw),
            Just(Outcome::Unknown)
        ],
    )
        .prop_map(|(mut header, moves, outcome)| {
            if let Some(r) = &mut header.result {
                r.value = outcome;
            }
            Game {
                before: Vec::new(),
                header,
                moves,
                outcome: sp(outcome),
                after: Vec::new(),
                span: Span::default(),
            }
        })
}

/// A comment MGN can hold: a brace comment without `}`, a line comment without a line end.
fn arb_comment() -> impl Strategy<Value = Spanned<Comment>> {
    prop_oneof![
        "[^}]{0,30}".prop_map(|text| brace(&text)),
        "[^\r\n]{0,30}".prop_map(|text| line(&text)),
    ]
}

fn arb_comments() -> impl Strategy<Value = Vec<Spanned<Comment>>> {
    prop_oneof![
        1 => Just(Vec::new()),
        2 => proptest::collection::vec(arb_comment(), 1..4),
    ]
}

/// Whether a tag follows the `Game` tag: only then can comments stand between tags.
fn has_tags_after_game(h: &Header) -> bool {
    h.board.is_some()
        || h.preset.is_some()
        || !h.options.is_empty()
        || h.player_a.is_some()
        || h.player_b.is_some()
        || h.event.is_some()
        || h.site.is_some()
        || h.date.is_some()
        || h.source.is_some()
        || h.first.is_some()
        || h.result.is_some()
        || h.termination.is_some()
        || h.start.is_some()
        || !h.other.is_empty()
}

/// A game with comments in all four places: before its `Game` tag, between its tags (when it
/// has tags after `Game`), in its move text, after its result.
fn arb_commented_game() -> impl Strategy<Value = Game> {
    (arb_game(), arb_comments(), arb_comments(), arb_comments()).prop_map(
        |(mut g, before, between, after)| {
            g.before = before;
            if has_tags_after_game(&g.header) {
                g.header.comments = between.into_iter().map(Into::into).collect();
            }
            g.after = after;
            g
        },
    )
}

const SAMPLE: &str = "; file\n{first}\n[Game \"dong-wo\"]\n{h}\n[Board \"2x5\"]\n\
                      [Event \"a \\\"b\\\"\\n\"]\n\
                      [Start \"1@B,0,3,0,0/mB,2,0,0,0 14/9mA A 3 4/0\"]\n\n\
                      1. B3>@A2'~12^A4/17 x7(A2,B4) =0/mA {c} 1... A1 [x,mA/5,0 0/0 B 1]\n\
                      2. pass ; line\nround 2 buy:B2=3 swap:A2:B4 1. B8:B2-B1*A5 1-0 {a} ; b\n\
                      {c}\n\n{d}\n[Game \"dakon\"]\n\n1. B4 * ; end\n\n{e}\n";

/// The records of `text` read a part at a time, as `mgn check` reads a file of any size: each
/// part alone, the comments one leaves for the next carried over, offsets counted in the file.
fn read_in_parts(text: &str) -> Vec<Result<Game, SyntaxError>> {
    let mut records = Vec::new();
    let mut pending = Vec::new();
    for part in mgn::notation::parts(text.as_bytes()) {
        let part = part.unwrap();
        let mut games = games_in_part(
            part.text().unwrap(),
            std::mem::take(&mut pending),
            part.last,
        );
        for record in games.by_ref() {
            records.push(record.map_err(|mut e| {
                e.offset += part.offset as usize;
                e
            }));
        }
        pending = games.pending();
    }
    records
}

/// Reads `text` and places every error, which must neither panic nor point outside the text;
/// reading it a part at a time gives the same records, errors and places; every game that
/// reads must be written back as text that reads as the same game, alone and together with
/// the others, its comments in the same places.
fn read_everything(text: &str) {
    assert_eq!(
        read_in_parts(text),
        parse_games(text),
        "read in parts:\n{text}"
    );
    let mut good = Vec::new();
    for g in parse_games(text) {
        match g {
            Err(e) => {
                assert!(e.offset <= text.len() && text.is_char_boundary(e.offset));
                LineIndex::new(text).line_col(e.offset);
            }
            Ok(g) => {
                let written = write_game(&g);
                assert_eq!(parse_games(&written), vec![Ok(g.clone())], "{written}");
                good.push(Ok(g));
            }
        }
    }
    let games: Vec<Game> = good.iter().cloned().map(Result::unwrap).collect();
    let written = write_games(&games);
    assert_eq!(parse_games(&written), good, "{written}");
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize),
    Insert(usize, u8),
    Replace(usize, u8),
    Truncate(usize),
}

fn arb_mutation() -> impl Strategy<Value = Mutation> {
    // Bytes that mean something in MGN are likelier to reach deep into the grammar.
    let byte = prop_oneof![
        3 => proptest::sample::select(b"[]{};\"\\ \n\rABxm0123456789.-*/=:@'~^+<>()".to_vec()),
        1 => any::<u8>(),
    ];
    prop_oneof![
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), byte.clone()).prop_map(|(at, b)| Mutation::Insert(at, b)),
        (any::<usize>(), byte).prop_map(|(at, b)| Mutation::Replace(at, b)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn prop_written_games_read_back_the_same(g in arb_game()) {
        let text = write_game(&g);
        let read = parse_games(&text);
        prop_assert_eq!(&read, &vec![Ok(g)], "{}", text);
        let again = write_game(read[0].as_ref().unwrap());
        prop_assert_eq!(again, text);
    }

    /// The YAML and JSON documents are lossless for every construct the syntax has.
    #[test]
    fn prop_yaml_and_json_round_trips_are_lossless(g in arb_commented_game()) {
        let text = write_game(&g);
        let games = std::slice::from_ref(&g);
        for back in [
            mgn::document::from_yaml(&mgn::document::to_yaml(games)),
            mgn::document::from_json(&mgn::document::to_json(games)),
        ] {
            let back = back.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back.len(), 1);
            prop_assert_eq!(write_game(&back[0]), text.clone());
        }
    }

    /// MGN -> MGN keeps every comment's text, style and place, in a file of several games.
    #[test]
    fn prop_comments_keep_their_text_style_and_place(
        games in proptest::collection::vec(arb_commented_game(), 1..4)
    ) {
        let text = write_games(&games);
        let read: Vec<_> = parse_games(&text);
        let expected: Vec<_> = games.into_iter().map(Ok).collect();
        prop_assert_eq!(&read, &expected, "{}", text);
        let again: Vec<Game> = read.into_iter().map(Result::unwrap).collect();
        prop_assert_eq!(write_games(&again), text);
    }

    #[test]
    fn prop_written_positions_read_back_the_same(p in arb_position()) {
        prop_assert_eq!(parse_position(&write_position(&p)), Ok(p));
    }

    /// The replay steps over a checkpoint `written_position_len` accepts as the position it
    /// reached, unread: it accepts the writer's text of that position, whatever follows it,
    /// and what it accepts reads as that position.
    #[test]
    fn prop_written_position_len_accepts_the_writers_text_and_nothing_else(
        p in arb_position(),
        other in arb_position(),
        mutation in (any::<usize>(), prop_oneof![Just(b'0'), Just(b'1'), Just(b'9'), Just(b','), Just(b'/'), Just(b' '), Just(b'm'), Just(b'A'), Just(b'x'), Just(b'@')]),
    ) {
        let len = |text: &str| {
            let rows = [p.holes.row(Side::A).iter().copied(), p.holes.row(Side::B).iter().copied()];
            written_position_len(text, rows, &p.stores, p.to_move, p.round, p.debts)
        };
        let text = write_position(&p);
        prop_assert_eq!(len(&text), Some(text.len()));
        prop_assert_eq!(len(&format!("{text}] 2. B4")), Some(text.len()));
        let mut bytes = text.clone().into_bytes();
        let at = mutation.0 % bytes.len();
        bytes[at] = mutation.1;
        let mutated = String::from_utf8(bytes).unwrap();
        for candidate in [mutated, write_position(&other), text[..text.len() - 1].to_string()] {
            if let Some(n) = len(&candidate) {
                prop_assert_eq!(parse_position(&candidate[..n]), Ok(p.clone()), "{}", candidate);
                prop_assert_eq!(&candidate[..n], text.as_str());
            }
        }
    }

    /// A game that writes a checkpoint's text itself on the stack (`PositionText`, Dong Wo's
    /// `written_position_len`) writes what `write_position` writes, and finds it in a text
    /// exactly where `written_position_len` would; longer than its room, it finds nothing.
    #[test]
    fn prop_position_text_is_the_writers_text(
        p in arb_position(),
        other in arb_position(),
        at in any::<usize>(),
    ) {
        let mut out = PositionText::default();
        // As Dong Wo's: each hole followed by a comma, the last of A's row then turned into
        // the `/` and the last of B's taken back.
        for row in [Side::A, Side::B] {
            for h in p.holes.row(row) {
                let then = b',';
                match u8::try_from(h.pile.seeds) {
                    // A hole of seeds alone, as Dong Wo writes most.
                    Ok(n) if *h == HoleState { pile: Pile { seeds: h.pile.seeds, muzi: Muzi::NONE }, ..HoleState::default() } => {
                        out.count_then(n, then)
                    }
                    _ => {
                        write_hole(h).bytes().for_each(|b| out.byte(b));
                        out.byte(then);
                    }
                }
            }
            out.replace_last(b'/');
        }
        out.take_back();
        out.head(&p.stores, p.to_move, p.round, p.debts);
        let text = write_position(&p);
        let fits = text.len() <= 128;
        prop_assert_eq!(out.len_in(&text), fits.then_some(text.len()), "{}", text);
        prop_assert_eq!(out.len_in(&format!("{text}] 2. B4")), fits.then_some(text.len()));
        let mut bytes = text.clone().into_bytes();
        let at = at % bytes.len();
        bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
        for candidate in [String::from_utf8(bytes).unwrap(), write_position(&other), text[..text.len() - 1].to_string()] {
            if let Some(n) = out.len_in(&candidate) {
                prop_assert_eq!(&candidate[..n], text.as_str());
            }
        }
    }

    #[test]
    fn prop_random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        read_everything(&text);
        let _ = parse_position(&text);
    }

    #[test]
    fn prop_mgn_like_text_never_panics(text in "[\\[\\]{};\"\\\\ \n\r\tABxmpasroundwinbuy0-9.*/=:@'~^+<>()-]{0,200}") {
        read_everything(&text);
        read_everything(&format!("[Game \"dakon\"]\n{text}"));
        let _ = parse_position(&text);
    }

    #[test]
    fn prop_mutated_records_never_panic(mutations in proptest::collection::vec(arb_mutation(), 1..6)) {
        let mut bytes = SAMPLE.as_bytes().to_vec();
        for m in mutations {
            let at = |k: usize, len: usize| if len == 0 { 0 } else { k % (len + 1) };
            match m {
                Mutation::Delete(k) if !bytes.is_empty() => {
                    let k = k % bytes.len();
                    bytes.remove(k);
                }
                Mutation::Insert(k, b) => {
                    let k = at(k, bytes.len());
                    bytes.insert(k, b);
                }
                Mutation::Replace(k, b) if !bytes.is_empty() => {
                    let k = k % bytes.len();
                    bytes[k] = b;
                }
                Mutation::Truncate(k) => {
                    let k = at(k, bytes.len());
                    bytes.truncate(k);
                }
                _ => {}
            }
        }
        read_everything(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_mutated_sample_reads_with_comments_in_every_place() {
    let games: Vec<Game> = parse_games(SAMPLE)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(games[0].before.len(), 2);
    assert_eq!(games[0].header.comments.len(), 1);
    assert_eq!(games[0].after.len(), 3);
    assert_eq!(games[1].before.len(), 1);
    assert_eq!(games[1].after.len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Tags in any order, with comments after any of them: the canonical text keeps every
    /// comment right after the tag it followed (right before it when MGN writes that tag last),
    /// reads back as the same game, and writes as itself.
    #[test]
    fn prop_comments_among_tags_stay_beside_their_tag(
        order in Just(vec![
            ("Event", "Cup"), ("Board", "2x5"), ("Site", "Solo"), ("PlayerA", "Ann"),
            ("Option", "dakon.sow.origin=skip"), ("Date", "2026"), ("Annotator", "Bo"),
        ]).prop_shuffle(),
        tags in 1usize..=7,
        commented in proptest::collection::vec(any::<bool>(), 8),
    ) {
        let mut text = String::from("[Game \"dakon\"]\n");
        if commented[7] {
            text.push_str("{after game}\n");
        }
        let chosen = &order[..tags];
        for (k, (name, value)) in chosen.iter().enumerate() {
            text.push_str(&format!("[{name} \"{value}\"]\n"));
            // A comment after the last tag opens the move text: only between tags.
            if commented[k] && k + 1 < tags {
                text.push_str(&format!("{{after {name}}}\n"));
            }
        }
        text.push_str("\n1. B4 *\n");
        let g = game(&text);
        let written = write_game(&g);
        let back = game(&written);
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(write_game(&back), written.clone());
        // Each comment stands right after its tag, or right before the tag written last.
        let lines: Vec<&str> = written.lines().collect();
        let last_tag = lines.iter().rposition(|l| l.starts_with('[')).unwrap();
        for (k, line) in lines.iter().enumerate() {
            let Some(name) = line.strip_prefix("{after ").and_then(|l| l.strip_suffix('}')) else {
                continue;
            };
            let tag_line = lines[..k].iter().rposition(|l| l.starts_with('[')).unwrap();
            let named = |l: &str| l.starts_with(&format!("[{name} "));
            // Right after its tag, or, for the tag written last, in the comments right before it.
            let right_before_last = k < last_tag
                && named(lines[last_tag])
                && lines[k + 1..last_tag].iter().all(|l| l.starts_with('{'));
            let beside = named(lines[tag_line]) || right_before_last;
            prop_assert!(beside || name == "game", "{}", written);
            if name == "game" {
                prop_assert!(lines[tag_line].starts_with("[Game "), "{}", written);
            }
        }
        prop_assert_eq!(
            lines.iter().filter(|l| l.starts_with("{after")).count(),
            text.lines().filter(|l| l.starts_with("{after")).count()
        );
    }
}
