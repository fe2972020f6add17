#!/bin/sh
# Compile and run the C++ CuTe side of docs/errors.md with g++ on the host (no nvcc needed).
#   CUTE=<dir holding cute/>  CUTLASS=<dir holding cutlass/>  CUDA=<CUDA include dir, e.g. .venv-cuda/.../nvidia/cu13/include>
# The CUDA headers are needed only for their declarations; crt/ comes from stub/.
set -u
here=$(cd "$(dirname "$0")" && pwd)
for f in composition_3177 tiled_copy_s_3345 tiled_divide; do
  echo "== $f.cpp"
  if g++ -std=c++17 -I"$here/stub" -I"$CUTE" -I"$CUTLASS" -I"$CUDA/cccl" -idirafter "$CUDA" "$here/$f.cpp" -o "/tmp/$f" 2> "/tmp/$f.err"; then
    "/tmp/$f"
  else
    echo "g++ failed: $(grep -c 'error:' "/tmp/$f.err") error lines, $(wc -c < "/tmp/$f.err") bytes (/tmp/$f.err):"
    grep 'error:' "/tmp/$f.err"
  fi
done
