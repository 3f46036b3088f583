//! One operation: its value (an expression, or an instance of an operator core from the
//! library), the register of a pipelined result, its delay line, and the bits nobody reads.
//! The values come in three families: scalar (integer, select, work-item ids), float (the
//! cores), memory (on-chip RAM ports, AXI requests).

use super::unit::UnitGen;
use super::{arg_expr, lit, outer_expr, resize, wl, Emitter};
use crate::RtlError;
use ir::*;
use petgraph::visit::EdgeRef;
use std::collections::BTreeMap;
use std::fmt::Write;

impl Emitter<'_> {
    /// One live operation of a unit.
    pub(super) fn op(
        &mut self,
        g: &UnitGen,
        unit: &Unit,
        id: OpId,
        op: &Op,
        copy_counters: &mut BTreeMap<u32, (u32, u32)>,
    ) -> Result<(), RtlError> {
        let comb = match &op.kind {
            OpKind::Math(_)
            | OpKind::Fma
            | OpKind::FCmp(_)
            | OpKind::FloatUnary(_)
            | OpKind::Convert(_)
            | OpKind::Float(_) => self.float_value(g, unit, id, op)?,
            OpKind::Load(_) | OpKind::Store(_) => {
                self.memory_value(g, unit, id, op, copy_counters)?
            }
            OpKind::Int(IntBinOp::Mul) if g.s.latency[id.index()] > 0 => {
                self.staged_mul(g, id, op);
                None
            }
            OpKind::Int(
                b @ (IntBinOp::SDiv | IntBinOp::UDiv | IntBinOp::SRem | IntBinOp::URem),
            ) if g.s.latency[id.index()] > 0 => {
                self.staged_div(g, id, op, *b);
                None
            }
            _ => scalar_value(self.k, g, unit, id, op)?,
        };
        let n = format!("{}_n{}", g.p(), id.0);
        let w = op.ty.bits();
        let lat = g.s.latency[id.index()];
        let decl = format!("    logic [{}:0] {n};", w - 1);
        let (out, unused) = (&mut self.out, &mut self.unused);
        let enables = &mut self.enables;
        if let Some(expr) = comb {
            wl(out, decl);
            if lat == 0 || matches!(op.kind, OpKind::Load(_)) {
                wl(out, format!("    assign {n} = {expr};"));
            } else {
                // A pipelined operator: the result appears `lat` enabled cycles later.
                let en = enables.take(w * lat);
                wl(out, format!("    logic [{}:0] {n}_p [{lat}];", w - 1));
                wl(out, format!("    always_ff @(posedge ap_clk) if ({en}) begin {n}_p[0] <= {expr}; for (int i = 1; i < {lat}; i++) {n}_p[i] <= {n}_p[i-1]; end"));
                wl(out, format!("    assign {n} = {n}_p[{}];", lat - 1));
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
            // A long line spans several copies of the enable: one block per copy.
            let mut blocks: Vec<(String, String)> = Vec::new();
            let mut prev = (n.clone(), w);
            for i in 1..=d {
                let wi = g.width_at(id, i).max(1);
                wl(out, format!("    logic [{}:0] {n}_d{i};", wi - 1));
                let en = enables.take(wi);
                if blocks.last().is_none_or(|(e, _)| *e != en) {
                    blocks.push((en, String::new()));
                }
                let body = &mut blocks.last_mut().expect("pushed above").1;
                let _ = write!(body, " {n}_d{i} <= {};", slice(&prev.0, prev.1, wi));
                prev = (format!("{n}_d{i}"), wi);
            }
            for (en, body) in blocks {
                wl(
                    out,
                    format!("    always_ff @(posedge ap_clk) if ({en}) begin{body} end"),
                );
            }
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
        Ok(())
    }

    /// A pipelined integer multiply: hls_int_mul places its registers inside the product
    /// (operands, DSP limb products, sum) rather than after it.
    fn staged_mul(&mut self, g: &UnitGen, id: OpId, op: &Op) {
        let n = format!("{}_n{}", g.p(), id.0);
        let (w, t) = (op.ty.bits(), g.t(id));
        let lat = g.s.latency[id.index()];
        // about two operands' or a product's width per stage
        let en = self.enables.take(2 * w * lat);
        wl(&mut self.out, format!("    logic [{}:0] {n};", w - 1));
        wl(&mut self.out, format!(
            "    hls_int_mul #(.W({w}), .LAT({lat}), .DSP_PRIM({})) {n}_core (.clk(ap_clk), .ce({en}), .a({}), .b({}), .y({n}));",
            self.dsp.primitive.sv_code(),
            g.val(op.operands[0], t),
            g.val(op.operands[1], t)
        ));
    }

    /// A pipelined integer divide or remainder: hls_int_div, long division with a register
    /// after each step, in place of `a / b` and a delay line after it.
    fn staged_div(&mut self, g: &UnitGen, id: OpId, op: &Op, b: IntBinOp) {
        let n = format!("{}_n{}", g.p(), id.0);
        let (w, t) = (op.ty.bits(), g.t(id));
        let lat = g.s.latency[id.index()];
        let signed = matches!(b, IntBinOp::SDiv | IntBinOp::SRem) as u8;
        let rem = matches!(b, IntBinOp::SRem | IntBinOp::URem) as u8;
        // a stage holds the partial remainder, the quotient bits and the divisor
        let en = self.enables.take(3 * w * lat);
        wl(&mut self.out, format!("    logic [{}:0] {n};", w - 1));
        wl(&mut self.out, format!(
            "    hls_int_div #(.W({w}), .LAT({lat}), .SIGNED(1'b{signed}), .REM(1'b{rem})) {n}_core (.clk(ap_clk), .ce({en}), .a({}), .b({}), .y({n}));",
            g.val(op.operands[0], t),
            g.val(op.operands[1], t)
        ));
    }

    /// A float operation: an instance of its core (its result appears `lat` cycles later)
    /// or, for compares, sign-bit operations, roundings and conversions, a function of the
    /// library's packages.
    fn float_value(
        &mut self,
        g: &UnitGen,
        unit: &Unit,
        id: OpId,
        op: &Op,
    ) -> Result<Option<String>, RtlError> {
        let (k, dsp, out) = (self.k, self.dsp, &mut self.out);
        let enables = &mut self.enables;
        let s = g.s;
        let n = format!("{}_n{}", g.p(), id.0);
        let w = op.ty.bits();
        let t = g.t(id);
        let lat = s.latency[id.index()];
        let a = |i: usize| g.val(op.operands[i], t);
        let decl = format!("    logic [{}:0] {n};", w - 1);
        // An operator core from the library: its result declared, then the instance with
        // the board's latency and parameters.
        let ftz = k.attrs.flushes_denormals(w);
        // A core's stages hold about two operands' width each (mantissas with guard bits,
        // exponents, the flags), the copy of the enable is taken for that many.
        let mut core = |out: &mut String, module: &str, ports: &str| {
            wl(out, decl.clone());
            let en = enables.take(2 * w * lat);
            let ports = format!(".clk(ap_clk), .ce({en}), {ports}, .y({n})");
            let name = format!("{n}_core");
            out.push_str(&hls_cores::catalog::instance(
                module, lat, dsp, ftz, &name, &ports,
            ));
        };
        Ok(match &op.kind {
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
                let ports = format!(".a({}){b}", a(0));
                core(out, &m.module(op.ty.bits()), &ports);
                None
            }
            OpKind::Fma => {
                let ports = format!(".a({}), .b({}), .c({})", a(0), a(1), a(2));
                core(out, &format!("hls_fp{w}_fma"), &ports);
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
                core(out, &format!("hls_fp{w}_sqrt"), &format!(".a({})", a(0)));
                None
            }
            // Roundings to an integral value given cycles: the staged core (hls_fp_rint),
            // its registers between the mask, the decision and the add.
            OpKind::FloatUnary(r) if lat > 0 && matches!(w, 32 | 64) => {
                let (ew, mw) = if w == 64 { (11, 52) } else { (8, 23) };
                wl(out, decl.clone());
                let en = enables.take(2 * w * lat);
                wl(out, format!(
                    "    hls_fp_rint #(.EW({ew}), .MW({mw}), .MODE({}), .LAT({lat})) {n}_core (.clk(ap_clk), .ce({en}), .a({}), .y({n}));",
                    *r as u32,
                    a(0)
                ));
                None
            }
            OpKind::FloatUnary(r) if w == 64 => {
                Some(format!("hls_fp64_pkg::round64({}, {})", a(0), *r as u32))
            }
            OpKind::FloatUnary(r) => Some(format!("hls_fp_pkg::round32({}, {})", a(0), *r as u32)),
            // Narrowing float conversions: the staged cores (hls_fp_narrow).
            OpKind::Convert(ConvertOp::FToF(r))
                if matches!(
                    (unit.body.op(op.operands[0]).ty.bits(), w),
                    (32, 16) | (64, 32)
                ) =>
            {
                let from = unit.body.op(op.operands[0]).ty.bits();
                wl(out, decl.clone());
                let en = enables.take(from * lat);
                wl(out, format!(
                    "    hls_fp{from}_to_fp{w} #(.LAT({lat}), .MODE(2'd{})) {n}_core (.clk(ap_clk), .ce({en}), .a({}), .y({n}));",
                    *r as u32,
                    a(0)
                ));
                None
            }
            // Integer <-> float conversions given cycles: the staged cores (hls_fp_int), whose
            // registers sit between the negate, the count, the shift and the rounding.
            OpKind::Convert(
                c @ (ConvertOp::SIToF(_)
                | ConvertOp::UIToF(_)
                | ConvertOp::FToSI
                | ConvertOp::FToUI),
            ) if lat > 0 => {
                let from = unit.body.op(op.operands[0]).ty.bits();
                let format = |bits: u32| if bits == 64 { (11, 52) } else { (8, 23) };
                wl(out, decl.clone());
                // a stage holds a 64-bit word (the shifted magnitude) and its flags
                let en = enables.take(72 * lat);
                let line = match c {
                    ConvertOp::SIToF(r) | ConvertOp::UIToF(r) => {
                        let (ew, mw) = format(w);
                        let signed = u8::from(matches!(c, ConvertOp::SIToF(_)));
                        format!(
                            "hls_int_to_fp #(.IW({from}), .SIGNED(1'b{signed}), .EW({ew}), .MW({mw}), .MODE(2'd{}), .LAT({lat}))",
                            *r as u32
                        )
                    }
                    _ => {
                        let (ew, mw) = format(from);
                        let signed = u8::from(matches!(c, ConvertOp::FToSI));
                        format!(
                            "hls_fp_to_int #(.EW({ew}), .MW({mw}), .OW({w}), .SIGNED(1'b{signed}), .LAT({lat}))"
                        )
                    }
                };
                wl(
                    out,
                    format!(
                        "    {line} {n}_core (.clk(ap_clk), .ce({en}), .a({}), .y({n}));",
                        a(0)
                    ),
                );
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
                            format!("{w}'(hls_fp64_pkg::f64_to_i64({}, 1'b{signed}, {w}))", a(0))
                        } else {
                            format!("{w}'(hls_fp_pkg::f32_to_i64({}, 1'b{signed}, {w}))", a(0))
                        }
                    }
                })
            }
            OpKind::Float(f) => {
                // hls_fp32_* or hls_fp64_*: the cores share their ports.
                let (module, sub) = match f {
                    FloatBinOp::Add => ("add", Some(0)),
                    FloatBinOp::Sub => ("add", Some(1)),
                    FloatBinOp::Mul => ("mul", None),
                    FloatBinOp::Div => ("div", None),
                };
                let sub = sub.map(|b| format!(".sub(1'b{b}), ")).unwrap_or_default();
                let ports = format!("{sub}.a({}), .b({})", a(0), a(1));
                core(out, &format!("hls_fp{w}_{module}"), &ports);
                None
            }
            other => {
                return Err(RtlError::Unsupported(format!(
                    "{other:?} reached the wrong emitter"
                )))
            }
        })
    }

    /// A load or store: a port of an on-chip memory, or a request to the buffer's AXI
    /// master (a load's value is the read-response FIFO's head).
    fn memory_value(
        &mut self,
        g: &UnitGen,
        unit: &Unit,
        id: OpId,
        op: &Op,
        copy_counters: &mut BTreeMap<u32, (u32, u32)>,
    ) -> Result<Option<String>, RtlError> {
        let (k, masters) = (self.k, self.masters);
        let master = |m: MemId| {
            masters.iter().find(|mv| mv.mem == m.0).ok_or_else(|| {
                RtlError::Unsupported(format!("memory '{}' has no AXI master", k.memory(m).name))
            })
        };
        let Emitter {
            out,
            onchip,
            ports,
            stalls,
            unused,
            ..
        } = self;
        let s = g.s;
        let n = format!("{}_n{}", g.p(), id.0);
        let w = op.ty.bits();
        let t = g.t(id);
        let lat = s.latency[id.index()];
        let a = |i: usize| g.val(op.operands[i], t);
        let (ui, p) = (g.ui, g.p());
        Ok(match &op.kind {
            OpKind::Load(m) | OpKind::Store(m) if k.memory(*m).on_chip().is_some() => {
                let mem = k.memory(*m);
                let geo = mem.geometry.as_ref().ok_or_else(|| {
                    RtlError::Unsupported(format!("on-chip memory '{}' has no geometry", mem.name))
                })?;
                let store = matches!(op.kind, OpKind::Store(_));
                if !store {
                    wl(out, format!("    logic [{}:0] {n}_rd;", w - 1));
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
            OpKind::Load(m) if k.memory(*m).is_pipe() => {
                // A read pipe: the packet is the FIFO's head, popped where the value is
                // taken; the pipeline waits while the FIFO is empty.
                let mv = master(*m)?;
                // A stream has no address (the operand is zero).
                unused.push(a(0));
                let ports = ports.entry(m.0).or_default();
                ports.pop.entry(0).or_default().push(format!(
                    "{} && {}",
                    g.valid(t + lat),
                    g.pred(op, t + lat)
                ));
                stalls.push((g.pop_next(op, t + lat), format!("r_{}_empty_next", mv.name)));
                Some(format!("r_{}_dout", mv.name))
            }
            OpKind::Store(m) if k.memory(*m).is_pipe() => {
                // A write pipe: the packet enters the stream's queue; the pipeline waits
                // while it is full.
                let mv = master(*m)?;
                unused.push(a(0));
                let ports = ports.entry(m.0).or_default();
                let issue = format!("{} && {}", g.valid(t), g.pred(op, t));
                ports.w.push((issue, a(1)));
                // Exact (the scheduler starts it at stage 2 or later, its predicate known
                // a stage before): a pipeline past its last packet never waits on a full
                // queue, as the model's kernel does not.
                let next = if t >= 2 {
                    g.pop_next(op, t)
                } else {
                    g.issue_next(t)
                };
                stalls.push((next, format!("w_{}_full_next", mv.name)));
                None
            }
            OpKind::Load(m) => {
                let mv = master(*m)?;
                let ports = ports.entry(m.0).or_default();
                let issue = format!("{} && {}", g.valid(t), g.pred(op, t));
                let pop = format!("{} && {}", g.valid(t + lat), g.pred(op, t + lat));
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
                // Through a load-store unit the request says, above its address, whether
                // it may take its element from a beat fetched before such a store.
                let request = if mv.lsu {
                    format!("{{1'b{}, {}}}", after_store as u8, a(0))
                } else {
                    a(0)
                };
                // Each load site of a buffer behind load-store units has its own queues.
                let site = if mv.lsu {
                    crate::load_site(unit, id)
                } else {
                    0
                };
                ports.ar.entry(site).or_default().push((issue, request));
                ports.pop.entry(site).or_default().push(pop);
                let q = mv.site(site);
                // The stall terms are next cycle's (see `memory_ports`): a request may be
                // issued into a full queue, or data popped from an empty FIFO.
                let issue_next = g.issue_next(t);
                stalls.push((issue_next.clone(), format!("ar_{q}_full_next")));
                stalls.push((g.pop_next(op, t + lat), format!("r_{q}_empty_next")));
                if after_store {
                    stalls.push((
                        issue_next,
                        format!("!(w_{m}_idle_next && b_{m}_none_next)", m = mv.name),
                    ));
                }
                Some(format!("r_{q}_dout"))
            }
            OpKind::Store(m) => {
                let mv = master(*m)?;
                let ports = ports.entry(m.0).or_default();
                let issue = format!("{} && {}", g.valid(t), g.pred(op, t));
                ports.w.push((issue, format!("{{{}, {}}}", a(0), a(1))));
                stalls.push((g.issue_next(t), format!("w_{}_full_next", mv.name)));
                None
            }
            other => {
                return Err(RtlError::Unsupported(format!(
                    "{other:?} reached the wrong emitter"
                )))
            }
        })
    }
}

/// An integer, compare, select, cast or work-item operation: an expression.
fn scalar_value(
    k: &Kernel,
    g: &UnitGen,
    unit: &Unit,
    id: OpId,
    op: &Op,
) -> Result<Option<String>, RtlError> {
    let s = g.s;
    let w = op.ty.bits();
    let t = g.t(id);
    let a = |i: usize| g.val(op.operands[i], t);
    Ok(match &op.kind {
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
        OpKind::CarriedPhi => {
            let back = t + unit.body.carried_distance(id) * s.ii;
            Some(format!(
                "{} ? {} : {}",
                g.select_valid(back),
                g.val(op.operands[1], back),
                a(0)
            ))
        }
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
        other => {
            return Err(RtlError::Unsupported(format!(
                "{other:?} reached the wrong emitter"
            )))
        }
    })
}
