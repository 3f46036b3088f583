//! Iterative modulo scheduling (Rau, 1994): the heuristic the ILP falls back to when it runs
//! out of time. Operations are placed by height; a placement that conflicts evicts the
//! operations in its way, within a budget. Whatever it returns still goes through `verify`.

use crate::problem::{Problem, Schedule};

struct Edge {
    src: usize,
    dst: usize,
    /// Required start separation at this II (latency − II × distance).
    sep: i64,
}

fn edges(p: &Problem, ii: u32) -> Vec<Edge> {
    let mut e: Vec<Edge> = p
        .deps
        .iter()
        .map(|d| Edge {
            src: d.src,
            dst: d.dst,
            sep: d.latency as i64 - (ii as i64) * d.distance as i64,
        })
        .collect();
    // Over-long combinational chains must be cut by a register: one cycle at least.
    e.extend(p.chain_breaks().into_iter().map(|(u, v)| Edge {
        src: u,
        dst: v,
        sep: 1,
    }));
    e
}

/// Height-based priority: the longest separation path from an op to the end of the body.
fn heights(n: usize, e: &[Edge]) -> Vec<i64> {
    let mut h = vec![0i64; n];
    for _ in 0..n {
        let mut changed = false;
        for x in e {
            let cand = h[x.dst] + x.sep;
            if cand > h[x.src] {
                h[x.src] = cand;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    h
}

pub fn schedule(p: &Problem, ii: u32, budget_per_op: usize) -> Option<Schedule> {
    let n = p.ops.len();
    let e = edges(p, ii);
    let h = heights(n, &e);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|i| (std::cmp::Reverse(h[*i]), *i));
    let mut start: Vec<Option<i64>> = vec![None; n];
    let mut last_try: Vec<Option<i64>> = vec![None; n];
    let slot = |t: i64| -> usize { t.rem_euclid(ii as i64) as usize };
    let mut budget = budget_per_op.saturating_mul(n.max(1));
    while let Some(&op) = order.iter().find(|i| start[**i].is_none()) {
        if budget == 0 {
            return None;
        }
        budget -= 1;
        let mut estart = 0i64;
        for x in e.iter().filter(|x| x.dst == op) {
            if let Some(ts) = start[x.src] {
                estart = estart.max(ts + x.sep);
            }
        }
        // Other ops in `t`'s slot sharing a resource with `op`, and whether `op` fits there.
        let conflicts = |t: i64, start: &[Option<i64>]| -> (Vec<usize>, bool) {
            let mut holders = Vec::new();
            let mut fits = true;
            for &(r, units) in &p.ops[op].uses {
                let mut used = 0;
                for j in 0..n {
                    let u = p.ops[j].units_of(r);
                    if j != op && u > 0 && start[j].is_some_and(|tj| slot(tj) == slot(t)) {
                        used += u;
                        holders.push(j);
                    }
                }
                fits &= used + units <= p.resources[r].limit;
            }
            (holders, fits)
        };
        let t = if let Some(pin) = p.ops[op].pinned {
            pin as i64
        } else {
            (estart..estart + ii as i64)
                .find(|t| conflicts(*t, &start).1)
                .unwrap_or_else(|| match last_try[op] {
                    Some(prev) if prev >= estart => prev + 1,
                    _ => estart,
                })
        };
        last_try[op] = Some(t);
        // Evict what is in the way: a resource holder of this slot while over the limit,
        // and neighbours whose separation this placement breaks.
        start[op] = Some(t);
        loop {
            let (holders, fits) = conflicts(t, &start);
            match holders.first() {
                Some(j) if !fits => start[*j] = None,
                _ => break,
            }
        }
        for x in &e {
            if x.src == op && x.dst != op {
                if let Some(td) = start[x.dst] {
                    if td < t + x.sep {
                        start[x.dst] = None;
                    }
                }
            }
            if x.dst == op && x.src != op {
                if let Some(ts) = start[x.src] {
                    if t < ts + x.sep {
                        start[x.src] = None;
                    }
                }
            }
        }
    }
    // Normalize so the earliest op starts at 0 (pinned ops keep their cycle).
    let min = start.iter().flatten().copied().min().unwrap_or(0);
    let shift = if p.ops.iter().any(|o| o.pinned.is_some()) {
        0
    } else {
        min
    };
    let times: Option<Vec<u32>> = start
        .iter()
        .map(|t| t.and_then(|t| u32::try_from(t - shift).ok()))
        .collect();
    Some(Schedule {
        ii: if p.modulo { ii } else { 0 },
        start: times?,
    })
}
