// Each run of the inner loop reads what the run before it stored: flattened, the store of
// one run must reach memory before the next run's loads of it.
kernel void nest_carry(global int *a, int n) {
    for (int i = 1; i < n; i++) {
        int s = 0;
        for (int j = 0; j < i; j++)
            s += a[j];
        a[i] += s;
    }
}
