//! Inlining: turns the kernel's entry function and everything it calls into one flat list
//! of basic blocks. Callee ids are renamed into fresh ids past the module's bound.

use crate::spirv::{id_operand, SpirvModule};
use crate::FrontendError;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};
use std::collections::HashMap;

#[derive(Debug, Clone)]
pub struct FlatBlock {
    pub label: Word,
    /// Every instruction including phis first and the terminator last.
    pub insts: Vec<Instruction>,
}

#[derive(Debug, Clone)]
pub struct FlatFunction {
    pub params: Vec<Instruction>,
    pub blocks: Vec<FlatBlock>,
    /// Renamed (inlined) id -> the id it copies, so source names survive inlining.
    pub origin: HashMap<Word, Word>,
    /// Where each instruction came from (OpLine), kept when the line instructions go.
    pub lines: crate::lines::SourceLines,
}

struct Inliner<'m> {
    m: &'m SpirvModule,
    origin: HashMap<Word, Word>,
    next_id: Word,
    stack: Vec<Word>,
}

pub fn inline_kernel(m: &SpirvModule, func: Word) -> Result<FlatFunction, FrontendError> {
    let f = m.function(func).ok_or_else(|| {
        FrontendError::Malformed(format!("entry point %{func} has no function body"))
    })?;
    let mut inl = Inliner {
        m,
        origin: HashMap::new(),
        next_id: m.bound.max(1),
        stack: vec![func],
    };
    let blocks = inl.flatten(func, &HashMap::new())?;
    Ok(FlatFunction {
        params: f.parameters.clone(),
        blocks,
        origin: inl.origin,
        lines: Default::default(),
    })
}

impl Inliner<'_> {
    fn fresh(&mut self) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The blocks of `func` with ids renamed through `rename`, calls inlined.
    fn flatten(
        &mut self,
        func: Word,
        rename: &HashMap<Word, Word>,
    ) -> Result<Vec<FlatBlock>, FrontendError> {
        let f = self.m.function(func).ok_or_else(|| {
            FrontendError::Malformed(format!("call to %{func}, which has no body"))
        })?;
        if f.blocks.is_empty() {
            // Imported (LinkageAttributes Import): declared here, defined elsewhere.
            let name = self
                .m
                .names
                .get(&func)
                .cloned()
                .unwrap_or_else(|| format!("%{func}"));
            return Err(FrontendError::Unsupported {
                inst: format!("OpFunctionCall %{func} ({name})"),
                message: "the function is imported, not defined in this module: link the module \
                          that defines it before translating (llvm-link), or, for an OpenCL \
                          built-in, check its mangled name (SPIR 1.2 appendix A)"
                    .into(),
            });
        }
        let map = |id: Word| *rename.get(&id).unwrap_or(&id);
        let mut out: Vec<FlatBlock> = Vec::new();
        // Phi parents that moved because a call split their block: old label -> new label.
        let mut moved: HashMap<Word, Word> = HashMap::new();
        for block in &f.blocks {
            let label = map(block.label.as_ref().and_then(|l| l.result_id).unwrap_or(0));
            let mut cur = FlatBlock {
                label,
                insts: Vec::new(),
            };
            for inst in &block.instructions {
                let mut inst = inst.clone();
                rename_inst(&mut inst, rename);
                if inst.class.opcode != Op::FunctionCall {
                    cur.insts.push(inst);
                    continue;
                }
                let callee = id_operand(&inst, 0).unwrap_or(0);
                if self.stack.contains(&callee) {
                    return Err(FrontendError::Invalid {
                        rule: "OpenCL SPIR-V environment §4 (no recursion)".into(),
                        inst: self.m.describe(&inst),
                        message: format!(
                            "recursive call to %{callee}{}: the static call graph must be acyclic",
                            self.m
                                .names
                                .get(&callee)
                                .map(|n| format!(" ({n})"))
                                .unwrap_or_default()
                        ),
                    });
                }
                let cf = self
                    .m
                    .function(callee)
                    .ok_or_else(|| FrontendError::Unsupported {
                        inst: self.m.describe(&inst),
                        message: "call to a function without a body (an unresolved import)".into(),
                    })?;
                // Callee-local ids get fresh names; parameters become the call's arguments.
                let mut callee_rename: HashMap<Word, Word> = HashMap::new();
                for (i, p) in cf.parameters.iter().enumerate() {
                    if let (Some(pid), Some(arg)) = (p.result_id, id_operand(&inst, i + 1)) {
                        callee_rename.insert(pid, arg);
                    }
                }
                for b in &cf.blocks {
                    if let Some(l) = b.label.as_ref().and_then(|l| l.result_id) {
                        let n = self.fresh();
                        callee_rename.insert(l, n);
                        self.origin.insert(n, l);
                    }
                    for i in &b.instructions {
                        if let Some(r) = i.result_id {
                            let n = self.fresh();
                            callee_rename.insert(r, n);
                            self.origin.insert(n, r);
                        }
                    }
                }
                self.stack.push(callee);
                let mut body = self.flatten(callee, &callee_rename)?;
                self.stack.pop();
                let cont = self.fresh();
                let mut returns: Vec<(Word, Word)> = Vec::new();
                for b in &mut body {
                    let Some(term) = b.insts.last_mut() else {
                        continue;
                    };
                    match term.class.opcode {
                        Op::Return => *term = branch(cont),
                        Op::ReturnValue => {
                            returns.push((id_operand(term, 0).unwrap_or(0), b.label));
                            *term = branch(cont);
                        }
                        _ => {}
                    }
                }
                let entry = body.first().map(|b| b.label).unwrap_or(cont);
                cur.insts.push(branch(entry));
                out.push(std::mem::replace(
                    &mut cur,
                    FlatBlock {
                        label: cont,
                        insts: Vec::new(),
                    },
                ));
                moved.insert(label, cont);
                out.extend(body);
                if let (Some(rt), Some(rid)) = (inst.result_type, inst.result_id) {
                    if !returns.is_empty() {
                        let mut phi = Instruction::new(Op::Phi, Some(rt), Some(rid), vec![]);
                        for (v, l) in returns {
                            phi.operands.push(Operand::IdRef(v));
                            phi.operands.push(Operand::IdRef(l));
                        }
                        cur.insts.push(phi);
                    }
                }
            }
            out.push(cur);
        }
        // A block split by a call now reaches its successors from its last part.
        if !moved.is_empty() {
            for b in &mut out {
                for inst in b.insts.iter_mut().filter(|i| i.class.opcode == Op::Phi) {
                    for k in (1..inst.operands.len()).step_by(2) {
                        if let Operand::IdRef(l) = &mut inst.operands[k] {
                            if let Some(n) = moved.get(l) {
                                // Follow chains: a block split by several calls.
                                let mut n = *n;
                                while let Some(m) = moved.get(&n) {
                                    n = *m;
                                }
                                *l = n;
                            }
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

fn branch(target: Word) -> Instruction {
    Instruction::new(Op::Branch, None, None, vec![Operand::IdRef(target)])
}

fn rename_inst(inst: &mut Instruction, rename: &HashMap<Word, Word>) {
    if rename.is_empty() {
        return;
    }
    if let Some(r) = inst.result_id {
        if let Some(n) = rename.get(&r) {
            inst.result_id = Some(*n);
        }
    }
    for op in &mut inst.operands {
        if let Operand::IdRef(id) = op {
            if let Some(n) = rename.get(id) {
                *id = *n;
            }
        }
    }
}
