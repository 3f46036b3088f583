// atax: y = A^T (A x), 16 x 16 floats, one work-item.
#define N 16
kernel void atax(global const float *a, global const float *x, global float *tmp,
                 global float *y) {
    for (int j = 0; j < N; j++)
        y[j] = 0.0f;
    for (int i = 0; i < N; i++) {
        float s = 0.0f;
        for (int j = 0; j < N; j++)
            s += a[i * N + j] * x[j];
        tmp[i] = s;
        for (int j = 0; j < N; j++)
            y[j] += a[i * N + j] * s;
    }
}
