// Comparisons, logical operators, the ternary operator and select().
// corpus: range=-50:50
kernel void compare_all(global int *a, global int *b, global int *out) {
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    out[i] = (x < y) + 2 * (x <= y) + 4 * (x > y) + 8 * (x >= y) + 16 * (x == y) + 32 * (x != y);
}
kernel void unsigned_compare(global uint *a, global uint *b, global uint *out) {
    size_t i = get_global_id(0);
    out[i] = (a[i] < b[i]) ? a[i] : b[i] * 2u;
}
kernel void logical_ops(global int *a, global int *b, global int *out) {
    size_t i = get_global_id(0);
    out[i] = (a[i] > 0 && b[i] < 0) || (a[i] == b[i] && !(a[i] & 1));
}
kernel void select_builtin(global int *a, global int *b, global int *c, global int *out) {
    size_t i = get_global_id(0);
    out[i] = select(a[i], b[i], c[i] > 0);
}
kernel void float_compare(global float *a, global float *b, global int *out) {
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    out[i] = (x < y) | (x == y) << 1 | (x > y) << 2 | isless(x, 0.0f) << 3 | isgreaterequal(y, x) << 4;
}
