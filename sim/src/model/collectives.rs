//! Work-group collectives (OpenCL C 2.0 `work_group_*`, SPIR-V `OpGroup*` at workgroup
//! scope). A work-item stops at the instruction with its operand, as at a barrier; once the
//! whole group has arrived, the results are formed in the order of the linear local id (the
//! order OpenCL C 6.13.15 defines a scan in, so float results are sequential sums) and each
//! work-item resumes with its own.

use super::*;
use rspirv::dr::Operand;
use rspirv::spirv::{GroupOperation, Scope};

/// One work-item at a collective: the instruction, the id its result goes to, and what it
/// brings (its operand; for a broadcast also the local id of the work-item to read).
pub(super) struct Arrival<'m> {
    inst: &'m Instruction,
    value: V,
    source: Option<[u64; 3]>,
    /// A sub-group's collective: the work-item is its whole group.
    alone: bool,
}

/// Whether `op` is one of the group instructions the model runs: the collectives the
/// frontend builds, and async copies.
pub(super) fn is_collective(op: Op) -> bool {
    op == Op::GroupAsyncCopy || frontend::collectives::is_collective(op)
}

impl Arrival<'_> {
    /// Whether the work-item is the only one of its group (a sub-group's collective).
    pub(super) fn alone(&self) -> bool {
        self.alone
    }

    /// The id the collective's result goes to.
    pub(super) fn result(&self) -> Word {
        self.inst.result_id.unwrap_or(0)
    }
}

impl<'m> Machine<'m> {
    /// This work-item's arrival at collective `inst`.
    pub(super) fn arrive(
        &self,
        inst: &'m Instruction,
        vals: &HashMap<Word, V>,
    ) -> Result<Arrival<'m>, SimError> {
        let scope = match inst.operands.first() {
            Some(Operand::IdScope(s) | Operand::IdRef(s)) => self.m.constants.get(s).map(|c| c.1),
            _ => None,
        };
        // A sub-group is one work-item here (get_sub_group_size() is 1).
        let alone = scope == Some(Scope::Subgroup as u64);
        if !alone && scope != Some(Scope::Workgroup as u64) {
            return Err(self.err(
                inst,
                "a collective of a scope other than work-group or sub-group",
            ));
        }
        let operand = |k: usize| match inst.operands.get(k) {
            Some(Operand::IdRef(id)) => self.get(vals, *id, inst),
            _ => Err(self.err(inst, "malformed group instruction")),
        };
        let (value, source) = match inst.class.opcode {
            // dst, src, elements, stride: the copy is made once, when all have arrived.
            Op::GroupAsyncCopy => (V::Vec((1..5).map(operand).collect::<Result<_, _>>()?), None),
            Op::GroupAll | Op::GroupAny => (operand(1)?, None),
            Op::GroupBroadcast => {
                let lanes = match operand(2)? {
                    V::Vec(items) => items,
                    v => vec![v],
                };
                let mut at = [0u64; 3];
                for (d, v) in lanes.iter().take(3).enumerate() {
                    at[d] = match v {
                        V::I(x, _) => *x,
                        _ => return Err(self.err(inst, "a broadcast's local id is not an integer")),
                    };
                }
                (operand(1)?, Some(at))
            }
            _ => (operand(2)?, None),
        };
        Ok(Arrival {
            inst,
            value,
            source,
            alone,
        })
    }

    /// The results of a collective the whole group has reached, in work-item order
    /// (`arrivals` is ordered by linear local id).
    pub(super) fn collective_results(
        &mut self,
        arrivals: &[Arrival<'m>],
        lsize: [u64; 3],
    ) -> Result<Vec<V>, SimError> {
        let Some(first) = arrivals.first() else {
            return Ok(Vec::new());
        };
        let inst = first.inst;
        if let Some(other) = arrivals.iter().find(|a| !std::ptr::eq(a.inst, inst)) {
            return Err(self.err(
                other.inst,
                &format!(
                    "work-items of one group reach different collectives (the other: {}); a collective must be reached by the whole group",
                    self.m.describe(inst)
                ),
            ));
        }
        let op = inst.class.opcode;
        if op == Op::GroupAsyncCopy {
            self.group_copy(inst, &first.value)?;
            // The event: nothing to wait for once the copy is made.
            return Ok(vec![V::I(0, 64); arrivals.len()]);
        }
        let values: Vec<&V> = arrivals.iter().map(|a| &a.value).collect();
        if op == Op::GroupBroadcast {
            let at = first.source.unwrap_or([0; 3]);
            if (0..3).any(|d| at[d] >= lsize[d]) {
                return Err(self.err(
                    inst,
                    "work_group_broadcast names a local id outside the group",
                ));
            }
            let linear = (at[0] + lsize[0] * (at[1] + lsize[1] * at[2])) as usize;
            let v = values[linear].clone();
            return Ok(vec![v; values.len()]);
        }
        let group_op = match (op, inst.operands.get(1)) {
            (Op::GroupAll | Op::GroupAny, _) => GroupOperation::Reduce,
            (_, Some(Operand::GroupOperation(g))) => *g,
            _ => return Err(self.err(inst, "malformed group instruction")),
        };
        let identity = self.identity(inst, values[0])?;
        let mut acc = identity.clone();
        let mut out = Vec::with_capacity(values.len());
        for v in &values {
            let next = self.combine(inst, &acc, v)?;
            out.push(match group_op {
                GroupOperation::ExclusiveScan => acc.clone(),
                _ => next.clone(),
            });
            acc = next;
        }
        match group_op {
            GroupOperation::Reduce => Ok(vec![acc; values.len()]),
            GroupOperation::InclusiveScan | GroupOperation::ExclusiveScan => Ok(out),
            _ => Err(self.err(
                inst,
                "only reduce and inclusive and exclusive scans are defined for work-groups",
            )),
        }
    }

    /// `async_work_group_(strided_)copy`: `n` elements, the global side `stride` apart.
    fn group_copy(&mut self, inst: &Instruction, args: &V) -> Result<(), SimError> {
        let V::Vec(a) = args else {
            return Err(self.err(inst, "malformed async copy"));
        };
        let (
            Some(V::Ptr(db, doff)),
            Some(V::Ptr(sb, soff)),
            Some(V::I(n, _)),
            Some(V::I(stride, _)),
        ) = (a.first(), a.get(1), a.get(2), a.get(3))
        else {
            return Err(self.err(inst, "an async copy between pointers into memory"));
        };
        let dst_ty = id_operand(inst, 1).and_then(|d| self.id_types.get(&d));
        let (to_local, size) = match dst_ty.and_then(|t| self.m.types.get(t)) {
            Some(SpvType::Pointer(class, elem)) => (
                *class == rspirv::spirv::StorageClass::Workgroup,
                self.m.type_size(*elem).unwrap_or(0) as i64,
            ),
            _ => return Err(self.err(inst, "an async copy to a pointer of no known type")),
        };
        for k in 0..*n as i64 {
            let (s, d) = if to_local {
                (soff + k * *stride as i64 * size, doff + k * size)
            } else {
                (soff + k * size, doff + k * *stride as i64 * size)
            };
            let (s, d) = (s as usize, d as usize);
            let bytes = self.bufs[*sb]
                .1
                .get(s..s + size as usize)
                .ok_or_else(|| self.err(inst, "the async copy reads past its source"))?
                .to_vec();
            match self.bufs[*db].1.get_mut(d..d + size as usize) {
                Some(to) => to.copy_from_slice(&bytes),
                None => return Err(self.err(inst, "the async copy writes past its destination")),
            }
        }
        Ok(())
    }

    /// The value of the operation that leaves the other operand alone (what an exclusive
    /// scan gives the first work-item: OpenCL C 6.13.15).
    fn identity(&self, inst: &Instruction, like: &V) -> Result<V, SimError> {
        Ok(match (inst.class.opcode, like) {
            (Op::GroupAll, V::I(_, w)) => V::I(1, *w),
            (Op::GroupAny, V::I(_, w)) => V::I(0, *w),
            (Op::GroupIAdd | Op::GroupUMax, V::I(_, w)) => V::I(0, *w),
            (Op::GroupUMin, V::I(_, w)) => V::I(mask(*w), *w),
            (Op::GroupSMin, V::I(_, w)) => V::I(mask(*w) >> 1, *w),
            (Op::GroupSMax, V::I(_, w)) => V::I((mask(*w) >> 1) + 1, *w),
            (Op::GroupFAdd, V::F(_, k)) => V::F(0.0, *k),
            (Op::GroupFMin, V::F(_, k)) => V::F(f64::INFINITY, *k),
            (Op::GroupFMax, V::F(_, k)) => V::F(f64::NEG_INFINITY, *k),
            _ => return Err(self.err(inst, "a collective on a value of the wrong type")),
        })
    }

    fn combine(&self, inst: &Instruction, x: &V, y: &V) -> Result<V, SimError> {
        Ok(match (inst.class.opcode, x, y) {
            (Op::GroupAll, V::I(a, w), V::I(b, _)) => V::I((*a != 0 && *b != 0) as u64, *w),
            (Op::GroupAny, V::I(a, w), V::I(b, _)) => V::I((*a != 0 || *b != 0) as u64, *w),
            (Op::GroupIAdd, V::I(a, w), V::I(b, _)) => V::I(a.wrapping_add(*b) & mask(*w), *w),
            (Op::GroupUMin, V::I(a, w), V::I(b, _)) => V::I(*a.min(b), *w),
            (Op::GroupUMax, V::I(a, w), V::I(b, _)) => V::I(*a.max(b), *w),
            (Op::GroupSMin | Op::GroupSMax, V::I(a, w), V::I(b, _)) => {
                let (sa, sb) = (sext(*a, *w), sext(*b, *w));
                let min = inst.class.opcode == Op::GroupSMin;
                V::I(if (sa <= sb) == min { *a } else { *b }, *w)
            }
            (Op::GroupFAdd | Op::GroupFMin | Op::GroupFMax, V::F(a, k), V::F(b, _)) => {
                // As OpFAdd and fmin/fmax run: flushed where the kernel flushes, the sum
                // rounded once to the format.
                let z = |v: f64| {
                    if self.flush.contains(&fl::width(*k)) {
                        fl::flush(*k, v)
                    } else {
                        v
                    }
                };
                let (a, b) = (z(*a), z(*b));
                V::F(
                    z(match inst.class.opcode {
                        Op::GroupFAdd => fl::round(*k, a + b),
                        Op::GroupFMin => builtins::fmin(a, b),
                        _ => builtins::fmax(a, b),
                    }),
                    *k,
                )
            }
            _ => return Err(self.err(inst, "a collective on a value of the wrong type")),
        })
    }
}
