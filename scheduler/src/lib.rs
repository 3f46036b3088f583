//! Scheduling: from a unit of the IR and a board's resource model to start times.
//!
//! `problem` is the plain model and its verifier; `mii` the lower bounds; `ilp` the solver.
//! This module maps IR operations onto operator classes of the board — the only place that
//! knows both — and explains the II it reaches.

pub mod address_ranges;
pub mod culprits;
pub mod ilp;
pub mod ims;
pub mod memories;
pub mod mii;
mod pipes;
pub mod problem;
pub mod synthetic;
pub mod text;

use boards::Board;
use ir::*;
use problem::{Dependence, Operation, Problem, Resource};
use serde::Serialize;
use std::collections::HashMap;

#[derive(Debug, thiserror::Error)]
pub enum SchedError {
    #[error(
        "unit '{unit}': requested II {requested} is below the recurrence bound {rec_mii}: {why}"
    )]
    RequestedIiTooLow {
        unit: String,
        requested: u32,
        rec_mii: u32,
        why: String,
    },
    #[error("unit '{unit}': the ILP solver failed: {message}")]
    Solver { unit: String, message: String },
    #[error("unit '{unit}': no schedule found up to II {max_ii}")]
    NoSchedule { unit: String, max_ii: u32 },
    #[error("unit '{unit}': internal error, the schedule failed verification: {source}")]
    Verify {
        unit: String,
        source: problem::VerifyError,
    },
}

/// The schedule of one unit, with everything the report and rtl-gen need.
#[derive(Debug, Clone, Serialize)]
pub struct UnitSchedule {
    pub pipelined: bool,
    pub ii: u32,
    pub mii: u32,
    pub res_mii: u32,
    pub rec_mii: u32,
    /// Start cycle of each IR op (indexed by OpId).
    pub start: Vec<u32>,
    /// Latency of each IR op on this board.
    pub latency: Vec<u32>,
    /// Cycles from issue to the last result.
    pub depth: u32,
    /// Pipeline stages: depth in units of II (iterations in flight at once).
    pub stages: u32,
    /// Bits held in pipeline registers: each value from when it is ready until its last
    /// reader (a later iteration's reader counts II cycles per distance).
    pub register_bits: u64,
    pub bottleneck: String,
    pub solver: String,
    pub solve_ms: f64,
    pub problem: Problem,
    /// The schedule of `problem` (its ops beyond the unit's are the iteration's issue).
    pub schedule: problem::Schedule,
}

/// Operator class (board table key) of an IR op, if it has one.
pub fn operator_class(op: &Op) -> Option<&'static str> {
    Some(match &op.kind {
        OpKind::FloatUnary(FloatUnaryOp::Sqrt) if op.ty.bits() == 64 => "fp64_sqrt",
        OpKind::Fma if op.ty.bits() == 64 => "fp64_fma",
        OpKind::Fma if op.ty.bits() == 16 => "fp16_fma",
        OpKind::Int(IntBinOp::Add | IntBinOp::Sub) if op.ty.bits() == 64 => "int_add64",
        OpKind::Int(IntBinOp::Add | IntBinOp::Sub) => "int_add",
        OpKind::Int(IntBinOp::And | IntBinOp::Or | IntBinOp::Xor) => "int_logic",
        OpKind::Int(IntBinOp::Shl | IntBinOp::LShr | IntBinOp::AShr) => "int_shift",
        OpKind::Int(IntBinOp::Mul) if op.ty.bits() == 64 => "int_mul64",
        OpKind::Int(IntBinOp::Mul) => "int_mul",
        OpKind::Int(IntBinOp::SDiv | IntBinOp::UDiv | IntBinOp::SRem | IntBinOp::URem)
            if op.ty.bits() == 64 =>
        {
            "int_div64"
        }
        OpKind::Int(IntBinOp::SDiv | IntBinOp::UDiv | IntBinOp::SRem | IntBinOp::URem) => "int_div",
        OpKind::FCmp(_) => "fp32_cmp",
        OpKind::Fma => "fp32_fma",
        OpKind::IntUnary(_) => "int_bits",
        OpKind::FloatUnary(FloatUnaryOp::Neg | FloatUnaryOp::Abs) => "cast",
        OpKind::FloatUnary(FloatUnaryOp::Sqrt) => "fp32_sqrt",
        OpKind::FloatUnary(_) => "fp32_round",
        OpKind::Convert(ConvertOp::SIToF(_) | ConvertOp::UIToF(_)) => "int_to_fp",
        OpKind::Convert(ConvertOp::FToSI | ConvertOp::FToUI) => "fp_to_int",
        OpKind::Convert(_) => "fp32_convert",
        OpKind::Cmp(_) => "int_cmp",
        OpKind::Select => "select",
        OpKind::Cast(_) => "cast",
        // Double arithmetic has its own cores (and latencies).
        OpKind::Float(FloatBinOp::Add | FloatBinOp::Sub) if op.ty.bits() == 64 => "fp64_add",
        OpKind::Float(FloatBinOp::Mul) if op.ty.bits() == 64 => "fp64_mul",
        OpKind::Float(FloatBinOp::Div) if op.ty.bits() == 64 => "fp64_div",
        OpKind::Float(FloatBinOp::Add | FloatBinOp::Sub) => "fp32_add",
        OpKind::Float(FloatBinOp::Mul) => "fp32_mul",
        OpKind::Float(FloatBinOp::Div) => "fp32_div",
        OpKind::Math(f) => boards::math_class(f, op.ty.bits()),
        _ => return None,
    })
}

/// How reports name an operation: `v18 FAdd 'add4' at gemm.cl:9` (its id, kind, source
/// name and source line).
pub fn op_label(kernel: &Kernel, body: &Body, id: OpId) -> String {
    let op = body.op(id);
    let kind = match &op.kind {
        OpKind::Load(m) => format!("Load '{}'", kernel.memory(*m).name),
        OpKind::Store(m) => format!("Store '{}'", kernel.memory(*m).name),
        OpKind::Int(b) => format!("{b:?}"),
        OpKind::Float(b) => format!("F{b:?}"),
        OpKind::Cmp(c) => format!("Cmp{c:?}"),
        k => format!("{k:?}")
            .split('(')
            .next()
            .unwrap_or("op")
            .to_string(),
    };
    let at = op
        .loc
        .map(|l| format!(" at {}", kernel.line_of(l)))
        .unwrap_or_default();
    match &op.name {
        Some(n) => format!("v{} {kind} '{n}'{at}", id.0),
        None => format!("v{} {kind}{at}", id.0),
    }
}

/// Cycles from an on-chip read's start to its data: the RAM's registered read, and one more
/// for a double-pumped RAM (its second request is served in the second half cycle).
pub fn onchip_read_latency(board: &Board, g: &Geometry) -> u32 {
    if g.implementation == MemImpl::Registers {
        1
    } else {
        board.onchip.ram_read_latency + u32::from(g.pump == 2)
    }
}

fn onchip_resource_name(mem: &str, g: &Geometry, bank: u32, write_res: bool) -> String {
    let ports = match (g.simple_dual_port, write_res) {
        (false, _) => "ports",
        (true, false) => "read ports",
        (true, true) => "write port",
    };
    if g.banks == 1 {
        format!("{ports} of on-chip '{mem}'")
    } else {
        format!("{ports} of bank {bank} of on-chip '{mem}'")
    }
}

/// Builds the scheduling problem of a unit on a board.
pub fn build_problem(kernel: &Kernel, unit: &Unit, board: &Board) -> Problem {
    let body = &unit.body;
    let modulo = !matches!(unit.kind, UnitKind::Block);
    let mut resources: Vec<Resource> = Vec::new();
    let mut resource_of: HashMap<String, usize> = HashMap::new();
    let mut ops = Vec::with_capacity(body.len() + 1);
    for (id, op) in body.ops() {
        let (latency, delay_ns, uses) = match op.kind {
            OpKind::Load(m) | OpKind::Store(m) if kernel.memory(m).geometry.is_some() => {
                let mem = kernel.memory(m);
                let g = mem.geometry.as_ref().expect("checked by the guard");
                let is_store = matches!(op.kind, OpKind::Store(_));
                let mut uses = Vec::new();
                if g.implementation != MemImpl::Registers {
                    for ((bank, write_res), units) in
                        memories::access_uses(kernel, body, id, g, is_store)
                    {
                        let name = onchip_resource_name(&mem.name, g, bank, write_res);
                        let next = resources.len();
                        let r = *resource_of.entry(name.clone()).or_insert(next);
                        if r == resources.len() {
                            resources.push(Resource {
                                name,
                                limit: memories::port_limit(g, write_res),
                            });
                        }
                        uses.push((r, units));
                    }
                }
                let latency = if is_store {
                    1
                } else {
                    onchip_read_latency(board, g)
                };
                (latency, 0.0, uses)
            }
            // A pipe moves a packet a cycle. A read takes its FIFO's head register a cycle
            // after it issues, as a global load's pop comes after its request: the stall
            // on an empty FIFO is decided a cycle ahead from the stage before the pop, which
            // the issue stage has not. A store enters its queue's input register.
            OpKind::Load(m) | OpKind::Store(m) if kernel.memory(m).is_pipe() => {
                let name = format!("pipe '{}'", kernel.memory(m).name);
                let next = resources.len();
                let r = *resource_of.entry(name.clone()).or_insert(next);
                if r == resources.len() {
                    resources.push(Resource { name, limit: 1 });
                }
                (1, board.operator("select").delay_ns, vec![(r, 1)])
            }
            // A load of a buffer behind load-store units has a unit of its own (one per
            // load site): it shares no request port with the buffer's other loads.
            OpKind::Load(m) if kernel.memory(m).port_bits.is_some() => (
                board.memory.load_latency(),
                board.operator("select").delay_ns,
                vec![],
            ),
            OpKind::Load(m) | OpKind::Store(m) => {
                let is_load = matches!(op.kind, OpKind::Load(_));
                let name = format!(
                    "{} port of buffer '{}'",
                    if is_load { "read" } else { "write" },
                    kernel.memory(m).name
                );
                let next = resources.len();
                let r = *resource_of.entry(name.clone()).or_insert(next);
                if r == resources.len() {
                    let limit = if is_load {
                        board.memory.read_ports_per_master
                    } else {
                        board.memory.write_ports_per_master
                    };
                    resources.push(Resource { name, limit });
                }
                // The request enters its queue's input register through the mux of the
                // buffer's access sites (an AND-OR of each site's issue and address).
                (
                    if is_load {
                        board.memory.load_latency()
                    } else {
                        1
                    },
                    board.operator("select").delay_ns,
                    vec![(r, 1)],
                )
            }
            // A loop-carried value is a multiplexer in the RTL: the next iteration's value
            // once the stage's valid bit says the loop is running, else the initial one.
            OpKind::CarriedPhi => (0, board.operator("select").delay_ns, vec![]),
            _ => match operator_class(op) {
                Some(class) => {
                    let t = board.operator(class);
                    // A shift by a constant is wiring.
                    let free = class == "int_shift"
                        && matches!(body.op(op.operands[1]).kind, OpKind::Const(_));
                    // A staged core's first stage is logic from its inputs: where the
                    // family measured the core, that stage may take its whole period, so
                    // what chains in front of it must fit beside it.
                    let first_stage = match board.core_fmax.get(class) {
                        Some(f) if t.latency > 0 && t.delay_ns == 0.0 => 1000.0 / f,
                        _ => t.delay_ns,
                    };
                    (t.latency, if free { 0.0 } else { first_stage }, vec![])
                }
                None => (0, 0.0, vec![]),
            },
        };
        // Work-item ids change as soon as the next work-item issues: read them at issue.
        let pinned = match (&unit.kind, &op.kind) {
            (UnitKind::WorkItems, OpKind::WorkItem(..) | OpKind::LastWorkItem) => Some(0),
            _ => None,
        };
        ops.push(Operation {
            name: op_label(kernel, body, id),
            latency,
            delay_ns,
            uses,
            pinned,
            bits: if matches!(op.kind, OpKind::Store(_)) {
                0
            } else {
                op.ty.bits()
            },
        });
    }
    let mut deps = Vec::new();
    for (src, dst, dep) in body.deps() {
        let l_src = ops[src.index()].latency;
        let onchip = |o: &OpKind| match o {
            OpKind::Load(m) | OpKind::Store(m) => kernel.memory(*m).geometry.clone(),
            _ => None,
        };
        let latency = match (dep.kind, &body.op(src).kind) {
            // On chip: a read takes its data at its start cycle and a write lands at the end
            // of its cycle; a pumped port serves two requests per cycle in an order of its
            // own, so nothing may share the cycle with a write.
            (DepKind::Order, k) if onchip(k).is_some() => {
                let g = onchip(k).expect("checked");
                match k {
                    OpKind::Load(_) if g.pump == 1 => 0,
                    _ => 1,
                }
            }
            // A store may reach memory only after every earlier read of that buffer returned.
            (DepKind::Order, OpKind::Load(_)) => l_src,
            // A load after a store to the same buffer reads memory only once the write
            // is acknowledged (the hardware fences it too).
            (DepKind::Order, OpKind::Store(_)) if matches!(body.op(dst).kind, OpKind::Load(_)) => {
                board.memory.store_visible_latency
            }
            (DepKind::Order, _) => 1,
            // Values carried to a later iteration live in a register.
            (DepKind::Data, _) if dep.distance > 0 => l_src.max(1),
            (DepKind::Data, _) => l_src,
        };
        deps.push(Dependence {
            src: src.index(),
            dst: dst.index(),
            latency,
            distance: dep.distance,
            data: dep.kind == DepKind::Data,
        });
    }
    if matches!(unit.kind, UnitKind::WorkItems) {
        deps.extend(memories::private_copy_bounds(kernel, body));
    }
    if let UnitKind::Loop { cont, controls, .. } = &unit.kind {
        add_loop_issue(kernel, body, *cont, controls, &mut ops, &mut deps);
    }
    pipes::place_writes(kernel, body, &mut ops, &mut deps);
    Problem {
        ops,
        deps,
        resources,
        clock_period_ns: board.clock_period_ns(),
        modulo,
        max_in_flight: match &unit.kind {
            UnitKind::Loop { controls, .. } => controls.max_concurrency.filter(|n| *n > 0),
            _ => None,
        },
    }
}

/// A loop's issue point: an op pinned at cycle 0 that every op of the iteration follows,
/// and the dependence from the exit test to the next iteration's issue (II cycles later,
/// or with SpeculatedIterationsINTEL N, N + 1 iterations later, every access but an
/// on-chip read of the next iteration after the test).
fn add_loop_issue(
    kernel: &Kernel,
    body: &Body,
    cont: OpId,
    controls: &LoopControls,
    ops: &mut Vec<Operation>,
    deps: &mut Vec<Dependence>,
) {
    let issue = ops.len();
    ops.push(Operation {
        name: "issue".into(),
        latency: 0,
        delay_ns: 0.0,
        uses: vec![],
        pinned: Some(0),
        bits: 0,
    });
    let speculated = controls.speculated_iterations.unwrap_or(0);
    let cont_latency = ops[cont.index()].latency;
    if speculated == 0 {
        // The next iteration issues II cycles after this one only if `cont` is known
        // (and registered) by then.
        deps.push(Dependence {
            src: cont.index(),
            dst: issue,
            latency: cont_latency.max(1),
            distance: 1,
            data: false,
        });
    } else {
        // SpeculatedIterationsINTEL N: iterations issue every II regardless, and the
        // exit test, registered (`cont` ready + 1), squashes the younger ones in flight.
        // At most N of them: iteration i + N + 1 issues only once i's test is known.
        deps.push(Dependence {
            src: cont.index(),
            dst: issue,
            latency: cont_latency + 1,
            distance: speculated + 1,
            data: false,
        });
        // A squashed iteration must not have touched memory: every access except an
        // on-chip read (no state, no queue) of iteration i + 1 comes after i's test is
        // known, one cycle after it is registered (the squash takes a clock edge).
        for (id, op) in body.ops() {
            let onchip_read =
                matches!(op.kind, OpKind::Load(m) if kernel.memory(m).geometry.is_some());
            if op.is_memory() && !onchip_read {
                deps.push(Dependence {
                    src: cont.index(),
                    dst: id.index(),
                    latency: cont_latency + 2,
                    distance: 1,
                    data: false,
                });
            }
        }
    }
    // Every op of an iteration starts at or after its issue: this closes the cycle
    // through the exit test, so RecMII (and the report) see it.
    for op in 0..issue {
        deps.push(Dependence {
            src: issue,
            dst: op,
            latency: 0,
            distance: 0,
            data: false,
        });
    }
}

/// How long the ILP may improve the registers of a schedule whose II is already optimal.
const REGISTER_ILP_LIMIT_S: f64 = 2.0;

/// Total time the ILP may spend on one loop before the heuristic takes over.
pub const ILP_BUDGET: std::time::Duration = std::time::Duration::from_secs(8);

/// The outcome of searching II upward from a first candidate.
pub struct IiSearch {
    pub schedule: Option<problem::Schedule>,
    /// IIs where the ILP ran out of time (so they are not proven infeasible).
    pub timed_out: Vec<u32>,
    /// The schedule came from iterative modulo scheduling, not the ILP.
    pub heuristic: bool,
}

/// The smallest II from `first` whose schedule is found and verified: the ILP while its
/// time budget lasts (each II it refutes is proven infeasible), then iterative modulo
/// scheduling for the rest.
pub fn search_ii(
    p: &Problem,
    first: u32,
    last: u32,
    budget: std::time::Duration,
) -> Result<IiSearch, String> {
    let began = std::time::Instant::now();
    let mut out = IiSearch {
        schedule: None,
        timed_out: Vec::new(),
        heuristic: false,
    };
    // The heuristic first, at the lower bound: a schedule there has the optimal II whoever
    // finds it, and the ILP then only has registers to improve (within a shorter limit;
    // the heuristic's schedule stands if it runs out, never a half-improved incumbent, so
    // the result does not depend on how far the solver got). The limit is wall-clock: a
    // loop whose solve takes about as long gets either schedule, depending on the
    // machine's load; 2 s keeps the loops of tests/kernels well clear of it.
    if let Some(h) = ims::schedule(p, first, 64).filter(|s| p.verify(s).is_ok()) {
        let left = budget.saturating_sub(began.elapsed()).as_secs_f64();
        if ilp::fits(p, first) && left > 0.05 {
            if let ilp::IlpOutcome::Solved(s) =
                ilp::solve_at(p, first, left.min(REGISTER_ILP_LIMIT_S))?
            {
                if p.verify(&s).is_ok() {
                    out.schedule = Some(s);
                    return Ok(out);
                }
            }
        }
        out.schedule = Some(h);
        out.heuristic = true;
        return Ok(out);
    }
    for ii in first..=last {
        let left = budget.saturating_sub(began.elapsed()).as_secs_f64();
        if !ilp::fits(p, ii) {
            out.timed_out.push(ii);
        } else if left > 0.05 {
            match ilp::solve_at(p, ii, left.min(5.0))? {
                ilp::IlpOutcome::Solved(s) if p.verify(&s).is_ok() => {
                    out.schedule = Some(s);
                    return Ok(out);
                }
                // Feasible at this II, the lower ones refuted; the heuristic's schedule at
                // this II where it finds one (the same on every run), else the incumbent.
                ilp::IlpOutcome::Incumbent(s) if p.verify(&s).is_ok() => {
                    match ims::schedule(p, ii, 64).filter(|h| p.verify(h).is_ok()) {
                        Some(h) => {
                            out.schedule = Some(h);
                            out.heuristic = true;
                        }
                        None => out.schedule = Some(s),
                    }
                    return Ok(out);
                }
                ilp::IlpOutcome::Infeasible => continue,
                _ => out.timed_out.push(ii),
            }
        }
        if let Some(s) = ims::schedule(p, ii, 64).filter(|s| p.verify(s).is_ok()) {
            out.schedule = Some(s);
            out.heuristic = true;
            return Ok(out);
        }
    }
    Ok(out)
}

/// A recurrence in words: its operations in order, each with the cycles it takes before the
/// next may start, then the cycles around the loop and the iterations they span:
/// `v3 CarriedPhi 'acc' at gemm.cl:9 -> v17 FAdd 'add' at gemm.cl:9 (8 cycles): 8 cycles
/// over distance 1`.
fn recurrence_text(p: &Problem, cycle: &[usize]) -> String {
    let breaks = if cycle.is_empty() {
        Vec::new()
    } else {
        p.chain_breaks()
    };
    let mut total = (0u32, 0u32);
    let steps: Vec<String> = cycle
        .iter()
        .enumerate()
        .map(|(k, &a)| {
            let b = cycle[(k + 1) % cycle.len()];
            // The edge the cycle takes: the tightest from a to b.
            let edge = p
                .deps
                .iter()
                .filter(|d| d.src == a && d.dst == b)
                .max_by_key(|d| (d.latency, std::cmp::Reverse(d.distance)));
            let (lat, dist) = edge.map_or((0, 0), |d| (d.latency, d.distance));
            // No dependence but a chain over the clock: the path must cross a register.
            if edge.is_none() && breaks.contains(&(a, b)) {
                total.0 += 1;
                return format!(
                    "{} (its chained logic to the next exceeds the {} ns clock: 1 cycle)",
                    p.ops[a].name, p.clock_period_ns
                );
            }
            total = (total.0 + lat, total.1 + dist);
            match lat {
                0 => p.ops[a].name.clone(),
                n => format!("{} ({})", p.ops[a].name, cycles(n)),
            }
        })
        .collect();
    format!(
        "{}: {} over distance {}",
        steps.join(" -> "),
        cycles(total.0),
        total.1
    )
}

/// Seconds each solve of the culprit search may take (it runs only when II lands above its
/// bounds, once per relaxed constraint group).
const CULPRIT_BUDGET_S: f64 = 2.0;

fn cycles(n: u32) -> String {
    if n == 1 {
        "1 cycle".into()
    } else {
        format!("{n} cycles")
    }
}

/// Schedules one unit: MII bounds, then the ILP from MII upward, then the verifier.
// Long because the II search, its explanation and the register count belong to one unit's result.
pub fn schedule_unit(
    kernel: &Kernel,
    unit: &Unit,
    board: &Board,
) -> Result<UnitSchedule, SchedError> {
    let p = build_problem(kernel, unit, board);
    let began = std::time::Instant::now();
    let res = mii::res_mii(&p);
    let rec = mii::rec_mii(&p);
    let mii = res.ii.max(rec.ii);
    let rec_text = |cycle: &[usize]| recurrence_text(&p, cycle);
    let mut solver_used = "ilp (good_lp + HiGHS)".to_string();
    let (schedule, bottleneck) = if p.modulo {
        let mut first_ii = mii;
        let mut requested = None;
        if let UnitKind::Loop { controls, .. } = &unit.kind {
            if let Some(req) = controls.requested_ii {
                if req < rec.ii {
                    return Err(SchedError::RequestedIiTooLow {
                        unit: unit.name.clone(),
                        requested: req,
                        rec_mii: rec.ii,
                        why: format!("recurrence {}", rec_text(&rec.cycle)),
                    });
                }
                first_ii = first_ii.max(req);
                requested = Some(format!("InitiationIntervalINTEL {req}"));
            }
            if controls.pipelining_disabled {
                // Iterations must not overlap: II is the length of one iteration.
                let mut single = p.clone();
                single.modulo = false;
                if let Ok(ilp::IlpOutcome::Solved(s) | ilp::IlpOutcome::Incumbent(s)) =
                    ilp::solve_at(&single, 1, 30.0)
                {
                    first_ii = first_ii.max(s.length(&single));
                    requested = Some("PipelineEnableINTEL 0 (iterations do not overlap)".into());
                }
            }
        }
        let max_ii = mii + ilp::horizon(&p, mii);
        let search =
            search_ii(&p, first_ii, max_ii, ILP_BUDGET).map_err(|message| SchedError::Solver {
                unit: unit.name.clone(),
                message,
            })?;
        let timed_out = search.timed_out.clone();
        if search.heuristic {
            solver_used = if search.timed_out.is_empty() {
                "iterative modulo scheduling at the lower bound (II optimal; registers not minimised: the ILP ran out of time)".into()
            } else {
                "iterative modulo scheduling (the ILP did not finish)".into()
            };
        }
        let s = search.schedule.ok_or(SchedError::NoSchedule {
            unit: unit.name.clone(),
            max_ii,
        })?;
        let why = if let (Some(req), true) = (&requested, s.ii == first_ii && first_ii > mii) {
            format!("requested by {req}; the bounds allow II {mii}")
        } else if !timed_out.is_empty() {
            format!(
                "the ILP did not finish at II {:?} (time limit, or too large a model); II {} comes from {} (not proven optimal)",
                timed_out,
                s.ii,
                if search.heuristic { "iterative modulo scheduling" } else { "the ILP" }
            )
        } else if let (Some(n), true) = (p.max_in_flight, s.ii > mii) {
            format!(
                "MaxConcurrencyINTEL {n}: an iteration of {} cycles with at most {n} in flight needs II {} (the bounds allow II {mii})",
                s.length(&p),
                s.ii
            )
        } else if s.ii > mii {
            // Name what makes the II below infeasible (a deletion filter over chaining and
            // the resources); without a verdict in time, say what is known.
            culprits::explain(&p, s.ii - 1, CULPRIT_BUDGET_S).unwrap_or_else(|| {
                format!(
                    "no schedule exists at II {first_ii}..{} (resource and chaining constraints together; naming the culprits did not finish in time)",
                    s.ii - 1
                )
            })
        } else if rec.ii >= res.ii && rec.ii > 1 {
            format!("recurrence: {}", rec_text(&rec.cycle))
        } else if res.ii > 1 {
            format!("resource: {}", res.resource.clone().unwrap_or_default())
        } else if !rec.cycle.is_empty() {
            format!(
                "II 1 is the minimum (the recurrence {} needs 1 too)",
                rec_text(&rec.cycle)
            )
        } else {
            "II 1 is the minimum; nothing bounds it higher".into()
        };
        // Every explanation points into the source: where it names no operation's line,
        // it names the loop's.
        let why = match unit.loc.map(|l| kernel.line_of(l)) {
            Some(line) if !why.contains(" at ") && !why.contains(&line) => {
                format!("{why} (the loop at {line})")
            }
            _ => why,
        };
        (s, why)
    } else {
        match ilp::solve_at(&p, 1, 30.0).map_err(|message| SchedError::Solver {
            unit: unit.name.clone(),
            message,
        })? {
            ilp::IlpOutcome::Solved(mut s) => {
                s.ii = s.length(&p);
                (s, "straight-line code (not pipelined)".to_string())
            }
            // A long block on few ports (clspv unrolls a 128-element memset into 128
            // stores) can outlast the ILP's budget: a list schedule (the modulo heuristic
            // with an II past the horizon, so nothing wraps) is then taken, verified below.
            ilp::IlpOutcome::TimedOut | ilp::IlpOutcome::Incumbent(_)
                if let Some(mut s) = ims::schedule(&p, ilp::horizon(&p, 1), 64) =>
            {
                s.ii = s.length(&p);
                (
                    s,
                    "straight-line code (not pipelined; list-scheduled: the ILP did not finish in 30 s)"
                        .to_string(),
                )
            }
            _ => {
                return Err(SchedError::NoSchedule {
                    unit: unit.name.clone(),
                    max_ii: 0,
                })
            }
        }
    };
    p.verify(&schedule).map_err(|source| SchedError::Verify {
        unit: unit.name.clone(),
        source,
    })?;
    let solve_ms = began.elapsed().as_secs_f64() * 1e3;
    let n = unit.body.len();
    let depth = schedule.length(&p);
    let ii_for_lifetimes = schedule.ii.max(1) as i64;
    let mut last_read = vec![0i64; n];
    for (src, dst, dep) in unit.body.deps() {
        if dep.kind == DepKind::Data {
            let t = schedule.start[dst.index()] as i64 + ii_for_lifetimes * dep.distance as i64;
            let r = &mut last_read[src.index()];
            *r = (*r).max(t - (schedule.start[src.index()] + p.ops[src.index()].latency) as i64);
        }
    }
    let register_bits = unit
        .body
        .ops()
        .map(|(id, op)| last_read[id.index()].max(0) as u64 * op.ty.bits() as u64)
        .sum();
    Ok(UnitSchedule {
        pipelined: p.modulo,
        stages: depth.div_ceil(schedule.ii.max(1)),
        register_bits,
        ii: schedule.ii,
        mii: if p.modulo { mii } else { 0 },
        res_mii: if p.modulo { res.ii } else { 0 },
        rec_mii: if p.modulo { rec.ii } else { 0 },
        start: schedule.start[..n].to_vec(),
        latency: p.ops[..n].iter().map(|o| o.latency).collect(),
        depth,
        bottleneck,
        solver: solver_used,
        solve_ms,
        problem: p,
        schedule,
    })
}

pub use problem::VerifyError;

#[cfg(test)]
mod tests {
    use super::problem::*;
    use super::*;

    fn op(name: &str, latency: u32, resource: Option<usize>) -> Operation {
        Operation::for_test(
            name,
            latency,
            resource.map(|r| vec![(r, 1)]).unwrap_or_default(),
        )
    }
    fn dep(src: usize, dst: usize, latency: u32, distance: u32) -> Dependence {
        Dependence {
            src,
            dst,
            latency,
            distance,
            data: true,
        }
    }

    /// acc = acc + load(a[i]): a recurrence of 8 cycles through the adder.
    fn accumulate() -> Problem {
        Problem {
            ops: vec![
                op("load", 64, Some(0)),
                op("phi", 0, None),
                op("fadd", 8, None),
            ],
            deps: vec![dep(0, 2, 64, 0), dep(1, 2, 0, 0), dep(2, 1, 8, 1)],
            resources: vec![Resource {
                name: "read port".into(),
                limit: 1,
            }],
            clock_period_ns: 4.0,
            modulo: true,
            max_in_flight: None,
        }
    }

    #[test]
    fn rec_mii_is_the_cycle_ratio_and_names_the_cycle() {
        let p = accumulate();
        let rec = mii::rec_mii(&p);
        assert_eq!(rec.ii, 8);
        let mut names: Vec<&str> = rec.cycle.iter().map(|i| p.ops[*i].name.as_str()).collect();
        names.sort();
        assert_eq!(names, ["fadd", "phi"]);
    }

    #[test]
    fn res_mii_counts_uses_per_port() {
        let mut p = accumulate();
        p.ops.push(op("load2", 64, Some(0)));
        p.ops.push(op("load3", 64, Some(0)));
        let res = mii::res_mii(&p);
        assert_eq!(res.ii, 3);
        assert!(res.resource.unwrap().contains("read port"));
    }

    #[test]
    fn ilp_reaches_mii_and_the_verifier_accepts_it() {
        let p = accumulate();
        let ilp::IlpOutcome::Solved(s) = ilp::solve_at(&p, 8, 10.0).unwrap() else {
            panic!("no schedule at II 8")
        };
        p.verify(&s).unwrap();
        assert!(matches!(
            ilp::solve_at(&p, 7, 10.0).unwrap(),
            ilp::IlpOutcome::Infeasible
        ));
    }

    #[test]
    fn modulo_resource_conflicts_are_found() {
        let mut p = accumulate();
        p.ops.push(op("load2", 64, Some(0)));
        let ilp::IlpOutcome::Solved(mut s) = ilp::solve_at(&p, 8, 10.0).unwrap() else {
            panic!()
        };
        p.verify(&s).unwrap();
        // Put both loads in the same modulo slot: the verifier must refuse.
        s.start[3] = s.start[0] + 8;
        assert!(matches!(p.verify(&s), Err(VerifyError::Resource { .. })));
    }

    #[test]
    fn verifier_rejects_a_broken_dependence() {
        let p = accumulate();
        let s = Schedule {
            ii: 8,
            start: vec![0, 0, 10],
        };
        assert!(matches!(p.verify(&s), Err(VerifyError::Dependence { .. })));
        let s = Schedule {
            ii: 4,
            start: vec![0, 64, 64],
        };
        assert!(
            matches!(p.verify(&s), Err(VerifyError::Dependence { .. })),
            "the carried edge needs II ≥ 8"
        );
    }

    #[test]
    fn ims_schedules_at_mii_and_passes_the_verifier() {
        let p = accumulate();
        let s = ims::schedule(&p, 8, 64).expect("IMS finds II 8");
        p.verify(&s).unwrap();
        let mut q = accumulate();
        q.ops.push(op("load2", 64, Some(0)));
        q.ops.push(op("load3", 64, Some(0)));
        q.deps.push(dep(3, 2, 64, 0));
        let s = ims::schedule(&q, 8, 64).unwrap();
        q.verify(&s).unwrap();
        assert!(
            ims::schedule(&q, 7, 64).is_none_or(|s| q.verify(&s).is_err()),
            "II 7 is below RecMII"
        );
    }

    #[test]
    fn chains_longer_than_the_clock_are_broken() {
        // Three 1.5 ns adders in a row do not fit a 4 ns cycle.
        let mut p = Problem {
            ops: (0..3)
                .map(|i| Operation {
                    name: format!("add{i}"),
                    latency: 0,
                    delay_ns: 1.5,
                    uses: vec![],
                    pinned: None,
                    bits: 32,
                })
                .collect(),
            deps: vec![dep(0, 1, 0, 0), dep(1, 2, 0, 0)],
            resources: vec![],
            clock_period_ns: 4.0,
            modulo: true,
            max_in_flight: None,
        };
        assert_eq!(p.chain_breaks(), vec![(0, 2)]);
        let ilp::IlpOutcome::Solved(s) = ilp::solve_at(&p, 1, 10.0).unwrap() else {
            panic!()
        };
        p.verify(&s).unwrap();
        assert!(s.start[2] > s.start[0]);
        let all_at_zero = Schedule {
            ii: 1,
            start: vec![0, 0, 0],
        };
        assert!(matches!(
            p.verify(&all_at_zero),
            Err(VerifyError::Chain { .. })
        ));
        p.clock_period_ns = 5.0;
        assert!(p.verify(&all_at_zero).is_ok());
    }

    /// A compare too slow for the clock gets registers after its logic, so an add chained
    /// in front of it would share that logic's period: the add's result is registered first.
    #[test]
    fn nothing_chains_into_logic_with_trailing_registers() {
        let op = |name: &str, latency, delay_ns| Operation {
            delay_ns,
            ..Operation::for_test(name, latency, vec![])
        };
        let p = Problem {
            ops: vec![op("inc", 0, 3.6), op("cmp", 2, 4.8), op("use", 0, 1.0)],
            deps: vec![dep(0, 1, 0, 0), dep(1, 2, 2, 0)],
            resources: vec![],
            clock_period_ns: 4.0,
            modulo: true,
            max_in_flight: None,
        };
        assert_eq!(p.chain_breaks(), vec![(0, 1)]);
        let chained = Schedule {
            ii: 1,
            start: vec![0, 0, 2],
        };
        assert!(matches!(p.verify(&chained), Err(VerifyError::Chain { .. })));
        let registered = Schedule {
            ii: 1,
            start: vec![0, 1, 3],
        };
        p.verify(&registered).unwrap();
        // The compare alone still bounds the clock: 4.8 ns.
        let at = p.chained_arrival(&registered.start);
        assert!((at[1] - 4.8).abs() < 1e-9);
    }

    #[test]
    fn rec_mii_counts_a_recurrence_of_chained_logic_over_the_clock() {
        // add0 -> add1 -> add2 -> (next iteration) add0: no latency at all, but 4.5 ns of
        // logic around the ring at a 4 ns clock must cross a register once more.
        let mut p = Problem {
            ops: (0..3)
                .map(|i| Operation {
                    name: format!("add{i}"),
                    latency: 0,
                    delay_ns: 1.5,
                    uses: vec![],
                    pinned: None,
                    bits: 32,
                })
                .collect(),
            deps: vec![dep(0, 1, 0, 0), dep(1, 2, 0, 0), dep(2, 0, 1, 1)],
            resources: vec![],
            clock_period_ns: 4.0,
            modulo: true,
            max_in_flight: None,
        };
        let rec = mii::rec_mii(&p);
        assert_eq!(rec.ii, 2);
        let text = recurrence_text(&p, &rec.cycle);
        assert!(
            text.contains("exceeds the 4 ns clock") && text.ends_with("2 cycles over distance 1"),
            "{text}"
        );
        // The bound is tight: the ILP finds II 2 and nothing below.
        assert!(matches!(
            ilp::solve_at(&p, 1, 10.0).unwrap(),
            ilp::IlpOutcome::Infeasible
        ));
        assert!(matches!(
            ilp::solve_at(&p, 2, 10.0).unwrap(),
            ilp::IlpOutcome::Solved(_)
        ));
        // At 5 ns the ring fits one cycle, and the bound says so.
        p.clock_period_ns = 5.0;
        assert_eq!(mii::rec_mii(&p).ii, 1);
    }
}
