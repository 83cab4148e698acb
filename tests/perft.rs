//! The published counts of docs/perft.md that run in a moment: the engine must keep giving them.

use mgn::notation::{BoardSize, GameKind, Header, Side, Span, Spanned};
use mgn::perft::perft;
use mgn::rules::{with_rules, Rules, WithRules};

struct Perft(u32);

impl WithRules for Perft {
    type Output = u64;
    fn run<R: Rules>(self, rules: &R) -> u64 {
        perft(rules, &rules.start(Side::B), self.0).expect("decided within the lap budget")
    }
}

fn count(game: GameKind, board: Option<(u32, u32)>, preset: Option<&str>, depth: u32) -> u64 {
    let mut header = Header::new(game);
    header.board =
        board.map(|(rows, columns)| Spanned::new(BoardSize { rows, columns }, Span::default()));
    header.preset = preset.map(|p| Spanned::new(p.to_string(), Span::default()));
    with_rules(&header, Perft(depth)).unwrap()
}

#[test]
fn dakon_counts() {
    assert_eq!(count(GameKind::Dakon, None, None, 1), 1_373);
    assert_eq!(count(GameKind::Dakon, None, None, 3), 937_259);
    assert_eq!(
        count(GameKind::Dakon, None, Some("catalan-clockwise"), 3),
        937_259
    );
    assert_eq!(
        count(GameKind::Dakon, None, Some("catalan-neighbours"), 3),
        209_420
    );
}

#[test]
fn mraw_imrujen_counts() {
    assert_eq!(count(GameKind::MrawImrujen, None, None, 8), 120_174);
    assert_eq!(
        count(GameKind::MrawImrujen, None, Some("catalan-always-feed"), 10),
        36_945
    );
    // Round 1 ends at 0-0 by repetition from depth 6 on: one-round ends the game there, the
    // default plays round 2 (mraw-imrujen.game.end).
    assert_eq!(
        count(GameKind::MrawImrujen, None, Some("one-round"), 7),
        30_374
    );
    assert_eq!(count(GameKind::MrawImrujen, None, None, 7), 30_379);
}

#[test]
fn nchuwa_counts() {
    assert_eq!(count(GameKind::Nchuwa, Some((4, 6)), None, 3), 67_170);
    assert_eq!(count(GameKind::Nchuwa, Some((4, 9)), None, 2), 49_347);
    assert_eq!(count(GameKind::Nchuwa, Some((4, 15)), None, 1), 925);
    assert_eq!(
        count(GameKind::Nchuwa, Some((4, 6)), Some("sanderson"), 4),
        456_688
    );
}

#[test]
fn dong_wo_counts() {
    assert_eq!(
        count(GameKind::DongWo, None, Some("mancala-world"), 1),
        2_204
    );
    // dong-wo.muzi.meeting=mover-chooses: each of the first ply's three meetings is two
    // decisions (docs/perft.md).
    assert_eq!(count(GameKind::DongWo, None, Some("catalan"), 1), 2_207);
}
