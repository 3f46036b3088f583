//! A system: several kernels of one module, compiled each as on its own, with some of
//! their pipes connected (`--connect producer.out:consumer.inp[:depth]`, as Vitis's
//! `stream_connect`). The pipes left unconnected stay the system's AXI4-Stream ports;
//! the connected ones become FIFOs in the system top (`rtl_gen::system`).

use crate::{io, sibling, Compiled, Error, Options};
use boards::Board;
use rtl_gen::system::Connection;
use std::path::Path;

/// One `--connect`, as given: names not yet checked against the kernels.
#[derive(Debug, Clone, PartialEq)]
pub struct Connect {
    pub from: String,
    pub out: String,
    pub to: String,
    pub inp: String,
    pub depth: u32,
}

/// The FIFO depth of a connection given without one: the least a FIFO holds (two
/// packets; the pipes' own stream queues hold more, `rtl_gen::system::capacity`).
pub const DEFAULT_DEPTH: u32 = 2;

/// `KERNEL.PIPE:KERNEL.PIPE[:DEPTH]`.
pub fn parse_connect(s: &str) -> Result<Connect, Error> {
    let usage = |why: &str| {
        Error::Usage(format!(
            "--connect {s}: {why} (give WRITER.PIPE:READER.PIPE[:DEPTH], e.g. producer.out:consumer.inp:16)"
        ))
    };
    let parts: Vec<&str> = s.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return Err(usage("expected two ends and an optional depth"));
    }
    let end = |e: &str| -> Result<(String, String), Error> {
        match e.split_once('.') {
            Some((k, p)) if !k.is_empty() && !p.is_empty() => Ok((k.into(), p.into())),
            _ => Err(usage(&format!("'{e}' is not KERNEL.PIPE"))),
        }
    };
    let (from, out) = end(parts[0])?;
    let (to, inp) = end(parts[1])?;
    let depth = match parts.get(2) {
        None => DEFAULT_DEPTH,
        Some(d) => match d.parse::<u32>() {
            Ok(n) if (1..=65536).contains(&n) => n,
            _ => {
                return Err(usage(&format!(
                    "depth '{d}' is not a number from 1 to 65536"
                )))
            }
        },
    };
    Ok(Connect {
        from,
        out,
        to,
        inp,
        depth,
    })
}

/// The compiled kernels of a system and how their pipes are connected.
pub struct System {
    pub name: String,
    pub kernels: Vec<Compiled>,
    pub names: Vec<String>,
    pub connections: Vec<Connection>,
    /// The system top's SystemVerilog.
    pub top: String,
}

impl System {
    /// `producer.out -> consumer.inp`, per connection.
    pub fn link_name(&self, c: &Connection) -> String {
        format!(
            "{}.{} -> {}.{}",
            self.names[c.from], c.out, self.names[c.to], c.inp
        )
    }

    /// Packets the hardware holds per connection (the model's links hold as many).
    pub fn capacities(&self) -> Vec<usize> {
        self.connections
            .iter()
            .map(|c| {
                rtl_gen::system::capacity(
                    &self.kernels[c.from].rtl.interface,
                    &c.out,
                    &self.kernels[c.to].rtl.interface,
                    &c.inp,
                    c.depth,
                )
            })
            .collect()
    }

    /// Whether argument `arg` of kernel `k` is a connected pipe (the host gives it nothing).
    pub fn connected(&self, k: usize, arg: &str) -> Option<usize> {
        self.connections
            .iter()
            .position(|c| (c.from == k && c.out == arg) || (c.to == k && c.inp == arg))
    }
}

/// Compiles `kernels` of `path` and checks `connects` against their pipes.
pub fn compile_system(
    path: &Path,
    name: &str,
    kernels: &[String],
    connects: &[Connect],
    board: &Board,
    options: &Options,
) -> Result<System, Error> {
    if !is_identifier(name) {
        return Err(Error::Usage(format!(
            "--system {name}: a system's name is its top module's: letters, digits and _"
        )));
    }
    let mut compiled = Vec::new();
    for (i, k) in kernels.iter().enumerate() {
        if kernels[..i].contains(k) || k == name {
            return Err(Error::Usage(format!(
                "--kernel {}: '{k}' is named twice (each kernel once, and the system's name apart)",
                kernels.join(",")
            )));
        }
        compiled.push(crate::compile(path, Some(k), board, options)?);
    }
    let find = |k: &str, what: &str| {
        kernels.iter().position(|n| n == k).ok_or_else(|| {
            Error::Usage(format!(
                "--connect: the {what} '{k}' is not among the system's kernels ({})",
                kernels.join(", ")
            ))
        })
    };
    let mut connections = Vec::new();
    let mut used: Vec<(usize, String)> = Vec::new();
    for c in connects {
        let from = find(&c.from, "writer")?;
        let to = find(&c.to, "reader")?;
        let w = pipe_end(&compiled[from], &c.from, &c.out, true)?;
        let r = pipe_end(&compiled[to], &c.to, &c.inp, false)?;
        if w != r {
            return Err(Error::Usage(format!(
                "--connect {}.{}:{}.{}: packets of {w} bits into a pipe of {r}-bit packets",
                c.from, c.out, c.to, c.inp
            )));
        }
        for end in [(from, c.out.clone()), (to, c.inp.clone())] {
            if used.contains(&end) {
                return Err(Error::Usage(format!(
                    "--connect: pipe {}.{} is connected twice (a pipe has one writer and one reader)",
                    kernels[end.0], end.1
                )));
            }
            used.push(end);
        }
        connections.push(Connection {
            from,
            out: c.out.clone(),
            to,
            inp: c.inp.clone(),
            depth: c.depth,
        });
    }
    // Program-scope pipes join their writer and reader, as deep as the storage holds.
    for (w, wc) in compiled.iter().enumerate() {
        for (pipe, capacity) in &wc.kernel.attrs.program_pipes {
            let writes = wc
                .rtl
                .interface
                .streams
                .iter()
                .any(|s| &s.name == pipe && s.write);
            let reader = compiled.iter().position(|rc| {
                rc.kernel.attrs.program_pipes.iter().any(|(p, _)| p == pipe)
                    && rc
                        .rtl
                        .interface
                        .streams
                        .iter()
                        .any(|s| &s.name == pipe && s.read)
            });
            if let (true, Some(r)) = (writes, reader) {
                let taken = used.contains(&(w, pipe.clone())) || used.contains(&(r, pipe.clone()));
                if !taken {
                    used.push((w, pipe.clone()));
                    used.push((r, pipe.clone()));
                    connections.push(Connection {
                        from: w,
                        out: pipe.clone(),
                        to: r,
                        inp: pipe.clone(),
                        depth: (*capacity).clamp(1, 65536),
                    });
                }
            }
        }
    }
    let members: Vec<rtl_gen::system::Member> = compiled
        .iter()
        .zip(kernels)
        .map(|(c, k)| rtl_gen::system::Member {
            name: k,
            top_sv: &c.rtl.files[0].1,
            iface: &c.rtl.interface,
        })
        .collect();
    let top = rtl_gen::system::system_top(name, &members, &connections)?;
    Ok(System {
        name: name.into(),
        kernels: compiled,
        names: kernels.to_vec(),
        connections,
        top,
    })
}

fn is_identifier(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The packet bits of pipe `pipe` of kernel `k`, checked to be a write pipe (`write`) or
/// a read pipe.
fn pipe_end(c: &Compiled, k: &str, pipe: &str, write: bool) -> Result<u32, Error> {
    let streams = &c.rtl.interface.streams;
    let dir = |w: bool| if w { "write" } else { "read" };
    match streams.iter().find(|s| s.name == pipe) {
        Some(s) if s.write == write => Ok(s.elem_width),
        Some(_) => Err(Error::Usage(format!(
            "--connect: {k}.{pipe} is a {} pipe, where a {} pipe goes (WRITER.PIPE:READER.PIPE)",
            dir(!write),
            dir(write)
        ))),
        None => Err(Error::Usage(format!(
            "--connect: kernel '{k}' has no pipe argument '{pipe}' (its pipes: {})",
            if streams.is_empty() {
                "none".to_string()
            } else {
                streams
                    .iter()
                    .map(|s| s.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ))),
    }
}

/// Writes the system to `out`: each kernel's outputs in `out/KERNEL/`, the system top in
/// `out/rtl/NAME.sv`, one `out/filelist.f` over them (a library module the kernels share
/// listed once) and `out/system.json`. Assembled beside `out`, then moved into place.
pub fn write_system(s: &System, out: &Path) -> Result<(), Error> {
    let tmp = sibling(out, "tmp");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(tmp.join("rtl")).map_err(io(&tmp))?;
    let mut listed: Vec<(String, String)> = Vec::new();
    let mut filelist = String::new();
    for (c, k) in s.kernels.iter().zip(&s.names) {
        crate::write_outputs(c, &tmp.join(k))?;
        for (file, text) in c.rtl.files.iter().skip(1).chain(c.rtl.files.iter().take(1)) {
            match listed.iter().find(|(f, _)| f == file) {
                Some((_, t)) if t == text => continue,
                Some(_) => {
                    return Err(Error::Flow(format!(
                    "system {}: kernels emit different modules named by {file}; compile them apart",
                    s.name
                )))
                }
                None => {
                    listed.push((file.clone(), text.clone()));
                    filelist.push_str(&format!("{k}/rtl/{file}\n"));
                }
            }
        }
    }
    let top = format!("rtl/{}.sv", s.name);
    std::fs::write(tmp.join(&top), &s.top).map_err(io(&tmp.join(&top)))?;
    filelist.push_str(&format!("{top}\n"));
    std::fs::write(tmp.join("filelist.f"), filelist).map_err(io(&tmp))?;
    let json = serde_json::json!({
        "system": s.name,
        "kernels": s.names,
        "connections": s.connections.iter().zip(s.capacities()).map(|(c, cap)| serde_json::json!({
            "from": s.names[c.from], "pipe_out": c.out, "to": s.names[c.to], "pipe_in": c.inp,
            "depth": c.depth,
            "fifo": 1u32 << rtl_gen::system::fifo_depth_log2(c.depth),
            "packets_held": cap,
        })).collect::<Vec<_>>(),
    });
    let p = tmp.join("system.json");
    std::fs::write(&p, serde_json::to_string_pretty(&json).unwrap_or_default()).map_err(io(&p))?;
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(io(out))?;
    }
    std::fs::rename(&tmp, out).map_err(io(out))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_is_two_ends_and_a_depth() {
        let c = parse_connect("p.out:q.inp:16").unwrap();
        assert_eq!((c.from.as_str(), c.inp.as_str(), c.depth), ("p", "inp", 16));
        assert_eq!(parse_connect("p.o:q.i").unwrap().depth, DEFAULT_DEPTH);
        for bad in [
            "p.o",
            "p:q.i",
            "p.o:q.i:0",
            "p.o:q.i:x",
            "p.o:q.i:4:5",
            ".o:q.i",
        ] {
            assert!(parse_connect(bad).is_err(), "{bad}");
        }
    }
}
