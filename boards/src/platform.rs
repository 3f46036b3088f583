//! What a board is beyond its timing: the device, the resources a kernel may use, the
//! global memories and how the host reaches them, the pins of an open board, and the flow
//! that turns a kernel into a bitstream for it.

use serde::{Deserialize, Serialize};

/// Resources of the device available to kernels (for a PCIe card: the whole device unless
/// the board file says otherwise; its comments give the source).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Resources {
    /// Look-up tables (LUT6 on UltraScale+, ALMs on Intel, LUT4 on ECP5).
    pub luts: u64,
    pub ffs: u64,
    /// Block RAMs of the family's size (RAMB36, M20K, EBR).
    pub block_rams: u64,
    #[serde(default)]
    pub urams: u64,
    pub dsps: u64,
}

/// One kind of global memory: `banks` identical banks named `NAME[i]` (Vitis' `DDR[0]`,
/// `HBM[3]`), each with its size, data path, bandwidth and latency.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GlobalMemory {
    pub name: String,
    /// ddr4, hbm2, bram (on-chip, the open boards' global memory).
    pub kind: String,
    pub banks: u32,
    /// Size of one bank in KiB.
    pub bank_kib: u64,
    /// The bank's AXI data path in bits.
    pub data_bits: u32,
    /// Peak bandwidth of one bank in GB/s.
    pub bandwidth_gbs: f64,
    /// Load latency of one bank in ns (request to first data, unloaded).
    pub latency_ns: f64,
    /// The smallest transfer a bank makes, in bytes, where the kind's is not right
    /// (`access_bytes()` gives the kind's).
    #[serde(default)]
    pub access_bytes: Option<u32>,
}

impl GlobalMemory {
    /// The smallest transfer one bank makes, in bytes: any shorter access takes as long.
    /// DDR4 moves a burst of 8 on its 64-bit channel (JESD79-4 BL8), 64 bytes; an HBM2
    /// pseudo-channel a burst of 4 on 64 bits (PG276), 32 bytes; block RAM one word.
    /// Does the memory take AXI bursts of full beats? DDR and HBM do (and want them); the
    /// open boards' block-RAM banks answer single beats of any width
    /// (`boards/sv/hls_axi_bram.sv`).
    pub fn bursts(&self) -> bool {
        self.kind != "bram"
    }

    pub fn access_bytes(&self) -> u32 {
        self.access_bytes.unwrap_or(match self.kind.as_str() {
            "ddr4" => 64,
            "hbm2" => 32,
            _ => self.data_bits / 8,
        })
    }

    /// The bank names `NAME[0]` .. `NAME[banks-1]`.
    pub fn bank_names(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.banks).map(|i| format!("{}[{i}]", self.name))
    }
}

/// How the host reaches the card.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct HostLink {
    #[serde(default)]
    pub pcie_gen: Option<u32>,
    #[serde(default)]
    pub pcie_lanes: Option<u32>,
    /// The vendor shell: a Vitis platform name or an oneAPI ASP board variant.
    #[serde(default)]
    pub platform: Option<String>,
    /// An open board's serial link to the host (the UART bridge's baud rate).
    #[serde(default)]
    pub uart_baud: Option<u32>,
}

/// One pin of an open board: its site and I/O standard (from amaranth-boards).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Pin {
    pub site: String,
    pub io_type: String,
    /// The pin is driven low to assert (the Versa's LEDs).
    #[serde(default)]
    pub active_low: bool,
}

/// The pins the open flow's board top uses.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Pins {
    /// The oscillator the kernel clock comes from, and its frequency.
    pub clock: Pin,
    pub clock_mhz: f64,
    pub uart_rx: Pin,
    pub uart_tx: Pin,
    /// An LED: the board top's heartbeat (the bitstream is loaded, the clock runs).
    pub led: Pin,
}

/// Which tools turn the kernel into a bitstream.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Flow {
    /// No bitstream flow: a model for compiling and co-simulating only.
    #[default]
    None,
    /// AMD Vitis: an RTL kernel packaged as .xo, linked by v++ into an .xclbin.
    Vitis,
    /// Intel Quartus / OFS: a Platform Designer component in a Quartus project.
    Quartus,
    /// Yosys, nextpnr-ecp5 and ecppack: a complete bitstream with the open tools.
    Ecp5,
}

impl Flow {
    pub fn name(self) -> &'static str {
        match self {
            Flow::None => "none",
            Flow::Vitis => "vitis",
            Flow::Quartus => "quartus",
            Flow::Ecp5 => "ecp5",
        }
    }
}
