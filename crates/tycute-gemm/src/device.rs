//! Device-buffer plumbing shared by the launches: the stream and slice types, and a view of one
//! buffer as both C and D (the in-place `run`s).

use std::marker::PhantomData;
use std::sync::Arc;

use tycute_cuda::cudarc::driver::{sys::CUdeviceptr, CudaSlice, CudaStream, DevicePtr, DevicePtrMut, DeviceSlice, SyncOnDrop};

/// A stream of the GPU context.
pub(crate) type Stream = Arc<CudaStream>;

/// A device buffer.
pub(crate) type Slice<T> = CudaSlice<T>;

/// A device buffer seen through its raw pointer: C and D of the in-place `run`s, which are one
/// buffer. The owner's guard (taken by the `run`) orders the launch after the buffer's previous
/// work; the view adds none.
pub(crate) struct SameBuffer<'a, T> {
    ptr: CUdeviceptr,
    len: usize,
    stream: &'a Stream,
    _t: PhantomData<T>,
}

impl<'a, T> SameBuffer<'a, T> {
    /// A view of the `len` elements at `ptr`, used on `stream`.
    pub(crate) fn new(ptr: CUdeviceptr, len: usize, stream: &'a Stream) -> SameBuffer<'a, T> {
        SameBuffer { ptr, len, stream, _t: PhantomData }
    }
}

impl<T> DeviceSlice<T> for SameBuffer<'_, T> {
    fn len(&self) -> usize {
        self.len
    }
    fn stream(&self) -> &Arc<CudaStream> {
        self.stream
    }
}

impl<T> DevicePtr<T> for SameBuffer<'_, T> {
    fn device_ptr<'a>(&'a self, _: &'a CudaStream) -> (CUdeviceptr, SyncOnDrop<'a>) {
        (self.ptr, SyncOnDrop::Sync(None))
    }
}

impl<T> DevicePtrMut<T> for SameBuffer<'_, T> {
    fn device_ptr_mut<'a>(&'a mut self, _: &'a CudaStream) -> (CUdeviceptr, SyncOnDrop<'a>) {
        (self.ptr, SyncOnDrop::Sync(None))
    }
}
