// gemm: C = A * B, 16 x 16 x 16 floats, one work-item (a triple loop).
#define N 16
kernel void gemm(global const float *a, global const float *b, global float *c) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float s = 0.0f;
            for (int k = 0; k < N; k++)
                s += a[i * N + k] * b[k * N + j];
            c[i * N + j] = s;
        }
}
