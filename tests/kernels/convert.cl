// Every int <-> float conversion the cores implement, at 8, 32 and 64 bits.
kernel void convert(global const float *x, global const long *k,
                    global int *to_i32, global uint *to_u32, global long *to_i64,
                    global char *to_i8, global float *from_i64, global float *from_u64,
                    global float *from_i32, global float *from_u8) {
    size_t i = get_global_id(0);
    float a = x[i];
    long b = k[i];
    to_i32[i] = (int)a;
    to_u32[i] = (uint)a;
    to_i64[i] = (long)a;
    to_i8[i] = (char)a;
    from_i64[i] = (float)b;
    from_u64[i] = (float)(ulong)b;
    from_i32[i] = (float)(int)b;
    from_u8[i] = (float)(uchar)b;
}
