// tycute device library, GEMM layer (sm90): the epilogue's producer-side warps (seed 004's; in
// CUTLASS's terms the epilogue collective's load and store pipelines), warps 1-3 of the producer
// warpgroup, each walking this CTA's units in the consumers' order (unit i is consumer
// i % kConsumers's; a unit holding its tile's k-block 0 has the epilogue):
//   * the C warp (beta != 0): every epilogue sub-tile's C, TMA-loaded into that consumer's
//     kEpiStages 64B-swizzled stages of sC, running ahead of it by the stages;
//   * the bias warp (bias_mode 2): every epilogue's column bias, as floats, into the consumer's
//     sBias during the mainloop;
//   * the store warp (kLendStage, beta = 0): the whole-tile epilogues' TMA stores, from the
//     consumer's stages and the B part of the unit's last mainloop stage (lent).
// Needs gemm/sm90_config.cuh.
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/arch/mbarrier.cuh"
#include "tycute/arch/tma.cuh"
#include "tycute/gemm/sm90_config.cuh"
#include "tycute/gemm/sm90_smem.cuh"
#include "tycute/scheduler/sm90_tile_scheduler.cuh"

namespace tycute {
namespace gemm {

// The C warp (lane 0): stage st of sub-tile n (the consumer's count) once its warps have read
// sub-tile n - kEpiStages. flags bit 2: every problem of the batch reads the one C.
__device__ __forceinline__ void sm90_load_c(const Sm90Smem& sm, const scheduler::Sm90TileScheduler& sched, const arch::TmaMap& tma_c, int flags) {
  const unsigned sC0 = sm.sEpi + (kReuseSmemC ? 0u : kEpiStages * kEpiStageElems * 2u);
  int cnt0 = 0, cnt1 = 0;  // sub-tiles loaded per consumer
  int id, kt0, kt1;
  for (int i = 0; sched.unit(i, id, kt0, kt1); ++i) {
    if (kt0 > 0) continue;  // partial sums only, no epilogue
    const int c = kConsumers > 1 ? i % kConsumers : 0;
    int m0, n0, z;
    sched.tile_of(id, m0, n0, z);
    const unsigned sC = sC0 + c * kEpiBytes;
#pragma unroll 1
    for (int e = 0; e < kEpiTiles; ++e) {
      const int n = c == 0 ? cnt0++ : cnt1++;
      const int st = n % kEpiStages;
      if (n >= kEpiStages) arch::mbar_wait(sm.cempty(c, st), ((n / kEpiStages) - 1) & 1);
      arch::mbar_expect_tx(sm.cfull(c, st), kTmaBytesC);
      arch::tma_load_3d(sC + 2u * st * kEpiStageElems, &tma_c, n0 + kEpiOrigin[e][1], m0 + kEpiOrigin[e][0], (flags & 4) ? 0 : z,
                        sm.cfull(c, st));
    }
  }
}

// The bias warp (every lane): each epilogue's kTileN column-bias entries (n: that consumer's
// epilogues so far) into the consumer's sBias once it has read the previous one; entries past N
// are 0.
__device__ __forceinline__ void sm90_load_bias(const Sm90Smem& sm, const scheduler::Sm90TileScheduler& sched, int N,
                                               const cd_t* __restrict__ bias, long long bias_batch, int lane) {
  int id, kt0, kt1, epis0 = 0, epis1 = 0;
  for (int i = 0; sched.unit(i, id, kt0, kt1); ++i) {
    if (kt0 > 0) continue;  // partial sums only, no epilogue
    const int c = kConsumers > 1 ? i % kConsumers : 0, n = c == 0 ? epis0++ : epis1++;
    int m0, n0, z;
    sched.tile_of(id, m0, n0, z);
    if (n >= 1) arch::mbar_wait(sm.bempty(c), (n - 1) & 1);
    const cd_t* bz = bias + z * bias_batch;
#pragma unroll
    for (int j = lane; j < kTileN; j += 32) sm.sbias[kTileN * c + j] = n0 + j < N ? cd_to_float(__ldg(bz + n0 + j)) : 0.f;
    arch::mbar_arrive(sm.bfull(c));
  }
}

// The store warp (lane 0, kLendStage): each epilogue unit's tile, once the consumer has written
// it (`it`: the producer's iterations so far, which give the lent stage); once the stores have
// read them, the lent stage goes back to the producer (every consumer warp's share of its
// arrivals, in every CTA of the cluster) and the consumer's stages to the consumer.
__device__ __forceinline__ void sm90_store_tiles(const Sm90Smem& sm, const scheduler::Sm90TileScheduler& sched, const arch::TmaMap& tma_d,
                                                 bool stream_d) {
  const unsigned sD0 = sm.sEpi;
  int it = 0, n = 0, id, kt0, kt1;
  for (int j = 0; sched.unit(j, id, kt0, kt1); ++j) {
    it += kt1 - kt0 + kSkChunks * sched.sources(id, kt0, kt1);
    if (kt0 > 0) continue;  // partial sums only, no epilogue
    const int last = (it - 1) % kStages;
    int m0, n0, z;
    sched.tile_of(id, m0, n0, z);
    arch::mbar_wait(sm.dfull(), n & 1);
#pragma unroll
    for (int e = 0; e < kEpiTiles; ++e) {
      const unsigned from = e < kDStages ? sD0 + 2u * e * kEpiStageElems : sm.sB + last * kStageBytesB + 2u * (e - kDStages) * kEpiStageElems;
      arch::tma_store_3d(&tma_d, from, n0 + kEpiOrigin[e][1], m0 + kEpiOrigin[e][0], z, stream_d);
    }
    arch::bulk_commit();
    arch::bulk_wait_read<0>();
    if constexpr (kClusterM == 1) {
      arch::mbar_arrive_n<kThreads / 32>(sm.empty(last));
    } else {
#pragma unroll
      for (int r = 0; r < kClusterM; ++r) arch::mbar_arrive_cluster_n<kThreads / 32>(sm.empty(last), r);
    }
    arch::mbar_arrive(sm.dempty());
    ++n;
  }
  arch::bulk_wait<0>();
}

}  // namespace gemm
}  // namespace tycute
