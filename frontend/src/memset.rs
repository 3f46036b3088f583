//! Word-wide memsets. llvm-spirv-15 writes LLVM's `memset` as a call to a helper of its own,
//! `spirv.llvm_memset_p<AS>i8_i<W>(dest, byte, len, volatile)`, whose body stores one byte
//! at a time through a `uchar *` view of the destination. clang makes such a call of any
//! loop that fills a buffer with one value (`for (k…) out[k] = 0.0f`).
//!
//! Byte stores into a buffer of words would be 4·N narrow writes. When the destination is
//! a typed pointer seen through a bitcast and the length is provably a whole number of its
//! elements, the call becomes a loop of element-wide stores of the repeated byte instead:
//! one store per element, each a full beat. Anything else keeps the helper. Only the
//! frontend sees the rewrite; the software model runs the module as the translator wrote
//! it, so co-simulation checks this against the byte loop.

use crate::spirv::{id_operand, SpirvModule, SpvType};
use crate::FrontendError;
use rspirv::dr::{Block, Instruction, Operand};
use rspirv::spirv::{Op, Word};

/// The module with every recognisable memset call made word-wide, or `None` when it has
/// none.
pub fn word_memsets(m: &SpirvModule) -> Result<Option<SpirvModule>, FrontendError> {
    let helpers: Vec<Word> = m
        .names
        .iter()
        .filter(|(_, n)| n.starts_with("spirv.llvm_memset_p"))
        .map(|(id, _)| *id)
        .collect();
    let mut module = m.module.clone();
    let mut next = m.bound.max(1);
    let mut changed = false;
    let mut made_bool = None;
    for fi in 0..module.functions.len() {
        while let Some((site, mut plan)) = find_site(m, &module.functions[fi].blocks, &helpers) {
            if plan.bool_ty == 0 {
                // A kernel with no comparison of its own has no OpTypeBool: one is made.
                plan.bool_ty = *made_bool.get_or_insert_with(|| {
                    let id = next;
                    next += 1;
                    module
                        .types_global_values
                        .insert(0, Instruction::new(Op::TypeBool, None, Some(id), vec![]));
                    id
                });
            }
            let consts = plan.constants(&mut next);
            module.types_global_values.extend(consts.insts);
            let f = &mut module.functions[fi];
            split_into_loop(f, &site, &plan, &consts.ids, &mut next);
            changed = true;
        }
    }
    if !changed {
        return Ok(None);
    }
    if let Some(h) = module.header.as_mut() {
        h.bound = next;
    }
    use rspirv::binary::Assemble;
    let bytes: Vec<u8> = module
        .assemble()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    SpirvModule::load(&bytes).map(Some)
}

/// Where a helper call is: block and instruction index.
struct Site {
    block: usize,
    inst: usize,
}

/// The first memset that can be made a loop: a helper call, or a fill of a large private
/// array (below).
fn find_site(m: &SpirvModule, blocks: &[Block], helpers: &[Word]) -> Option<(Site, Plan)> {
    for (b, block) in blocks.iter().enumerate() {
        for (k, i) in block.instructions.iter().enumerate() {
            let site = Site { block: b, inst: k };
            let planned = match i.class.opcode {
                Op::FunctionCall if id_operand(i, 0).is_some_and(|f| helpers.contains(&f)) => {
                    plan(m, blocks, &site)
                }
                Op::CopyMemorySized => plan_fill(m, blocks, i),
                _ => None,
            };
            if let Some(p) = planned {
                return Some((site, p));
            }
        }
    }
    None
}

/// Fills of more elements than this become a loop; fewer stay one store each, which
/// schedules in a few cycles (a thousand unrolled stores take the scheduler minutes).
const FILL_LOOP_ABOVE: u64 = 64;

/// clang's memset of a private array (`int h[1024]` zeroed in a loop): an
/// OpCopyMemorySized from a constant table of one repeated byte into the whole array, or
/// its start, seen through `uchar *` casts. It becomes a loop of element-wide stores.
fn plan_fill(m: &SpirvModule, blocks: &[Block], copy: &Instruction) -> Option<Plan> {
    let (dst, src, size_id) = (
        id_operand(copy, 0)?,
        id_operand(copy, 1)?,
        id_operand(copy, 2)?,
    );
    let def = |id: Word| defining(blocks, id);
    let var = id_operand(def(dst).filter(|i| i.class.opcode == Op::Bitcast)?, 0)?;
    let var_inst = def(var).filter(|i| i.class.opcode == Op::Variable)?;
    let Some(SpvType::Pointer(sc, arr)) = m.types.get(&var_inst.result_type?) else {
        return None;
    };
    let Some(SpvType::Array(elem_ty, _)) = m.types.get(arr) else {
        return None;
    };
    let eb = match m.types.get(elem_ty)? {
        SpvType::Int(w) | SpvType::Float(w) => *w as u64 / 8,
        _ => return None,
    };
    let table = id_operand(def(src).filter(|i| i.class.opcode == Op::Bitcast)?, 0)?;
    let table_var = m
        .module
        .types_global_values
        .iter()
        .find(|i| i.result_id == Some(table) && i.class.opcode == Op::Variable)?;
    let bytes = m.constant_bytes(id_operand(table_var, 1)?)?;
    let (len_ty, size) = *m.constants.get(&size_id)?;
    let array_bytes = m.type_size(*arr)?;
    let fill = bytes.get(..size as usize)?;
    let count = size / eb.max(1);
    let uniform = fill.iter().all(|b| *b == fill[0]);
    if !matches!(eb, 1 | 2 | 4 | 8)
        || size % eb != 0
        || size > array_bytes
        || !uniform
        || count <= FILL_LOOP_ABOVE
    {
        return None;
    }
    let ptr_ty = m
        .types
        .iter()
        .find(|(_, t)| matches!(t, SpvType::Pointer(c, e) if c == sc && e == elem_ty))
        .map(|(id, _)| *id)?;
    let bool_ty = bool_type(m).unwrap_or(0);
    let word = (0..eb).fold(0u64, |w, _| (w << 8) | fill[0] as u64);
    Some(Plan {
        len_wide: matches!(m.types.get(&len_ty), Some(SpvType::Int(64))),
        elem_wide: eb == 8,
        base: var,
        ptr_ty,
        elem_ty: *elem_ty,
        len_ty,
        bool_ty,
        word,
        count: Count::Const(count),
        chain: Op::InBoundsAccessChain,
    })
}

/// What the word loop needs: the typed base pointer, its type and element, the element
/// count (an existing id, or a shift or multiply of one to make), and the word to store.
struct Plan {
    base: Word,
    ptr_ty: Word,
    elem_ty: Word,
    len_ty: Word,
    /// OpTypeBool, or 0 when the module has none yet (one is made).
    bool_ty: Word,
    /// Whether the length type and the element are 64 bits wide (two-word literals).
    len_wide: bool,
    elem_wide: bool,
    word: u64,
    count: Count,
    /// How an element's address is formed from the base and the index: a pointer's
    /// (OpInBoundsPtrAccessChain) or an array variable's (OpInBoundsAccessChain).
    chain: Op,
}

enum Count {
    /// An id that already holds the element count.
    Id(Word),
    /// `x << s` elements.
    Shift(Word, u64),
    /// `x * k` elements.
    Mul(Word, u64),
    /// A constant number of elements.
    Const(u64),
}

/// Fresh constants of the plan and their ids: zero, one, the word, and the count's operand.
struct Consts {
    insts: Vec<Instruction>,
    ids: [Word; 4],
}

impl Plan {
    fn constants(&self, next: &mut Word) -> Consts {
        let mut insts = Vec::new();
        let mut make = |ty: Word, v: u64, wide: bool| {
            let id = *next;
            *next += 1;
            let mut ops = vec![Operand::LiteralBit32(v as u32)];
            if wide {
                ops.push(Operand::LiteralBit32((v >> 32) as u32));
            }
            insts.push(Instruction::new(Op::Constant, Some(ty), Some(id), ops));
            id
        };
        let len_wide = self.len_wide;
        let zero = make(self.len_ty, 0, len_wide);
        let one = make(self.len_ty, 1, len_wide);
        let word = make(self.elem_ty, self.word, self.elem_wide);
        let k = match self.count {
            Count::Shift(_, k) | Count::Mul(_, k) | Count::Const(k) => k,
            Count::Id(_) => 0,
        };
        let kc = make(self.len_ty, k, len_wide);
        Consts {
            insts,
            ids: [zero, one, word, kc],
        }
    }
}

fn plan(m: &SpirvModule, blocks: &[Block], site: &Site) -> Option<Plan> {
    let call = &blocks[site.block].instructions[site.inst];
    let (dst, val, len) = (
        id_operand(call, 1)?,
        id_operand(call, 2)?,
        id_operand(call, 3)?,
    );
    let def = |id: Word| defining(blocks, id);
    let cast = def(dst).filter(|i| i.class.opcode == Op::Bitcast)?;
    let base = id_operand(cast, 0)?;
    let ptr_ty = def(base).and_then(|i| i.result_type).or_else(|| {
        // A parameter: its type is on the OpFunctionParameter.
        m.module
            .functions
            .iter()
            .flat_map(|f| &f.parameters)
            .find(|p| p.result_id == Some(base))
            .and_then(|p| p.result_type)
    })?;
    let Some(SpvType::Pointer(_, elem_ty)) = m.types.get(&ptr_ty) else {
        return None;
    };
    let eb = match m.types.get(elem_ty)? {
        SpvType::Int(w) | SpvType::Float(w) => *w as u64 / 8,
        _ => return None,
    };
    if !matches!(eb, 2 | 4 | 8) {
        return None;
    }
    let byte = m.constants.get(&val)?.1 & 0xff;
    let word = (0..eb).fold(0u64, |w, _| (w << 8) | byte);
    let len_ty = m
        .constants
        .get(&len)
        .map(|c| c.0)
        .or_else(|| def(len)?.result_type)?;
    let shift = eb.trailing_zeros() as u64;
    let count = if let Some((_, c)) = m.constants.get(&len) {
        (c % eb == 0).then_some(Count::Const(c / eb))?
    } else {
        let d = def(len)?;
        let (x, k) = (id_operand(d, 0)?, m.constants.get(&id_operand(d, 1)?)?.1);
        match d.class.opcode {
            Op::ShiftLeftLogical if k == shift => Count::Id(x),
            Op::ShiftLeftLogical if k > shift => Count::Shift(x, k - shift),
            Op::IMul if k == eb => Count::Id(x),
            Op::IMul if k % eb == 0 => Count::Mul(x, k / eb),
            _ => return None,
        }
    };
    let bool_ty = bool_type(m).unwrap_or(0);
    let len_wide = matches!(m.types.get(&len_ty), Some(SpvType::Int(64)));
    Some(Plan {
        chain: Op::InBoundsPtrAccessChain,
        len_wide,
        elem_wide: eb == 8,
        base,
        ptr_ty,
        elem_ty: *elem_ty,
        len_ty,
        bool_ty,
        word,
        count,
    })
}

/// Splits the call's block: before the call, a branch to the loop header; the loop; then a
/// new block holding what followed the call. Phis that named the block as their
/// predecessor now name the new one.
fn split_into_loop(
    f: &mut rspirv::dr::Function,
    site: &Site,
    plan: &Plan,
    consts: &[Word; 4],
    next: &mut Word,
) {
    let mut fresh = || {
        let id = *next;
        *next += 1;
        id
    };
    let [zero, one, word, kc] = *consts;
    let (header, body, after) = (fresh(), fresh(), fresh());
    let (k, k_next, cond, at) = (fresh(), fresh(), fresh(), fresh());
    let before_label = f.blocks[site.block]
        .label
        .as_ref()
        .and_then(|l| l.result_id)
        .unwrap_or(0);
    let tail: Vec<Instruction> = f.blocks[site.block].instructions.split_off(site.inst + 1);
    f.blocks[site.block].instructions.pop();
    let mut pre = Vec::new();
    let count = match plan.count {
        Count::Id(x) => x,
        Count::Const(_) => kc,
        Count::Shift(x, _) | Count::Mul(x, _) => {
            let c = fresh();
            let op = if matches!(plan.count, Count::Shift(..)) {
                Op::ShiftLeftLogical
            } else {
                Op::IMul
            };
            pre.push(inst(op, Some(plan.len_ty), Some(c), &[x, kc]));
            c
        }
    };
    let b = &mut f.blocks[site.block].instructions;
    b.extend(pre);
    b.push(inst(Op::Branch, None, None, &[header]));
    let label = |id| Some(Instruction::new(Op::Label, None, Some(id), vec![]));
    let loop_blocks = [
        Block {
            label: label(header),
            instructions: vec![
                inst(
                    Op::Phi,
                    Some(plan.len_ty),
                    Some(k),
                    &[zero, before_label, k_next, body],
                ),
                inst(Op::ULessThan, Some(plan.bool_ty), Some(cond), &[k, count]),
                inst(Op::BranchConditional, None, None, &[cond, body, after]),
            ],
        },
        Block {
            label: label(body),
            instructions: vec![
                inst(plan.chain, Some(plan.ptr_ty), Some(at), &[plan.base, k]),
                inst(Op::Store, None, None, &[at, word]),
                inst(Op::IAdd, Some(plan.len_ty), Some(k_next), &[k, one]),
                inst(Op::Branch, None, None, &[header]),
            ],
        },
        Block {
            label: label(after),
            instructions: tail,
        },
    ];
    for block in &mut f.blocks {
        for i in block
            .instructions
            .iter_mut()
            .filter(|i| i.class.opcode == Op::Phi)
        {
            for pair in i.operands.chunks_mut(2) {
                if pair.get(1) == Some(&Operand::IdRef(before_label)) {
                    pair[1] = Operand::IdRef(after);
                }
            }
        }
    }
    let at_block = site.block + 1;
    f.blocks.splice(at_block..at_block, loop_blocks);
}

/// The instruction of `blocks` that defines `id`.
fn defining(blocks: &[Block], id: Word) -> Option<&Instruction> {
    blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .find(|i| i.result_id == Some(id))
}

/// The module's OpTypeBool, if it has one (`word_memsets` makes one otherwise).
fn bool_type(m: &SpirvModule) -> Option<Word> {
    m.types
        .iter()
        .find(|(_, t)| matches!(t, SpvType::Bool))
        .map(|(id, _)| *id)
}

fn inst(op: Op, ty: Option<Word>, id: Option<Word>, ids: &[Word]) -> Instruction {
    Instruction::new(op, ty, id, ids.iter().map(|i| Operand::IdRef(*i)).collect())
}
