// A search loop with `break`: two ways out of the loop into one block, and the iterations
// after the match never run.
kernel void find_first(global const int *a, global int *pos, int n, int key) {
    int found = -1;
    for (int i = 0; i < n; i++) {
        if (a[i] == key) {
            found = i;
            break;
        }
    }
    *pos = found;
}
