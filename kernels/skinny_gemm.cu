// tycute's GEMM for decode-sized M (issue 21): D = alpha * A * B^T + beta * C with M <= 64, A (M,K)
// and B (N,K) K-major 16-bit (fp16 or bf16), fp32 accumulation, C and D (M,N) row-major of the
// same element. At such an M the work is reading B once: a tile of 128 rows of M (the sm90
// kernel's) computes 8 to 128 times the rows it keeps and splits K through partial sums the size
// of that tile. The body is the device library's (tycute/gemm/skinny.cuh: the MMA's 16 rows are
// M, each warp streams rows of B from global memory into registers, the CTA's warps split K and
// add their sums in a fixed order); this file gives it the 16-bit policy and the entry points
// (kernels/skinny_gemm_fp8.cu the fp8 ones).
//
// The MMA is SM80_16x8x16 (mma.sync m16n8k16, .row.col, fp32 accumulators: the atom's text from
// the sm80 TN configuration's header of the element type, TYCUTE_<config>_MMA_PTX): two k a
// register, 8 a 16-byte piece.
//
// Needs: 1 <= M <= 64, K a multiple of 8, lda and ldb multiples of 8 and A, B 16-byte aligned
// (16-byte loads); any N, ldc, ldd (the host checks: tycute_gemm::skinny).
// Build: -DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_F16|TYCUTE_ELEMENT_BF16 (default fp16); tuning
// knobs of the M <= 16 entry point (docs/perf.md measures them): TYCUTE_SKINNY_VEC (16-byte pieces
// a lane per row and chunk, 2), TYCUTE_SKINNY_UNROLL (chunks a group, 1), TYCUTE_SKINNY_MIN_BLOCKS
// (its launch bounds' CTAs per SM, 1).
// Entry points: skinny_gemm_tn (M <= 16: one m16 tile), skinny_gemm_tn_w4 (the same with CTAs of 4
// warps, two a SM), skinny_gemm_tn_n16 (CTAs of 4 warps and 16 columns) and skinny_gemm_tn_m64
// (M <= 64: four m16 tiles); grid ceil(N / 32) CTAs (ceil(N / 16) for _n16) of kWarps * 32 = 256
// threads (128 for _w4 and _n16), no dynamic shared memory.
//
// tycute-arch: sm_80 sm_90a
// tycute-sass sm_80: HMMA.16816.F32 LDG.E.128
// tycute-sass sm_90a: HMMA.16816.F32 LDG.E.128
// tycute-variant: -DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_F16
// tycute-variant: -DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_BF16
#pragma once

#include "tycute/gemm/skinny.cuh"

#ifndef TYCUTE_SKINNY_ELEMENT
#define TYCUTE_SKINNY_ELEMENT TYCUTE_ELEMENT_F16
#endif

// the MMA atom's instruction text, from the sm80 TN configuration of the element type
#if TYCUTE_SKINNY_ELEMENT == TYCUTE_ELEMENT_BF16
#include "sm80_tn_128x256_bf16.h"
#define TYCUTE_SKINNY_MMA_PTX TYCUTE_sm80_tn_128x256_bf16_MMA_PTX
#elif TYCUTE_SKINNY_ELEMENT == TYCUTE_ELEMENT_F16
#include "sm80_tn_128x256.h"
#define TYCUTE_SKINNY_MMA_PTX TYCUTE_sm80_tn_128x256_MMA_PTX
#else
#error "TYCUTE_SKINNY_ELEMENT: TYCUTE_ELEMENT_F16 or TYCUTE_ELEMENT_BF16"
#endif

#ifndef TYCUTE_SKINNY_VEC
#define TYCUTE_SKINNY_VEC 2
#endif
#ifndef TYCUTE_SKINNY_UNROLL
#define TYCUTE_SKINNY_UNROLL 1
#endif

namespace tycute {
namespace skinny {

// 16-bit A and B, C and D: m16n8k16, 8 k a 16-byte piece
struct Policy16 {
  using ab_t = unsigned short;
  static constexpr int kKPiece = 8;
  static constexpr int kElementCD = TYCUTE_SKINNY_ELEMENT;
  static constexpr bool kSwapSmallM = false;  // load-bound: half the MMAs bought nothing (docs/perf.md)
  static __device__ __forceinline__ void mma(float (&c)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
    TYCUTE_MMA_16816_F32(TYCUTE_SKINNY_MMA_PTX, c, a, b);
  }
};
// 16-byte loads of a lane per row and chunk (a chunk is 4 lanes x 8 kVec k), and chunks a group
// (two groups' loads in flight): for one m16 tile, and for four (their A loads take the registers
// a deeper group would)
constexpr int kVec16 = TYCUTE_SKINNY_VEC;
constexpr int kVec64 = 1;
constexpr int kUnroll16 = TYCUTE_SKINNY_UNROLL;
constexpr int kUnroll64 = 1;

}  // namespace skinny
}  // namespace tycute

#ifndef TYCUTE_SKINNY_MIN_BLOCKS
#define TYCUTE_SKINNY_MIN_BLOCKS 1
#endif
// M <= 16: one m16 tile
TYCUTE_SKINNY_ENTRY(skinny_gemm_tn, tycute::skinny::Policy16, 1, tycute::skinny::kUnroll16, tycute::skinny::kVec16, 8, TYCUTE_SKINNY_MIN_BLOCKS)
// M <= 16 by CTAs of 4 warps (two a SM): for a grid of CTAs that would end in a thin wave of
// 8-warp CTAs (the host's choice, tycute_gemm::skinny::warps_for)
TYCUTE_SKINNY_ENTRY(skinny_gemm_tn_w4, tycute::skinny::Policy16, 1, tycute::skinny::kUnroll16, tycute::skinny::kVec16, 4, 2)
// M <= 16 by CTAs of 4 warps and 16 columns (two n8 tiles): twice the CTAs of skinny_gemm_tn_w4,
// for a grid whose CTAs of 32 columns would fill the SMs' places unevenly (the host's choice,
// tycute_gemm::skinny::form_for)
TYCUTE_SKINNY_ENTRY_N(skinny_gemm_tn_n16, tycute::skinny::Policy16, 1, tycute::skinny::kUnroll16, tycute::skinny::kVec16, 4, 3, 2)
// 16 < M <= 64: four m16 tiles (each load of B feeds four times the MMAs)
TYCUTE_SKINNY_ENTRY(skinny_gemm_tn_m64, tycute::skinny::Policy16, 4, tycute::skinny::kUnroll64, tycute::skinny::kVec64, 8, 1)
