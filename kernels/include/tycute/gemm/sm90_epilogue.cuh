// tycute device library, GEMM layer (sm90): the consumer's epilogue (seed 004's; CUTLASS's
// CollectiveEpilogue<Sm90TmaWarpSpecialized> with its C/D stages), D = alpha * acc (+ bias)
// (+ beta * C) as half, N-major. Per kEpiM x kEpiN sub-tile: C (the C warp's TMA loads into sC)
// read with ldmatrix.x4 (s2r_smem, kS2RAcc), then the f32 values go to half, stmatrix.x4
// (r2s_smem, kR2SAcc) into 64B-swizzled sD, fence.proxy.async, and one thread's TMA store; with
// kReuseSmemC sD is sC. Without C the sub-tiles go out in groups through a ring of stages
// (sm90_epilogue_groups), or, cooperative, the whole tile at once through the consumer's stages
// and the lent B part of the unit's last mainloop stage (sm90_epilogue_lend, the store warp
// stores it). The kRowCol entry point scales each accumulator by per-row and per-column factors
// first (sm90_epilogue_rowcol). 32-bit C and D (kEpiDirect) skip shared memory: the threads read C
// and write D in global memory (sm90_epilogue_direct). Needs gemm/sm90_config.cuh.
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/arch/fence.cuh"
#include "tycute/arch/ldmatrix.cuh"
#include "tycute/arch/mbarrier.cuh"
#include "tycute/arch/stmatrix.cuh"
#include "tycute/arch/tma.cuh"
#include "tycute/gemm/sm90_config.cuh"
#include "tycute/gemm/sm90_smem.cuh"

namespace tycute {
namespace gemm {

#if !TYCUTE_SM90_EPI_DIRECT
// Sub-tile e of the accumulators (as C/D's 16-bit element type) into the stage `off` bytes from sD: stmatrix.x4 at the
// thread's rows row[], each value the accumulator kR2SAcc names (e: an unrolled-loop constant).
__device__ __forceinline__ void sm90_r2s(const float* acc, const unsigned* row, int e, unsigned off) {
#pragma unroll
  for (int i2 = 0; i2 < kR2SCopies; ++i2) {
#define TYCUTE_R2S(j) arch::pack2<kSm90ElementCD>(acc[kR2SAcc[e][8 * i2 + 2 * (j)]], acc[kR2SAcc[e][8 * i2 + 2 * (j) + 1]])
    arch::stmatrix_x4(row[i2] + off, TYCUTE_R2S(0), TYCUTE_R2S(1), TYCUTE_R2S(2), TYCUTE_R2S(3));
#undef TYCUTE_R2S
  }
}

#endif

// alpha * acc (+ bias), in f32, before the sub-tiles (beta * C is added per sub-tile): a column
// bias (bias_mode 2) from consumer c's sBias (the bias warp staged it; ne: the consumer's
// epilogues so far), a row bias (1) from global memory: accumulator r's (m, n) is the thread's
// first (acc_crd[t][0]) plus (kAccM, kAccN)[r], compile-time offsets. Returns the alpha of the C step.
__device__ __forceinline__ float sm90_epilogue_scale(const Sm90Smem& sm, float* acc, int c, int ne, int t, int lane, int M, int m0, int z,
                                                     float alpha, bool load_c, const cd_t* __restrict__ bias, int bias_mode,
                                                     long long bias_batch) {
  if (bias_mode == 2) {
    arch::mbar_wait(sm.bfull(c), ne & 1);
    const float* sb = sm.sbias + kTileN * c + acc_crd[t][0] / kTileM;
#pragma unroll
    for (int r = 0; r < kAccumulators; ++r) acc[r] = alpha * acc[r] + sb[kAccN[0][r]];
    __syncwarp();
    if (lane == 0) arch::mbar_arrive(sm.bempty(c));
  } else if (bias_mode == 1) {
    // a handful of distinct loads per thread, in flight together; rows past M are not read
    const cd_t* bz = bias + z * bias_batch;
    const int x0 = m0 + acc_crd[t][0] % kTileM;
#pragma unroll
    for (int r = 0; r < kAccumulators; ++r) {
      const int x = x0 + kAccM[0][r];
      // (clamped, not predicated: the loads of one row merge into one, and D past M is not
      // stored; predicated loads, each kept apart, made NVRTC 13.0's ptxas spill, f32 ones in
      // every configuration, 16-bit ones in sm90_128x192's 96 accumulators)
      acc[r] = alpha * acc[r] + cd_to_float(__ldg(bz + min(x, M - 1)));
    }
  } else if (!load_c) {
#pragma unroll
    for (int r = 0; r < kAccumulators; ++r) acc[r] *= alpha;
  }
  return bias_mode != 0 ? 1.f : alpha;
}

// Per-row and per-column scales (the kRowCol entry point, fp8's rowwise scaling): each
// accumulator times scale_m[m] * scale_n[n] of the kernel's problem z (vectors batch_m, batch_n
// floats apart per problem; 0: one for the batch), in alpha's place (sm90_epilogue_scale then runs
// with alpha = 1). The thread's rows and columns are its first (acc_crd[t][0]) plus the
// compile-time (kAccM, kAccN)[r], as the bias's: a few distinct rows and kAccumulators / 2
// columns, read through the read-only cache. Rows past M and columns past N read the last row's /
// column's entry instead (their D is clipped): clamped, not predicated, the loads of one address
// merge into one (predicated, each accumulator kept its own). A __syncwarp every 16 accumulators
// keeps ptxas from hoisting every column's load ahead (their addresses and values beside the
// accumulators: it spilled).
__device__ __forceinline__ void sm90_epilogue_rowcol(float* acc, int t, int M, int N, int m0, int n0, int z, const float* __restrict__ scale_m,
                                                     const float* __restrict__ scale_n, long long batch_m, long long batch_n) {
  const int x0 = m0 + acc_crd[t][0] % kTileM, y0 = n0 + acc_crd[t][0] / kTileM;
  // (sa + min(i, lm) = the vector's entry min(x0 + i, M - 1), never before its start nor past its end)
  const float* sa = scale_m + z * batch_m + x0;
  const float* sb = scale_n + z * batch_n + y0;
  const int lm = M - 1 - x0, ln = N - 1 - y0;
#pragma unroll
  for (int r = 0; r < kAccumulators; ++r) {
    acc[r] *= __ldg(sa + min(kAccM[0][r], lm)) * __ldg(sb + min(kAccN[0][r], ln));
    if (r % 16 == 15) __syncwarp();
  }
}

#if TYCUTE_SM90_EPI_DIRECT
// 32-bit C and D (kEpiDirect, CUTLASS's NoSmem epilogue): D = alpha_c * acc (+ beta * C) from the
// registers straight to global memory. Accumulators r and r + 1 (r even) are adjacent columns of
// one row (the GMMA accumulator layout; the header check asserts it from kAccM / kAccN), stored
// as one float2 where `vec` (D, ldd, batch_d and C's 8-byte aligned: the host's strides even),
// else one by one; a warp's float2 pairs of one row are 32 contiguous bytes (one sector). Rows
// past M and columns past N are neither read nor written. C comes from global memory too
// (Sm90DirectC, in the kernel's tma_c parameter); stream_d: D larger than the L2, stored with the
// evict-first hint (st.global.cs) as the TMA path does.
// C's address and strides are read from the kernel's parameter here, per tile (kept live through
// the mainloops, NVRTC 13.0's ptxas spilled them).
__device__ __forceinline__ void sm90_epilogue_direct(const float* acc, int t, bool load_c, float alpha_c, float beta, const arch::TmaMap& tma_c,
                                                     int M, int N, int m0, int n0, int z, bool stream_d, float* __restrict__ d_out,
                                                     long long ldd, long long batch_d) {
  const Sm90DirectC cd = *reinterpret_cast<const Sm90DirectC*>(&tma_c);
  const bool vec = ((ldd | batch_d | cd.ldc | cd.batch_c) & 1) == 0 &&
                   ((reinterpret_cast<unsigned long long>(d_out) | reinterpret_cast<unsigned long long>(cd.c)) & 7) == 0;
  const int x0 = m0 + acc_crd[t][0] % kTileM, y0 = n0 + acc_crd[t][0] / kTileM;
  float* dz = d_out + z * batch_d;
  const float* cz = cd.c + z * cd.batch_c;
#pragma unroll
  for (int r = 0; r < kAccumulators; r += 2) {
    const int x = x0 + kAccM[0][r], y = y0 + kAccN[0][r];
    if (x >= M || y >= N) continue;
    float v0 = acc[r], v1 = acc[r + 1];
    float* d = dz + static_cast<long long>(x) * ldd + y;
    if (vec && y + 1 < N) {
      if (load_c) {
        const float2 cv = *reinterpret_cast<const float2*>(cz + static_cast<long long>(x) * cd.ldc + y);
        v0 = alpha_c * v0 + beta * cv.x;
        v1 = alpha_c * v1 + beta * cv.y;
      }
      if (stream_d)
        asm volatile("st.global.cs.v2.f32 [%0], {%1, %2};\n" ::"l"(d), "f"(v0), "f"(v1) : "memory");
      else
        *reinterpret_cast<float2*>(d) = make_float2(v0, v1);
    } else {
      const float* c = cz + static_cast<long long>(x) * cd.ldc + y;
      if (load_c) v0 = alpha_c * v0 + beta * c[0];
      d[0] = v0;
      if (y + 1 < N) {
        if (load_c) v1 = alpha_c * v1 + beta * c[1];
        d[1] = v1;
      }
    }
    if (r % 16 == 14) __syncwarp();
  }
}
#else
// The whole tile at once (kLendStage): sub-tiles e < kDStages into the consumer's stages, once
// the store warp's previous stores have read them, the others into the B part of stage `last`,
// once every warp's wgmmas (or partial-sum loads) have read it (the barrier); then each warp
// tells the store warp, which stores the tile and gives the stages back.
__device__ __forceinline__ void sm90_epilogue_lend(const Sm90Smem& sm, const float* acc, const unsigned* row, unsigned sD, int last, int c, int ne,
                                                   int lane) {
  if (ne > 0) arch::mbar_wait(sm.dempty(), (ne - 1) & 1);
  arch::named_barrier_sync<kThreads>(kEpiBarrier + c);
#pragma unroll
  for (int e = 0; e < kEpiTiles; ++e) {
    // (the sub-tile's stage relative to sD, where row[] points; the lent one lies below it)
    sm90_r2s(acc, row, e, e < kDStages ? 2u * e * kEpiStageElems : sm.sB + last * kStageBytesB - sD + 2u * (e - kDStages) * kEpiStageElems);
  }
  // the generic-proxy writes become visible to the store warp's TMA stores (async proxy)
  arch::fence_proxy_async_shared();
  __syncwarp();
  if (lane == 0) arch::mbar_arrive(sm.dfull());
}

// No C to read (beta = 0) and every sub-tile stored whole by the TMA: the sub-tiles go out in
// groups of kEpiGroup through a ring of kEpiSets sets of stages (sD's, and sC's, unused without
// C). Per group: stmatrix of its sub-tiles, one proxy fence, thread 0 waits until the stores of
// the group that last used the next group's set have read it, one barrier, then thread 0's TMA
// stores of the group, one bulk group. epi_group: the consumer's groups so far.
__device__ __forceinline__ void sm90_epilogue_groups(const float* acc, const unsigned* row, unsigned sD, int& epi_group, int c, int t,
                                                     const arch::TmaMap& tma_d, int m0, int n0, int z, bool stream_d) {
#pragma unroll
  for (int g = 0; g < kEpiTiles / kEpiGroup; ++g, ++epi_group) {
    const unsigned set = 2u * (epi_group % kEpiSets) * kEpiGroup * kEpiStageElems;  // its byte offset in sD
#pragma unroll
    for (int e2 = 0; e2 < kEpiGroup; ++e2) sm90_r2s(acc, row, g * kEpiGroup + e2, set + 2u * e2 * kEpiStageElems);
    // the generic-proxy writes of sD become visible to the TMA (async proxy)
    arch::fence_proxy_async_shared();
    // (the group that last used set (epi_group + 1) % kEpiSets, the next group's, has been read)
    if (t == 0) arch::bulk_wait_read<kEpiSets - 2>();
    arch::named_barrier_sync<kThreads>(kEpiBarrier + c);
    if (t == 0) {
#pragma unroll
      for (int e2 = 0; e2 < kEpiGroup; ++e2) {
        const int e = g * kEpiGroup + e2;
        arch::tma_store_3d(&tma_d, sD + set + 2u * e2 * kEpiStageElems, n0 + kEpiOrigin[e][1], m0 + kEpiOrigin[e][0], z, stream_d);
      }
      arch::bulk_commit();
    }
  }
}

// Each sub-tile: (with C) ldmatrix.x4 of its C, alpha_c * acc + beta * C, the stage back to the
// C warp; stmatrix.x4 into a stage of sD; one thread stores the box with TMA. epi: the
// consumer's sub-tiles so far (the stage and parity of sD / sC). crow[]: the thread's ldmatrix
// rows of C, row[]: its stmatrix rows of D. A sub-tile holding D's last columns when N is not a
// multiple of 8 is stored by the threads through d_out (ldd, batch_d): the TMA store clips in
// 16-byte units along a row, so it would write the halves past N up to the next multiple of 8.
__device__ __forceinline__ void sm90_epilogue_subtiles(const Sm90Smem& sm, float* acc, const unsigned* crow, const unsigned* row, unsigned sD,
                                                       int& epi, int c, int t, int lane, bool load_c, float alpha_c, float beta,
                                                       const arch::TmaMap& tma_d, int M, int N, int m0, int n0, int z, bool stream_d,
                                                       unsigned short* __restrict__ d_out, long long ldd, long long batch_d) {
#pragma unroll
  for (int e = 0; e < kEpiTiles; ++e, ++epi) {
    const int st = epi % kEpiStages;
    if (load_c) {
      arch::mbar_wait(sm.cfull(c, st), (epi / kEpiStages) & 1);
#pragma unroll
      for (int i2 = 0; i2 < kS2RCopies; ++i2) {
        unsigned cv[4];
        arch::ldmatrix_x4(crow[i2] + 2u * st * kEpiStageElems, cv[0], cv[1], cv[2], cv[3]);
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          float lo, hi;
          arch::unpack2<kSm90ElementCD>(cv[j], lo, hi);
          float& a0 = acc[kS2RAcc[e][8 * i2 + 2 * j]];
          float& a1 = acc[kS2RAcc[e][8 * i2 + 2 * j + 1]];
          a0 = alpha_c * a0 + beta * lo;
          a1 = alpha_c * a1 + beta * hi;
        }
      }
      if constexpr (!kReuseSmemC) {
        __syncwarp();
        if (lane == 0) arch::mbar_arrive(sm.cempty(c, st));
      }
    }
    // the store that last read this stage (this tile's or the previous tile's) has finished reading it
    if (t == 0 && epi >= kEpiStages) arch::bulk_wait_read<kEpiStages - 1>();
    arch::named_barrier_sync<kThreads>(kEpiBarrier + c);
    sm90_r2s(acc, row, e, 2u * st * kEpiStageElems);
    // the generic-proxy writes of sD become visible to the TMA (async proxy)
    arch::fence_proxy_async_shared();
    arch::named_barrier_sync<kThreads>(kEpiBarrier + c);
    const int gm = m0 + kEpiOrigin[e][0], gn = n0 + kEpiOrigin[e][1];
    if ((N & 7) != 0 && gn + kTmaBoxD[0][0] > N) {
      // by the threads from sD (64B swizzle: 16-byte chunk ^= bits 7-8 of the byte offset)
      static_assert(kTmaSwizzleD == 2 && kTmaBoxD[0][0] == 32 && kTmaBoxD[0][1] * kTmaBoxD[0][0] == 16 * kThreads,
                    "the by-thread store of a partial sub-tile assumes 64x32 boxes of sD, 64B swizzle");
      const int r = t / 2, c0 = (t % 2) * 16;
      if (gm + r < M) {
        unsigned short* out = d_out + z * batch_d + static_cast<long long>(gm + r) * ldd + gn;
#pragma unroll 1
        for (int cc = c0; cc < c0 + 16 && gn + cc < N; ++cc) {
          unsigned byte = static_cast<unsigned>(r * 64 + cc * 2);
          byte ^= ((byte >> 7) & 3u) << 4;
          unsigned short h;
          asm volatile("ld.shared.u16 %0, [%1];\n" : "=h"(h) : "r"(sD + 2u * st * kEpiStageElems + byte) : "memory");
          out[cc] = h;
        }
      }
    } else if (t == 0) {
      arch::tma_store_3d(&tma_d, sD + 2u * st * kEpiStageElems, gn, gm, z, stream_d);
    }
    if (t == 0) arch::bulk_commit();
    if (kReuseSmemC && load_c && t == 0 && epi >= 1) {
      // ReuseSmemC: the store of the previous sub-tile has read its stage (at most this one
      // pending): the C warp may load the next C into it
      arch::bulk_wait_read<1>();
      arch::mbar_arrive(sm.cempty(c, (epi - 1) % kEpiStages));
    }
  }
}

#endif  // TYCUTE_SM90_EPI_DIRECT

}  // namespace gemm
}  // namespace tycute
