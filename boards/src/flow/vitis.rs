//! The Vitis flow: the RTL kernel packaged as an .xo (kernel.xml, package_xo.tcl), linked
//! by v++ (link.cfg, from the memory plan), and an XRT host program.

use super::memplan::Assignment;
use super::{dtype, File, Interface};
use crate::Board;
use askama::Template;

/// One `<arg>` of kernel.xml; `id` is also the XRT `set_arg` index.
pub struct XmlArg {
    pub name: String,
    /// 0 scalar (a control register), 1 global pointer (an AXI master).
    pub qualifier: u32,
    pub id: usize,
    pub port: String,
    pub size: u32,
    pub size_hex: String,
    pub offset: u32,
    pub offset_hex: String,
    pub ty: String,
}

pub struct XmlMaster {
    pub port: String,
    pub width: u32,
}

struct HostArg {
    name: String,
    buffer: bool,
    bytes: u32,
    dtype: String,
}

#[derive(Template)]
#[template(path = "vitis/kernel.xml", escape = "none")]
struct KernelXml<'a> {
    top: &'a str,
    masters: &'a [XmlMaster],
    args: &'a [XmlArg],
}

#[derive(Template)]
#[template(path = "vitis/package_xo.tcl", escape = "none")]
struct PackageXo<'a> {
    top: &'a str,
    part: &'a str,
    sources: &'a [String],
    masters: &'a [XmlMaster],
    clk_2x: bool,
}

#[derive(Template)]
#[template(path = "vitis/link.cfg", escape = "none")]
struct LinkCfg<'a> {
    top: &'a str,
    board: &'a str,
    platform: &'a str,
    plan: &'a [Assignment],
    freq_hz: u64,
}

#[derive(Template)]
#[template(path = "vitis/Makefile", escape = "none")]
struct Makefile<'a> {
    top: &'a str,
    board: &'a str,
    platform: &'a str,
    sources: &'a [String],
}

#[derive(Template)]
#[template(path = "vitis/host.cpp", escape = "none")]
struct HostCpp<'a> {
    top: &'a str,
    host_args: &'a [HostArg],
    ndrange: &'a [String],
}

/// kernel.xml's arguments: the kernel's, in order, then the NDRange registers as scalars.
pub fn xml_args(iface: &Interface) -> Vec<XmlArg> {
    let mut out = Vec::new();
    let mut push = |name: &str, qualifier, port: &str, size: u32, offset: u32, ty: &str| {
        out.push(XmlArg {
            name: name.to_string(),
            qualifier,
            id: out.len(),
            port: port.to_string(),
            size,
            size_hex: format!("0x{size:X}"),
            offset,
            offset_hex: format!("0x{offset:X}"),
            ty: ty.to_string(),
        })
    };
    for a in &iface.args {
        let size = if a.bits > 32 { 8 } else { 4 };
        match &a.port {
            Some(port) => push(&a.name, 1, port, 8, a.offset, &a.ty),
            None => push(&a.name, 0, "s_axi_control", size, a.offset, &a.ty),
        }
    }
    for r in iface.ndrange_regs() {
        push(&r.ident, 0, "s_axi_control", 4, r.offset, "uint");
    }
    out
}

pub fn project(
    board: &Board,
    iface: &Interface,
    plan: &[Assignment],
    sources: &[String],
) -> Result<Vec<File>, askama::Error> {
    let top = iface.top.as_str();
    let masters: Vec<XmlMaster> = iface
        .args
        .iter()
        .filter_map(|a| a.port.clone())
        .map(|port| {
            let name = port.trim_start_matches("m_axi_");
            let width = iface
                .masters
                .iter()
                .find(|m| m.name == name)
                .map_or(32, |m| m.width);
            XmlMaster { port, width }
        })
        .collect();
    let args = xml_args(iface);
    let platform = board
        .host
        .as_ref()
        .and_then(|h| h.platform.as_deref())
        .unwrap_or("");
    let host_args: Vec<HostArg> = iface
        .args
        .iter()
        .map(|a| {
            let (dtype, bytes) = dtype(&a.ty);
            // A scalar's register: one word, or two for 64 bits.
            let bytes = match (&a.port, a.bits > 32) {
                (Some(_), _) => bytes,
                (None, true) => 8,
                (None, false) => 4,
            };
            HostArg {
                name: a.name.clone(),
                buffer: a.port.is_some(),
                bytes,
                dtype,
            }
        })
        .collect();
    let ndrange: Vec<String> = iface.ndrange_regs().map(|r| r.ident.clone()).collect();
    Ok(vec![
        (
            "kernel.xml".into(),
            KernelXml {
                top,
                masters: &masters,
                args: &args,
            }
            .render()?,
        ),
        (
            "package_xo.tcl".into(),
            PackageXo {
                top,
                part: board.part.as_deref().unwrap_or(""),
                sources,
                masters: &masters,
                clk_2x: iface.clk_2x,
            }
            .render()?,
        ),
        (
            "link.cfg".into(),
            LinkCfg {
                top,
                board: &board.name,
                platform,
                plan,
                freq_hz: (board.clock_mhz * 1e6).round() as u64,
            }
            .render()?,
        ),
        (
            "Makefile".into(),
            Makefile {
                top,
                board: &board.name,
                platform,
                sources,
            }
            .render()?,
        ),
        (
            "host/host.cpp".into(),
            HostCpp {
                top,
                host_args: &host_args,
                ndrange: &ndrange,
            }
            .render()?,
        ),
    ])
}
