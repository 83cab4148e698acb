//! `mgn show` as a person looks at it: the SVG image reads as XML with one element per hole and
//! the last move's holes marked by class, the stores stand where the sowing runs, the diagram
//! marks the same holes, a false checkpoint is two boards with the differing holes marked, and
//! an image rendered from the SVG (rsvg-convert, Debian's librsvg2-bin) matches the expected
//! picture. The README's pictures are what `mgn show` draws now.

mod support;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use support::*;

fn svg(args: &[&str]) -> String {
    let mut all = vec!["show", "--format", "svg"];
    all.extend_from_slice(args);
    let output = mgn(&all);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    stdout(&output)
}

/// The classes of each `<g>` element that carries `attribute` (`data-hole`, `data-store`), by
/// the attribute's value.
fn classes_by(document: &roxmltree::Document, attribute: &str) -> Vec<(String, Vec<String>)> {
    document
        .descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter_map(|n| {
            let value = n.attribute(attribute)?;
            let classes = n
                .attribute("class")
                .unwrap_or("")
                .split_whitespace()
                .map(str::to_string)
                .collect();
            Some((value.to_string(), classes))
        })
        .collect()
}

fn class_of<'a>(elements: &'a [(String, Vec<String>)], name: &str) -> &'a [String] {
    &elements
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no element for {name}"))
        .1
}

fn holes(side: char, count: u32) -> impl Iterator<Item = String> {
    (1..=count).map(move |n| format!("{side}{n}"))
}

#[test]
fn every_board_is_one_element_per_hole_and_per_store() {
    // (record, holes a row as MGN writes them, whether the stores are on the board)
    let cases = [
        ("records/dakon/seed-worked-example.mgn", 5, true),
        ("records/dakon/rounds-2x7.mgn", 7, true),
        ("records/mraw-imrujen/rounds-catalan.mgn", 5, false),
        ("records/nchuwa/annotated-4x6.mgn", 12, false),
        ("records/nchuwa/sanderson-4x9.mgn", 18, false),
        ("records/dong-wo/whole-game-catalan.mgn", 5, false),
    ];
    for (record, row, stores_on_board) in cases {
        let image = svg(&["--ply", "1", record]);
        let document = roxmltree::Document::parse(&image)
            .unwrap_or_else(|e| panic!("{record}: the SVG does not parse: {e}"));
        assert_eq!(document.root_element().tag_name().name(), "svg");
        let elements = classes_by(&document, "data-hole");
        let names: Vec<&str> = elements.iter().map(|(n, _)| n.as_str()).collect();
        let unique: BTreeSet<&str> = names.iter().copied().collect();
        let expected: BTreeSet<String> = holes('A', row).chain(holes('B', row)).collect();
        assert_eq!(
            names.len(),
            2 * row as usize,
            "{record}: one element a hole"
        );
        assert_eq!(
            unique,
            expected.iter().map(String::as_str).collect(),
            "{record}"
        );
        assert!(elements
            .iter()
            .all(|(_, c)| c.contains(&"hole".to_string())));
        let stores = classes_by(&document, "data-store");
        assert_eq!(stores.len(), 2, "{record}: A's and B's store or winnings");
        for (_, classes) in &stores {
            // Winnings lie beside the board; a Dakon store is a pit on it.
            assert_eq!(
                !classes.contains(&"winnings".to_string()),
                stores_on_board,
                "{record}: {classes:?}"
            );
        }
    }
}

#[test]
fn the_last_move_is_marked_by_class_and_in_the_diagram() {
    // B4 on the Dakon start: 5 seeds to B5, B's store, A1, A2, A3, a relay from A3 ending in
    // B4, which captures A2 and B4 (docs/notation.md's example).
    let image = svg(&["--ply", "1", "records/dakon/seed-worked-example.mgn"]);
    let document = roxmltree::Document::parse(&image).unwrap();
    let holes = classes_by(&document, "data-hole");
    let has = |hole: &str, class: &str| class_of(&holes, hole).iter().any(|c| c == class);
    assert!(has("B4", "started") && has("B4", "captured"));
    assert!(has("A2", "captured") && has("A2", "sown"));
    assert!(has("B5", "sown") && !has("B5", "captured") && !has("B5", "started"));
    let stores = classes_by(&document, "data-store");
    assert!(class_of(&stores, "B").contains(&"sown".to_string()));
    assert!(!class_of(&stores, "A").contains(&"sown".to_string()));
    // Each marked place has a ring of its mark; the laps are arrows.
    let rings = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("ring ring-captured"))
        .count();
    assert_eq!(rings, 2);
    let laps: Vec<_> = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("lap"))
        .collect();
    assert_eq!(laps.len(), 2, "the sowing and its relay");

    let output = mgn(&[
        "show",
        "--ply",
        "1",
        "records/dakon/seed-worked-example.mgn",
    ]);
    assert_eq!(code(&output), 0);
    assert_eq!(
        stdout(&output),
        "\
dakon 2x5, game 1: after ply 1, B: B4
        A5    A4    A3    A2    A1
         6'    6'    0'    0'*   6'
A 0                                    8' B
         6'    6'    6'    0^'*  6'
        B1    B2    B3    B4    B5
A to move, round 1; store: A left, B right
marks: ^ started, ' sown into, * captured
"
    );
}

/// The x of the centre of the store of `side`'s pit or tray.
fn store_x(image: &str, side: &str) -> f64 {
    let document = roxmltree::Document::parse(image).unwrap();
    let store = document
        .descendants()
        .find(|n| n.attribute("data-store") == Some(side))
        .unwrap();
    let rect = store.children().find(|n| n.has_tag_name("rect")).unwrap();
    let number = |name| rect.attribute(name).unwrap().parse::<f64>().unwrap();
    number("x") + number("width") / 2.0
}

#[test]
fn dakon_stores_stand_where_the_sowing_runs() {
    let position = "5,5,5,5,5/5,5,5,5,5 0/0 B 1";
    // dakon.sow.direction: counter-clockwise puts each store at its owner's right (A's at the
    // left as B sees the board), clockwise at his left.
    let counter = svg(&["--game", "dakon", "--position", position]);
    assert!(store_x(&counter, "A") < store_x(&counter, "B"));
    let clockwise = svg(&[
        "--game",
        "dakon",
        "--preset",
        "catalan-clockwise",
        "--position",
        position,
    ]);
    assert!(store_x(&clockwise, "A") > store_x(&clockwise, "B"));
    let output = mgn(&[
        "show",
        "--game",
        "dakon",
        "--option",
        "dakon.sow.direction=clockwise",
        "--position",
        position,
    ]);
    assert!(stdout(&output).contains("\nB 0 "), "{}", stdout(&output));
}

#[test]
fn dong_wo_draws_muzi_owned_holes_and_debts() {
    // Ply 12 of the purchase game: B sows B1's muzi on; A1 and A2 are B's, B owes 9.
    let record = "records/dong-wo/whole-game-catalan-purchase.mgn";
    let image = svg(&["--ply", "12", record]);
    let document = roxmltree::Document::parse(&image).unwrap();
    let holes = classes_by(&document, "data-hole");
    for hole in ["A1", "A2"] {
        assert!(class_of(&holes, hole).contains(&"owned-by-b".to_string()));
    }
    assert!(!class_of(&holes, "A3").contains(&"owned".to_string()));
    let b2 = document
        .descendants()
        .find(|n| n.attribute("data-hole") == Some("B2"))
        .unwrap();
    assert!(b2
        .descendants()
        .any(|n| n.attribute("class") == Some("muzi muzi-b")));
    assert!(image.contains("B owes 9"));
    let text = stdout(&mgn(&["show", "--ply", "12", record]));
    assert!(text.contains("4mB'") && text.contains("5@B") && text.contains("B owes 9"));
}

#[test]
fn a_false_checkpoint_is_two_boards_with_the_differing_holes_marked() {
    let folder = scratch("show", "diff");
    let record = folder.join("bad.mgn");
    fs::write(
        &record,
        "[Game \"dakon\"]\n\n1. B4 [6,0,0,6,6/6,6,7,0,5 0/8 A 1] *\n",
    )
    .unwrap();
    let out = folder.join("diff.svg");
    let output = mgn(&["show", "--diff", "-o", path_str(&out), path_str(&record)]);
    // The record is bad: it is reported as mgn check reports it, and the picture is written.
    assert_eq!(code(&output), 1);
    assert!(stderr(&output).contains("mgn.claim.checkpoint"));
    let image = fs::read_to_string(&out).unwrap();
    let document = roxmltree::Document::parse(&image).unwrap();
    let boards = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("board"))
        .count();
    assert_eq!(boards, 2);
    let holes = classes_by(&document, "data-hole");
    let differing: Vec<&str> = holes
        .iter()
        .filter(|(_, c)| c.contains(&"differs".to_string()))
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(differing, ["B3", "B5", "B3", "B5"]);
    let text = stdout(&mgn(&["show", "--diff", path_str(&record)]));
    assert!(text.contains("claimed") && text.contains("replayed"));
    assert!(text.contains(" 7!") && text.contains(" 5!"), "{text}");
}

#[test]
fn what_a_record_does_not_have_is_a_usage_error() {
    let record = "records/dakon/rounds-2x5.mgn";
    let cases: [(&[&str], &str); 5] = [
        (
            &["show", "--ply", "200", record],
            "game 1 has no ply 200 to show: the game has 95 plies",
        ),
        (
            &["show", "--game", "3", record],
            "holds 1 game: there is no game 3",
        ),
        (
            &["show", "--diff", record],
            "game 1 has no false checkpoint",
        ),
        (
            &["show", "--game", "dakon", record],
            "a game's name goes with --position",
        ),
        (
            &[
                "show",
                "--game",
                "dakon",
                "--position",
                "5,5,5,5/5,5,5,5,5 0/0 B 1",
            ],
            "mgn.position.shape",
        ),
    ];
    for (args, words) in cases {
        let output = mgn(args);
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
        assert!(
            stderr(&output).contains(words),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}: nothing is drawn");
    }
}

#[test]
fn before_a_ply_is_after_the_steps_that_lead_to_it() {
    let record = "records/dakon/rounds-2x5.mgn";
    let before = stdout(&mgn(&["show", "--ply", "2", "--before", record]));
    let after = stdout(&mgn(&["show", "--ply", "1", record]));
    // The same board and marks; only the caption differs.
    let body = |text: &str| text.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&before), body(&after));
    assert!(before.starts_with("dakon 2x5, game 1: before ply 2 (after ply 1, B: B3)"));
    // Round 1 ends with ply 16: ply 17 is played from round 2's refilled board, B1 out of play.
    let round = stdout(&mgn(&["show", "--ply", "17", "--before", record]));
    assert!(
        round.starts_with("dakon 2x5, game 1: before ply 17 (round 2 begins)"),
        "{round}"
    );
    assert!(
        round.contains(" x ") && round.contains("marks: + filled"),
        "{round}"
    );
    let start = stdout(&mgn(&["show", "--ply", "0", record]));
    assert!(start.contains("start position") && !start.contains("marks:"));
}

#[test]
fn a_refused_ply_is_shown_before_it_with_the_refusal() {
    // A2 is empty after B4: ply 2 is refused, and the board it was played on is drawn.
    let output = run(
        &["show", "--ply", "2", "--before", "-"],
        Some(b"[Game \"dakon\"]\n\n1. B4 1... A2 *\n"),
    );
    assert_eq!(code(&output), 1, "the record breaks a rule");
    assert!(stdout(&output).starts_with("dakon 2x5, game 1: before ply 2 (after ply 1, B: B4)"));
    assert!(
        stderr(&output).contains("rule dakon.sow.start"),
        "{}",
        stderr(&output)
    );
    // After it there is nothing to draw: the replay stopped there.
    let output = run(
        &["show", "--ply", "2", "-"],
        Some(b"[Game \"dakon\"]\n\n1. B4 1... A2 *\n"),
    );
    assert_eq!(code(&output), 1);
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).contains("has no ply 2 to show: the replay stopped after 1 ply"));
}

/// The two pictures of the README: what `mgn show` draws now. `MGN_BLESS=1` rewrites them
/// (and the expected PNGs of the render test).
const PICTURES: [(&str, &[&str]); 2] = [
    (
        "dakon-relay",
        &["--ply", "1", "records/dakon/seed-worked-example.mgn"],
    ),
    (
        "dong-wo-owned",
        &[
            "--ply",
            "12",
            "records/dong-wo/whole-game-catalan-purchase.mgn",
        ],
    ),
];

fn rsvg() -> Option<&'static str> {
    let found = std::process::Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    found.then_some("rsvg-convert")
}

#[test]
fn the_readme_pictures_are_what_mgn_draws() {
    for (name, args) in PICTURES {
        let path = repo().join("docs/images").join(format!("{name}.svg"));
        let now = svg(args);
        if std::env::var_os("MGN_BLESS").is_some() {
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, &now).unwrap();
            continue;
        }
        let kept = fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{} is missing: MGN_BLESS=1 writes it", path.display()));
        assert!(kept == now, "{name}.svg differs from what mgn show draws now: MGN_BLESS=1 cargo test --test show rewrites it");
    }
}

/// An image as 8-bit RGBA pixels, with its width and height.
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    buffer.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer
            .chunks(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    (info.width, info.height, rgba)
}

fn render(renderer: &str, svg_path: &Path) -> Vec<u8> {
    let output = std::process::Command::new(renderer)
        .arg(svg_path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{renderer} {}: {}",
        svg_path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

#[test]
fn the_rendered_pictures_match_the_expected_ones() {
    let Some(renderer) = rsvg() else {
        eprintln!("skipped: rsvg-convert is not installed (apt-get install librsvg2-bin)");
        return;
    };
    let folder = scratch("show", "render");
    for (name, args) in PICTURES {
        let svg_path = folder.join(format!("{name}.svg"));
        fs::write(&svg_path, svg(args)).unwrap();
        let rendered = render(renderer, &svg_path);
        let expected_path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/pictures")
            .join(format!("{name}.png"));
        if std::env::var_os("MGN_BLESS").is_some() {
            fs::create_dir_all(expected_path.parent().unwrap()).unwrap();
            fs::write(&expected_path, &rendered).unwrap();
            continue;
        }
        let expected = fs::read(&expected_path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: MGN_BLESS=1 writes it",
                expected_path.display()
            )
        });
        let (w, h, now) = decode(&rendered);
        let (ew, eh, kept) = decode(&expected);
        assert_eq!((w, h), (ew, eh), "{name}: the picture's size changed");
        // Within a tolerance: another machine's fonts draw the words a little differently.
        let pixels = (w * h) as usize;
        let mut far = 0;
        let mut total = 0u64;
        for (a, b) in now.chunks(4).zip(kept.chunks(4)) {
            let d = (0..4).map(|i| a[i].abs_diff(b[i])).max().unwrap();
            total += u64::from(d);
            if d > 64 {
                far += 1;
            }
        }
        let mean = total as f64 / pixels as f64;
        let far_share = far as f64 / pixels as f64;
        assert!(
            far_share < 0.02 && mean < 4.0,
            "{name}: {:.2}% of the pixels differ from the expected picture (mean difference {mean:.2}); look at {} beside {}",
            far_share * 100.0,
            svg_path.display(),
            expected_path.display()
        );
    }
}
