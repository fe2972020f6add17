#!/usr/bin/env bash
# On the device, in the packed directory (pack.sh): builds the harness for the fp16, bf16 and e4m3
# 128x256 configurations, for each group of tile rows in GROUPS_M (the tile order) and, e4m3, in
# clusters of 1 and 2 (hdr, hdr_c2), then runs them beside torch: every schedule with FULL_GROUP
# (clusters of 1), whole tiles only otherwise.
set -u
cfgs="${CFGS:-sm90_128x256 sm90_128x256_bf16 sm90_128x256_e4m3}"
groups="${GROUPS_M:-16 32 64}"
full="${FULL_GROUP:-16}"
hdrs() { case $1 in *e4m3*|*e5m2*) echo "hdr hdr_c2" ;; *) echo hdr ;; esac; }
for c in $cfgs; do for g in $groups; do for h in $(hdrs $c); do
  nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I $h -DTYCUTE_SM90_CONFIG=$c -DTYCUTE_SM90_GROUP_M=$g \
    -Xptxas -v harness.cu -o h_${c}_g${g}_$h -lcuda > build_${c}_g${g}_$h.log 2>&1 &
done; done; done
wait
grep -H "bytes spill" build_*.log | grep -v " 0 bytes spill stores, 0 bytes spill loads" || echo "no spills"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
python3 torch_ref.py 40
for c in $cfgs; do for h in $(hdrs $c); do for g in $groups; do
  if [ $g = $full ] && [ $h = hdr ]; then ./h_${c}_g${g}_$h 40; else ./h_${c}_g${g}_$h 40 1; fi
done; done; done
python3 torch_ref.py 40
