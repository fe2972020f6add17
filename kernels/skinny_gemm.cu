// tycute's GEMM for decode-sized M (issue 21): D = alpha * A * B^T + beta * C with M <= 64, A (M,K)
// and B (N,K) K-major 16-bit (fp16 or bf16), fp32 accumulation, C and D (M,N) row-major of the
// same element. At such an M the work is reading B once: a tile of 128 rows of M (the sm90
// kernel's) computes 8 to 128 times the rows it keeps and splits K through partial sums the size
// of that tile. Here the MMA's 16 rows are M (four m16 tiles of them above 16 rows), and each warp
// streams rows of B straight from global memory into registers: no shared memory on the way in, no
// TMA, B's bytes read once.
//
// The MMA is SM80_16x8x16 (mma.sync m16n8k16, .row.col, fp32 accumulators: the atom's text from
// the sm80 TN configuration's header of the element type, TYCUTE_<config>_MMA_PTX). Its fragments
// (the atom's thread-value layouts; g = lane / 4, c = lane % 4): A registers a0 (row g, k 2c and
// 2c + 1), a1 (row g + 8, the same k), a2 (row g, k 2c + 8, 2c + 9), a3 (row g + 8, those);
// B registers b0 (k 2c, 2c + 1 of column g), b1 (k 2c + 8, 2c + 9); accumulators c0, c1 (row g,
// columns 2c, 2c + 1), c2, c3 (row g + 8). A sum over k does not care which k the MMA calls
// which, as long as A and B agree: lane (g, c) loads 16-byte pieces, 8 consecutive k each (piece
// v of a chunk at k 8 kVec c + 8v), of A's rows g and g + 8 and of B's row g, and each piece's two
// MMAs take its k in that order (MMA s, slots 2c, 2c + 1 = the piece's k 4s, 4s + 1; slots
// 2c + 8, 2c + 9 = its k 4s + 2, 4s + 3): A and B get the same k at the same slots, so every
// product pairs A(m, k) with B(n, k).
//
// A CTA of kWarps warps takes kCols = 32 columns of D (four n8 MMA tiles): its warps split K,
// warp w the chunks w, w + kWarps, ... (a chunk is 32 kVec k: each lane loads kVec 16-byte pieces
// of a row, 16 k with kVec = 2, so that a row's four lanes read 128 contiguous bytes), in groups
// of kUnroll chunks, the next group's loads in flight while this one's MMAs run (two groups of
// registers); the warps' sums meet in shared memory, an m16 tile at a time, in a fixed order, and
// the CTA's threads write alpha * sum + beta * C, rows < M and columns < N only. Rows of A at or past M are zeros (not loaded), as are k at or past K
// (K a multiple of 8: each lane's 8 k are all inside or all outside).
//
// Needs: 1 <= M <= 64, K a multiple of 8, lda and ldb multiples of 8 and A, B 16-byte aligned
// (16-byte loads); any N, ldc, ldd (the host checks: tycute_gemm::skinny).
// Build: -DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_F16|TYCUTE_ELEMENT_BF16 (default fp16); tuning
// knobs of the M <= 16 entry point (docs/perf.md measures them): TYCUTE_SKINNY_VEC (16-byte pieces
// a lane per row and chunk, 2), TYCUTE_SKINNY_UNROLL (chunks a group, 1), TYCUTE_SKINNY_MIN_BLOCKS
// (its launch bounds' CTAs per SM, 1).
// Entry points: skinny_gemm_tn (M <= 16: one m16 tile) and skinny_gemm_tn_m64 (M <= 64: four);
// grid ceil(N / 32) CTAs of kWarps * 32 = 256 threads, no dynamic shared memory.
//
// tycute-arch: sm_80 sm_90a
// tycute-sass sm_80: HMMA.16816.F32 LDG.E.128
// tycute-sass sm_90a: HMMA.16816.F32 LDG.E.128
// tycute-variant: -DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_F16
// tycute-variant: -DTYCUTE_SKINNY_ELEMENT=TYCUTE_ELEMENT_BF16
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/arch/mma_sync.cuh"

#ifndef TYCUTE_SKINNY_ELEMENT
#define TYCUTE_SKINNY_ELEMENT TYCUTE_ELEMENT_F16
#endif

// the MMA atom's instruction text, from the sm80 TN configuration of the element type
#if TYCUTE_SKINNY_ELEMENT == TYCUTE_ELEMENT_BF16
#include "sm80_tn_128x256_bf16.h"
#define TYCUTE_SKINNY_MMA_PTX TYCUTE_sm80_tn_128x256_bf16_MMA_PTX
#elif TYCUTE_SKINNY_ELEMENT == TYCUTE_ELEMENT_F16
#include "sm80_tn_128x256.h"
#define TYCUTE_SKINNY_MMA_PTX TYCUTE_sm80_tn_128x256_MMA_PTX
#else
#error "TYCUTE_SKINNY_ELEMENT: TYCUTE_ELEMENT_F16 or TYCUTE_ELEMENT_BF16"
#endif

namespace tycute {
namespace skinny {

constexpr int kElement = TYCUTE_SKINNY_ELEMENT;
constexpr int kWarps = 8;                      // warps of a CTA, each a share of K
constexpr int kThreads = kWarps * 32;
constexpr int kTiles = 4;                      // n8 MMA tiles of a warp
constexpr int kCols = 8 * kTiles;              // columns of D per CTA
#ifndef TYCUTE_SKINNY_VEC
#define TYCUTE_SKINNY_VEC 2
#endif
// 16-byte loads of a lane per row and chunk (a chunk is 4 lanes x 8 kVec k): for one m16 tile,
// and for four
constexpr int kVec16 = TYCUTE_SKINNY_VEC;
constexpr int kVec64 = 1;
#ifndef TYCUTE_SKINNY_UNROLL
#define TYCUTE_SKINNY_UNROLL 1
#endif
// chunks a group (two groups' loads in flight): for one m16 tile, and for four (their A loads
// take the registers a deeper group would)
constexpr int kUnroll16 = TYCUTE_SKINNY_UNROLL;
constexpr int kUnroll64 = 1;

// 16 bytes at p, or zeros
__device__ __forceinline__ uint4 load16(const void* p, bool ok) {
  uint4 v = make_uint4(0u, 0u, 0u, 0u);
  if (ok) asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];\n" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}

// One chunk's loads: A's rows 16i + g and 16i + g + 8 of each m16 tile i, B's row g of each n8
// tile, at k = k0 + 8c.
template <int kMTiles, int kVec>
struct Chunk {
  uint4 a[kMTiles][2][kVec], b[kTiles][kVec];
};

// The kernel for M <= 16 kMTiles: kMTiles m16 tiles (rows 16i .. 16i + 15), each MMA'd with every
// n8 tile; see the file's head. `sums` holds one m16 tile of every warp's sums at a time.
template <int kMTiles, int kUnroll, int kVec>
__device__ __forceinline__ void gemm(const unsigned short* __restrict__ A, const unsigned short* __restrict__ B, const unsigned short* C,
                                     unsigned short* D, int M, int N, int K, long long lda, long long ldb, long long ldc, long long ldd,
                                     float alpha, float beta, float (&sums)[kWarps][16][kCols + 1]) {
  constexpr int kChunk = 32 * kVec;  // k per chunk
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, g = lane / 4, c = lane % 4;
  const int n0 = blockIdx.x * kCols;
  // this lane's rows of A (zeros past M) and of B (row n0 + 8t + g; zeros past N)
  const unsigned short* pa[kMTiles][2];
  bool ra[kMTiles][2];
#pragma unroll
  for (int i = 0; i < kMTiles; ++i)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int row = 16 * i + 8 * h + g;
      ra[i][h] = row < M;
      pa[i][h] = A + (long long)(ra[i][h] ? row : 0) * lda + 8 * kVec * c;
    }
  const unsigned short* pb[kTiles];
  bool rb[kTiles];
#pragma unroll
  for (int t = 0; t < kTiles; ++t) {
    const int n = n0 + 8 * t + g;
    rb[t] = n < N;
    pb[t] = B + (long long)(rb[t] ? n : 0) * ldb + 8 * kVec * c;
  }
  float acc[kMTiles][kTiles][4];
#pragma unroll
  for (int i = 0; i < kMTiles; ++i)
#pragma unroll
    for (int t = 0; t < kTiles; ++t) acc[i][t][0] = acc[i][t][1] = acc[i][t][2] = acc[i][t][3] = 0.f;
  const int chunks = (K + kChunk - 1) / kChunk;
  // warp w: chunks w, w + kWarps, ...; a group is kUnroll of them, and the next group's loads are
  // issued before this group's MMAs (registers double-buffered), so that a warp keeps 2 kUnroll
  // chunks of B in flight while its tensor cores work
  const auto load_group = [&](Chunk<kMTiles, kVec> (&ch)[kUnroll], int q0) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int q = q0 + u * kWarps;
#pragma unroll
      for (int v = 0; v < kVec; ++v) {
        const int k = q * kChunk + 8 * kVec * c + 8 * v;
        const bool in = q < chunks && k < K;
        const long long off = (long long)q * kChunk + 8 * v;
#pragma unroll
        for (int i = 0; i < kMTiles; ++i)
#pragma unroll
          for (int h = 0; h < 2; ++h) ch[u].a[i][h][v] = load16(pa[i][h] + off, in && ra[i][h]);
#pragma unroll
        for (int t = 0; t < kTiles; ++t) ch[u].b[t][v] = load16(pb[t] + off, in && rb[t]);
      }
    }
  };
  const auto mma_group = [&](const Chunk<kMTiles, kVec> (&ch)[kUnroll]) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
#pragma unroll
      for (int v = 0; v < kVec; ++v)
#pragma unroll
        for (int i = 0; i < kMTiles; ++i) {
          // MMA s of load v takes its k 4s .. 4s + 3: registers 2s and 2s + 1 of each load
          const uint4 lo = ch[u].a[i][0][v], hi = ch[u].a[i][1][v];
          const unsigned a_s0[4] = {lo.x, hi.x, lo.y, hi.y};
          const unsigned a_s1[4] = {lo.z, hi.z, lo.w, hi.w};
#pragma unroll
          for (int t = 0; t < kTiles; ++t) {
            const unsigned b_s0[2] = {ch[u].b[t][v].x, ch[u].b[t][v].y};
            const unsigned b_s1[2] = {ch[u].b[t][v].z, ch[u].b[t][v].w};
            TYCUTE_MMA_16816_F32(TYCUTE_SKINNY_MMA_PTX, acc[i][t], a_s0, b_s0);
            TYCUTE_MMA_16816_F32(TYCUTE_SKINNY_MMA_PTX, acc[i][t], a_s1, b_s1);
          }
        }
  };
  constexpr int kStep = kWarps * kUnroll;
  Chunk<kMTiles, kVec> cur[kUnroll], nxt[kUnroll];
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
#pragma unroll
    for (int t = 0; t < kTiles; ++t)
#pragma unroll
      for (int r = 0; r < 4; ++r) sums[warp][g + 8 * (r / 2)][8 * t + 2 * c + r % 2] = acc[i][t][r];
    __syncthreads();
    for (int e = threadIdx.x; e < 16 * kCols; e += kThreads) {
      const int row = 16 * i + e / kCols, col = e % kCols, n = n0 + col;
      if (row >= M || n >= N) continue;
      float s = 0.f;
#pragma unroll
      for (int w = 0; w < kWarps; ++w) s += sums[w][e / kCols][col];
      float d = alpha * s;
      if (beta != 0.f) d += beta * arch::to_float<kElement>(C[(long long)row * ldc + n]);
      D[(long long)row * ldd + n] = arch::from_float<kElement>(d);
    }
  }
}

}  // namespace skinny
}  // namespace tycute

#ifndef TYCUTE_SKINNY_MIN_BLOCKS
#define TYCUTE_SKINNY_MIN_BLOCKS 1
#endif
// M <= 16: one m16 tile
extern "C" __global__ void __launch_bounds__(tycute::skinny::kThreads, TYCUTE_SKINNY_MIN_BLOCKS)
    skinny_gemm_tn(const unsigned short* __restrict__ A, const unsigned short* __restrict__ B, const unsigned short* C, unsigned short* D, int M, int N,
                   int K, long long lda, long long ldb, long long ldc, long long ldd, float alpha, float beta) {
  __shared__ float sums[tycute::skinny::kWarps][16][tycute::skinny::kCols + 1];
  tycute::skinny::gemm<1, tycute::skinny::kUnroll16, tycute::skinny::kVec16>(A, B, C, D, M, N, K, lda, ldb, ldc, ldd, alpha, beta, sums);
}

// 16 < M <= 64: four m16 tiles (each load of B feeds four times the MMAs)
extern "C" __global__ void __launch_bounds__(tycute::skinny::kThreads, 1)
    skinny_gemm_tn_m64(const unsigned short* __restrict__ A, const unsigned short* __restrict__ B, const unsigned short* C, unsigned short* D, int M,
                       int N, int K, long long lda, long long ldb, long long ldc, long long ldd, float alpha, float beta) {
  __shared__ float sums[tycute::skinny::kWarps][16][tycute::skinny::kCols + 1];
  tycute::skinny::gemm<4, tycute::skinny::kUnroll64, tycute::skinny::kVec64>(A, B, C, D, M, N, K, lda, ldb, ldc, ldd, alpha, beta, sums);
}
