//! What the passes `lower_kernel` runs (`frontend::passes::PASSES`: half widening,
//! unrolling, constant folding, CSE, dead code, narrowing) do to every kernel of
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
    let (mut before, mut after) = (0usize, 0usize);
    println!(
        "{:<36} {:>8} {:>8}  what each pass did",
        "kernel", "before", "after"
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
            let options = frontend::passes::Options {
                verify: true,
                ..Default::default()
            };
            let r = match frontend::passes::run(&mut k, &options) {
                Ok(r) => r,
                Err(e) => {
                    println!("{name}: {e}");
                    continue;
                }
            };
            let a = count(&k);
            before += b;
            after += a;
            let did: Vec<String> = r.ran.iter().map(|(p, d)| format!("{p}: {d}")).collect();
            println!("{name:<36} {b:>8} {a:>8}  {}", did.join("; "));
        }
    }
    println!(
        "total: {before} operations before, {after} after ({:.1}% fewer)",
        100.0 * (before - after) as f64 / before.max(1) as f64
    );
}
