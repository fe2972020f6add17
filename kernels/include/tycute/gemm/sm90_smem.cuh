// tycute device library, GEMM layer (sm90): the kernel's shared memory (1024-byte aligned: the
// swizzles act on address bits): kStages stages of A and of B, then per consumer kEpiStages
// stages of D and of C (one buffer with ReuseSmemC), then the mbarriers (the stages' full / empty
// ones, each consumer's C stages' full / empty ones, its turn, its sBias's full / empty ones, the
// whole-tile stores' two), then (16-byte aligned) each consumer's sBias. Addresses are shared-space
// bytes (arch::smem_u32). Needs gemm/sm90_config.cuh.
#pragma once

#include "tycute/arch/smem.cuh"
#include "tycute/gemm/sm90_config.cuh"

namespace tycute {
namespace gemm {

constexpr int kSm90Bars = 2 * kStages + kConsumers * (2 * kEpiStages + 1);

struct Sm90Smem {
  unsigned raw;   // the dynamic shared memory's first byte
  unsigned sA;    // stage s of A at sA + s * kStageBytesA
  unsigned sB;    // stage s of B at sB + s * kStageBytesB
  unsigned sEpi;  // consumer c's sD at sEpi + c * kEpiBytes, its sC kEpiStages stages after (or the same)
  unsigned bars;  // the mbarriers
  float* sbias;   // consumer c's column bias at sbias + kTileN * c (a generic pointer: the compiler sees shared loads it may merge)

  __device__ __forceinline__ static Sm90Smem carve(unsigned char* smem_raw) {
    Sm90Smem m;
    m.raw = arch::smem_u32(smem_raw);
    const unsigned base = (m.raw + 1023u) & ~1023u;
    m.sA = base;
    m.sB = m.sA + kStages * kStageBytesA;
    m.sEpi = m.sB + kStages * kStageBytesB;
    m.bars = m.sEpi + kConsumers * kEpiBytes;
    const unsigned sBias0 = (m.bars + 8u * (kSm90Bars + 2 * kConsumers + 2) + 15u) & ~15u;
    m.sbias = reinterpret_cast<float*>(smem_raw + (sBias0 - m.raw));
    return m;
  }
  // stage s is loaded (the producer's arrive.expect_tx; the TMA completes the bytes)
  __device__ __forceinline__ unsigned full(int s) const { return bars + 8u * s; }
  // stage s has been read by every consumer warp (of every CTA of the cluster)
  __device__ __forceinline__ unsigned empty(int s) const { return bars + 8u * (kStages + s); }
  // consumer c's C stage s is loaded
  __device__ __forceinline__ unsigned cfull(int c, int s) const { return bars + 8u * (2 * kStages + c * kEpiStages + s); }
  // consumer c's turn to run a mainloop: the other consumer arrives once it has waited for the
  // last stage of its tile. A consumer waiting for the stages of its next tile earlier could be
  // two phases ahead of a stage's full barrier, which a parity wait cannot tell from done.
  __device__ __forceinline__ unsigned turn(int c) const { return bars + 8u * (2 * kStages + kConsumers * kEpiStages + c); }
  // consumer c has read C stage s (its warps' lane 0): the producer's C warp may load the next
  // sub-tile into it
  __device__ __forceinline__ unsigned cempty(int c, int s) const {
    return bars + 8u * (2 * kStages + kConsumers * (kEpiStages + 1) + c * kEpiStages + s);
  }
  // a column bias (bias_mode 2): the bias warp staged consumer c's sBias / consumer c read it
  __device__ __forceinline__ unsigned bfull(int c) const { return bars + 8u * (kSm90Bars + c); }
  __device__ __forceinline__ unsigned bempty(int c) const { return bars + 8u * (kSm90Bars + kConsumers + c); }
  // the whole-tile stores (kLendStage): the consumer has written the tile (dfull, lane 0 of its
  // warps), the store warp's stores have read the consumer's stages (dempty)
  __device__ __forceinline__ unsigned dfull() const { return bars + 8u * (kSm90Bars + 2 * kConsumers); }
  __device__ __forceinline__ unsigned dempty() const { return bars + 8u * (kSm90Bars + 2 * kConsumers + 1); }
};

}  // namespace gemm
}  // namespace tycute
