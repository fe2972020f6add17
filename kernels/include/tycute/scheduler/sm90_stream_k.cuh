// tycute device library, scheduler layer (sm90): a stream-K unit's side of the fixup. A unit that
// starts inside its tile (kt0 > 0) stores its partial sums into its position's slot of sk_ws (no
// epilogue); each warp of the consumer adds 1 to the position's flag later (release, gpu scope:
// its stores of the slot before it), once they have long completed, during the consumer's next
// mainloop or at its end, so that the release costs no wait. The head's producer acquires the
// flag and bulk-copies the slot into its stages (gemm/sm90_producer.cuh), its consumer adds them
// (gemm/sm90_mainloop.cuh). Needs gemm/sm90_config.cuh.
#pragma once

#include "tycute/arch/fence.cuh"
#include "tycute/gemm/sm90_config.cuh"

namespace tycute {
namespace scheduler {

// A consumer's pending flag: `raise` once its partial sums are stored.
struct Sm90SkFlag {
  unsigned* flag;  // sk_flag + this CTA's position
  bool raise;
  __device__ __forceinline__ void raise_now(int lane) {
    __syncwarp();
    if (lane == 0) arch::flag_release_add1_gpu(flag);
    raise = false;
  }
};

// The partial sums of thread t into slot `pos` of sk_ws (float4 q of thread t at (q * kThreads +
// t) * 16 bytes).
__device__ __forceinline__ void sm90_store_partial(float* __restrict__ sk_ws, int pos, const float* acc, int t) {
  float* slot = sk_ws + pos * (gemm::kSkSlotBytes / 4) + 4 * t;
#pragma unroll
  for (int q = 0; q < gemm::kSkQ; ++q)
    __stcg(reinterpret_cast<float4*>(slot + q * 4 * kThreads), make_float4(acc[4 * q], acc[4 * q + 1], acc[4 * q + 2], acc[4 * q + 3]));
}

}  // namespace scheduler
}  // namespace tycute
