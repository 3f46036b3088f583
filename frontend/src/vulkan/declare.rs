//! Types and constants the translation needs: the module's own when it has them, else
//! declared once (placed before their first use by `module.rs`).

use super::Translator;
use crate::spirv::SpvType;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};

impl Translator<'_> {
    /// The OpenCL.std import of the translated module.
    pub(super) fn opencl_set(&mut self) -> Word {
        match self.opencl_std {
            Some(s) => s,
            None => {
                let s = self.fresh();
                self.opencl_std = Some(s);
                s
            }
        }
    }

    /// An OpConstant of integer type `ty`, reusing the module's own when there is one.
    pub(super) fn int_constant(&mut self, ty: Word, value: u64) -> Word {
        if let Some((id, _)) = self.m.constants.iter().find(|(id, (t, v))| {
            *t == ty
                && *v == value
                && self
                    .m
                    .module
                    .types_global_values
                    .iter()
                    .any(|i| i.result_id == Some(**id) && i.class.opcode == Op::Constant)
        }) {
            return *id;
        }
        if let Some(i) = self.new_types.iter().find(|i| {
            i.class.opcode == Op::Constant
                && i.result_type == Some(ty)
                && matches!(i.operands.first(), Some(Operand::LiteralBit32(v)) if *v as u64 == value)
        }) {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        let literal = match self.m.types.get(&ty) {
            Some(SpvType::Int(w)) if *w > 32 => Operand::LiteralBit64(value),
            _ => Operand::LiteralBit32(value as u32),
        };
        self.new_types.push(Instruction::new(
            Op::Constant,
            Some(ty),
            Some(id),
            vec![literal],
        ));
        id
    }

    /// An OpConstantNull of type `ty`, shared.
    pub(super) fn null_of(&mut self, ty: Word) -> Word {
        if let Some(i) = self
            .new_types
            .iter()
            .find(|i| i.class.opcode == Op::ConstantNull && i.result_type == Some(ty))
        {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        self.new_types.push(Instruction::new(
            Op::ConstantNull,
            Some(ty),
            Some(id),
            vec![],
        ));
        id
    }

    /// The module's integer (unsigned) or float type of `width` bits, declared (with its
    /// capability) when it has none.
    pub(super) fn scalar_type(&mut self, op: Op, width: u32) -> Word {
        let (want, operands) = if op == Op::TypeFloat {
            (SpvType::Float(width), vec![Operand::LiteralBit32(width)])
        } else {
            (
                SpvType::Int(width),
                vec![Operand::LiteralBit32(width), Operand::LiteralBit32(0)],
            )
        };
        // (module_level adds a capability only when the module lacks it)
        let cap = match (op, width) {
            (Op::TypeFloat, 16) => Some(rspirv::spirv::Capability::Float16),
            (Op::TypeInt, 16) => Some(rspirv::spirv::Capability::Int16),
            _ => None,
        };
        self.capabilities.extend(cap);
        self.find_or_declare(want, op, operands)
    }

    /// The module's 32-bit integer type, declared when it has none.
    pub(super) fn uint_type(&mut self) -> Word {
        self.scalar_type(Op::TypeInt, 32)
    }

    /// The module's OpTypeBool, declared when it has none.
    pub(super) fn bool_type(&mut self) -> Word {
        self.find_or_declare(SpvType::Bool, Op::TypeBool, vec![])
    }

    /// The pointer type to `t` in storage class `sc`, declared when the module has none.
    pub(super) fn pointer_type(&mut self, sc: StorageClass, t: Word) -> Word {
        if let Some(p) = self.pointer_types.get(&(sc, t)) {
            return *p;
        }
        let id = self.fresh();
        self.new_types.push(Instruction::new(
            Op::TypePointer,
            None,
            Some(id),
            vec![Operand::StorageClass(sc), Operand::IdRef(t)],
        ));
        self.pointer_types.insert((sc, t), id);
        id
    }

    /// A type equal to `want`: the module's (lowest id), one declared earlier, or a new
    /// `op` with `operands`.
    fn find_or_declare(&mut self, want: SpvType, op: Op, operands: Vec<Operand>) -> Word {
        if let Some((id, _)) = self
            .m
            .types
            .iter()
            .filter(|(_, t)| **t == want)
            .min_by_key(|(id, _)| **id)
        {
            return *id;
        }
        if let Some(i) = self
            .new_types
            .iter()
            .find(|i| i.class.opcode == op && i.operands == operands)
        {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        self.new_types
            .push(Instruction::new(op, None, Some(id), operands));
        id
    }
}
