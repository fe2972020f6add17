//! Named kernel configurations, evaluated at the type level.

pub mod sgemm_sm80;
