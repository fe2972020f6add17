// tycute device library, scheduler layer (sm80): the work of one CTA of the sm80 GEMM's grid
// (tiles + stream-K units, batch). blockIdx.x is a tile of D, M fastest (tile x is rows
// (x % tiles_m) * kTileM, columns (x / tiles_m) * kTileN); from sk_first on (sk_splits > 0) it
// is a stream-K unit (scheduler/stream_k.h, tycute_sk80_unit: the one definition of the walk).
// Needs the sm80 configuration (gemm/sm80_config.cuh).
#pragma once

#include "tycute/scheduler/stream_k.h"

namespace tycute {
namespace scheduler {

// The work of this CTA: tile (tm, tn), its k-tiles [kt0, kt1). blockIdx.x is read with a volatile
// asm, so that a second call (the epilogue's) computes the tile again instead of keeping it live
// in registers through the mainloop, where all 255 are in use; a whole tile's m0 = blockIdx.x *
// kTileM was rematerialized that way by the compiler itself.
__device__ __forceinline__ void sm80_cta_work(int M, int K, int sk_first, int sk_splits, int& tm, int& tn, int& kt0, int& kt1) {
  int x;
  asm volatile("mov.u32 %0, %%ctaid.x;\n" : "=r"(x));
  const int tiles_m = (M + kTileM - 1) / kTileM, KT = (K + kTileK - 1) / kTileK;
  int tile;
  tycute_sk80_unit(x, sk_first, sk_splits, KT, &tile, &kt0, &kt1);
  tm = tile % tiles_m;
  tn = tile / tiles_m;
}

}  // namespace scheduler
}  // namespace tycute
