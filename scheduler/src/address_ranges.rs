//! Value ranges of on-chip addresses, from the arrays' bounds: an access to an array of
//! `size` bytes has its byte address in [0, size - element], or the program is undefined.
//! Such a bound on `base + 256` bounds `base`, and so every other address computed from
//! `base`: `buf[i]` and `buf[i + 64]` of a 256-element array put `i` in [0, 192), hence
//! `buf[i]` in the first three quarters and `buf[i + 64]` in the last three. This is what
//! lets block partitioning give each access a static bank, where the address bits alone
//! (see `memories::known_bits`) cannot.
//!
//! Only accesses that execute whenever their iteration does (not predicated) give bounds;
//! bounds flow back through additions, shifts and multiplications by constants and
//! integer extensions, and only where the operation cannot wrap.

use ir::*;
use std::collections::HashMap;

/// A closed interval of mathematical integers.
type Range = (i128, i128);

fn meet(a: Range, b: Range) -> Range {
    (a.0.max(b.0), a.1.min(b.1))
}

/// The values an op's result may take, by its type alone (signed for its width, or the
/// source's range for an extension).
fn type_range(body: &Body, o: OpId) -> Range {
    let op = body.op(o);
    let signed = |w: u32| (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1);
    match op.kind {
        OpKind::Const(v) => {
            let w = op.ty.bits();
            let v = if w < 64 && v >> (w - 1) & 1 == 1 {
                v as i128 - (1i128 << w)
            } else if w == 64 {
                v as i64 as i128
            } else {
                v as i128
            };
            (v, v)
        }
        OpKind::Cast(CastOp::SExt) => signed(body.op(op.operands[0]).ty.bits().max(1)),
        OpKind::Cast(CastOp::ZExt) => (0, (1i128 << body.op(op.operands[0]).ty.bits()) - 1),
        _ => signed(op.ty.bits().clamp(1, 64)),
    }
}

/// (operand, constant) of `x op c` / `c op x`, when one side is a constant.
fn with_const(body: &Body, o: OpId) -> Option<(OpId, i128)> {
    let op = body.op(o);
    let (a, b) = (*op.operands.first()?, *op.operands.get(1)?);
    let c = |x: OpId| match body.op(x).kind {
        OpKind::Const(_) => Some(type_range(body, x).0),
        _ => None,
    };
    match (c(a), c(b)) {
        (None, Some(k)) => Some((a, k)),
        (Some(k), None) if !matches!(op.kind, OpKind::Int(IntBinOp::Sub | IntBinOp::Shl)) => {
            Some((b, k))
        }
        _ => None,
    }
}

/// What a bound on the result of `o` says about its non-constant operand, if anything.
fn backward(body: &Body, o: OpId, r: Range) -> Option<(OpId, Range)> {
    let op = body.op(o);
    let own = type_range(body, o);
    let (x, k) = match op.kind {
        OpKind::Cast(CastOp::SExt) | OpKind::Cast(CastOp::ZExt) => {
            let x = op.operands[0];
            // The extension's value is the operand's (signed or unsigned) value.
            return Some((x, meet(r, own)));
        }
        OpKind::Int(IntBinOp::Add | IntBinOp::Sub | IntBinOp::Shl | IntBinOp::Mul) => {
            with_const(body, o)?
        }
        _ => return None,
    };
    let xr = type_range(body, x);
    let fits = |lo: i128, hi: i128| lo >= own.0 && hi <= own.1;
    match op.kind {
        // x = r - k exactly when x + k did not wrap, which a result in range implies as long
        // as r - k is itself a value of the type.
        OpKind::Int(IntBinOp::Add) => fits(r.0 - k, r.1 - k).then_some((x, (r.0 - k, r.1 - k))),
        OpKind::Int(IntBinOp::Sub) => fits(r.0 + k, r.1 + k).then_some((x, (r.0 + k, r.1 + k))),
        // A shift or multiplication that cannot wrap for any value of x divides back.
        OpKind::Int(IntBinOp::Shl | IntBinOp::Mul) => {
            let m = if op.kind == OpKind::Int(IntBinOp::Shl) {
                if !(0..62).contains(&k) {
                    return None;
                }
                1i128 << k
            } else {
                k
            };
            if m <= 0 || !fits(xr.0 * m, xr.1 * m) {
                return None;
            }
            Some((
                x,
                (
                    r.0.div_euclid(m) + i128::from(r.0.rem_euclid(m) != 0),
                    r.1.div_euclid(m),
                ),
            ))
        }
        _ => None,
    }
}

/// The range of every op that feeds an on-chip address in `body`, given the array bounds.
pub fn ranges(k: &Kernel, body: &Body) -> HashMap<OpId, Range> {
    let mut bound: HashMap<OpId, Range> = HashMap::new();
    for (_, op) in body.ops() {
        let m = match op.kind {
            OpKind::Load(m) if op.operands.len() == 1 => m,
            OpKind::Store(m) if op.operands.len() == 2 => m,
            _ => continue,
        };
        let mem = k.memory(m);
        let Some(oc) = mem.on_chip() else { continue };
        let mut size = oc.depth as i128 * mem.elem.bytes() as i128;
        let mut addr = op.operands[0];
        // A memory with a copy per work-group in flight: the address inside the copy is
        // bounded by the copy.
        if let (Some((x, _)), true) = (within_copy(body, addr), oc.copies > 1) {
            (addr, size) = (x, size / oc.copies as i128);
        }
        let e = bound.entry(addr).or_insert((i128::MIN, i128::MAX));
        *e = meet(*e, (0, size - mem.elem.bytes() as i128));
    }
    // Back to the operands until nothing tightens (users come after their operands, so
    // one pass in reverse order usually does it).
    for _ in 0..8 {
        let mut changed = false;
        let ids: Vec<OpId> = body.ops().map(|(id, _)| id).collect();
        for id in ids.into_iter().rev() {
            let Some(r) = bound.get(&id).copied() else {
                continue;
            };
            if let Some((x, xr)) = backward(body, id, r) {
                let e = bound.entry(x).or_insert((i128::MIN, i128::MAX));
                let new = meet(*e, xr);
                if new != *e {
                    *e = new;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Forward: each op's range from its operands', met with its bound.
    let mut range: HashMap<OpId, Range> = HashMap::new();
    let mut order: Vec<OpId> = body.ops().map(|(id, _)| id).collect();
    order.sort_by_key(|o| o.0);
    for _ in 0..2 {
        for &id in &order {
            let op = body.op(id);
            let get = |o: OpId, range: &HashMap<OpId, Range>| {
                range
                    .get(&o)
                    .copied()
                    .unwrap_or_else(|| type_range(body, o))
            };
            let own = type_range(body, id);
            let fwd = match op.kind {
                OpKind::Cast(CastOp::SExt) => get(op.operands[0], &range),
                OpKind::Cast(CastOp::ZExt) => {
                    let r = get(op.operands[0], &range);
                    if r.0 >= 0 {
                        r
                    } else {
                        own
                    }
                }
                OpKind::Int(IntBinOp::Add | IntBinOp::Sub | IntBinOp::Shl | IntBinOp::Mul) => {
                    match with_const(body, id) {
                        Some((x, c)) => {
                            let r = get(x, &range);
                            let v = match op.kind {
                                OpKind::Int(IntBinOp::Add) => Some((r.0 + c, r.1 + c)),
                                OpKind::Int(IntBinOp::Sub) => Some((r.0 - c, r.1 - c)),
                                OpKind::Int(IntBinOp::Shl) if (0..62).contains(&c) => {
                                    Some((r.0 << c, r.1 << c))
                                }
                                OpKind::Int(IntBinOp::Mul) if c > 0 => Some((r.0 * c, r.1 * c)),
                                _ => None,
                            };
                            // A result outside the type means the operation may wrap.
                            v.filter(|v| v.0 >= own.0 && v.1 <= own.1).unwrap_or(own)
                        }
                        None => own,
                    }
                }
                _ => own,
            };
            let r = match bound.get(&id) {
                Some(b) => meet(fwd, *b),
                None => fwd,
            };
            range.insert(id, r);
        }
    }
    range
}

/// An address `x | (copy << shift)` of one of a memory's copies (`copies > 1`; the work-
/// group pass writes it so): the address inside the copy and the copy's shift.
pub fn within_copy(body: &Body, addr: OpId) -> Option<(OpId, u32)> {
    let o = body.op(addr);
    if o.kind != OpKind::Int(IntBinOp::Or) {
        return None;
    }
    let base = body.op(o.operands[1]);
    match (&base.kind, base.operands.get(1).map(|s| &body.op(*s).kind)) {
        (OpKind::Int(IntBinOp::Shl), Some(OpKind::Const(s))) if *s < 64 => {
            Some((o.operands[0], *s as u32))
        }
        _ => None,
    }
}

/// The constant value of address bits `bits` (most significant first) over every address
/// `addr` may take, when they do not vary.
pub fn constant_bits(ranges: &HashMap<OpId, Range>, addr: OpId, bits: &[u32]) -> Option<u32> {
    let (lo, hi) = *ranges.get(&addr)?;
    let low = *bits.iter().min()?;
    if lo > hi || lo < 0 || (lo >> low) != (hi >> low) {
        return None;
    }
    Some(
        bits.iter()
            .fold(0u32, |acc, b| acc << 1 | (lo >> b & 1) as u32),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(body: &mut Body, kind: OpKind, ty: Type, operands: Vec<OpId>) -> OpId {
        body.add(Op {
            kind,
            ty,
            operands,
            name: None,
            loc: None,
        })
    }

    /// `a[i]` and `a[i + 64]` of a 128-float array; `predicated`: the second only under a
    /// condition (then it bounds nothing).
    fn two_reads(predicated: bool) -> (Kernel, Body, OpId, OpId) {
        let mut b = Body::default();
        let i = op(&mut b, OpKind::Arg(ArgId(0)), Type::Int(32), vec![]);
        let x = op(&mut b, OpKind::Cast(CastOp::SExt), Type::ADDR, vec![i]);
        let two = op(&mut b, OpKind::Const(2), Type::ADDR, vec![]);
        let a0 = op(&mut b, OpKind::Int(IntBinOp::Shl), Type::ADDR, vec![x, two]);
        let off = op(&mut b, OpKind::Const(256), Type::ADDR, vec![]);
        let a1 = op(
            &mut b,
            OpKind::Int(IntBinOp::Add),
            Type::ADDR,
            vec![a0, off],
        );
        let f = Type::Float(FloatKind::F32);
        op(&mut b, OpKind::Load(MemId(0)), f, vec![a0]);
        if predicated {
            let p = op(&mut b, OpKind::Arg(ArgId(1)), Type::Int(1), vec![]);
            op(&mut b, OpKind::Load(MemId(0)), f, vec![a1, p]);
        } else {
            op(&mut b, OpKind::Load(MemId(0)), f, vec![a1]);
        }
        let k = Kernel {
            name: "k".into(),
            args: vec![],
            memories: vec![Memory {
                name: "a".into(),
                kind: MemoryKind::OnChip(OnChip {
                    storage: Storage::Private,
                    depth: 128,
                    attrs: MemAttrs::default(),
                    init: None,
                    merged_into: None,
                    copies: 1,
                }),
                elem: f,
                read: true,
                written: false,
                no_alias: true,
                no_write: false,
                lanes: 1,
                geometry: None,
                port_bits: None,
            }],
            units: vec![],
            entry: UnitId(0),
            mode: ExecMode::SequentialWorkItems,
            attrs: Default::default(),
            address_bits: 64,
            sources: Vec::new(),
            work_groups: None,
        };
        (k, b, a0, a1)
    }

    #[test]
    fn array_bounds_split_the_array_between_two_reads() {
        let (k, b, a0, a1) = two_reads(false);
        let r = ranges(&k, &b);
        assert_eq!(r[&a0], (0, 252));
        assert_eq!(r[&a1], (256, 508));
        // Block partitioning in two: byte-address bit 8 picks the bank.
        assert_eq!(constant_bits(&r, a0, &[8]), Some(0));
        assert_eq!(constant_bits(&r, a1, &[8]), Some(1));
        // Cyclic (bit 2) varies with i.
        assert_eq!(constant_bits(&r, a0, &[2]), None);
    }

    #[test]
    fn a_predicated_access_bounds_nothing() {
        let (k, b, a0, _) = two_reads(true);
        let r = ranges(&k, &b);
        assert_eq!(r[&a0], (0, 508));
        assert_eq!(constant_bits(&r, a0, &[8]), None);
    }
}
