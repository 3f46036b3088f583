//! Which loop nests are flattened (`frontend::passes::flatten`): the one whose schedule is
//! faster. The frontend builds a candidate; only the scheduler knows what it costs.
//!
//! A run of the inner loop as it stands costs trips × II + depth (it fills and drains its
//! pipeline) plus the blocks on either side of it; flattened, a run costs trips × II' of
//! the one loop (it fills once for the whole nest). With a constant trip count the two
//! are compared; with a constant bound but a start known at run time, they are compared
//! at the trip count from 0 to the bound; otherwise the flattened loop must not issue
//! slower (then it is faster for every trip count). Innermost pairs first, so a three-deep nest can become one loop.

use boards::Board;
use frontend::ir::{Kernel, UnitId};
use frontend::passes::flatten::{self, Nest};
use scheduler::UnitSchedule;
use serde::Serialize;

/// Which nests to flatten.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flatten {
    /// Where the flattened loop is faster.
    Auto,
    /// Wherever it can be built (to measure it, or to test the order it keeps).
    Always,
    /// None: every nest as written.
    Off,
}

/// What became of one nest.
#[derive(Debug, Clone, Serialize)]
pub struct NestChoice {
    /// The inner loop, as the report names it.
    pub inner: String,
    /// The flattened loop's name, when it was flattened.
    pub flattened: Option<String>,
    /// Cycles of one run of the inner loop as it stands and flattened (None where the
    /// trip count is not a constant or the candidate could not be built).
    pub cycles_per_run: Option<(u32, u32)>,
    /// Work-items interleaved in the flattened loop (1: one run at a time).
    pub interleaved: u32,
    /// Turns of the interleaved slots a work-item waits for its loads before its loop.
    pub wait_turns: u32,
    /// Why, in words.
    pub reason: String,
}

/// The units' schedules in a copy of `k` with its memories planned (as `compile` will).
fn schedule(
    k: &Kernel,
    board: &Board,
    infer_banking: bool,
    units: &[UnitId],
) -> Option<Vec<scheduler::UnitSchedule>> {
    let mut k = k.clone();
    scheduler::memories::plan_memories(&mut k, board, infer_banking);
    units
        .iter()
        .map(|u| scheduler::schedule_unit(&k, k.unit(*u), board).ok())
        .collect()
}

/// Flattens every nest whose flattened loop is faster; says what became of each.
pub fn flatten_nests(ir: &mut Kernel, board: &Board, options: &crate::Options) -> Vec<NestChoice> {
    let (infer_banking, mode) = (options.infer_banking, options.flatten);
    let cap = options.max_interleaving.unwrap_or(MAX_INTERLEAVED);
    if mode == Flatten::Off {
        return Vec::new();
    }
    let mut choices: Vec<NestChoice> = Vec::new();
    let mut tried: Vec<(String, String)> = Vec::new();
    'rounds: loop {
        for nest in flatten::candidates(ir) {
            let key = (
                ir.unit(nest.pre).name.clone(),
                ir.unit(nest.inner).name.clone(),
            );
            if tried.contains(&key) {
                continue;
            }
            tried.push(key);
            let choice = decide(ir, &nest, board, (infer_banking, cap), mode);
            if let Some(mut choice_flat) = choice.1 {
                // A region of a kernel with barriers that was this nest is now one loop.
                let (was, now) = (&ir.unit(nest.pre).name, &choice_flat.unit(nest.pre).name);
                let now = now.clone();
                if let Some(w) = &mut choice_flat.work_groups {
                    for r in w.regions.iter_mut().filter(|r| &r.unit == was) {
                        r.unit = now.clone();
                        r.pipelined = true;
                    }
                }
                *ir = choice_flat;
                choices.push(choice.0);
                continue 'rounds; // unit ids changed: look again
            }
            choices.push(choice.0);
        }
        return choices;
    }
}

/// `(infer_banking, the most work-items interleaved)`.
fn decide(
    ir: &Kernel,
    nest: &Nest,
    board: &Board,
    (infer_banking, cap): (bool, u32),
    mode: Flatten,
) -> (NestChoice, Option<Kernel>) {
    let inner = ir.unit(nest.inner).name.clone();
    let kept = |reason: String, cycles| {
        (
            NestChoice {
                inner: inner.clone(),
                flattened: None,
                cycles_per_run: cycles,
                interleaved: 1,
                wait_turns: 0,
                reason,
            },
            None,
        )
    };
    let flat = match flatten::flatten(ir, nest) {
        Ok(k) => k,
        Err(why) => return kept(format!("not flattened: {why}"), None),
    };
    let (Some(now), Some(then)) = (
        schedule(ir, board, infer_banking, &nest.units_in_order()),
        schedule(&flat, board, infer_banking, &[nest.pre]),
    ) else {
        return kept("not flattened: a schedule could not be found".into(), None);
    };
    let at = 1 + nest.lead.len(); // the inner loop's place in units_in_order
    let inner_s = &now[at];
    let (flat, f, (slots, wait_turns), not_interleaved) = interleave(
        ir,
        nest,
        board,
        (infer_banking, cap),
        flat,
        &then[0],
        inner_s.ii,
    );
    let f = &f;
    let trips = flatten::inner_trips(ir, nest);
    let blocks: u32 = [&now[..at], &now[at + 1..]]
        .concat()
        .iter()
        .map(|s| s.depth.max(1))
        .sum();
    let cycles = trips.map(|t| (t * inner_s.ii + inner_s.depth + blocks, t * f.ii));
    // A start known only at run time and a constant bound (a halo loop from the work-item's
    // index to the tile's end): the runs are compared at the length from 0 to the bound.
    let estimate = flatten::inner_trip_estimate(ir, nest)
        .filter(|_| trips.is_none())
        .map(|t| (t, t * inner_s.ii + inner_s.depth + blocks, t * f.ii));
    let faster = match (cycles, estimate) {
        (Some((before, after)), _) => after < before,
        (None, Some((_, before, after))) => after < before,
        (None, None) => f.ii <= inner_s.ii,
    };
    let forced = !faster && mode == Flatten::Always;
    let name = flat.unit(nest.pre).name.clone();
    if !faster && !forced {
        let why = match cycles {
            Some((b, a)) => format!(
                "kept: flattened it issues at II {} ({}), {a} cycles a run against {b}",
                f.ii, f.bottleneck
            ),
            None => match estimate {
                Some((t, b, a)) => format!(
                    "kept: flattened it issues at II {} ({}), {a} cycles a run of about {t} \
                     iterations against {b}",
                    f.ii, f.bottleneck
                ),
                None => format!(
                    "kept: flattened it issues at II {} against {} ({})",
                    f.ii, inner_s.ii, f.bottleneck
                ),
            },
        };
        return kept(why, cycles);
    }
    let name = match (slots, wait_turns) {
        (1, _) => name,
        (m, 0) => format!("{name} with {m} work-items interleaved"),
        (m, w) => format!(
            "{name} with {m} work-items interleaved (each waits {w} turns of {m} cycles for \
             its loads before its loop)"
        ),
    };
    let reason = match (cycles, trips) {
        _ if forced => format!(
            "flattened into {name} (--flatten always), though it issues at II {} ({}) against {}",
            f.ii, f.bottleneck, inner_s.ii
        ),
        (Some((b, a)), Some(t)) => format!(
            "flattened into {name}: a run of {t} iterations takes {a} cycles at II {}, not \
             {b} (II {}, {} cycles to fill and drain, {blocks} in the blocks around it)",
            f.ii, inner_s.ii, inner_s.depth
        ),
        _ if estimate.is_some() && f.ii > inner_s.ii => {
            let (t, b, a) = estimate.expect("an estimate");
            format!(
                "flattened into {name}: a run of up to about {t} iterations (its start is \
                 known at run time, its bound is constant) takes {a} cycles at II {}, not {b} \
                 (II {}, {} cycles to fill and drain)",
                f.ii, inner_s.ii, inner_s.depth
            )
        }
        _ => format!(
            "flattened into {name}: II {} (the inner loop's was {}), and no drain between runs",
            f.ii, inner_s.ii
        ),
    };
    let reason = match not_interleaved {
        Some(why) => format!("{reason}; work-items not interleaved: {why}"),
        None => reason,
    };
    (
        NestChoice {
            inner,
            flattened: Some(flat.unit(nest.pre).name.clone()),
            cycles_per_run: cycles,
            interleaved: slots,
            wait_turns,
            reason,
        },
        Some(flat),
    )
}

/// The most work-items interleaved in one loop: each slot holds the loop's carried state.
const MAX_INTERLEAVED: u32 = 64;
/// Slots beyond the inner loop's recurrence where a run's loads set the II: each run
/// waits for them a turn of this many cycles at a time.
const HIDE_LOADS: u32 = 16;
/// The most turns a slot waits for its loads.
const MAX_WAIT: u32 = 64;

/// The work-items of a flattened nest interleaved: as many slots as the inner loop's II at
/// one work-item, so the recurrence that set it has that many cycles between a
/// work-item's iterations, or up to `HIDE_LOADS` where the flattened loop's II is longer
/// (a run's loads before its loop). While a recurrence still sets the II, each run waits
/// the turns that chain asks (`wait_turns`). Kept where that issues faster; otherwise the
/// loop of one run at a time and, where interleaving was possible but did not help, why.
fn interleave(
    ir: &Kernel,
    nest: &Nest,
    board: &Board,
    (infer_banking, cap): (bool, u32),
    flat: Kernel,
    f: &UnitSchedule,
    inner_ii: u32,
) -> (Kernel, UnitSchedule, (u32, u32), Option<String>) {
    let one = |why: Option<String>| (flat.clone(), f.clone(), (1, 0), why);
    if !nest.work_items || flatten::is_task(ir, nest) {
        return one(None);
    }
    let limit = match flatten::interleave_limit(ir, nest) {
        Ok(l) => l.unwrap_or(MAX_INTERLEAVED),
        Err(why) => return one(Some(why)),
    };
    let limit = limit.min(cap);
    // Enough slots for the inner loop's recurrence, and some more to hide the loads of a
    // run's first iteration, which a slot waits for (`wait_turns`) when they set the II.
    let slots = inner_ii.max(f.ii.min(HIDE_LOADS)).min(limit);
    if f.ii <= 1 || slots <= 1 {
        return one(None);
    }
    let try_slots = |wait: u32| {
        let k = flatten::interleaved(ir, nest, slots, wait).ok()?;
        let s = schedule(&k, board, infer_banking, &[nest.pre])?;
        Some((k, s[0].clone()))
    };
    let mut best = try_slots(0);
    let mut wait = 0;
    while let Some((_, s)) = best.as_ref().filter(|b| b.1.ii > 1 && wait < MAX_WAIT) {
        if !s.bottleneck.starts_with("recurrence") {
            break;
        }
        // The chain now spans (wait + 1) turns at this II: as many turns as it needs.
        let w = ((wait + 1) * s.ii - 1).min(MAX_WAIT);
        match try_slots(w).filter(|b| b.1.ii < s.ii) {
            Some(b) => (wait, best) = (w, Some(b)),
            None => break,
        }
    }
    match best {
        Some((k, s)) if s.ii < f.ii => (k, s, (slots, wait), None),
        Some((_, s)) => one(Some(format!(
            "{slots} of them issue at II {} ({}), not faster",
            s.ii, s.bottleneck
        ))),
        None => one(Some(format!("no schedule with {slots} of them"))),
    }
}

/// A kernel whose float reductions were split into lanes, compiled again with them in
/// order (`compile` with `keep_reductions_in_order`): where its work-items then interleave
/// at an II no worse, that one is kept. Interleaved, the loop issues every cycle and never
/// drains; in lanes, each run drains and sums its lanes, and the sum is reassociated.
pub fn in_order_if_interleaved(
    c: crate::Compiled,
    options: &crate::Options,
    compile: impl Fn(&crate::Options) -> Result<crate::Compiled, crate::Error>,
) -> Result<crate::Compiled, crate::Error> {
    let split = c.reductions.iter().any(|r| r.reason.is_none());
    // Behind load-store units, a run's unit-stride accesses make bursts; interleaved runs
    // take turns at different rows, and the schedule does not see the bandwidth lost. So
    // lanes whose nests never drain (flattened) stay; lanes that drain each run do not
    // (spmv's rows of any length: 34,916 cycles in lanes, 1,418 interleaved).
    let bursts = c.kernel.memories.iter().any(|m| m.port_bits.is_some());
    let drains = c.nests.iter().any(|n| n.flattened.is_none());
    let lanes_stay = bursts && !drains;
    if !split
        || lanes_stay
        || options.keep_reductions_in_order
        || options.max_interleaving == Some(1)
    {
        return Ok(c);
    }
    let mut keep = options.clone();
    keep.keep_reductions_in_order = true;
    let in_order = compile(&keep)?;
    let worst_ii = |c: &crate::Compiled| c.schedules.iter().map(|s| s.ii).max().unwrap_or(1);
    let interleaved = in_order.nests.iter().any(|n| n.interleaved > 1);
    Ok(if interleaved && worst_ii(&in_order) <= worst_ii(&c) {
        in_order
    } else {
        c
    })
}

/// Loads that every work-item makes alike, made once before the work-items
/// (`flatten::hoist_invariant_loads`) where the loop that then runs them issues faster.
/// Returns what the report says: which loads moved and the II both ways, or why none did
/// (None when the kernel has no such load).
pub fn hoist_invariant_loads(
    ir: &mut Kernel,
    board: &Board,
    options: &crate::Options,
) -> Option<String> {
    if options.flatten == Flatten::Off {
        return None;
    }
    let (hoisted, moved) = flatten::hoist_invariant_loads(ir).ok()?;
    let infer = options.infer_banking;
    let before = schedule(ir, board, infer, &[ir.entry])?[0].ii;
    let after = schedule(&hoisted, board, infer, &[UnitId(1)])?[0].ii;
    let body = &ir.unit(ir.entry).body;
    // "8 of `c` at kmeans.cl:12": the loads by buffer and line, in the kernel's order.
    let mut places: Vec<(String, u32)> = Vec::new();
    for l in &moved {
        let op = body.op(*l);
        let frontend::ir::OpKind::Load(m) = op.kind else {
            unreachable!("only loads move")
        };
        let at = op.loc.map(|c| format!(" at {}", ir.line_of(c)));
        let place = format!("`{}`{}", ir.memory(m).name, at.unwrap_or_default());
        match places.iter_mut().find(|(p, _)| *p == place) {
            Some((_, n)) => *n += 1,
            None => places.push((place, 1)),
        }
    }
    let names: Vec<String> = places
        .iter()
        .map(|(p, n)| {
            if *n == 1 {
                p.clone()
            } else {
                format!("{n} of {p}")
            }
        })
        .collect();
    let what = format!(
        "{} load{} the same in every work-item ({})",
        moved.len(),
        if moved.len() == 1 { "" } else { "s" },
        names.join(", ")
    );
    if after >= before {
        return Some(format!(
            "{what} kept in the work-items: made once before them, the work-items' loop issues at II {after}, not faster than {before}"
        ));
    }
    *ir = hoisted;
    Some(format!(
        "{what} made once before the work-items, which then run as one loop: II {before} -> {after}"
    ))
}
