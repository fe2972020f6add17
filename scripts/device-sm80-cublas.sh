#!/bin/bash
# sm80 correctness against cuBLAS too (docs/perf.md "Checked against cuBLAS"): every
# configuration's full test set, now with random normal data checked against the f64 reference
# and against cublasGemmEx on the same device inputs (GemmReport::cublas_rel_error), and the
# typed API (Sm80Gemm<C>, built on the device by its NVRTC: no TYCUTE_GEMM_CUBIN).
# Run on the device from the repository root with target/gpu-cb carried, holding (built here):
#   NAME.cubin   sm_90a CUBINs of kernels/sm80_gemm.cu for every sm80 configuration
#   gpu_gemm     cargo test --release --test gpu_gemm --no-run
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu-cb
clean='checked wrong, 0 unwritten, 0 written outside'
for f in $G/*.cubin; do
  c=$(basename $f .cubin)
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$f timeout 200 $G/gpu_gemm --nocapture --test-threads 1 --skip typed > $OUT/corr-$c.txt 2>&1
  echo "== $c: $(grep -aE 'test result|panicked' $OUT/corr-$c.txt | head -2 | tr '\n' ' ')"
  echo "   case lines: $(grep -ac ": 0 of [0-9]* $clean" $OUT/corr-$c.txt) clean, $(grep -a 'checked wrong' $OUT/corr-$c.txt | grep -acv ": 0 of [0-9]* $clean") not; compared with cuBLAS: $(grep -a 'checked wrong' $OUT/corr-$c.txt | grep -acv 'from cuBLAS -')"
  grep -a "normal data" $OUT/corr-$c.txt | sed 's/.*\(sm80[^ ]*\|sgemm[^ ]*\) sm_90a /   /'
done
echo "== typed API (device NVRTC)"
ls /usr/local/cuda/lib64/libnvrtc.so* 2>&1 | head -2
timeout 200 $G/gpu_gemm typed --nocapture 2>&1 | grep -aE "Sm80Gemm|test result|panicked|skipped" | head
