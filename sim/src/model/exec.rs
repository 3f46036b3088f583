//! One instruction of a work-item: by family (integer, float, atomic, conversion, memory),
//! the rest here.

use super::*;

/// What one family of instructions made of an instruction: a value, nothing to record (a
/// store), or not one of its instructions (the next family tries).
pub(super) enum Step {
    Value(V),
    Done,
    NotMine,
}

impl<'m> Machine<'m> {
    /// Private variables that hold one whole pointer, vector or bool live as values, not
    /// bytes: a pointer into a buffer has no byte image in this model. Scalars and arrays
    /// stay byte buffers (`exec_memory`), so their reinterpretations keep working.
    fn exec_cell(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
    ) -> Result<bool, SimError> {
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        let rid = inst.result_id.unwrap_or(0);
        match inst.class.opcode {
            Op::Variable => {
                let Some(SpvType::Pointer(_, pointee)) =
                    inst.result_type.and_then(|t| self.m.types.get(&t))
                else {
                    return Ok(false);
                };
                let whole = matches!(
                    self.m.types.get(pointee),
                    Some(
                        SpvType::Pointer(..)
                            | SpvType::Vector(..)
                            | SpvType::Bool
                            | SpvType::Other("TypeEvent")
                    )
                );
                if !whole {
                    return Ok(false);
                }
                let v = match id_operand(inst, 1) {
                    Some(init) => Some(self.get(vals, init, inst)?),
                    None => None,
                };
                self.cells.push((*pointee, v));
                vals.insert(rid, V::Cell(self.cells.len() - 1));
                Ok(true)
            }
            // clang reaches a 3-lane vector through its 4-lane storage (OpenCL C 6.1.5): the
            // view is the same cell, and loads and stores fit the lanes to the type.
            Op::Bitcast => match vals.get(&a(0)) {
                Some(V::Cell(c)) => {
                    let c = *c;
                    vals.insert(rid, V::Cell(c));
                    Ok(true)
                }
                _ => Ok(false),
            },
            Op::Load | Op::Store => {
                let Some(V::Cell(c)) = vals.get(&a(0)).cloned() else {
                    return Ok(false);
                };
                if inst.class.opcode == Op::Load {
                    let v = self.cells[c].1.clone().ok_or_else(|| {
                        self.err(
                            inst,
                            "reads a private variable before anything is stored in it",
                        )
                    })?;
                    let v = self.fit_lanes(v, inst.result_type.unwrap_or(0), inst)?;
                    vals.insert(rid, v);
                } else {
                    let v = self.get(vals, a(1), inst)?;
                    self.cells[c].1 = Some(self.fit_lanes(v, self.cells[c].0, inst)?);
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// `v` with as many lanes as vector type `ty` has: extra lanes dropped, missing ones
    /// zero (the fourth lane of a 3-lane vector's storage is undefined).
    fn fit_lanes(&self, v: V, ty: Word, inst: &Instruction) -> Result<V, SimError> {
        match (v, self.vector_of(Some(ty))) {
            (V::Vec(mut items), Some((comp, n))) if items.len() != n as usize => {
                items.truncate(n as usize);
                while items.len() < n as usize {
                    items.push(self.zero(comp, inst)?);
                }
                Ok(V::Vec(items))
            }
            (v, _) => Ok(v),
        }
    }

    pub(super) fn exec(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
        wi: &WorkItem,
        depth: u32,
    ) -> Result<(), SimError> {
        if self.m.is_nonsemantic(inst) || matches!(inst.class.opcode, Op::Line | Op::NoLine) {
            return Ok(());
        }
        if self.exec_cell(inst, vals)? || self.exec_vector(inst, vals, wi, depth)? {
            return Ok(());
        }
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        let mut step = self.exec_int(inst, vals)?;
        if let Step::NotMine = step {
            step = self.exec_float(inst, vals)?;
        }
        if let Step::NotMine = step {
            step = self.exec_atomic(inst, vals)?;
        }
        if let Step::NotMine = step {
            step = self.exec_convert(inst, vals)?;
        }
        if let Step::NotMine = step {
            step = self.exec_memory(inst, vals, wi)?;
        }
        if let Step::NotMine = step {
            step = self.exec_pipe(inst, vals)?;
        }
        let v = match step {
            Step::Value(v) => v,
            Step::Done => return Ok(()),
            Step::NotMine => match op {
                Op::BitCount => match self.get(vals, a(0), inst)? {
                    V::I(x, _) => {
                        let w = self.result_bits(inst)?;
                        V::I(x.count_ones() as u64 & mask(w), w)
                    }
                    _ => return Err(self.err(inst, "bit count of a non-integer")),
                },
                Op::ExtInst => self.ext_inst(inst, vals)?,
                Op::Select => {
                    let c = self.int(vals, a(0), inst)?;
                    self.get(vals, if c != 0 { a(1) } else { a(2) }, inst)?
                }
                Op::CopyObject => self.get(vals, a(0), inst)?,
                Op::Undef => self.zero(inst.result_type.unwrap_or(0), inst)?,
                Op::CompositeExtract => {
                    let mut v = self.get(vals, a(0), inst)?;
                    for k in 1..inst.operands.len() {
                        let idx = literal_operand(inst, k).unwrap_or(0) as usize;
                        v = match v {
                            V::Vec(items) => items
                                .get(idx)
                                .cloned()
                                .ok_or_else(|| self.err(inst, "index out of range"))?,
                            _ => return Err(self.err(inst, "extract from a non-composite")),
                        };
                    }
                    v
                }
                Op::LifetimeStart
                | Op::LifetimeStop
                | Op::Nop
                | Op::Line
                | Op::NoLine
                | Op::SelectionMerge
                | Op::LoopMerge
                | Op::LoopControlINTEL => return Ok(()),
                _ => return Err(self.err(inst, "instruction not modelled yet")),
            },
        };
        vals.insert(rid, v);
        Ok(())
    }

    /// Integer arithmetic, logic and compares, at the width of the result type.
    pub(super) fn exec_int(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
    ) -> Result<Step, SimError> {
        let op = inst.class.opcode;
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Step::Value(match op {
            Op::IAdd
            | Op::ISub
            | Op::IMul
            | Op::BitwiseAnd
            | Op::BitwiseOr
            | Op::BitwiseXor
            | Op::ShiftLeftLogical
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::LogicalAnd
            | Op::LogicalOr
            | Op::LogicalEqual
            | Op::LogicalNotEqual
            | Op::SDiv
            | Op::UDiv
            | Op::SRem
            | Op::SMod
            | Op::UMod => {
                let w = self.result_bits(inst)?;
                let x = self.int(vals, a(0), inst)?;
                let y = self.int(vals, a(1), inst)?;
                let r = match op {
                    Op::IAdd => x.wrapping_add(y),
                    Op::ISub => x.wrapping_sub(y),
                    Op::IMul => x.wrapping_mul(y),
                    Op::BitwiseAnd | Op::LogicalAnd => x & y,
                    Op::BitwiseOr | Op::LogicalOr => x | y,
                    Op::BitwiseXor | Op::LogicalNotEqual => x ^ y,
                    Op::LogicalEqual => u64::from(x == y),
                    Op::ShiftLeftLogical => {
                        if y >= w as u64 {
                            0
                        } else {
                            x << y
                        }
                    }
                    Op::ShiftRightLogical => {
                        if y >= w as u64 {
                            0
                        } else {
                            x >> y
                        }
                    }
                    Op::ShiftRightArithmetic => (sext(x, w) >> y.min(63)) as u64,
                    Op::UDiv | Op::UMod if y == 0 => 0,
                    Op::UDiv => x / y,
                    Op::UMod => x % y,
                    Op::SDiv | Op::SRem | Op::SMod if y == 0 => 0,
                    // The divisor's sign (SPIR-V OpSMod).
                    Op::SMod => {
                        let (a, b) = (sext(x, w), sext(y, w));
                        let r = a.wrapping_rem(b);
                        (if r != 0 && (r < 0) != (b < 0) {
                            r.wrapping_add(b)
                        } else {
                            r
                        }) as u64
                    }
                    Op::SDiv => sext(x, w).wrapping_div(sext(y, w)) as u64,
                    Op::SRem => sext(x, w).wrapping_rem(sext(y, w)) as u64,
                    _ => unreachable!("listed above"),
                };
                V::I(r & mask(w), w)
            }
            Op::SNegate => {
                let w = self.result_bits(inst)?;
                V::I(0u64.wrapping_sub(self.int(vals, a(0), inst)?) & mask(w), w)
            }
            Op::Not | Op::LogicalNot => {
                let w = self.result_bits(inst)?;
                V::I(!self.int(vals, a(0), inst)? & mask(w), w)
            }
            Op::IEqual
            | Op::INotEqual
            | Op::ULessThan
            | Op::ULessThanEqual
            | Op::UGreaterThan
            | Op::UGreaterThanEqual
            | Op::SLessThan
            | Op::SLessThanEqual
            | Op::SGreaterThan
            | Op::SGreaterThanEqual => {
                let (x, w) = match self.get(vals, a(0), inst)? {
                    V::I(x, w) => (x, w),
                    _ => return Err(self.err(inst, "integer compare of a non-integer")),
                };
                let y = self.int(vals, a(1), inst)?;
                let (sx, sy) = (sext(x, w), sext(y, w));
                let r = match op {
                    Op::IEqual => x == y,
                    Op::INotEqual => x != y,
                    Op::ULessThan => x < y,
                    Op::ULessThanEqual => x <= y,
                    Op::UGreaterThan => x > y,
                    Op::UGreaterThanEqual => x >= y,
                    Op::SLessThan => sx < sy,
                    Op::SLessThanEqual => sx <= sy,
                    Op::SGreaterThan => sx > sy,
                    _ => sx >= sy,
                };
                V::I(u64::from(r), 1)
            }
            _ => return Ok(Step::NotMine),
        }))
    }

    /// Float arithmetic, classification and compares, rounded to the result's format.
    pub(super) fn exec_float(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
    ) -> Result<Step, SimError> {
        let op = inst.class.opcode;
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Step::Value(match op {
            Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FRem | Op::FMod => {
                let (V::F(x, k), V::F(y, _)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "float arithmetic on non-floats"));
                };
                // Computed in double and rounded once to the format: correctly rounded
                // (see float.rs); the remainders are exact. Flushing formats read subnormal
                // operands and results of the arithmetic (not the remainders: no core) as
                // zero.
                let z = |v: f64| {
                    if self.flush.contains(&fl::width(k)) && !matches!(op, Op::FRem | Op::FMod) {
                        fl::flush(k, v)
                    } else {
                        v
                    }
                };
                let (x, y) = (z(x), z(y));
                V::F(
                    z(fl::round(
                        k,
                        match op {
                            Op::FAdd => x + y,
                            Op::FSub => x - y,
                            Op::FMul => x * y,
                            Op::FDiv => x / y,
                            Op::FRem => x % y,
                            // The remainder with the divisor's sign.
                            _ => {
                                let r = x % y;
                                if r != 0.0 && (r < 0.0) != (y < 0.0) {
                                    r + y
                                } else {
                                    r
                                }
                            }
                        },
                    )),
                    k,
                )
            }
            Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
                let V::F(x, k) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "float test of a non-float"));
                };
                let normal_min = fl::from_bits(k, 1u64 << (fl::width(k) - 1 - exp_bits(k)));
                V::I(
                    u64::from(match op {
                        Op::IsNan => x.is_nan(),
                        Op::IsInf => x.is_infinite(),
                        Op::IsFinite => x.is_finite(),
                        Op::IsNormal => x.is_finite() && x.abs() >= normal_min,
                        _ => x.is_sign_negative(),
                    }),
                    1,
                )
            }
            Op::LessOrGreater => {
                let (V::F(x, _), V::F(y, _)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "float compare of non-floats"));
                };
                V::I(u64::from(x < y || x > y), 1)
            }
            Op::FOrdEqual
            | Op::FOrdNotEqual
            | Op::FOrdLessThan
            | Op::FOrdLessThanEqual
            | Op::FOrdGreaterThan
            | Op::FOrdGreaterThanEqual
            | Op::FUnordEqual
            | Op::FUnordNotEqual
            | Op::FUnordLessThan
            | Op::FUnordLessThanEqual
            | Op::FUnordGreaterThan
            | Op::FUnordGreaterThanEqual
            | Op::Ordered
            | Op::Unordered => {
                let (V::F(x, _), V::F(y, _)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "float compare of non-floats"));
                };
                let unord = x.is_nan() || y.is_nan();
                // Rust's comparisons are IEEE's: false whenever a NaN is involved.
                let r = match op {
                    Op::FOrdEqual => x == y,
                    Op::FOrdNotEqual => !unord && x != y,
                    Op::FOrdLessThan => x < y,
                    Op::FOrdLessThanEqual => x <= y,
                    Op::FOrdGreaterThan => x > y,
                    Op::FOrdGreaterThanEqual => x >= y,
                    Op::FUnordEqual => unord || x == y,
                    Op::FUnordNotEqual => x != y,
                    Op::FUnordLessThan => unord || x < y,
                    Op::FUnordLessThanEqual => unord || x <= y,
                    Op::FUnordGreaterThan => unord || x > y,
                    Op::FUnordGreaterThanEqual => unord || x >= y,
                    Op::Ordered => !unord,
                    _ => unord,
                };
                V::I(u64::from(r), 1)
            }
            Op::FNegate => match self.get(vals, a(0), inst)? {
                V::F(x, k) => V::F(-x, k),
                _ => return Err(self.err(inst, "negate of a non-float")),
            },
            _ => return Ok(Step::NotMine),
        }))
    }

    /// Atomic read-modify-writes on a buffer or local memory.
    pub(super) fn exec_atomic(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
    ) -> Result<Step, SimError> {
        let op = inst.class.opcode;
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Step::Value(match op {
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
                // Work-items run one at a time here, so a read-modify-write is atomic.
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "atomic through a non-pointer"));
                };
                let elem = self.bufs[b].0;
                let ty = match elem {
                    Elem::Int(w) => w,
                    _ => return Err(self.err(inst, "float atomics are not modelled")),
                };
                let old = match self.read_elem(inst, b, off, 0)? {
                    V::I(x, _) => x,
                    _ => 0,
                };
                let arg =
                    |me: &Self, i: usize| -> Result<u64, SimError> { me.int(vals, a(i), inst) };
                let so = sext(old, ty);
                let new = match op {
                    Op::AtomicLoad => None,
                    Op::AtomicStore => Some(arg(self, 3)?),
                    Op::AtomicIIncrement => Some(old.wrapping_add(1)),
                    Op::AtomicIDecrement => Some(old.wrapping_sub(1)),
                    Op::AtomicCompareExchange => {
                        let (v, c) = (arg(self, 4)?, arg(self, 5)?);
                        Some(if old == c { v } else { old })
                    }
                    _ => {
                        let v = arg(self, 3)?;
                        Some(match op {
                            Op::AtomicIAdd => old.wrapping_add(v),
                            Op::AtomicISub => old.wrapping_sub(v),
                            Op::AtomicAnd => old & v,
                            Op::AtomicOr => old | v,
                            Op::AtomicXor => old ^ v,
                            Op::AtomicExchange => v,
                            Op::AtomicSMin => {
                                if sext(v, ty) < so {
                                    v
                                } else {
                                    old
                                }
                            }
                            Op::AtomicSMax => {
                                if sext(v, ty) > so {
                                    v
                                } else {
                                    old
                                }
                            }
                            Op::AtomicUMin => old.min(v),
                            _ => old.max(v),
                        })
                    }
                };
                if let Some(n) = new {
                    self.write_elem(inst, b, off, &V::I(n & mask(ty), ty))?;
                }
                if op == Op::AtomicStore {
                    return Ok(Step::Done);
                }
                V::I(old, ty)
            }
            _ => return Ok(Step::NotMine),
        }))
    }

    /// Conversions between integer and float formats with their rounding and saturation,
    /// bitcasts, and pointer casts.
    pub(super) fn exec_convert(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
    ) -> Result<Step, SimError> {
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Step::Value(match op {
            Op::ConvertSToF | Op::ConvertUToF => {
                let V::I(x, w) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "conversion of a non-integer"));
                };
                let k = self.result_float(inst)?;
                let v = if op == Op::ConvertSToF {
                    sext(x, w) as i128
                } else {
                    x as i128
                };
                V::F(fl::from_int(v, k, self.rounding(rid, Rounding::Rte)), k)
            }
            Op::ConvertFToS | Op::ConvertFToU => {
                let V::F(x, _) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "conversion of a non-float"));
                };
                let w = self.result_bits(inst)?;
                // Toward zero unless decorated; out of range saturates and NaN gives 0 with
                // or without SaturatedConversion, the definition the hardware implements for
                // what SPIR-V leaves undefined.
                V::I(
                    fl::to_int(
                        x,
                        w,
                        op == Op::ConvertFToS,
                        self.rounding(rid, Rounding::Rtz),
                    ),
                    w,
                )
            }
            Op::FConvert => {
                let V::F(x, _) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "conversion of a non-float"));
                };
                let k = self.result_float(inst)?;
                V::F(fl::round_mode(k, x, self.rounding(rid, Rounding::Rte)), k)
            }
            Op::SatConvertSToU | Op::SatConvertUToS => {
                let V::I(x, from) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "convert of a non-integer"));
                };
                let w = self.result_bits(inst)?;
                V::I(
                    saturate(
                        x,
                        from,
                        op == Op::SatConvertSToU,
                        op == Op::SatConvertUToS,
                        w,
                    ),
                    w,
                )
            }
            Op::UConvert | Op::SConvert => {
                let w = self.result_bits(inst)?;
                let V::I(x, from) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "convert of a non-integer"));
                };
                if self.m.has_decoration(
                    self.decorated(rid),
                    rspirv::spirv::Decoration::SaturatedConversion,
                ) {
                    let signed = op == Op::SConvert;
                    V::I(saturate(x, from, signed, signed, w), w)
                } else {
                    let r = if op == Op::SConvert {
                        sext(x, from) as u64
                    } else {
                        x
                    };
                    V::I(r & mask(w), w)
                }
            }
            Op::Bitcast => match (
                self.get(vals, a(0), inst)?,
                self.m.types.get(&inst.result_type.unwrap_or(0)),
            ) {
                (V::Ptr(b, off), Some(SpvType::Pointer(..))) => V::Ptr(b, off),
                (V::I(x, w), Some(SpvType::Float(w2))) if w == *w2 => {
                    let k = self.result_float(inst)?;
                    V::F(fl::from_bits(k, x), k)
                }
                (V::F(x, k), Some(SpvType::Int(w))) if fl::width(k) == *w => {
                    V::I(fl::to_bits(k, x), *w)
                }
                (V::F(x, k), Some(SpvType::Float(w))) if fl::width(k) == *w => V::F(x, k),
                (V::I(x, w), Some(SpvType::Int(w2))) if w == *w2 => V::I(x, w),
                _ => return Err(self.err(inst, "bitcast not modelled")),
            },
            // Generic pointers: the frontend has checked that each cast keeps its memory.
            Op::PtrCastToGeneric | Op::GenericCastToPtr | Op::GenericCastToPtrExplicit => {
                match self.get(vals, a(0), inst)? {
                    V::Ptr(b, off) => V::Ptr(b, off),
                    // A private variable holding one value (an event for wait_group_events).
                    V::Cell(c) => V::Cell(c),
                    _ => return Err(self.err(inst, "cast of a value that is not a pointer")),
                }
            }
            _ => return Ok(Step::NotMine),
        }))
    }

    /// Pointer arithmetic, private variables, loads, stores and memory copies.
    // Long because it is a table: one arm per memory instruction.
    pub(super) fn exec_memory(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
        wi: &WorkItem,
    ) -> Result<Step, SimError> {
        let op = inst.class.opcode;
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Step::Value(match op {
            Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
            | Op::AccessChain
            | Op::InBoundsAccessChain => {
                let V::Ptr(b, mut off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "access chain on a non-pointer"));
                };
                let base_ty = self.id_types.get(&a(0)).copied();
                let Some(SpvType::Pointer(_, mut cur)) =
                    base_ty.and_then(|t| self.m.types.get(&t)).cloned()
                else {
                    return Err(self.err(inst, "access chain on a value of unknown pointer type"));
                };
                let index = |me: &Self, k: usize| -> Result<i64, SimError> {
                    match me.get(vals, a(k), inst)? {
                        V::I(idx, w) => Ok(sext(idx, w)),
                        _ => Err(me.err(inst, "non-integer index")),
                    }
                };
                let mut first = 1;
                if matches!(
                    inst.class.opcode,
                    Op::PtrAccessChain | Op::InBoundsPtrAccessChain
                ) {
                    let size = self
                        .m
                        .type_size(cur)
                        .ok_or_else(|| self.err(inst, "pointer to an unsupported type"))?
                        as i64;
                    off += index(self, 1)? * size;
                    first = 2;
                }
                for k in first..inst.operands.len() {
                    match self.m.types.get(&cur).cloned() {
                        Some(SpvType::Array(e, _)) | Some(SpvType::Vector(e, _)) => {
                            let size = self
                                .m
                                .type_size(e)
                                .ok_or_else(|| self.err(inst, "array of an unsupported type"))?
                                as i64;
                            off += index(self, k)? * size;
                            cur = e;
                        }
                        Some(SpvType::Struct(members)) => {
                            let i = index(self, k)? as usize;
                            let mt = *members
                                .get(i)
                                .ok_or_else(|| self.err(inst, "member index out of range"))?;
                            off +=
                                self.m.member_offset(&members, i).ok_or_else(|| {
                                    self.err(inst, "struct of an unsupported type")
                                })? as i64;
                            cur = mt;
                        }
                        _ => return Err(self.err(inst, "access chain indexes into a scalar")),
                    }
                }
                V::Ptr(b, off)
            }
            Op::Variable => {
                let Some(SpvType::Pointer(_, pointee)) =
                    inst.result_type.and_then(|t| self.m.types.get(&t))
                else {
                    return Err(self.err(inst, "variable without a pointer type"));
                };
                let (elem, size) = array_layout(self.m, *pointee).ok_or_else(|| {
                    self.err(
                        inst,
                        "only arrays of scalars are modelled as private variables",
                    )
                })?;
                let bytes = match id_operand(inst, 1) {
                    Some(init) => self
                        .m
                        .constant_bytes(init)
                        .filter(|b| b.len() == size)
                        .ok_or_else(|| self.err(inst, "initializer of an unsupported type"))?,
                    None => vec![0u8; size],
                };
                self.bufs.push((elem, bytes));
                V::Ptr(self.bufs.len() - 1, 0)
            }
            Op::Load => {
                let src = a(0);
                let bits = self.m.address_bits;
                let linear =
                    |id: [u64; 3], size: [u64; 3]| id[0] + size[0] * (id[1] + size[1] * id[2]);
                // Sub-groups have one work-item each: a size the OpenCL 2.1 rules allow and
                // the one a pipeline that issues one work-item per cycle has.
                let scalar = match self.m.builtins.get(&src) {
                    Some(BuiltIn::WorkDim) => Some((wi.work_dim as u64, 32)),
                    Some(BuiltIn::GlobalLinearId) => Some((linear(wi.gid, wi.gsize), bits)),
                    Some(BuiltIn::LocalInvocationIndex) => Some((linear(wi.lid, wi.lsize), bits)),
                    Some(BuiltIn::SubgroupSize | BuiltIn::SubgroupMaxSize) => Some((1, 32)),
                    Some(BuiltIn::NumSubgroups | BuiltIn::NumEnqueuedSubgroups) => {
                        Some((wi.lsize.iter().product(), 32))
                    }
                    Some(BuiltIn::SubgroupId) => Some((linear(wi.lid, wi.lsize), 32)),
                    Some(BuiltIn::SubgroupLocalInvocationId) => Some((0, 32)),
                    _ => None,
                };
                if let Some((v, w)) = scalar {
                    V::I(v & mask(w), w)
                } else if let Some(bi) = self.m.builtins.get(&src) {
                    let arr = match bi {
                        BuiltIn::GlobalInvocationId => wi.gid,
                        BuiltIn::LocalInvocationId => wi.lid,
                        BuiltIn::WorkgroupId => wi.grp,
                        BuiltIn::GlobalSize => wi.gsize,
                        BuiltIn::WorkgroupSize | BuiltIn::EnqueuedWorkgroupSize => wi.lsize,
                        BuiltIn::NumWorkgroups => [
                            wi.gsize[0] / wi.lsize[0],
                            wi.gsize[1] / wi.lsize[1],
                            wi.gsize[2] / wi.lsize[2],
                        ],
                        BuiltIn::GlobalOffset => [0, 0, 0],
                        other => {
                            return Err(
                                self.err(inst, &format!("built-in {other:?} not modelled yet"))
                            )
                        }
                    };
                    V::Vec(arr.iter().map(|x| V::I(*x & mask(bits), bits)).collect())
                } else {
                    let V::Ptr(b, off) = self.get(vals, src, inst)? else {
                        return Err(self.err(inst, "load through a non-pointer"));
                    };
                    let elem = &self.access_elem(src, b);
                    let bytes = &self.bufs[b].1;
                    let n = elem.bytes();
                    if off < 0 || off as usize + n > bytes.len() {
                        return Err(SimError::BadArg(format!("{}: reads byte {off} of a {}-byte buffer: an input buffer is too short for this NDRange", self.m.describe(inst), bytes.len())));
                    }
                    let mut raw = [0u8; 8];
                    raw[..n].copy_from_slice(&bytes[off as usize..off as usize + n]);
                    let x = u64::from_le_bytes(raw);
                    match elem {
                        Elem::Int(w) => V::I(x & mask(*w), *w),
                        e => {
                            let k = e.float_kind().unwrap_or(FloatKind::F32);
                            V::F(fl::from_bits(k, x), k)
                        }
                    }
                }
            }
            Op::Store => {
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "store through a non-pointer"));
                };
                let x = match self.get(vals, a(1), inst)? {
                    V::F(f, k) => fl::to_bits(k, f),
                    V::I(x, _) => x,
                    _ => return Err(self.err(inst, "store of an unsupported value")),
                };
                let n = self.access_elem(a(0), b).bytes();
                let bytes = &mut self.bufs[b].1;
                if off < 0 || off as usize + n > bytes.len() {
                    let len = bytes.len();
                    return Err(SimError::BadArg(format!("{}: writes byte {off} of a {len}-byte buffer: an output buffer is too short for this NDRange", self.m.describe(inst))));
                }
                bytes[off as usize..off as usize + n].copy_from_slice(&x.to_le_bytes()[..n]);
                return Ok(Step::Done);
            }
            Op::CopyMemorySized | Op::CopyMemory => {
                let (V::Ptr(db, doff), V::Ptr(sb, soff)) =
                    (self.get(vals, a(0), inst)?, self.get(vals, a(1), inst)?)
                else {
                    return Err(self.err(inst, "copy between non-pointers"));
                };
                let n = if op == Op::CopyMemorySized {
                    self.int(vals, a(2), inst)? as i64
                } else {
                    let ty = self.id_types.get(&a(0)).copied().unwrap_or(0);
                    match self.m.types.get(&ty) {
                        Some(SpvType::Pointer(_, p)) => self.m.type_size(*p).unwrap_or(0) as i64,
                        _ => 0,
                    }
                };
                for i in 0..n {
                    let b = self.raw_read(inst, sb, soff + i, 1)?;
                    self.raw_write(inst, db, doff + i, 1, b)?;
                }
                return Ok(Step::Done);
            }
            _ => return Ok(Step::NotMine),
        }))
    }
}
