//! A loop of units whose body has branches but no loop, made one pipelined loop unit: the
//! branches if-converted (each unit's operations run under the predicate of the paths that
//! reach it, its memory operations only then), entry phis chosen by the edge taken, the
//! head's entry phis carried from iteration to iteration.
//!
//! The work-group pass builds a region with branches as a head, its units and a latch; when
//! its units form no cycle (the loop of a tree reduction is cut at its barrier, so its
//! region has none), this makes it a loop that issues a work-item per cycle, as a region
//! of one block is.

use super::build::{add, konst, not, B1};
use crate::ir::*;
use std::collections::{BTreeMap, HashMap};

/// A loop of units: `head` (its entry phis are the loop's carried values), the units of
/// its body in an order where each comes after those that branch to it, and `latch`, which
/// branches back to `head` or leaves.
pub(super) struct Cycle {
    pub head: UnitId,
    pub body: Vec<UnitId>,
    pub latch: UnitId,
}

struct Merge<'k> {
    k: &'k Kernel,
    c: &'k Cycle,
    b: Body,
    /// Each unit's ops in the merged body, and its entry phis' values.
    map: HashMap<(UnitId, OpId), OpId>,
    phis: HashMap<(UnitId, usize), OpId>,
    /// Whether control reaches each unit this iteration.
    reached: BTreeMap<UnitId, OpId>,
}

/// The units of `c` in order: head, body, latch.
fn units(c: &Cycle) -> Vec<UnitId> {
    let mut v = vec![c.head];
    v.extend(&c.body);
    v.push(c.latch);
    v
}

/// The loop as one pipelined unit (in place of `head`), and the other units of the cycle,
/// now unreached. `None` when a unit inside is a loop, or the head's phis start from
/// different values. Work-items need no order across iterations (`parallel`): only
/// atomics are ordered then.
pub(super) fn collapse(k: &Kernel, c: &Cycle) -> Option<(Unit, HashMap<ValueRef, OpId>)> {
    let inside = units(c);
    if inside
        .iter()
        .any(|u| !matches!(k.unit(*u).kind, UnitKind::Block))
    {
        return None;
    }
    let Exit::Branch {
        if_true, if_false, ..
    } = k.unit(c.latch).exit
    else {
        return None;
    };
    let (back_when, after) = match (if_true == c.head, if_false == c.head) {
        (true, false) => (true, if_false),
        (false, true) => (false, if_true),
        _ => return None,
    };
    let mut m = Merge {
        k,
        c,
        b: Body::default(),
        map: HashMap::new(),
        phis: HashMap::new(),
        reached: BTreeMap::new(),
    };
    // The head's entry phis: carried, from the one value every entry gives.
    let mut carried = Vec::new();
    for (i, p) in k.unit(c.head).entry_phis.iter().enumerate() {
        let mut from_outside = p
            .incoming
            .iter()
            .filter(|(f, _)| *f != c.latch)
            .map(|x| x.1);
        let init = from_outside.next()?;
        if from_outside.any(|v| v != init) {
            return None;
        }
        let init = add(&mut m.b, OpKind::Outer(init), p.ty, vec![]);
        let phi = add(&mut m.b, OpKind::CarriedPhi, p.ty, vec![init, init]);
        m.phis.insert((c.head, i), phi);
        let next = p.incoming.iter().find(|(f, _)| *f == c.latch)?.1;
        carried.push((phi, next));
    }
    let yes = konst(&mut m.b, B1, 1);
    m.reached.insert(c.head, yes);
    m.copy(c.head);
    for &u in &c.body {
        let r = m.reach(u);
        m.reached.insert(u, r);
        m.phis_of(u);
        m.copy(u);
    }
    m.reached.insert(c.latch, yes);
    m.phis_of(c.latch);
    m.copy(c.latch);
    for (phi, next) in carried {
        let n = m.value(next)?;
        m.b.set_carried_next(phi, n);
    }
    let Exit::Branch { cond, .. } = k.unit(c.latch).exit else {
        return None;
    };
    let mut cont = m.map[&(c.latch, cond)];
    if !back_when {
        cont = not(&mut m.b, cont);
    }
    let head = k.unit(c.head);
    let body = std::mem::take(&mut m.b);
    let mut unit = Unit {
        name: head.name.clone(),
        kind: UnitKind::Block,
        body,
        entry_phis: vec![],
        exit: Exit::Jump(after),
        live_out: vec![],
        atomic_mems: inside
            .iter()
            .flat_map(|u| k.unit(*u).atomic_mems.clone())
            .collect(),
        carried_mem_deps: vec![],
        loc: inside.iter().find_map(|u| k.unit(*u).loc),
    };
    unit.atomic_mems.sort_by_key(|m| m.0);
    unit.atomic_mems.dedup();
    unit.kind = UnitKind::Loop {
        cont,
        controls: LoopControls::default(),
    };
    crate::lower::memory::order_work_items(&mut unit, &k.memories);
    let mut values: HashMap<ValueRef, OpId> = m
        .map
        .iter()
        .map(|((u, o), x)| (ValueRef::Op(*u, *o), *x))
        .collect();
    values.extend(
        m.phis
            .iter()
            .map(|((u, i), x)| (ValueRef::EntryPhi(*u, *i), *x)),
    );
    Some((unit, values))
}

impl Merge<'_> {
    fn is_const(&self, x: OpId, v: u64) -> bool {
        self.b.op(x).kind == OpKind::Const(v)
    }

    /// `x and y`, folded where one is a constant true.
    fn and(&mut self, x: OpId, y: OpId) -> OpId {
        match (self.is_const(x, 1), self.is_const(y, 1)) {
            (true, _) => y,
            (_, true) => x,
            _ => add(&mut self.b, OpKind::Int(IntBinOp::And), B1, vec![x, y]),
        }
    }

    /// `x or y`, folded where one is a constant false.
    fn or(&mut self, x: OpId, y: OpId) -> OpId {
        match (self.is_const(x, 0), self.is_const(y, 0)) {
            (true, _) => y,
            (_, true) => x,
            _ => add(&mut self.b, OpKind::Int(IntBinOp::Or), B1, vec![x, y]),
        }
    }

    /// A value read inside the cycle, as an op of the merged body.
    fn value(&mut self, v: ValueRef) -> Option<OpId> {
        Some(match v {
            ValueRef::Op(u, o) if self.map.contains_key(&(u, o)) => self.map[&(u, o)],
            ValueRef::EntryPhi(u, i) if self.phis.contains_key(&(u, i)) => self.phis[&(u, i)],
            ValueRef::Op(u, _) | ValueRef::EntryPhi(u, _) if units(self.c).contains(&u) => {
                return None;
            }
            other => {
                let ty = match other {
                    ValueRef::Const(t, _) => t,
                    ValueRef::Arg(a) => match self.k.args[a.0 as usize].kind {
                        ArgKind::Scalar(t) => t,
                        _ => Type::ADDR,
                    },
                    ValueRef::Op(u, o) => self.k.unit(u).body.op(o).ty,
                    ValueRef::EntryPhi(u, i) => self.k.unit(u).entry_phis[i].ty,
                };
                add(&mut self.b, OpKind::Outer(other), ty, vec![])
            }
        })
    }

    /// Whether the edge from `q` to `u` is taken, when control is at the end of `q`.
    fn edge(&mut self, q: UnitId, u: UnitId) -> OpId {
        let at = |m: &Self, o: OpId| m.map[&(q, o)];
        match &self.k.unit(q).exit {
            Exit::Branch {
                cond,
                if_true,
                if_false,
            } => {
                let c = at(self, *cond);
                match (*if_true == u, *if_false == u) {
                    (true, true) => konst(&mut self.b, B1, 1),
                    (true, false) => c,
                    _ => not(&mut self.b, c),
                }
            }
            Exit::Switch {
                value,
                cases,
                default,
            } => {
                let v = at(self, *value);
                let ty = self.b.op(v).ty;
                let mut any = konst(&mut self.b, B1, 0);
                let mut none = konst(&mut self.b, B1, 1);
                for (c, t) in cases {
                    let k = konst(&mut self.b, ty, *c);
                    let eq = add(&mut self.b, OpKind::Cmp(CmpPred::Eq), B1, vec![v, k]);
                    if *t == u {
                        any = self.or(any, eq);
                    }
                    let ne = not(&mut self.b, eq);
                    none = self.and(none, ne);
                }
                if *default == u {
                    any = self.or(any, none);
                }
                any
            }
            _ => konst(&mut self.b, B1, 1),
        }
    }

    /// The predecessors of `u` inside the cycle (before it), with the edge into it taken.
    fn arrivals(&mut self, u: UnitId) -> Vec<(UnitId, OpId)> {
        let preds: Vec<UnitId> = self
            .reached
            .keys()
            .copied()
            .filter(|q| super::successors(self.k.unit(*q)).contains(&u))
            .collect();
        preds
            .into_iter()
            .map(|q| {
                let e = self.edge(q, u);
                let r = self.reached[&q];
                (q, self.and(r, e))
            })
            .collect()
    }

    fn reach(&mut self, u: UnitId) -> OpId {
        let mut acc = konst(&mut self.b, B1, 0);
        for (_, a) in self.arrivals(u) {
            acc = self.or(acc, a);
        }
        acc
    }

    /// `u`'s entry phis: the value from the edge taken.
    fn phis_of(&mut self, u: UnitId) {
        let arrivals = self.arrivals(u);
        for (i, p) in self.k.unit(u).entry_phis.iter().enumerate() {
            let mut v: Option<OpId> = None;
            for (q, taken) in &arrivals {
                let Some(r) = p.incoming.iter().find(|(f, _)| f == q).map(|x| x.1) else {
                    continue;
                };
                let x = self
                    .value(r)
                    .expect("a phi's value is computed before its edge");
                v = Some(match v {
                    None => x,
                    Some(rest) => add(&mut self.b, OpKind::Select, p.ty, vec![*taken, x, rest]),
                });
            }
            let v = v.unwrap_or_else(|| konst(&mut self.b, p.ty, 0));
            self.phis.insert((u, i), v);
        }
    }

    /// Copies `u`'s ops (operands first; memory operations keep their order), its memory
    /// operations under the predicate that control reaches it.
    fn copy(&mut self, u: UnitId) {
        let body = &self.k.unit(u).body;
        let when = self.reached[&u];
        let always = u == self.c.head || u == self.c.latch || self.is_const(when, 1);
        for id in body.copy_order() {
            let op = body.op(id);
            if let OpKind::Outer(v) = op.kind {
                let x = self.value(v).expect("a value computed before its use");
                self.map.insert((u, id), x);
                continue;
            }
            let mut operands: Vec<OpId> = op.operands.iter().map(|o| self.map[&(u, *o)]).collect();
            if op.is_memory() && !always {
                match op.predicate() {
                    Some(_) => {
                        let p = operands.pop().expect("a predicate");
                        let both = self.and(when, p);
                        operands.push(both);
                    }
                    None => operands.push(when),
                }
            }
            let new = self.b.add(Op {
                operands,
                ..op.clone()
            });
            self.map.insert((u, id), new);
        }
    }
}
