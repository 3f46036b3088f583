#define TS 8
__attribute__((reqd_work_group_size(TS, TS, 1)))
__kernel void wg_tiled_matmul(__global const float *a, __global const float *b, __global float *c, int n) {
    __local float as[TS][TS];
    __local float bs[TS][TS];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < n / TS; t++) {
        as[ly][lx] = a[row * n + t * TS + lx];
        bs[ly][lx] = b[(t * TS + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++)
            acc += as[ly][k] * bs[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}
