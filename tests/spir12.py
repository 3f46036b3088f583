#!/usr/bin/env python3
"""SPIR 1.2 input (tests/spir12/*.ll): each module assembled to bitcode with llvm-as-15, as a
SPIR 1.2 producer hands it over, then co-simulated by `hls-build sim X.bc --engine both`
(RTL = model) and compared with a numpy reference of the kernel.

    python3 tests/spir12.py [--hls-build target/release/hls-build]

Exit status 1 if any kernel fails, with one line per kernel."""
import argparse
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

root = pathlib.Path(__file__).resolve().parent.parent
N = 64
rng = np.random.default_rng(12)


def i32(lo, hi, n=N):
    return rng.integers(lo, hi, n, endpoint=True, dtype=np.int64).astype(np.int32)


def saxpy():
    x = rng.uniform(0, 100, N).astype(np.float32)
    y = rng.uniform(0, 100, N).astype(np.float32)
    a = np.float32(1.5)
    fused = (np.float64(a) * x + y).astype(np.float32)  # mad rounds once
    want = np.maximum(np.sqrt(fused), y)
    return "saxpy", {"x": x, "y": y}, {"a": "1.5"}, {"y": want}


def int_ops():
    a, b = i32(-2**31, 2**31 - 1), i32(-2**31, 2**31 - 1)
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    ua, ub = a.view(np.uint32).astype(np.uint64), b.view(np.uint32).astype(np.uint64)
    sh = b.view(np.uint32) & 31
    au = a.view(np.uint32)
    rot = ((au << sh) | (au >> ((32 - sh) & 31))).astype(np.uint32)
    rot = np.where(sh == 0, au, rot)
    pop = np.array([bin(int(v)).count("1") for v in au], dtype=np.int32)
    out = np.stack([
        ((a64 * b64) >> 32).astype(np.int32),
        ((ua * ub) >> 32).astype(np.uint32).view(np.int32),
        rot.view(np.int32),
        np.clip(a, -1000, 1000).astype(np.int32),
        np.clip(a64 + b64, -2**31, 2**31 - 1).astype(np.int32),
        pop,
    ], axis=1).reshape(-1)
    return "int_ops", {"a": a, "b": b, "out": np.zeros(6 * N, np.int32)}, {}, {"out": out}


def dot_rows():
    n = 8
    m = rng.uniform(-4, 4, N * n).astype(np.float32)
    v = rng.uniform(-4, 4, n).astype(np.float32)
    want = np.zeros(N, np.float32)
    for r in range(N):
        acc = np.float32(0)
        for k in range(n):  # fma: one rounding per step
            acc = np.float32(np.float64(m[r * n + k]) * np.float64(v[k]) + np.float64(acc))
        want[r] = acc
    return "dot_rows", {"m": m, "v": v, "out": np.zeros(N, np.float32)}, {"n": str(n)}, {"out": want}


def vec4_scale():
    x = rng.uniform(-10, 10, 4 * N).astype(np.float32)
    return ("vec4_scale", {"in": x, "out": np.zeros(4 * N, np.float32)}, {"s": "0.75"},
            {"out": x * np.float32(0.75)})


def histogram():
    data = i32(0, 1000)
    bins = np.zeros(16, np.int32)
    want = np.bincount(data & 15, minlength=16).astype(np.int32)
    return "histogram", {"data": data, "bins": bins}, {}, {"bins": want}


CASES = [saxpy, int_ops, dot_rows, vec4_scale, histogram]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    args = ap.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            name, bufs, scalars, want = case()
            bc = pathlib.Path(tmp, f"{name}.bc")
            subprocess.run(["llvm-as-15", str(root / "tests/spir12" / f"{name}.ll"), "-o",
                            str(bc)], check=True)
            cmd = [args.hls_build, "sim", str(bc), "--global", str(N), "--engine", "both",
                   "--dump-dir", str(pathlib.Path(tmp, name))]
            for k, v in bufs.items():
                f = pathlib.Path(tmp, f"{name}.{k}.npy")
                np.save(f, v)
                cmd += ["--arg", f"{k}=@{f}"]
            cmd += [a for k, v in scalars.items() for a in ("--arg", f"{k}={v}")]
            r = subprocess.run(cmd, capture_output=True, text=True)
            why = None
            if r.returncode != 0 or "PASS" not in r.stdout:
                why = (r.stderr.strip() or r.stdout.strip()).splitlines()[-1:]
            else:
                for k, w in want.items():
                    got = np.load(pathlib.Path(tmp, name, f"{k}.npy")).view(w.dtype)
                    if not np.array_equal(got, w):
                        i = int(np.flatnonzero(got != w)[0])
                        why = f"{k}[{i}]: {got[i]!r}, reference {w[i]!r}"
                        break
            print(f"{'FAIL' if why else 'ok  '} {name}" + (f": {why}" if why else
                                                          f" ({r.stdout.split()[0]} cycles)"))
            failed += bool(why)
    print(f"{len(CASES)} SPIR 1.2 kernels; {len(CASES) - failed} co-simulate and match")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
