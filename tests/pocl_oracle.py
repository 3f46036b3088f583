#!/usr/bin/env python3
"""Independent oracle: runs an OpenCL C kernel on pocl (through pyopencl) and saves every
buffer argument as <out>/<name>.npy. Usage: pocl_oracle.py SPEC.json (see pocl() in tests/common/mod.rs)."""
import json
import os
import sys

import numpy as np
import pyopencl as cl

spec = json.load(open(sys.argv[1]))
platform = [p for p in cl.get_platforms() if "Portable" in p.name][0]
ctx = cl.Context(platform.get_devices())
queue = cl.CommandQueue(ctx)
src = open(spec["source"]).read()
prog = cl.Program(ctx, src).build(options="-cl-std=CL2.0")
kernel = getattr(prog, spec["kernel"])
mf = cl.mem_flags
args, buffers = [], []
for a in spec["args"]:
    if a["kind"] == "buffer":
        host = np.load(a["npy"])
        buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host)
        args.append(buf)
        buffers.append((a["name"], host, buf))
    else:
        args.append(np.dtype(a["dtype"]).type(a["value"]))
kernel(queue, tuple(spec["global"]), tuple(spec["local"]), *args)
os.makedirs(spec["out"], exist_ok=True)
for name, host, buf in buffers:
    cl.enqueue_copy(queue, host, buf)
    np.save(os.path.join(spec["out"], name + ".npy"), host)
