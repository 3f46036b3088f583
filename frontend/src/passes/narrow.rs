//! Pass `narrow`: bit-width narrowing where every reader truncates.

use crate::ir::*;
use crate::lower::mask;
use std::collections::HashMap;

/// Bit-width narrowing where it is provable: the low k bits of a sum, difference, product
/// or bitwise result depend only on the low k bits of the operands, so an operation whose
/// every reader truncates it to at most k bits is computed in k bits on truncated operands
/// (which may then narrow in turn). Values read outside their unit (live out, loop
/// condition, exit branch, other units) keep their width. Run `clean_up` afterwards: the
/// wide operands left without readers are removed there.
pub fn narrow(kernel: &mut Kernel) -> usize {
    let mut external: HashMap<UnitId, Vec<OpId>> = HashMap::new();
    for unit in &kernel.units {
        for (_, op) in unit.body.ops() {
            if let OpKind::Outer(ValueRef::Op(u, o)) = &op.kind {
                external.entry(*u).or_default().push(*o);
            }
        }
        for p in &unit.entry_phis {
            for (_, v) in &p.incoming {
                if let ValueRef::Op(u, o) = v {
                    external.entry(*u).or_default().push(*o);
                }
            }
        }
    }
    let mut count = 0;
    for (ui, unit) in kernel.units.iter_mut().enumerate() {
        let mut pinned: Vec<OpId> = external.remove(&UnitId(ui as u32)).unwrap_or_default();
        pinned.extend(unit.live_out.iter().copied());
        if let UnitKind::Loop { cont, .. } = &unit.kind {
            pinned.push(*cont);
        }
        match &unit.exit {
            Exit::Branch { cond, .. } => pinned.push(*cond),
            Exit::Switch { value, .. } => pinned.push(*value),
            _ => {}
        }
        for _round in 0..16 {
            let body = &mut unit.body;
            let mut readers: Vec<Vec<OpId>> = vec![Vec::new(); body.len()];
            for (id, op) in body.ops() {
                for o in &op.operands {
                    readers[o.index()].push(id);
                }
            }
            let mut changed = false;
            for i in (0..body.len()).rev() {
                let id = OpId(i as u32);
                let op = body.op(id);
                let (OpKind::Int(b), Type::Int(w)) = (&op.kind, op.ty) else {
                    continue;
                };
                if !matches!(
                    b,
                    IntBinOp::Add
                        | IntBinOp::Sub
                        | IntBinOp::Mul
                        | IntBinOp::And
                        | IntBinOp::Or
                        | IntBinOp::Xor
                ) || pinned.contains(&id)
                    || readers[i].is_empty()
                {
                    continue;
                }
                let needed = readers[i]
                    .iter()
                    .map(|r| match (&body.op(*r).kind, body.op(*r).ty) {
                        (OpKind::Cast(CastOp::Trunc), t) => t.bits(),
                        _ => w,
                    })
                    .max()
                    .unwrap_or(w);
                if needed >= w || needed == 0 {
                    continue;
                }
                let k = Type::Int(needed);
                let operands: Vec<OpId> = body
                    .op(id)
                    .operands
                    .clone()
                    .into_iter()
                    .map(|o| match body.op(o).kind {
                        OpKind::Const(v) => body.add(Op {
                            kind: OpKind::Const(v & mask(needed)),
                            ty: k,
                            operands: vec![],
                            name: None,
                            loc: None,
                        }),
                        _ => body.add(Op {
                            kind: OpKind::Cast(CastOp::Trunc),
                            ty: k,
                            operands: vec![o],
                            name: None,
                            loc: None,
                        }),
                    })
                    .collect();
                let x = &mut body.graph[id.node()];
                x.ty = k;
                x.operands = operands;
                // Readers that truncated to exactly k bits now read the value as it is.
                for r in &readers[i] {
                    let rd = &mut body.graph[r.node()];
                    if rd.ty == k && rd.kind == OpKind::Cast(CastOp::Trunc) {
                        rd.kind = OpKind::Cast(CastOp::Bitcast);
                    }
                }
                count += 1;
                changed = true;
            }
            if !changed {
                break;
            }
        }
    }
    count
}
