//! FlashAttention-3's register reuse on sm90 as tycute types (issue 22, the type level):
//!
//! * [`tile`]: an attention forward tile, FA3's `TiledMmaQK` (S = Q Kᵀ, both operands from shared
//!   memory) and `TiledMmaPV` (O = P V, P from registers) and the tiles FA3 picks;
//! * [`convert_layout_acc_aregs`]: `convert_layout_acc_Aregs`, S's accumulator fragment re-viewed
//!   as P·V's register A fragment;
//! * [`s_to_p`]: the proof that this view is P·V's A operand register for register
//!   ([`AccAsAregs`]), and the rules whose break does not compile;
//! * [`convert_layout_acc_rowcol`]: the accumulator as `(rows, cols)` for softmax, with the row
//!   each register belongs to and the lanes that share a row;
//! * [`permute_aregs_fp8`]: the fp8 path (stretch): the 8-bit A layout over the accumulators and
//!   the cross-lane permutation as a table;
//! * [`header`]: the header of one configuration through `tycute-emit`;
//! * [`twin`]: the S to P rules on runtime values, in the same words.

pub mod convert_layout_acc_aregs;
pub mod convert_layout_acc_rowcol;
pub mod header;
pub mod permute_aregs_fp8;
pub mod s_to_p;
pub mod tile;
pub mod twin;

pub use convert_layout_acc_aregs::ConvertLayoutAccAregs;
pub use convert_layout_acc_rowcol::ConvertLayoutAccRowcol;
pub use s_to_p::AccAsAregs;
