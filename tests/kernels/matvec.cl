// One work-item per row with an inner loop: a floating-point recurrence (acc += ...)
// whose II is bounded by the adder latency.
kernel void matvec(global const float *m, global const float *v, global float *y, int n) {
    size_t row = get_global_id(0);
    float acc = 0.0f;
    for (int j = 0; j < n; j++)
        acc += m[row * n + j] * v[j];
    y[row] = acc;
}
