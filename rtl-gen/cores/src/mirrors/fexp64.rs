//! The staged double exponential (exp, exp2, exp10 of binary64), as integers:
//! `rtl-gen/cores/sv/hls_fp_exp64.sv` computes exactly this, stage by stage, and the software
//! model calls `exp` here, so the RTL and the model agree bit for bit.
//!
//! The float core's method (`fexp`) with a second table, so the polynomial stays short at
//! double precision:
//!
//! - t = x log2(b) with 64 fraction bits: the 53-bit significand times log2(b) at 2^72
//!   (74 bits), shifted. For |x| < 2048 the constant's rounding moves t by at most
//!   |t| 2^-73 < 2^-60, and the result (2^t) by that times ln 2, relatively.
//! - k = floor(t) is the result's exponent; the fraction f = i1/64 + i2/4096 + g with
//!   g < 2^-12, and 2^f = T1[i1] T2[i2] e^u with u = g ln 2 < 2^-12.5, T1 = 2^(i/64) and
//!   T2 = 2^(j/4096) from two 64-entry tables (64 bits each).
//! - e^u - 1 = u + u^2 (1/2 + u/6 + u^2/24) to 2^-69 (the u^5 term's size); the bracket
//!   is multiplied by u^2 < 2^-25, so it is computed with 40 fraction bits only, and u^2
//!   from u's top 40 bits.
//! - T1 T2 as T1 + T1 d with d = T2 - 1 < 2^-6.5 (57 bits), and T (1 + p) as T + T p with
//!   T's top 52 bits and p's top 51: each product no wider than its error needs.
//!
//! Every truncation is below 2^-63 of the result (five or six of them), so the error
//! before the one rounding is near 2^-61: the result is within 0.51 ulp (the Rust sweep
//! below measures it against MPFR). Then 2^k: exponent k + 1023, a right shift for a
//! subnormal result, round to nearest even.

use crate::math::{div, fixed, ln10, ln2, to_u128, P};
use num_bigint::BigInt;
use num_traits::{One, Zero};

/// Below this biased exponent |x| < 2^-60: the result rounds to 1.
pub const EX_ONE: u32 = 963;
/// From this biased exponent on |x| >= 2048: the result is infinite or zero.
pub const EX_BIG: u32 = 1034;

const QNAN: u64 = 0x7FF8_0000_0000_0000;
const PINF: u64 = 0x7FF0_0000_0000_0000;
const ONE: u64 = 0x3FF0_0000_0000_0000;

/// The constants and tables, computed once with big integers.
pub struct Consts {
    /// log2 of the base at 2^72 (kind 0: 2, 1: e, 2: 10).
    pub scale: [u128; 3],
    /// ln 2 at 2^51.
    pub ln2_51: u64,
    /// 2^28 / 6 and 2^28 / 24, rounded.
    pub r6: u64,
    pub r24: u64,
    /// 2^(i/64) at 2^63.
    pub t1: [u64; 64],
    /// 2^(j/4096) - 1 at 2^63.
    pub d2: [u64; 64],
}

/// e^y * 2^P for y * 2^P with |y| < 1 (the Taylor series in big fixed point).
fn exp_big(y: &BigInt) -> BigInt {
    let mut term = BigInt::one() << P;
    let mut sum = term.clone();
    let mut k = 1u32;
    while !term.is_zero() {
        term = ((term * y) >> P) / BigInt::from(k);
        sum += &term;
        k += 1;
    }
    sum
}

pub fn consts() -> &'static Consts {
    static C: std::sync::OnceLock<Consts> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let ln2 = ln2();
        let one = BigInt::one() << P;
        let word = |v: &BigInt, frac: u64| to_u128(&fixed(v, frac)) as u64;
        let pow2 = |num: u32, den: u32| exp_big(&(&ln2 * BigInt::from(num) / BigInt::from(den)));
        Consts {
            scale: [
                to_u128(&fixed(&one, 72)),
                to_u128(&fixed(&div(&one, &ln2), 72)),
                to_u128(&fixed(&div(&ln10(), &ln2), 72)),
            ],
            ln2_51: word(&ln2, 51),
            r6: word(&(&one / BigInt::from(6)), 28),
            r24: word(&(&one / BigInt::from(24)), 28),
            t1: std::array::from_fn(|i| word(&pow2(i as u32, 64), 63)),
            d2: std::array::from_fn(|j| word(&(pow2(j as u32, 4096) - &one), 63)),
        }
    })
}

/// Round to nearest even and pack a positive result: `ef` the exponent field (0 for a
/// subnormal), `f` the significand without its hidden bit, then guard, round and sticky
/// (55 bits); a carry out of the fraction moves into the exponent (hls_fp_exp_tail's last
/// stage).
pub fn round_word64(ef: u64, f: u64) -> u64 {
    let up = f >> 2 & 1 == 1 && f & 0b1011 != 0;
    ((ef << 52) | (f >> 3)) + u64::from(up)
}

/// b^x for binary64 x (kind 1: e, 0: 2, 2: 10), as hls_fp_exp64 computes it.
pub fn exp(x: u64, kind: u32) -> u64 {
    let c = consts();
    let neg = x >> 63 == 1;
    let ex = (x >> 52 & 0x7FF) as u32;
    // Stage 1: special values and the significand.
    if ex == 0x7FF {
        return if x & ((1 << 52) - 1) != 0 {
            QNAN
        } else if neg {
            0
        } else {
            PINF
        };
    }
    if ex >= EX_BIG {
        return if neg { 0 } else { PINF };
    }
    if ex < EX_ONE {
        return ONE;
    }
    let m = (1u128 << 52) | (x & ((1 << 52) - 1)) as u128;
    // Stages 2-3: m log2(b) 2^72 (53 x 74 bits). Stage 4: t 2^64 = that 2^(ex - 1083).
    let p = m * c.scale[kind as usize];
    let t_mag = (p >> (1083 - ex)) as i128;
    // Stage 5 on: from the signed t.
    exp_t(if neg { -t_mag } else { t_mag })
}

/// 2^t for t on a 2^-64 grid, |t| < 2^14, as hls_fp_exp64_t computes it (the exponential's
/// stages from its fixed-point argument on, which the power functions share).
pub fn exp_t(t: i128) -> u64 {
    let (k, r) = exp_kr(t);
    // Stage 13: {significand without its hidden bit, guard, round, sticky}; the exponent;
    // a subnormal result shifted right (its hidden bit comes down with it).
    let e = k + 1023;
    if e >= 2047 {
        return PINF;
    }
    if e >= 1 {
        let f = (r >> 8 & ((1 << 55) - 2)) | u64::from(r & 0x1FF != 0);
        return round_word64(e as u64, f);
    }
    let full = (r >> 8 & !1) | u64::from(r & 0x1FF != 0); // 56 bits, hidden bit included
    let sh = (1 - e) as u32;
    let f = if sh > 55 {
        u64::from(full != 0)
    } else {
        (full >> sh) | u64::from(full & ((1 << sh) - 1) != 0)
    };
    round_word64(0, f)
}

/// 2^t = 2^k r before rounding: k = floor(t) and r in [1, 2) at 2^63 (stages 5 to 15).
pub fn exp_kr(t: i128) -> (i32, u64) {
    let c = consts();
    // Stage 5: k, the two table indices and g.
    let k = (t >> 64) as i32;
    let f = t as u64;
    let (i1, i2) = ((f >> 58) as usize, (f >> 52 & 63) as usize);
    let g = f & ((1 << 52) - 1);
    // Stages 6-7: u = g ln 2 (2^64 scale, below 2^51.5); T = T1 (1 + d) (2^63 scale).
    let u = ((g as u128 * c.ln2_51 as u128) >> 51) as u64;
    let tab = c.t1[i1] + ((c.t1[i1] as u128 * c.d2[i2] as u128) >> 63) as u64;
    // Stage 8: u^2 from u's top 40 bits (2^64 scale, below 2^39).
    let uh = u >> 12;
    let u2 = ((uh as u128 * uh as u128) >> 40) as u64;
    // Stage 9: the bracket q = 1/2 + u/6 + u^2/24 at 2^40.
    let q = (1u64 << 39) + (((u >> 24) * c.r6) >> 28) + (((u2 >> 24) * c.r24) >> 28);
    // Stage 10: p = u + u^2 q (= e^u - 1, 2^64 scale).
    let pe = u + ((u2 as u128 * q as u128) >> 40) as u64;
    // Stages 11-12: r = T + T p (2^63 scale), held below 2.
    let tp = (((tab >> 12) as u128 * (pe >> 1) as u128) >> 51) as u64;
    (k, (tab as u128 + tp as u128).min(u64::MAX as u128) as u64)
}

/// Below this biased exponent |x| < 2^-54: expm1(x) rounds to x.
pub const EXM1_TINY: u32 = 969;
/// Below this biased exponent |x| < 2^-7: expm1 takes its polynomial path.
pub const EXM1_SMALL: u32 = 1016;

/// 1/2, 1/6, 1/24, 1/120, 1/720, 1/5040 at 2^64 (expm1's small-argument polynomial).
pub fn expm1_coefs() -> [u64; 6] {
    let one = BigInt::one() << P;
    let mut f = BigInt::one();
    std::array::from_fn(|i| {
        f *= BigInt::from(i as u32 + 2);
        to_u128(&fixed(&(&one / &f), 64)) as u64
    })
}

/// e^x - 1 for binary64 x, as hls_fp_exp64 with KIND 3 computes it: within 3 ulp (OpenCL's
/// bound). Two paths, because e^x - 1 cancels near x = 0:
///
/// - |x| >= 2^-7: the exponential's stages give 2^k r (r in [1, 2) at 2^63, within about
///   2^-60.4 of e^x relative), then 2^k r - 1 exactly in fixed point: for k >= 0, r -
///   2^-k (nothing when k > 63: 2^-k is below r's error), for k < 0 (x < 0) 1 - 2^k r at
///   2^-118; normalised and rounded once. The result is at least 2^-7.2 in magnitude, so
///   r's error is at most 2^-53.2 of it: under 0.9 ulp with the rounding. For k <= -55
///   (x below about -38) e^x < 2^-54 and the result rounds to -1.
/// - |x| < 2^-7: e^x - 1 = x (1 + x q), q = 1/2 + x/6 + x^2/24 + x^3/120 + x^4/720 +
///   x^5/5040 by Horner at 2^-64 (the next term, x^7/8!, is below 2^-64 of x); then the
///   significand times 1 + x q (53 x 66 bits): within about 2^-63 of the result, 0.51 ulp.
///   Below 2^-54 the result rounds to x itself.
pub fn expm1(x: u64) -> u64 {
    const MINUS_ONE: u64 = 0xBFF0_0000_0000_0000;
    let neg = x >> 63 == 1;
    let ex = (x >> 52 & 0x7FF) as u32;
    if ex == 0x7FF {
        return if x & ((1 << 52) - 1) != 0 {
            QNAN
        } else if neg {
            MINUS_ONE
        } else {
            PINF
        };
    }
    if ex >= EX_BIG {
        return if neg { MINUS_ONE } else { PINF };
    }
    if ex < EXM1_TINY {
        return x;
    }
    let m = (1u64 << 52) | (x & ((1 << 52) - 1));
    if ex < EXM1_SMALL {
        return poly_small(neg, ex, m, &expm1_coefs().map(|c| c as i128), &EXPM1_TRIM);
    }
    let p = m as u128 * consts().scale[1];
    let t_mag = (p >> (1083 - ex)) as i128;
    let (k, r) = exp_kr(if neg { -t_mag } else { t_mag });
    // The magnitude as {value, weight of its bit 0 relative to 2^0}.
    let (v, w): (u128, i32) = if neg {
        if k <= -55 {
            return MINUS_ONE;
        }
        ((1u128 << 118) - ((r as u128) << (55 + k)), -118)
    } else {
        let one = if k <= 63 { 1u128 << (63 - k) } else { 0 };
        (r as u128 - one, k - 63)
    };
    pack_normalised(neg, v, w)
}

/// How far expm1's Horner step i (h_i = c_i + x h_(i+1)) shifts x and h_(i+1) (both at
/// 2^-64) right before their product: h_i then needs 2^-(58 - 7 i) (|x| < 2^-7, so its
/// error reaches q times x^i and x q times x), and x's truncation costs 2^(sx - 64) |h|,
/// h's |x| 2^(sh - 64); so the products are 52 x 51 bits down to 14 x 13.
pub const EXPM1_TRIM: [(u32, u32); 5] = [(6, 11), (15, 18), (24, 25), (34, 32), (44, 39)];

/// (a >> sa) (b >> sb) back at a b's scale 2^-64 (shifted right or, for wide trims, left).
pub fn trimmed_product(a: i128, b: i128, (sa, sb): (u32, u32)) -> i128 {
    let p = (a >> sa) * (b >> sb);
    if sa + sb <= 64 {
        p >> (64 - sa - sb)
    } else {
        p << (sa + sb - 64)
    }
}

/// The small-argument path of `expm1` and `flog64::log1p` (|x| in [2^-54, 2^-7) and [2^-54,
/// 2^-13), m its significand): x (1 + x q), q by Horner from the coefficients `c` at 2^64
/// (constant term first), at 2^-64 throughout, each step's product from x and h shifted
/// right by `trim` (`EXPM1_TRIM`); x q from both whole; then the significand times 1 + x q.
pub fn poly_small(neg: bool, ex: u32, m: u64, c: &[i128], trim: &[(u32, u32)]) -> u64 {
    // x at 2^-64, signed: m 2^(ex - 1075) 2^64.
    let mag = if ex >= 1011 {
        (m as i128) << (ex - 1011)
    } else {
        (m >> (1011 - ex)) as i128
    };
    let xs = if neg { -mag } else { mag };
    let (last, rest) = c.split_last().expect("coefficients");
    let mut h = *last;
    for (i, &ci) in rest.iter().enumerate().rev() {
        h = ci + trimmed_product(xs, h, trim[i]);
    }
    // 1 + x q at 2^64, then the significand times it (below 2^118).
    let s = (1i128 << 64) + ((xs * h) >> 64);
    let prod = m as u128 * s as u128;
    pack_normalised(neg, prod, ex as i32 - 1075 - 64)
}

/// Round to nearest even and pack ±v 2^w (v > 0): a normal double, past the largest
/// infinite, below the smallest normal a subnormal or zero (hls_fp_pack64 with SUB; the
/// exponential's tails and the hyperbolic functions never get there and build without it).
pub fn pack_normalised(neg: bool, v: u128, w: i32) -> u64 {
    let lead = 127 - v.leading_zeros() as i32;
    // {hidden bit, 52 fraction bits, guard, round} and the sticky bit below them.
    let top = if lead >= 55 {
        (v >> (lead - 55)) as u64 | u64::from(v & ((1u128 << (lead - 55)) - 1) != 0)
    } else {
        (v << (55 - lead)) as u64
    };
    let e = lead + w + 1023;
    let sign = u64::from(neg) << 63;
    if e >= 2047 {
        return sign | PINF;
    }
    if e <= 0 {
        // Subnormal: the significand 1 - e places right, what falls off into the sticky bit.
        let sh = (1 - e) as u32;
        let f = if sh >= 56 {
            u64::from(top != 0)
        } else {
            top >> sh | u64::from(top & ((1 << sh) - 1) != 0)
        };
        return sign | round_word64(0, f);
    }
    sign | round_word64(e as u64, top & ((1 << 55) - 1))
}

/// The constants and the tables for hls_fp_exp64, as SystemVerilog for the math package.
pub fn generated() -> String {
    let c = consts();
    let mut s = String::from(
        "    // hls_fp_exp64 (rtl-gen/src/fexp64.rs): log2 of the base at 2^72 (kind 0: 2, 1: e,\n    \
         // 2: 10); ln 2 at 2^51; 2^28 / 6 and 2^28 / 24; 2^(i/64) and 2^(j/4096) - 1 at 2^63.\n    \
         function automatic logic [73:0] exp64_scale(input logic [1:0] kind);\n        case (kind)\n",
    );
    for (kind, v) in c.scale.iter().enumerate() {
        s += &format!("            2'd{kind}: return 74'h{v:019X};\n");
    }
    s += "            default: return 74'h0;\n        endcase\n    endfunction\n";
    s += &format!(
        "    localparam logic [50:0] EXP64_LN2 = 51'h{:013X};\n",
        c.ln2_51
    );
    s += &format!("    localparam logic [25:0] EXP64_R6 = 26'h{:07X};\n", c.r6);
    s += &format!(
        "    localparam logic [23:0] EXP64_R24 = 24'h{:06X};\n",
        c.r24
    );
    for (name, tab, bits) in [("exp64_t1", &c.t1, 64), ("exp64_d2", &c.d2, 57)] {
        s += &format!(
            "    function automatic logic [{}:0] {name}(input logic [5:0] i);\n        case (i)\n",
            bits - 1
        );
        for (i, v) in tab.iter().enumerate() {
            s += &format!("            6'd{i}: return {bits}'h{v:016X};\n");
        }
        s += &format!("            default: return {bits}'h0;\n        endcase\n    endfunction\n");
    }
    s += "    // expm1's small-argument polynomial (KIND 3): 1/2, 1/6, ..., 1/5040 at 2^64.\n";
    for (i, v) in expm1_coefs().iter().enumerate() {
        s += &format!("    localparam logic [63:0] EXPM1_C{i} = 64'h{v:016X};\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulp::ulps64 as ulps;
    use rug::Float;

    fn exact(x: f64, kind: u32) -> Float {
        let x = Float::with_val(192, x);
        match kind {
            1 => x.exp(),
            2 => x.exp10(),
            _ => x.exp2(),
        }
    }

    /// One double in 2^40 + 1 or so across the computed range (|x| in [2^-60, 2048)), both
    /// signs, each base: within 0.51 ulp of MPFR's value, and exactly MPFR's correctly
    /// rounded result for all but a few.
    #[test]
    fn within_0_51_ulp_over_the_computed_range() {
        for kind in 0..3 {
            let mut worst = 0f64;
            let mut x = (EX_ONE as u64) << 52;
            let step = 0x0000_1234_5678_9ABBu64 / 8;
            while x < (EX_BIG as u64) << 52 {
                for s in [0, 1u64 << 63] {
                    let e = ulps(exp(x | s, kind), &exact(f64::from_bits(x | s), kind));
                    assert!(e < 0.51, "kind {kind}, x {:#x}: {e} ulp", x | s);
                    worst = worst.max(e);
                }
                x += step;
            }
            eprintln!("kind {kind}: max {worst:.4} ulp");
        }
    }

    #[test]
    fn special_values() {
        assert_eq!(exp(PINF, 1), PINF);
        assert_eq!(exp(PINF | 1 << 63, 1), 0);
        assert_eq!(exp(QNAN | 5, 1), QNAN);
        assert_eq!(exp(0, 1), ONE);
        assert_eq!(exp(1 << 63 | 1, 2), ONE);
        // Exact powers of two: 2^-1074 (the smallest subnormal), 2^1023, and 8.
        assert_eq!(exp2(-1074.0), 1);
        assert_eq!(exp2(1023.0), 2046 << 52);
        assert_eq!(exp2(1024.0), PINF);
        assert_eq!(exp2(3.0), 8f64.to_bits());
        assert_eq!(exp2(-1075.0), 0);
        assert_eq!(f64::from_bits(exp(1f64.to_bits(), 1)), std::f64::consts::E);
        assert_eq!(f64::from_bits(exp(2f64.to_bits(), 2)), 100.0);
    }

    /// expm1 over its whole finite range, both signs, denser near the two paths' border
    /// and near zero: within 1 ulp of MPFR (OpenCL allows 3).
    #[test]
    fn expm1_within_1_ulp() {
        let mut worst = [0f64; 2];
        let mut check = |x: u64| {
            let got = expm1(x);
            let want = Float::with_val(192, f64::from_bits(x)).exp_m1();
            let e = ulps(got, &want);
            let path = usize::from((x >> 52 & 0x7FF) as u32 >= EXM1_SMALL);
            assert!(e < 1.0, "x {x:#x} ({}): {e} ulp", f64::from_bits(x));
            worst[path] = worst[path].max(e);
        };
        let mut x = 900u64 << 52;
        while x < (EX_BIG as u64) << 52 {
            for s in [0, 1u64 << 63] {
                check(x | s);
            }
            x += 0x0000_0123_4567_89ABu64;
        }
        for e in 1005u64..1030 {
            for i in 0..20_000u64 {
                let x = e << 52 | (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 12);
                check(x);
                check(x | 1 << 63);
            }
        }
        eprintln!(
            "expm1: small path max {:.4} ulp, main path {:.4}",
            worst[0], worst[1]
        );
    }

    #[test]
    fn expm1_special_values() {
        assert_eq!(expm1(PINF), PINF);
        assert_eq!(expm1(PINF | 1 << 63), 0xBFF0_0000_0000_0000);
        assert_eq!(expm1(QNAN | 5), QNAN);
        assert_eq!(expm1(0), 0);
        assert_eq!(expm1(1 << 63), 1 << 63);
        assert_eq!(expm1(1), 1);
        assert_eq!(expm1((-50f64).to_bits()), (-1f64).to_bits());
        assert_eq!(expm1((710f64).to_bits()), PINF);
        assert_eq!(expm1((709.7f64).to_bits()), (709.7f64).exp_m1().to_bits());
    }

    fn exp2(x: f64) -> u64 {
        exp(x.to_bits(), 0)
    }
}
