//! Bypassing empty blocks on the flattened kernel (a piece of LLVM's simplifycfg).
//!
//! clang at `-O0` keeps a block per statement. Once `promote` has turned the variables
//! into values, many of them hold nothing but a branch: the `at = k; break;` of a search
//! loop becomes a block outside the loop that only jumps to the loop's exit, so the loop
//! seems to leave to two different places. Each predecessor of such a block is pointed at
//! its target instead, and the target's phis learn the new predecessors.

use crate::cfg::{successors, Cfg};
use crate::inline::FlatFunction;
use crate::spirv::{id_operand, SpirvModule};
use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};

/// Removes empty blocks until none is left that can go. Returns how many went.
pub fn bypass_empty_blocks(m: &SpirvModule, f: &mut FlatFunction) -> usize {
    let mut removed = 0;
    while let Some(i) = next_removable(m, f) {
        bypass(m, f, i);
        removed += 1;
    }
    removed
}

/// An empty block (an unconditional branch, no phis), not the entry, whose removal keeps
/// every phi well defined and every loop with one entry and one back edge.
fn next_removable(m: &SpirvModule, f: &FlatFunction) -> Option<usize> {
    // An irreducible or malformed CFG is left for the lowering to report.
    let cfg = Cfg::build(m, f).ok()?;
    // A block inside a loop that jumps to the header is the loop's latch: bypassing it
    // would give the loop several back edges. A preheader (outside the loop; the
    // translator adds one to every loop with llvm.loop metadata, as `-g` gives) may go.
    let latch_of_header = |i: usize, target: Word| {
        cfg.loops.iter().any(|l| {
            f.blocks[cfg.graph[l.header]].label == target
                && cfg
                    .index_of
                    .get(&f.blocks[i].label)
                    .is_some_and(|n| l.blocks.contains(n))
        })
    };
    (1..f.blocks.len()).find(|&i| {
        let b = &f.blocks[i];
        let [term] = b.insts.as_slice() else {
            return false;
        };
        let Some(target) = (term.class.opcode == Op::Branch)
            .then(|| id_operand(term, 0))
            .flatten()
        else {
            return false;
        };
        if target == b.label || latch_of_header(i, target) {
            return false;
        }
        let preds = predecessors(m, f, b.label);
        // A predecessor that already reaches the target directly would give a phi two
        // entries for one edge.
        let target_preds = predecessors(m, f, target);
        !preds.is_empty() && preds.iter().all(|p| !target_preds.contains(p))
    })
}

fn predecessors(m: &SpirvModule, f: &FlatFunction, label: Word) -> Vec<Word> {
    (0..f.blocks.len())
        .filter(|&j| successors(m, f, j).is_ok_and(|s| s.contains(&label)))
        .map(|j| f.blocks[j].label)
        .collect()
}

fn bypass(m: &SpirvModule, f: &mut FlatFunction, i: usize) {
    let label = f.blocks[i].label;
    let Some(target) = id_operand(&f.blocks[i].insts[0], 0) else {
        return;
    };
    let preds = predecessors(m, f, label);
    f.blocks.remove(i);
    for block in &mut f.blocks {
        let is_target = block.label == target;
        for inst in &mut block.insts {
            if inst.class.opcode == Op::Phi {
                if is_target {
                    // (value, empty block) becomes (value, p) for each predecessor p.
                    let mut ops = Vec::new();
                    for pair in inst.operands.chunks(2) {
                        match pair {
                            [v, Operand::IdRef(l)] if *l == label => {
                                for p in &preds {
                                    ops.extend([v.clone(), Operand::IdRef(*p)]);
                                }
                            }
                            _ => ops.extend(pair.iter().cloned()),
                        }
                    }
                    inst.operands = ops;
                }
                continue;
            }
            // Branches, switches and merge instructions that named the empty block.
            for o in &mut inst.operands {
                if *o == Operand::IdRef(label) {
                    *o = Operand::IdRef(target);
                }
            }
        }
    }
}

/// Puts the blocks in reverse post-order when some block comes before its dominator (the
/// translator keeps LLVM's layout, which may put a loop's exit before the loop), so that
/// every value is lowered before its uses. Unreachable blocks go last. A function already
/// in dominance order keeps its layout. Returns whether the order changed.
pub fn order_by_dominance(m: &SpirvModule, f: &mut FlatFunction) -> bool {
    let Ok(cfg) = Cfg::build(m, f) else {
        return false;
    };
    let position: std::collections::HashMap<_, _> =
        cfg.rpo.iter().enumerate().map(|(k, n)| (*n, k)).collect();
    let out_of_order = cfg.graph.node_indices().any(|n| {
        cfg.doms
            .immediate_dominator(n)
            .is_some_and(|d| cfg.graph[d] > cfg.graph[n])
    });
    if !out_of_order {
        return false;
    }
    let mut order: Vec<usize> = (0..f.blocks.len()).collect();
    order.sort_by_key(|&i| {
        position
            .get(&petgraph::graph::NodeIndex::new(i))
            .copied()
            .unwrap_or(usize::MAX)
    });
    let mut old: Vec<Option<crate::inline::FlatBlock>> = std::mem::take(&mut f.blocks)
        .into_iter()
        .map(Some)
        .collect();
    f.blocks = order.into_iter().filter_map(|i| old[i].take()).collect();
    true
}

/// Drops line information and the instructions of debug and NonSemantic.* sets (clang -g,
/// clspv): they say where things came from, not what to compute. The positions the lines
/// give are kept in `f.lines`.
pub fn drop_debug_info(m: &SpirvModule, f: &mut FlatFunction) {
    f.lines = crate::lines::SourceLines::collect(m, f);
    for b in &mut f.blocks {
        b.insts
            .retain(|i| !m.is_nonsemantic(i) && !matches!(i.class.opcode, Op::Line | Op::NoLine));
    }
}
