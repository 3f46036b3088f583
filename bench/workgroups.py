#!/usr/bin/env python3
"""Kernels with work-group barriers: co-simulated cycles against their bounds.

    python3 bench/workgroups.py [--hls-build target/release/hls-build] [--groups 8]

(build first: cargo build --release). Each kernel of tests/kernels/wg_*.cl (but
wg_collectives, whose group size comes from the launch, and wg_group_branch, whose
groups visit different regions) runs with `hls-build sim` on the
default board (20-cycle memory) over `--groups` work-groups; the RTL must equal the model.
Each region between barriers is a loop over the work-items of a batch of up to `in flight`
groups next to one another in dimension 0 (report.json `work_groups`); a work-item passes
through `visits` regions (a barrier in a loop: once per trip). Three bounds, at II 1:
- the pipeline's: each region's loop fills and drains once a batch, batches x sum over
  visits of the region's depth, plus work-items x visits;
- one group in flight (before groups were batched): the same with a batch per group;
- issue 35's ideal, work-items x visits / groups in flight + depth: what that many
  pipelines side by side would reach (a batch shares one pipeline, so this is the bound of
  replicated compute units, not of what is built).
Numbers for BENCHMARKS.md come from this script."""
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
ap.add_argument("--groups", type=int, default=8)
args = ap.parse_args()
G = args.groups
K = root / "tests/kernels"
# (kernel, local size, global size, arguments, region visits per work-item in region order)
n = 8 * int(G ** 0.5 + 0.999)  # tiled: an n x n matrix of (n/8)^2 >= G groups of 8 x 8
cases = [
    ("wg_reverse", [64], [64 * G], [f"in=random:{64 * G}:1", f"out=zeros:{64 * G}"], [1, 1]),
    ("wg_uniform_if", [32], [32 * G],
     [f"in=random:{32 * G}:1", f"out=zeros:{32 * G}", "mode=3"], [1, 0, 1]),
    ("wg_tree_reduce", [64], [64 * G], [f"in=random:{64 * G}:1", f"out=zeros:{G}"], [1, 1, 6]),
    ("wg_histogram", [64], [64 * G], [f"in=random:{64 * G}:1", "hist=zeros:16"], [1, 1, 1]),
    ("wg_stencil", [8, 8], [16, 4 * G], [f"in=random:{64 * G}:1", f"out=zeros:{64 * G}",
                                         "w=16", f"h={4 * G}"], [1, 1]),
    ("wg_tiled_matmul", [8, 8], [n, n],
     [f"a=random:{n * n}:1", f"b=random:{n * n}:2", f"c=zeros:{n * n}", f"n={n}"],
     [1, n // 8, n // 8]),
    ("wg_async_copy", [32], [32 * G], [f"in=random:{64 * G}:1", f"out=zeros:{64 * G}"],
     [1, 1, 1]),
    # Two collectives through local atomics, between barriers.
    ("wg_scan", [64], [64 * G], [f"in=random:{64 * G}:1", f"out=zeros:{64 * G}",
                                 f"totals=zeros:{G}"], [1, 1, 1, 1, 1, 1]),
]

print("| kernel | groups in flight | work-groups × work-items | region visits | cycles | "
      "pipeline bound | cycles / that | one group in flight | issue's ideal (÷ in flight) |")
print("|---|---|---|---|---|---|---|---|---|")
with tempfile.TemporaryDirectory() as tmp:
    for kernel, local, glob, kargs, visits in cases:
        out = pathlib.Path(tmp, kernel)
        dims = lambda v: ",".join(map(str, v))
        cmd = [args.hls_build, "-q", "sim", str(K / f"{kernel}.cl"), "--global", dims(glob),
               "--local", dims(local), "-o", str(out)]
        for a in kargs:
            cmd += ["--arg", a]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0 or "PASS" not in r.stdout:
            sys.exit(f"{kernel}: {r.stdout}{r.stderr}")
        cycles = int(re.search(r"(\d+) cycles", r.stdout).group(1))
        rep = json.loads((out / "report.json").read_text())
        wg = rep["work_groups"]
        units = {u["name"]: u for u in rep["units"]}
        depths = [units[reg["unit"]].get("depth", 0) if reg["pipelined"] else None
                  for reg in wg["regions"]]
        if len(depths) != len(visits):
            sys.exit(f"{kernel}: regions {wg['regions']} (expected {len(visits)})")
        items = 1
        for x in local:
            items *= x
        groups = 1
        for g, l in zip(glob, local):
            groups *= g // l
        v = sum(visits)
        # A batch takes groups of one row (dimension 0): fewer when a row is shorter.
        row = glob[0] // local[0]
        fly = min(wg["in_flight"], row)
        batches = groups // row * -(-row // fly)
        head = f"| {kernel} | {fly} | {groups} × {items} | {v} | {cycles:,} | "
        ideal = groups * items * v // fly + max(d or 0 for d in depths)
        if None in depths:
            # A region with a loop inside runs its units per work-item (a collective's
            # loop in one work-item): no fill-and-drain bound for it.
            slow = [i for i, d in enumerate(depths) if d is None]
            print(head + f"regions {slow} run per work-item | | | {ideal:,} |")
            continue
        drains = sum(k * d for k, d in zip(visits, depths))
        bound = groups * items * v + batches * drains
        one = groups * items * v + groups * drains
        print(head + f"{bound:,} | {cycles / bound:.2f} | {one:,} | {ideal:,} |")
