fn main() {
    cxx_build::bridge("src/verilator.rs")
        .file("cpp/bridge.cc")
        .std("c++17")
        .compile("hls_sim_bridge");
    println!("cargo:rustc-link-lib=dl");
    println!("cargo:rerun-if-changed=cpp/bridge.cc");
    println!("cargo:rerun-if-changed=cpp/bridge.h");
    println!("cargo:rerun-if-changed=src/verilator.rs");
}
