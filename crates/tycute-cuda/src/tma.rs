//! TMA descriptors: [`TensorMap`] wraps the driver's `CUtensorMap` (128 opaque bytes, filled by
//! `cuTensorMapEncodeTiled`) so that it can be passed by value as a `__grid_constant__` kernel
//! argument through cudarc's launch builder.

use cudarc::driver::sys;
use cudarc::driver::DeviceRepr;

/// A `CUtensorMap`, passed to a kernel by value (`const __grid_constant__ CUtensorMap`).
#[repr(transparent)]
#[derive(Clone, Copy)]
pub struct TensorMap(pub sys::CUtensorMap);

// SAFETY: `CUtensorMap` is `#[repr(C, align(128))]` plain data, exactly what the kernel declares.
unsafe impl DeviceRepr for TensorMap {}

/// `CUtensorMapSwizzle` from its number (0 none, 1 32B, 2 64B, 3 128B), as the headers give it.
pub fn swizzle(mode: i64) -> Result<sys::CUtensorMapSwizzle, String> {
    use sys::CUtensorMapSwizzle::*;
    Ok(match mode {
        0 => CU_TENSOR_MAP_SWIZZLE_NONE,
        1 => CU_TENSOR_MAP_SWIZZLE_32B,
        2 => CU_TENSOR_MAP_SWIZZLE_64B,
        3 => CU_TENSOR_MAP_SWIZZLE_128B,
        _ => return Err(format!("swizzle mode {mode} is not one of CU_TENSOR_MAP_SWIZZLE_NONE/32B/64B/128B")),
    })
}

impl TensorMap {
    /// The map of `batch` row-major `rows x cols` matrices of 16-bit floats, the first at device
    /// address `ptr`, rows `ld` elements apart and matrices `batch_stride` elements apart (the
    /// map's third dimension), read or written in boxes of `box_rows x box_cols` of one matrix (the
    /// box's inner extent `box_cols`, depth 1) placed in shared memory with swizzle `swizzle_mode`
    /// (0-3). With `batch` 1 the stride is not used (any matrix-sized value is passed). A box
    /// reaching past `rows` or `cols` is zero-filled on a load and clipped on a store.
    ///
    /// # Safety
    /// `ptr` must be a device allocation of at least `(batch - 1) * batch_stride + (rows - 1) * ld
    /// + cols` halves that outlives every launch using the map.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn f16_3d(
        ptr: u64,
        (rows, cols, ld): (u64, u64, u64),
        (batch, batch_stride): (u64, u64),
        (box_rows, box_cols): (u32, u32),
        swizzle_mode: i64,
    ) -> Result<TensorMap, String> {
        let stride = if batch > 1 { batch_stride } else { rows * ld };
        if ptr % 16 != 0 || (ld * 2) % 16 != 0 || cols > ld || (stride * 2) % 16 != 0 || stride == 0 {
            return Err(format!(
                "TMA: the address must be 16-byte aligned, the row pitch ({ld} halves) a multiple of 16 bytes and at least {cols}, the batch stride ({stride} halves) a nonzero multiple of 16 bytes"
            ));
        }
        if rows == 0 || cols == 0 || batch == 0 || rows > 1 << 32 || cols > 1 << 32 || batch > 1 << 32 || stride * 2 >= 1 << 40 || ld * 2 >= 1 << 40 {
            return Err(format!("TMA: {batch} x {rows}x{cols} (ld {ld}, batch stride {stride}) is outside the tensor map's limits (extents 1..=2^32, strides < 2^40 bytes)"));
        }
        let swz = swizzle(swizzle_mode)?;
        let dims = [cols, rows, batch];
        let strides = [ld * 2, stride * 2]; // bytes between rows and between matrices
        let boxes = [box_cols, box_rows, 1];
        let elem_strides = [1u32, 1, 1];
        let mut map = std::mem::MaybeUninit::<sys::CUtensorMap>::zeroed();
        // SAFETY: every pointer refers to a live array of the rank's length (strides: rank - 1);
        // the driver writes the 128-byte map.
        let r = unsafe {
            sys::cuTensorMapEncodeTiled(
                map.as_mut_ptr(),
                sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
                3,
                ptr as *mut std::ffi::c_void,
                dims.as_ptr(),
                strides.as_ptr(),
                boxes.as_ptr(),
                elem_strides.as_ptr(),
                sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
                swz,
                sys::CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
            )
        };
        if r != sys::CUresult::CUDA_SUCCESS {
            return Err(format!(
                "cuTensorMapEncodeTiled({batch} x {rows}x{cols}, ld {ld}, batch stride {stride}, box {box_rows}x{box_cols}, swizzle {swizzle_mode}): {r:?}"
            ));
        }
        // SAFETY: the driver filled it.
        Ok(TensorMap(unsafe { map.assume_init() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_swizzles() {
        assert_eq!(std::mem::size_of::<TensorMap>(), 128);
        assert!(std::mem::align_of::<TensorMap>() >= 64);
        assert_eq!(swizzle(3).unwrap(), sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B);
        assert_eq!(swizzle(2).unwrap(), sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_64B);
        assert!(swizzle(4).is_err());
    }
}
