//! Control-flow analysis on the flattened kernel: dominators, back edges and natural loops,
//! found from the CFG itself (OpLoopMerge placement from llvm-spirv is not trusted).

use crate::inline::FlatFunction;
use crate::spirv::{id_operand, SpirvModule};
use crate::FrontendError;
use petgraph::algo::dominators::{simple_fast, Dominators};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{DfsPostOrder, EdgeRef};
use rspirv::spirv::{Op, Word};
use std::collections::{BTreeSet, HashMap};

pub struct Cfg {
    pub graph: DiGraph<usize, ()>,
    pub entry: NodeIndex,
    pub index_of: HashMap<Word, NodeIndex>,
    pub doms: Dominators<NodeIndex>,
    /// Reachable blocks in reverse post-order (a topological order once back edges are cut).
    pub rpo: Vec<NodeIndex>,
    pub loops: Vec<NaturalLoop>,
}

#[derive(Debug, Clone)]
pub struct NaturalLoop {
    pub header: NodeIndex,
    pub latch: NodeIndex,
    pub blocks: BTreeSet<NodeIndex>,
    pub innermost: bool,
}

/// The (literal, target) pairs of an OpSwitch.
pub fn switch_cases(term: &rspirv::dr::Instruction) -> Vec<(u64, Word)> {
    let mut out = Vec::new();
    let mut lit = None;
    for o in &term.operands[2.min(term.operands.len())..] {
        match o {
            rspirv::dr::Operand::LiteralBit32(v) => lit = Some(*v as u64),
            rspirv::dr::Operand::LiteralBit64(v) => lit = Some(*v),
            rspirv::dr::Operand::IdRef(l) => {
                if let Some(v) = lit.take() {
                    out.push((v, *l));
                }
            }
            _ => {}
        }
    }
    out
}

/// Successor labels of a block's terminator.
pub fn successors(
    m: &SpirvModule,
    f: &FlatFunction,
    block: usize,
) -> Result<Vec<Word>, FrontendError> {
    let b = &f.blocks[block];
    let Some(term) = b.insts.last() else {
        return Err(FrontendError::Malformed(format!(
            "block %{} has no terminator",
            b.label
        )));
    };
    Ok(match term.class.opcode {
        Op::Branch => vec![id_operand(term, 0).unwrap_or(0)],
        Op::BranchConditional => vec![
            id_operand(term, 1).unwrap_or(0),
            id_operand(term, 2).unwrap_or(0),
        ],
        Op::Switch => {
            let mut t = vec![id_operand(term, 1).unwrap_or(0)];
            for (_, l) in switch_cases(term) {
                if !t.contains(&l) {
                    t.push(l);
                }
            }
            t
        }
        Op::Return | Op::ReturnValue | Op::Unreachable => vec![],
        _ => {
            return Err(FrontendError::Unsupported {
                inst: m.describe(term),
                message: "this terminator (e.g. OpSwitch) is not supported yet".into(),
            })
        }
    })
}

impl Cfg {
    pub fn build(m: &SpirvModule, f: &FlatFunction) -> Result<Cfg, FrontendError> {
        if f.blocks.is_empty() {
            return Err(FrontendError::Malformed(
                "the kernel function has no blocks (no OpLabel after OpFunction)".into(),
            ));
        }
        let mut graph = DiGraph::new();
        let mut index_of = HashMap::new();
        for (i, b) in f.blocks.iter().enumerate() {
            index_of.insert(b.label, graph.add_node(i));
        }
        for (i, b) in f.blocks.iter().enumerate() {
            for s in successors(m, f, i)? {
                let Some(&t) = index_of.get(&s) else {
                    return Err(FrontendError::Malformed(format!(
                        "block %{} branches to unknown label %{s}",
                        b.label
                    )));
                };
                graph.add_edge(index_of[&b.label], t, ());
            }
        }
        let entry = NodeIndex::new(0);
        let doms = simple_fast(&graph, entry);
        let mut post = Vec::new();
        let mut dfs = DfsPostOrder::new(&graph, entry);
        while let Some(n) = dfs.next(&graph) {
            post.push(n);
        }
        let rpo: Vec<NodeIndex> = post.into_iter().rev().collect();
        let order: HashMap<NodeIndex, usize> =
            rpo.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let dominates = |a: NodeIndex, b: NodeIndex| {
            doms.dominators(b).is_some_and(|mut it| it.any(|d| d == a))
        };
        // A retreating edge (to an earlier block in RPO) must be a back edge to a dominator,
        // otherwise the CFG is irreducible.
        let mut back_edges: Vec<(NodeIndex, NodeIndex)> = Vec::new();
        for e in graph.edge_references() {
            let (s, t) = (e.source(), e.target());
            let (Some(os), Some(ot)) = (order.get(&s), order.get(&t)) else {
                continue;
            };
            if ot <= os {
                if !dominates(t, s) {
                    return Err(FrontendError::Unsupported {
                        inst: format!("OpBranch from block %{} to %{}", f.blocks[graph[s]].label, f.blocks[graph[t]].label),
                        message: "irreducible control flow (a loop with more than one entry) cannot be pipelined".into(),
                    });
                }
                back_edges.push((s, t));
            }
        }
        let mut loops: Vec<NaturalLoop> = Vec::new();
        for &(latch, header) in &back_edges {
            if back_edges.iter().filter(|(_, h)| *h == header).count() > 1 {
                return Err(FrontendError::Unsupported {
                    inst: format!("loop header block %{}", f.blocks[graph[header]].label),
                    message:
                        "a loop with several back edges (e.g. `continue`) is not supported yet"
                            .into(),
                });
            }
            let mut blocks = BTreeSet::from([header]);
            let mut work = vec![latch];
            while let Some(n) = work.pop() {
                if blocks.insert(n) {
                    work.extend(graph.neighbors_directed(n, petgraph::Direction::Incoming));
                }
            }
            loops.push(NaturalLoop {
                header,
                latch,
                blocks,
                innermost: true,
            });
        }
        let headers: Vec<NodeIndex> = loops.iter().map(|l| l.header).collect();
        for l in &mut loops {
            l.innermost = !headers
                .iter()
                .any(|h| *h != l.header && l.blocks.contains(h));
        }
        Ok(Cfg {
            graph,
            entry,
            index_of,
            doms,
            rpo,
            loops,
        })
    }
}
