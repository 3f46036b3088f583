// gesummv: y = alpha A x + beta B x, 32 x 32 floats, a work-item per row.
#define N 32
kernel void gesummv(global const float *a, global const float *b, global const float *x,
                    global float *y, float alpha, float beta) {
    int i = get_global_id(0);
    float sa = 0.0f, sb = 0.0f;
    for (int j = 0; j < N; j++) {
        sa += a[i * N + j] * x[j];
        sb += b[i * N + j] * x[j];
    }
    y[i] = alpha * sa + beta * sb;
}
