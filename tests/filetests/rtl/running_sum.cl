// tests/kernels/running_sum.cl as a SystemVerilog snapshot.
// One work-item walks the buffer: a loop-carried integer dependence.
kernel void running_sum(global const int *in, global int *out, global int *total, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        s += in[i];
        out[i] = s;
    }
    *total = s;
}
