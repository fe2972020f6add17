//! Writes the header of one of FA3's tiles: `cargo run -p tycute-attention --example
//! write_header -- OUT.h [bf16_hd128]`, or `--features all-tiles -- OUT.h f16_hd64` (written only
//! when its text changed). The attention kernel includes them from the device library:
//! `kernels/include/tycute/attention/sm90_bf16_hd128.h`, `.../sm90_f16_hd64.h`.
use tycute_attention::header::{header, Bf16Hd128, BF16_HD128_ABOUT, BF16_HD128_NAMESPACE};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), tile) = (args.first(), args.get(1).map_or("bf16_hd128", |s| s.as_str())) else {
        eprintln!("usage: write_header OUT.h [bf16_hd128 | f16_hd64]");
        std::process::exit(2);
    };
    let h = match tile {
        "bf16_hd128" => header::<Bf16Hd128>(BF16_HD128_NAMESPACE, BF16_HD128_ABOUT),
        #[cfg(feature = "all-tiles")]
        "f16_hd64" => {
            use tycute_attention::header::{F16Hd64, F16_HD64_ABOUT, F16_HD64_NAMESPACE};
            header::<F16Hd64>(F16_HD64_NAMESPACE, F16_HD64_ABOUT)
        }
        other => {
            eprintln!("write_header: no tile `{other}` (bf16_hd128, or f16_hd64 with --features all-tiles)");
            std::process::exit(2);
        }
    };
    match h.and_then(|h| h.write(path)) {
        Ok(written) => println!("{path}: {}", if written { "written" } else { "unchanged" }),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}
