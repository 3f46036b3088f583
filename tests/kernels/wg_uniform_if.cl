__attribute__((reqd_work_group_size(32, 1, 1)))
__kernel void wg_uniform_if(__global const int *in, __global int *out, int mode) {
    __local int tile[32];
    int l = get_local_id(0);
    int g = get_global_id(0);
    int v = in[g];
    if (mode > 0) {
        tile[l] = v + mode;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = tile[31 - l];
    } else {
        tile[31 - l] = v * 2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = tile[l] - 1;
    }
    out[g] = v + (int)get_group_id(0);
}
