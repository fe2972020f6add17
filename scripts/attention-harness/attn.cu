// A C entry point around kernels/attention_sm90.cu for attn_check.py (ctypes, PyTorch tensors):
// tensor maps of Q, K, V (batch, heads, seq, head dim), contiguous 16-bit, and one launch.
//   nvcc -std=c++17 -O3 -gencode arch=compute_90a,code=sm_90a -Xcompiler -fPIC -shared -I include \
//     -DTYCUTE_ATTN_HDIM=128 attn.cu -o libattn_d128.so -lcuda
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>
#include "attention_sm90.cu"

using tycute::arch::TmaMap;

// (x = head dim, y = seq, z = batch * heads), boxes (64, 128), 128-byte swizzle; 0 on success
static int make_map(TmaMap* out, const void* p, int D, int S, int BH, unsigned box_rows = 128) {
  CUtensorMap m;
  static_assert(sizeof(CUtensorMap) == sizeof(TmaMap), "128-byte maps");
  cuuint64_t dims[3] = {(cuuint64_t)D, (cuuint64_t)S, (cuuint64_t)BH};
  cuuint64_t strides[2] = {(cuuint64_t)D * 2, (cuuint64_t)D * S * 2};
  cuuint32_t box[3] = {64, box_rows, 1}, es[3] = {1, 1, 1};
  const CUtensorMapDataType t = TYCUTE_ATTN_ELEMENT == TYCUTE_ELEMENT_BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  CUresult r = cuTensorMapEncodeTiled(&m, t, 3, const_cast<void*>(p), dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                      CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    const char* s;
    cuGetErrorString(r, &s);
    fprintf(stderr, "cuTensorMapEncodeTiled: %s\n", s);
    return 1;
  }
  memcpy(out, &m, sizeof m);
  return 0;
}

extern "C" int tycute_attn_head_dim() { return TYCUTE_ATTN_HDIM; }

// the registers and local memory of the kernel (a line on stdout)
extern "C" int tycute_attn_info() {
  cudaFuncAttributes fa;
  if (cudaFuncGetAttributes(&fa, attention_sm90_fwd) != cudaSuccess) return 1;
  printf("attention_sm90_fwd (head dim %d): %d registers, %zu bytes local, %u bytes smem\n", TYCUTE_ATTN_HDIM, fa.numRegs, fa.localSizeBytes,
         tycute::attention::kSmemBytes);
  return 0;
}

// O and lse of q, k, v (B, H, Sq / Sk, D) on `stream`; causal needs Sq == Sk. 0 on success.
extern "C" int tycute_attn_fwd(const void* q, const void* k, const void* v, void* o, float* lse, int B, int H, int Sq, int Sk, int D, int causal,
                               float scale, void* stream) {
  if (D != TYCUTE_ATTN_HDIM) { fprintf(stderr, "head dim %d, this build takes %d\n", D, TYCUTE_ATTN_HDIM); return 2; }
  if (causal && Sq != Sk) { fprintf(stderr, "causal needs seq_q == seq_k (%d, %d)\n", Sq, Sk); return 2; }
  static bool once = false;
  if (!once) {
    if (cudaFuncSetAttribute(attention_sm90_fwd, cudaFuncAttributeMaxDynamicSharedMemorySize, tycute::attention::kSmemBytes) != cudaSuccess) return 3;
    once = true;
  }
  TmaMap tq, tk, tv, to;
  if (make_map(&tq, q, D, Sq, B * H, tycute::attention::kBlockM) || make_map(&tk, k, D, Sk, B * H) || make_map(&tv, v, D, Sk, B * H) || make_map(&to, o, D, Sq, B * H, 64)) return 4;
  static int sms = 0;
  if (!sms && cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess) return 3;
  // a CTA per SM; causal, the tiles taken as they come through a counter (two zeroed words, left
  // zeroed by the kernel), in groups of heads that fill the GPU once
  static unsigned* counter = nullptr;
  if (!counter && (cudaMalloc(&counter, 8) != cudaSuccess || cudaMemset(counter, 0, 8) != cudaSuccess)) return 3;
  const int n_m = (Sq + tycute::attention::kBlockM - 1) / tycute::attention::kBlockM, tiles = n_m * B * H, group = sms / n_m > 1 ? sms / n_m : 1;
  attention_sm90_fwd<<<tiles < sms ? tiles : sms, tycute::attention::kThreads, tycute::attention::kSmemBytes, (cudaStream_t)stream>>>(
      tq, tk, tv, to, lse, Sq, Sk, B * H, group, scale * 1.4426950408889634f, causal, causal ? counter : nullptr, nullptr, nullptr, H, B * Sq, o);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { fprintf(stderr, "launch: %s\n", cudaGetErrorString(e)); return 5; }
  return 0;
}
