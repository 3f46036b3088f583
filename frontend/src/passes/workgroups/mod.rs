//! Work-group barriers in hardware: the kernel is cut at its barriers into regions, and
//! each work-group runs region after region, every work-item of the group through one
//! region before any enters the next (pocl's work-item loops, built as units).
//!
//! - `frontend::barriers` made every barrier end its block, so it ends a unit.
//! - A region starts at the kernel's entry or after a barrier, and holds every unit
//!   reachable from there without passing a barrier. A unit may be in several regions
//!   (the loop of a tree reduction: the region after the barrier in the loop runs the
//!   latch, the header and the body up to the barrier again); each region gets its copy.
//! - Each region is a loop over the work-items of the group (`build.rs`). A region that is
//!   one block becomes a pipelined loop that issues a work-item per cycle: OpenCL orders
//!   nothing between the work-items of a region, so only atomics are ordered across its
//!   iterations. A region with branches or loops inside runs its units once per work-item.
//! - A value one region computes and a later one reads (or that a region reads where the
//!   unit computing it does not dominate, as a loop's value from its previous trip) is
//!   kept per work-item in an on-chip array of the work-group's size: stored where it is
//!   computed, loaded where it is read. That is the work-item state a barrier keeps.
//! - The regions follow one another as the barriers did; after a region that can end at
//!   more than one barrier (a barrier in an `if` every work-item takes alike), the exit
//!   the group's work-items took chooses the next region.
//! - A loop over the work-groups runs the regions for a batch of groups at a time, each
//!   region's loop issuing the work-items of the batch's groups one group after another,
//!   so its pipeline fills and drains once a batch; each group of a batch has its own copy
//!   of local memory (`batch.rs` decides how many groups, and when only one).
//!
//! The kernel then runs its unit graph once (`ExecMode::FlattenedWorkItems`): the loops
//! count the group and local ids themselves.

mod batch;
mod build;
mod collapse;
mod region;

pub use batch::DEFAULT_IN_FLIGHT;

use crate::ir::*;
use petgraph::algo::dominators::{self, Dominators};
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{BTreeMap, BTreeSet};

/// Intel's compiler builds a kernel without `reqd_work_group_size` or
/// `max_work_group_size` for work-groups of up to 256 work-items (Intel FPGA SDK for
/// OpenCL, Best Practices Guide: "the offline compiler assumes a default work-group size of
/// 256 work-items"); so does this one.
pub const DEFAULT_MAX_WORK_GROUP: u64 = 256;

/// Where a region starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Start {
    Kernel,
    /// After the barrier that ends this unit.
    After(UnitId),
}

/// How a region's work-items leave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Leave {
    Barrier(UnitId),
    Return,
}

#[derive(Debug, Clone)]
pub struct Region {
    pub start: Start,
    pub entry: UnitId,
    /// Its units, the entry first.
    pub units: Vec<UnitId>,
    pub leaves: Vec<Leave>,
    doms: Dominators<NodeIndex>,
    index: BTreeMap<UnitId, NodeIndex>,
}

impl Region {
    pub(super) fn contains(&self, u: UnitId) -> bool {
        self.index.contains_key(&u)
    }

    /// Whether `def`'s value is the one `at` sees in this region: `def` runs before `at`
    /// on every path from the region's start.
    pub(super) fn dominates(&self, def: UnitId, at: UnitId) -> bool {
        let (Some(d), Some(a)) = (self.index.get(&def), self.index.get(&at)) else {
            return false;
        };
        self.doms
            .dominators(*a)
            .is_some_and(|mut ds| ds.any(|x| x == *d))
    }
}

/// The units a unit's exit goes to.
pub fn successors(u: &Unit) -> Vec<UnitId> {
    u.exit.targets()
}

pub fn has_barrier(u: &Unit) -> bool {
    u.body.ops().any(|(_, o)| o.kind == OpKind::Barrier)
}

fn region(k: &Kernel, start: Start) -> Region {
    let entry = match start {
        Start::Kernel => k.entry,
        Start::After(b) => successors(k.unit(b))[0],
    };
    let mut units = vec![entry];
    let mut seen: BTreeSet<UnitId> = [entry].into();
    let mut leaves = BTreeSet::new();
    let mut i = 0;
    while i < units.len() {
        let u = k.unit(units[i]);
        if has_barrier(u) {
            leaves.insert(Leave::Barrier(units[i]));
        } else if matches!(u.exit, Exit::Return) {
            leaves.insert(Leave::Return);
        } else {
            for s in successors(u) {
                if seen.insert(s) {
                    units.push(s);
                }
            }
        }
        i += 1;
    }
    let mut g: DiGraph<UnitId, ()> = DiGraph::new();
    let index: BTreeMap<UnitId, NodeIndex> = units.iter().map(|u| (*u, g.add_node(*u))).collect();
    for u in &units {
        if !has_barrier(k.unit(*u)) {
            for s in successors(k.unit(*u)) {
                g.add_edge(index[u], index[&s], ());
            }
        }
    }
    let doms = dominators::simple_fast(&g, index[&entry]);
    Region {
        start,
        entry,
        units,
        leaves: leaves.into_iter().collect(),
        doms,
        index,
    }
}

/// Every region, the kernel's first.
pub fn regions(k: &Kernel) -> Vec<Region> {
    let mut out = vec![region(k, Start::Kernel)];
    let mut i = 0;
    while i < out.len() {
        for l in out[i].leaves.clone() {
            if let Leave::Barrier(b) = l {
                if !out.iter().any(|r| r.start == Start::After(b)) {
                    out.push(region(k, Start::After(b)));
                }
            }
        }
        i += 1;
    }
    out
}

/// The unit whose value a reference names (none for constants and arguments).
pub(super) fn def_unit(v: ValueRef) -> Option<UnitId> {
    match v {
        ValueRef::Op(u, _) | ValueRef::EntryPhi(u, _) => Some(u),
        _ => None,
    }
}

/// The most operations a value is recomputed from where another region reads it.
const RECOMPUTE_OPS: usize = 12;

/// Whether a value is cheap to compute again where another region reads it, instead of
/// keeping it per work-item: integer arithmetic (no division) on work-item ids, sizes,
/// constants and arguments, as an address `&tile[ly][lx]` or a test `lid < 16` is.
pub(super) fn recomputable(k: &Kernel, v: ValueRef) -> bool {
    let mut count = 0;
    cheap(k, v, &mut count)
}

fn cheap(k: &Kernel, v: ValueRef, count: &mut usize) -> bool {
    let ValueRef::Op(u, o) = v else {
        return matches!(v, ValueRef::Const(..) | ValueRef::Arg(_));
    };
    *count += 1;
    if *count > RECOMPUTE_OPS {
        return false;
    }
    let op = k.unit(u).body.op(o);
    let kind_ok = match &op.kind {
        OpKind::Const(_) | OpKind::Arg(_) | OpKind::WorkItem(..) => true,
        OpKind::Outer(w) => return cheap(k, *w, count),
        OpKind::Int(b) => !matches!(
            b,
            IntBinOp::SDiv | IntBinOp::UDiv | IntBinOp::SRem | IntBinOp::URem
        ),
        OpKind::Cast(_) | OpKind::Cmp(_) | OpKind::Select | OpKind::IntUnary(_) => true,
        _ => false,
    };
    kind_ok
        && op
            .operands
            .iter()
            .all(|x| cheap(k, ValueRef::Op(u, *x), count))
}

/// The values some region reads where it did not compute them first: each is kept per
/// work-item on chip. A value read by an entry phi on the edge from a region's starting
/// barrier always is (it was computed before the barrier).
pub fn context_values(k: &Kernel, regions: &[Region]) -> Vec<ValueRef> {
    let mut out = Vec::new();
    let mut add = |v: ValueRef| {
        if !out.contains(&v) {
            out.push(v);
        }
    };
    for r in regions {
        for &u in &r.units {
            let unit = k.unit(u);
            for (_, op) in unit.body.ops() {
                if let OpKind::Outer(v) = op.kind {
                    if recomputable(k, v) {
                        continue; // computed again where it is used
                    }
                    if def_unit(v).is_some_and(|d| d != u && !r.dominates(d, u)) {
                        add(v);
                    }
                }
            }
            for p in &unit.entry_phis {
                for (from, v) in &p.incoming {
                    let Some(d) = def_unit(*v) else { continue };
                    let from_start = r.start == Start::After(*from) && u == r.entry;
                    let inside = r.contains(*from) && !has_barrier(k.unit(*from));
                    if from_start || (inside && d != *from && !r.dominates(d, *from)) {
                        add(*v);
                    }
                }
            }
        }
    }
    out
}

/// The work-items a group holds at most: `reqd_work_group_size`, else
/// `max_work_group_size`, else `DEFAULT_MAX_WORK_GROUP`.
pub fn capacity(k: &Kernel) -> u64 {
    capacity_of(&k.attrs)
}

/// `capacity` from the kernel's attributes alone (before it is lowered).
pub fn capacity_of(attrs: &KernelAttrs) -> u64 {
    let size = attrs.reqd_work_group_size.or(attrs.max_work_group_size);
    size.map_or(DEFAULT_MAX_WORK_GROUP, |s| {
        s.iter().map(|x| *x as u64).product()
    })
}

/// Builds the kernel's barriers in hardware, with up to `in_flight` work-groups in flight;
/// a kernel without one is left alone.
pub fn build(k: &mut Kernel, in_flight: u32) -> Result<(), String> {
    if !k.units.iter().any(has_barrier) {
        return Ok(());
    }
    for (i, u) in k.units.iter().enumerate() {
        if has_barrier(u) && !(matches!(u.kind, UnitKind::Block) && matches!(u.exit, Exit::Jump(_)))
        {
            return Err(format!(
                "unit {i} '{}': a barrier must end a block that jumps on (frontend::barriers)",
                u.name
            ));
        }
        if u.body.ops().any(|(_, o)| o.kind == OpKind::LastWorkItem) {
            return Err(format!(
                "unit {i} '{}': LastWorkItem in a kernel with barriers",
                u.name
            ));
        }
    }
    let regions = regions(k);
    let context = context_values(k, &regions);
    let state: u64 = context
        .iter()
        .map(|v| build::slot(build::value_type(k, *v).0).0.bytes() as u64 * capacity(k))
        .sum();
    let choice = batch::choose(k, &regions, in_flight, state);
    *k = build::Builder::new(k, &regions, &context, choice).finish();
    Ok(())
}
