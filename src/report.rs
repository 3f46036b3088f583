//! report.json and the human report: per unit II and its reason, per memory, per operator.

use crate::Compiled;
use frontend::ir::{OpKind, UnitKind};
use serde_json::{json, Value};
use std::collections::BTreeMap;

pub fn json(c: &Compiled) -> Value {
    let k = &c.kernel;
    let units: Vec<Value> = k
        .units
        .iter()
        .zip(&c.schedules)
        .map(|(u, s)| {
            let kind = match u.kind {
                UnitKind::Block => "block",
                UnitKind::Loop { .. } => "loop",
                UnitKind::WorkItems => "work-item loop",
            };
            json!({
                "name": u.name,
                "kind": kind,
                "pipelined": s.pipelined,
                "ii": if s.pipelined { json!(s.ii) } else { Value::Null },
                "mii": if s.pipelined { json!(s.mii) } else { Value::Null },
                "res_mii": if s.pipelined { json!(s.res_mii) } else { Value::Null },
                "rec_mii": if s.pipelined { json!(s.rec_mii) } else { Value::Null },
                "depth": s.depth,
                "stages": if s.pipelined { json!(s.stages) } else { Value::Null },
                "register_bits": s.register_bits,
                "trip_count": Value::Null,
                "bottleneck": s.bottleneck,
                "operations": u.body.len(),
                "solver": s.solver,
                "solve_ms": (s.solve_ms * 1000.0).round() / 1000.0,
            })
        })
        .collect();
    let loops: Vec<Value> = units
        .iter()
        .filter(|u| u["pipelined"] == json!(true))
        .cloned()
        .collect();
    let memories: Vec<Value> = c
        .rtl
        .interface
        .masters
        .iter()
        .zip(&k.memories)
        .map(|(m, mem)| {
            json!({
                "name": mem.name,
                "source": "buffer argument",
                "implementation": format!("AXI4 master m_axi_{}", m.name),
                "element": mem.elem.to_string(),
                "data_width": m.width,
                "banks": 1,
                "ports": { "read": u32::from(mem.read), "write": u32::from(mem.written) },
                "read_requests_in_flight": 1u32 << m.r_depth_log2,
                "store_queue_depth": 1u32 << m.w_depth_log2,
                "no_alias": mem.no_alias,
            })
        })
        .collect();
    let mut ops: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for (u, s) in k.units.iter().zip(&c.schedules) {
        for (id, op) in u.body.ops() {
            let class = match op.kind {
                OpKind::Load(_) => Some("global_load"),
                OpKind::Store(_) => Some("global_store"),
                _ => scheduler::operator_class(op),
            };
            if let Some(class) = class {
                let e = ops.entry(class).or_insert((0, s.latency[id.index()]));
                e.0 += 1;
            }
        }
    }
    let operators: Vec<Value> = ops
        .iter()
        .map(|(k, (n, l))| json!({"operator": k, "count": n, "latency": l}))
        .collect();
    json!({
        "kernel": k.name,
        "board": c.board.name,
        "clock_mhz": c.board.clock_mhz,
        "mode": format!("{:?}", k.mode),
        "top": c.rtl.interface.top,
        "units": units,
        "loops": loops,
        "memories": memories,
        "operators": operators,
        "interface": c.rtl.interface,
    })
}

pub fn text(c: &Compiled) -> String {
    let mut s = format!(
        "kernel {} on board {} ({} MHz)\n",
        c.kernel.name, c.board.name, c.board.clock_mhz
    );
    for (u, sc) in c.kernel.units.iter().zip(&c.schedules) {
        if sc.pipelined {
            s.push_str(&format!(
                "  {:<24} II {} (MII {} = max(ResMII {}, RecMII {})), depth {} cycles, {} stages, {} register bits, {} in {:.1} ms\n    why: {}\n",
                u.name, sc.ii, sc.mii, sc.res_mii, sc.rec_mii, sc.depth, sc.stages, sc.register_bits, sc.solver, sc.solve_ms, sc.bottleneck
            ));
        } else {
            s.push_str(&format!(
                "  {:<24} straight-line, {} cycles\n",
                u.name, sc.depth
            ));
        }
    }
    s
}
