// Every unary half operation with a hardware path, over all 65,536 halves
// (tests/e2e.rs: half_unary_operations_exhaustively): computed in float (the float cores)
// and rounded once to half.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void half_unary(global const half *x, global half *o) {
    size_t i = get_global_id(0);
    half v = x[i];
    o[16 * i + 0] = sqrt(v);
    o[16 * i + 1] = exp(v);
    o[16 * i + 2] = exp2(v);
    o[16 * i + 3] = exp10(v);
    o[16 * i + 4] = log(v);
    o[16 * i + 5] = log2(v);
    o[16 * i + 6] = log10(v);
    o[16 * i + 7] = sin(v);
    o[16 * i + 8] = cos(v);
    o[16 * i + 9] = floor(v);
    o[16 * i + 10] = ceil(v);
    o[16 * i + 11] = trunc(v);
    o[16 * i + 12] = rint(v);
    o[16 * i + 13] = round(v);
    o[16 * i + 14] = -v;
    o[16 * i + 15] = fabs(v);
}
