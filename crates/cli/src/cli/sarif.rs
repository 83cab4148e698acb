//! `mgn check --format sarif`: a SARIF 2.1.0 log, which code-scanning tools read (GitHub's
//! `upload-sarif`, editors' SARIF viewers).
//!
//! The log is written as records come, in bounded memory: a JSON object's members have no
//! order, so the run's results are written first and its `tool` after them, once every rule
//! reported is known (a result names its rule by its index in that list, given as the rule is
//! first met). Memory holds the rules reported, a few dozen at most, whatever the number of
//! games.

use crate::cli::source::json_for_terminal;
use mgn::Code;
use serde_json::{json, Map, Value};
use std::io::{self, Write};

/// The schema the log follows: SARIF 2.1.0 with its errata, as OASIS publishes it.
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// How bad a result is: an error fails its record, a warning leaves it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
}

/// One result: a departure or a warning of one record, placed in its file.
pub struct Finding<'a> {
    pub level: Level,
    /// The rule's code, as reports write it (`mgn.import` for a game that did not import).
    pub rule: &'a str,
    /// The declared rule, whose words and source the log's rule list gives; none for a code
    /// that is no rule of a game (`mgn.import`).
    pub code: Option<Code>,
    pub message: &'a str,
    /// The path as given, relative or absolute.
    pub file: &'a str,
    pub line: usize,
    pub column: usize,
    /// Where the text it is about ends (exclusive), when it is more than a point.
    pub end: Option<(usize, usize)>,
    /// What else a reader may want: the game's index, its ply, the trace, the diff...
    pub properties: Map<String, Value>,
}

/// The log being written.
#[derive(Default)]
pub struct Sarif {
    /// Results written so far.
    results: usize,
    /// The rules of the results, in the order first met: a result's `ruleIndex`.
    rules: Vec<(String, Option<Code>)>,
}

impl Sarif {
    /// Writes one result, the log's opening before the first.
    pub fn result(&mut self, out: &mut impl Write, finding: &Finding) -> io::Result<()> {
        if self.results == 0 {
            open(out)?;
        } else {
            out.write_all(b",\n")?;
        }
        self.results += 1;
        let index = match self.rules.iter().position(|(id, _)| id == finding.rule) {
            Some(index) => index,
            None => {
                self.rules.push((finding.rule.to_string(), finding.code));
                self.rules.len() - 1
            }
        };
        let mut region = json!({
            "startLine": finding.line,
            "startColumn": finding.column,
        });
        if let Some((line, column)) = finding.end {
            region["endLine"] = json!(line);
            region["endColumn"] = json!(column);
        }
        let mut result = json!({
            "ruleId": finding.rule,
            "ruleIndex": index,
            "level": match finding.level {
                Level::Error => "error",
                Level::Warning => "warning",
            },
            "message": { "text": finding.message },
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": { "uri": uri(finding.file) },
                    "region": region,
                }
            }],
        });
        if !finding.properties.is_empty() {
            result["properties"] = Value::Object(finding.properties.clone());
        }
        write_json(out, &result)
    }

    /// Writes what closes the log: the tool, with every rule reported, and whether the run
    /// did all it was asked (false when an input could not be read, or the run stopped early).
    pub fn finish(self, out: &mut impl Write, successful: bool) -> io::Result<()> {
        if self.results == 0 {
            open(out)?;
        }
        out.write_all(b"\n],\n\"tool\":")?;
        let rules: Vec<Value> = self
            .rules
            .iter()
            .map(|(id, code)| rule(id, *code))
            .collect();
        let tool = json!({
            "driver": {
                "name": "mgn",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }
        });
        write_json(out, &tool)?;
        out.write_all(b",\n\"invocations\":")?;
        write_json(out, &json!([{ "executionSuccessful": successful }]))?;
        out.write_all(b"\n}]}\n")
    }
}

/// The log up to its run's first result. Columns count characters, as mgn's reports do.
fn open(out: &mut impl Write) -> io::Result<()> {
    write!(
        out,
        "{{\"$schema\":\"{SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{{\
         \"columnKind\":\"unicodeCodePoints\",\n\"results\":[\n"
    )
}

/// A rule as the log's rule list describes it: its code, what it says and the seed sentence
/// it rests on, as `mgn rules` gives them.
fn rule(id: &str, code: Option<Code>) -> Value {
    let mut rule = json!({ "id": id });
    if let Some(code) = code {
        if !code.words().is_empty() {
            rule["shortDescription"] = json!({ "text": code.words() });
        }
        if !code.source().is_empty() {
            rule["help"] = json!({ "text": format!("source: {}", code.source()) });
        }
    }
    rule
}

fn write_json(out: &mut impl Write, value: &Value) -> io::Result<()> {
    let text = serde_json::to_string(value).map_err(io::Error::other)?;
    out.write_all(json_for_terminal(&text).as_bytes())
}

/// A path as a URI reference: relative as given, an absolute one as a `file://` URI; every
/// byte that is not plain in a URI path percent-encoded (a space, `%`, `#`, `?`, letters
/// beyond ASCII).
fn uri(path: &str) -> String {
    let path = if cfg!(windows) {
        path.replace('\\', "/")
    } else {
        path.to_string()
    };
    let mut uri = String::with_capacity(path.len() + 8);
    if path.starts_with('/') {
        uri.push_str("file://");
    }
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(byte as char)
            }
            _ => uri.push_str(&format!("%{byte:02X}")),
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_uri_references() {
        assert_eq!(uri("games/a.mgn"), "games/a.mgn");
        assert_eq!(uri("my games/#1?.mgn"), "my%20games/%231%3F.mgn");
        assert_eq!(uri("/tmp/é.mgn"), "file:///tmp/%C3%A9.mgn");
        assert_eq!(uri("<stdin>"), "%3Cstdin%3E");
    }

    #[test]
    fn an_empty_log_is_one_run_without_results() {
        let mut out = Vec::new();
        Sarif::default().finish(&mut out, true).unwrap();
        let log: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(log["version"], "2.1.0");
        assert_eq!(log["runs"][0]["results"], json!([]));
        assert_eq!(log["runs"][0]["tool"]["driver"]["name"], "mgn");
        assert_eq!(log["runs"][0]["tool"]["driver"]["rules"], json!([]));
    }
}
