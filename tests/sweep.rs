//! `hls-build sweep`: examples/sweep.yaml run by the local executor and by a real
//! single-node Slurm (scripts/slurm-local.sh), giving the same summary; one Slurm array
//! task killed shows as a failed point, and a re-run completes only that point.

mod common;

use common::{bin, root};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Stops the cluster when the test ends, whatever happens.
struct Slurm(PathBuf);
impl Drop for Slurm {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(root().join("scripts/slurm-local.sh"))
            .arg("stop")
            .arg(&self.0)
            .status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn sacct(conf: &Path, job: &str) -> Vec<(String, String)> {
    let out = Command::new("sacct")
        .env("SLURM_CONF", conf)
        .args(["-n", "-P", "-X", "-j", job, "--format=JobID,State"])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_once('|'))
        .map(|(a, b)| {
            (
                a.to_string(),
                b.split_whitespace().next().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn jobs(out: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("slurm/jobs.json")).unwrap()).unwrap()
}

#[test]
fn local_and_slurm_sweeps_agree_and_a_killed_task_reruns_alone() {
    // Short paths: munge and MariaDB put Unix sockets in the state directory.
    let state = PathBuf::from(format!("/tmp/hls-slurm-{}", std::process::id()));
    let started = Command::new("bash")
        .arg(root().join("scripts/slurm-local.sh"))
        .arg("start")
        .arg(&state)
        .output()
        .unwrap();
    let _guard = Slurm(state.clone());
    if !started.status.success() {
        println!(
            "SKIPPED: a single-node Slurm cannot be started here: {}",
            String::from_utf8_lossy(&started.stderr).trim()
        );
        return;
    }
    let conf = state.join("slurm.conf");
    let work = common::scratch("sweep");
    // The bundled example on one board and one seed: 9 of its 36 points, the last one
    // the same (the whole sweep's 72 runs took four minutes of CI for the same checks).
    let example = std::fs::read_to_string(root().join("examples/sweep.yaml")).unwrap();
    let mut small = example
        .replace("board: [default, u280]", "board: [u280]")
        .replace("seed: [1, 2]", "seed: [2]");
    for k in ["vadd.cl", "sweep/window.cl", "sweep/saxpy_loop.cl"] {
        let file = root().join("examples").join(k);
        small = small.replace(&format!("file: {k}"), &format!("file: {}", file.display()));
    }
    assert_ne!(small, example);
    let sweep = work.join("sweep.yaml");
    std::fs::write(&sweep, small).unwrap();

    let local = bin()
        .arg("sweep")
        .arg(&sweep)
        .args(["--jobs", "2", "-o"])
        .arg(work.join("local"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&local.stdout);
    assert!(
        local.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&local.stderr)
    );
    assert!(
        text.contains("9 points (3 kernels x 1 board x 3 variant x 1 seed)"),
        "{text}"
    );

    // The Slurm run; the last point's sim task is cancelled while it waits on its compile.
    let slurm_out = work.join("slurm");
    let mut child = bin()
        .env("SLURM_CONF", &conf)
        .arg("sweep")
        .arg(&sweep)
        .args(["--executor", "slurm", "-o"])
        .arg(&slurm_out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    let sim_job = loop {
        let l = lines
            .next()
            .expect("the driver submits the sim array")
            .unwrap();
        seen.push(l.clone());
        if let Some(rest) = l.strip_prefix("submitted sim array job ") {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    let killed = Command::new("scancel")
        .env("SLURM_CONF", &conf)
        .arg(format!("{sim_job}_8"))
        .status()
        .unwrap();
    assert!(killed.success());
    seen.extend(lines.map_while(Result::ok));
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{}", seen.join("\n"));
    let summary = std::fs::read_to_string(slurm_out.join("summary.csv")).unwrap();
    let last = summary.lines().last().unwrap();
    assert!(
        last.starts_with("saxpy_loop.u280.no-banking.2,")
            && last.contains(",failed,")
            && last.contains("CANCELLED"),
        "{last}"
    );
    // sacct knows every task of both arrays: the compile array all COMPLETED, the sim
    // array all but the one cancelled.
    let first = jobs(&slurm_out);
    let mut compile = sacct(&conf, first["compile"].as_str().unwrap());
    for _ in 0..30 {
        if compile.len() >= 9 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_secs(1));
        compile = sacct(&conf, first["compile"].as_str().unwrap());
    }
    assert_eq!(compile.len(), 9, "{compile:?}");
    assert!(compile.iter().all(|(_, s)| s == "COMPLETED"), "{compile:?}");
    // (A task cancelled while pending in its array gets no record of its own.)
    // (sacct lags slurmctld by a moment: asked until the records settle.)
    let mut sim = sacct(&conf, &sim_job);
    for _ in 0..30 {
        if sim.iter().filter(|(_, s)| s == "COMPLETED").count() >= 8 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_secs(1));
        sim = sacct(&conf, &sim_job);
    }
    let done: Vec<_> = sim.iter().filter(|(_, s)| s == "COMPLETED").collect();
    assert_eq!(done.len(), 8, "{sim:?}");
    assert!(!done.iter().any(|(j, _)| j.ends_with("_8")), "{sim:?}");

    // The re-run submits the one point left, and the table equals the local one.
    let rerun = bin()
        .env("SLURM_CONF", &conf)
        .arg("sweep")
        .arg(&sweep)
        .args(["--executor", "slurm", "-o"])
        .arg(&slurm_out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&rerun.stdout);
    assert!(
        rerun.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&rerun.stderr)
    );
    assert!(text.contains("8 already done, 1 to run"), "{text}");
    let again = jobs(&slurm_out);
    for step in ["compile", "sim"] {
        let mut tasks = sacct(&conf, again[step].as_str().unwrap());
        for _ in 0..30 {
            if !tasks.is_empty() && tasks.iter().all(|(_, s)| s == "COMPLETED") {
                break;
            }
            std::thread::sleep(std::time::Duration::from_secs(1));
            tasks = sacct(&conf, again[step].as_str().unwrap());
        }
        assert_eq!(tasks.len(), 1, "{step}: {tasks:?}");
        assert!(
            tasks[0].0.ends_with("_8") && tasks[0].1 == "COMPLETED",
            "{tasks:?}"
        );
    }
    let a = std::fs::read_to_string(work.join("local/summary.csv")).unwrap();
    let b = std::fs::read_to_string(slurm_out.join("summary.csv")).unwrap();
    assert_eq!(a, b, "the local and Slurm summaries differ");
    assert_eq!(a.lines().count(), 10);
    assert!(a.lines().skip(1).all(|l| l.contains(",ok,")), "{a}");
    let svg = std::fs::read_to_string(slurm_out.join("pareto.svg")).unwrap();
    assert!(
        svg.contains("<circle") && svg.contains("saxpy_loop"),
        "pareto.svg has no points"
    );
}

/// A bad sweep file is exit 2 naming the file and what is wrong, before anything runs.
#[test]
fn a_bad_sweep_file_is_refused_naming_the_problem() {
    let d = common::scratch("sweep-bad");
    let cases = [
        ("kernels: []\n", "list at least one kernel"),
        (
            "kernels: [{file: ../../nope.cl, global: 1}]\n",
            "no such file",
        ),
        (
            "kernels: [{file: KERNEL, global: 1}]\naxes: {unrol: [1, 2]}\n",
            "'unrol' is not a setting",
        ),
        (
            "kernels: [{file: KERNEL, global: 1}]\naxes: {board: [u280], v: [{name: x, board: u250}]}\n",
            "sets board, which another axis sets too",
        ),
        (
            "kernels: [{file: KERNEL, global: 1}]\naxes: {clock: [900]}\naxes2: 1\n",
            "unknown field `axes2`",
        ),
        (
            "kernels: [{file: KERNEL, global: 1}]\naxes: {board: [ulx3s], clock: [900]}\n",
            "clock_max_mhz",
        ),
    ];
    let kernel = root().join("examples/vadd.cl");
    for (i, (yaml, expect)) in cases.iter().enumerate() {
        let f = d.join(format!("s{i}.yaml"));
        std::fs::write(&f, yaml.replace("KERNEL", &kernel.display().to_string())).unwrap();
        let out = bin()
            .arg("sweep")
            .arg(&f)
            .arg("-o")
            .arg(d.join("out"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{yaml}: {err}");
        assert!(
            err.contains(&format!("s{i}.yaml")) && err.contains(expect),
            "{yaml}: {err}"
        );
        assert!(err.lines().count() <= 2, "{err}");
        assert!(!d.join("out").exists());
    }
}
