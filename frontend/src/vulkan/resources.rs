//! What each module-level variable becomes (buffer, by-value block, local argument,
//! built-in value, constant table), with its names, and which functions reach it.

use super::{err, rules, Leaf, Place, Resource, Translator};
use crate::spirv::{id_operand, SpvType};
use crate::FrontendError;
use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

impl Translator<'_> {
    /// Sorts every module-level variable into what it becomes.
    pub(super) fn classify(&mut self) -> Result<(), FrontendError> {
        let m = self.m;
        for v in m
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
        {
            let (Some(id), Some(Operand::StorageClass(sc))) = (v.result_id, v.operands.first())
            else {
                continue;
            };
            let Some(ty) = rules::pointee(m, v.result_type) else {
                continue;
            };
            let inst = m.describe(v);
            let r = match sc {
                StorageClass::StorageBuffer | StorageClass::Uniform => {
                    let set = rules::literal(m, id, Decoration::DescriptorSet).unwrap_or(0);
                    let binding = rules::literal(m, id, Decoration::Binding).unwrap_or(0);
                    self.block(id, ty, *sc, set, binding, &inst)?
                }
                StorageClass::PushConstant => Resource::Pod {
                    leaves: self.leaves(ty, &inst)?,
                    set: None,
                },
                StorageClass::Input => Resource::Value,
                StorageClass::Private => match id_operand(v, 1) {
                    Some(_)
                        if matches!(
                            m.types.get(&ty),
                            Some(SpvType::Array(..) | SpvType::Struct(_))
                        ) =>
                    {
                        // (A table past 2^20 lanes is left as it is: no FPGA ROM holds it.)
                        if let Some(SpvType::Array(e, len)) = m.types.get(&ty) {
                            let lanes = m.constants.get(len).map_or(u64::MAX, |c| c.1);
                            if let (Some(SpvType::Vector(c, n)), true) =
                                (m.types.get(e), lanes <= 1 << 20)
                            {
                                self.flat_tables.insert(id, (*n, *c));
                            }
                        }
                        Resource::Table
                    }
                    Some(init) => {
                        self.initial.insert(id, init);
                        Resource::Value
                    }
                    None => continue,
                },
                StorageClass::Workgroup => match self.local_argument(ty) {
                    Some((elem, spec_id)) => {
                        let name = self
                            .reflected
                            .values()
                            .flatten()
                            .find(|a| a.place == Place::Workgroup { spec_id })
                            .and_then(|a| a.name.clone())
                            .unwrap_or_else(|| format!("local_spec{spec_id}"));
                        Resource::Local {
                            elem,
                            name,
                            spec_id,
                        }
                    }
                    None => continue,
                },
                StorageClass::UniformConstant => {
                    return Err(err(
                        inst,
                        "images, samplers and other opaque resources are not built in hardware",
                    ))
                }
                _ => continue,
            };
            self.resources.insert(id, r);
        }
        Ok(())
    }

    /// A StorageBuffer/Uniform block: a buffer when it holds one array, scalars by value
    /// when it is a uniform block of scalars.
    pub(super) fn block(
        &self,
        var: Word,
        ty: Word,
        sc: StorageClass,
        set: u32,
        binding: u32,
        inst: &str,
    ) -> Result<Resource, FrontendError> {
        let m = self.m;
        let Some(SpvType::Struct(members)) = m.types.get(&ty) else {
            return Err(err(
                inst.into(),
                "a buffer variable that does not point to a block struct",
            ));
        };
        let array = |t: &Word| match m.types.get(t) {
            Some(SpvType::Array(e, _)) => Some(*e),
            Some(SpvType::Other("TypeRuntimeArray")) => m
                .module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(*t))
                .and_then(|i| id_operand(i, 0)),
            _ => None,
        };
        let writable_member = |k: u32| {
            !m.member_decorations
                .get(&(ty, k))
                .is_some_and(|d| d.iter().any(|(x, _)| *x == Decoration::NonWritable))
        };
        match (members.as_slice(), sc) {
            ([only], _) if array(only).is_some() => {
                let elem = array(only).unwrap_or(0);
                let stride = rules::literal(m, *only, Decoration::ArrayStride);
                let size = m.type_size(elem);
                if stride.is_some() && stride.map(u64::from) != size {
                    return Err(err(
                        inst.into(),
                        format!(
                            "the array's stride is {} bytes but its {}-byte elements are packed in OpenCL's layout; use std430 (scalar arrays of stride = size)",
                            stride.unwrap_or(0),
                            size.unwrap_or(0)
                        ),
                    ));
                }
                let name = self.reflected_name(set, binding).unwrap_or_else(|| {
                    let instance = self.name_of(var);
                    if !instance.is_empty() {
                        instance
                    } else {
                        m.member_names
                            .get(&(ty, 0))
                            .filter(|s| !s.is_empty())
                            .cloned()
                            .unwrap_or_else(|| format!("set{set}_binding{binding}"))
                    }
                });
                Ok(Resource::Buffer {
                    elem,
                    set,
                    binding,
                    name,
                    writable: writable_member(0) && !m.has_decoration(var, Decoration::NonWritable),
                    aliased: m.has_decoration(var, Decoration::Aliased),
                })
            }
            (_, StorageClass::Uniform) => Ok(Resource::Pod { leaves: self.leaves(ty, inst)?, set: Some((set, binding)) }),
            _ => Err(err(
                inst.into(),
                "a storage buffer becomes one AXI4 master when its block holds exactly one array (`buffer B { float x[]; }`); split the other members into buffers or push constants",
            )),
        }
    }

    /// The scalar leaves of a by-value block, with their byte offsets and names.
    pub(super) fn leaves(&self, ty: Word, inst: &str) -> Result<Vec<Leaf>, FrontendError> {
        let mut out = Vec::new();
        self.walk_leaves(ty, Vec::new(), 0, String::new(), inst, &mut out, 0)?;
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn walk_leaves(
        &self,
        ty: Word,
        path: Vec<u32>,
        offset: u32,
        name: String,
        inst: &str,
        out: &mut Vec<Leaf>,
        depth: u32,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        if depth > 8 {
            return Err(err(inst.into(), "by-value blocks nested more than 8 deep"));
        }
        match m.types.get(&ty) {
            Some(SpvType::Struct(members)) => {
                for (k, mt) in members.iter().enumerate() {
                    let k = k as u32;
                    let off = m
                        .member_decorations
                        .get(&(ty, k))
                        .and_then(|d| {
                            d.iter().find_map(|(x, o)| match (x, o.first()) {
                                (Decoration::Offset, Some(Operand::LiteralBit32(v))) => Some(*v),
                                _ => None,
                            })
                        })
                        .unwrap_or(0);
                    let member = m.member_names.get(&(ty, k)).filter(|s| !s.is_empty()).cloned().unwrap_or_else(|| format!("m{k}"));
                    let leaf_name = if name.is_empty() { member } else { format!("{name}_{member}") };
                    let mut p = path.clone();
                    p.push(k);
                    self.walk_leaves(*mt, p, offset + off, leaf_name, inst, out, depth + 1)?;
                }
                Ok(())
            }
            Some(SpvType::Int(_) | SpvType::Float(_) | SpvType::Bool) => {
                out.push(Leaf { path, ty, offset, name });
                Ok(())
            }
            _ => Err(err(
                inst.into(),
                format!("member '{name}' of a push-constant or uniform block is not a scalar; scalar members become control registers (vectors and arrays there are not supported yet)"),
            )),
        }
    }

    /// A Workgroup array whose length is a specialization constant that clspv's reflection
    /// names as a `__local` argument: (element type, SpecId).
    pub(super) fn local_argument(&self, ty: Word) -> Option<(Word, u32)> {
        let SpvType::Array(elem, len) = self.m.types.get(&ty)? else {
            return None;
        };
        let spec_id = rules::literal(self.m, *len, Decoration::SpecId)?;
        self.reflected
            .values()
            .flatten()
            .any(|a| a.place == Place::Workgroup { spec_id })
            .then_some((*elem, spec_id))
    }

    pub(super) fn reflected_name(&self, set: u32, binding: u32) -> Option<String> {
        self.reflected
            .values()
            .flatten()
            .find(|a| a.place == Place::Buffer { set, binding })
            .and_then(|a| a.name.clone())
    }

    pub(super) fn name_of(&self, id: Word) -> String {
        self.m.names.get(&id).cloned().unwrap_or_default()
    }

    /// Variables some instruction stores to, copies into or modifies atomically.
    pub(super) fn stored_variables(&self) -> HashSet<Word> {
        let mut roots: HashMap<Word, Word> = HashMap::new();
        let mut out = HashSet::new();
        for inst in self
            .m
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter())
            .flat_map(|b| b.instructions.iter())
        {
            let root =
                |id: Word, roots: &HashMap<Word, Word>| roots.get(&id).copied().unwrap_or(id);
            match inst.class.opcode {
                Op::AccessChain
                | Op::InBoundsAccessChain
                | Op::PtrAccessChain
                | Op::InBoundsPtrAccessChain => {
                    if let (Some(r), Some(b)) = (inst.result_id, id_operand(inst, 0)) {
                        roots.insert(r, root(b, &roots));
                    }
                }
                Op::Store | Op::CopyMemory | Op::CopyMemorySized => {
                    if let Some(p) = id_operand(inst, 0) {
                        out.insert(root(p, &roots));
                    }
                }
                op if format!("{op:?}").starts_with("Atomic") && op != Op::AtomicLoad => {
                    if let Some(p) = id_operand(inst, 0) {
                        out.insert(root(p, &roots));
                    }
                }
                _ => {}
            }
        }
        out
    }
}
