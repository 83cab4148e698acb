//! The fuzz targets' bodies (fuzz/src/lib.rs) compiled against the current library and run on
//! every fixture and record, and on each cut short: the targets cannot drift from the library
//! unseen between fuzzing sessions, and what they assert holds on the seed corpus.

#[path = "../fuzz/src/lib.rs"]
mod bodies;

use std::path::Path;

fn corpus() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = Vec::new();
    for folder in ["records", "fixtures"] {
        for file in mgn::suite::mgn_files(&root.join(folder)) {
            inputs.push(std::fs::read(file.unwrap()).unwrap());
        }
    }
    assert!(
        inputs.len() > 100,
        "the seed corpus is records/ and fixtures/"
    );
    inputs
}

#[test]
fn the_fuzz_targets_hold_on_the_seed_corpus() {
    for input in corpus() {
        // Whole, and cut in the middle, where readers meet unfinished elements.
        for bytes in [&input[..], &input[..input.len() / 2]] {
            bodies::parse(bytes);
            bodies::replay(bytes);
        }
        let text = String::from_utf8_lossy(&input);
        let read: Vec<_> = mgn::notation::games(&text).flatten().collect();
        if !read.is_empty() {
            bodies::document(mgn::document::to_json(&read).as_bytes());
            bodies::document(mgn::document::to_yaml(&read).as_bytes());
        }
    }
}
