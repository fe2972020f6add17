// Host-only stand-in for the CUDA toolkit's crt/host_defines.h (the pip CUDA headers lack crt/):
// enough for CuTe's layout algebra to compile with g++ on a machine without nvcc.
#pragma once
#define __host__
#define __device__
#define __forceinline__ inline
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __cudart_builtin__
#define __device_builtin__
#define CUDARTAPI
#define __location__(a)
#define __inline_hint__
#define __thread__
#define __no_return__
#define __noinline__
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))
