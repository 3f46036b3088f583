//! One region's units: its blocks and loops copied with the work-item ids, the values kept
//! across barriers loaded and stored, and the loop over the group's work-items around them.

use super::build::{add, block, konst, not, outer, replace, slot, step, Builder, Shape, B1, ID};
use super::{def_unit, has_barrier, recomputable, Leave, Region, Start};
use crate::ir::*;
use std::collections::BTreeMap;
use std::collections::HashMap;

/// A general region's head: entry phis 0..=2 are the local ids, 3 the local index and, with
/// several groups in flight, these two the group's index in its batch and its first local
/// index in dimension 0.
const SUB_PHI: usize = 4;
const SUB_BASE_PHI: usize = 5;

/// Where a unit copy reads a value from outside its body.
enum Source {
    /// As written (a constant or argument).
    Keep,
    /// From a unit of the same region copy that ran before it.
    Local,
    /// From the work-item's slot of an on-chip array.
    Kept(MemId),
}

/// The work-item's ids inside one body, and the byte addresses of its slots.
pub(super) struct Ids {
    pub gid: [OpId; 3],
    pub lid: [OpId; 3],
    pub grp: [OpId; 3],
    /// The work-item's index in its group, dimension 0 fastest.
    pub lin: OpId,
    /// With several groups in flight, the group's index in its batch (which copy of local
    /// memory it uses).
    pub sub: Option<OpId>,
    addrs: BTreeMap<(u32, Option<u32>), OpId>,
    offsets: BTreeMap<(u32, u32), OpId>,
}

impl Ids {
    pub fn new(gid: [OpId; 3], lid: [OpId; 3], grp: [OpId; 3], lin: OpId) -> Ids {
        Ids {
            gid,
            lid,
            grp,
            lin,
            sub: None,
            addrs: BTreeMap::new(),
            offsets: BTreeMap::new(),
        }
    }

    /// These ids, for a group at index `sub` of its batch.
    pub fn in_batch(mut self, sub: Option<OpId>) -> Ids {
        self.sub = sub;
        self
    }

    /// The byte offset of the group's copy of a memory copied every `1 << shift` bytes, at
    /// the width of address type `ty`.
    fn offset(&mut self, b: &mut Body, shift: u32, ty: Type) -> Option<OpId> {
        let sub = self.sub?;
        let key = (shift, ty.bits());
        if let Some(x) = self.offsets.get(&key) {
            return Some(*x);
        }
        let wide = match ty.bits() {
            32 => sub,
            w if w > 32 => add(b, OpKind::Cast(CastOp::ZExt), ty, vec![sub]),
            _ => add(b, OpKind::Cast(CastOp::Trunc), ty, vec![sub]),
        };
        let s = konst(b, ty, shift as u64);
        let x = add(b, OpKind::Int(IntBinOp::Shl), ty, vec![wide, s]);
        self.offsets.insert(key, x);
        Some(x)
    }

    /// The op a work-item id built-in reads here (the sizes stay registers).
    fn builtin(&self, w: Builtin, d: u8) -> Option<OpId> {
        let d = d as usize;
        match w {
            Builtin::GlobalId => Some(self.gid[d]),
            Builtin::LocalId => Some(self.lid[d]),
            Builtin::GroupId => Some(self.grp[d]),
            _ => None,
        }
    }

    /// The byte address of the work-item's slot in an array of `bytes`-byte elements
    /// (copied every `1 << copy` bytes when several groups are in flight).
    fn addr(&mut self, b: &mut Body, bytes: u32, copy: Option<u32>) -> OpId {
        if let Some(a) = self.addrs.get(&(bytes, copy)) {
            return *a;
        }
        let wide = add(b, OpKind::Cast(CastOp::ZExt), Type::ADDR, vec![self.lin]);
        let shift = konst(b, Type::ADDR, bytes.trailing_zeros() as u64);
        let mut a = add(b, OpKind::Int(IntBinOp::Shl), Type::ADDR, vec![wide, shift]);
        if let Some(c) = copy {
            a = self.in_copy(b, a, c);
        }
        self.addrs.insert((bytes, copy), a);
        a
    }

    /// Address `a` in the group's copy of a memory copied every `1 << shift` bytes (`a`
    /// itself with one group in flight). An address inside its copy is below the copy's
    /// size: or-ing the copy's base keeps the bits banking reads (`known_bits`).
    fn in_copy(&mut self, b: &mut Body, a: OpId, shift: u32) -> OpId {
        let ty = b.op(a).ty;
        match self.offset(b, shift, ty) {
            Some(off) => add(b, OpKind::Int(IntBinOp::Or), ty, vec![a, off]),
            None => a,
        }
    }
}

impl Builder<'_> {
    fn source(&self, r: &Region, u: UnitId, v: ValueRef) -> Source {
        match def_unit(v) {
            None => Source::Keep,
            Some(d) if d == u || r.dominates(d, u) => Source::Local,
            Some(_) => Source::Kept(self.context[&v]),
        }
    }

    /// Computes a `recomputable` value again in body `b` (into op `at` when given).
    fn recompute(
        &self,
        b: &mut Body,
        ids: &Ids,
        v: ValueRef,
        at: Option<OpId>,
        done: &mut HashMap<ValueRef, OpId>,
    ) -> OpId {
        if let Some(x) = done.get(&v) {
            if at.is_none() {
                return *x;
            }
        }
        let (kind, ty, operands) = match v {
            ValueRef::Op(u, o) => {
                let op = self.k.unit(u).body.op(o);
                match op.kind {
                    OpKind::Outer(w) => return self.recompute(b, ids, w, at, done),
                    OpKind::WorkItem(w, d) if ids.builtin(w, d).is_some() => {
                        let src = ids.builtin(w, d).expect("an id");
                        let (kind, operands) = resized(b, src, op.ty);
                        (kind, op.ty, operands)
                    }
                    _ => {
                        let operands = op
                            .operands
                            .iter()
                            .map(|x| self.recompute(b, ids, ValueRef::Op(u, *x), None, done))
                            .collect();
                        (op.kind.clone(), op.ty, operands)
                    }
                }
            }
            ValueRef::Const(t, _) => (OpKind::Outer(v), t, vec![]),
            ValueRef::Arg(_) => (
                OpKind::Outer(v),
                super::build::value_type(self.k, v).0,
                vec![],
            ),
            ValueRef::EntryPhi(..) => unreachable!("an entry phi is not recomputable"),
        };
        let x = match at {
            Some(x) => {
                replace(b, x, kind, operands);
                x
            }
            None => add(b, kind, ty, operands),
        };
        done.insert(v, x);
        x
    }

    /// Loads the work-item's kept value of memory `m` into a new op (`at`: rewrite that op
    /// into it instead).
    fn load(&self, b: &mut Body, ids: &mut Ids, m: MemId, ty: Type, at: Option<OpId>) -> OpId {
        let (elem, _, out) = slot(ty);
        let a = ids.addr(b, elem.bytes(), self.shifts.get(&m).copied());
        let (kind, operands) = match out {
            None => (OpKind::Load(m), vec![a]),
            Some(c) => {
                let l = add(b, OpKind::Load(m), elem, vec![a]);
                (OpKind::Cast(c), vec![l])
            }
        };
        match at {
            Some(x) => {
                replace(b, x, kind, operands);
                x
            }
            None => add(b, kind, ty, operands),
        }
    }

    /// Stores value `x` in the work-item's slot of `m`.
    fn store(&self, b: &mut Body, ids: &mut Ids, m: MemId, x: OpId) {
        let ty = b.op(x).ty;
        let (elem, into, _) = slot(ty);
        let a = ids.addr(b, elem.bytes(), self.shifts.get(&m).copied());
        let data = match into {
            None => x,
            Some(c) => add(b, OpKind::Cast(c), elem, vec![x]),
        };
        add(b, OpKind::Store(m), elem, vec![a, data]);
    }

    /// Rewrites a copy of unit `u` of region `r`: work-item ids from `ids`, reads of other
    /// units through `local` or the kept arrays, barriers gone; stores the values it
    /// computes that are kept. `phi`: the op holding each of its entry phis' values.
    pub(super) fn rewrite(
        &self,
        r: usize,
        u: UnitId,
        b: &mut Body,
        ids: &mut Ids,
        local: &dyn Fn(ValueRef) -> ValueRef,
        phi: &mut dyn FnMut(&mut Body, usize) -> OpId,
    ) {
        let reg = &self.regions[r];
        // The unit's own ops: the ones added for the ids come after them.
        for i in 0..self.k.unit(u).body.len() as u32 {
            let id = OpId(i);
            if let OpKind::Outer(v) = b.op(id).kind {
                let elsewhere = def_unit(v).is_some_and(|d| d != u && !reg.dominates(d, u));
                if elsewhere && recomputable(self.k, v) {
                    self.recompute(b, ids, v, Some(id), &mut HashMap::new());
                    continue;
                }
            }
            let o = b.op(id).clone();
            match o.kind {
                // The unit's own entry phis.
                OpKind::Outer(v @ ValueRef::EntryPhi(d, _)) if d == u => {
                    replace(b, id, OpKind::Outer(local(v)), vec![]);
                }
                OpKind::Outer(v) => match self.source(reg, u, v) {
                    Source::Keep => {}
                    Source::Local => replace(b, id, OpKind::Outer(local(v)), vec![]),
                    Source::Kept(m) => {
                        self.load(b, ids, m, o.ty, Some(id));
                    }
                },
                OpKind::WorkItem(w, d) if ids.builtin(w, d).is_some() => {
                    let src = ids.builtin(w, d).expect("an id");
                    let (kind, operands) = resized(b, src, o.ty);
                    replace(b, id, kind, operands);
                }
                OpKind::Barrier => replace(b, id, OpKind::Const(0), vec![]),
                // Local memory: the group's copy.
                OpKind::Load(m) | OpKind::Store(m) if self.shifts.contains_key(&m) => {
                    let moved = ids.in_copy(b, o.operands[0], self.shifts[&m]);
                    if moved != o.operands[0] {
                        let mut operands = o.operands.clone();
                        operands[0] = moved;
                        replace(b, id, o.kind.clone(), operands);
                    }
                }
                _ => {}
            }
        }
        let kept: Vec<(ValueRef, MemId)> = self
            .context_order
            .iter()
            .filter(|v| def_unit(**v) == Some(u))
            .map(|v| (*v, self.context[v]))
            .collect();
        for (v, m) in kept {
            let x = match v {
                ValueRef::Op(_, o) => o,
                ValueRef::EntryPhi(_, i) => phi(b, i),
                _ => unreachable!("kept values are computed by a unit"),
            };
            self.store(b, ids, m, x);
        }
    }

    /// The units that start region `r` afresh (not its own latch).
    fn enterers(&self, r: usize) -> Vec<UnitId> {
        let mut out = Vec::new();
        if r == 0 {
            out.push(self.groups);
        }
        for (s, reg) in self.regions.iter().enumerate() {
            let leaves_here = reg.leaves.iter().any(
                |l| matches!(l, Leave::Barrier(b) if self.regions[r].start == Start::After(*b)),
            );
            if leaves_here {
                out.push(match &self.shapes[s] {
                    Shape::Loop(w) => *w,
                    Shape::General {
                        latch, dispatch, ..
                    } => dispatch.unwrap_or(*latch),
                });
            }
        }
        out
    }

    /// A region of one block: a loop that issues one work-item per iteration.
    pub(super) fn loop_region(&mut self, r: usize, at: UnitId) {
        let reg = &self.regions[r];
        let e = reg.entry;
        let mut unit = self.k.unit(e).clone();
        let b = &mut unit.body;
        let zero = konst(b, ID, 0);
        let one = konst(b, ID, 1);
        let lid = [0; 3].map(|_| add(b, OpKind::CarriedPhi, ID, vec![zero, zero]));
        let lin = add(b, OpKind::CarriedPhi, ID, vec![zero, zero]);
        let mut ends = [OpId(0); 3];
        let mut grp = [OpId(0); 3];
        let mut gid = [OpId(0); 3];
        for d in 0..3 {
            let top = outer(b, ValueRef::Op(self.groups, self.local_top[d]), ID);
            ends[d] = add(b, OpKind::Cmp(CmpPred::Eq), B1, vec![lid[d], top]);
            grp[d] = outer(b, ValueRef::EntryPhi(self.groups, d), ID);
        }
        // In a one-dimensional group the local id is the index, an induction variable the
        // dependence test reads (`hist[lid]` differs from work-item to work-item).
        let ids_lid = if one_dimensional(self.k) {
            [lin, lid[1], lid[2]]
        } else {
            lid
        };
        // Several groups in flight: the group's index in the batch, and its first global id
        // in dimension 0 from the batch's.
        let sub = self.batched().then(|| {
            let s = add(b, OpKind::CarriedPhi, ID, vec![zero, zero]);
            let s_base = add(b, OpKind::CarriedPhi, ID, vec![zero, zero]);
            (s, s_base)
        });
        if let Some((s, _)) = sub {
            grp[0] = add(b, OpKind::Int(IntBinOp::Add), ID, vec![grp[0], s]);
        }
        for d in 0..3 {
            let mut base = outer(b, ValueRef::Op(self.groups, self.base[d]), ID);
            if let (0, Some((_, s_base))) = (d, sub) {
                base = add(b, OpKind::Int(IntBinOp::Add), ID, vec![base, s_base]);
            }
            gid[d] = add(b, OpKind::Int(IntBinOp::Add), ID, vec![base, ids_lid[d]]);
        }
        let (next, group_last) = step(b, lid, ends);
        for d in 0..3 {
            b.set_carried_next(lid[d], next[d]);
        }
        let mut lin_next = add(b, OpKind::Int(IntBinOp::Add), ID, vec![lin, one]);
        let mut last = group_last;
        if let Some((s, s_base)) = sub {
            let steps = self.batch_step(b, group_last, s, s_base);
            b.set_carried_next(s, steps[0]);
            b.set_carried_next(s_base, steps[1]);
            last = steps[2];
            lin_next = add(b, OpKind::Select, ID, vec![group_last, zero, lin_next]);
        }
        b.set_carried_next(lin, lin_next);
        let cont = not(b, last);
        let mut ids = Ids::new(gid, ids_lid, grp, lin).in_batch(sub.map(|x| x.0));
        // The block's entry phis come from before the barrier that starts the region.
        let start_value = |i: usize| -> ValueRef {
            let p = &self.k.unit(e).entry_phis[i];
            match reg.start {
                Start::After(s) => p.incoming.iter().find(|(f, _)| *f == s).map(|x| x.1),
                Start::Kernel => None,
            }
            .unwrap_or(ValueRef::Const(p.ty, 0))
        };
        let mut phi_ops: BTreeMap<usize, OpId> = BTreeMap::new();
        for i in 0..self.k.unit(e).body.len() as u32 {
            if let OpKind::Outer(ValueRef::EntryPhi(d, k)) = b.op(OpId(i)).kind {
                if d == e {
                    let x = self.phi_from(b, &mut ids, start_value(k), Some(OpId(i)));
                    phi_ops.entry(k).or_insert(x);
                }
            }
        }
        let mut phi = |b: &mut Body, k: usize| -> OpId {
            *phi_ops.entry(k).or_insert_with(|| {
                self.phi_from(
                    b,
                    &mut Ids::new(gid, ids_lid, grp, lin).in_batch(sub.map(|x| x.0)),
                    start_value(k),
                    None,
                )
            })
        };
        self.rewrite(r, e, b, &mut ids, &|v| v, &mut phi);
        let leave = reg.leaves[0];
        unit.name = match unit.loc {
            Some(l) => format!("work-items/{}", self.k.line_of(l)),
            None => format!("{} work-items", unit.name),
        };
        unit.kind = UnitKind::Loop {
            cont,
            controls: LoopControls::default(),
        };
        unit.entry_phis = vec![];
        unit.exit = Exit::Jump(self.target(leave));
        crate::lower::memory::order_work_items(&mut unit, &self.memories);
        self.units[at.0 as usize] = Some(unit);
    }

    /// The next group in the batch and its first local index in dimension 0 once the
    /// group's last work-item (`group_last`) passed, and whether it was the batch's last.
    fn batch_step(&self, b: &mut Body, group_last: OpId, s: OpId, s_base: OpId) -> [OpId; 3] {
        let one = konst(b, ID, 1);
        let top = outer(b, ValueRef::Op(self.groups, self.batch_top), ID);
        let size = outer(b, ValueRef::Op(self.groups, self.size0), ID);
        let s_inc = add(b, OpKind::Int(IntBinOp::Add), ID, vec![s, one]);
        let s_next = add(b, OpKind::Select, ID, vec![group_last, s_inc, s]);
        let base_inc = add(b, OpKind::Int(IntBinOp::Add), ID, vec![s_base, size]);
        let base_next = add(b, OpKind::Select, ID, vec![group_last, base_inc, s_base]);
        let final_group = add(b, OpKind::Cmp(CmpPred::Eq), B1, vec![s, top]);
        let last = add(
            b,
            OpKind::Int(IntBinOp::And),
            B1,
            vec![group_last, final_group],
        );
        [s_next, base_next, last]
    }

    /// An entry phi's value from before the region's barrier, in a new op (or in `at`).
    fn phi_from(&self, b: &mut Body, ids: &mut Ids, v: ValueRef, at: Option<OpId>) -> OpId {
        let ty = match v {
            ValueRef::Const(t, _) => t,
            _ => super::build::value_type(self.k, v).0,
        };
        match (def_unit(v), at) {
            (None, Some(x)) => {
                replace(b, x, OpKind::Outer(v), vec![]);
                x
            }
            (None, None) => outer(b, v, ty),
            (Some(_), at) => self.load(b, ids, self.context[&v], ty, at),
        }
    }
}

impl Builder<'_> {
    /// A region with branches or loops: a head (the local ids as entry phis), a copy of
    /// each unit, a latch stepping the ids, and a dispatch when it can leave two ways.
    pub(super) fn general_region(&mut self, r: usize) {
        let Shape::General {
            head,
            copies,
            latch,
            dispatch,
        } = &self.shapes[r]
        else {
            return;
        };
        let (head, latch, dispatch, copies) = (*head, *latch, *dispatch, copies.clone());
        let reg = &self.regions[r];
        // The head: global ids from the group's base; the entry's phis from the barrier.
        let mut hb = Body::default();
        let mut gid = [OpId(0); 3];
        let one_d = one_dimensional(self.k);
        let batched = self.batched();
        let sub = batched.then(|| outer(&mut hb, ValueRef::EntryPhi(head, SUB_PHI), ID));
        for d in 0..3 {
            let mut base = outer(&mut hb, ValueRef::Op(self.groups, self.base[d]), ID);
            if d == 0 && batched {
                let s_base = outer(&mut hb, ValueRef::EntryPhi(head, SUB_BASE_PHI), ID);
                base = add(&mut hb, OpKind::Int(IntBinOp::Add), ID, vec![base, s_base]);
            }
            let at = if one_d && d == 0 { 3 } else { d };
            let l = outer(&mut hb, ValueRef::EntryPhi(head, at), ID);
            gid[d] = add(&mut hb, OpKind::Int(IntBinOp::Add), ID, vec![base, l]);
        }
        let group0 = sub.map(|s| {
            let g = outer(&mut hb, ValueRef::EntryPhi(self.groups, 0), ID);
            add(&mut hb, OpKind::Int(IntBinOp::Add), ID, vec![g, s])
        });
        let lin = outer(&mut hb, ValueRef::EntryPhi(head, 3), ID);
        let mut head_ids = Ids::new(gid, gid, gid, lin).in_batch(sub);
        let mut from_barrier: BTreeMap<usize, ValueRef> = BTreeMap::new();
        if let Start::After(s) = reg.start {
            for (i, p) in self.k.unit(reg.entry).entry_phis.iter().enumerate() {
                if let Some((_, v)) = p.incoming.iter().find(|(f, _)| *f == s) {
                    let x = match def_unit(*v) {
                        None => *v,
                        Some(_) => {
                            ValueRef::Op(head, self.phi_from(&mut hb, &mut head_ids, *v, None))
                        }
                    };
                    from_barrier.insert(i, x);
                }
            }
        }
        let remap = |v: ValueRef| match v {
            ValueRef::Op(u, o) => ValueRef::Op(copies[&u], o),
            ValueRef::EntryPhi(u, i) => ValueRef::EntryPhi(copies[&u], i),
            other => other,
        };
        // The copies' bodies and exits.
        let mut built: BTreeMap<UnitId, Unit> = BTreeMap::new();
        let mut ids_of: BTreeMap<UnitId, Ids> = BTreeMap::new();
        for &u in &reg.units {
            let c = copies[&u];
            let mut unit = self.k.unit(u).clone();
            let b = &mut unit.body;
            let mut ids = Ids::new(
                [0, 1, 2].map(|d| outer(b, ValueRef::Op(head, gid[d]), ID)),
                [0, 1, 2].map(|d| {
                    let at = if one_d && d == 0 { 3 } else { d };
                    outer(b, ValueRef::EntryPhi(head, at), ID)
                }),
                [0, 1, 2].map(|d| match group0 {
                    Some(g) if d == 0 => outer(b, ValueRef::Op(head, g), ID),
                    _ => outer(b, ValueRef::EntryPhi(self.groups, d), ID),
                }),
                outer(b, ValueRef::EntryPhi(head, 3), ID),
            )
            .in_batch(batched.then(|| outer(b, ValueRef::EntryPhi(head, SUB_PHI), ID)));
            let ty_of = |i: usize| self.k.unit(u).entry_phis[i].ty;
            let mut phi = |b: &mut Body, i: usize| outer(b, ValueRef::EntryPhi(c, i), ty_of(i));
            self.rewrite(r, u, b, &mut ids, &remap, &mut phi);
            unit.exit = if has_barrier(self.k.unit(u)) || matches!(unit.exit, Exit::Return) {
                Exit::Jump(latch)
            } else {
                remap_exit(&unit.exit, &|t| copies[&t])
            };
            if self.regions.iter().filter(|x| x.contains(u)).count() > 1 {
                unit.name = format!("{} (region {r})", unit.name);
            }
            built.insert(u, unit);
            ids_of.insert(u, ids);
        }
        // Their entry phis: from the units of this copy that branch to them, or from the
        // barrier that starts the region (through the head).
        for &u in &reg.units {
            let phis = self.k.unit(u).entry_phis.clone();
            let mut out = Vec::new();
            for (i, p) in phis.iter().enumerate() {
                let mut incoming = Vec::new();
                if u == reg.entry {
                    if let Some(v) = from_barrier.get(&i) {
                        incoming.push((head, *v));
                    }
                }
                for (from, v) in &p.incoming {
                    if !reg.contains(*from) || has_barrier(self.k.unit(*from)) {
                        continue;
                    }
                    let x = match self.source(reg, *from, *v) {
                        Source::Keep => *v,
                        Source::Local => remap(*v),
                        Source::Kept(m) => {
                            let unit = built.get_mut(from).expect("a copy");
                            let ids = ids_of.get_mut(from).expect("its ids");
                            ValueRef::Op(
                                copies[from],
                                self.load(&mut unit.body, ids, m, p.ty, None),
                            )
                        }
                    };
                    incoming.push((copies[from], x));
                }
                out.push(EntryPhi {
                    incoming,
                    ..p.clone()
                });
            }
            built.get_mut(&u).expect("a copy").entry_phis = out;
        }
        for (u, unit) in built {
            self.units[copies[&u].0 as usize] = Some(unit);
        }
        self.latch_and_dispatch(r, head, latch, dispatch, &copies);
        let enterers = self.enterers(r);
        let phi = |name: String, step: OpId| EntryPhi {
            ty: ID,
            name: Some(name),
            incoming: enterers
                .iter()
                .map(|e| (*e, ValueRef::Const(ID, 0)))
                .chain([(latch, ValueRef::Op(latch, step))])
                .collect(),
        };
        let steps = self.latch_steps.clone();
        let mut phis: Vec<EntryPhi> = (0..3)
            .map(|d| phi(format!("local_id{d}"), steps[d]))
            .collect();
        phis.push(phi("local_index".into(), steps[3]));
        if batched {
            phis.push(phi("group_in_batch".into(), steps[4]));
            phis.push(phi("batch_local_id0".into(), steps[5]));
        }
        let name = "work-items".to_string();
        self.units[head.0 as usize] = Some(block(&name, hb, phis, Exit::Jump(copies[&reg.entry])));
    }

    /// The latch (the next local ids, whether any is left) and the dispatch on the exit
    /// the work-items took.
    fn latch_and_dispatch(
        &mut self,
        r: usize,
        head: UnitId,
        latch: UnitId,
        dispatch: Option<UnitId>,
        copies: &BTreeMap<UnitId, UnitId>,
    ) {
        let reg = &self.regions[r];
        let mut b = Body::default();
        let mut lid = [OpId(0); 3];
        let mut ends = [OpId(0); 3];
        for d in 0..3 {
            lid[d] = outer(&mut b, ValueRef::EntryPhi(head, d), ID);
            let top = outer(&mut b, ValueRef::Op(self.groups, self.local_top[d]), ID);
            ends[d] = add(&mut b, OpKind::Cmp(CmpPred::Eq), B1, vec![lid[d], top]);
        }
        let (next, group_last) = step(&mut b, lid, ends);
        // (One group in flight: the ops in the order they always had.)
        let mut more = (!self.batched()).then(|| not(&mut b, group_last));
        let lin = outer(&mut b, ValueRef::EntryPhi(head, 3), ID);
        let one = konst(&mut b, ID, 1);
        let mut lin_next = add(&mut b, OpKind::Int(IntBinOp::Add), ID, vec![lin, one]);
        self.latch_steps = vec![next[0], next[1], next[2]];
        if self.batched() {
            let s = outer(&mut b, ValueRef::EntryPhi(head, SUB_PHI), ID);
            let s_base = outer(&mut b, ValueRef::EntryPhi(head, SUB_BASE_PHI), ID);
            let steps = self.batch_step(&mut b, group_last, s, s_base);
            more = Some(not(&mut b, steps[2]));
            let zero = konst(&mut b, ID, 0);
            lin_next = add(&mut b, OpKind::Select, ID, vec![group_last, zero, lin_next]);
            self.latch_steps.extend([lin_next, steps[0], steps[1]]);
        } else {
            self.latch_steps.push(lin_next);
        }
        let more = more.expect("set either way");
        let code = Type::Int(8);
        let mut phis = vec![];
        if let Some(dsp) = dispatch {
            let mut incoming = vec![];
            for (i, l) in reg.leaves.iter().enumerate() {
                for &u in &reg.units {
                    let unit = self.k.unit(u);
                    let leaves_so = match l {
                        Leave::Barrier(x) => *x == u,
                        Leave::Return => matches!(unit.exit, Exit::Return) && !has_barrier(unit),
                    };
                    if leaves_so {
                        incoming.push((copies[&u], ValueRef::Const(code, i as u64)));
                    }
                }
            }
            phis.push(EntryPhi {
                ty: code,
                name: Some("barrier".into()),
                incoming,
            });
            let mut db = Body::default();
            let value = outer(&mut db, ValueRef::EntryPhi(latch, 0), code);
            let targets: Vec<UnitId> = reg.leaves.iter().map(|l| self.target(*l)).collect();
            let exit = Exit::Switch {
                value,
                cases: (1..targets.len()).map(|i| (i as u64, targets[i])).collect(),
                default: targets[0],
            };
            self.units[dsp.0 as usize] = Some(block("barrier dispatch", db, vec![], exit));
        }
        let after = dispatch.unwrap_or_else(|| self.target(reg.leaves[0]));
        let exit = Exit::Branch {
            cond: more,
            if_true: head,
            if_false: after,
        };
        self.units[latch.0 as usize] =
            Some(block(&format!("region {r} next work-item"), b, phis, exit));
    }
}

fn remap_exit(e: &Exit, to: &dyn Fn(UnitId) -> UnitId) -> Exit {
    match e {
        Exit::Return => Exit::Return,
        Exit::Jump(t) => Exit::Jump(to(*t)),
        Exit::Branch {
            cond,
            if_true,
            if_false,
        } => Exit::Branch {
            cond: *cond,
            if_true: to(*if_true),
            if_false: to(*if_false),
        },
        Exit::Switch {
            value,
            cases,
            default,
        } => Exit::Switch {
            value: *value,
            cases: cases.iter().map(|(c, t)| (*c, to(*t))).collect(),
            default: to(*default),
        },
    }
}

/// An op giving 32-bit id `src` at width `ty` (an add of 0 where the width is the same:
/// the op rewritten in place must stay an op of its own).
fn resized(b: &mut Body, src: OpId, ty: Type) -> (OpKind, Vec<OpId>) {
    match ty.bits() {
        w if w > 32 => (OpKind::Cast(CastOp::ZExt), vec![src]),
        w if w < 32 => (OpKind::Cast(CastOp::Trunc), vec![src]),
        _ => (OpKind::Int(IntBinOp::Add), vec![src, konst(b, ID, 0)]),
    }
}

/// Whether the kernel's groups are one-dimensional (`reqd_work_group_size` or
/// `max_work_group_size` of the form (X, 1, 1)): the local id is then the index.
fn one_dimensional(k: &Kernel) -> bool {
    let size = k.attrs.reqd_work_group_size.or(k.attrs.max_work_group_size);
    size.is_some_and(|s| s[1] == 1 && s[2] == 1)
}
