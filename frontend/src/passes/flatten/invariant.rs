//! Loads that every work-item makes alike, made once before the work-items.
//!
//! A kernel with no loop of its own (`ExecMode::PipelinedWorkItems`) that reads a table
//! at addresses no work-item id reaches (k-means' centroids, a filter's taps once clang
//! unrolled their loop, a parameter block) issues those loads again for every
//! work-item, and on a board whose buffer has one read port they set the II: 32 centroid
//! loads hold k-means at II 32 for 4 loads of its own point. Here the kernel becomes a
//! block that makes each such load once, then one loop that counts the global ids itself
//! (`ids.rs`, as a flattened nest does) and runs every work-item, reading the loaded values
//! from registers.
//!
//! A load moves when it is unconditional, its address is computed from constants,
//! arguments and the NDRange's sizes alone, and the kernel never writes its buffer (other
//! buffers are distinct objects: the memory order keeps none between them either). Made
//! before the first work-item, it returns what every work-item would have read. Whether
//! the loop is faster is the scheduler's question: `hls_build` keeps it only if its II is
//! lower.

use super::ids;
use crate::ir::*;
use std::collections::HashMap;

/// The kernel with its invariant loads made once in a block before a loop over the
/// work-items, and the loads moved (the ops of the original unit); or why not.
pub fn hoist_invariant_loads(k: &Kernel) -> Result<(Kernel, Vec<OpId>), String> {
    let unit = single_work_item_unit(k)?;
    let body = &unit.body;
    let hoisted: Vec<OpId> = body
        .ops()
        .filter(|(_, o)| match o.kind {
            OpKind::Load(m) => {
                let mem = k.memory(m);
                o.operands.len() == 1
                    && matches!(mem.kind, MemoryKind::Global { .. })
                    && !mem.written
                    && !unit.atomic_mems.contains(&m)
                    && invariant(body, o.operands[0], 0)
            }
            _ => false,
        })
        .map(|(id, _)| id)
        .collect();
    if hoisted.is_empty() {
        return Err("no load reads the same address in every work-item".into());
    }
    let (before, made) = block_of_loads(unit, &hoisted);
    let mut out = k.clone();
    out.units = vec![before, work_item_loop(unit, &made)];
    out.entry = UnitId(0);
    out.mode = ExecMode::FlattenedWorkItems;
    Ok((out, hoisted))
}

/// The kernel's one unit, when it is the pipelined work-items with nothing the loop
/// could not count (local and group ids belong to the kernel's own counters).
fn single_work_item_unit(k: &Kernel) -> Result<&Unit, String> {
    if k.mode != ExecMode::PipelinedWorkItems || k.units.len() != 1 || k.work_groups.is_some() {
        return Err("the work-items run loops of their own (or barriers)".into());
    }
    let unit = &k.units[0];
    if !matches!(unit.kind, UnitKind::WorkItems) || !unit.entry_phis.is_empty() {
        return Err("the kernel is not one pipeline of work-items".into());
    }
    let counted = |o: &Op| match o.kind {
        OpKind::WorkItem(b, _) => !matches!(b, Builtin::LocalId | Builtin::GroupId),
        // (a carried value would need its `next` copied after it)
        OpKind::LastWorkItem | OpKind::Barrier | OpKind::CarriedPhi => false,
        _ => true,
    };
    if !unit.body.ops().all(|(_, o)| counted(o)) {
        return Err(
            "the work-item reads its local or group id (the loop counts global ids only)".into(),
        );
    }
    Ok(unit)
}

/// Is `o` the same in every work-item? Constants, arguments, the NDRange's sizes, and
/// arithmetic on them.
fn invariant(body: &Body, o: OpId, depth: u32) -> bool {
    let op = body.op(o);
    match op.kind {
        OpKind::Const(_) | OpKind::Arg(_) => true,
        OpKind::WorkItem(b, _) => matches!(b, Builtin::GlobalSize | Builtin::WorkDim),
        OpKind::Int(_) | OpKind::Cast(_) | OpKind::Cmp(_) | OpKind::Select if depth < 32 => {
            op.operands.iter().all(|x| invariant(body, *x, depth + 1))
        }
        _ => false,
    }
}

/// The block that makes the loads once: each load and the ops its address needs, copied.
/// Returns it and, for each moved load, its op there.
fn block_of_loads(unit: &Unit, loads: &[OpId]) -> (Unit, HashMap<OpId, OpId>) {
    let src = &unit.body;
    let mut body = Body::default();
    let mut map: HashMap<OpId, OpId> = HashMap::new();
    // copy_order lists operands before their users, so an address is copied before its load.
    let needed = needed_by(src, loads);
    for id in src.copy_order().into_iter().filter(|i| needed[i.index()]) {
        let op = src.op(id);
        let operands = op.operands.iter().map(|o| map[o]).collect();
        map.insert(
            id,
            body.add(Op {
                operands,
                ..op.clone()
            }),
        );
    }
    let made: HashMap<OpId, OpId> = loads.iter().map(|l| (*l, map[l])).collect();
    let block = Unit {
        name: format!("{}.invariant", unit.name),
        kind: UnitKind::Block,
        body,
        entry_phis: vec![],
        exit: Exit::Jump(UnitId(1)),
        live_out: loads.iter().map(|l| made[l]).collect(),
        atomic_mems: vec![],
        carried_mem_deps: vec![],
        loc: unit.loc,
    };
    (block, made)
}

/// The ops `roots` read, transitively, with the roots.
fn needed_by(body: &Body, roots: &[OpId]) -> Vec<bool> {
    let mut needed = vec![false; body.len()];
    let mut stack = roots.to_vec();
    while let Some(o) = stack.pop() {
        if !std::mem::replace(&mut needed[o.index()], true) {
            stack.extend(body.op(o).operands.iter().copied());
        }
    }
    needed
}

/// The loop that runs every work-item: the unit's ops, its global ids from the loop's
/// counters, the moved loads read from the block before. Memory order is the unit's own.
fn work_item_loop(unit: &Unit, made: &HashMap<OpId, OpId>) -> Unit {
    let src = &unit.body;
    let mut body = Body::default();
    let dims = ids::global_ids(&mut body);
    let every = body.add(Op::new(OpKind::Const(1), Type::BOOL, vec![]));
    let more = ids::step_global_ids(&mut body, dims, every);
    let mut map: HashMap<OpId, OpId> = HashMap::new();
    for id in src.copy_order() {
        let op = src.op(id);
        let new = if let Some(m) = made.get(&id) {
            let from = ValueRef::Op(UnitId(0), *m);
            body.add(Op::new(OpKind::Outer(from), op.ty, vec![]))
        } else if let OpKind::WorkItem(Builtin::GlobalId, d) = op.kind {
            ids::resize(&mut body, dims[d as usize].gid, op.ty)
        } else {
            let operands = op.operands.iter().map(|o| map[o]).collect();
            body.add(Op {
                operands,
                ..op.clone()
            })
        };
        map.insert(id, new);
    }
    for (from, to, dep) in src.deps() {
        if dep.kind == DepKind::Order {
            body.add_order(map[&from], map[&to], dep.distance);
        }
    }
    let carried_mem_deps = unit
        .carried_mem_deps
        .iter()
        .map(|d| CarriedMemDep {
            from: map[&d.from],
            to: map[&d.to],
            ..d.clone()
        })
        .collect();
    Unit {
        name: WORK_ITEMS_UNIT.to_string(),
        kind: UnitKind::Loop {
            cont: more,
            controls: LoopControls::default(),
        },
        body,
        entry_phis: vec![],
        exit: Exit::Return,
        live_out: vec![],
        atomic_mems: unit.atomic_mems.clone(),
        carried_mem_deps,
        loc: unit.loc,
    }
}
