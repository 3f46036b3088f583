#!/usr/bin/env bash
# The test suite: unit tests of every crate and the end-to-end co-simulation tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
log=$(mktemp)
status=0
cargo test --release --no-fail-fast --workspace --lib --bins --tests 2>&1 | tee "$log" || status=$?
# One closing line over all test binaries (cargo prints one per binary).
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "%d passed, %d failed\n", p, f }' "$log"
rm -f "$log"
exit $status
