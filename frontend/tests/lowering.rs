//! Frontend behaviour on real translator output (OpenCL C through clang-15 + llvm-spirv-15)
//! and on hand-written SPIR-V fixtures (assembled with spirv-as).

use frontend::ir::{ExecMode, OpKind, UnitKind};
use frontend::{lower_kernel, FrontendError, SpirvModule};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn from_cl(rel: &str) -> SpirvModule {
    let bytes =
        frontend::opencl::compile_opencl(&repo().join(rel)).expect("clang-15 + llvm-spirv-15");
    SpirvModule::load(&bytes).unwrap()
}

fn from_asm(name: &str) -> Result<SpirvModule, FrontendError> {
    let dir = std::env::temp_dir().join(format!("frontend-fixture-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("m.spv");
    let st = std::process::Command::new("spirv-as")
        .arg(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures")
                .join(format!("{name}.spvasm")),
        )
        .arg("-o")
        .arg(&out)
        .status()
        .expect("spirv-as (apt-get install spirv-tools)");
    assert!(st.success());
    SpirvModule::load(&std::fs::read(out).unwrap())
}

#[test]
fn vadd_is_one_unit_pipelined_over_work_items() {
    let m = from_cl("examples/vadd.cl");
    let k = lower_kernel(&m, Some("vadd")).unwrap();
    assert_eq!(k.mode, ExecMode::PipelinedWorkItems);
    assert_eq!(k.units.len(), 1);
    let body = &k.units[0].body;
    let count = |f: &dyn Fn(&OpKind) -> bool| body.ops().filter(|(_, o)| f(&o.kind)).count();
    assert_eq!(count(&|k| matches!(k, OpKind::Load(_))), 2);
    assert_eq!(count(&|k| matches!(k, OpKind::Store(_))), 1);
    assert_eq!(count(&|k| matches!(k, OpKind::Float(_))), 1);
    assert_eq!(
        k.args.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(),
        ["a", "b", "c"]
    );
}

#[test]
fn running_sum_loop_is_found_from_the_cfg() {
    let m = from_cl("tests/kernels/running_sum.cl");
    let k = lower_kernel(&m, None).unwrap();
    assert_eq!(k.mode, ExecMode::SequentialWorkItems);
    let loops: Vec<_> = k
        .units
        .iter()
        .filter(|u| matches!(u.kind, UnitKind::Loop { .. }))
        .collect();
    assert_eq!(loops.len(), 1);
    let carried = loops[0]
        .body
        .ops()
        .filter(|(_, o)| o.kind == OpKind::CarriedPhi)
        .count();
    assert_eq!(carried, 2, "the induction variable and the sum");
    assert!(loops[0].body.deps().any(|(_, _, d)| d.distance == 1));
}

#[test]
fn irreducible_control_flow_is_rejected() {
    let m = from_asm("irreducible").unwrap();
    let e = lower_kernel(&m, None).unwrap_err().to_string();
    assert!(e.contains("irreducible"), "{e}");
}

#[test]
fn recursion_is_rejected_with_the_rule() {
    let m = from_asm("recursion").unwrap();
    let e = lower_kernel(&m, None).unwrap_err().to_string();
    assert!(
        e.contains("recursi") && e.contains("§4") && e.contains("(f)"),
        "{e}"
    );
}

#[test]
fn unknown_kernel_lists_the_available_ones() {
    let m = from_cl("examples/vadd.cl");
    let e = lower_kernel(&m, Some("vsub")).unwrap_err().to_string();
    assert!(e.contains("vsub") && e.contains("vadd"), "{e}");
}
