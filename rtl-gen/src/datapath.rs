//! Scheduled pipelines and the control FSM, built as SystemVerilog text.
//!
//! Each unit is a pipeline of `stages` cycles with a valid bit per cycle (`u<k>_v`). All
//! pipelines share one clock enable `en`: a load whose data has not arrived, a full request
//! queue or a full store queue stalls everything, so nothing is ever lost. A value computed
//! at cycle t is read later from its delay line (`_d<k>`); a loop-carried value is read from
//! the stage II cycles ahead, which holds the previous iteration.

use crate::{MasterView, RtlError};
use frontend::ir::*;
use petgraph::visit::EdgeRef;
use scheduler::UnitSchedule;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write;

pub struct NdrangeUse {
    pub local: bool,
    pub num_groups: bool,
    pub work_dim: bool,
}

pub fn ndrange_use(k: &Kernel) -> NdrangeUse {
    let mut u = NdrangeUse {
        local: false,
        num_groups: false,
        work_dim: false,
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
    s
}

fn lit(bits: u32, value: u64) -> String {
    format!("{bits}'h{:x}", value & frontend::lower::mask(bits))
}

struct UnitGen<'a> {
    ui: usize,
    s: &'a UnitSchedule,
    body: &'a Body,
    /// Longest delay needed per op (0 = only the op's own output).
    delay: HashMap<OpId, u32>,
    /// Bits read per op and delay (a truncation reads only the low bits).
    reads: HashMap<OpId, BTreeMap<u32, u32>>,
    stages: u32,
}

/// Which ops, capture registers and entry-phi registers the hardware needs: everything a
/// store, a load, a branch or a loop condition depends on, across units.
pub struct Liveness {
    pub ops: Vec<HashSet<OpId>>,
    pub caps: HashSet<(u32, u32)>,
    pub phis: HashSet<(u32, usize)>,
}

pub fn liveness(k: &Kernel) -> Liveness {
    let mut live = Liveness {
        ops: vec![HashSet::new(); k.units.len()],
        caps: HashSet::new(),
        phis: HashSet::new(),
    };
    let mut work: Vec<(usize, OpId)> = Vec::new();
    for (ui, u) in k.units.iter().enumerate() {
        for (id, op) in u.body.ops() {
            if op.is_memory() {
                work.push((ui, id));
            }
        }
        match (&u.kind, &u.exit) {
            (UnitKind::Loop { cont, .. }, _) => work.push((ui, *cont)),
            (_, Exit::Branch { cond: v, .. }) | (_, Exit::Switch { value: v, .. }) => {
                work.push((ui, *v));
                live.caps.insert((ui as u32, v.0));
            }
            _ => {}
        }
    }
    while let Some((ui, id)) = work.pop() {
        if !live.ops[ui].insert(id) {
            continue;
        }
        let op = k.units[ui].body.op(id);
        work.extend(op.operands.iter().map(|o| (ui, *o)));
        let mut refs = Vec::new();
        if let OpKind::Outer(v) = op.kind {
            refs.push(v);
        }
        while let Some(v) = refs.pop() {
            match v {
                ValueRef::Op(u, o) => {
                    live.caps.insert((u.0, o.0));
                    work.push((u.0 as usize, o));
                }
                ValueRef::EntryPhi(u, i) => {
                    if live.phis.insert((u.0, i)) {
                        refs.extend(k.unit(u).entry_phis[i].incoming.iter().map(|(_, v)| *v));
                    }
                }
                _ => {}
            }
        }
    }
    live
}

impl UnitGen<'_> {
    fn p(&self) -> String {
        format!("u{}", self.ui)
    }
    fn ready(&self, op: OpId) -> u32 {
        self.s.start[op.index()] + self.s.latency[op.index()]
    }
    fn need(&mut self, op: OpId, at: u32) {
        let bits = self.body.op(op).ty.bits();
        self.need_bits(op, at, bits);
    }
    fn need_bits(&mut self, op: OpId, at: u32, bits: u32) {
        let k = at.saturating_sub(self.ready(op));
        let e = self.delay.entry(op).or_insert(0);
        *e = (*e).max(k);
        let r = self.reads.entry(op).or_default().entry(k).or_insert(0);
        *r = (*r).max(bits);
        self.stages = self.stages.max(at);
    }
    /// Width of the delay register `k` of `op`: the most any later reader takes.
    fn width_at(&self, op: OpId, k: u32) -> u32 {
        self.reads
            .get(&op)
            .map(|m| m.range(k..).map(|(_, b)| *b).max().unwrap_or(0))
            .unwrap_or(0)
    }
    /// Value of `op` as seen by the iteration at cycle `at`.
    fn val(&self, op: OpId, at: u32) -> String {
        let k = at - self.ready(op);
        if k == 0 {
            format!("{}_n{}", self.p(), op.0)
        } else {
            format!("{}_n{}_d{k}", self.p(), op.0)
        }
    }
    fn valid(&self, at: u32) -> String {
        if at == 0 {
            format!("{}_v0", self.p())
        } else {
            format!("{}_v[{at}]", self.p())
        }
    }
    fn t(&self, op: OpId) -> u32 {
        self.s.start[op.index()]
    }
    /// Predicate of a memory op at cycle `at` ("1'b1" when unpredicated).
    fn pred(&self, op: &Op, at: u32) -> String {
        match op.predicate() {
            Some(p) => self.val(p, at),
            None => "1'b1".into(),
        }
    }
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

#[derive(Default)]
struct MemPorts {
    ar: Vec<(String, String)>,
    pop: Vec<String>,
    w: Vec<(String, String)>,
}

pub fn emit(
    k: &Kernel,
    schedules: &[UnitSchedule],
    masters: &[MasterView],
    nd: &NdrangeUse,
    dsp: &boards::DspBlock,
) -> Result<String, RtlError> {
    let mut out = String::new();
    let mut stalls: Vec<String> = Vec::new();
    let mut ports: BTreeMap<u32, MemPorts> = BTreeMap::new();
    let mut busy: Vec<String> = Vec::new();
    let mut unused: Vec<String> = Vec::new();
    let mut onchip: BTreeMap<u32, Vec<crate::onchip::Access>> = BTreeMap::new();
    let master = |m: MemId| {
        masters.iter().find(|mv| mv.mem == m.0).ok_or_else(|| {
            RtlError::Unsupported(format!("memory '{}' has no AXI master", k.memory(m).name))
        })
    };
    let live = liveness(k);
    let wl = |o: &mut String, s: String| {
        o.push_str(&s);
        o.push('\n');
    };
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
    for d in 0..3 {
        let _ = writeln!(out, "    logic [31:0] wi_gid{d};");
        if nd.local {
            let _ = writeln!(out, "    logic [31:0] wi_lid{d}, wi_grp{d};");
        }
    }
    let _ = writeln!(out, "    logic wi_last;");
    let _ = writeln!(
        out,
        "    assign wi_last = (wi_gid0 == reg_global_size0 - 32'd1) && (wi_gid1 == reg_global_size1 - 32'd1) && (wi_gid2 == reg_global_size2 - 32'd1);"
    );
    // Entry phi registers.
    for (ui, u) in k.units.iter().enumerate() {
        for (i, p) in u.entry_phis.iter().enumerate() {
            if live.phis.contains(&(ui as u32, i)) {
                let _ = writeln!(out, "    {} phi_u{ui}_{i};", crate::sv_type(p.ty));
            }
        }
    }
    for (ui, unit) in k.units.iter().enumerate() {
        let s = &schedules[ui];
        let live_ops = &live.ops[ui];
        let mut g = UnitGen {
            ui,
            s,
            body: &unit.body,
            reads: HashMap::new(),
            delay: HashMap::new(),
            stages: s.depth.saturating_sub(1),
        };
        // Pass 1: how long each value must be kept.
        for (id, op) in unit.body.ops().filter(|(id, _)| live_ops.contains(id)) {
            let t = g.t(id);
            match op.kind {
                OpKind::Cast(CastOp::Trunc) => g.need_bits(op.operands[0], t, op.ty.bits()),
                OpKind::CarriedPhi => {
                    g.need(op.operands[0], t);
                    g.need(op.operands[1], t + s.ii);
                    g.stages = g.stages.max(t + s.ii);
                }
                OpKind::Load(_) => {
                    for o in &op.operands {
                        g.need(*o, t);
                    }
                    if let Some(p) = op.predicate() {
                        g.need(p, t + s.latency[id.index()]);
                    }
                    g.stages = g.stages.max(t + s.latency[id.index()]);
                }
                _ => {
                    for o in &op.operands {
                        g.need(*o, t);
                    }
                }
            }
        }
        // Speculated iterations: the stage where the registered exit test squashes the
        // younger iterations in flight (see the loop control below).
        let squash_stage = match &unit.kind {
            UnitKind::Loop { cont, controls, .. }
                if controls.speculated_iterations.unwrap_or(0) > 0 =>
            {
                Some(g.ready(*cont) + 1)
            }
            _ => None,
        };
        if let UnitKind::Loop { cont, .. } = unit.kind {
            g.need(cont, s.ii);
            g.stages = g.stages.max(s.ii);
            if let Some(e) = squash_stage {
                g.need(cont, e);
                g.stages = g.stages.max(e);
            }
        }
        let caps: Vec<OpId> = unit
            .live_out
            .iter()
            .copied()
            .filter(|o| live.caps.contains(&(ui as u32, o.0)))
            .collect();
        // Live-out values are latched by every valid iteration, the last one winning; with
        // speculation only past the squash stage, where no younger iteration survives.
        let cap_stage = |g: &UnitGen, o: OpId| match squash_stage {
            Some(e) => g.ready(o).max(e + 1),
            None => g.ready(o),
        };
        for o in &caps {
            let r = cap_stage(&g, *o);
            g.need(*o, r);
            g.stages = g.stages.max(r);
        }
        if let UnitKind::WorkItems = unit.kind {
            g.stages = g.stages.max(1);
        }
        let p = g.p();
        let stages = g.stages.max(1);
        wl(
            &mut out,
            format!(
                "\n    // unit {ui} '{}': {:?}, II {}, {} stages",
                unit.name,
                kind_name(&unit.kind),
                s.ii,
                stages + 1
            ),
        );
        if matches!(unit.kind, UnitKind::WorkItems) {
            wl(&mut out, format!("    logic {p}_v0, {p}_busy;"));
        } else {
            wl(&mut out, format!("    logic {p}_start, {p}_v0, {p}_busy;"));
        }
        wl(&mut out, format!("    logic [{stages}:1] {p}_v;"));
        // A squash clears the iterations younger than the exiting one: next cycle they sit
        // in stages 1..=e.
        let squash = match squash_stage {
            Some(e) if stages > e => format!(
                " & ~({p}_kill ? {{{}'d0, {{{e}{{1'b1}}}}}} : '0)",
                stages - e
            ),
            Some(e) => format!(" & ~({p}_kill ? {{{e}{{1'b1}}}} : '0)"),
            None => String::new(),
        };
        if stages >= 2 {
            wl(&mut out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {p}_v <= '0; else if (en) {p}_v <= {{{p}_v[{}:1], {p}_v0}}{squash};", stages - 1));
        } else {
            wl(&mut out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {p}_v <= '0; else if (en) {p}_v <= {p}_v0{squash};"));
        }
        match unit.kind {
            UnitKind::Block => {
                wl(&mut out, format!("    assign {p}_v0 = {p}_start;"));
                wl(
                    &mut out,
                    format!("    assign {p}_busy = {p}_start || ({p}_v != '0);"),
                );
            }
            UnitKind::Loop { cont, .. } if squash_stage.is_some() => {
                // Speculation: an iteration issues every II while the loop runs; an exit
                // test that fails at stage e kills the younger iterations and stops issue.
                // The schedule keeps their memory accesses after that stage and at most
                // SpeculatedIterationsINTEL of them in flight.
                let e = squash_stage.expect("guarded");
                wl(&mut out, format!("    logic {p}_stop, {p}_kill;"));
                wl(
                    &mut out,
                    format!(
                        "    assign {p}_kill = {} && !{};",
                        g.valid(e),
                        g.val(cont, e)
                    ),
                );
                wl(
                    &mut out,
                    format!(
                        "    assign {p}_v0 = {p}_start || (!{p}_stop && !{p}_kill && {});",
                        g.valid(s.ii)
                    ),
                );
                wl(&mut out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {p}_stop <= 1'b0; else if (en) begin if ({p}_start) {p}_stop <= 1'b0; else if ({p}_kill) {p}_stop <= 1'b1; end"));
                wl(
                    &mut out,
                    format!("    assign {p}_busy = {p}_start || {p}_v0 || ({p}_v != '0);"),
                );
            }
            UnitKind::Loop { cont, .. } => {
                wl(
                    &mut out,
                    format!(
                        "    assign {p}_v0 = {p}_start || ({} && {});",
                        g.valid(s.ii),
                        g.val(cont, s.ii)
                    ),
                );
                wl(
                    &mut out,
                    format!("    assign {p}_busy = {p}_start || {p}_v0 || ({p}_v != '0);"),
                );
            }
            UnitKind::WorkItems => {
                if s.ii > 1 {
                    let cb = 32 - s.ii.leading_zeros();
                    wl(&mut out, format!("    logic [{}:0] {p}_slot;", cb - 1));
                    wl(&mut out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {p}_slot <= '0; else if (en && ({p}_v0 || {p}_slot != '0)) {p}_slot <= ({p}_slot == {cb}'d{}) ? '0 : {p}_slot + 1'b1;", s.ii - 1));
                    wl(
                        &mut out,
                        format!("    assign {p}_v0 = wi_pending && ({p}_slot == '0);"),
                    );
                } else {
                    wl(&mut out, format!("    assign {p}_v0 = wi_pending;"));
                }
                wl(
                    &mut out,
                    format!("    assign {p}_busy = wi_pending || ({p}_v != '0);"),
                );
            }
        }
        busy.push(format!("{p}_busy"));
        // Private-array copy counters this unit needs: memory -> (copies, latest use).
        let mut copy_counters: BTreeMap<u32, (u32, u32)> = BTreeMap::new();
        // Pass 2: the operations.
        for (id, op) in unit.body.ops().filter(|(id, _)| live_ops.contains(id)) {
            let n = format!("{p}_n{}", id.0);
            let w = op.ty.bits();
            let t = g.t(id);
            let lat = s.latency[id.index()];
            let decl = format!("    logic [{}:0] {n};", w - 1);
            let a = |i: usize| g.val(op.operands[i], t);
            let comb: Option<String> = match &op.kind {
                OpKind::Const(v) => Some(lit(w, *v)),
                OpKind::Arg(a) => Some(arg_expr(k, *a)),
                OpKind::Outer(v) => Some(outer_expr(k, *v)),
                OpKind::WorkItem(b, d) => {
                    let src = match b {
                        Builtin::GlobalId => format!("wi_gid{d}"),
                        Builtin::LocalId => format!("wi_lid{d}"),
                        Builtin::GroupId => format!("wi_grp{d}"),
                        Builtin::GlobalSize => format!("reg_global_size{d}"),
                        Builtin::LocalSize => format!("reg_local_size{d}"),
                        Builtin::NumGroups => format!("reg_num_groups{d}"),
                        Builtin::WorkDim => "reg_work_dim".into(),
                    };
                    Some(resize(&src, 32, w))
                }
                OpKind::LastWorkItem => Some("wi_last".into()),
                OpKind::CarriedPhi => Some(format!(
                    "{} ? {} : {}",
                    g.valid(t + s.ii),
                    g.val(op.operands[1], t + s.ii),
                    a(0)
                )),
                OpKind::Int(b) => Some(match b {
                    IntBinOp::Add => format!("{} + {}", a(0), a(1)),
                    IntBinOp::Sub => format!("{} - {}", a(0), a(1)),
                    IntBinOp::Mul => format!("{} * {}", a(0), a(1)),
                    IntBinOp::And => format!("{} & {}", a(0), a(1)),
                    IntBinOp::Or => format!("{} | {}", a(0), a(1)),
                    IntBinOp::Xor => format!("{} ^ {}", a(0), a(1)),
                    IntBinOp::Shl => format!("{} << {}", a(0), a(1)),
                    IntBinOp::LShr => format!("{} >> {}", a(0), a(1)),
                    IntBinOp::AShr => format!("{w}'($signed({}) >>> {})", a(0), a(1)),
                    IntBinOp::SDiv => format!("{w}'($signed({}) / $signed({}))", a(0), a(1)),
                    IntBinOp::UDiv => format!("{} / {}", a(0), a(1)),
                    IntBinOp::SRem => format!("{w}'($signed({}) % $signed({}))", a(0), a(1)),
                    IntBinOp::URem => format!("{} % {}", a(0), a(1)),
                }),
                OpKind::Cmp(c) => Some(match c {
                    CmpPred::Eq => format!("{} == {}", a(0), a(1)),
                    CmpPred::Ne => format!("{} != {}", a(0), a(1)),
                    CmpPred::ULt => format!("{} < {}", a(0), a(1)),
                    CmpPred::ULe => format!("{} <= {}", a(0), a(1)),
                    CmpPred::UGt => format!("{} > {}", a(0), a(1)),
                    CmpPred::UGe => format!("{} >= {}", a(0), a(1)),
                    CmpPred::SLt => format!("$signed({}) < $signed({})", a(0), a(1)),
                    CmpPred::SLe => format!("$signed({}) <= $signed({})", a(0), a(1)),
                    CmpPred::SGt => format!("$signed({}) > $signed({})", a(0), a(1)),
                    CmpPred::SGe => format!("$signed({}) >= $signed({})", a(0), a(1)),
                }),
                OpKind::Select => Some(format!("{} ? {} : {}", a(0), a(1), a(2))),
                OpKind::IntUnary(u) => {
                    let from = unit.body.op(op.operands[0]).ty.bits();
                    let x = if from == 64 {
                        a(0)
                    } else {
                        format!("{{{}'d0, {}}}", 64 - from, a(0))
                    };
                    let call = match u {
                        IntUnaryOp::Popcount => format!("hls_fp_pkg::popcount64({x})"),
                        IntUnaryOp::Clz => format!("hls_fp_pkg::clz64({x}, {from})"),
                        IntUnaryOp::Ctz => format!("hls_fp_pkg::ctz64({x}, {from})"),
                    };
                    Some(if w >= 7 {
                        format!("{w}'({call})")
                    } else {
                        format!("{w}'({call} & 7'd{})", (1u32 << w) - 1)
                    })
                }
                OpKind::Barrier => {
                    return Err(RtlError::Unsupported(
                        "a barrier reached code generation".into(),
                    ))
                }
                OpKind::Math(f) => {
                    let Some(m) = hls_cores::math::find(f) else {
                        return Err(RtlError::Unsupported(format!(
                            "OpenCL.std {f} reached code generation without a core"
                        )));
                    };
                    let b = if m.arity == 2 {
                        format!(", .b({})", a(1))
                    } else {
                        String::new()
                    };
                    wl(&mut out, decl.clone());
                    wl(&mut out, format!(
                        "    {} #(.LAT({lat})) {n}_core (.clk(ap_clk), .ce(en), .a({}){b}, .y({n}));",
                        m.module(op.ty.bits()),
                        a(0)
                    ));
                    None
                }
                OpKind::Fma => {
                    wl(&mut out, decl.clone());
                    wl(&mut out, format!(
                        "    hls_fp{w}_fma #(.LAT({lat}){}) {n}_core (.clk(ap_clk), .ce(en), .a({}), .b({}), .c({}), .y({n}));",
                        hls_cores::catalog::board_params(&format!("hls_fp{w}_fma"), dsp, k.attrs.flushes_denormals(w)),
                        a(0), a(1), a(2)
                    ));
                    None
                }
                OpKind::FCmp(p) => Some(format!(
                    "{}({}, {}, {})",
                    if unit.body.op(op.operands[0]).ty.bits() == 64 {
                        "hls_fp64_pkg::fcmp64"
                    } else {
                        "hls_fp_pkg::fcmp32"
                    },
                    a(0),
                    a(1),
                    *p as u32
                )),
                // Sign-bit operations, at any float width.
                OpKind::FloatUnary(FloatUnaryOp::Neg) => {
                    Some(format!("{} ^ {w}'h{:x}", a(0), 1u64 << (w - 1)))
                }
                OpKind::FloatUnary(FloatUnaryOp::Abs) => {
                    Some(format!("{} & {w}'h{:x}", a(0), u64::MAX >> (65 - w)))
                }
                OpKind::FloatUnary(FloatUnaryOp::Sqrt) => {
                    wl(&mut out, decl.clone());
                    wl(&mut out, format!(
                        "    hls_fp{w}_sqrt #(.LAT({lat}){}) {n}_core (.clk(ap_clk), .ce(en), .a({}), .y({n}));",
                        hls_cores::catalog::board_params(&format!("hls_fp{w}_sqrt"), dsp, k.attrs.flushes_denormals(w)),
                        a(0)
                    ));
                    None
                }
                OpKind::FloatUnary(r) if w == 64 => {
                    Some(format!("hls_fp64_pkg::round64({}, {})", a(0), *r as u32))
                }
                OpKind::FloatUnary(r) => {
                    Some(format!("hls_fp_pkg::round32({}, {})", a(0), *r as u32))
                }
                // Narrowing float conversions: the staged cores (hls_fp_narrow).
                OpKind::Convert(ConvertOp::FToF(r))
                    if matches!(
                        (unit.body.op(op.operands[0]).ty.bits(), w),
                        (32, 16) | (64, 32)
                    ) =>
                {
                    let from = unit.body.op(op.operands[0]).ty.bits();
                    wl(&mut out, decl.clone());
                    wl(&mut out, format!(
                        "    hls_fp{from}_to_fp{w} #(.LAT({lat}), .MODE(2'd{})) {n}_core (.clk(ap_clk), .ce(en), .a({}), .y({n}));",
                        *r as u32,
                        a(0)
                    ));
                    None
                }
                OpKind::Convert(c) => {
                    let from = unit.body.op(op.operands[0]).ty.bits();
                    let widen = |signed: bool| match from {
                        64 => a(0),
                        f if signed => {
                            format!("{{{{{}{{{}[{}]}}}}, {}}}", 64 - f, a(0), f - 1, a(0))
                        }
                        f => format!("{{{}'d0, {}}}", 64 - f, a(0)),
                    };
                    Some(match c {
                        ConvertOp::SIToF(r) => format!(
                            "hls_fp{}::i64_to_f{w}({}, 1'b1, 2'd{})",
                            if w == 64 { "64_pkg" } else { "_pkg" },
                            widen(true),
                            *r as u32
                        ),
                        ConvertOp::UIToF(r) => format!(
                            "hls_fp{}::i64_to_f{w}({}, 1'b0, 2'd{})",
                            if w == 64 { "64_pkg" } else { "_pkg" },
                            widen(false),
                            *r as u32
                        ),
                        ConvertOp::FToF(_) => match (from, w) {
                            (16, 32) => format!("hls_fp_pkg::f16_to_f32({})", a(0)),
                            (32, 64) => format!("hls_fp_pkg::f32_to_f64({})", a(0)),
                            _ => {
                                return Err(RtlError::Unsupported(format!(
                                    "conversion from f{from} to f{w} reached code generation"
                                )))
                            }
                        },
                        ConvertOp::FToSI | ConvertOp::FToUI => {
                            let signed = u8::from(matches!(c, ConvertOp::FToSI));
                            if from == 64 {
                                format!(
                                    "{w}'(hls_fp64_pkg::f64_to_i64({}, 1'b{signed}, {w}))",
                                    a(0)
                                )
                            } else {
                                format!("{w}'(hls_fp_pkg::f32_to_i64({}, 1'b{signed}, {w}))", a(0))
                            }
                        }
                    })
                }
                OpKind::Cast(c) => {
                    let from = unit.body.op(op.operands[0]).ty.bits();
                    Some(match c {
                        CastOp::ZExt => format!("{{{}'d0, {}}}", w - from, a(0)),
                        CastOp::SExt => {
                            format!("{{{{{}{{{}[{}]}}}}, {}}}", w - from, a(0), from - 1, a(0))
                        }
                        CastOp::Trunc => format!("{}[{}:0]", a(0), w - 1),
                        CastOp::Bitcast => a(0),
                    })
                }
                OpKind::Float(f) => {
                    wl(&mut out, decl.clone());
                    // hls_fp32_* or hls_fp64_*: the cores share their ports.
                    match f {
                        FloatBinOp::Add | FloatBinOp::Sub => wl(&mut out, format!(
                            "    hls_fp{w}_add #(.LAT({lat}){}) {n}_core (.clk(ap_clk), .ce(en), .sub(1'b{}), .a({}), .b({}), .y({n}));",
                            hls_cores::catalog::board_params(&format!("hls_fp{w}_add"), dsp, k.attrs.flushes_denormals(w)),
                            u8::from(*f == FloatBinOp::Sub), a(0), a(1)
                        )),
                        FloatBinOp::Mul | FloatBinOp::Div => {
                            let module = format!(
                                "hls_fp{w}_{}",
                                if *f == FloatBinOp::Mul { "mul" } else { "div" }
                            );
                            wl(&mut out, format!(
                                "    {module} #(.LAT({lat}){}) {n}_core (.clk(ap_clk), .ce(en), .a({}), .b({}), .y({n}));",
                                hls_cores::catalog::board_params(&module, dsp, k.attrs.flushes_denormals(w)),
                                a(0), a(1)
                            ))
                        }
                    }
                    None
                }
                OpKind::Load(m) | OpKind::Store(m) if k.memory(*m).on_chip().is_some() => {
                    let mem = k.memory(*m);
                    let geo = mem.geometry.as_ref().ok_or_else(|| {
                        RtlError::Unsupported(format!(
                            "on-chip memory '{}' has no geometry",
                            mem.name
                        ))
                    })?;
                    let store = matches!(op.kind, OpKind::Store(_));
                    if !store {
                        wl(&mut out, format!("    logic [{}:0] {n}_rd;", w - 1));
                    }
                    // Accesses sharing a modulo slot (any cycle of straight-line code is its own).
                    let slot = if matches!(unit.kind, UnitKind::Block) {
                        t
                    } else {
                        t % s.ii.max(1)
                    };
                    // Work-items in flight each use their own copy of a private array:
                    // the copy index of the work-item at this stage.
                    let copy = (geo.copies > 1).then(|| {
                        let cw = 32 - (geo.copies - 1).leading_zeros();
                        let e = copy_counters.entry(m.0).or_insert((geo.copies, 0));
                        e.1 = e.1.max(t);
                        let sig = if t == 0 {
                            format!("{p}_cp{}", m.0)
                        } else {
                            format!("{p}_cp{}_d[{}]", m.0, t - 1)
                        };
                        (sig, cw)
                    });
                    onchip.entry(m.0).or_default().push(crate::onchip::Access {
                        copy,
                        slot: (ui, slot),
                        store,
                        sel: format!("{} && {}", g.valid(t), g.pred(op, t)),
                        addr: a(0),
                        data: if store { a(1) } else { String::new() },
                        out: if store {
                            String::new()
                        } else {
                            format!("{n}_rd")
                        },
                        lat,
                        bank: scheduler::memories::bank_access(k, &unit.body, id, geo),
                    });
                    (!store).then(|| format!("{n}_rd"))
                }
                OpKind::Load(m) => {
                    let mv = master(*m)?;
                    let ports = ports.entry(m.0).or_default();
                    let issue = format!("{} && {}", g.valid(t), g.pred(op, t));
                    let pop = format!("{} && {}", g.valid(t + lat), g.pred(op, t + lat));
                    ports.ar.push((issue.clone(), a(0)));
                    ports.pop.push(pop.clone());
                    stalls.push(format!("({issue} && ar_{}_full)", mv.name));
                    stalls.push(format!("({pop} && r_{}_empty)", mv.name));
                    // A load ordered after a store of this buffer waits until every queued
                    // write is acknowledged: AXI does not order reads against writes.
                    let after_store = unit
                        .body
                        .graph
                        .edges_directed(id.node(), petgraph::Direction::Incoming)
                        .any(|e| {
                            e.weight().kind == DepKind::Order
                                && matches!(unit.body.graph[e.source()].kind, OpKind::Store(_))
                        });
                    if after_store {
                        stalls.push(format!(
                            "({issue} && !(w_{m}_empty && b_{m}_pending == 16'd0))",
                            m = mv.name
                        ));
                    }
                    Some(format!("r_{}_dout", mv.name))
                }
                OpKind::Store(m) => {
                    let mv = master(*m)?;
                    let ports = ports.entry(m.0).or_default();
                    let issue = format!("{} && {}", g.valid(t), g.pred(op, t));
                    ports
                        .w
                        .push((issue.clone(), format!("{{{}, {}}}", a(0), a(1))));
                    stalls.push(format!("({issue} && w_{}_full)", mv.name));
                    None
                }
            };
            if let Some(expr) = comb {
                wl(&mut out, decl);
                if lat == 0 || matches!(op.kind, OpKind::Load(_)) {
                    wl(&mut out, format!("    assign {n} = {expr};"));
                } else {
                    // A pipelined operator: the result appears `lat` enabled cycles later.
                    wl(&mut out, format!("    logic [{}:0] {n}_p [{lat}];", w - 1));
                    wl(&mut out, format!("    always_ff @(posedge ap_clk) if (en) begin {n}_p[0] <= {expr}; for (int i = 1; i < {lat}; i++) {n}_p[i] <= {n}_p[i-1]; end"));
                    wl(&mut out, format!("    assign {n} = {n}_p[{}];", lat - 1));
                }
            }
            // Delay line, each register only as wide as its later readers need.
            let d = g.delay.get(&id).copied().unwrap_or(0);
            let slice = |name: &str, from: u32, to: u32| {
                if to < from {
                    format!("{name}[{}:0]", to - 1)
                } else {
                    name.to_string()
                }
            };
            if d > 0 && !matches!(op.kind, OpKind::Store(_)) {
                let mut body = String::new();
                let mut prev = (n.clone(), w);
                for i in 1..=d {
                    let wi = g.width_at(id, i).max(1);
                    wl(&mut out, format!("    logic [{}:0] {n}_d{i};", wi - 1));
                    let _ = write!(body, " {n}_d{i} <= {};", slice(&prev.0, prev.1, wi));
                    prev = (format!("{n}_d{i}"), wi);
                }
                wl(
                    &mut out,
                    format!("    always_ff @(posedge ap_clk) if (en) begin{body} end"),
                );
            }
            // Bits of the op's own output nobody reads (e.g. the high half of a 64-bit
            // work-item id truncated to int): sunk explicitly, see `unused` below.
            if !matches!(op.kind, OpKind::Store(_)) {
                let used = g.width_at(id, 0);
                if used == 0 {
                    unused.push(n.clone());
                } else if used < w {
                    unused.push(format!("{n}[{}:{used}]", w - 1));
                }
            }
        }
        for (m, (copies, last)) in &copy_counters {
            // Counts issued work-items modulo the copies; delayed along the pipeline.
            let cw = 32 - (copies - 1).leading_zeros();
            let c = format!("{p}_cp{m}");
            wl(&mut out, format!("    logic [{}:0] {c};", cw - 1));
            wl(&mut out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {c} <= '0; else if (en && {p}_v0) {c} <= ({c} == {cw}'d{}) ? '0 : {c} + 1'b1;", copies - 1));
            if *last > 0 {
                crate::onchip::delay_line(&mut out, &format!("{c}_d"), cw, &c, *last);
            }
        }
        for o in &caps {
            let w = unit.body.op(*o).ty.bits();
            let r = cap_stage(&g, *o);
            wl(
                &mut out,
                format!("    logic [{}:0] cap_u{ui}_n{};", w - 1, o.0),
            );
            wl(
                &mut out,
                format!(
                    "    always_ff @(posedge ap_clk) if (en && {}) cap_u{ui}_n{} <= {};",
                    g.valid(r),
                    o.0,
                    g.val(*o, r)
                ),
            );
        }
    }
    // Memory request ports: at most one requester per cycle per port (the schedule's modulo
    // reservation table guarantees it), so the selects are ORs of gated values.
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
    for (mem, list) in &onchip {
        unused.extend(crate::onchip::emit(&mut out, k, MemId(*mem), list)?);
    }
    for mv in masters.iter() {
        let ps = ports.remove(&mv.mem).unwrap_or_default();
        let m = &mv.name;
        let gated = |list: &[(String, String)], width: u32| -> (String, String) {
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
            (format!("en && ({push})"), data)
        };
        if mv.read {
            let (push, data) = gated(&ps.ar, 64);
            let _ = writeln!(
                out,
                "    assign ar_{m}_push = {push};\n    assign ar_{m}_din = {data};"
            );
            let pop = if ps.pop.is_empty() {
                "1'b0".to_string()
            } else {
                format!(
                    "en && ({})",
                    ps.pop
                        .iter()
                        .map(|c| format!("({c})"))
                        .collect::<Vec<_>>()
                        .join(" || ")
                )
            };
            let _ = writeln!(out, "    assign r_{m}_pop = {pop};");
        }
        if mv.write {
            let (push, data) = gated(&ps.w, 64 + mv.width);
            let _ = writeln!(
                out,
                "    assign w_{m}_push = {push};\n    assign w_{m}_din = {data};"
            );
        }
    }
    let stall = if stalls.is_empty() {
        "1'b0".to_string()
    } else {
        stalls.join("\n        || ")
    };
    let _ = writeln!(out, "    assign en = !({stall});");
    let mem_idle = if masters.is_empty() {
        "1'b1".to_string()
    } else {
        masters
            .iter()
            .map(|m| format!("mem_{}_idle", m.name))
            .collect::<Vec<_>>()
            .join(" && ")
    };
    let _ = writeln!(
        out,
        "    logic mem_idle;\n    assign mem_idle = {mem_idle};"
    );
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
    emit_fsm(&mut out, k, nd, &live, ubits)?;
    Ok(hoist_declarations(&out))
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

fn wi_advance(nd: &NdrangeUse, indent: &str) -> String {
    let mut s = String::new();
    // Dimension 0 fastest; local ids and group ids follow the global id.
    let step = |d: usize| -> String {
        let mut x = format!("wi_gid{d} <= wi_gid{d} + 32'd1;");
        if nd.local {
            let _ = write!(x, " if (wi_lid{d} + 32'd1 == reg_local_size{d}) begin wi_lid{d} <= '0; wi_grp{d} <= wi_grp{d} + 32'd1; end else wi_lid{d} <= wi_lid{d} + 32'd1;");
        }
        x
    };
    let reset = |d: usize| -> String {
        let mut x = format!("wi_gid{d} <= '0;");
        if nd.local {
            let _ = write!(x, " wi_lid{d} <= '0; wi_grp{d} <= '0;");
        }
        x
    };
    let _ = writeln!(
        s,
        "{indent}if (wi_gid0 + 32'd1 != reg_global_size0) begin {} end",
        step(0)
    );
    let _ = writeln!(s, "{indent}else begin {}", reset(0));
    let _ = writeln!(
        s,
        "{indent}    if (wi_gid1 + 32'd1 != reg_global_size1) begin {} end",
        step(1)
    );
    let _ = writeln!(s, "{indent}    else begin {} {} end", reset(1), step(2));
    let _ = writeln!(s, "{indent}end");
    s
}

fn emit_fsm(
    out: &mut String,
    k: &Kernel,
    nd: &NdrangeUse,
    live: &Liveness,
    ubits: u32,
) -> Result<(), RtlError> {
    let _ = writeln!(
        out,
        "\n    // ------------------------------------------------------------------ control"
    );
    let _ = writeln!(out, "    assign ap_idle = (state == 2'd0);");
    let _ = writeln!(out, "    always_ff @(posedge ap_clk) begin");
    let _ = writeln!(out, "        if (!ap_rst_n) begin");
    let _ = writeln!(
        out,
        "            state <= 2'd0; cur <= '0; done_pulse <= 1'b0;"
    );
    if k.mode == ExecMode::PipelinedWorkItems {
        let _ = writeln!(out, "            wi_pending <= 1'b0;");
    }
    for d in 0..3 {
        let _ = write!(out, "            wi_gid{d} <= '0;");
        if nd.local {
            let _ = write!(out, " wi_lid{d} <= '0; wi_grp{d} <= '0;");
        }
        let _ = writeln!(out);
    }
    for (ui, u) in k.units.iter().enumerate() {
        if !matches!(u.kind, UnitKind::WorkItems) {
            let _ = writeln!(out, "            u{ui}_start <= 1'b0;");
        }
        for i in 0..u.entry_phis.len() {
            if live.phis.contains(&(ui as u32, i)) {
                let _ = writeln!(out, "            phi_u{ui}_{i} <= '0;");
            }
        }
    }
    let _ = writeln!(out, "        end else begin");
    let _ = writeln!(out, "            done_pulse <= 1'b0;");
    for (ui, u) in k.units.iter().enumerate() {
        if !matches!(u.kind, UnitKind::WorkItems) {
            let _ = writeln!(out, "            if (en && u{ui}_v0) u{ui}_start <= 1'b0;");
        }
    }
    if k.mode == ExecMode::PipelinedWorkItems {
        let _ = writeln!(out, "            if (en && u0_v0) begin");
        let _ = writeln!(out, "                if (wi_last) wi_pending <= 1'b0;");
        let _ = write!(
            out,
            "                else begin\n{}                end\n",
            wi_advance(nd, "                    ")
        );
        let _ = writeln!(out, "            end");
    }
    let _ = writeln!(out, "            case (state)");
    let _ = writeln!(out, "                2'd0: if (ap_start) begin");
    for d in 0..3 {
        let _ = write!(out, "                    wi_gid{d} <= '0;");
        if nd.local {
            let _ = write!(out, " wi_lid{d} <= '0; wi_grp{d} <= '0;");
        }
        let _ = writeln!(out);
    }
    let entry = k.entry.0;
    let _ = writeln!(out, "                    state <= 2'd1;");
    let _ = writeln!(out, "                    cur <= {ubits}'d{entry};");
    if k.mode == ExecMode::PipelinedWorkItems {
        let _ = writeln!(out, "                    wi_pending <= 1'b1;");
    } else {
        let _ = writeln!(out, "                    u{entry}_start <= 1'b1;");
    }
    let _ = writeln!(out, "                end");
    let _ = writeln!(out, "                2'd1: case (cur)");
    for (ui, u) in k.units.iter().enumerate() {
        let _ = writeln!(
            out,
            "                    {ubits}'d{ui}: if (!u{ui}_busy && mem_idle) begin"
        );
        let go = |target: UnitId, ind: &str| -> String {
            let mut s = String::new();
            let tu = k.unit(target);
            for (i, p) in tu.entry_phis.iter().enumerate() {
                if !live.phis.contains(&(target.0, i)) {
                    continue;
                }
                if let Some((_, v)) = p.incoming.iter().find(|(from, _)| from.0 as usize == ui) {
                    let _ = writeln!(s, "{ind}phi_u{}_{i} <= {};", target.0, outer_expr(k, *v));
                }
            }
            let _ = writeln!(s, "{ind}u{}_start <= 1'b1;", target.0);
            let _ = writeln!(s, "{ind}cur <= {ubits}'d{};", target.0);
            s
        };
        match &u.exit {
            Exit::Jump(t) => out.push_str(&go(*t, "                        ")),
            Exit::Branch {
                cond,
                if_true,
                if_false,
            } => {
                let _ = writeln!(
                    out,
                    "                        if (cap_u{ui}_n{}) begin",
                    cond.0
                );
                out.push_str(&go(*if_true, "                            "));
                let _ = writeln!(out, "                        end else begin");
                out.push_str(&go(*if_false, "                            "));
                let _ = writeln!(out, "                        end");
            }
            Exit::Switch {
                value,
                cases,
                default,
            } => {
                let w = u.body.op(*value).ty.bits();
                let _ = writeln!(out, "                        case (cap_u{ui}_n{})", value.0);
                for (value, t) in cases {
                    let _ = writeln!(out, "                            {}: begin", lit(w, *value));
                    out.push_str(&go(*t, "                                "));
                    let _ = writeln!(out, "                            end");
                }
                let _ = writeln!(out, "                            default: begin");
                out.push_str(&go(*default, "                                "));
                let _ = writeln!(out, "                            end");
                let _ = writeln!(out, "                        endcase");
            }
            Exit::Return => {
                if k.mode == ExecMode::PipelinedWorkItems {
                    let _ = writeln!(out, "                        state <= 2'd2;");
                } else {
                    let _ = writeln!(out, "                        if (wi_last) state <= 2'd2;");
                    let _ = writeln!(out, "                        else begin");
                    out.push_str(&wi_advance(nd, "                            "));
                    let _ = writeln!(out, "                            u{entry}_start <= 1'b1;");
                    let _ = writeln!(out, "                            cur <= {ubits}'d{entry};");
                    let _ = writeln!(out, "                        end");
                }
            }
        }
        let _ = writeln!(out, "                    end");
    }
    let _ = writeln!(out, "                    default: ;");
    let _ = writeln!(out, "                endcase");
    let _ = writeln!(
        out,
        "                2'd2: begin done_pulse <= 1'b1; state <= 2'd3; end"
    );
    let _ = writeln!(
        out,
        "                default: state <= 2'd0;  // ap_start is cleared while here"
    );
    let _ = writeln!(out, "            endcase");
    let _ = writeln!(out, "        end");
    let _ = writeln!(out, "    end");
    Ok(())
}
