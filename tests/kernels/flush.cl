// Subnormals flushed to zero (`--denormals flush`; tests/e2e.rs:
// flushed_subnormals_cosimulate): each float and double arithmetic core that flushes, once.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void flush(global const float *a, global const float *b, global const float *c,
                  global float *y, global const double *da, global const double *db,
                  global double *dy) {
    size_t i = get_global_id(0);
    float x = a[i], z = b[i];
    y[6 * i + 0] = x * z;
    y[6 * i + 1] = x + z;
    y[6 * i + 2] = x - z;
    y[6 * i + 3] = x / z;
    y[6 * i + 4] = fma(x, z, c[i]);
    y[6 * i + 5] = sqrt(x);
    double p = da[i], q = db[i];
    dy[3 * i + 0] = p * q;
    dy[3 * i + 1] = p - q;
    dy[3 * i + 2] = fma(p, q, -p);
}
