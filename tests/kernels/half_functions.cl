// The other unary half functions with a hardware path, over all 65,536 halves
// (tests/e2e.rs: half_functions_exhaustively): computed by the float cores and rounded
// once to half.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void half_functions(global const half *x, global half *o) {
    size_t i = get_global_id(0);
    half v = x[i];
    o[13 * i + 0] = tan(v);
    o[13 * i + 1] = expm1(v);
    o[13 * i + 2] = log1p(v);
    o[13 * i + 3] = sinh(v);
    o[13 * i + 4] = cosh(v);
    o[13 * i + 5] = tanh(v);
    o[13 * i + 6] = asin(v);
    o[13 * i + 7] = acos(v);
    o[13 * i + 8] = atan(v);
    o[13 * i + 9] = cbrt(v);
    o[13 * i + 10] = erf(v);
    o[13 * i + 11] = erfc(v);
    o[13 * i + 12] = rsqrt(v);
}
