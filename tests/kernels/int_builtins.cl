// The OpenCL integer built-ins: bit counts, high products, 24-bit products, rotates,
// saturating and halving arithmetic, absolute differences, upsample.
kernel void int_builtins(global const int *a, global const int *b, global int *o,
                         global uint *u, global long *l) {
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    o[12 * i + 0] = popcount(x);
    o[12 * i + 1] = clz(x);
    o[12 * i + 2] = ctz(y);
    o[12 * i + 3] = mul_hi(x, y);
    o[12 * i + 4] = mad24(x & 0x7FFFFF, y & 0x7FFFFF, x);
    o[12 * i + 5] = rotate(x, y);
    o[12 * i + 6] = add_sat(x, y);
    o[12 * i + 7] = sub_sat(x, y);
    o[12 * i + 8] = hadd(x, y);
    o[12 * i + 9] = rhadd(x, y);
    o[12 * i + 10] = (int)abs_diff(x, y);
    o[12 * i + 11] = mad_hi(x, y, 7);
    u[6 * i + 0] = mul_hi(ux, uy);
    u[6 * i + 1] = add_sat(ux, uy);
    u[6 * i + 2] = sub_sat(ux, uy);
    u[6 * i + 3] = hadd(ux, uy) + rhadd(ux, uy);
    u[6 * i + 4] = abs_diff(ux, uy);
    u[6 * i + 5] = clz(ux) + ctz(uy) + popcount(ux ^ uy);
    l[i] = upsample(x, uy);
}
