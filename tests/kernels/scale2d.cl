// 2-D kernel: every work-item knows its (x, y) position.
kernel void scale2d(global const int *src, global int *dst, int width) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    int idx = y * width + x;
    dst[idx] = src[idx] * 3 + (x << 4) - y;
}
