#!/usr/bin/env python3
"""Compiles every kernel of tests/kernels and examples/ and prints, per pipelined loop, its
II, MII, stages, register bits and solve time, then the median and maximum solve time.

    python3 bench/loops.py [--hls-build target/release/hls-build] [--json out.json]

(build first: cargo build --release). Numbers for BENCHMARKS.md come from this script."""
import argparse
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser()
ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
ap.add_argument("--json")
args = ap.parse_args()

files = sorted((root / "tests/kernels").glob("*.cl"))  # examples/vadd.cl is tests' vadd
rows = []
with tempfile.TemporaryDirectory() as tmp:
    for f in files:
        probe = subprocess.run([args.hls_build, "compile", str(f), "-o", f"{tmp}/probe"],
                               capture_output=True, text=True)
        m = re.search(r"several kernels \(([^)]*)\)", probe.stderr)
        kernels = m.group(1).split(", ") if m else [None]
        for k in kernels:
            out = f"{tmp}/{f.stem}-{k}"
            cmd = [args.hls_build, "compile", str(f), "-o", out] + (["--kernel", k] if k else [])
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                print(f"{f.name} {k}: {r.stderr.strip()}", file=sys.stderr)
                continue
            report = json.loads(pathlib.Path(out, "report.json").read_text())
            for lp in report["loops"]:
                rows.append({"kernel": report["kernel"], "loop": lp["name"], "ii": lp["ii"],
                             "mii": lp["mii"], "res_mii": lp["res_mii"],
                             "rec_mii": lp["rec_mii"], "stages": lp["stages"],
                             "register_bits": lp["register_bits"], "ops": lp["operations"],
                             "solver": lp["solver"], "solve_ms": lp["solve_ms"]})
print("| kernel | loop | ops | II | MII | ResMII | RecMII | stages | register bits | solve ms |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print(f"| {r['kernel']} | {r['loop']} | {r['ops']} | {r['ii']} | {r['mii']} | {r['res_mii']} | "
          f"{r['rec_mii']} | {r['stages']} | {r['register_bits']} | {r['solve_ms']:.2f} |")
times = [r["solve_ms"] for r in rows]
print(f"\n{len(rows)} loops; II = MII on {sum(r['ii'] == r['mii'] for r in rows)}; "
      f"solve ms median {statistics.median(times):.2f}, max {max(times):.1f}; "
      f"register bits total {sum(r['register_bits'] for r in rows)}")
if args.json:
    pathlib.Path(args.json).write_text(json.dumps(rows, indent=1))
