//! The two ILP formulations of `ilp` (time-indexed and Moovac-style) on the same modulo
//! scheduling problems: the loops of compiled kernels (their `schedules.json`) and the
//! synthetic loops of the benchmarks. For each problem, each formulation searches II upward
//! from MII with the ILP alone (no heuristic first), every schedule checked by the verifier.
//!
//!     cargo run --release -p scheduler --example formulations -- [--limit S] [--synthetic] FILE...
//!
//! bench/formulations.py compiles the project's kernels and runs this over them.

use scheduler::ilp::{self, Formulation, IlpOutcome};
use scheduler::problem::Problem;
use scheduler::{mii, synthetic};
use std::time::Instant;

struct Outcome {
    ii: Option<u32>,
    ms: f64,
    timed_out: bool,
}

fn search(p: &Problem, f: Formulation, limit_s: f64) -> Outcome {
    let m = mii::res_mii(p).ii.max(mii::rec_mii(p).ii);
    let began = Instant::now();
    let mut out = Outcome {
        ii: None,
        ms: 0.0,
        timed_out: false,
    };
    for ii in m..m + 64 {
        let left = limit_s - began.elapsed().as_secs_f64();
        if left <= 0.0 {
            out.timed_out = true;
            break;
        }
        match ilp::solve_with(p, ii, left, f) {
            Ok(IlpOutcome::Solved(s)) => {
                if let Err(e) = p.verify(&s) {
                    eprintln!("{f:?} at II {ii}: schedule fails the verifier: {e}");
                    std::process::exit(1);
                }
                out.ii = Some(ii);
                break;
            }
            Ok(IlpOutcome::Infeasible) => continue,
            Ok(IlpOutcome::TimedOut | IlpOutcome::Incumbent(_)) => {
                out.timed_out = true;
                break;
            }
            Err(e) => {
                eprintln!("{f:?} at II {ii}: {e}");
                std::process::exit(1);
            }
        }
    }
    out.ms = began.elapsed().as_secs_f64() * 1e3;
    out
}

fn show(o: &Outcome) -> (String, String) {
    let ii = match (o.ii, o.timed_out) {
        (Some(ii), _) => ii.to_string(),
        (None, true) => "time limit".into(),
        (None, false) => "—".into(),
    };
    (ii, format!("{:.2}", o.ms))
}

fn main() {
    let mut limit_s = 60.0;
    let mut files = Vec::new();
    let mut with_synthetic = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => {
                limit_s = args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                    eprintln!("--limit needs seconds");
                    std::process::exit(2)
                })
            }
            "--synthetic" => with_synthetic = true,
            _ => files.push(a),
        }
    }
    let mut problems: Vec<(String, Problem)> = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| {
            eprintln!("{f}: {e}");
            std::process::exit(2)
        });
        let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| {
            eprintln!("{f}: not JSON: {e}");
            std::process::exit(2)
        });
        let kernel = v["kernel"].as_str().unwrap_or("?").to_string();
        for u in v["units"].as_array().into_iter().flatten() {
            if u["pipelined"] != serde_json::Value::Bool(true) {
                continue;
            }
            let p: Problem = serde_json::from_value(u["problem"].clone()).unwrap_or_else(|e| {
                eprintln!("{f}: unit {}: {e}", u["name"]);
                std::process::exit(2)
            });
            problems.push((
                format!("{kernel} / {}", u["name"].as_str().unwrap_or("?")),
                p,
            ));
        }
    }
    if with_synthetic {
        for n in [10usize, 50, 200, 1000] {
            problems.push((format!("synthetic {n} ops"), synthetic::loop_body(n, 42)));
        }
    }
    println!("| problem | ops | contended resources | MII | binaries (TI / Moovac) | time-indexed II | ms | Moovac II | ms | hls-build uses |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let (mut ti_ms, mut mv_ms) = (Vec::new(), Vec::new());
    let (mut ti_wins, mut mv_wins, mut differ) = (0, 0, 0);
    for (name, p) in &problems {
        let m = mii::res_mii(p).ii.max(mii::rec_mii(p).ii);
        let contended = (0..p.resources.len())
            .filter(|r| p.ops.iter().map(|o| o.units_of(*r)).sum::<u32>() > p.resources[*r].limit)
            .count();
        let ti = search(p, Formulation::TimeIndexed, limit_s);
        let mv = search(p, Formulation::Moovac, limit_s);
        if ti.ii != mv.ii {
            differ += 1;
        }
        if ti.ms < mv.ms {
            ti_wins += 1
        } else {
            mv_wins += 1
        }
        ti_ms.push(ti.ms);
        mv_ms.push(mv.ms);
        let (a, at) = show(&ti);
        let (b, bt) = show(&mv);
        let uses = match ilp::preferred(p, m) {
            Formulation::TimeIndexed => "time-indexed",
            Formulation::Moovac => "Moovac",
        };
        println!(
            "| {name} | {} | {contended} | {m} | {} / {} | {a} | {at} | {b} | {bt} | {uses} |",
            p.ops.len(),
            ilp::binaries(p, m, Formulation::TimeIndexed),
            ilp::binaries(p, m, Formulation::Moovac),
        );
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    let total = |v: &[f64]| v.iter().sum::<f64>();
    println!(
        "\n{} problems; time-indexed faster on {ti_wins}, Moovac on {mv_wins}; II differs on {differ}.",
        problems.len()
    );
    println!(
        "time-indexed: median {:.2} ms, total {:.0} ms; Moovac: median {:.2} ms, total {:.0} ms (limit {limit_s} s per problem)",
        median(&mut ti_ms.clone()),
        total(&ti_ms),
        median(&mut mv_ms.clone()),
        total(&mv_ms)
    );
}
