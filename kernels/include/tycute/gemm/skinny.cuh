// tycute device library, GEMM layer: the decode-sized GEMM's body (kernels/skinny_gemm.cu for 16-bit
// A and B, kernels/skinny_gemm_fp8.cu for fp8), D = alpha * A * B^T + beta * C with M <= 64, A (M,K)
// and B (N,K) K-major, fp32 accumulation, C and D (M,N) row-major 16-bit. At such an M the work is
// reading B once: the MMA's 16 rows are M (four m16 tiles of them above 16 rows), and each warp
// streams rows of B straight from global memory into registers: no shared memory on the way in, no
// TMA, B's bytes read once.
//
// The MMA is an m16n8 mma.sync with fp32 accumulators whose A is 4 and B 2 32-bit registers, each
// register 4 bytes of k of one row (the policy's: m16n8k16 on 16-bit elements, two k a register;
// m16n8k32 on fp8, four). Its fragments (g = lane / 4, c = lane % 4): A registers a0 (row g, the
// register's k at slot c), a1 (row g + 8, the same k), a2 (row g, the next slot's k), a3 (row
// g + 8, those); B registers b0 (column g, a0's k), b1 (column g, a2's k); accumulators c0, c1 (row
// g, columns 2c, 2c + 1), c2, c3 (row g + 8). A sum over k does not care which k the MMA calls
// which, as long as A and B agree: lane (g, c) loads 16-byte pieces (kKPiece consecutive k each, 8
// 16-bit or 16 fp8; piece v of a chunk at k kKPiece (kVec c + v)) of A's rows g and g + 8 and of
// B's row g, and MMA s of a piece takes its registers 2s and 2s + 1 as slots (c, c + 4 of the
// k-slots): A and B get the same k at the same slots, so every product pairs A(m, k) with B(n, k).
//
// A CTA of kWarps warps takes kCols = 32 columns of D (four n8 MMA tiles; kT of them, 8 kT columns,
// in the body's template: the _n16 entry points take two): its warps split K,
// warp w the chunks w, w + kWarps, ... (a chunk is 4 lanes x kVec pieces of a row: a row's four
// lanes read 64 kVec contiguous bytes), in groups of kUnroll chunks, the next group's loads in
// flight while this one's MMAs run (two groups of registers); the warps' sums meet in shared
// memory, an m16 tile at a time, in a fixed order, and the CTA's threads write alpha * sum + beta *
// C, rows < M and columns < N only. Rows of A at or past M are zeros (not loaded), as are k at or
// past K (K a multiple of kKPiece: each lane's piece is all inside or all outside).
//
// M <= 8 (the entry points of one m16 tile, where the policy's kSwapSmallM asks it, unless built
// with -DTYCUTE_SKINNY_SWAP=0) swaps the MMA's operands: B's rows are its 16 rows (n8 tiles 2j and 2j + 1 of the CTA as m16 tile j: the
// lane's rows g and g + 8) and A's rows its 8 columns (A's row g, the lane's B register), the same
// registers at the same k-slots; D's column 16j + g (+ 8) and row 2c (+ 1) are then the
// accumulators. Half the MMAs of the unswapped body, whose 16 rows would be 8 or more rows of
// zeros (and, for fp8 on sm_90a, whose A conversions ptxas runs for all 16), for the same loads.
// The fp8 policy asks it (1.05x at M = 1 on the H200); the 16-bit one does not (0.99x: its loads
// bound it, not its MMAs), docs/perf.md "Decode-sized M <= 8: the MMA's operands swapped".
//
// The policy P: ab_t (A's and B's storage unit: 16-bit elements, or bytes), kKPiece (k per 16
// bytes), kElementCD (C's and D's element code, tycute/arch/convert.cuh), kSwapSmallM (the swapped
// MMA for M <= 8, above) and
// mma(c, a, b) (the instruction).
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/arch/mma_sync.cuh"

namespace tycute {
namespace skinny {

constexpr int kWarps = 8;  // warps of a CTA, each a share of K (the entry points' default)
constexpr int kThreads = kWarps * 32;
constexpr int kTiles = 4;          // n8 MMA tiles of a warp
constexpr int kCols = 8 * kTiles;  // columns of D per CTA

// 16 bytes at p, or zeros
__device__ __forceinline__ uint4 load16(const void* p, bool ok) {
  uint4 v = make_uint4(0u, 0u, 0u, 0u);
  if (ok) asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];\n" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}

// One chunk's loads: A's rows 16i + g and 16i + g + 8 of each m16 tile i, B's row g of each n8
// tile, at k = k0 + kKPiece kVec c.
template <int kMTiles, int kVec, int kT>
struct Chunk {
  uint4 a[kMTiles][2][kVec], b[kT][kVec];
};

// The body for M <= 16 kMTiles: kMTiles m16 tiles (rows 16i .. 16i + 15), each MMA'd with every
// n8 tile, by a CTA of kW warps; see the file's head. `sums` holds one m16 tile of every warp's
// sums at a time. (kW = 4: half the registers of a CTA, so that two CTAs share an SM and a grid of
// up to twice the SMs runs in one wave.)
template <class P, int kMTiles, int kUnroll, int kVec, int kW = kWarps, int kT = kTiles, bool kSwap = false>
__device__ __forceinline__ void gemm(const typename P::ab_t* __restrict__ A, const typename P::ab_t* __restrict__ B, const unsigned short* C,
                                     unsigned short* D, int M, int N, int K, long long lda, long long ldb, long long ldc, long long ldd,
                                     float alpha, float beta, float (&sums)[kW][16][8 * kT + 1]) {
  constexpr int kC = 8 * kT;  // columns of D of this CTA
  using ab_t = typename P::ab_t;
  constexpr int kPiece = P::kKPiece;
  constexpr int kChunk = 4 * kPiece * kVec;  // k per chunk
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, g = lane / 4, c = lane % 4;
  const int n0 = blockIdx.x * kC;
  // this lane's rows of A (zeros past M) and of B (row n0 + 8t + g; zeros past N)
  const ab_t* pa[kMTiles][2];
  bool ra[kMTiles][2];
#pragma unroll
  for (int i = 0; i < kMTiles; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int row = 16 * i + 8 * h + g;
      ra[i][h] = row < M;
      pa[i][h] = A + (long long)(ra[i][h] ? row : 0) * lda + kPiece * kVec * c;
    }
  const ab_t* pb[kT];
  bool rb[kT];
#pragma unroll
  for (int t = 0; t < kT; ++t) {
    const int n = n0 + 8 * t + g;
    rb[t] = n < N;
    pb[t] = B + (long long)(rb[t] ? n : 0) * ldb + kPiece * kVec * c;
  }
  float acc[kMTiles][kT][4];
#pragma unroll
  for (int i = 0; i < kMTiles; ++i)
#pragma unroll
    for (int t = 0; t < kT; ++t) acc[i][t][0] = acc[i][t][1] = acc[i][t][2] = acc[i][t][3] = 0.f;
  const int chunks = (K + kChunk - 1) / kChunk;
  // warp w: chunks w, w + kW, ...; a group is kUnroll of them, and the next group's loads are
  // issued before this group's MMAs (registers double-buffered), so that a warp keeps 2 kUnroll
  // chunks of B in flight while its tensor cores work
  const auto load_group = [&](Chunk<kMTiles, kVec, kT> (&ch)[kUnroll], int q0) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int q = q0 + u * kW;
#pragma unroll
      for (int v = 0; v < kVec; ++v) {
        const int k = q * kChunk + kPiece * kVec * c + kPiece * v;
        const bool in = q < chunks && k < K;
        const long long off = (long long)q * kChunk + kPiece * v;
#pragma unroll
        for (int i = 0; i < kMTiles; ++i)
#pragma unroll
          for (int h = 0; h < 2; ++h) ch[u].a[i][h][v] = load16(pa[i][h] + off, in && ra[i][h]);
#pragma unroll
        for (int t = 0; t < kT; ++t) ch[u].b[t][v] = load16(pb[t] + off, in && rb[t]);
      }
    }
  };
  static_assert(!kSwap || (kMTiles == 1 && kT % 2 == 0), "the swapped MMA: one m16 tile of A's rows, pairs of n8 tiles of B");
  const auto mma_group = [&](const Chunk<kMTiles, kVec, kT> (&ch)[kUnroll]) {
    if constexpr (kSwap) {
      // M <= 8: B's rows are the MMA's 16 rows (n8 tiles 2j and 2j + 1: rows g and g + 8 of m16
      // tile j) and A's rows 0..7 its 8 columns (A's row g, the lane's B register), the same
      // pieces at the same k-slots as below; half the MMAs, none of them on rows of A past 8
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
#pragma unroll
        for (int v = 0; v < kVec; ++v) {
          const uint4 x = ch[u].a[0][0][v];
          const unsigned b_s0[2] = {x.x, x.y};
          const unsigned b_s1[2] = {x.z, x.w};
#pragma unroll
          for (int j = 0; j < kT / 2; ++j) {
            const uint4 lo = ch[u].b[2 * j][v], hi = ch[u].b[2 * j + 1][v];
            const unsigned a_s0[4] = {lo.x, hi.x, lo.y, hi.y};
            const unsigned a_s1[4] = {lo.z, hi.z, lo.w, hi.w};
            P::mma(acc[0][j], a_s0, b_s0);
            P::mma(acc[0][j], a_s1, b_s1);
          }
        }
      return;
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
#pragma unroll
      for (int v = 0; v < kVec; ++v)
#pragma unroll
        for (int i = 0; i < kMTiles; ++i) {
          // MMA s of load v takes its registers 2s and 2s + 1
          const uint4 lo = ch[u].a[i][0][v], hi = ch[u].a[i][1][v];
          const unsigned a_s0[4] = {lo.x, hi.x, lo.y, hi.y};
          const unsigned a_s1[4] = {lo.z, hi.z, lo.w, hi.w};
#pragma unroll
          for (int t = 0; t < kT; ++t) {
            const unsigned b_s0[2] = {ch[u].b[t][v].x, ch[u].b[t][v].y};
            const unsigned b_s1[2] = {ch[u].b[t][v].z, ch[u].b[t][v].w};
            P::mma(acc[i][t], a_s0, b_s0);
            P::mma(acc[i][t], a_s1, b_s1);
          }
        }
  };
  constexpr int kStep = kW * kUnroll;
  Chunk<kMTiles, kVec, kT> cur[kUnroll], nxt[kUnroll];
  load_group(cur, warp);
  for (int q0 = warp; q0 < chunks; q0 += 2 * kStep) {
    load_group(nxt, q0 + kStep);
    mma_group(cur);
    if (q0 + kStep >= chunks) break;
    load_group(cur, q0 + 2 * kStep);
    mma_group(nxt);
  }
  // the warps' sums, an m16 tile at a time: accumulator (i, t, r) of lane (g, c) is row 16i + g
  // (+ 8 for r >= 2), column 8t + 2c + r % 2; summed over the warps in order (the result does not
  // depend on timing), then alpha * sum + beta * C for rows < M, columns < N
#pragma unroll
  for (int i = 0; i < kMTiles; ++i) {
    if (16 * i >= M) break;
    if (i > 0) __syncthreads();  // (the last tile's sums are read)
    if constexpr (kSwap) {
      // swapped: accumulator (0, j, r) is column 16j + g (+ 8 for r >= 2) of D, row 2c + r % 2
#pragma unroll
      for (int j = 0; j < kT / 2; ++j)
#pragma unroll
        for (int r = 0; r < 4; ++r) sums[warp][2 * c + r % 2][16 * j + g + 8 * (r / 2)] = acc[0][j][r];
    } else {
#pragma unroll
      for (int t = 0; t < kT; ++t)
#pragma unroll
        for (int r = 0; r < 4; ++r) sums[warp][g + 8 * (r / 2)][8 * t + 2 * c + r % 2] = acc[i][t][r];
    }
    __syncthreads();
    for (int e = threadIdx.x; e < 16 * kC; e += kW * 32) {
      const int row = 16 * i + e / kC, col = e % kC, n = n0 + col;
      if (row >= M || n >= N) continue;
      float s = 0.f;
#pragma unroll
      for (int w = 0; w < kW; ++w) s += sums[w][e / kC][col];
      float d = alpha * s;
      if (beta != 0.f) d += beta * arch::to_float<P::kElementCD>(C[(long long)row * ldc + n]);
      D[(long long)row * ldd + n] = arch::from_float<P::kElementCD>(d);
    }
  }
}

}  // namespace skinny
}  // namespace tycute

// Whether the entry points of one m16 tile run the swapped MMA for M <= 8 (B's rows the MMA's 16,
// A's 8 rows its 8 columns: half the MMAs); 0 builds the unswapped body alone.
#ifndef TYCUTE_SKINNY_SWAP
#define TYCUTE_SKINNY_SWAP 1
#endif

// An entry point NAME of the body: A and B of the policy's storage unit, C and D 16-bit, the
// host's one signature (tycute_gemm::skinny launches every entry point alike); CTAs of WARPS
// warps, at least MIN_BLOCKS of them a SM, each N_TILES n8 tiles (8 N_TILES columns of D) wide.
#define TYCUTE_SKINNY_ENTRY_N(NAME, POLICY, M_TILES, UNROLL, VEC, WARPS, MIN_BLOCKS, N_TILES)                            \
  extern "C" __global__ void __launch_bounds__((WARPS) * 32, MIN_BLOCKS)                                              \
      NAME(const POLICY::ab_t* __restrict__ A, const POLICY::ab_t* __restrict__ B, const unsigned short* C, unsigned short* D, \
           int M, int N, int K, long long lda, long long ldb, long long ldc, long long ldd, float alpha, float beta) {         \
    __shared__ float sums[WARPS][16][8 * (N_TILES) + 1];                                                                \
    if constexpr (TYCUTE_SKINNY_SWAP && POLICY::kSwapSmallM && (M_TILES) == 1) {                                       \
      if (M <= 8) {                                                                                                     \
        tycute::skinny::gemm<POLICY, 1, UNROLL, VEC, WARPS, N_TILES, true>(A, B, C, D, M, N, K, lda, ldb, ldc, ldd, alpha, beta, sums); \
        return;                                                                                                         \
      }                                                                                                                 \
    }                                                                                                                   \
    tycute::skinny::gemm<POLICY, M_TILES, UNROLL, VEC, WARPS, N_TILES>(A, B, C, D, M, N, K, lda, ldb, ldc, ldd, alpha, beta, sums); \
  }
// The same, kCols = 32 columns of D a CTA.
#define TYCUTE_SKINNY_ENTRY(NAME, POLICY, M_TILES, UNROLL, VEC, WARPS, MIN_BLOCKS) \
  TYCUTE_SKINNY_ENTRY_N(NAME, POLICY, M_TILES, UNROLL, VEC, WARPS, MIN_BLOCKS, tycute::skinny::kTiles)
