// y = alpha * x + y, with a scalar float argument.
kernel void saxpy(float alpha, global const float *x, global float *y) {
    size_t i = get_global_id(0);
    y[i] = alpha * x[i] + y[i];
}
