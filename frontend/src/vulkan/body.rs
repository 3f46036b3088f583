//! The kernel's arguments, and function bodies rewritten onto them.

use super::{err, glsl, Chain, Param, Place, Resource, Translator};
use crate::spirv::{id_operand, literal_operand, SpvType};
use crate::FrontendError;
use rspirv::dr::{Function, Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// What a function's rewrite keeps track of.
#[derive(Default)]
struct Body {
    chains: HashMap<Word, Chain>,
    /// Chains that reached an element and were emitted as pointers.
    emitted: HashSet<Word>,
    subst: HashMap<Word, Word>,
    /// Struct values (by-value blocks read whole): their members' ids.
    virtuals: HashMap<Word, Vec<Word>>,
    /// Built-in inputs loaded once at the function's entry: variable -> value.
    loads: HashMap<Word, (Word, Word)>,
    /// Function variables of vector type: variable -> vector type.
    vector_vars: HashMap<Word, Word>,
    /// A lane of one of them at a constant index: pointer -> (variable, index).
    lanes: HashMap<Word, (Word, u32)>,
    /// Whole constant tables loaded as values: value -> the table pointer.
    aggregates: HashMap<Word, Word>,
    /// Result types of the instructions seen so far.
    types: HashMap<Word, Word>,
}

impl Translator<'_> {
    /// The arguments of entry `f`: clspv's reflected ones in ordinal order, then every
    /// other resource by (set, binding), push constants last.
    pub(super) fn parameters(
        &mut self,
        f: Word,
        kernel: &str,
        used: &HashSet<Word>,
    ) -> Result<Vec<Param>, FrontendError> {
        let mut order: Vec<(Word, Option<usize>)> = Vec::new();
        // This kernel's reflected names, which override the resources' own.
        let mut names: HashMap<(Word, Option<usize>), String> = HashMap::new();
        // One argument per binding: two variables of this kernel on one binding would be
        // two views of one buffer, which the interface cannot express.
        let mut bound: HashMap<(u32, u32), Word> = HashMap::new();
        for (var, r) in &self.resources {
            if let (
                true,
                Resource::Buffer { set, binding, .. }
                | Resource::Pod {
                    set: Some((set, binding)),
                    ..
                },
            ) = (used.contains(var), r)
            {
                if let Some(other) = bound.insert((*set, *binding), *var) {
                    return Err(FrontendError::Invalid {
                        rule: "Vulkan environment, one resource per binding in this translation".into(),
                        inst: format!("OpVariable %{var} ({kernel})"),
                        message: format!("set {set} binding {binding} is also bound to %{other} in the same kernel; give each buffer its own binding"),
                    });
                }
            }
        }
        for a in self.reflected.get(&f).cloned().unwrap_or_default() {
            // This kernel's variable for the argument; else any with that place: clspv keeps
            // the argument's binding when the kernel never reads it, so it stays positional.
            let mut candidates: Vec<(&Word, &Resource)> = self.resources.iter().collect();
            candidates.sort_by_key(|(v, _)| (!used.contains(v), **v));
            let found = candidates
                .into_iter()
                .find_map(|(var, r)| match (&a.place, r) {
                    (
                        Place::Buffer { set, binding },
                        Resource::Buffer {
                            set: s, binding: b, ..
                        },
                    ) if s == set && b == binding => Some((*var, None)),
                    (Place::PushConstant { offset, .. }, Resource::Pod { leaves, set: None }) => {
                        leaves
                            .iter()
                            .position(|l| l.offset == *offset)
                            .map(|k| (*var, Some(k)))
                    }
                    (Place::Workgroup { spec_id }, Resource::Local { spec_id: s, .. })
                        if s == spec_id =>
                    {
                        Some((*var, None))
                    }
                    _ => None,
                });
            match (&a.place, found) {
                (Place::Other(what), _) => {
                    return Err(err(
                        format!("kernel '{kernel}' argument {}", a.ordinal),
                        format!("{what} is not supported"),
                    ))
                }
                (_, Some(x)) => {
                    if let Some(n) = &a.name {
                        names.insert(x, n.clone());
                    }
                    order.push(x)
                }
                // A reflected argument the kernel never reads: clspv dropped its resource.
                (_, None) => {}
            }
        }
        let mut rest: Vec<(u8, u32, u32, Word)> = Vec::new();
        for (var, r) in self.resources.iter().filter(|(v, _)| used.contains(v)) {
            let key = match r {
                Resource::Buffer { set, binding, .. } => (0, *set, *binding),
                Resource::Pod {
                    set: Some((s, b)), ..
                } => (0, *s, *b),
                Resource::Pod { set: None, .. } => (1, 0, 0),
                Resource::Local { spec_id, .. } => (2, *spec_id, 0),
                Resource::Value | Resource::Table => continue,
            };
            rest.push((key.0, key.1, key.2, *var));
        }
        rest.sort();
        for (_, _, _, var) in rest {
            match self.resources.get(&var) {
                Some(Resource::Pod { leaves, .. }) => {
                    for k in 0..leaves.len() {
                        if !order.contains(&(var, Some(k))) {
                            order.push((var, Some(k)));
                        }
                    }
                }
                _ if !order.contains(&(var, None)) => order.push((var, None)),
                _ => {}
            }
        }
        let mut params = Vec::new();
        for (var, leaf) in order {
            let r = self.resources.get(&var).cloned();
            let (ty, name, no_write, no_alias) = match (r, leaf) {
                (
                    Some(Resource::Buffer {
                        elem,
                        name,
                        writable,
                        aliased,
                        ..
                    }),
                    _,
                ) => (
                    self.pointer_type(StorageClass::CrossWorkgroup, elem),
                    name,
                    !writable,
                    !aliased,
                ),
                (Some(Resource::Local { elem, name, .. }), _) => (
                    self.pointer_type(StorageClass::Workgroup, elem),
                    name,
                    false,
                    false,
                ),
                (Some(Resource::Pod { leaves, .. }), Some(k)) => {
                    let l = &leaves[k];
                    let name = self.reflected.get(&f).and_then(|args| {
                        args.iter().find(|a| matches!(a.place, Place::PushConstant { offset, .. } if offset == l.offset)).and_then(|a| a.name.clone())
                    });
                    (l.ty, name.unwrap_or_else(|| l.name.clone()), false, false)
                }
                _ => continue,
            };
            let name = names.get(&(var, leaf)).cloned().unwrap_or(name);
            params.push(Param {
                id: self.fresh(),
                ty,
                name,
                var,
                leaf,
                no_write,
                no_alias,
            });
        }
        Ok(params)
    }

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

    fn instruction(
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
    fn vector_lane(
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

    /// The value of a by-value block at `path`: a leaf's argument, or a struct of them.
    #[allow(clippy::too_many_arguments)]
    fn by_value(
        &mut self,
        var: Word,
        path: &[u32],
        leaves: &[super::Leaf],
        params: &[Param],
        b: &mut Body,
        inst: &str,
    ) -> Result<Word, FrontendError> {
        if let Some(k) = leaves.iter().position(|l| l.path == path) {
            return params
                .iter()
                .find(|p| p.var == var && p.leaf == Some(k))
                .map(|p| p.id)
                .ok_or_else(|| {
                    err(
                        inst.into(),
                        "a push constant with no argument in this kernel",
                    )
                });
        }
        let mut members: Vec<u32> = leaves
            .iter()
            .filter(|l| l.path.len() > path.len() && l.path.starts_with(path))
            .map(|l| l.path[path.len()])
            .collect();
        members.dedup();
        if members.is_empty() {
            return Err(err(
                inst.into(),
                "reads past the end of a push-constant or uniform block",
            ));
        }
        let mut parts = Vec::new();
        for k in members {
            let p = [path, &[k]].concat();
            parts.push(self.by_value(var, &p, leaves, params, b, inst)?);
        }
        let id = self.fresh();
        b.virtuals.insert(id, parts);
        Ok(id)
    }

    /// The whole value of built-in input `var`, loaded once per function.
    fn input_value(&mut self, var: Word, b: &mut Body) -> Word {
        if let Some((v, _)) = b.loads.get(&var) {
            return *v;
        }
        let ty = super::rules::pointee(
            self.m,
            self.m
                .module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(var))
                .and_then(|i| i.result_type),
        )
        .unwrap_or(0);
        let v = self.fresh();
        b.loads.insert(var, (v, ty));
        v
    }

    /// `Load(AccessChain(value, indices))` as an extract from the value.
    fn extract(
        &mut self,
        inst: Instruction,
        source: Word,
        indices: &[Word],
        out: &mut Vec<Instruction>,
        b: &mut Body,
    ) -> Result<(), FrontendError> {
        let r = inst.result_id.unwrap_or(0);
        if indices.is_empty() {
            b.subst.insert(r, source);
            return Ok(());
        }
        let lits: Option<Vec<u32>> = indices
            .iter()
            .map(|i| self.m.constants.get(i).map(|c| c.1 as u32))
            .collect();
        match (lits, indices) {
            (Some(lits), _) => {
                let mut ops = vec![Operand::IdRef(source)];
                ops.extend(lits.into_iter().map(Operand::LiteralBit32));
                out.push(Instruction::new(
                    Op::CompositeExtract,
                    inst.result_type,
                    Some(r),
                    ops,
                ));
            }
            (None, [dynamic]) => out.push(Instruction::new(
                Op::VectorExtractDynamic,
                inst.result_type,
                Some(r),
                vec![Operand::IdRef(source), Operand::IdRef(*dynamic)],
            )),
            _ => {
                return Err(err(
                    self.m.describe(&inst),
                    "a built-in or constant read at several computed indices",
                ))
            }
        }
        Ok(())
    }

    /// The extended integer operations (a struct of two results) as two ordinary ones:
    /// low product and OpenCL's mul_hi, or sum/difference and its carry/borrow.
    fn extended(
        &mut self,
        inst: Instruction,
        b: &mut Body,
        out: &mut Vec<Instruction>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let Some(SpvType::Struct(members)) =
            inst.result_type.and_then(|t| m.types.get(&t)).cloned()
        else {
            return Err(err(
                m.describe(&inst),
                "an extended arithmetic result that is not a struct",
            ));
        };
        let ty = members.first().copied().unwrap_or(0);
        if !matches!(m.types.get(&ty), Some(SpvType::Int(_))) {
            return Err(err(m.describe(&inst), "extended arithmetic on vectors"));
        }
        let (Some(x), Some(y)) = (
            inst.operands.first().cloned(),
            inst.operands.get(1).cloned(),
        ) else {
            return Err(err(
                m.describe(&inst),
                "extended arithmetic with fewer than two operands",
            ));
        };
        let (lo, hi) = (self.fresh(), self.fresh());
        let set = self.opencl_set();
        match inst.class.opcode {
            Op::UMulExtended | Op::SMulExtended => {
                let f = if inst.class.opcode == Op::UMulExtended {
                    rspirv::spirv::OpenclStd100Op::u_mul_hi
                } else {
                    rspirv::spirv::OpenclStd100Op::s_mul_hi
                };
                out.push(Instruction::new(
                    Op::IMul,
                    Some(ty),
                    Some(lo),
                    vec![x.clone(), y.clone()],
                ));
                out.push(Instruction::new(
                    Op::ExtInst,
                    Some(ty),
                    Some(hi),
                    vec![
                        Operand::IdRef(set),
                        Operand::LiteralExtInstInteger(f as u32),
                        x,
                        y,
                    ],
                ));
            }
            op => {
                // Carry: the sum wrapped below an operand; borrow: the subtrahend is larger.
                let (arith, cmp) = if op == Op::IAddCarry {
                    (Op::IAdd, vec![Operand::IdRef(lo), x.clone()])
                } else {
                    (Op::ISub, vec![x.clone(), y.clone()])
                };
                out.push(Instruction::new(arith, Some(ty), Some(lo), vec![x, y]));
                let (boolean, one, zero) = (
                    self.bool_type(),
                    self.int_constant(ty, 1),
                    self.int_constant(ty, 0),
                );
                let c = self.fresh();
                out.push(Instruction::new(Op::ULessThan, Some(boolean), Some(c), cmp));
                out.push(Instruction::new(
                    Op::Select,
                    Some(ty),
                    Some(hi),
                    vec![Operand::IdRef(c), Operand::IdRef(one), Operand::IdRef(zero)],
                ));
            }
        }
        b.virtuals.insert(inst.result_id.unwrap_or(0), vec![lo, hi]);
        Ok(())
    }

    /// Whether `c` is a struct or array constant (clspv stores a zeroed struct whole); if so
    /// its members are recorded as parts, nulls made for a null or undefined one.
    fn aggregate_constant(&mut self, c: Word, b: &mut Body) -> bool {
        let m = self.m;
        let Some(def) = m
            .module
            .types_global_values
            .iter()
            .chain(self.new_types.iter())
            .find(|i| i.result_id == Some(c))
            .cloned()
        else {
            return false;
        };
        let def = &def;
        let ty = def.result_type.unwrap_or(0);
        let members: Vec<Word> = match m.types.get(&ty) {
            Some(SpvType::Struct(ms)) => ms.clone(),
            Some(SpvType::Array(e, n)) => match m.constants.get(n) {
                Some((_, len)) if *len <= 4096 => vec![*e; *len as usize],
                _ => return false,
            },
            _ => return false,
        };
        let parts = match def.class.opcode {
            Op::ConstantComposite | Op::SpecConstantComposite => (0..def.operands.len())
                .filter_map(|k| id_operand(def, k))
                .collect(),
            Op::ConstantNull | Op::Undef => members.iter().map(|t| self.null_of(*t)).collect(),
            _ => return false,
        };
        b.virtuals.insert(c, parts);
        true
    }

    /// An OpConstantNull of type `ty`, shared.
    fn null_of(&mut self, ty: Word) -> Word {
        if let Some(i) = self
            .new_types
            .iter()
            .find(|i| i.class.opcode == Op::ConstantNull && i.result_type == Some(ty))
        {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        self.new_types.push(Instruction::new(
            Op::ConstantNull,
            Some(ty),
            Some(id),
            vec![],
        ));
        id
    }

    /// Stores a struct or array value made of parts (`virtuals`) member by member.
    fn store_members(
        &mut self,
        p: Word,
        v: Word,
        b: &mut Body,
        out: &mut Vec<Instruction>,
        inst: &str,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let Some(SpvType::Pointer(sc, agg)) = b.types.get(&p).and_then(|t| m.types.get(t)).cloned()
        else {
            return Err(err(
                inst.into(),
                "a struct or array stored through a pointer of unknown type",
            ));
        };
        self.store_path(p, sc, agg, &[], v, b, out, inst)
    }

    /// Stores value `v` of type `ty` (made of parts) at `root` + `path`, one leaf at a
    /// time, each through one access chain from the root.
    #[allow(clippy::too_many_arguments)]
    fn store_path(
        &mut self,
        root: Word,
        sc: StorageClass,
        ty: Word,
        path: &[Word],
        v: Word,
        b: &mut Body,
        out: &mut Vec<Instruction>,
        inst: &str,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let member_types: Vec<Word> = match m.types.get(&ty) {
            Some(SpvType::Struct(ms)) => ms.clone(),
            Some(SpvType::Array(e, n)) => {
                vec![*e; m.constants.get(n).map_or(0, |c| c.1 as usize).min(1 << 16)]
            }
            _ => {
                return Err(err(
                    inst.into(),
                    "a struct or array value stored as another type",
                ))
            }
        };
        let parts = b.virtuals.get(&v).cloned().unwrap_or_default();
        if parts.len() != member_types.len() || path.len() > 8 {
            return Err(err(
                inst.into(),
                "a struct or array value whose parts do not match its type",
            ));
        }
        let uint = self.uint_type();
        for (k, (part, mt)) in parts.into_iter().zip(member_types).enumerate() {
            let index = self.int_constant(uint, k as u64);
            let inner = [path, &[index]].concat();
            if b.virtuals.contains_key(&part) || self.aggregate_constant(part, b) {
                self.store_path(root, sc, mt, &inner, part, b, out, inst)?;
                continue;
            }
            let ptr = self.pointer_type(sc, mt);
            let at = self.fresh();
            let mut ops = vec![Operand::IdRef(root)];
            ops.extend(inner.iter().map(|i| Operand::IdRef(*i)));
            out.push(Instruction::new(Op::AccessChain, Some(ptr), Some(at), ops));
            out.push(Instruction::new(
                Op::Store,
                None,
                None,
                vec![Operand::IdRef(at), Operand::IdRef(part)],
            ));
        }
        Ok(())
    }

    /// `i·n + k` in `i`'s integer type, for an element of a flat table of vectors.
    fn flat_index(
        &mut self,
        i: Word,
        n: u32,
        k: Word,
        b: &mut Body,
        out: &mut Vec<Instruction>,
    ) -> Word {
        let ty = self
            .m
            .constants
            .get(&i)
            .map(|c| c.0)
            .or_else(|| b.types.get(&i).copied())
            .unwrap_or_else(|| self.uint_type());
        let k = match self.m.constants.get(&k) {
            Some((_, v)) => self.int_constant(ty, *v),
            None => k,
        };
        let nc = self.int_constant(ty, n as u64);
        let (scaled, at) = (self.fresh(), self.fresh());
        out.push(Instruction::new(
            Op::IMul,
            Some(ty),
            Some(scaled),
            vec![Operand::IdRef(i), Operand::IdRef(nc)],
        ));
        out.push(Instruction::new(
            Op::IAdd,
            Some(ty),
            Some(at),
            vec![Operand::IdRef(scaled), Operand::IdRef(k)],
        ));
        b.types.insert(at, ty);
        at
    }

    /// The OpenCL.std import of the translated module.
    fn opencl_set(&mut self) -> Word {
        match self.opencl_std {
            Some(s) => s,
            None => {
                let s = self.fresh();
                self.opencl_std = Some(s);
                s
            }
        }
    }

    /// An OpConstant of integer type `ty`, reusing the module's own when there is one.
    pub(super) fn int_constant(&mut self, ty: Word, value: u64) -> Word {
        if let Some((id, _)) = self.m.constants.iter().find(|(id, (t, v))| {
            *t == ty
                && *v == value
                && self
                    .m
                    .module
                    .types_global_values
                    .iter()
                    .any(|i| i.result_id == Some(**id) && i.class.opcode == Op::Constant)
        }) {
            return *id;
        }
        if let Some(i) = self.new_types.iter().find(|i| {
            i.class.opcode == Op::Constant
                && i.result_type == Some(ty)
                && matches!(i.operands.first(), Some(Operand::LiteralBit32(v)) if *v as u64 == value)
        }) {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        let literal = match self.m.types.get(&ty) {
            Some(SpvType::Int(w)) if *w > 32 => Operand::LiteralBit64(value),
            _ => Operand::LiteralBit32(value as u32),
        };
        self.new_types.push(Instruction::new(
            Op::Constant,
            Some(ty),
            Some(id),
            vec![literal],
        ));
        id
    }

    /// The module's 32-bit integer type, declared when it has none.
    /// packHalf2x16 / unpackHalf2x16: each float converted to half (to nearest even) and
    /// its 16 bits placed in the word, lane 0 low; and back.
    fn halves(
        &mut self,
        pack: bool,
        x: Operand,
        inst: &Instruction,
        out: &mut Vec<Instruction>,
    ) -> Result<(), FrontendError> {
        let uint = self.uint_type();
        let (half, ushort) = (
            self.scalar_type(Op::TypeFloat, 16),
            self.scalar_type(Op::TypeInt, 16),
        );
        let float = self.scalar_type(Op::TypeFloat, 32);
        let sixteen = self.int_constant(uint, 16);
        let mut emit = |me: &mut Self, op: Op, ty: Word, ops: Vec<Operand>| {
            let id = me.fresh();
            out.push(Instruction::new(op, Some(ty), Some(id), ops));
            Operand::IdRef(id)
        };
        if pack {
            let mut words = Vec::new();
            for k in 0..2u32 {
                let f = emit(
                    self,
                    Op::CompositeExtract,
                    float,
                    vec![x.clone(), Operand::LiteralBit32(k)],
                );
                let h = emit(self, Op::FConvert, half, vec![f]);
                let bits = emit(self, Op::Bitcast, ushort, vec![h]);
                words.push(emit(self, Op::UConvert, uint, vec![bits]));
            }
            let hi = emit(
                self,
                Op::ShiftLeftLogical,
                uint,
                vec![words[1].clone(), Operand::IdRef(sixteen)],
            );
            out.push(Instruction::new(
                Op::BitwiseOr,
                inst.result_type,
                inst.result_id,
                vec![hi, words[0].clone()],
            ));
        } else {
            let high = emit(
                self,
                Op::ShiftRightLogical,
                uint,
                vec![x.clone(), Operand::IdRef(sixteen)],
            );
            let mut lanes = Vec::new();
            for w in [x, high] {
                let bits = emit(self, Op::UConvert, ushort, vec![w]);
                let h = emit(self, Op::Bitcast, half, vec![bits]);
                lanes.push(emit(self, Op::FConvert, float, vec![h]));
            }
            out.push(Instruction::new(
                Op::CompositeConstruct,
                inst.result_type,
                inst.result_id,
                lanes,
            ));
        }
        Ok(())
    }

    /// The module's integer (unsigned) or float type of `width` bits, declared (with its
    /// capability) when it has none.
    fn scalar_type(&mut self, op: Op, width: u32) -> Word {
        let want = if op == Op::TypeFloat {
            SpvType::Float(width)
        } else {
            SpvType::Int(width)
        };
        if let Some((id, _)) = self
            .m
            .types
            .iter()
            .filter(|(_, t)| **t == want)
            .min_by_key(|(id, _)| **id)
        {
            return *id;
        }
        let lit = |i: &Instruction| matches!(i.operands.first(), Some(Operand::LiteralBit32(w)) if *w == width);
        if let Some(i) = self
            .new_types
            .iter()
            .find(|i| i.class.opcode == op && lit(i))
        {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        let mut ops = vec![Operand::LiteralBit32(width)];
        if op == Op::TypeInt {
            ops.push(Operand::LiteralBit32(0));
        }
        self.new_types
            .push(Instruction::new(op, None, Some(id), ops));
        let cap = match (op, width) {
            (Op::TypeFloat, 16) => Some(rspirv::spirv::Capability::Float16),
            (Op::TypeInt, 16) => Some(rspirv::spirv::Capability::Int16),
            _ => None,
        };
        self.capabilities.extend(cap);
        id
    }

    pub(super) fn uint_type(&mut self) -> Word {
        if let Some((id, _)) = self
            .m
            .types
            .iter()
            .filter(|(_, t)| **t == SpvType::Int(32))
            .min_by_key(|(id, _)| **id)
        {
            return *id;
        }
        if let Some(i) = self
            .new_types
            .iter()
            .find(|i| i.class.opcode == Op::TypeInt)
        {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        self.new_types.push(Instruction::new(
            Op::TypeInt,
            None,
            Some(id),
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        ));
        id
    }

    /// The module's OpTypeBool, declared when it has none.
    fn bool_type(&mut self) -> Word {
        if let Some((id, _)) = self.m.types.iter().find(|(_, t)| **t == SpvType::Bool) {
            return *id;
        }
        if let Some(i) = self
            .new_types
            .iter()
            .find(|i| i.class.opcode == Op::TypeBool)
        {
            return i.result_id.unwrap_or(0);
        }
        let id = self.fresh();
        self.new_types
            .push(Instruction::new(Op::TypeBool, None, Some(id), vec![]));
        id
    }

    fn is_glsl(&self, inst: &Instruction) -> bool {
        let set = id_operand(inst, 0);
        self.m.module.ext_inst_imports.iter().any(|i| {
            i.result_id == set && matches!(i.operands.first(), Some(Operand::LiteralString(s)) if s == "GLSL.std.450")
        })
    }

    /// A GLSL.std.450 instruction as OpenCL.std.
    fn glsl(&mut self, inst: Instruction, out: &mut Vec<Instruction>) -> Result<(), FrontendError> {
        let set = self.opencl_set();
        let number = match inst.operands.get(1) {
            Some(Operand::LiteralExtInstInteger(n)) => *n,
            _ => 0,
        };
        let args: Vec<Operand> = inst.operands.get(2..).unwrap_or_default().to_vec();
        match glsl::map(number).map_err(|why| err(self.m.describe(&inst), why))? {
            glsl::Mapping::Same(c) => {
                let mut ops = vec![
                    Operand::IdRef(set),
                    Operand::LiteralExtInstInteger(c as u32),
                ];
                ops.extend(args);
                out.push(Instruction::new(
                    Op::ExtInst,
                    inst.result_type,
                    inst.result_id,
                    ops,
                ));
            }
            find
            @ (glsl::Mapping::FindUMsb | glsl::Mapping::FindSMsb | glsl::Mapping::FindILsb) => {
                let ty = inst.result_type.unwrap_or(0);
                if self.m.types.get(&ty) != Some(&SpvType::Int(32)) {
                    return Err(err(
                        self.m.describe(&inst),
                        "findMSB/findLSB of vectors or of other widths than 32 bits",
                    ));
                }
                let x = args.first().cloned().unwrap_or(Operand::IdRef(0));
                let boolean = self.bool_type();
                let zero = self.int_constant(ty, 0);
                let ext = |me: &mut Self,
                           c: rspirv::spirv::OpenclStd100Op,
                           arg: Operand,
                           out: &mut Vec<Instruction>| {
                    let id = me.fresh();
                    out.push(Instruction::new(
                        Op::ExtInst,
                        Some(ty),
                        Some(id),
                        vec![
                            Operand::IdRef(set),
                            Operand::LiteralExtInstInteger(c as u32),
                            arg,
                        ],
                    ));
                    id
                };
                let op = |me: &mut Self,
                          code: Op,
                          rt: Word,
                          ops: Vec<Operand>,
                          out: &mut Vec<Instruction>| {
                    let id = me.fresh();
                    out.push(Instruction::new(code, Some(rt), Some(id), ops));
                    id
                };
                if let glsl::Mapping::FindILsb = find {
                    // ctz(0) is 32; findLSB(0) is -1.
                    let tz = ext(self, rspirv::spirv::OpenclStd100Op::ctz, x.clone(), out);
                    let none = op(
                        self,
                        Op::IEqual,
                        boolean,
                        vec![x, Operand::IdRef(zero)],
                        out,
                    );
                    let minus_one = self.int_constant(ty, 0xFFFF_FFFF);
                    out.push(Instruction::new(
                        Op::Select,
                        Some(ty),
                        inst.result_id,
                        vec![
                            Operand::IdRef(none),
                            Operand::IdRef(minus_one),
                            Operand::IdRef(tz),
                        ],
                    ));
                    return Ok(());
                }
                // 31 - clz(y), where y is x, or ~x for a negative x (findMSB's sign bit rule);
                // clz(0) = 32 gives -1 as findMSB(0) and findMSB(-1) are.
                let y = if let glsl::Mapping::FindSMsb = find {
                    let neg = op(
                        self,
                        Op::SLessThan,
                        boolean,
                        vec![x.clone(), Operand::IdRef(zero)],
                        out,
                    );
                    let inv = op(self, Op::Not, ty, vec![x.clone()], out);
                    Operand::IdRef(op(
                        self,
                        Op::Select,
                        ty,
                        vec![Operand::IdRef(neg), Operand::IdRef(inv), x],
                        out,
                    ))
                } else {
                    x
                };
                let lz = ext(self, rspirv::spirv::OpenclStd100Op::clz, y, out);
                let c31 = self.int_constant(ty, 31);
                out.push(Instruction::new(
                    Op::ISub,
                    Some(ty),
                    inst.result_id,
                    vec![Operand::IdRef(c31), Operand::IdRef(lz)],
                ));
            }
            glsl::Mapping::PackHalf2x16 | glsl::Mapping::UnpackHalf2x16 => {
                let pack = matches!(glsl::map(number), Ok(glsl::Mapping::PackHalf2x16));
                let x = args.first().cloned().unwrap_or(Operand::IdRef(0));
                self.halves(pack, x, &inst, out)?;
            }
            glsl::Mapping::Fract => {
                let floor = self.fresh();
                let mut ops = vec![
                    Operand::IdRef(set),
                    Operand::LiteralExtInstInteger(rspirv::spirv::OpenclStd100Op::floor as u32),
                ];
                ops.extend(args.iter().cloned());
                out.push(Instruction::new(
                    Op::ExtInst,
                    inst.result_type,
                    Some(floor),
                    ops,
                ));
                let x = args.first().cloned().unwrap_or(Operand::IdRef(0));
                out.push(Instruction::new(
                    Op::FSub,
                    inst.result_type,
                    inst.result_id,
                    vec![x, Operand::IdRef(floor)],
                ));
            }
        }
        Ok(())
    }
}
