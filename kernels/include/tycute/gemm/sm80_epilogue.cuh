// tycute device library, GEMM layer (sm80): the epilogue of one CTA's tile, D = alpha * acc +
// beta * C in fp32, C and D column-major (M contiguous, leading dimensions ldc, ldd) of the S2G
// atom's value type. The accumulators go to sC (fp32, swizzled, in the stage memory: tRSsC,
// kR2SAcc), then every thread writes whole 16-byte vectors of kS2GVec elements (tSG_sC, tSG_cC)
// when the tile is inside (M, N) and C, D allow 16-byte access; otherwise each vector is stored
// whole when it lies inside M and is aligned, else element by element, and nothing outside (M, N)
// is read from C or written to D. C and D are not __restrict__: each element of C is read by the
// thread that then writes the same element of D, so C and D may be the same matrix (in place).
// Needs gemm/sm80_config.cuh.
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/gemm/closed_form.cuh"
#include "tycute/gemm/sm80_config.cuh"
#include "tycute/scheduler/sm80_tile_scheduler.cuh"

namespace tycute {
namespace gemm {

// One S2G vector: the kS2GVec floats of sC at s (16-byte loads; check() proves them contiguous
// and aligned), D = alpha * them + beta * C at c (read only when beta != 0), stored at d with one
// 16-byte store (c and d 16-byte aligned).
__device__ __forceinline__ void sm80_epi_vec(const float* s, const sm80_out_t* c, sm80_out_t* d, float alpha, float beta) {
  float v[kS2GVec];
#pragma unroll
  for (int q = 0; q < kS2GVec; q += 4) {
    const float4 x = *reinterpret_cast<const float4*>(s + q);
    v[q] = alpha * x.x;
    v[q + 1] = alpha * x.y;
    v[q + 2] = alpha * x.z;
    v[q + 3] = alpha * x.w;
  }
#if TYCUTE_SM80_OUT_BITS == 16
  if (beta != 0.f) {
    const uint4 p = *reinterpret_cast<const uint4*>(c);
    const unsigned w[4] = {p.x, p.y, p.z, p.w};
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      v[2 * q] += beta * arch::to_float<kSm80ElementCD>((unsigned short)(w[q] & 0xffff));
      v[2 * q + 1] += beta * arch::to_float<kSm80ElementCD>((unsigned short)(w[q] >> 16));
    }
  }
  *reinterpret_cast<uint4*>(d) = make_uint4(arch::pack2<kSm80ElementCD>(v[0], v[1]), arch::pack2<kSm80ElementCD>(v[2], v[3]),
                                            arch::pack2<kSm80ElementCD>(v[4], v[5]), arch::pack2<kSm80ElementCD>(v[6], v[7]));
#else
  if (beta != 0.f) {
    const float4 p = *reinterpret_cast<const float4*>(c);
    v[0] += beta * p.x;
    v[1] += beta * p.y;
    v[2] += beta * p.z;
    v[3] += beta * p.w;
  }
  *reinterpret_cast<float4*>(d) = make_float4(v[0], v[1], v[2], v[3]);
#endif
}

// The epilogue of this CTA's tile (its origin recomputed: scheduler::sm80_cta_work); kResidue
// as the mainloop's, `inside`: the tile lies inside (M, N).
template <bool kResidue>
__device__ __forceinline__ void sm80_epilogue(unsigned short* smem, const sm80_acc_t* acc, int M, int N, int K, const sm80_out_t* C, int ldc,
                                              sm80_out_t* D, int ldd, float alpha, float beta, bool inside, int sk_first, int sk_splits) {
  const int t = threadIdx.x;
  __syncthreads();
  float* sC = reinterpret_cast<float*>(smem);
  {
    const int rs = tRSsC_offset[t];
    TYCUTE_DSTRIDES(tRSsC, rs_d, t)
#pragma unroll
    for (int j = 0; j < kAccumulators; ++j) sC[TYCUTE_CLOSED_FORM(tRSsC, j, rs, rs_d)] = sm80_acc_value(acc, kR2SAcc[0][j]);
  }
  __syncthreads();
  // the tile's origin again (sm80_cta_work: not kept through the mainloop)
  int em0, en0;
  {
    int etm, etn, ekt0, ekt1;
    scheduler::sm80_cta_work(M, K, sk_first, sk_splits, etm, etn, ekt0, ekt1);
    em0 = etm * kTileM;
    en0 = etn * kTileN;
  }
  const int sg = tSGsC_offset[t], gc = tSGcC_offset[t];
  TYCUTE_DSTRIDES(tSGsC, sg_d, t)
  TYCUTE_DSTRIDES(tSGcC, gc_d, t)
  constexpr int kVecs = kEpiElems / kThreads / kS2GVec;
  // 16-byte access to C (when read) and D: leading dimensions and addresses multiples of one
  // vector (kS2GVec elements)
  const bool vec_ok = (ldd % kS2GVec) == 0 && (reinterpret_cast<size_t>(D) & 15) == 0 &&
                      (beta == 0.f || ((ldc % kS2GVec) == 0 && (reinterpret_cast<size_t>(C) & 15) == 0));
  if ((!kResidue || inside) && vec_ok) {
#pragma unroll 4
    for (int i = 0; i < kVecs; ++i) {
      const int c = TYCUTE_CLOSED_FORM(tSGcC, kS2GVec * i, gc, gc_d);
      const size_t m = em0 + c % kTileM, n = en0 + c / kTileM;
      sm80_epi_vec(sC + TYCUTE_CLOSED_FORM(tSGsC, kS2GVec * i, sg, sg_d), C + m + n * ldc, D + m + n * ldd, alpha, beta);
    }
  } else {
    // residue (or unaligned C/D): a vector whose column is inside N is stored whole when its
    // kS2GVec rows are inside M and 16-byte access is allowed, else element by element below M
#pragma unroll 1
    for (int i = 0; i < kVecs; ++i) {
      const int c = TYCUTE_CLOSED_FORM(tSGcC, kS2GVec * i, gc, gc_d);
      const int m = em0 + c % kTileM, n = en0 + c / kTileM;
      if (n >= N || m >= M) continue;
      const float* sv = sC + TYCUTE_CLOSED_FORM(tSGsC, kS2GVec * i, sg, sg_d);
      const sm80_out_t* cp = C + m + (size_t)n * ldc;
      sm80_out_t* dp = D + m + (size_t)n * ldd;
      if (vec_ok && m + kS2GVec <= M) {
        sm80_epi_vec(sv, cp, dp, alpha, beta);
      } else {
#pragma unroll
        for (int e = 0; e < kS2GVec; ++e)
          if (m + e < M) dp[e] = sm80_f_to_out(alpha * sv[e] + (beta != 0.f ? beta * sm80_out_to_f(cp[e]) : 0.f));
      }
    }
  }
}

}  // namespace gemm
}  // namespace tycute
