//! The staged double exponential (exp, exp2, exp10 of binary64), as integers:
//! `rtl-gen/sv/hls_fp_exp64.sv` computes exactly this, stage by stage, and the software
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
    let r = (tab as u128 + tp as u128).min(u64::MAX as u128) as u64;
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
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use rug::{ops::Pow, Float};

    /// Error in double ulps of `got` against the exact value (MPFR, 192 bits).
    fn ulps(got: u64, want: &Float) -> f64 {
        let g = f64::from_bits(got);
        if want.to_f64() == g {
            return 0.0;
        }
        if g.is_infinite() || want.is_infinite() {
            return f64::INFINITY;
        }
        let e = want
            .clone()
            .abs()
            .to_f64()
            .max(f64::MIN_POSITIVE)
            .log2()
            .floor() as i32;
        let diff = Float::with_val(192, g) - want;
        (diff.abs() / Float::with_val(192, 2).pow(e - 52)).to_f64()
    }

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

    fn exp2(x: f64) -> u64 {
        exp(x.to_bits(), 0)
    }
}
