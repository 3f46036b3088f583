//! The work-group size and the launch parameters left to specialization.

use super::{err, reflection, rules, Translator};
use crate::spirv::id_operand;
use crate::FrontendError;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, ExecutionMode, Op, StorageClass, Word};

impl Translator<'_> {
    /// The work-group size: LocalSizeId becomes LocalSize; a WorkgroupSize built-in
    /// constant fixes LocalSize unless its spec constants kept their defaults and no
    /// LocalSize says otherwise, in which case it is read at launch.
    pub(super) fn work_group_size(&mut self) -> Result<(), FrontendError> {
        let m = self.m;
        let value = |id: &Word| m.constants.get(id).map(|(_, v)| *v as u32);
        for e in &mut self.module.execution_modes {
            if matches!(
                e.operands.get(1),
                Some(Operand::ExecutionMode(ExecutionMode::LocalSizeId))
            ) {
                let xyz: Vec<u32> = e.operands[2..]
                    .iter()
                    .map(|o| match o {
                        Operand::IdRef(id) => value(id).unwrap_or(1),
                        _ => 1,
                    })
                    .collect();
                e.operands.truncate(1);
                e.operands
                    .push(Operand::ExecutionMode(ExecutionMode::LocalSize));
                e.operands
                    .extend(xyz.into_iter().map(Operand::LiteralBit32));
            }
        }
        // clspv's get_work_dim(): a spec constant (default 3) that the host would set.
        if let Some(spec) = reflection::work_dim_spec(m) {
            let constant = m.module.types_global_values.iter().find(|i| {
                i.result_id.is_some_and(|id| {
                    rules::literal(m, id, Decoration::SpecId) == Some(spec)
                        && self.defaulted.contains(&id)
                })
            });
            if let Some(c) = constant {
                self.read_at_launch(
                    c.result_id.unwrap_or(0),
                    c.result_type.unwrap_or(0),
                    BuiltIn::WorkDim,
                );
            }
        }
        let wgs = m.module.types_global_values.iter().find(|i| {
            i.result_id
                .is_some_and(|id| rules::builtin(m, id) == Some(BuiltIn::WorkgroupSize))
                && i.class.opcode != Op::Variable
        });
        let Some(wgs) = wgs else { return Ok(()) };
        let id = wgs.result_id.unwrap_or(0);
        let parts: Vec<Word> = (0..wgs.operands.len())
            .filter_map(|k| id_operand(wgs, k))
            .collect();
        let sized_by_mode = self.module.execution_modes.iter().any(|e| {
            matches!(
                e.operands.get(1),
                Some(Operand::ExecutionMode(ExecutionMode::LocalSize))
            )
        });
        if parts.iter().any(|p| self.defaulted.contains(p)) && !sized_by_mode {
            self.read_at_launch(id, wgs.result_type.unwrap_or(0), BuiltIn::WorkgroupSize);
            return Ok(());
        }
        let xyz: Option<Vec<u32>> = parts.iter().map(value).collect();
        let Some(xyz) = xyz.filter(|v| v.len() == 3) else {
            return Err(err(
                m.describe(wgs),
                "the WorkgroupSize built-in is not three known constants",
            ));
        };
        self.module.execution_modes.retain(|e| {
            !matches!(
                e.operands.get(1),
                Some(Operand::ExecutionMode(ExecutionMode::LocalSize))
            )
        });
        let entries: Vec<Word> = m
            .module
            .entry_points
            .iter()
            .filter_map(|e| id_operand(e, 1))
            .collect();
        for f in entries {
            let mut ops = vec![
                Operand::IdRef(f),
                Operand::ExecutionMode(ExecutionMode::LocalSize),
            ];
            ops.extend(xyz.iter().map(|v| Operand::LiteralBit32(*v)));
            self.module
                .execution_modes
                .push(Instruction::new(Op::ExecutionMode, None, None, ops));
        }
        Ok(())
    }

    /// Constant `id` of type `ty` becomes a read of built-in input `b` at launch.
    pub(super) fn read_at_launch(&mut self, id: Word, ty: Word, b: BuiltIn) {
        let ptr = self.pointer_type(StorageClass::Input, ty);
        let var = self.fresh();
        self.new_types.push(Instruction::new(
            Op::Variable,
            Some(ptr),
            Some(var),
            vec![Operand::StorageClass(StorageClass::Input)],
        ));
        self.module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![
                Operand::IdRef(var),
                Operand::Decoration(Decoration::BuiltIn),
                Operand::BuiltIn(b),
            ],
        ));
        self.runtime.push((id, var));
    }
}
