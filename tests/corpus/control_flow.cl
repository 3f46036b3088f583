// Control flow: if/else chains, switch, loops of every shape, break and continue, nests.
// corpus: range=-500:500 n=16
kernel void if_else_chain(global int *a, global int *out) {
    size_t i = get_global_id(0);
    int x = a[i], r;
    if (x < -100) r = -x;
    else if (x < 0) r = x * 2;
    else if (x < 100) r = x + 7;
    else r = x / 3;
    out[i] = r;
}
kernel void switch_dense(global int *a, global int *out) {
    size_t i = get_global_id(0);
    int r;
    switch (a[i] % 9) { // (`& 7` makes the default unreachable, which llvm-spirv-15 asserts on)
    case 0: r = 1; break;
    case 1: r = a[i] * 3; break;
    case 2:
    case 3: r = -a[i]; break;
    case 5: r = a[i] ^ 0x55; break;
    default: r = 42;
    }
    out[i] = r;
}
kernel void for_sum(global int *a, global int *out, int n) {
    size_t i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < n; k++) s += a[i + k] * (k + 1);
    out[i] = s;
}
kernel void while_digits(global uint *a, global uint *out) {
    size_t i = get_global_id(0);
    uint x = a[i] & 0xFFFFF, s = 0;
    while (x != 0) { s += x % 10; x /= 10; }
    out[i] = s;
}
kernel void do_while_halve(global uint *a, global uint *out) {
    size_t i = get_global_id(0);
    uint x = (a[i] & 0xFFFF) | 1, steps = 0;
    do { x >>= 1; steps++; } while (x > 1);
    out[i] = steps;
}
kernel void break_first_negative(global int *a, global int *out, int n) {
    size_t i = get_global_id(0);
    int at = -1;
    for (int k = 0; k < n; k++) {
        if (a[i + k] < -300) { at = k; break; }
    }
    out[i] = at;
}
kernel void continue_odd(global int *a, global int *out, int n) {
    size_t i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < n; k++) {
        if (a[i + k] & 1) continue;
        s += a[i + k];
    }
    out[i] = s;
}
kernel void nested_loops(global int *a, global int *out, int n) {
    size_t i = get_global_id(0);
    int s = 0;
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < n; c++) s += a[i + c] * (r + 1) - c;
    out[i] = s;
}
kernel void loop_then_branch(global float *a, global float *out, int n) {
    size_t i = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < n; k++) s += a[i + k];
    out[i] = s > 0.0f ? s : -s * 0.5f;
}
