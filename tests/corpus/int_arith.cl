// Integer arithmetic on every width, signed and unsigned (wrapping only where C defines it).
// corpus: range=-1000:1000
kernel void add_sub_i32(global int *a, global int *b, global int *out) {
    size_t i = get_global_id(0);
    out[i] = a[i] + b[i] - (a[i + 64] - 7);
}
kernel void mul_u32_wraps(global uint *a, global uint *b, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = a[i] * b[i] * 2654435761u + b[i + 1];
}
kernel void div_rem_signed(global int *a, global int *b, global int *out) {
    size_t i = get_global_id(0);
    int d = b[i] == 0 ? 3 : b[i];
    out[i] = a[i] / d;
    out[i + 64] = a[i] % d;
}
kernel void div_rem_unsigned(global uint *a, global uint *b, global uint *out) {
    size_t i = get_global_id(0);
    uint d = (b[i] & 0xFFF) + 1;
    out[i] = a[i] / d;
    out[i + 64] = a[i] % d;
}
kernel void i8_u8(global char *a, global uchar *b, global char *out, global uchar *uout) {
    size_t i = get_global_id(0);
    out[i] = (char)(a[i] + (char)b[i]);
    uout[i] = (uchar)(b[i] * 3u + (uchar)a[i]);
}
kernel void i16_u16(global short *a, global ushort *b, global short *out, global ushort *uout) {
    size_t i = get_global_id(0);
    out[i] = (short)(a[i] * 3 - (short)(b[i] >> 4));
    uout[i] = (ushort)(b[i] * b[i]);
}
kernel void i64_u64(global long *a, global ulong *b, global long *out, global ulong *uout) {
    size_t i = get_global_id(0);
    out[i] = a[i] * 1000003L - a[i + 1];
    uout[i] = b[i] * 0x9E3779B97F4A7C15UL + (b[i] >> 17);
}
kernel void div_i64(global long *a, global long *b, global long *out) {
    size_t i = get_global_id(0);
    long d = b[i] == 0 ? 5 : b[i];
    out[i] = a[i] * 1000 / d + a[i] % d;
}
