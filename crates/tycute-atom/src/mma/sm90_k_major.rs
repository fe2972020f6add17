//! The GMMA forms that read A and B K-major only: wgmma's `.tf32`, `.e4m3` and `.e5m2` inputs
//! (the PTX ISA's `imm-trans-a` / `imm-trans-b` transpose exists for `.f16` and `.bf16` only).
//! [`sm90_fp8`](crate::mma::sm90_fp8) and [`sm90_tf32`](crate::mma::sm90_tf32) declare their
//! atoms with `gmma_k_major!`; this file holds that macro and the shape of what it declares.
//!
//! CuTe names these atoms `SM90_64xNxK_<D><A><B>_SS_TN` and `..._RS_TN` (`TN`: both operands
//! K-major, no major parameters). tycute declares each as a type with the two major parameters
//! of its 16-bit GMMA atoms, defaulting to `K`, and CuTe's `_TN` name as an alias of the `<K, K>`
//! form:
//!
//! * `SM90_64xNxK_<D><A><B>_SS<MajorA = K, MajorB = K>`: A and B from shared memory;
//!   `SM90_64xNxK_<D><A><B>_SS_TN` = `..._SS<K, K>`;
//! * `SM90_64xNxK_<D><A><B>_RS<MajorA = K, MajorB = K>`: A from registers;
//!   `SM90_64xNxK_<D><A><B>_RS_TN` = `..._RS<K, K>`.
//!
//! so that a kernel configuration swaps majors on them as on the 16-bit atoms
//! ([`GmmaOperandMajors::WithMajors`](crate::GmmaOperandMajors)), and an `MN` major is a type
//! that exists but is no MMA: its [`MmaTraits`](crate::MmaTraits) (and [`GmmaPtx`](crate::GmmaPtx))
//! require `K`, and the unmet bound carries the rule (`GmmaFp8MajorA`, `GmmaTf32MajorB`, ...).
//! An RS atom's A is rejected by the 16-bit atoms' rule
//! ([`GmmaRegisterSourceMajor`](crate::GmmaRegisterSourceMajor)).

/// Declares the SS and RS atoms of one K-major-only GMMA family, one line per
/// `(N, D, A, B)`: the two types, CuTe's two `_TN` aliases, and their `MmaTraits`, `GmmaPtx` (SS)
/// and `GmmaOperandMajors` (SS).
///
/// `k`/`K`: the instruction's K (literal and typenum); `a_rs`: the register layout of A (RS);
/// `major_a`/`major_b`: the traits that only `K` implements, whose messages name the rule.
macro_rules! gmma_k_major {
    (
        k = $k:literal, K = $K:ty, a_rs = $a_rs:ty, major_a = $major_a:path, major_b = $major_b:path;
        $($n:literal, $N:ty, $d:ty, $a:ty, $b:ty, $ptx:literal, $f32:literal: $ss:ident, $rs:ident, $ss_tn:ident, $rs_tn:ident;)*
    ) => {$(
        #[doc = concat!(
            "`wgmma.mma_async.sync.aligned.m64n", stringify!($n), "k", stringify!($k), ".", $ptx,
            "`, A and B from shared memory, both `K`-major (the only form this instruction has: `MajorA` and `MajorB` ",
            "must be `K`): `(_64,_", stringify!($n), ",_", stringify!($k), ")`, A `ABLayout<64,", stringify!($k),
            ">`, B `ABLayout<", stringify!($n), ",", stringify!($k), ">`, C `CLayout_64xN<", stringify!($n), ">`. ",
            "CuTe's name is `", stringify!($ss_tn), "`."
        )]
        pub struct $ss<MajorA = $crate::mma::sm90::K, MajorB = $crate::mma::sm90::K>(core::marker::PhantomData<fn() -> (MajorA, MajorB)>);
        #[doc = concat!(
            "`wgmma.mma_async.sync.aligned.m64n", stringify!($n), "k", stringify!($k), ".", $ptx,
            "`, A from registers, B from shared memory, both `K`-major: `(_64,_", stringify!($n), ",_", stringify!($k),
            ")`, A `", stringify!($a_rs), "`, B `ABLayout<", stringify!($n), ",", stringify!($k), ">`, C `CLayout_64xN<",
            stringify!($n), ">`. CuTe's name is `", stringify!($rs_tn), "`."
        )]
        pub struct $rs<MajorA = $crate::mma::sm90::K, MajorB = $crate::mma::sm90::K>(core::marker::PhantomData<fn() -> (MajorA, MajorB)>);
        #[doc = concat!("CuTe's `", stringify!($ss_tn), "`: [`", stringify!($ss), "<K, K>`](", stringify!($ss), ").")]
        pub type $ss_tn = $ss<$crate::mma::sm90::K, $crate::mma::sm90::K>;
        #[doc = concat!("CuTe's `", stringify!($rs_tn), "`: [`", stringify!($rs), "<K, K>`](", stringify!($rs), ").")]
        pub type $rs_tn = $rs<$crate::mma::sm90::K, $crate::mma::sm90::K>;
        $crate::mma::sm90_k_major::gmma_k_major!(@common $ss);
        $crate::mma::sm90_k_major::gmma_k_major!(@common $rs);
        impl<A: $major_a, B: $major_b> $crate::mma::MmaTraits for $ss<A, B> {
            type ValTypeD = $d;
            type ValTypeA = $a;
            type ValTypeB = $b;
            type ValTypeC = $d;
            type Shape_MNK = tycute_layout::tuple::Tup<typenum::consts::P64, tycute_layout::tuple::Tup<$N, tycute_layout::tuple::Tup<$K, tycute_layout::tuple::Nil>>>;
            type ThrID = tycute_macros::cute!(_128:_1);
            type LayoutA_TV = $crate::mma::sm90::ABLayout<typenum::consts::P64, $K>;
            type LayoutB_TV = $crate::mma::sm90::ABLayout<$N, $K>;
            type LayoutC_TV = $crate::mma::sm90::CLayout_64xN<$N>;
        }
        impl<A: $major_a, B: $major_b> $crate::mma::sm90::GmmaPtx for $ss<A, B> {
            const PTX: &'static str = concat!("wgmma.mma_async.sync.aligned.m64n", stringify!($n), "k", stringify!($k), ".", $ptx);
            const D_F32: bool = $f32;
            const D_REGS: usize = if $f32 { $n / 2 } else { $n / 4 };
        }
        impl<A: tycute_layout::swizzle::gmma::GmmaMajor, B: tycute_layout::swizzle::gmma::GmmaMajor> $crate::mma::sm90::GmmaOperandMajors for $ss<A, B> {
            type MajorA = A;
            type MajorB = B;
            type WithMajors<A2: tycute_layout::swizzle::gmma::GmmaMajor, B2: tycute_layout::swizzle::gmma::GmmaMajor> = $ss<A2, B2>;
        }
        impl<A: $crate::mma::sm90::GmmaRegisterSourceMajor, B: $major_b> $crate::mma::MmaTraits for $rs<A, B> {
            type ValTypeD = $d;
            type ValTypeA = $a;
            type ValTypeB = $b;
            type ValTypeC = $d;
            type Shape_MNK = tycute_layout::tuple::Tup<typenum::consts::P64, tycute_layout::tuple::Tup<$N, tycute_layout::tuple::Tup<$K, tycute_layout::tuple::Nil>>>;
            type ThrID = tycute_macros::cute!(_128:_1);
            type LayoutA_TV = $a_rs;
            type LayoutB_TV = $crate::mma::sm90::ABLayout<$N, $K>;
            type LayoutC_TV = $crate::mma::sm90::CLayout_64xN<$N>;
        }
    )*
        /// Every atom this invocation declared, for the tests: its CuTe names and a description.
        #[cfg(test)]
        pub(crate) fn listed() -> Vec<$crate::mma::sm90_k_major::tests::AtomRow> {
            vec![$(
                $crate::mma::sm90_k_major::tests::row::<$ss_tn>(stringify!($ss_tn), $n, $k, Some(<$ss_tn as $crate::mma::sm90::GmmaPtx>::PTX)),
                $crate::mma::sm90_k_major::tests::row::<$rs_tn>(stringify!($rs_tn), $n, $k, None),
            )*]
        }
    };
    (@common $name:ident) => {
        impl<A, B> Default for $name<A, B> {
            fn default() -> Self {
                $name(core::marker::PhantomData)
            }
        }
        impl<A, B> Clone for $name<A, B> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<A, B> Copy for $name<A, B> {}
        impl<A, B> core::fmt::Debug for $name<A, B> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    };
}
pub(crate) use gmma_k_major;

#[cfg(test)]
pub(crate) mod tests {
    use tycute_layout::{show, table, Reify, Show};

    use crate::mma::{val_types, MmaTraits};

    /// One atom as the tests check it: its members printed, and its TV layouts' tables on demand.
    pub(crate) struct AtomRow {
        pub name: &'static str,
        pub n: i64,
        pub k: i64,
        pub shape: String,
        pub thr: String,
        pub a: String,
        pub b: String,
        pub c: String,
        pub val_types: String,
        /// `GmmaPtx::PTX` of the SS form; `None` for RS.
        pub ptx: Option<&'static str>,
        pub table_a: fn() -> Vec<i64>,
        pub table_b: fn() -> Vec<i64>,
        pub table_c: fn() -> Vec<i64>,
    }

    pub(crate) fn row<Op>(name: &'static str, n: i64, k: i64, ptx: Option<&'static str>) -> AtomRow
    where
        Op: MmaTraits,
        Op::Shape_MNK: Show,
        Op::ThrID: Show,
        Op::LayoutA_TV: Show + Reify,
        Op::LayoutB_TV: Show + Reify,
        Op::LayoutC_TV: Show + Reify,
    {
        AtomRow {
            name,
            n,
            k,
            shape: show::<Op::Shape_MNK>(),
            thr: show::<Op::ThrID>(),
            a: show::<Op::LayoutA_TV>(),
            b: show::<Op::LayoutB_TV>(),
            c: show::<Op::LayoutC_TV>(),
            val_types: val_types::<Op>(),
            ptx,
            table_a: table::<Op::LayoutA_TV>,
            table_b: table::<Op::LayoutB_TV>,
            table_c: table::<Op::LayoutC_TV>,
        }
    }

    /// The accumulator fragment of every `wgmma` with an `M = 64` tile, written from the PTX
    /// ISA's figure ("WGMMA .m64nNk* D fragment"), not from CuTe: thread `t` of the warpgroup
    /// (lane `t % 32` of warp `t / 32`) holds, in its value `v`, row
    /// `lane / 4 + 8 ((v / 2) % 2) + 16 warp` and column `2 (lane % 4) + v % 2 + 8 (v / 4)`.
    /// Returns the `(t, v) → m + 64 n` table in CuTe's TV order (`t + 128 v`).
    pub(crate) fn c_fragment(n: i64) -> Vec<i64> {
        let vals = n / 2;
        let mut out = vec![-1; (128 * vals) as usize];
        for t in 0..128 {
            let (lane, warp) = (t % 32, t / 32);
            for v in 0..vals {
                let m = lane / 4 + 8 * ((v / 2) % 2) + 16 * warp;
                let col = 2 * (lane % 4) + v % 2 + 8 * (v / 4);
                out[(t + 128 * v) as usize] = m + 64 * col;
            }
        }
        out
    }

    /// An operand read from shared memory through a descriptor: every thread "holds" the whole
    /// `rows x k` tile, value `i` is element `i` (column-major `(row, k)`).
    pub(crate) fn smem_operand(rows: i64, k: i64) -> Vec<i64> {
        (0..rows * k).flat_map(|i| core::iter::repeat_n(i, 128)).collect()
    }

    /// Checks every listed atom against the formulas and its own name: `Shape_MNK`, `ThrID`, the
    /// three TV layouts' tables, the value types, the PTX; `a_rs(t, v) = (m, k)` is the register
    /// fragment of A, `vals_a` its values per thread. A layout's table is compared once per
    /// printed form (the atoms of one `N` share their layouts): the first atom that prints it
    /// proves it, the others print the same.
    pub(crate) fn check_rows(rows: &[AtomRow], vals_a: i64, a_rs: fn(i64, i64) -> (i64, i64)) {
        let mut proven = std::collections::HashSet::new();
        let mut prove = |what: &str, text: &str, got: fn() -> Vec<i64>, want: &dyn Fn() -> Vec<i64>, ctx: &str| {
            if proven.insert(format!("{what} {text}")) {
                assert_eq!(got(), want(), "{ctx}: {what} {text}");
            }
        };
        for r in rows {
            let ctx = r.name;
            assert_eq!(r.shape, format!("(_64,_{},_{})", r.n, r.k), "{ctx}");
            assert_eq!(r.thr, "_128:_1", "{ctx}");
            prove("B", &r.b, r.table_b, &|| smem_operand(r.n, r.k), ctx);
            prove("C", &r.c, r.table_c, &|| c_fragment(r.n), ctx);
            if r.name.contains("_SS") {
                prove("A", &r.a, r.table_a, &|| smem_operand(64, r.k), ctx);
            } else {
                prove("A", &r.a, r.table_a, &|| {
                    let mut want = vec![-1; (128 * vals_a) as usize];
                    for t in 0..128 {
                        for v in 0..vals_a {
                            let (m, kk) = a_rs(t, v);
                            want[(t + 128 * v) as usize] = m + 64 * kk;
                        }
                    }
                    want
                }, ctx);
            }
            // the runtime twin: the same members for the same name, and the MN majors rejected
            // in the rule's words
            let twin = tycute_dynamic::atom::mma::mma_atom(r.name).unwrap_or_else(|e| panic!("{ctx}: the twin: {e}"));
            assert_eq!(twin.shape_mnk.to_string(), r.shape, "{ctx}");
            assert_eq!(twin.thr_id.to_string(), r.thr, "{ctx}");
            assert_eq!(twin.layout_a.to_string(), r.a, "{ctx}");
            assert_eq!(twin.layout_b.to_string(), r.b, "{ctx}");
            assert_eq!(twin.layout_c.to_string(), r.c, "{ctx}");
            assert_eq!(twin.val_types_text(), r.val_types, "{ctx}");
            let generic = r.name.trim_end_matches("_TN");
            for (majors, rule) in [("<MN,K>", if r.ptx.is_some() { "A must be K-major" } else { "Register source operand A must have K major layout." }), ("<K,MN>", "B must be K-major")] {
                let e = tycute_dynamic::atom::mma::mma_atom(&format!("{generic}{majors}")).expect_err(ctx);
                assert!(e.is_reject() && e.to_string().contains(rule), "{ctx}{majors}: {e}");
            }
            assert_eq!(tycute_dynamic::atom::mma::mma_atom(&format!("{generic}<K,K>")).map(|t| t.layout_a.to_string()).ok(), Some(r.a.clone()), "{ctx}");
            // the value types and the PTX from the name: SM90_64xNxK_<D><A><B>_{SS,RS}_TN
            let types = r.name.split('_').nth(2).unwrap_or_default();
            let mut tokens = Vec::new();
            let mut rest = types;
            while !rest.is_empty() {
                let (tok, bits, ptx) = [("TF32", 32, "tf32"), ("F32", 32, "f32"), ("F16", 16, "f16"), ("E4M3", 8, "e4m3"), ("E5M2", 8, "e5m2")]
                    .into_iter()
                    .find(|(t, _, _)| rest.starts_with(t))
                    .unwrap_or_else(|| panic!("{ctx}: unknown type token in {rest}"));
                rest = &rest[tok.len()..];
                tokens.push((bits, ptx));
            }
            assert_eq!(tokens.len(), 3, "{ctx}");
            let [(d, dp), (a, ap), (b, bp)] = [tokens[0], tokens[1], tokens[2]];
            assert_eq!(r.val_types, format!("D={d}b A={a}b B={b}b C={d}b"), "{ctx}");
            if let Some(ptx) = r.ptx {
                assert_eq!(ptx, format!("wgmma.mma_async.sync.aligned.m64n{}k{}.{dp}.{ap}.{bp}", r.n, r.k), "{ctx}");
            }
        }
    }
}
