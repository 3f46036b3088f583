//! RTL generation: `ir::Kernel` + one `UnitSchedule` per unit + `Board` → SystemVerilog.
//!
//! The kernel top skeleton (control slave, AXI4 masters) is an askama template
//! (`templates/kernel_top.sv`); `datapath` builds the scheduled pipelines and the control
//! FSM as a netlist in Rust; the operator cores come from the operator library
//! (`hls_cores`, in `cores/`), which also says which of its sources a kernel needs.

mod datapath;
mod keywords;
mod onchip;
pub mod system;

use askama::Template;
use boards::Board;
use hls_cores::library::Source;
use hls_cores::math;
use ir::{ArgKind, Kernel, MemoryKind, Type};
use scheduler::UnitSchedule;
use serde::Serialize;

pub use datapath::sv_ident;
pub use onchip::rtl_name as memory_rtl_name;

#[derive(Debug, thiserror::Error)]
pub enum RtlError {
    #[error("template rendering failed: {0}")]
    Template(#[from] askama::Error),
    #[error("{0}")]
    Unsupported(String),
    /// Refused at a source line.
    #[error("{pos}: {message}")]
    At { pos: ir::SourcePos, message: String },
}

/// rtl-gen's own support modules (the operator cores come from `hls_cores`).
const SUPPORT: &[(&str, &str)] = &[
    ("hls_fifo.sv", include_str!("../sv/hls_fifo.sv")),
    ("hls_fifo_r.sv", include_str!("../sv/hls_fifo_r.sv")),
    ("hls_lsu_rd.sv", include_str!("../sv/hls_lsu_rd.sv")),
    ("hls_lsu_port.sv", include_str!("../sv/hls_lsu_port.sv")),
    ("hls_lsu_wr.sv", include_str!("../sv/hls_lsu_wr.sv")),
];

/// A 32-bit register of the control slave.
#[derive(Debug, Clone, Serialize)]
pub struct RegView {
    pub offset: u32,
    /// Bits actually stored (an i8 argument keeps 8 of the word's 32).
    pub bits: u32,
    pub ident: String,
    pub doc: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct MasterView {
    pub name: String,
    /// The IR memory (a global buffer) behind this master.
    pub mem: u32,
    /// Which AXI4 channels the kernel uses: a read-only buffer has no write channels.
    pub read: bool,
    pub write: bool,
    /// The AXI data width.
    pub width: u32,
    /// Bits of one access of the buffer (an element, or a whole vector of a vector buffer).
    pub elem_width: u32,
    /// The buffer lives in a board memory that wants beats as wide as its port and bursts
    /// (DDR, HBM): load-store units coalesce its accesses into beats and bursts
    /// (`hls_lsu_rd`, `hls_lsu_wr`).
    pub lsu: bool,
    pub size_log2: u32,
    pub ar_depth_log2: u32,
    pub r_depth_log2: u32,
    pub w_depth_log2: u32,
    /// Slices of the read data FIFO's head queue, each shifted by its own copy of the pop
    /// (`hls_fifo_r`'s LANES): one per 32 bits.
    #[serde(skip)]
    pub pop_lanes: u32,
    /// Load-store units of a master with `lsu`: one per load site of the unit with the
    /// most loads of the buffer (units run one at a time, so they share them).
    pub read_sites: u32,
    /// A pipe argument's AXI4-Stream port rather than an AXI4 master: `s_axis_<name>`
    /// into a read pipe's packet FIFO, `m_axis_<name>` out of a write pipe's. The
    /// datapath pops and pushes the same queues as a master's, without addresses.
    pub stream: bool,
}

impl MasterView {
    /// The name of the read request queue and response FIFO of load site `site`: the
    /// master's own name, or `NAME_siteK` where each site has a load-store unit.
    pub fn site(&self, site: u32) -> String {
        if self.lsu {
            format!("{}_site{site}", self.name)
        } else {
            self.name.clone()
        }
    }
}

/// Which load site of its buffer a load is in its unit: the loads of a buffer behind
/// load-store units each have their own, numbered in the unit's operation order.
pub fn load_site(unit: &ir::Unit, id: ir::OpId) -> u32 {
    let mem = match unit.body.op(id).kind {
        ir::OpKind::Load(m) => m,
        _ => return 0,
    };
    unit.body
        .ops()
        .take_while(|(o, _)| *o != id)
        .filter(|(_, op)| op.kind == ir::OpKind::Load(mem))
        .count() as u32
}

/// The load sites a buffer needs: the most loads of it in one unit (at least one).
fn read_sites(kernel: &Kernel, mem: u32) -> u32 {
    kernel
        .units
        .iter()
        .map(|u| {
            u.body
                .ops()
                .filter(|(_, op)| op.kind == ir::OpKind::Load(ir::MemId(mem)))
                .count() as u32
        })
        .max()
        .unwrap_or(0)
        .max(1)
}

/// How a host (or the co-simulation) talks to the generated kernel.
#[derive(Debug, Clone, Serialize)]
pub struct Interface {
    pub top: String,
    /// Per kernel argument: name, register offset (low word; high word at +4), bits.
    pub args: Vec<ArgSlot>,
    pub masters: Vec<MasterView>,
    /// The pipe arguments' AXI4-Stream ports, in argument order.
    pub streams: Vec<MasterView>,
    /// Offsets of global_size[3], local_size[3], num_groups[3].
    pub global_size_offset: u32,
    pub local_size_offset: u32,
    pub num_groups_offset: u32,
    pub error_offset: u32,
    /// The work_dim register, when the kernel calls get_work_dim.
    pub work_dim_offset: Option<u32>,
    /// Every register of the control slave past the control block (0x00..0x0C), as its
    /// address decoder has them: the arguments' words, then the NDRange's.
    pub regs: Vec<RegView>,
    /// The double-pumped memories' clock input `ap_clk_2x`, when the kernel has one.
    pub clk_2x: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct ArgSlot {
    pub name: String,
    pub offset: u32,
    pub bits: u32,
    pub buffer: bool,
    /// The OpenCL C type as a host sees it: `float*` for a buffer of floats, `uint` for a
    /// 32-bit integer, `local*` for a local-memory argument (the IR has no signedness, so
    /// integers are unsigned).
    pub ty: String,
    /// A buffer's AXI4 master port (`m_axi_<name>`).
    pub port: Option<String>,
}

#[derive(Template)]
#[template(path = "kernel_top.sv", escape = "none")]
struct TopTemplate<'a> {
    name: &'a str,
    regs: &'a [RegView],
    masters: &'a [MasterView],
    error_offset: u32,
    body: &'a str,
    /// A double-pumped memory needs the 2x clock input.
    clk_2x: bool,
    max_burst: u32,
    /// Bits of a burst's length less one (log2 MAX_BURST).
    len_bits: u32,
}

/// Beats in one AXI burst of a load-store unit at most: UG1399's default
/// `max_read_burst_length`/`max_write_burst_length`, where it finds 16 ideal.
pub const MAX_BURST: u32 = 16;

pub struct Generated {
    /// (file name, contents): the kernel top first, then the library sources it uses, each
    /// after the sources it uses.
    pub files: Vec<(String, String)>,
    pub interface: Interface,
    /// How many stall terms the clock enable is the NOR of: one per queue flag some stage
    /// waits on (the frame's depth grows with it).
    pub stall_terms: usize,
}

pub(crate) fn log2_ceil(x: u32) -> u32 {
    32 - (x.max(2) - 1).leading_zeros()
}

/// Refuses, before anything is scheduled, an operation this library has no hardware for:
/// the OpenCL.std math functions and arithmetic in half or double (the software model
/// runs them all). The message names the operation, its unit and its source name.
pub fn check_supported(kernel: &Kernel) -> Result<(), RtlError> {
    for unit in &kernel.units {
        for (id, op) in unit.body.ops() {
            // The refusal points at the source line the operation came from.
            check_op(unit, id, op).map_err(|e| match (e, op.loc) {
                (RtlError::Unsupported(message), Some(l)) => RtlError::At {
                    pos: kernel.source_pos(l),
                    message,
                },
                (e, _) => e,
            })?;
        }
        check_pipe_sites(kernel, unit)?;
    }
    Ok(())
}

/// One access of each pipe per unit: two would each take their packet at their own
/// stage, so the next work-item's (or iteration's) first access could overtake this
/// one's second, out of the pipe's order.
fn check_pipe_sites(kernel: &Kernel, unit: &ir::Unit) -> Result<(), RtlError> {
    let mut seen = std::collections::HashMap::new();
    for (_, op) in unit.body.ops() {
        let (ir::OpKind::Load(m) | ir::OpKind::Store(m)) = op.kind else {
            continue;
        };
        if !kernel.memory(m).is_pipe() {
            continue;
        }
        if let Some(first) = seen.insert(m, op.loc) {
            let message = format!(
                "pipe '{}' is accessed twice in one loop or straight-line region (first {}): \
                 each access would take its packet at its own pipeline stage, out of the pipe's \
                 order; access it once (a loop of its own, or one access whose packet both uses read)",
                kernel.memory(m).name,
                first.map_or("elsewhere".to_string(), |l| format!("at line {}", l.line)),
            );
            return Err(match op.loc {
                Some(l) => RtlError::At {
                    pos: kernel.source_pos(l),
                    message,
                },
                None => RtlError::Unsupported(message),
            });
        }
    }
    Ok(())
}

fn check_op(unit: &ir::Unit, id: ir::OpId, op: &ir::Op) -> Result<(), RtlError> {
    use ir::{FloatKind, OpKind, Type};
    let at = || {
        let name = op
            .name
            .as_deref()
            .map(|n| format!(" '{n}'"))
            .unwrap_or_default();
        format!("unit '{}', v{}{name}", unit.name, id.0)
    };
    if op.kind == OpKind::Barrier {
        return Err(RtlError::Unsupported(format!(
            "{}: a barrier left in a unit body (the work-group pass cuts the kernel \
             at its barriers; this is a bug of hls-build); the software model runs \
             the kernel (`hls-build sim --engine model`)",
            at()
        )));
    }
    if let OpKind::Math(f) = &op.kind {
        // Float (or double, where the function has a double core) operands, except
        // the int exponent or root of pown and rootn.
        let signature = math::find(f).is_some_and(|m| {
            m.widths().any(|w| {
                let ft = Type::Float(if w == 64 {
                    FloatKind::F64
                } else {
                    FloatKind::F32
                });
                op.ty == ft
                    && op.operands.iter().enumerate().all(|(i, o)| {
                        let want = if i == 1 && m.int_b { Type::Int(32) } else { ft };
                        unit.body.op(*o).ty == want
                    })
            })
        });
        if !signature {
            let have: Vec<&str> = math::FUNCTIONS.iter().map(|m| m.name).collect();
            let double: Vec<&str> = math::FUNCTIONS
                .iter()
                .filter(|m| m.double.is_some())
                .map(|m| m.name)
                .collect();
            return Err(RtlError::Unsupported(format!(
                "{}: OpenCL.std {f} on {} has no hardware core yet (cores exist for \
                 float {}; for double {}); the software model computes it (`hls-build \
                 sim --engine model`)",
                at(),
                op.ty,
                have.join(", "),
                double.join(", ")
            )));
        }
    }
    let needs_core = match op.kind {
        OpKind::Float(_) | OpKind::FCmp(_) | OpKind::Fma | OpKind::Convert(_) => true,
        OpKind::FloatUnary(u) => !u.is_sign_bit_op(),
        _ => false,
    };
    // Float and double have cores for every arithmetic operation; half has the
    // conversions to and from float (the frontend computes half arithmetic in float
    // and rounds once) and the fma. Half <-> double would round twice and has no core.
    let f16t = Type::Float(FloatKind::F16);
    let f32_pair = matches!(op.kind, OpKind::Convert(ir::ConvertOp::FToF(_)))
        && op.operands.first().is_some_and(|o| {
            let from = unit.body.op(*o).ty;
            let f32t = Type::Float(FloatKind::F32);
            (from == f32t) != (op.ty == f32t)
        });
    let half = std::iter::once(op.ty)
        .chain(op.operands.iter().map(|o| unit.body.op(*o).ty))
        .any(|t| t == f16t);
    let double_to_half = matches!(op.kind, OpKind::Convert(ir::ConvertOp::FToF(_))) && !f32_pair;
    // The half fma has a core (float fma rounded to odd, then to half).
    let half_fma = op.kind == OpKind::Fma
        && std::iter::once(op.ty)
            .chain(op.operands.iter().map(|o| unit.body.op(*o).ty))
            .all(|t| t == f16t);
    if needs_core && ((half && !f32_pair && !half_fma) || double_to_half) {
        return Err(RtlError::Unsupported(format!(
            "{}: {:?} on f16: the half cores are the conversions to and from float \
             (half arithmetic is computed in float); the software model runs it \
             (`hls-build sim --engine model`)",
            at(),
            op.kind
        )));
    }
    Ok(())
}

pub fn generate(
    kernel: &Kernel,
    schedules: &[UnitSchedule],
    board: &Board,
) -> Result<Generated, RtlError> {
    let mut top = sv_ident(&kernel.name);
    // A kernel named like a SystemVerilog keyword (`join`) gives its module a suffix.
    if keywords::is_keyword(&top) {
        top.push_str("_kernel");
    }
    if top.starts_with("hls_") {
        return Err(RtlError::Unsupported(format!(
            "kernel '{}': names starting with hls_ are reserved for the operator library; rename the kernel",
            kernel.name
        )));
    }
    // Register map: arguments from 0x10, 8 bytes each; then the NDRange.
    let mut args = Vec::new();
    let mut regs = Vec::new();
    for (i, a) in kernel.args.iter().enumerate() {
        let offset = 0x10 + 8 * i as u32;
        if let ArgKind::Pipe(m) = a.kind {
            // No register: the host connects a pipe, it does not pass a value. Its slot in
            // the map stays reserved so the other arguments keep their offsets.
            let mem = kernel.memory(m);
            let write = matches!(mem.kind, MemoryKind::Pipe { write: true, .. });
            let id = sv_ident(&a.name);
            args.push(ArgSlot {
                name: a.name.clone(),
                offset,
                bits: 0,
                buffer: false,
                ty: format!(
                    "{} pipe {}",
                    if write { "write_only" } else { "read_only" },
                    c_type(mem.elem)
                ),
                port: Some(if write {
                    format!("m_axis_{id}")
                } else {
                    format!("s_axis_{id}")
                }),
            });
            continue;
        }
        let (bits, buffer) = match a.kind {
            ArgKind::Buffer(_) => (64, true),
            // The size the host passes is not needed: the memory is built at its maximum.
            ArgKind::Local(_) => (64, false),
            ArgKind::Scalar(t) => (t.bits(), false),
            ArgKind::Pipe(_) => unreachable!("pipes were taken above"),
        };
        let id = sv_ident(&a.name);
        regs.push(RegView {
            offset,
            bits: bits.min(32),
            ident: format!("{id}_lo"),
            doc: format!("argument `{}` bits [{}:0]", a.name, bits.min(32) - 1),
        });
        if bits > 32 {
            regs.push(RegView {
                offset: offset + 4,
                bits: bits - 32,
                ident: format!("{id}_hi"),
                doc: format!("argument `{}` bits [{}:32]", a.name, bits - 1),
            });
        }
        let ty = match a.kind {
            ArgKind::Buffer(m) => format!("{}*", c_type(kernel.memory(m).elem)),
            ArgKind::Local(_) => "local*".to_string(),
            ArgKind::Scalar(t) => c_type(t),
            ArgKind::Pipe(_) => unreachable!("pipes were taken above"),
        };
        let port = match a.kind {
            ArgKind::Buffer(m) => Some(format!("m_axi_{}", sv_ident(&kernel.memory(m).name))),
            _ => None,
        };
        args.push(ArgSlot {
            name: a.name.clone(),
            offset,
            bits,
            buffer,
            ty,
            port,
        });
    }
    let nd = 0x10 + 8 * kernel.args.len() as u32;
    let used = datapath::ndrange_use(kernel);
    for d in 0..3 {
        regs.push(RegView {
            offset: nd + 4 * d,
            bits: 32,
            ident: format!("global_size{d}"),
            doc: format!("global size, dimension {d}"),
        });
    }
    if used.local {
        for d in 0..3 {
            regs.push(RegView {
                offset: nd + 12 + 4 * d,
                bits: 32,
                ident: format!("local_size{d}"),
                doc: format!("local size, dimension {d}"),
            });
        }
    }
    if used.num_groups {
        for d in 0..3 {
            regs.push(RegView {
                offset: nd + 24 + 4 * d,
                bits: 32,
                ident: format!("num_groups{d}"),
                doc: format!("number of work-groups, dimension {d}"),
            });
        }
    }
    let error_offset = nd + 36;
    // After the error register, so that kernels without it keep the same map.
    let work_dim_offset = used.work_dim.then_some(nd + 40);
    if let Some(offset) = work_dim_offset {
        regs.push(RegView {
            offset,
            bits: 32,
            ident: "work_dim".into(),
            doc: "number of dimensions enqueued (get_work_dim)".into(),
        });
    }
    let masters: Vec<MasterView> = kernel
        .memories
        .iter()
        .enumerate()
        .filter(|(_, m)| m.on_chip().is_none())
        .map(|(i, m)| {
            // A buffer of vectors moves a whole vector per access.
            let elem_width = m.elem.bits().max(8) * m.lanes;
            let width = m.port_bits.map_or(elem_width, |p| p.max(elem_width));
            MasterView {
                name: sv_ident(&m.name),
                mem: i as u32,
                read: m.read,
                write: m.written,
                width,
                elem_width,
                lsu: m.port_bits.is_some(),
                size_log2: (width / 8).trailing_zeros(),
                ar_depth_log2: log2_ceil(board.memory.load_request_queue_depth),
                // Every request in flight has a place to land: no response is ever refused.
                // A pipe's packets need no such room (nothing is requested): its FIFO is
                // as deep as a store queue.
                r_depth_log2: if m.is_pipe() {
                    log2_ceil(board.memory.store_queue_depth)
                } else {
                    log2_ceil(
                        board.memory.global_load_latency
                            + board.memory.load_request_queue_depth
                            + 2,
                    )
                },
                w_depth_log2: log2_ceil(board.memory.store_queue_depth),
                pop_lanes: (elem_width / 32).max(1),
                read_sites: if m.port_bits.is_some() {
                    read_sites(kernel, i as u32)
                } else {
                    1
                },
                stream: m.is_pipe(),
            }
        })
        .collect();
    let datapath = datapath::emit(kernel, schedules, &masters, &used, &board.dsp)?;
    let body = datapath.text;
    let clk_2x = onchip::double_pumped(kernel);
    let text = TopTemplate {
        name: &top,
        regs: &regs,
        masters: &masters,
        error_offset,
        body: &body,
        clk_2x,
        max_burst: MAX_BURST,
        len_bits: MAX_BURST.trailing_zeros(),
    }
    .render()?;
    // The kernel top, then only the sources it instantiates, each after what it uses.
    let support: Vec<Source> = SUPPORT.iter().map(|(f, t)| Source::new(*f, *t)).collect();
    let mut files = vec![(format!("{top}.sv"), text.clone())];
    files.extend(
        hls_cores::library::needed_by(&text, &support)
            .into_iter()
            .map(|s| (s.file, s.text)),
    );
    Ok(Generated {
        stall_terms: datapath.stall_terms,
        files,
        interface: Interface {
            top,
            args,
            streams: masters.iter().filter(|m| m.stream).cloned().collect(),
            masters: masters.into_iter().filter(|m| !m.stream).collect(),
            global_size_offset: nd,
            local_size_offset: nd + 12,
            num_groups_offset: nd + 24,
            error_offset,
            work_dim_offset,
            regs,
            clk_2x,
        },
    })
}

/// The OpenCL C name of an IR type (integers unsigned: the IR keeps no signedness).
fn c_type(t: Type) -> String {
    match t {
        Type::Int(1) => "bool".into(),
        Type::Int(8) => "uchar".into(),
        Type::Int(16) => "ushort".into(),
        Type::Int(32) => "uint".into(),
        Type::Int(64) => "ulong".into(),
        Type::Int(w) => format!("ap_uint<{w}>"),
        Type::Float(_) if t.bits() == 16 => "half".into(),
        Type::Float(_) if t.bits() == 64 => "double".into(),
        Type::Float(_) => "float".into(),
    }
}

pub fn sv_type(t: Type) -> String {
    format!("logic [{}:0]", t.bits() - 1)
}
