// The sm90 configurations' data flow on tycute's tables: D = alpha * A * B^T + beta * C with A
// (M,K) and B (N,K) half (or bf16; or e4m3 / e5m2 K-major only, docs/kernels.md "fp8 on sm90": then
// the tn entry point alone, K a multiple of 16 for the 16-byte TMA strides), each K-major or MN-major (one entry point per layout: sm90_gemm_tn, _nt,
// _nn, _tt, at the end), fp32 accumulation, and C, D half, N-major (row-major, leading dimension
// ldc / the TMA map's). An MN-major operand's stage is the header's MN-major GMMA layout, filled by
// one (64 MN, 64 K) TMA box per 64 rows, and the wgmma reads it with its transpose bit set. The configuration is a header written from a type
// (crates/tycute-configs: sm90, sm90_128x256); TYCUTE_SM90_CONFIG names it (default sm90; NVRTC
// option -DTYCUTE_SM90_CONFIG=sm90_128x256 for the other), and its kConsumers picks the
// schedule (2 / kMmaWarpGroups, or 1 for a configuration with ONE_CONSUMER: sm90_64x96_sk, one
// consumer of one warpgroup in the cooperative schedule, so that 64-row tiles have stream-K). The kernel is persistent (one CTA per SM walks the kTileM x kTileN tiles of D,
// blockIdx.x + i * gridDim.x in a grouped order; with stream-K, sk_tiles > 0, the last sk_tiles
// tiles are then shared out along K, as a line cut into one range of k-blocks per CTA or as sk_split
// equal splits of each tile: "This CTA's work" below, the host's Sm90Schedule) with
//   * a producer warpgroup (setmaxnreg.dec): one thread issues the TMA loads of A and B (the
//     operand tables' boxes; cp.async.bulk.tensor.3d, mbarrier complete_tx) of tile after tile into kStages
//     128B-swizzled stages, running ahead into the next tiles' stages during an epilogue;
//   * two consumer warpgroups (setmaxnreg.inc), either
//     - in ping-pong (sm90: a TiledMMA of one warpgroup, 128x128 tiles): consumer c takes the
//       CTA's tiles c, c + 2, ...; per stage kMmaM x kMmaK wgmmas of the atom (m64n128k16), one consumer's
//       mainloop running while the other one's epilogue does; or
//     - cooperative (sm90_128x256: a TiledMMA of two warpgroups along M, 128x256 tiles): one
//       consumer of 256 threads takes every tile of the CTA, warpgroup wg issuing per stage
//       kMmaK wgmma.m64n256k16 on its 64 rows (kGmmaOffA_*[wg * kMmaM + m], kGmmaOffB_*[wg]);
//       with kConsumers = 1 and a TiledMMA of one warpgroup (sm90_64x96_sk) the one consumer is
//       128 threads and the second consumer warpgroup is not launched;
//     on shared memory descriptors, one wgmma group in flight, a stage released (empty barrier)
//     once the group that read it has completed;
//   * with kClusterM > 1 (the configuration's ClusterShape; measured, not used by sm90 or
//     sm90_128x256: docs/perf-history.md), clusters of kClusterM CTAs along M walk cluster tiles, each CTA
//     multicasting its slice of K-major B (kTmaBoxB_K, kTmaMcastB) to all of them and releasing a stage on
//     every CTA's empty barrier;
//   * the epilogue (seed 004's; the cooperative one with 128-row sub-tiles, all 256 threads of the
//     consumer): per kEpiM x kEpiN sub-tile, when beta != 0 warp 1 of the producer warpgroup (the
//     C warp) TMA-loads the sub-tile of C into the consumer's 64B-swizzled sC (kEpiStages stages,
//     full / empty mbarriers per stage and consumer, running ahead by the stages) and every thread
//     reads its values with ldmatrix.x4 (tiled_s2r: s2r_smem, kS2RAcc) into alpha * acc + beta * C;
//     with a bias (bias_mode 1: bias[m], 2: bias[n] of the kernel's problem, bias_batch apart per
//     problem) every accumulator r gets its entry before the sub-tiles, its (m, n) in the tile
//     being acc_crd[t][0] + (kAccM, kAccN)[r]; a column bias is staged as floats in the
//     consumer's sBias by warp 2 of the producer warpgroup (the bias warp) during the mainloop;
//     then the f32 values go to half, stmatrix.x4 into 64B-swizzled sD (2 stages),
//     fence.proxy.async, and one thread's TMA store (cp.async.bulk.tensor.3d, bulk group); with
//     kReuseSmemC (CUTLASS's ReuseSmemC) sD is sC: D is written into the stage its C was loaded
//     into, and the stage goes back to the C warp once that store has read it (C one sub-tile ahead).
//     Without C (beta = 0) the sub-tiles use sC's stages too: in ping-pong groups of them go out
//     through a ring of sets of stages, one barrier per group; the cooperative schedule writes the
//     whole tile at once, half into the consumer's stages and half into the B part of the
//     mainloop stage its unit read last (lent), and warp 3 of the producer warpgroup (the store
//     warp) issues its TMA stores and gives both back once they have read them.
// Every index comes from the header: the TMA boxes and swizzles, the descriptors' fields and
// start bytes (kGmmaOffA_*/B_*), the accumulator blocks (kFragC), the stmatrix row addresses
// (r2s_smem) and the accumulator each stored value carries (kR2SAcc), the ldmatrix row addresses
// of C (s2r_smem) and the accumulator each loaded value belongs to (kS2RAcc), the sub-tile origins.
// Any M, N >= 1 and K >= 1 a multiple of 8 (16-byte TMA strides; the host checks the shapes,
// leading dimensions and batch strides): the last tile row / column and k-block may reach past
// the matrices, which the TMA handles (zeros loaded, stores clipped), except that a TMA store
// clips a row in 16-byte units: when N is not a multiple of 8 the sub-tiles holding D's last
// columns are stored by the threads through d_out (ldd, batch_d: D's row and batch strides). A batch of `batch` problems
// is the maps' third dimension, the tiles of all problems one persistent schedule; `flags` bits
// 0, 1, 2 mark A, B, C as one matrix for the whole batch (batch stride 0), bit 3 a D larger than
// the L2 (its TMA stores evict first, keeping the operands in L2), bits 8-15 the rows of a K-major
// A's box where A has fewer rows than a tile (0: the header's box). The host launches
// at most one CTA of kBlockThreads threads per SM (in clusters of kClusterM; stream-K only
// without clusters), with a stream-K workspace of one partial tile (sk_ws) and one flag (sk_flag,
// zero between launches) per CTA.
//
// The kernel composes tycute's device library (kernels/include/tycute, docs/kernels.md):
// scheduler/sm90_tile_scheduler.cuh (tiles and units, the stream-K walk of scheduler/stream_k.h),
// gemm/sm90_producer.cuh (TMA loads), gemm/sm90_mainloop.cuh (wgmma; the GMMA atom's instruction
// comes from the header, TYCUTE_<config>_WGMMA_PTX), scheduler/sm90_stream_k.cuh (partial sums),
// gemm/sm90_epilogue_warps.cuh (C, bias and store warps), gemm/sm90_epilogue.cuh (the consumer's
// sub-tiles), on arch/ (mbarrier, TMA, wgmma, stmatrix, ldmatrix, fences, setmaxnreg).
//
// Built once per sm90 configuration of the registry (tycute_configs::variants).
// tycute-arch: sm_90a
// TYCUTE_SM90_TN_ONLY=1 builds the tn entry point (and its scaled form) alone: the other three
// differ from it only in the operands' majors, which the branch cover's builds take, so
// tests/kernels.rs checks a configuration beyond the cover this way, in a third of the time. The
// host crate's Sm90Gemm loads all four entry points and refuses such a CUBIN, naming the one missing.
// tycute-one-entry: -DTYCUTE_SM90_TN_ONLY=1
// tycute-sass sm_90a: UTMALDG SYNCS
// (the epilogue's instructions by configuration, 16-bit D: LDSM STSM UTMASTG, fp32 D: STG.E.64 —
// tests/kernel_builds epilogue_sass)
// (and the GMMA form of the configuration's element, HGMMA.64xNx16 or QGMMA.64xNx32: tests/kernel_builds' gmma_sass)
#ifndef TYCUTE_SM90_CONFIG
#define TYCUTE_SM90_CONFIG sm90
#endif
#define TYCUTE_STR2(x) #x
#define TYCUTE_STR(x) TYCUTE_STR2(x)
#include TYCUTE_STR(TYCUTE_SM90_CONFIG.h)

using namespace tycute::TYCUTE_SM90_CONFIG;

// The host reads this symbol to know that this kernel takes the rows of a short A's box from
// `flags` bits 8-15 (tycute_gemm's SHORT_A_BOX_SYMBOL); a CUBIN without it gets whole boxes.
extern "C" __device__ const int tycute_sm90_short_a_box = 1;

#include "tycute/arch/cluster.cuh"
#include "tycute/arch/mbarrier.cuh"
#include "tycute/arch/setmaxnreg.cuh"
#include "tycute/arch/tma.cuh"
#include "tycute/gemm/sm90_config.cuh"
#include "tycute/gemm/sm90_epilogue.cuh"
#include "tycute/gemm/sm90_epilogue_warps.cuh"
#include "tycute/gemm/sm90_mainloop.cuh"
#include "tycute/gemm/sm90_producer.cuh"
#include "tycute/gemm/sm90_smem.cuh"
#include "tycute/scheduler/sm90_stream_k.cuh"
#include "tycute/scheduler/sm90_tile_scheduler.cuh"

using tycute::arch::TmaMap;
using namespace tycute::gemm;

// With -DTYCUTE_SM90_TRACE (a diagnostic build, docs/perf-history.md "sm90: stream-K"): each launch
// records per CTA and unit (the first 16) {tile, kt0, kt1, start, mainloop done, partial sums stored or
// added, end} in globaltimer nanoseconds; the host reads them (Sm90Gemm::trace).
#ifdef TYCUTE_SM90_TRACE
__device__ unsigned long long tycute_trace[256][16][8];
__device__ __forceinline__ unsigned long long trace_now() {
  unsigned long long x;
  asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(x));
  return x;
}
#define TYCUTE_TRACE_AT(k) \
  if (t == 0) tr[k] = trace_now()
#define TYCUTE_TRACE_UNIT()                                                                                         \
  if (t == 0 && blockIdx.x < 256 && i < 16) {                                                                       \
    tr[4] = trace_now();                                                                                            \
    unsigned long long* row = tycute_trace[blockIdx.x][i];                                                          \
    row[0] = id, row[1] = kt0, row[2] = kt1, row[3] = tr[0], row[4] = tr[1], row[5] = tr[2], row[6] = tr[4], row[7] = 1; \
  }
#else
#define TYCUTE_TRACE_AT(k)
#define TYCUTE_TRACE_UNIT()
#endif

namespace {

// The epilogue's shared-memory addresses of consumer c's thread t: its D stages (sD), its
// ldmatrix rows of C (crow) and stmatrix rows of D (row). kPerTile: called in the tile loop, with
// the base hidden from the compiler's loop-invariant hoisting (an empty asm), so that they are not
// live through the mainloops.
template <bool kPerTile>
__device__ __forceinline__ void sm90_epilogue_rows(const Sm90Smem& sm, int c, int t, unsigned& sD, unsigned (&crow)[kS2RCopies],
                                                   unsigned (&row)[kR2SCopies]) {
  unsigned base = sm.sEpi + c * kEpiBytes;
  if constexpr (kPerTile) asm volatile("" : "+r"(base));
  sD = base;
  const unsigned sC = sD + (kReuseSmemC ? 0u : kEpiStages * kEpiStageElems * 2u);
#pragma unroll
  for (int i = 0; i < kS2RCopies; ++i) crow[i] = sC + 2u * s2r_smem[t][i];
#pragma unroll
  for (int i = 0; i < kR2SCopies; ++i) row[i] = sD + 2u * r2s_smem[t][i];
}

// The kernel of one layout: operand A read through OpA (OperandA_K or OperandA_MN), B through OpB.
// kRowCol (the fp8 configurations' sm90_gemm_tn_rowcol): D = scale_m[m] * scale_n[n] * acc (+ bias)
// (+ beta * C) instead of alpha * acc, the vectors scale_batch_m / _n floats apart per problem.
template <class OpA, class OpB, bool kRowCol = false>
__device__ __forceinline__ void gemm(const TmaMap& tma_a, const TmaMap& tma_b, const TmaMap& tma_c, const TmaMap& tma_d, int M, int N,
                                     int K, int batch, int flags, float alpha, float beta, cd_t* __restrict__ d_out,
                                     long long ldd, long long batch_d, const cd_t* __restrict__ bias, int bias_mode,
                                     long long bias_batch, int sk_tiles, int sk_split, float* __restrict__ sk_ws, unsigned* __restrict__ sk_flag,
                                     const float* __restrict__ scale_m = nullptr, const float* __restrict__ scale_n = nullptr,
                                     long long scale_batch_m = 0, long long scale_batch_n = 0) {
  namespace arch = tycute::arch;
  static_assert(kClusterM == 1 || OpB::kMn == 0, "clusters multicast slices of K-major B only");
  // stream-K in the cooperative schedule only: its code, present, slows the ping-pong one by 5-7 %
  // (8192x8192x256 and x1024, docs/perf-history.md), whose shapes the host's pick keeps off it anyway
  if constexpr (kConsumers > 1) sk_tiles = sk_split = 0;
  extern __shared__ unsigned char smem_raw[];
  const Sm90Smem sm = Sm90Smem::carve(smem_raw);
  const unsigned rank = kClusterM > 1 ? arch::cluster_ctarank() : 0u;
  const int cluster = blockIdx.x / kClusterM, clusters = gridDim.x / kClusterM;
  const tycute::scheduler::Sm90TileScheduler sched =
      tycute::scheduler::Sm90TileScheduler::make(M, N, K, batch, rank, cluster, clusters, sk_tiles, sk_split);
  const bool stream_d = (flags & 8) != 0;  // D's stores evict first (tma_store_3d)
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

  if (threadIdx.x == 0) {
    arch::tma_prefetch(&tma_a);
    arch::tma_prefetch(&tma_b);
    if constexpr (!TYCUTE_SM90_EPI_DIRECT) {
      // (kEpiDirect: tma_c carries C's address, tma_d is unused)
      arch::tma_prefetch(&tma_c);
      arch::tma_prefetch(&tma_d);
    }
    for (int s = 0; s < kStages; ++s) {
      arch::mbar_init(sm.full(s), 1);  // the producer's arrive.expect_tx; the TMA completes the bytes
      // lane 0 of every warp of the consumer (1 or 2 warpgroups) that read it, once its wgmma
      // group is done, in every CTA of the cluster (the stage receives every CTA's slice of B)
      arch::mbar_init(sm.empty(s), kClusterM * kThreads / 32);
    }
    for (int c = 0; c < kConsumers; ++c) {
      for (int s = 0; s < kEpiStages; ++s) {
        arch::mbar_init(sm.cfull(c, s), 1);  // the C warp's arrive.expect_tx; the TMA completes the bytes
        // lane 0 of every warp of consumer c once it read the stage; with ReuseSmemC one thread,
        // once the TMA store of the D written into the stage has read it
        arch::mbar_init(sm.cempty(c, s), kReuseSmemC ? 1 : kThreads / 32);
      }
      arch::mbar_init(sm.turn(c), kThreads);         // every thread of the other consumer
      arch::mbar_init(sm.bfull(c), 32);              // every lane of the bias warp
      arch::mbar_init(sm.bempty(c), kThreads / 32);  // lane 0 of every warp of consumer c
    }
    arch::mbar_init(sm.dfull(), kThreads / 32);  // lane 0 of every warp of the consumer
    arch::mbar_init(sm.dempty(), 1);             // the store warp
    arch::mbar_init_fence();
  }
  if constexpr (kClusterM > 1)
    arch::cluster_sync();
  else
    __syncthreads();

  if (warp < kProducerThreads / 32) {
    // producer warpgroup: warp 0 the stages of every unit, warps 1-3 the epilogue's C, bias, stores
    arch::setmaxnreg_dec<kProducerRegs>();
    if (warp == 0 && lane == 0) sm90_producer_load<OpA, OpB>(sm, sched, tma_a, tma_b, flags, sk_ws, sk_flag);
    if (!TYCUTE_SM90_EPI_DIRECT && warp == 1 && lane == 0 && beta != 0.f) sm90_load_c(sm, sched, tma_c, flags);
    if (warp == 2 && bias_mode == 2) sm90_load_bias(sm, sched, N, bias, bias_batch, lane);
    if (kLendStage && warp == 3 && lane == 0 && beta == 0.f && (N & 7) == 0) sm90_store_tiles(sm, sched, tma_d, stream_d);
    if constexpr (kClusterM > 1) arch::cluster_sync();
    return;
  }

  // consumer warpgroups
  arch::setmaxnreg_inc<kConsumerRegs>();
  const int c = (threadIdx.x - kProducerThreads) / kThreads;  // which consumer
  const int t = (threadIdx.x - kProducerThreads) % kThreads;  // thread in the consumer (its TiledMMA thread)
  unsigned off_a[kMmaM][kMmaK], off_b[kMmaK];
  sm90_gmma_offsets<OpA, OpB>(t / 128, off_a, off_b);  // (t / 128: the warpgroup of the TiledMMA)
  const bool load_c = beta != 0.f;
  // the epilogue's addresses: once here, or, in clusters, per tile (below): kept live through the
  // loop, NVRTC 13.0's ptxas spilled them in the clusters-of-2 fp8 build (12 bytes); recomputed per
  // tile they cost the epilogue the latency of the header's tables, which the 1-CTA builds (no
  // spills either way) do not pay
#if !TYCUTE_SM90_EPI_DIRECT
  unsigned sD, crow[kS2RCopies], row[kR2SCopies];
  if constexpr (kClusterM == 1) sm90_epilogue_rows<false>(sm, c, t, sD, crow, row);
#endif

  int epi = 0;        // this consumer's epilogue sub-tiles so far: the stage and parity of sD / sC
  int epi_group = 0;  // without C: its groups of sub-tiles so far (the set of stages they use)
  float acc[kAccumulators];
  // a stream-K partial unit's flag (scheduler/sm90_stream_k.cuh)
  tycute::scheduler::Sm90SkFlag sk{sk_flag + sched.pos(), false};
  // it0: the producer's iteration of unit i's first k-block (the units before it, either
  // consumer's: each its k-blocks and, a stream-K head, kSkChunks stages per source)
  int it0 = 0, id, kt0, kt1, sources = 0;
  for (int i = 0, ne = 0; sched.unit(i, id, kt0, kt1); it0 += kt1 - kt0 + kSkChunks * sources, ++i) {
    sources = sched.sources(id, kt0, kt1);
    if (kConsumers > 1 && i % kConsumers != c) continue;
    // (n: this consumer's units so far, the parity of its turn barriers; ne: its epilogues, the
    // parity of its sBias barriers)
    // unit i's mainloop after unit i - 1's (the other consumer's n-th or (n-1)-th) has waited
    // for its last stage
    // (n is computed, not counted: the units go round the consumers, so this one's units before i
    // are i / kConsumers; a counter kept live across the loop made NVRTC 13.0's ptxas spill it)
    const int n = i / kConsumers;
    if (kConsumers > 1 && c == 1) arch::mbar_wait(sm.turn(1), n & 1);
    if (kConsumers > 1 && c == 0 && n > 0) arch::mbar_wait(sm.turn(0), (n - 1) & 1);
#ifdef TYCUTE_SM90_TRACE
    unsigned long long tr[5] = {0, 0, 0, 0, 0};
#endif
    TYCUTE_TRACE_AT(0);
    int m0, n0, z;
    sched.tile_of(id, m0, n0, z);

    // mainloop: the stages of unit i are the producer's iterations it0 ...
    sm90_mma_unit<OpA, OpB>(sm, acc, off_a, off_b, it0, kt0, kt1, sk, lane);
    // the other consumer may wait for its next unit's stages (after this one's last)
    if (kConsumers > 1 && sources == 0) arch::mbar_arrive(sm.turn(1 - c));
    sm90_mma_drain(acc);
    // the unit's last stage is lent to a whole-tile epilogue (below), else released: the last
    // k-block's here, a stream-K head's last partial-sums chunk's in sm90_add_sources
    const bool lend = kLendStage && kt0 == 0 && !load_c && (N & 7) == 0;
    const int last = (it0 + kt1 - kt0 + kSkChunks * sources - 1) % kStages;
    if (!(lend && sources == 0) && lane == 0) sm90_release(sm, (it0 + kt1 - kt0 - 1) % kStages);
    TYCUTE_TRACE_AT(1);
    sm90_add_sources(sm, acc, it0 + kt1 - kt0, sources, lend, t, lane);
    if (kConsumers > 1 && sources > 0) arch::mbar_arrive(sm.turn(1 - c));

    if (kt0 > 0) {
      // a stream-K unit inside its tile: the partial sums into this position's slot, no
      // epilogue; its flag goes up later (sk.raise)
      tycute::scheduler::sm90_store_partial(sk_ws, sched.pos(), acc, t);
      sk.raise = true;
      TYCUTE_TRACE_AT(2);
      TYCUTE_TRACE_UNIT();
      continue;
    }
    TYCUTE_TRACE_AT(2);
#if !TYCUTE_SM90_EPI_DIRECT
    // (before the scale, as it was: computed after it, NVRTC 13.0 spilled the clusters-of-2 builds)
    if constexpr (kClusterM > 1) sm90_epilogue_rows<true>(sm, c, t, sD, crow, row);
#endif
    // epilogue: alpha * acc (+ bias) in f32, then the sub-tiles (+ beta * C)
    if constexpr (kRowCol) sm90_epilogue_rowcol(acc, t, M, N, m0, n0, z, scale_m, scale_n, scale_batch_m, scale_batch_n);
    const float alpha_c = sm90_epilogue_scale(sm, acc, c, ne, t, lane, M, m0, z, kRowCol ? 1.f : alpha, load_c, bias, bias_mode, bias_batch);
#if TYCUTE_SM90_EPI_DIRECT
    (void)lend;
    (void)last;
    (void)epi;
    (void)epi_group;
    sm90_epilogue_direct(acc, t, load_c, alpha_c, beta, tma_c, M, N, m0, n0, z, stream_d, d_out, ldd, batch_d);
#else
    if (lend) {
      sm90_epilogue_lend(sm, acc, row, sD, last, c, ne, lane);
    } else if (!kLendStage && !load_c && (N & 7) == 0) {
      sm90_epilogue_groups(acc, row, sD, epi_group, c, t, tma_d, m0, n0, z, stream_d);
    } else {
      sm90_epilogue_subtiles(sm, acc, crow, row, sD, epi, c, t, lane, load_c, alpha_c, beta, tma_d, M, N, m0, n0, z, stream_d, d_out, ldd,
                             batch_d);
    }
#endif
    ++ne;
    TYCUTE_TRACE_UNIT();
  }
  if (sk.raise) sk.raise_now(lane);  // (a partial unit was this consumer's last)
  if (t == 0) arch::bulk_wait<0>();
  if constexpr (kClusterM > 1) arch::cluster_sync();
}

}  // namespace

// The entry points, one per layout of A (M,K) and B (N,K) in global memory, named as BLAS names a
// column-major D = op(A) op(B): tn both K-major, nt both MN-major, nn A M-major and B K-major, tt A
// K-major and B N-major.
// Clusters multicast slices of a K-major B only: in a configuration with kClusterM > 1 the entry
// points of an MN-major B (nt, tt) are a trap, never launched (the host loads tn and nn alone).
// A template, so that the discarded branch (whose static_assert refuses the layout) is not
// instantiated; the arguments are forwarded as references (the maps stay __grid_constant__).
template <class OpA, class OpB, class... Args>
__device__ __forceinline__ void gemm_entry(Args&&... args) {
  if constexpr (kClusterM == 1 || OpB::kMn == 0)
    gemm<OpA, OpB>(static_cast<Args&&>(args)...);
  else
    __trap();
}
#define TYCUTE_SM90_ENTRY(NAME, OPA, OPB)                                                                                         \
  extern "C" __global__ void __launch_bounds__(kBlockThreads, 1)                                                                  \
      NAME(const __grid_constant__ TmaMap tma_a, const __grid_constant__ TmaMap tma_b, const __grid_constant__ TmaMap tma_c,        \
           const __grid_constant__ TmaMap tma_d, int M, int N, int K, int batch, int flags, float alpha, float beta,           \
           cd_t* __restrict__ d_out, long long ldd, long long batch_d, const cd_t* __restrict__ bias,                             \
           int bias_mode, long long bias_batch, int sk_tiles, int sk_split, float* __restrict__ sk_ws,                            \
           unsigned* __restrict__ sk_flag) {                                                                                      \
    gemm_entry<OPA, OPB>(tma_a, tma_b, tma_c, tma_d, M, N, K, batch, flags, alpha, beta, d_out, ldd, batch_d, bias, bias_mode, \
                         bias_batch, sk_tiles, sk_split, sk_ws, sk_flag);                                                         \
  }
TYCUTE_SM90_ENTRY(sm90_gemm_tn, OperandA_K, OperandB_K)
// (fp8 A and B: K-major only, the tn entry point alone, and its per-row / per-column scaled form:
// the arguments of sm90_gemm_tn (alpha unused), then scale_m (M floats per problem of the
// kernel's), scale_n (N), and their batch strides in floats; a 16-bit configuration of the
// K-major family has the tn entry point alone)
#if TYCUTE_SM90_K_MAJOR_FORM
extern "C" __global__ void __launch_bounds__(kBlockThreads, 1)
    sm90_gemm_tn_rowcol(const __grid_constant__ TmaMap tma_a, const __grid_constant__ TmaMap tma_b, const __grid_constant__ TmaMap tma_c,
                        const __grid_constant__ TmaMap tma_d, int M, int N, int K, int batch, int flags, float alpha, float beta,
                        cd_t* __restrict__ d_out, long long ldd, long long batch_d, const cd_t* __restrict__ bias,
                        int bias_mode, long long bias_batch, int sk_tiles, int sk_split, float* __restrict__ sk_ws,
                        unsigned* __restrict__ sk_flag, const float* __restrict__ scale_m, const float* __restrict__ scale_n,
                        long long scale_batch_m, long long scale_batch_n) {
  gemm<OperandA_K, OperandB_K, true>(tma_a, tma_b, tma_c, tma_d, M, N, K, batch, flags, alpha, beta, d_out, ldd, batch_d, bias, bias_mode,
                                     bias_batch, sk_tiles, sk_split, sk_ws, sk_flag, scale_m, scale_n, scale_batch_m, scale_batch_n);
}
#endif
#ifndef TYCUTE_SM90_TN_ONLY
#define TYCUTE_SM90_TN_ONLY 0
#endif
#if !TYCUTE_SM90_K_MAJOR_ONLY && !TYCUTE_SM90_TN_ONLY
TYCUTE_SM90_ENTRY(sm90_gemm_nt, OperandA_MN, OperandB_MN)
TYCUTE_SM90_ENTRY(sm90_gemm_nn, OperandA_MN, OperandB_K)
TYCUTE_SM90_ENTRY(sm90_gemm_tt, OperandA_K, OperandB_MN)
#endif
