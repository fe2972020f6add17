// The sgemm_sm80 data flow on tycute's tables (sgemm_sm80.h): D = alpha * A * B^T + beta * C with
// A (M,K) and B (N,K) half, K-major (TN), fp32 accumulation and fp32 C/D, column-major (M-major,
// leading dimension ldc). A 3-stage cp.async pipeline fills 128B-swizzled shared memory, ldmatrix.x4
// loads the fragments of one k-block at a time, mma.sync.m16n8k16 accumulates. M, N must be
// multiples of 128 and K of 64 (the host refuses other shapes). The epilogue stages the 128x128 fp32
// tile in swizzled shared memory (tRS_sC, kR2SAcc) and writes D with 16-byte stores (tSG_sC, tSG_cC). Every index comes from the header:
// the closed forms tAcA/tBcB (gmem coordinates), tAsA/tBsB (smem destinations), tXsA0/tXsB0
// (ldmatrix rows), tCcC (accumulator coordinates) and the register maps kFrag*, kS2RFrag*.
// The configuration's TiledMMA is the tutorial's SM80_16x8x16_F16F16F16F16_TN; its fp32-accumulate
// twin used here has the same TV layouts (a static assertion in crates/tycute-configs).
//
// tycute-sass sm_80: LDGSTS.E.128 LDSM HMMA.16816 STG.E.128 LDS.128
// tycute-sass sm_90a: LDGSTS.E.128 LDSM HMMA.16816 STG.E.128 LDS.128
#include "sgemm_sm80.h"

using namespace tycute::sgemm_sm80;

namespace {

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  unsigned r;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

// The configuration's G2S atom (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>) names the instruction.
__device__ __forceinline__ void cp_async16(unsigned dst, const void* src) {
  asm volatile(TYCUTE_SGEMM_SM80_G2S_PTX " [%0], [%1], %2;\n" ::"r"(dst), "l"(src), "n"(kG2SBytes));
}

__device__ __forceinline__ void ldmatrix_x4(unsigned addr, unsigned& r0, unsigned& r1, unsigned& r2, unsigned& r3) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
}

__device__ __forceinline__ void mma_16816(float* c, const unsigned* a, const unsigned* b) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// The offset of element (j, kb) of an ldmatrix partition (tXsA0 / tXsB0): mode 2 (the MMA_M or
// MMA_N copy) has a static stride, the k-block modes 3 and 4 the thread's swizzle strides.
#define TYCUTE_XS_AT(X, base, d0, d1, j, kb) \
  ((base) + (j) * X##_stride[2] + ((kb) % X##_shape[3]) * (d0) + ((kb) / X##_shape[3]) * (d1))

// Element i (colexicographic) of a closed form X of the header: X_offset[t] + sum of
// coordinate times stride, the stride of mode X_dmode[0] being the thread's own (d).
#define TYCUTE_CLOSED_FORM(X, i, offset, d)                                        \
  ([&]() {                                                                       \
    int rest_ = (i), o_ = (offset);                                              \
    _Pragma("unroll") for (int k_ = 0; k_ < X##_rank; ++k_) {                    \
      o_ += (rest_ % X##_shape[k_]) * (k_ == X##_dmode[0] ? (d) : X##_stride[k_]); \
      rest_ /= X##_shape[k_];                                                    \
    }                                                                            \
    return o_;                                                                   \
  }())

}  // namespace

extern "C" __global__ void __launch_bounds__(kThreads)
    sm80_gemm_tn(int M, int N, int K, const unsigned short* __restrict__ A, int lda,
                 const unsigned short* __restrict__ B, int ldb, const float* C, int ldc, float* D, int ldd, float alpha,
                 float beta) {
  extern __shared__ __align__(128) unsigned short smem[];
  unsigned short* sA = smem;                          // kStages x kStageElems
  unsigned short* sB = smem + kStages * kStageElems;  // kStages x kStageElems
  const int t = threadIdx.x;
  const int m0 = blockIdx.x * kTileM, n0 = blockIdx.y * kTileN;
  const int KT = K / kTileK;

  // G2S: this thread's vectors, closed forms (tAcA: coordinate m + kTileM*k; tAsA: smem offset)
  const int ca = tAcA_offset[t], cb = tBcB_offset[t];
  const int sa = tAsA_offset[t], sb = tBsB_offset[t];
  const unsigned sA_u = smem_addr(sA), sB_u = smem_addr(sB);
  auto load_tile = [&](int kt, int stage) {
#pragma unroll
    for (int i = 0; i < kG2SCopies; ++i) {
      const int c = ca + i * tAcA_stride[2];
      cp_async16(sA_u + 2 * (stage * tAsA_stride[5] + sa + i * tAsA_stride[2]),
                 A + (size_t)(m0 + c % kTileM) * lda + kt * kTileK + c / kTileM);
      const int d = cb + i * tBcB_stride[2];
      cp_async16(sB_u + 2 * (stage * tBsB_stride[5] + sb + i * tBsB_stride[2]),
                 B + (size_t)(n0 + d % kTileN) * ldb + kt * kTileK + d / kTileN);
    }
  };
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < KT) load_tile(s, s);
    asm volatile("cp.async.commit_group;\n" ::);
  }

  // S2R: this thread's ldmatrix rows (offset + the swizzle's two per-thread strides)
  const int xa = tXsA0_offset[t], xa0 = tXsA0_dstride[t][0], xa1 = tXsA0_dstride[t][1];
  const int xb = tXsB0_offset[t], xb0 = tXsB0_dstride[t][0], xb1 = tXsB0_dstride[t][1];
  constexpr int kCopiesPerKA = kS2RCopiesA / kMmaK, kCopiesPerKB = kS2RCopiesB / kMmaK;

  float acc[kAccumulators];
#pragma unroll
  for (int f = 0; f < kAccumulators; ++f) acc[f] = 0.f;
  unsigned fa[kMmaM * kMmaK * 4], fb[kMmaN * kMmaK * 2];

  for (int kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(kStages - 2) : "memory");
    __syncthreads();
    {
      const int nt = kt + kStages - 1;
      if (nt < KT) load_tile(nt, nt % kStages);
      asm volatile("cp.async.commit_group;\n" ::);
    }
    const unsigned a_st = sA_u + 2 * (kt % kStages) * kStageElems;
    const unsigned b_st = sB_u + 2 * (kt % kStages) * kStageElems;
#pragma unroll
    for (int kb = 0; kb < kMmaK; ++kb) {
#pragma unroll
      for (int j = 0; j < kCopiesPerKA; ++j) {
        const int i = j + kCopiesPerKA * kb;
        ldmatrix_x4(a_st + 2 * TYCUTE_XS_AT(tXsA0, xa, xa0, xa1, j, kb), fa[kS2RFragA[i][0]], fa[kS2RFragA[i][1]],
                    fa[kS2RFragA[i][2]], fa[kS2RFragA[i][3]]);
      }
#pragma unroll
      for (int j = 0; j < kCopiesPerKB; ++j) {
        const int i = j + kCopiesPerKB * kb;
        ldmatrix_x4(b_st + 2 * TYCUTE_XS_AT(tXsB0, xb, xb0, xb1, j, kb), fb[kS2RFragB[i][0]], fb[kS2RFragB[i][1]],
                    fb[kS2RFragB[i][2]], fb[kS2RFragB[i][3]]);
      }
#pragma unroll
      for (int m = 0; m < kMmaM; ++m)
#pragma unroll
        for (int n = 0; n < kMmaN; ++n) mma_16816(acc + kFragC[m][n], fa + kFragA[m][kb], fb + kFragB[n][kb]);
    }
  }

  // epilogue: the accumulators go to sC (fp32, swizzled, in the stage memory), then every thread
  // stores whole 16-byte vectors of D (column-major, M contiguous)
  asm volatile("cp.async.wait_all;\n" ::: "memory");
  __syncthreads();
  float* sC = reinterpret_cast<float*>(smem);
  {
    const int rs = tRSsC_offset[t], rs_d = tRSsC_dstride[t][0];
#pragma unroll
    for (int j = 0; j < kAccumulators; ++j) sC[TYCUTE_CLOSED_FORM(tRSsC, j, rs, rs_d)] = acc[kR2SAcc[0][j]];
  }
  __syncthreads();
  const int sg = tSGsC_offset[t], sg_d = tSGsC_dstride[t][0], gc = tSGcC_offset[t];
  constexpr int kVecs = kEpiElems / kThreads / 4;
#pragma unroll 4
  for (int i = 0; i < kVecs; ++i) {
    const float4 v = *reinterpret_cast<const float4*>(sC + TYCUTE_CLOSED_FORM(tSGsC, 4 * i, sg, sg_d));
    const int c = TYCUTE_CLOSED_FORM(tSGcC, 4 * i, gc, 0);
    const size_t m = m0 + c % kTileM, n = n0 + c / kTileM;
    float4 out = make_float4(alpha * v.x, alpha * v.y, alpha * v.z, alpha * v.w);
    if (beta != 0.f) {
      const float4 p = *reinterpret_cast<const float4*>(C + m + n * ldc);
      out.x += beta * p.x;
      out.y += beta * p.y;
      out.z += beta * p.z;
      out.w += beta * p.w;
    }
    *reinterpret_cast<float4*>(D + m + n * ldd) = out;
  }
}
