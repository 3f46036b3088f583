//! Lowering the flattened kernel to the IR: units (blocks and innermost loops), each an
//! if-converted dataflow graph.

use crate::cfg::{successors, Cfg};
use crate::inline::{inline_kernel, FlatFunction};
use crate::ir::*;
use crate::spirv::{id_operand, SpirvModule, SpvType};
use crate::FrontendError;
use petgraph::graph::NodeIndex;
use rspirv::dr::Instruction;
use rspirv::spirv;
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::{BTreeSet, HashMap};

mod builtins;
mod memory;
mod onchip;
mod vectors;

use memory::order_memory;
mod merge;

/// The kernel lowered and through every pass (`passes::PASSES`).
pub fn lower_kernel(m: &SpirvModule, wanted: Option<&str>) -> Result<Kernel, FrontendError> {
    lower_kernel_with(m, wanted, &crate::passes::Options::default()).map(|(k, _)| k)
}

/// `lower_kernel`, printing after the passes `options` names and verifying the IR between
/// passes when it asks; also returns what each pass did.
pub fn lower_kernel_with(
    m: &SpirvModule,
    wanted: Option<&str>,
    options: &crate::passes::Options,
) -> Result<(Kernel, crate::passes::Report), FrontendError> {
    let mut kernel = lower_kernel_unoptimized(m, wanted)?;
    let report = crate::passes::run(&mut kernel, options).map_err(FrontendError::Internal)?;
    Ok((kernel, report))
}

/// The kernel as lowered, before `passes::clean_up` (for measuring what the passes do).
pub fn lower_kernel_unoptimized(
    m: &SpirvModule,
    wanted: Option<&str>,
) -> Result<Kernel, FrontendError> {
    let (name, fid) = m.kernel(wanted)?;
    let flat = inline_kernel(m, fid)?;
    let cfg = Cfg::build(m, &flat)?;
    let mut cx = Lowering::new(m, &flat, &cfg, name)?;
    cx.plan_units()?;
    cx.lower_units()?;
    let mut kernel = cx.finish()?;
    kernel.attrs = kernel_attrs(m, fid)?;
    if let Some(mem) = kernel.memories.iter().find(|b| b.no_write && b.written) {
        return Err(FrontendError::Unsupported {
            inst: format!("buffer argument '{}'", mem.name),
            message: "declared read-only (const: FuncParamAttr NoWrite) but the kernel writes it"
                .into(),
        });
    }
    merge::merge_memories(&mut kernel)?;
    Ok(kernel)
}

/// What a SPIR-V pointer value is in hardware: a byte address into one memory.
#[derive(Clone, Copy)]
struct Pointer {
    mem: MemId,
}

/// A pointer chosen at run time between two memories (a select or an if-converted phi of
/// pointers into different buffers or address spaces): the address, plus a tag — `cond`
/// true means it points into `if_true`. Loads and stores through it access both memories
/// under complementary predicates.
#[derive(Clone, Copy)]
struct Tagged {
    cond: OpId,
    if_true: MemId,
    if_false: MemId,
}

struct PlannedUnit {
    blocks: Vec<NodeIndex>,
    is_loop: Option<usize>,
}

struct Lowering<'a> {
    m: &'a SpirvModule,
    f: &'a FlatFunction,
    cfg: &'a Cfg,
    kernel: Kernel,
    params: HashMap<Word, ArgId>,
    planned: Vec<PlannedUnit>,
    unit_of_block: HashMap<NodeIndex, UnitId>,
    /// Where each SPIR-V result that became an op lives.
    /// Where each SPIR-V value lives for other units: an op's capture or an entry phi.
    defs: HashMap<Word, ValueRef>,
    pointers: HashMap<Word, Pointer>,
    /// On-chip variables of struct type: one memory per member, in member order.
    struct_vars: HashMap<Word, Vec<MemId>>,
    /// Loads of the 3-vector built-ins: which one (None: the global offset, always 0 — the
    /// host interface has no offset registers).
    builtin_vectors: HashMap<Word, Option<Builtin>>,
    /// Pointers that may point into either of two memories, decided at run time.
    tagged: HashMap<Word, Tagged>,
    /// Instruction defining each result id in the flattened function.
    def_inst: HashMap<Word, &'a Instruction>,
    pending_entry: Vec<(UnitId, Vec<(usize, Word, Vec<(Word, NodeIndex)>)>)>,
    /// Vectors are scalarized: lane k of vector value v is a synthetic scalar id.
    lane_ids: HashMap<(Word, u32), Word>,
    /// A phi after a loop with several exits: (phi, loop unit) -> the value of the exit taken.
    exit_merges: HashMap<(Word, UnitId), OpId>,
    lane_origin: HashMap<Word, (Word, u32)>,
    next_synthetic: Word,
    /// Pure results nothing reads: not lowered.
    dead: std::collections::HashSet<Word>,
}

/// The execution modes of kernel `fid` that are kernel attributes, and the float controls
/// (SPV_KHR_float_controls) the cores honour: denormals flushed (float, double) or kept
/// (the default), rounding to nearest even (the only mode the cores have).
fn kernel_attrs(m: &SpirvModule, fid: Word) -> Result<KernelAttrs, FrontendError> {
    use spirv::ExecutionMode as E;
    let mut a = KernelAttrs::default();
    for inst in &m.module.execution_modes {
        if id_operand(inst, 0) != Some(fid) {
            continue;
        }
        let mode = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::ExecutionMode(e)) => *e,
            _ => continue,
        };
        let lits: Vec<u32> = inst.operands[2..]
            .iter()
            .filter_map(|o| match o {
                rspirv::dr::Operand::LiteralBit32(v) => Some(*v),
                _ => None,
            })
            .collect();
        let xyz = || match lits.as_slice() {
            [x, y, z, ..] => Some([*x, *y, *z]),
            _ => None,
        };
        match mode {
            E::LocalSize => a.reqd_work_group_size = xyz(),
            E::LocalSizeHint => a.work_group_size_hint = xyz(),
            E::MaxWorkgroupSizeINTEL => a.max_work_group_size = xyz(),
            E::MaxWorkDimINTEL => a.max_work_dim = lits.first().copied(),
            E::NumSIMDWorkitemsINTEL => a.num_simd_work_items = lits.first().copied(),
            E::VecTypeHint => a.vec_type_hint = lits.first().copied(),
            E::NoGlobalOffsetINTEL => a.no_global_offset = true,
            E::RoundingModeRTZ => {
                return Err(bad(
                    m,
                    inst,
                    "rounding toward zero (the cores round to nearest even; drop the mode)",
                ))
            }
            _ => {}
        }
    }
    a.flush_denormals = crate::float_controls::flushed_widths(m, fid)?;
    Ok(a)
}

fn bad(m: &SpirvModule, inst: &Instruction, message: impl Into<String>) -> FrontendError {
    FrontendError::Unsupported {
        inst: m.describe(inst),
        message: message.into(),
    }
}

impl<'a> Lowering<'a> {
    fn new(
        m: &'a SpirvModule,
        f: &'a FlatFunction,
        cfg: &'a Cfg,
        name: String,
    ) -> Result<Self, FrontendError> {
        let mut kernel = Kernel {
            name,
            args: Vec::new(),
            memories: Vec::new(),
            units: Vec::new(),
            entry: UnitId(0),
            mode: ExecMode::PipelinedWorkItems,
            address_bits: m.address_bits,
            attrs: KernelAttrs::default(),
        };
        let mut params = HashMap::new();
        let mut pointers = HashMap::new();
        for (i, p) in f.params.iter().enumerate() {
            let id = p.result_id.unwrap_or(0);
            let arg_name = m
                .names
                .get(&id)
                .cloned()
                .unwrap_or_else(|| format!("arg{i}"));
            let arg = ArgId(i as u32);
            let ty = p.result_type.and_then(|t| m.types.get(&t)).cloned();
            let kind = match ty {
                // `constant T *` arguments are buffers too (read-only, filled by the host).
                Some(SpvType::Pointer(
                    StorageClass::CrossWorkgroup | StorageClass::UniformConstant,
                    elem,
                )) => {
                    // A buffer of vectors is a memory of their components.
                    let (comp, lanes) = match m.types.get(&elem) {
                        // Three lanes take the room (and the bus) of four (§2.10).
                        Some(SpvType::Vector(c, n)) => (*c, if *n == 3 { 4 } else { *n }),
                        _ => (elem, 1),
                    };
                    let elem_ty = scalar_type(m, comp).ok_or_else(|| {
                        bad(m, p, "buffer arguments must point to scalars (i8/i16/i32/i64/f32) for now")
                    })?;
                    let mem = MemId(kernel.memories.len() as u32);
                    kernel.memories.push(Memory {
                        name: arg_name.clone(),
                        kind: MemoryKind::Global { arg },
                        elem: elem_ty,
                        read: false,
                        written: false,
                        no_alias: m.has_param_attr(id, spirv::FunctionParameterAttribute::NoAlias),
                        no_write: m.has_param_attr(id, spirv::FunctionParameterAttribute::NoWrite),
                        lanes,
                        geometry: None,
                    });
                    pointers.insert(id, Pointer { mem });
                    ArgKind::Buffer(mem)
                }
                Some(SpvType::Pointer(StorageClass::Workgroup, elem)) => {
                    let elem_ty = scalar_type(m, elem).ok_or_else(|| {
                        bad(m, p, "local pointer arguments must point to scalars")
                    })?;
                    let depth = LOCAL_ARG_BYTES / elem_ty.bytes() as u64;
                    let attrs = crate::memattrs::mem_attrs(m, id, None, &arg_name)?;
                    crate::memattrs::check(&attrs, elem_ty.bytes(), depth, &arg_name)?;
                    let mem = MemId(kernel.memories.len() as u32);
                    kernel.memories.push(Memory::new_on_chip(
                        arg_name.clone(),
                        Storage::Local,
                        elem_ty,
                        depth,
                        attrs,
                        None,
                    ));
                    pointers.insert(id, Pointer { mem });
                    ArgKind::Local(mem)
                }
                Some(SpvType::Pointer(sc, _)) => {
                    return Err(bad(m, p, format!("pointer arguments in the {sc:?} storage class are not supported (global, constant and local ones are)")))
                }
                _ => ArgKind::Scalar(p.result_type.and_then(|t| scalar_type(m, t)).ok_or_else(|| {
                    bad(m, p, "scalar arguments must be bool, i8/i16/i32/i64 or f32 for now")
                })?),
            };
            params.insert(id, arg);
            kernel.args.push(Arg {
                name: arg_name,
                kind,
            });
        }
        let mut def_inst = HashMap::new();
        for b in &f.blocks {
            for i in &b.insts {
                if let Some(r) = i.result_id {
                    def_inst.insert(r, i);
                }
            }
        }
        Ok(Lowering {
            m,
            f,
            cfg,
            kernel,
            params,
            planned: Vec::new(),
            unit_of_block: HashMap::new(),
            defs: HashMap::new(),
            pointers,
            struct_vars: HashMap::new(),
            builtin_vectors: HashMap::new(),
            tagged: HashMap::new(),
            def_inst,
            pending_entry: Vec::new(),
            lane_ids: HashMap::new(),
            exit_merges: HashMap::new(),
            lane_origin: HashMap::new(),
            next_synthetic: 0xC000_0000,
            dead: onchip::dead_values(f),
        })
    }

    fn block(&self, n: NodeIndex) -> &'a crate::inline::FlatBlock {
        &self.f.blocks[self.cfg.graph[n]]
    }

    /// Splits the CFG into units: innermost loops and the remaining blocks; a kernel without
    /// loops is one unit pipelined over work-items.
    fn plan_units(&mut self) -> Result<(), FrontendError> {
        if self.cfg.loops.is_empty() {
            self.kernel.mode = ExecMode::PipelinedWorkItems;
            self.planned.push(PlannedUnit {
                blocks: self.cfg.rpo.clone(),
                is_loop: None,
            });
            for n in &self.cfg.rpo {
                self.unit_of_block.insert(*n, UnitId(0));
            }
            return Ok(());
        }
        self.kernel.mode = ExecMode::SequentialWorkItems;
        for n in &self.cfg.rpo {
            if self.unit_of_block.contains_key(n) {
                continue;
            }
            let id = UnitId(self.planned.len() as u32);
            let inner = self
                .cfg
                .loops
                .iter()
                .position(|l| l.innermost && l.header == *n);
            if let Some(li) = inner {
                let l = &self.cfg.loops[li];
                let blocks: Vec<NodeIndex> = self
                    .cfg
                    .rpo
                    .iter()
                    .filter(|b| l.blocks.contains(b))
                    .copied()
                    .collect();
                for b in &blocks {
                    self.unit_of_block.insert(*b, id);
                }
                self.planned.push(PlannedUnit {
                    blocks,
                    is_loop: Some(li),
                });
            } else {
                self.unit_of_block.insert(*n, id);
                self.planned.push(PlannedUnit {
                    blocks: vec![*n],
                    is_loop: None,
                });
            }
        }
        self.kernel.entry = self.unit_of_block[&self.cfg.entry];
        Ok(())
    }

    fn lower_units(&mut self) -> Result<(), FrontendError> {
        for ui in 0..self.planned.len() {
            let unit = self.lower_unit(UnitId(ui as u32))?;
            self.kernel.units.push(unit);
        }
        Ok(())
    }

    fn lower_unit(&mut self, uid: UnitId) -> Result<Unit, FrontendError> {
        let planned = &self.planned[uid.0 as usize];
        let blocks = planned.blocks.clone();
        let loop_index = planned.is_loop;
        let in_unit: BTreeSet<NodeIndex> = blocks.iter().copied().collect();
        let first = blocks[0];
        let mut ub = UnitBuilder {
            body: Body::default(),
            values: HashMap::new(),
            entry_phis: Vec::new(),
            pending_phis: Vec::new(),
            carried: Vec::new(),
            atomic_mems: Vec::new(),
        };
        let block_pred = self.lower_blocks(&mut ub, uid, &blocks, &in_unit)?;
        for (phi, next) in std::mem::take(&mut ub.carried) {
            let n = self.value(&mut ub, next)?;
            ub.body.set_carried_next(phi, n);
        }
        let (kind, exit) =
            self.unit_kind_and_exit(&mut ub, uid, &blocks, &in_unit, loop_index, &block_pred)?;
        for (id, op) in &ub.values {
            if !self.def_inst.contains_key(id) && !self.lane_origin.contains_key(id) {
                continue;
            }
            match ub.body.op(*op).kind {
                OpKind::Outer(v @ (ValueRef::Op(..) | ValueRef::EntryPhi(..))) => {
                    self.defs.insert(*id, v);
                }
                OpKind::Outer(_) | OpKind::Const(_) | OpKind::Arg(_) => {}
                _ => {
                    self.defs.insert(*id, ValueRef::Op(uid, *op));
                }
            }
        }
        let pending = std::mem::take(&mut ub.pending_phis);
        let name = match (&kind, self.name_of(self.block(first).label).as_ref()) {
            (UnitKind::WorkItems, _) => "workitems".to_string(),
            (UnitKind::Loop { .. }, Some(n)) => format!("loop.{n}"),
            (UnitKind::Loop { .. }, None) => format!("loop.{}", self.block(first).label),
            (_, Some(n)) => n.clone(),
            (_, None) => format!("block.{}", self.block(first).label),
        };
        let mut unit = Unit {
            name,
            kind,
            body: ub.body,
            entry_phis: ub.entry_phis,
            exit,
            live_out: Vec::new(),
            atomic_mems: ub.atomic_mems.clone(),
            carried_mem_deps: Vec::new(),
        };
        order_memory(&mut unit, &self.kernel.memories);
        // Entry phi incomings are resolved in `finish`, once every unit's values exist.
        self.pending_entry.push((uid, pending));
        Ok(unit)
    }

    /// The unit's blocks in order: each block's predicate (the OR of its incoming in-unit
    /// edges), then its phis and instructions, if-converted. Returns every block's predicate.
    fn lower_blocks(
        &mut self,
        ub: &mut UnitBuilder,
        uid: UnitId,
        blocks: &[NodeIndex],
        in_unit: &BTreeSet<NodeIndex>,
    ) -> Result<HashMap<NodeIndex, Option<OpId>>, FrontendError> {
        let first = blocks[0];
        let mut block_pred: HashMap<NodeIndex, Option<OpId>> = HashMap::new();
        // Edge predicates inside the unit: (from, to) -> predicate (None = always).
        let mut edge_pred: HashMap<(NodeIndex, NodeIndex), Option<OpId>> = HashMap::new();
        for &b in blocks {
            let fb = self.block(b);
            // Predicate of this block: OR of incoming in-unit forward edges.
            let pred = if b == first {
                None
            } else {
                let mut acc: Option<Option<OpId>> = None;
                for p in self
                    .cfg
                    .graph
                    .neighbors_directed(b, petgraph::Direction::Incoming)
                {
                    if !in_unit.contains(&p) {
                        continue;
                    }
                    let Some(ep) = edge_pred.get(&(p, b)).copied() else {
                        continue;
                    };
                    acc = Some(match (acc, ep) {
                        (None, e) => e,
                        (Some(None), _) | (_, None) => None,
                        (Some(Some(a)), Some(e)) => Some(ub.int(IntBinOp::Or, Type::BOOL, a, e)),
                    });
                }
                acc.unwrap_or(None)
            };
            block_pred.insert(b, pred);
            for inst in &fb.insts {
                let op = inst.class.opcode;
                match op {
                    Op::Phi => {
                        for inst in &self.lane_clones(inst)? {
                            let rid = inst.result_id.unwrap_or(0);
                            let ty = self.result_type(inst)?;
                            let incoming: Vec<(Word, NodeIndex)> = (0..inst.operands.len() / 2)
                                .map(|k| {
                                    let v = id_operand(inst, 2 * k).unwrap_or(0);
                                    let l = id_operand(inst, 2 * k + 1).unwrap_or(0);
                                    (v, *self.cfg.index_of.get(&l).unwrap_or(&first))
                                })
                                .collect();
                            if b == first {
                                // Values arriving from outside the unit: an entry phi.
                                let outside: Vec<(Word, NodeIndex)> = incoming
                                    .iter()
                                    .filter(|(_, p)| !in_unit.contains(p))
                                    .copied()
                                    .collect();
                                let k = ub.entry_phis.len();
                                ub.entry_phis.push(EntryPhi {
                                    ty,
                                    name: self.name_of(rid),
                                    incoming: Vec::new(),
                                });
                                ub.pending_phis.push((k, rid, outside));
                                let init = ub.add(Op_ {
                                    kind: OpKind::Outer(ValueRef::EntryPhi(uid, k)),
                                    ty,
                                    operands: vec![],
                                    name: None,
                                });
                                let inside: Vec<Word> = incoming
                                    .iter()
                                    .filter(|(_, p)| in_unit.contains(p))
                                    .map(|(v, _)| *v)
                                    .collect();
                                let id = if let Some(&next) = inside.first() {
                                    let phi = ub.add(Op_ {
                                        kind: OpKind::CarriedPhi,
                                        ty,
                                        operands: vec![init, init],
                                        name: self.name_of(rid),
                                    });
                                    ub.carried.push((phi, next));
                                    phi
                                } else {
                                    init
                                };
                                ub.values.insert(rid, id);
                            } else {
                                if self.is_pointer_type(inst.result_type) {
                                    // Two ways in: a select between the pointers on the
                                    // first edge's predicate.
                                    let cond = match incoming.as_slice() {
                                        [(va, pa), (vb, _)] => edge_pred
                                            .get(&(*pa, b))
                                            .copied()
                                            .flatten()
                                            .map(|c| (c, *va, *vb)),
                                        _ => None,
                                    };
                                    let Some((c, a, b2)) = cond else {
                                        return Err(bad(
                                            self.m,
                                            inst,
                                            "a phi choosing among more than two pointers (or on an edge without a predicate) is not supported yet",
                                        ));
                                    };
                                    self.select_pointers(ub, inst, c, a, b2)?;
                                    continue;
                                }
                                // If-conversion: a select chain on the incoming edges' predicates.
                                let mut chosen: Option<OpId> = None;
                                for (v, p) in incoming.iter().rev() {
                                    let val = self.value(ub, *v)?;
                                    chosen = Some(
                                        match (chosen, edge_pred.get(&(*p, b)).copied().flatten()) {
                                            (None, _) => val,
                                            (Some(rest), Some(c)) => ub.add(Op_ {
                                                kind: OpKind::Select,
                                                ty,
                                                operands: vec![c, val, rest],
                                                name: None,
                                            }),
                                            (Some(_), None) => val,
                                        },
                                    );
                                }
                                let id = chosen.ok_or_else(|| {
                                    bad(self.m, inst, "phi without incoming values")
                                })?;
                                ub.values.insert(rid, id);
                            }
                        }
                    }
                    Op::Branch | Op::BranchConditional | Op::Switch => {
                        let succ = successors(self.m, self.f, self.cfg.graph[b])?;
                        for s in &succ {
                            let t = self.cfg.index_of[s];
                            if !in_unit.contains(&t) || t == first {
                                continue;
                            }
                            let c = self.branch_condition(ub, inst, *s)?;
                            let ep = match (pred, c) {
                                (None, c) => c,
                                (p, None) => p,
                                (Some(p), Some(c)) => Some(ub.int(IntBinOp::And, Type::BOOL, p, c)),
                            };
                            edge_pred.insert((b, t), ep);
                        }
                    }
                    Op::Return | Op::ReturnValue | Op::Unreachable => {}
                    Op::Load
                        if self
                            .m
                            .builtins
                            .contains_key(&id_operand(inst, 0).unwrap_or(0)) =>
                    {
                        self.lower_inst(ub, inst, pred)?
                    }
                    _ if inst.result_id.is_some_and(|r| self.dead.contains(&r)) => {}
                    _ => {
                        if !self.lower_vector_shape(ub, inst, pred)? {
                            for lane in self.lane_clones(inst)? {
                                self.lower_inst(ub, &lane, pred)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(block_pred)
    }

    /// What the unit is (a block, a pipelined loop, the pipelined work-items) and where
    /// control goes after it: a loop's one exit block, a block's branch or switch.
    fn unit_kind_and_exit(
        &mut self,
        ub: &mut UnitBuilder,
        uid: UnitId,
        blocks: &[NodeIndex],
        in_unit: &BTreeSet<NodeIndex>,
        loop_index: Option<usize>,
        block_pred: &HashMap<NodeIndex, Option<OpId>>,
    ) -> Result<(UnitKind, Exit), FrontendError> {
        let first = blocks[0];
        // Unit kind and exit.
        let last = *blocks.last().unwrap_or(&first);
        Ok(if let Some(li) = loop_index {
            let l = &self.cfg.loops[li];
            let header_label = self.block(l.header).label;
            // Every edge leaving the loop; they must all reach one block.
            let mut exits: Vec<(NodeIndex, NodeIndex)> = Vec::new();
            for &b in blocks {
                for t in self.cfg.graph.neighbors(b) {
                    if !in_unit.contains(&t) && !exits.contains(&(b, t)) {
                        exits.push((b, t));
                    }
                }
            }
            exits.sort();
            let exit_block =
                match exits.first() {
                    Some((_, t)) if exits.iter().all(|(_, u)| u == t) => *t,
                    Some(_) => return Err(FrontendError::Unsupported {
                        inst: format!("loop headed by block %{header_label}"),
                        message:
                            "a loop that leaves to several different blocks is not supported yet"
                                .into(),
                    }),
                    None => {
                        return Err(FrontendError::Unsupported {
                            inst: format!("loop headed by block %{header_label}"),
                            message: "a loop without an exit never finishes".into(),
                        })
                    }
                };
            let exit_label = self.block(exit_block).label;
            // Predicate of an edge out of block `b` towards `target`.
            let edge_to = |me: &mut Self,
                           ub: &mut UnitBuilder,
                           b: NodeIndex,
                           target: Word|
             -> Result<Option<OpId>, FrontendError> {
                let term = me
                    .block(b)
                    .insts
                    .last()
                    .ok_or_else(|| FrontendError::Malformed("empty block".into()))?;
                let pred = block_pred.get(&b).copied().flatten();
                let term = term.clone();
                let cond = me.branch_condition(ub, &term, target)?;
                Ok(match (pred, cond) {
                    (None, c) => c,
                    (p, None) => p,
                    (Some(p), Some(c)) => Some(ub.int(IntBinOp::And, Type::BOOL, p, c)),
                })
            };
            // The next iteration runs when this one reaches the latch and the latch goes on.
            let cont = match edge_to(self, ub, l.latch, header_label)? {
                Some(c) => c,
                None => ub.op(OpKind::Const(1), Type::BOOL, vec![]),
            };
            // Several exits into one block: its phis take the value of the exit taken,
            // chosen inside the loop body and captured from the last iteration.
            if exits.len() > 1 {
                let phis: Vec<Instruction> = self
                    .block(exit_block)
                    .insts
                    .iter()
                    .filter(|i| i.class.opcode == Op::Phi)
                    .cloned()
                    .collect();
                for phi in phis {
                    if self.vector_of(phi.result_type).is_some() {
                        return Err(bad(self.m, &phi, "a vector value leaving a loop through several exits is not supported yet"));
                    }
                    let ty = self.result_type(&phi)?;
                    let mut merged: Option<OpId> = None;
                    for (b, _) in exits.iter().rev() {
                        let from = self.block(*b).label;
                        let Some(k) = (0..phi.operands.len() / 2)
                            .find(|k| id_operand(&phi, 2 * k + 1) == Some(from))
                        else {
                            continue;
                        };
                        let v = self.value(ub, id_operand(&phi, 2 * k).unwrap_or(0))?;
                        merged = Some(match merged {
                            None => v,
                            Some(rest) => match edge_to(self, ub, *b, exit_label)? {
                                Some(c) => ub.add(Op_ {
                                    kind: OpKind::Select,
                                    ty,
                                    operands: vec![c, v, rest],
                                    name: None,
                                }),
                                None => v,
                            },
                        });
                    }
                    if let Some(op) = merged {
                        self.exit_merges
                            .insert((phi.result_id.unwrap_or(0), uid), op);
                    }
                }
            }
            let exit_unit = self.unit_of_block[&exit_block];
            (
                UnitKind::Loop {
                    cont,
                    controls: self.loop_controls(blocks),
                },
                Exit::Jump(exit_unit),
            )
        } else if self.kernel.mode == ExecMode::PipelinedWorkItems {
            (UnitKind::WorkItems, Exit::Return)
        } else {
            let term = self
                .block(last)
                .insts
                .last()
                .ok_or_else(|| FrontendError::Malformed("empty block".into()))?;
            let exit = match term.class.opcode {
                Op::Branch => Exit::Jump(self.unit_of_label(id_operand(term, 0).unwrap_or(0))),
                Op::BranchConditional => {
                    let t = self.unit_of_label(id_operand(term, 1).unwrap_or(0));
                    let f = self.unit_of_label(id_operand(term, 2).unwrap_or(0));
                    if t == f {
                        Exit::Jump(t)
                    } else {
                        let cond = self.value(ub, id_operand(term, 0).unwrap_or(0))?;
                        Exit::Branch {
                            cond,
                            if_true: t,
                            if_false: f,
                        }
                    }
                }
                Op::Switch => {
                    let value = self.value(ub, id_operand(term, 0).unwrap_or(0))?;
                    let cases = crate::cfg::switch_cases(term)
                        .into_iter()
                        .map(|(lit, l)| (lit, self.unit_of_label(l)))
                        .collect();
                    Exit::Switch {
                        value,
                        cases,
                        default: self.unit_of_label(id_operand(term, 1).unwrap_or(0)),
                    }
                }
                _ => Exit::Return,
            };
            (UnitKind::Block, exit)
        })
    }

    fn require_float(
        &self,
        ub: &UnitBuilder,
        inst: &Instruction,
        a: OpId,
    ) -> Result<Type, FrontendError> {
        match ub.body.op(a).ty {
            t @ Type::Float(_) => Ok(t),
            t => Err(bad(
                self.m,
                inst,
                format!("floating-point operation on {t}"),
            )),
        }
    }

    /// The FPRoundingMode decoration of a result, if any.
    fn rounding_of(&self, id: Word) -> Option<Rounding> {
        use rspirv::spirv::FPRoundingMode as M;
        self.m
            .decorations
            .get(&self.original(id))?
            .iter()
            .find_map(|(d, ops)| match (d, ops.first()) {
                (
                    rspirv::spirv::Decoration::FPRoundingMode,
                    Some(rspirv::dr::Operand::FPRoundingMode(m)),
                ) => Some(match m {
                    M::RTE => Rounding::Rte,
                    M::RTZ => Rounding::Rtz,
                    M::RTP => Rounding::Rtp,
                    M::RTN => Rounding::Rtn,
                }),
                _ => None,
            })
    }

    /// Loop controls from an OpLoopMerge or OpLoopControlINTEL inside the loop: requests
    /// the scheduler must honour (II, pipelining) and hints it may read.
    fn loop_controls(&self, blocks: &[NodeIndex]) -> LoopControls {
        let mut c = LoopControls::default();
        for b in blocks {
            for inst in &self.block(*b).insts {
                let first = match inst.class.opcode {
                    Op::LoopMerge => 2,
                    Op::LoopControlINTEL => 0,
                    _ => continue,
                };
                let mut mask = 0u32;
                let mut params = Vec::new();
                for o in &inst.operands[first.min(inst.operands.len())..] {
                    match o {
                        rspirv::dr::Operand::LoopControl(m) => mask = m.bits(),
                        rspirv::dr::Operand::LiteralBit32(v) => params.push(*v),
                        // DependencyArrayINTEL names its variables by id.
                        rspirv::dr::Operand::IdRef(v) => params.push(*v),
                        _ => {}
                    }
                }
                if inst.class.opcode == Op::LoopControlINTEL && mask == 0 {
                    // OpLoopControlINTEL carries the mask as its first literal.
                    if !params.is_empty() {
                        mask = params.remove(0);
                    }
                }
                // Parameters follow the mask bits from the lowest; stop at variable-length ones.
                let mut next = params.into_iter();
                for bit in 0..32 {
                    let flag = 1u32 << bit;
                    if mask & flag == 0 {
                        continue;
                    }
                    match flag {
                        0x1 => c.unroll = Some(0),
                        0x2 => c.unroll = Some(1),
                        0x4 => c.dependency = Some(0),
                        0x8 => c.dependency = next.next().map(|n| n.max(1)),
                        0x10 | 0x20 | 0x40 | 0x80 => {
                            next.next();
                        }
                        0x100 => c.unroll = next.next(),
                        0x1_0000 => c.requested_ii = next.next(),
                        0x2_0000 => c.max_concurrency = next.next(),
                        // DependencyArrayINTEL: a count, then (variable, safelen) pairs.
                        0x4_0000 => {
                            let n = next.next().unwrap_or(0);
                            for _ in 0..n.min(64) {
                                if let (Some(v), Some(l)) = (next.next(), next.next()) {
                                    c.dependency_arrays.push((v, l));
                                }
                            }
                        }
                        0x8_0000 => c.pipelining_disabled = next.next() == Some(0),
                        0x10_0000 => c.coalesce = next.next(),
                        0x20_0000 => c.max_interleaving = next.next(),
                        0x40_0000 => c.speculated_iterations = next.next(),
                        _ => {}
                    }
                }
                return c;
            }
        }
        c
    }

    /// When `term` goes to block `target` (None: always), as a boolean op of the unit.
    fn branch_condition(
        &mut self,
        ub: &mut UnitBuilder,
        term: &Instruction,
        target: Word,
    ) -> Result<Option<OpId>, FrontendError> {
        match term.class.opcode {
            Op::BranchConditional if id_operand(term, 1) != id_operand(term, 2) => {
                let c = self.value(ub, id_operand(term, 0).unwrap_or(0))?;
                Ok(Some(if id_operand(term, 1) == Some(target) {
                    c
                } else {
                    ub.not(c)
                }))
            }
            Op::Switch => {
                let sel = self.value(ub, id_operand(term, 0).unwrap_or(0))?;
                let ty = ub.body.op(sel).ty;
                let cases = crate::cfg::switch_cases(term);
                let mut any: Option<OpId> = None;
                let cmp = |ub: &mut UnitBuilder, lit: u64, p: CmpPred| {
                    let k = ub.add(Op_ {
                        kind: OpKind::Const(lit & mask(ty.bits())),
                        ty,
                        operands: vec![],
                        name: None,
                    });
                    ub.op(OpKind::Cmp(p), Type::BOOL, vec![sel, k])
                };
                for (lit, l) in &cases {
                    if *l == target {
                        let eq = cmp(ub, *lit, CmpPred::Eq);
                        any = Some(match any {
                            None => eq,
                            Some(a) => ub.int(IntBinOp::Or, Type::BOOL, a, eq),
                        });
                    }
                }
                if id_operand(term, 1) == Some(target) {
                    // The default: none of the cases matched.
                    let mut none: Option<OpId> = None;
                    for (lit, _) in &cases {
                        let ne = cmp(ub, *lit, CmpPred::Ne);
                        none = Some(match none {
                            None => ne,
                            Some(a) => ub.int(IntBinOp::And, Type::BOOL, a, ne),
                        });
                    }
                    let Some(n) = none else { return Ok(None) };
                    any = Some(match any {
                        None => n,
                        Some(a) => ub.int(IntBinOp::Or, Type::BOOL, a, n),
                    });
                }
                Ok(any)
            }
            _ => Ok(None),
        }
    }

    /// `c ? a : b` for pointers `a` and `b`: one memory, a select of addresses; two, a
    /// tagged pointer (see `Tagged`).
    fn select_pointers(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        c: OpId,
        a: Word,
        b: Word,
    ) -> Result<(), FrontendError> {
        let rid = inst.result_id.unwrap_or(0);
        let (pa, pb) = (self.pointer(inst, a)?, self.pointer(inst, b)?);
        let (va, vb) = (self.value(ub, a)?, self.value(ub, b)?);
        let name = self.name_of(rid);
        let v = ub.add(Op_ {
            kind: OpKind::Select,
            ty: Type::ADDR,
            operands: vec![c, va, vb],
            name,
        });
        if pa.mem == pb.mem {
            self.pointers.insert(rid, pa);
        } else {
            self.tagged.insert(
                rid,
                Tagged {
                    cond: c,
                    if_true: pa.mem,
                    if_false: pb.mem,
                },
            );
        }
        ub.values.insert(rid, v);
        Ok(())
    }

    /// A load or store through a tagged pointer: the access on each memory, predicated on
    /// the tag (and the access's own predicate); a load selects the value by the tag.
    fn tagged_access(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        t: Tagged,
        pred: Option<OpId>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let ptr = id_operand(inst, 0).unwrap_or(0);
        let addr = self.value(ub, ptr)?;
        let load = inst.class.opcode == Op::Load;
        let ty = if load {
            self.result_type(inst)?
        } else {
            let d = self.value(ub, id_operand(inst, 1).unwrap_or(0))?;
            ub.body.op(d).ty
        };
        for mem in [t.if_true, t.if_false] {
            let mm = self.kernel.memory(mem);
            if mm.elem.bits() != ty.bits() || mm.lanes > 1 {
                return Err(bad(
                    m,
                    inst,
                    format!(
                        "accesses {ty} through a pointer into '{}' of {}",
                        mm.name, mm.elem
                    ),
                ));
            }
        }
        let not_c = ub.not(t.cond);
        let guard = |ub: &mut UnitBuilder, c: OpId| match pred {
            Some(p) => ub.int(IntBinOp::And, Type::BOOL, p, c),
            None => c,
        };
        let (g_true, g_false) = (guard(ub, t.cond), guard(ub, not_c));
        if load {
            let mut vals = Vec::new();
            for (mem, g) in [(t.if_true, g_true), (t.if_false, g_false)] {
                self.kernel.memories[mem.0 as usize].read = true;
                let elem = self.kernel.memory(mem).elem;
                let v = ub.op(OpKind::Load(mem), elem, vec![addr, g]);
                vals.push(ub.as_type(v, ty, None));
            }
            let name = self.name_of(inst.result_id.unwrap_or(0));
            Ok(Some(ub.add(Op_ {
                kind: OpKind::Select,
                ty,
                operands: vec![t.cond, vals[0], vals[1]],
                name,
            })))
        } else {
            let d = self.value(ub, id_operand(inst, 1).unwrap_or(0))?;
            for (mem, g) in [(t.if_true, g_true), (t.if_false, g_false)] {
                self.kernel.memories[mem.0 as usize].written = true;
                let elem = self.kernel.memory(mem).elem;
                let v = ub.as_type(d, elem, None);
                ub.store(mem, addr, v, Some(g));
            }
            Ok(None)
        }
    }

    /// The scalar built-ins of §2.9 beyond the work dimension, from the per-dimension
    /// ones: linear ids, and sub-groups of one work-item each (the pipeline issues one
    /// work-item at a time; the model uses the same size). None: not a scalar built-in.
    fn scalar_builtin(
        &mut self,
        ub: &mut UnitBuilder,
        b: spirv::BuiltIn,
        inst: &Instruction,
    ) -> Result<Option<OpId>, FrontendError> {
        use spirv::BuiltIn as B;
        if !matches!(
            b,
            B::GlobalLinearId
                | B::LocalInvocationIndex
                | B::SubgroupId
                | B::SubgroupSize
                | B::SubgroupMaxSize
                | B::SubgroupLocalInvocationId
                | B::NumSubgroups
                | B::NumEnqueuedSubgroups
        ) {
            return Ok(None);
        }
        let ty = self.result_type(inst)?;
        let name = self.name_of(inst.result_id.unwrap_or(0));
        let wi =
            |ub: &mut UnitBuilder, b: Builtin, d: u8| ub.op(OpKind::WorkItem(b, d), ty, vec![]);
        // x + sx * (y + sy * z): the linear index of id `b` in an NDRange of size `size`.
        let linear = |ub: &mut UnitBuilder, id: Builtin, size: Builtin| {
            let (x, y, z) = (wi(ub, id, 0), wi(ub, id, 1), wi(ub, id, 2));
            let (sx, sy) = (wi(ub, size, 0), wi(ub, size, 1));
            let t = ub.int(IntBinOp::Mul, ty, sy, z);
            let t = ub.int(IntBinOp::Add, ty, y, t);
            let t = ub.int(IntBinOp::Mul, ty, sx, t);
            ub.int(IntBinOp::Add, ty, x, t)
        };
        let v = match b {
            B::GlobalLinearId => linear(ub, Builtin::GlobalId, Builtin::GlobalSize),
            B::LocalInvocationIndex | B::SubgroupId => {
                linear(ub, Builtin::LocalId, Builtin::LocalSize)
            }
            B::SubgroupSize | B::SubgroupMaxSize => ub.op(OpKind::Const(1), ty, vec![]),
            B::SubgroupLocalInvocationId => ub.op(OpKind::Const(0), ty, vec![]),
            B::NumSubgroups | B::NumEnqueuedSubgroups => {
                let (x, y, z) = (
                    wi(ub, Builtin::LocalSize, 0),
                    wi(ub, Builtin::LocalSize, 1),
                    wi(ub, Builtin::LocalSize, 2),
                );
                let t = ub.int(IntBinOp::Mul, ty, x, y);
                ub.int(IntBinOp::Mul, ty, t, z)
            }
            _ => return Ok(None),
        };
        if let Some(n) = name {
            ub.body.graph[v.node()].name = Some(n);
        }
        Ok(Some(v))
    }

    /// The module's own id behind `id`: through the inliner's renaming and the lanes of a
    /// scalarized vector (decorations are on the original).
    fn original(&self, id: Word) -> Word {
        let mut cur = id;
        for _ in 0..64 {
            if let Some((v, _)) = self.lane_origin.get(&cur) {
                cur = *v;
            } else if let Some(o) = self.f.origin.get(&cur) {
                cur = *o;
            } else {
                break;
            }
        }
        cur
    }

    /// The source name (OpName) of an id, looking through the inliner's renaming.
    fn name_of(&self, id: Word) -> Option<String> {
        let mut cur = id;
        for _ in 0..64 {
            if let Some(n) = self.m.names.get(&cur) {
                return Some(n.clone());
            }
            cur = *self.f.origin.get(&cur)?;
        }
        None
    }

    fn unit_of_label(&self, label: Word) -> UnitId {
        self.unit_of_block[&self.cfg.index_of[&label]]
    }

    /// Storage class of a pointer type.
    fn pointer_storage(&self, ty: Option<Word>) -> Option<StorageClass> {
        match ty.and_then(|t| self.m.types.get(&t)) {
            Some(SpvType::Pointer(c, _)) => Some(*c),
            _ => None,
        }
    }

    fn is_pointer_type(&self, ty: Option<Word>) -> bool {
        matches!(
            ty.and_then(|t| self.m.types.get(&t)),
            Some(SpvType::Pointer(..))
        )
    }

    fn result_type(&self, inst: &Instruction) -> Result<Type, FrontendError> {
        let t = inst.result_type.unwrap_or(0);
        if let Some(SpvType::Pointer(..)) = self.m.types.get(&t) {
            return Ok(Type::ADDR);
        }
        scalar_type(self.m, t).ok_or_else(|| {
            bad(
                self.m,
                inst,
                format!(
                    "result type {} is not supported (scalars: integers up to 64 bits, half, float, double)",
                    self.type_name(t)
                ),
            )
        })
    }

    fn type_name(&self, t: Word) -> String {
        match self.m.types.get(&t) {
            Some(ty) => format!("{ty:?}"),
            None => format!("%{t}"),
        }
    }

    /// The op holding SPIR-V value `id` inside the unit being built.
    fn value(&mut self, ub: &mut UnitBuilder, id: Word) -> Result<OpId, FrontendError> {
        if let Some(v) = ub.values.get(&id) {
            return Ok(*v);
        }
        if let Some(r) = self.lane_constant(id) {
            let r = r?;
            let op = match r {
                ValueRef::Const(ty, bits) => ub.add(Op_ {
                    kind: OpKind::Const(bits),
                    ty,
                    operands: vec![],
                    name: None,
                }),
                other => ub.op(OpKind::Outer(other), self.kernel.type_of(other), vec![]),
            };
            ub.values.insert(id, op);
            return Ok(op);
        }
        if self
            .pointers
            .get(&id)
            .is_some_and(|p| self.kernel.memory(p.mem).on_chip().is_some())
            && !self
                .def_inst
                .get(&id)
                .is_some_and(|i| i.class.opcode != Op::Variable)
            || self.module_variable(id)?.is_some()
        {
            let op = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
            ub.values.insert(id, op);
            return Ok(op);
        }
        let op = if let Some((ty, bits)) = self.m.constants.get(&id) {
            let ty = scalar_type(self.m, *ty).ok_or_else(|| FrontendError::Unsupported {
                inst: format!("constant %{id}"),
                message: format!(
                    "constant of type {} is not supported yet",
                    self.type_name(*ty)
                ),
            })?;
            ub.add(Op_ {
                kind: OpKind::Const(*bits & mask(ty.bits())),
                ty,
                operands: vec![],
                name: None,
            })
        } else if let Some(arg) = self.params.get(&id) {
            let ty = match self.kernel.args[arg.0 as usize].kind {
                ArgKind::Buffer(_) => Type::ADDR,
                // Address 0 of its own on-chip memory.
                ArgKind::Local(_) => {
                    let c = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
                    ub.values.insert(id, c);
                    return Ok(c);
                }
                ArgKind::Scalar(t) => t,
            };
            ub.add(Op_ {
                kind: OpKind::Arg(*arg),
                ty,
                operands: vec![],
                name: Some(self.kernel.args[arg.0 as usize].name.clone()),
            })
        } else if let Some(v) = self.defs.get(&id).copied() {
            let ty = self.kernel.type_of(v);
            ub.add(Op_ {
                kind: OpKind::Outer(v),
                ty,
                operands: vec![],
                name: self.name_of(id),
            })
        } else if let Some(inst) = self.def_inst.get(&id).copied().or_else(|| {
            self.m
                .module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(id))
        }) {
            // Only an OpUndef can be met before its value exists: it is a zero.
            if inst.class.opcode != Op::Undef {
                let why = if self.def_inst.contains_key(&id) {
                    "value used before it is defined on every path (not in dominance order)"
                } else {
                    "this kind of module-level value is not supported yet"
                };
                return Err(bad(self.m, inst, why));
            }
            let ty = self.result_type(inst)?;
            ub.op(OpKind::Const(0), ty, vec![])
        } else {
            return Err(FrontendError::Malformed(format!(
                "use of undefined id %{id}"
            )));
        };
        ub.values.insert(id, op);
        Ok(op)
    }

    fn pointer(&mut self, inst: &Instruction, id: Word) -> Result<Pointer, FrontendError> {
        if let Some(p) = self.pointers.get(&id) {
            return Ok(*p);
        }
        if let Some(t) = self.tagged.get(&id) {
            let (a, b) = (
                &self.kernel.memory(t.if_true).name,
                &self.kernel.memory(t.if_false).name,
            );
            return Err(bad(self.m, inst, format!("pointer %{id} points into '{a}' or '{b}', decided at run time: only loads, stores and address arithmetic through it are supported")));
        }
        if let Some(mem) = self.module_variable(id)? {
            return Ok(Pointer { mem });
        }
        Err(bad(self.m, inst, format!("pointer %{id} does not come from a buffer argument or an on-chip array (generic pointers and constant tables arrive later)")))
    }

    fn lower_inst(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<(), FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let id = if let Some(id) = self.lower_arith(ub, inst)? {
            id
        } else {
            match opc {
                Op::SNegate => {
                    let ty = self.result_type(inst)?;
                    let zero = ub.add(Op_ {
                        kind: OpKind::Const(0),
                        ty,
                        operands: vec![],
                        name: None,
                    });
                    let a = self.value(ub, arg(0))?;
                    ub.add(Op_ {
                        kind: OpKind::Int(IntBinOp::Sub),
                        ty,
                        operands: vec![zero, a],
                        name,
                    })
                }
                Op::Not | Op::LogicalNot => {
                    let a = self.value(ub, arg(0))?;
                    ub.not(a)
                }
                Op::Select => {
                    if self.is_pointer_type(inst.result_type) {
                        let c = self.value(ub, arg(0))?;
                        return self.select_pointers(ub, inst, c, arg(1), arg(2));
                    }
                    let ty = self.result_type(inst)?;
                    let c = self.value(ub, arg(0))?;
                    let a = self.value(ub, arg(1))?;
                    let b = self.value(ub, arg(2))?;
                    ub.add(Op_ {
                        kind: OpKind::Select,
                        ty,
                        operands: vec![c, a, b],
                        name,
                    })
                }
                Op::UConvert
                | Op::SConvert
                | Op::SatConvertSToU
                | Op::SatConvertUToS
                | Op::Bitcast
                | Op::PtrCastToGeneric
                | Op::GenericCastToPtr
                | Op::GenericCastToPtrExplicit
                | Op::ConvertSToF
                | Op::ConvertUToF
                | Op::ConvertFToS
                | Op::ConvertFToU
                | Op::FConvert => match self.lower_conversion(ub, inst)? {
                    Some(id) => id,
                    None => return Ok(()),
                },
                Op::FRem => {
                    // C's fmod: the remainder with the dividend's sign.
                    let ty = self.result_type(inst)?;
                    let a = self.value(ub, arg(0))?;
                    let b = self.value(ub, arg(1))?;
                    self.require_float(ub, inst, a)?;
                    ub.add(Op_ {
                        kind: OpKind::Math("fmod".into()),
                        ty,
                        operands: vec![a, b],
                        name,
                    })
                }
                Op::IsNan | Op::IsInf | Op::IsFinite | Op::IsNormal | Op::SignBitSet => {
                    let a = self.value(ub, arg(0))?;
                    let ft = self.require_float(ub, inst, a)?;
                    ub.float_class(opc, a, ft)
                }
                Op::CopyObject => {
                    if let Some(p) = self.pointers.get(&arg(0)).copied() {
                        self.pointers.insert(rid, p);
                    }
                    if let Some(t) = self.tagged.get(&arg(0)).copied() {
                        self.tagged.insert(rid, t);
                    }
                    self.value(ub, arg(0))?
                }
                Op::CompositeExtract => {
                    let Some(b) = self.builtin_vectors.get(&arg(0)).copied() else {
                        return Err(bad(m, inst, "vectors and composites are not supported yet (only the work-item built-ins)"));
                    };
                    let dim = crate::spirv::literal_operand(inst, 1).unwrap_or(0);
                    if dim > 2 {
                        return Err(bad(m, inst, "built-in dimension out of range"));
                    }
                    let ty = self.result_type(inst)?;
                    ub.add(Op_ {
                        kind: match b {
                            Some(b) => OpKind::WorkItem(b, dim as u8),
                            None => OpKind::Const(0),
                        },
                        ty,
                        operands: vec![],
                        name,
                    })
                }
                Op::InBoundsPtrAccessChain
                | Op::PtrAccessChain
                | Op::AccessChain
                | Op::InBoundsAccessChain => self.access_chain(ub, inst)?,
                Op::Load
                | Op::Store
                | Op::CopyMemorySized
                | Op::AtomicIAdd
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
                | Op::AtomicStore => match self.lower_access(ub, inst, pred)? {
                    Some(id) => id,
                    None => return Ok(()),
                },
                Op::Undef => ub.add(Op_ {
                    kind: OpKind::Const(0),
                    ty: self.result_type(inst)?,
                    operands: vec![],
                    name,
                }),
                Op::LifetimeStart
                | Op::LifetimeStop
                | Op::Nop
                | Op::Line
                | Op::NoLine
                | Op::SelectionMerge
                | Op::LoopMerge
                | Op::LoopControlINTEL => return Ok(()),
                Op::ExtInst => match self.lower_ext_with_output(ub, inst, pred)? {
                    Some(v) => v,
                    None => self.lower_ext_inst(ub, inst)?,
                },
                Op::BitCount => {
                    let ty = self.result_type(inst)?;
                    let a = self.value(ub, arg(0))?;
                    ub.add(Op_ {
                        kind: OpKind::IntUnary(IntUnaryOp::Popcount),
                        ty,
                        operands: vec![a],
                        name,
                    })
                }
                Op::FNegate => {
                    let a = self.value(ub, arg(0))?;
                    let ty = self.require_float(ub, inst, a)?;
                    ub.add(Op_ {
                        kind: OpKind::FloatUnary(FloatUnaryOp::Neg),
                        ty,
                        operands: vec![a],
                        name,
                    })
                }
                Op::Variable => {
                    self.on_chip_variable(inst)?;
                    ub.op(OpKind::Const(0), Type::ADDR, vec![])
                }
                Op::ControlBarrier => ub.add(Op_ {
                    kind: OpKind::Barrier,
                    ty: Type::BOOL,
                    operands: vec![],
                    name,
                }),
                // A fence orders the work-item's own accesses, which stay in program order.
                Op::MemoryBarrier => return Ok(()),
                _ => return Err(bad(m, inst, "instruction not supported yet")),
            }
        };
        if rid != 0 {
            ub.values.insert(rid, id);
        }
        Ok(())
    }

    /// The arithmetic that maps one to one onto an IR operation: integer and float binary
    /// operations and compares. `None` for any other instruction.
    fn lower_arith(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        let int_bin = match opc {
            Op::IAdd => Some(IntBinOp::Add),
            Op::ISub => Some(IntBinOp::Sub),
            Op::IMul => Some(IntBinOp::Mul),
            Op::BitwiseAnd | Op::LogicalAnd => Some(IntBinOp::And),
            Op::BitwiseOr | Op::LogicalOr => Some(IntBinOp::Or),
            Op::BitwiseXor | Op::LogicalNotEqual => Some(IntBinOp::Xor),
            Op::SDiv => Some(IntBinOp::SDiv),
            Op::UDiv => Some(IntBinOp::UDiv),
            Op::SRem => Some(IntBinOp::SRem),
            Op::UMod => Some(IntBinOp::URem),
            Op::ShiftLeftLogical => Some(IntBinOp::Shl),
            Op::ShiftRightLogical => Some(IntBinOp::LShr),
            Op::ShiftRightArithmetic => Some(IntBinOp::AShr),
            _ => None,
        };
        let cmp = match opc {
            Op::IEqual | Op::LogicalEqual => Some(CmpPred::Eq),
            Op::INotEqual => Some(CmpPred::Ne),
            Op::ULessThan => Some(CmpPred::ULt),
            Op::ULessThanEqual => Some(CmpPred::ULe),
            Op::UGreaterThan => Some(CmpPred::UGt),
            Op::UGreaterThanEqual => Some(CmpPred::UGe),
            Op::SLessThan => Some(CmpPred::SLt),
            Op::SLessThanEqual => Some(CmpPred::SLe),
            Op::SGreaterThan => Some(CmpPred::SGt),
            Op::SGreaterThanEqual => Some(CmpPred::SGe),
            _ => None,
        };
        let fcmp = match opc {
            Op::FOrdEqual => Some(FCmpPred::OEq),
            Op::FOrdNotEqual => Some(FCmpPred::ONe),
            Op::FOrdLessThan => Some(FCmpPred::OLt),
            Op::FOrdLessThanEqual => Some(FCmpPred::OLe),
            Op::FOrdGreaterThan => Some(FCmpPred::OGt),
            Op::FOrdGreaterThanEqual => Some(FCmpPred::OGe),
            Op::FUnordEqual => Some(FCmpPred::UEq),
            Op::FUnordNotEqual => Some(FCmpPred::UNe),
            Op::FUnordLessThan => Some(FCmpPred::ULt),
            Op::FUnordLessThanEqual => Some(FCmpPred::ULe),
            Op::FUnordGreaterThan => Some(FCmpPred::UGt),
            Op::FUnordGreaterThanEqual => Some(FCmpPred::UGe),
            Op::Ordered => Some(FCmpPred::Ord),
            Op::Unordered => Some(FCmpPred::Unord),
            _ => None,
        };
        if let Some(p) = fcmp {
            let a = self.value(ub, arg(0))?;
            let b = self.value(ub, arg(1))?;
            self.require_float(ub, inst, a)?;
            let id = ub.add(Op_ {
                kind: OpKind::FCmp(p),
                ty: Type::BOOL,
                operands: vec![a, b],
                name,
            });
            return Ok(Some(id));
        }
        let fbin = match opc {
            Op::FAdd => Some(FloatBinOp::Add),
            Op::FSub => Some(FloatBinOp::Sub),
            Op::FMul => Some(FloatBinOp::Mul),
            Op::FDiv => Some(FloatBinOp::Div),
            _ => None,
        };
        Ok(Some(if let Some(b) = int_bin {
            let ty = self.result_type(inst)?;
            if !matches!(ty, Type::Int(_)) {
                return Err(bad(m, inst, "integer operation on a non-integer type"));
            }
            let a = self.value(ub, arg(0))?;
            let mut c = self.value(ub, arg(1))?;
            if matches!(b, IntBinOp::Shl | IntBinOp::LShr | IntBinOp::AShr) {
                c = ub.resize(c, ty.bits(), false);
            }
            ub.add(Op_ {
                kind: OpKind::Int(b),
                ty,
                operands: vec![a, c],
                name,
            })
        } else if let Some(p) = cmp {
            let a = self.value(ub, arg(0))?;
            let c = self.value(ub, arg(1))?;
            ub.add(Op_ {
                kind: OpKind::Cmp(p),
                ty: Type::BOOL,
                operands: vec![a, c],
                name,
            })
        } else if let Some(fb) = fbin {
            let ty = self.result_type(inst)?;
            if !matches!(ty, Type::Float(_)) {
                return Err(bad(m, inst, "float arithmetic with a non-float result"));
            }
            let a = self.value(ub, arg(0))?;
            let c = self.value(ub, arg(1))?;
            ub.add(Op_ {
                kind: OpKind::Float(fb),
                ty,
                operands: vec![a, c],
                name,
            })
        } else {
            return Ok(None);
        }))
    }

    /// Loads, stores, atomics and memory copies: accesses to a memory through a pointer.
    /// `None` when the instruction only records something (a store, a copy).
    fn lower_access(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Some(match opc {
            Op::Load | Op::Store if self.tagged.contains_key(&arg(0)) => {
                let t = self.tagged[&arg(0)];
                match self.tagged_access(ub, inst, t, pred)? {
                    Some(v) => v,
                    None => return Ok(None),
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
                        });
                        ub.values.insert(rid, id);
                        return Ok(None);
                    }
                    if let Some(v) = self.scalar_builtin(ub, *b, inst)? {
                        ub.values.insert(rid, v);
                        return Ok(None);
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
                    return Ok(None);
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
                return Ok(None);
            }
            Op::CopyMemorySized => {
                self.lower_copy(ub, inst, pred)?;
                return Ok(None);
            }
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
            | Op::AtomicStore => return self.lower_atomic(ub, inst, pred),
            _ => return Err(bad(m, inst, "instruction not supported yet")),
        }))
    }

    /// The atomic read-modify-writes: a load, the operation and a store of one address,
    /// ordered against every other access to the memory.
    fn lower_atomic(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Some(match opc {
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
                    None => return Ok(None),
                }
            }
            _ => return Err(bad(m, inst, "instruction not supported yet")),
        }))
    }

    /// Conversions and casts: integer widths (saturating or not), float <-> integer and
    /// float <-> float with their rounding modes, bitcasts, and pointer casts between
    /// address spaces. `None` when a pointer cast only records where the pointer points.
    fn lower_conversion(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
    ) -> Result<Option<OpId>, FrontendError> {
        let m = self.m;
        let opc = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let name = self.name_of(rid);
        let arg = |i: usize| id_operand(inst, i).unwrap_or(0);
        Ok(Some(match opc {
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
                return Ok(None);
            }
            Op::PtrCastToGeneric if self.tagged.contains_key(&arg(0)) => {
                let t = self.tagged[&arg(0)];
                self.tagged.insert(rid, t);
                let v = self.value(ub, arg(0))?;
                ub.values.insert(rid, v);
                return Ok(None);
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
                        MemoryKind::Global { .. } => StorageClass::CrossWorkgroup,
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
                return Ok(None);
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
                    }),
                    Op::ConvertUToF => ub.add(Op_ {
                        kind: OpKind::Convert(ConvertOp::UIToF(r)),
                        ty,
                        operands: vec![a],
                        name,
                    }),
                    Op::FConvert => ub.add(Op_ {
                        kind: OpKind::Convert(ConvertOp::FToF(r)),
                        ty,
                        operands: vec![a],
                        name,
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
                        })
                    }
                }
            }
            _ => return Err(bad(m, inst, "instruction not supported yet")),
        }))
    }

    fn finish(mut self) -> Result<Kernel, FrontendError> {
        // Record where every SPIR-V value lives so that entry phis can name them.
        let pending = std::mem::take(&mut self.pending_entry);
        for (uid, phis) in pending {
            for (k, rid, outside) in phis {
                let mut incoming: Vec<(UnitId, ValueRef)> = Vec::new();
                for (v, parent) in outside {
                    let Some(&from) = self.unit_of_block.get(&parent) else {
                        return Err(FrontendError::Malformed(format!(
                            "OpPhi %{rid}: incoming block %{} is not reachable from the entry, so it cannot branch to the phi's block",
                            self.block(parent).label
                        )));
                    };
                    if incoming.iter().any(|(f, _)| *f == from) {
                        continue;
                    }
                    // From a loop with several exits: the value of the exit it took.
                    let r = match self.exit_merges.get(&(rid, from)) {
                        Some(op) => ValueRef::Op(from, *op),
                        None => self.value_ref(v)?,
                    };
                    incoming.push((from, r));
                }
                self.kernel.units[uid.0 as usize].entry_phis[k].incoming = incoming;
            }
        }
        // Every value another unit reads (and every exit condition) is captured.
        let mut live: Vec<(UnitId, OpId)> = Vec::new();
        for u in &self.kernel.units {
            for (_, op) in u.body.ops() {
                if let OpKind::Outer(ValueRef::Op(du, dop)) = op.kind {
                    live.push((du, dop));
                }
            }
            for p in &u.entry_phis {
                for (_, r) in &p.incoming {
                    if let ValueRef::Op(du, dop) = r {
                        live.push((*du, *dop));
                    }
                }
            }
        }
        for (i, u) in self.kernel.units.iter_mut().enumerate() {
            match u.exit {
                Exit::Branch { cond, .. } => live.push((UnitId(i as u32), cond)),
                Exit::Switch { value, .. } => live.push((UnitId(i as u32), value)),
                _ => {}
            }
        }
        live.sort();
        live.dedup();
        for (u, op) in live {
            self.kernel.units[u.0 as usize].live_out.push(op);
        }
        Ok(self.kernel)
    }

    fn value_ref(&self, v: Word) -> Result<ValueRef, FrontendError> {
        if let Some(r) = self.lane_constant(v) {
            return r;
        }
        if let Some((ty, bits)) = self.m.constants.get(&v) {
            let ty = scalar_type(self.m, *ty).ok_or_else(|| FrontendError::Unsupported {
                inst: format!("constant %{v}"),
                message: "unsupported constant type".into(),
            })?;
            return Ok(ValueRef::Const(ty, *bits & mask(ty.bits())));
        }
        if let Some(a) = self.params.get(&v) {
            return Ok(ValueRef::Arg(*a));
        }
        if let Some(r) = self.defs.get(&v) {
            return Ok(*r);
        }
        if let Some(inst) = self.def_inst.get(&v) {
            if inst.class.opcode == Op::Undef {
                return Ok(ValueRef::Const(self.result_type(inst)?, 0));
            }
            return Err(bad(
                self.m,
                inst,
                "a phi reads a value that is not defined on the edge it comes from",
            ));
        }
        Err(FrontendError::Malformed(format!(
            "phi reads undefined id %{v}"
        )))
    }
}

type Op_ = crate::ir::Op;

struct UnitBuilder {
    body: Body,
    values: HashMap<Word, OpId>,
    entry_phis: Vec<EntryPhi>,
    pending_phis: Vec<(usize, Word, Vec<(Word, NodeIndex)>)>,
    carried: Vec<(OpId, Word)>,
    atomic_mems: Vec<MemId>,
}

impl UnitBuilder {
    fn add(&mut self, op: Op_) -> OpId {
        self.body.add(op)
    }
    /// An unnamed operation.
    fn op(&mut self, kind: OpKind, ty: Type, operands: Vec<OpId>) -> OpId {
        self.body.add(Op_ {
            kind,
            ty,
            operands,
            name: None,
        })
    }
    fn int(&mut self, b: IntBinOp, ty: Type, x: OpId, y: OpId) -> OpId {
        self.add(Op_ {
            kind: OpKind::Int(b),
            ty,
            operands: vec![x, y],
            name: None,
        })
    }
    fn not(&mut self, x: OpId) -> OpId {
        let ty = self.body.op(x).ty;
        let ones = self.add(Op_ {
            kind: OpKind::Const(mask(ty.bits())),
            ty,
            operands: vec![],
            name: None,
        });
        self.int(IntBinOp::Xor, ty, x, ones)
    }
    /// Lane `k` (of type `ty`) of a packed word: a shift and a truncation, which are wiring.
    fn lane_of(&mut self, word: OpId, k: u32, ty: Type) -> OpId {
        let wty = self.body.op(word).ty;
        let shifted = if k == 0 {
            word
        } else {
            let sh = self.op(OpKind::Const((k * ty.bits()) as u64), wty, vec![]);
            self.int(IntBinOp::LShr, wty, word, sh)
        };
        let bits = self.op(
            OpKind::Cast(CastOp::Trunc),
            Type::Int(ty.bits()),
            vec![shifted],
        );
        self.as_type(bits, ty, None)
    }

    /// `x` seen as `ty`, a type of the same width: `x` itself, or a bitcast (wiring).
    fn as_type(&mut self, x: OpId, ty: Type, name: Option<String>) -> OpId {
        if self.body.op(x).ty == ty {
            return x;
        }
        self.add(Op_ {
            kind: OpKind::Cast(CastOp::Bitcast),
            ty,
            operands: vec![x],
            name,
        })
    }

    /// `value` moved into lane `k` of a word of type `word_ty` (other lanes zero).
    fn place_lane(&mut self, value: OpId, k: u32, word_ty: Type) -> OpId {
        let vty = self.body.op(value).ty;
        let bits = self.as_type(value, Type::Int(vty.bits()), None);
        let wide = self.op(OpKind::Cast(CastOp::ZExt), word_ty, vec![bits]);
        if k == 0 {
            return wide;
        }
        let sh = self.op(OpKind::Const((k * vty.bits()) as u64), word_ty, vec![]);
        self.int(IntBinOp::Shl, word_ty, wide, sh)
    }

    /// A store of `data` at `addr` into `mem`, predicated when `pred` is given.
    fn store(&mut self, mem: MemId, addr: OpId, data: OpId, pred: Option<OpId>) -> OpId {
        let ty = self.body.op(data).ty;
        let mut operands = vec![addr, data];
        operands.extend(pred);
        self.op(OpKind::Store(mem), ty, operands)
    }

    /// `addr + bytes` (a no-op for 0).
    fn offset(&mut self, addr: OpId, bytes: u64) -> OpId {
        if bytes == 0 {
            return addr;
        }
        let c = self.op(OpKind::Const(bytes), Type::ADDR, vec![]);
        self.int(IntBinOp::Add, Type::ADDR, addr, c)
    }

    /// Integer `x` (signed or not) clamped to the range of a `to`-bit integer (signed or
    /// not), then resized: the saturating conversions.
    fn saturate(&mut self, x: OpId, from_signed: bool, to_signed: bool, to: u32) -> OpId {
        let from = self.body.op(x).ty.bits();
        let range = |signed: bool, bits: u32| -> (i128, i128) {
            if signed {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            } else {
                (0, (1i128 << bits) - 1)
            }
        };
        let (from_lo, from_hi) = range(from_signed, from);
        let (lo, hi) = range(to_signed, to);
        // A width that holds the source and, where a bound is checked, the bound too.
        let w = (from.max(to) + 1).min(64);
        let wt = Type::Int(w);
        let mut v = self.resize(x, w, from_signed);
        if lo > from_lo {
            let c = self.op(OpKind::Const(lo as u64 & mask(w)), wt, vec![]);
            let below = self.op(OpKind::Cmp(CmpPred::SLt), Type::BOOL, vec![v, c]);
            v = self.op(OpKind::Select, wt, vec![below, c, v]);
        }
        if hi < from_hi {
            let c = self.op(OpKind::Const(hi as u64 & mask(w)), wt, vec![]);
            let p = if from_signed {
                CmpPred::SGt
            } else {
                CmpPred::UGt
            };
            let above = self.op(OpKind::Cmp(p), Type::BOOL, vec![v, c]);
            v = self.op(OpKind::Select, wt, vec![above, c, v]);
        }
        self.resize(v, to, false)
    }

    /// OpIsNan, OpIsInf, OpIsFinite, OpIsNormal and OpSignBitSet on float `x`, from its bits.
    fn float_class(&mut self, opc: Op, x: OpId, ft: Type) -> OpId {
        let w = ft.bits();
        let it = Type::Int(w);
        let man = match w {
            16 => 10,
            32 => 23,
            _ => 52,
        };
        let bits = self.op(OpKind::Cast(CastOp::Bitcast), it, vec![x]);
        let abs_mask = self.op(OpKind::Const(mask(w - 1)), it, vec![]);
        let abs = self.int(IntBinOp::And, it, bits, abs_mask);
        let inf = self.op(OpKind::Const(mask(w - 1 - man) << man), it, vec![]);
        match opc {
            Op::IsNan => self.op(OpKind::Cmp(CmpPred::UGt), Type::BOOL, vec![abs, inf]),
            Op::IsInf => self.op(OpKind::Cmp(CmpPred::Eq), Type::BOOL, vec![abs, inf]),
            Op::IsFinite => self.op(OpKind::Cmp(CmpPred::ULt), Type::BOOL, vec![abs, inf]),
            Op::IsNormal => {
                let min = self.op(OpKind::Const(1u64 << man), it, vec![]);
                let finite = self.op(OpKind::Cmp(CmpPred::ULt), Type::BOOL, vec![abs, inf]);
                let big = self.op(OpKind::Cmp(CmpPred::UGe), Type::BOOL, vec![abs, min]);
                self.int(IntBinOp::And, Type::BOOL, finite, big)
            }
            _ => {
                let zero = self.op(OpKind::Const(0), it, vec![]);
                self.op(OpKind::Cmp(CmpPred::SLt), Type::BOOL, vec![bits, zero])
            }
        }
    }

    /// Zero/sign-extends or truncates an integer to `bits`.
    fn resize(&mut self, x: OpId, bits: u32, signed: bool) -> OpId {
        let from = self.body.op(x).ty.bits();
        let kind = match from.cmp(&bits) {
            std::cmp::Ordering::Equal => return x,
            std::cmp::Ordering::Less if signed => CastOp::SExt,
            std::cmp::Ordering::Less => CastOp::ZExt,
            std::cmp::Ordering::Greater => CastOp::Trunc,
        };
        self.op(OpKind::Cast(kind), Type::Int(bits), vec![x])
    }
}

pub fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

pub fn scalar_type(m: &SpirvModule, t: Word) -> Option<Type> {
    match m.types.get(&t)? {
        SpvType::Bool => Some(Type::BOOL),
        // Any width up to 64 (arbitrary-precision integers, clang's narrowed values).
        SpvType::Int(w) if (1..=64).contains(w) => Some(Type::Int(*w)),
        SpvType::Float(16) => Some(Type::Float(FloatKind::F16)),
        SpvType::Float(32) => Some(Type::Float(FloatKind::F32)),
        SpvType::Float(64) => Some(Type::Float(FloatKind::F64)),
        _ => None,
    }
}
