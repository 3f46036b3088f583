//! Scheduling: recurrence bounds, requested II, loop controls, memory dependences and
//! their distances, ivdep, speculation, loop nests, unrolling.

mod common;

use common::*;
use std::process::Command;

#[test]
fn running_sum_loop_runs_at_its_recurrence_bound() {
    let d = scratch("rsum");
    let n = 500usize;
    let input: Vec<i32> = randoms(5, n)
        .iter()
        .map(|v| (*v % 20001) as i32 - 10000)
        .collect();
    save(&d.join("in.npy"), &input);
    let src = root().join("tests/kernels/running_sum.cl");
    let (dump, out) = (d.join("dump"), d.join("out"));
    let r = run(&[
        "sim",
        src.to_str().unwrap(),
        "--global",
        "1",
        "--arg",
        &format!("in=@{}", d.join("in.npy").display()),
        "--arg",
        "out=zeros:500",
        "--arg",
        "total=zeros:1",
        "--arg",
        "n=500",
        "--dump-dir",
        dump.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--mem-latency",
        "random:11",
    ]);
    assert_pass(&r);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    assert_eq!(lp["kind"], "loop");
    assert_eq!(lp["ii"], lp["rec_mii"], "{lp}");
    let outv: Vec<i32> = load(&dump.join("out.npy"));
    let total: Vec<i32> = load(&dump.join("total.npy"));
    let p = pocl(
        &src,
        "running_sum",
        &[1],
        &[1],
        serde_json::json!([
            {"kind": "buffer", "name": "in", "npy": d.join("in.npy")}, {"kind": "buffer", "name": "out", "npy": dump.join("model/out.npy")},
            {"kind": "buffer", "name": "total", "npy": dump.join("model/total.npy")}, {"kind": "scalar", "dtype": "int32", "value": 500},
        ]),
        &d,
    );
    assert_eq!(outv, load::<i32>(&p.join("out.npy")));
    assert_eq!(total, load::<i32>(&p.join("total.npy")));
    assert_eq!(total[0], input.iter().sum::<i32>());
}

#[test]
fn branches_become_predicated_stores() {
    let d = scratch("threshold");
    let a: Vec<i32> = randoms(12, 512)
        .iter()
        .map(|v| (*v % 201) as i32 - 100)
        .collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &vec![0i32; 512]);
    save(&d.join("c.npy"), &vec![-1i32; 512]);
    co_simulate_against_pocl(
        "threshold",
        &[512],
        &[64],
        &[
            A::Buf("a", d.join("a.npy")),
            A::Buf("b", d.join("b.npy")),
            A::Buf("count_hi", d.join("c.npy")),
            A::Int("t", 10),
        ],
        &[],
        &d,
    );
}

#[test]
fn loop_nest_in_one_work_item() {
    let d = scratch("nested");
    let input: Vec<i32> = randoms(15, 7 * 13)
        .iter()
        .map(|v| (*v % 2001) as i32 - 1000)
        .collect();
    save(&d.join("in.npy"), &input);
    save(&d.join("out.npy"), &vec![0i32; 7 * 13]);
    co_simulate_against_pocl(
        "nested",
        &[1],
        &[1],
        &[
            A::Buf("in", d.join("in.npy")),
            A::Buf("out", d.join("out.npy")),
            A::Int("rows", 7),
            A::Int("cols", 13),
        ],
        &[],
        &d,
    );
}

#[test]
fn requested_ii_is_a_constraint_and_below_recmii_is_refused() {
    let d = scratch("reqii");
    let asm = std::fs::read_to_string(root().join("tests/fixtures/requested_ii.spvasm")).unwrap();
    // Below the recurrence bound: exit 2, and the diagnostic names the recurrence.
    let low = assemble(&asm, &d, "low");
    let r = run(&[
        "compile",
        low.to_str().unwrap(),
        "-o",
        d.join("o1").to_str().unwrap(),
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("requested II 4")
            && r.stderr.contains("recurrence")
            && r.stderr.contains("acc"),
        "{}",
        r.stderr
    );
    // Above it: honoured, reported, and the design still co-simulates — requested through
    // OpLoopMerge, and through an OpLoopControlINTEL instruction (unstructured loop
    // controls, tests/fixtures/loop_control_intel.spvasm) read the same way.
    let x: Vec<f32> = randoms(21, 100)
        .iter()
        .map(|v| (*v % 1000) as f32 / 8.0)
        .collect();
    save(&d.join("x.npy"), &x);
    let sum = x.iter().fold(0f32, |acc, v| acc + v);
    let intel =
        std::fs::read_to_string(root().join("tests/fixtures/loop_control_intel.spvasm")).unwrap();
    for (name, text) in [
        (
            "high",
            asm.replace("InitiationIntervalINTEL 4", "InitiationIntervalINTEL 12"),
        ),
        ("loop_control_intel", intel),
    ] {
        let spv = assemble(&text, &d, name);
        let out = d.join(format!("{name}-out"));
        let dump = d.join(format!("{name}-dump"));
        let args = [
            format!("x=@{}", d.join("x.npy").display()),
            "out=zeros:1".into(),
            "n=100".into(),
        ];
        assert_pass(&sim(&spv, "1", &args, &[], &out, &dump));
        assert_eq!(load::<f32>(&dump.join("out.npy")), vec![sum], "{name}");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        assert_eq!(report["loops"][0]["ii"], 12, "{name}");
        assert!(
            report["loops"][0]["bottleneck"]
                .as_str()
                .unwrap()
                .contains("InitiationIntervalINTEL 12"),
            "{name}"
        );
    }
}

#[test]
fn dependences_through_global_memory_are_respected() {
    // Histogram: hist[idx[i]] read and written at run-time addresses; the next iteration
    // may read what this one wrote. Random memory latency makes late write acknowledgements
    // likely: the load fence must hold the read back.
    let d = scratch("histogram");
    let idx: Vec<i32> = randoms(31, 150).iter().map(|v| (*v % 8) as i32).collect();
    save(&d.join("idx.npy"), &idx);
    save(&d.join("hist.npy"), &vec![0i32; 8]);
    for seed in ["random:1", "random:2", "3"] {
        co_simulate_against_pocl(
            "histogram",
            &[1],
            &[1],
            &[
                A::Buf("idx", d.join("idx.npy")),
                A::Buf("hist", d.join("hist.npy")),
                A::Int("n", 150),
            ],
            &["--mem-latency", seed],
            &d,
        );
    }
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    assert_eq!(lp["ii"], lp["rec_mii"]);
    assert!(
        lp["bottleneck"].as_str().unwrap().contains("Store 'hist'"),
        "{lp}"
    );
    // A board whose schedule assumes writes are visible after one cycle: the II drops, and
    // the hardware fence alone keeps the result right under slow write acknowledgements.
    let optimistic = std::fs::read_to_string(root().join("boards/bsp/default.yaml"))
        .unwrap()
        .replace("store_visible_latency: 64", "store_visible_latency: 1");
    std::fs::write(d.join("optimistic.yaml"), optimistic).unwrap();
    let board = d.join("optimistic.yaml");
    for seed in ["random:1", "random:2", "random:3"] {
        co_simulate_against_pocl(
            "histogram",
            &[1],
            &[1],
            &[
                A::Buf("idx", d.join("idx.npy")),
                A::Buf("hist", d.join("hist.npy")),
                A::Int("n", 150),
            ],
            &["--mem-latency", seed, "--board", board.to_str().unwrap()],
            &d,
        );
    }
    // A store, then a load of the same buffer in one straight-line block.
    let d = scratch("store_then_load");
    save(&d.join("b.npy"), &(0..8).collect::<Vec<i32>>());
    save(&d.join("out.npy"), &vec![0i32; 2]);
    for k in [0, 1, 5] {
        co_simulate_against_pocl(
            "store_then_load",
            &[1],
            &[1],
            &[
                A::Buf("b", d.join("b.npy")),
                A::Buf("out", d.join("out.npy")),
                A::Int("k", k),
                A::Int("x", 77),
            ],
            &["--mem-latency", "random:9"],
            &d,
        );
    }
}

#[test]
fn loops_with_break_and_data_dependent_trip_counts() {
    let d = scratch("find_first");
    let a: Vec<i32> = randoms(71, 300).iter().map(|v| (*v % 50) as i32).collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("pos.npy"), &vec![0i32; 1]);
    // Found early, found late, never found: the exit taken decides the result.
    let late = a[250];
    for key in [a[3], late, 1000] {
        co_simulate_against_pocl(
            "find_first",
            &[1],
            &[1],
            &[
                A::Buf("a", d.join("a.npy")),
                A::Buf("pos", d.join("pos.npy")),
                A::Int("n", 300),
                A::Int("key", key as i64),
            ],
            &["--mem-latency", "random:8"],
            &d,
        );
        let pos: Vec<i32> = load(&d.join("dump/pos.npy"));
        assert_eq!(
            pos[0],
            a.iter()
                .position(|x| *x == key)
                .map(|p| p as i32)
                .unwrap_or(-1)
        );
    }
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    // The exit test needs the loaded value before the next iteration may start.
    assert_eq!(lp["ii"], lp["rec_mii"]);
    assert!(
        lp["bottleneck"].as_str().unwrap().contains("Load 'a'"),
        "{lp}"
    );

    let d = scratch("collatz");
    let start: Vec<u32> = randoms(72, 32)
        .iter()
        .map(|v| (*v % 300) as u32 + 1)
        .collect();
    save(&d.join("start.npy"), &start);
    save(&d.join("steps.npy"), &vec![0u32; 32]);
    co_simulate_against_pocl(
        "collatz",
        &[32],
        &[8],
        &[
            A::Buf("start", d.join("start.npy")),
            A::Buf("steps", d.join("steps.npy")),
        ],
        &[],
        &d,
    );
}

#[test]
fn switch_statements_in_pipelines_and_in_control() {
    let d = scratch("switch");
    let op: Vec<i32> = randoms(81, 64).iter().map(|v| (*v % 8) as i32).collect();
    let x: Vec<i32> = randoms(82, 64)
        .iter()
        .map(|v| (*v % 201) as i32 - 100)
        .collect();
    save(&d.join("op.npy"), &op);
    save(&d.join("x.npy"), &x);
    save(&d.join("y.npy"), &vec![0i32; 64]);
    save(&d.join("acc.npy"), &vec![0i32; 1]);
    // n & 3 selects each arm of the second switch, including its default.
    for n in [20, 21, 22] {
        co_simulate_against_pocl(
            "switch_ops",
            &[64],
            &[16],
            &[
                A::Buf("op", d.join("op.npy")),
                A::Buf("x", d.join("x.npy")),
                A::Buf("y", d.join("y.npy")),
                A::Buf("acc", d.join("acc.npy")),
                A::Int("n", n),
            ],
            &[],
            &d,
        );
    }
}

/// a[i + 4] = f(a[i]): the affine analysis finds the distance 4 (so RecMII is a quarter of
/// the cycle's latency), the RTL still equals pocl; a data-dependent index (histogram)
/// stays conservative and the report says why.
#[test]
fn memory_dependences_get_affine_distances() {
    let d = scratch("distance");
    let n = 60usize;
    let a: Vec<i32> = randoms(31, n + 4)
        .iter()
        .map(|v| (*v % 100) as i32)
        .collect();
    save(&d.join("a.npy"), &a);
    co_simulate_against_pocl(
        "distance4",
        &[1],
        &[1],
        &[A::Buf("a", d.join("a.npy")), A::Int("n", n as i64)],
        &[],
        &d,
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    let deps = lp["carried_memory_dependences"].as_array().unwrap();
    assert_eq!(deps.len(), 1, "{lp}");
    assert_eq!(deps[0]["distance"], 4, "{lp}");
    assert_eq!(deps[0]["analysis"], "affine", "{lp}");
    // The recurrence store -> load spans four iterations.
    assert!(
        lp["bottleneck"].as_str().unwrap().contains("Store 'a'"),
        "{lp}"
    );
    assert_eq!(lp["ii"], lp["rec_mii"]);
    let h = d.join("hist");
    let r = run(&[
        "compile",
        root().join("tests/kernels/histogram.cl").to_str().unwrap(),
        "-o",
        h.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(h.join("report.json")).unwrap()).unwrap();
    let deps = report["loops"][0]["carried_memory_dependences"]
        .as_array()
        .unwrap()
        .clone();
    assert!(
        deps.iter()
            .any(|d| d["distance"] == 1
                && d["analysis"].as_str().unwrap().starts_with("conservative")),
        "{deps:?}"
    );
}

/// A dependence no shorter than the loop's constant trip count joins no two iterations of
/// one run: each row reads the row above, written by the previous run of the inner loop
/// (distance 16, 16 iterations), so the inner loop is bound only by the buffer's read port
/// (II 2, not the write round trip over 16 iterations); RTL = model, and the values are
/// those computed here. With a trip count known only at run time the dependence stays.
#[test]
fn a_dependence_beyond_the_trip_count_joins_no_iterations() {
    let d = scratch("beyond_trips");
    let src = |bound: &str| {
        format!(
            "kernel void rows(global float *a, int n) {{\n    for (int i = 1; i < 16; i++)\n        \
             for (int j = 0; j < {bound}; j++)\n            \
             a[i * 16 + j] += a[(i - 1) * 16 + j] * 0.5f;\n}}\n"
        )
    };
    let a: Vec<f32> = randoms(77, 256)
        .iter()
        .map(|v| (*v % 1000) as f32 / 64.0)
        .collect();
    save(&d.join("a.npy"), &a);
    let mut iis = Vec::new();
    for (name, bound) in [("constant", "16"), ("variable", "n")] {
        let file = d.join(format!("{name}.cl"));
        std::fs::write(&file, src(bound)).unwrap();
        let args = vec![format!("a=@{}", d.join("a.npy").display()), "n=16".into()];
        let out = d.join(name);
        let r = sim(&file, "1", &args, &[], &out, &out.join("dump"));
        assert_pass(&r);
        let mut want = a.clone();
        for i in 1..16 {
            for j in 0..16 {
                want[i * 16 + j] += want[(i - 1) * 16 + j] * 0.5;
            }
        }
        let got: Vec<f32> = load(&out.join("dump/a.npy"));
        assert_eq!(got, want, "{name}");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        let lp = report["loops"][0].clone();
        iis.push((
            lp["ii"].as_u64().unwrap(),
            lp["carried_memory_dependences"].clone(),
        ));
    }
    assert_eq!(iis[0].0, 2, "{:?}", iis[0]);
    assert_eq!(iis[0].1, serde_json::json!([]), "{:?}", iis[0]);
    assert!(iis[1].0 > 2, "{:?}", iis[1]);
    assert!(
        iis[1].1.to_string().contains("\"distance\":16"),
        "{:?}",
        iis[1]
    );
}

/// Needleman–Wunsch (bench/qor/nw.cl): each cell reads the row above and writes its own
/// row, whose bases the loop around computes (`(i - 1) * 33`, `i * 33`): seen through, the
/// rows are 33 elements apart, beyond the inner loop's 32 iterations, so no dependence
/// through memory remains and the loop runs at II 2 (the forwarded left neighbour), not
/// at a write round trip (133). RTL = model, and the matrix is the one computed here.
#[test]
fn row_bases_computed_around_the_loop_are_seen_through() {
    let d = scratch("row_bases");
    let n = 33usize;
    let s1: Vec<i32> = randoms(5, 32).iter().map(|v| (*v % 4) as i32).collect();
    let s2: Vec<i32> = randoms(6, 32).iter().map(|v| (*v % 4) as i32).collect();
    let mut m = vec![0i32; n * n];
    for k in 0..n {
        m[k] = -(k as i32);
        m[k * n] = -(k as i32);
    }
    for (name, v) in [("s1", &s1), ("s2", &s2), ("m", &m)] {
        save(&d.join(format!("{name}.npy")), v);
    }
    let args: Vec<String> = ["s1", "s2", "m"]
        .iter()
        .map(|a| format!("{a}=@{}", d.join(format!("{a}.npy")).display()))
        .collect();
    let src = root().join("bench/qor/nw.cl");
    let r = sim(&src, "1", &args, &[], &d.join("out"), &d.join("dump"));
    assert_pass(&r);
    for i in 1..n {
        for j in 1..n {
            let hit = m[(i - 1) * n + j - 1] + if s1[i - 1] == s2[j - 1] { 2 } else { -1 };
            m[i * n + j] = hit.max(m[(i - 1) * n + j] - 1).max(m[i * n + j - 1] - 1);
        }
    }
    let got: Vec<i32> = load(&d.join("dump/m.npy"));
    assert_eq!(got, m);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    assert_eq!(lp["ii"], 2, "{lp}");
    assert_eq!(
        lp["carried_memory_dependences"],
        serde_json::json!([]),
        "{lp}"
    );
}

/// `ivdep` (DependencyInfinite) on a loop whose index is data-dependent: the conservative
/// distance-1 recurrence through global memory goes away (II 1), results stay right (idx is
/// a permutation); without the loop control the same module keeps the recurrence; with
/// MaxConcurrencyINTEL 4 as well, at most four iterations are in flight.
#[test]
fn ivdep_removes_carried_memory_dependences() {
    let d = scratch("ivdep");
    let asm = std::fs::read_to_string(root().join("tests/fixtures/ivdep_scatter.spvasm")).unwrap();
    let plain = asm.replace(
        "               OpLoopMerge %11 %12 DependencyInfinite\n",
        "",
    );
    assert_ne!(plain, asm);
    let n = 48usize;
    let a: Vec<i32> = randoms(41, n).iter().map(|v| (*v % 1000) as i32).collect();
    // A permutation: i -> (7 i + 5) mod 48 (7 is prime to 48).
    let idx: Vec<i32> = (0..n).map(|i| ((7 * i + 5) % n) as i32).collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("idx.npy"), &idx);
    let expect: Vec<i32> = a.iter().map(|x| x * 3 + 1).collect();
    // MaxConcurrencyINTEL 4 on top: at most four iterations in flight.
    let limited = asm
        .replace(
            "OpCapability Kernel",
            "OpCapability Kernel\n               OpCapability FPGALoopControlsINTEL",
        )
        .replace(
            "          %1 = OpExtInstImport",
            "               OpExtension \"SPV_INTEL_fpga_loop_controls\"\n          %1 = OpExtInstImport",
        )
        .replace("DependencyInfinite", "DependencyInfinite|MaxConcurrencyINTEL 4");
    let mut iis = Vec::new();
    for (name, text) in [("ivdep", &asm), ("plain", &plain), ("limited", &limited)] {
        let spv = assemble(text, &d, name);
        let out = d.join(format!("{name}-out"));
        let args = [
            format!("a=@{}", d.join("a.npy").display()),
            format!("idx=@{}", d.join("idx.npy").display()),
            format!("n={n}"),
        ];
        assert_pass(&sim(
            &spv,
            "1",
            &args,
            &[],
            &out,
            &d.join(format!("{name}-dump")),
        ));
        assert_eq!(
            load::<i32>(&d.join(format!("{name}-dump/a.npy"))),
            expect,
            "{name}"
        );
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        let lp = report["loops"][0].clone();
        iis.push(lp["ii"].as_u64().unwrap());
        if name == "ivdep" {
            assert_eq!(
                lp["carried_memory_dependences"],
                serde_json::json!([]),
                "{lp}"
            );
        }
        if name == "limited" {
            let (ii, depth) = (lp["ii"].as_u64().unwrap(), lp["depth"].as_u64().unwrap());
            assert!(lp["stages"].as_u64().unwrap() <= 4, "{lp}");
            assert_eq!(ii, depth.div_ceil(4), "{lp}");
            let why = lp["bottleneck"].as_str().unwrap();
            assert!(why.contains("MaxConcurrencyINTEL 4"), "{lp}");
        }
    }
    assert_eq!(iis[0], 1, "ivdep: {iis:?}");
    assert!(
        iis[1] > 50,
        "without ivdep the recurrence through memory stays: {iis:?}"
    );
}

/// SpeculatedIterationsINTEL: iterations issue before the exit test of an earlier one is
/// known and are squashed when it exits. The loop's exit test (two multiplies) bounds the
/// II at 7 without speculation; with N speculated iterations the bound is ceil(7 / (N + 1)).
/// The loop stores out[x] each iteration, so a squashed iteration that reached memory
/// would leave a cube at or above the limit (and a wrong count) behind — removing the
/// squash from the RTL makes this test fail (checked: out[40..46] written, count 46).
#[test]
fn speculated_iterations_hide_the_exit_test() {
    let d = scratch("speculate");
    let asm =
        std::fs::read_to_string(root().join("tests/fixtures/speculated_cubes.spvasm")).unwrap();
    let merge = "               OpLoopMerge %11 %10 SpeculatedIterationsINTEL 6\n";
    assert!(asm.contains(merge));
    let variants = [
        ("none", asm.replace(merge, ""), 7, 0),
        (
            "two",
            asm.replace("SpeculatedIterationsINTEL 6", "SpeculatedIterationsINTEL 2"),
            3,
            2,
        ),
        ("six", asm.clone(), 1, 6),
    ];
    let sentinel = 0xdead_beefu32;
    save(&d.join("out.npy"), &vec![sentinel; 256]);
    for (name, text, want_ii, speculated) in variants {
        let spv = assemble(&text, &d, name);
        for limit in [60000u32, 1, 0] {
            let mut expect = vec![sentinel; 256];
            let mut x = 0u32;
            while x * x * x < limit {
                expect[x as usize] = x * x * x;
                x += 1;
            }
            expect[255] = x;
            let out = d.join(format!("{name}-{limit}"));
            let dump = d.join(format!("{name}-{limit}-dump"));
            let args = [
                format!("out=@{}", d.join("out.npy").display()),
                format!("limit={limit}"),
            ];
            // As written: flattened with the work-items, the loop without speculation
            // would be another loop (whose exit test is the same 7 cycles).
            let flags = ["--flatten", "off"];
            assert_pass(&sim(&spv, "1", &args, &flags, &out, &dump));
            let got: Vec<u32> = load::<i32>(&dump.join("out.npy"))
                .iter()
                .map(|v| *v as u32)
                .collect();
            assert_eq!(got, expect, "{name}, limit {limit}");
            let report: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                    .unwrap();
            let lp = &report["loops"][0];
            assert_eq!(lp["ii"], want_ii, "{name}: {lp}");
            assert_eq!(lp["ii"], lp["rec_mii"], "{name}: {lp}");
            assert_eq!(lp["speculated_iterations"], speculated, "{name}: {lp}");
            assert!(
                lp["bottleneck"]
                    .as_str()
                    .unwrap()
                    .contains("'cmp' (1 cycle) -> issue"),
                "{lp}"
            );
            if limit == 0 {
                assert_lint_clean(&out, report["top"].as_str().unwrap(), name);
            }
        }
    }
}

/// Kernel attributes and loop controls are read into the IR and the report:
/// reqd_work_group_size is the launch's local size (another is refused, exit 2), the hint
/// and NoWrite are recorded; a loop's PartialCount, InitiationIntervalINTEL,
/// LoopCoalesceINTEL and MaxInterleavingINTEL come out in report.json as given.
#[test]
fn kernel_attributes_and_every_loop_control_are_read() {
    let d = scratch("attrs");
    let k = root().join("tests/kernels/kernel_attrs.cl");
    let c = run(&[
        "compile",
        k.to_str().unwrap(),
        "-o",
        d.join("out").to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    assert_eq!(
        report["attributes"]["reqd_work_group_size"],
        serde_json::json!([16, 1, 1])
    );
    assert_eq!(
        report["attributes"]["work_group_size_hint"],
        serde_json::json!([16, 1, 1])
    );
    let a: Vec<i32> = (0..64).collect();
    save(&d.join("a.npy"), &a);
    let arg = format!("a=@{}", d.join("a.npy").display());
    let wrong = run(&[
        "sim",
        k.to_str().unwrap(),
        "--global",
        "64",
        "--local",
        "8",
        "--arg",
        &arg,
        "--arg",
        "out=zeros:64",
    ]);
    assert_eq!(wrong.code, 2, "{}", wrong.stderr);
    assert!(
        wrong.stderr.contains("reqd_work_group_size"),
        "{}",
        wrong.stderr
    );
    let r = sim(
        &k,
        "64",
        &[arg, "out=zeros:64".into()],
        &[],
        &d.join("o2"),
        &d.join("dump"),
    );
    assert!(r.stdout.contains("PASS"), "{}{}", r.stdout, r.stderr);
    let out: Vec<i32> = load(&d.join("dump/out.npy"));
    for (i, v) in out.iter().enumerate() {
        assert_eq!(
            *v,
            i as i32 * 16 + (i % 16) as i32,
            "out[{i}]: the local size is 16"
        );
    }
    // Loop controls through OpLoopControlINTEL: mask PartialCount | II | coalesce | interleave.
    let asm = std::fs::read_to_string(root().join("tests/fixtures/loop_control_intel.spvasm"))
        .unwrap()
        .replace(
            "OpLoopControlINTEL 65536 12",
            "OpLoopControlINTEL 3211520 4 12 2 1",
        );
    std::fs::write(d.join("l.spvasm"), asm).unwrap();
    let st = Command::new("spirv-as")
        .args(["--target-env", "spv1.2"])
        .arg(d.join("l.spvasm"))
        .arg("-o")
        .arg(d.join("l.spv"))
        .status()
        .unwrap();
    assert!(st.success());
    let c = run(&[
        "compile",
        d.join("l.spv").to_str().unwrap(),
        "-o",
        d.join("lo").to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("lo/report.json")).unwrap()).unwrap();
    let lc = &report["loops"][0]["loop_controls"];
    assert_eq!(lc["unroll"], 4, "{lc}");
    assert_eq!(lc["requested_ii"], 12, "{lc}");
    assert_eq!(lc["coalesce"], 2, "{lc}");
    assert_eq!(lc["max_interleaving"], 1, "{lc}");
    assert_eq!(report["loops"][0]["ii"], 12, "{}", report["loops"][0]);
}

/// Unrolling from the loop controls (tests/fixtures/unroll_controls.spvasm, a loop of 8
/// iterations): Unroll makes it straight-line code of 8 copies, PartialCount 4 a loop of 4
/// copies, PartialCount 3 (no divisor of 8) and DontUnroll leave it; every variant
/// co-simulates and equals the recurrence computed here.
#[test]
fn loops_unroll_as_their_controls_ask() {
    let d = scratch("unroll");
    let asm =
        std::fs::read_to_string(root().join("tests/fixtures/unroll_controls.spvasm")).unwrap();
    let n = 64usize;
    let a: Vec<f32> = randoms(5, 8 * n)
        .iter()
        .map(|v| (*v % 2001) as f32 / 100.0 - 10.0)
        .collect();
    save(&d.join("a.npy"), &a);
    for (control, kind, stores) in [
        ("Unroll", "Block", 8),
        ("PartialCount 4", "Loop", 4),
        ("PartialCount 3", "Loop", 1),
        ("DontUnroll", "Loop", 1),
    ] {
        let tag = control.replace(' ', "_");
        let text = asm.replace(
            "OpLoopMerge %for_cond_cleanup %for_body DontUnroll",
            &format!("OpLoopMerge %for_cond_cleanup %for_body {control}"),
        );
        std::fs::write(d.join(format!("{tag}.spvasm")), text).unwrap();
        let spv = d.join(format!("{tag}.spv"));
        assert!(Command::new("spirv-as")
            .arg(d.join(format!("{tag}.spvasm")))
            .arg("-o")
            .arg(&spv)
            .status()
            .unwrap()
            .success());
        let r = sim(
            &spv,
            &n.to_string(),
            &[
                format!("a=@{}", d.join("a.npy").display()),
                format!("out=zeros:{}", 8 * n),
            ],
            // One work-item at a time, so the loop stays the unit the controls made.
            &["--max-interleaving", "1"],
            &d.join(format!("out_{tag}")),
            &d.join(format!("dump_{tag}")),
        );
        assert!(
            r.stdout.contains("PASS"),
            "{control}: {}{}",
            r.stdout,
            r.stderr
        );
        let ir = std::fs::read_to_string(d.join(format!("out_{tag}/ir.txt"))).unwrap();
        let unit: Vec<&str> = ir
            .split("\n  unit")
            .filter(|u| u.starts_with("2 "))
            .collect();
        assert!(
            unit[0].starts_with(&format!("2 loop.for.body {kind}")),
            "{control}: {ir}"
        );
        assert_eq!(
            unit[0].matches("= Store(").count(),
            stores,
            "{control}: {ir}"
        );
        let out: Vec<f32> = load(&d.join(format!("dump_{tag}/out.npy")));
        for i in 0..n {
            let mut acc = 0.0f32;
            let mut want = [0.0f32; 8];
            for k in 0..8 {
                acc = acc * 0.5 + a[8 * i + k];
                want[k] = acc;
            }
            want[0] += acc;
            assert_eq!(
                &out[8 * i..8 * i + 8],
                &want[..],
                "{control}: work-item {i}"
            );
        }
    }
}

/// A recurrence of chained logic longer than the clock: RecMII counts it (II 2 = MII, not
/// "no schedule at II 1"), the explanation names the chain in source lines, and the RTL at
/// that II computes the CRC the model does (and zlib does).
#[test]
fn a_chained_recurrence_over_the_clock_is_bounded_and_explained() {
    let d = scratch("crc");
    let src = root().join("tests/kernels/crc_bytes.cl");
    let data: Vec<u8> = b"The quick brown fox jumps over the lazy dog".to_vec();
    save(&d.join("in.npy"), &data);
    let out = d.join("out");
    let r = sim(
        &src,
        "1",
        &[
            format!("in=@{}", d.join("in.npy").display()),
            "out=zeros:1".into(),
            format!("n={}", data.len()),
        ],
        &["--mem-latency", "random:5"],
        &out,
        &d.join("dump"),
    );
    assert_pass(&r);
    // zlib.crc32 of the sentence.
    assert_eq!(load::<u32>(&d.join("dump/out.npy")), vec![0x414F_A339]);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    assert_eq!(
        (lp["ii"].as_u64(), lp["rec_mii"].as_u64()),
        (Some(2), Some(2)),
        "{lp}"
    );
    let why = lp["bottleneck"].as_str().unwrap();
    assert!(
        why.contains("exceeds the 4 ns clock") && why.contains("at crc_bytes.cl:"),
        "{why}"
    );
}
