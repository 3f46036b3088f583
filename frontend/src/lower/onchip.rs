//! On-chip arrays: `Function` (private) and `Workgroup` (local) variables become memories
//! of the IR with their FPGA memory decorations; access chains into them become byte
//! offsets from address 0 of that memory.

use super::*;
use crate::memattrs;
use std::collections::HashSet;

/// An array (possibly nested) of one scalar type, flattened: (element, count).
fn flat_array(m: &SpirvModule, t: Word) -> Option<(Type, u64)> {
    flat_array_at(m, t, 0)
}

fn flat_array_at(m: &SpirvModule, t: Word, depth: u32) -> Option<(Type, u64)> {
    if depth > 32 {
        return None; // an array type containing itself (corrupt module)
    }
    match m.types.get(&t)? {
        SpvType::Array(e, len) => {
            let (s, n) = flat_array_at(m, *e, depth + 1)?;
            // At most 2^26 elements: more than any FPGA holds on chip (and no overflow).
            Some((s, n.checked_mul(m.constants.get(len)?.1)?)).filter(|(_, n)| *n <= 1 << 26)
        }
        _ => Some((scalar_type(m, t)?, 1)),
    }
}

/// Results nothing live reads: pure instructions whose values are unused (llvm-spirv's
/// annotation strings, lifetime markers' casts). They are not lowered at all.
pub(super) fn dead_values(f: &crate::inline::FlatFunction) -> HashSet<Word> {
    let insts: Vec<&Instruction> = f.blocks.iter().flat_map(|b| b.insts.iter()).collect();
    let ignored = |i: &Instruction| matches!(i.class.opcode, Op::LifetimeStart | Op::LifetimeStop);
    let mut uses: HashMap<Word, u32> = HashMap::new();
    for i in insts.iter().filter(|i| !ignored(i)) {
        for o in &i.operands {
            if let rspirv::dr::Operand::IdRef(id) = o {
                *uses.entry(*id).or_default() += 1;
            }
        }
    }
    let by_id: HashMap<Word, &Instruction> = insts
        .iter()
        .filter_map(|i| i.result_id.map(|r| (r, *i)))
        .collect();
    let pure = |i: &Instruction| {
        let name = i.class.opname;
        // Extended instructions may write memory (vstoren, sincos's pointer) even when
        // their result is void or unused.
        !(i.class.opcode == Op::Label
            || i.class.opcode == Op::FunctionCall
            || i.class.opcode == Op::ExtInst
            || name.starts_with("Atomic")
            || name.contains("Barrier")
            || name.contains("Pipe"))
    };
    let mut dead = HashSet::new();
    let mut work: Vec<Word> = by_id
        .iter()
        .filter(|(r, i)| pure(i) && !uses.contains_key(r))
        .map(|(r, _)| *r)
        .collect();
    while let Some(r) = work.pop() {
        if !dead.insert(r) {
            continue;
        }
        for o in &by_id[&r].operands {
            if let rspirv::dr::Operand::IdRef(id) = o {
                if let Some(n) = uses.get_mut(id) {
                    *n -= 1;
                    if *n == 0 && by_id.get(id).is_some_and(|i| pure(i)) {
                        work.push(*id);
                    }
                }
            }
        }
    }
    dead
}

impl Lowering<'_> {
    /// Variable `inst` (Function or Workgroup storage) as on-chip memory, created on first
    /// use: one memory for an array, one per member for a struct (struct members are
    /// separate memories, each with its OpMemberDecorate decorations, as the Intel flow
    /// builds them).
    pub(super) fn on_chip_variable(&mut self, inst: &Instruction) -> Result<(), FrontendError> {
        let rid = inst.result_id.unwrap_or(0);
        if self.pointers.contains_key(&rid) || self.struct_vars.contains_key(&rid) {
            return Ok(());
        }
        let m = self.m;
        let Some(SpvType::Pointer(sc, pointee)) = inst.result_type.and_then(|t| m.types.get(&t))
        else {
            return Err(bad(m, inst, "variable without a pointer type"));
        };
        let storage = match sc {
            StorageClass::Function => Storage::Private,
            StorageClass::Workgroup => Storage::Local,
            StorageClass::UniformConstant => Storage::Constant,
            other => {
                return Err(bad(m, inst, format!("variables in the {other:?} storage class are not supported yet (private and local arrays are)")))
            }
        };
        let init = match (storage, id_operand(inst, 1)) {
            (Storage::Constant, Some(i)) => Some(m.constant_bytes(i).ok_or_else(|| {
                bad(
                    m,
                    inst,
                    format!(
                        "the initializer %{i} of a constant table is not a constant of scalars"
                    ),
                )
            })?),
            (Storage::Constant, None) => {
                return Err(bad(m, inst, "a constant table without an initializer"))
            }
            (_, Some(_)) => {
                return Err(bad(
                    m,
                    inst,
                    "initialized private or local arrays are not supported yet",
                ))
            }
            (_, None) => None,
        };
        let name = self.name_of(rid).unwrap_or_else(|| format!("mem{rid}"));
        // Inlined copies carry the decorations of the variable they copy.
        let mut src = rid;
        while let Some(o) = self.f.origin.get(&src) {
            src = *o;
        }
        let what = format!("OpVariable %{src} ({name})");
        let var_attrs = memattrs::mem_attrs(m, src, None, &what)?;
        if let (Some(SpvType::Struct(_)), Some(_)) = (m.types.get(pointee), &init) {
            return Err(bad(
                m,
                inst,
                "constant tables of structs are not supported yet",
            ));
        }
        if let Some(SpvType::Struct(members)) = m.types.get(pointee) {
            let mut mems = Vec::new();
            for (k, mt) in members.iter().enumerate() {
                let member = m
                    .member_names
                    .get(&(*pointee, k as u32))
                    .cloned()
                    .unwrap_or_else(|| k.to_string());
                let mname = format!("{name}.{member}");
                let mwhat = format!("member {k} of OpTypeStruct %{pointee} in {what}");
                let own = memattrs::mem_attrs(m, *pointee, Some(k as u32), &mwhat)?;
                // A member's own decorations win; otherwise the variable's apply to it.
                let attrs = if own.is_empty() {
                    var_attrs.clone()
                } else {
                    own
                };
                let (elem, depth) = flat_array(m, *mt).ok_or_else(|| {
                    bad(m, inst, format!("{mwhat}: type {} is not an array of i8/i16/i32/i64/f32 (nested structs in on-chip memory are not supported yet)", self.type_name(*mt)))
                })?;
                mems.push(self.new_on_chip(mname, storage, elem, depth, attrs, None, &mwhat)?);
            }
            self.struct_vars.insert(rid, mems);
            return Ok(());
        }
        let (elem, depth) = flat_array(m, *pointee).ok_or_else(|| {
            bad(m, inst, format!("on-chip variable of type {}: only (nested) arrays of i8/i16/i32/i64/f32 and structs of them, up to 2^26 elements, are supported", self.type_name(*pointee)))
        })?;
        if init
            .as_ref()
            .is_some_and(|b| b.len() as u64 != depth * elem.bytes() as u64)
        {
            return Err(bad(m, inst, "the initializer does not fill the table"));
        }
        let mem = self.new_on_chip(name, storage, elem, depth, var_attrs, init, &what)?;
        self.pointers.insert(rid, Pointer { mem });
        Ok(())
    }

    fn new_on_chip(
        &mut self,
        name: String,
        storage: Storage,
        elem: Type,
        depth: u64,
        attrs: MemAttrs,
        init: Option<Vec<u8>>,
        what: &str,
    ) -> Result<MemId, FrontendError> {
        memattrs::check(&attrs, elem.bytes(), depth, what)?;
        let mem = MemId(self.kernel.memories.len() as u32);
        self.kernel
            .memories
            .push(Memory::new_on_chip(name, storage, elem, depth, attrs, init));
        Ok(mem)
    }

    /// A module-level Workgroup variable the kernel refers to, as an on-chip memory.
    pub(super) fn module_variable(&mut self, id: Word) -> Result<Option<MemId>, FrontendError> {
        let m = self.m;
        let Some(inst) = m
            .module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id) && i.class.opcode == Op::Variable)
        else {
            return Ok(None);
        };
        match inst.operands.first() {
            Some(rspirv::dr::Operand::StorageClass(
                StorageClass::Workgroup | StorageClass::UniformConstant,
            )) => {
                self.on_chip_variable(inst)?;
                Ok(self.pointers.get(&id).map(|p| p.mem))
            }
            _ => Ok(None),
        }
    }

    /// The member memories of `id` when it is an on-chip struct variable.
    fn struct_variable(&mut self, id: Word) -> Result<Option<Vec<MemId>>, FrontendError> {
        if !self.struct_vars.contains_key(&id) {
            self.module_variable(id)?;
        }
        Ok(self.struct_vars.get(&id).cloned())
    }

    /// A cast of an on-chip struct variable: to a pointer to a struct it is the same
    /// variable (the generic `acc_t *` a helper takes); to anything else it is a byte view,
    /// which only a whole-struct copy or memset may use. False when `inst` casts something
    /// else.
    pub(super) fn alias_struct(&mut self, inst: &Instruction) -> Result<bool, FrontendError> {
        let (Some(src), Some(rid)) = (id_operand(inst, 0), inst.result_id) else {
            return Ok(false);
        };
        let src = self.struct_views.get(&src).copied().unwrap_or(src);
        let Some(mems) = self.struct_variable(src)? else {
            return Ok(false);
        };
        let pointee = match inst.result_type.and_then(|t| self.m.types.get(&t)) {
            Some(SpvType::Pointer(_, p)) => self.m.types.get(p),
            _ => None,
        };
        if let Some(SpvType::Struct(_)) = pointee {
            self.struct_vars.insert(rid, mems);
        } else {
            self.struct_views.insert(rid, src);
        }
        Ok(true)
    }

    /// The struct variable a copy operand views as bytes, with its member types.
    pub(super) fn struct_view(&self, id: Word) -> Option<(Vec<MemId>, Vec<Word>)> {
        let var = *self.struct_views.get(&id)?;
        let mems = self.struct_vars.get(&var)?.clone();
        let ty = self.type_id_of(var)?;
        let Some(SpvType::Pointer(_, s)) = self.m.types.get(&ty) else {
            return None;
        };
        match self.m.types.get(s) {
            Some(SpvType::Struct(members)) => Some((mems, members.clone())),
            _ => None,
        }
    }

    /// OpAccessChain / OpPtrAccessChain (and their InBounds forms) as a byte offset added to
    /// the base pointer; the result points into the same memory.
    pub(super) fn access_chain(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
    ) -> Result<OpId, FrontendError> {
        let m = self.m;
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let rid = inst.result_id.unwrap_or(0);
        let base_id = arg(0);
        let ptr_form = matches!(
            inst.class.opcode,
            Op::PtrAccessChain | Op::InBoundsPtrAccessChain
        );
        let base_ty = self.type_id_of(base_id);
        let Some(SpvType::Pointer(_, mut cur)) = base_ty.and_then(|t| m.types.get(&t)).cloned()
        else {
            return Err(bad(m, inst, "access chain on a non-pointer"));
        };
        let mut terms: Vec<(Word, u64)> = Vec::new();
        let mut first = 1;
        let struct_var = self.struct_variable(base_id)?;
        let (p, base) = if let Some(mems) = &struct_var {
            // A struct variable: the member index picks the memory; the rest of the chain
            // is an offset inside that member, from its address 0.
            let konst = |i: usize| m.constants.get(&arg(i)).map(|c| c.1);
            if ptr_form {
                if konst(1) != Some(0) {
                    return Err(bad(
                        m,
                        inst,
                        "a struct in on-chip memory is not an array: the first index must be 0",
                    ));
                }
                first = 2;
            }
            let (Some(k), Some(SpvType::Struct(members))) = (konst(first), m.types.get(&cur))
            else {
                return Err(bad(
                    m,
                    inst,
                    "access into an on-chip struct must name a member with a constant index",
                ));
            };
            let (Some(mem), Some(mt)) = (mems.get(k as usize), members.get(k as usize)) else {
                return Err(bad(m, inst, "struct member index out of range"));
            };
            cur = *mt;
            first += 1;
            (
                Pointer { mem: *mem },
                ub.op(OpKind::Const(0), Type::ADDR, vec![]),
            )
        } else if let Some(t) = self.tagged.get(&base_id).copied() {
            // A pointer into one of two memories: the offset is the same either way.
            (Pointer { mem: t.if_false }, self.value(ub, base_id)?)
        } else {
            (self.pointer(inst, base_id)?, self.value(ub, base_id)?)
        };
        let tag = self.tagged.get(&base_id).copied();
        if ptr_form && struct_var.is_none() {
            let size = m
                .type_size(cur)
                .ok_or_else(|| bad(m, inst, "pointer to an unsupported type"))?;
            terms.push((arg(1), size));
            first = 2;
        }
        let mut konst: u64 = 0;
        for i in first..inst.operands.len() {
            match m.types.get(&cur).cloned() {
                Some(SpvType::Array(e, _)) | Some(SpvType::Vector(e, _)) => {
                    let size = m
                        .type_size(e)
                        .ok_or_else(|| bad(m, inst, "array of an unsupported type"))?;
                    terms.push((arg(i), size));
                    cur = e;
                }
                Some(SpvType::Struct(members)) => {
                    let k = m
                        .constants
                        .get(&arg(i))
                        .map(|c| c.1 as usize)
                        .ok_or_else(|| bad(m, inst, "struct member index must be a constant"))?;
                    let mt = *members
                        .get(k)
                        .ok_or_else(|| bad(m, inst, "struct member index out of range"))?;
                    konst = konst.wrapping_add(
                        m.member_offset(&members, k)
                            .ok_or_else(|| bad(m, inst, "struct of an unsupported type"))?,
                    );
                    cur = mt;
                }
                _ => return Err(bad(m, inst, "access chain indexes into a scalar")),
            }
        }
        let mut addr = base;
        for (idx_id, size) in terms {
            if let Some((_, c)) = m.constants.get(&idx_id) {
                konst = konst.wrapping_add(c.wrapping_mul(size));
                continue;
            }
            let idx = self.value(ub, idx_id)?;
            let idx = ub.resize(idx, 64, true);
            let off = if size.is_power_of_two() {
                if size == 1 {
                    idx
                } else {
                    let sh = ub.op(
                        OpKind::Const(size.trailing_zeros() as u64),
                        Type::ADDR,
                        vec![],
                    );
                    ub.op(OpKind::Int(IntBinOp::Shl), Type::ADDR, vec![idx, sh])
                }
            } else {
                let k = ub.op(OpKind::Const(size), Type::ADDR, vec![]);
                ub.op(OpKind::Int(IntBinOp::Mul), Type::ADDR, vec![idx, k])
            };
            addr = ub.op(OpKind::Int(IntBinOp::Add), Type::ADDR, vec![addr, off]);
        }
        if konst != 0 {
            let k = ub.op(OpKind::Const(konst), Type::ADDR, vec![]);
            addr = ub.op(OpKind::Int(IntBinOp::Add), Type::ADDR, vec![addr, k]);
        }
        match tag {
            Some(t) => {
                self.tagged.insert(rid, t);
            }
            None => {
                self.pointers.insert(rid, p);
            }
        }
        if addr != base {
            if let Some(n) = self.name_of(rid) {
                ub.body.graph[addr.node()].name = Some(n);
            }
        }
        Ok(addr)
    }
}
