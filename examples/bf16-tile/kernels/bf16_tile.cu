// tycute example: one CTA computes D(64,128) = A(64,32) * B(128,32)^T in bf16 with fp32
// accumulators (A, B K-major; D M-major). Every index comes from bf16_tile.h, which build.rs
// wrote from the design's types (src/design.rs) after proving what this kernel relies on:
//   cp.async (16 B) -> sA/sB (swizzled) -> ldmatrix.x4 -> mma.sync m16n8k16 -> sC -> 16-byte stores.
// Compiles with NVRTC and with nvcc (sm_80, sm_90a).
#include "bf16_tile.h"

namespace t = bf16_tile;

__device__ __forceinline__ unsigned smem_u32(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

extern "C" __global__ void __launch_bounds__(t::kThreads)
bf16_tile_gemm(const unsigned short* __restrict__ A, const unsigned short* __restrict__ B, float* __restrict__ D) {
  __shared__ alignas(128) unsigned short sA[t::sA_cosize];
  __shared__ alignas(128) unsigned short sB[t::sB_cosize];
  __shared__ alignas(128) float sC[t::sC_cosize];
  const int tid = threadIdx.x;

  // G2S: each thread's 16-byte vectors, gmem offset -> smem offset (swizzle included)
#pragma unroll
  for (int i = 0; i < t::g2s_a_vectors; ++i)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(sA + t::g2s_a_dst[tid][i])), "l"(A + t::g2s_a_src[tid][i]));
#pragma unroll
  for (int i = 0; i < t::g2s_b_vectors; ++i)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(sB + t::g2s_b_dst[tid][i])), "l"(B + t::g2s_b_src[tid][i]));
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;\n" ::: "memory");
  __syncthreads();

  // S2R: ldmatrix.x4 gives registers 2j, 2j+1 of a vector; s2r_X_reg says which fragment value
  // each is (build.rs proved that pairs stay pairs)
  unsigned ra[t::mma_frg_a * t::mma_rest_m * t::mma_rest_k / 2];
  unsigned rb[t::mma_frg_b * t::mma_rest_n * t::mma_rest_k / 2];
#pragma unroll
  for (int i = 0; i < t::s2r_a_vectors; ++i)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(ra[t::s2r_a_reg[0][8 * i + 0] / 2]), "=r"(ra[t::s2r_a_reg[0][8 * i + 2] / 2]),
                   "=r"(ra[t::s2r_a_reg[0][8 * i + 4] / 2]), "=r"(ra[t::s2r_a_reg[0][8 * i + 6] / 2])
                 : "r"(smem_u32(sA + t::s2r_a_src[tid][i])));
#pragma unroll
  for (int i = 0; i < t::s2r_b_vectors; ++i)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(rb[t::s2r_b_reg[0][8 * i + 0] / 2]), "=r"(rb[t::s2r_b_reg[0][8 * i + 2] / 2]),
                   "=r"(rb[t::s2r_b_reg[0][8 * i + 4] / 2]), "=r"(rb[t::s2r_b_reg[0][8 * i + 6] / 2])
                 : "r"(smem_u32(sB + t::s2r_b_src[tid][i])));

  // MMA: fragment value v of atom (m, k) is at v + frg * (m + rest_m * k) (thrfrg's order)
  float acc[t::mma_acc];
#pragma unroll
  for (int r = 0; r < t::mma_acc; ++r) acc[r] = 0.f;
#pragma unroll
  for (int k = 0; k < t::mma_rest_k; ++k)
#pragma unroll
    for (int n = 0; n < t::mma_rest_n; ++n)
#pragma unroll
      for (int m = 0; m < t::mma_rest_m; ++m) {
        const unsigned* a = ra + (t::mma_frg_a / 2) * (m + t::mma_rest_m * k);
        const unsigned* b = rb + (t::mma_frg_b / 2) * (n + t::mma_rest_n * k);
        float* c = acc + t::mma_frg_c * (m + t::mma_rest_m * n);
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
      }

  // Epilogue: accumulators -> sC (the R2S copy's value i is accumulator r2s_reg[i]) -> D
#pragma unroll
  for (int i = 0; i < t::r2s_vectors; ++i) sC[t::r2s_dst[tid][i]] = acc[t::r2s_reg[0][i]];
  __syncthreads();
#pragma unroll
  for (int i = 0; i < t::s2g_vectors; ++i)
    *reinterpret_cast<float4*>(D + t::s2g_dst[tid][i]) = *reinterpret_cast<const float4*>(sC + t::s2g_src[tid][i]);
}
