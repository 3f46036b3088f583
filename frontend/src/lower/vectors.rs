//! Vectors are scalarized: lane k of a vector value is a synthetic scalar id, so that the
//! rest of the lowering only ever sees scalars. Buffers of vectors move whole vectors.

use super::*;

impl Lowering<'_> {
    /// The synthetic scalar id standing for lane `k` of vector value `v`.
    pub(super) fn lane_id(&mut self, v: Word, k: u32) -> Word {
        if let Some(id) = self.lane_ids.get(&(v, k)) {
            return *id;
        }
        let id = self.next_synthetic;
        self.next_synthetic += 1;
        self.lane_ids.insert((v, k), id);
        self.lane_origin.insert(id, (v, k));
        id
    }

    /// (component type id, lanes) when `ty` is a vector type.
    pub(super) fn vector_of(&self, ty: Option<Word>) -> Option<(Word, u32)> {
        match ty.and_then(|t| self.m.types.get(&t)) {
            Some(SpvType::Vector(c, n)) => Some((*c, *n)),
            _ => None,
        }
    }

    /// The SPIR-V type id of a value id (including synthetic lanes).
    pub(super) fn type_id_of(&self, id: Word) -> Option<Word> {
        if let Some((v, _)) = self.lane_origin.get(&id) {
            return self.vector_of(self.type_id_of(*v)).map(|(c, _)| c);
        }
        if let Some(i) = self.def_inst.get(&id) {
            return i.result_type;
        }
        if let Some((t, _)) = self.m.constants.get(&id) {
            return Some(*t);
        }
        if let Some(p) = self.f.params.iter().find(|p| p.result_id == Some(id)) {
            return p.result_type;
        }
        self.m
            .module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id))
            .and_then(|i| i.result_type)
    }

    /// Lanes of constant vectors (OpConstantComposite, OpConstantNull, OpUndef) as constants.
    pub(super) fn lane_constant(&self, id: Word) -> Option<Result<ValueRef, FrontendError>> {
        let (v, k) = *self.lane_origin.get(&id)?;
        let def = self
            .m
            .module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(v))
            .or_else(|| {
                self.def_inst
                    .get(&v)
                    .copied()
                    .filter(|i| i.class.opcode == Op::Undef)
            })?;
        let comp_ty = self.vector_of(def.result_type)?.0;
        let ty = match scalar_type(self.m, comp_ty) {
            Some(t) => t,
            None => {
                return Some(Err(bad(
                    self.m,
                    def,
                    "vector of an unsupported component type",
                )))
            }
        };
        Some(match def.class.opcode {
            Op::ConstantComposite => {
                // A lane may be an OpUndef (clspv writes them into constant vectors): zero.
                let undef = |c: Word| {
                    self.m
                        .module
                        .types_global_values
                        .iter()
                        .any(|i| i.result_id == Some(c) && i.class.opcode == Op::Undef)
                };
                let lane = id_operand(def, k as usize).and_then(|c| {
                    self.m
                        .constants
                        .get(&c)
                        .map(|(_, b)| *b)
                        .or_else(|| undef(c).then_some(0))
                });
                match lane {
                    Some(bits) => Ok(ValueRef::Const(ty, bits & mask(ty.bits()))),
                    None => Err(bad(
                        self.m,
                        def,
                        "constant vector with a non-scalar component",
                    )),
                }
            }
            Op::ConstantNull | Op::Undef => Ok(ValueRef::Const(ty, 0)),
            _ => Err(bad(
                self.m,
                def,
                "this kind of vector constant is not supported yet",
            )),
        })
    }

    /// A vector instruction as one scalar instruction per lane: vector operands become their
    /// lanes, the result type the component type.
    pub(super) fn lane_clones(
        &mut self,
        inst: &Instruction,
    ) -> Result<Vec<Instruction>, FrontendError> {
        let Some((comp, n)) = self.vector_of(inst.result_type) else {
            return Ok(vec![inst.clone()]);
        };
        let rid = inst.result_id.unwrap_or(0);
        let mut out = Vec::new();
        for k in 0..n {
            let mut c = inst.clone();
            c.result_type = Some(comp);
            c.result_id = Some(self.lane_id(rid, k));
            for o in &mut c.operands {
                if let rspirv::dr::Operand::IdRef(id) = o {
                    if let Some((_, m)) = self.vector_of(self.type_id_of(*id)) {
                        if m != n {
                            return Err(bad(self.m, inst, "vector operands of different widths"));
                        }
                        *id = self.lane_id(*id, k);
                    }
                }
            }
            // v · s lane by lane is a multiply by the scalar (glslang's `vec * float`).
            if c.class.opcode == Op::VectorTimesScalar {
                c = Instruction::new(Op::FMul, c.result_type, c.result_id, c.operands);
            }
            out.push(c);
        }
        Ok(out)
    }

    /// vloadn / vload_halfn (n consecutive elements at element `offset·n` of a scalar
    /// pointer, halves widened to float) and vstoren / vstore_halfn(_r) (the lanes written
    /// there, floats narrowed to half in the asked direction). False: another ExtInst.
    fn lower_vector_memory_builtin(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<bool, FrontendError> {
        use rspirv::spirv::OpenclStd100Op as Cl;
        let m = self.m;
        let op = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) => Cl::from_u32(*n),
            _ => None,
        };
        let Some(
            op @ (Cl::vloadn
            | Cl::vload_halfn
            | Cl::vstoren
            | Cl::vstore_halfn
            | Cl::vstore_halfn_r),
        ) = op
        else {
            return Ok(false);
        };
        let rid = inst.result_id.unwrap_or(0);
        let mut ids: Vec<Word> = (2..inst.operands.len())
            .filter_map(|k| id_operand(inst, k))
            .collect();
        // The lane count (vloadn) and rounding mode (vstore_halfn_r) are literals, read as ids.
        let literal = if matches!(op, Cl::vloadn | Cl::vload_halfn | Cl::vstore_halfn_r) {
            ids.pop()
        } else {
            None
        };
        let load = matches!(op, Cl::vloadn | Cl::vload_halfn);
        let halves = matches!(op, Cl::vload_halfn | Cl::vstore_halfn | Cl::vstore_halfn_r);
        let (data, offset, ptr) = match (load, ids.as_slice()) {
            (true, [o, p]) => (None, *o, *p),
            (false, [d, o, p]) => (Some(*d), *o, *p),
            _ => return Err(bad(m, inst, format!("{op:?}: unexpected operands"))),
        };
        let n = match data {
            Some(d) => self.vector_of(self.type_id_of(d)).map(|(_, n)| n),
            None => self.vector_of(inst.result_type).map(|(_, n)| n),
        }
        .ok_or_else(|| bad(m, inst, format!("{op:?} of a non-vector")))?;
        let p = self.pointer(inst, ptr)?;
        let mem = self.kernel.memory(p.mem);
        if mem.lanes > 1 || (halves && mem.elem.bits() != 16) {
            return Err(bad(
                m,
                inst,
                format!(
                    "{op:?} on '{}' of {}: a pointer to scalars{} is needed",
                    mem.name,
                    mem.elem,
                    if halves { " (halves)" } else { "" }
                ),
            ));
        }
        let elem = mem.elem;
        let eb = elem.bytes() as u64;
        let base = self.value(ub, ptr)?;
        let o = self.value(ub, offset)?;
        let o = ub.resize(o, Type::ADDR.bits(), false);
        let stride = ub.op(OpKind::Const(n as u64 * eb), Type::ADDR, vec![]);
        let first = ub.int(IntBinOp::Mul, Type::ADDR, o, stride);
        let first = ub.int(IntBinOp::Add, Type::ADDR, base, first);
        let half = Type::Float(FloatKind::F16);
        let mode = match literal {
            Some(1) => Rounding::Rtz,
            Some(2) => Rounding::Rtp,
            Some(3) => Rounding::Rtn,
            _ => Rounding::Rte,
        };
        for k in 0..n {
            let off = ub.op(OpKind::Const(k as u64 * eb), Type::ADDR, vec![]);
            let addr = ub.int(IntBinOp::Add, Type::ADDR, first, off);
            if let Some(d) = data {
                let lane = self.lane_id(d, k);
                let v = self.value(ub, lane)?;
                let v = if halves {
                    ub.op(OpKind::Convert(ConvertOp::FToF(mode)), half, vec![v])
                } else {
                    v
                };
                if ub.body.op(v).ty.bits() != elem.bits() {
                    return Err(bad(
                        m,
                        inst,
                        format!("{op:?} stores {} into {}", ub.body.op(v).ty, elem),
                    ));
                }
                let v = ub.as_type(v, elem, None);
                self.kernel.memories[p.mem.0 as usize].written = true;
                ub.store(p.mem, addr, v, pred);
            } else {
                let comp = self
                    .vector_of(inst.result_type)
                    .map(|(c, _)| c)
                    .unwrap_or(0);
                let cty = scalar_type(m, comp)
                    .ok_or_else(|| bad(m, inst, "vector of an unsupported type"))?;
                let mut operands = vec![addr];
                operands.extend(pred);
                self.kernel.memories[p.mem.0 as usize].read = true;
                let raw = ub.op(OpKind::Load(p.mem), elem, operands);
                let v = if halves {
                    let h = ub.as_type(raw, half, None);
                    ub.op(
                        OpKind::Convert(ConvertOp::FToF(Rounding::Rte)),
                        cty,
                        vec![h],
                    )
                } else {
                    if elem.bits() != cty.bits() {
                        return Err(bad(m, inst, format!("{op:?} loads {cty} from {elem}")));
                    }
                    ub.as_type(raw, cty, None)
                };
                let lane = self.lane_id(rid, k);
                ub.values.insert(lane, v);
            }
        }
        Ok(true)
    }

    /// A bitcast that changes the number of lanes (`as_uint2(ulong)`): the operand's bits,
    /// lane 0 lowest, regrouped into the result's lanes with shifts, truncations and ORs.
    fn lower_regroup(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
    ) -> Result<(), FrontendError> {
        let rid = inst.result_id.unwrap_or(0);
        let src = id_operand(inst, 0).unwrap_or(0);
        let src_lanes: Vec<Word> = match self.vector_of(self.type_id_of(src)) {
            Some((_, n)) => (0..n).map(|k| self.lane_id(src, k)).collect(),
            None => vec![src],
        };
        // The source lanes as integers of their own widths.
        let mut parts = Vec::new();
        for l in src_lanes {
            let v = self.value(ub, l)?;
            let ty = ub.body.op(v).ty;
            let v = match ty {
                Type::Float(_) => {
                    ub.op(OpKind::Cast(CastOp::Bitcast), Type::Int(ty.bits()), vec![v])
                }
                _ => v,
            };
            parts.push((v, ty.bits()));
        }
        let total: u32 = parts.iter().map(|p| p.1).sum();
        let (comp, n) = self
            .vector_of(inst.result_type)
            .unwrap_or((inst.result_type.unwrap_or(0), 1));
        let rty = scalar_type(self.m, comp)
            .ok_or_else(|| bad(self.m, inst, "bitcast to an unsupported type"))?;
        let w = rty.bits();
        if w * n != total {
            return Err(bad(
                self.m,
                inst,
                "bitcast between types of different sizes",
            ));
        }
        for j in 0..n {
            // Result lane j is bits [j·w, (j+1)·w): the pieces of the source lanes there.
            let (lo, hi) = (j * w, (j + 1) * w);
            let mut acc: Option<OpId> = None;
            let mut at = 0;
            for &(v, pw) in &parts {
                let (s0, s1) = (at, at + pw);
                at = s1;
                if s1 <= lo || s0 >= hi {
                    continue;
                }
                // The piece, shifted so that bit max(lo, s0) lands at its place in the lane.
                let piece = if s0 < lo {
                    let k = ub.op(OpKind::Const((lo - s0) as u64), Type::Int(pw), vec![]);
                    let sh = ub.int(IntBinOp::LShr, Type::Int(pw), v, k);
                    ub.resize(sh, w, false)
                } else {
                    let r = ub.resize(v, w.max(pw), false);
                    let r = ub.resize(r, w, false);
                    if s0 > lo {
                        let k = ub.op(OpKind::Const((s0 - lo) as u64), Type::Int(w), vec![]);
                        ub.int(IntBinOp::Shl, Type::Int(w), r, k)
                    } else {
                        r
                    }
                };
                acc = Some(match acc {
                    None => piece,
                    Some(a) => ub.int(IntBinOp::Or, Type::Int(w), a, piece),
                });
            }
            let mut v = acc.ok_or_else(|| bad(self.m, inst, "bitcast lane with no source bits"))?;
            if let Type::Float(_) = rty {
                v = ub.op(OpKind::Cast(CastOp::Bitcast), rty, vec![v]);
            }
            let dst = if self.vector_of(inst.result_type).is_some() {
                self.lane_id(rid, j)
            } else {
                rid
            };
            ub.values.insert(dst, v);
        }
        Ok(())
    }

    /// Vector instructions that move lanes around (construct, extract, insert, shuffle,
    /// dynamic extract), the dot product, and vector loads and stores. Returns false when `inst` is none of these.
    pub(super) fn lower_vector_shape(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<bool, FrontendError> {
        let rid = inst.result_id.unwrap_or(0);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let lanes_of = |me: &Self, id: Word| me.vector_of(me.type_id_of(id)).map(|(_, n)| n);
        if inst.class.opcode == Op::ExtInst {
            return self.lower_vector_memory_builtin(ub, inst, pred);
        }
        let lanes_or_one = |me: &Self, id: Word| lanes_of(me, id).unwrap_or(1);
        let result_lanes = self.vector_of(inst.result_type).map_or(1, |(_, n)| n);
        match inst.class.opcode {
            Op::Bitcast
                if self.vector_of(inst.result_type).is_some()
                    != lanes_of(self, arg(0)).is_some()
                    || (lanes_of(self, arg(0)).is_some()
                        && lanes_or_one(self, arg(0)) != result_lanes) =>
            {
                self.lower_regroup(ub, inst)?;
                Ok(true)
            }
            Op::Dot => {
                // The lane products summed in lane order, each step rounded (as the model).
                let n = lanes_of(self, arg(0)).unwrap_or(0);
                let ty = self.result_type(inst)?;
                if !matches!(ty, Type::Float(_)) || n == 0 {
                    return Err(bad(self.m, inst, "a dot product of float vectors"));
                }
                let mut acc = None;
                for k in 0..n {
                    let (x, y) = (self.lane_id(arg(0), k), self.lane_id(arg(1), k));
                    let (x, y) = (self.value(ub, x)?, self.value(ub, y)?);
                    let p = ub.op(OpKind::Float(FloatBinOp::Mul), ty, vec![x, y]);
                    acc = Some(match acc {
                        None => p,
                        Some(s) => ub.op(OpKind::Float(FloatBinOp::Add), ty, vec![s, p]),
                    });
                }
                if let Some(v) = acc {
                    ub.values.insert(rid, v);
                }
                Ok(true)
            }
            Op::CompositeConstruct if self.vector_of(inst.result_type).is_some() => {
                let mut k = 0;
                for i in 0..inst.operands.len() {
                    let part = arg(i);
                    match lanes_of(self, part) {
                        Some(n) => {
                            for j in 0..n {
                                let src = self.lane_id(part, j);
                                let v = self.value(ub, src)?;
                                let dst = self.lane_id(rid, k);
                                ub.values.insert(dst, v);
                                k += 1;
                            }
                        }
                        None => {
                            let v = self.value(ub, part)?;
                            let dst = self.lane_id(rid, k);
                            ub.values.insert(dst, v);
                            k += 1;
                        }
                    }
                }
                Ok(true)
            }
            Op::CompositeExtract
                if lanes_of(self, arg(0)).is_some()
                    && !self.builtin_vectors.contains_key(&arg(0)) =>
            {
                if inst.operands.len() != 2 {
                    return Err(bad(self.m, inst, "nested composite extract"));
                }
                let k = crate::spirv::literal_operand(inst, 1).unwrap_or(0);
                let src = self.lane_id(arg(0), k);
                let v = self.value(ub, src)?;
                ub.values.insert(rid, v);
                Ok(true)
            }
            Op::CompositeInsert if self.vector_of(inst.result_type).is_some() => {
                let n = self
                    .vector_of(inst.result_type)
                    .map(|(_, n)| n)
                    .unwrap_or(0);
                let at = crate::spirv::literal_operand(inst, 2).unwrap_or(0);
                for k in 0..n {
                    let v = if k == at {
                        self.value(ub, arg(0))?
                    } else {
                        let src = self.lane_id(arg(1), k);
                        self.value(ub, src)?
                    };
                    let dst = self.lane_id(rid, k);
                    ub.values.insert(dst, v);
                }
                Ok(true)
            }
            Op::VectorShuffle => {
                let n1 = lanes_of(self, arg(0)).unwrap_or(0);
                let comp = self
                    .vector_of(inst.result_type)
                    .map(|(c, _)| c)
                    .unwrap_or(0);
                for (k, o) in inst.operands[2..].iter().enumerate() {
                    let rspirv::dr::Operand::LiteralBit32(c) = o else {
                        continue;
                    };
                    let v = if *c == u32::MAX {
                        let ty = scalar_type(self.m, comp).unwrap_or(Type::Int(32));
                        ub.add(Op_ {
                            kind: OpKind::Const(0),
                            ty,
                            operands: vec![],
                            name: None,
                            loc: None,
                        })
                    } else if *c < n1 {
                        let src = self.lane_id(arg(0), *c);
                        self.value(ub, src)?
                    } else {
                        let src = self.lane_id(arg(1), *c - n1);
                        self.value(ub, src)?
                    };
                    let dst = self.lane_id(rid, k as u32);
                    ub.values.insert(dst, v);
                }
                Ok(true)
            }
            Op::VectorExtractDynamic => {
                let n = lanes_of(self, arg(0)).unwrap_or(0);
                let idx = self.value(ub, arg(1))?;
                let ity = ub.body.op(idx).ty;
                let ty = self.result_type(inst)?;
                let mut acc = {
                    let src = self.lane_id(arg(0), 0);
                    self.value(ub, src)?
                };
                for k in 1..n {
                    let kc = ub.op(OpKind::Const(k as u64), ity, vec![]);
                    let hit = ub.op(OpKind::Cmp(CmpPred::Eq), Type::BOOL, vec![idx, kc]);
                    let lane = {
                        let src = self.lane_id(arg(0), k);
                        self.value(ub, src)?
                    };
                    acc = ub.add(Op_ {
                        kind: OpKind::Select,
                        ty,
                        operands: vec![hit, lane, acc],
                        name: None,
                        loc: None,
                    });
                }
                ub.values.insert(rid, acc);
                Ok(true)
            }
            Op::Load | Op::Store => self.lower_vector_access(ub, inst, pred),
            _ => Ok(false),
        }
    }

    /// Loads and stores of whole vectors: one access per lane, or one wide access where the
    /// buffer holds vectors. Returns false for a scalar access.
    fn lower_vector_access(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<bool, FrontendError> {
        let rid = inst.result_id.unwrap_or(0);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let lanes_of = |me: &Self, id: Word| me.vector_of(me.type_id_of(id)).map(|(_, n)| n);
        match inst.class.opcode {
            Op::Load
                if self.vector_of(inst.result_type).is_some()
                    && !self.m.builtins.contains_key(&arg(0)) =>
            {
                let (comp, n) = self.vector_of(inst.result_type).unwrap_or((0, 0));
                let p = self.pointer(inst, arg(0))?;
                let ty = scalar_type(self.m, comp)
                    .ok_or_else(|| bad(self.m, inst, "vector of an unsupported component type"))?;
                let mem = &mut self.kernel.memories[p.mem.0 as usize];
                if ty != mem.elem {
                    return Err(bad(
                        self.m,
                        inst,
                        format!(
                            "loads {ty} lanes from buffer '{}' of {}",
                            mem.name, mem.elem
                        ),
                    ));
                }
                mem.read = true;
                let mem_lanes = mem.lanes;
                let base = self.value(ub, arg(0))?;
                if mem_lanes > 1 {
                    // One access of the whole vector over the wide data path, then lanes.
                    if n > mem_lanes {
                        return Err(bad(
                            self.m,
                            inst,
                            "a vector wider than the buffer's elements",
                        ));
                    }
                    let word_ty = Type::Int(ty.bits() * mem_lanes);
                    let mut operands = vec![base];
                    operands.extend(pred);
                    let word = ub.add(Op_ {
                        kind: OpKind::Load(p.mem),
                        ty: word_ty,
                        operands,
                        name: self.name_of(rid),
                        loc: None,
                    });
                    for k in 0..n {
                        let lane = ub.lane_of(word, k, ty);
                        let dst = self.lane_id(rid, k);
                        ub.values.insert(dst, lane);
                    }
                    return Ok(true);
                }
                for k in 0..n {
                    let addr = ub.offset(base, (k * ty.bytes()) as u64);
                    let mut operands = vec![addr];
                    operands.extend(pred);
                    let v = ub.add(Op_ {
                        kind: OpKind::Load(p.mem),
                        ty,
                        operands,
                        name: None,
                        loc: None,
                    });
                    let dst = self.lane_id(rid, k);
                    ub.values.insert(dst, v);
                }
                Ok(true)
            }
            Op::Store if lanes_of(self, arg(1)).is_some() => {
                let n = lanes_of(self, arg(1)).unwrap_or(0);
                let p = self.pointer(inst, arg(0))?;
                let base = self.value(ub, arg(0))?;
                let (mem_lanes, elem) = (
                    self.kernel.memory(p.mem).lanes,
                    self.kernel.memory(p.mem).elem,
                );
                if mem_lanes > 1 {
                    // Pack the lanes into one word of the wide data path.
                    if n != mem_lanes {
                        return Err(bad(self.m, inst, "storing part of a vector element (write strobes per lane are not supported yet)"));
                    }
                    let word_ty = Type::Int(elem.bits() * mem_lanes);
                    let mut word: Option<OpId> = None;
                    for k in 0..n {
                        let src = self.lane_id(arg(1), k);
                        let data = self.value(ub, src)?;
                        if ub.body.op(data).ty != elem {
                            return Err(bad(
                                self.m,
                                inst,
                                format!(
                                    "stores {} lanes into buffer of {elem}",
                                    ub.body.op(data).ty
                                ),
                            ));
                        }
                        let placed = ub.place_lane(data, k, word_ty);
                        word = Some(match word {
                            None => placed,
                            Some(w) => ub.int(IntBinOp::Or, word_ty, w, placed),
                        });
                    }
                    self.kernel.memories[p.mem.0 as usize].written = true;
                    let mut operands = vec![base, word.unwrap_or(base)];
                    operands.extend(pred);
                    ub.add(Op_ {
                        kind: OpKind::Store(p.mem),
                        ty: word_ty,
                        operands,
                        name: None,
                        loc: None,
                    });
                    return Ok(true);
                }
                for k in 0..n {
                    let src = self.lane_id(arg(1), k);
                    let data = self.value(ub, src)?;
                    let ty = ub.body.op(data).ty;
                    let mem = &mut self.kernel.memories[p.mem.0 as usize];
                    if ty != mem.elem {
                        return Err(bad(
                            self.m,
                            inst,
                            format!(
                                "stores {ty} lanes into buffer '{}' of {}",
                                mem.name, mem.elem
                            ),
                        ));
                    }
                    mem.written = true;
                    let addr = ub.offset(base, (k * ty.bytes()) as u64);
                    ub.store(p.mem, addr, data, pred);
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}
