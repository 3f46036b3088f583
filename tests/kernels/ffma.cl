// The fused multiply-add core: a * b + c with one rounding.
kernel void ffma(global const float *a, global const float *b, global const float *c,
                 global float *y) {
    size_t i = get_global_id(0);
    y[i] = fma(a[i], b[i], c[i]);
}
