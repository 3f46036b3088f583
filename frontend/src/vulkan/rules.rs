//! The Vulkan environment's rules that a GLCompute module must keep before it is
//! translated, each named by its Valid Usage ID (Vulkan spec, "Validation Rules within a
//! Module"), the same ids `spirv-val --target-env vulkan1.1` prints.

use crate::spirv::{id_operand, SpirvModule};
use crate::FrontendError;
use rspirv::dr::Operand;
use rspirv::spirv::{
    AddressingModel, Decoration, ExecutionMode, ExecutionModel, MemoryModel, Op, StorageClass, Word,
};

fn broken(rule: &str, inst: String, message: impl Into<String>) -> FrontendError {
    FrontendError::Invalid {
        rule: format!("Vulkan environment, {rule}"),
        inst,
        message: message.into(),
    }
}

/// Checks what the translation relies on and a user can get wrong by hand or by tool.
pub fn check(m: &SpirvModule) -> Result<(), FrontendError> {
    if let Some(mm) = &m.module.memory_model {
        let addressing = match mm.operands.first() {
            Some(Operand::AddressingModel(a)) => *a,
            _ => AddressingModel::Logical,
        };
        let memory = match mm.operands.get(1) {
            Some(Operand::MemoryModel(x)) => *x,
            _ => MemoryModel::Simple,
        };
        let inst = format!("OpMemoryModel {addressing:?} {memory:?}");
        if !matches!(memory, MemoryModel::GLSL450 | MemoryModel::Vulkan) {
            return Err(broken(
                "SPIR-V environment appendix (Vulkan)",
                inst,
                "a Vulkan shader uses the GLSL450 or Vulkan memory model",
            ));
        }
        match addressing {
            AddressingModel::Logical => {}
            AddressingModel::PhysicalStorageBuffer64 => {
                return Err(FrontendError::Unsupported {
                    inst,
                    message: "buffer device addresses (PhysicalStorageBuffer64) are not built in hardware; bind the buffers as descriptors".into(),
                })
            }
            _ => {
                return Err(broken(
                    "SPIR-V environment appendix (Vulkan)",
                    inst,
                    "a Vulkan shader uses Logical addressing",
                ))
            }
        }
    }
    let mut computes = 0;
    for ep in &m.module.entry_points {
        let (Some(Operand::ExecutionModel(model)), Some(f)) =
            (ep.operands.first(), id_operand(ep, 1))
        else {
            continue;
        };
        let name = match ep.operands.get(2) {
            Some(Operand::LiteralString(s)) => s.clone(),
            _ => String::new(),
        };
        if *model != ExecutionModel::GLCompute {
            return Err(FrontendError::Unsupported {
                inst: format!("OpEntryPoint {model:?} %{f} \"{name}\""),
                message: "only compute shaders (GLCompute) become hardware".into(),
            });
        }
        computes += 1;
        let sized = m.module.execution_modes.iter().any(|i| {
            id_operand(i, 0) == Some(f)
                && matches!(
                    i.operands.get(1),
                    Some(Operand::ExecutionMode(
                        ExecutionMode::LocalSize | ExecutionMode::LocalSizeId
                    ))
                )
        }) || m.module.types_global_values.iter().any(|i| {
            i.result_id
                .is_some_and(|id| builtin(m, id) == Some(rspirv::spirv::BuiltIn::WorkgroupSize))
        });
        if !sized {
            return Err(broken(
                "VUID-StandaloneSpirv-LocalSize-06426",
                format!("OpEntryPoint GLCompute %{f} \"{name}\""),
                "a compute entry point needs LocalSize, LocalSizeId or a WorkgroupSize built-in",
            ));
        }
    }
    if computes == 0 {
        return Err(broken(
            "SPIR-V environment appendix (Vulkan)",
            "module".into(),
            "no OpEntryPoint GLCompute: nothing to compile",
        ));
    }
    for v in m
        .module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Variable)
    {
        let (Some(id), Some(Operand::StorageClass(sc))) = (v.result_id, v.operands.first()) else {
            continue;
        };
        let inst = m.describe(v);
        match sc {
            StorageClass::StorageBuffer | StorageClass::Uniform => {
                let (set, binding) = (
                    literal(m, id, Decoration::DescriptorSet),
                    literal(m, id, Decoration::Binding),
                );
                let (Some(_), Some(_)) = (set, binding) else {
                    return Err(broken(
                        "VUID-StandaloneSpirv-UniformConstant-06677",
                        inst,
                        format!(
                            "a {sc:?} variable must have DescriptorSet and Binding decorations"
                        ),
                    ));
                };
                let block = pointee(m, v.result_type).is_some_and(|t| {
                    m.has_decoration(t, Decoration::Block)
                        || m.has_decoration(t, Decoration::BufferBlock)
                });
                if !block {
                    return Err(broken(
                        "VUID-StandaloneSpirv-Uniform-06676",
                        inst,
                        format!("a {sc:?} variable must point to a struct decorated Block or BufferBlock"),
                    ));
                }
            }
            StorageClass::PushConstant
                if !pointee(m, v.result_type)
                    .is_some_and(|t| m.has_decoration(t, Decoration::Block)) =>
            {
                return Err(broken(
                    "VUID-StandaloneSpirv-PushConstant-06675",
                    inst,
                    "a PushConstant variable must point to a struct decorated Block",
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The pointee of pointer type `ty`.
pub fn pointee(m: &SpirvModule, ty: Option<Word>) -> Option<Word> {
    match m.types.get(&ty?)? {
        crate::spirv::SpvType::Pointer(_, t) => Some(*t),
        _ => None,
    }
}

/// The first literal of decoration `d` on `id`.
pub fn literal(m: &SpirvModule, id: Word, d: Decoration) -> Option<u32> {
    m.decorations
        .get(&id)?
        .iter()
        .find_map(|(x, ops)| match (x == &d, ops.first()) {
            (true, Some(Operand::LiteralBit32(v))) => Some(*v),
            _ => None,
        })
}

/// The BuiltIn decoration on `id`, whatever `id` is (Vulkan puts WorkgroupSize on a constant).
pub fn builtin(m: &SpirvModule, id: Word) -> Option<rspirv::spirv::BuiltIn> {
    m.decorations
        .get(&id)?
        .iter()
        .find_map(|(x, ops)| match (x, ops.first()) {
            (Decoration::BuiltIn, Some(Operand::BuiltIn(b))) => Some(*b),
            _ => None,
        })
}
