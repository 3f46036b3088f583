//! The GTKWave save file beside `sim --wave OUT.fst`: the waveform opens with the kernel's
//! signals grouped by unit (each loop under its source line) and, inside a unit, by
//! pipeline stage, each operation's signal commented with what it computes.

use crate::Compiled;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

/// Signals the top module declares (`logic [31:0] u3_n17;` → `u3_n17` with its range).
fn declared(top_sv: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in top_sv.lines() {
        let Some(rest) = line.trim().strip_prefix("logic ") else {
            continue;
        };
        let (range, names) = match rest.strip_prefix('[') {
            Some(r) => match r.split_once(']') {
                Some((range, names)) => (format!("[{range}]"), names),
                None => continue,
            },
            None => (String::new(), rest),
        };
        for name in names.trim_end_matches(';').split(',') {
            let name = name.trim();
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.insert(name.to_string(), range.clone());
            }
        }
    }
    out
}

/// The save file's text for the design `c` whose trace is `fst`.
pub fn gtkw(c: &Compiled, fst: &Path) -> String {
    let top = &c.rtl.interface.top;
    let top_sv = c
        .rtl
        .files
        .iter()
        .find(|(name, _)| name.trim_end_matches(".sv") == top)
        .map_or("", |(_, text)| text.as_str());
    let signals = declared(top_sv);
    // Verilator puts the top module's signals under TOP.<top>.
    let path = |name: &str| format!("TOP.{top}.{name}{}", signals[name]);
    let mut s = String::new();
    let _ = writeln!(s, "[*] GTKWave save file written by hls-build");
    let _ = writeln!(s, "[dumpfile] \"{}\"", fst.display());
    let _ = writeln!(s, "[timestart] 0");
    let _ = writeln!(s, "@28");
    for port in ["ap_clk", "ap_rst_n", "interrupt"] {
        if signals.contains_key(port) || top_sv.contains(port) {
            let _ = writeln!(s, "TOP.{top}.{port}");
        }
    }
    for (k, (u, sched)) in c.kernel.units.iter().zip(&c.schedules).enumerate() {
        let prefix = format!("u{k}_");
        let title = match (u.loc, sched.pipelined) {
            (Some(l), true) => format!(
                "{} (II {}, loop at {})",
                u.name,
                sched.ii,
                c.kernel.line_of(l)
            ),
            (_, true) => format!("{} (II {})", u.name, sched.ii),
            _ => u.name.clone(),
        };
        let control: Vec<&String> = signals
            .keys()
            .filter(|n| n.starts_with(&prefix) && !n.starts_with(&format!("{prefix}n")))
            .collect();
        // Operations by stage (start cycle / II), then by start.
        let mut by_stage: BTreeMap<u32, Vec<(u32, usize)>> = BTreeMap::new();
        for (id, _) in u.body.ops() {
            let name = format!("{prefix}n{}", id.0);
            if !signals.contains_key(&name) {
                continue;
            }
            let start = sched.start.get(id.index()).copied().unwrap_or(0);
            let stage = if sched.pipelined {
                start / sched.ii.max(1)
            } else {
                0
            };
            by_stage.entry(stage).or_default().push((start, id.index()));
        }
        if control.is_empty() && by_stage.is_empty() {
            continue;
        }
        let _ = writeln!(s, "@800200\n-{title}");
        let _ = writeln!(s, "@28");
        for n in control {
            let _ = writeln!(s, "{}", path(n));
        }
        for (stage, mut ops) in by_stage {
            ops.sort_unstable();
            let _ = writeln!(s, "@200\n-stage {stage}");
            for (start, i) in ops {
                let label = scheduler::op_label(&c.kernel, &u.body, frontend::ir::OpId(i as u32));
                let _ = writeln!(s, "@200\n-  {label} (cycle {start})");
                let _ = writeln!(s, "@22\n{}", path(&format!("{prefix}n{i}")));
            }
        }
        let _ = writeln!(s, "@1000200\n-{title}");
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn declarations_are_read_with_their_ranges() {
        let d = super::declared(
            "    logic [31:0] u3_n17;\n    logic u3_start, u3_v0, u3_busy;\n    assign x = 1;\n",
        );
        assert_eq!(d["u3_n17"], "[31:0]");
        assert_eq!(d["u3_busy"], "");
        assert_eq!(d.len(), 4);
    }
}
