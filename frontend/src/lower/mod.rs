//! Lowering the flattened kernel to the IR: units (blocks and innermost loops), each an
//! if-converted dataflow graph.

use crate::cfg::{successors, Cfg};
use crate::inline::{inline_kernel, FlatFunction};
use crate::ir::*;
use crate::spirv::{id_operand, SpirvModule, SpvType};
use crate::FrontendError;
use petgraph::graph::NodeIndex;
use rspirv::dr::Instruction;
use rspirv::spirv;
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::{BTreeSet, HashMap};

mod access;
mod builder;
mod builtins;
mod convert;
mod copies;
mod insts;
pub(crate) mod memory;
mod onchip;
mod pipes;
mod plan;
mod units;
mod vectors;

use builder::UnitBuilder;
use memory::order_memory;
mod merge;

/// The kernel lowered and through every pass (`passes::PASSES`).
pub fn lower_kernel(m: &SpirvModule, wanted: Option<&str>) -> Result<Kernel, FrontendError> {
    lower_kernel_with(m, wanted, &crate::passes::Options::default()).map(|(k, _)| k)
}

/// `lower_kernel`, printing after the passes `options` names and verifying the IR between
/// passes when it asks; also returns what each pass did.
pub fn lower_kernel_with(
    m: &SpirvModule,
    wanted: Option<&str>,
    options: &crate::passes::Options,
) -> Result<(Kernel, crate::passes::Report), FrontendError> {
    let in_flight = options
        .groups_in_flight
        .unwrap_or(crate::passes::workgroups::DEFAULT_IN_FLIGHT);
    let mut kernel = lower_unoptimized(m, wanted, in_flight)?;
    let report = crate::passes::run(&mut kernel, options).map_err(FrontendError::Internal)?;
    Ok((kernel, report))
}

/// The kernel as lowered, before `passes::clean_up` (for measuring what the passes do).
pub fn lower_kernel_unoptimized(
    m: &SpirvModule,
    wanted: Option<&str>,
) -> Result<Kernel, FrontendError> {
    lower_unoptimized(m, wanted, crate::passes::workgroups::DEFAULT_IN_FLIGHT)
}

fn lower_unoptimized(
    m: &SpirvModule,
    wanted: Option<&str>,
    in_flight: u32,
) -> Result<Kernel, FrontendError> {
    let widened = crate::memset::word_memsets(m)?;
    let m = widened.as_ref().unwrap_or(m);
    let (_, fid) = m.kernel(wanted)?;
    let expanded = crate::collectives::expand(m, fid)?;
    let m = expanded.as_ref().unwrap_or(m);
    let piped = crate::pipes::expand(m)?;
    let m = piped.as_ref().unwrap_or(m);
    let (name, fid) = m.kernel(wanted)?;
    let mut flat = inline_kernel(m, fid)?;
    crate::simplify::drop_debug_info(m, &mut flat);
    crate::promote::promote_private_scalars(m, &mut flat)?;
    crate::simplify::bypass_empty_blocks(m, &mut flat);
    crate::barriers::split_after_barriers(m, &mut flat);
    crate::simplify::order_by_dominance(m, &mut flat);
    let cfg = Cfg::build(m, &flat)?;
    let mut cx = Lowering::new(m, &flat, &cfg, name)?;
    cx.plan_units()?;
    cx.lower_units()?;
    let mut kernel = cx.finish()?;
    kernel.attrs = kernel_attrs(m, fid)?;
    if let Some(mem) = kernel.memories.iter().find(|b| b.no_write && b.written) {
        return Err(FrontendError::Unsupported {
            inst: format!("buffer argument '{}'", mem.name),
            message: "declared read-only (const: FuncParamAttr NoWrite) but the kernel writes it"
                .into(),
        });
    }
    merge::merge_memories(&mut kernel)?;
    crate::passes::workgroups::build(&mut kernel, in_flight).map_err(FrontendError::Internal)?;
    Ok(kernel)
}

/// Two loops on one source line (`for (…) for (…)`) are told apart by their columns, and
/// loops at one position (a macro expanded: clang places them all at its use) by their
/// order: `k.cl:14 #2`.
fn name_loops_apart(kernel: &mut Kernel) {
    let named = |u: &Unit| matches!(u.kind, UnitKind::Loop { .. }) && u.loc.is_some();
    let clashes = |kernel: &Kernel, i: usize| {
        let u = &kernel.units[i];
        named(u)
            && kernel
                .units
                .iter()
                .enumerate()
                .any(|(j, v)| j != i && named(v) && v.name == u.name)
    };
    let by_column: Vec<usize> = (0..kernel.units.len())
        .filter(|&i| clashes(kernel, i))
        .collect();
    for i in by_column {
        if let Some(loc) = kernel.units[i].loc {
            kernel.units[i].name = kernel.line_of(loc);
            let same_line = kernel.units.iter().enumerate().any(|(j, v)| {
                j != i
                    && named(v)
                    && v.loc
                        .is_some_and(|l| l.line == loc.line && l.col != loc.col)
            });
            if same_line {
                kernel.units[i].name = kernel.position_of(loc);
            }
        }
    }
    let mut seen: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
    let by_order: Vec<usize> = (0..kernel.units.len())
        .filter(|&i| clashes(kernel, i))
        .collect();
    for i in by_order {
        let k = seen.entry(kernel.units[i].name.clone()).or_insert(0);
        *k += 1;
        if *k > 1 {
            kernel.units[i].name = format!("{} #{k}", kernel.units[i].name);
        }
    }
}

/// What one family of instructions made of an instruction: a value, nothing to record (a
/// store, a pointer cast that only notes where the pointer points), or not one of its
/// instructions (the next family tries).
enum Lowered {
    Value(OpId),
    Done,
    NotMine,
}

/// What a SPIR-V pointer value is in hardware: a byte address into one memory.
#[derive(Clone, Copy)]
struct Pointer {
    mem: MemId,
}

/// A pointer chosen at run time between two memories (a select or an if-converted phi of
/// pointers into different buffers or address spaces): the address, plus a tag — `cond`
/// true means it points into `if_true`. Loads and stores through it access both memories
/// under complementary predicates.
#[derive(Clone, Copy)]
struct Tagged {
    cond: OpId,
    if_true: MemId,
    if_false: MemId,
}

struct PlannedUnit {
    blocks: Vec<NodeIndex>,
    is_loop: Option<usize>,
}

struct Lowering<'a> {
    m: &'a SpirvModule,
    f: &'a FlatFunction,
    cfg: &'a Cfg,
    kernel: Kernel,
    params: HashMap<Word, ArgId>,
    planned: Vec<PlannedUnit>,
    unit_of_block: HashMap<NodeIndex, UnitId>,
    /// Where each SPIR-V result that became an op lives.
    /// Where each SPIR-V value lives for other units: an op's capture or an entry phi.
    defs: HashMap<Word, ValueRef>,
    pointers: HashMap<Word, Pointer>,
    /// On-chip variables of struct type: one memory per member, in member order.
    struct_vars: HashMap<Word, Vec<MemId>>,
    /// Byte views of struct variables (clang's `uchar *` cast for a memset or a copy of the
    /// whole struct): view id -> the struct variable.
    struct_views: HashMap<Word, Word>,
    /// Loads of the 3-vector built-ins: which one (None: the global offset, always 0 — the
    /// host interface has no offset registers).
    builtin_vectors: HashMap<Word, Option<Builtin>>,
    /// Pointers that may point into either of two memories, decided at run time.
    tagged: HashMap<Word, Tagged>,
    /// Instruction defining each result id in the flattened function.
    def_inst: HashMap<Word, &'a Instruction>,
    pending_entry: Vec<(UnitId, Vec<(usize, Word, Vec<(Word, NodeIndex)>)>)>,
    /// Vectors are scalarized: lane k of vector value v is a synthetic scalar id.
    lane_ids: HashMap<(Word, u32), Word>,
    /// A phi after a loop with several exits: (phi, loop unit) -> the value of the exit taken.
    exit_merges: HashMap<(Word, UnitId), OpId>,
    lane_origin: HashMap<Word, (Word, u32)>,
    next_synthetic: Word,
    /// Pure results nothing reads: not lowered.
    dead: std::collections::HashSet<Word>,
    /// The source position of the instruction being lowered (for errors).
    current: Option<Loc>,
}

/// The execution modes of kernel `fid` that are kernel attributes, and the float controls
/// (SPV_KHR_float_controls) the cores honour: denormals flushed (float, double) or kept
/// (the default), rounding to nearest even (the only mode the cores have).
pub(crate) fn kernel_attrs(m: &SpirvModule, fid: Word) -> Result<KernelAttrs, FrontendError> {
    use spirv::ExecutionMode as E;
    let mut a = KernelAttrs::default();
    for inst in &m.module.execution_modes {
        if id_operand(inst, 0) != Some(fid) {
            continue;
        }
        let mode = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::ExecutionMode(e)) => *e,
            _ => continue,
        };
        let lits: Vec<u32> = inst.operands[2..]
            .iter()
            .filter_map(|o| match o {
                rspirv::dr::Operand::LiteralBit32(v) => Some(*v),
                _ => None,
            })
            .collect();
        let xyz = || match lits.as_slice() {
            [x, y, z, ..] => Some([*x, *y, *z]),
            _ => None,
        };
        match mode {
            E::LocalSize => a.reqd_work_group_size = xyz(),
            E::LocalSizeHint => a.work_group_size_hint = xyz(),
            E::MaxWorkgroupSizeINTEL => a.max_work_group_size = xyz(),
            E::MaxWorkDimINTEL => a.max_work_dim = lits.first().copied(),
            E::NumSIMDWorkitemsINTEL => a.num_simd_work_items = lits.first().copied(),
            E::VecTypeHint => a.vec_type_hint = lits.first().copied(),
            E::NoGlobalOffsetINTEL => a.no_global_offset = true,
            E::RoundingModeRTZ => {
                return Err(bad(
                    m,
                    inst,
                    "rounding toward zero (the cores round to nearest even; drop the mode)",
                ))
            }
            _ => {}
        }
    }
    a.flush_denormals = crate::float_controls::flushed_widths(m, fid)?;
    a.positional_args = m.function(fid).is_some_and(|f| {
        f.parameters
            .iter()
            .any(|p| p.result_id.is_none_or(|id| !m.names.contains_key(&id)))
    });
    Ok(a)
}

fn bad(m: &SpirvModule, inst: &Instruction, message: impl Into<String>) -> FrontendError {
    FrontendError::Unsupported {
        inst: m.describe(inst),
        message: message.into(),
    }
}

impl<'a> Lowering<'a> {
    fn new(
        m: &'a SpirvModule,
        f: &'a FlatFunction,
        cfg: &'a Cfg,
        name: String,
    ) -> Result<Self, FrontendError> {
        let mut kernel = Kernel {
            name,
            args: Vec::new(),
            memories: Vec::new(),
            units: Vec::new(),
            entry: UnitId(0),
            mode: ExecMode::PipelinedWorkItems,
            address_bits: m.address_bits,
            attrs: KernelAttrs::default(),
            sources: f.lines.files.clone(),
            work_groups: None,
        };
        let mut params = HashMap::new();
        let mut pointers = HashMap::new();
        for (i, p) in f.params.iter().enumerate() {
            let id = p.result_id.unwrap_or(0);
            let arg_name = m
                .names
                .get(&id)
                .cloned()
                .unwrap_or_else(|| format!("arg{i}"));
            let arg = ArgId(i as u32);
            let ty = p.result_type.and_then(|t| m.types.get(&t)).cloned();
            let kind = match ty {
                // `constant T *` arguments are buffers too (read-only, filled by the host).
                Some(SpvType::Pointer(
                    StorageClass::CrossWorkgroup | StorageClass::UniformConstant,
                    elem,
                )) => {
                    // A buffer of vectors is a memory of their components.
                    let (comp, lanes) = match m.types.get(&elem) {
                        // Three lanes take the room (and the bus) of four (§2.10).
                        Some(SpvType::Vector(c, n)) => (*c, if *n == 3 { 4 } else { *n }),
                        _ => (elem, 1),
                    };
                    let elem_ty = scalar_type(m, comp).ok_or_else(|| {
                        bad(m, p, "buffer arguments must point to scalars (i8/i16/i32/i64/f32) for now")
                    })?;
                    let mem = MemId(kernel.memories.len() as u32);
                    kernel.memories.push(Memory {
                        name: arg_name.clone(),
                        kind: MemoryKind::Global { arg },
                        elem: elem_ty,
                        read: false,
                        written: false,
                        no_alias: m.has_param_attr(id, spirv::FunctionParameterAttribute::NoAlias),
                        no_write: m.has_param_attr(id, spirv::FunctionParameterAttribute::NoWrite),
                        lanes,
                        geometry: None,
                        port_bits: None,
                    });
                    pointers.insert(id, Pointer { mem });
                    ArgKind::Buffer(mem)
                }
                Some(SpvType::Pointer(StorageClass::Workgroup, elem)) => {
                    let elem_ty = scalar_type(m, elem).ok_or_else(|| {
                        bad(m, p, "local pointer arguments must point to scalars")
                    })?;
                    let depth = LOCAL_ARG_BYTES / elem_ty.bytes() as u64;
                    let attrs = crate::memattrs::mem_attrs(m, id, None, &arg_name)?;
                    crate::memattrs::check(&attrs, elem_ty.bytes(), depth, &arg_name)?;
                    let mem = MemId(kernel.memories.len() as u32);
                    kernel.memories.push(Memory::new_on_chip(
                        arg_name.clone(),
                        Storage::Local,
                        elem_ty,
                        depth,
                        attrs,
                        None,
                    ));
                    pointers.insert(id, Pointer { mem });
                    ArgKind::Local(mem)
                }
                Some(SpvType::Pipe(write)) => {
                    let packet = pipes::packet_type(m, f, id);
                    let elem_ty = match packet {
                        None => Type::Int(32),
                        Some(t) => scalar_type(m, t).ok_or_else(|| {
                            bad(m, p, "pipes of scalars (integers, float) are built; pipes of vectors or structs are not yet")
                        })?,
                    };
                    let mem = MemId(kernel.memories.len() as u32);
                    kernel.memories.push(Memory {
                        name: arg_name.clone(),
                        kind: MemoryKind::Pipe { arg, write },
                        elem: elem_ty,
                        read: false,
                        written: false,
                        no_alias: true,
                        no_write: !write,
                        lanes: 1,
                        geometry: None,
                        port_bits: None,
                    });
                    ArgKind::Pipe(mem)
                }
                Some(SpvType::Pointer(sc, _)) => {
                    return Err(bad(m, p, format!("pointer arguments in the {sc:?} storage class are not supported (global, constant and local ones are)")))
                }
                _ => ArgKind::Scalar(p.result_type.and_then(|t| scalar_type(m, t)).ok_or_else(|| {
                    bad(m, p, "scalar arguments must be bool, i8/i16/i32/i64 or f32 for now")
                })?),
            };
            params.insert(id, arg);
            kernel.args.push(Arg {
                name: arg_name,
                kind,
            });
        }
        let mut def_inst = HashMap::new();
        for b in &f.blocks {
            for i in &b.insts {
                if let Some(r) = i.result_id {
                    def_inst.insert(r, i);
                }
            }
        }
        Ok(Lowering {
            m,
            f,
            cfg,
            kernel,
            params,
            planned: Vec::new(),
            unit_of_block: HashMap::new(),
            defs: HashMap::new(),
            pointers,
            struct_vars: HashMap::new(),
            struct_views: HashMap::new(),
            builtin_vectors: HashMap::new(),
            tagged: HashMap::new(),
            def_inst,
            pending_entry: Vec::new(),
            lane_ids: HashMap::new(),
            exit_merges: HashMap::new(),
            lane_origin: HashMap::new(),
            next_synthetic: 0xC000_0000,
            dead: onchip::dead_values(f),
            current: None,
        })
    }

    fn block(&self, n: NodeIndex) -> &'a crate::inline::FlatBlock {
        &self.f.blocks[self.cfg.graph[n]]
    }

    fn lower_units(&mut self) -> Result<(), FrontendError> {
        for ui in 0..self.planned.len() {
            // An error names the source line of the instruction it stopped at.
            let unit = self.lower_unit(UnitId(ui as u32)).map_err(|e| {
                let pos = self.current.map(|l| self.kernel.source_pos(l));
                e.at(pos)
            })?;
            self.kernel.units.push(unit);
        }
        Ok(())
    }

    fn require_float(
        &self,
        ub: &UnitBuilder,
        inst: &Instruction,
        a: OpId,
    ) -> Result<Type, FrontendError> {
        match ub.body.op(a).ty {
            t @ Type::Float(_) => Ok(t),
            t => Err(bad(
                self.m,
                inst,
                format!("floating-point operation on {t}"),
            )),
        }
    }

    /// The FPRoundingMode decoration of a result, if any.
    fn rounding_of(&self, id: Word) -> Option<Rounding> {
        use rspirv::spirv::FPRoundingMode as M;
        self.m
            .decorations
            .get(&self.original(id))?
            .iter()
            .find_map(|(d, ops)| match (d, ops.first()) {
                (
                    rspirv::spirv::Decoration::FPRoundingMode,
                    Some(rspirv::dr::Operand::FPRoundingMode(m)),
                ) => Some(match m {
                    M::RTE => Rounding::Rte,
                    M::RTZ => Rounding::Rtz,
                    M::RTP => Rounding::Rtp,
                    M::RTN => Rounding::Rtn,
                }),
                _ => None,
            })
    }

    /// `c ? a : b` for pointers `a` and `b`: one memory, a select of addresses; two, a
    /// tagged pointer (see `Tagged`).
    fn select_pointers(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        c: OpId,
        a: Word,
        b: Word,
    ) -> Result<(), FrontendError> {
        let rid = inst.result_id.unwrap_or(0);
        let (pa, pb) = (self.pointer(inst, a)?, self.pointer(inst, b)?);
        let (va, vb) = (self.value(ub, a)?, self.value(ub, b)?);
        let name = self.name_of(rid);
        let v = ub.add(Op_ {
            kind: OpKind::Select,
            ty: Type::ADDR,
            operands: vec![c, va, vb],
            name,
            loc: None,
        });
        if pa.mem == pb.mem {
            self.pointers.insert(rid, pa);
        } else {
            self.tagged.insert(
                rid,
                Tagged {
                    cond: c,
                    if_true: pa.mem,
                    if_false: pb.mem,
                },
            );
        }
        ub.values.insert(rid, v);
        Ok(())
    }

    /// A load or store through a tagged pointer: the access on each memory, predicated on
    /// the tag (and the access's own predicate); a load selects the value by the tag.
    fn tagged_access(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        t: Tagged,
        pred: Option<OpId>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let ptr = id_operand(inst, 0).unwrap_or(0);
        let addr = self.value(ub, ptr)?;
        let load = inst.class.opcode == Op::Load;
        let ty = if load {
            self.result_type(inst)?
        } else {
            let d = self.value(ub, id_operand(inst, 1).unwrap_or(0))?;
            ub.body.op(d).ty
        };
        for mem in [t.if_true, t.if_false] {
            let mm = self.kernel.memory(mem);
            if mm.elem.bits() != ty.bits() || mm.lanes > 1 {
                return Err(bad(
                    m,
                    inst,
                    format!(
                        "accesses {ty} through a pointer into '{}' of {}",
                        mm.name, mm.elem
                    ),
                ));
            }
        }
        let not_c = ub.not(t.cond);
        let guard = |ub: &mut UnitBuilder, c: OpId| match pred {
            Some(p) => ub.int(IntBinOp::And, Type::BOOL, p, c),
            None => c,
        };
        let (g_true, g_false) = (guard(ub, t.cond), guard(ub, not_c));
        if load {
            let mut vals = Vec::new();
            for (mem, g) in [(t.if_true, g_true), (t.if_false, g_false)] {
                self.kernel.memories[mem.0 as usize].read = true;
                let elem = self.kernel.memory(mem).elem;
                let v = ub.op(OpKind::Load(mem), elem, vec![addr, g]);
                vals.push(ub.as_type(v, ty, None));
            }
            let name = self.name_of(inst.result_id.unwrap_or(0));
            Ok(Some(ub.add(Op_ {
                kind: OpKind::Select,
                ty,
                operands: vec![t.cond, vals[0], vals[1]],
                name,
                loc: None,
            })))
        } else {
            let d = self.value(ub, id_operand(inst, 1).unwrap_or(0))?;
            for (mem, g) in [(t.if_true, g_true), (t.if_false, g_false)] {
                self.kernel.memories[mem.0 as usize].written = true;
                let elem = self.kernel.memory(mem).elem;
                let v = ub.as_type(d, elem, None);
                ub.store(mem, addr, v, Some(g));
            }
            Ok(None)
        }
    }

    /// The scalar built-ins of §2.9 beyond the work dimension, from the per-dimension
    /// ones: linear ids, and sub-groups of one work-item each (the pipeline issues one
    /// work-item at a time; the model uses the same size). None: not a scalar built-in.
    fn scalar_builtin(
        &mut self,
        ub: &mut UnitBuilder,
        b: spirv::BuiltIn,
        inst: &Instruction,
    ) -> Result<Option<OpId>, FrontendError> {
        use spirv::BuiltIn as B;
        if !matches!(
            b,
            B::GlobalLinearId
                | B::LocalInvocationIndex
                | B::SubgroupId
                | B::SubgroupSize
                | B::SubgroupMaxSize
                | B::SubgroupLocalInvocationId
                | B::NumSubgroups
                | B::NumEnqueuedSubgroups
        ) {
            return Ok(None);
        }
        let ty = self.result_type(inst)?;
        let name = self.name_of(inst.result_id.unwrap_or(0));
        let wi =
            |ub: &mut UnitBuilder, b: Builtin, d: u8| ub.op(OpKind::WorkItem(b, d), ty, vec![]);
        // x + sx * (y + sy * z): the linear index of id `b` in an NDRange of size `size`.
        let linear = |ub: &mut UnitBuilder, id: Builtin, size: Builtin| {
            let (x, y, z) = (wi(ub, id, 0), wi(ub, id, 1), wi(ub, id, 2));
            let (sx, sy) = (wi(ub, size, 0), wi(ub, size, 1));
            let t = ub.int(IntBinOp::Mul, ty, sy, z);
            let t = ub.int(IntBinOp::Add, ty, y, t);
            let t = ub.int(IntBinOp::Mul, ty, sx, t);
            ub.int(IntBinOp::Add, ty, x, t)
        };
        let v = match b {
            B::GlobalLinearId => linear(ub, Builtin::GlobalId, Builtin::GlobalSize),
            B::LocalInvocationIndex | B::SubgroupId => {
                linear(ub, Builtin::LocalId, Builtin::LocalSize)
            }
            B::SubgroupSize | B::SubgroupMaxSize => ub.op(OpKind::Const(1), ty, vec![]),
            B::SubgroupLocalInvocationId => ub.op(OpKind::Const(0), ty, vec![]),
            B::NumSubgroups | B::NumEnqueuedSubgroups => {
                let (x, y, z) = (
                    wi(ub, Builtin::LocalSize, 0),
                    wi(ub, Builtin::LocalSize, 1),
                    wi(ub, Builtin::LocalSize, 2),
                );
                let t = ub.int(IntBinOp::Mul, ty, x, y);
                ub.int(IntBinOp::Mul, ty, t, z)
            }
            _ => return Ok(None),
        };
        if let Some(n) = name {
            ub.body.graph[v.node()].name = Some(n);
        }
        Ok(Some(v))
    }

    /// The module's own id behind `id`: through the inliner's renaming and the lanes of a
    /// scalarized vector (decorations are on the original).
    fn original(&self, id: Word) -> Word {
        let mut cur = id;
        for _ in 0..64 {
            if let Some((v, _)) = self.lane_origin.get(&cur) {
                cur = *v;
            } else if let Some(o) = self.f.origin.get(&cur) {
                cur = *o;
            } else {
                break;
            }
        }
        cur
    }

    /// The source name (OpName) of an id, looking through the inliner's renaming.
    fn name_of(&self, id: Word) -> Option<String> {
        let mut cur = id;
        for _ in 0..64 {
            if let Some(n) = self.m.names.get(&cur) {
                return Some(n.clone());
            }
            cur = *self.f.origin.get(&cur)?;
        }
        None
    }

    fn unit_of_label(&self, label: Word) -> UnitId {
        self.unit_of_block[&self.cfg.index_of[&label]]
    }

    /// Storage class of a pointer type.
    fn pointer_storage(&self, ty: Option<Word>) -> Option<StorageClass> {
        match ty.and_then(|t| self.m.types.get(&t)) {
            Some(SpvType::Pointer(c, _)) => Some(*c),
            _ => None,
        }
    }

    fn is_pointer_type(&self, ty: Option<Word>) -> bool {
        matches!(
            ty.and_then(|t| self.m.types.get(&t)),
            Some(SpvType::Pointer(..))
        )
    }

    fn result_type(&self, inst: &Instruction) -> Result<Type, FrontendError> {
        let t = inst.result_type.unwrap_or(0);
        if let Some(SpvType::Pointer(..)) = self.m.types.get(&t) {
            return Ok(Type::ADDR);
        }
        scalar_type(self.m, t).ok_or_else(|| {
            bad(
                self.m,
                inst,
                format!(
                    "result type {} is not supported (scalars: integers up to 64 bits, half, float, double)",
                    self.type_name(t)
                ),
            )
        })
    }

    fn type_name(&self, t: Word) -> String {
        match self.m.types.get(&t) {
            Some(ty) => format!("{ty:?}"),
            None => format!("%{t}"),
        }
    }

    /// The op holding SPIR-V value `id` inside the unit being built.
    fn value(&mut self, ub: &mut UnitBuilder, id: Word) -> Result<OpId, FrontendError> {
        if let Some(v) = ub.values.get(&id) {
            return Ok(*v);
        }
        if let Some(r) = self.lane_constant(id) {
            let r = r?;
            let op = match r {
                ValueRef::Const(ty, bits) => ub.add(Op_ {
                    kind: OpKind::Const(bits),
                    ty,
                    operands: vec![],
                    name: None,
                    loc: None,
                }),
                other => ub.op(OpKind::Outer(other), self.kernel.type_of(other), vec![]),
            };
            ub.values.insert(id, op);
            return Ok(op);
        }
        if self
            .pointers
            .get(&id)
            .is_some_and(|p| self.kernel.memory(p.mem).on_chip().is_some())
            && !self
                .def_inst
                .get(&id)
                .is_some_and(|i| i.class.opcode != Op::Variable)
            || self.module_variable(id)?.is_some()
        {
            let op = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
            ub.values.insert(id, op);
            return Ok(op);
        }
        let op = if let Some((ty, bits)) = self.m.constants.get(&id) {
            let ty = scalar_type(self.m, *ty).ok_or_else(|| FrontendError::Unsupported {
                inst: format!("constant %{id}"),
                message: format!(
                    "constant of type {} is not supported yet",
                    self.type_name(*ty)
                ),
            })?;
            ub.add(Op_ {
                kind: OpKind::Const(*bits & mask(ty.bits())),
                ty,
                operands: vec![],
                name: None,
                loc: None,
            })
        } else if let Some(arg) = self.params.get(&id) {
            let ty = match self.kernel.args[arg.0 as usize].kind {
                ArgKind::Buffer(_) => Type::ADDR,
                // Address 0 of its own on-chip memory.
                ArgKind::Local(_) => {
                    let c = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
                    ub.values.insert(id, c);
                    return Ok(c);
                }
                ArgKind::Scalar(t) => t,
                // A pipe is only ever an access's operand, never a value.
                ArgKind::Pipe(_) => {
                    let c = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
                    ub.values.insert(id, c);
                    return Ok(c);
                }
            };
            ub.add(Op_ {
                kind: OpKind::Arg(*arg),
                ty,
                operands: vec![],
                name: Some(self.kernel.args[arg.0 as usize].name.clone()),
                loc: None,
            })
        } else if let Some(ValueRef::Const(ty, c)) = self.defs.get(&id).copied() {
            ub.op(OpKind::Const(c), ty, vec![])
        } else if let Some(ValueRef::Arg(a)) = self.defs.get(&id).copied() {
            let ty = self.kernel.type_of(ValueRef::Arg(a));
            ub.op(OpKind::Arg(a), ty, vec![])
        } else if let Some(v) = self.defs.get(&id).copied() {
            let ty = self.kernel.type_of(v);
            ub.add(Op_ {
                kind: OpKind::Outer(v),
                ty,
                operands: vec![],
                name: self.name_of(id),
                loc: None,
            })
        } else if let Some(inst) = self.def_inst.get(&id).copied().or_else(|| {
            self.m
                .module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(id))
        }) {
            // Only an OpUndef can be met before its value exists: it is a zero.
            if inst.class.opcode != Op::Undef {
                let why = if self.def_inst.contains_key(&id) {
                    "value used before it is defined on every path (not in dominance order)"
                } else {
                    "this kind of module-level value is not supported yet"
                };
                return Err(bad(self.m, inst, why));
            }
            let ty = self.result_type(inst)?;
            ub.op(OpKind::Const(0), ty, vec![])
        } else {
            return Err(FrontendError::Malformed(format!(
                "use of undefined id %{id}"
            )));
        };
        ub.values.insert(id, op);
        Ok(op)
    }

    fn pointer(&mut self, inst: &Instruction, id: Word) -> Result<Pointer, FrontendError> {
        if let Some(p) = self.pointers.get(&id) {
            return Ok(*p);
        }
        if let Some(t) = self.tagged.get(&id) {
            let (a, b) = (
                &self.kernel.memory(t.if_true).name,
                &self.kernel.memory(t.if_false).name,
            );
            return Err(bad(self.m, inst, format!("pointer %{id} points into '{a}' or '{b}', decided at run time: only loads, stores and address arithmetic through it are supported")));
        }
        if let Some(mem) = self.module_variable(id)? {
            return Ok(Pointer { mem });
        }
        Err(bad(self.m, inst, format!("pointer %{id} does not come from a buffer argument or an on-chip array (generic pointers and constant tables arrive later)")))
    }

    fn finish(mut self) -> Result<Kernel, FrontendError> {
        // Record where every SPIR-V value lives so that entry phis can name them.
        let pending = std::mem::take(&mut self.pending_entry);
        for (uid, phis) in pending {
            for (k, rid, outside) in phis {
                let mut incoming: Vec<(UnitId, ValueRef)> = Vec::new();
                for (v, parent) in outside {
                    let Some(&from) = self.unit_of_block.get(&parent) else {
                        return Err(FrontendError::Malformed(format!(
                            "OpPhi %{rid}: incoming block %{} is not reachable from the entry, so it cannot branch to the phi's block",
                            self.block(parent).label
                        )));
                    };
                    if incoming.iter().any(|(f, _)| *f == from) {
                        continue;
                    }
                    // From a loop with several exits: the value of the exit it took.
                    let r = match self.exit_merges.get(&(rid, from)) {
                        Some(op) => ValueRef::Op(from, *op),
                        None => self.value_ref(v)?,
                    };
                    incoming.push((from, r));
                }
                self.kernel.units[uid.0 as usize].entry_phis[k].incoming = incoming;
            }
        }
        for u in 0..self.kernel.units.len() {
            memory::refine_across_units(&mut self.kernel.units, u, &self.kernel.memories);
            memory::prune_beyond_trip_count(&mut self.kernel.units[u]);
        }
        // Every value another unit reads (and every exit condition) is captured.
        self.kernel.set_live_outs();
        name_loops_apart(&mut self.kernel);
        Ok(self.kernel)
    }

    fn value_ref(&self, v: Word) -> Result<ValueRef, FrontendError> {
        if let Some(r) = self.lane_constant(v) {
            return r;
        }
        if let Some((ty, bits)) = self.m.constants.get(&v) {
            let ty = scalar_type(self.m, *ty).ok_or_else(|| FrontendError::Unsupported {
                inst: format!("constant %{v}"),
                message: "unsupported constant type".into(),
            })?;
            return Ok(ValueRef::Const(ty, *bits & mask(ty.bits())));
        }
        if let Some(a) = self.params.get(&v) {
            return Ok(ValueRef::Arg(*a));
        }
        if let Some(r) = self.defs.get(&v) {
            return Ok(*r);
        }
        if let Some(inst) = self.def_inst.get(&v) {
            if inst.class.opcode == Op::Undef {
                return Ok(ValueRef::Const(self.result_type(inst)?, 0));
            }
            return Err(bad(
                self.m,
                inst,
                "a phi reads a value that is not defined on the edge it comes from",
            ));
        }
        Err(FrontendError::Malformed(format!(
            "phi reads undefined id %{v}"
        )))
    }
}

type Op_ = crate::ir::Op;

pub use ir::mask;

pub fn scalar_type(m: &SpirvModule, t: Word) -> Option<Type> {
    match m.types.get(&t)? {
        SpvType::Bool => Some(Type::BOOL),
        // Any width up to 64 (arbitrary-precision integers, clang's narrowed values).
        SpvType::Int(w) if (1..=64).contains(w) => Some(Type::Int(*w)),
        SpvType::Float(16) => Some(Type::Float(FloatKind::F16)),
        SpvType::Float(32) => Some(Type::Float(FloatKind::F32)),
        SpvType::Float(64) => Some(Type::Float(FloatKind::F64)),
        _ => None,
    }
}
