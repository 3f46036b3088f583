//! Loop nests flattened into one pipelined loop, so an inner loop never drains between the
//! iterations of the loop around it.
//!
//! Only innermost loops are pipelined; the loop around one is a cycle of units: the block
//! before the inner loop (`pre`, where the outer loop's values arrive as entry phis), the
//! inner loop, and the block after it (`latch`: the rest of the outer body and its exit
//! test). Each run of the inner loop fills and drains its pipeline (its depth, some 70 to
//! 90 cycles with global memory) before the next starts. Flattened, one loop issues every
//! inner iteration of every run back to back:
//! - `first` is true on the first iteration of a run (the one after the inner loop's exit
//!   test failed), `last` on its last (the exit test fails now);
//! - the outer loop's values are carried phis that change on `last`;
//! - the block before runs on every iteration, its loads and stores only when `first` (a
//!   loaded value is held until the next `first`); the block after, its memory
//!   operations only when `last`;
//! - the inner loop's carried values restart from their initial values when `first` (one
//!   read from d iterations back restarts until the run is d iterations old).
//!
//! Memory order across runs (`deps.rs`): two accesses of one memory, one a store, are
//! ordered at distance 1 unless their addresses, affine in the outer loop's induction
//! variables, prove a longer distance or none. Whether the flattened loop is faster is a
//! question of its schedule, which this crate does not know: `hls_build` schedules both
//! and keeps the faster (`flatten` only builds the candidate, and says why a nest cannot be built).

mod build;
mod deps;
mod ids;
mod interleave;
mod invariant;

pub use invariant::hoist_invariant_loads;

use crate::ir::*;
use build::Build;
use std::collections::BTreeSet;

/// A loop around an innermost loop, as units: the blocks before the inner loop, the inner
/// loop, and the blocks after it up to the one whose branch goes back (a reduction's sum
/// of lanes is a block of its own there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nest {
    /// The first block of a run: where the loop around goes back to.
    pub pre: UnitId,
    /// The blocks from `pre` to the inner loop, each jumping to the next.
    pub lead: Vec<UnitId>,
    pub inner: UnitId,
    /// Each jumps to the next; the last branches back to `pre` or leaves the nest.
    pub after: Vec<UnitId>,
    /// A block before the loop that tests whether to enter it (clang's guard of a loop
    /// that may run no iteration).
    pub guard: Option<Guard>,
    /// The loop around is the work-items of a kernel run one after the other: the last
    /// block returns, and the flattened loop counts the global ids itself.
    pub work_items: bool,
}

/// A branch before the inner loop that skips it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    /// The block that branches: `pre` or one of `lead`.
    pub at: UnitId,
    /// The branch condition's value that enters the loop.
    pub enters_when: bool,
    /// Where it goes otherwise: `after[skip_to]`.
    pub skip_to: usize,
}

impl Nest {
    /// The block whose branch closes the loop around.
    pub fn latch(&self) -> UnitId {
        *self
            .after
            .last()
            .expect("a nest has a block after its inner loop")
    }

    /// `pre`, the blocks leading to the inner loop, the inner loop, the blocks after it.
    pub fn units_in_order(&self) -> Vec<UnitId> {
        std::iter::once(self.pre)
            .chain(self.lead.iter().copied())
            .chain([self.inner])
            .chain(self.after.iter().copied())
            .collect()
    }
}

/// The blocks from `pre` to `inner` and the guard among them, if they form a chain.
fn lead_in(k: &Kernel, pre: UnitId, inner: UnitId, after: &[UnitId]) -> Option<Nest> {
    let (mut lead, mut guard, mut at) = (Vec::new(), None, pre);
    loop {
        let next = match k.unit(at).exit {
            Exit::Jump(t) => t,
            Exit::Branch {
                if_true, if_false, ..
            } if guard.is_none() => {
                let skip = |t: UnitId| after.iter().position(|a| *a == t);
                let (go, enters_when, skip_to) = match (skip(if_true), skip(if_false)) {
                    (None, Some(k)) => (if_true, true, k),
                    (Some(k), None) => (if_false, false, k),
                    _ => return None,
                };
                guard = Some(Guard {
                    at,
                    enters_when,
                    skip_to,
                });
                go
            }
            _ => return None,
        };
        if next == inner {
            break;
        }
        if next == pre || lead.contains(&next) || lead.len() > k.units.len() {
            return None;
        }
        lead.push(next);
        at = next;
    }
    Some(Nest {
        pre,
        lead,
        inner,
        after: after.to_vec(),
        guard,
        work_items: false,
    })
}

/// Every `blocks -> inner loop -> blocks` cycle whose last block branches back to its
/// first, and in a kernel whose work-items run one after the other, the chain from the
/// kernel's entry through an inner loop to its return.
pub fn candidates(k: &Kernel) -> Vec<Nest> {
    let mut found = Vec::new();
    for (i, unit) in k.units.iter().enumerate() {
        let inner = UnitId(i as u32);
        if !matches!(unit.kind, UnitKind::Loop { .. }) {
            continue;
        }
        let mut after = Vec::new();
        let mut at = unit.exit.clone();
        while let Exit::Jump(next) = at {
            if after.contains(&next) || next == inner || after.len() > k.units.len() {
                break;
            }
            after.push(next);
            at = k.unit(next).exit.clone();
        }
        let (pres, work_items) = match at {
            Exit::Branch {
                if_true, if_false, ..
            } => (vec![if_true, if_false], false),
            Exit::Return if k.mode == ExecMode::SequentialWorkItems => (vec![k.entry], true),
            _ => continue,
        };
        for pre in pres {
            if let Some(nest) = lead_in(k, pre, inner, &after) {
                found.push(Nest { work_items, ..nest });
            }
        }
    }
    // Explicit nests first: a work-item's own nest is flattened before the work-items.
    found.sort_by_key(|n| n.work_items);
    found
}

/// The inner loop's constant trip count, when its exit test gives one.
pub fn inner_trips(k: &Kernel, n: &Nest) -> Option<u32> {
    match &k.unit(n.inner).kind {
        UnitKind::Loop { cont, .. } => super::unroll::trip_count(k.unit(n.inner), *cont),
        _ => None,
    }
}

/// The inner loop's trip count counted from 0 where its start is known only at run time
/// (`unroll::trip_estimate`).
pub fn inner_trip_estimate(k: &Kernel, n: &Nest) -> Option<u32> {
    match &k.unit(n.inner).kind {
        UnitKind::Loop { cont, .. } => super::unroll::trip_estimate(k.unit(n.inner), *cont),
        _ => None,
    }
}

/// The units that can branch to `to`.
fn predecessors(k: &Kernel, to: UnitId) -> Vec<UnitId> {
    (0..k.units.len() as u32)
        .map(UnitId)
        .filter(|u| k.unit(*u).exit.targets().contains(&to))
        .collect()
}

/// Why the nest cannot be flattened, if it cannot.
fn check(k: &Kernel, n: &Nest) -> Result<(), String> {
    let (pre, inner) = (k.unit(n.pre), k.unit(n.inner));
    let nest = n.units_in_order();
    if nest.iter().enumerate().any(|(i, u)| nest[..i].contains(u)) {
        return Err("the loop around is the inner loop's own block".into());
    }
    let blocks = |us: &[UnitId]| {
        us.iter()
            .all(|u| matches!(k.unit(*u).kind, UnitKind::Block))
    };
    if !blocks(&[n.pre]) || !blocks(&n.lead) || !blocks(&n.after) {
        return Err("the loop around has more than blocks on each side of the inner loop".into());
    }
    let UnitKind::Loop { controls, .. } = &inner.kind else {
        return Err("not a loop".into());
    };
    // max_interleaving speaks of the work-items around the loop (`interleaved`).
    let plain = LoopControls {
        unroll: controls.unroll,
        max_interleaving: controls.max_interleaving.filter(|_| n.work_items),
        ..Default::default()
    };
    if *controls != plain {
        return Err("the inner loop has loop controls (they speak of its own iterations)".into());
    }
    check_edges(k, n, &nest)?;
    if nest
        .iter()
        .map(|u| k.unit(*u))
        .any(|u| !u.atomic_mems.is_empty() || u.body.ops().any(|(_, o)| o.kind == OpKind::Barrier))
    {
        return Err("the nest has atomics or a barrier".into());
    }
    for phi in &pre.entry_phis {
        let outside = phi
            .incoming
            .iter()
            .filter(|(u, _)| !nest.contains(u))
            .count();
        if outside == 0
            || phi
                .incoming
                .iter()
                .any(|(u, _)| *u != n.latch() && nest.contains(u))
        {
            return Err("the block before the inner loop is entered from inside the nest".into());
        }
    }
    // Values a unit of the nest reads from the nest must come from an earlier unit of
    // the same run (what SSA gives a well-formed nest); anything else is not this shape.
    let reads = |u: &Unit, allowed: &[UnitId]| {
        u.body.ops().all(|(_, o)| match o.kind {
            OpKind::Outer(ValueRef::Op(v, _) | ValueRef::EntryPhi(v, _)) => {
                !nest.contains(&v) || allowed.contains(&v)
            }
            _ => true,
        })
    };
    if (0..nest.len()).any(|i| !reads(k.unit(nest[i]), &nest[..=i])) {
        return Err("a unit of the nest reads a value of a later one".into());
    }
    if n.work_items {
        check_work_items(k, &nest)?;
    }
    Ok(())
}

/// Each unit of the nest is entered only from the one before it (the block a guard skips
/// to, from the guard's block too), and only that block chooses values by where it came
/// from: whether the run entered the inner loop.
fn check_edges(k: &Kernel, n: &Nest, nest: &[UnitId]) -> Result<(), String> {
    // (index in `nest` of the block a guard skips to, the guard's block)
    let skip_to = n.guard.map(|g| (g.skip_to + 2 + n.lead.len(), g.at));
    let entered_from = |i: usize| -> Vec<UnitId> {
        let mut from = vec![nest[i - 1]];
        if let Some((_, at)) = skip_to.filter(|s| s.0 == i) {
            from.push(at);
            from.sort();
        }
        from
    };
    if (1..nest.len()).any(|i| predecessors(k, nest[i]) != entered_from(i)) {
        return Err("the inner loop or a block after it is entered from elsewhere".into());
    }
    let from_both = |p: &EntryPhi, i: usize| {
        let mut from: Vec<UnitId> = p.incoming.iter().map(|x| x.0).collect();
        from.sort();
        skip_to.is_some_and(|s| s.0 == i) && from == entered_from(i)
    };
    let chooses = |i: usize| {
        let phis = &k.unit(nest[i]).entry_phis;
        nest[i] != n.inner && !phis.iter().all(|p| from_both(p, i))
    };
    if (1..nest.len()).any(chooses) {
        return Err(
            "a block of the nest other than its first chooses values by where it \
                    came from"
                .into(),
        );
    }
    Ok(())
}

/// Whether the work-items can be one loop: what runs outside the nest runs once, so it
/// must be the same for every work-item (no memory, no ids); inside, only global ids are
/// counted.
fn check_work_items(k: &Kernel, nest: &[UnitId]) -> Result<(), String> {
    for (i, u) in k.units.iter().enumerate() {
        let inside = nest.contains(&UnitId(i as u32));
        if !inside && !matches!(u.kind, UnitKind::Block) {
            return Err("the work-item has more than this loop".into());
        }
        for (_, op) in u.body.ops() {
            let id =
                |b: Builtin| matches!(b, Builtin::GlobalId | Builtin::LocalId | Builtin::GroupId);
            match op.kind {
                OpKind::WorkItem(Builtin::LocalId | Builtin::GroupId, _) | OpKind::LastWorkItem => {
                    return Err(
                        "the work-item reads its local or group id (a flattened loop \
                                counts global ids only)"
                            .into(),
                    )
                }
                OpKind::WorkItem(b, _) if !inside && id(b) => {
                    return Err("a block outside the loop reads the work-item's id".into())
                }
                OpKind::Load(_) | OpKind::Store(_) | OpKind::Barrier if !inside => {
                    return Err("a block outside the loop accesses memory".into())
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// The kernel with the nest flattened into one loop in the place of `pre` (the units of
/// the inner loop and the latch removed), or why it cannot be.
pub fn flatten(k: &Kernel, n: &Nest) -> Result<Kernel, String> {
    flatten_with(k, n, 1, 0)
}

/// The most work-items `interleaved` lets interleave in the nest's loop, or why none may:
/// the loop around must be the work-items, and the inner loop's `max_interleaving` (1: none)
/// bounds them.
pub fn interleave_limit(k: &Kernel, n: &Nest) -> Result<Option<u32>, String> {
    if !n.work_items {
        return Err("the loop around is not the work-items".into());
    }
    if is_task(k, n) {
        return Err("the kernel reads no global id: it runs as one work-item".into());
    }
    // One copy of a private or local array, or one stream, would be shared by the slots.
    for u in n.units_in_order() {
        for (_, op) in k.unit(u).body.ops() {
            let (OpKind::Load(m) | OpKind::Store(m)) = op.kind else {
                continue;
            };
            let mem = k.memory(m);
            let shared = match &mem.kind {
                MemoryKind::OnChip(c) => c.storage != Storage::Constant,
                MemoryKind::Pipe { .. } => true,
                MemoryKind::Global { .. } => false,
            };
            if shared {
                let at = op
                    .loc
                    .map_or(String::new(), |l| format!(" at {}", k.line_of(l)));
                return Err(format!(
                    "the work-item's '{}'{at} has one copy, which interleaved work-items \
                     would share",
                    mem.name
                ));
            }
        }
    }
    match &k.unit(n.inner).kind {
        UnitKind::Loop { controls, .. } => match controls.max_interleaving {
            Some(1) => Err(format!(
                "max_interleaving(1) on {} keeps one work-item in its loop",
                k.unit(n.inner).name
            )),
            Some(0) | None => Ok(None),
            Some(l) => Ok(Some(l)),
        },
        _ => Err("not a loop".into()),
    }
}

/// Whether the work-items' nest never reads a global id: the kernel is a task, launched
/// as one work-item, whose one run interleaving would only slow down.
pub fn is_task(k: &Kernel, n: &Nest) -> bool {
    n.work_items
        && !n.units_in_order().iter().any(|u| {
            k.unit(*u)
                .body
                .ops()
                .any(|(_, o)| matches!(o.kind, OpKind::WorkItem(Builtin::GlobalId, _)))
        })
}

/// The kernel with the work-items of the nest interleaved, `slots` of them in its one loop,
/// each waiting `wait_turns` turns for its loads before its run (`interleave.rs`), or why
/// it cannot be.
pub fn interleaved(k: &Kernel, n: &Nest, slots: u32, wait_turns: u32) -> Result<Kernel, String> {
    if let Some(l) = interleave_limit(k, n)? {
        if slots > l {
            return Err(format!("max_interleaving({l}) allows no more than {l}"));
        }
    }
    flatten_with(k, n, slots.max(1), wait_turns)
}

fn flatten_with(k: &Kernel, n: &Nest, slots: u32, wait_turns: u32) -> Result<Kernel, String> {
    check(k, n)?;
    let (back, exit) = match k.unit(n.latch()).exit {
        Exit::Branch {
            cond,
            if_true,
            if_false,
        } if if_true == n.pre => (Some((cond, true)), Exit::Jump(if_false)),
        Exit::Branch { cond, if_true, .. } => (Some((cond, false)), Exit::Jump(if_true)),
        _ => (None, Exit::Return),
    };
    let mut b = Build::new(k, n, slots);
    b.wait_turns = wait_turns;
    let flat = if slots > 1 {
        b.run_interleaved()?
    } else {
        b.run(back)
    };
    let mut out = k.clone();
    if n.work_items {
        out.mode = ExecMode::FlattenedWorkItems;
    }
    let at = n.pre.0 as usize;
    let Build { map, phi_now, .. } = b;
    let resolve = |v: ValueRef| -> ValueRef {
        match v {
            ValueRef::Op(u, o) if n.units_in_order().contains(&u) => {
                ValueRef::Op(n.pre, map[&(u, o)])
            }
            ValueRef::EntryPhi(u, i) if phi_now.contains_key(&(u, i)) => {
                ValueRef::Op(n.pre, phi_now[&(u, i)])
            }
            other => other,
        }
    };
    out.units[at] = flat.unit(k, n, exit);
    let nest = n.units_in_order();
    let outside = |i: usize| !nest.contains(&UnitId(i as u32));
    for (i, unit) in out.units.iter_mut().enumerate() {
        if outside(i) {
            rewrite_refs(unit, &resolve, n);
        }
    }
    let live: BTreeSet<OpId> = out
        .units
        .iter()
        .enumerate()
        .filter(|(i, _)| outside(*i))
        .flat_map(|(_, u)| reads_of(u, n.pre))
        .collect();
    out.units[at].live_out = live.into_iter().collect();
    remove_units(&mut out, &n.units_in_order()[1..]);
    Ok(out)
}

/// Every op of unit `of` another unit reads (ops and entry phi values).
fn reads_of(u: &Unit, of: UnitId) -> Vec<OpId> {
    let from_ops = u.body.ops().filter_map(move |(_, o)| match o.kind {
        OpKind::Outer(ValueRef::Op(v, id)) if v == of => Some(id),
        _ => None,
    });
    let from_phis = u.entry_phis.iter().flat_map(move |p| {
        p.incoming.iter().filter_map(move |(_, v)| match v {
            ValueRef::Op(w, id) if *w == of => Some(*id),
            _ => None,
        })
    });
    from_ops.chain(from_phis).collect()
}

/// Points another unit's reads of the nest at the flattened loop; an entry phi that came
/// from the latch now comes from the loop.
fn rewrite_refs(unit: &mut Unit, resolve: &impl Fn(ValueRef) -> ValueRef, n: &Nest) {
    for node in unit.body.graph.node_indices() {
        if let OpKind::Outer(v) = unit.body.graph[node].kind {
            unit.body.graph[node].kind = OpKind::Outer(resolve(v));
        }
    }
    for phi in &mut unit.entry_phis {
        for (from, v) in &mut phi.incoming {
            if *from == n.latch() {
                *from = n.pre;
            }
            *v = resolve(*v);
        }
    }
}

/// Removes units and renumbers every reference to the ones after them. Nothing may refer
/// to a removed unit.
pub(crate) fn remove_units(k: &mut Kernel, dead: &[UnitId]) {
    let mut new_id = Vec::with_capacity(k.units.len());
    let mut next = 0u32;
    for i in 0..k.units.len() as u32 {
        new_id.push(UnitId(next));
        if !dead.contains(&UnitId(i)) {
            next += 1;
        }
    }
    let re = |u: UnitId| new_id[u.0 as usize];
    let re_ref = |v: ValueRef| match v {
        ValueRef::Op(u, o) => ValueRef::Op(re(u), o),
        ValueRef::EntryPhi(u, i) => ValueRef::EntryPhi(re(u), i),
        other => other,
    };
    let mut i = 0u32;
    k.units.retain(|_| {
        i += 1;
        !dead.contains(&UnitId(i - 1))
    });
    k.entry = re(k.entry);
    for unit in &mut k.units {
        for node in unit.body.graph.node_indices() {
            if let OpKind::Outer(v) = unit.body.graph[node].kind {
                unit.body.graph[node].kind = OpKind::Outer(re_ref(v));
            }
        }
        for phi in &mut unit.entry_phis {
            for (from, v) in &mut phi.incoming {
                *from = re(*from);
                *v = re_ref(*v);
            }
        }
        unit.exit = match std::mem::replace(&mut unit.exit, Exit::Return) {
            Exit::Return => Exit::Return,
            Exit::Jump(t) => Exit::Jump(re(t)),
            Exit::Branch {
                cond,
                if_true,
                if_false,
            } => Exit::Branch {
                cond,
                if_true: re(if_true),
                if_false: re(if_false),
            },
            Exit::Switch {
                value,
                cases,
                default,
            } => Exit::Switch {
                value,
                cases: cases.into_iter().map(|(c, t)| (c, re(t))).collect(),
                default: re(default),
            },
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const I32: Type = Type::Int(32);

    fn block(name: &str, body: Body, entry_phis: Vec<EntryPhi>, exit: Exit) -> Unit {
        Unit {
            name: name.into(),
            loc: None,
            kind: UnitKind::Block,
            body,
            entry_phis,
            exit,
            live_out: Vec::new(),
            atomic_mems: Vec::new(),
            carried_mem_deps: Vec::new(),
        }
    }

    fn phi(incoming: Vec<(UnitId, ValueRef)>) -> EntryPhi {
        EntryPhi {
            ty: I32,
            name: None,
            incoming,
        }
    }

    /// `for (i = 0; i < 4; i++) for (j = 0; j < 3; j++) ;` then a block reading i's last
    /// value: entry, pre, inner loop, latch, exit.
    fn nest() -> Kernel {
        let c = |v| ValueRef::Const(I32, v);
        let mut pre = Body::default();
        pre.add(Op::new(
            OpKind::Outer(ValueRef::EntryPhi(UnitId(1), 0)),
            I32,
            vec![],
        ));
        let mut inner = Body::default();
        let init = inner.add(Op::new(
            OpKind::Outer(ValueRef::EntryPhi(UnitId(2), 0)),
            I32,
            vec![],
        ));
        let j = inner.add(Op::new(OpKind::CarriedPhi, I32, vec![init, init]));
        let one = inner.add(Op::new(OpKind::Const(1), I32, vec![]));
        let inc = inner.add(Op::new(OpKind::Int(IntBinOp::Add), I32, vec![j, one]));
        let three = inner.add(Op::new(OpKind::Const(3), I32, vec![]));
        let cont = inner.add(Op::new(
            OpKind::Cmp(CmpPred::ULt),
            Type::BOOL,
            vec![inc, three],
        ));
        inner.set_carried_next(j, inc);
        let mut latch = Body::default();
        let i = latch.add(Op::new(
            OpKind::Outer(ValueRef::EntryPhi(UnitId(1), 0)),
            I32,
            vec![],
        ));
        let one = latch.add(Op::new(OpKind::Const(1), I32, vec![]));
        let next = latch.add(Op::new(OpKind::Int(IntBinOp::Add), I32, vec![i, one]));
        let four = latch.add(Op::new(OpKind::Const(4), I32, vec![]));
        let back = latch.add(Op::new(
            OpKind::Cmp(CmpPred::ULt),
            Type::BOOL,
            vec![next, four],
        ));
        let mut exit = Body::default();
        exit.add(Op::new(
            OpKind::Outer(ValueRef::Op(UnitId(3), next)),
            I32,
            vec![],
        ));
        let mut inner_unit = block(
            "inner",
            inner,
            vec![phi(vec![(UnitId(1), c(0))])],
            Exit::Jump(UnitId(3)),
        );
        inner_unit.kind = UnitKind::Loop {
            cont,
            controls: LoopControls::default(),
        };
        let mut latch_unit = block(
            "latch",
            latch,
            vec![],
            Exit::Branch {
                cond: back,
                if_true: UnitId(1),
                if_false: UnitId(4),
            },
        );
        latch_unit.live_out = vec![next, back];
        Kernel {
            name: "k".into(),
            args: Vec::new(),
            memories: Vec::new(),
            units: vec![
                block("entry", Body::default(), vec![], Exit::Jump(UnitId(1))),
                block(
                    "pre",
                    pre,
                    vec![phi(vec![
                        (UnitId(0), c(0)),
                        (UnitId(3), ValueRef::Op(UnitId(3), next)),
                    ])],
                    Exit::Jump(UnitId(2)),
                ),
                inner_unit,
                latch_unit,
                block("exit", exit, vec![], Exit::Return),
            ],
            entry: UnitId(0),
            mode: ExecMode::SequentialWorkItems,
            address_bits: 64,
            attrs: KernelAttrs::default(),
            sources: Vec::new(),
            work_groups: None,
        }
    }

    /// The nest is found, becomes one loop in the place of `pre`, and the units after it
    /// are renumbered: the exit block reads the loop's value of `i + 1`.
    #[test]
    fn a_nest_becomes_one_loop_and_the_units_after_it_are_renumbered() {
        let k = nest();
        let found = candidates(&k);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0],
            Nest {
                pre: UnitId(1),
                lead: vec![],
                inner: UnitId(2),
                after: vec![UnitId(3)],
                guard: None,
                work_items: false,
            }
        );
        let flat = flatten(&k, &found[0]).unwrap();
        crate::verify::verify(&flat).unwrap();
        assert_eq!(flat.units.len(), 3);
        let f = &flat.units[1];
        assert!(matches!(f.kind, UnitKind::Loop { .. }));
        assert!(matches!(f.exit, Exit::Jump(UnitId(2))));
        assert!(matches!(flat.units[0].exit, Exit::Jump(UnitId(1))));
        let OpKind::Outer(ValueRef::Op(UnitId(1), read)) = flat.units[2].body.op(OpId(0)).kind
        else {
            panic!("the exit block reads the flattened loop")
        };
        assert_eq!(f.live_out, vec![read]);
        assert_eq!(f.body.op(read).kind, OpKind::Int(IntBinOp::Add));
        // A nest whose inner loop asks for its own II keeps it.
        let mut asked = k.clone();
        if let UnitKind::Loop { controls, .. } = &mut asked.units[2].kind {
            controls.requested_ii = Some(2);
        }
        assert!(flatten(&asked, &found[0])
            .unwrap_err()
            .contains("loop controls"));
    }
}
