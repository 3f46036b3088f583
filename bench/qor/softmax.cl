// softmax: each of 64 rows of 32 floats, a work-item per row: the maximum, the sum of
// exponentials, the quotients.
#define D 32
kernel void softmax(global const float *x, global float *y) {
    int r = get_global_id(0);
    float m = x[r * D];
    for (int j = 1; j < D; j++)
        m = fmax(m, x[r * D + j]);
    float s = 0.0f;
    for (int j = 0; j < D; j++)
        s += exp(x[r * D + j] - m);
    for (int j = 0; j < D; j++)
        y[r * D + j] = exp(x[r * D + j] - m) / s;
}
