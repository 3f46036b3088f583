// Atomic read-modify-writes from every work-item of a pipelined NDRange: a histogram, a
// maximum, a bit set and a counter; each update must see the ones before it.
kernel void atomics(global const int *idx, global int *hist, global uint *stats) {
    size_t i = get_global_id(0);
    int v = idx[i];
    atomic_add(&hist[v & 15], 1);
    atomic_max(&hist[16], v);
    atomic_min(&hist[17], v);
    atomic_or(&stats[0], 1u << (v & 31));
    atomic_inc(&stats[1]);
    atomic_cmpxchg(&stats[2], 0u, 7u);  // only the first succeeds: 7 whatever the order
}
