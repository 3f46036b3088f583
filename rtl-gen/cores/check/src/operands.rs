//! The operands of each core's campaign: special values, subnormals, ties, values near the
//! cores' table boundaries and reduction points, each aimed at where that core is hard.

use crate::arith_operands::*;
use crate::function_operands::*;
use crate::reference::*;
use crate::Rng;

/// Zeros, subnormals, the smallest normal, the largest finite values, infinities, NaNs
/// (quiet, signalling, negative), one, and values whose sums and products tie.
pub(crate) const SPECIAL: [u32; 20] = [
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x807F_FFFF,
    0x0080_0000,
    0x7F7F_FFFF,
    0xFF7F_FFFF,
    0x7F80_0000,
    0xFF80_0000,
    0x7FC0_0000,
    0xFFC0_0001,
    0x7F80_0001,
    0x3F80_0000,
    0xBF80_0000,
    0x3400_0000,
    0x4B80_0000,
    0x3F7F_FFFF,
    0x3F80_0001,
    0x3FC9_0FDB,
    0x42B1_7218,
];

/// A binary32 operand: a special value, a tiny one, one near 1, one whose exponent is in a
/// moderate range, a near multiple of pi/2, or any bit pattern.
pub(crate) fn operand(r: &mut Rng) -> u32 {
    let u = r.next();
    let sign = ((u >> 63) as u32) << 31;
    match u % 8 {
        0 => SPECIAL[(u >> 8) as usize % SPECIAL.len()],
        1 => (u >> 16) as u32 & 0x80FF_FFFF,
        2 => 0x3F80_0000u32
            .wrapping_add((u >> 16) as u32 % 1024)
            .wrapping_sub(512),
        3 => sign | ((u >> 16) as u32 & 0x007F_FFFF) | (((u >> 40) as u32 % 64 + 96) << 23),
        4 => {
            let k = (u >> 16) % (1 << 22);
            sign | ((k as f64 * std::f64::consts::FRAC_PI_2) as f32)
                .to_bits()
                .wrapping_add((u >> 40) as u32 % 7)
                .wrapping_sub(3)
        }
        _ => (u >> 16) as u32,
    }
}

/// A second operand related to the first: its negation give or take a few ulps
/// (cancellation), a neighbour (ties of the sum), a small integer (pow), or independent.
pub(crate) fn partner(r: &mut Rng, a: u32) -> u32 {
    let u = r.next();
    match u % 6 {
        0 => a ^ 0x8000_0000 ^ ((u >> 32) as u32 & 0x3),
        1 => a.wrapping_add((u >> 32) as u32 & 0xFF) ^ (((u >> 40) as u32 & 1) << 31),
        2 => (((u >> 16) as i32 % 64) as f32).to_bits(),
        _ => operand(r),
    }
}

/// The binary64 counterparts of SPECIAL.
pub(crate) const SPECIAL64: [u64; 16] = [
    0,
    1 << 63,
    1,
    0x800F_FFFF_FFFF_FFFF,
    0x0010_0000_0000_0000,
    0x7FEF_FFFF_FFFF_FFFF,
    0xFFEF_FFFF_FFFF_FFFF,
    0x7FF0_0000_0000_0000,
    0xFFF0_0000_0000_0000,
    0x7FF8_0000_0000_0000,
    0xFFF8_0000_0000_0001,
    0x7FF0_0000_0000_0001,
    0x3FF0_0000_0000_0000,
    0xBFF0_0000_0000_0000,
    0x3CB0_0000_0000_0000,
    0x4340_0000_0000_0000,
];

/// A binary64 operand, biased like `operand`.
pub(crate) fn operand64(r: &mut Rng) -> u64 {
    let u = r.next();
    let v = r.next();
    match u % 6 {
        0 => SPECIAL64[(u >> 8) as usize % SPECIAL64.len()],
        1 => v & 0x800F_FFFF_FFFF_FFFF, // subnormal
        2 => (u & (1 << 63)) | ((u >> 8) % 200 + 923) << 52 | (v & ((1 << 52) - 1)),
        3 => (u & (1 << 63)) | ((u >> 8) % 100 + 1) << 52 | (v & ((1 << 52) - 1)),
        _ => v,
    }
}

/// A second binary64 operand: near the first's negation, a neighbour, or independent.
pub(crate) fn partner64(r: &mut Rng, a: u64) -> u64 {
    let u = r.next();
    match u % 5 {
        0 => a ^ (1 << 63) ^ ((u >> 32) & 0x3),
        1 => a.wrapping_add((u >> 32) & 0xFF) ^ (((u >> 40) & 1) << 63),
        _ => operand64(r),
    }
}

/// The operands of vector i for a core with these data inputs.
pub(crate) fn vector(core: &str, inputs: &[String], r: &mut Rng, i: u64) -> Vec<u64> {
    let mut v = vector_biased(core, inputs, r, i);
    // One vector in eight: the result near the smallest normal (the operand it sets
    // nudged by up to four ulps either way).
    let u = r.next();
    if u.is_multiple_of(8) && matches!(core.get(5..), Some("add" | "mul" | "div" | "fma")) {
        let last = v.len() - 1;
        let first = usize::from(core.ends_with("_add"));
        let nudge = (u >> 8) % 9;
        if core.starts_with("fp64") {
            let (a, b) = (f64::from_bits(v[first]), f64::from_bits(v[first + 1]));
            if let Some(t) = near_smallest_normal(core, a, b, f64::MIN_POSITIVE, u >> 4) {
                v[last] = t.to_bits().wrapping_add(nudge).wrapping_sub(4);
            }
        } else if core.starts_with("fp32") {
            let (a, b) = (f(v[first]) as f64, f(v[first + 1]) as f64);
            if let Some(t) = near_smallest_normal(core, a, b, f32::MIN_POSITIVE as f64, u >> 4) {
                v[last] = (t as f32)
                    .to_bits()
                    .wrapping_add(nudge as u32)
                    .wrapping_sub(4) as u64;
            }
        }
    }
    v
}

/// The operands of vector i, biased towards each core's hard cases.
// Long because it is a table: each core's hard operands.
pub(crate) fn vector_biased(core: &str, inputs: &[String], r: &mut Rng, i: u64) -> Vec<u64> {
    if core.starts_with("fp64_") && core != "fp64_to_fp32" {
        let a = operand64(r);
        return match core {
            "fp64_fma" => {
                let b = operand64(r);
                if let Some(v) = hard_fma(r, 52, 11) {
                    return v;
                }
                let p = -(f64::from_bits(a) * f64::from_bits(b));
                let c = if r.next() % 2 == 0 && p.is_finite() {
                    p.to_bits().wrapping_add(r.next() % 5).wrapping_sub(2)
                } else {
                    partner64(r, a)
                };
                vec![a, b, c]
            }
            "fp64_add" => vec![r.next() & 1, a, partner64(r, a)],
            "fp64_div" => hard_div(r, 52, 11).unwrap_or_else(|| vec![a, partner64(r, a)]),
            "fp64_sqrt" => vec![a],
            "fp64_log" | "fp64_log2" | "fp64_log10" => vec![log_operand64(r, a)],
            "fp64_log1p" => vec![log1p_operand64(r, a)],
            "fp64_expm1" | "fp64_sinh" | "fp64_cosh" | "fp64_tanh" => {
                vec![expm1_operand64(r, a)]
            }
            "fp64_pow" | "fp64_powr" | "fp64_pown" | "fp64_cbrt" | "fp64_rootn" => {
                power_operands64(core, r)
            }
            "fp64_sin" | "fp64_cos" | "fp64_tan" => vec![trig_operand64(r, a)],
            "fp64_atan" | "fp64_atan2" | "fp64_asin" | "fp64_acos" => arctan_operands64(core, r, a),
            "fp64_erf" | "fp64_erfc" => vec![erf_operand64(r, a)],
            // hypot: a second operand from the same binade to 2^120 apart (and specials).
            "fp64_hypot" => {
                let u = r.next();
                let b = match u % 4 {
                    0 => partner64(r, a),
                    _ => {
                        (a & (1 << 63 | ((1 << 52) - 1))) ^ (r.next() & ((1 << 52) - 1))
                            | ((((a >> 52) & 0x7FF) as i64 + (u >> 8) as i64 % 241 - 120)
                                .clamp(0, 2046) as u64)
                                << 52
                    }
                };
                vec![a, b]
            }
            _ if inputs.len() == 1 => vec![function_operand64(r, a)],
            _ => vec![a, partner64(r, a)],
        };
    }
    let a = operand(r);
    match core {
        "fp16_to_fp32" => vec![i & 0xFFFF],
        "fp16_fma" => {
            let h = |r: &mut Rng| -> u16 {
                let u = r.next();
                match u % 4 {
                    // zeros, subnormals, infinities, NaNs, one, the largest
                    0 => [
                        0, 0x8000, 1, 0x83FF, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0x3C00, 0x7BFF,
                    ][(u >> 8) as usize % 10],
                    _ => (u >> 16) as u16,
                }
            };
            let (x, y) = (h(r), h(r));
            let p = half::f16::from_bits(x).to_f32() * half::f16::from_bits(y).to_f32();
            let u = r.next();
            let z = match u % 3 {
                // c near -(ab): cancellation
                0 => half::f16::from_f32(-p)
                    .to_bits()
                    .wrapping_add((u >> 8) as u16 % 5)
                    .wrapping_sub(2),
                // c with ab near half its ulp: the ties a float rounding could fake
                1 => {
                    let e = (p.abs().max(1e-7).log2().floor() as i32 + 11 + (u >> 8) as i32 % 3
                        - 1)
                    .clamp(-14, 15);
                    let m = 1.0 + ((u >> 16) % 1024) as f32 / 1024.0;
                    half::f16::from_f32(m * 2f32.powi(e)).to_bits() ^ (((u >> 40) as u16 & 1) << 15)
                }
                _ => h(r),
            };
            vec![x as u64, y as u64, z as u64]
        }
        "fp64_to_fp32" => {
            let u = r.next();
            // Doubles near float's range and precision: their low bits decide the rounding.
            let x = match u % 4 {
                0 => (f(a as u64) as f64).to_bits() ^ (r.next() & 0x3FFF_FFFF),
                1 => r.next(),
                _ => {
                    let e = 1023 - 160 + (u >> 8) % 320;
                    (u & (1 << 63)) | e << 52 | (r.next() & ((1 << 52) - 1))
                }
            };
            vec![x]
        }
        "fp32_fma" => {
            let b = operand(r);
            if let Some(v) = hard_fma(r, 23, 8) {
                return v;
            }
            // c near -(a * b): the cancellation an fma exists for.
            let p = -(f(a as u64) * f(b as u64));
            let c = if r.next() % 2 == 0 && p.is_finite() {
                p.to_bits()
                    .wrapping_add((r.next() % 5) as u32)
                    .wrapping_sub(2)
            } else {
                partner(r, a)
            };
            vec![a as u64, b as u64, c as u64]
        }
        "fp32_div" => hard_div(r, 23, 8).unwrap_or_else(|| vec![a as u64, partner(r, a) as u64]),
        "fp32_sin" | "fp32_cos" | "fp32_tan" => vec![trig_operand32(r, a) as u64],
        "fp32_atan" | "fp32_atan2" | "fp32_asin" | "fp32_acos" => arctan_operands32(core, r, a),
        "fp32_log1p" => vec![log1p_operand32(r, a) as u64],
        "fp32_erf" | "fp32_erfc" => vec![erf_operand32(r, a) as u64],
        "fp32_expm1" | "fp32_tanh" | "fp32_sinh" | "fp32_cosh" => {
            vec![expm1_operand32(r, a) as u64]
        }
        // hypot: mostly a second operand 0 to 15 binades apart (the core returns the
        // larger one from 13 on), any significand, either sign; sometimes any partner.
        "fp32_hypot" => {
            let u = r.next();
            let b = if u.is_multiple_of(4) {
                partner(r, a)
            } else {
                let e = ((a >> 23) & 0xFF) as i64 - (u >> 8) as i64 % 16;
                (a & 0x8000_0000) ^ (r.next() as u32 & 0x807F_FFFF) | (e.clamp(0, 254) as u32) << 23
            };
            vec![a as u64, b as u64]
        }
        "fp32_pow" | "fp32_powr" | "fp32_pown" | "fp32_cbrt" => power_operands32(core, r),
        // An int root: mostly small, sometimes any int.
        "fp32_rootn" => {
            let u = r.next();
            let n = if u % 4 == 0 {
                (u >> 32) as u32
            } else {
                (((u >> 32) % 81) as i32 - 40) as u32
            };
            vec![a as u64, n as u64]
        }
        _ if inputs.len() == 3 => {
            // sub, a, b (the adder)
            let b = partner(r, a);
            vec![r.next() & 1, a as u64, b as u64]
        }
        _ if inputs.len() == 2 => vec![a as u64, partner(r, a) as u64],
        _ => vec![a as u64],
    }
}
