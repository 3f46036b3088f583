//! A textual form of a scheduling problem, for filetests and for handing a problem to
//! another scheduler or checker by hand (CIRCT's `ssp` dialect plays this part there).
//! `;` starts a comment. One statement per line:
//!
//! ```text
//! problem modulo clock 4.0 [max-in-flight N]     ; or: problem straight clock 4.0
//! resource port_a 1                              ; name, units per cycle
//! op ld lat 2 uses port_a bits 32                ; lat N, delay NS, uses R[*N], pin T, bits N
//! op add lat 8 bits 32
//! dep ld add lat 2 data                          ; lat N, dist N, data
//! dep add add lat 8 dist 1 data
//! check ii 1 start 0 2                           ; a schedule to verify, one start per op
//! ```
//!
//! `Display` on a `Problem` writes this form back.

use crate::problem::{Dependence, Operation, Problem, Resource, Schedule};
use std::fmt;

/// A schedule written in the text, to be verified as given.
#[derive(Debug, Clone)]
pub struct Check {
    pub line: usize,
    pub schedule: Schedule,
}

/// Reads a problem and its `check` schedules; errors name the line.
pub fn parse(text: &str) -> Result<(Problem, Vec<Check>), String> {
    let mut p = Problem {
        ops: Vec::new(),
        deps: Vec::new(),
        resources: Vec::new(),
        clock_period_ns: 4.0,
        modulo: true,
        max_in_flight: None,
    };
    let mut checks = Vec::new();
    let mut seen_problem = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let words: Vec<&str> = raw
            .split(';')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let Some((&head, rest)) = words.split_first() else {
            continue;
        };
        let at = |e: String| format!("line {line}: {e}");
        match head {
            "problem" => {
                problem_line(&mut p, rest).map_err(at)?;
                seen_problem = true;
            }
            "resource" => match rest {
                [name, limit] => p.resources.push(Resource {
                    name: name.to_string(),
                    limit: number(limit).map_err(at)?,
                }),
                _ => return Err(at("resource NAME LIMIT".into())),
            },
            "op" => {
                let op = op_line(&p, rest).map_err(at)?;
                p.ops.push(op);
            }
            "dep" => {
                let d = dep_line(&p, rest).map_err(at)?;
                p.deps.push(d);
            }
            "check" => checks.push(Check {
                line,
                schedule: check_line(&p, rest).map_err(at)?,
            }),
            other => return Err(at(format!("unknown statement '{other}'"))),
        }
    }
    if !seen_problem {
        return Err("no `problem` line".into());
    }
    Ok((p, checks))
}

fn number<T: std::str::FromStr>(w: &str) -> Result<T, String> {
    w.parse().map_err(|_| format!("'{w}' is not a number"))
}

/// The value after a keyword in `key value` pairs.
fn value<'a>(words: &mut impl Iterator<Item = &'a str>, key: &str) -> Result<&'a str, String> {
    words.next().ok_or_else(|| format!("{key} needs a value"))
}

fn problem_line(p: &mut Problem, rest: &[&str]) -> Result<(), String> {
    let mut w = rest.iter().copied();
    p.modulo = match w.next() {
        Some("modulo") => true,
        Some("straight") => false,
        _ => return Err("problem modulo|straight clock NS".into()),
    };
    while let Some(key) = w.next() {
        match key {
            "clock" => p.clock_period_ns = number(value(&mut w, key)?)?,
            "max-in-flight" => p.max_in_flight = Some(number(value(&mut w, key)?)?),
            other => return Err(format!("unknown problem attribute '{other}'")),
        }
    }
    Ok(())
}

fn op_index(p: &Problem, name: &str) -> Result<usize, String> {
    p.ops
        .iter()
        .position(|o| o.name == name)
        .ok_or_else(|| format!("no op '{name}' before this line"))
}

fn op_line(p: &Problem, rest: &[&str]) -> Result<Operation, String> {
    let (name, attrs) = rest.split_first().ok_or("op NAME [attributes]")?;
    if op_index(p, name).is_ok() {
        return Err(format!("op '{name}' defined twice"));
    }
    let mut op = Operation {
        name: name.to_string(),
        latency: 0,
        delay_ns: 0.0,
        uses: Vec::new(),
        pinned: None,
        bits: 0,
    };
    let mut w = attrs.iter().copied();
    while let Some(key) = w.next() {
        let v = value(&mut w, key)?;
        match key {
            "lat" => op.latency = number(v)?,
            "delay" => op.delay_ns = number(v)?,
            "pin" => op.pinned = Some(number(v)?),
            "bits" => op.bits = number(v)?,
            "uses" => {
                let (res, units) = match v.split_once('*') {
                    Some((r, n)) => (r, number(n)?),
                    None => (v, 1),
                };
                let r = p
                    .resources
                    .iter()
                    .position(|r| r.name == res)
                    .ok_or_else(|| format!("no resource '{res}' before this line"))?;
                op.uses.push((r, units));
            }
            other => return Err(format!("unknown op attribute '{other}'")),
        }
    }
    Ok(op)
}

fn dep_line(p: &Problem, rest: &[&str]) -> Result<Dependence, String> {
    let [src, dst, attrs @ ..] = rest else {
        return Err("dep SRC DST [lat N] [dist N] [data]".into());
    };
    let mut d = Dependence {
        src: op_index(p, src)?,
        dst: op_index(p, dst)?,
        latency: 0,
        distance: 0,
        data: false,
    };
    let mut w = attrs.iter().copied();
    while let Some(key) = w.next() {
        match key {
            "data" => d.data = true,
            "lat" => d.latency = number(value(&mut w, key)?)?,
            "dist" => d.distance = number(value(&mut w, key)?)?,
            other => return Err(format!("unknown dep attribute '{other}'")),
        }
    }
    Ok(d)
}

fn check_line(p: &Problem, rest: &[&str]) -> Result<Schedule, String> {
    let ["ii", ii, "start", starts @ ..] = rest else {
        return Err("check ii N start T0 T1 ...".into());
    };
    if starts.len() != p.ops.len() {
        return Err(format!(
            "{} start times for {} ops",
            starts.len(),
            p.ops.len()
        ));
    }
    Ok(Schedule {
        ii: number(ii)?,
        start: starts.iter().map(|s| number(s)).collect::<Result<_, _>>()?,
    })
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.modulo { "modulo" } else { "straight" };
        write!(f, "problem {kind} clock {}", self.clock_period_ns)?;
        if let Some(n) = self.max_in_flight {
            write!(f, " max-in-flight {n}")?;
        }
        writeln!(f)?;
        for r in &self.resources {
            writeln!(f, "resource {} {}", r.name, r.limit)?;
        }
        for o in &self.ops {
            write!(f, "op {} lat {}", o.name, o.latency)?;
            if o.delay_ns != 0.0 {
                write!(f, " delay {}", o.delay_ns)?;
            }
            for (r, n) in &o.uses {
                let name = self.resources.get(*r).map_or("?", |r| r.name.as_str());
                match n {
                    1 => write!(f, " uses {name}")?,
                    n => write!(f, " uses {name}*{n}")?,
                }
            }
            if let Some(t) = o.pinned {
                write!(f, " pin {t}")?;
            }
            if o.bits != 0 {
                write!(f, " bits {}", o.bits)?;
            }
            writeln!(f)?;
        }
        for d in &self.deps {
            let name = |i: usize| self.ops.get(i).map_or("?", |o| o.name.as_str());
            write!(f, "dep {} {} lat {}", name(d.src), name(d.dst), d.latency)?;
            if d.distance != 0 {
                write!(f, " dist {}", d.distance)?;
            }
            if d.data {
                write!(f, " data")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACCUMULATE: &str = "problem modulo clock 4.0\nresource port 1\n\
        op ld lat 2 uses port bits 32\nop add lat 8 bits 32\nop st lat 1 uses port\n\
        dep ld add lat 2 data\ndep add add lat 8 dist 1 data\ndep add st lat 8 data\n";

    #[test]
    fn the_text_form_reads_back_what_it_writes() {
        let (p, _) = parse(ACCUMULATE).unwrap();
        let again = parse(&p.to_string()).unwrap().0;
        assert_eq!(p.to_string(), again.to_string());
        assert_eq!(p.ops.len(), 3);
        assert_eq!(p.deps[1].distance, 1);
        assert_eq!(p.ops[0].uses, vec![(0, 1)]);
    }

    #[test]
    fn mistakes_name_their_line() {
        let e = parse("problem modulo\nop a\ndep a b lat 1\n").unwrap_err();
        assert_eq!(e, "line 3: no op 'b' before this line");
        let e = parse("problem modulo\nop a lat x\n").unwrap_err();
        assert_eq!(e, "line 2: 'x' is not a number");
        assert_eq!(parse("op a\n").unwrap_err(), "no `problem` line");
    }
}
