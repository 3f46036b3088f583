//! Scheduled pipelines and the control FSM, built as SystemVerilog text.
//!
//! Each unit is a pipeline of `stages` cycles with a valid bit per cycle (`u<k>_v`). All
//! pipelines share one clock enable `en`: a load whose data has not arrived, a full request
//! queue or a full store queue stalls everything, so nothing is ever lost. A value computed
//! at cycle t is read later from its delay line (`_d<k>`); a loop-carried value is read from
//! the stage II cycles ahead, which holds the previous iteration.

mod fsm;
mod liveness;
mod ops;
mod ports;
mod unit;

pub use liveness::{liveness, Liveness};

use crate::{MasterView, RtlError};
use ir::*;
use scheduler::UnitSchedule;
use std::collections::BTreeMap;
use std::fmt::Write;

pub struct NdrangeUse {
    pub local: bool,
    pub num_groups: bool,
    pub work_dim: bool,
    /// Whether the work-item counters are built: a loop flattened with the work-items
    /// counts them itself (`ExecMode::FlattenedWorkItems`).
    pub counters: bool,
}

pub fn ndrange_use(k: &Kernel) -> NdrangeUse {
    let mut u = NdrangeUse {
        local: false,
        num_groups: false,
        work_dim: false,
        counters: k.mode != ExecMode::FlattenedWorkItems,
    };
    for unit in &k.units {
        for (_, op) in unit.body.ops() {
            if let OpKind::WorkItem(b, _) = op.kind {
                match b {
                    Builtin::LocalId | Builtin::GroupId | Builtin::LocalSize => u.local = true,
                    Builtin::NumGroups => u.num_groups = true,
                    Builtin::WorkDim => u.work_dim = true,
                    _ => {}
                }
            }
        }
    }
    u
}

/// A SystemVerilog-safe identifier from a source name.
pub fn sv_ident(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        s.insert(0, 'k');
    }
    // Verilator escapes "__" in the names it exports (`i__arvalid` becomes
    // `i__05Farvalid`), and names are joined with "_" ("m_axi_" + name + "_arvalid"), so
    // a run of underscores becomes one and a trailing one takes an `x` (GLSL's `i_`).
    while s.contains("__") {
        s = s.replace("__", "_");
    }
    if s.ends_with('_') {
        s.push('x');
    }
    s
}

fn lit(bits: u32, value: u64) -> String {
    format!("{bits}'h{:x}", value & ir::mask(bits))
}

pub fn outer_expr(k: &Kernel, v: ValueRef) -> String {
    match v {
        ValueRef::Op(u, o) => format!("cap_u{}_n{}", u.0, o.0),
        ValueRef::EntryPhi(u, i) => format!("phi_u{}_{i}", u.0),
        ValueRef::Const(t, b) => lit(t.bits(), b),
        ValueRef::Arg(a) => arg_expr(k, a),
    }
}

fn arg_expr(k: &Kernel, a: ArgId) -> String {
    let arg = &k.args[a.0 as usize];
    let id = sv_ident(&arg.name);
    let bits = match arg.kind {
        ArgKind::Buffer(_) | ArgKind::Local(_) => 64,
        ArgKind::Scalar(t) => t.bits(),
        // A pipe has no register and no value (its accesses name its stream).
        ArgKind::Pipe(_) => return "64'd0".into(),
    };
    if bits > 32 {
        format!("{{reg_{id}_hi, reg_{id}_lo}}")
    } else {
        format!("reg_{id}_lo")
    }
}

fn resize(expr: &str, from: u32, to: u32) -> String {
    match from.cmp(&to) {
        std::cmp::Ordering::Equal => expr.to_string(),
        std::cmp::Ordering::Less => format!("{{{}'d0, {expr}}}", to - from),
        std::cmp::Ordering::Greater => format!("{expr}[{}:0]", to - 1),
    }
}

/// One line of SystemVerilog.
fn wl(o: &mut String, s: String) {
    o.push_str(&s);
    o.push('\n');
}

/// What emitting the units gathers for the parts after them: the stall conditions behind
/// the one clock enable, the AXI ports' requesters, the on-chip memories' accesses, and
/// the bits nobody reads.
struct Emitter<'a> {
    k: &'a Kernel,
    masters: &'a [MasterView],
    dsp: &'a boards::DspBlock,
    live: Liveness,
    out: String,
    /// Conditions that stall every pipeline, each as (when, flag): next cycle, some stage
    /// needs a queue whose next flag says it cannot serve. `en` is their NOR.
    stalls: Vec<(String, String)>,
    /// The copies of `en` the data registers and cores take.
    enables: Enables,
    /// Requesters of each global memory's AXI channels.
    ports: BTreeMap<u32, ports::MemPorts>,
    /// Bits computed but deliberately not read (sunk for Verilator's lint).
    unused: Vec<String>,
    /// The accesses of each on-chip memory.
    onchip: BTreeMap<u32, Vec<crate::onchip::Access>>,
    /// How many terms the clock enable is the NOR of (`ports::stall_terms`).
    stall_terms: usize,
}

/// The datapath's text, and the width of the NOR behind its clock enable.
pub struct Datapath {
    pub text: String,
    pub stall_terms: usize,
}

/// The datapath of every unit, the memory ports, the clock enable and the control FSM.
pub fn emit(
    k: &Kernel,
    schedules: &[UnitSchedule],
    masters: &[MasterView],
    nd: &NdrangeUse,
    dsp: &boards::DspBlock,
) -> Result<Datapath, RtlError> {
    let mut e = Emitter {
        k,
        masters,
        dsp,
        live: liveness(k),
        out: String::new(),
        stalls: Vec::new(),
        enables: Enables::default(),
        ports: BTreeMap::new(),
        unused: Vec::new(),
        onchip: BTreeMap::new(),
        stall_terms: 0,
    };
    let ubits = e.declarations(nd);
    for (ui, unit) in k.units.iter().enumerate() {
        e.unit(ui, unit, &schedules[ui])?;
    }
    // The work-item counters advance on their own copy of the enable: about 65 flip-flops
    // a dimension (id, ids left, last), twice that with local ids.
    let wi_en = if k.mode == ExecMode::PipelinedWorkItems {
        e.enables.take(if nd.local { 6 * 65 } else { 3 * 65 })
    } else {
        "en".to_string()
    };
    e.memory_ports()?;
    let mut out = std::mem::take(&mut e.out);
    fsm::emit_fsm(&mut out, k, nd, &e.live, ubits, &wi_en)?;
    Ok(Datapath {
        text: hoist_declarations(&out),
        stall_terms: e.stall_terms,
    })
}

impl Emitter<'_> {
    /// The signals every unit shares: the clock enable, the FSM state, the work-item ids,
    /// the entry-phi registers. Returns the width of the current-unit register.
    fn declarations(&mut self, nd: &NdrangeUse) -> u32 {
        let (k, live, out) = (self.k, &self.live, &mut self.out);
        let _ = writeln!(
            out,
            "    // ------------------------------------------------------------------ datapath"
        );
        let _ = writeln!(out, "    logic en;");
        let _ = writeln!(out, "    logic [1:0] state;");
        let ubits = 32 - (k.units.len().max(2) as u32 - 1).leading_zeros();
        let _ = writeln!(out, "    logic [{}:0] cur;", ubits - 1);
        if k.mode == ExecMode::PipelinedWorkItems {
            let _ = writeln!(out, "    logic wi_pending;");
        }
        if nd.counters {
            fsm::wi_declarations(out, nd);
        }
        // Entry phi registers.
        for (ui, u) in k.units.iter().enumerate() {
            for (i, p) in u.entry_phis.iter().enumerate() {
                if live.phis.contains(&(ui as u32, i)) {
                    let _ = writeln!(out, "    {} phi_u{ui}_{i};", crate::sv_type(p.ty));
                }
            }
        }
        ubits
    }
}

/// The flip-flops one copy of the clock enable drives at most. nextpnr does not replicate
/// a net: one enable into every register of every pipeline and core was the critical path
/// (its routing alone about 4 ns on ECP5 for vadd's 2,000 flip-flops).
const ENABLE_FANOUT: u32 = 256;

/// Copies of the clock enable for the datapath's registers and cores. `en`, the NOR of
/// the registered stall terms, drives the control: valid bits, queue pushes and pops, the
/// stall terms themselves. Each copy `en_<k>` is a flip-flop of the NOR of the same terms'
/// next values (`ports::enable_copies`), so it equals `en` every cycle, and drives at most
/// `ENABLE_FANOUT` flip-flops.
#[derive(Default)]
struct Enables {
    /// Flip-flops driven by each copy so far.
    copies: Vec<u32>,
}

impl Enables {
    /// The copy for a site of `bits` flip-flops: the current one while it has room.
    fn take(&mut self, bits: u32) -> String {
        match self.copies.last_mut() {
            Some(b) if *b + bits <= ENABLE_FANOUT => *b += bits,
            _ => self.copies.push(bits),
        }
        format!("en_{}", self.copies.len() - 1)
    }
}

/// Moves every plain declaration (`logic [..] name;`) ahead of the statements. A
/// loop-carried value is read at the top of its pipeline, before the lines of the operation
/// that produces it; SystemVerilog requires the declaration first (Verilator lets it pass,
/// slang and synthesis front ends do not). Declarations inside a lint waiver stay put so
/// the waiver still covers them.
fn hoist_declarations(text: &str) -> String {
    let mut decls = String::new();
    let mut rest = String::new();
    let mut waived = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("/* verilator lint_off") {
            waived = true;
        } else if t.starts_with("/* verilator lint_on") {
            waived = false;
        }
        let plain_decl = t.starts_with("logic ") && t.ends_with(';') && !t.contains('=');
        let target = if plain_decl && !waived {
            &mut decls
        } else {
            &mut rest
        };
        target.push_str(line);
        target.push('\n');
    }
    decls + &rest
}

fn kind_name(k: &UnitKind) -> &'static str {
    match k {
        UnitKind::Block => "block",
        UnitKind::Loop { .. } => "pipelined loop",
        UnitKind::WorkItems => "pipelined work-items",
    }
}
