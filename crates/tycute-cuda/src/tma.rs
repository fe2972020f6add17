//! TMA descriptors: [`TensorMap`] wraps the driver's `CUtensorMap` (128 opaque bytes, filled by
//! `cuTensorMapEncodeTiled`) so that it can be passed by value as a `__grid_constant__` kernel
//! argument through cudarc's launch builder.

use cudarc::driver::sys;
use cudarc::driver::DeviceRepr;

use crate::error::{Error, Result};

/// A `CUtensorMap`, passed to a kernel by value (`const __grid_constant__ CUtensorMap`).
#[repr(transparent)]
#[derive(Clone, Copy)]
pub struct TensorMap(pub sys::CUtensorMap);

// SAFETY: `CUtensorMap` is `#[repr(C, align(128))]` plain data, exactly what the kernel declares.
unsafe impl DeviceRepr for TensorMap {}

/// `CUtensorMapSwizzle` from its number (0 none, 1 32B, 2 64B, 3 128B), as the headers give it.
pub fn swizzle(mode: i64) -> Result<sys::CUtensorMapSwizzle> {
    use sys::CUtensorMapSwizzle::*;
    Ok(match mode {
        0 => CU_TENSOR_MAP_SWIZZLE_NONE,
        1 => CU_TENSOR_MAP_SWIZZLE_32B,
        2 => CU_TENSOR_MAP_SWIZZLE_64B,
        3 => CU_TENSOR_MAP_SWIZZLE_128B,
        _ => return Err(Error::TensorMapSwizzle { mode }),
    })
}

/// A map's L2 promotion (the size of the L2 requests its reads become): 256 bytes, except where
/// the rows (or the matrices, or the first row) start half a sector off, 16 bytes into a 32-byte
/// sector, where 128-byte requests read faster (the H200, 4096x4096x4104 fp16 without clusters:
/// 0.58x cuBLAS with 256, 0.69x with 128, 64 or none; rows on a sector: no difference;
/// docs/perf.md "Half-sector rows of B").
fn promotion(args: &TensorMapArgs, bytes: u64) -> sys::CUtensorMapL2promotion {
    use sys::CUtensorMapL2promotion::*;
    let half = |x: u64| x % 32 == 16;
    if half(args.ptr) || (args.rows > 1 && half(args.ld * bytes)) || (args.batch > 1 && half(args.batch_stride * bytes)) {
        CU_TENSOR_MAP_L2_PROMOTION_L2_128B
    } else {
        CU_TENSOR_MAP_L2_PROMOTION_L2_256B
    }
}

pub use crate::tensor_map_args::{Half, TensorMapArgs, TmaElement};

impl TensorMap {
    /// The map of `batch` row-major `rows x cols` matrices of 16-bit floats, the first at device
    /// address `ptr`, rows `ld` elements apart and matrices `batch_stride` elements apart (the
    /// map's third dimension), read or written in boxes of `box_rows x box_cols` of one matrix (the
    /// box's inner extent `box_cols`, depth 1) placed in shared memory with swizzle `swizzle_mode`
    /// (0-3). With `batch` 1 the stride is not used (any matrix-sized value is passed). A box
    /// reaching past `rows` or `cols` is zero-filled on a load and clipped on a store.
    ///
    /// Arguments the driver would refuse are [`Error::TensorMapArgument`] naming the rule
    /// (alignment, extents, pitch, box, swizzle span), checked before the driver is called; no
    /// driver is [`Error::NoDriver`]; a refusal of the driver's own is [`Error::TensorMapEncode`].
    ///
    /// # Safety
    /// `ptr` must be a device allocation of at least `(batch - 1) * batch_stride + (rows - 1) * ld
    /// + cols` halves that outlives every launch using the map.
    pub unsafe fn f16_3d(
        ptr: u64,
        (rows, cols, ld): (u64, u64, u64),
        (batch, batch_stride): (u64, u64),
        (box_rows, box_cols): (u32, u32),
        swizzle_mode: i64,
    ) -> Result<TensorMap> {
        let args = TensorMapArgs::new(ptr, (rows, cols, ld), (batch, batch_stride), (box_rows, box_cols), swizzle_mode);
        // SAFETY: the caller's (above).
        unsafe { TensorMap::half_3d(Half::F16, &args) }
    }

    /// [`TensorMap::f16_3d`] for either 16-bit type ([`Half::F16`], [`Half::Bf16`]), from its
    /// arguments as one value: the same rules and errors.
    ///
    /// # Safety
    /// As [`TensorMap::f16_3d`].
    pub unsafe fn half_3d(elem: Half, args: &TensorMapArgs) -> Result<TensorMap> {
        // SAFETY: the caller's (above).
        unsafe { TensorMap::tiled_3d(elem, args) }
    }

    /// The map of [`TensorMap::f16_3d`] for elements of any [`TmaElement`] (the driver's data type
    /// from it; extents, pitches, batch stride and box in its elements, the 16-byte rules counted
    /// in its bytes: an fp8 ([`TmaElement::U8`]) row pitch is a multiple of 16 elements). The same
    /// errors.
    ///
    /// # Safety
    /// As [`TensorMap::f16_3d`], the allocation counted in elements of `elem`.
    pub unsafe fn tiled_3d(elem: TmaElement, args: &TensorMapArgs) -> Result<TensorMap> {
        let swz = swizzle(args.swizzle)?;
        if let Some(rule) = args.broken_rule_of(elem) {
            return Err(Error::TensorMapArgument { rule, args: *args });
        }
        // (cudarc panics on a call without the library)
        if !crate::gpu::driver_present() {
            return Err(Error::NoDriver);
        }
        let dims = [args.cols, args.rows, args.batch];
        let strides = [args.ld * elem.bytes(), args.batch_stride * elem.bytes()]; // bytes between rows and between matrices
        let boxes = [args.box_cols, args.box_rows, 1];
        let elem_strides = [1u32, 1, 1];
        let mut map = std::mem::MaybeUninit::<sys::CUtensorMap>::zeroed();
        // SAFETY: every pointer refers to a live array of the rank's length (strides: rank - 1);
        // the driver writes the 128-byte map.
        let r = unsafe {
            sys::cuTensorMapEncodeTiled(
                map.as_mut_ptr(),
                elem.data_type(),
                3,
                args.ptr as *mut std::ffi::c_void,
                dims.as_ptr(),
                strides.as_ptr(),
                boxes.as_ptr(),
                elem_strides.as_ptr(),
                sys::CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
                swz,
                promotion(args, elem.bytes()),
                sys::CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
            )
        };
        if r != sys::CUresult::CUDA_SUCCESS {
            return Err(Error::TensorMapEncode { elem, args: *args, result: r });
        }
        // SAFETY: the driver filled it.
        Ok(TensorMap(unsafe { map.assume_init() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_sector_rows_promote_128_bytes() {
        use sys::CUtensorMapL2promotion::*;
        let a = |ptr, ld, batch| TensorMapArgs { ptr, rows: 64, cols: 64, ld, batch, batch_stride: 64 * ld, box_rows: 64, box_cols: 64, swizzle: 3 };
        assert_eq!(promotion(&a(0, 4096, 1), 2), CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
        assert_eq!(promotion(&a(0, 4112, 1), 2), CU_TENSOR_MAP_L2_PROMOTION_L2_256B); // 8224 bytes: on a sector
        assert_eq!(promotion(&a(0, 4104, 1), 2), CU_TENSOR_MAP_L2_PROMOTION_L2_128B); // 8208 = 16 mod 32
        assert_eq!(promotion(&a(0, 4112, 1), 1), CU_TENSOR_MAP_L2_PROMOTION_L2_128B); // fp8: 4112 bytes
        assert_eq!(promotion(&a(16, 4096, 1), 2), CU_TENSOR_MAP_L2_PROMOTION_L2_128B); // a view 16 bytes in
        assert_eq!(promotion(&TensorMapArgs { batch_stride: 8200, ..a(0, 64, 2) }, 2), CU_TENSOR_MAP_L2_PROMOTION_L2_128B);
    }

    #[test]
    fn layout_and_swizzles() {
        assert_eq!(std::mem::size_of::<TensorMap>(), 128);
        assert!(std::mem::align_of::<TensorMap>() >= 64);
        assert_eq!(swizzle(3).unwrap(), sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B);
        assert_eq!(swizzle(2).unwrap(), sys::CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_64B);
        assert!(matches!(swizzle(4), Err(Error::TensorMapSwizzle { mode: 4 })));
    }

    /// Each rule the driver would apply is checked first, with its words, and no driver is an
    /// error: nothing here panics on this machine without one.
    #[test]
    fn bad_arguments_name_their_rule() {
        let rule = |r: Result<TensorMap>| match r {
            Err(Error::TensorMapArgument { rule, .. }) => rule,
            Err(e) => panic!("not an argument error: {e}"),
            Ok(_) => panic!("accepted"),
        };
        // SAFETY: every call is refused before the driver is called.
        unsafe {
            assert!(rule(TensorMap::f16_3d(8, (64, 64, 64), (1, 0), (64, 64), 3)).contains("16-byte aligned"));
            assert!(rule(TensorMap::f16_3d(256, (0, 64, 64), (1, 0), (64, 64), 3)).contains("every extent"));
            assert!(rule(TensorMap::f16_3d(256, (64, 72, 64), (1, 0), (64, 64), 3)).contains("cols <= ld"));
            assert!(rule(TensorMap::f16_3d(256, (64, 60, 60), (1, 0), (64, 64), 3)).contains("row pitch"));
            assert!(rule(TensorMap::f16_3d(256, (64, 64, u64::MAX), (1, 0), (64, 64), 3)).contains("row pitch"));
            assert!(rule(TensorMap::f16_3d(256, (64, 64, 64), (2, 4), (64, 64), 3)).contains("batch stride"));
            assert!(rule(TensorMap::half_3d(Half::Bf16, &TensorMapArgs::new(256, (64, 64, 64), (1, 0), (512, 64), 3))).contains("1..=256"));
            assert!(rule(TensorMap::f16_3d(256, (64, 64, 64), (1, 0), (64, 4), 0)).contains("multiple of 16 bytes"));
            assert!(rule(TensorMap::f16_3d(256, (64, 128, 128), (1, 0), (64, 128), 3)).contains("swizzle's span"));
            // fp8 (one byte): the 16-byte rules in its bytes; the same arguments pass as halves
            let u8map = |shape, boxes, swz| TensorMap::tiled_3d(TmaElement::U8, &TensorMapArgs::new(256, shape, (1, 0), boxes, swz));
            assert!(rule(u8map((64, 8, 8), (64, 8), 0)).contains("row pitch"));
            assert!(rule(u8map((64, 24, 24), (64, 16), 0)).contains("row pitch"));
            assert!(rule(u8map((64, 64, 64), (64, 8), 0)).contains("multiple of 16 bytes"));
            assert!(rule(u8map((64, 256, 256), (64, 256), 3)).contains("swizzle's span"));
            assert!(rule(TensorMap::tiled_3d(TmaElement::U8, &TensorMapArgs::new(256, (64, 64, 64), (2, 40), (64, 64), 3))).contains("batch stride"));
            let ok = |elem: TmaElement, shape, boxes| TensorMapArgs::new(256, shape, (2, 4096), boxes, 3).broken_rule_of(elem);
            // a 128-byte box row: 128 fp8 elements, 64 halves
            assert_eq!(ok(TmaElement::U8, (64, 128, 128), (64, 128)), None);
            assert_eq!(ok(TmaElement::Bf16, (64, 128, 128), (64, 128)), Some("the box's row must be no wider than the swizzle's span (32, 64 or 128 bytes)"));
            assert_eq!(ok(TmaElement::Bf16, (64, 64, 64), (64, 64)), None);
            assert_eq!(ok(TmaElement::U8, (64, 32, 16), (64, 16)), Some("a row must fit in the row pitch (cols <= ld)"));
            assert_eq!((TmaElement::U8.bytes(), TmaElement::Bf16.bytes(), TmaElement::F16.bytes()), (1, 2, 2));
            assert_eq!(TmaElement::U8.data_type(), sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT8);
            assert_eq!(TmaElement::Bf16.data_type(), sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
            // f32 (tf32 A and B): 4 bytes, a 128-byte box row of 32; 64 are too wide for SWIZZLE_128B
            assert_eq!((TmaElement::F32.bytes(), TmaElement::F32.data_type()), (4, sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT32));
            assert_eq!(ok(TmaElement::F32, (64, 32, 32), (64, 32)), None);
            assert_eq!(ok(TmaElement::F32, (64, 64, 64), (64, 64)), Some("the box's row must be no wider than the swizzle's span (32, 64 or 128 bytes)"));
            let e = TensorMap::f16_3d(256, (64, 64, 64), (1, 0), (64, 64), 7).err().map(|e| e.to_string());
            assert!(e.is_some_and(|e| e.starts_with("TMA swizzle mode 7")));
            let e = TensorMap::f16_3d(8, (64, 64, 64), (1, 0), (64, 64), 3).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.starts_with("TMA map of 1 x 64x64 (ld 64, batch stride 4096, address 0x8, box 64x64, swizzle 3): the address"), "{e}");
            if !crate::gpu::driver_present() {
                assert!(matches!(TensorMap::f16_3d(256, (64, 64, 64), (1, 0), (64, 64), 3), Err(Error::NoDriver)));
            }
        }
    }
}
