//! The memory plan: which board memory bank each buffer argument lives in.
//!
//! Round robin over the board's banks in its order (so a kernel's buffers spread over
//! DDR channels or HBM pseudo-channels, as Vitis users place them by hand with `sp=`),
//! unless the user pins an argument with `--memory NAME=BANK`.

use super::Interface;
use crate::Board;
use serde::Serialize;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Assignment {
    pub arg: String,
    /// The AXI4 master port of the argument.
    pub port: String,
    /// The bank, as the vendor tools name it (`HBM[3]`, `DDR[0]`, `BRAM[1]`).
    pub bank: String,
    /// Index of the bank in `Board::banks()`.
    pub bank_index: usize,
    /// The bank's load latency in kernel cycles at the board's clock (co-simulation
    /// models it).
    pub latency_cycles: u32,
    /// The bank's AXI data width: the master's, where the buffer's elements are narrower.
    pub data_bits: u32,
    /// The bank's peak bandwidth in bytes per kernel cycle.
    pub bytes_per_cycle: f64,
    /// The smallest transfer the bank makes, in bytes: a shorter access costs as much.
    pub access_bytes: u32,
}

/// Assigns every buffer argument of `iface` a bank of `board`. `pins` are the user's
/// `NAME=BANK` requests; an unknown argument or bank is an error naming the choices.
pub fn plan(
    board: &Board,
    iface: &Interface,
    pins: &[(String, String)],
) -> Result<Vec<Assignment>, String> {
    let buffers: Vec<(String, String)> = iface
        .args
        .iter()
        .filter_map(|a| a.port.clone().map(|p| (a.name.clone(), p)))
        .collect();
    plan_buffers(board, &buffers, pins)
}

/// `plan` for the buffer arguments `buffers` (name, AXI master port) in argument order:
/// what the compiler asks before the interface exists, to give each master its bank's
/// data width.
pub fn plan_buffers(
    board: &Board,
    buffers: &[(String, String)],
    pins: &[(String, String)],
) -> Result<Vec<Assignment>, String> {
    let banks = board.banks();
    if banks.is_empty() {
        return Err(format!(
            "board '{}' lists no global memories: a flow needs `memories:` in its board file",
            board.name
        ));
    }
    for (arg, bank) in pins {
        if !buffers.iter().any(|(name, _)| name == arg) {
            let names: Vec<&str> = buffers.iter().map(|(name, _)| name.as_str()).collect();
            return Err(format!(
                "--memory {arg}={bank}: the kernel has no buffer argument '{arg}' (buffers: {})",
                names.join(", ")
            ));
        }
        if !banks.iter().any(|(n, _)| n == bank) {
            return Err(format!(
                "--memory {arg}={bank}: board '{}' has no bank '{bank}' (banks: {})",
                board.name,
                bank_ranges(board)
            ));
        }
    }
    let period_ns = board.clock_period_ns();
    let mut next = 0usize;
    let mut out = Vec::new();
    for (name, port) in buffers {
        let index = match pins.iter().find(|(n, _)| n == name) {
            Some((_, bank)) => banks.iter().position(|(n, _)| n == bank).expect("checked"),
            None => {
                let i = next % banks.len();
                next += 1;
                i
            }
        };
        let (bank, mem) = &banks[index];
        out.push(Assignment {
            arg: name.clone(),
            port: port.clone(),
            bank: bank.clone(),
            bank_index: index,
            latency_cycles: (mem.latency_ns / period_ns).ceil().max(1.0) as u32,
            data_bits: mem.data_bits,
            bytes_per_cycle: mem.bandwidth_gbs * period_ns,
            access_bytes: mem.access_bytes(),
        });
    }
    Ok(out)
}

/// `HBM[0..31], DDR[0..1]`: the board's banks in a line.
pub fn bank_ranges(board: &Board) -> String {
    board
        .memories
        .iter()
        .map(|m| format!("{}[0..{}]", m.name, m.banks - 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Parses `--memory NAME=BANK` options.
pub fn parse_pins(opts: &[String]) -> Result<Vec<(String, String)>, String> {
    opts.iter()
        .map(|o| {
            o.split_once('=')
                .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
                .filter(|(a, b)| !a.is_empty() && !b.is_empty())
                .ok_or_else(|| format!("--memory {o}: expected NAME=BANK, e.g. a=HBM[3]"))
        })
        .collect()
}
