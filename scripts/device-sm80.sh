#!/bin/bash
# One device experiment: correctness, sanitizers, benchmark and ncu bank conflicts of the sm80
# GEMM for each configuration, from CUBINs built here with NVRTC 13.5 (sm_90a). Run on the device
# from the repository root with target/gpu carried (docs/perf.md says how it is filled).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH TYCUTE_CUBIN_CACHE=/tmp/cc
G=target/gpu
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for c in sm80_tn_128x256 sgemm_sm80; do
  echo "== correctness $c"
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/sm80_gemm-$c-sm_90a.cubin $G/gpu_gemm --nocapture 2>&1 | grep -aE "wrong|test result|panicked|skipped"
done
echo "== memcheck / racecheck sm80_tn_128x256"
TYCUTE_GEMM_CONFIG=sm80_tn_128x256 TYCUTE_GEMM_CUBIN=$G/sm80_gemm-sm80_tn_128x256-sm_90a.cubin compute-sanitizer --tool memcheck $G/gpu_gemm matches 2>&1 | grep -aE "ERROR SUMMARY|test result"
TYCUTE_GEMM_CONFIG=sm80_tn_128x256 TYCUTE_GEMM_CUBIN=$G/sm80_gemm-sm80_tn_128x256-sm_90a.cubin compute-sanitizer --tool racecheck $G/gpu_gemm matches 2>&1 | grep -aE "RACECHECK SUMMARY|ERROR SUMMARY|test result"
for c in sm80_tn_128x256 sgemm_sm80; do
  echo "== bench $c"
  TYCUTE_GEMM_CUBIN=$G/sm80_gemm-$c-sm_90a.cubin $G/tycute bench sm80 --config $c --runs 30
done
for c in sgemm_sm80 sm80_tn_128x256; do
  echo "== ncu $c 4096^3"
  TYCUTE_GEMM_CUBIN=$G/sm80_gemm-$c-sm_90a.cubin timeout 120 ncu -k sm80_gemm_tn --launch-count 1 \
    --metrics regex:l1tex__data_bank_conflicts_pipe_lsu_mem_shared.*\.sum$,regex:l1tex__data_pipe_lsu_wavefronts_mem_shared.*\.sum$,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_ldgsts.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum \
    $G/tycute bench sm80 --config $c --shapes 4096x4096x4096 --runs 1 2>&1 | grep -aE "l1tex|smsp|sm__|gpu__|ERR|==PROF==" | head -40
done
