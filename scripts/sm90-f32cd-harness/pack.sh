#!/usr/bin/env bash
# Packs the fp32-output harness for the device (docs/perf.md, "fp32 C/D on sm90"): the device
# library, kernels/sm90_gemm.cu, the _f32cd configurations' headers as tycute-gemm's build.rs wrote
# them (hdr/), harness.cu, torch_ref.py and run.sh, into DIR.
#   scripts/sm90-f32cd-harness/pack.sh DIR [HEADERS]
# On the device: cd DIR && OUT=... ./run.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:?usage: pack.sh DIR}"
out="${2:-$(ls -td "$root"/target/debug/build/tycute-gemm-*/out | head -1)}"
mkdir -p "$dir/hdr"
cp -r "$root/kernels/include" "$dir/"
cp "$root/kernels/sm90_gemm.cu" "$root"/scripts/sm90-f32cd-harness/{harness.cu,torch_ref.py,run.sh} "$dir/"
for c in sm90_128x256_bf16_f32cd sm90_128x256_e4m3_f32cd sm90_128x256_tf32_f32cd; do
  [ ! -f "$out/$c.h" ] || cp "$out/$c.h" "$dir/hdr/"
done
echo "packed into $dir"
