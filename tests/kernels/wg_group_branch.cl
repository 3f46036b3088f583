// A barrier in an `if` on the group id: every work-item of a group takes it alike, but the
// groups differ, so the groups cannot pass through the regions in batches.
__attribute__((reqd_work_group_size(16, 1, 1)))
__kernel void wg_group_branch(__global const int *in, __global int *out) {
    __local int t[16];
    int l = get_local_id(0);
    t[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = t[15 - l];
    if (get_group_id(0) & 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        t[l] = v + 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = t[(l + 3) & 15];
    }
    out[get_global_id(0)] = v;
}
