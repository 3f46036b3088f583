//! clspv's `NonSemantic.ClspvReflection` instructions: which OpenCL argument each Vulkan
//! resource was, under what name and ordinal. clspv puts them after the functions; the
//! loader sets them aside (`SpirvModule::module_debug`) and they are read here.
//! Instruction numbers and operand orders: the NonSemantic.ClspvReflection grammar
//! (Kernel = 1, ArgumentInfo = 2, ArgumentStorageBuffer = 3, ArgumentUniform = 4,
//! ArgumentPodStorageBuffer = 5, ArgumentPodUniform = 6, ArgumentPodPushConstant = 7,
//! ArgumentWorkgroup = 11, SpecConstantWorkgroupSize = 12).

use crate::spirv::SpirvModule;
use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};
use std::collections::HashMap;

/// Where an OpenCL argument went.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    /// A storage buffer (or uniform) at this descriptor set and binding.
    Buffer { set: u32, binding: u32 },
    /// Bytes [offset, offset + size) of the push-constant block.
    PushConstant { offset: u32, size: u32 },
    /// A `__local` pointer: a Workgroup array sized by this SpecId.
    Workgroup { spec_id: u32 },
    /// Another kind of argument (images, samplers, POD in buffers): refused by name.
    Other(&'static str),
}

#[derive(Debug, Clone)]
pub struct Argument {
    pub ordinal: u32,
    pub name: Option<String>,
    pub place: Place,
}

/// The reflected arguments of each kernel, by entry function id (empty for other producers).
pub fn arguments(m: &SpirvModule) -> HashMap<Word, Vec<Argument>> {
    let strings: HashMap<Word, String> = m
        .module
        .debug_string_source
        .iter()
        .filter(|i| i.class.opcode == Op::String)
        .filter_map(|i| match i.operands.first() {
            Some(Operand::LiteralString(s)) => Some((i.result_id?, s.clone())),
            _ => None,
        })
        .collect();
    let value = |id: &u32| m.constants.get(id).map(|(_, v)| *v as u32);
    // Result id -> kernel function (Kernel), or -> name (ArgumentInfo).
    let mut kernels: HashMap<Word, Word> = HashMap::new();
    let mut infos: HashMap<Word, String> = HashMap::new();
    let mut out: HashMap<Word, Vec<Argument>> = HashMap::new();
    for words in &m.module_debug {
        // [count|OpExtInst, result type, result id, set, instruction, operands...]
        let (Some(&id), Some(&inst)) = (words.get(2), words.get(4)) else {
            continue;
        };
        let ops = &words[5.min(words.len())..];
        match inst {
            1 => {
                if let Some(f) = ops.first() {
                    kernels.insert(id, *f);
                }
            }
            2 => {
                if let Some(name) = ops.first().and_then(|s| strings.get(s)) {
                    infos.insert(id, name.clone());
                }
            }
            3..=7 | 11 if ops.len() >= 2 => {
                let (Some(&func), Some(ordinal)) = (kernels.get(&ops[0]), value(&ops[1])) else {
                    continue;
                };
                let lit = |k: usize| ops.get(k).and_then(value);
                let (place, info_at) = match inst {
                    3 | 4 => (
                        Place::Buffer { set: lit(2).unwrap_or(0), binding: lit(3).unwrap_or(0) },
                        4,
                    ),
                    7 => (
                        Place::PushConstant { offset: lit(2).unwrap_or(0), size: lit(3).unwrap_or(0) },
                        4,
                    ),
                    11 => (Place::Workgroup { spec_id: lit(2).unwrap_or(0) }, 4),
                    5 => (Place::Other("a POD argument in a storage buffer (clspv -pod-ubo/-pod-pushconstant off)"), 6),
                    _ => (Place::Other("a POD argument in a uniform buffer"), 6),
                };
                let name = ops.get(info_at).and_then(|i| infos.get(i)).cloned();
                out.entry(func).or_default().push(Argument {
                    ordinal,
                    name,
                    place,
                });
            }
            _ => {}
        }
    }
    for args in out.values_mut() {
        args.sort_by_key(|a| a.ordinal);
    }
    out
}

/// The SpecId clspv gives get_work_dim() (SpecConstantWorkDim = 14), if the module has one.
pub fn work_dim_spec(m: &SpirvModule) -> Option<u32> {
    m.module_debug
        .iter()
        .find_map(|w| match (w.get(4), w.get(5)) {
            (Some(14), Some(id)) => m.constants.get(id).map(|(_, v)| *v as u32),
            _ => None,
        })
}
