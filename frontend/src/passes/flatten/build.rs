//! The flattened loop's body, op by op: the nest's units copied in order with their
//! memory operations guarded, the run's `first` and `last`, the outer values carried, the
//! inner loop's phis restarted, the work-items counted, and memory order across runs.

use super::Nest;
use crate::ir::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The flattened loop's body under construction.
pub(super) struct Build<'k> {
    pub(super) k: &'k Kernel,
    pub(super) n: Nest,
    pub(super) body: Body,
    /// (unit, op) of the nest -> the op that gives its value in the flattened body.
    pub(super) map: HashMap<(UnitId, OpId), OpId>,
    /// (unit, entry phi) of `pre` or the inner loop -> its value in the flattened body.
    pub(super) phi_now: HashMap<(UnitId, usize), OpId>,
    /// Memory operations: (program order, op, memory, is a store). Program order is the
    /// unit's place in the nest, then the op's place in its unit (as `lower` ordered them).
    accesses: Vec<((usize, OpId), OpId, MemId, bool)>,
    /// Carried phis whose `next` is set once every op exists: (phi, nest op, distance).
    pending: Vec<(OpId, (UnitId, OpId), u32)>,
    /// The work-item's global id in each dimension, when the work-items are the loop.
    pub(super) ids: Option<[OpId; 3]>,
    /// Work-items interleaved (`interleave.rs`): each of this many slots runs its own
    /// work-item, and a slot's iterations come this many apart (1: one run at a time).
    pub(super) slots: u32,
    /// Turns an interleaved slot waits for the loads before the loop (`interleave.rs`).
    pub(super) wait_turns: u32,
}

/// What `Build::run` made.
pub(super) struct Flat {
    pub(super) body: Body,
    pub(super) cont: OpId,
    pub(super) carried_mem_deps: Vec<CarriedMemDep>,
}

impl Flat {
    pub(super) fn unit(self, k: &Kernel, n: &Nest, exit: Exit) -> Unit {
        let (pre, inner, latch) = (k.unit(n.pre), k.unit(n.inner), k.unit(n.latch()));
        let entry_phis = pre
            .entry_phis
            .iter()
            .map(|p| EntryPhi {
                incoming: p
                    .incoming
                    .iter()
                    .filter(|(u, _)| *u != n.latch())
                    .cloned()
                    .collect(),
                ..p.clone()
            })
            .collect();
        // Named by its loops' lines from the outside in: file.cl:4/5/7, work-items/file.cl:6.
        let outer = match latch.exit {
            Exit::Branch { cond, .. } => latch.body.op(cond).loc.or(latch.loc),
            _ => None,
        };
        let name = match outer.map(|l| k.line_of(l)) {
            _ if n.work_items => format!("work-items/{}", inner.name),
            Some(o) => match o.rsplit_once(':') {
                Some((file, _)) if inner.name.starts_with(&format!("{file}:")) => {
                    format!("{o}/{}", &inner.name[file.len() + 1..])
                }
                _ => format!("{o}/{}", inner.name),
            },
            None => format!("{}/{}", pre.name, inner.name),
        };
        Unit {
            name,
            kind: UnitKind::Loop {
                cont: self.cont,
                controls: LoopControls::default(),
            },
            body: self.body,
            entry_phis,
            exit,
            live_out: vec![],
            atomic_mems: vec![],
            carried_mem_deps: self.carried_mem_deps,
            loc: outer.or(inner.loc),
        }
    }
}

pub(super) const B1: Type = Type::BOOL;

pub(super) use super::ids::{Dim, ID};

impl<'k> Build<'k> {
    pub(super) fn new(k: &'k Kernel, n: &Nest, slots: u32) -> Self {
        Build {
            slots,
            wait_turns: 0,
            k,
            n: n.clone(),
            body: Body::default(),
            map: HashMap::new(),
            phi_now: HashMap::new(),
            accesses: vec![],
            pending: vec![],
            ids: None,
        }
    }

    fn rank(&self, u: UnitId, id: OpId) -> (usize, OpId) {
        (
            self.n
                .units_in_order()
                .iter()
                .position(|x| *x == u)
                .unwrap_or(0),
            id,
        )
    }

    pub(super) fn op(&mut self, kind: OpKind, ty: Type, operands: Vec<OpId>) -> OpId {
        self.body.add(Op::new(kind, ty, operands))
    }

    pub(super) fn konst(&mut self, ty: Type, v: u64) -> OpId {
        self.op(OpKind::Const(v), ty, vec![])
    }

    /// `back`: the latch's branch condition and the value on which it goes back to `pre`;
    /// None for the work-items, which go on until the last global id.
    pub(super) fn run(&mut self, back: Option<(OpId, bool)>) -> Flat {
        let n = self.n.clone();
        let one = self.konst(B1, 1);
        let first = self.op(OpKind::CarriedPhi, B1, vec![one, one]);
        let dims = n.work_items.then(|| self.global_ids());
        let outer_phis = self.outer_values();
        let enter = self.copy_before(first, one);
        self.inner_inits();
        let distances = self.restarts(first);
        self.copy_unit(n.inner, enter, &distances);
        let UnitKind::Loop { cont, .. } = self.k.unit(n.inner).kind else {
            unreachable!("checked")
        };
        let cont = self.map[&(n.inner, cont)];
        let stays = match enter {
            Some(e) => self.op(OpKind::Int(IntBinOp::And), B1, vec![cont, e]),
            None => cont,
        };
        let last = self.op(OpKind::Int(IntBinOp::Xor), B1, vec![stays, one]);
        self.copy_after(enter, last);
        let back = match (back, dims) {
            (Some((cond, true)), _) => self.map[&(n.latch(), cond)],
            (Some((cond, false)), _) => {
                let c = self.map[&(n.latch(), cond)];
                self.op(OpKind::Int(IntBinOp::Xor), B1, vec![c, one])
            }
            (None, Some(dims)) => self.step_global_ids(dims, last),
            (None, None) => unreachable!("a nest goes back by a branch or by work-items"),
        };
        let flat_cont = self.op(OpKind::Int(IntBinOp::Or), B1, vec![stays, back]);
        self.body.set_carried_next(first, last);
        self.carry_outer(&outer_phis, last);
        self.close_pending();
        let carried_mem_deps = self.order_memory();
        Flat {
            body: std::mem::take(&mut self.body),
            cont: flat_cont,
            carried_mem_deps,
        }
    }

    /// Sets the `next` of the inner loop's carried phis, a slot's turn (`slots` iterations)
    /// for each iteration of the run they reached back.
    pub(super) fn close_pending(&mut self) {
        for (phi, src, d) in std::mem::take(&mut self.pending) {
            let next = self.map[&src];
            self.body.set_carried_next_at(phi, next, d * self.slots);
        }
    }

    /// The outer loop's values (the entry phis of `pre`): from outside on entry, then held
    /// through each run (`carry_outer` sets how they change).
    fn outer_values(&mut self) -> Vec<OpId> {
        let pre = self.n.pre;
        let mut outer_phis = Vec::new();
        for (i, p) in self.k.unit(pre).entry_phis.iter().enumerate() {
            let init = self.op(OpKind::Outer(ValueRef::EntryPhi(pre, i)), p.ty, vec![]);
            let now = self.op(OpKind::CarriedPhi, p.ty, vec![init, init]);
            self.phi_now.insert((pre, i), now);
            outer_phis.push(now);
        }
        outer_phis
    }

    /// On a run's last iteration the outer values take what the latch sends back.
    fn carry_outer(&mut self, outer_phis: &[OpId], last: OpId) {
        let (k, n) = (self.k, self.n.clone());
        for (i, p) in k.unit(n.pre).entry_phis.iter().enumerate() {
            let from_latch = p
                .incoming
                .iter()
                .find(|(u, _)| *u == n.latch())
                .map(|x| x.1);
            let now = outer_phis[i];
            let next = match from_latch {
                Some(v) => {
                    let v = self.value(v, p.ty);
                    self.op(OpKind::Select, p.ty, vec![last, v, now])
                }
                None => now,
            };
            self.body.set_carried_next(now, next);
        }
    }

    /// Copies the blocks before the loop: they run on a run's first iteration, those after
    /// a guard only if it enters the loop. Returns whether the run enters it (None: always).
    pub(super) fn copy_before(&mut self, first: OpId, one: OpId) -> Option<OpId> {
        let (k, n) = (self.k, self.n.clone());
        let mut enter = None;
        let mut when = first;
        for u in std::iter::once(n.pre).chain(n.lead.iter().copied()) {
            self.copy_unit(u, Some(when), &BTreeMap::new());
            if let (Some(g), Exit::Branch { cond, .. }) = (n.guard, &k.unit(u).exit) {
                if g.at == u {
                    let c = self.map[&(u, *cond)];
                    let e = if g.enters_when {
                        c
                    } else {
                        self.op(OpKind::Int(IntBinOp::Xor), B1, vec![c, one])
                    };
                    enter = Some(e);
                    when = self.op(OpKind::Int(IntBinOp::And), B1, vec![first, e]);
                }
            }
        }
        enter
    }

    /// The inner loop's initial values, as the block before it gives them.
    pub(super) fn inner_inits(&mut self) {
        let (k, n) = (self.k, self.n.clone());
        let before_inner = *n.lead.last().unwrap_or(&n.pre);
        for (i, p) in k.unit(n.inner).entry_phis.iter().enumerate() {
            let from = p
                .incoming
                .iter()
                .find(|(u, _)| *u == before_inner)
                .map(|x| x.1);
            let v = match from {
                Some(v) => self.value(v, p.ty),
                None => self.konst(p.ty, 0),
            };
            self.phi_now.insert((n.inner, i), v);
        }
    }

    /// Copies the blocks after the loop: they run on a run's last iteration, those a guard
    /// skips only if the run entered the loop; the one it skips to chooses its values by
    /// that.
    pub(super) fn copy_after(&mut self, enter: Option<OpId>, last: OpId) {
        let (k, n) = (self.k, self.n.clone());
        let skip = n.guard.map_or(0, |g| g.skip_to);
        let entered_last = match enter {
            Some(e) => self.op(OpKind::Int(IntBinOp::And), B1, vec![last, e]),
            None => last,
        };
        for (j, &u) in n.after.iter().enumerate() {
            if let (Some(e), true) = (enter, j == skip) {
                let before = if j == 0 { n.inner } else { n.after[j - 1] };
                let guard_at = n.guard.map_or(n.pre, |g| g.at);
                for (i, p) in k.unit(u).entry_phis.iter().enumerate() {
                    let pick = |from: UnitId| p.incoming.iter().find(|x| x.0 == from).map(|x| x.1);
                    let (Some(ran), Some(skipped)) = (pick(before), pick(guard_at)) else {
                        unreachable!("checked: from both")
                    };
                    let ran = self.value(ran, p.ty);
                    let skipped = self.value(skipped, p.ty);
                    let v = self.op(OpKind::Select, p.ty, vec![e, ran, skipped]);
                    self.phi_now.insert((u, i), v);
                }
            }
            let when = if j < skip { entered_last } else { last };
            self.copy_unit(u, Some(when), &BTreeMap::new());
        }
    }

    /// The op giving a value from outside a unit body, inside the flattened loop.
    fn value(&mut self, v: ValueRef, ty: Type) -> OpId {
        let n = &self.n;
        match v {
            ValueRef::Op(u, o) if n.units_in_order().contains(&u) => self.map[&(u, o)],
            ValueRef::EntryPhi(u, i) if self.phi_now.contains_key(&(u, i)) => self.phi_now[&(u, i)],
            ValueRef::Const(t, c) => self.konst(t, c),
            other => self.op(OpKind::Outer(other), ty, vec![]),
        }
    }

    /// A 32-bit id at the width the kernel reads it (`ids::resize`).
    fn resize(&mut self, v: OpId, ty: Type) -> OpId {
        super::ids::resize(&mut self.body, v, ty)
    }

    /// The work-item's global ids as carried values (`ids::global_ids`), which the copied
    /// units read in place of their `get_global_id`.
    pub(super) fn global_ids(&mut self) -> [Dim; 3] {
        let dims = super::ids::global_ids(&mut self.body);
        self.ids = Some(dims.map(|d| d.gid));
        dims
    }

    pub(super) fn step_global_ids(&mut self, dims: [Dim; 3], last: OpId) -> OpId {
        super::ids::step_global_ids(&mut self.body, dims, last)
    }

    /// For every distance the inner loop's carried phis read from, whether this iteration
    /// is still closer than that to its run's start (they then take their initial value).
    pub(super) fn restarts(&mut self, first: OpId) -> BTreeMap<u32, OpId> {
        let inner = &self.k.unit(self.n.inner).body;
        let ds: BTreeSet<u32> = inner
            .ops()
            .filter(|(_, o)| o.kind == OpKind::CarriedPhi)
            .map(|(id, _)| inner.carried_distance(id))
            .collect();
        let mut restart = BTreeMap::new();
        restart.insert(1, first);
        let Some(&most) = ds.iter().max().filter(|d| **d > 1) else {
            return restart;
        };
        // age: iterations of this run before this one, up to `most`.
        let ty = Type::Int(32 - most.leading_zeros() + 1);
        let zero = self.konst(ty, 0);
        let one = self.konst(ty, 1);
        let cap = self.konst(ty, most as u64);
        let age = self.op(OpKind::CarriedPhi, ty, vec![zero, zero]);
        let now = self.op(OpKind::Select, ty, vec![first, zero, age]);
        let below = self.op(OpKind::Cmp(CmpPred::ULt), B1, vec![now, cap]);
        let inc = self.op(OpKind::Int(IntBinOp::Add), ty, vec![now, one]);
        let next = self.op(OpKind::Select, ty, vec![below, inc, now]);
        self.body.set_carried_next_at(age, next, self.slots);
        for d in ds.into_iter().filter(|d| *d > 1) {
            let dk = self.konst(ty, d as u64);
            let young = self.op(OpKind::Cmp(CmpPred::ULt), B1, vec![now, dk]);
            restart.insert(d, young);
        }
        restart
    }

    /// Copies a unit of the nest: its memory operations only when `when` holds (the
    /// block before the loop: on a run's first iteration, its loads then held through the
    /// run; the blocks after: on its last; the loop: when the run enters it); the loop's
    /// carried phis restart with each run (`restart`, by distance).
    pub(super) fn copy_unit(
        &mut self,
        u: UnitId,
        when: Option<OpId>,
        restart: &BTreeMap<u32, OpId>,
    ) {
        let body = &self.k.unit(u).body;
        let hold = u == self.n.pre || self.n.lead.contains(&u);
        for id in body.copy_order() {
            let op = body.op(id);
            if let OpKind::Outer(v) = op.kind {
                let v = self.value(v, op.ty);
                self.map.insert((u, id), v);
                continue;
            }
            if let (OpKind::WorkItem(Builtin::GlobalId, d), Some(ids)) = (&op.kind, self.ids) {
                let v = self.resize(ids[*d as usize], op.ty);
                self.map.insert((u, id), v);
                continue;
            }
            // A carried phi's `next` is set once every op exists (`pending`).
            let n_mapped = if op.kind == OpKind::CarriedPhi {
                1
            } else {
                op.operands.len()
            };
            let mut operands: Vec<OpId> = op.operands[..n_mapped]
                .iter()
                .map(|o| self.map[&(u, *o)])
                .collect();
            if op.kind == OpKind::CarriedPhi {
                operands.push(operands[0]);
            }
            if let (true, Some(when)) = (op.is_memory(), when) {
                match op.predicate() {
                    Some(_) => {
                        let p = operands.pop().expect("a predicate");
                        let both = self.op(OpKind::Int(IntBinOp::And), B1, vec![when, p]);
                        operands.push(both);
                    }
                    None => operands.push(when),
                }
            }
            let new = self.body.add(Op {
                operands: operands.clone(),
                ..op.clone()
            });
            let mut value = new;
            match op.kind {
                OpKind::CarriedPhi => {
                    let d = body.carried_distance(id);
                    self.pending.push((new, (u, op.operands[1]), d));
                    value = self.op(OpKind::Select, op.ty, vec![restart[&d], operands[0], new]);
                }
                OpKind::Load(m) => {
                    self.accesses.push((self.rank(u, id), new, m, false));
                    if let (true, Some(when)) = (hold, when) {
                        let held = self.op(OpKind::CarriedPhi, op.ty, vec![new, new]);
                        value = self.op(OpKind::Select, op.ty, vec![when, new, held]);
                        self.body.set_carried_next_at(held, value, self.slots);
                        if self.wait_turns > 0 {
                            value = self.waited_for(value, op.ty);
                        }
                    }
                }
                OpKind::Store(m) => self.accesses.push((self.rank(u, id), new, m, true)),
                _ => {}
            }
            self.map.insert((u, id), value);
        }
    }

    /// Orders the accesses of one memory where one is a store: in program order within an
    /// iteration, and across iterations as `deps::carried` finds (interleaved work-items:
    /// `interleave::carried`).
    pub(super) fn order_memory(&mut self) -> Vec<CarriedMemDep> {
        let mut deps = Vec::new();
        let mut acc = self.accesses.clone();
        acc.sort_by_key(|a| a.0);
        for (i, &(_, y, my, sy)) in acc.iter().enumerate() {
            for &(_, x, mx, sx) in &acc[..i] {
                if mx == my && (sx || sy) {
                    self.body.add_order(x, y, 0);
                }
            }
        }
        let units = self.n.units_in_order();
        for &((ux, ox), x, mx, sx) in &acc {
            for &((uy, oy), y, my, sy) in &acc {
                if mx != my || !(sx || sy) {
                    continue;
                }
                let from = (units[ux], ox);
                let to = (units[uy], oy);
                let (distance, analysis) = if self.slots > 1 {
                    super::interleave::carried(
                        self.k,
                        &self.n,
                        from,
                        to,
                        (self.slots, self.wait_turns),
                    )
                } else {
                    super::deps::carried(self.k, &self.n, from, to, mx)
                };
                let Some(distance) = distance else {
                    continue;
                };
                self.body.add_order(x, y, distance);
                deps.push(CarriedMemDep {
                    from: x,
                    to: y,
                    mem: mx,
                    distance,
                    analysis,
                });
            }
        }
        deps
    }
}
