#!/usr/bin/env bash
# Packs the schedule harness (harness.cu, run.sh, torch_ref.py; docs/perf.md "sm90: the last
# wave") with the device library, kernels/sm90_gemm.cu and the 128x256 configurations' headers as
# tycute-gemm's build.rs wrote them, into DIR (run.sh varies the tile order's group of tile rows
# through the kernel's -DTYCUTE_SM90_GROUP_M). On the device: cd DIR && ./run.sh
#   scripts/sm90-sched-harness/pack.sh DIR [HEADERS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:?usage: pack.sh DIR}"
out="${2:-$(ls -td "$root"/target/debug/build/tycute-gemm-*/out | head -1)}"
mkdir -p "$dir/hdr" "$dir/hdr_c2"
cp -r "$root/kernels/include" "$dir/"
cp "$root/kernels/sm90_gemm.cu" "$root"/scripts/sm90-sched-harness/{harness.cu,run.sh,torch_ref.py} "$dir/"
cp "$out"/sm90_128x256.h "$out"/sm90_128x256_bf16.h "$out"/sm90_128x256_e4m3.h "$dir/hdr/"
# the fp8 configuration in clusters of two along M (B multicast), as scripts/sm90-fp8-harness/pack.sh
# (the 16-bit ones have MN-major entry points, which the kernel does not build in clusters)
for c in sm90_128x256_e4m3; do
python3 - "$out/$c.h" "$dir/hdr_c2/$c.h" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
two = "[2][2] = {\n  {0,0},\n  {128,16384},\n};"
k = re.search(r"kTmaBoxB_K\[1\]\[2\] = \{\n  \{(\d+),256\},", s).group(1)
for old, new in [
    ("constexpr int kClusterM = 1;", "constexpr int kClusterM = 2;"),
    ("kTmaMcastB[1][2] = {\n  {0,0},\n};", "kTmaMcastB" + two),
    ("kTmaBoxB_K[1][2] = {\n  {%s,256}," % k, "kTmaBoxB_K[1][2] = {\n  {%s,128}," % k),
    ("constexpr int kTmaBoxesB_K = 1;", "constexpr int kTmaBoxesB_K = 2;"),
    ("kTmaBoxOffB_K[1][2] = {\n  {0,0},\n};", "kTmaBoxOffB_K" + two),
]:
    assert old in s, old
    s = s.replace(old, new)
open(sys.argv[2], "w").write(s)
PY
done
echo "packed into $dir"
