//! The staged float exponential (exp, exp2, exp10), as integers: `rtl-gen/cores/sv/hls_fp_exp.sv`
//! computes exactly this, stage by stage, and the software model calls `exp` here, so the
//! RTL and the model agree bit for bit.
//!
//! t = x log2(b) in fixed point (32 fraction bits: the result's relative error from t is
//! at most 2^-32 ln 2); k = floor(t); 2^(t - k) = T[i] (1 + p) with T[i] = 2^(i/64) from a
//! 64-entry table (the fraction's top 6 bits) and p = e^u - 1 for u = f ln 2 < 2^-6.5 (the
//! other 26 bits): p = u + u (u a) with a = 1/2 + u/6, truncated after the cubic term
//! (u^4/24 < 2^-30.6). Every product keeps only the bits its error budget needs: u/6 and
//! u (u a) are 17 x 16 and 17 x 17 (one multiplier block on any FPGA), u a is 26 x 17 (one
//! DSP48E2), and only f ln 2 and T p, whose errors count in full, are 26 x 27 and 26 x 26
//! (two DSP48E2 each, as two registered partial products) — instead of the 66 x 66 of the
//! general fixed-point kernel. The total relative error stays near 2^-29 before the one
//! rounding (measured: under 0.55 ulp). Then 2^k: exponent k + 127, a right shift for a
//! subnormal result, round to nearest even.

use crate::math::round_pack32;

/// log2 of the base (1: e, 0: 2, 2: 10; 3, expm1: e) times 2^38, rounded: 40 bits.
pub fn scale(kind: u32) -> u64 {
    let c = match kind {
        1 | 3 => std::f64::consts::LOG2_E,
        2 => std::f64::consts::LOG2_10,
        _ => 1.0,
    };
    (c * 2f64.powi(38)).round() as u64
}

/// ln 2 times 2^27, rounded (27 bits).
pub const LN2_27: u64 = 93_032_640;
/// 2^18 / 6, rounded.
pub const R6: u64 = 43_691;

/// 2^(i/64) times 2^31, rounded (32 bits; i < 64).
pub fn table(i: usize) -> u64 {
    ((i as f64 / 64.0).exp2() * 2f64.powi(31)).round() as u64
}

/// Below this biased exponent |x| < 2^-33: the result rounds to 1.
pub const EX_ONE: u32 = 94;
/// From this biased exponent on |x| >= 256: the result is infinite or zero.
pub const EX_BIG: u32 = 135;

/// The exponentials' stage-1 results: the quiet NaN for a NaN; for an infinity or |x| >=
/// 256, infinity when x > 0 and `low` (the limit at minus infinity) when x < 0; `tiny` for
/// |x| < 2^-33; None for the x they compute.
fn special(x: u32, low: u32, tiny: u32) -> Option<u32> {
    let ex = x >> 23 & 0xFF;
    if ex == 0xFF && x & 0x7F_FFFF != 0 {
        return Some(0x7FC0_0000);
    }
    if ex >= EX_BIG {
        return Some(if x >> 31 == 1 { low } else { 0x7F80_0000 });
    }
    (ex < EX_ONE).then_some(tiny)
}

/// b^x for binary32 x (kind 1: e, 0: 2, 2: 10), as hls_fp_exp computes it.
pub fn exp(x: u32, kind: u32) -> u32 {
    exp_scaled(x, kind, 0)
}

/// e^x / 2 for binary32 x, as hls_fp_exp with KIND 4 computes it (cosh's first part: it is
/// finite up to x = 89.42, as cosh is, where e^x overflows from 88.72).
pub fn exp_half(x: u32) -> u32 {
    exp_scaled(x, 1, 1)
}

/// b^x 2^-half.
fn exp_scaled(x: u32, kind: u32, half: i32) -> u32 {
    let neg = x >> 31 == 1;
    let ex = x >> 23 & 0xFF;
    // Stage 1: special values, and the operands of the scaling.
    if let Some(v) = special(x, 0, (127 - half as u32) << 23) {
        return v;
    }
    let m = (1u64 << 23) | (x & 0x7F_FFFF) as u64;
    // Stages 2-3: the product x log2(b) (24 x 40 bits).
    let p = m as u128 * scale(kind) as u128;
    // Stage 4: t 2^32 = p 2^(ex - 156), a right shift of 22 to 62.
    let t_mag = (p >> (156 - ex)) as i64;
    exp2_fixed_scaled(if neg { -t_mag } else { t_mag }, half)
}

/// 2^(t / 2^32) for |t| < 2^42, as hls_fp_exp_t computes it (hls_fp_exp's stages 5-16; the
/// float power functions end with them too).
pub fn exp2_fixed(t: i64) -> u32 {
    exp2_fixed_scaled(t, 0)
}

/// 2^(t / 2^32 - half) (hls_fp_exp_t with HALF).
fn exp2_fixed_scaled(t: i64, half: i32) -> u32 {
    let (k, r) = exp2_kr(t);
    // Stage 15: {significand, guard, round, sticky}; a subnormal result shifted right.
    let f = ((r >> 5) as u32 & !1) | u32::from(r & 0x3F != 0);
    let e = k - half + 127;
    if e >= 1 {
        return round_pack32(false, e, f);
    }
    let sh = 1 - e;
    let f = if sh > 26 {
        u32::from(f != 0)
    } else {
        (f >> sh) | u32::from(f & ((1 << sh) - 1) != 0)
    };
    round_pack32(false, 0, f)
}

/// 2^(t / 2^32) = 2^k r / 2^31 with r in [2^31, 2^32) (held below 2^32), as hls_fp_exp_kr
/// and the first stage of hls_fp_exp_tail compute it (stages 5-14): the exponentials'
/// shared part, which expm1 ends differently.
pub fn exp2_kr(t: i64) -> (i32, u64) {
    // Stage 5: its integer part and the fraction's two fields.
    let k = (t >> 32) as i32;
    let i = ((t >> 26) & 63) as usize;
    let f_lo = (t & ((1 << 26) - 1)) as u64;
    // Stages 6-12 (2^32 scale): u = f_lo ln 2 (two partial products, then their sum);
    // a = 1/2 + u/6; ua = u a; p = u + u ua.
    let u = (f_lo * LN2_27) >> 27;
    let a = (1u64 << 31) + (((u >> 9) * R6) >> 9);
    let ua = (u * (a >> 15)) >> 17;
    let pe = u + (((u >> 9) * (ua >> 8)) >> 15);
    // Stages 13-15: r = T (1 + p) (two partial products, their sum, then T added), 2^31
    // scale, held below 2.
    let tab = table(i);
    (k, (tab + (((tab >> 6) * pe) >> 26)).min((1 << 32) - 1))
}

/// Below this biased exponent |x| < 2^-5: expm1 takes its polynomial path.
pub const EXM1_SMALL: u32 = 122;
const MINUS_ONE: u32 = 0xBF80_0000;

/// expm1's small-argument coefficients: ln 2 / 2 and (ln 2)^2 / 6 at 2^32, (ln 2)^3 / 24 at
/// 2^24 (its polynomial is in t = x log2(e), the exponential's fixed-point argument).
/// (Rounded from doubles: 2^-53 relative is far below the 2^-32 they are kept to.)
pub fn expm1_coefs() -> [u64; 3] {
    let l = std::f64::consts::LN_2;
    [
        (l / 2.0 * 2f64.powi(32)).round() as u64,
        (l * l / 6.0 * 2f64.powi(32)).round() as u64,
        (l * l * l / 24.0 * 2f64.powi(24)).round() as u64,
    ]
}

/// e^x - 1 for binary32 x, as hls_fp_exp with KIND 3 computes it, within 3 ulp (OpenCL's
/// bound; measured over every float: 1.46 ulp at worst, at x = 0x3d5d42b7, where k = 0
/// cancels four bits). Two paths, because e^x - 1
/// cancels near x = 0:
///
/// - |x| >= 2^-5: the exponential's stages give 2^k r (r in [1, 2) at 2^31, within about
///   2^-28.6 of e^x), then 2^k r - 1 exactly: for k >= 0, r - 2^-k (nothing when k > 31);
///   for k < 0, 1 - 2^k r = (2^-k - r) 2^k, which is 2^32 - r below a run of ones, shifted
///   right by -k - 1 (its top at bit 31 for k <= -2; past k = -32 the result is -1 whatever
///   r is). The result is at least 2^-5.03 in magnitude, so r's error is under 2^-23.5 of
///   it: with the rounding, about 1.5 ulp.
/// - |x| < 2^-5: e^x - 1 = x q with q = 1 + t (ln2/2 + t ((ln2)^2/6 + t (ln2)^3/24)) in
///   t = x log2(e) (the exponential's fixed-point argument, |t| < 2^-4.47), by Horner on
///   t's magnitude (adding or subtracting by x's sign), each product as narrow as its share
///   of the error needs (t (ln2)^3/24: 18 x 18; t h2: 21 x 18; t h1: 28 x 25), the dropped
///   x^4/120 under 2^-26.9 of q; then x's significand times q (24 x 33). Below 2^-33 the
///   result is x itself.
///
/// Both end the same way: a 32-bit significand with at most 7 leading zeros (k = 0 and
/// k = -1 cancel the most: 5), normalised, rounded to nearest even once.
pub fn expm1(x: u32) -> u32 {
    expm1_scaled(x, 0)
}

/// (e^x - 1) / 2 for binary32 x with |x| >= 2^-33 (below: x itself), as hls_fp_exp with
/// KIND 5 computes it (sinh's first part: finite up to x = 89.42, as sinh is).
pub fn expm1_half(x: u32) -> u32 {
    expm1_scaled(x, 1)
}

/// (e^x - 1) 2^-half.
fn expm1_scaled(x: u32, half: i32) -> u32 {
    let neg = x >> 31 == 1;
    let ex = x >> 23 & 0xFF;
    // Stage 1: special values (as the exponential's, but -infinity and large negative x
    // give -1 (halved: -1/2) and tiny x itself).
    if let Some(v) = special(x, MINUS_ONE - ((half as u32) << 23), x) {
        return v;
    }
    let m = (1u64 << 23) | (x & 0x7F_FFFF) as u64;
    // Stages 2-4: |t| = |x| log2(e) at 2^32, as the exponential's.
    let t_mag = ((m as u128 * scale(3) as u128) >> (156 - ex)) as u64;
    // {biased exponent of bit 31, 32-bit significand, sticky bit below it}.
    let (e, g, sticky) = if ex < EXM1_SMALL {
        expm1_small(neg, t_mag, m, ex)
    } else {
        let (k, r) = exp2_kr(if neg { -(t_mag as i64) } else { t_mag as i64 });
        if !neg {
            // Stage 15-16: r - 2^(31 - k) (k >= 0).
            let one = if k <= 31 { 1u64 << (31 - k) } else { 0 };
            (k + 127, r - one, false)
        } else {
            // (2^(31 - k) - r) >> (-k - 1), k clamped at -32.
            let kk = k.max(-32);
            let s = (-kk - 1) as u32;
            let n = (1u64 << (31 - kk)) - r;
            (126, n >> s, n & ((1u64 << s) - 1) != 0)
        }
    };
    // Stage 17: normalised (at most 7 places), then rounded (stage 18).
    let lz = g.leading_zeros().saturating_sub(32).min(7);
    let gn = (g << lz) & 0xFFFF_FFFF;
    let f = ((gn >> 6) << 1) as u32 | u32::from(gn & 0x3F != 0 || sticky);
    round_pack32(neg, e - lz as i32 - half, f)
}

/// expm1's polynomial path (stages 5-14): {biased exponent of bit 31, significand, sticky}.
fn expm1_small(neg: bool, t: u64, m: u64, ex: u32) -> (i32, u64, bool) {
    let [c1, c2, c3] = expm1_coefs();
    let signed = |v: u64| if neg { v.wrapping_neg() } else { v };
    let h2 = c2.wrapping_add(signed(((t >> 10) * c3) >> 14));
    let h1 = c1.wrapping_add(signed(((t >> 7) * (h2 >> 11)) >> 14));
    let q = (1u64 << 32).wrapping_add(signed((t * (h1 >> 6)) >> 26));
    let prod = m as u128 * q as u128;
    // m q has its top bit at 54, 55 or 56: bits 56..25, the value g 2^(ex - 157).
    (
        ex as i32 + 1,
        (prod >> 25) as u64,
        prod & ((1 << 25) - 1) != 0,
    )
}

/// From these magnitude bits on (|x| >= 9.5, and infinity) tanh x rounds to +-1: 1 - tanh x
/// = 2 / (e^2x + 1) < 2^-26.4, under half the spacing of the floats below 1.
pub const TANH_ONE: u32 = 0x4118_0000;

/// tanh x for binary32 x, as hls_fp_tanh computes it, within 5 ulp (OpenCL's bound; the
/// analysis: e = expm1(2|x|) within 1.46 ulp of its value, so within 2.9 ulp of the result's
/// relative spacing; e + 2 rounded (at most one ulp of the result), e / (e + 2) rounded (half
/// an ulp): under 4.4 at worst; measured over every float, 2.85). 2|x| is exact (|x| < 9.5);
/// e >= 0 so no
/// cancellation anywhere, and tiny x gives e = 2x, e + 2 = 2, x exactly. The sign is x's.
pub fn tanh(x: u32) -> u32 {
    let sign = x & 0x8000_0000;
    let ax = x & 0x7FFF_FFFF;
    if ax > 0x7F80_0000 {
        return 0x7FC0_0000;
    }
    if ax >= TANH_ONE {
        return sign | 0x3F80_0000;
    }
    // 2|x|: a subnormal's bits shifted (it may become normal), else the exponent plus one.
    let a2 = if ax >> 23 == 0 {
        ax << 1
    } else {
        ax + (1 << 23)
    };
    let e = f32::from_bits(expm1(a2));
    sign | (e / (e + 2.0)).to_bits()
}

/// Below these magnitude bits (|x| < 2^-12) sinh x rounds to x: x^3/6 is under 2^-26.5 of
/// x, less than the 2^-25 between x and the nearest rounding border.
pub const SINH_X: u32 = 0x3980_0000;

/// sinh x for binary32 x, as hls_fp_sinh with KIND 0 computes it, within 4 ulp (OpenCL's
/// bound): with h = (e^|x| - 1) / 2, sinh |x| = (e^|x| - e^-|x|) / 2 = h + h / (2h + 1),
/// every term positive, so nothing cancels near 0 as e^x - e^-x would. The analysis: h
/// within 1.46 ulp (relative 2^-22.5 at most); h / (2h + 1) carries h's error scaled by
/// 1 / (2h + 1) (numerator and denominator move together), plus two roundings; the sum one
/// more: under 3 ulp of the result. 2h is exact (the exponent plus one) until it overflows,
/// where the divider gives 0 and h, rounded, is already sinh; an infinite h gives infinity.
/// Below 2^-12, x itself; the sign is x's; a NaN gives the quiet NaN.
pub fn sinh(x: u32) -> u32 {
    let sign = x & 0x8000_0000;
    let ax = x & 0x7FFF_FFFF;
    if ax > 0x7F80_0000 {
        return 0x7FC0_0000;
    }
    if ax < SINH_X {
        return x;
    }
    let h = f32::from_bits(expm1_half(ax));
    // 2h: infinite from 2^127 on.
    let d = 2.0 * h + 1.0;
    let q = if h.is_infinite() { 0.0 } else { h / d };
    sign | (h + q).to_bits()
}

/// cosh x for binary32 x, as hls_fp_sinh with KIND 1 computes it, within 4 ulp (OpenCL's
/// bound): with h = e^|x| / 2 (within 0.54 ulp, finite until cosh overflows), cosh x =
/// h + (1/4) / h, q = (1/4) / h at most 1/2 <= h, both positive: under 1.6 ulp with the
/// two roundings. Tiny x: h = 1/2, q = 1/2, 1 exactly; infinite h: infinity; a NaN gives
/// the quiet NaN.
pub fn cosh(x: u32) -> u32 {
    let ax = x & 0x7FFF_FFFF;
    if ax > 0x7F80_0000 {
        return 0x7FC0_0000;
    }
    let h = f32::from_bits(exp_half(ax));
    (h + 0.25 / h).to_bits()
}

/// The constants and the table for hls_fp_exp, as SystemVerilog for the math package.
pub fn generated() -> String {
    let mut s = String::from(
        "    // hls_fp_exp (rtl-gen/src/fexp.rs): log2 of the base, 2^38 scale (kind 0: 2, 1: e,\n    \
         // 2: 10, 3: e for expm1); ln 2 at 2^27; 2^18 / 6; 2^(i/64) at 2^31; expm1's three\n    \
         // coefficients.\n    \
         function automatic logic [39:0] exp_scale(input logic [1:0] kind);\n        case (kind)\n",
    );
    for kind in 0..4 {
        s += &format!("            2'd{kind}: return 40'h{:010X};\n", scale(kind));
    }
    s += "            default: return 40'h0;\n        endcase\n    endfunction\n";
    s += &format!("    localparam logic [26:0] EXP_LN2 = 27'h{LN2_27:07X};\n");
    s += &format!("    localparam logic [15:0] EXP_R6 = 16'h{R6:04X};\n");
    let [c1, c2, c3] = expm1_coefs();
    s += &format!("    localparam logic [31:0] EXPM1F_C1 = 32'h{c1:08X};\n");
    s += &format!("    localparam logic [31:0] EXPM1F_C2 = 32'h{c2:08X};\n");
    s += &format!("    localparam logic [17:0] EXPM1F_C3 = 18'h{c3:05X};\n");
    s += &format!("    localparam int EXPM1F_SMALL = {EXM1_SMALL};\n");
    s += &format!("    localparam logic [31:0] TANHF_ONE = 32'h{TANH_ONE:08X};\n");
    s += &format!("    localparam logic [31:0] SINHF_X = 32'h{SINH_X:08X};\n");
    s += "    function automatic logic [31:0] exp_tab(input logic [5:0] i);\n        case (i)\n";
    for i in 0..64 {
        s += &format!("            6'd{i}: return 32'h{:08X};\n", table(i));
    }
    s += "            default: return 32'h0;\n        endcase\n    endfunction\n";
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ulp::ulps32 as ulps;

    /// Every float whose exponent puts it in the computed range (|x| in [2^-33, 256)),
    /// one in 97 of them, for each base: within 0.6 ulp of the double-precision result.
    #[test]
    fn within_0_6_ulp_over_the_computed_range() {
        for kind in 0..3 {
            let mut worst = 0f64;
            let mut x = EX_ONE << 23;
            while x < EX_BIG << 23 {
                for s in [0, 1u32 << 31] {
                    let v = f32::from_bits(x | s) as f64;
                    let want = match kind {
                        1 => v.exp(),
                        2 => 10f64.powf(v),
                        _ => v.exp2(),
                    };
                    let e = ulps(exp(x | s, kind), want);
                    assert!(e < 0.6, "kind {kind}, x {:#x}: {e} ulp", x | s);
                    worst = worst.max(e);
                }
                x += 97;
            }
            eprintln!("kind {kind}: max {worst:.4} ulp");
        }
    }

    /// expm1 over every exponent it computes (|x| in [2^-33, 256)), one float in 97, both
    /// signs, against double precision: within 1.5 ulp (OpenCL: 3), and the worst of each
    /// path reported.
    #[test]
    fn expm1_within_1_5_ulp() {
        let mut worst = [0f64; 2];
        let mut x = EX_ONE << 23;
        while x < EX_BIG << 23 {
            for s in [0, 1u32 << 31] {
                let v = f32::from_bits(x | s) as f64;
                let e = ulps(expm1(x | s), v.exp_m1());
                assert!(e < 1.5, "x {:#x}: {e} ulp", x | s);
                let path = usize::from(x >> 23 >= EXM1_SMALL);
                worst[path] = worst[path].max(e);
            }
            x += 97;
        }
        eprintln!(
            "expm1: small path max {:.4} ulp, main path {:.4}",
            worst[0], worst[1]
        );
    }

    /// tanh over every float below 9.5 in magnitude, one in 97, both signs (the rest give
    /// +-1 exactly): within 3 ulp of double precision (OpenCL: 5; every float: 2.85).
    #[test]
    fn tanh_within_3_ulp() {
        let mut worst = 0f64;
        let mut x = 0u32;
        while x < TANH_ONE {
            for s in [0, 1u32 << 31] {
                let v = f32::from_bits(x | s) as f64;
                let e = ulps(tanh(x | s), v.tanh());
                assert!(e < 3.0, "x {:#x}: {e} ulp", x | s);
                worst = worst.max(e);
            }
            x += 97;
        }
        assert_eq!(tanh(TANH_ONE), 0x3F80_0000);
        assert_eq!(
            tanh((TANH_ONE - 1) | (1 << 31)),
            (-(9.499999f64.tanh()) as f32).to_bits()
        );
        assert_eq!(tanh(0xFF80_0000), 0xBF80_0000);
        assert_eq!(tanh(0x7FC0_0001), 0x7FC0_0000);
        assert_eq!(tanh(0x8000_0000), 0x8000_0000);
        assert_eq!(tanh(0x8000_0001), 0x8000_0001);
        eprintln!("tanh: max {worst:.4} ulp");
    }

    /// sinh and cosh over every float below 90 in magnitude, one in 97, both signs (above
    /// they overflow), against double precision: within 3 ulp (OpenCL: 4).
    #[test]
    fn sinh_cosh_within_3_ulp() {
        let mut worst = [0f64; 2];
        let mut x = 0u32;
        while x < 90f32.to_bits() {
            for s in [0, 1u32 << 31] {
                let v = f32::from_bits(x | s) as f64;
                let got = [sinh(x | s), cosh(x | s)];
                for (i, want) in [v.sinh(), v.cosh()].into_iter().enumerate() {
                    let e = if (want as f32).is_infinite() {
                        if got[i] & 0x7FFF_FFFF == 0x7F80_0000 {
                            0.0
                        } else {
                            f64::INFINITY
                        }
                    } else {
                        ulps(got[i], want)
                    };
                    assert!(e < 3.0, "{} x {:#x}: {e} ulp", ["sinh", "cosh"][i], x | s);
                    worst[i] = worst[i].max(e);
                }
            }
            x += 97;
        }
        eprintln!("sinh: max {:.4} ulp, cosh {:.4}", worst[0], worst[1]);
    }

    #[test]
    fn sinh_cosh_special_values() {
        let inf = 0x7F80_0000;
        assert_eq!(sinh(inf), inf);
        assert_eq!(sinh(inf | 1 << 31), 0xFF80_0000);
        assert_eq!(cosh(inf | 1 << 31), inf);
        assert_eq!(sinh(0x7FC0_0001), 0x7FC0_0000);
        assert_eq!(cosh(0xFFC0_0001), 0x7FC0_0000);
        assert_eq!(sinh(0x8000_0000), 0x8000_0000);
        assert_eq!(sinh(1), 1);
        assert_eq!(cosh(0x8000_0000), 0x3F80_0000);
        assert_eq!(cosh(1), 0x3F80_0000);
        // Past 88.72, where e^x overflows, both stay finite until 89.42.
        for v in [89f32, 89.4] {
            assert!(f32::from_bits(sinh(v.to_bits())).is_finite());
            assert!(f32::from_bits(cosh((-v).to_bits())).is_finite());
        }
        assert_eq!(sinh(89.5f32.to_bits()), inf);
        assert_eq!(cosh((-89.5f32).to_bits()), inf);
        assert_eq!(expm1_half(0xFF80_0000), 0xBF00_0000);
        assert_eq!(exp_half(0), 0x3F00_0000);
        assert_eq!(exp_half(0xFF80_0000), 0);
    }

    #[test]
    fn expm1_special_values() {
        assert_eq!(expm1(0x7F80_0000), 0x7F80_0000);
        assert_eq!(expm1(0xFF80_0000), MINUS_ONE);
        assert_eq!(expm1(0x7FC0_0001), 0x7FC0_0000);
        assert_eq!(expm1(0), 0);
        assert_eq!(expm1(0x8000_0000), 0x8000_0000);
        assert_eq!(expm1(1), 1);
        assert_eq!(expm1(0x8000_0001), 0x8000_0001);
        assert_eq!(expm1((-20f32).to_bits()), MINUS_ONE);
        assert_eq!(expm1((-1000f32).to_bits()), MINUS_ONE);
        assert_eq!(expm1(89f32.to_bits()), 0x7F80_0000);
        assert_eq!(expm1(88f32.to_bits()), 88f32.exp_m1().to_bits());
        assert!(ulps(expm1(1f32.to_bits()), 1f64.exp_m1()) < 1.0);
    }

    #[test]
    fn special_values() {
        assert_eq!(exp(0x7F80_0000, 1), 0x7F80_0000);
        assert_eq!(exp(0xFF80_0000, 1), 0);
        assert_eq!(exp(0x7FC0_0001, 1), 0x7FC0_0000);
        assert_eq!(exp(0, 1), 0x3F80_0000);
        assert_eq!(exp(0x8000_0001, 2), 0x3F80_0000);
        // 2^-149 exactly, the smallest subnormal, and 2^127.
        assert_eq!(exp((-149f32).to_bits(), 0), 1);
        assert_eq!(exp(127f32.to_bits(), 0), 127u32 + 127 << 23);
        assert_eq!(exp(128f32.to_bits(), 0), 0x7F80_0000);
        assert_eq!(exp(3f32.to_bits(), 0), 8f32.to_bits());
    }
}
