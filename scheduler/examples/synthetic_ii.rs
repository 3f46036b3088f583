//! Prints, for each synthetic loop size, the MII and the II that the ILP and the iterative
//! modulo scheduler reach, with wall time (one run each). `cargo run --release -p scheduler
//! --example synthetic_ii`.

use scheduler::{ims, mii, search_ii, synthetic, ILP_BUDGET};
use std::time::Instant;

fn main() {
    println!("| ops | ResMII | RecMII | hls-build II | time | IMS-only II | IMS time |");
    println!("|---|---|---|---|---|---|---|");
    for n in [10usize, 50, 200, 1000, 5000] {
        let p = synthetic::loop_body(n, 42);
        let (res, rec) = (mii::res_mii(&p).ii, mii::rec_mii(&p).ii);
        let m = res.max(rec);
        let t = Instant::now();
        // What `hls-build` does: the ILP within its budget, then the heuristic.
        let search = search_ii(&p, m, m + 64, ILP_BUDGET).expect("solver runs");
        let ilp_ii = search.schedule.as_ref().map(|s| s.ii);
        let how = match (search.heuristic, ilp_ii == Some(m)) {
            (false, _) => " (ILP)",
            (true, true) => " (IMS at MII, optimal; registers not minimised)",
            (true, false) => " (IMS; not proven optimal)",
        };
        let ilp_t = t.elapsed();
        let t = Instant::now();
        let ims_ii =
            (m..m + 64).find(|ii| ims::schedule(&p, *ii, 64).is_some_and(|s| p.verify(&s).is_ok()));
        let ims_t = t.elapsed();
        let show = |x: Option<u32>| x.map(|v| v.to_string()).unwrap_or_else(|| "—".into());
        println!(
            "| {n} | {res} | {rec} | {}{how} | {:.3} s | {} | {:.4} s |",
            show(ilp_ii),
            ilp_t.as_secs_f64(),
            show(ims_ii),
            ims_t.as_secs_f64()
        );
    }
}
