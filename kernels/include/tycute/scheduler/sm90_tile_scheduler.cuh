// tycute device library, scheduler layer (sm90): the persistent kernel's tiles and units. The
// tiles, in cluster tiles of kClusterM tiles along M (one tile when kClusterM = 1): cluster tile
// i of this cluster is cluster + i * clusters, the batch's matrices one after the other, in each
// in groups of kGroupM cluster-tile rows (m fastest) so that the CTAs working at one time share
// their A and B tiles in L2; CTA `rank` of the cluster takes tile row kClusterM * row + rank. The
// last tile row / column / k-block may reach past M / N / K (the TMA zero-fills what it loads
// from there and clips what it stores; a CTA whose tile row is past M still loads, for its peers,
// its slice of B). Which CTA runs which k-blocks of which tile, stream-K included, is
// scheduler/stream_k.h's walk (the one definition, shared with the host). Needs gemm/sm90_config.cuh.
#pragma once

#include "tycute/gemm/sm90_config.cuh"
#include "tycute/scheduler/stream_k.h"

namespace tycute {
namespace scheduler {

struct Sm90TileScheduler {
  TycuteSk90 walk;
  int tiles_m, tiles_n, tiles_mn;
  unsigned rank;  // this CTA's rank in its cluster

  // The schedule of CTA `cluster` of `clusters` over M x N x batch with sk_tiles stream-K tiles
  // (in sk_split splits each, or as a line when 0).
  __device__ __forceinline__ static Sm90TileScheduler make(int M, int N, int K, int batch, unsigned rank, int cluster, int clusters,
                                                           int sk_tiles, int sk_split) {
    Sm90TileScheduler s;
    s.rank = rank;
    s.tiles_m = (M + kTileM * kClusterM - 1) / (kTileM * kClusterM);
    s.tiles_n = (N + kTileN - 1) / kTileN;
    s.tiles_mn = s.tiles_m * s.tiles_n;
    const int tiles = s.tiles_mn * batch;
    const int KT = (K + kTileK - 1) / kTileK;
    s.walk = tycute_sk90_init(tiles, KT, cluster, clusters, sk_tiles, sk_split);
    return s;
  }

  // The origin (m0, n0) and problem z of tile `id`.
  __device__ __forceinline__ void tile_of(int id, int& m0, int& n0, int& z) const {
    z = id / tiles_mn;
    id -= z * tiles_mn;
    const int group = id / (gemm::kGroupM * tiles_n), first_m = group * gemm::kGroupM;
    const int rows = min(tiles_m - first_m, gemm::kGroupM), in_group = id % (gemm::kGroupM * tiles_n);
    m0 = ((first_m + in_group % rows) * kClusterM + rank) * kTileM;
    n0 = (in_group / rows) * kTileN;
  }

  // Unit j of this CTA: the k-blocks [kt0, kt1) of tile id; false past its last.
  __device__ __forceinline__ bool unit(int j, int& id, int& kt0, int& kt1) const { return tycute_sk90_unit(&walk, j, &id, &kt0, &kt1); }
  // The positions whose partial sums the head of stream-K tile id adds (from pos() + 1 on, while
  // source(): only the nonempty() ones), and how many a unit adds (sources()).
  __device__ __forceinline__ bool source(int id, int p) const { return tycute_sk90_source(&walk, id, p); }
  __device__ __forceinline__ bool nonempty(int p) const { return tycute_sk90_nonempty(&walk, p); }
  __device__ __forceinline__ int sources(int id, int kt0, int kt1) const { return tycute_sk90_sources(&walk, id, kt0, kt1); }
  // This CTA's stream-K position (its slot and flag).
  __device__ __forceinline__ int pos() const { return walk.pos; }
};

}  // namespace scheduler
}  // namespace tycute
