//! The build information `mgn --version` gives: the git revision the binary was built from
//! (with `-dirty` when the tree had changes), or, outside a git checkout (a crate unpacked from
//! a registry, a tarball, a build without git), that it is not known. Never fails the build.

use std::process::Command;

fn main() {
    let git = |args: &[&str]| -> Option<String> {
        let output = Command::new("git").args(args).output().ok()?;
        output
            .status
            .success()
            .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
            .filter(|text| !text.is_empty())
    };
    let revision = git(&["rev-parse", "--short=12", "HEAD"]).map(|hash| {
        let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some();
        if dirty {
            format!("{hash}-dirty")
        } else {
            hash
        }
    });
    let revision = revision.unwrap_or_else(|| "unknown revision".to_string());
    let profile = std::env::var("PROFILE").unwrap_or_else(|_| "unknown".to_string());
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".to_string());
    println!("cargo:rustc-env=MGN_BUILD_INFO={revision}, {profile} build for {target}");
    // Rebuilt when the checked-out commit or the index changes, not on every build. A path that
    // does not exist (no git) only makes cargo run this script again, which costs nothing.
    if let Some(head) = git(&["rev-parse", "--git-path", "HEAD"]) {
        println!("cargo:rerun-if-changed={head}");
    }
    if let Some(index) = git(&["rev-parse", "--git-path", "index"]) {
        println!("cargo:rerun-if-changed={index}");
    }
    if let Some(refs) = git(&["rev-parse", "--symbolic-full-name", "HEAD"]) {
        if let Some(path) = git(&["rev-parse", "--git-path", &refs]) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
