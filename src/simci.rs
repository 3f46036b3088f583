//! `sim` in a user's CI: goldens (`--expect NAME=@golden.npy[:TOL]`), several random
//! memory-timing seeds in one run (`--seeds N`), and a JUnit XML report (`--junit FILE`)
//! with one test case per run, naming the buffer and index of every mismatch.

use crate::Error;
use sim::{ArgValue, Param, ParamKind};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One `--expect`: a buffer argument, the golden file, and the tolerance (ulps for floats;
/// integers are always bit-exact).
pub struct Expect {
    pub arg: usize,
    pub name: String,
    pub path: PathBuf,
    pub golden: ArgValue,
    pub max_ulp: u64,
}

/// Parses `NAME=@golden.npy[:TOL]` against the kernel's parameters and reads the file.
pub fn parse_expect(spec: &str, params: &[Param], untyped: bool) -> Result<Expect, Error> {
    let usage = || {
        Error::Usage(format!(
            "--expect {spec}: expected NAME=@golden.npy or NAME=@golden.npy:ULPS"
        ))
    };
    let (name, rest) = spec.split_once('=').ok_or_else(usage)?;
    let rest = rest.strip_prefix('@').ok_or_else(usage)?;
    // A tolerance is a trailing `:N`; a path may hold colons of its own.
    let (file, max_ulp) = match rest.rsplit_once(':') {
        Some((f, t)) if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) => {
            (f, t.parse().map_err(|_| usage())?)
        }
        _ => (rest, 0),
    };
    let arg = params
        .iter()
        .position(|p| p.name == name)
        .or_else(|| name.parse::<usize>().ok().filter(|&i| i < params.len()))
        .ok_or_else(|| {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            Error::Usage(format!(
                "--expect {spec}: the kernel has no argument '{name}'; it has {}",
                names.join(", ")
            ))
        })?;
    let ParamKind::Buffer(elem) = params[arg].kind else {
        return Err(Error::Usage(format!(
            "--expect {spec}: '{name}' is not a buffer argument"
        )));
    };
    let path = PathBuf::from(file);
    let golden = sim::npy::read_npy(&path, elem, name, untyped)?;
    Ok(Expect {
        arg,
        name: params[arg].name.clone(),
        path,
        golden: ArgValue::Buffer(golden),
        max_ulp,
    })
}

/// Mismatch lines of the final buffers against the goldens (`c[17]: expected …, got …`).
pub fn check_expects(expects: &[Expect], results: &[ArgValue]) -> Vec<String> {
    let mut out = Vec::new();
    for e in expects {
        let Some(actual) = results.get(e.arg) else {
            continue;
        };
        let (ArgValue::Buffer(g), ArgValue::Buffer(a)) = (&e.golden, actual) else {
            continue;
        };
        if g.len() != a.len() {
            out.push(format!(
                "{}: the golden {} has {} elements, the buffer {}",
                e.name,
                e.path.display(),
                g.len(),
                a.len()
            ));
            continue;
        }
        out.extend(sim::compare(
            std::slice::from_ref(&e.name),
            std::slice::from_ref(&e.golden),
            std::slice::from_ref(actual),
            e.max_ulp,
        ));
    }
    out
}

/// One buffer compared: how many elements, how many differ, the largest float distance,
/// and the first difference with its index.
#[derive(serde::Serialize)]
pub struct BufferSummary {
    pub name: String,
    pub elements: usize,
    pub mismatches: usize,
    /// Floats: the largest distance in ulps (None for integers).
    pub max_ulp: Option<u64>,
    pub first_mismatch: Option<String>,
}

impl std::fmt::Display for BufferSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} elements, {} mismatches",
            self.name, self.elements, self.mismatches
        )?;
        if let Some(u) = self.max_ulp {
            write!(f, ", max {u} ulp")?;
        }
        if let Some(m) = &self.first_mismatch {
            write!(f, "; first {m}")?;
        }
        Ok(())
    }
}

/// Per buffer argument: the actual contents against the expected (integers exact).
pub fn summarize(
    names: &[String],
    expected: &[ArgValue],
    actual: &[ArgValue],
) -> Vec<BufferSummary> {
    let mut out = Vec::new();
    for ((name, e), a) in names.iter().zip(expected).zip(actual) {
        let (ArgValue::Buffer(e), ArgValue::Buffer(a)) = (e, a) else {
            continue;
        };
        let kind = e.elem.float_kind();
        let (mut mismatches, mut max_ulp, mut first) = (0, 0u64, None);
        for i in 0..e.len().min(a.len()) {
            let (x, y) = (e.get(i), a.get(i));
            let ulp = kind.map(|k| sim::ulp_distance_bits(k, x, y));
            max_ulp = max_ulp.max(ulp.unwrap_or(0));
            if ulp.map_or(x != y, |u| u > 0) {
                mismatches += 1;
                first.get_or_insert_with(|| format!("[{i}]: expected 0x{x:x}, got 0x{y:x}"));
            }
        }
        out.push(BufferSummary {
            name: name.clone(),
            elements: e.len(),
            mismatches,
            max_ulp: kind.map(|_| max_ulp),
            first_mismatch: first,
        });
    }
    out
}

/// One run of the kernel, as a JUnit test case.
pub struct Case {
    pub name: String,
    pub seconds: f64,
    pub cycles: Option<u64>,
    /// Mismatch lines (RTL against the model, results against goldens); empty: passed.
    pub failures: Vec<String>,
    /// The run could not complete (an error, or out of cycles).
    pub error: Option<String>,
}

/// The JUnit XML report (the schema Jenkins, GitLab and GitHub test reporters read).
pub fn junit(suite: &str, cases: &[Case]) -> String {
    let failures = cases.iter().filter(|c| !c.failures.is_empty()).count();
    let errors = cases.iter().filter(|c| c.error.is_some()).count();
    let time: f64 = cases.iter().map(|c| c.seconds).sum();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "<testsuites name=\"hls-build sim\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{time:.3}\">",
        cases.len()
    );
    let _ = writeln!(
        x,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{time:.3}\">",
        xml(suite),
        cases.len()
    );
    for c in cases {
        let _ = write!(
            x,
            "    <testcase classname=\"hls-build.sim.{}\" name=\"{}\" time=\"{:.3}\">",
            xml(suite),
            xml(&c.name),
            c.seconds
        );
        if let Some(e) = &c.error {
            let _ = write!(
                x,
                "\n      <error message=\"{}\">{}</error>\n    ",
                xml(e.lines().next().unwrap_or("")),
                xml(e)
            );
        } else if !c.failures.is_empty() {
            let _ = write!(
                x,
                "\n      <failure message=\"{}\">{}</failure>\n    ",
                xml(&c.failures[0]),
                xml(&c.failures.join("\n"))
            );
        } else if let Some(n) = c.cycles {
            let _ = write!(x, "\n      <system-out>{n} cycles</system-out>\n    ");
        }
        x.push_str("</testcase>\n");
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes the report (through a temporary file, so a reader never sees half of it).
pub fn write_junit(path: &Path, suite: &str, cases: &[Case]) -> Result<(), Error> {
    let tmp = path.with_extension("xml.tmp");
    std::fs::write(&tmp, junit(suite, cases)).map_err(crate::io(&tmp))?;
    std::fs::rename(&tmp, path).map_err(crate::io(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junit_counts_failures_and_escapes_messages() {
        let cases = vec![
            Case {
                name: "seed 1".into(),
                seconds: 0.5,
                cycles: Some(120),
                failures: vec![],
                error: None,
            },
            Case {
                name: "seed 2".into(),
                seconds: 0.25,
                cycles: Some(121),
                failures: vec!["c[3]: expected 1 (0x1), got 2 (0x2) <golden>".into()],
                error: None,
            },
        ];
        let x = junit("vadd", &cases);
        let doc = roxmltree::Document::parse(&x).unwrap();
        let suite = doc
            .descendants()
            .find(|n| n.has_tag_name("testsuite"))
            .unwrap();
        assert_eq!(suite.attribute("tests"), Some("2"));
        assert_eq!(suite.attribute("failures"), Some("1"));
        let failure = doc
            .descendants()
            .find(|n| n.has_tag_name("failure"))
            .unwrap();
        assert!(failure
            .attribute("message")
            .unwrap()
            .starts_with("c[3]: expected 1"));
        assert!(failure.text().unwrap().ends_with("<golden>"));
    }
}
