#!/bin/bash
# The device run of the sm90 GEMM's API (docs/perf.md, "sm90: any shape, batches, column-major
# C/D"): correctness (tests/gpu_sm90.rs: residues, padding, batches, both C/D orders, sentinels
# around D), compute-sanitizer on the small residue cases with one CTA, and the full-tile speed
# before/after, `tycute bench sm90` alternating the two builds (3 rounds).
# Run on the device from the repository root with target/gpu-sm90api carried, holding (built here):
#   new.cubin, old.cubin     sm_90a CUBINs of kernels/sm90_gemm.cu now and before (NVRTC 13.x)
#   tycute-new, tycute-old   target/release/tycute of the two commits (the kernel's argument list
#                            changed, so each binary runs its own CUBIN)
#   gpu_sm90                 cargo test --release --test gpu_sm90 --no-run
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu-sm90api
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
echo "== correctness"
TYCUTE_SM90_CUBIN=$G/new.cubin timeout 240 $G/gpu_sm90 --nocapture --test-threads 1 > /tmp/corr.txt 2>&1
grep -aE "sm_90a|test result|panicked|skipped" /tmp/corr.txt
echo "== compute-sanitizer, small residue cases, one CTA"
for tool in memcheck racecheck synccheck; do
  TYCUTE_SM90_CUBIN=$G/new.cubin TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 120 compute-sanitizer --tool $tool $G/gpu_sm90 sm90_gemm 2>&1 | grep -aE "SUMMARY|test result|panicked" | head -6
done
echo "== tycute bench sm90, alternating old and new"
for rep in 1 2 3; do
  for v in old new; do
    echo "$v rep $rep: $(TYCUTE_SM90_CUBIN=$G/$v.cubin timeout 100 $G/tycute-$v bench sm90 --runs 30 2>&1 | grep -aE '^[0-9]' | awk '{printf "%s %s %s  ", $1, $2, $3}')"
  done
done
echo "== residue shapes, new"
TYCUTE_SM90_CUBIN=$G/new.cubin timeout 100 $G/tycute-new bench sm90 --shapes 4000x4000x4000,4095x4096x4104,8191x8192x8192,1000x1000x1000 --runs 30 2>&1 | tail -6
