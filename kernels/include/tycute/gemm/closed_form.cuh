// tycute device library, GEMM layer: evaluating a configuration header's closed forms (the
// per-thread partitions written as shape, static strides, per-thread offset and the strides the
// swizzle makes per thread: X_shape, X_stride, X_dmode, X_offset[t], X_dstride[t][];
// docs/headers.md).
#pragma once

// Element i (colexicographic over X_shape) of closed form X: offset + the sum of coordinate times
// stride, where the modes listed in X_dmode take the thread's own strides d[]. With i a
// compile-time constant (unrolled loops) everything but offset and d folds away.
#define TYCUTE_CLOSED_FORM(X, i, offset, d)                                    \
  ([&]() {                                                                   \
    int rest_ = (i), o_ = (offset);                                          \
    _Pragma("unroll") for (int k_ = 0; k_ < X##_rank; ++k_) {                \
      int s_ = X##_stride[k_];                                               \
      _Pragma("unroll") for (int j_ = 0; j_ < X##_ndyn; ++j_) if (X##_dmode[j_] == k_) s_ = (d)[j_]; \
      o_ += (rest_ % X##_shape[k_]) * s_;                                    \
      rest_ /= X##_shape[k_];                                                \
    }                                                                        \
    return o_;                                                               \
  }())

// The thread's per-thread strides of closed form X (X_ndyn of them; X_dstride has one zero
// column when there are none).
#define TYCUTE_DSTRIDES(X, name, t)                                          \
  int name[X##_ndyn > 0 ? X##_ndyn : 1] = {0};                               \
  _Pragma("unroll") for (int j_ = 0; j_ < X##_ndyn; ++j_) name[j_] = X##_dstride[t][j_];
