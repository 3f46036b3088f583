//! `hls-build build`: a compiled kernel becomes a project for its board's flow — a Vitis
//! .xo/.xclbin project, a Quartus project, or (open ECP5 boards) a bitstream built here —
//! with the memory plan, fit and timing reported.
//!
//! Everything is written to a hidden sibling of OUT and moved into place at the end, so a
//! failure or Ctrl-C never leaves a half-built OUT.

use crate::tools::{self, Step};
use crate::{io, sibling, write_outputs, Compiled, Error};
use boards::flow::{self, memplan::Assignment, Interface};
use boards::Flow;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

mod ecp5_run;

/// What a build did, for the CLI's summary and `OUT/build.json`.
#[derive(Debug, Default)]
pub struct Outcome {
    pub lines: Vec<String>,
    /// The command to run next, when the vendor tools were not found.
    pub next: Option<String>,
    /// Exit status: 0, or 1 when timing was not met (the project is still written).
    pub status: i32,
}

/// Builds `c` into `out` for its board, its buffers in the banks of its memory plan.
pub fn build(c: &Compiled, out: &Path) -> Result<Outcome, Error> {
    let board = &c.board;
    if board.flow == Flow::None {
        let flows: Vec<String> = boards::Board::builtin_names()
            .into_iter()
            .filter(|n| boards::Board::load(n).is_ok_and(|b| b.flow != Flow::None))
            .map(String::from)
            .collect();
        return Err(Error::Usage(format!(
            "board '{}' has no bitstream flow (it is a model for compile and sim); build for one of: {}",
            board.name,
            flows.join(", ")
        )));
    }
    no_streams(c)?;
    let iface = interface(c);
    let plan = memory_plan(c)?;
    tools::catch_ctrl_c();
    let tmp = sibling(out, "build");
    let _ = std::fs::remove_dir_all(&tmp);
    let result = build_in(c, &iface, &plan, &tmp);
    match result {
        Ok(outcome) => {
            if out.exists() {
                std::fs::remove_dir_all(out).map_err(io(out))?;
            }
            std::fs::rename(&tmp, out).map_err(io(out))?;
            Ok(outcome)
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&tmp);
            Err(e)
        }
    }
}

fn build_in(
    c: &Compiled,
    iface: &Interface,
    plan: &[Assignment],
    dir: &Path,
) -> Result<Outcome, Error> {
    let board = &c.board;
    write_outputs(c, dir)?;
    let sources: Vec<String> = std::fs::read_to_string(dir.join("filelist.f"))
        .map_err(io(dir))?
        .lines()
        .map(String::from)
        .collect();
    let top_sv = &c.rtl.files[0].1;
    let files = match board.flow {
        Flow::Vitis => flow::vitis::project(board, iface, plan, &sources)
            .map_err(|e| Error::Flow(e.to_string()))?,
        Flow::Quartus => flow::quartus::project(board, iface, top_sv, &sources)
            .map_err(|e| Error::Flow(e.to_string()))?,
        Flow::Ecp5 => flow::ecp5::project(board, iface, top_sv, plan).map_err(Error::Usage)?,
        Flow::None => unreachable!("refused above"),
    };
    for (name, text) in &files {
        write(dir, name, &with_newline(text))?;
    }
    let mut summary = json!({
        "kernel": iface.top,
        "board": board.name,
        "part": board.part,
        "flow": board.flow.name(),
        "clock_mhz": board.clock_mhz,
        "memory_plan": plan,
        "files": files.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>(),
    });
    let mut outcome = Outcome::default();
    outcome.lines.push(format!(
        "{} on {} ({} flow), kernel clock {} MHz",
        iface.top,
        board.name,
        board.flow.name(),
        board.clock_mhz
    ));
    for a in plan {
        outcome
            .lines
            .push(format!("  {} ({}) -> {}", a.arg, a.port, a.bank));
    }
    for (class, fmax) in board.core_limits() {
        outcome.lines.push(format!(
            "  note: the {class} core reaches about {fmax} MHz on this family, below the {} MHz clock",
            board.clock_mhz
        ));
    }
    if matches!(board.flow, Flow::Vitis | Flow::Quartus) {
        estimate_fit(c, &mut outcome, &mut summary)?;
    }
    match board.flow {
        Flow::Vitis => vendor(
            dir,
            &mut outcome,
            &["vivado", "v++"],
            "make xclbin host",
            &iface.top,
        )?,
        Flow::Quartus => vendor(
            dir,
            &mut outcome,
            &["quartus_sh"],
            "make compile",
            &iface.top,
        )?,
        Flow::Ecp5 => ecp5_run::run(c, iface, dir, &mut outcome, &mut summary)?,
        Flow::None => {}
    }
    add_plan_to_report(dir, plan)?;
    summary["status"] = json!(outcome.status);
    write(
        dir,
        "build.json",
        &serde_json::to_string_pretty(&summary).unwrap_or_default(),
    )?;
    write(dir, "build.txt", &(outcome.lines.join("\n") + "\n"))?;
    Ok(outcome)
}

/// Without vendor synthesis, the fit is estimated from the operator cores' area (the
/// family's per-core figures, `report.json` "operator_area") against the board's resources:
/// a kernel whose cores alone exceed them exits 1 naming the resource.
fn estimate_fit(c: &Compiled, outcome: &mut Outcome, summary: &mut Value) -> Result<(), Error> {
    let Some(r) = c.board.resources else {
        return Ok(());
    };
    let area = crate::report::operator_area(c);
    let luts = area["luts"].as_u64().unwrap_or(0);
    let dsps = area["dsps"].as_u64().unwrap_or(0);
    let unknown = area["classes_without_area"]
        .as_array()
        .map_or(0, |a| a.len());
    if unknown > 0 {
        outcome.lines.push(format!(
            "  fit: not estimated ({unknown} operator classes without a per-core area on this family); vendor synthesis reports it"
        ));
        return Ok(());
    }
    for (what, need, have) in [("LUTs", luts, r.luts), ("DSPs", dsps, r.dsps)] {
        if need > have {
            return Err(Error::Fit(format!(
                "{} does not fit {}: its operator cores alone need about {need} {what} and the board has {have}",
                c.kernel.name, c.board.name
            )));
        }
    }
    outcome.lines.push(format!(
        "  estimate (operator cores only, before vendor synthesis): {luts} of {} LUTs, {dsps} of {} DSPs",
        r.luts, r.dsps
    ));
    summary["estimate"] = json!({"luts": luts, "dsps": dsps, "available": r});
    Ok(())
}

/// A vendor flow: run its Makefile when the tools are on PATH, else say what to run.
fn vendor(
    dir: &Path,
    outcome: &mut Outcome,
    needed: &[&str],
    target: &str,
    top: &str,
) -> Result<(), Error> {
    let missing: Vec<&str> = needed
        .iter()
        .copied()
        .filter(|t| tools::which(t).is_none())
        .collect();
    if !missing.is_empty() {
        outcome.lines.push(format!(
            "  {} not found: the project is prepared, not built",
            missing.join(" and ")
        ));
        outcome.next = Some(format!("cd OUT && {target}"));
        return Ok(());
    }
    let make = tools::require("make", "apt-get install make")?;
    let args: Vec<String> = target
        .split_whitespace()
        .skip(1)
        .map(String::from)
        .collect();
    let what = format!("vendor build of {top} ({target})");
    tools::run(&Step {
        what: &what,
        program: &make,
        args,
        cwd: dir,
        log: "vendor.log",
    })?;
    outcome.lines.push(format!("  {target}: done (vendor.log)"));
    Ok(())
}

/// report.json gains the memory plan: which bank each buffer argument got.
fn add_plan_to_report(dir: &Path, plan: &[Assignment]) -> Result<(), Error> {
    let path = dir.join("report.json");
    let text = std::fs::read_to_string(&path).map_err(io(&path))?;
    let mut report: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    if let Some(map) = report.as_object_mut() {
        map.insert("memory_plan".into(), json!(plan));
    }
    write(
        dir,
        "report.json",
        &serde_json::to_string_pretty(&report).unwrap_or_default(),
    )
}

/// Templates end without the last newline; files end with one.
fn with_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    }
}

pub(crate) fn write(dir: &Path, name: &str, text: &str) -> Result<(), Error> {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io(parent))?;
    }
    std::fs::write(&path, text).map_err(io(&path))
}

/// The kernel's memory plan on its board (round robin, or as `--memory` asked), made when
/// it was compiled; an error on a board without memories.
pub fn memory_plan(c: &Compiled) -> Result<Vec<Assignment>, Error> {
    c.plan.clone().ok_or_else(|| {
        Error::Usage(format!(
            "board '{}' lists no global memories: a flow needs `memories:` in its board file",
            c.board.name
        ))
    })
}

/// Writes the kernel and, on an open board, its board-level top into `dir` (as `build`
/// does, without the tools) and returns the Verilator sources of the board top.
pub fn board_top_sources(
    c: &Compiled,
    dir: &Path,
    plan: &[Assignment],
) -> Result<Vec<PathBuf>, Error> {
    if c.board.flow != Flow::Ecp5 {
        return Err(Error::Usage(format!(
            "--engine board co-simulates an open board's top (flow: ecp5); board '{}' has flow {}",
            c.board.name,
            c.board.flow.name()
        )));
    }
    no_streams(c)?;
    write_outputs(c, dir)?;
    let iface = interface(c);
    let mut sources: Vec<PathBuf> = std::fs::read_to_string(dir.join("filelist.f"))
        .map_err(io(dir))?
        .lines()
        .map(|l| dir.join(l))
        .collect();
    for (name, text) in flow::ecp5::project(&c.board, &iface, &c.rtl.files[0].1, plan)
        .map_err(Error::Usage)?
        .iter()
        .chain(
            flow::ecp5::LIBRARY
                .iter()
                .map(|(n, t)| (format!("rtl/board/{n}"), t.to_string()))
                .collect::<Vec<_>>()
                .iter(),
        )
    {
        write(dir, name, text)?;
        if name.ends_with(".sv") {
            sources.push(dir.join(name));
        }
    }
    Ok(sources)
}

/// The board flows connect a kernel's buffers and scalars to the host; an AXI4-Stream
/// port of a pipe argument would need another kernel, or a stream of the platform, at its
/// other end, which no flow wires yet (kernel.xml would list it as a master).
fn no_streams(c: &Compiled) -> Result<(), Error> {
    let pipes: Vec<&str> = c
        .rtl
        .interface
        .streams
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    if pipes.is_empty() {
        return Ok(());
    }
    Err(Error::Usage(format!(
        "kernel '{}' has pipe arguments ({}), AXI4-Stream ports that the board flows do not connect yet; co-simulate it with `hls-build sim`",
        c.kernel.name,
        pipes.join(", ")
    )))
}

/// The flows' view of the kernel's interface: interface.json read back.
fn interface(c: &Compiled) -> Interface {
    serde_json::from_value(
        serde_json::to_value(&c.rtl.interface).expect("the interface serializes"),
    )
    .expect("interface.json has the fields a flow reads")
}
