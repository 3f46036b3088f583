//! The elementary-function cores: the table of functions (one place to add one) with each
//! one's float and double core, the SystemVerilog package `hls_fp_math_pkg` with the
//! tables and constants the staged cores' modules generate (rtl-gen/src/f*.rs), and one
//! small module per function and precision around its core.
//!
//! Constants that need more than a double's 53 bits (2/pi for the argument reduction of sin
//! and cos, pi/2, ln 2 and the base changes) are computed exactly with big integers.

use num_bigint::BigInt;
use num_traits::{One, Zero};

/// One elementary function with a hardware core.
#[derive(Debug, Clone, Copy)]
pub struct MathFn {
    /// OpenCL.std name (the IR's `OpKind::Math` name).
    pub name: &'static str,
    /// Arguments (1 or 2, all binary32).
    pub arity: usize,
    /// The binary32 core: a staged module with its parameters (`hls_fp_exp #(.KIND(1))`: a
    /// name and `#`), which gets LAT.
    pub call: &'static str,
    /// Its OpenCL bound for float (ulp, §6.6.1 of the OpenCL SPIR-V environment).
    pub bound_ulp: u32,
    /// The second argument is an int (pown, rootn), not a float.
    pub int_b: bool,
    /// The binary64 core, a staged module with its parameters (`hls_fp_exp64 #(.KIND(1))`),
    /// if the function has one; its bound is §6.6.1's for double, the same number of ulps.
    pub double: Option<&'static str>,
}

pub const FUNCTIONS: &[MathFn] = &[
    MathFn {
        name: "exp",
        arity: 1,
        call: "hls_fp_exp #(.KIND(1))",
        bound_ulp: 3,
        int_b: false,
        double: Some("hls_fp_exp64 #(.KIND(1))"),
    },
    MathFn {
        name: "exp2",
        arity: 1,
        call: "hls_fp_exp #(.KIND(0))",
        bound_ulp: 3,
        int_b: false,
        double: Some("hls_fp_exp64 #(.KIND(0))"),
    },
    MathFn {
        name: "exp10",
        arity: 1,
        call: "hls_fp_exp #(.KIND(2))",
        bound_ulp: 3,
        int_b: false,
        double: Some("hls_fp_exp64 #(.KIND(2))"),
    },
    MathFn {
        name: "log",
        arity: 1,
        call: "hls_fp_log #(.KIND(1))",
        bound_ulp: 3,
        int_b: false,
        double: Some("hls_fp_log64 #(.KIND(1))"),
    },
    MathFn {
        name: "log2",
        arity: 1,
        call: "hls_fp_log #(.KIND(0))",
        bound_ulp: 3,
        int_b: false,
        double: Some("hls_fp_log64 #(.KIND(0))"),
    },
    MathFn {
        name: "log10",
        arity: 1,
        call: "hls_fp_log #(.KIND(2))",
        bound_ulp: 3,
        int_b: false,
        double: Some("hls_fp_log64 #(.KIND(2))"),
    },
    MathFn {
        name: "sin",
        arity: 1,
        call: "hls_fp_sin #(.KIND(0))",
        bound_ulp: 4,
        int_b: false,
        double: Some("hls_fp_sin64 #(.KIND(0))"),
    },
    MathFn {
        name: "cos",
        arity: 1,
        call: "hls_fp_sin #(.KIND(1))",
        bound_ulp: 4,
        int_b: false,
        double: Some("hls_fp_sin64 #(.KIND(1))"),
    },
    MathFn {
        name: "pow",
        arity: 2,
        call: "hls_fp_pow #(.KIND(0))",
        bound_ulp: 16,
        int_b: false,
        double: Some("hls_fp_pow64 #(.KIND(0))"),
    },
    MathFn {
        name: "powr",
        arity: 2,
        call: "hls_fp_pow #(.KIND(1))",
        bound_ulp: 16,
        int_b: false,
        double: Some("hls_fp_pow64 #(.KIND(1))"),
    },
    MathFn {
        name: "tan",
        arity: 1,
        call: "hls_fp_tan #()",
        bound_ulp: 5,
        int_b: false,
        double: Some("hls_fp_tan64 #()"),
    },
    MathFn {
        name: "cbrt",
        arity: 1,
        call: "hls_fp_cbrt #()",
        bound_ulp: 2,
        int_b: false,
        double: Some("hls_fp_cbrt64 #()"),
    },
    MathFn {
        name: "expm1",
        arity: 1,
        call: "hls_fp_exp #(.KIND(3))",
        bound_ulp: 3,
        int_b: false,
        double: Some("hls_fp_exp64 #(.KIND(3))"),
    },
    MathFn {
        name: "sinh",
        arity: 1,
        call: "hls_fp_sinh #(.KIND(0))",
        bound_ulp: 4,
        int_b: false,
        double: Some("hls_fp_sinh64 #(.KIND(0))"),
    },
    MathFn {
        name: "cosh",
        arity: 1,
        call: "hls_fp_sinh #(.KIND(1))",
        bound_ulp: 4,
        int_b: false,
        double: Some("hls_fp_sinh64 #(.KIND(1))"),
    },
    MathFn {
        name: "tanh",
        arity: 1,
        call: "hls_fp_tanh #()",
        bound_ulp: 5,
        int_b: false,
        double: Some("hls_fp_sinh64 #(.KIND(2))"),
    },
    MathFn {
        name: "log1p",
        arity: 1,
        call: "hls_fp_log1p #()",
        bound_ulp: 2,
        int_b: false,
        double: Some("hls_fp_log64 #(.KIND(3))"),
    },
    MathFn {
        name: "atan",
        arity: 1,
        call: "hls_fp_atan #(.KIND(1))",
        bound_ulp: 5,
        int_b: false,
        double: Some("hls_fp_atan64 #(.KIND(1))"),
    },
    MathFn {
        name: "atan2",
        arity: 2,
        call: "hls_fp_atan2 #()",
        bound_ulp: 6,
        int_b: false,
        double: Some("hls_fp_atan2_64 #()"),
    },
    MathFn {
        name: "asin",
        arity: 1,
        call: "hls_fp_asin #(.KIND(0))",
        bound_ulp: 4,
        int_b: false,
        double: Some("hls_fp_atan64 #(.KIND(2))"),
    },
    MathFn {
        name: "acos",
        arity: 1,
        call: "hls_fp_asin #(.KIND(1))",
        bound_ulp: 4,
        int_b: false,
        double: Some("hls_fp_atan64 #(.KIND(3))"),
    },
    MathFn {
        name: "hypot",
        arity: 2,
        call: "hls_fp_hypot #()",
        bound_ulp: 4,
        int_b: false,
        double: Some("hls_fp_hypot64 #()"),
    },
    MathFn {
        name: "erf",
        arity: 1,
        call: "hls_fp_erf #(.KIND(0))",
        bound_ulp: 16,
        int_b: false,
        double: Some("hls_fp_erf64 #(.KIND(0))"),
    },
    MathFn {
        name: "erfc",
        arity: 1,
        call: "hls_fp_erf #(.KIND(1))",
        bound_ulp: 16,
        int_b: false,
        double: Some("hls_fp_erf64 #(.KIND(1))"),
    },
    MathFn {
        name: "pown",
        arity: 2,
        call: "hls_fp_pow #(.KIND(2))",
        bound_ulp: 16,
        int_b: true,
        double: Some("hls_fp_pown64 #()"),
    },
    MathFn {
        name: "rootn",
        arity: 2,
        call: "hls_fp_pow #(.KIND(4))",
        bound_ulp: 16,
        int_b: true,
        double: Some("hls_fp_rootn64 #()"),
    },
];

/// The core computing the IR's `OpKind::Math(name)` (sincos is two: its value is the sine,
/// `sincos_out` the cosine it writes).
pub fn find(name: &str) -> Option<&'static MathFn> {
    let name = match name {
        "sincos" => "sin",
        "sincos_out" => "cos",
        n => n,
    };
    FUNCTIONS.iter().find(|f| f.name == name)
}

impl MathFn {
    /// The precisions it has a core for: binary32, and binary64 with `double`.
    pub fn widths(&self) -> impl Iterator<Item = u32> {
        std::iter::once(32).chain(self.double.map(|_| 64))
    }

    /// The core's module for binary32 or binary64 (`hls_fp64_exp`).
    pub fn module(&self, width: u32) -> String {
        format!("hls_fp{width}_{}", self.name)
    }

    /// The module: the staged module with the board's latency LAT (which falls back to its
    /// combinational form followed by LAT registers when LAT is below its stages).
    pub fn module_source(&self, width: u32) -> String {
        let hi = width - 1;
        // pown and rootn take an int exponent.
        let b_hi = if self.int_b { 31 } else { hi };
        let b = if self.arity == 2 {
            format!("    input  logic [{b_hi}:0] b,\n")
        } else {
            String::new()
        };
        let format = if width == 64 { "binary64" } else { "binary32" };
        let call = if width == 64 {
            self.double.unwrap_or("")
        } else {
            self.call
        };
        let (module, params) = call.split_once(" #(").unwrap_or((call, ")"));
        let params_lat = |lat: &str| match params.strip_suffix(')').unwrap_or(params) {
            "" => format!(".LAT({lat})"),
            p => format!("{p}, .LAT({lat})"),
        };
        let b_arg = if self.arity == 2 { ", b" } else { "" };
        let head = format!(
            "module {top} #(\n    parameter int LAT = 24\n) (\n    input  logic        clk,\n    \
             input  logic        ce,\n    input  logic [{hi}:0] a,\n{b}    output logic [{hi}:0] y\n);\n",
            top = self.module(width),
        );
        let b_conn = if self.arity == 2 { ", .b" } else { "" };
        format!(
            "// {format} {name}(a{b_arg}): {module} (OpenCL bound: {bound} ulp), IEEE special \
             values; fixed latency LAT with clock enable.\n{head}    \
             {module} #({params}) core (.clk, .ce, .a{b_conn}, .y);\nendmodule\n",
            name = self.name,
            bound = self.bound_ulp,
            params = params_lat("LAT"),
        )
    }
}

/// All function modules, one file.
pub fn modules_source() -> String {
    let modules: String = FUNCTIONS
        .iter()
        .flat_map(|f| f.widths().map(move |w| f.module_source(w)))
        .collect();
    format!("// Several cores in one file.\n/* verilator lint_off DECLFILENAME */\n{modules}")
}

/// The package with its generated tables and constants.
pub fn package_source() -> String {
    include_str!("../sv/hls_fp_math_pkg.sv").replace("    // GENERATED\n", &generated())
}

/// Bits of precision of the big-integer constants.
pub(crate) const P: u64 = 384;

/// atan(1/n) * 2^prec.
fn atan_inv(n: u32, prec: u64) -> BigInt {
    let n = BigInt::from(n);
    let n2 = &n * &n;
    let mut power = (BigInt::one() << prec) / &n; // 2^prec / n^(2k+1)
    let mut sum = BigInt::zero();
    let mut k = 0u32;
    while !power.is_zero() {
        let term = &power / BigInt::from(2 * k + 1);
        if k % 2 == 0 {
            sum += term;
        } else {
            sum -= term;
        }
        power /= &n2;
        k += 1;
    }
    sum
}

/// pi * 2^P by Machin's formula.
fn pi() -> BigInt {
    pi_scaled(P)
}

/// pi * 2^prec by Machin's formula (the double sine's 2/pi needs more than P bits).
pub(crate) fn pi_scaled(prec: u64) -> BigInt {
    atan_inv(5, prec) * 16 - atan_inv(239, prec) * 4
}

/// ln 2 * 2^P = sum 1 / (k 2^k).
pub(crate) fn ln2() -> BigInt {
    (1..P)
        .map(|k| (BigInt::one() << (P - k)) / BigInt::from(k))
        .sum()
}

/// ln 10 * 2^P = 3 ln 2 + ln 1.25, ln 1.25 = 2 atanh(1/9).
pub(crate) fn ln10() -> BigInt {
    let mut sum = BigInt::zero();
    let mut power: BigInt = (BigInt::one() << P) / BigInt::from(9); // 2^P / 9^(2k+1)
    let mut k = 0u32;
    while !power.is_zero() {
        sum += &power / BigInt::from(2 * k + 1);
        power /= BigInt::from(81);
        k += 1;
    }
    ln2() * 3 + sum * 2
}

/// x * 2^P (a big fixed-point value) to an integer with `frac` fraction bits, rounded.
pub(crate) fn fixed(x: &BigInt, frac: u64) -> BigInt {
    (x + (BigInt::one() << (P - frac - 1))) >> (P - frac)
}

/// An MPFR value times 2^frac rounded to an integer (|v| 2^frac below 2^127), 32 bits at a
/// time (rug is built without its integers): the constants the double cores take from MPFR.
pub(crate) fn fixed_float(v: &rug::Float, frac: u32) -> i128 {
    let mut x = rug::Float::with_val(v.prec(), v << frac).round();
    let neg = x.is_sign_negative();
    x.abs_mut();
    let mut out = 0i128;
    for k in (0..4).rev() {
        let chunk = rug::Float::with_val(x.prec(), &x >> (32 * k))
            .floor()
            .to_u32_saturating()
            .expect("a finite constant");
        out = out << 32 | i128::from(chunk);
        x -= rug::Float::with_val(x.prec(), chunk) << (32 * k);
    }
    if neg {
        -out
    } else {
        out
    }
}

/// a / b of two values * 2^P, as a value * 2^P.
pub(crate) fn div(a: &BigInt, b: &BigInt) -> BigInt {
    (a << P) / b
}

/// floor(2/pi * 2^256): bit i of 2/pi's fraction at position 256 - i.
pub fn two_over_pi_256() -> BigInt {
    (BigInt::one() << (P + 257)) / pi()
}

/// A signed constant as a SystemVerilog literal of `bits` bits (the generated tables).
/// The polynomial of degree n - 1 in u that interpolates f(centre + u half) at the n
/// Chebyshev nodes of [-1, 1] (MPFR at `prec` bits; a Vandermonde system solved by
/// Gaussian elimination with partial pivoting): its coefficients, u^0 first. The tabulated
/// cores' (ferf, ferf64) intervals.
pub(crate) fn chebyshev_interpolant(
    n: usize,
    prec: u32,
    centre: &rug::Float,
    half: &rug::Float,
    f: impl Fn(&rug::Float) -> rug::Float,
) -> Vec<rug::Float> {
    use rug::ops::Pow;
    use rug::Float;
    let pi = Float::with_val(prec, rug::float::Constant::Pi);
    // Rows [u^0 .. u^(n-1) | f(centre + u half)].
    let mut rows: Vec<Vec<Float>> = (0..n)
        .map(|i| {
            let u = (Float::with_val(prec, &pi * (2 * i + 1) as u32) / (2 * n) as u32).cos();
            let a = Float::with_val(prec, centre + Float::with_val(prec, &u * half));
            let mut row: Vec<Float> = (0..n)
                .map(|k| Float::with_val(prec, u.clone().pow(k as u32)))
                .collect();
            row.push(f(&a));
            row
        })
        .collect();
    for col in 0..n {
        let p = (col..n)
            .max_by(|&x, &y| {
                let (a, b) = (rows[x][col].clone().abs(), rows[y][col].clone().abs());
                a.partial_cmp(&b).expect("finite")
            })
            .expect("a pivot");
        rows.swap(col, p);
        let (top, below) = rows.split_at_mut(col + 1);
        let pivot = &top[col];
        for row in below.iter_mut() {
            let f = Float::with_val(prec, &row[col] / &pivot[col]);
            for (x, p) in row.iter_mut().zip(pivot.iter()).skip(col) {
                *x -= Float::with_val(prec, &f * p);
            }
        }
    }
    let mut b: Vec<Float> = vec![Float::with_val(prec, 0); n];
    for r in (0..n).rev() {
        let mut acc = rows[r][n].clone();
        for k in r + 1..n {
            acc -= Float::with_val(prec, &rows[r][k] * &b[k]);
        }
        b[r] = acc / &rows[r][r];
    }
    b
}

pub(crate) fn sv_signed(v: i128, bits: u32) -> String {
    if v < 0 {
        format!("-{bits}'sd{}", v.unsigned_abs())
    } else {
        format!("{bits}'sd{v}")
    }
}

pub(crate) fn to_u128(v: &BigInt) -> u128 {
    u128::try_from(v).unwrap_or(0)
}

/// The package's GENERATED part: every staged core's tables and constants.
fn generated() -> String {
    let mut s = String::from("    // ---- generated by rtl-gen/src/math.rs ----\n");
    s += &crate::mirrors::fexp::generated();
    s += &crate::mirrors::fsin::generated();
    s += &crate::mirrors::fpow::generated();
    s += &crate::mirrors::flog::generated();
    s += &crate::mirrors::fexp64::generated();
    s += &crate::mirrors::flog64::generated();
    s += &crate::mirrors::fpow64::generated();
    s += &crate::mirrors::fsin64::generated();
    s += &crate::mirrors::fsinh64::generated();
    s += &crate::mirrors::fatan::generated();
    s += &crate::mirrors::ferf::generated();
    s += &crate::mirrors::fatan64::generated();
    s += &crate::mirrors::ferf64::generated();
    s += "    // ---- end of generated part ----\n";
    s
}

// ---------------------------------------------------------------------------------------
// The same arithmetic in Rust, bit for bit (each function mirrors its namesake in
// sv/hls_fp_math_pkg.sv): the software model computes with it, so a co-simulation
// compares the RTL with exactly what it must produce. Wide products go through BigInt.

const QNAN: u32 = 0x7FC0_0000;
const PINF: u32 = 0x7F80_0000;
const M66: u128 = (1 << 66) - 1;

/// hls_fp_pkg::round_pack32.
pub(crate) fn round_pack32(s: bool, e: i32, f: u32) -> u32 {
    let inc = (f >> 2) & 1 == 1 && (f & 0b1011) != 0;
    let m25 = (f >> 3) + inc as u32;
    let (mant, mut ex) = if m25 >> 24 & 1 == 1 {
        (m25 >> 1, e + 1)
    } else {
        (m25, e)
    };
    if ex == 0 && mant >> 23 & 1 == 1 {
        ex = 1;
    }
    let sign = (s as u32) << 31;
    if ex >= 255 {
        return sign | PINF;
    }
    let e8 = if mant >> 23 & 1 == 1 {
        (ex as u32) & 0xFF
    } else {
        0
    };
    sign | e8 << 23 | (mant & 0x7F_FFFF)
}

fn pack(s: bool, k: i32, m: u128) -> u32 {
    let (mut mn, mut ke) = (m, k);
    if mn >> 65 & 1 == 1 {
        mn = (mn >> 2) << 1 | ((mn >> 1 | mn) & 1);
        ke += 1;
    }
    let mut be = ke + 127;
    let mut f = (((mn >> 39) as u32) & ((1 << 26) - 1)) << 1 | (mn & ((1 << 39) - 1) != 0) as u32;
    if be < 1 {
        let sh = 1 - be;
        if sh > 26 {
            f = (f != 0) as u32;
        } else {
            let sticky = f & ((1 << sh) - 1) != 0;
            f = f >> sh | sticky as u32;
        }
        be = 0;
    }
    if be >= 255 {
        return (s as u32) << 31 | PINF;
    }
    round_pack32(s, be, f)
}

/// v / 2^64 * 2^off (v nonzero, below 2^80) rounded, sign s.
pub(crate) fn norm_pack(s: bool, off: i32, v: u128) -> u32 {
    let lead = 127 - v.leading_zeros() as i32;
    let m = if lead > 64 {
        let sh = lead - 64;
        (v >> sh) & M66 | (v & ((1 << sh) - 1) != 0) as u128
    } else {
        (v << (64 - lead)) & M66
    };
    pack(s, lead - 64 + off, m)
}

/// A positive finite nonzero float as its significand with the leading one at bit 23 and
/// its exponent: value = m 2^(e - 23).
fn norm24(a: u32) -> (u128, i32) {
    let ex = a >> 23 & 0xFF;
    let m = ((ex != 0) as u32) << 23 | (a & 0x7F_FFFF);
    let lz = m.leading_zeros() as i32 - 8;
    ((m << lz) as u128, ex.max(1) as i32 - 127 - lz)
}

fn hypot32(x: u32, y: u32) -> u32 {
    let (ax, ay) = (x & 0x7FFF_FFFF, y & 0x7FFF_FFFF);
    if ax == PINF || ay == PINF {
        return PINF;
    }
    if ax > PINF || ay > PINF {
        return QNAN;
    }
    if ax == 0 || ay == 0 {
        return ax | ay;
    }
    let (big, small) = if ax >= ay { (ax, ay) } else { (ay, ax) };
    let (mb, eb) = norm24(big);
    let (ms, es) = norm24(small);
    let d = eb - es;
    if d > 30 {
        return big;
    }
    let s = (mb << d) * (mb << d) + ms * ms;
    let k = (126 - (127 - s.leading_zeros() as i32)) & !1;
    let sk = s << k;
    let r = sk.isqrt();
    let r = r | (r * r != sk) as u128;
    norm_pack(false, es - 23 - k / 2 + 64, r)
}

/// What a double core computes for binary64 operands `a` (and `b`: a double's bits, or
/// pown's int) (None: the function has no double core). The software model uses this, so
/// RTL and model agree bit for bit.
pub fn eval64(name: &str, a: u64, b: u64) -> Option<u64> {
    let f = find(name)?;
    f.double?;
    Some(match f.name {
        "pow" => crate::mirrors::fpow64::pow(a, b),
        "powr" => crate::mirrors::fpow64::powr(a, b),
        "pown" => crate::mirrors::fpow64::pown(a, b as u32 as i32),
        "cbrt" => crate::mirrors::fpow64::cbrt(a),
        "rootn" => crate::mirrors::fpow64::rootn(a, b as u32 as i32),
        "sin" => crate::mirrors::fsin64::sin_cos(a, false),
        "cos" => crate::mirrors::fsin64::sin_cos(a, true),
        "tan" => crate::mirrors::fsin64::tan(a),
        "hypot" => crate::mirrors::fhypot64::hypot(a, b),
        "exp" => crate::mirrors::fexp64::exp(a, 1),
        "expm1" => crate::mirrors::fexp64::expm1(a),
        "log1p" => crate::mirrors::flog64::log1p(a),
        "sinh" => crate::mirrors::fsinh64::sinh_cosh(a, false),
        "cosh" => crate::mirrors::fsinh64::sinh_cosh(a, true),
        "tanh" => crate::mirrors::fsinh64::tanh(a),
        "atan" => crate::mirrors::fatan64::atan(a),
        "erf" => crate::mirrors::ferf64::erf(a, false),
        "erfc" => crate::mirrors::ferf64::erf(a, true),
        "atan2" => crate::mirrors::fatan64::atan2(a, b),
        "asin" => crate::mirrors::fatan64::asin(a),
        "acos" => crate::mirrors::fatan64::acos(a),
        "exp2" => crate::mirrors::fexp64::exp(a, 0),
        "exp10" => crate::mirrors::fexp64::exp(a, 2),
        "log" => crate::mirrors::flog64::log(a, 1),
        "log2" => crate::mirrors::flog64::log(a, 0),
        "log10" => crate::mirrors::flog64::log(a, 2),
        _ => return None,
    })
}

/// What the core for OpenCL.std `name` (as `find` resolves it) returns for binary32 bits
/// `a` (and `b`), bit for bit; None when no core computes `name`.
pub fn eval(name: &str, a: u32, b: u32) -> Option<u32> {
    let f = find(name)?;
    Some(match f.name {
        "exp" => crate::mirrors::fexp::exp(a, 1),
        "exp2" => crate::mirrors::fexp::exp(a, 0),
        "exp10" => crate::mirrors::fexp::exp(a, 2),
        "expm1" => crate::mirrors::fexp::expm1(a),
        "tanh" => crate::mirrors::fexp::tanh(a),
        "sinh" => crate::mirrors::fexp::sinh(a),
        "cosh" => crate::mirrors::fexp::cosh(a),
        "log1p" => crate::mirrors::flog::log1p(a),
        "log" => crate::mirrors::flog::log(a, 1),
        "log2" => crate::mirrors::flog::log(a, 0),
        "log10" => crate::mirrors::flog::log(a, 2),
        "sin" => crate::mirrors::fsin::sin_cos(a, false),
        "cos" => crate::mirrors::fsin::sin_cos(a, true),
        "pow" => crate::mirrors::fpow::power(a, b, crate::mirrors::fpow::Kind::Pow),
        "powr" => crate::mirrors::fpow::power(a, b, crate::mirrors::fpow::Kind::Powr),
        "tan" => crate::mirrors::fsin::tan(a),
        "cbrt" => crate::mirrors::fpow::power(a, 0, crate::mirrors::fpow::Kind::Cbrt),
        "hypot" => hypot32(a, b),
        "pown" => crate::mirrors::fpow::power(a, b, crate::mirrors::fpow::Kind::Pown),
        "rootn" => crate::mirrors::fpow::power(a, b, crate::mirrors::fpow::Kind::Rootn),
        "atan" => crate::mirrors::fatan::atan(a),
        "atan2" => crate::mirrors::fatan::atan2(a, b),
        "asin" => crate::mirrors::fatan::asin(a),
        "acos" => crate::mirrors::fatan::acos(a),
        "erf" => crate::mirrors::ferf::erf(a, false),
        "erfc" => crate::mirrors::ferf::erf(a, true),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_agree_with_independent_values() {
        // 2/pi's first 96 bits as fdlibm tabulates them (0xA2F983, 0x6E4E44, ...).
        let top: BigInt = two_over_pi_256() >> (256 - 96);
        assert_eq!(top.to_str_radix(16), "a2f9836e4e441529fc2757d1");
        let to_f64 = |v: &BigInt| {
            let (_, digits) = (v >> (P - 60)).to_u64_digits();
            digits[0] as f64 / 2f64.powi(60)
        };
        assert_eq!(to_f64(&pi()), std::f64::consts::PI);
        assert_eq!(to_f64(&ln2()), std::f64::consts::LN_2);
        assert_eq!(to_f64(&ln10()), std::f64::consts::LN_10);
    }

    /// Every one-argument float function with a float core of its own, over every float
    /// (2^32 operands each; the special values, whose results are exact, have their own
    /// tests), against double precision: within its OpenCL bound, the worst printed.
    /// Minutes on two cores, so outside the default run: `cargo test --release -p rtl-gen
    /// every_float -- --ignored --nocapture` (rtl-gen/cores/BENCHMARKS.md has its output; EVERY_FLOAT=
    /// names, comma-separated, picks functions).
    #[test]
    #[ignore]
    fn every_float_of_the_float_functions() {
        type Reference = fn(f64) -> f64;
        let refs: [(&str, Reference); 20] = [
            ("exp", f64::exp),
            ("exp2", f64::exp2),
            ("exp10", |x| 10f64.powf(x)),
            ("expm1", f64::exp_m1),
            ("log", f64::ln),
            ("log2", f64::log2),
            ("log10", f64::log10),
            ("log1p", f64::ln_1p),
            ("sin", f64::sin),
            ("cos", f64::cos),
            ("tan", f64::tan),
            ("sinh", f64::sinh),
            ("cosh", f64::cosh),
            ("tanh", f64::tanh),
            ("cbrt", f64::cbrt),
            ("atan", f64::atan),
            ("asin", f64::asin),
            ("acos", f64::acos),
            ("erf", libm::erf),
            ("erfc", libm::erfc),
        ];
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
        // EVERY_FLOAT=atan,asin runs only those.
        let only = std::env::var("EVERY_FLOAT").ok();
        let wanted = |name: &str| {
            only.as_ref()
                .map_or(true, |o| o.split(',').any(|n| n == name))
        };
        for (name, g) in refs.into_iter().filter(|(n, _)| wanted(n)) {
            let f = find(name).unwrap();
            let chunk = (1u64 << 32) / threads;
            let worst = std::thread::scope(|sc| {
                let hs: Vec<_> = (0..threads)
                    .map(|t| {
                        sc.spawn(move || {
                            let mut worst = (0f64, 0u32);
                            for x in (t * chunk..(t + 1) * chunk).map(|v| v as u32) {
                                let v = f32::from_bits(x);
                                let want = g(v as f64);
                                if v.is_nan() || !want.is_finite() || (want as f32).is_infinite() {
                                    continue;
                                }
                                let e = crate::ulp::ulps32(eval(name, x, 0).unwrap(), want);
                                if e > worst.0 {
                                    worst = (e, x);
                                }
                            }
                            worst
                        })
                    })
                    .collect();
                hs.into_iter()
                    .map(|h| h.join().unwrap())
                    .fold((0f64, 0u32), |a, b| if b.0 > a.0 { b } else { a })
            });
            eprintln!(
                "{name}: max {:.4} ulp at {:#010x} (bound {})",
                worst.0, worst.1, f.bound_ulp
            );
            assert!(worst.0 <= f.bound_ulp as f64, "{name}: {worst:?}");
        }
    }

    /// log1p, the arctangents, asin, acos, the hypotenuse, erf and erfc against double
    /// precision over a sweep of inputs, within 1 ulp (asin and acos, atan2 of x and
    /// sqrt(1 - x^2) rounded twice, 1.3): the campaign checks the RTL the same way; this
    /// keeps the Rust mirrors honest on their own.
    #[test]
    fn newer_functions_are_within_one_ulp() {
        let ulp = |got: u32, want: f64| -> f64 {
            let g = f32::from_bits(got);
            if want.is_nan() || g.is_nan() {
                return if want.is_nan() && g.is_nan() {
                    0.0
                } else {
                    f64::INFINITY
                };
            }
            if want as f32 == g {
                return 0.0;
            }
            let e = want.abs().max(f32::MIN_POSITIVE as f64).log2().floor();
            (g as f64 - want).abs() / 2f64.powf(e - 23.0)
        };
        let mut worst = [0f64; 8];
        let mut r: u64 = 0x9E37_79B9_7F4A_7C15;
        for i in 0..200_000u32 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let a = if i % 3 == 0 {
                (r >> 32) as u32
            } else {
                (r >> 32) as u32 & 0xBFFF_FFFF
            };
            let b = (r as u32) ^ (a & 0xFF80_0000 & (i % 2).wrapping_neg());
            let (fa, fb) = (f32::from_bits(a) as f64, f32::from_bits(b) as f64);
            let f = |name: &str| eval(name, a, b).unwrap_or(0);
            for (k, (got, want)) in [
                (f("log1p"), fa.ln_1p()),
                (f("atan"), fa.atan()),
                (f("atan2"), fa.atan2(fb)),
                (f("asin"), fa.asin()),
                (f("acos"), fa.acos()),
                (hypot32(a, b), fa.hypot(fb)),
                (f("erf"), libm::erf(fa)),
                (f("erfc"), libm::erfc(fa)),
            ]
            .into_iter()
            .enumerate()
            {
                let e = ulp(got, want);
                assert!(
                    e <= if k == 3 || k == 4 { 1.3 } else { 1.0 },
                    "fn {k} of {a:#x}, {b:#x}: got {:e}, want {want:e}",
                    f32::from_bits(got)
                );
                worst[k] = worst[k].max(e);
            }
        }
        eprintln!("worst ulps: {worst:?}");
    }
}
