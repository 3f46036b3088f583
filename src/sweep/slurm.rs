//! Executor `slurm`: one job array per step, submitted with `sbatch --array` over the
//! pending points. Step k+1's array waits on step k's task by task
//! (`--dependency=aftercorr`, the per-task form of afterok: point i's sim starts when
//! point i's compile succeeded, whatever the other points do), and a task whose
//! dependency failed is cancelled (`--kill-on-invalid-dep=yes`) rather than left pending.
//! The driver polls `squeue` until the arrays are gone, then asks `sacct` how each task
//! ended; results come back through the shared OUT directory.

use super::file::{Resources, SlurmSpec, Step};
use super::plan::Plan;
use crate::{tools, Error};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const INSTALL: &str = "the Slurm client commands (Debian: slurm-client) with a cluster to \
                       talk to (SLURM_CONF), or `--executor local`";

/// Submits, waits, and records each task's Slurm state in OUT/slurm/states.json (point id
/// → step → state) for the summary. Returns the array job ids by step.
pub fn run(
    plan: &Plan,
    pending: &[usize],
    spec: &SlurmSpec,
) -> Result<BTreeMap<String, String>, Error> {
    for t in ["sbatch", "squeue", "sacct", "scancel"] {
        tools::require(t, INSTALL)?;
    }
    tools::catch_ctrl_c();
    let dir = plan.out.join("slurm");
    std::fs::create_dir_all(dir.join("logs")).map_err(crate::io(&dir))?;
    let array = pending
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut jobs: BTreeMap<String, String> = BTreeMap::new();
    let mut previous: Option<String> = None;
    for &step in &plan.steps {
        let script = dir.join(format!("{}.sh", step.name()));
        let text = batch_script(plan, step, &spec.for_step(step), &array, &dir);
        std::fs::write(&script, text).map_err(crate::io(&script))?;
        let mut cmd = Command::new("sbatch");
        cmd.arg("--parsable");
        if let Some(prev) = &previous {
            cmd.arg(format!("--dependency=aftercorr:{prev}"))
                .arg("--kill-on-invalid-dep=yes");
        }
        cmd.arg(&script);
        let id = output(&mut cmd, "sbatch")?;
        // --parsable prints "jobid" or "jobid;cluster".
        let id = id.split(';').next().unwrap_or("").trim().to_string();
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
            cancel(&jobs);
            return Err(Error::Flow(format!(
                "sbatch printed no job id for {}",
                script.display()
            )));
        }
        println!(
            "submitted {} array job {id} ({} tasks)",
            step.name(),
            pending.len()
        );
        jobs.insert(step.name().to_string(), id.clone());
        previous = Some(id);
    }
    write_json(&dir.join("jobs.json"), &json!(jobs))?;
    wait_for(&jobs, pending.len() * plan.steps.len())?;
    let states = task_states(&jobs, pending.len() * plan.steps.len())?;
    // point id → step → state, for the tasks of this submission.
    let mut by_point: Map<String, Value> = Map::new();
    // A task cancelled while still pending inside its array never becomes a job of its
    // own, and Slurm keeps no record of it (neither sacct nor scontrol knows it); a
    // submitted task without a record can only have ended that way.
    for (step, id) in &jobs {
        for &task in pending {
            let state = states
                .get(id)
                .and_then(|m| m.get(&task))
                .cloned()
                .unwrap_or_else(|| "CANCELLED (before it started; Slurm keeps no record)".into());
            let p = &plan.points[task];
            let entry = by_point.entry(p.id.clone()).or_insert_with(|| json!({}));
            entry[step] = json!({"job": format!("{id}_{task}"), "state": state});
        }
    }
    write_json(&dir.join("states.json"), &Value::Object(by_point))?;
    Ok(jobs)
}

/// The batch script of one step's array: the resources as #SBATCH lines, and the task.
fn batch_script(plan: &Plan, step: Step, r: &Resources, array: &str, dir: &Path) -> String {
    let mut s = String::from("#!/bin/bash\n");
    let mut opt = |k: &str, v: &str| s.push_str(&format!("#SBATCH --{k}={v}\n"));
    opt("job-name", &format!("hls-sweep-{}", step.name()));
    opt("array", array);
    opt(
        "output",
        &dir.join("logs")
            .join(format!("{}-%a.out", step.name()))
            .display()
            .to_string(),
    );
    opt("cpus-per-task", &r.cpus.unwrap_or(1).to_string());
    for (k, v) in [
        ("mem", &r.mem),
        ("time", &r.time),
        ("partition", &r.partition),
        ("account", &r.account),
        ("gres", &r.gres),
    ] {
        if let Some(v) = v {
            opt(k, v);
        }
    }
    s.push_str(&format!(
        "exec '{}' sweep-task '{}' --step {}\n",
        plan.exe.display(),
        plan.out.join("plan.json").display(),
        step.name()
    ));
    s
}

/// Polls squeue until none of the jobs is queued or running; Ctrl-C cancels them.
fn wait_for(jobs: &BTreeMap<String, String>, tasks: usize) -> Result<(), Error> {
    let ids = jobs.values().cloned().collect::<Vec<_>>().join(",");
    let bar = indicatif::ProgressBar::new(tasks as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} Slurm tasks done [{elapsed_precise}]",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    loop {
        if tools::cancelled() {
            bar.finish_and_clear();
            cancel(jobs);
            return Err(Error::Cancelled);
        }
        let out = output(
            Command::new("squeue").args(["-h", "-r", "-j", &ids, "-o", "%i"]),
            "squeue",
        )?;
        let left = out.lines().filter(|l| !l.trim().is_empty()).count();
        bar.set_position(tasks.saturating_sub(left) as u64);
        if left == 0 {
            break;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    bar.finish_and_clear();
    Ok(())
}

/// job id → array task → state (COMPLETED, FAILED, CANCELLED, TIMEOUT, ...), from sacct.
/// sacct can lag the end of a job by a moment (slurmctld hands records to slurmdbd in
/// the background), so while it knows fewer than `tasks` it is asked again, for up to 10 s.
fn task_states(
    jobs: &BTreeMap<String, String>,
    tasks: usize,
) -> Result<BTreeMap<String, BTreeMap<usize, String>>, Error> {
    let ids = jobs.values().cloned().collect::<Vec<_>>().join(",");
    let mut states = BTreeMap::new();
    for _ in 0..10 {
        let out = output(
            Command::new("sacct").args(["-n", "-P", "-X", "-j", &ids, "--format=JobID,State"]),
            "sacct",
        )?;
        states = parse_sacct(&out);
        let known: usize = states.values().map(|m| m.len()).sum();
        let settled = states
            .values()
            .flat_map(|m| m.values())
            .all(|s| !matches!(s.as_str(), "PENDING" | "RUNNING" | "COMPLETING"));
        if settled && known >= tasks {
            break;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    Ok(states)
}

/// sacct's `JobID|State` lines: `12_3|COMPLETED`, `12_[4,6-7]|CANCELLED by 0`.
fn parse_sacct(text: &str) -> BTreeMap<String, BTreeMap<usize, String>> {
    let mut out: BTreeMap<String, BTreeMap<usize, String>> = BTreeMap::new();
    for line in text.lines() {
        let Some((id, state)) = line.split_once('|') else {
            continue;
        };
        let Some((job, tasks)) = id.split_once('_') else {
            continue;
        };
        let state = state.split_whitespace().next().unwrap_or("").to_string();
        let tasks = tasks.trim_start_matches('[').trim_end_matches(']');
        for part in tasks.split(',') {
            let part = part.split('%').next().unwrap_or(part);
            let (a, b) = part.split_once('-').unwrap_or((part, part));
            if let (Ok(a), Ok(b)) = (a.parse::<usize>(), b.parse::<usize>()) {
                for t in a..=b {
                    out.entry(job.to_string())
                        .or_default()
                        .insert(t, state.clone());
                }
            }
        }
    }
    out
}

fn cancel(jobs: &BTreeMap<String, String>) {
    if !jobs.is_empty() {
        let _ = Command::new("scancel").args(jobs.values()).status();
    }
}

/// A Slurm command's standard output, or an error with what it printed.
fn output(cmd: &mut Command, what: &str) -> Result<String, Error> {
    let out = cmd
        .output()
        .map_err(|e| Error::Flow(format!("cannot run {what}: {e}; it needs {INSTALL}")))?;
    if !out.status.success() {
        return Err(Error::Flow(format!(
            "{what} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).to_string())
}

fn write_json(path: &Path, v: &Value) -> Result<(), Error> {
    std::fs::write(path, format!("{v:#}\n")).map_err(crate::io(path))
}

#[cfg(test)]
mod tests {
    #[test]
    fn sacct_lines_give_each_array_task_its_state() {
        let m = super::parse_sacct(
            "12_0|COMPLETED\n12_1|FAILED\n12_[4,6-7]|CANCELLED by 0\n13|COMPLETED\n",
        );
        let j = &m["12"];
        assert_eq!(j[&0], "COMPLETED");
        assert_eq!(j[&1], "FAILED");
        assert_eq!(j[&4], "CANCELLED");
        assert_eq!(j[&6], "CANCELLED");
        assert_eq!(j[&7], "CANCELLED");
        assert!(!m.contains_key("13"));
    }
}
