//! IR clean-up after lowering, unit by unit: constant folding, common-subexpression
//! elimination and dead-code elimination. The lowering emits one operation per SPIR-V
//! instruction and per lane, address step or predicate, so the same address or compare is
//! often built twice and constants meet constants; every operation left costs a register
//! or a LUT in hardware and a variable in the scheduler's ILP.
//!
//! Memory operations and barriers are never removed or merged (their order edges stay as
//! the lowering made them); everything else is removed when nothing live reads it.

use crate::ir::*;
use std::collections::HashMap;

/// What the passes did, for the report and the tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cleanup {
    pub folded: usize,
    pub merged: usize,
    pub removed: usize,
}

/// What `optimize` did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub widened: usize,
    pub unrolled: Vec<(String, u32)>,
    pub cleanup: Cleanup,
    pub narrowed: usize,
}

/// Every pass, in the order `lower_kernel` runs them: half arithmetic widened, loops
/// unrolled, clean-up, narrowing, and clean-up again when narrowing left wide values.
pub fn optimize(kernel: &mut Kernel) -> Report {
    let widened = widen_half(kernel);
    let unrolled = unroll(kernel);
    let mut cleanup = clean_up(kernel);
    let narrowed = narrow(kernel);
    if narrowed > 0 {
        let again = clean_up(kernel);
        cleanup.folded += again.folded;
        cleanup.merged += again.merged;
        cleanup.removed += again.removed;
    }
    Report {
        widened,
        unrolled,
        cleanup,
        narrowed,
    }
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
    for (i, unit) in kernel.units.iter_mut().enumerate() {
        let ext = external.remove(&UnitId(i as u32)).unwrap_or_default();
        let (map, c) = clean_unit(unit, &ext);
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

fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 || bits == 0 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}

/// The constant an integer operation gives on constant operands (None: not folded — float
/// arithmetic keeps its hardware rounding, division by zero keeps its defined result).
fn fold(kind: &OpKind, ty: Type, args: &[(u64, Type)]) -> Option<u64> {
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
fn operand_order(body: &Body) -> Vec<OpId> {
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

/// Folds, merges and removes within one unit; returns old op index -> new op.
fn clean_unit(unit: &mut Unit, external: &[OpId]) -> (Vec<Option<OpId>>, Cleanup) {
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
        if !has_effect(op) {
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
    let mut carried: Vec<(OpId, OpId)> = Vec::new();
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
            carried.push((id, r(op.operands[1])));
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
        });
        map[id.index()] = Some(nid);
    }
    for (phi, next) in carried {
        if let (Some(p), Some(nx)) = (map[phi.index()], map[r(next).index()]) {
            new.set_carried_next(p, nx);
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
    unit.live_out.dedup();
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

/// Half-precision arithmetic computed in float: each half add, sub, mul, div, sqrt,
/// rounding to integral, compare and int/half conversion becomes a widening of its
/// operands (exact), the float operation and one rounding back to half. That is correctly
/// rounded: float's 24 bits are at least 2·11 + 2, so rounding the float result again
/// gives the half result rounded once (and directed roundings compose). fma, the math
/// functions and half <-> double conversions are left alone (code generation refuses
/// them): for those the double rounding could differ.
pub fn widen_half(kernel: &mut Kernel) -> usize {
    use petgraph::visit::EdgeRef;
    let half = Type::Float(FloatKind::F16);
    let float = Type::Float(FloatKind::F32);
    let mut count = 0;
    for unit in &mut kernel.units {
        let body = &mut unit.body;
        let n = body.len();
        for i in 0..n {
            let id = OpId(i as u32);
            let op = body.op(id).clone();
            let operand_half = op.operands.first().is_some_and(|o| body.op(*o).ty == half);
            let (widened_kind, result) = match &op.kind {
                OpKind::Float(_) if op.ty == half => (op.kind.clone(), Some(Rounding::Rte)),
                OpKind::FloatUnary(u) if op.ty == half && !u.is_sign_bit_op() => {
                    (op.kind.clone(), Some(Rounding::Rte))
                }
                // The math functions: the float core, rounded once to half (within
                // half's bounds: 1 float ulp is 2^-13 of a half ulp). Only those whose
                // operands are all half (not pown, rootn, ldexp).
                OpKind::Math(_)
                    if op.ty == half && op.operands.iter().all(|o| body.op(*o).ty == half) =>
                {
                    (op.kind.clone(), Some(Rounding::Rte))
                }
                OpKind::FCmp(_) if operand_half => (op.kind.clone(), None),
                OpKind::Convert(ConvertOp::FToSI | ConvertOp::FToUI) if operand_half => {
                    (op.kind.clone(), None)
                }
                OpKind::Convert(ConvertOp::SIToF(r)) if op.ty == half => {
                    (OpKind::Convert(ConvertOp::SIToF(*r)), Some(*r))
                }
                OpKind::Convert(ConvertOp::UIToF(r)) if op.ty == half => {
                    (OpKind::Convert(ConvertOp::UIToF(*r)), Some(*r))
                }
                _ => continue,
            };
            // Operands widened (halves only; integers as they are).
            let operands: Vec<OpId> = op
                .operands
                .iter()
                .map(|o| {
                    if body.op(*o).ty == half {
                        body.add(Op {
                            kind: OpKind::Convert(ConvertOp::FToF(Rounding::Rte)),
                            ty: float,
                            operands: vec![*o],
                            name: None,
                        })
                    } else {
                        *o
                    }
                })
                .collect();
            let old_in: Vec<_> = body
                .graph
                .edges_directed(id.node(), petgraph::Direction::Incoming)
                .filter(|e| e.weight().kind == DepKind::Data && e.weight().distance == 0)
                .map(|e| e.id())
                .collect();
            for e in old_in {
                body.graph.remove_edge(e);
            }
            match result {
                Some(r) => {
                    let wide = body.add(Op {
                        kind: widened_kind,
                        ty: float,
                        operands,
                        name: None,
                    });
                    let x = &mut body.graph[id.node()];
                    x.kind = OpKind::Convert(ConvertOp::FToF(r));
                    x.operands = vec![wide];
                    body.graph.add_edge(
                        wide.node(),
                        id.node(),
                        Dep {
                            kind: DepKind::Data,
                            distance: 0,
                        },
                    );
                }
                None => {
                    // The result is not a half (a compare, an integer): only the operands
                    // change.
                    for o in &operands {
                        body.graph.add_edge(
                            o.node(),
                            id.node(),
                            Dep {
                                kind: DepKind::Data,
                                distance: 0,
                            },
                        );
                    }
                    body.graph[id.node()].operands = operands;
                }
            }
            count += 1;
        }
    }
    count
}

/// Bit-width narrowing where it is provable: the low k bits of a sum, difference, product
/// or bitwise result depend only on the low k bits of the operands, so an operation whose
/// every reader truncates it to at most k bits is computed in k bits on truncated operands
/// (which may then narrow in turn). Values read outside their unit (live out, loop
/// condition, exit branch, other units) keep their width. Run `clean_up` afterwards: the
/// wide operands left without readers are removed there.
pub fn narrow(kernel: &mut Kernel) -> usize {
    let mut external: HashMap<UnitId, Vec<OpId>> = HashMap::new();
    for unit in &kernel.units {
        for (_, op) in unit.body.ops() {
            if let OpKind::Outer(ValueRef::Op(u, o)) = &op.kind {
                external.entry(*u).or_default().push(*o);
            }
        }
        for p in &unit.entry_phis {
            for (_, v) in &p.incoming {
                if let ValueRef::Op(u, o) = v {
                    external.entry(*u).or_default().push(*o);
                }
            }
        }
    }
    let mut count = 0;
    for (ui, unit) in kernel.units.iter_mut().enumerate() {
        let mut pinned: Vec<OpId> = external.remove(&UnitId(ui as u32)).unwrap_or_default();
        pinned.extend(unit.live_out.iter().copied());
        if let UnitKind::Loop { cont, .. } = &unit.kind {
            pinned.push(*cont);
        }
        match &unit.exit {
            Exit::Branch { cond, .. } => pinned.push(*cond),
            Exit::Switch { value, .. } => pinned.push(*value),
            _ => {}
        }
        for _round in 0..16 {
            let body = &mut unit.body;
            let mut readers: Vec<Vec<OpId>> = vec![Vec::new(); body.len()];
            for (id, op) in body.ops() {
                for o in &op.operands {
                    readers[o.index()].push(id);
                }
            }
            let mut changed = false;
            for i in (0..body.len()).rev() {
                let id = OpId(i as u32);
                let op = body.op(id);
                let (OpKind::Int(b), Type::Int(w)) = (&op.kind, op.ty) else {
                    continue;
                };
                if !matches!(
                    b,
                    IntBinOp::Add
                        | IntBinOp::Sub
                        | IntBinOp::Mul
                        | IntBinOp::And
                        | IntBinOp::Or
                        | IntBinOp::Xor
                ) || pinned.contains(&id)
                    || readers[i].is_empty()
                {
                    continue;
                }
                let needed = readers[i]
                    .iter()
                    .map(|r| match (&body.op(*r).kind, body.op(*r).ty) {
                        (OpKind::Cast(CastOp::Trunc), t) => t.bits(),
                        _ => w,
                    })
                    .max()
                    .unwrap_or(w);
                if needed >= w || needed == 0 {
                    continue;
                }
                let k = Type::Int(needed);
                let operands: Vec<OpId> = body
                    .op(id)
                    .operands
                    .clone()
                    .into_iter()
                    .map(|o| match body.op(o).kind {
                        OpKind::Const(v) => body.add(Op {
                            kind: OpKind::Const(v & mask(needed)),
                            ty: k,
                            operands: vec![],
                            name: None,
                        }),
                        _ => body.add(Op {
                            kind: OpKind::Cast(CastOp::Trunc),
                            ty: k,
                            operands: vec![o],
                            name: None,
                        }),
                    })
                    .collect();
                let x = &mut body.graph[id.node()];
                x.ty = k;
                x.operands = operands;
                // Readers that truncated to exactly k bits now read the value as it is.
                for r in &readers[i] {
                    let rd = &mut body.graph[r.node()];
                    if rd.ty == k && rd.kind == OpKind::Cast(CastOp::Trunc) {
                        rd.kind = OpKind::Cast(CastOp::Bitcast);
                    }
                }
                count += 1;
                changed = true;
            }
            if !changed {
                break;
            }
        }
    }
    count
}

/// The most copies an unrolled loop body may have.
pub const MAX_UNROLL: u32 = 256;

/// Loop unrolling from the loop controls, where the trip count is a compile-time constant:
/// Unroll (full) turns the loop into straight-line code of that many copies of the body;
/// PartialCount N, when N divides the trip count, makes each iteration N copies (the loop
/// condition of the last one decides). Copy k's loop-carried values are copy k−1's; memory
/// order edges of distance d join copy k to copy k+d. clang unrolls OpenCL C's `#pragma
/// unroll` itself, so this serves SPIR-V whose producer left the controls to the consumer.
/// Returns (unit name, copies) for each loop unrolled.
pub fn unroll(kernel: &mut Kernel) -> Vec<(String, u32)> {
    let mut done = Vec::new();
    let mut remaps: Vec<(UnitId, Vec<OpId>)> = Vec::new();
    for ui in 0..kernel.units.len() {
        let unit = &kernel.units[ui];
        let UnitKind::Loop { cont, controls } = &unit.kind else {
            continue;
        };
        let cont = *cont;
        let factor = match controls.unroll {
            Some(0) => None,
            Some(n) if n > 1 => Some(n),
            _ => continue,
        };
        let Some(trips) = trip_count(unit, cont) else {
            continue;
        };
        let copies = match factor {
            None if trips <= MAX_UNROLL => trips,
            Some(n) if n >= trips && trips <= MAX_UNROLL => trips,
            Some(n) if trips % n == 0 && n <= MAX_UNROLL => n,
            _ => continue,
        };
        if copies < 2 {
            continue;
        }
        let full = copies == trips;
        let (body, last) = replicate(&unit.body, copies, full);
        let unit = &mut kernel.units[ui];
        unit.body = body;
        unit.kind = if full {
            UnitKind::Block
        } else {
            match &unit.kind {
                UnitKind::Loop { controls, .. } => UnitKind::Loop {
                    cont: last[cont.index()],
                    controls: controls.clone(),
                },
                k => k.clone(),
            }
        };
        for o in &mut unit.live_out {
            *o = last[o.index()];
        }
        match &mut unit.exit {
            Exit::Branch { cond, .. } => *cond = last[cond.index()],
            Exit::Switch { value, .. } => *value = last[value.index()],
            _ => {}
        }
        unit.carried_mem_deps.clear();
        done.push((unit.name.clone(), copies));
        remaps.push((UnitId(ui as u32), last));
    }
    // Values read after the loop are the last copy's.
    for (u, last) in &remaps {
        let fix = |v: &mut ValueRef| {
            if let ValueRef::Op(vu, o) = v {
                if vu == u {
                    *o = last[o.index()];
                }
            }
        };
        for unit in &mut kernel.units {
            for n in unit.body.graph.node_indices() {
                if let OpKind::Outer(v) = &mut unit.body.graph[n].kind {
                    fix(v);
                }
            }
            for p in &mut unit.entry_phis {
                for (_, v) in &mut p.incoming {
                    fix(v);
                }
            }
        }
    }
    done
}

/// The constant a value has on entry to the loop: a constant, or an entry phi whose every
/// incoming value is the same constant.
fn entry_constant(unit: &Unit, body: &Body, id: OpId) -> Option<u64> {
    match &body.op(id).kind {
        OpKind::Const(v) => Some(*v),
        OpKind::Outer(ValueRef::Const(_, v)) => Some(*v),
        OpKind::Outer(ValueRef::EntryPhi(_, k)) => {
            let p = unit.entry_phis.get(*k)?;
            let mut vals = p.incoming.iter().map(|(_, v)| match v {
                ValueRef::Const(_, c) => Some(*c),
                _ => None,
            });
            let first = vals.next()??;
            vals.all(|v| v == Some(first)).then_some(first)
        }
        _ => None,
    }
}

/// The loop's trip count when its condition compares an induction variable (a carried
/// value starting at a constant and stepped by a constant) or its next value with a
/// constant; found by running the condition, at most MAX_UNROLL + 1 iterations.
fn trip_count(unit: &Unit, cont: OpId) -> Option<u32> {
    let body = &unit.body;
    let OpKind::Cmp(_) = body.op(cont).kind else {
        return None;
    };
    let cmp = body.op(cont);
    // The induction variable: a carried phi whose next is phi + constant.
    let mut iv: Option<(OpId, OpId, u64, u64)> = None; // (phi, next, init, step)
    for &o in &cmp.operands {
        for (id, op) in body.ops() {
            if op.kind != OpKind::CarriedPhi {
                continue;
            }
            let next = op.operands[1];
            let n = body.op(next);
            if n.kind != OpKind::Int(IntBinOp::Add) || (o != id && o != next) {
                continue;
            }
            let step = match (n.operands.first(), n.operands.get(1)) {
                (Some(a), Some(b)) if *a == id => entry_constant(unit, body, *b),
                (Some(a), Some(b)) if *b == id => entry_constant(unit, body, *a),
                _ => None,
            };
            if let (Some(step), Some(init)) = (step, entry_constant(unit, body, op.operands[0])) {
                iv = Some((id, next, init, step));
            }
        }
    }
    let (phi, next, init, step) = iv?;
    let w = body.op(phi).ty;
    let value = |o: OpId, v: u64| -> Option<(u64, Type)> {
        if o == phi {
            Some((v, w))
        } else if o == next {
            Some((v.wrapping_add(step) & mask(w.bits()), w))
        } else {
            match body.op(o).kind {
                OpKind::Const(c) => Some((c, body.op(o).ty)),
                _ => None,
            }
        }
    };
    let mut v = init & mask(w.bits());
    for i in 0..=MAX_UNROLL {
        let args = [value(cmp.operands[0], v)?, value(cmp.operands[1], v)?];
        let c = fold(&cmp.kind, cmp.ty, &args)?;
        if c & 1 == 0 {
            return Some(i + 1);
        }
        v = v.wrapping_add(step) & mask(w.bits());
    }
    None
}

/// `copies` copies of a loop body in one body; returns it and, for every old op, its copy
/// in the last copy.
fn replicate(body: &Body, copies: u32, full: bool) -> (Body, Vec<OpId>) {
    let order = operand_order(body);
    let n = body.len();
    let mut new = Body::default();
    let mut maps: Vec<Vec<OpId>> = Vec::new();
    let mut first_phis: Vec<(OpId, OpId)> = Vec::new(); // (new phi in copy 0, old next)
    for k in 0..copies as usize {
        let mut map = vec![OpId(0); n];
        for &id in &order {
            let op = body.op(id);
            if op.kind == OpKind::CarriedPhi {
                let (init, next) = (op.operands[0], op.operands[1]);
                map[id.index()] = if k > 0 {
                    maps[k - 1][next.index()]
                } else if full {
                    map[init.index()]
                } else {
                    let i = map[init.index()];
                    let p = new.add(Op {
                        kind: OpKind::CarriedPhi,
                        ty: op.ty,
                        operands: vec![i, i],
                        name: op.name.clone(),
                    });
                    first_phis.push((p, next));
                    p
                };
                continue;
            }
            let operands = op.operands.iter().map(|o| map[o.index()]).collect();
            map[id.index()] = new.add(Op {
                kind: op.kind.clone(),
                ty: op.ty,
                operands,
                name: op.name.clone(),
            });
        }
        maps.push(map);
    }
    let last = maps[copies as usize - 1].clone();
    for (p, next) in first_phis {
        new.set_carried_next(p, last[next.index()]);
    }
    // Memory order: an edge of distance d from copy k goes to copy k + d (in the next
    // unrolled iteration when that is past the last copy).
    let u = copies as usize;
    for (from, to, dep) in body.deps() {
        if dep.kind != DepKind::Order {
            continue;
        }
        for k in 0..u {
            let j = k + dep.distance as usize;
            if j < u {
                new.add_order(maps[k][from.index()], maps[j][to.index()], 0);
            } else if !full {
                new.add_order(
                    maps[k][from.index()],
                    maps[j % u][to.index()],
                    (j / u) as u32,
                );
            }
        }
    }
    (new, last)
}
