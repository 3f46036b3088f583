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
//!   arithmetic for them (`hls_cores::math::eval`, `eval64`), which co-simulation relies on.
//!
//! Half to float is checked over all 2^16 inputs whatever the vector count.

mod arith_operands;
mod function_operands;
mod operands;
mod reference;

use boards::Board;
use hls_cores::catalog::CoreInfo;
use operands::vector;
use reference::{f, reference, Reference};
pub use reference::{ulp_error, ulp_error64};
use sim::verilator::{build_model, VerilatedModel};
use std::path::Path;

/// Why a campaign could not run (a failed check is an `Outcome`, not an error).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("{0}")]
    Usage(String),
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Sim(#[from] sim::SimError),
}

impl CheckError {
    /// Bad input (a core without a reference, an FTZ form that does not exist, a path that
    /// cannot be written), as against a failed Verilator build.
    pub fn is_bad_input(&self) -> bool {
        match self {
            CheckError::Usage(_) | CheckError::Io { .. } => true,
            CheckError::Sim(e) => e.is_bad_input(),
        }
    }
}

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

/// A reproducible pseudo-random stream (splitmix64).
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
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
// Long because it is one campaign's loop, issue to check, with the reference's three kinds side by side.
pub fn check(
    core: &CoreInfo,
    board: &Board,
    vectors: u64,
    seed: u64,
    dir: &Path,
    ftz: bool,
) -> Result<Outcome, CheckError> {
    let reference = reference(&core.name).ok_or_else(|| {
        CheckError::Usage(format!(
            "core {} has no reference to check it against",
            core.name
        ))
    })?;
    if ftz && !core.flush_to_zero {
        return Err(CheckError::Usage(format!(
            "core {} has no flush-to-zero form (`hls-build cores --list --json`: \
             flush_to_zero)",
            core.name
        )));
    }
    let latency = board.operator(&core.class).latency.max(1);
    std::fs::create_dir_all(dir).map_err(|source| CheckError::Io {
        path: dir.display().to_string(),
        source,
    })?;
    let file = dir.join(format!("{}.sv", core.module));
    std::fs::write(&file, hls_cores::catalog::emit(core, board, ftz)).map_err(|source| {
        CheckError::Io {
            path: file.display().to_string(),
            source,
        }
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
                // (hls_cores::math): the core must give exactly its bits too.
                let model = core.name.strip_prefix("fp32_").and_then(|n| {
                    hls_cores::math::eval(n, v[0] as u32, v.get(1).map_or(0, |b| *b as u32))
                });
                (e > *bound || model.is_some_and(|m| m as u64 != got), e)
            }
            Reference::Ulps64(r, bound) => {
                let e = ulp_error64(got, &r(&v));
                let model = core
                    .name
                    .strip_prefix("fp64_")
                    .and_then(|n| hls_cores::math::eval64(n, v[0], v.get(1).copied().unwrap_or(0)));
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
                                .and_then(|n| hls_cores::math::eval64(
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
                                .and_then(|n| hls_cores::math::eval(
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
    use reference::bits;

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
