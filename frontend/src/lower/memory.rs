//! Memory order inside a unit: program order per buffer within an iteration, and — for
//! pipelined loops and for atomics — the conservative order across iterations.

use super::*;

/// Is `addr` = f(i) with f injective, where i is an induction variable (i' = i + c, c ≠ 0)?
fn injective_in_induction(body: &Body, addr: OpId) -> bool {
    let invariant = |id: OpId| {
        matches!(
            body.op(id).kind,
            OpKind::Const(_) | OpKind::Arg(_) | OpKind::Outer(_)
        )
    };
    let mut cur = addr;
    for _ in 0..32 {
        let op = body.op(cur);
        match op.kind {
            OpKind::CarriedPhi => {
                let next = body.op(op.operands[1]);
                return matches!(next.kind, OpKind::Int(IntBinOp::Add | IntBinOp::Sub))
                    && next.operands.contains(&cur)
                    && next
                        .operands
                        .iter()
                        .any(|o| matches!(body.op(*o).kind, OpKind::Const(c) if c != 0));
            }
            OpKind::Int(IntBinOp::Add | IntBinOp::Sub) => {
                let (a, b) = (op.operands[0], op.operands[1]);
                cur = if invariant(b) {
                    a
                } else if invariant(a) {
                    b
                } else {
                    return false;
                };
            }
            OpKind::Int(IntBinOp::Shl) if matches!(body.op(op.operands[1]).kind, OpKind::Const(s) if s < 8) => {
                cur = op.operands[0]
            }
            OpKind::Cast(CastOp::ZExt | CastOp::SExt) => cur = op.operands[0],
            _ => return false,
        }
    }
    false
}

/// Memory order inside one iteration: accesses to one buffer keep program order; a load
/// after a store to the same buffer in one unit would need store-to-load forwarding.
pub(super) fn order_memory(unit: &mut Unit) {
    let ids: Vec<(OpId, OpKind)> = unit.body.ops().map(|(i, o)| (i, o.kind.clone())).collect();
    let mut by_mem: HashMap<MemId, Vec<(OpId, bool)>> = HashMap::new();
    for (id, kind) in ids {
        match kind {
            OpKind::Load(m) => by_mem.entry(m).or_default().push((id, false)),
            OpKind::Store(m) => by_mem.entry(m).or_default().push((id, true)),
            _ => {}
        }
    }
    let pipelined_loop = matches!(unit.kind, UnitKind::Loop { .. });
    for (mem, accesses) in &by_mem {
        let atomic = unit.atomic_mems.contains(mem);
        // Inside one iteration: program order between any two accesses of which one writes.
        for (i, (later, later_store)) in accesses.iter().enumerate() {
            for (earlier, earlier_store) in &accesses[..i] {
                if *earlier_store || *later_store {
                    unit.body.add_order(*earlier, *later, 0);
                }
            }
        }
        // Across iterations of a pipelined loop: the next iteration's loads come after this
        // one's stores and its stores after this one's loads — unless every access uses one
        // address that differs in every iteration. Work-items have no such order (OpenCL
        // gives none without barriers).
        let loads = accesses.iter().any(|(_, st)| !st);
        let stores = accesses.iter().any(|(_, st)| *st);
        if !((pipelined_loop || atomic) && loads && stores) {
            continue;
        }
        let addr = unit.body.op(accesses[0].0).operands[0];
        if !atomic
            && accesses
                .iter()
                .all(|(a, _)| unit.body.op(*a).operands[0] == addr)
            && injective_in_induction(&unit.body, addr)
        {
            continue;
        }
        for (x, x_store) in accesses {
            for (y, y_store) in accesses {
                if *x_store != *y_store {
                    unit.body.add_order(*x, *y, 1);
                }
            }
        }
    }
}
