// tycute device library, arch layer: ldmatrix (SM75 LDSM), shared -> registers, four 8x8 b16
// matrices per warp. The instruction text is the S2R copy atom's (tycute-atom LdsmPtx:
// SM75_U32x4_LDSM_N "ldmatrix.sync.aligned.m8n8.x4.shared.b16", SM75_U16x8_LDSM_T the same with
// .trans), carried by a configuration header as a string macro.
#pragma once

// PTX {r0,r1,r2,r3}, [addr] (addr: this lane's row, a shared address).
#define TYCUTE_LDMATRIX_X4(PTX, addr, r0, r1, r2, r3) \
  asm volatile(PTX " {%0,%1,%2,%3}, [%4];\n" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(addr))

// SM75_U32x4_LDSM_N's instruction, for code whose S2R atom is fixed (the sm90 epilogue's C).
#define TYCUTE_LDSM_U32X4_N_PTX "ldmatrix.sync.aligned.m8n8.x4.shared.b16"

namespace tycute {
namespace arch {

// SM75_U32x4_LDSM_N, ordered with the shared-memory writes around it ("memory").
__device__ __forceinline__ void ldmatrix_x4(unsigned addr, unsigned& r0, unsigned& r1, unsigned& r2, unsigned& r3) {
  asm volatile(TYCUTE_LDSM_U32X4_N_PTX " {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr)
               : "memory");
}

}  // namespace arch
}  // namespace tycute
