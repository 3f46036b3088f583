// Initialised private arrays that the kernel then writes (clang copies the initial contents
// from a constant with OpCopyMemorySized), and float classification.
kernel void init_then_write(global int *a, global int *out) {
    size_t i = get_global_id(0);
    int t[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    t[a[i] & 7] = a[i];
    t[(a[i] >> 3) & 7] += 100;
    int s = 0;
    for (int k = 0; k < 8; k++) s = s * 3 + t[k];
    out[i] = s;
}
// corpus: range=-1000:1000
kernel void classify(global float *x, global int *out) {
    size_t i = get_global_id(0);
    float v = x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i] * x[i];
    float w = 1.0f / (x[i] * 1e36f);
    out[i] = isnan(v - v) + 2 * isinf(v) + 4 * isfinite(w) + 8 * isnormal(w) + 16 * signbit(w);
}
