// A data-dependent while loop per work-item: the trip count is only known as it runs.
kernel void collatz(global const uint *start, global uint *steps) {
    size_t i = get_global_id(0);
    uint x = start[i];
    uint n = 0;
    while (x > 1) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        n++;
    }
    steps[i] = n;
}
