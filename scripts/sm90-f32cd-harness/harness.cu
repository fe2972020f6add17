// Standalone check + timing of kernels/sm90_gemm.cu built for an fp32-output configuration
// (sm90_128x256_bf16_f32cd, _e4m3_f32cd, _tf32_f32cd: C, D and the bias fp32, stored from the
// registers, kEpiDirect; docs/perf.md "fp32 C/D on sm90"). pack.sh puts the headers tycute-gemm's
// build.rs wrote in hdr/.
//   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=sm90_128x256_bf16_f32cd harness.cu -lcuda
// Checks (tn entry point, whole tiles): residues in M, N (odd N: the last pairs one by one) and K,
// padded leading dimensions whose padding must keep its NaN poison, a guard after D, beta with an
// fp32 C, row and column fp32 bias, a batch of 2; against a GPU reference accumulating in double on
// the inputs' values. Then times issue 20's shapes (three input sets rotated, CUDA events).
// `./h small`: the small cases alone, on 4 SMs (for compute-sanitizer).
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

static_assert(kEpiDirect == 1, "an fp32-output configuration");
// A and B: bf16 (2 bytes), e4m3 (1), tf32 (f32 in memory, 4)
static constexpr int kAB = kSm90ElementAB == TYCUTE_ELEMENT_BF16 || kSm90ElementAB == TYCUTE_ELEMENT_F16 ? 2 : kSm90ElementAB == TYCUTE_ELEMENT_TF32 ? 4 : 1;
static const CUtensorMapDataType kAbType = kAB == 2 ? (kSm90ElementAB == TYCUTE_ELEMENT_BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16)
                                         : kAB == 4 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32 : CU_TENSOR_MAP_DATA_TYPE_UINT8;

static float e4m3_to_float(unsigned char b) {
  int s = b >> 7, e = (b >> 3) & 15, m = b & 7;
  float v = e == 0 ? std::ldexp(m / 8.0f, -6) : std::ldexp(1.0f + m / 8.0f, e - 7);
  return s ? -v : v;
}
static float bits_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
// one random input element's bytes and the value the GPU reads (tf32: the f32's top 19 bits)
static float rnd_input(std::mt19937& g, unsigned char* out) {
  unsigned r = g();
  if (kAB == 1) {
    int e = 4 + (r % 7), m = (r >> 4) & 7, s = (r >> 8) & 1;
    out[0] = (unsigned char)((s << 7) | (e << 3) | m);
    return e4m3_to_float(out[0]);
  }
  float x = (int(r % 2001) - 1000) / 1000.0f + ((r >> 11) & 255) * 1e-6f;
  unsigned u;
  memcpy(&u, &x, 4);
  if (kAB == 2) {
    unsigned short h = (unsigned short)(u >> 16);  // bf16 (truncated: any bf16 value)
    memcpy(out, &h, 2);
    return bits_float(unsigned(h) << 16);
  }
  memcpy(out, &u, 4);
  return bits_float(u & 0xffffe000u);  // tf32: the low 13 mantissa bits ignored
}

// n random input elements (the timing's inputs), from a hash on the device
__global__ void fill_kernel(unsigned char* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned r = (unsigned)i * 2654435761u ^ seed;
    r ^= r >> 15, r *= 2246822519u, r ^= r >> 13;
    if (kAB == 1) {
      int e = 4 + (r % 7), m = (r >> 4) & 7, s = (r >> 8) & 1;
      p[i] = (unsigned char)((s << 7) | (e << 3) | m);
    } else {
      float x = (int(r % 2001) - 1000) / 1000.0f;
      unsigned u = __float_as_uint(x);
      if (kAB == 2)
        reinterpret_cast<unsigned short*>(p)[i] = (unsigned short)(u >> 16);
      else
        reinterpret_cast<unsigned*>(p)[i] = u;
    }
  }
}

// R[z][m][n] = sum_k A[z][m][k] B[z][n][k] in double (A, B as float values)
__global__ void ref_kernel(const float* A, const float* B, double* R, int M, int N, int K) {
  int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y, z = blockIdx.z;
  if (n >= N || m >= M) return;
  double acc = 0;
  for (int k = 0; k < K; ++k) acc += double(A[((long long)z * M + m) * K + k]) * double(B[((long long)z * N + n) * K + k]);
  R[((long long)z * M + m) * N + n] = acc;
}

static TmaMap make_map(void* p, CUtensorMapDataType t, int esize, unsigned long long inner, unsigned long long outer, unsigned long long ld,
                       unsigned long long depth, unsigned bi, unsigned bo, int swz) {
  CUtensorMap m;
  static_assert(sizeof(CUtensorMap) == sizeof(TmaMap), "128-byte maps");
  cuuint64_t dims[3] = {inner, outer, depth};
  cuuint64_t strides[2] = {ld * esize, ld * outer * esize};
  cuuint32_t box[3] = {bi, bo, 1}, es[3] = {1, 1, 1};
  CD(cuTensorMapEncodeTiled(&m, t, 3, p, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, (CUtensorMapSwizzle)swz,
                            CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  TmaMap out;
  memcpy(&out, &m, sizeof out);
  return out;
}

// (no epilogue stages with kEpiDirect: kEpiBytes = 0)
static int smem_bytes() {
  return kStages * (kStageBytesA + kStageBytesB) + kConsumers * (int)kEpiBytes + (2 * kStages + kConsumers * (2 * kEpiStages + 3) + 2) * 8 + 16 +
         kConsumers * kTileN * 4 + 1024;
}

static int g_sms;
// D = alpha A B^T + beta C + bias; A (M,K), B (N,K) K-major packed, C and D (M,N) row-major with ld, batch of `batch` (C, D ld*M apart)
static void launch(void* A, void* B, const float* C, float* D, int M, int N, int K, int batch, int ld, float alpha, float beta, const float* bias,
                   int bias_mode, cudaStream_t st) {
  TmaMap ta = make_map(A, kAbType, kAB, K, M, K, batch, kTileK, kTileM, kTmaSwizzleA);
  TmaMap tb = make_map(B, kAbType, kAB, K, N, K, batch, kTileK, kTileN / kClusterM, kTmaSwizzleB);
  TmaMap tc, td;
  memset(&tc, 0, sizeof tc), memset(&td, 0, sizeof td);
  Sm90DirectC dc{C, ld, batch > 1 ? (long long)ld * M : 0};
  memcpy(&tc, &dc, sizeof dc);
  int tiles = ((M + kTileM * kClusterM - 1) / (kTileM * kClusterM)) * ((N + kTileN - 1) / kTileN) * batch;
  int clusters = g_sms / kClusterM;
  int grid = (tiles < clusters ? tiles : clusters) * kClusterM;
  // bit 3: D larger than the L2, stored evict-first (the host's rule); HARNESS_NO_CS=1: never
  static const bool no_cs = getenv("HARNESS_NO_CS") != nullptr;
  int flags = (!no_cs && 4.0 * M * N * batch > 50e6) ? 8 : 0;
  cudaLaunchConfig_t lc = {};
  lc.gridDim = dim3(grid), lc.blockDim = dim3(kBlockThreads), lc.dynamicSmemBytes = smem_bytes(), lc.stream = st;
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = kClusterM, at[0].val.clusterDim.y = 1, at[0].val.clusterDim.z = 1;
  lc.attrs = at, lc.numAttrs = 1;
  CK(cudaLaunchKernelEx(&lc, sm90_gemm_tn, ta, tb, tc, td, M, N, K, batch, flags, alpha, beta, D, (long long)ld, batch > 1 ? (long long)ld * M : 0LL,
                        bias, bias_mode, 0LL, 0, 0, (float*)nullptr, (unsigned*)nullptr));
}

int main(int argc, char** argv) {
  const bool small = argc > 1 && strcmp(argv[1], "small") == 0;
  CK(cudaFree(0));
  CK(cudaDeviceGetAttribute(&g_sms, cudaDevAttrMultiProcessorCount, 0));
  if (small) g_sms = 4;
  CK(cudaFuncSetAttribute(sm90_gemm_tn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes()));
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, sm90_gemm_tn));
  printf("config %s: smem %d B, regs %d, local %zu B, block %d, tile %dx%dx%d, stages %d, A/B %d bytes\n", TYCUTE_STR(TYCUTE_SM90_CONFIG), smem_bytes(),
         fa.numRegs, fa.localSizeBytes, kBlockThreads, kTileM, kTileN, kTileK, kStages, kAB);
  std::mt19937 g(11);
  // {M, N, K, batch, ld pad, alpha*4, beta*4, bias_mode}
  int cases[][8] = {{128, 256, 128, 1, 0, 4, 0, 0},  {200, 136, 80, 1, 8, 4, 0, 0},    {129, 135, 64, 1, 9, 1, 0, 1},  {300, 264, 272, 2, 8, 2, 3, 2},
                    {1, 8, 16, 1, 0, 4, 2, 0},       {513, 697, 1040, 1, 7, 4, 1, 2},   {1000, 1504, 2000, 1, 0, 4, 0, 0}, {2048, 2048, 2048, 1, 0, 4, 2, 1}};
  bool ok_all = true;
  for (auto& c : cases) {
    int M = c[0], N = c[1], K = c[2], batch = c[3], ld = N + c[4], bias_mode = c[7];
    float alpha = c[5] / 4.f, beta = c[6] / 4.f;
    if (small && (long long)M * N > 400000) continue;
    size_t na = (size_t)batch * M * K, nb = (size_t)batch * N * K, ncd = (size_t)batch * M * ld;
    std::vector<unsigned char> a(na * kAB), b(nb * kAB);
    std::vector<float> av(na), bv(nb), cv(ncd), biasv(bias_mode == 1 ? M : N);
    for (size_t i = 0; i < na; ++i) av[i] = rnd_input(g, &a[i * kAB]);
    for (size_t i = 0; i < nb; ++i) bv[i] = rnd_input(g, &b[i * kAB]);
    for (auto& x : cv) x = (int(g() % 2001) - 1000) / 1000.0f;
    for (auto& x : biasv) x = (int(g() % 2001) - 1000) / 1000.0f;
    void *A, *B;
    float *C, *D, *Bias, *fa_, *fb_;
    double* R;
    const size_t guard = 256;
    CK(cudaMalloc(&A, a.size()));
    CK(cudaMalloc(&B, b.size()));
    CK(cudaMalloc(&C, ncd * 4));
    CK(cudaMalloc(&D, (ncd + guard) * 4));
    CK(cudaMalloc(&Bias, biasv.size() * 4));
    CK(cudaMalloc(&fa_, na * 4));
    CK(cudaMalloc(&fb_, nb * 4));
    CK(cudaMalloc(&R, (size_t)batch * M * N * 8));
    CK(cudaMemcpy(A, a.data(), a.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(B, b.data(), b.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(C, cv.data(), ncd * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(Bias, biasv.data(), biasv.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(fa_, av.data(), na * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(fb_, bv.data(), nb * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(D, 0xa5, (ncd + guard) * 4));  // poison (a NaN-free pattern no result equals: 0xa5a5a5a5)
    launch(A, B, C, D, M, N, K, batch, ld, alpha, beta, bias_mode ? Bias : nullptr, bias_mode, 0);
    CK(cudaGetLastError());
    ref_kernel<<<dim3((N + 127) / 128, M, batch), 128>>>(fa_, fb_, R, M, N, K);
    CK(cudaDeviceSynchronize());
    std::vector<float> d(ncd + guard);
    std::vector<double> r((size_t)batch * M * N);
    CK(cudaMemcpy(d.data(), D, d.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), R, r.size() * 8, cudaMemcpyDeviceToHost));
    double worst = 0;
    long bad = 0, stray = 0;
    const bool big = (size_t)batch * M * N > 4000000;
    for (int z = 0; z < batch; ++z)
      for (int m = 0; m < M; ++m) {
        if (big && m % 7 != 0) continue;  // (the big case: a sample of rows)
        for (int n = 0; n < ld; ++n) {
          const size_t at = ((size_t)z * M + m) * ld + n;
          unsigned bits;
          memcpy(&bits, &d[at], 4);
          if (n >= N) {
            stray += bits != 0xa5a5a5a5u;
            continue;
          }
          double absum = 0;
          for (int k = 0; k < K; ++k) absum += std::fabs(double(av[((size_t)z * M + m) * K + k]) * bv[((size_t)z * N + n) * K + k]);
          const double bterm = bias_mode == 1 ? biasv[m] : bias_mode == 2 ? biasv[n] : 0.0;
          const double cterm = double(beta) * cv[at];
          const double acc = r[((size_t)z * M + m) * N + n];
          const double want = alpha * acc + cterm + bterm;
          // the accumulation's allowance: fp8 wgmma keeps about 14 bits per k32 block ((K/32 + 2) * 2^-13, the fp8 harness's);
          // bf16 / tf32 products in f32 ((K + 2) * 2^-23 of sum |a b|, loose); the f32 epilogue: a few f32 roundings
          const double rel = kAB == 1 ? (K / 32 + 2) * std::ldexp(1.0, -13) : (K + 2) * std::ldexp(1.0, -23);
          const double tol = std::fabs(alpha) * absum * rel + (std::fabs(alpha * acc) + std::fabs(cterm) + std::fabs(bterm)) * std::ldexp(1.0, -22) + 1e-6;
          const double err = std::fabs(double(d[at]) - want);
          if (!(err <= tol)) {
            if (bad < 5) printf("  D[%d][%d][%d] = %.8g, want %.8g (bound %.3g)\n", z, m, n, d[at], want, tol);
            ++bad;
          }
          if (err / tol > worst) worst = err / tol;
        }
      }
    for (size_t i = ncd; i < ncd + guard; ++i) {
      unsigned bits;
      memcpy(&bits, &d[i], 4);
      stray += bits != 0xa5a5a5a5u;
    }
    printf("check %dx%dx%d batch %d ld %d alpha %g beta %g bias %d: %s (bad %ld, stores outside D %ld, worst err/bound %.3f)\n", M, N, K, batch, ld, alpha,
           beta, bias_mode, bad == 0 && stray == 0 ? "OK" : "FAIL", bad, stray, worst);
    ok_all &= bad == 0 && stray == 0;
    cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(D), cudaFree(Bias), cudaFree(fa_), cudaFree(fb_), cudaFree(R);
  }
  if (small) {
    printf(ok_all ? "ALL OK\n" : "SOME FAILED\n");
    return ok_all ? 0 : 1;
  }
  // timing: three input sets rotated, CUDA events, beta = 0 (and beta = 1 at 8192^3)
  int perf[][4] = {{4096, 4096, 4096, 0}, {8192, 8192, 8192, 0}, {8192, 8192, 1024, 0}, {4096, 14336, 4096, 0}, {8192, 8192, 8192, 1}};
  for (int round = 0; round < 2; ++round)
    for (auto& s : perf) {
      int M = s[0], N = s[1], K = s[2];
      const float beta = s[3];
      void *A[3], *B[3];
      float *C, *D[3];
      for (int j = 0; j < 3; ++j) {
        CK(cudaMalloc(&A[j], (size_t)M * K * kAB));
        CK(cudaMalloc(&B[j], (size_t)N * K * kAB));
        CK(cudaMalloc(&D[j], (size_t)M * N * 4));
        fill_kernel<<<1024, 256>>>((unsigned char*)A[j], (size_t)M * K, 17u + j);
        fill_kernel<<<1024, 256>>>((unsigned char*)B[j], (size_t)N * K, 91u + j);
        CK(cudaGetLastError());
      }
      CK(cudaMalloc(&C, (size_t)M * N * 4));
      CK(cudaMemset(C, 0, (size_t)M * N * 4));
      for (int i = 0; i < 6; ++i) launch(A[i % 3], B[i % 3], C, D[i % 3], M, N, K, 1, N, 1.f, beta, nullptr, 0, 0);
      cudaEvent_t e0, e1;
      cudaEventCreate(&e0), cudaEventCreate(&e1);
      const int iters = 30;
      cudaEventRecord(e0);
      for (int i = 0; i < iters; ++i) launch(A[i % 3], B[i % 3], C, D[i % 3], M, N, K, 1, N, 1.f, beta, nullptr, 0, 0);
      cudaEventRecord(e1);
      CK(cudaEventSynchronize(e1));
      float ms;
      cudaEventElapsedTime(&ms, e0, e1);
      double t = ms / iters * 1e-3;
      printf("perf %s %dx%dx%d beta %g: %.3f ms, %.0f TFLOP/s\n", TYCUTE_STR(TYCUTE_SM90_CONFIG), M, N, K, beta, t * 1e3, 2.0 * M * N * K / t / 1e12);
      for (int j = 0; j < 3; ++j) cudaFree(A[j]), cudaFree(B[j]), cudaFree(D[j]);
      cudaFree(C);
    }
  printf(ok_all ? "ALL OK\n" : "SOME FAILED\n");
  return ok_all ? 0 : 1;
}
