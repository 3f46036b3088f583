//! NDRange execution: work-item ids in 2-D, linear ids, work-items with recurrences, atomics.

mod common;

use common::*;

#[test]
fn work_items_with_an_inner_float_recurrence() {
    let d = scratch("matvec");
    let (rows, n) = (16usize, 24usize);
    // Small integers: every product and sum is exact, so fused or unfused, all agree.
    let m: Vec<f32> = randoms(13, rows * n)
        .iter()
        .map(|v| (*v % 17) as f32 - 8.0)
        .collect();
    let v: Vec<f32> = randoms(14, n)
        .iter()
        .map(|x| (*x % 17) as f32 - 8.0)
        .collect();
    save(&d.join("m.npy"), &m);
    save(&d.join("v.npy"), &v);
    save(&d.join("y.npy"), &vec![0f32; rows]);
    co_simulate_against_pocl(
        "matvec",
        &[16],
        &[4],
        &[
            A::Buf("m", d.join("m.npy")),
            A::Buf("v", d.join("v.npy")),
            A::Buf("y", d.join("y.npy")),
            A::Int("n", 24),
        ],
        &[],
        &d,
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    // The accumulation is a recurrence through the fp32 adder: II = its latency.
    assert_eq!(
        lp["rec_mii"],
        report["operators"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["operator"] == "fp32_add")
            .unwrap()["latency"]
    );
    assert_eq!(lp["ii"], lp["rec_mii"]);
    assert!(lp["bottleneck"].as_str().unwrap().contains("acc"), "{lp}");
    // Each operator carries the board's per-core area, and the kernel's total counts one
    // core per operation.
    let board = boards::Board::load("default").unwrap();
    let per_core = board.operator("fp32_add").luts.unwrap();
    let ops = report["operators"].as_array().unwrap();
    let add = ops.iter().find(|o| o["operator"] == "fp32_add").unwrap();
    assert_eq!(add["luts"], per_core, "{add}");
    let cores_luts: u64 = ops
        .iter()
        .filter(|o| {
            let class = o["operator"].as_str().unwrap();
            board.operators.get(class).is_some_and(|t| t.latency > 0)
        })
        .filter_map(|o| Some(o["luts"].as_u64()? * o["count"].as_u64()?))
        .sum();
    assert_eq!(
        report["operator_area"]["luts"], cores_luts,
        "{}",
        report["operator_area"]
    );
    assert!(cores_luts >= u64::from(per_core));
}

#[test]
fn atomics_from_pipelined_work_items() {
    let d = scratch("atomics");
    let idx: Vec<i32> = randoms(121, 200)
        .iter()
        .map(|v| (*v % 2001) as i32 - 1000)
        .collect();
    save(&d.join("idx.npy"), &idx);
    let mut hist = vec![0i32; 18];
    hist[16] = i32::MIN;
    hist[17] = i32::MAX;
    save(&d.join("hist.npy"), &hist);
    save(&d.join("stats.npy"), &vec![0u32; 3]);
    co_simulate_against_pocl(
        "atomics",
        &[200],
        &[20],
        &[
            A::Buf("idx", d.join("idx.npy")),
            A::Buf("hist", d.join("hist.npy")),
            A::Buf("stats", d.join("stats.npy")),
        ],
        &["--mem-latency", "random:12"],
        &d,
    );
    let h: Vec<i32> = load(&d.join("dump/hist.npy"));
    assert_eq!(h[..16].iter().sum::<i32>(), 200);
    assert_eq!(h[16], *idx.iter().max().unwrap());
}

/// The scalar built-ins of §2.9 (tests/kernels/subgroups.cl) co-simulated: linear ids,
/// global offset 0, sub-groups of one work-item (size 1, as many as the work-group has
/// work-items, id = local linear id, local id 0), each value as the formula says.
#[test]
fn linear_ids_and_subgroups_of_one() {
    let d = scratch("subgroups");
    let r = sim(
        &root().join("tests/kernels/subgroups.cl"),
        "64",
        &["o=zeros:64".into()],
        &["--local", "16"],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("PASS"), "{}", r.stdout);
    let o: Vec<i32> = load(&d.join("dump/o.npy"));
    for (i, v) in o.iter().enumerate() {
        let (gid, lid) = (i as u32, i as u32 % 16);
        let want = 10 * gid + 1000 * lid + 100_000 + 1_000_000 * 16 + lid * 7 + 16 * 17 + 19;
        assert_eq!(*v as u32, want, "o[{i}]");
    }
}
