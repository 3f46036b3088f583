//! Co-simulation of an open board's top (the kernel, its block-RAM banks and the UART
//! bridge) with a model of the host on the other end of the UART: it writes the inputs
//! into the banks and the arguments into the control registers, starts the kernel, polls
//! ap_done and reads the buffers back — as the board's host script does over the wire.

use crate::values::{ArgValue, Buffer};
use crate::verilator::{build_model_with, VerilatedModel};
use crate::{RtlRun, SimError};
use rtl_gen::Interface;
use std::path::PathBuf;

/// Clocks per UART bit in co-simulation: the board's real rate (hundreds of clocks per
/// bit) would spend most of the run shifting bits; the bridge works the same at any rate.
pub const SIM_CLKS_PER_BIT: u32 = 4;

struct Uart {
    m: VerilatedModel,
    clk: usize,
    rx: usize,
    tx: usize,
    cycles: u64,
}

impl Uart {
    fn tick(&mut self) {
        self.m.set(self.clk, 0);
        self.m.eval();
        self.m.set(self.clk, 1);
        self.m.eval();
        self.cycles += 1;
    }

    fn send(&mut self, byte: u8) {
        let bits = std::iter::once(0)
            .chain((0..8).map(|i| u64::from((byte >> i) & 1)))
            .chain(std::iter::once(1));
        for b in bits {
            self.m.set(self.rx, b);
            for _ in 0..SIM_CLKS_PER_BIT {
                self.tick();
            }
        }
    }

    /// The next byte from the board, sampled in the middle of each bit.
    fn recv(&mut self) -> Result<u8, SimError> {
        let limit = self.cycles + 100_000;
        while self.m.get(self.tx) == 1 {
            if self.cycles > limit {
                return Err(SimError::Rtl(
                    "the board top did not answer over the UART".into(),
                ));
            }
            self.tick();
        }
        for _ in 0..SIM_CLKS_PER_BIT + SIM_CLKS_PER_BIT / 2 {
            self.tick();
        }
        let mut byte = 0u8;
        for i in 0..8 {
            byte |= (self.m.get(self.tx) as u8 & 1) << i;
            for _ in 0..SIM_CLKS_PER_BIT {
                self.tick();
            }
        }
        // The stop bit.
        for _ in 0..SIM_CLKS_PER_BIT / 2 + 1 {
            self.tick();
        }
        Ok(byte)
    }

    fn write(&mut self, addr: u32, data: u32) -> Result<(), SimError> {
        self.send(b'W');
        for b in addr.to_le_bytes().into_iter().chain(data.to_le_bytes()) {
            self.send(b);
        }
        match self.recv()? {
            b'K' => Ok(()),
            other => Err(SimError::Rtl(format!(
                "the bridge answered 0x{other:02x} to a write of 0x{addr:08x}, not 'K'"
            ))),
        }
    }

    fn read(&mut self, addr: u32) -> Result<u32, SimError> {
        self.send(b'R');
        for b in addr.to_le_bytes() {
            self.send(b);
        }
        let mut v = [0u8; 4];
        for b in &mut v {
            *b = self.recv()?;
        }
        Ok(u32::from_le_bytes(v))
    }
}

/// Runs the kernel on the board top: `bases` gives each buffer argument's address in the
/// bridge's map (its bank's, in argument order). Returns the buffers read back and the
/// cycles from start to done.
#[allow(clippy::too_many_arguments)]
pub fn run_board(
    sources: &[PathBuf],
    iface: &Interface,
    args: &[ArgValue],
    bases: &[u64],
    global: [u64; 3],
    local: [u64; 3],
    work_dim: u32,
    max_cycles: u64,
) -> Result<RtlRun, SimError> {
    let lib = build_model_with(
        sources,
        "board_top",
        false,
        &[("CLKS_PER_BIT", SIM_CLKS_PER_BIT as i64)],
    )?;
    let m = VerilatedModel::load(&lib)?;
    let mut u = Uart {
        clk: m.port("clk_in")?,
        rx: m.port("uart_rx")?,
        tx: m.port("uart_tx")?,
        m,
        cycles: 0,
    };
    u.m.set(u.rx, 1);
    for _ in 0..64 {
        u.tick();
    }
    // Inputs into the banks, word by word.
    let buffers = args.iter().filter_map(|a| match a {
        ArgValue::Buffer(b) => Some(b),
        _ => None,
    });
    for (b, &base) in buffers.zip(bases) {
        for (i, w) in b.bytes.chunks(4).enumerate() {
            let mut word = [0u8; 4];
            word[..w.len()].copy_from_slice(w);
            u.write(base as u32 + 4 * i as u32, u32::from_le_bytes(word))?;
        }
    }
    let bases = bases.to_vec();
    for (offset, value) in crate::launch::registers(iface, args, &bases, global, local, work_dim) {
        u.write(offset, value)?;
    }
    u.write(0x00, 1)?;
    let start = u.cycles;
    loop {
        if u.read(0x00)? & 0x2 != 0 {
            break;
        }
        if u.cycles - start > max_cycles {
            return Err(SimError::Rtl(format!(
                "the kernel did not finish within {max_cycles} cycles on the board top"
            )));
        }
    }
    let cycles = u.cycles - start;
    let err = u.read(iface.error_offset)?;
    if err != 0 {
        return Err(SimError::Rtl(format!(
            "the kernel's error register reads 0x{err:x} (an access outside its bank)"
        )));
    }
    let mut out = Vec::new();
    let mut bi = 0;
    for a in args {
        match a {
            ArgValue::Buffer(b) => {
                let mut bytes = Vec::with_capacity(b.bytes.len());
                for i in 0..b.bytes.len().div_ceil(4) {
                    let w = u.read(bases[bi] as u32 + 4 * i as u32)?;
                    bytes.extend_from_slice(&w.to_le_bytes());
                }
                bytes.truncate(b.bytes.len());
                out.push(ArgValue::Buffer(Buffer {
                    elem: b.elem,
                    bytes,
                }));
                bi += 1;
            }
            s => out.push(s.clone()),
        }
    }
    // The banks are behind the board top: their traffic is not seen from here.
    Ok(RtlRun {
        args: out,
        cycles,
        ports: Vec::new(),
    })
}
