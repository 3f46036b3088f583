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

#[derive(Debug, Clone, PartialEq)]
enum V {
    /// Integer (or bool) of `bits`, stored zero-extended.
    I(u64, u32),
    /// A half, float or double, held exactly as a double.
    F(f64, FloatKind),
    Vec(Vec<V>),
    /// Pointer into buffer `buf` at byte offset `off`.
    Ptr(usize, i64),
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
enum Stop {
    Barrier,
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
    let m = SpirvModule::load(spirv).map_err(|e| SimError::Model(e.to_string()))?;
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
            Some(SpvType::Pointer(rspirv::spirv::StorageClass::Workgroup, e)) => elem_of(&m, *e),
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
                argv.push(match elem_of(&m, ty) {
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
    let mut mach = Machine {
        m: &m,
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
        flush: frontend::float_controls::flushed_widths(&m, fid)
            .map_err(|e| SimError::Model(e.to_string()))?,
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
            (array_layout(&m, *pointee), m.constant_bytes(init))
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
                mach.locals = constants.clone();
                for (id, pointee) in &workgroup_vars {
                    let (elem, size) = array_layout(&m, *pointee).ok_or_else(|| {
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
                    for (wi, stack) in items.iter_mut() {
                        if stack.is_empty() {
                            done += 1;
                            continue;
                        }
                        match mach.run(stack, wi)? {
                            Stop::Barrier => waiting += 1,
                            Stop::Done => done += 1,
                        }
                    }
                    if waiting == 0 {
                        break;
                    }
                    if done > 0 {
                        return Err(SimError::Model(format!(
                            "work-group ({gx}, {gy}, {gz}): {waiting} work-items wait at a barrier that {done} others never reach (barriers must be reached by the whole group)"
                        )));
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
    Ok(out)
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
    fn run(&mut self, stack: &mut Vec<Frame<'m>>, wi: &WorkItem) -> Result<Stop, SimError> {
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
                let mut phis = Vec::new();
                for inst in block
                    .instructions
                    .iter()
                    .take_while(|i| i.class.opcode == Op::Phi)
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
                fr.pos = phis.len();
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
                Op::ControlBarrier => return Ok(Stop::Barrier),
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

    /// (component type id, lanes) of a vector type.
    fn vector_of(&self, ty: Option<Word>) -> Option<(Word, u32)> {
        match ty.and_then(|t| self.m.types.get(&t)) {
            Some(SpvType::Vector(c, n)) => Some((*c, *n)),
            _ => None,
        }
    }

    /// Vector instructions: lane-wise arithmetic (each lane through the scalar code) and the
    /// ones that move lanes. Returns false for anything else.
    fn exec_vector(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
        wi: &WorkItem,
        depth: u32,
    ) -> Result<bool, SimError> {
        use rspirv::spirv::OpenclStd100Op as Ocl;
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        let lanes_of = |v: &V| match v {
            V::Vec(items) => Some(items.clone()),
            _ => None,
        };
        match op {
            Op::CompositeConstruct if self.vector_of(inst.result_type).is_some() => {
                let mut items = Vec::new();
                for i in 0..inst.operands.len() {
                    match self.get(vals, a(i), inst)? {
                        V::Vec(v) => items.extend(v),
                        x => items.push(x),
                    }
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::CompositeInsert if self.vector_of(inst.result_type).is_some() => {
                let obj = self.get(vals, a(0), inst)?;
                let mut items = lanes_of(&self.get(vals, a(1), inst)?)
                    .ok_or_else(|| self.err(inst, "insert into a non-vector"))?;
                let at = literal_operand(inst, 2).unwrap_or(0) as usize;
                *items
                    .get_mut(at)
                    .ok_or_else(|| self.err(inst, "lane out of range"))? = obj;
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::VectorShuffle => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "shuffle of a non-vector"))?;
                let y = lanes_of(&self.get(vals, a(1), inst)?)
                    .ok_or_else(|| self.err(inst, "shuffle of a non-vector"))?;
                let comp = self
                    .vector_of(inst.result_type)
                    .map(|(c, _)| c)
                    .unwrap_or(0);
                let mut items = Vec::new();
                for o in &inst.operands[2..] {
                    let rspirv::dr::Operand::LiteralBit32(c) = o else {
                        continue;
                    };
                    let c = *c as usize;
                    items.push(if c == u32::MAX as usize {
                        self.zero(comp, inst)?
                    } else if c < x.len() {
                        x[c].clone()
                    } else {
                        y.get(c - x.len())
                            .cloned()
                            .ok_or_else(|| self.err(inst, "lane out of range"))?
                    });
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::VectorExtractDynamic => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "extract from a non-vector"))?;
                let k = self.int(vals, a(1), inst)? as usize;
                let v = match x.get(k) {
                    Some(v) => v.clone(),
                    None => self.zero(inst.result_type.unwrap_or(0), inst)?,
                };
                vals.insert(rid, v);
                Ok(true)
            }
            Op::Load
                if self.vector_of(inst.result_type).is_some()
                    && !self.m.builtins.contains_key(&a(0)) =>
            {
                let (comp, n) = self.vector_of(inst.result_type).unwrap_or((0, 0));
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "load through a non-pointer"));
                };
                let step = self.bufs[b].0.bytes() as i64;
                let mut items = Vec::new();
                for k in 0..n as i64 {
                    items.push(self.read_elem(inst, b, off + k * step, comp)?);
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::Store => {
                let V::Vec(items) = self.get(vals, a(1), inst)? else {
                    return Ok(false);
                };
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "store through a non-pointer"));
                };
                let step = self.bufs[b].0.bytes() as i64;
                for (k, v) in items.iter().enumerate() {
                    self.write_elem(inst, b, off + k as i64 * step, v)?;
                }
                Ok(true)
            }
            Op::ExtInst
                if self.vector_of(inst.result_type).is_some()
                    && matches!(inst.operands.get(1), Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) if *n == rspirv::spirv::OpenclStd100Op::select as u32) =>
            {
                // Vector select: the top bit of each lane of c picks b.
                let (x, y, c) = (
                    self.get(vals, a(2), inst)?,
                    self.get(vals, a(3), inst)?,
                    self.get(vals, a(4), inst)?,
                );
                let (Some(x), Some(y), Some(c)) = (lanes_of(&x), lanes_of(&y), lanes_of(&c)) else {
                    return Err(self.err(inst, "select of mixed vector and scalar operands"));
                };
                let items = x
                    .into_iter()
                    .zip(y)
                    .zip(c)
                    .map(|((x, y), c)| match c {
                        V::I(v, w) => Ok(if (v >> (w - 1)) & 1 == 1 { y } else { x }),
                        _ => Err(self.err(inst, "select condition is not an integer")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            // Vector loads (vloadn, vload_halfn) read whole vectors, not lane by lane.
            Op::ExtInst
                if matches!(inst.operands.get(1), Some(rspirv::dr::Operand::LiteralExtInstInteger(n))
                    if [Ocl::vloadn, Ocl::vload_halfn, Ocl::vloada_halfn].iter().any(|o| *o as u32 == *n)) =>
            {
                let v = self.ext_inst(inst, vals)?;
                vals.insert(rid, v);
                Ok(true)
            }
            Op::Dot => {
                let (Some(x), Some(y)) = (
                    lanes_of(&self.get(vals, a(0), inst)?),
                    lanes_of(&self.get(vals, a(1), inst)?),
                ) else {
                    return Err(self.err(inst, "dot of non-vectors"));
                };
                // Lane products summed in order, each step rounded in the format.
                let mut acc: Option<(f64, FloatKind)> = None;
                for (p, q) in x.iter().zip(&y) {
                    let (V::F(p, k), V::F(q, _)) = (p, q) else {
                        return Err(self.err(inst, "dot of non-float vectors"));
                    };
                    let prod = fl::round(*k, p * q);
                    acc = Some(match acc {
                        None => (prod, *k),
                        Some((s, _)) => (fl::round(*k, s + prod), *k),
                    });
                }
                let (v, k) = acc.ok_or_else(|| self.err(inst, "dot of empty vectors"))?;
                vals.insert(rid, V::F(v, k));
                Ok(true)
            }
            Op::Any | Op::All => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "any/all of a non-vector"))?;
                let bits = x.iter().map(|v| matches!(v, V::I(b, _) if *b != 0));
                let r = if op == Op::Any {
                    bits.clone().any(|b| b)
                } else {
                    bits.clone().all(|b| b)
                };
                vals.insert(rid, V::I(u64::from(r), 1));
                Ok(true)
            }
            Op::VectorTimesScalar => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "vector-times-scalar of a non-vector"))?;
                let V::F(s, _) = self.get(vals, a(1), inst)? else {
                    return Err(self.err(inst, "vector-times-scalar by a non-float"));
                };
                let items = x
                    .into_iter()
                    .map(|v| match v {
                        V::F(p, k) => Ok(V::F(fl::round(k, p * s), k)),
                        _ => Err(self.err(inst, "vector-times-scalar of a non-float vector")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::CompositeExtract | Op::Load | Op::CopyObject | Op::FunctionCall | Op::Phi => {
                Ok(false)
            }
            _ => {
                let Some((comp, n)) = self.vector_of(inst.result_type) else {
                    return Ok(false);
                };
                // Lane-wise: each lane is the scalar instruction on the operands' lanes.
                let mut items = Vec::new();
                for k in 0..n as usize {
                    let mut lane = inst.clone();
                    lane.result_type = Some(comp);
                    lane.result_id = Some(u32::MAX);
                    let mut scratch: Vec<(Word, V)> = Vec::new();
                    for (i, o) in lane.operands.iter_mut().enumerate() {
                        if let rspirv::dr::Operand::IdRef(id) = o {
                            if let Ok(V::Vec(v)) = self.get(vals, *id, inst) {
                                let tmp = u32::MAX - 1 - i as u32;
                                scratch.push((
                                    tmp,
                                    v.get(k)
                                        .cloned()
                                        .ok_or_else(|| self.err(inst, "vector widths differ"))?,
                                ));
                                *id = tmp;
                            }
                        }
                    }
                    for (t, v) in scratch {
                        vals.insert(t, v);
                    }
                    self.lane_parent = rid;
                    let r = self.exec(&lane, vals, wi, depth);
                    self.lane_parent = 0;
                    r?;
                    items.push(
                        vals.remove(&u32::MAX)
                            .ok_or_else(|| self.err(inst, "lane produced no value"))?,
                    );
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
        }
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

    /// OpenCL.std built-ins the model knows: the integer ones here, the float ones in
    /// `float_ext`.
    fn ext_inst(&mut self, inst: &Instruction, vals: &HashMap<Word, V>) -> Result<V, SimError> {
        use rspirv::spirv::OpenclStd100Op as Cl;
        let which = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) => *n,
            _ => return Err(self.err(inst, "malformed OpExtInst")),
        };
        let op =
            Cl::from_u32(which).ok_or_else(|| self.err(inst, "unknown extended instruction"))?;
        // Ids are values; vloadn's lane count and vstore_half_r's rounding mode are literals,
        // last (rspirv reads every extended-instruction operand as an id).
        let literal_last = matches!(
            op,
            Cl::vloadn
                | Cl::vload_halfn
                | Cl::vloada_halfn
                | Cl::vstore_half_r
                | Cl::vstore_halfn_r
                | Cl::vstorea_halfn_r
        );
        let last = inst.operands.len() - 1;
        let mut args = Vec::new();
        for (k, o) in inst.operands.iter().enumerate().skip(2) {
            args.push(match o {
                rspirv::dr::Operand::IdRef(n) if literal_last && k == last => V::I(*n as u64, 32),
                rspirv::dr::Operand::IdRef(id) => self.get(vals, *id, inst)?,
                rspirv::dr::Operand::LiteralBit32(n) => V::I(*n as u64, 32),
                rspirv::dr::Operand::FPRoundingMode(m) => V::I(*m as u64, 32),
                _ => return Err(self.err(inst, "unexpected operand")),
            });
        }
        Ok(match (op, args.as_slice()) {
            (Cl::s_min, [V::I(x, w), V::I(y, _)]) => {
                V::I(if sext(*x, *w) < sext(*y, *w) { *x } else { *y }, *w)
            }
            (Cl::u_min, [V::I(x, w), V::I(y, _)]) => V::I(*x.min(y), *w),
            (Cl::s_max, [V::I(x, w), V::I(y, _)]) => {
                V::I(if sext(*x, *w) > sext(*y, *w) { *x } else { *y }, *w)
            }
            (Cl::u_max, [V::I(x, w), V::I(y, _)]) => V::I(*x.max(y), *w),
            (Cl::s_clamp, [V::I(x, w), V::I(lo, _), V::I(hi, _)]) => {
                let v = sext(*x, *w).max(sext(*lo, *w)).min(sext(*hi, *w));
                V::I(v as u64 & mask(*w), *w)
            }
            (Cl::u_clamp, [V::I(x, w), V::I(lo, _), V::I(hi, _)]) => {
                V::I((*x.max(lo)).min(*hi), *w)
            }
            (Cl::s_abs, [V::I(x, w)]) => V::I(sext(*x, *w).unsigned_abs() & mask(*w), *w),
            (Cl::u_abs, [V::I(x, w)]) => V::I(*x, *w),
            (Cl::popcount, [V::I(x, w)]) => V::I(x.count_ones() as u64, *w),
            (Cl::clz, [V::I(x, w)]) => V::I((x.leading_zeros() - (64 - *w)) as u64, *w),
            (Cl::ctz, [V::I(x, w)]) => V::I((x.trailing_zeros()).min(*w) as u64, *w),
            (Cl::s_mul_hi, [V::I(x, w), V::I(y, _)]) if *w <= 32 => {
                V::I(((sext(*x, *w) * sext(*y, *w)) >> w) as u64 & mask(*w), *w)
            }
            (Cl::u_mul_hi, [V::I(x, w), V::I(y, _)]) if *w <= 32 => V::I((x * y) >> w, *w),
            (Cl::s_mad_hi, [V::I(x, w), V::I(y, _), V::I(z, _)]) if *w <= 32 => V::I(
                (((sext(*x, *w) * sext(*y, *w)) >> w) as u64).wrapping_add(*z) & mask(*w),
                *w,
            ),
            (Cl::u_mad_hi, [V::I(x, w), V::I(y, _), V::I(z, _)]) if *w <= 32 => {
                V::I(((x * y) >> w).wrapping_add(*z) & mask(*w), *w)
            }
            (Cl::s_mul24 | Cl::u_mul24, [V::I(x, w), V::I(y, _)]) => {
                V::I(x.wrapping_mul(*y) & mask(*w), *w)
            }
            (Cl::s_mad24 | Cl::u_mad24, [V::I(x, w), V::I(y, _), V::I(z, _)]) => {
                V::I(x.wrapping_mul(*y).wrapping_add(*z) & mask(*w), *w)
            }
            (Cl::rotate, [V::I(x, w), V::I(i, _)]) => {
                let i = (*i % *w as u64) as u32;
                let r = if i == 0 {
                    *x
                } else {
                    (x << i | x >> (*w - i)) & mask(*w)
                };
                V::I(r, *w)
            }
            (Cl::u_add_sat, [V::I(x, w), V::I(y, _)]) => {
                V::I((*x as u128 + *y as u128).min(mask(*w) as u128) as u64, *w)
            }
            (Cl::u_sub_sat, [V::I(x, w), V::I(y, _)]) => V::I(x.saturating_sub(*y), *w),
            (Cl::s_add_sat | Cl::s_sub_sat, [V::I(x, w), V::I(y, _)]) => {
                let (a, b) = (sext(*x, *w) as i128, sext(*y, *w) as i128);
                let r = if op == Cl::s_add_sat { a + b } else { a - b };
                let (lo, hi) = (-(1i128 << (*w - 1)), (1i128 << (*w - 1)) - 1);
                V::I(r.clamp(lo, hi) as u64 & mask(*w), *w)
            }
            (Cl::s_hadd | Cl::s_rhadd, [V::I(x, w), V::I(y, _)]) => {
                let r =
                    (sext(*x, *w) as i128 + sext(*y, *w) as i128 + i128::from(op == Cl::s_rhadd))
                        >> 1;
                V::I(r as u64 & mask(*w), *w)
            }
            (Cl::u_hadd | Cl::u_rhadd, [V::I(x, w), V::I(y, _)]) => V::I(
                ((*x as u128 + *y as u128 + u128::from(op == Cl::u_rhadd)) >> 1) as u64 & mask(*w),
                *w,
            ),
            (Cl::s_abs_diff, [V::I(x, w), V::I(y, _)]) => V::I(
                (sext(*x, *w) as i128 - sext(*y, *w) as i128).unsigned_abs() as u64 & mask(*w),
                *w,
            ),
            (Cl::u_abs_diff, [V::I(x, w), V::I(y, _)]) => V::I(x.abs_diff(*y), *w),
            (Cl::s_upsample | Cl::u_upsample, [V::I(hi, hw), V::I(lo, lw)]) => {
                V::I((hi << lw) | lo, hw + lw)
            }
            (Cl::select, [x, y, V::I(c, _)]) => {
                if *c != 0 {
                    y.clone()
                } else {
                    x.clone()
                }
            }
            _ => match self.float_ext(inst, op, &args)? {
                Some(v) => v,
                None => {
                    return Err(self.err(inst, &format!("OpenCL.std {op:?} is not modelled yet")))
                }
            },
        })
    }

    /// The float OpenCL.std built-ins: math functions (computed in double and rounded once
    /// to the argument's format — within every §6.6.1 bound for half and float; for double
    /// the host's libm, within one or two ulp where the bounds allow three or more), the
    /// common functions, and the vector and half loads and stores. None: not a float
    /// built-in the model knows.
    fn float_ext(
        &mut self,
        inst: &Instruction,
        op: rspirv::spirv::OpenclStd100Op,
        args: &[V],
    ) -> Result<Option<V>, SimError> {
        use rspirv::spirv::OpenclStd100Op as Cl;
        use std::f64::consts::PI;
        // Loads and stores of halves and vectors come first: their operands are mixed.
        match (op, args) {
            (
                Cl::vload_half | Cl::vload_halfn | Cl::vloada_halfn | Cl::vloadn,
                [V::I(o, ow), V::Ptr(b, off), rest @ ..],
            ) => {
                let n = match rest {
                    [V::I(n, _)] => *n as i64,
                    _ => match self.vector_of(inst.result_type) {
                        Some((_, n)) => n as i64,
                        None => 1,
                    },
                };
                let (elem_ty, k) = match self.vector_of(inst.result_type) {
                    Some((c, _)) => (c, self.m.types.get(&c).cloned()),
                    None => (
                        inst.result_type.unwrap_or(0),
                        self.m.types.get(&inst.result_type.unwrap_or(0)).cloned(),
                    ),
                };
                let halves = op != Cl::vloadn;
                // vloada_half3 steps by four halves (its vectors are aligned as half4).
                let stride = if op == Cl::vloada_halfn && n == 3 {
                    4
                } else {
                    n
                };
                let size = if halves {
                    2
                } else {
                    self.m.type_size(elem_ty).unwrap_or(4) as i64
                };
                let base = *off + sext(*o, *ow) * stride * size;
                let mut items = Vec::new();
                for i in 0..n {
                    let bits = self.raw_read(inst, *b, base + i * size, size as usize)?;
                    items.push(if halves {
                        V::F(fl::from_bits(FloatKind::F16, bits), FloatKind::F32)
                    } else {
                        match k {
                            Some(SpvType::Float(w)) => {
                                let fk = fl::kind_of_width(w).unwrap_or(FloatKind::F32);
                                V::F(fl::from_bits(fk, bits), fk)
                            }
                            Some(SpvType::Int(w)) => V::I(bits & mask(w), w),
                            _ => return Err(self.err(inst, "vloadn of an unsupported type")),
                        }
                    });
                }
                return Ok(Some(
                    if items.len() == 1 && self.vector_of(inst.result_type).is_none() {
                        items.remove(0)
                    } else {
                        V::Vec(items)
                    },
                ));
            }
            (
                Cl::vstore_half
                | Cl::vstore_half_r
                | Cl::vstore_halfn
                | Cl::vstore_halfn_r
                | Cl::vstorea_halfn
                | Cl::vstorea_halfn_r
                | Cl::vstoren,
                [data, V::I(o, ow), V::Ptr(b, off), rest @ ..],
            ) => {
                let mode = match rest {
                    [V::I(m, _)] => match *m {
                        1 => Rounding::Rtz,
                        2 => Rounding::Rtp,
                        3 => Rounding::Rtn,
                        _ => Rounding::Rte,
                    },
                    _ => Rounding::Rte,
                };
                let items = match data {
                    V::Vec(v) => v.clone(),
                    x => vec![x.clone()],
                };
                let n = items.len() as i64;
                let halves = op != Cl::vstoren;
                let stride = if matches!(op, Cl::vstorea_halfn | Cl::vstorea_halfn_r) && n == 3 {
                    4
                } else {
                    n
                };
                for (i, item) in items.iter().enumerate() {
                    let (bits, size) = match item {
                        V::F(x, _) if halves => (
                            fl::to_bits(FloatKind::F16, fl::round_mode(FloatKind::F16, *x, mode)),
                            2,
                        ),
                        V::F(x, k) => (fl::to_bits(*k, *x), fl::width(*k) as i64 / 8),
                        V::I(x, w) => (*x, (*w as i64 + 7) / 8),
                        _ => return Err(self.err(inst, "vstore of an unsupported value")),
                    };
                    let at = *off + sext(*o, *ow) * stride * size + i as i64 * size;
                    self.raw_write(inst, *b, at, size as usize, bits)?;
                }
                return Ok(Some(V::I(0, 0)));
            }
            _ => {}
        }
        let fk = args.iter().find_map(|a| match a {
            V::F(_, k) => Some(*k),
            _ => None,
        });
        let Some(k) = fk else {
            // nan(uint): a quiet NaN with the code in its payload (the result type's format).
            if let (Cl::nan, [V::I(code, _)]) = (op, args) {
                let k = self.result_float(inst)?;
                let quiet = 1u64 << (fl::width(k) - 2 - exp_bits(k));
                let exp = ((1u64 << exp_bits(k)) - 1) << (fl::width(k) - 1 - exp_bits(k));
                return Ok(Some(V::F(
                    fl::from_bits(k, exp | quiet | (code & (quiet - 1))),
                    k,
                )));
            }
            return Ok(None);
        };
        let rd = |x: f64| fl::round(k, x);
        if self.flush.contains(&fl::width(k)) {
            if let Some(r) = flushed_arithmetic(op, args, k) {
                return Ok(Some(V::F(r, k)));
            }
        }
        // A function with a float core computes here exactly what the core does (the
        // generated RTL is compared with this bit for bit); rtl-gen's math module has both.
        // Half goes through the float core and is rounded once to half, as the hardware
        // does (frontend::passes::widen_half).
        if matches!(k, FloatKind::F32 | FloatKind::F16) {
            let name = format!("{op:?}");
            let name = frontend::ir::math_name(&name);
            let bits = |v: &V| match v {
                V::F(x, kind) if *kind == k => Some(fl::to_bits(FloatKind::F32, *x) as u32),
                _ => None,
            };
            // pown and rootn take an int second operand.
            let int32 = |v: &V| match v {
                V::I(n, 32) => Some(*n as u32),
                _ => None,
            };
            let (a, b) = match args {
                [x] => (bits(x), Some(0)),
                [x, y] => (bits(x), bits(y).or_else(|| int32(y))),
                _ => (None, None),
            };
            if let (Some(a), Some(b)) = (a, b) {
                if let Some(r) = hls_cores::math::eval(name, a, b) {
                    let v = fl::from_bits(FloatKind::F32, r as u64);
                    return Ok(Some(V::F(fl::round(k, v), k)));
                }
            }
        }
        // Likewise a function with a double core (pown's second operand an int).
        if k == FloatKind::F64 {
            let operands = match args {
                [V::F(x, FloatKind::F64)] => Some((x.to_bits(), 0)),
                [V::F(x, FloatKind::F64), V::F(y, FloatKind::F64)] => {
                    Some((x.to_bits(), y.to_bits()))
                }
                [V::F(x, FloatKind::F64), V::I(n, 32)] => Some((x.to_bits(), *n as u32 as u64)),
                _ => None,
            };
            if let Some((a, b)) = operands {
                let name = format!("{op:?}");
                if let Some(r) = hls_cores::math::eval64(frontend::ir::math_name(&name), a, b) {
                    return Ok(Some(V::F(f64::from_bits(r), k)));
                }
            }
        }
        let fmin = |x: f64, y: f64| {
            if y.is_nan() || y >= x && !x.is_nan() {
                x
            } else {
                y
            }
        };
        let fmax = |x: f64, y: f64| {
            if y.is_nan() || y <= x && !x.is_nan() {
                x
            } else {
                y
            }
        };
        let r = match (op, args) {
            (_, [V::F(x, _)]) => {
                let x = *x;
                match op {
                    Cl::acos => x.acos(),
                    Cl::acosh => x.acosh(),
                    Cl::acospi => x.acos() / PI,
                    Cl::asin => x.asin(),
                    Cl::asinh => x.asinh(),
                    Cl::asinpi => x.asin() / PI,
                    Cl::atan => x.atan(),
                    Cl::atanh => x.atanh(),
                    Cl::atanpi => x.atan() / PI,
                    Cl::cbrt => x.cbrt(),
                    Cl::ceil => x.ceil(),
                    Cl::cos | Cl::half_cos | Cl::native_cos => x.cos(),
                    Cl::cosh => x.cosh(),
                    Cl::cospi => fl::sincospi(x, true),
                    Cl::erfc => libm::erfc(x),
                    Cl::erf => libm::erf(x),
                    Cl::exp | Cl::half_exp | Cl::native_exp => x.exp(),
                    Cl::exp2 | Cl::half_exp2 | Cl::native_exp2 => x.exp2(),
                    Cl::exp10 | Cl::half_exp10 | Cl::native_exp10 => libm::exp10(x),
                    Cl::expm1 => x.exp_m1(),
                    Cl::fabs => x.abs(),
                    Cl::floor => x.floor(),
                    Cl::lgamma => libm::lgamma(x),
                    Cl::log | Cl::half_log | Cl::native_log => x.ln(),
                    Cl::log2 | Cl::half_log2 | Cl::native_log2 => x.log2(),
                    Cl::log10 | Cl::half_log10 | Cl::native_log10 => x.log10(),
                    Cl::log1p => x.ln_1p(),
                    Cl::logb => {
                        if x == 0.0 {
                            f64::NEG_INFINITY
                        } else if !x.is_finite() {
                            x.abs()
                        } else {
                            libm::ilogb(x) as f64
                        }
                    }
                    Cl::rint => x.round_ties_even(),
                    Cl::round => x.round(),
                    // 1/sqrt as two correctly rounded steps (under 1.5 ulp; the bound is 2),
                    // the way the hardware builds it; for half both steps in float, then one
                    // rounding to half (half's bound is 1 ulp).
                    Cl::rsqrt | Cl::half_rsqrt | Cl::native_rsqrt if k == FloatKind::F16 => {
                        let f = |v: f64| fl::round(FloatKind::F32, v);
                        f(1.0 / f(x.sqrt()))
                    }
                    Cl::rsqrt | Cl::half_rsqrt | Cl::native_rsqrt => 1.0 / rd(x.sqrt()),
                    Cl::sin | Cl::half_sin | Cl::native_sin => x.sin(),
                    Cl::sinh => x.sinh(),
                    Cl::sinpi => fl::sincospi(x, false),
                    Cl::sqrt | Cl::half_sqrt | Cl::native_sqrt => x.sqrt(),
                    Cl::tan | Cl::half_tan | Cl::native_tan => x.tan(),
                    Cl::tanh => x.tanh(),
                    Cl::tanpi => fl::sincospi(x, false) / fl::sincospi(x, true),
                    Cl::tgamma => libm::tgamma(x),
                    Cl::trunc => x.trunc(),
                    Cl::half_recip | Cl::native_recip => 1.0 / x,
                    // The common functions, each step rounded in the format as written.
                    // pi rounded to the format first, then the quotient, then the product.
                    Cl::degrees => rd(180.0 / rd(PI)) * x,
                    Cl::radians => rd(rd(PI) / 180.0) * x,
                    Cl::sign => {
                        if x.is_nan() {
                            0.0
                        } else if x > 0.0 {
                            1.0
                        } else if x < 0.0 {
                            -1.0
                        } else {
                            x
                        }
                    }
                    Cl::ilogb => {
                        let v = if x.is_nan() {
                            i32::MAX
                        } else if x == 0.0 {
                            i32::MIN
                        } else if x.is_infinite() {
                            i32::MAX
                        } else {
                            libm::ilogb(x)
                        };
                        return Ok(Some(V::I(v as u32 as u64, 32)));
                    }
                    _ => return Ok(None),
                }
            }
            (_, [V::F(x, _), V::F(y, _)]) => {
                let (x, y) = (*x, *y);
                match op {
                    Cl::atan2 => x.atan2(y),
                    Cl::atan2pi => x.atan2(y) / PI,
                    Cl::copysign => x.copysign(y),
                    Cl::fdim => {
                        if x.is_nan() || y.is_nan() {
                            x + y
                        } else if x > y {
                            x - y
                        } else {
                            0.0
                        }
                    }
                    Cl::fmax => fmax(x, y),
                    Cl::fmin => fmin(x, y),
                    Cl::fmod => x % y,
                    Cl::hypot => x.hypot(y),
                    Cl::maxmag => {
                        if x.abs() > y.abs() {
                            x
                        } else if y.abs() > x.abs() {
                            y
                        } else {
                            fmax(x, y)
                        }
                    }
                    Cl::minmag => {
                        if x.abs() < y.abs() {
                            x
                        } else if y.abs() < x.abs() {
                            y
                        } else {
                            fmin(x, y)
                        }
                    }
                    Cl::nextafter => fl::next_after(k, x, y),
                    Cl::pow => x.powf(y),
                    Cl::powr | Cl::half_powr | Cl::native_powr => fl::powr(x, y),
                    Cl::remainder => libm::remainder(x, y),
                    Cl::step => {
                        if y < x {
                            0.0
                        } else {
                            1.0
                        }
                    }
                    Cl::half_divide | Cl::native_divide => x / y,
                    _ => return Ok(None),
                }
            }
            (_, [V::F(x, _), V::F(y, _), V::F(z, _)]) => {
                let (x, y, z) = (*x, *y, *z);
                match op {
                    Cl::fma => fl::fma(k, x, y, z),
                    // mad may be computed either way; the model (and the hardware) round
                    // the product and the sum separately, as contraction-off code does.
                    Cl::mad => rd(x * y) + z,
                    Cl::fclamp => fmin(fmax(x, y), z),
                    Cl::mix => x + rd(rd(y - x) * z),
                    Cl::smoothstep => {
                        let t = rd(rd(z - x) / rd(y - x)).clamp(0.0, 1.0);
                        rd(t * t) * rd(3.0 - rd(2.0 * t))
                    }
                    _ => return Ok(None),
                }
            }
            (_, [V::F(x, _), V::I(n, w)]) => {
                let (x, n) = (*x, sext(*n, *w));
                match op {
                    Cl::ldexp => fl::round(k, x * 2f64.powi(n.clamp(-2200, 2200) as i32)),
                    Cl::pown => x.powi(n.clamp(i32::MIN as i64, i32::MAX as i64) as i32),
                    Cl::rootn => fl::rootn(x, n),
                    _ => return Ok(None),
                }
            }
            // The functions that also write through a pointer.
            (_, [V::F(x, _), V::Ptr(b, off)]) => {
                let x = *x;
                let (r, out) = match op {
                    Cl::frexp => {
                        let (m, e) = if x == 0.0 || !x.is_finite() {
                            (x, 0)
                        } else {
                            libm::frexp(x)
                        };
                        (m, V::I(e as u32 as u64, 32))
                    }
                    Cl::modf => {
                        let i = x.trunc();
                        let f = if x.is_infinite() {
                            0.0f64.copysign(x)
                        } else {
                            x - i
                        };
                        (f, V::F(i, k))
                    }
                    Cl::fract => {
                        let fl_ = x.floor();
                        let f = if x.is_nan() {
                            x
                        } else if x.is_infinite() {
                            0.0f64.copysign(x)
                        } else {
                            (x - fl_).min(fl::below_one(k))
                        };
                        (f, V::F(fl_, k))
                    }
                    Cl::sincos if matches!(k, FloatKind::F32 | FloatKind::F16) => {
                        // The cores' sine and cosine, bit for bit (see the math functions);
                        // half through float, rounded once.
                        let a = fl::to_bits(FloatKind::F32, x) as u32;
                        let core = |f: &str| {
                            let r = hls_cores::math::eval(f, a, 0).unwrap_or(0) as u64;
                            fl::round(k, fl::from_bits(FloatKind::F32, r))
                        };
                        (core("sin"), V::F(core("cos"), k))
                    }
                    Cl::sincos if k == FloatKind::F64 => {
                        // The double cores' sine and cosine, bit for bit.
                        let core = |f: &str| {
                            f64::from_bits(hls_cores::math::eval64(f, x.to_bits(), 0).unwrap_or(0))
                        };
                        (core("sin"), V::F(core("cos"), k))
                    }
                    Cl::sincos => (x.sin(), V::F(rd(x.cos()), k)),
                    Cl::lgamma_r => {
                        let (v, sign) = libm::lgamma_r(x);
                        (v, V::I(sign as u32 as u64, 32))
                    }
                    _ => return Ok(None),
                };
                self.write_elem(inst, *b, *off, &out)?;
                r
            }
            (Cl::remquo, [V::F(x, _), V::F(y, _), V::Ptr(b, off)]) => {
                let (r, q) = libm::remquo(*x, *y);
                // At least the low seven bits of the quotient, with its sign (§6.13.2).
                let q = (q.unsigned_abs() & 0x7F) as i32 * q.signum();
                self.write_elem(inst, *b, *off, &V::I(q as u32 as u64, 32))?;
                r
            }
            _ => return Ok(None),
        };
        Ok(Some(V::F(rd(r), k)))
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

    fn exec(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
        wi: &WorkItem,
        depth: u32,
    ) -> Result<(), SimError> {
        if self.exec_vector(inst, vals, wi, depth)? {
            return Ok(());
        }
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        let v = match op {
            Op::IAdd
            | Op::ISub
            | Op::IMul
            | Op::BitwiseAnd
            | Op::BitwiseOr
            | Op::BitwiseXor
            | Op::ShiftLeftLogical
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::LogicalAnd
            | Op::LogicalOr
            | Op::LogicalEqual
            | Op::LogicalNotEqual
            | Op::SDiv
            | Op::UDiv
            | Op::SRem
            | Op::UMod => {
                let w = self.result_bits(inst)?;
                let x = self.int(vals, a(0), inst)?;
                let y = self.int(vals, a(1), inst)?;
                let r = match op {
                    Op::IAdd => x.wrapping_add(y),
                    Op::ISub => x.wrapping_sub(y),
                    Op::IMul => x.wrapping_mul(y),
                    Op::BitwiseAnd | Op::LogicalAnd => x & y,
                    Op::BitwiseOr | Op::LogicalOr => x | y,
                    Op::BitwiseXor | Op::LogicalNotEqual => x ^ y,
                    Op::LogicalEqual => u64::from(x == y),
                    Op::ShiftLeftLogical => {
                        if y >= w as u64 {
                            0
                        } else {
                            x << y
                        }
                    }
                    Op::ShiftRightLogical => {
                        if y >= w as u64 {
                            0
                        } else {
                            x >> y
                        }
                    }
                    Op::ShiftRightArithmetic => (sext(x, w) >> y.min(63)) as u64,
                    Op::UDiv | Op::UMod if y == 0 => 0,
                    Op::UDiv => x / y,
                    Op::UMod => x % y,
                    Op::SDiv | Op::SRem if y == 0 => 0,
                    Op::SDiv => sext(x, w).wrapping_div(sext(y, w)) as u64,
                    Op::SRem => sext(x, w).wrapping_rem(sext(y, w)) as u64,
                    _ => unreachable!("listed above"),
                };
                V::I(r & mask(w), w)
            }
            Op::SNegate => {
                let w = self.result_bits(inst)?;
                V::I(0u64.wrapping_sub(self.int(vals, a(0), inst)?) & mask(w), w)
            }
            Op::Not | Op::LogicalNot => {
                let w = self.result_bits(inst)?;
                V::I(!self.int(vals, a(0), inst)? & mask(w), w)
            }
            Op::IEqual
            | Op::INotEqual
            | Op::ULessThan
            | Op::ULessThanEqual
            | Op::UGreaterThan
            | Op::UGreaterThanEqual
            | Op::SLessThan
            | Op::SLessThanEqual
            | Op::SGreaterThan
            | Op::SGreaterThanEqual => {
                let (x, w) = match self.get(vals, a(0), inst)? {
                    V::I(x, w) => (x, w),
                    _ => return Err(self.err(inst, "integer compare of a non-integer")),
                };
                let y = self.int(vals, a(1), inst)?;
                let (sx, sy) = (sext(x, w), sext(y, w));
                let r = match op {
                    Op::IEqual => x == y,
                    Op::INotEqual => x != y,
                    Op::ULessThan => x < y,
                    Op::ULessThanEqual => x <= y,
                    Op::UGreaterThan => x > y,
                    Op::UGreaterThanEqual => x >= y,
                    Op::SLessThan => sx < sy,
                    Op::SLessThanEqual => sx <= sy,
                    Op::SGreaterThan => sx > sy,
                    _ => sx >= sy,
                };
                V::I(u64::from(r), 1)
            }
            Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FRem | Op::FMod => {
                let (V::F(x, k), V::F(y, _)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "float arithmetic on non-floats"));
                };
                // Computed in double and rounded once to the format: correctly rounded
                // (see float.rs); the remainders are exact. Flushing formats read subnormal
                // operands and results of the arithmetic (not the remainders: no core) as
                // zero.
                let z = |v: f64| {
                    if self.flush.contains(&fl::width(k)) && !matches!(op, Op::FRem | Op::FMod) {
                        fl::flush(k, v)
                    } else {
                        v
                    }
                };
                let (x, y) = (z(x), z(y));
                V::F(
                    z(fl::round(
                        k,
                        match op {
                            Op::FAdd => x + y,
                            Op::FSub => x - y,
                            Op::FMul => x * y,
                            Op::FDiv => x / y,
                            Op::FRem => x % y,
                            // The remainder with the divisor's sign.
                            _ => {
                                let r = x % y;
                                if r != 0.0 && (r < 0.0) != (y < 0.0) {
                                    r + y
                                } else {
                                    r
                                }
                            }
                        },
                    )),
                    k,
                )
            }
            Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
                let V::F(x, k) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "float test of a non-float"));
                };
                let normal_min = fl::from_bits(k, 1u64 << (fl::width(k) - 1 - exp_bits(k)));
                V::I(
                    u64::from(match op {
                        Op::IsNan => x.is_nan(),
                        Op::IsInf => x.is_infinite(),
                        Op::IsFinite => x.is_finite(),
                        Op::IsNormal => x.is_finite() && x.abs() >= normal_min,
                        _ => x.is_sign_negative(),
                    }),
                    1,
                )
            }
            Op::LessOrGreater => {
                let (V::F(x, _), V::F(y, _)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "float compare of non-floats"));
                };
                V::I(u64::from(x < y || x > y), 1)
            }
            Op::FOrdEqual
            | Op::FOrdNotEqual
            | Op::FOrdLessThan
            | Op::FOrdLessThanEqual
            | Op::FOrdGreaterThan
            | Op::FOrdGreaterThanEqual
            | Op::FUnordEqual
            | Op::FUnordNotEqual
            | Op::FUnordLessThan
            | Op::FUnordLessThanEqual
            | Op::FUnordGreaterThan
            | Op::FUnordGreaterThanEqual
            | Op::Ordered
            | Op::Unordered => {
                let (V::F(x, _), V::F(y, _)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "float compare of non-floats"));
                };
                let unord = x.is_nan() || y.is_nan();
                // Rust's comparisons are IEEE's: false whenever a NaN is involved.
                let r = match op {
                    Op::FOrdEqual => x == y,
                    Op::FOrdNotEqual => !unord && x != y,
                    Op::FOrdLessThan => x < y,
                    Op::FOrdLessThanEqual => x <= y,
                    Op::FOrdGreaterThan => x > y,
                    Op::FOrdGreaterThanEqual => x >= y,
                    Op::FUnordEqual => unord || x == y,
                    Op::FUnordNotEqual => x != y,
                    Op::FUnordLessThan => unord || x < y,
                    Op::FUnordLessThanEqual => unord || x <= y,
                    Op::FUnordGreaterThan => unord || x > y,
                    Op::FUnordGreaterThanEqual => unord || x >= y,
                    Op::Ordered => !unord,
                    _ => unord,
                };
                V::I(u64::from(r), 1)
            }
            Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            | Op::AtomicExchange
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicCompareExchange
            | Op::AtomicLoad
            | Op::AtomicStore => {
                // Work-items run one at a time here, so a read-modify-write is atomic.
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "atomic through a non-pointer"));
                };
                let elem = self.bufs[b].0;
                let ty = match elem {
                    Elem::Int(w) => w,
                    _ => return Err(self.err(inst, "float atomics are not modelled")),
                };
                let old = match self.read_elem(inst, b, off, 0)? {
                    V::I(x, _) => x,
                    _ => 0,
                };
                let arg =
                    |me: &Self, i: usize| -> Result<u64, SimError> { me.int(vals, a(i), inst) };
                let so = sext(old, ty);
                let new = match op {
                    Op::AtomicLoad => None,
                    Op::AtomicStore => Some(arg(self, 3)?),
                    Op::AtomicIIncrement => Some(old.wrapping_add(1)),
                    Op::AtomicIDecrement => Some(old.wrapping_sub(1)),
                    Op::AtomicCompareExchange => {
                        let (v, c) = (arg(self, 4)?, arg(self, 5)?);
                        Some(if old == c { v } else { old })
                    }
                    _ => {
                        let v = arg(self, 3)?;
                        Some(match op {
                            Op::AtomicIAdd => old.wrapping_add(v),
                            Op::AtomicISub => old.wrapping_sub(v),
                            Op::AtomicAnd => old & v,
                            Op::AtomicOr => old | v,
                            Op::AtomicXor => old ^ v,
                            Op::AtomicExchange => v,
                            Op::AtomicSMin => {
                                if sext(v, ty) < so {
                                    v
                                } else {
                                    old
                                }
                            }
                            Op::AtomicSMax => {
                                if sext(v, ty) > so {
                                    v
                                } else {
                                    old
                                }
                            }
                            Op::AtomicUMin => old.min(v),
                            _ => old.max(v),
                        })
                    }
                };
                if let Some(n) = new {
                    self.write_elem(inst, b, off, &V::I(n & mask(ty), ty))?;
                }
                if op == Op::AtomicStore {
                    return Ok(());
                }
                V::I(old, ty)
            }
            Op::BitCount => match self.get(vals, a(0), inst)? {
                V::I(x, _) => {
                    let w = self.result_bits(inst)?;
                    V::I(x.count_ones() as u64 & mask(w), w)
                }
                _ => return Err(self.err(inst, "bit count of a non-integer")),
            },
            Op::FNegate => match self.get(vals, a(0), inst)? {
                V::F(x, k) => V::F(-x, k),
                _ => return Err(self.err(inst, "negate of a non-float")),
            },
            Op::ConvertSToF | Op::ConvertUToF => {
                let V::I(x, w) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "conversion of a non-integer"));
                };
                let k = self.result_float(inst)?;
                let v = if op == Op::ConvertSToF {
                    sext(x, w) as i128
                } else {
                    x as i128
                };
                V::F(fl::from_int(v, k, self.rounding(rid, Rounding::Rte)), k)
            }
            Op::ConvertFToS | Op::ConvertFToU => {
                let V::F(x, _) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "conversion of a non-float"));
                };
                let w = self.result_bits(inst)?;
                // Toward zero unless decorated; out of range saturates and NaN gives 0 with
                // or without SaturatedConversion, the definition the hardware implements for
                // what SPIR-V leaves undefined.
                V::I(
                    fl::to_int(
                        x,
                        w,
                        op == Op::ConvertFToS,
                        self.rounding(rid, Rounding::Rtz),
                    ),
                    w,
                )
            }
            Op::FConvert => {
                let V::F(x, _) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "conversion of a non-float"));
                };
                let k = self.result_float(inst)?;
                V::F(fl::round_mode(k, x, self.rounding(rid, Rounding::Rte)), k)
            }
            Op::SatConvertSToU | Op::SatConvertUToS => {
                let V::I(x, from) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "convert of a non-integer"));
                };
                let w = self.result_bits(inst)?;
                V::I(
                    saturate(
                        x,
                        from,
                        op == Op::SatConvertSToU,
                        op == Op::SatConvertUToS,
                        w,
                    ),
                    w,
                )
            }
            Op::ExtInst => self.ext_inst(inst, vals)?,
            Op::Select => {
                let c = self.int(vals, a(0), inst)?;
                self.get(vals, if c != 0 { a(1) } else { a(2) }, inst)?
            }
            Op::UConvert | Op::SConvert => {
                let w = self.result_bits(inst)?;
                let V::I(x, from) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "convert of a non-integer"));
                };
                if self.m.has_decoration(
                    self.decorated(rid),
                    rspirv::spirv::Decoration::SaturatedConversion,
                ) {
                    let signed = op == Op::SConvert;
                    V::I(saturate(x, from, signed, signed, w), w)
                } else {
                    let r = if op == Op::SConvert {
                        sext(x, from) as u64
                    } else {
                        x
                    };
                    V::I(r & mask(w), w)
                }
            }
            Op::Bitcast => match (
                self.get(vals, a(0), inst)?,
                self.m.types.get(&inst.result_type.unwrap_or(0)),
            ) {
                (V::Ptr(b, off), Some(SpvType::Pointer(..))) => V::Ptr(b, off),
                (V::I(x, w), Some(SpvType::Float(w2))) if w == *w2 => {
                    let k = self.result_float(inst)?;
                    V::F(fl::from_bits(k, x), k)
                }
                (V::F(x, k), Some(SpvType::Int(w))) if fl::width(k) == *w => {
                    V::I(fl::to_bits(k, x), *w)
                }
                (V::F(x, k), Some(SpvType::Float(w))) if fl::width(k) == *w => V::F(x, k),
                (V::I(x, w), Some(SpvType::Int(w2))) if w == *w2 => V::I(x, w),
                _ => return Err(self.err(inst, "bitcast not modelled")),
            },
            // Generic pointers: the frontend has checked that each cast keeps its memory.
            Op::PtrCastToGeneric | Op::GenericCastToPtr | Op::GenericCastToPtrExplicit => {
                match self.get(vals, a(0), inst)? {
                    V::Ptr(b, off) => V::Ptr(b, off),
                    _ => return Err(self.err(inst, "cast of a value that is not a pointer")),
                }
            }
            Op::CopyObject => self.get(vals, a(0), inst)?,
            Op::Undef => self.zero(inst.result_type.unwrap_or(0), inst)?,
            Op::CompositeExtract => {
                let mut v = self.get(vals, a(0), inst)?;
                for k in 1..inst.operands.len() {
                    let idx = literal_operand(inst, k).unwrap_or(0) as usize;
                    v = match v {
                        V::Vec(items) => items
                            .get(idx)
                            .cloned()
                            .ok_or_else(|| self.err(inst, "index out of range"))?,
                        _ => return Err(self.err(inst, "extract from a non-composite")),
                    };
                }
                v
            }
            Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
            | Op::AccessChain
            | Op::InBoundsAccessChain => {
                let V::Ptr(b, mut off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "access chain on a non-pointer"));
                };
                let base_ty = self.id_types.get(&a(0)).copied();
                let Some(SpvType::Pointer(_, mut cur)) =
                    base_ty.and_then(|t| self.m.types.get(&t)).cloned()
                else {
                    return Err(self.err(inst, "access chain on a value of unknown pointer type"));
                };
                let index = |me: &Self, k: usize| -> Result<i64, SimError> {
                    match me.get(vals, a(k), inst)? {
                        V::I(idx, w) => Ok(sext(idx, w)),
                        _ => Err(me.err(inst, "non-integer index")),
                    }
                };
                let mut first = 1;
                if matches!(
                    inst.class.opcode,
                    Op::PtrAccessChain | Op::InBoundsPtrAccessChain
                ) {
                    let size = self
                        .m
                        .type_size(cur)
                        .ok_or_else(|| self.err(inst, "pointer to an unsupported type"))?
                        as i64;
                    off += index(self, 1)? * size;
                    first = 2;
                }
                for k in first..inst.operands.len() {
                    match self.m.types.get(&cur).cloned() {
                        Some(SpvType::Array(e, _)) | Some(SpvType::Vector(e, _)) => {
                            let size = self
                                .m
                                .type_size(e)
                                .ok_or_else(|| self.err(inst, "array of an unsupported type"))?
                                as i64;
                            off += index(self, k)? * size;
                            cur = e;
                        }
                        Some(SpvType::Struct(members)) => {
                            let i = index(self, k)? as usize;
                            let mt = *members
                                .get(i)
                                .ok_or_else(|| self.err(inst, "member index out of range"))?;
                            off +=
                                self.m.member_offset(&members, i).ok_or_else(|| {
                                    self.err(inst, "struct of an unsupported type")
                                })? as i64;
                            cur = mt;
                        }
                        _ => return Err(self.err(inst, "access chain indexes into a scalar")),
                    }
                }
                V::Ptr(b, off)
            }
            Op::Variable => {
                let Some(SpvType::Pointer(_, pointee)) =
                    inst.result_type.and_then(|t| self.m.types.get(&t))
                else {
                    return Err(self.err(inst, "variable without a pointer type"));
                };
                let (elem, size) = array_layout(self.m, *pointee).ok_or_else(|| {
                    self.err(
                        inst,
                        "only arrays of scalars are modelled as private variables",
                    )
                })?;
                let bytes = match id_operand(inst, 1) {
                    Some(init) => self
                        .m
                        .constant_bytes(init)
                        .filter(|b| b.len() == size)
                        .ok_or_else(|| self.err(inst, "initializer of an unsupported type"))?,
                    None => vec![0u8; size],
                };
                self.bufs.push((elem, bytes));
                V::Ptr(self.bufs.len() - 1, 0)
            }
            Op::Load => {
                let src = a(0);
                let bits = self.m.address_bits;
                let linear =
                    |id: [u64; 3], size: [u64; 3]| id[0] + size[0] * (id[1] + size[1] * id[2]);
                // Sub-groups have one work-item each: a size the OpenCL 2.1 rules allow and
                // the one a pipeline that issues one work-item per cycle has.
                let scalar = match self.m.builtins.get(&src) {
                    Some(BuiltIn::WorkDim) => Some((wi.work_dim as u64, 32)),
                    Some(BuiltIn::GlobalLinearId) => Some((linear(wi.gid, wi.gsize), bits)),
                    Some(BuiltIn::LocalInvocationIndex) => Some((linear(wi.lid, wi.lsize), bits)),
                    Some(BuiltIn::SubgroupSize | BuiltIn::SubgroupMaxSize) => Some((1, 32)),
                    Some(BuiltIn::NumSubgroups | BuiltIn::NumEnqueuedSubgroups) => {
                        Some((wi.lsize.iter().product(), 32))
                    }
                    Some(BuiltIn::SubgroupId) => Some((linear(wi.lid, wi.lsize), 32)),
                    Some(BuiltIn::SubgroupLocalInvocationId) => Some((0, 32)),
                    _ => None,
                };
                if let Some((v, w)) = scalar {
                    V::I(v & mask(w), w)
                } else if let Some(bi) = self.m.builtins.get(&src) {
                    let arr = match bi {
                        BuiltIn::GlobalInvocationId => wi.gid,
                        BuiltIn::LocalInvocationId => wi.lid,
                        BuiltIn::WorkgroupId => wi.grp,
                        BuiltIn::GlobalSize => wi.gsize,
                        BuiltIn::WorkgroupSize | BuiltIn::EnqueuedWorkgroupSize => wi.lsize,
                        BuiltIn::NumWorkgroups => [
                            wi.gsize[0] / wi.lsize[0],
                            wi.gsize[1] / wi.lsize[1],
                            wi.gsize[2] / wi.lsize[2],
                        ],
                        BuiltIn::GlobalOffset => [0, 0, 0],
                        other => {
                            return Err(
                                self.err(inst, &format!("built-in {other:?} not modelled yet"))
                            )
                        }
                    };
                    V::Vec(arr.iter().map(|x| V::I(*x & mask(bits), bits)).collect())
                } else {
                    let V::Ptr(b, off) = self.get(vals, src, inst)? else {
                        return Err(self.err(inst, "load through a non-pointer"));
                    };
                    let elem = &self.access_elem(src, b);
                    let bytes = &self.bufs[b].1;
                    let n = elem.bytes();
                    if off < 0 || off as usize + n > bytes.len() {
                        return Err(SimError::BadArg(format!("{}: reads byte {off} of a {}-byte buffer: an input buffer is too short for this NDRange", self.m.describe(inst), bytes.len())));
                    }
                    let mut raw = [0u8; 8];
                    raw[..n].copy_from_slice(&bytes[off as usize..off as usize + n]);
                    let x = u64::from_le_bytes(raw);
                    match elem {
                        Elem::Int(w) => V::I(x & mask(*w), *w),
                        e => {
                            let k = e.float_kind().unwrap_or(FloatKind::F32);
                            V::F(fl::from_bits(k, x), k)
                        }
                    }
                }
            }
            Op::Store => {
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "store through a non-pointer"));
                };
                let x = match self.get(vals, a(1), inst)? {
                    V::F(f, k) => fl::to_bits(k, f),
                    V::I(x, _) => x,
                    _ => return Err(self.err(inst, "store of an unsupported value")),
                };
                let n = self.access_elem(a(0), b).bytes();
                let bytes = &mut self.bufs[b].1;
                if off < 0 || off as usize + n > bytes.len() {
                    let len = bytes.len();
                    return Err(SimError::BadArg(format!("{}: writes byte {off} of a {len}-byte buffer: an output buffer is too short for this NDRange", self.m.describe(inst))));
                }
                bytes[off as usize..off as usize + n].copy_from_slice(&x.to_le_bytes()[..n]);
                return Ok(());
            }
            Op::CopyMemorySized | Op::CopyMemory => {
                let (V::Ptr(db, doff), V::Ptr(sb, soff)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "copy between non-pointers"));
                };
                let n = if op == Op::CopyMemorySized {
                    self.int(vals, a(2), inst)? as i64
                } else {
                    let ty = self.id_types.get(&a(0)).copied().unwrap_or(0);
                    match self.m.types.get(&ty) {
                        Some(SpvType::Pointer(_, p)) => self.m.type_size(*p).unwrap_or(0) as i64,
                        _ => 0,
                    }
                };
                for i in 0..n {
                    let b = self.raw_read(inst, sb, soff + i, 1)?;
                    self.raw_write(inst, db, doff + i, 1, b)?;
                }
                return Ok(());
            }
            Op::LifetimeStart
            | Op::LifetimeStop
            | Op::Nop
            | Op::Line
            | Op::NoLine
            | Op::SelectionMerge
            | Op::LoopMerge
            | Op::LoopControlINTEL => return Ok(()),
            _ => return Err(self.err(inst, "instruction not modelled yet")),
        };
        vals.insert(rid, v);
        Ok(())
    }
}
