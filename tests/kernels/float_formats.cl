// Conversions between float formats in hardware: half -> float (vload_half), float -> half
// in the four rounding directions (vstore_half_r), float -> double and double -> float.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void float_formats(global half *h, global float *x, global float *wide,
                          global half *rte, global half *rtz, global half *rtp, global half *rtn,
                          global double *d, global float *back_rtz, global float *back_rtp) {
    size_t i = get_global_id(0);
    wide[i] = vload_half(i, h);
    float v = x[i];
    vstore_half_rte(v, i, rte);
    vstore_half_rtz(v, i, rtz);
    vstore_half_rtp(v, i, rtp);
    vstore_half_rtn(v, i, rtn);
    double dv = (double)v;
    d[i] = dv;
    double nudged = as_double(as_long(dv) + (long)(i % 7) - 3);
    back_rtz[i] = convert_float_rtz(nudged);
    back_rtp[i] = convert_float_rtp(nudged);
}
