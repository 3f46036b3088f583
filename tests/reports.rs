//! What users read: report.html rendered in a real headless Chromium, and typed outputs
//! (.npy files with the kernel's element types).

mod common;

use common::*;
use std::path::Path;
use std::process::Command;

/// Runs Python (the project's, with numpy) on a snippet; returns its stdout.
fn python(code: &str) -> String {
    let out = Command::new(tool("python3"))
        .args(["-c", code])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "python: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn npy_outputs_carry_the_kernels_element_types_and_read_back() {
    let d = scratch("npy-types");
    let src = d.join("typed.cl");
    std::fs::write(
        &src,
        "kernel void typed(global half *h, global uchar *c, global ushort *s, global uint *u,\n\
         global ulong *l, global char *sc, global uint4 *v) {\n\
             size_t i = get_global_id(0);\n\
             vstore_half((float)i * 0.5f - 1.0f, i, h);\n\
             c[i] = (uchar)(250 + i);\n\
             s[i] = (ushort)(65530 + i);\n\
             u[i] = 4294967290u + (uint)i;\n\
             l[i] = 18446744073709551610ul + i;\n\
             sc[i] = (char)(-3 - (int)i);\n\
             v[i] = (uint4)(i, 4294967295u, 7, 4294967294u - (uint)i);\n\
         }\n",
    )
    .unwrap();
    let n = 4;
    let mut args: Vec<String> = ["h", "c", "s", "u", "l", "sc"]
        .iter()
        .map(|a| format!("{a}=zeros:{n}"))
        .collect();
    args.push(format!("v=zeros:{}", 4 * n));
    let dump = d.join("dump");
    let r = sim(
        &src,
        &n.to_string(),
        &args,
        &["--engine", "model"],
        &d.join("out"),
        &dump,
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let report = python(&format!(
        "import numpy as np, json\n\
         d = '{}'\n\
         out = {{}}\n\
         for a in ['h', 'c', 's', 'u', 'l', 'sc', 'v']:\n\
         \x20   x = np.load(d + '/' + a + '.npy')\n\
         \x20   out[a] = [x.dtype.str, x.tolist()]\n\
         print(json.dumps(out))",
        dump.display()
    ));
    let got: serde_json::Value = serde_json::from_str(&report).unwrap();
    let want = serde_json::json!({
        "h": ["<f2", [-1.0, -0.5, 0.0, 0.5]],
        "c": ["|u1", [250, 251, 252, 253]],
        "s": ["<u2", [65530, 65531, 65532, 65533]],
        "u": ["<u4", [4294967290u64, 4294967291u64, 4294967292u64, 4294967293u64]],
        "l": ["<u8", [18446744073709551610u64, 18446744073709551611u64, 18446744073709551612u64, 18446744073709551613u64]],
        "sc": ["|i1", [-3, -4, -5, -6]],
        "v": ["<u4", [0, 4294967295u64, 7, 4294967294u64, 1, 4294967295u64, 7, 4294967293u64,
                      2, 4294967295u64, 7, 4294967292u64, 3, 4294967295u64, 7, 4294967291u64]],
    });
    assert_eq!(got, want);
    // The written files are valid inputs again: fed back, the kernel rewrites the same.
    let again: Vec<String> = ["h", "c", "s", "u", "l", "sc", "v"]
        .iter()
        .map(|a| format!("{a}=@{}", dump.join(format!("{a}.npy")).display()))
        .collect();
    let dump2 = d.join("dump2");
    let r = sim(
        &src,
        &n.to_string(),
        &again,
        &["--engine", "model"],
        &d.join("out2"),
        &dump2,
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    for a in ["h", "c", "s", "u", "l", "sc", "v"] {
        let name = format!("{a}.npy");
        assert_eq!(
            std::fs::read(dump.join(&name)).unwrap(),
            std::fs::read(dump2.join(&name)).unwrap(),
            "{name} differs after a round trip"
        );
    }
}

/// Chromium, headless, with console messages on stderr.
fn chromium(args: &[&str]) -> std::process::Output {
    let profile = scratch("chromium-profile");
    Command::new("chromium")
        .args([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--allow-file-access-from-files",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium not found: scripts/install-deps.sh installs it")
}

/// Loads report.html in a frame of a probe page whose script measures the rendered charts
/// (their laid-out sizes, not just their markup) and writes what it found into the DOM,
/// which Chromium then dumps.
fn rendered(report: &Path) -> serde_json::Value {
    let probe = report.with_file_name("probe.html");
    std::fs::write(
        &probe,
        r#"<!DOCTYPE html><html><body>
<iframe id="r" src="report.html" width="1400" height="4000"></iframe>
<script>
const f = document.getElementById('r');
f.onload = () => {
  const d = f.contentDocument;
  const size = (e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const charts = [...d.querySelectorAll('svg.schedule')];
  const bars = [...d.querySelectorAll('svg.schedule rect.op')];
  const result = {
    charts: charts.length,
    charts_drawn: charts.filter(size).length,
    bars: bars.length,
    bars_drawn: bars.filter(size).length,
    critical: d.querySelectorAll('svg.schedule rect.critical').length,
    tables: d.querySelectorAll('table.mrt').length,
    memories: d.querySelectorAll('table.memories tr').length - 1,
    source_lines: d.querySelectorAll('table.src tr').length,
    annotated: d.querySelectorAll('table.src tr.hot').length,
    text: d.body.innerText.length,
  };
  document.body.setAttribute('data-result', JSON.stringify(result));
};
</script></body></html>"#,
    )
    .unwrap();
    let out = chromium(&["--dump-dom", &format!("file://{}", probe.display())]);
    let dom = String::from_utf8_lossy(&out.stdout).to_string();
    let json = dom
        .split("data-result=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap_or_else(|| {
            panic!(
                "the probe found no rendered report:\n{dom}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
        .replace("&quot;", "\"");
    serde_json::from_str(&json).unwrap()
}

#[test]
fn report_html_renders_its_charts_in_headless_chromium() {
    let d = scratch("report-html");
    // A pipelined work-item kernel, a loop with a float recurrence (its work-items
    // interleaved: nothing critical), a banked local memory.
    for (name, file, kernel, at_least_bars, critical, memories) in [
        ("vadd", "examples/vadd.cl", "vadd", 3, false, 3),
        ("matvec", "tests/kernels/matvec.cl", "matvec", 3, false, 3),
        (
            "banked",
            "tests/kernels/banked_window.cl",
            "window_banks4",
            3,
            false,
            3,
        ),
        // Barriers: regions between them, and why one group is in flight.
        (
            "work-groups",
            "tests/kernels/wg_histogram.cl",
            "wg_histogram",
            3,
            true,
            3,
        ),
    ] {
        let out = d.join(name);
        let r = run(&[
            "compile",
            root().join(file).to_str().unwrap(),
            "--kernel",
            kernel,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let report = out.join("report.html");
        // Self-contained: nothing fetched from anywhere.
        let html = std::fs::read_to_string(&report).unwrap();
        for remote in ["http://", "https://", "<link", "src=\""] {
            let hits: Vec<&str> = html
                .lines()
                .filter(|l| {
                    l.contains(remote) && !l.contains("xmlns=\"http://www.w3.org/2000/svg\"")
                })
                .collect();
            assert!(
                hits.is_empty(),
                "{file}: report.html refers to {remote}: {hits:?}"
            );
        }
        let got = rendered(&report);
        let n = |k: &str| got[k].as_u64().unwrap_or(0);
        assert!(
            n("charts") >= 1 && n("charts_drawn") == n("charts"),
            "{file}: {got}"
        );
        assert!(
            n("bars") >= at_least_bars && n("bars_drawn") == n("bars"),
            "{file}: {got}"
        );
        assert_eq!(n("critical") > 0, critical, "{file}: {got}");
        assert!(
            n("tables") >= 1 && n("memories") >= memories,
            "{file}: {got}"
        );
        assert!(
            n("source_lines") >= 3 && n("annotated") >= 1,
            "{file}: {got}"
        );
        // The page itself, loaded on its own: no console errors.
        let page = chromium(&["--dump-dom", &format!("file://{}", report.display())]);
        let log = String::from_utf8_lossy(&page.stderr);
        let errors: Vec<&str> = log
            .lines()
            .filter(|l| l.contains("CONSOLE") || l.contains("Uncaught"))
            .collect();
        assert!(errors.is_empty(), "{file}: console: {errors:?}");
        if name == "work-groups" {
            let dom = String::from_utf8_lossy(&page.stdout);
            assert!(
                dom.contains("1 in flight") && dom.contains("global atomics at wg_histogram.cl:"),
                "{file}: no work-groups section"
            );
        }
        // A screenshot: a page that drew something is far from a blank PNG.
        let png = d.join(format!("{name}.png"));
        let shot = chromium(&[
            &format!("--screenshot={}", png.display()),
            "--window-size=1280,1400",
            &format!("file://{}", report.display()),
        ]);
        let bytes = std::fs::read(&png).unwrap_or_else(|_| {
            panic!(
                "{file}: no screenshot: {}",
                String::from_utf8_lossy(&shot.stderr)
            )
        });
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 30_000,
            "{file}: screenshot of {} bytes",
            bytes.len()
        );
    }
}

/// `sim` as a user's CI runs it: goldens, several seeds, a JUnit file; a corrupted golden
/// fails the run, and the JUnit names the buffer and the index.
#[test]
fn sim_checks_goldens_over_seeds_and_writes_junit() {
    let d = scratch("junit");
    let vadd = root().join("examples/vadd.cl");
    let golden = root().join("examples/golden/vadd_c.npy");
    let sim_with = |golden: &Path, junit: &Path| {
        run(&[
            "sim",
            vadd.to_str().unwrap(),
            "--global",
            "1024",
            "--arg",
            "a=random:1024:1",
            "--arg",
            "b=random:1024:2",
            "--arg",
            "c=zeros:1024",
            "--expect",
            &format!("c=@{}", golden.display()),
            "--seeds",
            "5",
            "--junit",
            junit.to_str().unwrap(),
        ])
    };
    let junit = d.join("pass.xml");
    let r = sim_with(&golden, &junit);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    // The per-buffer summary of the last run against the model.
    assert!(
        r.stdout
            .contains("  c: 1024 elements, 0 mismatches, max 0 ulp"),
        "{}",
        r.stdout
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 5, "{xml}");
    assert!(cases.iter().all(|c| !c
        .children()
        .any(|k| k.has_tag_name("failure") || k.has_tag_name("error"))));
    // Seeds change the memory timing, so the cycle counts are not all the same.
    let cycles: std::collections::BTreeSet<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("seed "))
        .filter_map(|l| l.split(": ").nth(1))
        .collect();
    assert!(cycles.len() > 1, "{}", r.stdout);
    // One element of the golden changed: every run fails at that index.
    let mut bytes = std::fs::read(&golden).unwrap();
    let at = bytes.len() - 4 * (1024 - 37);
    bytes[at..at + 4].copy_from_slice(&123.5f32.to_le_bytes());
    let bad = d.join("bad_golden.npy");
    std::fs::write(&bad, bytes).unwrap();
    let junit = d.join("fail.xml");
    let r = sim_with(&bad, &junit);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("FAIL"), "{}", r.stdout);
    let xml = std::fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let failures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), 5, "{xml}");
    for f in failures {
        assert!(
            f.attribute("message")
                .unwrap()
                .starts_with("c[37]: expected 1.235e2"),
            "{xml}"
        );
    }
}

/// A kernel needing 1.5 M cycles runs without flags (the budget follows from the work);
/// `--max-cycles` stops it with what the budget was and how far the RTL got.
#[test]
fn the_cycle_budget_follows_the_work() {
    let d = scratch("budget");
    let src = d.join("long.cl");
    // One work-item, a float recurrence at II = the adder's latency: ~200k iterations.
    std::fs::write(
        &src,
        "kernel void long_sum(global const float *a, global float *out, int n) {\n\
             float s = 0.0f;\n\
             for (int i = 0; i < n; i++)\n\
                 s += a[i & 1023];\n\
             out[0] = s;\n\
         }\n",
    )
    .unwrap();
    let args = [
        "a=random:1024:3".to_string(),
        "out=zeros:1".to_string(),
        "n=200000".to_string(),
    ];
    let r = sim(&src, "1", &args, &[], &d.join("out"), &d.join("dump"));
    assert_pass(&r);
    assert!(cycles(&r) > 1_500_000, "{}", r.stdout);
    let r = sim(
        &src,
        "1",
        &args,
        &["--max-cycles", "1000"],
        &d.join("out2"),
        &d.join("dump2"),
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("did not finish within 1000 cycles (the budget --max-cycles gave;")
            && r.stderr.contains("SPIR-V instructions in the model")
            && r.stderr.contains("read and")
            && r.stderr.contains("--max-cycles N"),
        "{}",
        r.stderr
    );
}

/// docs/ci/cosim.yml's `run:` steps, run as written (with RUNNER_TEMP set as GitHub sets
/// it), co-simulate vadd over three seeds and leave a passing JUnit file.
#[test]
fn the_documented_ci_workflow_runs() {
    let d = scratch("workflow");
    let text = std::fs::read_to_string(root().join("docs/ci/cosim.yml")).unwrap();
    let yaml: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).unwrap();
    let steps = yaml["jobs"]["cosim"]["steps"].as_sequence().unwrap();
    let runs: Vec<&str> = steps.iter().filter_map(|s| s["run"].as_str()).collect();
    assert!(runs.len() >= 3, "{runs:?}");
    for cmd in runs {
        let out = Command::new("bash")
            .args(["-eo", "pipefail", "-c", cmd])
            .current_dir(root())
            .env("RUNNER_TEMP", &d)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{cmd}:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let xml = std::fs::read_to_string(d.join("cosim.xml")).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(
        (
            suite.attribute("tests"),
            suite.attribute("failures"),
            suite.attribute("errors")
        ),
        (Some("3"), Some("0"), Some("0")),
        "{xml}"
    );
}

/// Progress shows on a terminal (a pseudo-terminal from `script`) and never in a pipe; `-v`
/// logs each step's time, `-q` hides the progress.
#[test]
fn progress_shows_on_a_terminal_only() {
    let d = scratch("progress");
    let cmd = format!(
        "{} sim {} --global 64 --arg a=random:64 --arg b=random:64 --arg c=zeros:64 -o {}",
        env!("CARGO_BIN_EXE_hls-build"),
        root().join("examples/vadd.cl").display(),
        d.join("out").display()
    );
    let tty = Command::new("script")
        .args(["-qefc", &cmd, "/dev/null"])
        .output()
        .expect("script (bsdutils) not found: scripts/install-deps.sh installs it");
    let shown = String::from_utf8_lossy(&tty.stdout);
    assert!(tty.status.success(), "{shown}");
    assert!(
        shown.contains("compiling") && shown.contains("PASS"),
        "{shown}"
    );
    let piped = run(&[
        "sim",
        root().join("examples/vadd.cl").to_str().unwrap(),
        "--global",
        "64",
        "--arg",
        "a=random:64",
        "--arg",
        "b=random:64",
        "--arg",
        "c=zeros:64",
        "-v",
    ]);
    assert_pass(&piped);
    // -v: the steps' times, in a pipe too (they are not progress but a log).
    assert!(
        piped.stderr.contains("compile: ") && piped.stderr.contains("RTL run (default latency): "),
        "{}",
        piped.stderr
    );
    assert!(
        !piped.stderr.contains("compiling") && !piped.stderr.contains("co-simulating"),
        "{}",
        piped.stderr
    );
    // -q: nothing on the terminal either.
    let quiet = Command::new("script")
        .args(["-qefc", &format!("{cmd} -q"), "/dev/null"])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&quiet.stdout);
    assert!(
        !shown.contains("compiling") && shown.contains("PASS"),
        "{shown}"
    );
}

/// `sim --wave X.fst` also writes X.gtkw: the kernel's signals grouped by unit (loops under
/// their source line) and stage, every one a signal the design declares.
#[test]
fn the_wave_comes_with_a_gtkwave_save_file() {
    let d = scratch("gtkw");
    let fst = d.join("mv.fst");
    let out = d.join("out");
    let r = sim(
        &root().join("tests/kernels/matvec.cl"),
        "4",
        &[
            "m=random:64".into(),
            "v=random:16".into(),
            "y=zeros:4".into(),
            "n=16".into(),
        ],
        &["--wave", fst.to_str().unwrap()],
        &out,
        &d.join("dump"),
    );
    assert_pass(&r);
    assert!(std::fs::metadata(&fst).unwrap().len() > 1000);
    let gtkw = std::fs::read_to_string(d.join("mv.gtkw")).unwrap();
    assert!(
        gtkw.contains(&format!("[dumpfile] \"{}\"", fst.display())),
        "{gtkw}"
    );
    assert!(
        gtkw.contains("-work-items/matvec.cl:6 (II 1, loop at matvec.cl:6)"),
        "{gtkw}"
    );
    assert!(
        gtkw.contains("-stage 0") && gtkw.contains("FAdd 'add4' at matvec.cl:7"),
        "{gtkw}"
    );
    // Every identifier of the top module: each signal of the save file must be one.
    let sv = std::fs::read_to_string(out.join("rtl/matvec.sv")).unwrap();
    let idents: std::collections::HashSet<&str> = sv
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    let mut signals = 0;
    for line in gtkw.lines().filter(|l| l.starts_with("TOP.matvec.")) {
        let name = line["TOP.matvec.".len()..].split('[').next().unwrap();
        assert!(idents.contains(name), "{name} is not in the design");
        signals += 1;
    }
    assert!(signals > 20, "{gtkw}");
}
