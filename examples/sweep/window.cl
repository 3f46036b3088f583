// Four reads of one on-chip array per iteration: banking (--banking infer) gives each its
// own bank; UNROLL (a -D from the sweep) asks for four times as many per iteration.
#ifndef UNROLL
#define UNROLL 1
#endif
kernel void window(global const float *restrict in, global float *restrict out) {
    float buf[256];
    for (int i = 0; i < 256; i++)
        buf[i] = in[i] + 0.5f;
    #pragma unroll UNROLL
    for (int i = 0; i < 64; i++)
        out[i] = (buf[4 * i] * buf[4 * i + 3]) - (buf[4 * i + 1] * buf[4 * i + 2]);
}
