//! The staged cores in Rust, bit for bit: each file mirrors one SystemVerilog core
//! (`sv/hls_fp_<name>.sv`) stage by stage, and also generates the constant tables that the
//! core's package (`hls_fp_math_pkg`) holds. The model computes the functions with these,
//! so a co-simulation compares bits, not tolerances.
//!
//! The float functions reuse the exponential's and logarithm's stages (`fexp`, `flog`);
//! the double ones likewise (`fexp64`, `flog64`).

pub mod fatan;
pub mod fatan64;
pub mod ferf;
pub mod ferf64;
pub mod fexp;
pub mod fexp64;
pub mod fhypot64;
pub mod flog;
pub mod flog64;
pub mod fpow;
pub mod fpow64;
pub mod fsin;
pub mod fsin64;
pub mod fsinh64;
