//! The software model's floating point for half, float and double.
//!
//! Every half and float value is exactly a double, so the model holds all floats as `f64`
//! with their format beside them and rounds each result to that format. For add, sub, mul,
//! div and sqrt this double rounding is harmless (53 ≥ 2p + 2 for p = 11 and 24, so
//! rounding the double result again gives the correctly rounded result); fma is handled
//! separately. Rounding to a format in any of the four OpenCL modes, with the format's
//! subnormals and overflow, is done here, exactly, by scaling to an integer significand.

use frontend::ir::FloatKind;

/// IEEE rounding-direction attributes, as SPIR-V's FPRoundingMode names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// To nearest, ties to even (the default).
    Rte,
    /// Toward zero.
    Rtz,
    /// Toward +infinity.
    Rtp,
    /// Toward -infinity.
    Rtn,
}

impl Rounding {
    /// From the FPRoundingMode decoration's operand (0 RTE, 1 RTZ, 2 RTP, 3 RTN).
    pub fn from_spirv(m: rspirv::spirv::FPRoundingMode) -> Rounding {
        use rspirv::spirv::FPRoundingMode as M;
        match m {
            M::RTE => Rounding::Rte,
            M::RTZ => Rounding::Rtz,
            M::RTP => Rounding::Rtp,
            M::RTN => Rounding::Rtn,
        }
    }
}

pub fn kind_of_width(bits: u32) -> Option<FloatKind> {
    match bits {
        16 => Some(FloatKind::F16),
        32 => Some(FloatKind::F32),
        64 => Some(FloatKind::F64),
        _ => None,
    }
}

pub fn width(k: FloatKind) -> u32 {
    match k {
        FloatKind::F16 => 16,
        FloatKind::F32 => 32,
        FloatKind::F64 => 64,
    }
}

/// Significand bits (with the hidden one) and the exponent of the smallest normal.
fn format(k: FloatKind) -> (i32, i32) {
    match k {
        FloatKind::F16 => (11, -14),
        FloatKind::F32 => (24, -126),
        FloatKind::F64 => (53, -1022),
    }
}

pub fn max_finite(k: FloatKind) -> f64 {
    match k {
        FloatKind::F16 => 65504.0,
        FloatKind::F32 => f32::MAX as f64,
        FloatKind::F64 => f64::MAX,
    }
}

pub fn from_bits(k: FloatKind, b: u64) -> f64 {
    match k {
        FloatKind::F16 => half::f16::from_bits(b as u16).to_f64(),
        FloatKind::F32 => f32::from_bits(b as u32) as f64,
        FloatKind::F64 => f64::from_bits(b),
    }
}

/// The bits of `x`, which must already be a value of format `k` (see `round`).
pub fn to_bits(k: FloatKind, x: f64) -> u64 {
    match k {
        // Exact: x is representable, so no rounding happens in the conversion.
        FloatKind::F16 => half::f16::from_f64(x).to_bits() as u64,
        FloatKind::F32 => (x as f32).to_bits() as u64,
        FloatKind::F64 => x.to_bits(),
    }
}

/// `x` rounded to format `k` to nearest even.
pub fn round(k: FloatKind, x: f64) -> f64 {
    match k {
        FloatKind::F64 => x,
        FloatKind::F32 => x as f32 as f64,
        FloatKind::F16 => round_mode(k, x, Rounding::Rte),
    }
}

/// `x` rounded to format `k` in direction `mode`: subnormals kept, overflow to infinity or
/// the largest finite value as the direction says.
pub fn round_mode(k: FloatKind, x: f64, mode: Rounding) -> f64 {
    if k == FloatKind::F64 || !x.is_finite() || x == 0.0 {
        return x;
    }
    let (p, emin) = format(k);
    let a = x.abs();
    // The exponent of a's leading bit (a is a normal double: every half or float range value
    // is), but never below the format's smallest normal exponent: there the spacing is fixed.
    let e = (((a.to_bits() >> 52) & 0x7FF) as i32 - 1023).max(emin);
    let quantum = 2f64.powi(e - (p - 1));
    let n = a / quantum; // exact: a power-of-two scaling
    let neg = x < 0.0;
    let r = match mode {
        Rounding::Rte => n.round_ties_even(),
        Rounding::Rtz => n.trunc(),
        Rounding::Rtp if neg => n.trunc(),
        Rounding::Rtp => n.ceil(),
        Rounding::Rtn if neg => n.ceil(),
        Rounding::Rtn => n.trunc(),
    };
    let mag = r * quantum;
    let mag = if mag > max_finite(k) {
        let away = match mode {
            Rounding::Rte => true,
            Rounding::Rtz => false,
            Rounding::Rtp => !neg,
            Rounding::Rtn => neg,
        };
        if away {
            f64::INFINITY
        } else {
            max_finite(k)
        }
    } else {
        mag
    };
    if neg {
        -mag
    } else {
        mag
    }
}

/// An integer (up to 64 bits, signed or not, held in an i128) to format `k` in `mode`.
pub fn from_int(v: i128, k: FloatKind, mode: Rounding) -> f64 {
    let (p, _) = format(k);
    let neg = v < 0;
    let m = v.unsigned_abs();
    let len = 128 - m.leading_zeros() as i32;
    if len <= 53 {
        // Exact as a double; round from there.
        let x = if neg { -(m as f64) } else { m as f64 };
        return round_mode(k, x, mode);
    }
    let s = len - p;
    let top = m >> s;
    let rem = m & ((1u128 << s) - 1);
    let half = 1u128 << (s - 1);
    let inc = match mode {
        Rounding::Rte => rem > half || (rem == half && top & 1 == 1),
        Rounding::Rtz => false,
        Rounding::Rtp => !neg && rem != 0,
        Rounding::Rtn => neg && rem != 0,
    };
    // At most p + 1 significant bits: exact as a double, and the format's range decides.
    let mag = ((top + inc as u128) as f64) * 2f64.powi(s);
    round_mode(k, if neg { -mag } else { mag }, mode)
}

/// A float to a `bits`-wide integer in `mode`, saturating at the type's range and giving 0
/// for NaN (OpenCL's `_sat` conversions; without `_sat` the result is undefined and the
/// model, like the hardware, saturates too). Returns the result's bits.
pub fn to_int(x: f64, bits: u32, signed: bool, mode: Rounding) -> u64 {
    if x.is_nan() {
        return 0;
    }
    let r = match mode {
        Rounding::Rte => x.round_ties_even(),
        Rounding::Rtz => x.trunc(),
        Rounding::Rtp => x.ceil(),
        Rounding::Rtn => x.floor(),
    };
    let (lo, hi) = if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    // `as i128` saturates at i128's range, far outside every integer type's.
    let v = (r as i128).clamp(lo, hi);
    (v as u64)
        & if bits >= 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        }
}

/// `x` as flush-to-zero arithmetic reads and writes it: a subnormal of format `k` is the
/// zero of its sign (the cores with FTZ, hls_fp_round).
pub fn flush(k: FloatKind, x: f64) -> f64 {
    let smallest_normal = match k {
        FloatKind::F16 => 2f64.powi(-14),
        FloatKind::F32 => f32::MIN_POSITIVE as f64,
        FloatKind::F64 => f64::MIN_POSITIVE,
    };
    if x != 0.0 && x.abs() < smallest_normal {
        0.0f64.copysign(x)
    } else {
        x
    }
}

/// a * b + c rounded once to format `k`.
pub fn fma(k: FloatKind, a: f64, b: f64, c: f64) -> f64 {
    match k {
        FloatKind::F64 => a.mul_add(b, c),
        FloatKind::F32 => (a as f32).mul_add(b as f32, c as f32) as f64,
        // The product of two halves has 22 significant bits and every finite half sum
        // spans under 53 bits, so the double fma is exact where the result is finite and
        // one rounding to half follows.
        FloatKind::F16 => round(k, a.mul_add(b, c)),
    }
}

/// The half fma by exact integer arithmetic, an oracle independent of `fma`'s double
/// route and of the hardware's round-to-odd one: every finite half is an integer times
/// 2^-24, so a b + c times 2^48 is an integer below 2^81; it is rounded to half once.
pub fn fma_f16_exact(a: u16, b: u16, c: u16) -> u16 {
    let h = |v: u16| half::f16::from_bits(v).to_f64();
    let (x, y, z) = (h(a), h(b), h(c));
    if !(x.is_finite() && y.is_finite() && z.is_finite()) {
        // Infinities and NaNs: double arithmetic has the same special cases.
        return half::f16::from_f64(x.mul_add(y, z)).to_bits();
    }
    // v = m 2^e with m an integer (the hidden bit included), e >= -24.
    let parts = |v: u16| -> (i128, i32) {
        let (e, f) = ((v >> 10) & 0x1F, (v & 0x3FF) as i128);
        let m = if e == 0 { f } else { f | 0x400 };
        let m = if v >> 15 == 1 { -m } else { m };
        (m, e.max(1) as i32 - 25)
    };
    let ((ma, ea), (mb, eb), (mc, ec)) = (parts(a), parts(b), parts(c));
    let s = ((ma * mb) << (ea + eb + 48)) + (mc << (ec + 48));
    if s == 0 {
        // An exact zero: -0 only from -0 + -0 (round to nearest).
        let neg = ma * mb == 0 && (a ^ b) >> 15 == 1 && c >> 15 == 1;
        return if neg { 0x8000 } else { 0 };
    }
    let mag = s.unsigned_abs();
    let top = 127 - mag.leading_zeros() as i32;
    let mut shift = (top - 10).max(24);
    let mut q = mag >> shift;
    let rem = mag & ((1u128 << shift) - 1);
    let half_way = 1u128 << (shift - 1);
    if rem > half_way || rem == half_way && q & 1 == 1 {
        q += 1;
    }
    if q == 1 << 11 {
        q >>= 1;
        shift += 1;
    }
    let sign = if s < 0 { 0x8000 } else { 0 };
    if q < 1 << 10 {
        return sign | q as u16;
    }
    let e = shift - 23;
    if e >= 31 {
        return sign | 0x7C00;
    }
    sign | (e as u16) << 10 | (q as u16 & 0x3FF)
}

/// The neighbour of `x` in format `k` toward `y` (OpenCL nextafter).
pub fn next_after(k: FloatKind, x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    if x == y {
        return y;
    }
    if x == 0.0 {
        let tiny = from_bits(k, 1);
        return if y > 0.0 { tiny } else { -tiny };
    }
    let b = to_bits(k, x);
    // Away from zero is one step up in the magnitude bits, toward zero one step down.
    let away = (y > x) == (x > 0.0);
    from_bits(k, if away { b + 1 } else { b - 1 })
}

/// The largest value of format `k` below 1.0 (fract's upper bound).
pub fn below_one(k: FloatKind) -> f64 {
    next_after(k, 1.0, 0.0)
}

/// sin(pi x) or cos(pi x), reduced exactly to |r| ≤ 1/4 first so that the multiplication by
/// pi costs no accuracy near the zeros.
pub fn sincospi(x: f64, cos: bool) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let y = x % 2.0; // exact
    let q = (y * 2.0).round(); // nearest multiple of 1/2
    let r = y - q / 2.0; // exact, |r| <= 1/4
    let quadrant = (q as i64).rem_euclid(4) + if cos { 1 } else { 0 };
    let (s, c) = (
        (std::f64::consts::PI * r).sin(),
        (std::f64::consts::PI * r).cos(),
    );
    let v = match quadrant % 4 {
        0 => s,
        1 => c,
        2 => -s,
        _ => -c,
    };
    if v == 0.0 {
        // sinpi(n) is +0 or -0 with the sign of n; cospi(n + 1/2) is +0.
        if cos {
            0.0
        } else {
            0.0f64.copysign(x)
        }
    } else {
        v
    }
}

/// The OpenCL powr: pow defined for x >= 0 only, with its own special cases.
pub fn powr(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return if y == 0.0 {
            f64::NAN
        } else if y < 0.0 {
            f64::INFINITY
        } else {
            0.0
        };
    }
    if x.is_infinite() && y == 0.0 || x == 1.0 && y.is_infinite() {
        return f64::NAN;
    }
    x.powf(y)
}

/// The OpenCL rootn: x^(1/n).
pub fn rootn(x: f64, n: i64) -> f64 {
    if n == 0 || x.is_nan() {
        return f64::NAN;
    }
    let odd = n % 2 != 0;
    if x == 0.0 {
        return match (n < 0, odd) {
            (true, true) => f64::INFINITY.copysign(x),
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if x < 0.0 {
        return if odd { -rootn(-x, n) } else { f64::NAN };
    }
    if n == 2 {
        return x.sqrt();
    }
    if n == 3 {
        return x.cbrt();
    }
    x.powf(1.0 / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directed_rounding_of_a_double_to_float() {
        let x = 1.0 + 2f64.powi(-30);
        assert_eq!(round_mode(FloatKind::F32, x, Rounding::Rtz), 1.0);
        assert_eq!(
            round_mode(FloatKind::F32, x, Rounding::Rtp),
            1.0 + 2f64.powi(-23)
        );
        assert_eq!(round_mode(FloatKind::F32, -x, Rounding::Rtp), -1.0);
        assert_eq!(
            round_mode(FloatKind::F32, -x, Rounding::Rtn),
            -1.0 - 2f64.powi(-23)
        );
        // Overflow: toward zero stays finite.
        assert_eq!(round_mode(FloatKind::F16, 70000.0, Rounding::Rtz), 65504.0);
        assert_eq!(
            round_mode(FloatKind::F16, 65520.0, Rounding::Rte),
            f64::INFINITY
        );
        assert_eq!(round_mode(FloatKind::F16, 65519.0, Rounding::Rte), 65504.0);
        // Half subnormals: spacing 2^-24.
        assert_eq!(
            round_mode(FloatKind::F16, 3.0 * 2f64.powi(-26), Rounding::Rte),
            2f64.powi(-24)
        );
        assert_eq!(
            round_mode(FloatKind::F16, 2f64.powi(-26), Rounding::Rtp),
            2f64.powi(-24)
        );
        assert_eq!(
            round_mode(FloatKind::F16, 2f64.powi(-26), Rounding::Rtz),
            0.0
        );
    }

    #[test]
    fn nearest_rounding_agrees_with_the_hardware_conversion_for_every_half_halfway() {
        // Every value exactly halfway between two adjacent halves, and its neighbours.
        for b in 0u64..0x7BFF {
            let (lo, hi) = (
                from_bits(FloatKind::F16, b),
                from_bits(FloatKind::F16, b + 1),
            );
            let mid = (lo + hi) / 2.0;
            let want = if b & 1 == 0 { lo } else { hi };
            assert_eq!(round(FloatKind::F16, mid), want, "bits {b:#x}");
            assert_eq!(round(FloatKind::F16, mid + mid * 1e-12), hi);
            assert_eq!(round(FloatKind::F16, mid - mid * 1e-12), lo);
        }
    }

    #[test]
    fn integers_to_float_round_in_every_mode() {
        let big = (1i128 << 60) + 1; // not representable in a double
        assert_eq!(from_int(big, FloatKind::F64, Rounding::Rte), 2f64.powi(60));
        assert_eq!(
            from_int(big, FloatKind::F64, Rounding::Rtp),
            2f64.powi(60) + 256.0
        );
        assert_eq!(
            from_int(16_777_217, FloatKind::F32, Rounding::Rtp),
            16_777_218.0
        );
        assert_eq!(
            from_int(16_777_217, FloatKind::F32, Rounding::Rte),
            16_777_216.0
        );
        assert_eq!(
            from_int(-(1i128 << 63), FloatKind::F32, Rounding::Rtz),
            -(2f64.powi(63))
        );
        assert_eq!(
            from_int(u64::MAX as i128, FloatKind::F32, Rounding::Rtz),
            1.8446742974197924e19
        );
    }

    #[test]
    fn float_to_int_saturates_and_rounds() {
        assert_eq!(to_int(2.5, 32, true, Rounding::Rte), 2);
        assert_eq!(to_int(-2.5, 32, true, Rounding::Rtn), (-3i32) as u32 as u64);
        assert_eq!(to_int(1e10, 32, true, Rounding::Rtz), i32::MAX as u64);
        assert_eq!(to_int(-1.0, 8, false, Rounding::Rtz), 0);
        assert_eq!(to_int(300.0, 8, false, Rounding::Rtz), 255);
        assert_eq!(to_int(f64::NAN, 16, true, Rounding::Rtz), 0);
        assert_eq!(to_int(-1e30, 64, true, Rounding::Rtz), i64::MIN as u64);
    }

    #[test]
    fn sinpi_is_exact_at_the_integers_and_halves() {
        assert_eq!(sincospi(1.0, false), 0.0);
        assert!(sincospi(-2.0, false).is_sign_negative());
        assert_eq!(sincospi(0.5, false), 1.0);
        assert_eq!(sincospi(1.0, true), -1.0);
        assert_eq!(sincospi(0.5, true), 0.0);
        assert!((sincospi(1e-9, false) - std::f64::consts::PI * 1e-9).abs() < 1e-24);
    }
}
