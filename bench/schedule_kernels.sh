#!/usr/bin/env bash
# Per-unit II, bounds and solve time for every kernel the project ships (tests/kernels,
# examples): the numbers behind the "kernels" table of BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
out=$(mktemp -d)
printf '| kernel | unit | ii | mii | res_mii | rec_mii | ops | solve ms |\n|---|---|---|---|---|---|---|---|\n'
seen=" "
for k in examples/*.cl tests/kernels/*.cl; do
    name=$(basename "$k" .cl)
    case "$seen" in *" $name "*) continue ;; esac
    seen="$seen$name "
    ./target/release/hls-build compile "$k" -o "$out/$name" >/dev/null
    python3 - "$out/$name/report.json" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for u in r["units"]:
    if u["pipelined"]:
        print(f"| {sys.argv[2]} | {u['name']} | {u['ii']} | {u['mii']} | {u['res_mii']} | {u['rec_mii']} | {u['operations']} | {u['solve_ms']:.1f} |")
PY
done
rm -rf "$out"
