// Check + timing of a tf32 configuration (sm90_128x256_tf32 and its _c2: f32 A and B read as tf32
// by wgmma, bf16 D; docs/perf.md "tf32 on sm90") against an f64 reference.
//   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=sm90_128x256_tf32 tf32.cu -lcuda
// The 1000x1504x2000 case is written to case.bin for tf32_compare.py.
#include <random>
#include "common.cuh"
static_assert(kTf32, "tf32.cu takes a tf32 configuration");

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

// uniform in [-1, 1): full 23-bit mantissas, so the tf32 truncation shows
static void upload(Problem& p, std::mt19937& g, std::vector<float>& a, std::vector<float>& b) {
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  a.resize((size_t)p.M * p.K), b.resize((size_t)p.N * p.K);
  for (auto& x : a) x = u(g);
  for (auto& x : b) x = u(g);
  CK(cudaMemcpy(p.A, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(p.B, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
}

int main() {
  setup();
  std::mt19937 g(7);
  // correctness: residues in M, N, K
  int shapes[][3] = {{128, 256, 32}, {1000, 1504, 2000}, {2048, 2048, 2048}, {77, 328, 16}, {513, 696, 1044}, {300, 520, 4100}};
  bool ok_all = true;
  for (auto& s : shapes) {
    const int M = s[0], N = s[1], K = s[2];
    Problem p = alloc_problem(M, N, K);
    std::vector<float> a, b;
    upload(p, g, a, b);
    double *R, *S;
    CK(cudaMalloc(&R, (size_t)M * N * 8));
    CK(cudaMalloc(&S, (size_t)M * N * 8));
    CK(cudaMemset(p.D, 0xff, (size_t)M * N * 2));  // NaN poison
    const float alpha = 0.75f;
    launch(p, alpha, 0);
    CK(cudaGetLastError());
    ref_kernel<<<dim3((N + 127) / 128, M), 128>>>((const float*)p.A, (const float*)p.B, R, S, M, N, K);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned short> d((size_t)M * N);
    std::vector<double> r((size_t)M * N), sa((size_t)M * N);
    CK(cudaMemcpy(d.data(), p.D, d.size() * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), R, r.size() * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sa.data(), S, sa.size() * 8, cudaMemcpyDeviceToHost));
    // bound: wgmma's tf32 form reads the 10 high mantissa bits of each f32 (the low 13 dropped: at
    // most 2^-10 relative, truncated or rounded), so each product is off by at most
    // (2 * 2^-10 + 2^-20) |a||b|; the f32 accumulation over K adds at most K * 2^-24 of sum |a||b|
    // (loose); D's rounding to bf16 half an ulp, 2^-8 of |D|.
    double worst = 0, worst_rel = 0;
    long bad = 0, nan = 0;
    for (size_t i = 0; i < d.size(); ++i) {
      double got = cd_to_float(d[i]), want = alpha * r[i];
      if (std::isnan(got)) { ++nan; continue; }
      double absum = alpha * sa[i];
      double tol = std::fabs(want) * std::ldexp(1.0, -8) * 1.001 + absum * (2 * std::ldexp(1.0, -10) + std::ldexp(1.0, -20) + K * std::ldexp(1.0, -24)) + 1e-6;
      if (std::fabs(got - want) / absum > worst_rel) worst_rel = std::fabs(got - want) / absum;
      double err = std::fabs(got - want);
      if (err > tol) ++bad;
      if (err / tol > worst) worst = err / tol;
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
    free_problem(p), cudaFree(R), cudaFree(S);
  }
  // timing: three input sets rotated
  for (auto& s : kPerfShapes) {
    const int M = s[0], N = s[1], K = s[2];
    Problem ps[3];
    std::vector<float> a, b;
    for (auto& p : ps) p = alloc_problem(M, N, K), upload(p, g, a, b);
    const double t = seconds_per_launch([&](int i) { launch(ps[i % 3], 1.f, 0); }, 30);
    printf("perf %dx%dx%d: %.3f ms, %.0f TFLOP/s\n", M, N, K, t * 1e3, 2.0 * M * N * K / t / 1e12);
    for (auto& p : ps) free_problem(p);
  }
  printf(ok_all ? "ALL OK\n" : "SOME FAILED\n");
  return ok_all ? 0 : 1;
}
