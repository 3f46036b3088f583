//! report.json and the human report: per unit II and its reason, per memory, per operator.

use crate::Compiled;
use frontend::ir::{GeometrySource, MemImpl, OpKind, UnitKind};
use scheduler::memories::BankAccess;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// schedules.json: every unit's scheduling problem as plain data (operations, dependences,
/// resources) with the schedule found, so that anyone can check it or hand the same problem
/// to another scheduler (bench/formulations.py does).
pub fn schedules(c: &Compiled) -> Value {
    let units: Vec<Value> = c
        .kernel
        .units
        .iter()
        .zip(&c.schedules)
        .map(|(u, s)| {
            json!({
                "name": u.name,
                "pipelined": s.pipelined,
                "ii": s.ii,
                "mii": s.mii,
                "solver": s.solver,
                "problem": s.problem,
                "start": s.schedule.start,
            })
        })
        .collect();
    json!({ "kernel": c.kernel.name, "units": units })
}

// Long because it is the report's schema, written out field by field in one place.
pub fn json(c: &Compiled) -> Value {
    let k = &c.kernel;
    let units: Vec<Value> = k
        .units
        .iter()
        .zip(&c.schedules)
        .map(|(u, s)| {
            let kind = match u.kind {
                UnitKind::Block => "block",
                // The loop over the work-items that made their alike loads once before it.
                UnitKind::Loop { .. } if u.name == frontend::ir::WORK_ITEMS_UNIT => {
                    "work-item loop"
                }
                UnitKind::Loop { .. } => "loop",
                UnitKind::WorkItems => "work-item loop",
            };
            json!({
                "name": u.name,
                // `file.cl:LINE` of the loop's `for` (null without line tables).
                "source": u.loc.map(|l| k.line_of(l)),
                // Every source line the unit's operations come from.
                "source_lines": source_lines(k, u),
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
                "bounding_memory": if s.pipelined { bounding_memory(&s.bottleneck) } else { Value::Null },
                "operations": u.body.len(),
                "solver": s.solver,
                "solve_ms": (s.solve_ms * 1000.0).round() / 1000.0,
                // Iterations issued before an earlier one's exit test is known (squashed
                // when it exits); 0 unless SpeculatedIterationsINTEL asks for more.
                "speculated_iterations": match &u.kind {
                    UnitKind::Loop { controls, .. } => json!(controls.speculated_iterations.unwrap_or(0)),
                    _ => Value::Null,
                },
                // Every loop control the module gave, as read.
                "loop_controls": match &u.kind {
                    UnitKind::Loop { controls, .. } => json!(controls),
                    _ => Value::Null,
                },
                "carried_memory_dependences": u.carried_mem_deps.iter().map(|d| {
                    let what = |o: frontend::ir::OpId| {
                        let op = u.body.op(o);
                        let kind = if matches!(op.kind, OpKind::Store(_)) { "store" } else { "load" };
                        let at = op.loc.map(|l| format!(" at {}", k.line_of(l))).unwrap_or_default();
                        format!("v{} {kind} '{}'{at}", o.0, k.memory(d.mem).name)
                    };
                    json!({
                        "from": what(d.from),
                        "to": what(d.to),
                        "distance": d.distance,
                        "analysis": d.analysis,
                    })
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let loops: Vec<Value> = units
        .iter()
        .filter(|u| u["pipelined"] == json!(true))
        .cloned()
        .collect();
    let mut memories: Vec<Value> = c
        .rtl
        .interface
        .masters
        .iter()
        .map(|m| {
            let mem = &k.memories[m.mem as usize];
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
                "load_store_unit": load_store_unit(c, m),
            })
        })
        .collect();
    memories.extend(c.rtl.interface.streams.iter().map(|m| {
        let mem = &k.memories[m.mem as usize];
        json!({
            "name": mem.name,
            "source": "pipe argument",
            "implementation": format!("AXI4-Stream {}_axis_{}", if m.read { "s" } else { "m" }, m.name),
            "element": mem.elem.to_string(),
            "data_width": m.width,
            "fifo_depth": 1u32 << if m.read { m.r_depth_log2 } else { m.w_depth_log2 },
            "accesses": accesses_of(c, m, ["read", "write"]),
        })
    }));
    memories.extend(k.memories.iter().enumerate().filter_map(|(i, mem)| {
        let oc = mem.on_chip()?;
        if let Some(into) = oc.merged_into {
            return Some(json!({
                "name": mem.name,
                "storage": format!("{:?}", oc.storage).to_lowercase(),
                "decorations": oc.attrs,
                "element": mem.elem.to_string(),
                "elements": oc.depth,
                "merged_into": k.memory(into).name,
            }));
        }
        let g = mem.geometry.as_ref()?;
        let accesses: Vec<Value> = k
            .units
            .iter()
            .flat_map(|u| {
                u.body.ops().filter_map(move |(id, op)| match op.kind {
                    OpKind::Load(m) | OpKind::Store(m) if m.0 as usize == i => {
                        let bank = match scheduler::memories::bank_access(k, &u.body, id, g) {
                            BankAccess::Static(b) => json!(b),
                            BankAccess::Dynamic => json!("any (reserves a port on every bank)"),
                        };
                        Some(json!({
                            "unit": u.name,
                            "op": format!("v{}", id.0),
                            "source": op.loc.map(|l| k.line_of(l)),
                            "kind": if matches!(op.kind, OpKind::Load(_)) { "load" } else { "store" },
                            "bank": bank,
                        }))
                    }
                    _ => None,
                })
            })
            .collect();
        let ports = match (g.implementation, g.simple_dual_port) {
            (MemImpl::Registers, _) => json!("any number (flip-flops)"),
            (_, false) => json!({"per_bank": 2 * g.pump * g.replicates, "kind": "true dual port", "read_write": 2 * g.pump}),
            (_, true) => json!({"per_bank": (g.pump * g.replicates) + g.pump, "kind": "simple dual port", "read": g.pump * g.replicates, "write": g.pump}),
        };
        Some(json!({
            "name": mem.name,
            "rtl_name": rtl_gen::memory_rtl_name(k, frontend::ir::MemId(i as u32)),
            "storage": format!("{:?}", oc.storage).to_lowercase(),
            "source": match g.source {
                GeometrySource::Decorated => "decorated",
                GeometrySource::Inferred => "inferred",
                GeometrySource::Default => "default",
            },
            "decorations": oc.attrs,
            "element": mem.elem.to_string(),
            "elements": oc.depth,
            "banks": g.banks,
            "partitioning": scheduler::memories::partitioning(
                g,
                oc.depth * mem.elem.bytes() as u64 / oc.copies.max(1) as u64,
            ),
            "bank_width_bytes": g.bank_bytes,
            "bank_bits": g.bank_bits,
            "depth": g.depth,
            "ports": ports,
            "pump": g.pump,
            "replicates": g.replicates,
            "copies": g.copies,
            "implementation": match g.implementation {
                MemImpl::BlockRam => "block RAM",
                MemImpl::LutRam => "LUT RAM",
                MemImpl::Registers => "registers",
            },
            "block_rams": scheduler::memories::rams_of(&c.board, g),
            "read_latency": scheduler::onchip_read_latency(&c.board, g),
            "accesses": accesses,
        }))
    }));
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
        .map(|(k, (n, l))| {
            let t = c.board.operators.get(*k).copied();
            json!({
                "operator": k,
                "count": n,
                "latency": l,
                // One core's area as the board gives it (null: not given).
                "luts": t.and_then(|t| t.luts),
                "dsps": t.and_then(|t| t.dsps),
            })
        })
        .collect();
    json!({
        "kernel": k.name,
        // The source files that `source` fields name (paths as the compiler was given them).
        "sources": k.sources,
        "board": c.board.name,
        "clock_mhz": c.board.clock_mhz,
        "mode": format!("{:?}", k.mode),
        "attributes": k.attrs,
        "top": c.rtl.interface.top,
        "units": units,
        "loops": loops,
        "memories": memories,
        "operators": operators,
        "operator_area": operator_area(c),
        "memory_interface": memory_interface(c),
        // Float reductions: split into lanes (reassociated) or kept in order, and why.
        "reductions": c.reductions.iter().map(|r| json!({
            "accumulator": r.accumulator,
            "source": r.at,
            "lanes": if r.reason.is_none() { r.lanes } else { 1 },
            "split": r.reason.is_none(),
            "reason": r.reason,
        })).collect::<Vec<_>>(),
        // Loop nests: flattened into one loop or kept, cycles of a run both ways, and why.
        "nests": c.nests,
        // Loads every work-item makes alike: made once before them, or kept and why.
        "invariant_loads": c.invariant_loads,
        // A kernel with barriers: groups in flight, its regions, the state kept per work-item.
        "work_groups": k.work_groups,
        // The clock the family's delay model expects the kernel to close at, and what
        // limits it (`compile --timing` measures it).
        "predicted_fmax": crate::timing::predict(c).map(|p| {
            crate::timing::prediction_json(&p, c.board.family.as_deref().unwrap_or("none"))
        }),
        "interface": c.rtl.interface,
    })
}

/// The accesses of pipe argument `pipe` by source line, named `what` (read, write):
/// where a kernel of a system waits on it (`read at pipe_system.cl:57`).
pub fn pipe_accesses(c: &Compiled, pipe: &str, what: [&str; 2]) -> Vec<String> {
    c.rtl
        .interface
        .streams
        .iter()
        .filter(|m| m.name == pipe)
        .flat_map(|m| accesses_of(c, m, what))
        .collect()
}

/// The accesses of `m`'s memory by source line, named `what` (load, store).
fn accesses_of(c: &Compiled, m: &rtl_gen::MasterView, what: [&str; 2]) -> Vec<String> {
    let k = &c.kernel;
    k.units
        .iter()
        .flat_map(|u| u.body.ops())
        .filter(|(_, op)| matches!(op.kind, OpKind::Load(x) | OpKind::Store(x) if x.0 == m.mem))
        .map(|(_, op)| {
            let what = what[matches!(op.kind, OpKind::Store(_)) as usize];
            match op.loc {
                Some(l) => format!("{what} at {}", k.line_of(l)),
                None => what.to_string(),
            }
        })
        .collect()
}

/// How a buffer's accesses reach memory, and why: through the burst-coalescing load-store
/// units where its board memory bank takes full beats and bursts, one beat an access
/// otherwise; its bank and its accesses by source line.
fn load_store_unit(c: &Compiled, m: &rtl_gen::MasterView) -> Value {
    let assignment = c
        .plan
        .iter()
        .flatten()
        .find(|a| a.port == format!("m_axi_{}", m.name));
    let banks = c.board.banks();
    let bank = assignment.map(|a| &banks[a.bank_index]);
    let (kind, why) = match bank {
        Some((name, mem)) if m.lsu => (
            "burst-coalescing",
            format!("{name} ({}) takes full beats and bursts", mem.kind),
        ),
        Some((name, mem)) => (
            "single-beat",
            format!("{name} ({}) answers single beats of any width", mem.kind),
        ),
        None => (
            "single-beat",
            format!("board '{}' models no memory banks", c.board.name),
        ),
    };
    let accesses = accesses_of(c, m, ["load", "store"]);
    json!({
        "kind": kind,
        "bank": bank.map(|b| b.0.clone()),
        "elements_per_beat": m.width / m.elem_width,
        "max_burst_beats": if m.lsu { rtl_gen::MAX_BURST } else { 1 },
        // Load sites with a unit of their own (they share no request port).
        "load_sites": if m.lsu && m.read { m.read_sites } else { 0 },
        "why": why,
        "accesses": accesses,
    })
}

/// The register stages the global memory interface adds, which the schedule counts: a
/// load's latency is the board memory's plus these (null without global memory).
fn memory_interface(c: &Compiled) -> Value {
    if c.kernel.memories.iter().all(|m| m.on_chip().is_some()) {
        return Value::Null;
    }
    let m = &c.board.memory;
    json!({
        "memory_latency": m.global_load_latency,
        "request_registers": boards::REQUEST_REGISTERS,
        "read_response_registers": boards::READ_RESPONSE_REGISTERS,
        "load_latency": m.load_latency(),
        "store_registers": boards::STORE_REGISTERS,
        // the queue flags the clock enable waits on: its NOR's width
        "stall_terms": c.rtl.stall_terms,
    })
}

/// The source lines a unit's operations come from, in order: `["gemm.cl:8", "gemm.cl:9"]`.
fn source_lines(k: &frontend::ir::Kernel, u: &frontend::ir::Unit) -> Vec<String> {
    let mut locs: Vec<(u32, u32)> = u
        .body
        .ops()
        .filter_map(|(_, op)| op.loc.map(|l| (l.file, l.line)))
        .collect();
    locs.sort_unstable();
    locs.dedup();
    locs.into_iter()
        .map(|(file, line)| k.line_of(frontend::ir::Loc { file, line, col: 0 }))
        .collect()
}

/// The kernel's operator cores, one per operation, summed with the board's per-core area
/// (the classes the board gives no area for are listed, not guessed).
pub fn operator_area(c: &Compiled) -> Value {
    let (mut luts, mut dsps) = (0u64, 0u64);
    let mut unknown: Vec<&str> = Vec::new();
    for u in &c.kernel.units {
        for (_, op) in u.body.ops() {
            let Some(class) = scheduler::operator_class(op) else {
                continue;
            };
            // (An optional class the board leaves out has its fallback's timing and area.)
            let t = c.board.operator(class);
            // Combinational operators (latency 0) are a few LUTs in the datapath, no core.
            if t.latency == 0 {
                continue;
            }
            match t.luts {
                Some(l) => {
                    luts += u64::from(l);
                    dsps += u64::from(t.dsps.unwrap_or(0));
                }
                None if !unknown.contains(&class) => unknown.push(class),
                None => {}
            }
        }
    }
    json!({ "luts": luts, "dsps": dsps, "classes_without_area": unknown })
}

/// The memory named in a resource bottleneck ("... of on-chip 'buf' ..."), if any.
fn bounding_memory(bottleneck: &str) -> Value {
    for key in ["on-chip '", "buffer '"] {
        if let Some(rest) = bottleneck
            .strip_prefix("resource: ")
            .and_then(|b| b.split(key).nth(1))
        {
            if let Some(name) = rest.split('\'').next() {
                return json!(name);
            }
        }
    }
    Value::Null
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
    for r in &c.reductions {
        let at =
            r.at.as_deref()
                .map(|a| format!(" ({a})"))
                .unwrap_or_default();
        s.push_str(&match &r.reason {
            None => format!(
                "  reduction {}{at}: {} lanes, summed after the loop (reassociated)\n",
                r.accumulator, r.lanes
            ),
            Some(why) => format!("  reduction {}{at}: kept in order: {why}\n", r.accumulator),
        });
    }
    for n in &c.nests {
        s.push_str(&format!("  nest around {}: {}\n", n.inner, n.reason));
    }
    if let Some(why) = &c.invariant_loads {
        s.push_str(&format!("  invariant loads: {why}\n"));
    }
    if let Some(w) = &c.kernel.work_groups {
        s.push_str(&work_groups_line(w));
    }
    let area = operator_area(c);
    s.push_str(&format!(
        "  operator cores: about {} LUTs, {} DSP blocks (the board's per-core figures){}\n",
        area["luts"],
        area["dsps"],
        match area["classes_without_area"].as_array() {
            Some(v) if !v.is_empty() => format!(
                "; no figure for {}",
                v.iter()
                    .filter_map(|c| c.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => String::new(),
        }
    ));
    if let Some(mi) = memory_interface(c).as_object() {
        s.push_str(&format!(
            "  global memory: a load takes {} cycles (memory {}, request register {}, read data registers {}); a store enters its queue through {} register\n",
            mi["load_latency"], mi["memory_latency"], mi["request_registers"], mi["read_response_registers"], mi["store_registers"]
        ));
    }
    for m in &c.rtl.interface.masters {
        let lsu = load_store_unit(c, m);
        let mem = c.kernel.memory(frontend::ir::MemId(m.mem));
        let on = lsu["bank"]
            .as_str()
            .map(|b| format!(" on {b}"))
            .unwrap_or_default();
        let accesses: Vec<&str> = lsu["accesses"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a.as_str())
            .collect();
        let how = if m.lsu {
            let sites = match m.read_sites {
                _ if !m.read => String::new(),
                1 => ", one load site".to_string(),
                n => format!(", a unit for each of {n} load sites"),
            };
            format!(
                "burst-coalescing, {} x {} a beat, bursts of up to {} beats{sites}",
                lsu["elements_per_beat"], mem.elem, lsu["max_burst_beats"]
            )
        } else {
            "one beat an access".to_string()
        };
        s.push_str(&format!(
            "  buffer '{}' (m_axi_{}, {}-bit{on}): {how}, as {}; {}\n",
            mem.name,
            m.name,
            m.width,
            lsu["why"].as_str().unwrap_or(""),
            if accesses.is_empty() {
                "no accesses".to_string()
            } else {
                accesses.join(", ")
            }
        ));
    }
    for m in &c.rtl.interface.streams {
        let (port, depth) = if m.read {
            (format!("s_axis_{}", m.name), 1u32 << m.r_depth_log2)
        } else {
            (format!("m_axis_{}", m.name), 1u32 << m.w_depth_log2)
        };
        let accesses = accesses_of(c, m, ["read", "write"]);
        s.push_str(&format!(
            "  pipe '{}' ({port}, AXI4-Stream, {}-bit packets, a FIFO of {depth}): blocking, {}\n",
            m.name,
            m.width,
            if accesses.is_empty() {
                "no accesses".to_string()
            } else {
                accesses.join(", ")
            }
        ));
    }
    if c.kernel.attrs.positional_args {
        s.push_str(&format!(
            "  {}\n",
            crate::positional_note(c.kernel.args.len())
        ));
    }
    if let Some(note) = crate::origins_note(&c.kernel.attrs.arg_origins) {
        s.push_str(&format!("  {note}\n"));
    }
    let flushed = &c.kernel.attrs.flush_denormals;
    if !flushed.is_empty() {
        let widths: Vec<String> = flushed.iter().map(|w| w.to_string()).collect();
        s.push_str(&format!(
            "  subnormals: flushed to zero ({}-bit floats) in the add, sub, mul, div, fma and sqrt \
             cores (the area figures above are their IEEE forms: an upper bound)\n",
            widths.join(" and ")
        ));
    }
    for mem in &c.kernel.memories {
        if let Some(into) = mem.on_chip().and_then(|oc| oc.merged_into) {
            s.push_str(&format!(
                "  memory '{}': merged into '{}'\n",
                mem.name,
                c.kernel.memory(into).name
            ));
        }
        if let (Some(oc), Some(g)) = (mem.on_chip(), &mem.geometry) {
            s.push_str(&format!(
                "  memory '{}' ({:?}, {} x {}): {:?} {:?}, {} bank(s) of {} x {} bytes, {} replicate(s), pump {}{}; a read takes {} cycle(s)\n",
                mem.name,
                oc.storage,
                oc.depth,
                mem.elem,
                g.source,
                g.implementation,
                g.banks,
                g.depth,
                g.bank_bytes,
                g.replicates,
                g.pump,
                if g.simple_dual_port { ", simple dual port" } else { "" },
                scheduler::onchip_read_latency(&c.board, g)
            ));
        }
    }
    s
}

/// How a kernel with barriers runs its work-groups, in one line per region.
fn work_groups_line(w: &frontend::ir::WorkGroups) -> String {
    let kept = if w.kept.is_empty() {
        "nothing kept across barriers".to_string()
    } else {
        format!("kept per work-item on chip: {}", w.kept.join(", "))
    };
    let mut s = format!(
        "  work-groups: {} in flight, up to {} work-items each, {} regions between barriers; {kept}\n",
        w.in_flight,
        w.capacity,
        w.regions.len()
    );
    let copies = if w.in_flight > 1 {
        format!(
            "{} copies, one per group in flight, each rounded up to a power of two",
            w.in_flight
        )
    } else {
        "one copy".to_string()
    };
    s.push_str(&format!(
        "    local memory and kept state: {} bytes ({copies})\n",
        w.local_bytes
    ));
    if let Some(why) = &w.in_flight_limit {
        s.push_str(&format!("    not more groups in flight: {why}\n"));
    }
    for (i, r) in w.regions.iter().enumerate() {
        s.push_str(&format!(
            "    region {i} ({}): {}\n",
            r.unit,
            region_runs(r)
        ));
    }
    s
}

/// How a region between barriers runs its work-items, in words (report.txt, report.html).
pub(crate) fn region_runs(r: &frontend::ir::RegionInfo) -> String {
    if r.pipelined {
        "a pipelined loop over the work-items".to_string()
    } else {
        format!(
            "{} units run for each work-item in turn (branches or loops inside)",
            r.units
        )
    }
}
