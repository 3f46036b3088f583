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
    let mut vars = candidates(m, f);
    if vars.is_empty() {
        return Ok(0);
    }
    // Variables without an initializer start undefined, as in the source.
    let mut undefs = Vec::new();
    for v in vars.values_mut() {
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
    let phis = place_phis(&cfg, f, &vars, &mut next_id);
    let mut ssa = Renamer {
        f,
        cfg: &cfg,
        vars: &vars,
        phis: &phis,
        replace: HashMap::new(),
        phi_args: HashMap::new(),
    };
    let mut current: HashMap<Word, Word> = vars.iter().map(|(id, v)| (*id, v.init)).collect();
    ssa.rename(cfg.entry, &mut current);
    let Renamer {
        replace, phi_args, ..
    } = ssa;
    rewrite(f, &vars, &phis, &phi_args, &replace, undefs);
    Ok(vars.len())
}

fn next_free_id(m: &SpirvModule, f: &FlatFunction) -> Word {
    let results = f.blocks.iter().flat_map(|b| &b.insts).chain(&f.params);
    let labels = f.blocks.iter().map(|b| b.label);
    let in_f = results.filter_map(|i| i.result_id).chain(labels).max();
    in_f.unwrap_or(0).max(m.bound).max(1) + 1
}

/// Function-storage variables holding one scalar, vector or pointer, used only as the
/// pointer of whole loads and stores (and lifetime markers).
fn candidates(m: &SpirvModule, f: &FlatFunction) -> HashMap<Word, Var> {
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
    // Any use other than as the pointer of a load or store lets the address escape.
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        let allowed_at = match inst.class.opcode {
            Op::Load => Some(0),
            Op::Store => Some(0),
            Op::LifetimeStart | Op::LifetimeStop => Some(0),
            _ => None,
        };
        for (k, o) in inst.operands.iter().enumerate() {
            if let Operand::IdRef(id) = o {
                if vars.contains_key(id) && allowed_at != Some(k) {
                    vars.remove(id);
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
    vars
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
                f.blocks[cfg.graph[*n]]
                    .insts
                    .iter()
                    .any(|i| i.class.opcode == Op::Store && pointer_of(i) == Some(var))
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
    phis: &'a HashMap<NodeIndex, Vec<(Word, Word)>>,
    /// A promoted load's id -> the value it reads.
    replace: HashMap<Word, Word>,
    /// A phi's id -> its (value, predecessor label) pairs.
    phi_args: HashMap<Word, Vec<(Word, Word)>>,
}

impl Renamer<'_> {
    /// Walks the dominator tree from `n`, `current` holding each variable's value on entry.
    /// An explicit stack: kernels at -O0 have blocks enough to overflow a recursive walk.
    fn rename(&mut self, entry: NodeIndex, current: &mut HashMap<Word, Word>) {
        let children = self.dominator_children();
        let mut stack = vec![(entry, current.clone())];
        while let Some((n, mut cur)) = stack.pop() {
            for (var, phi) in self.phis.get(&n).into_iter().flatten() {
                cur.insert(*var, *phi);
            }
            for inst in &self.f.blocks[self.cfg.graph[n]].insts {
                let Some(p) = pointer_of(inst).filter(|p| self.vars.contains_key(p)) else {
                    continue;
                };
                match inst.class.opcode {
                    Op::Load => {
                        if let Some(r) = inst.result_id {
                            self.replace.insert(r, cur[&p]);
                        }
                    }
                    Op::Store => {
                        if let Some(Operand::IdRef(v)) = inst.operands.get(1) {
                            let v = self.replace.get(v).copied().unwrap_or(*v);
                            cur.insert(p, v);
                        }
                    }
                    _ => {}
                }
            }
            let label = self.f.blocks[self.cfg.graph[n]].label;
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

/// Puts the phis in, drops the promoted variables with their loads, stores and lifetime
/// markers, and points every use of a promoted load at the value it read.
fn rewrite(
    f: &mut FlatFunction,
    vars: &HashMap<Word, Var>,
    phis: &HashMap<NodeIndex, Vec<(Word, Word)>>,
    phi_args: &HashMap<Word, Vec<(Word, Word)>>,
    replace: &HashMap<Word, Word>,
    undefs: Vec<Instruction>,
) {
    let resolve = |mut id: Word| {
        // A load may read a value that another promoted load produced.
        while let Some(&r) = replace.get(&id) {
            id = r;
        }
        id
    };
    for (i, block) in f.blocks.iter_mut().enumerate() {
        let promoted = |inst: &Instruction| {
            inst.class.opcode == Op::Variable
                && inst.result_id.is_some_and(|r| vars.contains_key(&r))
                || pointer_of(inst).is_some_and(|p| vars.contains_key(&p))
        };
        block.insts.retain(|inst| !promoted(inst));
        let mut new_phis = Vec::new();
        for (var, phi) in phis.get(&NodeIndex::new(i)).into_iter().flatten() {
            // Predecessors the walk never reached (unreachable blocks) read undefined.
            let operands = phi_args
                .get(phi)
                .into_iter()
                .flatten()
                .flat_map(|(v, l)| [Operand::IdRef(*v), Operand::IdRef(*l)])
                .collect();
            new_phis.push(Instruction::new(
                Op::Phi,
                Some(vars[var].ty),
                Some(*phi),
                operands,
            ));
        }
        block.insts.splice(0..0, new_phis);
        for inst in &mut block.insts {
            for o in &mut inst.operands {
                if let Operand::IdRef(id) = o {
                    *id = resolve(*id);
                }
            }
        }
    }
    if let Some(entry) = f.blocks.first_mut() {
        entry.insts.splice(0..0, undefs);
    }
}
