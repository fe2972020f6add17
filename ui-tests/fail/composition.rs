// composition(A, B) and its rules: the tiler's rank, CuTe's stride and shape divisibility
// conditions, the stricter walk and carry rules that make tycute accept a composition only
// when its result is A∘B, scaled-basis strides, and composed layouts.
//
// One module per case, named after it (each was `fail/<case>.rs` with its own `main`); the
// comment above a module names the rule (the check trait in the help line of its error) and
// says why the case must be rejected. Every error a case gave in a file of its own is in
// this file's .stderr, at a line inside the case's module, and there is no other error.

// composition_tiler_rank (rule `TilerRankFits`):
// From tests/vectors/rejects.txt: a tiler of rank 2 for a layout of rank 1 (CuTe: static_assert(tuple_size<Tiler> <= rank(A))).
mod composition_tiler_rank {
    use tycute::{cute, show, Composition};
    fn case() {
        let _ = show::<Composition<cute!(_8:_1), cute!((_2,_2))>>();
    }
}

// composition_stride_divisibility (rule `StrideDivisibilityAt`):
// CuTe's stride divisibility condition: B's stride _6 steps over A's first mode _4, neither a multiple of it nor smaller.
mod composition_stride_divisibility {
    use tycute::{cute, show, Composition};
    fn case() {
        let _ = show::<Composition<cute!((_4,_6):(_1,_8)), cute!(_2:_6)>>();
    }
}

// composition_shape_divisibility (rule `ShapeDivisibilityAt`):
// CuTe's shape divisibility condition: 2 of B's 3 elements fit in A's first mode _4 at stride _2, and 3 % 2 != 0.
mod composition_shape_divisibility {
    use tycute::{cute, show, Composition};
    fn case() {
        let _ = show::<Composition<cute!((_4,_6):(_1,_8)), cute!(_3:_2)>>();
    }
}

// composition_partial_walk (rule `PartialWalkDivisibility`):
// Strict rule 2: _4:_4 takes 2 elements of A's mode _6 at stride 4 and goes on into the next mode; 6 % 4 != 0 (CuTe accepts, A(B(2)) = A(8) = 10 but its result gives 8).
mod composition_partial_walk {
    use tycute::{cute, show, Composition};
    fn case() {
        let _ = show::<Composition<cute!((_6,_4):(_1,_8)), cute!(_4:_4)>>();
    }
}

// composition_carry (rule `NoCarry`):
// CuTe accepts this composition (weak stride check, NVIDIA/cutlass #3177) and prints
// (_8,_2):(_8,_64), which is not A∘B: at i = 12, A(B(12)) = A(12) = 1 but the result gives 96.
mod composition_carry {
    use tycute::{cute, show, Composition};
    type A = cute!((_12,_8):(_8,_1));
    type B = cute!((_8,_2):(_1,_8));
    fn case() {
        println!("{}", show::<Composition<A, B>>());
    }
}

// composition_basis_carry (rule `NoCarry`):
// Two leaves of B on the path 1 both step over the first mode of get<1>(A) = (_2,_3):(_3,_1):
// CuTe prints (_2,_2):(_3,_3), which maps i = 3 (coordinate 1 + 1 = 2 of mode 1, A = 1) to 6.
mod composition_basis_carry {
    use tycute::{cute, show, Composition};
    type A = cute!((_4,(_2,_3)):(_6,(_3,_1)));
    type B = cute!((_2,_2):(_1@1,_1@1));
    fn case() {
        println!("{}", show::<Composition<A, B>>());
    }
}

// composition_negative_stride (rule `NegativeStrideDivisibility`):
// CuTe accepts this composition (its stride check `rest_stride < curr_shape` holds for every
// negative stride) and prints (_4,(_3,_2)):(_2,(_8,_-1)), which is not A∘B: at i = 17,
// B(17) = 0 and A(0) = 0, but the result gives 9. |_-4| neither divides nor stays below A's _3.
mod composition_negative_stride {
    use tycute::{cute, show, Composition};
    type A = cute!((_3,_8):(_8,_-1));
    type B = cute!((_4,_6):(_-4,_1));
    fn case() {
        println!("{}", show::<Composition<A, B>>());
    }
}

// composition_borrow (rule `NoBorrow`):
// CuTe accepts this composition and prints (_2,_4):(_8,_-1), which is not A∘B: at i = 3,
// B(3) = 31 and A(31) = 13, but the result gives 7. The _-1 leaf places negative digits in
// A's first mode (coalesced: (_8,_4):(_1,_2)) below the _32 leaf's positive digit in the second.
mod composition_borrow {
    use tycute::{cute, show, Composition};
    type A = cute!((_2,_4,_4):(_1,_2,_2));
    type B = cute!((_2,_4):(_32,_-1));
    fn case() {
        println!("{}", show::<Composition<A, B>>());
    }
}

// composition_basis_mixed (rule `NoIntegerStrideWithBasis`):
// A non-zero integer stride next to scaled-basis strides: CuTe cannot form B's coprofile
// (static assertion "ScaledBasis op+ error!").
mod composition_basis_mixed {
    use tycute::{cute, show, Composition};
    type A = cute!((_4,_4):(_4,_1));
    type B = cute!((_2,_2):(_1@1,_1));
    fn case() {
        println!("{}", show::<Composition<A, B>>());
    }
}

// composition_basis_paths (rule `BasisPathsDisjoint`):
// The paths 1 and 1,0 of B select nested modes of A: CuTe cannot form B's coprofile
// (static assertion "Arithmetic tuple op+ error!").
mod composition_basis_paths {
    use tycute::{cute, show, Composition};
    type A = cute!((_4,(_2,_3)):(_6,(_3,_1)));
    type B = cute!((_2,_2):(_1@1,_1@0@1));
    fn case() {
        println!("{}", show::<Composition<A, B>>());
    }
}

// composition_composed_offset (rule `ComposedOffsetIsZero`):
// composition(Layout, ComposedLayout) needs the composed layout's offset to be _0 (CuTe: Require offset == 0.).
mod composition_composed_offset {
    use tycute::{cute, show, Composition};
    fn case() {
        let _ = show::<Composition<cute!((_8,_8):(_8,_1)), cute!(Sw<3,3,3> o _8 o (_8,_8):(_8,_1))>>();
    }
}

// composition_nested_composed (rule `NotNestedComposed`):
// composition of two swizzled layouts: CuTe nests them (Sw<2,1,2> o _0 o Sw<..> o _0 o L); tycute
// represents one swizzle per composed layout and rejects the nesting at both levels (the runtime
// twin: REJECT composition: the result would nest composed layouts ...).
mod composition_nested_composed {
    use tycute::{cute, show, Composition};
    fn case() {
        let _ = show::<Composition<cute!(Sw<2,1,2> o _0 o (_4,_4):(_4,_1)), cute!(Sw<1,0,2> o _0 o (_4,_4):(_1,_4))>>();
    }
}

fn main() {}
