// Standalone schedule experiment for kernels/sm90_gemm.cu (docs/perf.md, "sm90: the last wave"):
// one configuration (fp16, bf16 or e4m3 A and B, K-major, D of the configuration's C/D type), at
// the issue's four shapes, timed under several persistent schedules the kernel can run: whole
// tiles (data-parallel), the host's stream-K line (the partial wave and the last full one), the
// line over the partial wave only (CUTLASS's data-parallel + stream-K hybrid), the line over
// every tile (pure stream-K) and the split tail where it applies. Each schedule's D is compared
// with the whole-tile D (the same products in another summation order). pack.sh builds it.
//   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=<config> harness.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include "sm90_gemm.cu"

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1); } } while (0)
#define CD(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { const char* s; cuGetErrorString(r, &s); printf("driver %s at %s:%d\n", s, __FILE__, __LINE__); exit(1); } } while (0)

constexpr bool kFp8 = kSm90ElementAB == TYCUTE_ELEMENT_E4M3 || kSm90ElementAB == TYCUTE_ELEMENT_E5M2;
constexpr int kAB = kFp8 ? 1 : 2;

// random inputs on the device: fp8 values 2^-3 .. 2^3 (e4m3 codes), or 16-bit values in [-1, 1)
__global__ void fill_kernel(unsigned char* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned r = (unsigned)(i * 2654435761u) ^ seed;
    r ^= r >> 13, r *= 0x5bd1e995u, r ^= r >> 15;
    if constexpr (kFp8) {
      int e = 4 + (r % 7), m = (r >> 4) & 7, s = (r >> 8) & 1;
      p[i] = (unsigned char)((s << 7) | (e << 3) | m);
    } else {
      float f = ((r >> 8) & 0xffff) / 32768.0f - 1.0f;
      unsigned short h;
      if constexpr (kSm90ElementAB == TYCUTE_ELEMENT_BF16) {
        unsigned u;
        memcpy(&u, &f, 4);
        h = (unsigned short)(u >> 16);
      } else {
        __half x = __float2half(f);
        memcpy(&h, &x, 2);
      }
      reinterpret_cast<unsigned short*>(p)[i] = h;
    }
  }
}
static float cd_to_float(unsigned short h) {
  if (kSm90ElementCD == TYCUTE_ELEMENT_BF16) { unsigned u = unsigned(h) << 16; float f; memcpy(&f, &u, 4); return f; }
  int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? std::ldexp(m / 1024.0f, -14) : e == 31 ? NAN : std::ldexp(1.0f + m / 1024.0f, e - 15);
  return s ? -v : v;
}

static TmaMap make_map(void* p, CUtensorMapDataType t, int esize, unsigned long long inner, unsigned long long outer, unsigned bi, unsigned bo, int swz) {
  CUtensorMap m;
  cuuint64_t dims[3] = {inner, outer, 1};
  cuuint64_t strides[2] = {inner * esize, inner * outer * esize};
  cuuint32_t box[3] = {bi, bo, 1}, es[3] = {1, 1, 1};
  CD(cuTensorMapEncodeTiled(&m, t, 3, p, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, (CUtensorMapSwizzle)swz,
                            CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  TmaMap out;
  memcpy(&out, &m, sizeof out);
  return out;
}

static int smem_bytes() {
  int epi = (2 - kReuseSmemC) * kEpiStages * kEpiStageElems * 2;
  return kStages * (kStageBytesA + kStageBytesB) + kConsumers * epi + (2 * kStages + kConsumers * (2 * kEpiStages + 3) + 2) * 8 + 16 +
         kConsumers * kTileN * 4 + 1024;
}

struct Problem {
  int M, N, K;
  unsigned char *A, *B;
  unsigned short* D;
  TmaMap ta, tb, tc, td;
};

static Problem make_problem(int M, int N, int K, unsigned seed) {
  Problem p{M, N, K};
  CK(cudaMalloc(&p.A, (size_t)M * K * kAB));
  CK(cudaMalloc(&p.B, (size_t)N * K * kAB));
  CK(cudaMalloc(&p.D, (size_t)M * N * 2));
  fill_kernel<<<1024, 256>>>(p.A, (size_t)M * K, seed);
  fill_kernel<<<1024, 256>>>(p.B, (size_t)N * K, seed * 7 + 1);
  const CUtensorMapDataType ab = kFp8 ? CU_TENSOR_MAP_DATA_TYPE_UINT8
                                 : kSm90ElementAB == TYCUTE_ELEMENT_BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  const CUtensorMapDataType cd = kSm90ElementCD == TYCUTE_ELEMENT_BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  p.ta = make_map(p.A, ab, kAB, K, M, kTileK, kTileM, kTmaSwizzleA);
  p.tb = make_map(p.B, ab, kAB, K, N, kTileK, kTileN / kClusterM, kTmaSwizzleB);
  p.tc = make_map(p.D, cd, 2, N, M, kEpiN, kEpiM, kTmaSwizzleC);
  p.td = make_map(p.D, cd, 2, N, M, kEpiN, kEpiM, kTmaSwizzleD);
  return p;
}

static int g_sms;
static float* g_ws;
static unsigned* g_flags;
struct Sched { const char* name; int grid, sk_tiles, sk_split; };

static void launch(const Problem& p, const Sched& s, cudaStream_t st) {
  int flags = (2.0 * p.M * p.N > 50e6) ? 8 : 0;
  cudaLaunchConfig_t lc = {};
  lc.gridDim = dim3(s.grid), lc.blockDim = dim3(kBlockThreads), lc.dynamicSmemBytes = smem_bytes(), lc.stream = st;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = kClusterM, at[0].val.clusterDim.y = 1, at[0].val.clusterDim.z = 1;
  lc.attrs = at, lc.numAttrs = 1;
  const float alpha = kFp8 ? 0.125f : 1.f;
  CK(cudaLaunchKernelEx(&lc, sm90_gemm_tn, p.ta, p.tb, p.tc, p.td, p.M, p.N, p.K, 1, flags, alpha, 0.f, p.D, (long long)p.N, 0LL,
                        (const unsigned short*)nullptr, 0, 0LL, s.sk_tiles, s.sk_split, g_ws, g_flags));
}

int main(int argc, char** argv) {
  CK(cudaFree(0));
  CK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaFuncSetAttribute(sm90_gemm_tn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes()));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, sm90_gemm_tn));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("%s, %d SMs; config %s cluster %d group %d: regs %d, local %zu B, tile %dx%dx%d\n", prop.name, g_sms, TYCUTE_STR(TYCUTE_SM90_CONFIG), kClusterM, kGroupM * kClusterM,
         fa.numRegs, fa.localSizeBytes, kTileM, kTileN, kTileK);
  CK(cudaMalloc(&g_ws, (size_t)g_sms * kSkSlotBytes));
  CK(cudaMalloc(&g_flags, g_sms * 4));
  CK(cudaMemset(g_flags, 0, g_sms * 4));
  const int iters = argc > 1 ? atoi(argv[1]) : 40;
  const bool quick = argc > 2 && atoi(argv[2]) != 0;  // whole tiles only, no comparison
  int perf[][3] = {{4096, 4096, 4096}, {8192, 8192, 8192}, {8192, 8192, 1024}, {4096, 14336, 4096}};
  for (auto& sh : perf) {
    const int M = sh[0], N = sh[1], K = sh[2];
    const int tiles = ((M + kTileM * kClusterM - 1) / (kTileM * kClusterM)) * kClusterM * ((N + kTileN - 1) / kTileN), KT = (K + kTileK - 1) / kTileK, r = tiles % g_sms;
    std::vector<Sched> scheds = {{"whole", tiles < g_sms ? tiles : g_sms, 0, 0}};
    if (tiles > g_sms && r) {
      if (tiles >= 2 * g_sms) scheds.push_back({"line(tail+wave)", g_sms, r + g_sms, 0});
      scheds.push_back({"line(tail)", g_sms, r, 0});
      scheds.push_back({"line(all)", g_sms, tiles, 0});
      for (int s = 2; s * r <= g_sms && s <= 8; ++s) scheds.push_back({"split", g_sms, r, s});
    }
    scheds.push_back({"whole(again)", tiles < g_sms ? tiles : g_sms, 0, 0});
    Problem ps[3];
    for (int j = 0; j < 3; ++j) ps[j] = make_problem(M, N, K, 17 + j);
    std::vector<unsigned short> ref((size_t)M * N), got((size_t)M * N);
    if (quick) {
      std::vector<Sched> q;
      for (auto& s : scheds)
        if (!strcmp(s.name, "whole")) q.push_back(s);
      scheds = q;
    }
    for (size_t v = 0; v < scheds.size(); ++v) {
      const Sched& s = scheds[v];
      CK(cudaMemset(ps[0].D, 0xff, (size_t)M * N * 2));  // NaN poison
      launch(ps[0], s, 0);
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(v == 0 ? ref.data() : got.data(), ps[0].D, (size_t)M * N * 2, cudaMemcpyDeviceToHost));
      double worst = 0, scale = 0;
      long nan = 0;
      if (v > 0 && !quick) {
        for (size_t i = 0; i < ref.size(); i += 7) scale = fmax(scale, fabs(cd_to_float(ref[i])));
        for (size_t i = 0; i < ref.size(); ++i) {
          float a = cd_to_float(ref[i]), b = cd_to_float(got[i]);
          if (std::isnan(b) || std::isnan(a)) { ++nan; continue; }
          worst = fmax(worst, fabs(a - b));
        }
      }
      for (int i = 0; i < 6; ++i) launch(ps[i % 3], s, 0);
      cudaEvent_t e0, e1;
      cudaEventCreate(&e0), cudaEventCreate(&e1);
      cudaEventRecord(e0);
      for (int i = 0; i < iters; ++i) launch(ps[i % 3], s, 0);
      cudaEventRecord(e1);
      CK(cudaEventSynchronize(e1));
      float ms;
      cudaEventElapsedTime(&ms, e0, e1);
      const double t = ms / iters * 1e-3;
      printf("%s c%d g%d %dx%dx%d %-16s grid %3d sk_tiles %4d split %d: %.4f ms %5.0f TFLOP/s  vs whole: max|diff| %.3g of max|D| %.3g, NaN %ld\n",
             TYCUTE_STR(TYCUTE_SM90_CONFIG), kClusterM, kGroupM * kClusterM, M, N, K, s.name, s.grid, s.sk_tiles, s.sk_split, t * 1e3, 2.0 * M * N * K / t / 1e12, worst, scale, nan);
    }
    for (int j = 0; j < 3; ++j) cudaFree(ps[j].A), cudaFree(ps[j].B), cudaFree(ps[j].D);
  }
  return 0;
}
