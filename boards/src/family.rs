//! The delay model of a device family (`families/*.yaml`): what each operator class costs
//! in time on that silicon. A board names its family and its clock; its operator table
//! (latency in cycles, or a chained delay in ns) follows from the two here, so boards do
//! not copy tables and a board at another clock gets other latencies.
//!
//! Two kinds of operator:
//! - **delay**: a combinational function of `delay_ns` (measured from place and route on
//!   ECP5, `bench/delays.py`). It chains inside a clock period when it fits; otherwise it
//!   takes ceil(delay / period) registers. Unless its RTL places them by hand
//!   (`min_stages`), they trail the logic: Yosys does not retime, so the logic's inputs
//!   must come from registers and its delay still caps the clock (`OperatorTiming`).
//! - **staged**: a core with a fixed pipeline (`latency` stages, e.g. the float adder's 8),
//!   with the Fmax its slowest stage reaches on this family. A board clocked above it
//!   still gets the core, and `Board::core_limits` says which cores cap the kernel clock.

use crate::{DspBlock, OperatorTiming};
use serde::Deserialize;
use std::collections::BTreeMap;

/// Families compiled into the binary, by name.
pub(crate) const FAMILIES: &[(&str, &str)] = &[
    (
        "ultrascale_plus",
        include_str!("../families/ultrascale_plus.yaml"),
    ),
    ("ecp5", include_str!("../families/ecp5.yaml")),
    ("stratix10", include_str!("../families/stratix10.yaml")),
    ("agilex7", include_str!("../families/agilex7.yaml")),
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Family {
    pub family: String,
    #[serde(default)]
    pub description: String,
    /// The DSP block's multiplier (boards inherit it unless they give their own).
    pub dsp: DspBlock,
    /// Bits of one block RAM (RAMB36: 36 Kib; M20K: 20 Kib; EBR: 18 Kib).
    pub block_ram_bits: u64,
    /// Cycles from a block RAM read's address to its data.
    pub ram_read_latency: u32,
    pub operators: BTreeMap<String, FamilyOperator>,
    /// Fmax of the kernel frame alone on this family, when measured: the AXI queues, the
    /// stall and clock enable, the work-item counters and the control slave, around no
    /// arithmetic (bench/timing/copy.cl). The prediction takes it as a ceiling for every
    /// kernel with global memory.
    #[serde(default)]
    pub interface_fmax_mhz: Option<f64>,
    /// What one more logic level in the clock enable's NOR of stall terms costs the frame,
    /// in ns: `interface_fmax_mhz` is measured with one level (copy.cl's three terms), and
    /// a kernel with many queue flags (a tree of six-input functions, a level per six
    /// times more terms) adds this per level.
    #[serde(default)]
    pub stall_level_ns: Option<f64>,
}

/// One operator class on a family: a combinational delay, or a staged core.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyOperator {
    /// Combinational delay in ns (a `delay` operator).
    #[serde(default)]
    pub delay_ns: Option<f64>,
    /// Registers a `delay` operator keeps even when it fits the period (1 for a DSP
    /// product, whose register sits in the block).
    #[serde(default)]
    pub min_latency: u32,
    /// Registers a `delay` operator takes at least when it does not fit the period: the
    /// stages its pipelined RTL places by hand (hls_int_mul: operands, products, sum), so
    /// nothing the schedule chains in front of it shares a period with its logic.
    #[serde(default)]
    pub min_stages: u32,
    /// Pipeline stages of a `staged` core.
    #[serde(default)]
    pub latency: Option<u32>,
    /// Fmax of a staged core's slowest stage on this family, when known.
    #[serde(default)]
    pub fmax_mhz: Option<f64>,
    #[serde(default)]
    pub luts: Option<u32>,
    #[serde(default)]
    pub dsps: Option<u32>,
}

impl FamilyOperator {
    /// Timing at a clock period: chained when the delay fits, else pipelined.
    pub fn at(&self, period_ns: f64) -> OperatorTiming {
        let (latency, delay_ns) = match (self.latency, self.delay_ns) {
            (Some(stages), _) => (stages, 0.0),
            (None, Some(d)) if d <= period_ns && self.min_latency == 0 => (0, d),
            (None, Some(d)) => {
                // A tolerance so 12.0 ns at 4 ns is 3 registers, not 4.
                let regs = ((d / period_ns) - 1e-9).ceil().max(1.0) as u32;
                let staged = if d > period_ns { self.min_stages } else { 0 };
                // Hand-placed stages begin with an operand register; trailing ones leave
                // the logic in front of them, where nothing may chain into it.
                let logic = if staged > 0 { 0.0 } else { d };
                (regs.max(self.min_latency).max(staged), logic)
            }
            (None, None) => (0, 0.0),
        };
        OperatorTiming {
            latency,
            delay_ns,
            luts: self.luts,
            dsps: self.dsps,
        }
    }
}

impl Family {
    pub fn load(name: &str) -> Result<Family, String> {
        let (_, text) = FAMILIES.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            let known: Vec<&str> = FAMILIES.iter().map(|(n, _)| *n).collect();
            format!("unknown family '{name}'; known: {}", known.join(", "))
        })?;
        let family: Family =
            serde_yaml_ng::from_str(text).map_err(|e| format!("built-in family {name}: {e}"))?;
        for (class, op) in &family.operators {
            if op.latency.is_some() == op.delay_ns.is_some() {
                return Err(format!(
                    "built-in family {name}: operators.{class}: give either latency (a staged core) or delay_ns (combinational)"
                ));
            }
        }
        Ok(family)
    }

    /// The operator table at a clock: every class of the family timed for `clock_mhz`.
    pub fn operators_at(&self, clock_mhz: f64) -> BTreeMap<String, OperatorTiming> {
        let period = 1000.0 / clock_mhz;
        self.operators
            .iter()
            .map(|(c, op)| (c.clone(), op.at(period)))
            .collect()
    }

    pub fn names() -> Vec<&'static str> {
        FAMILIES.iter().map(|(n, _)| *n).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_loads_and_times_every_required_class() {
        for name in Family::names() {
            let f = Family::load(name).unwrap();
            for class in crate::REQUIRED_OPERATORS {
                assert!(f.operators.contains_key(*class), "{name}: {class}");
            }
        }
    }

    /// The clock decides: a delay chains at a slow clock and is pipelined at a fast one;
    /// a staged core keeps its stages.
    #[test]
    fn latency_follows_the_clock() {
        let op = FamilyOperator {
            delay_ns: Some(9.0),
            min_latency: 0,
            min_stages: 0,
            latency: None,
            fmax_mhz: None,
            luts: None,
            dsps: None,
        };
        assert_eq!(op.at(40.0).latency, 0);
        assert_eq!(op.at(40.0).delay_ns, 9.0);
        assert_eq!(op.at(4.0).latency, 3);
        // Its registers trail the logic, which keeps its delay.
        assert_eq!(op.at(4.0).delay_ns, 9.0);
        assert_eq!(op.at(3.0).latency, 3);
        assert_eq!(op.at(2.9).latency, 4);
        let dsp = FamilyOperator {
            min_latency: 1,
            ..op
        };
        assert_eq!(dsp.at(40.0).latency, 1);
        // A staged multiply keeps its hand-placed stages once it is pipelined at all.
        let staged_mul = FamilyOperator {
            min_stages: 3,
            ..dsp
        };
        assert_eq!(staged_mul.at(40.0).latency, 1);
        assert_eq!(staged_mul.at(7.2).latency, 3);
        assert_eq!(staged_mul.at(7.2).delay_ns, 0.0);
        assert_eq!(staged_mul.at(2.0).latency, 5);
        let staged = FamilyOperator {
            delay_ns: None,
            latency: Some(8),
            ..op
        };
        assert_eq!(staged.at(40.0).latency, 8);
        assert_eq!(staged.at(2.0).latency, 8);
    }
}
