//! OpenCL 2.0 pipes as values: each blocking pipe access becomes one instruction that reads
//! or writes a packet, so the private variable it went through is promoted like any other.
//!
//! A pipe access in SPIR-V moves a packet through a (generic) pointer and returns a status:
//! `OpReadPipe` fails on an empty pipe and `OpWritePipe` on a full one, and the kernel
//! retries. The usual form of a blocking access is the retry loop itself:
//!
//! ```text
//!   spin:  %s = OpReadPipe %int %pipe %ptr %size %align
//!          %ok = OpIEqual %bool %s %int_0
//!          OpBranchConditional %ok %next %spin
//! ```
//!
//! which is what the hardware does when it stalls on the FIFO's empty (or full) flag, so
//! such a loop becomes one blocking access and a branch to `%next`. (SPV_INTEL_blocking_pipes'
//! `OpReadPipeBlockingINTEL` would say so directly, but the SPIR-V grammar gives it a
//! result and no pipe or pointer operand, against the extension's text; until a producer's
//! module settles which, it is refused as an unknown instruction.) A blocking access
//! is written as an `OpExtInst` of the internal set `hls.pipe` (`READ`: the packet from the
//! pipe; `WRITE`: the packet to it) with a load or store of the packet's variable.
//!
//! An access whose status the kernel tests any other way stays as it is, and the lowering
//! refuses it at its source line: in hardware the status of a non-blocking access depends
//! on the cycle it runs in, so no co-simulation could check it against the model.
//!
//! Only the frontend sees the rewrite; the software model runs the pipe instructions (and
//! the retry loops) as written.

use crate::collectives::edit::{inst, Edit};
use crate::spirv::{id_operand, SpirvModule, SpvType};
use crate::FrontendError;
use rspirv::dr::{Block, Instruction, Operand};
use rspirv::spirv::{Op, Word};
use std::collections::HashMap;

/// The name of the internal extended-instruction set of blocking pipe accesses.
pub const PIPE_SET: &str = "hls.pipe";
/// `%packet = OpExtInst %T %hls_pipe READ %pipe`
pub const READ: u32 = 0;
/// `OpExtInst %void %hls_pipe WRITE %pipe %packet`
pub const WRITE: u32 = 1;

/// The module with every blocking pipe access written in the `hls.pipe` form; `None` when
/// the module has no pipe access.
pub fn expand(m: &SpirvModule) -> Result<Option<SpirvModule>, FrontendError> {
    let any = m
        .module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
        .any(|i| is_access(i.class.opcode));
    if !any {
        return Ok(None);
    }
    let mut e = Edit {
        module: m.module.clone(),
        next: m.bound.max(1),
    };
    let set = e.import(PIPE_SET);
    let void = e.declared(Op::TypeVoid, None, vec![]);
    for fi in 0..e.module.functions.len() {
        let defs = definitions(&e.module.functions[fi].blocks);
        let mut changed = false;
        for b in 0..e.module.functions[fi].blocks.len() {
            while let Some(site) = find_site(m, &e.module.functions[fi].blocks, b, &defs) {
                rewrite(&mut e, fi, b, &site, set, void);
                changed = true;
            }
        }
        if changed {
            drop_dead_casts(&mut e.module.functions[fi].blocks);
        }
    }
    e.finish().map(Some)
}

/// Whether `op` moves a packet through a pipe.
pub fn is_access(op: Op) -> bool {
    matches!(op, Op::ReadPipe | Op::WritePipe)
}

/// One blocking access found: where it is, what it moves and how its block goes on.
struct Site {
    /// Index of the access in its block.
    at: usize,
    read: bool,
    pipe: Word,
    /// The packet's variable (a pointer of the packet's own type) and that type.
    var: Word,
    ty: Word,
    /// The retry loop's compare to drop and the block the loop leaves to.
    spin: (usize, Word),
}

fn definitions(blocks: &[Block]) -> HashMap<Word, Instruction> {
    blocks
        .iter()
        .flat_map(|b| b.instructions.iter())
        .filter_map(|i| Some((i.result_id?, i.clone())))
        .collect()
}

/// The first blocking access of block `b` this rewrite can take.
fn find_site(
    m: &SpirvModule,
    blocks: &[Block],
    b: usize,
    defs: &HashMap<Word, Instruction>,
) -> Option<Site> {
    blocks[b]
        .instructions
        .iter()
        .enumerate()
        .find_map(|(at, i)| site_at(m, blocks, b, at, i, defs))
}

fn site_at(
    m: &SpirvModule,
    blocks: &[Block],
    b: usize,
    at: usize,
    i: &Instruction,
    defs: &HashMap<Word, Instruction>,
) -> Option<Site> {
    let read = match i.class.opcode {
        Op::ReadPipe => true,
        Op::WritePipe => false,
        _ => return None,
    };
    // Operands: pipe, pointer, packet size, packet alignment.
    let pipe = id_operand(i, 0)?;
    let ptr = id_operand(i, 1)?;
    let size = id_operand(i, 2)
        .and_then(|c| m.constants.get(&c))
        .map(|c| c.1)?;
    let (var, ty) = packet_variable(m, defs, ptr, size)?;
    let spin = retry_loop(m, blocks, b, at, i.result_id?)?;
    Some(Site {
        at,
        read,
        pipe,
        var,
        ty,
        spin,
    })
}

/// The pointer of the packet's own type behind `ptr` (through the casts to a generic byte
/// pointer that clang makes), when that type is `size` bytes.
fn packet_variable(
    m: &SpirvModule,
    defs: &HashMap<Word, Instruction>,
    mut ptr: Word,
    size: u64,
) -> Option<(Word, Word)> {
    loop {
        let def = defs.get(&ptr);
        match def.map(|d| d.class.opcode) {
            Some(Op::PtrCastToGeneric | Op::Bitcast | Op::GenericCastToPtr) => {
                ptr = id_operand(def?, 0)?;
            }
            _ => break,
        }
    }
    let ptr_ty = defs
        .get(&ptr)
        .and_then(|d| d.result_type)
        .or_else(|| variable_type(m, ptr))?;
    let Some(SpvType::Pointer(_, pointee)) = m.types.get(&ptr_ty) else {
        return None;
    };
    (scalar_bytes(m, *pointee)? == size).then_some((ptr, *pointee))
}

fn variable_type(m: &SpirvModule, id: Word) -> Option<Word> {
    m.module
        .types_global_values
        .iter()
        .find(|i| i.result_id == Some(id))
        .and_then(|i| i.result_type)
}

/// Bytes of a scalar or vector type (a packet the hardware moves in one beat).
fn scalar_bytes(m: &SpirvModule, ty: Word) -> Option<u64> {
    match m.types.get(&ty)? {
        SpvType::Int(w) | SpvType::Float(w) => Some(u64::from(*w).div_ceil(8)),
        SpvType::Vector(c, n) => {
            Some(scalar_bytes(m, *c)? * u64::from(if *n == 3 { 4 } else { *n }))
        }
        _ => None,
    }
}

/// For an access at `at` of block `b` whose status is `status`: the compare to drop and
/// the block to go on to, when the block is the access's retry loop and nothing else (no
/// phi, nothing with an effect besides the access, the status read only by the test).
fn retry_loop(
    m: &SpirvModule,
    blocks: &[Block],
    b: usize,
    at: usize,
    status: Word,
) -> Option<(usize, Word)> {
    let block = &blocks[b];
    let label = block.label.as_ref()?.result_id?;
    // Debug information (lines, scopes) is no effect.
    let quiet =
        |i: &Instruction| matches!(i.class.opcode, Op::Line | Op::NoLine) || m.is_nonsemantic(i);
    let pure = |i: &Instruction| {
        quiet(i)
            || matches!(
                i.class.opcode,
                Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr
            )
    };
    let n = block.instructions.len();
    if n < at + 3 || !block.instructions[..at].iter().all(pure) {
        return None;
    }
    let (cmp_at, cmp) = block.instructions[at + 1..n - 1]
        .iter()
        .enumerate()
        .find(|(_, i)| !quiet(i))?;
    let cmp_at = at + 1 + cmp_at;
    if block.instructions[cmp_at + 1..n - 1]
        .iter()
        .any(|i| !quiet(i))
    {
        return None;
    }
    // `status == 0` (or `!=`), either way round.
    let (x, y) = (id_operand(cmp, 0)?, id_operand(cmp, 1)?);
    let other = if x == status { y } else { x };
    let zero_test =
        (x == status || y == status) && m.constants.get(&other).is_some_and(|c| c.1 == 0);
    let equal = match cmp.class.opcode {
        Op::IEqual => true,
        Op::INotEqual => false,
        _ => return None,
    };
    let term = &block.instructions[n - 1];
    let (c, t, f) = match (
        term.class.opcode,
        id_operand(term, 0),
        id_operand(term, 1),
        id_operand(term, 2),
    ) {
        (Op::BranchConditional, Some(c), Some(t), Some(f)) => (c, t, f),
        _ => return None,
    };
    let (on_success, on_failure) = if equal { (t, f) } else { (f, t) };
    let cmp_id = cmp.result_id?;
    let used_elsewhere = |id: Word| {
        blocks
            .iter()
            .flat_map(|b| b.instructions.iter())
            .filter(|i| i.operands.contains(&Operand::IdRef(id)))
            .count()
    };
    (zero_test
        && c == cmp_id
        && on_failure == label
        && on_success != label
        && used_elsewhere(status) == 1
        && used_elsewhere(cmp_id) == 1)
        .then_some((cmp_at, on_success))
}

fn rewrite(e: &mut Edit, fi: usize, b: usize, s: &Site, set: Word, void: Word) {
    let packet = e.fresh();
    let code = if s.read {
        vec![
            Instruction::new(
                Op::ExtInst,
                Some(s.ty),
                Some(packet),
                vec![
                    Operand::IdRef(set),
                    Operand::LiteralExtInstInteger(READ),
                    Operand::IdRef(s.pipe),
                ],
            ),
            inst(Op::Store, None, None, &[s.var, packet]),
        ]
    } else {
        let call = e.fresh();
        vec![
            inst(Op::Load, Some(s.ty), Some(packet), &[s.var]),
            Instruction::new(
                Op::ExtInst,
                Some(void),
                Some(call),
                vec![
                    Operand::IdRef(set),
                    Operand::LiteralExtInstInteger(WRITE),
                    Operand::IdRef(s.pipe),
                    Operand::IdRef(packet),
                ],
            ),
        ]
    };
    let block = &mut e.module.functions[fi].blocks[b];
    let (cmp_at, next) = s.spin;
    let n = block.instructions.len();
    block.instructions[n - 1] = inst(Op::Branch, None, None, &[next]);
    block.instructions.remove(cmp_at);
    block.instructions.splice(s.at..=s.at, code);
}

/// The casts that only carried a packet's address to the accesses, and the lifetime
/// markers on them, go: promotion takes a variable only while its address stays inside.
fn drop_dead_casts(blocks: &mut [Block]) {
    let is_cast = |op: Op| matches!(op, Op::Bitcast | Op::PtrCastToGeneric);
    loop {
        let casts: Vec<Word> = blocks
            .iter()
            .flat_map(|b| b.instructions.iter())
            .filter(|i| is_cast(i.class.opcode))
            .filter_map(|i| i.result_id)
            .collect();
        let uses = |id: Word, blocks: &[Block]| {
            blocks
                .iter()
                .flat_map(|b| b.instructions.iter())
                .filter(|i| !matches!(i.class.opcode, Op::LifetimeStart | Op::LifetimeStop))
                .any(|i| i.operands.contains(&Operand::IdRef(id)))
        };
        let dead: Vec<Word> = casts.into_iter().filter(|c| !uses(*c, blocks)).collect();
        if dead.is_empty() {
            return;
        }
        for b in blocks.iter_mut() {
            b.instructions.retain(|i| {
                let marker = matches!(i.class.opcode, Op::LifetimeStart | Op::LifetimeStop)
                    && id_operand(i, 0).is_some_and(|p| dead.contains(&p));
                let cast = i.result_id.is_some_and(|r| dead.contains(&r));
                !marker && !cast
            });
        }
    }
}
