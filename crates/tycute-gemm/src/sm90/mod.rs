//! The sm90 GEMM, `kernels/sm90_gemm.cu` (TMA, wgmma, a producer warpgroup and one or two
//! consumers, persistent, stream-K; every index from a configuration's header): its
//! configurations as the host reads them ([`Sm90Header`], [`pick`]), strides and layouts
//! ([`Sm90Strides`]), the bias ([`Bias`]), the loaded kernel and its launches ([`Sm90Gemm`]),
//! its check ([`check_case_bias`]) and its benchmark ([`bench_rotating_layout`]). Its schedule is
//! [`Sm90Schedule`](crate::stream_k::Sm90Schedule). [`Sm90Auto`] launches any 16-bit problem by
//! the launch API's choice of kernel ([`sm90_choice`]: the skinny kernel, or a configuration,
//! staged where its strides ask it).

mod auto;
pub mod bench;
mod bias;
pub mod check;
mod cost;
mod gemm;
mod header;
pub mod split_k;
mod strides;
mod typed;

pub use auto::{fp8_choice, multicast_form, sm90_choice, Sm90Auto, Sm90Choice};
pub use bench::{bench, bench_auto_rotating, bench_f32cd_rotating, bench_fp8_rotating, bench_fp8_rotating_scales, bench_fp8_skinny_rotating, bench_rotating, bench_rotating_batched, bench_rotating_layout, bench_tf32_rotating};
pub use bias::{Bias, BiasCase};
pub use cost::{few_rows_on_64x96, fp8_decode_tiles, model_ns, pick_fp8_on, pick_on, pick_on_tn, split_64x96, split_96, Sm90Gpu, MODEL_FROM_GB_S, SPLIT_128X96_MIN_KBLOCKS, SPLIT_64X96_MIN_KBLOCKS};
pub use check::{check, check_case, check_case_auto, check_case_bias, check_case_staged, check_run_in_place, Sm90Report, GUARD};
pub use gemm::{Sm90AbElem, Sm90Gemm};
pub(crate) use header::LaunchParams;
pub use header::{pick, pick_fp8, pick_of, pick_of_tn, shape_ok, Sm90Header, LAYOUTS, SM90, SM90_128X192, SM90_128X256, SM90_128X64, SM90_128X96, SM90_64X64, SM90_64X96, SM90_64X96_SK, SM90_128X96_SK, SM90_CONFIGS, SM90_REUSE_C};
pub use strides::Sm90Strides;
pub use typed::{BiasOf, Fp8Of, InputOf, OutputOf, Sm90Input, Sm90Output, Sm90Typed};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Major, Order};

    #[test]
    fn header_values() {
        assert_eq!(SM90.row("kTmaBoxA_K").unwrap(), [64, 128]);
        assert_eq!((SM90.row("kTmaBoxA_MN").unwrap(), SM90.int("kTmaBoxesA_MN").unwrap()), (vec![64, 64], 2));
        assert_eq!(SM90.row("kTmaBoxD").unwrap(), [32, 64]);
        assert_eq!(SM90.int("kTmaSwizzleA").unwrap(), 3);
        assert!(SM90.smem_bytes().unwrap() > 4 * 32768);
        // ReuseSmemC: 16 KiB less (2 consumers x 2 stages x 64x32 halves)
        assert_eq!(SM90.smem_bytes().unwrap() - SM90_REUSE_C.smem_bytes().unwrap(), 16384);
        assert_eq!((SM90.int("kReuseSmemC").unwrap(), SM90_REUSE_C.int("kReuseSmemC").unwrap()), (0, 1));
        // the cooperative configuration: (256,64) boxes of B, (128,32) of D, one consumer of 256
        // threads, 224 KiB + barriers + alignment within the 227 KiB of an sm_90 CTA
        assert_eq!(SM90_128X256.row("kTmaBoxB_K").unwrap(), [64, 256]);
        assert_eq!((SM90_128X256.row("kTmaBoxB_MN").unwrap(), SM90_128X256.int("kTmaBoxesB_MN").unwrap()), (vec![64, 64], 4));
        assert_eq!((SM90.int("kClusterM").unwrap(), SM90_128X256.int("kClusterM").unwrap()), (1, 1));
        assert_eq!(SM90_128X256.row("kTmaBoxD").unwrap(), [32, 128]);
        assert_eq!((SM90_128X256.consumers().unwrap(), SM90_128X256.int("kThreads").unwrap()), (1, 256));
        let smem = SM90_128X256.smem_bytes().unwrap();
        assert!(smem > 229376 && smem <= 232448, "{smem}");
        assert_eq!(SM90_128X256.cubin_env(), "TYCUTE_CUBIN_DIR");
        assert!(Sm90Header::named("sm90_32x32").unwrap_err().to_string().contains("sm90_128x256"));
        assert!(matches!(SM90.int("kNoSuchValue"), Err(crate::Error::Header { config: "sm90", .. })));
        assert_eq!(pick((8192, 8192, 1024), 1, 132), SM90_128X256);
        assert_eq!(pick((2048, 2048, 2048), 1, 132), SM90_128X256);
        assert_eq!(pick((8192, 8192, 256), 1, 132), SM90_128X256);
        assert_eq!(pick((1000, 1000, 1000), 1, 132), SM90); // K = 1000: rows half a sector off
        // 128x192 tiles where they fill the last wave: 384 of them are 2.9 waves, 288 of 128x256
        // are 2.2; 108 of them fill 108 of 132 SMs, 80 of 128x256 80
        assert_eq!(pick((3072, 3072, 3072), 1, 132), SM90_128X192);
        assert_eq!(pick((256, 10240, 8192), 1, 132), SM90_128X192);
        assert_eq!(pick((1024, 15360, 5120), 1, 132), SM90_128X192); // 5 rounds against 4 of 4/3 the k-block time
        assert_eq!(pick((4096, 4096, 4096), 1, 132), SM90_128X256); // 512 = 3.9 waves: full
        assert_eq!(pick((1024, 5120, 5120), 1, 132), SM90_128X256); // 216 = 1.6 waves, against a split tail of 28
        assert_eq!(pick((128, 22016, 4096), 1, 132), SM90_128X256); // 128 rows: the model does not hold
        assert_eq!((SM90_128X192.tile().unwrap(), SM90_128X192.int("kAccumulators").unwrap()), ((128, 192), 96));
        assert_eq!((SM90_128X192.consumers().unwrap(), SM90_128X192.row("kTmaBoxB_K").unwrap()), (1, vec![64, 192]));
        // one wave of 128x64 tiles where the 128x128 ones would leave half the SMs idle
        assert_eq!(pick((128, 4096, 4096), 1, 132), SM90_64X64); // one wave of 128 64x64 tiles
        assert_eq!(pick((128, 6144, 4096), 1, 132), SM90_128X64); // 192 of them: 96 128x64 tiles
        assert_eq!(pick((256, 4096, 4096), 1, 132), SM90_128X64); // 128, not 64
        assert_eq!(pick((1024, 1024, 1024), 1, 132), SM90_128X64);
        assert_eq!(pick((128, 8192, 28672), 1, 132), SM90_128X64);
        assert_eq!(pick((256, 256, 256), 1, 132), SM90); // N < 512 (16 64x64 tiles: their fixed cost)
        assert_eq!(pick((256, 6144, 4096), 1, 132), SM90); // 192 128x64 tiles: over the SMs
        // few tiles: M <= 32 with K >= 2048 (memory-bound) on 128x256 tiles, split along K
        assert_eq!(pick((1, 4096, 4096), 1, 132), SM90_128X256); // 16 tiles x 5 splits
        assert_eq!(pick((16, 8192, 28672), 1, 132), SM90_128X256); // 32 tiles x 4 splits
        assert_eq!(pick((16, 4096, 1024), 1, 132), SM90); // K too short
        // M > 32: split 128x256 tiles for long K (>= 160 k-blocks) when they run as many CTAs
        assert_eq!(pick((32, 4096, 11008), 1, 132), SM90_128X256); // 16 x 8 = 128 CTAs, not 32
        // 32 < M <= 64: one wave of 64x64 tiles
        assert_eq!(pick((64, 4096, 11008), 1, 132), SM90_64X64);
        assert_eq!(pick((48, 8192, 8192), 1, 132), SM90_64X64);
        assert_eq!(pick((64, 10240, 8192), 1, 132), SM90); // 160 tiles of 64x64
        assert_eq!(pick((256, 8192, 28672), 1, 132), SM90_128X256); // 64 x 2 = 128 CTAs, as many
        assert_eq!(pick((128, 12288, 4096), 1, 132), SM90); // K = 4096: whole 128x128 tiles
        assert_eq!(pick((1, 22016, 4096), 1, 132), SM90_128X256); // 172 128x128 tiles: over the SMs
    }

    /// The fp8 choice: the 16-bit one's tiles at the same bytes, 64x64 tiles below 33 rows.
    #[test]
    fn the_fp8_choice() {
        let p = |shape, f| pick_fp8(shape, 1, 132, f).unwrap().name;
        assert_eq!(p((8192, 8192, 8192), "e4m3"), "sm90_128x256_e4m3");
        assert_eq!(p((1, 4096, 4096), "e4m3"), "sm90_64x64_e4m3");
        assert_eq!(p((16, 8192, 8192), "e4m3"), "sm90_64x64_e4m3");
        assert_eq!(p((64, 4096, 4096), "e4m3"), "sm90_64x64_e4m3");
        assert_eq!(p((128, 4096, 4096), "e4m3"), "sm90_64x64_e4m3"); // 128 tiles of 64x64: one wave
        assert_eq!(p((256, 4096, 4096), "e4m3"), "sm90_128x64_e4m3"); // 256 of them: two
        assert_eq!(p((256, 6144, 4096), "e4m3"), "sm90_128x128_e4m3");
        assert_eq!(p((1, 28672, 8192), "e4m3"), "sm90_128x256_e4m3"); // 448 64x64 tiles
        // many tiles: ping-pong 128x128 for short K, and for a stream-K tail within three waves
        assert_eq!(p((4096, 4096, 512), "e4m3"), "sm90_128x128_e4m3");
        assert_eq!(p((2048, 2048, 2048), "e4m3"), "sm90_128x128_e4m3");
        // (rows 80 bytes past a line and half a sector off: fp8_choice runs the 128x256 tiles' cluster form)
        assert_eq!(p((5000, 3000, 2000), "e4m3"), "sm90_128x192_e4m3");
        assert_eq!(p((256, 22016, 4096), "e4m3"), "sm90_128x128_e4m3");
        assert_eq!(p((3072, 3072, 3072), "e4m3"), "sm90_128x128_e4m3");
        // 688 128x256 tiles are 5.2 waves, 920 of 128x192 7.0: the last wave's tile (H200 1.02 of
        // cuBLASLt against 0.97)
        assert_eq!(p((1024, 22016, 4096), "e4m3"), "sm90_128x192_e4m3");
        assert_eq!(p((4096, 4096, 4096), "e4m3"), "sm90_128x256_e4m3"); // 3.9 waves against 5.3
        assert_eq!(p((1024, 5120, 13824), "e4m3"), "sm90_128x256_e4m3");
        assert_eq!(p((256, 12288, 4096), "e4m3"), "sm90_128x192_e4m3"); // 128 tiles of 128x192 in one wave, not 96 of 128x256
        assert_eq!(p((1152, 1920, 2176), "e4m3"), "sm90_128x192_e4m3"); // one round of 90 tiles, not of 72
        assert_eq!(p((1500, 2000, 256), "e4m3"), "sm90_128x128_e4m3");
        assert_eq!(p((8192, 8192, 512), "e4m3"), "sm90_128x256_e4m3"); // 16 waves
        assert_eq!(p((16, 4096, 4096), "e5m2"), "sm90_128x256_e5m2");
        assert!(pick_fp8((1, 1, 16), 1, 132, "e3m4").unwrap_err().to_string().contains("e4m3 or e5m2"));
        for (shape, f) in [((1, 4096, 4096), "e4m3"), ((256, 4096, 4096), "e4m3"), ((256, 6144, 4096), "e4m3"), ((16, 64, 64), "e5m2")] {
            assert_eq!(pick_fp8(shape, 1, 132, f).unwrap().fp8().unwrap(), Some(f));
        }
    }

    #[test]
    fn shapes_and_strides() {
        assert!(shape_ok(256, 128, 64).is_ok() && shape_ok(7, 1, 8).is_ok() && shape_ok(256, 100, 60).is_ok() && shape_ok(0, 1, 8).is_err());
        let p = Sm90Strides::packed((7, 7, 8), 1);
        assert!(p.check((7, 7, 8)).unwrap_err().to_string().contains("multiples of 8"));
        assert!(Sm90Strides { ldc: 8, ldd: 8, ..p }.check((7, 7, 8)).is_ok());
        let col = Sm90Strides::packed_col((136, 7, 8), 3);
        assert_eq!(col.extents((136, 7, 8)), [3 * 136 * 8, 3 * 7 * 8, 3 * 136 * 7, 3 * 136 * 7]);
        assert!(col.check((136, 7, 8)).is_ok());
        // an M-major A: columns of m = 136; an N-major B with n = 7 is not 16-byte aligned
        let mn = Sm90Strides { a: Major::MN, lda: 136, batch_a: 136 * 8, ..col };
        assert!(mn.check((136, 7, 8)).is_ok() && mn.extents((136, 7, 8))[0] == 3 * 136 * 8);
        assert!(Sm90Strides { b: Major::MN, ldb: 8, ..col }.check((136, 7, 8)).unwrap_err().to_string().contains("multiple of 8"));
        assert!(Sm90Strides { batch_d: 8, ..col }.check((136, 7, 8)).unwrap_err().to_string().contains("overlap"));
        assert_eq!(Sm90Strides::packed_ab((64, 32, 16), 1, Major::MN, Major::K).cd, Order::Row);
    }

    /// What `launch_staged` copies, from the strides alone (fresh buffers: aligned addresses), for
    /// the staged cases of tests/gpu_sm90.rs.
    #[test]
    fn what_is_staged() {
        let pk = Sm90Strides::packed;
        let stages = |shape, s: Sm90Strides, beta| Sm90Gemm::stages(shape, &s, beta, [0; 4]).describe();
        let all = "staged A (misaligned), B (misaligned), C/D (misaligned)";
        assert_eq!(stages((300, 131, 517), pk((300, 131, 517), 1), 0.5), all);
        assert_eq!(stages((5, 3, 1), pk((5, 3, 1), 1), 0.0), all);
        // lda = 264 halves: 528 bytes, 16 past a 32-byte sector, but a small problem: read where
        // it lies (and only misaligned C/D are staged anyway)
        assert_eq!(stages((264, 136, 264), pk((264, 136, 264), 1), 0.5), "");
        // (too small for the copies to pay: read where they lie, at half speed)
        assert_eq!(stages((1000, 1000, 1000), pk((1000, 1000, 1000), 1), 0.0), "");
        assert_eq!(stages((1000, 8000, 8200), pk((1000, 8000, 8200), 1), 0.0), "");
        assert_eq!(stages((4000, 4000, 8200), pk((4000, 4000, 8200), 1), 0.0), "staged A (half-sector rows), B (half-sector rows)");
        assert_eq!(stages((4096, 4096, 1032), pk((4096, 4096, 1032), 1), 0.0), "");
        assert_eq!(stages((4096, 4096, 4104), pk((4096, 4096, 4104), 1), 0.0), "staged A (half-sector rows), B (half-sector rows)");
        assert_eq!(stages((4096, 4096, 4112), pk((4096, 4096, 4112), 1), 0.0), "");
        assert_eq!(stages((256, 256, 320), pk((256, 256, 320), 1), 0.0), "");
        assert_eq!(stages((130, 99, 45), Sm90Strides { batch_c: 0, ..pk((130, 99, 45), 3) }, -1.0), all);
        assert_eq!(stages((77, 64, 64), Sm90Strides::packed_col((77, 64, 64), 2), 0.5), "staged C/D (misaligned)");
        assert_eq!(stages((128, 64, 50), Sm90Strides::packed_ab((128, 64, 50), 1, Major::MN, Major::K), 0.0), "staged B (misaligned)");
        assert_eq!(stages((72, 192, 136), Sm90Strides::packed_ab((72, 192, 136), 2, Major::K, Major::MN), 0.5), "");
        // C is read only with beta != 0: a misaligned C alone is staged then, not with beta 0
        let odd_c = Sm90Strides { ldc: 137, ..pk((64, 136, 64), 1) };
        assert_eq!((stages((64, 136, 64), odd_c, 0.0), stages((64, 136, 64), odd_c, 1.0)), (String::new(), "staged C/D (misaligned)".to_string()));
        // a view 8 bytes into its buffer is misaligned whatever its strides
        assert_eq!(Sm90Gemm::stages((64, 64, 64), &pk((64, 64, 64), 1), 0.0, [8, 0, 0, 0]).describe(), "staged A (misaligned)");
    }
}
