// seidel-2d: one in-place 9-point Gauss-Seidel sweep over a 16 x 16 grid, one work-item
// (each point reads neighbours this sweep already updated).
#define N 16
kernel void seidel2d(global float *a) {
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
            a[i * N + j] = (a[(i - 1) * N + j - 1] + a[(i - 1) * N + j] + a[(i - 1) * N + j + 1] +
                            a[i * N + j - 1] + a[i * N + j] + a[i * N + j + 1] +
                            a[(i + 1) * N + j - 1] + a[(i + 1) * N + j] + a[(i + 1) * N + j + 1]) /
                           9.0f;
}
