// Exercises the fp32 cores directly: add, subtract, multiply and divide per work-item.
kernel void fcores(global const float *a, global const float *b,
                   global float *sum, global float *diff, global float *prod,
                   global float *quot) {
    size_t i = get_global_id(0);
    sum[i] = a[i] + b[i];
    diff[i] = a[i] - b[i];
    prod[i] = a[i] * b[i];
    quot[i] = a[i] / b[i];
}
