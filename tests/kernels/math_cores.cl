// The float elementary functions with hardware cores, beside sqrt and fma: co-simulated
// and compared with pocl within OpenCL's bounds (tests/e2e.rs:
// elementary_functions_cosimulate_and_match_pocl).
kernel void math_cores(global const float *x, global const float *y,
                       global float *e, global float *l, global float *s,
                       global float *c, global float *p, global float *q,
                       global float *f, global float *bases, global float *sc,
                       global float *more, global float *hyp,
                       global float *inv, global float *roots,
                       global float *errs) {
    size_t i = get_global_id(0);
    float a = x[i], b = y[i];
    e[i] = exp(a);
    l[i] = log(a);
    s[i] = sin(a);
    c[i] = cos(a);
    p[i] = pow(a, b);
    q[i] = sqrt(a);
    f[i] = fma(a, b, a);
    bases[4 * i + 0] = exp2(a);
    bases[4 * i + 1] = exp10(a);
    bases[4 * i + 2] = log2(a);
    bases[4 * i + 3] = log10(a);
    float co;
    sc[2 * i] = sincos(a, &co);
    sc[2 * i + 1] = co;
    more[3 * i + 0] = tan(a);
    more[3 * i + 1] = powr(a, b);
    more[3 * i + 2] = cbrt(a);
    hyp[4 * i + 0] = expm1(a);
    hyp[4 * i + 1] = sinh(a);
    hyp[4 * i + 2] = cosh(a);
    hyp[4 * i + 3] = tanh(a);
    inv[6 * i + 0] = log1p(a);
    inv[6 * i + 1] = atan(a);
    inv[6 * i + 2] = atan2(a, b);
    inv[6 * i + 3] = asin(a);
    inv[6 * i + 4] = acos(a);
    inv[6 * i + 5] = hypot(a, b);
    // An int exponent / root from the operand's bits: -60..20.
    int n = (as_int(a) >> 3) % 41 - 20;
    roots[2 * i + 0] = pown(a, n);
    roots[2 * i + 1] = rootn(a, n);
    errs[2 * i + 0] = erf(a);
    errs[2 * i + 1] = erfc(a);
}
