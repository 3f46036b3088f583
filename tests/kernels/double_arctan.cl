// Double arctangents in hardware (hls_fp_arctan64: one table rotation by atan(i/128), a
// fixed-point division, a short odd polynomial; asin and acos with sqrt(1 - x^2) in front):
// atan, atan2, asin, acos within 0.51 ulp (OpenCL's bounds: 5, 6, 4, 4).
// tests/e2e.rs: double_arctangents_cosimulate_and_match_pocl.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_arctan(global const double *x, global const double *y,
                          global const double *s, global double *e) {
    size_t i = get_global_id(0);
    e[4 * i + 0] = atan(x[i]);
    e[4 * i + 1] = atan2(x[i], y[i]);
    e[4 * i + 2] = asin(s[i]);
    e[4 * i + 3] = acos(s[i]);
}
