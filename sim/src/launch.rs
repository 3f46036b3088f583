//! What a host writes to launch a kernel: the argument registers (buffer base addresses,
//! scalar values) and the NDRange registers, in the order a driver writes them. The AXI
//! co-simulation and the board-level co-simulation (over the UART) both launch with it.

use crate::values::ArgValue;
use rtl_gen::Interface;

/// (register offset, value) writes before ap_start. `bases` holds each buffer argument's
/// address, in argument order.
pub fn registers(
    iface: &Interface,
    args: &[ArgValue],
    bases: &[u64],
    global: [u64; 3],
    local: [u64; 3],
    work_dim: u32,
) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut bi = 0;
    for (slot, a) in iface.args.iter().zip(args) {
        // A pipe has no register: its packets travel on its AXI4-Stream port.
        if slot.bits == 0 {
            continue;
        }
        let v = match a {
            ArgValue::Scalar(v) => *v,
            ArgValue::Buffer(_) => {
                let b = bases[bi];
                bi += 1;
                b
            }
        };
        out.push((slot.offset, v as u32));
        if slot.bits > 32 {
            out.push((slot.offset + 4, (v >> 32) as u32));
        }
    }
    for d in 0..3u32 {
        let i = d as usize;
        out.push((iface.global_size_offset + 4 * d, global[i] as u32));
        out.push((iface.local_size_offset + 4 * d, local[i] as u32));
        out.push((
            iface.num_groups_offset + 4 * d,
            (global[i] / local[i]) as u32,
        ));
    }
    if let Some(offset) = iface.work_dim_offset {
        out.push((offset, work_dim));
    }
    out
}
