//! placeholder
pub type ConvertLayoutAccRowcol<L> = L;
