// tycute's GEMM for decode-sized M with fp8 A and B (issue 21): D = alpha * A * B^T + beta * C with
// M <= 16, A (M,K) and B (N,K) K-major e4m3 or e5m2, fp32 accumulation, C and D (M,N) row-major
// bf16 (the sm90 fp8 configurations' output). The body is kernels/skinny_gemm.cu's, the device
// library's tycute/gemm/skinny.cuh, with the fp8 policy: mma.sync m16n8k32 (the atoms
// SM89_16x8x32_F32E4M3E4M3F32_TN / _F32E5M2E5M2F32_TN, sm_89 and later), four k a register, 16 a
// 16-byte piece; alpha carries the per-tensor scales (scale_a * scale_b).
//
// Needs: 1 <= M <= 16, K a multiple of 16, lda and ldb multiples of 16 and A, B 16-byte aligned
// (16-byte loads); any N, ldc, ldd (the host checks: tycute_gemm::skinny::SkinnyFp8).
// Build: -DTYCUTE_SKINNY_FP8=5 (e4m3) or 6 (e5m2), the sm90 headers' kElementAB codes.
// Entry points: skinny_gemm_fp8_tn (M <= 16: one m16 tile; above, the sm90 kernel's 64x64 e4m3
// tiles: four m16 tiles of fp8 here spill), skinny_gemm_fp8_tn_w4 (CTAs of 4 warps, two a SM) and
// skinny_gemm_fp8_tn_n16 (CTAs of 4 warps and 16 columns); grid ceil(N / 32) CTAs (ceil(N / 16)
// for _n16) of 256 threads (128 for _w4 and _n16), no dynamic shared memory.
//
// On sm_90a ptxas runs the fp8 mma.sync as a conversion of A's and B's registers to f16
// (F2FP.F16.E4M3.UNPACK / .E5M2.UNPACK: exact, every e4m3 and e5m2 value is an f16) and
// HMMA.16816.F32: the same products and fp32 sums, at a rate the loads of B, not the MMAs, bound.
//
// tycute-arch: sm_90a
// tycute-sass sm_90a: HMMA.16816.F32 LDG.E.128
// tycute-variant: -DTYCUTE_SKINNY_FP8=5
// tycute-variant: -DTYCUTE_SKINNY_FP8=6
#pragma once

#include "tycute/gemm/skinny.cuh"

#ifndef TYCUTE_SKINNY_FP8
#define TYCUTE_SKINNY_FP8 5
#endif
#if TYCUTE_SKINNY_FP8 == 5
#define TYCUTE_SKINNY_FP8_PTX TYCUTE_MMA_16832_F32_E4M3_PTX
#elif TYCUTE_SKINNY_FP8 == 6
#define TYCUTE_SKINNY_FP8_PTX TYCUTE_MMA_16832_F32_E5M2_PTX
#else
#error "TYCUTE_SKINNY_FP8: 5 (e4m3) or 6 (e5m2)"
#endif

namespace tycute {
namespace skinny {

// fp8 A and B, bf16 C and D: m16n8k32, 16 k a 16-byte piece
struct PolicyFp8 {
  using ab_t = unsigned char;
  static constexpr int kKPiece = 16;
  static constexpr int kElementCD = TYCUTE_ELEMENT_BF16;
  static constexpr bool kSwapSmallM = true;  // M <= 8: half the MMAs and of A's conversions
  static __device__ __forceinline__ void mma(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
    TYCUTE_MMA_16816_F32(TYCUTE_SKINNY_FP8_PTX, c, a, b);
  }
};

}  // namespace skinny
}  // namespace tycute

// M <= 16: one m16 tile, two 16-byte pieces a lane per row and chunk (a row's four lanes read 128
// contiguous bytes), one chunk a group; by CTAs of 8 warps, or of 4 (two a SM), as
// skinny_gemm_tn(_w4)
TYCUTE_SKINNY_ENTRY(skinny_gemm_fp8_tn, tycute::skinny::PolicyFp8, 1, 1, 2, 8, 1)
TYCUTE_SKINNY_ENTRY(skinny_gemm_fp8_tn_w4, tycute::skinny::PolicyFp8, 1, 1, 2, 4, 2)
// and by CTAs of 4 warps and 16 columns, as skinny_gemm_tn_n16
TYCUTE_SKINNY_ENTRY_N(skinny_gemm_fp8_tn_n16, tycute::skinny::PolicyFp8, 1, 1, 2, 4, 3, 2)
