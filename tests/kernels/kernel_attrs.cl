// Kernel attributes read into the IR: reqd_work_group_size (the launch must use it) and
// work_group_size_hint; a const buffer (NoWrite).
__attribute__((reqd_work_group_size(16, 1, 1)))
__attribute__((work_group_size_hint(16, 1, 1)))
kernel void kernel_attrs(const global int *restrict a, global int *restrict out) {
    size_t i = get_global_id(0);
    out[i] = a[i] * (int)get_local_size(0) + (int)get_local_id(0);
}
