//! The double erf and erfc core (`rtl-gen/cores/sv/hls_fp_erf64.sv`) in Rust, bit for bit.
//!
//! erfc a = 2^T for a = |x| < 28, T = L(a) - a^2 log2 e with L = log2(e^(a^2) erfc a), a
//! smooth function (log2 of the scaled complementary error function: 0 at a = 0, about
//! -log2(a sqrt pi) for large a; its nearest complex singularities, the zeros of erfc, lie
//! more than 2 away from [0, 28]). L is tabulated in 384 intervals, 64 per segment: [0, 1)
//! in steps of 1/64, then each binade [2^(s-1), 2^s) (s = 1..5) in 64 equal steps, so the
//! half width is at most 2^-7 of a there. On each interval L(c + u w/2) is a degree-8
//! polynomial in u in [-1, 1), interpolated at the Chebyshev nodes with MPFR (128 bits):
//! for the log-like tail the next Taylor term is below (2^-7)^9 log2(e)/9 = 2^-65.6, so the
//! interpolant is within about 2^-64 of L. Horner at 2^-64 with u trimmed to the bits each
//! step needs (step k's partial sum is below 2^(7 - 7k) or so): 2^-62 at most in all.
//! a^2 log2 e: a^2 on the 2^-64 grid (exact from 2^-32 up), log2 e at 2^-70: 2^-63. So T
//! is within 2^-61.5 or so, and 2^T (the exponential's stages, `fexp64::exp_t`, within
//! 0.503 ulp of 2^T) is within 0.51 ulp of erfc a, down to the subnormals (erfc a < 2^-1075
//! from a = 27.23: zero past 28).
//!
//! erfc x for x < 0 is 2 - 2^k r (r in [1, 2) at 2^63 from `fexp64::exp_kr`) at 2^-118,
//! rounded: the result is in (1, 2], the error 2^-60 of it. erf a for a >= 2^-3 is 1 - 2^k r
//! the same way (the result at least 0.14, so r's error is 2^-57 of it: 0.51 ulp); below
//! 2^-3 erf a = (2/sqrt pi) a (1 + s Q(s)), s = a^2, Q the series' first seven terms (the
//! next, s^8/(8! 17), is 2^-67 relative), by Horner at 2^-64, then the significand times
//! (2/sqrt pi)(1 + s Q): within 0.501 ulp, subnormal a and results included. erf x = +-1
//! from |x| = 6 (erfc 6 < 2^-54), erfc x = 2 from x = -6. OpenCL allows erf and erfc 16 ulp.

use crate::math::sv_signed;
use rug::float::Constant;
use rug::ops::Pow;
use rug::Float;
use std::sync::OnceLock;

use crate::math::fixed_float;
use crate::mirrors::fexp64::{exp_kr, exp_t, pack_normalised};

const QNAN: u64 = 0x7FF8_0000_0000_0000;
const PINF: u64 = 0x7FF0_0000_0000_0000;
const ABS: u64 = !(1 << 63);
const ONE: u64 = 0x3FF0_0000_0000_0000;
const TWO: u64 = 0x4000_0000_0000_0000;

/// Polynomial degree of L on an interval, and the number of intervals.
pub const DEG: usize = 8;
pub const INTERVALS: usize = 384;
/// Biased exponents: from 2^-55 erfc x rounds to 1 (below it computed), from 2^-3 erf
/// takes 1 - erfc, |x| >= 6 (from 4 at exponent 1025, compared in full) and 28 are the
/// saturations.
pub const EX_TINY: u32 = 968;
pub const EX_SERIES: u32 = 1020;
/// erf's series: (-1)^n / (n! (2n + 1)), n = 1..7, at 2^-64 (Q's coefficients).
pub const SERIES_N: usize = 7;

pub struct Consts {
    /// L's coefficients b_0..b_8 per interval at 2^-64 (in u: L(c + u w/2) = sum b_k u^k).
    pub tab: Vec<[i128; DEG + 1]>,
    /// log2 e at 2^-70 (71 bits).
    pub log2e: u128,
    /// 2/sqrt(pi) at 2^-63 (64 bits).
    pub k: u128,
    /// Q's coefficients at 2^-64.
    pub q: [i128; SERIES_N],
}

const PREC: u32 = 128;

/// log2(e^(a^2) erfc a) with MPFR.
fn l_exact(a: &Float) -> Float {
    let sq = Float::with_val(PREC, a * a);
    (sq.exp() * Float::with_val(PREC, a.erfc_ref())).log2()
}

/// Interval j's centre and half width: segment s = j / 64, [0, 1) in steps of 1/64 for s = 0,
/// [2^(s-1), 2^s) in 64 steps otherwise.
pub fn interval(j: usize) -> (Float, Float) {
    let (s, i) = (j / 64, j % 64);
    let (lo, w) = if s == 0 {
        (Float::with_val(PREC, 0), Float::with_val(PREC, 1) / 64u32)
    } else {
        let lo = Float::with_val(PREC, 2).pow(s as i32 - 1);
        let w = Float::with_val(PREC, &lo / 64u32);
        (lo, w)
    };
    let half = Float::with_val(PREC, &w / 2u32);
    (lo + w * (i as u32) + &half, half)
}

/// The degree-8 interpolant of L on interval j at the Chebyshev nodes, in u.
fn interpolate(j: usize) -> Vec<Float> {
    let (c, half) = interval(j);
    crate::math::chebyshev_interpolant(DEG + 1, PREC, &c, &half, l_exact)
}

pub fn consts() -> &'static Consts {
    static C: OnceLock<Consts> = OnceLock::new();
    C.get_or_init(|| {
        let one = Float::with_val(PREC, 1);
        let mut fact = Float::with_val(PREC, 1);
        let q = std::array::from_fn(|i| {
            let n = i as u32 + 1;
            fact *= n;
            let v = Float::with_val(PREC, &one / &fact) / (2 * n + 1);
            fixed_float(&if n % 2 == 1 { -v } else { v }, 64)
        });
        Consts {
            tab: (0..INTERVALS)
                .map(|j| {
                    let b = interpolate(j);
                    std::array::from_fn(|k| fixed_float(&b[k], 64))
                })
                .collect(),
            log2e: fixed_float(&Float::with_val(PREC, 1).exp().log2(), 70) as u128,
            k: fixed_float(
                &(Float::with_val(PREC, Constant::Pi).sqrt().recip() * 2u32),
                63,
            ) as u128,
            q,
        }
    })
}

/// How far Horner step k (h_k = b_k + u h_(k+1), k = 7 down to 0) shifts u right before the
/// product: h_(k+1) is below 2^(3 - 7k) or so, so u's truncation costs 2^-65 at most.
pub fn trim(k: usize) -> u32 {
    (7 * k as u32 + 3).min(60)
}

/// The interval and u at 2^-64 for a at 2^-64 (`af`, a < 32): segment from the leading one,
/// six index bits below it (below 2^0 for a < 1), the rest centred.
pub fn locate(af: u128) -> (usize, i128) {
    let lead = 127 - af.leading_zeros() as i32;
    let b = lead.max(64) as u32;
    let seg = if lead >= 64 { (lead - 63) as usize } else { 0 };
    let j = seg * 64 + (af >> (b - 6) & 63) as usize;
    let rest = (af & ((1u128 << (b - 6)) - 1)) as i128;
    let h = rest - (1i128 << (b - 7));
    // u = h / 2^(b - 7), at 2^-64.
    (j, h << (71 - b))
}

/// T = log2 erfc a on the 2^-64 grid for a = |x| in [2^-55, 28) (bits `ax`).
pub fn log2_erfc(ax: u64) -> i128 {
    let c = consts();
    let ex = (ax >> 52) as i32;
    let m = u128::from(1u64 << 52 | (ax & ((1 << 52) - 1)));
    // a at 2^-64: m 2^(ex - 1075 + 64).
    let af = if ex >= 1011 {
        m << (ex - 1011)
    } else {
        m >> (1011 - ex)
    };
    let (j, u) = locate(af);
    let b = &c.tab[j];
    let mut h = b[DEG];
    for k in (0..DEG).rev() {
        h = b[k] + (((u >> trim(k)) * h) >> (64 - trim(k)));
    }
    // a^2 at 2^-64 (m^2 2^(2 ex - 2150 + 64), ex <= 1027: a right shift), times log2 e.
    let sh = 2086 - 2 * ex;
    let a2 = if sh < 128 { (m * m) >> sh } else { 0 };
    let (hi, lo) = (a2 >> 32, a2 & 0xFFFF_FFFF);
    let prod = (hi * c.log2e + ((lo * c.log2e) >> 32)) >> 38;
    h - prod as i128
}

/// erf a for a below 2^-3 (`ex`, `m`: a's biased exponent, at least 1, and significand):
/// (2/sqrt pi) a (1 + s Q(s)).
fn erf_series(neg: bool, ex: i32, m: u64) -> u64 {
    let c = consts();
    // s = a^2 at 2^-64: m^2 2^(2 ex - 2150 + 64).
    let sh = 2086 - 2 * ex;
    let mm = u128::from(m) * u128::from(m);
    let s = if sh < 128 { (mm >> sh) as i128 } else { 0 };
    let mut h = c.q[SERIES_N - 1];
    for k in (0..SERIES_N - 1).rev() {
        let (a, b) = series_trim(k);
        h = c.q[k] + (((s >> a) * (h >> b)) >> (64 - a - b));
    }
    let w = (1i128 << 64) + ((s * h) >> 64);
    let kw = (c.k * w as u128) >> 64;
    pack_normalised(neg, u128::from(m) * kw, ex - 1075 - 63)
}

/// erf x (`erfc` false) or erfc x, as hls_fp_erf64 computes it.
pub fn erf(x: u64, erfc: bool) -> u64 {
    let ax = x & ABS;
    let neg = x >> 63 == 1;
    let sign = x & !ABS;
    let ex = (ax >> 52) as u32;
    if ax > PINF {
        return QNAN;
    }
    // |x| >= 6 (infinities included).
    if ax >= 0x4018_0000_0000_0000 {
        return if !erfc {
            sign | ONE
        } else if neg {
            TWO
        } else if ax >= 0x403C_0000_0000_0000 {
            0 // x >= 28
        } else {
            exp_t(log2_erfc(ax))
        };
    }
    if !erfc && ex < EX_SERIES {
        if ax == 0 {
            return x;
        }
        let m = (u64::from(ex != 0) << 52) | (ax & ((1 << 52) - 1));
        return erf_series(neg, ex.max(1) as i32, m);
    }
    if erfc && ex < EX_TINY {
        return ONE;
    }
    let t = log2_erfc(ax);
    if erfc && !neg {
        return exp_t(t);
    }
    let (k, r) = exp_kr(t);
    if k <= -55 {
        return if erfc { TWO } else { sign | ONE };
    }
    let low = u128::from(r) << (55 + k);
    let v = if erfc {
        (1u128 << 119) - low
    } else {
        (1u128 << 118) - low
    };
    pack_normalised(!erfc && neg, v, -118)
}

/// Bits (with the sign) each coefficient b_k of L's table needs.
pub fn coef_bits(k: usize) -> u32 {
    let max = consts()
        .tab
        .iter()
        .map(|b| b[k].unsigned_abs())
        .max()
        .unwrap_or(0);
    129 - max.leading_zeros()
}

/// Bits (with the sign) Horner's partial sum h_k needs: |h_k| <= sum of max |b_i| for i >= k
/// (|u| <= 1; each step's floor adds at most 1 more), so the SV's products take no wider
/// operands than their values.
pub fn horner_bits(k: usize) -> u32 {
    let sum: u128 = (k..=DEG).map(|i| coef_max(i) + 1).sum();
    129 - sum.leading_zeros()
}

fn coef_max(k: usize) -> u128 {
    consts()
        .tab
        .iter()
        .map(|b| b[k].unsigned_abs())
        .max()
        .unwrap_or(0)
}

/// How far erf's series step k (h_k = q_k + s h_(k+1), k = 5 down to 0) shifts s and
/// h_(k+1) right before their product: h_k's error reaches w = 1 + s h_0 times s^k <=
/// 2^-6k, so s's truncation (2^(a-64) |h|, |h| < 2^-1.5) and h's (2^(b-64) s, s < 2^-6)
/// each cost 2^-67 or so there. hls_fp_erf64 has the same two formulas.
pub fn series_trim(k: usize) -> (u32, u32) {
    let k = k as u32;
    ((6 * k).saturating_sub(2), 6 * k + 2)
}

/// The table and constants for hls_fp_erf64, as SystemVerilog for the math package: one
/// function per coefficient b_k (384 entries each), signed, 70 bits.
pub fn generated() -> String {
    let c = consts();
    let mut s = String::from(
        "    // hls_fp_erf64 (rtl-gen/src/ferf64.rs): L = log2(e^(a^2) erfc a) on 384 intervals as\n    \
         // sum b_k u^k (b_k at 2^-64); log2 e at 2^-70, 2/sqrt(pi) at 2^-63, erf's series at 2^-64.\n",
    );
    for k in 0..=DEG {
        debug_assert!(coef_bits(k) <= 70);
        s += &format!(
            "    function automatic logic signed [69:0] erf64_b{k}(input logic [8:0] j);\n        case (j)\n"
        );
        for (j, row) in c.tab.iter().enumerate() {
            let v = row[k];
            s += &format!("            9'd{j}: return {};\n", sv_signed(v, 70));
        }
        s += "            default: return 70'sd0;\n        endcase\n    endfunction\n";
    }
    s += "    function automatic int erf64_hw(input int k);\n        case (k)\n";
    for k in 0..=DEG {
        s += &format!("            {k}: return {};\n", horner_bits(k));
    }
    s += "            default: return 70;\n        endcase\n    endfunction\n";
    s += &format!(
        "    localparam logic [70:0] ERF64_LOG2E = 71'h{:018X};\n",
        c.log2e
    );
    s += &format!("    localparam logic [63:0] ERF64_K = 64'h{:016X};\n", c.k);
    for (n, v) in c.q.iter().enumerate() {
        s += &format!(
            "    localparam logic signed [63:0] ERF64_Q{n} = {};\n",
            sv_signed(*v, 64)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::ulp::ulps64 as ulps;

    /// L's interpolants against MPFR at random points of every interval: within 2^-63.
    #[test]
    fn tabulated_l_is_accurate() {
        let t0 = std::time::Instant::now();
        let c = consts();
        eprintln!("tables in {:?}", t0.elapsed());
        let mut r = Rng(0x5DEE_CE66_D1CE_5EED);
        let mut worst = f64::NEG_INFINITY;
        for j in 0..INTERVALS {
            let (centre, half) = interval(j);
            for _ in 0..8 {
                let u = (r.next() >> 11) as f64 / (1u64 << 52) as f64 - 1.0;
                let a = Float::with_val(PREC, &centre + Float::with_val(PREC, &half * u));
                let exact = l_exact(&a);
                let mut p = Float::with_val(PREC, 0);
                for k in (0..=DEG).rev() {
                    p = p * u + (Float::with_val(PREC, c.tab[j][k]) >> 64u32);
                }
                let err = (p - exact).abs().to_f64().log2();
                worst = worst.max(err);
            }
        }
        eprintln!("L interpolation: max error 2^{worst:.2}");
        assert!(worst < -63.0);
    }

    fn sweep(erfc: bool) -> f64 {
        let mut r = Rng(if erfc {
            0x1357_9BDF_2468_ACE0
        } else {
            0x0FED_CBA9_8765_4321
        });
        let mut worst = 0f64;
        for i in 0..150_000 {
            let u = r.next();
            let x = match i % 4 {
                // |x| up to 32, every exponent from 2^-60.
                0 => ((u >> 8) % 65 + 963) << 52 | (r.next() & ((1 << 52) - 1)),
                1 => ((r.next() >> 11) as f64 / (1u64 << 53) as f64 * 30.0).to_bits(),
                2 => ((r.next() >> 11) as f64 / (1u64 << 53) as f64 * 7.0).to_bits(),
                _ => r.next() % PINF,
            } | u << 63 >> 63 << 63;
            let big = Float::with_val(256, f64::from_bits(x));
            let want = if erfc { big.erfc() } else { big.erf() };
            let got = erf(x, erfc);
            let e = ulps(got, &want);
            assert!(
                e < 0.52,
                "erf{}({x:#x}) = {got:#x}: {e} ulp",
                if erfc { "c" } else { "" }
            );
            worst = worst.max(e);
        }
        worst
    }

    #[test]
    fn erf_within_its_bound() {
        eprintln!("erf max {:.4} ulp", sweep(false));
    }

    #[test]
    fn erfc_within_its_bound() {
        eprintln!("erfc max {:.4} ulp", sweep(true));
    }

    #[test]
    fn special_values() {
        let f = |x: f64, c: bool| f64::from_bits(erf(x.to_bits(), c));
        assert!(f(f64::NAN, false).is_nan() && f(f64::NAN, true).is_nan());
        assert_eq!(f(f64::INFINITY, false), 1.0);
        assert_eq!(f(f64::NEG_INFINITY, false), -1.0);
        assert_eq!(f(f64::INFINITY, true), 0.0);
        assert_eq!(f(f64::NEG_INFINITY, true), 2.0);
        assert_eq!(f(-0.0, false).to_bits(), (-0.0f64).to_bits());
        assert_eq!(f(0.0, true), 1.0);
        assert_eq!(f(-6.5, true), 2.0);
        assert_eq!(f(30.0, true), 0.0);
        assert_eq!(erf(27f64.to_bits(), true), 105_999); // 5.237e-319
        assert_eq!(f(5e-324, false), 5e-324);
        assert_eq!(f(1e-310, false), 1.1283791670955e-310);
    }
}
