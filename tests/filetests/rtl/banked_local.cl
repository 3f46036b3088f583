// A private array indexed by the low bits of the work-item id: banked from its accesses.
kernel void window(global const int *in, global int *out) {
    int t[8];
    size_t i = get_global_id(0);
    for (int k = 0; k < 8; k++)
        t[k] = in[8 * i + k] * (k + 1);
    int s = 0;
    for (int k = 0; k < 8; k++)
        s += t[(k + i) & 7];
    out[i] = s;
}
