// tycute's split-K reduction (issue 21): the second half of a GEMM split along K on the host's
// side (tycute_gemm::sm90::split_k). The first half runs an fp32-output sm90 configuration
// (`sm90_128x256_f32cd`, `_bf16_f32cd`) once over S slices of K as a batch of S problems, each
// slice's partial product a matrix of fp32 sums in a workspace; this kernel adds the S partials of
// each element in the order s = 0, 1, ..., S - 1 (the same order every launch: results are
// bitwise repeatable) and writes the epilogue the sm90 kernel would have written:
//
//   D = alpha * (W_0 + ... + W_{S-1}) + bias + beta * C       (C read only when beta != 0)
//
// on the matrices as stored: R rows of Q contiguous elements (row-major D: R = M, Q = N; the host
// passes a column-major D as its transpose), partial s's element (r, q) at ws[s * slice + r * ldw
// + q], C's at c[r * ldc + q], D's at d[r * ldd + q], the bias per stored row (bias_mode 1) or
// column (2), none (0). Each thread takes 4 consecutive elements of a row: 16-byte loads of the
// partials where Q and ldw are multiples of 4, 8- (16-bit) or 16-byte (fp32) loads of C and stores
// of D where their rows and addresses allow, one element at a time otherwise (any ldc, ldd, any
// alignment of C and D: the reduction needs no staged copy).
//
// Entry points, one per element type of C, D and the bias: splitk_reduce_f16, splitk_reduce_bf16
// (16-bit bits, unsigned short), splitk_reduce_f32; a grid-stride loop over R * ceil(Q / 4) work
// items, any grid of 256-thread CTAs.
//
// tycute-arch: sm_90a
// tycute-sass sm_90a: LDG.E.EF.128
#include "tycute/arch/convert.cuh"

namespace {

using tycute::arch::from_float;
using tycute::arch::to_float;

// An element of C, D or the bias: its storage type and conversions.
template <int E>
struct Elem {
  using T = unsigned short;
  __device__ static __forceinline__ float load(T x) { return to_float<E>(x); }
  __device__ static __forceinline__ T store(float f) { return from_float<E>(f); }
};
template <>
struct Elem<TYCUTE_ELEMENT_F32> {
  using T = float;
  __device__ static __forceinline__ float load(T x) { return x; }
  __device__ static __forceinline__ T store(float f) { return f; }
};

// Four consecutive elements of a row as one aligned vector (8 bytes of 16-bit ones, 16 of fp32).
template <class T>
struct Vec4;
template <>
struct Vec4<unsigned short> {
  using V = uint2;
};
template <>
struct Vec4<float> {
  using V = float4;
};

template <int E>
__device__ __forceinline__ void reduce(const float* __restrict__ ws, int splits, long long slice, long long ldw, int R, int Q, float alpha,
                                       float beta, const typename Elem<E>::T* __restrict__ c, long long ldc,
                                       typename Elem<E>::T* __restrict__ d, long long ldd, const typename Elem<E>::T* __restrict__ bias,
                                       int bias_mode) {
  using T = typename Elem<E>::T;
  using V = typename Vec4<T>::V;
  const int groups = (Q + 3) / 4;  // work items per row
  const long long items = static_cast<long long>(R) * groups;
  // vector paths: the partials' rows in whole float4s; C's and D's rows and addresses in whole vectors
  const bool ws4 = (Q & 3) == 0 && (ldw & 3) == 0 && (slice & 3) == 0 && (reinterpret_cast<unsigned long long>(ws) & 15) == 0;
  const bool c4 = (ldc & 3) == 0 && (reinterpret_cast<unsigned long long>(c) % sizeof(V)) == 0;
  const bool d4 = (ldd & 3) == 0 && (reinterpret_cast<unsigned long long>(d) % sizeof(V)) == 0;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < items; i += static_cast<long long>(gridDim.x) * blockDim.x) {
    const int r = static_cast<int>(i / groups), q0 = static_cast<int>(i % groups) * 4;
    const int n = min(4, Q - q0);  // elements of this item (4 but at the end of a row)
    float v[4] = {0.f, 0.f, 0.f, 0.f};
    const float* w = ws + r * ldw + q0;
    if (ws4) {
      for (int s = 0; s < splits; ++s) {
        const float4 x = __ldcs(reinterpret_cast<const float4*>(w + s * slice));
        v[0] += x.x, v[1] += x.y, v[2] += x.z, v[3] += x.w;
      }
    } else {
      for (int s = 0; s < splits; ++s)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          if (j < n) v[j] += __ldcs(w + s * slice + j);
    }
    float b[4] = {0.f, 0.f, 0.f, 0.f};
    if (bias_mode == 1) {
      const float x = Elem<E>::load(__ldg(bias + r));
      b[0] = b[1] = b[2] = b[3] = x;
    } else if (bias_mode == 2) {
#pragma unroll
      for (int j = 0; j < 4; ++j)
        if (j < n) b[j] = Elem<E>::load(__ldg(bias + q0 + j));
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) v[j] = alpha * v[j] + b[j];
    if (beta != 0.f) {
      const T* cr = c + r * ldc + q0;
      alignas(16) T cv[4];
      if (c4 && n == 4) {
        *reinterpret_cast<V*>(cv) = __ldg(reinterpret_cast<const V*>(cr));
      } else {
#pragma unroll
        for (int j = 0; j < 4; ++j) cv[j] = j < n ? __ldg(cr + j) : T(0);
      }
#pragma unroll
      for (int j = 0; j < 4; ++j) v[j] += beta * Elem<E>::load(cv[j]);
    }
    alignas(16) T out[4];
#pragma unroll
    for (int j = 0; j < 4; ++j) out[j] = Elem<E>::store(v[j]);
    T* dr = d + r * ldd + q0;
    if (d4 && n == 4) {
      *reinterpret_cast<V*>(dr) = *reinterpret_cast<const V*>(out);
    } else {
#pragma unroll
      for (int j = 0; j < 4; ++j)
        if (j < n) dr[j] = out[j];
    }
  }
}

}  // namespace

#define TYCUTE_SPLITK_REDUCE(NAME, E)                                                                                                  \
  extern "C" __global__ void __launch_bounds__(256) NAME(const float* __restrict__ ws, int splits, long long slice, long long ldw, int R, \
                                                         int Q, float alpha, float beta, const Elem<E>::T* __restrict__ c, long long ldc,  \
                                                         Elem<E>::T* __restrict__ d, long long ldd, const Elem<E>::T* __restrict__ bias,  \
                                                         int bias_mode) {                                                                \
    reduce<E>(ws, splits, slice, ldw, R, Q, alpha, beta, c, ldc, d, ldd, bias, bias_mode);                                            \
  }
TYCUTE_SPLITK_REDUCE(splitk_reduce_f16, TYCUTE_ELEMENT_F16)
TYCUTE_SPLITK_REDUCE(splitk_reduce_bf16, TYCUTE_ELEMENT_BF16)
TYCUTE_SPLITK_REDUCE(splitk_reduce_f32, TYCUTE_ELEMENT_F32)
