// OpenCL common and reciprocal functions built from the exact cores: rsqrt, native_*,
// fdim, sign, step, mix, radians, degrees.
kernel void common_fns(global const float *x, global const float *y, global float *o) {
    size_t i = get_global_id(0);
    float a = x[i], b = y[i];
    o[10 * i + 0] = rsqrt(a);
    o[10 * i + 1] = native_sqrt(a);
    o[10 * i + 2] = native_divide(a, b);
    o[10 * i + 3] = native_recip(b);
    o[10 * i + 4] = fdim(a, b);
    o[10 * i + 5] = sign(b);
    o[10 * i + 6] = step(b, a);
    o[10 * i + 7] = mix(a, b, 0.25f);
    o[10 * i + 8] = radians(b);
    o[10 * i + 9] = degrees(b);
}
