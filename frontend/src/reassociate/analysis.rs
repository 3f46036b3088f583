//! The analysis: which header phis of a loop are reductions that may be split, the chain of
//! values each one is, and the lanes its latency asks for.

use super::{Acc, Chain, ChainOp};
use crate::cfg::{successors, Cfg};
use crate::inline::FlatFunction;
use crate::spirv::{id_operand, SpirvModule, SpvType};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{self, Decoration, FPFastMathMode, Op, Word};
use std::collections::{BTreeMap, HashMap, HashSet};

/// What the analysis needs of one function.
pub(super) struct Function<'a> {
    m: &'a SpirvModule,
    pub(super) flat: &'a FlatFunction,
    /// Result id -> (block, index).
    defs: HashMap<Word, (usize, usize)>,
    /// Id -> every (block, index) that reads it.
    uses: HashMap<Word, Vec<(usize, usize)>>,
    /// (header, latch) -> the loop's one exit edge (from block, to block), None if several.
    pub(super) exit: HashMap<(usize, usize), Option<(usize, usize)>>,
    preds: HashMap<usize, Vec<usize>>,
    lines: crate::lines::SourceLines,
    opencl_std: Vec<Word>,
}

impl<'a> Function<'a> {
    pub(super) fn new(
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

    pub(super) fn name(&self, id: Word) -> String {
        match self.m.names.get(&id).filter(|n| !n.is_empty()) {
            Some(n) => n.clone(),
            None => format!("%{id}"),
        }
    }

    /// The width of a float OpPhi's type.
    pub(super) fn float_phi(&self, inst: &Instruction) -> Option<u32> {
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
    pub(super) fn analyse(
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
            let ids: Vec<Word> = crate::spirv::id_operands(inst);
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
    pub(super) fn longest(&self, acc: &Acc, latency: &dyn Fn(ChainOp) -> u32) -> u32 {
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
