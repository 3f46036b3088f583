// In-place prefix sum in one work-item: iteration i reads what iteration i-1 wrote to the
// same buffer, a dependence through global memory.
kernel void prefix_inplace(global int *a, int n) {
    for (int i = 1; i < n; i++)
        a[i] += a[i - 1];
}
