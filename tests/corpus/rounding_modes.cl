// Conversions with explicit rounding (FPRoundingMode) and saturation (SaturatedConversion):
// every result is exact, so model and pocl must agree bit for bit.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// corpus: range=-3000000000:3000000000
kernel void float_to_int_modes(global float *x, global int *rte, global int *rtz, global int *rtp, global int *rtn) {
    size_t i = get_global_id(0);
    float v = x[i] * 1e-6f;
    rte[i] = convert_int_rte(v);
    rtz[i] = convert_int_rtz(v);
    rtp[i] = convert_int_rtp(v);
    rtn[i] = convert_int_rtn(v);
}
kernel void float_to_int_sat(global float *x, global char *c, global uchar *uc, global short *s, global uint *u) {
    size_t i = get_global_id(0);
    float v = x[i] * 1e-7f;
    c[i] = convert_char_sat(v);
    uc[i] = convert_uchar_sat_rte(v);
    s[i] = convert_short_sat_rtp(v * 100.0f);
    u[i] = convert_uint_sat(x[i]);
}
kernel void int_to_float_modes(global long *x, global float *rte, global float *rtz, global float *rtp, global float *rtn) {
    size_t i = get_global_id(0);
    long v = x[i] * 3000000001L + 7;
    rte[i] = convert_float_rte(v);
    rtz[i] = convert_float_rtz(v);
    rtp[i] = convert_float_rtp(v);
    rtn[i] = convert_float_rtn(v);
}
kernel void uint_to_float_modes(global uint *x, global float *rtz, global float *rtp, global float *rtn) {
    size_t i = get_global_id(0);
    rtz[i] = convert_float_rtz(x[i]);
    rtp[i] = convert_float_rtp(x[i]);
    rtn[i] = convert_float_rtn(x[i]);
}
kernel void int_sat(global int *x, global long *y, global char *c, global uchar *uc, global ushort *us, global int *n, global uint *u) {
    size_t i = get_global_id(0);
    c[i] = convert_char_sat(x[i]);
    uc[i] = convert_uchar_sat(x[i]);
    us[i] = convert_ushort_sat(y[i]);
    n[i] = convert_int_sat(y[i] * 4);
    u[i] = convert_uint_sat(x[i]);
}
kernel void double_to_float_modes(global long *x, global float *rte, global float *rtz, global float *rtp, global float *rtn) {
    size_t i = get_global_id(0);
    double v = (double)x[i] * 1.000000001;
    rte[i] = convert_float_rte(v);
    rtz[i] = convert_float_rtz(v);
    rtp[i] = convert_float_rtp(v);
    rtn[i] = convert_float_rtn(v);
}
kernel void vector_modes(global float4 *x, global int4 *rte, global uchar4 *sat) {
    size_t i = get_global_id(0);
    float4 v = x[i] * 1e-6f;
    rte[i] = convert_int4_rte(v);
    sat[i] = convert_uchar4_sat_rtn(v * 0.01f);
}
