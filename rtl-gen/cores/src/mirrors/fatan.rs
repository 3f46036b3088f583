//! The float arctangent core (hls_fp_arctan in `rtl-gen/cores/sv/hls_fp_atan.sv`) in Rust, bit
//! for bit: atan2 (KIND 0) and atan (1: atan2(x, 1)). The double core's method
//! (`fatan64`) at float widths.
//!
//! atan2(y, x) for finite nonzero operands: both significands with their leading one at bit
//! 23 (subnormals normalised), the smaller magnitude n over the larger d, so q = n/d is in
//! (0, 1]; the result is atan q, pi/2 - atan q (|y| > |x|: swapped), pi - atan q (x < 0) or
//! pi/2 + atan q (both).
//!
//! - Reduction without a first division: i = round(128 q) from 12-bit truncations of the
//!   two significands (a 9-bit quotient; 0 once d's exponent is 9 or more above n's),
//!   c = i/128, and the vector (d, n) rotated by -atan c exactly in fixed point:
//!   num = 128 n - i d, den = 128 d + i n (32-bit operands, 8-bit i), so
//!   q' = num/den = (q - c)/(1 + q c) and atan q = atan c + atan q'. Each truncation is
//!   2^-11 relative, so 128 q is off by 1/8 at most before the rounding: |q - c| and |q'|
//!   stay below 0.625/128 = 2^-7.68.
//! - i = 1 is not used (i becomes 0: q' = q, at most 1.625/128 = 2^-6.3): beside atan(1/128)
//!   the correction atan q' would be as large as the result, so the division's error would
//!   reach the result undiminished; from i = 2 on |atan q'| is below 0.4 of the result.
//! - |num| and den normalised to their top G bits (den's leading one is at bit 38 or 39;
//!   num's anywhere: its cancellation is exact) and divided: Q = floor(a 2^(QB - 1) / b) in
//!   (2^(QB-2), 2^QB), q' = Q 2^(eq - QB + 1). Q's truncation and b's are 2^-26 relative.
//! - atan q' = q' (1 - q'^2 (1/3 - q'^2/5)): the next term, q'^6/7 relative, is below
//!   2^-40; u = q'^2 and the Horner steps at 2^-UF (truncated), T = Q - Q r: T is atan q'
//!   to 2^-25.9 relative.
//! - Without a table angle or quadrant (i = 0, not swapped, x > 0) the result is T 2^(eq -
//!   QB + 1) itself, rounded (down to the subnormals: atan2(tiny, huge)): within 0.5 +
//!   2^-2.9 ulp. Otherwise base +- T on a 2^-F grid, base one of atan c, pi/2 -+ atan c,
//!   pi - atan c (each rounded at 2^-(F+1), two at most summed), the result at least
//!   atan(1.5/128) minus 0.625/128, 2^-7.7: T's error is 0.4 2^-25.9 of it, the grid's
//!   2^-F+1.4 of 2^-7.7: within 0.5 + 0.1 ulp. OpenCL allows atan 5, atan2 6.

use rug::float::Constant;
use rug::Float;
use std::sync::OnceLock;

const QNAN: u32 = 0x7FC0_0000;
const PINF: u32 = 0x7F80_0000;
const ABS: u32 = 0x7FFF_FFFF;
/// pi/4, pi/2, 3 pi/4 and pi rounded to floats (the special cases' results).
pub const PI_4: u32 = 0x3F49_0FDB;
pub const PI_2: u32 = 0x3FC9_0FDB;
pub const PI_3_4: u32 = 0x4016_CBE4;
pub const PI: u32 = 0x4049_0FDB;

/// Top bits of each significand the index is computed from.
pub const K: u32 = 12;
/// Bits of the normalised division operands, and of its quotient.
pub const G: u32 = 29;
pub const QB: u32 = 28;
/// Fraction bits of q'^2 and the Horner steps.
pub const UF: u32 = 34;
/// Fraction bits of the fixed-point sum base +- T.
pub const F: u32 = 36;

pub struct Consts {
    /// atan(i / 128) at 2^-F, i = 0..=128, rounded.
    pub tab: [u64; 129],
    /// pi/2 and pi at 2^-F, rounded.
    pub pi_2: u64,
    pub pi: u64,
    /// 1/3 and 1/5 at 2^-UF, rounded.
    pub c3: u64,
    pub c5: u64,
}

pub fn consts() -> &'static Consts {
    static C: OnceLock<Consts> = OnceLock::new();
    C.get_or_init(|| {
        let p = 128;
        let fixed = |v: Float, frac: u32| crate::math::fixed_float(&v, frac) as u64;
        let pi = Float::with_val(p, Constant::Pi);
        Consts {
            tab: std::array::from_fn(|i| fixed((Float::with_val(p, i) / 128u32).atan(), F)),
            pi_2: fixed(pi.clone() / 2u32, F),
            pi: fixed(pi, F),
            c3: fixed(Float::with_val(p, 1) / 3u32, UF),
            c5: fixed(Float::with_val(p, 1) / 5u32, UF),
        }
    })
}

/// A finite nonzero magnitude as its significand with the leading one at bit 23 and its
/// exponent: a = m 2^(e - 23).
pub fn norm(a: u32) -> (u32, i32) {
    let ex = (a >> 23) as i32;
    let m = u32::from(ex != 0) << 23 | (a & 0x7F_FFFF);
    let lz = m.leading_zeros() as i32 - 8;
    (m << lz, ex.max(1) - 127 - lz)
}

/// The table index: i = round(128 n/d) for n <= d (significands with the leading one at bit
/// 23, d's exponent `dx` above n's) from their top K bits; 0 past dx = 8, and 0 for 1.
pub fn index(mn: u32, md: u32, dx: u32) -> u32 {
    if dx > 8 {
        return 0;
    }
    let t = (((mn >> (24 - K)) << 8) >> dx) / (md >> (24 - K));
    let i = (t + 1) >> 1;
    if i < 2 {
        0
    } else {
        i
    }
}

/// atan q' for q' = num/den 2^extra (|q'| < 2^-6.3): T and its exponent eq, atan q' = T
/// 2^(eq - QB + 1).
pub fn atan_small(anum: u64, den: u64, extra: i32) -> (u64, i32) {
    let c = consts();
    let pa = 63 - anum.leading_zeros() as i32;
    let pb = 63 - den.leading_zeros() as i32;
    let top = |v: u64, lead: i32| {
        if lead >= G as i32 - 1 {
            v >> (lead - (G as i32 - 1))
        } else {
            v << (G as i32 - 1 - lead)
        }
    };
    let (a, b) = (top(anum, pa), top(den, pb));
    let eq = pa - pb + extra;
    let q = (a << (QB - 1)) / b;
    // q'^2 at 2^-UF: Q^2 2^(2 (eq - QB + 1) + UF).
    let sh = 2 * (QB as i32 - 1 - eq) - UF as i32;
    let qq = u128::from(q) * u128::from(q);
    let u = if sh < 128 { (qq >> sh) as u64 } else { 0 };
    debug_assert!(u < 1 << 24, "q'^2 = {u} 2^-{UF}");
    let h = c.c3 - ((u * c.c5) >> UF);
    let r = (u * h) >> UF;
    debug_assert!(r < 1 << 20);
    (q - ((u128::from(q) * u128::from(r)) >> UF) as u64, eq)
}

/// atan2 of finite nonzero magnitudes y = my 2^(ey - 23), x = mx 2^(ex - 23), in the
/// quadrant `xneg` says, with sign `neg`, as hls_fp_arctan computes it.
pub fn core(neg: bool, (my, ey): (u32, i32), (mx, ex): (u32, i32), xneg: bool) -> u32 {
    let c = consts();
    let swap = (ey, my) > (ex, mx);
    let ((mn, en), (md, ed)) = if swap {
        ((mx, ex), (my, ey))
    } else {
        ((my, ey), (mx, ex))
    };
    let dx = (ed - en) as u32;
    let i = index(mn, md, dx);
    // The vector rotated by -atan(i/128) (none for i = 0: q' = q, its exponent apart).
    let (n, extra) = if i != 0 {
        (u64::from(mn) << (8 - dx), 0)
    } else {
        (u64::from(mn) << 8, -(dx as i32))
    };
    let d = u64::from(md) << 8;
    let i = u64::from(i);
    let num = (n << 7) as i64 - (i * d) as i64;
    let den = (d << 7) + i * n;
    let (t, eq) = if num == 0 {
        (0, 0)
    } else {
        atan_small(num.unsigned_abs(), den, extra)
    };
    let w = eq - QB as i32 + 1;
    if i == 0 && !swap && !xneg {
        return crate::math::norm_pack(neg, w + 64, u128::from(t));
    }
    let a = c.tab[i as usize];
    let (base, plus) = match (swap, xneg) {
        (false, false) => (a, true),
        (true, false) => (c.pi_2 - a, false),
        (false, true) => (c.pi - a, false),
        (true, true) => (c.pi_2 + a, true),
    };
    // T on the 2^-F grid: T 2^(w + F).
    let sh = w + F as i32;
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
    crate::math::norm_pack(neg, 64 - F as i32, u128::from(v))
}

/// The angle C99 Annex F gives atan2 when y or x is zero or infinite (neither NaN), as an
/// index into a width's [0, pi/4, pi/2, 3 pi/4, pi] (its magnitude; y's sign goes on it);
/// None when both are finite and nonzero. The float and double arctangents share it.
pub(crate) fn special_angle(
    y_zero: bool,
    x_zero: bool,
    y_inf: bool,
    x_inf: bool,
    xneg: bool,
) -> Option<usize> {
    let (zero, pi_4, pi_2, pi_3_4, pi) = (0, 1, 2, 3, 4);
    Some(if y_zero {
        if xneg {
            pi
        } else {
            zero
        }
    } else if x_zero {
        pi_2
    } else if y_inf {
        if !x_inf {
            pi_2
        } else if xneg {
            pi_3_4
        } else {
            pi_4
        }
    } else if x_inf {
        if xneg {
            pi
        } else {
            zero
        }
    } else {
        return None;
    })
}

/// atan2(y, x) (OpenCL, C99 Annex F's special cases).
pub fn atan2(y: u32, x: u32) -> u32 {
    let sy = y & !ABS;
    let (ay, ax) = (y & ABS, x & ABS);
    let xneg = x >> 31 == 1;
    if ay > PINF || ax > PINF {
        return QNAN;
    }
    match special_angle(ay == 0, ax == 0, ay == PINF, ax == PINF, xneg) {
        Some(k) => sy | [0, PI_4, PI_2, PI_3_4, PI][k],
        None => core(sy != 0, norm(ay), norm(ax), xneg),
    }
}

/// atan x = atan2(x, 1).
pub fn atan(x: u32) -> u32 {
    let ax = x & ABS;
    if ax > PINF {
        QNAN
    } else if ax == PINF {
        x & !ABS | PI_2
    } else if ax == 0 {
        x
    } else {
        core(x >> 31 == 1, norm(ax), (1 << 23, 0), false)
    }
}

/// sqrt(1 - x^2) as hls_fp_asin computes it: the float fma (one rounding: 1 - x^2 never
/// suffers its cancellation), then the float square root; NaN for |x| > 1.
fn cosine_of_arcsine(x: u32) -> u32 {
    let v = f32::from_bits(x);
    (-v).mul_add(v, 1.0).sqrt().to_bits()
}

/// asin x = atan2(x, sqrt(1 - x^2)). The root's relative error, 2^-25 from the fma's
/// rounding (halved by the root) and 2^-24 from its own, reaches the result at most
/// unchanged (d atan2(x, s) / ds = -x, with |x| <= 1 against a result at least |x|), so
/// with the arctangent's 0.63 ulp: within 0.75 2^-23 relative + 0.63 ulp, 2.2 ulp.
pub fn asin(x: u32) -> u32 {
    atan2(x, cosine_of_arcsine(x))
}

/// acos x = atan2(sqrt(1 - x^2), x): likewise (the result is atan2's over d atan2(s, x)/ds
/// = x: at most unchanged); a = -1 gives atan2(+0, -1) = pi.
pub fn acos(x: u32) -> u32 {
    atan2(cosine_of_arcsine(x), x)
}

/// The table and constants for hls_fp_arctan, as SystemVerilog for the math package.
pub fn generated() -> String {
    let c = consts();
    let mut s = format!(
        "    // hls_fp_arctan (rtl-gen/src/fatan.rs): atan(i/128), pi/2 and pi at 2^-{F}; 1/3 and\n    \
         // 1/5 at 2^-{UF}.\n    \
         function automatic logic [{w}:0] atan32_tab(input logic [7:0] i);\n        case (i)\n",
        w = F + 1
    );
    for (i, v) in c.tab.iter().enumerate() {
        s += &format!("            8'd{i}: return {}'h{v:010X};\n", F + 2);
    }
    s += &format!(
        "            default: return {}'h0;\n        endcase\n    endfunction\n",
        F + 2
    );
    s += &format!(
        "    localparam logic [{w}:0] ATAN32_PI_2 = {}'h{:010X};\n",
        F + 2,
        c.pi_2,
        w = F + 1
    );
    s += &format!(
        "    localparam logic [{w}:0] ATAN32_PI = {}'h{:010X};\n",
        F + 2,
        c.pi,
        w = F + 1
    );
    s += &format!(
        "    localparam logic [33:0] ATAN32_C3 = 34'h{:09X};\n",
        c.c3
    );
    s += &format!(
        "    localparam logic [31:0] ATAN32_C5 = 32'h{:08X};\n",
        c.c5
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::ulp::ulps32 as ulps;

    /// atan over every float from the smallest subnormal to 2^26 (beyond, pi/2 rounded),
    /// against double precision, with a stride: within 0.6 ulp.
    #[test]
    fn atan_within_its_bound() {
        let mut worst = (0f64, 0u32);
        let mut x = 1u32;
        while x < 0x4C80_0000 {
            for s in [0, 0x8000_0000] {
                let e = ulps(atan(x | s), f64::from(f32::from_bits(x | s)).atan());
                if e > worst.0 {
                    worst = (e, x | s);
                }
            }
            x += 97;
        }
        eprintln!("atan max {:.4} ulp at {:#x}", worst.0, worst.1);
        assert!(worst.0 < 0.6, "atan({:#x}): {} ulp", worst.1, worst.0);
    }

    /// Pairs at every ratio (equal magnitudes, the table's points, 2^-30 to 2^30 apart,
    /// subnormal and huge), every quadrant: atan2 within 0.63 ulp (the direct path: 0.5 + 2^-3).
    #[test]
    fn atan2_within_its_bound() {
        let mut r = Rng(0x9E37_79B9_7F4A_7C15);
        let mut worst = (0f64, 0u32, 0u32);
        for k in 0..2_000_000 {
            let y = (r.next() as u32) & 0x807F_FFFF | ((r.next() % 255) as u32) << 23;
            let x = match k % 4 {
                0 => (r.next() as u32) & 0x807F_FFFF | ((r.next() % 255) as u32) << 23,
                1 => {
                    (y & ABS)
                        .wrapping_add((r.next() % (60 << 23)) as u32)
                        .wrapping_sub(30 << 23)
                        % PINF
                }
                2 => y ^ (r.next() as u32 & 0xFFF),
                _ => {
                    let t = ((r.next() % 129) as f64 / 128.0).tan();
                    let x = (f64::from(f32::from_bits(y & ABS)) / t) as f32;
                    x.to_bits()
                        .wrapping_add((r.next() % 64) as u32)
                        .wrapping_sub(32)
                        % PINF
                }
            } | (r.next() as u32) & 0x8000_0000;
            let want = f64::from(f32::from_bits(y)).atan2(f64::from(f32::from_bits(x)));
            let e = ulps(atan2(y, x), want);
            if e > worst.0 {
                worst = (e, y, x);
            }
        }
        eprintln!(
            "atan2 max {:.4} ulp at ({:#x}, {:#x})",
            worst.0, worst.1, worst.2
        );
        assert!(
            worst.0 < 0.63,
            "atan2({:#x}, {:#x}): {}",
            worst.1,
            worst.2,
            worst.0
        );
    }

    /// asin and acos over every float in [-1, 1] with a stride (and the edges), against
    /// double precision: within 2.2 ulp (OpenCL allows 4).
    #[test]
    fn asin_acos_within_their_bound() {
        let mut worst = [(0f64, 0u32); 2];
        let mut x = 0u32;
        while x <= 0x3F80_0000 {
            for v in [x, x | 0x8000_0000, 0x3F80_0000 - (x & 0xFFFF)] {
                let f = f64::from(f32::from_bits(v));
                for (k, (got, want)) in [(asin(v), f.asin()), (acos(v), f.acos())]
                    .into_iter()
                    .enumerate()
                {
                    let e = ulps(got, want);
                    if e > worst[k].0 {
                        worst[k] = (e, v);
                    }
                }
            }
            x += 61;
        }
        eprintln!("asin max {:.4} ulp at {:#x}", worst[0].0, worst[0].1);
        eprintln!("acos max {:.4} ulp at {:#x}", worst[1].0, worst[1].1);
        assert!(worst.iter().all(|w| w.0 < 2.2), "{worst:?}");
    }

    #[test]
    fn special_values() {
        let f = |v: f32| v.to_bits();
        let inf = f32::INFINITY;
        assert_eq!(PI_4, std::f32::consts::FRAC_PI_4.to_bits());
        assert_eq!(PI_2, std::f32::consts::FRAC_PI_2.to_bits());
        assert_eq!(PI_3_4, f((3.0 * std::f64::consts::FRAC_PI_4) as f32));
        assert_eq!(PI, std::f32::consts::PI.to_bits());
        assert_eq!(atan2(f(0.0), f(-0.0)), PI);
        assert_eq!(atan2(f(-0.0), f(0.0)), f(-0.0));
        assert_eq!(atan2(f(-1.0), f(0.0)), PI_2 | 1 << 31);
        assert_eq!(atan2(f(-inf), f(-inf)), PI_3_4 | 1 << 31);
        assert_eq!(atan2(f(inf), f(inf)), PI_4);
        assert_eq!(atan2(f(3.0), f(-inf)), PI);
        assert_eq!(atan2(f(-3.0), f(inf)), f(-0.0));
        assert_eq!(atan2(f(1.0), f(f32::NAN)), QNAN);
        assert_eq!(atan2(f(1.0), f(1.0)), PI_4);
        assert_eq!(atan2(f(-1.0), f(-1.0)), PI_3_4 | 1 << 31);
        assert_eq!(atan2(1, f(2.0)), 0);
        assert_eq!(atan2(1, f(0.5)), 2);
        assert_eq!(atan(f(-inf)), PI_2 | 1 << 31);
        assert_eq!(atan(f(-0.0)), f(-0.0));
        assert_eq!(atan(1), 1);
        assert_eq!(atan(f(1e30)), PI_2);
        assert_eq!(asin(f(1.0)), PI_2);
        assert_eq!(asin(f(-1.0)), PI_2 | 1 << 31);
        assert_eq!(asin(f(-0.0)), f(-0.0));
        assert_eq!(asin(1), 1);
        assert_eq!(acos(f(1.0)), 0);
        assert_eq!(acos(f(-1.0)), PI);
        assert_eq!(acos(f(0.0)), PI_2);
        assert_eq!(acos(f(-0.0)), PI_2);
        for bad in [f(1.0000001), f(-2.0), f(inf), f(-inf), QNAN, 0xFFC0_0001] {
            assert_eq!(asin(bad), QNAN, "{bad:#x}");
            assert_eq!(acos(bad), QNAN, "{bad:#x}");
        }
    }
}
