// histogram: 256 bins over 2048 bytes, one work-item (a read-modify-write per element).
#define N 2048
kernel void histogram(global const uchar *data, global int *hist) {
    for (int i = 0; i < N; i++)
        hist[data[i]] += 1;
}
