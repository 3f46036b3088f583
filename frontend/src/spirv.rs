//! Loading a SPIR-V module and checking it against the OpenCL environment's basic rules
//! (OpenCL SPIR-V environment spec §4). Shared by the lowering and by the software model,
//! which both need the same view of names, types, constants and decorations.

use crate::FrontendError;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv;
use rspirv::spirv::{Decoration, Op, Word};
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq)]
pub enum SpvType {
    Void,
    Bool,
    Int(u32),
    Float(u32),
    Vector(Word, u32),
    Pointer(spirv::StorageClass, Word),
    Array(Word, Word),
    Struct(Vec<Word>),
    Function,
    /// OpTypePipe: true for a write-only pipe.
    Pipe(bool),
    Other(&'static str),
}

/// A parsed, environment-checked module with the lookup tables every consumer needs.
pub struct SpirvModule {
    pub module: Module,
    pub names: HashMap<Word, String>,
    pub decorations: HashMap<Word, Vec<(Decoration, Vec<Operand>)>>,
    /// OpMemberName: (struct type, member) -> name.
    pub member_names: HashMap<(Word, u32), String>,
    /// OpMemberDecorate: (struct type, member) -> decorations.
    pub member_decorations: HashMap<(Word, u32), Vec<(Decoration, Vec<Operand>)>>,
    pub types: HashMap<Word, SpvType>,
    /// Scalar constants: result id -> (type id, bits).
    pub constants: HashMap<Word, (Word, u64)>,
    /// Input variables decorated BuiltIn.
    pub builtins: HashMap<Word, spirv::BuiltIn>,
    /// Entry points with execution model Kernel: name -> function id.
    pub kernels: Vec<(String, Word)>,
    pub address_bits: u32,
    pub bound: Word,
    /// Module-level instructions of debug and NonSemantic.* sets (line tables, clspv's
    /// reflection), as words: kept for reports, never executed.
    pub module_debug: Vec<Vec<u32>>,
    /// OpString: the file names OpLine refers to (and the translator's kernel_arg_type
    /// records).
    pub strings: HashMap<Word, String>,
}

impl SpirvModule {
    /// Whether `inst` is an OpExtInst of a set without semantics (debug information,
    /// NonSemantic.*), which both the lowering and the model pass over.
    pub fn is_nonsemantic(&self, inst: &rspirv::dr::Instruction) -> bool {
        inst.class.opcode == Op::ExtInst
            && matches!(inst.operands.first(), Some(Operand::IdRef(set)) if self.module.ext_inst_imports.iter().any(|i| {
                i.result_id == Some(*set)
                    && matches!(i.operands.first(), Some(Operand::LiteralString(n)) if is_nonsemantic_set(n))
            }))
    }

    /// Loads and checks a module against the OpenCL environment.
    pub fn load(bytes: &[u8]) -> Result<SpirvModule, FrontendError> {
        let mut m = Self::parse(bytes)?;
        m.validate()?;
        Ok(m)
    }

    /// Loads a module and indexes it without the environment's checks (the Vulkan
    /// translation reads a shader module this way before rewriting it).
    pub fn parse(bytes: &[u8]) -> Result<SpirvModule, FrontendError> {
        if bytes.len() < 20 {
            return Err(FrontendError::NotSpirv(format!(
                "{} bytes is shorter than the 20-byte SPIR-V header",
                bytes.len()
            )));
        }
        let magic = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if magic != spirv::MAGIC_NUMBER && magic.swap_bytes() != spirv::MAGIC_NUMBER {
            // LLVM bitcode ('BC' 0xC0DE, or its wrapper) under another name.
            let hint = if matches!(magic, 0xdec0_4342 | 0x0b17_c0de) {
                ": this is LLVM bitcode; give it the extension .bc to have it translated as SPIR 1.2"
            } else {
                ""
            };
            return Err(FrontendError::NotSpirv(format!(
                "magic number is 0x{magic:08x}, not 0x07230203{hint}"
            )));
        }
        if bytes.len() % 4 != 0 {
            return Err(FrontendError::Malformed(format!(
                "length {} is not a whole number of 32-bit words (truncated file?)",
                bytes.len()
            )));
        }
        let Stream {
            words,
            odd_ints,
            bank_bits,
            module_debug,
        } = check_instruction_stream(bytes, magic == spirv::MAGIC_NUMBER)?;
        let mut module = rspirv::dr::load_words(&words)
            .map_err(|e| FrontendError::Malformed(format!("{e} (truncated or corrupt module?)")))?;
        let mut bank_bits = bank_bits.into_iter();
        for inst in &mut module.annotations {
            let at = match inst.class.opcode {
                Op::Decorate => 2,
                Op::MemberDecorate => 3,
                _ => continue,
            };
            if matches!(
                inst.operands.get(at - 1),
                Some(Operand::Decoration(spirv::Decoration::BankBitsALTERA))
            ) {
                if let Some(all) = bank_bits.next() {
                    inst.operands.truncate(at);
                    inst.operands
                        .extend(all.into_iter().map(Operand::LiteralBit32));
                }
            }
        }
        // Give arbitrary-precision integer types their real widths back (see
        // `check_instruction_stream`).
        for inst in &mut module.types_global_values {
            if let (Op::TypeInt, Some(id)) = (inst.class.opcode, inst.result_id) {
                if let Some(w) = odd_ints.get(&id) {
                    inst.operands[0] = Operand::LiteralBit32(*w);
                }
            }
        }
        let bound = module.header.as_ref().map(|h| h.bound).unwrap_or(0);
        // SPIR-V's universal limit on the id bound (§2.17); the inliner numbers new ids
        // from the bound upward, so a corrupt header near 2^32 would overflow them.
        if bound > 0x3F_FFFF {
            return Err(FrontendError::Malformed(format!(
                "the header's id bound {bound} exceeds SPIR-V's universal limit 4,194,303 (corrupt module?)"
            )));
        }
        check_id_bound(&module, bound)?;
        let mut m = SpirvModule {
            module,
            names: HashMap::new(),
            decorations: HashMap::new(),
            member_names: HashMap::new(),
            member_decorations: HashMap::new(),
            types: HashMap::new(),
            constants: HashMap::new(),
            builtins: HashMap::new(),
            kernels: Vec::new(),
            address_bits: 64,
            bound,
            module_debug,
            strings: HashMap::new(),
        };
        m.index()?;
        Ok(m)
    }

    fn index(&mut self) -> Result<(), FrontendError> {
        for inst in &self.module.debug_string_source {
            if let (Op::String, Some(id), Some(Operand::LiteralString(s))) =
                (inst.class.opcode, inst.result_id, inst.operands.first())
            {
                self.strings.insert(id, s.clone());
            }
        }
        for inst in &self.module.debug_names {
            if inst.class.opcode == Op::Name {
                if let (Some(Operand::IdRef(id)), Some(Operand::LiteralString(s))) =
                    (inst.operands.first(), inst.operands.get(1))
                {
                    self.names.entry(*id).or_insert_with(|| s.clone());
                }
            }
            if inst.class.opcode == Op::MemberName {
                if let (
                    Some(Operand::IdRef(id)),
                    Some(Operand::LiteralBit32(k)),
                    Some(Operand::LiteralString(s)),
                ) = (
                    inst.operands.first(),
                    inst.operands.get(1),
                    inst.operands.get(2),
                ) {
                    self.member_names.insert((*id, *k), s.clone());
                }
            }
        }
        for inst in &self.module.annotations {
            if inst.class.opcode == Op::Decorate {
                if let (Some(Operand::IdRef(id)), Some(Operand::Decoration(d))) =
                    (inst.operands.first(), inst.operands.get(1))
                {
                    self.decorations
                        .entry(*id)
                        .or_default()
                        .push((*d, inst.operands[2..].to_vec()));
                }
            }
            if inst.class.opcode == Op::MemberDecorate {
                if let (
                    Some(Operand::IdRef(id)),
                    Some(Operand::LiteralBit32(k)),
                    Some(Operand::Decoration(d)),
                ) = (
                    inst.operands.first(),
                    inst.operands.get(1),
                    inst.operands.get(2),
                ) {
                    self.member_decorations
                        .entry((*id, *k))
                        .or_default()
                        .push((*d, inst.operands[3..].to_vec()));
                }
            }
        }
        for inst in &self.module.types_global_values {
            let Some(id) = inst.result_id else { continue };
            let word = |i: usize| match inst.operands.get(i) {
                Some(Operand::LiteralBit32(w)) => *w,
                Some(Operand::IdRef(w)) => *w,
                _ => 0,
            };
            let ty = match inst.class.opcode {
                Op::TypeVoid => Some(SpvType::Void),
                Op::TypeBool => Some(SpvType::Bool),
                Op::TypeInt => Some(SpvType::Int(word(0))),
                Op::TypeFloat => Some(SpvType::Float(word(0))),
                Op::TypeVector => Some(SpvType::Vector(word(0), word(1))),
                Op::TypePointer => match inst.operands.first() {
                    Some(Operand::StorageClass(sc)) => Some(SpvType::Pointer(*sc, word(1))),
                    _ => None,
                },
                Op::TypeArray => Some(SpvType::Array(word(0), word(1))),
                Op::TypeStruct => Some(SpvType::Struct(
                    inst.operands
                        .iter()
                        .filter_map(|o| {
                            if let Operand::IdRef(w) = o {
                                Some(*w)
                            } else {
                                None
                            }
                        })
                        .collect(),
                )),
                Op::TypeFunction => Some(SpvType::Function),
                Op::TypePipe => Some(SpvType::Pipe(matches!(
                    inst.operands.first(),
                    Some(Operand::AccessQualifier(spirv::AccessQualifier::WriteOnly))
                ))),
                op if format!("{op:?}").starts_with("Type") => {
                    Some(SpvType::Other(inst.class.opname))
                }
                _ => None,
            };
            if let Some(ty) = ty {
                self.types.insert(id, ty);
                continue;
            }
            let ty = inst.result_type.unwrap_or(0);
            let value = match inst.class.opcode {
                Op::Constant => match inst.operands.first() {
                    Some(Operand::LiteralBit32(w)) => Some(*w as u64),
                    Some(Operand::LiteralBit64(w)) => Some(*w),
                    _ => None,
                },
                Op::ConstantTrue => Some(1),
                Op::ConstantFalse | Op::ConstantNull => Some(0),
                _ => None,
            };
            if let Some(v) = value {
                self.constants.insert(id, (ty, v));
            }
            if inst.class.opcode == Op::Variable {
                if let Some(decos) = self.decorations.get(&id) {
                    for (d, args) in decos {
                        if let (Decoration::BuiltIn, Some(Operand::BuiltIn(b))) = (d, args.first())
                        {
                            self.builtins.insert(id, *b);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn validate(&mut self) -> Result<(), FrontendError> {
        const RULE: &str = "OpenCL SPIR-V environment §4";
        for inst in &self.module.capabilities {
            if let Some(Operand::Capability(c)) = inst.operands.first() {
                if matches!(c, spirv::Capability::Shader) {
                    return Err(FrontendError::Invalid {
                        rule: RULE.into(),
                        inst: "OpCapability Shader".into(),
                        message: "a Vulkan/GL shader module, not an OpenCL kernel module; compile the kernel for the OpenCL (Kernel) environment".into(),
                    });
                }
            }
        }
        // Vectors of 2, 3, 4, 8 or 16 components (§2.6, Vector16 for the last two); any
        // other count would also overflow the widths derived from it.
        for inst in &self.module.types_global_values {
            if inst.class.opcode != Op::TypeVector {
                continue;
            }
            if let Some(Operand::LiteralBit32(n)) = inst.operands.get(1) {
                if !matches!(n, 2 | 3 | 4 | 8 | 16) {
                    return Err(FrontendError::Invalid {
                        rule: "OpenCL SPIR-V environment §2.6".into(),
                        inst: format!("OpTypeVector %{}", inst.result_id.unwrap_or(0)),
                        message: format!("{n} components; vectors have 2, 3, 4, 8 or 16"),
                    });
                }
            }
        }
        let Some(mm) = &self.module.memory_model else {
            return Err(FrontendError::Invalid {
                rule: RULE.into(),
                inst: "module".into(),
                message: "no OpMemoryModel instruction".into(),
            });
        };
        let addressing = match mm.operands.first() {
            Some(Operand::AddressingModel(a)) => *a,
            _ => spirv::AddressingModel::Logical,
        };
        let memory = match mm.operands.get(1) {
            Some(Operand::MemoryModel(m)) => *m,
            _ => spirv::MemoryModel::Simple,
        };
        self.address_bits = match addressing {
            spirv::AddressingModel::Physical32 => 32,
            spirv::AddressingModel::Physical64 => 64,
            other => {
                return Err(FrontendError::Invalid {
                    rule: RULE.into(),
                    inst: format!("OpMemoryModel {other:?} {memory:?}"),
                    message: "the OpenCL environment requires Physical32 or Physical64 addressing"
                        .into(),
                })
            }
        };
        if memory != spirv::MemoryModel::OpenCL {
            return Err(FrontendError::Invalid {
                rule: RULE.into(),
                inst: format!("OpMemoryModel {addressing:?} {memory:?}"),
                message: "the OpenCL environment requires the OpenCL memory model".into(),
            });
        }
        for ep in &self.module.entry_points {
            let model = match ep.operands.first() {
                Some(Operand::ExecutionModel(m)) => *m,
                _ => continue,
            };
            let func = match ep.operands.get(1) {
                Some(Operand::IdRef(f)) => *f,
                _ => continue,
            };
            let name = match ep.operands.get(2) {
                Some(Operand::LiteralString(s)) => s.clone(),
                _ => String::new(),
            };
            if model != spirv::ExecutionModel::Kernel {
                return Err(FrontendError::Invalid {
                    rule: RULE.into(),
                    inst: format!("OpEntryPoint {model:?} %{func} \"{name}\""),
                    message: "only the Kernel execution model is allowed in the OpenCL environment"
                        .into(),
                });
            }
            self.kernels.push((name, func));
        }
        if self.kernels.is_empty() {
            return Err(FrontendError::Invalid {
                rule: RULE.into(),
                inst: "module".into(),
                message: "no OpEntryPoint Kernel: nothing to compile".into(),
            });
        }
        Ok(())
    }

    /// Finds the kernel to compile: by name, or the only one.
    /// The OpenCL C type names of a kernel's arguments (`uchar*`, `float4*`, `int`), when
    /// the module keeps them: clang's `-cl-kernel-arg-info` metadata, which the translator
    /// writes as an OpString `kernel_arg_type.<kernel>.<type>,<type>,…,`.
    pub fn kernel_arg_types(&self, kernel: &str) -> Option<Vec<String>> {
        let prefix = format!("kernel_arg_type.{kernel}.");
        let list = self
            .strings
            .values()
            .find_map(|s| s.strip_prefix(&prefix))?;
        let list = list.strip_suffix(',').unwrap_or(list);
        Some(list.split(',').map(|t| t.trim().to_string()).collect())
    }

    pub fn kernel(&self, wanted: Option<&str>) -> Result<(String, Word), FrontendError> {
        let available = || {
            self.kernels
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match wanted {
            Some(w) => self
                .kernels
                .iter()
                .find(|(n, _)| n == w)
                .cloned()
                .ok_or_else(|| FrontendError::UnknownKernel {
                    wanted: w.to_string(),
                    available: available(),
                }),
            None if self.kernels.len() == 1 => Ok(self.kernels[0].clone()),
            None => Err(FrontendError::AmbiguousKernel {
                available: available(),
            }),
        }
    }

    pub fn function(&self, id: Word) -> Option<&rspirv::dr::Function> {
        self.module
            .functions
            .iter()
            .find(|f| f.def.as_ref().and_then(|d| d.result_id) == Some(id))
    }

    /// Bytes a value of SPIR-V type `t` occupies in memory (OpenCL C layout: vectors of three
    /// take four lanes; struct members at their natural alignment).
    pub fn type_size(&self, t: Word) -> Option<u64> {
        self.type_size_at(t, 0)
    }

    /// Types nest a few levels; a corrupt module can make one contain itself, so the walk
    /// gives up (no size) past this depth instead of recursing forever.
    const MAX_NESTING: u32 = 32;

    fn type_size_at(&self, t: Word, depth: u32) -> Option<u64> {
        if depth > Self::MAX_NESTING {
            return None;
        }
        Some(match self.types.get(&t)? {
            // Checked throughout: a corrupt array length must not overflow (None: no size).
            SpvType::Vector(c, n) => {
                self.type_size(*c)?
                    .checked_mul(if *n == 3 { 4 } else { *n as u64 })?
            }
            SpvType::Array(e, len) => self
                .type_size(*e)?
                .checked_mul(self.constants.get(len)?.1)?,
            SpvType::Struct(members) => {
                let mut off = 0u64;
                let mut align = 1u64;
                for mt in members {
                    let (s, a) = (
                        self.type_size_at(*mt, depth + 1)?,
                        self.type_align_at(*mt, depth + 1)?.max(1),
                    );
                    off = off.div_ceil(a).checked_mul(a)?.checked_add(s)?;
                    align = align.max(a);
                }
                off.div_ceil(align).checked_mul(align)?
            }
            SpvType::Bool => 1,
            SpvType::Int(w) | SpvType::Float(w) => (*w as u64).div_ceil(8),
            SpvType::Pointer(..) => self.address_bits as u64 / 8,
            _ => return None,
        })
    }

    fn type_align(&self, t: Word) -> Option<u64> {
        self.type_align_at(t, 0)
    }

    fn type_align_at(&self, t: Word, depth: u32) -> Option<u64> {
        if depth > Self::MAX_NESTING {
            return None;
        }
        Some(match self.types.get(&t)? {
            SpvType::Array(e, _) => self.type_align_at(*e, depth + 1)?,
            SpvType::Struct(members) => members
                .iter()
                .map(|mt| self.type_align_at(*mt, depth + 1))
                .collect::<Option<Vec<_>>>()?
                .into_iter()
                .max()
                .unwrap_or(1),
            _ => self.type_size_at(t, depth + 1)?,
        })
    }

    /// Byte offset of member `k` of a struct type.
    pub fn member_offset(&self, members: &[Word], k: usize) -> Option<u64> {
        let mut off = 0u64;
        for (i, mt) in members.iter().enumerate() {
            let a = self.type_align(*mt)?.max(1);
            off = off.div_ceil(a).checked_mul(a)?;
            if i == k {
                return Some(off);
            }
            off = off.checked_add(self.type_size(*mt)?)?;
        }
        None
    }

    pub fn has_decoration(&self, id: Word, d: Decoration) -> bool {
        self.decorations
            .get(&id)
            .is_some_and(|v| v.iter().any(|(x, _)| *x == d))
    }

    pub fn has_param_attr(&self, id: Word, attr: spirv::FunctionParameterAttribute) -> bool {
        self.decorations.get(&id).is_some_and(|v| {
            v.iter().any(|(d, args)| {
                *d == Decoration::FuncParamAttr
                    && matches!(args.first(), Some(Operand::FunctionParameterAttribute(a)) if *a == attr)
            })
        })
    }

    /// "OpFAdd %21 (sum)": how diagnostics name an instruction.
    pub fn describe(&self, inst: &Instruction) -> String {
        match inst.result_id {
            Some(id) => match self.names.get(&id).filter(|n| !n.is_empty()) {
                Some(n) => format!("Op{} %{id} ({n})", inst.class.opname),
                None => format!("Op{} %{id}", inst.class.opname),
            },
            None => {
                let ids: Vec<String> = inst
                    .operands
                    .iter()
                    .filter_map(|o| match o {
                        Operand::IdRef(i) | Operand::IdScope(i) | Operand::IdMemorySemantics(i) => {
                            Some(format!("%{i}"))
                        }
                        _ => None,
                    })
                    .collect();
                format!("Op{} {}", inst.class.opname, ids.join(" "))
                    .trim_end()
                    .to_string()
            }
        }
    }

    pub fn type_of_id(&self, ty: Word) -> Option<&SpvType> {
        self.types.get(&ty)
    }
}

/// Every instruction's word count must fit inside the module; the decoder trusts it.
/// Returns the module's words (in host order) and, for integer types of widths other than
/// 8/16/32/64 (SPV_INTEL_arbitrary_precision_integers, or clang's narrowed switch values),
/// their real widths: the decoder only knows how to read literals of the standard widths,
/// so those types are presented to it as 32- or 64-bit (same literal word counts) and
/// restored afterwards.
/// Every id, defined or used, must be below the header's bound (SPIR-V §2.3); a module
/// that breaks this is corrupt, and tables sized by the bound would be overrun.
fn check_id_bound(module: &Module, bound: Word) -> Result<(), FrontendError> {
    for inst in module.all_inst_iter() {
        let used = inst.operands.iter().filter_map(|o| match o {
            Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id) => Some(*id),
            _ => None,
        });
        let all = inst
            .result_id
            .into_iter()
            .chain(inst.result_type)
            .chain(used);
        for id in all {
            if id >= bound {
                let what = inst
                    .result_id
                    .map(|r| format!("Op{:?} %{r}", inst.class.opcode))
                    .unwrap_or_else(|| format!("Op{:?}", inst.class.opcode));
                return Err(FrontendError::Malformed(format!(
                    "{what}: id %{id} is not below the header's id bound {bound} (corrupt module?)"
                )));
            }
        }
    }
    Ok(())
}

fn check_instruction_stream(bytes: &[u8], little_endian: bool) -> Result<Stream, FrontendError> {
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| {
            let w = [c[0], c[1], c[2], c[3]];
            if little_endian {
                u32::from_le_bytes(w)
            } else {
                u32::from_be_bytes(w)
            }
        })
        .collect();
    let mut words = words;
    let mut odd_ints = HashMap::new();
    let mut bank_bits = Vec::new();
    let mut nonsemantic_sets: Vec<u32> = Vec::new();
    let mut module_debug = Vec::new();
    let mut in_function = false;
    let mut pos = 5;
    let mut index = 0;
    while pos < words.len() {
        let count = (words[pos] >> 16) as usize;
        let opcode = words[pos] & 0xFFFF;
        // Between OpFunction and OpFunctionEnd (clspv puts its reflection after the last).
        if opcode == Op::Function as u32 {
            in_function = true;
        } else if opcode == Op::FunctionEnd as u32 {
            in_function = false;
        }
        if opcode == Op::ExtInstImport as u32 && count >= 3 && pos + count <= words.len() {
            if is_nonsemantic_set(&literal_string(&words[pos + 2..pos + count])) {
                nonsemantic_sets.push(words[pos + 1]);
            }
        }
        // Debug information (OpenCL.DebugInfo.100, clang -g) and NonSemantic.* sets (clspv's
        // reflection) put OpExtInst among the module's declarations or after its functions,
        // which rspirv's loader refuses: they carry no semantics, so they are kept aside, out of the stream.
        if opcode == Op::ExtInst as u32
            && !in_function
            && count >= 5
            && pos + count <= words.len()
            && nonsemantic_sets.contains(&words[pos + 3])
        {
            module_debug.push(words[pos..pos + count].to_vec());
            words.drain(pos..pos + count);
            index += 1;
            continue;
        }
        if opcode == Op::TypeInt as u32 && count >= 3 && pos + 2 < words.len() {
            let width = words[pos + 2];
            if !matches!(width, 8 | 16 | 32 | 64) && (1..=64).contains(&width) {
                odd_ints.insert(words[pos + 1], width);
                words[pos + 2] = if width <= 32 { 32 } else { 64 };
            }
        }
        if count == 0 {
            return Err(FrontendError::Malformed(format!(
                "instruction {index} (word {pos}) has a word count of 0"
            )));
        }
        // rspirv 0.13's parser panics on some embedded opcodes of OpSpecConstantOp (a
        // constant, a switch, another OpSpecConstantOp); OpenCL C never produces spec
        // constant operations, so they are refused before rspirv sees them.
        if opcode == Op::SpecConstantOp as u32 {
            return Err(FrontendError::Malformed(format!(
                "instruction {index} (word {pos}): OpSpecConstantOp is not supported"
            )));
        }
        if pos + count > words.len() {
            return Err(FrontendError::Malformed(format!(
                "instruction {index} (word {pos}) needs {count} words but the module ends at word {} (truncated or corrupt)",
                words.len()
            )));
        }
        // BankBitsINTEL takes any number of literals, but rspirv's parser reads one and
        // then refuses the rest: keep the first in the stream, restore all after loading.
        let first_literal = match opcode {
            o if o == Op::Decorate as u32 => 3,
            o if o == Op::MemberDecorate as u32 => 4,
            _ => 0,
        };
        if first_literal > 0
            && count > first_literal
            && words[pos + first_literal - 1] == spirv::Decoration::BankBitsALTERA as u32
        {
            bank_bits.push(words[pos + first_literal..pos + count].to_vec());
            if count > first_literal + 1 {
                let keep = first_literal + 1;
                words.drain(pos + keep..pos + count);
                words[pos] = (keep as u32) << 16 | opcode;
                pos += keep;
                index += 1;
                continue;
            }
        }
        pos += count;
        index += 1;
    }
    Ok(Stream {
        words,
        odd_ints,
        bank_bits,
        module_debug,
    })
}

/// A string literal's characters from its words (nul-terminated, little-endian bytes).
fn literal_string(words: &[u32]) -> String {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// Extended-instruction sets without semantics: debug information and NonSemantic.*.
pub fn is_nonsemantic_set(name: &str) -> bool {
    name.starts_with("NonSemantic.") || name == "OpenCL.DebugInfo.100" || name == "SPIRV.debug"
}

/// The checked word stream and what had to be simplified for rspirv's parser.
struct Stream {
    words: Vec<u32>,
    /// Module-level OpExtInst of non-semantic sets, as words (taken out of `words`).
    module_debug: Vec<Vec<u32>>,
    /// Arbitrary-precision integer types: id -> real width.
    odd_ints: HashMap<Word, u32>,
    /// The literals of every BankBitsINTEL decoration, in stream order.
    bank_bits: Vec<Vec<u32>>,
}

impl SpirvModule {
    /// The bytes of constant `id` (a scalar, a composite of them, or a null) in memory
    /// order, as an initializer lays them out.
    pub fn constant_bytes(&self, id: Word) -> Option<Vec<u8>> {
        self.constant_bytes_at(id, 0)
    }

    fn constant_bytes_at(&self, id: Word, depth: u32) -> Option<Vec<u8>> {
        if depth > Self::MAX_NESTING {
            return None;
        }
        if let Some((ty, bits)) = self.constants.get(&id) {
            let n = self.type_size(*ty)? as usize;
            // `constants` also holds the OpConstantNull of arrays (clang's memset source):
            // those are wider than one word and are read below.
            if n <= 8 {
                return Some(bits.to_le_bytes()[..n].to_vec());
            }
        }
        let i = self
            .module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id))?;
        match i.class.opcode {
            Op::ConstantComposite => {
                let mut out = Vec::new();
                for k in 0..i.operands.len() {
                    out.extend(self.constant_bytes_at(id_operand(i, k)?, depth + 1)?);
                }
                Some(out)
            }
            Op::ConstantNull | Op::Undef => {
                // Initial contents of an on-chip memory: beyond 64 MiB no FPGA holds it, and
                // a corrupt type must not make us allocate it.
                let n = self.type_size(i.result_type?)?;
                (n <= 1 << 26).then(|| vec![0u8; n as usize])
            }
            _ => None,
        }
    }
}

/// Every id an instruction's operands name, in order.
pub fn id_operands(inst: &Instruction) -> Vec<Word> {
    inst.operands
        .iter()
        .filter_map(|o| match o {
            Operand::IdRef(w) => Some(*w),
            _ => None,
        })
        .collect()
}

pub fn id_operand(inst: &Instruction, i: usize) -> Option<Word> {
    match inst.operands.get(i) {
        Some(Operand::IdRef(w)) => Some(*w),
        _ => None,
    }
}

pub fn literal_operand(inst: &Instruction, i: usize) -> Option<u32> {
    match inst.operands.get(i) {
        Some(Operand::LiteralBit32(w)) => Some(*w),
        _ => None,
    }
}
