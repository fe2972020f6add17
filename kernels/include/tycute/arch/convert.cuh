// tycute device library, arch layer: fp16 <-> fp32 conversions (round to nearest even) and
// half2 packing, without cuda_fp16.h (halves are their bits, unsigned short).
#pragma once

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

}  // namespace arch
}  // namespace tycute
