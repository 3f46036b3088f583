//! The float erf and erfc core (hls_fp_erf in `rtl-gen/cores/sv/hls_fp_erf.sv`) in Rust, bit for
//! bit: erf (KIND 0) and erfc (1). The double core's method (`ferf64`) at float widths,
//! with the exponential's own stages (`fexp::exp2_kr`, `exp2_fixed`) for 2^T.
//!
//! - From a = |x| = 2^-3 up: erfc a = 2^T with T = log2 erfc a, itself tabulated (the double
//!   core tabulates log2(e^(a^2) erfc a) and subtracts a^2 log2 e; in float the quadratic
//!   part is exact in a cubic, so the table holds T and no product a^2 log2 e is needed).
//!   448 intervals, 64 per binade from [2^-3, 2^-2) to [8, 16): the index is the
//!   significand's top six fraction bits, u = the other 17 centred, exact at 2^-16 in [-1,
//!   1). On each interval T(c + u w/2) is a cubic in u interpolated at the Chebyshev nodes
//!   (MPFR): the interval's half width is 2^-7 of a, so the quartic term of log2 erfc's
//!   smooth part is below 2^-33. Coefficients at 2^-F, Horner with each product floored
//!   there: T within 2^-31 or so, 2^T within 2^-31.5 relative before the exponential's own
//!   error (2^-29 or so, `fexp`).
//! - erfc x for x >= 0 is 2^T rounded as the exponential rounds (down to the subnormals:
//!   erfc a < 2^-150 from a = 10.06 rounds to zero; from 16 the result is zero without T).
//!   erf a (a < 4) and erfc x for x < 0 (a < 4) are 1 - 2^T and 2 - 2^T, 2^T = 2^k r from
//!   the exponential's stages, exactly at 2^-58: the result is at least 0.14, so r's error
//!   is at most 2^-26 of it. From a = 4 erf is +-1 and erfc(-a) 2 (erfc 4 < 2^-25).
//! - Below 2^-3: erf a = a P(s), s = a^2, P = (2/sqrt pi)(1 - s/3 + s^2/10 - s^3/42) (the
//!   next term, s^4/216, is below 2^-31.7), by Horner at 2^-F with s trimmed to the bits
//!   each step needs; then a's significand times P, normalised and rounded, down to the
//!   subnormals (a subnormal a normalised first). erfc is 1 -+ erf a at 2^-58.
//!
//! OpenCL allows erf and erfc 16 ulp; measured over every float (rtl-gen's
//! `every_float_of_the_float_functions`) within 0.68 (erf just above 2^-3, where 1 - 2^T is
//! smallest: 2^T's 2^-29 becomes 0.17 ulp) and 0.56.

use crate::math::{fixed_float, norm_pack, sv_signed};
use crate::mirrors::fexp::{exp2_fixed, exp2_kr};
use rug::float::Constant;
use rug::ops::Pow;
use rug::Float;
use std::sync::OnceLock;

const QNAN: u32 = 0x7FC0_0000;
const PINF: u32 = 0x7F80_0000;
const ABS: u32 = 0x7FFF_FFFF;
const ONE: u32 = 0x3F80_0000;
const TWO: u32 = 0x4000_0000;
/// |x| from which erf is +-1 and erfc(-|x|) 2 (4.0), and erfc x is 0 (16.0).
pub const SAT: u32 = 0x4080_0000;
pub const ZERO_FROM: u32 = 0x4180_0000;
/// Biased exponent of 2^-3: below it erf (and erfc) take the series.
pub const EX_SERIES: u32 = 124;

/// Cubic in u on each interval; 7 binades of 64 intervals.
pub const DEG: usize = 3;
pub const PER: usize = 64;
pub const INTERVALS: usize = 7 * PER;
/// Fraction bits of the coefficients, the partial sums and the series.
pub const F: u32 = 34;
/// Fixed-point grid of 1 - 2^T, 2 - 2^T and 1 -+ erf a.
pub const G: u32 = 58;

const PREC: u32 = 128;

pub struct Consts {
    /// T's coefficients b_0..b_3 per interval at 2^-F (T(c + u w/2) = sum b_k u^k).
    pub tab: Vec<[i64; DEG + 1]>,
    /// The series' coefficients at 2^-F: 2/sqrt pi times 1, -1/3, 1/10, -1/42.
    pub p: [i64; 4],
}

/// Interval j's centre and half width: binade [2^(s-3), 2^(s-2)), s = j / 64, in 64 steps.
fn interval(j: usize) -> (Float, Float) {
    let (s, i) = (j / PER, j % PER);
    let lo = Float::with_val(PREC, 2).pow(s as i32 - 3);
    let w = Float::with_val(PREC, &lo / PER as u32);
    let half = Float::with_val(PREC, &w / 2u32);
    (lo + w * (i as u32) + &half, half)
}

fn t_exact(a: &Float) -> Float {
    Float::with_val(PREC, a.erfc_ref()).log2()
}

/// The cubic interpolant of T on interval j at the Chebyshev nodes, in u.
fn interpolate(j: usize) -> Vec<Float> {
    let (c, half) = interval(j);
    crate::math::chebyshev_interpolant(DEG + 1, PREC, &c, &half, t_exact)
}

pub fn consts() -> &'static Consts {
    static C: OnceLock<Consts> = OnceLock::new();
    C.get_or_init(|| {
        let k = Float::with_val(PREC, Constant::Pi).sqrt().recip() * 2u32;
        let p = [1i32, -3, 10, -42].map(|d| {
            let v = Float::with_val(PREC, &k / d.unsigned_abs());
            fixed_float(&if d < 0 { -v } else { v }, F) as i64
        });
        Consts {
            tab: (0..INTERVALS)
                .map(|j| {
                    let b = interpolate(j);
                    std::array::from_fn(|k| fixed_float(&b[k], F) as i64)
                })
                .collect(),
            p,
        }
    })
}

/// T = log2 erfc a at 2^-F for a = |x| in [2^-3, 16) (bits `ax`): the interval from the
/// exponent and six fraction bits, u = the other 17 - 2^16 (at 2^-16), Horner.
pub fn log2_erfc(ax: u32) -> i64 {
    let c = consts();
    let j = (((ax >> 23) - EX_SERIES) as usize) * PER + (ax >> 17 & 63) as usize;
    let u = i64::from(ax & 0x1_FFFF) - (1 << 16);
    let b = &c.tab[j];
    let mut h = b[DEG];
    for k in (0..DEG).rev() {
        h = b[k] + ((h * u) >> 16);
    }
    h
}

/// How far the series' step k (h_k = p_k + s h_(k+1), k = 2 down to 0) shifts s right
/// before the product: h_k's error reaches P times s^k <= 2^-6k, so s's truncation costs
/// 2^-35 or so at most there.
pub fn series_trim(k: usize) -> u32 {
    [0, 6, 12][k]
}

/// erf a for a in (0, 2^-3) (`m` the significand with its leading one at bit 23, a = m
/// 2^(e - 23)): m P(s) at 2^-(F + 23 - e), as the 59-bit product and the exponent e.
fn erf_series(m: u32, e: i32) -> u64 {
    let c = consts();
    // s = a^2 at 2^-F: m^2 2^(2e - 46 + F) (e <= -4: a right shift of at least 20).
    let sh = 46 - 2 * e - F as i32;
    let mm = u64::from(m) * u64::from(m);
    let s = if sh < 64 { (mm >> sh) as i64 } else { 0 };
    let mut h = c.p[3];
    for k in (0..3).rev() {
        let t = series_trim(k);
        h = c.p[k] + (((s >> t) * h) >> (F - t));
    }
    u64::from(m) * h as u64
}

/// erf x (`erfc` false) or erfc x, as hls_fp_erf computes it.
pub fn erf(x: u32, erfc: bool) -> u32 {
    let ax = x & ABS;
    let neg = x >> 31 == 1;
    let sign = x & !ABS;
    if ax > PINF {
        return QNAN;
    }
    if !erfc && ax >= SAT {
        return sign | ONE;
    }
    if erfc && neg && ax >= SAT {
        return TWO;
    }
    if erfc && ax >= ZERO_FROM {
        return 0;
    }
    if ax == 0 {
        return if erfc { ONE } else { x };
    }
    if ax >> 23 < EX_SERIES {
        let (m, e) = crate::mirrors::fatan::norm(ax);
        let z = erf_series(m, e);
        if !erfc {
            // z 2^(e - 23 - F) = z / 2^64 2^(e - 23 - F + 64).
            return norm_pack(neg, e - 23 - F as i32 + 64, u128::from(z));
        }
        // erf a at 2^-G: z 2^(e - 23 - F + G) (e - 23 - F + G = e + 1 < 0).
        let rsh = (F as i32 + 23 - G as i32 - e) as u32;
        let w = if rsh < 64 { z >> rsh } else { 0 };
        let v = if neg {
            (1u64 << G) + w
        } else {
            (1u64 << G) - w
        };
        return norm_pack(false, 64 - G as i32, u128::from(v));
    }
    // T < 0: t = -((-T) >> 2) at 2^-32 (the exponential's grid; its magnitude floored).
    let t = -((-log2_erfc(ax)) >> (F - 32));
    if erfc && !neg {
        return exp2_fixed(t);
    }
    // 2^T = r 2^(k - 31), k >= -26: at 2^-G, r << (k + G - 31).
    let (k, r) = exp2_kr(t);
    let low = r << (k + G as i32 - 31);
    let v = if erfc {
        (2u64 << G) - low
    } else {
        (1u64 << G) - low
    };
    norm_pack(!erfc && neg, 64 - G as i32, u128::from(v))
}

/// Bits (with the sign) each coefficient b_k needs.
pub fn coef_bits(k: usize) -> u32 {
    65 - coef_max(k).leading_zeros()
}

fn coef_max(k: usize) -> u64 {
    consts()
        .tab
        .iter()
        .map(|b| b[k].unsigned_abs())
        .max()
        .unwrap_or(0)
}

/// Bits (with the sign) Horner's partial sum h_k needs: |h_k| <= the sum of max |b_i| + 1
/// for i >= k (|u| <= 1; each step's floor adds at most 1), so the SV's products take no
/// wider operands than their values.
pub fn horner_bits(k: usize) -> u32 {
    let sum: u64 = (k..=DEG).map(|i| coef_max(i) + 1).sum();
    65 - sum.leading_zeros()
}

/// The table and constants for hls_fp_erf, as SystemVerilog for the math package: one
/// function per coefficient b_k (448 entries each), signed, as wide as its values.
pub fn generated() -> String {
    let c = consts();
    let mut s = String::from(
        "    // hls_fp_erf (rtl-gen/src/ferf.rs): T = log2 erfc a on 448 intervals as sum b_k u^k\n    \
         // (b_k at 2^-34); erf's series (2/sqrt pi)(1, -1/3, 1/10, -1/42) at 2^-34.\n",
    );
    for k in 0..=DEG {
        let w = coef_bits(k);
        s += &format!(
            "    localparam int ERF32_BW{k} = {w};\n    \
             function automatic logic signed [{hi}:0] erf32_b{k}(input logic [8:0] j);\n        \
             case (j)\n",
            hi = w - 1
        );
        for (j, row) in c.tab.iter().enumerate() {
            s += &format!(
                "            9'd{j}: return {};\n",
                sv_signed(i128::from(row[k]), w)
            );
        }
        s += &format!("            default: return {w}'sd0;\n        endcase\n    endfunction\n");
    }
    for k in 0..=DEG {
        s += &format!("    localparam int ERF32_HW{k} = {};\n", horner_bits(k));
    }
    for (n, v) in c.p.iter().enumerate() {
        s += &format!(
            "    localparam logic signed [36:0] ERF32_P{n} = {};\n",
            sv_signed(i128::from(*v), 37)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::ulp::ulps32 as ulps;

    /// T's interpolants against MPFR at random points of every interval: within 2^-32.
    #[test]
    fn tabulated_t_is_accurate() {
        let c = consts();
        let mut r = Rng(0x2545_F491_4F6C_DD1D);
        let mut worst = f64::NEG_INFINITY;
        for j in 0..INTERVALS {
            let (centre, half) = interval(j);
            for _ in 0..8 {
                let u = (r.next() >> 11) as f64 / (1u64 << 52) as f64 - 1.0;
                let a = Float::with_val(PREC, &centre + Float::with_val(PREC, &half * u));
                let mut p = Float::with_val(PREC, 0);
                for k in (0..=DEG).rev() {
                    p = p * u + (Float::with_val(PREC, c.tab[j][k]) >> F);
                }
                worst = worst.max((p - t_exact(&a)).abs().to_f64().log2());
            }
        }
        eprintln!("T interpolation: max error 2^{worst:.2}");
        assert!(worst < -32.0);
    }

    fn sweep(erfc: bool) -> (f64, u32) {
        let mut worst = (0f64, 0u32);
        let mut x = 1u32;
        while x < ZERO_FROM {
            for v in [x, x | 0x8000_0000] {
                let big = Float::with_val(128, f32::from_bits(v));
                let want = if erfc { big.erfc() } else { big.erf() };
                let e = ulps(erf(v, erfc), want.to_f64());
                if e > worst.0 {
                    worst = (e, v);
                }
            }
            x += 997;
        }
        worst
    }

    #[test]
    fn erf_within_its_bound() {
        let (e, x) = sweep(false);
        eprintln!("erf max {e:.4} ulp at {x:#x}");
        assert!(e < 0.7, "erf({x:#x}): {e} ulp");
    }

    #[test]
    fn erfc_within_its_bound() {
        let (e, x) = sweep(true);
        eprintln!("erfc max {e:.4} ulp at {x:#x}");
        assert!(e < 0.6, "erfc({x:#x}): {e} ulp");
    }

    #[test]
    fn widths() {
        for k in 0..=DEG {
            eprintln!("b{k}: {} bits, h{k}: {}", coef_bits(k), horner_bits(k));
        }
        let p: Vec<u32> = consts()
            .p
            .iter()
            .map(|v| 65 - v.unsigned_abs().leading_zeros())
            .collect();
        eprintln!("series: {p:?}");
    }

    #[test]
    fn special_values() {
        let f = |x: f32, c: bool| f32::from_bits(erf(x.to_bits(), c));
        assert!(f(f32::NAN, false).is_nan() && f(f32::NAN, true).is_nan());
        assert_eq!(f(f32::INFINITY, false), 1.0);
        assert_eq!(f(f32::NEG_INFINITY, false), -1.0);
        assert_eq!(f(f32::INFINITY, true), 0.0);
        assert_eq!(f(f32::NEG_INFINITY, true), 2.0);
        assert_eq!(f(-0.0, false).to_bits(), (-0.0f32).to_bits());
        assert_eq!(f(0.0, true), 1.0);
        assert_eq!(f(-4.5, true), 2.0);
        assert_eq!(f(4.0, false), 1.0);
        assert_eq!(f(12.0, true), 0.0);
        assert_eq!(f(10.0, true).to_bits(), 1); // 2.09e-45: the smallest subnormal
        assert_eq!(erf(1, false), 1); // 1.13 times the smallest subnormal
        let k = 2.0 / std::f64::consts::PI.sqrt();
        assert_eq!(f(1e-40, false), (f64::from(1e-40f32) * k) as f32);
    }
}
