//! One unit's pipeline: how long each value lives (`UnitGen`), the valid bits and issue
//! logic, the operations (`ops`), the private-copy counters and the live-out captures.

use super::{kind_name, wl, Emitter};
use crate::RtlError;
use ir::*;
use scheduler::UnitSchedule;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

pub(super) struct UnitGen<'a> {
    pub(super) ui: usize,
    pub(super) s: &'a UnitSchedule,
    pub(super) body: &'a Body,
    /// Longest delay needed per op (0 = only the op's own output).
    pub(super) delay: HashMap<OpId, u32>,
    /// Bits read per op and delay (a truncation reads only the low bits).
    pub(super) reads: HashMap<OpId, BTreeMap<u32, u32>>,
    pub(super) stages: u32,
}

impl UnitGen<'_> {
    pub(super) fn p(&self) -> String {
        format!("u{}", self.ui)
    }
    pub(super) fn ready(&self, op: OpId) -> u32 {
        self.s.start[op.index()] + self.s.latency[op.index()]
    }
    pub(super) fn need(&mut self, op: OpId, at: u32) {
        let bits = self.body.op(op).ty.bits();
        self.need_bits(op, at, bits);
    }
    pub(super) fn need_bits(&mut self, op: OpId, at: u32, bits: u32) {
        let k = at.saturating_sub(self.ready(op));
        let e = self.delay.entry(op).or_insert(0);
        *e = (*e).max(k);
        let r = self.reads.entry(op).or_default().entry(k).or_insert(0);
        *r = (*r).max(bits);
        self.stages = self.stages.max(at);
    }
    /// Width of the delay register `k` of `op`: the most any later reader takes.
    pub(super) fn width_at(&self, op: OpId, k: u32) -> u32 {
        self.reads
            .get(&op)
            .map(|m| m.range(k..).map(|(_, b)| *b).max().unwrap_or(0))
            .unwrap_or(0)
    }
    /// Value of `op` as seen by the iteration at cycle `at`.
    pub(super) fn val(&self, op: OpId, at: u32) -> String {
        let k = at - self.ready(op);
        if k == 0 {
            format!("{}_n{}", self.p(), op.0)
        } else {
            format!("{}_n{}_d{k}", self.p(), op.0)
        }
    }
    pub(super) fn valid(&self, at: u32) -> String {
        if at == 0 {
            format!("{}_v0", self.p())
        } else {
            format!("{}_v[{at}]", self.p())
        }
    }
    /// A copy of the valid bit of stage `at` (`control` keeps one per loop-carried select):
    /// the select in front of a recurrence's operator then has a flip-flop of its own
    /// beside it, not the valid bit that also drives the pipeline's control (matmul16's
    /// critical path ran from that shared bit into the accumulator's adder).
    pub(super) fn select_valid(&self, at: u32) -> String {
        format!("{}_vs{at}", self.p())
    }
    /// Whether stage `at` may hold an iteration next cycle, from registers: the stage
    /// before it when the pipeline steps, else itself. The issue stage and the one after
    /// it follow the loop's issue logic (its exit test may be computed in the cycle), so
    /// they count as occupied: a stall on a full queue may then come a cycle early, never
    /// late. (The predicate is left out for the same reason: it may be computed at `at`.)
    pub(super) fn issue_next(&self, at: u32) -> String {
        if at >= 2 {
            format!("(en ? {} : {})", self.valid(at - 1), self.valid(at))
        } else {
            "1'b1".into()
        }
    }
    /// Whether `op` pops its data at stage `at` next cycle: exact, from registers (a
    /// load's predicate is computed by its issue, well before its data arrives, and no
    /// squash reaches past the loads' issue).
    pub(super) fn pop_next(&self, op: &Op, at: u32) -> String {
        format!(
            "(en ? ({} && {}) : ({} && {}))",
            self.valid(at - 1),
            self.pred(op, at - 1),
            self.valid(at),
            self.pred(op, at)
        )
    }
    pub(super) fn t(&self, op: OpId) -> u32 {
        self.s.start[op.index()]
    }
    /// Predicate of a memory op at cycle `at` ("1'b1" when unpredicated).
    pub(super) fn pred(&self, op: &Op, at: u32) -> String {
        match op.predicate() {
            Some(p) => self.val(p, at),
            None => "1'b1".into(),
        }
    }
}

impl Emitter<'_> {
    /// One unit: lifetimes, control, operations, copy counters, captures.
    pub(super) fn unit(
        &mut self,
        ui: usize,
        unit: &Unit,
        s: &UnitSchedule,
    ) -> Result<(), RtlError> {
        let live_ops = self.live.ops[ui].clone();
        let mut g = UnitGen {
            ui,
            s,
            body: &unit.body,
            reads: HashMap::new(),
            delay: HashMap::new(),
            stages: s.depth.saturating_sub(1),
        };
        g.lifetimes(self.k, unit, &live_ops);
        let squash_stage = squash_stage(unit, &g);
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
            .filter(|o| self.live.caps.contains(&(ui as u32, o.0)))
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
        // The stages whose valid bit selects a loop-carried value (`select_valid`).
        let selects: BTreeSet<u32> = unit
            .body
            .ops()
            .filter(|(id, op)| live_ops.contains(id) && matches!(op.kind, OpKind::CarriedPhi))
            .map(|(id, _)| g.t(id) + unit.body.carried_distance(id) * s.ii)
            .collect();
        self.control(&g, unit, ui, squash_stage, &selects);
        // Private-array copy counters this unit needs: memory -> (copies, latest use).
        let mut copy_counters: BTreeMap<u32, (u32, u32)> = BTreeMap::new();
        for (id, op) in unit.body.ops().filter(|(id, _)| live_ops.contains(id)) {
            self.op(&g, unit, id, op, &mut copy_counters)?;
        }
        let p = g.p();
        let out = &mut self.out;
        for (m, (copies, last)) in &copy_counters {
            // Counts issued work-items modulo the copies; delayed along the pipeline.
            let cw = 32 - (copies - 1).leading_zeros();
            let c = format!("{p}_cp{m}");
            wl(out, format!("    logic [{}:0] {c};", cw - 1));
            wl(out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {c} <= '0; else if (en && {p}_v0) {c} <= ({c} == {cw}'d{}) ? '0 : {c} + 1'b1;", copies - 1));
            if *last > 0 {
                crate::onchip::delay_line(out, &format!("{c}_d"), cw, &c, *last);
            }
        }
        for o in &caps {
            let w = unit.body.op(*o).ty.bits();
            let r = cap_stage(&g, *o);
            let en = self.enables.take(w);
            wl(out, format!("    logic [{}:0] cap_u{ui}_n{};", w - 1, o.0));
            wl(
                out,
                format!(
                    "    always_ff @(posedge ap_clk) if ({en} && {}) cap_u{ui}_n{} <= {};",
                    g.valid(r),
                    o.0,
                    g.val(*o, r)
                ),
            );
        }
        Ok(())
    }

    /// The valid bits and the issue logic of the unit's pipeline: a block runs once per
    /// start, a loop issues while its condition holds (speculated iterations are killed at
    /// the squash stage), work-items issue every II while any is pending.
    fn control(
        &mut self,
        g: &UnitGen,
        unit: &Unit,
        ui: usize,
        squash_stage: Option<u32>,
        selects: &BTreeSet<u32>,
    ) {
        let s = g.s;
        let out = &mut self.out;
        let p = g.p();
        let stages = g.stages.max(1);
        wl(
            out,
            format!(
                "\n    // unit {ui} '{}': {:?}, II {}, {} stages",
                unit.name,
                kind_name(&unit.kind),
                s.ii,
                stages + 1
            ),
        );
        if matches!(unit.kind, UnitKind::WorkItems) {
            wl(out, format!("    logic {p}_v0, {p}_busy, {p}_any;"));
        } else {
            wl(
                out,
                format!("    logic {p}_start, {p}_v0, {p}_busy, {p}_any;"),
            );
        }
        wl(out, format!("    logic [{stages}:1] {p}_v;"));
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
        let shifted = if stages >= 2 {
            format!("{{{p}_v[{}:1], {p}_v0}}{squash}", stages - 1)
        } else {
            format!("{p}_v0{squash}")
        };
        let next = if selects.is_empty() {
            shifted.clone()
        } else {
            wl(out, format!("    logic [{stages}:1] {p}_v_next;"));
            wl(out, format!("    assign {p}_v_next = {shifted};"));
            format!("{p}_v_next")
        };
        wl(out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {p}_v <= '0; else if (en) {p}_v <= {next};"));
        for at in selects {
            // `keep` on the process: the copy is not merged back into the valid bit.
            let c = g.select_valid(*at);
            wl(out, format!("    logic {c};"));
            wl(out, format!("    (* keep *) always_ff @(posedge ap_clk) if (!ap_rst_n) {c} <= 1'b0; else if (en) {c} <= {p}_v_next[{at}];"));
        }
        // `any`: some stage holds an iteration, registered (the next cycle's v != 0, with
        // and without a step, picked by en), so the FSM's hand-off test reads a flip-flop
        // instead of a wide OR over the valid bits.
        wl(out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {p}_any <= 1'b0; else {p}_any <= en ? (({shifted}) != '0) : ({p}_v != '0);"));
        match unit.kind {
            UnitKind::Block => {
                wl(out, format!("    assign {p}_v0 = {p}_start;"));
                wl(out, format!("    assign {p}_busy = {p}_start || {p}_any;"));
            }
            UnitKind::Loop { cont, .. } if squash_stage.is_some() => {
                // Speculation: an iteration issues every II while the loop runs; an exit
                // test that fails at stage e kills the younger iterations and stops issue.
                // The schedule keeps their memory accesses after that stage and at most
                // SpeculatedIterationsINTEL of them in flight.
                let e = squash_stage.expect("guarded");
                wl(out, format!("    logic {p}_stop, {p}_kill;"));
                wl(
                    out,
                    format!(
                        "    assign {p}_kill = {} && !{};",
                        g.valid(e),
                        g.val(cont, e)
                    ),
                );
                wl(
                    out,
                    format!(
                        "    assign {p}_v0 = {p}_start || (!{p}_stop && !{p}_kill && {});",
                        g.valid(s.ii)
                    ),
                );
                wl(out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) {p}_stop <= 1'b0; else if (en) begin if ({p}_start) {p}_stop <= 1'b0; else if ({p}_kill) {p}_stop <= 1'b1; end"));
                wl(
                    out,
                    format!("    assign {p}_busy = {p}_start || {p}_v0 || {p}_any;"),
                );
            }
            UnitKind::Loop { cont, .. } => {
                wl(
                    out,
                    format!(
                        "    assign {p}_v0 = {p}_start || ({} && {});",
                        g.valid(s.ii),
                        g.val(cont, s.ii)
                    ),
                );
                wl(
                    out,
                    format!("    assign {p}_busy = {p}_start || {p}_v0 || {p}_any;"),
                );
            }
            UnitKind::WorkItems => {
                if s.ii > 1 {
                    let cb = 32 - s.ii.leading_zeros();
                    // `slot == 0` is a flip-flop of its own: the issue feeds the queues'
                    // next flags and the stall, and a compare in front of it was a
                    // critical path (atomics.cl).
                    wl(
                        out,
                        format!(
                            "    logic [{}:0] {p}_slot;\n    logic {p}_slot_zero;",
                            cb - 1
                        ),
                    );
                    wl(out, format!("    always_ff @(posedge ap_clk) if (!ap_rst_n) begin {p}_slot <= '0; {p}_slot_zero <= 1'b1; end else if (en && ({p}_v0 || !{p}_slot_zero)) begin {p}_slot <= ({p}_slot == {cb}'d{last}) ? '0 : {p}_slot + 1'b1; {p}_slot_zero <= {p}_slot == {cb}'d{last}; end", last = s.ii - 1));
                    wl(
                        out,
                        format!("    assign {p}_v0 = wi_pending && {p}_slot_zero;"),
                    );
                } else {
                    wl(out, format!("    assign {p}_v0 = wi_pending;"));
                }
                wl(out, format!("    assign {p}_busy = wi_pending || {p}_any;"));
            }
        }
    }
}

impl UnitGen<'_> {
    /// How long each live value must be kept: pass 1 over the unit's operations.
    fn lifetimes(&mut self, k: &Kernel, unit: &Unit, live_ops: &HashSet<OpId>) {
        let s = self.s;
        let g = self;
        for (id, op) in unit.body.ops().filter(|(id, _)| live_ops.contains(id)) {
            let t = g.t(id);
            match op.kind {
                OpKind::Cast(CastOp::Trunc) => g.need_bits(op.operands[0], t, op.ty.bits()),
                OpKind::CarriedPhi => {
                    // The value from d iterations back is d·II stages down the pipeline.
                    let back = t + unit.body.carried_distance(id) * s.ii;
                    g.need(op.operands[0], t);
                    g.need(op.operands[1], back);
                    g.stages = g.stages.max(back);
                }
                OpKind::Load(m) => {
                    for o in &op.operands {
                        g.need(*o, t);
                    }
                    // A global load's response is popped under its predicate; an on-chip
                    // read's data just arrives.
                    let popped = k.memory(m).on_chip().is_none();
                    if let Some(p) = op.predicate().filter(|_| popped) {
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
    }
}

/// Speculated iterations: the stage where the registered exit test squashes the younger
/// iterations in flight (see the loop control).
fn squash_stage(unit: &Unit, g: &UnitGen) -> Option<u32> {
    match &unit.kind {
        UnitKind::Loop { cont, controls, .. }
            if controls.speculated_iterations.unwrap_or(0) > 0 =>
        {
            Some(g.ready(*cont) + 1)
        }
        _ => None,
    }
}
