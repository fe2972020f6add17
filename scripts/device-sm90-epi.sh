#!/bin/bash
# The device run of the sm90 epilogue's bias and producer C warp (docs/perf.md, "Bias, and C from
# a producer warp"): correctness of both configurations (tests/gpu_sm90.rs, bias cases included),
# compute-sanitizer memcheck / racecheck on the small cases with one CTA (both configurations), and
# `tycute bench sm90 --runs 30` per configuration: bias none / row / col with beta 0, beta 1, and
# the CUBINs of the kernel before the change (the new host launches them: the extra arguments are
# ignored), interleaved (REPS rounds, default 1).
# Run on the device from the repository root with target/gpu-sm90epi carried, holding (built here):
#   sm90.cubin, sm90_128x256.cubin          sm_90a CUBINs of kernels/sm90_gemm.cu (NVRTC 13.x)
#   base-sm90.cubin, base-sm90_128x256.cubin  the same of the kernel before the branch
#   tycute, gpu_sm90                        target/release/tycute, the gpu_sm90 test binary
# Sections can be skipped: SKIP="corr san bench".
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-sm90epi}
export TYCUTE_SM90_CUBIN=$G/sm90.cubin TYCUTE_SM90_128X256_CUBIN=$G/sm90_128x256.cubin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
if [[ " $SKIP " != *" corr "* ]]; then
  echo "== correctness, both configurations"
  timeout 200 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
  echo "rc $?"
  grep -aE "sm_90a|test result|panicked|skipped" /tmp/corr.txt | grep -avE ": 0 of [0-9]+ elements wrong, 0 written outside" | head -20
  echo "cases with 0 wrong, 0 outside: $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt), with bias: $(grep -a 'bias Row\|bias Col' /tmp/corr.txt | grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside')"
fi
if [[ " $SKIP " != *" san "* ]]; then
  echo "== compute-sanitizer, small cases (bias too), one CTA"
  for cfg in sm90 sm90_128x256; do
    for tool in memcheck racecheck; do
      echo "$cfg $tool: $(TYCUTE_SM90_CONFIGS=$cfg TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 100 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_gemm 2>&1 | grep -aE "SUMMARY|test result|panicked" | tr '\n' ' ')"
    done
  done
fi
if [[ " $SKIP " != *" bench "* ]]; then
  echo "== tycute bench sm90 --runs 30 (new / base CUBINs, bias, beta), interleaved"
  S=${SHAPES:-4096x4096x4096,8192x8192x1024,8192x8192x256}
  for rep in $(seq ${REPS:-1}); do
    for c in sm90 sm90_128x256; do
      for v in "new none 0" "base none 0" "new row 0" "new col 0" "new none 1" "base none 1" "new col 1"; do
        set -- $v
        if [ $1 = base ]; then cb=$G/base-$c.cubin; else cb=$G/$c.cubin; fi
        echo "$c $v rep $rep: $(TYCUTE_SM90_CUBIN=$cb TYCUTE_SM90_128X256_CUBIN=$cb timeout 60 $G/tycute bench sm90 --config $c --runs 30 --bias $2 --beta $3 --shapes $S 2>&1 | grep -aE '^[0-9]|error' | awk '{printf "%s %s %s | ", $1, $2, $3}')"
      done
    done
  done
fi
