//! A TMA map's arguments and the rules the driver holds them to, checked before it is called
//! (a leaf: `tma` encodes maps from them and `error` carries them).

use cudarc::driver::sys;

/// The bytes a swizzle mode permutes within (the widest box row it takes): 32, 64, 128; none
/// for mode 0 (no limit).
fn swizzle_span(mode: i64) -> Option<u64> {
    match mode {
        1 => Some(32),
        2 => Some(64),
        3 => Some(128),
        _ => None,
    }
}

/// The element types a TMA map of [`crate::tma::TensorMap::tiled_3d`] holds: its driver data
/// type and its size (the map's strides and box rows are in bytes of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TmaElement {
    /// IEEE half (`CU_TENSOR_MAP_DATA_TYPE_FLOAT16`), 2 bytes.
    F16,
    /// bfloat16 (`CU_TENSOR_MAP_DATA_TYPE_BFLOAT16`), 2 bytes.
    Bf16,
    /// One byte moved as it is (`CU_TENSOR_MAP_DATA_TYPE_UINT8`): the fp8 types (e4m3, e5m2),
    /// which the driver has no data type of its own for; TMA only copies them.
    U8,
    /// IEEE single (`CU_TENSOR_MAP_DATA_TYPE_FLOAT32`), 4 bytes: f32 A and B that wgmma's tf32
    /// form reads (it uses the tf32 part of each f32's bits).
    F32,
}

/// The 16-bit map elements' former name ([`TmaElement::F16`], [`TmaElement::Bf16`]).
pub type Half = TmaElement;

impl TmaElement {
    pub(crate) fn data_type(self) -> sys::CUtensorMapDataType {
        match self {
            TmaElement::F16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
            TmaElement::Bf16 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
            TmaElement::U8 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT8,
            TmaElement::F32 => sys::CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        }
    }

    /// The element's size in bytes.
    pub fn bytes(self) -> u64 {
        match self {
            TmaElement::F16 | TmaElement::Bf16 => 2,
            TmaElement::U8 => 1,
            TmaElement::F32 => 4,
        }
    }
}

/// One map's arguments, extents and strides in elements (see [`crate::tma::TensorMap::f16_3d`]); an error
/// about the map carries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TensorMapArgs {
    /// The first matrix's device address.
    pub ptr: u64,
    /// Rows of one matrix.
    pub rows: u64,
    /// Columns of one matrix (the contiguous dimension).
    pub cols: u64,
    /// Elements between rows.
    pub ld: u64,
    /// Matrices.
    pub batch: u64,
    /// Elements between matrices (with one matrix, its size: the driver still takes a stride).
    pub batch_stride: u64,
    /// The box's rows.
    pub box_rows: u32,
    /// The box's columns.
    pub box_cols: u32,
    /// The swizzle mode (0-3).
    pub swizzle: i64,
}

impl std::fmt::Display for TensorMapArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let TensorMapArgs { ptr, rows, cols, ld, batch, batch_stride, box_rows, box_cols, swizzle } = self;
        write!(f, "{batch} x {rows}x{cols} (ld {ld}, batch stride {batch_stride}, address {ptr:#x}, box {box_rows}x{box_cols}, swizzle {swizzle})")
    }
}

impl TensorMapArgs {
    /// The arguments of [`crate::tma::TensorMap::f16_3d`]; with one matrix, its size stands for the batch
    /// stride.
    pub fn new(ptr: u64, (rows, cols, ld): (u64, u64, u64), (batch, batch_stride): (u64, u64), (box_rows, box_cols): (u32, u32), swizzle: i64) -> Self {
        let batch_stride = if batch > 1 { batch_stride } else { rows.saturating_mul(ld) };
        TensorMapArgs { ptr, rows, cols, ld, batch, batch_stride, box_rows, box_cols, swizzle }
    }

    /// The first requirement of `cuTensorMapEncodeTiled` (CUDA driver API, "Tensor Map Object
    /// Management") these arguments break, for 2-byte elements; `None` when they meet them all.
    pub fn broken_rule(&self) -> Option<&'static str> {
        self.broken_rule_of(TmaElement::F16)
    }

    /// [`TensorMapArgs::broken_rule`] for elements of type `elem` (the 16-byte rules on the row
    /// pitch, batch stride and box row counted in its bytes: 16 fp8 elements, 8 halves).
    pub fn broken_rule_of(&self, elem: TmaElement) -> Option<&'static str> {
        #[allow(non_snake_case)]
        let ELEM: u64 = elem.bytes();
        let ld_bytes = self.ld.saturating_mul(ELEM);
        let stride_bytes = self.batch_stride.saturating_mul(ELEM);
        let box_row_bytes = u64::from(self.box_cols) * ELEM;
        let extent_ok = |x: u64| (1..=1u64 << 32).contains(&x);
        Some(if self.ptr % 16 != 0 {
            "the address must be 16-byte aligned"
        } else if !(extent_ok(self.rows) && extent_ok(self.cols) && extent_ok(self.batch)) {
            "every extent (rows, cols, batch) must be 1..=2^32"
        } else if self.cols > self.ld {
            "a row must fit in the row pitch (cols <= ld)"
        } else if ld_bytes % 16 != 0 || ld_bytes >= 1 << 40 {
            "the row pitch must be a multiple of 16 bytes and below 2^40 bytes"
        } else if stride_bytes == 0 || stride_bytes % 16 != 0 || stride_bytes >= 1 << 40 {
            "the batch stride must be a nonzero multiple of 16 bytes below 2^40 bytes"
        } else if !(1..=256).contains(&self.box_rows) || !(1..=256).contains(&self.box_cols) {
            "the box's extents must be 1..=256"
        } else if box_row_bytes % 16 != 0 {
            "the box's row must be a multiple of 16 bytes"
        } else if swizzle_span(self.swizzle).is_some_and(|span| box_row_bytes > span) {
            "the box's row must be no wider than the swizzle's span (32, 64 or 128 bytes)"
        } else {
            return None;
        })
    }
}
