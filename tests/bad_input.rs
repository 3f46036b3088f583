//! Bad input: exit 2 and a diagnostic that names the file, the instruction and the rule;
//! corrupted modules never panic.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// OpenCL C to SPIR-V with the translator directly (as a user with their own flow would).
fn translate(cl: &Path, dir: &Path) -> PathBuf {
    let (bc, spv) = (dir.join("k.bc"), dir.join("k.spv"));
    let st = Command::new("clang-15")
        .args([
            "-cl-std=CL2.0",
            "-target",
            "spir64",
            "-O2",
            "-fno-discard-value-names",
            "-Xclang",
            "-finclude-default-header",
            "-emit-llvm",
            "-c",
        ])
        .arg(cl)
        .arg("-o")
        .arg(&bc)
        .status()
        .unwrap();
    assert!(st.success());
    assert!(Command::new("llvm-spirv-15")
        .arg(&bc)
        .arg("-o")
        .arg(&spv)
        .status()
        .unwrap()
        .success());
    spv
}

#[test]
fn bad_inputs_get_exit_2_and_a_diagnostic() {
    let d = scratch("bad");
    // A real module, then truncated.
    let spv = translate(&root().join("examples/vadd.cl"), &d);
    let bytes = std::fs::read(&spv).unwrap();
    std::fs::write(d.join("truncated.spv"), &bytes[..bytes.len() / 2]).unwrap();
    bad_input(
        &[
            "compile",
            d.join("truncated.spv").to_str().unwrap(),
            "-o",
            d.join("o1").to_str().unwrap(),
        ],
        "truncated.spv",
    );
    std::fs::write(d.join("text.spv"), b"this is not a SPIR-V module at all").unwrap();
    bad_input(
        &["compile", d.join("text.spv").to_str().unwrap()],
        "not a SPIR-V module",
    );
    // A Vulkan compute shader that breaks a Vulkan rule: no work-group size at all.
    let asm = "OpCapability Shader\n%1 = OpExtInstImport \"GLSL.std.450\"\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%main = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n";
    std::fs::write(d.join("glc.spvasm"), asm).unwrap();
    let st = Command::new("spirv-as")
        .arg(d.join("glc.spvasm"))
        .arg("-o")
        .arg(d.join("glc.spv"))
        .status()
        .unwrap();
    assert!(st.success());
    bad_input(
        &[
            "compile",
            d.join("glc.spv").to_str().unwrap(),
            "-o",
            d.join("o1").to_str().unwrap(),
        ],
        "VUID-StandaloneSpirv-LocalSize-06426",
    );
    bad_input(
        &[
            "compile",
            spv.to_str().unwrap(),
            "--kernel",
            "nosuch",
            "-o",
            d.join("o2").to_str().unwrap(),
        ],
        "no kernel named 'nosuch'",
    );
    // Wrong dtype and wrong length for a buffer.
    save(&d.join("ints.npy"), &vec![1i32; 4096]);
    save(&d.join("short.npy"), &vec![1f32; 100]);
    save(&d.join("ok.npy"), &vec![1f32; 4096]);
    let vadd = root().join("examples/vadd.cl");
    let ok = format!("b=@{}", d.join("ok.npy").display());
    bad_input(
        &[
            "sim",
            vadd.to_str().unwrap(),
            "--global",
            "4096",
            "--arg",
            &format!("a=@{}", d.join("ints.npy").display()),
            "--arg",
            &ok,
            "--arg",
            "c=zeros:4096",
        ],
        "dtype",
    );
    bad_input(
        &[
            "sim",
            vadd.to_str().unwrap(),
            "--global",
            "4096",
            "--arg",
            &format!("a=@{}", d.join("short.npy").display()),
            "--arg",
            &ok,
            "--arg",
            "c=zeros:4096",
        ],
        "too short",
    );
    bad_input(
        &[
            "sim",
            vadd.to_str().unwrap(),
            "--global",
            "4096",
            "--arg",
            &ok,
            "--arg",
            "c=zeros:4096",
        ],
        "missing --arg a",
    );
    // OpenCL build options: only those of the math, and only for OpenCL C.
    bad_input(
        &["compile", vadd.to_str().unwrap(), "--cl-option", "-O0"],
        "not an OpenCL build option of the math",
    );
    let spv = translate(&vadd, &d);
    bad_input(
        &[
            "compile",
            spv.to_str().unwrap(),
            "--cl-option",
            "-cl-fast-relaxed-math",
        ],
        "only an OpenCL C (.cl) source is compiled here",
    );
    // Nothing half-written on failure.
    assert!(!d.join("o1").exists() && !d.join("o2").exists());
}

#[test]
fn board_files_are_checked() {
    let d = scratch("board");
    std::fs::write(d.join("b.yaml"), "name: x\nclock_mhz: fast\n").unwrap();
    bad_input(
        &[
            "compile",
            root().join("examples/vadd.cl").to_str().unwrap(),
            "--board",
            d.join("b.yaml").to_str().unwrap(),
        ],
        "b.yaml",
    );
}

#[test]
fn corrupted_modules_never_panic() {
    // Byte flips and truncations of real translator output: every one is either compiled
    // or rejected with exit 2 and a diagnostic, never a crash.
    let d = scratch("corrupt");
    let spv = translate(&root().join("tests/kernels/running_sum.cl"), &d);
    let base = std::fs::read(&spv).unwrap();
    let noise = randoms(99, 4 * 250);
    for (i, r) in noise.chunks(4).enumerate() {
        let mut b = base.clone();
        for k in 0..(1 + r[0] % 4) as usize {
            let pos = 20 + (r[1 + k % 3] as usize >> 8) % (b.len() - 20);
            b[pos] = (r[1 + k % 3] >> (8 * k)) as u8;
        }
        if r[0] % 5 == 0 {
            b.truncate(20 + (r[3] as usize) % (b.len() - 20));
        }
        let m = d.join("m.spv");
        std::fs::write(&m, &b).unwrap();
        let out = run(&[
            "compile",
            m.to_str().unwrap(),
            "-o",
            d.join("o").to_str().unwrap(),
        ]);
        assert!(
            out.code == 0 || out.code == 2,
            "mutant {i}: exit {}\n{}",
            out.code,
            out.stderr
        );
        assert!(
            !out.stderr.contains("panicked"),
            "mutant {i}:\n{}",
            out.stderr
        );
    }
}

/// Inputs that once crashed the frontend, and every fixture cut in half, exit cleanly (0
/// or 2, never a panic). The invalid modules, each with its whole diagnostic, are errors
/// filetests (tests/filetests/errors).
#[test]
fn fuzzer_finds_and_cut_modules_exit_cleanly() {
    let d = scratch("invalid-fixtures");
    // Inputs that once crashed the frontend under cargo-fuzz (scripts/fuzz.sh): a clear
    // exit, never a panic.
    for entry in std::fs::read_dir(root().join("tests/fixtures/fuzz")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("spv") {
            continue;
        }
        let file = path.to_str().unwrap();
        let out = d.join("fuzz-out");
        let first = run(&["compile", file, "-o", out.to_str().unwrap()]);
        // A module with several kernels: each of them, as the fuzzer lowered them all.
        let kernels: Vec<String> = first
            .stderr
            .split_once("several kernels (")
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(names, _)| names.split(", ").map(str::to_string).collect())
            .unwrap_or_default();
        let mut runs = vec![first];
        for k in &kernels {
            runs.push(run(&[
                "compile",
                file,
                "--kernel",
                k,
                "-o",
                out.to_str().unwrap(),
            ]));
        }
        for r in runs {
            assert!(
                r.code == 0 || r.code == 2,
                "{file}: exit {}\n{}",
                r.code,
                r.stderr
            );
            assert!(!r.stderr.contains("panicked"), "{file}: {}", r.stderr);
        }
    }
    for entry in std::fs::read_dir(root().join("tests/fixtures")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("spvasm") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let spv = assemble(&std::fs::read_to_string(&path).unwrap(), &d, &name);
        let bytes = std::fs::read(&spv).unwrap();
        let cut = d.join(format!("{name}-cut.spv"));
        // Half the words: a whole number of words, so the instruction stream itself is cut
        // (inside an instruction, or between two with the functions missing).
        std::fs::write(&cut, &bytes[..bytes.len() / 8 * 4]).unwrap();
        bad_input(&["compile", cut.to_str().unwrap()], "malformed SPIR-V");
    }
}

/// Malformed or contradictory memory decorations are the user's to fix: exit 2, naming the
/// variable and the rule.
#[test]
fn bad_memory_decorations_get_exit_2() {
    let d = scratch("baddeco");
    let cases = [
        ("{numbanks:3}", "not a power of two"),
        ("{numbanks:4}{bank_bits:3}", "bank_bits"),
        ("{bankwidth:2}", "smaller than one 4-byte element"),
        ("{register:1}{numbanks:2}", "contradicts"),
        ("{max_replicates:0}", "max_replicates 0"),
    ];
    for (i, (attr, expect)) in cases.iter().enumerate() {
        let src = d.join(format!("k{i}.cl"));
        std::fs::write(
            &src,
            format!(
                "kernel void k(global const float *in, global float *out, int n) {{\n\
                 float buf[64] __attribute__((annotate(\"{attr}\")));\n\
                 for (int i = 0; i < n; i++) buf[i] = in[i] + 1.0f;\n\
                 for (int i = 0; i < n; i++) out[i] = buf[n - 1 - i];\n}}\n"
            ),
        )
        .unwrap();
        let r = run(&[
            "compile",
            src.to_str().unwrap(),
            "-o",
            d.join("out").to_str().unwrap(),
        ]);
        assert_eq!(r.code, 2, "{attr}: {}{}", r.stdout, r.stderr);
        assert!(
            r.stderr.contains(expect) && r.stderr.contains("buf"),
            "{attr}: {}",
            r.stderr
        );
    }
}
