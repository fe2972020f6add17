//! Stream-K workspaces: where the units of a split tile leave their partial sums for the unit
//! that finishes it (`kernels/sm80_gemm.cu`, "Stream-K tail"; `kernels/sm90_gemm.cu`,
//! "This CTA's work"). The plans that decide who writes and who reads are [`crate::stream_k`]'s.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use tycute_cuda::cudarc::driver::{CudaSlice, DevicePtrMut, SyncOnDrop};

use crate::device::Stream;
use crate::error::driver;
use crate::{Error, Result};

/// Stream-K workspaces, one per stream so that launches on different streams never share one:
/// slots of fp32 sums and a `u32` counter or flag each, allocated zeroed when a stream's launch
/// first needs them and again when one needs more slots. The kernels keep them as they need them
/// between launches (sm80: sums and counters back to zero; sm90: flags back to zero).
#[derive(Default)]
pub(crate) struct StreamKWorkspaces(Mutex<HashMap<usize, Workspace>>);

/// The stream-K workspace of one stream: `slots` slots of fp32 sums and a counter each.
pub(crate) struct Workspace {
    slots: usize,
    sums: CudaSlice<f32>,
    counts: CudaSlice<u32>,
}

/// The workspace addresses of one launch (0 without stream-K) and the guards that order the
/// launch after the workspace's earlier use; alive until the launch is queued.
pub(crate) struct WorkspacePtrs<'a> {
    /// The fp32 sums.
    pub(crate) sums: u64,
    /// The counters (sm80) or flags (sm90), one per slot.
    pub(crate) counts: u64,
    _guards: Option<(SyncOnDrop<'a>, SyncOnDrop<'a>)>,
}

/// Every stream's workspace, locked while a launch is queued.
pub(crate) type Locked<'a> = MutexGuard<'a, HashMap<usize, Workspace>>;

impl StreamKWorkspaces {
    /// The lock on every stream's workspace (held while a launch is queued).
    pub(crate) fn lock(&self) -> Result<Locked<'_>> {
        self.0.lock().map_err(|_| Error::WorkspacePoisoned)
    }
}

/// `stream`'s workspace in `map` for a launch that needs `need` slots of `floats` sums (`need` =
/// 0: none, null pointers), allocated with `need.max(at_least)` slots if it has fewer.
pub(crate) fn workspace_for<'a>(map: &'a mut HashMap<usize, Workspace>, stream: &'a Stream, need: usize, at_least: usize, floats: usize) -> Result<WorkspacePtrs<'a>> {
    if need == 0 {
        return Ok(WorkspacePtrs { sums: 0, counts: 0, _guards: None });
    }
    let fresh = || -> Result<Workspace> {
        let slots = need.max(at_least);
        let sums = stream.alloc_zeros::<f32>(slots * floats).map_err(driver("stream-K workspace"))?;
        let counts = stream.alloc_zeros::<u32>(slots).map_err(driver("stream-K counters"))?;
        Ok(Workspace { slots, sums, counts })
    };
    let w = match map.entry(stream.cu_stream() as usize) {
        Entry::Occupied(o) if o.get().slots >= need => o.into_mut(),
        Entry::Occupied(mut o) => {
            o.insert(fresh()?);
            o.into_mut()
        }
        Entry::Vacant(v) => v.insert(fresh()?),
    };
    let (sums, gs) = w.sums.device_ptr_mut(stream);
    let (counts, gc) = w.counts.device_ptr_mut(stream);
    Ok(WorkspacePtrs { sums, counts, _guards: Some((gs, gc)) })
}
