//! The staged double sine and cosine (sin, cos of binary64), as integers:
//! `rtl-gen/cores/sv/hls_fp_sin64.sv` computes exactly this, stage by stage, and the software
//! model calls `sin` and `cos` here, so the RTL and the model agree bit for bit.
//!
//! - Special values: NaN and infinities give NaN; below 2^-27 sin x = x and cos x = 1 (the
//!   next term is below a quarter of an ulp).
//! - Payne-Hanek reduction for every other x = M 2^(E-52): v = x 2/pi mod 4 to 2^-128. Only
//!   a 183-bit window of 2/pi matters (the bits above make multiples of 4, the bits below
//!   less than 2^-128); it comes from a ROM of 256-bit words of 2/pi's first 1280 bits by
//!   E (a word, then a shift below 64), and v is M times it, modulo 2^183, shifted. The
//!   quadrant q = round(v) mod 4 and r' = v - round(v), |r'| <= 1/2. Over all doubles |r'|
//!   stays above 2^-62 (the closest a double comes to a multiple of pi/2), so r' keeps at
//!   least 66 significant bits.
//! - r = r' pi/2 normalised: a 64-bit significand (r' truncated to 64 bits, times pi/2 to
//!   64 bits) and an exponent.
//! - |r| = a + b, a = i/128 the nearest (i <= 101), |b| <= 2^-8; sin a and cos a from a
//!   table (2^-72), u = b^2, sin b = b (1 - s') with s' = u (1/6 - u (1/120 - u/5040)) and
//!   cos b = 1 - c' with c' = u (1/2 - u (1/24 - u/720)) (the next terms below 2^-81), each
//!   Horner product only as wide as its error allows: s' only needs 2^-66 of itself (it
//!   scales b), c' 2^-72 absolute.
//! - The quadrant picks sin|r| or cos|r| (and the sign): sin|r| = sin a cos b + cos a sin
//!   b, cos|r| = cos a cos b - sin a sin b, two products on a 2^-72 grid, at least 2^-8.1
//!   (sin) or 0.7 (cos). For a = 0, sin|r| = b S(u) keeps b's relative precision, however
//!   small r is.
//!
//! Every step's error is below 2^-63 of the result, so the result is within 0.51 ulp (the
//! sweep below measures it against MPFR); OpenCL allows 4.

use crate::math::to_u128;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

const QNAN: u64 = 0x7FF8_0000_0000_0000;
const ONE: u64 = 0x3FF0_0000_0000_0000;
/// Below this biased exponent (|x| < 2^-27) sin x = x and cos x = 1 (x^3/6 and x^2/2 are
/// below a quarter of an ulp).
pub const EX_TINY: u32 = 996;
/// Bits of 2/pi kept (G = floor(2/pi 2^NB)).
const NB: u32 = 1280;
/// The window of 2/pi: L bits from p0 = NB - 1 - F - E, F = 128 fraction bits of v.
const L: u32 = 183;
const F: u32 = 128;
/// ROM words: 256 bits each, word k holding G's bits [64 k, 64 k + 256).
pub const WORDS: usize = 19;
/// The table: sin(i/128) and cos(i/128) for i <= 101 (a < pi/4 + 2^-8).
pub const ENTRIES: usize = 102;

/// sin y and cos y * 2^prec for y * 2^prec, |y| < 1 (Taylor series).
fn sin_cos_big(y: &BigInt, prec: u32) -> (BigInt, BigInt) {
    let one = BigInt::one() << prec;
    let (mut s, mut c) = (BigInt::zero(), BigInt::zero());
    let mut term = one.clone(); // y^k / k!
    let mut k = 0u32;
    while !term.is_zero() {
        match k % 4 {
            0 => c += &term,
            1 => s += &term,
            2 => c -= &term,
            _ => s -= &term,
        }
        k += 1;
        term = ((term * y) >> prec) / BigInt::from(k);
    }
    (s, c)
}

pub struct Consts {
    /// The ROM: word k = G's bits [64 k, 64 k + 256).
    pub rom: Vec<BigInt>,
    /// pi/2 at 2^-63 (64 bits, leading one at 63).
    pub pi_2: u64,
    /// sin(i/128), cos(i/128) at 2^-72.
    pub sin_a: [u128; ENTRIES],
    pub cos_a: [u128; ENTRIES],
    /// Horner's coefficients: 1/6 (2^-56), 1/120 and 1/5040 (2^-40); 1/2 (2^-60), 1/24 and
    /// 1/720 (2^-44).
    pub horner: [u128; 6],
}

pub fn consts() -> &'static Consts {
    static C: std::sync::OnceLock<Consts> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let prec = NB + 160;
        let pi = crate::math::pi_scaled(prec as u64);
        let g: BigInt = (BigInt::one() << (prec + NB + 1)) / &pi; // 2/pi 2^NB
        let mask256 = (BigInt::one() << 256u32) - 1;
        let round = |v: &BigInt, from: u32, to: u32| -> u128 {
            to_u128(&((v + (BigInt::one() << (from - to - 1))) >> (from - to)))
        };
        let p = 200u32;
        let ones = |d: u32, to: u32| round(&((BigInt::one() << p) / BigInt::from(d)), p, to);
        let trig: Vec<(BigInt, BigInt)> = (0..ENTRIES)
            .map(|i| sin_cos_big(&(BigInt::from(i) << (p - 7)), p))
            .collect();
        Consts {
            rom: (0..WORDS).map(|k| (&g >> (64 * k)) & &mask256).collect(),
            pi_2: round(&pi, prec + 1, 63) as u64,
            sin_a: std::array::from_fn(|i| round(&trig[i].0, p, 72)),
            cos_a: std::array::from_fn(|i| round(&trig[i].1, p, 72)),
            horner: [
                ones(6, 56),
                ones(120, 40),
                ones(5040, 40),
                ones(2, 60),
                ones(24, 44),
                ones(720, 44),
            ],
        }
    })
}

/// Round to nearest even and pack a positive normal result: `e` the unbiased exponent, `f`
/// the significand with its leading one at bit 63 and a sticky bit below (64 bits kept).
fn round_pack(neg: bool, e: i32, f: u64, sticky: bool) -> u64 {
    // 52 fraction bits, guard, round, sticky: f's bits 62..11, 10, 9, rest.
    let g = f >> 10 & 1;
    let rest = f & 0x3FF != 0 || sticky;
    let lsb = f >> 11 & 1;
    let up = g == 1 && (rest || lsb == 1);
    let word = (((e + 1023) as u64) << 52 | (f >> 11 & ((1 << 52) - 1))) + u64::from(up);
    (neg as u64) << 63 | word
}

/// A fixed-point value on a 2^-72 grid (positive, below 2^73): its leading one and the
/// rounded double (exponent from the leading one).
fn pack_fixed(neg: bool, v: u128) -> u64 {
    let lead = 127 - v.leading_zeros() as i32;
    let f = if lead >= 63 {
        (v >> (lead - 63)) as u64
    } else {
        (v << (63 - lead)) as u64
    };
    let sticky = lead > 63 && v & ((1u128 << (lead - 63)) - 1) != 0;
    round_pack(neg, lead - 72, f, sticky)
}

/// sin x (`cos` false) or cos x, as hls_fp_sin64 computes it.
pub fn sin_cos(x: u64, cos: bool) -> u64 {
    let c = consts();
    let ex = (x >> 52 & 0x7FF) as u32;
    let xs = x >> 63 == 1;
    // Stage 1: special values.
    if ex == 0x7FF {
        return QNAN;
    }
    if ex < EX_TINY {
        return if cos { ONE } else { x };
    }
    let m = (1u64 << 52) | (x & ((1 << 52) - 1));
    // Stages 2-3: the window of 2/pi (ROM word, then the shift).
    let p0 = NB - 1 - F + 1023 - ex; // NB - 1 - F - E
    let word = &c.rom[(p0 >> 6) as usize];
    let w: BigInt = (word >> (p0 & 63)) & ((BigInt::one() << L) - 1);
    // Stages 4-5: v = M W mod 2^183, then 2^-128 grid (2 integer bits).
    let prod: BigInt = (BigInt::from(m) * w) & ((BigInt::one() << L) - 1);
    let v: BigInt = prod >> 53u32;
    // Stage 6: the quadrant and r' = v - round(v) (signed, 2^-128 grid).
    let vr: BigInt = v + (BigInt::one() << (F - 1));
    let q = to_u128(&((&vr >> F) & BigInt::from(3))) as u32;
    let rp: BigInt = (vr & ((BigInt::one() << F) - 1)) - (BigInt::one() << (F - 1));
    let neg_r = rp.is_negative();
    let mr = to_u128(&rp.abs());
    // Stages 7-8: r' normalised to 64 bits (its leading one at 66 to 127).
    let lead = 127 - mr.leading_zeros() as i32;
    let rm = (mr >> (lead - 63)) as u64;
    // Stages 9-10: r = r' pi/2 = r_m 2^er, r_m's leading one at 63.
    let prod = rm as u128 * c.pi_2 as u128;
    let (r_m, er) = if prod >> 127 == 1 {
        ((prod >> 64) as u64, lead - 190)
    } else {
        ((prod >> 63) as u64, lead - 191)
    };
    // Stage 11: |r| on a 2^-72 grid; a = the nearest i/128; b = |r| - a (2^-72 grid).
    let sh = -(er + 64); // >= 0
    let r_fx: u128 = if sh >= 72 {
        0
    } else {
        ((r_m as u128) << 8) >> sh
    };
    let i = ((r_fx + (1 << 64)) >> 65) as usize;
    let b_fx = r_fx as i128 - ((i as i128) << 65);
    // Stage 12: b normalised (a = 0: b = r exactly).
    let (neg_b, bm, eb) = if i == 0 {
        (false, r_m, er)
    } else {
        let mb = b_fx.unsigned_abs();
        if mb == 0 {
            (false, 0, -200)
        } else {
            let lb = 127 - mb.leading_zeros() as i32; // <= 64
            let bm = if lb >= 63 {
                (mb >> (lb - 63)) as u64
            } else {
                (mb << (63 - lb)) as u64
            };
            (b_fx < 0, bm, lb - 63 - 72)
        }
    };
    // Stages 13-14: u = b^2 on a 2^-72 grid from b's top 58 bits, squared as three
    // products of 29-bit halves (b^2 = bm58^2 2^(2 eb + 12)).
    let bm58 = bm >> 6;
    let (hi, lo) = ((bm58 >> 29) as u128, (bm58 & ((1 << 29) - 1)) as u128);
    let sq = (hi * hi << 58) + (hi * lo << 30) + lo * lo; // below 2^116
    let ush = -(2 * eb) - 84; // >= 60
    let u: u128 = if ush >= 116 { 0 } else { sq >> ush };
    // Stages 15-20: Horner, each product as narrow as its error allows (u < 2^-16):
    // s' = u (1/6 - u (1/120 - u/5040)) on 2^-68 (sin b = b (1 - s'), relative precision
    // is what counts), c' = u (1/2 - u (1/24 - u/720)) on 2^-72 (cos b = 1 - c').
    let k = &c.horner;
    let s_in = k[1] - (((u >> 44) * k[2]) >> 28); // 2^-40
    let s_mid = k[0] - (((u >> 23) * s_in) >> 33); // 2^-56
    let s_p = ((u >> 8) * s_mid) >> 52; // 2^-68
    let c_in = k[4] - (((u >> 36) * k[5]) >> 36); // 2^-44
    let c_mid = k[3] - (((u >> 16) * c_in) >> 40); // 2^-60
    let c_p = to_u128(&((BigInt::from(u) * BigInt::from(c_mid)) >> 60u32)); // 2^-72
                                                                            // Stages 21-22: sin b = b (1 - s'): bm 2^68 - (bm's top 47 bits) s' 2^17, 2^(eb - 68).
    let sbf = (BigInt::from(bm) << 68u32) - ((BigInt::from(bm >> 17) * BigInt::from(s_p)) << 17u32);
    // Which of sin|r| and cos|r| the quadrant asks for, and the result's sign.
    let want_sin = (q & 1 == 1) == cos;
    let neg = if cos {
        // cos: q 0 cos r, 1 -sin r, 2 -cos r, 3 sin r.
        (q == 1 || q == 2) != (want_sin && neg_r)
    } else {
        // sin: q 0 sin r, 1 cos r, 2 -sin r, 3 -cos r; odd in x.
        ((q >= 2) != (want_sin && neg_r)) != xs
    };
    if i == 0 && want_sin {
        // sin|r| = b (1 - s') (b = |r|), relative precision: normalise it.
        if bm == 0 {
            return (neg as u64) << 63;
        }
        let bits = sbf.bits() as i32; // 131 or 132
        let kept = to_u128(&(&sbf >> (bits - 64) as u32)) as u64;
        let sticky = sbf.trailing_zeros().is_some_and(|t| (t as i32) < bits - 64);
        return round_pack(neg, eb + bits - 1 - 68, kept, sticky);
    }
    // Stage 23: sin b on the 2^-72 grid (signed: sbf shifted right by -eb - 4).
    let sb_mag: u128 = if -eb - 4 >= 132 {
        0
    } else {
        to_u128(&(&sbf >> (-eb - 4) as u32))
    };
    let sb: i128 = if neg_b {
        -(sb_mag as i128)
    } else {
        sb_mag as i128
    };
    // Stages 24-25: sin|r| = sa cos b + ca sin b, cos|r| = ca cos b - sa sin b, with
    // x cos b = x - x c' (x's top 57 bits times c') and the sine term from x's top 65 bits.
    let (sa, ca) = (c.sin_a[i], c.cos_a[i]);
    let (x1, x2) = if want_sin { (sa, ca) } else { (ca, sa) };
    let p1 = x1 as i128 - (((x1 >> 16) * c_p) >> 56) as i128;
    let p2 = mul_shr((x2 >> 8) as i128, sb, 64);
    let val = if want_sin { p1 + p2 } else { p1 - p2 };
    pack_fixed(neg, val as u128)
}

/// tan x as hls_fp_tan64 computes it: the core's sine over its cosine, divided by the
/// correctly rounded double divider (a NaN is the quiet NaN).
pub fn tan(x: u64) -> u64 {
    let q = f64::from_bits(sin_cos(x, false)) / f64::from_bits(sin_cos(x, true));
    if q.is_nan() {
        QNAN
    } else {
        q.to_bits()
    }
}

/// (a b) >> sh, signed, floor (the wide products, through BigInt).
fn mul_shr(a: i128, b: i128, sh: u32) -> i128 {
    let p: BigInt = (BigInt::from(a) * BigInt::from(b)) >> sh;
    i128::try_from(&p).unwrap_or(0)
}

/// The ROM, tables and constants for hls_fp_sin64, as SystemVerilog for the math package.
pub fn generated() -> String {
    let c = consts();
    let mut s = String::from(
        "    // hls_fp_sin64 (rtl-gen/src/fsin64.rs): 2/pi's bits [64 k, 64 k + 256) (of\n    \
         // floor(2/pi 2^1280)); pi/2 at 2^-63; sin(i/128) and cos(i/128) at 2^-72; Horner's\n    \
         // 1/6 (2^-56), 1/120, 1/5040 (2^-40), 1/2 (2^-60), 1/24, 1/720 (2^-44).\n    \
         function automatic logic [255:0] sin64_two_over_pi(input logic [4:0] k);\n        case (k)\n",
    );
    for (k, w) in c.rom.iter().enumerate() {
        s += &format!("            5'd{k}: return 256'h{};\n", w.to_str_radix(16));
    }
    s += "            default: return 256'h0;\n        endcase\n    endfunction\n";
    s += &format!(
        "    localparam logic [63:0] SIN64_PI_2 = 64'h{:X};\n",
        c.pi_2
    );
    for (name, tab) in [("sin64_sin_a", &c.sin_a), ("sin64_cos_a", &c.cos_a)] {
        s += &format!(
            "    function automatic logic [72:0] {name}(input logic [6:0] i);\n        case (i)\n"
        );
        for (i, v) in tab.iter().enumerate() {
            s += &format!("            7'd{i}: return 73'h{v:X};\n");
        }
        s += "            default: return 73'h0;\n        endcase\n    endfunction\n";
    }
    for (name, v) in ["S1", "S2", "S3", "C1", "C2", "C3"].iter().zip(c.horner) {
        s += &format!("    localparam logic [63:0] SIN64_{name} = 64'h{v:X};\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::ulp::ulps64 as ulps;
    use rug::Float;

    /// Every exponent from 2^-26 to 2^1023, near multiples of pi/2 (including the closest
    /// a double comes, 6381956970095103 2^797), near the table's points: within 0.51 ulp of
    /// MPFR (2048-bit, so its own reduction is exact).
    #[test]
    fn within_half_an_ulp_and_a_little() {
        let mut r = Rng(0x1234_5678_9ABC_DEF1);
        let mut worst = [0f64; 2];
        let hard = [
            6381956970095103.0 * 2f64.powi(797),
            f64::from_bits(0x7506_AC5B_262C_A1FF),
            std::f64::consts::FRAC_PI_2,
            std::f64::consts::PI,
            1e22,
            std::f64::consts::FRAC_PI_4,
        ];
        let mut xs: Vec<f64> = hard.to_vec();
        for i in 0..40_000 {
            let u = r.next();
            let x = match i % 4 {
                0 => f64::from_bits(((u >> 12) % (2047 - 996) + 996) << 52 | (r.next() >> 12)),
                1 => {
                    let k = (u >> 20) % (1 << 30);
                    (k as f64 * std::f64::consts::FRAC_PI_2)
                        * (1.0 + ((u % 7) as f64 - 3.0) * 2f64.powi(-52))
                }
                2 => ((u >> 8) % 102) as f64 / 128.0 + ((u % 1001) as f64 - 500.0) * 2f64.powi(-60),
                _ => f64::from_bits(u >> 1),
            };
            xs.push(if u & 1 == 1 { -x } else { x });
        }
        for x in xs {
            if !x.is_finite() {
                continue;
            }
            let big = Float::with_val(2048, x);
            for (k, cos) in [false, true].into_iter().enumerate() {
                let got = sin_cos(x.to_bits(), cos);
                let want = if cos {
                    big.clone().cos()
                } else {
                    big.clone().sin()
                };
                let e = ulps(got, &want);
                assert!(
                    e < 0.51,
                    "{} {x:e} ({:#x}): {e} ulp",
                    if cos { "cos" } else { "sin" },
                    x.to_bits()
                );
                worst[k] = worst[k].max(e);
            }
        }
        eprintln!("sin max {:.4} ulp, cos max {:.4} ulp", worst[0], worst[1]);
    }

    /// tan = sin / cos, each within 0.501 ulp (relative 2^-53 at most), divided and rounded:
    /// within 2.5 ulp of MPFR (OpenCL allows 5), near multiples of pi/2 included.
    #[test]
    fn tangent_within_its_bound() {
        let mut r = Rng(0x0DDB_1A5E_5BAD_5EED);
        let mut worst = 0f64;
        for i in 0..20_000 {
            let u = r.next();
            let x = match i % 3 {
                0 => f64::from_bits(((u >> 12) % (2047 - 996) + 996) << 52 | (r.next() >> 12)),
                1 => ((u >> 20) % (1 << 30)) as f64 * std::f64::consts::FRAC_PI_2,
                _ => f64::from_bits(u >> 1),
            };
            if !x.is_finite() {
                continue;
            }
            let e = ulps(tan(x.to_bits()), &Float::with_val(2048, x).tan());
            assert!(e < 2.5, "tan {x:e}: {e} ulp");
            worst = worst.max(e);
        }
        eprintln!("tan max {worst:.4} ulp");
    }

    #[test]
    fn special_values() {
        assert_eq!(sin_cos(0, false), 0);
        assert_eq!(sin_cos(1 << 63, false), 1 << 63);
        assert_eq!(sin_cos(1 << 63, true), ONE);
        assert_eq!(sin_cos(0x7FF0_0000_0000_0000, false), QNAN);
        assert_eq!(sin_cos(0xFFF8_0000_0000_0001, true), QNAN);
        assert_eq!(sin_cos(1e-10f64.to_bits(), false), 1e-10f64.to_bits());
    }
}
