//! Floating point: the arithmetic cores in kernels (correct rounding, special values,
//! half and double), subnormals flushed or kept.

mod common;

use common::*;
use std::process::Command;

#[test]
fn fp32_cores_handle_special_values() {
    // Subnormals, signed zeros, infinities, NaN, ties and cancellation through the adder
    // and multiplier cores (saxpy: y = alpha * x + y), bit-exact against the model.
    let d = scratch("special");
    let specials: [u32; 16] = [
        0x0000_0000,
        0x8000_0000,
        0x0000_0001,
        0x8000_0001,
        0x007F_FFFF,
        0x0080_0000,
        0x7F7F_FFFF,
        0xFF7F_FFFF,
        0x7F80_0000,
        0xFF80_0000,
        0x7FC0_0000,
        0x3F80_0000,
        0xBF80_0001,
        0x3380_0000,
        0x4B00_0001,
        0x0040_0000,
    ];
    let mut x = Vec::new();
    let mut y = Vec::new();
    for (i, r) in randoms(9, 2048).iter().enumerate() {
        let pick = |v: u64| {
            if v % 3 == 0 {
                specials[(v >> 8) as usize % 16]
            } else {
                (v >> 16) as u32
            }
        };
        x.push(f32::from_bits(pick(*r)));
        y.push(f32::from_bits(pick(r.rotate_left(17) ^ i as u64)));
    }
    save(&d.join("x.npy"), &x);
    save(&d.join("y.npy"), &y);
    for alpha in ["1.0", "-0.0", "1.5e-40", "3.0e38"] {
        let r = run(&[
            "sim",
            root().join("tests/kernels/saxpy.cl").to_str().unwrap(),
            "--global",
            "2048",
            &format!("--arg=alpha={alpha}"),
            "--arg",
            &format!("x=@{}", d.join("x.npy").display()),
            "--arg",
            &format!("y=@{}", d.join("y.npy").display()),
        ]);
        assert_pass(&r);
    }
}

/// Operand pairs biased towards the hard cases: zeros, subnormals, the largest finite
/// values, infinities, NaNs, halfway ties and near-cancellation.
fn hard_float_pairs(seed: u64, n: usize) -> (Vec<f32>, Vec<f32>) {
    const SPECIAL: [u32; 14] = [
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
        0x3F80_0000,
        0x3400_0000,
        0x4B80_0000,
    ];
    let r = randoms(seed, 2 * n);
    let mut a = Vec::with_capacity(n);
    let mut b = Vec::with_capacity(n);
    for i in 0..n {
        let (x, y) = (r[2 * i], r[2 * i + 1]);
        let fa = match x % 4 {
            0 => SPECIAL[(x >> 8) as usize % SPECIAL.len()],
            1 => (x >> 16) as u32 & 0x80FF_FFFF, // tiny: subnormal or near it
            _ => (x >> 16) as u32,
        };
        let fb = match y % 5 {
            0 => SPECIAL[(y >> 8) as usize % SPECIAL.len()],
            // Near-cancellation and ties: b close to ±a.
            1 => fa ^ 0x8000_0000 ^ ((y >> 32) as u32 & 0x3),
            2 => fa.wrapping_add((y >> 32) as u32 & 0xFF) ^ (((y >> 40) as u32 & 1) << 31),
            _ => (y >> 16) as u32,
        };
        a.push(f32::from_bits(fa));
        b.push(f32::from_bits(fb));
    }
    (a, b)
}

#[test]
fn fp32_add_sub_mul_div_cores_are_correctly_rounded() {
    let d = scratch("fcores");
    let n = 65536;
    let (a, b) = hard_float_pairs(2026, n);
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &b);
    let dump = d.join("dump");
    let mut args: Vec<String> = vec![
        "sim".into(),
        root().join("tests/kernels/fcores.cl").display().to_string(),
        "--global".into(),
        n.to_string(),
        "--arg".into(),
        format!("a=@{}", d.join("a.npy").display()),
        "--arg".into(),
        format!("b=@{}", d.join("b.npy").display()),
    ];
    for out in ["sum", "diff", "prod", "quot"] {
        args.extend(["--arg".into(), format!("{out}=zeros:{n}")]);
    }
    args.extend(["--dump-dir".into(), dump.display().to_string()]);
    let r = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_pass(&r);
    // Independently of the model: the RTL against Rust's IEEE-754 arithmetic (x86-64 SSE,
    // round to nearest even, subnormals kept), bit for bit; any NaN matches any NaN.
    let check = |name: &str, f: &dyn Fn(f32, f32) -> f32| {
        let got: Vec<f32> = load(&dump.join(format!("{name}.npy")));
        for i in 0..n {
            let want = f(a[i], b[i]);
            let ok = (want.is_nan() && got[i].is_nan()) || want.to_bits() == got[i].to_bits();
            assert!(
                ok,
                "{name}[{i}]: {:08x} op {:08x} = {:08x}, RTL gave {:08x}",
                a[i].to_bits(),
                b[i].to_bits(),
                want.to_bits(),
                got[i].to_bits()
            );
        }
    };
    check("sum", &|x, y| x + y);
    check("diff", &|x, y| x - y);
    check("prod", &|x, y| x * y);
    check("quot", &|x, y| x / y);
}

#[test]
fn conversion_cores_match_the_model_on_hard_values() {
    // Out-of-range floats, NaN, infinities and rounding ties: C leaves the float -> int
    // cases undefined, so this is RTL against the model (which saturates, as the cores do),
    // not against pocl.
    let d = scratch("convert");
    let n = 4096;
    let r = randoms(51, 2 * n);
    let specials = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        3.0e9,
        -3.0e9,
        2.2e19,
        -9.3e18,
        255.9,
        -128.5,
        0.999,
        -0.0,
        1e-40,
    ];
    let x: Vec<f32> = (0..n)
        .map(|i| match r[i] % 4 {
            0 => specials[(r[i] >> 8) as usize % specials.len()],
            1 => f32::from_bits((r[i] >> 16) as u32),
            _ => ((r[i] >> 20) as i64 % 100_000) as f32 / 7.0,
        })
        .collect();
    // 64-bit integers with 25+ significant bits exercise round-to-nearest-even ties.
    let k: Vec<i64> = (0..n)
        .map(|i| {
            if r[n + i] % 3 == 0 {
                ((r[n + i] >> 3) as i64) & !0xFF | 0x80
            } else {
                r[n + i] as i64 >> (r[n + i] % 60)
            }
        })
        .collect();
    save(&d.join("x.npy"), &x);
    save(&d.join("k.npy"), &k);
    let mut args: Vec<String> = vec![
        "sim".into(),
        root()
            .join("tests/kernels/convert.cl")
            .display()
            .to_string(),
        "--global".into(),
        n.to_string(),
        "--arg".into(),
        format!("x=@{}", d.join("x.npy").display()),
        "--arg".into(),
        format!("k=@{}", d.join("k.npy").display()),
    ];
    for out in [
        "to_i32", "to_u32", "to_i64", "to_i8", "from_i64", "from_u64", "from_i32", "from_u8",
    ] {
        args.extend(["--arg".into(), format!("{out}=zeros:{n}")]);
    }
    let r = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_pass(&r);
}

#[test]
fn sqrt_and_rounding_cores_are_exact() {
    let d = scratch("fround");
    let n = 65536;
    let (a, b) = hard_float_pairs(77, n);
    // Halves and integers around the rounding boundaries, plus the hard pairs' operands.
    let x: Vec<f32> = (0..n)
        .map(|i| match i % 4 {
            0 => (i as f32 / 8.0 - 4096.0) * if i % 8 == 0 { 1.0 } else { -1.0 },
            1 => a[i],
            2 => b[i].abs(),
            _ => f32::from_bits(randoms(i as u64, 1)[0] as u32 & 0x4BFF_FFFF),
        })
        .collect();
    save(&d.join("x.npy"), &x);
    let dump = d.join("dump");
    let outs = ["sq", "fl", "ce", "tr", "ri", "ro"];
    let mut args: Vec<String> = vec![
        "sim".into(),
        root().join("tests/kernels/fround.cl").display().to_string(),
        "--global".into(),
        n.to_string(),
        "--arg".into(),
        format!("x=@{}", d.join("x.npy").display()),
        "--dump-dir".into(),
        dump.display().to_string(),
    ];
    for o in outs {
        args.extend(["--arg".into(), format!("{o}=zeros:{n}")]);
    }
    let r = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_pass(&r);
    // Independently of the model: against Rust's correctly rounded sqrt and exact roundings.
    let refs: [(&str, fn(f32) -> f32); 6] = [
        ("sq", f32::sqrt),
        ("fl", f32::floor),
        ("ce", f32::ceil),
        ("tr", f32::trunc),
        ("ri", f32::round_ties_even),
        ("ro", f32::round),
    ];
    for (name, f) in refs {
        let got: Vec<f32> = load(&dump.join(format!("{name}.npy")));
        for i in 0..n {
            let want = f(x[i]);
            assert!(
                (want.is_nan() && got[i].is_nan()) || want.to_bits() == got[i].to_bits(),
                "{name}({:08x}) = {:08x}, RTL {:08x}",
                x[i].to_bits(),
                want.to_bits(),
                got[i].to_bits()
            );
        }
    }
}

#[test]
fn fp32_fma_core_rounds_once() {
    let d = scratch("ffma");
    let n = 65536;
    let (a, b) = hard_float_pairs(101, n);
    let (c0, c1) = hard_float_pairs(102, n);
    // Addends that cancel the product (exactly or nearly), and unrelated ones.
    let c: Vec<f32> = (0..n)
        .map(|i| match i % 4 {
            0 => -(a[i] * b[i]),
            1 => f32::from_bits((a[i] * b[i]).to_bits() ^ 0x8000_0001),
            2 => c0[i],
            _ => c1[i],
        })
        .collect();
    for (name, v) in [("a", &a), ("b", &b), ("c", &c)] {
        save(&d.join(format!("{name}.npy")), v);
    }
    let dump = d.join("dump");
    let r = run(&[
        "sim",
        root().join("tests/kernels/ffma.cl").to_str().unwrap(),
        "--global",
        &n.to_string(),
        "--arg",
        &format!("a=@{}", d.join("a.npy").display()),
        "--arg",
        &format!("b=@{}", d.join("b.npy").display()),
        "--arg",
        &format!("c=@{}", d.join("c.npy").display()),
        "--arg",
        &format!("y=zeros:{n}"),
        "--dump-dir",
        dump.to_str().unwrap(),
    ]);
    assert_pass(&r);
    let got: Vec<f32> = load(&dump.join("y.npy"));
    for i in 0..n {
        let want = a[i].mul_add(b[i], c[i]);
        assert!(
            (want.is_nan() && got[i].is_nan()) || want.to_bits() == got[i].to_bits(),
            "fma({:08x}, {:08x}, {:08x}) = {:08x}, RTL {:08x}",
            a[i].to_bits(),
            b[i].to_bits(),
            c[i].to_bits(),
            want.to_bits(),
            got[i].to_bits()
        );
    }
}

#[test]
fn common_functions_from_the_exact_cores() {
    let d = scratch("common_fns");
    let n = 4096;
    let (x0, y) = hard_float_pairs(111, n);
    let x: Vec<f32> = x0.iter().map(|v| v.abs()).collect();
    save(&d.join("x.npy"), &x);
    save(&d.join("y.npy"), &y);
    let dump = d.join("dump");
    let r = run(&[
        "sim",
        root().join("tests/kernels/common_fns.cl").to_str().unwrap(),
        "--global",
        &n.to_string(),
        "--arg",
        &format!("x=@{}", d.join("x.npy").display()),
        "--arg",
        &format!("y=@{}", d.join("y.npy").display()),
        "--arg",
        &format!("o=zeros:{}", 10 * n),
        "--dump-dir",
        dump.to_str().unwrap(),
    ]);
    assert_pass(&r);
    // rsqrt within the 2 ulp OpenCL allows, against a double-precision reference.
    let o: Vec<f32> = load(&dump.join("o.npy"));
    for i in 0..n {
        let got = o[10 * i];
        let exact = 1.0 / (x[i] as f64).sqrt();
        if exact.is_finite() && exact < f32::MAX as f64 && x[i].is_normal() {
            let ulp = ((got as f64) - exact).abs()
                / (f32::EPSILON as f64 * 2f64.powi((exact.log2().floor()) as i32));
            assert!(
                ulp <= 2.0,
                "rsqrt({:e}) = {got:e}, exact {exact:e}: {ulp} ulp",
                x[i]
            );
        }
    }
}

/// Half precision: arithmetic rounded to half after every operation and vload_half /
/// vstore_half_rtz, co-simulated (the hardware computes each half operation in float and
/// rounds once to half) — RTL = model bit for bit — and the model against a reference built
/// from the `half` crate's conversions and float arithmetic (float holds every exact half
/// sum, product and quotient to well past half's precision, so one rounding to half gives
/// the correct result). A half fma, which that scheme would round twice, is refused.
#[test]
fn half_precision_arithmetic_cosimulates() {
    use half::f16;
    let d = scratch("half");
    let n = 256;
    let r = randoms(77, 2 * n);
    // Random finite halves, negative and positive, from subnormal to large.
    let h = |v: u64| {
        let bits = (v as u16) & 0x7BFF | ((v >> 20) as u16 & 0x8000);
        f16::from_bits(bits)
    };
    let a: Vec<f16> = r[..n].iter().map(|v| h(*v)).collect();
    let b: Vec<f16> = r[n..].iter().map(|v| h(*v)).collect();
    // npyz writes no f2: the bits go as u16 (the kernel reads them as halves).
    save(
        &d.join("a.npy"),
        &a.iter().map(|x| x.to_bits()).collect::<Vec<u16>>(),
    );
    save(
        &d.join("b.npy"),
        &b.iter().map(|x| x.to_bits()).collect::<Vec<u16>>(),
    );
    let r = sim(
        &root().join("tests/kernels/half_math.cl"),
        &n.to_string(),
        &[
            format!("a=@{}", d.join("a.npy").display()),
            format!("b=@{}", d.join("b.npy").display()),
            format!("out=zeros:{n}"),
            format!("wide=zeros:{n}"),
            format!("narrow=zeros:{n}"),
            format!("cmp=zeros:{n}"),
            format!("from_int=zeros:{n}"),
        ],
        &[],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("PASS"), "{}", r.stdout);
    let out: Vec<u16> = load(&d.join("dump/out.npy"));
    let wide: Vec<f32> = load(&d.join("dump/wide.npy"));
    let narrow: Vec<u16> = load(&d.join("dump/narrow.npy"));
    let rh = |x: f32| f16::from_f32(x);
    let mut checked = 0;
    for i in 0..n {
        let (x, y) = (a[i].to_f32(), b[i].to_f32());
        let want =
            rh(rh(rh(x * y).to_f32() + rh(x / y).to_f32()).to_f32() - rh(x.abs().sqrt()).to_f32());
        let got = f16::from_bits(out[i]);
        assert!(
            got.to_bits() == want.to_bits() || got.is_nan() && want.is_nan(),
            "out[{i}]: {x} {y}: got {got} want {want}"
        );
        assert_eq!(wide[i], x * 3.0, "wide[{i}]");
        // Toward zero: the half of largest magnitude not beyond wide + 0.1.
        let v = wide[i] + 0.1;
        let near = rh(v);
        let rtz = if near.to_f32().abs() > v.abs() {
            f16::from_bits(near.to_bits() - 1)
        } else {
            near
        };
        let rtz = if v.abs() > 65504.0 {
            f16::from_f32(65504.0f32.copysign(v))
        } else {
            rtz
        };
        assert_eq!(
            f16::from_bits(narrow[i]).to_bits(),
            rtz.to_bits(),
            "narrow[{i}] of {v}"
        );
        checked += 1;
    }
    assert_eq!(checked, n);
    let cmp: Vec<i32> = load(&d.join("dump/cmp.npy"));
    let from_int: Vec<u16> = load(&d.join("dump/from_int.npy"));
    for i in 0..n {
        let (x, y) = (a[i].to_f32(), b[i].to_f32());
        let want = (x < y) as i32 + 2 * (x.trunc() as i32) + 4 * (y.floor() < x) as i32;
        assert_eq!(cmp[i], want, "cmp[{i}]: {x} {y}");
        let k = rh((i as i32 * 37 - 4000) as f32);
        let want = rh(k.to_f32() * rh(y.round_ties_even()).to_f32());
        let got = f16::from_bits(from_int[i]);
        assert!(
            got.to_bits() == want.to_bits() || got.is_nan() && want.is_nan(),
            "from_int[{i}]: {got} vs {want}"
        );
    }
    // Double to half would round twice through float: refused by name.
    let narrow = d.join("narrow.cl");
    std::fs::write(
        &narrow,
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\nkernel void k(global half *a, global const double *x) { size_t i = get_global_id(0); a[i] = (half)x[i]; }\n",
    )
    .unwrap();
    let c = run(&[
        "compile",
        narrow.to_str().unwrap(),
        "-o",
        d.join("hw").to_str().unwrap(),
    ]);
    assert_eq!(c.code, 1, "{}", c.stderr);
    assert!(c.stderr.contains("on f16"), "{}", c.stderr);
    assert!(
        !d.join("hw").exists(),
        "nothing is written when compilation fails"
    );
}

/// Float-format conversions co-simulated (tests/kernels/float_formats.cl): all 65,536
/// halves widened to float, and 65,536 floats (every special class, subnormals of both
/// formats, values around half's overflow and rounding boundaries, random bits) narrowed
/// to half in all four directions and through double and back in two directions;
/// RTL = model bit for bit, and the model's nearest-even narrowing equals the `half`
/// crate's.
#[test]
fn float_format_conversions_cosimulate_exhaustively_for_half() {
    use half::f16;
    let d = scratch("formats");
    let n = 65536usize;
    let halves: Vec<u16> = (0..n as u32).map(|b| b as u16).collect();
    let r = randoms(99, n);
    let mut xs: Vec<f32> = Vec::new();
    for b in 0..2048u32 {
        // Every half, its neighbours in float and the midpoints between halves.
        let h = f16::from_bits(b as u16 * 32).to_f32();
        xs.extend([
            h,
            f32::from_bits(h.to_bits() + 1),
            f32::from_bits(h.to_bits().wrapping_sub(1)),
        ]);
        let next = f16::from_bits((b as u16 * 32).wrapping_add(1)).to_f32();
        xs.push((h + next) / 2.0);
    }
    xs.extend([
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        65504.0,
        65519.99,
        65520.0,
        -65520.0,
        1e-8,
        -1e-8,
        5.9604645e-8,
        2.9802322e-8,
        f32::MIN_POSITIVE,
        1e-45,
        f32::MAX,
    ]);
    let mut k = 0;
    while xs.len() < n {
        xs.push(f32::from_bits(r[k] as u32));
        k += 1;
    }
    save(&d.join("h.npy"), &halves);
    save(&d.join("x.npy"), &xs);
    let mut args = vec![
        format!("h=@{}", d.join("h.npy").display()),
        format!("x=@{}", d.join("x.npy").display()),
    ];
    for o in [
        "wide", "rte", "rtz", "rtp", "rtn", "d", "back_rtz", "back_rtp",
    ] {
        args.push(format!("{o}=zeros:{n}"));
    }
    let run = sim(
        &root().join("tests/kernels/float_formats.cl"),
        &n.to_string(),
        &args,
        &[],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("PASS"), "{}", run.stdout);
    let wide: Vec<f32> = load(&d.join("dump/wide.npy"));
    for (b, w) in halves.iter().zip(&wide) {
        let want = f16::from_bits(*b).to_f32();
        assert!(
            w.to_bits() == want.to_bits() || w.is_nan() && want.is_nan(),
            "half {b:#06x}"
        );
    }
    let rte: Vec<u16> = load(&d.join("dump/rte.npy"));
    for (x, h) in xs.iter().zip(&rte) {
        let want = f16::from_f32(*x);
        assert!(
            *h == want.to_bits() || x.is_nan() && f16::from_bits(*h).is_nan(),
            "{x:e}: {h:#06x} vs {:#06x}",
            want.to_bits()
        );
    }
}

/// Double arithmetic in hardware: add, sub, mul, div, sqrt, fma, floor/ceil/rint/trunc,
/// fmin/fmax, compares, saturating conversions to integers in two directions, long and
/// ulong to double, double to float; on hard operands (zeros, subnormals, the largest
/// values, infinities, NaNs, near-cancellation). RTL = model = pocl, bit for bit.
#[test]
fn double_arithmetic_cosimulates() {
    let d = scratch("doubles_hw");
    let n = 2048usize;
    let special = [
        0.0,
        -0.0,
        5e-324,
        -2.2250738585072009e-308,
        f64::MIN_POSITIVE,
        f64::MAX,
        -f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1.0,
        -1.0,
        0.5,
        2.5,
        -3.5,
        1e300,
        1e-300,
    ];
    let r = randoms(99, 2 * n);
    let pick = |u: u64, other: Option<f64>| -> f64 {
        match u % 6 {
            0 => special[(u >> 8) as usize % special.len()],
            1 => f64::from_bits((u >> 3) & 0x800F_FFFF_FFFF_FFFF),
            2 => other.map_or(1.5, |o| -o * (1.0 + ((u >> 20) % 8) as f64 * f64::EPSILON)),
            _ => {
                let e = (u >> 8) % 80;
                f64::from_bits(
                    (u & (1 << 63)) | (1023 - 40 + e) << 52 | (u >> 12) & ((1 << 52) - 1),
                )
            }
        }
    };
    let a: Vec<f64> = (0..n).map(|i| pick(r[2 * i], None)).collect();
    let b: Vec<f64> = (0..n).map(|i| pick(r[2 * i + 1], Some(a[i]))).collect();
    save(&d.join("a.npy"), &a);
    save(&d.join("b.npy"), &b);
    let zeros = |name: &str, k: usize, f64s: bool| {
        let p = d.join(format!("{name}.npy"));
        if f64s {
            save(&p, &vec![0f64; n * k]);
        } else if name == "ints" {
            save(&p, &vec![0i64; n * k]);
        } else if name == "cmp" {
            save(&p, &vec![0i32; n * k]);
        } else {
            save(&p, &vec![0f32; n * k]);
        }
        A::Buf(Box::leak(name.to_string().into_boxed_str()), p)
    };
    let args = [
        A::Buf("a", d.join("a.npy")),
        A::Buf("b", d.join("b.npy")),
        zeros("arith", 5, true),
        zeros("rounded", 4, true),
        zeros("ints", 2, false),
        zeros("cmp", 1, false),
        zeros("narrow", 1, false),
    ];
    co_simulate_against_pocl("doubles_hw", &[n as u64], &[64], &args, &[], &d);
    // Built from the double cores, each operation its own.
    let sv = std::fs::read_to_string(d.join("out/rtl/doubles_hw.sv")).unwrap();
    for core in ["add", "mul", "div", "sqrt", "fma"] {
        assert!(
            sv.contains(&format!("hls_fp64_{core} #")),
            "no hls_fp64_{core}"
        );
    }
}

/// Every unary half operation that has hardware, exhaustively over all 2^16 halves: sqrt,
/// exp, exp2, exp10, log, log2, log10, sin, cos (float cores, rounded once to half),
/// floor, ceil, trunc, rint, round, negate, fabs. RTL = model bit for bit; each result
/// against the exact value rounded to half (the `half` crate): sqrt and the roundings
/// exact, the functions within half's bound (2 ulp; seen: every one correctly rounded).
#[test]
fn half_unary_operations_exhaustively() {
    type Exact = fn(f64) -> f64;
    let ops: [(&str, Exact, f64); 16] = [
        ("sqrt", f64::sqrt, 0.0),
        ("exp", f64::exp, 2.0),
        ("exp2", f64::exp2, 2.0),
        ("exp10", |x| 10f64.powf(x), 2.0),
        ("log", f64::ln, 2.0),
        ("log2", f64::log2, 2.0),
        ("log10", f64::log10, 2.0),
        ("sin", f64::sin, 2.0),
        ("cos", f64::cos, 2.0),
        ("floor", f64::floor, 0.0),
        ("ceil", f64::ceil, 0.0),
        ("trunc", f64::trunc, 0.0),
        ("rint", f64::round_ties_even, 0.0),
        ("round", f64::round, 0.0),
        ("neg", |x| -x, 0.0),
        ("fabs", f64::abs, 0.0),
    ];
    half_exhaustively("half_unary", &ops);
}

/// The half fma co-simulated (hls_fp16_fma: the float fma rounded to odd, then to half) on
/// operands that include ties a float fma rounded to nearest would fake (1055 2^-16 times
/// 994 2^-15 plus 1 is 1 + 2^-11 + 94 2^-31: nearest-even in float gives the tie 1 + 2^-11,
/// and half's tie-to-even 1.0; the exact sum rounds up). RTL = model, and both equal the
/// exact integer oracle (sim::float::fma_f16_exact).
#[test]
fn half_fma_is_rounded_once() {
    let d = scratch("half_fma");
    let n = 8192usize;
    let r = randoms(77, 3 * n);
    let mut x = Vec::with_capacity(n);
    let mut y = Vec::with_capacity(n);
    let mut z = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b) = ((r[3 * i] >> 8) as u16, (r[3 * i + 1] >> 8) as u16);
        let p = half::f16::from_bits(a).to_f32() * half::f16::from_bits(b).to_f32();
        let u = r[3 * i + 2];
        let c = match u % 3 {
            0 => half::f16::from_f32(-p)
                .to_bits()
                .wrapping_add((u >> 8) as u16 % 5)
                .wrapping_sub(2),
            1 => half::f16::from_f32(p * 1024.0 * (1.0 + ((u >> 16) % 64) as f32 / 64.0)).to_bits(),
            _ => (u >> 24) as u16,
        };
        x.push(a);
        y.push(b);
        z.push(c);
    }
    // The tie above, both signs.
    let tie = half::f16::from_f64(1055.0 / 65536.0).to_bits();
    let other = half::f16::from_f64(994.0 / 32768.0).to_bits();
    for (k, s) in [(0, 0u16), (1, 0x8000)] {
        x[k] = tie ^ s;
        y[k] = other;
        z[k] = 0x3C00 ^ s;
    }
    assert_eq!(
        sim::float::fma_f16_exact(x[0], y[0], z[0]),
        0x3C01,
        "the oracle rounds the tie case up"
    );
    for (name, v) in [("x", &x), ("y", &y), ("z", &z)] {
        save(&d.join(format!("{name}.npy")), v);
    }
    let src = d.join("k.cl");
    std::fs::write(
        &src,
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\nkernel void k(global const half *x, global const half *y, global const half *z, global half *o) { size_t i = get_global_id(0); o[i] = fma(x[i], y[i], z[i]); }\n",
    )
    .unwrap();
    let res = sim(
        &src,
        &n.to_string(),
        &[
            format!("x=@{}", d.join("x.npy").display()),
            format!("y=@{}", d.join("y.npy").display()),
            format!("z=@{}", d.join("z.npy").display()),
            format!("o=zeros:{n}"),
        ],
        &[],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_pass(&res);
    let o: Vec<u16> = load(&d.join("dump/o.npy"));
    for i in 0..n {
        let want = sim::float::fma_f16_exact(x[i], y[i], z[i]);
        let nan = |v: u16| v & 0x7C00 == 0x7C00 && v & 0x3FF != 0;
        assert!(
            o[i] == want || nan(o[i]) && nan(want),
            "fma({:#06x}, {:#06x}, {:#06x}) = {:#06x}, exact {want:#06x}",
            x[i],
            y[i],
            z[i],
            o[i]
        );
    }
}

/// A subnormal as flush-to-zero arithmetic reads and writes it: the zero of its sign.
fn ftz32(x: f32) -> f32 {
    if x != 0.0 && x.abs() < f32::MIN_POSITIVE {
        0.0f32.copysign(x)
    } else {
        x
    }
}

fn ftz64(x: f64) -> f64 {
    if x != 0.0 && x.abs() < f64::MIN_POSITIVE {
        0.0f64.copysign(x)
    } else {
        x
    }
}

/// `--denormals flush`: the float and double add, sub, mul, div, fma and sqrt cores are
/// built with FTZ, the RTL matches the model bit for bit, and both match flush-to-zero
/// arithmetic computed here independently (operands and result of each operation
/// flushed) — which differs from the IEEE results on many of these inputs (subnormal
/// operands, products near the smallest normal).
#[test]
fn flushed_subnormals_cosimulate() {
    let d = scratch("flush");
    let n = 256usize;
    let pick = |v: u64, k: usize| -> f32 {
        let bits = (v >> 16) as u32;
        f32::from_bits(match k % 4 {
            0 => bits & 0x807F_FFFF,                                   // subnormal
            1 => (bits & 0x807F_FFFF) | ((60 + (v & 7) as u32) << 23), // about 2^-64
            2 => (bits & 0x807F_FFFF) | ((1 + (v & 3) as u32) << 23),  // just normal
            _ => bits,
        })
    };
    let r = randoms(31, 3 * n);
    let a: Vec<f32> = (0..n).map(|i| pick(r[i], i)).collect();
    let b: Vec<f32> = (0..n).map(|i| pick(r[n + i], i / 4 + i)).collect();
    let c: Vec<f32> = (0..n).map(|i| pick(r[2 * n + i], i + 1)).collect();
    let r = randoms(32, 2 * n);
    let da: Vec<f64> = (0..n)
        .map(|i| {
            let v = r[i];
            f64::from_bits(if i % 3 == 0 {
                v & 0x800F_FFFF_FFFF_FFFF
            } else {
                v
            })
        })
        .collect();
    let db: Vec<f64> = (0..n).map(|i| f64::from_bits(r[n + i])).collect();
    for (name, v) in [("a", &a), ("b", &b), ("c", &c)] {
        save(&d.join(format!("{name}.npy")), v);
    }
    save(&d.join("da.npy"), &da);
    save(&d.join("db.npy"), &db);
    let args: Vec<String> = ["a", "b", "c", "da", "db"]
        .iter()
        .map(|p| format!("{p}=@{}", d.join(format!("{p}.npy")).display()))
        .chain([format!("y=zeros:{}", 6 * n), format!("dy=zeros:{}", 3 * n)])
        .collect();
    let run = sim(
        &root().join("tests/kernels/flush.cl"),
        &n.to_string(),
        &args,
        &["--denormals", "flush"],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_pass(&run);
    let sv = std::fs::read_to_string(d.join("out/rtl/flush.sv")).unwrap();
    assert_eq!(
        sv.matches(".FTZ(1'b1)").count(),
        9,
        "every arithmetic core flushes"
    );
    let report = std::fs::read_to_string(d.join("out/report.txt")).unwrap();
    assert!(
        report.contains("subnormals: flushed to zero (32 and 64-bit floats)"),
        "{report}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    assert_eq!(
        json["attributes"]["flush_denormals"],
        serde_json::json!([32, 64])
    );
    let y: Vec<f32> = load(&d.join("dump/y.npy"));
    let dy: Vec<f64> = load(&d.join("dump/dy.npy"));
    let same32 =
        |got: f32, want: f32| got.to_bits() == want.to_bits() || got.is_nan() && want.is_nan();
    let same64 =
        |got: f64, want: f64| got.to_bits() == want.to_bits() || got.is_nan() && want.is_nan();
    let mut differ = 0;
    for i in 0..n {
        let (x, z, w) = (a[i], b[i], c[i]);
        let (fx, fz, fw) = (ftz32(x), ftz32(z), ftz32(w));
        let flushed = [
            ftz32(fx * fz),
            ftz32(fx + fz),
            ftz32(fx - fz),
            ftz32(fx / fz),
            ftz32(fx.mul_add(fz, fw)),
            ftz32(fx.sqrt()),
        ];
        let ieee = [x * z, x + z, x - z, x / z, x.mul_add(z, w), x.sqrt()];
        for k in 0..6 {
            let got = y[6 * i + k];
            assert!(
                same32(got, flushed[k]),
                "float op {k} of ({x:e}, {z:e}, {w:e}): {got:e}, want {:e}",
                flushed[k]
            );
            differ += usize::from(!same32(got, ieee[k]));
        }
        let (p, q) = (ftz64(da[i]), ftz64(db[i]));
        let flushed = [ftz64(p * q), ftz64(p - q), ftz64(p.mul_add(q, -p))];
        for k in 0..3 {
            let got = dy[3 * i + k];
            assert!(
                same64(got, flushed[k]),
                "double op {k} of ({p:e}, {q:e}): {got:e}, want {:e}",
                flushed[k]
            );
        }
    }
    assert!(
        differ > 100,
        "only {differ} results differ from IEEE: the inputs miss the subnormals"
    );
}

/// DenormFlushToZero in the module itself: the float adder of the accumulation fixture
/// flushes; a width the cores cannot flush (half), and DenormPreserve contradicting
/// `--denormals flush`, are refused with the instruction named.
#[test]
fn denorm_execution_modes_are_honoured_or_refused() {
    let d = scratch("denorm_modes");
    let base = std::fs::read_to_string(root().join("tests/fixtures/requested_ii.spvasm"))
        .unwrap()
        .replace("InitiationIntervalINTEL 4", "InitiationIntervalINTEL 16");
    let with_mode = |mode: &str| {
        base.replace(
            "OpCapability FPGALoopControlsINTEL",
            "OpCapability FPGALoopControlsINTEL\n               OpCapability DenormFlushToZero\n               OpCapability DenormPreserve",
        )
        .replace(
            "OpExtension \"SPV_INTEL_fpga_loop_controls\"",
            "OpExtension \"SPV_INTEL_fpga_loop_controls\"\n               OpExtension \"SPV_KHR_float_controls\"",
        )
        .replace(
            "OpExecutionMode %31 ContractionOff",
            &format!("OpExecutionMode %31 ContractionOff\n               OpExecutionMode %31 {mode}"),
        )
    };
    let assemble = |tag: &str, text: String| {
        let src = d.join(format!("{tag}.spvasm"));
        let spv = d.join(format!("{tag}.spv"));
        std::fs::write(&src, text).unwrap();
        let st = Command::new("spirv-as")
            .args(["--target-env", "spv1.2"])
            .arg(&src)
            .arg("-o")
            .arg(&spv)
            .status()
            .unwrap();
        assert!(st.success(), "spirv-as {tag}");
        spv
    };
    let flush = assemble("flush32", with_mode("DenormFlushToZero 32"));
    let c = run(&[
        "compile",
        flush.to_str().unwrap(),
        "-o",
        d.join("o32").to_str().unwrap(),
    ]);
    assert_eq!(c.code, 0, "{}", c.stderr);
    let sv = std::fs::read_to_string(d.join("o32/rtl/facc.sv")).unwrap();
    assert!(
        sv.lines()
            .any(|l| l.contains("hls_fp32_add") && l.contains(".FTZ(1'b1)")),
        "{sv}"
    );
    let keep = run(&[
        "compile",
        assemble("plain", base.clone()).to_str().unwrap(),
        "-o",
        d.join("op").to_str().unwrap(),
    ]);
    assert_eq!(keep.code, 0, "{}", keep.stderr);
    let sv = std::fs::read_to_string(d.join("op/rtl/facc.sv")).unwrap();
    assert!(!sv.contains("FTZ"), "subnormals are kept by default");
    let half = assemble("flush16", with_mode("DenormFlushToZero 16"));
    bad_input(
        &[
            "compile",
            half.to_str().unwrap(),
            "-o",
            d.join("o16").to_str().unwrap(),
        ],
        "flushing subnormals of width 16",
    );
    let preserve = assemble("preserve", with_mode("DenormPreserve 32"));
    bad_input(
        &[
            "compile",
            preserve.to_str().unwrap(),
            "--denormals",
            "flush",
            "-o",
            d.join("op32").to_str().unwrap(),
        ],
        "DenormPreserve 32",
    );
    assert!(
        !d.join("o16").exists() && !d.join("op32").exists(),
        "nothing written on refusal"
    );
}
