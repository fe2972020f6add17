// tycute device library, arch layer: cp.async (SM80 LDGSTS), global -> shared, 4/8/16 bytes.
// The instruction text is the G2S copy atom's (tycute-atom CpAsyncPtx, e.g.
// SM80_CP_ASYNC_CACHEALWAYS<uint128_t>: "cp.async.ca.shared.global"), which a configuration
// header carries as a string macro; asm needs a string literal, so the forms are macros taking it.
#pragma once

// PTX [dst], [src], BYTES: dst a shared address (arch::smem_u32), src a global pointer, BYTES a
// compile-time constant (the atom's size).
#define TYCUTE_CP_ASYNC(PTX, dst, src, BYTES) \
  asm volatile(PTX " [%0], [%1], %2;\n" ::"r"(dst), "l"(src), "n"(BYTES))

// The same with its src-size operand: src_bytes of the BYTES come from src, the rest of the
// destination is zero-filled (src_bytes = 0: nothing is read).
#define TYCUTE_CP_ASYNC_ZFILL(PTX, dst, src, BYTES, src_bytes) \
  asm volatile(PTX " [%0], [%1], %2, %3;\n" ::"r"(dst), "l"(src), "n"(BYTES), "r"(src_bytes))

namespace tycute {
namespace arch {

__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }

// Wait until at most kPending committed groups are still in flight.
template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending) : "memory");
}

__device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;\n" ::: "memory"); }

}  // namespace arch
}  // namespace tycute
