// The nearest of 4 centroids for each point of a 2-D grid, a work-item per point. Every
// work-item reads all the centroids, at the same 8 addresses: they are loaded once before
// the work-items, which then read them from registers and load only their own point.
#pragma OPENCL FP_CONTRACT OFF
#define K 4
kernel void nearest_centroid(global const float *p, global const float *c, global int *label) {
    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    float px = p[2 * i], py = p[2 * i + 1];
    float best = INFINITY;
    int arg = 0;
    for (int k = 0; k < K; k++) {
        float dx = px - c[2 * k], dy = py - c[2 * k + 1];
        float d = dx * dx + dy * dy;
        if (d < best) {
            best = d;
            arg = k;
        }
    }
    label[i] = arg;
}
