//! The staged float logarithm (log, log2, log10), as integers: `rtl-gen/cores/sv/hls_fp_log.sv`
//! computes exactly this, stage by stage, and the software model calls `log` here (and
//! `log1p`, hls_fp_log1p's mirror: the logarithm with the float adder, divider and fma).
//!
//! x = 2^e m with m in [0.75, 1.5) (a subnormal normalised first). A 96-entry table indexed
//! by m's top bits gives r, a 10-bit approximation of 1/m, so z = m r - 1 is exact (35
//! bits) and |z| < 2^-7; then log_b x = e log_b 2 - log_b r + z P(z) with
//! P(z) = c (1 - z/2 + z^2/3 - z^3/4), c = log_b e (error z^4/5 < 2^-30.3 of z P), by Horner with
//! each product as narrow as its error budget allows. The two entries around 1 have r = 1
//! and log r = 0: for x near 1 (e = 0) the sum is z P(z) alone, computed with z exact, so
//! the result keeps its relative precision however small it is (log(1 + 2^-23) included).
//! Elsewhere the result is at least 2^-8.2 and the fixed-point sum (54 fraction bits) is
//! good to about 2^-35. Then one normalisation and one rounding; a logarithm is never
//! subnormal, never overflows.

use crate::math::round_pack32;

/// The table index: floor(m 128) - 96 for m in [0.75, 1.5).
pub const ENTRIES: usize = 96;

/// r for entry j (times 2^9): 1/m at the interval's centre, to 9 fraction bits; exactly 1
/// for the two intervals around 1.
pub fn recip(j: usize) -> u64 {
    if j == 31 || j == 32 {
        return 512;
    }
    let centre = (96.0 + j as f64 + 0.5) / 128.0;
    (512.0 / centre).round() as u64
}

/// log_b e for kind 1 (e), 0 (2), 2 (10).
fn c_of(kind: u32) -> f64 {
    match kind {
        1 => 1.0,
        2 => std::f64::consts::LOG10_E,
        _ => std::f64::consts::LOG2_E,
    }
}

/// -log_b r_j times 2^40, rounded (signed, 41 bits).
pub fn neg_log_r(j: usize, kind: u32) -> i64 {
    let r = recip(j) as f64 / 512.0;
    (-(r.ln()) * c_of(kind) * 2f64.powi(40)).round() as i64
}

/// log_b 2 times 2^42, rounded.
pub fn log_2(kind: u32) -> i64 {
    (std::f64::consts::LN_2 * c_of(kind) * 2f64.powi(42)).round() as i64
}

/// The polynomial's coefficients: c (2^32 scale), -c/2 (2^27), c/3 and -c/4 (2^20).
pub fn coefficients(kind: u32) -> [i64; 4] {
    let c = c_of(kind);
    [
        (c * 2f64.powi(32)).round() as i64,
        (-c / 2.0 * 2f64.powi(27)).round() as i64,
        (c / 3.0 * 2f64.powi(20)).round() as i64,
        (-c / 4.0 * 2f64.powi(20)).round() as i64,
    ]
}

/// A finite positive binary32 x (a subnormal normalised first) as 2^e m' with m' in
/// [0.75, 1.5): m' 2^24 (25 bits), e, and the table index floor(m' 128) - 96.
pub fn split(x: u32) -> (i64, i32, usize) {
    let ex = x >> 23 & 0xFF;
    let frac = x & 0x7F_FFFF;
    let (mant, e) = if ex == 0 {
        let lz = frac.leading_zeros() - 8;
        (frac << lz, -126 - lz as i32)
    } else {
        (1 << 23 | frac, ex as i32 - 127)
    };
    let (big_m, e1) = if mant >= 3 << 22 {
        (mant as i64, e + 1)
    } else {
        ((mant as i64) << 1, e)
    };
    (big_m, e1, (big_m >> 17) as usize - 96)
}

/// log_b x for binary32 x (kind 1: e, 0: 2, 2: 10), as hls_fp_log computes it.
pub fn log(x: u32, kind: u32) -> u32 {
    let ex = x >> 23 & 0xFF;
    let frac = x & 0x7F_FFFF;
    // Stage 1: special values; a subnormal's significand normalised.
    if ex == 0xFF {
        return if frac != 0 || x >> 31 == 1 {
            0x7FC0_0000
        } else {
            0x7F80_0000
        };
    }
    if x & 0x7FFF_FFFF == 0 {
        return 0xFF80_0000;
    }
    if x >> 31 == 1 {
        return 0x7FC0_0000;
    }
    // Stage 2: m into [0.75, 1.5) (m' 2^24, 25 bits), the table entries.
    let (big_m, e1, j) = split(x);
    let [b0, b1, b2, b3] = coefficients(kind);
    // Stage 3: z = m r - 1, exact (2^33 scale).
    let z = big_m * recip(j) as i64 - (1 << 33);
    // Stages 4-10: P = c + z (-c/2 + z (c/3 - z c/4)), then q = z P (2^54 scale).
    let s3 = b2 + (((z >> 16) * b3) >> 17);
    let s2 = b1 + (((z >> 9) * s3) >> 17);
    let p = b0 + ((z * s2) >> 28);
    let q = ((z as i128 * p as i128) >> 11) as i64;
    // Stage 11: the sum e log_b 2 - log_b r + z P.
    let r = ((e1 as i64 * log_2(kind)) << 12) + (neg_log_r(j, kind) << 14) + q;
    // Stages 12-14: sign and magnitude, normalised, rounded.
    if r == 0 {
        return 0;
    }
    let mag = r.unsigned_abs();
    let lead = 63 - mag.leading_zeros() as i32;
    let sh = lead - 26;
    let f = (mag >> sh) as u32 | u32::from(mag & ((1 << sh) - 1) != 0);
    round_pack32(r < 0, lead + 73, f)
}

/// Below these magnitude bits (|x| < 2^-12) log1p takes its small path.
pub const LOG1P_SMALL: u32 = 0x3980_0000;

/// log1p x = ln(1 + x) for binary32 x, as hls_fp_log1p computes it, within 2 ulp (OpenCL's
/// bound; measured over every float: 1.18 at worst):
///
/// - |x| >= 2^-12: u = x + 1 rounded, c = x - (u - 1) exactly (u - 1 is exact: Sterbenz
///   for u up to 2, and u's ulp is at least x's above; for x >= 2^24 the subtraction may
///   round, by at most half u's ulp, 2^-28 of the result), then ln u + c / u. ln(u + c) =
///   ln u + c/u - c^2/(2u^2) + ...: |c/u| <= 2^-24 and the result is at least 2^-12.1, so
///   the dropped terms are under 2^-37 of it. The error: ln u's 0.55 ulp (at most twice
///   that in the result's ulps, when ln u is in the binade above it), c / u's rounding
///   (under 2^-36 of the result), the sum's half ulp: 1.6 ulp at worst.
/// - |x| < 2^-12: fma(-x/2, x, x) = x - x^2/2 rounded once; the dropped x^3/3 is under
///   2^-25.6 of x (a third of an ulp at most): within 1 ulp. -x/2 is exact (the exponent
///   one less) from exponent field 2 up; below, -x is used, as x^2 is far below half x's
///   ulp either way (the result is x).
/// - x = -1: -infinity; x < -1, -infinity and NaNs: the quiet NaN; +infinity: +infinity.
pub fn log1p(x: u32) -> u32 {
    let ax = x & 0x7FFF_FFFF;
    let neg = x >> 31 == 1;
    if ax > 0x7F80_0000 || (neg && ax > 0x3F80_0000) {
        return 0x7FC0_0000;
    }
    if x == 0xBF80_0000 {
        return 0xFF80_0000;
    }
    if x == 0x7F80_0000 {
        return x;
    }
    let xf = f32::from_bits(x);
    if ax < LOG1P_SMALL {
        let h = if ax >> 23 >= 2 {
            (x ^ 0x8000_0000) - (1 << 23)
        } else {
            x ^ 0x8000_0000
        };
        return f32::from_bits(h).mul_add(xf, xf).to_bits();
    }
    let u = xf + 1.0;
    let c = xf - (u - 1.0);
    let l = f32::from_bits(log(u.to_bits(), 1));
    (l + c / u).to_bits()
}

/// The tables and constants for hls_fp_log, as SystemVerilog for the math package.
pub fn generated() -> String {
    let sv = |v: i64, bits: u32| crate::math::sv_signed(v.into(), bits);
    let mut s = String::from(
        "    // hls_fp_log (rtl-gen/src/flog.rs): r_j (2^9 scale), -log_b r_j (2^40), log_b 2\n    \
         // (2^42), and the polynomial c, -c/2, c/3, -c/4 (2^32, 2^27, 2^20, 2^20); kind 0:\n    \
         // b = 2, 1: e, 2: 10.\n    \
         function automatic logic [9:0] log_recip(input logic [6:0] j);\n        case (j)\n",
    );
    for j in 0..ENTRIES {
        s += &format!("            7'd{j}: return 10'd{};\n", recip(j));
    }
    s += "            default: return 10'd512;\n        endcase\n    endfunction\n";
    s += "    function automatic logic signed [40:0] log_neg_r(input logic [1:0] kind, \
          input logic [6:0] j);\n        case ({kind, j})\n";
    for kind in 0..3 {
        for j in 0..ENTRIES {
            s += &format!(
                "            {{2'd{kind}, 7'd{j}}}: return {};\n",
                sv(neg_log_r(j, kind), 41)
            );
        }
    }
    s += "            default: return 41'sd0;\n        endcase\n    endfunction\n";
    s += "    function automatic logic signed [43:0] log_2(input logic [1:0] kind);\n        \
          case (kind)\n";
    for kind in 0..3 {
        s += &format!("            2'd{kind}: return {};\n", sv(log_2(kind), 44));
    }
    s += "            default: return 44'sd0;\n        endcase\n    endfunction\n";
    s += "    function automatic logic signed [34:0] log_coef(input logic [1:0] kind, \
          input logic [1:0] i);\n        case ({kind, i})\n";
    for kind in 0..3 {
        for (i, c) in coefficients(kind).iter().enumerate() {
            s += &format!(
                "            {{2'd{kind}, 2'd{i}}}: return {};\n",
                sv(*c, 35)
            );
        }
    }
    s += "            default: return 35'sd0;\n        endcase\n    endfunction\n";
    s += &format!("    localparam logic [31:0] LOG1PF_SMALL = 32'h{LOG1P_SMALL:08X};\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulp::ulps32 as ulps;

    /// One positive float in 61 (every exponent, subnormals included) and every float
    /// within 2^12 ulps of 1, for each base: within 0.6 ulp of the double result.
    /// |m' r - 1| <= 2^-7 over every interval of the table (the float logarithm's and
    /// hls_fp_pow's reduction).
    #[test]
    fn reduction_stays_small() {
        for j in 0..ENTRIES {
            let r = recip(j) as f64 / 512.0;
            for m in [(j + 96) as f64 / 128.0, (j + 97) as f64 / 128.0] {
                assert!((m * r - 1.0).abs() <= 1.0 / 128.0, "j {j}: m {m} r {r}");
            }
        }
    }

    #[test]
    fn within_0_6_ulp() {
        for kind in 0..3 {
            let mut worst = 0f64;
            let one = 0x3F80_0000u32;
            let near_one = (one - 4096..one + 4096).map(|x| x as u64);
            for x in (1..0x7F80_0000u64).step_by(61).chain(near_one) {
                let v = f32::from_bits(x as u32) as f64;
                let want = match kind {
                    1 => v.ln(),
                    2 => v.log10(),
                    _ => v.log2(),
                };
                let e = ulps(log(x as u32, kind), want);
                assert!(e < 0.6, "kind {kind}, x {x:#x}: {e} ulp");
                worst = worst.max(e);
            }
            eprintln!("kind {kind}: max {worst:.4} ulp");
        }
    }

    /// log1p over every float from -1 up, one in 29 (every exponent, subnormals and both
    /// paths' borders included), against double precision: within 1.2 ulp (OpenCL: 2; every
    /// float: 1.18).
    #[test]
    fn log1p_within_1_2_ulp() {
        let mut worst = [0f64; 2];
        for s in [0u32, 1 << 31] {
            let top = if s == 0 { 0x7F80_0000 } else { 0x3F80_0000 };
            for x in (1..top).step_by(29) {
                let v = f32::from_bits(x | s) as f64;
                let e = ulps(log1p(x | s), v.ln_1p());
                assert!(e < 1.2, "x {:#x}: {e} ulp", x | s);
                let path = usize::from(x >= LOG1P_SMALL);
                worst[path] = worst[path].max(e);
            }
        }
        eprintln!(
            "log1p: small path max {:.4} ulp, main {:.4}",
            worst[0], worst[1]
        );
    }

    #[test]
    fn log1p_special_values() {
        assert_eq!(log1p(0), 0);
        assert_eq!(log1p(0x8000_0000), 0x8000_0000);
        assert_eq!(log1p(1), 1);
        assert_eq!(log1p(0x8000_0001), 0x8000_0001);
        assert_eq!(log1p(0xBF80_0000), 0xFF80_0000);
        assert_eq!(log1p(0xBF80_0001), 0x7FC0_0000);
        assert_eq!(log1p(0xFF80_0000), 0x7FC0_0000);
        assert_eq!(log1p(0x7F80_0000), 0x7F80_0000);
        assert_eq!(log1p(0x7FC0_0001), 0x7FC0_0000);
        assert_eq!(log1p(f32::MAX.to_bits()), f32::MAX.ln().to_bits());
        // Just above -1: u = 1 + x exact, c = 0.
        assert_eq!(log1p(0xBF7F_FFFF), (2f32.powi(-24)).ln().to_bits());
    }

    #[test]
    fn special_values() {
        for kind in 0..3 {
            assert_eq!(log(0x3F80_0000, kind), 0, "log 1 = +0");
            assert_eq!(log(0, kind), 0xFF80_0000);
            assert_eq!(log(0x8000_0000, kind), 0xFF80_0000);
            assert_eq!(log(0xBF80_0000, kind), 0x7FC0_0000);
            assert_eq!(log(0x7F80_0000, kind), 0x7F80_0000);
            assert_eq!(log(0x7FC0_0001, kind), 0x7FC0_0000);
        }
        assert_eq!(log(8f32.to_bits(), 0), 3f32.to_bits());
        assert_eq!(log(1, 0), (-149f32).to_bits());
        assert_eq!(log(1000f32.to_bits(), 2), 3f32.to_bits());
    }
}
