//! Function bodies rewritten onto the kernel's arguments, one instruction at a time.

use super::{err, Chain, Param, Resource, Translator};
use crate::spirv::{id_operand, literal_operand, SpvType};
use crate::FrontendError;
use rspirv::dr::{Function, Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// What a function's rewrite keeps track of.
#[derive(Default)]
pub(super) struct Body {
    pub(super) chains: HashMap<Word, Chain>,
    /// Chains that reached an element and were emitted as pointers.
    pub(super) emitted: HashSet<Word>,
    pub(super) subst: HashMap<Word, Word>,
    /// Struct values (by-value blocks read whole): their members' ids.
    pub(super) virtuals: HashMap<Word, Vec<Word>>,
    /// Built-in inputs loaded once at the function's entry: variable -> value.
    pub(super) loads: HashMap<Word, (Word, Word)>,
    /// Function variables of vector type: variable -> vector type.
    pub(super) vector_vars: HashMap<Word, Word>,
    /// A lane of one of them at a constant index: pointer -> (variable, index).
    pub(super) lanes: HashMap<Word, (Word, u32)>,
    /// Whole constant tables loaded as values: value -> the table pointer.
    pub(super) aggregates: HashMap<Word, Word>,
    /// Result types of the instructions seen so far.
    pub(super) types: HashMap<Word, Word>,
}

impl Translator<'_> {
    /// Rewrites one function's instructions onto the arguments in `params`.
    pub(super) fn function(
        &mut self,
        func: &mut Function,
        params: &[Param],
    ) -> Result<(), FrontendError> {
        let mut b = Body::default();
        for block in &mut func.blocks {
            let old = std::mem::take(&mut block.instructions);
            for inst in old {
                self.instruction(inst, params, &mut b, &mut block.instructions)?;
            }
        }
        // Built-in inputs (and a work-group size read at launch), loaded at the entry.
        for (constant, var) in self.runtime.clone() {
            let uses = func.all_inst_iter().any(|i| i.operands.iter().any(|o| matches!(o, Operand::IdRef(x) if *x == constant || b.subst.get(x) == Some(&constant))));
            if uses {
                let ty = self
                    .m
                    .module
                    .types_global_values
                    .iter()
                    .find(|i| i.result_id == Some(constant))
                    .and_then(|i| i.result_type)
                    .unwrap_or(0);
                let v = self.fresh();
                b.loads.insert(var, (v, ty));
                b.subst.insert(constant, v);
            }
        }
        if let Some(entry) = func.blocks.first_mut() {
            let at = entry
                .instructions
                .iter()
                .take_while(|i| i.class.opcode == Op::Variable)
                .count();
            let mut loads: Vec<_> = b.loads.iter().collect();
            loads.sort();
            let mut prologue = Vec::new();
            for (var, (v, ty)) in loads {
                // A built-in vector is read lane by lane and rebuilt, so vector arithmetic on
                // it (clspv's `WorkgroupSize & WorkgroupSize`) sees ordinary lanes.
                let Some(SpvType::Vector(c, n)) = self.m.types.get(ty).cloned() else {
                    prologue.push(Instruction::new(
                        Op::Load,
                        Some(*ty),
                        Some(*v),
                        vec![Operand::IdRef(*var)],
                    ));
                    continue;
                };
                let raw = self.fresh();
                prologue.push(Instruction::new(
                    Op::Load,
                    Some(*ty),
                    Some(raw),
                    vec![Operand::IdRef(*var)],
                ));
                let mut lanes = Vec::new();
                for k in 0..n {
                    let lane = self.fresh();
                    prologue.push(Instruction::new(
                        Op::CompositeExtract,
                        Some(c),
                        Some(lane),
                        vec![Operand::IdRef(raw), Operand::LiteralBit32(k)],
                    ));
                    lanes.push(Operand::IdRef(lane));
                }
                prologue.push(Instruction::new(
                    Op::CompositeConstruct,
                    Some(*ty),
                    Some(*v),
                    lanes,
                ));
            }
            entry.instructions.splice(at..at, prologue);
        }
        let resolve = |mut id: Word| {
            for _ in 0..64 {
                match b.subst.get(&id) {
                    Some(n) if *n != id => id = *n,
                    _ => break,
                }
            }
            id
        };
        for inst in func
            .blocks
            .iter_mut()
            .flat_map(|bl| bl.instructions.iter_mut())
        {
            for o in &mut inst.operands {
                if let Operand::IdRef(x) = o {
                    *x = resolve(*x);
                }
            }
        }
        Ok(())
    }

    pub(super) fn instruction(
        &mut self,
        inst: Instruction,
        params: &[Param],
        b: &mut Body,
        out: &mut Vec<Instruction>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let describe = |i: &Instruction| m.describe(i);
        let param_of = |var: Word, leaf: Option<usize>| {
            params
                .iter()
                .find(|p| p.var == var && p.leaf == leaf)
                .map(|p| p.id)
        };
        let op = inst.class.opcode;
        if let (Some(r), Some(t)) = (inst.result_id, inst.result_type) {
            b.types.insert(r, t);
        }
        if self.vector_lane(&inst, b, out) {
            return Ok(());
        }
        match op {
            Op::AccessChain | Op::InBoundsAccessChain => {
                let (Some(r), Some(base)) = (inst.result_id, id_operand(&inst, 0)) else {
                    out.push(inst);
                    return Ok(());
                };
                if inst.operands.len() == 1 && !b.chains.contains_key(&base) && !self.resources.contains_key(&base) {
                    // No index: the base pointer itself (clspv writes these).
                    b.subst.insert(r, base);
                    if let Some(c) = b.chains.get(&base).cloned() {
                        b.chains.insert(r, c);
                    }
                    if b.emitted.contains(&base) {
                        b.emitted.insert(r);
                    }
                    return Ok(());
                }
                let idx: Vec<Word> = (1..inst.operands.len()).filter_map(|k| id_operand(&inst, k)).collect();
                let chain = match b.chains.get(&base) {
                    Some(c) => Chain { var: c.var, indices: [c.indices.clone(), idx].concat() },
                    None if self.resources.contains_key(&base) => Chain { var: base, indices: idx },
                    None => {
                        out.push(inst);
                        return Ok(());
                    }
                };
                if let Some(&(n, comp)) = self.flat_tables.get(&chain.var) {
                    // A table of vectors, flat: lane k of element i is at i·n + k.
                    if chain.indices.len() == 2 {
                        let at = self.flat_index(chain.indices[0], n, chain.indices[1], b, out);
                        let ty = self.pointer_type(StorageClass::UniformConstant, comp);
                        out.push(Instruction::new(Op::AccessChain, Some(ty), Some(r), vec![Operand::IdRef(chain.var), Operand::IdRef(at)]));
                        b.emitted.insert(r);
                    } else if chain.indices.len() != 1 {
                        return Err(err(describe(&inst), "a table of vectors read other than by element or lane"));
                    }
                    b.chains.insert(r, chain);
                    return Ok(());
                }
                if matches!(self.resources.get(&chain.var), Some(Resource::Table)) {
                    // A constant table stays an array, read in the constant address space.
                    let pointee = super::rules::pointee(m, inst.result_type).unwrap_or(0);
                    let ty = self.pointer_type(StorageClass::UniformConstant, pointee);
                    let mut ops = vec![Operand::IdRef(chain.var)];
                    ops.extend(chain.indices.iter().map(|i| Operand::IdRef(*i)));
                    out.push(Instruction::new(op, Some(ty), Some(r), ops));
                    b.emitted.insert(r);
                    b.chains.insert(r, chain);
                    return Ok(());
                }
                let element = match self.resources.get(&chain.var) {
                    Some(Resource::Buffer { .. }) if chain.indices.len() >= 2 => {
                        if m.constants.get(&chain.indices[0]).map(|c| c.1) != Some(0) {
                            return Err(err(describe(&inst), "a buffer block's array is its member 0"));
                        }
                        Some(chain.indices[1..].to_vec())
                    }
                    Some(Resource::Local { .. }) if !chain.indices.is_empty() => Some(chain.indices.clone()),
                    _ => None,
                };
                if let Some(rest) = element {
                    let p = param_of(chain.var, None).ok_or_else(|| err(describe(&inst), "a resource with no argument in this kernel"))?;
                    let mut ops = vec![Operand::IdRef(p)];
                    ops.extend(rest.into_iter().map(Operand::IdRef));
                    out.push(Instruction::new(Op::InBoundsPtrAccessChain, inst.result_type, Some(r), ops));
                    b.emitted.insert(r);
                }
                b.chains.insert(r, chain);
                Ok(())
            }
            Op::Load => {
                let Some(p) = id_operand(&inst, 0) else {
                    out.push(inst);
                    return Ok(());
                };
                let table = b.chains.get(&p).map_or(p, |c| c.var);
                let aggregate = matches!(inst.result_type.and_then(|t| m.types.get(&t)), Some(SpvType::Array(..) | SpvType::Struct(_)));
                if aggregate && matches!(self.resources.get(&table), Some(Resource::Table)) {
                    // A whole table read to be stored elsewhere (clspv's copy of an initialised
                    // array): the store becomes a copy from the table.
                    b.aggregates.insert(inst.result_id.unwrap_or(0), p);
                    return Ok(());
                }
                if let (false, Some(c)) = (b.emitted.contains(&p), b.chains.get(&p).cloned()) {
                    if let (Some(&(n, comp)), [_]) = (self.flat_tables.get(&c.var), c.indices.as_slice()) {
                        // A whole vector of a flat table: its lanes, read one by one.
                        let uint = self.uint_type();
                        let ty = self.pointer_type(StorageClass::UniformConstant, comp);
                        let mut lanes = Vec::new();
                        for k in 0..n {
                            let kc = self.int_constant(uint, k as u64);
                            let at = self.flat_index(c.indices[0], n, kc, b, out);
                            let (ptr, v) = (self.fresh(), self.fresh());
                            out.push(Instruction::new(Op::AccessChain, Some(ty), Some(ptr), vec![Operand::IdRef(c.var), Operand::IdRef(at)]));
                            out.push(Instruction::new(Op::Load, Some(comp), Some(v), vec![Operand::IdRef(ptr)]));
                            lanes.push(Operand::IdRef(v));
                        }
                        out.push(Instruction::new(Op::CompositeConstruct, inst.result_type, inst.result_id, lanes));
                        return Ok(());
                    }
                }
                if b.emitted.contains(&p) || !(b.chains.contains_key(&p) || self.resources.contains_key(&p)) {
                    out.push(inst);
                    return Ok(());
                }
                let chain = b.chains.get(&p).cloned().unwrap_or(Chain { var: p, indices: Vec::new() });
                let r = inst.result_id.unwrap_or(0);
                match self.resources.get(&chain.var).cloned() {
                    Some(Resource::Pod { leaves, .. }) => {
                        let path: Option<Vec<u32>> = chain.indices.iter().map(|i| m.constants.get(i).map(|c| c.1 as u32)).collect();
                        let path = path.ok_or_else(|| err(describe(&inst), "a push constant or uniform read at a computed index"))?;
                        let v = self.by_value(chain.var, &path, &leaves, params, b, &describe(&inst))?;
                        match b.virtuals.get(&v).cloned() {
                            Some(parts) => {
                                b.virtuals.insert(r, parts);
                            }
                            None => {
                                b.subst.insert(r, v);
                            }
                        }
                        Ok(())
                    }
                    Some(Resource::Value) => {
                        let source = match self.initial.get(&chain.var) {
                            Some(init) => *init,
                            None => self.input_value(chain.var, b),
                        };
                        self.extract(inst, source, &chain.indices, out, b)
                    }
                    _ => Err(err(describe(&inst), "a load of a whole buffer or local array (only its elements can be read)")),
                }
            }
            Op::CompositeExtract if id_operand(&inst, 0).is_some_and(|x| b.aggregates.contains_key(&x)) => {
                // An element of a whole table value: read through a pointer into the table.
                let table = b.aggregates[&id_operand(&inst, 0).unwrap_or(0)];
                let uint = self.uint_type();
                let mut ops = vec![Operand::IdRef(table)];
                for k in 1..inst.operands.len() {
                    let i = literal_operand(&inst, k).unwrap_or(0) as u64;
                    ops.push(Operand::IdRef(self.int_constant(uint, i)));
                }
                let ptr = self.pointer_type(StorageClass::UniformConstant, inst.result_type.unwrap_or(0));
                let at = self.fresh();
                out.push(Instruction::new(Op::AccessChain, Some(ptr), Some(at), ops));
                out.push(Instruction::new(Op::Load, inst.result_type, inst.result_id, vec![Operand::IdRef(at)]));
                Ok(())
            }
            Op::CompositeExtract if inst.operands.first().is_some_and(|o| matches!(o, Operand::IdRef(x) if b.virtuals.contains_key(x))) => {
                let mut v = id_operand(&inst, 0).unwrap_or(0);
                for k in 1..inst.operands.len() {
                    let i = literal_operand(&inst, k).unwrap_or(0) as usize;
                    v = *b.virtuals.get(&v).and_then(|p| p.get(i)).ok_or_else(|| err(describe(&inst), "index out of the struct"))?;
                }
                let r = inst.result_id.unwrap_or(0);
                match b.virtuals.get(&v).cloned() {
                    Some(parts) => {
                        b.virtuals.insert(r, parts);
                    }
                    None => {
                        b.subst.insert(r, v);
                    }
                }
                Ok(())
            }
            Op::Store if id_operand(&inst, 1).is_some_and(|v| b.virtuals.contains_key(&v) || self.aggregate_constant(v, b)) => {
                let (p, v) = (id_operand(&inst, 0).unwrap_or(0), id_operand(&inst, 1).unwrap_or(0));
                self.store_members(p, v, b, out, &describe(&inst))
            }
            Op::CompositeConstruct | Op::CopyObject
                if matches!(inst.result_type.and_then(|t| m.types.get(&t)), Some(SpvType::Struct(_) | SpvType::Array(..))) =>
            {
                let parts: Vec<Word> = (0..inst.operands.len()).filter_map(|k| id_operand(&inst, k)).collect();
                let r = inst.result_id.unwrap_or(0);
                if op == Op::CopyObject {
                    if let Some(p) = parts.first().and_then(|x| b.virtuals.get(x)).cloned() {
                        b.virtuals.insert(r, p);
                        return Ok(());
                    }
                    return Err(err(describe(&inst), "struct values are not supported"));
                }
                b.virtuals.insert(r, parts);
                Ok(())
            }
            Op::ExtInst if self.is_glsl(&inst) => self.glsl(inst, out),
            Op::UMulExtended | Op::SMulExtended | Op::IAddCarry | Op::ISubBorrow => self.extended(inst, b, out),
            Op::Store if id_operand(&inst, 1).is_some_and(|v| b.aggregates.contains_key(&v)) => {
                let src = b.aggregates[&id_operand(&inst, 1).unwrap_or(0)];
                let dst = id_operand(&inst, 0).unwrap_or(0);
                out.push(Instruction::new(Op::CopyMemory, None, None, vec![Operand::IdRef(dst), Operand::IdRef(src)]));
                Ok(())
            }
            Op::ArrayLength => Err(err(
                describe(&inst),
                "the length of a runtime array is not known to the hardware; pass it as a push constant",
            )),
            _ => {
                for o in &inst.operands {
                    if let Operand::IdRef(x) = o {
                        if b.virtuals.contains_key(x) || b.aggregates.contains_key(x) {
                            return Err(err(describe(&inst), "a struct value used whole (only its members can be read)"));
                        }
                        let root = b.chains.get(x).map(|c| c.var).or(self.resources.contains_key(x).then_some(*x));
                        if let Some(root) = root {
                            if !b.emitted.contains(x) && !matches!(self.resources.get(&root), Some(Resource::Value | Resource::Table)) {
                                return Err(err(describe(&inst), format!("uses %{x}, a whole buffer, block or local array, as a pointer")));
                            }
                        }
                    }
                }
                out.push(inst);
                Ok(())
            }
        }
    }

    /// glslang reads and writes one lane of a local vector through an access chain
    /// (`v.y = …`); the promotion to SSA values takes whole vectors, so a lane becomes an
    /// extract from, or an insert into, the whole value. Whether `inst` was one of those.
    pub(super) fn vector_lane(
        &mut self,
        inst: &Instruction,
        b: &mut Body,
        out: &mut Vec<Instruction>,
    ) -> bool {
        let m = self.m;
        match inst.class.opcode {
            Op::Variable => {
                if let (Some(r), Some(SpvType::Pointer(StorageClass::Function, t))) = (
                    inst.result_id,
                    inst.result_type.and_then(|t| m.types.get(&t)),
                ) {
                    if matches!(m.types.get(t), Some(SpvType::Vector(..))) {
                        b.vector_vars.insert(r, *t);
                    }
                }
                false
            }
            Op::AccessChain | Op::InBoundsAccessChain if inst.operands.len() == 2 => {
                let (Some(r), Some(var), Some(k)) =
                    (inst.result_id, id_operand(inst, 0), id_operand(inst, 1))
                else {
                    return false;
                };
                let Some(k) = m.constants.get(&k).map(|c| c.1 as u32) else {
                    return false;
                };
                if !b.vector_vars.contains_key(&var) {
                    return false;
                }
                b.lanes.insert(r, (var, k));
                true
            }
            Op::Load => {
                let Some(&(var, k)) = id_operand(inst, 0).and_then(|p| b.lanes.get(&p)) else {
                    return false;
                };
                let whole = self.fresh();
                out.push(Instruction::new(
                    Op::Load,
                    b.vector_vars.get(&var).copied(),
                    Some(whole),
                    vec![Operand::IdRef(var)],
                ));
                out.push(Instruction::new(
                    Op::CompositeExtract,
                    inst.result_type,
                    inst.result_id,
                    vec![Operand::IdRef(whole), Operand::LiteralBit32(k)],
                ));
                true
            }
            Op::Store => {
                let Some(&(var, k)) = id_operand(inst, 0).and_then(|p| b.lanes.get(&p)) else {
                    return false;
                };
                let ty = b.vector_vars.get(&var).copied();
                let (whole, new) = (self.fresh(), self.fresh());
                out.push(Instruction::new(
                    Op::Load,
                    ty,
                    Some(whole),
                    vec![Operand::IdRef(var)],
                ));
                out.push(Instruction::new(
                    Op::CompositeInsert,
                    ty,
                    Some(new),
                    vec![
                        inst.operands.get(1).cloned().unwrap_or(Operand::IdRef(0)),
                        Operand::IdRef(whole),
                        Operand::LiteralBit32(k),
                    ],
                ));
                out.push(Instruction::new(
                    Op::Store,
                    None,
                    None,
                    vec![Operand::IdRef(var), Operand::IdRef(new)],
                ));
                true
            }
            _ => false,
        }
    }
}
