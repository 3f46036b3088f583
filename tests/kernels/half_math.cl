// Half-precision arithmetic (cl_khr_fp16) and the half load/store built-ins. The
// hardware computes each operation in float and rounds once to half (frontend/src/passes.rs).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void half_math(global half *a, global half *b, global half *out, global float *wide, global half *narrow,
                      global int *cmp, global half *from_int) {
    size_t i = get_global_id(0);
    half x = a[i], y = b[i];
    out[i] = x * y + x / y - sqrt(fabs(x));
    wide[i] = vload_half(i, a) * 3.0f;
    vstore_half_rtz(wide[i] + 0.1f, i, narrow);
    cmp[i] = (x < y) + 2 * convert_int_rtz(x) + 4 * isless(floor(y), x);
    from_int[i] = (half)((int)i * 37 - 4000) * rint(y);
}
