// The square root core and the round-to-integral family, one of each per work-item.
kernel void fround(global const float *x, global float *sq, global float *fl, global float *ce,
                   global float *tr, global float *ri, global float *ro) {
    size_t i = get_global_id(0);
    float v = x[i];
    sq[i] = sqrt(v);
    fl[i] = floor(v);
    ce[i] = ceil(v);
    tr[i] = trunc(v);
    ri[i] = rint(v);
    ro[i] = round(v);
}
