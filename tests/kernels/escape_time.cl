// Escape time: a work-item per point of the plane iterates z = z^2 + c until |z| > 2 or
// 64 steps, a float recurrence in a loop whose trip count is only known as it runs.
// Unfused, so every operation is rounded once and pocl's counts are the hardware's. The
// test is `&`, not `&&`: one exit, as a loop the nest flattener takes (see issue 34's note).
#pragma OPENCL FP_CONTRACT OFF
kernel void escape_time(global const float *cx, global const float *cy, global int *steps) {
    size_t i = get_global_id(0);
    float a = cx[i], b = cy[i];
    float x = 0.0f, y = 0.0f;
    int n = 0;
    while ((n < 64) & (x * x + y * y <= 4.0f)) {
        float t = x * x - y * y + a;
        y = 2.0f * x * y + b;
        x = t;
        n++;
    }
    steps[i] = n;
}
