// args: compile {file} --kernel scale -o {out}
// A kernel name the module does not have: the diagnostic lists the ones it has.
kernel void vadd(global const float *a, global const float *b, global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
