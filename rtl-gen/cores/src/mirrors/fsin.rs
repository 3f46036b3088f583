//! The staged float sine, cosine and tangent (sin, cos, tan of binary32), as integers:
//! `rtl-gen/cores/sv/hls_fp_sin.sv` computes exactly this, stage by stage, and the software model
//! calls `sin_cos` and `tan` here, so the RTL and the model agree bit for bit. (tan: the
//! same reduction and both polynomials, then sin|r| / cos|r| — cos / sin in an odd
//! quadrant — as one fixed-point division, rounded once: within 0.54 ulp, OpenCL allows 5.)
//!
//! - Special values: NaN and infinities give NaN; below 2^-12 sin x = x and cos x = 1
//!   (x^3/6 is under a quarter of an ulp of x; 1 - x^2/2 rounds to 1).
//! - Payne-Hanek reduction for every other x = M 2^(ex - 150): v = x 2/pi mod 4 with 86
//!   fraction bits, as M times an 88-bit window of 2/pi read from a ROM by the exponent (the
//!   bits above the window only add multiples of 4; the truncated ones cost less than M
//!   units of 2^-86, so 2^-62). Over all floats |v - round(v)| stays at or above 2^-30
//!   (`reduction_never_comes_closer_than_2_pow_30`: the closest is x = 10741887 2^11), so
//!   the reduced argument r' keeps a relative error under 2^-32.
//! - The quadrant q = round(v) mod 4 and |r'| = |v - round(v)| <= 1/2, folded with a one's
//!   complement (2^-85, far below the window's error).
//! - sin(r' pi/2) = r' S(u) and cos(r' pi/2) = C(u) for u = r'^2 <= 1/4, the Taylor series
//!   of sin and cos in r' with pi/2's powers folded into the coefficients (so no product by
//!   pi/2): S = sum (-1)^j (pi/2)^(2j+1)/(2j+1)! u^j, C = sum (-1)^j (pi/2)^(2j)/(2j)! u^j,
//!   j <= 5 (the next terms below 2^-33 of the result). One Horner chain evaluates either,
//!   its six coefficients chosen by the quadrant; every partial sum is positive.
//! - u needs only absolute precision: it is the square of r' in fixed point (30 bits at
//!   2^-31), computed beside the normalisation of r' (its leading one found within 30
//!   bits, 30 significant bits kept).
//! - Each Horner product is only as wide as its error, scaled by u^j at the end, allows:
//!   17 x 17, 17 x 22, 22 x 26, 28 x 27, 30 x 30; the last product rm S (30 x 33) for the
//!   sine, 2^30 C for the cosine. The total error before the one rounding stays near 2^-29
//!   of the result: over every float from 2^-12 up (`within_0_53_ulp_over_every_float` with
//!   a stride of 1) sin 0.5246 ulp and cos 0.5244 ulp at most, where OpenCL allows 4.

use crate::math::round_pack32;
use num_bigint::BigInt;

const QNAN: u32 = 0x7FC0_0000;
const ONE: u32 = 0x3F80_0000;
/// Below this biased exponent (|x| < 2^-12) sin x = x and cos x = 1.
pub const EX_TINY: u32 = 115;
/// Bits of the window of 2/pi (v = M w mod 2^88, 86 fraction bits).
pub const L: u32 = 88;
const MASK_L: u128 = (1 << L) - 1;

/// The window of 2/pi for the biased exponent `ex` (115..=254): floor(2/pi 2^(ex - 64))
/// mod 2^88, so that M w = v 2^86.
pub fn window(ex: u32) -> u128 {
    static ROM: std::sync::OnceLock<Vec<u128>> = std::sync::OnceLock::new();
    let rom = ROM.get_or_init(|| {
        let g: BigInt = crate::math::two_over_pi_256() << 64u32; // 2/pi 2^320
        (0..256u32)
            .map(|e| {
                if (EX_TINY..255).contains(&e) {
                    let w: BigInt = (&g >> (384 - e)) & BigInt::from(MASK_L);
                    crate::math::to_u128(&w)
                } else {
                    0
                }
            })
            .collect()
    });
    rom[ex as usize & 0xFF]
}

/// The Horner coefficients at 2^-32 (rounded): the sine's (pi/2)^(2j+1)/(2j+1)! and the
/// cosine's (pi/2)^(2j)/(2j)!, j = 0..5, with alternating signs left to the chain.
pub fn coeffs(cos: bool) -> [u64; 6] {
    let h = std::f64::consts::FRAC_PI_2;
    std::array::from_fn(|j| {
        let k = if cos { 2 * j } else { 2 * j + 1 } as i32;
        let fact: f64 = (1..=k).map(f64::from).product();
        (h.powi(k) / fact * 2f64.powi(32)).round() as u64
    })
}

/// The reduction of a finite x with |x| >= 2^-12 (hls_fp_sin_reduce): whether sin|r| or
/// cos|r| is wanted (odd: for tan, -cot), the result's sign, |r'| = rm 2^(-31 - lz) with rm's
/// leading one at bit 29, and u = r'^2 at 2^-32.
pub struct Reduced {
    pub odd: bool,
    pub sign: bool,
    pub lz: u32,
    pub rm: u64,
    pub u: u64,
}

/// Which function the reduction serves (the cores' KIND).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trig {
    Sin = 0,
    Cos = 1,
    Tan = 2,
}

/// hls_fp_sin_reduce (stages 1-8).
pub fn reduce(x: u32, kind: Trig) -> Reduced {
    let ex = x >> 23 & 0xFF;
    // Stages 1-2: the window read by the exponent (registered twice).
    let m = (1u128 << 23) | (x & 0x7F_FFFF) as u128;
    let w = window(ex);
    // Stages 3-5: v 2^86 = M w mod 2^88 (six partial products of 17-bit slices of w, their
    // sums in two stages).
    let p = (m * w) & MASK_L;
    // Stage 6: the quadrant, and |r'| by a one's complement; n (plus one for the cosine)
    // picks sin or cos, and the sign.
    let neg = p >> 85 & 1 == 1;
    let q = ((p >> 86) as u32 + neg as u32) & 3;
    let mag = (if neg { !p } else { p }) & ((1 << 85) - 1);
    let n = (q + (kind == Trig::Cos) as u32) & 3;
    let odd = n & 1 == 1;
    let xs = x >> 31 == 1;
    let sign = if kind == Trig::Tan {
        (if odd { !neg } else { neg }) ^ xs
    } else {
        (n >> 1 == 1) ^ (!odd && neg) ^ (kind == Trig::Sin && xs)
    };
    // Stage 7: r' in fixed point (30 bits at 2^-31) squared as two partial products; the
    // leading zeros of r' (at most 29: |r'| >= 2^-30).
    let rf = (mag >> 55) as u64;
    let lz = (rf.leading_zeros() - 34).min(29);
    // Stage 8: u = r'^2 at 2^-32; rm = r' normalised, 30 bits (leading one at 29).
    Reduced {
        odd,
        sign,
        lz,
        rm: ((mag << lz) >> 55) as u64 & ((1 << 30) - 1),
        u: ((rf as u128 * rf as u128) >> 30) as u64,
    }
}

/// hls_fp_sin_poly (stages 9-18): S(u) (`cos` false) or C(u) at 2^-32, by Horner, a product
/// stage and a difference stage a step.
pub fn poly(u: u64, cos: bool) -> u64 {
    let k = coeffs(cos);
    let p4 = k[4] - (((u >> 13) * k[5]) >> 19);
    let p3 = k[3] - (((u >> 13) * p4) >> 19);
    let p2 = k[2] - (((u >> 8) * (p3 >> 1)) >> 23);
    let p1 = k[1] - (((u >> 2) * (p2 >> 4)) >> 26);
    k[0] - ((u * (p1 >> 3)) >> 29)
}

/// sin x (`cos` false) or cos x, as hls_fp_sin computes it.
pub fn sin_cos(x: u32, cos: bool) -> u32 {
    let ex = x >> 23 & 0xFF;
    // Stage 1: special values.
    if ex == 0xFF {
        return QNAN;
    }
    if ex < EX_TINY {
        return if cos { ONE } else { x };
    }
    let r = reduce(x, if cos { Trig::Cos } else { Trig::Sin });
    let (odd, rm, lz) = (r.odd, r.rm, r.lz);
    let p0 = poly(r.u, odd);
    // Stages 19-20: y = rm S (sine) or 2^30 C (cosine), leading one at 61 or 62.
    let y = if odd {
        (p0 as u128) << 30
    } else {
        rm as u128 * p0 as u128
    };
    // Stage 21: round and pack. sin|r| = y 2^(-63 - lz), cos|r| = y 2^-62: the biased
    // exponent of the leading one, {24 bits, guard, round} and the sticky bit.
    let top = (y >> 62 & 1) as u32;
    let e = if odd { 126 } else { 125 - lz as i32 } + top as i32;
    let f = (y >> (36 + top)) as u32;
    let sticky = y & ((1u128 << (36 + top)) - 1) != 0;
    round_pack32(r.sign, e, f << 1 | sticky as u32)
}

/// Quotient bits of the tangent's division (hls_fx_div's Q).
pub const TAN_Q: u32 = 36;

/// tan x, as hls_fp_tan computes it: the reduction, both Horner chains, sin|r| / cos|r| (or
/// cos|r| / sin|r| in an odd quadrant) as one fixed-point division of their 33- and 34-bit
/// tops, rounded once.
pub fn tan(x: u32) -> u32 {
    let ex = x >> 23 & 0xFF;
    // Stage 1: special values (below 2^-12 tan x = x: x^3/3 is under a quarter of an ulp).
    if ex == 0xFF {
        return QNAN;
    }
    if ex < EX_TINY {
        return x;
    }
    let r = reduce(x, Trig::Tan);
    // Stages 9-18: S and C side by side.
    let (ps, pc) = (poly(r.u, false), poly(r.u, true));
    // Stages 19-20: sin|r| = ys 2^(-63 - lz), cos|r| = yc 2^-62 (leading ones at 61 or 62);
    // the dividend's top 33 bits and the divisor's top 34 (so a / b < 1.1).
    let ys = r.rm as u128 * ps as u128;
    let yc = (pc as u128) << 30;
    let (num, den) = if r.odd { (yc, ys) } else { (ys, yc) };
    let (a, b) = ((num >> 30) as u64, (den >> 29) as u64);
    // Stages 21-38: q = floor(a 2^35 / b), its leading one at 32 to 34.
    let q = ((a as u128) << (TAN_Q - 1)) / b as u128;
    // Stage 39: tan|r| = q 2^(-35 - lz), cot|r| = q 2^(-33 + lz); rounded and packed.
    let lead = 127 - q.leading_zeros();
    let scale = if r.odd {
        2 + r.lz as i32
    } else {
        -(r.lz as i32)
    };
    let e = 127 + lead as i32 - (TAN_Q as i32 - 1) + scale;
    let f = (q >> (lead - 25)) as u32;
    let sticky = q & ((1 << (lead - 25)) - 1) != 0;
    round_pack32(r.sign, e, f << 1 | sticky as u32)
}

/// The window ROM and the coefficients for hls_fp_sin, as SystemVerilog for the math
/// package.
pub fn generated() -> String {
    let mut s = String::from(
        "    // hls_fp_sin (rtl-gen/src/fsin.rs): the 88-bit window of 2/pi by exponent,\n    \
         // floor(2/pi 2^(ex - 64)) mod 2^88; the Horner coefficients at 2^-32.\n    \
         function automatic logic [87:0] sin_win(input logic [7:0] ex);\n        case (ex)\n",
    );
    for ex in EX_TINY..255 {
        s += &format!("            8'd{ex}: return 88'h{:022X};\n", window(ex));
    }
    s += "            default: return 88'h0;\n        endcase\n    endfunction\n";
    for (name, cos) in [("SIN_S", false), ("SIN_C", true)] {
        let k = coeffs(cos);
        s += &format!("    localparam logic [32:0] {name} [6] = '{{");
        s += &k
            .iter()
            .map(|c| format!("33'h{c:09X}"))
            .collect::<Vec<_>>()
            .join(", ");
        s += "};\n";
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulp::ulps32 as ulps;

    /// The reduction's premise, over every float it sees: |v - round(v)| >= 2^-30, so the
    /// leading one of |r'| lies within the 30 bits the normalisation searches.
    #[test]
    fn reduction_never_comes_closer_than_2_pow_30() {
        let mut worst = (0u32, 0u32);
        for ex in EX_TINY..255 {
            let w = window(ex);
            for m in (1u128 << 23)..(1 << 24) {
                let p = (m * w) & MASK_L;
                let mag = if p >> 85 & 1 == 1 { !p } else { p } & ((1 << 85) - 1);
                let lz = 84 - (127 - mag.leading_zeros());
                if lz > worst.0 {
                    worst = (lz, (ex << 23) | (m as u32 & 0x7F_FFFF));
                }
            }
        }
        eprintln!(
            "most leading zeros below 2^-2: {} at {:#010x}",
            worst.0, worst.1
        );
        assert_eq!(worst, (28, (161 << 23) | (10741887 & 0x7F_FFFF)));
    }

    /// The largest error of `f` against the double function `want` over every float from
    /// 2^-12 up, one in 61, both signs, and where it occurs.
    fn worst(f: impl Fn(u32) -> u32, want: fn(f64) -> f64) -> (f64, u32) {
        let mut worst = (0f64, 0u32);
        let mut x = EX_TINY << 23;
        while x < 0x7F80_0000 {
            for sx in [x, x | 1 << 31] {
                let e = ulps(f(sx), want(f32::from_bits(sx) as f64));
                if e > worst.0 {
                    worst = (e, sx);
                }
            }
            x += 61;
        }
        worst
    }

    /// sin and cos over every float from 2^-12 up (one in 61): within 0.53 ulp of the
    /// double result; the measured maximum is printed.
    #[test]
    fn within_0_53_ulp_over_every_float() {
        for (cos, want) in [(false, f64::sin as fn(f64) -> f64), (true, f64::cos)] {
            let w = worst(|x| sin_cos(x, cos), want);
            eprintln!("cos {cos}: max {:.4} ulp at {:#010x}", w.0, w.1);
            assert!(w.0 < 0.53, "cos {cos}: {w:?}");
        }
    }

    /// tan the same way: within 0.56 ulp.
    #[test]
    fn tan_within_0_56_ulp() {
        let w = worst(tan, f64::tan);
        eprintln!("tan: max {:.4} ulp at {:#010x}", w.0, w.1);
        assert!(w.0 < 0.56, "{w:?}");
    }

    #[test]
    fn special_values() {
        for cos in [false, true] {
            assert_eq!(sin_cos(0x7F80_0000, cos), QNAN);
            assert_eq!(sin_cos(0xFF80_0000, cos), QNAN);
            assert_eq!(sin_cos(0x7FC0_0001, cos), QNAN);
        }
        assert_eq!(sin_cos(0x8000_0000, false), 0x8000_0000);
        assert_eq!(sin_cos(0x8000_0001, false), 0x8000_0001);
        assert_eq!(sin_cos(0x8000_0001, true), ONE);
        assert_eq!(sin_cos(0, true), ONE);
        // sin(pi/2 as a float) rounds to 1; cos(pi) to -1.
        assert_eq!(sin_cos(std::f32::consts::FRAC_PI_2.to_bits(), false), ONE);
        assert_eq!(sin_cos(std::f32::consts::PI.to_bits(), true), 0xBF80_0000);
        assert_eq!(tan(0x7F80_0000), QNAN);
        assert_eq!(tan(0x8000_0001), 0x8000_0001);
        assert_eq!(tan(std::f32::consts::FRAC_PI_4.to_bits()), ONE);
        assert_eq!(tan((-std::f32::consts::FRAC_PI_4).to_bits()), 0xBF80_0000);
    }
}
