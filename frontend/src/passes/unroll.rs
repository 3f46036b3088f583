//! Pass `unroll`: loops unrolled as their loop controls ask, where the trip count is known.

use super::clean_up::{fold, operand_order};
use crate::ir::*;
use crate::lower::mask;

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
        // Copies chain their carried values one iteration apart; a value carried from
        // further back (pass `carried-chains`, which runs later) is not replicated here.
        let far = unit
            .body
            .ops()
            .any(|(id, op)| op.kind == OpKind::CarriedPhi && unit.body.carried_distance(id) > 1);
        let Some(trips) = trip_count(unit, cont).filter(|_| !far) else {
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
pub(crate) fn trip_count(unit: &Unit, cont: OpId) -> Option<u32> {
    trips(unit, cont, None)
}

/// The trip count of a loop whose start is known only at run time (an index from a
/// work-item id, a row's start) counted from 0 up to its constant bound: an estimate of
/// its runs' length, for choosing how to build it (never for correctness).
pub(crate) fn trip_estimate(unit: &Unit, cont: OpId) -> Option<u32> {
    trips(unit, cont, Some(0))
}

/// The trip count from the induction variable's start (`start` where it is not a
/// constant).
fn trips(unit: &Unit, cont: OpId, start: Option<u64>) -> Option<u32> {
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
            let init = entry_constant(unit, body, op.operands[0]).or(start);
            if let (Some(step), Some(init)) = (step, init) {
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
                        loc: op.loc,
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
                loc: op.loc,
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
