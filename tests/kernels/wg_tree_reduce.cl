__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void wg_tree_reduce(__global const float *in, __global float *out) {
    __local float scratch[64];
    size_t l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = scratch[0];
}
