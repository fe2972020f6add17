// tycute device library, arch layer: mbarrier (SM90 SYNCS), in this CTA's shared memory or a
// cluster peer's. Barriers are 8-byte words at shared addresses (arch::smem_u32).
#pragma once

namespace tycute {
namespace arch {

__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count));
}

// Makes the initializations visible to the cluster (and to the async proxy) before first use.
__device__ __forceinline__ void mbar_init_fence() { asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory"); }

// One arrival that also expects `bytes` more transaction bytes (a TMA or bulk copy completes them).
__device__ __forceinline__ void mbar_expect_tx(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes) : "memory");
}

__device__ __forceinline__ void mbar_arrive(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}

// kCount arrivals at once (one thread standing for kCount warps).
template <int kCount>
__device__ __forceinline__ void mbar_arrive_n(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "n"(kCount) : "memory");
}

// Spin until the phase of parity `parity` has completed.
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
  asm volatile(
      "{\n.reg .pred p;\nWAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT;\n}\n" ::"r"(bar),
      "r"(parity)
      : "memory");
}

// Arrive on the mbarrier at offset `bar` of CTA `rank` of the cluster (this one included), with
// the default .release.cta semantics as CUTLASS's ClusterBarrier::arrive (what is released is the
// warp's wgmma reads, complete at wgmma.wait_group; .release.cluster costs a cluster-wide fence).
__device__ __forceinline__ void mbar_arrive_cluster(unsigned bar, unsigned rank) {
  asm volatile(
      "{\n.reg .b32 remote;\nmapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n" ::"r"(bar),
      "r"(rank)
      : "memory");
}

// kCount arrivals at once on the mbarrier at offset `bar` of CTA `rank` of the cluster.
template <int kCount>
__device__ __forceinline__ void mbar_arrive_cluster_n(unsigned bar, unsigned rank) {
  asm volatile(
      "{\n.reg .b32 remote;\nmapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.shared::cluster.b64 _, [remote], %2;\n}\n" ::"r"(bar),
      "r"(rank), "n"(kCount)
      : "memory");
}

}  // namespace arch
}  // namespace tycute
