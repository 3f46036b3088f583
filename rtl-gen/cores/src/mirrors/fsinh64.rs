//! The double hyperbolic functions (sinh, cosh, tanh of binary64), as integers:
//! `rtl-gen/cores/sv/hls_fp_sinh64.sv` computes exactly this, stage by stage, and the software
//! model calls these functions, so the RTL and the model agree bit for bit.
//!
//! - e^|x| and e^-|x| from two copies of the exponential's stages (`fexp64::exp_kr`, on t
//!   and -t): 2^k r and 2^k2 r2, r and r2 in [1, 2) at 2^63, each within about 2^-60.4 of
//!   its value. With d = k - k2 (at least 1), sinh and cosh are (r -+ r2 2^-d) 2^(k - 1),
//!   summed exactly at 2^-125 while d <= 62 (beyond, e^-|x| is under 2^-61 of e^|x| and is
//!   left out), normalised and rounded once. cosh: within 0.51 ulp. sinh cancels: for
//!   |x| >= 2^-5 the difference is at least 2^-4, so r's and r2's errors are within 2^-55.4
//!   of it (0.75 ulp with the rounding).
//! - sinh for |x| in [2^-27, 2^-5): x (1 + b P(b)), b = x^2, P = 1/6 + b/120 + b^2/5040 +
//!   b^3/362880 by Horner at 2^-64 (the next term, x^11/11!, is below 2^-75 of x); 0.51
//!   ulp. Below 2^-27, sinh x rounds to x (x^3/6 is under 2^-56.5 of it) and cosh x to 1.
//! - tanh = sinh / cosh, both rounded, through the correctly rounded double divider: within
//!   about 2 ulp (OpenCL allows 5); +-1 from |x| >= 32 on (tanh 19.1 already rounds to 1).
//!
//! C99's special cases: sinh(+-inf) = +-inf, cosh(+-inf) = +inf, tanh(+-inf) = +-1; a NaN
//! gives the quiet NaN; |x| >= 2048 overflows sinh and cosh.

use crate::math::{fixed, to_u128, P};
use crate::mirrors::fexp64::{consts, exp_kr, pack_normalised, EX_BIG};
use num_bigint::BigInt;
use num_traits::One;

const QNAN: u64 = 0x7FF8_0000_0000_0000;
const PINF: u64 = 0x7FF0_0000_0000_0000;
const ONE: u64 = 0x3FF0_0000_0000_0000;

/// Below this biased exponent |x| < 2^-27: sinh x rounds to x, cosh x to 1, tanh x to x.
pub const EX_TINY: u32 = 996;
/// Below this biased exponent |x| < 2^-5: sinh takes its polynomial path.
pub const EX_SMALL: u32 = 1018;
/// From this biased exponent on |x| >= 32: tanh is +-1.
pub const EX_TANH_ONE: u32 = 1028;

/// How far sinh's Horner step i (h_i = c_i + b h_(i+1)) shifts b and h_(i+1) right before
/// their product: h_i needs 2^-(55 - 10 i) (b < 2^-10); 39 x 38 bits down to 7 x 7.
pub const SINH_TRIM: [(u32, u32); 3] = [(15, 19), (31, 29), (47, 39)];

/// 1/6, 1/120, 1/5040, 1/362880 at 2^64 (sinh's small-argument polynomial in x^2).
pub fn sinh_coefs() -> [u64; 4] {
    let one = BigInt::one() << P;
    let mut f = BigInt::one();
    std::array::from_fn(|i| {
        let n = 2 * i as u32 + 3;
        f *= BigInt::from((n - 1) * n);
        to_u128(&fixed(&(&one / &f), 64)) as u64
    })
}

/// sinh x (`cosh` false) or cosh x (true) for binary64 x, as hls_fp_sinh64 computes them.
pub fn sinh_cosh(x: u64, cosh: bool) -> u64 {
    let neg = x >> 63 == 1 && !cosh;
    let sign = u64::from(neg) << 63;
    let ex = (x >> 52 & 0x7FF) as u32;
    if ex == 0x7FF {
        return if x & ((1 << 52) - 1) != 0 {
            QNAN
        } else {
            sign | PINF
        };
    }
    if ex >= EX_BIG {
        return sign | PINF;
    }
    if ex < EX_TINY {
        return if cosh { ONE } else { x };
    }
    let m = (1u64 << 52) | (x & ((1 << 52) - 1));
    if !cosh && ex < EX_SMALL {
        return sinh_small(neg, ex, m);
    }
    // t = |x| log2 e at 2^-64 (the exponential's stages 2-4).
    let t = ((m as u128 * consts().scale[1]) >> (1083 - ex)) as i128;
    let (k, r) = exp_kr(t);
    let (k2, r2) = exp_kr(-t);
    let d = (k - k2) as u32;
    let far = if d > 62 { 0 } else { (r2 as u128) << (62 - d) };
    let near = (r as u128) << 62;
    let v = if cosh { near + far } else { near - far };
    // v 2^(k - 63 - 62) is e^|x| -+ e^-|x|; halved.
    pack_normalised(neg, v, k - 126)
}

/// The small-argument path of sinh (|x| in [2^-27, 2^-5), m its significand).
fn sinh_small(neg: bool, ex: u32, m: u64) -> u64 {
    let c = sinh_coefs();
    // |x| at 2^-64: m 2^(ex - 1011), below 2^59.
    let a = if ex >= 1011 {
        (m as u128) << (ex - 1011)
    } else {
        (m >> (1011 - ex)) as u128
    };
    let b = ((a * a) >> 64) as u64;
    let mut h = c[3] as u128;
    for i in (0..3).rev() {
        h = c[i] as u128
            + crate::mirrors::fexp64::trimmed_product(b as i128, h as i128, SINH_TRIM[i]) as u128;
    }
    // b P from P's top bits (b < 2^-10: P to 2^-54 suffices).
    let s = (1u128 << 64) + ((b as u128 * (h >> 10)) >> 54);
    pack_normalised(neg, m as u128 * s, ex as i32 - 1075 - 64)
}

/// tanh x for binary64 x, as hls_fp_tanh64 computes it: sinh x / cosh x, both rounded, by
/// the double divider; +-1 for |x| >= 32 and for infinities.
pub fn tanh(x: u64) -> u64 {
    let ex = (x >> 52 & 0x7FF) as u32;
    let nan = ex == 0x7FF && x & ((1 << 52) - 1) != 0;
    if !nan && ex >= EX_TANH_ONE {
        return (x & 1 << 63) | ONE;
    }
    let q = f64::from_bits(sinh_cosh(x, false)) / f64::from_bits(sinh_cosh(x, true));
    if q.is_nan() {
        QNAN
    } else {
        q.to_bits()
    }
}

/// The constants for hls_fp_sinh64, as SystemVerilog for the math package.
pub fn generated() -> String {
    let mut s = String::from(
        "    // hls_fp_sinh64 (rtl-gen/src/fsinh64.rs): sinh's small-argument polynomial in\n    \
         // x^2: 1/6, 1/120, 1/5040, 1/362880 at 2^64.\n",
    );
    for (i, v) in sinh_coefs().iter().enumerate() {
        s += &format!("    localparam logic [63:0] SINH64_C{i} = 64'h{v:016X};\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulp::ulps64 as ulps;
    use rug::Float;

    /// sinh, cosh and tanh over the whole finite range, both signs, denser near the
    /// paths' borders: sinh and cosh within 1 ulp of MPFR, tanh within 2.5 ulp.
    #[test]
    fn within_their_bounds() {
        let mut worst = [0f64; 3];
        let mut check = |x: u64| {
            let xf = Float::with_val(192, f64::from_bits(x));
            let got = [sinh_cosh(x, false), sinh_cosh(x, true), tanh(x)];
            let want = [xf.clone().sinh(), xf.clone().cosh(), xf.tanh()];
            for f in 0..3 {
                let e = ulps(got[f], &want[f]);
                let bound = if f == 2 { 2.5 } else { 1.0 };
                assert!(
                    e < bound,
                    "function {f}, x {x:#x} ({}): {e} ulp",
                    f64::from_bits(x)
                );
                worst[f] = worst[f].max(e);
            }
        };
        let mut x = 980u64 << 52;
        while x < (EX_BIG as u64) << 52 {
            check(x);
            check(x | 1 << 63);
            x += 0x0000_0123_4567_89ABu64;
        }
        for e in 1014u64..1022 {
            for i in 0..20_000u64 {
                let x = e << 52 | (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 12);
                check(x);
                check(x | 1 << 63);
            }
        }
        eprintln!(
            "sinh {:.4}, cosh {:.4}, tanh {:.4} ulp",
            worst[0], worst[1], worst[2]
        );
    }

    #[test]
    fn special_values() {
        let ninf = PINF | 1 << 63;
        assert_eq!(sinh_cosh(PINF, false), PINF);
        assert_eq!(sinh_cosh(ninf, false), ninf);
        assert_eq!(sinh_cosh(ninf, true), PINF);
        assert_eq!(sinh_cosh(QNAN | 3, true), QNAN);
        assert_eq!(sinh_cosh(1 << 63, false), 1 << 63);
        assert_eq!(sinh_cosh(1 << 63, true), ONE);
        assert!(f64::from_bits(sinh_cosh(710.4f64.to_bits(), true)).is_finite());
        assert_eq!(sinh_cosh(710.5f64.to_bits(), false), PINF);
        assert_eq!(tanh(ninf), (-1f64).to_bits());
        assert_eq!(tanh(40f64.to_bits()), ONE);
        assert_eq!(tanh(QNAN), QNAN);
        assert_eq!(tanh(1 << 63), 1 << 63);
        assert_eq!(tanh(5), 5);
    }
}
