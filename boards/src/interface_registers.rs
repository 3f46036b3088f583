//! The register stages the generated memory interface puts on a global access's way, which
//! the schedule counts (rtl-gen's `hls_fifo` and `hls_fifo_r` build them).

use crate::MemoryModel;

/// Register stages on the kernel's read-data path after a response is accepted: the read
/// FIFO's storage read, the landing register and the head register (rtl-gen's
/// `hls_fifo_r`), so read data enters the datapath from a flip-flop. The schedule adds
/// them to a load's latency (`MemoryModel::load_latency`).
pub const READ_RESPONSE_REGISTERS: u32 = 3;

/// Register stages on the kernel's request path before the AXI port: the request queue's
/// input register (rtl-gen's `hls_fifo` with IN_REG), so the address logic ends at a
/// flip-flop rather than at the queue's RAM. The schedule adds it to a load's latency.
pub const REQUEST_REGISTERS: u32 = 1;

/// Register stages in front of the store queue (its IN_REG, like the request's). Nothing
/// in the schedule waits on a store's queue, so it costs no cycle there; the FSM's
/// hand-off and a later load's fence read the queue's `idle_next`, which counts it.
pub const STORE_REGISTERS: u32 = 1;

impl MemoryModel {
    /// Cycles the schedule gives a global load: the memory's latency and the registers
    /// its request and data pass on the way.
    pub fn load_latency(&self) -> u32 {
        self.global_load_latency + REQUEST_REGISTERS + READ_RESPONSE_REGISTERS
    }
}
