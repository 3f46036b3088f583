// Double functions in hardware: e^x, 2^x and 10^x of each x (hls_fp_exp64, within 0.51
// ulp), ln, log2 and log10 of each l (hls_fp_log64, within 0.51 ulp), e^x - 1 of x and of
// x 2^-12 (hls_fp_exp64's KIND 3, within 0.8 ulp); OpenCL's bound is 3 ulp for each. And
// sinh, cosh, tanh of x and sinh of x 2^-12 (hls_fp_sinh64: within 0.53, 0.51, 2.5 ulp;
// OpenCL allows 4, 4, 5). And log1p of l and of x 2^-12 (hls_fp_log64's KIND 3, within
// 0.51 ulp; OpenCL allows 2). tests/e2e.rs: double_functions_cosimulate_and_match_pocl.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_functions(global const double *x, global const double *l, global double *e) {
    size_t i = get_global_id(0);
    double v = x[i];
    double w = l[i];
    e[14 * i + 0] = exp(v);
    e[14 * i + 1] = exp2(v);
    e[14 * i + 2] = exp10(v);
    e[14 * i + 3] = log(w);
    e[14 * i + 4] = log2(w);
    e[14 * i + 5] = log10(w);
    e[14 * i + 6] = expm1(v);
    e[14 * i + 7] = expm1(v * 0x1p-12);
    e[14 * i + 8] = sinh(v);
    e[14 * i + 9] = cosh(v);
    e[14 * i + 10] = tanh(v);
    e[14 * i + 11] = sinh(v * 0x1p-12);
    e[14 * i + 12] = log1p(w);
    e[14 * i + 13] = log1p(v * 0x1p-12);
}
