//! The host's end of a kernel's AXI4-Stream ports (its pipe arguments): a read pipe's
//! packets offered one per beat, a write pipe's beats collected. Under random latency the
//! source leaves gaps and the sink refuses beats at random, as a producer and a consumer
//! kernel would; with fixed latency both run at one beat a cycle.

use crate::rng::Rng;
use crate::values::{ArgValue, Buffer};
use crate::verilator::VerilatedModel;
use crate::SimError;
use rtl_gen::Interface;

pub(crate) struct Stream {
    /// The pipe argument's position.
    pub arg: usize,
    write: bool,
    valid: usize,
    ready: usize,
    data: usize,
    packet: usize,
    /// A read pipe's packets (all given), a write pipe's (as they arrive).
    bytes: Vec<u8>,
    /// Bytes of a read pipe's packets sent.
    sent: usize,
    /// This cycle's offer (source) or acceptance (sink).
    on: bool,
}

/// The streams of `iface` with their packets from `args`: its ports named with `prefix`
/// in the design's top, but for the arguments `internal` (pipes the top connects).
pub(crate) fn streams_of(
    m: &VerilatedModel,
    iface: &Interface,
    args: &[ArgValue],
    prefix: &str,
    internal: &[usize],
) -> Result<Vec<Stream>, SimError> {
    let mut out = Vec::new();
    for (i, (slot, a)) in iface.args.iter().zip(args).enumerate() {
        let (Some(port), ArgValue::Buffer(b)) = (&slot.port, a) else {
            continue;
        };
        if internal.contains(&i) {
            continue;
        }
        let port = format!("{prefix}{port}");
        let write = port.starts_with("m_axis_");
        if !write && !port.starts_with("s_axis_") {
            continue;
        }
        out.push(Stream {
            arg: i,
            write,
            valid: m.port(&format!("{port}_tvalid"))?,
            ready: m.port(&format!("{port}_tready"))?,
            data: m.port(&format!("{port}_tdata"))?,
            packet: b.elem.bytes(),
            bytes: if write { Vec::new() } else { b.bytes.clone() },
            sent: 0,
            on: false,
        });
    }
    Ok(out)
}

/// Sets the streams' inputs for this cycle.
pub(crate) fn drive(m: &mut VerilatedModel, streams: &mut [Stream], rng: &mut Rng, gaps: bool) {
    for s in streams.iter_mut() {
        let pause = gaps && rng.chance(25);
        if s.write {
            s.on = !pause;
            m.set(s.ready, s.on as u64);
        } else {
            s.on = s.sent < s.bytes.len() && !pause;
            m.set(s.valid, s.on as u64);
            if s.on {
                let mut w = [0u8; 8];
                w[..s.packet].copy_from_slice(&s.bytes[s.sent..s.sent + s.packet]);
                m.set_chunk(s.data, 0, u64::from_le_bytes(w));
            }
        }
    }
}

/// Takes this cycle's handshakes (after the inputs settled, before the edge); whether any
/// beat moved.
pub(crate) fn sample(m: &VerilatedModel, streams: &mut [Stream]) -> bool {
    let mut moved = false;
    for s in streams.iter_mut() {
        if !s.on {
            continue;
        }
        if s.write {
            if m.get(s.valid) == 1 {
                let v = m.get_chunk(s.data, 0).to_le_bytes();
                s.bytes.extend_from_slice(&v[..s.packet]);
                moved = true;
            }
        } else if m.get(s.ready) == 1 {
            s.sent += s.packet;
            moved = true;
        }
    }
    moved
}

/// The arguments after the run: a write pipe's packets as received.
pub(crate) fn results(streams: Vec<Stream>, args: &mut [ArgValue]) {
    for s in streams.into_iter().filter(|s| s.write) {
        if let ArgValue::Buffer(b) = &mut args[s.arg] {
            *b = Buffer {
                elem: b.elem,
                bytes: s.bytes,
            };
        }
    }
}
