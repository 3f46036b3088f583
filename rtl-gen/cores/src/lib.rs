//! The operator library: every SystemVerilog core a kernel may instantiate, the bit-exact
//! Rust mirror of each staged core (the software model computes with these), and the
//! rules that pick which sources a design needs.
//!
//! - `catalog`: the cores as standalone modules (`hls-build cores --list`), their board
//!   parameters, and standalone emission with a latency fixed by the board.
//! - `math`: the elementary functions, one row each (the one place to add a function).
//! - `library`: every source file, and the dependency-ordered subset a design uses.
//! - `mirrors`: the staged cores in Rust, stage by stage.
//! - `ulp`: the error measure the mirrors' sweeps and the verification campaign share.
//!
//! Code generation (`rtl-gen`) asks this crate for a core instance by module and latency
//! and for the sources its text uses; it knows nothing of how a core works inside.

pub mod catalog;
pub mod library;
pub mod math;
pub mod mirrors;
pub mod ulp;

/// What the mirrors' tests share besides the error measure.
#[cfg(test)]
pub(crate) mod test_rng {
    /// xorshift64: reproducible operands for the sweeps.
    pub struct Rng(pub u64);
    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }
}
