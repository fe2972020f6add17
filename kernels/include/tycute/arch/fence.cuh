// tycute device library, arch layer: fences, named barriers and the memory-model operations the
// kernels use between CTAs (stream-K).
#pragma once

namespace tycute {
namespace arch {

// The generic proxy's shared-memory writes become visible to the async proxy (TMA stores, bulk
// copies, wgmma reads) and vice versa.
__device__ __forceinline__ void fence_proxy_async_shared() { asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory"); }

// The same for global memory (what the generic proxy wrote, a bulk copy may then read).
__device__ __forceinline__ void fence_proxy_async_global() { asm volatile("fence.proxy.async.global;\n" ::: "memory"); }

// Named barrier `id` over `kThreads` threads (a consumer warpgroup or two).
template <int kThreads>
__device__ __forceinline__ void named_barrier_sync(int id) {
  asm volatile("bar.sync %0, %1;\n" ::"r"(id), "n"(kThreads) : "memory");
}

// Arrives at named barrier `id` over `kThreads` threads without waiting for it: one warpgroup
// signals another, which syncs on it.
template <int kThreads>
__device__ __forceinline__ void named_barrier_arrive(int id) {
  asm volatile("bar.arrive %0, %1;\n" ::"r"(id), "n"(kThreads) : "memory");
}

// A flag word's value with acquire semantics at GPU scope.
__device__ __forceinline__ unsigned ld_acquire_gpu(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];\n" : "=r"(v) : "l"(p) : "memory");
  return v;
}

// Adds 1 to a flag word after every earlier write of this thread (fence.acq_rel.gpu, then a
// relaxed reduction): the release half of a flag that another CTA acquires.
__device__ __forceinline__ void flag_release_add1_gpu(unsigned* p) {
  asm volatile("fence.acq_rel.gpu;\nred.relaxed.gpu.global.add.u32 [%0], 1;\n" ::"l"(p) : "memory");
}

// Four floats added to global memory at w (16-byte aligned) with one reduction (SM90:
// red.global.add.v4.f32).
__device__ __forceinline__ void red_add_v4_f32(float* w, float a, float b, float c, float d) {
  asm volatile("red.global.add.v4.f32 [%0], {%1, %2, %3, %4};\n" ::"l"(w), "f"(a), "f"(b), "f"(c), "f"(d) : "memory");
}

}  // namespace arch
}  // namespace tycute
