//! Filetests: a textual input beside its expected output (`NAME.expect`), one generated
//! `#[test]` per input (build.rs). `HLS_BLESS=1 cargo test --test filetests` rewrites the
//! expectations from what the compiler does now; without it a difference fails the test
//! with a diff. The first line of an input may carry options: `; args: --kernel k` (or
//! `// args:` in OpenCL C, `# args:` in YAML).
//!
//! Kinds, one folder each under tests/filetests/:
//! - `frontend`: SPIR-V assembly (`.spvasm`) → what each IR pass did and the IR dump, the IR
//!   verifier run after every pass;
//! - `scheduler`: a scheduling problem in text (`.sched`, scheduler::text) → the bounds, the
//!   schedule found, the verifier's verdict on it and on every `check` schedule;
//! - `rtl`: a small OpenCL C kernel → its SystemVerilog top and the library sources it uses;
//! - `errors`: a bad input and the command to run on it → exit code and the diagnostic.

mod common;

use common::*;
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/filetests.rs"));

fn run_filetest(kind: &str, rel: &str) {
    let path = root().join(rel);
    let input = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let args: Vec<String> = input
        .lines()
        .next()
        .and_then(|l| {
            [";", "//", "#"]
                .iter()
                .find_map(|c| l.strip_prefix(&format!("{c} args:")))
        })
        .map(|a| a.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    let actual = match kind {
        "frontend" => frontend(&path, &input, &args),
        "scheduler" => scheduler(&input),
        "rtl" => rtl(&path, &args),
        "errors" => errors(&path, &input, &args),
        other => panic!("{rel}: no filetest kind '{other}'"),
    };
    expect(&path.with_extension("expect"), &actual);
}

/// Compares with the expectation, or writes it under HLS_BLESS=1.
fn expect(path: &Path, actual: &str) {
    expect_with(
        path,
        actual,
        std::env::var_os("HLS_BLESS").is_some_and(|v| v == "1"),
    )
}

fn expect_with(path: &Path, actual: &str, bless: bool) {
    if bless {
        std::fs::write(path, actual).unwrap();
        return;
    }
    let want = std::fs::read_to_string(path).unwrap_or_else(|_| {
        panic!(
            "{} is missing: `HLS_BLESS=1 cargo test --release --test filetests` writes it",
            path.display()
        )
    });
    if want != actual {
        let diff = similar::TextDiff::from_lines(want.as_str(), actual)
            .unified_diff()
            .header("expected", "actual")
            .to_string();
        panic!(
            "{}: the output differs from the expectation (rerun with HLS_BLESS=1 to accept it):\n{diff}",
            path.display()
        );
    }
}

/// spirv-as into a scratch folder (the temporary name is not part of any output).
fn assemble_file(path: &Path, dir: &Path) -> std::path::PathBuf {
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    assemble(&std::fs::read_to_string(path).unwrap(), dir, &name)
}

fn frontend(path: &Path, input: &str, args: &[String]) -> String {
    let d = scratch(&format!(
        "ft-frontend-{}",
        path.file_stem().unwrap().to_string_lossy()
    ));
    let spv = assemble_file(path, &d);
    let _ = input;
    let mut kernel = None;
    let mut print_after = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--kernel" => kernel = it.next().cloned(),
            "--print-after" => print_after.extend(it.next().cloned()),
            other => panic!("{}: unknown option {other}", path.display()),
        }
    }
    let module = match frontend::SpirvModule::load(&std::fs::read(&spv).unwrap()) {
        Ok(m) => m,
        Err(e) => return format!("error: {e}\n"),
    };
    let options = frontend::passes::Options {
        print_after,
        verify: true,
        ..Default::default()
    };
    match frontend::lower_kernel_with(&module, kernel.as_deref(), &options) {
        Ok((k, report)) => {
            let mut out = String::new();
            for (pass, did) in &report.ran {
                out += &format!("; {pass}: {did}\n");
            }
            for (pass, ir) in &report.printed {
                out += &format!("; IR after {pass}\n{ir}");
            }
            out + "; final IR\n" + &frontend::ir::dump(&k)
        }
        Err(e) => format!("error: {e}\n"),
    }
}

fn scheduler(input: &str) -> String {
    use scheduler::{mii, text};
    let (p, checks) = match text::parse(input) {
        Ok(x) => x,
        Err(e) => return format!("error: {e}\n"),
    };
    let mut out = String::new();
    let res = mii::res_mii(&p);
    let rec = mii::rec_mii(&p);
    let names = |ops: &[usize]| {
        let v: Vec<&str> = ops.iter().map(|i| p.ops[*i].name.as_str()).collect();
        v.join(" -> ")
    };
    if p.modulo {
        out += &format!(
            "res_mii {} ({})\nrec_mii {} ({})\n",
            res.ii,
            res.resource.as_deref().unwrap_or("no limited resource"),
            rec.ii,
            if rec.cycle.is_empty() {
                "no recurrence".to_string()
            } else {
                names(&rec.cycle)
            }
        );
    }
    let found = if p.modulo {
        let mii = res.ii.max(rec.ii);
        let last = mii + scheduler::ilp::horizon(&p, mii);
        scheduler::search_ii(&p, mii, last, scheduler::ILP_BUDGET)
            .ok()
            .and_then(|s| s.schedule)
    } else {
        match scheduler::ilp::solve_at(&p, 1, 30.0) {
            Ok(scheduler::ilp::IlpOutcome::Solved(mut s)) => {
                s.ii = s.length(&p);
                Some(s)
            }
            _ => None,
        }
    };
    match found {
        Some(s) => {
            let label = if p.modulo { "ii" } else { "length" };
            out += &format!("{label} {}\n", s.ii);
            for (o, t) in p.ops.iter().zip(&s.start) {
                out += &format!("  {} @ {t}\n", o.name);
            }
            out += &format!("verify: {}\n", verdict(&p, &s));
        }
        None => out += "no schedule\n",
    }
    for c in &checks {
        out += &format!("check line {}: {}\n", c.line, verdict(&p, &c.schedule));
    }
    out
}

fn verdict(p: &scheduler::problem::Problem, s: &scheduler::problem::Schedule) -> String {
    match p.verify(s) {
        Ok(()) => "ok".into(),
        Err(e) => format!("refused: {e}"),
    }
}

fn rtl(path: &Path, args: &[String]) -> String {
    let mut kernel = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--kernel" => kernel = it.next().cloned(),
            other => panic!("{}: unknown option {other}", path.display()),
        }
    }
    let board = boards::Board::load("default").unwrap();
    let options = hls_build::Options {
        passes: frontend::passes::Options {
            verify: true,
            ..Default::default()
        },
        ..Default::default()
    };
    match hls_build::compile(path, kernel.as_deref(), &board, &options) {
        Ok(c) => {
            let (top, text) = &c.rtl.files[0];
            let library: Vec<&str> = c.rtl.files[1..].iter().map(|(f, _)| f.as_str()).collect();
            format!(
                "// {top}; library sources, in order: {}\n{text}",
                library.join(" ")
            )
        }
        Err(e) => format!("{e}\n"),
    }
}

/// Runs the command of the first line (`; args: compile {file} ...`) with `{file}` the
/// input (assembled first when it is SPIR-V assembly) and `{out}` a folder that must not
/// be written; the result is the exit code and stderr, with those paths put back as
/// `{file}` and `{out}`.
fn errors(path: &Path, input: &str, args: &[String]) -> String {
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    let d = scratch(&format!("ft-errors-{stem}"));
    let file = if path.extension().is_some_and(|e| e == "spvasm") {
        let spv = assemble_file(path, &d);
        // `; patch-bound: N` writes N into the header's id bound (a value spirv-as won't).
        let bound = input
            .lines()
            .find_map(|l| l.strip_prefix("; patch-bound: "))
            .and_then(|b| b.trim().parse::<u32>().ok());
        if let Some(b) = bound {
            let mut bytes = std::fs::read(&spv).unwrap();
            bytes[12..16].copy_from_slice(&b.to_le_bytes());
            std::fs::write(&spv, bytes).unwrap();
        }
        spv
    } else {
        path.to_path_buf()
    };
    let out = d.join("out");
    let (file_s, out_s) = (file.display().to_string(), out.display().to_string());
    let argv: Vec<String> = args
        .iter()
        .map(|a| a.replace("{file}", &file_s).replace("{out}", &out_s))
        .collect();
    assert!(!argv.is_empty(), "{}: no `; args:` line", path.display());
    let r = bin().args(&argv).current_dir(root()).output().unwrap();
    assert!(
        !out.exists(),
        "{}: a failed command wrote {{out}}",
        path.display()
    );
    let stderr = String::from_utf8_lossy(&r.stderr)
        .replace(&out_s, "{out}")
        .replace(&file_s, "{file}");
    assert!(!stderr.contains("panicked"), "{}: {stderr}", path.display());
    format!(
        "---CODE---\n{}\n---STDERR---\n{stderr}",
        r.status.code().unwrap_or(-1)
    )
}

/// The bless switch itself: a changed expectation fails with a diff, blessing rewrites it,
/// and the test then passes.
#[test]
fn a_changed_expectation_fails_and_blessing_restores_it() {
    let d = scratch("ft-bless");
    let path = d.join("case.expect");
    std::fs::write(&path, "ii 2\n").unwrap();
    let failed = std::panic::catch_unwind(|| expect_with(&path, "ii 1\n", false));
    let message = failed
        .expect_err("a difference must fail")
        .downcast::<String>()
        .map(|s| *s)
        .unwrap_or_default();
    assert!(
        message.contains("-ii 2") && message.contains("+ii 1"),
        "{message}"
    );
    expect_with(&path, "ii 1\n", true);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "ii 1\n");
    expect_with(&path, "ii 1\n", false);
}
