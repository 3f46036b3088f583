#!/usr/bin/env python3
"""Memory bandwidth: vadd on 2^16 floats through the load-store units, per board memory.

    python3 bench/bandwidth.py [--hls-build PATH] [--floats N] [--boards B,B...]

(build first: cargo build --release.) Co-simulates (RTL = model, or the run fails)
tests/kernels/vadd.cl (one float a work-item) and tests/kernels/vadd16.cl (a float16 a
work-item) on each board's memory model: its banks' latency and bandwidth, the buffers in
the memory plan's banks (round robin). Prints a markdown table for BENCHMARKS.md: cycles,
each port's bursts and beats, and the share of the run the busiest bank's bus was busy
(the port's modelled bandwidth used). Issue 34 asks at least 90% of a 512-bit port for
vadd; a float a cycle is 4 bytes of the port's 64, so it is vadd16 that can fill it."""
import argparse
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_BOARDS = [str(root / "bench/qor/ddr512.yaml"), "u250", "u280"]


def run(hls, board, kernel, floats, lanes):
    items = floats // lanes
    cmd = [hls, "-q", "sim", str(root / "tests/kernels" / f"{kernel}.cl"), "--board", board,
           "--global", str(items), "--arg", f"a=random:{floats}:1", "--arg",
           f"b=random:{floats}:2", "--arg", f"c=zeros:{floats}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or "PASS" not in r.stdout:
        sys.exit(f"{kernel} on {board}: RTL and model disagree or the run failed:\n"
                 f"{r.stdout}{r.stderr}")
    cycles = int(re.search(r"^(\d+) cycles", r.stdout, re.M).group(1))
    ports = {}
    for m in re.finditer(r"(m_axi_\w+): (\d+) read bursts \((\d+) beats\), (\d+) write bursts "
                         r"\((\d+) beats\)(?:, the bank's bus busy ([\d.]+)%)?", r.stdout):
        ports[m.group(1)] = [int(x) for x in m.group(2, 3, 4, 5)] + [float(m.group(6) or 0)]
    return cycles, ports


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--floats", type=int, default=1 << 16)
    ap.add_argument("--boards", default=",".join(DEFAULT_BOARDS))
    opts = ap.parse_args()
    print("| board | kernel | cycles | a: read bursts / beats | c: write bursts / beats | "
          "bus busy (busiest port) |")
    print("|---|---|---|---|---|---|")
    for board in opts.boards.split(","):
        name = pathlib.Path(board).stem if board.endswith(".yaml") else board
        for kernel, lanes in (("vadd", 1), ("vadd16", 16)):
            cycles, ports = run(opts.hls_build, board, kernel, opts.floats, lanes)
            a, c = ports["m_axi_a"], ports["m_axi_c"]
            busy = max(p[4] for p in ports.values())
            print(f"| {name} | {kernel} | {cycles} | {a[0]} / {a[1]} | {c[2]} / {c[3]} | "
                  f"{busy:.1f}% |", flush=True)


if __name__ == "__main__":
    main()
