// tests/kernels/vadd.cl as a SystemVerilog snapshot.
// Element-wise vector addition: one work-item per element.
kernel void vadd(global const float *a, global const float *b, global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
