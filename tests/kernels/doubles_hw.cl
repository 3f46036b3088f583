// Double arithmetic in hardware (hls_fp64_*): every operation correctly rounded, so the
// RTL, the model and pocl agree bit for bit (tests/e2e.rs: double_arithmetic_cosimulates).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void doubles_hw(global const double *a, global const double *b, global double *arith,
                       global double *rounded, global long *ints, global int *cmp,
                       global float *narrow) {
    size_t i = get_global_id(0);
    double x = a[i], y = b[i];
    arith[5 * i + 0] = x + y;
    arith[5 * i + 1] = (x - y) * y;
    arith[5 * i + 2] = x / y;
    arith[5 * i + 3] = sqrt(x);
    arith[5 * i + 4] = fma(x, y, -x);
    rounded[4 * i + 0] = floor(x) + ceil(y);
    rounded[4 * i + 1] = rint(x * 0.37) - trunc(y);
    rounded[4 * i + 2] = fmin(x, y) - fmax(x, y);
    long l = convert_long_sat(x * 1e3);
    rounded[4 * i + 3] = (double)l + (double)(ulong)(i * 0x9E3779B97F4A7C15ul);
    ints[2 * i] = l;
    ints[2 * i + 1] = convert_int_sat_rtn(y) + convert_int_sat_rtp(x);
    cmp[i] = (x < y) + 2 * isless(y, x) + 4 * (x == y) + 8 * isgreaterequal(x, y)
           + 16 * isnan(x) + 32 * (x != y);
    narrow[i] = (float)(x * y);
}
