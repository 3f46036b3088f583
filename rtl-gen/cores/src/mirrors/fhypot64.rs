//! The double hypot core (`rtl-gen/cores/sv/hls_fp_hypot64.sv`) in Rust, bit for bit: it is
//! built from the correctly rounded double multiplier, fma and square root, whose results
//! are Rust's own `*`, `mul_add` and `sqrt`. m = max(|x|, |y|), n = min, both scaled by
//! S = 2^(1023 - e) with e m's exponent field (at least 1), so m S is in [1, 2) (or below 1
//! for a subnormal m) and nothing overflows; sqrt(fma(mS, mS, (nS)^2)) 2^(e - 1023). Error:
//! (nS)^2 and the fma each round (2^-53 of the sum at most), the square root halves that
//! and rounds: within 1.1 ulp (OpenCL allows 4). C99's special cases: an infinite operand
//! gives +inf even beside a NaN; otherwise a NaN gives NaN.

const QNAN: u64 = 0x7FF8_0000_0000_0000;
const PINF: u64 = 0x7FF0_0000_0000_0000;
const ABS: u64 = !(1 << 63);

pub fn hypot(x: u64, y: u64) -> u64 {
    let (xa, ya) = (x & ABS, y & ABS);
    if xa == PINF || ya == PINF {
        return PINF;
    }
    if xa > PINF || ya > PINF {
        return QNAN;
    }
    let (m, n) = if xa >= ya { (xa, ya) } else { (ya, xa) };
    let e = (m >> 52).max(1);
    let scale = if e == 2046 { 1 << 51 } else { (2046 - e) << 52 };
    let unscale = f64::from_bits(e << 52);
    let s = f64::from_bits(scale);
    let (ms, ns) = (f64::from_bits(m) * s, f64::from_bits(n) * s);
    (ms.mul_add(ms, ns * ns).sqrt() * unscale).to_bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rug::Float;

    /// Random pairs at every exponent and ratio (both tiny, both huge, one far smaller):
    /// within 1.1 ulp of MPFR.
    #[test]
    fn within_its_bound() {
        let mut r = 0x1234_5678_9ABC_DEFu64;
        let mut next = || {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            r
        };
        let mut worst = 0f64;
        for i in 0..100_000 {
            let x = next() % PINF;
            let y = match i % 3 {
                0 => next() % PINF,
                1 => x.wrapping_add(next() % (200 << 52)).wrapping_sub(100 << 52) % PINF,
                _ => x ^ (next() & 0xFFFF_FFFF),
            };
            let got = f64::from_bits(hypot(x, y));
            let want = Float::with_val(256, f64::from_bits(x))
                .hypot(&Float::with_val(256, f64::from_bits(y)));
            if got == want.to_f64() {
                continue;
            }
            let e = want.to_f64().abs().max(f64::MIN_POSITIVE).log2().floor() as i32;
            let err = ((Float::with_val(256, got) - &want).abs()
                / Float::with_val(256, Float::i_exp(1, e - 52)))
            .to_f64();
            assert!(err < 1.1, "hypot({x:#x}, {y:#x}): {err} ulp");
            worst = worst.max(err);
        }
        eprintln!("hypot max {worst:.4} ulp");
    }

    #[test]
    fn special_values() {
        let h = |x: f64, y: f64| f64::from_bits(hypot(x.to_bits(), y.to_bits()));
        assert_eq!(h(f64::NEG_INFINITY, f64::NAN), f64::INFINITY);
        assert!(h(1.0, f64::NAN).is_nan());
        assert_eq!(h(-3.0, 4.0), 5.0);
        assert_eq!(h(-0.0, -0.0).to_bits(), 0);
        assert_eq!(h(f64::MAX, f64::MAX), f64::INFINITY);
        assert_eq!(h(1e300, 1e300), 1.4142135623730952e300);
        assert_eq!(h(5e-324, 0.0), 5e-324);
    }
}
