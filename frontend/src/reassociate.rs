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

use crate::cfg::{successors, Cfg};
use crate::inline::{FlatBlock, FlatFunction};
use crate::spirv::{id_operand, SpirvModule, SpvType};
use crate::FrontendError;
use rspirv::dr::{Block, Instruction, Operand};
use rspirv::spirv::{self, Decoration, FPFastMathMode, Op, Word};
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
        apply(&mut module, fi, &lp, &accs, &mut fresh);
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

/// What the analysis needs of one function.
struct Function<'a> {
    m: &'a SpirvModule,
    flat: &'a FlatFunction,
    /// Result id -> (block, index).
    defs: HashMap<Word, (usize, usize)>,
    /// Id -> every (block, index) that reads it.
    uses: HashMap<Word, Vec<(usize, usize)>>,
    /// (header, latch) -> the loop's one exit edge (from block, to block), None if several.
    exit: HashMap<(usize, usize), Option<(usize, usize)>>,
    preds: HashMap<usize, Vec<usize>>,
    lines: crate::lines::SourceLines,
    opencl_std: Vec<Word>,
}

impl<'a> Function<'a> {
    fn new(
        m: &'a SpirvModule,
        flat: &'a FlatFunction,
        cfg: &Cfg,
        lines: crate::lines::SourceLines,
    ) -> Self {
        let mut defs = HashMap::new();
        let mut uses: HashMap<Word, Vec<(usize, usize)>> = HashMap::new();
        let mut preds: HashMap<usize, Vec<usize>> = HashMap::new();
        let index: HashMap<Word, usize> = flat
            .blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (b.label, i))
            .collect();
        for (bi, b) in flat.blocks.iter().enumerate() {
            for (ii, inst) in b.insts.iter().enumerate() {
                if let Some(r) = inst.result_id {
                    defs.insert(r, (bi, ii));
                }
                for o in &inst.operands {
                    if let Operand::IdRef(w) = o {
                        uses.entry(*w).or_default().push((bi, ii));
                    }
                }
            }
            for s in successors(m, flat, bi).unwrap_or_default() {
                if let Some(&t) = index.get(&s) {
                    preds.entry(t).or_default().push(bi);
                }
            }
        }
        let mut exit = HashMap::new();
        for l in &cfg.loops {
            let blocks: HashSet<usize> = l.blocks.iter().map(|n| cfg.graph[*n]).collect();
            let mut edges = Vec::new();
            for &b in &blocks {
                for s in successors(m, flat, b).unwrap_or_default() {
                    match index.get(&s) {
                        Some(&t) if !blocks.contains(&t) => edges.push((b, t)),
                        _ => {}
                    }
                }
            }
            let one = (edges.len() == 1).then(|| edges[0]);
            exit.insert((cfg.graph[l.header], cfg.graph[l.latch]), one);
        }
        let opencl_std = m
            .module
            .ext_inst_imports
            .iter()
            .filter(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "OpenCL.std"))
            .filter_map(|i| i.result_id)
            .collect();
        Function {
            m,
            flat,
            defs,
            uses,
            exit,
            preds,
            lines,
            opencl_std,
        }
    }

    fn name(&self, id: Word) -> String {
        match self.m.names.get(&id).filter(|n| !n.is_empty()) {
            Some(n) => n.clone(),
            None => format!("%{id}"),
        }
    }

    /// The width of a float OpPhi's type.
    fn float_phi(&self, inst: &Instruction) -> Option<u32> {
        if inst.class.opcode != Op::Phi {
            return None;
        }
        match self.m.type_of_id(inst.result_type?) {
            Some(SpvType::Float(w)) => Some(*w),
            _ => None,
        }
    }

    fn inst(&self, id: Word) -> Option<&Instruction> {
        let (b, i) = self.defs.get(&id)?;
        Some(&self.flat.blocks[*b].insts[*i])
    }

    fn at(&self, id: Word) -> Option<String> {
        let inst = self.inst(id)?;
        let (b, _) = self.defs[&id];
        let loc = self.lines.of(
            self.flat.blocks[b].label,
            &mut crate::lines::Ranks::default(),
            inst,
        )?;
        let file = self.lines.files.get(loc.file as usize)?;
        let base = file.rsplit('/').next().unwrap_or(file);
        Some(format!("{base}:{}", loc.line))
    }

    /// Whether the instruction may be reassociated (its FPFastMathMode says Fast or
    /// AllowReassoc).
    fn may_reassociate(&self, id: Word) -> bool {
        self.m.decorations.get(&id).is_some_and(|ds| {
            ds.iter().any(|(d, ops)| {
                *d == Decoration::FPFastMathMode
                    && ops.iter().any(|o| matches!(o, Operand::FPFastMathMode(f) if f.intersects(FPFastMathMode::FAST | FPFastMathMode::ALLOW_REASSOC)))
            })
        })
    }

    /// The chain operation `inst` makes of the chain value `from`, or why it cannot be one.
    fn step(&self, inst: &Instruction, chain: &HashSet<Word>) -> Result<Option<ChainOp>, String> {
        let ids: Vec<Option<Word>> = (0..inst.operands.len())
            .map(|k| id_operand(inst, k))
            .collect();
        let inside = |k: usize| {
            ids.get(k)
                .copied()
                .flatten()
                .is_some_and(|w| chain.contains(&w))
        };
        let width = match self.m.type_of_id(inst.result_type.unwrap_or(0)) {
            Some(SpvType::Float(w)) => *w,
            _ => 0,
        };
        let what = || format!("it is read by Op{}, not only added to", inst.class.opname);
        match inst.class.opcode {
            Op::FAdd if inside(0) != inside(1) => Ok(Some(ChainOp::Add(width))),
            Op::FSub if inside(0) && !inside(1) => Ok(Some(ChainOp::Add(width))),
            Op::ExtInst
                if ids
                    .first()
                    .copied()
                    .flatten()
                    .is_some_and(|s| self.opencl_std.contains(&s))
                    && matches!(inst.operands.get(1), Some(Operand::LiteralExtInstInteger(n))
                        if *n == spirv::OpenclStd100Op::fma as u32 || *n == spirv::OpenclStd100Op::mad as u32)
                    && inside(4)
                    && !inside(2)
                    && !inside(3) =>
            {
                Ok(Some(ChainOp::Fma(width)))
            }
            // Checked once the chain is complete: every choice must be a chain value.
            Op::Phi | Op::Select => Ok(None),
            _ => Err(what()),
        }
    }

    /// The reduction through header phi `phi`, if it is one: Ok(None) when the phi is not
    /// a float recurrence at all, Err((where, why)) when it is one that cannot be split.
    #[allow(clippy::type_complexity)]
    fn analyse(
        &self,
        phi: &Instruction,
        blocks: &HashSet<usize>,
        header: usize,
        latch: usize,
        everywhere: bool,
    ) -> Result<Option<Acc>, (Option<String>, String)> {
        let id = phi.result_id.unwrap_or(0);
        let latch_label = self.flat.blocks[latch].label;
        let mut inits = Vec::new();
        let mut next = None;
        for k in (0..phi.operands.len()).step_by(2) {
            match (id_operand(phi, k), id_operand(phi, k + 1)) {
                (Some(v), Some(p)) if p == latch_label => next = Some(v),
                (Some(v), Some(_)) => inits.push(v),
                _ => return Ok(None),
            }
        }
        let (Some(next), Some(&init)) = (next, inits.first()) else {
            return Ok(None);
        };
        // Only a value that comes back through an add (or a choice between adds) is
        // reported: a float recurrence of another kind is no reduction.
        let shaped = self.inst(next).is_some_and(|i| {
            matches!(
                i.class.opcode,
                Op::FAdd | Op::FSub | Op::ExtInst | Op::Phi | Op::Select
            )
        });
        if !shaped {
            return Ok(None);
        }
        let Chain {
            mut chain,
            members,
            outside,
            first_add,
        } = self.chain(id, blocks, header, everywhere)?;
        let Some(first) = first_add else {
            return Ok(None); // no arithmetic: a value passed along, not a reduction
        };
        let at = self.at(first);
        let fail = |why: &str| Err((at.clone(), why.to_string()));
        // Phis and selects choose between chain values only; record every chain operand.
        for (&r, entry) in chain.iter_mut() {
            let Some(inst) = self.inst(r) else { continue };
            let ids: Vec<Word> = inst
                .operands
                .iter()
                .filter_map(|o| match o {
                    Operand::IdRef(w) => Some(*w),
                    _ => None,
                })
                .collect();
            entry.1 = ids
                .iter()
                .copied()
                .filter(|w| members.contains(w))
                .collect();
            let choices: Vec<Word> = match inst.class.opcode {
                Op::Phi if r != id => ids.iter().step_by(2).copied().collect(),
                Op::Select => ids.get(1..).unwrap_or(&[]).to_vec(),
                _ => continue,
            };
            if choices.iter().any(|c| !members.contains(c))
                || (inst.class.opcode == Op::Select
                    && ids.first().is_some_and(|c| members.contains(c)))
            {
                return fail("a branch sets it to a value that is not a sum of it");
            }
        }
        // With the whole chain known: each add reads exactly one chain value, in its place.
        for (&r, (op, _)) in &chain {
            if op.is_some() {
                let inst = self.inst(r).expect("a chain value has a definition");
                if self.step(inst, &members).ok().flatten().is_none() {
                    return fail("it is added to itself");
                }
            }
        }
        if !members.contains(&next) {
            return fail("the value carried to the next iteration is not computed from it");
        }
        let live = match self.exit.get(&(header, latch)).copied().flatten() {
            // The latch first: in a one-block loop it is the header too, and its exit
            // test comes after the body.
            Some((from, _)) if from == latch => next,
            Some((from, _)) if from == header => id,
            Some(_) => return fail("the loop exits from the middle of its body"),
            None => return fail("the loop has several exits"),
        };
        if outside.is_empty() {
            return fail("its value is not used after the loop");
        }
        let (_, exit_to) = self.exit[&(header, latch)].expect("checked");
        let single_entry = self.preds.get(&exit_to).is_some_and(|p| p.len() == 1);
        for &(v, b, i) in &outside {
            let inst = &self.flat.blocks[b].insts[i];
            let exit_phi = b == exit_to && inst.class.opcode == Op::Phi;
            if v != live || !(exit_phi || single_entry) {
                return fail("a value of the middle of the loop is used after it");
            }
        }
        if inits.iter().any(|v| *v != init) {
            return fail("it starts from different values on different paths");
        }
        let width = self.float_phi(phi).unwrap_or(32);
        Ok(Some(Acc {
            phi: id,
            name: self.name(id),
            ty: phi.result_type.unwrap_or(0),
            width,
            init,
            next,
            live,
            chain,
            lanes: 1,
            at,
        }))
    }

    /// Every value computed from header phi `id` inside the loop, each with the chain
    /// operation it is; the uses after the loop. Err when one of them is not an add into
    /// the accumulator (or a choice between such values), or may not be reassociated.
    fn chain(
        &self,
        id: Word,
        blocks: &HashSet<usize>,
        header: usize,
        everywhere: bool,
    ) -> Result<Chain, (Option<String>, String)> {
        let mut chain: BTreeMap<Word, (Option<ChainOp>, Vec<Word>)> = BTreeMap::new();
        chain.insert(id, (None, vec![]));
        let mut members: HashSet<Word> = HashSet::from([id]);
        let mut outside: Vec<(Word, usize, usize)> = Vec::new();
        let mut work = vec![id];
        let mut first_add = None;
        while let Some(v) = work.pop() {
            for &(b, i) in self.uses.get(&v).map(Vec::as_slice).unwrap_or(&[]) {
                let inst = &self.flat.blocks[b].insts[i];
                if self.m.is_nonsemantic(inst) || inst.class.opcode == Op::Line {
                    continue;
                }
                if !blocks.contains(&b) {
                    outside.push((v, b, i));
                    continue;
                }
                let Some(r) = inst.result_id else {
                    return Err((
                        self.at(id),
                        format!("it is read by Op{}", inst.class.opname),
                    ));
                };
                if r == id {
                    continue; // the back edge
                }
                if b == header && inst.class.opcode == Op::Phi {
                    return Err((self.at(r), "it is carried into another loop value".into()));
                }
                if members.contains(&r) {
                    continue;
                }
                let op = self.step(inst, &members).map_err(|e| (self.at(r), e))?;
                if op.is_some() {
                    first_add.get_or_insert(r);
                    if !everywhere && !self.may_reassociate(r) {
                        return Err((
                            self.at(r),
                            "the add may not be reassociated (no FPFastMathMode Fast or \
                             AllowReassoc: compile with -cl-fast-relaxed-math, or pass \
                             --fp-relaxed)"
                                .into(),
                        ));
                    }
                }
                members.insert(r);
                chain.insert(r, (op, vec![v]));
                work.push(r);
            }
        }
        Ok(Chain {
            chain,
            members,
            outside,
            first_add,
        })
    }

    /// The lanes: the latency of the longest path from the phi to the value carried back.
    fn longest(&self, acc: &Acc, latency: &dyn Fn(ChainOp) -> u32) -> u32 {
        let mut memo: HashMap<Word, u32> = HashMap::new();
        fn depth(
            v: Word,
            acc: &Acc,
            latency: &dyn Fn(ChainOp) -> u32,
            memo: &mut HashMap<Word, u32>,
        ) -> u32 {
            if v == acc.phi {
                return 0;
            }
            if let Some(d) = memo.get(&v) {
                return *d;
            }
            memo.insert(v, 0); // a cycle through a phi inside the loop cannot happen
            let (op, from) = &acc.chain[&v];
            let before = from
                .iter()
                .map(|f| depth(*f, acc, latency, memo))
                .max()
                .unwrap_or(0);
            let d = before + op.map_or(0, latency);
            memo.insert(v, d);
            d
        }
        depth(acc.next, acc, latency, &mut memo)
    }
}

/// Rewrites one loop: lanes for each reduction, and the block on the exit edge that sums
/// them.
fn apply(
    module: &mut rspirv::dr::Module,
    fi: usize,
    lp: &Loop,
    accs: &[Acc],
    fresh: &mut dyn FnMut() -> Word,
) {
    let index = |l: Word| {
        module.functions[fi]
            .blocks
            .iter()
            .position(|b| b.label_id() == Some(l))
    };
    let (Some(header), Some(from), Some(to)) =
        (index(lp.header), index(lp.exit.0), index(lp.exit.1))
    else {
        return;
    };
    let mut sums = Vec::new();
    let mut exit_insts = Vec::new();
    let (latch_label, from_label, to_label) = (lp.latch, lp.exit.0, lp.exit.1);
    let new_label = fresh();
    let mut names = Vec::new();
    for acc in accs {
        let zero = negative_zero(module, acc.ty, acc.width, fresh);
        let lanes: Vec<Word> = (1..acc.lanes).map(|_| fresh()).collect();
        for (j, l) in lanes.iter().enumerate() {
            names.push((*l, format!("{}.lane{}", acc.name, j + 1)));
        }
        if names.len() == lanes.len() {
            names.push((new_label, format!("{}.sum", acc.name)));
        }
        let f = &mut module.functions[fi];
        let phis = &mut f.blocks[header].instructions;
        let Some(pos) = phis.iter().position(|i| i.result_id == Some(acc.phi)) else {
            continue;
        };
        // The accumulator and each lane: −0.0 on entry, the next lane from the latch.
        let lane_phi = |result: Word, carried: Word, template: &Instruction| {
            let mut inst = template.clone();
            inst.result_id = Some(result);
            for k in (0..inst.operands.len()).step_by(2) {
                let from_latch = matches!(inst.operands.get(k + 1), Some(Operand::IdRef(p)) if *p == latch_label);
                inst.operands[k] = Operand::IdRef(if from_latch { carried } else { zero });
            }
            inst
        };
        let template = phis[pos].clone();
        let mut chain_phis = vec![lane_phi(acc.phi, lanes[0], &template)];
        for (j, &l) in lanes.iter().enumerate() {
            let carried = lanes.get(j + 1).copied().unwrap_or(acc.next);
            chain_phis.push(lane_phi(l, carried, &template));
        }
        phis.splice(pos..=pos, chain_phis);
        // After the loop: the lanes' values at the exit, summed, then the initial value.
        let mut terms: Vec<Word> = if acc.live == acc.phi {
            std::iter::once(acc.phi)
                .chain(lanes.iter().copied())
                .collect()
        } else {
            lanes
                .iter()
                .copied()
                .chain(std::iter::once(acc.next))
                .collect()
        };
        while terms.len() > 1 {
            let mut level = Vec::new();
            for pair in terms.chunks(2) {
                if let [a, b] = pair {
                    let r = fresh();
                    exit_insts.push(add(acc.ty, r, *a, *b));
                    level.push(r);
                } else {
                    level.push(pair[0]);
                }
            }
            terms = level;
        }
        let total = fresh();
        exit_insts.push(add(acc.ty, total, acc.init, terms[0]));
        sums.push((acc.live, total));
    }
    exit_insts.push(Instruction::new(
        Op::Branch,
        None,
        None,
        vec![Operand::IdRef(to_label)],
    ));
    let f = &mut module.functions[fi];
    // The exit edge goes through the new block.
    if let Some(term) = f.blocks[from].instructions.last_mut() {
        for o in term.operands.iter_mut() {
            if *o == Operand::IdRef(to_label) {
                *o = Operand::IdRef(new_label);
            }
        }
    }
    for inst in f.blocks[header].instructions.iter_mut() {
        if inst.class.opcode == Op::LoopMerge
            && inst.operands.first() == Some(&Operand::IdRef(to_label))
        {
            inst.operands[0] = Operand::IdRef(new_label);
        }
    }
    let total_of = |v: Word| sums.iter().find(|(l, _)| *l == v).map(|(_, t)| *t);
    // After the loop, the sums replace the accumulators; the exit's phis name the new
    // block as the edge they come from.
    for (bi, b) in f.blocks.iter_mut().enumerate() {
        let inside = b.label_id().is_some_and(|l| lp.blocks.contains(&l));
        for inst in b.instructions.iter_mut() {
            let exit_phi = bi == to && inst.class.opcode == Op::Phi;
            for k in 0..inst.operands.len() {
                match inst.operands[k] {
                    Operand::IdRef(p) if exit_phi && k % 2 == 1 && p == from_label => {
                        inst.operands[k] = Operand::IdRef(new_label);
                    }
                    Operand::IdRef(v) if !inside => {
                        if let Some(t) = total_of(v) {
                            inst.operands[k] = Operand::IdRef(t);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    for (id, name) in names {
        module.debug_names.push(Instruction::new(
            Op::Name,
            None,
            None,
            vec![Operand::IdRef(id), Operand::LiteralString(name)],
        ));
    }
    let f = &mut module.functions[fi];
    let mut block = Block::new();
    block.label = Some(Instruction::new(Op::Label, None, Some(new_label), vec![]));
    block.instructions = exit_insts;
    f.blocks.insert(from + 1, block);
}

fn add(ty: Word, result: Word, a: Word, b: Word) -> Instruction {
    Instruction::new(
        Op::FAdd,
        Some(ty),
        Some(result),
        vec![Operand::IdRef(a), Operand::IdRef(b)],
    )
}

/// The constant −0.0 of a float type, added to the module if it has none.
fn negative_zero(
    module: &mut rspirv::dr::Module,
    ty: Word,
    width: u32,
    fresh: &mut dyn FnMut() -> Word,
) -> Word {
    let value = match width {
        64 => Operand::LiteralBit64(1 << 63),
        16 => Operand::LiteralBit32(0x8000),
        _ => Operand::LiteralBit32(0x8000_0000),
    };
    if let Some(id) = module.types_global_values.iter().find_map(|i| {
        (i.class.opcode == Op::Constant
            && i.result_type == Some(ty)
            && i.operands.first() == Some(&value))
        .then_some(i.result_id)
        .flatten()
    }) {
        return id;
    }
    let id = fresh();
    module.types_global_values.push(Instruction::new(
        Op::Constant,
        Some(ty),
        Some(id),
        vec![value],
    ));
    id
}
