#!/usr/bin/env bash
# The one device script: build what a GPU run needs here, then check, sanitize, benchmark and
# profile every configuration on the device. It replaces the per-experiment scripts of the
# earlier sessions (their runs are recorded in docs/perf-history.md).
#
#   here (no GPU; Rust, the CUDA venv):
#     scripts/device.sh pack [DIR]          release `tycute`, the GPU test binaries, the headers and
#                                           a CUBIN of every configuration from each NVRTC of the
#                                           venv (13.0 and the newest) into DIR (target/device)
#     scripts/device.sh pack-attention [DIR]  only what `attention` runs (a minute, not ten): release
#                                           `tycute` and tests/gpu_attention.rs, the attention CUBINs
#                                           of each NVRTC, the SDPA harness
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
#                                           form in the standalone harness (DIR/harness, nvcc of the
#                                           device): f64 reference, NaN-poisoned D, bit equality
#                                           with cuBLASLt, memcheck of the small rowcol cases,
#                                           timing beside torch._scaled_mm (tensorwise, rowwise)
#                                           (docs/perf.md; `check` runs the fp8 configurations through
#                                           the Rust launch API, tests/gpu_sm90.rs)
#     scripts/device.sh sched               the sm90 kernel's schedules (whole tiles, stream-K forms)
#                                           and tile orders (GROUPS_M="16 32 64"), clusters of 1 and 2,
#                                           fp16 / bf16 / e4m3 beside torch (DIR/harness, nvcc of the
#                                           device; docs/perf.md "sm90: the last wave and the tile order")
#     scripts/device.sh attention           the attention forward: tests/gpu_attention.rs (also under
#                                           compute-sanitizer), `tycute bench attention`, and the
#                                           harness beside PyTorch's SDPA (DIR/attention)
#     scripts/device.sh tf32                sm90_128x256_tf32 and its c2 form in the standalone harness (DIR/harness):
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
# folder for full logs; the device tool's $OUT, else /tmp/tycute-device), CHECK_JOBS (`check`'s
# configurations at a time, default one per core).
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
  for t in gpu_gemm gpu_sm90 gpu_tables gpu_cublaslt gpu_attention; do
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
    case "$base" in
      *TYCUTE_NONE*) cfg="${base%%-*}" ;;
      # the attention kernel's builds: attention_sm90_d<head dim>_<bf16|f16> (Attention::stem)
      attention_sm90-*) cfg="attention_sm90_d$(sed -n 's/.*HDIM=\([0-9]*\).*/\1/p' <<< "$base")"
                        case "$base" in *ELEMENT_BF16*) cfg="${cfg}_bf16" ;; *) cfg="${cfg}_f16" ;; esac ;;
      # the decode-sized GEMM's: skinny_gemm_<bf16|f16> (SkinnyGemm::stem)
      skinny_gemm-*) case "$base" in *ELEMENT_BF16*) cfg="skinny_gemm_bf16" ;; *) cfg="skinny_gemm_f16" ;; esac ;;
      # and its fp8 form's: skinny_gemm_fp8_<e4m3|e5m2> (SkinnyFp8::stem)
      skinny_gemm_fp8-*) case "$base" in *FP8=6*) cfg="skinny_gemm_fp8_e5m2" ;; *) cfg="skinny_gemm_fp8_e4m3" ;; esac ;;
    esac
    mkdir -p "$dir/cubin/$ver" && cp "$f" "$dir/cubin/$ver/$cfg.cubin"
  done
  rm -rf "$m"
  # the standalone sm90 harnesses (scripts/sm90-harness: fp8, tf32, schedules) with the headers just written
  bash scripts/sm90-harness/pack.sh "$dir/harness" "$dir/headers" > /dev/null || die "the sm90 harnesses' pack failed"
  # the attention harness (scripts/attention-harness: the kernel beside PyTorch's SDPA)
  bash scripts/attention-harness/pack.sh "$dir/attention" > /dev/null || die "the attention harness's pack failed"
  # the fp32-output harness (scripts/sm90-f32cd-harness: cd $dir/f32cd && OUT=... ./run.sh)
  bash scripts/sm90-f32cd-harness/pack.sh "$dir/f32cd" "$dir/headers" > /dev/null || die "the fp32-output harness's pack failed"
  du -sh "$dir"; ls "$dir/cubin"/*
}

# the attention kernel's CUBINs (its `tycute-variant:` lines, each NVRTC of the venv) under
# DIR/cubin/<version>/attention_sm90_d<head dim>_<bf16|f16>.cubin, as `pack` names them
pack_attention() {
  local dir="${1:-target/device}"
  [ -n "${TYCUTE_NVRTC_LIBS:-}" ] || die "no NVRTC to build the CUBINs: export TYCUTE_CUDA_VENV=... and source scripts/cuda-env.sh first"
  cd "$root" || exit 2
  rm -rf "$dir" && mkdir -p "$dir/cubin" || exit 2
  cargo build --release -q || die "cargo build --release failed"
  cp target/release/tycute "$dir/" || exit 2
  local exe
  exe="$(cargo test --release -q --test gpu_attention --no-run --message-format=json 2>/dev/null \
    | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | grep "/deps/gpu_attention-" | tail -1)"
  [ -x "$exe" ] || die "could not build the test gpu_attention"
  cp "$exe" "$dir/gpu_attention"
  local lib ver opts cfg
  local IFS_=$IFS; IFS=:
  for lib in $TYCUTE_NVRTC_LIBS; do
    IFS=$IFS_
    ver="$(LD_LIBRARY_PATH="$lib" python3 -c 'import ctypes,sys; l=ctypes.CDLL(sys.argv[1]+"/libnvrtc.so.13"); a,b=ctypes.c_int(),ctypes.c_int(); l.nvrtcVersion(ctypes.byref(a),ctypes.byref(b)); print(f"{a.value}.{b.value}")' "$lib")"
    mkdir -p "$dir/cubin/$ver"
    while read -r opts; do
      cfg="attention_sm90_d$(sed -n 's/.*HDIM=\([0-9]*\).*/\1/p' <<< "$opts")"
      case "$opts" in *ELEMENT_BF16*) cfg="${cfg}_bf16" ;; *) cfg="${cfg}_f16" ;; esac
      # shellcheck disable=SC2086
      LD_LIBRARY_PATH="$lib" python3 scripts/nvrtc-build.py "$lib" kernels/attention_sm90.cu sm_90a /nonexistent "$dir/cubin/$ver/$cfg.cubin" $opts \
        > "$dir/cubin/$ver/$cfg.log" 2>&1 || die "NVRTC $ver: $cfg failed (log: $dir/cubin/$ver/$cfg.log)"
      grep -H "spill" "$dir/cubin/$ver/$cfg.log" | sed "s|^$dir/||"
    done < <(sed -n 's|^// tycute-variant: ||p' kernels/attention_sm90.cu)
    IFS=:
  done
  IFS=$IFS_
  bash scripts/attention-harness/pack.sh "$dir/attention" > /dev/null || die "the attention harness's pack failed"
  strip "$dir/tycute" "$dir/gpu_attention" 2>/dev/null
  du -sh "$dir"
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
    ls "$TYCUTE_CUBIN_DIR" | sed -n 's/\.cubin$//p' | grep -v '^probe$\|^sgemm_sm80_tile$\|^skinny_gemm_\|^splitk_reduce$\|^attention_sm90_' | tr '\n' ' '
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
  # at most one process per core: 49 configurations at once on 16 cores ran each sm90 one for
  # 360 s of its 400 s limit (2026-11-29); CHECK_JOBS overrides the count
  local max="${CHECK_JOBS:-$(nproc)}"
  for c in $(configs "$@"); do
    while [ "$(jobs -rp | wc -l)" -ge "$max" ]; do wait -n; done
    TYCUTE_CONFIGS=$c timeout 400 "$D/$(test_of "$c")" --nocapture --test-threads 1 > "$LOG/check-$c.txt" 2>&1 &
  done
  wait
  for c in $(configs "$@"); do
    case "$c" in
      # fp32 C/D on sm90: tests/gpu_sm90.rs f32cd_configurations_match_the_reference_on_the_gpu
      sm90*_f32cd) echo "$c (fp32 C/D): $(grep -aE 'test result|panicked' "$LOG/check-$c.txt" | head -3 | tr '\n' ' ')| $(grep -ac 'within the bound' "$LOG/check-$c.txt") cases within the bound"
        grep -aE 'panicked|cuBLASLt' "$LOG/check-$c.txt" | head -5 | sed 's/^/    /' ;;
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
  echo "== random problems through the launch APIs, once (gpu_sm90, gpu_attention; TYCUTE_RANDOM_SEED picks the stream)"
  timeout 400 "$D/gpu_sm90" random_shapes --nocapture --test-threads 1 > "$LOG/random-sm90.txt" 2>&1
  grep -aE 'test result|panicked|random_shapes: [0-9]' "$LOG/random-sm90.txt" | head -4
  timeout 200 "$D/gpu_attention" attention_random_shapes --nocapture --test-threads 1 > "$LOG/random-attention.txt" 2>&1
  grep -aE 'test result|panicked|random_shapes: [0-9]' "$LOG/random-attention.txt" | head -3
  echo "== the decode-sized GEMM (skinny_gemm, fp16 and bf16) against the f64 reference and cuBLAS (gpu_gemm)"
  timeout 300 "$D/gpu_gemm" skinny --nocapture --test-threads 1 > "$LOG/skinny.txt" 2>&1
  echo "skinny_gemm: $(grep -aE 'test result|panicked|skipped' "$LOG/skinny.txt" | head -3 | tr '\n' ' ')| $(grep -acE ': 0 of [0-9]+ elements wrong, 0 written outside' "$LOG/skinny.txt") clean case lines"
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
    case "$c" in sm90*_f32cd) filter=f32cd_configurations ;; *_e4m3*|*_e5m2*) filter=fp8_configurations ;; sm90*_tf32*) filter=tf32_configuration ;; sm90*) filter=sm90_gemm ;; *) filter=residues_small ;; esac
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
    # fp32 C/D (sm90_128x256_*_f32cd beside cuBLAS / cuBLASLt with fp32 D) at issue 20's four shapes
    sm90*_f32cd) echo "sm90 --config $1 --shapes 4096x4096x4096,8192x8192x8192,8192x8192x1024,4096x14336x4096" ;;
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

# the standalone harnesses (scripts/sm90-harness, packed into DIR/harness): build one for a
# configuration with the device's nvcc (-> DIR/harness/h_<config>)
harness_build() {
  local src="$1" c="$2"
  (cd "$D/harness" && nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=$c \
     "$src" -o "h_$c" -lcuda) || { echo "$c: the harness $src did not build"; return 2; }
}
harness_dir() {
  [ -f "$D/harness/common.cuh" ] || die "$D/harness is missing: run \`scripts/device.sh pack $D\` (it packs the sm90 harnesses)"
  export PATH="/usr/local/cuda/bin:$PATH"
}

# the fp8 configuration, its fp16-D form and its c2 form in the harness (fp8.cu), the comparison
# with cuBLASLt on the same inputs, and torch._scaled_mm's timing
fp8() {
  harness_dir
  echo "== fp8 harness ($D/harness)"
  (for c in sm90_128x256_e4m3 sm90_128x256_e4m3_f16cd sm90_128x256_e4m3_c2; do harness_build fp8.cu $c || exit 2; done
   cd "$D/harness"
   echo "-- sm90_128x256_e4m3 (per tensor and per row / column)"; timeout 200 ./h_sm90_128x256_e4m3; timeout 100 python3 fp8_compare.py
   echo "-- compute-sanitizer memcheck, small per-row / per-column cases"; timeout 120 compute-sanitizer --tool memcheck ./h_sm90_128x256_e4m3 small | tail -3
   echo "-- sm90_128x256_e4m3_f16cd (fp16 D)"; timeout 200 ./h_sm90_128x256_e4m3_f16cd; timeout 100 python3 fp8_compare.py
   echo "-- sm90_128x256_e4m3_c2 (clusters of 2)"; timeout 150 ./h_sm90_128x256_e4m3_c2
   echo "-- cuBLASLt (torch._scaled_mm)"; timeout 150 python3 fp8_torch.py) 2>&1 | tee "$LOG/fp8.txt"
}

# sm90_128x256_tf32 and its c2 form in the harness (tf32.cu) against the f64 reference, beside cuBLAS
# TF32 (torch.matmul with allow_tf32) on the same inputs and in timing
tf32() {
  harness_dir
  echo "== tf32 harness ($D/harness)"
  (for c in sm90_128x256_tf32 sm90_128x256_tf32_c2; do harness_build tf32.cu $c || exit 2; done
   cd "$D/harness"
   echo "-- sm90_128x256_tf32"; timeout 150 ./h_sm90_128x256_tf32 && timeout 100 python3 tf32_compare.py
   echo "-- sm90_128x256_tf32_c2 (clusters of 2)"; timeout 150 ./h_sm90_128x256_tf32_c2
   echo "-- cuBLAS TF32 (torch.matmul, allow_tf32)"; timeout 100 python3 tf32_torch.py) 2>&1 | tee "$LOG/tf32.txt"
}

# the attention forward: its GPU test (f64 reference, poisoned O and lse, sentinels) with the CUBINs
# and under compute-sanitizer, `tycute bench attention`, then the harness beside PyTorch's SDPA
# (flash and cuDNN backends) in the same call
attention() {
  echo "== attention: tests/gpu_attention.rs"
  timeout 300 "$D/gpu_attention" --nocapture --test-threads 1 > "$LOG/attention-check.txt" 2>&1
  grep -aE 'test result|panicked|skipped|cases within' "$LOG/attention-check.txt"
  local tool
  for tool in memcheck racecheck synccheck; do
    echo "-- compute-sanitizer $tool"
    TYCUTE_ATTENTION_SMALL=1 timeout 300 compute-sanitizer --tool "$tool" "$D/gpu_attention" attention_matches --test-threads 1 > "$LOG/attention-$tool.txt" 2>&1
    grep -aE 'ERROR SUMMARY|RACECHECK SUMMARY|test result' "$LOG/attention-$tool.txt" | head -3
  done
  echo "== tycute bench attention"
  timeout 200 "$D/tycute" bench attention --runs 20 2>&1
  timeout 100 "$D/tycute" bench attention --dtype fp16 --shapes 4x32x4096x128 --runs 20 2>&1
  echo "== the harness beside PyTorch SDPA (scripts/attention-harness)"
  (cd "$D/attention" && PATH="/usr/local/cuda/bin:$PATH" ./build.sh | grep -c '0 bytes spill' && timeout 300 python3 attn_check.py) 2>&1 | tee "$LOG/attention-sdpa.txt" | grep -aE 'bench|FAIL|ALL OK|SOME'
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
  pack-attention) pack_attention "$@" ;;
  check) device_env && check "$@" ;;
  sanitize) device_env && sanitize "$@" ;;
  bench) device_env && bench "$@" ;;
  ncu) device_env && ncu_run "$@" ;;
  sweep) device_env && sweep "$@" ;;
  nvrtc) device_env && own_nvrtc ;;
  fp8) fp8 ;;
  sched) harness_dir
         (cd "$D/harness" && ./run_sched.sh) 2>&1 | tee "$LOG/sched.txt" | grep -avE 'Remark|warning|declared|^ *\^|detected during|^ *$' ;;
  tf32) tf32 ;;
  attention) device_env && attention ;;
  all) device_env && check && sanitize && own_nvrtc && bench ;;
  *) [ -z "$cmd" ] || echo "device.sh: unknown command \`$cmd\`" >&2
     awk 'NR > 1 && /^set -u/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; [ -z "$cmd" ] || exit 2 ;;
esac
