//! Integer collectives through one local atomic: the group's work-items pass through a
//! pipelined region in the order of their linear local id, and atomics on one address are
//! kept in that order, so `old = atomic_op(acc, x)` hands each work-item the combination of
//! the work-items before it (its exclusive scan) at one issue per atomic's latency, where
//! the loop of `expand_one` runs the group's items one after the other.
//!
//! ```text
//!   if (lid == 0) acc = identity
//!   barrier
//!   old = atomic_op(&acc, x)          exclusive: old; inclusive: old ∘ x
//!   barrier; r = acc                  a reduction: the total, once all have added
//!   barrier                           the next use's reset waits for every read
//!                                     (unless the kernel returns next)
//! ```

use super::*;

/// The atomic that combines like collective `op` on 32-bit integers (all and any: the
/// minimum and maximum of 0 and 1), if there is one.
pub(super) fn atomic_of(m: &SpirvModule, s: &Site) -> Option<Op> {
    let int32 = matches!(m.types.get(&s.ty), Some(SpvType::Int(32) | SpvType::Bool));
    let op = match s.op {
        Op::GroupIAdd => Op::AtomicIAdd,
        Op::GroupUMin | Op::GroupAll => Op::AtomicUMin,
        Op::GroupUMax | Op::GroupAny => Op::AtomicUMax,
        Op::GroupSMin => Op::AtomicSMin,
        Op::GroupSMax => Op::AtomicSMax,
        _ => return None,
    };
    int32.then_some(op)
}

/// Rewrites the collective at `at` (block, instruction) of function `fi` with atomic `op`.
pub(super) fn expand_atomic(
    m: &SpirvModule,
    e: &mut Edit,
    sizes: &Sizes,
    fi: usize,
    at: (usize, usize),
    s: &Site,
    op: Op,
) -> Result<(), FrontendError> {
    let logical = matches!(s.op, Op::GroupAll | Op::GroupAny);
    let uint = e.int_type(32);
    let (t, tb) = (sizes.index_ty, sizes.index_bits);
    let bool_ty = e.bool_type();
    let acc = e.local_array(uint, 1, t, tb);
    let cell = e.pointer(StorageClass::Workgroup, uint);
    let zero = e.int(t, tb, 0);
    let scope = e.int(uint, 32, Scope::Workgroup as u64);
    let relaxed = e.int(uint, 32, 0);
    let fence = e.int(uint, 32, 0x110);
    let barrier = || inst(Op::ControlBarrier, None, None, &[scope, scope, fence]);
    let [reset, join] = [e.fresh(), e.fresh()];
    let (label, mut tail) = split_site(e, fi, at);

    // Work-item 0 resets the accumulator; the barrier puts the reset before every atomic.
    let mut code = Vec::new();
    let (lid, first, p) = (e.fresh(), e.fresh(), e.fresh());
    code.push(inst(Op::Load, Some(t), Some(lid), &[sizes.linear_id]));
    code.push(inst(Op::IEqual, Some(bool_ty), Some(first), &[lid, zero]));
    code.push(inst(
        Op::InBoundsAccessChain,
        Some(cell),
        Some(p),
        &[acc, zero],
    ));
    code.push(inst(
        Op::BranchConditional,
        None,
        None,
        &[first, reset, join],
    ));
    let ident = identity(m, e, s, uint, 32)?;
    let reset_block = block(
        reset,
        vec![
            inst(Op::Store, None, None, &[p, ident]),
            inst(Op::Branch, None, None, &[join]),
        ],
    );

    let mut after = vec![barrier()];
    let x = if logical {
        let (u1, u0, v) = (e.int(uint, 32, 1), e.int(uint, 32, 0), e.fresh());
        after.push(inst(Op::Select, Some(uint), Some(v), &[s.value, u1, u0]));
        v
    } else {
        s.value
    };
    let old = e.fresh();
    after.push(inst(op, Some(uint), Some(old), &[p, scope, relaxed, x]));
    let value = match s.combine {
        GroupOperation::ExclusiveScan => old,
        GroupOperation::InclusiveScan => {
            let v = e.fresh();
            after.extend(combine(m, e, s, uint, v, old, x)?);
            v
        }
        _ => {
            let v = e.fresh();
            after.push(barrier());
            after.push(inst(Op::Load, Some(uint), Some(v), &[p]));
            v
        }
    };
    if logical {
        let u0 = e.int(uint, 32, 0);
        after.push(inst(
            Op::INotEqual,
            Some(s.ty),
            Some(s.result),
            &[value, u0],
        ));
    } else {
        after.push(inst(Op::CopyObject, Some(s.ty), Some(s.result), &[value]));
    }
    if !only_returns(&tail) {
        after.push(barrier());
    }
    after.append(&mut tail);

    let blocks = vec![reset_block, block(join, after)];
    place(
        &mut e.module.functions[fi],
        at.0,
        code,
        blocks,
        (label, join),
    );
    Ok(())
}
