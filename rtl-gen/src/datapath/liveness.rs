//! What the hardware must compute: the ops, captures and entry phis that a store, a load,
//! a branch or a loop condition depends on, across units.

use ir::*;
use std::collections::HashSet;

/// Which ops, capture registers and entry-phi registers the hardware needs: everything a
/// store, a load, a branch or a loop condition depends on, across units.
pub struct Liveness {
    pub ops: Vec<HashSet<OpId>>,
    pub caps: HashSet<(u32, u32)>,
    pub phis: HashSet<(u32, usize)>,
}

pub fn liveness(k: &Kernel) -> Liveness {
    let mut live = Liveness {
        ops: vec![HashSet::new(); k.units.len()],
        caps: HashSet::new(),
        phis: HashSet::new(),
    };
    let mut work: Vec<(usize, OpId)> = Vec::new();
    for (ui, u) in k.units.iter().enumerate() {
        for (id, op) in u.body.ops() {
            if op.is_memory() {
                work.push((ui, id));
            }
        }
        match (&u.kind, &u.exit) {
            (UnitKind::Loop { cont, .. }, _) => work.push((ui, *cont)),
            (_, Exit::Branch { cond: v, .. }) | (_, Exit::Switch { value: v, .. }) => {
                work.push((ui, *v));
                live.caps.insert((ui as u32, v.0));
            }
            _ => {}
        }
    }
    while let Some((ui, id)) = work.pop() {
        if !live.ops[ui].insert(id) {
            continue;
        }
        let op = k.units[ui].body.op(id);
        work.extend(op.operands.iter().map(|o| (ui, *o)));
        let mut refs = Vec::new();
        if let OpKind::Outer(v) = op.kind {
            refs.push(v);
        }
        while let Some(v) = refs.pop() {
            match v {
                ValueRef::Op(u, o) => {
                    live.caps.insert((u.0, o.0));
                    work.push((u.0 as usize, o));
                }
                ValueRef::EntryPhi(u, i) => {
                    if live.phis.insert((u.0, i)) {
                        refs.extend(k.unit(u).entry_phis[i].incoming.iter().map(|(_, v)| *v));
                    }
                }
                _ => {}
            }
        }
    }
    live
}
