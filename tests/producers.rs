//! SPIR-V as other people's flags make it (issue 32): clang-15's defaults at every
//! optimisation level, the constructs they produce, `mad`'s rounding, and kernels whose
//! parameters have no names.

mod common;

use common::*;
use std::process::Command;

/// Runs a project script (`bench/…py`, `tests/…py`) with this build of hls-build and the
/// given arguments; its standard output, after asserting it succeeded.
fn script(path: &str, args: &[&str]) -> String {
    let mut all = vec!["--hls-build", env!("CARGO_BIN_EXE_hls-build")];
    all.extend_from_slice(args);
    python_script(path, &all)
}

/// `src` compiled as clang's defaults at -O2 make it (parameter names discarded, FP
/// contraction on) and translated by llvm-spirv-15, into `dir`.
fn default_flags_spirv(src: &std::path::Path, dir: &std::path::Path) -> std::path::PathBuf {
    let (bc, spv) = (dir.join("k.bc"), dir.join("k.spv"));
    let clang = Command::new("clang-15")
        .args([
            "-cl-std=CL2.0",
            "-target",
            "spir64",
            "-Xclang",
            "-finclude-default-header",
        ])
        .args(["-O2", "-c", "-emit-llvm"])
        .arg(src)
        .arg("-o")
        .arg(&bc)
        .status()
        .unwrap();
    assert!(clang.success());
    let tr = Command::new("llvm-spirv-15")
        .arg("--spirv-ext=+all")
        .arg(&bc)
        .arg("-o")
        .arg(&spv)
        .status()
        .unwrap();
    assert!(tr.success());
    spv
}

/// What clang makes of the same source at each level must run in the model and agree with
/// pocl: a sample of at least 20 corpus kernels spread over every file, at -O0..-O3, -Os,
/// -O2 with -cl-fast-relaxed-math and -cl-mad-enable, and -O0/-O2 with -g (line tables and
/// debug instructions), bench/opt_matrix.py running all of them.
#[test]
fn default_flag_matrix_sample_agrees_with_pocl() {
    let text = script("bench/opt_matrix.py", &["--sample", "24"]);
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(" kernels: ")).collect();
    assert_eq!(rows.len(), 9, "{text}");
    for row in rows {
        assert!(
            row.contains("24 kernels:") && row.contains(" 0 differ or fail"),
            "{row}"
        );
    }
}

/// Each construct the defaults produce (tests/corpus/producers.cl: a memset of a private
/// array, structs through casts and whole copies, the translator's global memset, an
/// undefined lane, an undefined phi input) co-simulates and matches pocl at -O0 and -O2.
#[test]
fn default_flag_constructs_cosimulate_at_o0_and_o2() {
    for flags in ["-O0", "-O2"] {
        let cflags = format!("--cflags={flags}");
        let text = script(
            "tests/corpus.py",
            &["--rtl", &cflags, "--only", "producers"],
        );
        assert!(
            text.contains("8 kernels; 8 agree with pocl"),
            "{flags}: {text}"
        );
    }
}

/// The translator's byte-wise memset of a float buffer becomes one 32-bit store per element
/// in the IR, not four byte stores (the model runs the byte loop; co-simulation above
/// checks the two agree).
#[test]
fn global_memset_is_element_wide() {
    let d = scratch("memset");
    let spv = default_flags_spirv(&root().join("tests/corpus/producers.cl"), &d);
    let out = d.join("out");
    let c = run(&[
        "compile",
        spv.to_str().unwrap(),
        "--kernel",
        "zero_buffer",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    let ir = std::fs::read_to_string(out.join("ir.txt")).unwrap();
    let stores: Vec<&str> = ir.lines().filter(|l| l.contains("= Store(")).collect();
    assert_eq!(stores.len(), 1, "{ir}");
    assert!(stores[0].contains(" f32 "), "{ir}");
}

/// `mad` rounds once by default (an fma), twice with `--mad unfused`, in the model and the
/// RTL alike. 1+2^-12 squared is 1+2^-11+2^-24, whose last bit the unfused product rounds
/// away.
#[test]
fn mad_rounds_once_unless_asked_to_round_twice() {
    let d = scratch("mad");
    let cl = d.join("mad.cl");
    std::fs::write(
        &cl,
        "kernel void m(global const float *a, global const float *b, global const float *c, global float *out) {\n\
         size_t i = get_global_id(0);\n    out[i] = mad(a[i], b[i], c[i]);\n}\n",
    )
    .unwrap();
    let x = 1.0f32 + 2f32.powi(-12);
    let n = 16;
    save(&d.join("a.npy"), &vec![x; n]);
    save(&d.join("b.npy"), &vec![x; n]);
    save(&d.join("c.npy"), &vec![-(1.0f32 + 2f32.powi(-11)); n]);
    for (mode, want) in [("fused", 2f32.powi(-24)), ("unfused", 0.0f32)] {
        let dump = d.join(mode);
        let r = run(&[
            "sim",
            cl.to_str().unwrap(),
            "--global",
            "16",
            "--engine",
            "both",
            "--mad",
            mode,
            "--arg",
            &format!("a=@{}", d.join("a.npy").display()),
            "--arg",
            &format!("b=@{}", d.join("b.npy").display()),
            "--arg",
            &format!("c=@{}", d.join("c.npy").display()),
            "--arg",
            "out=zeros:16",
            "--dump-dir",
            dump.to_str().unwrap(),
        ]);
        assert_eq!(r.code, 0, "{mode}: {}{}", r.stdout, r.stderr);
        assert!(r.stdout.contains("PASS"), "{mode}: {}", r.stdout);
        let got: Vec<f32> = load(&dump.join("out.npy"));
        assert!(
            got.iter().all(|v| *v == want),
            "{mode}: {got:?}, want {want}"
        );
    }
}

/// Parameters without OpName (clang's default discards value names): compile and sim say
/// once that the arguments are positional, and sim takes `--arg 0=…` as well as `arg0=…`.
#[test]
fn unnamed_parameters_are_positional() {
    let d = scratch("unnamed");
    let cl = d.join("k.cl");
    std::fs::write(
        &cl,
        "kernel void k(global int *out, int n) { out[get_global_id(0)] = n * 2; }\n",
    )
    .unwrap();
    let spv = default_flags_spirv(&cl, &d);
    let out = d.join("out");
    let c = run(&[
        "compile",
        spv.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    assert_eq!(c.stdout.matches("positional").count(), 1, "{}", c.stdout);
    assert!(!c.stderr.contains("positional"), "{}", c.stderr);
    let report = std::fs::read_to_string(out.join("report.json")).unwrap();
    assert!(report.contains("\"positional_args\": true"), "{report}");
    let dump = d.join("dump");
    let s = run(&[
        "sim",
        spv.to_str().unwrap(),
        "--global",
        "8",
        "--engine",
        "both",
        "--arg",
        "0=zeros:8",
        "--arg",
        "arg1=21",
        "--dump-dir",
        dump.to_str().unwrap(),
    ]);
    assert_eq!(s.code, 0, "{}{}", s.stdout, s.stderr);
    assert_eq!(s.stderr.matches("positional").count(), 1, "{}", s.stderr);
    let got: Vec<i32> = load(&dump.join("arg0.npy"));
    assert_eq!(got, vec![42; 8]);
    // A position past the end is a usage error that lists what there is.
    let bad = run(&[
        "sim",
        spv.to_str().unwrap(),
        "--global",
        "8",
        "--arg",
        "2=1",
    ]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert!(bad.stderr.contains("0 to 1"), "{}", bad.stderr);
}

/// SPIR 1.2 modules (tests/spir12: spir and spir64, mangled built-ins, a loop, vload4 and
/// vstore4, 1.2 atomics) go in as bitcode and co-simulate against numpy references.
#[test]
fn spir_1_2_bitcode_cosimulates() {
    let text = script("tests/spir12.py", &[]);
    assert!(
        text.contains("5 SPIR 1.2 kernels; 5 co-simulate and match"),
        "{text}"
    );
}

/// Built-ins that arrive as calls to imported, mangled functions (`_Z6rotateii`,
/// `_Z3maxjj`) become the OpenCL.std instructions they name, with the unsigned form chosen
/// by the mangling, in the model and the RTL alike.
#[test]
fn mangled_builtin_imports_are_resolved() {
    let d = scratch("mangled");
    let asm =
        std::fs::read_to_string(root().join("tests/fixtures/mangled_imports.spvasm")).unwrap();
    let spv = assemble(&asm, &d, "m");
    let a: Vec<i32> = randoms(3, 32).iter().map(|r| *r as i32).collect();
    save(&d.join("a.npy"), &a);
    let dump = d.join("dump");
    let r = run(&[
        "sim",
        spv.to_str().unwrap(),
        "--global",
        "32",
        "--engine",
        "both",
        "--arg",
        &format!("a=@{}", d.join("a.npy").display()),
        "--arg",
        "out=zeros:32",
        "--dump-dir",
        dump.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("PASS"), "{}", r.stdout);
    // SPIR-V integers carry no sign: the dump is int32.
    let got: Vec<u32> = load::<i32>(&dump.join("out.npy"))
        .iter()
        .map(|x| *x as u32)
        .collect();
    let want: Vec<u32> = a
        .iter()
        .map(|x| (*x as u32).rotate_left(5).max(1000))
        .collect();
    assert_eq!(got, want);
}

/// Vulkan compute written in GLSL (tests/vulkan/*.comp, compiled by glslangValidator inside
/// hls-build): storage buffers, push constants, a uniform block, loops with reductions,
/// GLSL.std.450, vec4 buffers, 2-D built-ins, specialization constants, atomics and shared
/// memory co-simulate and match numpy, the two with barrier() included.
#[test]
fn glsl_compute_shaders_cosimulate_and_match_numpy() {
    let text = script("tests/vulkan.py", &[]);
    assert!(
        text.contains("14 GLSL compute shaders; 14 match numpy, 14 of them co-simulated"),
        "{text}"
    );
}

/// clspv's Vulkan output for corpus files (through the pyclspv wheel) runs in the model
/// and agrees with pocl: reflection names, push-constant PODs, `__local` arguments sized at
/// launch, a work-group size and work_dim read at launch, constant tables, several kernels
/// sharing bindings.
#[test]
fn clspv_output_agrees_with_pocl() {
    let files = "workitems,local_args,private_init,int_arith,atomics,barriers,control_flow,producers,vector_memory,conversions,math_float";
    let text = script("tests/corpus.py", &["--clspv", "--only", files]);
    assert!(text.contains(" 0 differ or fail"), "{text}");
}

/// A GLCompute module through `compile`: the interface names come from GLSL, buffers
/// are AXI4 masters and push constants control registers, the work-group size is LocalSize.
#[test]
fn glsl_interface_is_buffers_and_registers() {
    let d = scratch("glsl-interface");
    let out = d.join("out");
    let r = run(&[
        "compile",
        root().join("tests/vulkan/saxpy.comp").to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let json = |f: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(out.join(f)).unwrap()).unwrap()
    };
    let iface = json("interface.json");
    let args: Vec<(String, bool)> = iface["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["name"].as_str().unwrap().to_string(),
                a["buffer"].as_bool().unwrap(),
            )
        })
        .collect();
    let want = [("x", true), ("y", true), ("a", false), ("n", false)];
    assert_eq!(args, want.map(|(n, b)| (n.to_string(), b)));
    // x is readonly in GLSL: its master never writes.
    assert_eq!(iface["masters"][0]["write"], false);
    assert_eq!(
        json("report.json")["attributes"]["reqd_work_group_size"],
        serde_json::json!([16, 1, 1])
    );
    assert!(
        r.stdout.contains("arguments from the Vulkan interface: x = set 0 binding 0, y = set 0 binding 1, a = push constant, byte 0, n = push constant, byte 4"),
        "{}",
        r.stdout
    );
}
