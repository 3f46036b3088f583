// OpenCL integer built-ins.
kernel void min_max_clamp_abs(global int *a, global int *b, global int *out) {
    size_t i = get_global_id(0);
    out[i] = min(a[i], b[i]) ^ max(a[i], b[i]);
    out[i + 64] = clamp(a[i], -1000, 1000) + (int)abs(b[i] % 100000);
}
kernel void bit_counts(global uint *a, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = popcount(a[i]) + (clz(a[i]) << 8) + (ctz(a[i]) << 16);
}
kernel void saturating(global int *a, global int *b, global uint *c, global int *out, global uint *uout) {
    size_t i = get_global_id(0);
    out[i] = add_sat(a[i], b[i]) ^ sub_sat(a[i], b[i]);
    uout[i] = add_sat(c[i], c[i + 1]) + sub_sat(c[i], c[i + 2]);
}
kernel void hadd_rhadd_absdiff(global uint *a, global uint *b, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = hadd(a[i], b[i]) ^ rhadd(a[i], b[i]) ^ abs_diff(a[i], b[i]);
}
kernel void mul_hi_mad_hi(global uint *a, global uint *b, global int *c, global uint *out, global int *sout) {
    size_t i = get_global_id(0);
    out[i] = mul_hi(a[i], b[i]) + mad_hi(a[i], b[i], 7u);
    sout[i] = mul_hi(c[i], c[i + 1]);
}
kernel void rotate_upsample(global uint *a, global ushort *h, global ushort *l, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = rotate(a[i], a[i + 1] & 31) ^ upsample(h[i], l[i]);
}
kernel void mul24_mad24(global int *a, global int *b, global int *out) {
    size_t i = get_global_id(0);
    int x = a[i] & 0x7FFF, y = b[i] & 0x7FFF;
    out[i] = mul24(x, y) + mad24(x, 3, y);
}
