//! The memory side of the datapath: the AXI ports' request and response selects (at most
//! one requester per cycle per port, which the schedule's modulo reservation table
//! guarantees, so a select is an OR of gated values), the on-chip memories, the one clock
//! enable from every stall condition, and the sink of unread bits.

use super::{Emitter, ENABLE_FANOUT};
use crate::RtlError;
use ir::*;
use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Default)]
/// The requesters of one AXI master: per load site (one, unless the master has a
/// load-store unit per site), (condition, address) for the read requests and the response
/// pops; (condition, address and data) for the write channel.
pub(super) struct MemPorts {
    pub(super) ar: BTreeMap<u32, Vec<(String, String)>>,
    pub(super) pop: BTreeMap<u32, Vec<String>>,
    pub(super) w: Vec<(String, String)>,
}

impl Emitter<'_> {
    pub(super) fn memory_ports(&mut self) -> Result<(), RtlError> {
        let (k, masters) = (self.k, self.masters);
        let Emitter {
            out,
            ports,
            stalls,
            unused,
            onchip,
            enables,
            stall_terms: n_terms,
            ..
        } = self;
        let _ = writeln!(
            out,
            "\n    // ------------------------------------------------------------------ memory ports"
        );
        if crate::onchip::double_pumped(k) {
            // Which half of the kernel cycle a 2x edge is in: the fast domain samples a toggle
            // of the kernel clock (both clocks come from one source, edges aligned).
            let _ = writeln!(out, "    logic pump_t1, pump_t2, pump_first;");
            let _ = writeln!(out, "    always_ff @(posedge ap_clk) if (!ap_rst_n) pump_t1 <= 1'b0; else pump_t1 <= ~pump_t1;");
            let _ = writeln!(
                out,
                "    always_ff @(posedge ap_clk_2x) pump_t2 <= pump_t1;"
            );
            let _ = writeln!(out, "    assign pump_first = pump_t1 != pump_t2;");
        }
        for (mem, list) in onchip.iter() {
            unused.extend(crate::onchip::emit(out, k, MemId(*mem), list)?);
        }
        for mv in masters.iter() {
            let ps = ports.remove(&mv.mem).unwrap_or_default();
            let m = &mv.name;
            // Each port's pushes and pops take their own copy of the enable: the queues'
            // pointers, counts and head registers are otherwise all on `en`'s one net.
            let en = enables.take(ENABLE_FANOUT);
            let gated = |en: &str, list: &[(String, String)], width: u32| -> (String, String) {
                if list.is_empty() {
                    return ("1'b0".into(), format!("{width}'d0"));
                }
                let push = list
                    .iter()
                    .map(|(c, _)| format!("({c})"))
                    .collect::<Vec<_>>()
                    .join(" || ");
                let data = list
                    .iter()
                    .map(|(c, d)| format!("({{{width}{{{c}}}}} & {d})"))
                    .collect::<Vec<_>>()
                    .join(" | ");
                (format!("{en} && ({push})"), data)
            };
            for site in (0..mv.read_sites).filter(|_| mv.read) {
                let q = mv.site(site);
                // A second site's queues take a copy of their own.
                let en = if site == 0 {
                    en.clone()
                } else {
                    enables.take(ENABLE_FANOUT)
                };
                // A read pipe makes no request: its packets arrive by themselves.
                if !mv.stream {
                    let ar = ps.ar.get(&site).map_or(&[][..], Vec::as_slice);
                    let (push, data) = gated(&en, ar, if mv.lsu { 65 } else { 64 });
                    let _ = writeln!(
                        out,
                        "    assign ar_{q}_push = {push};\n    assign ar_{q}_din = {data};"
                    );
                }
                // One pop per slice of the head queue, each gated by its own copy of the
                // enable (most significant slice first, as a concatenation reads).
                let pops = ps.pop.get(&site).map_or(&[][..], Vec::as_slice);
                let pop = if pops.is_empty() {
                    format!("{}'d0", mv.pop_lanes)
                } else {
                    let any = pops
                        .iter()
                        .map(|c| format!("({c})"))
                        .collect::<Vec<_>>()
                        .join(" || ");
                    let mut lanes = vec![format!("{en} && ({any})")];
                    for _ in 1..mv.pop_lanes {
                        lanes.push(format!("{} && ({any})", enables.take(ENABLE_FANOUT)));
                    }
                    lanes.reverse();
                    format!("{{{}}}", lanes.join(", "))
                };
                let _ = writeln!(out, "    assign r_{q}_pop = {pop};");
            }
            if mv.write {
                // A write pipe's queue holds the packet alone.
                let bits = if mv.stream {
                    mv.width
                } else {
                    64 + mv.elem_width
                };
                let (push, data) = gated(&en, &ps.w, bits);
                let _ = writeln!(
                    out,
                    "    assign w_{m}_push = {push};\n    assign w_{m}_din = {data};"
                );
            }
        }
        // The clock enable is registered: each stall term is decided a cycle ahead from
        // the next values of the queues' flags and of the valid bits, so `en` is the NOR
        // of flip-flops rather than of logic behind every queue and pipeline stage.
        let copies = enables.copies.len();
        if stalls.is_empty() {
            let _ = writeln!(out, "    assign en = 1'b1;");
            for c in 0..copies {
                let _ = writeln!(out, "    logic en_{c};\n    assign en_{c} = 1'b1;");
            }
        } else {
            let terms = stall_terms(stalls);
            *n_terms = terms.len();
            let _ = writeln!(
                out,
                "    logic [{}:0] stall_next, stall_r;",
                terms.len() - 1
            );
            let _ = writeln!(
                out,
                "    assign stall_next = {{\n        {}}};",
                terms.join(",\n        ")
            );
            let _ = writeln!(
                out,
                "    always_ff @(posedge ap_clk) if (!ap_rst_n) stall_r <= '0; else stall_r <= stall_next;"
            );
            let _ = writeln!(out, "    assign en = stall_r == '0;");
            enable_copies(out, copies);
        }
        let mem_idle = if masters.is_empty() {
            "1'b1".to_string()
        } else {
            masters
                .iter()
                .map(|m| format!("mem_{}_idle_next", m.name))
                .collect::<Vec<_>>()
                .join(" && ")
        };
        let _ = writeln!(
            out,
            "    // registered from the masters' next flags: the FSM's hand-off test reads a flip-flop\n    logic mem_idle;\n    always_ff @(posedge ap_clk) if (!ap_rst_n) mem_idle <= 1'b1; else mem_idle <= {mem_idle};"
        );
        let drained: Vec<String> = masters
            .iter()
            .filter(|m| m.stream && m.write)
            .map(|m| format!("stream_{}_drained_next", m.name))
            .collect();
        if !drained.is_empty() {
            let drained = drained.join(" && ");
            let _ = writeln!(
            out,
            "    // every write pipe's packets have left: done waits for it, the hand-off does not\n    logic streams_drained;\n    always_ff @(posedge ap_clk) if (!ap_rst_n) streams_drained <= 1'b1; else streams_drained <= {drained};"
            );
        }
        if !unused.is_empty() {
            // Verilator's idiom for bits that are computed but deliberately not read.
            let _ = writeln!(out, "    /* verilator lint_off UNUSEDSIGNAL */");
            let _ = writeln!(out, "    logic unused_ok;");
            let _ = writeln!(
                out,
                "    assign unused_ok = &{{1'b0, {}, 1'b0}};",
                unused.join(", ")
            );
            let _ = writeln!(out, "    /* verilator lint_on UNUSEDSIGNAL */");
        }
        Ok(())
    }
}

/// One stall term per queue flag, in first-use order: the flag (the late arrival, from the
/// queue's next state) ANDed with the OR of every stage that needs it (flip-flops). One
/// term per use instead put a wide NOR behind every flag (atomics.cl, 26 terms over 9
/// flags).
fn stall_terms(stalls: &[(String, String)]) -> Vec<String> {
    let mut flags: Vec<(&str, Vec<&str>)> = Vec::new();
    for (when, flag) in stalls {
        match flags.iter_mut().find(|(f, _)| f == flag) {
            Some((_, whens)) if whens.contains(&when.as_str()) => {}
            Some((_, whens)) => whens.push(when),
            None => flags.push((flag, vec![when])),
        }
    }
    flags
        .into_iter()
        .map(|(flag, whens)| format!("({flag} && ({}))", whens.join(" || ")))
        .collect()
}

/// The copies of the clock enable (`Enables`): each a flip-flop of the NOR of the stall
/// terms' next values. The NOR sits in front of the register, so a copy drives its share
/// of the flip-flops directly. (Keeping a register of the terms per copy, folded into four
/// OR groups, with the NOR behind it measured slower: vadd 127.2 against 146.6 MHz, the
/// median of 3 seeds, matmul16 116.4 against 119.2.)
fn enable_copies(out: &mut String, copies: usize) {
    for c in 0..copies {
        // `keep` on the process, not the net: Yosys merges identical flip-flops into one
        // (opt_merge) and a kept net then only names the survivor; a kept process's
        // flip-flop is not merged (read_slang passes the attribute to the cell).
        let _ = writeln!(out, "    logic en_{c};");
        let _ = writeln!(out, "    (* keep *) always_ff @(posedge ap_clk) if (!ap_rst_n) en_{c} <= 1'b1; else en_{c} <= stall_next == '0;");
    }
}
