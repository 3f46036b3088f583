// Conversions between integer widths and to/from float (default rounding: to nearest for
// int to float, toward zero for float to int; values kept in range).
// corpus: range=-30000:30000
kernel void int_widths(global int *a, global char *c, global short *s, global long *l, global uchar *uc) {
    size_t i = get_global_id(0);
    c[i] = (char)a[i];
    s[i] = (short)a[i];
    l[i] = (long)a[i] * 3;
    uc[i] = (uchar)a[i];
}
kernel void int_to_float(global int *a, global uint *b, global float *out) {
    size_t i = get_global_id(0);
    out[i] = (float)a[i] * 0.5f + (float)(b[i] * 65536u);
}
kernel void float_to_int(global float *a, global int *out, global uint *uout) {
    size_t i = get_global_id(0);
    out[i] = (int)(a[i] * 10.0f);
    uout[i] = (uint)fabs(a[i] * 1000.0f);
}
kernel void long_to_float(global long *a, global float *out) {
    size_t i = get_global_id(0);
    out[i] = (float)(a[i] * 123456789L);
}
kernel void bits_of_float(global float *a, global uint *out, global float *back) {
    size_t i = get_global_id(0);
    out[i] = as_uint(a[i]);
    back[i] = as_float(as_uint(a[i]) ^ 0x80000000u);
}
// as_type between lane counts: the bits regrouped, lane 0 lowest (OpenCL C 6.2.4.2).
kernel void regroup_bits(global long *a, global uint *halves, global long *back, global ushort *quarters) {
    size_t i = get_global_id(0);
    long v = a[i] * 40503 + (long)i;  // a value, so clang does not load a[i] as uint2
    uint2 h = as_uint2(v);
    halves[2 * i] = h.x;
    halves[2 * i + 1] = h.y;
    back[i] = as_long((uint2)(h.y, h.x)) ^ as_long(as_float2(v));
    ushort4 q = as_ushort4(v);
    quarters[i] = q.x + q.y * 3 + q.z * 5 + q.w * 7;
}
