// Check + timing of an fp8 configuration (sm90_128x256_e4m3 and its _c2, bf16 D; _f16cd, fp16 D;
// docs/perf.md) against an f64-accumulated reference: per-tensor scales (sm90_gemm_tn, alpha) and
// per-row / per-column ones (sm90_gemm_tn_rowcol), then both timed at issue 20's shapes.
//   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=sm90_128x256_e4m3 fp8.cu -lcuda
// `./h small`: the small per-row / per-column cases alone on 4 SMs (for compute-sanitizer).
// The 1000x1504x2000 cases are written to case.bin / case_rc.bin for fp8_compare.py.
#include <random>
#include "common.cuh"
static_assert(kFp8, "fp8.cu takes an fp8 configuration");

static float e4m3_to_float(unsigned char b) {
  int s = b >> 7, e = (b >> 3) & 15, m = b & 7;
  float v = e == 0 ? std::ldexp(m / 8.0f, -6) : std::ldexp(1.0f + m / 8.0f, e - 7);
  return s ? -v : v;
}
// D's rounding: half an ulp, 2^-8 (bf16) or 2^-11 (fp16) relative
static const int kDRound = kF16D ? -11 : -8;

__global__ void ref_kernel(const unsigned char* A, const unsigned char* B, float* R, int M, int N, int K, const float* lut) {
  int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y;
  if (n >= N || m >= M) return;
  double acc = 0;
  for (int k = 0; k < K; ++k) acc += double(lut[A[(long long)m * K + k]]) * double(lut[B[(long long)n * K + k]]);
  R[(long long)m * N + n] = float(acc);
}

static void fill(std::vector<unsigned char>& v, std::mt19937& g) {
  // e4m3 values 2^-3 .. 2^3 with random mantissa and sign (no NaN, no subnormal)
  for (auto& x : v) {
    unsigned r = g();
    int e = 4 + (r % 7), m = (r >> 4) & 7, s = (r >> 8) & 1;
    x = (unsigned char)((s << 7) | (e << 3) | m);
  }
}
static void upload(Problem& p, std::mt19937& g, std::vector<unsigned char>& a, std::vector<unsigned char>& b) {
  a.resize((size_t)p.M * p.K), b.resize((size_t)p.N * p.K);
  fill(a, g), fill(b, g);
  CK(cudaMemcpy(p.A, a.data(), a.size(), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(p.B, b.data(), b.size(), cudaMemcpyHostToDevice));
}

int main(int argc, char** argv) {
  const bool small = argc > 1 && strcmp(argv[1], "small") == 0;
  setup(small ? 4 : 0);  // (small: several tiles per CTA, the stage parities wrapping)
  std::vector<float> lut(256);
  for (int i = 0; i < 256; ++i) lut[i] = e4m3_to_float((unsigned char)i);
  float* dlut;
  CK(cudaMalloc(&dlut, 256 * 4));
  CK(cudaMemcpy(dlut, lut.data(), 1024, cudaMemcpyHostToDevice));
  std::mt19937 g(7);
  // correctness, residues in M, N, K: (shape, per-row / per-column scales); the small ones alone with `small`
  int shapes[][4] = {{128, 256, 128, 0}, {1000, 1504, 2000, 0}, {4096, 4096, 4096, 0}, {77, 328, 16, 0}, {513, 696, 1040, 0}, {300, 520, 4112, 0},
                     {128, 256, 128, 1}, {77, 328, 16, 1}, {300, 520, 1040, 1}, {513, 696, 1040, 1}, {1000, 1504, 2000, 1}, {4096, 4096, 4096, 1}};
  bool ok_all = true;
  for (auto& s : shapes) {
    const int M = s[0], N = s[1], K = s[2];
    const bool rc = s[3] != 0;
    if (small && (!rc || (long long)M * N > 400000)) continue;
    if (rc && kClusterM > 1) continue;  // (clusters refuse per-row / per-column scales)
    Problem p = alloc_problem(M, N, K);
    std::vector<unsigned char> a, b;
    upload(p, g, a, b);
    float* R;
    CK(cudaMalloc(&R, (size_t)M * N * 4));
    CK(cudaMemset(p.D, 0xff, (size_t)M * N * 2));  // NaN poison
    const float alpha = 0.5f * 0.25f;                // per-tensor scales folded into alpha
    // per-row scales of A and B: random in [2^-6, 2^-1) (rc: products below 2^-2, so that fp16 D
    // stays finite), else alpha's per tensor
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
    if (rc)
      launch(p, 1.f, 0, nullptr, SA, SB);
    else
      launch(p, alpha, 0);
    CK(cudaGetLastError());
    ref_kernel<<<dim3((N + 127) / 128, M), 128>>>((const unsigned char*)p.A, (const unsigned char*)p.B, R, M, N, K, dlut);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned short> d((size_t)M * N);
    std::vector<float> r((size_t)M * N);
    CK(cudaMemcpy(d.data(), p.D, d.size() * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), R, r.size() * 4, cudaMemcpyDeviceToHost));
    double worst = 0;
    long bad = 0, nan = 0;
    for (size_t i = 0; i < d.size(); ++i) {
      int m = i / N, n = i % N;
      // the scale of element (m, n): alpha, or va[m] * vb[n] (f32 products: 2^-24 relative more)
      const double sc = rc ? double(va[m]) * double(vb[n]) : double(alpha);
      double got = cd_to_float(d[i]), want = sc * r[i];
      if (std::isnan(got)) { ++nan; continue; }
      double absum = 0;
      for (int k = 0; k < K; k += 1) absum += std::fabs(lut[a[(size_t)m * K + k]] * lut[b[(size_t)n * K + k]]);
      // D's rounding (half an ulp) + the accumulation's: fp8 products are exact, wgmma adds them
      // into an accumulator that keeps about 14 bits (DeepSeek-V3's measurement of Hopper's fp8
      // path) once per k32 block: (K/32 + 1) roundings of at most 2^-14 of the running sum, itself
      // at most absum = sum |a||b| (2^-13 allowed: 77x328x16 measured 1.026x of 2^-14); one more
      // for the alignment of the products inside the first block (fp16 D, whose rounding is 8x
      // finer than bf16's, measured 1.15x of the (K/32 + 1) bound at 77x328x16), so K/32 + 2
      double tol = std::fabs(want) * (std::ldexp(1.0, kDRound) * 1.001 + std::ldexp(1.0, -22)) + sc * absum * ((K / 32 + 2) * std::ldexp(1.0, -13)) + 1e-6;
      double err = std::fabs(got - want);
      if (err > tol) ++bad;
      if (err / tol > worst) worst = err / tol;
      if (d.size() > 4000000 && i > 200000) break;  // (the big case: a sample of rows)
    }
    if (M == 1000) {
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
    free_problem(p), cudaFree(R), cudaFree(SA), cudaFree(SB);
  }
  if (!small) {
    // timing: three input sets rotated; per tensor (alpha) and per row / column (rowcol), in two
    // alternating rounds
    for (int round = 0; round < 4; ++round)
      for (auto& s : kPerfShapes) {
        const bool rc = round % 2 == 1;
        if (rc && kClusterM > 1) continue;
        const int M = s[0], N = s[1], K = s[2];
        Problem ps[3];
        std::vector<unsigned char> a, b;
        for (auto& p : ps) p = alloc_problem(M, N, K), upload(p, g, a, b);
        float *SA, *SB;
        CK(cudaMalloc(&SA, M * 4));
        CK(cudaMalloc(&SB, N * 4));
        std::vector<float> ones(M > N ? M : N, 1.f);
        CK(cudaMemcpy(SA, ones.data(), M * 4, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(SB, ones.data(), N * 4, cudaMemcpyHostToDevice));
        const double t = seconds_per_launch([&](int i) { launch(ps[i % 3], 1.f, 0, nullptr, rc ? SA : nullptr, SB); }, 30);
        printf("perf %s %dx%dx%d: %.3f ms, %.0f TFLOP/s\n", rc ? "rowcol" : "tensor", M, N, K, t * 1e3, 2.0 * M * N * K / t / 1e12);
        for (auto& p : ps) free_problem(p);
        cudaFree(SA), cudaFree(SB);
      }
  }
  printf(ok_all ? "ALL OK\n" : "SOME FAILED\n");
  return ok_all ? 0 : 1;
}
