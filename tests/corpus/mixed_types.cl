// Mixed integer and float expressions, bool, size_t arithmetic and helper functions.
// corpus: range=-100:100 k=5
int poly(int x, int k) { return (x * x + k) * x - k; }
float lerp3(float a, float b, float t) { return a + (b - a) * t; }
kernel void helpers_inlined(global int *a, global int *out, int k) {
    size_t i = get_global_id(0);
    out[i] = poly(a[i], k) - poly(a[i + 1], 2 * k);
}
kernel void float_helpers(global float *a, global float *out) {
    size_t i = get_global_id(0);
    out[i] = lerp3(a[i], a[i + 1], 0.75f);
}
kernel void bool_logic(global int *a, global uchar *out) {
    size_t i = get_global_id(0);
    bool p = a[i] > 0, q = (a[i] & 3) == 1;
    out[i] = (p != q) + 2 * (p && !q);
}
kernel void int_float_mix(global int *a, global float *b, global float *out, global int *iout) {
    size_t i = get_global_id(0);
    out[i] = a[i] * b[i] + (float)(a[i] / 3);
    iout[i] = (int)(b[i] * 4.0f) + a[i];
}
kernel void size_t_math(global uint *out) {
    size_t i = get_global_id(0);
    size_t j = (i * 7 + 3) % get_global_size(0);
    out[i] = (uint)(j * j);
}
