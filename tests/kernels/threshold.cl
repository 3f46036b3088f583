// Branches inside the work-item body: if-converted into a predicated store and a select.
kernel void threshold(global const int *a, global int *b, global int *count_hi, int t) {
    size_t i = get_global_id(0);
    int v = a[i];
    if (v > t) {
        b[i] = v - t;
    } else {
        b[i] = -v;
    }
    if ((v & 7) == 0)
        count_hi[i] = v * 3;
}
