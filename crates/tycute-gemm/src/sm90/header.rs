//! An sm90 configuration as the host sees it ([`Sm90Header`]): which header
//! `kernels/sm90_gemm.cu` is built with, the values a launch reads from it, the configurations
//! there are, and the per-shape choice among them ([`pick`]).

use tycute_cuda::nvrtc::{self, Arch};

use crate::cubin::{cubin, SM90_GEMM_SOURCE};
use crate::elem::ElementCode;
use tycute_cuda::tma::TmaElement;
use crate::error::unsupported;
use crate::stream_k::Sm90Schedule;
use crate::{Error, Result};

/// Threads of the producer warpgroup (the kernel's `kProducerThreads`); the consumers are two
/// warpgroups: two consumers of the header's `kThreads` = 128 (ping-pong) or one of 256
/// (cooperative).
const PRODUCER_THREADS: u32 = 128;

/// An sm90 configuration the kernel is built for: `kernels/sm90_gemm.cu` with
/// `-DTYCUTE_SM90_CONFIG=NAME` includes `NAME.h` (written from the type `tycute_configs::NAME`),
/// and the host reads the same header's values (boxes, swizzles, tile, threads) as build.rs
/// computed them ([`headers::value`](crate::headers::value)), not by parsing the C++. (The
/// type-level configuration is `tycute_configs::kernel::sm90::Sm90Config`; this is its header's
/// values.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm90Header {
    /// `sm90`, `sm90_128x256` or `sm90_reuse_c`.
    pub name: &'static str,
}

/// `sm90`: 128x128x64 tiles, two consumer warpgroups of `wgmma.m64n128k16` in ping-pong.
pub const SM90: Sm90Header = Sm90Header { name: "sm90" };
/// `sm90_128x256`: 128x256x64 tiles, two warpgroups of `wgmma.m64n256k16` cooperating on each.
pub const SM90_128X256: Sm90Header = Sm90Header { name: "sm90_128x256" };
/// `sm90_128x192`: 128x192x64 tiles, two warpgroups of `wgmma.m64n192k16` cooperating on each (a
/// third more tiles than `sm90_128x256`, for the last wave: [`pick`]).
pub const SM90_128X192: Sm90Header = Sm90Header { name: "sm90_128x192" };
/// `sm90_128x64`: 128x64x64 tiles, two consumer warpgroups of `wgmma.m64n64k16` in ping-pong, 8
/// stages (few-tile problems: twice the CTAs of `sm90`).
pub const SM90_128X64: Sm90Header = Sm90Header { name: "sm90_128x64" };
/// `sm90_64x64`: 64x64x64 tiles, two consumer warpgroups of `wgmma.m64n64k16` in ping-pong, 12
/// stages (32 < M <= 64).
pub const SM90_64X64: Sm90Header = Sm90Header { name: "sm90_64x64" };
/// `sm90_64x96`: 64x96x64 tiles, two consumer warpgroups of `wgmma.m64n96k16` in ping-pong, 8
/// stages, K-major A and B only (M <= 64 against N of 10-12 thousand: one round of tiles).
pub const SM90_64X96: Sm90Header = Sm90Header { name: "sm90_64x96" };
/// `sm90_64x96_sk`: `sm90_64x96` in one consumer warpgroup (the cooperative schedule), whose
/// launches share the last tiles out along K over every SM (stream-K): few 64x96 tiles and a long
/// k-loop ([`crate::sm90::split_96`]).
pub const SM90_64X96_SK: Sm90Header = Sm90Header { name: "sm90_64x96_sk" };
/// `sm90_128x96_sk`: `sm90_128x96` in one consumer warpgroup (the cooperative schedule, stream-K):
/// few 128x96 tiles and a long k-loop ([`crate::sm90::split_96`]).
pub const SM90_128X96_SK: Sm90Header = Sm90Header { name: "sm90_128x96_sk" };
/// `sm90_128x96`: 128x96x64 tiles, two consumer warpgroups of `wgmma.m64n96k16` in ping-pong, 6
/// stages, K-major A and B only (128 or 256 rows against N of 5-12 thousand: one round of tiles).
pub const SM90_128X96: Sm90Header = Sm90Header { name: "sm90_128x96" };
/// `sm90_reuse_c`: `sm90` with ReuseSmemC (D stored through C's epilogue stages).
pub const SM90_REUSE_C: Sm90Header = Sm90Header { name: "sm90_reuse_c" };
/// Every sm90 configuration: the registry's configurations of `kernels/sm90_gemm.cu`
/// (`tycute_configs::names_of_kernel`), in its order.
pub static SM90_CONFIGS: std::sync::LazyLock<Vec<Sm90Header>> = std::sync::LazyLock::new(|| {
    tycute_configs::names_of_kernel("sm90_gemm.cu").into_iter().map(|name| Sm90Header { name }).collect()
});

impl Sm90Header {
    /// The configuration `name` (one of [`SM90_CONFIGS`]).
    pub fn named(name: &str) -> Result<Sm90Header> {
        SM90_CONFIGS.iter().copied().find(|c| c.name == name).ok_or_else(|| Error::UnknownConfig {
            kernel: "sm90",
            name: name.to_string(),
            known: SM90_CONFIGS.iter().map(|c| c.name).collect::<Vec<_>>().join(", "),
        })
    }

    /// The configuration's form in clusters of two CTAs along M (`NAME_c2`: B multicast), where
    /// the registry has one. The launch API runs it where the kernel's B has rows that start half
    /// a sector off, which one CTA's TMA reads at about half speed ([`crate::staging`]).
    pub fn multicast(&self) -> Option<Sm90Header> {
        SM90_CONFIGS.iter().copied().find(|c| c.name.strip_suffix("_c2") == Some(self.name))
    }

    /// `constexpr int NAME = v;` of the header, as build.rs computed it (not parsed).
    pub(crate) fn int(&self, name: &str) -> Result<i64> {
        crate::headers::value(self.name, name)
            .and_then(|v| v.first().copied())
            .ok_or_else(|| Error::Header { config: self.name, what: format!("no `constexpr int {name}`") })
    }

    /// Row 0 of the header's table `NAME`, as build.rs computed it.
    pub(crate) fn row(&self, name: &str) -> Result<Vec<i64>> {
        crate::headers::value(self.name, name).map(<[i64]>::to_vec).ok_or_else(|| Error::Header { config: self.name, what: format!("no `{name}`") })
    }

    /// The element type of A, B, C, D and the bias (`kElementAB`, `kElementCD`: the
    /// configuration's, fp16 or bf16).
    pub fn element(&self) -> Result<ElementCode> {
        let (ab, cd) = (self.int("kElementAB")?, self.int("kElementCD")?);
        match (ElementCode::from_code(ab), ElementCode::from_code(cd)) {
            (Some(x), Some(y)) if x == y && x != ElementCode::F32 => Ok(x),
            // e4m3 (5) / e5m2 (6) A and B: the kernel builds them (K-major only, 16-bit C and D),
            // this launch API does not take 1-byte operands yet
            // tf32 (4) A and B: f32 in memory, K-major only, launched with launch_tf32
            _ if ab == 4 => Err(Error::Header {
                config: self.name,
                what: format!("kElementAB 4: a tf32 configuration (f32 A and B read as tf32, K-major only; C and D code {cd}); launch it with Sm90Gemm::launch_tf32 or Sm90Typed"),
            }),
            _ if ab == 5 || ab == 6 => Err(Error::Header {
                config: self.name,
                what: format!("kElementAB {ab}: an fp8 configuration (e4m3/e5m2 A and B, K-major only; C and D code {cd}); Sm90Gemm launches fp16 and bf16 configurations only"),
            }),
            _ if cd == 1 => Err(Error::Header {
                config: self.name,
                what: format!("kElementCD 1: an fp32-output configuration (A and B code {ab}, fp32 C, D and bias); launch it with Sm90Gemm::launch_f32cd or Sm90Typed"),
            }),
            _ => Err(Error::Header { config: self.name, what: format!("kElementAB {ab}, kElementCD {cd}: the kernel takes one 16-bit type") }),
        }
    }

    /// The fp8 format of A and B (`"e4m3"` for `kElementAB` 5, `"e5m2"` for 6); `None` for a
    /// 16-bit configuration.
    pub fn fp8(&self) -> Result<Option<&'static str>> {
        Ok(match self.int("kElementAB")? {
            5 => Some("e4m3"),
            6 => Some("e5m2"),
            _ => None,
        })
    }

    /// Whether A and B are f32 read as tf32 (`kElementAB` 4: wgmma's tf32 form, K-major only).
    pub fn tf32(&self) -> Result<bool> {
        Ok(self.int("kElementAB")? == 4)
    }

    /// Whether A and B are K-major only (`kKMajorOnly`: the fp8 and tf32 forms, and the 16-bit
    /// configurations of the K-major family such as `sm90_64x96`): the kernel has its `tn` entry
    /// point alone.
    pub fn k_major_only(&self) -> Result<bool> {
        Ok(self.int("kKMajorOnly")? != 0)
    }

    /// CTAs per cluster along M (`kClusterM`): 2 for the `_c2` configurations (B multicast), which
    /// run whole tiles (no stream-K) and no per-row / per-column scales.
    pub fn cluster_m(&self) -> Result<usize> {
        Ok(self.int("kClusterM")? as usize)
    }

    /// The element types of A and B and of C and D: the configuration's (FLOAT16 or BFLOAT16
    /// from its 16-bit element; UINT8 for fp8 A and B, FLOAT32 for tf32 ones; C and D of
    /// `kElementCD`: 16-bit, or FLOAT32 for the `_f32cd` configurations, whose C and D the kernel
    /// reads and writes without the TMA, [`Sm90Header::epi_direct`]).
    pub fn tma_elements(&self) -> Result<(TmaElement, TmaElement)> {
        let of = |code: ElementCode| match code {
            ElementCode::F16 => TmaElement::F16,
            ElementCode::Bf16 => TmaElement::Bf16,
            ElementCode::F32 => TmaElement::F32,
        };
        let cd = self.int("kElementCD")?;
        let cd = of(ElementCode::from_code(cd).ok_or_else(|| Error::Header { config: self.name, what: format!("kElementCD {cd}") })?);
        let ab = if self.fp8()?.is_some() {
            TmaElement::U8
        } else if self.tf32()? {
            TmaElement::F32
        } else {
            match ElementCode::from_code(self.int("kElementAB")?) {
                Some(e @ (ElementCode::F16 | ElementCode::Bf16)) => of(e),
                _ => return Err(Error::Header { config: self.name, what: "A and B: the sm90 GEMM reads 16-bit, fp8 or tf32 ones".to_string() }),
            }
        };
        Ok((ab, cd))
    }

    /// Whether the kernel reads C and writes D from the registers (`kEpiDirect`: 32-bit C and D,
    /// the `_f32cd` configurations), without the epilogue's shared-memory stages and TMA maps.
    pub fn epi_direct(&self) -> Result<bool> {
        Ok(self.int("kEpiDirect")? != 0)
    }

    /// The kernel's consumers (`kConsumers`): two in ping-pong, one cooperative (a TiledMMA of
    /// two warpgroups, or one of one warpgroup with the configuration's `ONE_CONSUMER`).
    pub(crate) fn consumers(&self) -> Result<i64> {
        match (self.int("kConsumers")?, self.int("kMmaWarpGroups")?) {
            (c @ (1 | 2), w @ (1 | 2)) if c * w <= 2 => Ok(c),
            (c, w) => Err(Error::Header { config: self.name, what: format!("kConsumers {c} of kMmaWarpGroups {w}, the kernel runs two consumers of one warpgroup or one of one or two") }),
        }
    }

    /// Dynamic shared memory of the kernel (every entry point): the A and B stages, each consumer's D and C
    /// stages, the 2 x kStages + consumers x (2 x kEpiStages + 3) mbarriers (the stages' full and
    /// empty ones, each consumer's C stages' full and empty ones, its turn and its bias stage's
    /// full and empty ones), each consumer's kTileN floats of column bias, and 1024 bytes to align
    /// the start (the swizzles act on address bits).
    pub fn smem_bytes(&self) -> Result<u32> {
        // sD and sC per consumer, or one buffer with ReuseSmemC; none with 32-bit C and D
        let epi = if self.epi_direct()? { 0 } else { (2 - self.int("kReuseSmemC")?) * self.int("kEpiStages")? * self.int("kEpiStageElems")? * 2 };
        let consumers = self.consumers()?;
        // the barriers: the stages' full and empty ones, per consumer its C stages' full and
        // empty ones, its turn, its sBias's full and empty, then the whole-tile stores' two; then
        // (16-byte aligned) each consumer's column bias of the tile as floats
        let b = self.int("kStages")? * (self.int("kStageBytesA")? + self.int("kStageBytesB")?)
            + consumers * epi
            + (2 * self.int("kStages")? + consumers * (2 * self.int("kEpiStages")? + 3) + 2) * 8
            + 16
            + consumers * self.int("kTileN")? * 4
            + 1024;
        Ok(b as u32)
    }

    /// The CTA tile `(kTileM, kTileN)`.
    pub fn tile(&self) -> Result<(usize, usize)> {
        Ok((self.int("kTileM")? as usize, self.int("kTileN")? as usize))
    }

    /// The NVRTC options that select this configuration's header.
    pub fn nvrtc_options(&self) -> nvrtc::Options {
        nvrtc::Options { extra: vec![format!("-DTYCUTE_SM90_CONFIG={}", self.name)], ..Default::default() }
    }

    /// The environment variable naming a directory of prebuilt CUBINs (this configuration's is
    /// `<name>.cubin` there).
    pub fn cubin_env(&self) -> String {
        crate::cubin::CUBIN_DIR_ENV.to_string()
    }

    /// The kernel's sm_90a CUBIN: `$TYCUTE_CUBIN_DIR/<name>.cubin` if the variable is set, else NVRTC's build (a spill is a
    /// warning on stderr; `None` without NVRTC).
    pub fn cubin(&self) -> Result<Option<Vec<u8>>> {
        cubin(self.name, "sm90_gemm.cu", SM90_GEMM_SOURCE, Arch::Sm90a, self.nvrtc_options().extra)
    }
}

/// Which configuration the per-shape choice (`tycute bench sm90`'s `auto`) runs at `(m, n, k)`
/// (the kernel's M and N): the cooperative 128x256 tiles, unless even the 128x128 tiles do not
/// fill the SMs once (more, smaller tiles then finish sooner), with the exceptions below. Small K included since the
/// cooperative epilogue writes a tile at once through a store warp (docs/perf-history.md, "sm90: small
/// K"): 8192x8192x256 478-485 (128x256) vs 448-451 TFLOP/s (sm90), 8192x8192x128 285 vs 278-282,
/// 2048^3 573 vs 479.
///
/// Few tiles (small M: decode, small batches), where the 128x128 tiles fill the SMs at most once,
/// the choice follows the sweep's measurements (2026-11-27, H100, the 79 shapes with M <= 256 of
/// `bench/shapes.txt`, each in both configurations; docs/perf.md "The shape sweep"):
/// * M <= 32 and K >= 2048 (memory-bound: reading B is the work): 128x256 tiles, split along K by
///   the stream-K tail where they are fewer than the SMs ([`Sm90Schedule::plan`]); the cooperative
///   kernel keeps more bytes in flight per SM. 1x4096x11008: 1.6 against 1.2 TFLOP/s,
///   16x8192x28672: 43 against 29.
/// * M > 32: the split 128x256 tiles where the tiles are long (K >= 10240: 160 k-blocks or more)
///   and the split runs at least as many CTAs as the 128x128 tiles would (the MLP down
///   projections: 128x4096x14336 225 against 178 TFLOP/s); otherwise the 128x128 tiles, whole
///   (with K = 4096-8192 the split's partial sums cost more than its extra SMs bring:
///   128x6144x4096 198 against 165).
///
/// Over those 79 shapes: 0.83x cuBLAS in geometric mean against 0.74x for the rule before (the
/// best of the three forms measured, shape by shape: 0.83x).
///
/// Many tiles above 128 rows take the 128x192 tiles instead of the 128x256 ones where those fill
/// the last wave better (`fits_the_wave_192`, 2026-11-28, fourth session).
///
/// Then, for a single wave (2026-11-28, the same 134 lines with each configuration forced;
/// docs/perf.md "128x64 tiles"): where even the 128x64 tiles fit the SMs in one wave and the
/// 128x128 tiles would leave half of them idle, with M > 64 (below, the skinny kernel and the
/// split along K win), N >= 512 and K a multiple of 16 (rows of whole 32-byte sectors), the
/// 128x64 tiles ([`SM90_128X64`]: twice the CTAs, 8 stages): 128x4096x4096 200 against 146
/// TFLOP/s, 256x4096x4096 391 against 287, 128x5120x5120 244 against 181, 1024^3 214 against 182.
/// And with M > 32, where one wave of 64x64 tiles fits the SMs (above 64 rows with N >= 512), the
/// 64x64 tiles ([`SM90_64X64`]: no half box of rows past M, which the TMA fills with zeros at a
/// cost, 12 stages, twice the CTAs of the 128x64 tiles): 64x4096x4096 110 against the skinny
/// kernel's 82, 64x8192x8192 165 against 139, 64x4096x14336 144 against split-K's 123 (cuBLAS
/// 126, 168, 152); at M = 128 (2026-11-28, second session, as the fp8 tiles showed first)
/// 128x4096x4096 0.91 of cuBLAS against the 128x64 tiles' 0.82, 128x4096x11008 0.96 against
/// 0.87, 128x4096x14336 1.03 against 0.96.
pub fn pick((m, n, k): (usize, usize, usize), batch: usize, sms: usize) -> Sm90Header {
    let tiles_128 = m.div_ceil(128) * n.div_ceil(128) * batch;
    if tiles_128 > sms {
        return if fits_the_wave_192((m, n, k), batch, sms) { SM90_128X192 } else { SM90_128X256 };
    }
    if m > 32 && one_wave_64x64((m, n), batch, sms) {
        return SM90_64X64;
    }
    let tiles_64 = m.div_ceil(128) * n.div_ceil(64) * batch;
    if tiles_64 <= sms && 2 * tiles_128 <= sms && m > 64 && n >= 512 && k % 16 == 0 {
        return SM90_128X64;
    }
    // k-blocks of kTileK = 64 (the 16-bit configurations')
    let kt = k.div_ceil(64);
    let plan = Sm90Schedule::plan(m.div_ceil(128) * n.div_ceil(256) * batch, kt, sms, true);
    let long_split = kt >= 160 && plan.split > 0 && plan.sk_tiles * plan.split >= tiles_128;
    if (m <= 32 && kt >= 32) || long_split {
        SM90_128X256
    } else {
        SM90
    }
}

/// Where [`pick`] gives cooperative tiles, whether the 128x192 ones ([`SM90_128X192`]) beat the
/// 128x256 ones: above 128 rows, when the stream-K schedule of the 128x192 tiles is, by
/// [`Sm90Schedule::length`] (k-blocks in rounds, the split tail by its cost model), at least 5 %
/// shorter than that of the 128x256 tiles, a 128x192 k-block counting three quarters of a
/// 128x256 one. Measured on the H200 (2026-11-28, docs/perf.md "128x192 tiles for the last
/// wave": both forms forced on the sweep's 74 many-tile lines), each line's speed ratio
/// was about 0.96 of the model's, for model ratios of 0.67 to 1.33. Where the model gives 5 % or
/// more: 256x10240x8192 1.27, 256x12288x4096 1.17, 2047x3001x1024 1.15, 3072^3 1.11,
/// 1024x15360x5120 1.06, 1024x6144x4096 1.03-1.08, 256x28672x8192 1.04, 4097x4097x4096 1.02,
/// against 0.97-0.99 at 5000x3000x2000 and 256x28672x4096. At 128 rows or fewer the model does not
/// hold (the k-loop streams B): 128x22016x4096 1.01-1.03 where it gives 1.33, 64x22016x4096 0.94.
fn fits_the_wave_192((m, n, k): (usize, usize, usize), batch: usize, sms: usize) -> bool {
    if m <= 128 {
        return false;
    }
    let kt = k.div_ceil(64);
    let length = |bn: usize| {
        let tiles = m.div_ceil(128) * n.div_ceil(bn) * batch;
        Sm90Schedule::plan(tiles, kt, sms, true).length(tiles, kt)
    };
    // 128x256 k-blocks at 4 units, 128x192 ones at 3; 5 % shorter
    100 * 4 * length(256) >= 105 * 3 * length(192)
}

/// Whether the 64x64 tiles of `(m, n)` (`batch` problems) run in one wave on `sms` SMs, and the
/// problem is one they win: up to 64 rows any N; above, N >= 512 (at 256x256x256 four 128x128
/// tiles ran 1.6 times as fast as sixteen 64x64 ones: their fixed cost is more than the work).
fn one_wave_64x64((m, n): (usize, usize), batch: usize, sms: usize) -> bool {
    m.div_ceil(64) * n.div_ceil(64) * batch <= sms && (m <= 64 || n >= 512)
}

/// [`pick_on`](crate::sm90::pick_on) `gpu` among the configurations of element type `e`: fp16
/// `sm90` / `sm90_128x256` / `sm90_128x192` / `sm90_128x64` / `sm90_64x64`, bf16 the same names
/// with `_bf16` (the same tiles).
pub fn pick_of(shape: (usize, usize, usize), batch: usize, gpu: crate::sm90::Sm90Gpu, e: ElementCode) -> Result<Sm90Header> {
    of_element(crate::sm90::pick_on(shape, batch, gpu), e)
}

/// [`pick_of`] for A and B both K-major: [`pick_on_tn`](crate::sm90::pick_on_tn)'s configuration
/// (the K-major-only `sm90_64x96` and `sm90_128x96` weighed too) of element type `e`.
pub fn pick_of_tn(shape: (usize, usize, usize), batch: usize, gpu: crate::sm90::Sm90Gpu, e: ElementCode) -> Result<Sm90Header> {
    of_element(crate::sm90::pick_on_tn(shape, batch, gpu), e)
}

/// The configuration of element type `e` with the tiles of fp16 configuration `fp16`.
fn of_element(fp16: Sm90Header, e: ElementCode) -> Result<Sm90Header> {
    match e {
        ElementCode::F16 => Ok(fp16),
        ElementCode::Bf16 => Sm90Header::named(&format!("{}_bf16", fp16.name)),
        ElementCode::F32 => Err(unsupported("the sm90 GEMM takes fp16 or bf16 elements, not fp32".to_string())),
    }
}

/// [`pick`] for fp8 A and B of format `fp8` (`"e4m3"` or `"e5m2"`): the e4m3 configurations of the
/// same tiles (`sm90_128x256_e4m3`, `sm90_128x128_e4m3`, `sm90_128x64_e4m3`, `sm90_64x64_e4m3`):
/// where one wave of 64x64 tiles fits the SMs (above 64 rows with N >= 512, as in [`pick`]), those (measured on the H100 with each configuration
/// forced on the sweep's 75 lines with M <= 256, docs/perf.md "fp8 for few tiles": at M = 128
/// and N = 4096 the 64x64 tiles ran 0.90-0.92 of cuBLASLt where the 128x64 ones ran 0.83-0.88,
/// and below 33 rows, where the decode-sized kernel does not take a problem, they lead);
/// otherwise as [`pick`] chooses for the 16-bit problem of the same bytes (K / 2 16-bit
/// elements: a k-block of 128 one-byte elements is a 128-byte row, as one of 64 halves is).
/// Where `pick` gives the 128x192 tiles for the last wave and the ping-pong tiles do not win,
/// `sm90_128x192_e4m3` (256x10240x8192 and 256x12288x4096 on the H200: docs/perf.md "128x192 tiles
/// for the last wave").
/// e5m2 has the cooperative 128x256 configuration alone (`sm90_128x256_e5m2`: a training format,
/// whose GEMMs are large).
pub fn pick_fp8((m, n, k): (usize, usize, usize), batch: usize, sms: usize, fp8: &str) -> Result<Sm90Header> {
    let name = match fp8 {
        "e5m2" => "sm90_128x256_e5m2",
        "e4m3" if one_wave_64x64((m, n), batch, sms) => "sm90_64x64_e4m3",
        "e4m3" => match pick((m, n, k.div_ceil(2)), batch, sms) {
            SM90 => "sm90_128x128_e4m3",
            SM90_128X64 => "sm90_128x64_e4m3",
            SM90_64X64 => "sm90_64x64_e4m3",
            _ if fp8_ping_pong((m, n, k), batch, sms) => "sm90_128x128_e4m3",
            SM90_128X192 => "sm90_128x192_e4m3",
            _ => "sm90_128x256_e4m3",
        },
        other => return Err(unsupported(format!("the sm90 fp8 configurations take e4m3 or e5m2, not {other}"))),
    };
    Sm90Header::named(name)
}

/// Where `pick` gives the cooperative 128x256 tiles, whether fp8 runs faster on the ping-pong
/// 128x128 ones, whose consumers overlap one tile's epilogue with the other's mainloop: an fp8
/// k-block is twice the work of a 16-bit one in the same time, so the epilogue weighs twice as
/// much. Measured on the H100 (docs/perf.md, "fp8: ping-pong tiles for short K"), each form
/// forced on the sweep's 55 many-tile lines: short K in whole 128-byte rows (K <= 2048, a
/// multiple of 64) within 8 waves of 128x256 tiles (4096x4096x512 1.08 against 1.02 of cuBLASLt,
/// 5120x5120x1024 1.03 against 0.97, 2048^3 0.93 against 0.89; at 8192x8192x256 and x512, 16
/// waves, the 128x256 tiles kept 4-5 % ahead in the sweep after), and K <= 4096 where the 128x256
/// tiles would end in a stream-K tail after fewer than three waves (256x22016x4096 0.95 against
/// 0.81, 1024x6144x4096 0.95 against 0.84, 3072^3 0.86 against 0.79); elsewhere the 128x256 tiles
/// lead (4096^3 0.98 against 0.91, 1024x22016x4096, five waves, 0.98 against 0.93).
fn fp8_ping_pong((m, n, k): (usize, usize, usize), batch: usize, sms: usize) -> bool {
    let tiles = m.div_ceil(128) * n.div_ceil(256) * batch;
    let tail = Sm90Schedule::plan(tiles, k.div_ceil(128), sms, true).sk_tiles > 0;
    (k <= 2048 && k % 64 == 0 && tiles <= 8 * sms) || (k <= 4096 && tail && tiles <= 3 * sms)
}

/// The shapes the sm90 kernel takes: any M, N, K >= 1, each below 2^31 (the TMA's signed 32-bit
/// coordinates). K need not be a multiple of 8: the TMA fills the last k-block's columns past K
/// with zeros. The leading dimensions and batch strides are [`Sm90Strides::check`](super::Sm90Strides::check)'s (multiples of
/// 16 bytes, so a packed fp16 A (lda = K) needs K a multiple of 8; `Sm90Gemm::launch_staged`
/// takes any).
pub fn shape_ok(m: usize, n: usize, k: usize) -> Result<()> {
    let max = i32::MAX as usize;
    if m == 0 || n == 0 || k == 0 || m > max || n > max || k > max {
        return Err(unsupported(format!("the sm90 GEMM takes M, N, K >= 1, each below 2^31, not {m}x{n}x{k}")));
    }
    Ok(())
}

/// The kernel's entry points by the majors of its A and B: `(name, A MN-major, B MN-major)`.
pub const LAYOUTS: [(&str, bool, bool); 4] = [("sm90_gemm_tn", false, false), ("sm90_gemm_nt", true, true), ("sm90_gemm_nn", true, false), ("sm90_gemm_tt", false, true)];

/// The header values a launch needs: the TMA boxes `{inner, outer}` of A K-major, A MN-major, B
/// K-major, B MN-major, C, D and the swizzle modes of A, B, C, D, the CTA tile, the threads of a block.
#[derive(Clone, Debug)]
pub(crate) struct LaunchParams {
    pub(crate) boxes: [(u32, u32); 6],
    pub(crate) swizzles: [i64; 4],
    pub(crate) tile: (usize, usize),
    pub(crate) block_threads: u32,
    /// CTAs per cluster along M (the TMA load of B multicast to them).
    pub(crate) cluster_m: usize,
    /// Floats of one CTA's stream-K partial tile: kAccumulators of each of the consumer's kThreads.
    pub(crate) slot_floats: usize,
    /// The k-block, kTileK.
    pub(crate) tile_k: usize,
    /// A and B K-major only (`kKMajorOnly`): the `tn` entry point alone, no MN-major boxes.
    pub(crate) k_major_only: bool,
    /// Whether the kernel walks stream-K schedules: the cooperative schedule (one consumer) only.
    pub(crate) stream_k: bool,
    /// 32-bit C and D, read and written by the threads (`kEpiDirect`): C's address and strides
    /// go in the kernel's `tma_c` parameter, no map of C or D.
    pub(crate) epi_direct: bool,
}

impl LaunchParams {
    pub(crate) fn of(cf: &Sm90Header) -> Result<LaunchParams> {
        let mut boxes = [(0, 0); 6];
        let mut swizzles = [0; 4];
        // an fp8 or tf32 configuration has the K-major entry point alone: no MN-major boxes (left
        // 0x0, never used: launch_fp8 and launch_tf32 refuse MN-major operands)
        let k_major_only = cf.k_major_only()?;
        for (i, x) in ["A_K", "A_MN", "B_K", "B_MN", "C", "D"].iter().enumerate() {
            if k_major_only && x.ends_with("_MN") {
                continue;
            }
            let b = cf.row(&format!("kTmaBox{x}"))?;
            if b.len() != 2 {
                return Err(Error::Header { config: cf.name, what: format!("kTmaBox{x} is not {{inner, outer}}") });
            }
            boxes[i] = (b[0] as u32, b[1] as u32);
        }
        for (i, x) in ["A", "B", "C", "D"].iter().enumerate() {
            swizzles[i] = cf.int(&format!("kTmaSwizzle{x}"))?;
        }
        let block_threads = PRODUCER_THREADS + cf.consumers()? as u32 * cf.int("kThreads")? as u32;
        let cluster_m = cf.int("kClusterM")? as usize;
        if !(1..=2).contains(&cluster_m) {
            return Err(Error::Header { config: cf.name, what: format!("kClusterM {cluster_m}, the host launches clusters of 1 or 2") });
        }
        let slot_floats = (cf.int("kAccumulators")? * cf.int("kThreads")?) as usize;
        let tile_k = cf.int("kTileK")? as usize;
        let stream_k = cf.consumers()? == 1;
        let epi_direct = cf.epi_direct()?;
        Ok(LaunchParams { boxes, swizzles, tile: cf.tile()?, block_threads, cluster_m, slot_floats, tile_k, stream_k, epi_direct, k_major_only })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_f32cd_configurations_store_fp32_from_the_registers() {
        for (name, ab) in [
            ("sm90_128x256_f32cd", TmaElement::F16),
            ("sm90_128x256_bf16_f32cd", TmaElement::Bf16),
            ("sm90_128x256_e4m3_f32cd", TmaElement::U8),
            ("sm90_128x256_tf32_f32cd", TmaElement::F32),
        ] {
            let cf = Sm90Header::named(name).unwrap();
            assert_eq!(cf.tma_elements().unwrap(), (ab, TmaElement::F32), "{name}");
            assert!(cf.epi_direct().unwrap() && LaunchParams::of(&cf).unwrap().epi_direct, "{name}");
            // no epilogue stages: 32 KiB less than the 16-bit base
            let base = Sm90Header::named(name.trim_end_matches("_f32cd")).unwrap();
            assert!(!base.epi_direct().unwrap(), "{name}");
            assert_eq!(base.smem_bytes().unwrap() - cf.smem_bytes().unwrap(), 32768, "{name}");
            // the 16-bit launches' element() names the fp32 launch
            assert!(cf.element().unwrap_err().to_string().contains("launch_f32cd") || cf.fp8().unwrap().is_some() || cf.tf32().unwrap(), "{name}");
        }
    }
}
