// Issue 38's second kernel: a single-work-item 16 x 16 x 16 float matrix multiply,
// C += A * B in a triple loop (its critical path ran from a loop's valid bit through
// control logic into an integer multiplier at 72 MHz).
kernel void matmul16(global const float *a, global const float *b, global float *c) {
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) {
            float acc = c[i * 16 + j];
            for (int k = 0; k < 16; k++)
                acc += a[i * 16 + k] * b[k * 16 + j];
            c[i * 16 + j] = acc;
        }
}
