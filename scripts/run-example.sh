#!/usr/bin/env bash
# The main job: compile examples/vadd.cl and co-simulate it (Verilator RTL vs. the software
# model) on 4096 random floats. Prints PASS and the cycle count.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
cargo build --release --quiet
mkdir -p out/vadd-inputs
python3 - <<'PY'
import numpy as np
rng = np.random.default_rng(2026)
for name in ("a", "b"):
    np.save(f"out/vadd-inputs/{name}.npy", rng.standard_normal(4096).astype(np.float32))
PY
./target/release/hls-build sim examples/vadd.cl --kernel vadd --global 4096 \
    --arg a=@out/vadd-inputs/a.npy --arg b=@out/vadd-inputs/b.npy --arg c=zeros:4096 \
    -o out/vadd --dump-dir out/vadd-results
