// Swizzles: CuTe's parameter asserts on Sw<B,M,S>, make_swizzle's masks, applying a swizzle,
// upcasting one, the 16-byte vectors it may not split, and the smem flag that
// as_position_independent_swizzle_layout expects.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// swizzle_negative_base (rule `SwizzleMBasePositive`):
// Sw<2,-1,3>: a negative base M (CuTe: static_assert(num_base >= 0, "MBase must be positive.")),
// rejected wherever the swizzle is used, here printed.
mod swizzle_negative_base {
    use tycute::{cute, show};
    fn case() {
        let _ = show::<cute!(Sw<2,-1,3>)>();
    }
}

// swizzle_params_range (rule `SwizzleShiftCoversBits`):
// Sw<3,3,2>: |S| = 2 < B = 3, CuTe's static_assert(abs(S) >= B).
mod swizzle_params_range {
    use tycute::{cute, show, SwizzleApply};
    fn case() {
        let _ = show::<SwizzleApply<cute!(Sw<3,3,2>), cute!(_100)>>();
    }
}

// swizzle_shift_bits (rule `SwizzleShiftCoversBits`):
// Sw<3,3,2> composed with a layout: |S| = 2 < B = 3 (CuTe: static_assert(abs(num_shft) >= num_bits,
// "abs(SShift) must be more than BBits.")). The runtime twin: REJECT Swizzle: abs(SShift) must be
// more than BBits (|S| >= B): Sw<3,3,2>.
mod swizzle_shift_bits {
    use tycute::{cute, show, Composition};
    fn case() {
        let _ = show::<Composition<cute!(Sw<3,3,2>), cute!((_8,_64):(_64,_1))>>();
    }
}

// swizzle_apply_negative (rule `SwizzleOffsetNonNegative`):
// A swizzle applied to a negative static offset.
mod swizzle_apply_negative {
    use tycute::{cute, show, SwizzleApply};
    fn case() {
        let _ = show::<SwizzleApply<cute!(Sw<3,3,3>), cute!(_-8)>>();
    }
}

// make_swizzle_masks (rule `SwizzleMasksRepresentable`):
// make_swizzle: the masks 0b101 and 0b110000 are not runs of equal length.
mod make_swizzle_masks {
    use tycute::{cute, show, swizzle::MakeSwizzle};
    fn case() {
        let _ = show::<MakeSwizzle<cute!(_5), cute!(_48)>>();
    }
}

// swizzle_upcast_power_of_two (rule `SwizzleCastPowerOfTwo`):
// upcast<3> of a swizzle: N must be a power of two.
mod swizzle_upcast_power_of_two {
    use tycute::{cute, show, swizzle::recast::SwizzleUpcast};
    fn case() {
        let _ = show::<SwizzleUpcast<cute!(3), cute!(Sw<3,3,3>)>>();
    }
}

// swizzle_splits_vectors (rule `SwizzleKeepsVectors`):
// Sw<3,2,3> on half_t permutes 8-byte units (4 halves): a 16-byte vector of 8 halves would be split.
mod swizzle_splits_vectors {
    use tycute::{cute, show, swizzle::{recast::half_t, SwizzledVector}};
    fn case() {
        let _ = show::<SwizzledVector<cute!(Sw<3,2,3> o _0 o (_8,_64):(_64,_1)), half_t>>();
    }
}

// position_independent_not_smem (rule `SmemPtrOffset`):
// as_position_independent_swizzle_layout of a swizzle at offset _0 (no smem_ptr flag): CuTe accepts
// only ComposedLayout<Sw, smem_ptr_flag_bits<B>, L> ("Expected smem.").
mod position_independent_not_smem {
    use tycute::{cute, show, AsPositionIndependent};
    fn case() {
        let _ = show::<AsPositionIndependent<cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>>();
    }
}

fn main() {}
