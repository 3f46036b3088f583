//! Work-group collectives (OpenCL C 2.0 `work_group_reduce/scan/broadcast/all/any`,
//! SPIR-V `OpGroup*` at workgroup scope) become what the hardware already builds: local
//! memory and barriers. Each collective gets a scratch array of one slot per work-item and
//! one more:
//!
//! ```text
//!   tmp[lid] = x                      every work-item
//!   barrier
//!   if (lid == 0)                     one work-item, in order of the linear local id:
//!     acc = identity                    scans write each prefix back into its slot,
//!     for (i = 0; i < n; i++) …         reductions the total into tmp[cap];
//!                                       a broadcast copies tmp[source] there
//!   barrier
//!   r = tmp[lid] or tmp[cap]          every work-item
//! ```
//!
//! The combination runs in the order OpenCL C 6.13.15 defines (so a float sum is the
//! sequential one and the results are bit-identical to the software model, which runs the
//! `OpGroup*` instructions themselves). Only the frontend sees the rewrite: co-simulation
//! checks it against the model. The slot of each work-item is its own, and the shared slot
//! is only written between the two barriers, so a collective in a loop needs no third one.
//!
//! Async copies between global and local memory and the waits for them (`copies.rs`)
//! become each work-item's share of the copy and a barrier.
//!
//! Integer collectives of 32 bits take one local atomic instead (`atomic.rs`): the
//! work-items issue through it one after the other in a pipelined region.
//!
//! A sub-group is one work-item here (`get_sub_group_size()` is 1), so a sub-group
//! collective is its operand, or for an exclusive scan the identity.

mod atomic;
mod copies;
pub(crate) mod edit;

use crate::spirv::{id_operand, SpirvModule, SpvType};
use crate::FrontendError;
use edit::{inst, Edit};
use rspirv::dr::{Block, Instruction, Operand};
use rspirv::spirv::OpenclStd100Op as Cl;
use rspirv::spirv::{BuiltIn, GroupOperation, Op, Scope, StorageClass, Word};

/// The module with every work-group collective of kernel `fid` (and of the functions it
/// calls) written as local memory, barriers and a loop; `None` when there is none.
pub fn expand(m: &SpirvModule, fid: Word) -> Result<Option<SpirvModule>, FrontendError> {
    let copies = copies::has_copies(m);
    if !copies && !m.module.functions.iter().any(|f| find(&f.blocks).is_some()) {
        return Ok(None);
    }
    let attrs = crate::lower::kernel_attrs(m, fid)?;
    let cap = crate::passes::workgroups::capacity_of(&attrs);
    let mut e = Edit {
        module: m.module.clone(),
        next: m.bound.max(1),
    };
    let sizes = Sizes::new(m, &mut e, fid, attrs.reqd_work_group_size);
    if copies {
        copies::expand_copies(m, &mut e, &sizes)?;
    }
    for fi in 0..e.module.functions.len() {
        while let Some((b, k)) = find(&e.module.functions[fi].blocks) {
            let group = e.module.functions[fi].blocks[b].instructions[k].clone();
            let site = Site::read(m, &group)?;
            if site.alone {
                of_one(m, &mut e, fi, (b, k), &site)?;
            } else if let Some(op) = atomic::atomic_of(m, &site) {
                atomic::expand_atomic(m, &mut e, &sizes, fi, (b, k), &site, op)?;
            } else {
                expand_one(m, &mut e, &sizes, cap, fi, (b, k), &site)?;
            }
        }
    }
    e.finish().map(Some)
}

/// The first collective: block and instruction index.
fn find(blocks: &[Block]) -> Option<(usize, usize)> {
    blocks.iter().enumerate().find_map(|(b, block)| {
        let k = block
            .instructions
            .iter()
            .position(|i| is_collective(i.class.opcode))?;
        Some((b, k))
    })
}

/// Whether `op` is a group instruction this module rewrites (the software model runs
/// the same ones).
pub fn is_collective(op: Op) -> bool {
    matches!(
        op,
        Op::GroupAll
            | Op::GroupAny
            | Op::GroupBroadcast
            | Op::GroupIAdd
            | Op::GroupFAdd
            | Op::GroupFMin
            | Op::GroupUMin
            | Op::GroupSMin
            | Op::GroupFMax
            | Op::GroupUMax
            | Op::GroupSMax
    )
}

/// What one collective asks: its operation, how it combines, its operand, result, type.
struct Site {
    op: Op,
    combine: GroupOperation,
    value: Word,
    /// A broadcast's local id of the work-item to read (a scalar, or a vector of 2 or 3).
    source: Option<Word>,
    result: Word,
    ty: Word,
    /// A sub-group's: sub-groups are one work-item each (get_sub_group_size() is 1).
    alone: bool,
}

impl Site {
    fn read(m: &SpirvModule, i: &Instruction) -> Result<Site, FrontendError> {
        let bad = |message: &str| FrontendError::Unsupported {
            inst: m.describe(i),
            message: message.into(),
        };
        let scope = match i.operands.first() {
            Some(Operand::IdScope(s) | Operand::IdRef(s)) => m.constants.get(s).map(|c| c.1),
            _ => None,
        };
        let alone = scope == Some(Scope::Subgroup as u64);
        if !alone && scope != Some(Scope::Workgroup as u64) {
            return Err(bad(
                "a collective of a scope other than work-group or sub-group",
            ));
        }
        let op = i.class.opcode;
        let (combine, value, source) = match op {
            Op::GroupAll | Op::GroupAny => (GroupOperation::Reduce, id_operand(i, 1), None),
            Op::GroupBroadcast => (GroupOperation::Reduce, id_operand(i, 1), id_operand(i, 2)),
            _ => match i.operands.get(1) {
                Some(Operand::GroupOperation(g)) => (*g, id_operand(i, 2), None),
                _ => (GroupOperation::Reduce, None, None),
            },
        };
        if !matches!(
            combine,
            GroupOperation::Reduce | GroupOperation::InclusiveScan | GroupOperation::ExclusiveScan
        ) {
            return Err(bad("work-groups reduce and scan only"));
        }
        let (Some(value), Some(result), Some(ty)) = (value, i.result_id, i.result_type) else {
            return Err(bad("malformed group instruction"));
        };
        if !matches!(
            m.types.get(&ty),
            Some(SpvType::Int(_) | SpvType::Float(_) | SpvType::Bool)
        ) {
            return Err(bad("collectives of scalars only"));
        }
        Ok(Site {
            op,
            combine,
            value,
            source,
            result,
            ty,
            alone,
        })
    }
}

/// The work-item's linear local id and the group's size, as ids of `size_t`: loaded from
/// the built-ins, or constants where `reqd_work_group_size` fixes the size.
struct Sizes {
    index_ty: Word,
    index_bits: u32,
    linear_id: Word,
    size_vec: Word,
    size_of_vec: Word,
    reqd: Option<[u32; 3]>,
}

impl Sizes {
    fn new(m: &SpirvModule, e: &mut Edit, fid: Word, reqd: Option<[u32; 3]>) -> Sizes {
        let index_bits = m.address_bits.max(32);
        let index_ty = e.int_type(index_bits);
        let size_of_vec = e.declared(
            Op::TypeVector,
            None,
            vec![Operand::IdRef(index_ty), Operand::LiteralBit32(3)],
        );
        Sizes {
            index_ty,
            index_bits,
            linear_id: e.builtin(BuiltIn::LocalInvocationIndex, index_ty, fid),
            size_vec: e.builtin(BuiltIn::WorkgroupSize, size_of_vec, fid),
            size_of_vec,
            reqd,
        }
    }

    /// The group's size in dimension `d`.
    fn size(&self, e: &mut Edit, code: &mut Vec<Instruction>, d: u32) -> Word {
        if let Some(r) = self.reqd {
            return e.int(self.index_ty, self.index_bits, r[d as usize] as u64);
        }
        let (v, s) = (e.fresh(), e.fresh());
        code.push(inst(
            Op::Load,
            Some(self.size_of_vec),
            Some(v),
            &[self.size_vec],
        ));
        let mut x = inst(Op::CompositeExtract, Some(self.index_ty), Some(s), &[v]);
        x.operands.push(Operand::LiteralBit32(d));
        code.push(x);
        s
    }

    /// `a * b` of size_t (constants fold in the IR's clean-up).
    fn mul(&self, e: &mut Edit, code: &mut Vec<Instruction>, a: Word, b: Word) -> Word {
        let id = e.fresh();
        code.push(inst(Op::IMul, Some(self.index_ty), Some(id), &[a, b]));
        id
    }

    /// How many work-items the group has.
    fn count(&self, e: &mut Edit, code: &mut Vec<Instruction>) -> Word {
        if let Some(r) = self.reqd {
            let n = r.iter().map(|x| *x as u64).product();
            return e.int(self.index_ty, self.index_bits, n);
        }
        let (x, y, z) = (
            self.size(e, code, 0),
            self.size(e, code, 1),
            self.size(e, code, 2),
        );
        let xy = self.mul(e, code, x, y);
        self.mul(e, code, xy, z)
    }
}

/// Rewrites the collective at `at` (block, instruction) of function `fi`.
fn expand_one(
    m: &SpirvModule,
    e: &mut Edit,
    sizes: &Sizes,
    cap: u64,
    fi: usize,
    at: (usize, usize),
    s: &Site,
) -> Result<(), FrontendError> {
    let logical = matches!(s.op, Op::GroupAll | Op::GroupAny);
    // Bools have no size in memory: all and any keep 0 or 1 in a uint and take its
    // minimum and maximum.
    let uint = e.int_type(32);
    let elem = if logical { uint } else { s.ty };
    let bits = match m.types.get(&s.ty) {
        Some(SpvType::Int(w) | SpvType::Float(w)) => *w,
        _ => 32,
    };
    let (t, tb) = (sizes.index_ty, sizes.index_bits);
    let bool_ty = e.bool_type();
    let tmp = e.local_array(elem, cap + 1, t, tb);
    let slot_ptr = e.pointer(StorageClass::Workgroup, elem);
    let (zero, one, last) = (e.int(t, tb, 0), e.int(t, tb, 1), e.int(t, tb, cap));
    let scope = e.int(uint, 32, Scope::Workgroup as u64);
    // WorkgroupMemory | SequentiallyConsistent, what clang gives barrier(CLK_LOCAL_MEM_FENCE).
    let fence = e.int(uint, 32, 0x110);
    let barrier = || inst(Op::ControlBarrier, None, None, &[scope, scope, fence]);
    let [head, body, exit, join] = [e.fresh(), e.fresh(), e.fresh(), e.fresh()];
    let (label, mut tail) = split_site(e, fi, at);

    // Every work-item: its value into its slot, then the barrier and the choice of one.
    let mut code = Vec::new();
    let lid = e.fresh();
    code.push(inst(Op::Load, Some(t), Some(lid), &[sizes.linear_id]));
    let mine = e.fresh();
    code.push(inst(
        Op::InBoundsAccessChain,
        Some(slot_ptr),
        Some(mine),
        &[tmp, lid],
    ));
    let stored = if logical {
        let (u1, u0, v) = (e.int(uint, 32, 1), e.int(uint, 32, 0), e.fresh());
        code.push(inst(Op::Select, Some(uint), Some(v), &[s.value, u1, u0]));
        v
    } else {
        s.value
    };
    code.push(inst(Op::Store, None, None, &[mine, stored]));
    let n = sizes.count(e, &mut code);
    let source = match s.source {
        Some(src) => Some(linear_source(m, e, sizes, &mut code, src)?),
        None => None,
    };
    code.push(barrier());
    let first = e.fresh();
    code.push(inst(Op::IEqual, Some(bool_ty), Some(first), &[lid, zero]));
    let shared = e.fresh();
    code.push(inst(
        Op::InBoundsAccessChain,
        Some(slot_ptr),
        Some(shared),
        &[tmp, last],
    ));

    let mut blocks = Vec::new();
    if let Some(src) = source {
        // The broadcast: work-item 0 copies the source's slot into the shared one.
        let (p, v) = (e.fresh(), e.fresh());
        code.push(inst(
            Op::BranchConditional,
            None,
            None,
            &[first, body, join],
        ));
        blocks.push(block(
            body,
            vec![
                inst(
                    Op::InBoundsAccessChain,
                    Some(slot_ptr),
                    Some(p),
                    &[tmp, src],
                ),
                inst(Op::Load, Some(elem), Some(v), &[p]),
                inst(Op::Store, None, None, &[shared, v]),
                inst(Op::Branch, None, None, &[join]),
            ],
        ));
    } else {
        code.push(inst(
            Op::BranchConditional,
            None,
            None,
            &[first, head, join],
        ));
        let ident = identity(m, e, s, elem, bits)?;
        let [i, acc, i1, acc1, go, p, v] = [(); 7].map(|_| e.fresh());
        let mut step = vec![
            inst(Op::InBoundsAccessChain, Some(slot_ptr), Some(p), &[tmp, i]),
            inst(Op::Load, Some(elem), Some(v), &[p]),
        ];
        step.extend(combine(m, e, s, elem, acc1, acc, v)?);
        match s.combine {
            GroupOperation::InclusiveScan => step.push(inst(Op::Store, None, None, &[p, acc1])),
            GroupOperation::ExclusiveScan => step.push(inst(Op::Store, None, None, &[p, acc])),
            _ => {}
        }
        step.push(inst(Op::IAdd, Some(t), Some(i1), &[i, one]));
        step.push(inst(Op::Branch, None, None, &[head]));
        blocks.push(block(
            head,
            vec![
                inst(Op::Phi, Some(t), Some(i), &[zero, label, i1, body]),
                inst(Op::Phi, Some(elem), Some(acc), &[ident, label, acc1, body]),
                inst(Op::ULessThan, Some(bool_ty), Some(go), &[i, n]),
                inst(Op::BranchConditional, None, None, &[go, body, exit]),
            ],
        ));
        blocks.push(block(body, step));
        let mut done = Vec::new();
        if s.combine == GroupOperation::Reduce {
            done.push(inst(Op::Store, None, None, &[shared, acc]));
        }
        done.push(inst(Op::Branch, None, None, &[join]));
        blocks.push(block(exit, done));
    }

    // Every work-item again: its result.
    let mut after = vec![barrier()];
    let from = if s.combine == GroupOperation::Reduce {
        shared
    } else {
        mine
    };
    if logical {
        let (v, u0) = (e.fresh(), e.int(uint, 32, 0));
        after.push(inst(Op::Load, Some(uint), Some(v), &[from]));
        after.push(inst(Op::INotEqual, Some(s.ty), Some(s.result), &[v, u0]));
    } else {
        after.push(inst(Op::Load, Some(s.ty), Some(s.result), &[from]));
    }
    after.append(&mut tail);
    blocks.push(block(join, after));

    place(
        &mut e.module.functions[fi],
        at.0,
        code,
        blocks,
        (label, join),
    );
    Ok(())
}

/// The rewrite in place: `code` ends block `b` (the rewritten instruction's), `blocks`
/// follow it, each under the source line the instruction had (so a loop of its own is
/// reported at the collective's line), and the phis that named block `ends.0` as their
/// predecessor name `ends.1`, which now ends its path.
fn place(
    f: &mut rspirv::dr::Function,
    b: usize,
    code: Vec<Instruction>,
    mut blocks: Vec<Block>,
    ends: (Word, Word),
) {
    let line = f.blocks[b]
        .instructions
        .iter()
        .rev()
        .find(|i| matches!(i.class.opcode, Op::Line | Op::NoLine))
        .filter(|i| i.class.opcode == Op::Line)
        .cloned();
    if let Some(line) = line {
        for nb in &mut blocks {
            nb.instructions.insert(0, line.clone());
        }
    }
    f.blocks[b].instructions.extend(code);
    rename_predecessor(&mut f.blocks, ends.0, ends.1);
    f.blocks.splice(b + 1..b + 1, blocks);
}

/// A sub-group's collective over its one work-item: the operand itself, or for an
/// exclusive scan the identity.
fn of_one(
    m: &SpirvModule,
    e: &mut Edit,
    fi: usize,
    at: (usize, usize),
    s: &Site,
) -> Result<(), FrontendError> {
    let value = if s.combine == GroupOperation::ExclusiveScan {
        let bits = match m.types.get(&s.ty) {
            Some(SpvType::Int(w) | SpvType::Float(w)) => *w,
            _ => 32,
        };
        identity(m, e, s, s.ty, bits)?
    } else {
        s.value
    };
    e.module.functions[fi].blocks[at.0].instructions[at.1] =
        inst(Op::CopyObject, Some(s.ty), Some(s.result), &[value]);
    Ok(())
}

/// Cuts the rewritten instruction out of its block: the block's label and what followed
/// the instruction (the new blocks' last one takes it).
fn split_site(e: &mut Edit, fi: usize, at: (usize, usize)) -> (Word, Vec<Instruction>) {
    let b = &mut e.module.functions[fi].blocks[at.0];
    let tail = b.instructions.split_off(at.1 + 1);
    b.instructions.pop();
    (
        b.label.as_ref().and_then(|l| l.result_id).unwrap_or(0),
        tail,
    )
}

/// Whether `rest` (what follows an instruction in its block) only returns from the kernel:
/// a barrier there would order nothing.
fn only_returns(rest: &[Instruction]) -> bool {
    rest.iter().all(|i| {
        matches!(
            i.class.opcode,
            Op::Line | Op::NoLine | Op::Return | Op::LifetimeStop
        )
    })
}

fn block(label: Word, instructions: Vec<Instruction>) -> Block {
    Block {
        label: Some(Instruction::new(Op::Label, None, Some(label), vec![])),
        instructions,
    }
}

/// Phis that named `from` as their predecessor name `to`, which now ends what `from` did.
fn rename_predecessor(blocks: &mut [Block], from: Word, to: Word) {
    for i in blocks
        .iter_mut()
        .flat_map(|b| b.instructions.iter_mut())
        .filter(|i| i.class.opcode == Op::Phi)
    {
        for pair in i.operands.chunks_mut(2) {
            if pair.get(1) == Some(&Operand::IdRef(from)) {
                pair[1] = Operand::IdRef(to);
            }
        }
    }
}

/// A broadcast's source as a linear local id: `x + sx * (y + sy * z)`.
fn linear_source(
    m: &SpirvModule,
    e: &mut Edit,
    sizes: &Sizes,
    code: &mut Vec<Instruction>,
    src: Word,
) -> Result<Word, FrontendError> {
    let ty = m
        .module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        .chain(&m.module.types_global_values)
        .find(|i| i.result_id == Some(src))
        .and_then(|i| i.result_type);
    let lanes = match ty.and_then(|t| m.types.get(&t)) {
        Some(SpvType::Vector(_, n)) => *n,
        _ => return Ok(src),
    };
    let t = sizes.index_ty;
    let mut part = Vec::new();
    for d in 0..lanes {
        let c = e.fresh();
        let mut x = inst(Op::CompositeExtract, Some(t), Some(c), &[src]);
        x.operands.push(Operand::LiteralBit32(d));
        code.push(x);
        part.push(c);
    }
    let mut acc = part.pop().unwrap_or(src);
    while let Some(lower) = part.pop() {
        let size = sizes.size(e, code, part.len() as u32);
        let scaled = sizes.mul(e, code, size, acc);
        let sum = e.fresh();
        code.push(inst(Op::IAdd, Some(t), Some(sum), &[lower, scaled]));
        acc = sum;
    }
    Ok(acc)
}

/// The value an exclusive scan gives the first work-item (OpenCL C 6.13.15): what leaves
/// the other operand alone.
fn identity(
    m: &SpirvModule,
    e: &mut Edit,
    s: &Site,
    elem: Word,
    bits: u32,
) -> Result<Word, FrontendError> {
    let ones = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let float_inf = |neg: bool| -> u64 {
        let v = match bits {
            16 => 0x7c00,
            64 => 0x7ff0_0000_0000_0000,
            _ => 0x7f80_0000,
        };
        if neg {
            v | 1u64 << (bits - 1)
        } else {
            v
        }
    };
    let v = match s.op {
        Op::GroupAll => return Ok(e.int(elem, 32, 1)),
        Op::GroupAny => return Ok(e.int(elem, 32, 0)),
        Op::GroupIAdd | Op::GroupUMax | Op::GroupFAdd => 0,
        Op::GroupUMin => ones,
        Op::GroupSMin => ones >> 1,
        Op::GroupSMax => (ones >> 1) + 1,
        Op::GroupFMin => float_inf(false),
        Op::GroupFMax => float_inf(true),
        _ => {
            return Err(FrontendError::Internal(format!(
                "no identity for {:?} ({})",
                s.op,
                m.names.get(&s.result).cloned().unwrap_or_default()
            )))
        }
    };
    Ok(
        if matches!(s.op, Op::GroupFAdd | Op::GroupFMin | Op::GroupFMax) {
            e.float_bits(elem, bits, v)
        } else {
            e.int(elem, bits, v)
        },
    )
}

/// `out = acc ∘ v`: the combining instructions of the collective's operation.
fn combine(
    m: &SpirvModule,
    e: &mut Edit,
    s: &Site,
    elem: Word,
    out: Word,
    acc: Word,
    v: Word,
) -> Result<Vec<Instruction>, FrontendError> {
    let pick = |e: &mut Edit, cmp: Op| {
        let (c, b) = (e.fresh(), e.bool_type());
        vec![
            inst(cmp, Some(b), Some(c), &[acc, v]),
            inst(Op::Select, Some(elem), Some(out), &[c, acc, v]),
        ]
    };
    let cl = |e: &mut Edit, op: Cl| {
        let set = e.opencl_std();
        let mut x = inst(Op::ExtInst, Some(elem), Some(out), &[set]);
        x.operands.push(Operand::LiteralExtInstInteger(op as u32));
        x.operands.extend([Operand::IdRef(acc), Operand::IdRef(v)]);
        vec![x]
    };
    Ok(match s.op {
        Op::GroupIAdd => vec![inst(Op::IAdd, Some(elem), Some(out), &[acc, v])],
        Op::GroupFAdd => vec![inst(Op::FAdd, Some(elem), Some(out), &[acc, v])],
        Op::GroupUMin | Op::GroupAll => pick(e, Op::ULessThan),
        Op::GroupUMax | Op::GroupAny => pick(e, Op::UGreaterThan),
        Op::GroupSMin => pick(e, Op::SLessThan),
        Op::GroupSMax => pick(e, Op::SGreaterThan),
        Op::GroupFMin => cl(e, Cl::fmin),
        Op::GroupFMax => cl(e, Cl::fmax),
        _ => {
            return Err(FrontendError::Internal(format!(
                "no combination for {:?} ({})",
                s.op,
                m.names.get(&s.result).cloned().unwrap_or_default()
            )))
        }
    })
}
