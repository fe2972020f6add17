/* tycute device library, scheduler layer: THE definition of the stream-K walks, which CTA runs
 * which k-blocks of which tile. Plain C99 (and C++, host and device): the kernels include it, and
 * a host includes or compiles the same file to plan and check launches (docs/kernels.md,
 * "Stream-K: one definition"); nothing else may restate this arithmetic.
 *
 * Tiles are numbered 0 .. tiles - 1; a tile has KT k-blocks. Two forms:
 *  - sm80's split tail: the grid has the whole tiles first; CTA x >= sk_first is stream-K unit
 *    u = x - sk_first, running split u % splits of tile sk_first + u / splits
 *    (tycute_sk80_unit).
 *  - sm90's persistent schedule (tycute_sk90_*): G = grid CTAs (clusters) walk the whole tiles
 *    g, g + G, ... below sk0 = tiles - sk_tiles, then CTA g, at position p = G - 1 - g, runs
 *      * splits (split = S > 0): position p < sk_tiles * S runs split p % S of tile sk0 + p / S;
 *      * a line (split = 0): the last sk_tiles tiles are one line of sk_tiles * KT k-blocks cut
 *        into G equal ranges, position p's [begin(p), begin(p + 1)), begin(p) = blocks * p / G;
 *        its units are the pieces of its range, tile by tile.
 *    A unit starting inside its tile (kt0 > 0) leaves partial sums in its position's slot; the
 *    unit holding k-block 0 (the head) adds its sources' slots, positions after its own, in order.
 * Every k-block range is [kt0, kt1) with kt0 = KT * s / S (tycute_sk_split_begin); the line's
 * begin(p) = blocks * p / G is computed in 64 bits. */
#ifndef TYCUTE_SCHEDULER_STREAM_K_H
#define TYCUTE_SCHEDULER_STREAM_K_H

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define TYCUTE_SK_FN __host__ __device__ __forceinline__
#else
#define TYCUTE_SK_FN static inline
#endif

/* The first k-block of split `s` of `splits` of a tile of KT k-blocks (s = splits: KT), in 32 bits:
 * the planners keep KT * splits below 2^31 (KT = ceil(K / bK) < 2^25 for an int K and bK >= 64,
 * splits <= 16), and the 64-bit division it would otherwise take costs ptxas a subroutine call
 * per use in the sm90 kernel's every walk. */
TYCUTE_SK_FN int tycute_sk_split_begin(int KT, int s, int splits) { return KT * s / splits; }

/* sm80: the work of CTA `x` of the grid: tile *tile, k-blocks [*kt0, *kt1). */
TYCUTE_SK_FN void tycute_sk80_unit(int x, int sk_first, int splits, int KT, int* tile, int* kt0, int* kt1) {
  *kt0 = 0;
  *kt1 = KT;
  if (splits > 0 && x >= sk_first) {
    const int u = x - sk_first, s = u % splits;
    x = sk_first + u / splits;
    *kt0 = tycute_sk_split_begin(KT, s, splits);
    *kt1 = tycute_sk_split_begin(KT, s + 1, splits);
  }
  *tile = x;
}

/* sm80: the stream-K slot (of the workspace and the counters) of CTA x >= sk_first (both
 * non-negative: unsigned arithmetic). */
TYCUTE_SK_FN int tycute_sk80_slot(unsigned x, int sk_first, int splits) { return (int)((x - (unsigned)sk_first) / (unsigned)splits); }

/* sm90: one CTA's walk (tycute_sk90_init), its units and the sources of its heads. */
typedef struct TycuteSk90 {
  int KT, clusters, sk_tiles, split;
  long long blocks;      /* the line's k-blocks (0 with splits) */
  int pos;               /* this CTA's position: clusters - 1 - cluster */
  int line_s, line_e;    /* its range on the line */
  int first_tile, units; /* the line's tiles its range touches: the first, how many */
  int sk0, n_whole;      /* the first stream-K tile; this CTA's whole tiles */
  int cluster;
} TycuteSk90;

/* The first k-block of line position p. */
TYCUTE_SK_FN int tycute_sk90_begin(const TycuteSk90* w, int p) { return (int)(w->blocks * p / w->clusters); }

TYCUTE_SK_FN TycuteSk90 tycute_sk90_init(int tiles, int KT, int cluster, int clusters, int sk_tiles, int split) {
  TycuteSk90 w;
  w.KT = KT;
  w.clusters = clusters;
  w.sk_tiles = sk_tiles;
  w.split = split;
  w.cluster = cluster;
  w.blocks = split > 0 ? 0 : (long long)sk_tiles * KT;
  w.pos = clusters - 1 - cluster;
  w.line_s = tycute_sk90_begin(&w, w.pos);
  w.line_e = tycute_sk90_begin(&w, w.pos + 1);
  w.first_tile = w.line_s / KT;
  w.units = w.line_e > w.line_s ? (w.line_e - 1) / KT - w.first_tile + 1 : 0;
  w.sk0 = tiles - sk_tiles;
  w.n_whole = cluster < w.sk0 ? (w.sk0 - 1 - cluster) / clusters + 1 : 0;
  return w;
}

/* Unit j of the CTA: tile *id, k-blocks [*kt0, *kt1); 0 past its last unit. */
TYCUTE_SK_FN int tycute_sk90_unit(const TycuteSk90* w, int j, int* id, int* kt0, int* kt1) {
  if (j < w->n_whole) {
    *id = w->cluster + j * w->clusters;
    *kt0 = 0;
    *kt1 = w->KT;
    return 1;
  }
  if (w->split > 0) {
    const int piece = w->pos % w->split;
    *id = w->sk0 + w->pos / w->split;
    *kt0 = tycute_sk_split_begin(w->KT, piece, w->split);
    *kt1 = tycute_sk_split_begin(w->KT, piece + 1, w->split);
    return j == w->n_whole && w->pos < w->sk_tiles * w->split;
  }
  {
    const int x = w->first_tile + j - w->n_whole; /* the tile's place on the line */
    const int s = w->line_s - x * w->KT, e = w->line_e - x * w->KT;
    *id = w->sk0 + x;
    *kt0 = s > 0 ? s : 0;
    *kt1 = e < w->KT ? e : w->KT;
    return j - w->n_whole < w->units;
  }
}

/* Whether position p (after this CTA's) may hold a source of the head of stream-K tile id: the
 * tile's other splits, or the line's ranges starting inside the tile; the walk over sources
 * stops at the first p for which this is 0. */
TYCUTE_SK_FN int tycute_sk90_source(const TycuteSk90* w, int id, int p) {
  return w->split > 0 ? p < w->pos + w->split : p < w->clusters && tycute_sk90_begin(w, p) < (id - w->sk0 + 1) * w->KT;
}

/* Whether position p has a unit at all (an empty range on the line has none). */
TYCUTE_SK_FN int tycute_sk90_nonempty(const TycuteSk90* w, int p) {
  return w->split > 0 || tycute_sk90_begin(w, p + 1) > tycute_sk90_begin(w, p);
}

/* The sources a unit [kt0, kt1) of tile id adds: 0 unless it is a head that does not hold the
 * whole tile. */
TYCUTE_SK_FN int tycute_sk90_sources(const TycuteSk90* w, int id, int kt0, int kt1) {
  int n = 0, p;
  if (kt0 == 0 && kt1 < w->KT)
    for (p = w->pos + 1; tycute_sk90_source(w, id, p); ++p) n += tycute_sk90_nonempty(w, p);
  return n;
}

#endif /* TYCUTE_SCHEDULER_STREAM_K_H */
