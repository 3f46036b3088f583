//! The IR passes that run after lowering, each in a file of its own and registered once,
//! in `PASSES`: the one place to add a pass. A pass has a kebab-case name (the file's name
//! with dashes), a one-line description, and a function that rewrites the kernel and says
//! what it did.
//!
//! `run` runs the default pipeline. It can print the IR after a named pass
//! (`hls-build compile --print-after unroll`) and runs the IR verifier (`crate::verify`)
//! after every pass in debug builds and wherever it is asked to (the tests).
//!
//! `flatten` is not in the pipeline: whether a flattened nest is faster depends on its
//! schedule, so `hls_build` builds each candidate with it and keeps the faster form.

pub mod carried_chains;
pub mod clean_up;
pub mod flatten;
pub mod narrow;
pub mod unroll;
pub mod widen_half;
pub mod workgroups;

pub use carried_chains::carried_chains;
pub use clean_up::{clean_up, Cleanup};
pub use narrow::narrow;
pub use unroll::unroll;
pub use widen_half::widen_half;

use crate::ir::Kernel;

/// One registered pass.
pub struct Pass {
    /// Kebab-case, as `--print-after` takes it.
    pub name: &'static str,
    pub description: &'static str,
    /// Rewrites the kernel; returns what it did, in a few words ("2 folded, 5 removed").
    pub run: fn(&mut Kernel) -> String,
}

/// Every pass, in the order of the default pipeline.
pub const PASSES: &[Pass] = &[
    Pass {
        name: "widen-half",
        description: "half arithmetic computed in float and rounded once to half",
        run: |k| format!("{} widened", widen_half(k)),
    },
    Pass {
        name: "unroll",
        description: "loops unrolled as their Unroll / PartialCount controls ask",
        run: |k| {
            let u = unroll(k);
            let loops: Vec<String> = u.iter().map(|(n, c)| format!("{n} x{c}")).collect();
            format!("{} unrolled [{}]", u.len(), loops.join(", "))
        },
    },
    Pass {
        name: "clean-up",
        description: "constant folding, common subexpressions and dead code, unit by unit",
        run: |k| cleanup_summary(clean_up(k)),
    },
    Pass {
        name: "narrow",
        description: "bit-width narrowing where every reader truncates; then clean-up of the \
                      wide values it leaves, when it narrowed any",
        run: |k| {
            let n = narrow(k);
            if n == 0 {
                return "0 narrowed".into();
            }
            format!("{n} narrowed; {}", cleanup_summary(clean_up(k)))
        },
    },
    Pass {
        name: "carried-chains",
        description: "a chain of carried phis that hand a value on read it from further back \
                      (a reduction's lanes)",
        run: |k| format!("{} hops removed", carried_chains(k)),
    },
];

fn cleanup_summary(c: Cleanup) -> String {
    format!(
        "{} folded, {} merged, {} removed",
        c.folded, c.merged, c.removed
    )
}

/// The pass of that name.
pub fn find(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.name == name)
}

/// The names, for messages.
pub fn names() -> Vec<&'static str> {
    PASSES.iter().map(|p| p.name).collect()
}

/// How to run the pipeline.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Passes after which to record the IR (`--print-after`); "all" records after every one.
    pub print_after: Vec<String>,
    /// Run the IR verifier after lowering and after every pass (always on in debug builds).
    pub verify: bool,
    /// The most work-groups a kernel with barriers keeps in flight (`--groups-in-flight`;
    /// `workgroups::DEFAULT_IN_FLIGHT` when unset).
    pub groups_in_flight: Option<u32>,
}

/// What running the pipeline did: one line per pass, and the dumps asked for.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// (pass, what it did).
    pub ran: Vec<(&'static str, String)>,
    /// (pass, the IR dump after it).
    pub printed: Vec<(&'static str, String)>,
}

/// Runs every pass of `PASSES` in order, with the IR verifier after lowering and after each
/// pass when `options.verify`, in debug builds, or with HLS_VERIFY_IR=1 in the environment
/// (the end-to-end tests set it). A verifier failure is a compiler bug, reported with the
/// pass that broke the IR and every broken rule.
pub fn run(kernel: &mut Kernel, options: &Options) -> Result<Report, String> {
    // HLS_VERIFY_IR=1 turns it on for a whole test suite that runs the release binary.
    let verify = options.verify
        || cfg!(debug_assertions)
        || std::env::var_os("HLS_VERIFY_IR").is_some_and(|v| v == "1");
    if verify {
        crate::verify::verify(kernel).map_err(|e| format!("after lowering: {e}"))?;
    }
    let mut report = Report::default();
    for pass in PASSES {
        let did = (pass.run)(kernel);
        if verify {
            crate::verify::verify(kernel).map_err(|e| format!("after pass {}: {e}", pass.name))?;
        }
        if options
            .print_after
            .iter()
            .any(|p| p == pass.name || p == "all")
        {
            report.printed.push((pass.name, crate::ir::dump(kernel)));
        }
        report.ran.push((pass.name, did));
    }
    Ok(report)
}
