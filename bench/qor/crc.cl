// crc: CRC-32 (reflected, 0xEDB88320) of 256 bytes, bit by bit, one work-item.
#define N 256
kernel void crc(global const uchar *data, global uint *out) {
    uint c = 0xFFFFFFFFu;
    for (int i = 0; i < N; i++) {
        c ^= data[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    *out = ~c;
}
