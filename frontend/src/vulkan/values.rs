//! Values the Vulkan interface reads whole: by-value blocks, built-in inputs, constant
//! tables and struct or array values, and the stores that take them apart.

use super::body::Body;
use super::{err, Param, Translator};
use crate::spirv::{id_operand, SpvType};
use crate::FrontendError;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};

impl Translator<'_> {
    /// The value of a by-value block at `path`: a leaf's argument, or a struct of them.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn by_value(
        &mut self,
        var: Word,
        path: &[u32],
        leaves: &[super::Leaf],
        params: &[Param],
        b: &mut Body,
        inst: &str,
    ) -> Result<Word, FrontendError> {
        if let Some(k) = leaves.iter().position(|l| l.path == path) {
            return params
                .iter()
                .find(|p| p.var == var && p.leaf == Some(k))
                .map(|p| p.id)
                .ok_or_else(|| {
                    err(
                        inst.into(),
                        "a push constant with no argument in this kernel",
                    )
                });
        }
        let mut members: Vec<u32> = leaves
            .iter()
            .filter(|l| l.path.len() > path.len() && l.path.starts_with(path))
            .map(|l| l.path[path.len()])
            .collect();
        members.dedup();
        if members.is_empty() {
            return Err(err(
                inst.into(),
                "reads past the end of a push-constant or uniform block",
            ));
        }
        let mut parts = Vec::new();
        for k in members {
            let p = [path, &[k]].concat();
            parts.push(self.by_value(var, &p, leaves, params, b, inst)?);
        }
        let id = self.fresh();
        b.virtuals.insert(id, parts);
        Ok(id)
    }

    /// The whole value of built-in input `var`, loaded once per function.
    pub(super) fn input_value(&mut self, var: Word, b: &mut Body) -> Word {
        if let Some((v, _)) = b.loads.get(&var) {
            return *v;
        }
        let ty = super::rules::pointee(
            self.m,
            self.m
                .module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(var))
                .and_then(|i| i.result_type),
        )
        .unwrap_or(0);
        let v = self.fresh();
        b.loads.insert(var, (v, ty));
        v
    }

    /// `Load(AccessChain(value, indices))` as an extract from the value.
    pub(super) fn extract(
        &mut self,
        inst: Instruction,
        source: Word,
        indices: &[Word],
        out: &mut Vec<Instruction>,
        b: &mut Body,
    ) -> Result<(), FrontendError> {
        let r = inst.result_id.unwrap_or(0);
        if indices.is_empty() {
            b.subst.insert(r, source);
            return Ok(());
        }
        let lits: Option<Vec<u32>> = indices
            .iter()
            .map(|i| self.m.constants.get(i).map(|c| c.1 as u32))
            .collect();
        match (lits, indices) {
            (Some(lits), _) => {
                let mut ops = vec![Operand::IdRef(source)];
                ops.extend(lits.into_iter().map(Operand::LiteralBit32));
                out.push(Instruction::new(
                    Op::CompositeExtract,
                    inst.result_type,
                    Some(r),
                    ops,
                ));
            }
            (None, [dynamic]) => out.push(Instruction::new(
                Op::VectorExtractDynamic,
                inst.result_type,
                Some(r),
                vec![Operand::IdRef(source), Operand::IdRef(*dynamic)],
            )),
            _ => {
                return Err(err(
                    self.m.describe(&inst),
                    "a built-in or constant read at several computed indices",
                ))
            }
        }
        Ok(())
    }

    /// Whether `c` is a struct or array constant (clspv stores a zeroed struct whole); if so
    /// its members are recorded as parts, nulls made for a null or undefined one.
    pub(super) fn aggregate_constant(&mut self, c: Word, b: &mut Body) -> bool {
        let m = self.m;
        let Some(def) = m
            .module
            .types_global_values
            .iter()
            .chain(self.new_types.iter())
            .find(|i| i.result_id == Some(c))
            .cloned()
        else {
            return false;
        };
        let def = &def;
        let ty = def.result_type.unwrap_or(0);
        let members: Vec<Word> = match m.types.get(&ty) {
            Some(SpvType::Struct(ms)) => ms.clone(),
            Some(SpvType::Array(e, n)) => match m.constants.get(n) {
                Some((_, len)) if *len <= 4096 => vec![*e; *len as usize],
                _ => return false,
            },
            _ => return false,
        };
        let parts = match def.class.opcode {
            Op::ConstantComposite | Op::SpecConstantComposite => (0..def.operands.len())
                .filter_map(|k| id_operand(def, k))
                .collect(),
            Op::ConstantNull | Op::Undef => members.iter().map(|t| self.null_of(*t)).collect(),
            _ => return false,
        };
        b.virtuals.insert(c, parts);
        true
    }

    /// Stores a struct or array value made of parts (`virtuals`) member by member.
    pub(super) fn store_members(
        &mut self,
        p: Word,
        v: Word,
        b: &mut Body,
        out: &mut Vec<Instruction>,
        inst: &str,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let Some(SpvType::Pointer(sc, agg)) = b.types.get(&p).and_then(|t| m.types.get(t)).cloned()
        else {
            return Err(err(
                inst.into(),
                "a struct or array stored through a pointer of unknown type",
            ));
        };
        self.store_path(p, sc, agg, &[], v, b, out, inst)
    }

    /// Stores value `v` of type `ty` (made of parts) at `root` + `path`, one leaf at a
    /// time, each through one access chain from the root.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store_path(
        &mut self,
        root: Word,
        sc: StorageClass,
        ty: Word,
        path: &[Word],
        v: Word,
        b: &mut Body,
        out: &mut Vec<Instruction>,
        inst: &str,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let member_types: Vec<Word> = match m.types.get(&ty) {
            Some(SpvType::Struct(ms)) => ms.clone(),
            Some(SpvType::Array(e, n)) => {
                vec![*e; m.constants.get(n).map_or(0, |c| c.1 as usize).min(1 << 16)]
            }
            _ => {
                return Err(err(
                    inst.into(),
                    "a struct or array value stored as another type",
                ))
            }
        };
        let parts = b.virtuals.get(&v).cloned().unwrap_or_default();
        if parts.len() != member_types.len() || path.len() > 8 {
            return Err(err(
                inst.into(),
                "a struct or array value whose parts do not match its type",
            ));
        }
        let uint = self.uint_type();
        for (k, (part, mt)) in parts.into_iter().zip(member_types).enumerate() {
            let index = self.int_constant(uint, k as u64);
            let inner = [path, &[index]].concat();
            if b.virtuals.contains_key(&part) || self.aggregate_constant(part, b) {
                self.store_path(root, sc, mt, &inner, part, b, out, inst)?;
                continue;
            }
            let ptr = self.pointer_type(sc, mt);
            let at = self.fresh();
            let mut ops = vec![Operand::IdRef(root)];
            ops.extend(inner.iter().map(|i| Operand::IdRef(*i)));
            out.push(Instruction::new(Op::AccessChain, Some(ptr), Some(at), ops));
            out.push(Instruction::new(
                Op::Store,
                None,
                None,
                vec![Operand::IdRef(at), Operand::IdRef(part)],
            ));
        }
        Ok(())
    }

    /// `i·n + k` in `i`'s integer type, for an element of a flat table of vectors.
    pub(super) fn flat_index(
        &mut self,
        i: Word,
        n: u32,
        k: Word,
        b: &mut Body,
        out: &mut Vec<Instruction>,
    ) -> Word {
        let ty = self
            .m
            .constants
            .get(&i)
            .map(|c| c.0)
            .or_else(|| b.types.get(&i).copied())
            .unwrap_or_else(|| self.uint_type());
        let k = match self.m.constants.get(&k) {
            Some((_, v)) => self.int_constant(ty, *v),
            None => k,
        };
        let nc = self.int_constant(ty, n as u64);
        let (scaled, at) = (self.fresh(), self.fresh());
        out.push(Instruction::new(
            Op::IMul,
            Some(ty),
            Some(scaled),
            vec![Operand::IdRef(i), Operand::IdRef(nc)],
        ));
        out.push(Instruction::new(
            Op::IAdd,
            Some(ty),
            Some(at),
            vec![Operand::IdRef(scaled), Operand::IdRef(k)],
        ));
        b.types.insert(at, ty);
        at
    }
}
