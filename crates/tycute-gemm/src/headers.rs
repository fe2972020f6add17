//! The CUDA headers of the named configurations, written by this crate's `build.rs` from their
//! types (docs/headers.md): `(file name, text)` for NVRTC's in-memory headers, and the integers
//! each holds ([`value`]), which is what the host reads of a configuration.

/// `sgemm_sm80.h`: CuTe's tutorial configuration.
pub const SGEMM_SM80: &str = include_str!(concat!(env!("OUT_DIR"), "/sgemm_sm80.h"));
/// `sm80_tn_128x256.h`: tycute's own sm80 configuration.
pub const SM80_TN_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256.h"));
/// `sm80_nt_128x256.h`: the same with A M-major and B N-major (NT).
pub const SM80_NT_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_nt_128x256.h"));
/// `sm80_nn_128x256.h`: A M-major, B K-major (NN).
pub const SM80_NN_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_nn_128x256.h"));
/// `sm80_tt_128x256.h`: A K-major, B N-major (TT).
pub const SM80_TT_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tt_128x256.h"));
/// `sm80_tn_128x256_f16acc.h`: `sm80_tn_128x256` with fp16 accumulation.
pub const SM80_TN_128X256_F16ACC: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256_f16acc.h"));
/// `sm80_tn_128x256_f16cd.h`: `sm80_tn_128x256` with fp16 C and D.
pub const SM80_TN_128X256_F16CD: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256_f16cd.h"));
/// `sm80_tn_128x256_f16acc_f16cd.h`: both.
pub const SM80_TN_128X256_F16ACC_F16CD: &str = include_str!(concat!(env!("OUT_DIR"), "/sm80_tn_128x256_f16acc_f16cd.h"));
/// `sm90.h`.
pub const SM90: &str = include_str!(concat!(env!("OUT_DIR"), "/sm90.h"));
/// `sm90_128x256.h`: the cooperative sm90 configuration.
pub const SM90_128X256: &str = include_str!(concat!(env!("OUT_DIR"), "/sm90_128x256.h"));
/// `sm90_reuse_c.h`: `sm90` with ReuseSmemC.
pub const SM90_REUSE_C: &str = include_str!(concat!(env!("OUT_DIR"), "/sm90_reuse_c.h"));
// `HEADERS`, every header `(file name, text)` in the registry's order (tycute-configs'
// `registry`), written by build.rs.
include!(concat!(env!("OUT_DIR"), "/headers.rs"));

include!(concat!(env!("OUT_DIR"), "/header_values.rs"));

/// The integers configuration `config`'s header holds under `name` (a `constexpr int`'s one
/// value, a table's first row), as build.rs computed them from the types: what the host reads
/// of a configuration, without parsing the C++.
pub fn value(config: &str, name: &str) -> Option<&'static [i64]> {
    HEADER_VALUES.iter().find(|(c, _)| *c == config)?.1.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}
