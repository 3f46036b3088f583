// jacobi-1d: 8 time steps of a 3-point average over 256 floats, one work-item, two
// buffers exchanged each step.
#define N 256
#define T 8
kernel void jacobi1d(global float *a, global float *b) {
    for (int t = 0; t < T; t++) {
        for (int i = 1; i < N - 1; i++)
            b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
        for (int i = 1; i < N - 1; i++)
            a[i] = 0.33333f * (b[i - 1] + b[i] + b[i + 1]);
    }
}
