// tycute device library, arch layer: wgmma.mma_async (SM90 HGMMA) with A and B from shared-memory
// descriptors (or A from registers), its descriptors, fences and groups. The instruction text is the GMMA atom's
// (tycute-atom GmmaPtx: SM90_64x128x16_F32F16F16_SS "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"),
// carried by a configuration header as a string macro with its accumulator count
// (TYCUTE_<config>_WGMMA_PTX, TYCUTE_<config>_WGMMA_ACC), so that any N the atoms have is issued
// by the same code.
#pragma once

#include "tycute/arch/wgmma_operands.cuh"

#define TYCUTE_WGMMA_CAT2(a, b) a##b
#define TYCUTE_WGMMA_CAT(a, b) TYCUTE_WGMMA_CAT2(a, b)

// One wgmma: PTX (a string literal) on NACC f32 accumulators d[0..NACC) (a macro or literal:
// 64 for m64n128k16), descriptors desc_a and desc_b (unsigned long long), d = a * b when
// `accumulate` is 0 (an int: the first k-block of a tile), d += a * b otherwise; TNSP_A, TNSP_B
// the imm-trans operands (compile-time: 1 for an MN-major operand).
#define TYCUTE_WGMMA_SS(PTX, NACC, d, desc_a, desc_b, accumulate, TNSP_A, TNSP_B)                               \
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, " TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_SCALE_, NACC) ", 0;\n" PTX " {" \
               TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_REGS_, NACC) "}, " TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_TAIL_, NACC) ";\n}\n" \
               : TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_D_, NACC)(d)                                                    \
               : "l"(desc_a), "l"(desc_b), "r"(accumulate), "n"(TNSP_A), "n"(TNSP_B))

// The same for the GMMA forms without imm-trans operands (wgmma's 8-bit forms, e4m3/e5m2 A and
// B: K-major only, "wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3").
#define TYCUTE_WGMMA_SS_K(PTX, NACC, d, desc_a, desc_b, accumulate)                                            \
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, " TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_SCALE_, NACC) ", 0;\n" PTX " {" \
               TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_REGS_, NACC) "}, " TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_TAILK_, NACC) ";\n}\n" \
               : TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_D_, NACC)(d)                                                    \
               : "l"(desc_a), "l"(desc_b), "r"(accumulate))

// One wgmma with A from registers (the RS form: A is four 32-bit registers a[0..4) per thread, in
// the m64k16 A-fragment layout of the warpgroup's four warps, two 16-bit elements each; B from the
// descriptor desc_b; TNSP_B 1 for an MN-major B). An attention kernel's P = softmax(S) reaches its
// P·V product this way, without a trip through shared memory.
#define TYCUTE_WGMMA_RS(PTX, NACC, d, a, desc_b, accumulate, TNSP_B)                                             \
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, " TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_RSSCALE_, NACC) ", 0;\n" PTX " {" \
               TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_REGS_, NACC) "}, {" TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_RSA_, NACC) "}, "      \
               TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_RSTAIL_, NACC) ";\n}\n"                                               \
               : TYCUTE_WGMMA_CAT(TYCUTE_WGMMA_D_, NACC)(d)                                                    \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(accumulate), "n"(TNSP_B))

namespace tycute {
namespace arch {

// A GMMA shared-memory descriptor: start address, LBO, SBO (all >> 4), layout type (bits
// [62,64): 1 = SWIZZLE_128B); the fields are a configuration header's (read off the operand's
// stage layout), the bit positions the hardware's.
template <int kLbo, int kSbo, int kLayoutType>
__device__ __forceinline__ unsigned long long gmma_desc(unsigned smem_byte) {
  return static_cast<unsigned long long>((smem_byte & 0x3FFFF) >> 4) | (static_cast<unsigned long long>(kLbo >> 4) << 16) |
         (static_cast<unsigned long long>(kSbo >> 4) << 32) | (static_cast<unsigned long long>(kLayoutType) << 62);
}

// Keeps the compiler from moving accumulator accesses across wgmma issue / wait.
__device__ __forceinline__ void fence_operand(float& r) { asm volatile("" : "+f"(r)::"memory"); }

// Before the first wgmma reading registers or shared memory written since.
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }

// Closes the wgmma group of the warpgroup's wgmmas issued since the last commit.
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }

// Until at most kPending wgmma groups are pending.
template <int kPending>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(kPending) : "memory");
}

}  // namespace arch
}  // namespace tycute
