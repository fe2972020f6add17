// Schedule experiment (docs/perf.md, "sm90: the last wave"): one configuration (fp16, bf16, e4m3 or
// tf32 A and B, K-major, 16-bit D) at issue 20's four shapes, timed under the persistent schedules
// the kernel can run: whole tiles (data-parallel), the host's stream-K line (the partial wave and
// the last full one), the line over the partial wave only (CUTLASS's data-parallel + stream-K
// hybrid), the line over every tile (pure stream-K) and the split tail where it applies. Each
// schedule's D is compared with the whole-tile D (the same products in another summation order).
//   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -I include -I hdr -DTYCUTE_SM90_CONFIG=<config> sched.cu -lcuda
//   ./h [ITERS [QUICK]]   (QUICK 1: whole tiles only, no comparison)
#include <cuda_fp16.h>
#include "common.cuh"

// random inputs on the device: fp8 values 2^-3 .. 2^3 (e4m3 codes), or values in [-1, 1)
__global__ void fill_kernel(unsigned char* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned r = (unsigned)(i * 2654435761u) ^ seed;
    r ^= r >> 13, r *= 0x5bd1e995u, r ^= r >> 15;
    const float f = ((r >> 8) & 0xffff) / 32768.0f - 1.0f;
    if constexpr (kFp8) {
      int e = 4 + (r % 7), m = (r >> 4) & 7, s = (r >> 8) & 1;
      p[i] = (unsigned char)((s << 7) | (e << 3) | m);
    } else if constexpr (kTf32) {
      reinterpret_cast<float*>(p)[i] = f;
    } else if constexpr (kSm90ElementAB == TYCUTE_ELEMENT_BF16) {
      unsigned u;
      memcpy(&u, &f, 4);
      reinterpret_cast<unsigned short*>(p)[i] = (unsigned short)(u >> 16);
    } else {
      __half x = __float2half(f);
      memcpy(reinterpret_cast<unsigned short*>(p) + i, &x, 2);
    }
  }
}

int main(int argc, char** argv) {
  setup();
  const int iters = argc > 1 ? atoi(argv[1]) : 40;
  const bool quick = argc > 2 && atoi(argv[2]) != 0;
  printf("tile order: groups of %d tile rows\n", kGroupM * kClusterM);
  const float alpha = kFp8 ? 0.125f : 1.f;
  for (auto& sh : kPerfShapes) {
    const int M = sh[0], N = sh[1], K = sh[2];
    Problem ps[3];
    for (int j = 0; j < 3; ++j) {
      ps[j] = alloc_problem(M, N, K);
      fill_kernel<<<1024, 256>>>((unsigned char*)ps[j].A, (size_t)M * K, 17 + j);
      fill_kernel<<<1024, 256>>>((unsigned char*)ps[j].B, (size_t)N * K, (17 + j) * 7 + 1);
    }
    const int tiles = tiles_of(ps[0]), r = tiles % g_sms;
    std::vector<Sched> scheds = {{"whole", whole_grid(ps[0]), 0, 0}};
    if (!quick && tiles > g_sms && r) {
      if (tiles >= 2 * g_sms) scheds.push_back({"line(tail+wave)", g_sms, r + g_sms, 0});
      scheds.push_back({"line(tail)", g_sms, r, 0});
      scheds.push_back({"line(all)", g_sms, tiles, 0});
      for (int s = 2; s * r <= g_sms && s <= 8; ++s) scheds.push_back({"split", g_sms, r, s});
      scheds.push_back({"whole(again)", whole_grid(ps[0]), 0, 0});
    }
    std::vector<unsigned short> ref((size_t)M * N), got((size_t)M * N);
    for (size_t v = 0; v < scheds.size(); ++v) {
      const Sched& s = scheds[v];
      CK(cudaMemset(ps[0].D, 0xff, (size_t)M * N * 2));  // NaN poison
      launch(ps[0], alpha, 0, &s);
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(v == 0 ? ref.data() : got.data(), ps[0].D, (size_t)M * N * 2, cudaMemcpyDeviceToHost));
      double worst = 0, scale = 0;
      long nan = 0;
      if (v > 0) {
        for (size_t i = 0; i < ref.size(); i += 7) scale = fmax(scale, fabs(cd_to_float(ref[i])));
        for (size_t i = 0; i < ref.size(); ++i) {
          float a = cd_to_float(ref[i]), b = cd_to_float(got[i]);
          if (std::isnan(b) || std::isnan(a)) { ++nan; continue; }
          worst = fmax(worst, fabs(a - b));
        }
      }
      const double t = seconds_per_launch([&](int i) { launch(ps[i % 3], alpha, 0, &s); }, iters);
      printf("%s c%d g%d %dx%dx%d %-16s grid %3d sk_tiles %4d split %d: %.4f ms %5.0f TFLOP/s  vs whole: max|diff| %.3g of max|D| %.3g, NaN %ld\n",
             TYCUTE_STR(TYCUTE_SM90_CONFIG), kClusterM, kGroupM * kClusterM, M, N, K, s.name, s.grid, s.sk_tiles, s.sk_split, t * 1e3,
             2.0 * M * N * K / t / 1e12, worst, scale, nan);
    }
    for (auto& p : ps) free_problem(p);
  }
  return 0;
}
