//! Writes the header of FA3's bf16 head-dim-128 tile (`tycute::attention_sm90_bf16_hd128`):
//! `cargo run -p tycute-attention --example write_header -- OUT.h` (written only when its text
//! changed).
use tycute_attention::header::{header, Bf16Hd128, BF16_HD128_ABOUT, BF16_HD128_NAMESPACE};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: write_header OUT.h");
        std::process::exit(2);
    };
    match header::<Bf16Hd128>(BF16_HD128_NAMESPACE, BF16_HD128_ABOUT).and_then(|h| h.write(&path)) {
        Ok(written) => println!("{path}: {}", if written { "written" } else { "unchanged" }),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}
