//! Named kernel configurations, evaluated at the type level: every layout a kernel uses is a type
//! derived by the trait solver from the atoms and the algebra, and printed with `show`.

// `cute!` expands to `::tycute::__private::...`.
extern crate tycute_layout as tycute;

pub mod sgemm_sm80;
