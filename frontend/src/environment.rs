//! The module in the OpenCL environment the rest of the flow reads: specialization
//! constants fixed (`--spec`, else their defaults, `specialize.rs`) and a Vulkan compute
//! module translated (`vulkan/`). Both are rewrites of the SPIR-V itself, so the software
//! model and the hardware read the same module.

use crate::FrontendError;
use std::collections::HashMap;

/// `spirv` ready for `SpirvModule::load`: unchanged when it is an OpenCL module without
/// specialization constants (or not SPIR-V at all: the loader names what is wrong).
pub fn prepare(spirv: Vec<u8>, spec: &HashMap<u32, u64>) -> Result<Vec<u8>, FrontendError> {
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if words.first() != Some(&0x0723_0203) {
        return Ok(spirv);
    }
    if spec.is_empty() && !crate::specialize::has_spec_constants(&words) {
        return Ok(crate::vulkan::translate(&spirv, &Default::default())?.unwrap_or(spirv));
    }
    let s = crate::specialize::specialize(&words, spec)?;
    let bytes: Vec<u8> = s.words.iter().flat_map(|w| w.to_le_bytes()).collect();
    Ok(crate::vulkan::translate(&bytes, &s.defaulted)?.unwrap_or(bytes))
}
