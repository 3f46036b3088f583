//! Modulo scheduling problems as files, for comparisons with other schedulers
//! (bench/compare_wave.py):
//!
//!     problems solve [--synthetic] [--dump DIR] SCHEDULES.json...
//!         each pipelined loop of each `OUT/schedules.json` (and the synthetic loops) through
//!         what `hls-build` runs (MII bounds, then `search_ii`, then the verifier); one JSON
//!         line per problem with the II and the time; --dump writes DIR/NNN.json per problem
//!         (with the pairs that combinational chaining forces a cycle apart).
//!     problems verify PROBLEM.json SCHEDULE.json
//!         checks a schedule {"ii", "start"} found elsewhere with the verifier; exit 1 if wrong.

use scheduler::problem::{Problem, Schedule};
use scheduler::{mii, search_ii, synthetic, ILP_BUDGET};
use std::time::Instant;

fn fail(msg: String) -> ! {
    eprintln!("{msg}");
    std::process::exit(2)
}

fn read_json(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    serde_json::from_str(&text).unwrap_or_else(|e| fail(format!("{path}: not JSON: {e}")))
}

fn problem_of(v: &serde_json::Value, what: &str) -> Problem {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| fail(format!("{what}: {e}")))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("verify") if args.len() == 3 => {
            let p = problem_of(&read_json(&args[1])["problem"], &args[1]);
            let s: Schedule = serde_json::from_value(read_json(&args[2]))
                .unwrap_or_else(|e| fail(format!("{}: {e}", args[2])));
            match p.verify(&s) {
                Ok(()) => println!("ok"),
                Err(e) => {
                    println!("{e}");
                    std::process::exit(1)
                }
            }
        }
        Some("solve") => solve(&args[1..]),
        _ => fail("usage: problems solve [--synthetic] [--dump DIR] FILE... | problems verify PROBLEM SCHEDULE".into()),
    }
}

fn solve(args: &[String]) {
    let mut problems: Vec<(String, Problem)> = Vec::new();
    let mut dump = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--synthetic" => {
                for n in [10usize, 50, 200, 1000] {
                    problems.push((format!("synthetic {n} ops"), synthetic::loop_body(n, 42)));
                }
            }
            "--dump" => {
                dump = Some(
                    it.next()
                        .cloned()
                        .unwrap_or_else(|| fail("--dump DIR".into())),
                )
            }
            file => {
                let v = read_json(file);
                let kernel = v["kernel"].as_str().unwrap_or("?").to_string();
                for u in v["units"].as_array().into_iter().flatten() {
                    if u["pipelined"] == true {
                        let name = format!("{kernel} / {}", u["name"].as_str().unwrap_or("?"));
                        problems.push((name.clone(), problem_of(&u["problem"], &name)));
                    }
                }
            }
        }
    }
    for (k, (name, p)) in problems.iter().enumerate() {
        let began = Instant::now();
        let m = mii::res_mii(p).ii.max(mii::rec_mii(p).ii);
        let found = search_ii(p, m, m + 64, ILP_BUDGET).unwrap_or_else(|e| fail(e));
        let schedule = found
            .schedule
            .filter(|s| p.verify(s).is_ok())
            .unwrap_or_else(|| fail(format!("{name}: no verified schedule")));
        let ms = began.elapsed().as_secs_f64() * 1e3;
        let file = dump.as_ref().map(|d| {
            let f = format!("{d}/{k:03}.json");
            let text = serde_json::json!({
                "name": name, "problem": p, "chain_breaks": p.chain_breaks(),
            })
            .to_string();
            std::fs::write(&f, text).unwrap_or_else(|e| fail(format!("{f}: {e}")));
            f
        });
        println!(
            "{}",
            serde_json::json!({
                "name": name, "ops": p.ops.len(), "mii": m, "ii": schedule.ii, "ms": ms,
                "solver": if found.heuristic { "IMS" } else { "ILP" }, "file": file,
            })
        );
    }
}
