//! `hls-build sweep SWEEP.yaml [-o OUT] [--executor local|slurm] [--jobs N]`: a
//! design-space sweep. The sweep file (`file`) becomes a plan of points (`plan`), each run
//! step by step (`task`) by an executor — worker processes here (`local`) or Slurm job
//! arrays (`slurm`) — and summarised (`summary`, `pareto`).
//!
//! OUT/
//!   plan.json                 every point: settings, directory, key
//!   points/<id>/<step>.json   a step's result (with the point's key), <step>.log, <step>/
//!   slurm/                    batch scripts, task logs, jobs.json, states.json
//!   summary.csv, summary.json, pareto.svg
//!
//! A point whose every step has a result with its current key is done, and a re-run skips
//! it; the others (failed, cancelled, or whose inputs or tool changed) run again.

pub mod file;
mod local;
mod pareto;
pub mod plan;
mod slurm;
pub mod summary;
pub mod task;

use crate::Error;
use std::path::Path;

pub enum Executor {
    Local { jobs: usize },
    Slurm,
}

/// Runs a sweep; exit status 0 when every point finished, 1 when some failed.
pub fn run(sweep_path: &Path, out: &Path, executor: Executor) -> Result<i32, Error> {
    let sweep = file::Sweep::load(sweep_path)?;
    let exe = std::env::current_exe()
        .map_err(|e| Error::Flow(format!("cannot find hls-build itself: {e}")))?;
    let tool = plan::tool_identity(&exe);
    let plan = plan::plan(&sweep, out, &exe, &tool)?;
    std::fs::create_dir_all(&plan.out).map_err(crate::io(&plan.out))?;
    let plan_path = plan.out.join("plan.json");
    let tmp = plan.out.join(".plan.json.tmp");
    let text = serde_json::to_string_pretty(&plan).unwrap_or_default();
    std::fs::write(&tmp, text + "\n").map_err(crate::io(&tmp))?;
    std::fs::rename(&tmp, &plan_path).map_err(crate::io(&plan_path))?;

    let pending: Vec<usize> = (0..plan.points.len())
        .filter(|&i| {
            let p = &plan.points[i];
            !plan
                .steps
                .iter()
                .all(|&s| task::read_result(&plan, p, s).is_some_and(|r| r.ok))
        })
        .collect();
    // A point that runs again starts clean: no result of an earlier run survives beside
    // the new ones.
    for &i in &pending {
        for &s in &plan.steps {
            let _ = std::fs::remove_file(task::result_path(&plan, &plan.points[i], s));
        }
    }
    println!(
        "{} points ({} kernels x {}), {} already done, {} to run: {}",
        plan.points.len(),
        sweep.kernels.len(),
        if sweep.axes.is_empty() {
            "no axes".to_string()
        } else {
            sweep
                .axes
                .iter()
                .map(|a| format!("{} {}", a.values.len(), a.name))
                .collect::<Vec<_>>()
                .join(" x ")
        },
        plan.points.len() - pending.len(),
        pending.len(),
        plan.steps
            .iter()
            .map(|s| s.name())
            .collect::<Vec<_>>()
            .join(" -> ")
    );
    let mut jobs = serde_json::Value::Null;
    let ran = if pending.is_empty() {
        Ok(())
    } else {
        match executor {
            Executor::Local { jobs } => local::run(&plan, &pending, jobs),
            Executor::Slurm => slurm::run(&plan, &pending, &sweep.slurm).map(|j| {
                jobs = serde_json::json!(j);
            }),
        }
    };
    // The summary covers what finished, even when the run was stopped.
    let (ok, failed) = summary::write(&plan, &jobs)?;
    ran?;
    println!(
        "{ok} points finished, {failed} failed; wrote {}/summary.csv, summary.json, pareto.svg",
        plan.out.display()
    );
    Ok(if failed == 0 { 0 } else { 1 })
}
