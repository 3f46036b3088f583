//! Modulo scheduling as an integer linear program (good_lp + HiGHS), in the time-indexed
//! spirit of Eichenberger–Davidson: each resource-limited op picks one modulo slot
//! (binary x[i][r]) and a stage k[i], with t[i] = II·k[i] + Σ r·x[i][r]; dependences are
//! difference constraints; operator chaining adds t[v] ≥ t[u] + 1 for over-long chains.
//! Among the schedules at that II it picks the one with the fewest register bits, then the
//! shortest.

use crate::problem::{Problem, Schedule};
use good_lp::solvers::highs::highs;
use good_lp::{
    constraint, variable, Expression, ProblemVariables, ResolutionError, Solution, SolverModel,
    Variable,
};

pub enum IlpOutcome {
    Solved(Schedule),
    Infeasible,
    TimedOut,
}

/// Upper bound on any start time: enough room for every op to run after the previous.
pub fn horizon(p: &Problem, ii: u32) -> u32 {
    p.ops.iter().map(|o| o.latency.max(1)).sum::<u32>() + ii + 2
}

/// Is the time-indexed model small enough to build and solve at `ii` (one binary per
/// resource-limited op and modulo slot)? Beyond this, building it alone takes seconds.
pub fn fits(p: &Problem, ii: u32) -> bool {
    let limited = p.ops.iter().filter(|o| !o.uses.is_empty()).count() as u64;
    limited * ii as u64 <= 200_000
}

pub fn solve_at(p: &Problem, ii: u32, time_limit_s: f64) -> Result<IlpOutcome, String> {
    if p.ops.is_empty() {
        return Ok(IlpOutcome::Solved(Schedule {
            ii: if p.modulo { ii } else { 0 },
            start: vec![],
        }));
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
    // Slot choice for resource-limited ops.
    let mut slot_vars: Vec<(usize, Vec<Variable>, Variable)> = Vec::new();
    for (i, o) in p.ops.iter().enumerate() {
        if !o.uses.is_empty() {
            let x: Vec<Variable> = (0..slots).map(|_| vars.add(variable().binary())).collect();
            let k = vars.add(
                variable()
                    .integer()
                    .min(0)
                    .max((t_max / slots.max(1) + 1) as f64),
            );
            slot_vars.push((i, x, k));
        }
    }
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
    for (i, x, k) in &slot_vars {
        let one: Expression = x.iter().map(|v| Expression::from(*v)).sum();
        model = model.with(constraint!(one == 1.0));
        let pos: Expression = x.iter().enumerate().map(|(r, v)| (r as f64) * *v).sum();
        model = model.with(constraint!(t[*i] == (slots as f64) * *k + pos));
    }
    for (r, res) in p.resources.iter().enumerate() {
        for s in 0..slots as usize {
            let users: Expression = slot_vars
                .iter()
                .filter(|(i, _, _)| p.ops[*i].units_of(r) > 0)
                .map(|(i, x, _)| (p.ops[*i].units_of(r) as f64) * x[s])
                .sum();
            model = model.with(constraint!(users <= res.limit as f64));
        }
    }
    match model.solve() {
        Ok(sol) => {
            let start = t
                .iter()
                .map(|v| sol.value(*v).round().max(0.0) as u32)
                .collect();
            Ok(IlpOutcome::Solved(Schedule {
                ii: if p.modulo { ii } else { 0 },
                start,
            }))
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
