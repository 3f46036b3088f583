//! Conversions and casts: integer widths, float <-> integer, float <-> float, bitcasts and
//! pointer casts between address spaces.

use super::*;

impl Lowering<'_> {
    /// Conversions and casts: integer widths (saturating or not), float <-> integer and
    /// float <-> float with their rounding modes, bitcasts, and pointer casts between
    /// address spaces. `None` when a pointer cast only records where the pointer points.
    // Long because it is a table: one arm per conversion or cast instruction.
    pub(super) fn lower_conversion(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
    ) -> Result<Lowered, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Lowered::Value(match opc {
            Op::UConvert | Op::SConvert
                if self.m.has_decoration(
                    self.original(rid),
                    rspirv::spirv::Decoration::SaturatedConversion,
                ) =>
            {
                let ty = self.result_type(inst)?;
                let a = self.value(ub, arg(0))?;
                let signed = opc == Op::SConvert;
                ub.saturate(a, signed, signed, ty.bits())
            }
            Op::SatConvertSToU | Op::SatConvertUToS => {
                let ty = self.result_type(inst)?;
                let a = self.value(ub, arg(0))?;
                ub.saturate(
                    a,
                    opc == Op::SatConvertSToU,
                    opc == Op::SatConvertUToS,
                    ty.bits(),
                )
            }
            Op::UConvert | Op::SConvert => {
                let ty = self.result_type(inst)?;
                let a = self.value(ub, arg(0))?;
                ub.resize(a, ty.bits(), opc == Op::SConvert)
            }
            Op::Bitcast | Op::PtrCastToGeneric | Op::GenericCastToPtr
                if self.alias_struct(inst)? =>
            {
                // Each member memory starts at address 0, and so does the struct.
                let zero = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
                ub.values.insert(rid, zero);
                return Ok(Lowered::Done);
            }
            Op::Bitcast if self.is_pointer_type(inst.result_type) => {
                // Same memory, another view of it (clang passes pointers through i8* and
                // stores a float3 as a float4): the address stays; a load or store whose
                // type differs from the memory's element is refused where it happens.
                if let Some(t) = self.tagged.get(&arg(0)).copied() {
                    self.tagged.insert(rid, t);
                } else {
                    let p = self.pointer(inst, arg(0))?;
                    self.pointers.insert(rid, p);
                }
                let v = self.value(ub, arg(0))?;
                ub.values.insert(rid, v);
                return Ok(Lowered::Done);
            }
            Op::PtrCastToGeneric if self.tagged.contains_key(&arg(0)) => {
                let t = self.tagged[&arg(0)];
                self.tagged.insert(rid, t);
                let v = self.value(ub, arg(0))?;
                ub.values.insert(rid, v);
                return Ok(Lowered::Done);
            }
            Op::PtrCastToGeneric | Op::GenericCastToPtr | Op::GenericCastToPtrExplicit => {
                // Generic pointers are resolved at compile time: each one comes from a
                // cast of a pointer into a named space, so it keeps that memory.
                let p = self.pointer(inst, arg(0))?;
                if opc != Op::PtrCastToGeneric {
                    let want = match opc {
                        Op::GenericCastToPtrExplicit => {
                            inst.operands.get(1).and_then(|o| match o {
                                rspirv::dr::Operand::StorageClass(c) => Some(*c),
                                _ => None,
                            })
                        }
                        _ => self.pointer_storage(inst.result_type),
                    };
                    let mem = &self.kernel.memories[p.mem.0 as usize];
                    let have = match &mem.kind {
                        MemoryKind::Global { .. } | MemoryKind::Pipe { .. } => {
                            StorageClass::CrossWorkgroup
                        }
                        MemoryKind::OnChip(o) => match o.storage {
                            Storage::Private => StorageClass::Function,
                            Storage::Local => StorageClass::Workgroup,
                            Storage::Constant => StorageClass::UniformConstant,
                        },
                    };
                    if want != Some(have) {
                        return Err(bad(m, inst, format!("'{}' is {have:?} memory, so this cast to {} gives NULL (to_global/to_local/to_private of a pointer into another space); not supported", mem.name, want.map(|w| format!("{w:?}")).unwrap_or_else(|| "another space".into()))));
                    }
                }
                self.pointers.insert(rid, p);
                let v = self.value(ub, arg(0))?;
                ub.values.insert(rid, v);
                return Ok(Lowered::Done);
            }
            Op::Bitcast => {
                let ty = self.result_type(inst)?;
                let a = self.value(ub, arg(0))?;
                if ub.body.op(a).ty.bits() != ty.bits() {
                    return Err(bad(m, inst, "bitcast between different widths"));
                }
                ub.add(Op_ {
                    kind: OpKind::Cast(CastOp::Bitcast),
                    ty,
                    operands: vec![a],
                    name,
                    loc: None,
                })
            }
            Op::ConvertSToF
            | Op::ConvertUToF
            | Op::ConvertFToS
            | Op::ConvertFToU
            | Op::FConvert => {
                let ty = self.result_type(inst)?;
                let a = self.value(ub, arg(0))?;
                let src = ub.body.op(a).ty;
                let ok = match opc {
                    Op::ConvertSToF | Op::ConvertUToF => {
                        matches!((src, ty), (Type::Int(_), Type::Float(_)))
                    }
                    Op::FConvert => matches!((src, ty), (Type::Float(_), Type::Float(_))),
                    _ => matches!((src, ty), (Type::Float(_), Type::Int(_))),
                };
                if !ok {
                    return Err(bad(m, inst, format!("conversion from {src} to {ty}")));
                }
                let mode = self.rounding_of(rid);
                let r = mode.unwrap_or(Rounding::Rte);
                match opc {
                    Op::ConvertSToF => ub.add(Op_ {
                        kind: OpKind::Convert(ConvertOp::SIToF(r)),
                        ty,
                        operands: vec![a],
                        name,
                        loc: None,
                    }),
                    Op::ConvertUToF => ub.add(Op_ {
                        kind: OpKind::Convert(ConvertOp::UIToF(r)),
                        ty,
                        operands: vec![a],
                        name,
                        loc: None,
                    }),
                    Op::FConvert => ub.add(Op_ {
                        kind: OpKind::Convert(ConvertOp::FToF(r)),
                        ty,
                        operands: vec![a],
                        name,
                        loc: None,
                    }),
                    _ => {
                        // To integer: toward zero, saturating (with or without `_sat`:
                        // see ConvertOp). Another direction rounds to integral first,
                        // which is exact, then converts.
                        let rounded = match mode {
                            None | Some(Rounding::Rtz) => a,
                            Some(d) => {
                                let u = match d {
                                    Rounding::Rte => FloatUnaryOp::Rint,
                                    Rounding::Rtp => FloatUnaryOp::Ceil,
                                    _ => FloatUnaryOp::Floor,
                                };
                                ub.op(OpKind::FloatUnary(u), src, vec![a])
                            }
                        };
                        let c = if opc == Op::ConvertFToS {
                            ConvertOp::FToSI
                        } else {
                            ConvertOp::FToUI
                        };
                        ub.add(Op_ {
                            kind: OpKind::Convert(c),
                            ty,
                            operands: vec![rounded],
                            name,
                            loc: None,
                        })
                    }
                }
            }
            _ => return Ok(Lowered::NotMine),
        }))
    }
}
