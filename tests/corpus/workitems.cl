// The work-item built-ins in one and two dimensions.
// corpus: global=64 local=16
kernel void ids_1d(global uint *out) {
    size_t g = get_global_id(0);
    out[g] = (uint)(get_local_id(0) | get_group_id(0) << 8 | get_local_size(0) << 16 | get_num_groups(0) << 24);
    out[g + 64] = (uint)get_global_size(0) * 1000u + (uint)get_work_dim();
}
kernel void reverse_in_group(global int *a, global int *out) {
    size_t g = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    out[g] = a[get_group_id(0) * n + (n - 1 - l)];
}
