//! The sm90 GEMM (`kernels/sm90_gemm.cu`, every index from `sm90.h`) on the GPU: its launch (TMA
//! descriptors from the header's boxes and swizzles), a check against an f64 CPU reference, and a
//! timing beside cuBLAS. Used by `tests/gpu_sm90.rs`.

use std::sync::Arc;

use tycute_cuda::cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DevicePtr, DevicePtrMut, LaunchConfig, PushKernelArg};
use tycute_cuda::cudarc::nvrtc::Ptx;
use tycute_cuda::tma::TensorMap;

/// `kernels/sm90_gemm.cu`.
pub const KERNEL: &str = include_str!("../kernels/sm90_gemm.cu");

/// Threads of the producer warpgroup (the kernel's `kProducerThreads`); the consumers are two
/// warpgroups: two consumers of the header's `kThreads` = 128 (ping-pong) or one of 256
/// (cooperative).
const PRODUCER_THREADS: u32 = 128;

/// An sm90 configuration the kernel is built for: `kernels/sm90_gemm.cu` with
/// `-DTYCUTE_SM90_CONFIG=NAME` includes `NAME.h` (written from the type `tycute_configs::NAME`),
/// and the host reads the same header's values (boxes, swizzles, tile, threads) as build.rs
/// computed them (`tycute::headers::value`), not by parsing the C++.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm90Config {
    /// `sm90`, `sm90_128x256` or `sm90_reuse_c`.
    pub name: &'static str,
}

/// `sm90`: 128x128x64 tiles, two consumer warpgroups of `wgmma.m64n128k16` in ping-pong.
pub const SM90: Sm90Config = Sm90Config { name: "sm90" };
/// `sm90_128x256`: 128x256x64 tiles, two warpgroups of `wgmma.m64n256k16` cooperating on each.
pub const SM90_128X256: Sm90Config = Sm90Config { name: "sm90_128x256" };
/// `sm90_reuse_c`: `sm90` with ReuseSmemC (D stored through C's epilogue stages).
pub const SM90_REUSE_C: Sm90Config = Sm90Config { name: "sm90_reuse_c" };
/// Every sm90 configuration.
pub const SM90_CONFIGS: &[Sm90Config] = &[SM90, SM90_128X256, SM90_REUSE_C];

impl Sm90Config {
    /// The configuration `name` (one of [`SM90_CONFIGS`]).
    pub fn named(name: &str) -> Result<Sm90Config, String> {
        SM90_CONFIGS.iter().copied().find(|c| c.name == name).ok_or_else(|| {
            format!("no sm90 configuration `{name}` (there are: {})", SM90_CONFIGS.iter().map(|c| c.name).collect::<Vec<_>>().join(", "))
        })
    }

    /// `constexpr int NAME = v;` of the header, as build.rs computed it (not parsed).
    fn int(&self, name: &str) -> Result<i64, String> {
        crate::headers::value(self.name, name)
            .and_then(|v| v.first().copied())
            .ok_or_else(|| format!("{}.h has no `constexpr int {name}`", self.name))
    }

    /// Row 0 of the header's table `NAME`, as build.rs computed it.
    fn row(&self, name: &str) -> Result<Vec<i64>, String> {
        crate::headers::value(self.name, name).map(<[i64]>::to_vec).ok_or_else(|| format!("{}.h has no `{name}`", self.name))
    }

    /// The kernel's consumers: 2 / `kMmaWarpGroups` (two in ping-pong, one cooperative).
    fn consumers(&self) -> Result<i64, String> {
        match self.int("kMmaWarpGroups")? {
            w @ (1 | 2) => Ok(2 / w),
            w => Err(format!("{}.h: kMmaWarpGroups {w}, the kernel runs 1 or 2", self.name)),
        }
    }

    /// Dynamic shared memory of the kernel (every entry point): the A and B stages, each consumer's D and C
    /// stages, the 2 x kStages + consumers x (2 x kEpiStages + 3) mbarriers (the stages' full and
    /// empty ones, each consumer's C stages' full and empty ones, its turn and its bias stage's
    /// full and empty ones), each consumer's kTileN floats of column bias, and 1024 bytes to align
    /// the start (the swizzles act on address bits).
    pub fn smem_bytes(&self) -> Result<u32, String> {
        // sD and sC per consumer, or one buffer with ReuseSmemC
        let epi = (2 - self.int("kReuseSmemC")?) * self.int("kEpiStages")? * self.int("kEpiStageElems")? * 2;
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
    pub fn tile(&self) -> Result<(usize, usize), String> {
        Ok((self.int("kTileM")? as usize, self.int("kTileN")? as usize))
    }

    /// The NVRTC options that select this configuration's header.
    pub fn nvrtc_options(&self) -> tycute_cuda::nvrtc::Options {
        tycute_cuda::nvrtc::Options { extra: vec![format!("-DTYCUTE_SM90_CONFIG={}", self.name)], ..Default::default() }
    }

    /// The environment variable naming a prebuilt CUBIN of this configuration:
    /// `TYCUTE_SM90_CUBIN`, `TYCUTE_SM90_128X256_CUBIN`.
    pub fn cubin_env(&self) -> String {
        format!("TYCUTE_{}_CUBIN", self.name.to_uppercase())
    }

    /// The kernel's sm_90a CUBIN: the file `cubin_env()` names, else NVRTC's build (a spill is a
    /// warning on stderr; `None` without NVRTC).
    pub fn cubin(&self) -> Result<Option<Vec<u8>>, String> {
        use tycute_cuda::nvrtc;
        let env = self.cubin_env();
        if let Some(path) = std::env::var_os(&env) {
            return std::fs::read(&path).map(Some).map_err(|e| format!("{env}={}: {e}", path.to_string_lossy()));
        }
        if !nvrtc::available() {
            return Ok(None);
        }
        nvrtc::compile_to_run("sm90_gemm.cu", KERNEL, crate::headers::HEADERS, nvrtc::Arch::Sm90a, self.nvrtc_options().extra)
            .map(|c| Some(c.image))
            .map_err(|e| e.to_string())
    }
}

/// Which configuration the per-shape choice (`tycute bench sm90`'s `auto`) runs at `(m, n, k)`
/// (the kernel's M and N): the cooperative 128x256 tiles, unless even the 128x128 tiles do not
/// fill the SMs once (more, smaller tiles then finish sooner). Small K included since the
/// cooperative epilogue writes a tile at once through a store warp (docs/perf.md, "sm90: small
/// K"): 8192x8192x256 478-485 (128x256) vs 448-451 TFLOP/s (sm90), 8192x8192x128 285 vs 278-282,
/// 2048^3 573 vs 479.
pub fn pick((m, n, _k): (usize, usize, usize), batch: usize, sms: usize) -> Sm90Config {
    let tiles_128 = m.div_ceil(128) * n.div_ceil(128) * batch;
    if tiles_128 <= sms {
        SM90
    } else {
        SM90_128X256
    }
}

/// The shapes the sm90 kernel takes: any M, N >= 1 and K >= 1 a multiple of 8 (the TMA's global
/// strides are multiples of 16 bytes), each below 2^31 (the TMA's signed 32-bit coordinates). The
/// leading dimensions and batch strides are [`Sm90Strides::check`]'s.
pub fn shape_ok(m: usize, n: usize, k: usize) -> Result<(), String> {
    let max = i32::MAX as usize;
    if m == 0 || n == 0 || k == 0 || k % 8 != 0 || m > max || n > max || k > max {
        return Err(format!("the sm90 GEMM takes M, N >= 1 and K >= 1 a multiple of 8 (16-byte TMA rows), each below 2^31, not {m}x{n}x{k}"));
    }
    Ok(())
}

/// How a matrix is stored: `Row`-major (rows `ld` elements apart) or `Col`-major (columns `ld`
/// elements apart). A (m,k) and B (n,k) `Row`-major are K-major, `Col`-major M- and N-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Row-major.
    Row,
    /// Column-major.
    Col,
}

/// Leading dimensions, batch and layouts of one sm90 launch, all in elements (halves).
/// Unlike the sm80 [`crate::gpu_check::GemmStrides`] (column-major f32 C/D) C and D are halves of
/// either order, and so are A and B (all four layouts of A and B: one kernel entry point each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sm90Strides {
    /// Row stride (`a` = `Row`: at least k) or column stride (`Col`: at least m) of A (m,k); a multiple of 8.
    pub lda: usize,
    /// Row stride (`b` = `Row`: at least k) or column stride (`Col`: at least n) of B (n,k); a multiple of 8.
    pub ldb: usize,
    /// Row stride (`cd` = `Row`: at least n) or column stride (`Col`: at least m) of C; a multiple of 8.
    pub ldc: usize,
    /// As `ldc`, of D.
    pub ldd: usize,
    /// How many GEMMs (1 to 2^31 - 1; with the tiles of all of them below 2^31).
    pub batch: usize,
    /// Elements from one A to the next (a multiple of 8; 0 shares one A).
    pub batch_a: usize,
    /// Elements from one B to the next (a multiple of 8; 0 shares one B).
    pub batch_b: usize,
    /// Elements from one C to the next (a multiple of 8; 0 shares one C).
    pub batch_c: usize,
    /// Elements from one D to the next (a multiple of 8; the Ds may not overlap).
    pub batch_d: usize,
    /// The order of A (m,k): `Row` (K-major) or `Col` (M-major).
    pub a: Order,
    /// The order of B (n,k): `Row` (K-major) or `Col` (N-major).
    pub b: Order,
    /// The order of C and D (m,n): `Row` (the kernel's) or `Col` (D^T = B A^T on the same kernel).
    pub cd: Order,
}

impl Sm90Strides {
    /// `batch` packed problems of shape `(m, n, k)`, A and B K-major, C and D row-major: lda = ldb
    /// = k, ldc = ldd = n, each matrix right after the previous one.
    pub fn packed((m, n, k): (usize, usize, usize), batch: usize) -> Sm90Strides {
        Sm90Strides { lda: k, ldb: k, ldc: n, ldd: n, batch, batch_a: m * k, batch_b: n * k, batch_c: m * n, batch_d: m * n, a: Order::Row, b: Order::Row, cd: Order::Row }
    }

    /// As [`Sm90Strides::packed`] with C and D column-major (ldc = ldd = m).
    pub fn packed_col((m, n, k): (usize, usize, usize), batch: usize) -> Sm90Strides {
        Sm90Strides::packed_layout((m, n, k), batch, Order::Row, Order::Row, Order::Col)
    }

    /// As [`Sm90Strides::packed`] with A and B in the orders given (lda = k or m, ldb = k or n).
    pub fn packed_ab(shape: (usize, usize, usize), batch: usize, a: Order, b: Order) -> Sm90Strides {
        Sm90Strides::packed_layout(shape, batch, a, b, Order::Row)
    }

    /// `batch` packed problems with A, B and C/D in the orders given: each leading dimension the
    /// extent of its contiguous dimension, each matrix right after the previous one.
    pub fn packed_layout((m, n, k): (usize, usize, usize), batch: usize, a: Order, b: Order, cd: Order) -> Sm90Strides {
        let (lda, ldb, ldcd) = (dims(a, (m, k)).1, dims(b, (n, k)).1, dims(cd, (m, n)).1);
        Sm90Strides { lda, ldb, ldc: ldcd, ldd: ldcd, a, b, cd, ..Sm90Strides::packed((m, n, k), batch) }
    }

    /// (rows, cols) of C and D as stored: (m, n) row-major, (n, m) column-major.
    fn cd_dims(&self, (m, n): (usize, usize)) -> (usize, usize) {
        dims(self.cd, (m, n))
    }

    /// Elements a buffer must hold for `rows` rows of `len` elements `ld` apart, `self.batch`
    /// times `stride` apart.
    pub fn extent(&self, rows: usize, len: usize, ld: usize, stride: usize) -> usize {
        (self.batch - 1) * stride + (rows - 1) * ld + len
    }

    /// Elements the buffers of A, B, C and D must hold for shape `(m, n, k)`.
    pub fn extents(&self, (m, n, k): (usize, usize, usize)) -> [usize; 4] {
        let (r, c) = self.cd_dims((m, n));
        let (ar, ac) = dims(self.a, (m, k));
        let (br, bc) = dims(self.b, (n, k));
        [self.extent(ar, ac, self.lda, self.batch_a), self.extent(br, bc, self.ldb, self.batch_b), self.extent(r, c, self.ldc, self.batch_c), self.extent(r, c, self.ldd, self.batch_d)]
    }

    /// Whether the sm90 kernel takes these strides for shape `(m, n, k)`; `Err` says why not.
    pub fn check(&self, (m, n, k): (usize, usize, usize)) -> Result<(), String> {
        shape_ok(m, n, k)?;
        if self.a == Order::Col && m % 8 != 0 || self.b == Order::Col && n % 8 != 0 {
            return Err(format!(
                "a column-major (M-major) A needs M, a column-major (N-major) B N a multiple of 8 (the TMA reads 16-byte units along the contiguous dimension), not {m}x{n}x{k} with A {:?}, B {:?}",
                self.a, self.b
            ));
        }
        let (rows, cols) = self.cd_dims((m, n));
        let (acols, bcols) = (dims(self.a, (m, k)).1, dims(self.b, (n, k)).1);
        if self.lda < acols || self.ldb < bcols || self.ldc < cols || self.ldd < cols {
            return Err(format!(
                "leading dimensions lda {}, ldb {}, ldc {}, ldd {} are smaller than the shape {m}x{n}x{k} ({:?}-major A, {:?}-major B, {:?}-major C/D)",
                self.lda, self.ldb, self.ldc, self.ldd, self.a, self.b, self.cd
            ));
        }
        // the batch strides are only used (as the maps' third stride) with more than one problem
        let zs = if self.batch > 1 { [self.batch_a, self.batch_b, self.batch_c, self.batch_d] } else { [0; 4] };
        let all = [self.lda, self.ldb, self.ldc, self.ldd, zs[0], zs[1], zs[2], zs[3]];
        if all.iter().any(|x| x % 8 != 0) {
            return Err(format!(
                "the leading dimensions and batch strides must be multiples of 8 halves (16-byte TMA strides), not lda {}, ldb {}, ldc {}, ldd {}, batch strides {}, {}, {}, {}",
                self.lda, self.ldb, self.ldc, self.ldd, self.batch_a, self.batch_b, self.batch_c, self.batch_d
            ));
        }
        if all.iter().any(|&x| (x as u64) * 2 >= 1 << 40) {
            return Err(format!("a leading dimension or batch stride of {self:?} reaches 2^40 bytes (the TMA's stride limit)"));
        }
        let max = i32::MAX as usize;
        let tiles = m.div_ceil(128) * n.div_ceil(128);
        if self.batch == 0 || self.batch > max || tiles.checked_mul(self.batch).and_then(|t| t.checked_mul(k.div_ceil(64))).is_none_or(|t| t > max) {
            return Err(format!("batch {} of {m}x{n}x{k}: the batch must be at least 1 and tiles x batch x k-blocks below 2^31 (the kernel's 32-bit tile and stage counters)", self.batch));
        }
        let one_d = (rows - 1) * self.ldd + cols;
        if self.batch > 1 && self.batch_d < one_d {
            return Err(format!("batch_d {} is smaller than one D ({one_d} elements): the Ds would overlap", self.batch_d));
        }
        Ok(())
    }
}

/// (rows, cols) of an `(r, c)` matrix as stored in `order`: `(r, c)` row-major, `(c, r)` column-major.
fn dims(order: Order, (r, c): (usize, usize)) -> (usize, usize) {
    match order {
        Order::Row => (r, c),
        Order::Col => (c, r),
    }
}

/// cuBLAS's name for an operand's order: a row-major A (m,k) or B (n,k) is K-major.
fn major(o: Order) -> crate::gpu_check::Major {
    match o {
        Order::Row => crate::gpu_check::Major::K,
        Order::Col => crate::gpu_check::Major::MN,
    }
}

/// A bias vector (fp16 halves on the device) the epilogue adds: `D = alpha * A * B^T + beta * C +
/// bias`, in f32 before D's rounding to half. `Row(v)`: `D(i, j) += v[i]` (one value per row, M
/// long); `Col(v)`: `D(i, j) += v[j]` (N long). With a batch the vector is either one for the
/// whole batch (length M, resp. N) or one per problem, packed (length batch x M, resp. batch x N:
/// problem z reads `v[z * M ..]`). Rows and columns are those of D (m,n) whatever its order:
/// column-major C/D run as D^T = B A^T, where a `Row` bias is the kernel's per-column one.
#[derive(Clone, Copy, Debug, Default)]
pub enum Bias<'a> {
    /// No bias.
    #[default]
    None,
    /// One value per row `i < m` of D.
    Row(&'a CudaSlice<u16>),
    /// One value per column `j < n` of D.
    Col(&'a CudaSlice<u16>),
}

impl Bias<'_> {
    /// The kernel's `(bias_mode, bias_batch)` for shape `(m, n)` and `batch` problems of C/D order
    /// `cd` (1: per row of the kernel's problem, 2: per column; the batch stride in halves), or
    /// why the vector's length does not fit.
    fn mode(&self, (m, n): (usize, usize), batch: usize, cd: Order) -> Result<(i32, i64), String> {
        match self {
            Bias::None => Ok((0, 0)),
            Bias::Row(v) => bias_mode(true, v.len(), (m, n), batch, cd),
            Bias::Col(v) => bias_mode(false, v.len(), (m, n), batch, cd),
        }
    }
}

/// [`Bias::mode`] of a `row` (else column) vector of `vlen` halves.
fn bias_mode(row: bool, vlen: usize, (m, n): (usize, usize), batch: usize, cd: Order) -> Result<(i32, i64), String> {
    {
        let (len, what) = if row { (m, "Row (one value per row, m)") } else { (n, "Col (one value per column, n)") };
        let stride = if vlen == len {
            0
        } else if batch > 1 && vlen == batch * len {
            len as i64
        } else {
            return Err(format!(
                "bias {what}: {vlen} halves, want {len} (one vector for the batch){}",
                if batch > 1 { format!(" or {} (one per problem of the batch of {batch})", batch * len) } else { String::new() }
            ));
        };
        // the kernel's problem is D^T for column-major C/D: rows and columns swap
        Ok((if row == (cd == Order::Row) { 1 } else { 2 }, stride))
    }
}

/// The sm90 kernel of one configuration, loaded (its four entry points).
pub struct Sm90Gemm {
    ctx: Arc<CudaContext>,
    _module: Arc<CudaModule>,
    /// The entry points `sm90_gemm_tn`, `_nt`, `_nn`, `_tt` (A, B K-major or MN-major: [`LAYOUTS`]).
    f: [CudaFunction; 4],
    smem: u32,
    /// The GPU's SMs: the persistent kernel runs at most one CTA on each.
    sms: usize,
    /// The SMs at load (at most `TYCUTE_SM90_MAX_CTAS`), the most [`Sm90Gemm::limit_sms`] allows.
    max_sms: usize,
    /// The GPU's L2 bytes: a D larger than it is stored with an evict-first hint.
    l2_bytes: usize,
    /// The configuration the CUBIN was built for.
    pub config: Sm90Config,
    /// Its launch values, read from the header once (a launch reads none of the header's text).
    p: LaunchParams,
    /// Whether a launch may cut the tiles of its last waves along K ([`Sm90Schedule`]); on by
    /// default, off for measuring what it brings.
    pub stream_k: bool,
    /// The stream-K forms a launch may take ([`SkForm::Auto`], or `TYCUTE_SM90_SK=line|split`).
    pub sk_form: SkForm,
    /// The stream-K partial sums (one slot per CTA) and flags (zero between launches: the unit
    /// that reads a slot lowers its flag), per stream.
    workspaces: crate::gpu_check::SkWorkspaces,
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
    /// the tiles have at least [`MIN_SK_KBLOCKS`] k-blocks. Then stream-K, in one of two forms.
    /// * The split tail ([`Sm90Schedule::plan_split`]): the partial wave's tiles, each cut into S
    ///   equal ranges of k-blocks (S from 2 to 8, at least 4 k-blocks each, at most `sms` CTAs in
    ///   all), S chosen by a cost model: `kt / S` k-blocks plus, for the head, S - 1 partial tiles
    ///   and an epilogue, when that beats a whole tile's `kt`. All splits of all tiles run the same
    ///   k offsets together, so they share the L2 as whole tiles do.
    /// * Otherwise the line ([`Sm90Schedule::plan_line`]), from three full waves on.
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
            SkForm::Auto => split.or(line).unwrap_or(whole),
        }
    }

    /// The split tail of `tiles` tiles of `kt` k-blocks on `sms` SMs, if the cost model finds a
    /// split count that pays ([`Sm90Schedule::plan`]).
    pub fn plan_split(tiles: usize, kt: usize, sms: usize) -> Option<Sm90Schedule> {
        let r = tiles % sms.max(1);
        if r == 0 {
            return None;
        }
        let cost = |s: usize| 10 * kt.div_ceil(s) + (s - 1) * SLOT_KBLOCKS + EPI_KBLOCKS;
        let best = (2..=(sms / r).min(kt / 4).min(8)).min_by_key(|&s| cost(s))?;
        (cost(best) < 10 * kt).then_some(Sm90Schedule { grid: sms, sk_tiles: r, split: best })
    }

    /// The line form of `tiles` tiles on `sms` SMs, from three full waves on: the last full wave
    /// and the partial one (`tiles % sms + sms` tiles, so each CTA's range is a tile or more and a
    /// tile meets at most two CTAs), after the full waves before them. 5120x5120x4096 on 132 SMs
    /// in 128x256 tiles: 800 tiles = 6 waves + 8; the line on the last 140 makes that 5 waves +
    /// 1.06 tiles per CTA instead of 7 waves. With two full waves or less the line's ranges run
    /// at scattered k offsets while the L2 is cold, and measured slower than whole tiles
    /// (docs/perf.md, "sm90: stream-K").
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

/// The kernel's entry points by the majors of its A and B: `(name, A MN-major, B MN-major)`.
pub const LAYOUTS: [(&str, bool, bool); 4] = [("sm90_gemm_tn", false, false), ("sm90_gemm_nt", true, true), ("sm90_gemm_nn", true, false), ("sm90_gemm_tt", false, true)];

/// The header values a launch needs: the TMA boxes `{inner, outer}` of A K-major, A MN-major, B
/// K-major, B MN-major, C, D and the swizzle modes of A, B, C, D, the CTA tile, the threads of a block.
#[derive(Clone, Debug)]
struct LaunchParams {
    boxes: [(u32, u32); 6],
    swizzles: [i64; 4],
    tile: (usize, usize),
    block_threads: u32,
    /// CTAs per cluster along M (the TMA load of B multicast to them).
    cluster_m: usize,
    /// Floats of one CTA's stream-K partial tile: kAccumulators of each of the consumer's kThreads.
    slot_floats: usize,
    /// The k-block, kTileK.
    tile_k: usize,
    /// Whether the kernel walks stream-K schedules: the cooperative schedule (one consumer) only.
    stream_k: bool,
}

impl LaunchParams {
    fn of(cf: &Sm90Config) -> Result<LaunchParams, String> {
        let mut boxes = [(0, 0); 6];
        let mut swizzles = [0; 4];
        for (i, x) in ["A_K", "A_MN", "B_K", "B_MN", "C", "D"].iter().enumerate() {
            let b = cf.row(&format!("kTmaBox{x}"))?;
            if b.len() != 2 {
                return Err(format!("{}.h: kTmaBox{x} is not {{inner, outer}}", cf.name));
            }
            boxes[i] = (b[0] as u32, b[1] as u32);
        }
        for (i, x) in ["A", "B", "C", "D"].iter().enumerate() {
            swizzles[i] = cf.int(&format!("kTmaSwizzle{x}"))?;
        }
        let block_threads = PRODUCER_THREADS + cf.consumers()? as u32 * cf.int("kThreads")? as u32;
        let cluster_m = cf.int("kClusterM")? as usize;
        if !(1..=2).contains(&cluster_m) {
            return Err(format!("{}.h: kClusterM {cluster_m}, the host launches clusters of 1 or 2", cf.name));
        }
        let slot_floats = (cf.int("kAccumulators")? * cf.int("kThreads")?) as usize;
        let tile_k = cf.int("kTileK")? as usize;
        let stream_k = cf.consumers()? == 1;
        Ok(LaunchParams { boxes, swizzles, tile: cf.tile()?, block_threads, cluster_m, slot_floats, tile_k, stream_k })
    }
}

type Stream = Arc<CudaStream>;

impl Sm90Gemm {
    /// Loads the `sm90` kernel from an sm_90a CUBIN ([`Sm90Gemm::load_config`]).
    pub fn load(ctx: &Arc<CudaContext>, image: Vec<u8>) -> Result<Sm90Gemm, String> {
        Sm90Gemm::load_config(ctx, SM90, image)
    }

    /// Loads the kernel of configuration `config` from an sm_90a CUBIN built for it (the host
    /// reads the boxes, tile and threads from the same header) and allows it its dynamic shared memory.
    pub fn load_config(ctx: &Arc<CudaContext>, config: Sm90Config, image: Vec<u8>) -> Result<Sm90Gemm, String> {
        let module = ctx.load_module(Ptx::from_binary(image)).map_err(|e| format!("load the CUBIN: {e}"))?;
        let smem = config.smem_bytes()?;
        let load = |name: &str| -> Result<CudaFunction, String> {
            let f = module.load_function(name).map_err(|e| format!("kernel {name}: {e}"))?;
            f.set_attribute(tycute_cuda::cudarc::driver::sys::CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem as i32)
                .map_err(|e| format!("{name}: shared memory attribute: {e}"))?;
            Ok(f)
        };
        let f = [load(LAYOUTS[0].0)?, load(LAYOUTS[1].0)?, load(LAYOUTS[2].0)?, load(LAYOUTS[3].0)?];
        let sms = ctx
            .attribute(tycute_cuda::cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(|e| format!("SM count: {e}"))? as usize;
        // TYCUTE_SM90_MAX_CTAS=N launches at most N CTAs (so that a small problem still gives each
        // CTA several tiles, both consumers and the stage parities wrapping: for compute-sanitizer)
        let cap = std::env::var("TYCUTE_SM90_MAX_CTAS").ok().and_then(|v| v.parse::<usize>().ok()).unwrap_or(usize::MAX);
        let p = LaunchParams::of(&config)?;
        let sms = sms.min(cap).max(1);
        let l2_bytes = ctx
            .attribute(tycute_cuda::cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)
            .map_err(|e| format!("L2 size: {e}"))? as usize;
        let sk_form = match std::env::var("TYCUTE_SM90_SK").as_deref() {
            Ok("line") => SkForm::Line,
            Ok("split") => SkForm::Split,
            _ => SkForm::Auto,
        };
        Ok(Sm90Gemm { ctx: ctx.clone(), _module: module, f, smem, sms, max_sms: sms, l2_bytes, config, p, stream_k: true, sk_form, workspaces: Default::default() })
    }

    /// The SMs the persistent kernel uses (at most `TYCUTE_SM90_MAX_CTAS`).
    pub fn sms(&self) -> usize {
        self.sms
    }

    /// What a CUBIN built with `-DTYCUTE_SM90_TRACE` recorded of its last launch: per
    /// CTA (up to 256) and unit (up to 16) `[tile, kt0, kt1, start, mainloop done, partial sums
    /// stored or added, end, 1]` (globaltimer ns; all 0 where no unit ran); `None` for a CUBIN
    /// without it. A diagnostic (docs/perf.md, "sm90: stream-K").
    pub fn trace(&self) -> Option<Vec<[u64; 8]>> {
        let stream = self.ctx.default_stream();
        let view = self._module.get_global("tycute_trace", &stream).ok()?;
        let bytes = stream.clone_dtoh(&view).ok()?;
        Some(bytes.chunks_exact(64).map(|c| core::array::from_fn(|j| u64::from_le_bytes(c[8 * j..8 * j + 8].try_into().unwrap_or_default()))).collect())
    }

    /// Uses at most `n` SMs from now on (at least 1, at most those at load; `usize::MAX`: all of
    /// them again): smaller problems then take the schedules of larger ones (several tiles per
    /// CTA, stream-K), for tests.
    pub fn limit_sms(&mut self, n: usize) {
        self.sms = self.max_sms.min(n).max(1);
    }

    /// Whether this configuration's kernel walks stream-K schedules: the cooperative one
    /// (`sm90_128x256`), not ping-pong (`sm90`, `sm90_reuse_c`: its code there costs 5-7 %,
    /// docs/perf.md "sm90: stream-K on the last waves"), and not with clusters.
    pub fn has_stream_k(&self) -> bool {
        self.p.stream_k && self.p.cluster_m == 1
    }

    /// The schedule of a launch of `(m, n, k)` with strides `s` ([`Sm90Schedule::plan`] on the
    /// kernel's problem: column-major C/D exchange M and N); whole tiles without
    /// [`Sm90Gemm::has_stream_k`] or with [`Sm90Gemm::stream_k`] off.
    pub fn schedule(&self, (m, n, k): (usize, usize, usize), s: &Sm90Strides) -> Sm90Schedule {
        let (mk, nk) = if s.cd == Order::Row { (m, n) } else { (n, m) };
        let (tm, tn) = self.p.tile;
        let cl = self.p.cluster_m;
        let cluster_tiles = mk.div_ceil(tm * cl) * nk.div_ceil(tn) * s.batch;
        let form = (self.stream_k && self.has_stream_k()).then_some(self.sk_form);
        let plan = Sm90Schedule::plan_form(cluster_tiles, k.div_ceil(self.p.tile_k), (self.sms / cl).max(1), form);
        Sm90Schedule { grid: plan.grid * cl, ..plan }
    }

    /// `D = alpha * A * B^T + beta * C`: A (m,k), B (n,k) K-major halves; C, D (m,n) N-major
    /// (row-major) halves, packed (lda = ldb = k, ldc = ldd = n, so n a multiple of 8). C is not
    /// read when beta is 0. [`Sm90Gemm::launch_batched`] takes other strides, batches and layouts.
    #[allow(clippy::too_many_arguments)]
    pub fn launch(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
        c: &CudaSlice<u16>,
        d: &mut CudaSlice<u16>,
        alpha: f32,
        beta: f32,
    ) -> Result<(), String> {
        self.launch_batched(stream, (m, n, k), &Sm90Strides::packed((m, n, k), 1), a, b, c, d, alpha, beta)
    }

    /// `C = alpha * A * B^T + beta * C` in place (C = D, row-major, packed: lda = ldb = k, ldc =
    /// n, so n a multiple of 8), as the sm80 `Gemm::run`. In place is safe: each epilogue
    /// sub-tile's C is loaded (its full barrier waited for) before that sub-tile of D is stored,
    /// and the sub-tiles are disjoint.
    #[allow(clippy::too_many_arguments)]
    pub fn run(&self, shape: (usize, usize, usize), a: &CudaSlice<u16>, b: &CudaSlice<u16>, c: &mut CudaSlice<u16>, alpha: f32, beta: f32, stream: &Stream) -> Result<(), String> {
        use crate::gpu_check::Alias;
        let len = c.len();
        // the guard orders the launch after C's previous work and records it for C's next
        let (ptr, _guard) = c.device_ptr_mut(stream);
        let view = Alias::<u16> { ptr, len, stream, _t: core::marker::PhantomData };
        let mut same = Alias::<u16> { ptr, len, stream, _t: core::marker::PhantomData };
        self.launch_batched(stream, shape, &Sm90Strides::packed(shape, 1), a, b, &view, &mut same, alpha, beta)
    }

    /// `D_z = alpha * A_z * B_z^T + beta * C_z` for `z < s.batch`, with the leading dimensions,
    /// batch strides and C/D order of `s` (checked by [`Sm90Strides::check`]), on any device
    /// buffers or views that hold them. C is not read when beta is 0. One launch: the batch is the
    /// TMA maps' third dimension and the tiles of every problem one persistent schedule;
    /// column-major C/D run as D^T = B A^T (the kernel's M and N, A and B swapped).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_batched<A, B, C, D>(&self, stream: &Stream, (m, n, k): (usize, usize, usize), s: &Sm90Strides, a: &A, b: &B, c: &C, d: &mut D, alpha: f32, beta: f32) -> Result<(), String>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        self.launch_bias(stream, (m, n, k), s, a, b, c, d, alpha, beta, Bias::None)
    }

    /// [`Sm90Gemm::launch_batched`] plus a [`Bias`]: `D_z = alpha * A_z * B_z^T + beta * C_z +
    /// bias` (the vector's length checked against m or n and the batch: an error, not a panic).
    #[allow(clippy::too_many_arguments)]
    pub fn launch_bias<A, B, C, D>(
        &self,
        stream: &Stream,
        (m, n, k): (usize, usize, usize),
        s: &Sm90Strides,
        a: &A,
        b: &B,
        c: &C,
        d: &mut D,
        alpha: f32,
        beta: f32,
        bias: Bias<'_>,
    ) -> Result<(), String>
    where
        A: DevicePtr<u16>,
        B: DevicePtr<u16>,
        C: DevicePtr<u16>,
        D: DevicePtrMut<u16>,
    {
        s.check((m, n, k))?;
        let (bias_mode, bias_batch) = bias.mode((m, n), s.batch, s.cd)?;
        let ext = s.extents((m, n, k));
        if a.len() < ext[0] || b.len() < ext[1] || c.len() < ext[2] || d.len() < ext[3] {
            return Err(format!("a buffer is smaller than {} problem(s) of {m}x{n}x{k} with {s:?} (A, B, C, D need {ext:?} halves)", s.batch));
        }
        let p = &self.p;
        let ([box_a_k, box_a_mn, box_b_k, box_b_mn, box_c, box_d], [sw_a, sw_b, sw_c, sw_d]) = (p.boxes, p.swizzles);
        let batch = s.batch as u64;
        // one matrix for the whole batch: a map of depth 1, z = 0 in the kernel (flags bits 0-2)
        let depth = |stride: usize| if stride == 0 || batch == 1 { 1 } else { batch };
        let (ta, tb, tc, td, mk, nk, flags, pd, pbias, layout) = {
            let (pbias, _gbias) = match bias {
                Bias::None => (0, None),
                Bias::Row(v) | Bias::Col(v) => {
                    let (p, g) = v.device_ptr(stream);
                    (p, Some(g))
                }
            };
            let (pa, _ga) = a.device_ptr(stream);
            let (pb, _gb) = b.device_ptr(stream);
            let (pc, _gc) = c.device_ptr(stream);
            let (pd, _gd) = d.device_ptr_mut(stream);
            // the kernel's problem: row-major C/D as given; column-major D (m,n) is row-major
            // D^T (n,m) = B A^T, so M and N, A and B swap
            let ((mk, pa, lda, za, oa), (nk, pb, ldb, zb, ob)) = match s.cd {
                Order::Row => ((m, pa, s.lda, s.batch_a, s.a), (n, pb, s.ldb, s.batch_b, s.b)),
                Order::Col => ((n, pb, s.ldb, s.batch_b, s.b), (m, pa, s.lda, s.batch_a, s.a)),
            };
            // the kernel's operands: K-major (row-major) maps are (K inner, MN outer), MN-major
            // (column-major) ones (MN inner, K outer); the box {inner, outer} is the header's
            let operand = |mn: usize, order: Order, kbox: (u32, u32), mnbox: (u32, u32)| match order {
                Order::Row => ((mn as u64, k as u64), kbox),
                Order::Col => ((k as u64, mn as u64), mnbox),
            };
            let ((ar, ac), bxa) = operand(mk, oa, box_a_k, box_a_mn);
            let ((br, bc), bxb) = operand(nk, ob, box_b_k, box_b_mn);
            let layout = LAYOUTS.iter().position(|&(_, x, y)| x == (oa == Order::Col) && y == (ob == Order::Col)).unwrap_or(0);
            // the kernel's flags: bits 0-2 one A / B / C for the whole batch; bit 3 a D that cannot
            // stay in L2 anyway, whose stores then evict first so that the operands, read again by
            // other tiles, stay (8192x8192x256: +10 %, docs/perf.md)
            let d_bytes = 2 * mk * nk * s.batch;
            let flags = i32::from(za == 0) | (i32::from(zb == 0) << 1) | (i32::from(s.batch_c == 0) << 2) | (i32::from(d_bytes > self.l2_bytes) << 3);
            let (mk64, nk64) = (mk as u64, nk as u64);
            // SAFETY: the allocations hold every matrix of the batch with these strides (checked
            // above) and outlive the launch (the caller's borrows).
            unsafe {
                (
                    TensorMap::f16_3d(pa, (ar, ac, lda as u64), (depth(za), za as u64), (bxa.1, bxa.0), sw_a)?,
                    TensorMap::f16_3d(pb, (br, bc, ldb as u64), (depth(zb), zb as u64), (bxb.1, bxb.0), sw_b)?,
                    TensorMap::f16_3d(pc, (mk64, nk64, s.ldc as u64), (depth(s.batch_c), s.batch_c as u64), (box_c.1, box_c.0), sw_c)?,
                    TensorMap::f16_3d(pd, (mk64, nk64, s.ldd as u64), (batch, s.batch_d as u64), (box_d.1, box_d.0), sw_d)?,
                    mk,
                    nk,
                    flags,
                    pd,
                    pbias,
                    layout,
                )
            }
        };
        let f = &self.f[layout];
        let (mi, ni, ki, bi) = (mk as i32, nk as i32, k as i32, s.batch as i32);
        let mut l = stream.launch_builder(f);
        // D's address and strides for the sub-tiles the threads store (N of the kernel's problem
        // not a multiple of 8: a TMA store clips rows in 16-byte units)
        let (ldd, batch_d) = (s.ldd as i64, if s.batch > 1 { s.batch_d as i64 } else { 0 });
        l.arg(&ta).arg(&tb).arg(&tc).arg(&td).arg(&mi).arg(&ni).arg(&ki).arg(&bi).arg(&flags).arg(&alpha).arg(&beta);
        l.arg(&pd).arg(&ldd).arg(&batch_d).arg(&pbias).arg(&bias_mode).arg(&bias_batch);
        // persistent: each cluster of kClusterM CTAs walks cluster tiles (kClusterM tiles along M)
        // of all the batch's problems, the last sk_tiles of them stream-K (Sm90Schedule)
        let cl = p.cluster_m;
        let plan = self.schedule((m, n, k), s);
        let grid = plan.grid as u32;
        let (sk_tiles, sk_split) = (plan.sk_tiles as i32, plan.split as i32);
        // the stream-K workspace: this stream's, a slot and a flag per CTA (per SM when first
        // allocated)
        let mut guard = self.workspaces.lock()?;
        let need = if plan.sk_tiles > 0 { plan.grid } else { 0 };
        let (pw, _gw, pf, _gf) = crate::gpu_check::sk_workspace(&mut guard, stream, need, self.sms, p.slot_floats)?;
        l.arg(&sk_tiles).arg(&sk_split).arg(&pw).arg(&pf);
        let cfg = LaunchConfig { grid_dim: (grid, 1, 1), block_dim: (p.block_threads, 1, 1), shared_mem_bytes: self.smem };
        if cl > 1 {
            use tycute_cuda::cudarc::driver::sys;
            let mut args: [*mut core::ffi::c_void; 21] = [
                &ta as *const _ as *mut _,
                &tb as *const _ as *mut _,
                &tc as *const _ as *mut _,
                &td as *const _ as *mut _,
                &mi as *const _ as *mut _,
                &ni as *const _ as *mut _,
                &ki as *const _ as *mut _,
                &bi as *const _ as *mut _,
                &flags as *const _ as *mut _,
                &alpha as *const _ as *mut _,
                &beta as *const _ as *mut _,
                &pd as *const _ as *mut _,
                &ldd as *const _ as *mut _,
                &batch_d as *const _ as *mut _,
                &pbias as *const _ as *mut _,
                &bias_mode as *const _ as *mut _,
                &bias_batch as *const _ as *mut _,
                &sk_tiles as *const _ as *mut _,
                &sk_split as *const _ as *mut _,
                &pw as *const _ as *mut _,
                &pf as *const _ as *mut _,
            ];
            // SAFETY: a plain C union of launch-attribute values; the cluster dimension is its member here.
            let mut attr: sys::CUlaunchAttribute = unsafe { core::mem::zeroed() };
            attr.id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
            attr.value.clusterDim = sys::CUlaunchAttributeValue_union__bindgen_ty_1 { x: cl as u32, y: 1, z: 1 };
            let lc = sys::CUlaunchConfig {
                gridDimX: grid,
                gridDimY: 1,
                gridDimZ: 1,
                blockDimX: p.block_threads,
                blockDimY: 1,
                blockDimZ: 1,
                sharedMemBytes: self.smem,
                hStream: stream.cu_stream(),
                attrs: &mut attr,
                numAttrs: 1,
            };
            self.ctx.bind_to_thread().map_err(|e| format!("context: {e}"))?;
            // SAFETY: as for the launch below: `args` points at the kernel's arguments in its
            // signature's order and types, all alive until cuLaunchKernelEx returns (it copies them);
            // the grid is a multiple of the cluster size.
            let r = unsafe { sys::cuLaunchKernelEx(&lc, f.cu_function(), args.as_mut_ptr(), core::ptr::null_mut()) };
            if r != sys::CUresult::CUDA_SUCCESS {
                return Err(format!("launch (clusters of {cl}): {r:?}"));
            }
            return Ok(());
        }
        // SAFETY: the argument list matches the kernel's signature (four CUtensorMaps by value: A,
        // B, C, D; then int M, N, K, batch, flags (one matrix of A, B, C for the batch; D evict-first), float alpha, beta, D's address as a pointer,
        // long long ldd, batch_d, the bias's address (0 for none), int bias_mode, long long
        // bias_batch, int sk_tiles, sk_split, the stream-K sums' and flags' addresses); the stream-K
        // workspace has a slot of the tile's floats and a flag per CTA of the grid (checked above),
        // zero flags between launches, and belongs to this stream alone; the maps and D's address and strides describe the
        // buffers, which hold the batch (checked above); the shape, strides and tile count are ones
        // the kernel takes (Sm90Strides::check).
        unsafe { l.launch(cfg) }.map_err(|e| format!("launch: {e}"))?;
        Ok(())
    }
}

/// The value of half-precision bits (NaN for NaN).
pub fn f16_value(h: u16) -> f64 {
    half::f16::from_bits(h).to_f64()
}

/// Runs `sm90_gemm_tn` at `m x n x k`, packed, row-major C and D (so n a multiple of 8), with
/// `alpha`, `beta`: [`check_case`]. Returns the number of wrong elements (written outside D and
/// unwritten ones included) and the first few.
pub fn check(g: &Sm90Gemm, shape: (usize, usize, usize), alpha: f32, beta: f32) -> Result<(usize, Vec<String>), String> {
    let r = check_case(g, shape, &Sm90Strides::packed(shape, 1), alpha, beta)?;
    Ok((r.wrong + r.outside, r.examples))
}

/// What [`check_case`] found.
#[derive(Clone, Debug, Default)]
pub struct Sm90Report {
    /// Elements compared with the reference.
    pub checked: usize,
    /// Elements of the D matrices that differ from the reference (NaN, that is unwritten, included).
    pub wrong: usize,
    /// Elements of the D buffer outside the D matrices (a guard of [`GUARD`] halves before and
    /// after, the padding between rows or columns and between matrices) that no longer hold the
    /// sentinel.
    pub outside: usize,
    /// The first few wrong elements, described.
    pub examples: Vec<String>,
    /// For a single packed problem without a bias: the normwise relative difference of D from
    /// cuBLAS's (`cublasGemmEx`, the same layouts, fp32 compute, fp16 D, on the same device
    /// inputs), and how many elements differ bitwise; `None` elsewhere or without cuBLAS.
    pub cublas_rel_error: Option<f64>,
    /// See [`Sm90Report::cublas_rel_error`].
    pub cublas_differ: usize,
}

/// Halves of sentinel before and after the D matrices in [`check_case`] (a multiple of 8: D
/// stays 16-byte aligned).
pub const GUARD: usize = 1024;

/// The sentinel around D: a half NaN with a payload the kernel does not produce (its NaN poison
/// inside D is 0x7e00).
const SENTINEL: u16 = 0x7d5a;

/// Runs one problem (batch) of shape `(m, n, k)` with strides and layouts `s`: random A, B, C
/// (multiples of 1/64 in [-1, 1], exact in half; every product and partial sum exact in f32 for K
/// <= 1024), NaN in their padding (and all of C when beta is 0: the kernel must not read it), D
/// poisoned with NaN inside its matrices and a sentinel NaN around them (a guard of [`GUARD`]
/// halves on each side, D passed as a view after it), one [`Sm90Gemm::launch_batched`], then every
/// element against an f64 reference rounded once to half: wrong when it differs from the exact
/// value by more than half a unit in the last place of half (or is NaN).
pub fn check_case(g: &Sm90Gemm, shape: (usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32) -> Result<Sm90Report, String> {
    check_case_bias(g, shape, s, alpha, beta, BiasCase::None)
}

/// Which [`Bias`] [`check_case_bias`] adds: none, or a random vector per row / column of D, one
/// for the whole batch or one per problem (`per_problem`, packed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BiasCase {
    /// No bias.
    None,
    /// [`Bias::Row`].
    Row {
        /// One vector per problem of the batch (else one shared).
        per_problem: bool,
    },
    /// [`Bias::Col`].
    Col {
        /// One vector per problem of the batch (else one shared).
        per_problem: bool,
    },
}

/// [`check_case`] with a bias vector of random multiples of 1/64 in [-1, 1] added (its buffer
/// exactly the vector's length: compute-sanitizer reports a read past it).
pub fn check_case_bias(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), s: &Sm90Strides, alpha: f32, beta: f32, bias: BiasCase) -> Result<Sm90Report, String> {
    s.check((m, n, k))?;
    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64) | 1;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) % 129) as f32 / 64.0 - 1.0
    };
    let ext = s.extents((m, n, k));
    // X: `rows` rows of `len` elements, `ld` apart, `batch` matrices `z` apart (or one when z is 0)
    let mut fill = |len_total: usize, rows: usize, len: usize, ld: usize, z: usize, nan: bool| -> Vec<f32> {
        let mut v = vec![f32::NAN; len_total];
        for b in 0..if z == 0 { 1 } else { s.batch } {
            for r in 0..rows {
                for x in 0..len {
                    v[b * z + r * ld + x] = if nan { f32::NAN } else { next() };
                }
            }
        }
        v
    };
    let (cr, cc) = match s.cd {
        Order::Row => (m, n),
        Order::Col => (n, m),
    };
    let (ar, ac) = dims(s.a, (m, k));
    let (br, bc) = dims(s.b, (n, k));
    let a = fill(ext[0], ar, ac, s.lda, s.batch_a, false);
    let b = fill(ext[1], br, bc, s.ldb, s.batch_b, false);
    // element (i, kk) of an operand stored in `order` with leading dimension ld
    let op_at = |order: Order, ld: usize, i: usize, kk: usize| match order {
        Order::Row => i * ld + kk,
        Order::Col => kk * ld + i,
    };
    let c = fill(ext[2], cr, cc, s.ldc, s.batch_c, beta == 0.0);
    // index of element (i, j) of matrix z of C or D
    let at = |z: usize, zs: usize, ld: usize, i: usize, j: usize| match s.cd {
        Order::Row => z * zs + i * ld + j,
        Order::Col => z * zs + j * ld + i,
    };
    let bits = |v: &[f32]| v.iter().map(|&x| if x.is_nan() { 0x7e00 } else { crate::gpu_check::f16_bits(x) }).collect::<Vec<u16>>();
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let da = stream.clone_htod(&bits(&a)).map_err(|x| e("A", x))?;
    let db = stream.clone_htod(&bits(&b)).map_err(|x| e("B", x))?;
    let dc = stream.clone_htod(&bits(&c)).map_err(|x| e("C", x))?;
    // the bias: its length, one per problem or shared
    let (blen, bper) = match bias {
        BiasCase::None => (0, false),
        BiasCase::Row { per_problem } => (m, per_problem && s.batch > 1),
        BiasCase::Col { per_problem } => (n, per_problem && s.batch > 1),
    };
    let bias_len = if bper { blen * s.batch } else { blen };
    let bv: Vec<f32> = (0..bias_len).map(|_| next()).collect();
    let bias_at = |z: usize, i: usize, j: usize| -> f64 {
        let zz = if bper { z * blen } else { 0 };
        match bias {
            BiasCase::None => 0.0,
            BiasCase::Row { .. } => bv[zz + i] as f64,
            BiasCase::Col { .. } => bv[zz + j] as f64,
        }
    };
    // exactly the vector's length: a read past it is compute-sanitizer's out-of-bounds error
    let dbias = if bias_len == 0 { None } else { Some(stream.clone_htod(&bits(&bv)).map_err(|x| e("bias", x))?) };
    let mut d0 = vec![SENTINEL; ext[3] + 2 * GUARD];
    let mut inside = vec![false; d0.len()];
    for z in 0..s.batch {
        for i in 0..m {
            for j in 0..n {
                let x = GUARD + at(z, s.batch_d, s.ldd, i, j);
                d0[x] = 0x7e00; // NaN poison
                inside[x] = true;
            }
        }
    }
    let mut dd = stream.clone_htod(&d0).map_err(|x| e("D", x))?;
    {
        let mut view = dd.slice_mut(GUARD..GUARD + ext[3]);
        let b = match (bias, &dbias) {
            (BiasCase::Row { .. }, Some(v)) => Bias::Row(v),
            (BiasCase::Col { .. }, Some(v)) => Bias::Col(v),
            _ => Bias::None,
        };
        g.launch_bias(&stream, (m, n, k), s, &da, &db, &dc, &mut view, alpha, beta, b)?;
    }
    let d = stream.clone_dtoh(&dd).map_err(|x| e("D back", x))?;
    let mut r = Sm90Report::default();
    if bias == BiasCase::None {
        if let Some(dc) = cublas_same_problem(&stream, (m, n, k), s, &da, &db, &dc, alpha, beta)? {
            // every element of D (a packed single problem: D is d[GUARD..]); exact inputs, so
            // both sums are exact in f32 and rounded once to half
            let (mut e2, mut c2) = (0.0f64, 0.0f64);
            for (&x, &y) in d[GUARD..GUARD + dc.len()].iter().zip(&dc) {
                let (xv, yv) = (f16_value(x), f16_value(y));
                e2 += (xv - yv) * (xv - yv);
                c2 += yv * yv;
                r.cublas_differ += usize::from(x != y);
            }
            let rel = crate::gpu_check::normwise(e2, c2);
            if !(rel <= 1e-3) {
                r.wrong += 1;
                r.examples.push(format!("normwise relative difference from cuBLAS {rel:.3e} is above 1e-3"));
            }
            r.cublas_rel_error = Some(rel);
        }
    }
    for (x, (&h, &ins)) in d.iter().zip(&inside).enumerate() {
        if !ins && h != SENTINEL {
            r.outside += 1;
            if r.examples.len() < 5 {
                r.examples.push(format!("D buffer element {x} (guard {GUARD}) outside the matrices was written: {:#06x}", h));
            }
        }
    }
    for z in 0..s.batch {
        let (za, zb) = (if s.batch_a == 0 { 0 } else { z }, if s.batch_b == 0 { 0 } else { z });
        let zc = if s.batch_c == 0 { 0 } else { z };
        let (a0, b0) = (za * s.batch_a, zb * s.batch_b);
        for i in 0..m {
            let ra: Vec<f64> = (0..k).map(|kk| a[a0 + op_at(s.a, s.lda, i, kk)] as f64).collect();
            for j in 0..n {
                let dot: f64 = (0..k).map(|kk| ra[kk] * b[b0 + op_at(s.b, s.ldb, j, kk)] as f64).sum();
                let cv = if beta == 0.0 { 0.0 } else { c[at(zc, s.batch_c, s.ldc, i, j)] as f64 };
                let want = alpha as f64 * dot + beta as f64 * cv + bias_at(z, i, j);
                let got = f16_value(d[GUARD + at(z, s.batch_d, s.ldd, i, j)]);
                let tol = want.abs() * (2f64.powi(-11) + 2f64.powi(-20)) + 2f64.powi(-24);
                r.checked += 1;
                if !(got - want).abs().le(&tol) {
                    r.wrong += 1;
                    if r.examples.len() < 5 {
                        r.examples.push(format!("D{z}({i},{j}) = {got}, want {want}"));
                    }
                }
            }
        }
    }
    Ok(r)
}

/// cuBLAS's D (halves) for one packed problem of [`check_case_bias`] on the same device inputs
/// (`cublasGemmEx` with the layouts' ops, fp32 compute, `alpha`, `beta`; row-major D as the
/// column-major `D^T = B A^T`), or `None` where the comparison does not apply (a batch, strides
/// other than packed) or cuBLAS is absent.
#[allow(clippy::too_many_arguments)]
fn cublas_same_problem(
    stream: &Stream,
    (m, n, k): (usize, usize, usize),
    s: &Sm90Strides,
    a: &CudaSlice<u16>,
    b: &CudaSlice<u16>,
    c: &CudaSlice<u16>,
    alpha: f32,
    beta: f32,
) -> Result<Option<Vec<u16>>, String> {
    // SAFETY: only tries to open the shared library.
    if *s != Sm90Strides::packed_layout((m, n, k), 1, s.a, s.b, s.cd) || !unsafe { tycute_cuda::cudarc::cublas::sys::is_culib_present() } {
        return Ok(None);
    }
    let Ok(blas) = crate::gpu_check::cublas(stream) else { return Ok(None) };
    let (rows, cols, x, y, mx, my) = match s.cd {
        Order::Col => (m, n, a, b, major(s.a), major(s.b)),
        Order::Row => (n, m, b, a, major(s.b), major(s.a)),
    };
    let mut out = stream.clone_dtod(c).map_err(|x| format!("cuBLAS C: {x}"))?;
    crate::gpu_check::cublas_gemm_ops(&blas, stream, (rows, cols, k), (mx, my), x, y, &mut out, tycute_cuda::cudarc::cublas::sys::cudaDataType::CUDA_R_16F, (alpha, beta))?;
    stream.clone_dtoh(&out).map(Some).map_err(|x| format!("cuBLAS D back: {x}"))
}

/// [`Sm90Gemm::run`] in place at `(m, n, k)` against [`Sm90Gemm::launch`] into a separate D on
/// the same random inputs (multiples of 1/64): the number of elements that differ (bitwise).
pub fn check_run_in_place(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), alpha: f32, beta: f32) -> Result<usize, String> {
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let mut random = crate::gpu_check::RandomHalves::default();
    let da = stream.clone_htod(&random.take(m * k)).map_err(|x| e("A", x))?;
    let db = stream.clone_htod(&random.take(n * k)).map_err(|x| e("B", x))?;
    let c0 = random.take(m * n);
    let dc = stream.clone_htod(&c0).map_err(|x| e("C", x))?;
    let mut dd = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("D", x))?;
    g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, alpha, beta)?;
    let mut inplace = stream.clone_htod(&c0).map_err(|x| e("C", x))?;
    g.run((m, n, k), &da, &db, &mut inplace, alpha, beta, &stream)?;
    let want = stream.clone_dtoh(&dd).map_err(|x| e("D back", x))?;
    let got = stream.clone_dtoh(&inplace).map_err(|x| e("C back", x))?;
    Ok(want.iter().zip(&got).filter(|(x, y)| x != y).count())
}

/// `D = A * B^T` with `cublasGemmEx` on the kernel's problem and data types: A (m,k), B (n,k)
/// K-major halves, D (m,n) row-major half, fp32 compute. Column-major, that is `D^T = B * A^T`:
/// the call `(n, m, k)` with B first, D with leading dimension n.
fn cublas_gemm_f16(
    blas: &tycute_cuda::cudarc::cublas::CudaBlas,
    stream: &Stream,
    (m, n, k): (usize, usize, usize),
    a: &CudaSlice<u16>,
    b: &CudaSlice<u16>,
    d: &mut CudaSlice<u16>,
) -> Result<(), String> {
    crate::gpu_check::cublas_gemm_tn(blas, stream, (n, m, k), b, a, d, tycute_cuda::cudarc::cublas::sys::cudaDataType::CUDA_R_16F)
}

/// TFLOP/s of `sm90_gemm_tn` and of cuBLAS (same types, [`cublas_gemm_f16`]) at `m x n x k`:
/// random multiples of 1/64 in [-1, 1], one buffer set, the mean of `reps` launches between two
/// `CU_EVENT_DEFAULT` events after 3 warm-up launches. cuBLAS is `Err` (with the reason) when it
/// cannot be loaded.
pub fn bench(g: &Sm90Gemm, (m, n, k): (usize, usize, usize), reps: usize) -> Result<(f64, Result<f64, String>), String> {
    Sm90Strides::packed((m, n, k), 1).check((m, n, k))?;
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let mut random = crate::gpu_check::RandomHalves::default();
    let da = stream.clone_htod(&random.take(m * k)).map_err(|x| e("A", x))?;
    let db = stream.clone_htod(&random.take(n * k)).map_err(|x| e("B", x))?;
    let dc = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("C", x))?;
    let mut dd = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("D", x))?;
    let flops = 2.0 * m as f64 * n as f64 * k as f64;
    let ms = crate::gpu_check::mean_ms(&stream, reps, || g.launch(&stream, (m, n, k), &da, &db, &dc, &mut dd, 1.0, 0.0))?;
    let ours = flops / (ms * 1e-3) / 1e12;
    let theirs = crate::gpu_check::cublas(&stream).and_then(|blas| {
        let ms = crate::gpu_check::mean_ms(&stream, reps, || cublas_gemm_f16(&blas, &stream, (m, n, k), &da, &db, &mut dd))?;
        Ok(flops / (ms * 1e-3) / 1e12)
    });
    Ok((ours, theirs))
}

/// TFLOP/s of `sm90_gemm_tn` and of cuBLAS (same types, fp32 compute, `cublasGemmEx`) at
/// `m x n x k` with `D = A * B^T + beta * C`, measured as `tycute bench sm90` does: random
/// inputs rotated over enough sets of A and B to exceed L2 (50 MiB), 3 warm-up launches per set,
/// then the median of `runs` launches, each between two `CU_EVENT_DEFAULT` events, queued back to
/// back ([`crate::gpu_check::Timing::Queued`]; [`bench_rotating_layout`] takes either). With `beta`
/// not 0 the kernel reads C through its TMA load and cuBLAS reads D in place. cuBLAS is `None`
/// when its library is absent.
pub fn bench_rotating(g: &Sm90Gemm, shape: (usize, usize, usize), runs: usize, beta: f32) -> Result<(f64, Option<f64>), String> {
    bench_rotating_layout(g, shape, runs, beta, "none", (Order::Row, Order::Row), crate::gpu_check::Timing::Queued)
}

/// [`bench_rotating`] with a bias vector in tycute's epilogue (`bias`: `none`, `row`
/// ([`Bias::Row`], m halves) or `col` ([`Bias::Col`], n halves); cuBLAS runs without one) and A
/// and B in the orders `(a, b)` (packed: lda = k or m, ldb = k or n), cuBLAS on the same layout
/// (`Col` A or B: `op = N` / `T` instead of `T` / `N`).
pub fn bench_rotating_layout(
    g: &Sm90Gemm,
    (m, n, k): (usize, usize, usize),
    runs: usize,
    beta: f32,
    bias: &str,
    (oa, ob): (Order, Order),
    timing: crate::gpu_check::Timing,
) -> Result<(f64, Option<f64>), String> {
    let packed = Sm90Strides::packed_ab((m, n, k), 1, oa, ob);
    packed.check((m, n, k))?;
    let stream = g.ctx.default_stream();
    let e = |what: &str, x: tycute_cuda::cudarc::driver::DriverError| format!("{what}: {x}");
    let (bufs, mut random) = crate::gpu_check::rotating_inputs(&stream, (m, n, k))?;
    let sets = bufs.len();
    let c = stream.clone_htod(&random.take(m * n)).map_err(|x| e("C", x))?;
    let mut d = stream.alloc_zeros::<u16>(m * n).map_err(|x| e("D", x))?;
    let bias_v = stream.clone_htod(&random.take(m.max(n))).map_err(|x| e("bias", x))?;
    let (bias_m, bias_n) = (bias_v.slice(0..m), bias_v.slice(0..n));
    let (bias_m, bias_n) = (stream.clone_dtod(&bias_m).map_err(|x| e("bias", x))?, stream.clone_dtod(&bias_n).map_err(|x| e("bias", x))?);
    let bias = match bias {
        "none" => Bias::None,
        "row" => Bias::Row(&bias_m),
        "col" => Bias::Col(&bias_n),
        other => return Err(format!("bias `{other}`: none, row or col")),
    };
    let median_tflops = |ms: Vec<f64>| crate::gpu_check::median_tflops((m, n, k), ms);
    for (a, b) in &bufs {
        for _ in 0..3 {
            g.launch_bias(&stream, (m, n, k), &packed, a, b, &c, &mut d, 1.0, beta, bias)?;
        }
    }
    let ours = median_tflops(crate::gpu_check::each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        g.launch_bias(&stream, (m, n, k), &packed, a, b, &c, &mut d, 1.0, beta, bias)
    })?);
    // SAFETY: only tries to open the shared library.
    if !unsafe { tycute_cuda::cudarc::cublas::sys::is_culib_present() } {
        return Ok((ours, None));
    }
    let blas = crate::gpu_check::cublas(&stream)?;
    let f16 = tycute_cuda::cudarc::cublas::sys::cudaDataType::CUDA_R_16F;
    // row-major D (m,n) is column-major D^T (n,m) = B * A^T: B first
    let run_blas = |a: &CudaSlice<u16>, b: &CudaSlice<u16>, d: &mut CudaSlice<u16>| {
        crate::gpu_check::cublas_gemm_ops(&blas, &stream, (n, m, k), (major(ob), major(oa)), b, a, d, f16, (1.0, beta))
    };
    for (a, b) in &bufs {
        for _ in 0..3 {
            run_blas(a, b, &mut d)?;
        }
    }
    let theirs = median_tflops(crate::gpu_check::each_ms(&stream, runs, timing, |r| {
        let (a, b) = &bufs[r % sets];
        run_blas(a, b, &mut d)
    })?);
    Ok((ours, Some(theirs)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_values_and_halves() {
        assert_eq!(SM90.row("kTmaBoxA_K").unwrap(), [64, 128]);
        assert_eq!((SM90.row("kTmaBoxA_MN").unwrap(), SM90.int("kTmaBoxesA_MN").unwrap()), (vec![64, 64], 2));
        assert_eq!(SM90.row("kTmaBoxD").unwrap(), [32, 64]);
        assert_eq!(SM90.int("kTmaSwizzleA").unwrap(), 3);
        assert!(SM90.smem_bytes().unwrap() > 4 * 32768);
        // ReuseSmemC: 16 KiB less (2 consumers x 2 stages x 64x32 halves)
        assert_eq!(SM90.smem_bytes().unwrap() - SM90_REUSE_C.smem_bytes().unwrap(), 16384);
        assert_eq!((SM90.int("kReuseSmemC").unwrap(), SM90_REUSE_C.int("kReuseSmemC").unwrap()), (0, 1));
        // the cooperative configuration: (256,64) boxes of B, (128,32) of D, one consumer of 256
        // threads, 224 KiB + barriers + alignment within the 227 KiB of an sm_90 CTA
        assert_eq!(SM90_128X256.row("kTmaBoxB_K").unwrap(), [64, 256]);
        assert_eq!((SM90_128X256.row("kTmaBoxB_MN").unwrap(), SM90_128X256.int("kTmaBoxesB_MN").unwrap()), (vec![64, 64], 4));
        assert_eq!((SM90.int("kClusterM").unwrap(), SM90_128X256.int("kClusterM").unwrap()), (1, 1));
        assert_eq!(SM90_128X256.row("kTmaBoxD").unwrap(), [32, 128]);
        assert_eq!((SM90_128X256.consumers().unwrap(), SM90_128X256.int("kThreads").unwrap()), (1, 256));
        let smem = SM90_128X256.smem_bytes().unwrap();
        assert!(smem > 229376 && smem <= 232448, "{smem}");
        assert_eq!(SM90_128X256.cubin_env(), "TYCUTE_SM90_128X256_CUBIN");
        assert!(Sm90Config::named("sm90_64x64").unwrap_err().contains("sm90_128x256"));
        assert_eq!(pick((8192, 8192, 1024), 1, 132), SM90_128X256);
        assert_eq!(pick((2048, 2048, 2048), 1, 132), SM90_128X256);
        assert_eq!(pick((8192, 8192, 256), 1, 132), SM90_128X256);
        assert_eq!(pick((1000, 1000, 1000), 1, 132), SM90);
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
        for x in [0.0f32, 1.0, -1.0, 0.015625, -0.984375, 0.5] {
            assert_eq!(f16_value(crate::gpu_check::f16_bits(x)), x as f64);
        }
        assert!(f16_value(0x7e00).is_nan());
        assert!(shape_ok(256, 128, 64).is_ok() && shape_ok(7, 1, 8).is_ok() && shape_ok(256, 100, 60).is_err() && shape_ok(0, 1, 8).is_err());
        let p = Sm90Strides::packed((7, 7, 8), 1);
        assert!(p.check((7, 7, 8)).unwrap_err().contains("multiples of 8"));
        assert!(Sm90Strides { ldc: 8, ldd: 8, ..p }.check((7, 7, 8)).is_ok());
        let col = Sm90Strides::packed_col((136, 7, 8), 3);
        assert_eq!(col.extents((136, 7, 8)), [3 * 136 * 8, 3 * 7 * 8, 3 * 136 * 7, 3 * 136 * 7]);
        assert!(col.check((136, 7, 8)).is_ok());
        // an M-major A: columns of m = 136; an N-major B with n = 7 is not 16-byte aligned
        let mn = Sm90Strides { a: Order::Col, lda: 136, batch_a: 136 * 8, ..col };
        assert!(mn.check((136, 7, 8)).is_ok() && mn.extents((136, 7, 8))[0] == 3 * 136 * 8);
        assert!(Sm90Strides { b: Order::Col, ldb: 8, ..col }.check((136, 7, 8)).unwrap_err().contains("multiple of 8"));
        assert!(Sm90Strides { batch_d: 8, ..col }.check((136, 7, 8)).unwrap_err().contains("overlap"));
        // bias: kernel mode 1 = per row of its problem, 2 = per column; column-major C/D swap them
        assert_eq!(bias_mode(true, 100, (100, 50), 1, Order::Row), Ok((1, 0)));
        assert_eq!(bias_mode(true, 100, (100, 50), 1, Order::Col), Ok((2, 0)));
        assert_eq!(bias_mode(false, 50, (100, 50), 3, Order::Col), Ok((1, 0)));
        assert_eq!(bias_mode(false, 150, (100, 50), 3, Order::Row), Ok((2, 50)));
        let e = bias_mode(true, 50, (100, 50), 3, Order::Row).unwrap_err();
        assert!(e.contains("50 halves, want 100") && e.contains("or 300"), "{e}");
        assert!(bias_mode(true, 200, (100, 50), 1, Order::Row).is_err());
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
