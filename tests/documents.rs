//! YAML and JSON documents written as MGN: whatever text a document holds (tag values, comments,
//! tag names), reading the document either refuses it, naming the game and what cannot be
//! written, or gives games that are written as MGN and read back unchanged. No document may
//! become a record that reads as a different game, or as more games.

use mgn::document::{from_json, from_yaml, to_json, to_yaml};
use mgn::notation::*;
use proptest::prelude::*;

fn sp<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

fn comment(text: &str, style: CommentStyle) -> Spanned<Comment> {
    sp(Comment {
        text: text.into(),
        style,
    })
}

/// A Dakon game of one move, `B4 *`, with the header given.
fn game_with(header: Header) -> Game {
    let sowing = Sowing {
        hole: sp(Hole::new(Side::B, 4)),
        direction: None,
        transfer_to: None,
        muzi_drops: Few::new(),
    };
    let m = Move {
        sowings: sowing.into(),
        extra_captures: Few::new(),
        actions: Few::new(),
        stopped_after_lap: None,
    };
    Game {
        before: Vec::new(),
        header,
        moves: vec![Element::Move(sp(m))],
        outcome: sp(Outcome::Unknown),
        after: Vec::new(),
        span: Span::default(),
    }
}

fn dakon() -> Game {
    game_with(Header::new(GameKind::Dakon))
}

/// The games MGN reads from the canonical text of `games`, which must all read.
fn written_and_read(games: &[Game]) -> Vec<Game> {
    let text = write_games(games);
    parse_games(&text)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{}\n{text}", e)))
        .collect()
}

/// What the JSON and the YAML document of `games` read as: both must agree, refusals in the
/// same words (each is placed in its own text, whose lines differ).
fn read_documents(games: &[Game]) -> Result<Vec<Game>, String> {
    let placed = |e: mgn::document::DocumentError| {
        assert!(e.line.is_some(), "a refusal has a line: {e}");
        e.message
    };
    let json = from_json(&to_json(games)).map_err(placed);
    let yaml = from_yaml(&to_yaml(games)).map_err(placed);
    assert_eq!(json, yaml, "JSON and YAML read differently");
    json
}

/// The document of `games` is refused, with a message naming `game` and holding `what`.
fn assert_refused(games: &[Game], game: usize, what: &str) {
    match read_documents(games) {
        Ok(read) => panic!("not refused; written as MGN:\n{}", write_games(&read)),
        Err(message) => {
            assert!(message.starts_with(&format!("game {game}: ")), "{message}");
            assert!(message.contains(what), "{message}");
        }
    }
}

/// The document of `games` reads as `games`, which are written as MGN and read back the same.
fn assert_round_trips(games: &[Game]) {
    let read = read_documents(games).unwrap_or_else(|e| panic!("refused: {e}"));
    assert_eq!(read, games);
    assert_eq!(written_and_read(&read), games, "{}", write_games(&read));
}

// ---------------------------------------------------------------------------------------------
// The hostile documents of the issue

#[test]
fn a_tag_value_holding_a_record_stays_one_tag_value() {
    let json = r#"{"mgn": 1, "games": [{"header": {"game": "dakon",
        "event": "\"]\n\n1. B4 x7 *\n\n[Game \"dakon\"]"},
        "moves": [], "outcome": "1-0"}]}"#;
    let games = from_json(json).unwrap();
    assert_eq!(
        games[0].header.event.as_ref().unwrap().value,
        "\"]\n\n1. B4 x7 *\n\n[Game \"dakon\"]"
    );
    let text = write_games(&games);
    let read = parse_games(&text);
    assert_eq!(read, vec![Ok(games[0].clone())], "{text}");
    assert!(!text.contains("\n1. B4"), "{text}");
}

#[test]
fn every_text_tag_holding_a_record_stays_one_tag_value() {
    let hostile = "\"]\n\n1. B4 x7 *\n\n[Game \"dakon\"]\r\n[Result \"1-0\"]\\";
    let mut h = Header::new(GameKind::Dakon);
    for slot in [
        &mut h.preset,
        &mut h.player_a,
        &mut h.player_b,
        &mut h.event,
        &mut h.site,
        &mut h.date,
        &mut h.source,
        &mut h.termination,
    ] {
        *slot = Some(sp(hostile.to_owned()));
    }
    h.options.push(sp(RuleSetting {
        code: "dakon.x".into(),
        value: hostile.into(),
    }));
    h.other.push(sp(Tag {
        name: "Annotator".into(),
        value: hostile.into(),
    }));
    assert_round_trips(&[game_with(h), dakon()]);
}

#[test]
fn a_brace_comment_holding_a_closing_brace_is_refused_wherever_it_stands() {
    let hostile = comment("} 1-0 {", CommentStyle::Brace);
    let mut before = dakon();
    before.before.push(hostile.clone());
    let mut between = dakon();
    between.header.event = Some(sp("e".into()));
    between.header.comments.push(hostile.clone().into());
    let mut moves = dakon();
    moves.moves.push(Element::Comment(hostile.clone()));
    let mut after = dakon();
    after.after.push(hostile.clone());
    for (g, place) in [
        (before, "before its `Game` tag"),
        (between, "between its tags"),
        (moves, "at element 2 of its move text"),
        (after, "after its result"),
    ] {
        let games = [dakon(), g];
        assert_refused(&games, 2, "a brace comment cannot hold `}`");
        assert_refused(&games, 2, place);
    }
}

#[test]
fn a_line_comment_holding_a_closing_brace_round_trips() {
    let mut g = dakon();
    g.header.event = Some(sp("e".into()));
    let hostile = comment(" } 1-0 {", CommentStyle::Line);
    g.before.push(hostile.clone());
    g.header.comments.push(hostile.clone().into());
    g.moves.insert(0, Element::Comment(hostile.clone()));
    g.after.push(hostile.clone());
    assert_round_trips(&[g.clone(), g]);
}

#[test]
fn a_line_comment_holding_a_line_end_is_refused() {
    for text in ["\n1-0", "a\rb", "ends in\r", "\r\n[Game \"dakon\"]"] {
        let mut g = dakon();
        g.after.push(comment(text, CommentStyle::Line));
        assert_refused(&[g], 1, "a `;` comment cannot hold a line end");
    }
}

#[test]
fn a_brace_comment_holding_a_game_line_is_refused() {
    // A line that starts with `[Game` starts a game, even inside a comment: so a file splits
    // into its games at such lines.
    for text in ["\n[Game \"dakon\"]\n\n1. B4 *", "a\r\n[Game\t\"x\"]"] {
        let mut g = dakon();
        g.after.push(comment(text, CommentStyle::Brace));
        assert_refused(
            &[g],
            1,
            "a brace comment cannot hold a line that starts with `[Game`",
        );
    }
}

#[test]
fn a_brace_comment_holding_line_ends_round_trips() {
    let mut g = dakon();
    let text = "\n\n [Game \"dakon\"]\n\n1-0 ;\r\n";
    g.before.push(comment(text, CommentStyle::Brace));
    g.moves
        .push(Element::Comment(comment(text, CommentStyle::Brace)));
    g.after.push(comment(text, CommentStyle::Brace));
    assert_round_trips(&[g.clone(), g]);
}

#[test]
fn an_other_tag_named_as_a_tag_mgn_defines_is_refused() {
    for name in [
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
    ] {
        let mut g = dakon();
        let value = if name == "Game" { "dakon" } else { "1-0" };
        g.header.other.push(sp(Tag {
            name: name.into(),
            value: value.into(),
        }));
        assert_refused(&[g], 1, &format!("`{name}`, a tag MGN defines"));
    }
}

#[test]
fn an_other_tag_whose_name_is_not_a_tag_name_is_refused() {
    for name in [
        "",
        "1x",
        "_x",
        "Two words",
        "Event \"e\"] [Result",
        "Événement",
        "x\n",
        "x-y",
    ] {
        let mut g = dakon();
        g.header.other.push(sp(Tag {
            name: name.into(),
            value: "v".into(),
        }));
        assert_refused(&[g], 1, "is not a tag name");
    }
}

#[test]
fn options_that_would_read_back_otherwise_are_refused() {
    for (code, value, what) in [
        ("", "x", "an `Option` code cannot be empty or hold `=`"),
        ("a=b", "x", "an `Option` code cannot be empty or hold `=`"),
        ("a.b", "", "cannot have an empty value"),
    ] {
        let mut g = dakon();
        g.header.options.push(sp(RuleSetting {
            code: code.into(),
            value: value.into(),
        }));
        assert_refused(&[g], 1, what);
    }
    let mut g = dakon();
    for value in ["x", "y"] {
        g.header.options.push(sp(RuleSetting {
            code: "a.b".into(),
            value: value.into(),
        }));
    }
    assert_refused(&[g], 1, "two `Option`s for `a.b`");
    let mut g = dakon();
    g.header.options.push(sp(RuleSetting {
        code: "a.b".into(),
        value: "c=d".into(),
    }));
    assert_round_trips(&[g]);
}

#[test]
fn a_result_tag_that_disagrees_with_the_result_is_refused() {
    let mut g = dakon();
    g.header.result = Some(sp(Outcome::AWins));
    assert_refused(&[g], 1, "the `Result` tag says `1-0` but the result is `*`");
}

fn position(a: Vec<HoleState>, b: Vec<HoleState>) -> Position {
    Position {
        holes: [a, b].into(),
        stores: [Pile::default(), Pile::default()],
        to_move: Side::A,
        round: 1,
        debts: [0, 0],
    }
}

fn seeds(n: u32) -> HoleState {
    HoleState {
        pile: Pile {
            seeds: n,
            muzi: Muzi::NONE,
        },
        ..HoleState::default()
    }
}

#[test]
fn positions_that_would_read_back_otherwise_are_refused() {
    let mut g = dakon();
    g.header.start = Some(sp(position(vec![], vec![seeds(5)])));
    assert_refused(&[g], 1, "the `Start` position has no hole in A's row");
    let mut g = dakon();
    g.moves
        .push(Element::Checkpoint(sp(position(vec![seeds(5)], vec![]))));
    assert_refused(
        &[g],
        1,
        "the checkpoint at element 2 of its move text has no hole in B's row",
    );
    let out = HoleState {
        out_of_play: true,
        ..seeds(3)
    };
    let mut g = dakon();
    g.header.start = Some(sp(position(vec![seeds(5), out], vec![seeds(5)])));
    assert_refused(&[g], 1, "hole 2 of A's row is out of play");
    let owned = HoleState {
        out_of_play: true,
        owner: Some(Side::B),
        ..HoleState::default()
    };
    let mut g = dakon();
    g.header.start = Some(sp(position(vec![seeds(5)], vec![owned])));
    assert_refused(&[g], 1, "hole 1 of B's row is out of play");
}

#[test]
fn moves_that_would_read_back_otherwise_are_refused() {
    let mut g = dakon();
    let Element::Move(m) = &mut g.moves[0] else {
        unreachable!()
    };
    m.value.sowings = OneInline::new();
    assert_refused(
        &[g],
        1,
        "the move at element 1 of its move text has no sowing",
    );
    let mut g = dakon();
    let Element::Move(m) = &mut g.moves[0] else {
        unreachable!()
    };
    m.value.sowings[0].muzi_drops.push(sp(MuziDrop {
        hole: Hole::new(Side::A, 2),
        visit: 0,
        takes: None,
    }));
    assert_refused(&[g], 1, "visit 0");
}

#[test]
fn header_comments_of_a_header_without_other_tags_open_the_move_text() {
    let mut g = dakon();
    g.header.comments = vec![
        comment("h", CommentStyle::Brace).into(),
        comment(" l", CommentStyle::Line).into(),
    ];
    g.moves
        .insert(0, Element::Comment(comment("m", CommentStyle::Brace)));
    let read = read_documents(std::slice::from_ref(&g)).unwrap();
    assert!(read[0].header.comments.is_empty());
    let texts: Vec<_> = read[0]
        .moves
        .iter()
        .filter_map(|e| match e {
            Element::Comment(c) => Some(c.value.text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(texts, ["h", " l", "m"]);
    assert_eq!(written_and_read(&read), read);

    // With a tag after `Game`, they stay the header's.
    g.header.event = Some(sp("e".into()));
    assert_round_trips(&[g]);
}

#[test]
fn documents_of_older_versions_without_comments_still_read() {
    let json = r#"{"mgn": 1, "games": [{"header": {"game": "dakon"},
        "moves": [{"move": {"sowings": [{"hole": "B4"}]}}], "outcome": "*"}]}"#;
    assert_eq!(from_json(json).unwrap(), [dakon()]);
}

// ---------------------------------------------------------------------------------------------
// Any text

/// Text of every kind: any Unicode, and the characters that mean something in MGN, alone or
/// in the snippets that would end a tag value, a comment or a game.
fn arb_text() -> impl Strategy<Value = String> {
    let hostile = prop_oneof![
        Just("\"]"),
        Just("\n"),
        Just("\r"),
        Just("\r\n"),
        Just("\n\n"),
        Just("}"),
        Just("{"),
        Just(";"),
        Just("\\"),
        Just("\\n"),
        Just("["),
        Just("]"),
        Just("[Game \"dakon\"]"),
        Just("[Result \"1-0\"]"),
        Just(" 1-0 "),
        Just("*"),
        Just("1. B4 x7 "),
        Just("="),
        Just("\u{feff}"),
        Just("\u{0}"),
        Just("\t"),
        Just(" "),
        Just("é"),
        Just("\u{2028}"),
        Just("\u{85}"),
    ];
    prop_oneof![
        2 => any::<String>(),
        2 => "[\\[\\]{};\"\\\\\r\n \t=A-Za-z0-9_*.\u{0}-\u{1f}\u{7f}-\u{9f}\u{feff}\u{2028}]{0,12}",
        3 => proptest::collection::vec(hostile, 0..6).prop_map(|parts| parts.concat()),
    ]
}

/// Mostly text that MGN can hold there (`fit` makes it so), sometimes any text: most
/// documents are then read, and every field is still tried with what MGN cannot hold.
fn mostly_fit(fit: fn(String) -> String) -> impl Strategy<Value = String> {
    prop_oneof![
        6 => arb_text().prop_map(fit),
        1 => arb_text(),
    ]
}

fn arb_name() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => "[A-Za-z][A-Za-z0-9_]{0,8}",
        1 => proptest::sample::select(KNOWN_TAGS.to_vec()).prop_map(str::to_owned),
        1 => arb_text(),
    ]
}

fn arb_option() -> impl Strategy<Value = (String, String)> {
    (
        mostly_fit(|code| format!("c{}", code.replace('=', ""))),
        mostly_fit(|value| format!("{value}v")),
    )
}

fn arb_comment() -> impl Strategy<Value = Spanned<Comment>> {
    prop_oneof![
        mostly_fit(|text| text.replace('}', "")).prop_map(|t| comment(&t, CommentStyle::Brace)),
        mostly_fit(|text| text.replace(['\r', '\n'], ""))
            .prop_map(|t| comment(&t, CommentStyle::Line)),
    ]
}

fn arb_comments() -> impl Strategy<Value = Vec<Spanned<Comment>>> {
    proptest::collection::vec(arb_comment(), 0..3)
}

fn arb_opt_text() -> impl Strategy<Value = Option<Spanned<String>>> {
    proptest::option::of(arb_text().prop_map(sp))
}

fn arb_game() -> impl Strategy<Value = Game> {
    (
        (
            arb_opt_text(),
            arb_opt_text(),
            arb_opt_text(),
            arb_opt_text(),
            arb_opt_text(),
            arb_opt_text(),
            arb_opt_text(),
            arb_opt_text(),
        ),
        proptest::collection::vec(arb_option(), 0..3),
        proptest::collection::vec((arb_name(), arb_text()), 0..3),
        (
            arb_comments(),
            arb_comments(),
            arb_comments(),
            arb_comments(),
        ),
        any::<bool>(),
    )
        .prop_map(
            |(texts, options, other, (before, between, moves, after), has_result)| {
                let mut h = Header::new(GameKind::Dakon);
                (
                    h.preset,
                    h.player_a,
                    h.player_b,
                    h.event,
                    h.site,
                    h.date,
                    h.source,
                    h.termination,
                ) = texts;
                h.options = options
                    .into_iter()
                    .map(|(code, value)| sp(RuleSetting { code, value }))
                    .collect();
                h.other = other
                    .into_iter()
                    .map(|(name, value)| sp(Tag { name, value }))
                    .collect();
                h.result = has_result.then(|| sp(Outcome::Unknown));
                h.comments = between.into_iter().map(Into::into).collect();
                let mut g = game_with(h);
                g.before = before;
                // Comments around the move, in the order drawn.
                let half = moves.len() / 2;
                let mut moves = moves.into_iter().map(Element::Comment);
                let mut elements: Vec<Element> = moves.by_ref().take(half).collect();
                elements.append(&mut g.moves);
                elements.extend(moves);
                g.moves = elements;
                g.after = after;
                g
            },
        )
}

const KNOWN_TAGS: [&str; 14] = [
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

/// Why MGN cannot hold `g`, by the rules of docs/notation.md: for each reason, the words the
/// refusal says it with.
fn cannot_hold(g: &Game) -> Vec<&'static str> {
    let mut reasons = Vec::new();
    let between: Vec<Spanned<Comment>> = g
        .header
        .comments
        .iter()
        .map(|c| Spanned::new(c.value.comment(), c.span))
        .collect();
    let comments = g
        .before
        .iter()
        .chain(&between)
        .chain(g.moves.iter().filter_map(|e| match e {
            Element::Comment(c) => Some(c),
            _ => None,
        }))
        .chain(&g.after);
    for c in comments {
        let c = &c.value;
        match c.style {
            CommentStyle::Brace if c.text.contains('}') => {
                reasons.push("a brace comment cannot hold `}`")
            }
            CommentStyle::Brace if c.text.contains("\n[Game ") || c.text.contains("\n[Game\t") => {
                reasons.push("a brace comment cannot hold a line that starts with `[Game`")
            }
            CommentStyle::Line if c.text.contains(['\n', '\r']) => {
                reasons.push("a `;` comment cannot hold a line end")
            }
            _ => {}
        }
    }
    for t in &g.header.other {
        let name = &t.value.name;
        let mut chars = name.chars();
        let is_name = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if KNOWN_TAGS.contains(&name.as_str()) {
            reasons.push("a tag MGN defines");
        } else if !is_name {
            reasons.push("is not a tag name");
        }
    }
    for (k, o) in g.header.options.iter().enumerate() {
        let o = &o.value;
        if o.code.is_empty() || o.code.contains('=') {
            reasons.push("an `Option` code cannot be empty or hold `=`");
        } else if o.value.is_empty() {
            reasons.push("cannot have an empty value");
        } else if g.header.options[..k].iter().any(|p| p.value.code == o.code) {
            reasons.push("two `Option`s for");
        }
    }
    reasons
}

/// What a document reader makes of `g`: the header's comments open the move text when no tag
/// follows `Game`.
fn as_read(mut g: Game) -> Game {
    let h = &g.header;
    let tags = h.board.is_some()
        || h.preset.is_some()
        || h.first.is_some()
        || h.start.is_some()
        || !h.options.is_empty()
        || h.player_a.is_some()
        || h.player_b.is_some()
        || h.event.is_some()
        || h.site.is_some()
        || h.date.is_some()
        || h.source.is_some()
        || h.result.is_some()
        || h.termination.is_some()
        || !h.other.is_empty();
    if !tags {
        let comments = std::mem::take(&mut g.header.comments);
        g.moves.splice(
            0..0,
            comments
                .into_iter()
                .map(|c| Element::Comment(Spanned::new(c.value.comment(), c.span))),
        );
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Every game of a document is refused for a reason MGN gives, naming the first game
    /// refused, or written as MGN and read back the same, through JSON and YAML alike.
    #[test]
    fn prop_any_text_is_refused_or_read_back_unchanged(
        games in proptest::collection::vec(arb_game(), 1..4)
    ) {
        let read = read_documents(&games);
        match games.iter().position(|g| !cannot_hold(g).is_empty()) {
            Some(k) => {
                let message = read.expect_err("a document MGN cannot hold was read");
                let reasons = cannot_hold(&games[k]);
                prop_assert!(
                    message.starts_with(&format!("game {}: ", k + 1))
                        && reasons.iter().any(|r| message.contains(r)),
                    "{} (expected one of {:?})", message, reasons
                );
            }
            None => {
                let read = read.map_err(TestCaseError::fail)?;
                let expected: Vec<Game> = games.into_iter().map(as_read).collect();
                prop_assert_eq!(&read, &expected);
                let text = write_games(&read);
                let back: Vec<_> = parse_games(&text);
                let expected: Vec<_> = expected.into_iter().map(Ok).collect();
                prop_assert_eq!(back, expected, "{}", text);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Move texts of every kind of element
//
// The reader checks a game's move text an element at a time, each written alone as MGN and read
// back (the net of `src/document.rs`): these documents hold elements of every kind, in any
// order, with comments of any text among them, and every one accepted must also read back as
// itself written whole, where its move numbers, line ends and neighbours are those of the game.

fn arb_hole() -> impl Strategy<Value = Hole> {
    (any::<bool>(), 1u32..12).prop_map(|(a, n)| Hole::new(if a { Side::A } else { Side::B }, n))
}

fn arb_pile() -> impl Strategy<Value = Pile> {
    (0u32..40, any::<bool>(), any::<bool>()).prop_map(|(seeds, a, b)| Pile {
        seeds,
        muzi: Muzi { a, b },
    })
}

fn arb_position() -> impl Strategy<Value = Position> {
    let hole = prop_oneof![
        4 => arb_pile().prop_map(|pile| HoleState { pile, ..HoleState::default() }),
        1 => Just(HoleState { out_of_play: true, ..HoleState::default() }),
    ];
    (
        proptest::collection::vec(hole.clone(), 1..5),
        proptest::collection::vec(hole, 1..5),
        arb_pile(),
        arb_pile(),
        any::<bool>(),
        1u32..4,
        (0u32..3, 0u32..3),
    )
        .prop_map(|(a, b, store_a, store_b, to_a, round, debts)| Position {
            holes: [a, b].into(),
            stores: [store_a, store_b],
            to_move: if to_a { Side::A } else { Side::B },
            round,
            debts: [debts.0, debts.1],
        })
}

fn arb_move() -> impl Strategy<Value = Move> {
    (
        proptest::collection::vec(
            (
                arb_hole(),
                proptest::option::of(prop_oneof![
                    Just(Direction::Clockwise),
                    Just(Direction::CounterClockwise)
                ]),
                proptest::option::of(arb_hole()),
                proptest::collection::vec(
                    (arb_hole(), 1u32..4, proptest::option::of(any::<bool>())),
                    0..2,
                ),
            ),
            1..3,
        ),
        proptest::collection::vec(arb_hole(), 0..2),
        proptest::option::of(1u32..30),
    )
        .prop_map(|(sowings, captures, lap)| {
            let mut all = OneInline::new();
            for (hole, direction, to, drops) in sowings {
                let mut muzi_drops = Few::new();
                for (hole, visit, takes) in drops {
                    let takes = takes.map(|a| if a { Side::A } else { Side::B });
                    muzi_drops.push(sp(MuziDrop { hole, visit, takes }));
                }
                all.push(Sowing {
                    hole: sp(hole),
                    direction,
                    transfer_to: to.map(|to| Box::new(sp(to))),
                    muzi_drops,
                });
            }
            let mut extra_captures = Few::new();
            for hole in captures {
                extra_captures.push(sp(hole));
            }
            Move {
                sowings: all,
                extra_captures,
                actions: Few::new(),
                stopped_after_lap: lap,
            }
        })
}

fn arb_element() -> impl Strategy<Value = Element> {
    prop_oneof![
        6 => arb_move().prop_map(|m| Element::Move(sp(m))),
        1 => Just(Element::Pass(sp(()))),
        1 => (1u32..5).prop_map(|n| Element::Round(sp(n))),
        1 => (0u32..30, proptest::collection::vec(arb_hole(), 0..3))
            .prop_map(|(count, holes)| Element::Captures(sp(CaptureClaim { count, holes }))),
        1 => (arb_pile(), arb_pile()).prop_map(|(a, b)| Element::Score(sp([a, b]))),
        2 => arb_position().prop_map(|p| Element::Checkpoint(sp(p))),
        1 => (any::<bool>(), arb_hole()).prop_map(|(side, hole)| {
            let target = if side { FillTarget::Side(Side::A) } else { FillTarget::Hole(hole) };
            Element::Transaction(sp(Transaction::Fill { target }))
        }),
        1 => (any::<bool>(), arb_hole(), arb_hole()).prop_map(|(kind, a, b)| {
            Element::Action(sp(HoleAction {
                kind: if kind { ActionKind::Lift } else { ActionKind::Put },
                hole: if kind { a } else { b },
            }))
        }),
        3 => arb_comment().prop_map(Element::Comment),
    ]
}

fn arb_outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![
        Just(Outcome::AWins),
        Just(Outcome::BWins),
        Just(Outcome::Draw),
        Just(Outcome::Unknown),
    ]
}

fn arb_movetext_game() -> impl Strategy<Value = Game> {
    (
        arb_comments(),
        arb_comments(),
        any::<bool>(),
        proptest::collection::vec(arb_element(), 0..40),
        arb_outcome(),
        arb_comments(),
    )
        .prop_map(|(before, between, event, moves, outcome, after)| {
            let mut h = Header::new(GameKind::Nchuwa);
            h.comments = between.into_iter().map(Into::into).collect();
            if event {
                h.event = Some(sp("e".into()));
            }
            Game {
                before,
                header: h,
                moves,
                outcome: sp(outcome),
                after,
                span: Span::default(),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// A move text of elements of every kind reads back, element by element, as it reads back
    /// whole: refused for a reason MGN gives, or read, written whole and read back the same.
    #[test]
    fn prop_move_texts_read_back_element_by_element_as_whole(
        games in proptest::collection::vec(arb_movetext_game(), 1..3)
    ) {
        let read = read_documents(&games);
        match games.iter().position(|g| !cannot_hold(g).is_empty()) {
            Some(k) => {
                let message = read.expect_err("a document MGN cannot hold was read");
                let reasons = cannot_hold(&games[k]);
                prop_assert!(
                    message.starts_with(&format!("game {}: ", k + 1))
                        && reasons.iter().any(|r| message.contains(r)),
                    "{} (expected one of {:?})", message, reasons
                );
            }
            None => {
                let read = read.map_err(TestCaseError::fail)?;
                let expected: Vec<Game> = games.into_iter().map(as_read).collect();
                prop_assert_eq!(&read, &expected);
                let text = write_games(&read);
                let back: Vec<_> = parse_games(&text);
                let expected: Vec<_> = expected.into_iter().map(Ok).collect();
                prop_assert_eq!(back, expected, "{}", text);
            }
        }
    }
}

/// A comment between tags keeps the tag it followed through YAML and JSON (`after`), and the
/// document writes the same MGN as the record: each comment beside its tag.
#[test]
fn comments_among_the_tags_keep_their_tag_through_documents() {
    let text = "[Game \"dakon\"]\n[Board \"2x5\"]\n{a small board}\n[Event \"Cup\"]\n; the final\n[Site \"Solo\"]\n\n1. B4 *\n";
    let g = parse_games(text).remove(0).unwrap();
    assert_eq!(write_game(&g), text);
    let json = to_json(std::slice::from_ref(&g));
    assert!(json.contains(r#""after": "Board""#), "{json}");
    assert!(json.contains(r#""after": "Event""#), "{json}");
    for back in [
        from_json(&json).unwrap(),
        from_yaml(&to_yaml(std::slice::from_ref(&g))).unwrap(),
    ] {
        assert_eq!(write_game(&back[0]), text);
    }
    // A document's comment after the tag MGN writes last stands right before that tag, where
    // MGN reads it back as the header's (after it, it would open the move text).
    let moved = json.replace(r#""after": "Event""#, r#""after": "Site""#);
    assert_ne!(moved, json);
    let back = from_json(&moved).unwrap();
    assert_eq!(write_game(&back[0]), text);
}
