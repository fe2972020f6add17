#!/usr/bin/env bash
# The one device script: build what a GPU run needs here, then check, sanitize, benchmark and
# profile every configuration on the device. It replaces the per-experiment scripts of the
# earlier sessions (their runs are recorded in docs/perf-history.md).
#
#   here (no GPU; Rust, the CUDA venv):
#     scripts/device.sh pack [DIR]          release `tycute`, the GPU test binaries, the headers and
#                                           a CUBIN of every configuration from each NVRTC of the
#                                           venv (13.0 and the newest) into DIR (target/device)
#   on the device (from the repository root, DIR carried):
#     scripts/device.sh check    [CONFIG..] correctness: tests/gpu_gemm.rs (sm80 configurations) and
#                                           tests/gpu_sm90.rs (sm90 ones): residues, batches, layouts,
#                                           bias, stream-K, NaN-poisoned outputs and guards, against
#                                           an f64 reference and cuBLAS; one summary line each; and
#                                           tests/gpu_cublaslt.rs (the fp8/tf32 yardstick)
#     scripts/device.sh sanitize [CONFIG..] compute-sanitizer memcheck, racecheck and synccheck on
#                                           the small cases
#     scripts/device.sh bench    [CONFIG..] [-- BENCH ARGS]   `tycute bench` beside cuBLAS in the
#                                           same process, ROUNDS rounds alternating the
#                                           configurations (and OLD=DIR2's build, if given)
#     scripts/device.sh sweep [KERNEL] [DTYPE] [FILE]   `tycute bench KERNEL --sweep FILE --dtype DTYPE`
#                                           (default sm90, all, bench/shapes.txt): every shape of the
#                                           list beside cuBLAS / cuBLASLt, the geometric mean and the
#                                           minimum per dtype (docs/perf.md, "The shape sweep")
#     scripts/device.sh ncu CONFIG [-- BENCH ARGS]   shared-memory wavefronts, bank conflicts,
#                                           tensor-pipe use and time of one launch
#     scripts/device.sh nvrtc               the typed API and `tycute bench` built at run time by
#                                           the device's own NVRTC (no CUBIN given)
#     scripts/device.sh all                 check, sanitize, nvrtc, bench
#     scripts/device.sh fp8                 the fp8 configuration (sm90_128x256_e4m3; per-tensor and
#                                           per-row / per-column scales), its fp16-D form and its c2
#                                           variant in the standalone harness (DIR/fp8, nvcc of the
#                                           device): f64 reference, NaN-poisoned D, bit equality
#                                           with cuBLASLt, memcheck of the small rowcol cases,
#                                           timing beside torch._scaled_mm (tensorwise, rowwise)
#                                           (docs/perf.md; `check` runs the fp8 configurations through
#                                           the Rust launch API, tests/gpu_sm90.rs)
#     scripts/device.sh sched               the sm90 kernel's schedules (whole tiles, stream-K forms)
#                                           and tile orders (GROUPS_M="16 32 64"), clusters of 1 and 2,
#                                           fp16 / bf16 / e4m3 beside torch (DIR/sched, nvcc of the
#                                           device; docs/perf.md "sm90: the last wave and the tile order")
#     scripts/device.sh tf32                sm90_128x256_tf32 and its c2 variant in the standalone harness (DIR/tf32):
#                                           f64 reference, NaN-poisoned D, beside cuBLAS TF32
#                                           (torch.matmul) on the same inputs and in timing
#
# CONFIG is a configuration's name (`tycute dump list`; those starting with `sm90` run the sm90
# kernel, the others the sm80 one); none means every configuration with a CUBIN in DIR (the bf16
# ones included: `check` runs each one's cases against the f64 reference and cuBLAS bf16). For
# `bench`, `auto` is the sm90 kernel's per-shape choice among the fp16 configurations and
# `auto-bf16` among the bf16 ones (`tycute bench sm90 --dtype bf16`), `auto-e4m3` / `auto-e5m2`
# (or an fp8 configuration's name) the fp8 configuration beside cuBLASLt fp8 at the four shapes of
# issue 20, `auto-tf32` (or sm90_128x256_tf32) the sm90 tf32 configuration beside cuBLAS and
# cuBLASLt TF32 at those shapes; the default list benches fp16, bf16, tf32 (sm80_tn_128x256_tf32
# beside cuBLAS's TF32 GEMM, and auto-tf32) and e4m3 side by side.
# Settings (environment): D=DIR (default target/device), NVRTC=VERSION (which CUBIN set: default
# the newest in DIR), ROUNDS (bench rounds, default 2), OLD=DIR2 (bench a second build), OUT (a
# folder for full logs; the device tool's $OUT, else /tmp/tycute-device).
# The binaries find the CUBINs through TYCUTE_CUBIN_DIR and the configurations to test through
# TYCUTE_CONFIGS (docs/environment.md).
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
D="${D:-target/device}"
ROUNDS="${ROUNDS:-2}"
LOG="${OUT:-/tmp/tycute-device}"
mkdir -p "$LOG"

die() { echo "device.sh: $*" >&2; exit 2; }

# ---- here -------------------------------------------------------------------------------------

pack() {
  local dir="${1:-target/device}"
  [ -n "${TYCUTE_NVRTC_LIBS:-}" ] || die "no NVRTC to build the CUBINs: export TYCUTE_CUDA_VENV=... and source scripts/cuda-env.sh first"
  cd "$root" || exit 2
  rm -rf "$dir" && mkdir -p "$dir/headers" "$dir/cubin" || exit 2
  cargo build --release -q || die "cargo build --release failed"
  cp target/release/tycute "$dir/" || exit 2
  local t exe
  for t in gpu_gemm gpu_sm90 gpu_tables gpu_cublaslt; do
    exe="$(cargo test --release -q --test "$t" --no-run --message-format=json 2>/dev/null \
      | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | grep "/deps/$t-" | tail -1)"
    [ -x "$exe" ] || die "could not build the test $t (cargo test --release --test $t --no-run)"
    cp "$exe" "$dir/$t"
  done
  "$dir/tycute" emit all --out "$dir/headers" > /dev/null || die "tycute emit all failed"
  local m="$dir/matrix"
  bash scripts/kernel-matrix.sh "$dir/headers" "$m" | tee "$dir/matrix.txt"
  # <kernel>-TYCUTE_SMxx_CONFIG=<config>-sm_90a-<version>.cubin -> cubin/<version>/<config>.cubin
  local f base ver cfg
  for f in "$m"/*-sm_90a-*.cubin; do
    base="$(basename "$f" .cubin)"; ver="${base##*-}"; cfg="${base%-sm_90a-*}"; cfg="${cfg##*=}"
    case "$base" in *TYCUTE_NONE*) cfg="${base%%-*}" ;; esac
    mkdir -p "$dir/cubin/$ver" && cp "$f" "$dir/cubin/$ver/$cfg.cubin"
  done
  rm -rf "$m"
  # the fp8 harness (scripts/sm90-fp8-harness) with the headers just written
  bash scripts/sm90-fp8-harness/pack.sh "$dir/fp8" "$dir/headers" > /dev/null || die "the fp8 harness's pack failed"
  # the schedule / tile-order harness (scripts/sm90-sched-harness)
  bash scripts/sm90-sched-harness/pack.sh "$dir/sched" "$dir/headers" > /dev/null || die "the schedule harness's pack failed"
  # the tf32 harness (scripts/sm90-tf32-harness) likewise
  bash scripts/sm90-tf32-harness/pack.sh "$dir/tf32" "$dir/headers" > /dev/null || die "the tf32 harness's pack failed"
  du -sh "$dir"; ls "$dir/cubin"/*
}

# ---- on the device ----------------------------------------------------------------------------

device_env() {
  [ -x "$D/tycute" ] || die "$D/tycute is missing: run \`scripts/device.sh pack $D\` on the build machine and carry $D"
  export LD_LIBRARY_PATH="/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
  local v="${NVRTC:-$(ls "$D/cubin" | sort -V | tail -1)}"
  [ -d "$D/cubin/$v" ] || die "no CUBIN set $D/cubin/$v (have: $(ls "$D/cubin" | tr '\n' ' '))"
  export TYCUTE_CUBIN_DIR="$D/cubin/$v"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>/dev/null \
    || die "no GPU (nvidia-smi failed)"
  echo "CUBINs: NVRTC $v ($TYCUTE_CUBIN_DIR)"
}

configs() { # the arguments, else every configuration with a CUBIN
  if [ $# -gt 0 ]; then echo "$@"; else
    ls "$TYCUTE_CUBIN_DIR" | sed -n 's/\.cubin$//p' | grep -v '^probe$\|^sgemm_sm80_tile$' | tr '\n' ' '
  fi
}
kernel_of() { case "$1" in sm90*) echo sm90 ;; *) echo sm80 ;; esac; }
test_of() { case "$1" in sm90*) echo gpu_sm90 ;; *) echo gpu_gemm ;; esac; }

# summary CONFIG LOGFILE: the test result and how many case lines are clean
summary() {
  local clean='elements wrong, 0 written outside|checked wrong, 0 unwritten, 0 written outside'
  local good bad
  good=$(grep -acE ": 0 of [0-9]+ ($clean)" "$2")
  bad=$(grep -aE 'checked wrong|elements wrong' "$2" | grep -acvE ": 0 of [0-9]+ ($clean)")
  echo "$1: $(grep -aE 'test result|panicked' "$2" | head -3 | tr '\n' ' ')| $good clean case lines, $bad not"
  grep -aE 'panicked|FAILED|not clean' "$2" | head -5 | sed 's/^/    /'
}

check() {
  local c
  echo "== correctness (one process per configuration, side by side: the f64 reference is the host's work)"
  for c in $(configs "$@"); do
    TYCUTE_CONFIGS=$c timeout 400 "$D/$(test_of "$c")" --nocapture --test-threads 1 > "$LOG/check-$c.txt" 2>&1 &
  done
  wait
  for c in $(configs "$@"); do
    case "$c" in
      # fp8: tests/gpu_sm90.rs fp8_configurations_match_the_reference_on_the_gpu (its case lines,
      # each within the f64 reference's bound; cuBLASLt fp8 on the same inputs)
      *_e4m3*|*_e5m2*) echo "$c (fp8): $(grep -aE 'test result|panicked' "$LOG/check-$c.txt" | head -3 | tr '\n' ' ')| $(grep -ac 'within the bound' "$LOG/check-$c.txt") cases within the bound"
        grep -aE 'panicked|cuBLASLt' "$LOG/check-$c.txt" | head -5 | sed 's/^/    /' ;;
      # tf32 on sm90: tests/gpu_sm90.rs tf32_configuration_matches_the_reference_on_the_gpu
      sm90*_tf32*) echo "$c (tf32): $(grep -aE 'test result|panicked' "$LOG/check-$c.txt" | head -3 | tr '\n' ' ')| $(grep -ac 'within the bound' "$LOG/check-$c.txt") cases within the bound"
        grep -aE 'panicked|cuBLASLt' "$LOG/check-$c.txt" | head -5 | sed 's/^/    /' ;;
      *) summary "$c" "$LOG/check-$c.txt" ;;
    esac
  done
  echo "== the cuBLASLt yardstick, fp8 and tf32, against an f64 reference (gpu_cublaslt)"
  timeout 300 "$D/gpu_cublaslt" --nocapture --test-threads 1 > "$LOG/cublaslt.txt" 2>&1
  grep -aE 'test result|panicked|skipped' "$LOG/cublaslt.txt" | head -4
  echo "== tile round trip (gpu_tables)"
  timeout 100 "$D/gpu_tables" --nocapture > "$LOG/tables.txt" 2>&1
  grep -aE 'test result|panicked|skipped' "$LOG/tables.txt" | head -3
}

sanitize() {
  local c tool filter
  echo "== compute-sanitizer, small cases"
  for c in $(configs "${@:-sm80_tn_128x256 sm90_128x256 sm80_tn_128x256_bf16_bf16cd sm90_128x256_bf16 sm80_tn_128x256_tf32}"); do
    case "$c" in *_e4m3*|*_e5m2*) filter=fp8_configurations ;; sm90*_tf32*) filter=tf32_configuration ;; sm90*) filter=sm90_gemm ;; *) filter=residues_small ;; esac
    for tool in memcheck racecheck synccheck; do
      TYCUTE_CONFIGS=$c TYCUTE_SM90_SMALL=1 TYCUTE_SM90_MAX_CTAS=1 timeout 200 \
        compute-sanitizer --tool $tool "$D/$(test_of "$c")" $filter > "$LOG/san-$c-$tool.txt" 2>&1
      echo "$c $tool: $(grep -aE 'SUMMARY|test result|panicked' "$LOG/san-$c-$tool.txt" | head -3 | tr '\n' ' ')"
    done
  done
}

bench() {
  local cfgs=() args=() c r b
  while [ $# -gt 0 ]; do
    if [ "$1" = -- ]; then shift; args=("$@"); break; fi
    cfgs+=("$1"); shift
  done
  [ ${#cfgs[@]} -gt 0 ] || cfgs=(sm80_tn_128x256 sm80_tn_128x256_bf16 sm80_tn_128x256_tf32 sgemm_sm80 auto auto-bf16 auto-e4m3 auto-tf32)
  echo "== tycute bench, $ROUNDS rounds alternating: ${cfgs[*]} ${OLD:+(and $OLD)}"
  for r in $(seq "$ROUNDS"); do
    for c in "${cfgs[@]}"; do
      for b in "$D" ${OLD:+"$OLD"}; do
        echo "-- $c $(basename "$b") round $r"
        timeout 200 "$b/tycute" bench $(bench_args "$c") --runs "${RUNS:-30}" "${args[@]}" 2>&1 \
          | tee -a "$LOG/bench.txt" | grep -aE '^[0-9]|^ *shape|^sm|error'
      done
    done
  done
}

# bench_args CONFIG: `tycute bench`'s kernel and configuration arguments (auto: the sm90 per-shape
# choice in fp16, auto-bf16 in bf16)
bench_args() {
  case "$1" in
    auto) echo "sm90 --config auto --dtype fp16" ;;
    auto-bf16) echo "sm90 --config auto --dtype bf16" ;;
    # fp8 (e4m3 / e5m2: sm90_128x256_<f> beside cuBLASLt fp8, fast and default accumulation) at
    # the four shapes of issue 20
    auto-e4m3|auto-e5m2|*_e4m3|*_e5m2|*_e4m3_c2|*_e5m2_c2) echo "sm90 --config $1 --shapes 4096x4096x4096,8192x8192x8192,8192x8192x1024,4096x14336x4096" ;;
    # tf32 on sm90 (sm90_128x256_tf32 beside cuBLAS and cuBLASLt TF32) at the same four shapes
    auto-tf32|sm90*_tf32|sm90*_tf32_c2) echo "sm90 --config $1 --dtype tf32 --shapes 4096x4096x4096,8192x8192x8192,8192x8192x1024,4096x14336x4096" ;;
    *) echo "$(kernel_of "$1") --config $1" ;;
  esac
}

ncu_run() {
  local c="${1:?ncu: name a configuration}"; shift
  [ "${1:-}" = -- ] && shift
  local k; k=$(kernel_of "$c")
  local metrics='regex:l1tex__data_bank_conflicts_pipe_lsu_mem_shared.*\.sum$,regex:l1tex__data_pipe_lsu_wavefronts_mem_shared.*\.sum$,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_ldgsts.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_shared_mem,gpu__time_duration.sum'
  echo "== ncu $c ${*:-}"
  timeout 200 ncu -k "regex:${k}_gemm" --launch-count 1 --metrics "$metrics" \
    "$D/tycute" bench "$k" --config "$c" --shapes 4096x4096x4096 --runs 1 "$@" 2>&1 \
    | grep -aE 'l1tex|smsp|sm__|gpu__|launch__|ERR|error' | head -40
}

own_nvrtc() {
  echo "== built by the device's NVRTC: $(ls /usr/local/cuda/lib64/libnvrtc.so.* 2>/dev/null | head -1)"
  (unset TYCUTE_CUBIN_DIR
   export TYCUTE_CUBIN_CACHE="$LOG/cubin-cache"
   timeout 300 "$D/gpu_gemm" typed --nocapture > "$LOG/nvrtc-typed.txt" 2>&1
   grep -aE 'test result|panicked|skipped' "$LOG/nvrtc-typed.txt" | head -3
   for c in sm80_tn_128x256 sm80_tn_128x256_bf16 sm80_tn_128x256_tf32 auto auto-bf16; do
     timeout 300 "$D/tycute" bench $(bench_args "$c") --runs 20 --shapes 4096x4096x4096 2>&1 | grep -aE '^[0-9]|error'
   done)
}

# the fp8 harness: build (nvcc of the device) and run the configuration and its c2 variant, the
# comparison with cuBLASLt on the same inputs, and torch._scaled_mm's timing
fp8() {
  local h="$D/fp8" x
  [ -f "$h/harness.cu" ] || die "$h/harness.cu is missing: run \`scripts/device.sh pack $D\` (it packs the fp8 harness)"
  export PATH="/usr/local/cuda/bin:$PATH"
  echo "== fp8 harness ($h)"
  (cd "$h" && for x in hdr hdr_c2; do
     nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I $x -DTYCUTE_SM90_CONFIG=sm90_128x256_e4m3 \
       harness.cu -o h_$x -lcuda || exit 2
   done
   if [ -f hdr/sm90_128x256_e4m3_f16cd.h ]; then
     nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=sm90_128x256_e4m3_f16cd \
       harness.cu -o h_f16cd -lcuda || exit 2
   fi
   echo "-- sm90_128x256_e4m3 (per tensor and per row / column)"; timeout 200 ./h_hdr; timeout 100 python3 compare.py
   echo "-- compute-sanitizer memcheck, small per-row / per-column cases"; timeout 120 compute-sanitizer --tool memcheck ./h_hdr small | tail -3
   if [ -x h_f16cd ]; then echo "-- sm90_128x256_e4m3_f16cd (fp16 D)"; timeout 200 ./h_f16cd; timeout 100 python3 compare.py; fi
   echo "-- sm90_128x256_e4m3, clusters of 2 (c2)"; timeout 150 ./h_hdr_c2
   echo "-- cuBLASLt (torch._scaled_mm)"; timeout 150 python3 torch_ref.py) 2>&1 | tee "$LOG/fp8.txt"
}

# the tf32 harness: build (nvcc of the device) and run sm90_128x256_tf32 against the f64
# reference, beside cuBLAS TF32 (torch.matmul with allow_tf32) on the same inputs and in timing
tf32() {
  local h="$D/tf32"
  [ -f "$h/harness.cu" ] || die "$h/harness.cu is missing: run \`scripts/device.sh pack $D\` (it packs the tf32 harness)"
  export PATH="/usr/local/cuda/bin:$PATH"
  echo "== tf32 harness ($h)"
  (cd "$h" && for x in hdr hdr_c2; do
     nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I $x -DTYCUTE_SM90_CONFIG=sm90_128x256_tf32 \
       harness.cu -o h_$x -lcuda || exit 2
   done
   echo "-- sm90_128x256_tf32"; timeout 150 ./h_hdr && timeout 100 python3 compare.py
   echo "-- sm90_128x256_tf32, clusters of 2 (c2)"; timeout 150 ./h_hdr_c2
   echo "-- cuBLAS TF32 (torch.matmul, allow_tf32)"; timeout 100 python3 torch_ref.py) 2>&1 | tee "$LOG/tf32.txt"
}

cmd="${1:-}"; [ $# -gt 0 ] && shift
sweep() {
  local kernel="${1:-sm90}" dtype="${2:-all}" file="${3:-bench/shapes.txt}"
  echo "== tycute bench $kernel --sweep $file --dtype $dtype"
  timeout 590 "$D/tycute" bench "$kernel" --sweep "$file" --dtype "$dtype" 2>&1 | tee "$LOG/sweep-$kernel-$dtype.txt" \
    | grep -aE '^(==|sm[89]0 [a-z0-9]+: |  worst|error)'
}

case "$cmd" in
  pack) pack "$@" ;;
  check) device_env && check "$@" ;;
  sanitize) device_env && sanitize "$@" ;;
  bench) device_env && bench "$@" ;;
  ncu) device_env && ncu_run "$@" ;;
  sweep) device_env && sweep "$@" ;;
  nvrtc) device_env && own_nvrtc ;;
  fp8) fp8 ;;
  sched) [ -x "$D/sched/run.sh" ] || die "$D/sched is missing: run \`scripts/device.sh pack $D\`"
         (cd "$D/sched" && PATH="/usr/local/cuda/bin:$PATH" ./run.sh) 2>&1 | tee "$LOG/sched.txt" | grep -avE 'Remark|warning|declared|^ *\^|detected during|^ *$' ;;
  tf32) tf32 ;;
  all) device_env && check && sanitize && own_nvrtc && bench ;;
  *) [ -z "$cmd" ] || echo "device.sh: unknown command \`$cmd\`" >&2
     awk 'NR > 1 && /^set -u/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; [ -z "$cmd" ] || exit 2 ;;
esac
