//! SPV_INTEL_fpga_memory_attributes: the twelve decorations of an on-chip array, read from
//! OpDecorate / OpMemberDecorate or from UserSemantic annotation strings such as
//! `{numbanks:4}{pump:2}`, and checked for consistency (../shared/notes/fpga-memory-attributes.md).

use crate::ir::MemAttrs;
use crate::spirv::SpirvModule;
use crate::FrontendError;
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Word};

fn attr_error(what: &str, message: impl Into<String>) -> FrontendError {
    FrontendError::Invalid {
        rule: "SPV_INTEL_fpga_memory_attributes".into(),
        inst: what.into(),
        message: message.into(),
    }
}

fn lit(args: &[Operand], i: usize) -> Option<u32> {
    match args.get(i) {
        Some(Operand::LiteralBit32(v)) => Some(*v),
        _ => None,
    }
}

fn string(args: &[Operand], i: usize) -> Option<String> {
    match args.get(i) {
        Some(Operand::LiteralString(s)) => Some(s.clone()),
        _ => None,
    }
}

/// Applies one decoration to `a`; `false` when it is not a memory attribute.
fn apply(
    a: &mut MemAttrs,
    d: Decoration,
    args: &[Operand],
    what: &str,
) -> Result<bool, FrontendError> {
    let need = |v: Option<u32>| {
        v.ok_or_else(|| attr_error(what, format!("{d:?} needs a literal number operand")))
    };
    match d {
        Decoration::RegisterALTERA => a.register = true,
        Decoration::MemoryALTERA => a.memory = Some(string(args, 0).unwrap_or_default()),
        Decoration::NumbanksALTERA => a.numbanks = Some(need(lit(args, 0))?),
        Decoration::BankwidthALTERA => a.bankwidth = Some(need(lit(args, 0))?),
        Decoration::MaxPrivateCopiesALTERA => a.private_copies = Some(need(lit(args, 0))?),
        Decoration::SinglepumpALTERA => a.pump = Some(1),
        Decoration::DoublepumpALTERA => a.pump = Some(2),
        Decoration::MaxReplicatesALTERA => a.max_replicates = Some(need(lit(args, 0))?),
        Decoration::SimpleDualPortALTERA => a.simple_dual_port = true,
        Decoration::MergeALTERA => {
            let (Some(k), Some(dir)) = (string(args, 0), string(args, 1)) else {
                return Err(attr_error(
                    what,
                    "MergeINTEL needs a key and a direction string",
                ));
            };
            a.merge = Some((k, dir));
        }
        Decoration::BankBitsALTERA => {
            let bits: Vec<u32> = (0..args.len()).filter_map(|i| lit(args, i)).collect();
            a.bank_bits = Some(bits);
        }
        Decoration::ForcePow2DepthALTERA => a.force_pow2_depth = Some(need(lit(args, 0))?),
        Decoration::UserSemantic => {
            if let Some(s) = string(args, 0) {
                parse_annotation(a, &s, what)?;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `{name}` / `{name:value}` groups of an annotation string (unknown names are left alone:
/// the string may carry other tools' annotations).
fn parse_annotation(a: &mut MemAttrs, s: &str, what: &str) -> Result<(), FrontendError> {
    for group in s.split('{').skip(1) {
        let Some(body) = group.split('}').next() else {
            continue;
        };
        let mut parts = body.splitn(2, ':');
        let name = parts.next().unwrap_or("").trim();
        let value = parts.next().map(str::trim);
        let num = |v: Option<&str>| -> Result<u32, FrontendError> {
            v.and_then(|v| v.parse().ok()).ok_or_else(|| {
                attr_error(
                    what,
                    format!("annotation {{{body}}}: '{name}' needs a number"),
                )
            })
        };
        match name {
            "register" => a.register = value != Some("0"),
            "memory" => a.memory = Some(value.unwrap_or("").to_string()),
            "numbanks" => a.numbanks = Some(num(value)?),
            "bankwidth" => a.bankwidth = Some(num(value)?),
            "private_copies" => a.private_copies = Some(num(value)?),
            "pump" => a.pump = Some(num(value)?),
            "singlepump" => a.pump = Some(1),
            "doublepump" => a.pump = Some(2),
            "max_replicates" => a.max_replicates = Some(num(value)?),
            "simple_dual_port" => a.simple_dual_port = value != Some("0"),
            "merge" => {
                let v = value.unwrap_or("");
                let (k, dir) = v.split_once(':').ok_or_else(|| {
                    attr_error(
                        what,
                        format!("annotation {{{body}}}: merge needs key:depth or key:width"),
                    )
                })?;
                a.merge = Some((k.to_string(), dir.to_string()));
            }
            "bank_bits" => {
                let bits: Result<Vec<u32>, _> = value
                    .unwrap_or("")
                    .split(',')
                    .map(|b| b.trim().parse::<u32>())
                    .collect();
                a.bank_bits = Some(bits.map_err(|_| {
                    attr_error(
                        what,
                        format!("annotation {{{body}}}: bank_bits needs numbers b1,b2,..."),
                    )
                })?);
            }
            "force_pow2_depth" => a.force_pow2_depth = Some(num(value)?),
            _ => {}
        }
    }
    Ok(())
}

/// The memory attributes decorating variable `id` (OpDecorate), or member `member` of
/// struct type `id` (OpMemberDecorate) when `member` is given.
pub fn mem_attrs(
    m: &SpirvModule,
    id: Word,
    member: Option<u32>,
    what: &str,
) -> Result<MemAttrs, FrontendError> {
    let mut a = MemAttrs::default();
    match member {
        None => {
            if let Some(decos) = m.decorations.get(&id) {
                for (d, args) in decos {
                    apply(&mut a, *d, args, what)?;
                }
            }
        }
        Some(k) => {
            if let Some(decos) = m.member_decorations.get(&(id, k)) {
                for (d, args) in decos {
                    apply(&mut a, *d, args, what)?;
                }
            }
        }
    }
    Ok(a)
}

/// Consistency rules: the contradictions and malformed values a user must fix (exit 2).
pub fn check(a: &MemAttrs, elem_bytes: u32, depth: u64, what: &str) -> Result<(), FrontendError> {
    let pow2 = |v: u32| v != 0 && v.is_power_of_two();
    if let Some(n) = a.numbanks {
        if !pow2(n) {
            return Err(attr_error(
                what,
                format!("numbanks {n} is not a power of two; use 1, 2, 4, 8, ..."),
            ));
        }
    }
    if let Some(w) = a.bankwidth {
        if !pow2(w) {
            return Err(attr_error(
                what,
                format!("bankwidth {w} is not a power of two"),
            ));
        }
        if w < elem_bytes || w % elem_bytes != 0 {
            return Err(attr_error(what, format!(
                "bankwidth {w} bytes is smaller than one {elem_bytes}-byte element; a bank word must hold whole elements"
            )));
        }
        let total = depth.saturating_mul(elem_bytes as u64);
        if w as u64 > total {
            return Err(attr_error(
                what,
                format!("bankwidth {w} bytes is larger than the whole array ({total} bytes)"),
            ));
        }
    }
    if let Some(bits) = &a.bank_bits {
        if bits.len() > 16 {
            return Err(attr_error(
                what,
                format!(
                    "bank_bits names {} bits: at most 16 (65,536 banks)",
                    bits.len()
                ),
            ));
        }
        let banks = a.numbanks.unwrap_or(1u32 << bits.len());
        if 1u64 << bits.len() != banks as u64 {
            return Err(attr_error(
                what,
                format!(
                "bank_bits names {} bits but numbanks is {banks}: log2(numbanks) bits are needed",
                bits.len()
            ),
            ));
        }
        let mut seen = bits.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != bits.len() || bits.iter().any(|b| *b >= 40) {
            return Err(attr_error(
                what,
                format!("bank_bits {bits:?}: bits must be distinct address bits"),
            ));
        }
        let word = a.bankwidth.unwrap_or(elem_bytes).trailing_zeros();
        if let Some(b) = bits.iter().find(|b| **b < word) {
            return Err(attr_error(
                what,
                format!(
                "bank_bits: bit {b} lies inside a {}-byte bank word; use bits at or above {word}",
                1u32 << word
            ),
            ));
        }
    }
    if let Some(p) = a.pump {
        if p != 1 && p != 2 {
            return Err(attr_error(
                what,
                format!("pump {p}: only 1 (single) or 2 (double) exist"),
            ));
        }
    }
    if let Some(r) = a.max_replicates {
        if r == 0 {
            return Err(attr_error(
                what,
                "max_replicates 0: at least one replicate is needed",
            ));
        }
    }
    if a.register
        && (a.memory.is_some()
            || a.numbanks.is_some()
            || a.bankwidth.is_some()
            || a.pump.is_some()
            || a.simple_dual_port
            || a.max_replicates.is_some())
    {
        return Err(attr_error(what, "register contradicts the RAM decorations (memory, numbanks, bankwidth, pump, simple_dual_port, max_replicates); keep one"));
    }
    if let Some(kind) = &a.memory {
        if !matches!(kind.as_str(), "" | "DEFAULT" | "BLOCK_RAM" | "MLAB") {
            return Err(attr_error(
                what,
                format!("memory kind '{kind}': use BLOCK_RAM or MLAB"),
            ));
        }
    }
    if let Some((_, dir)) = &a.merge {
        if dir != "depth" && dir != "width" {
            return Err(attr_error(
                what,
                format!("merge direction '{dir}': use depth or width"),
            ));
        }
    }
    if let Some(f) = a.force_pow2_depth {
        if f > 1 {
            return Err(attr_error(
                what,
                format!("force_pow2_depth {f}: use 0 or 1"),
            ));
        }
    }
    Ok(())
}
