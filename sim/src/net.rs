//! The pipes between the kernels of a system, as the software model runs them: each
//! kernel in its own thread, each connection a bounded queue of packets. A read waits
//! while its queue is empty and a write while it is full, as the hardware's FIFOs make
//! them wait. With blocking accesses only, the packets each kernel sees do not depend on
//! how the threads interleave (a bounded FIFO is a Kahn channel with a credit channel
//! beside it), so one run decides the result, and whether the system deadlocks, for
//! every interleaving the hardware could take.
//!
//! A deadlock is every unfinished kernel waiting on a queue that cannot change: the
//! model sees it exactly, and stops every kernel with a message naming the pipes.

use crate::SimError;
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};

/// One connection: `from` kernel's write pipe into `to` kernel's read pipe.
#[derive(Debug, Clone)]
pub struct Link {
    /// `producer.out -> consumer.inp`, as messages name it.
    pub name: String,
    pub from: usize,
    pub to: usize,
    /// Packets the hardware holds between the two kernels.
    pub capacity: usize,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Wait {
    Read(usize),
    Write(usize),
}

struct State {
    queues: Vec<VecDeque<Vec<u8>>>,
    /// What each kernel waits for, while it waits.
    waiting: Vec<Option<Wait>>,
    finished: Vec<bool>,
    deadlock: Option<String>,
}

/// The pipes of a system and who waits on them.
pub struct PipeNet {
    links: Vec<Link>,
    kernels: Vec<String>,
    state: Mutex<State>,
    changed: Condvar,
}

impl PipeNet {
    pub fn new(kernels: Vec<String>, links: Vec<Link>) -> Self {
        let n = links.len();
        PipeNet {
            state: Mutex::new(State {
                queues: vec![VecDeque::new(); n],
                waiting: vec![None; kernels.len()],
                finished: vec![false; kernels.len()],
                deadlock: None,
            }),
            links,
            kernels,
            changed: Condvar::new(),
        }
    }

    pub fn links(&self) -> &[Link] {
        &self.links
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A kernel thread that panicked leaves the state as it was: still consistent.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Kernel `k` takes the next packet of `link`, waiting while there is none.
    pub fn read(&self, k: usize, link: usize) -> Result<Vec<u8>, SimError> {
        let mut s = self.lock();
        loop {
            if let Some(d) = &s.deadlock {
                return Err(SimError::Deadlock(d.clone()));
            }
            if let Some(p) = s.queues[link].pop_front() {
                s.waiting[k] = None;
                self.changed.notify_all();
                return Ok(p);
            }
            s.waiting[k] = Some(Wait::Read(link));
            s = self.wait(s)?;
        }
    }

    /// Kernel `k` appends `packet` to `link`, waiting while it is full.
    pub fn write(&self, k: usize, link: usize, packet: Vec<u8>) -> Result<(), SimError> {
        let mut s = self.lock();
        loop {
            if let Some(d) = &s.deadlock {
                return Err(SimError::Deadlock(d.clone()));
            }
            if s.queues[link].len() < self.links[link].capacity {
                s.queues[link].push_back(packet);
                s.waiting[k] = None;
                self.changed.notify_all();
                return Ok(());
            }
            s.waiting[k] = Some(Wait::Write(link));
            s = self.wait(s)?;
        }
    }

    /// Kernel `k` has returned (or failed): it will neither read nor write again.
    pub fn finish(&self, k: usize) {
        let mut s = self.lock();
        s.finished[k] = true;
        s.waiting[k] = None;
        self.check_deadlock(&mut s);
        self.changed.notify_all();
    }

    fn wait<'a>(
        &self,
        mut s: std::sync::MutexGuard<'a, State>,
    ) -> Result<std::sync::MutexGuard<'a, State>, SimError> {
        self.check_deadlock(&mut s);
        if let Some(d) = &s.deadlock {
            self.changed.notify_all();
            return Err(SimError::Deadlock(d.clone()));
        }
        Ok(self.changed.wait(s).unwrap_or_else(|e| e.into_inner()))
    }

    /// Whether the wait of kernel `k` can still end: its queue is no longer empty (a read)
    /// or no longer full (a write).
    fn can_go(&self, s: &State, w: Wait) -> bool {
        match w {
            Wait::Read(l) => !s.queues[l].is_empty(),
            Wait::Write(l) => s.queues[l].len() < self.links[l].capacity,
        }
    }

    /// Every unfinished kernel waits, and no wait can end: the system is stuck.
    fn check_deadlock(&self, s: &mut State) {
        if s.deadlock.is_some() {
            return;
        }
        let mut stuck = Vec::new();
        for k in 0..self.kernels.len() {
            if s.finished[k] {
                continue;
            }
            match s.waiting[k] {
                Some(w) if !self.can_go(s, w) => stuck.push((k, w)),
                // Running, or about to wake: not stuck.
                _ => return,
            }
        }
        if stuck.is_empty() {
            return;
        }
        let waits: Vec<String> = stuck
            .iter()
            .map(|(k, w)| {
                let kernel = &self.kernels[*k];
                match *w {
                    Wait::Read(l) => format!(
                        "kernel '{kernel}' waits to read pipe {} (empty)",
                        self.links[l].name
                    ),
                    Wait::Write(l) => format!(
                        "kernel '{kernel}' waits to write pipe {} (full: {} packets)",
                        self.links[l].name, self.links[l].capacity
                    ),
                }
            })
            .collect();
        s.deadlock = Some(format!("the kernels deadlock: {}", waits.join("; ")));
    }
}

/// A kernel of a system as the model runs it: its module (each kernel's own, since the
/// flow rewrites a module for the kernel it builds), name, arguments (a connected pipe's
/// is an empty buffer of its packet type) and NDRange, and which of its arguments are
/// ends of which link.
pub struct Member {
    pub spirv: Vec<u8>,
    pub name: String,
    pub args: Vec<crate::ArgValue>,
    pub launch: crate::Launch,
    pub ends: Vec<(usize, usize)>,
}

/// Runs the kernels together, each in its own thread, their pipes joined by `links`:
/// per kernel its arguments after the run and the instructions it executed.
pub fn run_system(
    members: &[Member],
    links: Vec<Link>,
) -> Result<Vec<(Vec<crate::ArgValue>, u64)>, SimError> {
    let modules = members
        .iter()
        .map(|k| frontend::SpirvModule::load(&k.spirv).map_err(|e| SimError::Model(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let net = PipeNet::new(members.iter().map(|k| k.name.clone()).collect(), links);
    let results: Vec<Result<(Vec<crate::ArgValue>, u64), SimError>> = std::thread::scope(|s| {
        let handles: Vec<_> = members
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let (m, net) = (&modules[i], &net);
                // The interpreter recurses with the kernel's calls: a main thread's stack.
                std::thread::Builder::new()
                    .name(k.name.clone())
                    .stack_size(64 << 20)
                    .spawn_scoped(s, move || {
                        crate::run_linked(m, &k.name, &k.args, k.launch, net, i, &k.ends)
                    })
            })
            .collect();
        handles
            .into_iter()
            .zip(members)
            .map(|(h, k)| match h {
                Ok(h) => h.join().unwrap_or_else(|_| {
                    Err(SimError::Model(format!(
                        "kernel '{}': the model failed",
                        k.name
                    )))
                }),
                Err(e) => Err(SimError::Tool(format!("cannot start a model thread: {e}"))),
            })
            .collect()
    });
    // A kernel's own error is the cause; the deadlock the others then see is its effect.
    let mut deadlock = None;
    let mut out = Vec::new();
    for (r, k) in results.into_iter().zip(members) {
        match r {
            Ok(v) => out.push(v),
            Err(SimError::Deadlock(d)) => deadlock = Some(SimError::Deadlock(d)),
            Err(SimError::BadArg(e)) => {
                return Err(SimError::BadArg(format!("kernel '{}': {e}", k.name)))
            }
            Err(SimError::Model(e)) => {
                return Err(SimError::Model(format!("kernel '{}': {e}", k.name)))
            }
            Err(e) => return Err(e),
        }
    }
    if let Some(d) = deadlock {
        return Err(d);
    }
    Ok(out)
}
