// float4 arithmetic, a splat and a swizzle: scalarized into four lanes.
kernel void vec4(global const float4 *a, global const float4 *b, global float4 *c, float s) {
    size_t i = get_global_id(0);
    float4 x = a[i];
    float4 y = b[i];
    c[i] = x * s + y.wzyx;
}
