// A single-work-item loop over global memory; UNROLL (a -D from the sweep) makes each
// iteration UNROLL loads of x and of y, sharing each buffer's one AXI read port.
#ifndef UNROLL
#define UNROLL 1
#endif
kernel void saxpy_loop(float alpha, global const float *restrict x,
                       global const float *restrict y, global float *restrict z) {
    #pragma unroll UNROLL
    for (int i = 0; i < 256; i++)
        z[i] = alpha * x[i] + y[i];
}
