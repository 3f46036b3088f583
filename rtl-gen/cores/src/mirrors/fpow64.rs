//! The staged double power functions (pow, powr, pown, cbrt of binary64), as integers:
//! `rtl-gen/cores/sv/hls_fp_pow64.sv` computes exactly this, stage by stage, and the software
//! model calls these functions, so the RTL and the model agree bit for bit.
//!
//! x^y = 2^t with t = y log2|x|, built from the two double cores' halves:
//!
//! - log2|x| on its 2^-120 grid (`flog64::log_sum`, kind 0): relative error below 2^-64
//!   near x = 1 and absolute error near 2^-79 elsewhere (where |log2 x| > 2^-12.5), so
//!   below 2^-66 of itself everywhere; normalised to 72 bits (`rn`, truncated: 2^-71).
//! - t = rn Y 2^s with Y the 72-bit significand of the exponent: y's 53 bits (pow, powr;
//!   pown's int, converted exactly), or 1/3 to 73 bits (cbrt). The 144-bit product is exact;
//!   t keeps 64 fraction bits (truncated), and |t| >= 2^12 saturates (the result is then
//!   infinite or zero whatever t is).
//! - 2^t by the exponential's stages from its fixed-point argument (`fexp64::exp_t`).
//!
//! t's error is |t| 2^-65.5 or so: for |t| near 1075 (results near the range's ends) about
//! 2^-55.4, 0.2 ulp of the result on top of the exponential's 0.503; near 1 far less.
//! OpenCL's bounds are 16 ulp (pow, powr, pown) and 2 ulp (cbrt). The special cases are
//! C99 Annex F's (pow, pown, cbrt) and OpenCL's (powr), as the float cores have them.

use crate::math::to_u128;
use crate::mirrors::fexp64::exp_t;
use crate::mirrors::flog64::log_sum;
use crate::mirrors::fpow::Power;
use num_bigint::BigInt;
use num_traits::{Signed, Zero};

const SIGN: u64 = 1 << 63;
const ABS: u64 = !SIGN;

pub use crate::mirrors::fpow::Kind;

/// 1/3 with 73 fraction bits, rounded (72 bits).
pub fn third() -> u128 {
    ((1u128 << 74) / 3 + 1) >> 1
}

/// 1/|n| for rootn's int n (nonzero, its bits in `y`) as Y 2^e, Y = floor(2^(72 + p) / |n|)
/// with p |n|'s leading one (72 bits, 2^72 - 1 for n = +-1): 2^103 over |n| normalised to
/// 32 bits, the 73-step restoring division hls_fx_div runs beside the logarithm's stages.
pub fn reciprocal(y: u64) -> (u128, i32) {
    let m = (y as u32 as i32).unsigned_abs();
    let p = 31 - m.leading_zeros();
    let q = (1u128 << 103) / (u128::from(m) << (31 - p));
    (q.min((1 << 72) - 1), -72 - p as i32)
}

/// The 72-bit significand and binary exponent of the power: |y| = Y 2^e.
fn power_of(y: u64, kind: Kind) -> (u128, i32) {
    if kind == Kind::Cbrt {
        return (third(), -73);
    }
    if kind == Kind::Rootn {
        return reciprocal(y);
    }
    let ey = (y >> 52 & 0x7FF) as i32;
    let my = u128::from(ey != 0) << 52 | (y & ((1 << 52) - 1)) as u128;
    (my << 19, ey.max(1) - 1075 - 19)
}

/// t = log2|x| times the power (negated when the power is), 2^-64 grid, |t| saturated at
/// 2^12 (stages 18 to 23 of hls_fp_pow64).
pub fn times(x_abs: u64, y: u64, kind: Kind) -> i128 {
    let r = log_sum(x_abs, 0);
    if r.is_zero() {
        return 0;
    }
    let mag = r.magnitude();
    let lead = mag.bits() as i32 - 1; // 61 to 130
                                      // Stage 20: 72 bits with the leading one at 71 (truncated).
    let rn = to_u128(&BigInt::from((mag << 10u32) >> (lead - 61) as u32));
    // Stages 21-22: the exact 144-bit product (as two halves, for u128).
    let (big_y, ey) = power_of(y, kind);
    let p = BigInt::from(rn) * BigInt::from(big_y);
    // Stage 23: |t| 2^64 = p 2^(lead - 71 - 120 + ey + 64); saturated at 2^76.
    let sh = lead - 127 + ey;
    let lim = BigInt::from(1u128 << 76);
    let t = if sh >= 0 {
        lim.clone()
    } else if -sh >= 160 {
        BigInt::zero()
    } else {
        (p >> (-sh) as u32).min(lim)
    };
    let t = i128::try_from(&t).unwrap_or(0);
    let power_neg = match kind {
        Kind::Cbrt => false,
        Kind::Rootn => y as u32 >> 31 == 1,
        _ => y >> 63 == 1,
    };
    let negative = r.is_negative() != power_neg;
    if negative {
        -t
    } else {
        t
    }
}

/// pow(x, y) (C99 Annex F), as hls_fp_pow64 computes it.
pub fn pow(x: u64, y: u64) -> u64 {
    match special(x, y, Kind::Pow) {
        Ok(v) => v,
        Err(sign) => sign | exp_t(times(x & ABS, y, Kind::Pow)),
    }
}

/// powr(x, y) (OpenCL: x^y for x >= 0 only).
pub fn powr(x: u64, y: u64) -> u64 {
    match special(x, y, Kind::Powr) {
        Ok(v) => v,
        Err(sign) => sign | exp_t(times(x & ABS, y, Kind::Powr)),
    }
}

/// pown(x, n): pow with an int exponent (converted to double exactly).
pub fn pown(x: u64, n: i32) -> u64 {
    let y = (n as f64).to_bits();
    match special(x, y, Kind::Pown) {
        Ok(v) => v,
        Err(sign) => sign | exp_t(times(x & ABS, y, Kind::Pown)),
    }
}

/// cbrt(x).
pub fn cbrt(x: u64) -> u64 {
    match special(x, 0, Kind::Cbrt) {
        Ok(v) => v,
        Err(sign) => sign | exp_t(times(x & ABS, 0, Kind::Cbrt)),
    }
}

/// rootn(x, n) = x^(1/n) (OpenCL): NaN for n = 0 and for x < 0 with n even; the sign of x
/// for n odd.
pub fn rootn(x: u64, n: i32) -> u64 {
    let y = u64::from(n as u32);
    match special(x, y, Kind::Rootn) {
        Ok(v) => v,
        Err(sign) => sign | exp_t(times(x & ABS, y, Kind::Rootn)),
    }
}

/// The special results (Ok), or the sign of the computed one (Err) — stage 1: the float
/// cores' (`fpow::special`) at double width, pown's int converted to double exactly.
fn special(x: u64, y: u64, kind: Kind) -> Result<u64, u64> {
    let p = if kind == Kind::Rootn {
        Power::of_int(y as u32 as i32)
    } else {
        Power::of_float(y, 64)
    };
    crate::mirrors::fpow::special(x, &p, kind, 64)
}

/// The constant for hls_fp_pow64, as SystemVerilog for the math package.
pub fn generated() -> String {
    format!(
        "    // hls_fp_pow64 (rtl-gen/src/fpow64.rs): 1/3 at 2^73, rounded (cbrt's exponent).\n    \
         localparam logic [71:0] POW64_THIRD = 72'h{:X};\n",
        third()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::ulp::ulps64 as ulps;
    use rug::{ops::Pow, Float};

    const PINF: u64 = 0x7FF0_0000_0000_0000;

    /// rootn over every exponent of x, both signs, n small (+-1 to +-40), a power of two,
    /// or any int: within 0.51 ulp of MPFR; and its special cases.
    #[test]
    fn rootn_within_its_bound() {
        let mut r = Rng(0x0123_4567_89AB_CDEF);
        let mut worst = 0f64;
        for i in 0..30_000 {
            let x = (r.next() % PINF) | (r.next() & SIGN);
            let u = r.next();
            let n = match i % 3 {
                0 => (u % 81) as i32 - 40,
                1 => (1i32 << (u % 31)) * if u >> 40 & 1 == 1 { -1 } else { 1 },
                _ => u as u32 as i32,
            };
            let got = rootn(x, n);
            let want = crate::ulp::rootn_exact(f64::from_bits(x), n);
            let e = ulps(got, &want);
            assert!(e < 0.51, "rootn({x:#x}, {n}) = {got:#x}: {e} ulp");
            worst = worst.max(e);
        }
        eprintln!("rootn max {worst:.4} ulp");
        let f = |x: f64, n: i32| f64::from_bits(rootn(x.to_bits(), n));
        assert!(f(8.0, 0).is_nan() && f(-8.0, 2).is_nan() && f(f64::NAN, 3).is_nan());
        assert_eq!(f(-8.0, 3), -2.0);
        assert_eq!(f(-0.0, 3).to_bits(), (-0.0f64).to_bits());
        assert_eq!(f(-0.0, 2).to_bits(), 0);
        assert_eq!(f(-0.0, -3), f64::NEG_INFINITY);
        assert_eq!(f(0.0, -2), f64::INFINITY);
        assert_eq!(f(f64::NEG_INFINITY, 3), f64::NEG_INFINITY);
        assert_eq!(f(f64::NEG_INFINITY, -3).to_bits(), (-0.0f64).to_bits());
        assert!(f(f64::NEG_INFINITY, 2).is_nan());
        assert_eq!(f(f64::INFINITY, -2), 0.0);
        assert_eq!(f(1024.0, 10), 2.0);
        assert_eq!(f(5.5, 1), 5.5);
        assert_eq!(f(0.25, -2), 2.0);
    }

    /// pow over random positive x and y whose product t = y log2 x spans the range (both
    /// signs, |t| up to 1100: overflow, underflow, subnormal results), x near 1 with huge
    /// y, negative x with integer y; cbrt over every exponent: within 1 ulp (pow) and 0.55
    /// ulp (cbrt) of MPFR.
    #[test]
    fn within_bounds_against_mpfr() {
        let mut r = Rng(0x9E37_79B9_7F4A_7C15);
        let mut worst = [0f64; 2];
        for i in 0..20_000 {
            let u = r.next();
            let x = match i % 3 {
                0 => f64::from_bits((u >> 2) % 0x7FF0_0000_0000_0000),
                1 => 1.0 + ((u >> 11) as f64 / 2f64.powi(53) - 0.5) * 2f64.powi(-((u % 50) as i32)),
                _ => -(((u >> 20) % 1000) as f64 + 1.5),
            };
            let lx = x.abs().log2();
            let t = ((r.next() >> 11) as f64 / 2f64.powi(53) - 0.5) * 2200.0;
            let mut y = if lx == 0.0 { 3.0 } else { t / lx };
            if x < 0.0 {
                y = y.round();
            }
            let got = pow(x.to_bits(), y.to_bits());
            let want = Float::with_val(256, x).pow(Float::with_val(256, y));
            let e = ulps(got, &want);
            assert!(
                e < 1.0,
                "pow({x:e}, {y:e}): got {:e}, {e} ulp",
                f64::from_bits(got)
            );
            worst[0] = worst[0].max(e);
            let c = f64::from_bits((u >> 1) % 0x7FF0_0000_0000_0000)
                * if u & 1 == 1 { -1.0 } else { 1.0 };
            let got = cbrt(c.to_bits());
            let e = ulps(got, &Float::with_val(256, c).cbrt());
            assert!(e < 0.55, "cbrt({c:e}): {e} ulp");
            worst[1] = worst[1].max(e);
        }
        eprintln!("pow max {:.4} ulp, cbrt max {:.4} ulp", worst[0], worst[1]);
    }

    #[test]
    fn special_values() {
        let p = |x: f64, y: f64| f64::from_bits(pow(x.to_bits(), y.to_bits()));
        assert_eq!(p(f64::NAN, 0.0), 1.0);
        assert_eq!(p(1.0, f64::NAN), 1.0);
        assert!(p(f64::NAN, 1.0).is_nan());
        assert_eq!(p(-0.0, -3.0), f64::NEG_INFINITY);
        assert_eq!(p(-0.0, 3.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(p(-1.0, f64::INFINITY), 1.0);
        assert_eq!(p(0.5, f64::NEG_INFINITY), f64::INFINITY);
        assert_eq!(p(f64::NEG_INFINITY, 3.0), f64::NEG_INFINITY);
        assert_eq!(p(f64::NEG_INFINITY, -3.0).to_bits(), (-0.0f64).to_bits());
        assert!(p(-2.0, 0.5).is_nan());
        assert_eq!(p(-2.0, 3.0), -8.0);
        assert_eq!(p(2.0, 10.0), 1024.0);
        assert_eq!(p(10.0, 22.0), 1e22);
        assert_eq!(p(2.0, -1074.0), 5e-324);
        assert_eq!(p(2.0, 1024.0), f64::INFINITY);
        let r = |x: f64, y: f64| f64::from_bits(powr(x.to_bits(), y.to_bits()));
        assert!(r(-2.0, 2.0).is_nan());
        assert!(r(0.0, 0.0).is_nan());
        assert!(r(1.0, f64::INFINITY).is_nan());
        assert_eq!(r(0.0, -1.0), f64::INFINITY);
        assert_eq!(r(4.0, 0.5), 2.0);
        let n = |x: f64, k: i32| f64::from_bits(pown(x.to_bits(), k));
        assert_eq!(n(f64::NAN, 0), 1.0);
        assert_eq!(n(-3.0, 3), -27.0);
        assert_eq!(n(-0.0, -1), f64::NEG_INFINITY);
        assert_eq!(n(2.0, -1074), 5e-324);
        let c = |x: f64| f64::from_bits(cbrt(x.to_bits()));
        assert_eq!(c(27.0), 3.0);
        assert_eq!(c(-8.0), -2.0);
        assert_eq!(c(-0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(c(f64::NEG_INFINITY), f64::NEG_INFINITY);
        assert_eq!(c(1e-300), 1e-100);
    }
}
