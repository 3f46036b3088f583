// Double erf and erfc in hardware (hls_fp_erf64: log2 of the scaled erfc from a table of
// degree-8 interpolants, 2^T by the exponential's stages, 1 - or 2 - it; erf's series
// below 2^-3): within 0.51 ulp (OpenCL's bound: 16).
// tests/e2e.rs: double_erf_cosimulates_and_matches_pocl.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void double_erf(global const double *x, global double *e) {
    size_t i = get_global_id(0);
    e[2 * i + 0] = erf(x[i]);
    e[2 * i + 1] = erfc(x[i]);
}
