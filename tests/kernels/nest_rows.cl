// A loop nest in one work-item whose outer body loads, stores and sums around the inner
// loop. Flattened, the block before the inner loop runs on each run's first iteration and
// the block after it on each run's last; the sum of every run is read after the nest.
kernel void nest_rows(global const int *start, global const int *a, global int *seen,
                      global int *out, global int *total, int rows, int cols) {
    int all = 0;
    for (int r = 0; r < rows; r++) {
        int base = start[r];
        seen[r] = base * 2;
        int s = r;
        for (int c = 0; c < cols; c++)
            s += a[base + c] * (c + 1);
        out[r] = s;
        all += s;
    }
    total[0] = all;
}
