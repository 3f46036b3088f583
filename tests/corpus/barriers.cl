// Work-group barriers (run by the software model; code generation refuses them): local
// memory written by one work-item and read by another after a barrier, a tree reduction
// with a barrier in a loop, and a barrier inside a helper function.
// corpus: global=64 local=16
kernel void exchange(global int *a, global int *out) {
    local int tmp[16];
    size_t l = get_local_id(0);
    tmp[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[15 - l] - tmp[(l + 1) % 16];
}
kernel void tree_sum(global int *a, global int *out) {
    local int s[16];
    size_t l = get_local_id(0);
    s[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = 8; stride > 0; stride >>= 1) {
        if (l < stride) s[l] += s[l + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = s[0] + (int)l;
}
static void publish(local int *buf, int v) {
    buf[get_local_id(0)] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
}
kernel void helper_barrier(global int *a, global int *out) {
    local int buf[16];
    size_t l = get_local_id(0);
    publish(buf, a[get_global_id(0)] * 3);
    int left = buf[(l + 15) % 16];
    barrier(CLK_LOCAL_MEM_FENCE);
    publish(buf, left);
    out[get_global_id(0)] = buf[(l + 2) % 16] ^ left;
}
