// tycute device library, arch layer: thread-block clusters (SM90).
#pragma once

namespace tycute {
namespace arch {

__device__ __forceinline__ unsigned cluster_ctarank() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
  return r;
}

// Every thread of every CTA of the cluster: what each wrote before is visible to all after
// (barriers initialized before a peer uses them; no CTA exits while a peer may still write its
// shared memory or arrive on it).
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;\n" ::: "memory");
}

}  // namespace arch
}  // namespace tycute
