#!/bin/bash
# The device run of the sm90 kernel's four layouts of A and B (docs/perf.md, "sm90: all four
# layouts"): correctness of every case of tests/gpu_sm90.rs on both configurations (TN and the
# NT / NN / TT cases: residues, padding, batches, both C/D orders, sentinels around D),
# compute-sanitizer on the small cases (one CTA, both configurations), and `tycute bench sm90
# --layout L` for each layout with the per-shape configuration (2 rounds, alternating).
# Run on the device from the repository root with $G carried, holding (built here):
#   sm90.cubin, sm90_128x256.cubin   sm_90a CUBINs of kernels/sm90_gemm.cu (NVRTC 13.x)
#   tycute                           target/release/tycute
#   gpu_sm90                         cargo test --release --test gpu_sm90 --no-run
# Sections can be skipped: SKIP="corr san bench".
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-sm90lay}
export TYCUTE_SM90_CUBIN=$G/sm90.cubin TYCUTE_SM90_128X256_CUBIN=$G/sm90_128x256.cubin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
if [[ " $SKIP " != *" corr "* ]]; then
  echo "== correctness, both configurations"
  timeout 200 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
  echo "rc $?"
  grep -aE "sm_90a|test result|panicked|skipped" /tmp/corr.txt | grep -avE ": 0 of [0-9]+ elements wrong, 0 written outside" | head -20
  echo "cases with 0 wrong, 0 outside: $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt)"
  echo "of them NT/NN/TT: $(grep -aE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt | grep -acE 'Col-major A|Col-major B')"
fi
if [[ " $SKIP " != *" san "* ]]; then
  echo "== compute-sanitizer, small cases (TN, NT, NN, TT), one CTA"
  for c in sm90 sm90_128x256; do
    for tool in memcheck racecheck; do
      echo "$c $tool: $(TYCUTE_SM90_CONFIGS=$c TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 120 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_gemm_matches 2>&1 | grep -aE 'SUMMARY|test result|panicked' | tr '\n' ' ')"
    done
  done
fi
if [[ " $SKIP " != *" bench "* ]]; then
  echo "== tycute bench sm90 --layout L (auto configuration), alternating"
  for rep in 1 2; do
    for l in ${LAYOUTS:-tn nt nn tt}; do
      echo "$l rep $rep: $(timeout 100 $G/tycute bench sm90 --layout $l --runs 30 ${SHAPES:+--shapes $SHAPES} 2>&1 | grep -aE '^[0-9]' | awk '{printf "%s %s %s %s %s | ", $1, $2, $3, $4, $5}')"
    done
  done
fi
