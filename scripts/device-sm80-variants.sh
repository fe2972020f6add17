#!/bin/bash
# sm80 fp16 variants (docs/perf.md "fp16 accumulation and fp16 C/D"), after the merge with the
# stream-K tail: correctness of TN, NT and the three fp16 variants of TN (tests/gpu_gemm.rs, one
# process per configuration, in parallel: the CPU reference is the bottleneck), memcheck of the
# fp16 paths (residues and stream-K), and `tycute bench sm80` of TN and its variants.
# Run on the device from the repository root with target/gpu-sm80var carried, holding (built here):
#   NAME.cubin   sm_90a CUBIN of kernels/sm80_gemm.cu (NVRTC, -DTYCUTE_SM80_CONFIG=NAME) for
#                NAME in sm80_tn_128x256, sm80_tn_128x256_f16acc, sm80_tn_128x256_f16cd,
#                sm80_tn_128x256_f16acc_f16cd, sm80_nt_128x256
#   tycute       target/release/tycute
#   gpu_gemm     cargo test --release --test gpu_gemm --no-run
# $OUT: a folder for the logs.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu-sm80var
O=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
CFGS="sm80_tn_128x256 sm80_tn_128x256_f16acc sm80_tn_128x256_f16cd sm80_tn_128x256_f16acc_f16cd sm80_nt_128x256"
for c in $CFGS; do
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 150 $G/gpu_gemm --nocapture --test-threads 1 > $O/corr-$c.txt 2>&1 &
done
wait
for c in $CFGS; do
  echo "== correctness $c"
  grep -aE "test result|panicked|skipped" $O/corr-$c.txt | head -6
  echo "cases all clean: $(grep -acE ': 0 of [0-9]+ checked wrong, 0 unwritten, 0 written outside' $O/corr-$c.txt), other case lines: $(grep -a 'checked wrong' $O/corr-$c.txt | grep -acvE ': 0 of [0-9]+ checked wrong, 0 unwritten, 0 written outside'), stream-K lines: $(grep -ac 'SMs, StreamK' $O/corr-$c.txt), in place: $(grep -a 'in place' $O/corr-$c.txt | tr '\n' ' ' | sed 's/test run_in_place ... //')"
  grep -aE "4096x4096x4096 TN, C column-major batch 1 sampled" $O/corr-$c.txt | head -1
done
c=sm80_tn_128x256_f16acc_f16cd
TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 100 compute-sanitizer --tool memcheck $G/gpu_gemm residues_small > $O/san-res.txt 2>&1 &
TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 100 compute-sanitizer --tool memcheck $G/gpu_gemm stream_k_tail > $O/san-sk.txt 2>&1 &
wait
echo "== memcheck $c residues_small"; grep -aE "SUMMARY|test result|panicked" $O/san-res.txt | head -3
echo "== memcheck $c stream_k_tail"; grep -aE "SUMMARY|test result|panicked" $O/san-sk.txt | head -3
for c in sm80_tn_128x256 sm80_tn_128x256_f16acc sm80_tn_128x256_f16cd sm80_tn_128x256_f16acc_f16cd; do
  echo "== bench $c"
  TYCUTE_GEMM_CUBIN=$G/$c.cubin timeout 60 $G/tycute bench sm80 --config $c --shapes 4096x4096x4096,5120x5120x4096,8192x8192x8192,8192x8192x1024 --runs 30 2>&1 | grep -aE "^sm80|^[0-9]|error"
done
