// tycute device library, arch layer: stmatrix (SM90 STSM), registers -> shared, four 8x8 b16
// matrices per warp (SM90_U32x4_STSM_N).
#pragma once

namespace tycute {
namespace arch {

__device__ __forceinline__ void stmatrix_x4(unsigned addr, unsigned r0, unsigned r1, unsigned r2, unsigned r3) {
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(addr), "r"(r0), "r"(r1), "r"(r2), "r"(r3)
               : "memory");
}

}  // namespace arch
}  // namespace tycute
