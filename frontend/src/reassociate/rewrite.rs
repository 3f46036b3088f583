//! The rewrite: a reduction's header phi becomes rotating lanes, and a block on the loop's
//! exit edge sums them.

use super::{Acc, Loop};
use rspirv::dr::{Block, Instruction, Operand};
use rspirv::spirv::{Op, Word};

/// Rewrites one loop: lanes for each reduction, and the block on the exit edge that sums
/// them.
pub(super) fn apply(
    module: &mut rspirv::dr::Module,
    fi: usize,
    lp: &Loop,
    accs: &[Acc],
    fresh: &mut dyn FnMut() -> Word,
) {
    let index = |l: Word| {
        module.functions[fi]
            .blocks
            .iter()
            .position(|b| b.label_id() == Some(l))
    };
    let (Some(header), Some(from), Some(to)) =
        (index(lp.header), index(lp.exit.0), index(lp.exit.1))
    else {
        return;
    };
    let mut sums = Vec::new();
    let mut exit_insts = Vec::new();
    let (latch_label, from_label, to_label) = (lp.latch, lp.exit.0, lp.exit.1);
    let new_label = fresh();
    let mut names = Vec::new();
    for acc in accs {
        let zero = negative_zero(module, acc.ty, acc.width, fresh);
        let lanes: Vec<Word> = (1..acc.lanes).map(|_| fresh()).collect();
        for (j, l) in lanes.iter().enumerate() {
            names.push((*l, format!("{}.lane{}", acc.name, j + 1)));
        }
        if names.len() == lanes.len() {
            names.push((new_label, format!("{}.sum", acc.name)));
        }
        let f = &mut module.functions[fi];
        let phis = &mut f.blocks[header].instructions;
        let Some(pos) = phis.iter().position(|i| i.result_id == Some(acc.phi)) else {
            continue;
        };
        // The accumulator and each lane: −0.0 on entry, the next lane from the latch.
        let lane_phi = |result: Word, carried: Word, template: &Instruction| {
            let mut inst = template.clone();
            inst.result_id = Some(result);
            for k in (0..inst.operands.len()).step_by(2) {
                let from_latch = matches!(inst.operands.get(k + 1), Some(Operand::IdRef(p)) if *p == latch_label);
                inst.operands[k] = Operand::IdRef(if from_latch { carried } else { zero });
            }
            inst
        };
        let template = phis[pos].clone();
        let mut chain_phis = vec![lane_phi(acc.phi, lanes[0], &template)];
        for (j, &l) in lanes.iter().enumerate() {
            let carried = lanes.get(j + 1).copied().unwrap_or(acc.next);
            chain_phis.push(lane_phi(l, carried, &template));
        }
        phis.splice(pos..=pos, chain_phis);
        // After the loop: the lanes' values at the exit, summed, then the initial value.
        let mut terms: Vec<Word> = if acc.live == acc.phi {
            std::iter::once(acc.phi)
                .chain(lanes.iter().copied())
                .collect()
        } else {
            lanes
                .iter()
                .copied()
                .chain(std::iter::once(acc.next))
                .collect()
        };
        while terms.len() > 1 {
            let mut level = Vec::new();
            for pair in terms.chunks(2) {
                if let [a, b] = pair {
                    let r = fresh();
                    exit_insts.push(add(acc.ty, r, *a, *b));
                    level.push(r);
                } else {
                    level.push(pair[0]);
                }
            }
            terms = level;
        }
        let total = fresh();
        exit_insts.push(add(acc.ty, total, acc.init, terms[0]));
        sums.push((acc.live, total));
    }
    exit_insts.push(Instruction::new(
        Op::Branch,
        None,
        None,
        vec![Operand::IdRef(to_label)],
    ));
    let f = &mut module.functions[fi];
    // The exit edge goes through the new block.
    if let Some(term) = f.blocks[from].instructions.last_mut() {
        for o in term.operands.iter_mut() {
            if *o == Operand::IdRef(to_label) {
                *o = Operand::IdRef(new_label);
            }
        }
    }
    for inst in f.blocks[header].instructions.iter_mut() {
        if inst.class.opcode == Op::LoopMerge
            && inst.operands.first() == Some(&Operand::IdRef(to_label))
        {
            inst.operands[0] = Operand::IdRef(new_label);
        }
    }
    let total_of = |v: Word| sums.iter().find(|(l, _)| *l == v).map(|(_, t)| *t);
    // After the loop, the sums replace the accumulators; the exit's phis name the new
    // block as the edge they come from.
    for (bi, b) in f.blocks.iter_mut().enumerate() {
        let inside = b.label_id().is_some_and(|l| lp.blocks.contains(&l));
        for inst in b.instructions.iter_mut() {
            let exit_phi = bi == to && inst.class.opcode == Op::Phi;
            for k in 0..inst.operands.len() {
                match inst.operands[k] {
                    Operand::IdRef(p) if exit_phi && k % 2 == 1 && p == from_label => {
                        inst.operands[k] = Operand::IdRef(new_label);
                    }
                    Operand::IdRef(v) if !inside => {
                        if let Some(t) = total_of(v) {
                            inst.operands[k] = Operand::IdRef(t);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    for (id, name) in names {
        module.debug_names.push(Instruction::new(
            Op::Name,
            None,
            None,
            vec![Operand::IdRef(id), Operand::LiteralString(name)],
        ));
    }
    let f = &mut module.functions[fi];
    let mut block = Block::new();
    block.label = Some(Instruction::new(Op::Label, None, Some(new_label), vec![]));
    block.instructions = exit_insts;
    f.blocks.insert(from + 1, block);
}

fn add(ty: Word, result: Word, a: Word, b: Word) -> Instruction {
    Instruction::new(
        Op::FAdd,
        Some(ty),
        Some(result),
        vec![Operand::IdRef(a), Operand::IdRef(b)],
    )
}

/// The constant −0.0 of a float type, added to the module if it has none.
fn negative_zero(
    module: &mut rspirv::dr::Module,
    ty: Word,
    width: u32,
    fresh: &mut dyn FnMut() -> Word,
) -> Word {
    let value = match width {
        64 => Operand::LiteralBit64(1 << 63),
        16 => Operand::LiteralBit32(0x8000),
        _ => Operand::LiteralBit32(0x8000_0000),
    };
    if let Some(id) = module.types_global_values.iter().find_map(|i| {
        (i.class.opcode == Op::Constant
            && i.result_type == Some(ty)
            && i.operands.first() == Some(&value))
        .then_some(i.result_id)
        .flatten()
    }) {
        return id;
    }
    let id = fresh();
    module.types_global_values.push(Instruction::new(
        Op::Constant,
        Some(ty),
        Some(id),
        vec![value],
    ));
    id
}
