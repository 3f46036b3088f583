#!/usr/bin/env bash
# Fuzzes SPIR-V loading + validation + lowering (fuzz/fuzz_targets/load_lower.rs) with
# libFuzzer through cargo-fuzz, seeded with every test fixture and compiled test kernel.
#   bash scripts/fuzz.sh [SECONDS]      (default 1800; needs the nightly toolchain)
# A crash leaves its input in fuzz/artifacts/load_lower/: turn it into a regression fixture.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-1800}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
rustup toolchain list | grep -q nightly || rustup toolchain install nightly --profile minimal
corpus=fuzz/corpus/load_lower
mkdir -p "$corpus"
cargo build --release -q
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in tests/fixtures/*.spvasm tests/filetests/errors/*.spvasm; do
    [ -e "$f" ] || continue
    spirv-as "$f" -o "$corpus/$(basename "$f" .spvasm).spv" 2>/dev/null || true
done
for f in tests/corpus/*.cl; do
    # As users' flags make it: clang's defaults at -O0 and -O2, and with line tables (-g).
    for flags in "-O0" "-O2" "-O0 -g" "-O2 -g"; do
        tag=$(echo "$flags" | tr -d ' -')
        clang-15 -cl-std=CL2.0 -target spir64 $flags -Xclang -finclude-default-header \
            -emit-llvm -c "$f" -o "$tmp/k.bc" 2>/dev/null || continue
        llvm-spirv-15 --spirv-ext=+all "$tmp/k.bc" \
            -o "$corpus/$(basename "$f" .cl)-$tag.spv" 2>/dev/null || true
    done
done
for f in tests/spir12/*.ll; do
    llvm-as-15 "$f" -o "$tmp/k.bc" && llvm-spirv-15 --spirv-ext=+all "$tmp/k.bc" \
        -o "$corpus/spir12-$(basename "$f" .ll).spv" || true
done
for f in tests/vulkan/*.comp; do
    # Vulkan compute: glslang's shaders.
    glslangValidator -V --target-env vulkan1.1 "$f" \
        -o "$corpus/vulkan-$(basename "$f" .comp).spv" >/dev/null 2>&1 || true
done
# Vulkan compute: clspv's output for the corpus (reflection after the functions, spec
# constants, push constants), through the pyclspv wheel in the project's .venv.
.venv/bin/python - "$corpus" <<'PY' || true
import pathlib, sys, pyclspv
for f in sorted(pathlib.Path("tests/corpus").glob("*.cl")):
    try:
        data = pyclspv.compile(f.read_text())
    except Exception:
        continue
    (pathlib.Path(sys.argv[1]) / f"clspv-{f.stem}.spv").write_bytes(data)
PY
for f in tests/kernels/*.cl tests/corpus/*.cl examples/*.cl; do
    # Each kernel's SPIR-V as hls-build produces it (clang-15 + llvm-spirv-15).
    clang-15 -cl-std=CL2.0 -target spir64 -O2 -fno-vectorize -fno-slp-vectorize \
        -ffp-contract=off -fno-discard-value-names -Xclang -finclude-default-header \
        -emit-llvm -c "$f" -o "$tmp/k.bc" || continue
    llvm-spirv-15 --spirv-ext=+all "$tmp/k.bc" -o "$corpus/$(basename "$f" .cl).spv" || true
done
cd fuzz
cargo +nightly fuzz run load_lower corpus/load_lower -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
