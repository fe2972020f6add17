#!/bin/bash
# Does co-residency explain sgemm_sm80's extra shared-memory wavefronts (docs/perf.md)? ncu's
# shared-memory counters for sgemm_sm80 at 2 CTAs per SM (its 96 KiB) and at 1 CTA per SM
# (--smem-bytes 120000), with sm80_tn_128x256 (1 CTA per SM anyway) as the control. Run on the
# device from the repository root with target/gpu carried.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu
M='regex:l1tex__data_bank_conflicts_pipe_lsu_mem_shared.*\.sum$,regex:l1tex__data_pipe_lsu_wavefronts_mem_shared.*\.sum$,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_ldgsts.sum,launch__occupancy_limit_shared_mem,launch__shared_mem_per_block_dynamic,sm__warps_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum'
run() { # config, extra bench args
  echo "== ncu $1 $2"
  TYCUTE_GEMM_CUBIN=$G/sm80_gemm-$1-sm_90a.cubin timeout 150 ncu -k sm80_gemm_tn --launch-count 1 --metrics "$M" \
    $G/tycute bench sm80 --config $1 --shapes 4096x4096x4096 --runs 1 $2 2>&1 | grep -aE "l1tex|smsp|sm__|gpu__|launch__|ERR|error" | head -30
}
run sgemm_sm80 ""
run sgemm_sm80 "--smem-bytes 120000"
run sm80_tn_128x256 ""
for s in "" "--smem-bytes 120000"; do
  echo "== bench sgemm_sm80 $s"
  TYCUTE_GEMM_CUBIN=$G/sm80_gemm-sgemm_sm80-sm_90a.cubin $G/tycute bench sm80 --config sgemm_sm80 --runs 20 --shapes 4096x4096x4096,8192x8192x8192 $s 2>&1 | tail -3
done
