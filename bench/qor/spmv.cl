// spmv: y = A x with A in CSR form (64 rows, a varying number of entries per row), a
// work-item per row.
kernel void spmv(global const int *rowptr, global const int *col, global const float *val,
                 global const float *x, global float *y) {
    int r = get_global_id(0);
    float s = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++)
        s += val[k] * x[col[k]];
    y[r] = s;
}
