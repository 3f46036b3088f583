// jacobi-2d: one 5-point step over a 32 x 32 grid, a work-item per interior point.
#define N 32
kernel void jacobi2d(global const float *a, global float *b) {
    int j = get_global_id(0) + 1, i = get_global_id(1) + 1;
    b[i * N + j] = 0.2f * (a[i * N + j] + a[i * N + j - 1] + a[i * N + j + 1] +
                           a[(i - 1) * N + j] + a[(i + 1) * N + j]);
}
