#!/bin/bash
# sm80 NN/TT with the K-major copy ((_8,_8),_4):((_1,_32),_8) (docs/perf.md "NN and TT: a coalesced
# K-major copy"): correctness of both configurations (all their tests), compute-sanitizer on the
# small cases, and `tycute bench sm80` of NN and TT before (old_*.cubin) and after, with TN, alternating.
# Run on the device from the repository root with target/gpu-nn carried, holding (built here):
#   sm80_nn_128x256.cubin, sm80_tt_128x256.cubin, sm80_tn_128x256.cubin   sm_90a CUBINs now
#   old_sm80_nn_128x256.cubin, old_sm80_tt_128x256.cubin                  the same before the change
#   tycute, gpu_gemm    target/release/tycute, cargo test --release --test gpu_gemm --no-run
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu-nn
clean='checked wrong, 0 unwritten, 0 written outside'
for c in sm80_nn_128x256 sm80_tt_128x256; do
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 200 $G/gpu_gemm --nocapture --test-threads 1 > $OUT/corr-$c.txt 2>&1
  echo "== $c: $(grep -aE 'test result|panicked' $OUT/corr-$c.txt | head -2 | tr '\n' ' ') case lines: $(grep -ac ": 0 of [0-9]* $clean" $OUT/corr-$c.txt) clean, $(grep -a 'checked wrong' $OUT/corr-$c.txt | grep -acv ": 0 of [0-9]* $clean") not"
  for tool in memcheck racecheck; do
    TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 150 compute-sanitizer --tool $tool $G/gpu_gemm residues_small > $OUT/san-$c-$tool.txt 2>&1
    echo "  $tool: $(grep -aE 'SUMMARY|test result|panicked' $OUT/san-$c-$tool.txt | head -3 | tr '\n' ' ')"
  done
done
echo "== bench"
for rep in 1 2; do
  for v in sm80_tn_128x256 old_sm80_nn_128x256 sm80_nn_128x256 old_sm80_tt_128x256 sm80_tt_128x256; do
    c=${v#old_}
    echo "-- $v rep $rep"
    TYCUTE_GEMM_CUBIN=$G/$v.cubin timeout 100 $G/tycute bench sm80 --config $c --runs 30 2>&1 | grep -aE "^[0-9]"
  done
done
