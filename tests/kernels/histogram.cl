// One work-item counts values into bins: hist[idx[i]] is read and written at addresses
// only known at run time, so iteration i+1 may read what iteration i wrote.
kernel void histogram(global const int *idx, global int *hist, int n) {
    for (int i = 0; i < n; i++)
        hist[idx[i]] += 1;
}
