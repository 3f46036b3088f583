#!/usr/bin/env python3
"""Time-indexed against Moovac-style ILP on the same modulo scheduling problems: every
pipelined loop of the kernels in tests/kernels (each compile writes OUT/schedules.json)
plus the synthetic loops, through `cargo run --release -p scheduler --example formulations`.

    cargo build --release && python3 bench/formulations.py [--limit 60]

Prints a markdown table for BENCHMARKS.md."""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
ap = argparse.ArgumentParser()
ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
ap.add_argument("--limit", default="60", help="seconds per problem and formulation")
args = ap.parse_args()

with tempfile.TemporaryDirectory() as tmp:
    outs = []
    for f in sorted((root / "tests/kernels").glob("*.cl")):
        probe = subprocess.run([args.hls_build, "compile", str(f), "-o", f"{tmp}/probe"],
                               capture_output=True, text=True)
        m = re.search(r"several kernels \(([^)]*)\)", probe.stderr)
        for k in (m.group(1).split(", ") if m else [None]):
            out = pathlib.Path(tmp, f"{f.stem}-{k}")
            cmd = [args.hls_build, "compile", str(f), "-o", str(out)] + (["--kernel", k] if k else [])
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                print(f"{f.name} {k}: {r.stderr.strip()}", file=sys.stderr)
                continue
            outs.append(str(out / "schedules.json"))
    sys.exit(subprocess.run(["cargo", "run", "-q", "--release", "-p", "scheduler", "--example",
                             "formulations", "--", "--limit", args.limit, "--synthetic"] + outs,
                            cwd=root).returncode)
