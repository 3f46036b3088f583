//! Verification campaigns of the operator cores (`hls-build cores --check`): each core is
//! emitted standalone with the board's latency, built with Verilator, fed one vector per
//! clock (clock enable high) with operands biased towards the hard cases, and every result
//! is compared with a reference computed in Rust:
//!
//! - correctly rounded operations (add, sub, mul, div, fma, sqrt, the float-format
//!   conversions) bit for bit with Rust's IEEE-754 binary32 arithmetic (and the `half`
//!   crate), any NaN matching any NaN;
//! - the float elementary functions against the double-precision result of Rust's
//!   `std`/`libm` (itself within 1 double ulp, 2^-29 of a float ulp), the double ones
//!   against MPFR at 192 bits (rug), as an error in ulps of the result's format, which must
//!   stay within the function's OpenCL bound; and bit for bit against the software model's
//!   arithmetic for them (`rtl_gen::math::eval`, `eval64`), which co-simulation relies on.
//!
//! Half to float is checked over all 2^16 inputs whatever the vector count.

use crate::Error;
use boards::Board;
use rtl_gen::cores::CoreInfo;
use rug::ops::Pow;
use sim::verilator::{build_model, VerilatedModel};
use std::path::Path;

/// One core's result.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Outcome {
    pub core: String,
    pub precision: String,
    pub vectors: u64,
    /// Results that differ from the reference (correctly rounded cores) or exceed the
    /// bound (functions).
    pub failures: u64,
    /// Largest error seen, in ulps of the result's format (0 for bit-exact cores).
    pub max_ulp: f64,
    /// "correctly rounded", "exact" or the OpenCL bound in ulps.
    pub bound: String,
    pub latency: u32,
    /// The first failures, as text.
    pub examples: Vec<String>,
}

enum Reference {
    /// The bits every result must have (NaN: any NaN of the result's format).
    Exact(fn(&[u64]) -> u64),
    /// The exact value as a double, and the bound in float ulps.
    Ulps(fn(&[u64]) -> f64, f64),
    /// The exact value from MPFR (rug, 192 bits), and the bound in double ulps.
    Ulps64(fn(&[u64]) -> rug::Float, f64),
}

/// The first operand at MPFR's precision for the double references (exact).
fn big(v: &[u64]) -> rug::Float {
    rug::Float::with_val(192, f64::from_bits(v[0]))
}

fn f(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

fn bits(v: f32) -> u64 {
    v.to_bits() as u64
}

/// The first operand as a double.
fn g(v: &[u64]) -> f64 {
    f(v[0]) as f64
}

fn reference(core: &str) -> Option<Reference> {
    use Reference::*;
    Some(match core {
        "fp32_add" => Exact(|v| {
            bits(if v[0] & 1 == 1 {
                f(v[1]) - f(v[2])
            } else {
                f(v[1]) + f(v[2])
            })
        }),
        "fp32_mul" => Exact(|v| bits(f(v[0]) * f(v[1]))),
        "fp32_div" => Exact(|v| bits(f(v[0]) / f(v[1]))),
        "fp32_fma" => Exact(|v| bits(f(v[0]).mul_add(f(v[1]), f(v[2])))),
        "fp32_sqrt" => Exact(|v| bits(f(v[0]).sqrt())),
        "fp64_add" => Exact(|v| {
            let (a, b) = (f64::from_bits(v[1]), f64::from_bits(v[2]));
            (if v[0] & 1 == 1 { a - b } else { a + b }).to_bits()
        }),
        "fp64_mul" => Exact(|v| (f64::from_bits(v[0]) * f64::from_bits(v[1])).to_bits()),
        "fp64_div" => Exact(|v| (f64::from_bits(v[0]) / f64::from_bits(v[1])).to_bits()),
        "fp64_fma" => Exact(|v| {
            f64::from_bits(v[0])
                .mul_add(f64::from_bits(v[1]), f64::from_bits(v[2]))
                .to_bits()
        }),
        "fp64_sqrt" => Exact(|v| f64::from_bits(v[0]).sqrt().to_bits()),
        "fp16_to_fp32" => Exact(|v| bits(half::f16::from_bits(v[0] as u16).to_f32())),
        "fp16_fma" => {
            Exact(|v| sim::float::fma_f16_exact(v[0] as u16, v[1] as u16, v[2] as u16) as u64)
        }
        "fp32_to_fp16" => Exact(|v| half::f16::from_f32(f(v[0])).to_bits() as u64),
        "fp32_to_fp64" => Exact(|v| (f(v[0]) as f64).to_bits()),
        "fp64_to_fp32" => Exact(|v| bits(f64::from_bits(v[0]) as f32)),
        "fp32_exp" => Ulps(|v| g(v).exp(), 3.0),
        "fp32_exp2" => Ulps(|v| g(v).exp2(), 3.0),
        "fp32_exp10" => Ulps(|v| libm::exp10(g(v)), 3.0),
        "fp32_log" => Ulps(|v| g(v).ln(), 3.0),
        "fp32_log2" => Ulps(|v| g(v).log2(), 3.0),
        "fp32_log10" => Ulps(|v| g(v).log10(), 3.0),
        "fp32_sin" => Ulps(|v| g(v).sin(), 4.0),
        "fp32_cos" => Ulps(|v| g(v).cos(), 4.0),
        "fp32_pow" => Ulps(|v| g(v).powf(f(v[1]) as f64), 16.0),
        "fp32_powr" => Ulps(|v| sim::float::powr(g(v), f(v[1]) as f64), 16.0),
        "fp32_tan" => Ulps(|v| g(v).tan(), 5.0),
        "fp32_cbrt" => Ulps(|v| g(v).cbrt(), 2.0),
        "fp32_expm1" => Ulps(|v| g(v).exp_m1(), 3.0),
        "fp32_sinh" => Ulps(|v| g(v).sinh(), 4.0),
        "fp32_cosh" => Ulps(|v| g(v).cosh(), 4.0),
        "fp32_tanh" => Ulps(|v| g(v).tanh(), 5.0),
        "fp32_log1p" => Ulps(|v| g(v).ln_1p(), 2.0),
        "fp32_atan" => Ulps(|v| g(v).atan(), 5.0),
        "fp32_atan2" => Ulps(|v| g(v).atan2(f(v[1]) as f64), 6.0),
        "fp32_asin" => Ulps(|v| g(v).asin(), 4.0),
        "fp32_acos" => Ulps(|v| g(v).acos(), 4.0),
        "fp32_hypot" => Ulps(|v| g(v).hypot(f(v[1]) as f64), 4.0),
        "fp32_erf" => Ulps(|v| libm::erf(g(v)), 16.0),
        "fp32_erfc" => Ulps(|v| libm::erfc(g(v)), 16.0),
        "fp64_exp" => Ulps64(|v| big(v).exp(), 3.0),
        "fp64_expm1" => Ulps64(|v| big(v).exp_m1(), 3.0),
        "fp64_log1p" => Ulps64(|v| big(v).ln_1p(), 2.0),
        "fp64_sinh" => Ulps64(|v| big(v).sinh(), 4.0),
        "fp64_cosh" => Ulps64(|v| big(v).cosh(), 4.0),
        "fp64_tanh" => Ulps64(|v| big(v).tanh(), 5.0),
        "fp64_exp2" => Ulps64(|v| big(v).exp2(), 3.0),
        "fp64_exp10" => Ulps64(|v| big(v).exp10(), 3.0),
        "fp64_log" => Ulps64(|v| big(v).ln(), 3.0),
        "fp64_log2" => Ulps64(|v| big(v).log2(), 3.0),
        "fp64_log10" => Ulps64(|v| big(v).log10(), 3.0),
        // MPFR's pow follows C99 Annex F, as pow and pown do.
        "fp64_pow" => Ulps64(|v| big(v).pow(big(&v[1..])), 16.0),
        "fp64_powr" => Ulps64(powr64_exact, 16.0),
        "fp64_pown" => Ulps64(|v| big(v).pow(v[1] as u32 as i32), 16.0),
        "fp64_cbrt" => Ulps64(|v| big(v).cbrt(), 2.0),
        "fp64_rootn" => Ulps64(
            |v| rtl_gen::ulp::rootn_exact(f64::from_bits(v[0]), v[1] as u32 as i32),
            16.0,
        ),
        "fp64_sin" => Ulps64(|v| big(v).sin(), 4.0),
        "fp64_cos" => Ulps64(|v| big(v).cos(), 4.0),
        "fp64_tan" => Ulps64(|v| big(v).tan(), 5.0),
        "fp64_hypot" => Ulps64(|v| big(v).hypot(&big(&v[1..])), 4.0),
        // MPFR's atan2 has C99 Annex F's special values.
        "fp64_atan" => Ulps64(|v| big(v).atan(), 5.0),
        "fp64_atan2" => Ulps64(|v| big(v).atan2(&big(&v[1..])), 6.0),
        "fp64_asin" => Ulps64(|v| big(v).asin(), 4.0),
        "fp64_acos" => Ulps64(|v| big(v).acos(), 4.0),
        "fp64_erf" => Ulps64(|v| big(v).erf(), 16.0),
        "fp64_erfc" => Ulps64(|v| big(v).erfc(), 16.0),
        "fp32_pown" => Ulps(|v| g(v).powi(v[1] as u32 as i32), 16.0),
        "fp32_rootn" => Ulps(|v| sim::float::rootn(g(v), v[1] as u32 as i32 as i64), 16.0),
        _ => return None,
    })
}

/// A reproducible pseudo-random stream (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Zeros, subnormals, the smallest normal, the largest finite values, infinities, NaNs
/// (quiet, signalling, negative), one, and values whose sums and products tie.
const SPECIAL: [u32; 20] = [
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
fn operand(r: &mut Rng) -> u32 {
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
fn partner(r: &mut Rng, a: u32) -> u32 {
    let u = r.next();
    match u % 6 {
        0 => a ^ 0x8000_0000 ^ ((u >> 32) as u32 & 0x3),
        1 => a.wrapping_add((u >> 32) as u32 & 0xFF) ^ (((u >> 40) as u32 & 1) << 31),
        2 => (((u >> 16) as i32 % 64) as f32).to_bits(),
        _ => operand(r),
    }
}

/// The binary64 counterparts of SPECIAL.
const SPECIAL64: [u64; 16] = [
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
fn operand64(r: &mut Rng) -> u64 {
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
fn partner64(r: &mut Rng, a: u64) -> u64 {
    let u = r.next();
    match u % 5 {
        0 => a ^ (1 << 63) ^ ((u >> 32) & 0x3),
        1 => a.wrapping_add((u >> 32) & 0xFF) ^ (((u >> 40) & 1) << 63),
        _ => operand64(r),
    }
}

/// Where the double exponentials overflow, underflow, turn subnormal and vanish (e, 2 and
/// 10 as bases): their arguments are the hard cases of the range.
const EXP64_EDGES: [f64; 10] = [
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
fn nudged(x: f64, w: u64, spread: u64) -> u64 {
    x.to_bits()
        .wrapping_add(w % (2 * spread + 1))
        .wrapping_sub(spread)
}

/// The operand of a one-argument double function core: `a` (the general biased operand),
/// any value in the range the function computes (|x| in [2^-60, 2048)), a point near a
/// table boundary of the exponentials (n/64 for exp2, n ln 2 / 64 for exp), or an argument
/// near an edge of their range; the last three nudged by a few ulps.
fn function_operand64(r: &mut Rng, a: u64) -> u64 {
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
fn expm1_operand64(r: &mut Rng, a: u64) -> u64 {
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
fn log1p_operand64(r: &mut Rng, a: u64) -> u64 {
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
fn log1p_operand32(r: &mut Rng, a: u32) -> u32 {
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
fn log_operand64(r: &mut Rng, a: u64) -> u64 {
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
fn near_smallest_normal(core: &str, a: f64, b: f64, min: f64, u: u64) -> Option<f64> {
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

/// The operands of vector i for a core with these data inputs.
fn vector(core: &str, inputs: &[String], r: &mut Rng, i: u64) -> Vec<u64> {
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

/// The operand of a double sine or cosine core: `a` (the general biased operand), any
/// finite double from 2^-28 up (every exponent), a near multiple of pi/2 (k pi/2 for k up
/// to 2^40, nudged by up to 8 ulps: the reduction's cancellation), one of the doubles
/// closest to a multiple of pi/2 (the reduction's worst cases), or a point near the
/// table's i/128 (nudged by up to 2^-50); either sign.
fn trig_operand64(r: &mut Rng, a: u64) -> u64 {
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
fn expm1_operand32(r: &mut Rng, a: u32) -> u32 {
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
fn trig_operand32(r: &mut Rng, a: u32) -> u32 {
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

/// OpenCL's powr(x, y) = exp(y log x) for x >= 0, exactly: its special cases (NaN for x <
/// 0, 0^0, inf^0, 1^inf), else MPFR's pow of |x|.
fn powr64_exact(v: &[u64]) -> rug::Float {
    let (x, y) = (f64::from_bits(v[0]), f64::from_bits(v[1]));
    let nan = x.is_nan()
        || y.is_nan()
        || (x < 0.0)
        || (x == 0.0 && y == 0.0)
        || (x.is_infinite() && y == 0.0)
        || (x == 1.0 && y.is_infinite());
    if nan {
        return rug::Float::with_val(192, f64::NAN);
    }
    // (-0 is +0 here: powr(+-0, y < 0) = +inf.)
    rug::Float::with_val(192, x.abs()).pow(big(&v[1..]))
}

/// The operands of a double power core: mostly x and y whose t = y log2|x| spans the
/// exponential's range (both signs, |t| up to 1100: overflow, underflow, subnormal
/// results), with x anywhere, near 1 (y then huge) or negative (y then an integer, odd or
/// even); the rest the general biased operands (the special cases). pown's exponent is an
/// int (t's range, or a small or any int); rootn's a small or any int or +-2^k; cbrt's
/// operand any double.
fn power_operands64(core: &str, r: &mut Rng) -> Vec<u64> {
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
fn power_operands32(core: &str, r: &mut Rng) -> Vec<u64> {
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
fn arctan_operands32(core: &str, r: &mut Rng, a: u32) -> Vec<u64> {
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
fn arctan_operands64(core: &str, r: &mut Rng, a: u64) -> Vec<u64> {
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
fn erf_operand32(r: &mut Rng, a: u32) -> u32 {
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
fn erf_operand64(r: &mut Rng, a: u64) -> u64 {
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

/// Odd factors a of 2^m + s (s = 1 or -1) whose cofactor (2^m + s) / a is, like a, below
/// 2^24 (SPARSE32, m from 25 to 47) or 2^53 (SPARSE64, m from 54 to 105), where one exists
/// (the largest such a below the cofactor; sympy `divisors`). Their product is a leading
/// one, a run of m - 1 zeros (or ones) and a last one: the products whose lone low bit
/// the fma's alignment must keep as sticky, at every distance from the leading one.
#[rustfmt::skip]
const SPARSE32: [(u32, i8, u64); 34] = [
    (25, 1, 4051), (25, -1, 1801), (26, 1, 8065), (26, -1, 8191), (27, 1, 1539), (27, -1, 511),
    (28, 1, 17), (28, -1, 16383), (29, 1, 177), (29, -1, 2089), (30, 1, 32513), (30, -1, 32767),
    (32, 1, 641), (32, -1, 65535), (33, 1, 62571), (33, -1, 14329), (34, 1, 130561),
    (34, -1, 131071), (35, 1, 132913), (35, -1, 122921), (36, 1, 104353), (36, -1, 262143),
    (38, 1, 523265), (38, -1, 524287), (39, -1, 647089), (40, -1, 1048575), (42, 1, 2095105),
    (42, -1, 2097151), (43, -1, 2099863), (44, -1, 4194303), (45, -1, 5058487),
    (46, 1, 8384513), (46, -1, 8388607), (47, -1, 10610063),
];
#[rustfmt::skip]
const SPARSE64: [(u32, i8, u64); 81] = [
    (54, 1, 134201345), (54, -1, 134217727), (55, 1, 146737473), (55, -1, 177927641),
    (56, 1, 1324321), (56, -1, 268435455), (57, 1, 299369019), (57, -1, 8489929),
    (58, 1, 536838145), (58, -1, 536870911), (59, 1, 315916329), (59, -1, 179951),
    (60, 1, 252707057), (60, -1, 1073741823), (62, 1, 2147418113), (62, -1, 2147483647),
    (63, 1, 119537721), (63, -1, 2323823089), (64, 1, 274177), (64, -1, 4294967295),
    (65, 1, 3358236963), (65, -1, 253921), (66, 1, 8589803521), (66, -1, 8589934591),
    (67, 1, 21982971), (67, -1, 193707721), (68, 1, 102505121), (68, -1, 17179869183),
    (69, 1, 3498049953), (69, -1, 58720249), (70, 1, 34359476225), (70, -1, 34359738367),
    (71, 1, 169228929), (71, -1, 212885833), (72, 1, 9680454209), (72, -1, 68719476735),
    (73, -1, 1008839999), (74, 1, 137438429185), (74, -1, 137438953471), (75, 1, 33319551969),
    (75, -1, 191890529257), (76, 1, 3081854129), (76, -1, 274877906943), (77, 1, 106597092297),
    (78, 1, 549754765313), (78, -1, 549755813887), (79, -1, 542853811961), (80, 1, 27179570177),
    (80, -1, 1099511627775), (81, 1, 1255874606937), (81, -1, 1363632932359),
    (82, 1, 2199021158401), (82, -1, 2199023255551), (83, 1, 1440387207921),
    (84, 1, 1512318002177), (84, -1, 4398046511103), (86, 1, 8796088827905),
    (86, -1, 8796093022207), (87, -1, 9857737155463), (88, 1, 11275113984193),
    (88, -1, 17592186044415), (90, 1, 35184363700225), (90, -1, 35184372088831),
    (91, 1, 35098510196697), (91, -1, 21080969570207), (92, -1, 70368744177663),
    (94, 1, 140737471578113), (94, -1, 140737488355327), (95, -1, 179567070964991),
    (96, -1, 281474976710655), (98, 1, 562949919866881), (98, -1, 562949953421311),
    (99, 1, 726299806937961), (99, -1, 598434439614887), (100, 1, 1081494349410401),
    (100, -1, 1125899906842623), (102, 1, 2251799746576385), (102, -1, 2251799813685247),
    (104, -1, 4503599627370495), (105, 1, 6226368796810017), (105, -1, 6211318394800111),
];

/// An fma whose product has a long run of zeros (or ones) below its leading one: two
/// factors from SPARSE32/64, or a significand x and z = 2^n / x rounded up or down (a
/// run, then a random tail). The addend puts the product's leading one at its half ulp
/// (or a few bits either side): the result is a tie, or next to one, that only the bits
/// the alignment shifts out can break. `mw` fraction bits, `ew` exponent bits.
fn sparse_product_fma(r: &mut Rng, mw: u32, ew: u32) -> Vec<u64> {
    let bias = (1i64 << (ew - 1)) - 1;
    let frac = |v: u64| v & ((1u64 << mw) - 1);
    // An odd factor as a significand: shifted up to the hidden bit.
    let sig = |v: u128| v << (mw + 1 - (128 - v.leading_zeros()));
    let u = r.next();
    let (x, z) = if u & 2 == 0 {
        let table: &[(u32, i8, u64)] = if mw == 23 { &SPARSE32 } else { &SPARSE64 };
        let (m, s, a) = table[(u >> 40) as usize % table.len()];
        let b = ((1u128 << m) as i128 + s as i128) as u128 / a as u128;
        (sig(a as u128), sig(b))
    } else {
        let x = (1u128 << mw) | frac(r.next()) as u128;
        let n = 2 * mw + 1;
        let z = if u & 1 == 0 {
            (1u128 << n).div_ceil(x)
        } else {
            (1u128 << n) / x
        };
        (x, z.min((1u128 << (mw + 1)) - 1))
    };
    let top = 127 - (x * z).leading_zeros() as i64;
    let ea = bias + (u >> 8) as i64 % 41 - 20;
    let eb = bias + (u >> 16) as i64 % 41 - 20;
    // The product's leading one is worth 2^e; c's half ulp is 2^(ec - bias - mw - 1).
    let e = top + (ea - bias) + (eb - bias) - 2 * mw as i64;
    let ec = (e + mw as i64 + 1 + (u >> 24) as i64 % 7 - 3 + bias).clamp(1, (1 << ew) - 2);
    let field = |sign: u64, ex: i64, f: u64| sign << (ew + mw) | (ex as u64) << mw | frac(f);
    vec![
        field((u >> 32) & 1, ea, x as u64),
        field((u >> 33) & 1, eb, z as u64),
        field((u >> 34) & 1, ec, r.next()),
    ]
}

/// An fma whose product is a tie (1.5 times an odd significand below 4/3: the product's
/// last set bit is the half ulp) and whose addend is far smaller, often beyond the sum's
/// window: the rounding then turns on the addend's bits alone, shifted out as sticky.
fn tie_product_fma(r: &mut Rng, mw: u32, ew: u32) -> Vec<u64> {
    let bias = (1i64 << (ew - 1)) - 1;
    let u = r.next();
    let z = ((1u64 << mw) + r.next() % ((1u64 << mw) / 3)) | 1;
    let ea = bias + (u >> 8) as i64 % 41 - 20;
    let eb = bias + (u >> 16) as i64 % 41 - 20;
    // c's exponent from mw + 3 to 3 mw + 6 below the product's.
    let ec = (ea + eb - bias - (mw as i64 + 3) - (u >> 24) as i64 % (2 * mw as i64 + 4)).max(1);
    let frac = |v: u64| v & ((1u64 << mw) - 1);
    let field = |sign: u64, ex: i64, f: u64| sign << (ew + mw) | (ex as u64) << mw | frac(f);
    vec![
        field((u >> 32) & 1, ea, 1 << (mw - 1)),
        field((u >> 33) & 1, eb, z),
        field((u >> 34) & 1, ec, r.next()),
    ]
}

/// An fma whose subnormal addend wins the exponent compare (its exponent 1 against the
/// product's 1 - d, d from 2 to 9) but loses on value, so the sum is negative in the
/// datapath and what the alignment shifted off the product rides in its lowest bits;
/// the result is subnormal and a few units of the product's last bit from a tie, so an
/// error in those bits changes the rounding. The tie: P = x z with bit m + d - 1 of P set
/// and the bits below it down to bit m + 1 clear, and P = rho (mod 2^(m + 1)) for a small
/// rho (z = rho / x mod 2^(m + 1)), or the mirror image, a few units below the tie; bit
/// m + d of P is worth the smallest subnormal. None when the search finds no such pair.
fn subnormal_addend_fma(r: &mut Rng, mw: u32, ew: u32) -> Option<Vec<u64>> {
    let bias = (1i64 << (ew - 1)) - 1;
    let sw = mw + 1;
    let modulus = 1u128 << sw;
    let u = r.next();
    let d = 2 + (u % 8) as u32;
    let below = u & 8 != 0;
    let rho = 1 + (u >> 4) as u128 % 3;
    for _ in 0..1024 {
        let x = (1u128 << mw) | (r.next() as u128 & (modulus / 2 - 1)) | 1;
        // x's inverse modulo 2^64 by Newton's iteration (each step doubles the bits).
        let mut inv = x as u64;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub((x as u64).wrapping_mul(inv)));
        }
        let target = if below { modulus - rho } else { rho };
        let z = (target * inv as u128) % modulus;
        if z >> mw != 1 {
            continue;
        }
        let p = x * z;
        let tie = mw + d - 1;
        let run = (p >> sw) & ((1u128 << (tie + 1 - sw)) - 1);
        let want = if below {
            (1u128 << (tie - sw)) - 1
        } else {
            1u128 << (tie - sw)
        };
        if run != want {
            continue;
        }
        let q = p >> (mw + d);
        let c = 1 + r.next() as u128 % (q - 1).clamp(1, (1u128 << mw) - 1);
        let sum = 1 + bias - d as i64;
        let ea = (sum / 2 + (u >> 8) as i64 % 21 - 10).clamp(1, sum - 1);
        let field = |sign: u64, ex: i64, f: u128| {
            sign << (ew + mw) | (ex as u64) << mw | (f as u64 & ((1u64 << mw) - 1))
        };
        let sign = (u >> 32) & 1;
        return Some(vec![
            field(sign, ea, x),
            field((u >> 33) & 1, sum - ea, z),
            field(sign ^ (u >> 33) & 1 ^ 1, 0, c),
        ]);
    }
    None
}

/// A quarter of the fma vectors: a sparse product at the addend's half ulp; an eighth: a
/// tied product and a far smaller addend; a sixteenth: a subnormal addend just below a
/// product near a tie (`mw` fraction bits, `ew` exponent bits); the rest None, left to the
/// general operands.
fn hard_fma(r: &mut Rng, mw: u32, ew: u32) -> Option<Vec<u64>> {
    match r.next() % 16 {
        0..=3 => Some(sparse_product_fma(r, mw, ew)),
        4 | 5 => Some(tie_product_fma(r, mw, ew)),
        6 => subnormal_addend_fma(r, mw, ew),
        _ => None,
    }
}

/// A quarter of the divider's vectors (`mw` fraction bits, `ew` exponent bits): a quotient
/// whose first bit lies anywhere from two binades above the smallest normal to below the
/// smallest subnormal's round bit, so every right shift a subnormal quotient takes is
/// tried; the divisor a power of two (an exact quotient: its dropped bits decide ties),
/// one with a short significand, or any, and one in eight subnormal (a subnormal dividend
/// comes from the clamp). The rest None, left to the general operands.
fn hard_div(r: &mut Rng, mw: u32, ew: u32) -> Option<Vec<u64>> {
    let u = r.next();
    if !u.is_multiple_of(4) {
        return None;
    }
    let bias = (1i64 << (ew - 1)) - 1;
    let top = (1i64 << ew) - 2; // the largest finite exponent field
    let frac = (1u64 << mw) - 1;
    let z_sig = match (u >> 2) % 3 {
        0 => 0,
        1 => r.next() & frac & !(frac >> 6),
        _ => r.next() & frac,
    };
    let z_exp = if (u >> 4).is_multiple_of(8) {
        0
    } else {
        1 + (r.next() % top as u64) as i64
    };
    // The quotient's exponent field, 3 down to -(mw + 2); the dividend's from it.
    let q_exp = 3 - ((u >> 8) % (u64::from(mw) + 6)) as i64;
    let x_exp = (q_exp + z_exp.max(1) - bias).clamp(0, top);
    let field = |sign: u64, e: i64, f: u64| sign << (ew + mw) | (e as u64) << mw | (f & frac);
    Some(vec![
        field((u >> 32) & 1, x_exp, r.next()),
        field((u >> 33) & 1, z_exp, z_sig),
    ])
}

/// The operands of vector i, biased towards each core's hard cases.
fn vector_biased(core: &str, inputs: &[String], r: &mut Rng, i: u64) -> Vec<u64> {
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

/// float ulps between a binary32 result and an exact value (a NaN matches a NaN; an
/// infinity only the exact value's float rounding).
pub fn ulp_error(got: f32, want: f64) -> f64 {
    if want.is_nan() || got.is_nan() {
        return if want.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if want as f32 == got {
        return 0.0;
    }
    if got.is_infinite() || want.is_infinite() {
        return f64::INFINITY;
    }
    let e = want.abs().max(f32::MIN_POSITIVE as f64).log2().floor();
    (got as f64 - want).abs() / 2f64.powf(e - 23.0)
}

/// Double ulps between a binary64 result and an exact value: rtl-gen's measure, the one
/// the mirrors' sweeps use.
pub use rtl_gen::ulp::ulps64 as ulp_error64;

/// A subnormal of `width` bits as the zero of its sign (flush to zero), else itself.
fn flush(bits: u64, width: u32) -> u64 {
    let (exp, sign) = match width {
        64 => (0x7ff0_0000_0000_0000u64, 1u64 << 63),
        _ => (0x7f80_0000, 1 << 31),
    };
    if bits & exp == 0 {
        bits & sign
    } else {
        bits
    }
}

/// The FTZ reference from the IEEE one: the operands flushed (not an add's `sub` flag),
/// the IEEE result computed from them, and flushed. The cores compute exactly this
/// (hls_fp_round, FTZ).
fn flushed(core: &str, reference: fn(&[u64]) -> u64, v: &[u64]) -> u64 {
    let width = if core.starts_with("fp64") { 64 } else { 32 };
    let skip = usize::from(core.ends_with("_add"));
    let ops: Vec<u64> = v
        .iter()
        .enumerate()
        .map(|(i, x)| if i < skip { *x } else { flush(*x, width) })
        .collect();
    flush(reference(&ops), width)
}

fn is_nan(bits: u64, width: u32) -> bool {
    match width {
        16 => half::f16::from_bits(bits as u16).is_nan(),
        64 => f64::from_bits(bits).is_nan(),
        _ => f(bits).is_nan(),
    }
}

/// Runs `vectors` vectors (all 2^16 for half inputs) through one core; with `ftz`, the
/// core flushing subnormals (only cores with `flush_to_zero`).
pub fn check(
    core: &CoreInfo,
    board: &Board,
    vectors: u64,
    seed: u64,
    dir: &Path,
    ftz: bool,
) -> Result<Outcome, Error> {
    let reference = reference(&core.name).ok_or_else(|| {
        Error::Usage(format!(
            "core {} has no reference to check it against",
            core.name
        ))
    })?;
    if ftz && !core.flush_to_zero {
        return Err(Error::Usage(format!(
            "core {} has no flush-to-zero form (`hls-build cores --list --json`: \
             flush_to_zero)",
            core.name
        )));
    }
    let latency = board.operator(&core.class).latency.max(1);
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.display().to_string(),
        source,
    })?;
    let file = dir.join(format!("{}.sv", core.module));
    std::fs::write(&file, rtl_gen::cores::emit(core, board, ftz)).map_err(|source| Error::Io {
        path: file.display().to_string(),
        source,
    })?;
    let top = format!("{}_top", core.module);
    let mut m = VerilatedModel::load(&build_model(&[file], &top, false)?)?;
    let data: Vec<String> = core
        .inputs
        .iter()
        .map(|p| p.split('[').next().unwrap_or(p).to_string())
        .filter(|p| p != "clk" && p != "ce")
        .collect();
    let ins: Vec<usize> = data.iter().map(|p| m.port(p)).collect::<Result<_, _>>()?;
    let (clk, ce, y) = (m.port("clk")?, m.port("ce")?, m.port("y")?);
    let out_width = m.port_width(y);
    let vectors = if core.name == "fp16_to_fp32" {
        1 << 16
    } else {
        vectors
    };
    let mut rng = Rng(seed);
    let mut in_flight: std::collections::VecDeque<Vec<u64>> = Default::default();
    let mut outcome = Outcome {
        core: core.name.clone(),
        precision: core.precision.clone(),
        vectors,
        failures: 0,
        max_ulp: 0.0,
        bound: match reference {
            Reference::Exact(_)
                if core.name.ends_with("to_fp64") || core.name == "fp16_to_fp32" =>
            {
                "exact".into()
            }
            Reference::Exact(_) => "correctly rounded".into(),
            Reference::Ulps(_, b) | Reference::Ulps64(_, b) => format!("{b}"),
        },
        latency,
        examples: Vec::new(),
    };
    m.set(ce, 1);
    let lat = latency as usize;
    for cycle in 0..vectors + latency as u64 - 1 {
        if cycle < vectors {
            let v = vector(&core.name, &data, &mut rng, cycle);
            for (p, x) in ins.iter().zip(&v) {
                m.set(*p, *x);
            }
            in_flight.push_back(v);
        } else {
            in_flight.push_back(Vec::new()); // a bubble: nothing to check
        }
        m.set(clk, 0);
        m.eval();
        m.set(clk, 1);
        m.eval();
        // After this edge the output holds the vector issued latency - 1 cycles ago.
        if in_flight.len() < lat {
            continue;
        }
        let v = in_flight.pop_front().unwrap_or_default();
        if v.is_empty() {
            continue;
        }
        let got = m.get(y);
        let (bad, err) = match &reference {
            Reference::Exact(r) => {
                let want = if ftz {
                    flushed(&core.name, *r, &v)
                } else {
                    r(&v)
                };
                let ok = want == got || (is_nan(want, out_width) && is_nan(got, out_width));
                (!ok, if ok { 0.0 } else { f64::INFINITY })
            }
            Reference::Ulps(r, bound) => {
                let e = ulp_error(f(got), r(&v));
                // The software model computes the function with the core's own arithmetic
                // (rtl_gen::math): the core must give exactly its bits too.
                let model = core.name.strip_prefix("fp32_").and_then(|n| {
                    rtl_gen::math::eval(n, v[0] as u32, v.get(1).map_or(0, |b| *b as u32))
                });
                (e > *bound || model.is_some_and(|m| m as u64 != got), e)
            }
            Reference::Ulps64(r, bound) => {
                let e = ulp_error64(got, &r(&v));
                let model = core
                    .name
                    .strip_prefix("fp64_")
                    .and_then(|n| rtl_gen::math::eval64(n, v[0], v.get(1).copied().unwrap_or(0)));
                (e > *bound || model.is_some_and(|m| m != got), e)
            }
        };
        if err.is_finite() {
            outcome.max_ulp = outcome.max_ulp.max(err);
        }
        if bad {
            outcome.failures += 1;
            if outcome.examples.len() < 5 {
                let ops: Vec<String> = v.iter().map(|x| format!("{x:#x}")).collect();
                outcome.examples.push(format!(
                    "{}({}) gave {got:#x}, {}",
                    core.name,
                    ops.join(", "),
                    match &reference {
                        Reference::Exact(r) if ftz => {
                            format!("want {:#x} (flushed)", flushed(&core.name, *r, &v))
                        }
                        Reference::Exact(r) => format!("want {:#x}", r(&v)),
                        Reference::Ulps64(r, _) => format!(
                            "exact {:e} ({err} ulp), the model {:#x}",
                            r(&v).to_f64(),
                            core.name
                                .strip_prefix("fp64_")
                                .and_then(|n| rtl_gen::math::eval64(
                                    n,
                                    v[0],
                                    v.get(1).copied().unwrap_or(0)
                                ))
                                .unwrap_or(0)
                        ),
                        Reference::Ulps(r, _) => format!(
                            "exact {:e} ({err} ulp), the model {:#x}",
                            r(&v),
                            core.name
                                .strip_prefix("fp32_")
                                .and_then(|n| rtl_gen::math::eval(
                                    n,
                                    v[0] as u32,
                                    v.get(1).map_or(0, |b| *b as u32)
                                ))
                                .unwrap_or(0)
                        ),
                    }
                ));
            }
        }
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The FTZ reference: subnormal operands read as zero (with their sign), a subnormal
    /// IEEE result is the zero of its sign, the smallest normal stays.
    #[test]
    fn flushed_reference_flushes_operands_and_results() {
        let mul = |v: &[u64]| bits(f(v[0]) * f(v[1]));
        let tiny = 2f32.powi(-64);
        // 2^-64 * 2^-64 * 1.5 = 1.5 * 2^-128: subnormal in IEEE, zero flushed.
        let v = [bits(tiny * 1.5), bits(-tiny)];
        assert_ne!(mul(&v), 0);
        assert_eq!(flushed("fp32_mul", mul, &v), 0x8000_0000);
        // A subnormal operand is a zero: 1 * subnormal = 0 (sign kept).
        assert_eq!(
            flushed("fp32_mul", mul, &[bits(1.0), 0x8000_0001]),
            0x8000_0000
        );
        // The smallest normal itself is kept.
        let v = [bits(tiny), bits(tiny * 4.0)];
        assert_eq!(flushed("fp32_mul", mul, &v), bits(f32::MIN_POSITIVE) as u64);
        // The adder's first input is its sub flag, not an operand.
        let add = |v: &[u64]| bits(f(v[1]) + f(v[2]));
        assert_eq!(flushed("fp32_add", add, &[1, bits(1.0), 0x1]), bits(1.0));
        // Double: a subnormal result.
        let mul64 = |v: &[u64]| (f64::from_bits(v[0]) * f64::from_bits(v[1])).to_bits();
        let t = 2f64.powi(-600);
        assert_eq!(flushed("fp64_mul", mul64, &[t.to_bits(), t.to_bits()]), 0);
    }
}
