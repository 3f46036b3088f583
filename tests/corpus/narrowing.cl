// Integer arithmetic whose every reader truncates it: computed in the narrow width in
// hardware (frontend/src/passes.rs narrow), so the product below is 16 bits wide, not 32.
kernel void narrowed_arith(global int *a, global int *b, global uchar *out, global short *s) {
    size_t i = get_global_id(0);
    int x = a[i] * 3 + b[i];
    int y = (a[i] ^ b[i]) - 7;
    out[i] = (uchar)x;
    s[i] = (short)(y * x);
}
