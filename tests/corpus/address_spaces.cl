// Memories in every named address space: global, local, private arrays and constant tables.
// corpus: range=0:1000
constant int weights[8] = {3, -1, 4, -1, 5, -9, 2, 6};
constant float taps[4] = {0.25f, 0.5f, 0.125f, 0.125f};
kernel void private_array(global int *a, global int *out) {
    size_t i = get_global_id(0);
    int t[4];
    for (int k = 0; k < 4; k++) t[k] = a[i + k] * (k + 1);
    out[i] = t[0] - t[1] + t[2] - t[3];
}
kernel void private_indexed_by_data(global int *a, global int *out) {
    size_t i = get_global_id(0);
    int t[8];
    for (int k = 0; k < 8; k++) t[k] = k * k;
    out[i] = t[a[i] & 7] + t[(a[i] >> 3) & 7];
}
kernel void local_own_slot(global int *a, global int *out) {
    local int tile[16];
    size_t i = get_global_id(0), l = get_local_id(0);
    tile[l] = a[i] * 3;
    out[i] = tile[l] + 1;
}
kernel void constant_weights(global int *a, global int *out) {
    size_t i = get_global_id(0);
    out[i] = a[i] * weights[i & 7] + weights[a[i] & 7];
}
kernel void constant_fir(global float *a, global float *out) {
    size_t i = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < 4; k++) s += a[i + k] * taps[k];
    out[i] = s;
}
kernel void constant_arg(global int *a, constant int *lut, global int *out) {
    size_t i = get_global_id(0);
    out[i] = lut[a[i] & 255] - a[i];
}
