//! The module in the OpenCL environment the rest of the flow reads: specialization
//! constants fixed (`--spec`, else their defaults, `specialize.rs`) and a Vulkan compute
//! module translated (`vulkan/`); program-scope pipes made kernel parameters
//! (`pipe_storage.rs`). All are rewrites of the SPIR-V itself, so the software
//! model and the hardware read the same module.

use crate::FrontendError;
use std::collections::HashMap;

/// The module ready for `SpirvModule::load`, and where a translated module's arguments
/// came from.
pub struct Prepared {
    pub spirv: Vec<u8>,
    /// Kernel name -> (argument, its place in the Vulkan interface); empty for OpenCL.
    pub origins: HashMap<String, Vec<(String, String)>>,
    /// Kernel name -> the pipe parameters it was given for program-scope pipes.
    pub program_pipes: HashMap<String, Vec<crate::pipe_storage::ProgramPipe>>,
}

/// `spirv` ready for `SpirvModule::load`: unchanged when it is an OpenCL module without
/// specialization constants (or not SPIR-V at all: the loader names what is wrong).
/// `kernel`: the one to build, when named (a Vulkan module's other entry points are left
/// out of the translation).
pub fn prepare(
    spirv: Vec<u8>,
    spec: &HashMap<u32, u64>,
    kernel: Option<&str>,
) -> Result<Prepared, FrontendError> {
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let unchanged = |spirv| Prepared {
        spirv,
        origins: HashMap::new(),
        program_pipes: HashMap::new(),
    };
    if words.first() != Some(&0x0723_0203) {
        return Ok(unchanged(spirv));
    }
    let (bytes, defaulted) = if spec.is_empty() && !crate::specialize::has_spec_constants(&words) {
        (spirv, Default::default())
    } else {
        let s = crate::specialize::specialize(&words, spec)?;
        (
            s.words.iter().flat_map(|w| w.to_le_bytes()).collect(),
            s.defaulted,
        )
    };
    // Pipe storage is the Kernel environment's alone: a module with it is not Vulkan's.
    if let Some((spirv, program_pipes)) = crate::pipe_storage::as_parameters(&bytes)? {
        return Ok(Prepared {
            spirv,
            origins: HashMap::new(),
            program_pipes,
        });
    }
    Ok(
        match crate::vulkan::translate(&bytes, &defaulted, kernel)? {
            Some(t) => Prepared {
                spirv: t.spirv,
                origins: t.origins,
                program_pipes: HashMap::new(),
            },
            None => unchanged(bytes),
        },
    )
}
