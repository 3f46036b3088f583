// args: sim {file} --global 100 --local 8 --arg a=zeros:100 --arg b=zeros:100 --arg c=zeros:100 -o {out}
// A global size that is not a multiple of the local size.
kernel void vadd(global const float *a, global const float *b, global float *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
