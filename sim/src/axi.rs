//! Driving the Verilator model: reset, the AXI4-Lite host writes, and one AXI4 slave memory
//! per master with fixed or seeded random latency and back-pressure.

use crate::model::Launch;
use crate::rng::Rng;
use crate::values::{ArgValue, Buffer};
use crate::verilator::{build_model, VerilatedModel};
use crate::{MemLatency, RtlRun, SimError};
use rtl_gen::Interface;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

struct Ports {
    arvalid: usize,
    arready: usize,
    araddr: usize,
    arlen: usize,
    arsize: usize,
    rvalid: usize,
    rready: usize,
    rdata: usize,
    rlast: usize,
    rresp: usize,
    awvalid: usize,
    awready: usize,
    awaddr: usize,
    awlen: usize,
    awsize: usize,
    wvalid: usize,
    wready: usize,
    wdata: usize,
    wstrb: usize,
    bvalid: usize,
    bready: usize,
    bresp: usize,
}

struct ReadBurst {
    ready_at: u64,
    /// Cycles between beats at the bank's bandwidth (the R channel gives at most one a
    /// cycle); 0 without a bank model.
    beat_cycles: f64,
    addr: u64,
    beats: u32,
    size: u32,
    beat: u32,
    err: bool,
}
struct WriteBurst {
    addr: u64,
    beats: u32,
    size: u32,
    beat: u32,
    err: bool,
}

/// One AXI4 slave: a buffer at `base`, reads answered in order after a latency.
struct Slave {
    p: Ports,
    base: u64,
    /// The buffer's allocation: its bytes, then zeros up to a whole page.
    mem: Vec<u8>,
    /// The buffer's own bytes: a write outside them is an error.
    len: usize,
    reads: VecDeque<ReadBurst>,
    last_ready: u64,
    writes: VecDeque<WriteBurst>,
    /// Completed writes waiting for their response: (ready time, error, bytes to apply).
    /// The bytes reach memory only when the response is given, the latest moment AXI
    /// allows, so a read the kernel issues before the acknowledgement sees old data.
    b_queue: VecDeque<(u64, bool, Vec<(usize, u8)>)>,
    /// Write beats that arrived before their address (AXI allows it): data, strobes.
    w_beats: VecDeque<(Vec<u8>, Vec<bool>)>,
    /// Data bus width in bytes.
    bus_bytes: usize,
    /// Bytes of the write burst being assembled.
    pending_bytes: Vec<(usize, u8)>,
    errors: u32,
    arready: bool,
    awready: bool,
    wready: bool,
    /// The board memory bank behind this master, when the board's memory is modelled.
    bank: Option<crate::BankModel>,
    stats: crate::PortStats,
}

/// Bytes of a page: a host runtime allocates buffers in whole pages (XRT aligns every
/// buffer to 4 KiB), so a full-width beat over the end of a buffer stays inside its
/// allocation, as a load-store unit's beats and bursts may.
const PAGE: usize = 4096;

/// A buffer's bytes padded with zeros to a whole page.
fn allocation(bytes: &[u8]) -> Vec<u8> {
    let mut mem = bytes.to_vec();
    mem.resize(bytes.len().div_ceil(PAGE).max(1) * PAGE, 0);
    mem
}

impl Slave {
    fn in_range(&self, addr: u64, n: u64) -> bool {
        addr >= self.base && addr + n <= self.base + self.mem.len() as u64
    }
}

fn ports_of(m: &VerilatedModel, mv: &rtl_gen::MasterView, prefix: &str) -> Result<Ports, SimError> {
    let name = &mv.name;
    let p = |s: &str| {
        let read_channel = s.starts_with("ar") || s.starts_with('r');
        if (read_channel && !mv.read) || (!read_channel && !mv.write) {
            Ok(crate::verilator::ABSENT)
        } else {
            m.port(&format!("{prefix}m_axi_{name}_{s}"))
        }
    };
    Ok(Ports {
        arvalid: p("arvalid")?,
        arready: p("arready")?,
        araddr: p("araddr")?,
        arlen: p("arlen")?,
        arsize: p("arsize")?,
        rvalid: p("rvalid")?,
        rready: p("rready")?,
        rdata: p("rdata")?,
        rlast: p("rlast")?,
        rresp: p("rresp")?,
        awvalid: p("awvalid")?,
        awready: p("awready")?,
        awaddr: p("awaddr")?,
        awlen: p("awlen")?,
        awsize: p("awsize")?,
        wvalid: p("wvalid")?,
        wready: p("wready")?,
        wdata: p("wdata")?,
        wstrb: p("wstrb")?,
        bvalid: p("bvalid")?,
        bready: p("bready")?,
        bresp: p("bresp")?,
    })
}

struct Host {
    m: VerilatedModel,
    clk: usize,
    /// The 2x clock of a design with double-pumped memories.
    clk2x: Option<usize>,
    time: u64,
    tracing: bool,
}

impl Host {
    /// One clock cycle: inputs were set with the clock low; the edge samples them.
    fn tick(&mut self) {
        self.m.set(self.clk, 1);
        if let Some(c2) = self.clk2x {
            self.m.set(c2, 1);
        }
        self.m.eval();
        if self.tracing {
            self.m.trace_dump(self.time * 2 + 1);
        }
        if let Some(c2) = self.clk2x {
            // The 2x clock: falling a quarter cycle in, rising again with ap_clk's fall.
            self.m.set(c2, 0);
            self.m.eval();
            self.m.set(c2, 1);
        }
        self.m.set(self.clk, 0);
        self.m.eval();
        if let Some(c2) = self.clk2x {
            self.m.set(c2, 0);
            self.m.eval();
        }
        self.time += 1;
        if self.tracing {
            self.m.trace_dump(self.time * 2);
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub fn run_rtl(
    sources: &[PathBuf],
    iface: &Interface,
    args: &[ArgValue],
    global: [u64; 3],
    local: [u64; 3],
    work_dim: u32,
    latency: MemLatency,
    wave: Option<&Path>,
    max_cycles: u64,
) -> Result<RtlRun, SimError> {
    let k = Driven {
        iface,
        args,
        prefix: String::new(),
        launch: Launch {
            global,
            local,
            work_dim,
        },
        internal: Vec::new(),
    };
    let mut runs = run_design(sources, &iface.top, &[k], latency, wave, max_cycles, None)?;
    Ok(runs.remove(0))
}

/// A kernel of the design the host drives: its interface and arguments, the prefix of its
/// ports in the design's top (empty for a kernel alone), its NDRange, and the pipe
/// arguments (by position) the top connects inside, which have no ports.
pub struct Driven<'a> {
    pub iface: &'a Interface,
    pub args: &'a [ArgValue],
    pub prefix: String,
    pub launch: Launch,
    pub internal: Vec<usize>,
}

/// A system top's view of its connections (`rtl_gen::system`): the `pipe_empty`,
/// `pipe_full` and `pipe_beat` outputs, bit i for connection `names[i]`, and how long
/// nothing may move before the run is called a deadlock.
pub struct Probes {
    pub names: Vec<String>,
    /// Per connection: (writer, reader) kernel.
    pub ends: Vec<(usize, usize)>,
    pub window: u64,
}

/// A kernel's AXI slaves in the design's list, its streams, control slave and interrupt.
struct Attached {
    slaves: std::ops::Range<usize>,
    streams: Vec<crate::streams::Stream>,
    ctl: Control,
    interrupt: usize,
    done_at: Option<u64>,
}

/// The host driver from reset to the results, for every kernel of a design at once: each
/// is configured and started, then the design runs until every kernel raised its
/// interrupt, its memories answering all the while. One run per kernel, in order.
// Long because it is the host driver from reset to the results, each phase a few lines.
pub fn run_design(
    sources: &[PathBuf],
    top: &str,
    kernels: &[Driven],
    latency: MemLatency,
    wave: Option<&Path>,
    max_cycles: u64,
    probes: Option<Probes>,
) -> Result<Vec<RtlRun>, SimError> {
    let lib = build_model(sources, top, wave.is_some())?;
    let m = VerilatedModel::load(&lib)?;
    let mut host = Host {
        clk: m.port("ap_clk")?,
        clk2x: m.port("ap_clk_2x").ok(),
        time: 0,
        tracing: false,
        m,
    };
    let rst = host.m.port("ap_rst_n")?;
    if let Some(w) = wave {
        host.tracing = host.m.trace_open(w);
    }
    let (rng, fixed, banks) = match latency {
        MemLatency::Fixed(n) => (Rng(0), Some(n as u64), Vec::new()),
        MemLatency::Banks(v) => (Rng(0), Some(20), v),
        MemLatency::Random(seed) => (Rng(seed), None, Vec::new()),
    };
    let mut timing = Timing {
        rng,
        fixed,
        bus_free: vec![0f64; banks.iter().map(|b| b.bank + 1).max().unwrap_or(0)],
    };
    let mut slaves = Vec::new();
    let mut attached = Vec::new();
    for k in kernels {
        let first = slaves.len();
        let mut buf_i = 0usize;
        for (slot, a) in k.iface.args.iter().zip(k.args) {
            if let (true, ArgValue::Buffer(b)) = (slot.buffer, a) {
                let mv = &k.iface.masters[buf_i];
                let n = slaves.len();
                slaves.push(Slave {
                    p: ports_of(&host.m, mv, &k.prefix)?,
                    base: 0x1000_0000u64 * (n as u64 + 1),
                    mem: allocation(&b.bytes),
                    len: b.bytes.len(),
                    reads: VecDeque::new(),
                    last_ready: 0,
                    writes: VecDeque::new(),
                    b_queue: VecDeque::new(),
                    w_beats: VecDeque::new(),
                    bus_bytes: (mv.width / 8) as usize,
                    pending_bytes: Vec::new(),
                    errors: 0,
                    arready: true,
                    awready: true,
                    wready: true,
                    bank: banks.get(n).cloned(),
                    stats: crate::PortStats {
                        port: format!("{}m_axi_{}", k.prefix, mv.name),
                        ..Default::default()
                    },
                });
                buf_i += 1;
            }
        }
        attached.push(Attached {
            slaves: first..slaves.len(),
            streams: crate::streams::streams_of(&host.m, k.iface, k.args, &k.prefix, &k.internal)?,
            ctl: Control::new(&host.m, &k.prefix)?,
            interrupt: host.m.port(&format!("{}interrupt", k.prefix))?,
            done_at: None,
        });
    }
    let probe_ports = match &probes {
        Some(_) => Some((
            host.m.port("pipe_empty")?,
            host.m.port("pipe_full")?,
            host.m.port("pipe_beat")?,
        )),
        None => None,
    };
    // Reset.
    host.m.set(rst, 0);
    for s in &slaves {
        for port in [s.p.arready, s.p.rvalid, s.p.awready, s.p.wready, s.p.bvalid] {
            host.m.set(port, 0);
        }
    }
    for _ in 0..8 {
        host.tick();
    }
    host.m.set(rst, 1);
    host.tick();
    // Each kernel's arguments, then its NDRange, then start with the done interrupt
    // enabled. A kernel started waits for the memories (not answering yet) and for the
    // kernels after it.
    for (k, a) in kernels.iter().zip(&attached) {
        let bases: Vec<u64> = slaves[a.slaves.clone()].iter().map(|s| s.base).collect();
        let Launch {
            global,
            local,
            work_dim,
        } = k.launch;
        for (offset, value) in
            crate::launch::registers(k.iface, k.args, &bases, global, local, work_dim)
        {
            a.ctl.write_reg(&mut host, offset, value)?;
        }
        a.ctl.write_reg(&mut host, 0x04, 1)?;
        a.ctl.write_reg(&mut host, 0x08, 1)?;
    }
    for a in &attached {
        a.ctl.write_reg(&mut host, 0x00, 1)?;
    }
    let start = host.time;
    let back_pressure = timing.fixed.is_none();
    // Requests made, for the message when the budget runs out (progress, not a verdict).
    let (mut reads, mut writes) = (0u64, 0u64);
    let mut last_move = start;
    while host.time - start < max_cycles && attached.iter().any(|a| a.done_at.is_none()) {
        let now = host.time;
        drive(&mut host, &mut slaves, &mut timing.rng, back_pressure, now);
        for a in attached.iter_mut() {
            crate::streams::drive(&mut host.m, &mut a.streams, &mut timing.rng, back_pressure);
        }
        host.m.eval();
        let mut moved = false;
        for a in attached.iter_mut() {
            moved |= crate::streams::sample(&host.m, &mut a.streams);
        }
        let events = handshakes(&host, &slaves);
        let (r, w) = (
            events.iter().filter(|e| e.0).count() as u64,
            events.iter().filter(|e| e.3).count() as u64,
        );
        moved |= r + w > 0 || events.iter().any(|e| e.2 || e.5 || e.7);
        reads += r;
        writes += w;
        if let Some((_, _, beat)) = probe_ports {
            moved |= host.m.get(beat) != 0;
        }
        for a in attached.iter_mut() {
            if a.done_at.is_none() && host.m.get(a.interrupt) == 1 {
                a.done_at = Some(now + 1 - start);
                moved = true;
            }
        }
        if moved {
            last_move = now;
        }
        if let (Some(p), Some((empty, full, _))) = (&probes, probe_ports) {
            if now - last_move > p.window {
                return Err(deadlock(&host, p, empty, full, &attached, kernels));
            }
        }
        host.tick();
        respond(&mut slaves, events, &mut timing, now);
    }
    if attached.iter().any(|a| a.done_at.is_none()) {
        return Err(SimError::OutOfCycles {
            budget: max_cycles,
            reads,
            writes,
        });
    }
    for s in &slaves {
        host.m.set(s.p.arready, 0);
        host.m.set(s.p.rvalid, 0);
    }
    let mut runs = Vec::new();
    for (k, a) in kernels.iter().zip(attached) {
        let status = a.ctl.read_reg(&mut host, 0x00)?;
        if status & 0x2 == 0 {
            return Err(SimError::Rtl(format!(
                "{}interrupt raised but ap_done is not set",
                k.prefix
            )));
        }
        let err = a.ctl.read_reg(&mut host, k.iface.error_offset)?;
        let mine = &slaves[a.slaves.clone()];
        let bus_errors: u32 = mine.iter().map(|s| s.errors).sum();
        if err != 0 || bus_errors != 0 {
            return Err(SimError::Rtl(format!(
                "{}{bus_errors} AXI accesses outside the buffers (kernel error register 0x{err:x})",
                kernel_label(&k.prefix)
            )));
        }
        let mut out = Vec::new();
        let mut bi = 0;
        for (slot, arg) in k.iface.args.iter().zip(k.args) {
            match arg {
                ArgValue::Buffer(b) if slot.buffer => {
                    out.push(ArgValue::Buffer(Buffer {
                        elem: b.elem,
                        bytes: mine[bi].mem[..mine[bi].len].to_vec(),
                    }));
                    bi += 1;
                }
                s => out.push(s.clone()),
            }
        }
        crate::streams::results(a.streams, &mut out);
        runs.push(RtlRun {
            args: out,
            cycles: a.done_at.unwrap_or(0),
            ports: mine.iter().map(|s| s.stats.clone()).collect(),
        });
    }
    if host.tracing {
        host.m.trace_close();
    }
    Ok(runs)
}

/// `kernel 'producer': ` for a prefixed kernel's message, nothing for a kernel alone.
fn kernel_label(prefix: &str) -> String {
    match prefix.strip_suffix('_') {
        Some(k) => format!("kernel '{k}': "),
        None => String::new(),
    }
}

/// Nothing moved for the probes' window: which connections are empty or full, and who
/// is still running on either end.
fn deadlock(
    host: &Host,
    p: &Probes,
    empty: usize,
    full: usize,
    attached: &[Attached],
    kernels: &[Driven],
) -> SimError {
    let (e, f) = (host.m.get(empty), host.m.get(full));
    let running = |k: usize| attached[k].done_at.is_none();
    let name = |k: usize| kernels[k].prefix.trim_end_matches('_').to_string();
    let mut waits = Vec::new();
    for (i, (n, (w, r))) in p.names.iter().zip(&p.ends).enumerate() {
        if (e >> i) & 1 == 1 && running(*r) {
            waits.push(format!(
                "pipe {n} is empty and kernel '{}' is still running",
                name(*r)
            ));
        } else if (f >> i) & 1 == 1 && running(*w) {
            waits.push(format!(
                "pipe {n} is full and kernel '{}' is still running",
                name(*w)
            ));
        }
    }
    let idle: Vec<String> = (0..kernels.len())
        .filter(|k| running(*k))
        .map(name)
        .collect();
    SimError::Deadlock(format!(
        "the kernels deadlock: nothing moved on any pipe, stream or memory port for {} cycles; {} (kernels not done: {})",
        p.window,
        if waits.is_empty() {
            "no pipe is empty or full".to_string()
        } else {
            waits.join("; ")
        },
        idle.join(", ")
    ))
}

/// The AXI4-Lite control slave's ports, and register writes and reads through them as a
/// host driver makes them.
struct Control {
    awvalid: usize,
    awaddr: usize,
    wvalid: usize,
    wdata: usize,
    wstrb: usize,
    bready: usize,
    awready: usize,
    wready: usize,
    bvalid: usize,
    arvalid: usize,
    araddr: usize,
    rready: usize,
    arready: usize,
    rvalid: usize,
    rdata: usize,
}

impl Control {
    fn new(m: &VerilatedModel, prefix: &str) -> Result<Self, SimError> {
        let c = |s: &str| m.port(&format!("{prefix}s_axi_control_{s}"));
        Ok(Control {
            awvalid: c("awvalid")?,
            awaddr: c("awaddr")?,
            wvalid: c("wvalid")?,
            wdata: c("wdata")?,
            wstrb: c("wstrb")?,
            bready: c("bready")?,
            awready: c("awready")?,
            wready: c("wready")?,
            bvalid: c("bvalid")?,
            arvalid: c("arvalid")?,
            araddr: c("araddr")?,
            rready: c("rready")?,
            arready: c("arready")?,
            rvalid: c("rvalid")?,
            rdata: c("rdata")?,
        })
    }

    /// A register write: address and data offered together, then the response.
    fn write_reg(&self, h: &mut Host, addr: u32, value: u32) -> Result<(), SimError> {
        h.m.set(self.awaddr, addr as u64);
        h.m.set(self.wdata, value as u64);
        h.m.set(self.wstrb, 0xF);
        h.m.set(self.awvalid, 1);
        h.m.set(self.wvalid, 1);
        h.m.set(self.bready, 1);
        let (mut aw_done, mut w_done) = (false, false);
        for _ in 0..100 {
            h.m.eval();
            let (a, w, b) = (
                h.m.get(self.awready) == 1,
                h.m.get(self.wready) == 1,
                h.m.get(self.bvalid) == 1,
            );
            h.tick();
            if a && !aw_done {
                aw_done = true;
                h.m.set(self.awvalid, 0);
            }
            if w && !w_done {
                w_done = true;
                h.m.set(self.wvalid, 0);
            }
            if b {
                h.m.set(self.bready, 0);
                return Ok(());
            }
        }
        Err(SimError::Rtl(format!(
            "AXI4-Lite write to 0x{addr:x} got no response"
        )))
    }

    /// A register read.
    fn read_reg(&self, h: &mut Host, addr: u32) -> Result<u32, SimError> {
        h.m.set(self.araddr, addr as u64);
        h.m.set(self.arvalid, 1);
        h.m.set(self.rready, 1);
        for _ in 0..100 {
            h.m.eval();
            let a = h.m.get(self.arready) == 1;
            let r = h.m.get(self.rvalid) == 1;
            let data = h.m.get(self.rdata) as u32;
            h.tick();
            if a {
                h.m.set(self.arvalid, 0);
            }
            if r {
                h.m.set(self.rready, 0);
                return Ok(data);
            }
        }
        Err(SimError::Rtl(format!(
            "AXI4-Lite read of 0x{addr:x} got no response"
        )))
    }
}

/// A slave's handshakes in one cycle: AR (valid, (address, beats, size)), R, AW (likewise),
/// W (valid, (data bytes, strobes)), B.
type Event = (
    bool,
    (u64, u32, u32),
    bool,
    bool,
    (u64, u32, u32),
    bool,
    (Vec<u8>, Vec<bool>),
    bool,
);

/// The slaves' outputs for this cycle: ready signals (randomly withheld under back-pressure),
/// read data and write responses whose latency has passed.
fn drive(host: &mut Host, slaves: &mut [Slave], rng: &mut Rng, back_pressure: bool, now: u64) {
    for s in slaves.iter_mut() {
        if back_pressure {
            s.arready = !rng.chance(30);
            s.awready = !rng.chance(30);
            s.wready = !rng.chance(30);
        }
        host.m.set(s.p.arready, s.arready as u64);
        host.m.set(s.p.awready, s.awready as u64);
        host.m.set(s.p.wready, s.wready as u64);
        let r_ok = s
            .reads
            .front()
            .is_some_and(|r| r.ready_at + (f64::from(r.beat) * r.beat_cycles) as u64 <= now)
            && !(back_pressure && rng.chance(20));
        host.m.set(s.p.rvalid, r_ok as u64);
        if let Some(r) = s.reads.front() {
            // The bytes of this beat sit in their byte lanes of the data bus.
            let addr = r.addr + (r.beat * r.size) as u64;
            let lane = (addr % s.bus_bytes as u64) as usize;
            let mut v = vec![0u8; s.bus_bytes.div_ceil(8) * 8];
            if !r.err && s.in_range(addr, r.size as u64) && lane + r.size as usize <= s.bus_bytes {
                let off = (addr - s.base) as usize;
                v[lane..lane + r.size as usize].copy_from_slice(&s.mem[off..off + r.size as usize]);
            }
            for (c, chunk) in v.chunks(8).enumerate() {
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                host.m.set_chunk(s.p.rdata, c, u64::from_le_bytes(w));
            }
            host.m.set(s.p.rlast, (r.beat + 1 == r.beats) as u64);
            host.m.set(s.p.rresp, if r.err { 2 } else { 0 });
        }
        let b_ok = s.b_queue.front().is_some_and(|b| b.0 <= now);
        host.m.set(s.p.bvalid, b_ok as u64);
        host.m.set(
            s.p.bresp,
            if s.b_queue.front().is_some_and(|b| b.1) {
                2
            } else {
                0
            },
        );
    }
}

/// The handshakes each slave sees before the clock edge.
fn handshakes(host: &Host, slaves: &[Slave]) -> Vec<Event> {
    let mut events = Vec::new();
    for s in slaves {
        let g = |p: usize| host.m.get(p);
        events.push((
            g(s.p.arvalid) == 1 && s.arready,
            (
                g(s.p.araddr),
                g(s.p.arlen) as u32 + 1,
                1u32 << g(s.p.arsize),
            ),
            g(s.p.rvalid) == 1 && g(s.p.rready) == 1,
            g(s.p.awvalid) == 1 && s.awready,
            (
                g(s.p.awaddr),
                g(s.p.awlen) as u32 + 1,
                1u32 << g(s.p.awsize),
            ),
            g(s.p.wvalid) == 1 && s.wready,
            (
                (0..s.bus_bytes.div_ceil(8))
                    .flat_map(|c| host.m.get_chunk(s.p.wdata, c).to_le_bytes())
                    .collect::<Vec<u8>>(),
                // One strobe per byte lane, 64 to a chunk of the port.
                (0..s.bus_bytes)
                    .map(|j| host.m.get_chunk(s.p.wstrb, j / 64) >> (j % 64) & 1 == 1)
                    .collect(),
            ),
            g(s.p.bvalid) == 1 && g(s.p.bready) == 1,
        ));
    }
    events
}

/// The memory's timing: a fixed latency, or random latency (and back-pressure) from a seed,
/// and when each modelled bank's data bus is next free (reads and writes of its masters
/// take turns on it).
struct Timing {
    rng: Rng,
    fixed: Option<u64>,
    bus_free: Vec<f64>,
}

impl Timing {
    /// When a transaction of `bytes` from `addr` that `s` took at `now` answers, and the
    /// cycles between its beats: the bank's latency after its bus is free (holding the bus
    /// for its granules), or the fixed or random latency where no bank is modelled.
    fn answer_at(
        &mut self,
        s: &mut Slave,
        addr: u64,
        bytes: u64,
        beats: u32,
        now: u64,
    ) -> (u64, f64) {
        match &s.bank {
            Some(b) => {
                let start = self.bus_free[b.bank].max(now as f64);
                let held = b.bus_cycles(addr, bytes);
                self.bus_free[b.bank] = start + held;
                s.stats.bus_cycles += held;
                (
                    start.ceil() as u64 + u64::from(b.latency),
                    held / f64::from(beats.max(1)),
                )
            }
            None => (
                now + self.fixed.unwrap_or_else(|| 1 + self.rng.next() % 80),
                0.0,
            ),
        }
    }
}

/// What the handshakes of the edge do: requests queued with their latency, read beats
/// retired, write beats merged into the pending burst, responses committing their bytes.
fn respond(slaves: &mut [Slave], events: Vec<Event>, timing: &mut Timing, now: u64) {
    for (s, (ar, (ra, rl, rs), r, aw, (wa, wl, ws), w, (wd, wst), b)) in
        slaves.iter_mut().zip(events)
    {
        s.stats.read_bursts += ar as u64;
        s.stats.read_beats += r as u64;
        s.stats.write_bursts += aw as u64;
        s.stats.write_beats += w as u64;
        if ar {
            let (at, beat_cycles) = timing.answer_at(s, ra, u64::from(rl * rs), rl, now);
            let ready_at = at.max(s.last_ready);
            s.last_ready = ready_at;
            let err = !s.in_range(ra, (rl * rs) as u64);
            if err {
                s.errors += 1;
            }
            s.reads.push_back(ReadBurst {
                ready_at,
                beat_cycles,
                addr: ra,
                beats: rl,
                size: rs,
                beat: 0,
                err,
            });
        }
        if r {
            if let Some(front) = s.reads.front_mut() {
                front.beat += 1;
                if front.beat == front.beats {
                    s.reads.pop_front();
                }
            }
        }
        if aw {
            let err = !s.in_range(wa, (wl * ws) as u64);
            if err {
                s.errors += 1;
            }
            s.writes.push_back(WriteBurst {
                addr: wa,
                beats: wl,
                size: ws,
                beat: 0,
                err,
            });
        }
        if w {
            s.w_beats.push_back((wd, wst));
        }
        // Retire write beats against the oldest burst whose address is known.
        while !s.w_beats.is_empty() && !s.writes.is_empty() {
            let (base, mem_len, bus_bytes) = (s.base, s.len as u64, s.bus_bytes);
            let pending_bytes = &mut s.pending_bytes;
            let (wd, wst) = s.w_beats.pop_front().unwrap_or_default();
            let Some(wb) = s.writes.front_mut() else {
                break;
            };
            let addr = wb.addr + (wb.beat * wb.size) as u64;
            if !wb.err {
                // Strobe bit j writes byte lane j of the bus-aligned word.
                let aligned = addr - addr % bus_bytes as u64;
                for (j, &on) in wst.iter().enumerate().take(bus_bytes) {
                    let a = aligned + j as u64;
                    if !on {
                        continue;
                    }
                    if a >= base && a < base + mem_len {
                        pending_bytes.push(((a - base) as usize, wd[j]));
                    } else {
                        // A byte written past the buffer, though inside its allocation.
                        s.errors += 1;
                    }
                }
            }
            wb.beat += 1;
            if wb.beat == wb.beats {
                let (err, addr, n) = (wb.err, wb.addr, u64::from(wb.beats * wb.size));
                let (at, _) = timing.answer_at(s, addr, n, 1, now);
                s.writes.pop_front();
                let bytes = std::mem::take(&mut s.pending_bytes);
                s.b_queue.push_back((at, err, bytes));
            }
        }
        if b {
            if let Some((_, _, bytes)) = s.b_queue.pop_front() {
                for (off, v) in bytes {
                    s.mem[off] = v;
                }
            }
        }
    }
}

/// Writes each register in `regs` (offset, bits stored) through the AXI4-Lite slave of the
/// idle kernel and reads it back: (offset, value written, value read). A pattern that
/// differs per register, cut to its stored bits, shows a decoder that maps two offsets to
/// one register or keeps the wrong bits. Vendor metadata (kernel.xml, the Platform
/// Designer component) is checked against the decoder with it.
pub fn register_roundtrip(
    sources: &[PathBuf],
    top: &str,
    regs: &[(u32, u32)],
) -> Result<Vec<(u32, u32, u32)>, SimError> {
    let lib = build_model(sources, top, false)?;
    let mut host = Host {
        m: VerilatedModel::load(&lib)?,
        clk: 0,
        clk2x: None,
        time: 0,
        tracing: false,
    };
    host.clk = host.m.port("ap_clk")?;
    host.clk2x = host.m.port("ap_clk_2x").ok();
    let rst = host.m.port("ap_rst_n")?;
    let ctl = Control::new(&host.m, "")?;
    host.m.set(rst, 0);
    for _ in 0..8 {
        host.tick();
    }
    host.m.set(rst, 1);
    host.tick();
    let mut out = Vec::new();
    for &(offset, bits) in regs {
        let mask = if bits >= 32 {
            u32::MAX
        } else {
            (1u32 << bits) - 1
        };
        let value = (0x9E37_79B9u32.rotate_left(offset)) & mask;
        ctl.write_reg(&mut host, offset, value)?;
        out.push((offset, value, 0));
    }
    // Read back after all writes: a write that landed in another register shows.
    for o in &mut out {
        o.2 = ctl.read_reg(&mut host, o.0)?;
    }
    Ok(out)
}
