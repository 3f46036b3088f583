//! The work-item counters of a loop that runs the work-items itself
//! (`ExecMode::FlattenedWorkItems`): each dimension's global id as a carried value,
//! stepped dimension 0 fastest, the order the kernel's own counters take.

use crate::ir::*;

const B1: Type = Type::BOOL;

fn op(body: &mut Body, kind: OpKind, ty: Type, operands: Vec<OpId>) -> OpId {
    body.add(Op::new(kind, ty, operands))
}

fn konst(body: &mut Body, ty: Type, v: u64) -> OpId {
    op(body, OpKind::Const(v), ty, vec![])
}

/// One dimension of the work-item counters: carried id, ids left after it, is-last; the
/// dimension's size - 1 and size == 1.
#[derive(Clone, Copy)]
pub(super) struct Dim {
    pub(super) gid: OpId,
    left: OpId,
    end: OpId,
    top: OpId,
    single: OpId,
}

/// Work-item ids are 32 bits in hardware (the kernel's counters).
pub(super) const ID: Type = Type::Int(32);

/// The work-item's global ids as carried values, from 0 (stepped by `step_global_ids`).
/// Beside each id, the ids left after it and whether it is the last, as the kernel's
/// own counters keep them: the step then reads flags, with no compare in series.
pub(super) fn global_ids(body: &mut Body) -> [Dim; 3] {
    let (zero, one) = (konst(body, ID, 0), konst(body, ID, 1));
    [0u8, 1, 2].map(|d| {
        let size = op(body, OpKind::WorkItem(Builtin::GlobalSize, d), ID, vec![]);
        let top = op(body, OpKind::Int(IntBinOp::Sub), ID, vec![size, one]);
        let single = op(body, OpKind::Cmp(CmpPred::Eq), B1, vec![size, one]);
        Dim {
            gid: op(body, OpKind::CarriedPhi, ID, vec![zero, zero]),
            left: op(body, OpKind::CarriedPhi, ID, vec![top, top]),
            end: op(body, OpKind::CarriedPhi, B1, vec![single, single]),
            top,
            single,
        }
    })
}

/// Steps the global ids to the next work-item on a run's last iteration, dimension 0
/// fastest (the order the kernel's counters take); returns whether one is left.
pub(super) fn step_global_ids(body: &mut Body, dims: [Dim; 3], last: OpId) -> OpId {
    let (zero, one) = (konst(body, ID, 0), konst(body, ID, 1));
    let b_one = konst(body, B1, 1);
    // Dimension d steps when every faster one wraps, and wraps when it is at its end.
    let mut step = last;
    for d in dims {
        let inc = op(body, OpKind::Int(IntBinOp::Add), ID, vec![d.gid, one]);
        let dec = op(body, OpKind::Int(IntBinOp::Sub), ID, vec![d.left, one]);
        let one_left = op(body, OpKind::Cmp(CmpPred::Eq), B1, vec![d.left, one]);
        // (the phi, its value at the wrap, its value one on)
        let [gid, left, end] = [
            (d.gid, zero, inc),
            (d.left, d.top, dec),
            (d.end, d.single, one_left),
        ]
        .map(|(now, wrap, on)| {
            let ty = body.op(now).ty;
            let stepped = op(body, OpKind::Select, ty, vec![d.end, wrap, on]);
            op(body, OpKind::Select, ty, vec![step, stepped, now])
        });
        body.set_carried_next(d.gid, gid);
        body.set_carried_next(d.left, left);
        body.set_carried_next(d.end, end);
        step = op(body, OpKind::Int(IntBinOp::And), B1, vec![step, d.end]);
    }
    let e01 = op(
        body,
        OpKind::Int(IntBinOp::And),
        B1,
        vec![dims[0].end, dims[1].end],
    );
    let all = op(body, OpKind::Int(IntBinOp::And), B1, vec![e01, dims[2].end]);
    op(body, OpKind::Int(IntBinOp::Xor), B1, vec![all, b_one])
}

/// A 32-bit id at the width the kernel reads it (size_t is 64 bits).
pub(super) fn resize(body: &mut Body, v: OpId, ty: Type) -> OpId {
    match ty.bits() {
        32 => v,
        w if w > 32 => op(body, OpKind::Cast(CastOp::ZExt), ty, vec![v]),
        _ => op(body, OpKind::Cast(CastOp::Trunc), ty, vec![v]),
    }
}
