//! Pipe arguments in the model: a read pipe hands out the host's packets in order, a write
//! pipe collects what the kernel sends. A host stream never fills, so a write always
//! succeeds; a read of an exhausted pipe could never succeed (nothing else feeds it), so
//! the run stops there, naming the pipe, where the hardware would wait forever. A pipe
//! that a system connects to another kernel's reads and writes the link between them
//! (`crate::net`), waiting as the hardware waits.

use super::*;
use crate::values::ArgValue;

/// A pipe argument's state: its buffer in `Machine::bufs`, and for a read pipe the bytes
/// taken so far.
pub(super) struct PipeState {
    pub name: String,
    pub write: bool,
    pub taken: usize,
    /// The system's link this pipe is an end of, when another kernel is at the other end.
    pub link: Option<usize>,
}

impl<'m> Machine<'m> {
    /// OpReadPipe / OpWritePipe: pipe, pointer, packet size, packet alignment. `NotMine`
    /// for any other instruction.
    pub(super) fn exec_pipe(
        &mut self,
        inst: &Instruction,
        vals: &mut HashMap<Word, V>,
    ) -> Result<exec::Step, SimError> {
        let op = inst.class.opcode;
        if !frontend::pipes::is_access(op) {
            return Ok(exec::Step::NotMine);
        }
        let a = |i: usize| id_operand(inst, i).unwrap_or(0);
        let V::Ptr(b, _) = self.get(vals, a(0), inst)? else {
            return Err(self.err(inst, "a pipe operand that is not a pipe argument"));
        };
        let V::Ptr(vb, voff) = self.get(vals, a(1), inst)? else {
            return Err(self.err(inst, "a packet pointer into no memory"));
        };
        let size = self.int(vals, a(2), inst)? as usize;
        let state = self
            .pipes
            .get(&b)
            .ok_or_else(|| self.err(inst, "a pipe operand that is not a pipe argument"))?;
        let (name, write, taken, link) = (state.name.clone(), state.write, state.taken, state.link);
        let read = op == Op::ReadPipe;
        if read == write {
            return Err(self.err(
                inst,
                &format!("pipe '{name}' is accessed against its access qualifier"),
            ));
        }
        let voff = voff as usize;
        if voff + size > self.bufs[vb].1.len() {
            return Err(self.err(inst, "the packet's variable is smaller than the packet"));
        }
        if let (Some(l), Some((net, me))) = (link, self.net) {
            if read {
                let packet = net.read(me, l)?;
                if packet.len() != size {
                    return Err(self.err(inst, "a packet of another size than the pipe's"));
                }
                self.bufs[vb].1[voff..voff + size].copy_from_slice(&packet);
            } else {
                net.write(me, l, self.bufs[vb].1[voff..voff + size].to_vec())?;
            }
        } else if read {
            let have = self.bufs[b].1.len();
            if taken + size > have {
                return Err(SimError::BadArg(format!(
                    "{}: the kernel waits for packet {} on pipe '{name}', which the host gave {} packets: in hardware it would wait forever; give the pipe more packets",
                    self.m.describe(inst),
                    taken / size + 1,
                    have / size
                )));
            }
            let packet = self.bufs[b].1[taken..taken + size].to_vec();
            self.bufs[vb].1[voff..voff + size].copy_from_slice(&packet);
            if let Some(s) = self.pipes.get_mut(&b) {
                s.taken += size;
            }
        } else {
            let packet = self.bufs[vb].1[voff..voff + size].to_vec();
            self.bufs[b].1.extend_from_slice(&packet);
        }
        Ok(match inst.result_type {
            // The status: 0, the access succeeded.
            Some(ty) => exec::Step::Value(self.zero(ty, inst)?),
            None => exec::Step::Done,
        })
    }
}

/// Registers the pipe parameters of `f` among `args` (already given their buffers, in
/// argument order from `first_buf`): a write pipe starts empty. `links`: the arguments
/// (by index) that are ends of a system's links, and their link.
pub(super) fn pipe_params(
    m: &SpirvModule,
    f: &rspirv::dr::Function,
    args: &[ArgValue],
    bufs: &mut [(Elem, Vec<u8>)],
    links: &[(usize, usize)],
) -> HashMap<usize, PipeState> {
    let mut out = HashMap::new();
    let mut bi = 0;
    for (ai, (a, p)) in args.iter().zip(&f.parameters).enumerate() {
        if let ArgValue::Buffer(_) = a {
            if let Some(SpvType::Pipe(write)) = p.result_type.and_then(|t| m.types.get(&t)) {
                let name = p
                    .result_id
                    .and_then(|id| m.names.get(&id).cloned())
                    .unwrap_or_else(|| format!("arg{bi}"));
                if *write {
                    bufs[bi].1.clear();
                }
                out.insert(
                    bi,
                    PipeState {
                        name,
                        write: *write,
                        taken: 0,
                        link: links.iter().find(|(i, _)| *i == ai).map(|(_, l)| *l),
                    },
                );
            }
            bi += 1;
        }
    }
    out
}
