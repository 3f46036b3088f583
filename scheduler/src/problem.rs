//! The scheduling problem as plain data (CIRCT style): operations with latencies, delays and
//! resources; dependences with iteration distances. Solvers fill in start times; `verify`
//! checks any solution independently of how it was found.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Operation {
    pub name: String,
    /// Cycles from start to result; 0 = combinational, chained within the cycle.
    pub latency: u32,
    /// Combinational delay in ns. With latency 0 it chains into its users; with a latency,
    /// it is logic in front of trailing registers (a wide compare at a fast clock): its
    /// inputs must come from registers, and it alone may exceed the period.
    pub delay_ns: f64,
    /// Limited resources this operation occupies for one cycle at its start, with the
    /// units of each it takes (a memory write to every replicate of a bank takes several).
    pub uses: Vec<(usize, u32)>,
    /// Fixed start time (the iteration's issue point).
    pub pinned: Option<u32>,
    /// Bits of the result (0 when there is none): what holding it one more cycle costs.
    pub bits: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Resource {
    pub name: String,
    pub limit: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Dependence {
    pub src: usize,
    pub dst: usize,
    /// Required start-to-start separation within one iteration (before II × distance).
    pub latency: u32,
    pub distance: u32,
    /// Data edges take part in operator chaining.
    pub data: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Problem {
    pub ops: Vec<Operation>,
    pub deps: Vec<Dependence>,
    pub resources: Vec<Resource>,
    pub clock_period_ns: f64,
    /// Modulo problem (a loop) or a single iteration (straight-line code).
    pub modulo: bool,
    /// MaxConcurrencyINTEL: at most this many iterations in flight, i.e. every op of an
    /// iteration done within this many IIs of its start.
    pub max_in_flight: Option<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Schedule {
    /// Initiation interval; for straight-line code the schedule length.
    pub ii: u32,
    pub start: Vec<u32>,
}

impl Schedule {
    /// Cycles from issue until the last result is available.
    pub fn length(&self, p: &Problem) -> u32 {
        self.start
            .iter()
            .zip(&p.ops)
            .map(|(t, o)| t + o.latency)
            .max()
            .unwrap_or(0)
            + 1
    }
}

#[derive(Debug, Clone, thiserror::Error, PartialEq)]
pub enum VerifyError {
    #[error("dependence {src} -> {dst}: starts at {t_src} and {t_dst}, needs {need} cycles apart at II {ii} (distance {distance})")]
    Dependence {
        src: String,
        dst: String,
        t_src: u32,
        t_dst: u32,
        need: i64,
        ii: u32,
        distance: u32,
    },
    #[error("resource {name}: {used} uses in modulo slot {slot}, limit {limit}")]
    Resource {
        name: String,
        slot: u32,
        used: u32,
        limit: u32,
    },
    #[error(
        "chained path into {op} takes {delay:.2} ns, more than the {period:.2} ns clock period"
    )]
    Chain { op: String, delay: f64, period: f64 },
    #[error("an iteration takes {length} cycles at II {ii}: more than {max} iterations in flight")]
    Concurrency { length: u32, ii: u32, max: u32 },
    #[error("{op} is pinned to cycle {pinned} but starts at {start}")]
    Pinned { op: String, pinned: u32, start: u32 },
    #[error("the schedule has {got} start times for {want} operations")]
    Shape { got: usize, want: usize },
}

impl Operation {
    /// An operation for tests: `latency` cycles, the given resource units, 32-bit result.
    #[cfg(test)]
    pub(crate) fn for_test(name: &str, latency: u32, uses: Vec<(usize, u32)>) -> Operation {
        Operation {
            name: name.into(),
            latency,
            delay_ns: 0.0,
            uses,
            pinned: None,
            bits: 32,
        }
    }

    /// Units of resource `r` this operation takes (0 if it does not use it).
    pub fn units_of(&self, r: usize) -> u32 {
        self.uses
            .iter()
            .filter(|(x, _)| *x == r)
            .map(|(_, u)| u)
            .sum()
    }
}

impl Problem {
    /// Longest combinational delay, in ns, of any chain of latency-0 operations ending at
    /// each op when every op on the chain starts in the same cycle (the SDC view of chaining),
    /// including the logic of an op whose registers trail it.
    pub fn chained_arrival(&self, start: &[u32]) -> Vec<f64> {
        let n = self.ops.len();
        let mut at = vec![0.0f64; n];
        // Data edges inside an iteration form a DAG; relax in a topological order.
        for v in self.topological_order() {
            let o = &self.ops[v];
            if o.latency != 0 && o.delay_ns == 0.0 {
                continue;
            }
            let mut input = 0.0f64;
            for d in self
                .deps
                .iter()
                .filter(|d| d.dst == v && d.data && d.distance == 0)
            {
                let u = &self.ops[d.src];
                if u.latency == 0 && start[d.src] == start[v] {
                    input = input.max(at[d.src]);
                }
            }
            at[v] = input + o.delay_ns;
        }
        at
    }

    /// Topological order of the distance-0 dependence graph.
    pub fn topological_order(&self) -> Vec<usize> {
        let n = self.ops.len();
        let mut indeg = vec![0usize; n];
        for d in self.deps.iter().filter(|d| d.distance == 0) {
            indeg[d.dst] += 1;
        }
        let mut ready: Vec<usize> = (0..n).filter(|i| indeg[*i] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(u) = ready.pop() {
            order.push(u);
            for d in self.deps.iter().filter(|d| d.src == u && d.distance == 0) {
                indeg[d.dst] -= 1;
                if indeg[d.dst] == 0 {
                    ready.push(d.dst);
                }
            }
        }
        order
    }

    /// The longest chain allowed to end at op `i`: the period, or the op's own logic when
    /// that alone is longer (it then takes its inputs straight from registers).
    pub fn chain_limit(&self, i: usize) -> f64 {
        self.clock_period_ns.max(self.ops[i].delay_ns)
    }

    /// Pairs (u, v) joined by a combinational chain longer than v allows (`chain_limit`):
    /// v must start at least one cycle after u.
    pub fn chain_breaks(&self) -> Vec<(usize, usize)> {
        let order = self.topological_order();
        let mut breaks = Vec::new();
        for u in 0..self.ops.len() {
            if self.ops[u].latency != 0 || self.ops[u].delay_ns == 0.0 {
                continue;
            }
            // Longest delay from the start of u to the end of each v's logic, through
            // latency-0 ops; a chain ends at logic with trailing registers.
            let mut dist: Vec<Option<f64>> = vec![None; self.ops.len()];
            dist[u] = Some(self.ops[u].delay_ns);
            for &x in &order {
                let Some(dx) = dist[x] else { continue };
                if x != u && self.ops[x].latency != 0 {
                    continue;
                }
                for d in self
                    .deps
                    .iter()
                    .filter(|d| d.src == x && d.data && d.distance == 0)
                {
                    let y = &self.ops[d.dst];
                    if y.latency != 0 && y.delay_ns == 0.0 {
                        continue;
                    }
                    let cand = dx + y.delay_ns;
                    if dist[d.dst].is_none_or(|cur| cand > cur) {
                        dist[d.dst] = Some(cand);
                    }
                }
            }
            for (v, dv) in dist.iter().enumerate() {
                if v != u && dv.is_some_and(|x| x > self.chain_limit(v) + 1e-9) {
                    breaks.push((u, v));
                }
            }
        }
        breaks
    }

    /// Independent check of a schedule: dependences, chaining, resources, pinned starts.
    pub fn verify(&self, s: &Schedule) -> Result<(), VerifyError> {
        if s.start.len() != self.ops.len() {
            return Err(VerifyError::Shape {
                got: s.start.len(),
                want: self.ops.len(),
            });
        }
        for d in &self.deps {
            let need = d.latency as i64 - (s.ii as i64) * d.distance as i64;
            if (s.start[d.dst] as i64) - (s.start[d.src] as i64) < need {
                return Err(VerifyError::Dependence {
                    src: self.ops[d.src].name.clone(),
                    dst: self.ops[d.dst].name.clone(),
                    t_src: s.start[d.src],
                    t_dst: s.start[d.dst],
                    need,
                    ii: s.ii,
                    distance: d.distance,
                });
            }
        }
        for (i, o) in self.ops.iter().enumerate() {
            if let Some(p) = o.pinned {
                if s.start[i] != p {
                    return Err(VerifyError::Pinned {
                        op: o.name.clone(),
                        pinned: p,
                        start: s.start[i],
                    });
                }
            }
        }
        let at = self.chained_arrival(&s.start);
        for (i, a) in at.iter().enumerate() {
            if *a > self.chain_limit(i) + 1e-9 {
                return Err(VerifyError::Chain {
                    op: self.ops[i].name.clone(),
                    delay: *a,
                    period: self.clock_period_ns,
                });
            }
        }
        if let (Some(n), true) = (self.max_in_flight, self.modulo) {
            let length = s.length(self);
            if length > n * s.ii {
                return Err(VerifyError::Concurrency {
                    length,
                    ii: s.ii,
                    max: n,
                });
            }
        }
        for (r, res) in self.resources.iter().enumerate() {
            let mut used = std::collections::HashMap::<u32, u32>::new();
            for (i, o) in self.ops.iter().enumerate() {
                for (_, units) in o.uses.iter().filter(|(x, _)| *x == r) {
                    let slot = if self.modulo {
                        s.start[i] % s.ii
                    } else {
                        s.start[i]
                    };
                    *used.entry(slot).or_default() += units;
                }
            }
            for (slot, n) in used {
                if n > res.limit {
                    return Err(VerifyError::Resource {
                        name: res.name.clone(),
                        slot,
                        used: n,
                        limit: res.limit,
                    });
                }
            }
        }
        Ok(())
    }
}
