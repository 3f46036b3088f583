// `local` pointer arguments: the host passes only a size (local.NAME elements, as
// clSetKernelArg(size, NULL)); each work-group gets its own local memory.
// corpus: global=64 local=16 local.tmp=16 local.acc=32
kernel void local_scratch(global int *a, local int *tmp, global int *out) {
    size_t l = get_local_id(0);
    tmp[l] = a[get_global_id(0)] * 3;
    out[get_global_id(0)] = tmp[l] + (int)l;
}
kernel void local_exchange(global float *a, local float *acc, global float *out) {
    size_t l = get_local_id(0);
    acc[l] = a[get_global_id(0)];
    acc[l + 16] = -a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = acc[15 - l] + acc[(l + 17) % 32];
}
