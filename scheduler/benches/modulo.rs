//! Modulo scheduling time on synthetic loops (see BENCHMARKS.md): MII bounds plus the ILP
//! from MII upward, and the iterative modulo scheduler on its own.

use criterion::{criterion_group, criterion_main, Criterion};
use scheduler::{ilp, ims, mii, synthetic};
use std::hint::black_box;

fn solve_ilp(p: &scheduler::problem::Problem) -> u32 {
    let m = mii::res_mii(p).ii.max(mii::rec_mii(p).ii);
    for ii in m..m + 64 {
        if let Ok(ilp::IlpOutcome::Solved(s)) = ilp::solve_at(p, ii, 60.0) {
            p.verify(&s).expect("verified");
            return s.ii;
        }
    }
    panic!("no schedule");
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("modulo");
    g.sample_size(10);
    for n in [10usize, 50, 200] {
        let p = synthetic::loop_body(n, 42);
        g.bench_function(format!("ilp/{n}"), |b| b.iter(|| black_box(solve_ilp(&p))));
    }
    for n in [10usize, 50, 200, 1000] {
        let p = synthetic::loop_body(n, 42);
        let m = mii::res_mii(&p).ii.max(mii::rec_mii(&p).ii);
        g.bench_function(format!("ims/{n}"), |b| {
            b.iter(|| {
                let s = (m..m + 64)
                    .find_map(|ii| ims::schedule(&p, ii, 64).filter(|s| p.verify(s).is_ok()));
                black_box(s.map(|s| s.ii))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
