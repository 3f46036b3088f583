//! OUT/report.html: the compile report as one self-contained page (no script, no network):
//! the kernel's summary against the board, each pipelined unit's schedule chart and modulo
//! reservation table with the recurrence that bounds it, the memory system, and the source
//! with each line's loop, II and operations.

mod charts;

use crate::Compiled;
use askama::Template;
use charts::esc;
use frontend::ir::OpKind;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Template)]
#[template(path = "report.html")]
struct Page {
    kernel: String,
    subtitle: String,
    summary: String,
    loops: Vec<LoopView>,
    memories: String,
    source: String,
    version: &'static str,
}

struct LoopView {
    title: String,
    figures: String,
    why: String,
    chart: String,
    table: String,
}

/// The page, from the compiled kernel and its report.json.
pub fn render(c: &Compiled, report: &Value) -> Result<String, askama::Error> {
    let k = &c.kernel;
    let page = Page {
        kernel: k.name.clone(),
        subtitle: format!(
            "board {} at {} MHz · {:?} · top module {}",
            c.board.name,
            c.board.clock_mhz,
            k.mode,
            report["top"].as_str().unwrap_or("?")
        ),
        summary: summary(c, report),
        loops: loops(c),
        memories: memories(report),
        source: source(c),
        version: env!("CARGO_PKG_VERSION"),
    };
    page.render()
}

fn summary(c: &Compiled, report: &Value) -> String {
    let mut s = String::from(
        "<table class=\"units\"><tr><th>unit</th><th>source</th><th>kind</th><th>II</th><th>MII (Res, Rec)</th><th>depth</th><th>stages</th><th>cycles for N iterations</th></tr>",
    );
    for u in report["units"].as_array().into_iter().flatten() {
        let pipelined = u["pipelined"] == true;
        let num = |k: &str| u[k].as_u64().map(|v| v.to_string()).unwrap_or("–".into());
        let cycles = if pipelined {
            format!("N × {} + {}", num("ii"), num("depth"))
        } else {
            num("depth")
        };
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({}, {})</td><td>{}</td><td>{}</td><td>{cycles}</td></tr>",
            esc(u["name"].as_str().unwrap_or("")),
            esc(u["source"].as_str().unwrap_or("–")),
            esc(u["kind"].as_str().unwrap_or("")),
            num("ii"),
            num("mii"),
            num("res_mii"),
            num("rec_mii"),
            num("depth"),
            num("stages"),
        );
    }
    s.push_str("</table>");
    if let Some(w) = &c.kernel.work_groups {
        s.push_str(&work_groups(w));
    }
    // Operator area against the board's capacity, where the board gives both.
    let area = &report["operator_area"];
    if let Some(r) = &c.board.resources {
        let luts = area["luts"].as_u64().unwrap_or(0);
        let dsps = area["dsps"].as_u64().unwrap_or(0);
        let _ = write!(
            s,
            "<h3>Resources (operator cores, the board's per-core figures)</h3><table class=\"resources\"><tr><th>resource</th><th>used</th><th>board</th><th></th></tr>\
             <tr><td>LUTs</td><td>{luts}</td><td>{}</td><td>{}</td></tr>\
             <tr><td>DSP blocks</td><td>{dsps}</td><td>{}</td><td>{}</td></tr></table>",
            r.luts,
            charts::capacity_bar(luts, r.luts),
            r.dsps,
            charts::capacity_bar(dsps, r.dsps),
        );
    } else {
        let _ = write!(
            s,
            "<p>Operator cores: about {} LUTs, {} DSP blocks (the board gives no capacity).</p>",
            area["luts"], area["dsps"]
        );
    }
    s
}

/// A kernel with barriers: how many groups fly, what their copies of local memory take, why
/// not more, and each region.
fn work_groups(w: &frontend::ir::WorkGroups) -> String {
    let mut s = format!(
        "<h3>Work-groups</h3><p>{} in flight (up to {} work-items each); local memory and kept \
         state: {} bytes{}.</p>",
        w.in_flight,
        w.capacity,
        w.local_bytes,
        if w.in_flight > 1 {
            ", a copy per group in flight"
        } else {
            ""
        }
    );
    if let Some(why) = &w.in_flight_limit {
        let _ = write!(
            s,
            "<p class=\"why\">Not more groups in flight: {}</p>",
            esc(why)
        );
    }
    s.push_str("<table class=\"regions\"><tr><th>region</th><th>unit</th><th>runs</th></tr>");
    for (i, r) in w.regions.iter().enumerate() {
        let how = crate::report::region_runs(r);
        let _ = write!(
            s,
            "<tr><td>{i}</td><td>{}</td><td>{how}</td></tr>",
            esc(&r.unit)
        );
    }
    s.push_str("</table>");
    s
}

fn loops(c: &Compiled) -> Vec<LoopView> {
    c.kernel
        .units
        .iter()
        .zip(&c.schedules)
        .filter(|(_, s)| s.pipelined)
        .map(|(u, s)| {
            let rec = scheduler::mii::rec_mii(&s.problem);
            // The recurrence is critical when it is what bounds II.
            let critical = if rec.ii >= s.res_mii && rec.ii > 1 {
                rec.cycle.clone()
            } else {
                Vec::new()
            };
            LoopView {
                title: match u.loc {
                    Some(l) => format!("{} (loop at {})", u.name, c.kernel.line_of(l)),
                    None => u.name.clone(),
                },
                figures: format!(
                    "II {} (MII {} = max(ResMII {}, RecMII {})), depth {} cycles, {} stages, {} register bits",
                    s.ii, s.mii, s.res_mii, s.rec_mii, s.depth, s.stages, s.register_bits
                ),
                why: s.bottleneck.clone(),
                chart: charts::schedule_svg(s, &critical),
                table: charts::reservation_table(s),
            }
        })
        .collect()
}

fn memories(report: &Value) -> String {
    let mut s = String::from(
        "<table class=\"memories\"><tr><th>memory</th><th>implementation</th><th>element</th><th>banks</th><th>ports</th><th>pump</th><th>replicates</th><th>accesses</th></tr>",
    );
    for m in report["memories"].as_array().into_iter().flatten() {
        let text = |v: &Value| match v {
            Value::Null => "–".to_string(),
            Value::String(t) => t.clone(),
            // {"read": 1, "write": 0} reads as "read 1, write 0".
            Value::Object(o) => o
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{} {}",
                        k.replace('_', " "),
                        v.as_str().map_or(v.to_string(), str::to_string)
                    )
                })
                .collect::<Vec<_>>()
                .join(", "),
            other => other.to_string(),
        };
        let accesses: Vec<String> = m["accesses"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|a| {
                format!(
                    "{} {} in {}{} → bank {}",
                    text(&a["kind"]),
                    text(&a["op"]),
                    text(&a["unit"]),
                    a["source"]
                        .as_str()
                        .map(|l| format!(" at {l}"))
                        .unwrap_or_default(),
                    text(&a["bank"])
                )
            })
            .collect();
        let implementation = match m.get("merged_into") {
            Some(into) => format!("merged into {}", text(into)),
            None => text(&m["implementation"]),
        };
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&text(&m["name"])),
            esc(&implementation),
            esc(&text(&m["element"])),
            esc(&text(&m["banks"])),
            esc(&text(&m["ports"])),
            esc(&text(&m["pump"])),
            esc(&text(&m["replicates"])),
            esc(&accesses.join("; ")),
        );
    }
    s.push_str("</table>");
    s
}

/// The source files with each line's annotations: the loop it heads (with its II) and the
/// operations it became, by kind, with the unit they run in.
fn source(c: &Compiled) -> String {
    let k = &c.kernel;
    if k.sources.is_empty() {
        return "<p class=\"note\">The module has no line information (compile OpenCL C with \
                hls-build, or pass clang -gline-tables-only), so operations are named by \
                SPIR-V id only.</p>"
            .into();
    }
    // (file, line) -> notes.
    let mut notes: BTreeMap<(u32, u32), Vec<String>> = BTreeMap::new();
    let mut ops: BTreeMap<(u32, u32, String), BTreeMap<String, u32>> = BTreeMap::new();
    for (u, sched) in k.units.iter().zip(&c.schedules) {
        if let (Some(l), frontend::ir::UnitKind::Loop { .. }) = (u.loc, &u.kind) {
            notes.entry((l.file, l.line)).or_default().push(format!(
                "loop {}: II {}, depth {}",
                u.name, sched.ii, sched.depth
            ));
        }
        for (_, op) in u.body.ops() {
            let Some(l) = op.loc else { continue };
            let kind = match &op.kind {
                OpKind::Load(m) => format!("load {}", k.memory(*m).name),
                OpKind::Store(m) => format!("store {}", k.memory(*m).name),
                OpKind::Const(_) | OpKind::Arg(_) | OpKind::Outer(_) => continue,
                other => format!("{other:?}")
                    .split('(')
                    .next()
                    .unwrap_or("op")
                    .to_lowercase(),
            };
            *ops.entry((l.file, l.line, u.name.clone()))
                .or_default()
                .entry(kind)
                .or_default() += 1;
        }
    }
    for ((file, line, unit), kinds) in ops {
        let list: Vec<String> = kinds
            .iter()
            .map(|(k, n)| {
                if *n > 1 {
                    format!("{n}× {k}")
                } else {
                    k.clone()
                }
            })
            .collect();
        notes
            .entry((file, line))
            .or_default()
            .push(format!("in {unit}: {}", list.join(", ")));
    }
    let mut s = String::new();
    for (f, path) in k.sources.iter().enumerate() {
        let _ = write!(s, "<h3>{}</h3>", esc(path));
        let Ok(text) = std::fs::read_to_string(path) else {
            let _ = write!(s, "<p class=\"note\">(cannot read {})</p>", esc(path));
            continue;
        };
        s.push_str("<table class=\"src\">");
        for (n, line) in text.lines().enumerate() {
            let n = n as u32 + 1;
            let ann = notes.get(&(f as u32, n));
            let _ = write!(
                s,
                "<tr{}><td class=\"n\">{n}</td><td>{}</td><td class=\"ann\">{}</td></tr>",
                if ann.is_some() { " class=\"hot\"" } else { "" },
                esc(line),
                esc(&ann.map(|a| a.join(" · ")).unwrap_or_default())
            );
        }
        s.push_str("</table>");
    }
    s
}
