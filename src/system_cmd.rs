//! `compile` and `sim` with `--connect`: a system of kernels joined by pipes. The model
//! runs the kernels together (`sim::net`), the RTL runs the system top with every
//! kernel started at once, and each kernel's results are compared as a kernel's alone.

use super::*;
use hls_build::system::{compile_system, parse_connect, write_system, System};

/// The kernels of the system: `--kernel A,B,...`, or those the connections name, in the
/// order they first appear.
fn system_kernels(kernel: Option<&str>, connects: &[hls_build::system::Connect]) -> Vec<String> {
    match kernel {
        Some(list) => list.split(',').map(|k| k.trim().to_string()).collect(),
        None => {
            let mut out: Vec<String> = Vec::new();
            for c in connects {
                for k in [&c.from, &c.to] {
                    if !out.contains(k) {
                        out.push(k.clone());
                    }
                }
            }
            out
        }
    }
}

fn compile(
    file: &Path,
    kernel: Option<&str>,
    connect: &[String],
    system: &str,
    design: &DesignArgs,
) -> Result<System, Error> {
    let connects: Vec<_> = connect
        .iter()
        .map(|c| parse_connect(c))
        .collect::<Result<_, _>>()?;
    let kernels = system_kernels(kernel, &connects);
    compile_system(
        file,
        system,
        &kernels,
        &connects,
        &design.board()?,
        &design.options()?,
    )
}

/// `compile --connect`.
pub(super) fn compile_system_cmd(a: CompileArgs) -> Result<i32, Error> {
    let s = compile(
        &a.kernel_file,
        a.kernel.as_deref(),
        &a.connect,
        &a.system,
        &a.design,
    )?;
    write_system(&s, &a.out)?;
    for (c, k) in s.kernels.iter().zip(&s.names) {
        println!("== kernel {k} ({}/{k}/)", a.out.display());
        print!("{}", hls_build::report::text(c));
    }
    println!("== system {}", s.name);
    for (c, held) in s.connections.iter().zip(s.capacities()) {
        println!(
            "pipe {}: a FIFO of {} packets (declared {}); {held} packets held in all with the ports' queues",
            s.link_name(c),
            1u32 << rtl_gen::system::fifo_depth_log2(c.depth),
            c.depth
        );
    }
    println!("wrote {}", a.out.display());
    Ok(0)
}

/// One kernel's part of the run: its parameters, arguments and linked pipes.
struct Part {
    params: Vec<sim::Param>,
    inputs: Vec<ArgValue>,
    /// (argument index, connection).
    ends: Vec<(usize, usize)>,
}

/// The `--arg KERNEL.NAME=VALUE` of each kernel, checked to name one.
fn parts(s: &System, args: &[String]) -> Result<Vec<Part>, Error> {
    for a in args {
        let k = a.split_once('.').map(|(k, _)| k);
        if !k.is_some_and(|k| s.names.iter().any(|n| n == k)) {
            return Err(Error::Usage(format!(
                "--arg {a}: in a system, name the kernel too: --arg KERNEL.NAME=VALUE (kernels: {})",
                s.names.join(", ")
            )));
        }
    }
    let mut out = Vec::new();
    for (ki, (c, k)) in s.kernels.iter().zip(&s.names).enumerate() {
        let module = frontend::SpirvModule::load(&c.spirv).map_err(|source| Error::Frontend {
            file: c.source.display().to_string(),
            source,
        })?;
        let (_, fid) = module.kernel(Some(k)).map_err(|source| Error::Frontend {
            file: c.source.display().to_string(),
            source,
        })?;
        let params = sim::values::kernel_params(&module, fid)?;
        let ends: Vec<(usize, usize)> = params
            .iter()
            .enumerate()
            .filter_map(|(i, p)| s.connected(ki, &p.name).map(|l| (i, l)))
            .collect();
        let prefix = format!("{k}.");
        let mine: Vec<String> = args
            .iter()
            .filter_map(|a| a.strip_prefix(&prefix).map(str::to_string))
            .collect();
        let linked: Vec<usize> = ends.iter().map(|e| e.0).collect();
        // The kernel's own messages, with the argument named as the system names it.
        let inputs = build_args_linked(&params, &mine, false, &linked).map_err(|e| match e {
            Error::Usage(m) => Error::Usage(m.replace("--arg ", &format!("--arg {prefix}"))),
            e => e,
        })?;
        out.push(Part {
            params,
            inputs,
            ends,
        });
    }
    Ok(out)
}

/// `sim --connect`.
// Long because it is the system's sim from arguments to verdict, each step a few lines.
pub(super) fn sim_system_cmd(a: SimArgs) -> Result<i32, Error> {
    if a.engine == "board" || a.junit.is_some() || !a.expect.is_empty() {
        return Err(Error::Usage(
            "with --connect, sim runs --engine both, model or rtl, without --junit or --expect"
                .into(),
        ));
    }
    if a.seeds.is_some() && (a.engine == "model" || a.mem_latency.is_some()) {
        return Err(Error::Usage(
            "--seeds runs the RTL with random memory timing: it needs --engine both or rtl, and no --mem-latency".into(),
        ));
    }
    // Text on stdout unless --json asks for the JSON summary alone.
    let json = a.json;
    let say = |line: String| {
        if !json {
            println!("{line}");
        }
    };
    let mut runs_json: Vec<serde_json::Value> = Vec::new();
    let (global, work_dim) = parse_dims(&a.global, "global")?;
    let local = match &a.local {
        Some(l) => parse_dims(l, "local")?.0,
        None => [1, 1, 1],
    };
    if (0..3).any(|d| global[d] % local[d] != 0) {
        return Err(Error::Usage(format!(
            "global size {global:?} is not a multiple of local size {local:?}"
        )));
    }
    let launch = sim::Launch {
        global,
        local,
        work_dim,
    };
    let s = compile(
        &a.kernel_file,
        a.kernel.as_deref(),
        &a.connect,
        &a.system,
        &a.design,
    )?;
    let parts = parts(&s, &a.args)?;
    let links: Vec<sim::net::Link> = s
        .connections
        .iter()
        .zip(s.capacities())
        .map(|(c, capacity)| sim::net::Link {
            name: s.link_name(c),
            from: c.from,
            to: c.to,
            capacity,
        })
        .collect();
    // The model: every kernel at once. A deadlock is a verdict, which the RTL is then
    // run to show as well.
    let mut failed = false;
    let mut model_deadlock = None;
    let mut model = None;
    let mut steps = 0u64;
    if a.engine != "rtl" {
        let members: Vec<sim::net::Member> = s
            .names
            .iter()
            .zip(&parts)
            .zip(&s.kernels)
            .map(|((k, p), c)| sim::net::Member {
                spirv: c.spirv.clone(),
                name: k.clone(),
                args: p.inputs.clone(),
                launch,
                ends: p.ends.clone(),
            })
            .collect();
        match sim::net::run_system(&members, links.clone()) {
            Ok(runs) => {
                steps = runs.iter().map(|r| r.1).sum();
                model = Some(runs.into_iter().map(|r| r.0).collect::<Vec<_>>());
            }
            Err(sim::SimError::Deadlock(d)) => {
                say(format!("model: {d}"));
                model_deadlock = Some(d);
                failed = true;
            }
            Err(e) => return Err(e.into()),
        }
    }
    let dir = a.out.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("hls-build-sim-{}", std::process::id()))
    });
    write_system(&s, &dir)?;
    let mut last: Option<Vec<sim::RtlRun>> = None;
    let mut rtl_deadlock = false;
    if a.engine != "model" {
        let sources: Vec<PathBuf> = std::fs::read_to_string(dir.join("filelist.f"))
            .map_err(hls_build::io(&dir))?
            .lines()
            .map(|l| dir.join(l))
            .collect();
        let timings: Vec<(String, MemLatency)> = match a.seeds {
            Some(n) => (1..=n.max(1))
                .map(|k| (format!("seed {k}"), MemLatency::Random(k)))
                .collect(),
            None => vec![(
                a.mem_latency.clone().unwrap_or_else(|| "20".into()),
                match &a.mem_latency {
                    Some(l) => sim_cmd::parse_mem_latency(l)?,
                    None => MemLatency::Fixed(20),
                },
            )],
        };
        let budget = a
            .max_cycles
            .unwrap_or_else(|| steps.saturating_mul(64).max(1_000_000));
        for (label, timing) in timings {
            let driven: Vec<sim::axi::Driven> = s
                .kernels
                .iter()
                .zip(&s.names)
                .zip(&parts)
                .map(|((c, k), p)| sim::axi::Driven {
                    iface: &c.rtl.interface,
                    args: &p.inputs,
                    prefix: format!("{k}_"),
                    launch,
                    internal: p.ends.iter().map(|e| e.0).collect(),
                })
                .collect();
            let probes = sim::axi::Probes {
                names: links.iter().map(|l| l.name.clone()).collect(),
                ends: links.iter().map(|l| (l.from, l.to)).collect(),
                window: a.deadlock_cycles,
            };
            let r = sim::axi::run_design(
                &sources,
                &s.name,
                &driven,
                timing,
                a.wave.as_deref(),
                budget,
                Some(probes),
            );
            let runs = match r {
                Ok(runs) => runs,
                Err(sim::SimError::Deadlock(d)) => {
                    say(format!("RTL ({label}): {d}"));
                    runs_json
                        .push(serde_json::json!({"name": label, "deadlock": d, "passed": false}));
                    rtl_deadlock = true;
                    failed = true;
                    continue;
                }
                Err(e) => {
                    let e = sim_cmd::out_of_cycles_message(
                        e,
                        budget,
                        a.max_cycles.is_some(),
                        Some(steps),
                    );
                    return Err(e.into());
                }
            };
            let cycles: Vec<String> = s
                .names
                .iter()
                .zip(&runs)
                .map(|(k, r)| format!("{k} {}", r.cycles))
                .collect();
            say(format!(
                "RTL ({label}): cycles until each kernel's done: {}",
                cycles.join(", ")
            ));
            let failed_before = failed;
            if let Some(m) = &model {
                for ((k, p), (mv, r)) in s.names.iter().zip(&parts).zip(m.iter().zip(&runs)) {
                    let names: Vec<String> = p.params.iter().map(|p| p.name.clone()).collect();
                    let failures = sim::compare(&names, mv, &r.args, 0);
                    for f in &failures {
                        say(format!("  {k}: {f}"));
                    }
                    failed |= !failures.is_empty();
                    // A connected pipe's packets are the link's, not the kernel's results.
                    let linked: Vec<&str> =
                        p.ends.iter().map(|e| p.params[e.0].name.as_str()).collect();
                    for b in hls_build::simci::summarize(&names, mv, &r.args) {
                        if !linked.contains(&b.name.as_str()) {
                            say(format!("  {k}.{b}"));
                        }
                    }
                }
            }
            runs_json.push(serde_json::json!({
                "name": label,
                "cycles": s.names.iter().zip(&runs).map(|(k, r)| (k.clone(), r.cycles)).collect::<std::collections::BTreeMap<_, _>>(),
                "passed": failed == failed_before,
            }));
            last = Some(runs);
        }
    }
    if a.out.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    if let Some(d) = &a.dump_dir {
        for (ki, (k, p)) in s.names.iter().zip(&parts).enumerate() {
            sim_cmd::dump_buffers(
                &d.join(k),
                &p.params,
                model.as_ref().map(|m| m[ki].as_slice()),
                last.as_ref().map(|r| r[ki].args.as_slice()),
            )?;
        }
    }
    if model_deadlock.is_some() || rtl_deadlock {
        for line in where_pipes_wait(&s) {
            say(format!("  {line}"));
        }
    }
    let verdict = match (&model_deadlock, rtl_deadlock) {
        (Some(_), true) => "FAIL: deadlock (the model and the RTL agree)",
        (Some(_), false) if a.engine == "model" => "FAIL: deadlock in the model",
        (Some(_), false) => "FAIL: the model deadlocks, but the RTL finished",
        (None, true) => "FAIL: the RTL deadlocks, but the model finished",
        _ if failed => "FAIL",
        _ => "PASS",
    };
    say(verdict.to_string());
    let summary = serde_json::json!({
        "system": s.name,
        "kernels": s.names,
        "engine": a.engine,
        "model_deadlock": model_deadlock,
        "runs": runs_json,
        "passed": !failed,
        "verdict": verdict,
    });
    if json {
        println!("{summary:#}");
    }
    // With -o, the summary also as OUT/sim.json, as for a kernel alone.
    if let Some(dir) = &a.out {
        let path = dir.join("sim.json");
        std::fs::write(&path, format!("{summary:#}\n")).map_err(hls_build::io(&path))?;
    }
    Ok(if failed { 1 } else { 0 })
}

/// Where each connection is accessed, by source line: the places a deadlocked kernel
/// waits (`pipe ping.forth -> pong.forth: ping writes it at pipe_system.cl:58; pong
/// reads it at pipe_system.cl:66`).
fn where_pipes_wait(s: &System) -> Vec<String> {
    s.connections
        .iter()
        .map(|c| {
            let end = |k: usize, pipe: &str| {
                let at = hls_build::report::pipe_accesses(
                    &s.kernels[k],
                    pipe,
                    ["reads it", "writes it"],
                );
                format!("{} {}", s.names[k], at.join(", "))
            };
            format!(
                "pipe {}: {}; {}",
                s.link_name(c),
                end(c.from, &c.out),
                end(c.to, &c.inp)
            )
        })
        .collect()
}
