// tycute device library, arch layer: shared-memory addresses.
// The 32-bit shared-state-space address of a generic pointer into shared memory, the form every
// PTX instruction on shared memory here takes (cp.async, ldmatrix, stmatrix, mbarrier, TMA).
#pragma once

namespace tycute {
namespace arch {

// With cvta.to.shared in a volatile asm (the sm80 kernel's form: ptxas then keeps one address
// per stage base instead of rematerializing it).
__device__ __forceinline__ unsigned smem_u32_asm(const void* p) {
  unsigned r;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

// With the compiler's intrinsic (the sm90 kernel's form: the compiler may fold it).
__device__ __forceinline__ unsigned smem_u32(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

}  // namespace arch
}  // namespace tycute
