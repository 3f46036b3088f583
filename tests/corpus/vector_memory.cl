// vloadn / vstoren on scalar pointers and the half forms vload_halfn / vstore_halfn_rtz
// (half storage needs no cl_khr_fp16): exact, so bit for bit.
// corpus: std=CL1.2
kernel void vloads(global float *x, global float *y, global half *h, global float *z) {
    size_t i = get_global_id(0);
    float4 v = vload4(i, x);
    vstore4(v * 2.0f + (float4)(1.0f, 2.0f, 3.0f, 4.0f), i, y);
    vstore_half4_rtz(v, i, h);
    // Its own halves (h[4i], h[4i+1]): another work-item's would race with their store.
    float2 w = vload_half2(2 * i, h);
    vstore2(w, i, z);
}
kernel void int_vloads(global int *a, global short *s, global int *out) {
    size_t i = get_global_id(0);
    int3 v = vload3(i, a);
    short2 t = vload2(i, s);
    vstore3(v + (int3)(t.x, t.y, t.x * t.y), i, out);
}
