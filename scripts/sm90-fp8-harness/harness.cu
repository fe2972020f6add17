// Standalone check + timing of kernels/sm90_gemm.cu built for an e4m3 configuration (sm90_128x256_e4m3, bf16 D, or
// sm90_128x256_e4m3_f16cd, fp16 D; docs/perf.md); pack.sh (hdr/: the headers tycute-gemm's build.rs writes).
//   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=sm90_128x256_e4m3 harness.cu -lcuda
// Per-tensor scales (sm90_gemm_tn, alpha) and per-row / per-column ones (sm90_gemm_tn_rowcol): the checks, then both timed
// side by side. `./h small`: the small per-row / per-column cases alone (for compute-sanitizer).
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

static float e4m3_to_float(unsigned char b) {
  int s = b >> 7, e = (b >> 3) & 15, m = b & 7;
  float v = e == 0 ? std::ldexp(m / 8.0f, -6) : std::ldexp(1.0f + m / 8.0f, e - 7);
  return s ? -v : v;
}
static float bf16_to_float(unsigned short h) { unsigned u = unsigned(h) << 16; float f; memcpy(&f, &u, 4); return f; }
static float f16_to_float(unsigned short h) {
  int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  float v = e == 0 ? std::ldexp(m / 1024.0f, -14) : e == 31 ? (m ? NAN : INFINITY) : std::ldexp(1.0f + m / 1024.0f, e - 15);
  return s ? -v : v;
}
// D's element: the configuration's (bf16, or fp16 for _f16cd); its rounding: half an ulp, 2^-8 (bf16) or 2^-11 (fp16) relative
static constexpr bool kF16D = kSm90ElementCD == TYCUTE_ELEMENT_F16;
static float d_to_float(unsigned short h) { return kF16D ? f16_to_float(h) : bf16_to_float(h); }
static const int kDRound = kF16D ? -11 : -8;

__global__ void ref_kernel(const unsigned char* A, const unsigned char* B, float* R, int M, int N, int K, const float* lut) {
  int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y;
  if (n >= N || m >= M) return;
  double acc = 0;
  for (int k = 0; k < K; ++k) acc += double(lut[A[(long long)m * K + k]]) * double(lut[B[(long long)n * K + k]]);
  R[(long long)m * N + n] = float(acc);
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
  unsigned char *A, *B;
  unsigned short* D;
  TmaMap ta, tb, tc, td;
};

static Problem make_problem(int M, int N, int K, unsigned char* A, unsigned char* B, unsigned short* D) {
  Problem p{M, N, K, A, B, D};
  // (the header's kTmaBox* tables are device arrays: the K-major boxes are (bK, rows), D's (EPI_N, EPI_M))
  p.ta = make_map(A, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, K, M, kTileK, kTileM, kTmaSwizzleA);
  p.tb = make_map(B, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, K, N, kTileK, kTileN / kClusterM, kTmaSwizzleB);
  const CUtensorMapDataType cd = kF16D ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  p.tc = make_map(D, cd, 2, N, M, kEpiN, kEpiM, kTmaSwizzleC);
  p.td = make_map(D, cd, 2, N, M, kEpiN, kEpiM, kTmaSwizzleD);
  return p;
}

static int g_sms;
// sa, sb: per-row / per-column scales (M and N floats): sm90_gemm_tn_rowcol; null: sm90_gemm_tn with alpha
static void launch(const Problem& p, float alpha, cudaStream_t st, const float* sa = nullptr, const float* sb = nullptr) {
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
  if (sa)
    CK(cudaLaunchKernelEx(&lc, sm90_gemm_tn_rowcol, p.ta, p.tb, p.tc, p.td, p.M, p.N, p.K, 1, flags, 1.f, 0.f, p.D, (long long)p.N, 0LL,
                          (const unsigned short*)nullptr, 0, 0LL, 0, 0, (float*)nullptr, (unsigned*)nullptr, sa, sb, 0LL, 0LL));
  else
    CK(cudaLaunchKernelEx(&lc, sm90_gemm_tn, p.ta, p.tb, p.tc, p.td, p.M, p.N, p.K, 1, flags, alpha, 0.f, p.D, (long long)p.N, 0LL,
                          (const unsigned short*)nullptr, 0, 0LL, 0, 0, (float*)nullptr, (unsigned*)nullptr));
}

static void fill(std::vector<unsigned char>& v, std::mt19937& g) {
  // e4m3 values 2^-3 .. 2^3 with random mantissa and sign (no NaN, no subnormal)
  for (auto& x : v) {
    unsigned r = g();
    int e = 4 + (r % 7), m = (r >> 4) & 7, s = (r >> 8) & 1;
    x = (unsigned char)((s << 7) | (e << 3) | m);
  }
}

int main(int argc, char** argv) {
  const bool small = argc > 1 && strcmp(argv[1], "small") == 0;
  CK(cudaFree(0));
  CK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  if (small) g_sms = 4;  // (several tiles per CTA, the stage parities wrapping)
  CK(cudaFuncSetAttribute(sm90_gemm_tn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes()));
  CK(cudaFuncSetAttribute(sm90_gemm_tn_rowcol, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes()));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, sm90_gemm_tn));
  printf("config %s: smem %d B, regs %d, local %zu B, block %d, tile %dx%dx%d, stages %d\n", TYCUTE_STR(TYCUTE_SM90_CONFIG), smem_bytes(), fa.numRegs,
         fa.localSizeBytes, kBlockThreads, kTileM, kTileN, kTileK, kStages);
  std::vector<float> lut(256);
  for (int i = 0; i < 256; ++i) lut[i] = e4m3_to_float((unsigned char)i);
  float* dlut;
  CK(cudaMalloc(&dlut, 256 * 4));
  CK(cudaMemcpy(dlut, lut.data(), 1024, cudaMemcpyHostToDevice));
  std::mt19937 g(7);
  // correctness: residues in M, N, K
  // (shape, per-row / per-column scales): the small ones alone with `small`
  int shapes[][4] = {{128, 256, 128, 0}, {1000, 1504, 2000, 0}, {4096, 4096, 4096, 0}, {77, 328, 16, 0}, {513, 696, 1040, 0}, {300, 520, 4112, 0},
                     {128, 256, 128, 1}, {77, 328, 16, 1}, {300, 520, 1040, 1}, {513, 696, 1040, 1}, {1000, 1504, 2000, 1}, {4096, 4096, 4096, 1}};
  bool ok_all = true;
  for (auto& s : shapes) {
    int M = s[0], N = s[1], K = s[2];
    const bool rc = s[3] != 0;
    if (small && (!rc || (long long)M * N > 400000)) continue;
    std::vector<unsigned char> a((size_t)M * K), b((size_t)N * K);
    fill(a, g), fill(b, g);
    unsigned char *A, *B;
    unsigned short* D;
    float* R;
    CK(cudaMalloc(&A, a.size()));
    CK(cudaMalloc(&B, b.size()));
    CK(cudaMalloc(&D, (size_t)M * N * 2));
    CK(cudaMalloc(&R, (size_t)M * N * 4));
    CK(cudaMemcpy(A, a.data(), a.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(B, b.data(), b.size(), cudaMemcpyHostToDevice));
    CK(cudaMemset(D, 0xff, (size_t)M * N * 2));  // NaN poison
    const float alpha = 0.5f * 0.25f;               // per-tensor scales folded into alpha
    // per-row scales of A and B: random in [2^-6, 2^-1) (rc: products below 2^-2, so that fp16 D stays finite), else
    // alpha's per tensor
    std::vector<float> va(M, 1.f), vb(N, alpha);
    if (rc) {
      for (auto& x : va) x = std::ldexp(1.0f + (g() % 1024) / 1024.0f, int(g() % 5) - 6);
      for (auto& x : vb) x = std::ldexp(1.0f + (g() % 1024) / 1024.0f, int(g() % 5) - 6);
    }
    float *SA, *SB;
    CK(cudaMalloc(&SA, M * 4));
    CK(cudaMalloc(&SB, N * 4));
    CK(cudaMemcpy(SA, va.data(), M * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(SB, vb.data(), N * 4, cudaMemcpyHostToDevice));
    Problem p = make_problem(M, N, K, A, B, D);
    if (rc)
      launch(p, 1.f, 0, SA, SB);
    else
      launch(p, alpha, 0);
    CK(cudaGetLastError());
    ref_kernel<<<dim3((N + 127) / 128, M), 128>>>(A, B, R, M, N, K, dlut);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned short> d((size_t)M * N);
    std::vector<float> r((size_t)M * N);
    CK(cudaMemcpy(d.data(), D, d.size() * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), R, r.size() * 4, cudaMemcpyDeviceToHost));
    // bound: bf16 rounding of D (2^-8 relative) + fp32-ish accumulation over K of |a||b| terms
    // (wgmma's fp8 accumulation: take 2^-13 relative per term as a loose allowance)
    double worst = 0;
    long bad = 0, nan = 0;
    for (size_t i = 0; i < d.size(); ++i) {
      int m = i / N, n = i % N;
      // the scale of element (m, n): alpha, or va[m] * vb[n] (f32 products: 2^-24 relative more)
      const double sc = rc ? double(va[m]) * double(vb[n]) : double(alpha);
      double got = d_to_float(d[i]), want = sc * r[i];
      if (std::isnan(got)) { ++nan; continue; }
      double absum = 0;
      for (int k = 0; k < K; k += 1) absum += std::fabs(lut[a[(size_t)m * K + k]] * lut[b[(size_t)n * K + k]]);
      // D's rounding to bf16 (half an ulp: 2^-8 relative) + the accumulation's: fp8 products are
      // exact, wgmma adds them into an accumulator that keeps about 14 bits (DeepSeek-V3's
      // measurement of Hopper's fp8 path) once per k32 block: (K/32 + 1) roundings of at most
      // 2^-14 of the running sum, itself at most absum = sum |a||b| (2^-13 allowed: 77x328x16 measured 1.026x of 2^-14);
      // one more for the alignment of the products inside the first block: with fp16 D (D's rounding 8x finer than
      // bf16's) 77x328x16 measured 1.15x of the (K/32 + 1) bound, so K/32 + 2
      double tol = std::fabs(want) * (std::ldexp(1.0, kDRound) * 1.001 + std::ldexp(1.0, -22)) + sc * absum * ((K / 32 + 2) * std::ldexp(1.0, -13)) + 1e-6;
      double err = std::fabs(got - want);
      if (err > tol) ++bad;
      if (err / (tol) > worst) worst = err / tol;
      if (d.size() > 4000000 && i > 200000) break;  // (the big case: a sample of rows)
    }
    if (M == 1000) {
      // (compare.py: case.bin per tensor, case_rc.bin per row / column, each beside torch._scaled_mm)
      FILE* f = fopen(rc ? "case_rc.bin" : "case.bin", "wb");
      const int fd = kF16D;
      fwrite(&M, 4, 1, f), fwrite(&N, 4, 1, f), fwrite(&K, 4, 1, f), fwrite(&alpha, 4, 1, f), fwrite(&fd, 4, 1, f);
      fwrite(a.data(), 1, a.size(), f), fwrite(b.data(), 1, b.size(), f), fwrite(d.data(), 2, d.size(), f), fwrite(r.data(), 4, r.size(), f);
      fwrite(va.data(), 4, M, f), fwrite(vb.data(), 4, N, f);
      fclose(f);
    }
    printf("check %s %dx%dx%d: %s (bad %ld, NaN %ld, worst err/bound %.3f)\n", rc ? "rowcol" : "tensor", M, N, K, bad == 0 && nan == 0 ? "OK" : "FAIL", bad, nan,
           worst);
    ok_all &= bad == 0 && nan == 0;
    cudaFree(A), cudaFree(B), cudaFree(D), cudaFree(R), cudaFree(SA), cudaFree(SB);
  }
  if (small) {
    printf(ok_all ? "ALL OK\n" : "SOME FAILED\n");
    return ok_all ? 0 : 1;
  }
  // timing: three input sets rotated, CUDA events; per tensor (alpha) and per row / column
  // (rowcol), in two alternating rounds
  int perf[][3] = {{4096, 4096, 4096}, {8192, 8192, 8192}, {8192, 8192, 1024}, {4096, 14336, 4096}};
  for (int round = 0; round < 4; ++round)
  for (auto& s : perf) {
    const bool rc = round % 2 == 1;
    int M = s[0], N = s[1], K = s[2];
    Problem ps[3];
    for (int j = 0; j < 3; ++j) {
      unsigned char *A, *B;
      unsigned short* D;
      CK(cudaMalloc(&A, (size_t)M * K));
      CK(cudaMalloc(&B, (size_t)N * K));
      CK(cudaMalloc(&D, (size_t)M * N * 2));
      std::vector<unsigned char> a((size_t)M * K), b((size_t)N * K);
      fill(a, g), fill(b, g);
      CK(cudaMemcpy(A, a.data(), a.size(), cudaMemcpyHostToDevice));
      CK(cudaMemcpy(B, b.data(), b.size(), cudaMemcpyHostToDevice));
      ps[j] = make_problem(M, N, K, A, B, D);
    }
    float *SA, *SB;
    CK(cudaMalloc(&SA, M * 4));
    CK(cudaMalloc(&SB, N * 4));
    {
      std::vector<float> ones(M > N ? M : N, 1.f);
      CK(cudaMemcpy(SA, ones.data(), M * 4, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(SB, ones.data(), N * 4, cudaMemcpyHostToDevice));
    }
    const float* sa = rc ? SA : nullptr;
    for (int i = 0; i < 6; ++i) launch(ps[i % 3], 1.f, 0, sa, SB);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0), cudaEventCreate(&e1);
    const int iters = 30;
    cudaEventRecord(e0);
    for (int i = 0; i < iters; ++i) launch(ps[i % 3], 1.f, 0, sa, SB);
    cudaEventRecord(e1);
    CK(cudaEventSynchronize(e1));
    float ms;
    cudaEventElapsedTime(&ms, e0, e1);
    double t = ms / iters * 1e-3;
    printf("perf %s %dx%dx%d: %.3f ms, %.0f TFLOP/s\n", rc ? "rowcol" : "tensor", M, N, K, t * 1e3, 2.0 * M * N * K / t / 1e12);
    for (int j = 0; j < 3; ++j) cudaFree(ps[j].A), cudaFree(ps[j].B), cudaFree(ps[j].D);
    cudaFree(SA), cudaFree(SB);
  }
  printf(ok_all ? "ALL OK\n" : "SOME FAILED\n");
  return ok_all ? 0 : 1;
}
