//! Lower bounds on the initiation interval: ResMII from limited resources, RecMII from
//! dependence cycles, each with the elements that attain it.

use crate::problem::Problem;

#[derive(Debug, Clone)]
pub struct ResBound {
    pub ii: u32,
    /// The resource that attains the bound, if any resource is used.
    pub resource: Option<String>,
}

/// The source lines of the operations using resource `r`, in order, once each (op names
/// end `at file:LINE`).
pub fn users_lines(p: &Problem, r: usize) -> Vec<&str> {
    let mut lines: Vec<&str> = p
        .ops
        .iter()
        .filter(|o| o.units_of(r) > 0)
        .filter_map(|o| o.name.rsplit_once(" at ").map(|(_, l)| l))
        .collect();
    let mut seen = std::collections::HashSet::new();
    lines.retain(|l| seen.insert(*l));
    lines
}

pub fn res_mii(p: &Problem) -> ResBound {
    let mut best = ResBound {
        ii: 1,
        resource: None,
    };
    for (r, res) in p.resources.iter().enumerate() {
        let uses: u32 = p.ops.iter().map(|o| o.units_of(r)).sum();
        let bound = uses.div_ceil(res.limit.max(1));
        if bound > best.ii || (bound == best.ii && best.resource.is_none() && uses > 0) {
            let lines = users_lines(p, r);
            let used_at = match lines.is_empty() {
                true => String::new(),
                false => format!(", used at {}", lines.join(", ")),
            };
            best = ResBound {
                ii: bound.max(1),
                resource: Some(format!(
                    "{} ({uses} uses, {} per cycle{used_at})",
                    res.name, res.limit
                )),
            };
        }
    }
    best
}

#[derive(Debug, Clone)]
pub struct RecBound {
    pub ii: u32,
    /// Operations on a recurrence that attains the bound (empty when there is none).
    pub cycle: Vec<usize>,
}

/// Does some dependence cycle need more than `ii` cycles per iteration? Returns an op on
/// such a cycle (Bellman-Ford on weights latency − ii × distance, looking for positive cycles).
fn positive_cycle(p: &Problem, ii: u32) -> Option<Vec<usize>> {
    let n = p.ops.len();
    let mut dist = vec![0i64; n];
    let mut pred = vec![usize::MAX; n];
    let mut last = None;
    for _ in 0..=n {
        last = None;
        for d in &p.deps {
            let w = d.latency as i64 - (ii as i64) * d.distance as i64;
            if dist[d.src] + w > dist[d.dst] {
                dist[d.dst] = dist[d.src] + w;
                pred[d.dst] = d.src;
                last = Some(d.dst);
            }
        }
        last?;
    }
    // Walk back n steps to land on the cycle, then collect it.
    let mut v = last?;
    for _ in 0..n {
        v = pred[v];
    }
    let mut cycle = vec![v];
    let mut u = pred[v];
    while u != v && cycle.len() <= n {
        cycle.push(u);
        u = pred[u];
    }
    cycle.reverse();
    Some(cycle)
}

/// The recurrence bound. A chain of combinational logic longer than the clock period must
/// cross a register, so each such pair (`Problem::chain_breaks`) is a cycle more on any
/// recurrence through it: the bound counts it (a CRC's xor → shift → and → xor ring of
/// 5 ns needs 2 cycles at 4 ns, not the 1 its latencies say).
pub fn rec_mii(p: &Problem) -> RecBound {
    let breaks = p.chain_breaks();
    if breaks.is_empty() {
        return rec_mii_of(p);
    }
    let mut q = p.clone();
    q.deps.extend(
        breaks
            .into_iter()
            .map(|(src, dst)| crate::problem::Dependence {
                src,
                dst,
                latency: 1,
                distance: 0,
                data: false,
            }),
    );
    rec_mii_of(&q)
}

fn rec_mii_of(p: &Problem) -> RecBound {
    let has_carried = p.deps.iter().any(|d| d.distance > 0);
    if !has_carried {
        return RecBound {
            ii: 1,
            cycle: vec![],
        };
    }
    let total: u32 = p.deps.iter().map(|d| d.latency).sum::<u32>() + 1;
    let (mut lo, mut hi) = (1u32, total.max(1));
    // Smallest ii without a positive cycle.
    while lo < hi {
        let mid = (lo + hi) / 2;
        if positive_cycle(p, mid).is_some() {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let cycle = if lo > 1 {
        positive_cycle(p, lo - 1).unwrap_or_default()
    } else {
        tight_cycle(p)
    };
    RecBound { ii: lo, cycle }
}

/// At ii = 1 no cycle is positive; name a carried cycle of ratio exactly 1 if there is one.
fn tight_cycle(p: &Problem) -> Vec<usize> {
    // A zero-weight cycle at ii = 1 is a positive one at ii = 0 with the carried edge made
    // one cycle longer; looking at "ii = 0" finds any carried cycle.
    let mut q = p.clone();
    for d in &mut q.deps {
        if d.distance > 0 {
            d.latency = d.latency.max(1);
        }
    }
    positive_cycle(&q, 0)
        .filter(|c| !c.is_empty())
        .unwrap_or_default()
}
