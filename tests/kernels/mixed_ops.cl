// Integer division and remainder, float compares, min/max/abs/clamp, copysign and
// int <-> float conversions in one pipelined work-item body.
kernel void mixed_ops(global const float *x, global const int *k,
                      global float *fout, global int *iout, global uint *uout) {
    size_t i = get_global_id(0);
    float a = x[i];
    int b = k[i];
    int d = (b % 7 == 0) ? 3 : b % 7;
    fout[4 * i + 0] = fmin(a, 1.5f);
    fout[4 * i + 1] = fmax(fabs(a), (float)b);
    fout[4 * i + 2] = clamp(a, -2.0f, 2.0f);
    fout[4 * i + 3] = (a < 0.25f) ? -a : copysign(a, -1.0f);
    iout[3 * i + 0] = (int)(a * 16.0f);
    iout[3 * i + 1] = b / d + (b ^ 1) % d;  // not b % d: llvm-spirv-15 rejects the freeze clang emits for div+rem pairs
    iout[3 * i + 2] = clamp(b, -100, 100) + abs(b) + min(b, 5) + max(b, -5);
    uout[i] = (uint)b / 3u + (uint)(a > 0.0f ? a : 0.0f) + (uint)((ulong)(uint)b % 10ul);
}
