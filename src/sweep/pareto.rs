//! pareto.svg: every point that finished, cycles (log scale) against LUTs, one colour per
//! kernel; each kernel's Pareto front (no other point of it is both smaller and faster)
//! drawn as a line through filled marks, the dominated points hollow.

use super::summary::Row;
use crate::Error;
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

const COLOURS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// The indices of the points no other point beats on both axes (ties kept once), by LUTs.
pub fn front(points: &[(f64, f64)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| {
        points[a]
            .0
            .total_cmp(&points[b].0)
            .then(points[a].1.total_cmp(&points[b].1))
    });
    let mut best = f64::INFINITY;
    let mut out = Vec::new();
    for i in order {
        if points[i].1 < best {
            best = points[i].1;
            out.push(i);
        }
    }
    out
}

pub fn write(rows: &[Row], path: &Path) -> Result<(), Error> {
    let mut by_kernel: BTreeMap<&str, Vec<(f64, f64)>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.ok) {
        let (Some(l), Some(c)) = (r.values["luts"].as_f64(), r.values["cycles"].as_f64()) else {
            continue;
        };
        by_kernel
            .entry(&r.point.kernel)
            .or_default()
            .push((l, c.max(1.0)));
    }
    let all: Vec<(f64, f64)> = by_kernel.values().flatten().copied().collect();
    let fail = |e: String| Error::Flow(format!("{}: {e}", path.display()));
    let root = SVGBackend::new(path, (800, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
    if all.is_empty() {
        root.draw(&Text::new(
            "no point finished with both cycles and LUTs",
            (40, 40),
            ("sans-serif", 18),
        ))
        .map_err(|e| fail(e.to_string()))?;
        return root.present().map_err(|e| fail(e.to_string()));
    }
    let (x0, x1) = all
        .iter()
        .fold((f64::MAX, 0f64), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = all
        .iter()
        .fold((f64::MAX, 0f64), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let pad = ((x1 - x0) * 0.08).max(10.0);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "cycles against LUTs, per kernel (filled: Pareto front)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (x0 - pad).max(0.0)..x1 + pad,
            (y0 / 1.5..y1 * 1.5).log_scale(),
        )
        .map_err(|e| fail(e.to_string()))?;
    chart
        .configure_mesh()
        .x_desc("LUTs")
        .y_desc("cycles")
        .draw()
        .map_err(|e| fail(e.to_string()))?;
    for (k, (kernel, pts)) in by_kernel.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let on_front = front(pts);
        chart
            .draw_series(LineSeries::new(
                on_front.iter().map(|&i| pts[i]),
                colour.stroke_width(2),
            ))
            .map_err(|e| fail(e.to_string()))?
            .label(*kernel)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], colour.stroke_width(2))
            });
        chart
            .draw_series(pts.iter().enumerate().map(|(i, &p)| {
                let style = if on_front.contains(&i) {
                    colour.filled()
                } else {
                    colour.stroke_width(1)
                };
                Circle::new(p, 5, style)
            }))
            .map_err(|e| fail(e.to_string()))?;
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .draw()
        .map_err(|e| fail(e.to_string()))?;
    root.present().map_err(|e| fail(e.to_string()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_front_keeps_points_no_other_beats_on_both_axes() {
        let pts = [
            (100.0, 50.0),
            (200.0, 40.0),
            (150.0, 60.0),
            (300.0, 40.0),
            (90.0, 80.0),
        ];
        assert_eq!(super::front(&pts), vec![4, 0, 1]);
    }
}
