// tycute device library, GEMM layer (sm90): the producer's mainloop (CUTLASS's
// CollectiveMma<MainloopSm90TmaGmmaWarpSpecialized> load side): one thread issues the TMA loads of
// A and B (the operand tables' boxes; cp.async.bulk.tensor.3d, mbarrier complete_tx) of unit after
// unit into kStages 128B-swizzled stages, running ahead into the next units' stages during an
// epilogue; with kClusterM > 1 each CTA multicasts its slice of K-major B (kTmaMcastB) to the
// cluster. A stream-K head's sources' partial sums follow its k-blocks, kSkChunks stages per
// source (bulk copies of the source's slot). Needs gemm/sm90_config.cuh.
#pragma once

#include "tycute/arch/fence.cuh"
#include "tycute/arch/mbarrier.cuh"
#include "tycute/arch/tma.cuh"
#include "tycute/gemm/sm90_config.cuh"
#include "tycute/gemm/sm90_smem.cuh"
#include "tycute/scheduler/sm90_tile_scheduler.cuh"

namespace tycute {
namespace gemm {

// The loads of every unit of this CTA, in order (warp 0, lane 0 of the producer warpgroup).
// flags bit 0 / 1: every problem of the batch reads the one A / B.
template <class OpA, class OpB>
__device__ __forceinline__ void sm90_producer_load(const Sm90Smem& sm, const scheduler::Sm90TileScheduler& sched, const arch::TmaMap& tma_a,
                                                   const arch::TmaMap& tma_b, int flags, float* __restrict__ sk_ws,
                                                   unsigned* __restrict__ sk_flag) {
  const unsigned sA = sm.sA, sB = sm.sB;
  // this CTA's slice of B (kClusterM > 1): its origin along N in the tile and its start byte
  // in a stage of sB (the header's kTmaMcastB rows, selected by the unrolled loop)
  int b_n = 0;
  unsigned b_off = 0;
#pragma unroll
  for (int r = 0; r < kClusterM; ++r)
    if (r == static_cast<int>(sched.rank)) b_n = kTmaMcastB[r][0], b_off = kTmaMcastB[r][1];
  // flags bits 8-15: a K-major A of fewer rows than a tile is loaded in boxes of that many rows
  // (a multiple of 8, one 128-byte swizzle atom each; 0: the whole box); the stage's other rows
  // keep what they hold, and the accumulator rows they feed lie past M, never stored
  const int a_rows = (flags >> 8) & 0xff;
  const unsigned bytes_a = a_rows == 0 ? unsigned(kTmaBytesA) : unsigned(kTmaBytesA / kTileM) * unsigned(a_rows);
  int it = 0, id, kt0, kt1;
  for (int j = 0; sched.unit(j, id, kt0, kt1); ++j) {
    int m0, n0, z;
    sched.tile_of(id, m0, n0, z);
    const int za = (flags & 1) ? 0 : z, zb = (flags & 2) ? 0 : z;
    for (int kt = kt0; kt < kt1; ++kt, ++it) {
      const int s = it % kStages;
      if (it >= kStages) arch::mbar_wait(sm.empty(s), ((it / kStages) - 1) & 1);
      arch::mbar_expect_tx(sm.full(s), bytes_a + kTmaBytesB);
      tma_load_operand<OpA>(sA + s * kStageBytesA, &tma_a, m0, kt * kTileK, za, sm.full(s));
      if constexpr (kClusterM > 1)
        arch::tma_load_3d_mcast(sB + s * kStageBytesB + b_off, &tma_b, kt * kTileK, n0 + b_n, zb, sm.full(s), (1u << kClusterM) - 1);
      else
        tma_load_operand<OpB>(sB + s * kStageBytesB, &tma_b, n0, kt * kTileK, zb, sm.full(s));
    }
    if (sched.sources(id, kt0, kt1) == 0) continue;
    // a stream-K head: each source's slot, once its flag is up (every warp of the source's
    // consumer; acquire, then the async proxy may read what the generic proxy wrote), into
    // kSkChunks stages
    for (int p = sched.pos() + 1; sched.source(id, p); ++p) {
      if (!sched.nonempty(p)) continue;
      unsigned up;
      do {
        up = arch::ld_acquire_gpu(sk_flag + p);
      } while (up < kThreads / 32);
      sk_flag[p] = 0;  // (zero again for the next launch)
      arch::fence_proxy_async_global();
      const char* slot = reinterpret_cast<const char*>(sk_ws) + static_cast<long long>(p) * kSkSlotBytes;
#pragma unroll 1
      for (int ch = 0; ch < kSkChunks; ++ch, ++it) {
        const int s = it % kStages;
        if (it >= kStages) arch::mbar_wait(sm.empty(s), ((it / kStages) - 1) & 1);
        // float4 blocks [ch * (kSkQA + kSkQB), ...) of the slot: the first kSkQA to the A part
        const int q0 = ch * (kSkQA + kSkQB), qa = min(kSkQ - q0, kSkQA), qb = min(max(kSkQ - q0 - kSkQA, 0), kSkQB);
        arch::mbar_expect_tx(sm.full(s), 16u * kThreads * (qa + qb));
        arch::bulk_load(sA + s * kStageBytesA, slot + 16ll * kThreads * q0, 16u * kThreads * qa, sm.full(s));
        if (qb > 0) arch::bulk_load(sB + s * kStageBytesB, slot + 16ll * kThreads * (q0 + kSkQA), 16u * kThreads * qb, sm.full(s));
      }
    }
  }
}

}  // namespace gemm
}  // namespace tycute
