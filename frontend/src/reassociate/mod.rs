//! Float reductions split into lanes, where the kernel allows reassociation
//! (`FPFastMathMode` Fast or AllowReassoc on every add of the reduction, as clang's
//! `-cl-fast-relaxed-math` / `-cl-unsafe-math-optimizations` give, or `--fp-relaxed`).
//!
//! A sum `s = s + x[i]` is a recurrence through the adder: one iteration per adder latency.
//! With L lanes, iteration i adds into lane i mod L, so each lane's previous value is L
//! iterations old, and the lanes are summed once after the loop. The rewrite is made on
//! the module, as the other rewrites the model must see: the accumulator's loop-header phi
//! becomes L phis that rotate (lane 0 takes lane 1's value, …, lane L−1 takes the sum), all
//! starting from −0.0 (the identity of the add: −0 + x is x for every x); a block on the
//! loop's exit edge adds the lanes in a balanced tree and then the initial value. Model and
//! hardware compute the same reassociated sum, bit for bit; only the order differs from
//! the sequential sum, which OpenCL's fast-math options allow. The IR pass
//! `carried-chains` then reads each lane from L iterations back, so the recurrence has L
//! iterations for the adder's latency.
//!
//! A reduction is the accumulator's header phi and the values computed from it inside the
//! loop by adds (the accumulator one operand), subtractions (from the accumulator), fma /
//! mad (the accumulator the addend), and phis and selects that only choose between such
//! values (`if (c) s += x`). Anything else reading them (a compare, a store, a multiply)
//! keeps the loop as it is, and the reason is reported.

mod analysis;
mod rewrite;

use crate::cfg::Cfg;
use crate::inline::{FlatBlock, FlatFunction};
use crate::spirv::{id_operand, SpirvModule};
use crate::FrontendError;
use analysis::Function;
use rspirv::spirv::{Op, Word};
use std::collections::{BTreeMap, HashMap, HashSet};

/// An operation on a reduction's path, for its latency: float add or fma of a width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainOp {
    Add(u32),
    Fma(u32),
}

/// One reduction found: split into `lanes`, or kept with `reason`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reduction {
    /// The accumulator's name (OpName) or `%id`.
    pub accumulator: String,
    /// Where its first add is in the source (`file:line`), when the module has lines.
    pub at: Option<String>,
    pub lanes: u32,
    /// Why it was not split (None: split).
    pub reason: Option<String>,
}

/// The rewritten module and every reduction found.
pub struct Outcome {
    pub spirv: Vec<u8>,
    pub reductions: Vec<Reduction>,
}

/// Splits the float reductions of every innermost loop that may be reassociated.
/// `everywhere`: reassociation allowed without the decoration (`--fp-relaxed`).
/// `latency`: cycles of an operation of the reduction (the lanes are the longest path's
/// total, so the recurrence fits one iteration per cycle).
pub fn split_reductions(
    spirv_bytes: &[u8],
    kernel: Option<&str>,
    everywhere: bool,
    latency: &dyn Fn(ChainOp) -> u32,
) -> Result<Outcome, FrontendError> {
    let m = SpirvModule::load(spirv_bytes)?;
    let mut found = Vec::new();
    let mut plans = Vec::new();
    // The kernel and the functions it calls; a kernel that cannot be chosen is left for
    // the lowering to report.
    let reached = match m.kernel(kernel) {
        Ok((_, fid)) => reachable(&m, fid),
        Err(_) => HashSet::new(),
    };
    for (fi, f) in m.module.functions.iter().enumerate() {
        if !f.def_id().is_some_and(|id| reached.contains(&id)) {
            continue;
        }
        let flat = FlatFunction {
            params: vec![],
            blocks: f
                .blocks
                .iter()
                .map(|b| FlatBlock {
                    label: b.label_id().unwrap_or(0),
                    insts: b.instructions.clone(),
                })
                .collect(),
            origin: HashMap::new(),
            lines: Default::default(),
        };
        // A function the frontend refuses (irreducible, several back edges) is left for
        // it to report.
        let Ok(cfg) = Cfg::build(&m, &flat) else {
            continue;
        };
        let lines = crate::lines::SourceLines::collect(&m, &flat);
        let fx = Function::new(&m, &flat, &cfg, lines);
        for l in cfg.loops.iter().filter(|l| l.innermost) {
            if let Some((lp, accs)) = plan_loop(&fx, &cfg, l, everywhere, latency, &mut found) {
                plans.push((fi, lp, accs));
            }
        }
    }
    let mut module = m.module;
    let mut bound = module.header.as_ref().map_or(1, |h| h.bound);
    for (fi, lp, accs) in plans {
        let mut fresh = || {
            bound += 1;
            bound - 1
        };
        rewrite::apply(&mut module, fi, &lp, &accs, &mut fresh);
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = bound;
    }
    use rspirv::binary::Assemble;
    Ok(Outcome {
        spirv: module
            .assemble()
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect(),
        reductions: found,
    })
}

/// The reductions of one innermost loop, each reported in `found`; the loop and those to
/// split, if any.
fn plan_loop(
    fx: &Function,
    cfg: &Cfg,
    l: &crate::cfg::NaturalLoop,
    everywhere: bool,
    latency: &dyn Fn(ChainOp) -> u32,
    found: &mut Vec<Reduction>,
) -> Option<(Loop, Vec<Acc>)> {
    let blocks: HashSet<usize> = l.blocks.iter().map(|n| cfg.graph[*n]).collect();
    let (header, latch) = (cfg.graph[l.header], cfg.graph[l.latch]);
    let mut accs = Vec::new();
    for inst in fx.flat.blocks[header].insts.iter() {
        if fx.float_phi(inst).is_none() {
            continue;
        }
        let mut r = Reduction {
            accumulator: fx.name(inst.result_id.unwrap_or(0)),
            at: None,
            lanes: 1,
            reason: None,
        };
        match fx.analyse(inst, &blocks, header, latch, everywhere) {
            Ok(None) => continue,
            Ok(Some(mut acc)) => {
                r.at = acc.at.clone();
                acc.lanes = fx.longest(&acc, latency);
                r.lanes = acc.lanes;
                if acc.lanes > 1 {
                    accs.push(acc);
                } else {
                    r.reason = Some("its operations take one cycle".into());
                }
            }
            Err((at, reason)) => {
                r.at = at;
                r.reason = Some(reason);
            }
        }
        found.push(r);
    }
    let (from, to) = fx.exit.get(&(header, latch)).copied().flatten()?;
    // By label: a block inserted by one rewrite moves the indices of the next.
    let label = |i: usize| fx.flat.blocks[i].label;
    let lp = Loop {
        header: label(header),
        latch: label(latch),
        blocks: blocks.iter().map(|b| label(*b)).collect(),
        exit: (label(from), label(to)),
    };
    (!accs.is_empty()).then_some((lp, accs))
}

/// Function `fid` and every function it calls, directly or not.
fn reachable(m: &SpirvModule, fid: Word) -> HashSet<Word> {
    let mut seen = HashSet::from([fid]);
    let mut work = vec![fid];
    while let Some(f) = work.pop() {
        let Some(func) = m.module.functions.iter().find(|x| x.def_id() == Some(f)) else {
            continue;
        };
        for inst in func.blocks.iter().flat_map(|b| &b.instructions) {
            if inst.class.opcode == Op::FunctionCall {
                if let Some(callee) = id_operand(inst, 0) {
                    if seen.insert(callee) {
                        work.push(callee);
                    }
                }
            }
        }
    }
    seen
}

/// A reduction to split: its header phi, initial value, the value carried back, the value
/// read after the loop, and the lanes.
#[derive(Debug, Clone)]
struct Acc {
    phi: Word,
    /// For the names of the lanes and of the block that sums them.
    name: String,
    ty: Word,
    width: u32,
    init: Word,
    next: Word,
    /// The header phi (the loop exits from its header) or `next` (from its latch).
    live: Word,
    /// The chain: value -> (operation, the chain operand it reads); phis and selects have
    /// no operation of their own.
    chain: BTreeMap<Word, (Option<ChainOp>, Vec<Word>)>,
    lanes: u32,
    at: Option<String>,
}

/// A reduction's values inside the loop: value -> (operation, the chain values it reads);
/// the same as a set; the uses after the loop (value, block, index); the first add.
struct Chain {
    chain: BTreeMap<Word, (Option<ChainOp>, Vec<Word>)>,
    members: HashSet<Word>,
    outside: Vec<(Word, usize, usize)>,
    first_add: Option<Word>,
}

/// A loop to rewrite, by block label.
struct Loop {
    header: Word,
    latch: Word,
    blocks: HashSet<Word>,
    /// The one exit edge: (from, to).
    exit: (Word, Word),
}
