//! How many work-groups a kernel with barriers keeps in flight, decided on schedules.
//!
//! The frontend batches up to `--groups-in-flight` groups (`passes::workgroups::batch`),
//! which saves each region's pipeline depth for all but one group of a batch. But the
//! copies of local memory it takes can cost ports: 64 floats fit in registers with a port
//! for every access, four copies of them go to block RAM with two ports a replicate. So
//! unless the user fixed the number, a batched kernel is compiled with one group in flight
//! too, and the faster of the two kept, by the cycles a group takes.

use crate::Compiled;

/// What the choice reads of a compiled kernel with barriers: its groups in flight, the
/// most work-items a group has, and each pipelined region's (II, depth).
#[derive(Debug, Clone, PartialEq)]
pub struct Regions {
    pub in_flight: u32,
    pub capacity: u64,
    pub loops: Vec<(u32, u32)>,
}

impl Regions {
    pub fn of(c: &Compiled) -> Regions {
        let w = c.kernel.work_groups.as_ref();
        let loops = w
            .into_iter()
            .flat_map(|w| w.regions.iter().filter(|r| r.pipelined))
            .filter_map(|r| c.kernel.units.iter().position(|u| u.name == r.unit))
            .map(|i| (c.schedules[i].ii, c.schedules[i].depth))
            .collect();
        Regions {
            in_flight: w.map_or(1, |w| w.in_flight),
            capacity: w.map_or(0, |w| w.capacity),
            loops,
        }
    }

    /// Cycles per work-group, every region visited once by a full group: a region's loop
    /// issues the group's work-items at its II and pays its depth once a batch. Regions
    /// that are not pipelined loops count the same either way, so they are left out.
    pub fn cycles_per_group(&self) -> f64 {
        self.loops
            .iter()
            .map(|(ii, depth)| {
                self.capacity as f64 * *ii as f64 + *depth as f64 / self.in_flight as f64
            })
            .sum()
    }
}

/// Whether one group in flight (`single`) takes fewer cycles a group than `batched`; if so,
/// why, for the report.
pub fn single_is_faster(batched: &Regions, single: &Regions) -> Option<String> {
    let (b, s) = (batched.cycles_per_group(), single.cycles_per_group());
    (s < b).then(|| {
        format!(
            "with {} in flight a group takes about {b:.0} cycles, with one {s:.0}: the \
             copies of local memory cost more ports than the drains they save",
            batched.in_flight
        )
    })
}

/// `batched` or `single` (the same kernel with one group in flight), whichever is faster;
/// the one kept says why when it is `single`.
pub fn faster(batched: Compiled, mut single: Compiled) -> Compiled {
    match single_is_faster(&Regions::of(&batched), &Regions::of(&single)) {
        None => batched,
        Some(why) => {
            if let Some(w) = &mut single.kernel.work_groups {
                w.in_flight_limit = Some(why);
            }
            single
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(in_flight: u32, loops: &[(u32, u32)]) -> Regions {
        Regions {
            in_flight,
            capacity: 64,
            loops: loops.to_vec(),
        }
    }

    #[test]
    fn a_batch_wins_when_the_regions_keep_their_ii() {
        // Three regions at II 1, 75 deep: 3 x (64 + 75 / 4) against 3 x (64 + 75).
        let batched = regions(4, &[(1, 75), (1, 75), (1, 75)]);
        let single = regions(1, &[(1, 75), (1, 75), (1, 75)]);
        assert_eq!(single_is_faster(&batched, &single), None);
    }

    #[test]
    fn one_group_wins_when_the_copies_double_an_ii() {
        // A short loop at II 2 with copies, II 1 in registers: 64 cycles lost, 10 saved.
        let batched = regions(4, &[(1, 70), (2, 14)]);
        let single = regions(1, &[(1, 70), (1, 13)]);
        let why = single_is_faster(&batched, &single).expect("one group is faster");
        assert!(why.contains("with 4 in flight"), "{why}");
    }
}
