//! The module around the rewritten functions: the kernel's signature, capabilities,
//! memory model, entry points, decorations and the variables that became arguments.

use super::{Param, Resource, Translator};
use crate::spirv::{id_operand, SpvType};
use rspirv::dr::{Function, Instruction, Operand};
use rspirv::spirv::{
    AddressingModel, Capability, Decoration, ExecutionModel, FunctionParameterAttribute,
    MemoryModel, Op, StorageClass, Word,
};
use std::collections::HashSet;

/// Capabilities that mean the same in the OpenCL environment; the rest are Vulkan's own.
const KEPT: [Capability; 7] = [
    Capability::Int8,
    Capability::Int16,
    Capability::Int64,
    Capability::Float16,
    Capability::Float64,
    Capability::Int64Atomics,
    Capability::Groups,
];

/// Decorations of Vulkan's resource interface, with no meaning once the resources are arguments.
const INTERFACE: [Decoration; 13] = [
    Decoration::Block,
    Decoration::BufferBlock,
    Decoration::DescriptorSet,
    Decoration::Binding,
    Decoration::Offset,
    Decoration::ArrayStride,
    Decoration::MatrixStride,
    Decoration::SpecId,
    Decoration::NonWritable,
    Decoration::NonReadable,
    Decoration::Restrict,
    Decoration::Aliased,
    Decoration::Coherent,
];

impl Translator<'_> {
    /// Gives entry function `func` the parameters `params`.
    pub(super) fn signature(&mut self, func: &mut Function, params: &[Param]) {
        let void = func.def.as_ref().and_then(|d| d.result_type).unwrap_or(0);
        let fty = self.fresh();
        let mut ops = vec![Operand::IdRef(void)];
        ops.extend(params.iter().map(|p| Operand::IdRef(p.ty)));
        self.new_types
            .push(Instruction::new(Op::TypeFunction, None, Some(fty), ops));
        if let Some(def) = func.def.as_mut() {
            if def.operands.len() >= 2 {
                def.operands[1] = Operand::IdRef(fty);
            }
        }
        func.parameters = params
            .iter()
            .map(|p| Instruction::new(Op::FunctionParameter, Some(p.ty), Some(p.id), vec![]))
            .collect();
        for p in params {
            self.module.debug_names.push(Instruction::new(
                Op::Name,
                None,
                None,
                vec![Operand::IdRef(p.id), Operand::LiteralString(p.name.clone())],
            ));
            let attrs = [
                (p.no_write, FunctionParameterAttribute::NoWrite),
                (p.no_alias, FunctionParameterAttribute::NoAlias),
            ];
            for (on, a) in attrs {
                if on {
                    self.module.annotations.push(Instruction::new(
                        Op::Decorate,
                        None,
                        None,
                        vec![
                            Operand::IdRef(p.id),
                            Operand::Decoration(Decoration::FuncParamAttr),
                            Operand::FunctionParameterAttribute(a),
                        ],
                    ));
                }
            }
        }
    }

    /// Everything outside the functions.
    pub(super) fn module_level(&mut self) {
        let md = &mut self.module;
        md.capabilities.retain(
            |i| matches!(i.operands.first(), Some(Operand::Capability(c)) if KEPT.contains(c)),
        );
        let mut added = vec![Capability::Addresses, Capability::Kernel];
        for c in std::mem::take(&mut self.capabilities) {
            let have = md
                .capabilities
                .iter()
                .any(|i| i.operands.first() == Some(&Operand::Capability(c)));
            if !have && !added.contains(&c) {
                added.push(c);
            }
        }
        for c in added {
            md.capabilities.push(Instruction::new(
                Op::Capability,
                None,
                None,
                vec![Operand::Capability(c)],
            ));
        }
        md.extensions.retain(|i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "SPV_KHR_non_semantic_info"));
        md.ext_inst_imports
            .retain(|i| !matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450"));
        if let Some(set) = self.opencl_std {
            md.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(set),
                vec![Operand::LiteralString("OpenCL.std".into())],
            ));
        }
        md.memory_model = Some(Instruction::new(
            Op::MemoryModel,
            None,
            None,
            vec![
                Operand::AddressingModel(AddressingModel::Physical32),
                Operand::MemoryModel(MemoryModel::OpenCL),
            ],
        ));
        // Variables that became arguments or values leave; built-in inputs stay.
        let removed: HashSet<Word> = self
            .resources
            .iter()
            .filter(|(var, r)| match r {
                Resource::Table => false,
                Resource::Value => self.initial.contains_key(var),
                _ => true,
            })
            .map(|(v, _)| *v)
            .collect();
        md.types_global_values
            .retain(|i| !i.result_id.is_some_and(|id| removed.contains(&id)));
        // Pointer types of Vulkan's classes become their OpenCL counterparts in place.
        for i in &mut self.module.types_global_values {
            if i.class.opcode == Op::TypePointer {
                if let Some(Operand::StorageClass(sc)) = i.operands.first_mut() {
                    *sc = super::opencl_class(*sc);
                }
            }
        }
        // Constant tables move to the constant address space.
        let tables: Vec<Word> = self
            .resources
            .iter()
            .filter(|(_, r)| matches!(r, Resource::Table))
            .map(|(v, _)| *v)
            .collect();
        for var in tables {
            let Some(at) = self
                .module
                .types_global_values
                .iter()
                .position(|i| i.result_id == Some(var))
            else {
                continue;
            };
            let mut pointee =
                super::rules::pointee(self.m, self.module.types_global_values[at].result_type)
                    .unwrap_or(0);
            if let Some(&(n, comp)) = self.flat_tables.get(&var) {
                let init = id_operand(&self.module.types_global_values[at], 1).unwrap_or(0);
                let (flat, flat_init) = self.flatten(pointee, init, n, comp);
                pointee = flat;
                self.module.types_global_values[at].operands[1] = Operand::IdRef(flat_init);
            }
            let ty = self.pointer_type(StorageClass::UniformConstant, pointee);
            let v = &mut self.module.types_global_values[at];
            v.result_type = Some(ty);
            v.operands[0] = Operand::StorageClass(StorageClass::UniformConstant);
        }
        let md = &mut self.module;
        for new in std::mem::take(&mut self.new_types) {
            place(&mut md.types_global_values, new);
        }
        let inputs: Vec<Word> = md
            .types_global_values
            .iter()
            .filter(|i| {
                i.class.opcode == Op::Variable
                    && matches!(
                        i.operands.first(),
                        Some(Operand::StorageClass(StorageClass::Input))
                    )
            })
            .filter_map(|i| i.result_id)
            .collect();
        for ep in &mut md.entry_points {
            if let Some(Operand::ExecutionModel(model)) = ep.operands.first_mut() {
                *model = ExecutionModel::Kernel;
            }
            ep.operands.truncate(3);
            ep.operands
                .extend(inputs.iter().map(|v| Operand::IdRef(*v)));
        }
        let is_variable: HashSet<Word> = md
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter_map(|i| i.result_id)
            .collect();
        md.annotations.retain(|i| {
            let (target, deco) = match i.class.opcode {
                Op::Decorate => (id_operand(i, 0), i.operands.get(1)),
                Op::MemberDecorate => (id_operand(i, 0), i.operands.get(2)),
                _ => return true,
            };
            let Some(Operand::Decoration(d)) = deco else {
                return true;
            };
            if target.is_some_and(|t| removed.contains(&t)) || INTERFACE.contains(d) {
                return false;
            }
            // Vulkan puts BuiltIn WorkgroupSize on a constant; OpenCL only on variables.
            *d != Decoration::BuiltIn || target.is_some_and(|t| is_variable.contains(&t))
        });
    }
}

impl Translator<'_> {
    /// A table of `n`-lane vectors (array type `arr`, initializer `init`) as an array of
    /// its lanes: (the flat array type, its initializer).
    fn flatten(&mut self, arr: Word, init: Word, n: u32, comp: Word) -> (Word, Word) {
        let m = self.m;
        let len = match m.types.get(&arr) {
            Some(SpvType::Array(_, l)) => m.constants.get(l).map_or(0, |c| c.1),
            _ => 0,
        };
        let uint = self.uint_type();
        let flat_len = self.int_constant(uint, len * n as u64);
        let flat = self.fresh();
        self.new_types.push(Instruction::new(
            Op::TypeArray,
            None,
            Some(flat),
            vec![Operand::IdRef(comp), Operand::IdRef(flat_len)],
        ));
        let def = |id: Word| {
            m.module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(id))
        };
        let mut null = None;
        let mut lanes = Vec::new();
        let elems: Vec<Word> = match def(init) {
            Some(i) if i.class.opcode == Op::ConstantComposite => (0..i.operands.len())
                .filter_map(|k| id_operand(i, k))
                .collect(),
            _ => vec![0; len as usize],
        };
        for e in elems {
            match def(e) {
                Some(i) if i.class.opcode == Op::ConstantComposite => lanes.extend(
                    (0..i.operands.len())
                        .filter_map(|k| id_operand(i, k))
                        .map(Operand::IdRef),
                ),
                _ => {
                    let z = *null.get_or_insert_with(|| {
                        let z = self.bound;
                        self.bound += 1;
                        self.new_types.push(Instruction::new(
                            Op::ConstantNull,
                            Some(comp),
                            Some(z),
                            vec![],
                        ));
                        z
                    });
                    lanes.extend((0..n).map(|_| Operand::IdRef(z)));
                }
            }
        }
        let flat_init = self.fresh();
        self.new_types.push(Instruction::new(
            Op::ConstantComposite,
            Some(flat),
            Some(flat_init),
            lanes,
        ));
        (flat, flat_init)
    }
}

/// Inserts a new type or variable after the last declaration it refers to, so every id is
/// declared before its use as SPIR-V requires.
fn place(decls: &mut Vec<Instruction>, new: Instruction) {
    let refs: Vec<Word> = new
        .result_type
        .into_iter()
        .chain(new.operands.iter().filter_map(|o| match o {
            Operand::IdRef(x) => Some(*x),
            _ => None,
        }))
        .collect();
    let after = decls
        .iter()
        .rposition(|d| d.result_id.is_some_and(|id| refs.contains(&id)))
        .map_or(0, |p| p + 1);
    decls.insert(after, new);
}
