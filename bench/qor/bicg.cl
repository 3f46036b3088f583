// bicg: s = A^T r and q = A p, 16 x 16 floats, one work-item.
#define N 16
kernel void bicg(global const float *a, global const float *r, global const float *p,
                 global float *s, global float *q) {
    for (int j = 0; j < N; j++)
        s[j] = 0.0f;
    for (int i = 0; i < N; i++) {
        float acc = 0.0f;
        for (int j = 0; j < N; j++) {
            s[j] += r[i] * a[i * N + j];
            acc += a[i * N + j] * p[j];
        }
        q[i] = acc;
    }
}
