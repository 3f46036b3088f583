//! A module being added to: fresh ids, and types, constants and built-in variables found
//! where the module has them and declared where it does not (SPIR-V forbids two
//! declarations of one scalar type).

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

pub(crate) struct Edit {
    pub module: Module,
    pub next: Word,
}

impl Edit {
    pub fn fresh(&mut self) -> Word {
        self.next += 1;
        self.next - 1
    }

    /// The id of the declaration `op operands` (a type or a constant of `ty`), made at the
    /// end of the declarations when the module has none like it.
    pub fn declared(&mut self, op: Op, ty: Option<Word>, operands: Vec<Operand>) -> Word {
        let found = self
            .module
            .types_global_values
            .iter()
            .find(|i| i.class.opcode == op && i.result_type == ty && i.operands == operands);
        if let Some(id) = found.and_then(|i| i.result_id) {
            return id;
        }
        let id = self.fresh();
        self.module
            .types_global_values
            .push(Instruction::new(op, ty, Some(id), operands));
        id
    }

    pub fn int_type(&mut self, bits: u32) -> Word {
        let ops = vec![Operand::LiteralBit32(bits), Operand::LiteralBit32(0)];
        self.declared(Op::TypeInt, None, ops)
    }

    pub fn bool_type(&mut self) -> Word {
        self.declared(Op::TypeBool, None, vec![])
    }

    pub fn pointer(&mut self, class: StorageClass, pointee: Word) -> Word {
        let ops = vec![Operand::StorageClass(class), Operand::IdRef(pointee)];
        self.declared(Op::TypePointer, None, ops)
    }

    /// An integer constant of type `ty`, `bits` wide.
    pub fn int(&mut self, ty: Word, bits: u32, v: u64) -> Word {
        let mut ops = vec![Operand::LiteralBit32(v as u32)];
        if bits > 32 {
            ops.push(Operand::LiteralBit32((v >> 32) as u32));
        }
        self.declared(Op::Constant, Some(ty), ops)
    }

    /// A float constant of type `ty`, `bits` wide, from its bit pattern.
    pub fn float_bits(&mut self, ty: Word, bits: u32, pattern: u64) -> Word {
        self.int(ty, bits, pattern)
    }

    /// A fresh work-group array of `count` elements of `elem`: the scratch of one
    /// collective.
    pub fn local_array(&mut self, elem: Word, count: u64, index_ty: Word, index_bits: u32) -> Word {
        let len = self.int(index_ty, index_bits, count);
        let array = self.declared(
            Op::TypeArray,
            None,
            vec![Operand::IdRef(elem), Operand::IdRef(len)],
        );
        let ptr = self.pointer(StorageClass::Workgroup, array);
        let id = self.fresh();
        self.module.types_global_values.push(Instruction::new(
            Op::Variable,
            Some(ptr),
            Some(id),
            vec![Operand::StorageClass(StorageClass::Workgroup)],
        ));
        id
    }

    /// The input variable of built-in `b` of type `ty`: the module's own, or one declared,
    /// decorated and added to the kernel's interface.
    pub fn builtin(&mut self, b: BuiltIn, ty: Word, kernel: Word) -> Word {
        let existing = self.module.annotations.iter().find_map(|a| {
            let is = a.class.opcode == Op::Decorate
                && a.operands.get(1) == Some(&Operand::Decoration(Decoration::BuiltIn))
                && a.operands.get(2) == Some(&Operand::BuiltIn(b));
            match (is, a.operands.first()) {
                (true, Some(Operand::IdRef(v))) => Some(*v),
                _ => None,
            }
        });
        if let Some(v) = existing {
            return v;
        }
        let ptr = self.pointer(StorageClass::Input, ty);
        let v = self.fresh();
        self.module.types_global_values.push(Instruction::new(
            Op::Variable,
            Some(ptr),
            Some(v),
            vec![Operand::StorageClass(StorageClass::Input)],
        ));
        self.module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![
                Operand::IdRef(v),
                Operand::Decoration(Decoration::BuiltIn),
                Operand::BuiltIn(b),
            ],
        ));
        for e in self.module.entry_points.iter_mut() {
            if e.operands.get(1) == Some(&Operand::IdRef(kernel)) {
                e.operands.push(Operand::IdRef(v));
            }
        }
        v
    }

    /// The module's OpenCL.std import, added when it has none.
    pub fn opencl_std(&mut self) -> Word {
        self.import("OpenCL.std")
    }

    /// The module's import of extended-instruction set `name`, added when it has none.
    pub fn import(&mut self, name: &str) -> Word {
        let found =
            self.module.ext_inst_imports.iter().find(
                |i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == name),
            );
        if let Some(id) = found.and_then(|i| i.result_id) {
            return id;
        }
        let id = self.fresh();
        self.module.ext_inst_imports.push(Instruction::new(
            Op::ExtInstImport,
            None,
            Some(id),
            vec![Operand::LiteralString(name.into())],
        ));
        id
    }

    /// The edited module, its id bound raised to the ids made, parsed and checked again.
    pub fn finish(self) -> Result<crate::spirv::SpirvModule, crate::FrontendError> {
        crate::spirv::SpirvModule::load(&self.bytes())
    }

    /// The edited module's binary, its id bound raised to the ids made.
    pub fn bytes(mut self) -> Vec<u8> {
        if let Some(h) = self.module.header.as_mut() {
            h.bound = self.next;
        }
        use rspirv::binary::Assemble;
        self.module
            .assemble()
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect()
    }
}

pub(crate) fn inst(op: Op, ty: Option<Word>, id: Option<Word>, ids: &[Word]) -> Instruction {
    Instruction::new(op, ty, id, ids.iter().map(|i| Operand::IdRef(*i)).collect())
}
