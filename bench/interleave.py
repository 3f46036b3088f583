#!/usr/bin/env python3
"""Work-items interleaved around their own loop: co-simulated cycles one work-item at a
time (--max-interleaving 1) and interleaved (the default), against what one pipeline
issuing every cycle can do.

    source scripts/env.sh && python3 bench/interleave.py [--hls-build target/release/hls-build]

(build first: cargo build --release). Default board, 20-cycle memory; RTL = model in
every run. Each work-item runs a loop whose recurrence sets its II one at a time (a float
sum, an integer step, an escape-time iteration). Interleaved, the flattened loop issues
the iterations of `slots` work-items in turn; a run whose loads before the loop would
close the slot's chain first waits some turns for them. *Issued*: the loop's iterations
(a run of t >= 1 iterations takes t turns, a run that skips the loop one) plus every
run's waiting turns; the bound is issued + one depth (II 1, no bubble)."""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import numpy as np

root = pathlib.Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser()
ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
args = ap.parse_args()
rng = np.random.default_rng(34)
R, N = 64, 64
red = root / "tests/relaxed/reductions.cl"
kernels = root / "tests/kernels"


def fixed(trips):
    return lambda dump: trips


def from_output(name):
    """A run's trip count is the kernel's output (steps): at least one turn each."""
    return lambda dump: int(np.maximum(np.load(dump / f"{name}.npy"), 1).sum())


def cases(tmp):
    collatz = pathlib.Path(tmp, "start.npy")
    np.save(collatz, rng.integers(1, 1000, 256).astype(np.uint32))
    cx, cy = pathlib.Path(tmp, "cx.npy"), pathlib.Path(tmp, "cy.npy")
    np.save(cx, rng.uniform(-2.0, 0.5, 1024).astype(np.float32))
    np.save(cy, rng.uniform(-1.25, 1.25, 1024).astype(np.float32))
    return [
        ("matvec (float sum)", kernels / "matvec.cl", "matvec", R,
         [f"m=random:{R * N}:1", f"v=random:{N}:2", f"y=zeros:{R}", f"n={N}"], fixed(R * N)),
        ("dot_rows (float sum)", red, "dot_rows", R,
         [f"a=random:{R * N}:1", f"x=random:{N}:2", f"y=zeros:{R}", f"n={N}"], fixed(R * N)),
        ("collatz (integer while)", kernels / "collatz.cl", "collatz", 256,
         [f"start=@{collatz}", "steps=zeros:256"], from_output("steps")),
        ("escape_time (float while)", kernels / "escape_time.cl", "escape_time", 1024,
         [f"cx=@{cx}", f"cy=@{cy}", "steps=zeros:1024"], from_output("steps")),
    ]


def sim(src, kernel, glob, kargs, out, extra):
    cmd = [args.hls_build, "-q", "sim", str(src), "--kernel", kernel, "--global", str(glob),
           "-o", str(out), "--dump-dir", str(out / "dump")] + extra
    for a in kargs:
        cmd += ["--arg", a]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or "PASS" not in r.stdout:
        sys.exit(f"{kernel} {extra}: {r.stdout}{r.stderr}")
    report = json.loads((out / "report.json").read_text())
    return int(re.search(r"(\d+) cycles", r.stdout).group(1)), report


print("| kernel | work-items | iterations | one at a time: II, cycles | interleaved: slots, waits | II | cycles | issued + depth | cycles / that | speed-up |")
print("|---|---|---|---|---|---|---|---|---|---|")
with tempfile.TemporaryDirectory() as tmp:
    for label, src, kernel, glob, kargs, trips in cases(tmp):
        one_out, out = pathlib.Path(tmp, f"{kernel}-1"), pathlib.Path(tmp, kernel)
        c1, r1 = sim(src, kernel, glob, kargs, one_out, ["--max-interleaving", "1"])
        c, r = sim(src, kernel, glob, kargs, out, [])
        iters = trips(out / "dump")
        nest = r["nests"][0]
        slots, waits = nest["interleaved"], nest["wait_turns"]
        lp = r["loops"][-1]
        ii1 = max(x["ii"] for x in r1["loops"])
        bound = iters + glob * waits + lp["depth"]
        print(f"| {label} | {glob} | {iters} | {ii1}, {c1} | {slots}, {waits} | {lp['ii']} | {c} | "
              f"{bound} | {c / bound:.2f} | {c1 / c:.1f}× |")
