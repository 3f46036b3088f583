// mvt: x1 += A y1 and x2 += A^T y2, 32 x 32 floats, a work-item per row.
#define N 32
kernel void mvt(global const float *a, global const float *y1, global const float *y2,
                global float *x1, global float *x2) {
    int i = get_global_id(0);
    float s1 = x1[i], s2 = x2[i];
    for (int j = 0; j < N; j++) {
        s1 += a[i * N + j] * y1[j];
        s2 += a[j * N + i] * y2[j];
    }
    x1[i] = s1;
    x2[i] = s2;
}
