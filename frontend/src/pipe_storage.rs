//! Program-scope pipes (SPIR-V 1.1 `PipeStorage`), which is how Intel's channels arrive: a
//! module-scope `OpConstantPipeStorage` (packet size, alignment, capacity), held in a
//! variable or used as it is, and kernels that take a pipe from it with
//! `OpCreatePipeFromPipeStorage`. Each kernel that does gets a pipe parameter in its
//! place, named after the storage, so the rest of the flow (and the software model)
//! sees a pipe argument: alone, a kernel's AXI4-Stream port; in a system, the writer's
//! and the reader's ends of one connection, as deep as the storage's capacity.

use crate::collectives::edit::Edit;
use crate::spirv::{id_operand, SpirvModule};
use crate::FrontendError;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{AccessQualifier, Op, Word};
use std::collections::HashMap;

/// A pipe a kernel takes from a program-scope storage: the parameter it became, whether
/// the kernel writes it, and the storage's capacity in packets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgramPipe {
    pub arg: String,
    pub write: bool,
    pub capacity: u32,
}

/// The module with every kernel's pipes from storage turned into parameters, and those
/// pipes by kernel; `None` when the module creates no pipe from storage.
pub fn as_parameters(
    bytes: &[u8],
) -> Result<Option<(Vec<u8>, HashMap<String, Vec<ProgramPipe>>)>, FrontendError> {
    let Some((bytes, capacities)) = take_constants(bytes) else {
        return Ok(None);
    };
    let m = SpirvModule::load(&bytes)?;
    let creates = |f: &rspirv::dr::Function| {
        f.blocks
            .iter()
            .flat_map(|b| b.instructions.iter())
            .any(|i| i.class.opcode == Op::CreatePipeFromPipeStorage)
    };
    if !m.module.functions.iter().any(creates) {
        return Ok(None);
    }
    let storages = storages(&m, &capacities);
    let kernels: HashMap<Word, String> = m.kernels.iter().map(|(n, id)| (*id, n.clone())).collect();
    let mut e = Edit {
        module: m.module.clone(),
        next: m.bound.max(1),
    };
    let mut out: HashMap<String, Vec<ProgramPipe>> = HashMap::new();
    for fi in 0..e.module.functions.len() {
        let f = &e.module.functions[fi];
        if !creates(f) {
            continue;
        }
        let fid = f.def.as_ref().and_then(|d| d.result_id).unwrap_or(0);
        let Some(kernel) = kernels.get(&fid).cloned() else {
            return Err(FrontendError::Unsupported {
                inst: "OpCreatePipeFromPipeStorage".into(),
                message: format!(
                    "function %{fid} creates a pipe from pipe storage: only a kernel may (pass the pipe to a helper instead)"
                ),
            });
        };
        let pipes = take_pipes(&mut e, fi, &storages, &m, &kernel)?;
        out.insert(kernel, pipes);
    }
    Ok(Some((e.bytes(), out)))
}

/// `OpConstantPipeStorage` at module scope, as llvm-spirv writes it, is read by rspirv
/// (and spirv-val) only inside a block: each becomes an `OpConstantNull` of its type
/// before the module is parsed, its capacity kept by result id. `None` when the module
/// has none.
fn take_constants(bytes: &[u8]) -> Option<(Vec<u8>, HashMap<Word, u32>)> {
    const CONSTANT_PIPE_STORAGE: u32 = 323;
    const CONSTANT_NULL: u32 = 46;
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut out: Vec<u32> = words.get(..5)?.to_vec();
    let mut capacities = HashMap::new();
    let mut at = 5;
    while at < words.len() {
        let (count, op) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if count == 0 || at + count > words.len() {
            return None;
        }
        let inst = &words[at..at + count];
        if op == CONSTANT_PIPE_STORAGE && count == 6 {
            capacities.insert(inst[2], inst[5]);
            out.extend([(3 << 16) | CONSTANT_NULL, inst[1], inst[2]]);
        } else {
            out.extend_from_slice(inst);
        }
        at += count;
    }
    (!capacities.is_empty()).then(|| {
        (
            out.iter().flat_map(|w| w.to_le_bytes()).collect(),
            capacities,
        )
    })
}

/// The module's pipe storages: each constant, and a variable it initializes (directly, or
/// as the one member of a struct, as llvm-spirv wraps it), with the storage's name (the
/// variable's, else the constant's) and capacity.
fn storages(m: &SpirvModule, capacities: &HashMap<Word, u32>) -> HashMap<Word, (String, u32)> {
    let name = |id: Word| {
        m.names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("pipe{id}"))
    };
    let mut out: HashMap<Word, (String, u32)> = capacities
        .iter()
        .map(|(id, c)| (*id, (name(*id), *c)))
        .collect();
    for i in &m.module.types_global_values {
        let Some(id) = i.result_id else { continue };
        let wraps = |i: &Instruction| id_operand(i, 0).and_then(|c| capacities.get(&c).copied());
        match i.class.opcode {
            Op::ConstantComposite if i.operands.len() == 1 => {
                if let Some(c) = wraps(i) {
                    out.insert(id, (name(id), c));
                }
            }
            Op::Variable => {
                if let Some((_, c)) = id_operand(i, 1).and_then(|init| out.get(&init).cloned()) {
                    out.insert(id, (name(id), c));
                }
            }
            _ => {}
        }
    }
    out
}

/// Kernel `fi`'s pipes from storage, each replaced by a new parameter of the pipe's type.
fn take_pipes(
    e: &mut Edit,
    fi: usize,
    storages: &HashMap<Word, (String, u32)>,
    m: &SpirvModule,
    kernel: &str,
) -> Result<Vec<ProgramPipe>, FrontendError> {
    // Values loaded from a storage's variable: which storage.
    let mut loaded: HashMap<Word, Word> = HashMap::new();
    let mut made: Vec<(Word, Word, Word)> = Vec::new(); // (pipe id, pipe type, storage)
    for b in &e.module.functions[fi].blocks {
        for i in &b.instructions {
            match i.class.opcode {
                // A storage's value, or a pointer into its struct: traced to the storage.
                Op::Load
                | Op::AccessChain
                | Op::InBoundsAccessChain
                | Op::PtrAccessChain
                | Op::InBoundsPtrAccessChain
                | Op::CompositeExtract => {
                    if let (Some(r), Some(p)) = (i.result_id, id_operand(i, 0)) {
                        if let Some(s) = storages
                            .contains_key(&p)
                            .then_some(p)
                            .or_else(|| loaded.get(&p).copied())
                        {
                            loaded.insert(r, s);
                        }
                    }
                }
                Op::CreatePipeFromPipeStorage => {
                    let src = id_operand(i, 0).unwrap_or(0);
                    let storage = loaded.get(&src).copied().unwrap_or(src);
                    if !storages.contains_key(&storage) {
                        return Err(FrontendError::Unsupported {
                            inst: format!("OpCreatePipeFromPipeStorage %{}", i.result_id.unwrap_or(0)),
                            message: format!(
                                "kernel '{kernel}': the storage is not a program-scope OpConstantPipeStorage"
                            ),
                        });
                    }
                    made.push((
                        i.result_id.unwrap_or(0),
                        i.result_type.unwrap_or(0),
                        storage,
                    ));
                }
                _ => {}
            }
        }
    }
    let mut pipes = Vec::new();
    let mut replace: HashMap<Word, Word> = HashMap::new();
    let mut param_of: HashMap<(Word, bool), Word> = HashMap::new();
    for (pipe, ty, storage) in made {
        let write = matches!(
            m.module.types_global_values.iter().find(|t| t.result_id == Some(ty)),
            Some(t) if t.operands.first() == Some(&Operand::AccessQualifier(AccessQualifier::WriteOnly))
        );
        let (name, capacity) = storages[&storage].clone();
        // One parameter per storage and direction, however many pipes the kernel makes.
        let param = match param_of.get(&(storage, write)) {
            Some(p) => *p,
            None => {
                if param_of.keys().any(|(s, _)| *s == storage) {
                    return Err(FrontendError::Unsupported {
                        inst: "OpCreatePipeFromPipeStorage".into(),
                        message: format!(
                            "kernel '{kernel}' both reads and writes program-scope pipe '{name}' (a pipe joins two kernels)"
                        ),
                    });
                }
                let p = e.fresh();
                e.module.functions[fi].parameters.push(Instruction::new(
                    Op::FunctionParameter,
                    Some(ty),
                    Some(p),
                    vec![],
                ));
                e.module.debug_names.push(Instruction::new(
                    Op::Name,
                    None,
                    None,
                    vec![Operand::IdRef(p), Operand::LiteralString(name.clone())],
                ));
                param_of.insert((storage, write), p);
                pipes.push(ProgramPipe {
                    arg: name,
                    write,
                    capacity,
                });
                p
            }
        };
        replace.insert(pipe, param);
    }
    let f = &mut e.module.functions[fi];
    for b in &mut f.blocks {
        b.instructions.retain(|i| {
            i.class.opcode != Op::CreatePipeFromPipeStorage
                && !i.result_id.is_some_and(|r| loaded.contains_key(&r))
        });
        for i in &mut b.instructions {
            for o in &mut i.operands {
                if let Operand::IdRef(id) = o {
                    if let Some(p) = replace.get(id) {
                        *o = Operand::IdRef(*p);
                    }
                }
            }
        }
    }
    // The function's type, with the new parameters' types after the old ones.
    let params: Vec<Word> = f.parameters.iter().filter_map(|p| p.result_type).collect();
    let ret = f.def.as_ref().and_then(|d| d.result_type).unwrap_or(0);
    let mut operands = vec![Operand::IdRef(ret)];
    operands.extend(params.into_iter().map(Operand::IdRef));
    let fn_type = e.declared(Op::TypeFunction, None, operands);
    if let Some(d) = e.module.functions[fi].def.as_mut() {
        if let Some(o) = d.operands.get_mut(1) {
            *o = Operand::IdRef(fn_type);
        }
    }
    Ok(pipes)
}
