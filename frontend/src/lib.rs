//! The frontend: SPIR-V (or OpenCL C through clang-15 + llvm-spirv-15) in, `ir::Kernel` out.
//! It knows nothing of hardware: no latencies, no ports, no clocks.

pub mod barriers;
pub mod cfg;
pub mod collectives;
pub mod environment;
pub mod float_controls;
pub mod inline;
pub mod lines;
/// The IR, a crate of its own (frontend/ir) so that later stages need no SPIR-V.
pub use ir;
pub mod lower;
pub mod mangled;
pub mod memattrs;
pub mod memset;
pub mod opencl;
pub mod passes;
pub mod pipe_storage;
pub mod pipes;
pub mod promote;
pub mod reassociate;
pub mod simplify;
pub mod specialize;
pub mod spirv;
pub mod verify;
pub mod vulkan;

pub use lower::{lower_kernel, lower_kernel_with};
pub use spirv::SpirvModule;

#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error("not a SPIR-V module: {0}")]
    NotSpirv(String),
    #[error("malformed SPIR-V: {0}")]
    Malformed(String),
    #[error("{inst}: {message} ({rule})")]
    Invalid {
        rule: String,
        inst: String,
        message: String,
    },
    #[error("{inst}: unsupported: {message}")]
    Unsupported { inst: String, message: String },
    #[error("no kernel named '{wanted}' in the module; it has: {available}")]
    UnknownKernel { wanted: String, available: String },
    #[error("the module has several kernels ({available}); choose one with --kernel NAME")]
    AmbiguousKernel { available: String },
    #[error("{0}")]
    Toolchain(String),
    /// A compiler bug caught by the IR verifier: which pass broke which rule.
    #[error("internal compiler error (please report it with the kernel): {0}")]
    Internal(String),
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// An error at a source line: the instruction being lowered came from it (OpLine), or
    /// clang reported it there.
    #[error("{pos}: {error}")]
    At {
        pos: ir::SourcePos,
        error: Box<FrontendError>,
    },
}

impl FrontendError {
    /// The error placed at a source position (kept where it already has one).
    pub fn at(self, pos: Option<ir::SourcePos>) -> FrontendError {
        match (self, pos) {
            (e @ FrontendError::At { .. }, _) | (e, None) => e,
            (e, Some(pos)) => FrontendError::At {
                pos,
                error: Box::new(e),
            },
        }
    }
}
