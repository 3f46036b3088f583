// args: compile {file} -o {out}
// A type error in OpenCL C: clang's own diagnostic is passed on.
kernel void bad(global float *a) {
    a[get_global_id(0)] = a;
}
