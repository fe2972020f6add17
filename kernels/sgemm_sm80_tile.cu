// sgemm_sm80's shared-memory data path on tycute's tables (sgemm_sm80.h): one CTA stages a
// kTileM x kTileK tile of A (K-major, leading dimension lda) in swizzled shared memory with the
// G2S tables (cp.async, 16 bytes) and reads every ldmatrix.x4 of the S2R table back into
// registers, which it stores in fragment order: out[(t * kS2RCopiesA + i) * 4 + r]. No index is
// computed here: each comes from the header. A host test checks the output against the tile.
//
// tycute-sass sm_80: LDGSTS LDSM
// tycute-sass sm_90a: LDGSTS LDSM
#include "sgemm_sm80.h"

using namespace tycute::sgemm_sm80;

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  unsigned r;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

extern "C" __global__ void __launch_bounds__(kThreads)
    sgemm_sm80_tile_roundtrip(const unsigned short* __restrict__ a, int lda, unsigned* __restrict__ out) {
  __shared__ __align__(128) unsigned short sA[kStageElemsA];
  const int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < kG2SCopiesA; ++i) {
    const int c = g2s_a_crd[t][i];
    const unsigned short* src = a + (c % kTileM) * lda + c / kTileM;
    asm volatile(TYCUTE_sgemm_sm80_G2S_PTX " [%0], [%1], %2;\n" ::"r"(smem_addr(sA + g2s_a_smem[t][i])), "l"(src),
                 "n"(kG2SBytes));
  }
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::: "memory");
  __syncthreads();
#pragma unroll
  for (int i = 0; i < kS2RCopiesA; ++i) {
    unsigned r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(smem_addr(sA + s2r_a_smem[t][i])));
    unsigned* o = out + (t * kS2RCopiesA + i) * 4;
    o[0] = r0;
    o[1] = r1;
    o[2] = r2;
    o[3] = r3;
  }
}
