//! Systems of kernels joined by pipes (`--connect`): every kernel runs at once, in the
//! model (a thread each, blocking on the links) and in the RTL (the system top, each
//! kernel started by its own control slave). The model is checked against pocl running
//! the same computation without pipes; a deadlock stops both, naming the pipes.

mod common;
use common::*;
use std::path::{Path, PathBuf};

fn kernels() -> PathBuf {
    root().join("tests/systems/pipe_system.cl")
}

/// `hls-build sim pipe_system.cl --connect ... --arg ...` into `d/out`, dumps in `d/dump`.
fn sim_system(d: &Path, connects: &[&str], args: &[String], extra: &[&str]) -> Run {
    let src = kernels();
    let mut cmd: Vec<String> = vec![
        "sim".into(),
        src.display().to_string(),
        "--global".into(),
        "1".into(),
    ];
    for c in connects {
        cmd.extend(["--connect".into(), c.to_string()]);
    }
    for a in args {
        cmd.extend(["--arg".into(), a.clone()]);
    }
    cmd.extend(extra.iter().map(|s| s.to_string()));
    cmd.extend([
        "-o".into(),
        d.join("out").display().to_string(),
        "--dump-dir".into(),
        d.join("dump").display().to_string(),
    ]);
    run(&cmd.iter().map(String::as_str).collect::<Vec<_>>())
}

fn ints(seed: u64, n: usize) -> Vec<i32> {
    randoms(seed, n)
        .iter()
        .map(|v| (v % 2000) as i32 - 1000)
        .collect()
}

/// The system top and every kernel's top pass `verilator --lint-only -Wall`.
fn assert_tops_lint_clean(out: &Path, kernels: &[&str]) {
    assert_lint_clean(out, "hls_system", "system top");
    for k in kernels {
        // A kernel named like a keyword (`join`) has a module name of its own.
        let iface: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(out.join(k).join("interface.json")).unwrap(),
        )
        .unwrap();
        let top = iface["top"].as_str().unwrap();
        assert_lint_clean(&out.join(k), top, "kernel top in a system");
    }
}

/// pocl runs `source`'s kernel `name(src, dst, n, scalars...)` over one work-item on
/// `d/src.npy`; its `dst` must equal the model's and the RTL's `dst` of kernel `kernel`
/// (dumped in `d/dump`).
fn assert_dst_equals_pocl(
    d: &Path,
    (source, name): (&str, &str),
    n: usize,
    scalars: &[(&str, usize)],
    kernel: &str,
) {
    let path = d.join(format!("{name}.cl"));
    std::fs::write(&path, source).unwrap();
    save(&d.join("zeros.npy"), &vec![0i32; n]);
    let mut args = vec![
        serde_json::json!({"kind": "buffer", "name": "src", "npy": d.join("src.npy")}),
        serde_json::json!({"kind": "buffer", "name": "dst", "npy": d.join("zeros.npy")}),
        serde_json::json!({"kind": "scalar", "name": "n", "dtype": "int32", "value": n}),
    ];
    for (s, v) in scalars {
        args.push(serde_json::json!({"kind": "scalar", "name": s, "dtype": "int32", "value": v}));
    }
    let dir = pocl(&path, name, &[1], &[1], serde_json::Value::Array(args), d);
    let want: Vec<i32> = load(&dir.join("dst.npy"));
    let model: Vec<i32> = load(&d.join(format!("dump/{kernel}/model/dst.npy")));
    let rtl: Vec<i32> = load(&d.join(format!("dump/{kernel}/dst.npy")));
    assert_eq!(model, want, "{name}: the model against pocl");
    assert_eq!(rtl, want, "{name}: the RTL against pocl");
}

const CHAIN: &str = "
__kernel void chain(__global const int *src, __global int *dst, int n, int stages) {
  for (int i = 0; i < n; i++) {
    int v = src[i] * 2 + 1;
    if (stages == 3) v = v * v - 7;
    dst[i] = v - 3;
  }
}
";

/// producer -> consumer, and producer -> stage -> consumer: the RTL equals the model under
/// random memory latency, and the model equals pocl's pipe-free chain.
#[test]
fn a_producer_consumer_pair_and_a_three_stage_pipeline_equal_the_model_and_pocl() {
    for (stages, connects) in [
        (2, vec!["producer.out:consumer.inp:4"]),
        (
            3,
            vec!["producer.out:stage.inp:8", "stage.out:consumer.inp"],
        ),
    ] {
        let d = scratch(&format!("system_chain{stages}"));
        let n = 300usize;
        save(&d.join("src.npy"), &ints(stages, n));
        let mut args = vec![
            format!("producer.src=@{}", d.join("src.npy").display()),
            format!("producer.n={n}"),
            format!("consumer.n={n}"),
            "consumer.dst=zeros:300".to_string(),
        ];
        if stages == 3 {
            args.push(format!("stage.n={n}"));
        }
        let r = sim_system(&d, &connects, &args, &["--seeds", "2"]);
        assert_pass(&r);
        assert!(
            r.stdout
                .contains("consumer.dst: 300 elements, 0 mismatches"),
            "{}",
            r.stdout
        );
        assert_dst_equals_pocl(
            &d,
            (CHAIN, "chain"),
            n,
            &[("stages", stages as usize)],
            "consumer",
        );
        // OUT/sim.json: a run per seed, each kernel's cycles (a packet a cycle at best).
        let summary: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("out/sim.json")).unwrap())
                .unwrap();
        assert_eq!(summary["passed"], true, "{summary}");
        let runs = summary["runs"].as_array().unwrap();
        assert_eq!(runs.len(), 2, "{summary}");
        assert!(
            runs.iter()
                .all(|r| r["cycles"]["consumer"].as_u64().unwrap() > n as u64),
            "{summary}"
        );
        let kernels: Vec<&str> = if stages == 3 {
            vec!["producer", "stage", "consumer"]
        } else {
            vec!["producer", "consumer"]
        };
        assert_tops_lint_clean(&d.join("out"), &kernels);
        let top = std::fs::read_to_string(d.join("out/rtl/hls_system.sv")).unwrap();
        assert!(top.contains("producer.out -> "), "{top}");
        // The connected pipes are inside: only the host's ports are the system's.
        assert!(
            !top.contains("input  logic        consumer_s_axis_inp_tvalid"),
            "{top}"
        );
    }
}

const FORK: &str = "
__kernel void fork(__global const int *src, __global int *dst, int n) {
  for (int i = 0; i < n; i++) dst[i] = (src[i] + 100) * (src[i] * 5);
}
";

/// split writes every element to two pipes, join reads both: fan-out and fan-in, with
/// a deep FIFO on one branch and the least on the other.
#[test]
fn a_fan_out_and_fan_in_pair_equals_the_model_and_pocl() {
    let d = scratch("system_fork");
    let n = 256usize;
    save(&d.join("src.npy"), &ints(7, n));
    let args = vec![
        format!("split.src=@{}", d.join("src.npy").display()),
        format!("split.n={n}"),
        format!("join.n={n}"),
        format!("join.dst=zeros:{n}"),
    ];
    let r = sim_system(
        &d,
        &["split.a:join.a:64", "split.b:join.b:1"],
        &args,
        &["--seeds", "2"],
    );
    assert_pass(&r);
    assert_dst_equals_pocl(&d, (FORK, "fork"), n, &[], "join");
    assert_tops_lint_clean(&d.join("out"), &["split", "join"]);
    let system: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/system.json")).unwrap()).unwrap();
    // A declared depth is the least the FIFO holds: 1 becomes 2, 64 stays.
    assert_eq!(system["connections"][0]["fifo"], 64, "{system}");
    assert_eq!(system["connections"][1]["fifo"], 2, "{system}");
}

/// ping and pong each read before they write: both wait on an empty pipe from the start.
/// The model sees it at once, the RTL when nothing has moved for the window; both name
/// the pipes, and the run exits 1 well within its cycle budget.
#[test]
fn a_deadlocking_pair_exits_1_naming_the_pipes() {
    let d = scratch("system_deadlock");
    let args = vec!["ping.n=10".to_string(), "pong.n=10".to_string()];
    let r = sim_system(
        &d,
        &["ping.forth:pong.forth", "pong.back:ping.back"],
        &args,
        &["--max-cycles", "100000", "--deadlock-cycles", "2000"],
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let model = r
        .stdout
        .lines()
        .find(|l| l.starts_with("model:"))
        .unwrap_or("");
    assert!(
        model.contains("kernel 'ping' waits to read pipe pong.back -> ping.back (empty)")
            && model.contains("kernel 'pong' waits to read pipe ping.forth -> pong.forth (empty)"),
        "{}",
        r.stdout
    );
    let rtl = r
        .stdout
        .lines()
        .find(|l| l.starts_with("RTL"))
        .unwrap_or("");
    assert!(
        rtl.contains("for 2000 cycles")
            && rtl.contains(
                "pipe ping.forth -> pong.forth is empty and kernel 'pong' is still running"
            )
            && rtl.contains(
                "pipe pong.back -> ping.back is empty and kernel 'ping' is still running"
            ),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("FAIL: deadlock (the model and the RTL agree)"),
        "{}",
        r.stdout
    );
    // Where each kernel waits, by source line.
    assert!(
        r.stdout
            .contains("pipe ping.forth -> pong.forth: ping writes it at pipe_system.cl:")
            && r.stdout.contains("; pong reads it at pipe_system.cl:"),
        "{}",
        r.stdout
    );
}

/// burst fills pipe `first` before it writes `second`; drain reads `second` first. The
/// pair finishes exactly when `first` holds all n packets: the model's link holds what
/// the hardware holds (the connection's FIFO and both ports' queues), so at the boundary
/// the two agree, one packet either side.
#[test]
fn the_model_holds_as_many_packets_as_the_hardware_one_either_side_of_the_boundary() {
    let d = scratch("system_capacity");
    let c = run(&[
        "compile",
        kernels().to_str().unwrap(),
        "--connect",
        "burst.first:drain.first:8",
        "--connect",
        "burst.second:drain.second",
        "-o",
        d.join("compiled").to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
    let system: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("compiled/system.json")).unwrap())
            .unwrap();
    let held = system["connections"][0]["packets_held"].as_u64().unwrap();
    // 8 in the connection's FIFO, 16 in the writer's queue, 16 + 4 in the reader's.
    assert_eq!(held, 44, "{system}");
    for (n, finishes) in [(held, true), (held + 1, false)] {
        let args = vec![
            format!("burst.n={n}"),
            format!("drain.n={n}"),
            format!("drain.dst=zeros:{}", 2 * n),
        ];
        let r = sim_system(
            &d,
            &["burst.first:drain.first:8", "burst.second:drain.second"],
            &args,
            &["--deadlock-cycles", "2000"],
        );
        if finishes {
            assert_pass(&r);
            let dst: Vec<i32> = load(&d.join("dump/drain/dst.npy"));
            let want: Vec<i32> = (0..n as i32).chain((0..n as i32).map(|i| -i)).collect();
            assert_eq!(dst, want, "n = {n}");
        } else {
            assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
            assert!(
                r.stdout
                    .contains("FAIL: deadlock (the model and the RTL agree)")
                    && r.stdout.contains(
                        "waits to write pipe burst.first -> drain.first (full: 44 packets)"
                    ),
                "n = {n}: {}",
                r.stdout
            );
        }
    }
}

/// Connections that cannot be built, and arguments that do not fit a system, are refused
/// with one line naming what is wrong (exit 2).
#[test]
fn connections_that_cannot_be_built_are_refused() {
    let src = kernels();
    let k = src.to_str().unwrap();
    let compile = |connects: &[&str]| {
        let mut a = vec!["compile", k, "-o", "/nonexistent/never"];
        for c in connects {
            a.extend(["--connect", c]);
        }
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    for (connects, expect) in [
        (vec!["producer.out"], "expected two ends"),
        (
            vec!["producer.out:consumer.inp:0"],
            "is not a number from 1 to 65536",
        ),
        (
            vec!["producer.out:nobody.inp"],
            "no kernel named 'nobody' in the module",
        ),
        (
            vec!["producer.src:consumer.inp"],
            "kernel 'producer' has no pipe argument 'src' (its pipes: out)",
        ),
        (
            vec!["consumer.inp:producer.out"],
            "consumer.inp is a read pipe, where a write pipe goes",
        ),
        (
            vec!["split.a:join.a", "split.a:join.b"],
            "pipe split.a is connected twice",
        ),
    ] {
        let a = compile(&connects);
        bad_input(&a.iter().map(String::as_str).collect::<Vec<_>>(), expect);
    }
    let sim = |args: &[&str]| {
        let mut a = vec![
            "sim",
            k,
            "--global",
            "1",
            "--connect",
            "producer.out:consumer.inp",
        ];
        a.extend(args);
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    for (args, expect) in [
        (vec!["--arg", "n=3"], "in a system, name the kernel too"),
        (
            vec![
                "--arg",
                "producer.src=zeros:4",
                "--arg",
                "producer.n=4",
                "--arg",
                "consumer.inp=zeros:4",
            ],
            "pipe 'inp' is connected to another kernel",
        ),
        (
            vec![
                "--arg",
                "producer.src=zeros:4",
                "--arg",
                "producer.n=4",
                "--arg",
                "consumer.n=4",
            ],
            "missing --arg consumer.dst=...",
        ),
    ] {
        let a = sim(&args);
        bad_input(&a.iter().map(String::as_str).collect::<Vec<_>>(), expect);
    }
}

const TIMES_THREE_PLUS_ONE: &str = "
__kernel void times3(__global const int *src, __global int *dst, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i] * 3 + 1;
}
";

/// A program-scope pipe (SPIR-V 1.1 PipeStorage, as llvm-spirv writes Intel channels):
/// `writer` and `reader` take a pipe from the storage `chan`. Built as a system
/// (`--kernel writer,reader`) they are joined without `--connect`, through a FIFO as deep
/// as the storage's capacity; a kernel built alone has the pipe as a stream port.
#[test]
fn a_program_scope_pipe_joins_its_writer_and_reader() {
    let d = scratch("system_channels");
    let asm = std::fs::read_to_string(root().join("tests/systems/channels.spvasm")).unwrap();
    let spv = assemble(&asm, &d, "channels");
    let n = 200usize;
    save(&d.join("src.npy"), &ints(11, n));
    let out = d.join("out");
    let r = run(&[
        "sim",
        spv.to_str().unwrap(),
        "--kernel",
        "writer,reader",
        "--global",
        "1",
        "--arg",
        &format!("writer.src=@{}", d.join("src.npy").display()),
        "--arg",
        &format!("writer.n={n}"),
        "--arg",
        &format!("reader.m={n}"),
        "--arg",
        &format!("reader.dst=zeros:{n}"),
        "--seeds",
        "2",
        "-o",
        out.to_str().unwrap(),
        "--dump-dir",
        d.join("dump").to_str().unwrap(),
    ]);
    assert_pass(&r);
    let system: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("system.json")).unwrap()).unwrap();
    let c = &system["connections"][0];
    assert_eq!(
        (
            c["from"].as_str(),
            c["pipe_out"].as_str(),
            c["to"].as_str(),
            c["depth"].as_u64()
        ),
        (Some("writer"), Some("chan"), Some("reader"), Some(32)),
        "the storage's capacity is the connection's depth: {system}"
    );
    assert_dst_equals_pocl(&d, (TIMES_THREE_PLUS_ONE, "times3"), n, &[], "reader");
    assert_tops_lint_clean(&out, &["writer", "reader"]);
    // Alone, the writer's end of the channel is its AXI4-Stream port.
    let alone = d.join("alone");
    let c = run(&[
        "compile",
        spv.to_str().unwrap(),
        "--kernel",
        "writer",
        "-o",
        alone.to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
    let iface = std::fs::read_to_string(alone.join("interface.json")).unwrap();
    assert!(iface.contains("m_axis_chan"), "{iface}");
}
