// tycute device library, arch layer: conversions between f32 and the 16-bit element types
// (fp16 and bf16, round to nearest even) and their packing two per 32-bit register, without
// cuda_fp16.h / cuda_bf16.h (a 16-bit element is its bits, unsigned short).
//
// A configuration header names its element types as codes (TYCUTE_<config>_ELEMENT_AB,
// TYCUTE_<config>_ELEMENT_CD, read off the MMA and epilogue atoms' value types); the generic
// forms below (to_float<E>, from_float<E>, pack2<E>, unpack2<E>) pick the conversion by code, so
// that the kernels are written once for every element type.
#pragma once

// The element codes (compare them in #if and as template arguments).
#define TYCUTE_ELEMENT_F32 1
#define TYCUTE_ELEMENT_F16 2
#define TYCUTE_ELEMENT_BF16 3
// tf32: a float whose low 13 mantissa bits the tensor core ignores (A and B of a tf32 MMA only)
#define TYCUTE_ELEMENT_TF32 4
// 8-bit floats (A and B of the sm90 fp8 GEMM only: TMA moves them as bytes, wgmma reads them;
// no conversion here)
#define TYCUTE_ELEMENT_E4M3 5
#define TYCUTE_ELEMENT_E5M2 6

namespace tycute {
namespace arch {

__device__ __forceinline__ float half_to_float(unsigned short h) {
  float f;
  asm("cvt.f32.f16 %0, %1;\n" : "=f"(f) : "h"(h));
  return f;
}

__device__ __forceinline__ unsigned short float_to_half(float f) {
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;\n" : "=h"(h) : "f"(f));
  return h;
}

// Two floats as an f16x2 register, lo in the low half (the lower address): cvt.rn.f16x2.f32
// d, a, b puts a in the high half.
__device__ __forceinline__ unsigned pack_half2(float lo, float hi) {
  unsigned r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;\n" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

// The two halves of a 32-bit register (lo = the lower address) as floats.
__device__ __forceinline__ void unpack_half2(unsigned x, float& lo, float& hi) {
  asm("{\n.reg .f16 l, h;\nmov.b32 {l, h}, %2;\ncvt.f32.f16 %0, l;\ncvt.f32.f16 %1, h;\n}\n" : "=f"(lo), "=f"(hi) : "r"(x));
}

// bf16 is the high 16 bits of an f32: widening is exact, a shift (cvt.f32.bf16 needs sm_90).
__device__ __forceinline__ float bits_to_float(unsigned u) {
  float f;
  asm("mov.b32 %0, %1;\n" : "=f"(f) : "r"(u));
  return f;
}
__device__ __forceinline__ float bf16_to_float(unsigned short b) { return bits_to_float(static_cast<unsigned>(b) << 16); }

__device__ __forceinline__ unsigned short float_to_bf16(float f) {
  unsigned short b;
  asm("cvt.rn.bf16.f32 %0, %1;\n" : "=h"(b) : "f"(f));
  return b;
}

// Two floats as a bf16x2 register, lo in the low half (cvt.rn.bf16x2.f32 d, a, b: a high).
__device__ __forceinline__ unsigned pack_bf162(float lo, float hi) {
  unsigned r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;\n" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

// The two bf16 of a 32-bit register (lo = the lower address) as floats.
__device__ __forceinline__ void unpack_bf162(unsigned x, float& lo, float& hi) {
  lo = bits_to_float(x << 16);
  hi = bits_to_float(x & 0xffff0000u);
}

// The 16-bit element of code E (TYCUTE_ELEMENT_F16 or TYCUTE_ELEMENT_BF16) as a float and back,
// and two of them per 32-bit register (lo = the lower address).
template <int E>
__device__ __forceinline__ float to_float(unsigned short x) {
  static_assert(E == TYCUTE_ELEMENT_F16 || E == TYCUTE_ELEMENT_BF16, "a 16-bit element type");
  if constexpr (E == TYCUTE_ELEMENT_BF16) return bf16_to_float(x);
  else return half_to_float(x);
}
template <int E>
__device__ __forceinline__ unsigned short from_float(float f) {
  static_assert(E == TYCUTE_ELEMENT_F16 || E == TYCUTE_ELEMENT_BF16, "a 16-bit element type");
  if constexpr (E == TYCUTE_ELEMENT_BF16) return float_to_bf16(f);
  else return float_to_half(f);
}
template <int E>
__device__ __forceinline__ unsigned pack2(float lo, float hi) {
  static_assert(E == TYCUTE_ELEMENT_F16 || E == TYCUTE_ELEMENT_BF16, "a 16-bit element type");
  if constexpr (E == TYCUTE_ELEMENT_BF16) return pack_bf162(lo, hi);
  else return pack_half2(lo, hi);
}
template <int E>
__device__ __forceinline__ void unpack2(unsigned x, float& lo, float& hi) {
  static_assert(E == TYCUTE_ELEMENT_F16 || E == TYCUTE_ELEMENT_BF16, "a 16-bit element type");
  if constexpr (E == TYCUTE_ELEMENT_BF16) unpack_bf162(x, lo, hi);
  else unpack_half2(x, lo, hi);
}

}  // namespace arch
}  // namespace tycute
