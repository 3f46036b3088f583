//! The OpenCL.std built-ins: the integer ones, and the float ones rounded to their format
//! (the math functions with the cores' own arithmetic where hardware has a core).

use super::*;
use rspirv::spirv::OpenclStd100Op as Cl;
use std::f64::consts::PI;

impl<'m> Machine<'m> {
    /// OpenCL.std built-ins the model knows: the integer ones here, the float ones in
    /// `float_ext`.
    pub(super) fn ext_inst(
        &mut self,
        inst: &Instruction,
        vals: &HashMap<Word, V>,
    ) -> Result<V, SimError> {
        let which = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) => *n,
            _ => return Err(self.err(inst, "malformed OpExtInst")),
        };
        let op =
            Cl::from_u32(which).ok_or_else(|| self.err(inst, "unknown extended instruction"))?;
        // Ids are values; vloadn's lane count and vstore_half_r's rounding mode are literals,
        // last (rspirv reads every extended-instruction operand as an id).
        let literal_last = matches!(
            op,
            Cl::vloadn
                | Cl::vload_halfn
                | Cl::vloada_halfn
                | Cl::vstore_half_r
                | Cl::vstore_halfn_r
                | Cl::vstorea_halfn_r
        );
        let last = inst.operands.len() - 1;
        let mut args = Vec::new();
        for (k, o) in inst.operands.iter().enumerate().skip(2) {
            args.push(match o {
                rspirv::dr::Operand::IdRef(n) if literal_last && k == last => V::I(*n as u64, 32),
                rspirv::dr::Operand::IdRef(id) => self.get(vals, *id, inst)?,
                rspirv::dr::Operand::LiteralBit32(n) => V::I(*n as u64, 32),
                rspirv::dr::Operand::FPRoundingMode(m) => V::I(*m as u64, 32),
                _ => return Err(self.err(inst, "unexpected operand")),
            });
        }
        Ok(match (op, args.as_slice()) {
            (Cl::s_min, [V::I(x, w), V::I(y, _)]) => {
                V::I(if sext(*x, *w) < sext(*y, *w) { *x } else { *y }, *w)
            }
            (Cl::u_min, [V::I(x, w), V::I(y, _)]) => V::I(*x.min(y), *w),
            (Cl::s_max, [V::I(x, w), V::I(y, _)]) => {
                V::I(if sext(*x, *w) > sext(*y, *w) { *x } else { *y }, *w)
            }
            (Cl::u_max, [V::I(x, w), V::I(y, _)]) => V::I(*x.max(y), *w),
            (Cl::s_clamp, [V::I(x, w), V::I(lo, _), V::I(hi, _)]) => {
                let v = sext(*x, *w).max(sext(*lo, *w)).min(sext(*hi, *w));
                V::I(v as u64 & mask(*w), *w)
            }
            (Cl::u_clamp, [V::I(x, w), V::I(lo, _), V::I(hi, _)]) => {
                V::I((*x.max(lo)).min(*hi), *w)
            }
            (Cl::s_abs, [V::I(x, w)]) => V::I(sext(*x, *w).unsigned_abs() & mask(*w), *w),
            (Cl::u_abs, [V::I(x, w)]) => V::I(*x, *w),
            (Cl::popcount, [V::I(x, w)]) => V::I(x.count_ones() as u64, *w),
            (Cl::clz, [V::I(x, w)]) => V::I((x.leading_zeros() - (64 - *w)) as u64, *w),
            (Cl::ctz, [V::I(x, w)]) => V::I((x.trailing_zeros()).min(*w) as u64, *w),
            (Cl::s_mul_hi, [V::I(x, w), V::I(y, _)]) if *w <= 32 => {
                V::I(((sext(*x, *w) * sext(*y, *w)) >> w) as u64 & mask(*w), *w)
            }
            (Cl::u_mul_hi, [V::I(x, w), V::I(y, _)]) if *w <= 32 => V::I((x * y) >> w, *w),
            (Cl::s_mad_hi, [V::I(x, w), V::I(y, _), V::I(z, _)]) if *w <= 32 => V::I(
                (((sext(*x, *w) * sext(*y, *w)) >> w) as u64).wrapping_add(*z) & mask(*w),
                *w,
            ),
            (Cl::u_mad_hi, [V::I(x, w), V::I(y, _), V::I(z, _)]) if *w <= 32 => {
                V::I(((x * y) >> w).wrapping_add(*z) & mask(*w), *w)
            }
            (Cl::s_mul24 | Cl::u_mul24, [V::I(x, w), V::I(y, _)]) => {
                V::I(x.wrapping_mul(*y) & mask(*w), *w)
            }
            (Cl::s_mad24 | Cl::u_mad24, [V::I(x, w), V::I(y, _), V::I(z, _)]) => {
                V::I(x.wrapping_mul(*y).wrapping_add(*z) & mask(*w), *w)
            }
            (Cl::rotate, [V::I(x, w), V::I(i, _)]) => {
                let i = (*i % *w as u64) as u32;
                let r = if i == 0 {
                    *x
                } else {
                    (x << i | x >> (*w - i)) & mask(*w)
                };
                V::I(r, *w)
            }
            (Cl::u_add_sat, [V::I(x, w), V::I(y, _)]) => {
                V::I((*x as u128 + *y as u128).min(mask(*w) as u128) as u64, *w)
            }
            (Cl::u_sub_sat, [V::I(x, w), V::I(y, _)]) => V::I(x.saturating_sub(*y), *w),
            (Cl::s_add_sat | Cl::s_sub_sat, [V::I(x, w), V::I(y, _)]) => {
                let (a, b) = (sext(*x, *w) as i128, sext(*y, *w) as i128);
                let r = if op == Cl::s_add_sat { a + b } else { a - b };
                let (lo, hi) = (-(1i128 << (*w - 1)), (1i128 << (*w - 1)) - 1);
                V::I(r.clamp(lo, hi) as u64 & mask(*w), *w)
            }
            (Cl::s_hadd | Cl::s_rhadd, [V::I(x, w), V::I(y, _)]) => {
                let r =
                    (sext(*x, *w) as i128 + sext(*y, *w) as i128 + i128::from(op == Cl::s_rhadd))
                        >> 1;
                V::I(r as u64 & mask(*w), *w)
            }
            (Cl::u_hadd | Cl::u_rhadd, [V::I(x, w), V::I(y, _)]) => V::I(
                ((*x as u128 + *y as u128 + u128::from(op == Cl::u_rhadd)) >> 1) as u64 & mask(*w),
                *w,
            ),
            (Cl::s_abs_diff, [V::I(x, w), V::I(y, _)]) => V::I(
                (sext(*x, *w) as i128 - sext(*y, *w) as i128).unsigned_abs() as u64 & mask(*w),
                *w,
            ),
            (Cl::u_abs_diff, [V::I(x, w), V::I(y, _)]) => V::I(x.abs_diff(*y), *w),
            (Cl::s_upsample | Cl::u_upsample, [V::I(hi, hw), V::I(lo, lw)]) => {
                V::I((hi << lw) | lo, hw + lw)
            }
            (Cl::select, [x, y, V::I(c, _)]) => {
                if *c != 0 {
                    y.clone()
                } else {
                    x.clone()
                }
            }
            _ => match self.float_ext(inst, op, &args)? {
                Some(v) => v,
                None => {
                    return Err(self.err(inst, &format!("OpenCL.std {op:?} is not modelled yet")))
                }
            },
        })
    }

    /// The float OpenCL.std built-ins: math functions (computed in double and rounded once
    /// to the argument's format — within every §6.6.1 bound for half and float; for double
    /// the host's libm, within one or two ulp where the bounds allow three or more), the
    /// common functions, and the vector and half loads and stores. None: not a float
    /// built-in the model knows.
    // Long because it is a table: one arm per float built-in with an operand shape of its own.
    pub(super) fn float_ext(
        &mut self,
        inst: &Instruction,
        op: rspirv::spirv::OpenclStd100Op,
        args: &[V],
    ) -> Result<Option<V>, SimError> {
        // Loads and stores of halves and vectors come first: their operands are mixed.
        if let Some(v) = self.half_and_vector_memory(inst, op, args)? {
            return Ok(Some(v));
        }
        let fk = args.iter().find_map(|a| match a {
            V::F(_, k) => Some(*k),
            _ => None,
        });
        let Some(k) = fk else {
            // nan(uint): a quiet NaN with the code in its payload (the result type's format).
            if let (Cl::nan, [V::I(code, _)]) = (op, args) {
                let k = self.result_float(inst)?;
                let quiet = 1u64 << (fl::width(k) - 2 - exp_bits(k));
                let exp = ((1u64 << exp_bits(k)) - 1) << (fl::width(k) - 1 - exp_bits(k));
                return Ok(Some(V::F(
                    fl::from_bits(k, exp | quiet | (code & (quiet - 1))),
                    k,
                )));
            }
            return Ok(None);
        };
        let rd = |x: f64| fl::round(k, x);
        if self.flush.contains(&fl::width(k)) {
            if let Some(r) = flushed_arithmetic(op, args, k) {
                return Ok(Some(V::F(r, k)));
            }
        }
        // A function with a float core computes here exactly what the core does (the
        // generated RTL is compared with this bit for bit); rtl-gen's math module has both.
        // Half goes through the float core and is rounded once to half, as the hardware
        // does (frontend::passes::widen_half).
        if matches!(k, FloatKind::F32 | FloatKind::F16) {
            let name = format!("{op:?}");
            let name = frontend::ir::math_name(&name);
            let bits = |v: &V| match v {
                V::F(x, kind) if *kind == k => Some(fl::to_bits(FloatKind::F32, *x) as u32),
                _ => None,
            };
            // pown and rootn take an int second operand.
            let int32 = |v: &V| match v {
                V::I(n, 32) => Some(*n as u32),
                _ => None,
            };
            let (a, b) = match args {
                [x] => (bits(x), Some(0)),
                [x, y] => (bits(x), bits(y).or_else(|| int32(y))),
                _ => (None, None),
            };
            if let (Some(a), Some(b)) = (a, b) {
                if let Some(r) = hls_cores::math::eval(name, a, b) {
                    let v = fl::from_bits(FloatKind::F32, r as u64);
                    return Ok(Some(V::F(fl::round(k, v), k)));
                }
            }
        }
        // Likewise a function with a double core (pown's second operand an int).
        if k == FloatKind::F64 {
            let operands = match args {
                [V::F(x, FloatKind::F64)] => Some((x.to_bits(), 0)),
                [V::F(x, FloatKind::F64), V::F(y, FloatKind::F64)] => {
                    Some((x.to_bits(), y.to_bits()))
                }
                [V::F(x, FloatKind::F64), V::I(n, 32)] => Some((x.to_bits(), *n as u32 as u64)),
                _ => None,
            };
            if let Some((a, b)) = operands {
                let name = format!("{op:?}");
                if let Some(r) = hls_cores::math::eval64(frontend::ir::math_name(&name), a, b) {
                    return Ok(Some(V::F(f64::from_bits(r), k)));
                }
            }
        }
        let r = match (op, args) {
            (_, [V::F(x, _)]) => match unary(op, *x, k) {
                Ext::Round(r) => r,
                Ext::Done(v) => return Ok(v),
            },
            (_, [V::F(x, _), V::F(y, _)]) => match binary(op, *x, *y, k) {
                Ext::Round(r) => r,
                Ext::Done(v) => return Ok(v),
            },
            (_, [V::F(x, _), V::F(y, _), V::F(z, _)]) => {
                let (x, y, z) = (*x, *y, *z);
                match op {
                    // mad rounds once (`--mad unfused` splits it in the module instead).
                    Cl::fma | Cl::mad => fl::fma(k, x, y, z),
                    Cl::fclamp => fmin(fmax(x, y), z),
                    Cl::mix => x + rd(rd(y - x) * z),
                    Cl::smoothstep => {
                        let t = rd(rd(z - x) / rd(y - x)).clamp(0.0, 1.0);
                        rd(t * t) * rd(3.0 - rd(2.0 * t))
                    }
                    _ => return Ok(None),
                }
            }
            (_, [V::F(x, _), V::I(n, w)]) => {
                let (x, n) = (*x, sext(*n, *w));
                match op {
                    Cl::ldexp => fl::round(k, x * 2f64.powi(n.clamp(-2200, 2200) as i32)),
                    Cl::pown => x.powi(n.clamp(i32::MIN as i64, i32::MAX as i64) as i32),
                    Cl::rootn => fl::rootn(x, n),
                    _ => return Ok(None),
                }
            }
            // The functions that also write through a pointer.
            (_, [V::F(x, _), V::Ptr(b, off)]) => {
                let x = *x;
                let (r, out) = match op {
                    Cl::frexp => {
                        let (m, e) = if x == 0.0 || !x.is_finite() {
                            (x, 0)
                        } else {
                            libm::frexp(x)
                        };
                        (m, V::I(e as u32 as u64, 32))
                    }
                    Cl::modf => {
                        let i = x.trunc();
                        let f = if x.is_infinite() {
                            0.0f64.copysign(x)
                        } else {
                            x - i
                        };
                        (f, V::F(i, k))
                    }
                    Cl::fract => {
                        let fl_ = x.floor();
                        let f = if x.is_nan() {
                            x
                        } else if x.is_infinite() {
                            0.0f64.copysign(x)
                        } else {
                            (x - fl_).min(fl::below_one(k))
                        };
                        (f, V::F(fl_, k))
                    }
                    Cl::sincos if matches!(k, FloatKind::F32 | FloatKind::F16) => {
                        // The cores' sine and cosine, bit for bit (see the math functions);
                        // half through float, rounded once.
                        let a = fl::to_bits(FloatKind::F32, x) as u32;
                        let core = |f: &str| {
                            let r = hls_cores::math::eval(f, a, 0).unwrap_or(0) as u64;
                            fl::round(k, fl::from_bits(FloatKind::F32, r))
                        };
                        (core("sin"), V::F(core("cos"), k))
                    }
                    Cl::sincos if k == FloatKind::F64 => {
                        // The double cores' sine and cosine, bit for bit.
                        let core = |f: &str| {
                            f64::from_bits(hls_cores::math::eval64(f, x.to_bits(), 0).unwrap_or(0))
                        };
                        (core("sin"), V::F(core("cos"), k))
                    }
                    Cl::sincos => (x.sin(), V::F(rd(x.cos()), k)),
                    Cl::lgamma_r => {
                        let (v, sign) = libm::lgamma_r(x);
                        (v, V::I(sign as u32 as u64, 32))
                    }
                    _ => return Ok(None),
                };
                self.write_elem(inst, *b, *off, &out)?;
                r
            }
            (Cl::remquo, [V::F(x, _), V::F(y, _), V::Ptr(b, off)]) => {
                let (r, q) = libm::remquo(*x, *y);
                // At least the low seven bits of the quotient, with its sign (§6.13.2).
                let q = (q.unsigned_abs() & 0x7F) as i32 * q.signum();
                self.write_elem(inst, *b, *off, &V::I(q as u32 as u64, 32))?;
                r
            }
            _ => return Ok(None),
        };
        Ok(Some(V::F(rd(r), k)))
    }

    /// vload_half(n), vloada_halfn, vloadn, vstore_half(n)(_r), vstorea_halfn, vstoren: their
    /// operands mix pointers, offsets and values, so they come before the functions.
    fn half_and_vector_memory(
        &mut self,
        inst: &Instruction,
        op: rspirv::spirv::OpenclStd100Op,
        args: &[V],
    ) -> Result<Option<V>, SimError> {
        match (op, args) {
            (
                Cl::vload_half | Cl::vload_halfn | Cl::vloada_halfn | Cl::vloadn,
                [V::I(o, ow), V::Ptr(b, off), rest @ ..],
            ) => {
                let n = match rest {
                    [V::I(n, _)] => *n as i64,
                    _ => match self.vector_of(inst.result_type) {
                        Some((_, n)) => n as i64,
                        None => 1,
                    },
                };
                let (elem_ty, k) = match self.vector_of(inst.result_type) {
                    Some((c, _)) => (c, self.m.types.get(&c).cloned()),
                    None => (
                        inst.result_type.unwrap_or(0),
                        self.m.types.get(&inst.result_type.unwrap_or(0)).cloned(),
                    ),
                };
                let halves = op != Cl::vloadn;
                // vloada_half3 steps by four halves (its vectors are aligned as half4).
                let stride = if op == Cl::vloada_halfn && n == 3 {
                    4
                } else {
                    n
                };
                let size = if halves {
                    2
                } else {
                    self.m.type_size(elem_ty).unwrap_or(4) as i64
                };
                let base = *off + sext(*o, *ow) * stride * size;
                let mut items = Vec::new();
                for i in 0..n {
                    let bits = self.raw_read(inst, *b, base + i * size, size as usize)?;
                    items.push(if halves {
                        V::F(fl::from_bits(FloatKind::F16, bits), FloatKind::F32)
                    } else {
                        match k {
                            Some(SpvType::Float(w)) => {
                                let fk = fl::kind_of_width(w).unwrap_or(FloatKind::F32);
                                V::F(fl::from_bits(fk, bits), fk)
                            }
                            Some(SpvType::Int(w)) => V::I(bits & mask(w), w),
                            _ => return Err(self.err(inst, "vloadn of an unsupported type")),
                        }
                    });
                }
                return Ok(Some(
                    if items.len() == 1 && self.vector_of(inst.result_type).is_none() {
                        items.remove(0)
                    } else {
                        V::Vec(items)
                    },
                ));
            }
            (
                Cl::vstore_half
                | Cl::vstore_half_r
                | Cl::vstore_halfn
                | Cl::vstore_halfn_r
                | Cl::vstorea_halfn
                | Cl::vstorea_halfn_r
                | Cl::vstoren,
                [data, V::I(o, ow), V::Ptr(b, off), rest @ ..],
            ) => {
                let mode = match rest {
                    [V::I(m, _)] => match *m {
                        1 => Rounding::Rtz,
                        2 => Rounding::Rtp,
                        3 => Rounding::Rtn,
                        _ => Rounding::Rte,
                    },
                    _ => Rounding::Rte,
                };
                let items = match data {
                    V::Vec(v) => v.clone(),
                    x => vec![x.clone()],
                };
                let n = items.len() as i64;
                let halves = op != Cl::vstoren;
                let stride = if matches!(op, Cl::vstorea_halfn | Cl::vstorea_halfn_r) && n == 3 {
                    4
                } else {
                    n
                };
                for (i, item) in items.iter().enumerate() {
                    let (bits, size) = match item {
                        V::F(x, _) if halves => (
                            fl::to_bits(FloatKind::F16, fl::round_mode(FloatKind::F16, *x, mode)),
                            2,
                        ),
                        V::F(x, k) => (fl::to_bits(*k, *x), fl::width(*k) as i64 / 8),
                        V::I(x, w) => (*x, (*w as i64 + 7) / 8),
                        _ => return Err(self.err(inst, "vstore of an unsupported value")),
                    };
                    let at = *off + sext(*o, *ow) * stride * size + i as i64 * size;
                    self.raw_write(inst, *b, at, size as usize, bits)?;
                }
                return Ok(Some(V::I(0, 0)));
            }
            _ => {}
        }
        Ok(None)
    }
}

/// What a float built-in gives: a value to round to the result's format, or a result
/// that is final (an integer result; `None`: a function the model does not know).
enum Ext {
    Round(f64),
    Done(Option<V>),
}

/// A float function of one float argument, in double before the one rounding; the
/// integer result of ilogb is final.
fn unary(op: Cl, x: f64, k: FloatKind) -> Ext {
    let rd = |x: f64| fl::round(k, x);
    Ext::Round(match op {
        Cl::acos => x.acos(),
        Cl::acosh => x.acosh(),
        Cl::acospi => x.acos() / PI,
        Cl::asin => x.asin(),
        Cl::asinh => x.asinh(),
        Cl::asinpi => x.asin() / PI,
        Cl::atan => x.atan(),
        Cl::atanh => x.atanh(),
        Cl::atanpi => x.atan() / PI,
        Cl::cbrt => x.cbrt(),
        Cl::ceil => x.ceil(),
        Cl::cos | Cl::half_cos | Cl::native_cos => x.cos(),
        Cl::cosh => x.cosh(),
        Cl::cospi => fl::sincospi(x, true),
        Cl::erfc => libm::erfc(x),
        Cl::erf => libm::erf(x),
        Cl::exp | Cl::half_exp | Cl::native_exp => x.exp(),
        Cl::exp2 | Cl::half_exp2 | Cl::native_exp2 => x.exp2(),
        Cl::exp10 | Cl::half_exp10 | Cl::native_exp10 => libm::exp10(x),
        Cl::expm1 => x.exp_m1(),
        Cl::fabs => x.abs(),
        Cl::floor => x.floor(),
        Cl::lgamma => libm::lgamma(x),
        Cl::log | Cl::half_log | Cl::native_log => x.ln(),
        Cl::log2 | Cl::half_log2 | Cl::native_log2 => x.log2(),
        Cl::log10 | Cl::half_log10 | Cl::native_log10 => x.log10(),
        Cl::log1p => x.ln_1p(),
        Cl::logb => {
            if x == 0.0 {
                f64::NEG_INFINITY
            } else if !x.is_finite() {
                x.abs()
            } else {
                libm::ilogb(x) as f64
            }
        }
        Cl::rint => x.round_ties_even(),
        Cl::round => x.round(),
        // 1/sqrt as two correctly rounded steps (under 1.5 ulp; the bound is 2),
        // the way the hardware builds it; for half both steps in float, then one
        // rounding to half (half's bound is 1 ulp).
        Cl::rsqrt | Cl::half_rsqrt | Cl::native_rsqrt if k == FloatKind::F16 => {
            let f = |v: f64| fl::round(FloatKind::F32, v);
            f(1.0 / f(x.sqrt()))
        }
        Cl::rsqrt | Cl::half_rsqrt | Cl::native_rsqrt => 1.0 / rd(x.sqrt()),
        Cl::sin | Cl::half_sin | Cl::native_sin => x.sin(),
        Cl::sinh => x.sinh(),
        Cl::sinpi => fl::sincospi(x, false),
        Cl::sqrt | Cl::half_sqrt | Cl::native_sqrt => x.sqrt(),
        Cl::tan | Cl::half_tan | Cl::native_tan => x.tan(),
        Cl::tanh => x.tanh(),
        Cl::tanpi => fl::sincospi(x, false) / fl::sincospi(x, true),
        Cl::tgamma => libm::tgamma(x),
        Cl::trunc => x.trunc(),
        Cl::half_recip | Cl::native_recip => 1.0 / x,
        // The common functions, each step rounded in the format as written.
        // pi rounded to the format first, then the quotient, then the product.
        Cl::degrees => rd(180.0 / rd(PI)) * x,
        Cl::radians => rd(rd(PI) / 180.0) * x,
        Cl::sign => {
            if x.is_nan() {
                0.0
            } else if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                x
            }
        }
        Cl::ilogb => {
            let v = if x.is_nan() {
                i32::MAX
            } else if x == 0.0 {
                i32::MIN
            } else if x.is_infinite() {
                i32::MAX
            } else {
                libm::ilogb(x)
            };
            return Ext::Done(Some(V::I(v as u32 as u64, 32)));
        }
        _ => return Ext::Done(None),
    })
}

/// A float function of two float arguments, in double before the one rounding.
fn binary(op: Cl, x: f64, y: f64, k: FloatKind) -> Ext {
    Ext::Round(match op {
        Cl::atan2 => x.atan2(y),
        Cl::atan2pi => x.atan2(y) / PI,
        Cl::copysign => x.copysign(y),
        Cl::fdim => {
            if x.is_nan() || y.is_nan() {
                x + y
            } else if x > y {
                x - y
            } else {
                0.0
            }
        }
        Cl::fmax => fmax(x, y),
        Cl::fmin => fmin(x, y),
        Cl::fmod => x % y,
        Cl::hypot => x.hypot(y),
        Cl::maxmag => {
            if x.abs() > y.abs() {
                x
            } else if y.abs() > x.abs() {
                y
            } else {
                fmax(x, y)
            }
        }
        Cl::minmag => {
            if x.abs() < y.abs() {
                x
            } else if y.abs() < x.abs() {
                y
            } else {
                fmin(x, y)
            }
        }
        Cl::nextafter => fl::next_after(k, x, y),
        Cl::pow => x.powf(y),
        Cl::powr | Cl::half_powr | Cl::native_powr => fl::powr(x, y),
        Cl::remainder => libm::remainder(x, y),
        Cl::step => {
            if y < x {
                0.0
            } else {
                1.0
            }
        }
        Cl::half_divide | Cl::native_divide => x / y,
        _ => return Ext::Done(None),
    })
}

/// fmin and fmax as OpenCL has them: a NaN operand gives the other one.
pub(super) fn fmin(x: f64, y: f64) -> f64 {
    if y.is_nan() || y >= x && !x.is_nan() {
        x
    } else {
        y
    }
}

pub(super) fn fmax(x: f64, y: f64) -> f64 {
    if y.is_nan() || y <= x && !x.is_nan() {
        x
    } else {
        y
    }
}
