//! Pipe arguments and their blocking accesses (`crate::pipes` wrote them as the internal
//! `hls.pipe` set): a read is a load of the pipe's stream, a write a store to it, under the
//! block's predicate like any memory access. The address operand is zero; the stream's
//! order is the pipeline's.

use super::*;

impl Lowering<'_> {
    /// Whether `inst` is an OpExtInst of the internal `hls.pipe` set.
    pub(super) fn is_pipe_access(&self, inst: &Instruction) -> bool {
        let set = id_operand(inst, 0);
        inst.class.opcode == Op::ExtInst
            && self.m.module.ext_inst_imports.iter().any(|i| {
                i.result_id == set
                    && matches!(i.operands.first(), Some(rspirv::dr::Operand::LiteralString(n)) if n == crate::pipes::PIPE_SET)
            })
    }

    pub(super) fn pipe_access(
        &mut self,
        ub: &mut UnitBuilder,
        inst: &Instruction,
        pred: Option<OpId>,
    ) -> Result<OpId, FrontendError> {
        let m = self.m;
        let which = match inst.operands.get(1) {
            Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) => *n,
            _ => return Err(bad(m, inst, "malformed pipe access")),
        };
        let pipe = id_operand(inst, 2).unwrap_or(0);
        let mem = self
            .params
            .get(&pipe)
            .and_then(|a| match self.kernel.args[a.0 as usize].kind {
                ArgKind::Pipe(mem) => Some(mem),
                _ => None,
            })
            .ok_or_else(|| {
                bad(
                    m,
                    inst,
                    "a pipe that is not a kernel argument (program-scope pipes are not built yet)",
                )
            })?;
        let addr = ub.op(OpKind::Const(0), Type::ADDR, vec![]);
        let name = self.name_of(inst.result_id.unwrap_or(0));
        if which == crate::pipes::READ {
            let ty = self.result_type(inst)?;
            self.kernel.memories[mem.0 as usize].read = true;
            let mut operands = vec![addr];
            operands.extend(pred);
            Ok(ub.add(Op_ {
                kind: OpKind::Load(mem),
                ty,
                operands,
                name,
                loc: None,
            }))
        } else {
            let data = self.value(ub, id_operand(inst, 3).unwrap_or(0))?;
            self.kernel.memories[mem.0 as usize].written = true;
            Ok(ub.store(mem, addr, data, pred))
        }
    }
}

/// The packet type of pipe parameter `param`: what its accesses in `f` move (a pipe type
/// does not say). None when the kernel never touches it.
pub(super) fn packet_type(
    m: &SpirvModule,
    f: &crate::inline::FlatFunction,
    param: Word,
) -> Option<Word> {
    let defs: HashMap<Word, Word> = f
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .filter_map(|i| Some((i.result_id?, i.result_type?)))
        .collect();
    f.blocks
        .iter()
        .flat_map(|b| b.insts.iter())
        .filter(|i| i.class.opcode == Op::ExtInst && id_operand(i, 2) == Some(param))
        .find_map(|i| match i.operands.get(1) {
            Some(rspirv::dr::Operand::LiteralExtInstInteger(n)) if *n == crate::pipes::READ => {
                i.result_type
            }
            _ => id_operand(i, 3).and_then(|v| {
                defs.get(&v)
                    .copied()
                    .or_else(|| m.constants.get(&v).map(|c| c.0))
            }),
        })
}
