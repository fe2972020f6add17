// The sgemm_sm80 data flow on tycute's tables: D = alpha * A * B^T + beta * C with A (M,K) and
// B (N,K) 16-bit (fp16, bf16) or tf32 (fp32 in memory, its bits read by mma.m16n8k8.tf32 as they
// are: the tensor core ignores the low 13 mantissa bits; the element's width is the header's,
// kG2SBytes / kVec), K-major (TN) or M-/N-major (NT: element (m,k) of A at m + k*lda; the header says
// which, per operand), fp32 or fp16 accumulation (the MMA atom's, TYCUTE_SM80_MMA_PTX and
// TYCUTE_SM80_ACC_BITS: fp16 accumulators are kept two per 32-bit register) and fp32 or fp16 C/D
// (the S2G atom's value type, TYCUTE_SM80_OUT_BITS), column-major (M-major, leading dimension
// ldc); the epilogue computes alpha * acc + beta * C in fp32 either way. A kStages-deep cp.async pipeline fills 128B-swizzled shared memory, ldmatrix.x4
// loads the fragments of one k-block while the MMAs of the previous one run (two fragment buffers),
// mma.sync (m16n8k16; m16n8k8 for tf32) accumulates. Any M, N >= 1 and K >= 1, K % kVec == 0 when an operand is K-major
// (one 16-byte cp.async row is kVec elements: 8 halves, 4 tf32); lda, ldb and the batch strides of A and B
// multiples of kVec (the host checks).
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
// instruction (docs/perf-history.md); otherwise the residue one loads with the zero-fill form of the same
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
// for another; the tests and scripts build one per configuration of the registry,
// tycute_configs::variants). Every index comes from it: the closed forms tAcA/tBcB (gmem coordinates),
// tAsA/tBsB (smem destinations), tXsA0/tXsB0 (ldmatrix rows), tRSsC/tSGsC/tSGcC (epilogue) and the
// register maps kFrag*k, kS2RFrag*k, kR2SAcc. The kernel holds no layout of its own.
//
// The kernel composes tycute's device library (kernels/include/tycute, docs/kernels.md):
// scheduler/sm80_tile_scheduler.cuh (which tile and k-tiles), gemm/sm80_mainloop.cuh,
// scheduler/sm80_stream_k.cuh (a unit's partial sums), gemm/sm80_epilogue.cuh; the atoms come
// from arch/ with the configuration's PTX (gemm/sm80_config.cuh).
//
// (ptxas writes the 16-byte cp.async as LDGSTS.E.128 or, with its L2 hint, LDGSTS.E.LTC128B.128.)
// (HMMA: HMMA.16816 for 16-bit A and B, HMMA.1688.F32.TF32 for tf32; tests/kernel_builds checks
// the element type's form per configuration.)
// tycute-sass sm_80: LDGSTS.E LDSM HMMA STG.E.128 LDS.128
// tycute-sass sm_90a: LDGSTS.E LDSM HMMA STG.E.128 LDS.128
#ifndef TYCUTE_SM80_CONFIG
#define TYCUTE_SM80_CONFIG sm80_tn_128x256
#endif
#define TYCUTE_STR2(x) #x
#define TYCUTE_STR(x) TYCUTE_STR2(x)
#include TYCUTE_STR(TYCUTE_SM80_CONFIG.h)

using namespace tycute::TYCUTE_SM80_CONFIG;

#include "tycute/gemm/sm80_config.cuh"
#include "tycute/gemm/sm80_epilogue.cuh"
#include "tycute/gemm/sm80_mainloop.cuh"
#include "tycute/scheduler/sm80_stream_k.cuh"
#include "tycute/scheduler/sm80_tile_scheduler.cuh"

using tycute::gemm::sm80_ab_t;
using tycute::gemm::sm80_acc_t;
using tycute::gemm::sm80_out_t;

namespace {

// One CTA's tile of D. kResidue = false: the tile lies inside (M, N) and kTileK divides K, so
// every load is a plain cp.async and every store a 16-byte one (when C and D allow); the kernel
// below picks this instantiation for such CTAs, so that the residue code costs them nothing.
// kResidue = true: a CTA on the M or N edge loads with zero fill, and any CTA's last k-tile does
// when kTileK does not divide K. A stream-K unit (blockIdx.x >= sk_first, sk_splits > 0) meets
// the tile's other units in sk_ws and sk_count; the last to arrive runs the epilogue.
template <bool kResidue>
__device__ __forceinline__ void gemm_tile(int M, int N, int K, const sm80_ab_t* __restrict__ A, int lda,
                                          const sm80_ab_t* __restrict__ B, int ldb, const sm80_out_t* C, int ldc,
                                          sm80_out_t* D, int ldd, float alpha, float beta, bool inside, int sk_first,
                                          int sk_splits, float* sk_ws, unsigned* sk_count) {
  extern __shared__ __align__(128) unsigned short smem[];
  sm80_acc_t acc[kAccumulators / tycute::gemm::kSm80AccPerReg];
  tycute::gemm::sm80_mainloop<kResidue>(smem, M, N, K, A, lda, B, ldb, inside, sk_first, sk_splits, acc);
  if (sk_splits > 0 && static_cast<int>(blockIdx.x) >= sk_first &&
      !tycute::scheduler::sm80_stream_k_fixup(acc, threadIdx.x, sk_first, sk_splits, sk_ws, sk_count))
    return;
  tycute::gemm::sm80_epilogue<kResidue>(smem, acc, M, N, K, C, ldc, D, ldd, alpha, beta, inside, sk_first, sk_splits);
}

}  // namespace

extern "C" __global__ void __launch_bounds__(kThreads, 1)
    sm80_gemm_tn(int M, int N, int K, const sm80_ab_t* __restrict__ A, int lda, long long batch_a,
                 const sm80_ab_t* __restrict__ B, int ldb, long long batch_b, const sm80_out_t* C, int ldc,
                 long long batch_c, sm80_out_t* D, int ldd, long long batch_d, float alpha, float beta, int sk_first,
                 int sk_splits, float* sk_ws, unsigned* sk_count) {
  A += blockIdx.y * batch_a;
  B += blockIdx.y * batch_b;
  C += blockIdx.y * batch_c;
  D += blockIdx.y * batch_d;
  // the tile of this CTA, whole or a stream-K unit of it; CTA-uniform: is it inside (M, N)?
  int tm, tn, kt0, kt1;
  tycute::scheduler::sm80_cta_work(M, K, sk_first, sk_splits, tm, tn, kt0, kt1);
  const bool inside = (tm + 1) * kTileM <= M && (tn + 1) * kTileN <= N;
  if (inside && K % kTileK == 0)
    gemm_tile<false>(M, N, K, A, lda, B, ldb, C, ldc, D, ldd, alpha, beta, true, sk_first, sk_splits, sk_ws, sk_count);
  else
    gemm_tile<true>(M, N, K, A, lda, B, ldb, C, ldc, D, ldd, alpha, beta, inside, sk_first, sk_splits, sk_ws, sk_count);
}
