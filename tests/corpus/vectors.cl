// Vector types of every length, scalarized by the frontend.
kernel void float2_ops(global float2 *a, global float2 *b, global float2 *out) {
    size_t i = get_global_id(0);
    out[i] = a[i] * b[i] + (float2)(1.0f, -1.0f);
}
kernel void int3_ops(global int *a, global int *out) {
    size_t i = get_global_id(0);
    int3 v = (int3)(a[3 * i], a[3 * i + 1], a[3 * i + 2]);
    int3 w = (v.zxy - v) * 3;
    out[3 * i] = w.x;
    out[3 * i + 1] = w.y;
    out[3 * i + 2] = w.z;
}
kernel void uint4_swizzle(global uint4 *a, global uint4 *out) {
    size_t i = get_global_id(0);
    uint4 v = a[i];
    out[i] = v.wzyx ^ (v.xxyy << 1);
}
kernel void int8_reduce(global int8 *a, global int *out) {
    size_t i = get_global_id(0);
    int8 v = a[i] & 0xFFFF;
    int4 s = v.lo + v.hi;
    out[i] = s.x + s.y + s.z + s.w;
}
kernel void float16_scale(global float16 *a, global float16 *out, float k) {
    size_t i = get_global_id(0);
    out[i] = a[i] * k - a[i].s0;
}
kernel void uchar4_pack(global uchar4 *a, global uint *out) {
    size_t i = get_global_id(0);
    uchar4 c = a[i];
    out[i] = (uint)c.x | (uint)c.y << 8 | (uint)c.z << 16 | (uint)c.w << 24;
}
