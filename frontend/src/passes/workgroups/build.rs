//! The units of a kernel with barriers: a loop over work-groups around the regions, each a
//! loop over the group's work-items (see `mod.rs`).
//!
//! Units, in order: `init` (jumps to the group loop), `groups` (the group ids as entry
//! phis; each id's first global id and the local size - 1, once per group), then each
//! region — one pipelined loop, or a head (local ids as entry phis, the global ids), the
//! region's units, a latch (the next local ids) and a dispatch when the region can leave
//! at more than one barrier — then `next group` and `done`.

use super::batch::{self, Choice};
use super::collapse::{collapse, Cycle};
use super::{capacity, Leave, Region, Start};
use crate::ir::*;
use std::collections::{BTreeMap, HashMap};

pub(super) const ID: Type = Type::Int(32);
pub(super) const B1: Type = Type::BOOL;

/// How a region is built.
pub(super) enum Shape {
    /// One block: a loop issuing a work-item per iteration.
    Loop(UnitId),
    General {
        head: UnitId,
        copies: BTreeMap<UnitId, UnitId>,
        latch: UnitId,
        dispatch: Option<UnitId>,
    },
}

pub(super) struct Builder<'k> {
    pub(super) k: &'k Kernel,
    pub(super) regions: &'k [Region],
    /// Each kept value's on-chip array, and the values in the order they were found.
    pub(super) context: HashMap<ValueRef, MemId>,
    pub(super) context_order: Vec<ValueRef>,
    pub(super) shapes: Vec<Shape>,
    pub(super) units: Vec<Option<Unit>>,
    pub(super) memories: Vec<Memory>,
    pub(super) groups: UnitId,
    next_group: UnitId,
    /// In `groups`: each dimension's first global id of the group and local size - 1.
    pub(super) base: [OpId; 3],
    pub(super) local_top: [OpId; 3],
    /// The last latch built: its next local ids, next local index and, with several
    /// groups in flight, the next group in the batch and its first local index.
    pub(super) latch_steps: Vec<OpId>,
    /// Groups in flight (a batch), and what kept it from more.
    pub(super) batch: Choice,
    /// With several groups in flight, each local memory's copy stride (a byte-address
    /// shift; `batch.rs`).
    pub(super) shifts: HashMap<MemId, u32>,
    /// In `groups`: the batch's last group (groups in it - 1) and dimension 0's local size.
    pub(super) batch_top: OpId,
    pub(super) size0: OpId,
}

/// The on-chip element a value is kept as: (element, cast in, cast out). Booleans and odd
/// widths widen to a byte multiple, half and double travel as their bits.
pub(super) fn slot(ty: Type) -> (Type, Option<CastOp>, Option<CastOp>) {
    match ty {
        Type::Float(FloatKind::F32) => (ty, None, None),
        Type::Float(FloatKind::F16) => {
            (Type::Int(16), Some(CastOp::Bitcast), Some(CastOp::Bitcast))
        }
        Type::Float(FloatKind::F64) => {
            (Type::Int(64), Some(CastOp::Bitcast), Some(CastOp::Bitcast))
        }
        Type::Int(w) => {
            let e = [8, 16, 32, 64].into_iter().find(|b| *b >= w).unwrap_or(w);
            if e == w {
                (ty, None, None)
            } else {
                (Type::Int(e), Some(CastOp::ZExt), Some(CastOp::Trunc))
            }
        }
    }
}

pub(super) fn add(b: &mut Body, kind: OpKind, ty: Type, operands: Vec<OpId>) -> OpId {
    b.add(Op::new(kind, ty, operands))
}

pub(super) fn konst(b: &mut Body, ty: Type, v: u64) -> OpId {
    add(b, OpKind::Const(v), ty, vec![])
}

pub(super) fn outer(b: &mut Body, v: ValueRef, ty: Type) -> OpId {
    add(b, OpKind::Outer(v), ty, vec![])
}

/// Rewrites op `id` in place (its id stays, so everything reading it still does).
pub(super) fn replace(b: &mut Body, id: OpId, kind: OpKind, operands: Vec<OpId>) {
    b.graph.retain_edges(|g, e| {
        g.edge_endpoints(e).expect("an edge").1 != id.node() || g[e].kind != DepKind::Data
    });
    for o in &operands {
        b.graph.add_edge(
            o.node(),
            id.node(),
            Dep {
                kind: DepKind::Data,
                distance: 0,
            },
        );
    }
    let n = &mut b.graph[id.node()];
    n.kind = kind;
    n.operands = operands;
}

/// Ids one on, dimension 0 fastest: each wraps to 0 at its end and steps the next.
/// Returns the next ids and whether these were the last.
pub(super) fn step(b: &mut Body, ids: [OpId; 3], ends: [OpId; 3]) -> ([OpId; 3], OpId) {
    step_by(b, ids, ends, None)
}

/// `step`, dimension 0 moving by `by` (else by 1).
pub(super) fn step_by(
    b: &mut Body,
    ids: [OpId; 3],
    ends: [OpId; 3],
    by: Option<OpId>,
) -> ([OpId; 3], OpId) {
    let (zero, one) = (konst(b, ID, 0), konst(b, ID, 1));
    let mut moves = konst(b, B1, 1);
    let mut next = ids;
    for d in 0..3 {
        let amount = if d == 0 { by.unwrap_or(one) } else { one };
        let inc = add(b, OpKind::Int(IntBinOp::Add), ID, vec![ids[d], amount]);
        let stepped = add(b, OpKind::Select, ID, vec![ends[d], zero, inc]);
        next[d] = add(b, OpKind::Select, ID, vec![moves, stepped, ids[d]]);
        moves = add(b, OpKind::Int(IntBinOp::And), B1, vec![moves, ends[d]]);
    }
    (next, moves)
}

pub(super) fn not(b: &mut Body, x: OpId) -> OpId {
    let one = konst(b, B1, 1);
    add(b, OpKind::Int(IntBinOp::Xor), B1, vec![x, one])
}

pub(super) fn block(name: &str, body: Body, entry_phis: Vec<EntryPhi>, exit: Exit) -> Unit {
    Unit {
        name: name.to_string(),
        kind: UnitKind::Block,
        body,
        entry_phis,
        exit,
        live_out: vec![],
        atomic_mems: vec![],
        carried_mem_deps: vec![],
        loc: None,
    }
}

impl<'k> Builder<'k> {
    pub(super) fn new(
        k: &'k Kernel,
        regions: &'k [Region],
        context: &[ValueRef],
        batch: Choice,
    ) -> Self {
        let mut memories = k.memories.clone();
        let depth = capacity(k);
        let mut map = HashMap::new();
        for (i, v) in context.iter().enumerate() {
            let (ty, name) = value_type(k, *v);
            let mut m = Memory::new_on_chip(
                format!("wi.{}", name.unwrap_or_else(|| format!("v{i}"))),
                Storage::Local,
                slot(ty).0,
                depth,
                MemAttrs::default(),
                None,
            );
            (m.read, m.written) = (true, true);
            map.insert(*v, MemId(memories.len() as u32));
            memories.push(m);
        }
        let shifts = replicate(&mut memories, batch.in_flight);
        // Unit ids: init, groups, the regions, next group, done.
        let mut next = 2u32;
        let mut fresh = || {
            next += 1;
            UnitId(next - 1)
        };
        let shapes: Vec<Shape> = regions
            .iter()
            .map(|r| {
                let one_block = r.units.len() == 1
                    && matches!(k.unit(r.entry).kind, UnitKind::Block)
                    && r.leaves.len() == 1;
                if one_block {
                    return Shape::Loop(fresh());
                }
                let head = fresh();
                let copies = r.units.iter().map(|u| (*u, fresh())).collect();
                let latch = fresh();
                let dispatch = (r.leaves.len() > 1).then(&mut fresh);
                Shape::General {
                    head,
                    copies,
                    latch,
                    dispatch,
                }
            })
            .collect();
        let next_group = fresh();
        let done = fresh();
        Builder {
            k,
            regions,
            context: map,
            context_order: context.to_vec(),
            shapes,
            units: (0..=done.0).map(|_| None).collect(),
            memories,
            groups: UnitId(1),
            next_group,
            base: [OpId(0); 3],
            local_top: [OpId(0); 3],
            latch_steps: vec![],
            batch,
            shifts,
            batch_top: OpId(0),
            size0: OpId(0),
        }
    }

    /// Several groups in flight.
    pub(super) fn batched(&self) -> bool {
        self.batch.in_flight > 1
    }

    pub(super) fn finish(mut self) -> Kernel {
        let first = self.start_of(0);
        self.units[0] = Some(block(
            "init",
            Body::default(),
            vec![],
            Exit::Jump(self.groups),
        ));
        self.group_units(first);
        for r in 0..self.regions.len() {
            match self.shapes[r] {
                Shape::Loop(at) => self.loop_region(r, at),
                Shape::General { .. } => self.general_region(r),
            }
        }
        let kept = self
            .context_order
            .iter()
            .map(|v| self.memories[self.context[v].0 as usize].name.clone())
            .collect();
        let mut out = self.k.clone();
        out.units = std::mem::take(&mut self.units)
            .into_iter()
            .map(|u| u.expect("every unit built"))
            .collect();
        out.memories = std::mem::take(&mut self.memories);
        out.entry = UnitId(0);
        out.mode = ExecMode::FlattenedWorkItems;
        let mut dead = Vec::new();
        let mut shapes = Vec::new();
        for (r, shape) in self.shapes.iter().enumerate() {
            shapes.push(match shape {
                Shape::Loop(u) => (*u, true, 1),
                Shape::General {
                    head,
                    copies,
                    latch,
                    ..
                } => {
                    let collapsed = self.collapse_region(&mut out, r, *head, copies, *latch);
                    if collapsed {
                        dead.extend(copies.values().copied().chain([*latch]));
                    }
                    (*head, collapsed, copies.len())
                }
            });
        }
        // Two regions may start on one line (a loop's body after its barrier and after the
        // barrier before it): `#2` tells them apart.
        let mut seen: BTreeMap<String, u32> = BTreeMap::new();
        for (i, u) in out.units.iter_mut().enumerate() {
            if dead.contains(&UnitId(i as u32)) {
                continue;
            }
            let n = seen.entry(u.name.clone()).or_insert(0);
            *n += 1;
            if *n > 1 {
                u.name = format!("{} #{n}", u.name);
            }
        }
        let regions = shapes
            .into_iter()
            .map(|(unit, pipelined, units)| RegionInfo {
                unit: out.unit(unit).name.clone(),
                pipelined,
                units,
            })
            .collect();
        dead.sort();
        super::super::flatten::remove_units(&mut out, &dead);
        out.work_groups = Some(WorkGroups {
            in_flight: self.batch.in_flight,
            in_flight_limit: self.batch.limit.clone(),
            local_bytes: batch::local_bytes(&out.memories),
            capacity: capacity(self.k),
            regions,
            kept,
        });
        out.set_live_outs();
        out
    }

    /// The unit a region starts at.
    pub(super) fn start_of(&self, r: usize) -> UnitId {
        match &self.shapes[r] {
            Shape::Loop(u) => *u,
            Shape::General { head, .. } => *head,
        }
    }

    /// Where a region's work-items go once all of them left it this way.
    pub(super) fn target(&self, l: Leave) -> UnitId {
        match l {
            Leave::Return => self.next_group,
            Leave::Barrier(b) => {
                let r = self
                    .regions
                    .iter()
                    .position(|r| r.start == Start::After(b))
                    .expect("a region after every barrier");
                self.start_of(r)
            }
        }
    }

    /// `groups` and `next group`, the loop over the work-groups, and `done`.
    fn group_units(&mut self, first: UnitId) {
        let (g, next) = (self.groups, self.next_group);
        let mut b = Body::default();
        for d in 0..3u8 {
            let id = outer(&mut b, ValueRef::EntryPhi(g, d as usize), ID);
            let size = add(&mut b, OpKind::WorkItem(Builtin::LocalSize, d), ID, vec![]);
            self.base[d as usize] = add(&mut b, OpKind::Int(IntBinOp::Mul), ID, vec![id, size]);
            let one = konst(&mut b, ID, 1);
            self.local_top[d as usize] =
                add(&mut b, OpKind::Int(IntBinOp::Sub), ID, vec![size, one]);
            if d == 0 {
                self.size0 = size;
            }
        }
        // The batch: up to `in_flight` groups from this one on in dimension 0.
        let mut count = None;
        if self.batched() {
            let n = add(&mut b, OpKind::WorkItem(Builtin::NumGroups, 0), ID, vec![]);
            let id = outer(&mut b, ValueRef::EntryPhi(g, 0), ID);
            let left = add(&mut b, OpKind::Int(IntBinOp::Sub), ID, vec![n, id]);
            let most = konst(&mut b, ID, self.batch.in_flight as u64);
            let fewer = add(&mut b, OpKind::Cmp(CmpPred::ULt), B1, vec![left, most]);
            let c = add(&mut b, OpKind::Select, ID, vec![fewer, left, most]);
            let one = konst(&mut b, ID, 1);
            self.batch_top = add(&mut b, OpKind::Int(IntBinOp::Sub), ID, vec![c, one]);
            count = Some(c);
        }
        let mut nb = Body::default();
        let mut ids = [OpId(0); 3];
        let mut ends = [OpId(0); 3];
        for d in 0..3u8 {
            ids[d as usize] = outer(&mut nb, ValueRef::EntryPhi(g, d as usize), ID);
            let n = add(&mut nb, OpKind::WorkItem(Builtin::NumGroups, d), ID, vec![]);
            let one = konst(&mut nb, ID, 1);
            let top = add(&mut nb, OpKind::Int(IntBinOp::Sub), ID, vec![n, one]);
            // Dimension 0 ends when the batch's last group is the last one.
            let last = match count {
                Some(_) if d == 0 => {
                    let t = outer(&mut nb, ValueRef::Op(g, self.batch_top), ID);
                    add(&mut nb, OpKind::Int(IntBinOp::Add), ID, vec![ids[0], t])
                }
                _ => ids[d as usize],
            };
            ends[d as usize] = add(&mut nb, OpKind::Cmp(CmpPred::Eq), B1, vec![last, top]);
        }
        let by = count.map(|c| outer(&mut nb, ValueRef::Op(g, c), ID));
        let (stepped, last) = step_by(&mut nb, ids, ends, by);
        let more = not(&mut nb, last);
        let phis = (0..3)
            .map(|d| EntryPhi {
                ty: ID,
                name: Some(format!("group_id{d}")),
                incoming: vec![
                    (UnitId(0), ValueRef::Const(ID, 0)),
                    (next, ValueRef::Op(next, stepped[d])),
                ],
            })
            .collect();
        self.units[g.0 as usize] = Some(block("work-groups", b, phis, Exit::Jump(first)));
        let done = UnitId(next.0 + 1);
        let exit = Exit::Branch {
            cond: more,
            if_true: g,
            if_false: done,
        };
        self.units[next.0 as usize] = Some(block("next work-group", nb, vec![], exit));
        self.units[done.0 as usize] = Some(block("done", Body::default(), vec![], Exit::Return));
    }
}

/// Gives every local memory `in_flight` copies (when more than one): each copy's size
/// rounded up to a power of two, the copies one after another. Returns each one's shift.
fn replicate(memories: &mut [Memory], in_flight: u32) -> HashMap<MemId, u32> {
    let mut shifts = HashMap::new();
    if in_flight <= 1 {
        return shifts;
    }
    for (i, m) in memories.iter_mut().enumerate() {
        let Some(depth) = batch::replicated(m) else {
            continue;
        };
        let shift = batch::copy_shift(m, depth);
        let per_copy = (1u64 << shift) / m.elem.bytes().max(1) as u64;
        if let MemoryKind::OnChip(oc) = &mut m.kind {
            oc.depth = per_copy * in_flight as u64;
            oc.copies = in_flight;
        }
        shifts.insert(MemId(i as u32), shift);
    }
    shifts
}

/// A value's type and source name.
pub(super) fn value_type(k: &Kernel, v: ValueRef) -> (Type, Option<String>) {
    match v {
        ValueRef::Op(u, o) => {
            let op = k.unit(u).body.op(o);
            (op.ty, op.name.clone())
        }
        ValueRef::EntryPhi(u, i) => {
            let p = &k.unit(u).entry_phis[i];
            (p.ty, p.name.clone())
        }
        ValueRef::Const(t, _) => (t, None),
        ValueRef::Arg(a) => (Type::ADDR, Some(k.args[a.0 as usize].name.clone())),
    }
}

impl Builder<'_> {
    /// Makes a region with branches but no loop one pipelined loop (`collapse`): in `out`,
    /// the loop takes the head's place and every read of the region's values reads it.
    fn collapse_region(
        &self,
        out: &mut Kernel,
        r: usize,
        head: UnitId,
        copies: &BTreeMap<UnitId, UnitId>,
        latch: UnitId,
    ) -> bool {
        let Some(order) = topological(self.k, &self.regions[r]) else {
            return false;
        };
        let cycle = Cycle {
            head,
            body: order.iter().map(|u| copies[u]).collect(),
            latch,
        };
        let Some((mut unit, values)) = collapse(out, &cycle) else {
            return false;
        };
        if let Some(l) = unit.loc {
            unit.name = format!("work-items/{}", out.line_of(l));
        }
        out.units[head.0 as usize] = unit;
        let inside: Vec<UnitId> = cycle.body.iter().copied().chain([head, latch]).collect();
        for (i, u) in out.units.iter_mut().enumerate() {
            if inside.contains(&UnitId(i as u32)) {
                continue;
            }
            for n in u.body.graph.node_indices() {
                if let OpKind::Outer(v) = u.body.graph[n].kind {
                    if let Some(o) = values.get(&v) {
                        u.body.graph[n].kind = OpKind::Outer(ValueRef::Op(head, *o));
                    }
                }
            }
            for p in &mut u.entry_phis {
                for (from, v) in &mut p.incoming {
                    if let Some(o) = values.get(v) {
                        *v = ValueRef::Op(head, *o);
                    }
                    if *from == latch {
                        *from = head;
                    }
                }
            }
        }
        true
    }
}

/// The region's units in an order where each comes after every unit of the region that
/// branches to it, when they form no cycle and none is a loop.
fn topological(k: &Kernel, r: &Region) -> Option<Vec<UnitId>> {
    let edges = |u: UnitId| -> Vec<UnitId> {
        if super::has_barrier(k.unit(u)) {
            return vec![];
        }
        super::successors(k.unit(u))
            .into_iter()
            .filter(|s| r.contains(*s))
            .collect()
    };
    let mut preds: BTreeMap<UnitId, usize> = r.units.iter().map(|u| (*u, 0)).collect();
    for &u in &r.units {
        if !matches!(k.unit(u).kind, UnitKind::Block) {
            return None;
        }
        for s in edges(u) {
            *preds.get_mut(&s)? += 1;
        }
    }
    let mut ready: Vec<UnitId> = preds
        .iter()
        .filter(|(_, n)| **n == 0)
        .map(|(u, _)| *u)
        .collect();
    let mut out = Vec::new();
    while let Some(u) = ready.pop() {
        out.push(u);
        for s in edges(u) {
            let n = preds.get_mut(&s)?;
            *n -= 1;
            if *n == 0 {
                ready.push(s);
            }
        }
    }
    (out.len() == r.units.len()).then_some(out)
}
