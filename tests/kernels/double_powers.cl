// Double powers in hardware (hls_fp_pow64: 2^(y log2|x|) from the double log's and exp's
// stages): pow, powr, pown, cbrt and rootn of each input, within 0.62 ulp (OpenCL's
// bounds: 16 ulp, cbrt 2); and hypot (hls_fp_hypot64), within 1.1 ulp (bound 4).
// tests/e2e.rs: double_powers_cosimulate_and_match_pocl.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_powers(global const double *x, global const double *y,
                          global const int *n, global double *e) {
    size_t i = get_global_id(0);
    double a = x[i];
    double b = y[i];
    e[6 * i + 0] = pow(a, b);
    e[6 * i + 1] = powr(fabs(a), b);
    e[6 * i + 2] = pown(a, n[i]);
    e[6 * i + 3] = cbrt(a);
    e[6 * i + 4] = hypot(a, b);
    e[6 * i + 5] = rootn(a, n[i]);
}
