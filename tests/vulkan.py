#!/usr/bin/env python3
"""Vulkan compute input (tests/vulkan/*.comp): each GLSL compute shader, written for this
project, goes through `hls-build sim X.comp` (glslangValidator -V --target-env vulkan1.1,
then the Vulkan translation), is co-simulated (RTL = model) and compared with a numpy
reference of the shader.

    python3 tests/vulkan.py [--hls-build target/release/hls-build] [--engine both|model] [--only NAME,…]

Exit status 1 if any shader fails, with one line per shader."""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

root = pathlib.Path(__file__).resolve().parent.parent
N = 64
rng = np.random.default_rng(33)
f32 = np.float32


def saxpy():
    x = rng.uniform(-100, 100, N).astype(f32)
    y = rng.uniform(-100, 100, N).astype(f32)
    n = 50
    want = y.copy()
    want[:n] = f32(1.5) * x[:n] + y[:n]  # glslang keeps a*x+y as a multiply and an add
    return dict(bufs={"x": x, "y": y}, scalars={"a": "1.5", "n": n}, want={"y": want})


def scale_bias():
    v = rng.integers(-2**31, 2**31 - 1, N, dtype=np.int64).astype(np.int32)
    q = (v >> 3) & np.int32(0xFFF)
    want = q.astype(f32) * f32(0.25) + f32(-7.5)
    return dict(bufs={"src": v, "dst": np.zeros(N, f32)},
                scalars={"scale": "0.25", "bias": "-7.5", "shift": 3, "mask": 0xFFF},
                want={"dst": want})


def ubo_clamp():
    d = rng.uniform(-10, 10, 2 * N).astype(f32)
    want = d.copy()
    want[::2] = np.clip(d[::2], f32(-1.5), f32(2.5))
    return dict(bufs={"data": d}, scalars={"lo": "-1.5", "hi": "2.5", "stride": 2},
                want={"data": want})


def row_dot():
    cols = 12
    m = rng.uniform(-4, 4, N * cols).astype(f32)
    v = rng.uniform(-4, 4, cols).astype(f32)
    want = np.zeros(N, f32)
    for r in range(N):
        acc = f32(0)
        for k in range(cols):
            acc = f32(acc + f32(m[r * cols + k] * v[k]))
        want[r] = acc
    return dict(bufs={"m": m, "v": v, "r": np.zeros(N, f32)}, scalars={"cols": cols},
                want={"r": want})


def collatz():
    start = rng.integers(1, 5000, N).astype(np.uint32)
    steps = np.zeros(N, np.uint32)
    for i, s in enumerate(start):
        x, n = int(s), 0
        while x != 1 and n < 200:
            x = (3 * x + 1) & 0xFFFFFFFF if x & 1 else x >> 1
            n += 1
        steps[i] = n
    return dict(bufs={"start": start, "steps": np.zeros(N, np.uint32)}, want={"steps": steps})


def math_fns():
    a = rng.uniform(-6, 6, N).astype(f32)
    b = rng.uniform(0.01, 8, N).astype(f32)
    x, y = a.astype(np.float64), b.astype(np.float64)
    sm = np.clip(y / 4, 0, 1)
    out = np.stack([
        np.exp(x * 0.125) + np.log(y),
        np.sqrt(y) / np.sqrt(y + 1),
        y ** 0.75,
        np.sin(x) + np.cos(y),
        np.floor(x) + (y * 3.5 - np.floor(y * 3.5)),
        np.clip(x, -2, 2) + (x + (y - x) * 0.25),
        (y >= 0.5) + sm * sm * (3 - 2 * sm),
        np.abs(x) + np.minimum(x, y) + np.maximum(x, y) + np.arctan2(x, y),
    ], axis=1).reshape(-1)
    # GLSL's precision rules (a few ulp, or 2^-11 absolute for sin/cos): well inside 1e-5
    # relative plus 1e-6 absolute for these ranges.
    return dict(bufs={"a": a, "b": b, "o": np.zeros(8 * N, f32)}, want={"o": out},
                tol=(1e-5, 1e-6))


def int_ops():
    a = rng.integers(-2**31, 2**31 - 1, N, dtype=np.int64)
    b = rng.integers(-2**31, 2**31 - 1, N, dtype=np.int64)
    b[::7] = 0
    wrap = lambda v: ((np.asarray(v, dtype=np.int64) + 2**31) % 2**32 - 2**31).astype(np.int32)
    ua, ub = a % 2**32, b % 2**32
    d = ub | 1
    # C-style truncating division, exactly
    quot = np.array([(-1 if bb == 0 else (abs(aa) // abs(bb)) * (1 if (aa < 0) == (bb < 0) else -1))
                     for aa, bb in zip(a, b)], dtype=np.int64)
    mod97 = a % 97  # OpSMod: the divisor's sign, as Python's %
    out = np.stack([
        wrap(a * b + (a ^ wrap(b << 3).astype(np.int64))),
        wrap(ua // d + ua % d),
        wrap(quot),
        wrap(np.clip(a, -1000, 1000) + np.minimum(a, b) - np.maximum(a, b)),
        wrap((np.minimum(ua, ub) >> 7) + mod97),
        wrap(a >> (b & 31)),
    ], axis=1).reshape(-1)
    return dict(bufs={"a": a.astype(np.int32), "b": b.astype(np.int32),
                      "o": np.zeros(6 * N, np.int32)}, want={"o": out})


def vec4_ops():
    p = rng.uniform(-10, 10, 4 * N).astype(f32)
    v = p.reshape(N, 4)
    q = (v[:, ::-1] * f32(2) - np.array([1, 2, 3, 4], f32)).reshape(-1)
    ln = (v.astype(np.float64) @ np.full(4, 0.5)) + np.linalg.norm(v[:, :3].astype(np.float64), axis=1)
    return dict(bufs={"p": p, "q": np.zeros(4 * N, f32), "len": np.zeros(N, f32)},
                want={"q": q, "len": ln.astype(np.float32)}, tol=(2e-6, 1e-6))


def ids_2d():
    gx, gy = 32, 8
    o = np.zeros(gx * gy, np.uint32)
    for y in range(gy):
        for x in range(gx):
            wx, wy, lx, ly = x // 8, y // 4, x % 8, y % 4
            o[y * gx + x] = (wy * (gx // 8) + wx) * 1000 + ly * 8 + lx + (ly * 8 + lx) * 100000
    return dict(bufs={"o": np.zeros(gx * gy, np.uint32)}, want={"o": o}, glob="32,8")


def spec_consts():
    d = rng.uniform(-10, 10, N).astype(f32)
    want = d * f32(3.0) + f32(32 + 7)
    return dict(bufs={"d": d}, want={"d": want}, flags=["--spec", "0=32", "--spec", "1=3.0",
                                                        "--spec", "2=7"])


def histogram():
    data = rng.integers(0, 1000, N).astype(np.uint32)
    want = np.bincount(data & 15, minlength=16).astype(np.uint32)
    return dict(bufs={"data": data, "bins": np.zeros(16, np.uint32)}, want={"bins": want})


def shared_scratch():
    x = rng.integers(0, 2**20, N).astype(np.uint32)
    want = (x * np.uint32(10)) ^ (np.arange(N, dtype=np.uint32) % 16)  # 1+2+3+4 = 10
    return dict(bufs={"x": x, "o": np.zeros(N, np.uint32)}, want={"o": want})


def shared_reverse():
    x = rng.uniform(-1, 1, 2 * N).astype(f32)
    want = x.reshape(2, 64)[:, ::-1].reshape(-1)
    return dict(bufs={"i_": x, "o": np.zeros(2 * N, f32)}, want={"o": want}, glob=str(2 * N))


def shared_reduce():
    x = rng.integers(-100, 100, 4 * 32).astype(f32)  # integers: any summation order is exact
    want = x.reshape(4, 32).sum(axis=1).astype(f32)
    return dict(bufs={"x": x, "sums": np.zeros(4, f32)}, want={"sums": want}, glob="128")


CASES = [saxpy, scale_bias, ubo_clamp, row_dot, collatz, math_fns, int_ops, vec4_ops, ids_2d,
         spec_consts, histogram, shared_scratch, shared_reverse, shared_reduce]


def run(case, hls_build, engine, tmp):
    name = case.__name__
    c = case()
    out = pathlib.Path(tmp, f"{name}.out")
    cmd = [hls_build, "sim", str(root / "tests/vulkan" / f"{name}.comp"), "--global",
           c.get("glob", str(N)), "--engine", engine, "--dump-dir", str(pathlib.Path(tmp, name))]
    cmd += ["-o", str(out)] if engine != "model" else []
    cmd += c.get("flags", [])
    for k, v in c["bufs"].items():
        f = pathlib.Path(tmp, f"{name}.{k}.npy")
        np.save(f, v)
        cmd += ["--arg", f"{k}=@{f}"]
    cmd += [a for k, v in c.get("scalars", {}).items() for a in ("--arg", f"{k}={v}")]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or "PASS" not in r.stdout:
        return (r.stderr.strip() or r.stdout.strip()).splitlines()[-1:], engine, r
    for k, w in c["want"].items():
        got = np.load(pathlib.Path(tmp, name, f"{k}.npy"))
        got = got.astype(np.float64) if w.dtype == np.float64 else got.view(w.dtype)
        if "tol" in c:
            rel, ab = c["tol"]
            bad = np.abs(got.astype(np.float64) - w) > rel * np.abs(w) + ab
        else:
            bad = got != w
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            return f"{k}[{i}]: {got[i]!r}, reference {w[i]!r}", engine, r
    return None, engine, r


def bound(c, tmp, name):
    """items x II + depth, the schedule's own count, for a kernel that is one pipeline over
    the work-items, else None (loops per work-item have data-dependent trip counts)."""
    try:
        report = json.loads(pathlib.Path(tmp, f"{name}.out", "report.json").read_text())
    except (OSError, ValueError):
        return None
    units = report.get("units", [])
    if len(units) != 1 or units[0].get("kind") != "work-item loop":
        return None
    items = int(np.prod([int(x) for x in c.get("glob", str(N)).split(",")]))
    return items * units[0]["ii"] + units[0]["depth"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--engine", default="both", choices=["both", "model"])
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    cases = [c for c in CASES if not args.only or c.__name__ in args.only.split(",")]
    failed = cosim = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            why, engine, r = run(case, args.hls_build, args.engine, tmp)
            cycles = r.stdout.split()[0] if engine != "model" and not why else ""
            b = bound(case(), tmp, case.__name__) if cycles else None
            vs = f"; items x II + depth = {b}" if b else ""
            note = f" ({cycles} cycles{vs})" if cycles else ""
            print(f"{'FAIL' if why else 'ok  '} {case.__name__}" + (f": {why}" if why else note))
            failed += bool(why)
            cosim += bool(not why and engine == "both")
    print(f"{len(cases)} GLSL compute shaders; {len(cases) - failed} match numpy, "
          f"{cosim} of them co-simulated (RTL = model)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
