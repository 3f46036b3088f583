//! Vulkan compute input: a GLCompute module (glslang, clspv, any producer) is translated
//! into the OpenCL kernel environment the rest of the flow reads, so the model and the
//! hardware see one module and one interface convention:
//!
//! - a `StorageBuffer`/`Uniform` block holding one array (runtime-sized or not) becomes a
//!   `global T *` argument (an AXI4 master), named by clspv's reflection, else by the GLSL
//!   instance name, else by the array member's name, else `set<S>_binding<B>`;
//! - a push-constant block, or a uniform block of scalars, becomes one scalar argument per
//!   member (control registers), named by the reflection or the member names;
//! - clspv's `__local` pointer arguments (Workgroup arrays sized by a spec constant) become
//!   `local T *` arguments again, sized at launch as OpenCL's are;
//! - built-in inputs read through access chains become loads and extracts; a work-group size
//!   left to specialization (clspv's default) is read at launch, as OpenCL's `get_local_size`;
//! - GLSL.std.450 becomes OpenCL.std (`glsl.rs`).
//!
//! Arguments are ordered by clspv's ordinals, else by (set, binding) with push constants
//! last. Vulkan assumes distinct descriptors do not alias unless decorated Aliased (SPIR-V
//! §2.18.2), so buffers get NoAlias. The rules the translation relies on are checked first
//! and named (`rules.rs`).

pub mod glsl;
pub mod reflection;
mod rules;

use crate::spirv::{id_operand, SpirvModule};
use crate::FrontendError;
use reflection::{Argument, Place};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Capability, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Whether the module is a shader module (declares the Shader capability).
pub fn is_shader(m: &SpirvModule) -> bool {
    m.module.capabilities.iter().any(|i| {
        matches!(
            i.operands.first(),
            Some(Operand::Capability(Capability::Shader))
        )
    })
}

/// The module translated into the OpenCL environment, or `None` when it is not a shader
/// module. `defaulted`: spec constants that kept their defaults (`specialize`).
/// `only`: the kernel to build; the other entry points (and what only they use) are left
/// out, so one kernel's unsupported construct does not stop its neighbours.
pub fn translate(
    bytes: &[u8],
    defaulted: &HashSet<Word>,
    only: Option<&str>,
) -> Result<Option<Translated>, FrontendError> {
    let m = SpirvModule::parse(bytes)?;
    if !is_shader(&m) {
        return Ok(None);
    }
    rules::check(&m)?;
    let mut t = Translator::new(&m, defaulted);
    t.run(only)?;
    use rspirv::binary::Assemble;
    Ok(Some(Translated {
        spirv: t
            .module
            .assemble()
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect(),
        origins: t.origins,
    }))
}

/// A translated module and, per kernel, where each argument came from.
pub struct Translated {
    pub spirv: Vec<u8>,
    /// Kernel name -> (argument, "set 0 binding 1" / "push constant, byte 4" / …).
    pub origins: HashMap<String, Vec<(String, String)>>,
}

/// What a module-level variable becomes.
#[derive(Clone)]
enum Resource {
    /// A block of one array: a buffer argument (indices from the variable start with the
    /// member, 0).
    Buffer {
        elem: Word,
        set: u32,
        binding: u32,
        name: String,
        writable: bool,
        aliased: bool,
    },
    /// Scalars read by value: one argument per leaf.
    Pod {
        leaves: Vec<Leaf>,
        set: Option<(u32, u32)>,
    },
    /// A Workgroup array passed as a `local T *` argument (clspv's `__local` arguments).
    Local {
        elem: Word,
        name: String,
        spec_id: u32,
    },
    /// A read-only value: a built-in input (loaded once per function) or a Private
    /// scalar or vector with a constant initializer that is never stored to.
    Value,
    /// A Private array or struct with a constant initializer, never stored to (clspv's
    /// lookup tables): an OpenCL `constant` array, a ROM.
    Table,
}

#[derive(Clone)]
struct Leaf {
    path: Vec<u32>,
    ty: Word,
    offset: u32,
    name: String,
}

/// An access chain into a translated variable: its root and the indices from it.
#[derive(Clone)]
struct Chain {
    var: Word,
    indices: Vec<Word>,
}

struct Translator<'a> {
    m: &'a SpirvModule,
    module: Module,
    bound: Word,
    defaulted: &'a HashSet<Word>,
    resources: HashMap<Word, Resource>,
    /// Constant values of Private variables and built-in WorkgroupSize constants.
    initial: HashMap<Word, Word>,
    reflected: HashMap<Word, Vec<Argument>>,
    /// Pointer types by (storage class, pointee), made on demand.
    pointer_types: HashMap<(StorageClass, Word), Word>,
    new_types: Vec<Instruction>,
    opencl_std: Option<Word>,
    /// Launch parameters left to specialization (clspv's work-group size and work_dim)
    /// are read at launch: (the constant, the Input variable that replaces it).
    runtime: Vec<(Word, Word)>,
    origins: HashMap<String, Vec<(String, String)>>,
    /// Constant tables of vectors, kept as flat arrays of their lanes (on-chip memories
    /// hold scalars): table -> (lanes, component type).
    flat_tables: HashMap<Word, (u32, Word)>,
    /// Capabilities the new types need (Float16, Int16 for unpackHalf2x16's halves).
    capabilities: Vec<Capability>,
}

fn err(inst: String, message: impl Into<String>) -> FrontendError {
    FrontendError::Unsupported {
        inst,
        message: message.into(),
    }
}

impl<'a> Translator<'a> {
    fn new(m: &'a SpirvModule, defaulted: &'a HashSet<Word>) -> Self {
        let mut pointer_types = HashMap::new();
        for i in &m.module.types_global_values {
            if let (Op::TypePointer, Some(id), Some(Operand::StorageClass(sc)), Some(t)) = (
                i.class.opcode,
                i.result_id,
                i.operands.first(),
                id_operand(i, 1),
            ) {
                pointer_types.entry((opencl_class(*sc), t)).or_insert(id);
            }
        }
        Translator {
            m,
            module: m.module.clone(),
            bound: m.bound,
            defaulted,
            resources: HashMap::new(),
            initial: HashMap::new(),
            reflected: reflection::arguments(m),
            pointer_types,
            new_types: Vec::new(),
            opencl_std: None,
            runtime: Vec::new(),
            origins: HashMap::new(),
            flat_tables: HashMap::new(),
            capabilities: Vec::new(),
        }
    }

    fn fresh(&mut self) -> Word {
        self.bound += 1;
        self.bound - 1
    }

    fn run(&mut self, only: Option<&str>) -> Result<(), FrontendError> {
        self.classify()?;
        self.work_group_size()?;
        let mut entries: Vec<(Word, String)> = self
            .m
            .module
            .entry_points
            .iter()
            .filter_map(|e| {
                let name = match e.operands.get(2) {
                    Some(Operand::LiteralString(s)) => s.clone(),
                    _ => String::new(),
                };
                Some((id_operand(e, 1)?, name))
            })
            .collect();
        let reach = self.reach();
        if let Some(name) = only.filter(|n| entries.iter().any(|(_, e)| e == n)) {
            entries.retain(|(_, e)| e == name);
            let f = entries[0].0;
            let keep: HashSet<Word> = reach.get(&f).cloned().unwrap_or_default();
            self.module
                .entry_points
                .retain(|e| id_operand(e, 1) == Some(f));
            self.module
                .execution_modes
                .retain(|e| id_operand(e, 0) == Some(f));
            self.module.functions.retain(|g| {
                g.def
                    .as_ref()
                    .and_then(|d| d.result_id)
                    .is_some_and(|id| id == f || keep.contains(&id))
            });
        }
        let live: HashSet<Word> = entries
            .iter()
            .flat_map(|(f, _)| reach.get(f).cloned().unwrap_or_default())
            .collect();
        let stored = self.stored_variables();
        for (var, r) in &self.resources {
            if matches!(r, Resource::Pod { .. } | Resource::Value | Resource::Table)
                && stored.contains(var)
                && live.contains(var)
            {
                return Err(FrontendError::Invalid {
                    rule: "SPIR-V §3.7 Storage Class: PushConstant, Uniform and Input variables are read-only".into(),
                    inst: format!("%{var} ({})", self.m.names.get(var).map_or("", |s| s.as_str())),
                    message: "a push constant, uniform or built-in input is written".into(),
                });
            }
        }
        let mut params_of: HashMap<Word, Vec<Param>> = HashMap::new();
        for (f, name) in &entries {
            let used = reach.get(f).cloned().unwrap_or_default();
            let params = self.parameters(*f, name, &used)?;
            let origins = params
                .iter()
                .map(|p| (p.name.clone(), self.origin(p)))
                .collect();
            self.origins.insert(name.clone(), origins);
            params_of.insert(*f, params);
        }
        let functions = std::mem::take(&mut self.module.functions);
        let mut out = Vec::new();
        for mut func in functions {
            let fid = func.def.as_ref().and_then(|d| d.result_id).unwrap_or(0);
            // A helper sees the arguments of the kernel that calls it (the inliner copies
            // it in there); one that several kernels call must not touch their resources.
            let callers: Vec<Word> = entries
                .iter()
                .filter(|(e, _)| reach.get(e).is_some_and(|r| r.contains(&fid)))
                .map(|(e, _)| *e)
                .collect();
            let touches = func.all_inst_iter().any(|i| {
                i.operands
                    .iter()
                    .any(|o| matches!(o, Operand::IdRef(x) if self.resources.contains_key(x)))
            });
            if !params_of.contains_key(&fid) && callers.len() > 1 && touches {
                return Err(err(
                    format!("function %{fid} ({})", self.name_of(fid)),
                    "a helper that several kernels call reads their buffers or push constants; inline it (spirv-opt --inline-entry-points-exhaustive)",
                ));
            }
            let params = params_of
                .get(&fid)
                .or_else(|| callers.first().and_then(|c| params_of.get(c)))
                .cloned()
                .unwrap_or_default();
            self.function(&mut func, &params)?;
            if let Some(ps) = params_of.get(&fid) {
                self.signature(&mut func, ps);
            }
            out.push(func);
        }
        self.module.functions = out;
        self.module_level();
        if let Some(h) = self.module.header.as_mut() {
            h.bound = self.bound;
        }
        Ok(())
    }

    /// For each function, the ids it and the functions it calls refer to (so, the
    /// resources a kernel uses and the helpers it calls).
    fn reach(&self) -> HashMap<Word, HashSet<Word>> {
        let direct: HashMap<Word, HashSet<Word>> = self
            .m
            .module
            .functions
            .iter()
            .filter_map(|f| {
                let id = f.def.as_ref()?.result_id?;
                let refs = f
                    .all_inst_iter()
                    .flat_map(|i| i.operands.iter())
                    .filter_map(|o| match o {
                        Operand::IdRef(x) => Some(*x),
                        _ => None,
                    })
                    .collect();
                Some((id, refs))
            })
            .collect();
        let mut out = HashMap::new();
        for f in direct.keys() {
            let mut seen: HashSet<Word> = HashSet::new();
            let mut work = vec![*f];
            let mut all = HashSet::new();
            while let Some(g) = work.pop() {
                if !seen.insert(g) {
                    continue;
                }
                for x in direct.get(&g).into_iter().flatten() {
                    all.insert(*x);
                    if direct.contains_key(x) {
                        work.push(*x);
                    }
                }
            }
            out.insert(*f, all);
        }
        out
    }

    /// Where argument `p` lives in the Vulkan interface, for reports.
    fn origin(&self, p: &Param) -> String {
        match (self.resources.get(&p.var), p.leaf) {
            (Some(Resource::Buffer { set, binding, .. }), _) => {
                format!("set {set} binding {binding}")
            }
            (Some(Resource::Pod { leaves, set: None }), Some(k)) => {
                format!("push constant, byte {}", leaves[k].offset)
            }
            (
                Some(Resource::Pod {
                    leaves,
                    set: Some((s, b)),
                }),
                Some(k),
            ) => {
                format!(
                    "uniform block set {s} binding {b}, byte {}",
                    leaves[k].offset
                )
            }
            (Some(Resource::Local { spec_id, .. }), _) => {
                format!("workgroup array sized by SpecId {spec_id}")
            }
            _ => String::new(),
        }
    }
}

/// A kernel argument made from a resource.
#[derive(Clone)]
struct Param {
    id: Word,
    ty: Word,
    name: String,
    /// The resource and, for a by-value leaf, which one.
    var: Word,
    leaf: Option<usize>,
    no_write: bool,
    no_alias: bool,
}

mod body;
mod declare;
mod expand;
mod launch;
mod module;
mod params;
mod resources;
mod values;

/// The storage class a Vulkan pointer has in the OpenCL environment.
fn opencl_class(sc: StorageClass) -> StorageClass {
    match sc {
        StorageClass::StorageBuffer
        | StorageClass::Uniform
        | StorageClass::PhysicalStorageBuffer => StorageClass::CrossWorkgroup,
        StorageClass::PushConstant => StorageClass::Function,
        other => other,
    }
}
