//! Pass `widen-half`: half arithmetic computed in float and rounded once.

use crate::ir::*;

/// Half-precision arithmetic computed in float: each half add, sub, mul, div, sqrt,
/// rounding to integral, compare and int/half conversion becomes a widening of its
/// operands (exact), the float operation and one rounding back to half. That is correctly
/// rounded: float's 24 bits are at least 2·11 + 2, so rounding the float result again
/// gives the half result rounded once (and directed roundings compose). fma, the math
/// functions and half <-> double conversions are left alone (code generation refuses
/// them): for those the double rounding could differ.
pub fn widen_half(kernel: &mut Kernel) -> usize {
    use petgraph::visit::EdgeRef;
    let half = Type::Float(FloatKind::F16);
    let float = Type::Float(FloatKind::F32);
    let mut count = 0;
    for unit in &mut kernel.units {
        let body = &mut unit.body;
        let n = body.len();
        for i in 0..n {
            let id = OpId(i as u32);
            let op = body.op(id).clone();
            let operand_half = op.operands.first().is_some_and(|o| body.op(*o).ty == half);
            let (widened_kind, result) = match &op.kind {
                OpKind::Float(_) if op.ty == half => (op.kind.clone(), Some(Rounding::Rte)),
                OpKind::FloatUnary(u) if op.ty == half && !u.is_sign_bit_op() => {
                    (op.kind.clone(), Some(Rounding::Rte))
                }
                // The math functions: the float core, rounded once to half (within
                // half's bounds: 1 float ulp is 2^-13 of a half ulp). Only those whose
                // operands are all half (not pown, rootn, ldexp).
                OpKind::Math(_)
                    if op.ty == half && op.operands.iter().all(|o| body.op(*o).ty == half) =>
                {
                    (op.kind.clone(), Some(Rounding::Rte))
                }
                OpKind::FCmp(_) if operand_half => (op.kind.clone(), None),
                OpKind::Convert(ConvertOp::FToSI | ConvertOp::FToUI) if operand_half => {
                    (op.kind.clone(), None)
                }
                OpKind::Convert(ConvertOp::SIToF(r)) if op.ty == half => {
                    (OpKind::Convert(ConvertOp::SIToF(*r)), Some(*r))
                }
                OpKind::Convert(ConvertOp::UIToF(r)) if op.ty == half => {
                    (OpKind::Convert(ConvertOp::UIToF(*r)), Some(*r))
                }
                _ => continue,
            };
            // Operands widened (halves only; integers as they are).
            let operands: Vec<OpId> = op
                .operands
                .iter()
                .map(|o| {
                    if body.op(*o).ty == half {
                        body.add(Op {
                            kind: OpKind::Convert(ConvertOp::FToF(Rounding::Rte)),
                            ty: float,
                            operands: vec![*o],
                            name: None,
                            loc: None,
                        })
                    } else {
                        *o
                    }
                })
                .collect();
            let old_in: Vec<_> = body
                .graph
                .edges_directed(id.node(), petgraph::Direction::Incoming)
                .filter(|e| e.weight().kind == DepKind::Data && e.weight().distance == 0)
                .map(|e| e.id())
                .collect();
            for e in old_in {
                body.graph.remove_edge(e);
            }
            match result {
                Some(r) => {
                    let wide = body.add(Op {
                        kind: widened_kind,
                        ty: float,
                        operands,
                        name: None,
                        loc: None,
                    });
                    let x = &mut body.graph[id.node()];
                    x.kind = OpKind::Convert(ConvertOp::FToF(r));
                    x.operands = vec![wide];
                    body.graph.add_edge(
                        wide.node(),
                        id.node(),
                        Dep {
                            kind: DepKind::Data,
                            distance: 0,
                        },
                    );
                }
                None => {
                    // The result is not a half (a compare, an integer): only the operands
                    // change.
                    for o in &operands {
                        body.graph.add_edge(
                            o.node(),
                            id.node(),
                            Dep {
                                kind: DepKind::Data,
                                distance: 0,
                            },
                        );
                    }
                    body.graph[id.node()].operands = operands;
                }
            }
            count += 1;
        }
    }
    count
}
