#!/usr/bin/env bash
# On the device, in the packed directory (pack.sh): builds sched.cu for the 128x256 configurations in
# CFGS, for each group of tile rows in GROUPS_M (the tile order, -DTYCUTE_SM90_GROUP_M), then runs
# them beside torch: every schedule with FULL_GROUP, whole tiles only otherwise.
set -u
cfgs="${CFGS:-sm90_128x256 sm90_128x256_bf16 sm90_128x256_e4m3 sm90_128x256_e4m3_c2}"
groups="${GROUPS_M:-16 32 64}"
full="${FULL_GROUP:-16}"
for c in $cfgs; do for g in $groups; do
  # (a cluster's group is whole cluster-tile rows)
  case $c in *_c2) [ $((g % 2)) = 0 ] || continue ;; esac
  nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=$c -DTYCUTE_SM90_GROUP_M=$g \
    -Xptxas -v sched.cu -o h_${c}_g$g -lcuda > build_${c}_g$g.log 2>&1 &
done; done
wait
grep -H "bytes spill" build_*.log | grep -v " 0 bytes spill stores, 0 bytes spill loads" || echo "no spills"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
python3 sched_torch.py 40
for c in $cfgs; do for g in $groups; do
  [ -x h_${c}_g$g ] || { echo "h_${c}_g$g: not built (build_${c}_g$g.log)"; continue; }
  if [ $g = $full ] && [ "${c%_c2}" = "$c" ]; then ./h_${c}_g$g 40; else ./h_${c}_g$g 40 1; fi
done; done
python3 sched_torch.py 40
