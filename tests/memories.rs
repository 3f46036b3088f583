//! Memories: generic pointers, on-chip memories and their decorations, banking, private
//! copies, ROMs, and what synthesis maps them to.

mod common;

use common::*;
use std::path::Path;
use std::process::Command;

/// Generic pointers into global, local and private memory, through out-of-line helpers and
/// to_global: resolved at compile time; RTL = model = the kernel's arithmetic in f32, bit for
/// bit. (pocl is no oracle here: its CPU device lacks __opencl_c_generic_address_space.)
#[test]
fn generic_pointers_resolve_to_their_memories() {
    let d = scratch("generic");
    let n = 128usize;
    let x: Vec<f32> = randoms(71, n + 2)
        .iter()
        .map(|v| (*v % 20000) as f32 / 64.0 - 150.0)
        .collect();
    save(&d.join("in.npy"), &x);
    let dump = d.join("dump");
    let src = root().join("tests/kernels/generic_ptrs.cl");
    let args = [
        format!("in=@{}", d.join("in.npy").display()),
        format!("out=zeros:{n}"),
    ];
    let extra = ["--local", "32", "--mem-latency", "random:5"];
    assert_pass(&sim(
        &src,
        &n.to_string(),
        &args,
        &extra,
        &d.join("out"),
        &dump,
    ));
    // sum3(in + i) + sum3(priv), priv = {in[i], 1, tile[l] = in[i] * 2}.
    let expect: Vec<f32> = (0..n)
        .map(|i| ((x[i] + x[i + 1]) + x[i + 2]) + ((x[i] + 1.0) + x[i] * 2.0))
        .collect();
    let got = load::<f32>(&dump.join("out.npy"));
    assert!(
        got.iter()
            .zip(&expect)
            .all(|(a, b)| a.to_bits() == b.to_bits()),
        "{got:?}\n{expect:?}"
    );
}

/// The on-chip memory issue's acceptance kernel: four reads of one private array per
/// iteration, under each decoration (and without, banking off and on). Each variant reaches
/// its II, says where its memory came from, co-simulates, and computes the right values.
/// Saves banked_window.cl's input (`in.npy` in `d`) and returns what its fill loop
/// stores: in + 0.5.
fn window_input(d: &Path, seed: u64) -> Vec<f32> {
    let input: Vec<f32> = randoms(seed, 256)
        .iter()
        .map(|r| (*r % 20_000) as f32 / 1000.0 - 10.0)
        .collect();
    save(&d.join("in.npy"), &input);
    input.iter().map(|x| x + 0.5).collect()
}

/// What the window kernels store: each group of four, b0 * b3 - b1 * b2.
fn window_products(b: &[f32]) -> Vec<f32> {
    (0..64)
        .map(|i| (b[4 * i] * b[4 * i + 3]) - (b[4 * i + 1] * b[4 * i + 2]))
        .collect()
}

/// Co-simulates one banked_window.cl kernel over `in.npy` into `d/<tag>`; its `out`.
fn sim_window(d: &Path, kernel: &str, tag: &str, extra: &[&str]) -> Vec<f32> {
    let src = root().join("tests/kernels/banked_window.cl");
    let out = d.join(tag);
    let dump = d.join(format!("{tag}-dump"));
    let input_arg = format!("in=@{}", d.join("in.npy").display());
    let mut args = vec!["sim", src.to_str().unwrap(), "--kernel", kernel];
    args.extend_from_slice(extra);
    args.extend_from_slice(&[
        "--global",
        "1",
        "--arg",
        &input_arg,
        "--arg",
        "out=zeros:64",
        "--arg",
        "n=256",
        "-o",
        out.to_str().unwrap(),
        "--dump-dir",
        dump.to_str().unwrap(),
    ]);
    assert_pass(&run(&args));
    load(&dump.join("out.npy"))
}

#[test]
fn on_chip_memory_variants_reach_their_ii_and_match_the_model() {
    let d = scratch("banked");
    let expect = window_products(&window_input(&d, 7));
    // (kernel, banking, II, source, implementation, banks, replicates, pump)
    let variants = [
        ("window_plain", "off", 2, "default", "block RAM", 1, 1, 1),
        (
            "window_banks4",
            "infer",
            1,
            "decorated",
            "block RAM",
            4,
            1,
            1,
        ),
        (
            "window_banks2_doublepump",
            "infer",
            1,
            "decorated",
            "block RAM",
            2,
            1,
            2,
        ),
        (
            "window_replicates2",
            "infer",
            1,
            "decorated",
            "block RAM",
            1,
            2,
            1,
        ),
        (
            "window_register",
            "infer",
            1,
            "decorated",
            "registers",
            1,
            1,
            1,
        ),
        ("window_plain", "infer", 1, "inferred", "block RAM", 2, 1, 1),
        // memory("MLAB") picks the kind; the banks are still inferred.
        ("window_lutram", "infer", 1, "inferred", "LUT RAM", 2, 1, 1),
    ];
    for (kernel, banking, ii, source, implementation, banks, replicates, pump) in variants {
        let tag = format!("{kernel}-{banking}");
        let got = sim_window(&d, kernel, &tag, &["--banking", banking]);
        let out = d.join(&tag);
        assert_eq!(got, expect, "{kernel} ({banking}): results");
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        let reader = report["loops"].as_array().unwrap().last().unwrap();
        assert_eq!(reader["ii"], ii, "{kernel} ({banking}): {reader}");
        if ii == 2 {
            assert_eq!(reader["bounding_memory"], "buf", "{reader}");
        }
        let mem = report["memories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == "buf")
            .unwrap();
        assert_eq!(mem["source"], source, "{kernel} ({banking}): {mem}");
        assert_eq!(mem["implementation"], implementation, "{mem}");
        assert_eq!(mem["banks"], banks, "{mem}");
        assert_eq!(mem["replicates"], replicates, "{mem}");
        assert_eq!(mem["pump"], pump, "{mem}");
        if banks > 1 && source == "inferred" {
            assert_eq!(mem["partitioning"], "cyclic", "{mem}");
        }
    }
}

/// On the ULX3S an ECP5 block RAM's read takes an output register after the RAM's own
/// (`ram_read_latency: 2`): banked, replicated, double-pumped and LUT-RAM variants still
/// match the model, with the schedule counting the extra cycle.
#[test]
fn on_chip_memories_with_an_output_register_match_the_model() {
    let d = scratch("banked-ecp5");
    let expect = window_products(&window_input(&d, 9));
    for kernel in [
        "window_banks4",
        "window_banks2_doublepump",
        "window_replicates2",
        "window_lutram",
    ] {
        let got = sim_window(&d, kernel, kernel, &["--board", "ulx3s"]);
        let out = d.join(kernel);
        assert_eq!(got, expect, "{kernel} on the ULX3S");
        let sv = std::fs::read_to_string(out.join(format!("rtl/{kernel}.sv"))).unwrap();
        assert!(sv.contains("_q_o[0] <="), "{kernel}: no output register");
    }
}

/// Reads a quarter of the array apart: inference picks block partitioning (the array's
/// bounds give every read a static bank), cyclic banks could not; co-simulated both ways.
#[test]
fn block_partitioning_is_inferred_from_the_array_bounds() {
    let d = scratch("quarters");
    let b = window_input(&d, 9);
    let expect: Vec<f32> = (0..64)
        .map(|i| (b[i] + b[i + 64]) + (b[i + 128] + b[i + 192]))
        .collect();
    for (banking, ii, partitioning) in [("off", 2, "none"), ("infer", 1, "block")] {
        let got = sim_window(&d, "window_quarters", banking, &["--banking", banking]);
        assert_eq!(got, expect, "{banking}");
        let out = d.join(banking);
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        assert_eq!(
            report["loops"][1]["ii"], ii,
            "{banking}: {}",
            report["loops"]
        );
        let mem = report["memories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == "buf")
            .unwrap()
            .clone();
        assert_eq!(mem["partitioning"], partitioning, "{mem}");
        if banking == "infer" {
            // Every read of the second loop has a bank of its own choosing: 0, 0, 1, 1.
            let banks: Vec<serde_json::Value> = mem["accesses"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a["kind"] == "load")
                .map(|a| a["bank"].clone())
                .collect();
            assert_eq!(banks, [0, 0, 1, 1], "{mem}");
        }
    }
}

/// Yosys (`synth_xilinx -family xcup`, scripts/synth.py) builds each on-chip memory as
/// report.json says: as many block RAM primitives as `block_rams`, LUT RAM for
/// `memory("MLAB")`, and flip-flops holding every bit for `register`.
#[test]
fn synthesis_maps_on_chip_memories_as_the_report_states() {
    let d = scratch("synth");
    let src = root().join("tests/kernels/banked_window.cl");
    let kernels = [
        "window_banks4",
        "window_banks2_doublepump",
        "window_register",
        "window_lutram",
    ];
    for k in kernels {
        let r = run(&[
            "compile",
            src.to_str().unwrap(),
            "--kernel",
            k,
            "-o",
            d.join(k).to_str().unwrap(),
        ]);
        assert_eq!(r.code, 0, "{k}: {}", r.stderr);
    }
    // Two at a time: each Yosys run is single-threaded and takes ~30 s.
    let summaries: Vec<(String, serde_json::Value)> = kernels
        .chunks(2)
        .flat_map(|pair| {
            let runs: Vec<_> = pair
                .iter()
                .map(|k| {
                    let dir = d.join(k);
                    let script = root().join("scripts/synth.py");
                    std::thread::spawn(move || {
                        Command::new(tool("python3"))
                            .arg(script)
                            .arg(&dir)
                            .output()
                            .unwrap()
                    })
                })
                .collect();
            pair.iter()
                .zip(runs)
                .map(|(k, h)| {
                    let o = h.join().unwrap();
                    assert!(
                        o.status.success(),
                        "{k}: synth.py failed: {}",
                        String::from_utf8_lossy(&o.stderr)
                    );
                    (k.to_string(), serde_json::from_slice(&o.stdout).unwrap())
                })
                .collect::<Vec<_>>()
        })
        .collect();
    for (k, s) in summaries {
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join(&k).join("report.json")).unwrap())
                .unwrap();
        let mem = report["memories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == "buf")
            .unwrap();
        let built = &s["memories"]["buf"];
        let (bram, lutram, ffs) = (
            built["block_ram_primitives"].as_u64().unwrap(),
            built["lut_ram_primitives"].as_u64().unwrap(),
            built["ffs"].as_u64().unwrap(),
        );
        match mem["implementation"].as_str().unwrap() {
            "block RAM" => {
                assert_eq!(
                    Some(bram),
                    mem["block_rams"].as_u64(),
                    "{k}: {built} vs {mem}"
                );
                assert_eq!((lutram, ffs), (0, 0), "{k}: {built}");
            }
            "LUT RAM" => {
                assert_eq!((bram, ffs), (0, 0), "{k}: {built}");
                assert!(lutram > 0, "{k}: {built}");
            }
            "registers" => {
                assert_eq!((bram, lutram), (0, 0), "{k}: {built}");
                assert_eq!(ffs, 256 * 32, "{k}: every bit a flip-flop: {built}");
            }
            other => panic!("{k}: implementation {other}"),
        }
    }
}

/// tests/fixtures/memory_decorations.spvasm: all twelve SPV_INTEL_fpga_memory_attributes
/// decorations as OpMemberDecorate on struct members and as OpDecorate on arrays. Each
/// memory is built as decorated, the kernel co-simulates and equals a float32 reference.
#[test]
fn every_memory_decoration_as_member_and_variable_decoration() {
    let d = scratch("memdeco");
    let asm =
        std::fs::read_to_string(root().join("tests/fixtures/memory_decorations.spvasm")).unwrap();
    let spv = assemble(&asm, &d, "memory_decorations");
    let n = 40usize;
    let input: Vec<f32> = randoms(11, n)
        .iter()
        .map(|r| (*r % 10_000) as f32 / 1000.0 - 5.0)
        .collect();
    save(&d.join("in.npy"), &input);
    let out = d.join("out");
    let r = run(&[
        "sim",
        spv.to_str().unwrap(),
        "--global",
        "1",
        "--arg",
        &format!("in=@{}", d.join("in.npy").display()),
        "--arg",
        "out=zeros:40",
        "--arg",
        "n=40",
        "-o",
        out.to_str().unwrap(),
        "--dump-dir",
        d.join("dump").to_str().unwrap(),
    ]);
    assert_pass(&r);
    // Twenty arrays, array k of each group holding in[i] + k; summed members first.
    let expect: Vec<f32> = input
        .iter()
        .map(|x| {
            let mut acc: Option<f32> = None;
            for k in (0..10).chain(0..10) {
                let v = x + k as f32;
                acc = Some(acc.map_or(v, |a| a + v));
            }
            acc.unwrap()
        })
        .collect();
    assert_eq!(load::<f32>(&d.join("dump/out.npy")), expect);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    for l in report["loops"].as_array().unwrap() {
        assert_eq!(l["ii"], 1, "{l}");
    }
    let mem = |name: &str| -> serde_json::Value {
        report["memories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .unwrap_or_else(|| panic!("no memory {name} in {}", report["memories"]))
            .clone()
    };
    // (memory, field, value) as the decorations ask.
    let expect_fields: &[(&str, &str, serde_json::Value)] = &[
        ("s.reg", "implementation", "registers".into()),
        ("s.mlab", "implementation", "LUT RAM".into()),
        ("s.banked", "banks", 4.into()),
        ("s.banked", "bank_width_bytes", 4.into()),
        ("s.copies", "source", "decorated".into()),
        ("s.pumped", "pump", 2.into()),
        ("s.sdp", "replicates", 2.into()),
        (
            "s.sdp",
            "ports",
            serde_json::json!({"kind": "simple dual port", "per_bank": 3, "read": 2, "write": 1}),
        ),
        ("s.merged_a", "merged_into", "s.merged_a+s.merged_b".into()),
        ("s.merged_a+s.merged_b", "elements", 128.into()),
        ("s.bits", "bank_bits", serde_json::json!([3, 2])),
        ("s.pow2", "depth", 64.into()),
        ("s.pow2", "implementation", "block RAM".into()),
        ("v_reg", "implementation", "registers".into()),
        ("v_mlab", "implementation", "LUT RAM".into()),
        ("v_banked", "banks", 2.into()),
        ("v_banked", "bank_width_bytes", 8.into()),
        ("v_pumped", "pump", 2.into()),
        (
            "v_sdp",
            "ports",
            serde_json::json!({"kind": "simple dual port", "per_bank": 2, "read": 1, "write": 1}),
        ),
        ("v_merged_b", "merged_into", "v_merged_a+v_merged_b".into()),
        ("v_merged_a+v_merged_b", "bank_width_bytes", 8.into()),
        ("v_bits", "bank_bits", serde_json::json!([2])),
        ("v_bits", "replicates", 2.into()),
        ("v_pow2", "depth", 64.into()),
    ];
    for (name, field, value) in expect_fields {
        assert_eq!(&mem(name)[*field], value, "{name}.{field}: {}", mem(name));
    }
    assert_eq!(mem("s.copies")["decorations"]["private_copies"], 2);
    assert_eq!(mem("v_copies")["decorations"]["private_copies"], 4);
    assert_eq!(mem("s.copies")["decorations"]["pump"], 1);
    assert_eq!(mem("v_sdp")["decorations"]["pump"], 1);
    // A malformed member decoration is refused, naming the member.
    let bad = asm.replace(
        "OpMemberDecorate %S 2 NumbanksINTEL 4",
        "OpMemberDecorate %S 2 NumbanksINTEL 3",
    );
    assert_ne!(bad, asm);
    let spv = assemble(&bad, &d, "bad_member");
    let r = run(&[
        "compile",
        spv.to_str().unwrap(),
        "-o",
        d.join("bad").to_str().unwrap(),
    ]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("member 2") && r.stderr.contains("not a power of two"),
        "{}",
        r.stderr
    );
}

/// A private array in pipelined work-items gets one copy per work-item in flight (RTL
/// equals pocl bit for bit); `private_copies(N)` bounds the copies, and the schedule
/// stretches so that N suffice.
#[test]
fn private_arrays_of_pipelined_work_items_get_copies() {
    let d = scratch("copies");
    let n = 96usize;
    let input: Vec<f32> = randoms(21, n)
        .iter()
        .map(|r| (*r % 4000) as f32 / 100.0 - 20.0)
        .collect();
    save(&d.join("in.npy"), &input);
    save(&d.join("out.npy"), &vec![0f32; n]);
    co_simulate_against_pocl(
        "private_copies",
        &[n as u64],
        &[32],
        &[
            A::Buf("in", d.join("in.npy")),
            A::Buf("out", d.join("out.npy")),
        ],
        &["--mem-latency", "random:5"],
        &d,
    );
    let expect: Vec<f32> = load(&d.join("dump/out.npy"));
    let src = std::fs::read_to_string(root().join("tests/kernels/private_copies.cl")).unwrap();
    // (decoration, copies expected (None: more than one), II at least). In block RAM, the
    // three writes take a port of every replicate: replicates bring II 3 down to 2, never 1.
    let variants: [(&str, Option<u64>, u64); 3] = [
        ("{memory:BLOCK_RAM}", None, 2),
        ("{private_copies:2}", Some(2), 1),
        ("{private_copies:1}", Some(1), 2),
    ];
    for (i, (attr, copies, min_ii)) in variants.iter().enumerate() {
        let file = d.join(format!("v{i}.cl"));
        std::fs::write(
            &file,
            format!("#define ATTR __attribute__((annotate(\"{attr}\")))\n{src}"),
        )
        .unwrap();
        let out = d.join(format!("v{i}"));
        let r = run(&[
            "sim",
            file.to_str().unwrap(),
            "--global",
            &n.to_string(),
            "--arg",
            &format!("in=@{}", d.join("in.npy").display()),
            "--arg",
            &format!("out=zeros:{n}"),
            "-o",
            out.to_str().unwrap(),
            "--dump-dir",
            d.join(format!("v{i}-dump")).to_str().unwrap(),
        ]);
        assert_pass(&r);
        assert_eq!(
            load::<f32>(&d.join(format!("v{i}-dump/out.npy"))),
            expect,
            "{attr}"
        );
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap())
                .unwrap();
        let mem = report["memories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == "t")
            .unwrap()
            .clone();
        let got = mem["copies"].as_u64().unwrap();
        match copies {
            Some(c) => assert!(got <= *c, "{attr}: {mem}"),
            None => assert!(got > 1, "{attr}: {mem}"),
        }
        let ii = report["loops"][0]["ii"].as_u64().unwrap();
        assert!(ii >= *min_ii, "{attr}: II {ii}");
    }
}

/// Program-scope `constant` tables become ROMs (initial contents in the RTL), indexed by
/// data; RTL equals the model and pocl bit for bit.
#[test]
fn constant_tables_become_roms() {
    let d = scratch("consttab");
    let n = 128usize;
    let x: Vec<f32> = randoms(51, n)
        .iter()
        .map(|r| (*r % 2000) as f32 / 100.0 - 10.0)
        .collect();
    let k: Vec<i32> = randoms(52, n).iter().map(|r| (*r % 4096) as i32).collect();
    save(&d.join("x.npy"), &x);
    save(&d.join("k.npy"), &k);
    save(&d.join("y.npy"), &vec![0f32; n]);
    save(&d.join("z.npy"), &vec![0i32; n]);
    co_simulate_against_pocl(
        "constant_table",
        &[n as u64],
        &[32],
        &[
            A::Buf("x", d.join("x.npy")),
            A::Buf("k", d.join("k.npy")),
            A::Buf("y", d.join("y.npy")),
            A::Buf("z", d.join("z.npy")),
        ],
        &[],
        &d,
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("out/report.json")).unwrap()).unwrap();
    let storages: Vec<&serde_json::Value> = report["memories"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["storage"] == "constant")
        .collect();
    assert_eq!(storages.len(), 2, "{}", report["memories"]);
    assert_eq!(report["loops"][0]["ii"], 1);
    let rtl = std::fs::read_to_string(d.join("out/rtl/constant_table.sv")).unwrap();
    assert!(
        rtl.contains("mem_squares_b0_r0[15] = 32'he1;"),
        "squares[15] = 225 in the ROM"
    );
}

/// A generic pointer decided at run time between a global buffer and a private array
/// (tests/kernels/generic_either_space.cl): co-simulated, and equal to the formula.
#[test]
fn generic_pointer_into_either_space_at_run_time() {
    let d = scratch("either");
    let a: Vec<i32> = randoms(21, 64)
        .iter()
        .map(|v| (*v % 201) as i32 - 100)
        .collect();
    save(&d.join("a.npy"), &a);
    let r = sim(
        &root().join("tests/kernels/generic_either_space.cl"),
        "64",
        &[
            format!("a=@{}", d.join("a.npy").display()),
            "out=zeros:64".into(),
        ],
        &["--mem-latency", "random:3"],
        &d.join("out"),
        &d.join("dump"),
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("PASS"), "{}", r.stdout);
    let out: Vec<i32> = load(&d.join("dump/out.npy"));
    for i in 0..64usize {
        let mut private = [i as i32, 3 * i as i32, -5, 7];
        private[(a[i] & 3) as usize] += 1;
        let want = if a[i] > 0 {
            2 * a[(i & !3) + 1] + 2 * a[(i & !3) + 3]
        } else {
            2 * private[1] + 2 * private[3]
        };
        assert_eq!(out[i], want, "out[{i}]");
    }
}
