// Double sine, cosine and tangent in hardware (hls_fp_sin64: Payne-Hanek reduction from a
// ROM of 2/pi, a table at i/128 and two short polynomials; the tangent their quotient):
// sin, cos and sincos within 0.51 ulp (OpenCL's bound: 4), tan within 2.5 (bound 5).
// tests/e2e.rs: double_trig_cosimulates_and_matches_pocl.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_trig(global const double *x, global double *e) {
    size_t i = get_global_id(0);
    double v = x[i];
    double c;
    e[5 * i + 0] = sin(v);
    e[5 * i + 1] = cos(v);
    e[5 * i + 2] = sincos(v, &c);
    e[5 * i + 3] = c;
    e[5 * i + 4] = tan(v);
}
