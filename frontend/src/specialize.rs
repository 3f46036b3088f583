//! Specialization constants (SPIR-V §2.12): every `OpSpecConstant*` becomes the constant
//! it is specialized to, the value given by `--spec ID=VALUE` or else its default, before
//! anything else reads the module. Vulkan producers size work-groups and `__local`
//! arguments with them (clspv, glslang's `local_size_x_id`).
//!
//! It works on the words, not through rspirv: rspirv 0.13's parser panics on some
//! `OpSpecConstantOp` forms, so those are evaluated here (the integer and boolean
//! operations the Vulkan environment allows in them) and leave as plain `OpConstant`s.

use crate::FrontendError;
use rspirv::spirv::{Decoration, Op, Word};
use std::collections::{HashMap, HashSet};

/// The module with no specialization constant left.
pub struct Specialized {
    pub words: Vec<u32>,
    /// Spec constants that kept their default (no `--spec` for their SpecId), by result id:
    /// the Vulkan translation leaves a defaulted work-group size to the launch.
    pub defaulted: HashSet<Word>,
}

#[derive(Clone, Copy)]
enum Ty {
    Int { width: u32 },
    Float { width: u32 },
    Bool,
}

/// Specializes `words` (host order, header included). `given` maps SpecId → value.
pub fn specialize(words: &[u32], given: &HashMap<u32, u64>) -> Result<Specialized, FrontendError> {
    let insts = split(words)?;
    let mut spec_ids: HashMap<Word, u32> = HashMap::new();
    let mut types: HashMap<Word, Ty> = HashMap::new();
    let mut values: HashMap<Word, u64> = HashMap::new();
    let mut composites: HashMap<Word, Vec<Word>> = HashMap::new();
    // Result id -> type id of every constant, for conversions' source widths.
    let mut const_types: HashMap<Word, Word> = HashMap::new();
    let mut defaulted = HashSet::new();
    let mut used_ids = HashSet::new();
    for inst in &insts {
        let op = inst[0] & 0xFFFF;
        if op == Op::Decorate as u32 && inst.len() >= 4 && inst[2] == Decoration::SpecId as u32 {
            spec_ids.insert(inst[1], inst[3]);
        }
    }
    if words.len() < 5 {
        return Err(FrontendError::NotSpirv(format!(
            "{} words is shorter than the 5-word SPIR-V header",
            words.len()
        )));
    }
    let mut out = words[..5].to_vec();
    for (index, inst) in insts.iter().enumerate() {
        let op = inst[0] & 0xFFFF;
        let at = |why: String| FrontendError::Invalid {
            rule: "SPIR-V §2.12 specialization".into(),
            inst: format!("instruction {index} ({})", op_name(op)),
            message: why,
        };
        if (Op::ConstantTrue as u32..=Op::SpecConstantOp as u32).contains(&op) && inst.len() >= 3 {
            const_types.insert(inst[2], inst[1]);
        }
        match op {
            o if o == Op::TypeInt as u32 && inst.len() >= 4 => {
                types.insert(inst[1], Ty::Int { width: inst[2] });
            }
            o if o == Op::TypeFloat as u32 && inst.len() >= 3 => {
                types.insert(inst[1], Ty::Float { width: inst[2] });
            }
            o if o == Op::TypeBool as u32 && inst.len() >= 2 => {
                types.insert(inst[1], Ty::Bool);
            }
            o if o == Op::Constant as u32 && inst.len() >= 4 => {
                let v = inst[3] as u64 | inst.get(4).map_or(0, |h| (*h as u64) << 32);
                values.insert(inst[2], v);
            }
            o if o == Op::ConstantTrue as u32 && inst.len() >= 3 => {
                values.insert(inst[2], 1);
            }
            o if (o == Op::ConstantFalse as u32 || o == Op::ConstantNull as u32)
                && inst.len() >= 3 =>
            {
                values.insert(inst[2], 0);
            }
            o if o == Op::ConstantComposite as u32 && inst.len() >= 3 => {
                composites.insert(inst[2], inst[3..].to_vec());
            }
            _ => {}
        }
        let is_spec = [
            Op::SpecConstantTrue,
            Op::SpecConstantFalse,
            Op::SpecConstant,
            Op::SpecConstantComposite,
            Op::SpecConstantOp,
        ]
        .iter()
        .any(|s| *s as u32 == op);
        if !is_spec {
            out.extend_from_slice(inst);
            continue;
        }
        if inst.len() < 3 {
            return Err(at("too few operands".into()));
        }
        let (ty, id) = (inst[1], inst[2]);
        let given_value = spec_ids.get(&id).and_then(|s| given.get(s)).copied();
        if let Some(s) = spec_ids.get(&id) {
            if given.contains_key(s) {
                used_ids.insert(*s);
            }
        }
        let value = match op {
            o if o == Op::SpecConstantComposite as u32 => {
                composites.insert(id, inst[3..].to_vec());
                let mut c = inst.to_vec();
                c[0] = (inst.len() as u32) << 16 | Op::ConstantComposite as u32;
                out.extend(c);
                continue;
            }
            o if o == Op::SpecConstantTrue as u32 || o == Op::SpecConstantFalse as u32 => {
                let default = (o == Op::SpecConstantTrue as u32) as u64;
                if given_value.is_none() {
                    defaulted.insert(id);
                }
                given_value.map_or(default, |v| (v != 0) as u64)
            }
            o if o == Op::SpecConstant as u32 => {
                let default = inst.get(3).copied().unwrap_or(0) as u64
                    | inst.get(4).map_or(0, |h| (*h as u64) << 32);
                if given_value.is_none() {
                    defaulted.insert(id);
                }
                given_value.unwrap_or(default)
            }
            _ => {
                let Some(&inner) = inst.get(3) else {
                    return Err(at("OpSpecConstantOp without an operation".into()));
                };
                let args: Vec<Word> = inst[4..].to_vec();
                if args.iter().any(|a| defaulted.contains(a)) {
                    defaulted.insert(id);
                }
                evaluate(inner, ty, &args, &types, &values, &const_types, &composites)
                    .map_err(at)?
            }
        };
        values.insert(id, value);
        out.extend(constant(ty, id, value, &types).map_err(at)?);
    }
    if let Some(unknown) = given.keys().find(|k| !used_ids.contains(k)) {
        let known: Vec<String> = {
            let mut v: Vec<u32> = spec_ids.values().copied().collect();
            v.sort();
            v.dedup();
            v.iter().map(|s| s.to_string()).collect()
        };
        return Err(FrontendError::Invalid {
            rule: "SPIR-V §2.12 specialization".into(),
            inst: format!("--spec {unknown}=…"),
            message: if known.is_empty() {
                "the module has no specialization constants".into()
            } else {
                format!(
                    "no specialization constant has SpecId {unknown}; the module's are {}",
                    known.join(", ")
                )
            },
        });
    }
    Ok(Specialized {
        words: out,
        defaulted,
    })
}

/// A plain constant instruction for `value` of type `ty`.
fn constant(ty: Word, id: Word, value: u64, types: &HashMap<Word, Ty>) -> Result<Vec<u32>, String> {
    Ok(match types.get(&ty) {
        Some(Ty::Bool) => {
            let op = if value != 0 {
                Op::ConstantTrue
            } else {
                Op::ConstantFalse
            };
            vec![3 << 16 | op as u32, ty, id]
        }
        Some(Ty::Int { width } | Ty::Float { width }) if *width > 32 => {
            vec![
                5 << 16 | Op::Constant as u32,
                ty,
                id,
                value as u32,
                (value >> 32) as u32,
            ]
        }
        Some(Ty::Float { .. }) => vec![4 << 16 | Op::Constant as u32, ty, id, value as u32],
        Some(Ty::Int { width }) => {
            let mask = if *width >= 32 {
                u32::MAX
            } else {
                (1u32 << width) - 1
            };
            vec![4 << 16 | Op::Constant as u32, ty, id, value as u32 & mask]
        }
        None => {
            return Err(format!(
                "%{id}: a specialization constant of a type that is not an integer, float or bool"
            ))
        }
    })
}

/// The value of an `OpSpecConstantOp` whose operation is `op` (SPIR-V §3.52.12's list for
/// shaders: integer arithmetic, bits, comparisons, select, conversions, composite extract).
fn evaluate(
    op: u32,
    ty: Word,
    args: &[Word],
    types: &HashMap<Word, Ty>,
    values: &HashMap<Word, u64>,
    const_types: &HashMap<Word, Word>,
    composites: &HashMap<Word, Vec<Word>>,
) -> Result<u64, String> {
    let width = match types.get(&ty) {
        Some(Ty::Int { width }) => *width,
        Some(Ty::Bool) => 1,
        _ => {
            return Err(format!(
                "OpSpecConstantOp {}: only integer and boolean results are evaluated",
                op_name(op)
            ))
        }
    };
    let mask = |v: u64| {
        if width >= 64 {
            v
        } else {
            v & ((1u64 << width) - 1)
        }
    };
    let sext = |v: u64| {
        if width >= 64 || width == 1 {
            v as i64
        } else {
            ((v << (64 - width)) as i64) >> (64 - width)
        }
    };
    let arg = |k: usize| -> Result<u64, String> {
        args.get(k)
            .and_then(|a| values.get(a))
            .copied()
            .ok_or_else(|| {
                format!(
                    "OpSpecConstantOp {}: operand {k} is not a known scalar constant",
                    op_name(op)
                )
            })
    };
    let (a, b) = (arg(0), arg(1));
    let div = |d: u64| {
        if mask(d) == 0 {
            Err(format!(
                "OpSpecConstantOp {}: division by zero",
                op_name(op)
            ))
        } else {
            Ok(d)
        }
    };
    use Op as O;
    let r = match op {
        o if o == O::IAdd as u32 => a?.wrapping_add(b?),
        o if o == O::ISub as u32 => a?.wrapping_sub(b?),
        o if o == O::IMul as u32 => a?.wrapping_mul(b?),
        o if o == O::UDiv as u32 => mask(a?) / mask(div(b?)?),
        o if o == O::UMod as u32 => mask(a?) % mask(div(b?)?),
        o if o == O::SDiv as u32 => sext(a?).wrapping_div(sext(div(b?)?)) as u64,
        o if o == O::SRem as u32 => sext(a?).wrapping_rem(sext(div(b?)?)) as u64,
        o if o == O::SMod as u32 => {
            let (x, y) = (sext(a?), sext(div(b?)?));
            x.wrapping_rem(y).wrapping_add(y).wrapping_rem(y) as u64
        }
        o if o == O::ShiftLeftLogical as u32 => a?.checked_shl(b? as u32).unwrap_or(0),
        o if o == O::ShiftRightLogical as u32 => mask(a?).checked_shr(b? as u32).unwrap_or(0),
        o if o == O::ShiftRightArithmetic as u32 => (sext(a?) >> (b?.min(63))) as u64,
        o if o == O::BitwiseAnd as u32 || o == O::LogicalAnd as u32 => a? & b?,
        o if o == O::BitwiseOr as u32 || o == O::LogicalOr as u32 => a? | b?,
        o if o == O::BitwiseXor as u32 || o == O::LogicalNotEqual as u32 => a? ^ b?,
        o if o == O::Not as u32 => !a?,
        o if o == O::LogicalNot as u32 => (a? == 0) as u64,
        o if o == O::SNegate as u32 => a?.wrapping_neg(),
        o if o == O::IEqual as u32 || o == O::LogicalEqual as u32 => (a? == b?) as u64,
        o if o == O::INotEqual as u32 => (a? != b?) as u64,
        o if o == O::ULessThan as u32 => (a? < b?) as u64,
        o if o == O::UGreaterThan as u32 => (a? > b?) as u64,
        o if o == O::ULessThanEqual as u32 => (a? <= b?) as u64,
        o if o == O::UGreaterThanEqual as u32 => (a? >= b?) as u64,
        o if o == O::Select as u32 => {
            if a? != 0 {
                b?
            } else {
                arg(2)?
            }
        }
        o if o == O::UConvert as u32 => a?,
        o if o == O::SConvert as u32 => {
            // Sign-extended from the operand's own width.
            let from = args
                .first()
                .and_then(|x| const_types.get(x))
                .and_then(|t| types.get(t));
            match from {
                Some(Ty::Int { width: w }) if *w < 64 => {
                    (((a? << (64 - w)) as i64) >> (64 - w)) as u64
                }
                _ => a?,
            }
        }
        o if o == O::CompositeExtract as u32 => {
            let parts = args
                .first()
                .and_then(|c| composites.get(c))
                .ok_or_else(|| {
                    format!(
                        "OpSpecConstantOp {}: the operand is not a constant composite",
                        op_name(op)
                    )
                })?;
            let k = *args
                .get(1)
                .ok_or("OpSpecConstantOp CompositeExtract: no index")? as usize;
            let part = parts
                .get(k)
                .ok_or("OpSpecConstantOp CompositeExtract: index out of range")?;
            *values
                .get(part)
                .ok_or("OpSpecConstantOp CompositeExtract: the component is not a scalar")?
        }
        _ => {
            return Err(format!(
                "OpSpecConstantOp {}: this operation is not evaluated",
                op_name(op)
            ))
        }
    };
    Ok(mask(r))
}

fn op_name(op: u32) -> String {
    match Op::from_u32(op) {
        Some(o) => format!("Op{o:?}"),
        None => format!("opcode {op}"),
    }
}

/// The instructions of a module, each as its words (header skipped).
fn split(words: &[u32]) -> Result<Vec<&[u32]>, FrontendError> {
    let mut out = Vec::new();
    let mut pos = 5;
    while pos < words.len() {
        let count = (words[pos] >> 16) as usize;
        if count == 0 || pos + count > words.len() {
            return Err(FrontendError::Malformed(format!(
                "the instruction at word {pos} has a word count of {count}, which does not fit the module (truncated or corrupt)"
            )));
        }
        out.push(&words[pos..pos + count]);
        pos += count;
    }
    Ok(out)
}

/// Whether the module has any specialization constant (the common case has none, and is
/// then passed on untouched).
pub fn has_spec_constants(words: &[u32]) -> bool {
    split(words).is_ok_and(|insts| {
        insts.iter().any(|i| {
            let op = i[0] & 0xFFFF;
            (Op::SpecConstantTrue as u32..=Op::SpecConstantOp as u32).contains(&op)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// %1 = int 32; %2 = SpecConstant 4 (SpecId 7); %3 = Constant 3;
    /// %4 = SpecConstantOp IMul %2 %3.
    fn module() -> Vec<u32> {
        let mut w = vec![0x0723_0203, 0x0001_0000, 0, 5, 0];
        w.extend([
            4 << 16 | Op::Decorate as u32,
            2,
            Decoration::SpecId as u32,
            7,
        ]);
        w.extend([4 << 16 | Op::TypeInt as u32, 1, 32, 0]);
        w.extend([4 << 16 | Op::SpecConstant as u32, 1, 2, 4]);
        w.extend([4 << 16 | Op::Constant as u32, 1, 3, 3]);
        w.extend([
            6 << 16 | Op::SpecConstantOp as u32,
            1,
            4,
            Op::IMul as u32,
            2,
            3,
        ]);
        w
    }

    fn value_of(words: &[u32], id: u32) -> Option<u32> {
        split(words)
            .ok()?
            .into_iter()
            .find_map(|i| (i[0] & 0xFFFF == Op::Constant as u32 && i[2] == id).then(|| i[3]))
    }

    #[test]
    fn defaults_and_given_values_flow_through_spec_constant_ops() {
        let s = specialize(&module(), &HashMap::new()).unwrap();
        assert_eq!(
            (value_of(&s.words, 2), value_of(&s.words, 4)),
            (Some(4), Some(12))
        );
        assert!(s.defaulted.contains(&2) && s.defaulted.contains(&4));
        let s = specialize(&module(), &HashMap::from([(7, 5)])).unwrap();
        assert_eq!(
            (value_of(&s.words, 2), value_of(&s.words, 4)),
            (Some(5), Some(15))
        );
        assert!(s.defaulted.is_empty());
    }

    #[test]
    fn an_unknown_spec_id_is_named() {
        let e = specialize(&module(), &HashMap::from([(9, 1)]))
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("no specialization constant has SpecId 9; the module's are 7"),
            "{e}"
        );
    }
}
