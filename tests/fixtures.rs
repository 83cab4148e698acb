//! The conformance cases in fixtures/: every case gets exactly the verdicts its .verdict file
//! names (see src/suite.rs; `mgn suite fixtures/ --bless` rewrites them).

use std::path::Path;

#[test]
fn every_fixture_gets_its_expected_verdict() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let report = mgn::suite::run_suite(&root, false).expect("fixtures/ is readable");
    assert!(report.cases > 0, "fixtures/ holds cases");
    let shown: Vec<String> = report
        .mismatches
        .iter()
        .map(|m| {
            format!(
                "{}:\n  expected {:?}\n  actual   {:?}",
                m.case.display(),
                m.expected,
                m.actual
            )
        })
        .collect();
    assert!(shown.is_empty(), "{}", shown.join("\n"));
}

#[test]
fn every_fixture_has_a_verdict_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for case in mgn::suite::cases(&root).unwrap() {
        assert!(
            case.with_extension("verdict").exists(),
            "{} has no .verdict file",
            case.display()
        );
    }
}
