//! Loads, stores, atomics and memory copies: accesses to a memory through a pointer.

use super::*;

impl Lowering<'_> {
    /// Loads, stores, atomics and memory copies: accesses to a memory through a pointer.
    /// `None` when the instruction only records something (a store, a copy).
    pub(super) fn lower_access(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<Lowered, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Lowered::Value(match opc {
            Op::Load | Op::Store if self.tagged.contains_key(&arg(0)) => {
                let t = self.tagged[&arg(0)];
                match self.tagged_access(ub, inst, t, pred)? {
                    Some(v) => v,
                    None => return Ok(Lowered::Done),
                }
            }
            Op::Load => {
                let src = arg(0);
                if let Some(b) = self.m.builtins.get(&src) {
                    if *b == spirv::BuiltIn::WorkDim {
                        let ty = self.result_type(inst)?;
                        let id = ub.add(Op_ {
                            kind: OpKind::WorkItem(Builtin::WorkDim, 0),
                            ty,
                            operands: vec![],
                            name,
                            loc: None,
                        });
                        ub.values.insert(rid, id);
                        return Ok(Lowered::Done);
                    }
                    if let Some(v) = self.scalar_builtin(ub, *b, inst)? {
                        ub.values.insert(rid, v);
                        return Ok(Lowered::Done);
                    }
                    let bi = match b {
                        spirv::BuiltIn::GlobalOffset => None,
                        spirv::BuiltIn::GlobalInvocationId => Some(Builtin::GlobalId),
                        spirv::BuiltIn::GlobalSize => Some(Builtin::GlobalSize),
                        spirv::BuiltIn::LocalInvocationId => Some(Builtin::LocalId),
                        spirv::BuiltIn::WorkgroupId => Some(Builtin::GroupId),
                        spirv::BuiltIn::WorkgroupSize | spirv::BuiltIn::EnqueuedWorkgroupSize => {
                            Some(Builtin::LocalSize)
                        }
                        spirv::BuiltIn::NumWorkgroups => Some(Builtin::NumGroups),
                        other => {
                            return Err(bad(
                                m,
                                inst,
                                format!("built-in {other:?} is not supported yet"),
                            ))
                        }
                    };
                    self.builtin_vectors.insert(rid, bi);
                    return Ok(Lowered::Done);
                }
                let p = self.pointer(inst, src)?;
                let ty = self.result_type(inst)?;
                let mem = &mut self.kernel.memories[p.mem.0 as usize];
                // The same bits seen as another type of the same width (as_uint on a
                // float buffer): load the element, then a bitcast.
                let same_width = ty.bits() == mem.elem.bits();
                if ty != mem.elem && !same_width {
                    return Err(bad(m, inst, format!("loads {ty} from buffer '{}' of {}: reinterpreting a buffer is not supported yet", mem.name, mem.elem)));
                }
                if mem.lanes > 1 && !mem.lanes.is_power_of_two() {
                    return Err(bad(m, inst, format!("loads one lane of buffer '{}' of {}-lane vectors: not supported yet (load the vector)", mem.name, mem.lanes)));
                }
                mem.read = true;
                let elem = mem.elem;
                if mem.lanes > 1 {
                    // One lane of a vector buffer (clang reads `v.x` of a uchar4 so):
                    // the whole vector over the wide data path, then the lane the low
                    // address bits select.
                    let lanes = mem.lanes;
                    let vbytes = (elem.bytes() * lanes) as u64;
                    let addr = self.value(ub, src)?;
                    let align = ub.op(OpKind::Const(!(vbytes - 1)), Type::ADDR, vec![]);
                    let aligned = ub.int(IntBinOp::And, Type::ADDR, addr, align);
                    let word_ty = Type::Int(elem.bits() * lanes);
                    let mut operands = vec![aligned];
                    operands.extend(pred);
                    let word = ub.op(OpKind::Load(p.mem), word_ty, operands);
                    let low_mask = ub.op(OpKind::Const(vbytes - 1), Type::ADDR, vec![]);
                    let low = ub.int(IntBinOp::And, Type::ADDR, addr, low_mask);
                    let three = ub.op(OpKind::Const(3), Type::ADDR, vec![]);
                    let bit_shift = ub.int(IntBinOp::Shl, Type::ADDR, low, three);
                    let bit_shift = ub.resize(bit_shift, word_ty.bits(), false);
                    let shifted = ub.int(IntBinOp::LShr, word_ty, word, bit_shift);
                    let bits = ub.resize(shifted, ty.bits(), false);
                    ub.as_type(bits, ty, name)
                } else {
                    let addr = self.value(ub, src)?;
                    let mut operands = vec![addr];
                    operands.extend(pred);
                    let loaded = ub.add(Op_ {
                        kind: OpKind::Load(p.mem),
                        ty: elem,
                        operands,
                        name: if elem == ty { name.clone() } else { None },
                        loc: None,
                    });
                    ub.as_type(loaded, ty, name)
                }
            }
            Op::Store => {
                let p = self.pointer(inst, arg(0))?;
                let addr = self.value(ub, arg(0))?;
                let mut data = self.value(ub, arg(1))?;
                let ty = ub.body.op(data).ty;
                let mem = &mut self.kernel.memories[p.mem.0 as usize];
                if ty != mem.elem && ty.bits() != mem.elem.bits() {
                    return Err(bad(m, inst, format!("stores {ty} into buffer '{}' of {}: reinterpreting a buffer is not supported yet", mem.name, mem.elem)));
                }
                if mem.lanes > 1 {
                    return Err(bad(m, inst, format!("stores one lane of buffer '{}' of {}-lane vectors: not supported yet (store the vector)", mem.name, mem.lanes)));
                }
                mem.written = true;
                let elem = mem.elem;
                data = ub.as_type(data, elem, None);
                ub.store(p.mem, addr, data, pred);
                return Ok(Lowered::Done);
            }
            Op::CopyMemorySized => {
                self.lower_copy(ub, inst, pred)?;
                return Ok(Lowered::Done);
            }
            _ => return self.lower_atomic(ub, inst, pred),
        }))
    }

    /// The atomic read-modify-writes: a load, the operation and a store of one address,
    /// ordered against every other access to the memory.
    pub(super) fn lower_atomic(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<Lowered, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Lowered::Value(match opc {
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
                // A read-modify-write of one element; the unit orders these accesses
                // across iterations and work-items (see `order_memory`).
                let p = self.pointer(inst, arg(0))?;
                let addr = self.value(ub, arg(0))?;
                let mem = self.kernel.memory(p.mem).clone();
                if mem.lanes > 1 {
                    return Err(bad(
                        m,
                        inst,
                        "atomics on a buffer of vectors are not supported",
                    ));
                }
                let ty = mem.elem;
                if !matches!(ty, Type::Int(32 | 64)) {
                    return Err(bad(
                        m,
                        inst,
                        format!("atomic on {ty}: only 32- and 64-bit integers"),
                    ));
                }
                if !ub.atomic_mems.contains(&p.mem) {
                    ub.atomic_mems.push(p.mem);
                }
                let mut lops = vec![addr];
                lops.extend(pred);
                let old = if opc == Op::AtomicStore {
                    None
                } else {
                    self.kernel.memories[p.mem.0 as usize].read = true;
                    Some(ub.add(Op_ {
                        kind: OpKind::Load(p.mem),
                        ty,
                        operands: lops,
                        name: name.clone(),
                        loc: None,
                    }))
                };
                let operand = |me: &mut Self, ub: &mut UnitBuilder, i: usize| {
                    me.value(ub, id_operand(inst, i).unwrap_or(0))
                };
                let new = match opc {
                    Op::AtomicLoad => None,
                    Op::AtomicStore => Some(operand(self, ub, 3)?),
                    Op::AtomicIIncrement | Op::AtomicIDecrement => {
                        let one = ub.op(OpKind::Const(1), ty, vec![]);
                        let o = old.unwrap_or(one);
                        Some(ub.int(
                            if opc == Op::AtomicIIncrement {
                                IntBinOp::Add
                            } else {
                                IntBinOp::Sub
                            },
                            ty,
                            o,
                            one,
                        ))
                    }
                    Op::AtomicCompareExchange => {
                        let (v, cmpv) = (operand(self, ub, 4)?, operand(self, ub, 5)?);
                        let o = old.unwrap_or(v);
                        let eq = ub.op(OpKind::Cmp(CmpPred::Eq), Type::BOOL, vec![o, cmpv]);
                        Some(ub.op(OpKind::Select, ty, vec![eq, v, o]))
                    }
                    _ => {
                        let v = operand(self, ub, 3)?;
                        let o = old.unwrap_or(v);
                        Some(match opc {
                            Op::AtomicIAdd => ub.int(IntBinOp::Add, ty, o, v),
                            Op::AtomicISub => ub.int(IntBinOp::Sub, ty, o, v),
                            Op::AtomicAnd => ub.int(IntBinOp::And, ty, o, v),
                            Op::AtomicOr => ub.int(IntBinOp::Or, ty, o, v),
                            Op::AtomicXor => ub.int(IntBinOp::Xor, ty, o, v),
                            Op::AtomicExchange => v,
                            _ => {
                                let p = match opc {
                                    Op::AtomicSMin => CmpPred::SLt,
                                    Op::AtomicUMin => CmpPred::ULt,
                                    Op::AtomicSMax => CmpPred::SGt,
                                    _ => CmpPred::UGt,
                                };
                                let c = ub.op(OpKind::Cmp(p), Type::BOOL, vec![v, o]);
                                ub.op(OpKind::Select, ty, vec![c, v, o])
                            }
                        })
                    }
                };
                if let Some(new) = new {
                    self.kernel.memories[p.mem.0 as usize].written = true;
                    ub.store(p.mem, addr, new, pred);
                }
                match old {
                    Some(o) => o,
                    None => return Ok(Lowered::Done),
                }
            }
            _ => return Ok(Lowered::NotMine),
        }))
    }
}
