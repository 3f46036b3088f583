#!/usr/bin/env python3
"""The OpenCL C corpus (tests/corpus/*.cl): every kernel through hls-build's frontend and
software model, and through pocl (pyopencl) as the independent oracle, on the same random
inputs; every buffer compared afterwards.

    python3 tests/corpus.py [--hls-build target/release/hls-build] [--only NAME[,NAME…]] [--rtl] [-v]
                            [--cflags "-O0 …"] [--board B] [--mem-latency N|random:SEED]

--board compiles and co-simulates for a board with memories (its buffers' AXI masters at
their banks' data widths, through the load-store units; the memory model of its banks
unless --mem-latency asks for another).

With --cflags each file is compiled the way a user would, outside hls-build: clang-15
-cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header with those flags, then
llvm-spirv-15 --spirv-ext=+all, and hls-build gets the .spv (clang's defaults otherwise:
parameter names discarded, FP contraction on). pocl builds the file with the same
optimisation-independent semantics: contraction left on, and -cl-fast-relaxed-math /
-cl-mad-enable passed through when the flags hold them.

With --clspv each file is compiled by clspv instead (the pyclspv wheel, as a Vulkan user
would) and hls-build gets its Vulkan compute module; pocl builds the file with contraction
on, as clspv contracts a*b+c into fma. A file clspv refuses is listed as such.

With --rtl each kernel is also co-simulated (Verilator) and must match the model bit for
bit before the model is compared with pocl (minutes, not seconds).

Arguments come from the kernel's signature: a buffer `global T *p` gets `elems` elements of
T (vectors: elems x lanes scalars) filled from a fixed seed; a scalar gets its value from
the file's directives or 64 (integers) / 1.5 (floats). Directives are comment lines

    // corpus: global=64 local=16 elems=256 ulp=0 range=-1000:1000 n=64

that hold for every kernel of the file; `ulp.NAME=N` sets kernel NAME's tolerance;
`cflags=-O2` (underscores for spaces) makes the file always go through the public toolchain
as --cflags does, for kernels whose point is what clang's defaults make of them. Integers must match bit for bit; floats to `ulp`
units in the last place (0 unless the file says why more is allowed), any NaN matching
any NaN. Exit status 1 if any kernel differs or fails, with one line per kernel."""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

import numpy as np
import pyopencl as cl

root = pathlib.Path(__file__).resolve().parent.parent

SCALARS = {
    "char": np.int8, "uchar": np.uint8, "short": np.int16, "ushort": np.uint16,
    "int": np.int32, "uint": np.uint32, "long": np.int64, "ulong": np.uint64,
    "half": np.float16, "float": np.float32, "double": np.float64, "size_t": np.uint64, "bool": np.uint8,
    "unsigned char": np.uint8, "unsigned short": np.uint16, "unsigned int": np.uint32,
    "unsigned long": np.uint64, "unsigned": np.uint32,
}


def type_of(t):
    """('float', 4) for 'float4'; ('int', 1) for 'int'."""
    m = re.fullmatch(r"((?:unsigned )?[a-z_]+?)(2|3|4|8|16)?", t.strip())
    if not m or m.group(1) not in SCALARS:
        raise ValueError(f"type '{t}' is not in the corpus harness")
    return SCALARS[m.group(1)], int(m.group(2) or 1)


def kernels(src):
    """(name, [(param name, is_buffer, dtype, lanes)]) for each kernel of the source."""
    out = []
    for m in re.finditer(r"(?:__)?kernel\s+void\s+(\w+)\s*\(([^)]*)\)", src):
        params = []
        for p in m.group(2).split(","):
            p = re.sub(r"\b(const|restrict|__restrict|volatile)\b", " ", p).split()
            is_local = any(w.strip("_") == "local" for w in p)
            is_buf = any(w.strip("_") == "global" for w in p) or any("*" in w for w in p)
            words = [w for w in p if w.strip("_") not in ("global", "constant", "local")]
            name = words[-1].lstrip("*")
            ty = " ".join(w.rstrip("*") for w in words[:-1]).strip()
            dtype, lanes = type_of(ty)
            params.append((name, "local" if is_local else is_buf, dtype, lanes))
        out.append((m.group(1), params))
    return out


def directives(src):
    d = {"global": "64", "local": "16", "elems": "256", "ulp": "0"}
    for line in src.splitlines():
        if line.strip().startswith("// corpus:"):
            for kv in line.split(":", 1)[1].split():
                k, v = kv.split("=", 1)
                d[k] = v
    return d


def fill(rng, dtype, n, rng_text):
    if np.issubdtype(dtype, np.floating):
        lo, hi = (float(x) for x in rng_text.split(":")) if rng_text else (-100.0, 100.0)
        return rng.uniform(lo, hi, n).astype(dtype)
    info = np.iinfo(dtype)
    if rng_text:
        lo, hi = (int(x) for x in rng_text.split(":"))
    else:
        lo, hi = info.min, info.max
    return rng.integers(max(lo, info.min), min(hi, info.max), n, endpoint=True,
                        dtype=np.int64 if info.bits < 64 else dtype).astype(dtype)


def ulps(a, b):
    """Distance in units in the last place between two float arrays (NaN = NaN)."""
    it = {8: np.int64, 4: np.int32, 2: np.int16}[a.dtype.itemsize]
    mag = np.int64(np.iinfo(it).max)
    ia = a.view(it).astype(np.int64)
    ib = b.view(it).astype(np.int64)
    ia = np.where(ia < 0, -(ia & mag), ia)
    ib = np.where(ib < 0, -(ib & mag), ib)
    d = np.abs(ia.astype(object) - ib.astype(object)).astype(np.float64)
    both_nan = np.isnan(a) & np.isnan(b)
    return np.where(both_nan, 0, d)


def clspv_spirv(path, src, tmp):
    """clspv's Vulkan SPIR-V for the file, or its first diagnostic as a string. pyclspv
    prints clspv's diagnostics on stderr, so it runs in a child process that keeps them."""
    code = ("import pyclspv, sys\n"
            "sys.stdout.buffer.write(pyclspv.compile(open(sys.argv[1]).read()))")
    r = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True)
    if r.returncode != 0:
        err = r.stderr.decode(errors="replace").splitlines()
        lines = [l for l in err if "error:" in l] or err[-1:] or ["?"]
        return f"clspv: {lines[0].strip()}"
    spv = pathlib.Path(tmp, path.stem + "-clspv.spv")
    spv.write_bytes(r.stdout)
    return spv


def to_spirv(path, cflags, tmp):
    """The .spv a user gets from the public toolchain with these clang flags, or the tool's
    last error line as a string (a refusal by the translator is not ours to fix)."""
    stem = pathlib.Path(tmp, path.stem + "-" + re.sub(r"\W+", "_", cflags))
    bc, spv = stem.with_suffix(".bc"), stem.with_suffix(".spv")
    for cmd in (["clang-15", "-cl-std=CL2.0", "-target", "spir64", "-Xclang",
                 "-finclude-default-header", *cflags.split(), "-c", "-emit-llvm", str(path),
                 "-o", str(bc)],
                ["llvm-spirv-15", "--spirv-ext=+all", str(bc), "-o", str(spv)]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return f"{cmd[0]}: {(r.stderr.strip().splitlines() or ['?'])[0]}"
    return spv


# Under -cl-fast-relaxed-math LLVM may reassociate sums (pocl does on the CPU; the SPIR-V
# we are given fixes one order), so floats then agree to within a cancellation error: a
# difference up to RELAXED of the buffer's largest magnitude is accepted (OpenCL C 5.9,
# -cl-unsafe-math-optimizations: results may violate IEEE 754 and the spec's accuracy).
RELAXED = 2.0 ** -14


def run_one(path, src, name, params, d, ctx, queue, prog, hls, tmp, verbose, rtl=False,
            spv=None, relaxed=False, named=False, sim_options=()):
    rng = np.random.default_rng(abs(hash(name)) % (2 ** 32))
    glob = [int(x) for x in d["global"].split(",")]
    loc = [int(x) for x in d["local"].split(",")]
    elems = int(d["elems"])
    cmd = [hls, "sim", str(spv or path), "--kernel", name, "--engine", "both" if rtl else "model",
           "--global", d["global"], "--local", d["local"], *sim_options]
    host_args, bufs = [], []
    for i, (pname, is_buf, dtype, lanes) in enumerate(params):
        # By position when the .spv comes from clang's defaults (no parameter names).
        key = str(i) if spv and not named else pname
        if is_buf == "local":
            # A local pointer: the size only (elements), as clSetKernelArg(size, NULL).
            n = int(d.get(f"local.{pname}", "64"))
            cmd += ["--arg", f"{key}=local:{n}"]
            host_args.append(cl.LocalMemory(n * np.dtype(dtype).itemsize))
        elif is_buf:
            data = fill(rng, dtype, elems * lanes, d.get(f"range.{pname}", d.get("range")))
            f = pathlib.Path(tmp, f"{name}.{pname}.npy")
            np.save(f, data)
            cmd += ["--arg", f"{key}=@{f}"]
            bufs.append((pname, data))
            host_args.append(data)
        else:
            default = "1.5" if np.issubdtype(dtype, np.floating) else "64"
            v = d.get(pname, default)
            cmd += ["--arg", f"{key}={v}"]
            host_args.append(dtype(float(v)) if np.issubdtype(dtype, np.floating) else dtype(int(v, 0)))
    dump = pathlib.Path(tmp, f"{name}.dump")
    cmd += ["--dump-dir", str(dump)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        # The error line itself, not the source excerpt a diagnostic shows under it.
        lines = r.stderr.strip().splitlines() or ["?"]
        return f"hls-build: {next((l for l in lines if l.startswith('error:')), lines[-1])}"
    mf = cl.mem_flags
    cl_args, cl_bufs = [], []
    for (pname, is_buf, dtype, lanes), a in zip(params, host_args):
        if is_buf == "local":
            cl_args.append(a)
        elif is_buf:
            host = np.array(a)
            b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host)
            cl_args.append(b)
            cl_bufs.append((pname, host, b))
        else:
            cl_args.append(a)
    getattr(prog, name)(queue, tuple(glob), tuple(loc), *cl_args)
    ulp = int(d.get(f"ulp.{name}", d["ulp"]))
    worst = 0
    positions = {p[0]: i for i, p in enumerate(params)}
    for pname, host, b in cl_bufs:
        cl.enqueue_copy(queue, host, b)
        f = dump / f"{pname}.npy"
        if not f.exists():
            f = dump / f"arg{positions[pname]}.npy"
        ours = np.load(f).view(host.dtype).reshape(host.shape)
        if np.issubdtype(host.dtype, np.floating):
            dist = ulps(ours, host)
            if relaxed:
                scale = float(np.nanmax(np.abs(host.astype(np.float64)), initial=0.0))
                close = np.abs(ours.astype(np.float64) - host) <= RELAXED * scale
                dist = np.where(close, 0, dist)
            worst = max(worst, int(dist.max()))
            if dist.max() > ulp:
                i = int(dist.argmax())
                return f"{pname}[{i}]: model {ours[i]!r}, pocl {host[i]!r} ({int(dist[i])} ulp > {ulp})"
        elif not np.array_equal(ours, host):
            i = int(np.flatnonzero(ours != host)[0])
            return f"{pname}[{i}]: model {ours[i]!r}, pocl {host[i]!r}"
    if verbose:
        print(f"  {name}: {len(cl_bufs)} buffers equal (max {worst} ulp)")
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--only")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--rtl", action="store_true", help="co-simulate the RTL too")
    ap.add_argument("--cflags", help="compile with these clang flags outside hls-build")
    ap.add_argument("--clspv", action="store_true", help="compile with clspv (Vulkan SPIR-V)")
    ap.add_argument("--board", help="compile and co-simulate for this board (its memory plan)")
    ap.add_argument("--mem-latency", help="hls-build sim's --mem-latency for the RTL run")
    args = ap.parse_args()
    platform = [p for p in cl.get_platforms() if "Portable" in p.name][0]
    ctx = cl.Context(platform.get_devices())
    queue = cl.CommandQueue(ctx)
    failed, skipped, no_hw, count = [], [], [], 0
    sim_options = [*(["--board", args.board] if args.board else []),
                   *(["--mem-latency", args.mem_latency] if args.mem_latency else [])]
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted((root / "tests/corpus").glob("*.cl")):
            src = path.read_text()
            d = directives(src)
            try:
                # hls-build compiles with contraction off (a*b+c stays two rounded ops, see
                # frontend/src/opencl.rs); pocl must too, or it may fuse them into an fma.
                # std=CL1.2 for files pocl builds only so (its CL2.0 headers declare
                # vloadn/vstoren for generic pointers, which its compiler lacks).
                opts = f"-cl-std={d.get('std', 'CL2.0')}"
                cflags = args.cflags or d.get("cflags", "").replace("_", " ") or None
                if args.clspv:
                    cflags = None
                    prog = cl.Program(ctx, src).build(options=opts)
                elif cflags:
                    relaxed = [f for f in cflags.split()
                               if f in ("-cl-fast-relaxed-math", "-cl-mad-enable")]
                    prog = cl.Program(ctx, src).build(options=" ".join([opts, *relaxed]))
                else:
                    prog = cl.Program(ctx, "#pragma OPENCL FP_CONTRACT OFF\n" + src).build(
                        options=opts)
                spv = clspv_spirv(path, src, tmp) if args.clspv else \
                    to_spirv(path, cflags, tmp) if cflags else None
            except cl.RuntimeError as e:
                prog = None
                pocl_error = str(e).strip().splitlines()[-3:]
            for name, params in kernels(src):
                if args.only and not set(args.only.split(",")) & {name, path.stem}:
                    continue
                count += 1
                if prog is None:
                    print(f"FAIL {path.name}:{name}: pocl cannot build the file: {pocl_error}")
                    failed.append(name)
                    continue
                if isinstance(spv, str):
                    who = "clspv" if args.clspv else "the public toolchain"
                    print(f"SKIP {path.name}:{name}: {who} refuses it: {spv}")
                    skipped.append(name)
                    continue
                why = run_one(path, src, name, params, d, ctx, queue, prog, args.hls_build,
                              tmp, args.v, args.rtl, spv,
                              relaxed="-cl-fast-relaxed-math" in (cflags or ""),
                              named=args.clspv, sim_options=sim_options)
                if why and "RTL generation:" in why:
                    # A construct the hardware generator refuses by name (barriers, a math
                    # function without a core): a known limit, not a disagreement.
                    print(f"NOHW {path.name}:{name}: {why}")
                    no_hw.append(name)
                    continue
                print(f"{'FAIL' if why else 'ok  '} {path.name}:{name}" + (f": {why}" if why else ""))
                if why:
                    failed.append(name)
    agree = count - len(failed) - len(skipped) - len(no_hw)
    print(f"{count} kernels; {agree} agree with pocl; {len(failed)} differ or fail"
          + (f"; {len(skipped)} refused by {'clspv' if args.clspv else 'clang/llvm-spirv'}"
             if skipped else "")
          + (f"; {len(no_hw)} not built in hardware yet" if no_hw else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
