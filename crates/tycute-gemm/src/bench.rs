//! How the benchmarks measure, tycute and cuBLAS alike: CUDA events around each run
//! ([`Timing`]), random inputs rotated over buffer sets larger than L2, and TFLOP/s of the
//! median. The sm80 and sm90 benchmarks ([`crate::sm80::bench`], [`crate::sm90::bench`]) are
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
pub(crate) struct RandomHalves(u64, ElementCode);

impl Default for RandomHalves {
    fn default() -> Self {
        RandomHalves::of(ElementCode::F16)
    }
}

impl RandomHalves {
    /// Values of the 16-bit element type `e` (fp16 or bf16: multiples of 1/64 in [-1, 1] are
    /// exact in both).
    pub(crate) fn of(e: ElementCode) -> RandomHalves {
        RandomHalves(0x2545F4914F6CDD1D, e)
    }

    /// `len` more values.
    pub(crate) fn take(&mut self, len: usize) -> Vec<u16> {
        (0..len)
            .map(|_| {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                self.1.bits16(((self.0 >> 40) % 129) as f32 / 64.0 - 1.0)
            })
            .collect()
    }
}

/// The benchmarks' input sets: enough pairs of random A (m,k) and B (n,k) of the 16-bit element
/// type `e` to exceed L2 (50 MiB; 2 to 8 sets), so that timed runs cycling through them read from
/// DRAM as a real GEMM would. Also returns the generator, for more inputs.
#[allow(clippy::type_complexity)]
pub(crate) fn rotating_inputs(stream: &Stream, (m, n, k): (usize, usize, usize), e: ElementCode) -> Result<(Vec<(Slice<u16>, Slice<u16>)>, RandomHalves)> {
    let sets = (2 * 50 * 1024 * 1024 / (2 * (m + n) * k) + 1).clamp(2, 8);
    let mut random = RandomHalves::of(e);
    let mut bufs = Vec::new();
    for _ in 0..sets {
        let a = stream.clone_htod(&random.take(m * k)).map_err(driver("A"))?;
        let b = stream.clone_htod(&random.take(n * k)).map_err(driver("B"))?;
        bufs.push((a, b));
    }
    Ok((bufs, random))
}

/// TFLOP/s of an `m x n x k` GEMM from the median of run times in milliseconds.
pub(crate) fn median_tflops((m, n, k): (usize, usize, usize), mut ms: Vec<f64>) -> f64 {
    ms.sort_by(|a, b| a.total_cmp(b));
    2.0 * m as f64 * n as f64 * k as f64 / (ms[ms.len() / 2] * 1e-3) / 1e12
}

