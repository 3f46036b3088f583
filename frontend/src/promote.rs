//! Promotion of private scalars to SSA values (LLVM's mem2reg, on the flattened kernel).
//!
//! clang at `-O0` keeps every local variable, every parameter and every loop counter in an
//! `OpVariable` of the Function storage class and reaches it with `OpLoad`/`OpStore`. In
//! hardware a private scalar is a register, so a variable whose only uses are whole loads
//! and stores becomes a value: each load reads the store that reaches it, and blocks where
//! stores meet get an `OpPhi` (Cytron et al.: phis at the iterated dominance frontier of the
//! stores, then one renaming walk down the dominator tree).
//!
//! Arrays and structs, and any variable whose address escapes (an access chain, a bitcast,
//! a call, a store of the pointer itself), stay memories for `lower::onchip`. The software
//! model runs the module as written, so co-simulation checks this pass too.

use crate::cfg::Cfg;
use crate::inline::FlatFunction;
use crate::spirv::{SpirvModule, SpvType};
use crate::FrontendError;
use petgraph::graph::NodeIndex;
use petgraph::Direction;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::{BTreeSet, HashMap, HashSet};

/// A promotable variable: its value type and the initial value (an initializer, or an
/// `OpUndef` made for it).
struct Var {
    ty: Word,
    init: Word,
}

/// Promotes every private scalar, vector or pointer variable of `f` whose address does not
/// escape. Returns how many were promoted.
pub fn promote_private_scalars(
    m: &SpirvModule,
    f: &mut FlatFunction,
) -> Result<usize, FrontendError> {
    let mut next_id = next_free_id(m, f);
    let (mut vars, views) = candidates(m, f);
    if vars.is_empty() {
        return Ok(0);
    }
    // Variables without an initializer start undefined, as in the source.
    let mut undefs = Vec::new();
    let mut ids: Vec<Word> = vars.keys().copied().collect();
    ids.sort_unstable();
    for id in ids {
        let v = vars.get_mut(&id).expect("a key of vars");
        if v.init == 0 {
            v.init = next_id;
            undefs.push(Instruction::new(
                Op::Undef,
                Some(v.ty),
                Some(next_id),
                vec![],
            ));
            next_id += 1;
        }
    }
    let cfg = Cfg::build(m, f)?;
    let phis = place_phis(&cfg, f, &vars, &views, &mut next_id);
    let mut ssa = Renamer {
        f,
        cfg: &cfg,
        vars: &vars,
        views: &views,
        phis: &phis,
        next_id,
        replace: HashMap::new(),
        actions: HashMap::new(),
        phi_args: HashMap::new(),
    };
    ssa.rename(cfg.entry);
    let Renamer {
        replace,
        actions,
        phi_args,
        ..
    } = ssa;
    let edits = Edits {
        vars: &vars,
        phis: &phis,
        phi_args: &phi_args,
        replace: &replace,
        actions,
    };
    edits.apply(f, undefs);
    Ok(vars.len())
}

fn next_free_id(m: &SpirvModule, f: &FlatFunction) -> Word {
    let results = f.blocks.iter().flat_map(|b| &b.insts).chain(&f.params);
    let labels = f.blocks.iter().map(|b| b.label);
    let in_f = results.filter_map(|i| i.result_id).chain(labels).max();
    in_f.unwrap_or(0).max(m.bound).max(1) + 1
}

/// Function-storage variables holding one scalar, vector or pointer, used only as the
/// pointer of whole loads and stores (and lifetime markers), with the views of them that
/// are as good as the variable itself: clang reaches a 3-lane vector through a bitcast to
/// its 4-lane storage (OpenCL C 6.1.5), which a promoted variable reads as a shuffle.
/// Returns the variables and the views (view id -> variable).
fn candidates(m: &SpirvModule, f: &FlatFunction) -> (HashMap<Word, Var>, HashMap<Word, Word>) {
    let mut vars = HashMap::new();
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        if inst.class.opcode != Op::Variable {
            continue;
        }
        let (Some(id), Some(ptr_ty)) = (inst.result_id, inst.result_type) else {
            continue;
        };
        let Some(SpvType::Pointer(StorageClass::Function, pointee)) = m.types.get(&ptr_ty) else {
            continue;
        };
        let register_like = matches!(
            m.types.get(pointee),
            Some(
                SpvType::Int(..)
                    | SpvType::Float(_)
                    | SpvType::Bool
                    | SpvType::Vector(..)
                    | SpvType::Pointer(..)
            )
        );
        if register_like {
            let init = match inst.operands.get(1) {
                Some(Operand::IdRef(i)) => *i,
                _ => 0,
            };
            vars.insert(id, Var { ty: *pointee, init });
        }
    }
    let mut views = HashMap::new();
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        let (Op::Bitcast, Some(id), Some(Operand::IdRef(src))) =
            (inst.class.opcode, inst.result_id, inst.operands.first())
        else {
            continue;
        };
        let Some(var) = vars.get(src) else {
            continue;
        };
        let widened = match (
            m.types.get(&var.ty),
            inst.result_type.and_then(|t| m.types.get(&t)),
        ) {
            (Some(SpvType::Vector(c, 3)), Some(SpvType::Pointer(StorageClass::Function, p))) => {
                matches!(m.types.get(p), Some(SpvType::Vector(c4, 4)) if c4 == c)
            }
            _ => false,
        };
        if widened {
            views.insert(id, *src);
        }
    }
    // Any use other than as the pointer of a load or store lets the address escape.
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        let allowed_at = match inst.class.opcode {
            Op::Load | Op::Store | Op::LifetimeStart | Op::LifetimeStop => Some(0),
            Op::Bitcast if inst.result_id.is_some_and(|r| views.contains_key(&r)) => Some(0),
            _ => None,
        };
        for (k, o) in inst.operands.iter().enumerate() {
            if let Operand::IdRef(id) = o {
                let var = views.get(id).copied().unwrap_or(*id);
                if vars.contains_key(&var) && allowed_at != Some(k) {
                    vars.remove(&var);
                }
            }
        }
        // A load must read the variable's own type (not a reinterpretation).
        if inst.class.opcode == Op::Load {
            if let (Some(Operand::IdRef(p)), Some(t)) = (inst.operands.first(), inst.result_type) {
                if vars.get(p).is_some_and(|v| v.ty != t) {
                    vars.remove(p);
                }
            }
        }
    }
    views.retain(|_, v| vars.contains_key(v));
    (vars, views)
}

fn pointer_of(inst: &Instruction) -> Option<Word> {
    match (inst.class.opcode, inst.operands.first()) {
        (Op::Load | Op::Store | Op::LifetimeStart | Op::LifetimeStop, Some(Operand::IdRef(p))) => {
            Some(*p)
        }
        _ => None,
    }
}

/// For each block (by index) the phis it needs: variable -> the phi's fresh id. Phis go at
/// the iterated dominance frontier of the blocks that store the variable.
fn place_phis(
    cfg: &Cfg,
    f: &FlatFunction,
    vars: &HashMap<Word, Var>,
    views: &HashMap<Word, Word>,
    next_id: &mut Word,
) -> HashMap<NodeIndex, Vec<(Word, Word)>> {
    let frontier = dominance_frontiers(cfg);
    let mut phis: HashMap<NodeIndex, Vec<(Word, Word)>> = HashMap::new();
    // Sorted, so the ids given to the phis do not depend on hash order.
    let mut ids: Vec<Word> = vars.keys().copied().collect();
    ids.sort_unstable();
    for var in ids {
        let mut work: Vec<NodeIndex> = cfg
            .graph
            .node_indices()
            .filter(|n| {
                f.blocks[cfg.graph[*n]].insts.iter().any(|i| {
                    let p = pointer_of(i).map(|p| views.get(&p).copied().unwrap_or(p));
                    i.class.opcode == Op::Store && p == Some(var)
                })
            })
            .collect();
        let mut has_phi = HashSet::new();
        while let Some(n) = work.pop() {
            for &d in frontier.get(&n).into_iter().flatten() {
                if has_phi.insert(d) {
                    phis.entry(d).or_default().push((var, *next_id));
                    *next_id += 1;
                    work.push(d);
                }
            }
        }
    }
    phis
}

/// Cooper, Harvey and Kennedy: a join block is in the frontier of every block on the way
/// up from each of its predecessors to its immediate dominator.
fn dominance_frontiers(cfg: &Cfg) -> HashMap<NodeIndex, BTreeSet<NodeIndex>> {
    let mut df: HashMap<NodeIndex, BTreeSet<NodeIndex>> = HashMap::new();
    for b in cfg.graph.node_indices() {
        let preds: Vec<NodeIndex> = cfg
            .graph
            .neighbors_directed(b, Direction::Incoming)
            .collect();
        let Some(idom) = cfg.doms.immediate_dominator(b) else {
            continue;
        };
        if preds.len() < 2 {
            continue;
        }
        for p in preds {
            let mut runner = p;
            // Unreachable predecessors have no dominator chain to walk.
            while runner != idom && cfg.doms.dominators(runner).is_some() {
                df.entry(runner).or_default().insert(b);
                match cfg.doms.immediate_dominator(runner) {
                    Some(up) => runner = up,
                    None => break,
                }
            }
        }
    }
    df
}

struct Renamer<'a> {
    f: &'a FlatFunction,
    cfg: &'a Cfg,
    vars: &'a HashMap<Word, Var>,
    views: &'a HashMap<Word, Word>,
    phis: &'a HashMap<NodeIndex, Vec<(Word, Word)>>,
    next_id: Word,
    /// A promoted load's id -> the value it reads.
    replace: HashMap<Word, Word>,
    /// (block, instruction) -> what takes its place: nothing, or a shuffle (a load or store
    /// through a widened view).
    actions: HashMap<(usize, usize), Option<Instruction>>,
    /// A phi's id -> its (value, predecessor label) pairs.
    phi_args: HashMap<Word, Vec<(Word, Word)>>,
}

impl Renamer<'_> {
    /// Walks the dominator tree from the entry, each block starting with the values its
    /// immediate dominator ended with. An explicit stack: kernels at -O0 have blocks enough
    /// to overflow a recursive walk.
    fn rename(&mut self, entry: NodeIndex) {
        let children = self.dominator_children();
        let start: HashMap<Word, Word> = self.vars.iter().map(|(id, v)| (*id, v.init)).collect();
        // Blocks the entry does not reach come last, reading the initial values.
        let unreachable = self
            .cfg
            .graph
            .node_indices()
            .filter(|n| *n != entry && self.cfg.doms.immediate_dominator(*n).is_none());
        let mut stack: Vec<(NodeIndex, HashMap<Word, Word>)> =
            unreachable.map(|n| (n, start.clone())).collect();
        stack.push((entry, start));
        while let Some((n, mut cur)) = stack.pop() {
            for (var, phi) in self.phis.get(&n).into_iter().flatten() {
                cur.insert(*var, *phi);
            }
            let bi = self.cfg.graph[n];
            for (k, inst) in self.f.blocks[bi].insts.iter().enumerate() {
                let action = self.visit(inst, &mut cur);
                if let Some(a) = action {
                    self.actions.insert((bi, k), a);
                }
            }
            let label = self.f.blocks[bi].label;
            for s in self.cfg.graph.neighbors_directed(n, Direction::Outgoing) {
                for (var, phi) in self.phis.get(&s).into_iter().flatten() {
                    let args = self.phi_args.entry(*phi).or_default();
                    if !args.iter().any(|(_, l)| *l == label) {
                        args.push((cur[var], label));
                    }
                }
            }
            for c in children.get(&n).into_iter().flatten() {
                stack.push((*c, cur.clone()));
            }
        }
    }

    /// What becomes of one instruction: `None` if it stays, `Some(None)` if it goes,
    /// `Some(Some(i))` if `i` replaces it. Updates the variables' current values.
    fn visit(
        &mut self,
        inst: &Instruction,
        cur: &mut HashMap<Word, Word>,
    ) -> Option<Option<Instruction>> {
        let op = inst.class.opcode;
        if op == Op::Variable && inst.result_id.is_some_and(|r| self.vars.contains_key(&r)) {
            return Some(None);
        }
        if op == Op::Bitcast && inst.result_id.is_some_and(|r| self.views.contains_key(&r)) {
            return Some(None);
        }
        let p = pointer_of(inst)?;
        let (var, view) = match self.views.get(&p) {
            Some(v) => (*v, true),
            None if self.vars.contains_key(&p) => (p, false),
            None => return None,
        };
        let value =
            |id: Word, replace: &HashMap<Word, Word>| replace.get(&id).copied().unwrap_or(id);
        match (op, view) {
            (Op::Load, false) => {
                self.replace.insert(inst.result_id?, cur[&var]);
                Some(None)
            }
            (Op::Store, false) => {
                cur.insert(var, value(id_operand(inst, 1)?, &self.replace));
                Some(None)
            }
            // The 4-lane view of a 3-lane value: lanes 0..2, the fourth undefined.
            (Op::Load, true) => {
                let v = cur[&var];
                let lanes = [0, 1, 2, u32::MAX];
                Some(Some(shuffle(inst.result_type?, inst.result_id?, v, &lanes)))
            }
            (Op::Store, true) => {
                let id = self.next_id;
                self.next_id += 1;
                let stored = value(id_operand(inst, 1)?, &self.replace);
                cur.insert(var, id);
                Some(Some(shuffle(self.vars[&var].ty, id, stored, &[0, 1, 2])))
            }
            _ => Some(None),
        }
    }

    fn dominator_children(&self) -> HashMap<NodeIndex, Vec<NodeIndex>> {
        let mut children: HashMap<NodeIndex, Vec<NodeIndex>> = HashMap::new();
        for n in self.cfg.graph.node_indices() {
            if let Some(d) = self.cfg.doms.immediate_dominator(n) {
                children.entry(d).or_default().push(n);
            }
        }
        children
    }
}

fn id_operand(inst: &Instruction, k: usize) -> Option<Word> {
    match inst.operands.get(k) {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

fn shuffle(ty: Word, id: Word, v: Word, lanes: &[u32]) -> Instruction {
    let mut operands = vec![Operand::IdRef(v), Operand::IdRef(v)];
    operands.extend(lanes.iter().map(|l| Operand::LiteralBit32(*l)));
    Instruction::new(Op::VectorShuffle, Some(ty), Some(id), operands)
}

/// What the renaming decided, applied to the function.
struct Edits<'a> {
    vars: &'a HashMap<Word, Var>,
    phis: &'a HashMap<NodeIndex, Vec<(Word, Word)>>,
    phi_args: &'a HashMap<Word, Vec<(Word, Word)>>,
    replace: &'a HashMap<Word, Word>,
    actions: HashMap<(usize, usize), Option<Instruction>>,
}

impl Edits<'_> {
    /// Puts the phis in, drops or replaces the promoted variables' instructions, and points
    /// every use of a promoted load at the value it read.
    fn apply(mut self, f: &mut FlatFunction, undefs: Vec<Instruction>) {
        let replace = self.replace;
        let resolve = |mut id: Word| {
            // A load may read a value that another promoted load produced.
            while let Some(&r) = replace.get(&id) {
                id = r;
            }
            id
        };
        for (i, block) in f.blocks.iter_mut().enumerate() {
            let old = std::mem::take(&mut block.insts);
            let mut insts = self.phis_of(i);
            for (k, inst) in old.into_iter().enumerate() {
                match self.actions.remove(&(i, k)) {
                    None => insts.push(inst),
                    Some(Some(new)) => insts.push(new),
                    Some(None) => {}
                }
            }
            for inst in &mut insts {
                for o in &mut inst.operands {
                    if let Operand::IdRef(id) = o {
                        *id = resolve(*id);
                    }
                }
            }
            block.insts = insts;
        }
        if let Some(entry) = f.blocks.first_mut() {
            entry.insts.splice(0..0, undefs);
        }
    }

    fn phis_of(&self, block: usize) -> Vec<Instruction> {
        let mut out = Vec::new();
        for (var, phi) in self.phis.get(&NodeIndex::new(block)).into_iter().flatten() {
            // Predecessors the walk never reached (unreachable blocks) give no operand.
            let operands = self
                .phi_args
                .get(phi)
                .into_iter()
                .flatten()
                .flat_map(|(v, l)| [Operand::IdRef(*v), Operand::IdRef(*l)])
                .collect();
            out.push(Instruction::new(
                Op::Phi,
                Some(self.vars[var].ty),
                Some(*phi),
                operands,
            ));
        }
        out
    }
}
