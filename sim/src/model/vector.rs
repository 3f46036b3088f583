//! Vector instructions: lane-wise arithmetic through the scalar code, and the ones that
//! move lanes (shuffles, extracts, inserts, constructs).

use super::*;

impl<'m> Machine<'m> {
    /// (component type id, lanes) of a vector type.
    pub(super) fn vector_of(&self, ty: Option<Word>) -> Option<(Word, u32)> {
        match ty.and_then(|t| self.m.types.get(&t)) {
            Some(SpvType::Vector(c, n)) => Some((*c, *n)),
            _ => None,
        }
    }

    /// Vector instructions: lane-wise arithmetic (each lane through the scalar code) and the
    /// ones that move lanes. Returns false for anything else.
    pub(super) fn exec_vector(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
        wi: &WorkItem,
        depth: u32,
    ) -> Result<bool, SimError> {
        use rspirv::spirv::OpenclStd100Op as Ocl;
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        let lanes_of = |v: &V| match v {
            V::Vec(items) => Some(items.clone()),
            _ => None,
        };
        match op {
            Op::CompositeConstruct
            | Op::CompositeInsert
            | Op::VectorShuffle
            | Op::VectorExtractDynamic
            | Op::Load
            | Op::Store => self.exec_vector_shape(inst, vals),
            Op::ExtInst
                if self.vector_of(inst.result_type).is_some()
                    && matches!(inst.operands.get(1), Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) if *n == rspirv::spirv::OpenclStd100Op::select as u32) =>
            {
                // Vector select: the top bit of each lane of c picks b.
                let (x, y, c) = (
                    self.get(vals, a(2), inst)?,
                    self.get(vals, a(3), inst)?,
                    self.get(vals, a(4), inst)?,
                );
                let (Some(x), Some(y), Some(c)) = (lanes_of(&x), lanes_of(&y), lanes_of(&c)) else {
                    return Err(self.err(inst, "select of mixed vector and scalar operands"));
                };
                let items = x
                    .into_iter()
                    .zip(y)
                    .zip(c)
                    .map(|((x, y), c)| match c {
                        V::I(v, w) => Ok(if (v >> (w - 1)) & 1 == 1 { y } else { x }),
                        _ => Err(self.err(inst, "select condition is not an integer")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            // Vector loads (vloadn, vload_halfn) read whole vectors, not lane by lane.
            Op::ExtInst
                if matches!(inst.operands.get(1), Some(rspirv::dr::Operand::LiteralExtInstInteger(n))
                    if [Ocl::vloadn, Ocl::vload_halfn, Ocl::vloada_halfn].iter().any(|o| *o as u32 == *n)) =>
            {
                let v = self.ext_inst(inst, vals)?;
                vals.insert(rid, v);
                Ok(true)
            }
            Op::Dot => {
                let (Some(x), Some(y)) = (
                    lanes_of(&self.get(vals, a(0), inst)?),
                    lanes_of(&self.get(vals, a(1), inst)?),
                ) else {
                    return Err(self.err(inst, "dot of non-vectors"));
                };
                // Lane products summed in order, each step rounded in the format.
                let mut acc: Option<(f64, FloatKind)> = None;
                for (p, q) in x.iter().zip(&y) {
                    let (V::F(p, k), V::F(q, _)) = (p, q) else {
                        return Err(self.err(inst, "dot of non-float vectors"));
                    };
                    let prod = fl::round(*k, p * q);
                    acc = Some(match acc {
                        None => (prod, *k),
                        Some((s, _)) => (fl::round(*k, s + prod), *k),
                    });
                }
                let (v, k) = acc.ok_or_else(|| self.err(inst, "dot of empty vectors"))?;
                vals.insert(rid, V::F(v, k));
                Ok(true)
            }
            Op::Any | Op::All => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "any/all of a non-vector"))?;
                let bits = x.iter().map(|v| matches!(v, V::I(b, _) if *b != 0));
                let r = if op == Op::Any {
                    bits.clone().any(|b| b)
                } else {
                    bits.clone().all(|b| b)
                };
                vals.insert(rid, V::I(u64::from(r), 1));
                Ok(true)
            }
            Op::VectorTimesScalar => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "vector-times-scalar of a non-vector"))?;
                let V::F(s, _) = self.get(vals, a(1), inst)? else {
                    return Err(self.err(inst, "vector-times-scalar by a non-float"));
                };
                let items = x
                    .into_iter()
                    .map(|v| match v {
                        V::F(p, k) => Ok(V::F(fl::round(k, p * s), k)),
                        _ => Err(self.err(inst, "vector-times-scalar of a non-float vector")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::Bitcast if self.regroups(inst, vals) => {
                let v = self.regroup(inst, vals)?;
                vals.insert(rid, v);
                Ok(true)
            }
            Op::CompositeExtract | Op::CopyObject | Op::FunctionCall | Op::Phi => Ok(false),
            _ => {
                let Some((comp, n)) = self.vector_of(inst.result_type) else {
                    return Ok(false);
                };
                // Lane-wise: each lane is the scalar instruction on the operands' lanes.
                let mut items = Vec::new();
                for k in 0..n as usize {
                    let mut lane = inst.clone();
                    lane.result_type = Some(comp);
                    lane.result_id = Some(u32::MAX);
                    let mut scratch: Vec<(Word, V)> = Vec::new();
                    for (i, o) in lane.operands.iter_mut().enumerate() {
                        if let rspirv::dr::Operand::IdRef(id) = o {
                            if let Ok(V::Vec(v)) = self.get(vals, *id, inst) {
                                let tmp = u32::MAX - 1 - i as u32;
                                scratch.push((
                                    tmp,
                                    v.get(k)
                                        .cloned()
                                        .ok_or_else(|| self.err(inst, "vector widths differ"))?,
                                ));
                                *id = tmp;
                            }
                        }
                    }
                    for (t, v) in scratch {
                        vals.insert(t, v);
                    }
                    self.lane_parent = rid;
                    let r = self.exec(&lane, vals, wi, depth);
                    self.lane_parent = 0;
                    r?;
                    items.push(
                        vals.remove(&u32::MAX)
                            .ok_or_else(|| self.err(inst, "lane produced no value"))?,
                    );
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
        }
    }

    /// The vector instructions that build, take apart, load and store whole vectors.
    /// Returns false for anything else.
    /// Whether bitcast `inst` changes the number of lanes (`as_uint2(ulong)`, clspv's
    /// double emulation): the bits are regrouped, not cast lane by lane.
    fn regroups(&self, inst: &Instruction, vals: &HashMap<Word, V>) -> bool {
        let from = match vals.get(&id_operand(inst, 0).unwrap_or(0)) {
            Some(V::Vec(items)) => items.len() as u32,
            Some(V::Ptr(..) | V::Cell(_)) | None => return false,
            Some(_) => 1,
        };
        let to = self.vector_of(inst.result_type).map_or(1, |(_, n)| n);
        from != to
    }

    /// The operand's bits, lane 0 lowest, regrouped into the result type's lanes.
    fn regroup(&self, inst: &Instruction, vals: &mut HashMap<Word, V>) -> Result<V, SimError> {
        let src = self.get(vals, id_operand(inst, 0).unwrap_or(0), inst)?;
        let lanes = match src {
            V::Vec(items) => items,
            v => vec![v],
        };
        let mut bytes = Vec::new();
        for l in lanes {
            let (bits, w) = match l {
                V::I(x, w) => (x, w),
                V::F(x, k) => (fl::to_bits(k, x), fl::width(k)),
                _ => return Err(self.err(inst, "bitcast of a pointer vector")),
            };
            if w % 8 != 0 {
                return Err(self.err(inst, "bitcast of lanes narrower than a byte"));
            }
            bytes.extend_from_slice(&bits.to_le_bytes()[..(w / 8) as usize]);
        }
        let (comp, n) = self
            .vector_of(inst.result_type)
            .unwrap_or((inst.result_type.unwrap_or(0), 1));
        let (w, float) = match self.m.types.get(&comp) {
            Some(SpvType::Int(w)) => (*w, false),
            Some(SpvType::Float(w)) => (*w, true),
            _ => return Err(self.err(inst, "bitcast to a type that is not integer or float")),
        };
        let size = (w / 8) as usize;
        if size == 0 || bytes.len() != size * n as usize {
            return Err(self.err(inst, "bitcast between types of different sizes"));
        }
        let out: Vec<V> = bytes
            .chunks(size)
            .map(|c| {
                let mut b = [0u8; 8];
                b[..size].copy_from_slice(c);
                let x = u64::from_le_bytes(b);
                match (float, fl::kind_of_width(w)) {
                    (true, Some(k)) => V::F(fl::from_bits(k, x), k),
                    _ => V::I(x, w),
                }
            })
            .collect();
        Ok(if n == 1 && self.vector_of(inst.result_type).is_none() {
            out.into_iter().next().unwrap_or(V::I(0, w))
        } else {
            V::Vec(out)
        })
    }

    fn exec_vector_shape(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
    ) -> Result<bool, SimError> {
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        let lanes_of = |v: &V| match v {
            V::Vec(items) => Some(items.clone()),
            _ => None,
        };
        match op {
            Op::CompositeConstruct if self.vector_of(inst.result_type).is_some() => {
                let mut items = Vec::new();
                for i in 0..inst.operands.len() {
                    match self.get(vals, a(i), inst)? {
                        V::Vec(v) => items.extend(v),
                        x => items.push(x),
                    }
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::CompositeInsert if self.vector_of(inst.result_type).is_some() => {
                let obj = self.get(vals, a(0), inst)?;
                let mut items = lanes_of(&self.get(vals, a(1), inst)?)
                    .ok_or_else(|| self.err(inst, "insert into a non-vector"))?;
                let at = literal_operand(inst, 2).unwrap_or(0) as usize;
                *items
                    .get_mut(at)
                    .ok_or_else(|| self.err(inst, "lane out of range"))? = obj;
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::VectorShuffle => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "shuffle of a non-vector"))?;
                let y = lanes_of(&self.get(vals, a(1), inst)?)
                    .ok_or_else(|| self.err(inst, "shuffle of a non-vector"))?;
                let comp = self
                    .vector_of(inst.result_type)
                    .map(|(c, _)| c)
                    .unwrap_or(0);
                let mut items = Vec::new();
                for o in &inst.operands[2..] {
                    let rspirv::dr::Operand::LiteralBit32(c) = o else {
                        continue;
                    };
                    let c = *c as usize;
                    items.push(if c == u32::MAX as usize {
                        self.zero(comp, inst)?
                    } else if c < x.len() {
                        x[c].clone()
                    } else {
                        y.get(c - x.len())
                            .cloned()
                            .ok_or_else(|| self.err(inst, "lane out of range"))?
                    });
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::VectorExtractDynamic => {
                let x = lanes_of(&self.get(vals, a(0), inst)?)
                    .ok_or_else(|| self.err(inst, "extract from a non-vector"))?;
                let k = self.int(vals, a(1), inst)? as usize;
                let v = match x.get(k) {
                    Some(v) => v.clone(),
                    None => self.zero(inst.result_type.unwrap_or(0), inst)?,
                };
                vals.insert(rid, v);
                Ok(true)
            }
            Op::Load
                if self.vector_of(inst.result_type).is_some()
                    && !self.m.builtins.contains_key(&a(0)) =>
            {
                let (comp, n) = self.vector_of(inst.result_type).unwrap_or((0, 0));
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "load through a non-pointer"));
                };
                let step = self.bufs[b].0.bytes() as i64;
                let mut items = Vec::new();
                for k in 0..n as i64 {
                    items.push(self.read_elem(inst, b, off + k * step, comp)?);
                }
                vals.insert(rid, V::Vec(items));
                Ok(true)
            }
            Op::Store => {
                let V::Vec(items) = self.get(vals, a(1), inst)? else {
                    return Ok(false);
                };
                let V::Ptr(b, off) = self.get(vals, a(0), inst)? else {
                    return Err(self.err(inst, "store through a non-pointer"));
                };
                let step = self.bufs[b].0.bytes() as i64;
                for (k, v) in items.iter().enumerate() {
                    self.write_elem(inst, b, off + k as i64 * step, v)?;
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}
