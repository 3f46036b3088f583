# Sourced by the project's scripts: puts the project's Python environment (.venv, made by
# install-deps.sh from Debian's python3, which PEP 668 closes to pip) first on PATH, so
# `python3`, numpy, pyopencl and the yowasp tools are the project's own wherever they run,
# the Rust tests' child processes included.
HLS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export HLS_VENV="$HLS_ROOT/.venv"
export PATH="$HLS_VENV/bin:$PATH"
