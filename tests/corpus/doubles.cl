// Double precision: arithmetic correctly rounded in both; conversions to and from float
// and integers; math functions within their double bounds (§6.6.1 for double: exp 3 ulp,
// sin/cos 4, pow 16); the model uses the host's double libm.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// corpus: ulp=0 ulp.double_math=4 ulp.double_pow=16
kernel void double_arith(global double *a, global double *b, global double *out, global double *q) {
    size_t i = get_global_id(0);
    out[i] = (a[i] + b[i]) * (a[i] - b[i]) + sqrt(fabs(a[i]));
    q[i] = fma(a[i], b[i], -a[i]) / b[i];
}
kernel void double_convert(global double *a, global float *f, global long *l, global int *n, global double *back) {
    size_t i = get_global_id(0);
    f[i] = (float)(a[i] * 1e6);
    l[i] = (long)(a[i] * 1e12);
    n[i] = convert_int_rtn(a[i]);
    back[i] = (double)f[i] + (double)l[i] * 0.5 + (double)(i * 1000003u);
}
kernel void double_compare(global double *a, global double *b, global int *lt, global double *mx) {
    size_t i = get_global_id(0);
    lt[i] = (a[i] < b[i]) + 2 * isless(b[i], a[i]) + 4 * (a[i] == b[i]);
    mx[i] = fmax(a[i], b[i]) - fmin(a[i], b[i]) + floor(a[i]) + ceil(b[i]) + rint(a[i] * 0.37);
}
kernel void double_math(global double *a, global double *e, global double *l, global double *s, global double *c) {
    size_t i = get_global_id(0);
    double v = a[i] * 0.5;
    e[i] = exp(v);
    l[i] = log(fabs(v) + 1e-3);
    s[i] = sin(a[i]);
    c[i] = cos(a[i]);
}
kernel void double_pow(global double *a, global double *b, global double *p) {
    size_t i = get_global_id(0);
    p[i] = pow(fabs(a[i]) * 0.1 + 0.01, b[i] * 0.05);
}
