// The work-item built-ins over a two-dimensional range.
// corpus: global=16,4 local=4,2
kernel void ids_2d(global uint *out) {
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t i = y * get_global_size(0) + x;
    out[i] = (uint)(get_local_id(0) | get_local_id(1) << 4 | get_group_id(0) << 8 | get_group_id(1) << 12
                    | get_num_groups(0) << 16 | get_num_groups(1) << 20 | get_work_dim() << 24);
    out[i + 64] = (uint)(get_local_size(0) * 100 + get_local_size(1) * 10 + get_global_size(1));
}
kernel void transpose_tile(global int *a, global int *out) {
    size_t x = get_global_id(0), y = get_global_id(1);
    out[x * get_global_size(1) + y] = a[y * get_global_size(0) + x] * 2 + (int)get_work_dim();
}
kernel void linear_ids(global uint *out) {
    out[get_global_linear_id()] = get_global_offset(0) + get_global_offset(1) * 3
        + (uint)get_local_linear_id() * 1000 + (uint)get_enqueued_local_size(1) * 100000;
}
