//! The error measure of every double core against MPFR: the mirrors' sweeps here and the
//! verification campaign (`hls-build cores --check`) use the same one.

use rug::{ops::Pow, Float};

/// The error of the float `got` in float ulps of `want` (a double, the reference of the
/// float mirrors' sweeps) at want's binade; an infinity counts only where want is one or
/// lies past the largest float.
pub fn ulps32(got: u32, want: f64) -> f64 {
    let g = f32::from_bits(got) as f64;
    if want.is_infinite() || got == 0x7F80_0000 {
        return if g == want || (want > f32::MAX as f64 && got == 0x7F80_0000) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if want as f32 == f32::from_bits(got) {
        return 0.0;
    }
    let e = want.abs().max(f32::MIN_POSITIVE as f64).log2().floor();
    (g - want).abs() / 2f64.powf(e - 23.0)
}

/// The error of the double `got` in ulps of the exact value `want` (MPFR): 0 when `got`
/// is `want` correctly rounded (or both are NaN), infinite for a NaN or infinity that
/// should not be; an exact value past the largest double is still a finite value, so a
/// finite result is measured in the top binade's ulps (2^971).
pub fn ulps64(got: u64, want: &Float) -> f64 {
    let g = f64::from_bits(got);
    if want.is_nan() || g.is_nan() {
        return if want.is_nan() && g.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if want.to_f64() == g {
        return 0.0;
    }
    if g.is_infinite() || want.is_infinite() {
        return f64::INFINITY;
    }
    let e = want
        .clone()
        .abs()
        .to_f64()
        .clamp(f64::MIN_POSITIVE, f64::MAX)
        .log2()
        .floor() as i32;
    let prec = want.prec().max(192);
    let diff = Float::with_val(prec, g) - want;
    (diff.abs() / Float::with_val(prec, 2).pow(e - 52)).to_f64()
}

/// rootn(x, n) exactly (256 bits; MPFR has no signed root here), OpenCL's special cases
/// included: NaN for n = 0 and for x < 0 with n even, the sign of x for n odd.
pub fn rootn_exact(x: f64, n: i32) -> Float {
    let odd = n % 2 != 0;
    if n == 0 || x.is_nan() || (x < 0.0 && !odd) {
        return Float::with_val(53, f64::NAN);
    }
    let sign = if odd && x.is_sign_negative() {
        -1.0
    } else {
        1.0
    };
    let r = Float::with_val(256, x.abs()).root(n.unsigned_abs());
    let r = if n < 0 { 1.0 / r } else { r };
    r * sign
}
