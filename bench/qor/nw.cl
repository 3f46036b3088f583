// needleman-wunsch: the 32 x 32 alignment score matrix of two sequences (int), one
// work-item; row 0 and column 0 come initialised.
#define N 33
kernel void nw(global const int *s1, global const int *s2, global int *m) {
    for (int i = 1; i < N; i++)
        for (int j = 1; j < N; j++) {
            int match = m[(i - 1) * N + j - 1] + (s1[i - 1] == s2[j - 1] ? 2 : -1);
            int del = m[(i - 1) * N + j] - 1;
            int ins = m[i * N + j - 1] - 1;
            m[i * N + j] = max(match, max(del, ins));
        }
}
