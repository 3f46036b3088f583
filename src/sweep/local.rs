//! Executor `local`: `--jobs` worker threads, each taking the next pending point and
//! running its steps in order (each step a child process); a failed step ends its point,
//! not the sweep. Ctrl-C kills the running steps; finished points keep their results.

use super::plan::Plan;
use super::task;
use crate::{tools, Error};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub fn run(plan: &Plan, pending: &[usize], jobs: usize) -> Result<(), Error> {
    tools::catch_ctrl_c();
    let bar = indicatif::ProgressBar::new(pending.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} points [{elapsed_precise}] {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let next = AtomicUsize::new(0);
    let stop: Mutex<Option<Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(&i) = pending.get(k) else { break };
                if stop.lock().map(|g| g.is_some()).unwrap_or(true) {
                    break;
                }
                let p = &plan.points[i];
                bar.set_message(p.id.clone());
                let mut line = Vec::new();
                let mut failed = false;
                for &step in &plan.steps {
                    match task::run(plan, i, step) {
                        Ok(r) if r.ok => line.push(format!("{} {:.1} s", step.name(), r.seconds)),
                        Ok(r) => {
                            line.push(format!(
                                "{} FAILED: {}",
                                step.name(),
                                r.error.unwrap_or_default()
                            ));
                            failed = true;
                            break;
                        }
                        Err(e) => {
                            if let Ok(mut g) = stop.lock() {
                                g.get_or_insert(e);
                            }
                            return;
                        }
                    }
                }
                bar.suspend(|| {
                    println!(
                        "{} {}: {}",
                        if failed { "FAIL" } else { "ok  " },
                        p.id,
                        line.join(", ")
                    )
                });
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    match stop.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
