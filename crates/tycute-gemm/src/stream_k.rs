//! The host's stream-K plans, in one place: how a launch shares its tiles among CTAs when the
//! last wave would leave SMs idle, and which CTA runs which k-blocks of which tile.
//!
//! * sm80 ([`StreamKTail`]): the tiles of a partly filled last wave, each split along K into
//!   CTAs whose partial sums meet in a workspace slot (`kernels/sm80_gemm.cu`, "Stream-K tail").
//! * sm90 ([`Sm90Schedule`]): the persistent kernel's schedule, whole tiles in turn and the last
//!   ones stream-K, as a split tail or as one line of k-blocks (`kernels/sm90_gemm.cu`, "This
//!   CTA's work").
//!
//! The walk itself (which CTA runs which units, and whose partial sums a head adds) has one
//! definition, `kernels/include/tycute/scheduler/stream_k.h`, which both kernels include; a
//! launch needs only the plan (`grid`, `sk_tiles`, `split`; `first`, `splits`). The walk here
//! ([`Sm90Schedule::units`], [`Sm90Schedule::contributors`]) is a model for tests: this file checks
//! on many schedules that it runs every k-block of every tile once, and `tests/toolchains.rs`
//! (`the_host_walks_the_kernels_stream_k`) checks that the header walks exactly the same units.

/// How one sm80 launch splits its tiles: the first `first` tiles are whole CTAs (full waves), each
/// of the remaining `tiles - first` (the last wave) is `splits` CTAs along K, whose partial sums
/// meet in a workspace slot (`kernels/sm80_gemm.cu`, "Stream-K tail").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamKTail {
    /// Tiles computed whole.
    pub first: usize,
    /// Ways each of the other tiles is split along K (at least 2).
    pub splits: usize,
}

impl StreamKTail {
    /// The split of `tiles` tiles of `kt` k-tiles on `sms` multiprocessors, or `None` when every
    /// wave is full or the last one is at least half full (splitting would not pay for its
    /// partial sums): the last wave's `r = tiles % sms` tiles are split `min(sms / r, kt / 4, 16)`
    /// ways (each unit at least 4 k-tiles, so that its pipeline fills), when that is 2 or more.
    /// 5120x5120x4096 on 132 SMs with 128x256 tiles: 800 tiles = 6 waves + 8, the 8 split 16
    /// ways: 6.06 waves' work in about 6.1 waves' time instead of 7.
    pub fn plan(tiles: usize, kt: usize, sms: usize) -> Option<StreamKTail> {
        let r = tiles % sms.max(1);
        if r == 0 || 2 * r > sms {
            return None;
        }
        let splits = (sms / r).min(kt / 4).min(16);
        (splits >= 2).then_some(StreamKTail { first: tiles - r, splits })
    }

    /// CTAs of the launch.
    pub fn ctas(&self, tiles: usize) -> usize {
        self.first + (tiles - self.first) * self.splits
    }
}

/// Fewest k-blocks a stream-K range may hold: a shorter one is mostly pipeline fill and the
/// write and read of its partial tile.
const MIN_SK_KBLOCKS: usize = 8;

/// How one launch shares its tiles among the persistent CTAs (`kernels/sm90_gemm.cu`, "This CTA's
/// work"): `grid` CTAs (at most one per SM) take the tiles whole, in turn, except the last
/// `sk_tiles` (stream-K): with `split` = 0 one line of k-blocks cut into `grid` equal ranges,
/// with `split` = S > 0 each tile cut into S equal ranges of k-blocks, one per CTA.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm90Schedule {
    /// CTAs launched.
    pub grid: usize,
    /// Tiles shared out along K (0: none, every tile whole).
    pub sk_tiles: usize,
    /// Splits per stream-K tile (0: the line form).
    pub split: usize,
}

/// Which stream-K form [`Sm90Schedule::plan`] may take (`TYCUTE_SM90_SK=line|split` picks one,
/// for measuring them against each other).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkForm {
    /// The split tail where it applies, else the line.
    Auto,
    /// The line form only.
    Line,
    /// The split tail only.
    Split,
}

/// The split tail's cost model, in tenths of a k-block of one CTA's mainloop: the head reads each
/// other split's 128 KiB partial tile through its stages (2.3 k-blocks' time each, measured on the
/// H100: 1.5 us against 0.65 us) and runs an extra epilogue (3.5 k-blocks: 2.3 us).
const SLOT_KBLOCKS: usize = 23;
const EPI_KBLOCKS: usize = 35;

impl Sm90Schedule {
    /// The schedule of `tiles` tiles of `kt` k-blocks on `sms` SMs: whole tiles, one CTA per
    /// tile up to the SMs, unless the last wave leaves more than 5 % of the SMs' time idle and
    /// the tiles have at least `MIN_SK_KBLOCKS` k-blocks. Then stream-K, in one of two forms.
    /// * The split tail ([`Sm90Schedule::plan_split`]): the partial wave's tiles, each cut into S
    ///   equal ranges of k-blocks (S from 2 to 8, at least 4 k-blocks each, at most `sms` CTAs in
    ///   all), S chosen by a cost model: `kt / S` k-blocks plus, for the head, S - 1 partial tiles
    ///   and an epilogue, when that beats a whole tile's `kt`. All splits of all tiles run the same
    ///   k offsets together, so they share the L2 as whole tiles do.
    /// * Otherwise whole tiles. The line ([`Sm90Schedule::plan_line`], from three full waves on)
    ///   is taken only when asked for ([`SkForm::Line`], `TYCUTE_SM90_SK=line`): with a last wave
    ///   more than half full it measured slower than whole tiles.
    pub fn plan(tiles: usize, kt: usize, sms: usize, stream_k: bool) -> Sm90Schedule {
        Sm90Schedule::plan_form(tiles, kt, sms, if stream_k { Some(SkForm::Auto) } else { None })
    }

    /// [`Sm90Schedule::plan`] with the stream-K form given (`None`: whole tiles).
    pub fn plan_form(tiles: usize, kt: usize, sms: usize, form: Option<SkForm>) -> Sm90Schedule {
        let sms = sms.max(1);
        let whole = Sm90Schedule { grid: tiles.min(sms), sk_tiles: 0, split: 0 };
        let waves = tiles.div_ceil(sms);
        let idle = waves * sms - tiles;
        let Some(form) = form else { return whole };
        // (and k-blocks the kernel numbers in 32 bits)
        if sms < 2 || kt < MIN_SK_KBLOCKS || 20 * idle <= waves * sms || kt.checked_mul(tiles).is_none_or(|b| b > i32::MAX as usize) {
            return whole;
        }
        let split = Sm90Schedule::plan_split(tiles, kt, sms);
        let line = Sm90Schedule::plan_line(tiles, sms);
        match form {
            SkForm::Split => split.unwrap_or(whole),
            SkForm::Line => line.unwrap_or(whole),
            // the line only when asked for: where the split tail does not apply (a last wave
            // more than half full) it measured slower than whole tiles on the H100 (2026-11-27,
            // docs/perf.md "The shape sweep": 1024x15360x5120 495 against cuBLAS's 812 TFLOP/s,
            // 5000x3000x2000 520 against 568 with whole tiles)
            SkForm::Auto => split.unwrap_or(whole),
        }
    }

    /// The split tail of `tiles` tiles of `kt` k-blocks on `sms` SMs, if the cost model finds a
    /// split count that pays ([`Sm90Schedule::plan`]).
    pub fn plan_split(tiles: usize, kt: usize, sms: usize) -> Option<Sm90Schedule> {
        let r = tiles % sms.max(1);
        if r == 0 {
            return None;
        }
        let cost = |s: usize| Sm90Schedule::split_cost(kt, s);
        let best = (2..=(sms / r).min(kt / 4).min(8)).min_by_key(|&s| cost(s))?;
        (cost(best) < 10 * kt).then_some(Sm90Schedule { grid: sms, sk_tiles: r, split: best })
    }

    /// The split tail's cost model for one tile of `kt` k-blocks in `s` splits, in tenths of a
    /// k-block: the head's `kt / s` k-blocks, the `s - 1` partial tiles it reads and its epilogue.
    fn split_cost(kt: usize, s: usize) -> usize {
        10 * kt.div_ceil(s) + (s - 1) * SLOT_KBLOCKS + EPI_KBLOCKS
    }

    /// How long the schedule runs, by the split tail's cost model, in tenths of one CTA's
    /// k-block (tiles of `kt` k-blocks): the rounds of whole tiles, then the stream-K tiles (the
    /// split tail's head, or the line's share of each CTA). The launch API compares tile shapes
    /// with it ([`crate::sm90::pick`]); it counts k-blocks, not their cost, which grows with the tile.
    pub fn length(&self, tiles: usize, kt: usize) -> usize {
        let grid = self.grid.max(1);
        let rounds = (tiles - self.sk_tiles).div_ceil(grid);
        let tail = match (self.sk_tiles, self.split) {
            (0, _) => 0,
            (_, 0) => 10 * (self.sk_tiles * kt).div_ceil(grid),
            (_, s) => Sm90Schedule::split_cost(kt, s),
        };
        10 * kt * rounds + tail
    }

    /// The line form of `tiles` tiles on `sms` SMs, from three full waves on: the last full wave
    /// and the partial one (`tiles % sms + sms` tiles, so each CTA's range is a tile or more and a
    /// tile meets at most two CTAs), after the full waves before them. 5120x5120x4096 on 132 SMs
    /// in 128x256 tiles: 800 tiles = 6 waves + 8; the line on the last 140 makes that 5 waves +
    /// 1.06 tiles per CTA instead of 7 waves. With two full waves or less the line's ranges run
    /// at scattered k offsets while the L2 is cold, and measured slower than whole tiles
    /// (docs/perf-history.md, "sm90: stream-K").
    pub fn plan_line(tiles: usize, sms: usize) -> Option<Sm90Schedule> {
        (tiles >= 3 * sms).then_some(Sm90Schedule { grid: sms, sk_tiles: tiles % sms + sms, split: 0 })
    }

    /// The first stream-K k-block of line position `p` (CTA `grid - 1 - p`), tiles of `kt`
    /// k-blocks: the kernel's `sk_begin`.
    pub fn sk_begin(&self, kt: usize, p: usize) -> usize {
        self.sk_tiles * kt * p / self.grid
    }

    /// The units CTA `g` runs, in order: `(tile, kt0, kt1)`, the k-blocks `[kt0, kt1)` of the
    /// tile; the kernel's `unit` walk, for tests.
    pub fn units(&self, tiles: usize, kt: usize, g: usize) -> Vec<(usize, usize, usize)> {
        let sk0 = tiles - self.sk_tiles;
        let whole = (g..sk0).step_by(self.grid.max(1)).map(|x| (x, 0, kt));
        let pos = self.grid - 1 - g;
        if self.split > 0 {
            let (x, s) = (pos / self.split, pos % self.split);
            let piece = (pos < self.sk_tiles * self.split).then_some((sk0 + x, kt * s / self.split, kt * (s + 1) / self.split));
            return whole.chain(piece).collect();
        }
        let (s, e) = (self.sk_begin(kt, pos), self.sk_begin(kt, pos + 1));
        let sk: Vec<_> = if e > s { (s / kt..=(e - 1) / kt).map(|x| (sk0 + x, s.max(x * kt) - x * kt, e.min(x * kt + kt) - x * kt)).collect() } else { vec![] };
        whole.chain(sk).collect()
    }

    /// The CTAs whose partial sums the head of stream-K tile `x` (the unit holding its k-block 0,
    /// on CTA `head`) adds, in that order: the kernel's loop over the positions after the head's.
    pub fn contributors(&self, tiles: usize, kt: usize, x: usize, head: usize) -> Vec<usize> {
        let pos = self.grid - 1 - head;
        if self.split > 0 {
            return (pos + 1..pos + self.split).map(|p| self.grid - 1 - p).collect();
        }
        let line = x - (tiles - self.sk_tiles);
        (pos + 1..self.grid)
            .take_while(|&p| self.sk_begin(kt, p) < (line + 1) * kt)
            .filter(|&p| self.sk_begin(kt, p + 1) > self.sk_begin(kt, p))
            .map(|p| self.grid - 1 - p)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schedule_s_length_counts_rounds_and_the_tail() {
        // 3072^3 on 132 SMs, 48 k-blocks: 288 tiles of 128x256 are 2 waves + 24, split 4 ways
        // (12 k-blocks, 3 partial tiles read, an epilogue); 384 of 128x192 are 3 whole rounds
        let wide = Sm90Schedule::plan(288, 48, 132, true);
        assert_eq!(wide, Sm90Schedule { grid: 132, sk_tiles: 24, split: 4 });
        assert_eq!(wide.length(288, 48), 2 * 480 + 120 + 3 * SLOT_KBLOCKS + EPI_KBLOCKS);
        let narrow = Sm90Schedule::plan(384, 48, 132, true);
        assert_eq!(narrow.sk_tiles, 0);
        assert_eq!(narrow.length(384, 48), 3 * 480);
        // fewer tiles than SMs: one round; the line: its k-blocks shared by every CTA
        assert_eq!(Sm90Schedule::plan(96, 64, 132, true).length(96, 64), 640);
        let line = Sm90Schedule::plan_line(800, 132).unwrap();
        assert_eq!(line.length(800, 64), 10 * 64 * 5 + 10 * (140 * 64usize).div_ceil(132));
    }

    #[test]
    fn the_sm80_tail_splits_a_short_last_wave() {
        // 5120x5120x4096 on 132 SMs in 128x256 tiles: 800 tiles = 6 waves + 8, the 8 split 16 ways
        assert_eq!(StreamKTail::plan(800, 64, 132), Some(StreamKTail { first: 792, splits: 16 }));
        assert_eq!(StreamKTail::plan(800, 64, 132).map(|p| p.ctas(800)), Some(792 + 8 * 16));
        assert_eq!(StreamKTail::plan(792, 64, 132), None); // full waves
        assert_eq!(StreamKTail::plan(800 + 60, 64, 132), None); // last wave at least half full
        assert_eq!(StreamKTail::plan(800, 7, 132), None); // k-tiles for one split only
    }

    #[test]
    fn sm90_schedules() {
        let sched = |grid, sk_tiles, split| Sm90Schedule { grid, sk_tiles, split };
        // 5120^2 x 4096 in 128x256 tiles: 6 waves + 8 tiles: the 8 split 5 ways (cost 13 + 4 x 2.3
        // + 3.5 k-blocks against 64), or the line on the last full wave and the 8
        assert_eq!(Sm90Schedule::plan(800, 64, 132, true), sched(132, 8, 5));
        assert_eq!(Sm90Schedule::plan_form(800, 64, 132, Some(SkForm::Line)), sched(132, 140, 0));
        assert_eq!(Sm90Schedule::plan(800, 64, 132, false), sched(132, 0, 0));
        assert_eq!(Sm90Schedule::plan(288, 64, 132, true), sched(132, 24, 5)); // 3072^2 x 4096: 2 waves + 24
        assert_eq!(Sm90Schedule::plan_form(288, 64, 132, Some(SkForm::Line)), sched(132, 0, 0));
        assert_eq!(Sm90Schedule::plan(512, 64, 132, true), sched(132, 0, 0)); // 4096^3: 3 % idle
        assert_eq!(Sm90Schedule::plan(800, 4, 132, true), sched(132, 0, 0)); // K = 256: too short
        assert_eq!(Sm90Schedule::plan(2, 1024, 132, true), sched(132, 2, 8)); // 2 tiles, K = 65536
        assert_eq!(Sm90Schedule::plan(100, 64, 132, true), sched(100, 0, 0)); // no room for 2 splits
        assert_eq!(Sm90Schedule::plan(13, 16, 4, true), sched(4, 1, 2)); // 3 waves + 1: its 16 k-blocks in 2
        assert_eq!(Sm90Schedule::plan_form(13, 16, 4, Some(SkForm::Line)), sched(4, 5, 0));
        assert_eq!(Sm90Schedule::plan(800, 1 << 25, 132, true), sched(132, 0, 0)); // k-blocks past 32 bits
    }

    /// The kernel's walk (`unit`, the head's loop) on many schedules: every k-block of every
    /// tile runs exactly once; only a CTA's first stream-K unit starts inside a tile; every such
    /// unit's partial sums are added by exactly one head, the unit holding the tile's k-block 0,
    /// which runs on a CTA of higher index (so a head never waits for a CTA the GPU starts after
    /// it).
    #[test]
    fn the_stream_k_walk_covers_every_k_block_once() {
        let mut stream_k = [0, 0];
        for sms in [2, 3, 8, 13, 132] {
            for tiles in [1, 2, 3, 7, 8, 9, 20, 25, 27, 45, 50, 131, 133, 150, 288, 800] {
                for (kt, form) in [8, 9, 16, 64, 100].into_iter().flat_map(|kt| [(kt, SkForm::Line), (kt, SkForm::Split)]) {
                    let plan = Sm90Schedule::plan_form(tiles, kt, sms, Some(form));
                    if plan.sk_tiles > 0 {
                        stream_k[usize::from(plan.split > 0)] += 1;
                    }
                    let mut runs = vec![0u32; tiles * kt];
                    let mut partials: Vec<usize> = vec![];
                    let mut added: Vec<usize> = vec![];
                    for g in 0..plan.grid {
                        for (j, &(x, k0, k1)) in plan.units(tiles, kt, g).iter().enumerate() {
                            assert!(x < tiles && k0 < k1 && k1 <= kt, "{plan:?} CTA {g}: {x} {k0}..{k1}");
                            (k0..k1).for_each(|k| runs[x * kt + k] += 1);
                            let first_sk = (g..tiles - plan.sk_tiles).step_by(plan.grid).count();
                            if k0 > 0 {
                                assert!(j == first_sk && x >= tiles - plan.sk_tiles, "{plan:?} CTA {g}: unit {j} starts inside tile {x}");
                                assert!(plan.split == 0 || k1 - k0 >= 4, "{plan:?}: a split of {} k-blocks", k1 - k0);
                                partials.push(g);
                            } else if k1 < kt {
                                let from = plan.contributors(tiles, kt, x, g);
                                let first = |c: usize| plan.units(tiles, kt, c)[(c..tiles - plan.sk_tiles).step_by(plan.grid).count()];
                                assert!(from.iter().all(|&c| c < g && first(c).0 == x), "{plan:?}: tile {x} on {g} adds {from:?}");
                                added.extend(from);
                            }
                        }
                    }
                    assert!(runs.iter().all(|&r| r == 1), "{plan:?} ({tiles} tiles of {kt}): a k-block ran {:?} times", runs.iter().max());
                    added.sort();
                    assert_eq!(partials, added, "{plan:?} ({tiles} tiles of {kt})");
                }
            }
        }
        assert!(stream_k[0] >= 50 && stream_k[1] >= 50, "{stream_k:?} stream-K schedules (line, split)");
    }
}
