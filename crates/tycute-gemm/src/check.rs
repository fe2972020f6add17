//! What the GPU checks of both GEMMs share.

/// `sqrt(err2 / ref2)`: a normwise relative error from the squared norms of the difference and
/// the reference (the absolute one when the reference is zero).
pub(crate) fn normwise(err2: f64, ref2: f64) -> f64 {
    if ref2 > 0.0 {
        (err2 / ref2).sqrt()
    } else {
        err2.sqrt()
    }
}

/// The most a D of element type `e` may differ from cuBLAS's on the same exact inputs, normwise:
/// two unit roundoffs of `e` (1e-3 at least). Each D is the exact sum rounded, but cuBLAS rounds
/// alpha * A B to the element type before it adds beta * C, and rounds again: the two differ by up
/// to about a unit roundoff (2^-11 fp16, 2^-8 bf16) where beta is not 0 (bf16 17x8088x24, alpha 1.5,
/// beta 1: 2.4e-3, every element of tycute's within half an ulp of the f64 value).
pub(crate) fn cublas_limit(e: crate::elem::ElementCode) -> f64 {
    (2.0 * e.unit_roundoff()).max(1e-3)
}

#[cfg(test)]
mod tests {
    use crate::elem::ElementCode;

    #[test]
    fn cublas_limits_follow_the_significand() {
        assert_eq!(super::cublas_limit(ElementCode::F16), 1e-3);
        assert_eq!(super::cublas_limit(ElementCode::Bf16), 2.0f64.powi(-7));
    }
}
