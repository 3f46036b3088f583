// sobel: gradient magnitude |gx| + |gy| of a 32 x 32 int image, a work-item per
// interior pixel.
#define W 32
kernel void sobel(global const int *img, global int *out) {
    int x = get_global_id(0) + 1, y = get_global_id(1) + 1;
#define P(dx, dy) img[(y + (dy)) * W + x + (dx)]
    int gx = -P(-1, -1) - 2 * P(-1, 0) - P(-1, 1) + P(1, -1) + 2 * P(1, 0) + P(1, 1);
    int gy = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1);
    out[y * W + x] = abs(gx) + abs(gy);
}
