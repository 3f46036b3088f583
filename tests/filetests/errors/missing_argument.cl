// args: sim {file} --global 16 --arg a=zeros:16 -o {out} --engine model
// sim without a value for every kernel argument.
kernel void vadd(global const float *a, global const float *b, global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
