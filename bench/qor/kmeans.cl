// kmeans (assignment step): the nearest of 8 centroids in 4 dimensions for each of 256
// points, a work-item per point.
#define K 8
#define DIM 4
kernel void kmeans(global const float *p, global const float *c, global int *label) {
    int i = get_global_id(0);
    float best = INFINITY;
    int arg = 0;
    for (int k = 0; k < K; k++) {
        float d = 0.0f;
        for (int j = 0; j < DIM; j++) {
            float e = p[i * DIM + j] - c[k * DIM + j];
            d += e * e;
        }
        if (d < best) {
            best = d;
            arg = k;
        }
    }
    label[i] = arg;
}
