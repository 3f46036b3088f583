//! The plan of a sweep: every point (a kernel × one value of each axis) with its merged
//! settings, its directory and the key of its inputs. Written as OUT/plan.json, which is
//! all a step task (local or a Slurm array task) reads.

use super::file::{scalar_text, Settings, Step, Sweep};
use crate::Error;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Plan {
    pub sweep: PathBuf,
    pub out: PathBuf,
    /// The hls-build that runs the steps.
    pub exe: PathBuf,
    /// Its version and a digest of the binary: a point's key includes it, so a rebuilt
    /// tool re-runs the sweep.
    pub tool: String,
    pub steps: Vec<Step>,
    pub axes: Vec<String>,
    pub points: Vec<Point>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Point {
    /// Its directory under OUT/points, from the labels: `vadd.u280.unroll4.s1`.
    pub id: String,
    pub kernel: String,
    /// One label per axis, in the sweep file's order.
    pub labels: Vec<String>,
    /// sha256 of the tool, the kernel source, the inputs and the settings.
    pub key: String,
    pub settings: Settings,
    pub file: PathBuf,
    pub entry: Option<String>,
    pub global: String,
    pub local: Option<String>,
    /// `sim --arg` values, `@` paths made absolute.
    pub args: Vec<String>,
}

impl Point {
    /// The board as `--board` takes it: a built-in name, or a board file's path made
    /// relative to the sweep file's folder `base` (a file is what `Board::load` takes as
    /// one: `.yaml`/`.yml`, or a path).
    pub fn board(&self, base: &Path) -> String {
        board_arg(self.settings.board.as_deref(), base)
    }
}

fn board_arg(board: Option<&str>, base: &Path) -> String {
    let b = board.unwrap_or("default");
    if b.ends_with(".yaml") || b.ends_with(".yml") || b.contains('/') {
        base.join(b).display().to_string()
    } else {
        b.to_string()
    }
}

impl Plan {
    pub fn point_dir(&self, p: &Point) -> PathBuf {
        self.out.join("points").join(&p.id)
    }

    pub fn load(path: &Path) -> Result<Plan, Error> {
        let text = std::fs::read_to_string(path).map_err(crate::io(path))?;
        serde_json::from_str(&text).map_err(|e| {
            Error::Usage(format!(
                "{}: not a sweep plan ({e}); `hls-build sweep` writes it",
                path.display()
            ))
        })
    }
}

/// The points of a sweep, each kernel × the product of the axes, checked up front: the
/// boards exist, the clocks are within them, and no two axes set the same thing.
pub fn plan(sweep: &Sweep, out: &Path, exe: &Path, tool: &str) -> Result<Plan, Error> {
    let base = sweep.path.parent().unwrap_or(Path::new("."));
    let bad = |m: String| Error::Usage(format!("{}: {m}", sweep.path.display()));
    let mut points = Vec::new();
    for k in &sweep.kernels {
        let file = absolute(&base.join(&k.file));
        if !file.is_file() {
            return Err(bad(format!("kernels: {}: no such file", k.file.display())));
        }
        let kernel = k
            .name
            .clone()
            .or_else(|| k.kernel.clone())
            .unwrap_or_else(|| {
                file.file_stem()
                    .map(|s| s.to_string_lossy().to_string())
                    .unwrap_or_default()
            });
        let mut args = Vec::new();
        let mut inputs = Vec::new();
        for (name, v) in &k.args {
            let text = scalar_text(v);
            match text.strip_prefix('@') {
                Some(p) => {
                    let p = absolute(&base.join(p));
                    inputs.push(std::fs::read(&p).map_err(crate::io(&p))?);
                    args.push(format!("{name}=@{}", p.display()));
                }
                None => args.push(format!("{name}={text}")),
            }
        }
        let source = std::fs::read(&file).map_err(crate::io(&file))?;
        for combo in product(
            &sweep
                .axes
                .iter()
                .map(|a| a.values.len())
                .collect::<Vec<_>>(),
        ) {
            let mut settings = Settings::default();
            let mut labels = Vec::new();
            for (axis, &i) in sweep.axes.iter().zip(&combo) {
                let (label, s) = &axis.values[i];
                merge(&mut settings, s).map_err(|what| {
                    bad(format!(
                        "axes.{}: '{label}' sets {what}, which another axis sets too",
                        axis.name
                    ))
                })?;
                labels.push(label.clone());
            }
            settings.name = None;
            let id = std::iter::once(kernel.as_str())
                .chain(labels.iter().map(String::as_str))
                .map(sanitize)
                .collect::<Vec<_>>()
                .join(".");
            let mut h = Sha256::new();
            h.update(tool.as_bytes());
            h.update(&source);
            for i in &inputs {
                h.update(i);
            }
            h.update(serde_json::to_vec(&(k, &settings, &sweep.steps)).unwrap_or_default());
            let board = board_arg(settings.board.as_deref(), base);
            if Path::new(&board).is_file() {
                h.update(std::fs::read(&board).unwrap_or_default());
            }
            points.push(Point {
                id,
                kernel: kernel.clone(),
                labels,
                key: hex(&h.finalize()),
                settings,
                file: file.clone(),
                entry: k.kernel.clone(),
                global: dims(&k.global),
                local: k.local.as_ref().map(dims),
                args: args.clone(),
            });
        }
    }
    check_settings(&points, base).map_err(bad)?;
    let mut seen = std::collections::HashSet::new();
    for p in &points {
        if !seen.insert(&p.id) {
            return Err(bad(format!(
                "two points are both named {} (give the kernels distinct `name`s)",
                p.id
            )));
        }
    }
    Ok(Plan {
        sweep: absolute(&sweep.path),
        out: absolute(out),
        exe: exe.to_path_buf(),
        tool: tool.to_string(),
        steps: sweep.steps.clone(),
        axes: sweep.axes.iter().map(|a| a.name.clone()).collect(),
        points,
    })
}

/// Every combination of one index per axis, the last axis varying fastest.
fn product(sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new()];
    for &n in sizes {
        out = out
            .into_iter()
            .flat_map(|c| {
                (0..n).map(move |i| {
                    let mut c = c.clone();
                    c.push(i);
                    c
                })
            })
            .collect();
    }
    out
}

/// Adds `s` to `into`; names the setting when both set it.
fn merge(into: &mut Settings, s: &Settings) -> Result<(), &'static str> {
    fn one<T: Clone>(
        a: &mut Option<T>,
        b: &Option<T>,
        what: &'static str,
    ) -> Result<(), &'static str> {
        match (a.is_some(), b) {
            (true, Some(_)) => Err(what),
            (_, Some(v)) => {
                *a = Some(v.clone());
                Ok(())
            }
            _ => Ok(()),
        }
    }
    one(&mut into.board, &s.board, "board")?;
    one(&mut into.clock, &s.clock, "clock")?;
    one(&mut into.banking, &s.banking, "banking")?;
    one(&mut into.denormals, &s.denormals, "denormals")?;
    one(&mut into.mad, &s.mad, "mad")?;
    one(&mut into.fp, &s.fp, "fp")?;
    one(&mut into.flatten, &s.flatten, "flatten")?;
    one(&mut into.seed, &s.seed, "seed")?;
    one(&mut into.mem_latency, &s.mem_latency, "mem_latency")?;
    if into.seed.is_some() && into.mem_latency.is_some() {
        return Err("the memory latency (seed and mem_latency)");
    }
    for (k, v) in &s.define {
        if into.define.insert(k.clone(), v.clone()).is_some() {
            return Err("a define");
        }
    }
    for (k, v) in &s.spec {
        if into.spec.insert(*k, v.clone()).is_some() {
            return Err("a spec constant");
        }
    }
    for (k, v) in &s.memory {
        if into.memory.insert(k.clone(), v.clone()).is_some() {
            return Err("a memory bank");
        }
    }
    Ok(())
}

/// The settings every point would otherwise fail on, found before anything runs: boards
/// and clocks, and the choices of the enumerated options.
fn check_settings(points: &[Point], base: &Path) -> Result<(), String> {
    let mut checked = std::collections::HashSet::new();
    for p in points {
        let s = &p.settings;
        let board = p.board(base);
        if checked.insert(format!("{board}@{:?}", s.clock)) {
            boards::Board::load_at(&board, s.clock).map_err(|e| format!("point {}: {e}", p.id))?;
        }
        let choices: [(&str, &Option<String>, &[&str]); 5] = [
            ("banking", &s.banking, &["infer", "off"]),
            ("denormals", &s.denormals, &["module", "flush"]),
            ("mad", &s.mad, &["fused", "unfused"]),
            ("fp", &s.fp, &["strict", "relaxed"]),
            ("flatten", &s.flatten, &["auto", "always", "off"]),
        ];
        for (what, v, allowed) in choices {
            if let Some(v) = v.as_deref().filter(|v| !allowed.contains(v)) {
                return Err(format!(
                    "{what}: '{v}' is not one of {}",
                    allowed.join(", ")
                ));
            }
        }
    }
    Ok(())
}

/// The design options of a point, as compile, sim and build take them.
pub fn design_args(p: &Point, base: &Path) -> Vec<String> {
    let s = &p.settings;
    let mut a = Vec::new();
    if s.board.is_some() {
        a.extend(["--board".into(), p.board(base)]);
    }
    if let Some(c) = s.clock {
        a.extend(["--clock".into(), c.to_string()]);
    }
    for (flag, v) in [
        ("--banking", &s.banking),
        ("--denormals", &s.denormals),
        ("--mad", &s.mad),
        ("--flatten", &s.flatten),
    ] {
        if let Some(v) = v {
            a.extend([flag.to_string(), v.clone()]);
        }
    }
    if s.fp.as_deref() == Some("relaxed") {
        a.push("--fp-relaxed".into());
    }
    for (k, v) in &s.define {
        a.push(format!("-D{k}={}", scalar_text(v)));
    }
    for (k, v) in &s.spec {
        a.extend(["--spec".into(), format!("{k}={}", scalar_text(v))]);
    }
    if let Some(e) = &p.entry {
        a.extend(["--kernel".into(), e.clone()]);
    }
    a
}

/// "X" or "X,Y[,Z]" from a YAML number, string or list.
fn dims(v: &serde_yaml_ng::Value) -> String {
    match v.as_sequence() {
        Some(list) => list.iter().map(scalar_text).collect::<Vec<_>>().join(","),
        None => scalar_text(v),
    }
}

/// A label as a directory name: letters, digits, `-` and `_`; anything else becomes `_`.
fn sanitize(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The tool's identity for the keys: its version and the digest of its binary.
pub fn tool_identity(exe: &Path) -> String {
    let digest = std::fs::read(exe)
        .map(|b| hex(&Sha256::digest(&b))[..16].to_string())
        .unwrap_or_else(|_| "unknown".into());
    format!("hls-build {} ({digest})", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_varies_the_last_axis_fastest() {
        assert_eq!(
            product(&[2, 3]),
            vec![
                vec![0, 0],
                vec![0, 1],
                vec![0, 2],
                vec![1, 0],
                vec![1, 1],
                vec![1, 2]
            ]
        );
        assert_eq!(product(&[]), vec![Vec::<usize>::new()]);
    }

    /// A point of kernel `k` with these settings.
    fn point_with(settings: Settings) -> Point {
        Point {
            id: "p".into(),
            kernel: "k".into(),
            labels: vec![],
            key: String::new(),
            settings,
            file: "k.cl".into(),
            entry: None,
            global: "1".into(),
            local: None,
            args: vec![],
        }
    }

    /// `fp: relaxed` reaches the tool as `--fp-relaxed`; any other word is refused
    /// before anything runs.
    #[test]
    fn the_fp_setting_is_checked_and_becomes_the_flag() {
        let point = |fp: &str| {
            point_with(Settings {
                fp: Some(fp.into()),
                ..Default::default()
            })
        };
        let base = Path::new(".");
        assert!(design_args(&point("relaxed"), base).contains(&"--fp-relaxed".to_string()));
        assert!(!design_args(&point("strict"), base).contains(&"--fp-relaxed".to_string()));
        let err = check_settings(&[point("fast")], base).unwrap_err();
        assert!(
            err.contains("fp: 'fast' is not one of strict, relaxed"),
            "{err}"
        );
    }

    /// `flatten: off` reaches the tool as `--flatten off`; a word it does not take is refused.
    #[test]
    fn the_flatten_setting_is_checked_and_becomes_the_flag() {
        let point = |v: &str| {
            point_with(Settings {
                flatten: Some(v.into()),
                ..Default::default()
            })
        };
        let base = Path::new(".");
        let args = design_args(&point("off"), base);
        assert!(
            args.windows(2).any(|w| w == ["--flatten", "off"]),
            "{args:?}"
        );
        let err = check_settings(&[point("never")], base).unwrap_err();
        assert!(
            err.contains("flatten: 'never' is not one of auto, always, off"),
            "{err}"
        );
    }

    #[test]
    fn two_axes_setting_one_thing_is_an_error_naming_it() {
        let mut a = Settings {
            board: Some("u280".into()),
            ..Default::default()
        };
        let b = Settings {
            board: Some("u250".into()),
            ..Default::default()
        };
        assert_eq!(merge(&mut a, &b), Err("board"));
    }
}
