# Source this: installs the CUDA toolchains tycute is built and tested with from pip (no GPU and
# no CUDA toolkit needed; the first time about a minute, then nothing) and puts them on PATH and
# LD_LIBRARY_PATH:
#   source scripts/cuda-env.sh
#
# * $TYCUTE_CUDA_VENV (default .venv-cuda): the newest pinned toolchain: NVRTC, nvcc (it compiles
#   with the machine's g++; the CUDA headers come from the runtime and cccl wheels), the runtime,
#   cccl, cuobjdump and nvdisasm. Its lib/ is first on LD_LIBRARY_PATH, so the process's NVRTC
#   (cudarc loads the first libnvrtc.so.13 found) is this one; nvcc, cuobjdump are on PATH.
# * $TYCUTE_CUDA_VENV_13_0 (default .venv-cuda-13.0): NVRTC 13.0 alone, what the H100 box's driver
#   ships. Not on LD_LIBRARY_PATH: tests/toolchains.rs runs a child process with it.
# * $TYCUTE_CUDA_VENV_12_8 (default .venv-cuda-12.8): NVRTC 12.8 alone (CUDA 12's wheel,
#   nvidia/cuda_nvrtc/lib), the oldest CUDA tycute's kernels are built with. Not on LD_LIBRARY_PATH
#   either. (pip has no nvcc of CUDA 12: the nvidia-cuda-nvcc-cu12 wheel holds ptxas alone.)
# * TYCUTE_NVRTC_LIBS: the lib/ directories of the three NVRTCs, newest first (':'-separated), for
#   tests/toolchains.rs.
# Change a version here and the next `source` installs it (the pins are kept in each venv's
# .tycute-pins).
_tycute_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_tycute_newest_pins="nvidia-cuda-nvrtc==13.5.37 nvidia-cuda-nvcc==13.5.37 nvidia-cuda-runtime==13.5.37 nvidia-cuda-cccl==13.3.5.0.6 nvidia-cuda-cuobjdump==13.5.37 nvidia-cuda-nvdisasm==13.5.37"
_tycute_13_0_pins="nvidia-cuda-nvrtc==13.0.88"
_tycute_12_8_pins="nvidia-cuda-nvrtc-cu12==12.8.93"

# _tycute_install VENV PINS [DIR]: the venv at VENV holding exactly PINS; prints its nvidia/DIR
# directory (cu13: CUDA 13's wheels put everything there)
_tycute_install() {
  if [ ! -x "$1/bin/pip" ]; then
    python3 -m venv "$1" >&2 || return 1
  fi
  if [ "$(cat "$1/.tycute-pins" 2>/dev/null)" != "$2" ]; then
    # shellcheck disable=SC2086
    "$1/bin/pip" install -q $2 >&2 && echo "$2" > "$1/.tycute-pins"
  fi
  echo "$("$1/bin/python" -c 'import nvidia, os; print(os.path.dirname(nvidia.__path__[0]))' 2>/dev/null)/nvidia/${3:-cu13}"
}

_tycute_nv="$(_tycute_install "${TYCUTE_CUDA_VENV:-$_tycute_root/.venv-cuda}" "$_tycute_newest_pins")"
_tycute_nv130="$(_tycute_install "${TYCUTE_CUDA_VENV_13_0:-$_tycute_root/.venv-cuda-13.0}" "$_tycute_13_0_pins")"
_tycute_nv128="$(_tycute_install "${TYCUTE_CUDA_VENV_12_8:-$_tycute_root/.venv-cuda-12.8}" "$_tycute_12_8_pins" cuda_nvrtc)"
export LD_LIBRARY_PATH="$_tycute_nv/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$_tycute_nv/bin:$PATH"
export TYCUTE_NVRTC_LIBS="$_tycute_nv/lib:$_tycute_nv130/lib:$_tycute_nv128/lib"
echo "CUDA tools: $_tycute_nv (nvrtc $(ls "$_tycute_nv/lib" 2>/dev/null | grep -c 'libnvrtc\.so'), nvcc $(command -v nvcc >/dev/null && echo found || echo missing), cuobjdump $(command -v cuobjdump >/dev/null && echo found || echo missing)); NVRTC 13.0: $_tycute_nv130/lib ($(ls "$_tycute_nv130/lib" 2>/dev/null | grep -c 'libnvrtc\.so') libraries); NVRTC 12.8: $_tycute_nv128/lib ($(ls "$_tycute_nv128/lib" 2>/dev/null | grep -c 'libnvrtc\.so') libraries)"
unset _tycute_root _tycute_nv _tycute_nv130 _tycute_nv128 _tycute_newest_pins _tycute_13_0_pins _tycute_12_8_pins
unset -f _tycute_install
