// C += A * B through memory, in integers: the block before the inner loop loads c[i][j]
// and the block after it stores c[i][j]. Each run touches its own element, which the
// dependence test across runs proves (j steps by one a run), so the nest is flattened.
kernel void nest_accumulate(global const int *a, global const int *b, global int *c, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int acc = c[i * n + j];
            for (int k = 0; k < n; k++)
                acc += a[i * n + k] * b[k * n + j];
            c[i * n + j] = acc;
        }
}
