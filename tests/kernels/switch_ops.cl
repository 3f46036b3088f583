// switch statements: inside a pipelined work-item body (if-converted) and around a loop
// in one work-item (a multi-way branch of the control FSM).
// (Not `switch (op[i] & 7)`: llvm-spirv-15 asserts on the switch clang makes of that.)
kernel void switch_ops(global const int *op, global const int *x, global int *y,
                       global int *acc, int n) {
    size_t i = get_global_id(0);
    int v = x[i];
    int r;
    switch (op[i]) {
    case 0: r = v + 1; break;
    case 1: r = v * 3; break;
    case 2: r = v - 7; break;
    case 5: r = -v; break;
    default: r = v ^ 0x55; break;
    }
    y[i] = r;
    if (i == 0) {
        int s = 0;
        switch (n & 3) {
        case 0: for (int j = 0; j < n; j++) s += x[j]; break;
        case 1: for (int j = 0; j < n; j++) s += 2 * x[j]; break;
        default: s = n; break;
        }
        *acc = s;
    }
}
