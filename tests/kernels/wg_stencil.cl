#define TX 8
#define TY 8
__attribute__((reqd_work_group_size(TX, TY, 1)))
__kernel void wg_stencil(__global const float *in, __global float *out, int w, int h) {
    __local float tile[TY + 2][TX + 2];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_global_id(1);
    // The tile and its one-pixel halo, clamped at the image's edges.
    for (int i = ly * TX + lx; i < (TX + 2) * (TY + 2); i += TX * TY) {
        int tx = i % (TX + 2), ty = i / (TX + 2);
        int gx = clamp((int)get_group_id(0) * TX + tx - 1, 0, w - 1);
        int gy = clamp((int)get_group_id(1) * TY + ty - 1, 0, h - 1);
        tile[ty][tx] = in[gy * w + gx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f;
    for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
            s += tile[ly + dy][lx + dx];
    out[y * w + x] = s * 0.125f;
}
