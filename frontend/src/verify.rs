//! The IR verifier: the invariants every later stage relies on, checked after lowering and
//! after every pass (`passes::run`) in debug builds and in the tests. Like Cranelift's, it
//! collects every broken rule with its place instead of stopping at the first, so a pass
//! that breaks the IR shows the whole damage at once.

use crate::ir::*;
use petgraph::algo::toposort;
use petgraph::visit::EdgeFiltered;
use std::fmt;

/// Every rule the kernel breaks, each with its unit and op.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyErrors(pub Vec<String>);

impl fmt::Display for VerifyErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the IR is broken: {}", self.0.join("; "))
    }
}

impl std::error::Error for VerifyErrors {}

pub fn verify(k: &Kernel) -> Result<(), VerifyErrors> {
    let mut errors = Vec::new();
    if k.entry.0 as usize >= k.units.len() {
        errors.push(format!("entry unit{} does not exist", k.entry.0));
    }
    for (u, unit) in k.units.iter().enumerate() {
        let mut err = |what: String| errors.push(format!("unit{u} '{}': {what}", unit.name));
        check_ops(k, &unit.body, &mut err);
        check_acyclic(&unit.body, &mut err);
        check_unit(k, unit, &mut err);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(VerifyErrors(errors))
    }
}

/// Operands exist, arities fit the operation, predicates are booleans, references to
/// memories, arguments and other units exist.
fn check_ops(k: &Kernel, body: &Body, err: &mut impl FnMut(String)) {
    let n = body.len();
    for (id, op) in body.ops() {
        let at = |what: &str| format!("v{} {:?}: {what}", id.0, op.kind);
        if let Some(bad) = op.operands.iter().find(|o| o.index() >= n) {
            err(at(&format!("operand v{} does not exist", bad.0)));
            continue;
        }
        let arity = op.operands.len();
        let ok = match &op.kind {
            OpKind::Const(_)
            | OpKind::Arg(_)
            | OpKind::WorkItem(..)
            | OpKind::LastWorkItem
            | OpKind::Outer(_) => arity == 0,
            OpKind::CarriedPhi => arity == 2,
            OpKind::Select | OpKind::Fma => arity == 3,
            OpKind::Int(_) | OpKind::Cmp(_) | OpKind::Float(_) | OpKind::FCmp(_) => arity == 2,
            OpKind::Cast(_) | OpKind::Convert(_) => arity == 1,
            OpKind::Load(_) => arity == 1 || arity == 2,
            OpKind::Store(_) => arity == 2 || arity == 3,
            OpKind::IntUnary(_) | OpKind::FloatUnary(_) | OpKind::Math(_) | OpKind::Barrier => true,
        };
        if !ok {
            err(at(&format!("{arity} operands")));
        }
        let boolean = |o: OpId| body.op(o).ty == Type::Int(1);
        if let Some(p) = op.predicate().filter(|p| !boolean(*p)) {
            err(at(&format!(
                "predicate v{} is {}, not a bool",
                p.0,
                body.op(p).ty
            )));
        }
        if op.kind == OpKind::Select && !boolean(op.operands[0]) {
            err(at("condition is not a bool"));
        }
        match &op.kind {
            OpKind::Load(m) | OpKind::Store(m) if m.0 as usize >= k.memories.len() => {
                err(at("memory does not exist"))
            }
            OpKind::Arg(a) if a.0 as usize >= k.args.len() => err(at("argument does not exist")),
            OpKind::Outer(v) => {
                if let Some(what) = bad_value(k, *v) {
                    err(at(&what));
                }
            }
            _ => {}
        }
    }
}

/// Dependences inside one iteration (distance 0) form no cycle: no schedule could meet one.
fn check_acyclic(body: &Body, err: &mut impl FnMut(String)) {
    let same_iteration = EdgeFiltered::from_fn(&body.graph, |e| e.weight().distance == 0);
    if let Err(cycle) = toposort(&same_iteration, None) {
        err(format!(
            "v{} is on a cycle of dependences inside one iteration",
            cycle.node_id().index()
        ));
    }
}

/// The unit's own references: its loop condition, exit, live-outs and entry phis.
fn check_unit(k: &Kernel, unit: &Unit, err: &mut impl FnMut(String)) {
    let n = unit.body.len();
    let exists = |o: &OpId| o.index() < n;
    let unit_exists = |u: &UnitId| (u.0 as usize) < k.units.len();
    if let UnitKind::Loop { cont, .. } = &unit.kind {
        if !exists(cont) {
            err(format!("loop condition v{} does not exist", cont.0));
        }
    }
    match &unit.exit {
        Exit::Return => {}
        Exit::Jump(to) if !unit_exists(to) => {
            err(format!("jumps to unit{} that does not exist", to.0))
        }
        Exit::Jump(_) => {}
        Exit::Branch {
            cond,
            if_true,
            if_false,
        } => {
            if !exists(cond) {
                err(format!("branch condition v{} does not exist", cond.0));
            }
            if !unit_exists(if_true) || !unit_exists(if_false) {
                err("branches to a unit that does not exist".into());
            }
        }
        Exit::Switch {
            value,
            cases,
            default,
        } => {
            if !exists(value) {
                err(format!("switch value v{} does not exist", value.0));
            }
            if !unit_exists(default) || cases.iter().any(|(_, u)| !unit_exists(u)) {
                err("switches to a unit that does not exist".into());
            }
        }
    }
    if let Some(o) = unit.live_out.iter().find(|o| !exists(o)) {
        err(format!("live-out v{} does not exist", o.0));
    }
    for (i, phi) in unit.entry_phis.iter().enumerate() {
        for (from, v) in &phi.incoming {
            if !unit_exists(from) {
                err(format!(
                    "entry phi{i}: incoming from unit{} that does not exist",
                    from.0
                ));
            }
            if let Some(what) = bad_value(k, *v) {
                err(format!("entry phi{i}: {what}"));
            }
        }
    }
}

/// Why a value from outside a unit does not exist, if it does not.
fn bad_value(k: &Kernel, v: ValueRef) -> Option<String> {
    match v {
        ValueRef::Op(u, o) => match k.units.get(u.0 as usize) {
            None => Some(format!("reads unit{} that does not exist", u.0)),
            Some(unit) if o.index() >= unit.body.len() => Some(format!(
                "reads v{} of unit{}, which does not exist",
                o.0, u.0
            )),
            Some(_) => None,
        },
        ValueRef::EntryPhi(u, i) => match k.units.get(u.0 as usize) {
            Some(unit) if i < unit.entry_phis.len() => None,
            _ => Some(format!(
                "reads entry phi{i} of unit{}, which does not exist",
                u.0
            )),
        },
        ValueRef::Arg(a) if a.0 as usize >= k.args.len() => {
            Some(format!("reads arg{}, which does not exist", a.0))
        }
        ValueRef::Arg(_) | ValueRef::Const(..) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel_with(body: Body) -> Kernel {
        Kernel {
            name: "k".into(),
            args: Vec::new(),
            memories: Vec::new(),
            units: vec![Unit {
                name: "entry".into(),
                loc: None,
                kind: UnitKind::Block,
                body,
                entry_phis: Vec::new(),
                exit: Exit::Return,
                live_out: Vec::new(),
                atomic_mems: Vec::new(),
                carried_mem_deps: Vec::new(),
            }],
            entry: UnitId(0),
            mode: ExecMode::PipelinedWorkItems,
            address_bits: 64,
            attrs: KernelAttrs::default(),
            sources: Vec::new(),
            work_groups: None,
        }
    }

    #[test]
    fn a_well_formed_body_passes() {
        let mut b = Body::default();
        let x = b.add(Op::new(OpKind::Const(1), Type::Int(32), vec![]));
        let c = b.add(Op::new(OpKind::Cmp(CmpPred::Eq), Type::Int(1), vec![x, x]));
        b.add(Op::new(OpKind::Select, Type::Int(32), vec![c, x, x]));
        assert_eq!(verify(&kernel_with(b)), Ok(()));
    }

    #[test]
    fn every_broken_rule_is_reported_with_its_place() {
        let mut b = Body::default();
        let x = b.add(Op::new(OpKind::Const(1), Type::Int(32), vec![]));
        // A select on a 32-bit condition, an add with one operand, a load of a memory
        // that does not exist.
        b.add(Op::new(OpKind::Select, Type::Int(32), vec![x, x, x]));
        b.add(Op::new(OpKind::Int(IntBinOp::Add), Type::Int(32), vec![x]));
        b.add(Op::new(OpKind::Load(MemId(3)), Type::Int(32), vec![x]));
        let mut k = kernel_with(b);
        k.units[0].live_out.push(OpId(9));
        let e = verify(&k).unwrap_err();
        assert_eq!(e.0.len(), 4, "{e}");
        assert!(e.0[0].contains("v1 Select: condition is not a bool"), "{e}");
        assert!(e.0[1].contains("v2 Int(Add): 1 operands"), "{e}");
        assert!(
            e.0[2].contains("v3 Load(MemId(3)): memory does not exist"),
            "{e}"
        );
        assert!(e.0[3].contains("live-out v9 does not exist"), "{e}");
    }

    #[test]
    fn a_cycle_inside_one_iteration_is_refused() {
        let mut b = Body::default();
        let x = b.add(Op::new(OpKind::Const(1), Type::Int(32), vec![]));
        let y = b.add(Op::new(
            OpKind::Int(IntBinOp::Add),
            Type::Int(32),
            vec![x, x],
        ));
        b.add_order(y, x, 0);
        let e = verify(&kernel_with(b)).unwrap_err();
        assert!(e.to_string().contains("cycle of dependences"), "{e}");
    }
}
