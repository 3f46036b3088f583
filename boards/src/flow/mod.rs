//! Flow generation: from a compiled kernel's interface to what a board's tools build.
//!
//! Each flow reads the kernel through `Interface` — the fields of `OUT/interface.json`
//! that hardware around the kernel needs — so the vendor metadata (kernel.xml, the
//! Platform Designer component) and the board top cannot disagree with the register map
//! the co-simulation drives. This module knows nothing of SPIR-V or the IR.

pub mod ecp5;
pub mod memplan;
pub mod quartus;
pub mod vitis;

use serde::Deserialize;

/// What `OUT/interface.json` says about the kernel's ports.
#[derive(Debug, Clone, Deserialize)]
pub struct Interface {
    pub top: String,
    pub args: Vec<Arg>,
    pub masters: Vec<Master>,
    pub regs: Vec<Reg>,
    #[serde(default)]
    pub clk_2x: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Arg {
    pub name: String,
    pub offset: u32,
    pub bits: u32,
    pub buffer: bool,
    pub ty: String,
    /// A buffer's AXI4 master port.
    #[serde(default)]
    pub port: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Master {
    /// The port is `m_axi_<name>`.
    pub name: String,
    pub read: bool,
    pub write: bool,
    pub width: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Reg {
    pub offset: u32,
    pub bits: u32,
    pub ident: String,
}

impl Interface {
    /// The control registers that are not argument words: the NDRange's (global_size0,
    /// ...) — a host sets them like scalar arguments.
    pub fn ndrange_regs(&self) -> impl Iterator<Item = &Reg> {
        let args_end = self.args.iter().map(|a| a.offset + 8).max().unwrap_or(0x10);
        self.regs.iter().filter(move |r| r.offset >= args_end)
    }
}

/// The numpy dtype of an OpenCL C type name (`float*` -> `<f4`).
pub fn dtype(ty: &str) -> (String, u32) {
    let base = ty.trim_end_matches('*');
    let (code, bytes) = match base {
        "half" => ("f", 2),
        "float" => ("f", 4),
        "double" => ("f", 8),
        "bool" | "uchar" => ("u", 1),
        "ushort" => ("u", 2),
        "uint" => ("u", 4),
        "ulong" | "local" => ("u", 8),
        _ => ("u", 8),
    };
    let order = if bytes == 1 { "|" } else { "<" };
    (format!("{order}{code}{bytes}"), bytes)
}

/// A file of a generated project: its path under OUT and its text.
pub type File = (String, String);

/// A port of the kernel's top module, read from the generated SystemVerilog itself (the
/// header rtl-gen writes: `input  logic [W-1:0] name,`), so wrappers connect what is there.
#[derive(Debug, Clone, PartialEq)]
pub struct Port {
    pub name: String,
    pub output: bool,
    pub width: u32,
}

/// The ports of `module top (...)` in `sv`.
pub fn top_ports(sv: &str, top: &str) -> Vec<Port> {
    let Some(start) = sv.find(&format!("module {top}")) else {
        return Vec::new();
    };
    let header = &sv[start..];
    let header = &header[..header.find(");").unwrap_or(header.len())];
    header
        .lines()
        .filter_map(|l| {
            let l = l.split("//").next()?.trim().trim_end_matches(',');
            let (dir, rest) = l.split_once(char::is_whitespace)?;
            let output = match dir {
                "input" => false,
                "output" => true,
                _ => return None,
            };
            let rest = rest.trim().strip_prefix("logic")?.trim();
            let (width, name) = match rest.strip_prefix('[') {
                Some(r) => {
                    let (range, name) = r.split_once(']')?;
                    let hi: u32 = range.split(':').next()?.trim().parse().ok()?;
                    (hi + 1, name.trim())
                }
                None => (1, rest),
            };
            Some(Port {
                name: name.to_string(),
                output,
                width,
            })
        })
        .collect()
}
