// CRC-32 of a byte stream, one byte per iteration: the eight bit steps unrolled make a ring
// of xor, shift and and that is longer than a clock period, so the recurrence needs two
// cycles although its operations have no latency (RecMII counts the chained logic).
kernel void crc_bytes(global const uchar *in, global uint *out, int n) {
    uint c = 0xffffffffu;
    for (int i = 0; i < n; i++) {
        c ^= in[i];
#pragma unroll
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    *out = ~c;
}
