//! The top of a system of kernels connected by pipes: one instance of each kernel's top,
//! a FIFO per connection between a write pipe's `m_axis_*` and a read pipe's `s_axis_*`,
//! and every other port of every kernel brought out under the kernel's name
//! (`producer_s_axi_control_*`, `producer_interrupt`, `consumer_m_axi_out_*`), so a
//! platform (or the co-simulation) controls each kernel as its own Vitis RTL kernel.
//! The connections also report their FIFOs' state (`pipe_empty`, `pipe_full`,
//! `pipe_beat`, one bit per connection) for a deadlock to be seen and named.

use crate::{log2_ceil, Interface, RtlError};
use std::fmt::Write;

/// One kernel of the system: its name (which prefixes its ports), its top's source and
/// its interface.
pub struct Member<'a> {
    pub name: &'a str,
    pub top_sv: &'a str,
    pub iface: &'a Interface,
}

/// A connection: kernel `from`'s write pipe `out` into kernel `to`'s read pipe `inp`,
/// through a FIFO of at least `depth` packets.
#[derive(Debug, Clone)]
pub struct Connection {
    pub from: usize,
    pub out: String,
    pub to: usize,
    pub inp: String,
    pub depth: u32,
}

/// A port of a kernel top, as its module header declares it.
#[derive(Debug, Clone, PartialEq)]
struct Port {
    output: bool,
    /// `[31:0]`, or empty for one bit.
    range: String,
    name: String,
}

/// The ports of the module in `sv` (a top this crate generated: one port per line,
/// `input  logic [W-1:0] name,`).
fn ports(sv: &str) -> Vec<Port> {
    let header = match (sv.find("module "), sv.find(");")) {
        (Some(a), Some(b)) if a < b => &sv[a..b],
        _ => return Vec::new(),
    };
    header
        .lines()
        .filter_map(|l| {
            let l = l.trim().trim_end_matches(',');
            let (output, rest) = if let Some(r) = l.strip_prefix("input") {
                (false, r)
            } else {
                (true, l.strip_prefix("output")?)
            };
            let rest = rest.trim().strip_prefix("logic")?.trim();
            let (range, name) = match rest.strip_prefix('[') {
                Some(r) => {
                    let (range, name) = r.split_once(']')?;
                    (format!("[{range}]"), name.trim())
                }
                None => (String::new(), rest),
            };
            Some(Port {
                output,
                range,
                name: name.to_string(),
            })
        })
        .collect()
}

/// Bits of a FIFO's depth: the next power of two of `depth` (at least 2): a pipe's
/// declared depth is the least it holds.
pub fn fifo_depth_log2(depth: u32) -> u32 {
    log2_ceil(depth.max(2))
}

/// Packets the hardware holds between two kernels for a connection of `depth`: the
/// connection's FIFO, the writer's stream queue (`hls_fifo`, all its places) and the
/// reader's (`hls_fifo_r`: its storage, and the four places of its head queue that it
/// fills ahead of the pops). The software model's link holds as many, so the model
/// and the hardware block, and deadlock, alike.
pub fn capacity(writer: &Interface, out: &str, reader: &Interface, inp: &str, depth: u32) -> usize {
    let stream = |i: &Interface, n: &str| i.streams.iter().find(|s| s.name == n).cloned();
    let w = stream(writer, out).map_or(0, |s| 1usize << s.w_depth_log2);
    let r = stream(reader, inp).map_or(0, |s| (1usize << s.r_depth_log2) + 4);
    (1usize << fifo_depth_log2(depth)) + w + r
}

/// The system top `name` over `members`, wired by `connections` (already checked: each
/// end a pipe of the right direction and width, each pipe in one connection at most).
pub fn system_top(
    name: &str,
    members: &[Member],
    connections: &[Connection],
) -> Result<String, RtlError> {
    let mut decls = Vec::new();
    let mut body = String::new();
    let mut clk_2x = false;
    // The ports a connection takes: (kernel, port name) -> wire.
    let internal = |k: usize, port: &str| {
        connections.iter().enumerate().find_map(|(i, c)| {
            let out = format!("m_axis_{}_", c.out);
            let inp = format!("s_axis_{}_", c.inp);
            ((c.from == k && port.starts_with(&out)) || (c.to == k && port.starts_with(&inp)))
                .then_some(i)
        })
    };
    for (k, m) in members.iter().enumerate() {
        let ps = ports(m.top_sv);
        if ps.is_empty() {
            return Err(RtlError::Unsupported(format!(
                "kernel '{}': its top declares no ports",
                m.name
            )));
        }
        let mut conns = Vec::new();
        for p in &ps {
            let wire = match p.name.as_str() {
                "ap_clk" | "ap_rst_n" => p.name.clone(),
                "ap_clk_2x" => {
                    clk_2x = true;
                    p.name.clone()
                }
                n => {
                    let w = format!("{}_{n}", m.name);
                    if internal(k, n).is_some() {
                        let _ = writeln!(body, "    logic {:<6} {w};", p.range);
                    } else {
                        let dir = if p.output { "output" } else { "input " };
                        decls.push(format!("    {dir} logic {:<6} {w}", p.range));
                    }
                    w
                }
            };
            conns.push(format!("        .{}({wire})", p.name));
        }
        let _ = writeln!(
            body,
            "    {} u_{} (\n{}\n    );",
            m.iface.top,
            m.name,
            conns.join(",\n")
        );
    }
    let n = connections.len().max(1);
    for (i, c) in connections.iter().enumerate() {
        let (p, q) = (members[c.from].name, members[c.to].name);
        let width = members[c.from]
            .iface
            .streams
            .iter()
            .find(|s| s.name == c.out)
            .map_or(32, |s| s.width);
        let (src, dst) = (
            format!("{p}_m_axis_{}", c.out),
            format!("{q}_s_axis_{}", c.inp),
        );
        let _ = writeln!(
            body,
            "    // pipe {p}.{} -> {q}.{}: a FIFO of {} packets (declared {})",
            c.out,
            c.inp,
            1u32 << fifo_depth_log2(c.depth),
            c.depth
        );
        let _ = writeln!(
            body,
            "    /* verilator lint_off UNUSEDSIGNAL */\n    logic link{i}_full_next, link{i}_empty_next, link{i}_idle_next;\n    /* verilator lint_on UNUSEDSIGNAL */\n    hls_fifo #(.WIDTH({width}), .DEPTH_LOG2({})) link{i}_q (\n        .clk(ap_clk), .rst_n(ap_rst_n),\n        .push({src}_tvalid && {src}_tready), .din({src}_tdata),\n        .pop({dst}_tvalid && {dst}_tready), .dout({dst}_tdata),\n        .full(pipe_full[{i}]), .empty(pipe_empty[{i}]),\n        .full_next(link{i}_full_next), .empty_next(link{i}_empty_next), .idle_next(link{i}_idle_next));\n    assign {src}_tready = !pipe_full[{i}];\n    assign {dst}_tvalid = !pipe_empty[{i}];\n    assign pipe_beat[{i}] = ({src}_tvalid && {src}_tready) || ({dst}_tvalid && {dst}_tready);",
            fifo_depth_log2(c.depth)
        );
    }
    if connections.is_empty() {
        body.push_str("    assign pipe_full = 1'b0;\n    assign pipe_empty = 1'b1;\n    assign pipe_beat = 1'b0;\n");
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Generated by hls-build: system `{name}`, the kernels {} connected by pipes.",
        members
            .iter()
            .map(|m| format!("`{}`", m.name))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        s,
        "// Each kernel keeps its own control slave, interrupt and AXI ports, prefixed by its name."
    );
    let _ = writeln!(s, "// pipe_empty/pipe_full/pipe_beat bit i: connection i,");
    for (i, c) in connections.iter().enumerate() {
        let _ = writeln!(
            s,
            "//   {i}: {}.{} -> {}.{}",
            members[c.from].name, c.out, members[c.to].name, c.inp
        );
    }
    let _ = writeln!(s, "module {name} (");
    let mut all = vec!["    input  logic        ap_clk".to_string()];
    if clk_2x {
        all.push("    input  logic        ap_clk_2x".into());
    }
    all.push("    input  logic        ap_rst_n".into());
    all.extend(decls);
    all.push(format!("    output logic [{}:0] pipe_empty", n - 1));
    all.push(format!("    output logic [{}:0] pipe_full", n - 1));
    all.push(format!("    output logic [{}:0] pipe_beat", n - 1));
    let _ = writeln!(s, "{}\n);", all.join(",\n"));
    s.push_str(&body);
    s.push_str("endmodule\n");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_are_read_from_a_generated_header() {
        let sv = "// c\nmodule k (\n    input  logic        ap_clk,\n    output logic [31:0] s_axi_control_rdata,\n    /* x */\n    output logic        interrupt\n);\nlogic y;\n";
        let p = ports(sv);
        assert_eq!(p.len(), 3);
        assert_eq!(p[1].range, "[31:0]");
        assert_eq!(p[1].name, "s_axi_control_rdata");
        assert!(p[2].output && p[2].range.is_empty());
    }

    #[test]
    fn a_declared_depth_is_the_least_a_fifo_holds() {
        assert_eq!(fifo_depth_log2(1), 1);
        assert_eq!(fifo_depth_log2(8), 3);
        assert_eq!(fifo_depth_log2(9), 4);
    }
}
