// Float reductions for the reassociation tests (tests/float.rs): each work-item sums a
// row. With -cl-fast-relaxed-math or --fp-relaxed their loops issue one iteration per
// cycle; without, they run at the adder's latency and the sum is sequential.

// A dot product per row.
kernel void dot_rows(global const float *a, global const float *x, global float *y, int n) {
    size_t row = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < n; k++)
        s += a[row * n + k] * x[k];
    y[row] = s;
}

// Only the positive terms: the add is under a branch (a select after if-conversion).
kernel void sum_positive(global const float *a, global float *y, int n) {
    size_t row = get_global_id(0);
    float s = 1.5f;
    for (int k = 0; k < n; k++) {
        float v = a[row * n + k];
        if (v > 0.0f)
            s += v;
    }
    y[row] = s;
}

// An fma accumulation and a subtraction, and two accumulators in one loop.
kernel void moments(global const float *a, global float *y, int n) {
    size_t row = get_global_id(0);
    float s = 0.0f, q = 0.0f, neg = 0.0f;
    for (int k = 0; k < n; k++) {
        float v = a[row * n + k];
        s += v;
        q = fma(v, v, q);
        neg -= v;
    }
    y[3 * row] = s;
    y[3 * row + 1] = q;
    y[3 * row + 2] = neg;
}

// Double precision.
kernel void dsum(global const double *a, global double *y, int n) {
    size_t row = get_global_id(0);
    double s = 0.25;
    for (int k = 0; k < n; k++)
        s += a[row * n + k];
    y[row] = s;
}

// Not a reduction: the running value is scaled each iteration, so reordering would change
// it beyond rounding. It stays sequential whatever the options say.
kernel void decay(global const float *a, global float *y, int n) {
    size_t row = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < n; k++)
        s = s * 0.5f + a[row * n + k];
    y[row] = s;
}
