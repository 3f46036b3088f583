//! `hls-build sim`: from arguments to verdict — the model, the RTL runs (one per seed),
//! their comparison with the model and the goldens, and what is written afterwards.

use super::*;

/// `hls-build sim`.
// Long because it is the `sim` command from arguments to verdict, each step a few lines.
pub(super) fn sim_cmd(a: SimArgs) -> Result<i32, Error> {
    if super::is_system(&a.connect, a.kernel.as_deref()) {
        return super::system_cmd::sim_system_cmd(a);
    }
    let SimArgs {
        kernel_file,
        kernel,
        connect: _,
        system: _,
        deadlock_cycles: _,
        global,
        local,
        args,
        engine,
        dump_dir,
        mem_latency,
        wave,
        out,
        design,
        expect,
        seeds,
        junit,
        max_cycles,
        json,
    } = a;
    // Text on stdout unless --json asks for the JSON summary alone.
    let say = |line: String| {
        if !json {
            println!("{line}");
        }
    };
    if seeds.is_some() && (engine == "model" || engine == "board" || mem_latency.is_some()) {
        return Err(Error::Usage(
            "--seeds runs the RTL with random memory timing: it needs --engine both or rtl, \
             and no --mem-latency"
                .into(),
        ));
    }
    let board = design.board()?;
    let (global, work_dim) = parse_dims(&global, "global")?;
    let given_local = local.is_some();
    let mut local = match local {
        Some(l) => parse_dims(&l, "local")?.0,
        None => [
            (1..=64.min(global[0]))
                .rev()
                .find(|d| global[0] % d == 0)
                .unwrap_or(1),
            1,
            1,
        ],
    };
    for d in 0..3 {
        if global[d] % local[d] != 0 {
            return Err(Error::Usage(format!(
                "global size {} is not a multiple of local size {} in dimension {d}",
                global[d], local[d]
            )));
        }
    }
    let options = design.options()?;
    // The model alone needs only the frontend (the kernel read into the IR); the RTL
    // needs the whole flow.
    let compiling = std::time::Instant::now();
    let bar = hls_build::tools::spinner(&format!("compiling {}", kernel_file.display()));
    let compiled = if engine == "model" {
        None
    } else {
        Some(hls_build::compile(
            &kernel_file,
            kernel.as_deref(),
            &board,
            &options,
        )?)
    };
    let (spirv, attrs) = match &compiled {
        Some(c) => (c.spirv.clone(), c.kernel.attrs.clone()),
        None => {
            let (spirv, k) = hls_build::lower(&kernel_file, kernel.as_deref(), &board, &options)?;
            (spirv, k.attrs)
        }
    };
    // reqd_work_group_size: the launch must use it (it is the default here).
    if let Some(r) = attrs.reqd_work_group_size {
        let r = r.map(u64::from);
        if given_local && local != r {
            return Err(Error::Usage(format!(
                "--local {local:?}: the kernel requires work-groups of {r:?} (reqd_work_group_size)"
            )));
        }
        local = r;
        for d in 0..3 {
            if local[d] == 0 || global[d] % local[d] != 0 {
                return Err(Error::Usage(format!(
                    "global size {} is not a multiple of the required work-group size {} in dimension {d}",
                    global[d], local[d]
                )));
            }
        }
    }
    // Barriers in hardware: each work-item's kept state has a slot per work-item of the
    // largest group the hardware was built for.
    if let Some(w) = compiled
        .as_ref()
        .and_then(|c| c.kernel.work_groups.as_ref())
    {
        let items: u64 = local.iter().product();
        if items > w.capacity {
            return Err(Error::Usage(format!(
                "--local {local:?}: {items} work-items per group, but the kernel's barriers were built for at most {} (set reqd_work_group_size or max_work_group_size)",
                w.capacity
            )));
        }
    }
    let module = frontend::SpirvModule::load(&spirv).map_err(|source| Error::Frontend {
        file: kernel_file.display().to_string(),
        source,
    })?;
    let (kname, fid) = module
        .kernel(kernel.as_deref())
        .map_err(|source| Error::Frontend {
            file: kernel_file.display().to_string(),
            source,
        })?;
    let params = sim::values::kernel_params(&module, fid)?;
    let inputs = build_args(&params, &args, !attrs.arg_origins.is_empty())?;
    let names: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
    if attrs.positional_args {
        eprintln!("note: {}", hls_build::positional_note(params.len()));
    }
    if let Some(note) = hls_build::origins_note(&attrs.arg_origins) {
        eprintln!("note: {note}");
    }
    let expects: Vec<hls_build::simci::Expect> = expect
        .iter()
        .map(|e| hls_build::simci::parse_expect(e, &params, !attrs.arg_origins.is_empty()))
        .collect::<Result<_, _>>()?;
    bar.finish_and_clear();
    hls_build::tools::timed("compile", compiling.elapsed());
    let began = std::time::Instant::now();
    let bar = hls_build::tools::spinner("running the software model");
    let (model, steps) = if engine != "rtl" {
        let (v, steps) =
            sim::run_model_counted(&spirv, Some(&kname), &inputs, global, local, work_dim)?;
        (Some(v), Some(steps))
    } else {
        (None, None)
    };
    bar.finish_and_clear();
    let model_seconds = began.elapsed().as_secs_f64();
    if model.is_some() {
        hls_build::tools::timed("software model", began.elapsed());
    }
    let items: u64 = global.iter().product();
    // The RTL's budget follows from the work: generous per instruction the model ran (a
    // loop at II 1 spends far less), else per work-item.
    let budget = max_cycles.unwrap_or_else(|| match steps {
        Some(n) => (n.saturating_mul(64)).max(1_000_000),
        None => 1_000_000 + items * 2_000,
    });
    // The runs: one at the given memory timing, or one per seed.
    let timings: Vec<(String, Option<MemLatency>)> = match seeds {
        Some(n) => (1..=n.max(1))
            .map(|k| (format!("seed {k}"), Some(MemLatency::Random(k))))
            .collect(),
        None => vec![(
            mem_latency
                .clone()
                .unwrap_or_else(|| "default latency".into()),
            mem_latency.as_deref().map(parse_mem_latency).transpose()?,
        )],
    };
    let mut cases: Vec<hls_build::simci::Case> = Vec::new();
    let mut last_rtl: Option<sim::RtlRun> = None;
    let mut failed = false;
    if let Some(c) = &compiled {
        let dir = out.clone().unwrap_or_else(|| {
            std::env::temp_dir().join(format!("hls-build-sim-{}", std::process::id()))
        });
        hls_build::write_outputs(c, &dir)?;
        let sources: Vec<PathBuf> = std::fs::read_to_string(dir.join("filelist.f"))
            .map_err(|source| Error::Io {
                path: dir.display().to_string(),
                source,
            })?
            .lines()
            .map(|l| dir.join(l))
            .collect();
        for (label, timing) in &timings {
            let began = std::time::Instant::now();
            let bar = hls_build::tools::spinner(&format!(
                "co-simulating the RTL ({label}; Verilator builds the model on its first run)"
            ));
            let r = if engine == "board" {
                let plan = hls_build::build::memory_plan(c)?;
                let sources = hls_build::build::board_top_sources(c, &dir, &plan)?;
                let bases = boards::flow::ecp5::buffer_bases(&c.board, &plan);
                sim::board::run_board(
                    &sources,
                    &c.rtl.interface,
                    &inputs,
                    &bases,
                    global,
                    local,
                    work_dim,
                    budget,
                )
            } else {
                let latency = match timing {
                    Some(l) => l.clone(),
                    None if board.memories.is_empty() => sim::MemLatency::Fixed(20),
                    None => sim::MemLatency::Banks(
                        hls_build::build::memory_plan(c)?
                            .iter()
                            .map(|a| sim::BankModel {
                                bank: a.bank_index,
                                latency: a.latency_cycles,
                                bytes_per_cycle: a.bytes_per_cycle,
                                access_bytes: a.access_bytes,
                            })
                            .collect(),
                    ),
                };
                sim::run_rtl(
                    &sources,
                    &c.rtl.interface,
                    &inputs,
                    global,
                    local,
                    work_dim,
                    latency,
                    wave.as_deref(),
                    budget,
                )
            };
            bar.finish_and_clear();
            hls_build::tools::timed(&format!("RTL run ({label})"), began.elapsed());
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    let e = out_of_cycles_message(e, budget, max_cycles.is_some(), steps);
                    if junit.is_none() {
                        if out.is_none() {
                            let _ = std::fs::remove_dir_all(&dir);
                        }
                        return Err(e.into());
                    }
                    eprintln!("error: {e}");
                    cases.push(hls_build::simci::Case {
                        name: label.clone(),
                        seconds: began.elapsed().as_secs_f64(),
                        cycles: None,
                        failures: Vec::new(),
                        error: Some(e.to_string()),
                    });
                    failed = true;
                    continue;
                }
            };
            let mut failures = match &model {
                Some(m) => sim::compare(&names, m, &r.args, 0),
                None => Vec::new(),
            };
            failures.extend(hls_build::simci::check_expects(&expects, &r.args));
            if timings.len() > 1 {
                say(format!("{label}: {} cycles", r.cycles));
            } else if engine == "board" {
                say(format!(
                    "{} cycles (from ap_start until the host saw ap_done over the UART)",
                    r.cycles
                ));
            } else {
                say(format!("{} cycles", r.cycles));
            }
            // On a board whose memory is modelled, what each port carried.
            if timing.is_none() && !board.memories.is_empty() {
                for p in &r.ports {
                    say(format!("  {}", p.line(r.cycles)));
                }
            }
            for l in &failures {
                say(format!("  {l}"));
            }
            failed |= !failures.is_empty();
            cases.push(hls_build::simci::Case {
                name: label.clone(),
                seconds: began.elapsed().as_secs_f64(),
                cycles: Some(r.cycles),
                failures,
                error: None,
            });
            last_rtl = Some(r);
        }
        if out.is_none() {
            let _ = std::fs::remove_dir_all(&dir);
        }
        // Beside the waveform, a GTKWave save file with the signals grouped by loop and stage.
        if let (Some(w), Some(_)) = (&wave, &last_rtl) {
            let gtkw = w.with_extension("gtkw");
            std::fs::write(&gtkw, hls_build::wave::gtkw(c, w)).map_err(hls_build::io(&gtkw))?;
        }
    } else if let Some(m) = &model {
        // The model alone: the goldens are what it is checked against.
        let failures = hls_build::simci::check_expects(&expects, m);
        for l in &failures {
            say(format!("  {l}"));
        }
        failed |= !failures.is_empty();
        cases.push(hls_build::simci::Case {
            name: "software model".into(),
            seconds: model_seconds,
            cycles: None,
            failures,
            error: None,
        });
    }
    if let Some(dir) = &dump_dir {
        dump_buffers(
            dir,
            &params,
            model.as_deref(),
            last_rtl.as_ref().map(|r| r.args.as_slice()),
        )?;
    }
    if let Some(path) = &junit {
        hls_build::simci::write_junit(path, &kname, &cases)?;
    }
    let verdict = match (&model, &last_rtl) {
        _ if failed => "FAIL",
        (Some(_), Some(_)) => "PASS",
        (None, Some(_)) if !expects.is_empty() => "PASS (RTL against the goldens)",
        (None, Some(_)) => "PASS (RTL only, nothing compared)",
        _ if !expects.is_empty() => "PASS (software model against the goldens)",
        _ => "PASS (software model only, nothing compared)",
    };
    // Per buffer: the RTL's final contents against the model's.
    let buffers = match (&model, &last_rtl) {
        (Some(m), Some(r)) => hls_build::simci::summarize(&names, m, &r.args),
        _ => Vec::new(),
    };
    for b in &buffers {
        say(format!("  {b}"));
    }
    say(verdict.to_string());
    let mismatches: Vec<&String> = cases.iter().flat_map(|c| &c.failures).collect();
    let summary = serde_json::json!({
        "kernel": kname,
        "engine": engine,
        "global": global,
        "local": local,
        "mem_latency": mem_latency,
        "cycles": last_rtl.as_ref().map(|r| r.cycles),
        "ports": last_rtl.as_ref().map(|r| &r.ports),
        "runs": cases.iter().map(|c| serde_json::json!({
            "name": c.name, "cycles": c.cycles, "passed": c.failures.is_empty() && c.error.is_none(),
        })).collect::<Vec<_>>(),
        "buffers": buffers,
        "passed": !failed,
        "verdict": verdict,
        "mismatches": mismatches,
    });
    if json {
        println!("{summary:#}");
    }
    // With -o, the summary also as OUT/sim.json, for scripts and sweeps.
    if let Some(dir) = &out {
        let path = dir.join("sim.json");
        std::fs::create_dir_all(dir).map_err(hls_build::io(dir))?;
        std::fs::write(&path, format!("{summary:#}\n")).map_err(hls_build::io(&path))?;
    }
    Ok(if failed { 1 } else { 0 })
}

/// The budget ran out: say what the budget was made of and how far the RTL got, so that a
/// slow kernel can be told from a hang.
pub(super) fn out_of_cycles_message(
    e: sim::SimError,
    budget: u64,
    given: bool,
    steps: Option<u64>,
) -> sim::SimError {
    let sim::SimError::OutOfCycles { reads, writes, .. } = e else {
        return e;
    };
    let basis = match (given, steps) {
        (true, Some(n)) => format!(
            "the budget --max-cycles gave; the whole run is {n} SPIR-V instructions in the model, \
             the default budget {}",
            n.saturating_mul(64).max(1_000_000)
        ),
        (true, None) => "the budget --max-cycles gave".to_string(),
        (false, Some(n)) => format!(
            "the budget from the work: 64 cycles for each of the {n} SPIR-V instructions the model executed, at least 1000000"
        ),
        (false, None) => "the budget of 1000000 + 2000 per work-item (no model ran to size it)".into(),
    };
    sim::SimError::Rtl(format!(
        "the kernel did not finish within {budget} cycles ({basis}); by then it had made \
         {reads} read and {writes} write requests. Raise the budget with --max-cycles N if \
         the kernel is slow rather than stuck"
    ))
}

/// `--mem-latency N` (cycles) or `random:SEED` (random latency and back-pressure).
pub(super) fn parse_mem_latency(mem_latency: &str) -> Result<MemLatency, Error> {
    Ok(match mem_latency.strip_prefix("random:") {
        Some(seed) => MemLatency::Random(
            parse_int(seed)
                .ok_or_else(|| Error::Usage(format!("--mem-latency {mem_latency}: bad seed")))?,
        ),
        None => MemLatency::Fixed(
            mem_latency
                .parse()
                .ok()
                .filter(|v| (1..=10_000).contains(v))
                .ok_or_else(|| {
                    Error::Usage(format!(
                        "--mem-latency {mem_latency}: give cycles (1..10000) or random:SEED"
                    ))
                })?,
        ),
    })
}

/// `--dump-dir DIR`: every buffer argument's final contents as DIR/<arg>.npy, from the RTL
/// when it ran, else from the model; the model's copy under DIR/model/.
pub(super) fn dump_buffers(
    dir: &Path,
    params: &[sim::values::Param],
    model: Option<&[ArgValue]>,
    rtl: Option<&[ArgValue]>,
) -> Result<(), Error> {
    let io = |source| Error::Io {
        path: dir.display().to_string(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let dump = |vals: &[ArgValue], d: &Path| -> Result<(), Error> {
        std::fs::create_dir_all(d).map_err(|source| Error::Io {
            path: d.display().to_string(),
            source,
        })?;
        for (p, v) in params.iter().zip(vals) {
            if let ArgValue::Buffer(b) = v {
                sim::npy::write_npy(&d.join(format!("{}.npy", p.name)), b, !p.unsigned)?;
            }
        }
        Ok(())
    };
    if let Some(m) = model {
        dump(m, &dir.join("model"))?;
    }
    match (rtl, model) {
        (Some(r), _) => dump(r, dir)?,
        (None, Some(m)) => dump(m, dir)?,
        _ => {}
    }
    Ok(())
}
