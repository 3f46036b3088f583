//! The staged double logarithm (log, log2, log10 of binary64), as integers:
//! `rtl-gen/cores/sv/hls_fp_log64.sv` computes exactly this, stage by stage, and the software
//! model calls `log` here, so the RTL and the model agree bit for bit.
//!
//! Two table reductions, then a short polynomial, then one fixed-point sum wide enough that
//! no path needs a case of its own:
//!
//! - x = 2^e m' with m' in [0.75, 1.5) (a subnormal normalised first), 54 bits at 2^53.
//! - r1 = the float core's 10-bit reciprocal of m' (`flog::recip`, 96 entries), so
//!   z1 = m' r1 - 1 is exact (2^-62 grid) and |z1| <= 2^-7.
//! - r2 = 1 + d2, d2 at 2^-24, the reciprocal of 1 + z1 at the centre of z1's interval of
//!   width 2^-13 (130 entries), so z = (1 + z1) r2 - 1 = z1 + d2 + z1 d2 is exact (2^-86
//!   grid) and |z| < 2^-13.
//! - log_b x = e log_b 2 - log_b r1 - log_b r2 + c log(1 + z), c = log_b e, and
//!   c log(1 + z) = c z - z w, w = z B, B = c/2 - c z/3 + c z^2/4 - c z^3/5 (the series
//!   after z^5 is below z^6/6 < 2^-80.6). B by Horner, each product as narrow as its share
//!   of the error needs; c z and z w wide, since near x = 1 they are the whole result.
//!
//! Near x = 1 (e = 0, |m' - 1| < 2^-13) both tables give r = 1 and log r = 0, so the sum is
//! c z - z w alone with z = m' - 1 exact: every term is then computed with an error below
//! 2^-64 of the result, however small (down to log10(1 - 2^-53)), on a 2^-120 grid. Elsewhere
//! |log_b x| >= c log(1 + 2^-13) > 2^-14.3 and the absolute error stays near 2^-76 (the
//! tables and log_b 2 at 2^-89, z truncated to 2^-67 where it multiplies w). So
//! the error before the one rounding is below 2^-61 of the result: within 0.503 ulp (the
//! sweep below measures it against MPFR). A logarithm is never subnormal and never
//! overflows, so the rounding is one normalisation of the 131-bit sum.

use crate::math::sv_signed;
use crate::math::{fixed, ln10, ln2, to_u128, P};
use crate::mirrors::flog::recip;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

const QNAN: u64 = 0x7FF8_0000_0000_0000;
const PINF: u64 = 0x7FF0_0000_0000_0000;
const NINF: u64 = 0xFFF0_0000_0000_0000;

/// Entries of the second table: z1's intervals [(j - 65) 2^-13, (j - 64) 2^-13).
pub const ENTRIES2: usize = 130;

/// The second table's d2 = r2 - 1 at 2^-24: 1/(1 + c2) at the interval's centre, rounded;
/// 0 for the two intervals around 0 (|z1| < 2^-13), so near x = 1 no table value enters.
pub fn d2(j: usize) -> i64 {
    if j == 64 || j == 65 {
        return 0;
    }
    let centre = (j as f64 - 64.5) / 8192.0;
    (16_777_216.0 / (1.0 + centre)).round() as i64 - 16_777_216
}

/// ln(p / q) * 2^P for positive integers p, q: 2 atanh((p - q)/(p + q)).
fn ln_ratio(p: &BigInt, q: &BigInt) -> BigInt {
    if p < q {
        return -ln_ratio(q, p);
    }
    let y = ((p - q) << P) / (p + q);
    let y2 = (&y * &y) >> P;
    let mut power = y;
    let mut sum = BigInt::zero();
    let mut k = 0u32;
    while !power.is_zero() {
        sum += &power / BigInt::from(2 * k + 1);
        power = (&power * &y2) >> P;
        k += 1;
    }
    sum * 2
}

/// Rounded to an integer with `frac` fraction bits, for values of either sign.
fn fixed_signed(v: &BigInt, frac: u64) -> i128 {
    let r = fixed(&v.abs(), frac);
    let r = i128::try_from(&r).unwrap_or(0);
    if v.is_negative() {
        -r
    } else {
        r
    }
}

/// Constants and tables per base (kind 0: 2, 1: e, 2: 10), computed once.
pub struct Consts {
    /// c = log_b e at 2^-64.
    pub c: [u128; 3],
    /// log_b 2 at 2^-89.
    pub log2: [i128; 3],
    /// -log_b r1 at 2^-89, per first-table entry.
    pub neg_log_r1: [[i128; 96]; 3],
    /// -log_b r2 at 2^-89, per second-table entry.
    pub neg_log_r2: [[i128; ENTRIES2]; 3],
    /// Horner's coefficients: c/5 at 2^-28, c/4 at 2^-28, c/3 at 2^-42, c/2 at 2^-56.
    pub k5: [i64; 3],
    pub k4: [i64; 3],
    pub k3: [i64; 3],
    pub k2: [i64; 3],
}

pub fn consts() -> &'static Consts {
    static C: std::sync::OnceLock<Consts> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let one = BigInt::one() << P;
        let ln2 = ln2();
        // c = log_b e = 1 / ln b, as a value * 2^P.
        let cs = [(&one << P) / &ln2, one.clone(), (&one << P) / ln10()];
        let scaled = |v: &BigInt, c: &BigInt| (v * c) >> P;
        let per_kind =
            |f: &dyn Fn(&BigInt) -> i128| -> [i128; 3] { std::array::from_fn(|k| f(&cs[k])) };
        let ln_r1: Vec<BigInt> = (0..96)
            .map(|j| -ln_ratio(&BigInt::from(recip(j)), &BigInt::from(512)))
            .collect();
        let ln_r2: Vec<BigInt> = (0..ENTRIES2)
            .map(|j| -ln_ratio(&BigInt::from(16_777_216 + d2(j)), &BigInt::from(16_777_216)))
            .collect();
        let coef = |den: u32, frac: u64| -> [i64; 3] {
            per_kind(&|c| fixed_signed(&(c / BigInt::from(den)), frac)).map(|v| v as i64)
        };
        Consts {
            c: std::array::from_fn(|k| to_u128(&fixed(&cs[k], 64))),
            log2: per_kind(&|c| fixed_signed(&scaled(&ln2, c), 89)),
            neg_log_r1: std::array::from_fn(|k| {
                std::array::from_fn(|j| fixed_signed(&scaled(&ln_r1[j], &cs[k]), 89))
            }),
            neg_log_r2: std::array::from_fn(|k| {
                std::array::from_fn(|j| fixed_signed(&scaled(&ln_r2[j], &cs[k]), 89))
            }),
            k5: coef(5, 28),
            k4: coef(4, 28),
            k3: coef(3, 42),
            k2: coef(2, 56),
        }
    })
}

/// log_b x for binary64 x (kind 1: e, 0: 2, 2: 10), as hls_fp_log64 computes it.
pub fn log(x: u64, kind: u32) -> u64 {
    let ex = (x >> 52 & 0x7FF) as i32;
    let frac = x & ((1 << 52) - 1);
    // Stage 1: special values.
    if ex == 0x7FF {
        return if frac != 0 || x >> 63 == 1 {
            QNAN
        } else {
            PINF
        };
    }
    if x & !(1 << 63) == 0 {
        return NINF;
    }
    if x >> 63 == 1 {
        return QNAN;
    }
    // Stages 1-17 (hls_fp_log64_sum), then sign and magnitude, normalisation to 53 bits
    // and guard, round, sticky, rounding.
    round_sum(&log_sum(x, kind))
}

/// A sum on the 2^-120 grid rounded to the nearest double (hls_fp_log64's last stages).
fn round_sum(r: &BigInt) -> u64 {
    if r.is_zero() {
        return 0;
    }
    let mag = r.magnitude();
    let lead = mag.bits() as i64 - 1; // 61 to 130
    let sh = lead - 55;
    let kept = to_u128(&BigInt::from(mag >> sh as u32)) as u64;
    let sticky = mag.trailing_zeros().is_some_and(|t| (t as i64) < sh);
    let f = (kept & ((1 << 55) - 1)) | u64::from(sticky);
    let ef = (lead - 120 + 1023) as u64;
    let packed = crate::mirrors::fexp64::round_word64(ef, f);
    (r.is_negative() as u64) << 63 | packed
}

/// Below this biased exponent |x| < 2^-54: log1p(x) rounds to x.
pub const LOG1P_TINY: u32 = 969;
/// Below this biased exponent |x| < 2^-13: log1p takes its polynomial path.
pub const LOG1P_SMALL: u32 = 1010;

/// log1p's Horner trims (`fexp64::poly_small`): h_i needs 2^-(54 - 13 i) (|x| < 2^-13).
pub const LOG1P_TRIM: [(u32, u32); 3] = [(11, 23), (25, 36), (38, 49)];

/// -1/2, 1/3, -1/4, 1/5 at 2^64 (log1p's small-argument polynomial).
pub fn log1p_coefs() -> [i128; 4] {
    let one = BigInt::one() << P;
    std::array::from_fn(|i| {
        let v = to_u128(&fixed(&(&one / BigInt::from(i as u32 + 2)), 64)) as i128;
        if i % 2 == 0 {
            -v
        } else {
            v
        }
    })
}

/// ln(1 + x) for binary64 x, as hls_fp_log64 with KIND 3 computes it: within 2 ulp
/// (OpenCL's bound; 0.51 measured).
///
/// - |x| < 2^-13: x (1 + x q), q = -1/2 + x/3 - x^2/4 + x^3/5 by Horner at 2^-64 (the
///   next term, x^6/6, is below 2^-65 of x): `fexp64::poly_small`. Below 2^-54: x.
/// - Otherwise 1 + x is formed exactly (89 bits: x's bits reach 2^-66 at most, and a 1
///   below a large x's last place is only a sticky bit), rounded to the double u, with
///   eps = (1 + x - u) / ulp(u) in [-1/2, 1/2] kept to 2^-32. Then ln(1 + x) = ln u + c,
///   c = eps ulp(u) / u (c^2 is below 2^-106), so the logarithm's sum for u (ln u within
///   2^-66 of itself, `log_sum`) gets c added on its 2^-120 grid: c = eps 2^-52 / mu, mu
///   = (1 + x) / 2^floor(log2(1 + x)) in [1, 2), 1/mu = 2^-h r1 (1 - z1 + z1^2 - z1^3)
///   with m' = mu 2^-h in [0.75, 1.5), r1 its 10-bit reciprocal (`flog::recip`) and z1 =
///   m' r1 - 1 (|z1| <= 2^-7) at 2^-30: c is within 2^-28 of itself, below 2^-81, while the
///   result is at least 2^-13.1. One rounding.
pub fn log1p(x: u64) -> u64 {
    const MINUS_ONE: u64 = 0xBFF0_0000_0000_0000;
    let ex = (x >> 52 & 0x7FF) as u32;
    let frac = x & ((1 << 52) - 1);
    let neg = x >> 63 == 1;
    if ex == 0x7FF && frac != 0 || neg && x > MINUS_ONE {
        return QNAN;
    }
    if x == MINUS_ONE {
        return NINF;
    }
    if ex == 0x7FF {
        return PINF;
    }
    if ex < LOG1P_TINY {
        return x;
    }
    let m = (1 << 52) | frac;
    if ex < LOG1P_SMALL {
        return crate::mirrors::fexp64::poly_small(neg, ex, m, &log1p_coefs(), &LOG1P_TRIM);
    }
    let (u, eps, mu40) = one_plus(x);
    // 1/mu's pieces: m' = mu or mu / 2 (h) at 2^-39, r1, z1 at 2^-30; P = 1 - z1 + z1^2 -
    // z1^3 at 2^-30.
    let h = mu40 >> 38 == 3;
    let m40 = if h { mu40 >> 1 } else { mu40 } as i128;
    let r1 = recip((m40 >> 32) as usize - 96) as i128;
    let z30 = (m40 * r1 - (1i128 << 48)) >> 18;
    let z2 = (z30 * z30) >> 30;
    let z3 = (z2 * z30) >> 30;
    let p30 = (1i128 << 30) - z30 + z2 - z3;
    // c at 2^-120: eps 2^-32 2^-52 2^-h r1 2^-9 P 2^-30 2^120.
    let corr = ((eps as i128 * r1) * p30) >> (3 + u32::from(h));
    round_sum(&(log_sum(u, 1) + BigInt::from(corr)))
}

/// 1 + x for binary64 x >= 2^-13 or in (-1, -2^-13], as hls_fp_log64's KIND 3 forms it: u
/// (the double nearest 1 + x), eps = floor((1 + x - u) / ulp(u) 2^32), and the top 40 bits
/// of 1 + x normalised to [1, 2) (at 2^-39).
pub fn one_plus(x: u64) -> (u64, i64, u64) {
    let ex = (x >> 52 & 0x7FF) as i32;
    let m = ((1u128) << 52) | (x & ((1 << 52) - 1)) as u128;
    let q = ex - 1075;
    // W: bit 87 has weight 2^base (x >= 1: x's leading one; else 1's), u's last place will
    // be bit 35.
    let (w, base, dust) = if ex >= 1023 {
        let pos = 35 - q;
        if pos >= 0 {
            ((m << 35) + (1u128 << pos), ex - 1023, false)
        } else {
            (m << 35, ex - 1023, true)
        }
    } else {
        let xs = m << (q + 87);
        if x >> 63 == 1 {
            ((1u128 << 87) - xs, 0, false)
        } else {
            ((1u128 << 87) + xs, 0, false)
        }
    };
    let (wn, eu, dust) = if w >> 88 & 1 == 1 {
        (w >> 1, base + 1, dust || w & 1 == 1)
    } else {
        let lz = 87 - (127 - w.leading_zeros() as i32);
        (w << lz, base - lz, dust)
    };
    let low = (wn & ((1 << 35) - 1)) as u64;
    let sig = (wn >> 35) as u64;
    let up = low >> 34 & 1 == 1 && (low & ((1 << 34) - 1) != 0 || dust || sig & 1 == 1);
    let eps = (low >> 3) as i64 - if up { 1 << 32 } else { 0 };
    let ef = (eu + 1023) as u64;
    // A carry out of the significand moves into the exponent.
    let u = ((ef << 52) | (sig & ((1 << 52) - 1))) + u64::from(up);
    (u, eps, (wn >> 48) as u64)
}

/// log_b x on a 2^-120 grid (|log_b x| < 2^10, so 131 bits with the sign) for a positive
/// finite nonzero binary64 x, as hls_fp_log64_sum computes it: the logarithm's stages
/// before its rounding, which the power functions share.
pub fn log_sum(x: u64, kind: u32) -> BigInt {
    let c = consts();
    let k = kind as usize;
    let ex = (x >> 52 & 0x7FF) as i32;
    let frac = x & ((1 << 52) - 1);
    // Stage 2: the significand with its leading one at bit 52, the unbiased exponent.
    let (mant, e) = if ex == 0 {
        let lz = frac.leading_zeros() - 12; // the leading one at 51 - lz
        (frac << (lz + 1), -1022 - lz as i32 - 1)
    } else {
        (1 << 52 | frac, ex - 1023)
    };
    // Stage 3: m' in [0.75, 1.5) at 2^53 (54 bits); the first table's entries.
    let (big_m, e1) = if mant >= 3 << 51 {
        (mant as i128, e + 1)
    } else {
        ((mant as i128) << 1, e)
    };
    let j1 = (big_m >> 46) as usize - 96;
    // Stage 4: z1 = m' r1 - 1 (2^-62 grid, exact, |z1| <= 2^55 of it).
    let z1 = big_m * recip(j1) as i128 - (1i128 << 62);
    // Stage 5: the second table's index floor(z1 2^13) + 65 and entries.
    let j2 = ((z1 >> 49) + 65) as usize;
    let d2 = d2(j2) as i128;
    // Stages 6-7: z = z1 + d2 + z1 d2 (2^-86 grid, exact, |z| <= 2^73 of it).
    let z = (z1 << 24) + (d2 << 62) + z1 * d2;
    // z at coarser grids (arithmetic shifts: floor).
    let z28 = z >> 58;
    let z42 = z >> 44;
    let z56 = z >> 30;
    let z67 = z >> 19;
    // Stages 8-12: B = c/2 - z (c/3 - z (c/4 - z c/5)) at 2^-56.
    let s3 = c.k4[k] as i128 - ((z28 * c.k5[k] as i128) >> 28);
    let s2 = c.k3[k] as i128 - ((z42 * s3) >> 28);
    let b = c.k2[k] as i128 - ((z56 * s2) >> 42);
    // Stages 13-14: w = z B at 2^-66; c z at 2^-120 from the exact z (z itself for base e).
    let w = (z67 * b) >> 57;
    let cz = if kind == 1 {
        BigInt::from(z) << 34u32
    } else {
        (BigInt::from(z) * BigInt::from(c.c[k])) >> 30u32
    };
    // Stages 15-16: z w at 2^-120.
    let zw = (z67 * w) >> 13;
    // Stages 8, 15, 17: E = e log_b 2 - log_b r1 - log_b r2 at 2^-89; the sum at 2^-120.
    let big_e = e1 as i128 * c.log2[k] + c.neg_log_r1[k][j1] + c.neg_log_r2[k][j2];
    (BigInt::from(big_e) << 31u32) + cz - BigInt::from(zw)
}

/// The constants and tables for hls_fp_log64, as SystemVerilog for the math package.
pub fn generated() -> String {
    let c = consts();
    let mut s = String::from(
        "    // hls_fp_log64 (rtl-gen/src/flog64.rs), kind 0: b = 2, 1: e, 2: 10: c = log_b e at\n    \
         // 2^-64; log_b 2 at 2^-89; -log_b r1 and -log_b r2 at 2^-89; d2 = r2 - 1 at 2^-24;\n    \
         // Horner's c/5, c/4 (2^-28), c/3 (2^-42), c/2 (2^-56).\n    \
         function automatic logic [64:0] log64_c(input logic [1:0] kind);\n        case (kind)\n",
    );
    for (k, v) in c.c.iter().enumerate() {
        s += &format!("            2'd{k}: return 65'h{v:X};\n");
    }
    s += "            default: return 65'h0;\n        endcase\n    endfunction\n";
    s += "    function automatic logic [89:0] log64_log2(input logic [1:0] kind);\n        case (kind)\n";
    for (k, v) in c.log2.iter().enumerate() {
        s += &format!("            2'd{k}: return 90'h{v:X};\n");
    }
    s += "            default: return 90'h0;\n        endcase\n    endfunction\n";
    s += "    function automatic logic signed [57:0] log64_coef(input logic [1:0] kind, \
          input logic [1:0] i);\n        case ({kind, i})\n";
    for k in 0..3 {
        for (i, v) in [c.k5[k], c.k4[k], c.k3[k], c.k2[k]].iter().enumerate() {
            s += &format!(
                "            {{2'd{k}, 2'd{i}}}: return {};\n",
                sv_signed(*v as i128, 58)
            );
        }
    }
    s += "            default: return 58'sd0;\n        endcase\n    endfunction\n";
    s += "    function automatic logic signed [18:0] log64_d2(input logic [7:0] j);\n        case (j)\n";
    for j in 0..ENTRIES2 {
        s += &format!(
            "            8'd{j}: return {};\n",
            sv_signed(d2(j) as i128, 19)
        );
    }
    s += "            default: return 19'sd0;\n        endcase\n    endfunction\n";
    for (name, idx, n) in [("log64_neg_r1", 7, 96), ("log64_neg_r2", 8, ENTRIES2)] {
        s += &format!(
            "    function automatic logic signed [89:0] {name}(input logic [1:0] kind, \
             input logic [{}:0] j);\n        case ({{kind, j}})\n",
            idx - 1
        );
        for k in 0..3 {
            for j in 0..n {
                let v = if n == 96 {
                    c.neg_log_r1[k][j]
                } else {
                    c.neg_log_r2[k][j]
                };
                s += &format!(
                    "            {{2'd{k}, {idx}'d{j}}}: return {};\n",
                    sv_signed(v, 90)
                );
            }
        }
        s += "            default: return 90'sd0;\n        endcase\n    endfunction\n";
    }
    s += "    // log1p's small-argument polynomial (hls_fp_poly64_small, FN 1): -1/2, 1/3, -1/4,\n    // 1/5 at 2^64.\n";
    for (i, v) in log1p_coefs().iter().enumerate() {
        s += &format!(
            "    localparam logic signed [64:0] LOG1P_C{i} = {};\n",
            sv_signed(*v, 65)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulp::ulps64 as ulps;
    use rug::Float;

    /// log1p over its whole range, both paths, denser near their border, near -1 and
    /// where 1 + x rounds (x just past 2^52, 2^53, 2^54): within 0.6 ulp of MPFR (OpenCL
    /// allows 2).
    #[test]
    fn log1p_within_0_6_ulp() {
        let mut worst = [0f64; 2];
        let mut check = |x: u64| {
            let want = Float::with_val(192, f64::from_bits(x)).ln_1p();
            let e = ulps(log1p(x), &want);
            assert!(e < 0.6, "x {x:#x} ({:e}): {e} ulp", f64::from_bits(x));
            let path = usize::from((x >> 52 & 0x7FF) as u32 >= LOG1P_SMALL);
            worst[path] = worst[path].max(e);
        };
        let mut x = 960u64 << 52;
        while x < 0x7FF0_0000_0000_0000 {
            check(x);
            if x < 0x3FF0_0000_0000_0000 {
                check(x | 1 << 63);
            }
            x += 0x0000_0234_5678_9ABBu64;
        }
        for e in (1005u64..1024).chain(1074..1078) {
            for i in 0..10_000u64 {
                let x = e << 52 | (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 12);
                check(x);
                if e < 1023 {
                    check(x | 1 << 63);
                }
            }
        }
        eprintln!(
            "log1p: small path max {:.4} ulp, main path {:.4}",
            worst[0], worst[1]
        );
    }

    #[test]
    fn log1p_special_values() {
        assert_eq!(log1p(0), 0);
        assert_eq!(log1p(1 << 63), 1 << 63);
        assert_eq!(log1p((-1f64).to_bits()), NINF);
        assert_eq!(log1p((-1.5f64).to_bits()), QNAN);
        assert_eq!(log1p(NINF), QNAN);
        assert_eq!(log1p(PINF), PINF);
        assert_eq!(log1p(QNAN | 1), QNAN);
        assert_eq!(log1p(1e-300f64.to_bits()), 1e-300f64.to_bits());
        assert_eq!(log1p(f64::MAX.to_bits()), f64::MAX.ln().to_bits());
        assert_eq!(log1p(1f64.to_bits()), std::f64::consts::LN_2.to_bits());
    }

    fn exact(x: f64, kind: u32) -> Float {
        let x = Float::with_val(192, x);
        match kind {
            1 => x.ln(),
            2 => x.log10(),
            _ => x.log2(),
        }
    }

    #[test]
    fn reductions_stay_in_range() {
        // |z1| <= 2^-7 over the first table, and |z| < 2^-13 over the second: the worst
        // corners of every interval.
        let mut worst1 = 0f64;
        for j in 0..96usize {
            let r = recip(j) as f64 / 512.0;
            for m in [(j + 96) as f64 / 128.0, (j + 97) as f64 / 128.0] {
                worst1 = worst1.max((m * r - 1.0).abs());
            }
        }
        assert!(worst1 <= 1.0 / 128.0, "{worst1}");
        for j in 1..ENTRIES2 - 1 {
            let r2 = 1.0 + d2(j) as f64 / 16_777_216.0;
            for z1 in [(j as f64 - 65.0) / 8192.0, (j as f64 - 64.0) / 8192.0] {
                let z = (1.0 + z1) * r2 - 1.0;
                assert!(z.abs() <= 1.0 / 8192.0, "j {j}, z1 {z1}: z {z}");
            }
        }
    }

    /// A sweep of the whole range (every exponent, subnormals included), every double
    /// within 2^12 ulps of 1, and a random sample near 1 (|x - 1| < 2^-6): within 0.505 ulp
    /// of MPFR for each base.
    #[test]
    fn within_half_an_ulp_and_a_little() {
        for kind in 0..3 {
            let mut worst = 0f64;
            let one = 1f64.to_bits();
            let near_one = (one - 4096..one + 4096).step_by(3);
            let mut rng = 0x2545_F491_4F6C_DD1Du64;
            let near = (0..30_000).map(|_| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let off = (rng >> 11) as f64 / 2f64.powi(53) * 2f64.powi(-6 - (rng % 40) as i32);
                (1.0 + if rng & 1 == 0 { off } else { -off }).to_bits()
            });
            let sweep = (1..0x7FF0_0000_0000_0000u64).step_by(0x0000_7123_4567_89AB);
            for x in sweep.chain(near_one).chain(near) {
                let got = log(x, kind);
                let e = ulps(got, &exact(f64::from_bits(x), kind));
                assert!(e < 0.505, "kind {kind}, x {x:#x}: {e} ulp");
                worst = worst.max(e);
            }
            eprintln!("kind {kind}: max {worst:.4} ulp");
        }
    }

    #[test]
    fn special_values() {
        for kind in 0..3 {
            assert_eq!(log(1f64.to_bits(), kind), 0, "log 1 = +0");
            assert_eq!(log(0, kind), NINF);
            assert_eq!(log(1 << 63, kind), NINF);
            assert_eq!(log((-1f64).to_bits(), kind), QNAN);
            assert_eq!(log(PINF, kind), PINF);
            assert_eq!(log(NINF, kind), QNAN);
            assert_eq!(log(QNAN | 7, kind), QNAN);
        }
        assert_eq!(log(8f64.to_bits(), 0), 3f64.to_bits());
        assert_eq!(log(1, 0), (-1074f64).to_bits());
        assert_eq!(log(0x7FEF_FFFF_FFFF_FFFF, 0), 1024f64.to_bits());
        for p in 0..=22 {
            assert_eq!(
                log(10f64.powi(p).to_bits(), 2),
                (p as f64).to_bits(),
                "10^{p}"
            );
        }
    }
}
