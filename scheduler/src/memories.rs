//! On-chip memories: the geometry built for each local/private array (from its decorations,
//! or inferred from the pipelined loops that use it), which bank each access reaches, and
//! the ports each access takes in the scheduler's resource model.

use boards::Board;
use ir::*;
use std::collections::{BTreeMap, HashMap};

/// Which bank an access reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum BankAccess {
    /// The same bank in every iteration, known at compile time.
    Static(u32),
    /// Any bank: the access reserves a port on every bank in its cycle.
    Dynamic,
}

/// Bits of `op`'s value known at compile time: (mask of known bits, their values).
pub fn known_bits(body: &Body, op: OpId) -> (u64, u64) {
    fn go(body: &Body, op: OpId, depth: u32) -> (u64, u64) {
        if depth > 48 {
            return (0, 0);
        }
        let o = body.op(op);
        let w = o.ty.bits();
        let width_mask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        let arg = |i: usize| go(body, o.operands[i], depth + 1);
        let (m, v) = match o.kind {
            OpKind::Const(c) => (u64::MAX, c),
            OpKind::Int(IntBinOp::And) => {
                let ((ma, va), (mb, vb)) = (arg(0), arg(1));
                // A known 0 on either side gives 0.
                let zeros = (ma & !va) | (mb & !vb);
                let ones = ma & mb & va & vb;
                (zeros | ones, ones)
            }
            OpKind::Int(IntBinOp::Or) => {
                let ((ma, va), (mb, vb)) = (arg(0), arg(1));
                let ones = (ma & va) | (mb & vb);
                let zeros = ma & mb & !va & !vb;
                (zeros | ones, ones)
            }
            OpKind::Int(IntBinOp::Xor) => {
                let ((ma, va), (mb, vb)) = (arg(0), arg(1));
                (ma & mb, (va ^ vb) & ma & mb)
            }
            OpKind::Int(IntBinOp::Add | IntBinOp::Sub) => {
                // Bits below the lowest unknown bit of either operand are exact.
                let ((ma, va), (mb, vb)) = (arg(0), arg(1));
                let low = (ma & mb).trailing_ones();
                let m = if low >= 64 {
                    u64::MAX
                } else {
                    (1u64 << low) - 1
                };
                let r = if o.kind == OpKind::Int(IntBinOp::Add) {
                    va.wrapping_add(vb)
                } else {
                    va.wrapping_sub(vb)
                };
                (m, r & m)
            }
            OpKind::Int(IntBinOp::Mul) => {
                // x * 2^k: k known low zeros; otherwise the low bits below both operands' known runs.
                let ((ma, va), (mb, vb)) = (arg(0), arg(1));
                let low = (ma & mb).trailing_ones();
                let m = if low >= 64 {
                    u64::MAX
                } else {
                    (1u64 << low) - 1
                };
                let tz = (va | !ma).trailing_zeros() + (vb | !mb).trailing_zeros();
                let mz = if tz >= 64 { u64::MAX } else { (1u64 << tz) - 1 };
                (m | mz, va.wrapping_mul(vb) & m)
            }
            OpKind::Int(IntBinOp::Shl) => match body.op(o.operands[1]).kind {
                OpKind::Const(s) if s < 64 => {
                    let (ma, va) = arg(0);
                    ((ma << s) | ((1u64 << s) - 1), va << s)
                }
                _ => (0, 0),
            },
            OpKind::Cast(CastOp::ZExt) => {
                let from = body.op(o.operands[0]).ty.bits();
                let (ma, va) = arg(0);
                let fm = if from >= 64 {
                    u64::MAX
                } else {
                    (1u64 << from) - 1
                };
                ((ma & fm) | !fm, va & fm)
            }
            OpKind::Cast(CastOp::SExt | CastOp::Trunc | CastOp::Bitcast) => {
                let from = body.op(o.operands[0]).ty.bits().min(w);
                let (ma, va) = arg(0);
                let fm = if from >= 64 {
                    u64::MAX
                } else {
                    (1u64 << from) - 1
                };
                (ma & fm, va & fm)
            }
            _ => (0, 0),
        };
        (m & width_mask, v & m & width_mask)
    }
    go(body, op, 0)
}

/// The bank a load or store (`op`, address operand 0) reaches in memory geometry `g`.
/// From the address bits when they are known, else from the address's range within the
/// array (`address_ranges`).
pub fn bank_access(k: &Kernel, body: &Body, op: OpId, g: &Geometry) -> BankAccess {
    if g.banks <= 1 {
        return BankAccess::Static(0);
    }
    let mut addr = body.op(op).operands[0];
    // One of the copies a memory has per work-group in flight: banks divide a copy, so the
    // address inside it picks the bank.
    if let Some((x, shift)) = crate::address_ranges::within_copy(body, addr) {
        if g.bank_bits.iter().all(|b| *b < shift) {
            addr = x;
        }
    }
    let (m, v) = known_bits(body, addr);
    if g.bank_bits.iter().all(|b| m >> b & 1 == 1) {
        let bank = g
            .bank_bits
            .iter()
            .fold(0u32, |acc, b| acc << 1 | (v >> b & 1) as u32);
        return BankAccess::Static(bank);
    }
    let ranges = crate::address_ranges::ranges(k, body);
    match crate::address_ranges::constant_bits(&ranges, addr, &g.bank_bits) {
        Some(bank) => BankAccess::Static(bank),
        None => BankAccess::Dynamic,
    }
}

/// Default bank bits: the address bits just above the bank word (cyclic interleave).
fn cyclic_bank_bits(banks: u32, bank_bytes: u32) -> Vec<u32> {
    let lo = bank_bytes.trailing_zeros();
    (0..banks.trailing_zeros()).rev().map(|i| lo + i).collect()
}

/// Block partitioning: the top address bits pick the bank.
fn block_bank_bits(banks: u32, total_bytes: u64) -> Vec<u32> {
    let addr_bits = 64 - (total_bytes.max(2) - 1).leading_zeros();
    (0..banks.trailing_zeros())
        .map(|i| addr_bits - 1 - i)
        .collect()
}

/// How a geometry's banks divide the array: "cyclic", "block", or "bank bits".
pub fn partitioning(g: &Geometry, total_bytes: u64) -> &'static str {
    if g.banks <= 1 {
        "none"
    } else if g.bank_bits == cyclic_bank_bits(g.banks, g.bank_bytes) {
        "cyclic"
    } else if g.bank_bits == block_bank_bits(g.banks, total_bytes) {
        "block"
    } else {
        "bank bits"
    }
}

fn words_per_bank(total_bytes: u64, banks: u32, bank_bytes: u32, bank_bits: &[u32]) -> u64 {
    let cyclic = cyclic_bank_bits(banks, bank_bytes);
    if bank_bits == cyclic.as_slice() {
        return total_bytes
            .div_ceil(banks as u64 * bank_bytes as u64)
            .max(1);
    }
    // Other bank bits: the word index is the address without the bank bits.
    let addr_bits = 64 - (total_bytes.max(2) - 1).leading_zeros();
    let inside = bank_bits.iter().filter(|b| **b < addr_bits).count() as u32;
    1u64 << (addr_bits - bank_bytes.trailing_zeros() - inside).min(40)
}

fn implementation(board: &Board, a: &MemAttrs, bits_per_bank: u64) -> MemImpl {
    if a.register {
        MemImpl::Registers
    } else {
        match a.memory.as_deref() {
            Some("MLAB") => MemImpl::LutRam,
            Some("BLOCK_RAM") => MemImpl::BlockRam,
            _ if bits_per_bank <= board.onchip.lutram_max_bits => MemImpl::LutRam,
            _ => MemImpl::BlockRam,
        }
    }
}

fn geometry_with(
    board: &Board,
    elem: Type,
    depth: u64,
    a: &MemAttrs,
    banks: u32,
    source: GeometrySource,
) -> Geometry {
    let elem_bytes = elem.bytes();
    let bank_bytes = a.bankwidth.unwrap_or(elem_bytes);
    let bank_bits = a
        .bank_bits
        .clone()
        .unwrap_or_else(|| cyclic_bank_bits(banks, bank_bytes));
    let mut words = words_per_bank(depth * elem_bytes as u64, banks, bank_bytes, &bank_bits);
    if a.force_pow2_depth == Some(1) {
        words = words.next_power_of_two();
    }
    Geometry {
        banks,
        bank_bytes,
        bank_bits,
        depth: words,
        simple_dual_port: a.simple_dual_port,
        pump: a.pump.unwrap_or(1),
        replicates: a.max_replicates.unwrap_or(1),
        // Outer-loop iterations never overlap (units run one after another), so one copy
        // serves every iteration whatever private_copies allows.
        copies: 1,
        implementation: implementation(board, a, words * bank_bytes as u64 * 8),
        source,
    }
}

/// Per-unit bound on the II that memory `mem` would impose with geometry `g`.
fn port_bound(k: &Kernel, mem: MemId, g: &Geometry) -> u32 {
    if g.implementation == MemImpl::Registers {
        return 1;
    }
    let mut worst = 1;
    for u in &k.units {
        if matches!(u.kind, UnitKind::Block) {
            continue;
        }
        let mut units: HashMap<(u32, bool), u32> = HashMap::new();
        for (id, op) in u.body.ops() {
            let is_store = match op.kind {
                OpKind::Load(m) if m == mem => false,
                OpKind::Store(m) if m == mem => true,
                _ => continue,
            };
            for (r, n) in access_uses(k, &u.body, id, g, is_store) {
                *units.entry(r).or_default() += n;
            }
        }
        for ((_, write_res), n) in units {
            worst = worst.max(n.div_ceil(port_limit(g, write_res)));
        }
    }
    worst
}

/// Ports of one bank's resource: (bank, is the simple-dual-port write resource) -> limit.
pub fn port_limit(g: &Geometry, write_res: bool) -> u32 {
    match (g.simple_dual_port, write_res) {
        (false, _) => 2 * g.pump * g.replicates,
        (true, false) => g.pump * g.replicates,
        (true, true) => g.pump,
    }
}

/// Resource units an access takes: ((bank, on the write resource), units).
pub fn access_uses(
    k: &Kernel,
    body: &Body,
    op: OpId,
    g: &Geometry,
    is_store: bool,
) -> Vec<((u32, bool), u32)> {
    let banks: Vec<u32> = match bank_access(k, body, op, g) {
        BankAccess::Static(b) => vec![b],
        BankAccess::Dynamic => (0..g.banks).collect(),
    };
    let (res_write, units) = match (g.simple_dual_port, is_store) {
        // A write goes to every replicate, one port of each.
        (false, true) => (false, g.replicates),
        (false, false) => (false, 1),
        (true, w) => (w, 1),
    };
    banks.into_iter().map(|b| ((b, res_write), units)).collect()
}

/// Chooses the geometry of every on-chip memory: decorations that fix banks or ports win
/// (`MemAttrs::fixes_banking`); otherwise, with
/// `infer`, the fewest cyclic banks (or flip-flops for a small array) that keep the
/// memory from bounding any pipelined loop's II, within the board's RAM budget.
pub fn plan_memories(k: &mut Kernel, board: &Board, infer: bool) {
    let mut rams_left = board.onchip.block_rams as u64;
    for i in 0..k.memories.len() {
        let mem = &k.memories[i];
        let Some(oc) = mem.on_chip() else { continue };
        if oc.merged_into.is_some() {
            continue; // Built as part of the memory it was merged into.
        }
        let (elem, depth, attrs) = (mem.elem, oc.depth, oc.attrs.clone());
        let total_bits = depth * elem.bits() as u64;
        let g = if attrs.fixes_banking() {
            let banks = attrs
                .numbanks
                .or(attrs.bank_bits.as_ref().map(|b| 1u32 << b.len()))
                .unwrap_or(1);
            geometry_with(board, elem, depth, &attrs, banks, GeometrySource::Decorated)
        } else {
            let one = geometry_with(board, elem, depth, &attrs, 1, GeometrySource::Default);
            let mut best = (port_bound(k, MemId(i as u32), &one), one);
            if infer {
                let mut banks = 2;
                while best.0 > 1
                    && banks <= board.onchip.max_inferred_banks
                    && banks as u64 <= depth
                {
                    // Cyclic (interleaved) first; block (contiguous quarters, halves...)
                    // when it serves the accesses better, as for a[i] with a[i + N/2].
                    let mut block = attrs.clone();
                    let copy = depth * elem.bytes() as u64 / oc.copies.max(1) as u64;
                    block.bank_bits = Some(block_bank_bits(banks, copy));
                    for a in [&attrs, &block] {
                        let g =
                            geometry_with(board, elem, depth, a, banks, GeometrySource::Inferred);
                        let rams = rams_of(board, &g);
                        let bound = port_bound(k, MemId(i as u32), &g);
                        if bound < best.0 && rams <= rams_left {
                            best = (bound, g);
                        }
                    }
                    banks *= 2;
                }
                if best.0 > 1
                    && attrs.memory.is_none()
                    && total_bits <= board.onchip.register_max_bits
                {
                    let mut g =
                        geometry_with(board, elem, depth, &attrs, 1, GeometrySource::Inferred);
                    g.implementation = MemImpl::Registers;
                    best = (1, g);
                }
                if best.0 > 1 {
                    best = replicated(
                        k,
                        MemId(i as u32),
                        board,
                        (elem, depth, &attrs),
                        best,
                        rams_left,
                    );
                }
            }
            best.1
        };
        rams_left = rams_left.saturating_sub(rams_of(board, &g));
        k.memories[i].geometry = Some(g);
    }
}

/// Replicates, the fewest that bound no loop's II more than `best` does: each holds the
/// whole memory and serves its own reads, every write goes to all. For reads no banking
/// keeps apart, as a stencil's nine reads of one tile (`tile[ly + dy][lx + dx]`).
fn replicated(
    k: &Kernel,
    mem: MemId,
    board: &Board,
    (elem, depth, attrs): (Type, u64, &MemAttrs),
    mut best: (u32, Geometry),
    rams_left: u64,
) -> (u32, Geometry) {
    for r in 2..=board.onchip.max_inferred_banks {
        let mut g = geometry_with(board, elem, depth, attrs, 1, GeometrySource::Inferred);
        g.replicates = r;
        let bound = port_bound(k, mem, &g);
        if bound < best.0 && rams_of(board, &g) <= rams_left {
            best = (bound, g);
        }
        if best.0 == 1 {
            break;
        }
    }
    best
}

/// Block RAMs a geometry takes (0 for LUT RAM and registers).
pub fn rams_of(board: &Board, g: &Geometry) -> u64 {
    if g.implementation != MemImpl::BlockRam {
        return 0;
    }
    let bits = g.depth * g.bank_bytes as u64 * 8;
    bits.div_ceil(board.onchip.block_ram_bits) * (g.banks * g.replicates * g.copies) as u64
}

/// Accesses of each private memory in `body`: memory -> ops.
fn private_accesses(k: &Kernel, body: &Body) -> BTreeMap<MemId, Vec<OpId>> {
    let mut by_mem: BTreeMap<MemId, Vec<OpId>> = BTreeMap::new();
    for (id, op) in body.ops() {
        if let OpKind::Load(m) | OpKind::Store(m) = op.kind {
            if k.memory(m)
                .on_chip()
                .is_some_and(|o| o.storage == Storage::Private)
            {
                by_mem.entry(m).or_default().push(id);
            }
        }
    }
    by_mem
}

/// `max_private_copies(N)` on a private array of a unit that pipelines work-items: at most
/// N work-items may be between their first and last access to it, i.e. every access of
/// work-item w comes before every access of work-item w+N. As dependences: from each
/// access to each access, distance N, latency 1.
pub fn private_copy_bounds(k: &Kernel, body: &Body) -> Vec<crate::problem::Dependence> {
    let mut deps = Vec::new();
    for (m, ops) in private_accesses(k, body) {
        let Some(n) = k.memory(m).on_chip().and_then(|o| o.attrs.private_copies) else {
            continue;
        };
        for a in &ops {
            for b in &ops {
                deps.push(crate::problem::Dependence {
                    src: a.index(),
                    dst: b.index(),
                    latency: 1,
                    distance: n,
                    data: false,
                });
            }
        }
    }
    deps
}

/// Private arrays of units that pipeline work-items need one copy per work-item between
/// its first and its last access (work-items sharing a copy are `copies` apart, so the
/// later one starts after the earlier one is done): sets `Geometry::copies` from the
/// schedules. Elsewhere work-items and outer iterations never overlap: one copy.
pub fn assign_copies(k: &mut Kernel, starts: &[(u32, Vec<u32>)]) {
    let mut copies: BTreeMap<MemId, u32> = BTreeMap::new();
    for (unit, (ii, start)) in k.units.iter().zip(starts) {
        if !matches!(unit.kind, UnitKind::WorkItems) {
            continue;
        }
        for (m, ops) in private_accesses(k, &unit.body) {
            let times: Vec<u32> = ops.iter().map(|o| start[o.index()]).collect();
            let span = times.iter().max().unwrap_or(&0) - times.iter().min().unwrap_or(&0);
            let c = copies.entry(m).or_insert(1);
            *c = (*c).max(span / (*ii).max(1) + 1);
        }
    }
    for (m, c) in copies {
        if let Some(g) = k.memories[m.0 as usize].geometry.as_mut() {
            g.copies = c;
        }
    }
}
