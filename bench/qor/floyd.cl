// floyd-warshall: all-pairs shortest paths on 16 nodes (int distances), one work-item.
#define N 16
kernel void floyd(global int *d) {
    for (int k = 0; k < N; k++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                d[i * N + j] = min(d[i * N + j], d[i * N + k] + d[k * N + j]);
}
