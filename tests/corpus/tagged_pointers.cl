// Pointers decided at run time between two memories: a select between two global buffers
// and a pointer from an if/else (a phi). (A generic pointer into global or private memory
// chosen at run time is tests/kernels/generic_either_space.cl: pocl has no generic
// address space to compare with.)
// corpus: range=-1000:1000
kernel void select_buffers(global int *a, global int *b, global int *out) {
    size_t i = get_global_id(0);
    global int *p = (i & 1) ? a : b;
    out[i] = p[i] * 2 + p[(i + 1) & 63];
}
kernel void pointer_from_branches(global float *a, global float *b, global float *out) {
    size_t i = get_global_id(0);
    global float *p;
    if (a[i] > b[i]) {
        p = a;
    } else {
        p = b;
    }
    p[i] = p[i] + 1.0f;
    out[i] = p[i] * 0.5f;
}
