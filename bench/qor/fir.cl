// fir: a 16-tap filter over 256 outputs (float), a work-item per output.
#define TAPS 16
kernel void fir(global const float *x, global const float *h, global float *y) {
    int i = get_global_id(0);
    float s = 0.0f;
    for (int t = 0; t < TAPS; t++)
        s += h[t] * x[i + t];
    y[i] = s;
}
