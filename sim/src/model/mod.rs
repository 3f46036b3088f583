//! The software model: executes the SPIR-V module itself, work-item by work-item, with
//! function calls and phis as the module has them. It shares only the module parser with
//! the frontend, never the IR, so co-simulation checks the whole compiler.

use crate::float::{self as fl, Rounding};
use crate::values::{elem_of, ArgValue, Elem};
use crate::SimError;
use frontend::ir::FloatKind;
use frontend::spirv::{id_operand, literal_operand, SpirvModule, SpvType};
use rspirv::dr::Instruction;
use rspirv::spirv::{BuiltIn, Op, Word};
use std::collections::HashMap;

mod builtins;
mod collectives;
mod exec;
mod pipes;
mod vector;

#[derive(Debug, Clone, PartialEq)]
enum V {
    /// Integer (or bool) of `bits`, stored zero-extended.
    I(u64, u32),
    /// A half, float or double, held exactly as a double.
    F(f64, FloatKind),
    Vec(Vec<V>),
    /// Pointer into buffer `buf` at byte offset `off`.
    Ptr(usize, i64),
    /// Pointer to a private variable that holds one whole value (a pointer, a vector or a
    /// bool, as clang at -O0 keeps parameters and locals): slot `i` of `Machine::cells`.
    Cell(usize),
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}

/// Exponent field width of a format.
fn exp_bits(k: FloatKind) -> u32 {
    match k {
        FloatKind::F16 => 5,
        FloatKind::F32 => 8,
        FloatKind::F64 => 11,
    }
}

/// The OpenCL.std functions built from the add, sub, mul, div, fma and sqrt cores (see
/// frontend::lower::builtins), step by step as the hardware computes them when format `k`
/// flushes subnormals: each step reads subnormal operands as zero and gives zero for a
/// subnormal result. None: not one of them.
fn flushed_arithmetic(op: rspirv::spirv::OpenclStd100Op, args: &[V], k: FloatKind) -> Option<f64> {
    use rspirv::spirv::OpenclStd100Op as Cl;
    use std::f64::consts::PI;
    let z = |v: f64| fl::flush(k, v);
    let rd = |v: f64| fl::round(k, v);
    let add = |a: f64, b: f64| z(rd(z(a) + z(b)));
    let mul = |a: f64, b: f64| z(rd(z(a) * z(b)));
    let div = |a: f64, b: f64| z(rd(z(a) / z(b)));
    let sqrt = |a: f64| z(rd(z(a).sqrt()));
    let xs: Vec<f64> = args
        .iter()
        .map(|a| match a {
            V::F(x, kind) if *kind == k => Some(*x),
            _ => None,
        })
        .collect::<Option<_>>()?;
    Some(match (op, xs.as_slice()) {
        (Cl::sqrt | Cl::half_sqrt | Cl::native_sqrt, [x]) => sqrt(*x),
        (Cl::rsqrt | Cl::half_rsqrt | Cl::native_rsqrt, [x]) => div(1.0, sqrt(*x)),
        (Cl::half_recip | Cl::native_recip, [x]) => div(1.0, *x),
        (Cl::half_divide | Cl::native_divide, [x, y]) => div(*x, *y),
        (Cl::degrees, [x]) => mul(rd(180.0 / rd(PI)), *x),
        (Cl::radians, [x]) => mul(rd(rd(PI) / 180.0), *x),
        // The comparison reads the operands as they are (the compare has no FTZ).
        (Cl::fdim, [x, y]) => {
            if x.is_nan() || y.is_nan() {
                add(*x, *y)
            } else if x > y {
                add(*x, -y)
            } else {
                0.0
            }
        }
        (Cl::mix, [x, y, a]) => add(*x, mul(add(*y, -x), *a)),
        (Cl::fma, [x, y, c]) => z(fl::fma(k, z(*x), z(*y), z(*c))),
        (Cl::mad, [x, y, c]) => add(mul(*x, *y), *c),
        _ => return None,
    })
}

/// Integer `x` of `from` bits (signed or not) clamped to the range of a `to`-bit integer
/// (signed or not): the saturating conversions.
fn saturate(x: u64, from: u32, from_signed: bool, to_signed: bool, to: u32) -> u64 {
    let v: i128 = if from_signed {
        sext(x, from) as i128
    } else {
        x as i128
    };
    let (lo, hi) = if to_signed {
        (-(1i128 << (to - 1)), (1i128 << (to - 1)) - 1)
    } else {
        (0, (1i128 << to) - 1)
    };
    (v.clamp(lo, hi) as u64) & mask(to)
}

struct WorkItem {
    gid: [u64; 3],
    lid: [u64; 3],
    grp: [u64; 3],
    gsize: [u64; 3],
    lsize: [u64; 3],
    work_dim: u32,
}

/// One activation of a function in a work-item's call stack: where it is and its values.
struct Frame<'m> {
    f: &'m rspirv::dr::Function,
    vals: HashMap<Word, V>,
    /// Block label -> index in `f.blocks`.
    index: HashMap<Word, usize>,
    block: usize,
    /// Next instruction of the block (0: the block is being entered, phis first).
    pos: usize,
    /// The block control came from (phis choose by it).
    prev: Word,
    /// The caller's id receiving the return value.
    ret: Word,
}

/// Why a work-item stopped running.
enum Stop<'m> {
    Barrier,
    /// At a work-group collective, with what it brings to it.
    Collective(collectives::Arrival<'m>),
    Done,
}

fn label_of(b: &rspirv::dr::Block) -> Word {
    b.label.as_ref().and_then(|l| l.result_id).unwrap_or(0)
}

struct Machine<'m> {
    m: &'m SpirvModule,
    bufs: Vec<(Elem, Vec<u8>)>,
    steps: u64,
    /// The current work-group's local (Workgroup) variables: variable id -> buffer.
    locals: HashMap<Word, usize>,
    /// Result type of every id of the module (access chains need their base's type).
    id_types: HashMap<Word, Word>,
    /// While a vector instruction runs lane by lane (each lane a scalar copy with a scratch
    /// result id), the vector instruction's id: its decorations hold for every lane.
    lane_parent: Word,
    /// Float widths whose add, sub, mul, div, fma and sqrt flush subnormals to zero
    /// (DenormFlushToZero; frontend::float_controls), as the cores do.
    flush: Vec<u32>,
    /// The current work-group's private whole-value variables (`V::Cell`): the type each
    /// holds and its value once stored.
    cells: Vec<(Word, Option<V>)>,
    /// The pipe arguments, by their buffer in `bufs`.
    pipes: HashMap<usize, pipes::PipeState>,
    /// In a system of kernels: the pipes between them, and which kernel this is.
    net: Option<(&'m crate::net::PipeNet, usize)>,
}

/// The bytes of a constant (scalars, composites, null) in memory layout.
/// Element type and size in bytes of an on-chip array variable's pointee (arrays of one
/// scalar type, nested or not).
fn array_layout(m: &SpirvModule, pointee: Word) -> Option<(Elem, usize)> {
    let mut t = pointee;
    // A struct's default element is its first member's (accesses are typed anyway).
    loop {
        match m.types.get(&t) {
            Some(SpvType::Array(e, _)) => t = *e,
            Some(SpvType::Struct(members)) => t = *members.first()?,
            _ => break,
        }
    }
    Some((elem_of(m, t)?, m.type_size(pointee)? as usize))
}

const STEP_LIMIT: u64 = 2_000_000_000;

pub fn run_model(
    spirv: &[u8],
    kernel: Option<&str>,
    args: &[ArgValue],
    global: [u64; 3],
    local: [u64; 3],
    work_dim: u32,
) -> Result<Vec<ArgValue>, SimError> {
    run_model_counted(spirv, kernel, args, global, local, work_dim).map(|(v, _)| v)
}

/// `run_model`, also returning the work done: SPIR-V instructions executed over all
/// work-items (what the RTL's cycle budget is sized from).
pub fn run_model_counted(
    spirv: &[u8],
    kernel: Option<&str>,
    args: &[ArgValue],
    global: [u64; 3],
    local: [u64; 3],
    work_dim: u32,
) -> Result<(Vec<ArgValue>, u64), SimError> {
    let m = SpirvModule::load(spirv).map_err(|e| SimError::Model(e.to_string()))?;
    let launch = Launch {
        global,
        local,
        work_dim,
    };
    run_kernel(&m, kernel, args, launch, None)
}

/// An NDRange: global and local sizes, and the dimensions get_work_dim reports.
#[derive(Debug, Clone, Copy)]
pub struct Launch {
    pub global: [u64; 3],
    pub local: [u64; 3],
    pub work_dim: u32,
}

/// One kernel of a system: as `run_model_counted`, with its pipe arguments that `net`
/// connects (argument index, link) reading and writing the links, as kernel `me` of the
/// net. The net is told when the kernel ends, however it ends.
pub fn run_linked(
    m: &SpirvModule,
    kernel: &str,
    args: &[ArgValue],
    launch: Launch,
    net: &crate::net::PipeNet,
    me: usize,
    links: &[(usize, usize)],
) -> Result<(Vec<ArgValue>, u64), SimError> {
    let r = run_kernel(m, Some(kernel), args, launch, Some((net, me, links)));
    net.finish(me);
    r
}

type NetRef<'a> = Option<(&'a crate::net::PipeNet, usize, &'a [(usize, usize)])>;

// Long because it is the NDRange loop with the work-group barrier protocol, which reads best in one piece.
fn run_kernel(
    m: &SpirvModule,
    kernel: Option<&str>,
    args: &[ArgValue],
    launch: Launch,
    net: NetRef<'_>,
) -> Result<(Vec<ArgValue>, u64), SimError> {
    let Launch {
        global,
        local,
        work_dim,
    } = launch;
    let (_, fid) = m
        .kernel(kernel)
        .map_err(|e| SimError::Model(e.to_string()))?;
    let mut bufs = Vec::new();
    let mut argv = Vec::new();
    let f = m
        .function(fid)
        .ok_or_else(|| SimError::Model("kernel without body".into()))?;
    // `local` pointer arguments: (argument index, element, bytes), allocated per group.
    let mut local_args: Vec<(usize, Elem, usize)> = Vec::new();
    for (a, p) in args.iter().zip(&f.parameters) {
        let local = match p.result_type.and_then(|t| m.types.get(&t)) {
            Some(SpvType::Pointer(rspirv::spirv::StorageClass::Workgroup, e)) => elem_of(m, *e),
            _ => None,
        };
        match a {
            ArgValue::Buffer(b) => {
                argv.push(V::Ptr(bufs.len(), 0));
                bufs.push((b.elem, b.bytes.clone()));
            }
            ArgValue::Scalar(bytes) if local.is_some() => {
                local_args.push((argv.len(), local.unwrap_or(Elem::Int(8)), *bytes as usize));
                argv.push(V::Ptr(0, 0));
            }
            ArgValue::Scalar(bits) => {
                let ty = p.result_type.unwrap_or(0);
                argv.push(match elem_of(m, ty) {
                    Some(Elem::Int(w)) => V::I(*bits & mask(w), w),
                    Some(e) => {
                        let k = e.float_kind().unwrap_or(FloatKind::F32);
                        V::F(fl::from_bits(k, *bits), k)
                    }
                    None => return Err(SimError::Model("unsupported scalar argument type".into())),
                });
            }
        }
    }
    let pipes = pipes::pipe_params(m, f, args, &mut bufs, net.map_or(&[], |n| n.2));
    let mut mach = Machine {
        m,
        pipes,
        net: net.map(|(n, me, _)| (n, me)),
        bufs,
        steps: 0,
        locals: HashMap::new(),
        id_types: m
            .module
            .types_global_values
            .iter()
            .chain(m.module.functions.iter().flat_map(|f| {
                f.parameters
                    .iter()
                    .chain(f.blocks.iter().flat_map(|b| b.instructions.iter()))
            }))
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect(),
        lane_parent: 0,
        flush: frontend::float_controls::flushed_widths(m, fid)
            .map_err(|e| SimError::Model(e.to_string()))?,
        cells: Vec::new(),
    };
    let workgroup_vars: Vec<(Word, Word)> = m
        .module
        .types_global_values
        .iter()
        .filter(|i| {
            i.class.opcode == Op::Variable
                && matches!(
                    i.operands.first(),
                    Some(rspirv::dr::Operand::StorageClass(
                        rspirv::spirv::StorageClass::Workgroup
                    ))
                )
        })
        .filter_map(|i| match i.result_type.and_then(|t| m.types.get(&t)) {
            Some(SpvType::Pointer(_, p)) => Some((i.result_id?, *p)),
            _ => None,
        })
        .collect();
    // Module-scope constant data (UniformConstant tables, annotation strings): buffers for
    // the whole run, filled from their initializers.
    for i in &m.module.types_global_values {
        let (Op::Variable, Some(id), Some(init)) = (i.class.opcode, i.result_id, id_operand(i, 1))
        else {
            continue;
        };
        let Some(SpvType::Pointer(_, pointee)) = i.result_type.and_then(|t| m.types.get(&t)) else {
            continue;
        };
        if let (Some((elem, size)), Some(bytes)) =
            (array_layout(m, *pointee), m.constant_bytes(init))
        {
            if bytes.len() == size {
                mach.locals.insert(id, mach.bufs.len());
                mach.bufs.push((elem, bytes));
            }
        }
    }
    let constants = mach.locals.clone();
    let n_args = mach.bufs.len();
    let groups = [
        global[0] / local[0],
        global[1] / local[1],
        global[2] / local[2],
    ];
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                // Local memory lives as long as its work-group (its contents start undefined;
                // zero here).
                mach.bufs.truncate(n_args);
                mach.cells.clear();
                mach.locals = constants.clone();
                for (id, pointee) in &workgroup_vars {
                    let (elem, size) = array_layout(m, *pointee).ok_or_else(|| {
                        SimError::Model(format!(
                            "local variable %{id}: only arrays of scalars are modelled"
                        ))
                    })?;
                    mach.locals.insert(*id, mach.bufs.len());
                    mach.bufs.push((elem, vec![0u8; size]));
                }
                let mut argv = argv.clone();
                for (i, elem, bytes) in &local_args {
                    argv[*i] = V::Ptr(mach.bufs.len(), 0);
                    mach.bufs.push((*elem, vec![0u8; *bytes]));
                }
                // The group's work-items run in order, each until it returns or reaches a
                // barrier; after a barrier all resume in the same order. Without barriers
                // each runs to completion before the next starts. Private arrays live until
                // the group ends.
                let mut items = Vec::new();
                for lz in 0..local[2] {
                    for ly in 0..local[1] {
                        for lx in 0..local[0] {
                            let wi = WorkItem {
                                gid: [gx * local[0] + lx, gy * local[1] + ly, gz * local[2] + lz],
                                lid: [lx, ly, lz],
                                grp: [gx, gy, gz],
                                gsize: global,
                                lsize: local,
                                work_dim,
                            };
                            let stack = vec![mach.frame(fid, argv.clone(), 0)?];
                            items.push((wi, stack));
                        }
                    }
                }
                loop {
                    let (mut waiting, mut done) = (0, 0);
                    let mut arrivals = Vec::new();
                    for (wi, stack) in items.iter_mut() {
                        if stack.is_empty() {
                            done += 1;
                            continue;
                        }
                        match mach.run(stack, wi)? {
                            Stop::Barrier => waiting += 1,
                            Stop::Collective(a) => arrivals.push(a),
                            Stop::Done => done += 1,
                        }
                    }
                    if waiting == 0 && arrivals.is_empty() {
                        break;
                    }
                    if done > 0 || (waiting > 0 && !arrivals.is_empty()) {
                        let what = if arrivals.is_empty() {
                            "a barrier"
                        } else {
                            "a collective"
                        };
                        let n = waiting + arrivals.len();
                        return Err(SimError::Model(format!(
                            "work-group ({gx}, {gy}, {gz}): {n} work-items wait at {what} that {} others never reach (barriers and collectives must be reached by the whole group)",
                            items.len() - n
                        )));
                    }
                    // Each work-item resumes with its result of the collective.
                    let results = mach.collective_results(&arrivals, local)?;
                    for ((_, stack), (a, v)) in items.iter_mut().zip(arrivals.iter().zip(results)) {
                        if let Some(fr) = stack.last_mut() {
                            fr.vals.insert(a.result(), v);
                        }
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut bi = 0;
    for a in args {
        match a {
            ArgValue::Buffer(b) => {
                out.push(ArgValue::Buffer(crate::values::Buffer {
                    elem: b.elem,
                    bytes: mach.bufs[bi].1.clone(),
                }));
                bi += 1;
            }
            s => out.push(s.clone()),
        }
    }
    Ok((out, mach.steps))
}

impl<'m> Machine<'m> {
    fn err(&self, inst: &Instruction, msg: &str) -> SimError {
        SimError::Model(format!("{}: {msg}", self.m.describe(inst)))
    }

    /// A new frame for function `fid` called with `args`; its return value goes to the
    /// caller's `ret` id.
    fn frame(&self, fid: Word, args: Vec<V>, ret: Word) -> Result<Frame<'m>, SimError> {
        let f = self
            .m
            .function(fid)
            .ok_or_else(|| SimError::Model(format!("call to %{fid} without body")))?;
        let mut vals: HashMap<Word, V> = HashMap::new();
        for (p, a) in f.parameters.iter().zip(args) {
            vals.insert(p.result_id.unwrap_or(0), a);
        }
        let index = f
            .blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (label_of(b), i))
            .collect();
        Ok(Frame {
            f,
            vals,
            index,
            block: 0,
            pos: 0,
            prev: 0,
            ret,
        })
    }

    /// Runs one work-item from where it stopped until it returns from the kernel or reaches
    /// a work-group barrier. Calls push frames on the work-item's own stack, so a barrier
    /// inside a called function suspends the whole work-item.
    fn run(&mut self, stack: &mut Vec<Frame<'m>>, wi: &WorkItem) -> Result<Stop<'m>, SimError> {
        loop {
            if stack.len() > 64 {
                return Err(SimError::Model("call depth above 64 (recursion?)".into()));
            }
            let depth = stack.len() as u32;
            let Some(fr) = stack.last_mut() else {
                return Ok(Stop::Done);
            };
            let block =
                fr.f.blocks
                    .get(fr.block)
                    .ok_or_else(|| SimError::Model("a function without blocks".into()))?;
            if fr.pos == 0 {
                // Phis read their inputs simultaneously on entry.
                // Line and debug instructions may come before and between them.
                let heading = |i: &&Instruction| {
                    matches!(i.class.opcode, Op::Phi | Op::Line | Op::NoLine)
                        || self.m.is_nonsemantic(i)
                };
                let head = block.instructions.iter().take_while(heading).count();
                let mut phis = Vec::new();
                for inst in block.instructions[..head]
                    .iter()
                    .filter(|i| i.class.opcode == Op::Phi)
                {
                    let mut chosen = None;
                    for k in (0..inst.operands.len()).step_by(2) {
                        if id_operand(inst, k + 1) == Some(fr.prev) {
                            chosen =
                                Some(self.get(&fr.vals, id_operand(inst, k).unwrap_or(0), inst)?);
                        }
                    }
                    phis.push((
                        inst.result_id.unwrap_or(0),
                        chosen.ok_or_else(|| {
                            self.err(inst, "no incoming value for the edge taken")
                        })?,
                    ));
                }
                fr.pos = head;
                for (id, v) in phis {
                    fr.vals.insert(id, v);
                }
            }
            let Some(inst) = block.instructions.get(fr.pos) else {
                return Err(SimError::Model("a block without a terminator".into()));
            };
            fr.pos += 1;
            self.steps += 1;
            if self.steps > STEP_LIMIT {
                return Err(SimError::Model(
                    "the kernel ran more than 2e9 instructions (endless loop?)".into(),
                ));
            }
            let target = match inst.class.opcode {
                Op::Branch => Some(id_operand(inst, 0).unwrap_or(0)),
                Op::BranchConditional => {
                    let c = self.int(&fr.vals, id_operand(inst, 0).unwrap_or(0), inst)?;
                    Some(id_operand(inst, if c != 0 { 1 } else { 2 }).unwrap_or(0))
                }
                Op::Switch => {
                    let sel = self.int(&fr.vals, id_operand(inst, 0).unwrap_or(0), inst)?;
                    let case = frontend::cfg::switch_cases(inst)
                        .into_iter()
                        .find(|(lit, _)| *lit == sel);
                    Some(
                        case.map(|(_, l)| l)
                            .unwrap_or(id_operand(inst, 1).unwrap_or(0)),
                    )
                }
                Op::Return | Op::ReturnValue => {
                    let v = match inst.class.opcode {
                        Op::ReturnValue => {
                            Some(self.get(&fr.vals, id_operand(inst, 0).unwrap_or(0), inst)?)
                        }
                        _ => None,
                    };
                    let ret = fr.ret;
                    stack.pop();
                    match (stack.last_mut(), v) {
                        (None, _) => return Ok(Stop::Done),
                        (Some(caller), Some(v)) => {
                            caller.vals.insert(ret, v);
                        }
                        (Some(_), None) => {}
                    }
                    continue;
                }
                Op::Unreachable => return Err(self.err(inst, "reached OpUnreachable")),
                Op::FunctionCall => {
                    let mut args = Vec::new();
                    for k in 1..inst.operands.len() {
                        args.push(self.get(&fr.vals, id_operand(inst, k).unwrap_or(0), inst)?);
                    }
                    let callee = self.frame(
                        id_operand(inst, 0).unwrap_or(0),
                        args,
                        inst.result_id.unwrap_or(0),
                    )?;
                    stack.push(callee);
                    continue;
                }
                // Every work-item of the group waits here until all have arrived: the
                // caller runs the others up to this point before resuming this one.
                // wait_group_events: the copies were made when the group reached them;
                // waiting is the group meeting again.
                Op::ControlBarrier | Op::GroupWaitEvents => return Ok(Stop::Barrier),
                op if collectives::is_collective(op) => {
                    let a = self.arrive(inst, &fr.vals)?;
                    if !a.alone() {
                        return Ok(Stop::Collective(a));
                    }
                    let one = self.collective_results(std::slice::from_ref(&a), [1, 1, 1])?;
                    fr.vals.extend(one.into_iter().map(|v| (a.result(), v)));
                    None
                }
                // A fence orders this work-item's own accesses, which the model performs
                // in program order anyway.
                Op::MemoryBarrier => None,
                _ => {
                    self.exec(inst, &mut fr.vals, wi, depth)?;
                    None
                }
            };
            if let Some(t) = target {
                fr.prev = label_of(block);
                fr.block = *fr
                    .index
                    .get(&t)
                    .ok_or_else(|| self.err(inst, "branch to unknown block"))?;
                fr.pos = 0;
            }
        }
    }

    fn get(&self, vals: &HashMap<Word, V>, id: Word, inst: &Instruction) -> Result<V, SimError> {
        if let Some(v) = vals.get(&id) {
            return Ok(v.clone());
        }
        if let Some((ty, bits)) = self.m.constants.get(&id) {
            return match self.m.types.get(ty) {
                Some(SpvType::Bool) => Ok(V::I(*bits & 1, 1)),
                Some(SpvType::Int(w)) => Ok(V::I(*bits & mask(*w), *w)),
                Some(SpvType::Float(w)) => {
                    let k = fl::kind_of_width(*w)
                        .ok_or_else(|| self.err(inst, "float constant of an unknown width"))?;
                    Ok(V::F(fl::from_bits(k, *bits), k))
                }
                Some(SpvType::Vector(..)) => self.zero(*ty, inst),
                _ => Err(self.err(inst, "constant of an unsupported type")),
            };
        }
        if let Some(b) = self.locals.get(&id) {
            return Ok(V::Ptr(*b, 0));
        }
        if let Some(i) = self
            .m
            .module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id))
        {
            match i.class.opcode {
                Op::Undef | Op::ConstantNull => return self.zero(i.result_type.unwrap_or(0), inst),
                Op::ConstantComposite => {
                    let mut items = Vec::new();
                    for k in 0..i.operands.len() {
                        items.push(self.get(vals, id_operand(i, k).unwrap_or(0), inst)?);
                    }
                    return Ok(V::Vec(items));
                }
                _ => {}
            }
        }
        Err(self.err(inst, &format!("operand %{id} has no value")))
    }

    /// The element a scalar load or store through pointer `ptr` accesses: the pointee's
    /// type (members of an on-chip struct differ), else buffer `b`'s element.
    fn access_elem(&self, ptr: Word, b: usize) -> Elem {
        self.id_types
            .get(&ptr)
            .and_then(|t| match self.m.types.get(t) {
                Some(SpvType::Pointer(_, p)) => elem_of(self.m, *p),
                _ => None,
            })
            .unwrap_or(self.bufs[b].0)
    }

    fn read_elem(&self, inst: &Instruction, b: usize, off: i64, ty: Word) -> Result<V, SimError> {
        let elem = &self.bufs[b].0;
        let x = self.raw_read(inst, b, off, elem.bytes())?;
        Ok(match (self.m.types.get(&ty), elem) {
            (Some(SpvType::Float(w)), _) if fl::kind_of_width(*w).is_some() => {
                let k = fl::kind_of_width(*w).unwrap_or(FloatKind::F32);
                V::F(fl::from_bits(k, x & mask(*w)), k)
            }
            (_, Elem::Int(w)) => V::I(x & mask(*w), *w),
            (_, e) => {
                let k = e.float_kind().unwrap_or(FloatKind::F32);
                V::F(fl::from_bits(k, x), k)
            }
        })
    }

    fn write_elem(
        &mut self,
        inst: &Instruction,
        b: usize,
        off: i64,
        v: &V,
    ) -> Result<(), SimError> {
        let x = match v {
            V::F(f, k) => fl::to_bits(*k, *f),
            V::I(x, _) => *x,
            _ => return Err(self.err(inst, "store of an unsupported value")),
        };
        let n = self.bufs[b].0.bytes();
        self.raw_write(inst, b, off, n, x)
    }

    /// `n` raw bytes of buffer `b` at byte `off`, little-endian.
    fn raw_read(&self, inst: &Instruction, b: usize, off: i64, n: usize) -> Result<u64, SimError> {
        if n > 8 {
            return Err(self.err(inst, "an access wider than 64 bits"));
        }
        let bytes = &self.bufs[b].1;
        if off < 0 || off as usize + n > bytes.len() {
            return Err(SimError::BadArg(format!(
                "{}: reads byte {off} of a {}-byte buffer: an input buffer is too short for this NDRange",
                self.m.describe(inst),
                bytes.len()
            )));
        }
        let mut raw = [0u8; 8];
        raw[..n].copy_from_slice(&bytes[off as usize..off as usize + n]);
        Ok(u64::from_le_bytes(raw))
    }

    fn raw_write(
        &mut self,
        inst: &Instruction,
        b: usize,
        off: i64,
        n: usize,
        bits: u64,
    ) -> Result<(), SimError> {
        if n > 8 {
            return Err(self.err(inst, "an access wider than 64 bits"));
        }
        let desc = self.m.describe(inst);
        let bytes = &mut self.bufs[b].1;
        if off < 0 || off as usize + n > bytes.len() {
            let len = bytes.len();
            return Err(SimError::BadArg(format!(
                "{desc}: writes byte {off} of a {len}-byte buffer: an output buffer is too short for this NDRange"
            )));
        }
        bytes[off as usize..off as usize + n].copy_from_slice(&bits.to_le_bytes()[..n]);
        Ok(())
    }

    fn zero(&self, ty: Word, inst: &Instruction) -> Result<V, SimError> {
        if let Some((c, n)) = self.vector_of(Some(ty)) {
            return Ok(V::Vec(
                (0..n)
                    .map(|_| self.zero(c, inst))
                    .collect::<Result<_, _>>()?,
            ));
        }
        match self.m.types.get(&ty) {
            Some(SpvType::Bool) => Ok(V::I(0, 1)),
            Some(SpvType::Int(w)) => Ok(V::I(0, *w)),
            Some(SpvType::Float(w)) if fl::kind_of_width(*w).is_some() => {
                Ok(V::F(0.0, fl::kind_of_width(*w).unwrap_or(FloatKind::F32)))
            }
            _ => Err(self.err(inst, "undef of an unsupported type")),
        }
    }

    fn int(&self, vals: &HashMap<Word, V>, id: Word, inst: &Instruction) -> Result<u64, SimError> {
        match self.get(vals, id, inst)? {
            V::I(v, _) => Ok(v),
            _ => Err(self.err(inst, "expected an integer operand")),
        }
    }

    /// The float format of an instruction's (scalar) result.
    fn result_float(&self, inst: &Instruction) -> Result<FloatKind, SimError> {
        match self.m.types.get(&inst.result_type.unwrap_or(0)) {
            Some(SpvType::Float(w)) => {
                fl::kind_of_width(*w).ok_or_else(|| self.err(inst, "float of an unsupported width"))
            }
            _ => Err(self.err(inst, "expected a float result type")),
        }
    }

    /// The id whose decorations apply to result `id` (a lane's are its vector's).
    fn decorated(&self, id: Word) -> Word {
        if id == u32::MAX && self.lane_parent != 0 {
            self.lane_parent
        } else {
            id
        }
    }

    /// The FPRoundingMode decoration of a result, or the operation's default.
    fn rounding(&self, id: Word, default: Rounding) -> Rounding {
        self.m
            .decorations
            .get(&self.decorated(id))
            .into_iter()
            .flatten()
            .find_map(|(d, ops)| match (d, ops.first()) {
                (
                    rspirv::spirv::Decoration::FPRoundingMode,
                    Some(rspirv::dr::Operand::FPRoundingMode(m)),
                ) => Some(Rounding::from_spirv(*m)),
                _ => None,
            })
            .unwrap_or(default)
    }

    fn result_bits(&self, inst: &Instruction) -> Result<u32, SimError> {
        match self.m.types.get(&inst.result_type.unwrap_or(0)) {
            Some(SpvType::Bool) => Ok(1),
            Some(SpvType::Int(w)) => Ok(*w),
            Some(SpvType::Float(w)) => Ok(*w),
            _ => Err(self.err(inst, "unsupported result type")),
        }
    }
}
