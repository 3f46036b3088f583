//! Simulation: the software model (SPIR-V interpreter), the Verilator model driven through
//! cxx with AXI memories modelled here, and the comparison of the two.

pub mod axi;
pub mod board;
pub mod float;
pub mod launch;
pub mod model;
pub mod net;
pub mod npy;
pub mod rng;
mod streams;
pub mod values;
pub mod verilator;

pub use model::{run_linked, run_model, run_model_counted, Launch};
pub use values::{ArgValue, Buffer, Elem, Param, ParamKind};

#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error("argument: {0}")]
    BadArg(String),
    #[error("software model: {0}")]
    Model(String),
    #[error("{0}")]
    Tool(String),
    #[error("RTL simulation: {0}")]
    Rtl(String),
    /// The RTL ran its whole cycle budget without raising done: how far it got.
    #[error("RTL simulation: the kernel did not finish within {budget} cycles (it made {reads} read and {writes} write requests)")]
    OutOfCycles {
        budget: u64,
        reads: u64,
        writes: u64,
    },
    #[error("{0}")]
    Io(String),
    /// The kernels of a system wait on each other's pipes and none can go on.
    #[error("{0}")]
    Deadlock(String),
}

impl SimError {
    pub fn is_bad_input(&self) -> bool {
        matches!(self, SimError::BadArg(_))
    }
}

/// Memory timing seen by the AXI masters.
#[derive(Debug, Clone)]
pub enum MemLatency {
    Fixed(u32),
    /// Each AXI master on the board memory bank the memory plan gave it, in the order of
    /// the buffer arguments: the bank's latency, and its bandwidth shared by the masters
    /// on it.
    Banks(Vec<BankModel>),
    /// Per-request latency 1..=80 and random ready/valid back-pressure, from a seed.
    Random(u64),
}

/// A board memory bank as co-simulation models it. Reads and writes of every master on
/// the bank take turns on its data bus: a transaction holds it for the bytes it moves at
/// `bytes_per_cycle`, counted in whole `access_bytes` granules (a DDR4 burst moves 64 bytes
/// however few were asked for), and answers `latency` cycles after it got the bus.
#[derive(Debug, Clone, PartialEq)]
pub struct BankModel {
    /// The bank's index on the board (masters with the same index share it).
    pub bank: usize,
    pub latency: u32,
    pub bytes_per_cycle: f64,
    pub access_bytes: u32,
}

impl BankModel {
    /// Cycles a transaction of `bytes` bytes from `addr` holds the bus: the granules it
    /// touches, at the bank's bandwidth.
    pub fn bus_cycles(&self, addr: u64, bytes: u64) -> f64 {
        let g = u64::from(self.access_bytes.max(1));
        let granules = (addr + bytes.max(1) - 1) / g - addr / g + 1;
        (granules * g) as f64 / self.bytes_per_cycle
    }
}

pub struct RtlRun {
    pub args: Vec<ArgValue>,
    pub cycles: u64,
    /// What crossed each AXI master, in the order of the buffer arguments.
    pub ports: Vec<PortStats>,
}

/// The traffic of one AXI master over a run: transactions (bursts) and beats each way, and
/// on a modelled bank the cycles its transactions held the bank's bus.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct PortStats {
    pub port: String,
    pub read_bursts: u64,
    pub read_beats: u64,
    pub write_bursts: u64,
    pub write_beats: u64,
    pub bus_cycles: f64,
}

impl PortStats {
    /// `m_axi_a: 256 read bursts (4096 beats), 0 write bursts (0 beats)` and, on a modelled
    /// bank, the share of the run's cycles its bus was busy with this master.
    pub fn line(&self, cycles: u64) -> String {
        let mut s = format!(
            "{}: {} read bursts ({} beats), {} write bursts ({} beats)",
            self.port, self.read_bursts, self.read_beats, self.write_bursts, self.write_beats
        );
        if self.bus_cycles > 0.0 {
            let share = 100.0 * self.bus_cycles / cycles.max(1) as f64;
            s.push_str(&format!(", the bank's bus busy {share:.1}% of the run"));
        }
        s
    }
}

pub use axi::run_rtl;

/// Distance in units in the last place between two floats (0 when both are NaN).
pub fn ulp_distance(a: f32, b: f32) -> u64 {
    ulp_distance_bits(
        frontend::ir::FloatKind::F32,
        a.to_bits() as u64,
        b.to_bits() as u64,
    )
}

/// Distance in units in the last place between two values of format `k` given as bits.
pub fn ulp_distance_bits(k: frontend::ir::FloatKind, a: u64, b: u64) -> u64 {
    let (x, y) = (float::from_bits(k, a), float::from_bits(k, b));
    if x.is_nan() && y.is_nan() {
        return 0;
    }
    if x.is_nan() || y.is_nan() {
        return u64::MAX;
    }
    // Sign-magnitude bits to a line where adjacent values are adjacent integers.
    let w = float::width(k);
    let key = |b: u64| -> i128 {
        let sign = (b >> (w - 1)) & 1 == 1;
        let mag = (b & ((1u128 << (w - 1)) - 1) as u64) as i128;
        if sign {
            -mag
        } else {
            mag
        }
    };
    (key(a) - key(b)).unsigned_abs() as u64
}

/// Compares buffers: integers bit-exact, floats within `max_ulp`. Returns mismatch lines.
pub fn compare(
    names: &[String],
    expected: &[ArgValue],
    actual: &[ArgValue],
    max_ulp: u64,
) -> Vec<String> {
    let mut out = Vec::new();
    for ((name, e), a) in names.iter().zip(expected).zip(actual) {
        let (ArgValue::Buffer(e), ArgValue::Buffer(a)) = (e, a) else {
            continue;
        };
        let mut shown = 0;
        let mut count = 0;
        for i in 0..e.len().min(a.len()) {
            let (x, y) = (e.get(i), a.get(i));
            let bad = match e.elem.float_kind() {
                Some(k) => ulp_distance_bits(k, x, y) > max_ulp,
                None => x != y,
            };
            if bad {
                count += 1;
                if shown < 8 {
                    shown += 1;
                    out.push(match e.elem.float_kind() {
                        Some(k) => {
                            let (fx, fy) = (float::from_bits(k, x), float::from_bits(k, y));
                            format!("{name}[{i}]: expected {fx:e} (0x{x:08x}), got {fy:e} (0x{y:08x}), {} ulp", ulp_distance_bits(k, x, y))
                        }
                        None => format!("{name}[{i}]: expected {x} (0x{x:x}), got {y} (0x{y:x})"),
                    });
                }
            }
        }
        if count > shown {
            out.push(format!("{name}: {} more mismatches", count - shown));
        }
    }
    out
}
