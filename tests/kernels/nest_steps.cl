// A while loop inside a for loop: its trip count is found as it runs (Collatz steps,
// capped), and its start comes from the outer loop's load.
kernel void nest_steps(global const int *start, global int *steps, int n) {
    for (int i = 0; i < n; i++) {
        int x = start[i];
        int k = 0;
        do {
            x = (x & 1) ? 3 * x + 1 : x >> 1;
            k++;
        } while (x != 1 && k < 64);
        steps[i] = k;
    }
}
