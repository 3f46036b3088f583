//! The sweep file (`hls-build sweep SWEEP.yaml`): kernels, the axes whose product makes
//! the points, the steps each point goes through, and the Slurm resources of each step.
//!
//! ```yaml
//! kernels:
//!   - file: vadd.cl            # relative to the sweep file
//!     global: 256
//!     args: {a: random:256, b: random:256, c: zeros:256}
//! axes:
//!   board: [default, u280]     # a setting's name: its values
//!   variant:                   # any other name: settings with a `name`
//!     - {name: base}
//!     - {name: unroll4, define: {UNROLL: 4}}
//!   seed: [1, 2]
//! steps: [compile, sim]
//! slurm: {partition: debug, sim: {cpus: 1, mem: 2G, time: "0:20:00"}}
//! ```

use crate::Error;
use serde::{Deserialize, Serialize};
use serde_yaml_ng::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    kernels: Vec<KernelSpec>,
    #[serde(default)]
    axes: serde_yaml_ng::Mapping,
    #[serde(default = "default_steps")]
    steps: Vec<Step>,
    #[serde(default)]
    slurm: SlurmSpec,
}

fn default_steps() -> Vec<Step> {
    vec![Step::Compile, Step::Sim]
}

/// One kernel of the sweep, with the launch its `sim` step uses.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelSpec {
    /// Its name in the summary (default: the kernel's, else the file's stem).
    #[serde(default)]
    pub name: Option<String>,
    pub file: PathBuf,
    /// Which kernel of the module.
    #[serde(default)]
    pub kernel: Option<String>,
    /// X, or "X,Y[,Z]".
    pub global: Value,
    #[serde(default)]
    pub local: Option<Value>,
    /// `sim --arg` values by argument name: a number, `zeros:LEN`, `random:LEN[:SEED]`,
    /// `local:N` or `@file.npy` (relative to the sweep file).
    #[serde(default)]
    pub args: BTreeMap<String, Value>,
}

/// What a point sets; each axis value sets some of these. `None` is the tool's default.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The label of a mapping value in the summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Kernel clock, MHz (`--clock`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banking: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub denormals: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mad: Option<String>,
    /// Float reductions: `strict` (as the module allows) or `relaxed` (`--fp-relaxed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fp: Option<String>,
    /// Loop nests: `auto` (flattened where faster), `always` or `off` (`--flatten`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flatten: Option<String>,
    /// Preprocessor macros (`-D NAME=VALUE`): unroll factors, SIMD widths.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub define: BTreeMap<String, Value>,
    /// Specialization constants by SpecId (`--spec`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub spec: BTreeMap<u32, Value>,
    /// Random memory latency and back-pressure from this seed (`--mem-latency random:SEED`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// A fixed memory latency in cycles (`--mem-latency N`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mem_latency: Option<u32>,
    /// Buffer → bank (`--memory NAME=BANK`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub memory: BTreeMap<String, String>,
}

/// The settings a sweep file may name, for the error that lists them.
const SETTINGS: &str =
    "board, clock, banking, denormals, mad, fp, flatten, define, spec, seed, mem_latency, memory";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Compile,
    Sim,
    Synth,
    Build,
}

impl Step {
    pub fn name(self) -> &'static str {
        match self {
            Step::Compile => "compile",
            Step::Sim => "sim",
            Step::Synth => "synth",
            Step::Build => "build",
        }
    }
}

/// Slurm resources: defaults for every step (the same keys as `Resources`), and per step.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlurmSpec {
    #[serde(default)]
    pub cpus: Option<u32>,
    #[serde(default)]
    pub mem: Option<String>,
    #[serde(default)]
    pub time: Option<String>,
    #[serde(default)]
    pub partition: Option<String>,
    #[serde(default)]
    pub account: Option<String>,
    #[serde(default)]
    pub gres: Option<String>,
    #[serde(default)]
    pub compile: Resources,
    #[serde(default)]
    pub sim: Resources,
    #[serde(default)]
    pub synth: Resources,
    #[serde(default)]
    pub build: Resources,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resources {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpus: Option<u32>,
    /// As sbatch takes it: `2G`, `500M`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mem: Option<String>,
    /// As sbatch takes it: `30`, `0:30:00`, `1-00:00:00`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<String>,
    /// A generic resource, e.g. `fpga:u280:1` for the build step on a node with the card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gres: Option<String>,
}

impl SlurmSpec {
    /// A step's resources: its own, else the sweep-wide ones.
    pub fn for_step(&self, step: Step) -> Resources {
        let own = match step {
            Step::Compile => &self.compile,
            Step::Sim => &self.sim,
            Step::Synth => &self.synth,
            Step::Build => &self.build,
        };
        let or = |a: &Option<String>, b: &Option<String>| a.clone().or_else(|| b.clone());
        Resources {
            cpus: own.cpus.or(self.cpus),
            mem: or(&own.mem, &self.mem),
            time: or(&own.time, &self.time),
            partition: or(&own.partition, &self.partition),
            account: or(&own.account, &self.account),
            gres: or(&own.gres, &self.gres),
        }
    }
}

/// An axis: its name and its values, each a label and the settings it makes.
#[derive(Debug, Clone)]
pub struct Axis {
    pub name: String,
    pub values: Vec<(String, Settings)>,
}

#[derive(Debug, Clone)]
pub struct Sweep {
    pub path: PathBuf,
    pub kernels: Vec<KernelSpec>,
    pub axes: Vec<Axis>,
    pub steps: Vec<Step>,
    pub slurm: SlurmSpec,
}

impl Sweep {
    /// Reads and checks a sweep file. Errors name the file, and the line where serde saw it.
    pub fn load(path: &Path) -> Result<Sweep, Error> {
        let text = std::fs::read_to_string(path).map_err(crate::io(path))?;
        let bad = |m: String| Error::Usage(format!("{}: {m}", path.display()));
        let raw: Raw = serde_yaml_ng::from_str(&text).map_err(|e| bad(e.to_string()))?;
        if raw.kernels.is_empty() {
            return Err(bad("kernels: list at least one kernel".into()));
        }
        let mut axes = Vec::new();
        for (name, values) in &raw.axes {
            let name = name
                .as_str()
                .ok_or_else(|| bad("axes: each axis is named by a string".into()))?;
            axes.push(axis(name, values).map_err(|m| bad(format!("axes.{name}: {m}")))?);
        }
        let mut steps = raw.steps.clone();
        steps.dedup();
        if steps.is_empty() {
            return Err(bad(
                "steps: list at least one of compile, sim, synth, build".into(),
            ));
        }
        // synth reads the compile step's RTL.
        let at = |s: Step| steps.iter().position(|&x| x == s);
        if let Some(i) = at(Step::Synth) {
            if at(Step::Compile).is_none_or(|c| c > i) {
                return Err(bad(
                    "steps: synth needs compile before it (it synthesizes compile's RTL)".into(),
                ));
            }
        }
        Ok(Sweep {
            path: path.to_path_buf(),
            kernels: raw.kernels,
            axes,
            steps,
            slurm: raw.slurm,
        })
    }
}

/// An axis' values: scalars when the axis is a setting (`board: [default, u280]`), else
/// mappings of settings, each with a `name`.
fn axis(name: &str, values: &Value) -> Result<Axis, String> {
    let list = values.as_sequence().ok_or("give a list of values")?;
    if list.is_empty() {
        return Err("give at least one value".into());
    }
    let mut out: Vec<(String, Settings)> = Vec::new();
    for v in list {
        let (label, settings) = match v {
            Value::Mapping(_) => {
                let s: Settings = serde_yaml_ng::from_value(v.clone())
                    .map_err(|e| format!("{e} (a value sets some of: name, {SETTINGS})"))?;
                let label = s
                    .name
                    .clone()
                    .ok_or("a value that is a mapping needs a `name`")?;
                (label, s)
            }
            scalar => {
                let mut m = serde_yaml_ng::Mapping::new();
                m.insert(name.into(), scalar.clone());
                let s: Settings = serde_yaml_ng::from_value(Value::Mapping(m)).map_err(|_| {
                    format!(
                        "'{name}' is not a setting, so its values must be mappings with a name; the settings are {SETTINGS}"
                    )
                })?;
                (scalar_text(scalar), s)
            }
        };
        if out.iter().any(|(l, _)| *l == label) {
            return Err(format!("the value '{label}' is listed twice"));
        }
        out.push((label, settings));
    }
    Ok(Axis {
        name: name.to_string(),
        values: out,
    })
}

/// A YAML scalar as the command line would spell it.
pub fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Null => String::new(),
        other => serde_yaml_ng::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}
