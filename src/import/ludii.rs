//! Ludii's trial files. This build has no reader for them: `mgn import --from ludii` says so.

/// Refuses the trial: the Ludii importer is not in this build.
pub fn import(_text: &str, _source: &str) -> Result<String, super::ImportError> {
    Err(super::ImportError::new(
        1,
        1,
        "the Ludii importer is not in this build of mgn: import Ludii trials with a build that has it",
    ))
}
