//! A unit's body: its operations as a dataflow graph, data and memory-order edges, and
//! the loop-carried values among them.

use super::{Dep, DepKind, Op, OpId, OpKind};
use petgraph::graph::DiGraph;
use petgraph::visit::EdgeRef;

/// One unit's dataflow graph. Nodes are operations, edges dependences.
#[derive(Debug, Clone, Default)]
pub struct Body {
    pub graph: DiGraph<Op, Dep>,
}

impl Body {
    pub fn add(&mut self, op: Op) -> OpId {
        let operands = op.operands.clone();
        let is_carried = op.kind == OpKind::CarriedPhi;
        let id = OpId(self.graph.add_node(op).index() as u32);
        for (i, src) in operands.into_iter().enumerate() {
            // The `next` operand of a carried phi is defined later; its edge is added by
            // `set_carried_next`.
            if !(is_carried && i == 1) {
                self.graph.add_edge(
                    src.node(),
                    id.node(),
                    Dep {
                        kind: DepKind::Data,
                        distance: 0,
                    },
                );
            }
        }
        id
    }

    /// Completes a carried phi once the value from the previous iteration is known.
    pub fn set_carried_next(&mut self, phi: OpId, next: OpId) {
        self.set_carried_next_at(phi, next, 1);
    }

    /// Completes (or re-points) a carried phi whose value comes from `distance` iterations
    /// back: iteration i reads `next` of iteration i - distance, and the initial value
    /// while i < distance. Distance 1 is the plain loop-carried value.
    pub fn set_carried_next_at(&mut self, phi: OpId, next: OpId, distance: u32) {
        let old = self
            .graph
            .edges_directed(phi.node(), petgraph::Direction::Incoming)
            .find(|e| e.weight().kind == DepKind::Data && e.weight().distance > 0)
            .map(|e| e.id());
        if let Some(e) = old {
            self.graph.remove_edge(e);
        }
        self.graph[phi.node()].operands[1] = next;
        self.graph.add_edge(
            next.node(),
            phi.node(),
            Dep {
                kind: DepKind::Data,
                distance,
            },
        );
    }

    /// How many iterations back a carried phi's `next` is read (1 unless a pass changed it).
    pub fn carried_distance(&self, phi: OpId) -> u32 {
        self.graph
            .edges_directed(phi.node(), petgraph::Direction::Incoming)
            .find(|e| e.weight().kind == DepKind::Data && e.weight().distance > 0)
            .map_or(1, |e| e.weight().distance)
    }

    /// Removes the memory order edges from `from` to `to` that cross iterations.
    pub fn remove_carried_order(&mut self, from: OpId, to: OpId) {
        self.graph.retain_edges(|g, e| {
            let (a, b) = g.edge_endpoints(e).expect("an edge of the graph");
            !(g[e].kind == DepKind::Order
                && g[e].distance > 0
                && a == from.node()
                && b == to.node())
        });
    }

    /// Removes the memory order edges of distance `distance` or more.
    pub fn remove_order_from(&mut self, distance: u32) {
        self.graph
            .retain_edges(|g, e| !(g[e].kind == DepKind::Order && g[e].distance >= distance));
    }

    pub fn add_order(&mut self, from: OpId, to: OpId, distance: u32) {
        self.graph.add_edge(
            from.node(),
            to.node(),
            Dep {
                kind: DepKind::Order,
                distance,
            },
        );
    }

    /// The order a body's ops can be copied in: every operand first (a carried phi's
    /// `next` excepted).
    pub fn copy_order(&self) -> Vec<OpId> {
        let mut done = vec![false; self.len()];
        let mut out = Vec::with_capacity(self.len());
        let mut stack: Vec<(OpId, bool)> = (0..self.len() as u32)
            .rev()
            .map(|i| (OpId(i), false))
            .collect();
        while let Some((id, expanded)) = stack.pop() {
            if done[id.index()] {
                continue;
            }
            if expanded {
                done[id.index()] = true;
                out.push(id);
                continue;
            }
            stack.push((id, true));
            let op = self.op(id);
            for (i, o) in op.operands.iter().enumerate().rev() {
                let carried_next = op.kind == OpKind::CarriedPhi && i == 1;
                if !carried_next && !done[o.index()] {
                    stack.push((*o, false));
                }
            }
        }
        out
    }

    pub fn op(&self, id: OpId) -> &Op {
        &self.graph[id.node()]
    }

    pub fn ops(&self) -> impl Iterator<Item = (OpId, &Op)> {
        self.graph
            .node_indices()
            .map(|n| (OpId(n.index() as u32), &self.graph[n]))
    }

    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    pub fn is_empty(&self) -> bool {
        self.graph.node_count() == 0
    }

    /// Every dependence as (source, destination, dep).
    pub fn deps(&self) -> impl Iterator<Item = (OpId, OpId, Dep)> + '_ {
        self.graph.edge_references().map(|e| {
            (
                OpId(e.source().index() as u32),
                OpId(e.target().index() as u32),
                *e.weight(),
            )
        })
    }
}
