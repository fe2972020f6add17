// The sgemm_sm80 data flow on tycute's tables: D = alpha * A * B^T + beta * C with A (M,K) and
// B (N,K) half, K-major (TN) or M-/N-major (NT: element (m,k) of A at m + k*lda; the header says
// which, per operand), fp32 or fp16 accumulation (the MMA atom's, TYCUTE_SM80_MMA_PTX and
// TYCUTE_SM80_ACC_BITS: fp16 accumulators are kept two per 32-bit register) and fp32 or fp16 C/D
// (the S2G atom's value type, TYCUTE_SM80_OUT_BITS), column-major (M-major, leading dimension
// ldc); the epilogue computes alpha * acc + beta * C in fp32 either way. A kStages-deep cp.async pipeline fills 128B-swizzled shared memory, ldmatrix.x4
// loads the fragments of one k-block while the MMAs of the previous one run (two fragment buffers),
// mma.sync.m16n8k16 accumulates. Any M, N >= 1 and K >= 1, K % 8 == 0 when an operand is K-major
// (one 16-byte cp.async row is 8 halves); lda, ldb and the batch strides of A and B multiples of 8 (the host checks).
// Grid (tiles + stream-K units, batch): blockIdx.x is a tile of D (M fastest: tile t is rows
// (t % tiles_m) * kTileM, columns (t / tiles_m) * kTileN), blockIdx.y selects the matrices
// A + y * batch_a, B + y * batch_b, C + y * batch_c, D + y * batch_d (strides in elements).
// Stream-K tail (sk_splits > 0): the tiles from sk_first on, the last, partly filled wave, are
// each split along K into sk_splits units (blockIdx.x = sk_first + unit): unit u of tile
// sk_first + u / sk_splits runs the k-tiles [KT*s/sk_splits, KT*(s+1)/sk_splits) of s = u % sk_splits
// and adds its accumulators into the tile's slot of the fp32 workspace sk_ws (red.global.add,
// in the accumulators' own register order: every unit of a tile has the same thread-value
// layout, so no coordinate is needed); the unit that arrives last (sk_count) takes the sums,
// zeroes the slot and its counter for the next launch, and runs the epilogue.
// Residues: each CTA runs one of two instantiations of gemm_tile. A tile inside (M, N) with
// kTileK dividing K runs the plain one, whose mainloop is the residue-free one instruction for
// instruction (docs/perf.md); otherwise the residue one loads with the zero-fill form of the same
// cp.async (src-size 0 for a row outside M or N and for a k-chunk at or past K: the MMAs then add
// zeros; whole k-tiles of a tile inside (M, N) still load plainly). An M-/N-major operand's vector
// is 8 rows of one k column: src-size 0 past K, else 2 bytes per row inside M (N), so that such an
// operand takes any K and any M (N), with lda (ldb) and its batch stride multiples of 8. The epilogue stages the
// fp32 tile in swizzled shared memory (tRS_sC, kR2SAcc) and writes D with 16-byte stores of
// kS2GVec elements (tSG_sC, tSG_cC: 4 floats, or 8 floats of sC converted to 8 halves) when the
// tile is inside (M, N) and C, D allow 16-byte access; otherwise each vector is stored whole when
// it lies inside M and is aligned, else element by element, and nothing outside (M, N) is read
// from C or written to D. C and D are not __restrict__: each element of C is read by the thread
// that then writes the same element of D, so C and D may be the same matrix (in place).
//
// The configuration is a header written by tycute from a type (crates/tycute-configs, an
// Sm80Kernel): TYCUTE_SM80_CONFIG names it (default below; NVRTC option -DTYCUTE_SM80_CONFIG=x
// for another). Every index comes from it: the closed forms tAcA/tBcB (gmem coordinates),
// tAsA/tBsB (smem destinations), tXsA0/tXsB0 (ldmatrix rows), tRSsC/tSGsC/tSGcC (epilogue) and the
// register maps kFrag*k, kS2RFrag*k, kR2SAcc. The kernel holds no layout of its own.
//
// (ptxas writes the 16-byte cp.async as LDGSTS.E.128 or, with its L2 hint, LDGSTS.E.LTC128B.128.)
// tycute-variant: -DTYCUTE_SM80_CONFIG=sm80_tn_128x256
// tycute-variant: -DTYCUTE_SM80_CONFIG=sgemm_sm80
// tycute-variant: -DTYCUTE_SM80_CONFIG=sm80_nt_128x256
// tycute-variant: -DTYCUTE_SM80_CONFIG=sm80_nn_128x256
// tycute-variant: -DTYCUTE_SM80_CONFIG=sm80_tt_128x256
// tycute-variant: -DTYCUTE_SM80_CONFIG=sm80_tn_128x256_f16acc
// tycute-variant: -DTYCUTE_SM80_CONFIG=sm80_tn_128x256_f16cd
// tycute-variant: -DTYCUTE_SM80_CONFIG=sm80_tn_128x256_f16acc_f16cd
// tycute-sass sm_80: LDGSTS.E LDSM HMMA.16816 STG.E.128 LDS.128
// tycute-sass sm_90a: LDGSTS.E LDSM HMMA.16816 STG.E.128 LDS.128
#ifndef TYCUTE_SM80_CONFIG
#define TYCUTE_SM80_CONFIG sm80_tn_128x256
#endif
#define TYCUTE_STR2(x) #x
#define TYCUTE_STR(x) TYCUTE_STR2(x)
#include TYCUTE_STR(TYCUTE_SM80_CONFIG.h)

using namespace tycute::TYCUTE_SM80_CONFIG;

// The configuration's macros (string-literal PTX and #if switches) are its own,
// TYCUTE_<config>_<item>, so that headers coexist in one translation unit; these aliases pick
// TYCUTE_SM80_CONFIG's.
#define TYCUTE_CAT2(a, b) a##b
#define TYCUTE_CAT(a, b) TYCUTE_CAT2(a, b)
#define TYCUTE_CFG(item) TYCUTE_CAT(TYCUTE_CAT(TYCUTE_, TYCUTE_SM80_CONFIG), TYCUTE_CAT(_, item))
#define TYCUTE_SM80_A_MN_MAJOR TYCUTE_CFG(A_MN_MAJOR)
#define TYCUTE_SM80_B_MN_MAJOR TYCUTE_CFG(B_MN_MAJOR)
#define TYCUTE_SM80_S2R_A_PTX TYCUTE_CFG(S2R_A_PTX)
#define TYCUTE_SM80_S2R_B_PTX TYCUTE_CFG(S2R_B_PTX)
#define TYCUTE_SM80_G2S_PTX TYCUTE_CFG(G2S_PTX)
#define TYCUTE_SM80_MMA_PTX TYCUTE_CFG(MMA_PTX)
#define TYCUTE_SM80_ACC_BITS TYCUTE_CFG(ACC_BITS)
#define TYCUTE_SM80_OUT_BITS TYCUTE_CFG(OUT_BITS)

// The element type of C and D (the S2G atom's value type): float, or half as its bits.
#if TYCUTE_SM80_OUT_BITS == 16
typedef unsigned short out_t;
#else
typedef float out_t;
#endif
// The accumulator registers (the MMA atom's ValTypeC): one float each, or two halves per 32-bit
// register (accumulator j in half j % 2 of register j / 2, the low half first).
#if TYCUTE_SM80_ACC_BITS == 16
typedef unsigned acc_t;
#else
typedef float acc_t;
#endif
constexpr int kAccPerReg = 32 / TYCUTE_SM80_ACC_BITS;
static_assert(kS2GVec * TYCUTE_SM80_OUT_BITS == 128, "one S2G vector is 16 bytes of D");

namespace {

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  unsigned r;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}

// The configuration's G2S atom (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>) names the instruction.
__device__ __forceinline__ void cp_async16(unsigned dst, const void* src) {
  asm volatile(TYCUTE_SM80_G2S_PTX " [%0], [%1], %2;\n" ::"r"(dst), "l"(src), "n"(kG2SBytes));
}

// The same with its src-size operand: src_bytes of the kG2SBytes come from src, the rest of the
// destination is zero-filled (src_bytes = 0: nothing is read).
__device__ __forceinline__ void cp_async16_zfill(unsigned dst, const void* src, int src_bytes) {
  asm volatile(TYCUTE_SM80_G2S_PTX " [%0], [%1], %2, %3;\n" ::"r"(dst), "l"(src), "n"(kG2SBytes), "r"(src_bytes));
}

// The configuration's S2R atoms (SM75_U32x4_LDSM_N, or SM75_U16x8_LDSM_T: .trans) name the
// instructions.
__device__ __forceinline__ void ldmatrix_a(unsigned addr, unsigned& r0, unsigned& r1, unsigned& r2, unsigned& r3) {
  asm volatile(TYCUTE_SM80_S2R_A_PTX " {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_b(unsigned addr, unsigned& r0, unsigned& r1, unsigned& r2, unsigned& r3) {
  asm volatile(TYCUTE_SM80_S2R_B_PTX " {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));
}

// The configuration's MMA atom (SM80_16x8x16_F32F16F16F32_TN: 4 .f32 accumulators;
// SM80_16x8x16_F16F16F16F16_TN: 2 .f16x2 registers) names the instruction.
#if TYCUTE_SM80_ACC_BITS == 16
__device__ __forceinline__ void mma_16816(unsigned* c, const unsigned* a, const unsigned* b) {
  asm volatile(TYCUTE_SM80_MMA_PTX " {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};\n"
               : "+r"(c[0]), "+r"(c[1])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#else
__device__ __forceinline__ void mma_16816(float* c, const unsigned* a, const unsigned* b) {
  asm volatile(TYCUTE_SM80_MMA_PTX " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#endif

// fp16 <-> fp32 (round to nearest even), without cuda_fp16.h
__device__ __forceinline__ float h2f(unsigned short h) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
}
[[maybe_unused]] __device__ __forceinline__ unsigned short f2h(float f) {  // (unused with fp32 D)
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
}
// two floats as an f16x2 register, lo in the low half (cvt.rn.f16x2.f32 d, a, b puts a high)
__device__ __forceinline__ unsigned pack_h2(float lo, float hi) {
  unsigned r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

// accumulator j as a float
__device__ __forceinline__ float acc_value(const acc_t* acc, int j) {
#if TYCUTE_SM80_ACC_BITS == 16
  return h2f((unsigned short)(acc[j / 2] >> (16 * (j % 2))));
#else
  return acc[j];
#endif
}

// accumulators r..r+3 (r % 4 == 0: two whole f16x2 registers) set from four floats
__device__ __forceinline__ void set_acc4(acc_t* acc, int r, float4 v) {
#if TYCUTE_SM80_ACC_BITS == 16
  acc[r / 2] = pack_h2(v.x, v.y);
  acc[r / 2 + 1] = pack_h2(v.z, v.w);
#else
  acc[r] = v.x;
  acc[r + 1] = v.y;
  acc[r + 2] = v.z;
  acc[r + 3] = v.w;
#endif
}

// one element of C/D as a float and back
__device__ __forceinline__ float out_to_f(out_t x) {
#if TYCUTE_SM80_OUT_BITS == 16
  return h2f(x);
#else
  return x;
#endif
}
__device__ __forceinline__ out_t f_to_out(float x) {
#if TYCUTE_SM80_OUT_BITS == 16
  return f2h(x);
#else
  return x;
#endif
}

// One S2G vector: the kS2GVec floats of sC at s (16-byte loads; check() proves them contiguous
// and aligned), D = alpha * them + beta * C at c (read only when beta != 0), stored at d with one
// 16-byte store (c and d 16-byte aligned).
__device__ __forceinline__ void epi_vec(const float* s, const out_t* c, out_t* d, float alpha, float beta) {
  float v[kS2GVec];
#pragma unroll
  for (int q = 0; q < kS2GVec; q += 4) {
    const float4 x = *reinterpret_cast<const float4*>(s + q);
    v[q] = alpha * x.x;
    v[q + 1] = alpha * x.y;
    v[q + 2] = alpha * x.z;
    v[q + 3] = alpha * x.w;
  }
#if TYCUTE_SM80_OUT_BITS == 16
  if (beta != 0.f) {
    const uint4 p = *reinterpret_cast<const uint4*>(c);
    const unsigned w[4] = {p.x, p.y, p.z, p.w};
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      v[2 * q] += beta * h2f((unsigned short)(w[q] & 0xffff));
      v[2 * q + 1] += beta * h2f((unsigned short)(w[q] >> 16));
    }
  }
  *reinterpret_cast<uint4*>(d) = make_uint4(pack_h2(v[0], v[1]), pack_h2(v[2], v[3]), pack_h2(v[4], v[5]), pack_h2(v[6], v[7]));
#else
  if (beta != 0.f) {
    const float4 p = *reinterpret_cast<const float4*>(c);
    v[0] += beta * p.x;
    v[1] += beta * p.y;
    v[2] += beta * p.z;
    v[3] += beta * p.w;
  }
  *reinterpret_cast<float4*>(d) = make_float4(v[0], v[1], v[2], v[3]);
#endif
}

// Element i (colexicographic over X_shape) of a closed form X of the header: offset + the sum of
// coordinate times stride, where the modes listed in X_dmode take the thread's own strides d[].
// With i a compile-time constant (unrolled loops) everything but offset and d folds away.
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

// The work of this CTA (grid x, the kernel's comment): tile (tm, tn), its k-tiles [kt0, kt1).
// blockIdx.x is read with a volatile asm, so that a second call (the epilogue's) computes the
// tile again instead of keeping it live in registers through the mainloop, where all 255 are in
// use; a whole tile's m0 = blockIdx.x * kTileM was rematerialized that way by the compiler itself.
__device__ __forceinline__ void cta_work(int M, int K, int sk_first, int sk_splits, int& tm, int& tn, int& kt0, int& kt1) {
  int tile;
  asm volatile("mov.u32 %0, %%ctaid.x;\n" : "=r"(tile));
  const int tiles_m = (M + kTileM - 1) / kTileM, KT = (K + kTileK - 1) / kTileK;
  kt0 = 0;
  kt1 = KT;
  if (sk_splits > 0 && tile >= sk_first) {
    // unit u of the stream-K tail: split u % sk_splits of tile sk_first + u / sk_splits
    const int u = tile - sk_first, split = u % sk_splits;
    tile = sk_first + u / sk_splits;
    kt0 = static_cast<int>(static_cast<long long>(KT) * split / sk_splits);
    kt1 = static_cast<int>(static_cast<long long>(KT) * (split + 1) / sk_splits);
  }
  tm = tile % tiles_m;
  tn = tile / tiles_m;
}

}  // namespace

// One CTA's tile of D. kResidue = false: the tile lies inside (M, N) and kTileK divides K, so
// every load is a plain cp.async and every store a 16-byte one (when C and D allow); the kernel
// below picks this instantiation for such CTAs, so that the residue code costs them nothing.
// kResidue = true: a CTA on the M or N edge loads with zero fill, and any CTA's last k-tile does
// when kTileK does not divide K.
// The CTA computes the k-tiles [kt0, kt1) of tile (tm, tn) (cta_work); with blockIdx.x >= sk_first
// (and sk_splits > 0) it is a stream-K unit, whose partial sums meet those of the tile's other
// units in the tile's slot of sk_ws and sk_count (the kernel's parameters, passed through: the
// slot and the tile are recomputed after the mainloop, so that nothing of them stays live there).
template <bool kResidue>
__device__ __forceinline__ void gemm_tile(int M, int N, int K, const unsigned short* __restrict__ A, int lda,
                                          const unsigned short* __restrict__ B, int ldb, const out_t* C, int ldc,
                                          out_t* D, int ldd, float alpha, float beta, bool inside, int sk_first,
                                          int sk_splits, float* sk_ws, unsigned* sk_count) {
  extern __shared__ __align__(128) unsigned short smem[];
  unsigned short* sA = smem;                            // kStages x kStageElemsA
  unsigned short* sB = smem + kStages * kStageElemsA;   // kStages x kStageElemsB
  const int t = threadIdx.x;
  int tm, tn, kt0, kt1;
  cta_work(M, K, sk_first, sk_splits, tm, tn, kt0, kt1);
  const int m0 = tm * kTileM, n0 = tn * kTileN;
  // the loops below count k-tiles from kt0 (A, B and the k bounds start there): KT of them
  const int KT = kt1 - kt0;
  // the k-tiles below KTfull need no predicate: all of them in the plain instantiation, the
  // whole k-tiles of a CTA inside (M, N) in the residue one
  const int KTfull = !kResidue ? KT : inside ? K / kTileK - kt0 : 0;

  // G2S: this thread's vectors. tAcA(i) = tAcA_offset + delta_i is the tile coordinate m + kTileM*k;
  // delta_i is a compile-time constant, and the header's proof (check) guarantees that it never
  // carries from m into k, so the source of vector i is the thread's first row and column plus
  // (delta_i % kTileM, delta_i / kTileM). tAsA(i) is the smem offset within a stage.
  const int ca = tAcA_offset[t], cb = tBcB_offset[t];
  TYCUTE_DSTRIDES(tAcA, ca_d, t)
  TYCUTE_DSTRIDES(tBcB, cb_d, t)
  TYCUTE_DSTRIDES(tAsA, sa_d, t)
  TYCUTE_DSTRIDES(tBsB, sb_d, t)
  const unsigned sA_u = smem_addr(sA), sB_u = smem_addr(sB);  // stage 0 of sA and sB
  const unsigned sA_g = sA_u + 2 * tAsA_offset[t], sB_g = sB_u + 2 * tBsB_offset[t];
  // the element (m, k) of a tile coordinate m + kTileM*k: m*lda + k for K-major A, m + k*lda for
  // M-major A (B alike); a k-tile is kTileK columns further
#if TYCUTE_SM80_A_MN_MAJOR
  const unsigned short* gA = A + (m0 + ca % kTileM) + (size_t)(ca / kTileM + kt0 * kTileK) * lda;
  const size_t a_kt = (size_t)kTileK * lda;
#define TYCUTE_A_AT(d) ((d) % kTileM + (d) / kTileM * lda)
#else
  const unsigned short* gA = A + (size_t)(m0 + ca % kTileM) * lda + ca / kTileM + kt0 * kTileK;
  const int a_kt = kTileK;
#define TYCUTE_A_AT(d) ((d) % kTileM * lda + (d) / kTileM)
#endif
#if TYCUTE_SM80_B_MN_MAJOR
  const unsigned short* gB = B + (n0 + cb % kTileN) + (size_t)(cb / kTileN + kt0 * kTileK) * ldb;
  const size_t b_kt = (size_t)kTileK * ldb;
#define TYCUTE_B_AT(d) ((d) % kTileN + (d) / kTileN * ldb)
#else
  const unsigned short* gB = B + (size_t)(n0 + cb % kTileN) * ldb + cb / kTileN + kt0 * kTileK;
  const int b_kt = kTileK;
#define TYCUTE_B_AT(d) ((d) % kTileN * ldb + (d) / kTileN)
#endif
  // rows of A (B) left from the thread's first row, and k left from its first column (of k-tile kt0)
  const int rowsA = M - m0 - ca % kTileM, rowsB = N - n0 - cb % kTileN;
  const int colsA = K - ca / kTileM - kt0 * kTileK, colsB = K - cb / kTileN - kt0 * kTileK;
  // (ktfull: KTfull, from a register in the prologue and from s_kt in the mainloop)
  auto load_tile = [&](int kt, int stage, int ktfull) {
    const unsigned short* a = gA + kt * a_kt;
    const unsigned short* b = gB + kt * b_kt;
    const unsigned a_st = sA_g + 2 * stage * kStageElemsA, b_st = sB_g + 2 * stage * kStageElemsB;
    if (!kResidue || kt < ktfull) {
#pragma unroll
      for (int i = 0; i < kG2SCopiesA; ++i) {
        const int d = TYCUTE_CLOSED_FORM(tAcA, i * kVec, 0, ca_d);
        cp_async16(a_st + 2 * TYCUTE_CLOSED_FORM(tAsA, i * kVec, 0, sa_d), a + TYCUTE_A_AT(d));
      }
#pragma unroll
      for (int i = 0; i < kG2SCopiesB; ++i) {
        const int d = TYCUTE_CLOSED_FORM(tBcB, i * kVec, 0, cb_d);
        cp_async16(b_st + 2 * TYCUTE_CLOSED_FORM(tBsB, i * kVec, 0, sb_d), b + TYCUTE_B_AT(d));
      }
    } else {
      // residue: vector i is inside when its row is below M (N) and its k-chunk below K (K % 8
      // == 0, so a chunk is wholly inside or outside); an outside one reads nothing (src-size
      // 0, source the matrix's first element) and zero-fills its smem
      const int ka = colsA - kt * kTileK, kb = colsB - kt * kTileK;
#pragma unroll
      for (int i = 0; i < kG2SCopiesA; ++i) {
        const int d = TYCUTE_CLOSED_FORM(tAcA, i * kVec, 0, ca_d);
#if TYCUTE_SM80_A_MN_MAJOR
        // a vector is kVec rows of one k column: the rows below M are read, the rest zero-filled
        const bool in = d % kTileM < rowsA && d / kTileM < ka;
        const int bytes = d % kTileM + kVec <= rowsA ? kG2SBytes : (rowsA - d % kTileM) * (kG2SBytes / kVec);
        cp_async16_zfill(a_st + 2 * TYCUTE_CLOSED_FORM(tAsA, i * kVec, 0, sa_d), in ? a + TYCUTE_A_AT(d) : A,
                         in ? bytes : 0);
#else
        const bool in = d % kTileM < rowsA && d / kTileM < ka;
        cp_async16_zfill(a_st + 2 * TYCUTE_CLOSED_FORM(tAsA, i * kVec, 0, sa_d),
                         in ? a + TYCUTE_A_AT(d) : A, in ? kG2SBytes : 0);
#endif
      }
#pragma unroll
      for (int i = 0; i < kG2SCopiesB; ++i) {
        const int d = TYCUTE_CLOSED_FORM(tBcB, i * kVec, 0, cb_d);
#if TYCUTE_SM80_B_MN_MAJOR
        const bool in = d % kTileN < rowsB && d / kTileN < kb;
        const int bytes = d % kTileN + kVec <= rowsB ? kG2SBytes : (rowsB - d % kTileN) * (kG2SBytes / kVec);
        cp_async16_zfill(b_st + 2 * TYCUTE_CLOSED_FORM(tBsB, i * kVec, 0, sb_d), in ? b + TYCUTE_B_AT(d) : B,
                         in ? bytes : 0);
#else
        const bool in = d % kTileN < rowsB && d / kTileN < kb;
        cp_async16_zfill(b_st + 2 * TYCUTE_CLOSED_FORM(tBsB, i * kVec, 0, sb_d),
                         in ? b + TYCUTE_B_AT(d) : B, in ? kG2SBytes : 0);
#endif
      }
    }
  };

  // S2R: this thread's ldmatrix rows (offset + the swizzle's per-thread strides); copy i of the
  // stage is element i * kVec of tXsA0, in the order (MMA_M, MMA_K)
  const int xa = tXsA0_offset[t], xb = tXsB0_offset[t];
  TYCUTE_DSTRIDES(tXsA0, xa_d, t)
  TYCUTE_DSTRIDES(tXsB0, xb_d, t)
  constexpr int kCopiesPerKA = kS2RCopiesA / kMmaK, kCopiesPerKB = kS2RCopiesB / kMmaK;
  unsigned fa[2][kRegsAPerK], fb[2][kRegsBPerK];
  auto load_frags = [&](int buf, int stage, int kb) {
    const unsigned a_st = sA_u + 2 * stage * kStageElemsA, b_st = sB_u + 2 * stage * kStageElemsB;
#pragma unroll
    for (int j = 0; j < kCopiesPerKA; ++j) {
      const int i = j + kCopiesPerKA * kb;
      ldmatrix_a(a_st + 2 * TYCUTE_CLOSED_FORM(tXsA0, i * kVec, xa, xa_d), fa[buf][kS2RFragAk[j][0]],
                  fa[buf][kS2RFragAk[j][1]], fa[buf][kS2RFragAk[j][2]], fa[buf][kS2RFragAk[j][3]]);
    }
#pragma unroll
    for (int j = 0; j < kCopiesPerKB; ++j) {
      const int i = j + kCopiesPerKB * kb;
      ldmatrix_b(b_st + 2 * TYCUTE_CLOSED_FORM(tXsB0, i * kVec, xb, xb_d), fb[buf][kS2RFragBk[j][0]],
                  fb[buf][kS2RFragBk[j][1]], fb[buf][kS2RFragBk[j][2]], fb[buf][kS2RFragBk[j][3]]);
    }
  };

  acc_t acc[kAccumulators / kAccPerReg];
#pragma unroll
  for (int f = 0; f < kAccumulators / kAccPerReg; ++f) acc[f] = 0;

  // KT and KTfull for the mainloop: in shared memory, read with a volatile load where needed, so
  // that they take no register there (a stream-K unit's bounds are not the compiler's to
  // recompute from K, and all 255 registers are in use); written before the barrier below
  __shared__ int s_kt[2];
  if (t == 0) {
    s_kt[0] = KT;
    s_kt[1] = KTfull;
  }
  auto kt_count = [&]() { return *static_cast<volatile int*>(&s_kt[0]); };
  auto kt_full = [&]() { return *static_cast<volatile int*>(&s_kt[1]); };

  // prologue: kStages - 1 k-tiles in flight, then the first k-block's fragments
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < KT) load_tile(s, s, KTfull);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  int read = 0, write = kStages - 1;
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kStages - 2) : "memory");
  __syncthreads();
  load_frags(0, read, 0);

  for (int kt = 0; kt < kt_count(); ++kt) {
#pragma unroll
    for (int kb = 0; kb < kMmaK; ++kb) {
      if (kb == kMmaK - 1) {
        // the next k-tile's stage: wait for it, and let every thread finish reading this one
        read = read + 1 == kStages ? 0 : read + 1;
        asm volatile("cp.async.wait_group %0;\n" ::"n"(kStages - 2) : "memory");
        __syncthreads();
      }
      // fragments of the next k-block (of the next k-tile after the last k-block)
      load_frags((kb + 1) & 1, read, (kb + 1) % kMmaK);
      if (kb == 0) {
        // refill the stage every thread finished reading before the last barrier
        const int nt = kt + kStages - 1;
        if (nt < kt_count()) load_tile(nt, write, kResidue ? kt_full() : 0);
        asm volatile("cp.async.commit_group;\n" ::);
        write = write + 1 == kStages ? 0 : write + 1;
      }
#pragma unroll
      for (int m = 0; m < kMmaM; ++m)
#pragma unroll
        for (int n = 0; n < kMmaN; ++n) mma_16816(acc + kFragC[m][n] / kAccPerReg, fa[kb & 1] + kFragAk[0][m], fb[kb & 1] + kFragBk[0][n]);
    }
  }

  asm volatile("cp.async.wait_all;\n" ::: "memory");
  if (sk_splits > 0 && static_cast<int>(blockIdx.x) >= sk_first) {
    // stream-K: this unit's partial tile into the slot (float4 r/4 of thread t at
    // (r/4 * kThreads + t) * 4: a warp's adds are 512 contiguous bytes); fp16 accumulators are
    // added as floats, and the last unit rounds the fp32 sums to fp16 once
    static_assert(kAccumulators % 4 == 0, "the stream-K slot holds the accumulators 4 at a time");
    const int slot = (blockIdx.x - sk_first) / sk_splits;
    float* const ws = sk_ws + static_cast<size_t>(slot) * kAccumulators * kThreads;
#pragma unroll
    for (int r = 0; r < kAccumulators; r += 4) {
      float* w = ws + ((r / 4) * kThreads + t) * 4;
#if __CUDA_ARCH__ >= 900
      asm volatile("red.global.add.v4.f32 [%0], {%1, %2, %3, %4};\n" ::"l"(w), "f"(acc_value(acc, r)), "f"(acc_value(acc, r + 1)),
                   "f"(acc_value(acc, r + 2)), "f"(acc_value(acc, r + 3))
                   : "memory");
#else
#pragma unroll
      for (int j = 0; j < 4; ++j) atomicAdd(w + j, acc_value(acc, r + j));
#endif
    }
    // the adds are done (visible at L2) before the count says so; the last unit reads them
    __threadfence();
    const bool last = __syncthreads_or(t == 0 && atomicAdd(sk_count + slot, 1u) == static_cast<unsigned>(sk_splits - 1));
    if (!last) return;
    __threadfence();
#pragma unroll
    for (int r = 0; r < kAccumulators; r += 4) {
      float4* w = reinterpret_cast<float4*>(ws + ((r / 4) * kThreads + t) * 4);
      set_acc4(acc, r, __ldcg(w));
      __stcg(w, make_float4(0.f, 0.f, 0.f, 0.f));
    }
    if (t == 0) sk_count[slot] = 0;
  }

  // epilogue: the accumulators go to sC (fp32, swizzled, in the stage memory), then every thread
  // stores whole 16-byte vectors of D (column-major, M contiguous)
  __syncthreads();
  float* sC = reinterpret_cast<float*>(smem);
  {
    const int rs = tRSsC_offset[t];
    TYCUTE_DSTRIDES(tRSsC, rs_d, t)
#pragma unroll
    for (int j = 0; j < kAccumulators; ++j) sC[TYCUTE_CLOSED_FORM(tRSsC, j, rs, rs_d)] = acc_value(acc, kR2SAcc[0][j]);
  }
  __syncthreads();
  // the tile's origin again (cta_work: not kept through the mainloop)
  int em0, en0;
  {
    int etm, etn, ekt0, ekt1;
    cta_work(M, K, sk_first, sk_splits, etm, etn, ekt0, ekt1);
    em0 = etm * kTileM;
    en0 = etn * kTileN;
  }
  const int sg = tSGsC_offset[t], gc = tSGcC_offset[t];
  TYCUTE_DSTRIDES(tSGsC, sg_d, t)
  TYCUTE_DSTRIDES(tSGcC, gc_d, t)
  constexpr int kVecs = kEpiElems / kThreads / kS2GVec;
  // 16-byte access to C (when read) and D: leading dimensions and addresses multiples of one
  // vector (kS2GVec elements)
  const bool vec_ok = (ldd % kS2GVec) == 0 && (reinterpret_cast<size_t>(D) & 15) == 0 &&
                      (beta == 0.f || ((ldc % kS2GVec) == 0 && (reinterpret_cast<size_t>(C) & 15) == 0));
  if ((!kResidue || inside) && vec_ok) {
#pragma unroll 4
    for (int i = 0; i < kVecs; ++i) {
      const int c = TYCUTE_CLOSED_FORM(tSGcC, kS2GVec * i, gc, gc_d);
      const size_t m = em0 + c % kTileM, n = en0 + c / kTileM;
      epi_vec(sC + TYCUTE_CLOSED_FORM(tSGsC, kS2GVec * i, sg, sg_d), C + m + n * ldc, D + m + n * ldd, alpha, beta);
    }
  } else {
    // residue (or unaligned C/D): a vector whose column is inside N is stored whole when its
    // kS2GVec rows are inside M and 16-byte access is allowed, else element by element below M
#pragma unroll 1
    for (int i = 0; i < kVecs; ++i) {
      const int c = TYCUTE_CLOSED_FORM(tSGcC, kS2GVec * i, gc, gc_d);
      const int m = em0 + c % kTileM, n = en0 + c / kTileM;
      if (n >= N || m >= M) continue;
      const float* sv = sC + TYCUTE_CLOSED_FORM(tSGsC, kS2GVec * i, sg, sg_d);
      const out_t* cp = C + m + (size_t)n * ldc;
      out_t* dp = D + m + (size_t)n * ldd;
      if (vec_ok && m + kS2GVec <= M) {
        epi_vec(sv, cp, dp, alpha, beta);
      } else {
#pragma unroll
        for (int e = 0; e < kS2GVec; ++e)
          if (m + e < M) dp[e] = f_to_out(alpha * sv[e] + (beta != 0.f ? beta * out_to_f(cp[e]) : 0.f));
      }
    }
  }
}

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    sm80_gemm_tn(int M, int N, int K, const unsigned short* __restrict__ A, int lda, long long batch_a,
                 const unsigned short* __restrict__ B, int ldb, long long batch_b, const out_t* C, int ldc,
                 long long batch_c, out_t* D, int ldd, long long batch_d, float alpha, float beta, int sk_first,
                 int sk_splits, float* sk_ws, unsigned* sk_count) {
  A += blockIdx.y * batch_a;
  B += blockIdx.y * batch_b;
  C += blockIdx.y * batch_c;
  D += blockIdx.y * batch_d;
  // the tile of this CTA, whole or a stream-K unit of it; CTA-uniform: is it inside (M, N)?
  int tm, tn, kt0, kt1;
  cta_work(M, K, sk_first, sk_splits, tm, tn, kt0, kt1);
  const bool inside = (tm + 1) * kTileM <= M && (tn + 1) * kTileN <= N;
  if (inside && K % kTileK == 0)
    gemm_tile<false>(M, N, K, A, lda, B, ldb, C, ldc, D, ldd, alpha, beta, true, sk_first, sk_splits, sk_ws, sk_count);
  else
    gemm_tile<true>(M, N, K, A, lda, B, ldb, C, ldc, D, ldd, alpha, beta, inside, sk_first, sk_splits, sk_ws, sk_count);
}
