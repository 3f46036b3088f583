// Double sine and cosine in hardware (hls_fp_sin64: Payne-Hanek reduction from a ROM of
// 2/pi, a table at i/128 and two short polynomials): sin, cos and sincos of each input,
// within 0.51 ulp (OpenCL's bound: 4). tests/e2e.rs: double_trig_cosimulates_and_matches_pocl.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_trig(global const double *x, global double *e) {
    size_t i = get_global_id(0);
    double v = x[i];
    double c;
    e[4 * i + 0] = sin(v);
    e[4 * i + 1] = cos(v);
    e[4 * i + 2] = sincos(v, &c);
    e[4 * i + 3] = c;
}
