//! IR clean-up after lowering, unit by unit: constant folding, common-subexpression
//! elimination and dead-code elimination. The lowering emits one operation per SPIR-V
//! instruction and per lane, address step or predicate, so the same address or compare is
//! often built twice and constants meet constants; every operation left costs a register
//! or a LUT in hardware and a variable in the scheduler's ILP.
//!
//! Memory operations and barriers are never removed or merged (their order edges stay as
//! the lowering made them), with one exception: two loads of a global buffer the kernel
//! never writes, at one address under one predicate, read the same value, and such loads
//! have no order edges; the later becomes the earlier (clang leaves them where it cannot
//! prove the buffers apart: k-means reads each coordinate of its point twice). Everything
//! else is removed when nothing live reads it.

use crate::ir::*;
use std::collections::HashMap;

/// What the passes did, for the report and the tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cleanup {
    pub folded: usize,
    pub merged: usize,
    pub removed: usize,
}

pub fn clean_up(kernel: &mut Kernel) -> Cleanup {
    let mut total = Cleanup::default();
    // Values other units read (through Outer ops, entry phis) must survive in their unit.
    let mut external: HashMap<UnitId, Vec<OpId>> = HashMap::new();
    let mut note = |v: &ValueRef| {
        if let ValueRef::Op(u, o) = v {
            external.entry(*u).or_default().push(*o);
        }
    };
    for unit in &kernel.units {
        for (_, op) in unit.body.ops() {
            if let OpKind::Outer(v) = &op.kind {
                note(v);
            }
        }
        for p in &unit.entry_phis {
            for (_, v) in &p.incoming {
                note(v);
            }
        }
    }
    let mut maps: Vec<Vec<Option<OpId>>> = Vec::new();
    let reqd = kernel.attrs.reqd_work_group_size;
    let read_only: Vec<bool> = kernel
        .memories
        .iter()
        .map(|m| matches!(m.kind, MemoryKind::Global { .. }) && !m.written)
        .collect();
    for (i, unit) in kernel.units.iter_mut().enumerate() {
        let ext = external.remove(&UnitId(i as u32)).unwrap_or_default();
        let (map, c) = clean_unit(unit, &ext, reqd, &read_only);
        total.folded += c.folded;
        total.merged += c.merged;
        total.removed += c.removed;
        maps.push(map);
    }
    // Other units' references to the renumbered ops.
    let remap = |v: &mut ValueRef| {
        if let ValueRef::Op(u, o) = v {
            if let Some(Some(n)) = maps.get(u.0 as usize).and_then(|m| m.get(o.index())) {
                *o = *n;
            }
        }
    };
    for unit in &mut kernel.units {
        for n in unit.body.graph.node_indices() {
            if let OpKind::Outer(v) = &mut unit.body.graph[n].kind {
                remap(v);
            }
        }
        for p in &mut unit.entry_phis {
            for (_, v) in &mut p.incoming {
                remap(v);
            }
        }
    }
    total
}

fn has_effect(op: &Op) -> bool {
    matches!(
        op.kind,
        OpKind::Load(_) | OpKind::Store(_) | OpKind::Barrier | OpKind::CarriedPhi
    )
}

use crate::lower::mask;

pub(crate) fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 || bits == 0 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}

/// The constant an integer operation gives on constant operands (None: not folded — float
/// arithmetic keeps its hardware rounding, division by zero keeps its defined result).
pub(crate) fn fold(kind: &OpKind, ty: Type, args: &[(u64, Type)]) -> Option<u64> {
    let w = ty.bits();
    if w > 64
        || args
            .iter()
            .any(|(_, t)| t.bits() > 64 || matches!(t, Type::Float(_)))
    {
        return None;
    }
    let v = match (kind, args) {
        (OpKind::Int(b), [(x, xt), (y, _)]) if matches!(ty, Type::Int(_)) => {
            let xw = xt.bits();
            match b {
                IntBinOp::Add => x.wrapping_add(*y),
                IntBinOp::Sub => x.wrapping_sub(*y),
                IntBinOp::Mul => x.wrapping_mul(*y),
                IntBinOp::And => x & y,
                IntBinOp::Or => x | y,
                IntBinOp::Xor => x ^ y,
                IntBinOp::Shl if *y < w as u64 => x << y,
                IntBinOp::LShr if *y < w as u64 => (x & mask(xw)) >> y,
                IntBinOp::AShr if *y < w as u64 => (sext(*x, xw) >> y) as u64,
                IntBinOp::UDiv if *y != 0 => (x & mask(xw)) / (y & mask(xw)),
                IntBinOp::URem if *y != 0 => (x & mask(xw)) % (y & mask(xw)),
                _ => return None,
            }
        }
        (OpKind::Cmp(p), [(x, xt), (y, _)]) => {
            let xw = xt.bits();
            let (ux, uy) = (x & mask(xw), y & mask(xw));
            let (sx, sy) = (sext(ux, xw), sext(uy, xw));
            u64::from(match p {
                CmpPred::Eq => ux == uy,
                CmpPred::Ne => ux != uy,
                CmpPred::ULt => ux < uy,
                CmpPred::ULe => ux <= uy,
                CmpPred::UGt => ux > uy,
                CmpPred::UGe => ux >= uy,
                CmpPred::SLt => sx < sy,
                CmpPred::SLe => sx <= sy,
                CmpPred::SGt => sx > sy,
                CmpPred::SGe => sx >= sy,
            })
        }
        (OpKind::Cast(c), [(x, xt)]) if matches!(ty, Type::Int(_)) => match c {
            CastOp::ZExt | CastOp::Trunc | CastOp::Bitcast => x & mask(xt.bits()),
            CastOp::SExt => sext(*x, xt.bits()) as u64,
        },
        _ => return None,
    };
    Some(v & mask(w))
}

/// The unit's ops with every operand before its user (a carried phi's `next` excepted):
/// the lowering mostly adds ops in that order, but later rewrites (memory merging) append
/// address arithmetic after the access that reads it.
pub(crate) fn operand_order(body: &Body) -> Vec<OpId> {
    let n = body.len();
    let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
    let mut order = Vec::with_capacity(n);
    for start in 0..n {
        if state[start] != 0 {
            continue;
        }
        let mut stack = vec![(OpId(start as u32), 0usize)];
        state[start] = 1;
        while let Some((id, k)) = stack.pop() {
            let op = body.op(id);
            let operands: &[OpId] = if op.kind == OpKind::CarriedPhi {
                &op.operands[..1.min(op.operands.len())]
            } else {
                &op.operands
            };
            if let Some(next) = operands.get(k) {
                stack.push((id, k + 1));
                if state[next.index()] == 0 {
                    state[next.index()] = 1;
                    stack.push((*next, 0));
                }
            } else {
                state[id.index()] = 2;
                order.push(id);
            }
        }
    }
    order
}

/// The operand an integer operation leaves unchanged because the other is its identity.
fn identity_operand(
    kind: &OpKind,
    operands: &[OpId],
    kinds: &[OpKind],
    body: &Body,
    ty: Type,
) -> Option<OpId> {
    let OpKind::Int(op) = kind else { return None };
    let [a, b] = operands else { return None };
    let is = |o: &OpId, v: u64| kinds.get(o.index()) == Some(&OpKind::Const(v));
    let pick = match op {
        IntBinOp::Mul if is(a, 1) => *b,
        IntBinOp::Mul if is(b, 1) => *a,
        IntBinOp::Add | IntBinOp::Or | IntBinOp::Xor if is(a, 0) => *b,
        IntBinOp::Add | IntBinOp::Or | IntBinOp::Xor | IntBinOp::Sub | IntBinOp::Shl
            if is(b, 0) =>
        {
            *a
        }
        _ => return None,
    };
    (body.op(pick).ty == ty).then_some(pick)
}

/// Folds, merges and removes within one unit; returns old op index -> new op.
// Long because folding, merging and removal share one rebuilt body and one renaming map.
fn clean_unit(
    unit: &mut Unit,
    external: &[OpId],
    reqd: Option<[u32; 3]>,
    read_only: &[bool],
) -> (Vec<Option<OpId>>, Cleanup) {
    let body = &unit.body;
    let n = body.len();
    let mut c = Cleanup::default();
    // 1. Replacement by folding and CSE, in op order (operands come first, but for the
    //    `next` of a carried phi, which is not rewritten through the table).
    let mut repl: Vec<OpId> = (0..n as u32).map(OpId).collect();
    let order = operand_order(body);
    let mut kinds: Vec<OpKind> = body.ops().map(|(_, op)| op.kind.clone()).collect();
    let mut seen: HashMap<(OpKind, Type, Vec<OpId>), OpId> = HashMap::new();
    for &id in &order {
        let op = body.op(id);
        let is_phi = op.kind == OpKind::CarriedPhi;
        let operands: Vec<OpId> = op
            .operands
            .iter()
            .enumerate()
            .map(|(k, o)| {
                if is_phi && k == 1 {
                    *o
                } else {
                    repl[o.index()]
                }
            })
            .collect();
        let mut kind = op.kind.clone();
        // reqd_work_group_size fixes the local size (a launch with another is refused), so
        // its reads are constants: linear ids and group bounds need no multiplier.
        if let (OpKind::WorkItem(Builtin::LocalSize, d), Some(r)) = (&kind, reqd) {
            kind = OpKind::Const(u64::from(r[*d as usize]));
            c.folded += 1;
        }
        // A bitcast to its operand's own type is the operand.
        if kind == OpKind::Cast(CastOp::Bitcast) && body.op(operands[0]).ty == op.ty {
            repl[id.index()] = operands[0];
            c.merged += 1;
            continue;
        }
        if !has_effect(op) && !operands.is_empty() {
            // Select on a constant condition is its chosen operand.
            if let (OpKind::Select, Some(OpKind::Const(cv))) =
                (&kind, kinds.get(operands[0].index()))
            {
                repl[id.index()] = operands[if *cv & 1 == 1 { 1 } else { 2 }];
                c.folded += 1;
                continue;
            }
            // x * 1, x + 0, x - 0, x | 0, x ^ 0, x << 0 are x (a linear id's terms of a
            // fixed work-group size).
            if let Some(x) = identity_operand(&kind, &operands, &kinds, body, op.ty) {
                repl[id.index()] = x;
                c.folded += 1;
                continue;
            }
            let consts: Option<Vec<(u64, Type)>> = operands
                .iter()
                .map(|o| match kinds.get(o.index()) {
                    Some(OpKind::Const(v)) => Some((*v, body.op(*o).ty)),
                    _ => None,
                })
                .collect();
            if let Some(v) = consts.and_then(|a| fold(&kind, op.ty, &a)) {
                kind = OpKind::Const(v);
                c.folded += 1;
            }
        }
        let pure_load =
            matches!(kind, OpKind::Load(m) if read_only.get(m.0 as usize) == Some(&true));
        if !has_effect(op) || pure_load {
            let args = if matches!(kind, OpKind::Const(_)) {
                vec![]
            } else {
                operands.clone()
            };
            let key = (kind.clone(), op.ty, args);
            match seen.get(&key) {
                Some(prev) => {
                    repl[id.index()] = *prev;
                    c.merged += 1;
                }
                None => {
                    seen.insert(key, id);
                }
            }
        }
        kinds[id.index()] = kind;
    }
    // 2. Liveness from the roots: effects, values other units or the exit read, the loop
    //    condition.
    let r = |o: OpId| repl[o.index()];
    let mut live = vec![false; n];
    let mut work: Vec<OpId> = Vec::new();
    for (id, op) in body.ops() {
        if has_effect(op) && repl[id.index()] == id {
            work.push(id);
        }
    }
    work.extend(unit.live_out.iter().map(|o| r(*o)));
    work.extend(external.iter().map(|o| r(*o)));
    if let UnitKind::Loop { cont, .. } = &unit.kind {
        work.push(r(*cont));
    }
    match &unit.exit {
        Exit::Branch { cond, .. } => work.push(r(*cond)),
        Exit::Switch { value, .. } => work.push(r(*value)),
        _ => {}
    }
    for d in &unit.carried_mem_deps {
        work.push(r(d.from));
        work.push(r(d.to));
    }
    while let Some(o) = work.pop() {
        if live[o.index()] {
            continue;
        }
        live[o.index()] = true;
        let op = body.op(o);
        if !matches!(kinds[o.index()], OpKind::Const(_)) {
            for (k, a) in op.operands.iter().enumerate() {
                let a = if op.kind == OpKind::CarriedPhi && k == 1 {
                    *a
                } else {
                    r(*a)
                };
                work.push(r(a));
            }
        }
    }
    // 3. The new body: live ops in their old order, operands through the replacement.
    let mut new = Body::default();
    let mut map: Vec<Option<OpId>> = vec![None; n];
    let mut carried: Vec<(OpId, OpId, u32)> = Vec::new();
    for &id in &order {
        let op = body.op(id);
        if !live[id.index()] || repl[id.index()] != id {
            continue;
        }
        let kind = kinds[id.index()].clone();
        let operands: Vec<OpId> = if matches!(kind, OpKind::Const(_)) && op.kind != kind {
            vec![]
        } else if op.kind == OpKind::CarriedPhi {
            let init = map[r(op.operands[0]).index()].unwrap_or(OpId(0));
            carried.push((id, r(op.operands[1]), body.carried_distance(id)));
            vec![init, init]
        } else {
            op.operands
                .iter()
                .map(|a| map[r(*a).index()].unwrap_or(OpId(0)))
                .collect()
        };
        let nid = new.add(Op {
            kind,
            ty: op.ty,
            operands,
            name: op.name.clone(),
            loc: op.loc,
        });
        map[id.index()] = Some(nid);
    }
    for (phi, next, distance) in carried {
        if let (Some(p), Some(nx)) = (map[phi.index()], map[r(next).index()]) {
            new.set_carried_next_at(p, nx, distance);
        }
    }
    // Memory order edges between the (all kept) memory operations.
    for (from, to, dep) in body.deps() {
        if dep.kind == DepKind::Order {
            if let (Some(a), Some(b)) = (map[from.index()], map[to.index()]) {
                new.add_order(a, b, dep.distance);
            }
        }
    }
    // Replaced ops resolve to their replacement's new id.
    for i in 0..n {
        if map[i].is_none() && live[repl[i].index()] {
            map[i] = map[repl[i].index()];
        }
    }
    c.removed = n - new.len();
    let m = |o: &mut OpId| {
        if let Some(Some(x)) = map.get(o.index()) {
            *o = *x;
        }
    };
    for o in &mut unit.live_out {
        m(o);
    }
    // Two live-outs may fold into one op (two sizes that are the same constant).
    let mut seen = std::collections::HashSet::new();
    unit.live_out.retain(|o| seen.insert(*o));
    if let UnitKind::Loop { cont, .. } = &mut unit.kind {
        m(cont);
    }
    match &mut unit.exit {
        Exit::Branch { cond, .. } => m(cond),
        Exit::Switch { value, .. } => m(value),
        _ => {}
    }
    for d in &mut unit.carried_mem_deps {
        m(&mut d.from);
        m(&mut d.to);
    }
    unit.body = new;
    (map, c)
}
