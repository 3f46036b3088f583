// 64-bit atomics (cl_khr_int64_base/extended_atomics) on global and on local memory.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
kernel void local_atomics64(global long *a, global long *out) {
    local long acc[4];
    size_t l = get_local_id(0);
    if (l < 4) acc[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(&acc[l & 3], a[get_global_id(0)]);
    atom_max(&acc[(l + 1) & 3], a[get_global_id(0)] >> 3);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 4) out[get_group_id(0) * 4 + l] = acc[l];
}
kernel void global_atomics64(global long *a, global ulong *out) {
    size_t i = get_global_id(0);
    atom_add(&out[i & 7], (ulong)a[i]);
    atom_xor(&out[8 + (i & 3)], (ulong)a[i] * 3);
    atom_min(&out[12], (ulong)a[i]);
}
