//! Pipe arguments: AXI4-Stream ports in the RTL, packet queues in the model. The host end
//! of each stream is the co-simulation's (gaps and back-pressure under random latency).

mod common;
use common::*;
use std::path::Path;

/// The same computation with buffers in place of pipes: what pocl runs as the oracle.
const WITHOUT_PIPES: &str = "
__kernel void scale_buffers(__global const int *inp, __global const int *bias,
                            __global int *out, int n) {
  for (int i = 0; i < n; i++) out[i] = inp[i] * 3 + bias[i];
}
";

#[test]
fn a_kernel_between_two_pipes_equals_the_model_and_the_same_computation_on_pocl() {
    let d = scratch("pipes");
    let n = 200usize;
    let ints = |seed: u64| -> Vec<i32> {
        randoms(seed, n)
            .iter()
            .map(|v| (v % 2000) as i32 - 1000)
            .collect()
    };
    save(&d.join("inp.npy"), &ints(1));
    save(&d.join("bias.npy"), &ints(2));
    save(&d.join("zeros.npy"), &vec![0i32; n]);
    let src = root().join("tests/kernels/pipe_scale.cl");
    let at = |p: &Path| format!("@{}", p.display());
    let args = [
        format!("inp={}", at(&d.join("inp.npy"))),
        format!("bias={}", at(&d.join("bias.npy"))),
        format!("n={n}"),
    ];
    let r = sim(
        &src,
        "1",
        &args,
        &["--seeds", "2"],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_pass(&r);
    assert!(
        r.stdout
            .contains(&format!("out: {n} elements, 0 mismatches")),
        "{}",
        r.stdout
    );
    assert_lint_clean(&d.join("out"), "pipe_scale", "pipe kernel");
    let iface = std::fs::read_to_string(d.join("out/interface.json")).unwrap();
    assert!(
        iface.contains("s_axis_inp") && iface.contains("m_axis_out"),
        "{iface}"
    );
    // pocl runs the same computation without pipes; the pipe's packets are its buffer.
    let reference = d.join("scale_buffers.cl");
    std::fs::write(&reference, WITHOUT_PIPES).unwrap();
    let oracle = pocl(
        &reference,
        "scale_buffers",
        &[1],
        &[1],
        serde_json::json!([
            {"kind": "buffer", "name": "inp", "npy": d.join("inp.npy")},
            {"kind": "buffer", "name": "bias", "npy": d.join("bias.npy")},
            {"kind": "buffer", "name": "out", "npy": d.join("zeros.npy")},
            {"kind": "scalar", "name": "n", "dtype": "int32", "value": n},
        ]),
        &d,
    );
    let want: Vec<i32> = load(&oracle.join("out.npy"));
    let rtl: Vec<i32> = load(&d.join("dump/out.npy"));
    let model: Vec<i32> = load(&d.join("dump/model/out.npy"));
    assert_eq!(model, want, "the model's packets against pocl's buffer");
    assert_eq!(rtl, want, "the RTL's packets against pocl's buffer");
    // One packet per cycle once the bias loads stream: the loop is at II 1.
    let report = std::fs::read_to_string(d.join("out/report.txt")).unwrap();
    assert!(report.contains("II 1 (MII 1"), "{report}");
    // Each pipe's port, FIFO and accesses by source line.
    assert!(
        report.contains("pipe 'inp' (s_axis_inp, AXI4-Stream, 32-bit packets, a FIFO of 16): blocking, read at pipe_scale.cl:8"),
        "{report}"
    );
    assert!(report.contains("write at pipe_scale.cl:10"), "{report}");
    // No board flow wires a stream yet: build says so rather than writing a kernel.xml
    // that lists the port as a master.
    let b = run(&[
        "build",
        src.to_str().unwrap(),
        "--board",
        "ulx3s",
        "-o",
        d.join("build").to_str().unwrap(),
    ]);
    assert_eq!(b.code, 2, "{}", b.stderr);
    assert!(
        b.stderr.contains("pipe arguments (inp, out)"),
        "{}",
        b.stderr
    );
}

/// Each case: the kernel, its exit status, and the line and words its diagnostic shows.
/// Code generation's refusal (as for a math function it has no core for) is a failed
/// flow, exit 1; the lowering's, of the user's source, exit 2.
const REFUSED: [(&str, &str, i32, &str); 2] = [
    (
        "unretried",
        "__kernel void k(__global const int *in, __write_only pipe int out) {\n  int v = in[0];\n  write_pipe(out, &v);\n}\n",
        2,
        "while (write_pipe(p, &v) != 0);",
    ),
    (
        "twice",
        "__kernel void k(__read_only pipe int in, __global int *out, int n) {\n  for (int i = 0; i < n; i++) {\n    int a, b;\n    while (read_pipe(in, &a) != 0);\n    while (read_pipe(in, &b) != 0);\n    out[i] = a - b;\n  }\n}\n",
        1,
        "pipe 'in' is accessed twice",
    ),
];

#[test]
fn pipe_accesses_the_hardware_cannot_match_are_refused_at_their_line() {
    let d = scratch("pipes-refused");
    for ((name, text, code, expect), line) in REFUSED.iter().zip(["unretried.cl:3", "twice.cl:5"]) {
        let src = d.join(format!("{name}.cl"));
        std::fs::write(&src, text).unwrap();
        let out = d.join(name);
        let r = run(&[
            "compile",
            src.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(r.code, *code, "{name}: {}\n{}", r.stdout, r.stderr);
        assert!(
            r.stderr.contains(line) && r.stderr.contains(expect),
            "{}",
            r.stderr
        );
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    }
}

#[test]
fn a_read_past_the_packets_given_stops_and_names_the_pipe() {
    let d = scratch("pipes-short");
    let src = root().join("tests/kernels/pipe_scale.cl");
    let r = run(&[
        "sim",
        src.to_str().unwrap(),
        "--global",
        "1",
        "--arg",
        "inp=random:10",
        "--arg",
        "bias=random:20",
        "--arg",
        "n=20",
        "-o",
        d.join("o").to_str().unwrap(),
    ]);
    assert_eq!(r.code, 2, "{}\n{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("packet 11 on pipe 'inp', which the host gave 10 packets"),
        "{}",
        r.stderr
    );
}

/// Work-items of an NDRange kernel take their packets in work-item order; a write under a
/// predicate sends fewer packets than were read. The reference is the same filter in Rust.
#[test]
fn work_items_take_packets_in_order_and_a_predicated_write_filters_them() {
    let d = scratch("pipes-filter");
    let n = 256usize;
    let src = root().join("tests/kernels/pipe_filter.cl");
    let args = [format!("inp=random:{n}"), format!("w=random:{n}")];
    let extra = ["--local", "32", "--seeds", "2"];
    let r = sim(
        &src,
        &n.to_string(),
        &args,
        &extra,
        &d.join("out"),
        &d.join("dump"),
    );
    assert_pass(&r);
    let inp: Vec<f32> = load(&d.join("dump/inp.npy"));
    let w: Vec<f32> = load(&d.join("dump/w.npy"));
    let want: Vec<f32> = inp
        .iter()
        .zip(&w)
        .filter(|(v, _)| **v > 0.0)
        .map(|(v, x)| v * x)
        .collect();
    assert!(want.len() > n / 4 && want.len() < n, "{}", want.len());
    for file in ["dump/out.npy", "dump/model/out.npy"] {
        let got: Vec<f32> = load(&d.join(file));
        assert_eq!(got.len(), want.len(), "{file}");
        assert!(
            got.iter()
                .zip(&want)
                .all(|(a, b)| a.to_bits() == b.to_bits()),
            "{file}"
        );
    }
}
