//! The report page's charts, drawn as inline SVG from the schedules: no script and no
//! network, so the page shows the same in a browser, a CI artifact viewer or a mail.

use scheduler::problem::Problem;
use scheduler::UnitSchedule;
use std::fmt::Write;

const ROW: u32 = 16;
const LABEL_W: u32 = 330;
const MAX_CELL: u32 = 18;

/// Escapes text for SVG and HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The operations that matter on a chart: those that take time or a resource (constants,
/// arguments and wires take neither), those on the critical recurrence, and the
/// iteration's issue point.
fn shown(p: &Problem, critical: &[usize]) -> Vec<usize> {
    (0..p.ops.len())
        .filter(|&i| {
            let o = &p.ops[i];
            o.latency > 0 || !o.uses.is_empty() || o.pinned.is_some() || critical.contains(&i)
        })
        .collect()
}

/// Gantt chart of one iteration: a row per operation, a bar from its start for its
/// latency, dashed lines at every II (the stage boundaries). Operations on the critical
/// recurrence are drawn red.
pub fn schedule_svg(s: &UnitSchedule, critical: &[usize]) -> String {
    let p = &s.problem;
    let rows = shown(p, critical);
    let depth = s.schedule.length(p).max(1);
    let cell = (900 / depth).clamp(2, MAX_CELL);
    let width = LABEL_W + depth * cell + 20;
    let height = (rows.len() as u32 + 2) * ROW + 10;
    let mut svg = format!(
        r#"<svg class="schedule" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    // Stage boundaries.
    if s.pipelined && s.ii > 0 {
        let mut c = 0;
        while c <= depth {
            let x = LABEL_W + c * cell;
            let _ = write!(
                svg,
                r#"<line class="stage" x1="{x}" y1="0" x2="{x}" y2="{height}"/><text class="axis" x="{}" y="11">{c}</text>"#,
                x + 2
            );
            c += s.ii;
        }
    }
    for (row, &i) in rows.iter().enumerate() {
        let o = &p.ops[i];
        let y = (row as u32 + 1) * ROW;
        let start = s.schedule.start.get(i).copied().unwrap_or(0);
        let x = LABEL_W + start * cell;
        let w = (o.latency.max(1) * cell).max(2);
        let class = match (critical.contains(&i), o.uses.is_empty()) {
            (true, _) => "op critical",
            (false, false) => "op resource",
            (false, true) => "op",
        };
        let _ = write!(
            svg,
            r#"<text class="label" x="4" y="{}">{}</text><rect class="{class}" x="{x}" y="{}" width="{w}" height="{}"><title>{} — starts at cycle {start}, latency {}</title></rect>"#,
            y + 11,
            esc(&truncate(&o.name, 52)),
            y + 2,
            ROW - 4,
            esc(&o.name),
            o.latency
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The modulo reservation table: a row per limited resource, a column per cycle of the
/// II; each cell lists the operations that hold the resource in that slot (their start
/// modulo II). A full row is the resource that bounds II.
pub fn reservation_table(s: &UnitSchedule) -> String {
    let p = &s.problem;
    let ii = s.schedule.ii.max(1);
    if p.resources.is_empty() {
        return "<p class=\"note\">No limited resource in this unit.</p>".into();
    }
    if ii > 64 {
        return format!(
            "<p class=\"note\">II {ii}: the table has {ii} columns and is left out; the resources and their uses are listed above.</p>"
        );
    }
    let mut t = String::from("<table class=\"mrt\"><tr><th>resource</th>");
    for c in 0..ii {
        let _ = write!(t, "<th>{c}</th>");
    }
    t.push_str("</tr>");
    for (r, res) in p.resources.iter().enumerate() {
        let _ = write!(
            t,
            "<tr><td class=\"res\">{} <span class=\"dim\">({} per cycle)</span></td>",
            esc(&res.name),
            res.limit
        );
        for c in 0..ii {
            let users: Vec<String> = (0..p.ops.len())
                .filter(|&i| {
                    p.ops[i].units_of(r) > 0
                        && s.schedule.start.get(i).is_some_and(|st| st % ii == c)
                })
                .map(|i| short_name(&p.ops[i].name))
                .collect();
            let used: u32 = (0..p.ops.len())
                .filter(|&i| s.schedule.start.get(i).is_some_and(|st| st % ii == c))
                .map(|i| p.ops[i].units_of(r))
                .sum();
            let class = if used >= res.limit { "full" } else { "free" };
            let _ = write!(t, "<td class=\"{class}\">{}</td>", esc(&users.join(" ")));
        }
        t.push_str("</tr>");
    }
    t.push_str("</table>");
    t
}

/// `v12` of `v12 Load 'a' at vadd.cl:4`.
fn short_name(name: &str) -> String {
    name.split_whitespace().next().unwrap_or(name).to_string()
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let t: String = s.chars().take(n - 1).collect();
        format!("{t}…")
    }
}

/// A horizontal bar of `used` against `capacity` (resources against the board).
pub fn capacity_bar(used: u64, capacity: u64) -> String {
    let pct = if capacity == 0 {
        0.0
    } else {
        used as f64 * 100.0 / capacity as f64
    };
    let w = (pct * 2.0).clamp(0.0, 200.0);
    format!(
        r#"<svg class="bar" xmlns="http://www.w3.org/2000/svg" width="204" height="14"><rect class="cap" x="1" y="1" width="202" height="12"/><rect class="use" x="2" y="2" width="{w:.1}" height="10"/></svg> {pct:.2}%"#
    )
}
