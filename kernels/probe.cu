// tycute's NVRTC pipeline probe (not a GEMM). One warp moves a 16x16 tile of halves from global
// to shared memory with cp.async, reads it back with ldmatrix.x4, multiplies it with one
// mma.sync.m16n8k16 and, on Hopper, writes fragments back with stmatrix. It proves that NVRTC,
// ptxas (no spills) and the SASS check see the instructions tycute's kernels are made of.
//
// tycute-sass sm_80: LDGSTS LDSM HMMA.16816
// tycute-sass sm_90a: LDGSTS LDSM HMMA.16816 STSM

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  unsigned r;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

extern "C" __global__ void tycute_probe(const unsigned* __restrict__ a, float* __restrict__ d) {
  __shared__ __align__(128) unsigned smem[16 * 16 / 2];
  const unsigned lane = threadIdx.x % 32;
  // G2S: 32 lanes x 16 bytes = the 512-byte tile
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_addr(smem + lane * 4)), "l"(a + lane * 4));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::: "memory");
  __syncthreads();
  // S2R: lane l gives the address of row l % 16, column block l / 16
  const unsigned row = smem_addr(smem + (lane % 16) * 8 + (lane / 16) * 4);
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(row));
  float c0 = 0.f, c1 = 0.f, c2 = 0.f, c3 = 0.f;
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3)
      : "r"(r0), "r"(r1), "r"(r2), "r"(r3), "r"(r0), "r"(r2));
  unsigned back = 0;
#if __CUDA_ARCH__ >= 900
  __syncthreads();
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};\n" ::"r"(row), "r"(r3), "r"(r2), "r"(r1),
               "r"(r0)
               : "memory");
  __syncthreads();
  back = smem[lane];
#endif
  d[lane * 4 + 0] = c0 + (float)back;
  d[lane * 4 + 1] = c1;
  d[lane * 4 + 2] = c2;
  d[lane * 4 + 3] = c3;
}
