// Vectors through a loop: a float4 accumulator carried across iterations, int4 compares
// feeding a select, a constant vector, and float3 elements that take the room of four.
kernel void vec_loop(global const float4 *a, global const int4 *m, global const float3 *b3,
                     global float4 *out4, int n) {
    size_t i = get_global_id(0);
    float4 acc = (float4)(0.5f, 1.0f, -1.0f, 2.0f);
    for (int j = 0; j < n; j++) {
        float4 v = a[i * n + j];
        int4 k = m[i * n + j];
        acc += select(v, -v, k > 0);
    }
    float3 t = b3[i];
    out4[i] = acc * 2.0f + (float4)(t.zyx, 1.0f);
}
