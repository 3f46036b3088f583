//! What each core is checked against: IEEE arithmetic (Rust's, and the `half` crate) bit
//! for bit, `std`/`libm` in double for the float functions, MPFR for the double ones.

use rug::ops::Pow;

pub(crate) enum Reference {
    /// The bits every result must have (NaN: any NaN of the result's format).
    Exact(fn(&[u64]) -> u64),
    /// The exact value as a double, and the bound in float ulps.
    Ulps(fn(&[u64]) -> f64, f64),
    /// The exact value from MPFR (rug, 192 bits), and the bound in double ulps.
    Ulps64(fn(&[u64]) -> rug::Float, f64),
}

/// The first operand at MPFR's precision for the double references (exact).
pub(crate) fn big(v: &[u64]) -> rug::Float {
    rug::Float::with_val(192, f64::from_bits(v[0]))
}

pub(crate) fn f(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

pub(crate) fn bits(v: f32) -> u64 {
    v.to_bits() as u64
}

/// The first operand as a double.
pub(crate) fn g(v: &[u64]) -> f64 {
    f(v[0]) as f64
}

pub(crate) fn reference(core: &str) -> Option<Reference> {
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
            |v| hls_cores::ulp::rootn_exact(f64::from_bits(v[0]), v[1] as u32 as i32),
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

/// OpenCL's powr(x, y) = exp(y log x) for x >= 0, exactly: its special cases (NaN for x <
/// 0, 0^0, inf^0, 1^inf), else MPFR's pow of |x|.
pub(crate) fn powr64_exact(v: &[u64]) -> rug::Float {
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
pub use hls_cores::ulp::ulps64 as ulp_error64;
