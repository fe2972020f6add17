//! Host microseconds per call of an sm90 launch and of its pieces (the driver probe, a tensor
//! map), and per launch with the GPU's time, at a few shapes; `TYCUTE_CUBIN_DIR` as for the tests.
//! A measurement for docs/perf.md ("Host time per launch"), run on the device:
//! `cargo build --release --example host_time -p tycute-gemm`, then the binary there.
use std::time::Instant;
use tycute_cuda::cudarc::driver::sys;
use tycute_cuda::tma::{TensorMap, TensorMapArgs, TmaElement};
use tycute_gemm::sm90::{Bias, Sm90Gemm, Sm90Header, Sm90Strides};

fn main() {
    let ctx = match tycute_cuda::gpu::context() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("host_time: no GPU: {e}");
            std::process::exit(1);
        }
    };
    let stream = ctx.default_stream();
    let n = 2000;
    let t = Instant::now();
    for _ in 0..n {
        assert!(unsafe { sys::is_culib_present() });
    }
    println!("is_culib_present: {:.2} us", t.elapsed().as_secs_f64() * 1e6 / n as f64);
    let buf = stream.alloc_zeros::<u16>(1 << 20).unwrap();
    let (p, _g) = tycute_cuda::cudarc::driver::DevicePtr::device_ptr(&buf, &stream);
    let args = TensorMapArgs::new(p, (512, 512, 512), (1, 0), (128, 64), 3);
    let t = Instant::now();
    for _ in 0..n {
        unsafe { TensorMap::tiled_3d(TmaElement::F16, &args) }.unwrap();
    }
    println!("TensorMap::tiled_3d: {:.2} us", t.elapsed().as_secs_f64() * 1e6 / n as f64);
    for name in ["sm90", "sm90_128x256"] {
        let cfg = Sm90Header::named(name).unwrap();
        let g = Sm90Gemm::load_config(&ctx, cfg, cfg.cubin().unwrap().unwrap()).unwrap();
        for &(m, nn, k) in &[(256usize, 256usize, 256usize), (1024, 1024, 1024), (1, 4096, 4096)] {
            let a = stream.alloc_zeros::<u16>(m * k).unwrap();
            let b = stream.alloc_zeros::<u16>(nn * k).unwrap();
            let c = stream.alloc_zeros::<u16>(m * nn).unwrap();
            let mut d = stream.alloc_zeros::<u16>(m * nn).unwrap();
            let s = Sm90Strides::packed((m, nn, k), 1);
            for _ in 0..10 {
                g.launch_bias(&stream, (m, nn, k), &s, &a, &b, &c, &mut d, 1.0, 0.0, Bias::None).unwrap();
            }
            stream.synchronize().unwrap();
            let reps = 500;
            let t = Instant::now();
            for _ in 0..reps {
                g.launch_bias(&stream, (m, nn, k), &s, &a, &b, &c, &mut d, 1.0, 0.0, Bias::None).unwrap();
            }
            let host = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
            stream.synchronize().unwrap();
            let all = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
            println!("{name} {m}x{nn}x{k}: launch_bias host {host:.2} us/call, with the GPU {all:.2} us/launch");
        }
    }
}
