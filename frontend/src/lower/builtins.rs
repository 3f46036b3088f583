//! OpenCL.std built-ins lowered to IR operations: the integer and float min/max/abs/clamp
//! family, bit counts, saturating and halving arithmetic, rounding, sqrt, fma and friends.

use super::*;
use rspirv::spirv::OpenclStd100Op as Cl;

impl Lowering<'_> {
    /// OpenCL.std built-ins that are compositions of IR operations (min/max/abs/clamp and
    /// their float forms, fabs, copysign). Anything else is refused with its name.
    pub(super) fn lower_ext_inst(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
    ) -> Result<OpId, FrontendError> {
        let m = self.m;
        let which = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) => *n,
            _ => return Err(bad(m, inst, "malformed OpExtInst")),
        };
        let set_is_opencl = matches!(inst.operands.first(), Some(rspirv::dr::Operand::IdRef(set)) if self.m.module.ext_inst_imports.iter().any(|i| i.result_id == Some(*set) && matches!(i.operands.first(), Some(rspirv::dr::Operand::LiteralString(n)) if n == "OpenCL.std")));
        let op = Cl::from_u32(which)
            .filter(|_| set_is_opencl)
            .ok_or_else(|| {
                bad(
                    m,
                    inst,
                    format!("extended instruction {which} of a set other than OpenCL.std"),
                )
            })?;
        let ty = self.result_type(inst)?;
        let mut args = Vec::new();
        for k in 2..inst.operands.len() {
            let id = id_operand(inst, k).unwrap_or(0);
            args.push(self.value(ub, id)?);
        }
        let name = self.name_of(inst.result_id.unwrap_or(0));
        let int_ok = matches!(ty, Type::Int(8 | 16 | 32 | 64));
        let is_float = matches!(ty, Type::Float(_));
        // The families for the result type, tried in turn: integer built-ins (min/max and
        // bits, then saturating arithmetic), float built-ins (rounding and roots, then
        // compositions of IR operations).
        type Family<'a> = fn(
            &mut Lowering<'a>,
            &mut UnitBuilder,
            &Instruction,
            Cl,
            Vec<OpId>,
            Option<String>,
        ) -> Result<Option<OpId>, FrontendError>;
        let families: &[Family] = if int_ok {
            &[Self::lower_int_minmax_bits, Self::lower_int_saturating]
        } else if is_float {
            &[Self::lower_float_rounding, Self::lower_float_composite]
        } else {
            &[]
        };
        for family in families {
            if let Some(id) = family(self, ub, inst, op, args.clone(), name.clone())? {
                return Ok(id);
            }
        }
        let need = |n: usize| need_operands(m, inst, op, &args, n);
        let cmp = |ub: &mut UnitBuilder, p: CmpPred, x: OpId, y: OpId| {
            ub.op(OpKind::Cmp(p), Type::BOOL, vec![x, y])
        };
        let sel = |ub: &mut UnitBuilder, c: OpId, x: OpId, y: OpId, name: Option<String>| {
            select(ub, ty, c, x, y, name)
        };
        Ok(match op {
            Cl::select => {
                need(3)?;
                // Scalar form: c != 0 picks b; vector form (c is a lane): c's top bit does.
                let c_id = id_operand(inst, 4).unwrap_or(0);
                let cty = ub.body.op(args[2]).ty;
                let zero = ub.op(OpKind::Const(0), cty, vec![]);
                let p = if self.lane_origin.contains_key(&c_id) {
                    CmpPred::SLt
                } else {
                    CmpPred::Ne
                };
                let c = cmp(ub, p, args[2], zero);
                sel(ub, c, args[1], args[0], name)
            }
            // The math functions: one IR operation each, computed by the software model;
            // code generation refuses them until their cores exist.
            other
                if (is_float || other == Cl::ilogb)
                    && MATH_FUNCTIONS.contains(&format!("{other:?}").as_str()) =>
            {
                let f = format!("{other:?}");
                let f = crate::ir::math_name(&f);
                ub.add(Op_ {
                    kind: OpKind::Math(f.to_string()),
                    ty,
                    operands: args,
                    name,
                    loc: None,
                })
            }
            other => {
                return Err(bad(
                    m,
                    inst,
                    format!("OpenCL.std {other:?} returning {ty} is not supported"),
                ))
            }
        })
    }

    /// min/max/clamp/abs, bit counts, 24-bit products and rotate.
    fn lower_int_minmax_bits(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        op: Cl,
        args: Vec<OpId>,
        name: Option<String>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let ty = self.result_type(inst)?;
        let need = |n: usize| need_operands(m, inst, op, &args, n);
        let cmp = |ub: &mut UnitBuilder, p: CmpPred, x: OpId, y: OpId| {
            ub.op(OpKind::Cmp(p), Type::BOOL, vec![x, y])
        };
        let sel = |ub: &mut UnitBuilder, c: OpId, x: OpId, y: OpId, name: Option<String>| {
            select(ub, ty, c, x, y, name)
        };
        Ok(Some(match op {
            Cl::s_min | Cl::u_min | Cl::s_max | Cl::u_max => {
                need(2)?;
                let p = match op {
                    Cl::s_min => CmpPred::SLt,
                    Cl::u_min => CmpPred::ULt,
                    Cl::s_max => CmpPred::SGt,
                    _ => CmpPred::UGt,
                };
                let c = cmp(ub, p, args[0], args[1]);
                sel(ub, c, args[0], args[1], name)
            }
            Cl::s_clamp | Cl::u_clamp => {
                need(3)?;
                let (gt, lt) = if op == Cl::s_clamp {
                    (CmpPred::SGt, CmpPred::SLt)
                } else {
                    (CmpPred::UGt, CmpPred::ULt)
                };
                let c = cmp(ub, gt, args[0], args[1]);
                let lo = sel(ub, c, args[0], args[1], None);
                let c = cmp(ub, lt, lo, args[2]);
                sel(ub, c, lo, args[2], name)
            }
            Cl::s_abs => {
                need(1)?;
                let zero = ub.add(Op_ {
                    kind: OpKind::Const(0),
                    ty,
                    operands: vec![],
                    name: None,
                    loc: None,
                });
                let neg = ub.int(IntBinOp::Sub, ty, zero, args[0]);
                let c = cmp(ub, CmpPred::SLt, args[0], zero);
                sel(ub, c, neg, args[0], name)
            }
            Cl::u_abs => {
                need(1)?;
                args[0]
            }
            Cl::popcount | Cl::clz | Cl::ctz => {
                need(1)?;
                let u = match op {
                    Cl::popcount => IntUnaryOp::Popcount,
                    Cl::clz => IntUnaryOp::Clz,
                    _ => IntUnaryOp::Ctz,
                };
                ub.add(Op_ {
                    kind: OpKind::IntUnary(u),
                    ty,
                    operands: vec![args[0]],
                    name,
                    loc: None,
                })
            }
            Cl::s_mul_hi | Cl::u_mul_hi | Cl::s_mad_hi | Cl::u_mad_hi if ty.bits() <= 32 => {
                // The high half of the double-width product.
                need(if matches!(op, Cl::s_mad_hi | Cl::u_mad_hi) {
                    3
                } else {
                    2
                })?;
                let signed = matches!(op, Cl::s_mul_hi | Cl::s_mad_hi);
                let w = ty.bits();
                let wide = Type::Int(2 * w);
                let ext = if signed { CastOp::SExt } else { CastOp::ZExt };
                let x = ub.op(OpKind::Cast(ext), wide, vec![args[0]]);
                let y = ub.op(OpKind::Cast(ext), wide, vec![args[1]]);
                let p = ub.int(IntBinOp::Mul, wide, x, y);
                let sh = ub.op(OpKind::Const(w as u64), wide, vec![]);
                let hi = ub.int(IntBinOp::LShr, wide, p, sh);
                let hi = ub.op(OpKind::Cast(CastOp::Trunc), ty, vec![hi]);
                if args.len() == 3 {
                    ub.add(Op_ {
                        kind: OpKind::Int(IntBinOp::Add),
                        ty,
                        operands: vec![hi, args[2]],
                        name,
                        loc: None,
                    })
                } else {
                    hi
                }
            }
            Cl::s_mul24 | Cl::u_mul24 | Cl::s_mad24 | Cl::u_mad24 => {
                // Defined only for 24-bit operands, where it is the plain product.
                need(if matches!(op, Cl::s_mad24 | Cl::u_mad24) {
                    3
                } else {
                    2
                })?;
                let p = ub.int(IntBinOp::Mul, ty, args[0], args[1]);
                if args.len() == 3 {
                    ub.add(Op_ {
                        kind: OpKind::Int(IntBinOp::Add),
                        ty,
                        operands: vec![p, args[2]],
                        name,
                        loc: None,
                    })
                } else {
                    p
                }
            }
            Cl::rotate => {
                need(2)?;
                let w = ty.bits() as u64;
                let m = ub.op(OpKind::Const(w - 1), ty, vec![]);
                let wc = ub.op(OpKind::Const(w), ty, vec![]);
                let i = ub.int(IntBinOp::And, ty, args[1], m);
                let left = ub.int(IntBinOp::Shl, ty, args[0], i);
                let back = ub.int(IntBinOp::Sub, ty, wc, i);
                let back = ub.int(IntBinOp::And, ty, back, m);
                let right = ub.int(IntBinOp::LShr, ty, args[0], back);
                ub.add(Op_ {
                    kind: OpKind::Int(IntBinOp::Or),
                    ty,
                    operands: vec![left, right],
                    name,
                    loc: None,
                })
            }
            _ => return Ok(None),
        }))
    }

    /// Saturating, halving and absolute-difference arithmetic, and upsample.
    fn lower_int_saturating(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        op: Cl,
        args: Vec<OpId>,
        name: Option<String>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let ty = self.result_type(inst)?;
        let need = |n: usize| need_operands(m, inst, op, &args, n);
        let cmp = |ub: &mut UnitBuilder, p: CmpPred, x: OpId, y: OpId| {
            ub.op(OpKind::Cmp(p), Type::BOOL, vec![x, y])
        };
        let sel = |ub: &mut UnitBuilder, c: OpId, x: OpId, y: OpId, name: Option<String>| {
            select(ub, ty, c, x, y, name)
        };
        Ok(Some(match op {
            Cl::u_add_sat | Cl::u_sub_sat => {
                need(2)?;
                let (x, y) = (args[0], args[1]);
                if op == Cl::u_add_sat {
                    let sum = ub.int(IntBinOp::Add, ty, x, y);
                    let over = cmp(ub, CmpPred::ULt, sum, x);
                    let max = ub.op(OpKind::Const(mask(ty.bits())), ty, vec![]);
                    sel(ub, over, max, sum, name)
                } else {
                    let diff = ub.int(IntBinOp::Sub, ty, x, y);
                    let under = cmp(ub, CmpPred::ULt, x, y);
                    let zero = ub.op(OpKind::Const(0), ty, vec![]);
                    sel(ub, under, zero, diff, name)
                }
            }
            Cl::s_add_sat | Cl::s_sub_sat => {
                need(2)?;
                let (x, y) = (args[0], args[1]);
                let add = op == Cl::s_add_sat;
                let r = ub.int(if add { IntBinOp::Add } else { IntBinOp::Sub }, ty, x, y);
                // Overflow: the operands' signs make it possible and the result's sign shows it.
                let rx = ub.int(IntBinOp::Xor, ty, r, x);
                let other = if add {
                    ub.int(IntBinOp::Xor, ty, r, y)
                } else {
                    ub.int(IntBinOp::Xor, ty, x, y)
                };
                let both = ub.int(IntBinOp::And, ty, rx, other);
                let zero = ub.op(OpKind::Const(0), ty, vec![]);
                let over = cmp(ub, CmpPred::SLt, both, zero);
                let neg = cmp(ub, CmpPred::SLt, x, zero);
                let min = ub.op(OpKind::Const(1u64 << (ty.bits() - 1)), ty, vec![]);
                let max = ub.op(OpKind::Const(mask(ty.bits() - 1)), ty, vec![]);
                let limit = sel(ub, neg, min, max, None);
                sel(ub, over, limit, r, name)
            }
            Cl::s_hadd | Cl::u_hadd | Cl::s_rhadd | Cl::u_rhadd => {
                // (x + y) >> 1 without the carry out: halves plus the lost low bit.
                need(2)?;
                let signed = matches!(op, Cl::s_hadd | Cl::s_rhadd);
                let one = ub.op(OpKind::Const(1), ty, vec![]);
                let shr = if signed {
                    IntBinOp::AShr
                } else {
                    IntBinOp::LShr
                };
                let hx = ub.int(shr, ty, args[0], one);
                let hy = ub.int(shr, ty, args[1], one);
                let low = if matches!(op, Cl::s_hadd | Cl::u_hadd) {
                    ub.int(IntBinOp::And, ty, args[0], args[1])
                } else {
                    ub.int(IntBinOp::Or, ty, args[0], args[1])
                };
                let low = ub.int(IntBinOp::And, ty, low, one);
                let sum = ub.int(IntBinOp::Add, ty, hx, hy);
                ub.add(Op_ {
                    kind: OpKind::Int(IntBinOp::Add),
                    ty,
                    operands: vec![sum, low],
                    name,
                    loc: None,
                })
            }
            Cl::s_abs_diff | Cl::u_abs_diff => {
                need(2)?;
                let lt = cmp(
                    ub,
                    if op == Cl::s_abs_diff {
                        CmpPred::SLt
                    } else {
                        CmpPred::ULt
                    },
                    args[0],
                    args[1],
                );
                let d1 = ub.int(IntBinOp::Sub, ty, args[1], args[0]);
                let d2 = ub.int(IntBinOp::Sub, ty, args[0], args[1]);
                sel(ub, lt, d1, d2, name)
            }
            Cl::s_upsample | Cl::u_upsample => {
                need(2)?;
                let half = ub.body.op(args[1]).ty.bits();
                let hi = ub.op(OpKind::Cast(CastOp::ZExt), ty, vec![args[0]]);
                let lo = ub.op(OpKind::Cast(CastOp::ZExt), ty, vec![args[1]]);
                let sh = ub.op(OpKind::Const(half as u64), ty, vec![]);
                let hi = ub.int(IntBinOp::Shl, ty, hi, sh);
                ub.add(Op_ {
                    kind: OpKind::Int(IntBinOp::Or),
                    ty,
                    operands: vec![hi, lo],
                    name,
                    loc: None,
                })
            }
            _ => return Ok(None),
        }))
    }

    /// Rounding to integral, square roots and the native/half divide, recip and rsqrt.
    fn lower_float_rounding(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        op: Cl,
        args: Vec<OpId>,
        name: Option<String>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let ty = self.result_type(inst)?;
        let need = |n: usize| need_operands(m, inst, op, &args, n);
        Ok(Some(match op {
            Cl::sqrt | Cl::floor | Cl::ceil | Cl::trunc | Cl::rint | Cl::round => {
                need(1)?;
                let u = match op {
                    Cl::sqrt => FloatUnaryOp::Sqrt,
                    Cl::floor => FloatUnaryOp::Floor,
                    Cl::ceil => FloatUnaryOp::Ceil,
                    Cl::trunc => FloatUnaryOp::Trunc,
                    Cl::rint => FloatUnaryOp::Rint,
                    _ => FloatUnaryOp::Round,
                };
                ub.add(Op_ {
                    kind: OpKind::FloatUnary(u),
                    ty,
                    operands: vec![args[0]],
                    name,
                    loc: None,
                })
            }
            // 1/sqrt(x) from two correctly rounded operations: under 1.5 ulp, inside the
            // 2 ulp OpenCL allows rsqrt. native_* may be anything: the exact cores serve.
            // Half allows 1 ulp: both steps in float, then one rounding to half.
            Cl::rsqrt | Cl::native_rsqrt | Cl::half_rsqrt => {
                need(1)?;
                let half = ty == Type::Float(FloatKind::F16);
                let wide = if half {
                    Type::Float(FloatKind::F32)
                } else {
                    ty
                };
                let x = if half {
                    ub.op(
                        OpKind::Convert(ConvertOp::FToF(Rounding::Rte)),
                        wide,
                        vec![args[0]],
                    )
                } else {
                    args[0]
                };
                let r = ub.op(OpKind::FloatUnary(FloatUnaryOp::Sqrt), wide, vec![x]);
                let one = ub.op(OpKind::Const(float_bits(wide, 1.0)), wide, vec![]);
                if half {
                    let q = ub.op(OpKind::Float(FloatBinOp::Div), wide, vec![one, r]);
                    ub.add(Op_ {
                        kind: OpKind::Convert(ConvertOp::FToF(Rounding::Rte)),
                        ty,
                        operands: vec![q],
                        name,
                        loc: None,
                    })
                } else {
                    ub.add(Op_ {
                        kind: OpKind::Float(FloatBinOp::Div),
                        ty,
                        operands: vec![one, r],
                        name,
                        loc: None,
                    })
                }
            }
            Cl::native_sqrt | Cl::half_sqrt => {
                need(1)?;
                ub.add(Op_ {
                    kind: OpKind::FloatUnary(FloatUnaryOp::Sqrt),
                    ty,
                    operands: vec![args[0]],
                    name,
                    loc: None,
                })
            }
            Cl::native_divide | Cl::half_divide => {
                need(2)?;
                ub.add(Op_ {
                    kind: OpKind::Float(FloatBinOp::Div),
                    ty,
                    operands: vec![args[0], args[1]],
                    name,
                    loc: None,
                })
            }
            Cl::native_recip | Cl::half_recip => {
                need(1)?;
                let one = ub.op(OpKind::Const(float_bits(ty, 1.0)), ty, vec![]);
                ub.add(Op_ {
                    kind: OpKind::Float(FloatBinOp::Div),
                    ty,
                    operands: vec![one, args[0]],
                    name,
                    loc: None,
                })
            }
            _ => return Ok(None),
        }))
    }

    /// fdim, sign, step, mix, smoothstep, radians/degrees, fma/mad, fabs, fmin/fmax/fclamp, copysign.
    // Long because it is a table: one arm per float built-in made of IR operations.
    fn lower_float_composite(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        op: Cl,
        args: Vec<OpId>,
        name: Option<String>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let ty = self.result_type(inst)?;
        let need = |n: usize| need_operands(m, inst, op, &args, n);
        let sel = |ub: &mut UnitBuilder, c: OpId, x: OpId, y: OpId, name: Option<String>| {
            select(ub, ty, c, x, y, name)
        };
        // fmin/fmax: a NaN operand yields the other operand.
        let fpick =
            |ub: &mut UnitBuilder, x: OpId, y: OpId, take_y: FCmpPred, name: Option<String>| {
                let y_nan = ub.op(OpKind::FCmp(FCmpPred::Unord), Type::BOOL, vec![y, y]);
                let x_nan = ub.op(OpKind::FCmp(FCmpPred::Unord), Type::BOOL, vec![x, x]);
                let y_wins = ub.op(OpKind::FCmp(take_y), Type::BOOL, vec![y, x]);
                let ordered = select(ub, ty, y_wins, y, x, None);
                let x_or = select(ub, ty, x_nan, y, ordered, None);
                select(ub, ty, y_nan, x, x_or, name)
            };
        Ok(Some(match op {
            Cl::fdim => {
                // x - y when x > y, +0 otherwise, NaN when either is.
                need(2)?;
                let (x, y) = (args[0], args[1]);
                let diff = ub.op(OpKind::Float(FloatBinOp::Sub), ty, vec![x, y]);
                let nan = ub.op(OpKind::Float(FloatBinOp::Add), ty, vec![x, y]);
                let zero = ub.op(OpKind::Const(0), ty, vec![]);
                let gt = ub.op(OpKind::FCmp(FCmpPred::OGt), Type::BOOL, vec![x, y]);
                let un = ub.op(OpKind::FCmp(FCmpPred::Unord), Type::BOOL, vec![x, y]);
                let ordered = ub.op(OpKind::Select, ty, vec![gt, diff, zero]);
                sel(ub, un, nan, ordered, name)
            }
            Cl::sign => {
                // 1.0 for x > 0, -1.0 for x < 0, x itself for +-0, 0.0 for NaN.
                need(1)?;
                let x = args[0];
                let zero = ub.op(OpKind::Const(0), ty, vec![]);
                let one = ub.op(OpKind::Const(float_bits(ty, 1.0)), ty, vec![]);
                let m_one = ub.op(OpKind::Const(float_bits(ty, -1.0)), ty, vec![]);
                let gt = ub.op(OpKind::FCmp(FCmpPred::OGt), Type::BOOL, vec![x, zero]);
                let lt = ub.op(OpKind::FCmp(FCmpPred::OLt), Type::BOOL, vec![x, zero]);
                let nan = ub.op(OpKind::FCmp(FCmpPred::Unord), Type::BOOL, vec![x, x]);
                let s1 = ub.op(OpKind::Select, ty, vec![lt, m_one, x]);
                let s2 = ub.op(OpKind::Select, ty, vec![gt, one, s1]);
                sel(ub, nan, zero, s2, name)
            }
            Cl::step => {
                need(2)?;
                let zero = ub.op(OpKind::Const(0), ty, vec![]);
                let one = ub.op(OpKind::Const(float_bits(ty, 1.0)), ty, vec![]);
                let lt = ub.op(
                    OpKind::FCmp(FCmpPred::OLt),
                    Type::BOOL,
                    vec![args[1], args[0]],
                );
                sel(ub, lt, zero, one, name)
            }
            Cl::mix => {
                // x + (y - x) * a, as the OpenCL specification writes it.
                need(3)?;
                let d = ub.op(OpKind::Float(FloatBinOp::Sub), ty, vec![args[1], args[0]]);
                let p = ub.op(OpKind::Float(FloatBinOp::Mul), ty, vec![d, args[2]]);
                ub.add(Op_ {
                    kind: OpKind::Float(FloatBinOp::Add),
                    ty,
                    operands: vec![args[0], p],
                    name,
                    loc: None,
                })
            }
            Cl::smoothstep => {
                // t = clamp((x - e0) / (e1 - e0), 0, 1); t·t·(3 - 2t), each step rounded as
                // the specification writes it (a NaN t stays NaN).
                need(3)?;
                let zero = ub.op(OpKind::Const(0), ty, vec![]);
                let one = ub.op(OpKind::Const(float_bits(ty, 1.0)), ty, vec![]);
                let three = ub.op(OpKind::Const(float_bits(ty, 3.0)), ty, vec![]);
                let num = ub.op(OpKind::Float(FloatBinOp::Sub), ty, vec![args[2], args[0]]);
                let den = ub.op(OpKind::Float(FloatBinOp::Sub), ty, vec![args[1], args[0]]);
                let q = ub.op(OpKind::Float(FloatBinOp::Div), ty, vec![num, den]);
                let below = ub.op(OpKind::FCmp(FCmpPred::OLt), Type::BOOL, vec![q, zero]);
                let above = ub.op(OpKind::FCmp(FCmpPred::OGt), Type::BOOL, vec![q, one]);
                let lo = ub.op(OpKind::Select, ty, vec![below, zero, q]);
                let t = ub.op(OpKind::Select, ty, vec![above, one, lo]);
                let tt = ub.op(OpKind::Float(FloatBinOp::Mul), ty, vec![t, t]);
                let two_t = ub.op(OpKind::Float(FloatBinOp::Add), ty, vec![t, t]);
                let s = ub.op(OpKind::Float(FloatBinOp::Sub), ty, vec![three, two_t]);
                ub.add(Op_ {
                    kind: OpKind::Float(FloatBinOp::Mul),
                    ty,
                    operands: vec![tt, s],
                    name,
                    loc: None,
                })
            }
            Cl::radians | Cl::degrees => {
                need(1)?;
                // The constant as the format computes it: pi rounded first, then the quotient.
                let pi = float_value(ty, float_bits(ty, std::f64::consts::PI));
                let k = if op == Cl::radians {
                    pi / 180.0
                } else {
                    180.0 / pi
                };
                let c = ub.op(OpKind::Const(float_bits(ty, k)), ty, vec![]);
                ub.add(Op_ {
                    kind: OpKind::Float(FloatBinOp::Mul),
                    ty,
                    operands: vec![c, args[0]],
                    name,
                    loc: None,
                })
            }
            // mad rounds once, as fma (`--mad unfused` splits it in the module instead;
            // float_controls::split_mad).
            Cl::fma | Cl::mad => {
                need(3)?;
                ub.add(Op_ {
                    kind: OpKind::Fma,
                    ty,
                    operands: vec![args[0], args[1], args[2]],
                    name,
                    loc: None,
                })
            }
            Cl::fabs => {
                need(1)?;
                ub.add(Op_ {
                    kind: OpKind::FloatUnary(FloatUnaryOp::Abs),
                    ty,
                    operands: vec![args[0]],
                    name,
                    loc: None,
                })
            }
            Cl::fmin => {
                need(2)?;
                fpick(ub, args[0], args[1], FCmpPred::OLt, name)
            }
            Cl::fmax => {
                need(2)?;
                fpick(ub, args[0], args[1], FCmpPred::OGt, name)
            }
            Cl::fclamp => {
                need(3)?;
                let lo = fpick(ub, args[0], args[1], FCmpPred::OGt, None);
                fpick(ub, lo, args[2], FCmpPred::OLt, name)
            }
            Cl::copysign => {
                need(2)?;
                let w = ty.bits();
                let i32t = Type::Int(w);
                let bits = |ub: &mut UnitBuilder, x: OpId| {
                    ub.op(OpKind::Cast(CastOp::Bitcast), i32t, vec![x])
                };
                let (xa, xb) = (bits(ub, args[0]), bits(ub, args[1]));
                let mag_mask = ub.op(OpKind::Const(mask(w - 1)), i32t, vec![]);
                let sign_mask = ub.op(OpKind::Const(1u64 << (w - 1)), i32t, vec![]);
                let mag = ub.int(IntBinOp::And, i32t, xa, mag_mask);
                let sign = ub.int(IntBinOp::And, i32t, xb, sign_mask);
                let r = ub.int(IntBinOp::Or, i32t, mag, sign);
                ub.add(Op_ {
                    kind: OpKind::Cast(CastOp::Bitcast),
                    ty,
                    operands: vec![r],
                    name,
                    loc: None,
                })
            }
            _ => return Ok(None),
        }))
    }
}

/// An error unless the built-in got `n` operands.
fn need_operands(
    m: &SpirvModule,
    inst: &Instruction,
    op: Cl,
    args: &[OpId],
    n: usize,
) -> Result<(), FrontendError> {
    if args.len() == n {
        Ok(())
    } else {
        Err(bad(m, inst, format!("{op:?} takes {n} operands")))
    }
}

/// `c ? x : y` of type `ty`.
fn select(ub: &mut UnitBuilder, ty: Type, c: OpId, x: OpId, y: OpId, name: Option<String>) -> OpId {
    ub.add(Op_ {
        kind: OpKind::Select,
        ty,
        operands: vec![c, x, y],
        name,
        loc: None,
    })
}

impl Lowering<'_> {
    /// The math built-ins that also write through a pointer (sincos, frexp, modf, fract,
    /// lgamma_r, remquo): the returned value and the written one become two `Math`
    /// operations (the second named `<fn>_out`) and a store. None: not one of these.
    pub(super) fn lower_ext_with_output(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<Option<OpId>, FrontendError> {
        use rspirv::spirv::OpenclStd100Op as Cl;
        let m = self.m;
        let op = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) => Cl::from_u32(*n),
            _ => None,
        };
        if let Some(op @ (Cl::vload_half | Cl::vstore_half | Cl::vstore_half_r)) = op {
            return self.lower_half_access(ub, inst, op, pred).map(Some);
        }
        let Some(op @ (Cl::sincos | Cl::frexp | Cl::modf | Cl::fract | Cl::lgamma_r | Cl::remquo)) =
            op
        else {
            return Ok(None);
        };
        let ty = self.result_type(inst)?;
        let ids: Vec<Word> = (2..inst.operands.len())
            .filter_map(|k| id_operand(inst, k))
            .collect();
        let Some((&ptr, inputs)) = ids.split_last() else {
            return Err(bad(m, inst, format!("{op:?} without operands")));
        };
        let p = self.pointer(inst, ptr)?;
        let addr = self.value(ub, ptr)?;
        let mut args = Vec::new();
        for id in inputs {
            args.push(self.value(ub, *id)?);
        }
        let f = format!("{op:?}");
        let out_ty = match op {
            Cl::frexp | Cl::lgamma_r | Cl::remquo => Type::Int(32),
            _ => ty,
        };
        let mem = &mut self.kernel.memories[p.mem.0 as usize];
        if mem.elem.bits() != out_ty.bits() || mem.lanes > 1 {
            return Err(bad(
                m,
                inst,
                format!("{f} writes {out_ty} into '{}' of {}", mem.name, mem.elem),
            ));
        }
        mem.written = true;
        let elem = mem.elem;
        let out = ub.op(OpKind::Math(format!("{f}_out")), out_ty, args.clone());
        let out = ub.as_type(out, elem, None);
        ub.store(p.mem, addr, out, pred);
        let name = self.name_of(inst.result_id.unwrap_or(0));
        Ok(Some(ub.add(Op_ {
            kind: OpKind::Math(f),
            ty,
            operands: args,
            name,
            loc: None,
        })))
    }

    /// vload_half (a half read and widened to float) and vstore_half / vstore_half_r (a
    /// float narrowed to half in the given direction, nearest even by default, and written),
    /// at element `offset` of a half pointer. Returns the loaded value, or for a store a
    /// placeholder constant nothing reads.
    fn lower_half_access(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        op: rspirv::spirv::OpenclStd100Op,
        pred: Option<OpId>,
    ) -> Result<OpId, FrontendError> {
        use rspirv::spirv::OpenclStd100Op as Cl;
        let m = self.m;
        let mut ids: Vec<Word> = (2..inst.operands.len())
            .filter_map(|k| id_operand(inst, k))
            .collect();
        let load = op == Cl::vload_half;
        // vstore_half_r's last operand is the rounding mode, a literal (read as an id).
        let mode = if op == Cl::vstore_half_r {
            ids.pop()
        } else {
            None
        };
        let (data, offset, ptr) = match (load, ids.as_slice()) {
            (true, [o, p]) => (None, *o, *p),
            (false, [d, o, p]) => (Some(*d), *o, *p),
            _ => return Err(bad(m, inst, format!("{op:?}: unexpected operands"))),
        };
        let p = self.pointer(inst, ptr)?;
        let mem = &self.kernel.memories[p.mem.0 as usize];
        let half = Type::Float(FloatKind::F16);
        if mem.elem.bits() != 16 || mem.lanes > 1 {
            return Err(bad(
                m,
                inst,
                format!(
                    "{op:?} on '{}' of {}: a half buffer is needed",
                    mem.name, mem.elem
                ),
            ));
        }
        let elem = mem.elem;
        let base = self.value(ub, ptr)?;
        let o = self.value(ub, offset)?;
        let o = ub.resize(o, Type::ADDR.bits(), false);
        let one = ub.op(OpKind::Const(1), Type::ADDR, vec![]);
        let bytes = ub.int(IntBinOp::Shl, Type::ADDR, o, one);
        let addr = ub.int(IntBinOp::Add, Type::ADDR, base, bytes);
        let name = self.name_of(inst.result_id.unwrap_or(0));
        if let Some(d) = data {
            let mode = match mode {
                None | Some(0) => Rounding::Rte,
                Some(1) => Rounding::Rtz,
                Some(2) => Rounding::Rtp,
                Some(3) => Rounding::Rtn,
                Some(r) => return Err(bad(m, inst, format!("rounding mode {r} does not exist"))),
            };
            let v = self.value(ub, d)?;
            let h = ub.op(OpKind::Convert(ConvertOp::FToF(mode)), half, vec![v]);
            let h = ub.as_type(h, elem, None);
            self.kernel.memories[p.mem.0 as usize].written = true;
            ub.store(p.mem, addr, h, pred);
            Ok(ub.op(OpKind::Const(0), Type::Int(1), vec![]))
        } else {
            self.kernel.memories[p.mem.0 as usize].read = true;
            let mut operands = vec![addr];
            operands.extend(pred);
            let raw = ub.op(OpKind::Load(p.mem), elem, operands);
            let h = ub.as_type(raw, half, None);
            let ty = self.result_type(inst)?;
            Ok(ub.add(Op_ {
                kind: OpKind::Convert(ConvertOp::FToF(Rounding::Rte)),
                ty,
                operands: vec![h],
                name,
                loc: None,
            }))
        }
    }
}

/// The OpenCL.std math functions carried as `OpKind::Math` (all take and return floats of
/// one format, except ldexp, pown and rootn, whose second operand is an int).
const MATH_FUNCTIONS: &[&str] = &[
    "acos",
    "acosh",
    "acospi",
    "asin",
    "asinh",
    "asinpi",
    "atan",
    "atan2",
    "atanh",
    "atanpi",
    "atan2pi",
    "cbrt",
    "cos",
    "cosh",
    "cospi",
    "erfc",
    "erf",
    "exp",
    "exp2",
    "exp10",
    "expm1",
    "fmod",
    "hypot",
    "lgamma",
    "log",
    "log2",
    "log10",
    "log1p",
    "logb",
    "maxmag",
    "minmag",
    "nextafter",
    "pow",
    "pown",
    "powr",
    "remainder",
    "rootn",
    "sin",
    "sinh",
    "sinpi",
    "tan",
    "tanh",
    "tanpi",
    "tgamma",
    "ldexp",
    "ilogb",
    "half_cos",
    "half_exp",
    "half_exp2",
    "half_exp10",
    "half_log",
    "half_log2",
    "half_log10",
    "half_powr",
    "half_sin",
    "half_tan",
    "native_cos",
    "native_exp",
    "native_exp2",
    "native_exp10",
    "native_log",
    "native_log2",
    "native_log10",
    "native_powr",
    "native_sin",
    "native_tan",
];

/// The bits of `v` rounded to float type `ty` (nearest even).
pub(super) fn float_bits(ty: Type, v: f64) -> u64 {
    match ty {
        Type::Float(FloatKind::F16) => half::f16::from_f64(v).to_bits() as u64,
        Type::Float(FloatKind::F64) => v.to_bits(),
        _ => (v as f32).to_bits() as u64,
    }
}

/// The value of float bits of type `ty`.
pub(super) fn float_value(ty: Type, bits: u64) -> f64 {
    match ty {
        Type::Float(FloatKind::F16) => half::f16::from_bits(bits as u16).to_f64(),
        Type::Float(FloatKind::F64) => f64::from_bits(bits),
        _ => f32::from_bits(bits as u32) as f64,
    }
}
