//! Any byte string through what `hls-build compile` does before scheduling: the module
//! rewrites (specialization and the Vulkan translation, mangled built-ins resolved,
//! `--mad unfused`), SPIR-V loading, the OpenCL
//! environment checks and lowering to the IR (promotion, memsets, debug instructions). Every input must end in Ok or a
//! FrontendError — never a panic, a hang or unbounded memory.
//!
//!     cargo +nightly fuzz run load_lower fuzz/corpus/load_lower -- -max_total_time=1800
//!
//! (scripts/fuzz.sh seeds the corpus from the test fixtures and kernels first.)
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let prepared = frontend::environment::prepare(data.to_vec(), &Default::default(), None).ok();
    let data = prepared.as_ref().map_or(data, |p| p.spirv.as_slice());
    let resolved = frontend::mangled::resolve_builtin_imports(data).ok().flatten();
    let data = resolved.as_deref().unwrap_or(data);
    let _ = frontend::float_controls::split_mad(data);
    if let Ok(module) = frontend::SpirvModule::load(data) {
        let names: Vec<String> = module.kernels.iter().map(|(n, _)| n.clone()).collect();
        for name in names {
            let _ = frontend::lower_kernel(&module, Some(&name));
        }
    }
});
