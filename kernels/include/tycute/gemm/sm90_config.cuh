// tycute device library, GEMM layer (sm90): the configuration a sm90 kernel is built for, its
// operands, its wgmma and the kernel's fixed shape (a producer warpgroup and two consumer
// warpgroups). Include after the configuration header (tycute-configs' sm90 emission) with
// TYCUTE_SM90_CONFIG naming it and `using namespace tycute::TYCUTE_SM90_CONFIG;` at global scope.
#pragma once

#include "tycute/arch/convert.cuh"
#include "tycute/arch/tma.cuh"
#include "tycute/arch/wgmma.cuh"

#ifndef TYCUTE_SM90_CONFIG
#error "define TYCUTE_SM90_CONFIG (the configuration's name) and include its header first"
#endif

#define TYCUTE_SM90_CAT2(a, b) a##b
#define TYCUTE_SM90_CAT(a, b) TYCUTE_SM90_CAT2(a, b)
#define TYCUTE_SM90_CFG(item) TYCUTE_SM90_CAT(TYCUTE_SM90_CAT(TYCUTE_, TYCUTE_SM90_CONFIG), TYCUTE_SM90_CAT(_, item))
// the GMMA atom's instruction and accumulator registers (the configuration's TiledMMA)
#define TYCUTE_SM90_WGMMA_PTX TYCUTE_SM90_CFG(WGMMA_PTX)
#define TYCUTE_SM90_WGMMA_ACC TYCUTE_SM90_CFG(WGMMA_ACC)
// the element types (arch/convert.cuh's codes): A and B (the GMMA atom's), C, D and the bias
#define TYCUTE_SM90_ELEMENT_AB TYCUTE_SM90_CFG(ELEMENT_AB)
#define TYCUTE_SM90_ELEMENT_CD TYCUTE_SM90_CFG(ELEMENT_CD)

// 32-bit C and D (float) are read and written by the threads in global memory, from the
// registers (the header's kEpiDirect: CUTLASS's NoSmem epilogue; stmatrix / ldmatrix move 16-bit
// elements): the 16-bit epilogue's shared-memory stages, stmatrix and TMA stores are not built
#if TYCUTE_SM90_ELEMENT_CD == TYCUTE_ELEMENT_F32
#define TYCUTE_SM90_EPI_DIRECT 1
#else
#define TYCUTE_SM90_EPI_DIRECT 0
#endif

// wgmma's 8-bit forms (e4m3/e5m2 A and B) and its tf32 form have no transpose (no imm-trans
// operands); a 16-bit configuration of the K-major family (the header's K_MAJOR_ONLY: a tile whose
// MN-major stage no 128-byte swizzle atom divides) takes none either. Either way the header
// describes K-major operands only and the kernel has only its tn entry points
#if TYCUTE_SM90_ELEMENT_AB == TYCUTE_ELEMENT_E4M3 || TYCUTE_SM90_ELEMENT_AB == TYCUTE_ELEMENT_E5M2 || TYCUTE_SM90_ELEMENT_AB == TYCUTE_ELEMENT_TF32
#define TYCUTE_SM90_K_MAJOR_FORM 1
#else
#define TYCUTE_SM90_K_MAJOR_FORM 0
#endif
#if TYCUTE_SM90_K_MAJOR_FORM || TYCUTE_SM90_CFG(K_MAJOR_ONLY)
#define TYCUTE_SM90_K_MAJOR_ONLY 1
#else
#define TYCUTE_SM90_K_MAJOR_ONLY 0
#endif

namespace tycute {
namespace gemm {

// A and B are fp16, bf16, e4m3, e5m2 or tf32 (f32 bits in memory; TMA moves their bytes; the header's stages, boxes and
// descriptor offsets are in bytes of the configuration's element; the wgmma instruction names the
// type); C, D and the bias are fp16 or bf16, converted from and to f32 in the epilogue, or fp32
// (kEpiDirect).
constexpr int kSm90ElementAB = TYCUTE_SM90_ELEMENT_AB;
constexpr int kSm90ElementCD = TYCUTE_SM90_ELEMENT_CD;
static_assert(kSm90ElementAB == TYCUTE_ELEMENT_F16 || kSm90ElementAB == TYCUTE_ELEMENT_BF16 || kSm90ElementAB == TYCUTE_ELEMENT_E4M3 ||
                  kSm90ElementAB == TYCUTE_ELEMENT_E5M2 || kSm90ElementAB == TYCUTE_ELEMENT_TF32,
              "A and B: fp16, bf16, e4m3, e5m2 or tf32 (f32 in memory)");
static_assert(kSm90ElementCD == TYCUTE_ELEMENT_F16 || kSm90ElementCD == TYCUTE_ELEMENT_BF16 || kSm90ElementCD == TYCUTE_ELEMENT_F32,
              "C and D: fp16, bf16 or fp32");
static_assert((kEpiDirect != 0) == (TYCUTE_SM90_EPI_DIRECT != 0), "the header's kEpiDirect: exactly for 32-bit C and D");

// The storage of one C, D or bias element: the 16-bit type's bits, or a float (kEpiDirect).
template <bool kDirect>
struct Sm90CdStorage {
  using T = unsigned short;
};
template <>
struct Sm90CdStorage<true> {
  using T = float;
};
using cd_t = Sm90CdStorage<TYCUTE_SM90_EPI_DIRECT != 0>::T;
// An element of C, D or the bias as a float (a template: the 16-bit conversion is instantiated
// only for 16-bit elements).
template <class T>
__device__ __forceinline__ float cd_to_float(T x) {
  if constexpr (sizeof(T) == 4)
    return x;
  else
    return arch::to_float<kSm90ElementCD>(x);
}
// kEpiDirect: C's address and strides (floats), carried in the kernel's tma_c parameter (the
// host writes them there instead of a tensor map: C is not loaded by the TMA)
struct Sm90DirectC {
  const float* c;
  long long ldc;
  long long batch_c;  // 0: one C for the whole batch
};

constexpr int kProducerThreads = 128;  // one producer warpgroup
// consumers (the header's kConsumers): two of one warpgroup each in ping-pong (kMmaWarpGroups = 1),
// one of two warpgroups (cooperative), or, with the configuration's ONE_CONSUMER, one of one
// warpgroup (the cooperative schedule on a 64-row tile: its stream-K)
static_assert((kConsumers == 2 / kMmaWarpGroups || kConsumers == 1) && kThreads == 128 * kMmaWarpGroups, "one or two consumer warpgroups");
constexpr int kBlockThreads = kProducerThreads + kConsumers * kThreads;
constexpr int kProducerRegs = 40, kConsumerRegs = 232;  // setmaxnreg: 128 x 40 + 256 x 232 <= 64K
constexpr int kEpiBarrier = 1;                          // named barriers 1 (, 2): one per consumer
// tile order: groups of TYCUTE_SM90_GROUP_M = 16 tile rows (16 / kClusterM rows of cluster tiles),
// m fastest; the option -DTYCUTE_SM90_GROUP_M=G builds another order, for measuring them
// (docs/perf.md, "sm90: the last wave and the tile order": 32 won on full-mantissa inputs and
// lost 1-2 % in tycute bench)
#ifndef TYCUTE_SM90_GROUP_M
#define TYCUTE_SM90_GROUP_M 16
#endif
constexpr int kGroupM = TYCUTE_SM90_GROUP_M / kClusterM;
static_assert(TYCUTE_SM90_GROUP_M % kClusterM == 0 && kGroupM > 0, "the tile order's group: whole cluster-tile rows");
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

// The epilogue's shared memory per consumer: kEpiStages stages of D and of C (one buffer with
// ReuseSmemC: D is stored through the stage its C was loaded into).
// None with kEpiDirect.
constexpr unsigned kEpiBytes = TYCUTE_SM90_EPI_DIRECT ? 0u : (kReuseSmemC ? 1u : 2u) * kEpiStages * kEpiStageElems * 2u;
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
constexpr bool kLendStage = !TYCUTE_SM90_EPI_DIRECT && kConsumers == 1 && kStages >= 3 && kEpiTiles > kDStages &&
                            (kEpiTiles - kDStages) * kEpiStageElems * 2 <= kStageBytesB;
static_assert(kEpiGroup >= 1 && kEpiSets >= 2 && kEpiTiles % kEpiGroup == 0, "sub-tile groups: whole, a ring of at least two sets");

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
    __device__ static __forceinline__ unsigned long long desc(unsigned smem_byte) {               \
      return arch::gmma_desc<kLbo, kSbo, kGmmaLayoutType>(smem_byte);                             \
    }                                                                                             \
  };
TYCUTE_OPERAND(OperandA_K, A_K)
TYCUTE_OPERAND(OperandB_K, B_K)
#if !TYCUTE_SM90_K_MAJOR_ONLY
TYCUTE_OPERAND(OperandA_MN, A_MN)
TYCUTE_OPERAND(OperandB_MN, B_MN)
#endif
#undef TYCUTE_OPERAND

// The boxes of one stage of operand Op (tile origin mn0 along M or N, k0 along K) into `stage`:
// coordinates (k, mn) of a K-major map, (mn, k) of an MN-major one.
template <class Op>
__device__ __forceinline__ void tma_load_operand(unsigned stage, const arch::TmaMap* map, int mn0, int k0, int z, unsigned bar) {
#pragma unroll
  for (int j = 0; j < Op::kBoxes; ++j) {
    if constexpr (Op::kMn)
      arch::tma_load_3d(stage + Op::box_byte(j), map, mn0 + Op::box_mn(j), k0, z, bar);
    else
      arch::tma_load_3d(stage + Op::box_byte(j), map, k0, mn0 + Op::box_mn(j), z, bar);
  }
}

// One wgmma of the configuration's GMMA atom (TYCUTE_<config>_WGMMA_PTX, kAccPerMma f32
// accumulators) on accumulator block d; kTnspA / kTnspB: 1 for an MN-major operand.
template <int kTnspA, int kTnspB>
__device__ __forceinline__ void wgmma_atom(float* d, unsigned long long desc_a, unsigned long long desc_b, int accumulate) {
  static_assert(kAccPerMma == TYCUTE_SM90_WGMMA_ACC, "one wgmma's accumulators: the atom's");
#if TYCUTE_SM90_K_MAJOR_ONLY
  static_assert(kTnspA == 0 && kTnspB == 0, "a K-major-only configuration (wgmma's 8-bit and tf32 forms, the K-major family) reads A and B K-major");
#endif
#if TYCUTE_SM90_K_MAJOR_FORM
  TYCUTE_WGMMA_SS_K(TYCUTE_SM90_WGMMA_PTX, TYCUTE_SM90_WGMMA_ACC, d, desc_a, desc_b, accumulate);
#else
  TYCUTE_WGMMA_SS(TYCUTE_SM90_WGMMA_PTX, TYCUTE_SM90_WGMMA_ACC, d, desc_a, desc_b, accumulate, kTnspA, kTnspB);
#endif
}

}  // namespace gemm
}  // namespace tycute
