//! The hardware-facing IR: what the frontend produces and every later stage consumes.
//!
//! No SPIR-V and no hardware here. Types are hardware types (bits), vectors are gone,
//! pointers are byte addresses with a known memory. A kernel is a control-flow graph of
//! *units*: straight-line blocks run once, innermost loops are pipelined, and for a kernel
//! without loops the whole body becomes one unit pipelined over the work-items. Each unit
//! body is one dataflow graph (branches inside it are if-converted into predicates).

use petgraph::graph::NodeIndex;
use serde::Serialize;
use std::fmt;

mod body;
pub use body::Body;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum FloatKind {
    F16,
    F32,
    F64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Type {
    /// Any width 1..=4096; no signedness (the operation decides).
    Int(u32),
    Float(FloatKind),
}

impl Type {
    pub const BOOL: Type = Type::Int(1);
    pub const ADDR: Type = Type::Int(64);

    pub fn bits(self) -> u32 {
        match self {
            Type::Int(w) => w,
            Type::Float(FloatKind::F16) => 16,
            Type::Float(FloatKind::F32) => 32,
            Type::Float(FloatKind::F64) => 64,
        }
    }

    pub fn bytes(self) -> u32 {
        self.bits().div_ceil(8)
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int(w) => write!(f, "i{w}"),
            Type::Float(FloatKind::F16) => write!(f, "f16"),
            Type::Float(FloatKind::F32) => write!(f, "f32"),
            Type::Float(FloatKind::F64) => write!(f, "f64"),
        }
    }
}

/// An operation in a unit body (typed index into the body graph).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct OpId(pub u32);

impl OpId {
    pub fn node(self) -> NodeIndex {
        NodeIndex::new(self.0 as usize)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct UnitId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct ArgId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct MemId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Builtin {
    GlobalId,
    GlobalSize,
    LocalId,
    LocalSize,
    GroupId,
    NumGroups,
    /// get_work_dim(): the number of dimensions the host enqueued (a scalar).
    WorkDim,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum IntBinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
    /// Division and remainder (C semantics: the remainder takes the dividend's sign).
    SDiv,
    UDiv,
    SRem,
    URem,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum CmpPred {
    Eq,
    Ne,
    ULt,
    ULe,
    UGt,
    UGe,
    SLt,
    SLe,
    SGt,
    SGe,
}

/// Floating-point comparisons: ordered (false if either is NaN) or unordered (true if
/// either is NaN), as SPIR-V's OpFOrd* / OpFUnord*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum FCmpPred {
    OEq,
    ONe,
    OLt,
    OLe,
    OGt,
    OGe,
    UEq,
    UNe,
    ULt,
    ULe,
    UGt,
    UGe,
    /// Neither is NaN.
    Ord,
    /// Either is NaN.
    Unord,
}

/// Bit counting; the result has the operand's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum IntUnaryOp {
    Popcount,
    /// Leading zeros (the width for 0).
    Clz,
    /// Trailing zeros (the width for 0).
    Ctz,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum FloatUnaryOp {
    Neg,
    Abs,
    /// Rounding to an integral value (the order matches the RTL package's modes).
    Floor,
    Ceil,
    Trunc,
    /// Nearest, ties to even.
    Rint,
    /// Nearest, ties away from zero.
    Round,
    /// Correctly rounded.
    Sqrt,
}

impl FloatUnaryOp {
    /// Neg and Abs only touch the sign bit (wiring at any width); the others need an
    /// arithmetic core of the operand's format.
    pub fn is_sign_bit_op(self) -> bool {
        matches!(self, FloatUnaryOp::Neg | FloatUnaryOp::Abs)
    }
}

/// IEEE rounding directions (SPIR-V FPRoundingMode); the order matches the RTL package.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Rounding {
    /// To nearest, ties to even: the default.
    Rte,
    Rtz,
    /// Toward +infinity.
    Rtp,
    /// Toward -infinity.
    Rtn,
}

/// Numeric conversions. To integer rounds toward zero and saturates (NaN gives 0), the
/// defined choice for what SPIR-V leaves undefined and what `_sat` asks; other rounding
/// directions to integer are lowered as a rounding to integral first. To float rounds as
/// the operation says (round to nearest even unless decorated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ConvertOp {
    SIToF(Rounding),
    UIToF(Rounding),
    FToSI,
    FToUI,
    /// Between float formats (OpFConvert).
    FToF(Rounding),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum FloatBinOp {
    Add,
    Sub,
    Mul,
    /// Correctly rounded (better than the 2.5 ulp OpenCL allows for float).
    Div,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
    /// Same width, reinterpret (int <-> float).
    Bitcast,
}

/// A value that lives outside a unit body: read from a register while the unit runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ValueRef {
    /// The last value op `OpId` produced in unit `UnitId` (captured when it was computed).
    Op(UnitId, OpId),
    /// The value of entry phi `usize` of a unit, set on the transition into it.
    EntryPhi(UnitId, usize),
    /// A constant.
    Const(Type, u64),
    /// A kernel argument (scalar value or buffer base address).
    Arg(ArgId),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum OpKind {
    Const(u64),
    /// A scalar argument, or a buffer argument's base address.
    Arg(ArgId),
    /// A work-item built-in for the current work-item, dimension 0..=2.
    WorkItem(Builtin, u8),
    /// True for the last work-item of the NDRange (drives issue of pipelined work-items).
    LastWorkItem,
    /// A value from outside this unit.
    Outer(ValueRef),
    /// Loop-carried value: operands `[init, next]`; `next` comes from the previous iteration
    /// (or from `Body::carried_distance` iterations back; `init` until there is one).
    CarriedPhi,
    Int(IntBinOp),
    Cmp(CmpPred),
    /// Operands `[cond, if_true, if_false]`.
    Select,
    Cast(CastOp),
    Float(FloatBinOp),
    FCmp(FCmpPred),
    /// Fused multiply-add, operands `[a, b, c]`: a * b + c rounded once.
    Fma,
    IntUnary(IntUnaryOp),
    FloatUnary(FloatUnaryOp),
    Convert(ConvertOp),
    /// An OpenCL.std math function (exp, sin, pow, …) by its OpenCL name, operands as the
    /// function takes them. The software model computes these; hardware cores for them
    /// are not built yet, and code generation says so.
    Math(String),
    /// A work-group barrier (OpControlBarrier): every work-item of the group reaches it
    /// before any goes on. The software model runs it; code generation refuses it (work-
    /// items flow through one pipeline, and a barrier needs the group to stop and restart).
    Barrier,
    /// Operands `[address, predicate?]`.
    Load(MemId),
    /// Operands `[address, data, predicate?]`.
    Store(MemId),
}

#[derive(Debug, Clone, Serialize)]
pub struct Op {
    pub kind: OpKind,
    pub ty: Type,
    pub operands: Vec<OpId>,
    /// Source name (OpName) when the module has one.
    pub name: Option<String>,
    /// Where in the source it came from (OpLine), when the module carries line tables.
    pub loc: Option<Loc>,
}

/// A source position: a file of `Kernel::sources`, a line and a column (1-based; column 0
/// when unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Loc {
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// A source position with its file's path, for diagnostics that show the line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourcePos {
    pub path: String,
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for SourcePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.path, self.line)?;
        if self.col > 0 {
            write!(f, ":{}", self.col)?;
        }
        Ok(())
    }
}

impl Op {
    /// An operation without a name or a source position (what a pass makes of nothing).
    pub fn new(kind: OpKind, ty: Type, operands: Vec<OpId>) -> Op {
        Op {
            kind,
            ty,
            operands,
            name: None,
            loc: None,
        }
    }

    pub fn is_memory(&self) -> bool {
        matches!(self.kind, OpKind::Load(_) | OpKind::Store(_))
    }
    /// The predicate operand of a load or store, if it is predicated.
    pub fn predicate(&self) -> Option<OpId> {
        match self.kind {
            OpKind::Load(_) if self.operands.len() == 2 => Some(self.operands[1]),
            OpKind::Store(_) if self.operands.len() == 3 => Some(self.operands[2]),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DepKind {
    /// The destination reads the source's value.
    Data,
    /// Memory ordering: the destination must not be issued before the source.
    Order,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Dep {
    pub kind: DepKind,
    /// Iteration distance: 0 inside an iteration, ≥ 1 for loop-carried dependences.
    pub distance: u32,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LoopControls {
    /// InitiationIntervalINTEL: a requested II.
    pub requested_ii: Option<u32>,
    /// PipelineEnableINTEL 0.
    pub pipelining_disabled: bool,
    /// DependencyInfinite (`ivdep`): Some(0), no loop-carried memory dependences;
    /// DependencyLength N (`ivdep safelen(N)`): Some(N), none shorter than N iterations.
    pub dependency: Option<u32>,
    /// MaxConcurrencyINTEL: iterations in flight at most (0: no limit).
    pub max_concurrency: Option<u32>,
    /// SpeculatedIterationsINTEL: iterations that may be issued before the exit test of an
    /// earlier one is known (squashed if it exits). None: 0.
    pub speculated_iterations: Option<u32>,
    /// Unroll (Some(0): fully) or PartialCount N (Some(N)); DontUnroll is Some(1). clang
    /// unrolls what it can before SPIR-V exists, so these are read for the report.
    pub unroll: Option<u32>,
    /// LoopCoalesceINTEL: the nest depth to coalesce (0: all).
    pub coalesce: Option<u32>,
    /// MaxInterleavingINTEL: outer-loop iterations allowed to interleave in this loop.
    pub max_interleaving: Option<u32>,
    /// DependencyArrayINTEL: per-variable `ivdep(array, safelen)` — (variable id, safelen).
    pub dependency_arrays: Vec<(u32, u32)>,
}

/// A memory dependence from one iteration of a loop to a later one.
#[derive(Debug, Clone, Serialize)]
pub struct CarriedMemDep {
    pub from: OpId,
    pub to: OpId,
    pub mem: MemId,
    pub distance: u32,
    /// How the distance was found: "affine" (exact), or why it is assumed.
    pub analysis: String,
}

#[derive(Debug, Clone, Serialize)]
pub enum UnitKind {
    /// Straight-line code, run once each time control reaches it.
    Block,
    /// An innermost loop, pipelined; runs while `cont` (evaluated each iteration) is true.
    Loop { cont: OpId, controls: LoopControls },
    /// The whole kernel body, pipelined with one iteration per work-item.
    WorkItems,
}

#[derive(Debug, Clone, Serialize)]
pub enum Exit {
    /// The work-item is finished.
    Return,
    Jump(UnitId),
    /// Branch on a boolean value of this unit (captured when the unit ends).
    Branch {
        cond: OpId,
        if_true: UnitId,
        if_false: UnitId,
    },
    /// Multi-way branch on an integer value of this unit (OpSwitch).
    Switch {
        value: OpId,
        cases: Vec<(u64, UnitId)>,
        default: UnitId,
    },
}

impl Exit {
    /// The units this exit may go to (none for a return).
    pub fn targets(&self) -> Vec<UnitId> {
        match self {
            Exit::Return => vec![],
            Exit::Jump(t) => vec![*t],
            Exit::Branch {
                if_true, if_false, ..
            } => vec![*if_true, *if_false],
            Exit::Switch { cases, default, .. } => {
                cases.iter().map(|c| c.1).chain([*default]).collect()
            }
        }
    }
}

/// A value set when control enters a unit, chosen by the unit it came from.
#[derive(Debug, Clone, Serialize)]
pub struct EntryPhi {
    pub ty: Type,
    pub name: Option<String>,
    pub incoming: Vec<(UnitId, ValueRef)>,
}

#[derive(Debug, Clone)]
pub struct Unit {
    pub name: String,
    pub kind: UnitKind,
    pub body: Body,
    pub entry_phis: Vec<EntryPhi>,
    pub exit: Exit,
    /// Ops whose last value other units (or the exit branch) read.
    pub live_out: Vec<OpId>,
    /// Memories this unit updates atomically: their read-modify-writes are ordered across
    /// iterations and work-items alike.
    pub atomic_mems: Vec<MemId>,
    /// Loop-carried memory dependences and how each was established (for the report).
    pub carried_mem_deps: Vec<CarriedMemDep>,
    /// Where it is in the source: a loop's `for`/`while` (its back edge's line), a block's
    /// first located instruction.
    pub loc: Option<Loc>,
}

/// The name of the unit that runs the work-items where no source loop does: the pipelined
/// work-items, or the loop over them that `flatten::hoist_invariant_loads` makes (reports
/// call either a work-item loop).
pub const WORK_ITEMS_UNIT: &str = "workitems";

/// Bytes of on-chip memory built for each `local` pointer argument (the size Intel's
/// compiler assumes without `local_mem_size`).
pub const LOCAL_ARG_BYTES: u64 = 16384;

/// The `OpKind::Math` name of an OpenCL.std math instruction: native_ and half_ forms are
/// the function itself (computed to the full accuracy).
pub fn math_name(opencl_std: &str) -> &str {
    opencl_std
        .trim_start_matches("native_")
        .trim_start_matches("half_")
}

#[derive(Debug, Clone, Serialize)]
pub enum ArgKind {
    /// A pointer to global memory; its base address is a 64-bit value.
    Buffer(MemId),
    /// A `local` pointer argument: an on-chip memory of the work-group, built at
    /// `LOCAL_ARG_BYTES`; the host passes the size it uses (in bytes, at most that) in the
    /// argument's register, and the pointer is that memory's address 0.
    Local(MemId),
    Scalar(Type),
    /// An OpenCL 2.0 pipe: an AXI4-Stream port of the kernel, read or written a packet
    /// (`Memory::elem`) at a time by the memory's loads or stores.
    Pipe(MemId),
}

#[derive(Debug, Clone, Serialize)]
pub struct Arg {
    pub name: String,
    pub kind: ArgKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum MemoryKind {
    /// Global memory behind an AXI4 master, reached through a buffer argument.
    Global { arg: ArgId },
    /// An array built on chip: a `Function` (private) or `Workgroup` (local) variable.
    OnChip(OnChip),
    /// A pipe argument (`read_only pipe T` or `write_only pipe T`): a stream of packets.
    /// A load takes the next packet (waiting while there is none), a store sends one
    /// (waiting while the stream is full); the address operand is unused (zero).
    Pipe { arg: ArgId, write: bool },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Storage {
    /// Private to a work-item (OpenCL `private`, SPIR-V `Function`).
    Private,
    /// Shared by a work-group (OpenCL `local`, SPIR-V `Workgroup`).
    Local,
    /// A program-scope table (OpenCL `constant`, SPIR-V `UniformConstant` with an
    /// initializer): read-only, its contents fixed in the bitstream.
    Constant,
}

/// An on-chip array as the kernel declares it: what it holds and what its decorations ask.
/// The geometry that is built from this is `Memory::geometry`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OnChip {
    pub storage: Storage,
    /// Elements of `Memory::elem`.
    pub depth: u64,
    pub attrs: MemAttrs,
    /// Initial contents (little-endian bytes) of a constant table.
    pub init: Option<Vec<u8>>,
    /// Set when a `merge` decoration folded this variable into another memory (its
    /// accesses were rewritten to that memory); such a memory is not built.
    pub merged_into: Option<MemId>,
    /// Copies side by side, one per work-group in flight, each `depth / copies` elements
    /// (a power-of-two size): the high address bits pick the copy, so banks divide a copy.
    pub copies: u32,
}

/// The SPV_INTEL_fpga_memory_attributes decorations of one variable (or struct member), as
/// written; `None`/`false` where the kernel says nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MemAttrs {
    pub register: bool,
    /// `memory`, with its kind ("BLOCK_RAM", "MLAB") when one is given.
    pub memory: Option<String>,
    pub numbanks: Option<u32>,
    /// Bytes per bank word.
    pub bankwidth: Option<u32>,
    pub private_copies: Option<u32>,
    /// 1 (single pump) or 2 (double pump).
    pub pump: Option<u32>,
    pub max_replicates: Option<u32>,
    pub simple_dual_port: bool,
    /// (key, "depth" | "width").
    pub merge: Option<(String, String)>,
    /// Byte-address bits that select the bank, most significant first.
    pub bank_bits: Option<Vec<u32>>,
    pub force_pow2_depth: Option<u32>,
}

impl MemAttrs {
    pub fn is_empty(&self) -> bool {
        *self == MemAttrs::default()
    }

    /// Do the decorations fix the banks and ports? `memory(kind)`, `force_pow2_depth` and
    /// `private_copies` alone do not: the banking is still inferred, in the kind asked for.
    pub fn fixes_banking(&self) -> bool {
        self.register
            || self.numbanks.is_some()
            || self.bankwidth.is_some()
            || self.bank_bits.is_some()
            || self.pump.is_some()
            || self.max_replicates.is_some()
            || self.simple_dual_port
            || self.merge.is_some()
    }
}

/// How an on-chip memory is implemented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MemImpl {
    BlockRam,
    LutRam,
    Registers,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum GeometrySource {
    Decorated,
    Inferred,
    Default,
}

/// The memory built for an on-chip array: banks × depth × width, ports, pumping, copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Geometry {
    pub banks: u32,
    /// Bytes per bank word (a multiple of the element size).
    pub bank_bytes: u32,
    /// Byte-address bits selecting the bank, most significant first (log2(banks) of them).
    pub bank_bits: Vec<u32>,
    /// Words per bank (padded to a power of two when `force_pow2_depth`).
    pub depth: u64,
    /// Ports per bank and replicate at the kernel clock before pumping: 2 (true dual port)
    /// or 1 read + 1 write (simple dual port).
    pub simple_dual_port: bool,
    pub pump: u32,
    pub replicates: u32,
    pub copies: u32,
    pub implementation: MemImpl,
    pub source: GeometrySource,
}

#[derive(Debug, Clone, Serialize)]
pub struct Memory {
    pub name: String,
    pub kind: MemoryKind,
    pub elem: Type,
    pub read: bool,
    pub written: bool,
    /// From `restrict` (FuncParamAttr NoAlias).
    pub no_alias: bool,
    /// The kernel promises not to write it (FuncParamAttr NoWrite, from `const`).
    pub no_write: bool,
    /// Elements moved per access: a buffer of float4 is read and written a whole vector
    /// (4 lanes of `elem`) at a time over a data path that wide. 1 for scalar buffers.
    pub lanes: u32,
    /// For on-chip memories, what is built (set by `scheduler::memories` before scheduling).
    pub geometry: Option<Geometry>,
    /// For a buffer in a board memory bank that takes full beats and bursts (DDR, HBM): the
    /// bank's data width, which its AXI master takes; its loads and stores then go through
    /// load-store units, one per load site (set from the memory plan before scheduling).
    pub port_bits: Option<u32>,
}

impl Memory {
    /// A new on-chip array (private, local or constant), not yet read or written.
    pub fn new_on_chip(
        name: String,
        storage: Storage,
        elem: Type,
        depth: u64,
        attrs: MemAttrs,
        init: Option<Vec<u8>>,
    ) -> Memory {
        Memory {
            name,
            kind: MemoryKind::OnChip(OnChip {
                storage,
                depth,
                attrs,
                init,
                merged_into: None,
                copies: 1,
            }),
            elem,
            read: false,
            written: false,
            no_alias: true,
            no_write: false,
            lanes: 1,
            geometry: None,
            port_bits: None,
        }
    }

    pub fn on_chip(&self) -> Option<&OnChip> {
        match &self.kind {
            MemoryKind::OnChip(o) => Some(o),
            MemoryKind::Global { .. } | MemoryKind::Pipe { .. } => None,
        }
    }

    /// Whether this is a pipe argument's stream rather than memory.
    pub fn is_pipe(&self) -> bool {
        matches!(self.kind, MemoryKind::Pipe { .. })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ExecMode {
    /// No loops: one unit, work-items pipelined like loop iterations.
    PipelinedWorkItems,
    /// Loops inside: work-items run one after the other through the unit graph.
    SequentialWorkItems,
    /// A loop nest flattened with the work-items around it: one loop counts the global ids
    /// and runs every work-item, so the unit graph runs once.
    FlattenedWorkItems,
}

#[derive(Debug, Clone)]
pub struct Kernel {
    pub name: String,
    pub args: Vec<Arg>,
    pub memories: Vec<Memory>,
    pub units: Vec<Unit>,
    pub entry: UnitId,
    pub mode: ExecMode,
    /// Address width of the module (Physical32 / Physical64), the width of size_t.
    pub address_bits: u32,
    /// The kernel's attributes (SPIR-V execution modes).
    pub attrs: KernelAttrs,
    /// The source files that `Loc::file` indexes, as the module names them (OpString).
    pub sources: Vec<String>,
    /// How the work-groups of a kernel with barriers are built (`passes::workgroups`).
    pub work_groups: Option<WorkGroups>,
}

/// A kernel with barriers: its regions between barriers, each a loop over the work-items
/// of a group, and the work-item state kept across them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WorkGroups {
    /// Work-groups in the pipeline at once: a batch of groups passes through each region
    /// together, each group with its own copy of local memory.
    pub in_flight: u32,
    /// What kept it from more groups in flight, when something did.
    pub in_flight_limit: Option<String>,
    /// Bytes of local memory built, every group in flight's copy included (kept state too).
    pub local_bytes: u64,
    /// The most work-items a group may have: the size of each kept value's array.
    pub capacity: u64,
    /// Each region: the unit that runs it, and whether it issues a work-item per cycle.
    pub regions: Vec<RegionInfo>,
    /// The values kept per work-item across barriers, by name.
    pub kept: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegionInfo {
    pub unit: String,
    pub pipelined: bool,
    /// Units it runs for each work-item.
    pub units: usize,
}

/// Kernel attributes as the module states them (OpExecutionMode): what the host must
/// launch with, and hints.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KernelAttrs {
    /// `reqd_work_group_size` (LocalSize): the only work-group size the kernel runs with.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint` (LocalSizeHint).
    pub work_group_size_hint: Option<[u32; 3]>,
    /// `max_work_group_size` (MaxWorkgroupSizeINTEL).
    pub max_work_group_size: Option<[u32; 3]>,
    /// `max_global_work_dim` (MaxWorkDimINTEL): 0 makes it a single work-item kernel.
    pub max_work_dim: Option<u32>,
    /// `num_simd_work_items` (NumSimdWorkitemsINTEL).
    pub num_simd_work_items: Option<u32>,
    /// `vec_type_hint` (VecTypeHint), the raw operand.
    pub vec_type_hint: Option<u32>,
    /// NoGlobalOffsetINTEL: the kernel never reads the global offset.
    pub no_global_offset: bool,
    /// Float widths whose subnormals are flushed to zero (DenormFlushToZero, which the
    /// compile option `--denormals flush` adds to the module): the add, sub, mul, div, fma
    /// and sqrt of these widths read subnormal operands as zero and give zero for
    /// subnormal results (frontend::float_controls).
    pub flush_denormals: Vec<u32>,
    /// The parameters carry no OpName (clang's default flags discard value names), so the
    /// arguments are called arg0, arg1, … by position.
    pub positional_args: bool,
    /// Where each argument came from when the module was translated from another
    /// environment (Vulkan: a descriptor set and binding, a push-constant offset), by name.
    pub arg_origins: Vec<(String, String)>,
    /// The pipe arguments made for program-scope pipes: (argument, storage capacity in
    /// packets). In a system the writer and reader of one storage are connected.
    pub program_pipes: Vec<(String, u32)>,
}

impl KernelAttrs {
    pub fn flushes_denormals(&self, width: u32) -> bool {
        self.flush_denormals.contains(&width)
    }
}

impl Kernel {
    /// Sets every unit's `live_out` to the ops other units read (through `Outer` ops and
    /// entry phis) and its exit's branch or switch value.
    pub fn set_live_outs(&mut self) {
        let mut live: Vec<(UnitId, OpId)> = Vec::new();
        for (i, u) in self.units.iter().enumerate() {
            for (_, op) in u.body.ops() {
                if let OpKind::Outer(ValueRef::Op(du, dop)) = op.kind {
                    live.push((du, dop));
                }
            }
            for p in &u.entry_phis {
                for (_, r) in &p.incoming {
                    if let ValueRef::Op(du, dop) = r {
                        live.push((*du, *dop));
                    }
                }
            }
            match u.exit {
                Exit::Branch { cond, .. } => live.push((UnitId(i as u32), cond)),
                Exit::Switch { value, .. } => live.push((UnitId(i as u32), value)),
                _ => {}
            }
        }
        live.sort();
        live.dedup();
        for u in &mut self.units {
            u.live_out.clear();
        }
        for (u, op) in live {
            self.units[u.0 as usize].live_out.push(op);
        }
    }

    /// `file.cl:LINE`, how reports name a source position (the file's name without its
    /// folder: the sources of one kernel rarely share a name).
    pub fn line_of(&self, loc: Loc) -> String {
        format!("{}:{}", self.source_name(loc), loc.line)
    }
    /// `file.cl:LINE:COL`, for diagnostics.
    pub fn position_of(&self, loc: Loc) -> String {
        format!("{}:{}:{}", self.source_name(loc), loc.line, loc.col)
    }
    /// The position with its file's path (for a diagnostic that shows the line).
    pub fn source_pos(&self, loc: Loc) -> SourcePos {
        SourcePos {
            path: self
                .sources
                .get(loc.file as usize)
                .cloned()
                .unwrap_or_default(),
            line: loc.line,
            col: loc.col,
        }
    }
    fn source_name(&self, loc: Loc) -> &str {
        let path = self
            .sources
            .get(loc.file as usize)
            .map_or("?", String::as_str);
        path.rsplit(['/', '\\']).next().unwrap_or(path)
    }
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.0 as usize]
    }
    pub fn memory(&self, id: MemId) -> &Memory {
        &self.memories[id.0 as usize]
    }
    pub fn type_of(&self, v: ValueRef) -> Type {
        match v {
            ValueRef::Op(u, op) => self.unit(u).body.op(op).ty,
            ValueRef::EntryPhi(u, i) => self.unit(u).entry_phis[i].ty,
            ValueRef::Const(t, _) => t,
            ValueRef::Arg(a) => match self.args[a.0 as usize].kind {
                ArgKind::Buffer(_) | ArgKind::Local(_) | ArgKind::Pipe(_) => Type::ADDR,
                ArgKind::Scalar(t) => t,
            },
        }
    }
}

/// A human-readable dump of a kernel's IR (`hls-build compile --print-ir`).
pub fn dump(kernel: &Kernel) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(s, "kernel {} ({:?})", kernel.name, kernel.mode);
    for (i, a) in kernel.args.iter().enumerate() {
        let _ = writeln!(s, "  arg{i} {}: {:?}", a.name, a.kind);
    }
    for (i, u) in kernel.units.iter().enumerate() {
        let _ = writeln!(s, "  unit{i} {} {:?} exit {:?}", u.name, u.kind, u.exit);
        for (k, p) in u.entry_phis.iter().enumerate() {
            let _ = writeln!(s, "    phi{k}: {} <- {:?}", p.ty, p.incoming);
        }
        for (id, op) in u.body.ops() {
            let name = op
                .name
                .as_deref()
                .map(|n| format!(" ; {n}"))
                .unwrap_or_default();
            let mut ops: Vec<String> = op.operands.iter().map(|o| format!("v{}", o.0)).collect();
            let d = u.body.carried_distance(id);
            if op.kind == OpKind::CarriedPhi && d > 1 {
                // Read from d iterations back: shown on the `next` operand.
                if let Some(n) = ops.get_mut(1) {
                    n.push_str(&format!(" @-{d}"));
                }
            }
            let _ = writeln!(
                s,
                "    v{} = {:?} {} [{}]{}",
                id.0,
                op.kind,
                op.ty,
                ops.join(", "),
                name
            );
        }
        let _ = writeln!(
            s,
            "    live_out {:?}",
            u.live_out.iter().map(|o| o.0).collect::<Vec<_>>()
        );
    }
    s
}

/// The low `bits` bits of a word (all of them from 64 up): values of an `Int(bits)` are
/// kept masked to their width.
pub fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}
