#!/bin/bash
# The device run of the sm90 configurations (docs/perf.md, "128x256 cooperative tiles"):
# correctness of both (tests/gpu_sm90.rs: residues, padding, batches, both C/D orders, sentinels
# around D), compute-sanitizer on the small residue cases with one CTA (the new configuration),
# and `tycute bench sm90` per configuration and with the per-shape choice, alternating (2 rounds).
# Run on the device from the repository root with target/gpu-sm90perf carried, holding (built here):
#   sm90.cubin, sm90_128x256.cubin   sm_90a CUBINs of kernels/sm90_gemm.cu (NVRTC 13.x,
#                                    -DTYCUTE_SM90_CONFIG=sm90 / sm90_128x256)
#   tycute                           target/release/tycute
#   gpu_sm90                         cargo test --release --test gpu_sm90 --no-run
# Sections can be skipped: SKIP="corr san bench" (any of them); CONFIGS="sm90 auto" benches those.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-sm90perf}
export TYCUTE_SM90_CUBIN=$G/sm90.cubin TYCUTE_SM90_128X256_CUBIN=$G/sm90_128x256.cubin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
if [[ " $SKIP " != *" corr "* ]]; then
  echo "== correctness, both configurations"
  timeout 150 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
  echo "rc $?"
  grep -aE "sm_90a|test result|panicked|skipped" /tmp/corr.txt | grep -avE ": 0 of [0-9]+ elements wrong, 0 written outside" | head -20
  echo "cases with 0 wrong, 0 outside: $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt)"
fi
if [[ " $SKIP " != *" san "* ]]; then
  echo "== compute-sanitizer, small residue cases, one CTA, sm90_128x256"
  for tool in memcheck racecheck synccheck; do
    TYCUTE_SM90_CONFIGS=sm90_128x256 TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 150 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_gemm 2>&1 | grep -aE "SUMMARY|test result|panicked" | head -6
  done
fi
if [[ " $SKIP " != *" bench "* ]]; then
  echo "== tycute bench sm90 --config X, alternating"
  for rep in 1 2; do
    for c in ${CONFIGS:-sm90 sm90_128x256 auto}; do
      echo "$c rep $rep: $(timeout 100 $G/tycute bench sm90 --config $c --runs 30 ${SHAPES:+--shapes $SHAPES} 2>&1 | grep -aE '^[0-9]' | awk '{printf "%s %s %s %s %s | ", $1, $2, $3, $4, $5}')"
    done
  done
fi
