//! The summary of a sweep, one row per point: OUT/summary.csv (the same for every
//! executor: nothing in it depends on when or where a point ran), OUT/summary.json (with
//! the step times and Slurm job ids besides) and OUT/pareto.svg (cycles against LUTs).

use super::plan::{Plan, Point};
use super::task::{read_result, StepResult};
use crate::Error;
use serde_json::{json, Map, Value};

/// The columns after the point, kernel and axis labels.
const COLUMNS: [&str; 11] = [
    "status",
    "ii",
    "depth",
    "cycles",
    "luts",
    "luts_from",
    "dsps",
    "fmax_mhz",
    "clock_mhz",
    "loops",
    "error",
];

pub struct Row {
    pub point: Point,
    pub ok: bool,
    pub values: Map<String, Value>,
    pub seconds: Map<String, Value>,
}

/// Reads every point's step results (and, for steps that left none, the Slurm state of
/// their task) into rows.
pub fn rows(plan: &Plan) -> Vec<Row> {
    let states: Value = std::fs::read_to_string(plan.out.join("slurm/states.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    plan.points
        .iter()
        .map(|p| {
            let mut values = Map::new();
            let mut seconds = Map::new();
            let mut status = "ok".to_string();
            let mut error = String::new();
            let mut results: Vec<StepResult> = Vec::new();
            for &step in &plan.steps {
                match read_result(plan, p, step) {
                    Some(r) => {
                        seconds.insert(step.name().into(), json!(r.seconds));
                        if !r.ok {
                            status = "failed".into();
                            error =
                                format!("{}: {}", step.name(), r.error.clone().unwrap_or_default());
                            break;
                        }
                        results.push(r);
                    }
                    None => {
                        let slurm = &states[&p.id][step.name()];
                        status = "failed".into();
                        error = match slurm["state"].as_str() {
                            Some(s) => format!(
                                "{}: Slurm task {} ended {s}",
                                step.name(),
                                slurm["job"].as_str().unwrap_or("?")
                            ),
                            None => format!("{}: did not run", step.name()),
                        };
                        break;
                    }
                }
            }
            let metric = |k: &str| {
                results
                    .iter()
                    .find_map(|r| r.metrics.get(k).filter(|v| !v.is_null()).cloned())
            };
            for k in [
                "ii",
                "depth",
                "cycles",
                "dsps",
                "fmax_mhz",
                "clock_mhz",
                "loops",
            ] {
                values.insert(k.into(), metric(k).unwrap_or(Value::Null));
            }
            // Measured LUTs (synth or the open flow) where a step measured them, else the
            // compile report's estimate of the operator cores alone.
            let (luts, from) = match metric("luts") {
                Some(l) => (l, "synthesis"),
                None => (metric("luts_estimate").unwrap_or(Value::Null), "estimate"),
            };
            if values["dsps"].is_null() {
                values.insert(
                    "dsps".into(),
                    metric("dsps_estimate").unwrap_or(Value::Null),
                );
            }
            values.insert("luts".into(), luts);
            values.insert("luts_from".into(), json!(from));
            values.insert("status".into(), json!(status));
            values.insert("error".into(), json!(error));
            Row {
                point: p.clone(),
                ok: status == "ok",
                values,
                seconds,
            }
        })
        .collect()
}

/// Writes summary.csv, summary.json and pareto.svg; returns (ok, failed) counts.
pub fn write(plan: &Plan, jobs: &Value) -> Result<(usize, usize), Error> {
    let rows = rows(plan);
    let csv_path = plan.out.join("summary.csv");
    let io_csv = |e: csv::Error| Error::Flow(format!("{}: {e}", csv_path.display()));
    let mut w = csv::Writer::from_path(&csv_path).map_err(io_csv)?;
    let mut header: Vec<String> = vec!["point".into(), "kernel".into()];
    header.extend(plan.axes.iter().cloned());
    header.extend(COLUMNS.iter().map(|c| c.to_string()));
    w.write_record(&header).map_err(io_csv)?;
    for r in &rows {
        let mut rec = vec![r.point.id.clone(), r.point.kernel.clone()];
        rec.extend(r.point.labels.iter().cloned());
        rec.extend(COLUMNS.iter().map(|c| match &r.values[*c] {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            v => v.to_string(),
        }));
        w.write_record(&rec).map_err(io_csv)?;
    }
    w.flush().map_err(|e| Error::Io {
        path: csv_path.display().to_string(),
        source: e,
    })?;
    let json_rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            let mut o = r.values.clone();
            o.insert("point".into(), json!(r.point.id));
            o.insert("kernel".into(), json!(r.point.kernel));
            o.insert(
                "axes".into(),
                plan.axes
                    .iter()
                    .cloned()
                    .zip(r.point.labels.iter().map(|l| json!(l)))
                    .collect::<Map<_, _>>()
                    .into(),
            );
            o.insert("settings".into(), json!(r.point.settings));
            o.insert("seconds".into(), Value::Object(r.seconds.clone()));
            o.insert("key".into(), json!(r.point.key));
            Value::Object(o)
        })
        .collect();
    let summary =
        json!({"tool": plan.tool, "steps": plan.steps, "slurm_jobs": jobs, "points": json_rows});
    let path = plan.out.join("summary.json");
    std::fs::write(&path, format!("{summary:#}\n")).map_err(crate::io(&path))?;
    super::pareto::write(&rows, &plan.out.join("pareto.svg"))?;
    let ok = rows.iter().filter(|r| r.ok).count();
    Ok((ok, rows.len() - ok))
}
