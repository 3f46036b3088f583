// Double exponentials in hardware (hls_fp_exp64): e^x, 2^x and 10^x of each input, within
// 0.51 ulp (OpenCL's bound: 3). tests/e2e.rs: double_exponentials_cosimulate_and_match_pocl.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_exp(global const double *x, global double *e) {
    size_t i = get_global_id(0);
    double v = x[i];
    e[3 * i + 0] = exp(v);
    e[3 * i + 1] = exp2(v);
    e[3 * i + 2] = exp10(v);
}
