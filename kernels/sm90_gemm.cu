// The sm90 configurations' data flow on tycute's tables: D = alpha * A * B^T + beta * C with A
// (M,K) and B (N,K) half, each K-major or MN-major (one entry point per layout: sm90_gemm_tn, _nt,
// _nn, _tt, at the end), fp32 accumulation, and C, D half, N-major (row-major, leading dimension
// ldc / the TMA map's). An MN-major operand's stage is the header's MN-major GMMA layout, filled by
// one (64 MN, 64 K) TMA box per 64 rows, and the wgmma reads it with its transpose bit set. The configuration is a header written from a type
// (crates/tycute-configs: sm90, sm90_128x256); TYCUTE_SM90_CONFIG names it (default sm90; NVRTC
// option -DTYCUTE_SM90_CONFIG=sm90_128x256 for the other), and its kMmaWarpGroups picks the
// schedule. The kernel is persistent (one CTA per SM walks the kTileM x kTileN tiles of D,
// blockIdx.x + i * gridDim.x in a grouped order; with stream-K, sk_tiles > 0, the last sk_tiles
// tiles are then shared out along K, as a line cut into one range of k-blocks per CTA or as sk_split
// equal splits of each tile: "This CTA's work" below, the host's Sm90Schedule) with
//   * a producer warpgroup (setmaxnreg.dec): one thread issues the TMA loads of A and B (the
//     operand tables' boxes; cp.async.bulk.tensor.3d, mbarrier complete_tx) of tile after tile into kStages
//     128B-swizzled stages, running ahead into the next tiles' stages during an epilogue;
//   * two consumer warpgroups (setmaxnreg.inc), either
//     - in ping-pong (sm90: a TiledMMA of one warpgroup, 128x128 tiles): consumer c takes the
//       CTA's tiles c, c + 2, ...; per stage kMmaM x kMmaK wgmma.m64n128k16, one consumer's
//       mainloop running while the other one's epilogue does; or
//     - cooperative (sm90_128x256: a TiledMMA of two warpgroups along M, 128x256 tiles): one
//       consumer of 256 threads takes every tile of the CTA, warpgroup wg issuing per stage
//       kMmaK wgmma.m64n256k16 on its 64 rows (kGmmaOffA_*[wg * kMmaM + m], kGmmaOffB_*[wg]);
//     on shared memory descriptors, one wgmma group in flight, a stage released (empty barrier)
//     once the group that read it has completed;
//   * with kClusterM > 1 (the configuration's ClusterShape; measured, not used by sm90 or
//     sm90_128x256: docs/perf.md), clusters of kClusterM CTAs along M walk cluster tiles, each CTA
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
// the L2 (its TMA stores evict first, keeping the operands in L2). The host launches
// at most one CTA of kBlockThreads threads per SM (in clusters of kClusterM; stream-K only
// without clusters), with a stream-K workspace of one partial tile (sk_ws) and one flag (sk_flag,
// zero between launches) per CTA.
//
// tycute-arch: sm_90a
// tycute-variant: -DTYCUTE_SM90_CONFIG=sm90
// tycute-variant: -DTYCUTE_SM90_CONFIG=sm90_128x256
// tycute-variant: -DTYCUTE_SM90_CONFIG=sm90_reuse_c
// tycute-sass sm_90a: UTMALDG HGMMA.64x LDSM STSM UTMASTG SYNCS
#ifndef TYCUTE_SM90_CONFIG
#define TYCUTE_SM90_CONFIG sm90
#endif
#define TYCUTE_STR2(x) #x
#define TYCUTE_STR(x) TYCUTE_STR2(x)
#include TYCUTE_STR(TYCUTE_SM90_CONFIG.h)

using namespace tycute::TYCUTE_SM90_CONFIG;

namespace {

// CUtensorMap, filled by cuTensorMapEncodeTiled on the host (crates/tycute-cuda's TensorMap).
struct alignas(128) TmaMap {
  unsigned long long opaque[16];
};

constexpr int kProducerThreads = 128;                   // one producer warpgroup
// consumers: two of one warpgroup each in ping-pong (kMmaWarpGroups = 1), or one of two
// warpgroups (cooperative); either way two consumer warpgroups
constexpr int kConsumers = 2 / kMmaWarpGroups;
static_assert(kConsumers * kThreads == 256 && kThreads == 128 * kMmaWarpGroups, "two consumer warpgroups");
constexpr int kBlockThreads = kProducerThreads + kConsumers * kThreads;
constexpr int kProducerRegs = 40, kConsumerRegs = 232;  // setmaxnreg: 128 x 40 + 256 x 232 <= 64K
constexpr int kEpiBarrier = 1;                          // named barriers 1 (, 2): one per consumer
// tile order: groups of 16 tile rows (16 / kClusterM rows of cluster tiles), m fastest
constexpr int kGroupM = 16 / kClusterM;
// A stream-K slot: kAccumulators floats of each of a consumer's kThreads threads, float4 q of
// thread t at bytes (q * kThreads + t) * 16 (a warp's accesses are 512 contiguous bytes). It
// travels through the mainloop's stages: kSkQA float4 blocks (q) in a stage's A part, kSkQB in
// its B part, kSkChunks stages per slot.
constexpr int kSkQ = kAccumulators / 4;
constexpr int kSkQA = kStageBytesA / (16 * kThreads), kSkQB = kStageBytesB / (16 * kThreads);
constexpr int kSkChunks = (kSkQ + kSkQA + kSkQB - 1) / (kSkQA + kSkQB);
constexpr unsigned kSkSlotBytes = 16u * kSkQ * kThreads;
static_assert(kAccumulators % 4 == 0 && kStageBytesA % (16 * kThreads) == 0 && kStageBytesB % (16 * kThreads) == 0,
              "a stream-K slot fills the stages in whole float4 blocks of the consumer's threads");

__device__ __forceinline__ unsigned smem_u32(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbar_init(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count));
}
__device__ __forceinline__ void mbar_expect_tx(unsigned bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}
// kCount arrivals at once (one thread standing for kCount warps)
template <int kCount>
__device__ __forceinline__ void mbar_arrive_n(unsigned bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "n"(kCount) : "memory");
}
__device__ __forceinline__ void mbar_wait(unsigned bar, unsigned parity) {
  asm volatile(
      "{\n.reg .pred p;\nWAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT;\n}\n" ::"r"(bar),
      "r"(parity)
      : "memory");
}

// TMA: box (x = inner, y = outer element coordinates, z = the matrix of the batch) of `map` into
// shared memory, counted on `bar`. The maps are 3D (x, y, batch; the box is 1 deep); a box that
// reaches past the matrix (the residue tiles) is zero-filled and still completes its full bytes on
// the barrier, and a store of such a box writes only the elements inside the matrix.
__device__ __forceinline__ void tma_load_3d(unsigned dst, const TmaMap* map, int x, int y, int z, unsigned bar) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], [%2];\n" ::"r"(dst),
      "l"(map), "r"(bar), "r"(x), "r"(y), "r"(z)
      : "memory");
}
// `bytes` (a multiple of 16) from global `src` to shared `dst`, counted on `bar` (a bulk copy, no tensor map).
__device__ __forceinline__ void bulk_load(unsigned dst, const void* src, unsigned bytes, unsigned bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(dst), "l"(src), "r"(bytes),
               "r"(bar)
               : "memory");
}
// The same box multicast to the CTAs of `mask` in the cluster: each gets it at offset `dst` of its
// shared memory, counted on its mbarrier at offset `bar`.
[[maybe_unused]] __device__ __forceinline__ void tma_load_3d_mcast(unsigned dst, const TmaMap* map, int x, int y, int z, unsigned bar, unsigned short mask) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%3, %4, %5}], [%2], %6;\n" ::"r"(dst),
      "l"(map), "r"(bar), "r"(x), "r"(y), "r"(z), "h"(mask)
      : "memory");
}
// Arrive on the mbarrier at offset `bar` of CTA `rank` of the cluster (this one included), with
// the default .release.cta semantics as CUTLASS's ClusterBarrier::arrive (what is released is the
// warp's wgmma reads, complete at wgmma.wait_group; .release.cluster costs a cluster-wide fence).
[[maybe_unused]] __device__ __forceinline__ void mbar_arrive_cluster(unsigned bar, unsigned rank) {
  asm volatile(
      "{\n.reg .b32 remote;\nmapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n" ::"r"(bar),
      "r"(rank)
      : "memory");
}
// kCount arrivals at once on the mbarrier at offset `bar` of CTA `rank` of the cluster.
template <int kCount>
[[maybe_unused]] __device__ __forceinline__ void mbar_arrive_cluster_n(unsigned bar, unsigned rank) {
  asm volatile(
      "{\n.reg .b32 remote;\nmapa.shared::cluster.u32 remote, %0, %1;\n"
      "mbarrier.arrive.shared::cluster.b64 _, [remote], %2;\n}\n" ::"r"(bar),
      "r"(rank), "n"(kCount)
      : "memory");
}
__device__ __forceinline__ unsigned cluster_ctarank() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
  return r;
}
// Every thread of every CTA of the cluster: the barriers are initialized before any CTA uses a
// peer's, and no CTA exits while a peer may still write its shared memory or arrive on it.
__device__ __forceinline__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;\n" ::: "memory");
}
// (`stream`: D does not fit in L2 anyway, flags bit 3: its lines are the first the L2 evicts, so
// that the stores do not push out the operands, which the other tiles read again)
__device__ __forceinline__ void tma_store_3d(const TmaMap* map, unsigned src, int x, int y, int z, bool stream) {
  if (stream) {
    unsigned long long policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\n" : "=l"(policy));
    asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group.L2::cache_hint [%0, {%2, %3, %4}], [%1], %5;\n" ::"l"(map), "r"(src),
                 "r"(x), "r"(y), "r"(z), "l"(policy)
                 : "memory");
  } else {
    asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%2, %3, %4}], [%1];\n" ::"l"(map), "r"(src), "r"(x), "r"(y),
                 "r"(z)
                 : "memory");
  }
}

// A GMMA shared-memory descriptor: start address, LBO, SBO (all >> 4), layout type; the fields
// are the header's (read off the operand's stage layout in its major), the bit positions the hardware's.
template <int kLbo, int kSbo>
__device__ __forceinline__ unsigned long long gmma_desc(unsigned smem_byte) {
  return static_cast<unsigned long long>((smem_byte & 0x3FFFF) >> 4) | (static_cast<unsigned long long>(kLbo >> 4) << 16) |
         (static_cast<unsigned long long>(kSbo >> 4) << 32) | (static_cast<unsigned long long>(kGmmaLayoutType) << 62);
}

// One operand (A or B) of the mainloop in one major, from the header's tables of that name
// (A_K, A_MN, B_K, B_MN): kMn (the wgmma transpose bit), the TMA boxes of a stage ({MN origin,
// start byte} each; the map's dimensions are (K, MN, batch) K-major, (MN, K, batch) MN-major) and
// the descriptors' LBO, SBO and start bytes. Indexed with unrolled-loop constants only.
#define TYCUTE_OPERAND(NAME, X)                                                                   \
  struct NAME {                                                                                   \
    static constexpr int kMn = kMn##X, kBoxes = kTmaBoxes##X, kLbo = kGmmaLbo##X, kSbo = kGmmaSbo##X; \
    __device__ static __forceinline__ int box_mn(int j) { return kTmaBoxOff##X[j][0]; }           \
    __device__ static __forceinline__ unsigned box_byte(int j) { return kTmaBoxOff##X[j][1]; }    \
    __device__ static __forceinline__ unsigned gmma_off(int r, int kb) { return kGmmaOff##X[r][kb]; } \
  };
TYCUTE_OPERAND(OperandA_K, A_K)
TYCUTE_OPERAND(OperandA_MN, A_MN)
TYCUTE_OPERAND(OperandB_K, B_K)
TYCUTE_OPERAND(OperandB_MN, B_MN)
#undef TYCUTE_OPERAND

// The boxes of one stage of operand Op (tile origin mn0 along M or N, k0 along K) into `stage`:
// coordinates (k, mn) of a K-major map, (mn, k) of an MN-major one.
template <class Op>
__device__ __forceinline__ void tma_load_operand(unsigned stage, const TmaMap* map, int mn0, int k0, int z, unsigned bar) {
#pragma unroll
  for (int j = 0; j < Op::kBoxes; ++j) {
    if constexpr (Op::kMn)
      tma_load_3d(stage + Op::box_byte(j), map, mn0 + Op::box_mn(j), k0, z, bar);
    else
      tma_load_3d(stage + Op::box_byte(j), map, k0, mn0 + Op::box_mn(j), z, bar);
  }
}

// Keeps the compiler from moving accumulator accesses across wgmma issue / wait.
__device__ __forceinline__ void fence_operand(float& r) { asm volatile("" : "+f"(r)::"memory"); }

// wgmma.mma_async m64n128k16, f32 += f16 * f16, A and B from shared-memory descriptors (K-major,
// no transpose), d = the 64 accumulators of one block (the atom's layoutC_TV value order);
// d = a * b when accumulate is 0 (the first k-block of a tile), d += a * b otherwise.
template <int kTnspA, int kTnspB>
__device__ __forceinline__ void wgmma_m64n128k16(float* d, unsigned long long desc_a, unsigned long long desc_b, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, %67, %68;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "l"(desc_a), "l"(desc_b), "r"(accumulate), "n"(kTnspA), "n"(kTnspB));
}

// wgmma.mma_async m64n256k16, as m64n128k16 with the 128 accumulators of one block.
template <int kTnspA, int kTnspB>
__device__ __forceinline__ void wgmma_m64n256k16(float* d, unsigned long long desc_a, unsigned long long desc_b, int accumulate) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, %131, %132;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(desc_a), "l"(desc_b), "r"(accumulate), "n"(kTnspA), "n"(kTnspB));
}

// One wgmma of the configuration's atom (kAtomN = 128 or 256) on accumulator block d.
// (imm-trans-a / -b: 1 for an MN-major operand)
template <int kTnspA, int kTnspB>
__device__ __forceinline__ void wgmma_atom(float* d, unsigned long long desc_a, unsigned long long desc_b, int accumulate) {
  static_assert(kAtomN == 128 || kAtomN == 256, "the kernel issues wgmma m64n128k16 or m64n256k16");
  static_assert(kAccPerMma == kAtomN / 2, "one wgmma's accumulators: 64 x kAtomN / 128 threads");
  if constexpr (kAtomN == 256)
    wgmma_m64n256k16<kTnspA, kTnspB>(d, desc_a, desc_b, accumulate);
  else
    wgmma_m64n128k16<kTnspA, kTnspB>(d, desc_a, desc_b, accumulate);
}

__device__ __forceinline__ unsigned pack_half2(float lo, float hi) {
  unsigned r;
  asm("cvt.rn.f16x2.f32 %0, %1, %2;\n" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

// A half (its bits) as a float.
__device__ __forceinline__ float half_to_float(unsigned short h) {
  float f;
  asm("cvt.f32.f16 %0, %1;\n" : "=f"(f) : "h"(h));
  return f;
}

// The two halves of a 32-bit register (lo = the lower address) as floats.
__device__ __forceinline__ void unpack_half2(unsigned x, float& lo, float& hi) {
  asm("{\n.reg .f16 l, h;\nmov.b32 {l, h}, %2;\ncvt.f32.f16 %0, l;\ncvt.f32.f16 %1, h;\n}\n" : "=f"(lo), "=f"(hi) : "r"(x));
}

__device__ __forceinline__ void ldmatrix_x4(unsigned addr, unsigned& r0, unsigned& r1, unsigned& r2, unsigned& r3) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr)
               : "memory");
}

__device__ __forceinline__ void stmatrix_x4(unsigned addr, unsigned r0, unsigned r1, unsigned r2, unsigned r3) {
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};\n" ::"r"(addr), "r"(r0), "r"(r1), "r"(r2), "r"(r3)
               : "memory");
}

}  // namespace

// With -DTYCUTE_SM90_TRACE (a diagnostic build, docs/perf.md "sm90: stream-K"): each launch
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

// The kernel of one layout: operand A read through OpA (OperandA_K or OperandA_MN), B through OpB.
template <class OpA, class OpB>
__device__ __forceinline__ void gemm(const TmaMap& tma_a, const TmaMap& tma_b, const TmaMap& tma_c, const TmaMap& tma_d, int M, int N,
                                     int K, int batch, int flags, float alpha, float beta, unsigned short* __restrict__ d_out,
                                     long long ldd, long long batch_d, const unsigned short* __restrict__ bias, int bias_mode,
                                     long long bias_batch, int sk_tiles, int sk_split, float* __restrict__ sk_ws, unsigned* __restrict__ sk_flag) {
  static_assert(kClusterM == 1 || OpB::kMn == 0, "clusters multicast slices of K-major B only");
  // stream-K in the cooperative schedule only: its code, present, slows the ping-pong one by 5-7 %
  // (8192x8192x256 and x1024, docs/perf.md), whose shapes the host's pick keeps off it anyway
  if constexpr (kConsumers > 1) sk_tiles = sk_split = 0;
  // shared memory (1024-byte aligned: the swizzles act on address bits): kStages stages of A and
  // of B, then per consumer kEpiStages stages of D and of C (one buffer with ReuseSmemC), then the
  // mbarriers (the stages' full / empty ones, each consumer's C stages' full / empty ones, its
  // turn, its sBias's full / empty ones), then (16-byte aligned) each consumer's sBias
  extern __shared__ unsigned char smem_raw[];
  const unsigned raw = smem_u32(smem_raw);
  const unsigned base = (raw + 1023u) & ~1023u;
  const unsigned sA = base, sB = sA + kStages * kStageBytesA, sEpi = sB + kStages * kStageBytesB;
  // sD and sC of one consumer (ReuseSmemC: one buffer, D stored through the stage C was loaded into)
  constexpr unsigned kEpiBytes = (kReuseSmemC ? 1u : 2u) * kEpiStages * kEpiStageElems * 2u;
  static_assert(!kReuseSmemC || kEpiStages >= 2, "ReuseSmemC: C runs one sub-tile ahead, which needs two stages");
  // without C (beta = 0) D's sub-tiles take every stage of the consumer's buffers, kDStages, in
  // kEpiSets sets of kEpiGroup sub-tiles (a ring: one group written while the others' stores read)
  constexpr int kDStages = (kReuseSmemC ? 1 : 2) * kEpiStages;
  constexpr int kEpiGroup = kDStages / 2 < kEpiTiles ? kDStages / 2 : kEpiTiles;
  constexpr int kEpiSets = kDStages / kEpiGroup;
  // The cooperative schedule without C writes the whole tile at once when its sub-tiles fit in
  // those kDStages stages plus the B part of the mainloop stage its unit read last (lent: the
  // producer next fills it kStages - 1 iterations later); warp 3 of the producer warpgroup (the
  // store warp) stores them with the TMA and gives the lent stage back once they have been read.
  constexpr bool kLendStage = kConsumers == 1 && kStages >= 3 && kEpiTiles > kDStages &&
                              (kEpiTiles - kDStages) * kEpiStageElems * 2 <= kStageBytesB;
  static_assert(kEpiGroup >= 1 && kEpiSets >= 2 && kEpiTiles % kEpiGroup == 0, "sub-tile groups: whole, a ring of at least two sets");
  const unsigned bars = sEpi + kConsumers * kEpiBytes;
  auto full = [&](int s) { return bars + 8u * s; };
  auto empty = [&](int s) { return bars + 8u * (kStages + s); };
  auto cfull = [&](int c, int s) { return bars + 8u * (2 * kStages + c * kEpiStages + s); };
  // consumer c's turn to run a mainloop: the other consumer arrives once it has waited for the
  // last stage of its tile. A consumer waiting for the stages of its next tile earlier could be
  // two phases ahead of a stage's full barrier, which a parity wait cannot tell from done.
  auto turn = [&](int c) { return bars + 8u * (2 * kStages + kConsumers * kEpiStages + c); };
  // consumer c has read C stage s (its warps' lane 0): the producer's C warp may load the next
  // sub-tile into it
  auto cempty = [&](int c, int s) { return bars + 8u * (2 * kStages + kConsumers * (kEpiStages + 1) + c * kEpiStages + s); };
  // a column bias (bias_mode 2): warp 2 of the producer warpgroup (the bias warp) stages each
  // tile's kTileN entries, as floats, in consumer c's sBias (full / empty mbarrier each)
  constexpr int kBars = 2 * kStages + kConsumers * (2 * kEpiStages + 1);
  auto bfull = [&](int c) { return bars + 8u * (kBars + c); };
  auto bempty = [&](int c) { return bars + 8u * (kBars + kConsumers + c); };
  // the whole-tile stores (kLendStage): the consumer has written the tile (dfull, lane 0 of its
  // warps), the store warp's stores have read the consumer's stages (dempty)
  auto dfull = [&] { return bars + 8u * (kBars + 2 * kConsumers); };
  auto dempty = [&] { return bars + 8u * (kBars + 2 * kConsumers + 1); };
  const unsigned sBias0 = (bars + 8u * (kBars + 2 * kConsumers + 2) + 15u) & ~15u;
  // (as a generic pointer, so that the compiler sees shared-memory loads it may merge)
  float* const sbias = reinterpret_cast<float*>(smem_raw + (sBias0 - raw));

  // the tiles, in cluster tiles of kClusterM tiles along M (one tile when kClusterM = 1): cluster
  // tile i of this cluster is cluster + i * clusters, the batch's matrices one after the other, in
  // each in groups of kGroupM cluster-tile rows (m fastest) so that the CTAs working at one time
  // share their A and B tiles in L2; CTA `rank` of the cluster takes tile row kClusterM * row +
  // rank. The last tile row / column / k-block may reach past M / N / K (the TMA zero-fills what it
  // loads from there and clips what it stores; a CTA whose tile row is past M still loads, for its
  // peers, its slice of B).
  const unsigned rank = kClusterM > 1 ? cluster_ctarank() : 0u;
  const int cluster = blockIdx.x / kClusterM, clusters = gridDim.x / kClusterM;
  const int tiles_m = (M + kTileM * kClusterM - 1) / (kTileM * kClusterM), tiles_n = (N + kTileN - 1) / kTileN, tiles_mn = tiles_m * tiles_n;
  const int tiles = tiles_mn * batch;
  auto tile_of = [&](int id, int& m0, int& n0, int& z) {
    z = id / tiles_mn;
    id -= z * tiles_mn;
    const int group = id / (kGroupM * tiles_n), first_m = group * kGroupM;
    const int rows = min(tiles_m - first_m, kGroupM), in_group = id % (kGroupM * tiles_n);
    m0 = ((first_m + in_group % rows) * kClusterM + rank) * kTileM;
    n0 = (in_group / rows) * kTileN;
  };
  const int KT = (K + kTileK - 1) / kTileK;
  const bool stream_d = (flags & 8) != 0;  // D's stores evict first (tma_store_3d)
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

  // This CTA's work: units j = 0, 1, ..., each the k-blocks [kt0, kt1) of tile `id`: first the
  // whole tiles g, g + G, ... below sk0 = tiles - sk_tiles, then its stream-K work (sk_tiles > 0;
  // the host launches one CTA per SM, no clusters), CTA g at position p = G - 1 - g, in one of
  // two forms:
  //   * a line (sk_split = 0): the last sk_tiles tiles (the last full wave and the partly filled
  //     one after it) are one line of sk_tiles * KT k-blocks cut into equal ranges, position p's
  //     [sk_begin(p), sk_begin(p + 1)); the CTA's stream-K units are the pieces of its range, tile
  //     by tile, and only the first of them may start inside a tile;
  //   * splits (sk_split = S > 0): the last sk_tiles tiles (the partly filled wave) are each cut
  //     into S equal ranges of k-blocks, position p (p < sk_tiles * S) running split p % S of
  //     tile sk0 + p / S.
  // A unit that starts inside its tile (kt0 > 0) leaves its partial sums in the workspace slot of
  // its position; the unit holding the tile's k-block 0 (the head) adds its sources' slots,
  // position by position, and runs the epilogue. A head waits only for CTAs of lower index
  // (higher positions), which the GPU starts no later than it.
  const long long sk_blocks = sk_split > 0 ? 0 : static_cast<long long>(sk_tiles) * KT;
  auto sk_begin = [&](int p) { return static_cast<int>(sk_blocks * p / clusters); };
  const int sk_pos = clusters - 1 - cluster;
  const int sk_s = sk_begin(sk_pos), sk_e = sk_begin(sk_pos + 1);
  const int sk_first_tile = sk_s / KT, sk_units = sk_e > sk_s ? (sk_e - 1) / KT - sk_first_tile + 1 : 0;
  const int sk0 = tiles - sk_tiles, n_whole = cluster < sk0 ? (sk0 - 1 - cluster) / clusters + 1 : 0;
  auto unit = [&](int j, int& id, int& kt0, int& kt1) {
    if (j < n_whole) {
      id = cluster + j * clusters;
      kt0 = 0;
      kt1 = KT;
      return true;
    }
    if (sk_split > 0) {
      // split sk_pos % S of tile sk0 + sk_pos / S
      const int piece = sk_pos % sk_split;
      id = sk0 + sk_pos / sk_split;
      kt0 = KT * piece / sk_split;
      kt1 = KT * (piece + 1) / sk_split;
      return j == n_whole && sk_pos < sk_tiles * sk_split;
    }
    const int x = sk_first_tile + j - n_whole;  // the tile's place on the stream-K line
    id = sk0 + x;
    kt0 = max(sk_s - x * KT, 0);
    kt1 = min(sk_e - x * KT, KT);
    return j - n_whole < sk_units;
  };
  // The positions whose partial sums the head of stream-K tile id adds, from the position after
  // this CTA's on: the tile's other splits, or the line's ranges starting inside the tile (an
  // empty range has no unit). A head's unit takes, after its k-blocks, kSkChunks more stages
  // per source: the source's slot, brought in by the producer (bulk copies into the A and B
  // parts of a stage) and added by the consumer.
  auto sk_source = [&](int id, int p) {  // (id: a stream-K tile)
    return sk_split > 0 ? p < sk_pos + sk_split : p < clusters && sk_begin(p) < (id - sk0 + 1) * KT;
  };
  auto sk_nonempty = [&](int p) { return sk_split > 0 || sk_begin(p + 1) > sk_begin(p); };
  auto sk_sources = [&](int id, int kt0, int kt1) {
    int n = 0;
    if (kt0 == 0 && kt1 < KT)
      for (int p = sk_pos + 1; sk_source(id, p); ++p) n += sk_nonempty(p);
    return n;
  };

  if (threadIdx.x == 0) {
    asm volatile("prefetch.tensormap [%0];\n" ::"l"(&tma_a) : "memory");
    asm volatile("prefetch.tensormap [%0];\n" ::"l"(&tma_b) : "memory");
    asm volatile("prefetch.tensormap [%0];\n" ::"l"(&tma_c) : "memory");
    asm volatile("prefetch.tensormap [%0];\n" ::"l"(&tma_d) : "memory");
    for (int s = 0; s < kStages; ++s) {
      mbar_init(full(s), 1);            // the producer's arrive.expect_tx; the TMA completes the bytes
      // lane 0 of every warp of the consumer (1 or 2 warpgroups) that read it, once its wgmma
      // group is done, in every CTA of the cluster (the stage receives every CTA's slice of B)
      mbar_init(empty(s), kClusterM * kThreads / 32);
    }
    for (int c = 0; c < kConsumers; ++c) {
      for (int s = 0; s < kEpiStages; ++s) {
        mbar_init(cfull(c, s), 1);              // the C warp's arrive.expect_tx; the TMA completes the bytes
        // lane 0 of every warp of consumer c once it read the stage; with ReuseSmemC one thread,
        // once the TMA store of the D written into the stage has read it
        mbar_init(cempty(c, s), kReuseSmemC ? 1 : kThreads / 32);
      }
      mbar_init(turn(c), kThreads);                                     // every thread of the other consumer
      mbar_init(bfull(c), 32);                                          // every lane of the bias warp
      mbar_init(bempty(c), kThreads / 32);                              // lane 0 of every warp of consumer c
    }
    mbar_init(dfull(), kThreads / 32);  // lane 0 of every warp of the consumer
    mbar_init(dempty(), 1);             // the store warp
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  if constexpr (kClusterM > 1)
    cluster_sync();
  else
    __syncthreads();

  if (warp < kProducerThreads / 32) {
    // producer warpgroup: the stages of every tile of this CTA, in order
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(kProducerRegs));
    if (warp == 0 && lane == 0) {
      // this CTA's slice of B (kClusterM > 1): its origin along N in the tile and its start byte
      // in a stage of sB (the header's kTmaMcastB rows, selected by the unrolled loop)
      int b_n = 0;
      unsigned b_off = 0;
#pragma unroll
      for (int r = 0; r < kClusterM; ++r)
        if (r == static_cast<int>(rank)) b_n = kTmaMcastB[r][0], b_off = kTmaMcastB[r][1];
      int it = 0, id, kt0, kt1;
      for (int j = 0; unit(j, id, kt0, kt1); ++j) {
        int m0, n0, z;
        tile_of(id, m0, n0, z);
        // flags bit 0 / 1: every problem of the batch reads the one A / B
        const int za = (flags & 1) ? 0 : z, zb = (flags & 2) ? 0 : z;
        for (int kt = kt0; kt < kt1; ++kt, ++it) {
          const int s = it % kStages;
          if (it >= kStages) mbar_wait(empty(s), ((it / kStages) - 1) & 1);
          mbar_expect_tx(full(s), kTmaBytesA + kTmaBytesB);
          tma_load_operand<OpA>(sA + s * kStageBytesA, &tma_a, m0, kt * kTileK, za, full(s));
          if constexpr (kClusterM > 1)
            tma_load_3d_mcast(sB + s * kStageBytesB + b_off, &tma_b, kt * kTileK, n0 + b_n, zb, full(s), (1u << kClusterM) - 1);
          else
            tma_load_operand<OpB>(sB + s * kStageBytesB, &tma_b, n0, kt * kTileK, zb, full(s));
        }
        if (sk_sources(id, kt0, kt1) == 0) continue;
        // a stream-K head: each source's slot, once its flag is up (every warp of the source's
        // consumer; acquire, then the async proxy may read what the generic proxy wrote), into
        // kSkChunks stages
        for (int p = sk_pos + 1; sk_source(id, p); ++p) {
          if (!sk_nonempty(p)) continue;
          unsigned up;
          do {
            asm volatile("ld.acquire.gpu.global.u32 %0, [%1];\n" : "=r"(up) : "l"(sk_flag + p) : "memory");
          } while (up < kThreads / 32);
          sk_flag[p] = 0;  // (zero again for the next launch)
          asm volatile("fence.proxy.async.global;\n" ::: "memory");
          const char* slot = reinterpret_cast<const char*>(sk_ws) + static_cast<long long>(p) * kSkSlotBytes;
#pragma unroll 1
          for (int ch = 0; ch < kSkChunks; ++ch, ++it) {
            const int s = it % kStages;
            if (it >= kStages) mbar_wait(empty(s), ((it / kStages) - 1) & 1);
            // float4 blocks [ch * (kSkQA + kSkQB), ...) of the slot: the first kSkQA to the A part
            const int q0 = ch * (kSkQA + kSkQB), qa = min(kSkQ - q0, kSkQA), qb = min(max(kSkQ - q0 - kSkQA, 0), kSkQB);
            mbar_expect_tx(full(s), 16u * kThreads * (qa + qb));
            bulk_load(sA + s * kStageBytesA, slot + 16ll * kThreads * q0, 16u * kThreads * qa, full(s));
            if (qb > 0) bulk_load(sB + s * kStageBytesB, slot + 16ll * kThreads * (q0 + kSkQA), 16u * kThreads * qb, full(s));
          }
        }
      }
    }
    if (warp == 1 && lane == 0 && beta != 0.f) {
      // C warp (seed 004's producer load warp): every epilogue sub-tile's C, in the consumers'
      // order (unit i is consumer i % kConsumers's; a unit holding its tile's k-block 0 has the
      // epilogue, its sub-tiles e = 0 .. kEpiTiles - 1), into that consumer's kEpiStages stages
      // of sC, running ahead of it by the stages: stage st of sub-tile n (the consumer's count)
      // once its warps have read sub-tile n - kEpiStages
      const unsigned sC0 = sEpi + (kReuseSmemC ? 0u : kEpiStages * kEpiStageElems * 2u);
      int cnt0 = 0, cnt1 = 0;  // sub-tiles loaded per consumer
      int id, kt0, kt1;
      for (int i = 0; unit(i, id, kt0, kt1); ++i) {
        if (kt0 > 0) continue;  // partial sums only, no epilogue
        const int c = kConsumers > 1 ? i % kConsumers : 0;
        int m0, n0, z;
        tile_of(id, m0, n0, z);
        const unsigned sC = sC0 + c * kEpiBytes;
#pragma unroll 1
        for (int e = 0; e < kEpiTiles; ++e) {
          const int n = c == 0 ? cnt0++ : cnt1++;
          const int st = n % kEpiStages;
          if (n >= kEpiStages) mbar_wait(cempty(c, st), ((n / kEpiStages) - 1) & 1);
          mbar_expect_tx(cfull(c, st), kTmaBytesC);
          tma_load_3d(sC + 2u * st * kEpiStageElems, &tma_c, n0 + kEpiOrigin[e][1], m0 + kEpiOrigin[e][0], (flags & 4) ? 0 : z,
                      cfull(c, st));
        }
      }
    }
    if (warp == 2 && bias_mode == 2) {
      // bias warp: every epilogue's column bias, in the consumers' order (unit i is consumer
      // i % kConsumers's; n: that consumer's epilogues so far), into that consumer's sBias once
      // it has read the previous one: the global loads run during the mainloop, off the
      // epilogue's path; entries past N are 0
      int id, kt0, kt1, epis0 = 0, epis1 = 0;
      for (int i = 0; unit(i, id, kt0, kt1); ++i) {
        if (kt0 > 0) continue;  // partial sums only, no epilogue
        const int c = kConsumers > 1 ? i % kConsumers : 0, n = c == 0 ? epis0++ : epis1++;
        int m0, n0, z;
        tile_of(id, m0, n0, z);
        if (n >= 1) mbar_wait(bempty(c), (n - 1) & 1);
        const unsigned short* bz = bias + z * bias_batch;
#pragma unroll
        for (int j = lane; j < kTileN; j += 32) sbias[kTileN * c + j] = n0 + j < N ? half_to_float(__ldg(bz + n0 + j)) : 0.f;
        mbar_arrive(bfull(c));
      }
    }
    if (kLendStage && warp == 3 && lane == 0 && beta == 0.f && (N & 7) == 0) {
      // store warp (whole-tile epilogues, kLendStage): each epilogue unit's tile, once the
      // consumer has written it, from the consumer's stages and the B part of the unit's last
      // stage (the lent one; `it`: the producer's iterations so far); once the stores have read
      // them, the lent stage goes back to the producer (every consumer warp's share of its
      // arrivals, in every CTA of the cluster) and the consumer's stages to the consumer
      const unsigned sD0 = sEpi;
      int it = 0, n = 0, id, kt0, kt1;
      for (int j = 0; unit(j, id, kt0, kt1); ++j) {
        it += kt1 - kt0 + kSkChunks * sk_sources(id, kt0, kt1);
        if (kt0 > 0) continue;  // partial sums only, no epilogue
        const int last = (it - 1) % kStages;
        int m0, n0, z;
        tile_of(id, m0, n0, z);
        mbar_wait(dfull(), n & 1);
#pragma unroll
        for (int e = 0; e < kEpiTiles; ++e) {
          const unsigned from = e < kDStages ? sD0 + 2u * e * kEpiStageElems : sB + last * kStageBytesB + 2u * (e - kDStages) * kEpiStageElems;
          tma_store_3d(&tma_d, from, n0 + kEpiOrigin[e][1], m0 + kEpiOrigin[e][0], z, stream_d);
        }
        asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;\n" ::: "memory");
        if constexpr (kClusterM == 1) {
          mbar_arrive_n<kThreads / 32>(empty(last));
        } else {
#pragma unroll
          for (int r = 0; r < kClusterM; ++r) mbar_arrive_cluster_n<kThreads / 32>(empty(last), r);
        }
        mbar_arrive(dempty());
        ++n;
      }
      asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
    }
    if constexpr (kClusterM > 1) cluster_sync();
    return;
  }

  // consumer warpgroups
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(kConsumerRegs));
  const int c = (threadIdx.x - kProducerThreads) / kThreads;  // which consumer
  const int t = (threadIdx.x - kProducerThreads) % kThreads;  // thread in the consumer (its TiledMMA thread)
  const int wg = t / 128;                                     // warpgroup of the TiledMMA
  // the start bytes (in a stage) of this warpgroup's wgmma blocks of A and B
  unsigned off_a[kMmaM][kMmaK], off_b[kMmaK];
#pragma unroll
  for (int w = 0; w < kMmaWarpGroups; ++w) {
    if (w == wg) {
#pragma unroll
      for (int kb = 0; kb < kMmaK; ++kb) {
        off_b[kb] = OpB::gmma_off(w, kb);
#pragma unroll
        for (int m = 0; m < kMmaM; ++m) off_a[m][kb] = OpA::gmma_off(w * kMmaM + m, kb);
      }
    }
  }
  const unsigned sD = sEpi + c * kEpiBytes, sC = sD + (kReuseSmemC ? 0u : kEpiStages * kEpiStageElems * 2u);
  const bool load_c = beta != 0.f;
  unsigned crow[kS2RCopies];
#pragma unroll
  for (int i = 0; i < kS2RCopies; ++i) crow[i] = sC + 2u * s2r_smem[t][i];
  unsigned row[kR2SCopies];
#pragma unroll
  for (int i = 0; i < kR2SCopies; ++i) row[i] = sD + 2u * r2s_smem[t][i];

  int epi = 0;  // this consumer's epilogue sub-tiles so far: the stage and parity of sD / sC
  int epi_group = 0;  // without C: its groups of sub-tiles so far (the set of stages they use)
  // stage s has been read by this warp: its empty barrier in every CTA of the cluster
  auto release = [&](int s) {
    if constexpr (kClusterM > 1) {
#pragma unroll
      for (int r = 0; r < kClusterM; ++r) mbar_arrive_cluster(empty(s), r);
    } else {
      mbar_arrive(empty(s));
    }
  };
  float acc[kAccumulators];
  // sub-tile e of the accumulators (half) into the stage `off` bytes from sD: stmatrix.x4 at the
  // thread's rows, each value the accumulator kR2SAcc names (e: an unrolled-loop constant)
  auto r2s = [&](int e, unsigned off) {
#pragma unroll
    for (int i2 = 0; i2 < kR2SCopies; ++i2) {
#define TYCUTE_R2S(j) pack_half2(acc[kR2SAcc[e][8 * i2 + 2 * (j)]], acc[kR2SAcc[e][8 * i2 + 2 * (j) + 1]])
      stmatrix_x4(row[i2] + off, TYCUTE_R2S(0), TYCUTE_R2S(1), TYCUTE_R2S(2), TYCUTE_R2S(3));
#undef TYCUTE_R2S
    }
  };
  // a stream-K partial unit's flag: each warp of the consumer adds 1 (release, gpu scope: its
  // stores of the slot before it) once sk_raise is set, during the consumer's next mainloop or
  // at its end
  bool sk_raise = false;
  auto raise_flag = [&] {
    __syncwarp();
    if (lane == 0) asm volatile("fence.acq_rel.gpu;\nred.relaxed.gpu.global.add.u32 [%0], 1;\n" ::"l"(sk_flag + sk_pos) : "memory");
    sk_raise = false;
  };
  // it0: the producer's iteration of unit i's first k-block (the units before it, either
  // consumer's: each its k-blocks and, a stream-K head, kSkChunks stages per source)
  int it0 = 0, id, kt0, kt1, sources = 0;
  for (int i = 0, ne = 0; unit(i, id, kt0, kt1); it0 += kt1 - kt0 + kSkChunks * sources, ++i) {
    sources = sk_sources(id, kt0, kt1);
    if (kConsumers > 1 && i % kConsumers != c) continue;
    // (n: this consumer's units so far, the parity of its turn barriers; ne: its epilogues, the
    // parity of its sBias barriers)
    // unit i's mainloop after unit i - 1's (the other consumer's n-th or (n-1)-th) has waited
    // for its last stage
    // (n is computed, not counted: the units go round the consumers, so this one's units before i
    // are i / kConsumers; a counter kept live across the loop made NVRTC 13.0's ptxas spill it)
    const int n = i / kConsumers;
    if (kConsumers > 1 && c == 1) mbar_wait(turn(1), n & 1);
    if (kConsumers > 1 && c == 0 && n > 0) mbar_wait(turn(0), (n - 1) & 1);
#ifdef TYCUTE_SM90_TRACE
    unsigned long long tr[5] = {0, 0, 0, 0, 0};
#endif
    TYCUTE_TRACE_AT(0);
    int m0, n0, z;
    tile_of(id, m0, n0, z);
    // (no zeroing: the unit's first k-block writes the accumulators, wgmma's scale-d = 0; a plain
    // write between wgmmas would make ptxas serialize them)

    // mainloop: the stages of unit i are the producer's iterations it0 ...
    for (int kt = kt0; kt < kt1; ++kt) {
      const int it = it0 + kt - kt0, s = it % kStages;
      // the previous unit's partial sums were stored at least 8 k-blocks (or this unit) ago
      if (sk_raise && (kt == kt0 + 8 || kt == kt1 - 1)) raise_flag();
      mbar_wait(full(s), (it / kStages) & 1);
#pragma unroll
      for (int r = 0; r < kAccumulators; ++r) fence_operand(acc[r]);
      asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
      for (int kb = 0; kb < kMmaK; ++kb) {
#pragma unroll
        for (int m = 0; m < kMmaM; ++m)
          wgmma_atom<OpA::kMn, OpB::kMn>(acc + kFragC[0][m], gmma_desc<OpA::kLbo, OpA::kSbo>(sA + s * kStageBytesA + off_a[m][kb]),
                                         gmma_desc<OpB::kLbo, OpB::kSbo>(sB + s * kStageBytesB + off_b[kb]), kt > kt0 || kb > 0);
      }
      asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
      // the group of the previous stage has completed once at most this one is pending
      asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
      for (int r = 0; r < kAccumulators; ++r) fence_operand(acc[r]);
      if (kt > kt0 && lane == 0) release((it - 1) % kStages);  // the warp's wait_group above is warp-wide
    }
    // the other consumer may wait for its next unit's stages (after this one's last)
    if (kConsumers > 1 && sources == 0) mbar_arrive(turn(1 - c));
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < kAccumulators; ++r) fence_operand(acc[r]);
    // the unit's last stage is lent to a whole-tile epilogue (below), else released: the last
    // k-block's here, a stream-K head's last partial-sums chunk's in the loop below
    const bool lend = kLendStage && kt0 == 0 && !load_c && (N & 7) == 0;
    const int last = (it0 + kt1 - kt0 + kSkChunks * sources - 1) % kStages;
    if (!(lend && sources == 0) && lane == 0) release((it0 + kt1 - kt0 - 1) % kStages);
    TYCUTE_TRACE_AT(1);
    // a stream-K head: its sources' partial sums, kSkChunks stages each (the producer's bulk
    // copies of their slots), added in position order (the same sums whichever finished first)
#pragma unroll 1
    for (int src = 0, it = it0 + kt1 - kt0; src < sources; ++src) {
#pragma unroll
      for (int ch = 0; ch < kSkChunks; ++ch, ++it) {
        const int s = it % kStages;
        mbar_wait(full(s), (it / kStages) & 1);
#pragma unroll
        for (int qq = 0; qq < kSkQA + kSkQB; ++qq) {
          const int q = ch * (kSkQA + kSkQB) + qq;
          if (q < kSkQ) {
            const unsigned a = qq < kSkQA ? sA + s * kStageBytesA + 16u * (qq * kThreads + t) : sB + s * kStageBytesB + 16u * ((qq - kSkQA) * kThreads + t);
            float x, y, zz, w;
            asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];\n" : "=f"(x), "=f"(y), "=f"(zz), "=f"(w) : "r"(a) : "memory");
            acc[4 * q] += x;
            acc[4 * q + 1] += y;
            acc[4 * q + 2] += zz;
            acc[4 * q + 3] += w;
          }
        }
        // (the stage's next write is the async proxy's: TMA or a bulk copy)
        asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
        __syncwarp();
        if (lane == 0 && !(lend && src == sources - 1 && ch == kSkChunks - 1)) release(s);
      }
    }
    if (kConsumers > 1 && sources > 0) mbar_arrive(turn(1 - c));

    if (kt0 > 0) {
      // a stream-K unit inside its tile: the partial sums into this position's slot, no
      // epilogue; each warp adds 1 to the slot's flag later (sk_raise), once its stores have
      // long completed, so that the release costs no wait here
      float* slot = sk_ws + sk_pos * (kSkSlotBytes / 4) + 4 * t;
#pragma unroll
      for (int q = 0; q < kSkQ; ++q)
        __stcg(reinterpret_cast<float4*>(slot + q * 4 * kThreads), make_float4(acc[4 * q], acc[4 * q + 1], acc[4 * q + 2], acc[4 * q + 3]));
      sk_raise = true;
      TYCUTE_TRACE_AT(2);
      TYCUTE_TRACE_UNIT();
      continue;
    }
    TYCUTE_TRACE_AT(2);
    // epilogue: alpha * acc (+ beta * C, per sub-tile below), in f32
    if (bias_mode == 2) {
      // alpha * acc + bias[n]: the tile's entries are in sBias (the bias warp staged them during
      // the mainloop); accumulator r's column is the thread's first + kAccN[r] (compile-time)
      mbar_wait(bfull(c), ne & 1);
      const float* sb = sbias + kTileN * c + acc_crd[t][0] / kTileM;
#pragma unroll
      for (int r = 0; r < kAccumulators; ++r) acc[r] = alpha * acc[r] + sb[kAccN[0][r]];
      __syncwarp();
      if (lane == 0) mbar_arrive(bempty(c));
    } else if (bias_mode == 1) {
      // alpha * acc + bias[m] of the kernel's problem: accumulator r's row is the thread's first
      // (acc_crd[t][0]) + kAccM[0][r] (the header's check proves the split), so a handful of
      // distinct loads per thread, in flight together; rows past M are not read. beta * C is
      // added per sub-tile below (alpha already applied).
      const unsigned short* bz = bias + z * bias_batch;
      const int x0 = m0 + acc_crd[t][0] % kTileM;
#pragma unroll
      for (int r = 0; r < kAccumulators; ++r) {
        const int x = x0 + kAccM[0][r];
        const float b = x < M ? half_to_float(__ldg(bz + x)) : 0.f;
        acc[r] = alpha * acc[r] + b;
      }
    } else if (!load_c) {
#pragma unroll
      for (int r = 0; r < kAccumulators; ++r) acc[r] *= alpha;
    }
    const float alpha_c = bias_mode != 0 ? 1.f : alpha;  // alpha of the C step below
    if (lend) {
      // the whole tile at once: sub-tiles e < kDStages into the consumer's stages, once the store
      // warp's previous stores have read them, the others into the B part of stage `last`, once
      // every warp's wgmmas (or partial-sum loads) have read it (the barrier); then each warp
      // tells the store warp, which stores the tile and gives the stages back
      if (ne > 0) mbar_wait(dempty(), (ne - 1) & 1);
      asm volatile("bar.sync %0, %1;\n" ::"r"(kEpiBarrier + c), "n"(kThreads) : "memory");
#pragma unroll
      for (int e = 0; e < kEpiTiles; ++e) {
        // (the sub-tile's stage relative to sD, where row[] points; the lent one lies below it)
        r2s(e, e < kDStages ? 2u * e * kEpiStageElems : sB + last * kStageBytesB - sD + 2u * (e - kDStages) * kEpiStageElems);
      }
      // the generic-proxy writes become visible to the store warp's TMA stores (async proxy)
      asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
      __syncwarp();
      if (lane == 0) mbar_arrive(dfull());
      ++ne;
      TYCUTE_TRACE_UNIT();
      continue;
    }
    if (!kLendStage && !load_c && (N & 7) == 0) {
      // no C to read (beta = 0) and every sub-tile stored whole by the TMA: the sub-tiles go out
      // in groups of kEpiGroup through a ring of kEpiSets sets of stages (sD's, and sC's, unused
      // without C). Per group: stmatrix of its sub-tiles, one proxy fence, thread 0 waits until
      // the stores of the group that last used the next group's set have read it, one barrier,
      // then thread 0's TMA stores of the group, one bulk group.
#pragma unroll
      for (int g = 0; g < kEpiTiles / kEpiGroup; ++g, ++epi_group) {
        const unsigned set = 2u * (epi_group % kEpiSets) * kEpiGroup * kEpiStageElems;  // its byte offset in sD
#pragma unroll
        for (int e2 = 0; e2 < kEpiGroup; ++e2) r2s(g * kEpiGroup + e2, set + 2u * e2 * kEpiStageElems);
        // the generic-proxy writes of sD become visible to the TMA (async proxy)
        asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
        // (the group that last used set (epi_group + 1) % kEpiSets, the next group's, has been read)
        if (t == 0) asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(kEpiSets - 2) : "memory");
        asm volatile("bar.sync %0, %1;\n" ::"r"(kEpiBarrier + c), "n"(kThreads) : "memory");
        if (t == 0) {
#pragma unroll
          for (int e2 = 0; e2 < kEpiGroup; ++e2) {
            const int e = g * kEpiGroup + e2;
            tma_store_3d(&tma_d, sD + set + 2u * e2 * kEpiStageElems, n0 + kEpiOrigin[e][1], m0 + kEpiOrigin[e][0], z, stream_d);
          }
          asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
        }
      }
      ++ne;
      TYCUTE_TRACE_UNIT();
      continue;
    }
    // each sub-tile: stmatrix.x4 into a stage of sD, then one thread stores the box with TMA
#pragma unroll
    for (int e = 0; e < kEpiTiles; ++e, ++epi) {
      const int st = epi % kEpiStages;
      if (load_c) {
        // this sub-tile's C (the producer's C warp loaded it): ldmatrix.x4, alpha * acc + beta * C,
        // then the warp's lane 0 gives the stage back
        mbar_wait(cfull(c, st), (epi / kEpiStages) & 1);
#pragma unroll
        for (int i2 = 0; i2 < kS2RCopies; ++i2) {
          unsigned cv[4];
          ldmatrix_x4(crow[i2] + 2u * st * kEpiStageElems, cv[0], cv[1], cv[2], cv[3]);
#pragma unroll
          for (int j = 0; j < 4; ++j) {
            float lo, hi;
            unpack_half2(cv[j], lo, hi);
            float& a0 = acc[kS2RAcc[e][8 * i2 + 2 * j]];
            float& a1 = acc[kS2RAcc[e][8 * i2 + 2 * j + 1]];
            a0 = alpha_c * a0 + beta * lo;
            a1 = alpha_c * a1 + beta * hi;
          }
        }
        if constexpr (!kReuseSmemC) {
          __syncwarp();
          if (lane == 0) mbar_arrive(cempty(c, st));
        }
      }
      // the store that last read this stage (this tile's or the previous tile's) has finished reading it
      if (t == 0 && epi >= kEpiStages) asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(kEpiStages - 1) : "memory");
      asm volatile("bar.sync %0, %1;\n" ::"r"(kEpiBarrier + c), "n"(kThreads) : "memory");
      r2s(e, 2u * st * kEpiStageElems);
      // the generic-proxy writes of sD become visible to the TMA (async proxy)
      asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
      asm volatile("bar.sync %0, %1;\n" ::"r"(kEpiBarrier + c), "n"(kThreads) : "memory");
      const int gm = m0 + kEpiOrigin[e][0], gn = n0 + kEpiOrigin[e][1];
      if ((N & 7) != 0 && gn + kTmaBoxD[0][0] > N) {
        // the sub-tile holding D's last columns when N is not a multiple of 8: the TMA store
        // clips in 16-byte units along a row, so it would write the halves past N up to the next
        // multiple of 8 (padding or a neighbour's data); these sub-tiles are stored by the
        // threads from sD instead (64B swizzle: 16-byte chunk ^= bits 7-8 of the byte offset)
        static_assert(kTmaSwizzleD == 2 && kTmaBoxD[0][0] == 32 && kTmaBoxD[0][1] * kTmaBoxD[0][0] == 16 * kThreads,
                      "the by-thread store of a partial sub-tile assumes 64x32 boxes of sD, 64B swizzle");
        const int r = t / 2, c0 = (t % 2) * 16;
        if (gm + r < M) {
          unsigned short* out = d_out + z * batch_d + static_cast<long long>(gm + r) * ldd + gn;
#pragma unroll 1
          for (int cc = c0; cc < c0 + 16 && gn + cc < N; ++cc) {
            unsigned byte = static_cast<unsigned>(r * 64 + cc * 2);
            byte ^= ((byte >> 7) & 3u) << 4;
            unsigned short h;
            asm volatile("ld.shared.u16 %0, [%1];\n" : "=h"(h) : "r"(sD + 2u * st * kEpiStageElems + byte) : "memory");
            out[cc] = h;
          }
        }
      } else if (t == 0) {
        tma_store_3d(&tma_d, sD + 2u * st * kEpiStageElems, gn, gm, z, stream_d);
      }
      if (t == 0) asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
      if (kReuseSmemC && load_c && t == 0 && epi >= 1) {
        // ReuseSmemC: the store of the previous sub-tile has read its stage (at most this one
        // pending): the C warp may load the next C into it
        asm volatile("cp.async.bulk.wait_group.read 1;\n" ::: "memory");
        mbar_arrive(cempty(c, (epi - 1) % kEpiStages));
      }
    }
    ++ne;
    TYCUTE_TRACE_UNIT();
  }
  if (sk_raise) raise_flag();  // (a partial unit was this consumer's last)
  if (t == 0) asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
  if constexpr (kClusterM > 1) cluster_sync();
}

// The entry points, one per layout of A (M,K) and B (N,K) in global memory, named as BLAS names a
// column-major D = op(A) op(B): tn both K-major, nt both MN-major, nn A M-major and B K-major, tt A
// K-major and B N-major.
#define TYCUTE_SM90_ENTRY(NAME, OPA, OPB)                                                                                         \
  extern "C" __global__ void __launch_bounds__(kBlockThreads, 1)                                                                  \
      NAME(const __grid_constant__ TmaMap tma_a, const __grid_constant__ TmaMap tma_b, const __grid_constant__ TmaMap tma_c,        \
           const __grid_constant__ TmaMap tma_d, int M, int N, int K, int batch, int flags, float alpha, float beta,           \
           unsigned short* __restrict__ d_out, long long ldd, long long batch_d, const unsigned short* __restrict__ bias,         \
           int bias_mode, long long bias_batch, int sk_tiles, int sk_split, float* __restrict__ sk_ws,                            \
           unsigned* __restrict__ sk_flag) {                                                                                      \
    gemm<OPA, OPB>(tma_a, tma_b, tma_c, tma_d, M, N, K, batch, flags, alpha, beta, d_out, ldd, batch_d, bias, bias_mode, \
                   bias_batch, sk_tiles, sk_split, sk_ws, sk_flag);                                                               \
  }
TYCUTE_SM90_ENTRY(sm90_gemm_tn, OperandA_K, OperandB_K)
TYCUTE_SM90_ENTRY(sm90_gemm_nt, OperandA_MN, OperandB_MN)
TYCUTE_SM90_ENTRY(sm90_gemm_nn, OperandA_MN, OperandB_K)
TYCUTE_SM90_ENTRY(sm90_gemm_tt, OperandA_K, OperandB_MN)
