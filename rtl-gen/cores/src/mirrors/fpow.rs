//! The staged float power functions (pow, powr, pown, cbrt, rootn of binary32), as integers:
//! `rtl-gen/cores/sv/hls_fp_pow.sv` computes exactly this, stage by stage, and the software model
//! calls these functions, so the RTL and the model agree bit for bit. The special cases
//! (C99 Annex F for pow, pown and cbrt; OpenCL's for powr) are one function for float and
//! double (`special`, hls_fp_pow_special).
//!
//! x^y = 2^t, t = y log2|x|:
//!
//! - log2|x| on a 2^-64 grid. x = 2^e m, m in [0.75, 1.5) (a subnormal normalised first);
//!   the float logarithm's 96-entry table of 10-bit reciprocals r (`flog::recip`, exactly 1
//!   for the two intervals around 1) makes z = m r - 1 exact (2^-33 grid, |z| < 2^-7); then
//!   log2(1 + z) = c z - z W with c = log2 e, W = z B and B = c/2 - z (c/3 - z (c/4 - z
//!   (c/5 - z c/6))) (the next term, c z^7/7, below 2^-44 of the sum). c z comes from the
//!   exact z and c to 2^-44; each Horner product keeps what its error, scaled by z's powers
//!   at the end, allows: W to 2^-38 of z, B to 2^-30. So log2|x| = e - log2 r + c z - z W
//!   is good to 2^-37 of itself where r = 1 (e = 0 and x within 2^-7 of 1: the sum is then
//!   c z - z W alone, which keeps z's relative precision) and to 2^-53 absolute elsewhere,
//!   where |log2 x| > 2^-6.5.
//! - |log2 x| normalised to 40 bits (its leading one lies between 2^-24 and 2^8: 32
//!   places), times Y, the power's significand: y's 24 bits (pow, powr), pown's |n| (32
//!   bits, exact: n is not rounded to a float), 1/3 to 2^-35 (cbrt), or 1/|n| to 2^-33 of
//!   itself from a fixed-point division beside the logarithm (rootn). t keeps 32 fraction
//!   bits, |t| saturated at 2^9 (the result is then infinite or zero).
//! - 2^t by the float exponential's stages from t on (`fexp::exp2_fixed`).
//!
//! t's error is about |t| 2^-36.5 + 2^-32: for |t| near 150 (results near the range's ends)
//! 2^-29.3, 0.04 ulp on top of the exponential's 0.55; rootn's 1/n adds |t| 2^-33 (0.15
//! ulp at worst). OpenCL allows 16 ulp (pow, powr, pown, rootn) and 2 (cbrt).

use crate::mirrors::fexp::exp2_fixed;
use crate::mirrors::flog::recip;

/// Which function of the family (the core's KIND).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Pow = 0,
    Powr = 1,
    Pown = 2,
    Cbrt = 3,
    Rootn = 4,
}

/// What the special cases need to know of the power: a float's (pow, powr) or an int's
/// (pown, rootn: never infinite or NaN, always an integer).
#[derive(Debug, Clone, Copy)]
pub struct Power {
    pub zero: bool,
    pub neg: bool,
    pub inf: bool,
    pub nan: bool,
    pub int: bool,
    pub odd: bool,
}

impl Power {
    /// The power y of `w` bits (32: binary32, 64: binary64).
    pub fn of_float(y: u64, w: u32) -> Power {
        let (eb, mb) = if w == 64 { (11, 52) } else { (8, 23) };
        let bias = (1u32 << (eb - 1)) - 1;
        let sign = 1u64 << (w - 1);
        let inf = ((1u64 << eb) - 1) << mb;
        let ya = y & (sign - 1);
        let ey = (ya >> mb) as u32;
        let my = (ya & ((1 << mb) - 1)) | u64::from(ey != 0) << mb;
        // The units bit of y is bit bias + mb - ey of its significand.
        let units = bias + mb;
        let ush = units.wrapping_sub(ey) & 63;
        let int = ey >= units || (ey >= bias && my & ((1 << ush) - 1) == 0);
        let odd = if ey == units {
            my & 1 == 1
        } else {
            (bias..units).contains(&ey) && int && my >> ush & 1 == 1
        };
        Power {
            zero: ya == 0,
            neg: y & sign != 0,
            inf: ya == inf,
            nan: ya > inf,
            int,
            odd,
        }
    }

    /// The int power n.
    pub fn of_int(n: i32) -> Power {
        Power {
            zero: n == 0,
            neg: n < 0,
            inf: false,
            nan: false,
            int: true,
            odd: n & 1 != 0,
        }
    }
}

/// The special results (Ok) of x^y for a `w`-bit x, or the sign of the computed one (Err).
/// rootn (`Kind::Rootn`, p of its int n) is NaN for n = 0 and for x < 0 with n even.
pub fn special(x: u64, p: &Power, kind: Kind, w: u32) -> Result<u64, u64> {
    let (eb, mb) = if w == 64 { (11, 52) } else { (8, 23) };
    let sign = 1u64 << (w - 1);
    let pinf = ((1u64 << eb) - 1) << mb;
    let qnan = pinf | 1 << (mb - 1);
    let one = ((1u64 << (eb - 1)) - 1) << mb;
    let xa = x & (sign - 1);
    let (x_nan, x_inf, x_zero, xs) = (xa > pinf, xa == pinf, xa == 0, x & sign != 0);
    if kind == Kind::Cbrt {
        return if x_nan {
            Ok(qnan)
        } else if x_inf || x_zero {
            Ok(x)
        } else {
            Err(x & sign)
        };
    }
    if kind == Kind::Rootn {
        let s = if p.odd { x & sign } else { 0 };
        return if p.zero || x_nan || (xs && !x_zero && !p.odd) {
            Ok(qnan)
        } else if x_zero || x_inf {
            Ok(s | if x_zero != p.neg { 0 } else { pinf })
        } else {
            Err(s)
        };
    }
    if kind == Kind::Powr {
        if x_nan || p.nan || (xs && !x_zero) {
            return Ok(qnan);
        }
        if ((x_zero || x_inf) && p.zero) || (x == one && p.inf) {
            return Ok(qnan);
        }
        if x_zero {
            return Ok(if p.neg { pinf } else { 0 });
        }
        if p.zero || x == one {
            return Ok(one);
        }
        if x_inf {
            return Ok(if p.neg { 0 } else { pinf });
        }
        if p.inf {
            return Ok(if p.neg == (xa < one) { pinf } else { 0 });
        }
        return Err(0);
    }
    // pow and pown.
    let odd_sign = if xs && p.odd { sign } else { 0 };
    if p.zero || x == one {
        return Ok(one);
    }
    if x_nan || p.nan {
        return Ok(qnan);
    }
    if x_zero {
        return Ok(odd_sign | if p.neg { pinf } else { 0 });
    }
    if x == (one | sign) && p.inf {
        return Ok(one);
    }
    if p.inf {
        return Ok(if p.neg == (xa < one) { pinf } else { 0 });
    }
    if x_inf {
        return Ok(odd_sign | if p.neg { 0 } else { pinf });
    }
    if xs && !p.int {
        return Ok(qnan);
    }
    Err(odd_sign)
}

/// log2 e at 2^-44 (45 bits), and the Horner coefficients c/2 (2^-34), c/3 (2^-28), c/4
/// (2^-22), c/5 and c/6 (2^-16), rounded.
pub fn coefficients() -> [i64; 6] {
    let c = std::f64::consts::LOG2_E;
    let r = |v: f64, s: i32| (v * 2f64.powi(s)).round() as i64;
    [
        r(c, 44),
        r(c / 2.0, 34),
        r(c / 3.0, 28),
        r(c / 4.0, 22),
        r(c / 5.0, 16),
        r(c / 6.0, 16),
    ]
}

/// -log2 r for table entry j at 2^-56, rounded (a double's 53 bits of it: 2^-54 at worst).
pub fn neg_log2_r(j: usize) -> i64 {
    let r = recip(j) as f64 / 512.0;
    (-r.log2() * 2f64.powi(56)).round() as i64
}

/// log2|x| on a 2^-64 grid for a finite nonzero binary32 x (stages 2-14 of hls_fp_pow).
pub fn log2_fixed(x: u32) -> i128 {
    // Stages 2-3: the significand with its leading one at 23 and the exponent; m' in
    // [0.75, 1.5) at 2^-24 (25 bits), the table's entries.
    let (big_m, e1, j) = crate::mirrors::flog::split(x);
    let [c, c2, c3, c4, c5, c6] = coefficients();
    // Stage 4: z = m' r - 1, exact (2^-33 grid, |z| < 2^26 of it).
    let z = big_m * recip(j) as i64 - (1 << 33);
    // Stages 5-10: B = c/2 - z (c/3 - z (c/4 - z (c/5 - z c/6))) at 2^-34, each z as
    // coarse as its product allows (arithmetic shifts: floor), each partial sum at the
    // scale its error needs: 2^-16, 2^-22, 2^-28.
    let s4 = c5 - (((z >> 21) * c6) >> 12);
    let s3 = c4 - (((z >> 15) * s4) >> 12);
    let s2 = c3 - (((z >> 9) * s3) >> 18);
    let b = c2 - (((z >> 3) * s2) >> 24);
    // Stages 11-13: W = z B at 2^-40; z W and c z at 2^-64, their difference.
    let w = (z * b) >> 27;
    let zw = ((z as i128) * (w as i128)) >> 9;
    let cz = ((z as i128) * (c as i128)) >> 13;
    // Stage 14: e - log2 r + c z - z W.
    ((e1 as i128) << 64) + ((neg_log2_r(j) as i128) << 8) + cz - zw
}

/// 1/3 at 2^-35, rounded (34 bits): cbrt's power.
pub const THIRD: u64 = 0x2_AAAA_AAAB;

/// rootn's power 1/|n| (n nonzero) as Y 2^e: Y = floor(2^64 / (|n| normalised to 32
/// bits)), held below 2^33 (n = +-2^k: 2^33 - 1), p |n|'s leading one, e = -33 - p — the
/// 34-step division hls_fx_div runs beside the logarithm's stages.
pub fn reciprocal(n: i32) -> (u64, i32) {
    let m = n.unsigned_abs();
    let p = 31 - m.leading_zeros();
    let q = (1u128 << 64) / u128::from(m << (31 - p));
    (q.min((1 << 33) - 1) as u64, -33 - p as i32)
}

/// The power's significand Y (at most 34 bits) and exponent: |y| = Y 2^e.
fn power_of(y: u32, kind: Kind) -> (u64, i32) {
    match kind {
        Kind::Cbrt => (THIRD, -35),
        Kind::Pown => (u64::from((y as i32).unsigned_abs()), 0),
        Kind::Rootn => reciprocal(y as i32),
        _ => {
            let ey = (y >> 23 & 0xFF) as i32;
            let my = u64::from(ey != 0) << 23 | u64::from(y & 0x7F_FFFF);
            (my, ey.max(1) - 150)
        }
    }
}

/// |t| at 2^-32 saturated at 2^41 (|t| = 2^9) and whether t is negative (stages 15-20).
pub fn times(x: u32, y: u32, kind: Kind) -> (bool, u64) {
    let l = log2_fixed(x);
    // Stage 15: sign and magnitude (below 2^72).
    let mag = l.unsigned_abs();
    // Stage 16: its leading one (between bit 40 and 71; 40 for log2 1 = 0).
    let lead = (127 - mag.leading_zeros() as i32).max(40);
    // Stage 17: normalised to 40 bits, leading one at 39 (truncated).
    let ln = (mag >> (lead - 39)) as u64;
    // Stages 18-19: the product with Y (at least 2^39 unless log2|x| = 0), doubled (below
    // 2^75).
    let (big_y, ey) = power_of(y, kind);
    let p = (ln as u128 * big_y as u128) << 1;
    // Stage 20: |t| 2^32 = p 2^(lead - 72 + ey); saturated at 2^41; 0 from a shift of 76.
    let sh = lead - 71 + ey;
    let t = if p == 0 {
        0
    } else if sh >= 2 {
        1 << 41
    } else if 1 - sh >= 76 {
        0
    } else {
        ((p >> (1 - sh)) as u64).min(1 << 41)
    };
    let power_neg = match kind {
        Kind::Cbrt => false,
        Kind::Pown | Kind::Rootn => (y as i32) < 0,
        _ => y >> 31 == 1,
    };
    ((l < 0) != power_neg, t)
}

/// x^y, as hls_fp_pow computes it: `kind` Pow or Powr (y a binary32), Pown or Rootn (y the
/// int's bits; rootn: x^(1/n)), Cbrt (y unused).
pub fn power(x: u32, y: u32, kind: Kind) -> u32 {
    let p = match kind {
        Kind::Pown | Kind::Rootn => Power::of_int(y as i32),
        Kind::Cbrt => Power::of_int(1),
        _ => Power::of_float(y.into(), 32),
    };
    match special(x.into(), &p, kind, 32) {
        Ok(v) => v as u32,
        Err(sign) => {
            let (neg, t) = times(x & 0x7FFF_FFFF, y, kind);
            sign as u32 | exp2_fixed(if neg { -(t as i64) } else { t as i64 })
        }
    }
}

/// The constants and the table for hls_fp_pow, as SystemVerilog for the math package.
pub fn generated() -> String {
    let lit = |v: i64, bits: u32| crate::math::sv_signed(v.into(), bits);
    let mut s = format!(
        "    // hls_fp_pow (rtl-gen/src/fpow.rs): 1/3 at 2^-35 (cbrt's power); log2 e (2^-44)\n    \
         // and the Horner coefficients c/2 .. c/6; -log2 r at 2^-56 by the log table's index.\n    \
         localparam logic [33:0] POW_THIRD = 34'h{THIRD:09X};\n    \
         localparam logic signed [45:0] POW_C [6] = '{{{}}};\n    \
         function automatic logic signed [66:0] pow_nlr(input logic [6:0] j);\n        case (j)\n",
        coefficients()
            .iter()
            .map(|&c| lit(c, 46))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for j in 0..crate::mirrors::flog::ENTRIES {
        s += &format!("            7'd{j}: return {};\n", lit(neg_log2_r(j), 67));
    }
    s += "            default: return 67'sd0;\n        endcase\n    endfunction\n";
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::ulp::ulps32 as ulps;
    use rug::{ops::Pow, Float};

    /// x^y to 200 bits, as a double (its rounding is 2^-29 of a float ulp).
    fn exact(x: u32, y: f64) -> f64 {
        let x = Float::with_val(200, f32::from_bits(x));
        x.pow(Float::with_val(200, y)).to_f64()
    }

    /// pow, powr and pown over x of every exponent and powers that keep the result in (or
    /// just past) float's range, rootn over n small, any int or +-2^k: within 0.6 ulp (rootn
    /// 0.66: 1/n is 2^-33 of itself off); cbrt over one float in 97: within 0.6.
    #[test]
    fn within_0_6_ulp() {
        let mut r = Rng(0x05EE_D0FF_10A7);
        let mut worst = [0f64; 5];
        for i in 0..200_000 {
            let x = (r.next() % 0x7F80_0000) as u32 | (r.next() as u32 & 0x8000_0000);
            let lx = (f32::from_bits(x & 0x7FFF_FFFF) as f64).log2();
            // A power with |t| up to about 160.
            let target = ((r.next() % 3_300_000) as f64 / 10_000.0) - 165.0;
            let yf = (target / lx) as f32;
            let n = match i % 4 {
                0 => (r.next() % 81) as i32 - 40,
                1 => r.next() as i32,
                _ => (target / lx).clamp(-2e9, 2e9) as i32,
            };
            let cases = [
                (Kind::Pow, yf.to_bits(), yf as f64),
                (Kind::Powr, yf.to_bits(), yf as f64),
                (Kind::Pown, n as u32, n as f64),
            ];
            for (k, (kind, y, yv)) in cases.into_iter().enumerate() {
                if kind == Kind::Powr && x >> 31 == 1 || !yv.is_finite() {
                    continue;
                }
                if x >> 31 == 1 && kind == Kind::Pow && yv.fract() != 0.0 {
                    continue;
                }
                let want = exact(x, yv);
                let e = ulps(power(x, y, kind), want);
                assert!(e < 0.6, "{kind:?} {x:#x} {y:#x}: {e} ulp (want {want:e})");
                worst[k] = worst[k].max(e);
            }
            // rootn: n small, any int, or a power of two; x^(1/n) with x's sign for odd n.
            let n = match i % 3 {
                0 => (r.next() % 81) as i32 - 40,
                1 => r.next() as i32,
                _ => (1i32 << (r.next() % 31)) * if i % 2 == 0 { 1 } else { -1 },
            };
            if n != 0 && (x >> 31 == 0 || n & 1 != 0) {
                let mag = Float::with_val(200, f32::from_bits(x & 0x7FFF_FFFF))
                    .pow(Float::with_val(200, 1) / n)
                    .to_f64();
                let want = if x >> 31 == 1 { -mag } else { mag };
                let e = ulps(power(x, n as u32, Kind::Rootn), want);
                assert!(e < 0.66, "rootn {x:#x} {n}: {e} ulp (want {want:e})");
                worst[4] = worst[4].max(e);
            }
        }
        let mut x = 0u32;
        while x < 0x7F80_0000 {
            for s in [0, 1 << 31] {
                let want = (f32::from_bits(x | s) as f64).cbrt();
                let e = ulps(power(x | s, 0, Kind::Cbrt), want);
                assert!(e < 0.6, "cbrt {:#x}: {e} ulp", x | s);
                worst[3] = worst[3].max(e);
            }
            x += 97;
        }
        eprintln!(
            "pow {:.4}, powr {:.4}, pown {:.4}, cbrt {:.4}, rootn {:.4} ulp",
            worst[0], worst[1], worst[2], worst[3], worst[4]
        );
    }

    #[test]
    fn special_values() {
        let one = 0x3F80_0000;
        let inf = 0x7F80_0000;
        let nan = 0x7FC0_0000;
        assert_eq!(power(0xBF80_0000, 0x7F80_0000, Kind::Pow), one);
        assert_eq!(power(0, 0xBF80_0000, Kind::Pow), inf);
        assert_eq!(power(0x8000_0000, 0xBF80_0000, Kind::Pow), 0xFF80_0000);
        assert_eq!(power(0xC000_0000, 0x3F00_0000, Kind::Pow), nan);
        assert_eq!(power(0xC000_0000, 0x4040_0000, Kind::Pow), 0xC100_0000); // -8
        assert_eq!(power(0xC000_0000, 3, Kind::Pown), 0xC100_0000);
        assert_eq!(power(0xC000_0000, (1 << 24) + 1, Kind::Pown), 0xFF80_0000);
        assert_eq!(power(0, 0, Kind::Powr), nan);
        assert_eq!(power(0xC000_0000, 0x4040_0000, Kind::Powr), nan);
        assert_eq!(power(0xC100_0000, 0, Kind::Cbrt), 0xC000_0000);
        assert_eq!(power(0x8000_0000, 0, Kind::Cbrt), 0x8000_0000);
        assert_eq!(power(1, 0x3F00_0000, Kind::Pow), 0x1A35_04F3); // sqrt(2^-149)
        assert_eq!(power(0x4000_0000, 0x42FE_0000, Kind::Pow), 0x7F00_0000); // 2^127
        assert_eq!(power(0x4000_0000, 0x4300_0000, Kind::Pow), inf);
        assert_eq!(power(0x4000_0000, 0xC315_0000, Kind::Pow), 1); // 2^-149
    }
}
