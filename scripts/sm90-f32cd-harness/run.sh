#!/usr/bin/env bash
# On the device, in the packed directory: builds the harness for each fp32-output configuration
# whose header hdr/ holds, runs its checks and timings, the small cases under compute-sanitizer
# (memcheck), then torch_ref.py; logs in $OUT (or .).
set -u
out="${OUT:-.}"
configs="sm90_128x256_bf16_f32cd sm90_128x256_e4m3_f32cd sm90_128x256_tf32_f32cd"
for c in $configs; do
  [ -f "hdr/$c.h" ] || continue
  (nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -Xptxas -v -I include -I hdr -DTYCUTE_SM90_CONFIG=$c harness.cu -o "h_$c" -lcuda > "$out/build_$c.log" 2>&1 || echo "build $c failed") &
done
wait
for c in $configs; do
  [ -x "h_$c" ] || { [ -f "hdr/$c.h" ] && tail -20 "$out/build_$c.log"; continue; }
  echo "== $c"; grep -E "spill|Used" "$out/build_$c.log" | sort | uniq -c
  "./h_$c" 2>&1 | tee "$out/run_$c.log"
done
c=sm90_128x256_bf16_f32cd
[ -x "h_$c" ] && HARNESS_NO_CS=1 "./h_$c" 2>&1 | grep perf | sed 's/^/no evict-first: /' | tee "$out/nocs_$c.log"
for c in $configs; do
  [ -x "h_$c" ] || continue
  for tool in memcheck racecheck; do
    echo "$c $tool: $(compute-sanitizer --tool $tool "./h_$c" small 2>&1 | grep -aE 'ERROR SUMMARY|RACECHECK SUMMARY|ALL OK|FAILED' | tr '\n' ' ')" | tee -a "$out/sanitizer.log"
  done
done
python3 torch_ref.py 2>&1 | tee "$out/torch.log"
