//! The Quartus / OFS flow: a Platform Designer component (`_hw.tcl`) exposing the kernel's
//! AXI4 and AXI4-Lite interfaces, the SDC from the board's clock, an out-of-context
//! Quartus project and a Makefile.

use super::{top_ports, File, Interface};
use crate::Board;
use askama::Template;

struct HwPort {
    name: String,
    role: String,
    dir: &'static str,
    width: u32,
}

struct HwInterface {
    name: String,
    kind: &'static str,
    direction: &'static str,
    ports: Vec<HwPort>,
}

#[derive(Template)]
#[template(path = "quartus/kernel_hw.tcl", escape = "none")]
struct HwTcl<'a> {
    top: &'a str,
    sources: &'a [String],
    clk_2x: bool,
    interfaces: &'a [HwInterface],
}

#[derive(Template)]
#[template(path = "quartus/kernel.sdc", escape = "none")]
struct Sdc<'a> {
    top: &'a str,
    board: &'a str,
    mhz: f64,
    period: String,
    half_period: String,
    clk_2x: bool,
}

#[derive(Template)]
#[template(path = "quartus/kernel.qsf", escape = "none")]
struct Qsf<'a> {
    top: &'a str,
    board: &'a str,
    part: &'a str,
    platform: &'a str,
    family: &'a str,
    sources: &'a [String],
}

#[derive(Template)]
#[template(path = "quartus/Makefile", escape = "none")]
struct Makefile<'a> {
    top: &'a str,
    board: &'a str,
}

/// The AXI interfaces of the top, grouped by prefix: `s_axi_control` and each `m_axi_*`;
/// each port's role is its AXI signal name (Platform Designer's roles are the same).
fn interfaces(top_sv: &str, iface: &Interface) -> Vec<HwInterface> {
    let ports = top_ports(top_sv, &iface.top);
    let mut prefixes = vec![("s_axi_control".to_string(), "axi4lite", "end")];
    for a in &iface.args {
        if let Some(p) = &a.port {
            prefixes.push((p.clone(), "axi4", "start"));
        }
    }
    prefixes
        .into_iter()
        .map(|(name, kind, direction)| HwInterface {
            ports: ports
                .iter()
                .filter_map(|p| {
                    let role = p.name.strip_prefix(&format!("{name}_"))?;
                    Some(HwPort {
                        name: p.name.clone(),
                        role: role.to_string(),
                        dir: if p.output { "Output" } else { "Input" },
                        width: p.width,
                    })
                })
                .collect(),
            name,
            kind,
            direction,
        })
        .collect()
}

fn quartus_family(family: Option<&str>) -> &'static str {
    match family {
        Some("agilex7") => "Agilex 7",
        _ => "Stratix 10",
    }
}

pub fn project(
    board: &Board,
    iface: &Interface,
    top_sv: &str,
    sources: &[String],
) -> Result<Vec<File>, askama::Error> {
    let top = iface.top.as_str();
    let period = 1000.0 / board.clock_mhz;
    let part = board.part.as_deref().unwrap_or("");
    let platform = board
        .host
        .as_ref()
        .and_then(|h| h.platform.as_deref())
        .unwrap_or("");
    Ok(vec![
        (
            format!("{top}_hw.tcl"),
            HwTcl {
                top,
                sources,
                clk_2x: iface.clk_2x,
                interfaces: &interfaces(top_sv, iface),
            }
            .render()?,
        ),
        (
            format!("{top}.sdc"),
            Sdc {
                top,
                board: &board.name,
                mhz: board.clock_mhz,
                period: format!("{period:.3}"),
                half_period: format!("{:.3}", period / 2.0),
                clk_2x: iface.clk_2x,
            }
            .render()?,
        ),
        (
            format!("{top}.qsf"),
            Qsf {
                top,
                board: &board.name,
                part,
                platform,
                family: quartus_family(board.family.as_deref()),
                sources,
            }
            .render()?,
        ),
        (
            "Makefile".into(),
            Makefile {
                top,
                board: &board.name,
            }
            .render()?,
        ),
    ])
}
