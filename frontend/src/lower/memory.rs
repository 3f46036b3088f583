//! Memory order inside a unit: program order per buffer within an iteration, and — for
//! pipelined loops and for atomics — the conservative order across iterations.

use super::*;
use std::collections::BTreeMap;

/// An address as `Σ coefficient · atom + constant`. Atoms are loop-invariant values
/// (arguments, work-item ids, values from outside the loop and what is computed from them
/// alone) and induction variables (carried phis stepping by a constant).
pub(crate) struct Affine {
    pub(crate) terms: BTreeMap<OpId, i128>,
    pub(crate) konst: i128,
}

/// The signed value of constant `v` of `bits` bits.
pub(crate) fn signed(v: u64, bits: u32) -> i128 {
    if bits >= 64 {
        v as i64 as i128
    } else if bits > 0 && v >> (bits - 1) & 1 == 1 {
        v as i128 - (1i128 << bits)
    } else {
        v as i128
    }
}

/// The step of induction variable `phi` (next = phi ± constant), if it is one.
fn induction_step(body: &Body, phi: OpId) -> Option<i128> {
    let op = body.op(phi);
    if op.kind != OpKind::CarriedPhi || body.carried_distance(phi) != 1 {
        return None;
    }
    let next = body.op(*op.operands.get(1)?);
    let konst = |o: OpId| match body.op(o).kind {
        OpKind::Const(c) => Some(signed(c, body.op(o).ty.bits())),
        _ => None,
    };
    match next.kind {
        OpKind::Int(IntBinOp::Add) if next.operands[0] == phi => konst(next.operands[1]),
        OpKind::Int(IntBinOp::Add) if next.operands[1] == phi => konst(next.operands[0]),
        OpKind::Int(IntBinOp::Sub) if next.operands[0] == phi => {
            konst(next.operands[1]).map(|c| -c)
        }
        _ => None,
    }
    .filter(|c| *c != 0)
}

/// Does `o` have the same value in every iteration?
fn invariant(body: &Body, o: OpId, depth: u32) -> bool {
    let op = body.op(o);
    match op.kind {
        OpKind::Const(_) | OpKind::Arg(_) | OpKind::Outer(_) | OpKind::WorkItem(..) => true,
        OpKind::Int(_) | OpKind::Cast(_) if depth < 16 => {
            op.operands.iter().all(|x| invariant(body, *x, depth + 1))
        }
        _ => false,
    }
}

/// `addr` in affine form, or None when it depends on a value that varies otherwise (a
/// loaded index, a non-induction phi, a non-linear operation). Extensions are looked
/// through: index arithmetic is assumed not to wrap (signed overflow is undefined in C).
pub(crate) fn affine(body: &Body, addr: OpId, depth: u32) -> Option<Affine> {
    if depth > 32 {
        return None;
    }
    let op = body.op(addr);
    let atom = |o: OpId| Affine {
        terms: BTreeMap::from([(o, 1)]),
        konst: 0,
    };
    // Checked: coefficients that overflow i128 make the address "not affine" (conservative).
    let scale = |mut a: Affine, k: i128| -> Option<Affine> {
        for c in a.terms.values_mut() {
            *c = c.checked_mul(k)?;
        }
        a.konst = a.konst.checked_mul(k)?;
        Some(a)
    };
    let konst = |o: OpId| match body.op(o).kind {
        OpKind::Const(c) => Some(signed(c, body.op(o).ty.bits())),
        _ => None,
    };
    Some(match op.kind {
        OpKind::Const(c) => Affine {
            terms: BTreeMap::new(),
            konst: signed(c, op.ty.bits()),
        },
        OpKind::Int(IntBinOp::Add | IntBinOp::Sub) => {
            let a = affine(body, op.operands[0], depth + 1)?;
            let b = affine(body, op.operands[1], depth + 1)?;
            let sign = if op.kind == OpKind::Int(IntBinOp::Add) {
                1
            } else {
                -1
            };
            let mut r = a;
            for (t, c) in b.terms {
                let e = r.terms.entry(t).or_default();
                *e = e.checked_add(sign * c)?;
            }
            r.konst = r.konst.checked_add(sign * b.konst)?;
            r.terms.retain(|_, c| *c != 0);
            r
        }
        OpKind::Int(IntBinOp::Shl) => {
            let k = konst(op.operands[1]).filter(|k| (0..32).contains(k))?;
            scale(affine(body, op.operands[0], depth + 1)?, 1i128 << k)?
        }
        OpKind::Int(IntBinOp::Mul) => match (konst(op.operands[0]), konst(op.operands[1])) {
            (_, Some(k)) => scale(affine(body, op.operands[0], depth + 1)?, k)?,
            (Some(k), _) => scale(affine(body, op.operands[1], depth + 1)?, k)?,
            _ if invariant(body, addr, 0) => atom(addr),
            _ => return None,
        },
        OpKind::Cast(CastOp::ZExt | CastOp::SExt) => affine(body, op.operands[0], depth + 1)?,
        // A mask that keeps every bit a zero-extended value can have (`(size_t)(uint)x`
        // of a 32-bit x) is the value.
        OpKind::Int(IntBinOp::And) => {
            let kept = |m: OpId, x: OpId| {
                let xo = body.op(x);
                let from = match xo.kind {
                    OpKind::Cast(CastOp::ZExt) => body.op(xo.operands[0]).ty.bits(),
                    _ => return false,
                };
                matches!(body.op(m).kind, OpKind::Const(c) if from < 64 && c == (1u64 << from) - 1)
            };
            let (a, b) = (op.operands[0], op.operands[1]);
            match (kept(b, a), kept(a, b)) {
                (true, _) => affine(body, a, depth + 1)?,
                (_, true) => affine(body, b, depth + 1)?,
                _ if invariant(body, addr, 0) => atom(addr),
                _ => return None,
            }
        }
        // A truncation that undoes an extension (`(uint)get_local_id(0)` of a 32-bit id)
        // is the value extended.
        OpKind::Cast(CastOp::Trunc) => {
            let inner = body.op(op.operands[0]);
            let undone = matches!(inner.kind, OpKind::Cast(CastOp::ZExt | CastOp::SExt))
                && body.op(inner.operands[0]).ty.bits() <= op.ty.bits();
            if !undone {
                return invariant(body, addr, 0).then(|| atom(addr));
            }
            affine(body, inner.operands[0], depth + 1)?
        }
        OpKind::CarriedPhi if induction_step(body, addr).is_some() => atom(addr),
        _ if invariant(body, addr, 0) => atom(addr),
        _ => return None,
    })
}

/// Bytes an access moves.
pub(crate) fn access_bytes(body: &Body, a: OpId, mem: &Memory) -> i128 {
    let op = body.op(a);
    let ty = match op.kind {
        OpKind::Store(_) => body.op(op.operands[1]).ty,
        _ => op.ty,
    };
    ty.bytes().max(mem.elem.bytes() * mem.lanes) as i128
}

/// The smallest d ≥ 1 such that access `x` in iteration n and `y` in iteration n+d touch a
/// common byte: Ok(None) if there is none, Err(why) if the addresses do not say.
fn carried_distance(body: &Body, x: OpId, y: OpId, mem: &Memory) -> Result<Option<u32>, String> {
    let ax = affine(body, body.op(x).operands[0], 0)
        .ok_or("the address is not affine in the induction variables")?;
    let ay = affine(body, body.op(y).operands[0], 0)
        .ok_or("the address is not affine in the induction variables")?;
    if ax.terms != ay.terms {
        return Err("the two addresses move differently (or from different bases)".into());
    }
    // Bytes per iteration, and the offset between the two accesses.
    let stride: i128 = ax
        .terms
        .iter()
        .filter_map(|(t, c)| induction_step(body, *t).map(|s| c * s))
        .sum();
    let (wx, wy) = (access_bytes(body, x, mem), access_bytes(body, y, mem));
    Ok(overlap_distance(stride, ax.konst - ay.konst, wx, wy))
}

/// The smallest d ≥ 1 at which an access of `wx` bytes at offset `delta` and one of `wy`
/// bytes `d` iterations later, both moving `stride` bytes an iteration, share a byte.
pub(crate) fn overlap_distance(stride: i128, delta: i128, wx: i128, wy: i128) -> Option<u32> {
    // Overlap iff  delta - wy < d·stride < delta + wx.
    let (mut lo, mut hi, mut s) = (delta - wy, delta + wx, stride);
    if s == 0 {
        return (lo < 0 && 0 < hi).then_some(1);
    }
    if s < 0 {
        (lo, hi, s) = (-hi, -lo, -s);
    }
    let d = (lo.div_euclid(s) + 1).max(1);
    (d * s < hi).then(|| d.min(u32::MAX as i128) as u32)
}

/// Memory order inside one iteration: accesses to one buffer keep program order. Across
/// iterations of a pipelined loop: for each pair of accesses (one a store) the smallest
/// iteration distance at which they may touch the same bytes, from the affine form of their
/// addresses; distance 1 where the addresses do not say (recorded with the reason);
/// `ivdep` removes them, `ivdep safelen(N)` makes them at least N. Work-items have no such
/// order (OpenCL gives none without barriers); atomics are always ordered.
pub(crate) fn order_memory(unit: &mut Unit, memories: &[Memory]) {
    let ids: Vec<(OpId, OpKind)> = unit.body.ops().map(|(i, o)| (i, o.kind.clone())).collect();
    let mut by_mem: BTreeMap<MemId, Vec<(OpId, bool)>> = BTreeMap::new();
    for (id, kind) in ids {
        match kind {
            OpKind::Load(m) => by_mem.entry(m).or_default().push((id, false)),
            OpKind::Store(m) => by_mem.entry(m).or_default().push((id, true)),
            _ => {}
        }
    }
    let (pipelined_loop, dependency) = match &unit.kind {
        UnitKind::Loop { controls, .. } => (true, controls.dependency),
        _ => (false, None),
    };
    for (mem, accesses) in &by_mem {
        let atomic = unit.atomic_mems.contains(mem);
        for (i, (later, later_store)) in accesses.iter().enumerate() {
            for (earlier, earlier_store) in &accesses[..i] {
                if *earlier_store || *later_store {
                    unit.body.add_order(*earlier, *later, 0);
                }
            }
        }
        if !(pipelined_loop || atomic) {
            continue;
        }
        if !atomic && dependency == Some(0) {
            continue; // ivdep: the kernel promises no loop-carried dependences.
        }
        for (x, x_store) in accesses {
            for (y, y_store) in accesses {
                if !(*x_store || *y_store) {
                    continue;
                }
                let (distance, analysis) = if atomic {
                    (Some(1), "atomic read-modify-writes are ordered".to_string())
                } else {
                    match carried_distance(&unit.body, *x, *y, &memories[mem.0 as usize]) {
                        Ok(d) => (d, "affine".to_string()),
                        Err(why) => (Some(1), format!("conservative: {why}")),
                    }
                };
                let Some(mut distance) = distance else {
                    continue;
                };
                if let Some(n) = dependency.filter(|_| !atomic) {
                    distance = distance.max(n);
                }
                add_carried(unit, (*x, *y), *mem, distance, analysis);
            }
        }
    }
}

/// Memory order in a loop over the work-items of a group (`passes::workgroups`): program
/// order within an iteration (a work-item), and across iterations only between atomics of
/// one memory, at the distance their addresses give (`hist[lid]`: none; an index loaded
/// from memory: 1). OpenCL orders nothing else between the work-items of a region.
pub(crate) fn order_work_items(unit: &mut Unit, memories: &[Memory]) {
    unit.body
        .graph
        .retain_edges(|g, e| g[e].kind != DepKind::Order);
    unit.carried_mem_deps.clear();
    let mut by_mem: BTreeMap<MemId, Vec<(OpId, bool)>> = BTreeMap::new();
    for (id, op) in unit.body.ops() {
        match op.kind {
            OpKind::Load(m) => by_mem.entry(m).or_default().push((id, false)),
            OpKind::Store(m) => by_mem.entry(m).or_default().push((id, true)),
            _ => {}
        }
    }
    for (mem, accesses) in &by_mem {
        for (i, (later, later_store)) in accesses.iter().enumerate() {
            for (earlier, earlier_store) in &accesses[..i] {
                if *earlier_store || *later_store {
                    unit.body.add_order(*earlier, *later, 0);
                }
            }
        }
        if !unit.atomic_mems.contains(mem) {
            continue;
        }
        for (x, x_store) in accesses {
            for (y, y_store) in accesses.iter().filter(|(_, s)| *s || *x_store) {
                let _ = y_store;
                let (distance, analysis) =
                    match carried_distance(&unit.body, *x, *y, &memories[mem.0 as usize]) {
                        Ok(None) => continue,
                        Ok(Some(d)) => (d, "atomics of work-items, affine".to_string()),
                        Err(why) => (1, format!("atomics of work-items, conservative: {why}")),
                    };
                add_carried(unit, (*x, *y), *mem, distance, analysis);
            }
        }
    }
}

/// Orders `x` before `y` across `distance` iterations, and records why.
fn add_carried(unit: &mut Unit, (x, y): (OpId, OpId), mem: MemId, distance: u32, analysis: String) {
    unit.body.add_order(x, y, distance);
    unit.carried_mem_deps.push(CarriedMemDep {
        from: x,
        to: y,
        mem,
        distance,
        analysis,
    });
}

/// Drops the carried memory dependences of a loop whose distance is no shorter than its
/// constant trip count: they join no two iterations of one run of the loop (a run drains
/// before the next starts), as a stencil's row above and below the one it writes. Called
/// once the loop's initial values are known (the trip count needs them).
pub(super) fn prune_beyond_trip_count(unit: &mut Unit) {
    let UnitKind::Loop { cont, .. } = &unit.kind else {
        return;
    };
    let Some(trips) = crate::passes::unroll::trip_count(unit, *cont) else {
        return;
    };
    unit.body.remove_order_from(trips);
    unit.carried_mem_deps.retain(|d| d.distance < trips);
}

/// An address with the values another unit computed seen through: each atom is (unit,
/// op), so two row bases the loop around computes from one row index (`(i - 1) * n` and
/// `i * n`) differ by a constant.
type AcrossTerms = BTreeMap<(usize, OpId), i128>;

fn affine_across(units: &[Unit], u: usize, addr: OpId) -> Option<(AcrossTerms, i128)> {
    let body = &units[u].body;
    let a = affine(body, addr, 0)?;
    let mut terms = AcrossTerms::new();
    let mut konst = a.konst;
    for (t, c) in a.terms {
        let outer = match body.op(t).kind {
            OpKind::Outer(ValueRef::Op(v, o)) if (v.0 as usize) < units.len() => {
                let v = v.0 as usize;
                affine(&units[v].body, o, 0).map(|e| (v, e))
            }
            _ => None,
        };
        match outer {
            Some((v, e)) => {
                for (t2, c2) in e.terms {
                    *terms.entry((v, t2)).or_default() += c.checked_mul(c2)?;
                }
                konst = konst.checked_add(c.checked_mul(e.konst)?)?;
            }
            None => *terms.entry((u, t)).or_default() += c,
        }
    }
    terms.retain(|_, c| *c != 0);
    Some((terms, konst))
}

/// The loop's dependences the per-unit test could not decide because the two addresses
/// start from different values computed outside the loop, tested again with those values
/// seen through (`affine_across`): dropped when they join no two iterations of one run,
/// given their exact distance otherwise. Needs every unit (call it once all exist).
pub(super) fn refine_across_units(units: &mut [Unit], u: usize, memories: &[Memory]) {
    let UnitKind::Loop { cont, controls } = &units[u].kind else {
        return;
    };
    let trips = crate::passes::unroll::trip_count(&units[u], *cont);
    let safelen = controls.dependency.unwrap_or(1);
    let mut changes = Vec::new();
    for (k, dep) in units[u].carried_mem_deps.iter().enumerate() {
        if !dep
            .analysis
            .starts_with("conservative: the two addresses move differently")
        {
            continue;
        }
        let body = &units[u].body;
        let (x, y) = (dep.from, dep.to);
        let ax = affine_across(units, u, body.op(x).operands[0]);
        let ay = affine_across(units, u, body.op(y).operands[0]);
        let (Some((tx, kx)), Some((ty, ky))) = (ax, ay) else {
            continue;
        };
        if tx != ty {
            continue;
        }
        let stride: i128 = tx
            .iter()
            .filter(|((v, _), _)| *v == u)
            .filter_map(|((_, t), c)| induction_step(body, *t).map(|s| c * s))
            .sum();
        let mem = &memories[dep.mem.0 as usize];
        let (wx, wy) = (access_bytes(body, x, mem), access_bytes(body, y, mem));
        let d = overlap_distance(stride, kx - ky, wx, wy);
        let d = d.filter(|d| trips.is_none_or(|t| *d < t));
        changes.push((k, d.map(|d| d.max(safelen))));
    }
    let unit = &mut units[u];
    for &(k, d) in changes.iter().rev() {
        let dep = &mut unit.carried_mem_deps[k];
        unit.body.remove_carried_order(dep.from, dep.to);
        match d {
            Some(d) => {
                unit.body.add_order(dep.from, dep.to, d);
                dep.distance = d;
                dep.analysis = "affine (through values computed before the loop)".into();
            }
            None => {
                unit.carried_mem_deps.remove(k);
            }
        }
    }
}
