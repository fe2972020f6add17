#!/usr/bin/env bash
# Packs the standalone tf32 harness for the device (docs/perf.md, "tf32 on sm90"): the device
# library, kernels/sm90_gemm.cu and the configuration's header as tycute-gemm's build.rs wrote it
# (hdr/: single CTAs), and the same header in clusters of two along M (hdr_c2/: the values the
# emitter gives `sm90_tf32::c2`, checked by its unit test), into DIR.
#   scripts/sm90-tf32-harness/pack.sh DIR [HEADERS]   (HEADERS: a directory holding
#       sm90_128x256_tf32.h; default: the one `cargo build -p tycute-gemm` wrote)
# On the device:
#   cd DIR && for h in hdr hdr_c2; do nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I $h \
#     -DTYCUTE_SM90_CONFIG=sm90_128x256_tf32 harness.cu -o h_$h -lcuda; done
#   ./h_hdr && python3 compare.py && ./h_hdr_c2 && python3 torch_ref.py
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:?usage: pack.sh DIR}"
out="${2:-$(ls -td "$root"/target/debug/build/tycute-gemm-*/out | head -1)}"
mkdir -p "$dir/hdr" "$dir/hdr_c2"
cp -r "$root/kernels/include" "$dir/"
cp "$root/kernels/sm90_gemm.cu" "$root"/scripts/sm90-tf32-harness/{harness.cu,compare.py,torch_ref.py} "$dir/"
cp "$out/sm90_128x256_tf32.h" "$dir/hdr/"
python3 - "$out/sm90_128x256_tf32.h" "$dir/hdr_c2/sm90_128x256_tf32.h" <<'PY'
import sys
s = open(sys.argv[1]).read()
two = "[2][2] = {\n  {0,0},\n  {128,16384},\n};"
for old, new in [
    ("constexpr int kClusterM = 1;", "constexpr int kClusterM = 2;"),
    ("kTmaMcastB[1][2] = {\n  {0,0},\n};", "kTmaMcastB" + two),
    ("kTmaBoxB_K[1][2] = {\n  {32,256},", "kTmaBoxB_K[1][2] = {\n  {32,128},"),
    ("constexpr int kTmaBoxesB_K = 1;", "constexpr int kTmaBoxesB_K = 2;"),
    ("kTmaBoxOffB_K[1][2] = {\n  {0,0},\n};", "kTmaBoxOffB_K" + two),
]:
    assert old in s, old
    s = s.replace(old, new)
open(sys.argv[2], "w").write(s)
PY
echo "packed into $dir"
