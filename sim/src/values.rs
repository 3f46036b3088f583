//! Kernel arguments as the simulators see them: scalars as bits, buffers as bytes.

use frontend::spirv::{SpirvModule, SpvType};
use rspirv::spirv::StorageClass;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elem {
    Int(u32),
    F16,
    F32,
    F64,
}

impl Elem {
    pub fn bytes(self) -> usize {
        match self {
            Elem::Int(b) => (b as usize).div_ceil(8),
            Elem::F16 => 2,
            Elem::F32 => 4,
            Elem::F64 => 8,
        }
    }
    pub fn name(self) -> String {
        match self {
            Elem::Int(b) => format!("i{b}"),
            Elem::F16 => "f16".into(),
            Elem::F32 => "f32".into(),
            Elem::F64 => "f64".into(),
        }
    }
    /// The float format of a float element.
    pub fn float_kind(self) -> Option<frontend::ir::FloatKind> {
        use frontend::ir::FloatKind;
        match self {
            Elem::F16 => Some(FloatKind::F16),
            Elem::F32 => Some(FloatKind::F32),
            Elem::F64 => Some(FloatKind::F64),
            Elem::Int(_) => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Buffer {
    pub elem: Elem,
    pub bytes: Vec<u8>,
}

impl Buffer {
    pub fn len(&self) -> usize {
        self.bytes.len() / self.elem.bytes()
    }
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
    /// Element `i` as raw bits.
    pub fn get(&self, i: usize) -> u64 {
        let n = self.elem.bytes();
        let mut v = [0u8; 8];
        v[..n].copy_from_slice(&self.bytes[i * n..(i + 1) * n]);
        u64::from_le_bytes(v)
    }
}

/// `--arg NAME=random:LEN[:SEED]`: LEN elements from a seeded generator, floats uniform in
/// [-1, 1) rounded to the element's format, integers uniform in 0..100 (small enough to
/// be an index or a count in most kernels).
pub fn random_buffer(elem: Elem, len: usize, seed: u64) -> Buffer {
    let mut rng = crate::rng::Rng(seed);
    let n = elem.bytes();
    let mut bytes = Vec::with_capacity(len * n);
    for _ in 0..len {
        let bits = match elem.float_kind() {
            Some(k) => crate::float::to_bits(k, crate::float::round(k, 2.0 * rng.unit() - 1.0)),
            None => rng.next() % 100,
        };
        bytes.extend_from_slice(&bits.to_le_bytes()[..n]);
    }
    Buffer { elem, bytes }
}

#[derive(Debug, Clone)]
pub enum ArgValue {
    Scalar(u64),
    Buffer(Buffer),
}

#[derive(Debug, Clone)]
pub enum ParamKind {
    Buffer(Elem),
    /// A `local` pointer: the host gives only the size (`ArgValue::Scalar`, in bytes) and
    /// each work-group gets that much local memory.
    Local(Elem),
    Scalar(Elem),
    /// A pipe: the host gives a read pipe's packets as a buffer (`elem` each) and takes a
    /// write pipe's packets back as one.
    Pipe {
        elem: Elem,
        write: bool,
    },
}

#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
    /// The OpenCL C type says unsigned (`uchar *`, `uint4 *`, `size_t`): SPIR-V integers
    /// have no sign, so only the kernel_arg_type strings tell (clang -cl-kernel-arg-info).
    pub unsigned: bool,
}

/// Whether an OpenCL C type name is of an unsigned integer (pointers to one included).
pub fn is_unsigned_type(name: &str) -> bool {
    let base = name
        .trim_end_matches(['*', ' '])
        .trim_start_matches("const ")
        .trim_start_matches("volatile ");
    let scalar = base.trim_end_matches(|c: char| c.is_ascii_digit());
    matches!(
        scalar,
        "uchar" | "ushort" | "uint" | "ulong" | "size_t" | "uintptr_t" | "bool"
    ) || scalar.starts_with("unsigned")
}

pub fn elem_of(m: &SpirvModule, ty: u32) -> Option<Elem> {
    match m.types.get(&ty)? {
        SpvType::Bool => Some(Elem::Int(1)),
        SpvType::Int(w) => Some(Elem::Int(*w)),
        SpvType::Float(16) => Some(Elem::F16),
        SpvType::Float(32) => Some(Elem::F32),
        SpvType::Float(64) => Some(Elem::F64),
        _ => None,
    }
}

/// The kernel's parameters, read from the SPIR-V module (names from OpName).
pub fn kernel_params(m: &SpirvModule, func: u32) -> Result<Vec<Param>, crate::SimError> {
    let f = m
        .function(func)
        .ok_or_else(|| crate::SimError::Model(format!("kernel %{func} has no body")))?;
    let mut out = Vec::new();
    let types = m
        .kernels
        .iter()
        .find(|(_, id)| *id == func)
        .and_then(|(name, _)| m.kernel_arg_types(name))
        .unwrap_or_default();
    for (i, p) in f.parameters.iter().enumerate() {
        let id = p.result_id.unwrap_or(0);
        let name = m
            .names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("arg{i}"));
        let ty = p.result_type.unwrap_or(0);
        let kind = match m.types.get(&ty) {
            Some(SpvType::Pointer(
                StorageClass::CrossWorkgroup | StorageClass::UniformConstant,
                e,
            )) => {
                // Buffers of vectors hold their components (flattened in the .npy).
                let comp = match m.types.get(e) {
                    Some(SpvType::Vector(c, _)) => c,
                    _ => e,
                };
                ParamKind::Buffer(elem_of(m, *comp).ok_or_else(|| {
                    crate::SimError::Model(format!("argument {name}: unsupported element type"))
                })?)
            }
            Some(SpvType::Pointer(StorageClass::Workgroup, e)) => {
                ParamKind::Local(elem_of(m, *e).ok_or_else(|| {
                    crate::SimError::Model(format!("argument {name}: unsupported element type"))
                })?)
            }
            Some(SpvType::Pipe(write)) => ParamKind::Pipe {
                // A pipe type does not say its packet; the accesses' variables do.
                elem: packet_elem(m, f, id).unwrap_or(Elem::Int(32)),
                write: *write,
            },
            _ => ParamKind::Scalar(elem_of(m, ty).ok_or_else(|| {
                crate::SimError::Model(format!("argument {name}: unsupported type"))
            })?),
        };
        let unsigned = types.get(i).is_some_and(|t| is_unsigned_type(t));
        out.push(Param {
            name,
            kind,
            unsigned,
        });
    }
    Ok(out)
}

/// The packet type of pipe parameter `pipe`: the type of the variable its first access
/// moves the packet through (behind the casts to a generic byte pointer), in `f` or in a
/// function it passes the pipe to (a kernel may be a wrapper calling its body).
fn packet_elem(m: &SpirvModule, f: &rspirv::dr::Function, pipe: u32) -> Option<Elem> {
    use frontend::spirv::id_operand;
    use rspirv::spirv::Op;
    let insts: Vec<&rspirv::dr::Instruction> = f
        .blocks
        .iter()
        .flat_map(|b| b.instructions.iter())
        .collect();
    let access = insts
        .iter()
        .find(|i| frontend::pipes::is_access(i.class.opcode) && id_operand(i, 0) == Some(pipe));
    let Some(access) = access else {
        // Operands of OpFunctionCall: the callee, then its arguments.
        return insts
            .iter()
            .filter(|i| i.class.opcode == Op::FunctionCall)
            .find_map(|call| {
                let callee = m.function(id_operand(call, 0)?)?;
                let k = (1..call.operands.len()).find(|&k| id_operand(call, k) == Some(pipe))?;
                let param = callee.parameters.get(k - 1)?.result_id?;
                packet_elem(m, callee, param)
            });
    };
    let mut ptr = id_operand(access, 1)?;
    loop {
        let def = insts.iter().find(|i| i.result_id == Some(ptr))?;
        match def.class.opcode {
            Op::PtrCastToGeneric | Op::Bitcast | Op::GenericCastToPtr => ptr = id_operand(def, 0)?,
            _ => match m.types.get(&def.result_type?)? {
                SpvType::Pointer(_, e) => return elem_of(m, *e),
                _ => return None,
            },
        }
    }
}
