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
use ir::*;
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
    /// When the memory has several copies: the copy index of the issuing work-item at the
    /// access's start, and its width.
    pub copy: Option<(String, u32)>,
}

/// `&& copy == c` for an access of a memory with several copies (empty otherwise).
fn copy_cond(a: &Access, c: u32) -> String {
    match &a.copy {
        Some((sig, w)) => format!(" && {sig} == {w}'d{c}"),
        None => String::new(),
    }
}

/// Suffix naming copy `c` of a memory's RAMs ("" with one copy).
fn copy_suffix(copies: u32, c: u32) -> String {
    if copies > 1 {
        format!("_c{c}")
    } else {
        String::new()
    }
}

fn log2(x: u64) -> u32 {
    x.max(1).trailing_zeros()
}

fn clog2(x: u64) -> u32 {
    64 - (x.max(2) - 1).leading_zeros()
}

/// A `lat`-deep shift register `{name}[0..lat]` of `value` (width `bits`) advancing with the
/// pipeline, so a read's steering (or data) lines up with its RAM output.
pub(crate) fn delay_line(out: &mut String, name: &str, bits: u32, value: &str, lat: u32) {
    // A packed shift register (no loop: Verilator unrolls loops of at most 64 iterations).
    let _ = writeln!(out, "    logic [{}:0][{}:0] {name};", lat - 1, bits - 1);
    let shift = if lat == 1 {
        format!("{name}[0] <= {value};")
    } else {
        format!("{name} <= {{{name}[{}:0], {value}}};", lat - 2)
    };
    let _ = writeln!(out, "    always_ff @(posedge ap_clk) if (en) {shift}");
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

/// The value of address bits `bits` (most significant first) of byte address `a`.
fn gather(a: u64, bits: &[u32]) -> u64 {
    bits.iter().fold(0, |acc, b| acc << 1 | (a >> b & 1))
}

/// `initial` contents of a constant table: per bank, (word, lane) -> element value, from
/// the table's bytes laid out as the geometry decodes addresses.
fn initial_words(g: &Geometry, eb: u32, init: &[u8]) -> Vec<BTreeMap<(u64, u64), u64>> {
    let (word, lane, bank_bits) = decode(g, eb);
    let mut banks = vec![BTreeMap::new(); g.banks as usize];
    for (e, chunk) in init.chunks(eb as usize).enumerate() {
        let a = e as u64 * eb as u64;
        let mut v = [0u8; 8];
        v[..chunk.len()].copy_from_slice(chunk);
        banks[gather(a, &bank_bits) as usize]
            .insert((gather(a, &word), gather(a, &lane)), u64::from_le_bytes(v));
    }
    banks
}

/// An `initial` block giving array `arr` (elements of `lanes` × `ew` bits) these values.
fn initial_block(
    out: &mut String,
    arr: &str,
    ew: u32,
    lanes: u32,
    values: &BTreeMap<(u64, u64), u64>,
) {
    let _ = write!(out, "    initial begin");
    for ((w, l), v) in values {
        if lanes == 1 {
            let _ = write!(out, " {arr}[{w}] = {ew}'h{v:x};");
        } else {
            let lo = *l as u32 * ew;
            let _ = write!(out, " {arr}[{w}][{}:{lo}] = {ew}'h{v:x};", lo + ew - 1);
        }
    }
    let _ = writeln!(out, " end");
}

/// The SystemVerilog name of memory `mem`: `mem_<name>`, with the memory's index appended
/// when another memory's name maps to the same identifier (two inlined helpers may each
/// declare a `buf`). Bank b, replicate r is `<rtl_name>_b<b>_r<r>`; synthesis keeps these
/// names on the RAM primitives, which is how scripts/synth.py finds them.
pub fn rtl_name(k: &Kernel, mem: MemId) -> String {
    let ident = sv_ident(&k.memory(mem).name);
    let shared = k
        .memories
        .iter()
        .filter(|m| sv_ident(&m.name) == ident)
        .count();
    if shared > 1 {
        format!("mem_{ident}_{}", mem.0)
    } else {
        format!("mem_{ident}")
    }
}

/// What every part of one memory's emission needs: the memory, its geometry, and how an
/// address splits into word, lane and bank bits.
struct MemCx<'a> {
    m: &'a Memory,
    g: &'a Geometry,
    name: String,
    init: Option<&'a [u8]>,
    eb: u32,
    ew: u32,
    word: Vec<u32>,
    lane: Vec<u32>,
    bank_bits: Vec<u32>,
    lanes: u32,
    bw: u32,
    aw: u32,
}

impl MemCx<'_> {
    /// When access `a` uses bank `b` of copy `c`: its select, and the bank its address
    /// decodes to when that is only known at run time.
    fn sel_on(&self, a: &Access, b: u32, c: u32) -> String {
        match a.bank {
            BankAccess::Dynamic => format!(
                "({} && {} == {}'d{b}{})",
                a.sel,
                bits_expr(&a.addr, &self.bank_bits),
                self.bank_bits.len(),
                copy_cond(a, c)
            ),
            BankAccess::Static(_) => format!("({}{})", a.sel, copy_cond(a, c)),
        }
    }

    /// The OR of `what(a)`, each gated by its select, over the accesses `list` on bank `b`
    /// of copy `c` (at most one is active in a cycle: the schedule's reservation table).
    fn gate(
        &self,
        accesses: &[Access],
        list: &[usize],
        b: u32,
        c: u32,
        what: &dyn Fn(&Access) -> String,
        width: u32,
    ) -> String {
        if list.is_empty() {
            return format!("{width}'d0");
        }
        list.iter()
            .map(|i| {
                let a = &accesses[*i];
                format!("({{{width}{{{}}}}} & {})", self.sel_on(a, b, c), what(a))
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }
}

/// The synthesis attribute for a RAM of this implementation.
fn ram_style(i: MemImpl) -> &'static str {
    match i {
        MemImpl::BlockRam => "block",
        _ => "distributed",
    }
}

/// (bank, replicate, port, write) -> the accesses on that port.
type PortMap = BTreeMap<(u32, u32, u32, bool), Vec<usize>>;

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
    let name = rtl_name(k, mem);
    let init = m.on_chip().and_then(|o| o.init.as_deref());
    let eb = m.elem.bytes();
    let ew = m.elem.bits();
    let (word, lane, bank_bits) = decode(g, eb);
    let lanes = g.bank_bytes / eb;
    let bw = g.bank_bytes * 8;
    let aw = word.len() as u32;
    let cx = MemCx {
        m,
        g,
        name,
        init,
        eb,
        ew,
        word,
        lane,
        bank_bits,
        lanes,
        bw,
        aw,
    };
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
    if g.implementation == MemImpl::Registers {
        registers(out, &cx, accesses);
        return Ok(sinks);
    }
    let (assign, read_port) = assign_ports(&cx, accesses)?;
    rams(out, &cx, accesses, &assign);
    read_back(out, &cx, accesses, &read_port, &mut sinks);
    Ok(sinks)
}

/// Flip-flops: every access has a port of its own.
fn registers(out: &mut String, cx: &MemCx, accesses: &[Access]) {
    let MemCx {
        g,
        ref name,
        init,
        eb,
        ew,
        ref word,
        ref lane,
        lanes,
        ..
    } = *cx;
    // Flip-flops: every access has a port of its own.
    let depth = g.depth * lanes as u64;
    let idx_bits: Vec<u32> = {
        let mut v = word.clone();
        v.extend(lane.iter().copied());
        v
    };
    // Without the hint, synthesis packs a many-ported array into LUT RAM.
    // A constant table in flip-flops: element k of the array is element idx_bits(k).
    let rom: Option<BTreeMap<(u64, u64), u64>> = init.map(|bytes| {
        bytes
            .chunks(eb as usize)
            .enumerate()
            .map(|(e, chunk)| {
                let mut v = [0u8; 8];
                v[..chunk.len()].copy_from_slice(chunk);
                (
                    (gather(e as u64 * eb as u64, &idx_bits), 0),
                    u64::from_le_bytes(v),
                )
            })
            .collect()
    });
    for c in 0..g.copies {
        let arr = format!("{name}{}", copy_suffix(g.copies, c));
        let _ = writeln!(
            out,
            "    (* ram_style = \"registers\" *) logic [{}:0] {arr} [{depth}];",
            ew - 1
        );
        if let Some(words) = &rom {
            initial_block(out, &arr, ew, 1, words);
        }
        let mut wr = String::new();
        for a in accesses.iter().filter(|a| a.store) {
            let _ = write!(
                wr,
                " if ({}{}) {arr}[{}] <= {};",
                a.sel,
                copy_cond(a, c),
                bits_expr(&a.addr, &idx_bits),
                a.data
            );
        }
        if !wr.is_empty() {
            let _ = writeln!(out, "    always_ff @(posedge ap_clk) if (en) begin{wr} end");
        }
    }
    for a in accesses.iter().filter(|a| !a.store) {
        let idx = bits_expr(&a.addr, &idx_bits);
        let mut value = format!("{name}{}[{idx}]", copy_suffix(g.copies, g.copies - 1));
        for c in (0..g.copies.saturating_sub(1)).rev() {
            let (sig, w) = a.copy.clone().unwrap_or_default();
            value = format!(
                "({sig} == {w}'d{c}) ? {name}{}[{idx}] : {value}",
                copy_suffix(g.copies, c)
            );
        }
        delay_line(out, &format!("{}_q", a.out), ew, &value, a.lat);
        let _ = writeln!(out, "    assign {} = {}_q[{}];", a.out, a.out, a.lat - 1);
    }
}

/// Port assignment, slot by slot: (bank, replicate, port, write) -> accesses, and for
/// each load the (replicate, port) it reads on each bank.
fn assign_ports(
    cx: &MemCx,
    accesses: &[Access],
) -> Result<(PortMap, Vec<BTreeMap<u32, (u32, u32)>>), RtlError> {
    let MemCx { m, g, .. } = *cx;
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
    Ok((assign, read_port))
}

/// The RAM instances: per copy, bank and replicate, the request side of each port (an OR
/// of the gated requests assigned to it) and the read data captured per port.
// Long because each RAM's port logic (requests, phases, read capture) is built in one pass over its logical ports, whose state the parts share.
fn rams(out: &mut String, cx: &MemCx, accesses: &[Access], assign: &PortMap) {
    let MemCx {
        g,
        ref name,
        init,
        eb,
        ew,
        ref word,
        ref lane,
        lanes,
        bw,
        aw,
        ..
    } = *cx;
    let word_of = |a: &Access| bits_expr(&a.addr, word);
    let lane_of = |a: &Access| bits_expr(&a.addr, lane);
    let style = ram_style(g.implementation);
    // Output registers after the RAM's own read register (and a double-pumped RAM's
    // capture): the board's read latency beyond those (`onchip_read_latency`). An ECP5
    // block RAM's read data leaves it late (about 6 ns), and went straight into a float
    // core's first stage (banked_window: 76 MHz).
    let out_regs = accesses
        .iter()
        .find(|a| !a.store)
        .map_or(0, |a| a.lat.saturating_sub(g.pump));
    // Request side of each port: an OR of the gated requests assigned to it.
    let sel_on = |a: &Access, b: u32, c: u32| cx.sel_on(a, b, c);
    let gate = |list: &[usize], b: u32, c: u32, what: &dyn Fn(&Access) -> String, width: u32| {
        cx.gate(accesses, list, b, c, what, width)
    };
    let rom_words = init.map(|bytes| initial_words(g, eb, bytes));
    // A RAM has `phys` physical ports (2 true dual port; 1 write + 1 read simple dual port);
    // logical port p runs on physical port p % phys in phase p / phys (one phase unless
    // double-pumped). Each physical port gets one address, so synthesis sees exactly the
    // ports the geometry counted: a true-dual-port port that both writes and reads in
    // different slots shares its address, as a block RAM port does.
    let phys = if g.simple_dual_port { 1 } else { 2 };
    for (c, b, r) in (0..g.copies)
        .flat_map(|c| (0..g.banks).flat_map(move |b| (0..g.replicates).map(move |r| (c, b, r))))
    {
        {
            let ram = format!("{name}_b{b}_r{r}{}", copy_suffix(g.copies, c));
            let _ = writeln!(
                out,
                "    (* ram_style = \"{style}\" *) logic [{}:0] {ram} [{}];",
                bw - 1,
                g.depth
            );
            if let Some(words) = &rom_words {
                initial_block(out, &ram, ew, lanes, &words[b as usize]);
            }
            let mut body = String::new();
            // Double pump: a phase's read data is held at the other phase's fast edge and
            // brought to the kernel clock at the next kernel edge (latency 2 for both).
            let mut hold = [String::new(), String::new()];
            let mut capture = String::new();
            for x in 0..phys {
                let logical: Vec<u32> = (0..g.pump).map(|ph| ph * phys + x).collect();
                let ws: Vec<Vec<usize>> = logical
                    .iter()
                    .map(|p| assign.get(&(b, r, *p, true)).cloned().unwrap_or_default())
                    .collect();
                let rs: Vec<Vec<usize>> = logical
                    .iter()
                    .map(|p| assign.get(&(b, r, *p, false)).cloned().unwrap_or_default())
                    .collect();
                let writes = ws.iter().any(|l| !l.is_empty());
                let reads = rs.iter().any(|l| !l.is_empty());
                if !writes && !reads {
                    continue;
                }
                // The physical port's input: phase 0's request, or per phase when pumped.
                let pick = |per_phase: &dyn Fn(usize) -> String| -> String {
                    if g.pump == 1 {
                        per_phase(0)
                    } else {
                        format!("pump_first ? ({}) : ({})", per_phase(0), per_phase(1))
                    }
                };
                let pn = format!("{ram}_P{x}");
                let (wa, ra) = if g.simple_dual_port {
                    (format!("{pn}_wa"), format!("{pn}_ra"))
                } else {
                    (format!("{pn}_a"), format!("{pn}_a"))
                };
                if g.simple_dual_port {
                    if writes {
                        let _ = writeln!(out, "    logic [{}:0] {wa};", aw - 1);
                        let e = pick(&|ph| gate(&ws[ph], b, c, &word_of, aw));
                        let _ = writeln!(out, "    assign {wa} = {e};");
                    }
                    if reads {
                        let _ = writeln!(out, "    logic [{}:0] {ra};", aw - 1);
                        let e = pick(&|ph| gate(&rs[ph], b, c, &word_of, aw));
                        let _ = writeln!(out, "    assign {ra} = {e};");
                    }
                } else {
                    let _ = writeln!(out, "    logic [{}:0] {wa};", aw - 1);
                    let e = pick(&|ph| {
                        let both: Vec<usize> = ws[ph].iter().chain(&rs[ph]).copied().collect();
                        gate(&both, b, c, &word_of, aw)
                    });
                    let _ = writeln!(out, "    assign {wa} = {e};");
                }
                if writes {
                    let _ = writeln!(out, "    logic {pn}_we;");
                    let _ = writeln!(out, "    logic [{}:0] {pn}_wd;", bw - 1);
                    let we = pick(&|ph| {
                        if ws[ph].is_empty() {
                            return "1'b0".into();
                        }
                        let v: Vec<String> =
                            ws[ph].iter().map(|i| sel_on(&accesses[*i], b, c)).collect();
                        v.join(" || ")
                    });
                    let _ = writeln!(out, "    assign {pn}_we = {we};");
                    // The element goes to its lane of the bank word.
                    let wd = pick(&|ph| {
                        gate(
                            &ws[ph],
                            b,
                            c,
                            &|a: &Access| {
                                if lanes == 1 {
                                    a.data.clone()
                                } else {
                                    format!("({bw}'({}) << ({} * {ew}))", a.data, lane_of(a))
                                }
                            },
                            bw,
                        )
                    });
                    let _ = writeln!(out, "    assign {pn}_wd = {wd};");
                    if lanes == 1 {
                        let _ = write!(body, " if ({pn}_we) {ram}[{wa}] <= {pn}_wd;");
                    } else {
                        let _ = writeln!(out, "    logic [{}:0] {pn}_wl;", lanes - 1);
                        let wl = pick(&|ph| {
                            gate(
                                &ws[ph],
                                b,
                                c,
                                &|a: &Access| format!("({lanes}'d1 << {})", lane_of(a)),
                                lanes,
                            )
                        });
                        let _ = writeln!(out, "    assign {pn}_wl = {wl};");
                        for l in 0..lanes {
                            let _ = write!(
                                body,
                                " if ({pn}_we && {pn}_wl[{l}]) {ram}[{wa}][{}:{}] <= {pn}_wd[{}:{}];",
                                (l + 1) * ew - 1,
                                l * ew,
                                (l + 1) * ew - 1,
                                l * ew
                            );
                        }
                    }
                }
                if reads {
                    let _ = writeln!(out, "    logic [{}:0] {pn}_q;", bw - 1);
                    let _ = write!(body, " {pn}_q <= {ram}[{ra}];");
                    for (ph, p) in logical.iter().enumerate() {
                        if rs[ph].is_empty() {
                            continue;
                        }
                        // The name loads read from (see `q` below).
                        let lq = if g.simple_dual_port {
                            format!("{ram}_p{p}r_q")
                        } else {
                            format!("{ram}_p{p}_q")
                        };
                        let _ = writeln!(out, "    logic [{}:0] {lq};", bw - 1);
                        // What leaves the RAM (the fast domain's capture, double-pumped).
                        let from_ram = if g.pump == 1 {
                            format!("{pn}_q")
                        } else {
                            let _ = writeln!(out, "    logic [{}:0] {lq}_h, {lq}_c;", bw - 1);
                            let _ = write!(hold[1 - ph], " {lq}_h <= {pn}_q;");
                            let _ = write!(capture, " {lq}_c <= {lq}_h;");
                            format!("{lq}_c")
                        };
                        if out_regs == 0 {
                            let _ = writeln!(out, "    assign {lq} = {from_ram};");
                        } else {
                            delay_line(out, &format!("{lq}_o"), bw, &from_ram, out_regs);
                            let _ = writeln!(out, "    assign {lq} = {lq}_o[{}];", out_regs - 1);
                        }
                    }
                }
            }
            // One process per RAM: a read sees the contents before this cycle's writes.
            if g.pump == 1 {
                if !body.is_empty() {
                    let _ = writeln!(
                        out,
                        "    always_ff @(posedge ap_clk) if (en) begin{body} end"
                    );
                }
            } else {
                // The first fast edge of a kernel cycle serves phase 0, the second phase 1.
                let _ = writeln!(
                    out,
                    "    always_ff @(posedge ap_clk_2x) if (en) begin{body} if (pump_first) begin{} end else begin{} end end",
                    hold[0], hold[1]
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
}

/// Read data back to each load: the bank and lane it addressed, delayed with the RAM.
fn read_back(
    out: &mut String,
    cx: &MemCx,
    accesses: &[Access],
    read_port: &[BTreeMap<u32, (u32, u32)>],
    sinks: &mut Vec<String>,
) {
    let MemCx {
        g,
        ref name,
        ew,
        ref lane,
        ref bank_bits,
        lanes,
        bw,
        ..
    } = *cx;
    let lane_of = |a: &Access| bits_expr(&a.addr, lane);
    let bank_of = |a: &Access| bits_expr(&a.addr, bank_bits);
    for (i, a) in accesses.iter().enumerate().filter(|(_, a)| !a.store) {
        let lat = a.lat;
        // The copy the load read, when there are several: its index delayed with the RAM.
        if let Some((sig, w)) = &a.copy {
            delay_line(out, &format!("{}_cs", a.out), *w, sig, lat);
        }
        let q = |b: u32| -> String {
            let (r, p) = read_port[i][&b];
            let port = |c: u32| {
                let cs = copy_suffix(g.copies, c);
                if g.simple_dual_port {
                    format!("{name}_b{b}_r{r}{cs}_p{p}r_q")
                } else {
                    format!("{name}_b{b}_r{r}{cs}_p{p}_q")
                }
            };
            let mut e = port(g.copies - 1);
            if let Some((_, w)) = &a.copy {
                for c in (0..g.copies - 1).rev() {
                    e = format!(
                        "(({}_cs[{}] == {w}'d{c}) ? {} : {e})",
                        a.out,
                        lat - 1,
                        port(c)
                    );
                }
            }
            e
        };
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
}
