//! On-chip memories in RTL: banks × replicates of inferred RAM (no vendor primitives, a
//! `ram_style` hint for the kind the geometry chose), address decode and data steering
//! between the scheduled accesses and the bank ports, or a flip-flop array for `register`.
//!
//! Port use is decided here from the schedule: in each modulo slot of a unit, writes take
//! port 0, 1, ... of every replicate of their bank and reads take the ports left, replicate
//! by replicate. The scheduler's resource model guarantees they fit, so a port's inputs are
//! an OR of the gated requests assigned to it.

use crate::datapath::sv_ident;
use crate::RtlError;

/// Does the kernel need the 2x clock (a double-pumped memory)?
pub fn double_pumped(k: &Kernel) -> bool {
    k.memories.iter().any(|m| {
        m.geometry
            .as_ref()
            .is_some_and(|g| g.pump == 2 && g.implementation != MemImpl::Registers)
    })
}
use frontend::ir::*;
use scheduler::memories::BankAccess;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One scheduled load or store of an on-chip memory.
pub struct Access {
    /// (unit, modulo slot): accesses sharing a key may run in the same cycle.
    pub slot: (usize, u32),
    pub store: bool,
    /// The access happens this cycle (valid bit and predicate at its start).
    pub sel: String,
    /// Byte address (64 bits) at its start.
    pub addr: String,
    /// Data to store.
    pub data: String,
    /// For a load: the signal (declared by the datapath) that must carry the data `lat`
    /// cycles after the start.
    pub out: String,
    pub lat: u32,
    pub bank: BankAccess,
}

fn log2(x: u64) -> u32 {
    x.max(1).trailing_zeros()
}

fn clog2(x: u64) -> u32 {
    64 - (x.max(2) - 1).leading_zeros()
}

/// A `lat`-deep shift register `{name}[0..lat]` of `value` (width `bits`) advancing with the
/// pipeline, so a read's steering (or data) lines up with its RAM output.
fn delay_line(out: &mut String, name: &str, bits: u32, value: &str, lat: u32) {
    let _ = writeln!(out, "    logic [{}:0] {name} [{lat}];", bits - 1);
    let _ = writeln!(
        out,
        "    always_ff @(posedge ap_clk) if (en) begin {name}[0] <= {value}; for (int i = 1; i < {lat}; i++) {name}[i] <= {name}[i-1]; end"
    );
}

/// `{a[hi:lo], ...}` selecting the listed address bits (most significant first).
fn bits_expr(a: &str, bits: &[u32]) -> String {
    let mut parts: Vec<(u32, u32)> = Vec::new();
    for b in bits {
        match parts.last_mut() {
            Some((_, lo)) if *lo == b + 1 => *lo = *b,
            _ => parts.push((*b, *b)),
        }
    }
    let s: Vec<String> = parts
        .iter()
        .map(|(hi, lo)| {
            if hi == lo {
                format!("{a}[{hi}]")
            } else {
                format!("{a}[{hi}:{lo}]")
            }
        })
        .collect();
    if s.len() == 1 {
        s[0].clone()
    } else {
        format!("{{{}}}", s.join(", "))
    }
}

/// Address decode of a geometry: (word bits, lane bits, bank bits), most significant first.
fn decode(g: &Geometry, elem_bytes: u32) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let word_lo = log2(g.bank_bytes as u64);
    let lane: Vec<u32> = (log2(elem_bytes as u64)..word_lo).rev().collect();
    let aw = clog2(g.depth);
    let mut word = Vec::new();
    let mut b = word_lo;
    while word.len() < aw as usize {
        if !g.bank_bits.contains(&b) {
            word.push(b);
        }
        b += 1;
    }
    word.reverse();
    (word, lane, g.bank_bits.clone())
}

/// Emits memory `mem` and its ports; returns signals whose bits are only partly read.
pub fn emit(
    out: &mut String,
    k: &Kernel,
    mem: MemId,
    accesses: &[Access],
) -> Result<Vec<String>, RtlError> {
    let m = k.memory(mem);
    let g = m.geometry.as_ref().ok_or_else(|| {
        RtlError::Unsupported(format!("on-chip memory '{}' has no geometry", m.name))
    })?;
    let name = format!("mem_{}", sv_ident(&m.name));
    let eb = m.elem.bytes();
    let ew = m.elem.bits();
    let (word, lane, bank_bits) = decode(g, eb);
    let lanes = g.bank_bytes / eb;
    let bw = g.bank_bytes * 8;
    let aw = word.len() as u32;
    let mut sinks: Vec<String> = accesses.iter().map(|a| a.addr.clone()).collect();
    let _ = writeln!(
        out,
        "\n    // on-chip memory '{}': {:?}, {} bank(s) x {} replicate(s) of {} x {} bits, {} port(s) per bank{}",
        m.name,
        g.implementation,
        g.banks,
        g.replicates,
        g.depth,
        bw,
        if g.simple_dual_port { "1R+1W" } else { "2" },
        if g.pump == 2 { ", double-pumped (ap_clk_2x)" } else { "" }
    );
    let word_of = |a: &Access| bits_expr(&a.addr, &word);
    let lane_of = |a: &Access| bits_expr(&a.addr, &lane);
    let bank_of = |a: &Access| bits_expr(&a.addr, &bank_bits);
    if g.implementation == MemImpl::Registers {
        // Flip-flops: every access has a port of its own.
        let depth = g.depth * lanes as u64;
        let idx_bits: Vec<u32> = {
            let mut v = word.clone();
            v.extend(lane.iter().copied());
            v
        };
        let _ = writeln!(out, "    logic [{}:0] {name} [{depth}];", ew - 1);
        let mut wr = String::new();
        for a in accesses.iter().filter(|a| a.store) {
            let _ = write!(
                wr,
                " if ({}) {name}[{}] <= {};",
                a.sel,
                bits_expr(&a.addr, &idx_bits),
                a.data
            );
        }
        if !wr.is_empty() {
            let _ = writeln!(out, "    always_ff @(posedge ap_clk) if (en) begin{wr} end");
        }
        for a in accesses.iter().filter(|a| !a.store) {
            delay_line(
                out,
                &format!("{}_q", a.out),
                ew,
                &format!("{name}[{}]", bits_expr(&a.addr, &idx_bits)),
                a.lat,
            );
            let _ = writeln!(out, "    assign {} = {}_q[{}];", a.out, a.out, a.lat - 1);
        }
        return Ok(sinks);
    }
    // Port assignment, slot by slot: (bank, replicate, port) -> accesses.
    let ports_per = if g.simple_dual_port {
        g.pump
    } else {
        2 * g.pump
    };
    let mut assign: BTreeMap<(u32, u32, u32, bool), Vec<usize>> = BTreeMap::new();
    // For each load, the (replicate, port) it reads on each bank.
    let mut read_port: Vec<BTreeMap<u32, (u32, u32)>> = vec![BTreeMap::new(); accesses.len()];
    let mut slots: BTreeMap<(usize, u32), Vec<usize>> = BTreeMap::new();
    for (i, a) in accesses.iter().enumerate() {
        slots.entry(a.slot).or_default().push(i);
    }
    for (slot, list) in &slots {
        for b in 0..g.banks {
            let on_bank = |a: &Access| match a.bank {
                BankAccess::Static(x) => x == b,
                BankAccess::Dynamic => true,
            };
            let writes: Vec<usize> = list
                .iter()
                .copied()
                .filter(|i| accesses[*i].store && on_bank(&accesses[*i]))
                .collect();
            let reads: Vec<usize> = list
                .iter()
                .copied()
                .filter(|i| !accesses[*i].store && on_bank(&accesses[*i]))
                .collect();
            // Simple dual port: writes have ports of their own.
            let first_read_port = if g.simple_dual_port {
                0
            } else {
                writes.len() as u32
            };
            for (wi, i) in writes.iter().enumerate() {
                for r in 0..g.replicates {
                    assign.entry((b, r, wi as u32, true)).or_default().push(*i);
                }
            }
            let mut free =
                (0..g.replicates).flat_map(|r| (first_read_port..ports_per).map(move |p| (r, p)));
            for i in reads {
                let (r, p) = free.next().ok_or_else(|| {
                    RtlError::Unsupported(format!(
                        "on-chip memory '{}': more accesses in slot {slot:?} of bank {b} than ports (schedule and memory model disagree)",
                        m.name
                    ))
                })?;
                assign.entry((b, r, p, false)).or_default().push(i);
                read_port[i].insert(b, (r, p));
            }
        }
    }
    let style = match g.implementation {
        MemImpl::BlockRam => "block",
        _ => "distributed",
    };
    // Request side of each port: an OR of the gated requests assigned to it.
    let sel_on = |a: &Access, b: u32| match a.bank {
        BankAccess::Dynamic => format!("({} && {} == {}'d{b})", a.sel, bank_of(a), bank_bits.len()),
        BankAccess::Static(_) => format!("({})", a.sel),
    };
    for b in 0..g.banks {
        for r in 0..g.replicates {
            let ram = format!("{name}_b{b}_r{r}");
            let _ = writeln!(
                out,
                "    (* ram_style = \"{style}\" *) logic [{}:0] {ram} [{}];",
                bw - 1,
                g.depth
            );
            // Per phase of a double-pumped RAM (one phase when single-pumped): writes, reads.
            let mut body = vec![String::new(); g.pump as usize];
            let mut reads_body = vec![String::new(); g.pump as usize];
            let mut capture = String::new();
            let phys = if g.simple_dual_port { 1 } else { 2 };
            for p in 0..ports_per {
                let phase = (p / phys) as usize;
                let pn = format!("{ram}_p{p}");
                // Simple dual port keeps read and write ports apart; true dual port shares.
                let ws = assign.get(&(b, r, p, true)).cloned().unwrap_or_default();
                let rs = assign.get(&(b, r, p, false)).cloned().unwrap_or_default();
                let (wp, rp) = if g.simple_dual_port {
                    (format!("{pn}w"), format!("{pn}r"))
                } else {
                    (pn.clone(), pn.clone())
                };
                let gate =
                    |list: &[usize], what: &dyn Fn(&Access) -> String, width: u32| -> String {
                        if list.is_empty() {
                            return format!("{width}'d0");
                        }
                        list.iter()
                            .map(|i| {
                                let a = &accesses[*i];
                                format!("({{{width}{{{}}}}} & {})", sel_on(a, b), what(a))
                            })
                            .collect::<Vec<_>>()
                            .join(" | ")
                    };
                if !ws.is_empty() {
                    let _ = writeln!(out, "    logic [{}:0] {wp}_wa;", aw - 1);
                    let _ = writeln!(out, "    logic {wp}_we;");
                    let _ = writeln!(out, "    logic [{}:0] {wp}_wd;", bw - 1);
                    let _ = writeln!(out, "    assign {wp}_wa = {};", gate(&ws, &word_of, aw));
                    let we: Vec<String> = ws.iter().map(|i| sel_on(&accesses[*i], b)).collect();
                    let _ = writeln!(out, "    assign {wp}_we = {};", we.join(" || "));
                    // The element goes to its lane of the bank word.
                    let wd = gate(
                        &ws,
                        &|a: &Access| {
                            if lanes == 1 {
                                a.data.clone()
                            } else {
                                format!("({bw}'({}) << ({} * {ew}))", a.data, lane_of(a))
                            }
                        },
                        bw,
                    );
                    let _ = writeln!(out, "    assign {wp}_wd = {wd};");
                    let body = &mut body[phase];
                    if lanes == 1 {
                        let _ = write!(body, " if ({wp}_we) {ram}[{wp}_wa] <= {wp}_wd;");
                    } else {
                        let _ = writeln!(out, "    logic [{}:0] {wp}_wl;", lanes - 1);
                        let wl = gate(
                            &ws,
                            &|a: &Access| format!("({lanes}'d1 << {})", lane_of(a)),
                            lanes,
                        );
                        let _ = writeln!(out, "    assign {wp}_wl = {wl};");
                        for l in 0..lanes {
                            let _ = write!(
                                body,
                                " if ({wp}_we && {wp}_wl[{l}]) {ram}[{wp}_wa][{}:{}] <= {wp}_wd[{}:{}];",
                                (l + 1) * ew - 1,
                                l * ew,
                                (l + 1) * ew - 1,
                                l * ew
                            );
                        }
                    }
                }
                if !rs.is_empty() {
                    let _ = writeln!(out, "    logic [{}:0] {rp}_ra;", aw - 1);
                    let _ = writeln!(out, "    logic [{}:0] {rp}_q;", bw - 1);
                    let _ = writeln!(out, "    assign {rp}_ra = {};", gate(&rs, &word_of, aw));
                    if g.pump == 1 {
                        let _ = write!(reads_body[phase], " {rp}_q <= {ram}[{rp}_ra];");
                    } else {
                        // Read in the fast clock domain, brought back to the kernel clock so
                        // that both phases' data appear together two kernel cycles after issue.
                        let _ = writeln!(out, "    logic [{}:0] {rp}_q2;", bw - 1);
                        let _ = write!(reads_body[phase], " {rp}_q2 <= {ram}[{rp}_ra];");
                        if phase == 0 {
                            let _ = writeln!(out, "    logic [{}:0] {rp}_q1;", bw - 1);
                            let _ = write!(capture, " {rp}_q1 <= {rp}_q2; {rp}_q <= {rp}_q1;");
                        } else {
                            let _ = write!(capture, " {rp}_q <= {rp}_q2;");
                        }
                    }
                }
            }
            // One process per RAM: reads see the contents before this cycle's writes.
            if g.pump == 1 {
                if !body[0].is_empty() || !reads_body[0].is_empty() {
                    let _ = writeln!(
                        out,
                        "    always_ff @(posedge ap_clk) if (en) begin{}{} end",
                        body[0], reads_body[0]
                    );
                }
            } else {
                // The first fast edge of a kernel cycle serves phase 0, the second phase 1.
                let _ = writeln!(
                    out,
                    "    always_ff @(posedge ap_clk_2x) if (en) begin if (pump_first) begin{}{} end else begin{}{} end end",
                    body[0], reads_body[0], body[1], reads_body[1]
                );
                if !capture.is_empty() {
                    let _ = writeln!(
                        out,
                        "    always_ff @(posedge ap_clk) if (en) begin{capture} end"
                    );
                }
            }
        }
    }
    // Read data back to each load: the bank and lane it addressed, delayed with the RAM.
    for (i, a) in accesses.iter().enumerate().filter(|(_, a)| !a.store) {
        let q = |b: u32| -> String {
            let (r, p) = read_port[i][&b];
            if g.simple_dual_port {
                format!("{name}_b{b}_r{r}_p{p}r_q")
            } else {
                format!("{name}_b{b}_r{r}_p{p}_q")
            }
        };
        let lat = a.lat;
        let mut word_expr = match a.bank {
            BankAccess::Static(b) => q(b),
            BankAccess::Dynamic => {
                let nb = bank_bits.len() as u32;
                delay_line(out, &format!("{}_bk", a.out), nb, &bank_of(a), lat);
                let mut e = q(g.banks - 1);
                for b in (0..g.banks - 1).rev() {
                    e = format!("({}_bk[{}] == {nb}'d{b}) ? {} : {e}", a.out, lat - 1, q(b));
                }
                e
            }
        };
        if lanes > 1 {
            delay_line(
                out,
                &format!("{}_ln", a.out),
                lane.len() as u32,
                &lane_of(a),
                a.lat,
            );
            let _ = writeln!(out, "    logic [{}:0] {}_w;", bw - 1, a.out);
            let _ = writeln!(out, "    assign {}_w = {word_expr};", a.out);
            word_expr = format!("{}_w[{}_ln[{}] * {ew} +: {ew}]", a.out, a.out, lat - 1);
            sinks.push(format!("{}_w", a.out));
        }
        let _ = writeln!(out, "    assign {} = {word_expr};", a.out);
    }
    Ok(sinks)
}
