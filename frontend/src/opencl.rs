//! OpenCL C, and SPIR 1.2 LLVM modules, to SPIR-V through the real toolchain: clang-15,
//! llvm-as-15/llvm-dis-15 and llvm-spirv-15. GLSL compute shaders through glslang.

use crate::FrontendError;
use std::path::Path;
use std::process::Command;

const INSTALL_HINT: &str = "install it with: apt-get install -y clang-15 llvm-15 llvm-spirv-15";

/// Compiles an OpenCL C file to SPIR-V bytes. Temporary files live in a private directory
/// removed afterwards; nothing is written next to the source.
pub fn compile_opencl(source: &Path) -> Result<Vec<u8>, FrontendError> {
    compile_opencl_with(source, &[], &[])
}

/// As `compile_opencl`, with preprocessor macros (`NAME` or `NAME=VALUE`, clang's `-D`):
/// how a design-space sweep sets an unroll factor or a SIMD width in the source.
pub fn compile_opencl_with(
    source: &Path,
    defines: &[String],
    options: &[String],
) -> Result<Vec<u8>, FrontendError> {
    let dir = scratch_dir()?;
    let result = compile_in(source, defines, options, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A SPIR 1.2 module (LLVM bitcode `.bc` or text `.ll` for the `spir`/`spir64` targets:
/// `spir_kernel` functions, built-ins as calls to Itanium-mangled names) to SPIR-V bytes.
/// llvm-spirv-15 reads it as it reads clang's output; a module for another target is
/// refused here, naming its triple.
pub fn translate_llvm(source: &Path) -> Result<Vec<u8>, FrontendError> {
    let dir = scratch_dir()?;
    let result = translate_in(source, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn translate_in(source: &Path, dir: &Path) -> Result<Vec<u8>, FrontendError> {
    let ll = dir.join("module.ll");
    if source.extension().is_some_and(|e| e == "ll") {
        std::fs::copy(source, &ll)?;
    } else {
        run(
            Command::new("llvm-dis-15").arg(source).arg("-o").arg(&ll),
            "llvm-dis-15",
        )?;
    }
    let text = std::fs::read_to_string(&ll)?;
    let triple = text
        .lines()
        .find_map(|l| l.strip_prefix("target triple = \""))
        .map(|t| t.trim_end_matches('"'))
        .unwrap_or("");
    let arch = triple.split('-').next().unwrap_or("");
    if arch != "spir" && arch != "spir64" {
        return Err(FrontendError::Invalid {
            rule: "SPIR 1.2 §3.1 LLVM Triple".into(),
            inst: format!("target triple = \"{triple}\""),
            message: "a SPIR module is compiled for spir-unknown-unknown or \
                      spir64-unknown-unknown (clang -target spir64)"
                .into(),
        });
    }
    std::fs::write(&ll, unfreeze(&text))?;
    to_spirv(&ll, dir)
}

/// A fresh private directory for one translation, removed by the caller: nothing is
/// written next to the source.
fn scratch_dir() -> Result<std::path::PathBuf, FrontendError> {
    let dir = std::env::temp_dir().join(format!(
        "hls-build-cl-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// An LLVM text module (already checked and unfrozen) through llvm-as-15 and llvm-spirv-15.
fn to_spirv(ll: &Path, dir: &Path) -> Result<Vec<u8>, FrontendError> {
    let bc = dir.join("kernel.bc");
    let spv = dir.join("kernel.spv");
    run(
        Command::new("llvm-as-15").arg(ll).arg("-o").arg(&bc),
        "llvm-as-15",
    )?;
    run(
        // The kernel_arg_type strings (clang -cl-kernel-arg-info) as OpString: the element
        // types of buffers, with their signedness, for typed outputs.
        Command::new("llvm-spirv-15")
            .arg("--spirv-ext=+all")
            .arg("--preserve-ocl-kernel-arg-type-metadata-through-string")
            .arg(&bc)
            .arg("-o")
            .arg(&spv),
        "llvm-spirv-15",
    )?;
    Ok(std::fs::read(&spv)?)
}

/// A GLSL compute shader (`.comp`) to Vulkan SPIR-V with glslang, as a user would:
/// `glslangValidator -V --target-env vulkan1.1`, with `-DNAME[=VALUE]` for each define.
pub fn compile_glsl(source: &Path, defines: &[String]) -> Result<Vec<u8>, FrontendError> {
    let dir = scratch_dir()?;
    let spv = dir.join("shader.spv");
    let result = run(
        Command::new("glslangValidator")
            .args(["-V", "--target-env", "vulkan1.1"])
            .args(defines.iter().map(|d| format!("-D{d}")))
            .arg(source)
            .arg("-o")
            .arg(&spv),
        "glslangValidator",
    )
    .and_then(|_| Ok(std::fs::read(&spv)?));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn run(cmd: &mut Command, tool: &str) -> Result<(), FrontendError> {
    let hint = if tool == "glslangValidator" {
        "install it with: apt-get install -y glslang-tools"
    } else {
        INSTALL_HINT
    };
    let out = cmd.output().map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            FrontendError::Toolchain(format!("{tool} not found on PATH; {hint}"))
        } else {
            FrontendError::Toolchain(format!("cannot run {tool}: {e}"))
        }
    })?;
    if !out.status.success() {
        // The tool's own diagnostic, without the crash dump some of them append.
        let stderr = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = stderr
            .lines()
            .take_while(|l| !l.starts_with("PLEASE submit") && !l.starts_with("Stack dump"))
            .take(20)
            .collect();
        if let Some(e) = clang_error(tool, &lines) {
            return Err(e);
        }
        return Err(FrontendError::Toolchain(format!(
            "{tool} failed:\n{}",
            lines.join("\n").trim_end()
        )));
    }
    Ok(())
}

/// clang's first error as a positioned diagnostic (`file:line:col: error: message`), with
/// the number of further errors; the snippet is shown by whoever prints it.
fn clang_error(tool: &str, lines: &[&str]) -> Option<FrontendError> {
    let errors: Vec<(ir::SourcePos, &str)> = lines
        .iter()
        .filter_map(|l| {
            let (head, message) = l
                .split_once(": error: ")
                .or_else(|| l.split_once(": fatal error: "))?;
            let mut parts = head.rsplitn(3, ':');
            let col = parts.next()?.parse().ok()?;
            let line = parts.next()?.parse().ok()?;
            let path = parts.next()?.to_string();
            Some((ir::SourcePos { path, line, col }, message))
        })
        .collect();
    let (pos, message) = errors.first()?.clone();
    let more = match errors.len() - 1 {
        0 => String::new(),
        1 => " (and 1 more error)".to_string(),
        n => format!(" (and {n} more errors)"),
    };
    Some(FrontendError::At {
        pos,
        error: Box::new(FrontendError::Toolchain(format!(
            "{message} [{tool}]{more}"
        ))),
    })
}

/// The OpenCL C build options (clBuildProgram's) a user may pass for the math: clang takes
/// them as they are and marks the instructions they relax (FPFastMathMode).
pub const CL_MATH_OPTIONS: [&str; 5] = [
    "-cl-fast-relaxed-math",
    "-cl-unsafe-math-optimizations",
    "-cl-finite-math-only",
    "-cl-no-signed-zeros",
    "-cl-mad-enable",
];

fn compile_in(
    source: &Path,
    defines: &[String],
    options: &[String],
    dir: &Path,
) -> Result<Vec<u8>, FrontendError> {
    let ll = dir.join("kernel.ll");
    // -ffp-contract=off: a*b+c stays a multiply and an add (each correctly rounded) rather
    // than becoming an OpenCL.std mad, whose rounding the spec leaves open.
    // Vectorizers off: llvm-spirv-15 rejects the vector-reduce intrinsics they emit.
    run(
        Command::new("clang-15")
            .args([
                "-cl-std=CL2.0",
                "-target",
                "spir64",
                "-O2",
                "-fno-vectorize",
                "-fno-slp-vectorize",
            ])
            // Line tables only: every instruction gets an OpLine (its source position for
            // reports and diagnostics); code generation is the same as without them.
            .args([
                "-ffp-contract=off",
                "-fno-discard-value-names",
                "-gline-tables-only",
                "-cl-kernel-arg-info",
                "-Xclang",
                "-finclude-default-header",
            ])
            .args(defines.iter().map(|d| format!("-D{d}")))
            .args(options)
            .args(["-emit-llvm", "-S"])
            .arg(source)
            .arg("-o")
            .arg(&ll),
        "clang-15",
    )?;
    let text = std::fs::read_to_string(&ll)?;
    std::fs::write(&ll, unfreeze(&text))?;
    to_spirv(&ll, dir)
}

/// LLVM's `freeze` (clang -O2 emits it, e.g. when it pairs `x / 10` with `x % 10`) has no
/// SPIR-V translation in llvm-spirv-15, which aborts on it. Freezing only changes a poison
/// value, which a well-defined OpenCL program never computes, so each freeze becomes a
/// bitcast of the value to its own type.
fn unfreeze(ll: &str) -> String {
    let mut out = String::with_capacity(ll.len());
    for line in ll.lines() {
        let rewritten = line.split_once(" = freeze ").and_then(|(lhs, rest)| {
            let (ty, val) = rest.rsplit_once(' ')?;
            val.starts_with('%')
                .then(|| format!("{lhs} = bitcast {ty} {val} to {ty}"))
        });
        out.push_str(rewritten.as_deref().unwrap_or(line));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn freeze_becomes_a_bitcast_to_the_same_type() {
        let ll = "  %x.frozen = freeze i32 %x\n  %v = freeze <4 x i32> %w\n  %y = add i32 %x, 1\n";
        assert_eq!(
            super::unfreeze(ll),
            "  %x.frozen = bitcast i32 %x to i32\n  %v = bitcast <4 x i32> %w to <4 x i32>\n  %y = add i32 %x, 1\n"
        );
    }
}
