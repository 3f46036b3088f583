// blackscholes: call and put prices of 256 options (float), a work-item per option; the
// normal CDF from erfc.
kernel void blackscholes(global const float *s, global const float *k, global const float *t,
                         global float *call, global float *put, float r, float v) {
    int i = get_global_id(0);
    float sq = v * sqrt(t[i]);
    float d1 = (log(s[i] / k[i]) + (r + 0.5f * v * v) * t[i]) / sq;
    float d2 = d1 - sq;
    float n1 = 0.5f * erfc(-d1 * 0.70710678f), n2 = 0.5f * erfc(-d2 * 0.70710678f);
    float disc = k[i] * exp(-r * t[i]);
    call[i] = s[i] * n1 - disc * n2;
    put[i] = disc * (1.0f - n2) - s[i] * (1.0f - n1);
}
