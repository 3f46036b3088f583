__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void wg_reverse(__global const int *in, __global int *out) {
    __local int tile[64];
    size_t l = get_local_id(0);
    size_t g = get_global_id(0);
    tile[l] = in[g] * 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = tile[63 - l] + (int)l;
}
