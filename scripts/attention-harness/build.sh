#!/usr/bin/env bash
# On the device, in the packed directory (pack.sh): the attention harness's libraries, one per head
# dim and element type (nvcc of the device), with their registers and spills; EXTRA: more nvcc
# options (e.g. -DTYCUTE_ATTN_PINGPONG=0).
set -u
for d in 64 128; do for e in bf16:TYCUTE_ELEMENT_BF16 f16:TYCUTE_ELEMENT_F16; do
  nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -Xcompiler -fPIC -shared -I include -DTYCUTE_ATTN_HDIM=$d \
    -DTYCUTE_ATTN_ELEMENT=${e#*:} ${EXTRA:-} -Xptxas -v attn.cu -o libattn_d${d}_${e%%:*}.so -lcuda > build_d${d}_${e%%:*}.log 2>&1 || { echo "d$d ${e%%:*}: build failed"; cat build_d${d}_${e%%:*}.log; }
done; done
grep -H "spill\|Used" build_*.log
