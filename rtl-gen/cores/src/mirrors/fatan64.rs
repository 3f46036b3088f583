//! The double arctangent core (hls_fp_arctan64 in `rtl-gen/cores/sv/hls_fp_atan64.sv`) in Rust, bit for bit: atan2
//! (KIND 0), atan (1: atan2(x, 1)), asin (2: atan2(x, sqrt(1 - x^2))) and acos (3:
//! atan2(sqrt(1 - x^2), x)).
//!
//! atan2(y, x) for finite nonzero operands: both significands with their leading one at bit
//! 63 (subnormals normalised; asin's and acos's sqrt(1 - x^2) has 64 significant bits), the
//! smaller magnitude n over the larger d, so q = n/d is in (0, 1]; the result is atan q,
//! pi/2 - atan q (|y| > |x|: swapped), pi - atan q (x < 0) or pi/2 + atan q (both).
//!
//! Reduction without a first division: i = round(128 q) from 20-bit truncations of the two
//! significands (a 9-bit quotient; i = 0 once q < 2^-8), c = i/128, and the vector (d, n)
//! rotated by -atan c exactly in fixed point: num = n - c d, den = d + c n (72-bit
//! operands, 8-bit i), so q' = num/den = (q - c)/(1 + q c) and atan q = atan c + atan q'.
//! The index is off by at most 1.002/256 in 128 q, so |q - c| and |q'| stay below 2^-7.99.
//! Both are normalised to their top 64 bits (num exactly: its cancellation is exact) and
//! divided: Q = floor(a 2^62 / b) in (2^61, 2^63), q' = Q 2^(eq - 62) with eq <= -7.
//! atan q' = q' (1 - q'^2 (1/3 - q'^2/5 + q'^4/7)): the next term, q'^8/9 relative, is
//! below 2^-67; the Horner steps at 2^-64 truncate by 2^-64 each, T = Q (1 - R) by one
//! unit of Q: T is atan q' to within 2^-60.5 relative.
//!
//! Without a table angle or quadrant (i = 0, not swapped, x > 0) the result is T 2^(eq -
//! 62) itself, rounded (down to the subnormals: atan2(tiny, huge)): within 0.5 + 2^-7.5
//! ulp. Otherwise base +- T on a 2^-70 grid, base one of atan c, pi/2 -+ atan c, pi - atan
//! c (each rounded at 2^-71, two at most summed), the result at least 2^-8.01: the sum is
//! off by 2^-68 at most, 2^-60 of the result, so within 0.51 ulp. OpenCL allows atan 5,
//! atan2 6, asin and acos 4.
//!
//! sqrt(1 - x^2) for |x| < 1: x^2 at 2^-128 (exact for |x| >= 1/2, where 1 - x^2 cancels;
//! truncated below that, where 1 - x^2 >= 3/4), w = 2^128 - it, normalised by an even
//! shift and its integer square root (64 bits, a truncation: 2^-63 relative): the
//! quotient x / s inherits 2^-62 relative, which atan passes on at most unchanged.

use rug::float::Constant;
use rug::Float;
use std::sync::OnceLock;

use crate::mirrors::fexp64::pack_normalised;

const QNAN: u64 = 0x7FF8_0000_0000_0000;
const PINF: u64 = 0x7FF0_0000_0000_0000;
const ABS: u64 = !(1 << 63);
const FRAC: u64 = (1 << 52) - 1;
const ONE: u64 = 0x3FF0_0000_0000_0000;
/// pi/4, pi/2, 3 pi/4 and pi rounded to doubles (the special cases' results).
pub const PI_4: u64 = 0x3FE9_21FB_5444_2D18;
pub const PI_2: u64 = 0x3FF9_21FB_5444_2D18;
pub const PI_3_4: u64 = 0x4002_D97C_7F33_21D2;
pub const PI: u64 = 0x4009_21FB_5444_2D18;

/// Fraction bits of the fixed-point sum.
pub const F: u32 = 70;

pub struct Consts {
    /// atan(i / 128) at 2^-70, i = 0..=128, rounded.
    pub tab: [u128; 129],
    /// pi/2 and pi at 2^-70, rounded.
    pub pi_2: u128,
    pub pi: u128,
    /// 1/3, 1/5, 1/7 at 2^-64, rounded.
    pub c: [u64; 3],
}

/// v 2^frac rounded (positive).
fn fixed(v: Float, frac: u32) -> u128 {
    crate::math::fixed_float(&v, frac) as u128
}

pub fn consts() -> &'static Consts {
    static C: OnceLock<Consts> = OnceLock::new();
    C.get_or_init(|| {
        let p = 256;
        let pi = Float::with_val(p, Constant::Pi);
        Consts {
            tab: std::array::from_fn(|i| fixed((Float::with_val(p, i) / 128u32).atan(), F)),
            pi_2: fixed(pi.clone() / 2u32, F),
            pi: fixed(pi, F),
            c: [3u32, 5, 7].map(|k| fixed(Float::with_val(p, 1) / k, 64) as u64),
        }
    })
}

/// A finite nonzero magnitude as its significand with the leading one at bit 63 and its
/// exponent: a = m 2^(e - 63).
fn norm(a: u64) -> (u64, i32) {
    let ex = (a >> 52) as i32;
    let m = u64::from(ex != 0) << 52 | (a & FRAC);
    let lz = m.leading_zeros() as i32;
    (m << lz, ex.max(1) - 1023 - (lz - 11))
}

/// sqrt(1 - x^2) for 0 < |x| < 1 (`ax` its bits) as `norm` gives a significand: 64 bits.
pub fn co_side(ax: u64) -> (u64, i32) {
    let ex = (ax >> 52) as i32;
    let m = (u128::from(ex != 0) << 52) | u128::from(ax & FRAC);
    // x^2 2^128 = m^2 2^sh (sh <= 22: below 2^128).
    let sh = 2 * ex.max(1) - 2022;
    let x2 = if sh >= 0 {
        (m * m) << sh
    } else if sh > -128 {
        (m * m) >> -sh
    } else {
        0
    };
    // 2^128 - x^2, or just below 2^128 when x^2 vanished on the grid.
    let w = if x2 == 0 {
        u128::MAX
    } else {
        x2.wrapping_neg()
    };
    let l2 = w.leading_zeros() & !1;
    let s = (w << l2).isqrt();
    (s as u64, -1 - (l2 / 2) as i32)
}

/// v's top 64 bits (its leading one, at `lead`, moved to bit 63).
fn top64(v: u128, lead: i32) -> u64 {
    if lead >= 63 {
        (v >> (lead - 63)) as u64
    } else {
        (v << (63 - lead)) as u64
    }
}

/// The table index i = round(128 n/d) for n <= d (significands with the leading one at bit
/// 63, d's exponent `d_exp` above n's), from their top 20 bits; 0 past d_exp = 8.
pub fn index(mn: u64, md: u64, d_exp: u32) -> u128 {
    if d_exp > 8 {
        return 0;
    }
    let t = (((mn >> 44) << 8) >> d_exp) / (md >> 44);
    u128::from((t + 1) >> 1)
}

/// atan q' for q' = num/den 2^extra (|q'| < 2^-7.99): T and eq, atan q' = T 2^(eq - 62).
pub fn atan_small(num: i128, den: u128, extra: i32) -> (u128, i32) {
    let c = consts();
    let an = num.unsigned_abs();
    let pa = 127 - an.leading_zeros() as i32;
    let pb = 127 - den.leading_zeros() as i32;
    let (a, b) = (top64(an, pa), top64(den, pb));
    let eq = pa - pb + extra;
    debug_assert!(eq <= -7, "q' = {num} / {den} 2^{extra} is not below 2^-7");
    let q = (u128::from(a) << 62) / u128::from(b);
    // q'^2 at 2^-64: Q^2 2^(2 eq - 124 + 64).
    let sh = (60 - 2 * eq) as u32;
    let u2 = if sh < 128 { (q * q) >> sh } else { 0 };
    let [c3, c5, c7] = c.c.map(u128::from);
    let p = c3 - ((u2 * (c5 - ((u2 * c7) >> 64))) >> 64);
    let r = (u2 * p) >> 64;
    ((q * ((1u128 << 64) - r)) >> 64, eq)
}

/// atan2 of finite nonzero magnitudes y = my 2^(ey - 63), x = mx 2^(ex - 63), in the
/// quadrant `xneg` says, with sign `neg`, as hls_fp_arctan64 computes it.
pub fn core(neg: bool, (my, ey): (u64, i32), (mx, ex): (u64, i32), xneg: bool) -> u64 {
    let c = consts();
    let swap = (ey, my) > (ex, mx);
    let ((mn, en), (md, ed)) = if swap {
        ((mx, ex), (my, ey))
    } else {
        ((my, ey), (mx, ex))
    };
    let d_exp = (ed - en) as u32;
    let i = index(mn, md, d_exp);
    // The vector rotated by -atan(i/128) (no rotation for i = 0: q' = q, its exponent
    // apart).
    let (n, extra) = if i != 0 {
        (u128::from(mn) << (8 - d_exp), 0)
    } else {
        (u128::from(mn) << 8, -(d_exp as i32))
    };
    let d = u128::from(md) << 8;
    let num = (n << 7) as i128 - (i * d) as i128;
    let den = (d << 7) + i * n;
    let (t, eq) = if num == 0 {
        (0, 0)
    } else {
        atan_small(num, den, extra)
    };
    if i == 0 && !swap && !xneg {
        return pack_normalised(neg, t, eq - 62);
    }
    let a = c.tab[i as usize];
    let (base, plus) = match (swap, xneg) {
        (false, false) => (a, true),
        (true, false) => (c.pi_2 - a, false),
        (false, true) => (c.pi - a, false),
        (true, true) => (c.pi_2 + a, true),
    };
    // T on the 2^-70 grid: T 2^(eq - 62 + 70).
    let sh = eq + 8;
    let tf = if sh >= 0 {
        t << sh
    } else if sh > -64 {
        t >> -sh
    } else {
        0
    };
    let v = if plus == (num >= 0) {
        base + tf
    } else {
        base - tf
    };
    pack_normalised(neg, v, -(F as i32))
}

/// atan2(y, x) (OpenCL, C99 Annex F's special cases).
pub fn atan2(y: u64, x: u64) -> u64 {
    let sy = y & !ABS;
    let (ay, ax) = (y & ABS, x & ABS);
    let xneg = x >> 63 == 1;
    if ay > PINF || ax > PINF {
        return QNAN;
    }
    match crate::mirrors::fatan::special_angle(ay == 0, ax == 0, ay == PINF, ax == PINF, xneg) {
        Some(k) => sy | [0, PI_4, PI_2, PI_3_4, PI][k],
        None => core(sy != 0, norm(ay), norm(ax), xneg),
    }
}

/// atan x = atan2(x, 1).
pub fn atan(x: u64) -> u64 {
    let ax = x & ABS;
    if ax > PINF {
        QNAN
    } else if ax == PINF {
        x & !ABS | PI_2
    } else if ax == 0 {
        x
    } else {
        core(x >> 63 == 1, norm(ax), (1 << 63, 0), false)
    }
}

/// asin x = atan2(x, sqrt(1 - x^2)).
pub fn asin(x: u64) -> u64 {
    let ax = x & ABS;
    if ax > ONE {
        QNAN
    } else if ax == ONE {
        x & !ABS | PI_2
    } else if ax == 0 {
        x
    } else {
        core(x >> 63 == 1, norm(ax), co_side(ax), false)
    }
}

/// acos x = atan2(sqrt(1 - x^2), x).
pub fn acos(x: u64) -> u64 {
    let ax = x & ABS;
    let neg = x >> 63 == 1;
    if ax > ONE {
        QNAN
    } else if ax == ONE {
        if neg {
            PI
        } else {
            0
        }
    } else if ax == 0 {
        PI_2
    } else {
        core(false, co_side(ax), norm(ax), neg)
    }
}

/// The table and constants for hls_fp_arctan64, as SystemVerilog for the math package.
pub fn generated() -> String {
    let c = consts();
    let mut s = String::from(
        "    // hls_fp_arctan64 (rtl-gen/src/fatan64.rs): atan(i/128), pi/2 and pi at 2^-70; 1/3,\n    \
         // 1/5 and 1/7 at 2^-64.\n    \
         function automatic logic [71:0] atan64_tab(input logic [7:0] i);\n        case (i)\n",
    );
    for (i, v) in c.tab.iter().enumerate() {
        s += &format!("            8'd{i}: return 72'h{v:018X};\n");
    }
    s += "            default: return 72'h0;\n        endcase\n    endfunction\n";
    s += &format!(
        "    localparam logic [71:0] ATAN64_PI_2 = 72'h{:018X};\n",
        c.pi_2
    );
    s += &format!(
        "    localparam logic [71:0] ATAN64_PI = 72'h{:018X};\n",
        c.pi
    );
    for (k, v) in [3, 5, 7].iter().zip(c.c) {
        s += &format!("    localparam logic [63:0] ATAN64_C{k} = 64'h{v:016X};\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::ulp::ulps64 as ulps;

    fn big(x: u64) -> Float {
        Float::with_val(256, f64::from_bits(x))
    }

    /// Random doubles over the whole range (every exponent), both signs, plus operands near
    /// the table's points (tan(i/128)) and near 1: atan within 0.52 ulp of MPFR.
    #[test]
    fn atan_within_its_bound() {
        let mut r = Rng(0x2545_F491_4F6C_DD1D);
        let mut worst = 0f64;
        for k in 0..400_000 {
            let x = match k % 3 {
                0 => r.next() & !(0x7FF << 52) | ((r.next() % 2046 + 1) << 52),
                1 => {
                    let c = ((r.next() % 129) as f64 / 128.0).tan();
                    c.to_bits().wrapping_add(r.next() % 4096).wrapping_sub(2048)
                        | r.next() & 1 << 63
                }
                _ => r.next() & !(0x7FF << 52) | ((r.next() % 80 + 983) << 52),
            };
            let e = ulps(atan(x), &big(x).atan());
            assert!(e < 0.52, "atan({x:#x}) = {:#x}: {e} ulp", atan(x));
            worst = worst.max(e);
        }
        eprintln!("atan max {worst:.4} ulp");
    }

    /// Pairs at every ratio (equal magnitudes, the table's points, 2^-60 to 2^60 apart,
    /// subnormal and huge), every quadrant: atan2 within 0.52 ulp of MPFR.
    #[test]
    fn atan2_within_its_bound() {
        let mut r = Rng(0x9E37_79B9_7F4A_7C15);
        let mut worst = 0f64;
        for k in 0..400_000 {
            let y = r.next() & !(0x7FF << 52) | ((r.next() % 2047) << 52);
            let x = match k % 4 {
                0 => r.next() & !(0x7FF << 52) | ((r.next() % 2047) << 52),
                1 => {
                    (y & ABS)
                        .wrapping_add(r.next() % (120 << 52))
                        .wrapping_sub(60 << 52)
                        % PINF
                }
                2 => y ^ (r.next() & 0xFFFF),
                _ => {
                    let t = ((r.next() % 129) as f64 / 128.0).tan();
                    let x = (f64::from_bits(y & ABS) / t).to_bits();
                    x.wrapping_add(r.next() % 64).wrapping_sub(32) % PINF
                }
            } | r.next() & 1 << 63;
            let want = big(y).atan2(&big(x));
            let e = ulps(atan2(y, x), &want);
            assert!(
                e < 0.52,
                "atan2({y:#x}, {x:#x}) = {:#x}: {e} ulp",
                atan2(y, x)
            );
            worst = worst.max(e);
        }
        eprintln!("atan2 max {worst:.4} ulp");
    }

    /// asin and acos over (-1, 1): random, near +-1, near 1/2 and tiny; within 0.52 ulp.
    #[test]
    fn asin_acos_within_their_bounds() {
        let mut r = Rng(0x1234_5678_9ABC_DEF1);
        let mut worst = [0f64; 2];
        for k in 0..300_000 {
            let x = match k % 3 {
                0 => r.next() & !(0x7FF << 52) | ((r.next() % 1023) << 52),
                1 => ONE - 1 - r.next() % (1 << (r.next() % 52)),
                _ => r.next() & !(0x7FF << 52) | ((r.next() % 40 + 983) << 52),
            } | r.next() & 1 << 63;
            for (n, (got, want)) in [(asin(x), big(x).asin()), (acos(x), big(x).acos())]
                .into_iter()
                .enumerate()
            {
                let e = ulps(got, &want);
                assert!(
                    e < 0.52,
                    "{}({x:#x}) = {got:#x}: {e} ulp",
                    ["asin", "acos"][n]
                );
                worst[n] = worst[n].max(e);
            }
        }
        eprintln!("asin max {:.4} ulp, acos {:.4}", worst[0], worst[1]);
    }

    #[test]
    fn special_values() {
        let f = |v: f64| v.to_bits();
        let inf = f64::INFINITY;
        assert_eq!(
            PI_3_4,
            (Float::with_val(53, Constant::Pi) * 3u32 / 4u32)
                .to_f64()
                .to_bits()
        );
        assert_eq!(PI, std::f64::consts::PI.to_bits());
        assert_eq!(atan2(f(0.0), f(-0.0)), PI);
        assert_eq!(atan2(f(-0.0), f(0.0)), f(-0.0));
        assert_eq!(atan2(f(-1.0), f(0.0)), PI_2 | 1 << 63);
        assert_eq!(atan2(f(-inf), f(-inf)), PI_3_4 | 1 << 63);
        assert_eq!(atan2(f(inf), f(inf)), PI_4);
        assert_eq!(atan2(f(3.0), f(-inf)), PI);
        assert_eq!(atan2(f(-3.0), f(inf)), f(-0.0));
        assert_eq!(atan2(f(1.0), f(f64::NAN)), QNAN);
        assert_eq!(atan2(f(1.0), f(1.0)), PI_4);
        assert_eq!(atan2(f(-1.0), f(-1.0)), PI_3_4 | 1 << 63);
        assert_eq!(atan2(1, f(2.0)), 0);
        assert_eq!(atan2(1, f(0.5)), 2);
        assert_eq!(atan(f(-inf)), PI_2 | 1 << 63);
        assert_eq!(atan(f(-0.0)), f(-0.0));
        assert_eq!(atan(1), 1);
        assert_eq!(atan(f(1e300)), PI_2);
        assert_eq!(asin(f(-1.0)), PI_2 | 1 << 63);
        assert_eq!(asin(f(1.5)), QNAN);
        assert_eq!(asin(f(-0.0)), f(-0.0));
        assert_eq!(acos(f(-1.0)), PI);
        assert_eq!(acos(f(1.0)), 0);
        assert_eq!(acos(f(0.0)), PI_2);
        assert_eq!(acos(5), PI_2);
        assert_eq!(asin(5), 5);
    }
}
