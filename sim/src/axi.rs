//! Driving the Verilator model: reset, the AXI4-Lite host writes, and one AXI4 slave memory
//! per master with fixed or seeded random latency and back-pressure.

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

fn ports_of(m: &VerilatedModel, mv: &rtl_gen::MasterView) -> Result<Ports, SimError> {
    let name = &mv.name;
    let p = |s: &str| {
        let read_channel = s.starts_with("ar") || s.starts_with('r');
        if (read_channel && !mv.read) || (!read_channel && !mv.write) {
            Ok(crate::verilator::ABSENT)
        } else {
            m.port(&format!("m_axi_{name}_{s}"))
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
// Long because it is the host driver from reset to the results, each phase a few lines.
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
    let lib = build_model(sources, &iface.top, wave.is_some())?;
    let mut m = VerilatedModel::load(&lib)?;
    let clk = m.port("ap_clk")?;
    let rst = m.port("ap_rst_n")?;
    let clk2x = m.port("ap_clk_2x").ok();
    let mut host = Host {
        clk,
        clk2x,
        time: 0,
        tracing: false,
        m: VerilatedModel::load(&lib)?,
    };
    std::mem::swap(&mut host.m, &mut m);
    drop(m);
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
    let mut buf_i = 0usize;
    for (slot, a) in iface.args.iter().zip(args) {
        if let (true, ArgValue::Buffer(b)) = (slot.buffer, a) {
            let mv = &iface.masters[buf_i];
            slaves.push(Slave {
                p: ports_of(&host.m, mv)?,
                base: 0x1000_0000u64 * (buf_i as u64 + 1),
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
                bank: banks.get(buf_i).cloned(),
                stats: crate::PortStats {
                    port: format!("m_axi_{}", mv.name),
                    ..Default::default()
                },
            });
            buf_i += 1;
        }
    }
    let mut streams = crate::streams::streams_of(&host.m, iface, args)?;
    let ctl = Control::new(&host.m)?;
    let interrupt = host.m.port("interrupt")?;
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
    // Arguments, then the NDRange, then start with the done interrupt enabled.
    let bases: Vec<u64> = slaves.iter().map(|s| s.base).collect();
    for (offset, value) in crate::launch::registers(iface, args, &bases, global, local, work_dim) {
        ctl.write_reg(&mut host, offset, value)?;
    }
    ctl.write_reg(&mut host, 0x04, 1)?;
    ctl.write_reg(&mut host, 0x08, 1)?;
    ctl.write_reg(&mut host, 0x00, 1)?;
    let start = host.time;
    let mut done = false;
    let back_pressure = timing.fixed.is_none();
    // Requests made, for the message when the budget runs out (progress, not a verdict).
    let (mut reads, mut writes) = (0u64, 0u64);
    while host.time - start < max_cycles {
        let now = host.time;
        drive(&mut host, &mut slaves, &mut timing.rng, back_pressure, now);
        crate::streams::drive(&mut host.m, &mut streams, &mut timing.rng, back_pressure);
        host.m.eval();
        crate::streams::sample(&host.m, &mut streams);
        let events = handshakes(&host, &slaves);
        reads += events.iter().filter(|e| e.0).count() as u64;
        writes += events.iter().filter(|e| e.3).count() as u64;
        let irq = host.m.get(interrupt) == 1;
        host.tick();
        respond(&mut slaves, events, &mut timing, now);
        if irq {
            done = true;
            break;
        }
    }
    if !done {
        return Err(SimError::OutOfCycles {
            budget: max_cycles,
            reads,
            writes,
        });
    }
    let cycles = host.time - start;
    for s in &slaves {
        host.m.set(s.p.arready, 0);
        host.m.set(s.p.rvalid, 0);
    }
    let status = ctl.read_reg(&mut host, 0x00)?;
    if status & 0x2 == 0 {
        return Err(SimError::Rtl(
            "interrupt raised but ap_done is not set".into(),
        ));
    }
    let err = ctl.read_reg(&mut host, iface.error_offset)?;
    let bus_errors: u32 = slaves.iter().map(|s| s.errors).sum();
    if err != 0 || bus_errors != 0 {
        return Err(SimError::Rtl(format!(
            "{bus_errors} AXI accesses outside the buffers (kernel error register 0x{err:x})"
        )));
    }
    if host.tracing {
        host.m.trace_close();
    }
    let mut out = Vec::new();
    let mut bi = 0;
    for (slot, a) in iface.args.iter().zip(args) {
        match a {
            ArgValue::Buffer(b) if slot.buffer => {
                out.push(ArgValue::Buffer(Buffer {
                    elem: b.elem,
                    bytes: slaves[bi].mem[..slaves[bi].len].to_vec(),
                }));
                bi += 1;
            }
            s => out.push(s.clone()),
        }
    }
    crate::streams::results(streams, &mut out);
    let ports = slaves.into_iter().map(|s| s.stats).collect();
    Ok(RtlRun {
        args: out,
        cycles,
        ports,
    })
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
    fn new(m: &VerilatedModel) -> Result<Self, SimError> {
        let c = |s: &str| m.port(&format!("s_axi_control_{s}"));
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
    let ctl = Control::new(&host.m)?;
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
