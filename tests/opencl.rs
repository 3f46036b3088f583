//! OpenCL C coverage: the corpus against pocl, integer built-ins, vectors, conversions,
//! arbitrary-precision integers.

mod common;

use common::*;

/// The OpenCL C corpus (tests/corpus, over 60 kernels: integer widths, floats, vectors,
/// conversions, built-ins, control flow, address spaces, atomics, work-item functions)
/// through the frontend and the software model, each compared with pocl on the same inputs
/// (integers bit for bit, floats within each file's stated ulp; tests/corpus.py).
#[test]
fn opencl_c_corpus_model_agrees_with_pocl() {
    let text = python_script(
        "tests/corpus.py",
        &["--hls-build", env!("CARGO_BIN_EXE_hls-build")],
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
    let text = python_script(
        "tests/corpus.py",
        &[
            "--hls-build",
            env!("CARGO_BIN_EXE_hls-build"),
            "--rtl",
            "--only",
            kernels,
        ],
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

/// Terms spread over 2^-6..2^6 with both signs, so that the order of a sum shows in its
/// last bits.
fn spread(seed: u64, n: usize) -> Vec<f32> {
    randoms(seed, n)
        .iter()
        .map(|u| {
            let m = 1.0 + (u >> 40) as f32 / (1u64 << 24) as f32;
            let e = ((u >> 8) % 13) as i32 - 6;
            if u & 1 == 1 {
                -m * 2f32.powi(e)
            } else {
                m * 2f32.powi(e)
            }
        })
        .collect()
}

/// The reassociated sum as the lanes compute it: iteration i adds into lane i mod L
/// (each lane from −0.0, in order), and after the loop the lanes are added pairwise in
/// the order the iterations last touched them (the oldest first), then the initial value.
fn lanes_sum(init: f32, terms: &[f32], lanes: usize) -> f32 {
    let mut lane = vec![-0.0f32; lanes];
    for (i, t) in terms.iter().enumerate() {
        lane[i % lanes] += t;
    }
    let n = terms.len();
    let mut level: Vec<f32> = (0..lanes).map(|k| lane[(n + k) % lanes]).collect();
    while level.len() > 1 {
        level = level.chunks(2).map(|p| p.iter().sum()).collect();
    }
    init + level[0]
}

/// Float reductions split into lanes where OpenCL allows reassociation: `--cl-option
/// -cl-fast-relaxed-math` (FPFastMathMode on the adds) or `--fp-relaxed`. Each loop then
/// issues every cycle (II 1 where it was the adder's latency), the report names each
/// reduction and its lanes, the RTL equals the model bit for bit under random memory
/// latency, the model equals an independent lane-by-lane sum bit for bit, and pocl's
/// sequential sums agree within the summation error bound 2·(n + L)·u·Σ|terms|; the
/// design with three reductions passes `verilator --lint-only -Wall`. Without permission
/// the sum stays sequential (bit for bit) and the report says why; a value scaled each
/// iteration is never split.
#[test]
fn relaxed_reductions_issue_every_cycle_within_the_summation_bound() {
    let d = scratch("relaxed");
    let src = root().join("tests/relaxed/reductions.cl");
    let (rows, n) = (3usize, 150usize);
    let a = spread(71, rows * n);
    let x = spread(72, n);
    let ad: Vec<f64> = a.iter().map(|v| *v as f64 * 1.000_000_1).collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("x.npy"), &x);
    save(&d.join("ad.npy"), &ad);
    save(&d.join("y.npy"), &vec![0f32; 3 * rows]);
    save(&d.join("yd.npy"), &vec![0f64; rows]);
    let arg = |name: &str, file: &str| format!("{name}=@{}", d.join(file).display());
    let row = |r: usize| &a[r * n..(r + 1) * n];
    // (kernel, options, arguments, expected lanes per reduction, Σ|terms| per output)
    type Terms = Vec<f64>;
    type Case<'a> = (&'a str, &'a [&'a str], Vec<String>, Vec<u32>, Terms);
    let abs = |v: &[f32]| -> f64 { v.iter().map(|t| t.abs() as f64).sum() };
    let dot_terms: Terms = (0..rows)
        .map(|r| {
            row(r)
                .iter()
                .zip(&x)
                .map(|(p, q)| (p * q).abs() as f64)
                .sum()
        })
        .collect();
    let pos_terms: Terms = (0..rows).map(|r| 1.5 + abs(row(r))).collect();
    let mom_terms: Terms = (0..rows)
        .flat_map(|r| {
            let sq: f64 = row(r).iter().map(|v| (v * v) as f64).sum();
            [abs(row(r)), sq, abs(row(r))]
        })
        .collect();
    // One work-item at a time: interleaved, the work-items would reach II 1 in order and
    // the reductions would stay in order (`nests::in_order_if_interleaved`).
    let relaxed = [
        "--cl-option",
        "-cl-fast-relaxed-math",
        "--max-interleaving",
        "1",
    ];
    let cases: Vec<Case> = vec![
        (
            "dot_rows",
            &relaxed,
            vec![arg("a", "a.npy"), arg("x", "x.npy"), arg("y", "y.npy")],
            vec![8],
            dot_terms,
        ),
        (
            "sum_positive",
            &relaxed,
            vec![arg("a", "a.npy"), arg("y", "y.npy")],
            vec![8],
            pos_terms,
        ),
        (
            "moments",
            &["--fp-relaxed", "--max-interleaving", "1"],
            vec![arg("a", "a.npy"), arg("y", "y.npy")],
            vec![8, 8, 13],
            mom_terms,
        ),
        (
            "dsum",
            &relaxed,
            vec![arg("a", "ad.npy"), arg("y", "yd.npy")],
            vec![12],
            vec![],
        ),
    ];
    let pocl_args = |k: &str| -> serde_json::Value {
        let buf = |name: &str, p: &str| serde_json::json!({"kind": "buffer", "name": name, "npy": d.join(p)});
        let n_arg = serde_json::json!({"kind": "scalar", "dtype": "int32", "value": n});
        serde_json::Value::Array(match k {
            "dot_rows" => vec![
                buf("a", "a.npy"),
                buf("x", "x.npy"),
                buf("y", "y.npy"),
                n_arg,
            ],
            "dsum" => vec![buf("a", "ad.npy"), buf("y", "yd.npy"), n_arg],
            _ => vec![buf("a", "a.npy"), buf("y", "y.npy"), n_arg],
        })
    };
    for (kernel, options, mut args, lanes, terms) in cases {
        let k = scratch(&format!("relaxed-{kernel}"));
        args.push(format!("n={n}"));
        let mut extra = vec!["--kernel", kernel, "--mem-latency", "random:7"];
        extra.extend_from_slice(options);
        let r = sim(
            &src,
            &rows.to_string(),
            &args,
            &extra,
            &k.join("out"),
            &k.join("dump"),
        );
        assert_pass(&r);
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(k.join("out/report.json")).unwrap())
                .unwrap();
        let split: Vec<u64> = report["reductions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                assert_eq!(r["split"], true, "{kernel}: {r}");
                r["lanes"].as_u64().unwrap()
            })
            .collect();
        let mut want: Vec<u64> = lanes.iter().map(|l| *l as u64).collect();
        let mut got = split.clone();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{kernel}: lanes");
        assert_eq!(
            report["loops"][0]["ii"], 1,
            "{kernel}: {}",
            report["loops"][0]
        );
        if kernel == "moments" {
            let top = report["top"].as_str().unwrap();
            assert_lint_clean(&k.join("out"), top, kernel);
        }
        let theirs = pocl(&src, kernel, &[rows as u64], &[1], pocl_args(kernel), &k);
        if kernel == "dsum" {
            let ours: Vec<f64> = load(&k.join("dump/y.npy"));
            let pocl_y: Vec<f64> = load(&theirs.join("y.npy"));
            for r in 0..rows {
                let s: f64 = ad[r * n..(r + 1) * n].iter().map(|v| v.abs()).sum::<f64>() + 0.25;
                let bound = 2.0 * (n + 12) as f64 * f64::EPSILON / 2.0 * s;
                assert!(
                    (ours[r] - pocl_y[r]).abs() <= bound,
                    "dsum row {r}: {} vs {}",
                    ours[r],
                    pocl_y[r]
                );
            }
            continue;
        }
        let ours: Vec<f32> = load(&k.join("dump/y.npy"));
        let pocl_y: Vec<f32> = load(&theirs.join("y.npy"));
        for (i, s) in terms.iter().enumerate() {
            let bound = 2.0 * (n + 13) as f64 * (f32::EPSILON as f64 / 2.0) * s;
            let diff = (ours[i] as f64 - pocl_y[i] as f64).abs();
            assert!(
                diff <= bound,
                "{kernel} output {i}: {} vs pocl {} (bound {bound})",
                ours[i],
                pocl_y[i]
            );
        }
        if kernel == "dot_rows" {
            // Bit for bit against the lanes computed here, and differing from the
            // sequential sum somewhere (the test sees the reassociation).
            let mut reordered = false;
            for r in 0..rows {
                let products: Vec<f32> = row(r).iter().zip(&x).map(|(p, q)| p * q).collect();
                let want = lanes_sum(0.0, &products, 8);
                assert_eq!(
                    ours[r].to_bits(),
                    want.to_bits(),
                    "row {r}: {} vs {want}",
                    ours[r]
                );
                let sequential = products.iter().fold(0.0f32, |s, t| s + t);
                reordered |= sequential.to_bits() != want.to_bits();
            }
            assert!(
                reordered,
                "the lanes' sums equal the sequential ones on every row"
            );
        }
    }
    // Fewer iterations than lanes: the lanes never written stay −0.0.
    let k = scratch("relaxed-short");
    let args = vec![
        arg("a", "a.npy"),
        arg("x", "x.npy"),
        arg("y", "y.npy"),
        "n=3".to_string(),
    ];
    let extra = [
        "--kernel",
        "dot_rows",
        "--fp-relaxed",
        "--max-interleaving",
        "1",
    ];
    let r = sim(&src, "1", &args, &extra, &k.join("out"), &k.join("dump"));
    assert_pass(&r);
    let ours: Vec<f32> = load(&k.join("dump/y.npy"));
    let products: Vec<f32> = a[..3].iter().zip(&x).map(|(p, q)| p * q).collect();
    let want = lanes_sum(0.0, &products, 8);
    assert_eq!(ours[0].to_bits(), want.to_bits(), "{} vs {want}", ours[0]);
    // Without permission: sequential, bit for bit, at the adder's II; the report says why.
    let k = scratch("relaxed-strict");
    let args = vec![
        arg("a", "a.npy"),
        arg("x", "x.npy"),
        arg("y", "y.npy"),
        format!("n={n}"),
    ];
    let r = sim(
        &src,
        &rows.to_string(),
        &args,
        &["--kernel", "dot_rows"],
        &k.join("out"),
        &k.join("dump"),
    );
    assert_pass(&r);
    let ours: Vec<f32> = load(&k.join("dump/y.npy"));
    for (r, got) in ours.iter().enumerate().take(rows) {
        let sequential = row(r).iter().zip(&x).fold(0.0f32, |s, (p, q)| s + p * q);
        assert_eq!(got.to_bits(), sequential.to_bits(), "row {r}");
    }
    // In order, the rows' work-items interleave in one loop at II 1 instead.
    let text = std::fs::read_to_string(k.join("out/report.txt")).unwrap();
    assert!(text.contains("work-items interleaved: II 1"), "{text}");
    assert!(
        text.contains("kept in order: the add may not be reassociated"),
        "{text}"
    );
    // A value scaled every iteration is not a reduction, whatever the options.
    let c = run(&[
        "compile",
        src.to_str().unwrap(),
        "--kernel",
        "decay",
        "--fp-relaxed",
        "-o",
        k.join("decay").to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    assert!(
        c.stdout.contains("kept in order: it is read by OpFMul"),
        "{}",
        c.stdout
    );
    // Its rows' work-items interleave instead: II 1 with the sum in order.
    assert!(
        c.stdout.contains("16 work-items interleaved: II 1"),
        "{}",
        c.stdout
    );
}

/// CI's sample of the QoR suite (`bench/qor.py`, every kernel of bench/qor/): gemm and fir,
/// as written and with --fp-relaxed, under both memory models (32-bit ports at 20 cycles,
/// 512-bit DDR ports at 100 behind the load-store units), co-simulated (RTL = model) and
/// against pocl; every loop at its MII; gemm relaxed faster than strict, fir strict (its
/// work-items interleaved) as fast as relaxed.
#[test]
fn qor_sample_cosimulates_and_agrees_with_pocl() {
    let text = python_script(
        "bench/qor.py",
        &[
            "--hls-build",
            env!("CARGO_BIN_EXE_hls-build"),
            "--only",
            "gemm,fir",
        ],
    );
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("| gemm") || l.starts_with("| fir"))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 8, "{text}");
    for r in &rows {
        assert_eq!((r[10], r[12]), ("yes", "yes"), "{text}");
    }
    for pair in rows.chunks(2) {
        let cycles = |r: &Vec<&str>| r[4].parse::<u64>().unwrap();
        assert_eq!((pair[0][3], pair[1][3]), ("strict", "relaxed"), "{text}");
        if pair[0][1] == "gemm" {
            assert!(cycles(&pair[1]) * 10 < cycles(&pair[0]) * 8, "{text}");
        } else {
            // fir's work-items interleave: in order, it is as fast as reassociated.
            assert!(cycles(&pair[0]) * 10 <= cycles(&pair[1]) * 11, "{text}");
        }
    }
}

/// The report's record of the nest around an inner loop (report.json `nests`).
fn nest_record(out: &std::path::Path) -> serde_json::Value {
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    report["nests"][0].clone()
}

/// Loop nests flattened into one pipelined loop (`--flatten`), checked in co-simulation
/// (RTL = model) and against pocl:
/// - a nest that loads and stores before its inner loop, stores after it, sums across runs
///   and skips the inner loop when it has no iteration (clang's guard) is flattened by
///   default and takes fewer cycles than as written (the inner loop no longer drains);
/// - a nest whose runs read what the run before stored is kept (flattened, its order
///   through memory makes it slower), and with `--flatten always` still computes right;
/// - a nest that loads c[i][j] before its inner loop and stores it after is flattened: the
///   dependence test across runs sees each run touch its own element;
/// - a while loop whose trip count is found as it runs, flattened, too.
#[test]
fn loop_nests_flatten_into_one_loop_and_agree_with_pocl() {
    let d = scratch("nests");
    let ints = |seed: u64, n: usize, m: u64, lo: i32| -> Vec<i32> {
        randoms(seed, n)
            .iter()
            .map(|v| (v % m) as i32 + lo)
            .collect()
    };
    save(&d.join("start.npy"), &ints(1, 12, 40, 0));
    save(&d.join("a.npy"), &ints(2, 64, 200, -100));
    save(&d.join("zeros.npy"), &[0i32; 12]);
    save(&d.join("total.npy"), &[0i32; 1]);
    let rows = |cols: i64, mode: &str| {
        let k = d.join(format!("rows-{cols}-{mode}"));
        let args = [
            A::Buf("start", d.join("start.npy")),
            A::Buf("a", d.join("a.npy")),
            A::Buf("seen", d.join("zeros.npy")),
            A::Buf("out", d.join("zeros.npy")),
            A::Buf("total", d.join("total.npy")),
            A::Int("rows", 12),
            A::Int("cols", cols),
        ];
        let r = co_simulate_against_pocl("nest_rows", &[1], &[1], &args, &["--flatten", mode], &k);
        (cycles(&r), nest_record(&k.join("out")))
    };
    let (flat, record) = rows(7, "auto");
    assert!(record["flattened"].is_string(), "{record}");
    let (written, off) = rows(7, "off");
    assert!(off.is_null(), "--flatten off records no nest: {off}");
    // Each of the 12 runs drained the inner loop's pipeline (about 70 cycles) as written.
    assert!(
        flat + 12 * 50 < written,
        "flattened {flat} cycles, as written {written}"
    );
    let (_, skipped) = rows(0, "auto");
    assert!(skipped["flattened"].is_string(), "{skipped}");

    save(&d.join("c.npy"), &ints(3, 20, 10, -5));
    let carry = |mode: &str| {
        let k = d.join(format!("carry-{mode}"));
        let args = [A::Buf("a", d.join("c.npy")), A::Int("n", 20)];
        co_simulate_against_pocl("nest_carry", &[1], &[1], &args, &["--flatten", mode], &k);
        nest_record(&k.join("out"))
    };
    let kept = carry("auto");
    assert!(kept["flattened"].is_null(), "{kept}");
    assert!(
        kept["reason"].as_str().unwrap().starts_with("kept:"),
        "{kept}"
    );
    let forced = carry("always");
    assert!(forced["flattened"].is_string(), "{forced}");

    // c[i][j] loaded before the inner loop and stored after it: each run its own element,
    // so no order is kept across runs and the nest is flattened at II 1.
    save(&d.join("ma.npy"), &ints(5, 36, 21, -10));
    save(&d.join("mb.npy"), &ints(6, 36, 21, -10));
    save(&d.join("mc.npy"), &ints(7, 36, 21, -10));
    let k = d.join("accumulate");
    let args = [
        A::Buf("a", d.join("ma.npy")),
        A::Buf("b", d.join("mb.npy")),
        A::Buf("c", d.join("mc.npy")),
        A::Int("n", 6),
    ];
    co_simulate_against_pocl("nest_accumulate", &[1], &[1], &args, &[], &k);
    assert!(nest_record(&k.join("out"))["flattened"].is_string());
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(k.join("out/report.json")).unwrap()).unwrap();
    let flat = &report["loops"][0];
    assert_eq!(flat["ii"], 1, "{flat}");
    assert_eq!(
        flat["carried_memory_dependences"],
        serde_json::json!([]),
        "{flat}"
    );

    save(&d.join("st.npy"), &ints(4, 10, 999, 1));
    save(&d.join("steps.npy"), &[0i32; 10]);
    let k = d.join("steps");
    let args = [
        A::Buf("start", d.join("st.npy")),
        A::Buf("steps", d.join("steps.npy")),
        A::Int("n", 10),
    ];
    co_simulate_against_pocl(
        "nest_steps",
        &[1],
        &[1],
        &args,
        &["--flatten", "always"],
        &k,
    );
    assert!(nest_record(&k.join("out"))["flattened"].is_string());
}
