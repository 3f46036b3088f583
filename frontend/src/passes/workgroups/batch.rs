//! Several work-groups in flight: the groups of a *batch* (up to `in_flight` groups next to
//! one another in dimension 0) pass through each region together, one after another in
//! the region's loop, so the loop's pipeline fills and drains once a batch instead of once
//! a group. Each group of the batch has its own copy of local memory and of the state kept
//! across barriers (the accesses add `group in batch << log2(copy size)`).
//!
//! This keeps OpenCL's rules: a barrier orders the work-items of one group, and the batch's
//! loop still has every work-item of the batch leave a region before any enters the next,
//! which is a stronger order than the groups need. Three things make it unsafe or slow,
//! and then one group stays in flight, the report saying why:
//! - a region that leaves at one of several barriers by a value that can differ between
//!   groups (the batch takes one exit for all of its groups);
//! - atomics on global memory (groups of a batch update the same addresses, and the
//!   dependence test, which reads one index, orders them from work-item to work-item);
//! - pipes (packets would interleave the groups' order).

use super::{Leave, Region};
use crate::ir::*;
use std::collections::HashSet;

/// Groups in flight when nothing else decides: enough that a region's pipeline depth
/// (about 70 cycles with global loads) is paid once for four groups of 64 work-items.
pub const DEFAULT_IN_FLIGHT: u32 = 4;

/// The most bytes of local memory and kept state the copies may take together (a quarter
/// of an ECP5-85k's 208 block RAMs of 2 KiB, the smallest board part here).
pub const LOCAL_BUDGET_BYTES: u64 = 104 * 1024;

/// How many groups fly at once, and why not more.
#[derive(Debug, Clone)]
pub struct Choice {
    pub in_flight: u32,
    pub limit: Option<String>,
}

/// Bytes of one group's local memories (not counting those merged into another).
pub fn local_bytes(memories: &[Memory]) -> u64 {
    memories
        .iter()
        .filter_map(|m| replicated(m).map(|depth| depth * m.elem.bytes() as u64))
        .sum()
}

/// A local memory's depth when each group in flight gets its own copy.
pub fn replicated(m: &Memory) -> Option<u64> {
    match &m.kind {
        MemoryKind::OnChip(oc) if oc.storage == Storage::Local && oc.merged_into.is_none() => {
            Some(oc.depth)
        }
        _ => None,
    }
}

/// The copy stride of a local memory, as a shift of byte addresses: its size rounded up to
/// a power of two, so a copy's base is the group's index in the batch in the high bits.
pub fn copy_shift(m: &Memory, depth: u64) -> u32 {
    let bytes = (depth * m.elem.bytes() as u64).max(1);
    bytes.next_power_of_two().trailing_zeros()
}

/// Groups in flight for kernel `k` cut into `regions`, at most `wanted`; `state_bytes` is
/// what the values kept across barriers take per group.
pub fn choose(k: &Kernel, regions: &[Region], wanted: u32, state_bytes: u64) -> Choice {
    let one = |why: String| Choice {
        in_flight: 1,
        limit: Some(why),
    };
    if wanted <= 1 {
        return one("--groups-in-flight 1".into());
    }
    if k.memories
        .iter()
        .any(|m| matches!(m.kind, MemoryKind::Pipe { .. }))
    {
        return one("the kernel accesses pipes: the groups' packets would interleave".into());
    }
    let global_atomic = k.units.iter().find(|u| {
        u.atomic_mems
            .iter()
            .any(|m| matches!(k.memory(*m).kind, MemoryKind::Global { .. }))
    });
    if let Some(u) = global_atomic {
        return one(format!(
            "global atomics at {}: the groups of a batch update the same addresses, \
             ordered from work-item to work-item",
            place(k, u)
        ));
    }
    let varies = varying(k);
    for r in regions.iter().filter(|r| r.leaves.len() > 1) {
        if let Some(u) = deciding(k, r, &varies) {
            return one(format!(
                "the branch at {} picks the next barrier by a value that can differ \
                 between groups",
                place(k, k.unit(u))
            ));
        }
    }
    let per_group = local_bytes(&k.memories) + state_bytes;
    let mut n = wanted;
    while n > 1 && per_group * n as u64 > LOCAL_BUDGET_BYTES {
        n /= 2;
    }
    let limit = (n < wanted).then(|| {
        format!(
            "{per_group} bytes of local memory and kept state per group; {} KiB at most",
            LOCAL_BUDGET_BYTES / 1024
        )
    });
    Choice {
        in_flight: n,
        limit,
    }
}

/// Where a unit is in the source (its name when the module has no line table).
fn place(k: &Kernel, u: &Unit) -> String {
    match u.loc {
        Some(l) => k.line_of(l),
        None => u.name.clone(),
    }
}

/// A unit of region `r` whose exit tests a value that can differ between groups, when the
/// region leaves at more than one barrier (its exit picks the next region).
fn deciding(k: &Kernel, r: &Region, varies: &HashSet<ValueRef>) -> Option<UnitId> {
    r.units.iter().copied().find(|u| {
        let unit = k.unit(*u);
        let test = match &unit.exit {
            Exit::Branch { cond, .. } => Some(*cond),
            Exit::Switch { value, .. } => Some(*value),
            _ => None,
        };
        let looped = match &unit.kind {
            UnitKind::Loop { cont, .. } => Some(*cont),
            _ => None,
        };
        let leaves = r
            .leaves
            .iter()
            .any(|l| matches!(l, Leave::Barrier(b) if b == u));
        !leaves
            && test
                .into_iter()
                .chain(looped)
                .any(|c| varies.contains(&ValueRef::Op(*u, c)))
    })
}

/// The values that can differ between two groups: the group and global ids, what memory
/// holds, and what is computed from them. A value computed from the local ids, the sizes,
/// constants and arguments alone is the same in every group, so a barrier it picks (one
/// every work-item of a group takes alike) is the same for every group of a batch.
fn varying(k: &Kernel) -> HashSet<ValueRef> {
    let mut out = HashSet::new();
    loop {
        let before = out.len();
        for (u, unit) in k.units.iter().enumerate() {
            let u = UnitId(u as u32);
            for (id, op) in unit.body.ops() {
                let source = match &op.kind {
                    OpKind::WorkItem(Builtin::GroupId | Builtin::GlobalId, _) => true,
                    OpKind::Load(_) => true,
                    OpKind::Outer(v) => out.contains(v),
                    _ => false,
                };
                let derived = op
                    .operands
                    .iter()
                    .any(|x| out.contains(&ValueRef::Op(u, *x)));
                if source || derived {
                    out.insert(ValueRef::Op(u, id));
                }
            }
            for (i, p) in unit.entry_phis.iter().enumerate() {
                if p.incoming.iter().any(|(_, v)| out.contains(v)) {
                    out.insert(ValueRef::EntryPhi(u, i));
                }
            }
        }
        if out.len() == before {
            return out;
        }
    }
}
