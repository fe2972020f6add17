// tycute device library, GEMM layer (sm80): the configuration a sm80 kernel is built for and its
// atoms. Include after the configuration header (tycute-configs' Sm80Kernel emission) with
// TYCUTE_SM80_CONFIG naming it and `using namespace tycute::TYCUTE_SM80_CONFIG;` at global scope.
// The configuration's macros are its own, TYCUTE_<config>_<item>, so that headers coexist in one
// translation unit; the aliases below pick TYCUTE_SM80_CONFIG's.
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/arch/cp_async.cuh"
#include "tycute/arch/ldmatrix.cuh"
#include "tycute/arch/mma_sync.cuh"
#include "tycute/arch/smem.cuh"

#ifndef TYCUTE_SM80_CONFIG
#error "define TYCUTE_SM80_CONFIG (the configuration's name) and include its header first"
#endif

#define TYCUTE_CAT2(a, b) a##b
#define TYCUTE_CAT(a, b) TYCUTE_CAT2(a, b)
#define TYCUTE_CFG(item) TYCUTE_CAT(TYCUTE_CAT(TYCUTE_, TYCUTE_SM80_CONFIG), TYCUTE_CAT(_, item))
#define TYCUTE_SM80_A_MN_MAJOR TYCUTE_CFG(A_MN_MAJOR)
#define TYCUTE_SM80_B_MN_MAJOR TYCUTE_CFG(B_MN_MAJOR)
#define TYCUTE_SM80_S2R_A_PTX TYCUTE_CFG(S2R_A_PTX)
#define TYCUTE_SM80_S2R_B_PTX TYCUTE_CFG(S2R_B_PTX)
#define TYCUTE_SM80_G2S_PTX TYCUTE_CFG(G2S_PTX)
#define TYCUTE_SM80_MMA_PTX TYCUTE_CFG(MMA_PTX)
#define TYCUTE_SM80_ACC_BITS TYCUTE_CFG(ACC_BITS)
#define TYCUTE_SM80_OUT_BITS TYCUTE_CFG(OUT_BITS)
#define TYCUTE_SM80_ELEMENT_AB TYCUTE_CFG(ELEMENT_AB)
#define TYCUTE_SM80_ELEMENT_CD TYCUTE_CFG(ELEMENT_CD)

namespace tycute {
namespace gemm {

// The element types (arch/convert.cuh's codes): of A and B (the MMA atom's ValTypeA: fp16 or
// bf16, both loaded and fed to the MMA as 16-bit values: only the instruction differs; or tf32,
// fp32 in memory whose bits the tf32 MMA reads as they are), and of C and D (the S2G atom's
// value type: f32, fp16 or bf16).
constexpr int kSm80ElementAB = TYCUTE_SM80_ELEMENT_AB;
constexpr int kSm80ElementCD = TYCUTE_SM80_ELEMENT_CD;
static_assert(kSm80ElementAB == TYCUTE_ELEMENT_F16 || kSm80ElementAB == TYCUTE_ELEMENT_BF16 || kSm80ElementAB == TYCUTE_ELEMENT_TF32,
              "A and B: fp16, bf16 or tf32");
// Bytes of an element of A and B, read off the header: a 16-byte vector (kG2SBytes, one cp.async
// and one ldmatrix row) holds kVec of them (8 halves, 4 tf32). Every shared-memory address is
// this times an element offset of the header's tables.
constexpr int kSm80ElemBytes = kG2SBytes / kVec;
static_assert(kSm80ElemBytes * kVec == kG2SBytes && (kSm80ElemBytes == 2 || kSm80ElemBytes == 4), "A and B: 16- or 32-bit elements");
static_assert((kSm80ElemBytes == 4) == (kSm80ElementAB == TYCUTE_ELEMENT_TF32), "32-bit A and B are tf32");
// An element of A and B in memory: 16-bit types as their bits, tf32 as the float it is stored as.
template <int kBytes>
struct Sm80AbType {
  typedef unsigned short type;
};
template <>
struct Sm80AbType<4> {
  typedef float type;
};
typedef Sm80AbType<kSm80ElemBytes>::type sm80_ab_t;
static_assert((TYCUTE_SM80_OUT_BITS == 32) == (kSm80ElementCD == TYCUTE_ELEMENT_F32), "C and D: f32, or a 16-bit type");

// The element type of C and D (the S2G atom's value type): float, or a 16-bit type as its bits.
#if TYCUTE_SM80_OUT_BITS == 16
typedef unsigned short sm80_out_t;
#else
typedef float sm80_out_t;
#endif
// The accumulator registers (the MMA atom's ValTypeC): one float each, or two halves per 32-bit
// register (accumulator j in half j % 2 of register j / 2, the low half first).
#if TYCUTE_SM80_ACC_BITS == 16
typedef unsigned sm80_acc_t;
#else
typedef float sm80_acc_t;
#endif
constexpr int kSm80AccPerReg = 32 / TYCUTE_SM80_ACC_BITS;
static_assert(kS2GVec * TYCUTE_SM80_OUT_BITS == 128, "one S2G vector is 16 bytes of D");

// The configuration's G2S atom (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>), plain and zero-filling.
__device__ __forceinline__ void sm80_g2s(unsigned dst, const void* src) { TYCUTE_CP_ASYNC(TYCUTE_SM80_G2S_PTX, dst, src, kG2SBytes); }
__device__ __forceinline__ void sm80_g2s_zfill(unsigned dst, const void* src, int src_bytes) {
  TYCUTE_CP_ASYNC_ZFILL(TYCUTE_SM80_G2S_PTX, dst, src, kG2SBytes, src_bytes);
}

// The configuration's S2R atoms (SM75_U32x4_LDSM_N, or SM75_U16x8_LDSM_T: .trans).
__device__ __forceinline__ void sm80_s2r_a(unsigned addr, unsigned& r0, unsigned& r1, unsigned& r2, unsigned& r3) {
  TYCUTE_LDMATRIX_X4(TYCUTE_SM80_S2R_A_PTX, addr, r0, r1, r2, r3);
}
__device__ __forceinline__ void sm80_s2r_b(unsigned addr, unsigned& r0, unsigned& r1, unsigned& r2, unsigned& r3) {
  TYCUTE_LDMATRIX_X4(TYCUTE_SM80_S2R_B_PTX, addr, r0, r1, r2, r3);
}

// The configuration's MMA atom (SM80_16x8x16_F32F16F16F32_TN: 4 .f32 accumulators;
// SM80_16x8x16_F16F16F16F16_TN: 2 .f16x2 registers).
__device__ __forceinline__ void sm80_mma(sm80_acc_t* c, const unsigned* a, const unsigned* b) {
#if TYCUTE_SM80_ACC_BITS == 16
  TYCUTE_MMA_16816_F16(TYCUTE_SM80_MMA_PTX, c, a, b);
#else
  TYCUTE_MMA_16816_F32(TYCUTE_SM80_MMA_PTX, c, a, b);
#endif
}

// accumulator j as a float
__device__ __forceinline__ float sm80_acc_value(const sm80_acc_t* acc, int j) {
#if TYCUTE_SM80_ACC_BITS == 16
  return arch::half_to_float((unsigned short)(acc[j / 2] >> (16 * (j % 2))));
#else
  return acc[j];
#endif
}

// accumulators r..r+3 (r % 4 == 0: two whole f16x2 registers) set from four floats
__device__ __forceinline__ void sm80_set_acc4(sm80_acc_t* acc, int r, float4 v) {
#if TYCUTE_SM80_ACC_BITS == 16
  acc[r / 2] = arch::pack_half2(v.x, v.y);
  acc[r / 2 + 1] = arch::pack_half2(v.z, v.w);
#else
  acc[r] = v.x;
  acc[r + 1] = v.y;
  acc[r + 2] = v.z;
  acc[r + 3] = v.w;
#endif
}

// one element of C/D as a float and back
__device__ __forceinline__ float sm80_out_to_f(sm80_out_t x) {
#if TYCUTE_SM80_OUT_BITS == 16
  return arch::to_float<kSm80ElementCD>(x);
#else
  return x;
#endif
}
__device__ __forceinline__ sm80_out_t sm80_f_to_out(float x) {
#if TYCUTE_SM80_OUT_BITS == 16
  return arch::from_float<kSm80ElementCD>(x);
#else
  return x;
#endif
}

}  // namespace gemm
}  // namespace tycute
