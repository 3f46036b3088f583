// Bitwise operators and shifts (shift counts taken modulo the width, as OpenCL C defines).
kernel void and_or_xor_not(global uint *a, global uint *b, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = (a[i] & b[i]) | (~a[i] ^ (b[i] << 3));
}
kernel void shifts_masked(global uint *a, global uint *b, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = (a[i] << b[i]) ^ (a[i] >> (b[i] + 7));
}
kernel void arithmetic_shift(global int *a, global uint *b, global int *out) {
    size_t i = get_global_id(0);
    out[i] = a[i] >> (b[i] & 31);
}
kernel void shifts_64(global ulong *a, global ulong *b, global long *out) {
    size_t i = get_global_id(0);
    out[i] = (long)(a[i] << (b[i] & 63)) >> (b[i + 1] & 63);
}
kernel void bytes_of_word(global uint *a, global uchar *out) {
    size_t i = get_global_id(0);
    uint w = a[i];
    out[4 * i] = w & 0xFF;
    out[4 * i + 1] = (w >> 8) & 0xFF;
    out[4 * i + 2] = (w >> 16) & 0xFF;
    out[4 * i + 3] = w >> 24;
}
