//! The kernel interface and the basic flow: vadd and saxpy through compile and co-simulation
//! against pocl, throughput under memory latency and back-pressure, lint of every kernel.

mod common;

use common::*;
use std::path::{Path, PathBuf};

#[test]
fn vadd_matches_model_and_pocl_with_ii_1() {
    let d = scratch("vadd");
    let n = 4096;
    let a: Vec<f32> = randoms(1, n)
        .iter()
        .map(|x| (*x % 1_000_000) as f32 / 1000.0 - 500.0)
        .collect();
    let b: Vec<f32> = randoms(2, n)
        .iter()
        .map(|x| (*x % 1_000_000) as f32 / 977.0)
        .collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &b);
    let src = root().join("examples/vadd.cl");
    let (ap, bp, dump, out) = (
        d.join("a.npy"),
        d.join("b.npy"),
        d.join("dump"),
        d.join("out"),
    );
    let r = run(&[
        "sim",
        src.to_str().unwrap(),
        "--kernel",
        "vadd",
        "--global",
        "4096",
        "--arg",
        &format!("a=@{}", ap.display()),
        "--arg",
        &format!("b=@{}", bp.display()),
        "--arg",
        "c=zeros:4096",
        "--dump-dir",
        dump.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_pass(&r);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["loops"][0]["kind"], "work-item loop");
    assert_eq!(report["loops"][0]["ii"], 1);
    let rtl: Vec<f32> = load(&dump.join("c.npy"));
    let pocl_dir = pocl(
        &src,
        "vadd",
        &[4096],
        &[64],
        serde_json::json!([
            {"kind": "buffer", "name": "a", "npy": ap}, {"kind": "buffer", "name": "b", "npy": bp},
            {"kind": "buffer", "name": "c", "npy": d.join("dump/model/c.npy")},
        ]),
        &d,
    );
    let oracle: Vec<f32> = load(&pocl_dir.join("c.npy"));
    for i in 0..n {
        assert_eq!(
            rtl[i].to_bits(),
            oracle[i].to_bits(),
            "c[{i}]: rtl {} pocl {}",
            rtl[i],
            oracle[i]
        );
        assert_eq!(rtl[i].to_bits(), (a[i] + b[i]).to_bits());
    }
}

#[test]
fn saxpy_matches_pocl() {
    let d = scratch("saxpy");
    let n = 1024;
    let x: Vec<f32> = randoms(3, n)
        .iter()
        .map(|v| (*v % 100_000) as f32 / 311.0)
        .collect();
    let y: Vec<f32> = randoms(4, n)
        .iter()
        .map(|v| (*v % 100_000) as f32 / 17.0)
        .collect();
    save(&d.join("x.npy"), &x);
    save(&d.join("y.npy"), &y);
    let src = root().join("tests/kernels/saxpy.cl");
    let dump = d.join("dump");
    let r = run(&[
        "sim",
        src.to_str().unwrap(),
        "--global",
        "1024",
        "--arg",
        "alpha=2.5",
        "--arg",
        &format!("x=@{}", d.join("x.npy").display()),
        "--arg",
        &format!("y=@{}", d.join("y.npy").display()),
        "--dump-dir",
        dump.to_str().unwrap(),
    ]);
    assert_pass(&r);
    let rtl: Vec<f32> = load(&dump.join("y.npy"));
    let p = pocl(
        &src,
        "saxpy",
        &[1024],
        &[64],
        serde_json::json!([
            {"kind": "scalar", "dtype": "float32", "value": 2.5},
            {"kind": "buffer", "name": "x", "npy": d.join("x.npy")}, {"kind": "buffer", "name": "y", "npy": d.join("y.npy")},
        ]),
        &d,
    );
    let oracle: Vec<f32> = load(&p.join("y.npy"));
    for i in 0..n {
        // We round the multiply and the add separately; pocl may fuse them (OpenCL allows
        // contraction), so allow 1 ulp on these non-negative, cancellation-free inputs.
        assert!(
            ulps(rtl[i], oracle[i]) <= 1,
            "y[{i}]: rtl {} pocl {}",
            rtl[i],
            oracle[i]
        );
        assert_eq!(rtl[i].to_bits(), (2.5f32 * x[i] + y[i]).to_bits());
    }
}

#[test]
fn two_dimensional_kernel_matches_pocl() {
    let d = scratch("2d");
    let (w, h) = (24usize, 16usize);
    let src_data: Vec<i32> = randoms(6, w * h)
        .iter()
        .map(|v| (*v % 2001) as i32 - 1000)
        .collect();
    save(&d.join("src.npy"), &src_data);
    let src = root().join("tests/kernels/scale2d.cl");
    let dump = d.join("dump");
    let r = run(&[
        "sim",
        src.to_str().unwrap(),
        "--global",
        "24,16",
        "--local",
        "8,4",
        "--arg",
        &format!("src=@{}", d.join("src.npy").display()),
        "--arg",
        "dst=zeros:384",
        "--arg",
        "width=24",
        "--dump-dir",
        dump.to_str().unwrap(),
    ]);
    assert_pass(&r);
    let p = pocl(
        &src,
        "scale2d",
        &[24, 16],
        &[8, 4],
        serde_json::json!([
            {"kind": "buffer", "name": "src", "npy": d.join("src.npy")}, {"kind": "buffer", "name": "dst", "npy": dump.join("model/dst.npy")},
            {"kind": "scalar", "dtype": "int32", "value": 24},
        ]),
        &d,
    );
    assert_eq!(
        load::<i32>(&dump.join("dst.npy")),
        load::<i32>(&p.join("dst.npy"))
    );
}

fn vadd_args(d: &Path) -> Vec<String> {
    let a: Vec<f32> = randoms(7, 4096)
        .iter()
        .map(|v| (*v % 1000) as f32)
        .collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &a);
    vec![
        "sim".into(),
        root().join("examples/vadd.cl").display().to_string(),
        "--global".into(),
        "4096".into(),
        "--arg".into(),
        format!("a=@{}", d.join("a.npy").display()),
        "--arg".into(),
        format!("b=@{}", d.join("b.npy").display()),
        "--arg".into(),
        "c=zeros:4096".into(),
    ]
}

#[test]
fn vadd_throughput_with_50_cycle_memory() {
    let d = scratch("lat50");
    let mut args = vadd_args(&d);
    args.extend(["--mem-latency".into(), "50".into()]);
    let r = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_pass(&r);
    let c = cycles(&r);
    assert!(c as f64 <= 1.1 * 4096.0 + 300.0, "{c} cycles");
}

#[test]
fn vadd_survives_random_latency_and_back_pressure() {
    let d = scratch("random");
    let base = vadd_args(&d);
    for seed in 1..=20 {
        let mut args = base.clone();
        args.extend(["--mem-latency".into(), format!("random:{seed}")]);
        let r = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_pass(&r);
    }
}

/// A loop's name without the `work-items/` (or `work-items #2/`, a later region's) it is
/// flattened into: `nest.cl:6/8` of `work-items/nest.cl:6/8`.
fn after_work_items(name: &str) -> &str {
    match name.strip_prefix("work-items") {
        Some(rest) => rest
            .split_once('/')
            .map_or(rest, |(_, loop_name)| loop_name),
        None => name,
    }
}

#[test]
fn generated_sv_is_lint_clean_and_every_loop_reaches_its_mii() {
    let d = scratch("lint");
    let mut kernels: Vec<PathBuf> = std::fs::read_dir(root().join("tests/kernels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    kernels.push(root().join("examples/vadd.cl"));
    kernels.sort();
    let mut jobs: Vec<(PathBuf, Option<String>)> = Vec::new();
    for k in kernels
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
    {
        // A file with several kernels: each one (the diagnostic lists them).
        let r = run(&[
            "compile",
            k.to_str().unwrap(),
            "-o",
            d.join("probe").to_str().unwrap(),
        ]);
        match r.stderr.split("several kernels (").nth(1) {
            Some(rest) => {
                for name in rest.split(')').next().unwrap().split(", ") {
                    jobs.push((k.clone(), Some(name.to_string())));
                }
            }
            None => jobs.push((k.clone(), None)),
        }
    }
    let mut loops = 0;
    for (k, kernel) in &jobs {
        let stem = k.file_stem().unwrap().to_string_lossy().to_string();
        let out = d.join(format!("{stem}-{}", kernel.as_deref().unwrap_or("")));
        let mut args = vec!["compile", k.to_str().unwrap(), "-o", out.to_str().unwrap()];
        if let Some(name) = kernel {
            args.extend(["--kernel", name.as_str()]);
        }
        let r = run(&args);
        assert_eq!(r.code, 0, "{} {kernel:?}: {}", k.display(), r.stderr);
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        // schedules.json holds each unit's problem and schedule as data: the verifier,
        // run here on what was written, must accept it.
        let schedules: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("schedules.json")).unwrap())
                .unwrap();
        for (u, lp) in schedules["units"]
            .as_array()
            .unwrap()
            .iter()
            .zip(report["units"].as_array().unwrap())
        {
            let problem: scheduler::problem::Problem =
                serde_json::from_value(u["problem"].clone()).unwrap();
            let schedule = scheduler::problem::Schedule {
                ii: u["ii"].as_u64().unwrap() as u32,
                start: serde_json::from_value(u["start"].clone()).unwrap(),
            };
            problem.verify(&schedule).unwrap();
            if lp["pipelined"] == true {
                assert_eq!(lp["ii"], u["ii"], "{}", u["name"]);
            }
        }
        assert_lint_clean(
            &out,
            report["top"].as_str().unwrap(),
            &format!("{} {kernel:?}", k.display()),
        );
        // A second opinion: slang (through Yosys' read_slang) elaborates the design.
        assert_slang_elaborates(
            &out,
            report["top"].as_str().unwrap(),
            &format!("{} {kernel:?}", k.display()),
        );
        // Every loop reaches max(ResMII, RecMII) (its schedule passed the verifier).
        for l in report["loops"].as_array().unwrap() {
            let bound = l["res_mii"]
                .as_u64()
                .unwrap()
                .max(l["rec_mii"].as_u64().unwrap());
            assert_eq!(
                l["ii"].as_u64(),
                Some(bound),
                "{} {kernel:?}: {l}",
                k.display()
            );
            // Named by the line of its `for`/`while`, and its II explained in source lines
            // (the explanation always names the recurrence or resource it comes from).
            let file = k.file_name().unwrap().to_string_lossy().to_string();
            // (The work-item loop is no source loop; it is named `workitems`. A loop
            // flattened with the work-items is `work-items/` (`work-items #2/` in a later
            // region) and its own line.)
            let source = l["source"].as_str().unwrap_or_default();
            let name = l["name"].as_str().unwrap_or_default();
            assert!(
                source.starts_with(&format!("{file}:"))
                    && (after_work_items(name).starts_with(source)
                        || l["kind"] == "work-item loop"),
                "{} {kernel:?}: loop not named by its source line: {l}",
                k.display()
            );
            let why = l["bottleneck"].as_str().unwrap();
            assert!(
                why.contains(&format!(" at {file}:")),
                "{} {kernel:?}: II explanation without source lines: {why}",
                k.display()
            );
            loops += 1;
        }
    }
    eprintln!("{loops} loops, every one at max(ResMII, RecMII)");
    assert!(loops >= 25, "only {loops} loops");
}

/// The traffic line `sim` prints for a port on a board with memories:
/// (read bursts, read beats, write bursts, write beats, bus busy %).
fn port_traffic(stdout: &str, port: &str) -> (u64, u64, u64, u64, f64) {
    let line = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix(&format!("{port}: ")))
        .unwrap_or_else(|| panic!("no traffic line for {port} in:\n{stdout}"));
    let nums: Vec<f64> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|w| w.trim_matches('.').parse().ok())
        .collect();
    (
        nums[0] as u64,
        nums[1] as u64,
        nums[2] as u64,
        nums[3] as u64,
        nums.get(4).copied().unwrap_or(0.0),
    )
}

/// Buffers in a board's DDR or HBM go through load-store units (rtl-gen/sv/hls_lsu_*.sv):
/// the AXI master is as wide as the bank, narrow accesses are coalesced into its beats and
/// the beats into bursts, stores are merged under byte strobes. Kernels of every access
/// width and shape (bytes, longs, float4, a partial last beat, read-modify-writes at random
/// addresses, atomics, a load after a store of the same buffer) co-simulate equal to the
/// model on a 256-bit HBM port (u280) and a 512-bit DDR port (bench/qor/ddr512.yaml), under
/// random latency and back-pressure, and lint clean. On the bank model a unit-stride float
/// stream moves each 64-byte beat once each way; a float16 stream goes out in bursts and
/// keeps the port's modelled bandwidth at least 90% busy (issue 34).
#[test]
fn board_memories_take_coalesced_beats_and_bursts() {
    let d = scratch("lsu");
    let ddr512 = root().join("bench/qor/ddr512.yaml");
    let k = |f: &str| root().join("tests/kernels").join(f);
    let ints = |seed: u64, n: usize, m: u64| -> Vec<i32> {
        randoms(seed, n).iter().map(|v| (v % m) as i32).collect()
    };
    save(&d.join("idx.npy"), &ints(3, 300, 64));
    save(
        &d.join("bytes.npy"),
        &ints(4, 77, 256)
            .iter()
            .map(|&v| v as u8)
            .collect::<Vec<u8>>(),
    );
    save(
        &d.join("k64.npy"),
        &randoms(5, 96)
            .iter()
            .map(|&v| v as i64 >> 20)
            .collect::<Vec<i64>>(),
    );
    let floats = |seed: u64, n: usize| -> Vec<f32> {
        randoms(seed, n)
            .iter()
            .map(|v| (v % 20_000) as f32 / 64.0 - 150.0)
            .collect()
    };
    save(&d.join("x.npy"), &floats(6, 1000));
    save(&d.join("a256.npy"), &floats(8, 256));
    save(&d.join("y.npy"), &floats(7, 1000));
    let ddr = ddr512.display().to_string();
    // (kernel, global size, arguments, board); `@name` is a file saved above.
    let case = |src: PathBuf, global: &'static str, args: &[&str], board: &str| {
        let args: Vec<String> = args
            .iter()
            .map(|a| a.replacen('@', &format!("@{}/", d.display()), 1))
            .collect();
        (src, global, args, board.to_string())
    };
    let cases = [
        case(
            k("vadd.cl"),
            "1000",
            &["a=@x.npy", "b=@y.npy", "c=zeros:1000"],
            "u280",
        ),
        case(
            k("saxpy.cl"),
            "1000",
            &["alpha=1.5", "x=@x.npy", "y=@y.npy"],
            &ddr,
        ),
        case(
            k("crc_bytes.cl"),
            "1",
            &["in=@bytes.npy", "out=zeros:1", "n=77"],
            &ddr,
        ),
        case(
            k("vec4.cl"),
            "250",
            &["a=@x.npy", "b=@y.npy", "c=zeros:1000", "s=-0.75"],
            "u280",
        ),
        case(
            k("histogram.cl"),
            "1",
            &["idx=@idx.npy", "hist=zeros:64", "n=300"],
            &ddr,
        ),
        case(
            k("atomics.cl"),
            "300",
            &["idx=@idx.npy", "hist=zeros:18", "stats=zeros:3"],
            "u280",
        ),
        case(
            k("store_then_load.cl"),
            "1",
            &["b=zeros:8", "out=zeros:2", "k=0", "x=41"],
            &ddr,
        ),
        case(
            k("prefix_inplace.cl"),
            "1",
            &["a=@idx.npy", "n=300"],
            "u280",
        ),
        case(
            k("convert.cl"),
            "96",
            &[
                "x=@x.npy",
                "k=@k64.npy",
                "to_i32=zeros:96",
                "to_u32=zeros:96",
                "to_i64=zeros:96",
                "to_i8=zeros:96",
                "from_i64=zeros:96",
                "from_u64=zeros:96",
                "from_i32=zeros:96",
                "from_u8=zeros:96",
            ],
            &ddr,
        ),
        // atax: y[j] += ... in the second of two inner loops, run after run; a beat of y
        // fetched in one run must not serve the next (the stores between).
        case(
            root().join("bench/qor/atax.cl"),
            "1",
            &["a=@a256.npy", "x=random:16:2", "tmp=zeros:16", "y=zeros:16"],
            &ddr,
        ),
    ];
    for (src, global, args, board) in &cases {
        let stem = src.file_stem().unwrap().to_string_lossy().to_string();
        let out = d.join(&stem);
        let r = sim(
            src,
            global,
            args,
            &["--board", board, "--seeds", "2"],
            &out,
            &d.join(format!("{stem}.dump")),
        );
        assert_pass(&r);
        assert_lint_clean(&out, &stem, &stem);
        assert_slang_elaborates(&out, &stem, &stem);
        let iface: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("interface.json")).unwrap())
                .unwrap();
        let port = if board == "u280" { 256 } else { 512 };
        // The report names each buffer's load-store unit, its bank and why.
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        for mem in report["memories"].as_array().unwrap() {
            let Some(lsu) = mem.get("load_store_unit") else {
                continue;
            };
            assert_eq!(lsu["kind"], "burst-coalescing", "{stem}: {mem}");
            assert!(
                lsu["bank"].as_str().is_some_and(|b| b.ends_with(']')),
                "{stem}: {mem}"
            );
            assert!(
                !lsu["accesses"].as_array().unwrap().is_empty(),
                "{stem}: {mem}"
            );
        }
        for m in iface["masters"].as_array().unwrap() {
            assert_eq!(
                m["width"].as_u64().unwrap(),
                port.max(m["elem_width"].as_u64().unwrap()),
                "{stem}: {m}"
            );
            assert_eq!(m["lsu"], true, "{stem}: {m}");
        }
    }
    let text = std::fs::read_to_string(d.join("vadd/report.txt")).unwrap();
    assert!(
        text.contains("buffer 'a' (m_axi_a, 256-bit on HBM[0]): burst-coalescing, 8 x f32 a beat"),
        "{text}"
    );
    // A 3x3 stencil's eight loads of one buffer each get a unit: no shared request port, so
    // the work-items issue one a cycle (II 8 on a single port), and RTL = model.
    let sobel = root().join("bench/qor/sobel.cl");
    let r = sim(
        &sobel,
        "30,30",
        &["img=random:1024:3".into(), "out=zeros:1024".into()],
        &["--board", &ddr, "--seeds", "1"],
        &d.join("sobel"),
        &d.join("sobel.dump"),
    );
    assert_pass(&r);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("sobel/report.json")).unwrap())
            .unwrap();
    assert_eq!(report["loops"][0]["ii"], 1, "{}", report["loops"]);
    let img = report["memories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "img")
        .unwrap();
    assert_eq!(img["load_store_unit"]["load_sites"], 8, "{img}");
    assert_lint_clean(&d.join("sobel"), "sobel", "sobel");
    assert_slang_elaborates(&d.join("sobel"), "sobel", "sobel");
    // The bank model: 1000 floats are 63 beats of 64 bytes, the last one partial; each
    // crosses the port once, reads and merged writes alike.
    let r = sim(
        &k("vadd.cl"),
        "1000",
        &cases[0].2,
        &["--board", &ddr],
        &d.join("vadd-bank"),
        &d.join("vadd-bank.dump"),
    );
    assert_pass(&r);
    for port in ["m_axi_a", "m_axi_b"] {
        assert_eq!(port_traffic(&r.stdout, port).1, 63, "{port}: {}", r.stdout);
    }
    let (_, _, _, c_beats, _) = port_traffic(&r.stdout, "m_axi_c");
    assert_eq!(c_beats, 63, "{}", r.stdout);
    // 2^16 floats as float16: 4096 beats of each buffer, in bursts (at least 8 beats each on
    // average), the port busy at least 90% of the run.
    let n = 4096;
    let r = sim(
        &k("vadd16.cl"),
        &n.to_string(),
        &[
            "a=random:65536:1".into(),
            "b=random:65536:2".into(),
            "c=zeros:65536".into(),
        ],
        &["--board", &ddr],
        &d.join("vadd16"),
        &d.join("vadd16.dump"),
    );
    assert_pass(&r);
    for port in ["m_axi_a", "m_axi_b", "m_axi_c"] {
        let (rb, rbeats, wb, wbeats, busy) = port_traffic(&r.stdout, port);
        let (bursts, beats) = if port == "m_axi_c" {
            (wb, wbeats)
        } else {
            (rb, rbeats)
        };
        assert_eq!(beats, n, "{port}: {}", r.stdout);
        assert!(
            bursts * 8 <= beats,
            "{port}: {bursts} bursts for {beats} beats"
        );
        assert!(
            busy >= 90.0,
            "{port}: the port busy {busy}% of the run:\n{}",
            r.stdout
        );
    }
    assert!(
        cycles(&r) * 9 <= n * 10,
        "{} cycles for {n} beats",
        cycles(&r)
    );
}
