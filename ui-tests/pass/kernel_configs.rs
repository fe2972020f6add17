// The named sm80 kernel configurations keep every rule of Sm80Checked (their neighbours in
// ui-tests/fail/kernel_config_*.rs break one each).
use tycute::configs::kernel::sm80::Sm80Checked;
use tycute::configs::{sgemm_sm80::SgemmSm80, sm80_tn_128x256::Sm80Tn128x256};

fn kernel<C: Sm80Checked>() -> &'static str {
    C::NAME
}

fn main() {
    println!("{} {}", kernel::<SgemmSm80>(), kernel::<Sm80Tn128x256>());
}
