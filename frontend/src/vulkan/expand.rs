//! Instructions with no OpenCL counterpart of the same form, expanded: GLSL.std.450 onto
//! OpenCL.std (`glsl.rs` says which), the extended integer arithmetic, the half packing.

use super::body::Body;
use super::{err, glsl, Translator};
use crate::spirv::{id_operand, SpvType};
use crate::FrontendError;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

impl Translator<'_> {
    /// The extended integer operations (a struct of two results) as two ordinary ones:
    /// low product and OpenCL's mul_hi, or sum/difference and its carry/borrow.
    pub(super) fn extended(
        &mut self,
        inst: Instruction,
        b: &mut Body,
        out: &mut Vec<Instruction>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let Some(SpvType::Struct(members)) =
            inst.result_type.and_then(|t| m.types.get(&t)).cloned()
        else {
            return Err(err(
                m.describe(&inst),
                "an extended arithmetic result that is not a struct",
            ));
        };
        let ty = members.first().copied().unwrap_or(0);
        if !matches!(m.types.get(&ty), Some(SpvType::Int(_))) {
            return Err(err(m.describe(&inst), "extended arithmetic on vectors"));
        }
        let (Some(x), Some(y)) = (
            inst.operands.first().cloned(),
            inst.operands.get(1).cloned(),
        ) else {
            return Err(err(
                m.describe(&inst),
                "extended arithmetic with fewer than two operands",
            ));
        };
        let (lo, hi) = (self.fresh(), self.fresh());
        let set = self.opencl_set();
        match inst.class.opcode {
            Op::UMulExtended | Op::SMulExtended => {
                let f = if inst.class.opcode == Op::UMulExtended {
                    rspirv::spirv::OpenclStd100Op::u_mul_hi
                } else {
                    rspirv::spirv::OpenclStd100Op::s_mul_hi
                };
                out.push(Instruction::new(
                    Op::IMul,
                    Some(ty),
                    Some(lo),
                    vec![x.clone(), y.clone()],
                ));
                out.push(Instruction::new(
                    Op::ExtInst,
                    Some(ty),
                    Some(hi),
                    vec![
                        Operand::IdRef(set),
                        Operand::LiteralExtInstInteger(f as u32),
                        x,
                        y,
                    ],
                ));
            }
            op => {
                // Carry: the sum wrapped below an operand; borrow: the subtrahend is larger.
                let (arith, cmp) = if op == Op::IAddCarry {
                    (Op::IAdd, vec![Operand::IdRef(lo), x.clone()])
                } else {
                    (Op::ISub, vec![x.clone(), y.clone()])
                };
                out.push(Instruction::new(arith, Some(ty), Some(lo), vec![x, y]));
                let (boolean, one, zero) = (
                    self.bool_type(),
                    self.int_constant(ty, 1),
                    self.int_constant(ty, 0),
                );
                let c = self.fresh();
                out.push(Instruction::new(Op::ULessThan, Some(boolean), Some(c), cmp));
                out.push(Instruction::new(
                    Op::Select,
                    Some(ty),
                    Some(hi),
                    vec![Operand::IdRef(c), Operand::IdRef(one), Operand::IdRef(zero)],
                ));
            }
        }
        b.virtuals.insert(inst.result_id.unwrap_or(0), vec![lo, hi]);
        Ok(())
    }

    /// The module's 32-bit integer type, declared when it has none.
    /// packHalf2x16 / unpackHalf2x16: each float converted to half (to nearest even) and
    /// its 16 bits placed in the word, lane 0 low; and back.
    pub(super) fn halves(
        &mut self,
        pack: bool,
        x: Operand,
        inst: &Instruction,
        out: &mut Vec<Instruction>,
    ) -> Result<(), FrontendError> {
        let uint = self.uint_type();
        let (half, ushort) = (
            self.scalar_type(Op::TypeFloat, 16),
            self.scalar_type(Op::TypeInt, 16),
        );
        let float = self.scalar_type(Op::TypeFloat, 32);
        let sixteen = self.int_constant(uint, 16);
        let mut emit = |me: &mut Self, op: Op, ty: Word, ops: Vec<Operand>| {
            let id = me.fresh();
            out.push(Instruction::new(op, Some(ty), Some(id), ops));
            Operand::IdRef(id)
        };
        if pack {
            let mut words = Vec::new();
            for k in 0..2u32 {
                let f = emit(
                    self,
                    Op::CompositeExtract,
                    float,
                    vec![x.clone(), Operand::LiteralBit32(k)],
                );
                let h = emit(self, Op::FConvert, half, vec![f]);
                let bits = emit(self, Op::Bitcast, ushort, vec![h]);
                words.push(emit(self, Op::UConvert, uint, vec![bits]));
            }
            let hi = emit(
                self,
                Op::ShiftLeftLogical,
                uint,
                vec![words[1].clone(), Operand::IdRef(sixteen)],
            );
            out.push(Instruction::new(
                Op::BitwiseOr,
                inst.result_type,
                inst.result_id,
                vec![hi, words[0].clone()],
            ));
        } else {
            let high = emit(
                self,
                Op::ShiftRightLogical,
                uint,
                vec![x.clone(), Operand::IdRef(sixteen)],
            );
            let mut lanes = Vec::new();
            for w in [x, high] {
                let bits = emit(self, Op::UConvert, ushort, vec![w]);
                let h = emit(self, Op::Bitcast, half, vec![bits]);
                lanes.push(emit(self, Op::FConvert, float, vec![h]));
            }
            out.push(Instruction::new(
                Op::CompositeConstruct,
                inst.result_type,
                inst.result_id,
                lanes,
            ));
        }
        Ok(())
    }

    pub(super) fn is_glsl(&self, inst: &Instruction) -> bool {
        let set = id_operand(inst, 0);
        self.m.module.ext_inst_imports.iter().any(|i| {
            i.result_id == set && matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450")
        })
    }

    /// A GLSL.std.450 instruction as OpenCL.std.
    pub(super) fn glsl(
        &mut self,
        inst: Instruction,
        out: &mut Vec<Instruction>,
    ) -> Result<(), FrontendError> {
        let set = self.opencl_set();
        let number = match inst.operands.get(1) {
            Some(Operand::LiteralExtInstInteger(n)) => *n,
            _ => 0,
        };
        let args: Vec<Operand> = inst.operands.get(2..).unwrap_or_default().to_vec();
        match glsl::map(number).map_err(|why| err(self.m.describe(&inst), why))? {
            glsl::Mapping::Same(c) => {
                let mut ops = vec![
                    Operand::IdRef(set),
                    Operand::LiteralExtInstInteger(c as u32),
                ];
                ops.extend(args);
                out.push(Instruction::new(
                    Op::ExtInst,
                    inst.result_type,
                    inst.result_id,
                    ops,
                ));
            }
            find
            @ (glsl::Mapping::FindUMsb | glsl::Mapping::FindSMsb | glsl::Mapping::FindILsb) => {
                let ty = inst.result_type.unwrap_or(0);
                if self.m.types.get(&ty) != Some(&SpvType::Int(32)) {
                    return Err(err(
                        self.m.describe(&inst),
                        "findMSB/findLSB of vectors or of other widths than 32 bits",
                    ));
                }
                let x = args.first().cloned().unwrap_or(Operand::IdRef(0));
                let boolean = self.bool_type();
                let zero = self.int_constant(ty, 0);
                let ext = |me: &mut Self,
                           c: rspirv::spirv::OpenclStd100Op,
                           arg: Operand,
                           out: &mut Vec<Instruction>| {
                    let id = me.fresh();
                    out.push(Instruction::new(
                        Op::ExtInst,
                        Some(ty),
                        Some(id),
                        vec![
                            Operand::IdRef(set),
                            Operand::LiteralExtInstInteger(c as u32),
                            arg,
                        ],
                    ));
                    id
                };
                let op = |me: &mut Self,
                          code: Op,
                          rt: Word,
                          ops: Vec<Operand>,
                          out: &mut Vec<Instruction>| {
                    let id = me.fresh();
                    out.push(Instruction::new(code, Some(rt), Some(id), ops));
                    id
                };
                if let glsl::Mapping::FindILsb = find {
                    // ctz(0) is 32; findLSB(0) is -1.
                    let tz = ext(self, rspirv::spirv::OpenclStd100Op::ctz, x.clone(), out);
                    let none = op(
                        self,
                        Op::IEqual,
                        boolean,
                        vec![x, Operand::IdRef(zero)],
                        out,
                    );
                    let minus_one = self.int_constant(ty, 0xFFFF_FFFF);
                    out.push(Instruction::new(
                        Op::Select,
                        Some(ty),
                        inst.result_id,
                        vec![
                            Operand::IdRef(none),
                            Operand::IdRef(minus_one),
                            Operand::IdRef(tz),
                        ],
                    ));
                    return Ok(());
                }
                // 31 - clz(y), where y is x, or ~x for a negative x (findMSB's sign bit rule);
                // clz(0) = 32 gives -1 as findMSB(0) and findMSB(-1) are.
                let y = if let glsl::Mapping::FindSMsb = find {
                    let neg = op(
                        self,
                        Op::SLessThan,
                        boolean,
                        vec![x.clone(), Operand::IdRef(zero)],
                        out,
                    );
                    let inv = op(self, Op::Not, ty, vec![x.clone()], out);
                    Operand::IdRef(op(
                        self,
                        Op::Select,
                        ty,
                        vec![Operand::IdRef(neg), Operand::IdRef(inv), x],
                        out,
                    ))
                } else {
                    x
                };
                let lz = ext(self, rspirv::spirv::OpenclStd100Op::clz, y, out);
                let c31 = self.int_constant(ty, 31);
                out.push(Instruction::new(
                    Op::ISub,
                    Some(ty),
                    inst.result_id,
                    vec![Operand::IdRef(c31), Operand::IdRef(lz)],
                ));
            }
            glsl::Mapping::PackHalf2x16 | glsl::Mapping::UnpackHalf2x16 => {
                let pack = matches!(glsl::map(number), Ok(glsl::Mapping::PackHalf2x16));
                let x = args.first().cloned().unwrap_or(Operand::IdRef(0));
                self.halves(pack, x, &inst, out)?;
            }
            glsl::Mapping::Fract => {
                let floor = self.fresh();
                let mut ops = vec![
                    Operand::IdRef(set),
                    Operand::LiteralExtInstInteger(rspirv::spirv::OpenclStd100Op::floor as u32),
                ];
                ops.extend(args.iter().cloned());
                out.push(Instruction::new(
                    Op::ExtInst,
                    inst.result_type,
                    Some(floor),
                    ops,
                ));
                let x = args.first().cloned().unwrap_or(Operand::IdRef(0));
                out.push(Instruction::new(
                    Op::FSub,
                    inst.result_type,
                    inst.result_id,
                    vec![x, Operand::IdRef(floor)],
                ));
            }
        }
        Ok(())
    }
}
