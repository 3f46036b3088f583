#!/usr/bin/env python3
"""Float reductions, sequential and split into lanes (--fp-relaxed): co-simulated cycles
against the loop's bound.

    python3 bench/reductions.py [--hls-build target/release/hls-build] [--rows 8] [--n 256]

(build first: cargo build --release). For each kernel, `hls-build sim` on the default
board (20-cycle memory) without and with --fp-relaxed: the inner loop's II, its MII, the
reductions split and their lanes, and the RTL's cycles. The bound is what one pipeline
can do: every inner iteration at the loop's MII plus one pipeline depth
(iterations x MII + depth). Work-items run one at a time (--max-interleaving 1), so
each work-item's loop drains before the next starts and the relaxed rows stay above the
bound by about a depth per loop invocation; interleaved (the default) they need no lanes
(bench/interleave.py). Numbers for BENCHMARKS.md come from this script."""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser()
ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
ap.add_argument("--rows", type=int, default=8)
ap.add_argument("--n", type=int, default=256)
args = ap.parse_args()
R, N = args.rows, args.n
red = root / "tests/relaxed/reductions.cl"
# (label, file, kernel, global, arguments, inner iterations in all)
cases = [
    ("dot_rows", red, "dot_rows", R,
     [f"a=random:{R * N}:1", f"x=random:{N}:2", f"y=zeros:{R}", f"n={N}"], R * N),
    ("sum_positive", red, "sum_positive", R,
     [f"a=random:{R * N}:1", f"y=zeros:{R}", f"n={N}"], R * N),
    ("moments (sum, fma, sub)", red, "moments", R,
     [f"a=random:{R * N}:1", f"y=zeros:{3 * R}", f"n={N}"], R * N),
    ("dsum (double)", red, "dsum", R,
     [f"a=random:{R * N}:1", f"y=zeros:{R}", f"n={N}"], R * N),
    ("matvec", root / "tests/kernels/matvec.cl", "matvec", R,
     [f"m=random:{R * N}:1", f"v=random:{N}:2", f"y=zeros:{R}", f"n={N}"], R * N),
    ("matmul16 (single work-item)", root / "bench/timing/matmul16.cl", "matmul16", 1,
     ["a=random:256:1", "b=random:256:2", "c=random:256:3"], 16 * 16 * 16),
]

print("| kernel | II strict → relaxed (MII) | lanes | cycles strict | cycles relaxed | bound relaxed | relaxed / bound | speed-up |")
print("|---|---|---|---|---|---|---|---|")
with tempfile.TemporaryDirectory() as tmp:
    for label, src, kernel, glob, kargs, iters in cases:
        row = {}
        # One work-item at a time: interleaved (the default, bench/interleave.py), the rows'
        # work-items reach II 1 in order and no reduction is split.
        one = ["--max-interleaving", "1"]
        for mode, extra in (("strict", one), ("relaxed", ["--fp-relaxed"] + one)):
            out = pathlib.Path(tmp, f"{kernel}-{mode}")
            cmd = [args.hls_build, "-q", "sim", str(src), "--kernel", kernel,
                   "--global", str(glob), "-o", str(out)] + extra
            for a in kargs:
                cmd += ["--arg", a]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0 or "PASS" not in r.stdout:
                sys.exit(f"{label} {mode}: {r.stdout}{r.stderr}")
            cycles = int(re.search(r"(\d+) cycles", r.stdout).group(1))
            report = json.loads((out / "report.json").read_text())
            inner = [lp for lp in report["loops"]][-1]
            lanes = [str(x["lanes"]) for x in report["reductions"] if x["split"]]
            row[mode] = (cycles, inner["ii"], inner["mii"], inner["depth"], lanes)
        (cs, iis, _, _, _), (cr, iir, miir, depth, lanes) = row["strict"], row["relaxed"]
        bound = iters * miir + depth
        print(f"| {label} | {iis} → {iir} ({miir}) | {', '.join(lanes) or '—'} | {cs} | {cr} | "
              f"{bound} | {cr / bound:.2f} | {cs / cr:.1f}× |")
