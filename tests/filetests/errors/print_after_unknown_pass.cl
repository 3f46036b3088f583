// args: compile {file} --print-after inline -o {out}
// --print-after names a pass that does not exist: the message lists the passes.
kernel void vadd(global const float *a, global const float *b, global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
