#!/usr/bin/env python3
"""Kernel Fmax against the Fmax of the slowest core it instantiates, on ECP5 out of context.

    python3 bench/timing.py [--only a.cl:k,b.cl] [--seeds 3] [--jobs 2] [--out DIR]
                            [--report-only]

For each kernel of tests/kernels (and bench/timing/*.cl): `hls-build compile --board ulx3s`
to learn from report.json's predicted_fmax the slowest part the kernel instantiates with a
standalone ECP5 Fmax: a staged core (the family's delay model, from rtl-gen/cores/BENCHMARKS.md's core
table) or the kernel frame (the AXI queues, stall, counters and control slave around any
kernel with global memory: `interface_fmax_mhz`, measured as the frame around a copy,
bench/timing/copy.cl, so copy.cl's own row is its calibration); then `compile --timing` at
that Fmax as the kernel clock (so the schedule chains for the clock it is judged at), once
per seed. A kernel with neither is clocked at the fastest the ECP5 delay model allows,
250 MHz. Prints a markdown table for BENCHMARKS.md: the slowest part and its Fmax, the
kernel's Fmax (median over the seeds), the ratio (the target of issue 38 is 0.9), the delay
model's prediction, and the critical path in words.
With --out DIR, a run whose timing.json exists in DIR is not run again (a campaign can be
resumed); without it every run is fresh, in target/timing-bench.
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
binary = root / "target" / "release" / "hls-build"
sys.path.insert(0, str(root / "bench"))
import ecp5_flow  # noqa: E402
NO_CORE_MHZ = 250.0


def kernels():
    """(file, kernel) for every kernel of tests/kernels and bench/timing, in file order."""
    files = sorted((root / "tests" / "kernels").glob("*.cl")) + sorted(
        (root / "bench" / "timing").glob("*.cl"))
    return ecp5_flow.kernels(files)


def run(f, name, out, clock=None, seed=1, timeout=1800):
    """One `compile --timing`; its timing.json, or {"error": ...}."""
    t = out / "timing" / "timing.json"
    if t.exists():
        return json.loads(t.read_text())
    args = [str(binary), "-q", "compile", str(f), "--kernel", name, "--board", "ulx3s",
            "--timing", "--timing-seed", str(seed), "-o", str(out)]
    if clock:
        args += ["--clock", f"{clock:.1f}"]
    try:
        r = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"over {timeout // 60} minutes"}
    if r.returncode != 0 or not t.exists():
        last = (r.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": last[:160]}
    return json.loads(t.read_text())


def words(path):
    """The critical path as the kernel's parts, first to last, without repeats."""
    seen = []
    for s in path:
        m = s.get("meaning") or s["signal"]
        m = re.sub(r", (inside its core|delayed \d+ cycles)$", "", m)
        if not seen or seen[-1] != m:
            seen.append(m)
    return " → ".join(seen)


def one(f, name, scratch, seeds):
    base = scratch / f"{f.stem}-{name}"
    row = {"kernel": f"{f.name}:{name}"}
    probe = base / "probe"
    r = subprocess.run([str(binary), "-q", "compile", str(f), "--kernel", name, "--board",
                        "ulx3s", "-o", str(probe)], capture_output=True, text=True)
    if r.returncode != 0:
        row["error"] = (r.stderr.strip().splitlines() or ["compile failed"])[-1][:160]
        return row
    pred = json.loads((probe / "report.json").read_text()).get("predicted_fmax") or {}
    core = pred.get("slowest_core")
    frame = pred.get("frame_fmax_mhz")
    row["core"], row["core_mhz"] = (core["class"], core["fmax_mhz"]) if core else ("none",
                                                                                NO_CORE_MHZ)
    if frame and frame < row["core_mhz"]:
        row["core"], row["core_mhz"] = "frame", frame
    results = [run(f, name, base / f"seed{s}", clock=row["core_mhz"], seed=s)
               for s in range(1, seeds + 1)]
    bad = [r for r in results if "error" in r or r.get("fmax_mhz") is None]
    if bad:
        row["error"] = bad[0].get("error", "no Fmax")
        return row
    fmax = [r["fmax_mhz"] for r in results]
    row["fmax"] = statistics.median(fmax)
    row["seeds"] = fmax
    row["predicted"] = (results[0].get("predicted") or {}).get("fmax_mhz")
    median_run = sorted(results, key=lambda r: r["fmax_mhz"])[len(results) // 2]
    row["path"] = words(median_run["critical_path"])
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", help="comma-separated file.cl or file.cl:kernel")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--out", type=pathlib.Path,
                    help="keep runs here and resume from them (default: fresh runs)")
    args = ap.parse_args()
    if not binary.exists():
        sys.exit(f"{binary} is missing: run `cargo build --release` first")
    if args.out is None:
        # Fresh: results of an earlier build must not stand in for this one's.
        args.out = root / "target" / "timing-bench"
        shutil.rmtree(args.out, ignore_errors=True)
    todo = kernels()
    if args.only:
        want = args.only.split(",")
        todo = [(f, n) for f, n in todo if f.name in want or f"{f.name}:{n}" in want]
    print(f"# python3 bench/timing.py --seeds {args.seeds}"
          + (f" --only {args.only}" if args.only else ""), file=sys.stderr)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda k: one(*k, args.out, args.seeds), todo))
    print("| kernel | slowest part | its Fmax | kernel Fmax (median) | seeds | ratio | "
          "predicted | critical path |")
    print("|---|---|---|---|---|---|---|---|")
    met = 0
    for r in rows:
        if "error" in r:
            print(f"| {r['kernel']} | {r.get('core', '')} | | | | | | {r['error']} |")
            continue
        ratio = r["fmax"] / r["core_mhz"]
        met += ratio >= 0.9
        seeds = ", ".join(f"{x:.1f}" for x in r["seeds"])
        pred = f"{r['predicted']:.1f}" if r["predicted"] else ""
        print(f"| {r['kernel']} | {r['core']} | {r['core_mhz']:.1f} | {r['fmax']:.1f} | "
              f"{seeds} | {ratio:.2f}{' ✓' if ratio >= 0.9 else ''} | {pred} | {r['path']} |")
    print(f"\n{met} of {len(rows)} kernels reach 0.9 of their slowest part's Fmax.")


if __name__ == "__main__":
    main()
