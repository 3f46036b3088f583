// Generic pointers (OpenCL 2.0): helpers kept out of line take unqualified pointers and are
// called with global, local and private data; to_global casts one back. The frontend
// inlines them and resolves every generic pointer to the memory it was cast from.
__attribute__((noinline)) float sum3(const float *p) { return p[0] + p[1] + p[2]; }
__attribute__((noinline)) void put(float *p, float v) { *p = v; }
__attribute__((noinline)) void put_global(float *p, float v) { *to_global(p) = v; }

kernel void generic_ptrs(global const float *in, global float *out) {
    local float tile[64];
    float priv[3];
    size_t i = get_global_id(0), l = get_local_id(0);
    put(&tile[l], in[i] * 2.0f);
    priv[0] = in[i];
    priv[1] = 1.0f;
    put(&priv[2], tile[l]);
    put_global(out + i, sum3(in + i) + sum3(priv));
}
