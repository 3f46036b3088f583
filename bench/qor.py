#!/usr/bin/env python3
"""Quality of results: the kernels of bench/qor/ co-simulated against their bounds.

    python3 bench/qor.py [--only gemm,fir] [--memory 32:20[,512:100]] [--flatten auto|off]
                         [--hls-build PATH]

(build first: cargo build --release; needs numpy and pocl, which scripts/install-deps.sh
installs). For each kernel, as written (strict) and with --fp-relaxed, under each memory
model: `32:N`, the default board's 32-bit ports at a fixed N-cycle latency (`--mem-latency
N`); `512:100`, 512-bit DDR ports of 100-cycle latency (bench/qor/ddr512.yaml: the buffers
in 4 banks round robin, each bank 64 bytes a cycle shared by its buffers, reached through
the load-store units). `hls-build sim` (RTL = model, or the run fails), the model's buffers against pocl's
(integers exactly; floats within 1e-4 of the buffer's largest magnitude, since pocl
contracts and orders sums as it likes), and the cycles against the bound:

- compute: for each pipelined unit, its iterations (all invocations) x its MII, summed,
  plus the deepest unit's depth once (a pipeline that never drains), plus the memory's
  latency once for the last store's write response (every kernel here ends by writing its
  result, and none is done before that write is acknowledged);
- bandwidth: each buffer's bytes once over its port (4 bytes a cycle on 32-bit ports; on
  the 512-bit model 64 bytes a cycle per bank, the bank's buffers' bytes summed), the largest;
- at II 1: every iteration at II 1 plus the depth (or the bandwidth bound if larger), what
  issue 34 asks for once forwarding, more ports and reassociation remove what MII counts.

Prints a markdown table for BENCHMARKS.md: cycles, bound, their ratio (issue 34's target
is 1.10), and whether every loop reaches its MII (II = MII)."""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import numpy as np

root = pathlib.Path(__file__).resolve().parent.parent
QOR = root / "bench" / "qor"
rng = np.random.default_rng(34)


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(np.float32)


def csr(rows=64, cols=64):
    counts = rng.integers(0, 12, size=rows)
    rowptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    col = rng.integers(0, cols, size=int(rowptr[-1])).astype(np.int32)
    return rowptr, col, f32(int(rowptr[-1]))


def nw_matrix(n=33):
    m = np.zeros((n, n), dtype=np.int32)
    m[0, :] = -np.arange(n)
    m[:, 0] = -np.arange(n)
    return m


def floyd_matrix(n=16):
    d = rng.integers(1, 100, size=(n, n)).astype(np.int32)
    np.fill_diagonal(d, 0)
    return d


rowptr, col, val = csr()
# kernel -> (global size, arguments in order: (name, array) or (name, scalar dtype, value),
#            {pipelined unit: iterations over the whole run})
KERNELS = {
    "gemm": ([1], [("a", f32(256)), ("b", f32(256)), ("c", np.zeros(256, np.float32))],
             {"gemm.cl:7": 16 ** 3}),
    "mm2": ([1], [("a", f32(64)), ("b", f32(64)), ("c", f32(64)),
                  ("tmp", np.zeros(64, np.float32)), ("d", np.zeros(64, np.float32))],
            {"mm2.cl:6": 64, "mm2.cl:13": 64}),
    "atax": ([1], [("a", f32(256)), ("x", f32(16)), ("tmp", np.zeros(16, np.float32)),
                   ("y", np.zeros(16, np.float32))],
             {"atax.cl:9": 256, "atax.cl:12": 256}),
    "bicg": ([1], [("a", f32(256)), ("r", f32(16)), ("p", f32(16)),
                   ("s", np.zeros(16, np.float32)), ("q", np.zeros(16, np.float32))],
             {"bicg.cl:9": 256}),
    "mvt": ([32], [("a", f32(1024)), ("y1", f32(32)), ("y2", f32(32)), ("x1", f32(32)),
                   ("x2", f32(32))], {"mvt.cl:7": 1024}),
    "gesummv": ([32], [("a", f32(1024)), ("b", f32(1024)), ("x", f32(32)),
                       ("y", np.zeros(32, np.float32)), ("alpha", "float32", 1.5),
                       ("beta", "float32", -0.5)], {"gesummv.cl:7": 1024}),
    "jacobi1d": ([1], [("a", f32(256)), ("b", np.zeros(256, np.float32))],
                 {"jacobi1d.cl:7": 8 * 254, "jacobi1d.cl:9": 8 * 254}),
    "jacobi2d": ([30, 30], [("a", f32(1024)), ("b", np.zeros(1024, np.float32))],
                 {"workitems": 900}),
    "seidel2d": ([1], [("a", f32(256))], {"seidel2d.cl:6": 14 * 14}),
    "floyd": ([1], [("d", floyd_matrix().ravel())], {"floyd.cl:6": 16 ** 3}),
    "nw": ([1], [("s1", rng.integers(0, 4, 32).astype(np.int32)),
                 ("s2", rng.integers(0, 4, 32).astype(np.int32)), ("m", nw_matrix().ravel())],
           {"nw.cl:6": 32 * 32}),
    "spmv": ([64], [("rowptr", rowptr), ("col", col), ("val", val), ("x", f32(64)),
                    ("y", np.zeros(64, np.float32))], {"spmv.cl:7": int(rowptr[-1])}),
    "histogram": ([1], [("data", rng.integers(0, 256, 2048).astype(np.uint8)),
                        ("hist", np.zeros(256, np.int32))], {"histogram.cl:4": 2048}),
    "fir": ([256], [("x", f32(256 + 15)), ("h", f32(16)), ("y", np.zeros(256, np.float32))],
            {"fir.cl:6": 256 * 16}),
    "sobel": ([30, 30], [("img", rng.integers(0, 256, 1024).astype(np.int32)),
                         ("out", np.zeros(1024, np.int32))], {"workitems": 900}),
    "crc": ([1], [("data", rng.integers(0, 256, 256).astype(np.uint8)),
                  ("out", np.zeros(1, np.uint32))], {"crc.cl:5": 256}),
    "blackscholes": ([256], [("s", f32(256, lo=10, hi=100)), ("k", f32(256, lo=10, hi=100)),
                             ("t", f32(256, lo=0.1, hi=2)), ("call", np.zeros(256, np.float32)),
                             ("put", np.zeros(256, np.float32)), ("r", "float32", 0.02),
                             ("v", "float32", 0.3)], {"workitems": 256}),
    "softmax": ([64], [("x", f32(64 * 32, lo=-4, hi=4)), ("y", np.zeros(64 * 32, np.float32))],
                {"softmax.cl:7": 64 * 31, "softmax.cl:10": 64 * 32, "softmax.cl:12": 64 * 32}),
    "kmeans": ([256], [("p", f32(1024)), ("c", f32(32)), ("label", np.zeros(256, np.int32))],
               {"workitems": 256}),
}


def pocl_outputs(kernel, glob, args, tmp):
    spec_args = []
    for a in args:
        if len(a) == 2:
            spec_args.append({"kind": "buffer", "name": a[0], "npy": str(tmp / f"{a[0]}.npy")})
        else:
            spec_args.append({"kind": "scalar", "dtype": a[1], "value": a[2]})
    spec = {"source": str(QOR / f"{kernel}.cl"), "kernel": kernel, "global": glob,
            "local": [1] * len(glob), "args": spec_args, "out": str(tmp / "pocl")}
    (tmp / "pocl.json").write_text(json.dumps(spec))
    subprocess.run([sys.executable, str(root / "tests/pocl_oracle.py"), str(tmp / "pocl.json")],
                   check=True)
    return tmp / "pocl"


def agrees(ours, theirs):
    if ours.dtype.kind == "f":
        scale = max(float(np.max(np.abs(theirs))), 1e-30)
        return bool(np.all(np.abs(ours.astype(np.float64) - theirs) <= 1e-4 * scale))
    return bool(np.array_equal(ours, theirs))


def holds(name, loop):
    """Does the pipelined unit `name` run the iterations of the loop `loop` (file.cl:LINE)?
    A flattened nest is named by its loops' lines from the outside in, the innermost last:
    file.cl:4/5/7 and work-items/file.cl:7 run those of file.cl:7."""
    name = name.removeprefix("work-items/")
    if name == loop or "/" not in name or ":" not in loop:
        return name == loop
    file, line = loop.split(":", 1)
    return name.startswith(file + ":") and name.rsplit("/", 1)[1] == line


DDR512 = QOR / "ddr512.yaml"
# 512:100's banks, and bytes a cycle per bank and on a 32-bit port.
BANKS, BANK_BYTES, PORT32_BYTES = 4, 64, 4


def memory_options(model):
    """hls-build sim's options for a memory model `BITS:LATENCY`."""
    bits, latency = model.split(":")
    if bits == "32":
        return ["--mem-latency", latency]
    if model == "512:100":
        return ["--board", str(DDR512)]
    sys.exit(f"--memory {model}: the models are 32:N (N cycles) and 512:100")


def bandwidth_bound(model, nbytes):
    """Cycles to move every buffer once: over its own 32-bit port, or over its bank's bus
    (round robin over the banks, in argument order)."""
    if model.startswith("32:"):
        return max(nbytes) // PORT32_BYTES
    banks = [0] * BANKS
    for i, n in enumerate(nbytes):
        banks[i % BANKS] += n
    return max(banks) // BANK_BYTES


def write_response(model):
    """Cycles from the last store's issue to its write response: the port's latency (the
    schedule's depth ends where the store issues)."""
    return int(model.split(":")[1])


def run(kernel, mode, model, tmp, binary, flatten="auto"):
    glob, args, iters = KERNELS[kernel]
    latency = model.replace(":", "-")
    strict = tmp / f"strict-{latency}" / "report.json"
    if mode == "relaxed" and strict.exists():
        kept = [x for x in json.loads(strict.read_text())["reductions"] if not x["split"]]
        if not any("may not be reassociated" in (x["reason"] or "") for x in kept):
            return None  # nothing --fp-relaxed would change
    out = tmp / f"{mode}-{latency}"
    cmd = [binary, "-q", "sim", str(QOR / f"{kernel}.cl"), "--global",
           ",".join(map(str, glob)), *memory_options(model), "-o", str(out),
           "--dump-dir", str(out / "dump"), "--flatten", flatten]
    cmd += ["--fp-relaxed"] if mode == "relaxed" else []
    for a in args:
        cmd += ["--arg", f"{a[0]}=@{tmp / (a[0] + '.npy')}" if len(a) == 2 else f"{a[0]}={a[2]}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or "PASS" not in r.stdout:
        sys.exit(f"{kernel} {mode}: RTL and model disagree or the run failed:\n{r.stdout}{r.stderr}")
    cycles = int(re.search(r"(\d+) cycles", r.stdout).group(1))
    report = json.loads((out / "report.json").read_text())
    loops = {}
    for u in iters:
        found = [lp for lp in report["loops"] if holds(lp["name"], u)]
        if not found:
            names = sorted(lp["name"] for lp in report["loops"])
            sys.exit(f"{kernel}: no pipelined unit runs {u} (have {names})")
        loops[u] = found[0]
    depth = max(loops[u]["depth"] for u in iters)
    tail = depth + write_response(model)
    compute = sum(n * loops[u]["mii"] for u, n in iters.items()) + tail
    # Every iteration at II 1 (what forwarding, more ports or reassociation would give).
    ideal = sum(iters.values()) + tail
    bandwidth = bandwidth_bound(model, [a[1].nbytes for a in args if len(a) == 2])
    at_mii = all(lp["ii"] == lp["mii"] for lp in report["loops"] if lp["pipelined"])
    # The unit that costs most, its II and what bounds it (recurrence, or which resource).
    top = max(iters, key=lambda u: iters[u] * loops[u]["mii"])
    why = loops[top]["bottleneck"]
    if why.startswith("resource"):
        what = why.split("(")[0].strip()
    elif why.startswith("II "):
        what = "the minimum"
    else:
        what = why.split(":")[0]
    limit = f"{top} II {loops[top]['ii']}: {what}"
    split = sum(1 for x in report["reductions"] if x["split"])
    return cycles, compute, ideal, bandwidth, at_mii, split, limit, out / "dump"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--only")
    ap.add_argument("--memory", default="32:20,512:100",
                    help="memory models BITS:LATENCY, comma-separated (32:N, 512:100)")
    ap.add_argument("--flatten", default="auto", choices=["auto", "off"],
                    help="loop nests flattened where faster (auto), or as written (off)")
    opts = ap.parse_args()
    names = opts.only.split(",") if opts.only else list(KERNELS)
    unknown = [n for n in names if n not in KERNELS]
    if unknown:
        sys.exit(f"--only: no kernel {', '.join(unknown)} (have {', '.join(KERNELS)})")
    failed = []
    models = opts.memory.split(",")
    for m in models:
        memory_options(m)
    print("| kernel | memory | mode | cycles | compute bound | bandwidth bound | "
          "cycles / bound | at II 1 | cycles / that | II = MII | reductions split | = pocl | "
          "costliest loop |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for kernel in names:
        glob, args, _ = KERNELS[kernel]
        with tempfile.TemporaryDirectory() as t:
            tmp = pathlib.Path(t)
            for a in args:
                if len(a) == 2:
                    np.save(tmp / f"{a[0]}.npy", a[1])
            theirs = pocl_outputs(kernel, glob, args, tmp)
            for model in models:
                for mode in ("strict", "relaxed"):
                    r = run(kernel, mode, model, tmp, opts.hls_build, opts.flatten)
                    if r is None:
                        continue
                    cycles, compute, ideal, bw, at_mii, split, limit, dump = r
                    ok = all(agrees(np.load(dump / f"{a[0]}.npy"), np.load(theirs / f"{a[0]}.npy"))
                             for a in args if len(a) == 2)
                    bound = max(compute, bw)
                    bits, latency = model.split(":")
                    print(f"| {kernel} | {bits}-bit, {latency} | {mode} | {cycles} | {compute} | {bw} | "
                          f"{cycles / bound:.2f} | {max(ideal, bw)} | "
                          f"{cycles / max(ideal, bw):.1f} | {'yes' if at_mii else 'no'} | {split} | "
                          f"{'yes' if ok else 'NO'} | {limit} |", flush=True)
                    if not ok:
                        failed.append(f"{kernel} ({mode}, memory {model})")
    if failed:
        sys.exit(f"differ from pocl: {', '.join(failed)}")


if __name__ == "__main__":
    main()
