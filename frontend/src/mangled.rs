//! OpenCL built-ins that survive translation as calls. A SPIR 1.2 producer (or a translator
//! that does not know a name) may leave a built-in as an `OpFunctionCall` to an imported
//! function named by its Itanium mangling (SPIR 1.2 appendix A): `_Z6rotateii` is
//! `rotate(int, int)`. Such a call is rewritten into the OpenCL.std extended instruction it
//! names, with the signedness or float form its parameter types select (`_Z3maxjj` is
//! u_max, `_Z3maxff` fmax). The rewrite is made in the module, so the software model and
//! the hardware read the same instruction.

use crate::spirv::SpirvModule;
use crate::FrontendError;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, LinkageType, Op, OpenclStd100Op, Word};
use std::collections::HashMap;

/// The module with every call to an imported, mangled OpenCL.std built-in replaced by the
/// extended instruction, or `None` when there is no such call.
pub fn resolve_builtin_imports(spirv_bytes: &[u8]) -> Result<Option<Vec<u8>>, FrontendError> {
    let m = SpirvModule::load(spirv_bytes)?;
    let mut targets: HashMap<Word, u32> = HashMap::new();
    for f in &m.module.functions {
        let Some(id) = f.def.as_ref().and_then(|d| d.result_id) else {
            continue;
        };
        if !f.blocks.is_empty() {
            continue;
        }
        let Some(name) = import_name(&m, id).or_else(|| m.names.get(&id).cloned()) else {
            continue;
        };
        if let Some(op) = demangle(&name).and_then(|(base, params)| std_op(&base, &params)) {
            targets.insert(id, op);
        }
    }
    if targets.is_empty() {
        return Ok(None);
    }
    let mut module = m.module.clone();
    let mut bound = module.header.as_ref().map_or(1, |h| h.bound);
    let set = match module.ext_inst_imports.iter().find(
        |i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "OpenCL.std"),
    ) {
        Some(i) => i.result_id.unwrap_or(0),
        None => {
            let id = bound;
            bound += 1;
            module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(id),
                vec![Operand::LiteralString("OpenCL.std".into())],
            ));
            id
        }
    };
    let mut changed = false;
    for inst in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
        .flat_map(|b| b.instructions.iter_mut())
    {
        let callee = match (inst.class.opcode, inst.operands.first()) {
            (Op::FunctionCall, Some(Operand::IdRef(f))) => *f,
            _ => continue,
        };
        let Some(&op) = targets.get(&callee) else {
            continue;
        };
        let mut operands = vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(op)];
        operands.extend(inst.operands[1..].iter().cloned());
        *inst = Instruction::new(Op::ExtInst, inst.result_type, inst.result_id, operands);
        changed = true;
    }
    if !changed {
        return Ok(None);
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = bound;
    }
    use rspirv::binary::Assemble;
    Ok(Some(
        module
            .assemble()
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect(),
    ))
}

/// The name a function is imported under (LinkageAttributes … Import).
fn import_name(m: &SpirvModule, id: Word) -> Option<String> {
    m.decorations
        .get(&id)?
        .iter()
        .find_map(|(d, ops)| match (d, ops.as_slice()) {
            (
                Decoration::LinkageAttributes,
                [Operand::LiteralString(n), Operand::LinkageType(LinkageType::Import)],
            ) => Some(n.clone()),
            _ => None,
        })
}

/// The scalar kind of a parameter, enough to pick an OpenCL.std variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Signed,
    Unsigned,
    Float,
    /// A pointer or anything else: does not choose a variant.
    Other,
}

/// `_Z<len><name><params>` -> (name, the kinds of the parameters), for the parameter codes
/// OpenCL built-ins use: builtin types (c a h s t i j l m f d Dh b), vectors `Dv<n>_<t>`,
/// pointers `P` with qualifiers (`U3AS1`, K, V), and substitutions `S_`/`S<n>_`, which
/// repeat an earlier type.
fn demangle(sym: &str) -> Option<(String, Vec<Kind>)> {
    let rest = sym.strip_prefix("_Z")?;
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    let len: usize = rest[..digits].parse().ok()?;
    let name = rest.get(digits..digits + len)?.to_string();
    let mut s = &rest[digits + len..];
    let mut kinds = Vec::new();
    let mut seen: Vec<Kind> = Vec::new();
    while !s.is_empty() {
        let (kind, tail) = param(s, &seen)?;
        kinds.push(kind);
        seen.push(kind);
        s = tail;
    }
    Some((name, kinds))
}

fn param<'a>(s: &'a str, seen: &[Kind]) -> Option<(Kind, &'a str)> {
    let builtin = |c: char| match c {
        'c' | 'a' | 's' | 'i' | 'l' => Some(Kind::Signed),
        'h' | 't' | 'j' | 'm' | 'b' => Some(Kind::Unsigned),
        'f' | 'd' => Some(Kind::Float),
        'v' => Some(Kind::Other),
        _ => None,
    };
    let first = s.chars().next()?;
    if let Some(k) = builtin(first) {
        return Some((k, &s[1..]));
    }
    if let Some(t) = s.strip_prefix("Dh") {
        return Some((Kind::Float, t));
    }
    if let Some(t) = s.strip_prefix("Dv") {
        let n = t.chars().take_while(|c| c.is_ascii_digit()).count();
        let t = t.get(n..)?.strip_prefix('_')?;
        return param(t, seen);
    }
    if let Some(t) = s.strip_prefix('P') {
        // Qualifiers, then the pointee: the pointer itself chooses nothing.
        let mut t = t;
        loop {
            if let Some(u) = t.strip_prefix('U') {
                let n = u.chars().take_while(|c| c.is_ascii_digit()).count();
                let len: usize = u[..n].parse().ok()?;
                t = u.get(n + len..)?;
            } else if let Some(u) = t.strip_prefix('K').or_else(|| t.strip_prefix('V')) {
                t = u;
            } else {
                break;
            }
        }
        let (_, tail) = param(t, seen)?;
        return Some((Kind::Other, tail));
    }
    if let Some(t) = s.strip_prefix('S') {
        let n = t.chars().take_while(|c| c.is_ascii_alphanumeric()).count();
        let t2 = t.get(n..)?.strip_prefix('_')?;
        let idx = if n == 0 {
            0
        } else {
            usize::from_str_radix(&t[..n], 36).ok()? + 1
        };
        return Some((seen.get(idx).copied().unwrap_or(Kind::Other), t2));
    }
    None
}

/// The OpenCL.std instruction `name` means for parameters of these kinds: the name
/// itself, else its s_/u_ integer form, else its f-prefixed float form.
fn std_op(name: &str, params: &[Kind]) -> Option<u32> {
    let by_name = |n: &str| {
        (0..=204u32)
            .filter_map(OpenclStd100Op::from_u32)
            .find(|op| format!("{op:?}") == n)
            .map(|op| op as u32)
    };
    let first = params.iter().copied().find(|k| *k != Kind::Other);
    let variant = match first {
        Some(Kind::Signed) => format!("s_{name}"),
        Some(Kind::Unsigned) => format!("u_{name}"),
        Some(Kind::Float) => format!("f{name}"),
        _ => String::new(),
    };
    by_name(&variant).or_else(|| by_name(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(sym: &str) -> Option<String> {
        let (n, p) = demangle(sym)?;
        std_op(&n, &p)
            .and_then(OpenclStd100Op::from_u32)
            .map(|o| format!("{o:?}"))
    }

    #[test]
    fn names_and_variants_come_from_the_mangling() {
        assert_eq!(op("_Z6rotateii").as_deref(), Some("rotate"));
        assert_eq!(op("_Z3maxjj").as_deref(), Some("u_max"));
        assert_eq!(op("_Z3maxii").as_deref(), Some("s_max"));
        assert_eq!(op("_Z3maxff").as_deref(), Some("fmax"));
        assert_eq!(op("_Z5clampDv4_fS_S_").as_deref(), Some("fclamp"));
        assert_eq!(op("_Z6mul_hiDv2_mS_").as_deref(), Some("u_mul_hi"));
        assert_eq!(op("_Z4sqrtf").as_deref(), Some("sqrt"));
        assert_eq!(op("_Z5fractfPU3AS1f").as_deref(), Some("fract"));
        assert_eq!(op("_Z3absc").as_deref(), Some("s_abs"));
        assert_eq!(op("_Z8popcounth").as_deref(), Some("popcount"));
    }

    #[test]
    fn other_functions_are_not_built_ins() {
        assert_eq!(op("_Z6helperi"), None);
        assert_eq!(op("helper"), None);
        assert_eq!(op("_Z99x"), None);
        assert_eq!(op("_Z3maxQ"), None);
    }
}
