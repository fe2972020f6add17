# Source this: installs NVRTC and the CUDA binary tools from pip into .venv-cuda (once, a few
# seconds) and puts them on LD_LIBRARY_PATH and PATH. No GPU and no CUDA toolkit needed.
#   source scripts/cuda-env.sh
_tycute_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_tycute_venv="${TYCUTE_CUDA_VENV:-$_tycute_root/.venv-cuda}"
if [ ! -x "$_tycute_venv/bin/pip" ]; then
  python3 -m venv "$_tycute_venv"
fi
_tycute_nv="$("$_tycute_venv/bin/python" -c 'import nvidia, os; print(os.path.dirname(nvidia.__path__[0]))' 2>/dev/null || true)/nvidia/cu13"
if [ ! -e "$_tycute_nv/lib/libnvrtc.so.13" ] || [ ! -x "$_tycute_nv/bin/cuobjdump" ]; then
  "$_tycute_venv/bin/pip" install -q nvidia-cuda-nvrtc nvidia-cuda-runtime nvidia-cuda-cccl nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm
  _tycute_nv="$("$_tycute_venv/bin/python" -c 'import nvidia, os; print(os.path.dirname(nvidia.__path__[0]))')/nvidia/cu13"
fi
export LD_LIBRARY_PATH="$_tycute_nv/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$_tycute_nv/bin:$PATH"
echo "CUDA tools: $_tycute_nv ($(ls "$_tycute_nv/lib" | grep -c nvrtc) nvrtc libraries, cuobjdump $(command -v cuobjdump >/dev/null && echo found || echo missing))"
unset _tycute_root _tycute_venv _tycute_nv
