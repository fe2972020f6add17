// tycute device library, arch layer: the Tensor Memory Accelerator (SM90 UTMALDG / UTMASTG) and
// bulk copies. Maps are 3D (x = inner, y = outer element coordinates, z = the matrix of a batch;
// the box is 1 deep). A box that reaches past the matrix is zero-filled on load and still
// completes its full bytes on the barrier; a store of such a box writes only the elements inside.
#pragma once

namespace tycute {
namespace arch {

// CUtensorMap, filled by cuTensorMapEncodeTiled on the host (crates/tycute-cuda's TensorMap);
// passed to a kernel as a __grid_constant__ parameter.
struct alignas(128) TmaMap {
  unsigned long long opaque[16];
};

__device__ __forceinline__ void tma_prefetch(const TmaMap* map) {
  asm volatile("prefetch.tensormap [%0];\n" ::"l"(map) : "memory");
}

// Box (x, y, z) of `map` into shared `dst`, counted on the mbarrier `bar`.
__device__ __forceinline__ void tma_load_3d(unsigned dst, const TmaMap* map, int x, int y, int z, unsigned bar) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];\n" ::"r"(dst),
      "l"(map), "r"(bar), "r"(x), "r"(y), "r"(z)
      : "memory");
}

// The same box multicast to the CTAs of `mask` in the cluster: each gets it at offset `dst` of its
// shared memory, counted on its mbarrier at offset `bar`.
__device__ __forceinline__ void tma_load_3d_mcast(unsigned dst, const TmaMap* map, int x, int y, int z, unsigned bar, unsigned short mask) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%3, %4, %5}], [%2], %6;\n" ::"r"(dst),
      "l"(map), "r"(bar), "r"(x), "r"(y), "r"(z), "h"(mask)
      : "memory");
}

// `bytes` (a multiple of 16) from global `src` to shared `dst`, counted on `bar` (a bulk copy, no tensor map).
__device__ __forceinline__ void bulk_load(unsigned dst, const void* src, unsigned bytes, unsigned bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(dst), "l"(src), "r"(bytes),
               "r"(bar)
               : "memory");
}

// Shared `src` into box (x, y, z) of `map`, in the current bulk group. `evict_first`: the lines
// written are the first the L2 evicts (a D larger than the L2, so that the stores do not push out
// the operands, which other tiles read again).
__device__ __forceinline__ void tma_store_3d(const TmaMap* map, unsigned src, int x, int y, int z, bool evict_first) {
  if (evict_first) {
    unsigned long long policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\n" : "=l"(policy));
    asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group.L2::cache_hint [%0, {%2, %3, %4}], [%1], %5;\n" ::"l"(map), "r"(src),
                 "r"(x), "r"(y), "r"(z), "l"(policy)
                 : "memory");
  } else {
    asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];\n" ::"l"(map), "r"(src), "r"(x), "r"(y),
                 "r"(z)
                 : "memory");
  }
}

// Closes the current bulk group (the stores issued since the last commit).
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;\n" ::: "memory"); }

// Until at most kPending bulk groups may still read their shared memory (the writes may go on).
template <int kPending>
__device__ __forceinline__ void bulk_wait_read() {
  asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(kPending) : "memory");
}

// Until at most kPending bulk groups are still in flight (writes complete).
template <int kPending>
__device__ __forceinline__ void bulk_wait() {
  asm volatile("cp.async.bulk.wait_group %0;\n" ::"n"(kPending) : "memory");
}

}  // namespace arch
}  // namespace tycute
