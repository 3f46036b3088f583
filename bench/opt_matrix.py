#!/usr/bin/env python3
"""The optimisation matrix: every corpus kernel compiled as a user would (clang-15 with its
default flags, then llvm-spirv-15), at each optimisation level and with the relaxed-math
flags (and with -g), run through hls-build's model against pocl; and at the levels given to --rtl also
co-simulated (RTL = model).

    python3 bench/opt_matrix.py [--hls-build target/release/hls-build] [--rtl -O0,-O2]
                                [--sample N] [--jobs N]

Prints one line per flag set and a Markdown table for BENCHMARKS.md. --sample N takes N
kernels spread over the corpus files (the CI sample), at every flag set. Exit status 1 when
a kernel that the public toolchain translates differs or fails."""
import argparse
import concurrent.futures
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "tests"))
import corpus  # noqa: E402  (tests/corpus.py: the harness this drives)

# The five levels and two relaxed-math flags, and line tables (-g: OpLine and
# OpenCL.DebugInfo.100, which must not change what is computed).
FLAG_SETS = ["-O0", "-O1", "-O2", "-O3", "-Os", "-O2 -cl-fast-relaxed-math", "-O2 -cl-mad-enable",
             "-O0 -g", "-O2 -g"]
SUMMARY = re.compile(r"(\d+) kernels; (\d+) agree with pocl; (\d+) differ or fail"
                     r"(?:; (\d+) refused by clang/llvm-spirv)?(?:; (\d+) not built in hardware)?")


def sample(n):
    """n kernel names, taken round-robin over the corpus files so every file is in."""
    per_file = [[k for k, _ in corpus.kernels(p.read_text())]
                for p in sorted((root / "tests/corpus").glob("*.cl"))]
    out = []
    while len(out) < n and any(per_file):
        for ks in per_file:
            if ks and len(out) < n:
                out.append(ks.pop(0))
    return out


def run(hls, flags, rtl, only):
    cmd = [sys.executable, str(root / "tests/corpus.py"), "--hls-build", hls,
           f"--cflags={flags}"]
    if rtl:
        cmd.append("--rtl")
    if only:
        cmd += ["--only", ",".join(only)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    m = SUMMARY.search(r.stdout)
    if not m:
        return flags, rtl, None, r.stdout + r.stderr
    total, agree, fail, refused, no_hw = (int(x or 0) for x in m.groups())
    failures = [line for line in r.stdout.splitlines() if line.startswith("FAIL")]
    return flags, rtl, (total, agree, fail, refused, no_hw), "\n".join(failures)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--rtl", default="", help="flag sets also co-simulated, comma-separated")
    ap.add_argument("--sample", type=int, help="only N kernels (spread over the files)")
    ap.add_argument("--jobs", type=int, default=4)
    args = ap.parse_args()
    only = sample(args.sample) if args.sample else None
    runs = [(f, False) for f in FLAG_SETS]
    runs += [(f, True) for f in args.rtl.split(",") if f]
    bad = False
    rows = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(run, args.hls_build, f, rtl, only) for f, rtl in runs]
        for j in jobs:
            flags, rtl, counts, detail = j.result()
            engine = "model + RTL" if rtl else "model"
            if counts is None:
                print(f"{flags} ({engine}): the harness did not finish:\n{detail}")
                bad = True
                continue
            total, agree, fail, refused, no_hw = counts
            print(f"{flags:28} {engine:12} {total} kernels: {agree} agree, {fail} differ or "
                  f"fail, {refused} refused by clang/llvm-spirv, {no_hw} not built in hardware")
            if detail:
                print("  " + detail.replace("\n", "\n  "))
            bad |= fail > 0
            rows.append(f"| `{flags}` | {engine} | {total} | {agree} | {fail} | {refused} | {no_hw} |")
    print("\n| clang flags | engines | kernels | agree with pocl | differ or fail | refused by the translator | not built in hardware yet |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
