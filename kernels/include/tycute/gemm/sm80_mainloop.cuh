// tycute device library, GEMM layer (sm80): the mainloop of one CTA's tile (CUTLASS's
// MmaMultistage collective): a kStages-deep cp.async pipeline fills 128B-swizzled shared memory,
// ldmatrix.x4 loads the fragments of one k-block while the MMAs of the previous one run (two
// fragment buffers), mma.sync.m16n8k16 accumulates. Every index comes from the configuration
// header: the closed forms tAcA/tBcB (gmem coordinates), tAsA/tBsB (smem destinations),
// tXsA0/tXsB0 (ldmatrix rows) and the register maps kFrag*k, kS2RFrag*k.
//
// Residues: kResidue = false when the tile lies inside (M, N) and kTileK divides K: every load
// is a plain cp.async, instruction for instruction the residue-free mainloop. kResidue = true
// loads with the zero-fill form (src-size 0 for a row outside M or N and for a k-chunk at or past
// K: the MMAs then add zeros; whole k-tiles of a tile inside (M, N) still load plainly). An
// M-/N-major operand's vector is 8 rows of one k column: src-size 0 past K, else 2 bytes per row
// inside M (N). Needs gemm/sm80_config.cuh.
#pragma once

#include "tycute/arch/cp_async.cuh"
#include "tycute/arch/smem.cuh"
#include "tycute/gemm/closed_form.cuh"
#include "tycute/gemm/sm80_config.cuh"
#include "tycute/scheduler/sm80_tile_scheduler.cuh"

namespace tycute {
namespace gemm {

// The k-tiles [kt0, kt1) of this CTA's tile (scheduler::sm80_cta_work) of A (M,K) and B (N,K)
// into acc (kAccumulators / kSm80AccPerReg registers), with smem the kernel's dynamic shared
// memory (kStages stages of sA, then of sB).
template <bool kResidue>
__device__ __forceinline__ void sm80_mainloop(unsigned short* smem, int M, int N, int K, const sm80_ab_t* __restrict__ A, int lda,
                                              const sm80_ab_t* __restrict__ B, int ldb, bool inside, int sk_first, int sk_splits,
                                              sm80_acc_t* acc) {
  sm80_ab_t* sA = reinterpret_cast<sm80_ab_t*>(smem);  // kStages x kStageElemsA
  sm80_ab_t* sB = sA + kStages * kStageElemsA;          // kStages x kStageElemsB
  const int t = threadIdx.x;
  int tm, tn, kt0, kt1;
  scheduler::sm80_cta_work(M, K, sk_first, sk_splits, tm, tn, kt0, kt1);
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
  const unsigned sA_u = arch::smem_u32_asm(sA), sB_u = arch::smem_u32_asm(sB);  // stage 0 of sA and sB
  const unsigned sA_g = sA_u + kSm80ElemBytes * tAsA_offset[t], sB_g = sB_u + kSm80ElemBytes * tBsB_offset[t];
  // the element (m, k) of a tile coordinate m + kTileM*k: m*lda + k for K-major A, m + k*lda for
  // M-major A (B alike); a k-tile is kTileK columns further
#if TYCUTE_SM80_A_MN_MAJOR
  const sm80_ab_t* gA = A + (m0 + ca % kTileM) + (size_t)(ca / kTileM + kt0 * kTileK) * lda;
  const size_t a_kt = (size_t)kTileK * lda;
#define TYCUTE_A_AT(d) ((d) % kTileM + (d) / kTileM * lda)
#else
  const sm80_ab_t* gA = A + (size_t)(m0 + ca % kTileM) * lda + ca / kTileM + kt0 * kTileK;
  const int a_kt = kTileK;
#define TYCUTE_A_AT(d) ((d) % kTileM * lda + (d) / kTileM)
#endif
#if TYCUTE_SM80_B_MN_MAJOR
  const sm80_ab_t* gB = B + (n0 + cb % kTileN) + (size_t)(cb / kTileN + kt0 * kTileK) * ldb;
  const size_t b_kt = (size_t)kTileK * ldb;
#define TYCUTE_B_AT(d) ((d) % kTileN + (d) / kTileN * ldb)
#else
  const sm80_ab_t* gB = B + (size_t)(n0 + cb % kTileN) * ldb + cb / kTileN + kt0 * kTileK;
  const int b_kt = kTileK;
#define TYCUTE_B_AT(d) ((d) % kTileN * ldb + (d) / kTileN)
#endif
  // rows of A (B) left from the thread's first row, and k left from its first column (of k-tile kt0)
  const int rowsA = M - m0 - ca % kTileM, rowsB = N - n0 - cb % kTileN;
  const int colsA = K - ca / kTileM - kt0 * kTileK, colsB = K - cb / kTileN - kt0 * kTileK;
  // (ktfull: KTfull, from a register in the prologue and from s_kt in the mainloop)
  auto load_tile = [&](int kt, int stage, int ktfull) {
    const sm80_ab_t* a = gA + kt * a_kt;
    const sm80_ab_t* b = gB + kt * b_kt;
    const unsigned a_st = sA_g + kSm80ElemBytes * stage * kStageElemsA, b_st = sB_g + kSm80ElemBytes * stage * kStageElemsB;
    if (!kResidue || kt < ktfull) {
#pragma unroll
      for (int i = 0; i < kG2SCopiesA; ++i) {
        const int d = TYCUTE_CLOSED_FORM(tAcA, i * kVec, 0, ca_d);
        sm80_g2s(a_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tAsA, i * kVec, 0, sa_d), a + TYCUTE_A_AT(d));
      }
#pragma unroll
      for (int i = 0; i < kG2SCopiesB; ++i) {
        const int d = TYCUTE_CLOSED_FORM(tBcB, i * kVec, 0, cb_d);
        sm80_g2s(b_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tBsB, i * kVec, 0, sb_d), b + TYCUTE_B_AT(d));
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
        sm80_g2s_zfill(a_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tAsA, i * kVec, 0, sa_d), in ? a + TYCUTE_A_AT(d) : A, in ? bytes : 0);
#else
        const bool in = d % kTileM < rowsA && d / kTileM < ka;
        sm80_g2s_zfill(a_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tAsA, i * kVec, 0, sa_d), in ? a + TYCUTE_A_AT(d) : A, in ? kG2SBytes : 0);
#endif
      }
#pragma unroll
      for (int i = 0; i < kG2SCopiesB; ++i) {
        const int d = TYCUTE_CLOSED_FORM(tBcB, i * kVec, 0, cb_d);
#if TYCUTE_SM80_B_MN_MAJOR
        const bool in = d % kTileN < rowsB && d / kTileN < kb;
        const int bytes = d % kTileN + kVec <= rowsB ? kG2SBytes : (rowsB - d % kTileN) * (kG2SBytes / kVec);
        sm80_g2s_zfill(b_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tBsB, i * kVec, 0, sb_d), in ? b + TYCUTE_B_AT(d) : B, in ? bytes : 0);
#else
        const bool in = d % kTileN < rowsB && d / kTileN < kb;
        sm80_g2s_zfill(b_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tBsB, i * kVec, 0, sb_d), in ? b + TYCUTE_B_AT(d) : B, in ? kG2SBytes : 0);
#endif
      }
    }
  };
#undef TYCUTE_A_AT
#undef TYCUTE_B_AT

  // S2R: this thread's ldmatrix rows (offset + the swizzle's per-thread strides); copy i of the
  // stage is element i * kVec of tXsA0, in the order (MMA_M, MMA_K)
  const int xa = tXsA0_offset[t], xb = tXsB0_offset[t];
  TYCUTE_DSTRIDES(tXsA0, xa_d, t)
  TYCUTE_DSTRIDES(tXsB0, xb_d, t)
  constexpr int kCopiesPerKA = kS2RCopiesA / kMmaK, kCopiesPerKB = kS2RCopiesB / kMmaK;
  unsigned fa[2][kRegsAPerK], fb[2][kRegsBPerK];
  auto load_frags = [&](int buf, int stage, int kb) {
    const unsigned a_st = sA_u + kSm80ElemBytes * stage * kStageElemsA, b_st = sB_u + kSm80ElemBytes * stage * kStageElemsB;
#pragma unroll
    for (int j = 0; j < kCopiesPerKA; ++j) {
      const int i = j + kCopiesPerKA * kb;
      sm80_s2r_a(a_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tXsA0, i * kVec, xa, xa_d), fa[buf][kS2RFragAk[j][0]], fa[buf][kS2RFragAk[j][1]],
                 fa[buf][kS2RFragAk[j][2]], fa[buf][kS2RFragAk[j][3]]);
    }
#pragma unroll
    for (int j = 0; j < kCopiesPerKB; ++j) {
      const int i = j + kCopiesPerKB * kb;
      sm80_s2r_b(b_st + kSm80ElemBytes * TYCUTE_CLOSED_FORM(tXsB0, i * kVec, xb, xb_d), fb[buf][kS2RFragBk[j][0]], fb[buf][kS2RFragBk[j][1]],
                 fb[buf][kS2RFragBk[j][2]], fb[buf][kS2RFragBk[j][3]]);
    }
  };

#pragma unroll
  for (int f = 0; f < kAccumulators / kSm80AccPerReg; ++f) acc[f] = 0;

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
    arch::cp_async_commit();
  }
  int read = 0, write = kStages - 1;
  arch::cp_async_wait<kStages - 2>();
  __syncthreads();
  load_frags(0, read, 0);

  for (int kt = 0; kt < kt_count(); ++kt) {
#pragma unroll
    for (int kb = 0; kb < kMmaK; ++kb) {
      if (kb == kMmaK - 1) {
        // the next k-tile's stage: wait for it, and let every thread finish reading this one
        read = read + 1 == kStages ? 0 : read + 1;
        arch::cp_async_wait<kStages - 2>();
        __syncthreads();
      }
      // fragments of the next k-block (of the next k-tile after the last k-block)
      load_frags((kb + 1) & 1, read, (kb + 1) % kMmaK);
      if (kb == 0) {
        // refill the stage every thread finished reading before the last barrier
        const int nt = kt + kStages - 1;
        if (nt < kt_count()) load_tile(nt, write, kResidue ? kt_full() : 0);
        arch::cp_async_commit();
        write = write + 1 == kStages ? 0 : write + 1;
      }
#pragma unroll
      for (int m = 0; m < kMmaM; ++m)
#pragma unroll
        for (int n = 0; n < kMmaN; ++n) sm80_mma(acc + kFragC[m][n] / kSm80AccPerReg, fa[kb & 1] + kFragAk[0][m], fb[kb & 1] + kFragBk[0][n]);
    }
  }
  arch::cp_async_wait_all();
}

}  // namespace gemm
}  // namespace tycute
