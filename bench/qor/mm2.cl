// 2mm: D = (A * B) * C, 8 x 8 floats, one work-item: two nests through a global temporary.
#define N 8
kernel void mm2(global const float *a, global const float *b, global const float *c,
                global float *tmp, global float *d) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float s = 0.0f;
            for (int k = 0; k < N; k++)
                s += a[i * N + k] * b[k * N + j];
            tmp[i * N + j] = s;
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float s = 0.0f;
            for (int k = 0; k < N; k++)
                s += tmp[i * N + k] * c[k * N + j];
            d[i * N + j] = s;
        }
}
