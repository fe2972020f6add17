// The sgemm_sm80 data flow on tycute's tables (sgemm_sm80.h): D = alpha * A * B^T + beta * C with
// A (M,K) and B (N,K) half, K-major (TN), fp32 accumulation and fp32 C/D, column-major (M-major,
// leading dimension ldc). A 3-stage cp.async pipeline fills 128B-swizzled shared memory, ldmatrix.x4
// loads the fragments of one k-block at a time, mma.sync.m16n8k16 accumulates. M, N must be
// multiples of 128 and K of 64 (the host refuses other shapes). Every index comes from the header:
// the closed forms tAcA/tBcB (gmem coordinates), tAsA/tBsB (smem destinations), tXsA0/tXsB0
// (ldmatrix rows), tCcC (accumulator coordinates) and the register maps kFrag*, kS2RFrag*.
// The configuration's TiledMMA is the tutorial's SM80_16x8x16_F16F16F16F16_TN; its fp32-accumulate
// twin used here has the same TV layouts (a static assertion in crates/tycute-configs).
//
// tycute-sass sm_80: LDGSTS LDSM HMMA.16816
// tycute-sass sm_90a: LDGSTS LDSM HMMA.16816
#include "sgemm_sm80.h"

using namespace tycute::sgemm_sm80;

namespace {

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  unsigned r;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

__device__ __forceinline__ void cp_async16(unsigned dst, const void* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src));
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

  // epilogue: accumulator f is element f of tCcC (coordinate m + kTileM*n in the CTA tile)
  const int cc = tCcC_offset[t];
#pragma unroll
  for (int f = 0; f < kAccumulators; ++f) {
    int rest = f, c = cc;
#pragma unroll
    for (int k = 0; k < tCcC_rank; ++k) {
      c += (rest % tCcC_shape[k]) * tCcC_stride[k];
      rest /= tCcC_shape[k];
    }
    const size_t m = m0 + c % kTileM, n = n0 + c / kTileM;
    const float prior = beta == 0.f ? 0.f : beta * C[m + n * ldc];
    D[m + n * ldd] = alpha * acc[f] + prior;
  }
}
