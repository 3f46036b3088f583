//! Memory order across the runs of a flattened nest. Runs follow each other without a
//! drain, so the last iteration of one run meets the first of the next: two accesses of
//! one memory (one a store) are ordered at distance 1 across iterations unless their
//! addresses prove otherwise. They do when both are the same affine function of values
//! that are fixed through the nest, plus the outer loop's induction variables (its entry
//! phis, stepped by a constant on each way back): run r + δ then touches bytes δ·stride
//! away, and the first δ at which the two share a byte bounds the distance (a run has at
//! least one iteration, so δ runs are at least δ iterations apart). Inside one run, the
//! inner loop's own dependences keep their distances.

use super::Nest;
use crate::ir::*;
use crate::lower::memory::{access_bytes, affine, overlap_distance, signed};
use std::collections::HashMap;

/// An address's atom as any unit of the nest sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Atom {
    /// A value from outside the nest, an argument, or an entry phi of `pre`.
    Value(ValueRef),
    WorkItem(Builtin, u8),
}

/// An address (op `addr` of unit `u`) as Σ coefficient · atom + constant, over atoms fixed
/// through a run, or None (it changes within a run, or depends on what the nest loads).
/// A value the blocks before the inner loop compute (clang shares an address between the
/// load before the loop and the store after it) is seen through.
fn run_affine(
    k: &Kernel,
    n: &Nest,
    u: UnitId,
    addr: OpId,
    depth: u32,
) -> Option<(HashMap<Atom, i128>, i128)> {
    let body = &k.unit(u).body;
    let a = affine(body, addr, 0)?;
    let nest = n.units_in_order();
    let before_loop = |w: UnitId| w == n.pre || n.lead.contains(&w);
    let mut terms = HashMap::new();
    let mut konst = a.konst;
    for (t, c) in a.terms {
        let atom = match body.op(t).kind {
            OpKind::Outer(ValueRef::Op(w, o)) if before_loop(w) && depth < 4 => {
                let (inner_terms, inner_konst) = run_affine(k, n, w, o, depth + 1)?;
                for (atom, c2) in inner_terms {
                    *terms.entry(atom).or_insert(0) += c.checked_mul(c2)?;
                }
                konst = konst.checked_add(c.checked_mul(inner_konst)?)?;
                continue;
            }
            OpKind::Outer(v @ ValueRef::EntryPhi(w, _)) if w == n.pre => Atom::Value(v),
            OpKind::Outer(v @ (ValueRef::Op(w, _) | ValueRef::EntryPhi(w, _))) => {
                if nest.contains(&w) {
                    return None;
                }
                Atom::Value(v)
            }
            OpKind::Outer(v) => Atom::Value(v),
            OpKind::Arg(a) => Atom::Value(ValueRef::Arg(a)),
            // The work-items themselves are the loop: their ids move with the runs.
            OpKind::WorkItem(b, d) if !n.work_items => Atom::WorkItem(b, d),
            _ => return None,
        };
        *terms.entry(atom).or_insert(0) += c;
    }
    terms.retain(|_, c| *c != 0);
    Some((terms, konst))
}

/// How much entry phi `i` of `pre` steps on the way back, if by a constant.
fn outer_step(k: &Kernel, n: &Nest, i: usize) -> Option<i128> {
    let phi = k.unit(n.pre).entry_phis.get(i)?;
    let (_, v) = phi.incoming.iter().find(|(u, _)| *u == n.latch())?;
    let ValueRef::Op(u, o) = *v else {
        return None;
    };
    let body = &k.unit(u).body;
    let op = body.op(o);
    let is_phi = |x: OpId| body.op(x).kind == OpKind::Outer(ValueRef::EntryPhi(n.pre, i));
    let konst = |x: OpId| match body.op(x).kind {
        OpKind::Const(c) => Some(signed(c, body.op(x).ty.bits())),
        _ => None,
    };
    match op.kind {
        OpKind::Int(IntBinOp::Add) if is_phi(op.operands[0]) => konst(op.operands[1]),
        OpKind::Int(IntBinOp::Add) if is_phi(op.operands[1]) => konst(op.operands[0]),
        OpKind::Int(IntBinOp::Sub) if is_phi(op.operands[0]) => konst(op.operands[1]).map(|c| -c),
        _ => None,
    }
}

/// The distance (in iterations of the flattened loop) at which access `y` of unit `uy`
/// may touch what access `x` of `ux` touched earlier, or None if it never does; the
/// analysis in words.
pub(super) fn carried(
    k: &Kernel,
    n: &Nest,
    (ux, x): (UnitId, OpId),
    (uy, y): (UnitId, OpId),
    mem: MemId,
) -> (Option<u32>, String) {
    let within = if ux == n.inner && uy == n.inner {
        k.unit(n.inner)
            .carried_mem_deps
            .iter()
            .filter(|d| d.from == x && d.to == y)
            .map(|d| d.distance)
            .min()
    } else {
        None
    };
    let address = |u: UnitId, a: OpId| run_affine(k, n, u, k.unit(u).body.op(a).operands[0], 0);
    let across = match (address(ux, x), address(uy, y)) {
        (Some((tx, kx)), Some((ty, ky))) if tx == ty => {
            let stride: Option<i128> = tx
                .iter()
                .map(|(a, c)| match a {
                    Atom::Value(ValueRef::EntryPhi(_, i)) => {
                        outer_step(k, n, *i).and_then(|s| s.checked_mul(*c))
                    }
                    _ => Some(0),
                })
                .sum();
            let m = k.memory(mem);
            let (wx, wy) = (
                access_bytes(&k.unit(ux).body, x, m),
                access_bytes(&k.unit(uy).body, y, m),
            );
            stride.map(|s| overlap_distance(s, kx - ky, wx, wy))
        }
        _ => None,
    };
    match across {
        Some(d) => (
            [d, within].into_iter().flatten().min(),
            "affine across runs (the outer loop's induction variables)".into(),
        ),
        None => (
            Some(1),
            "conservative: a flattened nest orders its accesses across runs".into(),
        ),
    }
}
