// tycute device library, scheduler layer (sm80): the stream-K fixup of a unit (blockIdx.x >=
// sk_first, sk_splits > 0): its partial tile is added into the tile's slot of the fp32 workspace
// sk_ws (red.global.add, in the accumulators' own register order: every unit of a tile has the
// same thread-value layout, so no coordinate is needed); the unit that arrives last (sk_count)
// takes the sums, zeroes the slot and its counter for the next launch, and runs the epilogue.
// Needs the sm80 configuration (gemm/sm80_config.cuh).
#pragma once

#include "tycute/arch/fence.cuh"
#include "tycute/scheduler/stream_k.h"

namespace tycute {
namespace scheduler {

// The partial sums of this unit into its slot (float4 r/4 of thread t at (r/4 * kThreads + t) *
// 4: a warp's adds are 512 contiguous bytes); fp16 accumulators are added as floats, and the last
// unit rounds the fp32 sums to fp16 once. Returns true on the unit that arrived last, with the
// tile's sums in acc: it runs the epilogue; the others return false and exit.
__device__ __forceinline__ bool sm80_stream_k_fixup(gemm::sm80_acc_t* acc, int t, int sk_first, int sk_splits, float* sk_ws, unsigned* sk_count) {
  static_assert(kAccumulators % 4 == 0, "the stream-K slot holds the accumulators 4 at a time");
  const int slot = tycute_sk80_slot(blockIdx.x, sk_first, sk_splits);
  float* const ws = sk_ws + static_cast<size_t>(slot) * kAccumulators * kThreads;
#pragma unroll
  for (int r = 0; r < kAccumulators; r += 4) {
    float* w = ws + ((r / 4) * kThreads + t) * 4;
#if __CUDA_ARCH__ >= 900
    arch::red_add_v4_f32(w, gemm::sm80_acc_value(acc, r), gemm::sm80_acc_value(acc, r + 1), gemm::sm80_acc_value(acc, r + 2),
                         gemm::sm80_acc_value(acc, r + 3));
#else
#pragma unroll
    for (int j = 0; j < 4; ++j) atomicAdd(w + j, gemm::sm80_acc_value(acc, r + j));
#endif
  }
  // the adds are done (visible at L2) before the count says so; the last unit reads them
  __threadfence();
  const bool last = __syncthreads_or(t == 0 && atomicAdd(sk_count + slot, 1u) == static_cast<unsigned>(sk_splits - 1));
  if (!last) return false;
  __threadfence();
#pragma unroll
  for (int r = 0; r < kAccumulators; r += 4) {
    float4* w = reinterpret_cast<float4*>(ws + ((r / 4) * kThreads + t) * 4);
    gemm::sm80_set_acc4(acc, r, __ldcg(w));
    __stcg(w, make_float4(0.f, 0.f, 0.f, 0.f));
  }
  if (t == 0) sk_count[slot] = 0;
  return true;
}

}  // namespace scheduler
}  // namespace tycute
