//! Why no schedule exists at an II that the bounds allow: a deletion filter over the
//! problem's constraint groups (operator chaining, each resource's limit). Each group is
//! relaxed in turn; when the problem stays infeasible without it, it is left out. What
//! remains is an irreducible set: relaxing any one of its groups makes the II feasible.
//! The dependences are never relaxed (they are the program).

use crate::ilp::{self, IlpOutcome};
use crate::problem::Problem;

/// One group of constraints the filter may relax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Combinational chains no longer than the clock period.
    Chaining,
    /// A resource's per-cycle limit.
    Resource(usize),
}

fn relaxed(p: &Problem, groups: &[Group]) -> Problem {
    let mut q = p.clone();
    for g in groups {
        match *g {
            Group::Chaining => q.clock_period_ns = f64::MAX / 4.0,
            Group::Resource(r) => q.resources[r].limit = q.ops.len().max(1) as u32 * 64,
        }
    }
    q
}

/// The irreducible set of groups that makes `ii` infeasible, or None when a solve did not
/// finish in `budget_s` seconds (then nothing is claimed).
pub fn irreducible(p: &Problem, ii: u32, budget_s: f64) -> Option<Vec<Group>> {
    let chained = !p.chain_breaks().is_empty();
    let mut candidates: Vec<Group> = Vec::new();
    if chained {
        candidates.push(Group::Chaining);
    }
    // Only resources some operation uses can conflict.
    candidates.extend(
        (0..p.resources.len())
            .filter(|&r| p.ops.iter().any(|o| o.units_of(r) > 0))
            .map(Group::Resource),
    );
    let mut out: Vec<Group> = Vec::new();
    let mut dropped: Vec<Group> = Vec::new();
    for g in candidates {
        let mut trial = dropped.clone();
        trial.push(g);
        match ilp::solve_at(&relaxed(p, &trial), ii, budget_s).ok()? {
            IlpOutcome::Infeasible => dropped.push(g),
            IlpOutcome::Solved(_) | IlpOutcome::Incumbent(_) => out.push(g),
            IlpOutcome::TimedOut => return None,
        }
    }
    Some(out)
}

/// The explanation of an II above its bounds: `no schedule exists at II 4: the read port
/// of buffer 'a' (used at k.cl:5, k.cl:6) together with the dependences; with any one of
/// them relaxed II 4 would be feasible`.
pub fn explain(p: &Problem, ii: u32, budget_s: f64) -> Option<String> {
    let groups = irreducible(p, ii, budget_s)?;
    let named: Vec<String> = groups
        .iter()
        .map(|g| match *g {
            Group::Chaining => format!("operator chaining at the {} ns clock", p.clock_period_ns),
            Group::Resource(r) => {
                let lines = crate::mii::users_lines(p, r);
                let res = &p.resources[r];
                match lines.is_empty() {
                    true => format!("the {} ({} per cycle)", res.name, res.limit),
                    false => format!(
                        "the {} ({} per cycle, used at {})",
                        res.name,
                        res.limit,
                        lines.join(", ")
                    ),
                }
            }
        })
        .collect();
    Some(match named.as_slice() {
        [] => format!(
            "no schedule exists at II {ii}: the dependences alone (with the schedule's horizon and \
             any MaxConcurrency) admit none"
        ),
        [one] => format!(
            "no schedule exists at II {ii}: {one} together with the dependences; without that \
             limit II {ii} would be feasible"
        ),
        many => format!(
            "no schedule exists at II {ii}: {} together with the dependences; relaxing any one \
             of them would make II {ii} feasible",
            many.join(" and ")
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Dependence, Operation, Resource};

    /// Two reads on one port, 4 cycles apart in an iteration, in a ring of 4 cycles: at
    /// II 4 both land in the same modulo slot, so the port, not the recurrence, costs the
    /// fifth cycle.
    fn two_reads_one_port() -> Problem {
        let read = |name: &str| {
            let mut o = Operation::for_test(name, 2, vec![(0, 1)]);
            o.name = format!("{name} at k.cl:7");
            o
        };
        Problem {
            ops: vec![read("v1 Load 'a'"), read("v2 Load 'a'")],
            deps: vec![
                Dependence {
                    src: 0,
                    dst: 1,
                    latency: 4,
                    distance: 0,
                    data: true,
                },
                Dependence {
                    src: 1,
                    dst: 0,
                    latency: 0,
                    distance: 1,
                    data: true,
                },
            ],
            resources: vec![Resource {
                name: "read port of buffer 'a'".into(),
                limit: 1,
            }],
            clock_period_ns: 4.0,
            modulo: true,
            max_in_flight: None,
        }
    }

    #[test]
    fn the_port_is_named_as_what_keeps_the_bound_from_being_met() {
        let p = two_reads_one_port();
        assert_eq!(
            crate::mii::rec_mii(&p).ii.max(crate::mii::res_mii(&p).ii),
            4
        );
        assert!(matches!(
            ilp::solve_at(&p, 4, 10.0).unwrap(),
            IlpOutcome::Infeasible
        ));
        assert_eq!(irreducible(&p, 4, 10.0), Some(vec![Group::Resource(0)]));
        let text = explain(&p, 4, 10.0).unwrap();
        assert!(
            text.starts_with("no schedule exists at II 4: the read port of buffer 'a' (1 per cycle, used at k.cl:7) together with the dependences"),
            "{text}"
        );
    }
}
