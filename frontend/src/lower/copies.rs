//! Whole-memory copies and fills: OpCopyMemorySized between on-chip arrays, from constant
//! tables (clang's initialised private arrays and memsets), and into on-chip structs
//! member by member, each as element-wide loads and stores.

use super::*;

impl Lowering<'_> {
    /// OpCopyMemorySized between on-chip arrays or from a constant table (clang's copy of
    /// an initialised private array): element by element, a load and a store each.
    pub(super) fn lower_copy(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let size = m
            .constants
            .get(&arg(2))
            .map(|(_, v)| *v)
            .ok_or_else(|| bad(m, inst, "a copy whose size is not a constant"))?;
        if let Some((mems, members)) = self.struct_view(arg(0)) {
            return self.copy_into_struct(ub, inst, &mems, &members, size, pred);
        }
        let dst = self.pointer(inst, arg(0))?;
        let src = self.pointer(inst, arg(1))?;
        let (da, sa) = (self.value(ub, arg(0))?, self.value(ub, arg(1))?);
        if let Some(bytes) = self.constant_source(ub, src.mem, sa, size) {
            return self.store_constant_bytes(ub, inst, dst.mem, da, &bytes, pred);
        }
        self.copy_elements(ub, inst, src.mem, sa, dst.mem, da, size, pred)
    }

    /// `size` bytes from `sa` in `from` to `da` in `to`, element by element: a load and a
    /// store each (both memories of one element width).
    #[allow(clippy::too_many_arguments)]
    fn copy_elements(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        from: ir::MemId,
        sa: OpId,
        to: ir::MemId,
        da: OpId,
        size: u64,
        pred: Option<OpId>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let (de, se) = (self.kernel.memory(to).elem, self.kernel.memory(from).elem);
        let eb = de.bytes() as u64;
        if se.bytes() as u64 != eb || size % eb != 0 {
            return Err(bad(
                m,
                inst,
                format!("copies {size} bytes from {se} elements to {de} elements"),
            ));
        }
        if size / eb > 4096 {
            return Err(bad(
                m,
                inst,
                format!(
                    "copies {} elements: over 4096 would unroll into as many loads and stores",
                    size / eb
                ),
            ));
        }
        self.check_copy_fits(ub, inst, from, sa, size)?;
        self.check_copy_fits(ub, inst, to, da, size)?;
        self.kernel.memories[from.0 as usize].read = true;
        self.kernel.memories[to.0 as usize].written = true;
        for k in 0..size / eb {
            let off = ub.op(OpKind::Const(k * eb), Type::ADDR, vec![]);
            let s_at = ub.int(IntBinOp::Add, Type::ADDR, sa, off);
            let d_at = ub.int(IntBinOp::Add, Type::ADDR, da, off);
            let mut operands = vec![s_at];
            operands.extend(pred);
            let v = ub.op(OpKind::Load(from), se, operands);
            let v = ub.as_type(v, de, None);
            ub.store(to, d_at, v, pred);
        }
        Ok(())
    }

    /// A memset or copy of a whole on-chip struct: member by member, each member's bytes
    /// from the source at the member's offset. The source is a constant table (clang's
    /// `= {0}`) or another struct of the same type.
    fn copy_into_struct(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        mems: &[ir::MemId],
        members: &[Word],
        size: u64,
        pred: Option<OpId>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let src_id = id_operand(inst, 1).unwrap_or(0);
        let source = self.struct_view(src_id);
        let constant = match &source {
            Some(_) => None,
            None => {
                let src = self.pointer(inst, src_id)?;
                let sa = self.value(ub, src_id)?;
                Some(self.constant_source(ub, src.mem, sa, size).ok_or_else(|| {
                    bad(
                        m,
                        inst,
                        "a copy into a struct must come from a constant or another struct",
                    )
                })?)
            }
        };
        for (k, (&mem, &mt)) in mems.iter().zip(members).enumerate() {
            let (Some(off), Some(len)) = (m.member_offset(members, k), m.type_size(mt)) else {
                return Err(bad(m, inst, "struct of an unsupported type"));
            };
            if off + len > size {
                return Err(bad(m, inst, "a copy of part of a struct is not supported"));
            }
            let zero = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
            match (&constant, &source) {
                (Some(bytes), _) => {
                    let part = &bytes[off as usize..(off + len) as usize];
                    self.store_constant_bytes(ub, inst, mem, zero, part, pred)?;
                }
                (None, Some((src_mems, _))) => {
                    let from = src_mems[k];
                    self.copy_elements(ub, inst, from, zero, mem, zero, len, pred)?;
                }
                (None, None) => {}
            }
        }
        Ok(())
    }

    /// Refuses a copy of `size` bytes at `at` that runs past the end of on-chip memory
    /// `mem` when both are known at compile time (a corrupt or hand-made module; clang
    /// never emits one).
    fn check_copy_fits(
        &self,
        ub: &UnitBuilder,
        inst: &Instruction,
        mem: ir::MemId,
        at: OpId,
        size: u64,
    ) -> Result<(), FrontendError> {
        let memory = self.kernel.memory(mem);
        let (ir::MemoryKind::OnChip(oc), &OpKind::Const(off)) =
            (&memory.kind, &ub.body.op(at).kind)
        else {
            return Ok(());
        };
        let bytes = oc.depth.saturating_mul(memory.elem.bytes() as u64);
        if off.checked_add(size).is_none_or(|end| end > bytes) {
            return Err(bad(
                self.m,
                inst,
                format!(
                    "copies {size} bytes at byte {off} of '{}', which holds {bytes}",
                    memory.name
                ),
            ));
        }
        Ok(())
    }

    /// The `size` bytes a copy reads, when it reads them from a constant table at a known
    /// offset: clang's memset of a private array is such a copy from a null byte array,
    /// whatever the array's element type.
    fn constant_source(
        &self,
        ub: &UnitBuilder,
        mem: ir::MemId,
        at: OpId,
        size: u64,
    ) -> Option<Vec<u8>> {
        let OpKind::Const(off) = ub.body.op(at).kind else {
            return None;
        };
        let ir::MemoryKind::OnChip(oc) = &self.kernel.memory(mem).kind else {
            return None;
        };
        let init = oc.init.as_ref()?;
        let end = off.checked_add(size)?;
        init.get(off as usize..end as usize).map(|b| b.to_vec())
    }

    /// Stores `bytes` at `at` in `mem`, one element at a time, each element made of the
    /// little-endian bytes it covers.
    fn store_constant_bytes(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        mem: ir::MemId,
        at: OpId,
        bytes: &[u8],
        pred: Option<OpId>,
    ) -> Result<(), FrontendError> {
        let elem = self.kernel.memory(mem).elem;
        let eb = elem.bytes() as usize;
        if bytes.len() % eb != 0 || bytes.len() / eb > 4096 {
            return Err(bad(
                self.m,
                inst,
                format!(
                    "copies {} bytes into {elem} elements: not a whole number of elements, or over 4096 of them",
                    bytes.len()
                ),
            ));
        }
        self.check_copy_fits(ub, inst, mem, at, bytes.len() as u64)?;
        self.kernel.memories[mem.0 as usize].written = true;
        for (k, chunk) in bytes.chunks(eb).enumerate() {
            let mut word = [0u8; 8];
            word[..eb].copy_from_slice(chunk);
            let v = ub.op(OpKind::Const(u64::from_le_bytes(word)), elem, vec![]);
            let off = ub.op(OpKind::Const((k * eb) as u64), Type::ADDR, vec![]);
            let d_at = ub.int(IntBinOp::Add, Type::ADDR, at, off);
            ub.store(mem, d_at, v, pred);
        }
        Ok(())
    }
}
