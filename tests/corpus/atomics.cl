// Atomics on global memory from every work-item: results independent of the order.
// corpus: range=0:1000
kernel void atomic_histogram(global uint *a, global uint *bins) {
    size_t i = get_global_id(0);
    atomic_inc(&bins[a[i] & 15]);
}
kernel void atomic_min_max_sum(global int *a, global int *stats) {
    size_t i = get_global_id(0);
    atomic_min(&stats[0], a[i]);
    atomic_max(&stats[1], a[i]);
    atomic_add(&stats[2], a[i]);
    atomic_or(&stats[3], 1 << (a[i] & 31));
}
