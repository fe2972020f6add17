// Standalone check + timing of kernels/sm90_gemm.cu built for the tf32 configuration sm90_128x256_tf32 (docs/perf.md, "tf32 on
// sm90"); pack.sh (hdr/: the header tycute-gemm's build.rs writes). nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a
// -I include -I hdr -DTYCUTE_SM90_CONFIG=sm90_128x256_tf32 harness.cu -lcuda. f32 A and B (read as tf32 by wgmma), bf16 D.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include <random>
#include "sm90_gemm.cu"

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1); } } while (0)
#define CD(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { const char* s; cuGetErrorString(r, &s); printf("driver %s at %s:%d\n", s, __FILE__, __LINE__); exit(1); } } while (0)

static float bf16_to_float(unsigned short h) { unsigned u = unsigned(h) << 16; float f; memcpy(&f, &u, 4); return f; }

// f64 references: R = A B^T of the f32 inputs, S = sum |a||b| (the bound's scale)
__global__ void ref_kernel(const float* A, const float* B, double* R, double* S, int M, int N, int K) {
  int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y;
  if (n >= N || m >= M) return;
  double acc = 0, abs = 0;
  for (int k = 0; k < K; ++k) {
    double p = double(A[(long long)m * K + k]) * double(B[(long long)n * K + k]);
    acc += p, abs += fabs(p);
  }
  R[(long long)m * N + n] = acc, S[(long long)m * N + n] = abs;
}

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

static int smem_bytes() {
  int epi = (2 - kReuseSmemC) * kEpiStages * kEpiStageElems * 2;
  return kStages * (kStageBytesA + kStageBytesB) + kConsumers * epi + (2 * kStages + kConsumers * (2 * kEpiStages + 3) + 2) * 8 + 16 +
         kConsumers * kTileN * 4 + 1024;
}

struct Problem {
  int M, N, K;
  float *A, *B;
  unsigned short* D;
  TmaMap ta, tb, tc, td;
};

static Problem make_problem(int M, int N, int K, float* A, float* B, unsigned short* D) {
  Problem p{M, N, K, A, B, D};
  // (the header's kTmaBox* tables are device arrays: the K-major boxes are (bK, rows), D's (EPI_N, EPI_M))
  p.ta = make_map(A, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, K, M, kTileK, kTileM, kTmaSwizzleA);
  p.tb = make_map(B, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, K, N, kTileK, kTileN / kClusterM, kTmaSwizzleB);
  p.tc = make_map(D, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, N, M, kEpiN, kEpiM, kTmaSwizzleC);
  p.td = make_map(D, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, N, M, kEpiN, kEpiM, kTmaSwizzleD);
  return p;
}

static int g_sms;
static void launch(const Problem& p, float alpha, cudaStream_t st) {
  int tiles = ((p.M + kTileM * kClusterM - 1) / (kTileM * kClusterM)) * ((p.N + kTileN - 1) / kTileN);
  int clusters = g_sms / kClusterM;
  int grid = (tiles < clusters ? tiles : clusters) * kClusterM;
  int flags = (2.0 * p.M * p.N > 50e6) ? 8 : 0;
  cudaLaunchConfig_t lc = {};
  lc.gridDim = dim3(grid), lc.blockDim = dim3(kBlockThreads), lc.dynamicSmemBytes = smem_bytes(), lc.stream = st;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = kClusterM, at[0].val.clusterDim.y = 1, at[0].val.clusterDim.z = 1;
  lc.attrs = at, lc.numAttrs = 1;
  CK(cudaLaunchKernelEx(&lc, sm90_gemm_tn, p.ta, p.tb, p.tc, p.td, p.M, p.N, p.K, 1, flags, alpha, 0.f, p.D, (long long)p.N, 0LL,
                        (const unsigned short*)nullptr, 0, 0LL, 0, 0, (float*)nullptr, (unsigned*)nullptr));
}

static void fill(std::vector<float>& v, std::mt19937& g) {
  // uniform in [-1, 1): full 23-bit mantissas, so the tf32 truncation shows
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  for (auto& x : v) x = u(g);
}

int main() {
  CK(cudaFree(0));
  CK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaFuncSetAttribute(sm90_gemm_tn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes()));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, sm90_gemm_tn));
  printf("config %s: smem %d B, regs %d, local %zu B, block %d, tile %dx%dx%d, stages %d\n", TYCUTE_STR(TYCUTE_SM90_CONFIG), smem_bytes(), fa.numRegs,
         fa.localSizeBytes, kBlockThreads, kTileM, kTileN, kTileK, kStages);
  std::mt19937 g(7);
  // correctness: residues in M, N, K
  int shapes[][3] = {{128, 256, 32}, {1000, 1504, 2000}, {2048, 2048, 2048}, {77, 328, 16}, {513, 696, 1044}, {300, 520, 4100}};
  bool ok_all = true;
  for (auto& s : shapes) {
    int M = s[0], N = s[1], K = s[2];
    std::vector<float> a((size_t)M * K), b((size_t)N * K);
    fill(a, g), fill(b, g);
    float *A, *B;
    unsigned short* D;
    double *R, *S;
    CK(cudaMalloc(&A, a.size() * 4));
    CK(cudaMalloc(&B, b.size() * 4));
    CK(cudaMalloc(&D, (size_t)M * N * 2));
    CK(cudaMalloc(&R, (size_t)M * N * 8));
    CK(cudaMalloc(&S, (size_t)M * N * 8));
    CK(cudaMemcpy(A, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(B, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(D, 0xff, (size_t)M * N * 2));  // NaN poison
    const float alpha = 0.75f;
    Problem p = make_problem(M, N, K, A, B, D);
    launch(p, alpha, 0);
    CK(cudaGetLastError());
    ref_kernel<<<dim3((N + 127) / 128, M), 128>>>(A, B, R, S, M, N, K);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned short> d((size_t)M * N);
    std::vector<double> r((size_t)M * N), sa((size_t)M * N);
    CK(cudaMemcpy(d.data(), D, d.size() * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), R, r.size() * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sa.data(), S, sa.size() * 8, cudaMemcpyDeviceToHost));
    // bound: wgmma's tf32 form reads the 10 high mantissa bits of each f32 (the low 13 dropped:
    // at most 2^-10 relative, truncated or rounded), so each product is off by at most
    // (2 * 2^-10 + 2^-20) |a||b|; the f32 accumulation over K adds at most K * 2^-24 of sum |a||b|
    // (loose); D's rounding to bf16 half an ulp, 2^-8 of |D|.
    double worst = 0, worst_rel = 0;
    long bad = 0, nan = 0;
    for (size_t i = 0; i < d.size(); ++i) {
      double got = bf16_to_float(d[i]), want = alpha * r[i];
      if (std::isnan(got)) { ++nan; continue; }
      double absum = alpha * sa[i];
      double tol = std::fabs(want) * std::ldexp(1.0, -8) * 1.001 + absum * (2 * std::ldexp(1.0, -10) + std::ldexp(1.0, -20) + K * std::ldexp(1.0, -24)) + 1e-6;
      if (std::fabs(got - want) / absum > worst_rel) worst_rel = std::fabs(got - want) / absum;
      double err = std::fabs(got - want);
      if (err > tol) ++bad;
      if (err / (tol) > worst) worst = err / tol;
      if (d.size() > 4000000 && i > 200000) break;  // (the big case: a sample of rows)
    }
    if (M == 1000) {
      FILE* f = fopen("case.bin", "wb");
      fwrite(&M, 4, 1, f), fwrite(&N, 4, 1, f), fwrite(&K, 4, 1, f), fwrite(&alpha, 4, 1, f);
      fwrite(a.data(), 4, a.size(), f), fwrite(b.data(), 4, b.size(), f), fwrite(d.data(), 2, d.size(), f), fwrite(r.data(), 8, r.size(), f);
      fclose(f);
    }
    printf("check %dx%dx%d: %s (bad %ld, NaN %ld, worst err/bound %.3f, worst |err|/sum|ab| %.2e)\n", M, N, K, bad == 0 && nan == 0 ? "OK" : "FAIL", bad, nan, worst,
           worst_rel);
    ok_all &= bad == 0 && nan == 0;
    cudaFree(A), cudaFree(B), cudaFree(D), cudaFree(R), cudaFree(S);
  }
  // timing: three input sets rotated, CUDA events
  int perf[][3] = {{4096, 4096, 4096}, {8192, 8192, 8192}, {8192, 8192, 1024}, {4096, 14336, 4096}};
  for (auto& s : perf) {
    int M = s[0], N = s[1], K = s[2];
    Problem ps[3];
    for (int j = 0; j < 3; ++j) {
      float *A, *B;
      unsigned short* D;
      CK(cudaMalloc(&A, (size_t)M * K * 4));
      CK(cudaMalloc(&B, (size_t)N * K * 4));
      CK(cudaMalloc(&D, (size_t)M * N * 2));
      std::vector<float> a((size_t)M * K), b((size_t)N * K);
      fill(a, g), fill(b, g);
      CK(cudaMemcpy(A, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(B, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
      ps[j] = make_problem(M, N, K, A, B, D);
    }
    for (int i = 0; i < 6; ++i) launch(ps[i % 3], 1.f, 0);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0), cudaEventCreate(&e1);
    const int iters = 30;
    cudaEventRecord(e0);
    for (int i = 0; i < iters; ++i) launch(ps[i % 3], 1.f, 0);
    cudaEventRecord(e1);
    CK(cudaEventSynchronize(e1));
    float ms;
    cudaEventElapsedTime(&ms, e0, e1);
    double t = ms / iters * 1e-3;
    printf("perf %dx%dx%d: %.3f ms, %.0f TFLOP/s\n", M, N, K, t * 1e3, 2.0 * M * N * K / t / 1e12);
    for (int j = 0; j < 3; ++j) cudaFree(ps[j].A), cudaFree(ps[j].B), cudaFree(ps[j].D);
  }
  printf(ok_all ? "ALL OK\n" : "SOME FAILED\n");
  return 0;
}
