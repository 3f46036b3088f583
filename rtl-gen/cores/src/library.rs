//! The library's SystemVerilog sources, and the subset a design needs.
//!
//! A design gets only the sources its text names, transitively, each after the sources it
//! uses (packages before the modules that import them: the order Verilator, Yosys and the
//! vendor tools want). Dependencies are read from the sources themselves, so adding a core
//! is adding its file to `FIXED`, with no dependency table to keep in step.

use std::collections::{BTreeMap, BTreeSet};

/// One SystemVerilog source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub file: String,
    pub text: String,
}

impl Source {
    pub fn new(file: impl Into<String>, text: impl Into<String>) -> Self {
        Source {
            file: file.into(),
            text: text.into(),
        }
    }
}

/// The hand-written sources (the elementary functions' package is generated: `math`).
const FIXED: &[(&str, &str)] = &[
    ("hls_fp_pkg.sv", include_str!("../sv/hls_fp_pkg.sv")),
    ("hls_fp64_pkg.sv", include_str!("../sv/hls_fp64_pkg.sv")),
    ("hls_delay.sv", include_str!("../sv/hls_delay.sv")),
    ("hls_level.sv", include_str!("../sv/hls_level.sv")),
    ("hls_fp_round.sv", include_str!("../sv/hls_fp_round.sv")),
    ("hls_fp_rint.sv", include_str!("../sv/hls_fp_rint.sv")),
    (
        "hls_fp_classify.sv",
        include_str!("../sv/hls_fp_classify.sv"),
    ),
    ("hls_fp32_add.sv", include_str!("../sv/hls_fp32_add.sv")),
    ("hls_fp32_mul.sv", include_str!("../sv/hls_fp32_mul.sv")),
    ("hls_fp_add.sv", include_str!("../sv/hls_fp_add.sv")),
    ("hls_fp_narrow.sv", include_str!("../sv/hls_fp_narrow.sv")),
    ("hls_fp_convert.sv", include_str!("../sv/hls_fp_convert.sv")),
    ("hls_fp_div.sv", include_str!("../sv/hls_fp_div.sv")),
    ("hls_fp_sqrt.sv", include_str!("../sv/hls_fp_sqrt.sv")),
    ("hls_fp32_div.sv", include_str!("../sv/hls_fp32_div.sv")),
    ("hls_fp32_sqrt.sv", include_str!("../sv/hls_fp32_sqrt.sv")),
    ("hls_dsp.sv", include_str!("../sv/hls_dsp.sv")),
    ("hls_int_mul.sv", include_str!("../sv/hls_int_mul.sv")),
    ("hls_int_div.sv", include_str!("../sv/hls_int_div.sv")),
    ("hls_fp_int.sv", include_str!("../sv/hls_fp_int.sv")),
    ("hls_fp_mul.sv", include_str!("../sv/hls_fp_mul.sv")),
    ("hls_fp_fma.sv", include_str!("../sv/hls_fp_fma.sv")),
    ("hls_fp32_fma.sv", include_str!("../sv/hls_fp32_fma.sv")),
    ("hls_fp16_fma.sv", include_str!("../sv/hls_fp16_fma.sv")),
    ("hls_fp64.sv", include_str!("../sv/hls_fp64.sv")),
    ("hls_fp_exp.sv", include_str!("../sv/hls_fp_exp.sv")),
    ("hls_fp_log.sv", include_str!("../sv/hls_fp_log.sv")),
    ("hls_fp_sin.sv", include_str!("../sv/hls_fp_sin.sv")),
    ("hls_fp_pow.sv", include_str!("../sv/hls_fp_pow.sv")),
    ("hls_fp_hypot.sv", include_str!("../sv/hls_fp_hypot.sv")),
    ("hls_fp_exp64.sv", include_str!("../sv/hls_fp_exp64.sv")),
    ("hls_fp_log64.sv", include_str!("../sv/hls_fp_log64.sv")),
    ("hls_fp_pow64.sv", include_str!("../sv/hls_fp_pow64.sv")),
    ("hls_fp_sin64.sv", include_str!("../sv/hls_fp_sin64.sv")),
    ("hls_fp_hypot64.sv", include_str!("../sv/hls_fp_hypot64.sv")),
    ("hls_fp_sinh64.sv", include_str!("../sv/hls_fp_sinh64.sv")),
    ("hls_fp_pack3.sv", include_str!("../sv/hls_fp_pack3.sv")),
    ("hls_fp_atan.sv", include_str!("../sv/hls_fp_atan.sv")),
    ("hls_fx_smul.sv", include_str!("../sv/hls_fx_smul.sv")),
    ("hls_fp_erf.sv", include_str!("../sv/hls_fp_erf.sv")),
    ("hls_fp_atan64.sv", include_str!("../sv/hls_fp_atan64.sv")),
    ("hls_fp_erf64.sv", include_str!("../sv/hls_fp_erf64.sv")),
];

/// Every source of the library: the hand-written files, the generated function package,
/// and one small wrapper module per elementary function and precision (`hls_fp32_exp.sv`).
pub fn sources() -> Vec<Source> {
    let mut all: Vec<Source> = FIXED.iter().map(|(f, t)| Source::new(*f, *t)).collect();
    all.push(Source::new(
        "hls_fp_math_pkg.sv",
        crate::math::package_source(),
    ));
    for f in crate::math::FUNCTIONS {
        for w in f.widths() {
            all.push(Source::new(
                format!("{}.sv", f.module(w)),
                f.module_source(w),
            ));
        }
    }
    all
}

/// The sources that `root` (a design's own SystemVerilog) uses, transitively, chosen among
/// the library's and `extra` (a code generator's own support modules), each source after
/// every source it uses.
pub fn needed_by(root: &str, extra: &[Source]) -> Vec<Source> {
    let candidates: Vec<Source> = extra.iter().cloned().chain(sources()).collect();
    let declared_in = declarations(&candidates);
    let uses: Vec<BTreeSet<usize>> = candidates
        .iter()
        .enumerate()
        .map(|(i, s)| used(&s.text, &declared_in, Some(i)))
        .collect();
    let mut order = Vec::new();
    let mut state = vec![Visit::New; candidates.len()];
    for i in used(root, &declared_in, None) {
        visit(i, &uses, &mut state, &mut order);
    }
    order.into_iter().map(|i| candidates[i].clone()).collect()
}

#[derive(Clone, Copy, PartialEq)]
enum Visit {
    New,
    Open,
    Done,
}

/// Depth first, a source after its dependences. A cycle (two files using each other, which
/// SystemVerilog allows for modules) is cut where it closes: both files are still listed.
fn visit(i: usize, uses: &[BTreeSet<usize>], state: &mut [Visit], order: &mut Vec<usize>) {
    if state[i] != Visit::New {
        return;
    }
    state[i] = Visit::Open;
    for &j in &uses[i] {
        visit(j, uses, state, order);
    }
    state[i] = Visit::Done;
    order.push(i);
}

/// Which candidate declares each module and package name.
fn declarations(candidates: &[Source]) -> BTreeMap<String, usize> {
    let mut map = BTreeMap::new();
    for (i, s) in candidates.iter().enumerate() {
        let tokens = identifiers(&s.text);
        for pair in tokens.windows(2) {
            if pair[0] == "module" || pair[0] == "package" {
                map.entry(pair[1].clone()).or_insert(i);
            }
        }
    }
    map
}

/// The candidates whose modules or packages `text` names (other than `itself`).
fn used(
    text: &str,
    declared_in: &BTreeMap<String, usize>,
    itself: Option<usize>,
) -> BTreeSet<usize> {
    identifiers(text)
        .into_iter()
        .filter_map(|t| declared_in.get(&t).copied())
        .filter(|i| Some(*i) != itself)
        .collect()
}

/// The identifiers of SystemVerilog text, comments left out (a comment that names a core
/// must not pull it in).
fn identifiers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in strip_block_comments(text).lines() {
        let code = line.split("//").next().unwrap_or("");
        out.extend(
            code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
                .filter(|t| t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
                .map(str::to_string),
        );
    }
    out
}

/// `text` with every `/* ... */` replaced by a space.
fn strip_block_comments(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("/*") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        out.push(' ');
        rest = match rest[start + 2..].find("*/") {
            Some(end) => &rest[start + 2 + end + 2..],
            None => "",
        };
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(root: &str) -> Vec<String> {
        needed_by(root, &[]).into_iter().map(|s| s.file).collect()
    }

    #[test]
    fn a_float_adder_brings_only_what_it_uses() {
        let got = files("hls_fp32_add #(.LAT(8)) u (.clk, .ce, .sub, .a, .b, .y);");
        assert!(got.contains(&"hls_fp32_add.sv".to_string()), "{got:?}");
        assert!(got.contains(&"hls_fp_add.sv".to_string()), "{got:?}");
        for absent in [
            "hls_fp_sin.sv",
            "hls_fp64.sv",
            "hls_fp_math_pkg.sv",
            "hls_fp_erf64.sv",
        ] {
            assert!(!got.contains(&absent.to_string()), "{absent} in {got:?}");
        }
        assert_eq!(got.last().map(String::as_str), Some("hls_fp32_add.sv"));
    }

    #[test]
    fn every_source_comes_after_the_sources_it_uses() {
        let all = sources();
        let root: String = all
            .iter()
            .map(|s| s.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let got = needed_by(&root, &[]);
        let declared_in = declarations(&got);
        for (i, s) in got.iter().enumerate() {
            for j in used(&s.text, &declared_in, Some(i)) {
                assert!(j < i, "{} uses {} listed after it", s.file, got[j].file);
            }
        }
        // Nothing of the library is lost when everything is named.
        assert_eq!(got.len(), all.len());
    }

    #[test]
    fn a_comment_naming_a_core_does_not_pull_it_in() {
        assert!(files("// hls_fp_sin would be here\n/* hls_fp64_add */").is_empty());
    }

    #[test]
    fn a_function_brings_its_package() {
        let got = files("hls_fp32_exp #(.LAT(16)) e (.clk, .ce, .a, .y);");
        let pkg = got.iter().position(|f| f == "hls_fp_math_pkg.sv");
        let exp = got.iter().position(|f| f == "hls_fp32_exp.sv");
        assert!(pkg.is_some() && exp.is_some() && pkg < exp, "{got:?}");
    }
}
