//! Planning the units: which blocks become one unit (an innermost loop, a straight run of
//! blocks in a kernel with barriers, or a single block), before any is lowered.

use super::*;

impl Lowering<'_> {
    /// Splits the CFG into units: innermost loops and the remaining blocks; a kernel without
    /// loops is one unit pipelined over work-items.
    pub(super) fn plan_units(&mut self) -> Result<(), FrontendError> {
        // A barrier ends a unit, so a kernel with one is planned block by block and a
        // loop around one is not pipelined (the work-group pass runs the regions).
        let (f, graph) = (self.f, &self.cfg.graph);
        let barrier = |n: &NodeIndex| {
            f.blocks[graph[*n]]
                .insts
                .iter()
                .any(|i| i.class.opcode == rspirv::spirv::Op::ControlBarrier)
        };
        let any_barrier = self.cfg.rpo.iter().any(barrier);
        if self.cfg.loops.is_empty() && !any_barrier {
            self.kernel.mode = ExecMode::PipelinedWorkItems;
            self.planned.push(PlannedUnit {
                blocks: self.cfg.rpo.clone(),
                is_loop: None,
            });
            for n in &self.cfg.rpo {
                self.unit_of_block.insert(*n, UnitId(0));
            }
            return Ok(());
        }
        self.kernel.mode = ExecMode::SequentialWorkItems;
        for n in &self.cfg.rpo {
            if self.unit_of_block.contains_key(n) {
                continue;
            }
            let id = UnitId(self.planned.len() as u32);
            let inner = self
                .cfg
                .loops
                .iter()
                .position(|l| l.innermost && l.header == *n && !l.blocks.iter().any(barrier));
            if let Some(li) = inner {
                let l = &self.cfg.loops[li];
                let blocks: Vec<NodeIndex> = self
                    .cfg
                    .rpo
                    .iter()
                    .filter(|b| l.blocks.contains(b))
                    .copied()
                    .collect();
                for b in &blocks {
                    self.unit_of_block.insert(*b, id);
                }
                self.planned.push(PlannedUnit {
                    blocks,
                    is_loop: Some(li),
                });
            } else {
                let blocks = if any_barrier {
                    self.straight_run(*n, &barrier)
                } else {
                    vec![*n]
                };
                for b in &blocks {
                    self.unit_of_block.insert(*b, id);
                }
                self.planned.push(PlannedUnit {
                    blocks,
                    is_loop: None,
                });
            }
        }
        self.kernel.entry = self.unit_of_block[&self.cfg.entry];
        Ok(())
    }

    /// The blocks from `n` on that can be one straight-line unit, if-converted: a chain
    /// of blocks each the only successor of the one before and its only predecessor, and
    /// `if`s whose arms are single blocks that meet again. Only a block's last unit may
    /// hold a barrier, and neither a loop header nor a barrier joins a run after its start,
    /// so each region between barriers becomes as few units as its branches allow
    /// (`passes::workgroups` pipelines a region of one unit over the work-items).
    fn straight_run(&self, n: NodeIndex, barrier: &dyn Fn(&NodeIndex) -> bool) -> Vec<NodeIndex> {
        let g = &self.cfg.graph;
        let preds = |b: NodeIndex| -> Vec<NodeIndex> {
            g.neighbors_directed(b, petgraph::Direction::Incoming)
                .collect()
        };
        let succs = |b: NodeIndex| -> Vec<NodeIndex> {
            let mut v: Vec<NodeIndex> = g.neighbors(b).collect();
            v.sort();
            v.dedup();
            v
        };
        let free = |b: NodeIndex, run: &[NodeIndex]| {
            !run.contains(&b)
                && !self.unit_of_block.contains_key(&b)
                && !self.cfg.loops.iter().any(|l| l.header == b)
        };
        let mut run = vec![n];
        let mut tail = n;
        while !barrier(&tail) {
            let next = succs(tail);
            match next.as_slice() {
                [m] if free(*m, &run) && preds(*m) == [tail] => {
                    run.push(*m);
                    tail = *m;
                }
                [a, b] => {
                    // An arm is a barrier-free block of the branch alone, going to the join.
                    let arm = |x: NodeIndex, join: NodeIndex| {
                        free(x, &run) && !barrier(&x) && preds(x) == [tail] && succs(x) == [join]
                    };
                    let join = if succs(*a) == [*b] && arm(*a, *b) {
                        Some((vec![*a], *b))
                    } else if succs(*b) == [*a] && arm(*b, *a) {
                        Some((vec![*b], *a))
                    } else {
                        succs(*a)
                            .first()
                            .copied()
                            .filter(|j| arm(*a, *j) && arm(*b, *j))
                            .map(|j| (vec![*a, *b], j))
                    };
                    let Some((arms, j)) = join else { break };
                    let mut expect: Vec<NodeIndex> = arms.clone();
                    if arms.len() == 1 {
                        expect.push(tail);
                    }
                    let mut pj = preds(j);
                    pj.sort();
                    expect.sort();
                    if !free(j, &run) || pj != expect {
                        break;
                    }
                    run.extend(arms);
                    run.push(j);
                    tail = j;
                }
                _ => break,
            }
        }
        let pos: HashMap<NodeIndex, usize> = self
            .cfg
            .rpo
            .iter()
            .enumerate()
            .map(|(i, b)| (*b, i))
            .collect();
        run.sort_by_key(|b| pos[b]);
        run
    }
}
