//! Frontend speed (BENCHMARKS.md): a generated OpenCL kernel module of about 10,000
//! instructions — straight-line integer arithmetic in if/else diamonds, as clang emits for
//! branchy code — from bytes to IR: SPIR-V loading and validation, then lowering (inlining,
//! CFG, if-conversion).  `cargo bench -p frontend`

use criterion::{criterion_group, criterion_main, Criterion};
use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use rspirv::spirv::{
    AddressingModel, BuiltIn, Capability, Decoration, ExecutionModel, FunctionControl,
    MemoryAccess, MemoryModel, SelectionControl, StorageClass,
};
use std::hint::black_box;

/// A kernel `k(global uint *a, global uint *out)`: out[gid] = f(a[gid], a[gid+1]) where f is
/// `diamonds` if/else diamonds of `ops_per_arm` operations on each arm.
fn module(diamonds: usize, ops_per_arm: usize) -> Vec<u8> {
    let mut b = Builder::new();
    b.set_version(1, 0);
    for c in [Capability::Addresses, Capability::Kernel, Capability::Int64] {
        b.capability(c);
    }
    b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
    let void = b.type_void();
    let uint = b.type_int(32, 0);
    let ulong = b.type_int(64, 0);
    let boolean = b.type_bool();
    let v3 = b.type_vector(ulong, 3);
    let pv3 = b.type_pointer(None, StorageClass::Input, v3);
    let ptr = b.type_pointer(None, StorageClass::CrossWorkgroup, uint);
    let fn_ty = b.type_function(void, vec![ptr, ptr]);
    let gid = b.variable(pv3, None, StorageClass::Input, None);
    b.decorate(
        gid,
        Decoration::BuiltIn,
        [Operand::BuiltIn(BuiltIn::GlobalInvocationId)],
    );
    let consts: Vec<u32> = (1..=31)
        .map(|k| b.constant_bit32(uint, k * 2654435761u32))
        .collect();
    let one64 = b.constant_bit64(ulong, 1);
    let f = b
        .begin_function(void, None, FunctionControl::NONE, fn_ty)
        .unwrap();
    let a = b.function_parameter(ptr).unwrap();
    let out = b.function_parameter(ptr).unwrap();
    b.begin_block(None).unwrap();
    let g = b.load(v3, None, gid, None, []).unwrap();
    let i = b.composite_extract(ulong, None, g, [0]).unwrap();
    let i1 = b.i_add(ulong, None, i, one64).unwrap();
    let pa = b.in_bounds_ptr_access_chain(ptr, None, a, i, []).unwrap();
    let pb = b.in_bounds_ptr_access_chain(ptr, None, a, i1, []).unwrap();
    let align = [Operand::LiteralBit32(4)];
    let mut x = b
        .load(uint, None, pa, Some(MemoryAccess::ALIGNED), align.clone())
        .unwrap();
    let mut y = b
        .load(uint, None, pb, Some(MemoryAccess::ALIGNED), align.clone())
        .unwrap();
    let mut k = 0usize;
    for _ in 0..diamonds {
        let (then_l, else_l, merge_l) = (b.id(), b.id(), b.id());
        let c = b.u_less_than(boolean, None, x, y).unwrap();
        b.selection_merge(merge_l, SelectionControl::NONE).unwrap();
        b.branch_conditional(c, then_l, else_l, []).unwrap();
        let mut arm = |b: &mut Builder, label: u32, mut v: u32, w: u32| {
            b.begin_block(Some(label)).unwrap();
            for j in 0..ops_per_arm {
                let kc = consts[(k + j) % consts.len()];
                v = match j % 5 {
                    0 => b.i_add(uint, None, v, w).unwrap(),
                    1 => b.i_mul(uint, None, v, kc).unwrap(),
                    2 => b.bitwise_xor(uint, None, v, kc).unwrap(),
                    3 => b
                        .shift_right_logical(uint, None, v, consts[(j / 5) % 4])
                        .unwrap(),
                    _ => b.i_sub(uint, None, v, w).unwrap(),
                };
            }
            k += ops_per_arm;
            b.branch(merge_l).unwrap();
            v
        };
        let vt = arm(&mut b, then_l, x, y);
        let ve = arm(&mut b, else_l, y, x);
        b.begin_block(Some(merge_l)).unwrap();
        let m = b.phi(uint, None, [(vt, then_l), (ve, else_l)]).unwrap();
        y = x;
        x = m;
    }
    let po = b.in_bounds_ptr_access_chain(ptr, None, out, i, []).unwrap();
    b.store(po, x, Some(MemoryAccess::ALIGNED), align).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(ExecutionModel::Kernel, f, "k", [gid]);
    b.module()
        .assemble()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

fn instructions(bytes: &[u8]) -> usize {
    let m = frontend::SpirvModule::load(bytes).expect("the generated module loads");
    m.module.all_inst_iter().count()
}

fn bench(c: &mut Criterion) {
    let bytes = module(25, 196);
    let n = instructions(&bytes);
    assert!((9_800..=10_400).contains(&n), "{n} instructions");
    let mut g = c.benchmark_group("frontend");
    g.sample_size(20);
    g.bench_function(format!("bytes to IR, {n} instructions"), |bch| {
        bch.iter(|| {
            let m = frontend::SpirvModule::load(black_box(&bytes)).expect("loads");
            let k = frontend::lower_kernel(&m, None).expect("lowers");
            black_box(k.units.len())
        })
    });
    g.bench_function(format!("load + validate only, {n} instructions"), |bch| {
        bch.iter(|| {
            black_box(
                frontend::SpirvModule::load(black_box(&bytes))
                    .expect("loads")
                    .bound,
            )
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
