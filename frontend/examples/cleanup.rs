//! What `frontend::passes::optimize` (the passes `lower_kernel` runs: half widening,
//! unrolling, constant folding, CSE, dead code, narrowing) does to every kernel of
//! tests/kernels and examples: operations before and after, and what each pass did.
//!
//!     cargo run --release -p frontend --example cleanup

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files: Vec<_> = ["tests/kernels", "examples"]
        .iter()
        .flat_map(|d| {
            std::fs::read_dir(root.join(d))
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    let (mut before, mut after, mut narrowed) = (0usize, 0usize, 0usize);
    println!(
        "{:<36} {:>8} {:>8} {:>7} {:>7} {:>7} {:>8} {:>8}",
        "kernel", "before", "after", "folded", "merged", "removed", "narrowed", "unrolled"
    );
    for f in files {
        let Ok(spirv) = frontend::opencl::compile_opencl(&f) else {
            continue;
        };
        let Ok(m) = frontend::SpirvModule::load(&spirv) else {
            continue;
        };
        for (name, _) in m.kernels.clone() {
            let Ok(mut k) = frontend::lower::lower_kernel_unoptimized(&m, Some(&name)) else {
                continue;
            };
            let count =
                |k: &frontend::ir::Kernel| k.units.iter().map(|u| u.body.len()).sum::<usize>();
            let b = count(&k);
            let r = frontend::passes::optimize(&mut k);
            let a = count(&k);
            before += b;
            after += a;
            narrowed += r.narrowed;
            println!(
                "{:<36} {b:>8} {a:>8} {:>7} {:>7} {:>7} {:>8} {:>8}",
                name,
                r.cleanup.folded,
                r.cleanup.merged,
                r.cleanup.removed,
                r.narrowed,
                r.unrolled.len()
            );
        }
    }
    println!(
        "total: {before} operations before, {after} after ({:.1}% fewer); {narrowed} narrowed",
        100.0 * (before - after) as f64 / before.max(1) as f64
    );
}
