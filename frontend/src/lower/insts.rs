//! Lowering one instruction: arithmetic that maps one to one onto an IR operation here,
//! the rest by family (conversions, accesses, atomics, built-ins).

use super::*;

impl Lowering<'_> {
    // Long because it is a table: one arm per instruction not in a family of its own.
    pub(super) fn lower_inst(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let id = if let Some(id) = self.lower_arith(ub, inst)? {
            id
        } else {
            let mut got = self.lower_access(ub, inst, pred)?;
            if let Lowered::NotMine = got {
                got = self.lower_conversion(ub, inst)?;
            }
            match got {
                Lowered::Value(id) => id,
                Lowered::Done => return Ok(()),
                Lowered::NotMine => match opc {
                    Op::SNegate => {
                        let ty = self.result_type(inst)?;
                        let zero = ub.add(Op_ {
                            kind: OpKind::Const(0),
                            ty,
                            operands: vec![],
                            name: None,
                            loc: None,
                        });
                        let a = self.value(ub, arg(0))?;
                        ub.add(Op_ {
                            kind: OpKind::Int(IntBinOp::Sub),
                            ty,
                            operands: vec![zero, a],
                            name,
                            loc: None,
                        })
                    }
                    Op::Not | Op::LogicalNot => {
                        let a = self.value(ub, arg(0))?;
                        ub.not(a)
                    }
                    Op::Select => {
                        if self.is_pointer_type(inst.result_type) {
                            let c = self.value(ub, arg(0))?;
                            return self.select_pointers(ub, inst, c, arg(1), arg(2));
                        }
                        let ty = self.result_type(inst)?;
                        let c = self.value(ub, arg(0))?;
                        let a = self.value(ub, arg(1))?;
                        let b = self.value(ub, arg(2))?;
                        ub.add(Op_ {
                            kind: OpKind::Select,
                            ty,
                            operands: vec![c, a, b],
                            name,
                            loc: None,
                        })
                    }
                    Op::FRem => {
                        // C's fmod: the remainder with the dividend's sign.
                        let ty = self.result_type(inst)?;
                        let a = self.value(ub, arg(0))?;
                        let b = self.value(ub, arg(1))?;
                        self.require_float(ub, inst, a)?;
                        ub.add(Op_ {
                            kind: OpKind::Math("fmod".into()),
                            ty,
                            operands: vec![a, b],
                            name,
                            loc: None,
                        })
                    }
                    Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
                        let a = self.value(ub, arg(0))?;
                        let ft = self.require_float(ub, inst, a)?;
                        ub.float_class(opc, a, ft)
                    }
                    Op::CopyObject => {
                        if let Some(p) = self.pointers.get(&arg(0)).copied() {
                            self.pointers.insert(rid, p);
                        }
                        if let Some(t) = self.tagged.get(&arg(0)).copied() {
                            self.tagged.insert(rid, t);
                        }
                        self.value(ub, arg(0))?
                    }
                    Op::CompositeExtract => {
                        let Some(b) = self.builtin_vectors.get(&arg(0)).copied() else {
                            return Err(bad(m, inst, "vectors and composites are not supported yet (only the work-item built-ins)"));
                        };
                        let dim = crate::spirv::literal_operand(inst, 1).unwrap_or(0);
                        if dim > 2 {
                            return Err(bad(m, inst, "built-in dimension out of range"));
                        }
                        let ty = self.result_type(inst)?;
                        ub.add(Op_ {
                            kind: match b {
                                Some(b) => OpKind::WorkItem(b, dim as u8),
                                None => OpKind::Const(0),
                            },
                            ty,
                            operands: vec![],
                            name,
                            loc: None,
                        })
                    }
                    Op::InBoundsPtrAccessChain
                    | Op::PtrAccessChain
                    | Op::AccessChain
                    | Op::InBoundsAccessChain => self.access_chain(ub, inst)?,
                    Op::Undef => ub.add(Op_ {
                        kind: OpKind::Const(0),
                        ty: self.result_type(inst)?,
                        operands: vec![],
                        name,
                        loc: None,
                    }),
                    Op::LifetimeStart
                    | Op::LifetimeStop
                    | Op::Nop
                    | Op::Line
                    | Op::NoLine
                    | Op::SelectionMerge
                    | Op::LoopMerge
                    | Op::LoopControlINTEL => return Ok(()),
                    Op::ExtInst if self.is_pipe_access(inst) => self.pipe_access(ub, inst, pred)?,
                    Op::ReadPipe | Op::WritePipe => {
                        let call = if opc == Op::ReadPipe {
                            "read_pipe"
                        } else {
                            "write_pipe"
                        };
                        return Err(bad(m, inst, format!("a non-blocking pipe access whose status is not retried until it succeeds: in hardware its outcome depends on the cycle it runs in, so it is not built; retry it (`while ({call}(p, &v) != 0);`), which is built as a blocking access")));
                    }
                    Op::ExtInst => match self.lower_ext_with_output(ub, inst, pred)? {
                        Some(v) => v,
                        None => self.lower_ext_inst(ub, inst)?,
                    },
                    Op::BitCount => {
                        let ty = self.result_type(inst)?;
                        let a = self.value(ub, arg(0))?;
                        ub.add(Op_ {
                            kind: OpKind::IntUnary(IntUnaryOp::Popcount),
                            ty,
                            operands: vec![a],
                            name,
                            loc: None,
                        })
                    }
                    Op::FNegate => {
                        let a = self.value(ub, arg(0))?;
                        let ty = self.require_float(ub, inst, a)?;
                        ub.add(Op_ {
                            kind: OpKind::FloatUnary(FloatUnaryOp::Neg),
                            ty,
                            operands: vec![a],
                            name,
                            loc: None,
                        })
                    }
                    Op::Variable => {
                        self.on_chip_variable(inst)?;
                        ub.op(OpKind::Const(0), Type::ADDR, vec![])
                    }
                    Op::ControlBarrier => ub.add(Op_ {
                        kind: OpKind::Barrier,
                        ty: Type::BOOL,
                        operands: vec![],
                        name,
                        loc: None,
                    }),
                    // A fence orders the work-item's own accesses, which stay in program order.
                    Op::MemoryBarrier => return Ok(()),
                    _ => return Err(bad(m, inst, "instruction not supported yet")),
                },
            }
        };
        if rid != 0 {
            ub.values.insert(rid, id);
        }
        Ok(())
    }

    /// The arithmetic that maps one to one onto an IR operation: integer and float binary
    /// operations and compares. `None` for any other instruction.
    pub(super) fn lower_arith(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let int_bin = match opc {
            Op::IAdd => Some(IntBinOp::Add),
            Op::ISub => Some(IntBinOp::Sub),
            Op::IMul => Some(IntBinOp::Mul),
            Op::BitwiseAnd | Op::LogicalAnd => Some(IntBinOp::And),
            Op::BitwiseOr | Op::LogicalOr => Some(IntBinOp::Or),
            Op::BitwiseXor | Op::LogicalNotEqual => Some(IntBinOp::Xor),
            Op::SDiv => Some(IntBinOp::SDiv),
            Op::UDiv => Some(IntBinOp::UDiv),
            Op::SRem => Some(IntBinOp::SRem),
            Op::UMod => Some(IntBinOp::URem),
            Op::ShiftLeftLogical => Some(IntBinOp::Shl),
            Op::ShiftRightLogical => Some(IntBinOp::LShr),
            Op::ShiftRightArithmetic => Some(IntBinOp::AShr),
            _ => None,
        };
        let cmp = match opc {
            Op::IEqual | Op::LogicalEqual => Some(CmpPred::Eq),
            Op::INotEqual => Some(CmpPred::Ne),
            Op::ULessThan => Some(CmpPred::ULt),
            Op::ULessThanEqual => Some(CmpPred::ULe),
            Op::UGreaterThan => Some(CmpPred::UGt),
            Op::UGreaterThanEqual => Some(CmpPred::UGe),
            Op::SLessThan => Some(CmpPred::SLt),
            Op::SLessThanEqual => Some(CmpPred::SLe),
            Op::SGreaterThan => Some(CmpPred::SGt),
            Op::SGreaterThanEqual => Some(CmpPred::SGe),
            _ => None,
        };
        let fcmp = match opc {
            Op::FOrdEqual => Some(FCmpPred::OEq),
            Op::FOrdNotEqual => Some(FCmpPred::ONe),
            Op::FOrdLessThan => Some(FCmpPred::OLt),
            Op::FOrdLessThanEqual => Some(FCmpPred::OLe),
            Op::FOrdGreaterThan => Some(FCmpPred::OGt),
            Op::FOrdGreaterThanEqual => Some(FCmpPred::OGe),
            Op::FUnordEqual => Some(FCmpPred::UEq),
            Op::FUnordNotEqual => Some(FCmpPred::UNe),
            Op::FUnordLessThan => Some(FCmpPred::ULt),
            Op::FUnordLessThanEqual => Some(FCmpPred::ULe),
            Op::FUnordGreaterThan => Some(FCmpPred::UGt),
            Op::FUnordGreaterThanEqual => Some(FCmpPred::UGe),
            Op::Ordered => Some(FCmpPred::Ord),
            Op::Unordered => Some(FCmpPred::Unord),
            _ => None,
        };
        if let Some(p) = fcmp {
            let a = self.value(ub, arg(0))?;
            let b = self.value(ub, arg(1))?;
            self.require_float(ub, inst, a)?;
            let id = ub.add(Op_ {
                kind: OpKind::FCmp(p),
                ty: Type::BOOL,
                operands: vec![a, b],
                name,
                loc: None,
            });
            return Ok(Some(id));
        }
        let fbin = match opc {
            Op::FAdd => Some(FloatBinOp::Add),
            Op::FSub => Some(FloatBinOp::Sub),
            Op::FMul => Some(FloatBinOp::Mul),
            Op::FDiv => Some(FloatBinOp::Div),
            _ => None,
        };
        if opc == Op::SMod {
            // The remainder with the divisor's sign (GLSL's `%` on ints): the truncating
            // remainder, plus the divisor when the two signs differ and it is not zero.
            let ty = self.result_type(inst)?;
            let a = self.value(ub, arg(0))?;
            let b = self.value(ub, arg(1))?;
            let r = ub.op(OpKind::Int(IntBinOp::SRem), ty, vec![a, b]);
            let zero = ub.op(OpKind::Const(0), ty, vec![]);
            let nonzero = ub.op(OpKind::Cmp(CmpPred::Ne), Type::BOOL, vec![r, zero]);
            let signs = ub.op(OpKind::Int(IntBinOp::Xor), ty, vec![r, b]);
            let differ = ub.op(OpKind::Cmp(CmpPred::SLt), Type::BOOL, vec![signs, zero]);
            let fix = ub.op(
                OpKind::Int(IntBinOp::And),
                Type::BOOL,
                vec![nonzero, differ],
            );
            let sum = ub.op(OpKind::Int(IntBinOp::Add), ty, vec![r, b]);
            return Ok(Some(ub.add(Op_ {
                kind: OpKind::Select,
                ty,
                operands: vec![fix, sum, r],
                name,
                loc: None,
            })));
        }
        Ok(Some(if let Some(b) = int_bin {
            let ty = self.result_type(inst)?;
            if !matches!(ty, Type::Int(_)) {
                return Err(bad(m, inst, "integer operation on a non-integer type"));
            }
            let a = self.value(ub, arg(0))?;
            let mut c = self.value(ub, arg(1))?;
            if matches!(b, IntBinOp::Shl | IntBinOp::LShr | IntBinOp::AShr) {
                c = ub.resize(c, ty.bits(), false);
            }
            ub.add(Op_ {
                kind: OpKind::Int(b),
                ty,
                operands: vec![a, c],
                name,
                loc: None,
            })
        } else if let Some(p) = cmp {
            let a = self.value(ub, arg(0))?;
            let c = self.value(ub, arg(1))?;
            ub.add(Op_ {
                kind: OpKind::Cmp(p),
                ty: Type::BOOL,
                operands: vec![a, c],
                name,
                loc: None,
            })
        } else if let Some(fb) = fbin {
            let ty = self.result_type(inst)?;
            if !matches!(ty, Type::Float(_)) {
                return Err(bad(m, inst, "float arithmetic with a non-float result"));
            }
            let a = self.value(ub, arg(0))?;
            let c = self.value(ub, arg(1))?;
            ub.add(Op_ {
                kind: OpKind::Float(fb),
                ty,
                operands: vec![a, c],
                name,
                loc: None,
            })
        } else {
            return Ok(None);
        }))
    }
}
