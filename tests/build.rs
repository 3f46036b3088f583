//! Boards and `hls-build build`: the board files, the Vitis and Quartus projects checked
//! against the kernel's interface and its register decoder, and the open ECP5 flow to a
//! bitstream, its board top co-simulated over the UART against the software model.

mod common;

use common::{bin, python_script, root, save, scratch};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// (file, kernel) for every kernel in tests/kernels. Names come from the source, or, where
/// a macro makes them (`kernel void NAME`), from the binary's list of the module's kernels.
fn kernels() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/kernels"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let named: Vec<String> = text
            .match_indices("kernel void ")
            .map(|(i, _)| {
                text[i + 12..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            })
            .collect();
        if named.iter().all(|n| text.contains(&format!("void {n}(")))
            && !named.contains(&"NAME".to_string())
        {
            out.extend(named.into_iter().map(|n| (f.clone(), n)));
            continue;
        }
        let probe = bin()
            .args(["compile", "--kernel", "?", "-o", "/dev/null"])
            .arg(&f)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&probe.stderr);
        let list = err
            .split("it has: ")
            .nth(1)
            .expect("the error lists the kernels");
        out.extend(list.trim().split(", ").map(|n| (f.clone(), n.to_string())));
    }
    out
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn build(
    file: &Path,
    kernel: &str,
    board: &str,
    out: &Path,
    extra: &[&str],
) -> std::process::Output {
    bin()
        .arg("build")
        .arg(file)
        .args(["--kernel", kernel, "--board", board, "-o"])
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

fn hex(s: &str) -> u32 {
    u32::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()
}

#[test]
fn boards_lists_every_board_and_its_json_has_the_platform() {
    let out = bin().arg("boards").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for b in [
        "u250",
        "u280",
        "u55c",
        "d5005",
        "n6001",
        "ulx3s",
        "versa_ecp5",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(b)),
            "{b} missing:\n{text}"
        );
    }
    let out = bin().args(["boards", "--json"]).output().unwrap();
    let all: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let flows: Vec<&Value> = all.iter().filter(|b| b["flow"] != "none").collect();
    assert!(flows.len() >= 7);
    for b in flows {
        for field in [
            "part",
            "family",
            "clock_max_mhz",
            "resources",
            "memories",
            "host",
        ] {
            assert!(!b[field].is_null(), "{}: no {field}", b["name"]);
        }
        // Operators come from the family at the board's clock: a chained operator fits
        // the period, and the scheduler's classes are all there.
        let period = 1000.0 / b["clock_mhz"].as_f64().unwrap();
        for (class, t) in b["operators"].as_object().unwrap() {
            if t["latency"] == 0 {
                assert!(
                    t["delay_ns"].as_f64().unwrap() <= period,
                    "{}: {class}",
                    b["name"]
                );
            }
        }
    }
}

/// A comment names the source of every number in the built-in board and family files: on
/// the number's own line, or heading the run of lines it sits in (walking up over sibling
/// lines, a comment must come before a blank line or a parent key). The comment must cite
/// something checkable: a document, a tool's measurement, a file of this project, or a
/// `(?)` saying the figure is unconfirmed.
#[test]
fn every_board_number_has_a_sourced_comment() {
    const CITES: &[&str] = &[
        "UG",
        "DS9",
        "FPGA-DS",
        "notes/",
        "BENCHMARKS",
        "bench/",
        "measured",
        "nextpnr",
        "amaranth-boards",
        "board_spec",
        "(?)",
        "stop ",
        "rtl-gen",
        ".sv",
        "model",
        "data sheet",
        "product",
        "families/",
        "RTL",
        "user guide",
        "hls_",
    ];
    let mut checked = 0;
    let mut missing = Vec::new();
    for dir in ["boards/bsp", "boards/families"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let (data, comment) = line.split_once('#').unwrap_or((line, ""));
                let value = data.split_once(':').map_or("", |(_, v)| v);
                if data.trim_start().starts_with('#') || !value.chars().any(|c| c.is_ascii_digit())
                {
                    continue;
                }
                checked += 1;
                let indent = line.len() - line.trim_start().len();
                let mut source = (!comment.trim().is_empty()).then_some(comment.to_string());
                let mut j = i;
                while source.is_none() && j > 0 {
                    j -= 1;
                    let l = lines[j];
                    let ind = l.len() - l.trim_start().len();
                    if l.trim().is_empty() || ind < indent {
                        break;
                    }
                    if l.trim_start().starts_with('#') && ind == indent {
                        // The whole comment block above.
                        let mut k = j;
                        let mut block = String::new();
                        while k < lines.len() && lines[k].trim_start().starts_with('#') {
                            block += lines[k];
                            if k == 0 {
                                break;
                            }
                            k -= 1;
                            if !lines[k].trim_start().starts_with('#') {
                                break;
                            }
                        }
                        source = Some(block);
                    }
                }
                match source {
                    None => missing.push(format!(
                        "{}:{}: `{}` has no comment giving its source",
                        path.display(),
                        i + 1,
                        line.trim()
                    )),
                    Some(s) if !CITES.iter().any(|c| s.contains(c)) => missing.push(format!(
                        "{}:{}: the comment over `{}` cites no source: {s}",
                        path.display(),
                        i + 1,
                        line.trim()
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(checked > 200, "only {checked} numbers found");
}

#[test]
fn a_bad_board_file_exits_2_naming_the_field() {
    let d = scratch("bad-board");
    let good = std::fs::read_to_string(root().join("boards/bsp/ulx3s.yaml")).unwrap();
    for (from, to, field) in [
        ("luts: 83640,", "luts: 0,", "resources.luts"),
        ("bank_kib: 32,", "bank_kib: 0,", "memories[0].bank_kib"),
        ("family: ecp5", "family: ecp7", "family"),
        (
            "clock_max_mhz: 400.0",
            "clock_max_mhz: 10.0",
            "clock_max_mhz",
        ),
        ("  uart_baud: 115200\n", "", "host.uart_baud"),
    ] {
        assert!(good.contains(from), "{from}");
        let file = d.join("b.yaml");
        std::fs::write(&file, good.replace(from, to)).unwrap();
        let out = bin()
            .args(["compile", "examples/vadd.cl", "--board"])
            .arg(&file)
            .arg("-o")
            .arg(d.join("o"))
            .current_dir(root())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{field}: {err}");
        assert!(
            err.contains("b.yaml") && err.contains(field),
            "{field}: {err}"
        );
        // One line, not the file.
        assert!(err.trim().lines().count() <= 2, "{err}");
    }
}

#[test]
fn open_board_pins_match_amaranth_boards() {
    python_script("tests/boards.py", &[env!("CARGO_BIN_EXE_hls-build")]);
}

#[test]
fn build_refuses_a_board_without_a_flow_and_an_unknown_bank() {
    let d = scratch("refuse");
    let vadd = root().join("examples/vadd.cl");
    let out = build(&vadd, "vadd", "default", &d.join("o"), &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("no bitstream flow") && err.contains("u280"),
        "{err}"
    );
    let out = build(
        &vadd,
        "vadd",
        "u280",
        &d.join("o"),
        &["--memory", "a=HBM[40]"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("HBM[0..31]") && err.contains("DDR[0..1]"),
        "{err}"
    );
    assert!(!d.join("o").exists(), "a refused build wrote its output");
}

/// The files of a Vitis project checked against each other and against interface.json:
/// kernel.xml's arguments (offset, size, port) and ports, link.cfg's ports and banks,
/// package_xo.tcl's files, xmllint. Returns the (offset, bits) of every register
/// kernel.xml names, for the decoder check.
fn check_vitis_project(dir: &Path, banks: &[String]) -> Vec<(u32, u32)> {
    let iface = json(&dir.join("interface.json"));
    let xml_text = std::fs::read_to_string(dir.join("kernel.xml")).unwrap();
    let xml = roxmltree::Document::parse(&xml_text).unwrap();
    let kernel = xml
        .descendants()
        .find(|n| n.has_tag_name("kernel"))
        .unwrap();
    assert_eq!(kernel.attribute("name"), iface["top"].as_str());
    let ports: BTreeMap<&str, roxmltree::Node> = xml
        .descendants()
        .filter(|n| n.has_tag_name("port"))
        .map(|n| (n.attribute("name").unwrap(), n))
        .collect();
    assert_eq!(ports["s_axi_control"].attribute("range"), Some("0x1000"));
    let xml_args: Vec<roxmltree::Node> = xml
        .descendants()
        .filter(|n| n.has_tag_name("arg"))
        .collect();
    let regs = iface["regs"].as_array().unwrap();
    let mut checked = Vec::new();
    for (id, arg) in xml_args.iter().enumerate() {
        assert_eq!(arg.attribute("id").unwrap(), id.to_string());
        let offset = hex(arg.attribute("offset").unwrap());
        let size = hex(arg.attribute("size").unwrap());
        let port = arg.attribute("port").unwrap();
        assert!(
            ports.contains_key(port),
            "arg {:?} names port {port}",
            arg.attribute("name")
        );
        match iface["args"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["name"] == arg.attribute("name").unwrap())
        {
            Some(a) => {
                assert_eq!(offset, a["offset"].as_u64().unwrap() as u32);
                let bytes = if a["bits"].as_u64().unwrap() > 32 {
                    8
                } else {
                    4
                };
                assert_eq!(size, bytes, "{a}");
                match a["port"].as_str() {
                    Some(p) => {
                        assert_eq!(port, p);
                        assert_eq!(arg.attribute("addressQualifier"), Some("1"));
                        let master = &ports[p];
                        assert_eq!(master.attribute("mode"), Some("master"));
                        let width = iface["masters"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .find(|m| format!("m_axi_{}", m["name"].as_str().unwrap()) == p)
                            .unwrap()["width"]
                            .as_u64()
                            .unwrap();
                        assert_eq!(master.attribute("dataWidth").unwrap(), width.to_string());
                    }
                    None => assert_eq!(port, "s_axi_control"),
                }
            }
            // The NDRange registers, as scalars.
            None => {
                let r = regs
                    .iter()
                    .find(|r| r["ident"] == arg.attribute("name").unwrap())
                    .unwrap();
                assert_eq!(offset, r["offset"].as_u64().unwrap() as u32);
                assert_eq!(size, 4);
            }
        }
        // Every 32-bit word of the argument is a register of the decoder.
        for w in 0..size / 4 {
            let r = regs
                .iter()
                .find(|r| r["offset"].as_u64() == Some((offset + 4 * w) as u64))
                .unwrap_or_else(|| panic!("no register at 0x{:x}", offset + 4 * w));
            checked.push((offset + 4 * w, r["bits"].as_u64().unwrap() as u32));
        }
    }
    // link.cfg: one compute unit; every sp= names a master port of kernel.xml and a bank.
    let link = std::fs::read_to_string(dir.join("link.cfg")).unwrap();
    let top = iface["top"].as_str().unwrap();
    assert!(link.contains(&format!("nk={top}:1:{top}_1")));
    let sps: Vec<&str> = link.lines().filter_map(|l| l.strip_prefix("sp=")).collect();
    assert_eq!(sps.len(), ports.len() - 1, "{link}");
    for sp in sps {
        let (port, bank) = sp
            .strip_prefix(&format!("{top}_1."))
            .unwrap()
            .split_once(':')
            .unwrap();
        assert_eq!(ports[port].attribute("mode"), Some("master"), "{sp}");
        assert!(banks.iter().any(|b| b == bank), "{sp}: no bank {bank}");
    }
    // package_xo.tcl: every file it adds exists.
    let tcl = std::fs::read_to_string(dir.join("package_xo.tcl")).unwrap();
    let files: Vec<&str> = tcl
        .lines()
        .map(str::trim)
        .filter(|l| l.ends_with(".sv \\") || l.ends_with(".sv"))
        .map(|l| l.trim_end_matches(" \\"))
        .collect();
    assert!(!files.is_empty());
    for f in files {
        assert!(
            dir.join(f).is_file(),
            "package_xo.tcl names {f}, which is not there"
        );
    }
    assert!(tcl.contains("-kernel_xml ./kernel.xml"));
    let lint = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg(dir.join("kernel.xml"))
        .output()
        .expect("xmllint (libxml2-utils, scripts/install-deps.sh)");
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stderr)
    );
    checked
}

/// The kernels whose registers are written and read back in Verilator: every kind of
/// register map tests/kernels has (a float scalar, two int scalars, vectors, ten buffers of
/// 8- to 64-bit elements, a loop nest's bounds). Each needs its own Verilator build (about
/// 20 s), so CI checks this sample; `HLS_ALL_KERNELS=1` checks all fifty.
const ROUNDTRIP_SAMPLE: [&str; 5] = ["saxpy", "find_first", "vec4", "convert", "nested"];

/// Every kernel of tests/kernels builds a Vitis project for the U280 that agrees with its
/// interface.json, and kernel.xml's registers are those the RTL decodes: each is written
/// and read back in Verilator (for the sample above, or all with `HLS_ALL_KERNELS=1`).
#[test]
fn vitis_projects_for_every_kernel_on_u280() {
    let d = scratch("vitis");
    let boards: Vec<Value> =
        serde_json::from_slice(&bin().args(["boards", "--json"]).output().unwrap().stdout).unwrap();
    let u280 = boards.iter().find(|b| b["name"] == "u280").unwrap();
    let banks: Vec<String> = u280["memories"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| {
            (0..m["banks"].as_u64().unwrap())
                .map(move |i| format!("{}[{i}]", m["name"].as_str().unwrap()))
        })
        .collect();
    let all = kernels();
    assert!(all.len() >= 40);
    let all_kernels = std::env::var_os("HLS_ALL_KERNELS").is_some();
    for k in ROUNDTRIP_SAMPLE {
        assert!(
            all.iter().any(|(_, n)| n == k),
            "{k} is not in tests/kernels"
        );
    }
    let jobs: Vec<_> = all
        .chunks(all.len().div_ceil(2))
        .map(|c| c.to_vec())
        .collect();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .into_iter()
            .map(|chunk| {
                let (d, banks) = (&d, &banks);
                s.spawn(move || {
                    let mut failures = Vec::new();
                    for (file, kernel) in chunk {
                        let dir = d.join(&kernel);
                        let out = build(&file, &kernel, "u280", &dir, &[]);
                        let text = String::from_utf8_lossy(&out.stdout);
                        // A kernel with pipe arguments is refused: no flow wires its
                        // AXI4-Stream ports yet (tests/pipes.rs).
                        let source = std::fs::read_to_string(&file).unwrap();
                        if source.contains(" pipe ") {
                            let err = String::from_utf8_lossy(&out.stderr);
                            if out.status.code() != Some(2) || !err.contains("pipe arguments") {
                                failures.push(format!("{kernel}: expected the pipe refusal: {err}"));
                            }
                            continue;
                        }
                        if !out.status.success() || !text.contains("vendor tools not found") {
                            failures.push(format!("{kernel}: {}{text}", String::from_utf8_lossy(&out.stderr)));
                            continue;
                        }
                        let regs = check_vitis_project(&dir, banks);
                        if !all_kernels && !ROUNDTRIP_SAMPLE.contains(&kernel.as_str()) {
                            continue;
                        }
                        let sources: Vec<PathBuf> = std::fs::read_to_string(dir.join("filelist.f"))
                            .unwrap()
                            .lines()
                            .map(|l| dir.join(l))
                            .collect();
                        let top = json(&dir.join("interface.json"))["top"].as_str().unwrap().to_string();
                        match sim::axi::register_roundtrip(&sources, &top, &regs) {
                            Ok(r) => {
                                for (offset, wrote, read) in r {
                                    if wrote != read {
                                        failures.push(format!(
                                            "{kernel}: register 0x{offset:x} written 0x{wrote:x}, read 0x{read:x}"
                                        ));
                                    }
                                }
                            }
                            Err(e) => failures.push(format!("{kernel}: {e}")),
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The Quartus project's Platform Designer component connects every port of the kernel
/// top, with the AXI signal names as roles; the SDC has the board's period.
#[test]
fn quartus_project_on_n6001() {
    let d = scratch("quartus");
    let out = build(
        &root().join("tests/kernels/saxpy.cl"),
        "saxpy",
        "n6001",
        &d,
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hw = std::fs::read_to_string(d.join("saxpy_hw.tcl")).unwrap();
    let top = std::fs::read_to_string(d.join("rtl/saxpy.sv")).unwrap();
    let mut n = 0;
    for l in hw.lines().filter(|l| l.starts_with("add_interface_port")) {
        let w: Vec<&str> = l.split_whitespace().collect();
        let port = w[2];
        assert!(
            top.contains(&format!(" {port},")) || top.contains(&format!(" {port}\n")),
            "{port}"
        );
        if w[1].starts_with("m_axi") || w[1] == "s_axi_control" {
            assert_eq!(format!("{}_{}", w[1], w[3]), port, "{l}");
        }
        n += 1;
    }
    assert!(n > 40, "{hw}");
    let sdc = std::fs::read_to_string(d.join("saxpy.sdc")).unwrap();
    assert!(sdc.contains("-period 3.333"), "{sdc}");
    let qsf = std::fs::read_to_string(d.join("saxpy.qsf")).unwrap();
    assert!(qsf.contains("FAMILY \"Agilex 7\"") && qsf.contains("AGFB014R24A3E3VR0"));
}

/// The open flow end to end: examples/vadd.cl becomes a bitstream for the ULX3S, with
/// utilisation and Fmax from nextpnr meeting the board's clock.
#[test]
fn open_flow_builds_a_ulx3s_bitstream() {
    let d = scratch("ulx3s");
    let out = build(
        &root().join("examples/vadd.cl"),
        "vadd",
        "ulx3s",
        &d.join("out"),
        &[],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bit = d.join("out/vadd.bit");
    assert!(
        std::fs::metadata(&bit).unwrap().len() > 100_000,
        "{}",
        bit.display()
    );
    let summary = json(&d.join("out/build.json"));
    assert_eq!(summary["timing_met"], true, "{summary}");
    assert!(summary["fmax_mhz"].as_f64().unwrap() >= 50.0);
    assert!(summary["utilisation"]["LUTs"]["used"].as_u64().unwrap() > 500);
    assert_eq!(summary["utilisation"]["PLLs"]["used"], 1);
    assert!(!summary["critical_path"].as_array().unwrap().is_empty());
    let report = json(&d.join("out/report.json"));
    assert_eq!(report["memory_plan"].as_array().unwrap().len(), 3);
    for f in ["host.py", "Makefile", "board.lpf", "rtl/board/board_top.sv"] {
        assert!(d.join("out").join(f).is_file(), "{f}");
    }
    // No hidden build directory is left beside OUT.
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with('.')
        })
        .collect();
    assert!(left.is_empty());
}

#[test]
fn compile_timing_traces_the_critical_path_to_source_lines() {
    // Out of context on the ULX3S's own ECP5: the measured Fmax, the delay model's
    // prediction beside it, and a critical path whose signals read as the kernel's.
    let d = scratch("timing");
    let out = bin()
        .args([
            "compile",
            "examples/vadd.cl",
            "--board",
            "ulx3s",
            "--timing",
            "-o",
        ])
        .arg(d.join("out"))
        .current_dir(root())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let t = json(&d.join("out/timing/timing.json"));
    assert_eq!(t["proxy"], false, "{t}");
    let fmax = t["fmax_mhz"].as_f64().unwrap();
    assert!(fmax > 50.0, "{t}");
    // The ECP5 model knows the float adder's Fmax, the slowest core in vadd, and the
    // kernel frame's, which is higher. At the ULX3S's 50 MHz the schedule chains the
    // address (a 64-bit add) into the request's mux, 6.8 ns, which the prediction names.
    let predicted = &t["predicted"];
    assert_eq!(predicted["slowest_core"]["class"], "fp32_add", "{t}");
    assert_eq!(predicted["slowest_core"]["fmax_mhz"], 157.6, "{t}");
    assert_eq!(predicted["frame_fmax_mhz"], 168.7, "{t}");
    assert_eq!(
        predicted["limit"], "6.8 ns of chained logic ending at v8 Load 'b' at vadd.cl:4 in unit 0",
        "{t}"
    );
    let f = predicted["fmax_mhz"].as_f64().unwrap();
    assert!((f - 1000.0 / 6.8).abs() < 0.1, "{t}");
    let path = t["critical_path"].as_array().unwrap();
    assert!(!path.is_empty(), "{t}");
    let ns: Vec<f64> = path.iter().map(|s| s["ns"].as_f64().unwrap()).collect();
    assert!(ns.windows(2).all(|w| w[0] <= w[1]), "{t}");
    assert!(
        (1000.0 / ns.last().unwrap() - fmax).abs() / fmax < 0.05,
        "{t}"
    );
    assert!(path.iter().any(|s| s["meaning"].is_string()), "{t}");
    assert!(text.contains("critical path:"), "{text}");
    assert_eq!(json(&d.join("out/report.json"))["timing"], t);
    // Each copy of the clock enable is still its own flip-flop after synthesis: Yosys
    // merges identical flip-flops unless told not to, and then every copy names one net.
    let synth = json(&d.join("out/timing/synth.json"));
    let nets = &synth["modules"]["vadd"]["netnames"];
    let copies: Vec<&Value> = nets
        .as_object()
        .unwrap()
        .iter()
        .filter(|(n, _)| {
            n.strip_prefix("en_")
                .is_some_and(|k| k.chars().all(|c| c.is_ascii_digit()))
        })
        .map(|(_, v)| &v["bits"])
        .collect();
    let distinct: std::collections::BTreeSet<String> =
        copies.iter().map(|b| b.to_string()).collect();
    assert!(copies.len() > 1, "{copies:?}");
    assert_eq!(distinct.len(), copies.len(), "{copies:?}");
}

#[test]
fn a_kernel_too_large_for_an_ecp5_25k_exits_1_naming_the_resource() {
    let d = scratch("too-large");
    let out = build(
        &root().join("tests/fixtures/many_products.cl"),
        "many_products",
        "ulx3s_25f",
        &d.join("out"),
        &[],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("does not fit") && err.contains("DSPs") && err.contains("has 28"),
        "{err}"
    );
    assert!(!d.join("out").exists());
}

/// The board top — kernel, block-RAM banks, UART bridge — co-simulated with a host model
/// on the UART, against the software model: vadd, a scalar argument (saxpy), and ten
/// buffers of 8- to 64-bit elements sharing four banks (convert).
#[test]
fn board_top_over_the_uart_matches_the_model() {
    let d = scratch("board-sim");
    let n = 32;
    let a: Vec<f32> = (0..n).map(|i| i as f32 * 1.25 - 7.0).collect();
    let b: Vec<f32> = (0..n).map(|i| 0.5 - i as f32).collect();
    let k: Vec<i64> = (0..n).map(|i| i as i64 * 123_456_789 - 999).collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &b);
    save(&d.join("k.npy"), &k);
    let at = |f: &str| format!("@{}", d.join(f).display());
    let zeros = format!("zeros:{n}");
    let cases: Vec<(&str, Vec<String>)> = vec![
        (
            "examples/vadd.cl",
            vec![
                format!("a={}", at("a.npy")),
                format!("b={}", at("b.npy")),
                format!("c={zeros}"),
            ],
        ),
        (
            "tests/kernels/saxpy.cl",
            vec![
                "alpha=2.5".into(),
                format!("x={}", at("a.npy")),
                format!("y={}", at("b.npy")),
            ],
        ),
        (
            "tests/kernels/convert.cl",
            std::iter::once(format!("x={}", at("a.npy")))
                .chain(std::iter::once(format!("k={}", at("k.npy"))))
                .chain(
                    [
                        "to_i32", "to_u32", "to_i64", "to_i8", "from_i64", "from_u64", "from_i32",
                        "from_u8",
                    ]
                    .iter()
                    .map(|o| format!("{o}={zeros}")),
                )
                .collect(),
        ),
    ];
    for (file, args) in cases {
        let mut cmd = bin();
        cmd.arg("sim").arg(root().join(file)).args([
            "--board",
            "ulx3s",
            "--engine",
            "board",
            "--global",
            &n.to_string(),
        ]);
        for a in &args {
            cmd.args(["--arg", a]);
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("PASS"),
            "{file}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Ctrl-C during a long step stops the tool and leaves OUT as it was: absent here, and no
/// half-built directory beside it.
#[test]
fn ctrl_c_during_the_open_flow_leaves_nothing_half_written() {
    let d = scratch("ctrl-c");
    let child = bin()
        .arg("build")
        .arg(root().join("examples/vadd.cl"))
        .args(["--board", "ulx3s", "-o"])
        .arg(d.join("out"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(4));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("cancelled"), "{err}");
    let left: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}
