//! The builder of one unit's dataflow graph: the SPIR-V values it has lowered, its entry
//! phis and carried values, and small compositions (lanes, saturation, resizing) that
//! several instruction families use.

use super::*;

pub(super) struct UnitBuilder {
    pub(super) body: Body,
    pub(super) values: HashMap<Word, OpId>,
    pub(super) entry_phis: Vec<EntryPhi>,
    pub(super) pending_phis: Vec<(usize, Word, Vec<(Word, NodeIndex)>)>,
    pub(super) carried: Vec<(OpId, Word)>,
    pub(super) atomic_mems: Vec<MemId>,
}

impl UnitBuilder {
    pub(super) fn add(&mut self, op: Op_) -> OpId {
        self.body.add(op)
    }
    /// An unnamed operation.
    pub(super) fn op(&mut self, kind: OpKind, ty: Type, operands: Vec<OpId>) -> OpId {
        self.body.add(Op_ {
            kind,
            ty,
            operands,
            name: None,
            loc: None,
        })
    }
    pub(super) fn int(&mut self, b: IntBinOp, ty: Type, x: OpId, y: OpId) -> OpId {
        self.add(Op_ {
            kind: OpKind::Int(b),
            ty,
            operands: vec![x, y],
            name: None,
            loc: None,
        })
    }
    pub(super) fn not(&mut self, x: OpId) -> OpId {
        let ty = self.body.op(x).ty;
        let ones = self.add(Op_ {
            kind: OpKind::Const(mask(ty.bits())),
            ty,
            operands: vec![],
            name: None,
            loc: None,
        });
        self.int(IntBinOp::Xor, ty, x, ones)
    }
    /// Lane `k` (of type `ty`) of a packed word: a shift and a truncation, which are wiring.
    pub(super) fn lane_of(&mut self, word: OpId, k: u32, ty: Type) -> OpId {
        let wty = self.body.op(word).ty;
        let shifted = if k == 0 {
            word
        } else {
            let sh = self.op(OpKind::Const((k * ty.bits()) as u64), wty, vec![]);
            self.int(IntBinOp::LShr, wty, word, sh)
        };
        let bits = self.op(
            OpKind::Cast(CastOp::Trunc),
            Type::Int(ty.bits()),
            vec![shifted],
        );
        self.as_type(bits, ty, None)
    }

    /// `x` seen as `ty`, a type of the same width: `x` itself, or a bitcast (wiring).
    pub(super) fn as_type(&mut self, x: OpId, ty: Type, name: Option<String>) -> OpId {
        if self.body.op(x).ty == ty {
            return x;
        }
        self.add(Op_ {
            kind: OpKind::Cast(CastOp::Bitcast),
            ty,
            operands: vec![x],
            name,
            loc: None,
        })
    }

    /// `value` moved into lane `k` of a word of type `word_ty` (other lanes zero).
    pub(super) fn place_lane(&mut self, value: OpId, k: u32, word_ty: Type) -> OpId {
        let vty = self.body.op(value).ty;
        let bits = self.as_type(value, Type::Int(vty.bits()), None);
        let wide = self.op(OpKind::Cast(CastOp::ZExt), word_ty, vec![bits]);
        if k == 0 {
            return wide;
        }
        let sh = self.op(OpKind::Const((k * vty.bits()) as u64), word_ty, vec![]);
        self.int(IntBinOp::Shl, word_ty, wide, sh)
    }

    /// A store of `data` at `addr` into `mem`, predicated when `pred` is given.
    pub(super) fn store(&mut self, mem: MemId, addr: OpId, data: OpId, pred: Option<OpId>) -> OpId {
        let ty = self.body.op(data).ty;
        let mut operands = vec![addr, data];
        operands.extend(pred);
        self.op(OpKind::Store(mem), ty, operands)
    }

    /// `addr + bytes` (a no-op for 0).
    pub(super) fn offset(&mut self, addr: OpId, bytes: u64) -> OpId {
        if bytes == 0 {
            return addr;
        }
        let c = self.op(OpKind::Const(bytes), Type::ADDR, vec![]);
        self.int(IntBinOp::Add, Type::ADDR, addr, c)
    }

    /// Integer `x` (signed or not) clamped to the range of a `to`-bit integer (signed or
    /// not), then resized: the saturating conversions.
    pub(super) fn saturate(
        &mut self,
        x: OpId,
        from_signed: bool,
        to_signed: bool,
        to: u32,
    ) -> OpId {
        let from = self.body.op(x).ty.bits();
        let range = |signed: bool, bits: u32| -> (i128, i128) {
            if signed {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            } else {
                (0, (1i128 << bits) - 1)
            }
        };
        let (from_lo, from_hi) = range(from_signed, from);
        let (lo, hi) = range(to_signed, to);
        // A width that holds the source and, where a bound is checked, the bound too.
        let w = (from.max(to) + 1).min(64);
        let wt = Type::Int(w);
        let mut v = self.resize(x, w, from_signed);
        if lo > from_lo {
            let c = self.op(OpKind::Const(lo as u64 & mask(w)), wt, vec![]);
            let below = self.op(OpKind::Cmp(CmpPred::SLt), Type::BOOL, vec![v, c]);
            v = self.op(OpKind::Select, wt, vec![below, c, v]);
        }
        if hi < from_hi {
            let c = self.op(OpKind::Const(hi as u64 & mask(w)), wt, vec![]);
            let p = if from_signed {
                CmpPred::SGt
            } else {
                CmpPred::UGt
            };
            let above = self.op(OpKind::Cmp(p), Type::BOOL, vec![v, c]);
            v = self.op(OpKind::Select, wt, vec![above, c, v]);
        }
        self.resize(v, to, false)
    }

    /// OpIsNan, OpIsInf, OpIsFinite, OpIsNormal and OpSignBitSet on float `x`, from its bits.
    pub(super) fn float_class(&mut self, opc: Op, x: OpId, ft: Type) -> OpId {
        let w = ft.bits();
        let it = Type::Int(w);
        let man = match w {
            16 => 10,
            32 => 23,
            _ => 52,
        };
        let bits = self.op(OpKind::Cast(CastOp::Bitcast), it, vec![x]);
        let abs_mask = self.op(OpKind::Const(mask(w - 1)), it, vec![]);
        let abs = self.int(IntBinOp::And, it, bits, abs_mask);
        let inf = self.op(OpKind::Const(mask(w - 1 - man) << man), it, vec![]);
        match opc {
            Op::IsNan => self.op(OpKind::Cmp(CmpPred::UGt), Type::BOOL, vec![abs, inf]),
            Op::IsInf => self.op(OpKind::Cmp(CmpPred::Eq), Type::BOOL, vec![abs, inf]),
            Op::IsFinite => self.op(OpKind::Cmp(CmpPred::ULt), Type::BOOL, vec![abs, inf]),
            Op::IsNormal => {
                let min = self.op(OpKind::Const(1u64 << man), it, vec![]);
                let finite = self.op(OpKind::Cmp(CmpPred::ULt), Type::BOOL, vec![abs, inf]);
                let big = self.op(OpKind::Cmp(CmpPred::UGe), Type::BOOL, vec![abs, min]);
                self.int(IntBinOp::And, Type::BOOL, finite, big)
            }
            _ => {
                let zero = self.op(OpKind::Const(0), it, vec![]);
                self.op(OpKind::Cmp(CmpPred::SLt), Type::BOOL, vec![bits, zero])
            }
        }
    }

    /// Zero/sign-extends or truncates an integer to `bits`.
    pub(super) fn resize(&mut self, x: OpId, bits: u32, signed: bool) -> OpId {
        let from = self.body.op(x).ty.bits();
        let kind = match from.cmp(&bits) {
            std::cmp::Ordering::Equal => return x,
            std::cmp::Ordering::Less if signed => CastOp::SExt,
            std::cmp::Ordering::Less => CastOp::ZExt,
            std::cmp::Ordering::Greater => CastOp::Trunc,
        };
        self.op(OpKind::Cast(kind), Type::Int(bits), vec![x])
    }
}
