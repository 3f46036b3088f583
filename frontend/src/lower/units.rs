//! Lowering one unit: its blocks in order (each block's predicate, phis and instructions,
//! if-converted into one dataflow graph), then what kind of unit it is and where it exits.

use super::*;

impl Lowering<'_> {
    pub(super) fn lower_unit(&mut self, uid: UnitId) -> Result<Unit, FrontendError> {
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
            // A phi stands before the block's first line: it is where its next value is.
            let loc = ub.body.op(n).loc;
            ub.body.graph[phi.node()].loc = ub.body.op(phi).loc.or(loc);
        }
        let (kind, exit) =
            self.unit_kind_and_exit(&mut ub, uid, &blocks, &in_unit, loop_index, &block_pred)?;
        for (id, op) in &ub.values {
            if !self.def_inst.contains_key(id) && !self.lane_origin.contains_key(id) {
                continue;
            }
            let ty = ub.body.op(*op).ty;
            match ub.body.op(*op).kind {
                OpKind::Outer(v @ (ValueRef::Op(..) | ValueRef::EntryPhi(..))) => {
                    self.defs.insert(*id, v);
                }
                // An instruction that folded to a constant or an argument (an access chain
                // at a constant index, a cast of a buffer pointer): later units rebuild it.
                OpKind::Const(c) if self.def_inst.contains_key(id) => {
                    self.defs.insert(*id, ValueRef::Const(ty, c));
                }
                OpKind::Arg(a) if self.def_inst.contains_key(id) => {
                    self.defs.insert(*id, ValueRef::Arg(a));
                }
                OpKind::Outer(_) | OpKind::Const(_) | OpKind::Arg(_) => {}
                _ => {
                    self.defs.insert(*id, ValueRef::Op(uid, *op));
                }
            }
        }
        let pending = std::mem::take(&mut ub.pending_phis);
        let loc = self.unit_loc(&blocks, matches!(kind, UnitKind::Loop { .. }));
        let name = match (&kind, self.name_of(self.block(first).label).as_ref()) {
            (UnitKind::WorkItems, _) => WORK_ITEMS_UNIT.to_string(),
            // A loop is named by its source line (the line of its `for`), else its label.
            (UnitKind::Loop { .. }, _) if loc.is_some() => {
                loc.map(|l| self.kernel.line_of(l)).unwrap_or_default()
            }
            (UnitKind::Loop { .. }, Some(n)) => format!("loop.{n}"),
            (UnitKind::Loop { .. }, None) => format!("loop.{}", self.block(first).label),
            (_, Some(n)) => n.clone(),
            (_, None) => format!("block.{}", self.block(first).label),
        };
        let mut unit = Unit {
            name,
            loc,
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
    // Long because predicates, phis and instructions of a block are lowered in one walk that keeps the edge predicates.
    pub(super) fn lower_blocks(
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
            // Every operation an instruction becomes takes the instruction's source position.
            let mut mark = (ub.body.len(), None);
            let mut rank = crate::lines::Ranks::default();
            for inst in &fb.insts {
                stamp(&mut ub.body, mark);
                mark = (ub.body.len(), self.f.lines.of(fb.label, &mut rank, inst));
                self.current = mark.1.or(self.f.lines.first(fb.label));
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
                                    loc: None,
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
                                        loc: None,
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
                                                loc: None,
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
            stamp(&mut ub.body, mark);
        }
        Ok(block_pred)
    }

    /// Where a unit is in the source: a loop at its back edge's branch, which clang places
    /// on the `for`, `while` or `do`; a block at its first positioned instruction.
    fn unit_loc(&self, blocks: &[NodeIndex], is_loop: bool) -> Option<Loc> {
        let header = self.block(blocks[0]).label;
        let latch = blocks.iter().find(|&&b| {
            successors(self.m, self.f, self.cfg.graph[b]).is_ok_and(|s| s.contains(&header))
        });
        let back_edge = latch
            .filter(|_| is_loop)
            .and_then(|&b| self.f.lines.terminator(self.block(b).label));
        back_edge.or_else(|| {
            blocks
                .iter()
                .find_map(|&b| self.f.lines.first(self.block(b).label))
        })
    }

    /// What the unit is (a block, a pipelined loop, the pipelined work-items) and where
    /// control goes after it: a loop's one exit block, a block's branch or switch.
    // Long because a loop's exit analysis and a block's branch or switch are decided together.
    pub(super) fn unit_kind_and_exit(
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
                                    loc: None,
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

    /// Loop controls from an OpLoopMerge or OpLoopControlINTEL inside the loop: requests
    /// the scheduler must honour (II, pipelining) and hints it may read.
    pub(super) fn loop_controls(&self, blocks: &[NodeIndex]) -> LoopControls {
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
    pub(super) fn branch_condition(
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
                        loc: None,
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
}

/// Gives the operations added since `mark.0` the position `mark.1` (those that have none).
fn stamp(body: &mut Body, mark: (usize, Option<Loc>)) {
    let (from, Some(loc)) = mark else { return };
    for k in from..body.len() {
        let op = &mut body.graph[NodeIndex::new(k)];
        op.loc.get_or_insert(loc);
    }
}
