// show prints static values and TiledMMA/TiledCopy; a run-time String has no CuTe text.
use tycute::show;
fn main() {
    let _ = show::<String>();
}
