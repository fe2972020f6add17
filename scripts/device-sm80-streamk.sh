#!/bin/bash
# sm80 stream-K tail (docs/perf.md "Stream-K tail"): correctness of the split last wave
# (tests/gpu_gemm.rs stream_k_tail, TN and NT), the other tests of every configuration (the
# kernel's grid and k bounds changed), compute-sanitizer on the stream-K cases, and
# `tycute bench sm80` with the tail split and not (--no-stream-k), alternating, TN and NT.
# Run on the device from the repository root with target/gpu-sk carried, holding (built here):
#   NAME.cubin   sm_90a CUBIN of kernels/sm80_gemm.cu (NVRTC, -DTYCUTE_SM80_CONFIG=NAME) for
#                NAME in sm80_tn_128x256, sm80_nt_128x256, sm80_nn_128x256, sm80_tt_128x256, sgemm_sm80
#   tycute       target/release/tycute
#   gpu_gemm     cargo test --release --test gpu_gemm --no-run
# $OUT: a folder for the logs.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu-sk
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
clean='checked wrong, 0 unwritten, 0 written outside'
for c in sm80_tn_128x256 sm80_nt_128x256; do
  echo "== stream_k_tail $c"
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 120 $G/gpu_gemm stream_k_tail --nocapture --test-threads 1 > $OUT/sk-$c.txt 2>&1
  grep -aE "test result|panicked|skipped" $OUT/sk-$c.txt | head -3
  grep -a "checked wrong" $OUT/sk-$c.txt | sed 's/^/  /'
done
echo "== correctness, all tests, sm80_tn_128x256"
TYCUTE_GEMM_CONFIG=sm80_tn_128x256 TYCUTE_GEMM_CUBIN=$G/sm80_tn_128x256.cubin timeout 200 $G/gpu_gemm --nocapture --test-threads 1 > $OUT/corr-tn.txt 2>&1
grep -aE "test result|panicked" $OUT/corr-tn.txt | head -3
echo "case lines: $(grep -ac "$clean" $OUT/corr-tn.txt) clean, $(grep -a 'checked wrong' $OUT/corr-tn.txt | grep -acv ": 0 of [0-9]* $clean") not"
for c in sm80_nt_128x256 sm80_nn_128x256 sm80_tt_128x256 sgemm_sm80; do
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 100 $G/gpu_gemm residues_small --nocapture --test-threads 1 > $OUT/small-$c.txt 2>&1
  echo "== residues_small $c: $(grep -aE 'test result|panicked' $OUT/small-$c.txt | head -2 | tr '\n' ' ') case lines: $(grep -ac ": 0 of [0-9]* $clean" $OUT/small-$c.txt) clean, $(grep -a 'checked wrong' $OUT/small-$c.txt | grep -acv ": 0 of [0-9]* $clean") not"
done
echo "== compute-sanitizer, stream_k_tail, sm80_tn_128x256"
for tool in memcheck racecheck; do
  TYCUTE_GEMM_CONFIG=sm80_tn_128x256 TYCUTE_GEMM_CUBIN=$G/sm80_tn_128x256.cubin timeout 150 compute-sanitizer --tool $tool $G/gpu_gemm stream_k_tail > $OUT/san-$tool.txt 2>&1
  echo "$tool: $(grep -aE 'SUMMARY|test result|panicked' $OUT/san-$tool.txt | head -3 | tr '\n' ' ')"
done
echo "== bench, stream-K on / off alternating"
for rep in 1 2; do
  for c in sm80_tn_128x256 sm80_nt_128x256; do
    for sk in "" --no-stream-k; do
      echo "-- $c $sk rep $rep"
      TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 100 $G/tycute bench sm80 --config $c --runs 30 $sk 2>&1 | tee -a $OUT/bench.txt | grep -aE "^[0-9]"
    done
  done
done
TYCUTE_GEMM_CUBIN=$G/sm80_tn_128x256.cubin timeout 100 $G/tycute bench sm80 --runs 30 --shapes 6144x6144x4096,2048x2048x8192,1024x1024x16384,8192x4096x4096 2>&1 | grep -aE "^[0-9]|stream"
TYCUTE_GEMM_CUBIN=$G/sm80_tn_128x256.cubin timeout 100 $G/tycute bench sm80 --runs 30 --no-stream-k --shapes 6144x6144x4096,2048x2048x8192,1024x1024x16384,8192x4096x4096 2>&1 | grep -aE "^[0-9]|stream"
