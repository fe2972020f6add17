// tycute's attention forward for sm90 (issue 22), first form: O = softmax(Q Kᵀ · scale) V and the
// log-sum-exp of each row, for Q, K, V and O in (batch, heads, seq, head dim) order, 16-bit elements
// (bf16 or fp16), head dim 64 or 128, causal (top-left, seq_q = seq_k) or not; or, with variable
// sequence lengths, Q, O (total_q, heads, head dim) and K, V (total_k, heads, head dim), sequence b
// at rows cu_seqlens_q[b] .. cu_seqlens_q[b + 1] of Q (and likewise of K, V), lse (heads, total_q).
//
// Persistent: a CTA per SM walks the tiles, each a kBlockM-row block of Q of one (batch, head): a
// producer warpgroup loads the tile's Q (once the consumers are done with the last one's) and K, V
// by 128-row blocks through TMA into a ring of two stages that runs on across tiles; the consumer
// warpgroups (two for head dim 128, three for 64: kBlockM = 128 or 192) take 64 rows of Q each
// and, per block of K and V:
//   S = Q Kᵀ   wgmma m64n128k16, A (Q) and B (K) from shared memory, both K-major (head dim);
//   online softmax on S's accumulator, in place: a row of S is held by the four lanes of a quad
//              (two rows per thread: r and r + 8), so row maxima and sums take two shuffles;
//   O += P V   wgmma m64nDk16 with A = P from registers: the accumulator of S re-viewed as the
//              m64k16 A fragments (for 16-bit types a pure re-view: the packing of two
//              accumulator registers into one A register; crates/tycute-attention proves it on
//              the types), B = V MN-major (V's rows are K of this product, its head dim is N).
// Then O / l goes through a staging tile in shared memory (128-byte swizzled) to TMA stores, while
// the producer already loads the next tile, and the log-sum-exp (natural log) is written from
// registers.
//
// The register tables come from the header crates/tycute-attention emits for the tile, proven
// there on the types (tycute/attention/sm90_bf16_hd128.h, sm90_f16_hd64.h in the device library):
// P's registers are S's accumulators in the order `p_from_s` gives (the re-view), a row's maxima
// and sums reduce over the lanes `row_shuffle_xor` names, each thread's rows are `acc_row`'s;
// the kernel's own arithmetic is checked against the header at compile time (below). The
// swizzle and descriptor values are the closed forms of the operands' layouts (128-byte swizzled
// K-major Q and K, MN-major V: the values the GEMM's headers carry, kGmma{Lbo,Sbo}{A,B}_{K,MN}).
//
// Build: -DTYCUTE_ATTN_HDIM=64|128 (default 128), -DTYCUTE_ATTN_ELEMENT=TYCUTE_ELEMENT_BF16|F16
// (the consumers are the head dim's tile's: another -DTYCUTE_ATTN_CONSUMERS fails the static_asserts
// against the tile's header).
// Entry point: attention_sm90_fwd (below); grid min(SMs, tiles) (persistent; tiles = ceil(seq_q /
// kBlockM) · batch · heads), tycute::attention::kThreads threads (384 or 512),
// tycute::attention::kSmemBytes of dynamic shared memory.
//
// tycute-arch: sm_90a
// tycute-sass sm_90a: HGMMA.64x128x16.F32 UTMALDG UTMASTG MUFU.EX2
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
// the consumers take turns to issue their products (FlashAttention-3's ping-pong): 1 (default) or 0
#ifndef TYCUTE_ATTN_PINGPONG
#define TYCUTE_ATTN_PINGPONG 1
#endif
#ifndef TYCUTE_ATTN_ELEMENT
#define TYCUTE_ATTN_ELEMENT TYCUTE_ELEMENT_BF16
#endif
// consumer warpgroups (64 rows of Q each; the header's kWarpgroups): 3 for head dim 64 (a 192-row block of Q: the
// exponentials of one consumer hide behind the products of two), 2 for 128 (registers: O's
// accumulator is twice as large)
// the K and V ring's stages (2; 3 measured no faster for head dim 64, docs/perf.md)
#ifndef TYCUTE_ATTN_STAGES
#define TYCUTE_ATTN_STAGES 2
#endif
#ifndef TYCUTE_ATTN_CONSUMERS
#define TYCUTE_ATTN_CONSUMERS (TYCUTE_ATTN_HDIM == 64 ? 3 : 2)
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

#if TYCUTE_ATTN_HDIM == 128
#include "tycute/attention/sm90_bf16_hd128.h"
namespace tycute {
namespace attention {
namespace tile = ::tycute::attention_sm90_bf16_hd128;
}
}  // namespace tycute
#else
#include "tycute/attention/sm90_f16_hd64.h"
namespace tycute {
namespace attention {
namespace tile = ::tycute::attention_sm90_f16_hd64;
}
}  // namespace tycute
#endif

namespace tycute {
namespace attention {

constexpr int kElement = TYCUTE_ATTN_ELEMENT;
constexpr int kHeadDim = TYCUTE_ATTN_HDIM;
constexpr int kConsumers = TYCUTE_ATTN_CONSUMERS;  // consumer warpgroups, 64 rows of Q each
constexpr int kBlockM = 64 * kConsumers;           // rows of Q per CTA
constexpr int kBlockN = 128;                       // rows of K and V per step
constexpr int kStages = TYCUTE_ATTN_STAGES;
constexpr int kThreads = 128 * (1 + kConsumers);  // a producer warpgroup and the consumers
constexpr int kBoxCols = 64;                       // a TMA box is 64 elements (128 bytes: the swizzle's row) wide
constexpr int kBoxes = kHeadDim / kBoxCols;
// a (kBlockN rows, head dim) tile of K or V: kBoxes boxes of (kBlockN rows, 64 columns), each row
// 128 bytes; Q's and O's tiles are the same with kBlockM rows
constexpr unsigned kBoxBytes = kBlockN * 128u;
constexpr unsigned kTileBytes = kBoxes * kBoxBytes;
constexpr unsigned kQBoxBytes = kBlockM * 128u;
constexpr unsigned kQTileBytes = kBoxes * kQBoxBytes;
// the registers a producer and a consumer thread hold (setmaxnreg; 65536 in all)
// (setmaxnreg.inc waits until the registers it asks for are free: the consumers' gain must be
// what the producer gives back from the launch's count, 168 for 384 threads (ptxas's), 128 for
// 512: 128 · (168 - 40) = 256 · (232 - 168); 24/240 would balance too but spills the producer,
// and 32/240 hangs)
constexpr int kProducerRegs = kConsumers == 2 ? 40 : 32;
constexpr int kConsumerRegs = kConsumers == 2 ? 232 : 160;
static_assert(128 * (kProducerRegs + kConsumers * kConsumerRegs) <= 65536, "an SM has 65536 registers");
constexpr int kSAcc = TYCUTE_ATTN_QK_ACC;  // S: 64 x 128 per warpgroup, 64 floats a thread
constexpr int kOAcc = TYCUTE_ATTN_PV_ACC;  // O: 64 x head dim per warpgroup
constexpr int kPRegs = kSAcc / 2;          // P as 16-bit pairs: the A fragments of kBlockN / 16 k-steps

// shared memory (1024-byte aligned: the swizzle acts on address bits): Q, O (the epilogue's
// staging), kStages of K, kStages of V, then the mbarriers
constexpr unsigned kOffQ = 0;
constexpr unsigned kOffO = kQTileBytes;
constexpr unsigned kOffK = kOffO + kQTileBytes;
constexpr unsigned kOffV = kOffK + kStages * kTileBytes;
constexpr unsigned kOffBars = kOffV + kStages * kTileBytes;
// Q full, Q empty, then per stage K full, K empty, V full, V empty
constexpr unsigned kBars = 2 + 4 * kStages;
// the dynamic shared memory a launch gives: the tiles, the barriers, two tile indices (1024 bytes
// to align the start)
constexpr unsigned kSmemBytes = kOffBars + 8 * kBars + 8 + 1024;
static_assert(kSmemBytes <= 227 * 1024, "an sm90 CTA has at most 227 KB of shared memory");

// The kernel's tile is the one the header's types proved: its sizes, atoms, register counts
static_assert(tile::kBlockM == kBlockM && tile::kBlockN == kBlockN && tile::kHeadDim == kHeadDim, "the tile of the header");
static_assert(tile::kWarpgroups == kConsumers && tile::kThreads == 128 * kConsumers, "a consumer warpgroup per 64 rows");
static_assert(tile::kAtomNQK == kBlockN && tile::kAtomNPV == kHeadDim, "S = Q K^T: m64n128k16 SS; O += P V: m64n{head dim}k16 RS");
static_assert(tile::ElementQKV_bits == 16 && tile::ElementAccum_bits == 32, "16-bit Q, K, V, P; f32 accumulators");
static_assert(tile::kPRegs32 == kPRegs && tile::p_from_s_size == kSAcc, "every accumulator of S is one 16-bit value of P");
static_assert(tile::kRowSlots == 2 && tile::kColSlots == kSAcc / 2, "two rows a thread, half its accumulators in each");
static_assert(tile::kRowLanes == 4, "a row is a quad's");
// (the tables are __device__ arrays: read at compile time in the device passes)
#if defined(__CUDA_ARCH__) || defined(__CUDACC_RTC__)
// thread t of consumer w holds rows 64 w + 16 (t / 32) + (t % 32) / 4 and 8 more (Rows below)
constexpr bool rows_are_the_headers() {
  for (int t = 0; t < tile::kThreads; ++t) {
    const int r = 64 * (t / 128) + 16 * ((t % 128) / 32) + (t % 32) / 4;
    if (tile::acc_row[t][0] != r || tile::acc_row[t][1] != r + 8) return false;
  }
  return true;
}
static_assert(rows_are_the_headers(), "each thread's rows are the header's acc_row");
static_assert(tile::row_shuffle_xor[0] == 1 && tile::row_shuffle_xor[1] == 2, "a quad's reduction: xor 1, then 2");
#endif

// GMMA descriptors of 128-byte swizzled operands (layout type 1): K-major (Q, K: rows 128 bytes
// apart, 8-row groups 1024 apart; LBO unused) and MN-major (V: 8-row groups of K 1024 apart, the
// 64-wide slices of N a box apart)
__device__ __forceinline__ unsigned long long desc_k(unsigned addr) { return arch::gmma_desc<16, 1024, 1>(addr); }
__device__ __forceinline__ unsigned long long desc_mn(unsigned addr) { return arch::gmma_desc<kBoxBytes, 1024, 1>(addr); }

__device__ __forceinline__ void st_shared_u32(unsigned addr, unsigned v) { asm volatile("st.shared.u32 [%0], %1;\n" ::"r"(addr), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned ld_shared_u32(unsigned addr) {
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];\n" : "=r"(v) : "r"(addr) : "memory");
  return v;
}
__device__ __forceinline__ uint4 ld_shared_v4(unsigned addr) {
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];\n" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(addr) : "memory");
  return v;
}
__device__ __forceinline__ float neg_inf() { return __int_as_float(0xff800000u); }
__device__ __forceinline__ float ex2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;\n" : "=f"(y) : "f"(x));
  return y;
}
// a row's maximum and sum over the lanes that share it (the header's row_shuffle_xor)
__device__ __forceinline__ float quad_max(float x) {
  x = fmaxf(x, __shfl_xor_sync(0xffffffffu, x, tile::row_shuffle_xor[0]));
  return fmaxf(x, __shfl_xor_sync(0xffffffffu, x, tile::row_shuffle_xor[1]));
}
__device__ __forceinline__ float quad_sum(float x) {
  x += __shfl_xor_sync(0xffffffffu, x, tile::row_shuffle_xor[0]);
  return x + __shfl_xor_sync(0xffffffffu, x, tile::row_shuffle_xor[1]);
}

// The first row of Q block m_block of a sequence of seq_q rows. Without a mask the blocks start at
// row 0 and the last one is ragged; with the causal mask the ragged block is the first (it starts
// above row 0, at minus the rows the blocks have over seq_q), where it reads the fewest blocks of
// K: at seq 4096 in blocks of 192 rows that computes 6 % fewer scores than a ragged last block,
// which reads every block of K for its 64 rows. (Rows above 0 are masked like any row's columns
// past it: they see no column, and nothing is stored for them.)
__device__ __forceinline__ int block_row(int m_block, int seq_q, int causal) {
  const int pad = causal ? (seq_q + kBlockM - 1) / kBlockM * kBlockM - seq_q : 0;
  return m_block * kBlockM - pad;
}

// the blocks of K the Q block whose first row is `row` reads: all, or (causal, top-left) those at
// or left of its diagonal
__device__ __forceinline__ int kv_blocks(int row, int seq_k, int causal) {
  const int all = (seq_k + kBlockN - 1) / kBlockN;
  if (!causal) return all;
  const int last = (row + kBlockM - 1) / kBlockN + 1;
  return last < all ? last : all;
}

// Where the rows of (batch · head) bh are: a fixed length (Q, O (batch · heads, seq_q, head dim);
// K, V likewise with seq_k) or, with cu_q and cu_k, variable lengths (Q, O (total_q, heads, head
// dim); K, V (total_k, heads, head dim)). The tensor maps are (head dim, rows, z): z is bh for a
// fixed length, the head for variable ones.
struct Seq {
  int q0, sq, k0, sk, z;  // first row of Q (and O) and of K, V in their maps; their counts; the map's z
  long long lse0;         // lse's index of the sequence's row 0
  long long o0;           // O's element offset of the sequence's row 0 (rows o_row apart)
};
struct Seqs {
  const int* cu_q;  // null: a fixed length
  const int* cu_k;
  int seq_q, seq_k;  // a fixed length's (variable: the longest Q)
  int heads, total_q;
  __device__ __forceinline__ Seq of(int bh) const {
    if (!cu_q) return Seq{0, seq_q, 0, seq_k, bh, (long long)bh * seq_q, (long long)bh * seq_q * kHeadDim};
    const int b = bh / heads, h = bh % heads, q0 = cu_q[b], k0 = cu_k[b];
    return Seq{q0, cu_q[b + 1] - q0, k0, cu_k[b + 1] - k0, h, (long long)h * total_q + q0, (long long)q0 * heads * kHeadDim + h * kHeadDim};
  }
  // elements between rows of O
  __device__ __forceinline__ long long o_row() const { return cu_q ? (long long)heads * kHeadDim : kHeadDim; }
};

// The barriers, and where K and V block `it` (counted over every tile of the CTA: the ring goes on
// from tile to tile) sit.
struct Ring {
  unsigned smem;
  __device__ __forceinline__ unsigned q_full() const { return smem + kOffBars; }
  __device__ __forceinline__ unsigned q_empty() const { return smem + kOffBars + 8; }
  __device__ __forceinline__ unsigned k_full(int it) const { return smem + kOffBars + 8 * (2 + it % kStages); }
  __device__ __forceinline__ unsigned k_empty(int it) const { return smem + kOffBars + 8 * (2 + kStages + it % kStages); }
  __device__ __forceinline__ unsigned v_full(int it) const { return smem + kOffBars + 8 * (2 + 2 * kStages + it % kStages); }
  __device__ __forceinline__ unsigned v_empty(int it) const { return smem + kOffBars + 8 * (2 + 3 * kStages + it % kStages); }
  __device__ __forceinline__ static unsigned phase(int it) { return static_cast<unsigned>((it / kStages) & 1); }
  __device__ __forceinline__ unsigned sK(int it) const { return smem + kOffK + (it % kStages) * kTileBytes; }
  __device__ __forceinline__ unsigned sV(int it) const { return smem + kOffV + (it % kStages) * kTileBytes; }
};

// The tiles (a kBlockM-row block of Q of one batch · head) in the order the CTAs take them: head by
// head, so that the CTAs running at once share K and V in L2 (a head's K and V are 2 MB at seq
// 4096, head dim 128: 132 heads at once would not fit); causal, in groups of `group_heads` heads
// (as many as fill the GPU once), the longest tiles of a group first. A CTA per SM walks them:
// CTA x takes tile x, then x + gridDim.x, ... (without a mask: tiles of one length), or, with a
// tile counter in global memory (the causal mask: tiles of 1 to seq / 128 blocks), the next tile
// not yet taken, so that the work balances as it goes.
struct Tiles {
  int n_m, bh_count, causal, group_heads;
  __device__ __forceinline__ int count() const { return n_m * bh_count; }
  __device__ __forceinline__ void at(int i, int& m_block, int& bh) const {
    if (!causal) {
      bh = i / n_m, m_block = i % n_m;
      return;
    }
    const int g = group_heads, group = i / (n_m * g), idx = i % (n_m * g);
    const int heads = min(g, bh_count - group * g);  // (the last group may have fewer)
    m_block = n_m - 1 - idx / heads, bh = group * g + idx % heads;
  }
};

// The tile index of the CTA's n-th tile, for the consumers (two slots: slot n % 2); -1: no more.
// Written before the Q full barrier's arrival (release), read after its wait (acquire).
__device__ __forceinline__ unsigned tile_slot(const Ring& ring, int n) { return ring.smem + kOffBars + 8 * kBars + 4 * (n & 1); }

// The CTA's tile after tile i: round-robin, or the next one the counter gives out.
__device__ __forceinline__ int next_tile(int i, unsigned* counter) {
  return counter ? static_cast<int>(gridDim.x + atomicAdd(counter, 1u)) : i + static_cast<int>(gridDim.x);
}

__device__ __forceinline__ void producer(const arch::TmaMap* tq, const arch::TmaMap* tk, const arch::TmaMap* tv, const Ring& ring, const Tiles& tiles,
                                         const Seqs& seqs, unsigned* counter) {
  int it = 0, i = blockIdx.x;
  for (int n_tile = 0;; ++n_tile) {
    // the next tile with rows of Q (variable lengths: blocks past a short sequence have none)
    int m_block = 0, bh = 0;
    Seq sq{};
    for (; i < tiles.count(); i = next_tile(i, counter)) {
      tiles.at(i, m_block, bh);
      sq = seqs.of(bh);
      if (m_block * kBlockM < sq.sq) break;
    }
    // Q (and the tile's index), once the consumers have done with the last tile's
    if (n_tile > 0) arch::mbar_wait(ring.q_empty(), (n_tile - 1) & 1);
    if (i >= tiles.count()) {
      st_shared_u32(tile_slot(ring, n_tile), 0xffffffffu);
      arch::mbar_arrive(ring.q_full());
      break;
    }
    st_shared_u32(tile_slot(ring, n_tile), static_cast<unsigned>(i));
    arch::mbar_expect_tx(ring.q_full(), kQTileBytes);
    // (a causal first block starts above the sequence: TMA fills rows above the tensor with
    // zeros, and rows of the sequence before, with variable lengths, are masked)
    const int row = block_row(m_block, sq.sq, tiles.causal);
    for (int b = 0; b < kBoxes; ++b) arch::tma_load_3d(ring.smem + kOffQ + b * kQBoxBytes, tq, b * kBoxCols, sq.q0 + row, sq.z, ring.q_full());
    const int n_blocks = kv_blocks(row, sq.sk, tiles.causal);
    for (int j = 0; j < n_blocks; ++j, ++it) {
      const unsigned ph = Ring::phase(it);
      if (it >= kStages) arch::mbar_wait(ring.k_empty(it), ph ^ 1);
      arch::mbar_expect_tx(ring.k_full(it), kTileBytes);
      for (int b = 0; b < kBoxes; ++b) arch::tma_load_3d(ring.sK(it) + b * kBoxBytes, tk, b * kBoxCols, sq.k0 + j * kBlockN, sq.z, ring.k_full(it));
      if (it >= kStages) arch::mbar_wait(ring.v_empty(it), ph ^ 1);
      arch::mbar_expect_tx(ring.v_full(it), kTileBytes);
      for (int b = 0; b < kBoxes; ++b) arch::tma_load_3d(ring.sV(it) + b * kBoxBytes, tv, b * kBoxCols, sq.k0 + j * kBlockN, sq.z, ring.v_full(it));
    }
    i = next_tile(i, counter);
  }
  // the last CTA to stop taking tiles sets the counter back to 0 for the next launch on the stream
  if (counter) {
    __threadfence();
    if (atomicAdd(counter + 1, 1u) == gridDim.x - 1) counter[0] = 0, counter[1] = 0;
  }
}

// The state of one consumer warpgroup: its two rows per thread, the running maxima (log2 units:
// S · scale · log2 e) and this thread's part of the row sums, rows r (registers 4g, 4g+1 of an
// accumulator) and r + 8 (4g+2, 4g+3).
struct Rows {
  int row0, row1, col;
  float mx0, mx1, sum0, sum1;
};

// S = Q Kᵀ of block j, issued (not waited for): head dim / 16 k-steps, a k-step 32 bytes along a
// 128-byte swizzled row
__device__ __forceinline__ void issue_s(float (&sacc)[kSAcc], unsigned sQ, unsigned sK) {
  arch::wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < kHeadDim / 16; ++kk) {
    const unsigned step = (kk % 4) * 32;
    TYCUTE_WGMMA_SS(TYCUTE_ATTN_QK_PTX, TYCUTE_ATTN_QK_ACC, sacc, desc_k(sQ + (kk / 4) * kQBoxBytes + step), desc_k(sK + (kk / 4) * kBoxBytes + step),
                    kk > 0 ? 1 : 0, 0, 0);
  }
  arch::wgmma_commit();
}

// O += P V, issued: kBlockN / 16 k-steps of 16 rows of V (2048 bytes into each box). P's registers
// are the A fragments: k-step kk is p[4kk .. 4kk+4)
__device__ __forceinline__ void issue_pv(float (&oacc)[kOAcc], const unsigned (&p)[kPRegs], unsigned sV) {
#pragma unroll
  for (int i = 0; i < kOAcc; ++i) arch::fence_operand(oacc[i]);
  arch::wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < kBlockN / 16; ++kk) {
    const unsigned a[4] = {p[4 * kk], p[4 * kk + 1], p[4 * kk + 2], p[4 * kk + 3]};
    TYCUTE_WGMMA_RS(TYCUTE_ATTN_PV_PTX, TYCUTE_ATTN_PV_ACC, oacc, a, desc_mn(sV + kk * 16 * 128), 1, 1);
  }
  arch::wgmma_commit();
}

// S of block j (complete) into exp2(S · scale - max) in place, the maxima and sums of the rows
// updated; returns the factors (rows r, r + 8) by which O, summed against the old maxima, moves to
// the new ones
__device__ __forceinline__ float2 softmax_step(float (&sacc)[kSAcc], Rows& r, int j, int row_first, int seq_k, float scale_log2, int causal) {
  // masks: columns past seq_k, and (causal) past the row
  const int c0 = j * kBlockN + r.col;
  if (c0 - r.col + kBlockN > seq_k || (causal && j * kBlockN + kBlockN - 1 > row_first)) {
#pragma unroll
    for (int g = 0; g < kSAcc / 4; ++g)
#pragma unroll
      for (int e = 0; e < 2; ++e) {
        const int c = c0 + 8 * g + e;
        if (c >= seq_k || (causal && c > r.row0)) sacc[4 * g + e] = neg_inf();
        if (c >= seq_k || (causal && c > r.row1)) sacc[4 * g + 2 + e] = neg_inf();
      }
  }
  // the maxima of the raw scores, scaled once (scale > 0: max(x · scale) = max(x) · scale)
  float m0 = neg_inf(), m1 = neg_inf();
#pragma unroll
  for (int g = 0; g < kSAcc / 4; ++g) {
    m0 = fmaxf(m0, fmaxf(sacc[4 * g], sacc[4 * g + 1]));
    m1 = fmaxf(m1, fmaxf(sacc[4 * g + 2], sacc[4 * g + 3]));
  }
  m0 = fmaxf(r.mx0, quad_max(m0) * scale_log2), m1 = fmaxf(r.mx1, quad_max(m1) * scale_log2);
  // (a row with nothing seen yet keeps -inf: subtract 0 there, so that exp2 gives 0, not NaN)
  const float b0 = m0 == neg_inf() ? 0.f : m0, b1 = m1 == neg_inf() ? 0.f : m1;
  const float corr0 = ex2(r.mx0 - b0), corr1 = ex2(r.mx1 - b1);
  r.mx0 = m0, r.mx1 = m1;
  float s0 = 0.f, s1 = 0.f;
#pragma unroll
  for (int g = 0; g < kSAcc / 4; ++g) {
    sacc[4 * g] = ex2(sacc[4 * g] * scale_log2 - b0), sacc[4 * g + 1] = ex2(sacc[4 * g + 1] * scale_log2 - b0);
    sacc[4 * g + 2] = ex2(sacc[4 * g + 2] * scale_log2 - b1), sacc[4 * g + 3] = ex2(sacc[4 * g + 3] * scale_log2 - b1);
    s0 += sacc[4 * g] + sacc[4 * g + 1], s1 += sacc[4 * g + 2] + sacc[4 * g + 3];
  }
  r.sum0 = r.sum0 * corr0 + s0, r.sum1 = r.sum1 * corr1 + s1;
  return make_float2(corr0, corr1);
}

// P = the exponentials of S as 16-bit A fragments: A value r of P V is S's accumulator
// p_from_s[r] (the header's proven re-view: r itself, since k-step kk = g / 2 holds a0 = (r, cols
// 16kk + col), a1 = (r + 8, the same), a2 = (r, 16kk + 8 + col), a3 = (r + 8, the same), so
// registers 4g..4g+3 of S are a0, a1 of k-step g / 2 for even g and a2, a3 for odd g), two
// accumulator registers packed into one A register
__device__ __forceinline__ void to_p(const float (&sacc)[kSAcc], unsigned (&p)[kPRegs]) {
#pragma unroll
  for (int i = 0; i < kPRegs; ++i) p[i] = arch::pack2<kElement>(sacc[tile::p_from_s[0][2 * i]], sacc[tile::p_from_s[0][2 * i + 1]]);
}

// The consumers' turns (named barrier 1 + w is consumer w's: its 128 threads wait there, the
// previous consumer's 128 arrive): a consumer waits for its turn before it issues products and
// then gives the turn to the next (w + 1, cyclically), so that one's softmax runs while another's
// products do. The last consumer gives consumer 0 the first turn; at the end consumer 0 takes the
// turn the last one gave last (every consumer has as many turns: no arrival is left pending).
struct Turns {
  int w;
  __device__ __forceinline__ void start() const {
    if (TYCUTE_ATTN_PINGPONG && w == kConsumers - 1) arch::named_barrier_arrive<256>(1);
  }
  __device__ __forceinline__ void take() const {
    if (TYCUTE_ATTN_PINGPONG) arch::named_barrier_sync<256>(1 + w);
  }
  __device__ __forceinline__ void give() const {
    if (TYCUTE_ATTN_PINGPONG) arch::named_barrier_arrive<256>(1 + (w + 1) % kConsumers);
  }
  __device__ __forceinline__ void finish() const {
    if (w == 0) take();
  }
};

__device__ __forceinline__ void rescale_o(float (&oacc)[kOAcc], float2 corr) {
#pragma unroll
  for (int g = 0; g < kOAcc / 4; ++g) {
    oacc[4 * g] *= corr.x, oacc[4 * g + 1] *= corr.x;
    oacc[4 * g + 2] *= corr.y, oacc[4 * g + 3] *= corr.y;
  }
}

// consumer warpgroup w (0 .. kConsumers - 1): Q rows m_block * kBlockM + 64 w .. + 63. Block j's S = Q Kᵀ is issued
// before block j - 1's O += P V, and its softmax runs while that product does (FlashAttention-3's
// intra-warpgroup overlap), and the consumers take turns to issue (Turns): the tensor cores
// see one consumer's products while the other computes its exponentials.
__device__ __forceinline__ void consumer(int w, const Ring& ring, const Tiles& tiles, const Seqs& seqs, float scale_log2,
                                         const arch::TmaMap* to, float* __restrict__ lse, unsigned char* __restrict__ o) {
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const unsigned sQ = ring.smem + kOffQ + 64 * w * 128;  // this warpgroup's 64 rows of each box
  const unsigned sO = ring.smem + kOffO + 64 * w * 128;
  const int causal = tiles.causal;
  const Turns turns{w};
  turns.start();
  int it = 0;
  for (int n_tile = 0;; ++n_tile) {
    arch::mbar_wait(ring.q_full(), n_tile & 1);
    const int i = static_cast<int>(ld_shared_u32(tile_slot(ring, n_tile)));
    if (i < 0) break;
    int m_block, bh;
    tiles.at(i, m_block, bh);
    const Seq sq = seqs.of(bh);
    const int seq_k = sq.sk;
    const int row_tile = block_row(m_block, sq.sq, causal);
    const int n_blocks = kv_blocks(row_tile, seq_k, causal);
    const int row_first = row_tile + 64 * w;
    Rows r;
    r.row0 = row_first + 16 * warp + lane / 4, r.row1 = r.row0 + 8, r.col = 2 * (lane % 4);
    r.mx0 = neg_inf(), r.mx1 = neg_inf(), r.sum0 = 0.f, r.sum1 = 0.f;
    float oacc[kOAcc];
#pragma unroll
    for (int k = 0; k < kOAcc; ++k) oacc[k] = 0.f;
    float sacc[kSAcc];
    unsigned p[kPRegs];
    // block 0: S, its softmax, P
    arch::mbar_wait(ring.k_full(it), Ring::phase(it));
    turns.take();
    issue_s(sacc, sQ, ring.sK(it));
    turns.give();
    arch::wgmma_wait<0>();
#pragma unroll
    for (int k = 0; k < kSAcc; ++k) arch::fence_operand(sacc[k]);
    if (lane == 0) arch::mbar_arrive(ring.k_empty(it));  // (each warp's wgmma reads are done)
    softmax_step(sacc, r, 0, row_first, seq_k, scale_log2, causal);
    to_p(sacc, p);
    for (int j = 1; j < n_blocks; ++j) {
      // S of block j, then O += P V of block j - 1
      arch::mbar_wait(ring.k_full(it + j), Ring::phase(it + j));
      arch::mbar_wait(ring.v_full(it + j - 1), Ring::phase(it + j - 1));
      turns.take();
      issue_s(sacc, sQ, ring.sK(it + j));
      issue_pv(oacc, p, ring.sV(it + j - 1));
      turns.give();
      arch::wgmma_wait<1>();  // S of block j
#pragma unroll
      for (int k = 0; k < kSAcc; ++k) arch::fence_operand(sacc[k]);
      if (lane == 0) arch::mbar_arrive(ring.k_empty(it + j));
      const float2 corr = softmax_step(sacc, r, j, row_first, seq_k, scale_log2, causal);
      arch::wgmma_wait<0>();  // O += P V of block j - 1 (P's registers are free again)
#pragma unroll
      for (int k = 0; k < kOAcc; ++k) arch::fence_operand(oacc[k]);
      if (lane == 0) arch::mbar_arrive(ring.v_empty(it + j - 1));
      rescale_o(oacc, corr);
      to_p(sacc, p);
    }
    // every S of the tile is done: the producer may load the next tile's Q
    if (lane == 0) arch::mbar_arrive(ring.q_empty());
    const int last = it + n_blocks - 1;
    arch::mbar_wait(ring.v_full(last), Ring::phase(last));
    turns.take();
    issue_pv(oacc, p, ring.sV(last));
    turns.give();
    arch::wgmma_wait<0>();
#pragma unroll
    for (int k = 0; k < kOAcc; ++k) arch::fence_operand(oacc[k]);
    if (lane == 0) arch::mbar_arrive(ring.v_empty(last));
    it += n_blocks;
    // O / l, and lse = ln(sum exp(S · scale)) = (max + log2 l) · ln 2
    const float l0 = quad_sum(r.sum0), l1 = quad_sum(r.sum1);
    const float inv0 = l0 > 0.f ? 1.f / l0 : 0.f, inv1 = l1 > 0.f ? 1.f / l1 : 0.f;
    // through this warpgroup's rows of sO in the 128-byte swizzled layout of a box (once the last
    // tile's stores have read them), then TMA stores of (64 columns, 64 rows) boxes, or, where the
    // sequence ends (or, causal, starts) inside the warpgroup's 64 rows, 16-byte stores of the rows
    // it has (a box would write into the next (previous) sequence's rows)
    if (t == 0) arch::bulk_wait_read<0>();
    arch::named_barrier_sync<128>(1 + kConsumers + w);
    const int rl0 = 16 * warp + lane / 4, rl1 = rl0 + 8;
#pragma unroll
    for (int g = 0; g < kOAcc / 4; ++g) {
      const unsigned box = sO + (g / 8) * kQBoxBytes, chunk = g % 8, in = 4 * (lane % 4);
      st_shared_u32(box + rl0 * 128 + ((chunk ^ (rl0 % 8)) << 4) + in, arch::pack2<kElement>(oacc[4 * g] * inv0, oacc[4 * g + 1] * inv0));
      st_shared_u32(box + rl1 * 128 + ((chunk ^ (rl1 % 8)) << 4) + in, arch::pack2<kElement>(oacc[4 * g + 2] * inv1, oacc[4 * g + 3] * inv1));
    }
    arch::fence_proxy_async_shared();
    arch::named_barrier_sync<128>(1 + kConsumers + w);
    // this warpgroup's rows of the sequence: row_first + lo .. row_first + hi - 1 (none if lo >= hi)
    const int lo = row_first < 0 ? -row_first : 0, hi = sq.sq - row_first < 64 ? sq.sq - row_first : 64;
    if (lo == 0 && hi == 64) {
      if (t == 0) {
        for (int b = 0; b < kBoxes; ++b) arch::tma_store_3d(to, sO + b * kQBoxBytes, b * kBoxCols, sq.q0 + row_first, sq.z, false);
        arch::bulk_commit();
      }
    } else {
      // a row is kBoxes · 8 chunks of 16 bytes: consecutive threads take consecutive chunks
      const long long o_row = seqs.o_row();
      for (int idx = lo * kBoxes * 8 + t; idx < hi * kBoxes * 8; idx += 128) {
        const int row = idx / (kBoxes * 8), b = (idx / 8) % kBoxes, chunk = idx % 8;
        const uint4 v = ld_shared_v4(sO + b * kQBoxBytes + row * 128 + ((chunk ^ (row % 8)) << 4));
        *reinterpret_cast<uint4*>(o + 2 * (sq.o0 + (row_first + row) * o_row + b * kBoxCols + chunk * 8)) = v;
      }
    }
    if (lane % 4 == 0) {
      const float ln2 = 0.6931471805599453f;
      if (r.row0 >= 0 && r.row0 < sq.sq) lse[sq.lse0 + r.row0] = l0 > 0.f ? (r.mx0 + __log2f(l0)) * ln2 : neg_inf();
      if (r.row1 >= 0 && r.row1 < sq.sq) lse[sq.lse0 + r.row1] = l1 > 0.f ? (r.mx1 + __log2f(l1)) * ln2 : neg_inf();
    }
  }
  turns.finish();
  if (t == 0) arch::bulk_wait_read<0>();  // (the CTA's shared memory must outlive the stores' reads)
}

}  // namespace attention
}  // namespace tycute

// Q, K, V: 3D tensor maps (x = head dim, y = seq, z = batch · heads; variable lengths: y = rows of
// every sequence, z = heads) of 16-bit elements, boxes (64, 128), 128-byte swizzle; O's map the
// same with boxes (64, 64) (a consumer's rows), and O's address (the rows a box would overrun);
// lse (batch, heads, seq_q) (variable: (heads, total_q)) in global memory; seq_q: the longest
// sequence of Q; bh_count = batch · heads; group_heads: the causal tile order's group (Tiles);
// scale_log2 = softmax scale · log2(e); tile_counter: two zeroed words in global memory (left
// zeroed) to take the tiles as they come, or null to take them round-robin (Tiles); cu_seqlens_q,
// cu_seqlens_k: batch + 1 offsets (rows) of the sequences, or null for a fixed length; heads and
// total_q (variable lengths: the maps' z and lse's rows).
extern "C" __global__ void __launch_bounds__(tycute::attention::kThreads, 1)
    attention_sm90_fwd(const __grid_constant__ tycute::arch::TmaMap tq, const __grid_constant__ tycute::arch::TmaMap tk,
                       const __grid_constant__ tycute::arch::TmaMap tv, const __grid_constant__ tycute::arch::TmaMap to,
                       float* __restrict__ lse, int seq_q, int seq_k, int bh_count, int group_heads, float scale_log2, int causal,
                       unsigned* __restrict__ tile_counter, const int* __restrict__ cu_seqlens_q, const int* __restrict__ cu_seqlens_k, int heads,
                       int total_q, void* __restrict__ o) {
  using namespace tycute;
  using namespace tycute::attention;
  extern __shared__ unsigned char smem_raw[];
  const unsigned raw = arch::smem_u32(smem_raw);
  const Ring ring{(raw + 1023u) & ~1023u};
  const Tiles tiles{(seq_q + kBlockM - 1) / kBlockM, bh_count, causal, group_heads > 0 ? group_heads : 1};
  const Seqs seqs{cu_seqlens_q, cu_seqlens_k, seq_q, seq_k, heads, total_q};
  const int wg = threadIdx.x / 128;
  if (threadIdx.x == 0) {
    arch::mbar_init(ring.q_full(), 1);
    arch::mbar_init(ring.q_empty(), 4 * kConsumers);  // a warp of each consumer
    for (int s = 0; s < kStages; ++s) {
      arch::mbar_init(ring.k_full(s), 1);
      arch::mbar_init(ring.k_empty(s), 4 * kConsumers);
      arch::mbar_init(ring.v_full(s), 1);
      arch::mbar_init(ring.v_empty(s), 4 * kConsumers);
    }
    arch::mbar_init_fence();
  }
  __syncthreads();
  if (wg == 0) {
    arch::setmaxnreg_dec<kProducerRegs>();
    if (threadIdx.x == 0) {
      arch::tma_prefetch(&tq), arch::tma_prefetch(&tk), arch::tma_prefetch(&tv), arch::tma_prefetch(&to);
      producer(&tq, &tk, &tv, ring, tiles, seqs, tile_counter);
    }
  } else {
    arch::setmaxnreg_inc<kConsumerRegs>();
    consumer(wg - 1, ring, tiles, seqs, scale_log2, &to, lse, static_cast<unsigned char*>(o));
  }
}
