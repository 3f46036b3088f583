// Common functions: clamp, mix, step, smoothstep-free subset, sign, radians/degrees.
// corpus: ulp=2
// ulp=2: mix(a, b, t) = a + (b - a) * t and degrees/radians are a multiply by a rounded
// constant; pocl and the model may evaluate them with one rounding more or less.
kernel void fclamp_sign_step(global float *a, global float *b, global float *out) {
    size_t i = get_global_id(0);
    out[i] = clamp(a[i], -10.0f, 10.0f) + sign(b[i]) + step(0.5f, a[i]);
}
kernel void mix_degrees(global float *a, global float *b, global float *out) {
    size_t i = get_global_id(0);
    out[i] = mix(a[i], b[i], 0.25f);
    out[i + 64] = degrees(a[i] * 0.01f);
    out[i + 128] = radians(b[i]);
}
