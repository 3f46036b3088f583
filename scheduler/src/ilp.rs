//! Modulo scheduling as an integer linear program (good_lp + HiGHS). Two formulations of
//! the resource constraints share everything else (start times t[i], dependences as
//! difference constraints, operator chaining as t[v] ≥ t[u] + 1 for over-long chains, and
//! the objective: fewest register bits, then the shortest schedule):
//! * time-indexed, in the spirit of Eichenberger–Davidson (the one `hls-build` uses): each
//!   resource-limited op picks one modulo slot (binary x[i][r]) and a stage k[i], with
//!   t[i] = II·k[i] + Σ r·x[i][r], and each slot's users are counted against the limit;
//! * Moovac-style (Oppermann et al., CASES 2016): t[i] = II·y[i] + m[i] with an integer
//!   slot m[i]; two users of one resource either sit in different slots (binary ε orders
//!   them) or on different instances of it (integer instance r, binary μ orders those).
//! `bench/formulations.py` measures both on the same problems (see BENCHMARKS.md).

use crate::problem::{Problem, Schedule};
use good_lp::solvers::highs::highs;
use good_lp::{
    constraint, variable, Expression, ProblemVariables, ResolutionError, Solution, SolverModel,
    Variable,
};
use std::collections::HashMap;

pub enum IlpOutcome {
    Solved(Schedule),
    /// The time limit ended the solve with a feasible schedule whose register count is
    /// not within the gap: which one depends on how fast the machine was, so callers that
    /// want the same result on every run prefer a deterministic heuristic's.
    Incumbent(Schedule),
    Infeasible,
    TimedOut,
}

/// Upper bound on any start time: enough room for every op to run after the previous.
pub fn horizon(p: &Problem, ii: u32) -> u32 {
    p.ops.iter().map(|o| o.latency.max(1)).sum::<u32>() + ii + 2
}

/// Binary variables a formulation needs at `ii`: time-indexed, one per op on a contended
/// resource and modulo slot; Moovac, two per pair of ops sharing a contended resource (and
/// two more per pair of units when the resource has several instances).
pub fn binaries(p: &Problem, ii: u32, f: Formulation) -> u64 {
    let busy = contended(p);
    match f {
        Formulation::TimeIndexed => {
            let ops = p
                .ops
                .iter()
                .filter(|o| o.uses.iter().any(|(r, _)| busy[*r]))
                .count() as u64;
            let slots = if p.modulo { ii } else { horizon(p, ii) + 1 };
            ops * slots as u64
        }
        Formulation::Moovac => (0..p.resources.len())
            .filter(|r| busy[*r])
            .map(|r| {
                let units: u64 = p.ops.iter().map(|o| o.units_of(r) as u64).sum();
                let pairs = units * units.saturating_sub(1) / 2;
                if p.resources[r].limit > 1 {
                    4 * pairs
                } else {
                    2 * pairs
                }
            })
            .sum(),
    }
}

/// Time-indexed while the II is small, Moovac once the II grows well past the number of
/// ops that compete (bench/formulations.py, BENCHMARKS.md: at II 384 with four ports Moovac
/// solves in 40 ms what the time-indexed model takes 1.4 s for; at II 4-10 the time-indexed
/// model's tighter relaxation wins even with somewhat more binaries, hence the factor 4).
pub fn preferred(p: &Problem, ii: u32) -> Formulation {
    if 4 * binaries(p, ii, Formulation::Moovac) < binaries(p, ii, Formulation::TimeIndexed) {
        Formulation::Moovac
    } else {
        Formulation::TimeIndexed
    }
}

/// Is the preferred model small enough to build and solve at `ii`? Beyond 200,000
/// binaries building it alone takes seconds; beyond 2,000 operations HiGHS finds no
/// schedule within the budget even with few binaries (5,000-op synthetic loop: none in 5 s
/// per II, where the heuristic needs 5 s in all), so the heuristic goes first.
pub fn fits(p: &Problem, ii: u32) -> bool {
    p.ops.len() <= 2_000 && binaries(p, ii, preferred(p, ii)) <= 200_000
}

/// How the resource constraints are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formulation {
    TimeIndexed,
    Moovac,
}

/// Solves at `ii` with the preferred formulation.
pub fn solve_at(p: &Problem, ii: u32, time_limit_s: f64) -> Result<IlpOutcome, String> {
    solve_with(p, ii, time_limit_s, preferred(p, ii))
}

/// Resource-constraint variables of one formulation (added before the model is built).
enum ResourceVars {
    /// (op, x[slot], stage)
    Slots(Vec<(usize, Vec<Variable>, Variable)>),
    Pairs(PairVars),
}

struct PairVars {
    /// Per resource-limited op: (op, stage y, slot m).
    slot_of: Vec<(usize, Variable, Variable)>,
    /// Per ordered pair of conflicting ops (i, j): ε = 1 puts i in an earlier slot than j.
    before: HashMap<(usize, usize), Variable>,
    /// Per resource: each unit an op takes, with its instance variable (None when the
    /// resource has one instance).
    units: Vec<Vec<(usize, Option<Variable>)>>,
    /// Per resource: ordered pairs of unit indices (a, b) with μ = 1 when a's instance is
    /// below b's.
    lower: Vec<HashMap<(usize, usize), Variable>>,
}

/// Resources whose users can exceed the limit in one slot (the others need no constraint).
fn contended(p: &Problem) -> Vec<bool> {
    (0..p.resources.len())
        .map(|r| p.ops.iter().map(|o| o.units_of(r)).sum::<u32>() > p.resources[r].limit)
        .collect()
}

fn pair_vars(p: &Problem, vars: &mut ProblemVariables, slots: u32, t_max: u32) -> PairVars {
    let busy = contended(p);
    let stage_max = (t_max / slots.max(1) + 1) as f64;
    let mut out = PairVars {
        slot_of: Vec::new(),
        before: HashMap::new(),
        units: vec![Vec::new(); p.resources.len()],
        lower: vec![HashMap::new(); p.resources.len()],
    };
    for (i, o) in p.ops.iter().enumerate() {
        if o.uses.iter().any(|(r, _)| busy[*r]) {
            let y = vars.add(variable().integer().min(0).max(stage_max));
            let m = vars.add(variable().integer().min(0).max((slots - 1) as f64));
            out.slot_of.push((i, y, m));
        }
    }
    for (r, res) in p.resources.iter().enumerate().filter(|(r, _)| busy[*r]) {
        for (i, o) in p.ops.iter().enumerate() {
            for _ in 0..o.units_of(r) {
                let inst = (res.limit > 1)
                    .then(|| vars.add(variable().integer().min(0).max((res.limit - 1) as f64)));
                out.units[r].push((i, inst));
            }
        }
        let units = &out.units[r];
        for a in 0..units.len() {
            for b in a + 1..units.len() {
                let (i, j) = (units[a].0, units[b].0);
                if i == j {
                    continue; // units of one op: instances strictly increasing instead
                }
                for key in [(i, j), (j, i)] {
                    if !out.before.contains_key(&key) {
                        out.before.insert(key, vars.add(variable().binary()));
                    }
                }
                if res.limit > 1 {
                    out.lower[r].insert((a, b), vars.add(variable().binary()));
                    out.lower[r].insert((b, a), vars.add(variable().binary()));
                }
            }
        }
    }
    out
}

// Long because it is the ILP model, its variables and constraints written in the order a reader checks them against the formulation.
pub fn solve_with(
    p: &Problem,
    ii: u32,
    time_limit_s: f64,
    formulation: Formulation,
) -> Result<IlpOutcome, String> {
    if p.ops.is_empty() {
        return Ok(IlpOutcome::Solved(Schedule {
            ii: if p.modulo { ii } else { 0 },
            start: vec![],
        }));
    }
    let impossible = p
        .resources
        .iter()
        .enumerate()
        .any(|(r, res)| p.ops.iter().any(|o| o.units_of(r) > res.limit));
    if impossible {
        return Ok(IlpOutcome::Infeasible);
    }
    let t_max = horizon(p, ii);
    let slots = if p.modulo { ii } else { t_max + 1 };
    let mut vars = ProblemVariables::new();
    let t: Vec<Variable> = p
        .ops
        .iter()
        .map(|o| match o.pinned {
            Some(c) => vars.add(variable().integer().min(c as f64).max(c as f64)),
            None => vars.add(variable().integer().min(0).max(t_max as f64)),
        })
        .collect();
    let resource_vars = match formulation {
        Formulation::TimeIndexed => {
            // Slot choice for resource-limited ops.
            let busy = contended(p);
            let mut slot_vars: Vec<(usize, Vec<Variable>, Variable)> = Vec::new();
            for (i, o) in p.ops.iter().enumerate() {
                if o.uses.iter().any(|(r, _)| busy[*r]) {
                    let x: Vec<Variable> =
                        (0..slots).map(|_| vars.add(variable().binary())).collect();
                    let k = vars.add(
                        variable()
                            .integer()
                            .min(0)
                            .max((t_max / slots.max(1) + 1) as f64),
                    );
                    slot_vars.push((i, x, k));
                }
            }
            ResourceVars::Slots(slot_vars)
        }
        Formulation::Moovac => ResourceVars::Pairs(pair_vars(p, &mut vars, slots, t_max)),
    };
    // Objective: fewest register bits (each result held from when it is ready until its last
    // reader, a later iteration's reader counting II cycles per distance), then the
    // shortest schedule (fewest stages). The weight keeps the order strict: one register
    // bit-cycle is worth more than the whole schedule length.
    let mut lifetime: Vec<Option<Variable>> = vec![None; p.ops.len()];
    for d in p.deps.iter().filter(|d| d.data) {
        if p.ops[d.src].bits > 0 && lifetime[d.src].is_none() {
            lifetime[d.src] = Some(vars.add(variable().min(0)));
        }
    }
    let makespan = vars.add(variable().min(0));
    let weight = (t_max + 1) as f64;
    let registers: Expression = lifetime
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.map(|l| (p.ops[i].bits as f64) * l))
        .sum();
    let objective: Expression = weight * registers + makespan;
    let mut model = vars.minimise(objective).using(highs);
    model.set_verbose(std::env::var_os("HLS_HIGHS_LOG").is_some());
    // The feasibility-jump heuristic costs milliseconds on every solve and these models
    // solve at the root anyway.
    let model = model.set_option("mip_heuristic_run_feasibility_jump", false);
    // The II is what must be optimal; the register count within 2% of optimal is enough
    // and keeps the solve short.
    let model = model
        .set_mip_rel_gap(0.02)
        .map_err(|e| e.to_string())?
        .set_threads(1);
    let mut model = model.set_time_limit(time_limit_s);
    for d in &p.deps {
        let need = d.latency as f64 - (ii as f64) * d.distance as f64;
        model = model.with(constraint!(t[d.dst] - t[d.src] >= need));
    }
    for d in p.deps.iter().filter(|d| d.data) {
        if let Some(l) = lifetime[d.src] {
            let lat = p.ops[d.src].latency as f64;
            let carried = (ii as f64) * d.distance as f64;
            model = model.with(constraint!(l - t[d.dst] + t[d.src] >= carried - lat));
        }
    }
    for (i, o) in p.ops.iter().enumerate() {
        model = model.with(constraint!(makespan - t[i] >= o.latency as f64));
    }
    if let (Some(n), true) = (p.max_in_flight, p.modulo) {
        // Schedule::length is the last result's cycle + 1.
        model = model.with(constraint!(makespan <= (n * ii) as f64 - 1.0));
    }
    for (u, v) in p.chain_breaks() {
        model = model.with(constraint!(t[v] - t[u] >= 1.0));
    }
    match &resource_vars {
        ResourceVars::Slots(slot_vars) => {
            for (i, x, k) in slot_vars {
                let one: Expression = x.iter().map(|v| Expression::from(*v)).sum();
                model = model.with(constraint!(one == 1.0));
                let pos: Expression = x.iter().enumerate().map(|(r, v)| (r as f64) * *v).sum();
                model = model.with(constraint!(t[*i] == (slots as f64) * *k + pos));
            }
            let busy = contended(p);
            for (r, res) in p.resources.iter().enumerate().filter(|(r, _)| busy[*r]) {
                for s in 0..slots as usize {
                    let users: Expression = slot_vars
                        .iter()
                        .filter(|(i, _, _)| p.ops[*i].units_of(r) > 0)
                        .map(|(i, x, _)| (p.ops[*i].units_of(r) as f64) * x[s])
                        .sum();
                    model = model.with(constraint!(users <= res.limit as f64));
                }
            }
        }
        ResourceVars::Pairs(pv) => {
            let n = slots as f64;
            let mut m_of = HashMap::new();
            for (i, y, m) in &pv.slot_of {
                model = model.with(constraint!(t[*i] == n * *y + *m));
                m_of.insert(*i, *m);
            }
            // ε(i, j) = 1 ⇒ m[i] + 1 ≤ m[j].
            for ((i, j), e) in &pv.before {
                model = model.with(constraint!(m_of[i] + 1.0 <= m_of[j] + n * (1.0 - *e)));
            }
            for (r, units) in pv.units.iter().enumerate() {
                let limit = p.resources[r].limit as f64;
                // μ(a, b) = 1 ⇒ instance[a] + 1 ≤ instance[b].
                for ((a, b), mu) in &pv.lower[r] {
                    let (Some(ra), Some(rb)) = (units[*a].1, units[*b].1) else {
                        continue;
                    };
                    model = model.with(constraint!(ra + 1.0 <= rb + limit * (1.0 - *mu)));
                }
                for a in 0..units.len() {
                    for b in a + 1..units.len() {
                        let (i, j) = (units[a].0, units[b].0);
                        if i == j {
                            // Several units of one op: distinct instances, in order.
                            if let (Some(ra), Some(rb)) = (units[a].1, units[b].1) {
                                model = model.with(constraint!(ra + 1.0 <= rb));
                            }
                            continue;
                        }
                        // Different slots, or different instances.
                        let mut apart: Expression =
                            Expression::from(pv.before[&(i, j)]) + pv.before[&(j, i)];
                        if let (Some(ab), Some(ba)) =
                            (pv.lower[r].get(&(a, b)), pv.lower[r].get(&(b, a)))
                        {
                            apart = apart + *ab + *ba;
                        }
                        model = model.with(constraint!(apart >= 1.0));
                    }
                }
            }
        }
    }
    match model.solve() {
        Ok(sol) => {
            let start = t
                .iter()
                .map(|v| sol.value(*v).round().max(0.0) as u32)
                .collect();
            let s = Schedule {
                ii: if p.modulo { ii } else { 0 },
                start,
            };
            Ok(match sol.status() {
                good_lp::SolutionStatus::TimeLimit => IlpOutcome::Incumbent(s),
                _ => IlpOutcome::Solved(s),
            })
        }
        Err(ResolutionError::Infeasible) => Ok(IlpOutcome::Infeasible),
        // HiGHS stopped by its time limit, with or without an incumbent.
        Err(ResolutionError::Other(msg))
            if msg.contains("ime limit") || msg.contains("NoSolutionFound") =>
        {
            Ok(IlpOutcome::TimedOut)
        }
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Dependence, Operation, Resource};
    use crate::{mii, synthetic};

    fn op(name: &str, latency: u32, uses: Vec<(usize, u32)>) -> Operation {
        Operation::for_test(name, latency, uses)
    }

    /// Smallest II each formulation finds (every schedule verified), or None.
    fn smallest_ii(p: &Problem, f: Formulation) -> Option<u32> {
        let m = mii::res_mii(p).ii.max(mii::rec_mii(p).ii);
        (m..m + 40).find(
            |ii| match solve_with(p, *ii, 30.0, f).expect("solver runs") {
                IlpOutcome::Solved(s) => {
                    p.verify(&s).expect("verified");
                    true
                }
                _ => false,
            },
        )
    }

    #[test]
    fn both_formulations_respect_multi_unit_resources() {
        // Two ports; a write to both replicates takes both. Four units in all: II 2.
        let p = Problem {
            ops: vec![
                op("w", 1, vec![(0, 2)]),
                op("r1", 1, vec![(0, 1)]),
                op("r2", 1, vec![(0, 1)]),
                op("x", 0, vec![(1, 1)]),
                op("y", 0, vec![(1, 1)]),
            ],
            deps: vec![Dependence {
                src: 1,
                dst: 0,
                latency: 1,
                distance: 0,
                data: true,
            }],
            resources: vec![
                Resource {
                    name: "ports".into(),
                    limit: 2,
                },
                Resource {
                    name: "single".into(),
                    limit: 1,
                },
            ],
            clock_period_ns: 4.0,
            modulo: true,
            max_in_flight: None,
        };
        assert_eq!(mii::res_mii(&p).ii, 2);
        for f in [Formulation::TimeIndexed, Formulation::Moovac] {
            assert_eq!(smallest_ii(&p, f), Some(2), "{f:?}");
        }
        // An op that needs more units than exist can never be placed.
        let mut q = p.clone();
        q.ops[0].uses = vec![(0, 3)];
        for f in [Formulation::TimeIndexed, Formulation::Moovac] {
            assert!(matches!(
                solve_with(&q, 8, 10.0, f).unwrap(),
                IlpOutcome::Infeasible
            ));
        }
    }

    #[test]
    fn both_formulations_reach_the_same_ii_on_synthetic_loops() {
        for (n, seed) in [(10, 1), (30, 7), (50, 42)] {
            let p = synthetic::loop_body(n, seed);
            let a = smallest_ii(&p, Formulation::TimeIndexed);
            let b = smallest_ii(&p, Formulation::Moovac);
            assert!(a.is_some());
            assert_eq!(a, b, "{n} ops, seed {seed}");
        }
    }
}
