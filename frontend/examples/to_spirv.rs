//! OpenCL C to SPIR-V exactly as `hls-build` compiles it (clang-15 + llvm-spirv-15 with the
//! project's flags), for making SPIR-V fixtures and filetests:
//!
//!     cargo run --release -p frontend --example to_spirv -- KERNEL.cl OUT.spv
//!     spirv-dis OUT.spv -o OUT.spvasm

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: to_spirv KERNEL.cl OUT.spv");
        std::process::exit(2);
    };
    match frontend::opencl::compile_opencl(std::path::Path::new(input)) {
        Ok(bytes) => {
            if let Err(e) = std::fs::write(output, bytes) {
                eprintln!("{output}: {e}");
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("{input}: {e}");
            std::process::exit(1);
        }
    }
}
