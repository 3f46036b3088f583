//! Pass `carried-chains`: a chain of carried phis that only hand a value on becomes one
//! phi that reads it from further back.
//!
//! `p = phi(c, q); q = phi(c, r)` gives p at iteration i the value r had at i − 2 (and c
//! before that): a shift register across iterations, which is how a reduction split into
//! lanes arrives (`--fp-relaxed` rotates an accumulator through one phi per lane). As a
//! chain, every hop is a register the recurrence must pass within one II, so L lanes of an
//! 8-cycle adder still need II 2 at L = 8; read from distance L directly, the recurrence
//! has L iterations for the adder's 8 cycles and II reaches 1. The values are the same:
//! a hop copies, and every phi of the chain starts from the same initial value.

use crate::ir::*;

/// Re-points every carried phi whose `next` is another carried phi with the same initial
/// value at that phi's own `next`, adding the distances, until no such hop is left.
/// Returns the number of hops removed.
pub fn carried_chains(kernel: &mut Kernel) -> usize {
    let mut removed = 0;
    for (i, unit) in kernel.units.iter_mut().enumerate() {
        let own = (UnitId(i as u32), unit.entry_phis.clone());
        removed += collapse(&mut unit.body, &own);
    }
    removed
}

/// `own`: the unit's id and its entry phis.
fn collapse(body: &mut Body, own: &(UnitId, Vec<EntryPhi>)) -> usize {
    let phis: Vec<OpId> = body
        .ops()
        .filter(|(_, op)| op.kind == OpKind::CarriedPhi)
        .map(|(id, _)| id)
        .collect();
    let mut removed = 0;
    for &p in &phis {
        // Bounded by the number of phis: a cycle of phis (p = phi(c, q), q = phi(c, p))
        // would otherwise be followed forever.
        for _ in 0..phis.len() {
            let op = body.op(p);
            let (init, q) = (op.operands[0], op.operands[1]);
            let next = body.op(q);
            if q == p
                || next.kind != OpKind::CarriedPhi
                || !same_value(body, own, init, next.operands[0])
            {
                break;
            }
            let (r, d) = (next.operands[1], body.carried_distance(q));
            let distance = body.carried_distance(p) + d;
            body.set_carried_next_at(p, r, distance);
            removed += 1;
        }
    }
    removed
}

/// The same operation, two constants of one type and value, or two of the unit's entry
/// phis that take the same values from the same units (how a loop's initial values
/// arrive from the block before it).
fn same_value(body: &Body, own: &(UnitId, Vec<EntryPhi>), a: OpId, b: OpId) -> bool {
    let (x, y) = (body.op(a), body.op(b));
    let incoming = |k: usize| own.1.get(k).map(|p| &p.incoming);
    a == b
        || x.ty == y.ty
            && match (&x.kind, &y.kind) {
                (OpKind::Const(u), OpKind::Const(v)) => u == v,
                (
                    OpKind::Outer(ValueRef::EntryPhi(u, i)),
                    OpKind::Outer(ValueRef::EntryPhi(v, j)),
                ) => {
                    *u == own.0 && u == v && incoming(*i).is_some() && incoming(*i) == incoming(*j)
                }
                _ => false,
            }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// p0 <- p1 <- p2 <- add(p0, x): p0 reads the add 3 iterations back; p1 reads it 2
    /// back, p2 stays at 1. A phi with another initial value keeps its hop.
    #[test]
    fn a_chain_of_copies_becomes_one_read_from_further_back() {
        let mut b = Body::default();
        let f = Type::Float(FloatKind::F32);
        let zero = b.add(Op::new(OpKind::Const(0x8000_0000), f, vec![]));
        let one = b.add(Op::new(OpKind::Const(0x3f80_0000), f, vec![]));
        let p0 = b.add(Op::new(OpKind::CarriedPhi, f, vec![zero, zero]));
        let p1 = b.add(Op::new(OpKind::CarriedPhi, f, vec![zero, zero]));
        let p2 = b.add(Op::new(OpKind::CarriedPhi, f, vec![zero, zero]));
        let other = b.add(Op::new(OpKind::CarriedPhi, f, vec![one, one]));
        let add = b.add(Op::new(OpKind::Float(FloatBinOp::Add), f, vec![p0, one]));
        b.set_carried_next(p0, p1);
        b.set_carried_next(p1, p2);
        b.set_carried_next(p2, add);
        b.set_carried_next(other, p0);
        assert_eq!(collapse(&mut b, &(UnitId(0), vec![])), 3);
        assert_eq!((b.op(p0).operands[1], b.carried_distance(p0)), (add, 3));
        assert_eq!((b.op(p1).operands[1], b.carried_distance(p1)), (add, 2));
        assert_eq!((b.op(p2).operands[1], b.carried_distance(p2)), (add, 1));
        assert_eq!(
            (b.op(other).operands[1], b.carried_distance(other)),
            (p0, 1)
        );
        // One data edge into each phi besides its init.
        let into_p0 = b
            .deps()
            .filter(|(_, d, dep)| *d == p0 && dep.distance > 0)
            .count();
        assert_eq!(into_p0, 1);
    }
}
