// args: compile {file} -o {out}
// Work-group barriers have no hardware yet: code generation refuses them by name, and the
// message points to the software model.
kernel void reverse(global float *a, local float *t) {
    size_t l = get_local_id(0), n = get_local_size(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[n - 1 - l];
}
