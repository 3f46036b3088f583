//! Work-group barriers end their block: each `OpControlBarrier` is followed by a branch to
//! a new block holding the rest, so that a barrier always ends a unit and the work-group
//! pass (`passes::workgroups`) can cut the kernel into the regions between barriers.

use crate::inline::{FlatBlock, FlatFunction};
use crate::spirv::SpirvModule;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

/// Whether the function holds a work-group barrier.
pub fn has_barrier(f: &FlatFunction) -> bool {
    f.blocks
        .iter()
        .any(|b| b.insts.iter().any(|i| i.class.opcode == Op::ControlBarrier))
}

/// Splits every block after each barrier that is not already followed by an unconditional
/// branch alone. Returns how many blocks were added.
pub fn split_after_barriers(m: &SpirvModule, f: &mut FlatFunction) -> usize {
    let mut next = fresh_id(m, f);
    let mut added = 0;
    let mut i = 0;
    while i < f.blocks.len() {
        let insts = &f.blocks[i].insts;
        // Left alone when a plain branch follows the barrier: the block ends there.
        let cut = insts
            .iter()
            .position(|x| x.class.opcode == Op::ControlBarrier)
            .map(|p| p + 1)
            .filter(|&p| !(p + 1 == insts.len() && insts[p].class.opcode == Op::Branch));
        if let Some(cut) = cut {
            let label = f.blocks[i].label;
            let moved = f.blocks[i].insts.split_off(cut);
            let branch = Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(next)]);
            f.lines.split_block(label, next, &f.blocks[i].insts, &moved);
            f.blocks[i].insts.push(branch);
            rename_predecessor(f, label, next, &moved);
            f.blocks.insert(
                i + 1,
                FlatBlock {
                    label: next,
                    insts: moved,
                },
            );
            next += 1;
            added += 1;
        }
        i += 1;
    }
    added
}

/// The successors of the moved terminator now come from `to`: their phis name it.
fn rename_predecessor(f: &mut FlatFunction, from: Word, to: Word, moved: &[Instruction]) {
    let Some(term) = moved.last() else { return };
    let targets = crate::spirv::id_operands(term);
    for b in f.blocks.iter_mut().filter(|b| targets.contains(&b.label)) {
        for inst in b.insts.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
            for pair in inst.operands.chunks_mut(2) {
                if let [_, Operand::IdRef(l)] = pair {
                    if *l == from {
                        *l = to;
                    }
                }
            }
        }
    }
}

/// An id no instruction of the module or the function uses yet.
fn fresh_id(m: &SpirvModule, f: &FlatFunction) -> Word {
    let used = f
        .blocks
        .iter()
        .flat_map(|b| std::iter::once(b.label).chain(b.insts.iter().filter_map(|i| i.result_id)));
    used.max().unwrap_or(0).max(m.bound.saturating_sub(1)) + 1
}
