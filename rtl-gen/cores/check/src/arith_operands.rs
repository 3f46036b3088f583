//! The arithmetic cores' hard cases: fma products with few bits set, ties, subnormal
//! addends; quotients that round at a tie or land among the subnormals.

use crate::Rng;

/// Odd factors a of 2^m + s (s = 1 or -1) whose cofactor (2^m + s) / a is, like a, below
/// 2^24 (SPARSE32, m from 25 to 47) or 2^53 (SPARSE64, m from 54 to 105), where one exists
/// (the largest such a below the cofactor; sympy `divisors`). Their product is a leading
/// one, a run of m - 1 zeros (or ones) and a last one: the products whose lone low bit
/// the fma's alignment must keep as sticky, at every distance from the leading one.
#[rustfmt::skip]
pub(crate) const SPARSE32: [(u32, i8, u64); 34] = [
    (25, 1, 4051), (25, -1, 1801), (26, 1, 8065), (26, -1, 8191), (27, 1, 1539), (27, -1, 511),
    (28, 1, 17), (28, -1, 16383), (29, 1, 177), (29, -1, 2089), (30, 1, 32513), (30, -1, 32767),
    (32, 1, 641), (32, -1, 65535), (33, 1, 62571), (33, -1, 14329), (34, 1, 130561),
    (34, -1, 131071), (35, 1, 132913), (35, -1, 122921), (36, 1, 104353), (36, -1, 262143),
    (38, 1, 523265), (38, -1, 524287), (39, -1, 647089), (40, -1, 1048575), (42, 1, 2095105),
    (42, -1, 2097151), (43, -1, 2099863), (44, -1, 4194303), (45, -1, 5058487),
    (46, 1, 8384513), (46, -1, 8388607), (47, -1, 10610063),
];
#[rustfmt::skip]
pub(crate) const SPARSE64: [(u32, i8, u64); 81] = [
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
pub(crate) fn sparse_product_fma(r: &mut Rng, mw: u32, ew: u32) -> Vec<u64> {
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
pub(crate) fn tie_product_fma(r: &mut Rng, mw: u32, ew: u32) -> Vec<u64> {
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
pub(crate) fn subnormal_addend_fma(r: &mut Rng, mw: u32, ew: u32) -> Option<Vec<u64>> {
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
pub(crate) fn hard_fma(r: &mut Rng, mw: u32, ew: u32) -> Option<Vec<u64>> {
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
pub(crate) fn hard_div(r: &mut Rng, mw: u32, ew: u32) -> Option<Vec<u64>> {
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
