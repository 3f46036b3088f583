// Single-precision arithmetic: add, sub, mul, div and sqrt are correctly rounded in both.
kernel void fadd_fmul(global float *a, global float *b, global float *out) {
    size_t i = get_global_id(0);
    out[i] = (a[i] + b[i]) * (a[i] - b[i]);
}
kernel void fdiv(global float *a, global float *b, global float *out) {
    size_t i = get_global_id(0);
    out[i] = a[i] / b[i];
}
kernel void fsqrt_fabs(global float *a, global float *out) {
    size_t i = get_global_id(0);
    out[i] = sqrt(fabs(a[i])) - a[i];
}
kernel void fneg_copysign(global float *a, global float *b, global float *out) {
    size_t i = get_global_id(0);
    out[i] = copysign(-a[i], b[i]) + fmin(a[i], b[i]) - fmax(a[i], b[i]);
}
kernel void fma_once(global float *a, global float *b, global float *c, global float *out) {
    size_t i = get_global_id(0);
    out[i] = fma(a[i], b[i], c[i]);
}
kernel void rounding_family(global float *a, global float *out) {
    size_t i = get_global_id(0);
    float x = a[i] * 0.37f;
    out[i] = floor(x) + 2.0f * ceil(x) + 4.0f * trunc(x) + 8.0f * rint(x) + 16.0f * round(x);
}
