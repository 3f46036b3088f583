// vadd on float16 vectors: each work-item moves one 512-bit beat of each buffer, so a
// 512-bit memory port is busy every cycle (the load-store units' bursts; bench/bandwidth.py).
kernel void vadd16(global const float16 *a, global const float16 *b, global float16 *c) {
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
