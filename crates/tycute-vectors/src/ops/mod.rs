//! The ops of `algebra.txt` and `swizzle.txt` (and the kernel-configuration rules) by name: each
//! file holds one family and its table `HANDLERS` (exact names) and, where the op takes template
//! arguments in its name, `TEMPLATED` (name prefixes such as `layout<`).

pub mod algebra;
pub mod gmma;
pub mod kernel_config;
pub mod layout;
pub mod swizzle;

use crate::evaluator::Handler;

/// Every family's table of exact names.
const TABLES: &[&[(&str, Handler)]] = &[
    layout::HANDLERS,
    algebra::HANDLERS,
    swizzle::HANDLERS,
    gmma::HANDLERS,
    kernel_config::HANDLERS,
];

/// Every family's table of templated names (`layout<I>`, `take<B,E>`, `recast_layout<From,To>`).
const TEMPLATED: &[&[(&str, Handler)]] = &[layout::TEMPLATED, algebra::TEMPLATED];

/// The handler of `op`: an exact name, or a templated one (`PREFIX...>`).
pub(crate) fn handler(op: &str) -> Option<Handler> {
    let exact = TABLES
        .iter()
        .flat_map(|t| t.iter())
        .find(|(name, _)| *name == op);
    let templated = || {
        TEMPLATED
            .iter()
            .flat_map(|t| t.iter())
            .find(|(prefix, _)| op.starts_with(prefix) && op.ends_with('>'))
    };
    exact.or_else(templated).map(|(_, h)| *h)
}

/// Whether `op` names an op of these tables.
pub(crate) fn is_algebra_op(op: &str) -> bool {
    handler(op).is_some()
}
