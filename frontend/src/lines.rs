//! Source lines: where each instruction of the flattened kernel came from.
//!
//! A module compiled with line tables (`clang -gline-tables-only`) carries OpLine: it gives
//! the file, line and column of the instructions after it, up to the next OpLine, an
//! OpNoLine or the end of the block. The lowering drops line instructions with the rest of
//! the debug information (they are not values), so their positions are kept here first,
//! and every IR operation made from an instruction takes that instruction's position.

use crate::inline::FlatFunction;
use crate::spirv::{id_operand, SpirvModule};
use ir::Loc;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};
use std::collections::HashMap;

#[derive(Debug, Clone, Default)]
pub struct SourceLines {
    /// The files positions index (`Loc::file`), in the order first met.
    pub files: Vec<String>,
    file_index: HashMap<Word, u32>,
    /// Instructions with a result, by result id.
    results: HashMap<Word, Loc>,
    /// Instructions without a result that write memory (OpStore, copies, OpAtomicStore),
    /// by the pointer they write: promotion may rename the stored value, never the pointer.
    writes: HashMap<Word, Loc>,
    /// Other instructions without a result (barriers, fences): by block, opcode and their
    /// rank among that block's instructions of that opcode.
    effects: HashMap<(Word, Op, u32), Loc>,
    /// Each block's terminator: a loop's back edge stands on its `for` or `while`.
    terminators: HashMap<Word, Loc>,
    /// Each block's first positioned instruction.
    firsts: HashMap<Word, Loc>,
}

impl SourceLines {
    /// Reads the positions of the flattened function's instructions. Call it before the
    /// line instructions are dropped.
    pub fn collect(m: &SpirvModule, f: &FlatFunction) -> SourceLines {
        Self::collect_from(&m.strings, |i| m.is_nonsemantic(i), f)
    }

    fn collect_from(
        strings: &HashMap<Word, String>,
        is_nonsemantic: impl Fn(&Instruction) -> bool,
        f: &FlatFunction,
    ) -> SourceLines {
        let mut lines = SourceLines::default();
        for b in &f.blocks {
            let mut current: Option<Loc> = None;
            let mut rank = Ranks::default();
            for inst in &b.insts {
                let r = rank.next(inst);
                match inst.class.opcode {
                    Op::Line => current = lines.line(strings, inst),
                    Op::NoLine => current = None,
                    _ if is_nonsemantic(inst) => {}
                    _ => {
                        let Some(loc) = current else { continue };
                        lines.firsts.entry(b.label).or_insert(loc);
                        if is_terminator(inst.class.opcode) {
                            lines.terminators.insert(b.label, loc);
                        } else if let Some(r) = inst.result_id {
                            lines.results.insert(r, loc);
                        } else if writes_memory(inst.class.opcode) {
                            if let Some(p) = id_operand(inst, 0) {
                                lines.writes.entry(p).or_insert(loc);
                            }
                        } else if let Some(r) = r {
                            lines.effects.insert((b.label, inst.class.opcode, r), loc);
                        }
                    }
                }
            }
        }
        lines
    }

    /// The position of an OpLine: its file (OpString) entered in `files` on first use.
    fn line(&mut self, strings: &HashMap<Word, String>, inst: &Instruction) -> Option<Loc> {
        let file = id_operand(inst, 0)?;
        let literal = |k: usize| match inst.operands.get(k) {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        };
        let (line, col) = (literal(1)?, literal(2).unwrap_or(0));
        if line == 0 {
            return None;
        }
        let next = self.files.len() as u32;
        let index = *self.file_index.entry(file).or_insert_with(|| {
            let name = strings
                .get(&file)
                .cloned()
                .unwrap_or_else(|| format!("%{file}"));
            self.files.push(name);
            next
        });
        Some(Loc {
            file: index,
            line,
            col,
        })
    }

    /// Where an instruction of block `label` came from, if the module says. `rank` is the
    /// block's `Ranks`, fed every instruction in order.
    pub fn of(&self, label: Word, rank: &mut Ranks, inst: &Instruction) -> Option<Loc> {
        let r = rank.next(inst);
        match inst.result_id {
            Some(r) => self.results.get(&r).copied(),
            None if writes_memory(inst.class.opcode) => {
                id_operand(inst, 0).and_then(|p| self.writes.get(&p).copied())
            }
            None => r.and_then(|r| self.effects.get(&(label, inst.class.opcode, r)).copied()),
        }
    }

    /// The position of a block's terminator.
    pub fn terminator(&self, label: Word) -> Option<Loc> {
        self.terminators.get(&label).copied()
    }

    /// The position of a block's first positioned instruction.
    pub fn first(&self, label: Word) -> Option<Loc> {
        self.firsts.get(&label).copied()
    }

    /// Block `from` was split: its instructions from `moved` on went to the new block
    /// `to`. Their positions move with them (effects re-ranked in their new block; the
    /// terminator, a loop's back edge, now ends `to`).
    pub fn split_block(
        &mut self,
        from: Word,
        to: Word,
        kept: &[Instruction],
        moved: &[Instruction],
    ) {
        let mut before = Ranks::default();
        for inst in kept {
            before.next(inst);
        }
        let moved_effects: Vec<((Word, Op, u32), Loc)> = self
            .effects
            .iter()
            .filter(|((b, op, r), _)| *b == from && *r > before.0.get(op).copied().unwrap_or(0))
            .map(|(k, l)| (*k, *l))
            .collect();
        for ((_, op, r), loc) in moved_effects {
            self.effects.remove(&(from, op, r));
            let kept_of_op = before.0.get(&op).copied().unwrap_or(0);
            self.effects.insert((to, op, r - kept_of_op), loc);
        }
        if let Some(t) = self.terminators.remove(&from) {
            self.terminators.insert(to, t);
        }
        let first = moved
            .iter()
            .find_map(|i| i.result_id.and_then(|r| self.results.get(&r).copied()));
        if let Some(l) = first.or_else(|| self.terminators.get(&to).copied()) {
            self.firsts.insert(to, l);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

/// Counts a block's instructions without a result (other than writes and terminators) per
/// opcode, so that the k-th barrier of a block is found again after other passes removed
/// line and debug instructions around it.
#[derive(Default)]
pub struct Ranks(HashMap<Op, u32>);

impl Ranks {
    fn next(&mut self, inst: &Instruction) -> Option<u32> {
        let op = inst.class.opcode;
        let counted = inst.result_id.is_none()
            && !writes_memory(op)
            && !is_terminator(op)
            && !matches!(op, Op::Line | Op::NoLine | Op::ExtInst);
        counted.then(|| {
            let r = self.0.entry(op).or_insert(0);
            *r += 1;
            *r
        })
    }
}

fn is_terminator(op: Op) -> bool {
    matches!(
        op,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Unreachable
            | Op::Kill
    )
}

fn writes_memory(op: Op) -> bool {
    matches!(
        op,
        Op::Store | Op::CopyMemory | Op::CopyMemorySized | Op::AtomicStore
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inline::FlatBlock;
    use rspirv::dr::Operand::{IdRef, LiteralBit32};

    fn inst(op: Op, result: Option<Word>, operands: Vec<Operand>) -> Instruction {
        Instruction::new(op, result.map(|_| 1), result, operands)
    }

    #[test]
    fn a_line_covers_the_instructions_after_it_up_to_no_line() {
        let line = |l| {
            inst(
                Op::Line,
                None,
                vec![IdRef(99), LiteralBit32(l), LiteralBit32(7)],
            )
        };
        let f = FlatFunction {
            params: vec![],
            blocks: vec![FlatBlock {
                label: 5,
                insts: vec![
                    inst(Op::IAdd, Some(10), vec![IdRef(2), IdRef(3)]),
                    line(4),
                    inst(Op::IAdd, Some(11), vec![IdRef(2), IdRef(3)]),
                    inst(Op::Store, None, vec![IdRef(20), IdRef(11)]),
                    inst(Op::NoLine, None, vec![]),
                    inst(Op::IAdd, Some(12), vec![IdRef(2), IdRef(3)]),
                    inst(Op::ControlBarrier, None, vec![IdRef(2), IdRef(2), IdRef(3)]),
                    line(8),
                    inst(Op::ControlBarrier, None, vec![IdRef(2), IdRef(2), IdRef(3)]),
                    line(9),
                    inst(Op::Return, None, vec![]),
                ],
            }],
            origin: HashMap::new(),
            lines: SourceLines::default(),
        };
        let lines = SourceLines::collect_from(&HashMap::new(), |_| false, &f);
        let mut rank = Ranks::default();
        let mut at = |r| {
            lines
                .of(5, &mut rank, &inst(Op::IAdd, Some(r), vec![]))
                .map(|l| l.line)
        };
        assert_eq!((at(10), at(11), at(12)), (None, Some(4), None));
        let store = inst(Op::Store, None, vec![IdRef(20), IdRef(77)]);
        let mut rank = Ranks::default();
        assert_eq!(
            lines.of(5, &mut rank, &store).map(|l| (l.line, l.col)),
            Some((4, 7))
        );
        // The second barrier of the block is at line 8, the first has no line.
        let barrier = inst(Op::ControlBarrier, None, vec![IdRef(2), IdRef(2), IdRef(3)]);
        let mut rank = Ranks::default();
        let lines_of: Vec<_> = (0..2)
            .map(|_| lines.of(5, &mut rank, &barrier).map(|l| l.line))
            .collect();
        assert_eq!(lines_of, vec![None, Some(8)]);
        assert_eq!(lines.terminator(5).map(|l| l.line), Some(9));
        assert_eq!(lines.first(5).map(|l| l.line), Some(4));
        assert_eq!(lines.files, vec!["%99".to_string()]);
    }
}
