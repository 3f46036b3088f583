//! The control FSM: start, the walk over units (branches, switches, loops), the work-item
//! counters, and done.

use super::{lit, outer_expr, Liveness, NdrangeUse};
use crate::RtlError;
use ir::*;
use std::fmt::Write;

/// Dimension `d`'s counters back to the first work-item. `wi_end{d}` (this is the last id
/// of the dimension) and `wi_left{d}` (ids after this one) are kept beside each id so the
/// advance reads flags from registers: no increment and compare in series with the next
/// dimension's (the global size is registered as size - 1 and size == 1).
fn wi_reset(nd: &NdrangeUse, d: usize) -> String {
    let mut x =
        format!("wi_gid{d} <= '0; wi_left{d} <= wi_size_m1_{d}; wi_end{d} <= wi_size1_{d};");
    if nd.local {
        let _ = write!(x, " wi_lid{d} <= '0; wi_grp{d} <= '0; wi_lleft{d} <= wi_lsize_m1_{d}; wi_lend{d} <= wi_lsize1_{d};");
    }
    x
}

/// Dimension `d` one id on; local ids and group ids follow the global id.
fn wi_step(nd: &NdrangeUse, d: usize) -> String {
    let mut x = format!("wi_gid{d} <= wi_gid{d} + 32'd1; wi_left{d} <= wi_left{d} - 32'd1; wi_end{d} <= wi_left{d} == 32'd1;");
    if nd.local {
        let _ = write!(x, " if (wi_lend{d}) begin wi_lid{d} <= '0; wi_grp{d} <= wi_grp{d} + 32'd1; wi_lleft{d} <= wi_lsize_m1_{d}; wi_lend{d} <= wi_lsize1_{d}; end else begin wi_lid{d} <= wi_lid{d} + 32'd1; wi_lleft{d} <= wi_lleft{d} - 32'd1; wi_lend{d} <= wi_lleft{d} == 32'd1; end");
    }
    x
}

/// The work-item counters, in a process of their own. `issue`: the current work-item
/// leaves for the next (a pipelined kernel issues it; otherwise the FSM is at a return).
/// Each dimension decides from flags alone: back to its first id at launch or when every
/// faster dimension wraps, else one id on when it is stepped. The last work-item's issue
/// wraps them too (nothing reads them until the next launch resets them), so the step is
/// not gated by `wi_last`: flat selects, a LUT or two from the flags, where the nested
/// form chained the dimensions' decisions (the kernel frame's critical path: wi_pending →
/// six LUTs → wi_left2).
fn emit_wi_counters(out: &mut String, nd: &NdrangeUse, issue: &str) {
    let _ = writeln!(out, "    logic wi_launch, wi_issue;");
    let _ = writeln!(out, "    assign wi_launch = state == 2'd0 && ap_start;");
    let _ = writeln!(out, "    assign wi_issue = {issue};");
    let _ = writeln!(out, "    always_ff @(posedge ap_clk) begin");
    let _ = writeln!(out, "        if (!ap_rst_n || wi_launch) begin");
    for d in 0..3 {
        let _ = writeln!(out, "            {}", wi_reset(nd, d));
    }
    let _ = writeln!(out, "        end else if (wi_issue) begin");
    // Dimension 0 fastest; 1 moves when 0 wraps, 2 when both do (and never wraps).
    let _ = writeln!(
        out,
        "            if (wi_end0) begin {} end",
        wi_reset(nd, 0)
    );
    let _ = writeln!(out, "            else begin {} end", wi_step(nd, 0));
    let _ = writeln!(
        out,
        "            if (wi_end0 && wi_end1) begin {} end",
        wi_reset(nd, 1)
    );
    let _ = writeln!(
        out,
        "            else if (wi_end0) begin {} end",
        wi_step(nd, 1)
    );
    let _ = writeln!(
        out,
        "            if (wi_end0 && wi_end1) begin {} end",
        wi_step(nd, 2)
    );
    let _ = writeln!(out, "        end");
    let _ = writeln!(out, "    end");
}

/// The work-item counters' declarations, and the registered size - 1 and size == 1 of
/// each dimension (the NDRange registers are written before ap_start, a transaction
/// earlier, so they are settled when a launch reads them).
pub(super) fn wi_declarations(out: &mut String, nd: &NdrangeUse) {
    for d in 0..3 {
        let _ = writeln!(
            out,
            "    logic [31:0] wi_gid{d}, wi_left{d}, wi_size_m1_{d};"
        );
        let _ = writeln!(out, "    logic wi_end{d}, wi_size1_{d};");
        let _ = writeln!(out, "    always_ff @(posedge ap_clk) begin wi_size_m1_{d} <= reg_global_size{d} - 32'd1; wi_size1_{d} <= reg_global_size{d} == 32'd1; end");
        if nd.local {
            let _ = writeln!(
                out,
                "    logic [31:0] wi_lid{d}, wi_grp{d}, wi_lleft{d}, wi_lsize_m1_{d};"
            );
            let _ = writeln!(out, "    logic wi_lend{d}, wi_lsize1_{d};");
            let _ = writeln!(out, "    always_ff @(posedge ap_clk) begin wi_lsize_m1_{d} <= reg_local_size{d} - 32'd1; wi_lsize1_{d} <= reg_local_size{d} == 32'd1; end");
        }
    }
    let _ = writeln!(out, "    logic wi_last;");
    let _ = writeln!(out, "    assign wi_last = wi_end0 && wi_end1 && wi_end2;");
}

/// Whether the kernel has a write pipe, whose packets must leave before it is done.
pub(super) fn writes_pipes(k: &Kernel) -> bool {
    k.memories
        .iter()
        .any(|m| matches!(m.kind, MemoryKind::Pipe { write: true, .. }))
}

// Long because it writes the FSM in the order the SystemVerilog reads: states, unit walk, work-item counters.
pub(super) fn emit_fsm(
    out: &mut String,
    k: &Kernel,
    nd: &NdrangeUse,
    live: &Liveness,
    ubits: u32,
    wi_en: &str,
) -> Result<(), RtlError> {
    let _ = writeln!(
        out,
        "\n    // ------------------------------------------------------------------ control"
    );
    let _ = writeln!(out, "    assign ap_idle = (state == 2'd0);");
    let _ = writeln!(out, "    always_ff @(posedge ap_clk) begin");
    let _ = writeln!(out, "        if (!ap_rst_n) begin");
    let _ = writeln!(
        out,
        "            state <= 2'd0; cur <= '0; done_pulse <= 1'b0;"
    );
    let pipelined = k.mode == ExecMode::PipelinedWorkItems;
    let mut returns: Vec<String> = Vec::new();
    if pipelined {
        let _ = writeln!(out, "            wi_pending <= 1'b0;");
    }
    for (ui, u) in k.units.iter().enumerate() {
        if !matches!(u.kind, UnitKind::WorkItems) {
            let _ = writeln!(out, "            u{ui}_start <= 1'b0;");
        }
        for i in 0..u.entry_phis.len() {
            if live.phis.contains(&(ui as u32, i)) {
                let _ = writeln!(out, "            phi_u{ui}_{i} <= '0;");
            }
        }
    }
    let _ = writeln!(out, "        end else begin");
    let _ = writeln!(out, "            done_pulse <= 1'b0;");
    for (ui, u) in k.units.iter().enumerate() {
        if !matches!(u.kind, UnitKind::WorkItems) {
            let _ = writeln!(out, "            if (en && u{ui}_v0) u{ui}_start <= 1'b0;");
        }
    }
    if pipelined {
        let _ = writeln!(
            out,
            "            if (wi_issue && wi_last) wi_pending <= 1'b0;"
        );
    }
    let _ = writeln!(out, "            case (state)");
    let _ = writeln!(out, "                2'd0: if (ap_start) begin");
    let entry = k.entry.0;
    let _ = writeln!(out, "                    state <= 2'd1;");
    let _ = writeln!(out, "                    cur <= {ubits}'d{entry};");
    if pipelined {
        let _ = writeln!(out, "                    wi_pending <= 1'b1;");
    } else {
        let _ = writeln!(out, "                    u{entry}_start <= 1'b1;");
    }
    let _ = writeln!(out, "                end");
    let _ = writeln!(out, "                2'd1: case (cur)");
    for (ui, u) in k.units.iter().enumerate() {
        let _ = writeln!(
            out,
            "                    {ubits}'d{ui}: if (!u{ui}_busy && mem_idle) begin"
        );
        let go = |target: UnitId, ind: &str| -> String {
            let mut s = String::new();
            let tu = k.unit(target);
            for (i, p) in tu.entry_phis.iter().enumerate() {
                if !live.phis.contains(&(target.0, i)) {
                    continue;
                }
                if let Some((_, v)) = p.incoming.iter().find(|(from, _)| from.0 as usize == ui) {
                    let _ = writeln!(s, "{ind}phi_u{}_{i} <= {};", target.0, outer_expr(k, *v));
                }
            }
            let _ = writeln!(s, "{ind}u{}_start <= 1'b1;", target.0);
            let _ = writeln!(s, "{ind}cur <= {ubits}'d{};", target.0);
            s
        };
        match &u.exit {
            Exit::Jump(t) => out.push_str(&go(*t, "                        ")),
            Exit::Branch {
                cond,
                if_true,
                if_false,
            } => {
                let _ = writeln!(
                    out,
                    "                        if (cap_u{ui}_n{}) begin",
                    cond.0
                );
                out.push_str(&go(*if_true, "                            "));
                let _ = writeln!(out, "                        end else begin");
                out.push_str(&go(*if_false, "                            "));
                let _ = writeln!(out, "                        end");
            }
            Exit::Switch {
                value,
                cases,
                default,
            } => {
                let w = u.body.op(*value).ty.bits();
                let _ = writeln!(out, "                        case (cap_u{ui}_n{})", value.0);
                for (value, t) in cases {
                    let _ = writeln!(out, "                            {}: begin", lit(w, *value));
                    out.push_str(&go(*t, "                                "));
                    let _ = writeln!(out, "                            end");
                }
                let _ = writeln!(out, "                            default: begin");
                out.push_str(&go(*default, "                                "));
                let _ = writeln!(out, "                            end");
                let _ = writeln!(out, "                        endcase");
            }
            Exit::Return => {
                if k.mode != ExecMode::SequentialWorkItems {
                    let _ = writeln!(out, "                        state <= 2'd2;");
                } else {
                    // The counters step in their own process (`returns`).
                    returns.push(format!("cur == {ubits}'d{ui} && !u{ui}_busy"));
                    let _ = writeln!(out, "                        if (wi_last) state <= 2'd2;");
                    let _ = writeln!(out, "                        else begin");
                    let _ = writeln!(out, "                            u{entry}_start <= 1'b1;");
                    let _ = writeln!(out, "                            cur <= {ubits}'d{entry};");
                    let _ = writeln!(out, "                        end");
                }
            }
        }
        let _ = writeln!(out, "                    end");
    }
    let _ = writeln!(out, "                    default: ;");
    let _ = writeln!(out, "                endcase");
    let _ = writeln!(
        out,
        "                2'd2: {}begin done_pulse <= 1'b1; state <= 2'd3; end",
        if writes_pipes(k) {
            "if (streams_drained) "
        } else {
            ""
        }
    );
    let _ = writeln!(
        out,
        "                default: state <= 2'd0;  // ap_start is cleared while here"
    );
    let _ = writeln!(out, "            endcase");
    let _ = writeln!(out, "        end");
    let _ = writeln!(out, "    end");
    let issue = if pipelined {
        format!("{wi_en} && u0_v0")
    } else if returns.is_empty() {
        "1'b0".to_string()
    } else {
        // At a return with work-items left (stepping past the last is harmless, as above).
        format!(
            "state == 2'd1 && mem_idle && ({})",
            returns
                .iter()
                .map(|r| format!("({r})"))
                .collect::<Vec<_>>()
                .join(" || ")
        )
    };
    if nd.counters {
        emit_wi_counters(out, nd, &issue);
    }
    Ok(())
}
