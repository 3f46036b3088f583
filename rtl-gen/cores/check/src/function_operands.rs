//! The elementary functions' operands: arguments near where a table, a reduction or a
//! special path of the core changes hands (exp's overflow edges, log near 1, sin near
//! multiples of pi/2, pow's exact cases, atan near the table's points, erf's intervals).

use crate::operands::*;
use crate::reference::*;
use crate::Rng;

/// Where the double exponentials overflow, underflow, turn subnormal and vanish (e, 2 and
/// 10 as bases): their arguments are the hard cases of the range.
pub(crate) const EXP64_EDGES: [f64; 10] = [
    709.782712893384,
    -708.3964185322641,
    -745.1332191019411,
    1024.0,
    -1022.0,
    -1074.0,
    -1075.0,
    308.25471555991675,
    -307.6526555685888,
    -323.3062153431158,
];

/// x's bits moved by up to `spread` ulps either way, `w` choosing how far.
pub(crate) fn nudged(x: f64, w: u64, spread: u64) -> u64 {
    x.to_bits()
        .wrapping_add(w % (2 * spread + 1))
        .wrapping_sub(spread)
}

/// The operand of a one-argument double function core: `a` (the general biased operand),
/// any value in the range the function computes (|x| in [2^-60, 2048)), a point near a
/// table boundary of the exponentials (n/64 for exp2, n ln 2 / 64 for exp), or an argument
/// near an edge of their range; the last three nudged by a few ulps.
pub(crate) fn function_operand64(r: &mut Rng, a: u64) -> u64 {
    let (u, w) = (r.next(), r.next());
    let nudge = |x: f64, spread: u64| nudged(x, w, spread);
    match u % 4 {
        0 => a,
        1 => (u & (1 << 63)) | ((u >> 8) % 71 + 963) << 52 | (w & ((1 << 52) - 1)),
        2 => {
            let n = ((u >> 8) % 140_000) as f64 - 70_000.0;
            let x = if u >> 40 & 1 == 1 {
                n / 64.0
            } else {
                n * std::f64::consts::LN_2 / 64.0
            };
            nudge(x, 4)
        }
        _ => nudge(EXP64_EDGES[(u >> 8) as usize % EXP64_EDGES.len()], 1 << 20),
    }
}

/// The operand of the double expm1, sinh, cosh and tanh cores: the exponential's operands
/// (`function_operand64`: up to the overflow edges) half the time, otherwise |x| from 2^-73
/// to 2^-3 (the small-argument paths, expm1's below 2^-7 and sinh's from 2^-27 to 2^-5, and
/// tiny results on both sides of their borders), or near -55 ln 2 (where expm1 starts
/// rounding to -1), nudged by up to 2^20 ulps.
pub(crate) fn expm1_operand64(r: &mut Rng, a: u64) -> u64 {
    let (u, w) = (r.next(), r.next());
    let sign = u & (1 << 63);
    match u % 6 {
        0..=2 => function_operand64(r, a),
        3 | 4 => sign | ((u >> 8) % 70 + 950) << 52 | (w & ((1 << 52) - 1)),
        _ => (-55.0 * std::f64::consts::LN_2)
            .to_bits()
            .wrapping_add(w % (1 << 21))
            .wrapping_sub(1 << 20),
    }
}

/// The operand of the double log1p core: `a` (every special case), |x| from 2^-73 to 2^7
/// (the small-argument path below 2^-13, its border, moderate values, both signs), x just
/// above -1, any positive double, x from 2^52 to 2^56 (where 1 + x rounds, ties
/// included), or y - 1 for a logarithm operand y near 1 or a table boundary.
pub(crate) fn log1p_operand64(r: &mut Rng, a: u64) -> u64 {
    let (u, w) = (r.next(), r.next());
    match u % 6 {
        0 => a,
        1 => (u & 1 << 63) | ((u >> 8) % 80 + 950) << 52 | (w & ((1 << 52) - 1)),
        2 => (-1f64).to_bits() - 1 - (w % (1 << 44)),
        3 => (w >> 1) % 0x7FF0_0000_0000_0000,
        4 => ((u >> 8) % 5 + 1075) << 52 | (w & ((1 << 52) - 1)),
        _ => {
            let y = f64::from_bits(log_operand64(r, a));
            (y - 1.0).to_bits()
        }
    }
}

/// A float argument for log1p: `a` (every special case); |x| from 2^-40 to 2^7 (the fma
/// path below 2^-12, its border, the logarithm's path where 1 + x rounds or cancels), both
/// signs; x just above -1 (1 + x exact, small); any positive float; x from 2^23 to 2^26
/// (where 1 + x and u - 1 round, ties included); or y - 1 for y near 1 or near a table
/// boundary of the float logarithm (m = j/128).
pub(crate) fn log1p_operand32(r: &mut Rng, a: u32) -> u32 {
    let (u, w) = (r.next(), r.next());
    let frac = w as u32 & 0x7F_FFFF;
    match u % 6 {
        0 => a,
        1 => ((u >> 63) as u32) << 31 | (((u >> 8) % 47 + 87) as u32) << 23 | frac,
        2 => 0xBF80_0000 - 1 - (w % (1 << 20)) as u32,
        3 => (w as u32 >> 1) % 0x7F80_0000,
        4 => (((u >> 8) % 4 + 150) as u32) << 23 | frac,
        _ => {
            // 1 +- 2^-k (1 + f) or j/128 (times 2^0 or 2^1), a few ulps off, minus 1.
            let y = if u >> 8 & 1 == 0 {
                let k = ((u >> 9) % 30 + 1) as i32;
                let d = 2f32.powi(-k) * (1.0 + (frac as f32) / 8388608.0);
                if u >> 40 & 1 == 0 {
                    1.0 + d
                } else {
                    1.0 - d / 2.0
                }
            } else {
                let j = ((u >> 9) % 96 + 96) as f32 / 128.0;
                j * if u >> 40 & 1 == 0 { 1.0 } else { 2.0 }
            };
            let y = f32::from_bits(
                y.to_bits()
                    .wrapping_add((w >> 40) as u32 % 9)
                    .wrapping_sub(4),
            );
            (y - 1.0).to_bits()
        }
    }
}

/// The operand of a double logarithm core: `a` (the general biased operand), any positive
/// value (every exponent, subnormals included), a value near 1 (1 +- 2^-k (1 + f) for k up
/// to 60: the cores' path where z is the whole result), a point near a boundary of either
/// table (m' = j/128, then 1 + z1 at n 2^-13, times any power of two), or a power of 2 or
/// 10 (exact results); the last two nudged by a few ulps.
pub(crate) fn log_operand64(r: &mut Rng, a: u64) -> u64 {
    let (u, w) = (r.next(), r.next());
    let nudge = |x: f64| x.to_bits().wrapping_add(w % 9).wrapping_sub(4);
    let frac = (w >> 12) as f64 / (1u64 << 52) as f64;
    match u % 5 {
        0 => a,
        1 if u >> 8 & 7 == 0 => w & ((1 << 52) - 1), // subnormal
        1 => ((u >> 12) % 2046 + 1) << 52 | (w & ((1 << 52) - 1)),
        2 => {
            let off = (1.0 + frac) * 2f64.powi(-1 - ((u >> 8) % 60) as i32);
            (1.0 + if u >> 7 & 1 == 1 { off } else { -off / 2.0 }).to_bits()
        }
        3 => {
            let j = ((u >> 8) % 97 + 96) as f64 / 128.0;
            let n = ((u >> 16) % 129) as f64 - 64.0;
            let e = ((u >> 24) % 200) as i32 - 100;
            nudge(j * (1.0 + n / 8192.0) * 2f64.powi(e))
        }
        _ if u >> 8 & 1 == 0 => nudge(2f64.powi(((u >> 9) % 2098) as i32 - 1074)),
        _ => nudge(10f64.powi(((u >> 9) % 600) as i32 - 300)),
    }
}

/// A second operand that puts the result of `core` (add, mul, div, fma as a * b + c)
/// within a few ulps of the smallest normal number, where subnormal results begin and a
/// flush-to-zero core decides between zero and the smallest normal: None when the
/// result cannot land there (a zero, infinite or NaN first operand).
pub(crate) fn near_smallest_normal(core: &str, a: f64, b: f64, min: f64, u: u64) -> Option<f64> {
    let m = if u & 1 == 1 { -min } else { min };
    let t = match core.get(5..).unwrap_or_default() {
        "add" => m - a,
        "mul" => m / a,
        "div" => a / m,
        "fma" => m - a * b,
        _ => return None,
    };
    (t.is_finite() && t != 0.0).then_some(t)
}

/// The operand of a double sine or cosine core: `a` (the general biased operand), any
/// finite double from 2^-28 up (every exponent), a near multiple of pi/2 (k pi/2 for k up
/// to 2^40, nudged by up to 8 ulps: the reduction's cancellation), one of the doubles
/// closest to a multiple of pi/2 (the reduction's worst cases), or a point near the
/// table's i/128 (nudged by up to 2^-50); either sign.
pub(crate) fn trig_operand64(r: &mut Rng, a: u64) -> u64 {
    // 6381956970095103 2^797, the double closest to a multiple of pi/2 (r' near 2^-61,
    // Muller's table of worst cases); near pi/2, pi, 2 pi; 1e22.
    const HARD: [u64; 5] = [
        0x7506_AC5B_262C_A1FF,
        0x3FF9_21FB_5444_2D18,
        0x4009_21FB_5444_2D18,
        0x4019_21FB_5444_2D18,
        0x4480_F0CF_064D_D592,
    ];
    let (u, w) = (r.next(), r.next());
    let sign = u & (1 << 63);
    let x = match u % 5 {
        0 => return a,
        1 => ((u >> 8) % (2047 - 995) + 995) << 52 | (w & ((1 << 52) - 1)),
        2 => {
            let k = (w >> 24) % (1 << 40);
            (k as f64 * std::f64::consts::FRAC_PI_2)
                .to_bits()
                .wrapping_add((u >> 8) % 17)
                .wrapping_sub(8)
        }
        3 => HARD[(u >> 8) as usize % HARD.len()]
            .wrapping_add((u >> 16) % 5)
            .wrapping_sub(2),
        _ => {
            let i = ((u >> 8) % 102) as f64 / 128.0;
            (i + ((w % 2001) as f64 - 1000.0) * 2f64.powi(-60)).to_bits()
        }
    };
    sign | (x & !(1 << 63))
}

/// A float argument for expm1, tanh, sinh and cosh: any operand a third of the time; |x|
/// from 2^-38 to 2^3 (the tiny border at 2^-33, sinh's at 2^-12, the polynomial path below
/// 2^-5 and its border, the cancelling k = 0 and k = -1); x near j ln 2 for j from -40 to
/// 130 (where k steps, up to the overflow past 88.7, the halved ones' past 89.4, and the
/// rounding to -1 below -17.3), a few hundred ulps either way.
pub(crate) fn expm1_operand32(r: &mut Rng, a: u32) -> u32 {
    let (u, w) = (r.next(), r.next());
    let sign = ((u >> 63) as u32) << 31;
    match u % 3 {
        0 => a,
        1 => sign | (((u >> 8) % 42 + 89) as u32) << 23 | (w as u32 & 0x7F_FFFF),
        _ => {
            let j = (u >> 8) % 171;
            let x = (j as f64 - 40.0) * std::f64::consts::LN_2;
            (x as f32)
                .to_bits()
                .wrapping_add((w % 512) as u32)
                .wrapping_sub(256)
        }
    }
}

/// A float argument for sin, cos and tan: any operand; the floats closest to a multiple of
/// pi/2 (|x 2/pi - k| under 2^-26: the reduction's hard cases, from a scan of every float
/// with rtl_gen::fsin's window) a few ulps either way; floats near k pi/2 for k up to 2^40;
/// around 2^-12, where the cores stop computing sin x = x and cos x = 1.
pub(crate) fn trig_operand32(r: &mut Rng, a: u32) -> u32 {
    const HARD: [u32; 12] = [
        0x6F79_BE45,
        0x50A3_E87F,
        0x6FF9_BE45,
        0x5123_E87F,
        0x437C_E5F1,
        0x7758_4625,
        0x7079_BE45,
        0x6A19_76F1,
        0x6589_8498,
        0x53B1_46A6,
        0x7EBD_CDA0,
        0x723F_A09A,
    ];
    let (u, w) = (r.next(), r.next());
    let sign = (u >> 63) as u32;
    let x = match u % 5 {
        0 | 1 => return a,
        2 => HARD[(u >> 8) as usize % HARD.len()]
            .wrapping_add((u >> 16) as u32 % 7)
            .wrapping_sub(3),
        3 => {
            let k = (w >> 24) % (1 << 40);
            ((k as f64 * std::f64::consts::FRAC_PI_2) as f32)
                .to_bits()
                .wrapping_add((u >> 8) as u32 % 9)
                .wrapping_sub(4)
        }
        _ => (114 + (u >> 8) as u32 % 2) << 23 | (w as u32 & 0x7F_FFFF),
    };
    sign << 31 | (x & 0x7FFF_FFFF)
}

/// The operands of a double power core: mostly x and y whose t = y log2|x| spans the
/// exponential's range (both signs, |t| up to 1100: overflow, underflow, subnormal
/// results), with x anywhere, near 1 (y then huge) or negative (y then an integer, odd or
/// even); the rest the general biased operands (the special cases). pown's exponent is an
/// int (t's range, or a small or any int); rootn's a small or any int or +-2^k; cbrt's
/// operand any double.
pub(crate) fn power_operands64(core: &str, r: &mut Rng) -> Vec<u64> {
    let (u, w) = (r.next(), r.next());
    if core == "fp64_cbrt" {
        return vec![if u % 4 == 0 { operand64(r) } else { w }];
    }
    let frac = (w >> 11) as f64 / (1u64 << 53) as f64;
    let x = match u % 8 {
        0 | 1 => operand64(r),
        2 | 3 => (w >> 1) % 0x7FF0_0000_0000_0000,
        4 | 5 => (1.0 + (frac - 0.5) * 2f64.powi(-(((u >> 8) % 52) as i32))).to_bits(),
        _ => (-(((u >> 8) % 4000) as f64 + frac)).to_bits(),
    };
    let lx = f64::from_bits(x).abs().log2();
    let t = ((r.next() >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 2200.0;
    let mut y = if lx.is_finite() && lx != 0.0 {
        t / lx
    } else {
        t
    };
    if core == "fp64_pown" || core == "fp64_rootn" {
        let n = match u >> 4 & 3 {
            0 => r.next() as u32 as i32,
            1 => ((u >> 32) % 81) as i32 - 40,
            // rootn: +-2^k (the reciprocal exact), k up to 31.
            _ if core == "fp64_rootn" => {
                (1u32 << ((u >> 40) % 32)) as i32 * ((u >> 39 & 1) as i32 * 2 - 1)
            }
            _ => y.clamp(i32::MIN as f64, i32::MAX as f64) as i32,
        };
        return vec![x, n as u32 as u64];
    }
    if f64::from_bits(x) < 0.0 || u >> 4 & 7 == 0 {
        y = y.round();
    }
    let y = if u >> 7 & 7 == 0 {
        operand64(r)
    } else {
        y.to_bits()
    };
    vec![x, y]
}

/// The operands of the float power cores, as power_operands64 draws the double ones: x
/// any operand, any finite float, within 2^-k of 1 (log2 x tiny: y large) or a negative
/// integer-ish value; y such that t = y log2|x| falls anywhere in (-165, 165), so the
/// results cross the overflow and underflow thresholds and the subnormals, often an
/// integer (negative x, odd or even), sometimes any operand; pown's n small, any int, or
/// from t; cbrt's x any float.
pub(crate) fn power_operands32(core: &str, r: &mut Rng) -> Vec<u64> {
    let (u, w) = (r.next(), r.next());
    if core == "fp32_cbrt" {
        return vec![if u % 4 == 0 { operand(r) } else { w as u32 } as u64];
    }
    let frac = (w >> 40) as f64 / (1u64 << 24) as f64;
    let x = match u % 8 {
        0 | 1 => operand(r),
        2 | 3 => (w as u32 >> 1) % 0x7F80_0000,
        4 | 5 => ((1.0 + (frac - 0.5) * 2f64.powi(-(((u >> 8) % 23) as i32))) as f32).to_bits(),
        _ => (-(((u >> 8) % 4000) as f32 + frac as f32)).to_bits(),
    };
    let lx = (f(x as u64) as f64).abs().log2();
    let t = ((r.next() >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 330.0;
    let mut y = if lx.is_finite() && lx != 0.0 {
        t / lx
    } else {
        t
    };
    if core == "fp32_pown" {
        let n = match u >> 4 & 3 {
            0 => r.next() as u32 as i32,
            1 => ((u >> 32) % 81) as i32 - 40,
            _ => y.clamp(i32::MIN as f64, i32::MAX as f64) as i32,
        };
        return vec![x as u64, n as u32 as u64];
    }
    if f(x as u64) < 0.0 || u >> 4 & 7 == 0 {
        y = y.round();
    }
    let y = if u >> 7 & 7 == 0 {
        operand(r)
    } else {
        (y as f32).to_bits()
    };
    vec![x as u64, y as u64]
}

/// The operands of the float arctangent cores (rtl_gen::fatan): atan near the table's
/// points tan(i/128) and their reciprocals (where the rotation leaves the most and the
/// least, and i = 1 turns into 0), at every exponent from 2^-30 to 2^30, or general; atan2
/// y general or any finite float, x from y's binade to 2^40 apart, near y / tan(i/128), or
/// general (zeros, infinities, NaN, subnormals). asin and acos: anywhere in (-1, 1), 1 -
/// k ulp for k up to 2^20 (sqrt(1 - x^2) from the fma's exact cancellation), tiny, just
/// past +-1, or general (outside [-1, 1]: NaN).
pub(crate) fn arctan_operands32(core: &str, r: &mut Rng, a: u32) -> Vec<u64> {
    let (u, w) = (r.next(), r.next());
    let sign = ((u >> 63) as u32) << 31;
    let near_tab = |r: &mut Rng| ((r.next() % 129) as f64 / 128.0).tan();
    let nudge = |x: f64| {
        (x as f32)
            .to_bits()
            .wrapping_add((w % 4097) as u32)
            .wrapping_sub(2048)
    };
    if core == "fp32_asin" || core == "fp32_acos" {
        return vec![u64::from(match u % 6 {
            0 => a,
            1 | 2 => (f32::from_bits((w >> 41) as u32 | 0x3F80_0000) - 1.0).to_bits() | sign,
            3 => (0x3F80_0000 - 1 - (w as u32 >> 8) % (1 << ((u >> 8) % 21))) | sign,
            4 => (0x3F80_0000 + (w as u32 % 64)) | sign,
            _ => sign | (((u >> 8) % 60 + 67) as u32) << 23 | (w as u32 & 0x7F_FFFF),
        })];
    }
    if core == "fp32_atan" {
        return vec![u64::from(match u % 4 {
            0 => a,
            1 => nudge(near_tab(r)) | sign,
            2 => nudge(1.0 / near_tab(r).max(1.0 / 128.0)) | sign,
            _ => sign | (((u >> 8) % 60 + 97) as u32) << 23 | (w as u32 & 0x7F_FFFF),
        })];
    }
    let y = if u % 3 == 0 {
        a
    } else {
        (w as u32 % 0x7F80_0000) | sign
    };
    let v = r.next();
    let x = match v % 4 {
        0 => partner(r, y),
        1 => {
            let e = (((y >> 23) & 0xFF) as i64 + (v >> 8) as i64 % 81 - 40).clamp(0, 254) as u32;
            e << 23 | (r.next() as u32 & 0x7F_FFFF)
        }
        2 => ((f32::from_bits(y & 0x7FFF_FFFF) as f64 / near_tab(r)) as f32)
            .to_bits()
            .wrapping_add((v >> 8) as u32 % 65)
            .wrapping_sub(32),
        _ => operand(r),
    } ^ ((r.next() as u32) & 0x8000_0000);
    vec![u64::from(y), u64::from(x)]
}

/// The operands of the double arctangent cores. atan: near the table's points tan(i/128)
/// (where the rotation leaves the most and the least), tiny (the result is x), huge (pi/2
/// minus a tiny angle), near +-1. atan2: y general or any finite double, x from y's binade
/// to 2^120 apart, near y / tan(i/128), or general (zeros, infinities, NaN, subnormals: the
/// quotient far below the smallest double). asin and acos: anywhere in (-1, 1), within a
/// few thousand ulps of +-1 (sqrt(1 - x^2) from the exact cancellation), tiny, or general
/// (outside [-1, 1]: NaN).
pub(crate) fn arctan_operands64(core: &str, r: &mut Rng, a: u64) -> Vec<u64> {
    let (u, w) = (r.next(), r.next());
    let sign = u & (1 << 63);
    let near_tab = |r: &mut Rng| ((r.next() % 129) as f64 / 128.0).tan();
    let nudge = |x: f64, spread: u64| nudged(x, w, spread);
    match core {
        "fp64_atan" => vec![match u % 5 {
            0 => a,
            1 => nudge(near_tab(r), 1 << 12) | sign,
            2 => nudge(1.0 / near_tab(r).max(1.0 / 128.0), 1 << 12) | sign,
            3 => ((u >> 8) % 2046 + 1) << 52 | (w & ((1 << 52) - 1)) | sign,
            _ => (((u >> 8) % 60 + 993) << 52 | (w & ((1 << 52) - 1))) | sign,
        }],
        "fp64_atan2" => {
            let y = if u % 3 == 0 {
                a
            } else {
                (w % 0x7FF0_0000_0000_0000) | sign
            };
            let v = r.next();
            let x = match v % 4 {
                0 => partner64(r, y),
                1 => {
                    let e = (((y >> 52) & 0x7FF) as i64 + (v >> 8) as i64 % 241 - 120)
                        .clamp(0, 2046) as u64;
                    e << 52 | (r.next() & ((1 << 52) - 1))
                }
                2 => nudge(f64::from_bits(y & !(1 << 63)) / near_tab(r), 64),
                _ => operand64(r),
            } ^ (r.next() & (1 << 63));
            vec![y, x]
        }
        _ => vec![match u % 5 {
            0 => a,
            1 | 2 => ((w >> 12) as f64 / (1u64 << 52) as f64).to_bits() | sign,
            // 1 - k ulp, k up to 2^40.
            3 => (0x3FF0_0000_0000_0000 - 1 - (w >> 8) % (1 << ((u >> 8) % 41))) | sign,
            _ => ((u >> 8) % 60 + 963) << 52 | (w & ((1 << 52) - 1)) | sign,
        }],
    }
}

/// The operand of the float erf and erfc cores (rtl_gen::ferf), either sign: the general
/// biased operand; |x| at every exponent from 2^-30 to 2^3 (the series and table paths);
/// anywhere in [0, 4) (erf's range) and [4, 11) (erfc's tail: subnormal results from 9.2,
/// zero from 10.06); near the table's interval borders (k 2^(s-9) in binade [2^(s-3),
/// 2^(s-2))) and the paths' borders (2^-3, 4, 16).
pub(crate) fn erf_operand32(r: &mut Rng, a: u32) -> u32 {
    let (u, w) = (r.next(), r.next());
    let sign = ((u >> 63) as u32) << 31;
    let frac = (w >> 11) as f64 / (1u64 << 53) as f64;
    let near = |x: u32| x.wrapping_add((w >> 40) as u32 % 65).wrapping_sub(32);
    match u % 6 {
        0 => a,
        1 => sign | (((u >> 8) % 34 + 97) as u32) << 23 | (w as u32 & 0x7F_FFFF),
        2 => sign | ((frac * 4.0) as f32).to_bits(),
        3 => sign | ((4.0 + frac * 7.0) as f32).to_bits(),
        4 => sign | near((((u >> 8) % 7 + 124) as u32) << 23 | ((w % 64) as u32) << 17),
        _ => sign | near([0x3E00_0000, 0x4080_0000, 0x4180_0000][(u >> 8) as usize % 3]),
    }
}

/// The operand of the double erf and erfc cores, either sign: the general biased operand;
/// |x| at every exponent from 2^-60 to 2^5 (the tiny, series and table paths); anywhere in
/// [0, 30); near the table's interval borders (k/64 below 1, k 2^(s-7) in binade s) and
/// the paths' borders (2^-3, 6, 28, erfc's subnormal results from 26.5 on).
pub(crate) fn erf_operand64(r: &mut Rng, a: u64) -> u64 {
    let (u, w) = (r.next(), r.next());
    let sign = u & (1 << 63);
    let frac = (w >> 11) as f64 / (1u64 << 53) as f64;
    let nudge = |x: f64, spread: u64| nudged(x, w, spread) | sign;
    match u % 5 {
        0 => a,
        1 => ((u >> 8) % 65 + 963) << 52 | (w & ((1 << 52) - 1)) | sign,
        2 => (frac * 30.0).to_bits() | sign,
        3 => {
            let s = (u >> 8) % 6;
            let step = if s == 0 {
                1.0 / 64.0
            } else {
                2f64.powi(s as i32 - 7)
            };
            let base = if s == 0 { 0.0 } else { 2f64.powi(s as i32 - 1) };
            nudge(base + step * ((u >> 16) % 65) as f64, 1 << 10)
        }
        _ => nudge(
            [0.125, 6.0, 28.0, 26.55, 27.2][(u >> 8) as usize % 5],
            1 << 40,
        ),
    }
}
