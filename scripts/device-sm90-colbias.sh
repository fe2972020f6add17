#!/bin/bash
# The device run of the staged column bias (docs/perf.md, "The column bias staged by a producer
# warp"): correctness of every case of tests/gpu_sm90.rs (the bias cases included) on the three
# configurations, memcheck / racecheck / synccheck on the small cases (one CTA), then `tycute bench
# sm90 --bias B` of the build before ($OLD) and after ($G), alternating, two rounds.
# $G and $OLD each hold sm90.cubin, sm90_128x256.cubin, sm90_reuse_c.cubin, tycute, gpu_sm90.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-colbias}
OLD=${OLD:-target/gpu-sm90reuse}
cubins() { export TYCUTE_SM90_CUBIN=$1/sm90.cubin TYCUTE_SM90_128X256_CUBIN=$1/sm90_128x256.cubin TYCUTE_SM90_REUSE_C_CUBIN=$1/sm90_reuse_c.cubin; }
cubins $G
if [[ " $SKIP " != *" corr "* ]]; then
  echo "== correctness, three configurations"
  timeout 300 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
  echo "rc $?"
  grep -aE "sm_90a|test result|panicked|skipped" /tmp/corr.txt | grep -avE ": 0 of [0-9]+ elements wrong, 0 written outside|0 elements differ" | head -20
  echo "cases with 0 wrong, 0 outside: $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt), with a column bias: $(grep -aE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt | grep -ac 'Col {')"
fi
if [[ " $SKIP " != *" san "* ]]; then
  echo "== compute-sanitizer, small cases, one CTA"
  for c in sm90 sm90_128x256; do
    for tool in memcheck racecheck synccheck; do
      echo "$c $tool: $(TYCUTE_SM90_CONFIGS=$c TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 120 compute-sanitizer --tool $tool $G/gpu_sm90 2>&1 | grep -aE 'SUMMARY|test result: FAILED|panicked' | tr '\n' ' ')"
    done
  done
fi
if [[ " $SKIP " != *" bench "* ]]; then
  echo "== tycute bench sm90 --bias B, before / after, alternating"
  for rep in 1 2; do
    for c in sm90 sm90_128x256; do
      for b in col row none; do
        for v in $OLD $G; do
          cubins $v
          echo "$c $b $(basename $v) rep $rep: $(timeout 100 $v/tycute bench sm90 --config $c --bias $b --runs 30 --shapes ${SHAPES:-4096x4096x4096,8192x8192x1024,8192x8192x256} 2>&1 | grep -aE '^[0-9]' | awk '{printf "%s %s %s | ", $1, $2, $3}')"
        done
      done
    done
  done
fi
