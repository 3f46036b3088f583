//! Where a pipe's accesses may go in a schedule.

use crate::problem::{Dependence, Operation};
use ir::{Body, Kernel, OpId, OpKind};

/// A write pipe's store waits while its queue is full, and the stall is decided a cycle
/// ahead (registered) from whether an iteration that writes will be at the store's
/// stage: exact only from the stage before it, and only if the predicate is known there.
/// At the issue stage and the one after it the pipeline counts as occupied, so with the
/// store there a queue that stays full would hold the pipeline after its last packet,
/// and a kernel whose reader waits for what it does next would never finish (a deadlock
/// the model does not have). So the store starts at stage 2 or later, a cycle after its
/// predicate is ready: from a pinned anchor (the loop's issue, or one added at cycle 0).
pub(crate) fn place_writes(
    kernel: &Kernel,
    body: &Body,
    ops: &mut Vec<Operation>,
    deps: &mut Vec<Dependence>,
) {
    let stores: Vec<OpId> = body
        .ops()
        .filter(|(_, op)| matches!(op.kind, OpKind::Store(m) if kernel.memory(m).is_pipe()))
        .map(|(id, _)| id)
        .collect();
    if stores.is_empty() {
        return;
    }
    let anchor = match ops
        .iter()
        .position(|o| o.name == "issue" && o.pinned == Some(0))
    {
        Some(i) => i,
        None => {
            ops.push(Operation {
                name: "anchor".into(),
                latency: 0,
                delay_ns: 0.0,
                uses: vec![],
                pinned: Some(0),
                bits: 0,
            });
            ops.len() - 1
        }
    };
    for id in stores {
        deps.push(Dependence {
            src: anchor,
            dst: id.index(),
            latency: 2,
            distance: 0,
            data: false,
        });
        if let Some(p) = body.op(id).predicate() {
            deps.push(Dependence {
                src: p.index(),
                dst: id.index(),
                latency: ops[p.index()].latency + 1,
                distance: 0,
                data: false,
            });
        }
    }
}
