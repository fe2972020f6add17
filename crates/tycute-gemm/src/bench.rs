//! How the benchmarks measure, tycute and cuBLAS alike: CUDA events around each run
//! ([`Timing`]), random inputs rotated over buffer sets larger than L2, and TFLOP/s of the
//! median. The sm80 and sm90 benchmarks ([`crate::sm80::bench()`], [`crate::sm90::bench()`]) are
//! built on these.

use tycute_cuda::cudarc::driver::sys::CUevent_flags;

use crate::device::{Slice, Stream};
use crate::elem::ElementCode;
use crate::error::driver;
use crate::{Error, Result};

/// Milliseconds per run of `run`, the mean of `reps` runs between two `CU_EVENT_DEFAULT` events,
/// after 3 warm-up runs.
pub(crate) fn mean_ms(stream: &Stream, reps: usize, mut run: impl FnMut() -> Result<()>) -> Result<f64> {
    for _ in 0..3 {
        run()?;
    }
    let flags = Some(CUevent_flags::CU_EVENT_DEFAULT);
    let start = stream.record_event(flags).map_err(driver("event"))?;
    for _ in 0..reps {
        run()?;
    }
    let stop = stream.record_event(flags).map_err(driver("event"))?;
    stop.synchronize().map_err(driver("sync"))?;
    Ok(start.elapsed_ms(&stop).map_err(driver("elapsed"))? as f64 / reps as f64)
}

/// How a benchmark times its launches (`tycute bench --timing`). Either way each run lies between
/// its own pair of `CU_EVENT_DEFAULT` events and the median is taken; tycute and cuBLAS are timed
/// the same way in one process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Timing {
    /// The runs are queued back to back on the stream and synchronized once, at the end, as an
    /// application's stream runs them: the host prepares and launches run `i + 1` while the GPU
    /// runs `i`, so a run's time is the GPU's (the default).
    #[default]
    Queued,
    /// Each run alone: the host waits for it before recording the next run's first event, so the
    /// host's work between that event and the launch (tensor maps, cuBLAS's heuristics, the
    /// launch call) counts as well.
    Alone,
}

impl Timing {
    /// `queued` or `alone`.
    pub fn named(name: &str) -> Result<Timing> {
        match name {
            "queued" => Ok(Timing::Queued),
            "alone" => Ok(Timing::Alone),
            other => Err(Error::UnknownOption(format!("timing `{other}`: queued (GPU time, the default) or alone (host launch work included)"))),
        }
    }
}

/// Milliseconds of each of `runs` runs (`run(i)`), each between its own pair of
/// `CU_EVENT_DEFAULT` events, queued or each alone ([`Timing`]).
pub(crate) fn each_ms(stream: &Stream, runs: usize, timing: Timing, mut run: impl FnMut(usize) -> Result<()>) -> Result<Vec<f64>> {
    let flags = Some(CUevent_flags::CU_EVENT_DEFAULT);
    let mut events = Vec::with_capacity(runs);
    for r in 0..runs {
        let start = stream.record_event(flags).map_err(driver("event"))?;
        run(r)?;
        let stop = stream.record_event(flags).map_err(driver("event"))?;
        if timing == Timing::Alone {
            stop.synchronize().map_err(driver("sync"))?;
        }
        events.push((start, stop));
    }
    if let Some((_, last)) = events.last() {
        last.synchronize().map_err(driver("sync"))?;
    }
    events.iter().map(|(start, stop)| start.elapsed_ms(stop).map(f64::from).map_err(driver("elapsed"))).collect()
}

/// Random multiples of 1/64 in [-1, 1] as the bits of a 16-bit type (exact in fp16 and bf16), from a fixed seed.
pub(crate) struct RandomHalves(u64, [u16; 129]);

impl Default for RandomHalves {
    fn default() -> Self {
        RandomHalves::of(ElementCode::F16)
    }
}

impl RandomHalves {
    /// Values of the 16-bit element type `e` (fp16 or bf16: multiples of 1/64 in [-1, 1] are
    /// exact in both).
    pub(crate) fn of(e: ElementCode) -> RandomHalves {
        // the 129 values' bits, converted once (the conversion was most of the generator's time)
        RandomHalves(0x2545F4914F6CDD1D, std::array::from_fn(|i| e.bits16(i as f32 / 64.0 - 1.0)))
    }

    /// `len` more values.
    pub(crate) fn take(&mut self, len: usize) -> Vec<u16> {
        (0..len)
            .map(|_| {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                self.1[((self.0 >> 40) % 129) as usize]
            })
            .collect()
    }
}

/// Elements of the random pool the benchmarks' large inputs are cut from ([`Pool`]): 16 Mi, so
/// that a sweep's shapes cost the host at most this many random values each, not the gigabytes
/// of their input sets.
pub(crate) const POOL_ELEMENTS: usize = 1 << 24;

/// Random values on the device that the benchmarks' input buffers are filled from by
/// device-to-device copies: a buffer larger than the pool repeats it, each buffer starting at a
/// different offset (a prime step), so the input sets are distinct buffers at distinct addresses
/// (what rotating them past L2 needs) without generating each value on the host.
pub(crate) struct Pool<T> {
    values: Slice<T>,
    next: usize,
}

impl<T: tycute_cuda::cudarc::driver::DeviceRepr> Pool<T> {
    /// A pool of `values` (on the host) copied to the device.
    pub(crate) fn new(stream: &Stream, values: &[T]) -> Result<Pool<T>> {
        let values = stream.clone_htod(values).map_err(driver("random pool"))?;
        Ok(Pool { values, next: 0 })
    }

    /// A new device buffer of `len` values from the pool.
    pub(crate) fn take(&mut self, stream: &Stream, len: usize) -> Result<Slice<T>> {
        let pool = self.values.len();
        // SAFETY: every element is written below, before the buffer is returned
        let mut out = unsafe { stream.alloc::<T>(len) }.map_err(driver("input"))?;
        let mut at = 0;
        while at < len {
            let from = self.next % pool;
            let n = (pool - from).min(len - at);
            stream.memcpy_dtod(&self.values.slice(from..from + n), &mut out.slice_mut(at..at + n)).map_err(driver("input"))?;
            at += n;
            self.next = (from + n) % pool;
        }
        // the next buffer starts elsewhere in the pool
        self.next = (self.next + 1_000_003) % pool;
        Ok(out)
    }
}

/// The benchmarks' input sets: enough pairs of random A (m,k) and B (n,k) of the 16-bit element
/// type `e` to exceed L2 (50 MiB; 2 to 8 sets), so that timed runs cycling through them read from
/// DRAM as a real GEMM would. Also returns the generator, for more inputs.
#[allow(clippy::type_complexity)]
pub(crate) fn rotating_inputs(stream: &Stream, shape: (usize, usize, usize), e: ElementCode) -> Result<(Vec<(Slice<u16>, Slice<u16>)>, RandomHalves)> {
    rotating_inputs_batched(stream, shape, 1, e)
}

/// Input sets rotated past L2 (50 MiB; 2 to 8 sets), for `m x n x k` GEMMs.
pub(crate) fn rotating_sets((m, n, k): (usize, usize, usize), batch: usize, bytes: usize) -> usize {
    (2 * 50 * 1024 * 1024 / (bytes * (m + n) * k * batch).max(1) + 1).clamp(2, 8)
}

/// [`rotating_inputs`] for `batch` packed problems: A holds `batch` (m,k) matrices one after the
/// other, B `batch` (n,k) ones. The values are cut from a [`Pool`] of at most [`POOL_ELEMENTS`]
/// random values (all of them random when the sets are smaller than that).
#[allow(clippy::type_complexity)]
pub(crate) fn rotating_inputs_batched(
    stream: &Stream,
    (m, n, k): (usize, usize, usize),
    batch: usize,
    e: ElementCode,
) -> Result<(Vec<(Slice<u16>, Slice<u16>)>, RandomHalves)> {
    let sets = rotating_sets((m, n, k), batch, 2);
    let mut random = RandomHalves::of(e);
    let mut pool = Pool::new(stream, &random.take((sets * (m + n) * k * batch).min(POOL_ELEMENTS)))?;
    let mut bufs = Vec::new();
    for _ in 0..sets {
        let a = pool.take(stream, m * k * batch)?;
        let b = pool.take(stream, n * k * batch)?;
        bufs.push((a, b));
    }
    Ok((bufs, random))
}

/// TFLOP/s of an `m x n x k` GEMM from the median of run times in milliseconds.
pub(crate) fn median_tflops((m, n, k): (usize, usize, usize), mut ms: Vec<f64>) -> f64 {
    ms.sort_by(|a, b| a.total_cmp(b));
    2.0 * m as f64 * n as f64 * k as f64 / (ms[ms.len() / 2] * 1e-3) / 1e12
}

