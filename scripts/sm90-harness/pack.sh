#!/usr/bin/env bash
# Packs the standalone sm90 harnesses (fp8.cu, tf32.cu, sched.cu on common.cuh, their python
# companions, run_sched.sh) with the device library, kernels/sm90_gemm.cu and the 128x256
# configurations' headers (hdr/: every `sm90_128x256*.h`, the registered `_c2` ones included), into
# DIR. scripts/device.sh pack calls it with its headers; `device.sh fp8 | tf32 | sched` runs them.
#   scripts/sm90-harness/pack.sh DIR [HEADERS]   (HEADERS: a directory of emitted headers, e.g.
#       `tycute emit all`'s; default: the ones `cargo build -p tycute-gemm` wrote)
# On the device, in DIR (nvcc of the device):
#   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=<config> fp8.cu -o h -lcuda
#   ./h && python3 fp8_compare.py && python3 fp8_torch.py     (tf32.cu likewise; sched: ./run_sched.sh)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:?usage: pack.sh DIR [HEADERS]}"
out="${2:-$(ls -td "$root"/target/debug/build/tycute-gemm-*/out 2>/dev/null | head -1)}"
[ -n "$out" ] && [ -f "$out/sm90_128x256.h" ] || { echo "pack.sh: no sm90_128x256.h in '$out': build tycute-gemm or pass HEADERS" >&2; exit 2; }
mkdir -p "$dir/hdr"
cp -r "$root/kernels/include" "$dir/"
cp "$root/kernels/sm90_gemm.cu" "$root"/scripts/sm90-harness/{common.cuh,fp8.cu,tf32.cu,sched.cu,run_sched.sh,*.py} "$dir/"
cp "$out"/sm90_128x256*.h "$dir/hdr/"
echo "packed into $dir"
