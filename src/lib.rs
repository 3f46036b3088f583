//! hls-build as a library: the facade that wires frontend → scheduler → rtl-gen, and the
//! co-simulation of the result. The CLI (`main.rs`) is a thin layer over this.

mod batches;
pub mod build;
pub mod diagnostic;
mod html;
pub mod nests;
pub mod report;
pub mod simci;
pub mod sweep;
pub mod system;
pub mod timing;
pub mod tools;
pub mod wave;

use boards::Board;
use frontend::ir::Kernel;
use scheduler::UnitSchedule;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{file}: error: {source}")]
    Frontend {
        file: String,
        source: frontend::FrontendError,
    },
    #[error("error: {0}")]
    Board(#[from] boards::BoardError),
    #[error("{file}: error: {source}")]
    Schedule {
        file: String,
        source: scheduler::SchedError,
    },
    #[error("error: RTL generation: {0}")]
    Rtl(#[from] rtl_gen::RtlError),
    #[error("error: {0}")]
    Sim(#[from] sim::SimError),
    #[error("error: {0}")]
    Check(#[from] hls_cores_check::CheckError),
    #[error("error: {0}")]
    Usage(String),
    /// A flow step failed, or a tool it needs is missing.
    #[error("error: {0}")]
    Flow(String),
    /// The design needs more of a resource than the board has.
    #[error("error: {0}")]
    Fit(String),
    #[error("error: cancelled (Ctrl-C); the output directory was left as it was")]
    Cancelled,
    #[error("error: {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
}

impl Error {
    /// Exit status per the CLI contract: 2 for bad input, 1 for a failed flow.
    pub fn exit_code(&self) -> i32 {
        match self {
            // An error at a source line is in the user's source (clang's included).
            Error::Frontend {
                source: frontend::FrontendError::At { error, .. },
                ..
            } if !matches!(**error, frontend::FrontendError::Internal(_)) => 2,
            Error::Frontend {
                source: frontend::FrontendError::Toolchain(_) | frontend::FrontendError::Internal(_),
                ..
            } => 1,
            Error::Frontend { .. } | Error::Board(_) | Error::Usage(_) => 2,
            Error::Schedule {
                source: scheduler::SchedError::RequestedIiTooLow { .. },
                ..
            } => 2,
            Error::Sim(e) if e.is_bad_input() => 2,
            Error::Check(e) if e.is_bad_input() => 2,
            Error::Io { .. } => 2,
            Error::Cancelled => 130,
            _ => 1,
        }
    }
}

pub struct Compiled {
    pub source: PathBuf,
    pub spirv: Vec<u8>,
    pub kernel: Kernel,
    pub schedules: Vec<UnitSchedule>,
    pub rtl: rtl_gen::Generated,
    pub board: Board,
    /// What each IR pass did, and the dumps asked for (`--print-after`).
    pub passes: frontend::passes::Report,
    /// The float reductions found: split into lanes, or kept in order and why.
    pub reductions: Vec<frontend::reassociate::Reduction>,
    /// The loop nests found: flattened into one loop, or kept and why.
    pub nests: Vec<nests::NestChoice>,
    /// Loads every work-item makes alike: made once before the work-items, or kept and why
    /// (None: the kernel has none).
    pub invariant_loads: Option<String>,
    /// Which board memory bank each buffer argument lives in, on a board with memories.
    pub plan: Option<Vec<boards::flow::memplan::Assignment>>,
}

/// SPIR-V bytes of a kernel file: `.spv` read as is, `.cl` compiled with clang-15 +
/// llvm-spirv-15 and `.comp` with glslang, each with the preprocessor `defines` (`-D`).
pub fn load_spirv(
    path: &Path,
    defines: &[String],
    cl_options: &[String],
) -> Result<Vec<u8>, Error> {
    let file = path.display().to_string();
    let fe = |source| Error::Frontend {
        file: file.clone(),
        source,
    };
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    check_defines(defines, ext)?;
    check_cl_options(cl_options, ext)?;
    if matches!(ext, "cl" | "bc" | "ll" | "comp") {
        if !path.exists() {
            return Err(Error::Io {
                path: file,
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
            });
        }
        if ext == "cl" {
            frontend::opencl::compile_opencl_with(path, defines, cl_options).map_err(fe)
        } else if ext == "comp" {
            frontend::opencl::compile_glsl(path, defines).map_err(fe)
        } else {
            frontend::opencl::translate_llvm(path).map_err(fe)
        }
    } else {
        std::fs::read(path).map_err(|source| Error::Io { path: file, source })
    }
}

/// OpenCL build options reach clang only for OpenCL C, and only those of the math.
fn check_cl_options(options: &[String], ext: &str) -> Result<(), Error> {
    let allowed = frontend::opencl::CL_MATH_OPTIONS;
    if let Some(o) = options.iter().find(|o| !allowed.contains(&o.as_str())) {
        return Err(Error::Usage(format!(
            "--cl-option {o}: not an OpenCL build option of the math (one of {})",
            allowed.join(", ")
        )));
    }
    if let Some(o) = options.first().filter(|_| ext != "cl") {
        return Err(Error::Usage(format!(
            "--cl-option {o}: only an OpenCL C (.cl) source is compiled here; a SPIR-V or \
             SPIR module carries its options in its FPFastMathMode decorations"
        )));
    }
    Ok(())
}

/// A define is `NAME` or `NAME=VALUE` with NAME an identifier (anything else would reach
/// the compiler as some other option), and only sources have a preprocessor.
fn check_defines(defines: &[String], ext: &str) -> Result<(), Error> {
    if !defines.is_empty() && !matches!(ext, "cl" | "comp") {
        return Err(Error::Usage(format!(
            "-D {}: only OpenCL C (.cl) and GLSL (.comp) sources are preprocessed",
            defines[0]
        )));
    }
    for d in defines {
        let name = d.split_once('=').map_or(d.as_str(), |(n, _)| n);
        let ident = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return Err(Error::Usage(format!(
                "-D {d}: give NAME or NAME=VALUE, NAME an identifier"
            )));
        }
    }
    Ok(())
}

/// Choices a user makes beyond the kernel and the board.
#[derive(Debug, Clone)]
pub struct Options {
    /// Bank undecorated local/private arrays from their access patterns (on by default,
    /// as Vitis partitions arrays automatically); off builds one RAM per array.
    pub infer_banking: bool,
    /// Flush float and double subnormals to zero in every kernel (`--denormals flush`,
    /// OpenCL's `-cl-denorms-are-zero`, which clang-15 drops for SPIR): the module gets the
    /// execution mode DenormFlushToZero, as if it had carried it.
    pub flush_denormals: bool,
    /// Round OpenCL.std `mad` twice, as a multiply and an add (`--mad unfused`), instead of
    /// once as an fma: the module is rewritten, so model and hardware agree.
    pub unfused_mad: bool,
    /// Split every float reduction into lanes (`--fp-relaxed`), as if each add carried
    /// FPFastMathMode AllowReassoc; without it only the adds that do are.
    pub fp_relaxed: bool,
    /// Loop nests flattened into one loop: where that is faster (`--flatten auto`, the
    /// default), wherever it can be built (`always`), or never (`off`).
    pub flatten: nests::Flatten,
    /// The most work-items interleaved in a flattened loop (`--max-interleaving`; 1: none);
    /// None: as many as its recurrence asks.
    pub max_interleaving: Option<u32>,
    /// Keep every float reduction in order, even where reassociation is allowed: `compile`
    /// tries it when interleaved work-items could reach II 1 without lanes.
    pub keep_reductions_in_order: bool,
    /// OpenCL build options for a `.cl` source (`--cl-option`, e.g. -cl-fast-relaxed-math).
    pub cl_options: Vec<String>,
    /// The IR passes: which to print after, whether to verify the IR between them.
    pub passes: frontend::passes::Options,
    /// Specialization constants by SpecId (`--spec ID=VALUE`); the others keep their defaults.
    pub spec: std::collections::HashMap<u32, u64>,
    /// Preprocessor macros for a `.cl` or `.comp` source (`-D NAME[=VALUE]`).
    pub defines: Vec<String>,
    /// Buffer arguments pinned to board memory banks (`--memory NAME=BANK`); the others
    /// go round robin. The plan gives each AXI master its bank's data width.
    pub memory: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            infer_banking: true,
            flush_denormals: false,
            unfused_mad: false,
            fp_relaxed: false,
            flatten: nests::Flatten::Auto,
            max_interleaving: None,
            keep_reductions_in_order: false,
            cl_options: Vec::new(),
            passes: Default::default(),
            spec: Default::default(),
            defines: Vec::new(),
            memory: Vec::new(),
        }
    }
}

/// What compile's report and sim say of arguments translated from a Vulkan interface.
pub fn origins_note(origins: &[(String, String)]) -> Option<String> {
    (!origins.is_empty()).then(|| {
        let each: Vec<String> = origins.iter().map(|(n, o)| format!("{n} = {o}")).collect();
        format!("arguments from the Vulkan interface: {}", each.join(", "))
    })
}

/// What compile's report and sim say when the parameters have no names.
pub fn positional_note(n_args: usize) -> String {
    let last = n_args.saturating_sub(1);
    format!(
        "arguments: positional, arg0 to arg{last} (the SPIR-V names no parameter: clang's \
         default flags discard them, -fno-discard-value-names keeps them); `--arg 0=…` \
         gives one by position"
    )
}

/// The kernel's SPIR-V (with the options' execution modes added, and its reductions split
/// into the board's lanes where allowed) and its IR: the frontend alone (what the software
/// model needs to know the kernel is read correctly; no hardware is planned).
pub fn lower(
    path: &Path,
    kernel: Option<&str>,
    board: &Board,
    options: &Options,
) -> Result<(Vec<u8>, Kernel), Error> {
    lower_with_report(path, kernel, board, options).map(|l| (l.spirv, l.kernel))
}

/// What the frontend made of a kernel file.
pub struct Lowered {
    pub spirv: Vec<u8>,
    pub kernel: Kernel,
    /// What each IR pass did, and the dumps `options.passes` asked for.
    pub passes: frontend::passes::Report,
    /// The float reductions found: split into lanes, or kept in order and why.
    pub reductions: Vec<frontend::reassociate::Reduction>,
}

/// The cycles of a reduction's operation on `board`: its lanes are their sum. A half add
/// is computed in float between two conversions (pass `widen-half`).
fn reduction_latency(board: &Board, op: frontend::reassociate::ChainOp) -> u32 {
    use frontend::reassociate::ChainOp;
    let l = |class: &str| board.operator(class).latency;
    match op {
        ChainOp::Add(64) => l("fp64_add"),
        ChainOp::Add(16) => l("fp32_add") + 2 * l("fp32_convert"),
        ChainOp::Add(_) => l("fp32_add"),
        ChainOp::Fma(64) => l("fp64_fma"),
        ChainOp::Fma(16) => l("fp16_fma"),
        ChainOp::Fma(_) => l("fp32_fma"),
    }
}

/// `lower`, with what each IR pass did and the dumps `options.passes` asked for.
pub fn lower_with_report(
    path: &Path,
    kernel: Option<&str>,
    board: &Board,
    options: &Options,
) -> Result<Lowered, Error> {
    let file = path.display().to_string();
    let fe = |source| Error::Frontend {
        file: file.clone(),
        source,
    };
    let prepared = frontend::environment::prepare(
        load_spirv(path, &options.defines, &options.cl_options)?,
        &options.spec,
        kernel,
    )
    .map_err(fe)?;
    let mut spirv = prepared.spirv;
    if let Some(resolved) = frontend::mangled::resolve_builtin_imports(&spirv).map_err(fe)? {
        spirv = resolved;
    }
    if options.flush_denormals {
        spirv = frontend::float_controls::request_flush(&spirv).map_err(fe)?;
    }
    if options.unfused_mad {
        spirv = frontend::float_controls::split_mad(&spirv).map_err(fe)?;
    }
    let split =
        frontend::reassociate::split_reductions(&spirv, kernel, options.fp_relaxed, &|op| {
            reduction_latency(board, op)
        })
        .map_err(fe)?;
    let mut reductions = split.reductions;
    if options.keep_reductions_in_order {
        for r in reductions.iter_mut().filter(|r| r.reason.is_none()) {
            r.reason = Some(
                "the work-items around its loop interleave, which issues every cycle without \
                 reassociating"
                    .into(),
            );
        }
    } else if reductions.iter().any(|r| r.reason.is_none()) {
        spirv = split.spirv;
    }
    let module = frontend::SpirvModule::load(&spirv).map_err(fe)?;
    let (mut ir, passes) =
        frontend::lower_kernel_with(&module, kernel, &options.passes).map_err(fe)?;
    ir.attrs.arg_origins = prepared.origins.get(&ir.name).cloned().unwrap_or_default();
    ir.attrs.program_pipes = prepared
        .program_pipes
        .get(&ir.name)
        .map(|v| v.iter().map(|p| (p.arg.clone(), p.capacity)).collect())
        .unwrap_or_default();
    Ok(Lowered {
        spirv,
        kernel: ir,
        passes,
        reductions,
    })
}

pub fn compile(
    path: &Path,
    kernel: Option<&str>,
    board: &Board,
    options: &Options,
) -> Result<Compiled, Error> {
    let c = compile_once(path, kernel, board, options)?;
    let c = nests::in_order_if_interleaved(c, options, |o| compile_once(path, kernel, board, o))?;
    let batched = c
        .kernel
        .work_groups
        .as_ref()
        .is_some_and(|w| w.in_flight > 1);
    if !batched || options.passes.groups_in_flight.is_some() {
        return Ok(c);
    }
    let mut one = options.clone();
    one.passes.groups_in_flight = Some(1);
    let single = compile_once(path, kernel, board, &one)?;
    Ok(batches::faster(c, single))
}

/// `compile` with the groups in flight `options` gives (the frontend's default when unset).
fn compile_once(
    path: &Path,
    kernel: Option<&str>,
    board: &Board,
    options: &Options,
) -> Result<Compiled, Error> {
    let file = path.display().to_string();
    let Lowered {
        spirv,
        kernel: mut ir,
        passes,
        reductions,
    } = lower_with_report(path, kernel, board, options)?;
    rtl_gen::check_supported(&ir)?;
    let nests = nests::flatten_nests(&mut ir, board, options);
    scheduler::memories::plan_memories(&mut ir, board, options.infer_banking);
    let plan = memory_plan(&ir, board, &options.memory)?;
    set_port_widths(&mut ir, board, plan.as_deref());
    // Behind load-store units every load site has a port of its own: decided with them.
    let invariant_loads = nests::hoist_invariant_loads(&mut ir, board, options);
    let mut schedules = Vec::new();
    for unit in &ir.units {
        let s = scheduler::schedule_unit(&ir, unit, board).map_err(|source| Error::Schedule {
            file: file.clone(),
            source,
        })?;
        schedules.push(s);
    }
    let starts: Vec<(u32, Vec<u32>)> = schedules.iter().map(|s| (s.ii, s.start.clone())).collect();
    scheduler::memories::assign_copies(&mut ir, &starts);
    let rtl = rtl_gen::generate(&ir, &schedules, board)?;
    Ok(Compiled {
        source: path.to_path_buf(),
        spirv,
        kernel: ir,
        schedules,
        rtl,
        board: board.clone(),
        passes,
        reductions,
        nests,
        invariant_loads,
        plan,
    })
}

/// The memories of the kernel's buffer arguments, in argument order.
fn buffer_memories(k: &Kernel) -> impl Iterator<Item = frontend::ir::MemId> + '_ {
    k.args.iter().filter_map(|a| match a.kind {
        frontend::ir::ArgKind::Buffer(m) => Some(m),
        _ => None,
    })
}

/// Each buffer in a bank that takes full beats and bursts gets the bank's data width: its
/// AXI master is that wide, and its accesses go through load-store units.
fn set_port_widths(
    k: &mut Kernel,
    board: &Board,
    plan: Option<&[boards::flow::memplan::Assignment]>,
) {
    let banks = board.banks();
    let buffers: Vec<frontend::ir::MemId> = buffer_memories(k).collect();
    for (a, m) in plan.into_iter().flatten().zip(buffers) {
        if banks[a.bank_index].1.bursts() {
            k.memories[m.0 as usize].port_bits = Some(a.data_bits);
        }
    }
}

/// The memory plan of a board with memories (None for a model board without them), from
/// the buffer arguments alone, so that it is known before the RTL is generated.
fn memory_plan(
    k: &Kernel,
    board: &Board,
    pins: &[(String, String)],
) -> Result<Option<Vec<boards::flow::memplan::Assignment>>, Error> {
    if board.memories.is_empty() {
        if let Some((arg, _)) = pins.first() {
            return Err(Error::Usage(format!(
                "--memory {arg}=...: board '{}' lists no memory banks to put a buffer in",
                board.name
            )));
        }
        return Ok(None);
    }
    let buffers: Vec<(String, String)> = k
        .args
        .iter()
        .filter_map(|a| match a.kind {
            frontend::ir::ArgKind::Buffer(m) => Some((a.name.clone(), m)),
            _ => None,
        })
        .map(|(name, m)| {
            let port = format!("m_axi_{}", rtl_gen::sv_ident(&k.memory(m).name));
            (name, port)
        })
        .collect();
    boards::flow::memplan::plan_buffers(board, &buffers, pins)
        .map(Some)
        .map_err(Error::Usage)
}

/// Writes OUT/rtl/*.sv, OUT/filelist.f, OUT/report.json, OUT/report.html, OUT/report.txt,
/// OUT/schedules.json, OUT/interface.json.
/// Everything goes to a sibling temporary directory first and is moved into place at the
/// end, so a failure never leaves a half-written OUT behind.
pub fn write_outputs(c: &Compiled, out: &Path) -> Result<(), Error> {
    let tmp = sibling(out, "tmp");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("rtl")).map_err(io(&tmp))?;
    let mut filelist = String::new();
    // Library modules first, the top last: the order tools want.
    for (name, text) in c.rtl.files.iter().skip(1).chain(c.rtl.files.iter().take(1)) {
        let p = tmp.join("rtl").join(name);
        std::fs::write(&p, text).map_err(io(&p))?;
        filelist.push_str(&format!("rtl/{name}\n"));
    }
    let report_json = report::json(c);
    let html = html::render(c, &report_json)
        .map_err(|e| Error::Flow(format!("report.html: template rendering failed: {e}")))?;
    let files = [
        ("filelist.f", filelist),
        (
            "report.json",
            serde_json::to_string_pretty(&report_json).unwrap_or_default(),
        ),
        ("report.html", html),
        ("report.txt", report::text(c)),
        (
            "schedules.json",
            serde_json::to_string(&report::schedules(c)).unwrap_or_default(),
        ),
        (
            "interface.json",
            serde_json::to_string_pretty(&c.rtl.interface).unwrap_or_default(),
        ),
        ("ir.txt", frontend::ir::dump(&c.kernel)),
    ];
    for (name, text) in files {
        let p = tmp.join(name);
        std::fs::write(&p, text).map_err(io(&p))?;
    }
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(io(out))?;
    }
    std::fs::rename(&tmp, out).map_err(io(out))?;
    Ok(())
}

/// An I/O error on `p`, as a closure for `map_err`.
pub fn io(p: &Path) -> impl Fn(std::io::Error) -> Error {
    let path = p.display().to_string();
    move |source| Error::Io {
        path: path.clone(),
        source,
    }
}

/// `.NAME.KIND-PID` beside `out`: where an output is assembled before it is moved into
/// place, so a failure never leaves a half-written `out`.
pub(crate) fn sibling(out: &Path, kind: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "out".into());
    out.with_file_name(format!(".{name}.{kind}-{}", std::process::id()))
}
