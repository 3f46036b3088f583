//! The float controls of SPV_KHR_float_controls that the cores honour: which float widths
//! flush subnormals to zero (`OpExecutionMode %k DenormFlushToZero W`). Read here for the
//! frontend (kernel attributes) and the software model alike, so both see one answer; and
//! written here when the user asks for flushing on the command line (`--denormals flush`),
//! as the execution mode the module could have carried itself, so that everything
//! downstream — IR, cores, model, the kernel.spv written beside the RTL — reads it from the
//! module.

use crate::{FrontendError, SpirvModule};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{self, Word};

/// The widths the cores can flush: float and double.
pub const FLUSHABLE: [u32; 2] = [32, 64];

fn mode_of(inst: &Instruction, fid: Word) -> Option<(spirv::ExecutionMode, Option<u32>)> {
    match inst.operands.as_slice() {
        [Operand::IdRef(f), Operand::ExecutionMode(mode), rest @ ..] if *f == fid => Some((
            *mode,
            rest.iter().find_map(|o| match o {
                Operand::LiteralBit32(v) => Some(*v),
                _ => None,
            }),
        )),
        _ => None,
    }
}

/// The float widths whose subnormals kernel `fid` flushes (DenormFlushToZero), in the
/// order the module states them. A width the cores cannot flush (half) is an error that
/// names the instruction: OpenCL lets an implementation keep subnormals, so dropping the
/// mode is always an option.
pub fn flushed_widths(m: &SpirvModule, fid: Word) -> Result<Vec<u32>, FrontendError> {
    let mut widths = Vec::new();
    for inst in &m.module.execution_modes {
        let Some((spirv::ExecutionMode::DenormFlushToZero, w)) = mode_of(inst, fid) else {
            continue;
        };
        match w {
            Some(w) if FLUSHABLE.contains(&w) => {
                if !widths.contains(&w) {
                    widths.push(w);
                }
            }
            _ => {
                return Err(FrontendError::Unsupported {
                    inst: m.describe(inst),
                    message: format!(
                        "flushing subnormals of width {} (the cores flush float and double \
                         only; drop the mode to keep them, which OpenCL allows)",
                        w.map_or("?".into(), |w| w.to_string())
                    ),
                })
            }
        }
    }
    Ok(widths)
}

/// The module with every kernel flushing float and double subnormals: the execution mode
/// DenormFlushToZero 32 and 64 added where missing, with its capability and extension. A
/// kernel that asks to keep them (DenormPreserve) contradicts the request: an error.
pub fn request_flush(spirv_bytes: &[u8]) -> Result<Vec<u8>, FrontendError> {
    // Through the checked loader: rspirv's own parser panics on some malformed input.
    let mut module = SpirvModule::load(spirv_bytes)?.module;
    let kernels: Vec<(Word, String)> = module
        .entry_points
        .iter()
        .filter_map(|e| match e.operands.as_slice() {
            [Operand::ExecutionModel(spirv::ExecutionModel::Kernel), Operand::IdRef(f), Operand::LiteralString(n), ..] => {
                Some((*f, n.clone()))
            }
            _ => None,
        })
        .collect();
    let mut added = Vec::new();
    for (fid, name) in &kernels {
        for w in FLUSHABLE {
            let mut have = false;
            for inst in &module.execution_modes {
                match mode_of(inst, *fid) {
                    Some((spirv::ExecutionMode::DenormPreserve, Some(pw))) if pw == w => {
                        return Err(FrontendError::Unsupported {
                            inst: format!("OpExecutionMode %{fid} ({name}) DenormPreserve {w}"),
                            message: "the kernel keeps subnormals, and --denormals flush asks \
                                      to flush them: drop one of the two"
                                .into(),
                        });
                    }
                    Some((spirv::ExecutionMode::DenormFlushToZero, Some(fw))) if fw == w => {
                        have = true
                    }
                    _ => {}
                }
            }
            if !have {
                added.push(Instruction::new(
                    spirv::Op::ExecutionMode,
                    None,
                    None,
                    vec![
                        Operand::IdRef(*fid),
                        Operand::ExecutionMode(spirv::ExecutionMode::DenormFlushToZero),
                        Operand::LiteralBit32(w),
                    ],
                ));
            }
        }
    }
    module.execution_modes.extend(added);
    let has_cap = module.capabilities.iter().any(|c| {
        matches!(
            c.operands.first(),
            Some(Operand::Capability(spirv::Capability::DenormFlushToZero))
        )
    });
    if !has_cap {
        module.capabilities.push(Instruction::new(
            spirv::Op::Capability,
            None,
            None,
            vec![Operand::Capability(spirv::Capability::DenormFlushToZero)],
        ));
    }
    let ext = "SPV_KHR_float_controls";
    let has_ext = module
        .extensions
        .iter()
        .any(|e| matches!(e.operands.first(), Some(Operand::LiteralString(s)) if s == ext));
    if !has_ext {
        module.extensions.push(Instruction::new(
            spirv::Op::Extension,
            None,
            None,
            vec![Operand::LiteralString(ext.into())],
        ));
    }
    use rspirv::binary::Assemble;
    Ok(module
        .assemble()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect())
}

/// The module with every OpenCL.std `mad` split into a multiply and an add, each rounded
/// (`--mad unfused`). OpenCL lets `mad` round once or twice; the default is once, an fma
/// core, as clang's `llvm.fmuladd` means and as pocl computes it on a CPU with FMA. The
/// split is written into the module so that the IR, the model and the kernel.spv beside
/// the RTL all say the same thing. Decorations of the mad's result stay on the add.
pub fn split_mad(spirv_bytes: &[u8]) -> Result<Vec<u8>, FrontendError> {
    // Through the checked loader: rspirv's own parser panics on some malformed input.
    let mut module = SpirvModule::load(spirv_bytes)?.module;
    let std_sets: Vec<Word> = module
        .ext_inst_imports
        .iter()
        .filter(
            |i| matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "OpenCL.std"),
        )
        .filter_map(|i| i.result_id)
        .collect();
    let mad = spirv::OpenclStd100Op::mad as u32;
    let mut bound = module.header.as_ref().map_or(1, |h| h.bound);
    for block in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
    {
        let mut out = Vec::with_capacity(block.instructions.len());
        for inst in block.instructions.drain(..) {
            let is_mad = inst.class.opcode == spirv::Op::ExtInst
                && matches!(inst.operands.first(), Some(Operand::IdRef(s)) if std_sets.contains(s))
                && matches!(inst.operands.get(1), Some(Operand::LiteralExtInstInteger(n)) if *n == mad);
            match (is_mad, &inst.operands[..]) {
                (
                    true,
                    [_, _, a @ Operand::IdRef(_), b @ Operand::IdRef(_), c @ Operand::IdRef(_)],
                ) => {
                    let product = bound;
                    bound += 1;
                    out.push(Instruction::new(
                        spirv::Op::FMul,
                        inst.result_type,
                        Some(product),
                        vec![a.clone(), b.clone()],
                    ));
                    out.push(Instruction::new(
                        spirv::Op::FAdd,
                        inst.result_type,
                        inst.result_id,
                        vec![Operand::IdRef(product), c.clone()],
                    ));
                }
                _ => out.push(inst),
            }
        }
        block.instructions = out;
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = bound;
    }
    use rspirv::binary::Assemble;
    Ok(module
        .assemble()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect())
}
