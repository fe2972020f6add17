// tycute device library, GEMM layer (sm90): the consumer's mainloop (CUTLASS's
// CollectiveMma<MainloopSm90TmaGmmaWarpSpecialized> mma side): per stage kMmaM x kMmaK wgmmas of
// the configuration's GMMA atom on shared memory descriptors (warpgroup wg of the TiledMMA on its
// kGmmaOffA_*[wg * kMmaM + m] and kGmmaOffB_*[wg] blocks), one wgmma group in flight, a stage
// released (empty barrier, in every CTA of the cluster) once the group that read it has completed;
// then a stream-K head adds its sources' partial sums from the stages the producer filled with
// them. Needs gemm/sm90_config.cuh.
#pragma once

#include "tycute/arch/fence.cuh"
#include "tycute/arch/mbarrier.cuh"
#include "tycute/arch/wgmma.cuh"
#include "tycute/gemm/sm90_config.cuh"
#include "tycute/gemm/sm90_smem.cuh"
#include "tycute/scheduler/sm90_stream_k.cuh"

namespace tycute {
namespace gemm {

// Stage s has been read by this warp: its empty barrier in every CTA of the cluster (lane 0).
__device__ __forceinline__ void sm90_release(const Sm90Smem& sm, int s) {
  if constexpr (kClusterM > 1) {
#pragma unroll
    for (int r = 0; r < kClusterM; ++r) arch::mbar_arrive_cluster(sm.empty(s), r);
  } else {
    arch::mbar_arrive(sm.empty(s));
  }
}

// The start bytes (in a stage) of warpgroup wg's wgmma blocks of A and B.
template <class OpA, class OpB>
__device__ __forceinline__ void sm90_gmma_offsets(int wg, unsigned (&off_a)[kMmaM][kMmaK], unsigned (&off_b)[kMmaK]) {
#pragma unroll
  for (int w = 0; w < kMmaWarpGroups; ++w) {
    if (w == wg) {
#pragma unroll
      for (int kb = 0; kb < kMmaK; ++kb) {
        off_b[kb] = OpB::gmma_off(w, kb);
#pragma unroll
        for (int m = 0; m < kMmaM; ++m) off_a[m][kb] = OpA::gmma_off(w * kMmaM + m, kb);
      }
    }
  }
}

// One k-block kt (the producer's iteration it) of a unit whose k-blocks are [kt0, kt1): its
// stage's wgmma group on acc, left pending; the previous k-block's stage released once that
// group has completed. kFirst: the unit's first k-block, whose first wgmmas write the
// accumulators (scale-d = 0: a plain write of acc would make ptxas serialize the wgmmas). A
// stream-K flag of the previous unit (sk.raise) goes up 8 k-blocks in, or at the unit's last
// k-block.
template <bool kFirst, class OpA, class OpB>
__device__ __forceinline__ void sm90_mma_kblock(const Sm90Smem& sm, float* acc, const unsigned (&off_a)[kMmaM][kMmaK], const unsigned (&off_b)[kMmaK],
                                                int it, int kt, int kt0, int kt1, scheduler::Sm90SkFlag& sk, int lane) {
  const int s = it % kStages;
  // the previous unit's partial sums were stored at least 8 k-blocks (or this unit) ago
  if (sk.raise && (kt == kt0 + 8 || kt == kt1 - 1)) sk.raise_now(lane);
  arch::mbar_wait(sm.full(s), (it / kStages) & 1);
#pragma unroll
  for (int r = 0; r < kAccumulators; ++r) arch::fence_operand(acc[r]);
  arch::wgmma_fence();
#pragma unroll
  for (int kb = 0; kb < kMmaK; ++kb) {
#pragma unroll
    for (int m = 0; m < kMmaM; ++m)
      wgmma_atom<OpA::kMn, OpB::kMn>(acc + kFragC[0][m], OpA::desc(sm.sA + s * kStageBytesA + off_a[m][kb]),
                                     OpB::desc(sm.sB + s * kStageBytesB + off_b[kb]), kFirst ? kb > 0 : 1);
  }
  arch::wgmma_commit();
  // the group of the previous stage has completed once at most this one is pending
  arch::wgmma_wait<1>();
#pragma unroll
  for (int r = 0; r < kAccumulators; ++r) arch::fence_operand(acc[r]);
  if (!kFirst && lane == 0) sm90_release(sm, (it - 1) % kStages);  // the warp's wait_group above is warp-wide
}

// The k-blocks [kt0, kt1) of a unit into acc, from the producer's iterations it0, ...; returns
// with the last group pending. The first k-block is issued apart, its scale-d a constant: with
// scale-d a run-time value (kt > kt0) in one loop, the ptxas of CUDA 12.8 took the epilogue's
// writes of acc as writes inside a wgmma pipeline stage and serialized every wgmma of the kernel
// (C7515; CUDA 13's ptxas did not); tests/toolchains.rs builds every kernel with NVRTC 12.8 too.
template <class OpA, class OpB>
__device__ __forceinline__ void sm90_mma_unit(const Sm90Smem& sm, float* acc, const unsigned (&off_a)[kMmaM][kMmaK], const unsigned (&off_b)[kMmaK],
                                              int it0, int kt0, int kt1, scheduler::Sm90SkFlag& sk, int lane) {
  if (kt0 >= kt1) return;  // (the schedule's units are never empty)
  sm90_mma_kblock<true, OpA, OpB>(sm, acc, off_a, off_b, it0, kt0, kt0, kt1, sk, lane);
  for (int kt = kt0 + 1; kt < kt1; ++kt) sm90_mma_kblock<false, OpA, OpB>(sm, acc, off_a, off_b, it0 + kt - kt0, kt, kt0, kt1, sk, lane);
}

// The last wgmma group of a unit has completed.
__device__ __forceinline__ void sm90_mma_drain(float* acc) {
  arch::wgmma_wait<0>();
#pragma unroll
  for (int r = 0; r < kAccumulators; ++r) arch::fence_operand(acc[r]);
}

// A stream-K head: its `sources` sources' partial sums, kSkChunks stages each from iteration `it`
// on (the producer's bulk copies of their slots), added in position order (the same sums
// whichever finished first). The last chunk's stage is kept (lent to the epilogue) when `lend`.
__device__ __forceinline__ void sm90_add_sources(const Sm90Smem& sm, float* acc, int it, int sources, bool lend, int t, int lane) {
#pragma unroll 1
  for (int src = 0; src < sources; ++src) {
#pragma unroll
    for (int ch = 0; ch < kSkChunks; ++ch, ++it) {
      const int s = it % kStages;
      arch::mbar_wait(sm.full(s), (it / kStages) & 1);
#pragma unroll
      for (int qq = 0; qq < kSkQA + kSkQB; ++qq) {
        const int q = ch * (kSkQA + kSkQB) + qq;
        if (q < kSkQ) {
          const unsigned a = qq < kSkQA ? sm.sA + s * kStageBytesA + 16u * (qq * kThreads + t) : sm.sB + s * kStageBytesB + 16u * ((qq - kSkQA) * kThreads + t);
          float x, y, zz, w;
          asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];\n" : "=f"(x), "=f"(y), "=f"(zz), "=f"(w) : "r"(a) : "memory");
          acc[4 * q] += x;
          acc[4 * q + 1] += y;
          acc[4 * q + 2] += zz;
          acc[4 * q + 3] += w;
        }
      }
      // (the stage's next write is the async proxy's: TMA or a bulk copy)
      arch::fence_proxy_async_shared();
      __syncwarp();
      if (lane == 0 && !(lend && src == sources - 1 && ch == kSkChunks - 1)) sm90_release(sm, s);
    }
  }
}

}  // namespace gemm
}  // namespace tycute
