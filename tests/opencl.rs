//! OpenCL C coverage: the corpus against pocl, integer built-ins, vectors, conversions,
//! arbitrary-precision integers.

mod common;

use common::*;
use std::process::Command;

/// The OpenCL C corpus (tests/corpus, over 60 kernels: integer widths, floats, vectors,
/// conversions, built-ins, control flow, address spaces, atomics, work-item functions)
/// through the frontend and the software model, each compared with pocl on the same inputs
/// (integers bit for bit, floats within each file's stated ulp; tests/corpus.py).
#[test]
fn opencl_c_corpus_model_agrees_with_pocl() {
    let out = Command::new(tool("python3"))
        .arg(root().join("tests/corpus.py"))
        .args(["--hls-build", env!("CARGO_BIN_EXE_hls-build")])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = text.lines().last().unwrap_or("");
    let kernels: usize = summary.split_whitespace().next().unwrap().parse().unwrap();
    assert!(kernels >= 60, "{summary}");
    assert!(
        summary.contains(&format!("{kernels} agree with pocl")),
        "{summary}"
    );
}

/// SPV_INTEL_arbitrary_precision_integers: 13-bit arithmetic wraps at 13 bits in the model
/// and in the RTL alike, checked against the formula.
#[test]
fn arbitrary_precision_integers_wrap_at_their_width() {
    let d = scratch("apint");
    let spv = assemble(
        &std::fs::read_to_string(root().join("tests/fixtures/arbitrary_precision.spvasm")).unwrap(),
        &d,
        "apint",
    );
    let n = 256usize;
    let a: Vec<u32> = randoms(61, n).iter().map(|v| *v as u32).collect();
    save(&d.join("a.npy"), &a);
    let dump = d.join("dump");
    let args = [
        format!("a=@{}", d.join("a.npy").display()),
        format!("out=zeros:{n}"),
    ];
    let extra = ["--mem-latency", "random:3"];
    assert_pass(&sim(
        &spv,
        &n.to_string(),
        &args,
        &extra,
        &d.join("out"),
        &dump,
    ));
    let expect: Vec<u32> = a
        .iter()
        .map(|x| {
            let t = x & 0x1FFF;
            let u = (t * t + 1) & 0x1FFF;
            (((u << 19) as i32) >> 19) as u32
        })
        .collect();
    let got: Vec<u32> = load::<i32>(&dump.join("out.npy"))
        .iter()
        .map(|v| *v as u32)
        .collect();
    assert_eq!(got, expect);
}

#[test]
fn division_conversions_compares_and_min_max_match_pocl() {
    let d = scratch("mixed");
    let n = 256;
    // Finite floats well inside int range (C leaves out-of-range conversions undefined),
    // no ±0 pairs for fmin/fmax (IEEE lets either zero win).
    let x: Vec<f32> = randoms(41, n)
        .iter()
        .map(|v| ((*v % 20001) as f32 - 10000.0) / 997.0 + 0.0001)
        .collect();
    let k: Vec<i32> = randoms(42, n)
        .iter()
        .map(|v| (*v % 2001) as i32 - 1000)
        .collect();
    save(&d.join("x.npy"), &x);
    save(&d.join("k.npy"), &k);
    save(&d.join("fout.npy"), &vec![0f32; 4 * n]);
    save(&d.join("iout.npy"), &vec![0i32; 3 * n]);
    save(&d.join("uout.npy"), &vec![0u32; n]);
    co_simulate_against_pocl(
        "mixed_ops",
        &[n as u64],
        &[64],
        &[
            A::Buf("x", d.join("x.npy")),
            A::Buf("k", d.join("k.npy")),
            A::Buf("fout", d.join("fout.npy")),
            A::Buf("iout", d.join("iout.npy")),
            A::Buf("uout", d.join("uout.npy")),
        ],
        &["--mem-latency", "random:5"],
        &d,
    );
}

#[test]
fn vectors_are_scalarized_and_match_pocl() {
    let d = scratch("vec4");
    let a: Vec<f32> = randoms(61, 1024)
        .iter()
        .map(|v| (*v % 2001) as f32 / 8.0 - 125.0)
        .collect();
    let b: Vec<f32> = randoms(62, 1024)
        .iter()
        .map(|v| (*v % 2001) as f32 / 16.0 - 62.5)
        .collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &b);
    save(&d.join("c.npy"), &vec![0f32; 1024]);
    co_simulate_against_pocl(
        "vec4",
        &[256],
        &[64],
        &[
            A::Buf("a", d.join("a.npy")),
            A::Buf("b", d.join("b.npy")),
            A::Buf("c", d.join("c.npy")),
            A::Float("s", 0.75),
        ],
        &[],
        &d,
    );
    // A whole float4 per AXI beat: the work-item loop runs at II 1.
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    assert_eq!(report["loops"][0]["ii"], 1, "{}", report["loops"][0]);
    assert_eq!(report["memories"][0]["data_width"], 128);
    // A float4 accumulator carried through a loop, int4 compares into select, float3 input.
    let d = scratch("vec_loop");
    let (items, n) = (8usize, 6usize);
    let a: Vec<f32> = randoms(63, items * n * 4)
        .iter()
        .map(|v| (*v % 41) as f32 - 20.0)
        .collect();
    let m: Vec<i32> = randoms(64, items * n * 4)
        .iter()
        .map(|v| (*v % 11) as i32 - 5)
        .collect();
    let b3: Vec<f32> = randoms(65, items * 4)
        .iter()
        .map(|v| (*v % 19) as f32 - 9.0)
        .collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("m.npy"), &m);
    save(&d.join("b3.npy"), &b3);
    save(&d.join("out4.npy"), &vec![0f32; items * 4]);
    co_simulate_against_pocl(
        "vec_loop",
        &[items as u64],
        &[4],
        &[
            A::Buf("a", d.join("a.npy")),
            A::Buf("m", d.join("m.npy")),
            A::Buf("b3", d.join("b3.npy")),
            A::Buf("out4", d.join("out4.npy")),
            A::Int("n", n as i64),
        ],
        &["--mem-latency", "random:6"],
        &d,
    );
}

#[test]
fn integer_builtins_match_pocl() {
    let d = scratch("int_builtins");
    let n = 256;
    let mut a: Vec<i32> = randoms(91, n).iter().map(|v| *v as i32).collect();
    let mut b: Vec<i32> = randoms(92, n).iter().map(|v| (*v >> 7) as i32).collect();
    // The edges: zero, all ones, the extremes, rotations by 0, 31, 33.
    a[..8].copy_from_slice(&[0, -1, i32::MAX, i32::MIN, 1, -2, 5, 0]);
    b[..8].copy_from_slice(&[0, 1, i32::MAX, i32::MIN, -1, 31, 33, 7]);
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &b);
    save(&d.join("o.npy"), &vec![0i32; 12 * n]);
    save(&d.join("u.npy"), &vec![0u32; 6 * n]);
    save(&d.join("l.npy"), &vec![0i64; n]);
    co_simulate_against_pocl(
        "int_builtins",
        &[n as u64],
        &[64],
        &[
            A::Buf("a", d.join("a.npy")),
            A::Buf("b", d.join("b.npy")),
            A::Buf("o", d.join("o.npy")),
            A::Buf("u", d.join("u.npy")),
            A::Buf("l", d.join("l.npy")),
        ],
        &[],
        &d,
    );
}

/// Corpus kernels whose constructs reach hardware co-simulated, RTL = model bit for bit and
/// model = pocl bit for bit: conversions with explicit rounding and saturation (each kernel
/// of tests/corpus/rounding_modes.cl but the double one), an initialised private array
/// written later, a `local` pointer argument, pointers chosen at run time between two
/// buffers, vloadn/vstoren and the half forms, arithmetic narrowed to the bits read.
#[test]
fn new_corpus_constructs_cosimulate() {
    let kernels = "float_to_int_modes,float_to_int_sat,int_to_float_modes,uint_to_float_modes,int_sat,vector_modes,init_then_write,local_scratch,select_buffers,pointer_from_branches,vloads,int_vloads,narrowed_arith";
    let out = Command::new(tool("python3"))
        .arg(root().join("tests/corpus.py"))
        .args([
            "--hls-build",
            env!("CARGO_BIN_EXE_hls-build"),
            "--rtl",
            "--only",
            kernels,
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("13 kernels; 13 agree with pocl"), "{text}");
    // The narrowing pass made the product 16 bits wide (every reader truncates it to 16).
    let d = scratch("narrow");
    let c = run(&[
        "compile",
        root().join("tests/corpus/narrowing.cl").to_str().unwrap(),
        "-o",
        d.join("out").to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    let ir = std::fs::read_to_string(d.join("out/ir.txt")).unwrap();
    assert!(ir.contains("Int(Mul) i16"), "{ir}");
    assert!(!ir.contains("Int(Mul) i32"), "{ir}");
}
