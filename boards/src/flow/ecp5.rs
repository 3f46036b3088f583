//! The open ECP5 flow: a board-level top around the kernel (block-RAM global memory behind
//! its AXI4 masters, a UART bridge to the control registers and the memory, a PLL for
//! the kernel clock), the pins, and what Yosys, nextpnr-ecp5 and ecppack are run with.

use super::memplan::Assignment;
use super::{top_ports, File, Interface};
use crate::Board;
use askama::Template;
use std::fmt::Write;

/// The board top's SystemVerilog library (with rtl-gen's `hls_fifo`, which every kernel has).
pub const LIBRARY: &[(&str, &str)] = &[
    ("hls_uart_rx.sv", include_str!("../../sv/hls_uart_rx.sv")),
    ("hls_uart_tx.sv", include_str!("../../sv/hls_uart_tx.sv")),
    (
        "hls_uart_bridge.sv",
        include_str!("../../sv/hls_uart_bridge.sv"),
    ),
    ("hls_axi_bram.sv", include_str!("../../sv/hls_axi_bram.sv")),
];

/// The name of the board-level top module.
pub const TOP: &str = "board_top";

/// EHXPLLL dividers: fout = fin * clkfb_div / clki_div, VCO = fout * clkop_div.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pll {
    pub clki_div: u32,
    pub clkfb_div: u32,
    pub clkop_div: u32,
    pub out_mhz: f64,
    pub vco_mhz: f64,
}

/// The EHXPLLL setting closest to `fout` from `fin` within the data sheet's ranges (PFD
/// 3.125..400 MHz, VCO 400..800 MHz, output 3.125..400 MHz; FPGA-DS-02012, sysCLOCK PLL
/// timing), preferring a VCO near 600 MHz among equally close ones (as Project Trellis'
/// ecppll does).
pub fn pll(fin: f64, fout: f64) -> Option<Pll> {
    let mut best: Option<(f64, f64, Pll)> = None;
    for clki_div in 1..=128u32 {
        let pfd = fin / clki_div as f64;
        if !(3.125..=400.0).contains(&pfd) {
            continue;
        }
        for clkfb_div in 1..=80u32 {
            let out = pfd * clkfb_div as f64;
            if !(3.125..=400.0).contains(&out) {
                continue;
            }
            for clkop_div in 1..=128u32 {
                let vco = out * clkop_div as f64;
                if !(400.0..=800.0).contains(&vco) {
                    continue;
                }
                let key = ((out - fout).abs(), (vco - 600.0).abs());
                if best.as_ref().is_none_or(|b| key < (b.0, b.1)) {
                    let p = Pll {
                        clki_div,
                        clkfb_div,
                        clkop_div,
                        out_mhz: out,
                        vco_mhz: vco,
                    };
                    best = Some((key.0, key.1, p));
                }
            }
        }
    }
    best.map(|b| b.2)
}

/// nextpnr-ecp5's device, package and speed options for a part number
/// (`LFE5U-85F-6BG381C` -> `--85k --package CABGA381 --speed 6`).
pub fn nextpnr_device(part: &str) -> Result<Vec<String>, String> {
    let bad = || format!("part '{part}': not an ECP5 part number like LFE5U-85F-6BG381C");
    let mut it = part.split('-');
    let (family, size, rest) = (
        it.next().ok_or_else(bad)?,
        it.next().ok_or_else(bad)?,
        it.next().ok_or_else(bad)?,
    );
    let k = size.trim_end_matches('F');
    let device = match family {
        "LFE5U" => format!("--{k}k"),
        "LFE5UM" => format!("--um-{k}k"),
        "LFE5UM5G" => format!("--um5g-{k}k"),
        _ => return Err(bad()),
    };
    let speed: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let package = &rest[speed.len()..];
    let package = package.trim_end_matches(['C', 'I']);
    let package = match package {
        "BG381" => "CABGA381",
        "BG256" => "CABGA256",
        "BG554" => "CABGA554",
        "BG756" => "CABGA756",
        "MG285" => "CSFBGA285",
        _ => return Err(bad()),
    };
    if speed.is_empty() {
        return Err(bad());
    }
    Ok(vec![
        device,
        "--package".into(),
        package.into(),
        "--speed".into(),
        speed,
    ])
}

#[derive(Template)]
#[template(path = "ecp5/board_top.sv", escape = "none")]
struct BoardTop<'a> {
    top: &'a str,
    board: &'a str,
    part: &'a str,
    plan: String,
    banks: usize,
    baud: u32,
    mhz: f64,
    osc_mhz: f64,
    pll: bool,
    pll_clki_div: u32,
    pll_clkfb_div: u32,
    pll_clkop_div: u32,
    pll_cphase: u32,
    vco_mhz: f64,
    clks_per_bit: u32,
    beat_bits: u32,
    led_active_low: bool,
    clk_2x: bool,
    master_wires: String,
    master_conns: String,
    bank_insts: String,
}

struct HostArg {
    name: String,
    offset: u32,
    bits: u32,
    buffer: String,
    dtype: String,
    base: u64,
}

#[derive(Template)]
#[template(path = "ecp5/host.py", escape = "none")]
struct HostPy<'a> {
    top: &'a str,
    board: &'a str,
    baud: u32,
    args: &'a [HostArg],
    ndrange: &'a [(String, u32)],
}

#[derive(Template)]
#[template(path = "ecp5/Makefile", escape = "none")]
struct Makefile<'a> {
    top: &'a str,
    board: &'a str,
    mhz: f64,
    device: String,
}

/// Where bank `b` of the board top sits in the bridge's address space
/// (hls_uart_bridge.sv): 0x1000_0000 + b * 0x0100_0000. Kernel pointers are these
/// addresses too: a bank decodes only its own low bits.
pub fn bank_base(b: usize) -> u64 {
    0x1000_0000 + 0x0100_0000 * b as u64
}

/// Each buffer argument's address, in plan order: its bank's base, and when several
/// buffers share a bank, an equal share of it each, aligned to 64 bytes (wider than any
/// bank's word, so every buffer starts on a word of every port).
pub fn buffer_bases(board: &Board, plan: &[Assignment]) -> Vec<u64> {
    let banks = board.banks();
    plan.iter()
        .map(|a| {
            let sharing: Vec<&Assignment> = plan
                .iter()
                .filter(|b| b.bank_index == a.bank_index)
                .collect();
            let k = sharing.iter().position(|b| b.arg == a.arg).unwrap_or(0) as u64;
            let bytes = banks[a.bank_index].1.bank_kib * 1024;
            let share = bytes / sharing.len() as u64 / 64 * 64;
            bank_base(a.bank_index) + k * share
        })
        .collect()
}

#[derive(Template)]
#[template(path = "ecp5/board.lpf", escape = "none")]
struct Lpf<'a> {
    board: &'a str,
    osc_mhz: f64,
    clk: &'a crate::Pin,
    rx: &'a crate::Pin,
    tx: &'a crate::Pin,
    led: &'a crate::Pin,
}

/// The board top and its pin constraints for `board`.
pub fn project(
    board: &Board,
    iface: &Interface,
    top_sv: &str,
    plan: &[Assignment],
) -> Result<Vec<File>, String> {
    let pins = board.pins.as_ref().ok_or("the board has no pins")?;
    if iface.clk_2x {
        return Err(
            "the kernel has a double-pumped memory (ap_clk_2x); the open flow's board \
                    top has one clock: drop the double pump (or the memory's decoration)"
                .into(),
        );
    }
    let mhz = board.clock_mhz;
    let osc = pins.clock_mhz;
    let setting = if (mhz - osc).abs() < 1e-9 {
        None
    } else {
        let p = pll(osc, mhz).ok_or_else(|| {
            format!("no EHXPLLL setting makes {mhz} MHz from the {osc} MHz oscillator")
        })?;
        if (p.out_mhz - mhz).abs() > 1e-6 * mhz {
            return Err(format!(
                "the EHXPLLL makes {:.3} MHz, not {mhz} MHz, from the {osc} MHz oscillator: \
                 give the board a clock_mhz it can make",
                p.out_mhz
            ));
        }
        Some(p)
    };
    let baud = board
        .host
        .as_ref()
        .and_then(|h| h.uart_baud)
        .unwrap_or(115_200);
    let clks_per_bit = (mhz * 1e6 / baud as f64).round() as u32;
    let (wires, conns, banks) = connections(board, iface, top_sv, plan)?;
    let p = setting.unwrap_or(Pll {
        clki_div: 1,
        clkfb_div: 1,
        clkop_div: 1,
        out_mhz: mhz,
        vco_mhz: 0.0,
    });
    let top = BoardTop {
        top: &iface.top,
        board: &board.name,
        part: board.part.as_deref().unwrap_or(""),
        plan: plan
            .iter()
            .map(|a| format!("{} -> {}", a.arg, a.bank))
            .collect::<Vec<_>>()
            .join(", "),
        banks: board.banks().len(),
        baud,
        mhz,
        osc_mhz: osc,
        pll: setting.is_some(),
        pll_clki_div: p.clki_div,
        pll_clkfb_div: p.clkfb_div,
        pll_clkop_div: p.clkop_div,
        pll_cphase: p.clkop_div - 1,
        vco_mhz: p.vco_mhz,
        clks_per_bit,
        beat_bits: ((mhz * 1e6).log2().floor() as u32).saturating_sub(1),
        led_active_low: pins.led.active_low,
        clk_2x: iface.clk_2x,
        master_wires: wires,
        master_conns: conns,
        bank_insts: banks,
    }
    .render()
    .map_err(|e| e.to_string())?;
    let lpf = Lpf {
        board: &board.name,
        osc_mhz: osc,
        clk: &pins.clock,
        rx: &pins.uart_rx,
        tx: &pins.uart_tx,
        led: &pins.led,
    }
    .render()
    .map_err(|e| e.to_string())?;
    let bases = buffer_bases(board, plan);
    let mut bi = 0;
    let host_args: Vec<HostArg> = iface
        .args
        .iter()
        .map(|a| {
            let base = if a.port.is_some() {
                bi += 1;
                bases[bi - 1]
            } else {
                0
            };
            HostArg {
                name: a.name.clone(),
                offset: a.offset,
                bits: a.bits,
                buffer: if a.port.is_some() { "True" } else { "False" }.into(),
                dtype: super::dtype(&a.ty).0,
                base,
            }
        })
        .collect();
    let ndrange: Vec<(String, u32)> = iface
        .ndrange_regs()
        .map(|r| (r.ident.clone(), r.offset))
        .collect();
    let host = HostPy {
        top: &iface.top,
        board: &board.name,
        baud,
        args: &host_args,
        ndrange: &ndrange,
    }
    .render()
    .map_err(|e| e.to_string())?;
    let device = nextpnr_device(board.part.as_deref().unwrap_or(""))?.join(" ");
    let make = Makefile {
        top: &iface.top,
        board: &board.name,
        mhz,
        device,
    }
    .render()
    .map_err(|e| e.to_string())?;
    Ok(vec![
        (format!("rtl/board/{TOP}.sv"), top),
        ("board.lpf".into(), lpf),
        ("host.py".into(), host),
        ("Makefile".into(), make),
    ])
}

/// The AXI signals a bank takes from a master (with the value when the master lacks it)
/// and gives back, by the kernel port suffix.
const TO_BANK: &[(&str, &str)] = &[
    ("arvalid", "1'b0"),
    ("araddr", "64'd0"),
    ("rready", "1'b0"),
    ("awvalid", "1'b0"),
    ("awaddr", "64'd0"),
    ("wvalid", "1'b0"),
    ("wdata", "0"),
    ("wstrb", "0"),
    ("bready", "1'b0"),
];
const FROM_BANK: &[&str] = &["arready", "rvalid", "rdata", "awready", "wready", "bvalid"];

/// The master wires, the kernel's master connections and the bank instances.
fn connections(
    board: &Board,
    iface: &Interface,
    top_sv: &str,
    plan: &[Assignment],
) -> Result<(String, String, String), String> {
    let ports = top_ports(top_sv, &iface.top);
    let (mut wires, mut conns, mut banks) = (String::new(), String::new(), String::new());
    for p in ports.iter().filter(|p| p.name.starts_with("m_axi_")) {
        let _ = writeln!(wires, "    logic [{}:0] {};", p.width - 1, p.name);
        let _ = write!(conns, ",\n        .{0}({0})", p.name);
    }
    let has = |name: &str| ports.iter().any(|p| p.name == name);
    let width_of = |port: &str| -> u32 {
        let name = port.trim_start_matches("m_axi_");
        iface
            .masters
            .iter()
            .find(|m| m.name == name)
            .map_or(32, |m| m.width)
    };
    let all = board.banks();
    for (b, (bank_name, mem)) in all.iter().enumerate() {
        let here: Vec<&Assignment> = plan.iter().filter(|a| a.bank_index == b).collect();
        if here.is_empty() {
            let _ = writeln!(
                banks,
                "    assign h_rdata[{b} * 32 +: 32] = 32'd0;  // {bank_name}: no buffer\n"
            );
            continue;
        }
        let data_bits = here
            .iter()
            .map(|a| width_of(&a.port))
            .max()
            .unwrap_or(32)
            .max(32);
        if !data_bits.is_power_of_two() {
            return Err(format!(
                "{bank_name}: a {data_bits}-bit master is not a power of two"
            ));
        }
        let words = mem.bank_kib * 1024 / (data_bits as u64 / 8);
        let words_log2 = 63 - words.leading_zeros();
        let n = here.len();
        let log2b: Vec<String> = here
            .iter()
            .rev()
            .map(|a| format!("8'd{}", (width_of(&a.port) / 8).trailing_zeros()))
            .collect();
        let _ = writeln!(
            banks,
            "    // {bank_name}: {}",
            here.iter()
                .map(|a| a.arg.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        for s in FROM_BANK {
            let w = if *s == "rdata" {
                format!("{n}*{data_bits}")
            } else {
                n.to_string()
            };
            let _ = writeln!(banks, "    logic [{w}-1:0] bank{b}_{s};");
        }
        for (i, a) in here.iter().enumerate() {
            for s in FROM_BANK {
                let port = format!("{}_{s}", a.port);
                if !has(&port) {
                    continue;
                }
                let width = ports.iter().find(|p| p.name == port).map_or(1, |p| p.width);
                let src = if *s == "rdata" {
                    format!("bank{b}_rdata[{i} * {data_bits} +: {width}]")
                } else {
                    format!("bank{b}_{s}[{i}]")
                };
                let _ = writeln!(banks, "    assign {port} = {src};");
            }
            for (s, v) in [("rlast", "1'b1"), ("rresp", "2'b00"), ("bresp", "2'b00")] {
                if has(&format!("{}_{s}", a.port)) {
                    let _ = writeln!(banks, "    assign {}_{s} = {v};", a.port);
                }
            }
        }
        let _ = write!(
            banks,
            "    hls_axi_bram #(.NPORTS({n}), .DATA_BITS({data_bits}), .WORDS_LOG2({words_log2}), .PORT_LOG2B({{{}}})) bank{b} (\n        .clk, .rst_n, .h_valid(h_valid[{b}]), .h_we, .h_addr, .h_wdata, .h_rdata(h_rdata[{b} * 32 +: 32])",
            log2b.join(", ")
        );
        for (s, tie) in TO_BANK {
            let parts: Vec<String> = here
                .iter()
                .rev()
                .map(|a| {
                    let port = format!("{}_{s}", a.port);
                    let lane_bits = match *s {
                        "wdata" => data_bits,
                        "wstrb" => data_bits / 8,
                        "araddr" | "awaddr" => 64,
                        _ => 1,
                    };
                    match ports.iter().find(|p| p.name == port) {
                        Some(p) if p.width < lane_bits => format!("{lane_bits}'({port})"),
                        Some(_) => port,
                        None if *tie == "0" => format!("{lane_bits}'d0"),
                        None => tie.to_string(),
                    }
                })
                .collect();
            let _ = write!(banks, ",\n        .{s}({{{}}})", parts.join(", "));
        }
        for s in FROM_BANK {
            let _ = write!(banks, ",\n        .{s}(bank{b}_{s})");
        }
        let _ = writeln!(banks, "\n    );\n");
    }
    Ok((wires, conns, banks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pll_settings_are_exact_where_they_can_be() {
        let p = pll(25.0, 50.0).unwrap();
        assert!((p.out_mhz - 50.0).abs() < 1e-9, "{p:?}");
        assert!((400.0..=800.0).contains(&p.vco_mhz));
        let p = pll(100.0, 50.0).unwrap();
        assert!((p.out_mhz - 50.0).abs() < 1e-9, "{p:?}");
    }

    #[test]
    fn nextpnr_options_from_part_numbers() {
        assert_eq!(
            nextpnr_device("LFE5U-85F-6BG381C").unwrap(),
            ["--85k", "--package", "CABGA381", "--speed", "6"]
        );
        assert_eq!(
            nextpnr_device("LFE5UM5G-45F-8BG381C").unwrap(),
            ["--um5g-45k", "--package", "CABGA381", "--speed", "8"]
        );
        assert!(nextpnr_device("xcu280-fsvh2892-2L-e").is_err());
    }
}
