//! `mgn show` as a person looks at it: the SVG image reads as XML with one element per hole and
//! the last move's holes marked by class, the stores stand where the sowing runs, the diagram
//! marks the same holes, a false checkpoint is two boards with the differing holes and stores
//! marked, every word stands clear of the rings and the frame at every board size, the legend
//! names each mark drawn, `--laps` numbers and lists the laps, `--flip`, `--size` and `--theme`
//! turn, scale and colour the image, and each picture rendered in headless Chromium matches the
//! expected screenshot. The README's pictures are what `mgn show` draws now.

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

/// The pictures looked at in a browser: the README's two, and the screenshots of docs/images
/// (`MGN_BLESS=1` writes docs/images/NAME.png and the expected tests/pictures/NAME.png).
const SCREENSHOTS: [(&str, &[&str]); 5] = [
    PICTURES[0],
    PICTURES[1],
    (
        "board-laps",
        &["--laps", "--ply", "5", "records/dakon/rounds-2x7.mgn"],
    ),
    (
        "board-dark",
        &[
            "--theme",
            "dark",
            "--flip",
            "--laps",
            "--ply",
            "3",
            "records/nchuwa/annotated-4x6.mgn",
        ],
    ),
    (
        "board-diff",
        &["--diff", "crates/cli/tests/data/show/false-store.mgn"],
    ),
];

/// The SVG image `mgn show` draws, for a record that fails (--diff) too.
fn picture(args: &[&str]) -> String {
    let mut all = vec!["show", "--format", "svg"];
    all.extend_from_slice(args);
    let output = mgn(&all);
    assert!(matches!(code(&output), 0 | 1), "{}", stderr(&output));
    stdout(&output)
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

/// A screenshot of an SVG image in the browser, the window its size.
fn screenshot(browser: &str, folder: &Path, svg_path: &Path) -> Vec<u8> {
    let image = fs::read_to_string(svg_path).unwrap();
    let document = roxmltree::Document::parse(&image).unwrap();
    let size = |name| document.root_element().attribute(name).unwrap().to_string();
    let (width, height) = (size("width"), size("height"));
    let shot = svg_path.with_extension("png");
    let rendered = headless(browser, &folder.join("profile"))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(svg_path)
        .output()
        .unwrap();
    assert!(
        rendered.status.success() && shot.exists(),
        "{}: {}",
        svg_path.display(),
        String::from_utf8_lossy(&rendered.stderr)
    );
    let png = fs::read(&shot).unwrap();
    let (w, h, _) = decode(&png);
    assert_eq!(
        (w.to_string(), h.to_string()),
        (width, height),
        "the screenshot is the picture and nothing else"
    );
    png
}

/// Each picture as a person sees it, in headless Chromium: the screenshot matches the expected
/// one, within what another machine's fonts change.
#[test]
fn the_rendered_pictures_match_the_expected_ones() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no browser (chromium) is installed; MGN_CHROMIUM names one");
        return;
    };
    let folder = scratch("show", "render");
    for (name, args) in SCREENSHOTS {
        let svg_path = folder.join(format!("{name}.svg"));
        fs::write(&svg_path, picture(args)).unwrap();
        let rendered = screenshot(&browser, &folder, &svg_path);
        let expected_path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/pictures")
            .join(format!("{name}.png"));
        if std::env::var_os("MGN_BLESS").is_some() {
            fs::create_dir_all(expected_path.parent().unwrap()).unwrap();
            fs::write(&expected_path, &rendered).unwrap();
            if name.starts_with("board-") {
                fs::write(
                    repo().join("docs/images").join(format!("{name}.png")),
                    &rendered,
                )
                .unwrap();
            }
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
            svg_path.with_extension("png").display(),
            expected_path.display()
        );
    }
}

/// Where a text of the image stands: its box, as wide as generous glyphs of its type make it.
#[derive(Debug)]
struct TextBox {
    words: String,
    class: String,
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

/// The x a node is moved by: the boards side by side are `translate(x,0)` groups.
fn shift_of(node: roxmltree::Node) -> f64 {
    node.ancestors()
        .filter_map(|a| a.attribute("transform"))
        .filter_map(|t| {
            t.strip_prefix("translate(")?
                .split(',')
                .next()?
                .parse::<f64>()
                .ok()
        })
        .sum()
}

fn number(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{node:?} has no {name}"))
        .parse()
        .unwrap()
}

/// The type of each class of text in the image: size in pixels, bold, centred on its x.
fn type_of(class: &str) -> Option<(f64, bool, bool)> {
    Some(match class {
        "caption" => (16.0, true, false),
        "players" => (13.0, false, false),
        "status" => (14.0, false, false),
        "legend" => (12.0, false, false),
        "count" | "tray-count" => (18.0, true, true),
        "name" | "label" => (12.0, false, true),
        "sown-count" | "sown-count on-tray" => (11.0, true, true),
        "owner-letter" | "muzi-letter" => (10.0, true, true),
        // A lap's number stands on its own disc, drawn over the arrows.
        "lap-number" => return None,
        other => panic!("a text of class {other} the test does not know"),
    })
}

fn text_boxes(document: &roxmltree::Document) -> Vec<TextBox> {
    document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| {
            let class = n.attribute("class").unwrap_or("").to_string();
            let (size, bold, centred) = type_of(&class)?;
            let words: String = n
                .descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect();
            let shifts = n.children().filter(|c| c.attribute("dx").is_some()).count();
            // DejaVu Sans is at most about 0.66 em a glyph, 0.72 em in bold.
            let width = words.chars().count() as f64 * size * if bold { 0.72 } else { 0.66 }
                + 18.0 * shifts as f64;
            let (x, y) = (number(n, "x") + shift_of(n), number(n, "y"));
            let left = if centred { x - width / 2.0 } else { x };
            Some(TextBox {
                words,
                class,
                left,
                top: y - 0.76 * size,
                right: left + width,
                bottom: y + 0.24 * size,
            })
        })
        .collect()
}

/// A stroked outline: a circle, or a rectangle with round corners, and its stroke's width.
#[derive(Debug)]
struct Outline {
    what: String,
    centre: (f64, f64),
    /// Half the width and height of a rectangle (both the radius for a circle).
    half: (f64, f64),
    corner: f64,
    stroke: f64,
}

impl Outline {
    fn of(node: roxmltree::Node, stroke: f64) -> Outline {
        let what = format!(
            "{} {}",
            node.attribute("class").unwrap(),
            node.ancestors()
                .find_map(|a| a.attribute("data-hole").or(a.attribute("data-store")))
                .unwrap_or("")
        );
        let shift = shift_of(node);
        if node.has_tag_name("circle") {
            let r = number(node, "r");
            Outline {
                what,
                centre: (number(node, "cx") + shift, number(node, "cy")),
                half: (r, r),
                corner: r,
                stroke,
            }
        } else {
            let (w, h) = (number(node, "width"), number(node, "height"));
            let corner = number(node, "rx").min(w / 2.0).min(h / 2.0);
            Outline {
                what,
                centre: (
                    number(node, "x") + shift + w / 2.0,
                    number(node, "y") + h / 2.0,
                ),
                half: (w / 2.0, h / 2.0),
                corner,
                stroke,
            }
        }
    }

    /// How far a point is from the outline's line (negative inside), as a rounded rectangle's
    /// distance is taken.
    fn distance(&self, (x, y): (f64, f64)) -> f64 {
        let qx = (x - self.centre.0).abs() - (self.half.0 - self.corner);
        let qy = (y - self.centre.1).abs() - (self.half.1 - self.corner);
        qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - self.corner
    }

    /// Whether a text box stays clear of the stroke: wholly inside or wholly outside it.
    fn clear_of(&self, b: &TextBox) -> bool {
        let room = self.stroke / 2.0 + 1.0;
        let corners = [
            (b.left, b.top),
            (b.right, b.top),
            (b.left, b.bottom),
            (b.right, b.bottom),
        ];
        // The shape is convex: a box inside it has its corners inside.
        let inside = corners.iter().all(|&c| self.distance(c) <= -room);
        // The box's point nearest the shape's straight core, then the distance from there.
        let core = |centre: f64, half: f64, low: f64, high: f64| {
            let (a, z) = (centre - half, centre + half);
            if high < a {
                high
            } else if low > z {
                low
            } else {
                centre.clamp(low, high)
            }
        };
        let nearest = (
            core(self.centre.0, self.half.0 - self.corner, b.left, b.right),
            core(self.centre.1, self.half.1 - self.corner, b.top, b.bottom),
        );
        let outside = self.distance(nearest) >= room;
        inside || outside
    }
}

/// The rings and the frame of the image (not the legend's samples), and the middle line of a
/// four-row board as a flat outline.
fn outlines(document: &roxmltree::Document) -> Vec<Outline> {
    let mut all = Vec::new();
    for node in document.descendants() {
        let class = node.attribute("class").unwrap_or("");
        let words: Vec<&str> = class.split_whitespace().collect();
        if words.contains(&"sample") {
            continue;
        }
        if words.first() == Some(&"ring") {
            all.push(Outline::of(node, 3.5));
        } else if class == "frame" {
            all.push(Outline::of(node, 3.0));
        } else if class == "middle" {
            let (x1, x2, y) = (number(node, "x1"), number(node, "x2"), number(node, "y1"));
            let shift = shift_of(node);
            all.push(Outline {
                what: "middle line".to_string(),
                centre: ((x1 + x2) / 2.0 + shift, y),
                half: ((x2 - x1) / 2.0, 0.0),
                corner: 0.0,
                stroke: 2.0,
            });
        }
    }
    all
}

/// Every word of the image is clear of every ring, of the frame and of the middle line, inside
/// the picture, and the words outside the holes do not run into each other.
fn assert_words_stand_clear(image: &str, case: &str) {
    let document = roxmltree::Document::parse(image).unwrap();
    let boxes = text_boxes(&document);
    let lines = outlines(&document);
    let root = document.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    for b in &boxes {
        for line in &lines {
            assert!(
                line.clear_of(b),
                "{case}: `{}` ({}) is cut by {}: {b:?} {line:?}",
                b.words,
                b.class,
                line.what
            );
        }
        assert!(
            b.left >= 0.0 && b.right <= view[2] && b.top >= 0.0 && b.bottom <= view[3],
            "{case}: `{}` runs off the picture ({} by {}): {b:?}",
            b.words,
            view[2],
            view[3]
        );
    }
    let outer = |b: &&TextBox| {
        matches!(
            b.class.as_str(),
            "caption" | "players" | "status" | "legend" | "name" | "label" | "owner-letter"
        )
    };
    let outer: Vec<&TextBox> = boxes.iter().filter(outer).collect();
    for (i, a) in outer.iter().enumerate() {
        for b in &outer[i + 1..] {
            let apart =
                a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
            assert!(
                apart,
                "{case}: `{}` runs into `{}`: {a:?} {b:?}",
                a.words, b.words
            );
        }
    }
}

/// Every board size of the four games, at several plies (relays, captures, muzi, owned holes),
/// each way up and with the laps numbered.
#[test]
fn no_word_is_cut_by_a_ring_or_sits_on_the_frame() {
    let records = [
        "records/dakon/seed-worked-example.mgn",
        "records/dakon/rounds-2x6.mgn",
        "records/dakon/rounds-2x7.mgn",
        "records/dakon/rounds-2x9.mgn",
        "records/dakon/catalan-clockwise.mgn",
        "records/mraw-imrujen/annotated-two-rounds.mgn",
        "records/mraw-imrujen/rounds-catalan.mgn",
        "records/nchuwa/annotated-4x6.mgn",
        "records/nchuwa/sanderson-4x9.mgn",
        "records/nchuwa/random-4x12.mgn",
        "records/nchuwa/random-4x15.mgn",
        "records/dong-wo/whole-game-catalan-purchase.mgn",
        "records/dong-wo/tianzi-borrow-catalan.mgn",
    ];
    for record in records {
        for ply in ["1", "2", "3", "5", "12", "last"] {
            for extra in [&[][..], &["--flip"], &["--laps"], &["--laps", "--flip"]] {
                let mut args = vec!["show", "--format", "svg"];
                if ply != "last" {
                    args.extend(["--ply", ply]);
                }
                args.extend_from_slice(extra);
                args.push(record);
                let output = mgn(&args);
                if stdout(&output).is_empty() {
                    // A record shorter than the ply: nothing drawn, nothing to look at.
                    continue;
                }
                let case = format!("{record} --ply {ply} {extra:?}");
                assert_words_stand_clear(&stdout(&output), &case);
            }
        }
    }
}

/// A record whose false checkpoint claims two holes and a store wrongly, the players named.
const FALSE_STORE: &str = "crates/cli/tests/data/show/false-store.mgn";

#[test]
fn a_false_checkpoint_marks_each_differing_hole_and_store_on_both_boards() {
    let output = mgn(&["show", "--diff", "--format", "svg", FALSE_STORE]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let image = stdout(&output);
    assert_words_stand_clear(&image, "--diff");
    let document = roxmltree::Document::parse(&image).unwrap();
    let marked = |attribute| -> Vec<String> {
        classes_by(&document, attribute)
            .into_iter()
            .filter(|(_, c)| c.contains(&"differs".to_string()))
            .map(|(n, _)| n)
            .collect()
    };
    assert_eq!(marked("data-hole"), ["B3", "B5", "B3", "B5"]);
    assert_eq!(
        marked("data-store"),
        ["B", "B"],
        "B's store: claimed 9, replayed 8"
    );
    let rings = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("ring ring-differs"))
        .count();
    assert_eq!(
        rings, 6,
        "a ring on each differing hole and store of both boards"
    );
    // Each legend says what the other board has there: the replayed, then the claimed.
    let words = legend(&image);
    assert!(
        words.contains(
            &"differs from the other board, which has B3 6, B5 6, B's store 8".to_string()
        ),
        "{words:?}"
    );
    assert!(
        words.contains(
            &"differs from the other board, which has B3 7, B5 5, B's store 9".to_string()
        ),
        "{words:?}"
    );
}

/// The legend's words, in order.
fn legend(image: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(image).unwrap();
    document
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("legend"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_legend_names_each_mark_drawn_and_no_other() {
    // B4's relay captures: started, path, +N, captured, the side to move.
    let image = svg(&["--ply", "1", "records/dakon/seed-worked-example.mgn"]);
    assert_eq!(
        legend(&image),
        [
            "where the move started",
            "the sowing's path, 2 laps (--laps numbers them)",
            "+N: pieces sown into the hole",
            "captured",
            "the side to move",
        ]
    );
    // A position string has no step: nothing but the side to move is marked.
    let image = svg(&[
        "--game",
        "dakon",
        "--position",
        "5,5,5,5,5/5,5,5,5,5 0/0 B 1",
    ]);
    assert_eq!(legend(&image), ["the side to move"]);
    // Dong Wo's owned holes and muzi are named too.
    let image = svg(&[
        "--ply",
        "12",
        "records/dong-wo/whole-game-catalan-purchase.mgn",
    ]);
    let words = legend(&image);
    assert!(
        words.contains(&"hole owned by B (A likewise)".to_string()),
        "{words:?}"
    );
    assert!(
        words.contains(&"B's muzi, worth 5 (A's likewise)".to_string()),
        "{words:?}"
    );
    assert!(
        !words.iter().any(|w| w.contains("filled without sowing")),
        "{words:?}"
    );
}

#[test]
fn laps_are_drawn_numbered_and_listed_with_the_captures() {
    // Ply 5 of the 2x7 game, A4-A2: two sowings, eight laps in all, two captures at the end.
    let image = svg(&["--laps", "--ply", "5", "records/dakon/rounds-2x7.mgn"]);
    let document = roxmltree::Document::parse(&image).unwrap();
    let numbers: Vec<String> = document
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("lap-number"))
        .map(|n| n.text().unwrap().to_string())
        .collect();
    assert_eq!(numbers, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    // No number hides another, though laps 1 and 6 take the same path.
    let discs: Vec<(f64, f64, f64)> = document
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .filter(|n| n.parent().and_then(|p| p.attribute("class")) == Some("lap-number"))
        .map(|n| (number(n, "cx"), number(n, "cy"), number(n, "r")))
        .collect();
    assert_eq!(discs.len(), 8);
    for (i, a) in discs.iter().enumerate() {
        for b in &discs[i + 1..] {
            assert!(
                (a.0 - b.0).hypot(a.1 - b.1) >= a.2 + b.2,
                "{a:?} covers {b:?}"
            );
        }
    }
    let laps = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("lap"))
        .count();
    assert_eq!(laps, 8);
    let words = legend(&image);
    assert!(
        words.contains(&"lap 1: A4 to A6, 2 pieces".to_string()),
        "{words:?}"
    );
    assert!(
        words.contains(&"lap 7: A6 to A's store, 2 pieces".to_string()),
        "{words:?}"
    );
    assert!(
        words.contains(&"lap 8: A2 to A2, 15 pieces".to_string()),
        "{words:?}"
    );
    assert!(
        words.contains(&"captured after lap 8: B6, A2".to_string()),
        "{words:?}"
    );
    // Each lap is drawn in its own colour.
    let colours: BTreeSet<&str> = document
        .descendants()
        .filter(|n| {
            n.has_tag_name("line") && n.parent().and_then(|p| p.attribute("class")) == Some("lap")
        })
        .filter_map(|n| n.attribute("style"))
        .collect();
    assert_eq!(colours.len(), 6, "six colours in turn: {colours:?}");

    // Nchuwa's opening transfer moves two seeds without sowing: a lap of its own, said so.
    let image = svg(&["--laps", "--ply", "2", "records/nchuwa/random-4x15.mgn"]);
    let words = legend(&image);
    assert!(
        words.contains(&"lap 1: B29 to B14, 2 seeds moved without sowing".to_string()),
        "{words:?}"
    );
    assert!(
        words.contains(&"captured after lap 1: A17, A14, A12".to_string()),
        "{words:?}"
    );
}

#[test]
fn the_players_move_and_ply_are_in_the_title() {
    let folder = scratch("show", "players");
    let record = folder.join("named.mgn");
    let claimed = fs::read_to_string(repo().join(FALSE_STORE)).unwrap();
    fs::write(
        &record,
        claimed.replace(" [6,0,0,6,6/6,6,7,0,5 0/9 A 1]", ""),
    )
    .unwrap();
    let image = svg(&["--ply", "1", path_str(&record)]);
    let document = roxmltree::Document::parse(&image).unwrap();
    let title = document
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap();
    assert_eq!(
        title,
        "dakon 2x5, game 1: after ply 1, B: B4 | A: Siti Aminah   B: Budi"
    );
    let players: String = document
        .descendants()
        .find(|n| n.attribute("class") == Some("players"))
        .unwrap()
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(players, "A: Siti AminahB: Budi");
    // Long names widen the picture rather than run off it.
    let long = folder.join("long.mgn");
    let names = claimed
        .replace(" [6,0,0,6,6/6,6,7,0,5 0/9 A 1]", "")
        .replace(
            "Siti Aminah",
            "Raden Ayu Siti Aminah binti Haji Abdul Rahman of Surakarta",
        )
        .replace("\"Budi\"", "\"Budi Santoso & <friends>\"");
    fs::write(&long, names).unwrap();
    let image = svg(&["--ply", "1", path_str(&long)]);
    assert_words_stand_clear(&image, "long names");
    assert!(image.contains("Budi Santoso &amp; &lt;friends&gt;"));
    // A record without names has no players' line.
    let image = svg(&["--ply", "1", "records/dakon/seed-worked-example.mgn"]);
    assert!(!image.contains("class=\"players\""));
}

/// The centre of a hole's pit.
fn pit_centre(image: &str, hole: &str) -> (f64, f64) {
    let document = roxmltree::Document::parse(image).unwrap();
    let pit = document
        .descendants()
        .find(|n| n.attribute("data-hole") == Some(hole))
        .and_then(|g| g.children().find(|n| n.attribute("class") == Some("pit")))
        .unwrap();
    (number(pit, "cx"), number(pit, "cy"))
}

#[test]
fn flip_puts_a_at_the_bottom_seen_from_a_s_side() {
    let record = "records/nchuwa/annotated-4x6.mgn";
    let usual = svg(&["--ply", "1", record]);
    let flipped = svg(&["--flip", "--ply", "1", record]);
    let (a1, b1) = (pit_centre(&usual, "A1"), pit_centre(&usual, "B1"));
    assert!(
        a1.1 < b1.1 && b1.0 < a1.0,
        "B at the bottom, B1 at its left"
    );
    let (a1, b1, a6) = (
        pit_centre(&flipped, "A1"),
        pit_centre(&flipped, "B1"),
        pit_centre(&flipped, "A6"),
    );
    assert!(a1.1 > b1.1, "A at the bottom");
    assert!(a1.0 < a6.0, "A1 at A's left as he sits");
    // A's winnings come down with his rows.
    let tray_y = |image: &str, side: &str| {
        let document = roxmltree::Document::parse(image).unwrap();
        let store = document
            .descendants()
            .find(|n| n.attribute("data-store") == Some(side))
            .unwrap();
        let rect = store.children().find(|n| n.has_tag_name("rect")).unwrap();
        number(rect, "y")
    };
    assert!(tray_y(&usual, "A") < tray_y(&usual, "B"));
    assert!(tray_y(&flipped, "A") > tray_y(&flipped, "B"));
}

#[test]
fn size_scales_the_picture_and_theme_colours_it() {
    let record = "records/dakon/seed-worked-example.mgn";
    let natural = roxmltree::Document::parse(&svg(&["--ply", "1", record]))
        .unwrap()
        .root_element()
        .attribute("viewBox")
        .unwrap()
        .to_string();
    let image = svg(&["--size", "400", "--theme", "dark", "--ply", "1", record]);
    let document = roxmltree::Document::parse(&image).unwrap();
    let root = document.root_element();
    assert_eq!(
        root.attribute("viewBox").unwrap(),
        natural,
        "the drawing is the same"
    );
    assert_eq!(root.attribute("width"), Some("400"));
    let view: Vec<f64> = natural.split(' ').map(|n| n.parse().unwrap()).collect();
    let height: f64 = root.attribute("height").unwrap().parse().unwrap();
    assert!(
        (height - 400.0 * view[3] / view[2]).abs() <= 0.5,
        "in proportion: {height}"
    );
    assert_eq!(root.attribute("class"), Some("theme-dark"));
    let page = document
        .descendants()
        .find(|n| n.attribute("class") == Some("page"))
        .unwrap();
    assert_eq!(page.attribute("fill"), Some("#16181c"));

    let output = mgn(&["show", "--format", "svg", "--size", "20", record]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    // The options draw the SVG image: the diagram refuses them rather than drop them.
    for option in [
        &["--laps"][..],
        &["--flip"],
        &["--size", "500"],
        &["--theme", "dark"],
    ] {
        let mut args = vec!["show"];
        args.extend_from_slice(option);
        args.push(record);
        let output = mgn(&args);
        assert_eq!(code(&output), 2, "{option:?}");
        assert!(
            stderr(&output).contains("draws the SVG image: add --format svg"),
            "{}",
            stderr(&output)
        );
    }
}
