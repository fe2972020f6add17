// tycute's attention forward for sm90 (issue 22), first form: O = softmax(Q Kᵀ · scale) V and the
// log-sum-exp of each row, for Q, K, V and O in (batch, heads, seq, head dim) order, 16-bit elements
// (bf16 or fp16), head dim 64 or 128, causal (top-left, seq_q = seq_k) or not.
//
// A CTA takes a 128-row block of Q of one (batch, head): a producer warpgroup loads Q once and K, V
// by 128-row blocks through TMA into a ring of two stages; two consumer warpgroups take 64 rows of
// Q each and, per block of K and V:
//   S = Q Kᵀ   wgmma m64n128k16, A (Q) and B (K) from shared memory, both K-major (head dim);
//   online softmax on S's accumulator, in place: a row of S is held by the four lanes of a quad
//              (two rows per thread: r and r + 8), so row maxima and sums take two shuffles;
//   O += P V   wgmma m64nDk16 with A = P from registers: the accumulator of S re-viewed as the
//              m64k16 A fragments (for 16-bit types a pure re-view: the packing of two
//              accumulator registers into one A register; crates/tycute-attention proves it on
//              the types), B = V MN-major (V's rows are K of this product, its head dim is N).
// Then O / l and the log-sum-exp (natural log) are written from registers.
//
// The tile sizes, swizzle and descriptor values are the closed forms of the layouts the kernel
// uses (128-byte swizzled K-major Q and K, MN-major V: the same values the GEMM's headers carry
// for such operands, kGmma{Lbo,Sbo}{A,B}_{K,MN}); they move to an emitted header next.
//
// Build: -DTYCUTE_ATTN_HDIM=64|128 (default 128), -DTYCUTE_ATTN_ELEMENT=TYCUTE_ELEMENT_BF16|F16.
// Entry point: attention_sm90_fwd (below); grid (ceil(seq_q / 128), heads, batch), 384 threads,
// kAttnSmemBytes of dynamic shared memory.
//
// tycute-arch: sm_90a
// tycute-sass sm_90a: HGMMA.64x128x16.F32 UTMALDG MUFU.EX2
// tycute-variant: -DTYCUTE_ATTN_HDIM=128 -DTYCUTE_ATTN_ELEMENT=TYCUTE_ELEMENT_BF16
// tycute-variant: -DTYCUTE_ATTN_HDIM=64 -DTYCUTE_ATTN_ELEMENT=TYCUTE_ELEMENT_BF16
// tycute-variant: -DTYCUTE_ATTN_HDIM=128 -DTYCUTE_ATTN_ELEMENT=TYCUTE_ELEMENT_F16
// tycute-variant: -DTYCUTE_ATTN_HDIM=64 -DTYCUTE_ATTN_ELEMENT=TYCUTE_ELEMENT_F16
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/arch/fence.cuh"
#include "tycute/arch/mbarrier.cuh"
#include "tycute/arch/setmaxnreg.cuh"
#include "tycute/arch/smem.cuh"
#include "tycute/arch/tma.cuh"
#include "tycute/arch/wgmma.cuh"

#ifndef TYCUTE_ATTN_HDIM
#define TYCUTE_ATTN_HDIM 128
#endif
#ifndef TYCUTE_ATTN_ELEMENT
#define TYCUTE_ATTN_ELEMENT TYCUTE_ELEMENT_BF16
#endif

#if TYCUTE_ATTN_ELEMENT == TYCUTE_ELEMENT_BF16
#define TYCUTE_ATTN_AB ".f32.bf16.bf16"
#elif TYCUTE_ATTN_ELEMENT == TYCUTE_ELEMENT_F16
#define TYCUTE_ATTN_AB ".f32.f16.f16"
#else
#error "TYCUTE_ATTN_ELEMENT: bf16 or fp16"
#endif

#if TYCUTE_ATTN_HDIM == 128
#define TYCUTE_ATTN_PV_PTX "wgmma.mma_async.sync.aligned.m64n128k16" TYCUTE_ATTN_AB
#define TYCUTE_ATTN_PV_ACC 64
#elif TYCUTE_ATTN_HDIM == 64
#define TYCUTE_ATTN_PV_PTX "wgmma.mma_async.sync.aligned.m64n64k16" TYCUTE_ATTN_AB
#define TYCUTE_ATTN_PV_ACC 32
#else
#error "TYCUTE_ATTN_HDIM: 64 or 128"
#endif
#define TYCUTE_ATTN_QK_PTX "wgmma.mma_async.sync.aligned.m64n128k16" TYCUTE_ATTN_AB
#define TYCUTE_ATTN_QK_ACC 64

namespace tycute {
namespace attention {

constexpr int kElement = TYCUTE_ATTN_ELEMENT;
constexpr int kHeadDim = TYCUTE_ATTN_HDIM;
constexpr int kBlockM = 128;  // rows of Q per CTA, 64 per consumer warpgroup
constexpr int kBlockN = 128;  // rows of K and V per step
constexpr int kStages = 2;
constexpr int kThreads = 384;  // a producer warpgroup and two consumers
constexpr int kBoxCols = 64;   // a TMA box is 64 elements (128 bytes: the swizzle's row) wide
constexpr int kBoxes = kHeadDim / kBoxCols;
// a (128 rows, head dim) tile: kBoxes boxes of (128 rows, 64 columns), each row 128 bytes
constexpr unsigned kBoxBytes = 128u * kBoxCols * 2;
constexpr unsigned kTileBytes = kBoxes * kBoxBytes;
constexpr int kSAcc = TYCUTE_ATTN_QK_ACC;  // S: 64 x 128 per warpgroup, 64 floats a thread
constexpr int kOAcc = TYCUTE_ATTN_PV_ACC;  // O: 64 x head dim per warpgroup
constexpr int kPRegs = kSAcc / 2;          // P as 16-bit pairs: the A fragments of kBlockN / 16 k-steps

// shared memory (1024-byte aligned: the swizzle acts on address bits): Q, kStages of K, kStages of
// V, then the mbarriers: Q full, K full / empty, V full / empty per stage
constexpr unsigned kOffQ = 0;
constexpr unsigned kOffK = kTileBytes;
constexpr unsigned kOffV = kOffK + kStages * kTileBytes;
constexpr unsigned kOffBars = kOffV + kStages * kTileBytes;
constexpr unsigned kBars = 1 + 4 * kStages;
}  // namespace attention
}  // namespace tycute

constexpr unsigned kAttnSmemBytes = tycute::attention::kOffBars + 8 * tycute::attention::kBars + 1024;

namespace tycute {
namespace attention {

// GMMA descriptors of 128-byte swizzled operands (layout type 1): K-major (Q, K: rows 128 bytes
// apart, 8-row groups 1024 apart; LBO unused) and MN-major (V: 8-row groups of K 1024 apart, the
// 64-wide slices of N a box apart)
__device__ __forceinline__ unsigned long long desc_k(unsigned addr) { return arch::gmma_desc<16, 1024, 1>(addr); }
__device__ __forceinline__ unsigned long long desc_mn(unsigned addr) { return arch::gmma_desc<kBoxBytes, 1024, 1>(addr); }

__device__ __forceinline__ float neg_inf() { return __int_as_float(0xff800000u); }
__device__ __forceinline__ float ex2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;\n" : "=f"(y) : "f"(x));
  return y;
}
__device__ __forceinline__ float quad_max(float x) {
  x = fmaxf(x, __shfl_xor_sync(0xffffffffu, x, 1));
  return fmaxf(x, __shfl_xor_sync(0xffffffffu, x, 2));
}
__device__ __forceinline__ float quad_sum(float x) {
  x += __shfl_xor_sync(0xffffffffu, x, 1);
  return x + __shfl_xor_sync(0xffffffffu, x, 2);
}

// the blocks of K a Q block reads: all, or (causal, top-left) those at or left of its diagonal
__device__ __forceinline__ int kv_blocks(int m_block, int seq_k, int causal) {
  const int all = (seq_k + kBlockN - 1) / kBlockN;
  if (!causal) return all;
  const int last = ((m_block + 1) * kBlockM - 1) / kBlockN + 1;
  return last < all ? last : all;
}

__device__ __forceinline__ void producer(const arch::TmaMap* tq, const arch::TmaMap* tk, const arch::TmaMap* tv, unsigned smem, int m_block, int bh,
                                         int n_blocks) {
  const unsigned bars = smem + kOffBars;
  const unsigned q_full = bars;
  arch::mbar_expect_tx(q_full, kTileBytes);
  for (int b = 0; b < kBoxes; ++b) arch::tma_load_3d(smem + kOffQ + b * kBoxBytes, tq, b * kBoxCols, m_block * kBlockM, bh, q_full);
  for (int j = 0; j < n_blocks; ++j) {
    const int s = j % kStages;
    const unsigned ph = (j / kStages) & 1;
    const unsigned k_full = bars + 8 * (1 + s), k_empty = bars + 8 * (1 + kStages + s);
    const unsigned v_full = bars + 8 * (1 + 2 * kStages + s), v_empty = bars + 8 * (1 + 3 * kStages + s);
    if (j >= kStages) arch::mbar_wait(k_empty, ph ^ 1);
    arch::mbar_expect_tx(k_full, kTileBytes);
    for (int b = 0; b < kBoxes; ++b) arch::tma_load_3d(smem + kOffK + s * kTileBytes + b * kBoxBytes, tk, b * kBoxCols, j * kBlockN, bh, k_full);
    if (j >= kStages) arch::mbar_wait(v_empty, ph ^ 1);
    arch::mbar_expect_tx(v_full, kTileBytes);
    for (int b = 0; b < kBoxes; ++b) arch::tma_load_3d(smem + kOffV + s * kTileBytes + b * kBoxBytes, tv, b * kBoxCols, j * kBlockN, bh, v_full);
  }
}

// consumer warpgroup w (0 or 1): Q rows m_block * 128 + 64 w .. + 63
__device__ __forceinline__ void consumer(int w, unsigned smem, int m_block, int bh, int n_blocks, int seq_q, int seq_k, float scale_log2,
                                         int causal, unsigned short* __restrict__ o, float* __restrict__ lse) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const unsigned bars = smem + kOffBars;
  // this thread's two rows (of the CTA's Q block) and its column pair in each 8-column group
  const int row0 = m_block * kBlockM + 64 * w + 16 * warp + lane / 4, row1 = row0 + 8;
  const int col = 2 * (lane % 4);
  float oacc[kOAcc];
#pragma unroll
  for (int i = 0; i < kOAcc; ++i) oacc[i] = 0.f;
  // running maxima (log2 units: S · scale · log2 e) and this thread's part of the sums, rows r, r + 8
  float mx0 = neg_inf(), mx1 = neg_inf(), sum0 = 0.f, sum1 = 0.f;
  arch::mbar_wait(bars, 0);
  for (int j = 0; j < n_blocks; ++j) {
    const int s = j % kStages;
    const unsigned ph = (j / kStages) & 1;
    const unsigned k_full = bars + 8 * (1 + s), k_empty = bars + 8 * (1 + kStages + s);
    const unsigned v_full = bars + 8 * (1 + 2 * kStages + s), v_empty = bars + 8 * (1 + 3 * kStages + s);
    const unsigned sK = smem + kOffK + s * kTileBytes, sV = smem + kOffV + s * kTileBytes;
    // S = Q Kᵀ: head dim / 16 k-steps; a k-step is 32 bytes along a 128-byte swizzled row
    float sacc[kSAcc];
    arch::mbar_wait(k_full, ph);
    arch::wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < kHeadDim / 16; ++kk) {
      const unsigned box = (kk / 4) * kBoxBytes, step = (kk % 4) * 32;
      const unsigned long long da = desc_k(smem + kOffQ + box + 64 * w * 128 + step), db = desc_k(sK + box + step);
      TYCUTE_WGMMA_SS(TYCUTE_ATTN_QK_PTX, TYCUTE_ATTN_QK_ACC, sacc, da, db, kk > 0 ? 1 : 0, 0, 0);
    }
    arch::wgmma_commit();
    arch::wgmma_wait<0>();
#pragma unroll
    for (int i = 0; i < kSAcc; ++i) arch::fence_operand(sacc[i]);
    if (lane == 0) arch::mbar_arrive(k_empty);  // (each warp's wgmma reads are done)
    // masks: columns past seq_k, and (causal) past the row
    const int c0 = j * kBlockN + col;
    const bool edge = c0 + kBlockN > seq_k || (causal && j * kBlockN + kBlockN - 1 > m_block * kBlockM + 64 * w);
    if (edge) {
#pragma unroll
      for (int g = 0; g < kSAcc / 4; ++g)
#pragma unroll
        for (int e = 0; e < 2; ++e) {
          const int c = c0 + 8 * g + e;
          if (c >= seq_k || (causal && c > row0)) sacc[4 * g + e] = neg_inf();
          if (c >= seq_k || (causal && c > row1)) sacc[4 * g + 2 + e] = neg_inf();
        }
    }
    // online softmax, rows r (registers 4g, 4g+1) and r + 8 (4g+2, 4g+3)
    float m0 = mx0, m1 = mx1;
#pragma unroll
    for (int g = 0; g < kSAcc / 4; ++g) {
      m0 = fmaxf(m0, fmaxf(sacc[4 * g], sacc[4 * g + 1]) * scale_log2);
      m1 = fmaxf(m1, fmaxf(sacc[4 * g + 2], sacc[4 * g + 3]) * scale_log2);
    }
    m0 = quad_max(m0), m1 = quad_max(m1);
    // (a row with nothing seen yet keeps -inf: subtract 0 there, so that exp2 gives 0, not NaN)
    const float b0 = m0 == neg_inf() ? 0.f : m0, b1 = m1 == neg_inf() ? 0.f : m1;
    const float corr0 = ex2(mx0 - b0), corr1 = ex2(mx1 - b1);
    mx0 = m0, mx1 = m1;
    sum0 *= corr0, sum1 *= corr1;
    unsigned p[kPRegs];
#pragma unroll
    for (int g = 0; g < kSAcc / 4; ++g) {
      const float p0 = ex2(sacc[4 * g] * scale_log2 - b0), p1 = ex2(sacc[4 * g + 1] * scale_log2 - b0);
      const float p2 = ex2(sacc[4 * g + 2] * scale_log2 - b1), p3 = ex2(sacc[4 * g + 3] * scale_log2 - b1);
      sum0 += p0 + p1, sum1 += p2 + p3;
      // S's accumulator as P's A fragments: k-step kk = g / 2 holds a0 = (r, cols 16kk + col),
      // a1 = (r + 8, the same), a2 = (r, 16kk + 8 + col), a3 = (r + 8, the same): registers
      // 4g..4g+3 of S are a0, a1 of k-step g / 2 for even g and a2, a3 for odd g
      p[2 * g] = arch::pack2<kElement>(p0, p1);
      p[2 * g + 1] = arch::pack2<kElement>(p2, p3);
    }
#pragma unroll
    for (int g = 0; g < kOAcc / 4; ++g) {
      oacc[4 * g] *= corr0, oacc[4 * g + 1] *= corr0;
      oacc[4 * g + 2] *= corr1, oacc[4 * g + 3] *= corr1;
    }
    // O += P V: kBlockN / 16 k-steps of 16 rows of V (2048 bytes of each box)
    arch::mbar_wait(v_full, ph);
#pragma unroll
    for (int i = 0; i < kOAcc; ++i) arch::fence_operand(oacc[i]);
    arch::wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < kBlockN / 16; ++kk) {
      const unsigned a[4] = {p[4 * kk], p[4 * kk + 1], p[4 * kk + 2], p[4 * kk + 3]};
      TYCUTE_WGMMA_RS(TYCUTE_ATTN_PV_PTX, TYCUTE_ATTN_PV_ACC, oacc, a, desc_mn(sV + kk * 16 * 128), 1, 1);
    }
    arch::wgmma_commit();
    arch::wgmma_wait<0>();
#pragma unroll
    for (int i = 0; i < kOAcc; ++i) arch::fence_operand(oacc[i]);
    if (lane == 0) arch::mbar_arrive(v_empty);
  }
  // O / l, and lse = ln(sum exp(S · scale)) = (max + log2 l) · ln 2
  const float l0 = quad_sum(sum0), l1 = quad_sum(sum1);
  const float inv0 = l0 > 0.f ? 1.f / l0 : 0.f, inv1 = l1 > 0.f ? 1.f / l1 : 0.f;
  unsigned short* orow0 = o + ((long long)bh * seq_q + row0) * kHeadDim;
  unsigned short* orow1 = o + ((long long)bh * seq_q + row1) * kHeadDim;
#pragma unroll
  for (int g = 0; g < kOAcc / 4; ++g) {
    if (row0 < seq_q) *reinterpret_cast<unsigned*>(orow0 + 8 * g + col) = arch::pack2<kElement>(oacc[4 * g] * inv0, oacc[4 * g + 1] * inv0);
    if (row1 < seq_q) *reinterpret_cast<unsigned*>(orow1 + 8 * g + col) = arch::pack2<kElement>(oacc[4 * g + 2] * inv1, oacc[4 * g + 3] * inv1);
  }
  if (lane % 4 == 0) {
    const float ln2 = 0.6931471805599453f;
    if (row0 < seq_q) lse[(long long)bh * seq_q + row0] = l0 > 0.f ? (mx0 + __log2f(l0)) * ln2 : neg_inf();
    if (row1 < seq_q) lse[(long long)bh * seq_q + row1] = l1 > 0.f ? (mx1 + __log2f(l1)) * ln2 : neg_inf();
  }
}

}  // namespace attention
}  // namespace tycute

// Q, K, V: 3D tensor maps (x = head dim, y = seq, z = batch · heads) of 16-bit elements, boxes
// (64, 128), 128-byte swizzle; O (batch, heads, seq_q, head dim) and lse (batch, heads, seq_q) in
// global memory; scale_log2 = softmax scale · log2(e).
extern "C" __global__ void __launch_bounds__(tycute::attention::kThreads, 1)
    attention_sm90_fwd(const __grid_constant__ tycute::arch::TmaMap tq, const __grid_constant__ tycute::arch::TmaMap tk,
                       const __grid_constant__ tycute::arch::TmaMap tv, unsigned short* __restrict__ o, float* __restrict__ lse, int seq_q,
                       int seq_k, float scale_log2, int causal) {
  using namespace tycute;
  using namespace tycute::attention;
  extern __shared__ unsigned char smem_raw[];
  const unsigned raw = arch::smem_u32(smem_raw);
  const unsigned smem = (raw + 1023u) & ~1023u;
  // the longest rows first (causal: the last Q blocks read the most K blocks)
  const int m_block = causal ? gridDim.x - 1 - blockIdx.x : blockIdx.x;
  const int bh = blockIdx.z * gridDim.y + blockIdx.y;
  const int n_blocks = kv_blocks(m_block, seq_k, causal);
  const int wg = threadIdx.x / 128;
  if (threadIdx.x == 0) {
    arch::mbar_init(smem + kOffBars, 1);
    for (int s = 0; s < kStages; ++s) {
      arch::mbar_init(smem + kOffBars + 8 * (1 + s), 1);
      arch::mbar_init(smem + kOffBars + 8 * (1 + kStages + s), 8);  // a warp of each consumer
      arch::mbar_init(smem + kOffBars + 8 * (1 + 2 * kStages + s), 1);
      arch::mbar_init(smem + kOffBars + 8 * (1 + 3 * kStages + s), 8);
    }
    arch::mbar_init_fence();
  }
  __syncthreads();
  if (wg == 0) {
    arch::setmaxnreg_dec<24>();
    if (threadIdx.x == 0) {
      arch::tma_prefetch(&tq), arch::tma_prefetch(&tk), arch::tma_prefetch(&tv);
      producer(&tq, &tk, &tv, smem, m_block, bh, n_blocks);
    }
  } else {
    arch::setmaxnreg_inc<240>();
    consumer(wg - 1, smem, m_block, bh, n_blocks, seq_q, seq_k, scale_log2, causal, o, lse);
  }
}
