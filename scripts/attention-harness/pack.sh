#!/usr/bin/env bash
# Packs the attention harness (attn.cu, attn_check.py, build.sh) with the device library and
# kernels/attention_sm90.cu into DIR. On the device: cd DIR && ./build.sh && python3 attn_check.py
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:?usage: pack.sh DIR}"
mkdir -p "$dir"
cp -r "$root/kernels/include" "$dir/"
cp "$root/kernels/attention_sm90.cu" "$root"/scripts/attention-harness/{attn.cu,attn_check.py,build.sh} "$dir/"
echo "packed into $dir"
