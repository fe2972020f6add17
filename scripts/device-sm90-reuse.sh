#!/bin/bash
# The device run of ReuseSmemC (docs/perf.md, "ReuseSmemC"): correctness of every case of
# tests/gpu_sm90.rs on the three sm90 configurations (sm90_reuse_c among them), memcheck and
# racecheck on its small cases (one CTA), then `tycute bench sm90 --config C --beta B` for sm90 and
# sm90_reuse_c alternating (beta 1: C loaded, the path ReuseSmemC changes; beta 0: D only), 2 rounds.
# Run on the device from the repository root with $G carried, holding (built here):
#   sm90.cubin, sm90_128x256.cubin, sm90_reuse_c.cubin   sm_90a CUBINs of kernels/sm90_gemm.cu
#   tycute, gpu_sm90                                     release builds
# Sections can be skipped: SKIP="corr san bench".
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-sm90reuse}
export TYCUTE_SM90_CUBIN=$G/sm90.cubin TYCUTE_SM90_128X256_CUBIN=$G/sm90_128x256.cubin TYCUTE_SM90_REUSE_C_CUBIN=$G/sm90_reuse_c.cubin
if [[ " $SKIP " != *" corr "* ]]; then
  echo "== correctness, three configurations"
  timeout 300 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
  echo "rc $?"
  grep -aE "sm_90a|test result|panicked|skipped" /tmp/corr.txt | grep -avE ": 0 of [0-9]+ elements wrong, 0 written outside|0 elements differ" | head -20
  for c in sm90 sm90_128x256 sm90_reuse_c; do
    echo "$c: cases with 0 wrong, 0 outside: $(grep -aE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt | grep -acE "sm_90a $c ")"
  done
fi
if [[ " $SKIP " != *" san "* ]]; then
  echo "== compute-sanitizer, small cases, one CTA, sm90_reuse_c"
  for tool in memcheck racecheck synccheck; do
    echo "$tool: $(TYCUTE_SM90_CONFIGS=sm90_reuse_c TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 120 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_gemm_matches 2>&1 | grep -aE 'SUMMARY|test result|panicked' | tr '\n' ' ')"
  done
fi
if [[ " $SKIP " != *" bench "* ]]; then
  echo "== tycute bench sm90 --config C --beta B, alternating"
  for rep in 1 2; do
    for b in 1 0; do
      for c in sm90 sm90_reuse_c; do
        echo "$c beta $b rep $rep: $(timeout 100 $G/tycute bench sm90 --config $c --beta $b --runs 30 --shapes ${SHAPES:-4096x4096x4096,8192x8192x1024,8192x8192x256} 2>&1 | grep -aE '^[0-9]' | awk '{printf "%s %s %s %s | ", $1, $2, $3, $4}')"
      done
    done
  done
fi
