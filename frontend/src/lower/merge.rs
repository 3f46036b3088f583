//! `merge("key", "depth"|"width")`: on-chip variables sharing a key become one memory.
//! Depth-wise, the variables are stacked one after another (variable j starts where
//! variable j-1 ends); width-wise, element i of every variable shares word i, variable j
//! in lane j. Their loads and stores are rewritten to the merged memory with the address
//! that layout gives, so the scheduler and the RTL see one RAM whose ports all of them
//! share — which is the point of merging (fewer RAMs, at the price of ports).

use crate::ir::*;
use crate::FrontendError;
use petgraph::visit::EdgeRef;
use std::collections::BTreeMap;

fn invalid(key: &str, names: &[String], message: String) -> FrontendError {
    FrontendError::Invalid {
        rule: "SPV_INTEL_fpga_memory_attributes".into(),
        inst: format!("merge \"{key}\" of {}", names.join(", ")),
        message,
    }
}

pub fn merge_memories(k: &mut Kernel) -> Result<(), FrontendError> {
    // (storage, key) -> members in declaration order.
    let mut groups: BTreeMap<(bool, String), Vec<MemId>> = BTreeMap::new();
    for (i, m) in k.memories.iter().enumerate() {
        if let Some(OnChip {
            storage,
            attrs:
                MemAttrs {
                    merge: Some((key, _)),
                    ..
                },
            ..
        }) = m.on_chip()
        {
            groups
                .entry((*storage == Storage::Local, key.clone()))
                .or_default()
                .push(MemId(i as u32));
        }
    }
    for ((_, key), members) in groups {
        if members.len() < 2 {
            continue; // Nothing to merge with: the variable is built on its own.
        }
        let names: Vec<String> = members.iter().map(|m| k.memory(*m).name.clone()).collect();
        let first = k.memory(members[0]).clone();
        let oc0 = first.on_chip().cloned().ok_or_else(|| {
            invalid(
                &key,
                &names,
                "merge applies to on-chip variables only".into(),
            )
        })?;
        if members
            .iter()
            .any(|m| k.memory(*m).on_chip().is_some_and(|o| o.init.is_some()))
        {
            return Err(FrontendError::Unsupported {
                inst: format!("merge \"{key}\" of {}", names.join(", ")),
                message: "merging constant tables is not supported yet".into(),
            });
        }
        let dir = oc0.attrs.merge.clone().map(|m| m.1).unwrap_or_default();
        for m in &members[1..] {
            let mem = k.memory(*m);
            let oc = mem.on_chip().expect("grouped by on-chip attributes");
            if oc.attrs.merge.as_ref().map(|m| &m.1) != Some(&dir) {
                return Err(invalid(
                    &key,
                    &names,
                    "the variables disagree on the direction (depth or width): give them all the same".into(),
                ));
            }
            if mem.elem != first.elem {
                return Err(FrontendError::Unsupported {
                    inst: format!("merge \"{key}\" of {}", names.join(", ")),
                    message: format!(
                        "merging arrays of different element types ({} and {}) is not supported yet",
                        first.elem, mem.elem
                    ),
                });
            }
        }
        let eb = first.elem.bytes() as u64;
        let depths: Vec<u64> = members
            .iter()
            .map(|m| k.memory(*m).on_chip().map_or(0, |o| o.depth))
            .collect();
        // Width-wise, lanes per word: a power of two, so the word stays a legal bank width.
        let lanes = (members.len() as u64).next_power_of_two();
        let (depth, mut attrs) = match dir.as_str() {
            "depth" => (depths.iter().sum::<u64>(), oc0.attrs.clone()),
            _ => {
                let mut a = oc0.attrs.clone();
                a.bankwidth = Some((lanes * eb) as u32);
                (depths.iter().copied().max().unwrap_or(0) * lanes, a)
            }
        };
        // The other decorations of the first variable describe the merged memory.
        attrs.merge = Some((key.clone(), dir.clone()));
        let merged = MemId(k.memories.len() as u32);
        let mut merged_mem =
            Memory::new_on_chip(names.join("+"), oc0.storage, first.elem, depth, attrs, None);
        merged_mem.read = members.iter().any(|m| k.memory(*m).read);
        merged_mem.written = members.iter().any(|m| k.memory(*m).written);
        k.memories.push(merged_mem);
        // Where variable j lives in the merged memory.
        let mut base = 0u64;
        let mut place = BTreeMap::new();
        for (j, m) in members.iter().enumerate() {
            place.insert(*m, (j as u64, base));
            base += depths[j] * eb;
            if let MemoryKind::OnChip(oc) = &mut k.memories[m.0 as usize].kind {
                oc.merged_into = Some(merged);
            }
        }
        for unit in &mut k.units {
            let body = &mut unit.body;
            let accesses: Vec<(OpId, MemId)> = body
                .ops()
                .filter_map(|(id, op)| match op.kind {
                    OpKind::Load(m) | OpKind::Store(m) if place.contains_key(&m) => Some((id, m)),
                    _ => None,
                })
                .collect();
            for (id, m) in accesses {
                let (j, start) = place[&m];
                let addr = body.op(id).operands[0];
                let new_addr = if dir == "depth" {
                    offset(body, addr, start)
                } else {
                    // Byte address a of element a/eb becomes word a/eb, lane j.
                    let sh = body.add(Op {
                        kind: OpKind::Const(lanes.trailing_zeros() as u64),
                        ty: Type::ADDR,
                        operands: vec![],
                        name: None,
                        loc: None,
                    });
                    let scaled = body.add(Op {
                        kind: OpKind::Int(IntBinOp::Shl),
                        ty: Type::ADDR,
                        operands: vec![addr, sh],
                        name: None,
                        loc: None,
                    });
                    offset(body, scaled, j * eb)
                };
                retarget(body, id, addr, new_addr, merged);
            }
        }
    }
    Ok(())
}

/// `addr + bytes` (or `addr` itself when `bytes` is 0).
fn offset(body: &mut Body, addr: OpId, bytes: u64) -> OpId {
    if bytes == 0 {
        return addr;
    }
    let c = body.add(Op {
        kind: OpKind::Const(bytes),
        ty: Type::ADDR,
        operands: vec![],
        name: None,
        loc: None,
    });
    body.add(Op {
        kind: OpKind::Int(IntBinOp::Add),
        ty: Type::ADDR,
        operands: vec![addr, c],
        name: None,
        loc: None,
    })
}

/// Points access `id` at memory `mem` through address `new_addr` instead of `old_addr`.
fn retarget(body: &mut Body, id: OpId, old_addr: OpId, new_addr: OpId, mem: MemId) {
    if new_addr != old_addr {
        if let Some(e) = body
            .graph
            .edges_connecting(old_addr.node(), id.node())
            .find_map(|e| {
                (e.weight().kind == DepKind::Data && e.weight().distance == 0).then_some(e.id())
            })
        {
            body.graph.remove_edge(e);
        }
        body.graph.add_edge(
            new_addr.node(),
            id.node(),
            Dep {
                kind: DepKind::Data,
                distance: 0,
            },
        );
    }
    let op = &mut body.graph[id.node()];
    op.operands[0] = new_addr;
    op.kind = match op.kind {
        OpKind::Load(_) => OpKind::Load(mem),
        _ => OpKind::Store(mem),
    };
}
