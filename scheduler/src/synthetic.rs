//! Synthetic loop bodies for benchmarks and stress tests: layered dataflow with a mix of
//! combinational, pipelined and memory operations, memory ports as limited resources, and
//! loop-carried recurrences. Deterministic for a given (size, seed).

use crate::problem::{Dependence, Operation, Problem, Resource};

pub fn loop_body(ops: usize, seed: u64) -> Problem {
    let mut s = seed;
    let mut next = move || {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let ports = (ops / 40).clamp(1, 8);
    let resources: Vec<Resource> = (0..ports)
        .map(|i| Resource {
            name: format!("read port {i}"),
            limit: 1,
        })
        .collect();
    let mut o = Vec::with_capacity(ops);
    let mut deps = Vec::new();
    for i in 0..ops {
        let kind = next() % 10;
        let (latency, delay_ns, resource) = match kind {
            0 => (64, 0.0, Some((next() % ports as u64) as usize)),
            1 | 2 => (8, 0.0, None),
            3 => (3, 0.0, None),
            _ => (0, 0.3 + (next() % 10) as f64 / 10.0, None),
        };
        o.push(Operation {
            name: format!("op{i}"),
            latency,
            delay_ns,
            uses: resource.map(|r| vec![(r, 1)]).unwrap_or_default(),
            pinned: None,
            bits: 32,
        });
        if i > 0 {
            for _ in 0..(1 + next() % 2) {
                // Mostly local edges, some long ones.
                let back = if next() % 4 == 0 {
                    next() as usize % i
                } else {
                    (next() as usize % 4).min(i - 1)
                };
                let src = i - 1 - back;
                deps.push(Dependence {
                    src,
                    dst: i,
                    latency: o[src].latency,
                    distance: 0,
                    data: true,
                });
            }
        }
    }
    // Recurrences: a later op feeds an earlier one in the next iteration.
    for _ in 0..(ops / 25).max(1) {
        let a = next() as usize % ops;
        let b = next() as usize % ops;
        let (src, dst) = (a.max(b), a.min(b));
        if src != dst && o[src].latency < 64 {
            deps.push(Dependence {
                src,
                dst,
                latency: o[src].latency.max(1),
                distance: 1 + (next() % 2) as u32,
                data: true,
            });
        }
    }
    Problem {
        ops: o,
        deps,
        resources,
        clock_period_ns: 4.0,
        modulo: true,
        max_in_flight: None,
    }
}
