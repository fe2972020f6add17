#!/usr/bin/env bash
# Packs the standalone fp8 harness for the device (docs/perf.md, "fp8 (e4m3) on sm90"): the
# device library, kernels/sm90_gemm.cu, the configuration's header as tycute-gemm's build.rs wrote
# it (hdr/), and the same header in clusters of two along M (hdr_c2/: the values the emitter gives
# `sm90_fp8::c2`, checked by tycute-configs' the_fp8_tables_pass_the_host_side_proof), into DIR.
#   scripts/sm90-fp8-harness/pack.sh DIR [HEADERS]   (HEADERS: a directory holding
#       sm90_128x256_e4m3.h, e.g. `tycute emit all`'s; default: the one `cargo build -p tycute-gemm`
#       wrote; scripts/device.sh pack calls it with its headers, and `device.sh fp8` runs it)
# On the device:
#   cd DIR && for h in hdr hdr_c2; do nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a \
#     -I include -I $h -DTYCUTE_SM90_CONFIG=sm90_128x256_e4m3 harness.cu -o h_$h -lcuda; done
#   ./h_hdr && python3 compare.py && ./h_hdr_c2 && python3 torch_ref.py
#   (and -DTYCUTE_SM90_CONFIG=sm90_128x256_e4m3_f16cd -I hdr for fp16 D; `./h_hdr small` under
#   compute-sanitizer: the small per-row / per-column cases on 4 SMs)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:?usage: pack.sh DIR}"
out="${2:-$(ls -td "$root"/target/debug/build/tycute-gemm-*/out | head -1)}"
mkdir -p "$dir/hdr" "$dir/hdr_c2"
cp -r "$root/kernels/include" "$dir/"
cp "$root/kernels/sm90_gemm.cu" "$root"/scripts/sm90-fp8-harness/{harness.cu,compare.py,torch_ref.py} "$dir/"
cp "$out/sm90_128x256_e4m3.h" "$dir/hdr/"
# the fp16-D form (sm90_128x256_e4m3_f16cd), where the headers have it
[ ! -f "$out/sm90_128x256_e4m3_f16cd.h" ] || cp "$out/sm90_128x256_e4m3_f16cd.h" "$dir/hdr/"
python3 - "$out/sm90_128x256_e4m3.h" "$dir/hdr_c2/sm90_128x256_e4m3.h" <<'PY'
import sys
s = open(sys.argv[1]).read()
two = "[2][2] = {\n  {0,0},\n  {128,16384},\n};"
for old, new in [
    ("constexpr int kClusterM = 1;", "constexpr int kClusterM = 2;"),
    ("kTmaMcastB[1][2] = {\n  {0,0},\n};", "kTmaMcastB" + two),
    ("kTmaBoxB_K[1][2] = {\n  {128,256},", "kTmaBoxB_K[1][2] = {\n  {128,128},"),
    ("constexpr int kTmaBoxesB_K = 1;", "constexpr int kTmaBoxesB_K = 2;"),
    ("kTmaBoxOffB_K[1][2] = {\n  {0,0},\n};", "kTmaBoxOffB_K" + two),
]:
    assert old in s, old
    s = s.replace(old, new)
open(sys.argv[2], "w").write(s)
PY
echo "packed into $dir"
