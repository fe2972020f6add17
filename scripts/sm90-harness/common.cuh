// What the standalone sm90 harnesses share (fp8.cu, tf32.cu, sched.cu; pack.sh packs them): the
// kernel, kernels/sm90_gemm.cu, built for one configuration (-DTYCUTE_SM90_CONFIG=<name>, its header
// on the include path), TMA maps of K-major A and B and row-major D over one buffer, the kernel's
// dynamic shared memory, one launch (per-tensor alpha, or per-row / per-column scales; whole
// tiles or a stream-K line), and CUDA-event timing of queued launches.
#pragma once
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include "sm90_gemm.cu"

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1); } } while (0)
#define CD(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { const char* s; cuGetErrorString(r, &s); printf("driver %s at %s:%d\n", s, __FILE__, __LINE__); exit(1); } } while (0)

constexpr bool kFp8 = kSm90ElementAB == TYCUTE_ELEMENT_E4M3 || kSm90ElementAB == TYCUTE_ELEMENT_E5M2;
constexpr bool kTf32 = kSm90ElementAB == TYCUTE_ELEMENT_TF32 || kSm90ElementAB == TYCUTE_ELEMENT_F32;
// bytes of an A or B element in memory (tf32 is read from f32)
constexpr int kAB = kFp8 ? 1 : kTf32 ? 4 : 2;
static_assert(kSm90ElementCD == TYCUTE_ELEMENT_BF16 || kSm90ElementCD == TYCUTE_ELEMENT_F16, "the harnesses take 16-bit C and D");
constexpr bool kF16D = kSm90ElementCD == TYCUTE_ELEMENT_F16;

static float bf16_to_float(unsigned short h) { unsigned u = unsigned(h) << 16; float f; memcpy(&f, &u, 4); return f; }
static float f16_to_float(unsigned short h) {
  int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? std::ldexp(m / 1024.0f, -14) : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(1.0f + m / 1024.0f, e - 15);
  return s ? -v : v;
}
// an element of D as a float
static float cd_to_float(unsigned short h) { return kF16D ? f16_to_float(h) : bf16_to_float(h); }

static CUtensorMapDataType ab_tma_type() {
  return kFp8 ? CU_TENSOR_MAP_DATA_TYPE_UINT8
       : kTf32 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32
       : kSm90ElementAB == TYCUTE_ELEMENT_BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
}
static CUtensorMapDataType cd_tma_type() { return kF16D ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16; }

// a row-major (outer, inner) matrix of esize-byte elements, boxes (bi, bo), one batch
static TmaMap make_map(void* p, CUtensorMapDataType t, int esize, unsigned long long inner, unsigned long long outer, unsigned bi, unsigned bo, int swz) {
  CUtensorMap m;
  static_assert(sizeof(CUtensorMap) == sizeof(TmaMap), "128-byte maps");
  cuuint64_t dims[3] = {inner, outer, 1};
  cuuint64_t strides[2] = {inner * esize, inner * outer * esize};
  cuuint32_t box[3] = {bi, bo, 1}, es[3] = {1, 1, 1};
  CD(cuTensorMapEncodeTiled(&m, t, 3, p, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, (CUtensorMapSwizzle)swz,
                            CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  TmaMap out;
  memcpy(&out, &m, sizeof out);
  return out;
}

// the kernel's dynamic shared memory, as the host computes it (tycute-gemm's Sm90Header::smem_bytes)
static int smem_bytes() {
  int epi = (2 - kReuseSmemC) * kEpiStages * kEpiStageElems * 2;
  return kStages * (kStageBytesA + kStageBytesB) + kConsumers * epi + (2 * kStages + kConsumers * (2 * kEpiStages + 3) + 2) * 8 + 16 +
         kConsumers * kTileN * 4 + 1024;
}

// one GEMM D (M,N) = A (M,K) B (N,K)^T, A and B K-major, D row-major (also C, unused: beta 0)
struct Problem {
  int M, N, K;
  void *A, *B;
  unsigned short* D;
  TmaMap ta, tb, tc, td;
};

static Problem make_problem(int M, int N, int K, void* A, void* B, unsigned short* D) {
  Problem p{M, N, K, A, B, D};
  // (the K-major boxes are (bK, rows), B's split over the cluster; D's (EPI_N, EPI_M))
  p.ta = make_map(A, ab_tma_type(), kAB, K, M, kTileK, kTileM, kTmaSwizzleA);
  p.tb = make_map(B, ab_tma_type(), kAB, K, N, kTileK, kTileN / kClusterM, kTmaSwizzleB);
  p.tc = make_map(D, cd_tma_type(), 2, N, M, kEpiN, kEpiM, kTmaSwizzleC);
  p.td = make_map(D, cd_tma_type(), 2, N, M, kEpiN, kEpiM, kTmaSwizzleD);
  return p;
}

// allocates A, B (uninitialized) and D for a problem
static Problem alloc_problem(int M, int N, int K) {
  void *A, *B;
  unsigned short* D;
  CK(cudaMalloc(&A, (size_t)M * K * kAB));
  CK(cudaMalloc(&B, (size_t)N * K * kAB));
  CK(cudaMalloc(&D, (size_t)M * N * 2));
  return make_problem(M, N, K, A, B, D);
}
static void free_problem(Problem& p) { cudaFree(p.A), cudaFree(p.B), cudaFree(p.D); }

static int g_sms;

// the problem's tiles (clusters along M rounded up), and the grid of whole tiles
static int tiles_of(const Problem& p) { return ((p.M + kTileM * kClusterM - 1) / (kTileM * kClusterM)) * kClusterM * ((p.N + kTileN - 1) / kTileN); }
static int whole_grid(const Problem& p) {
  const int clusters = tiles_of(p) / kClusterM, most = g_sms / kClusterM;
  return (clusters < most ? clusters : most) * kClusterM;
}

// a persistent schedule: grid CTAs; sk_tiles tiles on the stream-K line (0: whole tiles), or split
// sk_split ways; ws / flags the stream-K workspace
struct Sched {
  const char* name;
  int grid, sk_tiles, sk_split;
};
static float* g_ws;
static unsigned* g_flags;

// one launch: per-tensor alpha (sa null: sm90_gemm_tn), or per-row / per-column scales
// (sm90_gemm_tn_rowcol, the K-major-only configurations); whole tiles unless a schedule is given
static void launch(const Problem& p, float alpha, cudaStream_t st, const Sched* s = nullptr, const float* sa = nullptr, const float* sb = nullptr) {
  const int flags = (2.0 * p.M * p.N > 50e6) ? 8 : 0;
  cudaLaunchConfig_t lc = {};
  lc.gridDim = dim3(s ? s->grid : whole_grid(p)), lc.blockDim = dim3(kBlockThreads), lc.dynamicSmemBytes = smem_bytes(), lc.stream = st;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = kClusterM, at[0].val.clusterDim.y = 1, at[0].val.clusterDim.z = 1;
  lc.attrs = at, lc.numAttrs = 1;
  const int skt = s ? s->sk_tiles : 0, sks = s ? s->sk_split : 0;
#if TYCUTE_SM90_K_MAJOR_ONLY
  if (sa)
    CK(cudaLaunchKernelEx(&lc, sm90_gemm_tn_rowcol, p.ta, p.tb, p.tc, p.td, p.M, p.N, p.K, 1, flags, 1.f, 0.f, p.D, (long long)p.N, 0LL,
                          (const unsigned short*)nullptr, 0, 0LL, skt, sks, g_ws, g_flags, sa, sb, 0LL, 0LL));
  else
#else
  (void)sa, (void)sb;
#endif
    CK(cudaLaunchKernelEx(&lc, sm90_gemm_tn, p.ta, p.tb, p.tc, p.td, p.M, p.N, p.K, 1, flags, alpha, 0.f, p.D, (long long)p.N, 0LL,
                          (const unsigned short*)nullptr, 0, 0LL, skt, sks, g_ws, g_flags));
}

// the device's SMs (or fewer, to make CTAs take several tiles), the kernel's smem limit, and a line
// naming the configuration, its registers and local memory
static void setup(int sms = 0) {
  CK(cudaFree(0));
  CK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  if (sms) g_sms = sms;
  CK(cudaFuncSetAttribute(sm90_gemm_tn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes()));
#if TYCUTE_SM90_K_MAJOR_ONLY
  CK(cudaFuncSetAttribute(sm90_gemm_tn_rowcol, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes()));
#endif
  CK(cudaMalloc(&g_ws, (size_t)g_sms * kSkSlotBytes));
  CK(cudaMalloc(&g_flags, g_sms * 4));
  CK(cudaMemset(g_flags, 0, g_sms * 4));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, sm90_gemm_tn));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("%s, %d SMs; config %s: smem %d B, regs %d, local %zu B, block %d, tile %dx%dx%d, stages %d, cluster %d\n", prop.name, g_sms,
         TYCUTE_STR(TYCUTE_SM90_CONFIG), smem_bytes(), fa.numRegs, fa.localSizeBytes, kBlockThreads, kTileM, kTileN, kTileK, kStages, kClusterM);
}

// seconds per launch of f(i) (i = 0, 1, ...: rotate input sets with it), queued back to back
// between one pair of events after 6 warm-up launches
template <class F>
static double seconds_per_launch(F f, int iters) {
  for (int i = 0; i < 6; ++i) f(i);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0), cudaEventCreate(&e1);
  cudaEventRecord(e0);
  for (int i = 0; i < iters; ++i) f(i);
  cudaEventRecord(e1);
  CK(cudaEventSynchronize(e1));
  float ms;
  cudaEventElapsedTime(&ms, e0, e1);
  cudaEventDestroy(e0), cudaEventDestroy(e1);
  return ms / iters * 1e-3;
}

// issue 20's four shapes
static const int kPerfShapes[4][3] = {{4096, 4096, 4096}, {8192, 8192, 8192}, {8192, 8192, 1024}, {4096, 14336, 4096}};
