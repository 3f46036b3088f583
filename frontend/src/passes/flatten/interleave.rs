//! Work-items interleaved in their flattened loop (Intel's `max_interleaving`): the loop's
//! iterations go round `slots` slots, each running a work-item of its own, so a slot's
//! iterations come `slots` apart and a recurrence of the inner loop (a float sum, an
//! escape-time iteration) has that many cycles at II 1 instead of one.
//!
//! A slot's state comes from its previous turn, `slots` iterations back: whether its run
//! ended there (`ended_before`), whether it was running (`was_live`), its work-item's ids,
//! and the inner loop's carried values (distance d becomes d × slots). Shared by all
//! slots, one iteration back: the next work-item to hand out, whether there is one
//! (`more`), and how many runs have started and not been seen to end (`in_flight`).
//!
//! A slot whose run ended takes the next work-item (`take`, the run's `first`); once none
//! is left it idles, and its iterations are bubbles whose memory operations do nothing.
//! The loop goes on while a work-item is left or a run is in flight. Both are known when
//! the iteration issues (a run's end is seen on the slot's next turn), so the exit test
//! of the work-item's own loop is never on the loop's critical path: the loop ends at most
//! one round of bubbles after the last run.
//!
//! A run's first iteration would read the blocks before the loop as soon as the slot
//! takes its work-item, putting their loads on the chain to the slot's next turn. A slot
//! can instead wait `wait_turns` turns first (`wait_for_loads`).
//!
//! Work-items finish in another order than their ids. OpenCL orders nothing between the
//! work-items of a kernel without barriers, and a nest with atomics or barriers is not
//! flattened, so only the order inside one run is kept (`carried`).

use super::build::{Build, Flat, B1, ID};
use super::Nest;
use crate::ir::*;
use std::collections::HashSet;

impl Build<'_> {
    /// The loop of `slots` interleaved work-items (the nest is the work-items' own).
    pub(super) fn run_interleaved(&mut self) -> Result<Flat, String> {
        let (n, m) = (self.n.clone(), self.slots);
        debug_assert!(n.work_items && m > 1);
        if self.wait_turns > 0 {
            self.can_wait()?;
        }
        let one = self.konst(B1, 1);
        let zero = self.konst(B1, 0);
        // The slot's previous turn, and what the slots share.
        let ended_before = self.op(OpKind::CarriedPhi, B1, vec![one, one]);
        let was_live = self.op(OpKind::CarriedPhi, B1, vec![zero, zero]);
        let more = self.op(OpKind::CarriedPhi, B1, vec![one, one]);
        let take = self.op(OpKind::Int(IntBinOp::And), B1, vec![ended_before, more]);
        let running = self.op(OpKind::Int(IntBinOp::Xor), B1, vec![ended_before, one]);
        let goes_on = self.op(OpKind::Int(IntBinOp::And), B1, vec![was_live, running]);
        let live = self.op(OpKind::Int(IntBinOp::Or), B1, vec![take, goes_on]);
        let dims = self.global_ids();
        let ids = dims.map(|d| {
            let zero_id = self.konst(ID, 0);
            let held = self.op(OpKind::CarriedPhi, ID, vec![zero_id, zero_id]);
            let now = self.op(OpKind::Select, ID, vec![take, d.gid, held]);
            self.body.set_carried_next_at(held, now, m);
            now
        });
        self.ids = Some(ids);
        let enter = self.copy_before(take, one);
        self.inner_inits();
        let (runs, first) = self.wait_for_loads(take, live);
        let distances = self.restarts(first);
        let inner_when = match enter {
            Some(e) => self.op(OpKind::Int(IntBinOp::And), B1, vec![runs, e]),
            None => runs,
        };
        self.copy_unit(n.inner, Some(inner_when), &distances);
        let UnitKind::Loop { cont, .. } = self.k.unit(n.inner).kind else {
            unreachable!("checked")
        };
        let cont = self.map[&(n.inner, cont)];
        let stays = self.op(OpKind::Int(IntBinOp::And), B1, vec![cont, inner_when]);
        let leaves = self.op(OpKind::Int(IntBinOp::Xor), B1, vec![stays, one]);
        let last = self.op(OpKind::Int(IntBinOp::And), B1, vec![runs, leaves]);
        self.copy_after(enter, last);
        let left = self.step_global_ids(dims, take);
        let more_next = self.op(OpKind::Select, B1, vec![take, left, more]);
        let in_flight = self.count_in_flight(take, was_live, ended_before);
        let flat_cont = self.op(OpKind::Int(IntBinOp::Or), B1, vec![more_next, in_flight]);
        self.body.set_carried_next_at(ended_before, last, m);
        self.body.set_carried_next_at(was_live, live, m);
        self.body.set_carried_next(more, more_next);
        self.close_pending();
        let carried_mem_deps = self.order_memory();
        Ok(Flat {
            body: std::mem::take(&mut self.body),
            cont: flat_cont,
            carried_mem_deps,
        })
    }

    /// The turns a slot waits after it takes a work-item (`wait_turns`), so the loads of
    /// the blocks before the loop return before the run's first iteration reads them: a
    /// run's chain from those loads to its exit test then spans that many more turns, not
    /// one. Whether the slot runs its loop this turn, and whether it is the run's first.
    fn wait_for_loads(&mut self, take: OpId, live: OpId) -> (OpId, OpId) {
        let k = self.wait_turns;
        if k == 0 {
            return (live, take);
        }
        let ty = Type::Int(33 - k.leading_zeros());
        let [zero, one, turns] = [0, 1, k as u64].map(|v| self.konst(ty, v));
        let (b_zero, b_one) = (self.konst(B1, 0), self.konst(B1, 1));
        let left_before = self.op(OpKind::CarriedPhi, ty, vec![zero, zero]);
        let left = self.op(OpKind::Select, ty, vec![take, turns, left_before]);
        let waits = self.op(OpKind::Cmp(CmpPred::Ne), B1, vec![left, zero]);
        let fewer = self.op(OpKind::Int(IntBinOp::Sub), ty, vec![left, one]);
        let next = self.op(OpKind::Select, ty, vec![waits, fewer, zero]);
        self.body.set_carried_next_at(left_before, next, self.slots);
        let waited = self.op(OpKind::CarriedPhi, B1, vec![b_zero, b_zero]);
        self.body.set_carried_next_at(waited, waits, self.slots);
        let goes = self.op(OpKind::Int(IntBinOp::Xor), B1, vec![waits, b_one]);
        let runs = self.op(OpKind::Int(IntBinOp::And), B1, vec![live, goes]);
        let first = self.op(OpKind::Int(IntBinOp::And), B1, vec![runs, waited]);
        (runs, first)
    }

    /// A value held from the slot's take, read `wait_turns` turns later: the run reads it
    /// only from then on, and the schedule sees the turns between.
    pub(super) fn waited_for(&mut self, held: OpId, ty: Type) -> OpId {
        // Its first value is never read (the slots wait), and must not be `held`: that
        // would tie this iteration's load to the read of it.
        let zero = self.konst(ty, 0);
        let late = self.op(OpKind::CarriedPhi, ty, vec![zero, held]);
        let turns = self.wait_turns * self.slots;
        self.body.set_carried_next_at(late, held, turns);
        late
    }

    /// Whether the blocks before the loop can wait for their loads: their own memory
    /// operations run on the take, so they must not read what those loads return, nor
    /// follow a guard (its test reads them).
    pub(super) fn can_wait(&self) -> Result<(), String> {
        let n = &self.n;
        let mut from_load: HashSet<(UnitId, OpId)> = HashSet::new();
        let mut guarded = false;
        for u in std::iter::once(n.pre).chain(n.lead.iter().copied()) {
            let body = &self.k.unit(u).body;
            for id in body.copy_order() {
                let op = body.op(id);
                let reads_load = op.operands.iter().any(|o| from_load.contains(&(u, *o)))
                    || matches!(op.kind, OpKind::Outer(ValueRef::Op(w, o)) if from_load.contains(&(w, o)));
                if op.is_memory() && (reads_load || guarded) {
                    let at = op
                        .loc
                        .map_or("no source line".into(), |l| self.k.line_of(l));
                    return Err(format!(
                        "an access before the loop reads what a load there returns ({at})"
                    ));
                }
                if reads_load || matches!(op.kind, OpKind::Load(_)) {
                    from_load.insert((u, id));
                }
            }
            guarded |= n.guard.is_some_and(|g| g.at == u);
        }
        Ok(())
    }

    /// Whether a run may still be in flight after this iteration. The count of runs
    /// started and not yet seen to end steps by one adder a cycle (its step comes from the
    /// slot's flags alone), and is tested before the step: the test is off the count's
    /// recurrence, at the cost of one bubble after the last run is seen to end.
    fn count_in_flight(&mut self, take: OpId, was_live: OpId, ended_before: OpId) -> OpId {
        let ty = Type::Int(33 - self.slots.leading_zeros());
        let [zero, one, minus_one] = [0, 1, mask(ty.bits())].map(|v| self.konst(ty, v));
        let count = self.op(OpKind::CarriedPhi, ty, vec![zero, zero]);
        let seen_end = self.op(OpKind::Int(IntBinOp::And), B1, vec![was_live, ended_before]);
        let if_taken = self.op(OpKind::Select, ty, vec![seen_end, zero, one]);
        let if_not = self.op(OpKind::Select, ty, vec![seen_end, minus_one, zero]);
        let step = self.op(OpKind::Select, ty, vec![take, if_taken, if_not]);
        let next = self.op(OpKind::Int(IntBinOp::Add), ty, vec![count, step]);
        self.body.set_carried_next(count, next);
        let some = self.op(OpKind::Cmp(CmpPred::Ne), B1, vec![count, zero]);
        self.op(OpKind::Int(IntBinOp::Or), B1, vec![some, take])
    }
}

/// The distance (in iterations of the interleaved loop) at which access `y` may touch
/// what `x` touched, or None; the analysis in words. Only a run's own order is kept, and
/// a run's iterations are a slot's turn (`slots` iterations) apart: the inner loop's own
/// dependences at their distance times `slots`; from the blocks before the loop (the
/// take's turn) to the loop, at least a turn, or the waits; to the blocks after it (the
/// run's last turn), the turns of the whole run where the trip count is constant. Nothing
/// is ordered from a later part of a run to an earlier one: that is another work-item.
pub(super) fn carried(
    k: &Kernel,
    n: &Nest,
    (ux, x): (UnitId, OpId),
    (uy, y): (UnitId, OpId),
    (slots, waits): (u32, u32),
) -> (Option<u32>, String) {
    let units = n.units_in_order();
    let place = |u: UnitId| {
        let i = units.iter().position(|w| *w == u).unwrap_or(0);
        let inner = 1 + n.lead.len();
        i.cmp(&inner)
    };
    let why = format!("within a work-item's run ({slots} work-items interleaved)");
    let turns = |t: u32| Some(t.max(1).saturating_mul(slots));
    // A run that a guard skips ends on its first running turn.
    let trips = super::inner_trips(k, n).filter(|_| n.guard.is_none());
    use std::cmp::Ordering::{Equal, Greater, Less};
    let distance = match (place(ux), place(uy)) {
        (Equal, Equal) => k
            .unit(n.inner)
            .carried_mem_deps
            .iter()
            .filter(|d| d.from == x && d.to == y)
            .map(|d| d.distance)
            .min()
            .map(|d| d.saturating_mul(slots)),
        (Less, Equal) => turns(waits),
        (Less, Greater) => turns(waits + trips.map_or(0, |t| t.saturating_sub(1))),
        (Equal, Greater) => turns(1),
        _ => None,
    };
    (distance, why)
}
