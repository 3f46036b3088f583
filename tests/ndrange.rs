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
    let args = [
        A::Buf("m", d.join("m.npy")),
        A::Buf("v", d.join("v.npy")),
        A::Buf("y", d.join("y.npy")),
        A::Int("n", 24),
    ];
    co_simulate_against_pocl("matvec", &[16], &[4], &args, &[], &d);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let lp = &report["loops"][0];
    let add_latency = report["operators"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["operator"] == "fp32_add")
        .unwrap()["latency"]
        .clone();
    // The accumulation is a recurrence through the fp32 adder: as many work-items as its
    // latency interleave in one loop, which then issues every cycle.
    let nest = &report["nests"][0];
    assert_eq!(nest["interleaved"], add_latency, "{nest}");
    assert_eq!(
        (lp["ii"].as_u64(), lp["mii"].as_u64()),
        (Some(1), Some(1)),
        "{lp}"
    );
    // One work-item at a time, the loop's II is the adder's latency.
    let one = d.join("one");
    std::fs::create_dir_all(&one).unwrap();
    co_simulate_against_pocl("matvec", &[16], &[4], &args, &["--flatten", "off"], &one);
    let report_one: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(one.join("out/report.json")).unwrap())
            .unwrap();
    let lp = &report_one["loops"][0];
    assert_eq!(lp["rec_mii"], add_latency);
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

/// An escape-time kernel: a float recurrence in a `while` loop whose trip count each
/// work-item finds as it runs. Its work-items interleave, each waiting for its point's
/// loads, so the loop issues every cycle; the counts agree with pocl under random memory
/// latency, and the loop issues at least one iteration a cycle once full.
#[test]
fn escape_time_work_items_interleave_in_one_loop() {
    let d = scratch("escape_time");
    let n = 96;
    let coord = |seed, lo: f32, span: f32| -> Vec<f32> {
        randoms(seed, n)
            .iter()
            .map(|v| lo + span * (*v % 1024) as f32 / 1024.0)
            .collect()
    };
    save(&d.join("cx.npy"), &coord(201, -2.0, 2.5));
    save(&d.join("cy.npy"), &coord(202, -1.25, 2.5));
    save(&d.join("steps.npy"), &vec![0i32; n]);
    let args = [
        A::Buf("cx", d.join("cx.npy")),
        A::Buf("cy", d.join("cy.npy")),
        A::Buf("steps", d.join("steps.npy")),
    ];
    let run = co_simulate_against_pocl("escape_time", &[n as u64], &[8], &args, &[], &d);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let nest = &report["nests"][0];
    assert!(nest["interleaved"].as_u64().unwrap() > 1, "{nest}");
    assert!(
        nest["reason"]
            .as_str()
            .unwrap()
            .contains("work-items interleaved"),
        "{nest}"
    );
    let lp = &report["loops"][0];
    assert_eq!(lp["ii"], 1, "{lp}");
    // A run's iterations: its steps and the test that ends it, plus the turns it waits.
    let steps: Vec<i32> = load(&d.join("dump/steps.npy"));
    let waits = nest["wait_turns"].as_u64().unwrap();
    let issued: u64 = steps.iter().map(|s| *s as u64 + 1 + waits).sum();
    let cycles = cycles(&run);
    let depth = lp["depth"].as_u64().unwrap();
    // Full, one iteration a cycle: at most the last round of a longest run (65 iterations
    // and its waits, a turn each) beyond the iterations and the fill.
    let tail = (65 + waits) * nest["interleaved"].as_u64().unwrap();
    assert!(
        cycles <= issued + depth + tail,
        "{cycles} cycles for {issued} iterations issued (depth {depth}, tail {tail})"
    );
    let random = d.join("random");
    std::fs::create_dir_all(&random).unwrap();
    co_simulate_against_pocl(
        "escape_time",
        &[n as u64],
        &[8],
        &args,
        &["--mem-latency", "random:3"],
        &random,
    );
}

#[test]
fn loads_alike_in_every_work_item_are_made_once_before_them() {
    let d = scratch("nearest_centroid");
    let (w, h) = (8usize, 6usize);
    let coords = |seed, n| -> Vec<f32> {
        randoms(seed, n)
            .iter()
            .map(|v| (*v % 1024) as f32 / 64.0 - 8.0)
            .collect()
    };
    save(&d.join("p.npy"), &coords(301, 2 * w * h));
    save(&d.join("c.npy"), &coords(302, 8));
    save(&d.join("label.npy"), &vec![0i32; w * h]);
    let args = [
        A::Buf("p", d.join("p.npy")),
        A::Buf("c", d.join("c.npy")),
        A::Buf("label", d.join("label.npy")),
    ];
    let global = [w as u64, h as u64];
    let run = co_simulate_against_pocl("nearest_centroid", &global, &[4, 2], &args, &[], &d);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let why = report["invariant_loads"].as_str().unwrap();
    assert!(
        why.contains("8 of `c`") && why.contains("II 8 -> 2"),
        "{why}"
    );
    // The centroids' loads are in the block before; the loop loads only its point (2 loads
    // on p's one read port: II 2) and issues every work-item back to back.
    let lp = &report["loops"][0];
    assert_eq!(
        (lp["name"].as_str(), lp["ii"].as_u64()),
        (Some("workitems"), Some(2)),
        "{lp}"
    );
    let (items, depth) = ((w * h) as u64, lp["depth"].as_u64().unwrap());
    let block = 100; // the centroids' loads: one round trip on 20-cycle memory, and the write
    assert!(
        cycles(&run) <= 2 * items + depth + block,
        "{} cycles",
        cycles(&run)
    );
    let random = d.join("random");
    std::fs::create_dir_all(&random).unwrap();
    let extra = ["--mem-latency", "random:5"];
    co_simulate_against_pocl("nearest_centroid", &global, &[4, 2], &args, &extra, &random);
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

fn work_groups(out: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("report.json")).unwrap();
    let r: serde_json::Value = serde_json::from_str(&text).unwrap();
    r["work_groups"].clone()
}

/// Barriers in hardware (issue 35): each kernel runs its regions between barriers a batch
/// of work-groups at a time, over 8 or more groups, equal to the model and to pocl; a barrier
/// in a loop (the tree reduction), in an `if` all work-items take alike, between the tile
/// loads and the products of a tiled matrix multiply, around local atomics, after a halo
/// staged by a loop; each kernel under random memory latency, batches of 4, 3 (the last
/// short), 2 and 1 groups. A region of straight-line code
/// issues a work-item per cycle.
#[test]
fn barriers_run_work_groups_region_by_region_and_agree_with_pocl() {
    let d = scratch("barriers");
    let ints = |seed: u64, n: usize| -> Vec<i32> {
        randoms(seed, n)
            .iter()
            .map(|v| (v % 200) as i32 - 100)
            .collect()
    };
    let floats = |seed: u64, n: usize| -> Vec<f32> {
        randoms(seed, n)
            .iter()
            .map(|v| (v % 17) as f32 - 8.0)
            .collect()
    };
    save(&d.join("in.npy"), &ints(1, 512));
    save(&d.join("zeros.npy"), &[0i32; 512]);
    let k = d.join("reverse");
    let args = [
        A::Buf("in", d.join("in.npy")),
        A::Buf("out", d.join("zeros.npy")),
    ];
    let r = co_simulate_against_pocl("wg_reverse", &[512], &[64], &args, &[], &k);
    let w = work_groups(&k.join("out"));
    assert_eq!(w["in_flight"], 4, "{w}");
    let regions = w["regions"].as_array().unwrap();
    assert_eq!(regions.len(), 2, "{w}");
    assert!(regions.iter().all(|r| r["pipelined"] == true), "{w}");
    // 8 groups in 2 batches of 4, each two loops of 4 x 64 work-items at II 1 and their
    // depth (under 80 each): less than one group at a time would take, 8 x (2 x 64 + 2 x
    // its depth).
    let c = cycles(&r);
    assert!(c < 2 * (2 * 4 * 64 + 2 * 80 + 20), "{c} cycles");
    // Batches of 3, 3 and 2 groups (the last one short) under random memory latency, and
    // one group at a time.
    let latency = ["--mem-latency", "random:3", "--groups-in-flight", "3"];
    co_simulate_against_pocl(
        "wg_reverse",
        &[512],
        &[64],
        &args,
        &latency,
        &d.join("by-3"),
    );
    assert_eq!(work_groups(&d.join("by-3/out"))["in_flight"], 3);
    let one = ["--groups-in-flight", "1"];
    let r1 = co_simulate_against_pocl("wg_reverse", &[512], &[64], &args, &one, &d.join("by-1"));
    assert!(
        c < cycles(&r1),
        "{c} cycles with 4 in flight, {} with 1",
        cycles(&r1)
    );

    let k = d.join("uniform-if");
    let args = [
        A::Buf("in", d.join("in.npy")),
        A::Buf("out", d.join("zeros.npy")),
        A::Int("mode", 0),
    ];
    let latency = ["--mem-latency", "random:7"];
    co_simulate_against_pocl("wg_uniform_if", &[256], &[32], &args, &latency, &k);
    let args = [
        A::Buf("in", d.join("in.npy")),
        A::Buf("out", d.join("zeros.npy")),
        A::Int("mode", 5),
    ];
    co_simulate_against_pocl("wg_uniform_if", &[256], &[32], &args, &[], &d.join("if-5"));

    // Integer-valued floats: the sums are exact in any order.
    save(&d.join("f.npy"), &floats(2, 512));
    save(&d.join("sums.npy"), &[0f32; 8]);
    let k = d.join("reduce");
    let args = [
        A::Buf("in", d.join("f.npy")),
        A::Buf("out", d.join("sums.npy")),
    ];
    co_simulate_against_pocl("wg_tree_reduce", &[512], &[64], &args, &[], &k);
    let w = work_groups(&k.join("out"));
    assert_eq!(w["regions"].as_array().unwrap().len(), 3, "{w}");
    // Four copies of `scratch` do not fit in registers: two replicates of the block RAM
    // serve its three accesses a cycle, so the loop of the reduction keeps II 1.
    assert_eq!(w["in_flight"], 4, "{w}");
    // Two in flight, under random memory latency.
    let two = ["--groups-in-flight", "2", "--mem-latency", "random:11"];
    co_simulate_against_pocl("wg_tree_reduce", &[512], &[64], &args, &two, &d.join("r2"));

    save(&d.join("a.npy"), &floats(3, 1024));
    save(&d.join("b.npy"), &floats(4, 1024));
    save(&d.join("c.npy"), &[0f32; 1024]);
    let args = [
        A::Buf("a", d.join("a.npy")),
        A::Buf("b", d.join("b.npy")),
        A::Buf("c", d.join("c.npy")),
        A::Int("n", 32),
    ];
    let k = d.join("tiled");
    let latency = ["--mem-latency", "random:13"];
    co_simulate_against_pocl("wg_tiled_matmul", &[32, 32], &[8, 8], &args, &latency, &k);
    let w = work_groups(&k.join("out"));
    let kept = w["kept"].as_array().unwrap();
    assert!(
        kept.iter().any(|v| v.as_str().unwrap().contains("acc")),
        "{w}"
    );
    // Addresses of the tiles, from the local ids, are computed again, not kept.
    assert!(kept.len() < 10, "{w}");
    // Four groups of a row pass through each region together, each with its tiles.
    assert_eq!(w["in_flight"], 4, "{w}");

    // A histogram privatised in local memory (local atomics), merged with global atomics.
    let bins: Vec<u32> = randoms(5, 512).iter().map(|v| (v % 1000) as u32).collect();
    save(&d.join("bins.npy"), &bins);
    save(&d.join("hist.npy"), &[0u32; 16]);
    let args = [
        A::Buf("in", d.join("bins.npy")),
        A::Buf("hist", d.join("hist.npy")),
    ];
    let k = d.join("histogram");
    co_simulate_against_pocl("wg_histogram", &[512], &[64], &args, &latency, &k);
    let w = work_groups(&k.join("out"));
    assert_eq!(w["kept"].as_array().unwrap().len(), 0, "{w}");
    assert_eq!(w["in_flight"], 1, "{w}");
    assert!(
        w["in_flight_limit"]
            .as_str()
            .unwrap()
            .contains("global atomics"),
        "{w}"
    );

    // A barrier in an `if` on the group id: groups differ, so one flies at a time, and the
    // report names the branch.
    let k = d.join("group-branch");
    let args = [
        A::Buf("in", d.join("in.npy")),
        A::Buf("out", d.join("zeros.npy")),
    ];
    let latency = ["--mem-latency", "random:19"];
    co_simulate_against_pocl("wg_group_branch", &[256], &[16], &args, &latency, &k);
    let w = work_groups(&k.join("out"));
    assert_eq!(w["in_flight"], 1, "{w}");
    let why = w["in_flight_limit"].as_str().unwrap();
    assert!(why.contains("wg_group_branch.cl:"), "{w}");

    // A 2-D stencil staging its tile and halo in local memory (a loop before the barrier).
    save(&d.join("img.npy"), &floats(6, 32 * 16));
    save(&d.join("st.npy"), &[0f32; 32 * 16]);
    let args = [
        A::Buf("in", d.join("img.npy")),
        A::Buf("out", d.join("st.npy")),
        A::Int("w", 32),
        A::Int("h", 16),
    ];
    co_simulate_against_pocl(
        "wg_stencil",
        &[32, 16],
        &[8, 8],
        &args,
        &["--mem-latency", "random:17"],
        &d.join("stencil"),
    );
}

/// Work-group collectives in hardware (issue 35): the scan and reduction of 8 groups of 64
/// under random memory latency, and every other collective over 8 groups of 4 x 8 whose
/// size comes from the launch (broadcast from a 2-D local id, float scans and sums in the
/// order of the linear local id), and sub-group collectives over sub-groups of one; RTL
/// equal to the model and both to the collectives' definition (OpenCL C 6.13.15), computed
/// here: pocl 3 on Debian 12 has no `work_group_*` functions to be the oracle.
#[test]
fn work_group_collectives_equal_their_definition() {
    let d = scratch("collectives");
    let x: Vec<i32> = randoms(21, 512)
        .iter()
        .map(|v| (v % 2001) as i32 - 1000)
        .collect();
    save(&d.join("in.npy"), &x);
    let at = |name: &str| format!("@{}", d.join(name).display());
    let r = sim(
        &root().join("tests/kernels/wg_scan.cl"),
        "512",
        &[
            format!("in={}", at("in.npy")),
            "out=zeros:512".into(),
            "totals=zeros:8".into(),
        ],
        &["--mem-latency", "random:9"],
        &d.join("scan"),
        &d.join("scan-dump"),
    );
    assert_pass(&r);
    let (out, totals): (Vec<i32>, Vec<i32>) = (
        load(&d.join("scan-dump/out.npy")),
        load(&d.join("scan-dump/totals.npy")),
    );
    for (g, items) in x.chunks(64).enumerate() {
        let mut acc = 0i32;
        for (l, v) in items.iter().enumerate() {
            assert_eq!(
                out[g * 64 + l],
                acc,
                "exclusive scan of group {g}, item {l}"
            );
            acc = acc.wrapping_add(*v);
        }
        assert_eq!(totals[g], acc, "total of group {g}");
    }
    let w = work_groups(&d.join("scan"));
    // Both through an atomic: pipelined regions only.
    let regions = w["regions"].as_array().unwrap();
    assert_eq!(regions.len(), 6, "{w}");
    assert!(regions.iter().all(|r| r["pipelined"] == true), "{w}");
    assert_lint_clean(&d.join("scan"), "wg_scan", "wg_scan");

    // 16 x 16 work-items in groups of 4 x 8; floats not integers, so the order of a sum shows.
    let f: Vec<f32> = randoms(22, 256)
        .iter()
        .map(|v| (v % 100_000) as f32 / 7.0 - 7000.0)
        .collect();
    let v: Vec<i32> = randoms(23, 256)
        .iter()
        .map(|v| (v % 200) as i32 - 100)
        .collect();
    save(&d.join("f.npy"), &f);
    save(&d.join("v.npy"), &v);
    let r = sim(
        &root().join("tests/kernels/wg_collectives.cl"),
        "16,16",
        &[
            format!("f={}", at("f.npy")),
            format!("v={}", at("v.npy")),
            "fo=zeros:768".into(),
            "io=zeros:1280".into(),
        ],
        &["--local", "4,8", "--mem-latency", "random:4"],
        &d.join("all"),
        &d.join("all-dump"),
    );
    assert_pass(&r);
    let (fo, io): (Vec<f32>, Vec<i32>) = (
        load(&d.join("all-dump/fo.npy")),
        load(&d.join("all-dump/io.npy")),
    );
    for (gx, gy) in (0..4).flat_map(|gx| (0..2).map(move |gy| (gx, gy))) {
        // The group's global indices in the order of the linear local id.
        let ids: Vec<usize> = (0..8)
            .flat_map(|ly| (0..4).map(move |lx| (gy * 8 + ly) * 16 + gx * 4 + lx))
            .collect();
        let min = ids.iter().map(|i| f[*i]).fold(f32::INFINITY, f32::min);
        let sum = ids.iter().fold(0f32, |s, i| s + f[*i]);
        let (any, all) = (
            ids.iter().any(|i| v[*i] > 90),
            ids.iter().all(|i| v[*i] > -95),
        );
        let (mut max, mut smin, mut umax) = (f32::NEG_INFINITY, i32::MAX, 0u32);
        for i in &ids {
            max = max.max(f[*i]);
            assert_eq!(fo[3 * i].to_bits(), max.to_bits(), "inclusive max at {i}");
            assert_eq!(fo[3 * i + 1], min, "min at {i}");
            assert_eq!(
                fo[3 * i + 2].to_bits(),
                sum.to_bits(),
                "sequential sum at {i}"
            );
            assert_eq!(io[5 * i], v[ids[9]], "broadcast from (1, 2) at {i}");
            assert_eq!(io[5 * i + 1] != 0, any, "any at {i}");
            assert_eq!(io[5 * i + 2] != 0, all, "all at {i}");
            assert_eq!(io[5 * i + 3], smin, "exclusive min at {i}");
            smin = smin.min(v[*i]);
            umax = umax.max(v[*i] as u32 ^ 0x8000_0000);
            assert_eq!(io[5 * i + 4] as u32, umax, "inclusive unsigned max at {i}");
        }
    }
    assert_lint_clean(&d.join("all"), "wg_collectives", "wg_collectives");

    // Sub-groups are one work-item each: a reduction is the operand, an exclusive scan the
    // identity, a broadcast from sub-group local id 0 the operand.
    let r = sim(
        &root().join("tests/kernels/subgroup_collectives.cl"),
        "256",
        &[format!("in={}", at("in.npy")), "out=zeros:1024".into()],
        &["--local", "32"],
        &d.join("sub"),
        &d.join("sub-dump"),
    );
    assert_pass(&r);
    let out: Vec<i32> = load(&d.join("sub-dump/out.npy"));
    for (i, v) in x[..256].iter().enumerate() {
        let want = [*v, i32::MIN, 2 * v, (*v > 0) as i32 + 2 * (*v < 0) as i32];
        assert_eq!(out[4 * i..4 * i + 4], want, "work-item {i}");
    }
}

/// `async_work_group_strided_copy` into local memory and `async_work_group_copy` back,
/// each work-item moving its share and `wait_group_events` a barrier: 8 groups under random
/// memory latency, equal to the model and to pocl.
#[test]
fn async_copies_between_global_and_local_memory_agree_with_pocl() {
    let d = scratch("async-copy");
    let x: Vec<f32> = randoms(31, 512)
        .iter()
        .map(|v| (v % 1000) as f32 / 8.0)
        .collect();
    save(&d.join("in.npy"), &x);
    save(&d.join("out.npy"), &[0f32; 512]);
    let args = [
        A::Buf("in", d.join("in.npy")),
        A::Buf("out", d.join("out.npy")),
    ];
    let latency = ["--mem-latency", "random:6"];
    co_simulate_against_pocl("wg_async_copy", &[256], &[32], &args, &latency, &d);
    let w = work_groups(&d.join("out"));
    // Copy in, work, copy out: the last wait, before the kernel returns, is dropped.
    assert_eq!(w["regions"].as_array().unwrap().len(), 3, "{w}");
}
