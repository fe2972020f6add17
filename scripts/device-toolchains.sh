#!/bin/bash
# The device run for branch `toolchain` (docs/perf.md, "Toolchains and build hygiene"): the sm90
# GEMM with CUBINs from NVRTC 13.0 and from the newest, before and after the spill fix, beside
# cuBLAS; and `tycute bench sm90` built at run time by the device's own NVRTC (13.0), which
# stopped on the spill before. Not run yet (no GPU on the build machine).
#
# Built here, carried as target/gpu-toolchain (G):
#   tycute, gpu_sm90        cargo build --release; cargo test --release --test gpu_sm90 --no-run
#   old/, new/              scripts/kernel-matrix.sh HEADERS OUT on main at 78c8219 (old) and on
#                           this branch (new), with TYCUTE_NVRTC_LIBS holding 13.0 and 13.5: their
#                           sm90_gemm-TYCUTE_SM90_CONFIG={sm90,sm90_128x256,sm90_reuse_c}-sm_90a-{13.0,13.5}.cubin
# Sections can be skipped: SKIP="corr bench own".
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-toolchain}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
# use SET VERSION: point the sm90 configurations at the CUBINs of SET (old/new) from NVRTC VERSION
use() {
  local p="$G/$1/sm90_gemm-TYCUTE_SM90_CONFIG"
  export TYCUTE_SM90_CUBIN=$p=sm90-sm_90a-$2.cubin TYCUTE_SM90_128X256_CUBIN=$p=sm90_128x256-sm_90a-$2.cubin \
    TYCUTE_SM90_REUSE_C_CUBIN=$p=sm90_reuse_c-sm_90a-$2.cubin
}
if [[ " $SKIP " != *" corr "* ]]; then
  for v in 13.0 13.5; do
    use new $v
    echo "== correctness, new CUBINs from NVRTC $v"
    timeout 150 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr-$v.txt 2>&1
    echo "rc $?: $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr-$v.txt) cases with 0 wrong"
    grep -aE "test result|panicked" /tmp/corr-$v.txt | head -5
  done
fi
if [[ " $SKIP " != *" bench "* ]]; then
  echo "== tycute bench sm90 (auto), alternating old/new x NVRTC 13.0/13.5"
  for rep in 1 2; do
    for set in old new; do for v in 13.0 13.5; do
      use $set $v
      echo "$set $v rep $rep: $(timeout 100 $G/tycute bench sm90 --runs 30 ${SHAPES:+--shapes $SHAPES} 2>&1 | grep -aE '^[0-9]' | awk '{printf "%s %s %s %s %s | ", $1, $2, $3, $4, $5}')"
    done; done
  done
fi
if [[ " $SKIP " != *" own "* ]]; then
  echo "== tycute bench sm90 built by the device's NVRTC (no CUBIN given)"
  unset TYCUTE_SM90_CUBIN TYCUTE_SM90_128X256_CUBIN TYCUTE_SM90_REUSE_C_CUBIN
  TYCUTE_CUBIN_CACHE=/tmp/cubin-cache timeout 200 $G/tycute bench sm90 --runs 30 2>&1 | tail -8
fi
