#!/bin/bash
# sm80 layouts (branch sm80-layouts, docs/perf.md "NT, NN, TT"): correctness of every configuration in
# every layout it serves, compute-sanitizer on the small NT, NN and TT cases, and TN vs NT vs NN vs
# TT bench at the four bench shapes. Argument: `check` (correctness and sanitizer only), `bench` (bench only), or none.
# Run on the device from the repository root with target/gpu-layouts carried, holding (built here):
#   NAME.cubin   sm_90a CUBIN of kernels/sm80_gemm.cu (NVRTC, -DTYCUTE_SM80_CONFIG=NAME) for
#                NAME in sm80_nt_128x256, sm80_nn_128x256, sm80_tt_128x256, sm80_tn_128x256, sgemm_sm80
#   tycute       target/release/tycute
#   gpu_gemm     cargo test --release --test gpu_gemm --no-run
# $OUT: a folder for the logs.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu-layouts
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
if [ "$1" != bench ]; then
for c in sm80_nt_128x256 sm80_nn_128x256 sm80_tt_128x256 sm80_tn_128x256 sgemm_sm80; do
  echo "== correctness $c"
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 200 $G/gpu_gemm --nocapture --test-threads 1 > $OUT/corr-$c.txt 2>&1
  grep -aE "test result|panicked|skipped" $OUT/corr-$c.txt | head -5
  echo "cases all clean: $(grep -acE ': 0 of [0-9]+ checked wrong, 0 unwritten, 0 written outside' $OUT/corr-$c.txt), other case lines: $(grep -a 'checked wrong' $OUT/corr-$c.txt | grep -acvE ': 0 of [0-9]+ checked wrong, 0 unwritten, 0 written outside')"
done
for c in sm80_nt_128x256 sm80_nn_128x256 sm80_tt_128x256; do
  echo "== compute-sanitizer, residues_small, $c"
  for tool in memcheck racecheck; do
    TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 150 compute-sanitizer --tool $tool $G/gpu_gemm residues_small > $OUT/san-$c-$tool.txt 2>&1
    grep -aE "SUMMARY|test result|panicked" $OUT/san-$c-$tool.txt | head -5
  done
done
fi
if [ "$1" != check ]; then
echo "== bench, alternating TN, NT, NN, TT"
for rep in 1 2; do
  for c in sm80_tn_128x256 sm80_nt_128x256 sm80_nn_128x256 sm80_tt_128x256; do
    echo "-- $c rep $rep"
    TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 100 $G/tycute bench sm80 --config $c --runs 50 2>&1 | tee -a $OUT/bench.txt
  done
done
fi
