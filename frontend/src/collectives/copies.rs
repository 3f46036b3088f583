//! `async_work_group_copy` / `async_work_group_strided_copy` and `wait_group_events`
//! (OpGroupAsyncCopy, OpGroupWaitEvents). The group's work-items share the copy: work-item
//! `lid` moves elements lid, lid + size, lid + 2·size, … in a loop of its own, and the
//! wait is a barrier (every work-item waits for the whole group's part; a wait just before
//! the kernel returns is dropped). Events carry
//! nothing then: their variables, stores and casts are dropped.
//!
//! ```text
//!   for (k = lid; k < n; k += size)   dst[k] = src[k * stride]   (global to local)
//!                                     dst[k * stride] = src[k]   (local to global)
//! ```

use super::*;

/// Whether the module has an async copy or a wait for one.
pub(super) fn has_copies(m: &SpirvModule) -> bool {
    m.module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        .any(|i| matches!(i.class.opcode, Op::GroupAsyncCopy | Op::GroupWaitEvents))
}

/// Rewrites every copy and wait of the module (events dropped, waits made barriers).
pub(super) fn expand_copies(
    m: &SpirvModule,
    e: &mut Edit,
    sizes: &Sizes,
) -> Result<(), FrontendError> {
    let events = event_ids(m);
    let uint = e.int_type(32);
    let scope = e.int(uint, 32, Scope::Workgroup as u64);
    // WorkgroupMemory | CrossWorkgroupMemory | SequentiallyConsistent: the copy may write
    // either space.
    let fence = e.int(uint, 32, 0x310);
    for fi in 0..e.module.functions.len() {
        for b in e.module.functions[fi].blocks.iter_mut() {
            b.instructions.retain(|i| !drops(i, &events));
            // A wait just before the kernel returns orders nothing: dropped.
            let last = (0..b.instructions.len()).rev().find(|&k| {
                b.instructions[k].class.opcode == Op::GroupWaitEvents
                    && only_returns(&b.instructions[k + 1..])
            });
            if let Some(k) = last {
                b.instructions.remove(k);
            }
            for i in b.instructions.iter_mut() {
                if i.class.opcode == Op::GroupWaitEvents {
                    *i = inst(Op::ControlBarrier, None, None, &[scope, scope, fence]);
                }
            }
        }
        while let Some(at) = find_copy(&e.module.functions[fi].blocks) {
            let copy = e.module.functions[fi].blocks[at.0].instructions[at.1].clone();
            copy_loop(m, e, sizes, fi, at, &copy)?;
        }
    }
    Ok(())
}

/// Ids that hold an event or a pointer to one (and what is cast from them).
fn event_ids(m: &SpirvModule) -> std::collections::HashSet<Word> {
    let eventish = |ty: Option<Word>| {
        let mut t = ty.and_then(|t| m.types.get(&t));
        while let Some(SpvType::Pointer(_, p)) = t {
            t = m.types.get(p);
        }
        matches!(t, Some(SpvType::Other("TypeEvent")))
    };
    let mut ids = std::collections::HashSet::new();
    for f in &m.module.functions {
        for i in f.blocks.iter().flat_map(|b| &b.instructions) {
            if let (Some(id), true) = (i.result_id, eventish(i.result_type)) {
                ids.insert(id);
            }
        }
    }
    // Byte views of an event variable (clang's lifetime markers take one).
    for f in &m.module.functions {
        for i in f.blocks.iter().flat_map(|b| &b.instructions) {
            if i.class.opcode == Op::Bitcast && id_operand(i, 0).is_some_and(|o| ids.contains(&o)) {
                ids.extend(i.result_id);
            }
        }
    }
    ids
}

/// An instruction that only moves events around.
fn drops(i: &Instruction, events: &std::collections::HashSet<Word>) -> bool {
    if i.class.opcode == Op::GroupAsyncCopy {
        return false;
    }
    let uses = crate::spirv::id_operands(i)
        .iter()
        .any(|o| events.contains(o));
    let defines = i.result_id.is_some_and(|r| events.contains(&r));
    defines || (uses && i.class.opcode != Op::GroupWaitEvents)
}

fn find_copy(blocks: &[Block]) -> Option<(usize, usize)> {
    blocks.iter().enumerate().find_map(|(b, block)| {
        let k = block
            .instructions
            .iter()
            .position(|i| i.class.opcode == Op::GroupAsyncCopy)?;
        Some((b, k))
    })
}

/// The type of id `v`: a parameter's or an instruction's.
fn type_of(m: &SpirvModule, e: &Edit, v: Word) -> Option<Word> {
    e.module
        .functions
        .iter()
        .flat_map(|f| {
            f.parameters
                .iter()
                .chain(f.blocks.iter().flat_map(|b| &b.instructions))
        })
        .chain(&e.module.types_global_values)
        .find(|i| i.result_id == Some(v))
        .and_then(|i| i.result_type)
        .filter(|t| m.types.contains_key(t))
}

/// The copy at `at` (block, instruction) of function `fi` as the work-item's share: a loop.
fn copy_loop(
    m: &SpirvModule,
    e: &mut Edit,
    sizes: &Sizes,
    fi: usize,
    at: (usize, usize),
    copy: &Instruction,
) -> Result<(), FrontendError> {
    let bad = |message: &str| FrontendError::Unsupported {
        inst: m.describe(copy),
        message: message.into(),
    };
    let (Some(dst), Some(src), Some(n), Some(stride)) = (
        id_operand(copy, 1),
        id_operand(copy, 2),
        id_operand(copy, 3),
        id_operand(copy, 4),
    ) else {
        return Err(bad("malformed async copy"));
    };
    let (Some(dst_ty), Some(src_ty)) = (type_of(m, e, dst), type_of(m, e, src)) else {
        return Err(bad("the copy's pointers have no type the module declares"));
    };
    let (Some(SpvType::Pointer(dst_class, elem)), Some(SpvType::Pointer(..))) =
        (m.types.get(&dst_ty), m.types.get(&src_ty))
    else {
        return Err(bad("the copy's operands are not pointers"));
    };
    let to_local = *dst_class == StorageClass::Workgroup;
    let (elem, t) = (*elem, sizes.index_ty);
    let bool_ty = e.bool_type();
    let [head, body, exit] = [e.fresh(), e.fresh(), e.fresh()];
    let [lid, k, k1, go, scaled, ps, pd, v] = [(); 8].map(|_| e.fresh());
    let (label, tail) = split_site(e, fi, at);
    let mut code = vec![inst(Op::Load, Some(t), Some(lid), &[sizes.linear_id])];
    let step = sizes.count(e, &mut code);
    code.push(inst(Op::Branch, None, None, &[head]));
    let (si, di) = if to_local { (scaled, k) } else { (k, scaled) };
    let blocks = vec![
        block(
            head,
            vec![
                inst(Op::Phi, Some(t), Some(k), &[lid, label, k1, body]),
                inst(Op::ULessThan, Some(bool_ty), Some(go), &[k, n]),
                inst(Op::BranchConditional, None, None, &[go, body, exit]),
            ],
        ),
        block(
            body,
            vec![
                inst(Op::IMul, Some(t), Some(scaled), &[k, stride]),
                inst(
                    Op::InBoundsPtrAccessChain,
                    Some(src_ty),
                    Some(ps),
                    &[src, si],
                ),
                inst(
                    Op::InBoundsPtrAccessChain,
                    Some(dst_ty),
                    Some(pd),
                    &[dst, di],
                ),
                inst(Op::Load, Some(elem), Some(v), &[ps]),
                inst(Op::Store, None, None, &[pd, v]),
                inst(Op::IAdd, Some(t), Some(k1), &[k, step]),
                inst(Op::Branch, None, None, &[head]),
            ],
        ),
        block(exit, tail),
    ];
    place(
        &mut e.module.functions[fi],
        at.0,
        code,
        blocks,
        (label, exit),
    );
    Ok(())
}
