// tests/model_only: kernels the software model runs but code generation refuses (no cores
// for half arithmetic yet), kept out of tests/kernels, which must all compile.
// Half-precision arithmetic (cl_khr_fp16) and the half load/store built-ins. The software
// model runs it; the hardware cores are float-only so far.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void half_math(global half *a, global half *b, global half *out, global float *wide, global half *narrow) {
    size_t i = get_global_id(0);
    half x = a[i], y = b[i];
    out[i] = x * y + x / y - sqrt(fabs(x));
    wide[i] = vload_half(i, a) * 3.0f;
    vstore_half_rtz(wide[i] + 0.1f, i, narrow);
}
