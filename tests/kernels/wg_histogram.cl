#define BINS 16
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void wg_histogram(__global const uint *in, __global uint *hist) {
    __local uint bins[BINS];
    uint l = get_local_id(0);
    if (l < BINS)
        bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[in[get_global_id(0)] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < BINS)
        atomic_add(&hist[l], bins[l]);
}
