#!/bin/bash
# The residue/batch device run of the sm80 GEMM (docs/perf.md, "Residue tiles and batches"):
# correctness of both configurations (tests/gpu_gemm.rs), compute-sanitizer on the small residue
# cases, and an A/B of the full-tile speed against the kernel before residues: ncu at base clocks
# (gpu__time_duration of 5 launches each) and tycute bench alternating old and new.
# Run on the device from the repository root with target/gpu-gemm carried, holding (built here):
#   new-NAME.cubin, old-NAME.cubin   sm_90a CUBINs of kernels/sm80_gemm.cu now and before
#                                    (NVRTC, -DTYCUTE_SM80_CONFIG=NAME), NAME in the two configs
#   tycute-new, tycute-old           target/release/tycute of the two commits (the kernel's
#                                    argument list changed, so each binary runs its own CUBIN)
#   gpu_gemm                         cargo test --release --test gpu_gemm --no-run
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
G=target/gpu-gemm
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for c in sm80_tn_128x256 sgemm_sm80; do
  echo "== correctness $c"
  TYCUTE_GEMM_CONFIG=$c TYCUTE_GEMM_CUBIN=$G/new-$c.cubin timeout 200 $G/gpu_gemm --nocapture --test-threads 1 > /tmp/corr-$c.txt 2>&1
  grep -aE "test result|panicked|skipped" /tmp/corr-$c.txt
  echo "cases all clean: $(grep -acE ': 0 of [0-9]+ checked wrong, 0 unwritten, 0 written outside' /tmp/corr-$c.txt), other case lines: $(grep -a 'checked wrong' /tmp/corr-$c.txt | grep -acvE ': 0 of [0-9]+ checked wrong, 0 unwritten, 0 written outside')"
done
echo "== compute-sanitizer, residues_small"
for tool in memcheck racecheck synccheck; do
  TYCUTE_GEMM_CONFIG=sm80_tn_128x256 TYCUTE_GEMM_CUBIN=$G/new-sm80_tn_128x256.cubin timeout 150 compute-sanitizer --tool $tool $G/gpu_gemm residues_small 2>&1 | grep -aE "SUMMARY|test result|panicked" | head -8
done
TYCUTE_GEMM_CONFIG=sgemm_sm80 TYCUTE_GEMM_CUBIN=$G/new-sgemm_sm80.cubin timeout 100 compute-sanitizer --tool memcheck $G/gpu_gemm residues_small 2>&1 | grep -aE "SUMMARY|test result|panicked" | head -8
c=sm80_tn_128x256
for v in old new old new; do
  echo "== ncu (base clocks) $v: gpu__time_duration of launches 7-11"
  for s in 8192x8192x8192 4096x4096x4096; do
    TYCUTE_GEMM_CUBIN=$G/$v-$c.cubin timeout 100 ncu -k sm80_gemm_tn --launch-skip 6 --launch-count 5 --metrics gpu__time_duration.sum \
      $G/tycute-$v bench sm80 --config $c --shapes $s --runs 5 2>&1 | grep -aE "gpu__time_duration" | awk -v s=$s '{printf "%s %s ", s, $NF} END {print ""}'
  done
done
for rep in 1 2 3 4 5; do
  for v in old new; do
    echo "$v rep $rep: $(TYCUTE_GEMM_CUBIN=$G/$v-$c.cubin $G/tycute-$v bench sm80 --config $c --shapes 8192x8192x8192,4096x4096x4096 --runs 50 2>&1 | grep -aE '^[0-9]' | awk '{printf "%s %s  ", $1, $2}')"
  done
done
echo "== residue shapes, new"
TYCUTE_GEMM_CUBIN=$G/new-$c.cubin $G/tycute-new bench sm80 --config $c --shapes 4000x4000x4000,4095x4097x4104,8191x8193x8192,1000x1000x1000 --runs 30
