#!/bin/bash
# The device run of the sm90 stream-K schedule (docs/perf.md, "sm90: stream-K"): correctness of
# every case of tests/gpu_sm90.rs on the three configurations (the stream-K test asserts that its
# cases are stream-K schedules, in both forms), compute-sanitizer on the small stream-K cases (4
# SMs: every CTA resident; memcheck, racecheck, synccheck), `tycute bench sm90` (2 rounds; each
# stream-K shape also timed with whole tiles in the same process), the line and split forms against
# each other, and unit timelines.
# Run on the device from the repository root with $G carried, holding (built here):
#   sm90.cubin, sm90_128x256.cubin, sm90_reuse_c.cubin   sm_90a CUBINs (NVRTC 13.x)
#   tycute                                               target/release/tycute
#   gpu_sm90                                             cargo test --release --test gpu_sm90 --no-run
#   trace.cubin (optional)                               sm90_128x256 with -DTYCUTE_SM90_TRACE
# Sections can be skipped: SKIP="corr san bench forms trace".
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=${G:-target/gpu-sm90sk}
export TYCUTE_SM90_CUBIN=$G/sm90.cubin TYCUTE_SM90_128X256_CUBIN=$G/sm90_128x256.cubin TYCUTE_SM90_REUSE_C_CUBIN=$G/sm90_reuse_c.cubin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
if [[ " $SKIP " != *" corr "* ]]; then
  echo "== correctness, every configuration"
  timeout 300 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
  echo "rc $?"
  grep -aE "sm_90a|test result|panicked|skipped" /tmp/corr.txt | grep -avE ": 0 of [0-9]+ elements wrong, 0 written outside" | head -20
  echo "cases with 0 wrong, 0 outside: $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt)"
  echo "of them stream-K: $(grep -aE ': 0 of [0-9]+ elements wrong, 0 written outside' /tmp/corr.txt | grep -ac 'stream-K')"
  grep -a "stream-K" /tmp/corr.txt | head -3
fi
if [[ " $SKIP " != *" san "* ]]; then
  echo "== compute-sanitizer, small stream-K cases (4 SMs)"
  for c in sm90 sm90_128x256; do
    for tool in memcheck racecheck synccheck; do
      echo "$c $tool: $(TYCUTE_SM90_CONFIGS=$c TYCUTE_SM90_SMALL=1 timeout 150 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_stream_k 2>&1 | grep -aE 'SUMMARY|test result|panicked' | tr '\n' ' ')"
    done
  done
fi
if [[ " $SKIP " != *" bench "* ]]; then
  echo "== tycute bench sm90 (auto configuration)"
  for rep in 1 2; do
    timeout 250 $G/tycute bench sm90 --runs 30 --shapes ${SHAPES:-4096x4096x4096,5120x5120x4096,8192x8192x8192,8192x8192x1024,8192x8192x512,3072x3072x4096,1024x1024x8192} 2>&1 | grep -aE '^[0-9]|error'
  done
fi
if [[ " $SKIP " != *" forms "* ]]; then
  echo "== the two stream-K forms (TYCUTE_SM90_SK=line|split), alternating"
  for rep in 1 2; do
    for f in line split; do
      echo "$f: $(TYCUTE_SM90_SK=$f timeout 150 $G/tycute bench sm90 --config sm90_128x256 --runs 30 --shapes ${FORM_SHAPES:-5120x5120x4096,3072x3072x4096} 2>&1 | grep -aE '^[0-9]|error' | tr '\n' '|')"
    done
  done
fi
if [[ " $SKIP " != *" trace "* && -f $G/trace.cubin ]]; then
  echo "== the unit timelines of 5120x5120x4096 and 3072x3072x4096 (a -DTYCUTE_SM90_TRACE build), into \$OUT"
  TYCUTE_SM90_TRACE=${OUT:-/tmp}/trace TYCUTE_SM90_128X256_CUBIN=$G/trace.cubin timeout 100 $G/tycute bench sm90 --config sm90_128x256 --runs 20 --shapes 5120x5120x4096,3072x3072x4096 2>&1 | grep -aE '^[0-9]|error'
fi
