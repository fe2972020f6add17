//! What the per-shape choice knows of the GPU ([`Sm90Gpu`]: its SMs and its memory's bandwidth),
//! and the cost model of few-tile problems on a GPU of HBM3e bandwidth (an H200: 4.8 TB/s
//! against an H100's 3.35), [`pick_on`].
//!
//! The rule [`pick`] was measured on an H100. On an H200 the memory is 1.4 times as fast, the
//! arithmetic the same, and the same few-tile problems want other tiles: a long k-loop on few
//! tiles streams B through too few SMs, where the stream-K tiles spread it over all of them
//! (docs/perf.md, "Few tiles on an H200: a cost model"). The model prices each form of a problem
//! as
//!
//! ```text
//! time = overhead + max(k-blocks per CTA x max(MMA time, load time of a k-block), unique bytes / DRAM bandwidth)
//! ```
//!
//! with the k-blocks per CTA of the form's schedule (whole tiles in rounds, or the stream-K split
//! tail of [`Sm90Schedule`], each partial tile read at [`SLOT_KBLOCKS`] k-blocks), and its
//! constants fitted to 904 timings of the five forms on a grid of 175 shapes on an H200
//! (M 48-256, N 2048-16384, K 2048-28672; 13.5 % rms error in time). Where it predicts a form at
//! least 20 % faster than [`pick`]'s, that form runs. On a GPU of less bandwidth (an H100) the
//! measured rule stands.
//!
//! For TN problems (A and B K-major) [`pick_on_tn`] adds the 64x96 tiles (`sm90_64x96`, a
//! K-major-only configuration) wherever one round of them fills the SMs, as cuBLAS's 96-column
//! tiles do, and where those are too many, for 128 and 256 rows, the 128x96 tiles (`sm90_128x96`)
//! in place of fewer 128x128 ones: rules measured on the same H200, beside the model.
//!
//! fp8 A and B are K-major always: [`pick_fp8_on`] takes, on such a GPU, the e4m3 tiles of
//! [`pick_on_tn`]'s choice for the 16-bit problem of the same bytes.

use tycute_cuda::cudarc::driver::sys::CUdevice_attribute;
use tycute_cuda::cudarc::driver::CudaContext;

use crate::error::driver;
use crate::sm90::{pick, pick_fp8, Sm90Header, SM90, SM90_128X192, SM90_128X256, SM90_128X64, SM90_128X96, SM90_128X96_SK, SM90_64X64, SM90_64X96, SM90_64X96_SK};
use crate::stream_k::Sm90Schedule;
use crate::Result;

/// What the per-shape choice knows of the GPU it runs on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sm90Gpu {
    /// Streaming multiprocessors (at most one persistent CTA each).
    pub sms: usize,
    /// The memory's peak bandwidth in GB/s (bytes per nanosecond): twice the memory clock times
    /// the bus width.
    pub dram_gb_s: f64,
}

impl Sm90Gpu {
    /// An H100 SXM: 132 SMs, HBM3 at 3.35 TB/s (2619 MHz, 5120 bits).
    pub const H100_SXM: Sm90Gpu = Sm90Gpu { sms: 132, dram_gb_s: 3352.0 };
    /// An H200: 132 SMs, HBM3e at 4.9 TB/s (3201 MHz, 6144 bits).
    pub const H200: Sm90Gpu = Sm90Gpu { sms: 132, dram_gb_s: 4917.0 };

    /// The GPU of `ctx`, read from its attributes.
    pub fn of(ctx: &CudaContext) -> Result<Sm90Gpu> {
        let attr = |a, what| ctx.attribute(a).map_err(driver(what));
        let sms = attr(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "SM count")? as usize;
        let khz = attr(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, "memory clock")? as f64;
        let bits = attr(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, "memory bus width")? as f64;
        Ok(Sm90Gpu { sms: sms.max(1), dram_gb_s: 2.0 * khz * 1e3 * bits / 8.0 / 1e9 })
    }
}

/// From this bandwidth (GB/s) on, the few-tile cost model chooses ([`pick_on`]): HBM3e Hoppers
/// (H200 4.8 TB/s); an H100's 3.35 TB/s keeps the rule measured on it.
pub const MODEL_FROM_GB_S: f64 = 4000.0;

/// A form's fitted constants: the fixed time of a launch (prologue, the pipeline's fill, the
/// epilogue), the MMA time of one k-block of its tile, and the rate at which one SM loads its
/// tile's k-blocks (A's rows within M and B's columns, 64 k of 2 bytes).
struct Form {
    config: Sm90Header,
    tile: (usize, usize),
    stream_k: bool,
    overhead_ns: f64,
    kblock_ns: f64,
    load_bytes_per_ns: f64,
}

/// The five forms, fitted on the H200 (2026-11-28; docs/perf.md "Few tiles on an H200").
const FORMS: [Form; 5] = [
    Form { config: SM90, tile: (128, 128), stream_k: false, overhead_ns: 7445.0, kblock_ns: 340.0, load_bytes_per_ns: 93.8 },
    Form { config: SM90_128X64, tile: (128, 64), stream_k: false, overhead_ns: 5889.0, kblock_ns: 316.0, load_bytes_per_ns: 123.9 },
    Form { config: SM90_64X64, tile: (64, 64), stream_k: false, overhead_ns: 6137.0, kblock_ns: 65.0, load_bytes_per_ns: 85.5 },
    Form { config: SM90_128X256, tile: (128, 256), stream_k: true, overhead_ns: 13073.0, kblock_ns: 605.0, load_bytes_per_ns: 81.3 },
    Form { config: SM90_128X192, tile: (128, 192), stream_k: true, overhead_ns: 11641.0, kblock_ns: 497.0, load_bytes_per_ns: 82.9 },
];

/// What reading one other split's partial tile costs the head of a stream-K tile, in k-blocks
/// of its mainloop (fitted with the forms; the schedule's own model says 2.3).
pub const SLOT_KBLOCKS: f64 = 2.63;

/// The share of the peak bandwidth the fit found (3645 of 4917 GB/s).
const DRAM_EFFICIENCY: f64 = 0.741;

/// A form is taken over [`pick`]'s when the model gives it this much less time (20 %).
const GAIN: f64 = 1.2;

/// The model's time in nanoseconds of `(m, n, k)` (one problem, 16-bit elements) in `form` on `gpu`.
fn time_ns(form: &Form, (m, n, k): (usize, usize, usize), gpu: Sm90Gpu) -> f64 {
    let (tm, tn) = form.tile;
    let kt = k.div_ceil(64);
    let tiles = m.div_ceil(tm) * n.div_ceil(tn);
    let kblocks = if form.stream_k {
        let s = Sm90Schedule::plan(tiles, kt, gpu.sms, true);
        let rounds = (tiles - s.sk_tiles).div_ceil(s.grid.max(1));
        let tail = if s.sk_tiles == 0 { 0.0 } else { kt.div_ceil(s.split.max(1)) as f64 + (s.split.max(1) - 1) as f64 * SLOT_KBLOCKS };
        (kt * rounds) as f64 + tail
    } else {
        (kt * tiles.div_ceil(gpu.sms)) as f64
    };
    let load = ((tm.min(m) + tn) * 64 * 2) as f64 / form.load_bytes_per_ns;
    let unique = (2 * (m * k + n * k + m * n)) as f64 / (gpu.dram_gb_s * DRAM_EFFICIENCY);
    form.overhead_ns + (kblocks * form.kblock_ns.max(load)).max(unique)
}

/// The model's time of `config` at `shape` on `gpu` (`None`: not one of the modelled forms).
pub fn model_ns(config: Sm90Header, shape: (usize, usize, usize), gpu: Sm90Gpu) -> Option<f64> {
    FORMS.iter().find(|f| f.config == config).map(|f| time_ns(f, shape, gpu))
}

/// Which configuration the per-shape choice runs at `(m, n, k)` (`batch` problems) on `gpu`, for
/// A and B in any layout: [`pick`]'s, except on a GPU of [`MODEL_FROM_GB_S`] or more for one
/// problem in the range the model was fitted on (`in_model_range`). There the form the cost
/// model prices at least 20 % faster than `pick`'s runs (the 128x64 tiles only with K a multiple
/// of 16, as in `pick`). Measured on the H200's grid (docs/perf.md): 0.815x to 0.850x cuBLAS in
/// geometric mean over its 155 few-tile shapes, 64x2048x28672 0.43 to 0.77 (stream-K 128x192
/// tiles instead of 32 CTAs of 64x64), 256x4096x14336 0.85 to 0.93, 192x4096x8192 0.70 to 1.04.
pub fn pick_on((m, n, k): (usize, usize, usize), batch: usize, gpu: Sm90Gpu) -> Sm90Header {
    let base = pick((m, n, k), batch, gpu.sms);
    if !in_model_range((m, n, k), batch, gpu) {
        return base;
    }
    let Some(t0) = model_ns(base, (m, n, k), gpu) else { return base };
    let best = FORMS
        .iter()
        .filter(|f| f.config != SM90_128X64 || k % 16 == 0)
        .map(|f| (f.config, time_ns(f, (m, n, k), gpu)))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    match best {
        Some((c, t)) if t * GAIN <= t0 => c,
        _ => base,
    }
}

/// Whether [`pick_on`]'s model decides `(m, n, k)` (`batch` problems) on `gpu`: a GPU of
/// [`MODEL_FROM_GB_S`] or more, one problem in the range the model was fitted on (33 to 256 rows,
/// N and K of 2048 or more) whose 128x128 tiles fill the SMs at most once.
fn in_model_range((m, n, k): (usize, usize, usize), batch: usize, gpu: Sm90Gpu) -> bool {
    gpu.dram_gb_s >= MODEL_FROM_GB_S && batch == 1 && (33..=256).contains(&m) && n >= 2048 && k >= 2048 && m.div_ceil(128) * n.div_ceil(128) <= gpu.sms
}

/// Whether a TN problem of 17 to 32 rows runs on the 64x96 tiles ([`pick_on_tn`]; the launch
/// API then takes neither the skinny kernel nor split-K for it): on a GPU of [`MODEL_FROM_GB_S`]
/// or more, one problem, N and K of 2048 or more, one round of 64x96 tiles (N up to 96 times the
/// SMs). Measured on the H200 (docs/perf.md, "17 to 32 rows on the 64x96 tiles"), every form
/// forced on 24 and 32 rows against 12 N x K of 7B-70B layers: the 64x96 tiles ran 1.10-1.57x
/// the 128x256 stream-K tiles (32x6144x4096 80 against 52 TFLOP/s), 1.10-1.18x split-K
/// (32x4096x11008 80 against 68) and 1.27-1.29x the skinny kernel (32x4096x4096 62 against 49),
/// and lost only where they are more than one round (N = 14336 and 28672).
pub fn few_rows_on_64x96((m, n, k): (usize, usize, usize), batch: usize, gpu: Sm90Gpu) -> bool {
    gpu.dram_gb_s >= MODEL_FROM_GB_S && batch == 1 && (17..=32).contains(&m) && n >= 2048 && k >= 2048 && n.div_ceil(96) <= gpu.sms
}

/// [`pick_on`] for A and B both K-major (TN, a linear layer's forward pass), where the 64x96 tiles
/// ([`SM90_64X96`], K-major only) also run: in [`pick_on`]'s range, wherever one round of them
/// fits the SMs, except where `pick_on` gives the stream-K tiles (128x192, 128x256) for a long
/// k-loop (K >= 12288) that the 64x96 tiles would run on two thirds of the SMs or fewer. Every
/// SM then streams its strip of B, as cuBLAS's 96-column tiles do there (docs/perf.md "64 rows:
/// tiles as wide as the SMs ask"). Measured on the H200 (the same docs, the grid and the sweep's
/// few-tile lines, 208 shapes, fp16): 0.868x to 0.924x cuBLAS in geometric mean, 68 shapes faster
/// by 3 % or more and 2 slower; 64x10240x8192 0.66 -> 1.02, 64x12288x4096 0.71 -> 1.01,
/// 192x4096x8192 1.02 -> 1.39.
///
/// Where the 64x96 tiles are more than one round and `pick_on` gives whole 128x128 tiles
/// ([`SM90`]), the 128x96 tiles ([`SM90_128X96`], K-major only) where one round of them fits the
/// SMs and the rows fill them (at most an eighth of the last tile's rows past M: 128 and 256 rows,
/// not 192): 80-96 CTAs become 107-128. Measured on the H200 (docs/perf.md "128 rows: the
/// 128x96 tiles"), each form forced on the 86 grid and sweep lines of 65-256 rows whose 128x96
/// tiles fit one round: 256x5120x5120 0.78 -> 0.86, 256x6144x4096 0.85 -> 0.94, 128x12288x4096
/// 0.92 -> 0.96 of cuBLAS; against the 128x64 tiles' one round (256x4096), the 64x96 tiles'
/// (M <= 128, N <= 6144) or the stream-K tiles (long k-loops) they lose, and the rule leaves those.
///
/// Below the model's range, 17 to 32 rows ([`few_rows_on_64x96`]): the 64x96 tiles wherever one
/// round of them fits the SMs.
pub fn pick_on_tn((m, n, k): (usize, usize, usize), batch: usize, gpu: Sm90Gpu) -> Sm90Header {
    let shape = (m, n, k);
    if few_rows_on_64x96(shape, batch, gpu) || in_model_range(shape, batch, gpu) {
        if let Some(c) = split_96(shape, gpu) {
            return c;
        }
    }
    pick_on_tn_whole(shape, batch, gpu)
}

/// The one-consumer 96-column tiles [`pick_on_tn`] splits a problem into, if any: the 64x96 ones
/// where [`split_64x96`] takes them, else for more than 64 rows the 128x96 ones
/// ([`SM90_128X96_SK`]) on the same terms (a third of the SMs or fewer hold them, each cut into
/// three or more ranges) with a k-loop of [`SPLIT_128X96_MIN_KBLOCKS`] or more: 128 rows against
/// N = 4096, 86 tiles of 64x96 or 43 of 128x96. Measured on the H200 (docs/perf.md, "Few
/// 96-column tiles in one consumer"): 128x4096x14336 0.87 -> 0.94 of cuBLAS, 96x4096x14336 0.87 -> 0.96,
/// e4m3 128x4096x28672 0.86 -> 0.98.
pub fn split_96((m, n, k): (usize, usize, usize), gpu: Sm90Gpu) -> Option<Sm90Header> {
    if split_64x96((m, n, k), gpu) {
        return Some(SM90_64X96_SK);
    }
    (m > 64 && splits_in_three(m.div_ceil(128) * n.div_ceil(96), k, SPLIT_128X96_MIN_KBLOCKS, gpu)).then_some(SM90_128X96_SK)
}

/// [`SPLIT_64X96_MIN_KBLOCKS`] for the 128x96 tiles, whose k-blocks hold twice the rows: at 96
/// k-blocks they ran 5 % below whole 64x96 tiles (128x4096x6144), at 128 1-2 % above.
pub const SPLIT_128X96_MIN_KBLOCKS: usize = 128;

/// Whether `tiles` tiles of a k-loop of `k` (k-blocks of 64) are a third of the SMs or fewer, each
/// split in three or more, and the k-loop `min_kt` k-blocks or more.
fn splits_in_three(tiles: usize, k: usize, min_kt: usize, gpu: Sm90Gpu) -> bool {
    let kt = k.div_ceil(64);
    3 * tiles <= gpu.sms && kt >= min_kt && Sm90Schedule::plan(tiles, kt, gpu.sms, true).split >= 3
}

/// The k-blocks (of 64 16-bit elements, or 128 one-byte ones) from which [`split_64x96`] cuts the
/// 64x96 tiles along K.
pub const SPLIT_64X96_MIN_KBLOCKS: usize = 96;

/// Whether a TN problem in [`pick_on_tn`]'s range runs the 64x96 tiles in one consumer with the
/// stream-K split tail ([`SM90_64X96_SK`]): at most a third as many tiles as SMs (each cut into
/// three or more ranges of k-blocks, [`Sm90Schedule::plan`]) and a k-loop of
/// [`SPLIT_64X96_MIN_KBLOCKS`] or more. Such a problem (64 rows against N = 4096: 43 tiles) is a
/// read of B that whole tiles spread over a third of the SMs. The ping-pong schedule of
/// `sm90_64x96` has no stream-K: its presence there cost every other launch 5-17 %
/// (docs/perf.md, "Tried and dropped: stream-K in the ping-pong kernel"). Measured on the H200
/// (docs/perf.md, "Few 96-column tiles in one consumer"), each form forced on 15 shapes of 32-64
/// rows: bf16 64x4096x14336 0.82 -> 1.00 of cuBLAS, 32x4096x14336 0.77 -> 0.93, 64x2048x14336
/// 0.58 (the stream-K 128x192 tiles) -> 0.82; fp16 128x2048x14336 0.65 (128x192) -> 0.90; e4m3
/// 64x4096x28672 0.84 -> 0.98. Two splits (54 and 64 tiles) ran at or below whole tiles; a k-loop
/// of 64 k-blocks 3-4 % below them, 86 at them, 96 3 % above (64x4096x6144 142 against 137
/// TFLOP/s).
pub fn split_64x96((m, n, k): (usize, usize, usize), gpu: Sm90Gpu) -> bool {
    splits_in_three(m.div_ceil(64) * n.div_ceil(96), k, SPLIT_64X96_MIN_KBLOCKS, gpu)
}

/// [`pick_on_tn`] before [`split_96`]: whole tiles.
fn pick_on_tn_whole((m, n, k): (usize, usize, usize), batch: usize, gpu: Sm90Gpu) -> Sm90Header {
    if few_rows_on_64x96((m, n, k), batch, gpu) {
        return SM90_64X96;
    }
    let base = pick_on((m, n, k), batch, gpu);
    if !in_model_range((m, n, k), batch, gpu) {
        return base;
    }
    let tiles = m.div_ceil(64) * n.div_ceil(96);
    let stream_k = base == SM90_128X192 || base == SM90_128X256;
    if tiles <= gpu.sms && !(stream_k && k >= 12288 && 3 * tiles <= 2 * gpu.sms) {
        return SM90_64X96;
    }
    let rows = 128 * m.div_ceil(128);
    if base == SM90 && 8 * rows <= 9 * m && m.div_ceil(128) * n.div_ceil(96) <= gpu.sms {
        return SM90_128X96;
    }
    base
}

/// [`pick_fp8`] on `gpu`: for e4m3 on a GPU of [`MODEL_FROM_GB_S`] or more, where the 16-bit
/// problem of the same bytes (`(m, n, ceil(k / 2))`: a k-block of 128 one-byte elements is a
/// 128-byte row, as one of 64 halves is) is in [`pick_on`]'s range, the e4m3 configuration of the
/// tiles [`pick_on_tn`] gives that problem (fp8 A and B are K-major: the 96-column tiles run, and
/// the model's stream-K tiles for long k-loops on few tiles); elsewhere `pick_fp8`'s. A stage of
/// an e4m3 configuration holds the bytes of its 16-bit twin's and its MMAs take as long (wgmma's
/// fp8 rate is twice its 16-bit one), so the 16-bit rule's balance of loads and MMAs carries over.
pub fn pick_fp8_on((m, n, k): (usize, usize, usize), batch: usize, gpu: Sm90Gpu, fp8: &str) -> crate::Result<Sm90Header> {
    let base = pick_fp8((m, n, k), batch, gpu.sms, fp8)?;
    let same_bytes = (m, n, k.div_ceil(2));
    if fp8 != "e4m3" || gpu.dram_gb_s < MODEL_FROM_GB_S || batch != 1 {
        return Ok(base);
    }
    // (17 to 32 rows too: few 64x96 tiles of a long k-loop, split)
    if few_rows_on_64x96(same_bytes, batch, gpu) && split_64x96(same_bytes, gpu) {
        return Sm90Header::named("sm90_64x96_e4m3_sk");
    }
    if !in_model_range(same_bytes, batch, gpu) {
        return fp8_rounds(base, (m, n, k), gpu);
    }
    let name = match pick_on_tn(same_bytes, batch, gpu) {
        c if c == SM90_64X96 => "sm90_64x96_e4m3",
        c if c == SM90_64X96_SK => "sm90_64x96_e4m3_sk",
        c if c == SM90_128X96_SK => "sm90_128x96_e4m3_sk",
        c if c == SM90_128X96 => "sm90_128x96_e4m3",
        c if c == SM90 => "sm90_128x128_e4m3",
        c if c == SM90_128X64 => "sm90_128x64_e4m3",
        c if c == SM90_64X64 => "sm90_64x64_e4m3",
        c if c == SM90_128X192 => "sm90_128x192_e4m3",
        _ => "sm90_128x256_e4m3",
    };
    Sm90Header::named(name)
}

/// How full the rounds of `tiles` CTAs on `sms` SMs are: `tiles` over the rounds' slots.
fn round_fill(tiles: usize, sms: usize) -> f64 {
    tiles as f64 / (tiles.div_ceil(sms.max(1)) * sms.max(1)) as f64
}

/// [`pick_fp8_on`] outside the few-tile model's range (one e4m3 problem on a GPU of
/// [`MODEL_FROM_GB_S`] or more), where `pick_fp8`'s `base` leaves SMs idle that other tiles fill:
/// * the 128x192 tiles where `pick` gives them for the 16-bit problem of the same bytes and
///   `pick_fp8` had taken the ping-pong 128x128 tiles for a stream-K tail instead (K > 2048; a rule
///   measured on the H100 before the 128x192 tiles existed): 3072^3 0.96 of cuBLASLt against 0.86,
///   1024x6144x4096 0.97 against 0.94, 256x22016x4096 0.86 against 0.87;
/// * the 96-column tiles (64x96 up to 64 rows, 128x96 up to 128) where `base` is one round of
///   128x256 tiles on fewer than three quarters of the SMs and the 96-column tiles fill their
///   rounds to four fifths or more: 64x22016x4096, 86 tiles of 128x256 against 230 of 64x96 in two
///   rounds, 0.91 -> 1.01; 128x22016x4096 0.96 -> 1.01.
///
/// Measured on the H200 (2026-11-28, eighth session; docs/perf.md "Every tile on the sweep's low
/// e4m3 lines"), each e4m3 configuration forced on the sweep's 49 e4m3 lines below 0.95x.
fn fp8_rounds(base: Sm90Header, (m, n, k): (usize, usize, usize), gpu: Sm90Gpu) -> crate::Result<Sm90Header> {
    if base.name == "sm90_128x128_e4m3" && k > 2048 && pick((m, n, k.div_ceil(2)), 1, gpu.sms) == SM90_128X192 {
        return Sm90Header::named("sm90_128x192_e4m3");
    }
    let tiles_256 = m.div_ceil(128) * n.div_ceil(256);
    if base.name == "sm90_128x256_e4m3" && m <= 128 && 4 * tiles_256 < 3 * gpu.sms {
        let (rows, name) = if m <= 64 { (64, "sm90_64x96_e4m3") } else { (128, "sm90_128x96_e4m3") };
        if round_fill(m.div_ceil(rows) * n.div_ceil(96), gpu.sms) >= 0.8 {
            return Sm90Header::named(name);
        }
    }
    Ok(base)
}

/// For a decode-sized e4m3 problem (`m` <= 16 rows) on a GPU of [`MODEL_FROM_GB_S`] or more, the
/// sm90 kernel's tiles in place of the decode-sized fp8 kernel where they were measured to win:
/// the configuration [`pick_fp8_on`] gives the same problem at 64 rows, if it is the 64x96 tiles
/// and one round of them fills five eighths of the SMs or more, or the 128x256 tiles filling three
/// quarters; else one round of 128x128 tiles filling three quarters; else the 64x96 tiles in
/// rounds filled to four fifths (`round_fill`); `None` (the decode-sized kernel) elsewhere. A
/// K-major A of fewer rows than a tile is loaded in a box of its rows (`a_box_rows`), so such a problem is a read of B at wgmma's own
/// fp8 rate, where the decode-sized kernel's fp8 `mma.sync` is converted to f16 on sm_90a.
/// Measured on the H200 (docs/perf.md, "Decode-sized fp8 on the 64-row tiles"): 16x10240x8192
/// 1.27x the decode-sized kernel, 16x12288x4096 1.18x, 13x11008x4096 1.20x, 16x28672x8192 (128x256
/// tiles) 1.14x, 1x10240x8192 1.12x, 1x8192x8192 (86 tiles) 1.02x; past one round of 64x96 tiles
/// (docs/perf.md, "Every tile on the sweep's low e4m3 lines"): 16x13824x5120 (108 tiles of 128x128)
/// 1.105x, 16x15360x5120 1.067x, 16x22016x4096 (230 of 64x96, two rounds) 1.117x.
pub fn fp8_decode_tiles((m, n, k): (usize, usize, usize), gpu: Sm90Gpu, fp8: &str) -> Option<Sm90Header> {
    if m > 16 || fp8 != "e4m3" || gpu.dram_gb_s < MODEL_FROM_GB_S {
        return None;
    }
    let c = pick_fp8_on((64, n, k), 1, gpu, fp8).ok()?;
    let (bm, bn) = c.tile().ok()?;
    let tiles = 64usize.div_ceil(bm) * n.div_ceil(bn);
    let fills = match c.name {
        "sm90_64x96_e4m3" => 8 * tiles >= 5 * gpu.sms,
        "sm90_128x256_e4m3" => 4 * tiles >= 3 * gpu.sms,
        _ => false,
    };
    if fills && tiles <= gpu.sms {
        return Some(c);
    }
    // past one round of 64x96 tiles: one round of 128x128 tiles filling three quarters of the
    // SMs, else the 64x96 tiles in rounds filled to four fifths
    let tiles_128 = n.div_ceil(128);
    if tiles_128 <= gpu.sms && 4 * tiles_128 >= 3 * gpu.sms {
        return Sm90Header::named("sm90_128x128_e4m3").ok();
    }
    let tiles_96 = n.div_ceil(96);
    if tiles_96 > gpu.sms && round_fill(tiles_96, gpu.sms) >= 0.8 {
        return Sm90Header::named("sm90_64x96_e4m3").ok();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An H100 keeps `pick`'s rule; on an H200 the long k-loops of few tiles go to the stream-K
    /// tiles, and what the model does not price 20 % faster stays.
    #[test]
    fn the_h200_choice_of_few_tiles() {
        let name = |shape, gpu| pick_on(shape, 1, gpu).name;
        for shape in [(64, 2048, 28672), (256, 4096, 14336), (192, 4096, 8192), (64, 4096, 4096), (1000, 1000, 1000)] {
            assert_eq!(pick_on(shape, 1, Sm90Gpu::H100_SXM), pick(shape, 1, 132), "{shape:?}");
        }
        assert_eq!(name((64, 2048, 28672), Sm90Gpu::H200), "sm90_128x192");
        assert_eq!(name((256, 4096, 14336), Sm90Gpu::H200), "sm90_128x192");
        assert_eq!(name((256, 4096, 28672), Sm90Gpu::H200), "sm90_128x256");
        assert_eq!(name((192, 4096, 8192), Sm90Gpu::H200), "sm90_128x192");
        // the GPU test's (tests/gpu_sm90.rs, auto_launch_follows_the_gpu)
        assert_eq!(name((64, 2048, 16384), Sm90Gpu::H200), "sm90_128x192");
        assert_eq!(name((64, 2048, 16384), Sm90Gpu::H100_SXM), "sm90_64x64");
        assert_eq!(name((200, 4096, 8192), Sm90Gpu::H200), "sm90_128x192");
        assert_eq!(name((200, 4096, 8192), Sm90Gpu::H100_SXM), "sm90_128x64");
        assert_eq!(name((256, 2048, 4096), Sm90Gpu::H200), "sm90_64x64");
        // left as pick has them: a k-loop the split does not shorten enough, many tiles, a batch, decode
        assert_eq!(name((64, 4096, 4096), Sm90Gpu::H200), "sm90_64x64");
        assert_eq!(name((128, 8192, 4096), Sm90Gpu::H200), "sm90_128x64");
        assert_eq!(name((4096, 4096, 4096), Sm90Gpu::H200), pick((4096, 4096, 4096), 1, 132).name);
        assert_eq!(pick_on((64, 2048, 28672), 2, Sm90Gpu::H200), pick((64, 2048, 28672), 2, 132));
        assert_eq!(pick_on((16, 2048, 28672), 1, Sm90Gpu::H200), pick((16, 2048, 28672), 1, 132));
        // the kernel problems of tests/gpu_sm90.rs's auto_launch_takes_every_shape keep their
        // forms on either GPU (each case runs the path it names)
        for shape in [(64, 33, 64), (300, 131, 517), (256, 384, 192), (129, 127, 136), (64, 4096, 4096), (40, 1000, 3000), (64, 50, 2048), (200, 1000, 2048), (256, 1024, 1024), (300, 700, 512), (200, 4000, 512), (256, 4096, 1024), (250, 4000, 512)] {
            assert_eq!(pick_on(shape, 1, Sm90Gpu::H200), pick(shape, 1, 132), "{shape:?}");
        }
    }

    /// The model against a few of the timings it was fitted on (H200, fp16, 2026-11-28), within
    /// its error: 64x2048x28672 in 128x192 tiles 51.2 us (model 48.6), 256x4096x4096 in 128x64 tiles
    /// 21.0 us (model 26.1).
    #[test]
    fn the_model_is_near_the_timings() {
        let near = |c, shape, us: f64| {
            let t = model_ns(c, shape, Sm90Gpu::H200).unwrap() / 1e3;
            assert!((t / us).ln().abs() < 0.35, "{}: model {t:.1} us against {us} us", c.name);
        };
        near(SM90_128X192, (64, 2048, 28672), 51.2);
        near(SM90_128X64, (256, 4096, 4096), 21.0);
        assert_eq!(model_ns(crate::sm90::SM90_REUSE_C, (64, 64, 64), Sm90Gpu::H200), None);
    }

    /// TN problems on an H200 take the 64x96 tiles where one round of them fills the SMs, not for
    /// a long k-loop the stream-K tiles spread over more SMs; other layouts and the H100 never.
    #[test]
    fn the_h200_choice_of_64x96_tiles_for_tn() {
        let tn = |shape, gpu| pick_on_tn(shape, 1, gpu).name;
        // the sweep's worst lines before (107 and 128 tiles)
        assert_eq!(tn((64, 10240, 8192), Sm90Gpu::H200), "sm90_64x96");
        assert_eq!(tn((64, 12288, 4096), Sm90Gpu::H200), "sm90_64x96");
        assert_eq!(tn((192, 4096, 8192), Sm90Gpu::H200), "sm90_64x96");
        assert_eq!(tn((64, 4096, 4096), Sm90Gpu::H200), "sm90_64x96");
        // more than one round (171 tiles): the model's tiles; a long k-loop on 22 tiles: the
        // 64x96 tiles split (split_64x96), where the model's were the stream-K 128x192 tiles
        assert_eq!(tn((64, 16384, 4096), Sm90Gpu::H200), pick_on((64, 16384, 4096), 1, Sm90Gpu::H200).name);
        assert_eq!(pick_on((64, 2048, 28672), 1, Sm90Gpu::H200).name, "sm90_128x192");
        assert_eq!(tn((64, 2048, 28672), Sm90Gpu::H200), "sm90_64x96_sk");
        // many tiles, a batch, the H100, any layout
        assert_eq!(tn((4096, 4096, 4096), Sm90Gpu::H200), pick((4096, 4096, 4096), 1, 132).name);
        assert_eq!(pick_on_tn((64, 10240, 8192), 2, Sm90Gpu::H200), pick((64, 10240, 8192), 2, 132));
        assert_eq!(tn((64, 10240, 8192), Sm90Gpu::H100_SXM), "sm90");
        for shape in [(64, 10240, 8192), (64, 12288, 4096), (64, 4096, 4096), (192, 4096, 8192)] {
            assert_ne!(pick_on(shape, 1, Sm90Gpu::H200), SM90_64X96, "{shape:?}");
        }
    }

    /// Few 64x96 tiles and a long k-loop (43 tiles at N = 4096, 96 k-blocks or more) run in one
    /// consumer with the split tail (`sm90_64x96_sk`, bf16 and e4m3 alike); short k-loops, more
    /// tiles than a third of the SMs (two splits) and the H100 keep whole tiles; 128 rows take the
    /// 128x96 tiles so.
    #[test]
    fn few_64x96_tiles_of_a_long_k_loop_are_split() {
        let tn = |shape, gpu| pick_on_tn(shape, 1, gpu).name;
        for shape in [(64, 4096, 14336), (64, 4096, 11008), (48, 4096, 11008), (32, 4096, 14336), (64, 4096, 8192), (64, 2048, 14336), (32, 4096, 8192)] {
            assert_eq!(tn(shape, Sm90Gpu::H200), "sm90_64x96_sk", "{shape:?}");
            assert!(split_64x96(shape, Sm90Gpu::H200), "{shape:?}");
        }
        assert_eq!(crate::sm90::pick_of_tn((64, 4096, 14336), 1, Sm90Gpu::H200, crate::elem::ElementCode::Bf16).unwrap().name, "sm90_64x96_sk_bf16");
        // e4m3: the 16-bit choice of the same bytes (k-blocks of 128), 17 to 32 rows too
        let fp8 = |shape| pick_fp8_on(shape, 1, Sm90Gpu::H200, "e4m3").unwrap().name;
        for shape in [(64, 4096, 28672), (64, 4096, 14336), (64, 4096, 16384), (32, 4096, 28672)] {
            assert_eq!(fp8(shape), "sm90_64x96_e4m3_sk", "{shape:?}");
        }
        for shape in [(64, 4096, 11008), (64, 4096, 8192), (64, 5120, 16384), (64, 6144, 16384)] {
            assert_ne!(fp8(shape), "sm90_64x96_e4m3_sk", "{shape:?}");
        }
        // a short k-loop; two splits (54 and 64 tiles); 86 tiles (128 rows); a round of 107 tiles
        for shape in [(64, 4096, 4096), (64, 4096, 6000), (64, 6144, 4096), (64, 5120, 8192), (64, 6144, 8192), (128, 4096, 14336), (64, 10240, 8192)] {
            assert_ne!(tn(shape, Sm90Gpu::H200), "sm90_64x96_sk", "{shape:?}");
        }
        // 128 rows against N = 4096 (86 tiles of 64x96): 43 of 128x96, split; not at 256 rows
        for shape in [(128, 4096, 14336), (128, 4096, 11008), (96, 4096, 8192), (128, 4096, 8192)] {
            assert_eq!(tn(shape, Sm90Gpu::H200), "sm90_128x96_sk", "{shape:?}");
        }
        assert_eq!(crate::sm90::pick_of_tn((128, 4096, 14336), 1, Sm90Gpu::H200, crate::elem::ElementCode::Bf16).unwrap().name, "sm90_128x96_sk_bf16");
        assert_eq!(fp8((128, 4096, 28672)), "sm90_128x96_e4m3_sk");
        for shape in [(128, 4096, 4096), (128, 4096, 6144), (256, 4096, 14336), (128, 6144, 14336)] {
            assert_ne!(tn(shape, Sm90Gpu::H200), "sm90_128x96_sk", "{shape:?}");
        }
        assert_ne!(tn((64, 4096, 14336), Sm90Gpu::H100_SXM), "sm90_64x96_sk");
        // the split tail: 43 tiles, each in three ranges of 74-75 k-blocks, on 129 CTAs
        let s = Sm90Schedule::plan(43, 224, 132, true);
        assert_eq!((s.grid, s.sk_tiles, s.split), (132, 43, 3));
    }

    /// Past one round of 64x96 tiles, TN problems of 128 and 256 rows on an H200 take the 128x96
    /// tiles in place of fewer whole 128x128 ones; not 192 rows (half a tile of rows past M), not
    /// against the 128x64 tiles' round or the stream-K tiles, not on an H100.
    #[test]
    fn the_h200_choice_of_128x96_tiles_for_tn() {
        let tn = |shape, gpu| pick_on_tn(shape, 1, gpu).name;
        for shape in [(256, 5120, 5120), (256, 6144, 4096), (128, 12288, 4096), (128, 10240, 8192), (240, 5120, 4096)] {
            assert_eq!(pick_on(shape, 1, Sm90Gpu::H200), SM90, "{shape:?}");
            assert_eq!(tn(shape, Sm90Gpu::H200), "sm90_128x96", "{shape:?}");
            assert_eq!(tn(shape, Sm90Gpu::H100_SXM), pick(shape, 1, 132).name, "{shape:?}");
        }
        // 192 rows; 128x64 tiles in one round; one round of 64x96 tiles; the stream-K tiles; 14
        // thousand columns (147 tiles)
        for shape in [(192, 5120, 4096), (256, 4096, 4096), (128, 6144, 4096), (128, 12288, 14336), (256, 14336, 4096)] {
            assert_ne!(tn(shape, Sm90Gpu::H200), "sm90_128x96", "{shape:?}");
        }
        assert_eq!(tn((128, 6144, 4096), Sm90Gpu::H200), "sm90_64x96");
    }

    /// e4m3 on an H200 takes the 16-bit TN choice's tiles for the problem of the same bytes: the
    /// 96-column ones where the 16-bit rules take them; e5m2, the H100 and problems outside the
    /// model's range keep `pick_fp8`'s.
    #[test]
    fn the_h200_fp8_choice_is_the_16_bit_choice_of_the_same_bytes() {
        let on = |shape, gpu, f| pick_fp8_on(shape, 1, gpu, f).unwrap().name;
        // the sweep's worst e4m3 lines on the H200 (128x128 and 64x64 tiles before)
        assert_eq!(on((64, 10240, 8192), Sm90Gpu::H200, "e4m3"), "sm90_64x96_e4m3");
        assert_eq!(on((64, 12288, 4096), Sm90Gpu::H200, "e4m3"), "sm90_64x96_e4m3");
        assert_eq!(on((256, 5120, 5120), Sm90Gpu::H200, "e4m3"), "sm90_128x96_e4m3");
        assert_eq!(on((256, 6144, 4096), Sm90Gpu::H200, "e4m3"), "sm90_128x96_e4m3");
        // the model's stream-K tiles for a long k-loop on few tiles, and its 128x64 ones, as in 16 bits
        assert_eq!(pick_on_tn((256, 4096, 14336), 1, Sm90Gpu::H200).name, "sm90_128x192");
        assert_eq!(on((256, 4096, 28672), Sm90Gpu::H200, "e4m3"), "sm90_128x192_e4m3");
        assert_eq!(pick_on_tn((200, 4096, 4096), 1, Sm90Gpu::H200).name, "sm90_128x64");
        assert_eq!(on((200, 4096, 8192), Sm90Gpu::H200, "e4m3"), "sm90_128x64_e4m3");
        for shape in [(64, 10240, 8192), (256, 5120, 5120), (64, 2048, 28672), (200, 4096, 8192)] {
            assert_eq!(on(shape, Sm90Gpu::H100_SXM, "e4m3"), pick_fp8(shape, 1, 132, "e4m3").unwrap().name, "{shape:?}");
            assert_eq!(on(shape, Sm90Gpu::H200, "e5m2"), "sm90_128x256_e5m2");
        }
        // decode-sized M, many tiles, a batch: pick_fp8's
        for shape in [(16, 4096, 4096), (4096, 4096, 4096), (1024, 5120, 5120)] {
            assert_eq!(on(shape, Sm90Gpu::H200, "e4m3"), pick_fp8(shape, 1, 132, "e4m3").unwrap().name, "{shape:?}");
        }
        assert_eq!(pick_fp8_on((64, 10240, 8192), 2, Sm90Gpu::H200, "e4m3").unwrap(), pick_fp8((64, 10240, 8192), 2, 132, "e4m3").unwrap());
    }

    /// Decode-sized e4m3 problems on an H200 take the 64x96 tiles where one round of them fills
    /// five eighths of the SMs, the 128x256 ones where they fill three quarters, then one round of
    /// 128x128 tiles filling three quarters, then the 64x96 tiles in rounds filled to four fifths;
    /// elsewhere (and on an H100, for e5m2, above 16 rows) the decode-sized kernel.
    #[test]
    fn the_h200_fp8_decode_tiles() {
        let t = |shape, gpu, f| fp8_decode_tiles(shape, gpu, f).map(|c| c.name);
        // 86, 107 and 128 tiles of 64x96, 112 of 128x256
        assert_eq!(t((1, 8192, 8192), Sm90Gpu::H200, "e4m3"), Some("sm90_64x96_e4m3"));
        assert_eq!(t((16, 10240, 8192), Sm90Gpu::H200, "e4m3"), Some("sm90_64x96_e4m3"));
        assert_eq!(t((8, 12288, 4096), Sm90Gpu::H200, "e4m3"), Some("sm90_64x96_e4m3"));
        assert_eq!(t((16, 28672, 4096), Sm90Gpu::H200, "e4m3"), Some("sm90_128x256_e4m3"));
        // 108 and 120 tiles of 128x128 (144 and 160 of 64x96); 230 of 64x96 in two rounds (86 of
        // 128x256)
        assert_eq!(t((16, 13824, 5120), Sm90Gpu::H200, "e4m3"), Some("sm90_128x128_e4m3"));
        assert_eq!(t((1, 15360, 5120), Sm90Gpu::H200, "e4m3"), Some("sm90_128x128_e4m3"));
        assert_eq!(t((16, 22016, 4096), Sm90Gpu::H200, "e4m3"), Some("sm90_64x96_e4m3"));
        // 43 and 64 tiles of 64x96; 192 of them in two rounds (144 of 128x128): the decode-sized kernel
        for n in [4096, 6144, 18432] {
            assert_eq!(t((16, n, 4096), Sm90Gpu::H200, "e4m3"), None, "{n}");
        }
        assert_eq!(t((16, 10240, 8192), Sm90Gpu::H100_SXM, "e4m3"), None);
        assert_eq!(t((16, 10240, 8192), Sm90Gpu::H200, "e5m2"), None);
        assert_eq!(t((17, 10240, 8192), Sm90Gpu::H200, "e4m3"), None);
    }

    /// Outside the model's range, e4m3 on an H200 takes the 128x192 tiles for a stream-K tail
    /// where `pick` gives them (not for short K, not on an H100), and the 96-column tiles in full
    /// rounds in place of one partial round of 128x256 tiles (up to 128 rows).
    #[test]
    fn the_h200_fp8_choice_past_the_model() {
        let on = |shape, gpu| pick_fp8_on(shape, 1, gpu, "e4m3").unwrap().name;
        assert_eq!(on((3072, 3072, 3072), Sm90Gpu::H200), "sm90_128x192_e4m3");
        assert_eq!(on((1024, 6144, 4096), Sm90Gpu::H200), "sm90_128x192_e4m3");
        assert_eq!(on((3072, 3072, 3072), Sm90Gpu::H100_SXM), "sm90_128x128_e4m3");
        assert_eq!(on((2047, 3001, 1024), Sm90Gpu::H200), "sm90_128x128_e4m3");
        assert_eq!(on((64, 22016, 4096), Sm90Gpu::H200), "sm90_64x96_e4m3");
        assert_eq!(on((128, 22016, 4096), Sm90Gpu::H200), "sm90_128x96_e4m3");
        assert_eq!(on((64, 22016, 4096), Sm90Gpu::H100_SXM), "sm90_128x256_e4m3");
        // 112 tiles of 128x256 fill the SMs; 256 rows; a batch
        assert_eq!(on((64, 28672, 4096), Sm90Gpu::H200), "sm90_128x256_e4m3");
        assert_eq!(on((256, 22016, 8192), Sm90Gpu::H200), pick_fp8((256, 22016, 8192), 1, 132, "e4m3").unwrap().name);
        assert_eq!(pick_fp8_on((64, 22016, 4096), 2, Sm90Gpu::H200, "e4m3").unwrap(), pick_fp8((64, 22016, 4096), 2, 132, "e4m3").unwrap());
        assert_eq!(round_fill(230, 132), 230.0 / 264.0);
    }

    #[test]
    fn the_bandwidth_of_the_h100_and_the_h200() {
        // 2 x 2619 MHz x 5120 bits, 2 x 3201 MHz x 6144 bits
        assert!((2.0 * 2_619_000.0 * 1e3 * 5120.0 / 8.0 / 1e9 - Sm90Gpu::H100_SXM.dram_gb_s).abs() < 1.0);
        assert!((2.0 * 3_201_000.0 * 1e3 * 6144.0 / 8.0 / 1e9 - Sm90Gpu::H200.dram_gb_s).abs() < 1.0);
        assert!(Sm90Gpu::H100_SXM.dram_gb_s < MODEL_FROM_GB_S && Sm90Gpu::H200.dram_gb_s > MODEL_FROM_GB_S);
    }
}
