#!/usr/bin/env bash
# The test suite: unit tests of every crate, the filetests and the end-to-end co-simulation
# tests. cargo-nextest (on the machine image; `cargo install cargo-nextest --locked`
# otherwise) runs the tests of all binaries side by side, so one area's long test does
# not leave the other core idle; plain `cargo test` is the fallback.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
log=$(mktemp)
status=0
if cargo nextest --version >/dev/null 2>&1; then
    cargo nextest run --release --workspace --no-fail-fast --lib --bins --tests 2>&1 | tee "$log" || status=$?
    # nextest's summary: "N tests run: P passed, F failed, S skipped".
    awk '/tests? run:/ { p = 0; f = 0; for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p = $i; if ($(i+1) ~ /^failed/) f = $i } }
         END { printf "%d passed, %d failed\n", p, f }' "$log"
else
    cargo test --release --no-fail-fast --workspace --lib --bins --tests 2>&1 | tee "$log" || status=$?
    # One closing line over all test binaries (cargo prints one per binary).
    awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
         END { printf "%d passed, %d failed\n", p, f }' "$log"
fi
rm -f "$log"
exit $status
