//! `tycute vectors rust [FILE]`: a Rust program that evaluates vector cases at the **type level**.
//!
//! Input: vector-format lines `category<TAB>op<TAB>args...` (anything from a `=>` field on is
//! ignored; blank lines and `#` comments are skipped). Output: the source of a `main.rs` that
//! depends only on the crate `tycute` and prints, for every case, `category<TAB>op<TAB>args...
//! <TAB>=><TAB>RESULT` exactly as `tycute eval` does.
//!
//! Every case becomes one type alias built from `tycute::cute!(..)` values and the algebra's type
//! aliases (`type T17 = tycute::Composition<tycute::cute!(A), tycute::cute!(B)>;`). Every
//! distinct type gets one item `const R17: &Repr = &<T17 as tycute::Reify>::REPR;` (one body per
//! value, so rustc reports every rejected case, not just the first with the same failing bound),
//! a static array `V` collects them, and one non-generic loop formats them
//! (`repr::format_repr`) or tabulates them (`repr::FlatFn`). Nothing is generic per
//! case, so the program costs the trait solver's work plus one constant per type, and a `table:`
//! line shares its main line's type. A case the type level rejects makes the program fail to
//! compile, with the error on that case's `type` line or its `const R..` line.
//!
//! The op → type mapping is the table `OPS`: the algebra and swizzles (`tycute::*`), the atoms
//! (`tycute::atom`: `<MMA_Atom<OP> as MmaTraits>::LayoutA_TV`, `copy::Src2Ref<Copy_Atom<..>>`),
//! TiledMMA (`tycute::tiled`: `ThrfrgA<TiledMMA<..>, Ref>`, `PartitionA<TM, Ref, _t>`, ...) and
//! TiledCopy (`tycute::tiled::copy`: `PartitionS<MakeTiledCopy<..>, Ref, _t>`, ...). CuTe type
//! names (atoms, operations, element types) become Rust types by the rule of
//! `tycute-names` (`tycute_atom::names`). A thread's part of a swizzled tensor can
//! hold run-time strides and MixedBits offsets, which have no `Reify` constant: such values are
//! printed by `tycute::tiled::copy::text` / tabulated by `table_of` (one small function each).
//! An op or argument form outside the table makes the generator fail with "op X ... is not
//! supported at the type level". The generator never fakes a rejection: it emits no
//! `compile_error!`; an op that CuTe rejects (a line of `rejects.txt`) becomes the same
//! type-level evaluation as an accepted one, which then fails to compile with the rule's message.
//!
//! The generator depends only on `std` and the name table (`tycute-names`), never on the
//! type-level crates, so the CLI and `tests/static_vectors.rs` (the harness is a dev-dependency of the
//! root package) use it without compiling them. Its files: `table` (the op → type table), `translate`
//! (one case), `seeds` (the seed and crosswise lines), `program` (the whole program).

pub(crate) mod program;
pub(crate) mod seeds;
pub(crate) mod table;
pub(crate) mod translate;

pub use program::{generate, generate_with, Bodies};



#[cfg(test)]
mod tests {
    use super::program::*;
    
    use super::translate::*;

    #[test]
    fn translates_and_shares_table_lines() {
        let p = generate(
            "algebra\tcoalesce\t(_2,_4):(_1,_2)\t=>\t_8:_1\n\
             algebra\ttable:coalesce\t(_2,_4):(_1,_2)\t=>\t0 1 2 3 4 5 6 7\n\
             swizzle\tupcast\t2\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\n\
             swizzle\tlayout<1>\t(_2,_4):(_1,_2)\n\
             swizzle\trecast_layout<uint8_t,half_t>\tSw<3,4,3>\n\
             swizzle\tgmma_atom.tile_to_shape\tLayout_K_SW32_Atom<half_t>\t(_64,_64)\t(_2,_1)\n\
             swizzle\ttile_to_shape\tSw333_K64\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\t(_64,_64)\n\
             swizzle\tswizzle_masks\tSw<3,3,3>\n",
        )
        .unwrap();
        assert!(p.contains("type T0 = tycute::Coalesce<tycute::cute!((_2,_4):(_1,_2))>;"), "{p}");
        assert!(p.contains("(\"algebra\\tcoalesce\\t(_2,_4):(_1,_2)\", 0, 0)"), "{p}");
        assert!(p.contains("(\"algebra\\ttable:coalesce\\t(_2,_4):(_1,_2)\", 1, 0)"), "{p}");
        assert!(p.contains("tycute::Upcast<tycute::cute!(2), tycute::cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1))>"));
        assert!(p.contains("tycute::LayoutAt<tycute::cute!((_2,_4):(_1,_2)), tycute::cute!(1)>"));
        assert!(p.contains("tycute::RecastLayout<tycute::uint8_t, tycute::half_t, tycute::cute!(Sw<3,4,3>)>"));
        assert!(p.contains("tycute::TileToShapeOrdered<tycute::Layout_K_SW32_Atom<tycute::half_t>, tycute::cute!((_64,_64)), tycute::cute!((_2,_1))>"));
        assert!(p.contains(
            "tycute::TileToShape<tycute::cute!(Sw<3,3,3> o _0 o (_8,_64):(_64,_1)), tycute::cute!((_64,_64))>"
        ));
        assert!(p.contains(
            "fn f0() -> String { ToString::to_string(&tycute::swizzle::swizzle_masks::<tycute::cute!(Sw<3,3,3>)>()) }"
        ));
        assert!(!p.contains("compile_error"));
    }

    #[test]
    fn seeds_and_crosswise() {
        let p = generate(
            "seeds\t000.sA\tsgemm_sm80_tn(m=128,n=128,k=64)\n\
             seeds\ttable:000.tXsA\tsgemm_sm80_tn(m=128,n=128,k=64)\tthr=37\n\
             seeds\t001.tile2mma\tSM80_16x8x16_F16F16F16F16_TN,1x1x1,Tile<_16,_8,_16>,copy_V=2\n\
             seeds\t001.make_tiled_copy_C_atom.Tiler_MN\tCopy_Atom<UniversalCopy<uint64_t>,half_t>(NumValSrc=4),SM80_16x8x16_F16F16F16F16_TN,1x1x1,Tile<_16,_8,_16>\n\
             seeds\t002.retile\tmake_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_4,_1):(_1,_0),(_1,_8):(_0,_1)),V=4\t(_4,_2,_1):(_1,_4,_0)\n\
             seeds\t002.upcast<16>\t(_4,_8):(_8,_1)\n\
             crosswise\tcute_equivalent\tcomposition(Swizzle<2,3,3>,(_64,_32):(_32,_1))\tSw<2,3,3> o _0 o (_64,_32):(_32,_1)\n\
             crosswise\toffset_table_mk\tTensorOpMultiplicandCrosswise<16,32>,ldm=32,tile(M=64,K=32)\n",
        )
        .unwrap();
        assert!(p.contains(r#"tycute::configs::row("sgemm_sm80", "sA", None, false)"#), "{p}");
        assert!(p.contains(r#"tycute::configs::row("sgemm_sm80", "tXsA", Some(37), true)"#), "{p}");
        let tm = "tycute::tiled::MakeTiledMma<tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x16_F16F16F16F16_TN>, tycute::MakeLayoutLeft<tycute::cute!((_1,_1,_1))>, tycute::cute!((_16,_8,_16))>";
        assert!(p.contains(&format!("tycute::tiled::copy::CAtomTile2Mma<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint32_t>, tycute::half_t>, {tm}>")), "{p}");
        assert!(p.contains(&format!("tycute::tiled::copy::Tiler_MN<tycute::tiled::copy::MakeTiledCopyC_Atom<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint64_t>, tycute::half_t>, {tm}>>")), "{p}");
        assert!(p.contains(", tycute::cute!((_4,_2,_1):(_1,_4,_0))>"), "{p}");
        assert!(p.contains("cute_equivalent_of_table(&tycute::table::<tycute::cute!(Sw<2,3,3> o _0 o (_64,_32):(_32,_1))>())"), "{p}");
        assert!(p.contains(r#"tycute::configs::row("crosswise", "offset_table_mk", None, false)"#), "{p}");
        // a seed 000 line of another configuration, an unknown step: refused with a reason
        let e = generate("seeds\t000.sA\tsgemm_sm80_tn(m=256,n=128,k=64)\n").unwrap_err();
        assert!(e.contains("the type-level configuration is sgemm_sm80_tn(m=128,n=128,k=64)"), "{e}");
        let e = generate("seeds\t002.frobnicate\tmake_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_4,_1):(_1,_0),(_1,_8):(_0,_1))\n").unwrap_err();
        assert!(e.contains("002.frobnicate is not supported"), "{e}");
    }

    #[test]
    fn atoms_tiled_mma_tiled_copy() {
        let p = generate(
            "atoms\tmma.LayoutA_TV\tSM80_16x8x8_F16F16F16F16_TN\n\
             atoms\ttable:mma.LayoutA_TV\tSM80_16x8x8_F16F16F16F16_TN\n\
             atoms\tmma.ValTypes\tSM90_64x64x16_F16F16F16_SS<K,K>\n\
             atoms\tcopy.src2ref\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\n\
             tiled_mma\ttile_size<1>\tUniversalFMA<float>\t(_16,_8,_1):(_1,_16,_0)\t(_,_,_)\n\
             tiled_mma\tpartition_A\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2,_1):(_1,_2,_0)\t(_,_,_)\t(_128,_64):(_64,_1)\tthr=37\n\
             tiled_copy\tmake_tiled_copy_A.partition_S\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2):(_1,_2)\t(_32,_32,_16)\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\tthr=1\n\
             tiled_copy\ttable:make_tiled_copy_A.partition_S\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2):(_1,_2)\t(_32,_32,_16)\tSw<3,3,3> o _0 o (_8,_64):(_64,_1)\tthr=1\n\
             tiled_copy\tmake_tiled_copy_S.Tiler_MN\tCopy_Atom<SM90_U32x4_STSM_N,half_t>\tCopy_Atom<UniversalCopy<uint128_t>,half_t>\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2):(_1,_2)\t(_32,_32,_16)\n\
             rejects\tmake_tiled_copy_A\tCopy_Atom<SM75_U32x4_LDSM_N,half_t>\tSM80_16x8x8_F16F16F16F16_TN,(_1,_1,_1)\n\
             rejects\ttidfrg_S\tmake_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,half_t>,(_32,_4):(_4,_1),(_1,_2):(_0,_1))\t_256:_1\n\
             rejects\tCopy_Atom\tSM75_U32x1_LDSM_N\tuint128_t\n",
        )
        .unwrap();
        let mma = "tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x8_F16F16F16F16_TN>";
        assert!(p.contains(&format!("type T0 = <{mma} as tycute::atom::MmaTraits>::LayoutA_TV;")), "{p}");
        assert!(p.contains("(\"atoms\\ttable:mma.LayoutA_TV\\tSM80_16x8x8_F16F16F16F16_TN\", 1, 0)"), "{p}");
        assert!(p.contains("tycute::atom::val_types::<tycute::atom::MMA_Atom<tycute::atom::SM90_64x64x16_F16F16F16_SS<tycute::atom::K, tycute::atom::K>>>()"));
        assert!(p.contains("tycute::atom::copy::Src2Ref<tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::half_t>>"));
        assert!(p.contains("tycute::tiled::TileSize<tycute::tiled::TiledMMA<tycute::atom::MMA_Atom<tycute::atom::UniversalFMA<tycute::float>>, tycute::cute!((_16,_8,_1):(_1,_16,_0)), tycute::cute!((_,_,_))>, tycute::cute!(1)>"));
        assert!(p.contains(", tycute::cute!((_128,_64):(_64,_1)), tycute::cute!(_37)>"));
        // a swizzled partition is printed by a function of its type (run-time strides)
        assert!(p.contains("tycute::tiled::copy::text::<T"), "{p}");
        assert!(p.contains("join(tycute::tiled::copy::table_of::<T"), "{p}");
        assert!(p.contains("tycute::tiled::copy::MakeTiledCopyS<tycute::atom::Copy_Atom<tycute::atom::SM90_U32x4_STSM_N, tycute::half_t>, tycute::tiled::copy::MakeTiledCopyC_Atom<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint128_t>, tycute::half_t>, tycute::tiled::MakeTiledMma<"));
        assert!(p.contains("tycute::tiled::copy::MakeTiledCopyA<tycute::atom::Copy_Atom<tycute::atom::SM75_U32x4_LDSM_N, tycute::half_t>, tycute::tiled::MakeTiledMma<tycute::atom::MMA_Atom<tycute::atom::SM80_16x8x8_F16F16F16F16_TN>, tycute::MakeLayoutLeft<tycute::cute!((_1,_1,_1))>>>"), "{p}");
        assert!(p.contains("tycute::tiled::copy::TidfrgS<tycute::tiled::copy::MakeTiledCopy<tycute::atom::Copy_Atom<tycute::atom::UniversalCopy<tycute::uint32_t>, tycute::half_t>, tycute::cute!((_32,_4):(_4,_1)), tycute::cute!((_1,_2):(_0,_1))>, tycute::cute!(_256:_1)>"), "{p}");
        assert!(p.contains("<tycute::atom::Copy_Atom<tycute::atom::SM75_U32x1_LDSM_N, tycute::uint128_t> as tycute::atom::CopyAtom>::ValLayoutRef"));
        assert!(!p.contains("compile_error"));
    }

    #[test]
    fn refuses_what_it_cannot_translate() {
        let e = generate("rejects\tmake_tiled_mma\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2,_1):(_1,_2,_0)\t(32,_32,_16)\n").unwrap_err();
        assert!(e.contains("dynamic integer"), "{e}");
        let e = generate("atoms\tmma.ThrID\tCopy_Atom<UniversalCopy<uint32_t>,half_t>\n").unwrap_err();
        assert!(e.contains("not an MMA atom"), "{e}");
        let e = generate("atoms\tmma.ThrID\tSM80_16x8x8_F16F16F16F16_TN<complex_t>\n").unwrap_err();
        assert!(e.contains("complex_t"), "{e}");
        let e = generate("tiled_mma\tpartition_A\tSM80_16x8x16_F16F16F16F16_TN\t(_2,_2,_1):(_1,_2,_0)\t(_,_,_)\t(_128,_64):(_64,_1)\tthread=3\n").unwrap_err();
        assert!(e.contains("thr=N"), "{e}");
        let e = generate("algebra\tcoalesce\t(_4,4):(_1,_4)\n").unwrap_err();
        assert!(e.contains("dynamic integer"), "{e}");
        let e = generate("algebra\tfrobnicate\t_4:_1\n").unwrap_err();
        assert!(e.contains("not supported at the type level"), "{e}");
        let e = generate("algebra\tcoalesce\t_4:_1\t_2\t_3\n").unwrap_err();
        assert!(e.contains("argument(s)"), "{e}");
        let e = generate("algebra\tcoalesce\t(_4,_2:(_1,_4)\n").unwrap_err();
        assert!(e.starts_with("line 1:"), "{e}");
    }

    #[test]
    fn values() {
        for ok in [
            "_8",
            "_-1",
            "_",
            "(_,_2)",
            "()",
            "(_8):(_1)",
            "(_8:_1,(_4,_2):(_2,_1))",
            "(_2,_4):(_1@1@1,_1@0)",
            "Sw<3,4,-4> o _0 o (_8,_64):(_64,_1)",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        ] {
            check_value(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        for bad in ["4", "_4:2", "(_4,", "Sw<3,3>", "_4 o _0", "x", "_1@", "_@1"] {
            assert!(check_value(bad).is_err(), "{bad}");
        }
    }
}
