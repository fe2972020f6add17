#!/bin/bash
# The device run of the sm90 small-K work (docs/perf.md, "sm90: small K"): correctness of every
# case of tests/gpu_sm90.rs on the three configurations, compute-sanitizer on the whole-tile
# epilogue (one CTA walking many tiles; the stream-K cases, whose heads lend a partial-sums stage),
# and `tycute bench sm90` (queued timing, 2 rounds; the build before, from $G/before-*.cubin, beside
# it on the small-K shapes; one round of `--timing alone` and one with beta 1).
# Run on the device from the repository root with $G carried, holding (built here):
#   sm90.cubin, sm90_128x256.cubin, sm90_reuse_c.cubin   sm_90a CUBINs (NVRTC 13.x)
#   before-sm90.cubin, before-128x256.cubin              the same of the build before (optional)
#   tycute                                               target/release/tycute
#   gpu_sm90                                             cargo test --release --test gpu_sm90 --no-run
# Sections can be skipped: SKIP="corr san bench before".
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-final}
export TYCUTE_SM90_CUBIN=$G/sm90.cubin TYCUTE_SM90_128X256_CUBIN=$G/sm90_128x256.cubin TYCUTE_SM90_REUSE_C_CUBIN=$G/sm90_reuse_c.cubin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
if [[ " $SKIP " != *" corr "* ]]; then
  echo "== correctness, every configuration"
  timeout 300 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
  echo "rc $?"
  grep -aE "test result|panicked|skipped" /tmp/corr.txt | head
  grep -aE "elements wrong" /tmp/corr.txt | grep -avE ": 0 of [0-9]+ elements wrong, 0 written outside" | head
  echo "cases with 0 wrong, 0 outside: $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt), of them stream-K: $(grep -aE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt | grep -ac 'stream-K')"
fi
if [[ " $SKIP " != *" san "* ]]; then
  echo "== compute-sanitizer: small cases on one CTA, small stream-K cases"
  for c in sm90_128x256 sm90; do
    for tool in memcheck racecheck synccheck; do
      echo "$c $tool one CTA: $(TYCUTE_SM90_CONFIGS=$c TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 200 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_gemm 2>&1 | grep -aE 'SUMMARY|test result|panicked' | tr '\n' ' ')"
    done
  done
  for tool in memcheck racecheck synccheck; do
    echo "sm90_128x256 $tool stream-K: $(TYCUTE_SM90_CONFIGS=sm90_128x256 TYCUTE_SM90_SMALL=1 timeout 200 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_stream_k 2>&1 | grep -aE 'SUMMARY|test result|panicked' | tr '\n' ' ')"
  done
fi
b() { timeout 200 $G/tycute bench sm90 --runs 30 "$@" 2>&1 | grep -aE '^[0-9]|error'; }
SMALL=8192x8192x256,8192x8192x512,8192x8192x128
if [[ " $SKIP " != *" bench "* ]]; then
  for rep in 1 2; do
    echo "== round $rep: tycute bench sm90 (auto)"
    b --shapes ${SHAPES:-4096x4096x4096,5120x5120x4096,8192x8192x8192,8192x8192x1024,8192x8192x512,8192x8192x256,8192x8192x128,3072x3072x4096,2048x2048x2048}
    if [[ " $SKIP " != *" before "* && -f $G/before-128x256.cubin ]]; then
      echo "== round $rep: the build before (sm90 for K <= 256 then, sm90_128x256 above)"
      TYCUTE_SM90_CUBIN=$G/before-sm90.cubin b --config sm90 --shapes 8192x8192x256,8192x8192x128
      TYCUTE_SM90_128X256_CUBIN=$G/before-128x256.cubin b --config sm90_128x256 --shapes 8192x8192x512,8192x8192x1024
    fi
  done
  echo "== --timing alone (host launch work included)"
  b --timing alone --shapes 8192x8192x256,8192x8192x512,4096x4096x4096
  echo "== beta 1"
  b --beta 1 --shapes 8192x8192x256,8192x8192x1024,4096x4096x4096
fi
